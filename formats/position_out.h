/* SPDX-License-Identifier: MIT */
/*
 * position_out.h - a position as a text board for terminals, and as JSON.
 *
 * The JSON shape of `junqi-replay --format json` (docs/conventions.md):
 * {"source","game","ply":N,"to_move":"west"|null,"pieces":[{"square","seat","piece"},...],
 *  "eliminated":[seats],"result":null|{"winner","draw","reason","score"},
 *  "rules":"RULE STRING"}, where "score" ({"scoring":"qq","north":2,...}, score.h)
 * is there for rule sets with a platform scoring, and "rules" is the canonical
 * rule string (rules.h). Under mountain=shelter squares include bM and dM.
 */
#ifndef JUNQI_POSITION_OUT_H
#define JUNQI_POSITION_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "json.h"
#include "position.h"
#include "score.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Draw the board, south at the bottom, ranks down the left and files along
 * the bottom. Each point is a column of equal display width (Chinese names
 * count two columns per character): a piece is its seat's letter (N E S W)
 * and its name in `names`; an empty station is ".", camp "()", headquarters
 * "[]". A board with mountains (mountain=shelter) has their row, labelled
 * " M", between ranks 7 and 6 (bM under file b, dM under d; an empty
 * mountain "^^"), as position strings have it. With colour, pieces are also coloured by seat with ANSI escapes
 * (north yellow, east blue, south green, west magenta, as QQ's colours).
 */
void junqi_write_text_board(FILE *out, const junqi_position *pos, junqi_names names, bool colour);

/**
 * Probabilities of the kinds of hidden pieces, by point: p[point][kind]
 * (kind a junqi_piece), as junqi_infer_at() (infer.h) gives them; a point
 * whose entries are all 0 has none.
 */
typedef double junqi_point_probs[JUNQI_MAX_POINTS][JUNQI_PIECE_KINDS];

/**
 * junqi_write_text_board(), with every hidden piece that has probabilities
 * in probs (NULL: none) shown as its most likely kind, '?', and that
 * kind's probability in percent (at most 99): "司令?34", "Emarshal?34".
 */
void junqi_write_text_board_probs(FILE *out, const junqi_position *pos, junqi_names names, bool colour,
                                  const junqi_point_probs *probs);

/**
 * The lines under a text board: ply and seat to move, eliminated seats with
 * their reasons, the last move (last.from == JUNQI_NO_POINT: none) and its
 * outcome, and the result once the game is over.
 */
void junqi_write_text_status(FILE *out, const junqi_position *pos, size_t ply, junqi_move last,
                             junqi_outcome last_outcome);

/**
 * Inside an open JSON object, the key "score" and the score sc under rule
 * set rules' scoring: {"scoring":"qq","north":2,"east":-2,...}, one key per
 * seat scored. Writes nothing when the rule set has no scoring or the game
 * is not over.
 */
void junqi_write_score_json(junqi_json *j, const junqi_rules *rules, const junqi_score *sc);

/** The position as one JSON object (see the file comment). */
void junqi_write_position_json(junqi_json *j, const junqi_position *pos, size_t ply);

/**
 * As junqi_write_position_json() for a position of a record, naming where
 * the record came from first: {"source","game",...} (junqi_write_source_json).
 * This is the object `junqi-replay --format json` prints.
 */
void junqi_write_record_position_json(junqi_json *j, const char *source, size_t index,
                                      const junqi_position *pos, size_t ply);

/**
 * junqi_write_record_position_json(), with every hidden piece that has
 * probabilities in probs (NULL: none) given "p": {"marshal": 0.12, ...}:
 * the kinds it can be and their probabilities (summing to 1), likeliest
 * first, to six decimals (kinds whose probability rounds to 0 there are
 * left out). This is the object `junqi-replay --infer --format json` prints.
 */
void junqi_write_record_position_json_probs(junqi_json *j, const char *source, size_t index,
                                            const junqi_position *pos, size_t ply,
                                            const junqi_point_probs *probs);

/**
 * Inside an open object: the members "source" (the file name) and "game"
 * (the record's 1-based index in it, junqi_game.source_index; null if
 * unknown) that every JSON record of the tools starts with. Writes nothing
 * when source is NULL (a record made in memory).
 */
void junqi_write_source_json(junqi_json *j, const char *source, size_t index);

/**
 * A result as JSON: null while the game goes on (status JUNQI_ONGOING),
 * else {"winner","draw","reason"} (and "code" for an unknown platform
 * code), `present` the seats in the game (winner names a seat when two
 * seats play, else a team), and with sc (NULL: none) its "score" under
 * the scoring of `rules` (junqi_write_score_json).
 */
void junqi_write_result_json(junqi_json *j, const junqi_result *r, unsigned present,
                             const junqi_rules *rules, const junqi_score *sc);

/**
 * The winner of a decided game as text: the seat ("south") when two seats
 * played, else the team ("north-south" / "east-west"). NULL if not decided.
 * Static string.
 */
const char *junqi_result_winner(const junqi_position *pos);

/**
 * Result r of a game of the seats `present` in words, into buf (n bytes,
 * NUL-terminated; returns buf): "east-west won (flag captured)", "draw
 * (agreed draw)", "undecided (a seat fled)", a platform's unknown code with
 * its number ("north-south won (unknown code 6)", "undecided (unknown code
 * 7)"), no reason when there is none (a position string's end), or
 * "unfinished" for a game that is not over.
 */
char *junqi_result_describe(const junqi_result *r, unsigned present, char *buf, size_t n);

/** Display width in terminal columns of a UTF-8 string (CJK counts 2). */
int junqi_display_width(const char *s);

#ifdef __cplusplus
}
#endif

#endif
