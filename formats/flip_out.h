/* SPDX-License-Identifier: MIT */
/*
 * flip_out.h - a flip position as a text board for terminals and as JSON
 * (what position_out.h does for the formation game; docs/variants.md §3).
 *
 * Text: each point a column of equal display width. A face-up piece is its
 * colour's capital letter (R red, B blue) and its name in `names`; a
 * face-down piece is the small letter (r, b) and its name when the position
 * knows it, else 暗 (the back: r暗, b暗, or ?暗 when not even its colour is
 * known); what a piece carries follows in parentheses in rank symbols, as
 * in the position notation, and a flag lying under it as _r or _b. Empty
 * points as the formation board: ".", "()" for a camp, "[]" for a
 * headquarters. With colour, ANSI red and blue, face-down pieces dim.
 *
 * JSON: {"ply","to_move","colours":{"south","north"},"face_down":N,
 *  "pieces":[{"square","seat","colour","piece","face_down","carries":[...],
 *  "flag_under"}],"removed":{"red":{kind:n},"blue":{...}},"result","rules"}
 *  where
 *  seat is the colour's seat (null while unassigned), colour null and piece
 *  "unknown" when not known, carries the carried pieces (absent when none),
 *  flag_under the colour of a flag lying under the piece (absent when none),
 *  result as junqi_write_position_json's and rules the canonical rule
 *  string (as the formation game's "rules").
 */
#ifndef JUNQI_FLIP_OUT_H
#define JUNQI_FLIP_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "flip.h"
#include "flip_search.h"
#include "json.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Draw the board, south at the bottom (see the file comment). */
void junqi_flip_write_text_board(FILE *out, const junqi_flip *pos, junqi_names names, bool colour);

/**
 * The lines under a text board: the ply and seat to move, the colours (or
 * that none is assigned yet), the no-combat count, pieces face down and
 * removed, the last action (has_last false: none) with its outcome and what
 * it showed, and the result once the game is over.
 */
void junqi_flip_write_text_status(FILE *out, const junqi_flip *pos, bool has_last, junqi_action last,
                                  int outcome, uint8_t shown);

/** The position as one JSON object (see the file comment). */
void junqi_flip_write_position_json(junqi_json *j, const junqi_flip *pos);

/**
 * As junqi_flip_write_position_json() for a position of a record, naming
 * where the record came from first: {"source","game",...}
 * (junqi_write_source_json; nothing when source is NULL). This is the
 * object `junqi-replay --format json` prints for a flip record.
 */
void junqi_flip_write_record_position_json(junqi_json *j, const char *source, size_t index,
                                           const junqi_flip *pos);

/**
 * Write the text of action a into buf (n bytes): "c8^r9" for a flip that
 * showed `shown` ("c8^" when 0), else the move in the JGN form of
 * jgn_flip.h with outcome `outcome`. Returns buf.
 */
char *junqi_flip_action_name(const junqi_flip *pos, junqi_action a, int outcome, uint8_t shown, char *buf,
                             size_t n);

/**
 * The result of a flip search (flip_search.h) for `junqi-analyze --go`: in
 * text, "bestmove", "winprob" (the expected win probability of the seat to
 * move), "eval" (the same on the evaluation's centi-material scale), "pv",
 * "depth", "nodes", then with multipv > 1 the best `multipv` actions with
 * their values; or the result when the game is over.
 */
void junqi_flip_write_go_text(FILE *out, const junqi_flip *pos, const struct junqi_flip_search_result *res,
                              int multipv);

/** The same as one JSON object: {"bestmove","result","reason","winprob","eval","pv","depth","nodes",
 *  "to_move","actions":[{"action","winprob"}...]} (the best `multipv`, at least one). */
void junqi_flip_write_go_json(junqi_json *j, const junqi_flip *pos, const struct junqi_flip_search_result *res,
                              int multipv);

#ifdef __cplusplus
}
#endif

#endif
