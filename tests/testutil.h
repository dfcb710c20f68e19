/* SPDX-License-Identifier: MIT */
/*
 * testutil.h - helpers shared by the unit tests (header-only: each test is one
 * program). Paths are relative to the source tree, JUNQI_SOURCE_DIR.
 */
#ifndef JUNQI_TESTUTIL_H
#define JUNQI_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>

#include "game.h"
#include "qq.h"
#include "replay.h"

/* F01 of the published formations (samples/formations/F01.yaml), owner's frame, front row first;
 * camps empty: the formation the engine and inference tests play with. */
static const uint8_t f01[6][5] = {
    {JUNQI_MAJOR_GENERAL, JUNQI_CAPTAIN, JUNQI_GENERAL, JUNQI_ENGINEER, JUNQI_CAPTAIN},
    {JUNQI_BOMB, JUNQI_NONE, JUNQI_COLONEL, JUNQI_NONE, JUNQI_MARSHAL},
    {JUNQI_MAJOR, JUNQI_ENGINEER, JUNQI_NONE, JUNQI_BRIGADIER, JUNQI_LIEUTENANT},
    {JUNQI_LIEUTENANT, JUNQI_NONE, JUNQI_COLONEL, JUNQI_NONE, JUNQI_CAPTAIN},
    {JUNQI_LANDMINE, JUNQI_ENGINEER, JUNQI_BOMB, JUNQI_BRIGADIER, JUNQI_LANDMINE},
    {JUNQI_LIEUTENANT, JUNQI_LANDMINE, JUNQI_MAJOR, JUNQI_FLAG, JUNQI_MAJOR_GENERAL},
};

/** Path inside the source tree, in a static buffer (one at a time). */
static inline const char *source_path(const char *rel)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", JUNQI_SOURCE_DIR, rel);
    return buf;
}

/** Read a whole file; NULL if it cannot be read. Caller frees. */
static inline uint8_t *read_file(const char *path, size_t *len)
{
    *len = 0;
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    uint8_t *data = malloc((size_t)n + 1);
    if (data && fread(data, 1, (size_t)n, fp) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(fp);
    *len = (size_t)n;
    return data;
}

/** Load a QQ replay; NULL if it cannot be read or parsed. */
static inline junqi_game *load_replay(const char *path)
{
    size_t len;
    uint8_t *data = read_file(path, &len);
    if (!data)
        return NULL;
    junqi_game *g = junqi_qq_read_replay(data, len, NULL);
    free(data);
    return g;
}

/** A replay bundled in tests/data/perft/replays (NAME: "jgs-000150.jgs"); NULL if unreadable. */
static inline junqi_game *bundled_replay(const char *name)
{
    char rel[256];
    snprintf(rel, sizeof rel, "tests/data/perft/replays/%s", name);
    return load_replay(source_path(rel));
}

/** The start position of record g (its setups), into *pos; false if it cannot start. */
static inline bool record_start(const junqi_game *g, junqi_position *pos)
{
    junqi_replay r;
    if (!junqi_replay_start(&r, g, NULL, NULL))
        return false;
    *pos = r.pos;
    return true;
}

/** Put seat's piece (JUNQI_NONE: nothing) on the square named `square` of pos's board. */
static inline void put_piece(junqi_position *pos, const char *square, int seat, int piece)
{
    int p = junqi_square_parse(pos->board, square, (int)strlen(square));
    if (p < 0) {
        fprintf(stderr, "put_piece: no square %s\n", square);
        abort();
    }
    junqi_position_put(pos, p, piece ? JUNQI_CELL(seat, piece) : 0);
}

/**
 * Call fn(path, name, ctx) for every QQ file (name containing ".j") of a
 * folder; returns how many there were. The folder must exist.
 */
static inline int for_each_replay(const char *dir, void (*fn)(const char *path, const char *name, void *ctx),
                                  void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || !strstr(e->d_name, ".j"))
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        fn(path, e->d_name, ctx);
        n++;
    }
    closedir(d);
    return n;
}

/** The bundled corpus: the replays of tests/data/perft/replays (30) and tests/data/qq (9). */
#define BUNDLED_REPLAYS 39
/** The corpus of ../shared/data/qq-replays. */
#define SHARED_REPLAYS 298

/**
 * Call fn(path, name, ctx) for every real QQ replay of the corpus the tests
 * walk: ../shared/data/qq-replays when it is next to the repository (a
 * developer's checkout, SHARED_REPLAYS games), else the copies bundled in
 * tests/ (BUNDLED_REPLAYS games), so that the suite needs nothing outside
 * the repository and nothing is skipped. *shared says which; returns how
 * many replays there were.
 */
static inline int for_each_corpus_replay(void (*fn)(const char *path, const char *name, void *ctx),
                                         void *ctx, bool *shared)
{
    static char dir[4096];
    struct stat st;
    snprintf(dir, sizeof dir, "%s/../shared/data/qq-replays", JUNQI_SOURCE_DIR);
    *shared = stat(dir, &st) == 0;
    if (*shared)
        return for_each_replay(dir, fn, ctx);
    int n = for_each_replay(source_path("tests/data/perft/replays"), fn, ctx);
    return n + for_each_replay(source_path("tests/data/qq"), fn, ctx);
}

#endif
