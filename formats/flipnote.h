/* SPDX-License-Identifier: MIT */
/*
 * flipnote.h - the text forms of flip games' deals and positions
 * (docs/variants.md §3.1-§3.2; specified with examples in docs/position.md
 * "Flip positions" and docs/jgn.md "Flip games").
 *
 * Deal (the JGN Deal tag): the points from rank 12 to rank 1, files a to e,
 * '/' between ranks; '.' a camp, else a piece symbol (9 … 1, B, L, F)
 * preceded by its colour letter r or b whenever the colour differs from the
 * previous piece's (a running state through the whole string: '/' and '.'
 * do not reset it; the first piece always has its letter).
 *
 * Position:  RANKS TO-MOVE NO-COMBAT PLY COLOURS REMOVED RULES
 *  RANKS    as the deal, '.' being any empty point, and for each piece:
 *           SYM a face-up piece; *SYM a face-down piece whose identity is
 *           known; *? a face-down piece of known colour (its back shows it)
 *           and unknown identity; # a face-down piece of unknown colour and
 *           identity (no colour letter). A face-up piece may be followed by
 *           its load: (SYMS) what it carries (L, B, F), and _r or _b a flag
 *           of that colour lying under it (neither changes the running
 *           colour).
 *  TO-MOVE  s or n; once the game is over -s or -n (that seat won) or -=.
 *  NO-COMBAT, PLY  numbers: actions since the last removal, actions played.
 *  COLOURS  sr or sb once assigned (south's colour; north has the other);
 *           before: - when nobody has flipped, else ?ABCDE: A the first
 *           flipper (s/n), B its first flip's colour (r/b), C and D the
 *           colours of south's and north's latest flips (r, b, - none), E
 *           the latest flipper.
 *  REMOVED  the pieces removed from the game, as colour letters and symbols
 *           (red first, each colour's symbols in the order 9 … 1 B L F), or -.
 *  RULES    the flip rule set's rule string (rules.h), canonical when written.
 */
#ifndef JUNQI_FLIPNOTE_H
#define JUNQI_FLIPNOTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "flip.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Room for a deal's text: 60 points, 50 colour letters at most, 11 '/', NUL. */
#define JUNQI_FLIP_DEAL_TEXT 128

/** Write deal (flip_deal.h) in the deal notation into out (JUNQI_FLIP_DEAL_TEXT bytes). Returns out. */
char *junqi_flip_deal_format(const uint8_t deal[JUNQI_MAX_POINTS], char *out);

/**
 * Read a deal of len bytes into deal[] (JUNQI_MAX_POINTS). Returns false
 * with an English sentence in msg (n bytes) and the 0-based byte of the
 * problem in *at when the text is not 12 ranks of 5 points of symbols.
 * The counts and the camps are junqi_flip_deal_check()'s.
 */
bool junqi_flip_deal_parse(const char *text, size_t len, uint8_t deal[JUNQI_MAX_POINTS], char *msg, size_t n,
                           size_t *at);

/** The position in the notation as a new string (the caller frees it), or NULL when out of memory. */
char *junqi_flip_pos_format(const junqi_flip *pos);

/**
 * Read a position string of len bytes into *pos. Returns false with one
 * error in d (code "bad-position", line 1, column = the 1-based character of
 * the problem) when the text is not a flip position: a rank of the wrong
 * length, an unknown symbol, a piece without a colour, a load on a
 * face-down piece or one no group can carry, more pieces of a kind than a
 * colour has (board and removed together), a seat to move or a result
 * that is not s, n, -s, -n, -=, bad counters or colours, an unknown rule set
 * or one that is not a flip rule set. The pools follow from the board and
 * REMOVED (flip.h); the result's reason is not part of the notation.
 */
bool junqi_flip_pos_parse(const char *text, size_t len, junqi_flip *pos, junqi_diags *d);

/**
 * True if text (len bytes) looks like a flip position string: 12 ranks, and
 * a symbol of the flip notation only (r b * # ( _) or a last word that is a
 * flip rule set. A NUL byte is part of a word (and none of those symbols),
 * for the reader to report where it is (nul-byte).
 */
bool junqi_flip_pos_detect(const char *text, size_t len);

#ifdef __cplusplus
}
#endif

#endif
