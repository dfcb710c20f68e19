/* SPDX-License-Identifier: MIT */
/*
 * draw.c - see draw.h.
 */
#include "draw.h"
#include "i18n.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "draw_parts.h"
#include "flip_draw.h"
#include "jgn.h"
#include "text.h"

#define PI 3.14159265358979323846

/* Words of the caption and the combat badges, in one script. */
typedef struct words {
    const char *seat[JUNQI_SEATS];
    const char *team[2];          /* north-south, east-west */
    const char *start;            /* ply 0 */
    const char *formation;        /* a formation's diagram: no game, no move, no seat to move */
    const char *move;             /* "Move %zu" */
    const char *to_move;          /* "%s to move" */
    const char *won;              /* "%s won" */
    const char *draw;
    const char *undecided;
    const char *out;              /* after an eliminated seat's name */
    const char *reason_open, *reason_close;
    const char *separator;
    const char *reason[JUNQI_REASON_COUNT];
    const char *outcome[4];       /* badge per junqi_outcome */
    const char *probe;            /* characters a font must have */
} words;

/* The English words are message ids too: the HTML page's status lines are the caption's
 * words in the language of the messages (message_words()). */
static const words words_en = {
    {N_("North"), N_("East"), N_("South"), N_("West")}, {N_("North-South"), N_("East-West")},
    N_("Start"),
    /* TRANSLATORS: a caption's status line under a formation's diagram (junqi-render FILE.yaml --caption),
       where a game's says the move and the seat to move */
    N_("Formation"),
    N_("Move %zu"), N_("%s to move"), N_("%s won"), N_("Draw"), N_("No result"),
    /* TRANSLATORS: put after the name of a seat that is out of the game, in a caption */
    N_(" (out)"),
    /* TRANSLATORS: the brackets round the reason a game ended, in a caption ("North won (flag
       captured)") */
    N_(" ("), N_(")"),
    /* TRANSLATORS: between the parts of a caption's status line: "Move 40 · West to move" */
    N_("  ·  "),
    {"", "flag captured", "no movable piece", "timeouts", "surrender", "left the game",
     "no combat", "agreed", "a player fled", "unknown end", "move limit", "every movable piece lost",
     "adjudicated"},
    {"", ">", "<", "="}, NULL,
};

static const words words_zh = {
    {"北", "东", "南", "西"}, {"南北方", "东西方"},
    "开局", "布局", "第 %zu 步", "%s家走棋", "%s胜", "和棋", "无胜负", "（出局）", "（", "）", " · ",
    {"", "军旗被夺", "无子可走", "超时", "投降", "离开", "连续无交战", "议和", "有人逃跑", "未知结局",
     "步数上限", "可走的棋子全部被吃", "裁判判定"},
    {"", "吃", "弹", "兑"}, "司令军旗炸弹地雷兑弹",
};

static const words words_hant = {
    {"北", "東", "南", "西"}, {"南北方", "東西方"},
    "開局", "布陣", "第 %zu 步", "%s家走棋", "%s勝", "和棋", "無勝負", "（出局）", "（", "）", " · ",
    {"", "軍旗被奪", "無子可走", "超時", "投降", "離開", "連續無交戰", "議和", "有人逃跑", "未知結局",
     "步數上限", "可走的棋子全部被吃", "裁判判定"},
    {"", "吃", "彈", "兌"}, "司令軍旗炸彈地雷兌彈",
};

static const char seat_letter[JUNQI_SEATS][2] = {"N", "E", "S", "W"};

/* How a tile is turned: upright, or a quarter turn to face a seat on the left or right; NO_TILE
 * where a point holds none (target_turn()). */
enum { NO_TILE = -1, TURN_NONE, TURN_LEFT_SEAT, TURN_RIGHT_SEAT, TURNS };

struct junqi_renderer {
    junqi_geometry geo;
    junqi_render_options opt;
    const junqi_theme *theme;
    const words *words;
    cairo_font_options_t *font_options;
    cairo_surface_t *board;   /* the board layer, drawn on first raster use */
    cairo_surface_t *frame;   /* junqi_renderer_image()'s picture */
    cairo_surface_t *tiles[JUNQI_SEATS][JUNQI_PIECE_KINDS][TURNS];
    int tile_pad;             /* room round a cached tile for its shadow, pixels */
    junqi_flip_tiles *flip_tiles; /* flip games' tiles (flip_draw.c), made on first use */
};

/* ---- small drawing helpers -------------------------------------------- */

static void set_colour(cairo_t *cr, junqi_rgba c)
{
    cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

static junqi_rgba mix(junqi_rgba a, junqi_rgba b, double t)
{
    return (junqi_rgba){a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t,
                        a.a + (b.a - a.a) * t};
}

static junqi_rgba with_alpha(junqi_rgba c, double alpha)
{
    c.a = alpha;
    return c;
}

static const junqi_rgba white = {1, 1, 1, 1}, black = {0, 0, 0, 1};

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r)
{
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, PI / 2, PI);
    cairo_arc(cr, x + r, y + r, r, PI, 3 * PI / 2);
    cairo_close_path(cr);
}

/* A five-pointed star of outer radius R centred at (x, y), point up. */
static void star_path(cairo_t *cr, double x, double y, double R)
{
    for (int i = 0; i < 10; i++) {
        double a = -PI / 2 + i * PI / 5, rad = i % 2 ? R * 0.42 : R;
        if (i == 0)
            cairo_move_to(cr, x + rad * cos(a), y + rad * sin(a));
        else
            cairo_line_to(cr, x + rad * cos(a), y + rad * sin(a));
    }
    cairo_close_path(cr);
}

/* ---- text ---------------------------------------------------------------- */

/* A layout of `text` in `family` at `px` pixels; wrapped at wrap_w pixels when > 0. */
static PangoLayout *text_layout(const junqi_renderer *r, cairo_t *cr, const char *family,
                                double px, const char *text, double wrap_w)
{
    PangoLayout *layout = pango_cairo_create_layout(cr);
    pango_cairo_context_set_font_options(pango_layout_get_context(layout), r->font_options);
    pango_layout_context_changed(layout);
    PangoFontDescription *fd = pango_font_description_from_string(family);
    pango_font_description_set_absolute_size(fd, px * PANGO_SCALE);
    pango_layout_set_font_description(layout, fd);
    pango_font_description_free(fd);
    if (wrap_w > 0) {
        pango_layout_set_width(layout, (int)(wrap_w * PANGO_SCALE));
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER);
    }
    pango_layout_set_text(layout, text, -1);
    return layout;
}

/* Show layout (then freed) in colour, its logical width and ink height centred on (x, y). Returns
 * its width, pixels. */
static double show_centred(cairo_t *cr, PangoLayout *layout, double x, double y, junqi_rgba colour)
{
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    double lx = logical.x / (double)PANGO_SCALE, lw = logical.width / (double)PANGO_SCALE;
    double iy = ink.y / (double)PANGO_SCALE, ih = ink.height / (double)PANGO_SCALE;
    set_colour(cr, colour);
    cairo_move_to(cr, x - lx - lw / 2, y - iy - ih / 2);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
    return lw;
}

/*
 * Draw `text` centred on (x, y) in `colour`, at `px` pixels or smaller so
 * that it fits max_w × max_h (max_h <= 0: no limit). With wrap, long text
 * may break into lines at spaces. Returns the width drawn, pixels.
 */
static double draw_text(const junqi_renderer *r, cairo_t *cr, const char *family, double px,
                        const char *text, double x, double y, junqi_rgba colour, double max_w,
                        double max_h, bool wrap)
{
    PangoLayout *layout = text_layout(r, cr, family, px, text, wrap ? max_w : 0);
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    double w = logical.width / (double)PANGO_SCALE, h = ink.height / (double)PANGO_SCALE;
    double fit = 1;
    if (w > max_w)
        fit = max_w / w;
    if (max_h > 0 && h * fit > max_h)
        fit = max_h / h;
    if (fit < 1) {
        g_object_unref(layout);
        layout = text_layout(r, cr, family, px * fit, text, wrap ? max_w : 0);
    }
    return show_centred(cr, layout, x, y, colour);
}

/* Draw `text` at px pixels, its left end at x and centred on y, with its end cut short (…) where
 * it would be wider than max_w. Returns the width drawn, pixels (the cut text's). */
static double draw_text_cut(const junqi_renderer *r, cairo_t *cr, const char *family, double px,
                            const char *text, double x, double y, junqi_rgba colour, double max_w)
{
    PangoLayout *layout = text_layout(r, cr, family, px, text, 0);
    pango_layout_set_width(layout, (int)(max_w * PANGO_SCALE));
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    return show_centred(cr, layout, x + logical.width / (double)PANGO_SCALE / 2, y, colour);
}

/* Width in pixels of `text` at px pixels. */
static double text_width(const junqi_renderer *r, cairo_t *cr, const char *family, double px,
                         const char *text)
{
    PangoLayout *layout = text_layout(r, cr, family, px, text, 0);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    g_object_unref(layout);
    return logical.width / (double)PANGO_SCALE;
}

/* ---- tiles ----------------------------------------------------------------- */

