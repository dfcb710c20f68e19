/* SPDX-License-Identifier: MIT */
/*
 * graph.c - see graph.h.
 */
#include "graph.h"
#include "i18n.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdio.h>

#define MARGIN_LEFT 44.0
#define MARGIN_RIGHT 16.0
#define MARGIN_TOP 28.0
#define MARGIN_BOTTOM 30.0

static void set(cairo_t *cr, junqi_rgba c)
{
    cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

/* A layout of text in the theme's label font at size px (the caller unrefs it). */
static PangoLayout *label_layout(cairo_t *cr, const junqi_theme *t, const char *text, double size)
{
    PangoLayout *layout = pango_cairo_create_layout(cr);
    char font[128];
    snprintf(font, sizeof font, "%s %.0fpx", t->label_font, size);
    PangoFontDescription *desc = pango_font_description_from_string(font);
    pango_layout_set_font_description(layout, desc);
    pango_font_description_free(desc);
    pango_layout_set_text(layout, text, -1);
    return layout;
}

static void label(cairo_t *cr, const junqi_theme *t, const char *text, double x, double y, double size,
                  double align)
{
    PangoLayout *layout = label_layout(cr, t, text, size);
    int w, h;
    pango_layout_get_pixel_size(layout, &w, &h);
    set(cr, t->label);
    cairo_move_to(cr, x - align * w, y - h / 2.0);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

/* The win probability of `side` after judged move j, as its mover saw it. */
static double side_winprob(const junqi_move_judgement *j, unsigned side)
{
    bool mine = (side >> j->seat) & 1;
    return mine ? j->winprob_after : 1.0 - j->winprob_after;
}

static unsigned graph_side(const junqi_game *g, int side_seat)
{
    unsigned present = junqi_game_present(g);
    if (side_seat == JUNQI_NO_SEAT)
        side_seat = (present & JUNQI_SEAT_BIT(JUNQI_NORTH)) ? JUNQI_NORTH : __builtin_ctz(present);
    if (__builtin_popcount(present) == 2)
        return JUNQI_SEAT_BIT(side_seat);
    return JUNQI_SEAT_BIT(side_seat) | JUNQI_SEAT_BIT(junqi_seat_opposite((junqi_seat)side_seat));
}

/* Where the plot lies, and how moves map onto it. */
typedef struct frame {
    double x0, x1, y0, y1, step;
} frame;

static double frame_x(const frame *f, size_t i)
{
    return f->x0 + f->step * (double)(i + 1);
}

static double frame_y(const frame *f, double p)
{
    return f->y1 - (f->y1 - f->y0) * p;
}

/* One team's curve: the moves of the seats in `movers`, each plotting
 * `side`'s win probability as its mover saw it; marks as dots. */
static void draw_curve(cairo_t *cr, const frame *f, const junqi_annotation *a, unsigned movers, unsigned side,
                       const junqi_theme *t, junqi_board_kind board, junqi_rgba colour)
{
    set(cr, colour);
    cairo_set_line_width(cr, 2);
    bool started = false;
    for (size_t i = 0; i < a->nmoves; i++) {
        const junqi_move_judgement *j = &a->moves[i];
        if (!j->judged || !((movers >> j->seat) & 1))
            continue;
        double x = frame_x(f, i), y = frame_y(f, side_winprob(j, side));
        if (started)
            cairo_line_to(cr, x, y);
        else
            cairo_move_to(cr, x, y), started = true;
    }
    cairo_stroke(cr);
    for (size_t i = 0; i < a->nmoves; i++) {
        const junqi_move_judgement *j = &a->moves[i];
        if (!j->judged || !j->mark || !((movers >> j->seat) & 1))
            continue;
        double r = j->mark == JUNQI_MARK_BLUNDER ? 5 : j->mark == JUNQI_MARK_MISTAKE ? 4 : 3;
        const junqi_seat_style *mover = junqi_theme_seat(t, board, j->seat);
        cairo_arc(cr, frame_x(f, i), frame_y(f, side_winprob(j, side)), r, 0, 6.283185307);
        set(cr, mover->fill);
        cairo_fill_preserve(cr);
        set(cr, mover->edge);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
    }
}

/* Whether any move of the seats in `movers` is judged: a curve to draw and name. */
static bool judged_by(const junqi_annotation *a, unsigned movers)
{
    for (size_t i = 0; i < a->nmoves; i++)
        if (a->moves[i].judged && ((movers >> a->moves[i].seat) & 1))
            return true;
    return false;
}

/* A legend entry at (x, y): a short line in the curve's colour, "as WHO saw it". */
static void legend(cairo_t *cr, const junqi_theme *t, double x, double y, junqi_rgba colour, const char *who)
{
    set(cr, colour);
    cairo_set_line_width(cr, 3);
    cairo_move_to(cr, x - 24, y);
    cairo_line_to(cr, x - 6, y);
    cairo_stroke(cr);
    char text[48];
    /* TRANSLATORS: a legend of the evaluation graph: the curve as a side (north-south) or a seat saw it */
    snprintf(text, sizeof text, _("as %s saw it"), who);
    label(cr, t, text, x, y, 11, 0.0);
}

static void draw_grid(cairo_t *cr, const frame *f, const junqi_theme *t)
{
    set(cr, t->paper);
    cairo_rectangle(cr, f->x0, f->y0, f->x1 - f->x0, f->y1 - f->y0);
    cairo_fill(cr);
    set(cr, t->road);
    cairo_set_line_width(cr, 1);
    for (int k = 0; k <= 4; k++) { /* 0, 25, 50, 75, 100 % */
        double y = frame_y(f, k / 4.0);
        cairo_move_to(cr, f->x0, y);
        cairo_line_to(cr, f->x1, y);
        cairo_stroke(cr);
        char text[8];
        snprintf(text, sizeof text, "%d%%", k * 25);
        label(cr, t, text, f->x0 - 6, y, 11, 1.0);
    }
}

/* The graph's title for side `us` (north-south, or a seat), into buf. */
static const char *graph_title(char *buf, size_t n, const char *us)
{
    /* TRANSLATORS: the evaluation graph's title; %s is a side (north-south) or a seat */
    snprintf(buf, n, _("win probability of %s"), us);
    return buf;
}

bool junqi_graph_fonts(const junqi_theme *t, char *err, size_t n)
{
    /* the title of a four-player game holds every script the labels use */
    char title[64];
    graph_title(title, sizeof title, _(junqi_result_text(&(junqi_result){JUNQI_DECIDED, JUNQI_SEAT_BIT(JUNQI_NORTH) |
                                                         JUNQI_SEAT_BIT(JUNQI_SOUTH), 0, 0}, 0xF)));
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create(s);
    PangoLayout *layout = label_layout(cr, t, title, 13);
    int unknown = pango_layout_get_unknown_glyphs_count(layout);
    g_object_unref(layout);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    if (unknown)
        snprintf(err, n, _("no font found through fontconfig shows the graph's labels ('%s'): install the Debian "
                           "package fonts-wqy-microhei, or ask for English ones (LANGUAGE=en)"), title);
    return unknown == 0;
}

/* The graph: `side`'s win probability twice, once as its own seats saw it
 * at their moves and once as the other side's seats saw it at theirs, so
 * that each curve keeps one team's knowledge (a dark game's seats know
 * different things, and one curve through every move would zig-zag
 * between them). */
static void draw(cairo_t *cr, const junqi_game *g, const junqi_annotation *a, int side_seat,
                 double width, double height, const junqi_theme *t)
{
    set(cr, t->background);
    cairo_paint(cr);
    size_t n = a->nmoves ? a->nmoves : 1;
    junqi_rect plot = junqi_graph_plot_area((int)width, (int)height);
    frame f = {plot.x, plot.x + plot.w, plot.y, plot.y + plot.h, 0};
    f.step = (f.x1 - f.x0) / (double)n;
    draw_grid(cr, &f, t);
    unsigned present = junqi_game_present(g), side = graph_side(g, side_seat), other = present & ~side;
    const junqi_board *b = junqi_board_get(g->board);
    junqi_rgba mine = junqi_theme_seat(t, b->kind, __builtin_ctz(side))->fill;
    junqi_rgba theirs = other ? junqi_theme_seat(t, b->kind, __builtin_ctz(other))->fill : mine;
    const char *us = _(junqi_result_text(&(junqi_result){JUNQI_DECIDED, (uint8_t)side, 0, 0}, present));
    const char *them = _(junqi_result_text(&(junqi_result){JUNQI_DECIDED, (uint8_t)other, 0, 0}, present));
    char title[64];
    label(cr, t, graph_title(title, sizeof title, us), f.x0, f.y0 / 2, 13, 0.0);
    double at = f.x1 - 130; /* a team none of whose moves is judged (--only-seat) has no curve to name */
    if (judged_by(a, other))
        legend(cr, t, at, f.y0 / 2, theirs, them), at -= 160;
    if (judged_by(a, side))
        legend(cr, t, at, f.y0 / 2, mine, us);
    draw_curve(cr, &f, a, side, side, t, b->kind, mine);
    draw_curve(cr, &f, a, other, side, t, b->kind, theirs);
    char moves[32];
    snprintf(moves, sizeof moves, P_("%zu move", "%zu moves", a->nmoves), a->nmoves);
    label(cr, t, moves, f.x1, f.y1 + MARGIN_BOTTOM / 2, 11, 1.0);
    if (a->nmoves > 0) /* under move 1's point; a game of no move has none */
        label(cr, t, "1", frame_x(&f, 0), f.y1 + MARGIN_BOTTOM / 2, 11, 0.5);
}

junqi_rect junqi_graph_plot_area(int width, int height)
{
    return (junqi_rect){MARGIN_LEFT, MARGIN_TOP, width - MARGIN_LEFT - MARGIN_RIGHT,
                        height - MARGIN_TOP - MARGIN_BOTTOM};
}

bool junqi_graph_write(FILE *fp, junqi_image_format format, const junqi_game *g,
                       const junqi_annotation *a, int side_seat, int width, int height,
                       const junqi_theme *t, char *err, size_t n)
{
    if (!junqi_graph_fonts(t, err, n))
        return false;
    if (format == JUNQI_IMAGE_SVG) {
        cairo_surface_t *svg = junqi_svg_surface(fp, width, height);
        cairo_t *cr = cairo_create(svg);
        draw(cr, g, a, side_seat, width, height, t);
        cairo_destroy(cr);
        return junqi_svg_finish(svg, err, n);
    }
    if (format != JUNQI_IMAGE_PNG) {
        snprintf(err, n, _("the evaluation graph is drawn as PNG or SVG"));
        return false;
    }
    cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = cairo_create(image);
    draw(cr, g, a, side_seat, width, height, t);
    cairo_destroy(cr);
    bool ok = junqi_png_write(fp, image, 6, err, n);
    cairo_surface_destroy(image);
    return ok;
}
