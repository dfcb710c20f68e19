/* SPDX-License-Identifier: MIT */
/*
 * flip_draw.c - drawing a flip game's position (docs/flip.md): called by
 * junqi_renderer_draw() for a scene with a flip position, on the board it
 * has already drawn.
 *
 * Face-up pieces are tiles in their colour (the theme's flip styles: red,
 * blue); face-down pieces are tile backs, in their colour when the viewer
 * knows it (fanqi_wiki's backs), else the neutral back; a complete record's
 * view (flip_known) writes the hidden identity small on the back. A stack
 * gets a count badge (its pieces) and what it carries along its foot; a
 * carried flag a flag badge; a flag lying under a piece a flag badge at the
 * other corner. The last action glows: a flip on its point, a move on both
 * points with the move's arrow and its outcome badge. The caption names the
 * seats with their colours once assigned. Raster tiles are cached per
 * style, piece and kind (face, back with a name) like draw.c's.
 */
#include "flip_draw.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw_parts.h"
#include "text.h"

enum { FACE = JUNQI_FLIP_FACE, BACK = JUNQI_FLIP_BACK, NAMED_BACK = JUNQI_FLIP_NAMED_BACK, KINDS };

struct junqi_flip_tiles {
    cairo_surface_t *tile[3][JUNQI_PIECE_KINDS][KINDS];
};

void junqi_flip_tiles_free(junqi_flip_tiles *t)
{
    if (!t)
        return;
    for (int s = 0; s < 3; s++)
        for (int p = 0; p < JUNQI_PIECE_KINDS; p++)
            for (int k = 0; k < KINDS; k++)
                if (t->tile[s][p][k])
                    cairo_surface_destroy(t->tile[s][p][k]);
    free(t);
}

/* Words of the flip caption, in one script. */
typedef struct flip_words {
    const char *north, *south, *colour[2], *sep;
} flip_words;

static const flip_words words_en = {"North", "South", {"red", "blue"}, "  ·  "};
static const flip_words words_zh = {"北", "南", {"红", "蓝"}, " · "};
static const flip_words words_hant = {"北", "南", {"紅", "藍"}, " · "};

static const flip_words *words_of(junqi_names names)
{
    return names == JUNQI_NAMES_ZH_HANT ? &words_hant
           : names == JUNQI_NAMES_ZH || names == JUNQI_NAMES_SHORT ? &words_zh : &words_en;
}

/* ---- tiles ---- */

static void draw_flip_tile(const junqi_renderer *r, cairo_t *cr, int style, junqi_piece piece, int kind)
{
    const junqi_theme *t = junqi_renderer_theme(r);
    const junqi_geometry *g = junqi_renderer_geometry(r);
    junqi_draw_tile_shape(r, cr, &t->flip[style], NULL, kind == FACE ? piece : JUNQI_UNKNOWN);
    if (kind == NAMED_BACK) /* what the record knows lies under the back */
        junqi_draw_label(r, cr, g->tile_h * 0.3, junqi_piece_name(piece, junqi_renderer_options(r)->names), 0,
                         g->tile_h * 0.3, t->flip[style].text, g->tile_w * 0.7);
}

static cairo_surface_t *cached(junqi_renderer *r, junqi_flip_tiles **tiles, int style, junqi_piece piece, int kind)
{
    if (!*tiles && !(*tiles = calloc(1, sizeof **tiles)))
        return NULL;
    cairo_surface_t **slot = &(*tiles)->tile[style][piece][kind];
    if (*slot)
        return *slot;
    const junqi_geometry *g = junqi_renderer_geometry(r);
    int pad = junqi_renderer_tile_pad(r);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, g->tile_w + 2 * pad, g->tile_h + 2 * pad);
    cairo_t *cr = cairo_create(s);
    cairo_translate(cr, pad + g->tile_w / 2.0, pad + g->tile_h / 2.0);
    draw_flip_tile(r, cr, style, piece, kind);
    cairo_destroy(cr);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return NULL;
    }
    return *slot = s;
}

/* The middle of point p's tile, its edges on whole pixels (as draw.c places tiles). */
static void tile_middle(const junqi_renderer *r, int p, double *cx, double *cy)
{
    const junqi_geometry *g = junqi_renderer_geometry(r);
    double x, y;
    junqi_geometry_point(g, p, &x, &y);
    *cx = floor(x - g->tile_w / 2.0) + g->tile_w / 2.0;
    *cy = floor(y - g->tile_h / 2.0) + g->tile_h / 2.0;
}