/* The turn of a tile owned by seat s, and its size in the picture. */
static int tile_turn(const junqi_renderer *r, int seat)
{
    if (r->opt.upright)
        return TURN_NONE;
    junqi_seat side = junqi_geometry_side(&r->geo, (junqi_seat)seat);
    return side == JUNQI_WEST ? TURN_LEFT_SEAT : side == JUNQI_EAST ? TURN_RIGHT_SEAT : TURN_NONE;
}

static void turned_size(const junqi_renderer *r, int turn, int *w, int *h)
{
    bool tall = turn != TURN_NONE;
    *w = tall ? r->geo.tile_h : r->geo.tile_w;
    *h = tall ? r->geo.tile_w : r->geo.tile_h;
}

/* Rotate the user space so that a wide tile drawn at the origin faces its owner. */
static void apply_turn(cairo_t *cr, int turn)
{
    if (turn == TURN_LEFT_SEAT)
        cairo_rotate(cr, PI / 2);
    else if (turn == TURN_RIGHT_SEAT)
        cairo_rotate(cr, -PI / 2);
}

/* Underline the rank 6 or 9 in buf (n bytes) with a combining low line, as dice and billiard balls
 * do: on a tile turned a quarter towards a seat on the left, a 6 is a 9 on a tile turned towards
 * the right, and a brigadier would read as a marshal. */
static void underline_6_or_9(char *buf, size_t n)
{
    if ((strcmp(buf, "6") == 0 || strcmp(buf, "9") == 0) && n >= 4)
        memcpy(buf + 1, "\xcc\xb2", 3); /* U+0332, and the NUL */
}

/* The display name of piece p (English names with spaces, the ranks 6 and 9 underlined). */
static void piece_label(const junqi_renderer *r, junqi_piece p, char *buf, size_t n)
{
    snprintf(buf, n, "%s", junqi_piece_name(p, r->opt.names));
    for (char *c = buf; *c; c++)
        if (*c == '_')
            *c = ' ';
    underline_6_or_9(buf, n);
}

/* Small text in a tile's corner (dx, dy = -1 or 1: which corner). */
static void tile_corner_text(const junqi_renderer *r, cairo_t *cr, const char *text, int dx,
                             int dy, junqi_rgba colour)
{
    double w = r->geo.tile_w, h = r->geo.tile_h, px = h * 0.32;
    draw_text(r, cr, r->theme->label_font, px, text, dx * (w / 2 - h * 0.2),
              dy * (h / 2 - h * 0.21), colour, h * 0.4, 0, false);
}

/* The face of a known piece: its name and the optional corner marks (letter: the seat's, or NULL). */
static void tile_face(const junqi_renderer *r, cairo_t *cr, const char *letter, junqi_piece p,
                      const junqi_seat_style *st)
{
    double w = r->geo.tile_w, h = r->geo.tile_h;
    char name[32];
    piece_label(r, p, name, sizeof name);
    bool en = r->opt.names == JUNQI_NAMES_EN;
    double px = en ? h * 0.36 : h * 0.58;
    draw_text(r, cr, r->theme->font, px, name, 0, h * 0.02, st->text, w * 0.8, h * 0.8, en);
    int rank = junqi_piece_rank(p);
    if (r->opt.rank_corner && rank > 0) {
        char digit[12];
        snprintf(digit, sizeof digit, "%d", rank);
        underline_6_or_9(digit, sizeof digit);
        tile_corner_text(r, cr, digit, 1, -1, st->text);
    }
    if (letter)
        tile_corner_text(r, cr, letter, -1, 1, st->text);
}

/* The back of an unknown piece: an inset frame and a star. */
static void tile_back(const junqi_renderer *r, cairo_t *cr, const char *letter, const junqi_seat_style *st)
{
    double w = r->geo.tile_w, h = r->geo.tile_h, in = h * 0.16;
    rounded_rect(cr, -w / 2 + in, -h / 2 + in, w - 2 * in, h - 2 * in, h * 0.1);
    set_colour(cr, with_alpha(st->edge, 0.55));
    cairo_set_line_width(cr, fmax(1, h * 0.05));
    cairo_stroke(cr);
    star_path(cr, 0, h * 0.02, h * 0.24);
    set_colour(cr, mix(st->fill, st->text, 0.55));
    cairo_fill(cr);
    if (letter)
        tile_corner_text(r, cr, letter, -1, 1, st->text);
}

/* A whole tile in style st, wide, centred on the origin: shadow, body, border, face or back
 * (JUNQI_UNKNOWN), with a corner letter unless NULL. */
void junqi_draw_tile_shape(const junqi_renderer *r, cairo_t *cr, const junqi_seat_style *st,
                           const char *letter, junqi_piece p)
{
    double w = r->geo.tile_w, h = r->geo.tile_h, rad = h * 0.2, sh = fmax(1, round(h * 0.07));
    double lw = fmax(1, h * 0.055);
    rounded_rect(cr, -w / 2 + sh, -h / 2 + sh, w, h, rad);
    cairo_set_source_rgba(cr, 0, 0, 0, 0.28);
    cairo_fill(cr);
    cairo_pattern_t *body = cairo_pattern_create_linear(0, -h / 2, 0, h / 2);
    junqi_rgba top = mix(st->fill, white, 0.22), bottom = mix(st->fill, black, 0.1);
    cairo_pattern_add_color_stop_rgba(body, 0, top.r, top.g, top.b, 1);
    cairo_pattern_add_color_stop_rgba(body, 1, bottom.r, bottom.g, bottom.b, 1);
    rounded_rect(cr, -w / 2 + lw / 2, -h / 2 + lw / 2, w - lw, h - lw, rad);
    cairo_set_source(cr, body);
    cairo_fill_preserve(cr);
    cairo_pattern_destroy(body);
    set_colour(cr, st->edge);
    cairo_set_line_width(cr, lw);
    cairo_stroke(cr);
    if (p == JUNQI_UNKNOWN)
        tile_back(r, cr, letter, st);
    else
        tile_face(r, cr, letter, p, st);
}

/* A seat's tile (see junqi_draw_tile_shape). */
static void draw_tile(const junqi_renderer *r, cairo_t *cr, int seat, junqi_piece p)
{
    junqi_draw_tile_shape(r, cr, junqi_theme_seat(r->theme, r->geo.board->kind, (junqi_seat)seat),
                          r->theme->seat_letters ? seat_letter[seat] : NULL, p);
}

/* Where the middle of a tile at point (x, y) lies so that its edges fall on whole pixels. */
static void tile_centre(const junqi_renderer *r, int turn, double x, double y, double *cx,
                        double *cy)
{
    int w, h;
    turned_size(r, turn, &w, &h);
    *cx = floor(x - w / 2.0) + w / 2.0;
    *cy = floor(y - h / 2.0) + h / 2.0;
}

/* Move the origin from the top-left of a tile's box (junqi_renderer_tile_rect()) to the middle of
 * the tile, turned by `turn`: what is drawn for a wide tile centred on the origin then covers it. */
static void enter_tile_box(const junqi_renderer *r, cairo_t *cr, int turn)
{
    int w, h;
    turned_size(r, turn, &w, &h);
    cairo_translate(cr, r->tile_pad + w / 2.0, r->tile_pad + h / 2.0);
    apply_turn(cr, turn);
}

/* Move the origin to the middle of seat's tile on point p, turned as that tile is (enter_tile_box). */
static void enter_tile(const junqi_renderer *r, cairo_t *cr, int seat, int p)
{
    junqi_rect box = junqi_renderer_tile_rect(r, seat, p);
    cairo_translate(cr, box.x, box.y);
    enter_tile_box(r, cr, tile_turn(r, seat));
}

/* Draw seat's piece (JUNQI_UNKNOWN: its back) turned by `turn`, the box's top-left at the origin. */
static void draw_tile_in_box(const junqi_renderer *r, cairo_t *cr, int seat, junqi_piece p, int turn)
{
    cairo_save(cr);
    enter_tile_box(r, cr, turn);
    draw_tile(r, cr, seat, p);
    cairo_restore(cr);
}

/* The cached image of a tile (made on first use); NULL if cairo failed. */
static cairo_surface_t *cached_tile(junqi_renderer *r, int seat, junqi_piece p, int turn)
{
    cairo_surface_t **slot = &r->tiles[seat][p][turn];
    if (*slot)
        return *slot;
    int w, h, pad = r->tile_pad;
    turned_size(r, turn, &w, &h);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w + 2 * pad, h + 2 * pad);
    cairo_t *cr = cairo_create(s);
    draw_tile_in_box(r, cr, seat, p, turn);
    cairo_destroy(cr);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return NULL;
    }
    return *slot = s;
}

static void place_tile(junqi_renderer *r, cairo_t *cr, bool raster, int p, uint8_t cell)
{
    int seat = JUNQI_CELL_SEAT(cell), turn = tile_turn(r, seat);
    junqi_piece piece = (junqi_piece)JUNQI_CELL_PIECE(cell);
    junqi_rect box = junqi_renderer_tile_rect(r, seat, p);
    cairo_surface_t *img = raster ? cached_tile(r, seat, piece, turn) : NULL;
    if (img) {
        cairo_set_source_surface(cr, img, box.x, box.y);
        cairo_paint(cr);
        return;
    }
    cairo_save(cr);
    enter_tile(r, cr, seat, p);
    draw_tile(r, cr, seat, piece);
    cairo_restore(cr);
}

