/* SPDX-License-Identifier: MIT */
/*
 * benchutil.h - what the benchmark programs share (header-only: each is one
 * program).
 */
#ifndef JUNQI_BENCHUTIL_H
#define JUNQI_BENCHUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

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

#endif