static void place(junqi_renderer *r, junqi_flip_tiles **tiles, cairo_t *cr, bool raster, int p, int style,
                  junqi_piece piece, int kind)
{
    const junqi_geometry *g = junqi_renderer_geometry(r);
    double cx, cy;
    tile_middle(r, p, &cx, &cy);
    cairo_surface_t *img = raster ? cached(r, tiles, style, piece, kind) : NULL;
    if (img) {
        int pad = junqi_renderer_tile_pad(r);
        cairo_set_source_surface(cr, img, cx - g->tile_w / 2.0 - pad, cy - g->tile_h / 2.0 - pad);
        cairo_paint(cr);
        return;
    }
    cairo_save(cr);
    cairo_translate(cr, cx, cy);
    draw_flip_tile(r, cr, style, piece, kind);
    cairo_restore(cr);
}

/* The badges of a loaded point: the stack's count and load, a carried or lying flag. */
static void draw_load(const junqi_renderer *r, cairo_t *cr, const junqi_flip *pos, int p)
{
    const junqi_theme *t = junqi_renderer_theme(r);
    const junqi_geometry *g = junqi_renderer_geometry(r);
    uint8_t c = pos->cell[p], l = pos->load[p];
    int colour = junqi_flip_colour(c), carried = junqi_flip_piece(c) == JUNQI_LANDMINE ||
                                                         junqi_flip_piece(c) == JUNQI_FLAG ? colour : colour ^ 1;
    double cx, cy, rad = fmax(5, g->tile_h * 0.3);
    tile_middle(r, p, &cx, &cy);
    uint8_t stack = JUNQI_LOAD_CARRIED(l);
    if (stack && (pos->rules->combine || stack != JUNQI_LOAD_FLAG)) {
        char count[8], what[8];
        snprintf(count, sizeof count, "%d", 1 + JUNQI_LOAD_MINES(l) + JUNQI_LOAD_BOMBS(l) + ((l & JUNQI_LOAD_FLAG) != 0));
        junqi_draw_disc(r, cr, cx + g->tile_w * 0.5 - rad * 0.3, cy - g->tile_h * 0.5 - rad * 0.2, rad, count,
                        t->flip[carried].fill, t->flip[carried].text);
        junqi_flip_load_symbols(l, what);
        junqi_draw_pill(r, cr, cx, cy + g->tile_h * 0.55, fmax(6, g->tile_h * 0.42), what, t->flip[carried].fill,
                        t->flip[carried].text);
    } else if (stack) { /* a carry_home carrier */
        junqi_draw_disc(r, cr, cx + g->tile_w * 0.5 - rad * 0.3, cy - g->tile_h * 0.5 - rad * 0.2, rad, "F",
                        t->flip[carried].fill, t->flip[carried].text);
    }
    if (l & JUNQI_LOAD_GROUND) {
        int under = (l & JUNQI_LOAD_GROUND_BLUE) ? JUNQI_BLUE : JUNQI_RED;
        junqi_draw_disc(r, cr, cx - g->tile_w * 0.5 + rad * 0.3, cy + g->tile_h * 0.5, rad * 0.8, "F",
                        t->flip[under].fill, t->flip[under].text);
    }
}

junqi_flip_tile junqi_flip_tile_at(const junqi_scene *s, int p)
{
    uint8_t c = s->flip->cell[p];
    junqi_flip_tile t = {junqi_flip_colour(c), (junqi_piece)junqi_flip_piece(c), FACE};
    if (junqi_flip_down(c))
        t.kind = s->flip_known && t.piece != JUNQI_UNKNOWN ? NAMED_BACK : BACK;
    return t;
}

void junqi_flip_draw_tile(const junqi_renderer *r, cairo_t *cr, junqi_flip_tile t)
{
    draw_flip_tile(r, cr, t.style, t.piece, t.kind);
}

void junqi_flip_draw_loads(const junqi_renderer *r, cairo_t *cr, const junqi_flip *pos)
{
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] && pos->load[p])
            draw_load(r, cr, pos, p);
}

static void draw_pieces(junqi_renderer *r, junqi_flip_tiles **tiles, cairo_t *cr, bool raster,
                        const junqi_scene *s)
{
    const junqi_flip *pos = s->flip;
    for (int p = 0; p < pos->board->npoints; p++) {
        if (!pos->cell[p])
            continue;
        junqi_flip_tile t = junqi_flip_tile_at(s, p);
        place(r, tiles, cr, raster, p, t.style, t.piece, t.kind);
        if (pos->load[p])
            draw_load(r, cr, pos, p);
    }
}

/* ---- the last action and the caption ---- */

