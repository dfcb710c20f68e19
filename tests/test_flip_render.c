/* SPDX-License-Identifier: MIT */
/*
 * test_flip_render.c - pictures of flip games (render/flip_draw.h): face-up
 * tiles in their colour, face-down tiles as backs (neutral, or in their
 * colour when the backs show it), the last flip glowing on its point, a
 * stack's count badge in the carried colour, the same bytes for the same
 * scene, a GIF frame per action of a whole game.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <unistd.h>

#include "flip_draw.h"
#include "giftest.h"
#include "fliputil.h"
#include "jgn.h"
#include "output.h"
#include "testutil.h"

static junqi_render_options flip_options(void)
{
    return (junqi_render_options){junqi_theme_default(), JUNQI_NAMES_ZH, false, true, true, false, JUNQI_SOUTH, 600};
}

/* The colour of pixel (x, y) of an image surface. */
static junqi_rgba pixel(cairo_surface_t *img, double x, double y)
{
    const uint8_t *row = cairo_image_surface_get_data(img) + (int)y * cairo_image_surface_get_stride(img);
    uint32_t v = ((const uint32_t *)row)[(int)x];
    return (junqi_rgba){((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0, 1};
}

static double distance(junqi_rgba a, junqi_rgba b)
{
    return fabs(a.r - b.r) + fabs(a.g - b.g) + fabs(a.b - b.b);
}

/* The colour inside point p's tile, a little in from its left edge (away from the name). */
static junqi_rgba tile_colour(junqi_renderer *r, cairo_surface_t *img, const char *square)
{
    const junqi_geometry *g = junqi_renderer_geometry(r);
    double x, y;
    junqi_geometry_point(g, sq(square), &x, &y);
    return pixel(img, x - g->tile_w * 0.38, y + g->tile_h * 0.1);
}

static cairo_surface_t *draw(junqi_renderer *r, const junqi_flip *pos, bool known, bool has_last, junqi_action last)
{
    junqi_scene s = {.flip = pos, .flip_known = known, .flip_has_last = has_last, .flip_last = last,
                     .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}, .ply = pos->st.moves};
    cairo_surface_t *img = junqi_renderer_image(r, &s);
    assert_non_null(img);
    return img;
}

static void tiles_show_colours_and_backs(void **state)
{
    (void)state;
    junqi_render_options o = flip_options();
    char err[256];
    junqi_renderer *r = junqi_renderer_new(junqi_board_get(JUNQI_TWO_PLAYER), &o, err, sizeof err);
    assert_non_null(r);
    const junqi_theme *t = junqi_theme_default();
    junqi_flip pos = flip_build("fanqi", JUNQI_SOUTH, JUNQI_RED, "c5:r9 c9:b8 a6:*r3 e12:*b2 e1:rL");
    junqi_flip view;
    junqi_flip_view(&view, &pos);
    cairo_surface_t *img = draw(r, &view, false, false, fl("a6"));
    assert_true(distance(tile_colour(r, img, "c5"), t->flip[JUNQI_RED].fill) < 0.35);
    assert_true(distance(tile_colour(r, img, "c9"), t->flip[JUNQI_BLUE].fill) < 0.35);
    assert_true(distance(tile_colour(r, img, "a6"), t->flip[JUNQI_NO_COLOUR].fill) < 0.35);
    assert_true(distance(tile_colour(r, img, "e12"), t->flip[JUNQI_NO_COLOUR].fill) < 0.35);
    junqi_flip wiki = flip_build("fanqi_wiki", JUNQI_SOUTH, JUNQI_RED, "c5:r9 a6:*r3 e12:*b2");
    junqi_flip_view(&view, &wiki);
    img = draw(r, &view, false, false, fl("a6"));
    assert_true(distance(tile_colour(r, img, "a6"), t->flip[JUNQI_RED].fill) < 0.35); /* backs show colour */
    assert_true(distance(tile_colour(r, img, "e12"), t->flip[JUNQI_BLUE].fill) < 0.35);
    junqi_renderer_free(r);
}

static void the_last_flip_glows_and_a_stack_shows_its_count(void **state)
{
    (void)state;
    junqi_render_options o = flip_options();
    char err[256];
    junqi_renderer *r = junqi_renderer_new(junqi_board_get(JUNQI_TWO_PLAYER), &o, err, sizeof err);
    const junqi_theme *t = junqi_theme_default();
    const junqi_geometry *g = junqi_renderer_geometry(r);
    junqi_flip pos = flip_build("zuhe", JUNQI_NORTH, JUNQI_RED, "c5:r9 c9:b8 a3:r1(LL) e12:*b2");
    cairo_surface_t *img = draw(r, &pos, true, true, fl("c5"));
    double x, y;
    junqi_geometry_point(g, sq("c5"), &x, &y);
    junqi_rgba glow = pixel(img, x, y - g->tile_h * 0.5 - 2); /* just above the tile */
    assert_true(distance(glow, t->last_move) < 0.6);
    assert_true(distance(pixel(img, x, y - g->tile_h * 1.2), t->last_move) > 0.6); /* only there */
    junqi_geometry_point(g, sq("a3"), &x, &y);
    double rad = fmax(5, g->tile_h * 0.3);
    junqi_rgba badge = pixel(img, x + g->tile_w * 0.5 - rad * 0.3 + rad * 0.6, y - g->tile_h * 0.5 - rad * 0.2);
    assert_true(distance(badge, t->flip[JUNQI_BLUE].fill) < 0.35); /* the enemy's landmines it carries */
    junqi_renderer_free(r);
}

static void the_same_scene_gives_the_same_bytes_and_svg_draws(void **state)
{
    (void)state;
    junqi_render_options o = flip_options();
    o.caption = true;
    char err[256];
    junqi_renderer *r = junqi_renderer_new(junqi_board_get(JUNQI_TWO_PLAYER), &o, err, sizeof err);
    junqi_flip pos = flip_build("fanqi_wiki", JUNQI_SOUTH, JUNQI_RED, "c5:r9 c9:b8(F) a6:*r3 b4:r5_b");
    junqi_scene s = {.flip = &pos, .flip_known = true, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
    char *a = NULL, *b = NULL;
    size_t na = 0, nb = 0;
    for (int i = 0; i < 2; i++) {
        FILE *fp = open_memstream(i ? &b : &a, i ? &nb : &na);
        assert_true(junqi_png_write(fp, junqi_renderer_image(r, &s), 1, err, sizeof err));
        fclose(fp);
    }
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, na);
    free(a);
    free(b);
    char *svg = NULL;
    size_t nsvg = 0;
    FILE *fp = open_memstream(&svg, &nsvg);
    cairo_surface_t *surface = junqi_svg_surface(fp, junqi_renderer_geometry(r)->width, junqi_renderer_geometry(r)->height);
    cairo_t *cr = cairo_create(surface);
    junqi_renderer_draw(r, cr, &s);
    assert_int_equal(cairo_status(cr), CAIRO_STATUS_SUCCESS);
    cairo_destroy(cr);
    assert_true(junqi_svg_finish(surface, err, sizeof err));
    fclose(fp);
    assert_non_null(strstr(svg, "<svg"));
    free(svg);
    junqi_renderer_free(r);
}

static void a_gif_has_a_frame_per_action(void **state)
{
    (void)state;
    size_t len;
    char *text = (char *)read_file(source_path("tests/data/flip/fanfan.jgn"), &len);
    junqi_game *g = junqi_jgn_parse(text, len, "fanfan", 0, NULL);
    assert_non_null(g);
    junqi_flip_replay rp;
    assert_true(junqi_flip_replay_start(&rp, g, NULL, NULL));
    junqi_render_options o = flip_options();
    o.size = 240;
    char err[256];
    junqi_renderer *r = junqi_renderer_new(junqi_board_get(JUNQI_TWO_PLAYER), &o, err, sizeof err);
    char *gif = NULL;
    size_t n = 0;
    FILE *fp = open_memstream(&gif, &n);
    const junqi_geometry *geo = junqi_renderer_geometry(r);
    junqi_gif *out = junqi_gif_begin(fp, geo->width, geo->height, junqi_theme_default(), err, sizeof err);
    size_t moves = junqi_game_moves(g);
    for (size_t ply = 0; ply <= moves; ply++) {
        junqi_flip_replay_seek(&rp, ply);
        junqi_scene s = {0};
        junqi_flip_scene(&s, &rp.pos, &rp, true);
        assert_true(junqi_gif_frame(out, junqi_renderer_image(r, &s), 10, err, sizeof err));
    }
    assert_true(junqi_gif_end(out, err, sizeof err));
    fclose(fp);
    int width, height;
    assert_int_equal(gif_frames(gif, n, &width, &height), (int)moves + 1);
    assert_int_equal(width, geo->width);
    free(gif);
    junqi_renderer_free(r);
    junqi_game_free(g);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tiles_show_colours_and_backs),
        cmocka_unit_test(the_last_flip_glows_and_a_stack_shows_its_count),
        cmocka_unit_test(the_same_scene_gives_the_same_bytes_and_svg_draws),
        cmocka_unit_test(a_gif_has_a_frame_per_action),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