/* A hidden piece's likeliest kind and its probability, over its tile back
 * (junqi-render --infer): the name above, the percentage below, turned with
 * the tile as a known piece's name is, so that it stays on the tile. */
static void draw_guess(const junqi_renderer *r, cairo_t *cr, int p, int seat, const double *probs)
{
    int best = JUNQI_NONE;
    for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
        if (probs[k] > 0 && (best == JUNQI_NONE || probs[k] > probs[best]))
            best = k;
    if (best == JUNQI_NONE)
        return;
    const junqi_seat_style *st = junqi_theme_seat(r->theme, r->geo.board->kind, (junqi_seat)seat);
    double w = r->geo.tile_w, h = r->geo.tile_h;
    char name[32], percent[8];
    piece_label(r, (junqi_piece)best, name, sizeof name);
    snprintf(percent, sizeof percent, "%d%%", (int)(probs[best] * 100 + 0.5));
    cairo_save(cr);
    enter_tile(r, cr, seat, p);
    rounded_rect(cr, -w * 0.45, -h * 0.42, w * 0.9, h * 0.84, h * 0.12);
    set_colour(cr, with_alpha(st->fill, 0.82));
    cairo_fill(cr);
    draw_text(r, cr, r->theme->font, h * 0.4, name, 0, -h * 0.16, st->text, w * 0.85, h * 0.42, false);
    draw_text(r, cr, r->theme->label_font, h * 0.28, percent, 0, h * 0.24, st->text, w * 0.85, h * 0.3, false);
    cairo_restore(cr);
}

/* ---- the board ------------------------------------------------------------ */

/* True if the arm of point p is drawn on the left or right (its stations stand tall). */
static bool tall_point(const junqi_renderer *r, int p)
{
    int arm = r->geo.board->point[p].arm;
    return arm < JUNQI_SEATS && tile_turn(r, arm) != TURN_NONE;
}

static void draw_paper(const junqi_renderer *r, cairo_t *cr)
{
    const junqi_geometry *g = &r->geo;
    const junqi_theme *t = r->theme;
    set_colour(cr, t->background);
    cairo_paint(cr);
    double lw = fmax(1.5, g->pitch * 0.05), in = lw / 2;
    rounded_rect(cr, g->paper.x + in, g->paper.y + in, g->paper.w - lw, g->paper.h - lw,
                 g->pitch * 0.18);
    set_colour(cr, t->paper);
    cairo_fill_preserve(cr);
    set_colour(cr, t->paper_edge);
    cairo_set_line_width(cr, lw);
    cairo_stroke(cr);
}

/* A rectangle between board coordinates (f0, r0) and (f1, r1), in any turn. */
static void board_rect(const junqi_renderer *r, cairo_t *cr, double f0, double r0, double f1,
                       double r1, double radius)
{
    double x0, y0, x1, y1;
    junqi_geometry_map(&r->geo, f0, r0, &x0, &y0);
    junqi_geometry_map(&r->geo, f1, r1, &x1, &y1);
    rounded_rect(cr, fmin(x0, x1), fmin(y0, y1), fabs(x1 - x0), fabs(y1 - y0), radius);
}

/* The four-player centre (九宫) or the two-player front line, tinted. */
static void draw_middle(const junqi_renderer *r, cairo_t *cr)
{
    const junqi_board *b = r->geo.board;
    if (b->kind == JUNQI_FOUR_PLAYER)
        board_rect(r, cr, 5.45, 5.45, 10.55, 10.55, r->geo.pitch * 0.3);
    else
        board_rect(r, cr, -0.45, 5.18, b->nfiles - 0.55, 5.82, 0);
    set_colour(cr, r->theme->centre);
    cairo_fill(cr);
}

/* A mountain range (山界) of three peaks centred on board coordinates (file, rank). */
static void draw_mountain(const junqi_renderer *r, cairo_t *cr, double file, double rank)
{
    double x, y, s = r->geo.scale;
    junqi_geometry_map(&r->geo, file, rank, &x, &y);
    static const double peaks[3][3] = {{-0.2, 0.2, 0.24}, {0.2, 0.2, 0.22}, {0, 0.26, 0.34}};
    double base = y + 0.15 * s;
    for (int i = 0; i < 3; i++) {
        double px = x + peaks[i][0] * s, half = peaks[i][1] * s, top = base - peaks[i][2] * s;
        cairo_move_to(cr, px - half, base);
        cairo_line_to(cr, px, top);
        cairo_line_to(cr, px + half, base);
        cairo_close_path(cr);
        set_colour(cr, r->theme->mountain);
        cairo_fill_preserve(cr);
        set_colour(cr, r->theme->mountain_edge);
        cairo_set_line_width(cr, fmax(1, s * 0.02));
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_stroke(cr);
        cairo_move_to(cr, px - half * 0.32, top + (base - top) * 0.32);
        cairo_line_to(cr, px, top);
        cairo_line_to(cr, px + half * 0.32, top + (base - top) * 0.32);
        cairo_close_path(cr);
        set_colour(cr, white);
        cairo_fill(cr);
    }
}

static void draw_roads(const junqi_renderer *r, cairo_t *cr)
{
    const junqi_board *b = r->geo.board;
    for (int p = 0; p < b->npoints; p++)
        for (int i = 0; i < b->nroad[p]; i++) {
            int q = b->road[p][i];
            if (q < p)
                continue;
            double x0, y0, x1, y1;
            junqi_geometry_point(&r->geo, p, &x0, &y0);
            junqi_geometry_point(&r->geo, q, &x1, &y1);
            cairo_move_to(cr, x0, y0);
            cairo_line_to(cr, x1, y1);
        }
    set_colour(cr, r->theme->road);
    cairo_set_line_width(cr, fmax(1, r->geo.pitch * 0.035));
    cairo_stroke(cr);
}

