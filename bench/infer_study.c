/* SPDX-License-Identifier: MIT */
/*
 * infer_study.c - measurements of the hidden-piece inference on the shared
 * real games; not part of CI (scripts/infer-study runs it; docs/engine.md
 * reports the figures).
 *
 *   infer_study views DIRS [STEP]   every seat's view record (written as JGN
 *                                   and read back) of every replay in DIRS
 *                                   (folders separated by ':'), at every ply:
 *                                   the facts leave an assignment and the
 *                                   true setup is one of them; a sample is
 *                                   drawn and checked every STEP plies
 *                                   (default 8)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchutil.h"
#include "infer_sweep.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- views -------------------------------------------------------------- */

static int cmd_views(const char *dirs, int step)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    infer_sweep_stats st = {0};
    long games = 0, views = 0;
    double start = now();
    for (char **f = files; *f; f++) {
        junqi_game *g = bench_load(*f);
        if (!g) {
            printf("unreadable: %s\n", *f);
            continue;
        }
        games++;
        long before = st.failures;
        for (int seat = 0; seat < JUNQI_SEATS; seat++) {
            if (!g->seat[seat].present)
                continue;
            junqi_game *view = infer_sweep_view_record(g, seat);
            views++;
            if (!view)
                infer_sweep_fail(&st, "the view record does not read back", seat, 0, *f);
            else
                infer_sweep_view(g, view, seat, step, *f, &st);
            junqi_game_free(view);
        }
        if (st.failures > before)
            printf("failures in %s: %ld\n", *f, st.failures - before);
        junqi_game_free(g);
        free(*f);
    }
    free(files);
    printf("views: %ld games, %ld view records, %ld positions (every ply), %ld samples (every %d "
           "plies): %ld failures (%.0f s)\n", games, views, st.plies, st.samples, step, st.failures,
           now() - start);
    if (st.failures)
        printf("first failure: %s\n", st.first);
    return st.failures != 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "views") == 0)
        return cmd_views(argv[2], argc > 3 ? atoi(argv[3]) : 8);
    fprintf(stderr, "usage: see the comment at the top of bench/infer_study.c\n");
    return 2;
}
