/* SPDX-License-Identifier: MIT */
/*
 * html.h - a game as one self-contained HTML page to replay and study it in
 * a browser (junqi-render -o game.html): the board at any ply, drawn by the
 * renderer (draw.h) as inline SVG; the numbered move list with marks, NAG
 * glyphs, comments and variations; the arrows and marks of the comments on
 * the board; for annotated games the evaluation graph (click a move to go
 * there) and the summary per seat; the players, the result and the
 * platform score; for games with hidden pieces a view switcher (all
 * pieces, or what any seat knew, computed by the library) and, in a seat's
 * view, what each hidden piece can still be (infer.h) when the pointer is
 * over it; every point named in the players' terms (terms.h) under the
 * pointer; flip games (docs/flip.md) with their face-down backs, colours
 * and badges, each action and its events in the list, and all pieces or
 * the players' view. The page's words and status lines are in the
 * language of the messages (i18n.h), its pieces in the names' script.
 * Navigation: a click on a move or on the graph, ←/→, Home/End,
 * the slider; the ply and the view are in the URL fragment
 * (`#ply=40&view=south`) so that a link opens at a move.
 *
 * The page needs nothing else: no network, no external script, style
 * sheet, font or picture (the Chinese glyphs are outlines in the SVG; the
 * script is render/html.js, the style render/html.css, both written into
 * the page) and its Content-Security-Policy forbids loading anything.
 * docs/html.md describes it for users.
 */
#ifndef JUNQI_HTML_H
#define JUNQI_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "draw.h"
#include "game.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How a page is written. */
typedef struct junqi_html_options {
    junqi_render_options render;    /**< the board's picture: as junqi-render draws a PNG of the
                                         same options (the caption is left out: the page has its
                                         own) */
    const junqi_rules *rules;       /**< the rule set, or NULL for the record's */
    size_t ply;                     /**< the ply the page opens at (no #ply= in the URL), in
                                         the record's numbering: from its start (0, or a set
                                         position's ply) to the start plus its moves */
    int view;                       /**< the view it opens with: a seat, or JUNQI_NO_SEAT for
                                         all pieces (a seat with no view falls back to all) */
    bool inference;                 /**< work out what each hidden piece can be, per ply and
                                         seat (the hover text of seat views) */
    const junqi_notes *given;       /**< arrows and marks drawn at every ply (junqi-render's
                                         --arrow and --mark), or NULL */
    size_t illegal;                 /**< the record's first illegal move (from 1, as
                                         junqi_summary's), where the page stops: the positions
                                         after it never happened (docs/conventions.md); 0: none,
                                         the page shows the whole record */
} junqi_html_options;

/**
 * Write record g as one HTML page (UTF-8) to fp. g is settled first
 * (junqi_game_settle(), replay.h: the moves' seats and the result are the
 * replay's). Memory grows with the game (about 1 MB for 200 moves of a
 * four-player game). Returns false with a message in err (n bytes) when the
 * record cannot be replayed, drawing fails, or memory runs out; what was
 * written to fp is then incomplete (write through a temporary file).
 */
bool junqi_html_write(FILE *fp, junqi_game *g, const junqi_html_options *o, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