/* The ways into and out of the mountains (mountain=shelter): dotted lines. */
static void draw_shelters(const junqi_renderer *r, cairo_t *cr)
{
    const junqi_board *b = r->geo.board;
    if (!b->mountains)
        return;
    for (int p = b->npoints - b->mountains; p < b->npoints; p++)
        for (int i = 0; i < b->nshelter[p]; i++) {
            double x0, y0, x1, y1;
            junqi_geometry_point(&r->geo, p, &x0, &y0);
            junqi_geometry_point(&r->geo, b->shelter[p][i], &x1, &y1);
            cairo_move_to(cr, x0, y0);
            cairo_line_to(cr, x1, y1);
        }
    double lw = fmax(1, r->geo.pitch * 0.035), dash[2] = {lw, lw * 2.5};
    set_colour(cr, r->theme->mountain_edge);
    cairo_set_line_width(cr, lw);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

/* Append railway edge p-q to the path: a segment, or an arc round the empty corner. */
static void rail_edge_path(const junqi_renderer *r, cairo_t *cr, int p, int q)
{
    const junqi_board *b = r->geo.board;
    const junqi_point *a = &b->point[p], *c = &b->point[q];
    double x0, y0, x1, y1;
    junqi_geometry_point(&r->geo, p, &x0, &y0);
    junqi_geometry_point(&r->geo, q, &x1, &y1);
    cairo_move_to(cr, x0, y0);
    if (a->file == c->file || a->rank == c->rank) {
        cairo_line_to(cr, x1, y1);
        return;
    }
    /* An arc (boards.md "the four arcs"): a quarter circle centred on the corner
     * square that is no point, so that it continues both lines straight. */
    int cf = a->file, cr_ = c->rank;
    if (junqi_board_point_at(b, cf, cr_) >= 0)
        cf = c->file, cr_ = a->rank;
    double cx, cy;
    junqi_geometry_map(&r->geo, cf, cr_, &cx, &cy);
    double a0 = atan2(y0 - cy, x0 - cx), a1 = atan2(y1 - cy, x1 - cx);
    double radius = hypot(x0 - cx, y0 - cy), sweep = remainder(a1 - a0, 2 * PI);
    if (sweep > 0)
        cairo_arc(cr, cx, cy, radius, a0, a0 + sweep);
    else
        cairo_arc_negative(cr, cx, cy, radius, a0, a0 + sweep);
}

/* Railways: a dark body with light dashes along its middle, the classic map rail. */
static void draw_railways(const junqi_renderer *r, cairo_t *cr)
{
    const junqi_board *b = r->geo.board;
    for (int p = 0; p < b->npoints; p++)
        for (int i = 0; i < b->nrail[p]; i++)
            if (b->rail[p][i] > p)
                rail_edge_path(r, cr, p, b->rail[p][i]);
    double w = fmax(3, round(r->geo.pitch * 0.13));
    cairo_path_t *path = cairo_copy_path(cr);
    set_colour(cr, r->theme->rail_outer);
    cairo_set_line_width(cr, w);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_stroke(cr);
    cairo_append_path(cr, path);
    cairo_path_destroy(path);
    double dash = w * 1.5;
    cairo_set_dash(cr, &dash, 1, 0);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    set_colour(cr, r->theme->rail_inner);
    cairo_set_line_width(cr, w * 0.48);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

/* A headquarters' shield, w wide and h high, centred on (x, y). */
static void shield_path(cairo_t *cr, double x, double y, double w, double h)
{
    double l = x - w / 2, rgt = x + w / 2, top = y - h / 2, bot = y + h / 2;
    cairo_move_to(cr, l, top + h * 0.1);
    cairo_curve_to(cr, x - w * 0.2, top + h * 0.04, x - w * 0.1, top, x, top - h * 0.02);
    cairo_curve_to(cr, x + w * 0.1, top, x + w * 0.2, top + h * 0.04, rgt, top + h * 0.1);
    cairo_line_to(cr, rgt, y + h * 0.05);
    cairo_curve_to(cr, rgt, y + h * 0.3, x + w * 0.2, bot - h * 0.08, x, bot);
    cairo_curve_to(cr, x - w * 0.2, bot - h * 0.08, l, y + h * 0.3, l, y + h * 0.05);
    cairo_close_path(cr);
}

static void fill_and_edge(cairo_t *cr, junqi_rgba fill, junqi_rgba edge, double lw)
{
    set_colour(cr, fill);
    cairo_fill_preserve(cr);
    set_colour(cr, edge);
    cairo_set_line_width(cr, lw);
    cairo_stroke(cr);
}

/* One point: a station's box, a camp's circle, a headquarters' shield or a
 * mountain's frame. */
static void draw_point(const junqi_renderer *r, cairo_t *cr, int p)
{
    const junqi_geometry *g = &r->geo;
    const junqi_theme *t = r->theme;
    double x, y, lw = fmax(1, g->pitch * 0.04);
    junqi_geometry_point(g, p, &x, &y);
    switch (g->board->point[p].kind) {
    case JUNQI_CAMP:
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y, g->pitch * 0.36, 0, 2 * PI);
        fill_and_edge(cr, t->camp, t->camp_edge, lw * 1.3);
        break;
    case JUNQI_HEADQUARTERS: {
        double w = g->tile_h * 1.05, h = g->tile_h * 1.1;
        shield_path(cr, x, y, w, h);
        fill_and_edge(cr, t->hq, t->hq_edge, lw * 1.3);
        star_path(cr, x, y - h * 0.04, h * 0.2);
        set_colour(cr, with_alpha(t->hq_edge, 0.6));
        cairo_fill(cr);
        break;
    }
    case JUNQI_MOUNTAIN: /* a point over the mountain drawn by draw_board: its frame only */
        rounded_rect(cr, round(x - g->tile_w * 0.45) + 0.5, round(y - g->tile_h * 0.45) + 0.5,
                     round(g->tile_w * 0.9), round(g->tile_h * 0.9), g->tile_h * 0.16);
        set_colour(cr, t->mountain_edge);
        cairo_set_line_width(cr, lw);
        cairo_stroke(cr);
        break;
    default: {
        double w = g->tile_w * 0.56, h = g->tile_h * 0.56;
        if (tall_point(r, p)) {
            double t_ = w;
            w = h, h = t_;
        }
        rounded_rect(cr, round(x - w / 2) + 0.5, round(y - h / 2) + 0.5, round(w), round(h),
                     fmin(w, h) * 0.18);
        fill_and_edge(cr, t->station, t->road, lw);
    }
    }
}

/* File letters and rank numbers in the band round the edge, on all four sides. */
static void draw_coords(const junqi_renderer *r, cairo_t *cr)
{
    const junqi_geometry *g = &r->geo;
    const junqi_board *b = g->board;
    double band = g->label_band, px = band * 0.62;
    double near_x = g->paper.x + band * 0.62, far_x = g->paper.x + g->paper.w - band * 0.62;
    double near_y = g->paper.y + band * 0.62, far_y = g->paper.y + g->paper.h - band * 0.62;
    for (int axis = 0; axis < 2; axis++) {
        int n = axis == 0 ? b->nfiles : b->nranks;
        for (int i = 0; i < n; i++) {
            char text[12];
            if (axis == 0)
                snprintf(text, sizeof text, "%c", 'a' + i);
            else
                snprintf(text, sizeof text, "%d", i + 1);
            double x, y;
            junqi_geometry_map(g, axis == 0 ? i : 0, axis == 0 ? 0 : i, &x, &y);
            bool across = junqi_geometry_files_across(g) == (axis == 0);
            for (int end = 0; end < 2; end++) {
                double lx = across ? x : end ? far_x : near_x;
                double ly = across ? (end ? far_y : near_y) : y;
                draw_text(r, cr, r->theme->label_font, px, text, lx, ly, r->theme->label,
                          g->pitch * 0.9, 0, false);
            }
        }
    }
}

/* The unchanging board: paper, middle, mountains, lines, points, coordinates. */
static void draw_board(const junqi_renderer *r, cairo_t *cr)
{
    const junqi_board *b = r->geo.board;
    cairo_save(cr);
    draw_paper(r, cr);
    draw_middle(r, cr);
    if (b->kind == JUNQI_TWO_PLAYER) {
        draw_mountain(r, cr, 1, 5.5);
        draw_mountain(r, cr, 3, 5.5);
    }
    draw_roads(r, cr);
    draw_shelters(r, cr);
    draw_railways(r, cr);
    for (int p = 0; p < b->npoints; p++)
        draw_point(r, cr, p);
    if (r->opt.coords)
        draw_coords(r, cr);
    cairo_restore(cr);
}

/* ---- what changes from move to move ----------------------------------------- */

/* The tile-sized box round point p, widened by `grow` pixels on each side. */
static void point_box(const junqi_renderer *r, cairo_t *cr, int p, int turn, double grow)
{
    int w, h;
    double x, y, cx, cy;
    turned_size(r, turn, &w, &h);
    junqi_geometry_point(&r->geo, p, &x, &y);
    tile_centre(r, turn, x, y, &cx, &cy);
    rounded_rect(cr, cx - w / 2.0 - grow, cy - h / 2.0 - grow, w + 2 * grow, h + 2 * grow,
                 fmin(w, h) * 0.28);
}

/* The turn of whatever stands on point p, or of its station when it is empty. */
static int point_turn(const junqi_renderer *r, const junqi_position *pos, int p)
{
    uint8_t c = pos->cell[p];
    if (c)
        return tile_turn(r, JUNQI_CELL_SEAT(c));
    return tall_point(r, p) ? TURN_LEFT_SEAT : TURN_NONE;
}

/* The last move's two points, glowing under the tiles. */
static void draw_last_move_glow(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s)
{
    double grow = fmax(2, r->geo.tile_h * 0.16);
    point_box(r, cr, s->last_move.from, point_turn(r, s->pos, s->last_move.from), grow * 0.5);
    set_colour(cr, with_alpha(r->theme->last_move, 0.45));
    cairo_fill(cr);
    point_box(r, cr, s->last_move.to, point_turn(r, s->pos, s->last_move.to), grow);
    set_colour(cr, r->theme->last_move);
    cairo_fill(cr);
}

/* An arrow from (x0, y0) to (x1, y1), `w` pixels thick, as one filled outline. */
static void arrow_path(cairo_t *cr, double x0, double y0, double x1, double y1, double w)
{
    double len = hypot(x1 - x0, y1 - y0);
    if (len < 1)
        return;
    double ux = (x1 - x0) / len, uy = (y1 - y0) / len, nx = -uy, ny = ux;
    double head = fmin(w * 3.2, len * 0.6), half = w * 2.1, hw = w / 2;
    double bx = x1 - ux * head, by = y1 - uy * head;
    cairo_move_to(cr, x0 + nx * hw, y0 + ny * hw);
    cairo_line_to(cr, bx + nx * hw, by + ny * hw);
    cairo_line_to(cr, bx + nx * half, by + ny * half);
    cairo_line_to(cr, x1, y1);
    cairo_line_to(cr, bx - nx * half, by - ny * half);
    cairo_line_to(cr, bx - nx * hw, by - ny * hw);
    cairo_line_to(cr, x0 - nx * hw, y0 - ny * hw);
    cairo_close_path(cr);
}

/* The turn of the tile that scene s shows on point p (a flip game's stand upright), or NO_TILE. */
static int target_turn(const junqi_renderer *r, const junqi_scene *s, int p)
{
    if (s && s->flip)
        return s->flip->cell[p] ? TURN_NONE : NO_TILE;
    return s && s->pos && s->pos->cell[p] ? point_turn(r, s->pos, p) : NO_TILE;
}

/* How far short of point `to`'s middle an arrow coming from (dx, dy) away ends: at the edge of the
 * tile there, turned by `turn` (NO_TILE: a bare point, a little short of its middle). Ending at a
 * fixed 0.3 tile heights put the head of a sideways move inside the wide tile's name. */
static double arrow_back(const junqi_renderer *r, int turn, double dx, double dy, double len)
{
    if (turn == NO_TILE)
        return fmin(r->geo.tile_h * 0.3, len * 0.2);
    int w, h;
    turned_size(r, turn, &w, &h);
    double ux = fabs(dx) / len, uy = fabs(dy) / len;
    double edge = fmin(ux > 1e-9 ? w / 2.0 / ux : HUGE_VAL, uy > 1e-9 ? h / 2.0 / uy : HUGE_VAL);
    return fmin(edge, len * 0.7); /* a move to a touching point still shows an arrow */
}

/* An arrow between two points, ending at the edge of the target's tile of turn `turn` (NO_TILE:
 * short of the bare point's middle). */
static void draw_arrow(const junqi_renderer *r, cairo_t *cr, int from, int to, int turn, junqi_rgba colour)
{
    double x0, y0, x1, y1;
    junqi_geometry_point(&r->geo, from, &x0, &y0);
    junqi_geometry_point(&r->geo, to, &x1, &y1);
    double len = hypot(x1 - x0, y1 - y0);
    if (len < 1)
        return;
    double back = arrow_back(r, turn, x1 - x0, y1 - y0, len);
    x1 -= (x1 - x0) / len * back;
    y1 -= (y1 - y0) / len * back;
    arrow_path(cr, x0, y0, x1, y1, fmax(2, r->geo.pitch * 0.11));
    set_colour(cr, with_alpha(white, 0.6 * colour.a));
    cairo_set_line_width(cr, fmax(1, r->geo.pitch * 0.03));
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke_preserve(cr);
    set_colour(cr, colour);
    cairo_fill(cr);
}

/* A ring round point p. */
static void draw_mark(const junqi_renderer *r, cairo_t *cr, int p, junqi_rgba colour)
{
    double x, y;
    junqi_geometry_point(&r->geo, p, &x, &y);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, fmax(r->geo.tile_w, r->geo.tile_h) * 0.6, 0, 2 * PI);
    set_colour(cr, colour);
    cairo_set_line_width(cr, fmax(2, r->geo.pitch * 0.08));
    cairo_stroke(cr);
}

