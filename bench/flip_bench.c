/* SPDX-License-Identifier: MIT */
/*
 * flip_bench.c - `make bench` for the flip games (docs/flip.md): prints
 * figures, asserts nothing. Single-threaded.
 *
 *   actions validated per second: the games of tests/data/flip (one per flip
 *     rule set), parsed once, replayed with every check on in a loop for at
 *     least 2 seconds;
 *   perft leaf nodes per second: the flip bench positions (flip_search.h),
 *     depth 3 (the early ones) or 4;
 *   search nodes per second and the node signature: the same positions
 *     searched to JUNQI_FLIP_BENCH_DEPTH (what junqi-analyze --bench adds).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchutil.h"
#include "flip_replay.h"
#include "flip_search.h"
#include "flipnote.h"
#include "jgn.h"

static junqi_game *load(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    return junqi_jgn_parse(buf, n, path, 0, NULL);
}

static void bench_validate(void)
{
    static const char *const sets[] = {"fanqi", "fanfan", "fanqi_wiki", "huqi", "zuhe"};
    junqi_game *games[5];
    int n = 0;
    for (int i = 0; i < 5; i++) {
        char path[256];
        snprintf(path, sizeof path, "tests/data/flip/%s.jgn", sets[i]);
        if ((games[n] = load(path)))
            n++;
    }
    bench_validate_games(games, n, "flip validate", "tests/data/flip", "actions");
    for (int i = 0; i < n; i++)
        junqi_game_free(games[i]);
}

int main(void)
{
    bench_validate();
    int n;
    const char *const *list = junqi_flip_bench_positions(&n);
    uint64_t perft_nodes = 0, search_nodes = 0;
    double perft_s = 0, search_ms = 0;
    static junqi_flip_search_result res;
    for (int i = 0; i < n; i++) {
        junqi_flip pos;
        if (!junqi_flip_pos_parse(list[i], strlen(list[i]), &pos, NULL)) {
            fprintf(stderr, "flip bench position %d does not parse\n", i + 1);
            return 1;
        }
        int depth = pos.st.down > 30 ? 3 : 4;
        double t0 = bench_now();
        uint64_t nodes = junqi_flip_perft(&pos, depth);
        double t = bench_now() - t0;
        perft_nodes += nodes;
        perft_s += t;
        printf("flip perft %-10s ply %3u depth %d: %10llu nodes in %5.2f s: %5.1f M nodes/s\n", pos.rules->text,
               pos.st.moves, depth, (unsigned long long)nodes, t, (double)nodes / t / 1e6);
        junqi_search_limits limits = {0};
        limits.depth = JUNQI_FLIP_BENCH_DEPTH;
        junqi_flip_search(&pos, &limits, 1, 0.0, &res);
        search_nodes += res.nodes;
        search_ms += res.elapsed;
    }
    printf("flip perft: %llu nodes in %.2f s: %.1f M nodes/s\n", (unsigned long long)perft_nodes, perft_s,
           (double)perft_nodes / perft_s / 1e6);
    printf("flip search: depth %d, %llu nodes (the signature) in %.0f ms: %.0f nodes/s\n", JUNQI_FLIP_BENCH_DEPTH,
           (unsigned long long)search_nodes, search_ms, search_ms > 0 ? (double)search_nodes * 1000 / search_ms : 0);
    return 0;
}
