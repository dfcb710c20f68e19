/* SPDX-License-Identifier: MIT */
/*
 * test_render.c - the render library: the geometry of both boards for every
 * bottom seat, PNGs that decode to the right size, identical bytes for the
 * same position, SVG with a viewBox, a GIF with one frame per position
 * and its frame delays held to what a GIF stores, --infer labels that
 * stay on their tiles (turned or not),
 * annotations and colours. (Well-formed SVG is checked with a real XML
 * parser in tests/cli/render.sh, the SVG against the PNG in Chromium in
 * tests/cli/render-browser.sh.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <math.h>
#include <unistd.h>

#include <gif_lib.h>
#include <png.h>

#include "annotread.h"
#include "draw.h"
#include "draw_parts.h"
#include "flip_draw.h"
#include "giftest.h"
#include "graph.h"
#include "jgn.h"
#include "output.h"
#include "testutil.h"

#define SAMPLE "samples/qq/jgs-000001.jgs"
#define SHORT_REPLAY "tests/data/perft/replays/jgs-000281.jgs"

/* ---- helpers ------------------------------------------------------------------ */

static junqi_render_options options_for(junqi_seat bottom, int size)
{
    return (junqi_render_options){junqi_theme_default(), JUNQI_NAMES_ZH, true, false, true, true,
                                  bottom, size};
}