/* The combat outcome as a badge on the top-left corner of the target point's tile (or of its box
 * when the fight left it bare), turned or not. */
static void draw_badge(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s)
{
    const char *text = r->words->outcome[s->last_outcome & 3];
    if (!*text)
        return;
    double x, y, rad = fmax(6, r->geo.tile_h * 0.44);
    int w, h; /* the box that glows there: a tile turned towards a side seat stands tall */
    turned_size(r, point_turn(r, s->pos, s->last_move.to), &w, &h);
    junqi_geometry_point(&r->geo, s->last_move.to, &x, &y);
    x -= w * 0.5 - rad * 0.2;
    y -= h * 0.5 + rad * 0.2;
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, rad, 0, 2 * PI);
    fill_and_edge(cr, r->theme->badge, r->theme->badge_text, fmax(1, rad * 0.12));
    draw_text(r, cr, r->theme->font, rad * 1.2, text, x, y, r->theme->badge_text, rad * 1.5,
              rad * 1.25, false);
}

/* The arrows and marks of scene s (its notes; the tiles the arrows point at are its). */
static void draw_notes(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s)
{
    const junqi_notes *a = s ? s->notes : NULL;
    for (size_t i = 0; a && i < a->n; i++) {
        const junqi_note *n = &a->items[i];
        bool mark = n->from == n->to;
        junqi_rgba c = n->has_colour ? n->colour : mark ? r->theme->mark : r->theme->arrow;
        if (mark)
            draw_mark(r, cr, n->from, c);
        else
            draw_arrow(r, cr, n->from, n->to, target_turn(r, s, n->to), c);
    }
}

/* ---- caption ------------------------------------------------------------------ */

/* The caption's words in the language of the messages: words_en translated (gettext), the
 * reasons as the messages name them. */
static void message_words(words *w)
{
    *w = words_en;
    for (int s = 0; s < JUNQI_SEATS; s++)
        w->seat[s] = _(words_en.seat[s]);
    for (int t = 0; t < 2; t++)
        w->team[t] = _(words_en.team[t]);
    w->start = _(words_en.start);
    w->formation = _(words_en.formation);
    w->move = _(words_en.move);
    w->to_move = _(words_en.to_move);
    w->won = _(words_en.won);
    w->draw = _(words_en.draw);
    w->undecided = _(words_en.undecided);
    w->out = _(words_en.out);
    w->reason_open = _(words_en.reason_open);
    w->reason_close = _(words_en.reason_close);
    w->separator = _(words_en.separator);
    for (int i = 1; i < JUNQI_REASON_COUNT; i++)
        w->reason[i] = _(junqi_reason_name((junqi_reason)i));
}

/* "North-South won (flag captured)", "Draw (no combat)", "West to move": in words w, the
 * result res of a game of `players` seats, or whose move it is. */
static void status_text(const words *w, const junqi_result *res, int to_move, int players, char *buf, size_t n)
{
    /* a reason a table does not name yet (one added to position.h) is left out, not read as NULL */
    const char *reason = res->reason < JUNQI_REASON_COUNT && w->reason[res->reason] ? w->reason[res->reason] : "";
    char who[64] = "";
    if (res->status == JUNQI_DECIDED) {
        if (players == 2) {
            for (int s = 0; s < JUNQI_SEATS; s++)
                if (res->winners & JUNQI_SEAT_BIT(s))
                    snprintf(who, sizeof who, "%s", w->seat[s]);
        } else {
            bool ns = res->winners & (JUNQI_SEAT_BIT(JUNQI_NORTH) | JUNQI_SEAT_BIT(JUNQI_SOUTH));
            snprintf(who, sizeof who, "%s", w->team[ns ? 0 : 1]);
        }
    }
    char head[96];
    switch (res->status) {
    case JUNQI_ONGOING:
        snprintf(buf, n, w->to_move, to_move < JUNQI_SEATS ? w->seat[to_move] : "?");
        return;
    case JUNQI_DECIDED: snprintf(head, sizeof head, w->won, who); break;
    case JUNQI_DRAWN: snprintf(head, sizeof head, "%s", w->draw); break;
    default: snprintf(head, sizeof head, "%s", w->undecided);
    }
    snprintf(buf, n, *reason ? "%s%s%s%s" : "%s", head, w->reason_open, reason, w->reason_close);
}

void junqi_draw_end_cut(char *buf, size_t n)
{
    static const char ellipsis[] = "…";
    junqi_utf8_drop_cut(buf);
    size_t len = strlen(buf), at = n >= sizeof ellipsis ? n - sizeof ellipsis : 0;
    if (g_utf8_validate(buf, (gssize)len, NULL)) { /* else cut between bytes: no character to keep */
        glong chars = g_utf8_strlen(buf, (gssize)len);
        PangoLogAttr *attrs = g_new(PangoLogAttr, chars + 1);
        pango_get_log_attrs(buf, (int)len, -1, NULL, attrs, (int)chars + 1);
        at = 0;
        const char *p = buf;
        /* before the text's end only: the text after it was cut, so the end is no boundary */
        for (glong i = 0; i < chars; i++, p = g_utf8_next_char(p))
            if (attrs[i].is_cursor_position && (size_t)(p - buf) + sizeof ellipsis <= n)
                at = (size_t)(p - buf);
        g_free(attrs);
    }
    if (at + sizeof ellipsis <= n)
        memcpy(buf + at, ellipsis, sizeof ellipsis);
}

/* One caption entry: a seat's name and its player's, into buf (n bytes), cut (…) where a long
 * name fills buf; whether the seat is out is said apart (draw_players()). */
static void seat_entry(const junqi_renderer *r, const junqi_scene *s, int seat, char *buf, size_t n)
{
    const char *player = s->players[seat];
    int len = snprintf(buf, n, "%s%s%s", r->words->seat[seat], player ? " " : "", player ? player : "");
    if (len > 0 && (size_t)len >= n)
        junqi_draw_end_cut(buf, n);
}

/* The caption's first line shrinks to fit down to this part of its size, no further. */
#define PLAYERS_MIN_FIT 0.75

/* Cut the entries' widths w[0..3] (0: none) to one cap, as high as leaves their sum at most
 * `room` (the widest are cut first, the narrow ones kept whole). Returns the sum. */
static double cap_widths(double w[JUNQI_SEATS], double room)
{
    double cap = 0, sum = 0;
    for (int i = 0; i < JUNQI_SEATS; i++)
        cap = fmax(cap, w[i]);
    for (;;) { /* lower the cap to the next narrower entry until the rest fit, then share */
        double kept = 0, capped = 0, next = 0;
        for (int i = 0; i < JUNQI_SEATS; i++) {
            if (w[i] >= cap)
                capped++;
            else
                kept += w[i], next = fmax(next, w[i]);
        }
        if (capped == 0 || kept + capped * next <= room || next == 0) {
            cap = fmax(0, (room - kept) / (capped ? capped : 1));
            break;
        }
        cap = next;
    }
    for (int i = 0; i < JUNQI_SEATS; i++)
        w[i] = fmin(w[i], cap), sum += w[i];
    return sum;
}

/* Line 1: the seats with their colours and players, centred: shrunk to fit down to
 * PLAYERS_MIN_FIT of its size, the longest entries cut short (…) beyond that (shrinking alone
 * wrote two long names on the two-player board 5 pixels high); the marker of a seat out is
 * never cut, as the name before it is (it went with the end of a long name). */
