/* SPDX-License-Identifier: MIT */
/*
 * benchutil.h - what the benchmark programs share (header-only: each is one
 * program).
 */
#ifndef JUNQI_BENCHUTIL_H
#define JUNQI_BENCHUTIL_H

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
#include "annotate.h"
#include "flip_replay.h"
#include "qq.h"
#include "replay.h"

/** Seconds on the monotonic clock. */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/** Replay one game with every check on (a flip game by flip_replay.h); its moves, errors added. */
static inline void bench_check(const junqi_game *g, size_t *moves, size_t *errors)
{
    junqi_diags d;
    junqi_diags_init(&d);
    if (junqi_rules_flip(g->rules)) {
        junqi_flip_replay r;
        junqi_flip_replay_start(&r, g, NULL, &d);
        junqi_flip_replay_run(&r);
        *moves += r.moves;
    } else {
        junqi_replay r;
        junqi_replay_start(&r, g, NULL, &d);
        junqi_replay_run(&r);
        *moves += r.moves;
    }
    *errors += d.errors;
    junqi_diags_free(&d);
}

/**
 * Validate games[0..n) again and again for at least 2 seconds and print
 * "LABEL: N games from DIR, P passes, M UNIT in S s: R UNIT/s (E errors)".
 */
static inline void bench_validate_games(junqi_game *const *games, int n, const char *label, const char *dir,
                                        const char *unit)
{
    size_t moves = 0, errors = 0;
    int passes = 0;
    double start = bench_now(), elapsed;
    do {
        for (int i = 0; i < n; i++)
            bench_check(games[i], &moves, &errors);
        passes++;
        elapsed = bench_now() - start;
    } while (elapsed < 2.0 && n > 0);
    printf("%s: %d games from %s, %d passes, %zu %s in %.2f s: %.0f %s/s (%zu errors)\n", label, n, dir, passes,
           moves, unit, elapsed, elapsed > 0 ? (double)moves / elapsed : 0, unit, errors);
}

/** QQ replays: .jgs and .jqs files (an extension list for bench_list_files()). */
#define BENCH_REPLAYS ".jgs .jqs"

/** Read a whole file; NULL if it cannot be read. *len gets its size; caller frees. */
static inline uint8_t *bench_slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, fp)) > 0;) {
        n += got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(fp);
    *len = n;
    return buf;
}

static inline int bench_by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/** Does name end in one of the extensions of the space-separated list exts? */
static inline bool bench_has_extension(const char *name, const char *exts)
{
    const char *dot = strrchr(name, '.');
    size_t len = dot ? strlen(dot) : 0;
    for (const char *e = exts; dot && *e; e += strcspn(e, " "), e += *e == ' ')
        if (strcspn(e, " ") == len && strncmp(e, dot, len) == 0)
            return true;
    return false;
}

/**
 * The files of the folders in `dirs` (one folder, or several separated by
 * ':') with one of the extensions exts (".jgs .jqs"), sorted by path;
 * NULL-terminated, caller frees (each name and the array).
 */
static inline char **bench_list_files(const char *dirs, const char *exts)
{
    size_t n = 0, cap = 64;
    char **names = malloc(cap * sizeof *names);
    for (const char *dir = dirs; *dir; dir += strcspn(dir, ":"), dir += *dir == ':') {
        char path[4096];
        snprintf(path, sizeof path, "%.*s", (int)strcspn(dir, ":"), dir);
        DIR *d = opendir(path);
        for (struct dirent *e; d && (e = readdir(d));) {
            if (!bench_has_extension(e->d_name, exts))
                continue;
            if (n + 2 > cap)
                names = realloc(names, (cap *= 2) * sizeof *names);
            names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
            sprintf(names[n++], "%s/%s", path, e->d_name);
        }
        if (d)
            closedir(d);
    }
    qsort(names, n, sizeof *names, bench_by_name);
    names[n] = NULL;
    return names;
}

/** The 32-bit FNV-1a hash of the base name of `path` (so not of how the path is spelled). */
static inline uint32_t bench_name_hash(const char *path)
{
    const char *base = strrchr(path, '/');
    uint32_t h = 2166136261u;
    for (const char *c = base ? base + 1 : path; *c; c++)
        h = (h ^ (uint8_t)*c) * 16777619u;
    return h;
}

/**
 * The split of real games into training and validation sets (docs/engine.md,
 * "Data"): a game is a validation game when the 32-bit FNV-1a hash of its
 * file's base name is 0 modulo 5 (about one game in five), a training game
 * otherwise. Fits read training games only; figures come from validation
 * games only.
 */
static inline bool bench_is_validation(const char *path)
{
    return bench_name_hash(path) % 5 == 0;
}

/** Which games a study reads: all, the training set or the validation set. */
typedef enum bench_set { BENCH_ALL, BENCH_TRAIN, BENCH_VALIDATION } bench_set;

/** Does the game in `path` belong to set `set`? */
static inline bool bench_in_set(const char *path, bench_set set)
{
    return set == BENCH_ALL || (set == BENCH_VALIDATION) == bench_is_validation(path);
}

/** Load a QQ replay (at most 1 MiB); NULL if it cannot be read or parsed. */
static inline junqi_game *bench_load(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    static uint8_t buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf, fp);
    fclose(fp);
    return junqi_qq_read_replay(buf, len, NULL);
}

/* The position after `ply` moves of g (and the events before the next). */
static inline void bench_position_at(const junqi_game *g, size_t ply, junqi_position *pos)
{
    static _Thread_local junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    junqi_replay_seek(&r, ply);
    *pos = r.pos;
}

/* The move played from ply (the next move item), found by replaying. */
static inline bool bench_move_played(const junqi_game *g, size_t ply, junqi_move *m)
{
    static _Thread_local junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    junqi_replay_seek(&r, ply + 1);
    *m = r.last_move;
    return r.moves == ply + 1 && m->from != JUNQI_NO_POINT;
}

/* The annotator's request for ply of g: the complete position, and the
 * mover's knowledge for view mover; a loss is confirmed as the annotator
 * confirms it at the default thresholds. */
typedef struct bench_job {
    junqi_position pos;
    junqi_infer inf;
    junqi_move played;
} bench_job;

static inline void bench_prepare(bench_job *j, const junqi_game *g, size_t ply, junqi_view_mode view,
                    junqi_analysis_request *req)
{
    bench_position_at(g, ply, &j->pos);
    bench_move_played(g, ply, &j->played);
    junqi_annotate_options defaults = junqi_annotate_defaults();
    *req = (junqi_analysis_request){.pos = &j->pos, .view = view, .limits = {.nodes = JUNQI_DEFAULT_NODES},
                                    .played = j->played};
    junqi_annotate_confirming(&defaults, req);
    if (view == JUNQI_VIEW_MOVER) {
        junqi_infer_replay(&j->inf, g, NULL, ply, j->pos.to_move, g->info, NULL);
        junqi_infer_solve(&j->inf, false);
        req->infer = &j->inf;
    }
}

/** The result of a game for side `side` (a seat mask): 1 won, 1/2 drawn, 0
 *  lost; -1 when the game has no such result (undecided, unfinished). */
static inline double bench_label(const junqi_result *res, unsigned side)
{
    if (res->status == JUNQI_DRAWN)
        return 0.5;
    if (res->status != JUNQI_DECIDED)
        return -1;
    return (res->winners & side) ? 1 : 0;
}

#endif
