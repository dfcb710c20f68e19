/* SPDX-License-Identifier: MIT */
/*
 * draw_parts.h - pieces of draw.c's drawing that flip_draw.c shares, so that
 * a flip game's tiles, highlights, arrows and badges are drawn by the same
 * code, at the same pixels, as the formation game's (draw.h's design note).
 * Internal to the render library: not installed, not in render.h, and its
 * functions are not exported by libjunqi-render.so (hidden). All
 * coordinates are pixels of the renderer's geometry; every function draws
 * onto cr and leaves its state.
 */
#ifndef JUNQI_RENDER_DRAW_PARTS_H
#define JUNQI_RENDER_DRAW_PARTS_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

#include "draw.h"

#ifdef __cplusplus
extern "C" {
#endif

#pragma GCC visibility push(hidden)

/** A whole tile in style st, centred on the origin: its face, or its back for JUNQI_UNKNOWN,
 *  with a corner letter (NULL: none). */
void junqi_draw_tile_shape(const junqi_renderer *r, cairo_t *cr, const junqi_seat_style *st,
                           const char *letter, junqi_piece p);

/** Caption text centred on (x, y) at px pixels in the theme's font, shrunk to max_w; returns its width. */
double junqi_draw_label(const junqi_renderer *r, cairo_t *cr, double px, const char *text, double x, double y,
                        junqi_rgba colour, double max_w);

/**
 * The n texts entry[0..n-1] (n <= 4), sep between each two, as one line of caption text centred on
 * (x, y) at px pixels in the theme's font and label colour, within room pixels: shrunk to fit down
 * to three quarters of px, no further; beyond that the widest entries are cut short (…) to one
 * width and the narrow ones kept whole, so that long players' names neither shrink the line away
 * nor push the other seat's entry out. Returns the line's width, pixels.
 */
double junqi_draw_entries(const junqi_renderer *r, cairo_t *cr, double px, const char *const entry[], int n,
                          const char *sep, double x, double y, double room);

/** End buf, n bytes that a snprintf() cut short (filled to n - 1 bytes), with "…" after the last
 *  whole grapheme that leaves it room (Pango's cursor positions: a letter keeps its accents, an
 *  emoji sequence stays whole), so that a caption's name cut there does not pass for a whole
 *  shorter name; text that is not UTF-8 is cut between bytes. */
void junqi_draw_end_cut(char *buf, size_t n);

/** The tile-sized box round point p, grown by `grow` pixels, filled with colour. */
void junqi_draw_glow(const junqi_renderer *r, cairo_t *cr, int p, double grow, junqi_rgba colour);

/** The arrow of a move from one point to another, ending at the edge of the tile that scene s
 *  shows on `to` (short of the point's middle when it shows none there, or s is NULL). */
void junqi_draw_arrow_between(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s, int from, int to,
                              junqi_rgba colour);

/** Scene s's arrows and marks (its notes; NULL: none), the arrows ending as junqi_draw_arrow_between()'s. */
void junqi_draw_notes(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s);

/** A disc of radius rad at (x, y) with short text: the combat badge's shape. */
void junqi_draw_disc(const junqi_renderer *r, cairo_t *cr, double x, double y, double rad, const char *text,
                     junqi_rgba fill, junqi_rgba ink);

/** A pill h pixels high centred on (x, y) round short text. */
void junqi_draw_pill(const junqi_renderer *r, cairo_t *cr, double x, double y, double h, const char *text,
                     junqi_rgba fill, junqi_rgba ink);

/** The renderer's theme, options and the margin round a cached tile. */
const junqi_theme *junqi_renderer_theme(const junqi_renderer *r);
const junqi_render_options *junqi_renderer_options(const junqi_renderer *r);
int junqi_renderer_tile_pad(const junqi_renderer *r);

/** Draw one layer of scene s's flip position (s->flip; flip_draw.c): the caption, the last
 * action's glow (under) and its arrow with the notes (over), the pieces (tiles); the board is draw.c's. */
void junqi_flip_draw_layer(junqi_renderer *r, cairo_t *cr, bool raster, const junqi_scene *s, junqi_layer layer);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
