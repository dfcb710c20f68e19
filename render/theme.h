/* SPDX-License-Identifier: MIT */
/*
 * theme.h - colours and fonts of the pictures, as data.
 *
 * A theme is a static struct of colours (sRGB, each channel 0..1) and font
 * families; nothing here depends on cairo, so other drawings (the evaluation
 * graph of junqi-analyze) can share it. Two themes exist: "classic", a
 * printed board (cream paper, black-and-white dashed railways, QQ's seat
 * colours on the four-player board, red against blue on the two-player
 * board), and "contrast", safe for colour-blind readers: seat colours from
 * the Okabe-Ito palette that also differ in lightness, and every tile marked
 * with its seat's letter, so seats are told apart by more than hue.
 */
#ifndef JUNQI_RENDER_THEME_H
#define JUNQI_RENDER_THEME_H

#include <stdbool.h>

#include "board.h"
#include "piece.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A colour: sRGB channels 0..1, alpha 0..1 (1 = opaque). */
typedef struct junqi_rgba {
    double r, g, b, a;
} junqi_rgba;

/** What a seat's tiles look like. */
typedef struct junqi_seat_style {
    junqi_rgba fill;   /**< the tile's face */
    junqi_rgba edge;   /**< its border and the pattern of its back */
    junqi_rgba text;   /**< the piece name on the face */
} junqi_seat_style;

/** A theme; see the file comment. Static data: never freed or changed. */
typedef struct junqi_theme {
    const char *name;            /**< "classic", "contrast" */
    const char *font;            /**< pango family list for names and captions */
    const char *label_font;      /**< pango family list for coordinates and rank numbers */
    junqi_rgba background;       /**< around the board and under the caption */
    junqi_rgba paper;            /**< the board itself */
    junqi_rgba paper_edge;       /**< the board's frame */
    junqi_rgba centre;           /**< the four-player centre (九宫) and the two-player front */
    junqi_rgba road;             /**< roads (公路) and station outlines */
    junqi_rgba rail_outer;       /**< the railway's body */
    junqi_rgba rail_inner;       /**< the dashes along the railway's middle */
    junqi_rgba station;          /**< inside of an empty station */
    junqi_rgba camp;             /**< inside of a camp (行营) */
    junqi_rgba camp_edge;        /**< a camp's circle */
    junqi_rgba hq;               /**< inside of a headquarters (大本营) */
    junqi_rgba hq_edge;          /**< a headquarters' shield outline */
    junqi_rgba mountain;         /**< the two-player board's mountains (山界) */
    junqi_rgba mountain_edge;
    junqi_rgba label;            /**< coordinates and caption text */
    junqi_rgba last_move;        /**< highlight of the last move's points and its arrow */
    junqi_rgba arrow;            /**< default colour of --arrow */
    junqi_rgba mark;             /**< default colour of --mark */
    junqi_rgba badge;            /**< the combat-outcome badge's disc */
    junqi_rgba badge_text;
    junqi_seat_style two_player[JUNQI_SEATS];  /**< seat styles on the two-player board */
    junqi_seat_style four_player[JUNQI_SEATS]; /**< seat styles on the four-player board */
    junqi_seat_style flip[3];    /**< flip games (docs/flip.md): red, blue (a junqi_colour), and
                                      the back of a piece whose colour is not known */
    bool seat_letters;           /**< mark every tile with its seat's letter (N E S W) */
} junqi_theme;

/** The theme named `name`, or NULL when there is none. */
const junqi_theme *junqi_theme_get(const char *name);

/** The default theme ("classic"). Never NULL. */
const junqi_theme *junqi_theme_default(void);

/**
 * All theme names as a list of alternatives for messages ("classic or
 * contrast", junqi_i18n_alternatives). A static string of the calling thread,
 * rewritten by the next call.
 */
const char *junqi_theme_names(void);

/** The style of seat s's tiles on a board of the given kind. s must be a seat (0..3). */
const junqi_seat_style *junqi_theme_seat(const junqi_theme *t, junqi_board_kind board,
                                         junqi_seat s);

/**
 * Every colour of the theme, each once (alpha ignored): up to `max` are
 * written to out. Returns how many there are. Used to build a fixed
 * palette (GIF) in which the theme's own colours are exact.
 */
int junqi_theme_colours(const junqi_theme *t, junqi_rgba *out, int max);

/**
 * Parse a colour: a name (red, green, blue, yellow, orange, purple, black,
 * white, grey/gray, cyan, magenta, pink, brown) or #RRGGBB / #RRGGBBAA.
 * Returns false (and leaves *out unchanged) if the text is neither.
 */
bool junqi_colour_parse(const char *text, junqi_rgba *out);

#ifdef __cplusplus
}
#endif

#endif
