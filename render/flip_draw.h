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
