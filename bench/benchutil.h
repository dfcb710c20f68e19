/* SPDX-License-Identifier: MIT */
/*
 * benchutil.h - what the benchmark programs share (header-only: each is one
 * program).
 */
#ifndef JUNQI_BENCHUTIL_H
#define JUNQI_BENCHUTIL_H

#include <stdint.h>
#include <stdio.h>

#include "qq.h"

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