static void draw_players(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s, double y)
{
    const junqi_geometry *g = &r->geo;
    double px = g->caption_line * 0.52, sw = g->caption_line * 0.62, gap = px * 0.4;
    double space = px * 1.6, widths[JUNQI_SEATS] = {0}, total = 0, text_total = 0;
    double out_w = text_width(r, cr, r->theme->font, px, r->words->out);
    char text[JUNQI_SEATS][160];
    for (int seat = 0; seat < JUNQI_SEATS; seat++) {
        if (!(s->pos->present & JUNQI_SEAT_BIT(seat)))
            continue;
        seat_entry(r, s, seat, text[seat], sizeof text[seat]);
        widths[seat] = text_width(r, cr, r->theme->font, px, text[seat]);
        bool out = !(s->pos->alive & JUNQI_SEAT_BIT(seat));
        total += (total > 0 ? space : 0) + sw + gap + widths[seat] + (out ? out_w : 0);
        text_total += widths[seat];
    }
    double room = g->caption.w * 0.96, fit = total > room ? room / total : 1;
    if (fit < PLAYERS_MIN_FIT) {
        fit = PLAYERS_MIN_FIT;
        total += cap_widths(widths, room / fit - (total - text_total)) - text_total;
    }
    double x = g->caption.x + (g->caption.w - total * fit) / 2;
    for (int seat = 0; seat < JUNQI_SEATS; seat++) {
        if (!(s->pos->present & JUNQI_SEAT_BIT(seat)))
            continue;
        const junqi_seat_style *st = junqi_theme_seat(r->theme, g->board->kind, (junqi_seat)seat);
        double h = sw * 0.62 * fit;
        rounded_rect(cr, x, y - h / 2, sw * fit, h, h * 0.25);
        fill_and_edge(cr, st->fill, st->edge, fmax(1, h * 0.08));
        if (r->theme->seat_letters)
            draw_text(r, cr, r->theme->label_font, h * 0.8, seat_letter[seat], x + sw * fit / 2, y,
                      st->text, sw * fit, h * 0.9, false);
        x += (sw + gap) * fit;
        double drawn = draw_text_cut(r, cr, r->theme->font, px * fit, text[seat], x, y, r->theme->label,
                                     widths[seat] * fit + 1);
        if (!(s->pos->alive & JUNQI_SEAT_BIT(seat))) { /* right after the name as cut, not after a gap */
            draw_text(r, cr, r->theme->font, px * fit, r->words->out, x + drawn + out_w * fit / 2, y, r->theme->label,
                      out_w * fit + 1, 0, false);
            x += out_w * fit;
        }
        x += (widths[seat] + space) * fit;
    }
}

/* The status line of scene s (a flip game's too) in words w. */
static int status_line(const words *w, const junqi_scene *s, char *buf, size_t n)
{
    char move[64], status[256];
    if (s->formation) /* no game: neither a move nor a seat to move to claim */
        return snprintf(buf, n, "%s", w->formation);
    if (s->ply == 0)
        snprintf(move, sizeof move, "%s", w->start);
    else
        snprintf(move, sizeof move, w->move, s->ply);
    if (s->flip)
        status_text(w, &s->flip->st.result, s->flip->st.to_move, 2, status, sizeof status);
    else
        status_text(w, &s->pos->result, s->pos->to_move, junqi_position_players(s->pos), status, sizeof status);
    return snprintf(buf, n, "%s%s%s%s%s", move, w->separator, status,
                    s->evaluation ? w->separator : "", s->evaluation ? s->evaluation : "");
}

int junqi_renderer_status_text(const junqi_renderer *r, const junqi_scene *s, char *buf, size_t n)
{
    return status_line(r->words, s, buf, n);
}

int junqi_renderer_status_message(const junqi_renderer *r, const junqi_scene *s, char *buf, size_t n)
{
    (void)r;
    words w;
    message_words(&w);
    return status_line(&w, s, buf, n);
}

static void draw_caption(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s)
{
    const junqi_geometry *g = &r->geo;
    double top = g->caption.y + (g->caption.h - 2 * g->caption_line) / 2;
    draw_players(r, cr, s, top + g->caption_line / 2);
    char line[512];
    junqi_renderer_status_text(r, s, line, sizeof line);
    draw_text(r, cr, r->theme->font, g->caption_line * 0.52, line, g->caption.x + g->caption.w / 2,
              top + g->caption_line * 1.5, r->theme->label, g->caption.w * 0.96, 0, false);
}

/* ---- the renderer ------------------------------------------------------------ */

static const words *words_for(junqi_names names)
{
    switch (names) {
    case JUNQI_NAMES_ZH:
    case JUNQI_NAMES_SHORT: return &words_zh;
    case JUNQI_NAMES_ZH_HANT: return &words_hant;
    default: return &words_en;
    }
}

/* False if no font that fontconfig finds can show the probe characters. */
static bool font_has(const junqi_renderer *r, const char *probe)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create(s);
    PangoLayout *layout = text_layout(r, cr, r->theme->font, 12, probe, 0);
    int unknown = pango_layout_get_unknown_glyphs_count(layout);
    g_object_unref(layout);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    return unknown == 0;
}

junqi_renderer *junqi_renderer_new(const junqi_board *b, const junqi_render_options *o, char *err,
                                   size_t n)
{
    junqi_renderer *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, n, _("out of memory"));
        return NULL;
    }
    r->opt = *o;
    r->theme = o->theme ? o->theme : junqi_theme_default();
    r->words = words_for(o->names);
    junqi_geometry_options go = {o->size, o->bottom, o->coords, o->caption ? 2 : 0};
    if (!junqi_geometry_init(&r->geo, b, &go)) {
        if (o->bottom >= JUNQI_SEATS || !(b->seats & JUNQI_SEAT_BIT(o->bottom)))
            snprintf(err, n, _("the %s board has no %s seat to draw at the bottom"), _(b->name),
                     _(junqi_seat_name(o->bottom)));
        else
            snprintf(err, n, _("the picture size must be %d to %d pixels, not %d"),
                     JUNQI_GEOMETRY_MIN_SIZE, JUNQI_GEOMETRY_MAX_SIZE, o->size);
        free(r);
        return NULL;
    }
    r->font_options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(r->font_options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(r->font_options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(r->font_options, CAIRO_ANTIALIAS_GRAY);
    r->tile_pad = (int)ceil(fmax(1, round(r->geo.tile_h * 0.07))) + 1;
    if (r->words->probe && !font_has(r, r->words->probe)) {
        snprintf(err, n, _("no font with Chinese characters found through fontconfig (looked for "
                         "%s): install the Debian package fonts-wqy-microhei, or use --names en"),
                 r->theme->font);
        junqi_renderer_free(r);
        return NULL;
    }
    return r;
}

void junqi_renderer_free(junqi_renderer *r)
{
    if (!r)
        return;
    for (int s = 0; s < JUNQI_SEATS; s++)
        for (int p = 0; p < JUNQI_PIECE_KINDS; p++)
            for (int t = 0; t < TURNS; t++)
                if (r->tiles[s][p][t])
                    cairo_surface_destroy(r->tiles[s][p][t]);
    junqi_flip_tiles_free(r->flip_tiles);
    if (r->board)
        cairo_surface_destroy(r->board);
    if (r->frame)
        cairo_surface_destroy(r->frame);
    cairo_font_options_destroy(r->font_options);
    free(r);
}

const junqi_geometry *junqi_renderer_geometry(const junqi_renderer *r)
{
    return &r->geo;
}

/* The cached board layer, drawn on first use; NULL if cairo failed. */
static cairo_surface_t *cached_board(junqi_renderer *r)
{
    if (r->board)
        return r->board;
    cairo_surface_t *s =
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, r->geo.width, r->geo.height);
    cairo_t *cr = cairo_create(s);
    draw_board(r, cr);
    cairo_destroy(cr);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return NULL;
    }
    return r->board = s;
}

/* The board layer: the cached image on raster targets, else drawn as vectors. */
static void draw_board_layer(junqi_renderer *r, cairo_t *cr, bool raster)
{
    cairo_surface_t *board = raster ? cached_board(r) : NULL;
    if (!board) {
        draw_board(r, cr);
        return;
    }
    cairo_set_source_surface(cr, board, 0, 0);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
}

/* What moved last and what the scene marks, over the tiles. */
static void draw_over(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s)
{
    bool last = s->last_move.from != JUNQI_NO_POINT;
    if (last)
        draw_arrow(r, cr, s->last_move.from, s->last_move.to, target_turn(r, s, s->last_move.to),
                   with_alpha(r->theme->last_move, 0.62));
    draw_notes(r, cr, s);
    if (last)
        draw_badge(r, cr, s);
}

static void draw_layer(junqi_renderer *r, cairo_t *cr, const junqi_scene *s, junqi_layer layer,
                       bool raster)
{
    cairo_save(cr);
    if (s && s->flip && layer != JUNQI_LAYER_BOARD) { /* a flip game: its layers are flip_draw.c's */
        junqi_flip_draw_layer(r, cr, raster, s, layer);
        cairo_restore(cr);
        return;
    }
    switch (layer) {
    case JUNQI_LAYER_BOARD: draw_board_layer(r, cr, raster); break;
    case JUNQI_LAYER_CAPTION:
        if (r->opt.caption)
            draw_caption(r, cr, s);
        break;
    case JUNQI_LAYER_UNDER:
        if (s->last_move.from != JUNQI_NO_POINT)
            draw_last_move_glow(r, cr, s);
        break;
    case JUNQI_LAYER_TILES:
        for (int p = 0; p < r->geo.board->npoints; p++) {
            uint8_t c = s->pos->cell[p];
            if (c)
                place_tile(r, cr, raster, p, c);
            if (c && s->probs && JUNQI_CELL_PIECE(c) == JUNQI_UNKNOWN)
                draw_guess(r, cr, p, JUNQI_CELL_SEAT(c), s->probs[p]);
        }
        break;
    case JUNQI_LAYER_OVER: draw_over(r, cr, s); break;
    }
    cairo_restore(cr);
}

