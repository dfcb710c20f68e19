/* SPDX-License-Identifier: MIT */
/*
 * engine_study.c - measurements of the engine on the shared real games and in
 * matches; not part of CI (scripts/engine-report and scripts/engine-study
 * run it; docs/engine.md reports the figures). The fits of the evaluation and
 * of the win-probability curve are in bench/eval_study.c.
 *
 *   engine_study tactics DIR [DEPTH]   every position where the mover captured
 *                                      an enemy flag: does the engine (view all,
 *                                      DEPTH plies, default 2) capture a flag?
 *   engine_study agree DIR STEP [THREADS]  first-choice agreement with the
 *                                      moves played, every STEP plies, views
 *                                      all and mover, default level
 *   engine_study annotate FILE [THREADS]  the time to judge every move of a
 *                                      game as the annotator does (view mover,
 *                                      default level, move played included)
 *   engine_study match DIR GAMES NODES [THREADS]  four-player open games:
 *                                      the engine (NODES nodes per move)
 *                                      against a greedy one-ply player, each
 *                                      formation draw played with the engine as
 *                                      north+south and as east+west; formations
 *                                      are the .jql files of DIR (F06, whose
 *                                      piece counts are wrong, is rejected by
 *                                      the setup check)
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
#include "benchutil.h"
#include "perft.h"
#include "qq.h"
#include "replay.h"
#include "setup.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- tactics ------------------------------------------------------------ */

/* Does move m of the mover capture an enemy flag in pos? */
static bool captures_flag(const junqi_position *pos, junqi_move m)
{
    uint8_t d = pos->cell[m.to];
    return d && JUNQI_CELL_PIECE(d) == JUNQI_FLAG &&
           !junqi_position_friendly(pos, pos->to_move, JUNQI_CELL_SEAT(d)) &&
           junqi_move_outcome(pos, m) != JUNQI_ATTACKER_LOSES;
}

static int cmd_tactics(const char *dir, int depth)
{
    char **files = bench_list_files(dir, BENCH_REPLAYS);
    int total = 0, found = 0;
    junqi_searcher *s = junqi_searcher_new(16);
    junqi_search_limits lim = {.depth = depth};
    for (char **f = files; *f; f++) {
        junqi_game *g = bench_load(*f);
        if (!g)
            continue;
        junqi_replay r;
        junqi_replay_start(&r, g, NULL, NULL);
        for (;;) {
            junqi_position before = r.pos;
            size_t ply = r.moves;
            if (!junqi_replay_next(&r))
                break;
            if (r.pos.moves == before.moves || !captures_flag(&before, r.last_move))
                continue;
            junqi_search_result sr;
            junqi_searcher_run(s, &before, &lim, &sr);
            total++;
            bool ok = sr.status == JUNQI_SEARCH_OK && captures_flag(&before, sr.lines[0].pv[0]);
            found += ok;
            if (!ok) {
                char a[8], b[8];
                printf("missed: %s ply %zu: played %s, engine %s (%d)\n", *f, ply,
                       junqi_move_name(before.board, r.last_move, a),
                       junqi_move_name(before.board, sr.lines[0].pv[0], b), sr.score);
            }
        }
        junqi_game_free(g);
    }
    printf("flag captures: %d positions, the engine (view all, depth %d) captures a flag in %d: "
           "%.1f%%\n", total, depth, found, total ? 100.0 * found / total : 0);
    junqi_searcher_free(s);
    return 0;
}

/* ---- agreement and annotation time --------------------------------------- */

