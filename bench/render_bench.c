/* SPDX-License-Identifier: MIT */
/*
 * render_bench.c - `make bench`: how fast junqi-render's library writes the
 * frames of a whole game. Prints figures; asserts nothing (the goal, at
 * least 100 PNG frames per second on one core, is not a test).
 *
 * The game is the longest replay of ../shared/data/qq-replays (the largest
 * file); without that folder the benchmark says so and skips. Every
 * position from the start to the end is drawn at 800 pixels (cached board
 * and tiles, as `junqi-render --frames` does) and written as a PNG file
 * (libpng, zlib level 1) into a temporary folder that is removed afterwards;
 * the same frames are then written once more as one animated GIF.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "draw.h"
#include "output.h"
#include "benchutil.h"
#include "qq.h"
#include "replay.h"

#define REPLAYS "../shared/data/qq-replays"
#define SIZE 800

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The path of the largest file in dir (into path), or false when there is none. */
static bool largest_file(const char *dir, char *path, size_t n)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    off_t best = -1;
    for (struct dirent *e; (e = readdir(d));) {
        char p[4096];
        struct stat st;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && stat(p, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > best) {
            best = st.st_size;
            snprintf(path, n, "%s", p);
        }
    }
    closedir(d);
    return best >= 0;
}

/* The scene at ply `ply` of the replay (the last move and its outcome included). */
static junqi_scene scene_at(junqi_replay *r, size_t ply)
{
    junqi_replay_seek(r, ply);
    return (junqi_scene){.pos = &r->pos, .ply = ply, .last_move = r->last_move,
                         .last_outcome = (junqi_outcome)r->last_outcome};
}

/* Write every frame as DIR/NNNN.png; returns the frames written, or -1. */
static long write_pngs(junqi_renderer *rd, junqi_replay *r, size_t moves, const char *dir)
{
    for (size_t ply = 0; ply <= moves; ply++) {
        char path[4096], err[256];
        snprintf(path, sizeof path, "%s/%04zu.png", dir, ply);
        junqi_scene s = scene_at(r, ply);
        cairo_surface_t *img = junqi_renderer_image(rd, &s);
        FILE *fp = fopen(path, "wb");
        bool ok = img && fp && junqi_png_write(fp, img, 1, err, sizeof err);
        if (fp)
            ok = fclose(fp) == 0 && ok;
        unlink(path);
        if (!ok)
            return -1;
    }
    return (long)moves + 1;
}

static bool write_gif(junqi_renderer *rd, junqi_replay *r, size_t moves, long *bytes)
{
    char err[256];
    const junqi_geometry *g = junqi_renderer_geometry(rd);
    FILE *fp = tmpfile();
    junqi_gif *gif = fp ? junqi_gif_begin(fp, g->width, g->height, junqi_theme_default(), err,
                                          sizeof err) : NULL;
    bool ok = gif != NULL;
    for (size_t ply = 0; ok && ply <= moves; ply++) {
        junqi_scene s = scene_at(r, ply);
        cairo_surface_t *img = junqi_renderer_image(rd, &s);
        ok = img && junqi_gif_frame(gif, img, 500, err, sizeof err);
    }
    ok = junqi_gif_end(gif, err, sizeof err) && ok;
    *bytes = fp ? ftell(fp) : 0;
    if (fp)
        fclose(fp);
    return ok;
}

int main(void)
{
    char path[4096];
    junqi_game *g = largest_file(REPLAYS, path, sizeof path) ? bench_load(path) : NULL;
    if (!g) {
        printf("render: SKIP: no replay in %s\n", REPLAYS);
        return 0;
    }
    size_t moves = junqi_game_moves(g);
    junqi_render_options o = {junqi_theme_default(), JUNQI_NAMES_ZH, false, false, true, false,
                              JUNQI_SOUTH, SIZE};
    char err[256], dir[] = "/tmp/junqi-render-bench-XXXXXX";
    junqi_renderer *rd = junqi_renderer_new(junqi_board_get(g->board), &o, err, sizeof err);
    if (!rd || !mkdtemp(dir)) {
        printf("render: cannot start: %s\n", rd ? "no temporary folder" : err);
        return 1;
    }
    junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    double t0 = now();
    long frames = write_pngs(rd, &r, moves, dir);
    double t1 = now();
    long gif_bytes = 0;
    bool gif_ok = write_gif(rd, &r, moves, &gif_bytes);
    double t2 = now();
    rmdir(dir);
    const junqi_geometry *geo = junqi_renderer_geometry(rd);
    if (frames < 0 || !gif_ok) {
        printf("render: writing frames failed\n");
        return 1;
    }
    printf("render: %s (%zu moves) at %d x %d px: %.0f PNG frames/s (%ld frames in %.2f s); "
           "GIF %.0f frames/s, %ld bytes\n",
           path, moves, geo->width, geo->height, frames / (t1 - t0), frames, t1 - t0,
           frames / (t2 - t1), gif_bytes);
    junqi_renderer_free(rd);
    junqi_game_free(g);
    return 0;
}
