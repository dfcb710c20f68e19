/* SPDX-License-Identifier: MIT */
/*
 * posnote.h - the one-line position notation (docs/position.md).
 *
 *   RANKS TO-MOVE NO-COMBAT PLY ELIMINATED [RULES]
 *
 * RANKS lists the board's ranks from the top (rank 12 or 17) down, separated
 * by '/'; each rank gives its points from file a up, one symbol per point:
 * '.' for an empty point, else a piece symbol 9 8 7 6 5 4 3 2 1 (marshal ..
 * engineer), B (bomb), L (landmine), F (flag), ? (unknown), preceded by the
 * seat letter N, E, S or W whenever the owner differs from the previous
 * piece's. The number of ranks tells the board (12: two-player, 17:
 * four-player). TO-MOVE is n, e, s, w, or - once the game is over;
 * NO-COMBAT is the count of consecutive moves without combat; PLY the moves
 * played; ELIMINATED the seats out of the game (e.g. "ew") or -; RULES the
 * rule set when it is not the board's default.
 */
#ifndef JUNQI_POSNOTE_H
#define JUNQI_POSNOTE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The notation of pos as a new NUL-terminated string (the caller frees it),
 * or NULL when out of memory. Seats that are out (eliminated or left) are
 * listed as eliminated; the reasons are not part of the notation.
 */
char *junqi_pos_format(const junqi_position *pos);

/**
 * Parse a position string of len bytes (need not be NUL-terminated) into
 * *pos. Seats in the game are those with pieces and those listed as
 * eliminated; with two of them they are enemies, otherwise opposite seats are
 * partners. A finished game's result is derived: decided when one side is
 * left, drawn when the no-combat count has reached the rule set's limit,
 * else undecided. Returns false with one error in d (code "bad-position",
 * column = 1-based character of the problem, line 1) when the text is not a
 * valid position: wrong number of ranks or points in a rank, an unknown
 * symbol, a piece without a seat, more pieces of a kind than a seat has,
 * a seat to move that is not in the game, bad numbers, a RULES field that
 * is not a rule string of the board (junqi_rules_parse()'s message), and
 * what no game reaches because landmines and the flag never move: a shown
 * landmine or flag where its seat may not place it (junqi_setup_may_stand,
 * the setup rules of the position's rule set; at the piece), or a seat with
 * pieces and neither its flag nor a hidden piece where its flag may stand
 * (at the first such square). Hidden pieces are not limited otherwise.
 */
bool junqi_pos_parse(const char *text, size_t len, junqi_position *pos, junqi_diags *d);

/**
 * As junqi_pos_parse(), for a position that plays under rule set `under`
 * when its text has no RULES field (NULL, or a set of another board: the
 * board's default). The result of a finished position is derived under the
 * rule set it gets.
 */
bool junqi_pos_parse_under(const char *text, size_t len, const junqi_rules *under,
                           junqi_position *pos, junqi_diags *d);

/**
 * True if text (len bytes) looks like a position string: its first word has
 * 11 or 16 '/'. A NUL byte in it is passed over, for the reader to report
 * where it is (nul-byte) rather than call the text no format junqi reads.
 */
bool junqi_pos_detect(const char *text, size_t len);

#ifdef __cplusplus
}
#endif

#endif