/* A two-player position: the same 25 pieces for south and north. */
static void two_player_position(junqi_position *pos)
{
    static const uint8_t layout[6][5] = {
        {JUNQI_COLONEL, JUNQI_CAPTAIN, JUNQI_MAJOR_GENERAL, JUNQI_LIEUTENANT, JUNQI_ENGINEER},
        {JUNQI_ENGINEER, JUNQI_NONE, JUNQI_MAJOR, JUNQI_NONE, JUNQI_BRIGADIER},
        {JUNQI_MARSHAL, JUNQI_BOMB, JUNQI_NONE, JUNQI_GENERAL, JUNQI_CAPTAIN},
        {JUNQI_LIEUTENANT, JUNQI_NONE, JUNQI_BOMB, JUNQI_NONE, JUNQI_COLONEL},
        {JUNQI_CAPTAIN, JUNQI_LANDMINE, JUNQI_MAJOR_GENERAL, JUNQI_BRIGADIER, JUNQI_LIEUTENANT},
        {JUNQI_ENGINEER, JUNQI_FLAG, JUNQI_LANDMINE, JUNQI_LANDMINE, JUNQI_MAJOR},
    };
    junqi_position_init(pos, junqi_board_get(JUNQI_TWO_PLAYER),
                        junqi_rules_default(JUNQI_TWO_PLAYER),
                        JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
    junqi_position_place_setup(pos, JUNQI_SOUTH, layout);
    junqi_position_place_setup(pos, JUNQI_NORTH, layout);
}

/* A replay of `path` at `ply` (the caller frees *game). */
static junqi_replay replay_at(const char *path, size_t ply, junqi_game **game)
{
    *game = load_replay(source_path(path));
    assert_non_null(*game);
    junqi_replay r;
    assert_true(junqi_replay_start(&r, *game, NULL, NULL));
    junqi_replay_seek(&r, ply);
    return r;
}

static junqi_scene scene_of(const junqi_replay *r)
{
    return (junqi_scene){.pos = &r->pos, .ply = r->moves, .last_move = r->last_move,
                         .last_outcome = (junqi_outcome)r->last_outcome};
}

/* PNG bytes of a scene, in a malloc'ed buffer (*len bytes). */
static char *png_bytes(junqi_renderer *rd, const junqi_scene *s, size_t *len)
{
    char *buf = NULL, err[256];
    FILE *fp = open_memstream(&buf, len);
    assert_non_null(fp);
    cairo_surface_t *img = junqi_renderer_image(rd, s);
    assert_non_null(img);
    assert_true(junqi_png_write(fp, img, 1, err, sizeof err));
    assert_int_equal(fclose(fp), 0);
    return buf;
}

/* ---- geometry --------------------------------------------------------------------- */

/* Every point inside the board, and as far from every other point as the pitch
 * allows (less one pixel of rounding). */
static void check_layout(const junqi_geometry *g)
{
    const junqi_board *b = g->board;
    double x[JUNQI_MAX_POINTS], y[JUNQI_MAX_POINTS];
    for (int p = 0; p < b->npoints; p++) {
        junqi_geometry_point(g, p, &x[p], &y[p]);
        double half = (g->tile_w > g->tile_h ? g->tile_w : g->tile_h) / 2.0;
        if (x[p] - half < g->paper.x || x[p] + half > g->paper.x + g->paper.w ||
            y[p] - half < g->paper.y || y[p] + half > g->paper.y + g->paper.h)
            fail_msg("%s board, %s at the bottom, size %d: point %d at (%g, %g) is not inside "
                     "the board (%g, %g, %g × %g)", b->name, junqi_seat_name(g->bottom),
                     g->width > g->height ? g->width : g->height, p, x[p], y[p], g->paper.x,
                     g->paper.y, g->paper.w, g->paper.h);
        for (int q = 0; q < p; q++) {
            double dx = x[p] - x[q], dy = y[p] - y[q];
            if (sqrt(dx * dx + dy * dy) < g->pitch - 1.01)
                fail_msg("%s board, %s at the bottom: points %d and %d are %g px apart",
                         b->name, junqi_seat_name(g->bottom), p, q, sqrt(dx * dx + dy * dy));
        }
    }
    assert_true(g->paper.x >= 0 && g->paper.y >= 0);
    assert_true(g->paper.x + g->paper.w <= g->width && g->paper.y + g->paper.h <= g->height);
}

static void every_square_has_its_own_place_inside_the_picture_for_every_bottom(void **state)
{
    (void)state;
    static const int sizes[] = {JUNQI_GEOMETRY_MIN_SIZE, 333, 800, 2000};
    for (int kind = JUNQI_TWO_PLAYER; kind <= JUNQI_FOUR_PLAYER; kind++) {
        const junqi_board *b = junqi_board_get((junqi_board_kind)kind);
        for (int seat = 0; seat < JUNQI_SEATS; seat++) {
            if (!(b->seats & JUNQI_SEAT_BIT(seat)))
                continue;
            for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
                for (int extras = 0; extras < 4; extras++) {
                    junqi_geometry g;
                    junqi_geometry_options o = {sizes[i], (junqi_seat)seat, extras & 1,
                                                extras & 2 ? 2 : 0};
                    assert_true(junqi_geometry_init(&g, b, &o));
                    assert_int_equal(g.width > g.height ? g.width : g.height, sizes[i]);
                    check_layout(&g);
                }
        }
    }
}

static void the_bottom_seat_is_drawn_at_the_bottom(void **state)
{
    (void)state;
    const junqi_board *b = junqi_board_get(JUNQI_FOUR_PLAYER);
    for (int seat = 0; seat < JUNQI_SEATS; seat++) {
        junqi_geometry g;
        junqi_geometry_options o = {800, (junqi_seat)seat, true, 0};
        assert_true(junqi_geometry_init(&g, b, &o));
        assert_int_equal(junqi_geometry_side(&g, (junqi_seat)seat), JUNQI_SOUTH);
        assert_int_equal(junqi_geometry_side(&g, junqi_seat_opposite((junqi_seat)seat)),
                         JUNQI_NORTH);
        /* the seat's headquarters (its back row) are the lowest points of the picture */
        double hx, hy, lowest = 0;
        junqi_geometry_point(&g, b->arm_point[seat][5][1], &hx, &hy);
        for (int p = 0; p < b->npoints; p++) {
            double x, y;
            junqi_geometry_point(&g, p, &x, &y);
            lowest = y > lowest ? y : lowest;
        }
        assert_true(hy == lowest);
        assert_int_equal(junqi_geometry_files_across(&g), seat % 2 == 0);
    }
}

static void the_geometry_refuses_a_seat_without_an_arm_and_bad_sizes(void **state)
{
    (void)state;
    junqi_geometry g;
    const junqi_board *two = junqi_board_get(JUNQI_TWO_PLAYER);
    junqi_geometry_options o = {800, JUNQI_EAST, true, 0};
    assert_false(junqi_geometry_init(&g, two, &o));
    o.bottom = JUNQI_NO_SEAT;
    assert_false(junqi_geometry_init(&g, two, &o));
    o = (junqi_geometry_options){JUNQI_GEOMETRY_MIN_SIZE - 1, JUNQI_SOUTH, true, 0};
    assert_false(junqi_geometry_init(&g, two, &o));
    o.size = JUNQI_GEOMETRY_MAX_SIZE + 1;
    assert_false(junqi_geometry_init(&g, two, &o));
    char err[256];
    junqi_render_options ro = options_for(JUNQI_WEST, 800);
    assert_null(junqi_renderer_new(two, &ro, err, sizeof err));
    assert_non_null(strstr(err, "west"));
}

/* ---- pictures ----------------------------------------------------------------------- */

static void a_png_decodes_to_the_geometry_size(void **state)
{
    (void)state;
    junqi_game *game;
    junqi_replay r = replay_at(SAMPLE, 120, &game);
    for (int size = 300; size <= 900; size += 600) {
        junqi_render_options o = options_for(JUNQI_WEST, size);
        char err[256];
        junqi_renderer *rd = junqi_renderer_new(junqi_board_get(game->board), &o, err, sizeof err);
        assert_non_null(rd);
        junqi_scene s = scene_of(&r);
        size_t len;
        char *png = png_bytes(rd, &s, &len);
        png_image image = {.version = PNG_IMAGE_VERSION};
        assert_true(png_image_begin_read_from_memory(&image, png, len));
        const junqi_geometry *g = junqi_renderer_geometry(rd);
        assert_int_equal(image.width, g->width);
        assert_int_equal(image.height, g->height);
        assert_int_equal(image.width > image.height ? image.width : image.height, size);
        png_image_free(&image);
        free(png);
        junqi_renderer_free(rd);
    }
    junqi_game_free(game);
}

static void the_same_position_gives_the_same_bytes(void **state)
{
    (void)state;
    junqi_position pos;
    two_player_position(&pos);
    junqi_scene s = {.pos = &pos, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
    junqi_render_options o = options_for(JUNQI_NORTH, 500);
    char err[256];
    junqi_renderer *a = junqi_renderer_new(pos.board, &o, err, sizeof err);
    junqi_renderer *b = junqi_renderer_new(pos.board, &o, err, sizeof err);
    assert_non_null(a);
    assert_non_null(b);
    size_t la, lb, lc;
    char *pa = png_bytes(a, &s, &la), *pb = png_bytes(b, &s, &lb), *pc = png_bytes(a, &s, &lc);
    assert_int_equal(la, lb);
    assert_memory_equal(pa, pb, la);
    assert_int_equal(la, lc);
    assert_memory_equal(pa, pc, la);
    free(pa);
    free(pb);
    free(pc);
    junqi_renderer_free(a);
    junqi_renderer_free(b);
}

static void an_svg_has_the_picture_size_as_its_viewbox(void **state)
{
    (void)state;
    junqi_game *game;
    junqi_replay r = replay_at(SAMPLE, 60, &game);
    junqi_render_options o = options_for(JUNQI_SOUTH, 640);
    char err[256], *buf = NULL;
    junqi_renderer *rd = junqi_renderer_new(junqi_board_get(game->board), &o, err, sizeof err);
    assert_non_null(rd);
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    size_t len;
    FILE *fp = open_memstream(&buf, &len);
    cairo_surface_t *svg = junqi_svg_surface(fp, g->width, g->height);
    cairo_t *cr = cairo_create(svg);
    junqi_scene s = scene_of(&r);
    junqi_renderer_draw(rd, cr, &s);
    cairo_destroy(cr);
    assert_true(junqi_svg_finish(svg, err, sizeof err));
    fclose(fp);
    char viewbox[64];
    snprintf(viewbox, sizeof viewbox, "viewBox=\"0 0 %d %d\"", g->width, g->height);
    assert_non_null(strstr(buf, "<svg"));
    assert_non_null(strstr(buf, viewbox));
    assert_non_null(strstr(buf, "</svg>"));
    free(buf);
    junqi_renderer_free(rd);
    junqi_game_free(game);
}

/* A GIF a test writes in memory: gif_start(), a gif_add() a frame, gif_done(); then its bytes are
 * buf (len bytes, the caller frees them). */
typedef struct test_gif {
    junqi_renderer *rd;
    junqi_gif *gif;
    FILE *fp;
    char *buf;
    size_t len;
} test_gif;

static void gif_start(test_gif *t, junqi_renderer *rd)
{
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    char err[256];
    *t = (test_gif){.rd = rd};
    t->fp = open_memstream(&t->buf, &t->len);
    assert_non_null(t->fp);
    t->gif = junqi_gif_begin(t->fp, g->width, g->height, junqi_theme_default(), err, sizeof err);
    assert_non_null(t->gif);
}

static void gif_add(test_gif *t, const junqi_scene *s, int delay_ms)
{
    char err[256];
    assert_true(junqi_gif_frame(t->gif, junqi_renderer_image(t->rd, s), delay_ms, err, sizeof err));
}

static void gif_done(test_gif *t)
{
    char err[256];
    assert_true(junqi_gif_end(t->gif, err, sizeof err));
    assert_int_equal(fclose(t->fp), 0);
}

static void a_gif_of_a_replay_has_one_frame_per_move_and_the_start(void **state)
{
    (void)state;
    junqi_game *game;
    junqi_replay r = replay_at(SHORT_REPLAY, 0, &game);
    size_t moves = junqi_game_moves(game);
    junqi_render_options o = options_for(JUNQI_SOUTH, 400);
    char err[256];
    junqi_renderer *rd = junqi_renderer_new(junqi_board_get(game->board), &o, err, sizeof err);
    assert_non_null(rd);
    test_gif t;
    gif_start(&t, rd);
    for (size_t ply = 0; ply <= moves; ply++) {
        junqi_replay_seek(&r, ply);
        junqi_scene s = scene_of(&r);
        gif_add(&t, &s, 300);
    }
    gif_done(&t);
    int width, height;
    assert_int_equal(gif_frames(t.buf, t.len, &width, &height), (int)moves + 1);
    assert_int_equal(width, junqi_renderer_geometry(rd)->width);
    assert_int_equal(height, junqi_renderer_geometry(rd)->height);
    free(t.buf);
    junqi_renderer_free(rd);
    junqi_game_free(game);
}

/* A frame's delay is stored in 16 bits of hundredths of a second: a longer delay is held at the
 * longest, 655.35 s (3276750 ms was stored as 65531 hundredths, mod 65536), and a shorter one than
 * 20 ms, 0 and negative ones included, at 2 hundredths (browsers play 0 and 1 at 100 ms). */
static void a_gif_frame_delay_is_held_to_what_a_gif_can_store(void **state)
{
    (void)state;
    static const int asked[] = {0,      4,      14,      JUNQI_GIF_MIN_DELAY_MS, 24, 25, 300, 655340,
                                JUNQI_GIF_MAX_DELAY_MS, 655354, 655355, 3276750, INT_MAX, -1, INT_MIN};
    static const int stored[] = {2, 2, 2, 2, 2, 3, 30, 65534, 65535, 65535, 65535, 65535, 65535, 2, 2};
    enum { FRAMES = sizeof asked / sizeof asked[0] };
    junqi_position pos;
    two_player_position(&pos);
    junqi_scene s = {.pos = &pos, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
    junqi_render_options o = options_for(JUNQI_SOUTH, JUNQI_GEOMETRY_MIN_SIZE);
    char err[256];
    junqi_renderer *rd = junqi_renderer_new(pos.board, &o, err, sizeof err);
    assert_non_null(rd);
    test_gif t;
    gif_start(&t, rd);
    for (int i = 0; i < FRAMES; i++)
        gif_add(&t, &s, asked[i]);
    gif_done(&t);
    int width, height, delays[FRAMES];
    assert_int_equal(gif_read(t.buf, t.len, &width, &height, delays, FRAMES), FRAMES);
    for (int i = 0; i < FRAMES; i++)
        if (delays[i] != stored[i])
            fail_msg("a delay of %d ms: stored as %d hundredths of a second, not %d", asked[i], delays[i], stored[i]);
    free(t.buf);
    junqi_renderer_free(rd);
}

static void every_board_theme_and_name_style_draws(void **state)
{
    (void)state;
    junqi_position two;
    two_player_position(&two);
    junqi_game *game;
    junqi_replay r = replay_at(SAMPLE, 300, &game);
    junqi_position dark;
    junqi_position_view(&dark, &r.pos, JUNQI_SOUTH, JUNQI_DARK);
    const junqi_position *positions[] = {&two, &r.pos, &dark};
    const char *themes[] = {"classic", "contrast"};
    for (size_t i = 0; i < 3; i++)
        for (size_t t = 0; t < 2; t++)
            for (int names = JUNQI_NAMES_ZH; names <= JUNQI_NAMES_RANK; names++) {
                junqi_render_options o = options_for(JUNQI_NORTH, 300);
                o.theme = junqi_theme_get(themes[t]);
                o.names = (junqi_names)names;
                o.rank_corner = o.upright = names % 2;
                char err[512];
                junqi_renderer *rd = junqi_renderer_new(positions[i]->board, &o, err, sizeof err);
                if (!rd)
                    fail_msg("%s", err);
                junqi_scene s = {.pos = positions[i], .last_move = {0, 1},
                                 .last_outcome = JUNQI_BOTH_REMOVED, .players = {"甲", "乙"}};
                assert_non_null(junqi_renderer_image(rd, &s));
                junqi_renderer_free(rd);
            }
    junqi_game_free(game);
}

/* The pixels of image (RGB24, as junqi_renderer_image() gives it), copied. */
static uint32_t *pixels_of(cairo_surface_t *image)
{
    assert_non_null(image);
    int w = cairo_image_surface_get_width(image), h = cairo_image_surface_get_height(image);
    int stride = cairo_image_surface_get_stride(image);
    uint32_t *copy = malloc((size_t)w * (size_t)h * sizeof *copy);
    assert_non_null(copy);
    const unsigned char *data = cairo_image_surface_get_data(image);
    for (int y = 0; y < h; y++)
        memcpy(copy + (size_t)y * (size_t)w, data + (size_t)y * (size_t)stride, (size_t)w * sizeof *copy);
    return copy;
}

/* In a picture of rd whose pixels with --infer labels differ from those without at `changed`
 * (w × h, nonzero where they differ): every changed pixel lies on the tile itself (its box of
 * junqi_renderer_tile_rect() less the shadow's margin) of a hidden piece of pos, and every hidden
 * piece has a label. Returns a message, "" when all holds. */
static const char *labels_inside_tiles(junqi_renderer *rd, const junqi_position *pos, unsigned char *changed)
{
    static char why[256];
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    int pad = junqi_renderer_tile_pad(rd);
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        if (!c || JUNQI_CELL_PIECE(c) != JUNQI_UNKNOWN)
            continue;
        junqi_rect box = junqi_renderer_tile_rect(rd, JUNQI_CELL_SEAT(c), p);
        int x0 = (int)floor(box.x) + pad, y0 = (int)floor(box.y) + pad;
        int x1 = (int)ceil(box.x + box.w) - pad, y1 = (int)ceil(box.y + box.h) - pad, seen = 0;
        for (int y = y0 > 0 ? y0 : 0; y < y1 && y < g->height; y++)
            for (int x = x0 > 0 ? x0 : 0; x < x1 && x < g->width; x++) {
                seen += changed[(size_t)y * (size_t)g->width + (size_t)x] == 1;
                changed[(size_t)y * (size_t)g->width + (size_t)x] = 2; /* inside a hidden tile */
            }
        if (!seen) {
            snprintf(why, sizeof why, "the hidden piece on point %d has no label", p);
            return why;
        }
    }
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            if (changed[(size_t)y * (size_t)g->width + (size_t)x] == 1) {
                snprintf(why, sizeof why, "a label is drawn at (%d, %d), off every hidden piece's tile", x, y);
                return why;
            }
    return "";
}

/* --infer's labels (the likeliest kind and its percentage over each hidden piece) stay on their
 * tiles, those turned on the left and right of the four-player board too, whatever the names:
 * they were drawn upright and as wide as an upright tile, across the turned tiles' edges. */
static void infer_labels_stay_on_their_tiles_turned_or_not(void **state)
{
    (void)state;
    junqi_game *game;
    junqi_replay r = replay_at(SAMPLE, 0, &game);
    junqi_position dark;
    junqi_position_view(&dark, &r.pos, JUNQI_SOUTH, JUNQI_DARK);
    static double probs[JUNQI_MAX_POINTS][JUNQI_PIECE_KINDS];
    for (int p = 0; p < dark.board->npoints; p++) /* the longest name, and a two-digit percentage */
        probs[p][JUNQI_MAJOR_GENERAL] = 0.55, probs[p][JUNQI_ENGINEER] = 0.45;
    static const junqi_names names[] = {JUNQI_NAMES_ZH, JUNQI_NAMES_EN, JUNQI_NAMES_RANK};
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++)
        for (int bottom = 0; bottom < JUNQI_SEATS * 2; bottom++) { /* then each again, --upright */
            junqi_render_options o = options_for((junqi_seat)(bottom % JUNQI_SEATS), 500);
            o.names = names[n];
            o.upright = bottom >= JUNQI_SEATS;
            char err[512];
            junqi_renderer *rd = junqi_renderer_new(dark.board, &o, err, sizeof err);
            if (!rd)
                fail_msg("%s", err);
            junqi_scene s = {.pos = &dark, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
            uint32_t *plain = pixels_of(junqi_renderer_image(rd, &s));
            s.probs = (const double(*)[JUNQI_PIECE_KINDS])probs;
            uint32_t *labelled = pixels_of(junqi_renderer_image(rd, &s));
            const junqi_geometry *g = junqi_renderer_geometry(rd);
            size_t count = (size_t)g->width * (size_t)g->height;
            unsigned char *changed = malloc(count);
            assert_non_null(changed);
            for (size_t i = 0; i < count; i++)
                changed[i] = (plain[i] & 0xffffff) != (labelled[i] & 0xffffff);
            const char *why = labels_inside_tiles(rd, &dark, changed);
            if (*why)
                fail_msg("names %d, %s at the bottom%s: %s", (int)names[n], junqi_seat_name(o.bottom),
                         o.upright ? ", upright" : "", why);
            free(changed);
            free(plain);
            free(labelled);
            junqi_renderer_free(rd);
        }
    junqi_game_free(game);
}

/* The first pixel of the name of the tile on point p (its box less the shadow's margin and a fifth
 * of its shorter side all round, where the rounded corners and the edge are) at which `changed`
 * (nonzero where two pictures differ) is set, as "(x, y)"; "" when none. */
static const char *changed_in_name(junqi_renderer *rd, const junqi_position *pos, int p, const unsigned char *changed)
{
    static char where[64];
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    junqi_rect box = junqi_renderer_tile_rect(rd, JUNQI_CELL_SEAT(pos->cell[p]), p);
    double pad = junqi_renderer_tile_pad(rd), in = pad + fmin(box.w - 2 * pad, box.h - 2 * pad) * 0.2;
    for (int y = (int)ceil(box.y + in); y < (int)floor(box.y + box.h - in) && y < g->height; y++)
        for (int x = (int)ceil(box.x + in); x < (int)floor(box.x + box.w - in) && x < g->width; x++)
            if (x >= 0 && y >= 0 && changed[(size_t)y * (size_t)g->width + (size_t)x]) {
                snprintf(where, sizeof where, "(%d, %d)", x, y);
                return where;
            }
    return "";
}

/* Every move from a bare point to a neighbouring tile (across, along, diagonally; into tiles
 * turned or not) drawn as the last move in rd's pictures of pos: its arrow leaves the tile's
 * name clear. */
static void arrows_miss_the_names(junqi_renderer *rd, const junqi_position *pos, const char *what)
{
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    junqi_scene s = {.pos = pos, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
    uint32_t *plain = pixels_of(junqi_renderer_image(rd, &s));
    size_t count = (size_t)g->width * (size_t)g->height;
    unsigned char *changed = malloc(count);
    assert_non_null(changed);
    for (int to = 0; to < pos->board->npoints; to++)
        for (int from = 0; pos->cell[to] && from < pos->board->npoints; from++) {
            double x0, y0, x1, y1;
            junqi_geometry_point(g, from, &x0, &y0);
            junqi_geometry_point(g, to, &x1, &y1);
            if (pos->cell[from] || hypot(x1 - x0, y1 - y0) > g->pitch * 1.5)
                continue;
            s.last_move = (junqi_move){(uint8_t)from, (uint8_t)to};
            uint32_t *moved = pixels_of(junqi_renderer_image(rd, &s));
            for (size_t i = 0; i < count; i++)
                changed[i] = (plain[i] & 0xffffff) != (moved[i] & 0xffffff);
            const char *at = changed_in_name(rd, pos, to, changed);
            char a[4], b[4];
            if (*at)
                fail_msg("%s: the arrow of %s-%s covers the name of the tile there at %s", what,
                         junqi_square_name(pos->board, from, a), junqi_square_name(pos->board, to, b), at);
            free(moved);
        }
    free(changed);
    free(plain);
}

/* The combat badge (吃) of a capture on a tile turned towards the seat on the left or right sits on
 * that tile's top-left corner, as on an upright tile: it was placed by an upright tile's size,
 * beside the tall tile over the arrow. The badge is what a capture's picture adds to the same
 * move's without combat. */
static void the_combat_badge_sits_on_a_turned_tiles_corner(void **state)
{
    (void)state;
    junqi_game *game;
    junqi_replay r = replay_at(SAMPLE, 0, &game);
    junqi_render_options o = options_for(JUNQI_SOUTH, 1000);
    char err[256];
    junqi_renderer *rd = junqi_renderer_new(r.pos.board, &o, err, sizeof err);
    assert_non_null(rd);
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    char to_name[] = "c9", from_name[] = "d9"; /* west's tile, and the camp east of it */
    int to = junqi_square_parse(r.pos.board, to_name, 2), from = junqi_square_parse(r.pos.board, from_name, 2);
    assert_true(to >= 0 && from >= 0 && r.pos.cell[to] && !r.pos.cell[from]);
    assert_int_equal(JUNQI_CELL_SEAT(r.pos.cell[to]), JUNQI_WEST);
    junqi_scene s = {.pos = &r.pos, .last_move = {(uint8_t)from, (uint8_t)to}};
    uint32_t *plain = pixels_of(junqi_renderer_image(rd, &s));
    s.last_outcome = JUNQI_ATTACKER_WINS;
    uint32_t *badge = pixels_of(junqi_renderer_image(rd, &s));
    int left = g->width, right = -1, top = g->height, bottom = -1;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            if ((plain[y * g->width + x] & 0xffffff) != (badge[y * g->width + x] & 0xffffff))
                left = x < left ? x : left, right = x > right ? x : right, top = y < top ? y : top,
                bottom = y > bottom ? y : bottom;
    assert_true(right >= left);
    junqi_rect box = junqi_renderer_tile_rect(rd, JUNQI_WEST, to);
    double pad = junqi_renderer_tile_pad(rd), rad = fmax(6, g->tile_h * 0.44);
    double dx = (left + right) / 2.0 - (box.x + pad), dy = (top + bottom) / 2.0 - (box.y + pad);
    if (hypot(dx, dy) > rad * 0.5)
        fail_msg("the badge's middle is (%.1f, %.1f) from the turned tile's top-left corner", dx, dy);
    free(plain);
    free(badge);
    junqi_renderer_free(rd);
    junqi_game_free(game);
}

/* The last move's arrow ends at the edge of the tile it reaches: it ended a fixed 0.3 tile
 * heights short of the point's middle, which on a sideways move (into a tile twice as wide as
 * high) or into a tile turned towards a seat on the left or right put its head over the name. */
static void a_last_moves_arrow_leaves_the_names_clear(void **state)
{
    (void)state;
    junqi_game *game;
    junqi_replay r = replay_at(SAMPLE, 0, &game);
    junqi_position two;
    two_player_position(&two);
    static const struct { junqi_seat bottom; const char *what; } cases[] = {
        {JUNQI_SOUTH, "four-player board, south at the bottom"},
        {JUNQI_EAST, "four-player board, east at the bottom"},
        {JUNQI_SOUTH, "two-player board"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const junqi_position *pos = i < 2 ? &r.pos : &two;
        junqi_render_options o = options_for(cases[i].bottom, 500);
        char err[512];
        junqi_renderer *rd = junqi_renderer_new(pos->board, &o, err, sizeof err);
        if (!rd)
            fail_msg("%s", err);
        arrows_miss_the_names(rd, pos, cases[i].what);
        junqi_renderer_free(rd);
    }
    junqi_game_free(game);
}

/* The pixels of a tile of piece p, seat `seat`, drawn by rd upright in an image of its box,
 * where its text is: 1 where a pixel is nearer the style's text colour than its fill. */
static unsigned char *tile_ink(junqi_renderer *rd, int seat, junqi_piece p, int *w, int *h)
{
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    const junqi_seat_style *st = junqi_theme_seat(junqi_theme_default(), g->board->kind, (junqi_seat)seat);
    *w = (int)ceil(g->tile_w), *h = (int)ceil(g->tile_h);
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, *w, *h);
    cairo_t *cr = cairo_create(img);
    cairo_translate(cr, *w / 2.0, *h / 2.0);
    junqi_draw_tile_shape(rd, cr, st, NULL, p);
    cairo_destroy(cr);
    cairo_surface_flush(img);
    uint32_t *px = pixels_of(img);
    unsigned char *ink = malloc((size_t)*w * (size_t)*h);
    assert_non_null(ink);
    for (int i = 0; i < *w * *h; i++) {
        double c[3] = {(px[i] >> 16 & 255) / 255.0, (px[i] >> 8 & 255) / 255.0, (px[i] & 255) / 255.0};
        double text = fabs(c[0] - st->text.r) + fabs(c[1] - st->text.g) + fabs(c[2] - st->text.b);
        double fill = fabs(c[0] - st->fill.r) + fabs(c[1] - st->fill.g) + fabs(c[2] - st->fill.b);
        ink[i] = text < fill;
    }
    free(px);
    cairo_surface_destroy(img);
    return ink;
}

/* The box of the set pixels of ink (w × h): its left, top, right and bottom (exclusive). */
static void ink_box(const unsigned char *ink, int w, int h, int box[4])
{
    box[0] = w, box[1] = h, box[2] = 0, box[3] = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (ink[y * w + x]) {
                box[0] = x < box[0] ? x : box[0], box[1] = y < box[1] ? y : box[1];
                box[2] = x + 1 > box[2] ? x + 1 : box[2], box[3] = y + 1 > box[3] ? y + 1 : box[3];
            }
}

/* Under --names rank, a 6 (brigadier) and a 9 (marshal) on tiles turned towards the seats on the
 * left and right (a quarter turn one way or the other) are told apart: a 6 turned a quarter
 * clockwise is a 9 turned a quarter anticlockwise, so the left seat's brigadiers looked like the
 * right seat's marshals. The ink of a 6 is not the ink of a 9 turned half round (each taken in
 * the box of its ink). */
static void a_turned_6_is_not_a_turned_9(void **state)
{
    (void)state;
    junqi_render_options o = options_for(JUNQI_SOUTH, 2400);
    o.names = JUNQI_NAMES_RANK;
    o.rank_corner = false; /* the name alone */
    char err[256];
    junqi_renderer *rd = junqi_renderer_new(junqi_board_get(JUNQI_FOUR_PLAYER), &o, err, sizeof err);
    assert_non_null(rd);
    int w, h, differ = 0, inked = 0, a[4], b[4];
    unsigned char *six = tile_ink(rd, JUNQI_WEST, JUNQI_BRIGADIER, &w, &h);
    unsigned char *nine = tile_ink(rd, JUNQI_WEST, JUNQI_MARSHAL, &w, &h);
    ink_box(six, w, h, a);
    ink_box(nine, w, h, b);
    for (int y = 0; y < a[3] - a[1]; y++)
        for (int x = 0; x < a[2] - a[0]; x++) {
            int turned_x = b[2] - 1 - x, turned_y = b[3] - 1 - y; /* the 9 turned half round */
            bool in_nine = turned_x >= b[0] && turned_y >= b[1] && nine[turned_y * w + turned_x];
            inked += six[(a[1] + y) * w + a[0] + x];
            differ += six[(a[1] + y) * w + a[0] + x] != in_nine;
        }
    if (differ * 2 < inked) /* 37 of 169 when they were not underlined; 249 of 206 underlined */
        fail_msg("a 6 and a 9 turned half round differ in %d of the 6's %d inked pixels", differ, inked);
    free(six);
    free(nine);
    junqi_renderer_free(rd);
}

/* The rows of the caption's first line (the players) that rd's picture of s inks: the first
 * and the last, *top and *bottom; and its leftmost and rightmost inked columns. */
static void players_line_ink(junqi_renderer *rd, const junqi_scene *s, int *top, int *bottom, int *left,
                             int *right)
{
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    uint32_t *px = pixels_of(junqi_renderer_image(rd, s));
    uint32_t paper = px[0] & 0xffffff;
    int y0 = (int)(g->caption.y + (g->caption.h - 2 * g->caption_line) / 2);
    *top = g->height, *bottom = -1, *left = g->width, *right = -1;
    for (int y = y0 > 0 ? y0 : 0; y < y0 + (int)g->caption_line; y++)
        for (int x = 0; x < g->width; x++)
            if ((px[(size_t)y * (size_t)g->width + (size_t)x] & 0xffffff) != paper) {
                *top = y < *top ? y : *top, *bottom = y > *bottom ? y : *bottom;
                *left = x < *left ? x : *left, *right = x > *right ? x : *right;
            }
    free(px);
}

/* A renderer with captions of the two-player board at size pixels, south at the bottom, and the
 * board's position into *two. */
static junqi_renderer *two_player_caption_renderer(junqi_position *two, int size)
{
    two_player_position(two);
    junqi_render_options o = options_for(JUNQI_SOUTH, size);
    o.caption = true;
    char err[256];
    junqi_renderer *rd = junqi_renderer_new(two->board, &o, err, sizeof err);
    assert_non_null(rd);
    return rd;
}

/* The first game of the JGN file at path (from the source tree's top), which the caller frees. */
static junqi_game *jgn_game(const char *path)
{
    size_t len;
    char *text = (char *)read_file(source_path(path), &len);
    assert_non_null(text);
    junqi_game *g = junqi_jgn_parse(text, len, path, 0, NULL);
    free(text);
    assert_non_null(g);
    return g;
}

/* tests/data/flip/fanqi.jgn replayed into *rp to ply 10, where both colours are assigned (the
 * caption's "South red NAME · North blue NAME"). Returns the game, which the caller frees. */
static junqi_game *fanqi_at_ply_10(junqi_flip_replay *rp)
{
    junqi_game *g = jgn_game("tests/data/flip/fanqi.jgn");
    assert_true(junqi_flip_replay_start(rp, g, NULL, NULL));
    junqi_flip_replay_seek(rp, 10);
    return g;
}

/* The caption's first line of rd's picture of s with long names (long_names: south's, north's)
 * is at least 0.7 as high as with short ones, and inside the caption. */
static void long_names_keep_the_line(junqi_renderer *rd, junqi_scene *s, const char *long_names[2])
{
    int top, bottom, left, right, long_top, long_bottom;
    s->players[JUNQI_SOUTH] = "甲";
    s->players[JUNQI_NORTH] = "乙";
    players_line_ink(rd, s, &top, &bottom, &left, &right);
    s->players[JUNQI_SOUTH] = long_names[0];
    s->players[JUNQI_NORTH] = long_names[1];
    players_line_ink(rd, s, &long_top, &long_bottom, &left, &right);
    double height = bottom - top + 1, long_height = long_bottom - long_top + 1;
    if (long_height < height * 0.7)
        fail_msg("the players' line is %.0f pixels high with long names, %.0f with short ones%s", long_height, height,
                 s->flip ? " (a flip game)" : "");
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    if (left < g->caption.x || right >= g->caption.x + g->caption.w)
        fail_msg("the players' line spans x %d to %d, past the caption's %.0f to %.0f", left, right, g->caption.x,
                 g->caption.x + g->caption.w);
}

/* Players with long names keep a readable caption: its first line (the seats, their colours and
 * players) shrinks to fit down to three quarters of its size, and the names are cut short (…)
 * beyond. It shrank without end: two 25-character names on the two-player board at 800 pixels
 * were written 5 pixels high; a flip game's line too. */
static void long_players_names_are_cut_short_not_shrunk_away(void **state)
{
    (void)state;
    const char *long_names[2] = {"南方棋手李四（上海军棋协会会长兼总教练）",
                                 "Grandmaster Wang Xiaoming of the Beijing Junqi Club"};
    junqi_position two;
    junqi_renderer *rd = two_player_caption_renderer(&two, 800);
    junqi_scene s = {.pos = &two, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
    long_names_keep_the_line(rd, &s, long_names);
    junqi_flip_replay rp;
    junqi_game *g = fanqi_at_ply_10(&rp);
    junqi_scene f = {0};
    junqi_flip_scene(&f, &rp.pos, &rp, true);
    long_names_keep_the_line(rd, &f, long_names);
    junqi_game_free(g);
    junqi_renderer_free(rd);
}

/* Whether rd draws the caption's first line (the players) of scenes a and b alike, pixel for pixel. */
static bool players_lines_alike(junqi_renderer *rd, const junqi_scene *a, const junqi_scene *b)
{
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    int y0 = (int)(g->caption.y + (g->caption.h - 2 * g->caption_line) / 2);
    size_t from = (size_t)(y0 > 0 ? y0 : 0) * (size_t)g->width, n = (size_t)g->caption_line * (size_t)g->width;
    uint32_t *pa = pixels_of(junqi_renderer_image(rd, a)), *pb = pixels_of(junqi_renderer_image(rd, b));
    bool alike = memcmp(pa + from, pb + from, n * sizeof *pa) == 0;
    free(pa);
    free(pb);
    return alike;
}

/* A seat that is out keeps its （出局） after a long name cut short (…): the marker was cut off
 * with the end of the name, so that a caption of two long names no longer said who was out
 * (the four-player board at the end of jgs-000002 with long names: no 出局 left). The seat out
 * is not drawn as the seat in play whose player's name ends in the marker's words. */
static void a_seat_out_keeps_its_marker_after_a_long_name(void **state)
{
    (void)state;
    junqi_position two;
    junqi_renderer *rd = two_player_caption_renderer(&two, 800);
    const char *name = "Grandmaster Wang Xiaoming of the Beijing Junqi Club";
    char marked[128];
    snprintf(marked, sizeof marked, "%s（出局）", name); /* the marker of --names zh */
    junqi_scene in_play = {.pos = &two, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT},
                           .players = {marked, NULL, "南方棋手李四（上海军棋协会会长兼总教练）"}};
    junqi_position out = two;
    out.alive &= (uint8_t)~JUNQI_SEAT_BIT(JUNQI_NORTH);
    junqi_scene gone = in_play;
    gone.pos = &out;
    gone.players[JUNQI_NORTH] = name;
    if (players_lines_alike(rd, &in_play, &gone))
        fail_msg("north out is drawn as north in play named '%s': its marker was cut off", marked);
    junqi_renderer_free(rd);
}

/* A name longer than the caption's buffer (30 letters of three accents each, 210 bytes) ends in
 * "…" where the buffer cuts it, after a whole letter: it was cut at the last whole character,
 * a bare "e" whose accents were cut off, and drawn as a shorter name, whole, without a sign
 * that it was cut when it fitted the width. The name is not drawn as the text the buffer held. */
static void a_name_cut_at_the_buffer_ends_in_an_ellipsis(void **state)
{
    (void)state;
    char name[256] = "", held[256];
    for (int i = 0; i < 30; i++)
        strcat(name, "e\xcc\x81\xcc\x82\xcc\x83"); /* e and three combining accents */
    junqi_position two;
    junqi_renderer *rd = two_player_caption_renderer(&two, 800);
    /* what the 160-byte entry held of it after "北 " (4 bytes): 155 bytes, 22 letters and an e */
    snprintf(held, sizeof held, "%.155s", name);
    junqi_scene cut = {.pos = &two, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}, .players = {name, NULL, "乙"}};
    junqi_scene whole = cut;
    whole.players[JUNQI_NORTH] = held;
    if (players_lines_alike(rd, &cut, &whole))
        fail_msg("a name cut by the caption's buffer is drawn as the shorter name, whole, without …");
    junqi_renderer_free(rd);
}

/* The relative luminance of colour c (WCAG 2: sRGB linearised, weighted). */
static double luminance(junqi_rgba c)
{
    double v[3] = {c.r, c.g, c.b}, w[3] = {0.2126, 0.7152, 0.0722}, l = 0;
    for (int i = 0; i < 3; i++)
        l += w[i] * (v[i] <= 0.03928 ? v[i] / 12.92 : pow((v[i] + 0.055) / 1.055, 2.4));
    return l;
}

/* The contrast of a tile's text with the middle of its face, where the name is written: the face is
 * a gradient from the fill lightened by 22 % (top) to the fill darkened by 10 % (bottom), as
 * junqi_draw_tile_shape() paints it. */
static double tile_contrast(const junqi_seat_style *st)
{
    junqi_rgba mid = st->fill;
    mid.r = (st->fill.r + 0.22 * (1 - st->fill.r) + st->fill.r * 0.9) / 2;
    mid.g = (st->fill.g + 0.22 * (1 - st->fill.g) + st->fill.g * 0.9) / 2;
    mid.b = (st->fill.b + 0.22 * (1 - st->fill.b) + st->fill.b * 0.9) / 2;
    double a = luminance(mid), b = luminance(st->text);
    return (fmax(a, b) + 0.05) / (fmin(a, b) + 0.05);
}

/* Every tile's text, on every seat's and flip style's face of every theme, has the contrast WCAG 2
 * asks of normal text (4.5:1; tile names are 8 to 12 pixels high at the default size). Were below:
 * classic south's white on green 3.41, east's 4.34, and in the colour-blind-safe contrast theme
 * east's and the red flip tiles' white on vermilion 3.64. */
static void tile_text_has_the_contrast_of_normal_text(void **state)
{
    (void)state;
    static const char *const names[] = {"classic", "contrast"};
    static const char *const kinds[] = {"two-player", "four-player"};
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        const junqi_theme *t = junqi_theme_get(names[n]);
        assert_non_null(t);
        for (int k = 0; k < 2; k++)
            for (int seat = 0; seat < JUNQI_SEATS; seat++) {
                const junqi_seat_style *st = junqi_theme_seat(t, k ? JUNQI_FOUR_PLAYER : JUNQI_TWO_PLAYER, (junqi_seat)seat);
                if (tile_contrast(st) < 4.5)
                    fail_msg("%s, %s board, %s: text contrast %.2f", names[n], kinds[k],
                             junqi_seat_name((junqi_seat)seat), tile_contrast(st));
            }
        for (int style = 0; style < 2; style++) /* red, blue; the neutral back (2) is never named */
            if (tile_contrast(&t->flip[style]) < 4.5)
                fail_msg("%s, flip style %d: text contrast %.2f", names[n], style, tile_contrast(&t->flip[style]));
    }
}

/* A player's name longer than the caption's buffers (60 Chinese characters, 180 bytes) is cut
 * between characters: it was cut at a byte count, inside a character, and Pango, given the
 * broken UTF-8, wrote "Pango-WARNING **: Invalid UTF-8 string passed to pango_layout_set_text()"
 * on standard error for each picture (a flip game's caption too). */
static void a_long_name_is_cut_between_characters(void **state)
{
    (void)state;
    char name[3][256] = {"", "a", "ab"}; /* 0, 1, 2 bytes before the characters: every cut */
    for (int lead = 0; lead < 3; lead++)
        for (int i = 0; i < 60; i++)
            strcat(name[lead], "军");
    FILE *said = tmpfile(); /* standard error, while the pictures are drawn */
    assert_non_null(said);
    fflush(stderr);
    int saved = dup(2);
    assert_true(saved >= 0 && dup2(fileno(said), 2) == 2);
    junqi_position two;
    junqi_renderer *rd = two_player_caption_renderer(&two, 400);
    for (int lead = 0; lead < 3; lead++) {
        junqi_scene s = {.pos = &two, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
        s.players[JUNQI_NORTH] = name[lead];
        s.players[JUNQI_SOUTH] = name[(lead + 1) % 3];
        assert_non_null(junqi_renderer_image(rd, &s));
    }
    junqi_flip_replay rp;
    junqi_game *g = fanqi_at_ply_10(&rp);
    for (int lead = 0; lead < 3; lead++) {
        junqi_scene s = {0};
        junqi_flip_scene(&s, &rp.pos, &rp, true);
        s.players[JUNQI_SOUTH] = name[lead];
        s.players[JUNQI_NORTH] = name[(lead + 2) % 3];
        assert_non_null(junqi_renderer_image(rd, &s));
    }
    fflush(stderr);
    assert_int_equal(dup2(saved, 2), 2);
    close(saved);
    char text_said[512] = "";
    rewind(said);
    if (fread(text_said, 1, sizeof text_said - 1, said) > 0)
        fail_msg("said on standard error: %s", text_said);
    fclose(said);
    junqi_game_free(g);
    junqi_renderer_free(rd);
}

/* tests/data/html/marked.jgn, settled (the movers' seats, which the curves are drawn by), and its
 * annotation into *notes. */
static junqi_game *marked_game(junqi_annotation *notes)
{
    junqi_game *game = jgn_game("tests/data/html/marked.jgn");
    junqi_game_settle(game);
    assert_true(junqi_annotation_read(game, notes));
    assert_true(notes->nmoves > 5);
    return game;
}

/* The evaluation graph of game and notes, w x h, as grey pixels (freed by the caller). */
static unsigned char *graph_grey(const junqi_game *game, const junqi_annotation *notes, int w, int h)
{
    char *png = NULL, err[256];
    size_t len;
    FILE *fp = open_memstream(&png, &len);
    assert_non_null(fp);
    assert_true(junqi_graph_write(fp, JUNQI_IMAGE_PNG, game, notes, JUNQI_NO_SEAT, w, h, junqi_theme_default(), err,
                                  sizeof err));
    assert_int_equal(fclose(fp), 0);
    png_image image = {.version = PNG_IMAGE_VERSION};
    assert_true(png_image_begin_read_from_memory(&image, png, len));
    image.format = PNG_FORMAT_GRAY;
    unsigned char *grey = malloc(PNG_IMAGE_SIZE(image));
    assert_non_null(grey);
    assert_true(png_image_finish_read(&image, NULL, grey, 0, NULL));
    free(png);
    return grey;
}

/* The pixels of grey (w wide) in rows y0..y1-1 and columns x0..x1-1 that differ from the
 * background (its bottom-left pixel): their leftmost and rightmost columns, and their count. */
static int ink(const unsigned char *grey, int w, int h, int x0, int x1, int y0, int y1, int *left, int *right)
{
    int count = 0, background = grey[(h - 1) * w];
    *left = x1, *right = -1;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            if (abs(grey[y * w + x] - background) > 60)
                count++, *left = x < *left ? x : *left, *right = x > *right ? x : *right;
    return count;
}

/* The evaluation graph's "1" under the move axis stands under move 1: it stood at the axis's left
 * end, where the curves place no move (move k is k steps along), a whole step early: 60 pixels
 * in a graph of 15 moves. A game of no move has no "1". */
static void the_graphs_first_move_is_labelled_where_it_is_drawn(void **state)
{
    (void)state;
    junqi_annotation notes;
    junqi_game *game = marked_game(&notes);
    const int w = 960, h = 360;
    junqi_rect plot = junqi_graph_plot_area(w, h);
    int under = (int)(plot.y + plot.h) + 10, left, right; /* under the axis and its 0 %, left of the middle */
    unsigned char *grey = graph_grey(game, &notes, w, h);
    double move1 = plot.x + plot.w / (double)notes.nmoves; /* the curves' place of move 1 */
    assert_true(ink(grey, w, h, 0, w / 2, under, h - 8, &left, &right) > 0);
    if (fabs((left + right + 1) / 2.0 - move1) > 2)
        fail_msg("the label '1' spans x %d to %d; move 1 is drawn at x %.1f", left, right, move1);
    free(grey);
    size_t moves = notes.nmoves;
    notes.nmoves = 0;
    grey = graph_grey(game, &notes, w, h); /* "0 moves" ends at the axis's right end; a "1" stood across it */
    ink(grey, w, h, 0, w, under, h - 8, &left, &right);
    if (right > plot.x + plot.w + 1)
        fail_msg("a graph of no move has ink under its axis to x %d, past its end at %.0f", right, plot.x + plot.w);
    notes.nmoves = moves;
    free(grey);
    junqi_annotation_free(&notes);
    junqi_game_free(game);
}

/* A team none of whose moves is judged (--only-seat) has no curve, and the legend names none:
 * "as south saw it" stood beside north's with nothing drawn for it. */
static void the_graphs_legend_names_only_the_curves_drawn(void **state)
{
    (void)state;
    junqi_annotation notes;
    junqi_game *game = marked_game(&notes);
    const int w = 960, h = 360;
    junqi_rect plot = junqi_graph_plot_area(w, h);
    int left, right;
    unsigned char *grey = graph_grey(game, &notes, w, h);
    int both = ink(grey, w, h, w / 2, w, 0, (int)plot.y - 2, &left, &right);
    free(grey);
    unsigned team = JUNQI_SEAT_BIT(notes.moves[0].seat) | JUNQI_SEAT_BIT(junqi_seat_opposite(notes.moves[0].seat));
    for (size_t i = 0; i < notes.nmoves; i++) /* as --only-seat leaves it: the other team unjudged */
        notes.moves[i].judged &= (team >> notes.moves[i].seat) & 1;
    grey = graph_grey(game, &notes, w, h);
    int one = ink(grey, w, h, w / 2, w, 0, (int)plot.y - 2, &left, &right);
    free(grey);
    if (!(one > 0 && one < both * 2 / 3))
        fail_msg("the legend's ink: %d pixels with both teams judged, %d with one", both, one);
    junqi_annotation_free(&notes);
    junqi_game_free(game);
}

/* A renderer of board b's pictures with the piece names (and caption words) `names`. */
static junqi_renderer *names_renderer(const junqi_board *b, int names)
{
    junqi_render_options o = options_for(JUNQI_SOUTH, 300);
    o.names = (junqi_names)names;
    char err[512];
    junqi_renderer *rd = junqi_renderer_new(b, &o, err, sizeof err);
    if (!rd)
        fail_msg("%s", err);
    return rd;
}

/* Every reason a game can end for has its words in every caption script and in the page's. */
static void every_end_reason_is_named_in_every_status_line(void **state)
{
    (void)state;
    junqi_position pos;
    two_player_position(&pos);
    for (int names = JUNQI_NAMES_ZH; names <= JUNQI_NAMES_RANK; names++) {
        char text[512], message[512];
        junqi_renderer *rd = names_renderer(pos.board, names);
        junqi_scene s = {.pos = &pos, .ply = 7};
        pos.result = (junqi_result){JUNQI_DRAWN, 0, JUNQI_REASON_NONE, 0};
        char bare[512];
        junqi_renderer_status_text(rd, &s, bare, sizeof bare); /* "Move 7  ·  Draw": no reason */
        for (int reason = JUNQI_REASON_FLAG_CAPTURED; reason < JUNQI_REASON_COUNT; reason++) {
            pos.result = (junqi_result){JUNQI_DRAWN, 0, (uint8_t)reason, 0};
            junqi_renderer_status_text(rd, &s, text, sizeof text);
            junqi_renderer_status_message(rd, &s, message, sizeof message);
            if (strstr(text, "(null)") || strlen(text) <= strlen(bare) + 2 || strncmp(text, bare, strlen(bare)) != 0)
                fail_msg("names %d, reason %d: the caption's status line '%s' does not name the reason", names,
                         reason, text);
            if (!strstr(message, junqi_reason_name((junqi_reason)reason)))
                fail_msg("reason %d: the page's status line '%s' does not name it", reason, message);
        }
        junqi_renderer_free(rd);
    }
}

/* A formation's diagram is no game: its caption's status line names it ("Formation", 布局,
 * 布陣) and claims neither a move nor a seat to move ("Start · South to move", H9). */
static void a_formation_caption_claims_no_seat_to_move(void **state)
{
    (void)state;
    junqi_position pos;
    two_player_position(&pos);
    static const char *const want[] = {[JUNQI_NAMES_ZH] = "布局", [JUNQI_NAMES_ZH_HANT] = "布陣",
                                       [JUNQI_NAMES_EN] = "Formation"};
    for (int names = JUNQI_NAMES_ZH; names <= JUNQI_NAMES_RANK; names++) {
        char text[512], message[512];
        junqi_renderer *rd = names_renderer(pos.board, names);
        junqi_scene s = {.pos = &pos, .formation = true, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
        junqi_renderer_status_text(rd, &s, text, sizeof text);
        junqi_renderer_status_message(rd, &s, message, sizeof message);
        if (names < (int)(sizeof want / sizeof *want) && want[names] && strcmp(text, want[names]) != 0)
            fail_msg("names %d: a formation's caption says '%s', not '%s'", names, text, want[names]);
        if (strstr(text, "走棋") || strstr(text, "to move") || strcmp(message, "Formation") != 0)
            fail_msg("names %d: a formation's caption '%s' (page's words '%s') claims a seat to move", names, text,
                     message);
        junqi_renderer_free(rd);
    }
}

/* ---- annotations, colours, themes, formats ------------------------------------------ */

static void arrows_and_marks_parse_with_colours(void **state)
{
    (void)state;
    const junqi_board *four = junqi_board_get(JUNQI_FOUR_PLAYER);
    junqi_notes a = {0};
    char err[256];
    assert_true(junqi_notes_parse(&a, four, "g2-g6", true, err, sizeof err));
    assert_true(junqi_notes_parse(&a, four, "q10-a8:#00ff0080", true, err, sizeof err));
    assert_true(junqi_notes_parse(&a, four, "h5:green", false, err, sizeof err));
    assert_int_equal(a.n, 3);
    assert_int_equal(a.items[0].from, junqi_square_parse(four, "g2", 2));
    assert_int_equal(a.items[0].to, junqi_square_parse(four, "g6", 2));
    assert_false(a.items[0].has_colour);
    assert_true(a.items[1].has_colour);
    assert_true(a.items[1].colour.g == 1.0 && a.items[1].colour.r == 0.0);
    assert_true(a.items[1].colour.a > 0.5 && a.items[1].colour.a < 0.51);
    assert_int_equal(a.items[2].from, a.items[2].to);
    static const char *const bad_arrows[] = {"g2", "g2-g2", "a1-g6", "g2-g6:mauvish", "g2-g6:#12345", ""};
    for (size_t i = 0; i < sizeof bad_arrows / sizeof bad_arrows[0]; i++)
        assert_false(junqi_notes_parse(&a, four, bad_arrows[i], true, err, sizeof err));
    assert_false(junqi_notes_parse(&a, four, "g2-g6", false, err, sizeof err));
    assert_false(junqi_notes_parse(&a, junqi_board_get(JUNQI_TWO_PLAYER), "h5", false, err,
                                   sizeof err));
    assert_int_equal(a.n, 3);
    assert_true(junqi_notes_add(&a, 5, 9, NULL));
    assert_int_equal(a.n, 4);
    junqi_notes_free(&a);
    assert_int_equal(a.n, 0);
}

static void comment_commands_give_arrows_marks_and_the_evaluation(void **state)
{
    (void)state;
    const junqi_board *two = junqi_board_get(JUNQI_TWO_PLAYER);
    junqi_notes a = {0};
    char eval[64] = "";
    assert_true(junqi_notes_from_comment(
        &a, two, "good [%arrow b11-b12 red a1-a3] and [%mark c5 blue, d9] [%eval +1.5] [%eval +1.5 south] "
                 "[%clk 0:10] [%arrow z1-b2 green] [%mark", eval, sizeof eval));
    assert_int_equal(a.n, 4);
    assert_int_equal(a.items[0].from, junqi_square_parse(two, "b11", 3));
    assert_int_equal(a.items[0].to, junqi_square_parse(two, "b12", 3));
    assert_true(a.items[0].has_colour);
    assert_false(a.items[1].has_colour);
    assert_int_equal(a.items[2].from, a.items[2].to);
    assert_true(a.items[2].has_colour && a.items[2].colour.b > a.items[2].colour.r);
    assert_int_equal(a.items[3].from, junqi_square_parse(two, "d9", 2));
    assert_string_equal(eval, "+1.5"); /* "+1.5 south" is no evaluation: not drawn */
    static const char *const evals[][2] = {
        {"[%eval 0.67 0.56 +3.98]", "0.67 0.56 +3.98"}, {"[%eval  0.62 +1.20 ]", "0.62 +1.20"},
        {"[%eval -.5]", "-.5"}, {"[%eval 7.]", "7."}, {"[%eval 1 2 3 4]", ""}, {"[%eval]", ""},
        {"[%eval 1e3]", ""}, {"[%eval +]", ""}, {"[%eval 1.2.3]", ""}, {"[%eval nan]", ""}};
    for (size_t i = 0; i < sizeof evals / sizeof evals[0]; i++) {
        strcpy(eval, "");
        assert_true(junqi_notes_from_comment(&a, two, evals[i][0], eval, sizeof eval));
        assert_string_equal(eval, evals[i][1]);
    }
    junqi_notes_free(&a);
}

static void themes_and_formats_are_found_by_name(void **state)
{
    (void)state;
    assert_non_null(junqi_theme_get("classic"));
    assert_non_null(junqi_theme_get("contrast"));
    assert_null(junqi_theme_get("neon"));
    assert_true(junqi_theme_get("contrast")->seat_letters);
    junqi_rgba colours[64];
    int n = junqi_theme_colours(junqi_theme_default(), colours, 64);
    assert_true(n > 10 && n <= 64);
    junqi_image_format f;
    assert_true(junqi_image_format_from_path("game.GIF", &f));
    assert_int_equal(f, JUNQI_IMAGE_GIF);
    assert_true(junqi_image_format_from_path("dir.v2/board.svg", &f));
    assert_int_equal(f, JUNQI_IMAGE_SVG);
    assert_false(junqi_image_format_from_path("dir.png/board", &f));
    assert_false(junqi_image_format_from_path("board.jpg", &f));
    assert_true(junqi_image_format_parse("png", &f));
    assert_int_equal(f, JUNQI_IMAGE_PNG);
    assert_false(junqi_image_format_parse("PNG", &f));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_square_has_its_own_place_inside_the_picture_for_every_bottom),
        cmocka_unit_test(the_bottom_seat_is_drawn_at_the_bottom),
        cmocka_unit_test(the_geometry_refuses_a_seat_without_an_arm_and_bad_sizes),
        cmocka_unit_test(a_png_decodes_to_the_geometry_size),
        cmocka_unit_test(the_same_position_gives_the_same_bytes),
        cmocka_unit_test(an_svg_has_the_picture_size_as_its_viewbox),
        cmocka_unit_test(a_gif_of_a_replay_has_one_frame_per_move_and_the_start),
        cmocka_unit_test(a_gif_frame_delay_is_held_to_what_a_gif_can_store),
        cmocka_unit_test(every_board_theme_and_name_style_draws),
        cmocka_unit_test(infer_labels_stay_on_their_tiles_turned_or_not),
        cmocka_unit_test(a_last_moves_arrow_leaves_the_names_clear),
        cmocka_unit_test(the_combat_badge_sits_on_a_turned_tiles_corner),
        cmocka_unit_test(a_turned_6_is_not_a_turned_9),
        cmocka_unit_test(the_graphs_first_move_is_labelled_where_it_is_drawn),
        cmocka_unit_test(the_graphs_legend_names_only_the_curves_drawn),
        cmocka_unit_test(long_players_names_are_cut_short_not_shrunk_away),
        cmocka_unit_test(a_long_name_is_cut_between_characters),
        cmocka_unit_test(a_seat_out_keeps_its_marker_after_a_long_name),
        cmocka_unit_test(a_name_cut_at_the_buffer_ends_in_an_ellipsis),
        cmocka_unit_test(tile_text_has_the_contrast_of_normal_text),
        cmocka_unit_test(every_end_reason_is_named_in_every_status_line),
        cmocka_unit_test(a_formation_caption_claims_no_seat_to_move),
        cmocka_unit_test(arrows_and_marks_parse_with_colours),
        cmocka_unit_test(comment_commands_give_arrows_marks_and_the_evaluation),
        cmocka_unit_test(themes_and_formats_are_found_by_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
