/* SPDX-License-Identifier: MIT */
/*
 * movegen.h - legal moves, and why a move is illegal.
 *
 * Movement rules from docs/boards.md ("Movement, on both boards")
 * and docs/rules.md ("Shared by every rule set"): road steps (camp
 * diagonals included); non-engineers run any distance along one straight
 * railway line (arcs count as straight) through empty points; engineers
 * follow any railway path through empty points; landmines, flags and any
 * piece on a headquarters never move; a camp holds one piece and its piece
 * cannot be attacked; a seat never attacks its own or an ally's piece.
 * An unknown piece (in a seat's view) may be anything that moves, so it
 * may move as an engineer does.
 *
 * The rule set's movement switches (docs/variants.md "Switches"):
 * bomb_moves=engineer (a bomb flies as an engineer), rail_mode=one_turn (a
 * railway path that changes direction at most once, at an empty point) and
 * rail_mode=three_steps (at most three railway edges, any direction) for
 * every other non-engineer, hq_locks=off (pieces leave headquarters), and
 * mountain=shelter (a piece on a mountain's ring steps into it when it is
 * empty, and out onto an empty ring point; no attack into or out of it).
 */
#ifndef JUNQI_MOVEGEN_H
#define JUNQI_MOVEGEN_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Room a move list needs: more than any position can have. */
#define JUNQI_MAX_MOVES 1024

/**
 * Write the legal moves of the seat to move into moves[] (room for
 * JUNQI_MAX_MOVES) and return how many there are; 0 when the game is over.
 * Order: by from-point, then road steps, then railway targets. A seat with
 * no legal move is not eliminated here (see junqi_perft and the replay).
 */
int junqi_generate_moves(const junqi_position *pos, junqi_move *moves);

/**
 * The moves seat s could make if it were its turn. With camps_attackable,
 * enemy pieces in camps count as targets too: QQ's own "no movable piece"
 * check works so (rules.md, "Game end"). Returns the count.
 */
int junqi_generate_seat_moves(const junqi_position *pos, int s, bool camps_attackable,
                              junqi_move *moves);

/** True if seat s has at least one move (see junqi_generate_seat_moves). */
bool junqi_seat_can_move(const junqi_position *pos, int s, bool camps_attackable);

/** Why a move is illegal. */
typedef enum junqi_illegal {
    JUNQI_LEGAL = 0,
    JUNQI_ILLEGAL_GAME_OVER,      /**< the game has ended */
    JUNQI_ILLEGAL_NO_PIECE,       /**< nothing stands on the from-point */
    JUNQI_ILLEGAL_NOT_TURN,       /**< the piece is not the seat to move's */
    JUNQI_ILLEGAL_IMMOBILE,       /**< a landmine or flag */
    JUNQI_ILLEGAL_HEADQUARTERS,   /**< the piece stands on a headquarters */
    JUNQI_ILLEGAL_SAME_POINT,     /**< from and to are the same point */
    JUNQI_ILLEGAL_OWN_PIECE,      /**< the target holds the mover's own piece */
    JUNQI_ILLEGAL_ALLY_PIECE,     /**< the target holds an ally's piece */
    JUNQI_ILLEGAL_CAMP,           /**< the target is a camp with a piece in it */
    JUNQI_ILLEGAL_RAIL_TURN,      /**< a non-engineer would have to turn (at .at) */
    JUNQI_ILLEGAL_RAIL_BLOCKED,   /**< the railway is blocked (at .at) */
    JUNQI_ILLEGAL_NOT_CONNECTED,  /**< no road step and no railway line joins the points */
    JUNQI_ILLEGAL_RAIL_STEPS,     /**< rail_mode=three_steps: more than three railway edges */
    JUNQI_ILLEGAL_RAIL_TURNS,     /**< rail_mode=one_turn: every clear path turns twice or more */
    JUNQI_ILLEGAL_MOUNTAIN_ATTACK,/**< the target is a mountain with a piece in it */
    JUNQI_ILLEGAL_FROM_MOUNTAIN   /**< a piece in a mountain attacks */
} junqi_illegal;

/** Details of an illegal move. */
typedef struct junqi_move_check {
    junqi_illegal code;
    uint8_t at; /**< the turning or blocking point, or JUNQI_NO_POINT */
} junqi_move_check;

/**
 * Check move m for the seat to move. Returns JUNQI_LEGAL or the first
 * reason it is illegal, with the point where a railway run turns or is
 * blocked in check->at (check may be NULL). Points must be on the board.
 */
junqi_illegal junqi_check_move(const junqi_position *pos, junqi_move m, junqi_move_check *check);

/**
 * A one-line English explanation of an illegal move for diagnostics, e.g.
 * "lieutenant cannot turn at g7 on the way from g5 to h7", written into buf
 * (n bytes, always NUL-terminated). Returns buf.
 */
char *junqi_describe_illegal(const junqi_position *pos, junqi_move m,
                             const junqi_move_check *check, char *buf, size_t n);

/**
 * The diagnostic code of an illegal move (JUNQI_CODE_RAIL_TURN, …; the table
 * is diag.h's), or JUNQI_CODE_COUNT for JUNQI_LEGAL.
 */
junqi_code junqi_illegal_code(junqi_illegal code);

/** Write "h5-h6" into buf (8 bytes). Returns buf. */
char *junqi_move_name(const junqi_board *b, junqi_move m, char buf[8]);

/** Parse "h5-h6" (len bytes). Returns false if either square is not on board b. */
bool junqi_move_parse(const junqi_board *b, const char *text, size_t len, junqi_move *m);

#ifdef __cplusplus
}
#endif

#endif