void junqi_renderer_draw_layer(junqi_renderer *r, cairo_t *cr, const junqi_scene *s,
                               junqi_layer layer)
{
    draw_layer(r, cr, s, layer, cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE);
}

void junqi_renderer_draw(junqi_renderer *r, cairo_t *cr, const junqi_scene *s)
{
    bool raster = cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE;
    for (int layer = JUNQI_LAYER_BOARD; layer <= JUNQI_LAYER_OVER; layer++)
        draw_layer(r, cr, s, (junqi_layer)layer, raster);
}

junqi_rect junqi_renderer_tile_rect(const junqi_renderer *r, int seat, int p)
{
    int turn = tile_turn(r, seat), w, h;
    double x, y, cx, cy;
    turned_size(r, turn, &w, &h);
    junqi_geometry_point(&r->geo, p, &x, &y);
    tile_centre(r, turn, x, y, &cx, &cy);
    return (junqi_rect){cx - w / 2.0 - r->tile_pad, cy - h / 2.0 - r->tile_pad, w + 2.0 * r->tile_pad,
                        h + 2.0 * r->tile_pad};
}

void junqi_renderer_draw_tile(junqi_renderer *r, cairo_t *cr, int seat, junqi_piece piece)
{
    draw_tile_in_box(r, cr, seat, piece, tile_turn(r, seat));
}

cairo_surface_t *junqi_renderer_image(junqi_renderer *r, const junqi_scene *s)
{
    if (!r->frame) {
        r->frame = cairo_image_surface_create(CAIRO_FORMAT_RGB24, r->geo.width, r->geo.height);
        if (cairo_surface_status(r->frame) != CAIRO_STATUS_SUCCESS) {
            cairo_surface_destroy(r->frame);
            r->frame = NULL;
            return NULL;
        }
    }
    cairo_t *cr = cairo_create(r->frame);
    junqi_renderer_draw(r, cr, s);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(r->frame);
    return st == CAIRO_STATUS_SUCCESS ? r->frame : NULL;
}

/* ---- arrows and marks (notes) ------------------------------------------------------ */

void junqi_notes_free(junqi_notes *a)
{
    free(a->items);
    *a = (junqi_notes){0};
}

bool junqi_notes_add(junqi_notes *a, int from, int to, const junqi_rgba *colour)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 8;
        junqi_note *grown = realloc(a->items, cap * sizeof *grown);
        if (!grown)
            return false;
        a->items = grown;
        a->cap = cap;
    }
    a->items[a->n++] = (junqi_note){(uint8_t)from, (uint8_t)to, colour != NULL,
                                          colour ? *colour : (junqi_rgba){0, 0, 0, 0}};
    return true;
}

/* The squares of arrow `text` (len bytes, FROM-TO) on board b into *from and *to; false with
 * the reason in err (n bytes): not one '-' (none, or a path g2-g6-g7, whose 'g6-g7' was named as
 * no square: break7 F7), the square that is not one of the board (named, as the JGN reader names
 * a move's), or one square twice. */
static bool arrow_squares(const junqi_board *b, const char *text, size_t len, int *from, int *to, char *err,
                          size_t n)
{
    const char *dash = memchr(text, '-', len);
    if (!dash || memchr(dash + 1, '-', (size_t)(text + len - dash - 1))) {
        snprintf(err, n, _("'%.*s' is not an arrow FROM-TO: two squares joined by '-' (g2-g6)"), (int)len, text);
        return false;
    }
    int from_len = (int)(dash - text), to_len = (int)(text + len - dash - 1);
    *from = junqi_square_parse(b, text, from_len);
    *to = junqi_square_parse(b, dash + 1, to_len);
    if (*from < 0 || *to < 0) {
        bool first = *from < 0;
        snprintf(err, n, _("'%.*s' (in '%.*s') is not a square of the %s board"), first ? from_len : to_len,
                 first ? text : dash + 1, (int)len, text, _(b->name));
        return false;
    }
    if (*from == *to) {
        snprintf(err, n, _("'%.*s' goes nowhere: an arrow joins two different squares"), (int)len, text);
        return false;
    }
    return true;
}

bool junqi_notes_parse(junqi_notes *a, const junqi_board *b, const char *text, bool arrow,
                       char *err, size_t n)
{
    const char *colon = strchr(text, ':');
    size_t len = colon ? (size_t)(colon - text) : strlen(text);
    junqi_rgba colour;
    if (colon && !junqi_colour_parse(colon + 1, &colour)) {
        snprintf(err, n, _("'%s' is not a colour (a name such as red, or #RRGGBB)"), colon + 1);
        return false;
    }
    int from, to;
    if (arrow && !arrow_squares(b, text, len, &from, &to, err, n))
        return false;
    if (!arrow && (from = to = memchr(text, '-', len) ? -1 : junqi_square_parse(b, text, (int)len)) < 0) {
        snprintf(err, n, _("'%.*s' is not a square of the %s board"), (int)len, text, _(b->name));
        return false;
    }
    if (!junqi_notes_add(a, from, to, colon ? &colour : NULL)) {
        snprintf(err, n, _("out of memory"));
        return false;
    }
    return true;
}

/* Where the problems of one comment's commands are said (junqi_notes_check);
 * reading for a picture passes none, and skips what it cannot draw. */
typedef struct command_check {
    junqi_diags *d;
    const junqi_comment *c;
    size_t ply; /* the comment's ply, in the record's numbering */
} command_check;

/* The place of `at` in comment c's text. The comment's place is its '{'; its
 * text is what the reader made of it, so the columns after a backslash or a
 * control character (written `\\`, `\xHH` or as it is) cannot be told: the
 * place is then the comment's. A binary record's comment keeps its entry. */
static junqi_loc text_loc(const junqi_comment *c, const char *at)
{
    junqi_loc loc = c->loc;
    if (loc.line <= 0 || loc.column <= 0)
        return loc;
    loc.column++; /* past the '{' */
    for (const unsigned char *p = (const unsigned char *)c->text; p < (const unsigned char *)at; p++) {
        if (*p == '\n') {
            loc.line++;
            loc.column = 1;
        } else if (*p == '\\' || (*p < 0x20 && *p != '\t') || *p == 0x7f) {
            return c->loc;
        } else if ((*p & 0xC0) != 0x80) { /* a character's first byte; "\}" for a '}' */
            loc.column += *p == '}' ? 2 : 1;
        }
    }
    return loc;
}

/* Say that command `cmd` (len bytes) cannot be drawn, and `why`, at `at` in its comment. */
static void bad_command(const command_check *check, const char *cmd, size_t len, const char *at, const char *why)
{
    if (!check)
        return;
    char shown[JUNQI_QUOTE_SIZE];
    junqi_quote(shown, cmd, len);
    junqi_diags_add(check->d, JUNQI_CODE_BAD_COMMAND, -1, text_loc(check->c, at), "%s at ply %zu: %s; it is not drawn",
                    shown, check->ply, why);
}

/* One item of an [%arrow ...] or [%mark ...] command (the token at tok, k
 * bytes) onto a. False when memory runs out; an item that is no arrow or
 * square of board b is said to check (cmd, len: the command) and skipped. */
static bool command_item(junqi_notes *a, const junqi_board *b, const char *tok, size_t k, bool arrow,
                         const command_check *check, const char *cmd, size_t len)
{
    char text[JUNQI_QUOTE_SIZE], err[256];
    /* a token longer than any item is read, and quoted, cut: "...", no item either */
    junqi_quote(text, tok, k);
    bool ok = junqi_notes_parse(a, b, text, arrow, err, sizeof err);
    if (!ok && strcmp(err, _("out of memory")) == 0)
        return false;
    if (!ok)
        bad_command(check, cmd, len, tok, err);
    return true;
}

/* Whether the k bytes at s are a colour, into *colour. */
static bool colour_word(const char *s, size_t k, junqi_rgba *colour)
{
    char word[16];
    if (k == 0 || k >= sizeof word)
        return false;
    memcpy(word, s, k);
    word[k] = 0;
    return junqi_colour_parse(word, colour);
}

/* Apply the arguments of one [%arrow ...] or [%mark ...] command (len bytes
 * at args; the whole command is cmd_len bytes at cmd). A colour word colours
 * the item before it, and goes with an item that could not be read. */