static int cmd_agree(const char *dir, int step, int threads)
{
    char **files = bench_list_files(dir, BENCH_REPLAYS);
    enum { MAX = 8192 };
    static bench_job jobs[MAX];
    static junqi_analysis_request reqs[2][MAX];
    static junqi_analysis out[MAX];
    int n = 0, ngames = 0;
    for (char **f = files; *f; f++) {
        junqi_game *g = bench_load(*f);
        if (!g)
            continue;
        ngames++;
        size_t moves = junqi_game_moves(g);
        for (size_t ply = (size_t)step / 2; ply < moves && n < MAX; ply += (size_t)step) {
            bench_position_at(g, ply, &jobs[n].pos);
            if (junqi_position_over(&jobs[n].pos))
                break;
            bench_prepare(&jobs[n], g, ply, JUNQI_VIEW_ALL, &reqs[0][n]);
            bench_prepare(&jobs[n], g, ply, JUNQI_VIEW_MOVER, &reqs[1][n]);
            reqs[0][n].played = reqs[1][n].played = (junqi_move){JUNQI_NO_POINT, JUNQI_NO_POINT};
            n++;
        }
        junqi_game_free(g);
    }
    for (int v = 0; v < 2; v++) {
        double start = now();
        junqi_analyze_many(reqs[v], n, threads, out);
        int same = 0;
        uint64_t nodes = 0;
        for (int i = 0; i < n; i++) {
            nodes += out[i].nodes;
            same += out[i].nlines > 0 && out[i].lines[0].move.from == jobs[i].played.from &&
                    out[i].lines[0].move.to == jobs[i].played.to;
        }
        printf("view %s: %d positions (every %d plies of %d games), engine's first choice = move "
               "played in %d: %.1f%% (%.0f s, %llu nodes, %d threads)\n",
               v ? "mover" : "all", n, step, ngames, same, 100.0 * same / n, now() - start,
               (unsigned long long)nodes, threads);
    }
    return 0;
}

static int cmd_annotate(const char *path, int threads)
{
    junqi_game *g = bench_load(path);
    if (!g)
        return 1;
    size_t moves = junqi_game_moves(g);
    bench_job *jobs = malloc((moves + 1) * sizeof *jobs);
    junqi_analysis_request *reqs = malloc((moves + 1) * sizeof *reqs);
    junqi_analysis *out = malloc((moves + 1) * sizeof *out);
    double start = now();
    size_t n = 0;
    for (size_t ply = 0; ply < moves; ply++) {
        bench_prepare(&jobs[n], g, ply, JUNQI_VIEW_MOVER, &reqs[n]);
        if (!junqi_position_over(&jobs[n].pos))
            n++;
    }
    double prepared = now();
    junqi_analyze_many(reqs, (int)n, threads, out);
    double done = now();
    uint64_t nodes = 0;
    for (size_t i = 0; i < n; i++)
        nodes += out[i].nodes;
    printf("%s: %zu moves judged (view mover, %d samples, %d nodes per search, move played "
           "included) on %d threads: %.1f s (replay and inference %.1f s, searches %.1f s, "
           "%llu nodes)\n", path, n, JUNQI_DEFAULT_SAMPLES, JUNQI_DEFAULT_NODES, threads,
           done - start, prepared - start, done - prepared, (unsigned long long)nodes);
    return 0;
}

/* ---- match -------------------------------------------------------------- */

typedef struct match {
    uint8_t (*formations)[6][5];
    int nformations;
    int games;      /* formation draws; each is played twice (teams swapped) */
    uint64_t nodes; /* per engine move */
    atomic_int next;
    double *score;  /* per game: the engine's score, 1, 1/2 or 0 */
    int *plies;
} match;

/* The greedy one-ply player: the move whose position evaluates best for
 * its side (a won game best of all); the first of equals. */
