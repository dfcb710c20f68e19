/* SPDX-License-Identifier: MIT */
/*
 * setup.h - the setup (formation) rules: what a seat's 30 arm points may hold
 * at the start of a game.
 *
 * Rules from docs/rules.md ("Shared by every rule set"): 25 pieces
 * in the listed numbers; the flag in one of the two headquarters; landmines
 * only in rows 5-6; no bomb in row 1 (unless the rule set's switch
 * bomb_front_row=allow, docs/variants.md); the five camps empty; every other
 * point holds one piece.
 */
#ifndef JUNQI_SETUP_H
#define JUNQI_SETUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "diag.h"
#include "piece.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One broken setup rule. row and col are 1-based in the owner's frame; both 0
 *  when the problem concerns the whole setup (a wrong count). */
typedef struct junqi_setup_problem {
    junqi_code code;   /**< JUNQI_CODE_PIECE_COUNT, _LANDMINE_ROW, _BOMB_FRONT_ROW,
                            _FLAG_NOT_IN_HEADQUARTERS, _PIECE_ON_CAMP, _EMPTY_POINT,
                            _UNKNOWN_PIECE */
    int row, col;
    junqi_piece piece; /**< the piece concerned */
    char message[160]; /**< English sentence, e.g. "wrong number of captains: 3 expected, found 4" */
} junqi_setup_problem;

/** More than the number of problems any setup can have. */
#define JUNQI_MAX_SETUP_PROBLEMS 64

/**
 * Check a setup: setup[row-1][col-1] holds junqi_piece codes (JUNQI_NONE for
 * empty points). Writes every problem into out[] (room for
 * JUNQI_MAX_SETUP_PROBLEMS), point problems in row-major order followed by
 * count problems in piece order, and returns how many there are (0: valid).
 */
int junqi_setup_check(const uint8_t setup[6][5], junqi_setup_problem *out);

/** As junqi_setup_check() under rule set r (NULL: the rules every named set shares, as
 *  junqi_setup_check()): its switch bomb_front_row=allow lets a bomb start in row 1. */
int junqi_setup_check_under(const uint8_t setup[6][5], const junqi_rules *r,
                            junqi_setup_problem *out);

/** Room for a setup in the layout notation: 6 rows of 5, '/'-separated, and a NUL. */
#define JUNQI_SETUP_TEXT 36

/**
 * Write a setup in the layout notation (the notation of the project's perft
 * data and of JGN setup tags): six rows separated by '/', front row first,
 * each row five symbols from the owner's left: the piece's rank-style name
 * (9 .. 1, B, L, F, ? for unknown) or '.' for an empty point. out gets
 * JUNQI_SETUP_TEXT bytes, NUL-terminated.
 */
void junqi_setup_format(const uint8_t setup[6][5], char out[JUNQI_SETUP_TEXT]);

/**
 * Read a setup in the layout notation (len bytes). Unknown pieces are not
 * accepted. Returns false, leaving setup partly filled, if the text is not
 * 6 rows of 5 symbols.
 */
bool junqi_setup_parse(const char *text, size_t len, uint8_t setup[6][5]);

/**
 * The piece kinds the setup rules allow at the start on (row, col) of an arm
 * (1-based, owner's frame), as a mask with bit k for junqi_piece k (flag ..
 * marshal): none on a camp; no landmine outside rows 5-6; no bomb in row 1;
 * the flag only on a headquarters (row 6, column 2 or 4). The one statement
 * of where each kind may start: junqi_setup_check() and the inference
 * (infer.h) both ask it.
 */
unsigned junqi_setup_allowed(int row, int col);

/** As junqi_setup_allowed() under rule set r (NULL: as junqi_setup_allowed()): a bomb may
 *  start in row 1 under bomb_front_row=allow. */
unsigned junqi_setup_allowed_under(const junqi_rules *r, int row, int col);

/**
 * Whether a piece of `seat` of kind `piece` may stand on point p of board b
 * in a position that a formation game under rule set r (NULL: the shared
 * rules) can reach. Landmines and the flag never move (rules.md, "Movement
 * limits"; no switch of the formation game changes that, variants.md), so
 * they stand where their seat placed them: on its own arm, where
 * junqi_setup_allowed_under() lets their kind start. Every other kind, and
 * JUNQI_UNKNOWN, may stand anywhere (the piece may have moved, or be any
 * kind). p must be a point of b. Flip games deal their pieces anywhere: this
 * is no rule of theirs.
 */
bool junqi_setup_may_stand(const junqi_board *b, const junqi_rules *r, int seat,
                           junqi_piece piece, int p);

#ifdef __cplusplus
}
#endif

#endif