static bool command_items(junqi_notes *a, const junqi_board *b, const char *args, size_t len, bool arrow,
                          const command_check *check, const char *cmd, size_t cmd_len)
{
    enum { NONE, READ, SKIPPED } before = NONE; /* the item before */
    for (size_t i = 0; i < len;) {
        size_t k = strcspn(args + i, " ,\t\n]");
        if (k > len - i)
            k = len - i;
        junqi_rgba colour;
        bool is_colour = before != NONE && colour_word(args + i, k, &colour);
        if (is_colour && before == READ) {
            a->items[a->n - 1].has_colour = true;
            a->items[a->n - 1].colour = colour;
        } else if (k > 0 && !is_colour) {
            size_t n = a->n;
            if (!command_item(a, b, args + i, k, arrow, check, cmd, cmd_len))
                return false;
            before = a->n > n ? READ : SKIPPED;
        }
        i += k + 1;
    }
    if (before == NONE) /* "[%arrow]": '' is no arrow, nor a square */
        return command_item(a, b, args, 0, arrow, check, cmd, cmd_len);
    return true;
}

/* Whether the n bytes at s are one to three numbers (a sign, digits, a
 * decimal point and digits) separated by blanks: the forms [%eval ...]
 * takes, "+1.20", "0.62 +1.20" and junqi-analyze's "0.67 0.56 +3.98". */
static bool eval_numbers(const char *s, size_t n)
{
    int numbers = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] == ' ' || s[i] == '\t') {
            i++;
            continue;
        }
        if (s[i] == '+' || s[i] == '-')
            i++;
        size_t digits = 0, point = 0;
        for (; i < n && ((s[i] >= '0' && s[i] <= '9') || (s[i] == '.' && !point)); i++)
            s[i] == '.' ? point++ : digits++;
        if (!digits || (i < n && s[i] != ' ' && s[i] != '\t') || ++numbers > 3)
            return false;
    }
    return numbers > 0;
}

/* Whether command text `cmd` ("[%name ...") is named `name`. */
static bool named(const char *cmd, const char *name)
{
    size_t n = strlen(name);
    return strncmp(cmd + 2, name, n) == 0 && !(isalnum((unsigned char)cmd[2 + n]) || cmd[2 + n] == '_');
}

/* Read the commands of comment text `text` as junqi_notes_from_comment()
 * does, saying to check (when not NULL) what cannot be drawn. */
static bool read_commands(junqi_notes *a, const junqi_board *b, const char *text, char *eval, size_t n,
                          const command_check *check)
{
    char name[32];
    const char *args, *cmd;
    size_t len;
    while ((cmd = strstr(text, "[%")) != NULL) {
        bool ours = named(cmd, "arrow") || named(cmd, "mark") || named(cmd, "eval");
        if (!junqi_jgn_next_command(&text, name, &args, &len)) { /* never closed */
            if (ours)
                bad_command(check, cmd, strlen(cmd), cmd, _("the command is never closed with ']'"));
            break;
        }
        size_t cmd_len = (size_t)(text - cmd);
        bool arrow = strcmp(name, "arrow") == 0;
        if ((arrow || strcmp(name, "mark") == 0) && !command_items(a, b, args, len, arrow, check, cmd, cmd_len))
            return false;
        if (strcmp(name, "eval") != 0)
            continue;
        if (!eval_numbers(args, len)) {
            char why[256], q[JUNQI_QUOTE_SIZE];
            snprintf(why, sizeof why, _("'%.*s' is not one to three numbers, such as 0.67 0.56 +3.98"),
                     junqi_quote(q, args, len), q);
            bad_command(check, cmd, cmd_len, len ? args : cmd, why);
        } else if (eval) {
            snprintf(eval, n, "%.*s", (int)len, args);
        }
    }
    return true;
}

bool junqi_notes_from_comment(junqi_notes *a, const junqi_board *b, const char *text, char *eval,
                              size_t n)
{
    return read_commands(a, b, text, eval, n, NULL);
}

/* ---- parts for flip_draw.c (draw_parts.h) ------------------------------------------ */

double junqi_draw_entries(const junqi_renderer *r, cairo_t *cr, double px, const char *const entry[], int n,
                          const char *sep, double x, double y, double room)
{
    double w[JUNQI_SEATS] = {0}, text_total = 0, sep_w = text_width(r, cr, r->theme->font, px, sep);
    for (int i = 0; i < n && i < JUNQI_SEATS; i++)
        text_total += w[i] = text_width(r, cr, r->theme->font, px, entry[i]);
    double gaps = sep_w * (n - 1), total = text_total + gaps, fit = total > room ? room / total : 1;
    if (fit < PLAYERS_MIN_FIT) { /* as draw_players: shrunk so far, then the widest cut short */
        fit = PLAYERS_MIN_FIT;
        total = cap_widths(w, room / fit - gaps) + gaps;
    }
    double at = x - total * fit / 2;
    for (int i = 0; i < n && i < JUNQI_SEATS; i++) {
        if (i > 0) {
            draw_text_cut(r, cr, r->theme->font, px * fit, sep, at, y, r->theme->label, sep_w * fit + 1);
            at += sep_w * fit;
        }
        draw_text_cut(r, cr, r->theme->font, px * fit, entry[i], at, y, r->theme->label, w[i] * fit + 1);
        at += w[i] * fit;
    }
    return total * fit;
}

double junqi_draw_label(const junqi_renderer *r, cairo_t *cr, double px, const char *text, double x, double y,
                        junqi_rgba colour, double max_w)
{
    return draw_text(r, cr, r->theme->font, px, text, x, y, colour, max_w, 0, false);
}

void junqi_draw_glow(const junqi_renderer *r, cairo_t *cr, int p, double grow, junqi_rgba colour)
{
    point_box(r, cr, p, TURN_NONE, grow);
    set_colour(cr, colour);
    cairo_fill(cr);
}

void junqi_draw_arrow_between(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s, int from, int to,
                              junqi_rgba colour)
{
    draw_arrow(r, cr, from, to, target_turn(r, s, to), colour);
}

void junqi_draw_notes(const junqi_renderer *r, cairo_t *cr, const junqi_scene *s)
{
    draw_notes(r, cr, s);
}

void junqi_draw_disc(const junqi_renderer *r, cairo_t *cr, double x, double y, double rad, const char *text,
                     junqi_rgba fill, junqi_rgba ink)
{
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, rad, 0, 2 * PI);
    fill_and_edge(cr, fill, ink, fmax(1, rad * 0.12));
    draw_text(r, cr, r->theme->font, rad * 1.2, text, x, y, ink, rad * 1.5, rad * 1.25, false);
}

void junqi_draw_pill(const junqi_renderer *r, cairo_t *cr, double x, double y, double h, const char *text,
                     junqi_rgba fill, junqi_rgba ink)
{
    double w = text_width(r, cr, r->theme->font, h * 0.8, text) + h * 0.6;
    rounded_rect(cr, x - w / 2, y - h / 2, w, h, h * 0.45);
    fill_and_edge(cr, fill, ink, fmax(1, h * 0.08));
    draw_text(r, cr, r->theme->font, h * 0.8, text, x, y, ink, w, h * 0.8, false);
}

const junqi_theme *junqi_renderer_theme(const junqi_renderer *r)
{
    return r->theme;
}

const junqi_render_options *junqi_renderer_options(const junqi_renderer *r)
{
    return &r->opt;
}

int junqi_renderer_tile_pad(const junqi_renderer *r)
{
    return r->tile_pad;
}

junqi_flip_tiles **junqi_renderer_flip_tiles(junqi_renderer *r)
{
    return &r->flip_tiles;
}

/* The main-line items whose comments belong to ply `ply`: from just after
 * move `ply` up to and including move ply+1. */
static void ply_items(const junqi_line *line, size_t ply, size_t *lo, size_t *hi)
{
    size_t moves = 0, i;
    *lo = 0;
    for (i = 0; i < line->nitems; i++) {
        if (line->items[i].kind != JUNQI_ITEM_MOVE)
            continue;
        if (moves++ == ply)
            break;
        *lo = i + 1;
    }
    *hi = i;
}

bool junqi_notes_at_ply(junqi_notes *a, const junqi_game *g, size_t ply, char *eval, size_t n)
{
    const junqi_line *line = &g->main;
    const junqi_board *b = junqi_rules_board(g->rules);
    size_t lo, hi;
    ply_items(line, ply, &lo, &hi);
    if (eval && n)
        eval[0] = 0;
    for (size_t i = 0; i < line->ncomments; i++) {
        const junqi_comment *c = &line->comments[i];
        if (c->before >= lo && c->before <= hi &&
            !junqi_notes_from_comment(a, b, c->text, eval, n))
            return false;
    }
    return true;
}

bool junqi_notes_check(const junqi_game *g, size_t first, size_t last, junqi_diags *d)
{
    const junqi_line *line = &g->main;
    const junqi_board *b = junqi_rules_board(g->rules);
    size_t item = 0, ply = 0; /* the moves among the items before `item` */
    bool ok = true;
    for (size_t i = 0; ok && i < line->ncomments; i++) {
        const junqi_comment *c = &line->comments[i];
        if (c->before < item) /* comments come in order; this one did not */
            item = ply = 0;
        for (; item < c->before && item < line->nitems; item++)
            ply += line->items[item].kind == JUNQI_ITEM_MOVE;
        if (ply < first || ply > last)
            continue;
        command_check check = {d, c, ply + junqi_game_first_number(g) - 1};
        junqi_notes scratch = {0};
        ok = read_commands(&scratch, b, c->text, NULL, 0, &check);
        junqi_notes_free(&scratch);
    }
    return ok;
}
