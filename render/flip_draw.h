/* SPDX-License-Identifier: MIT */
/*
 * flip_draw.h - pictures of flip games (docs/flip.md): a scene of draw.h
 * whose `flip` field is set is drawn by flip_draw.c on the renderer's board
 * (see its file comment for what each tile, badge and highlight means).
 */
#ifndef JUNQI_RENDER_FLIP_DRAW_H
#define JUNQI_RENDER_FLIP_DRAW_H

#include <stdbool.h>

#include "draw.h"
#include "flip.h"
#include "flip_replay.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A renderer's cache of flip tiles (made on first raster use). Opaque. */
typedef struct junqi_flip_tiles junqi_flip_tiles;

/** Free a cache (NULL allowed); junqi_renderer_free() calls it. */
void junqi_flip_tiles_free(junqi_flip_tiles *t);

/** Where a renderer keeps its flip tile cache (draw.c). */
junqi_flip_tiles **junqi_renderer_flip_tiles(junqi_renderer *r);

/** What a flip tile shows: its face, its back, or its back with the identity written on it. */
enum { JUNQI_FLIP_FACE, JUNQI_FLIP_BACK, JUNQI_FLIP_NAMED_BACK };

/** One kind of flip tile (see flip_draw.c's file comment). */
typedef struct junqi_flip_tile {
    int style;          /**< the theme's flip style: JUNQI_RED, JUNQI_BLUE, or 2 (the neutral back) */
    junqi_piece piece;  /**< what the face shows or the back names (JUNQI_UNKNOWN on a plain back) */
    int kind;           /**< JUNQI_FLIP_FACE, JUNQI_FLIP_BACK or JUNQI_FLIP_NAMED_BACK */
} junqi_flip_tile;

/** The tile that scene s (a flip scene) shows on point p, which holds a piece. */
junqi_flip_tile junqi_flip_tile_at(const junqi_scene *s, int p);

/**
 * Draw tile t centred on the origin of cr, as junqi_renderer_draw() draws it
 * centred on its point (the tile's rectangle is junqi_renderer_tile_rect()
 * of the two-player board's seats, whose tiles are not turned).
 */
void junqi_flip_draw_tile(const junqi_renderer *r, cairo_t *cr, junqi_flip_tile t);

/**
 * Draw the badges of every loaded point of pos (a stack's count and load,
 * a carried flag, a flag lying under a piece) where junqi_renderer_draw()
 * draws them over each tile.
 */
void junqi_flip_draw_loads(const junqi_renderer *r, cairo_t *cr, const junqi_flip *pos);

/** The name of colour JUNQI_RED or JUNQI_BLUE in the renderer's script (--names), as its captions write it. */
const char *junqi_flip_colour_text(const junqi_renderer *r, int colour);

/**
 * Fill scene s for the position a flip replay reached: `shown` is the
 * position as the viewer sees it (r->pos, or its junqi_flip_view()), known
 * whether the viewer knows the face-down identities (the complete record),
 * with the replay's last action. s's other fields (notes, players,
 * evaluation) are left for the caller. shown must outlive the scene.
 */
void junqi_flip_scene(junqi_scene *s, const junqi_flip *shown, const junqi_flip_replay *r, bool known);

#ifdef __cplusplus
}
#endif

#endif