static junqi_move greedy_move(junqi_position *pos)
{
    junqi_move moves[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(pos, moves), best = 0, best_v = -2 * JUNQI_EVAL_WIN;
    unsigned side = pos->side[pos->to_move];
    for (int i = 0; i < n; i++) {
        junqi_undo u;
        junqi_make(pos, moves[i], &u);
        int v = junqi_evaluate(pos, side);
        junqi_unmake(pos, &u);
        if (v > best_v) {
            best_v = v;
            best = i;
        }
    }
    return moves[best];
}

/* Play one game; returns the engine's score. */
static double play_game(match *m, junqi_searcher *s, int game, int *plies)
{
    uint64_t rng = 0x4D41544348ull + (uint64_t)(game / 2); /* "MATCH" */
    junqi_position pos;
    junqi_position_init(&pos, junqi_board_get(JUNQI_FOUR_PLAYER), junqi_rules_get("qq"), 0xF);
    for (int seat = 0; seat < JUNQI_SEATS; seat++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        junqi_position_place_setup(&pos, (junqi_seat)seat,
                                   m->formations[(rng >> 33) % (uint64_t)m->nformations]);
    }
    unsigned engine = game % 2 ? 0xA : 0x5; /* east+west, or north+south */
    junqi_search_limits lim = {.nodes = m->nodes, .hash_mb = 16};
    *plies = 0;
    while (*plies < 20000) {
        junqi_resolve_no_move(&pos);
        if (junqi_position_over(&pos))
            break;
        junqi_move mv;
        if (pos.side[pos.to_move] == engine) {
            junqi_search_result r;
            junqi_searcher_run(s, &pos, &lim, &r);
            mv = r.lines[0].pv[0];
        } else {
            mv = greedy_move(&pos);
        }
        junqi_undo u;
        junqi_make(&pos, mv, &u);
        (*plies)++;
    }
    if (pos.result.status != JUNQI_DECIDED)
        return 0.5;
    return (pos.result.winners & engine) ? 1.0 : 0.0;
}

static void *match_worker(void *arg)
{
    match *m = arg;
    junqi_searcher *s = junqi_searcher_new(16);
    for (int g; (g = atomic_fetch_add(&m->next, 1)) < 2 * m->games;)
        m->score[g] = play_game(m, s, g, &m->plies[g]);
    junqi_searcher_free(s);
    return NULL;
}

static int cmd_match(const char *dir, int games, uint64_t nodes, int threads)
{
    char **files = bench_list_files(dir, ".jql");
    static uint8_t formations[64][6][5];
    int nf = 0;
    for (char **f = files; *f && nf < 64; f++) {
        size_t len;
        uint8_t *data = bench_slurp(*f, &len);
        junqi_setup_problem problems[JUNQI_MAX_SETUP_PROBLEMS];
        if (data && junqi_qq_read_formation(data, len, formations[nf], NULL) &&
            junqi_setup_check(formations[nf], problems) == 0)
            nf++;
        else
            printf("skipped %s: not a valid formation\n", *f);
        free(data);
    }
    match m = {formations, nf, games, nodes, 0, calloc((size_t)(2 * games), sizeof(double)),
               calloc((size_t)(2 * games), sizeof(int))};
    double start = now();
    pthread_t tid[64];
    for (int t = 0; t < threads; t++)
        pthread_create(&tid[t], NULL, match_worker, &m);
    for (int t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    double total[2] = {0, 0}, wins = 0, draws = 0, losses = 0;
    long plies = 0;
    for (int g = 0; g < 2 * games; g++) {
        total[g % 2] += m.score[g];
        wins += m.score[g] == 1;
        draws += m.score[g] == 0.5;
        losses += m.score[g] == 0;
        plies += m.plies[g];
    }
    printf("match: %d formations, %d games, engine %llu nodes per move vs greedy one-ply, "
           "open information, qq rules\n", nf, 2 * games, (unsigned long long)nodes);
    printf("engine as north+south: %.1f / %d; as east+west: %.1f / %d\n", total[0], games,
           total[1], games);
    printf("engine: %.0f wins, %.0f draws, %.0f losses: score %.1f%% (%.1f plies per game, %.0f s "
           "on %d threads)\n", wins, draws, losses, 100 * (total[0] + total[1]) / (2 * games),
           (double)plies / (2 * games), now() - start, threads);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "tactics") == 0)
        return cmd_tactics(argv[2], argc > 3 ? atoi(argv[3]) : 2);
    if (argc >= 4 && strcmp(argv[1], "agree") == 0)
        return cmd_agree(argv[2], atoi(argv[3]), argc > 4 ? atoi(argv[4]) : 2);
    if (argc >= 3 && strcmp(argv[1], "annotate") == 0)
        return cmd_annotate(argv[2], argc > 3 ? atoi(argv[3]) : 2);
    if (argc >= 5 && strcmp(argv[1], "match") == 0)
        return cmd_match(argv[2], atoi(argv[3]), strtoull(argv[4], NULL, 10),
                         argc > 5 ? atoi(argv[5]) : 2);
    fprintf(stderr, "usage: see the comment at the top of bench/engine_study.c\n");
    return 2;
}