static void draw_last(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s, bool under)
{
    const junqi_theme *t = junqi_renderer_theme(r);
    const junqi_geometry *g = junqi_renderer_geometry(r);
    junqi_action a = s->flip_last;
    junqi_rgba glow = t->last_move;
    if (under) {
        double grow = fmax(2, g->tile_h * 0.16);
        if (a.kind == JUNQI_ACT_MOVE) {
            glow.a *= 0.45;
            junqi_draw_glow(r, cr, a.from, grow * 0.5, glow);
            glow.a = t->last_move.a;
        }
        junqi_draw_glow(r, cr, a.to, grow, glow);
        return;
    }
    if (a.kind != JUNQI_ACT_MOVE)
        return;
    glow.a *= 0.62;
    junqi_draw_arrow_between(r, cr, s, a.from, a.to, glow);
    static const char *const badge[2][5] = {{"", ">", "<", "=", "+"}, {"", "吃", "弹", "兑", "合"}};
    const char *text = badge[junqi_renderer_options(r)->names != JUNQI_NAMES_EN][s->last_outcome <= 4 ? s->last_outcome : 0];
    if (*text) {
        double x, y, rad = fmax(6, g->tile_h * 0.44);
        junqi_geometry_point(g, a.to, &x, &y);
        junqi_draw_disc(r, cr, x - g->tile_w * 0.5 + rad * 0.2, y - g->tile_h * 0.5 - rad * 0.2, rad, text, t->badge,
                        t->badge_text);
    }
}

/* "South red NAME" and "North blue NAME" into seat[0] and seat[1] (n bytes each), or the seats
 * alone while no colour is assigned; the caption writes them with w->sep between. */
static void seat_entries(const junqi_flip *pos, const junqi_scene *s, const flip_words *w, char seat[2][192], size_t n)
{
    for (int i = 0; i < 2; i++) {
        int st = i == 0 ? JUNQI_SOUTH : JUNQI_NORTH, c = pos->st.colour[st];
        int len = snprintf(seat[i], n, "%s%s%s%s%s", i == 0 ? w->south : w->north, c < 2 ? " " : "",
                           c < 2 ? w->colour[c] : "", s->players[st] ? " " : "", s->players[st] ? s->players[st] : "");
        if (len > 0 && (size_t)len >= n)
            junqi_draw_end_cut(seat[i], n); /* a long name fills seat[i] */
    }
}

const char *junqi_flip_colour_text(const junqi_renderer *r, int colour)
{
    return words_of(junqi_renderer_options(r)->names)->colour[colour & 1];
}

static void draw_caption(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s)
{
    const junqi_geometry *g = junqi_renderer_geometry(r);
    const flip_words *w = words_of(junqi_renderer_options(r)->names);
    char seat[2][192], status[512];
    seat_entries(s->flip, s, w, seat, sizeof seat[0]);
    junqi_renderer_status_text(r, s, status, sizeof status);
    double top = g->caption.y + (g->caption.h - 2 * g->caption_line) / 2, px = g->caption_line * 0.52;
    double x = g->caption.x + g->caption.w / 2, room = g->caption.w * 0.96;
    junqi_draw_entries(r, cr, px, (const char *const[]){seat[0], seat[1]}, 2, w->sep, x, top + g->caption_line * 0.5,
                       room);
    junqi_draw_label(r, cr, px, status, x, top + g->caption_line * 1.5, junqi_renderer_theme(r)->label, room);
}

void junqi_flip_draw_layer(junqi_renderer *r, cairo_t *cr, bool raster, const junqi_scene *s, junqi_layer layer)
{
    switch (layer) {
    case JUNQI_LAYER_BOARD: break; /* draw.c's */
    case JUNQI_LAYER_CAPTION:
        if (junqi_renderer_options(r)->caption)
            draw_caption(r, cr, s);
        break;
    case JUNQI_LAYER_UNDER:
        if (s->flip_has_last)
            draw_last(r, cr, s, true);
        break;
    case JUNQI_LAYER_TILES: draw_pieces(r, junqi_renderer_flip_tiles(r), cr, raster, s); break;
    case JUNQI_LAYER_OVER:
        if (s->flip_has_last)
            draw_last(r, cr, s, false);
        junqi_draw_notes(r, cr, s);
        break;
    }
}

void junqi_flip_scene(junqi_scene *s, const junqi_flip *shown, const junqi_flip_replay *r, bool known)
{
    s->pos = NULL;
    s->flip = shown;
    s->flip_known = known;
    s->ply = shown->st.moves;
    s->flip_has_last = r->has_last;
    s->flip_last = r->last;
    s->last_move = (junqi_move){JUNQI_NO_POINT, JUNQI_NO_POINT};
    s->last_outcome = (junqi_outcome)r->last_outcome;
}
