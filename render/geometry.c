/* SPDX-License-Identifier: MIT */
/*
 * geometry.c - see geometry.h.
 */
#include "geometry.h"

#include <math.h>

/* Board units (see the design note in geometry.h). */
typedef struct board_units {
    double rank_step;   /* distance between ranks (files are 1 apart) */
    double front_extra; /* extra distance between ranks 6 and 7 (two-player front line) */
    double tile_w;      /* a wide tile */
    double tile_h;
} board_units;

static const board_units units_of[2] = {
    [JUNQI_TWO_PLAYER] = {0.55, 0.62, 0.78, 0.42},
    [JUNQI_FOUR_PLAYER] = {1.0, 0.0, 0.82, 0.50},
};

#define BORDER 0.62        /* paper beyond the outermost points */
#define LABEL_BAND 0.42    /* the coordinate band inside the paper's edge */
#define MARGIN 0.14        /* picture around the paper */
#define CAPTION_LINE 0.6   /* one caption line */
#define CAPTION_PAD 0.16   /* above and below the caption lines */

/* Model coordinates: x right, y up, south at the bottom, origin at a1. */
static double model_x(double file)
{
    return file;
}

static double model_y(const junqi_geometry *g, double rank)
{
    const board_units *u = &units_of[g->board->kind];
    double past_front = rank - 5.0;
    past_front = past_front < 0 ? 0 : past_front > 1 ? 1 : past_front;
    return rank * u->rank_step + past_front * u->front_extra;
}

/* Turn model offset (x, y) (y up) clockwise by the geometry's quarter turns. */
static void turn(const junqi_geometry *g, double *x, double *y)
{
    for (int i = 0; i < g->quarter_turns; i++) {
        double t = *x;
        *x = *y;
        *y = -t;
    }
}

bool junqi_geometry_init(junqi_geometry *g, const junqi_board *b, const junqi_geometry_options *o)
{
    if (o->size < JUNQI_GEOMETRY_MIN_SIZE || o->size > JUNQI_GEOMETRY_MAX_SIZE ||
        o->bottom >= JUNQI_SEATS || !(b->seats & JUNQI_SEAT_BIT(o->bottom)))
        return false;
    *g = (junqi_geometry){.board = b, .bottom = o->bottom};
    g->quarter_turns = (JUNQI_SOUTH - (int)o->bottom + 4) % 4;
    double span_x = model_x(b->nfiles - 1), span_y = model_y(g, b->nranks - 1);
    if (g->quarter_turns % 2)
        span_x = model_y(g, b->nranks - 1), span_y = model_x(b->nfiles - 1);
    double band = o->coords ? LABEL_BAND : 0;
    double paper_w = span_x + 2 * (BORDER + band), paper_h = span_y + 2 * (BORDER + band);
    double caption = o->caption_lines > 0 ? o->caption_lines * CAPTION_LINE + 2 * CAPTION_PAD : 0;
    double w_units = paper_w + 2 * MARGIN, h_units = paper_h + 2 * MARGIN + caption;
    g->scale = o->size / (w_units > h_units ? w_units : h_units);
    g->width = (int)lround(w_units * g->scale);
    g->height = (int)lround(h_units * g->scale);
    double paper_top = round((MARGIN + caption) * g->scale);
    g->paper = (junqi_rect){round(MARGIN * g->scale), paper_top,
                            g->width - 2 * round(MARGIN * g->scale),
                            g->height - round(MARGIN * g->scale) - paper_top};
    g->label_band = band * g->scale;
    g->caption = (junqi_rect){g->paper.x, round(MARGIN * g->scale), g->paper.w,
                              caption > 0 ? caption * g->scale : 0};
    g->caption_line = CAPTION_LINE * g->scale;
    g->centre_x = g->paper.x + g->paper.w / 2;
    g->centre_y = g->paper.y + g->paper.h / 2;
    const board_units *u = &units_of[b->kind];
    g->pitch = u->rank_step * g->scale;
    g->tile_w = (int)lround(u->tile_w * g->scale);
    g->tile_h = (int)lround(u->tile_h * g->scale);
    return true;
}

void junqi_geometry_map(const junqi_geometry *g, double file, double rank, double *x, double *y)
{
    const junqi_board *b = g->board;
    double mx = model_x(file) - model_x(b->nfiles - 1) / 2;
    double my = model_y(g, rank) - model_y(g, b->nranks - 1) / 2;
    turn(g, &mx, &my);
    *x = round(g->centre_x + mx * g->scale);
    *y = round(g->centre_y - my * g->scale);
}

void junqi_geometry_point(const junqi_geometry *g, int p, double *x, double *y)
{
    const junqi_point *pt = &g->board->point[p];
    /* a mountain (mountain=shelter) sits half way between its rank and the next */
    junqi_geometry_map(g, pt->file, pt->rank + (pt->kind == JUNQI_MOUNTAIN ? 0.5 : 0.0), x, y);
}

junqi_seat junqi_geometry_side(const junqi_geometry *g, junqi_seat s)
{
    return (junqi_seat)(((int)s - (int)g->bottom + JUNQI_SOUTH + 4) % 4);
}

bool junqi_geometry_files_across(const junqi_geometry *g)
{
    return g->quarter_turns % 2 == 0;
}
