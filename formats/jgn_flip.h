/* SPDX-License-Identifier: MIT */
/*
 * jgn_flip.h - the JGN tokens and tags of flip games (docs/variants.md
 * §3.1, specified with examples in docs/jgn.md "Flip games"), for jgn.c's
 * reader and writer:
 *
 *   c8^r9  c8^       a flip, showing a red marshal; bare when a Deal says it
 *   c7>c8^b5         an attack on a face-down piece (attack_face_down=reveal):
 *                    the identity it revealed
 *   d4+d5            zuhe: an absorbing attack
 *   c5-c6@1  c5-c6@1L  zuhe: a part of a stack moves (the leader, then what
 *                    moves with it)
 *   colour:south:red after the action that assigned the colours
 *   drop:c5          carry_home: the carrier set the flag down on c5, the
 *                    point it left
 *
 * Move separators: - > < = as in every game, + an absorbing attack, x
 * unknown. Marks (! ? …) follow the whole action token.
 */
#ifndef JUNQI_JGN_FLIP_H
#define JUNQI_JGN_FLIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What junqi_jgn_flip_token() made of a token. */
typedef enum junqi_flip_token_kind {
    JUNQI_FLIP_TOKEN_ERROR = -1, /**< a flip token, malformed: msg and *at say why and where */
    JUNQI_FLIP_TOKEN_NONE = 0,   /**< not a flip token (the reader tries its other forms) */
    JUNQI_FLIP_TOKEN_ACTION,     /**< an action: *it filled (kind, move, flip, shown, outcome,
                                      part); *used bytes read (a mark may follow) */
    JUNQI_FLIP_TOKEN_EVENT       /**< colour: or drop: applied to *last */
} junqi_flip_token_kind;

/**
 * Read the movetext token s (n bytes) of a flip game on board b. `it` is a
 * fresh move item (game.h) to fill; `last` the line's last item when it is
 * a move, else NULL (colour: and drop: need one). `deal` is the record's
 * Deal (flip_deal.h) or NULL: a face-down piece never moves, so a flip
 * shows the piece dealt on its point, and a bare flip `c8^` takes it; a
 * flip or revealing attack that names another identity is an error. On
 * error, msg (msgn bytes) gets an English sentence and *at the byte offset
 * in s of the problem.
 */
junqi_flip_token_kind junqi_jgn_flip_token(const junqi_board *b, const uint8_t *deal, const char *s, size_t n,
                                           junqi_item *it, junqi_item *last, size_t *used, char *msg,
                                           size_t msgn, size_t *at);

/**
 * The part of a zuhe group that action item `it` moves (it->part set), as
 * its token writes it after the squares: "@1", "@1L", "@2B" (the leader's
 * symbol, then what moves with it), into buf. Returns buf.
 */
char *junqi_jgn_flip_part_text(const junqi_item *it, char buf[12]);

/**
 * The canonical text of a flip game's action item (without its number and
 * marks) into buf (n bytes): "c8^r9", "c7>c8^b5", "d4+d5", "c5-c6@1L".
 * Returns buf.
 */
char *junqi_jgn_flip_action_text(const junqi_board *b, const junqi_item *it, char *buf, size_t n);

/**
 * The event tokens that follow action item `it` in canonical order, each
 * NUL-terminated in tok[k] (room for 2 of 32 bytes): drop:SQ, then
 * colour:SEAT:COLOUR. Returns how many.
 */
int junqi_jgn_flip_events(const junqi_board *b, const junqi_item *it, char tok[2][32]);

/**
 * Apply a flip game's tag to g: Deal (the deal notation, flipnote.h) and
 * Position when its value is a flip position. Returns false when the tag
 * is neither (the reader handles it); true when it took it, with msg ""
 * or, when the value is bad, an English sentence (msgn bytes) and in
 * *column the character of the value it is about (from 1; 0: none), where
 * the reader puts its caret.
 */
bool junqi_jgn_flip_tag(junqi_game *g, const char *name, const char *value, char *msg, size_t msgn, int *column);

#ifdef __cplusplus
}
#endif

#endif
