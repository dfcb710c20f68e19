/* SPDX-License-Identifier: MIT */
/*
 * bench.c - `make bench`: how fast the library validates real games and
 * counts perft nodes. Prints figures; asserts nothing (speed goals are not
 * tests). Single-threaded.
 *
 *   moves validated per second: every replay of ../shared/data/qq-replays
 *     (or tests/data/perft/replays when ../shared is absent), parsed once,
 *     then replayed with every check on (legality of each move, combat
 *     results, next seats, eliminations) in a loop for at least 2 seconds;
 *   perft leaf nodes per second: fixed positions of both boards, under the
 *     default rule sets and then under the movement switches bomb_moves,
 *     rail_mode (docs/variants.md "Switches").
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "perft.h"
#include "setup.h"
#include "benchutil.h"
#include "qq.h"
#include "replay.h"

/* F07 and F13 of the published formations, in the layout notation (setup.h). */
static const char f07[] = "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL";
static const char f13[] = "36615/7.3.9/81.B7/B.4.3/225L4/12LFL";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int load_folder(const char *dir, junqi_game **games, int max)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < max;) {
        if (e->d_name[0] == '.' || !strstr(e->d_name, ".j"))
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        junqi_game *g = bench_load(path);
        if (g)
            games[n++] = g;
    }
    closedir(d);
    return n;
}

static void bench_validate(void)
{
    static junqi_game *games[4096];
    const char *dir = "../shared/data/qq-replays";
    int n = load_folder(dir, games, 4096);
    if (n == 0) {
        dir = "tests/data/perft/replays";
        n = load_folder(dir, games, 4096);
    }
    size_t moves = 0, errors = 0;
    int passes = 0;
    double start = now(), elapsed;
    do {
        for (int i = 0; i < n; i++) {
            junqi_diags d;
            junqi_diags_init(&d);
            junqi_replay r;
            junqi_replay_start(&r, games[i], NULL, &d);
            junqi_replay_run(&r);
            moves += r.moves;
            errors += d.errors;
            junqi_diags_free(&d);
        }
        passes++;
        elapsed = now() - start;
    } while (elapsed < 2.0);
    printf("validate: %d replays from %s, %d passes, %zu moves in %.2f s: %.0f moves/s (%zu errors)\n",
           n, dir, passes, moves, elapsed, (double)moves / elapsed, errors);
    for (int i = 0; i < n; i++)
        junqi_game_free(games[i]);
}

static void bench_perft(const char *name, junqi_position *pos, int depth)
{
    double start = now();
    uint64_t nodes = junqi_perft(pos, depth);
    double elapsed = now() - start;
    printf("perft %-34s depth %d: %12llu nodes in %6.2f s: %6.1f M nodes/s\n", name, depth,
           (unsigned long long)nodes, elapsed, (double)nodes / elapsed / 1e6);
}

/* The same position under the named set with each movement switch. */
static void bench_switches(const char *name, const junqi_position *pos, int depth)
{
    static const char *const switches[] = {"rail_mode=three_steps", "rail_mode=one_turn",
                                           "bomb_moves=engineer"};
    for (size_t i = 0; i < sizeof switches / sizeof switches[0]; i++) {
        junqi_position copy = *pos;
        char err[256], label[96];
        if (!junqi_rules_with(pos->rules, switches[i], &copy.rules, err, sizeof err))
            continue;
        snprintf(label, sizeof label, "%s %s", name, switches[i]);
        bench_perft(label, &copy, depth);
    }
}

int main(void)
{
    bench_validate();
    /* two-player: line 1 of the perft reference (F07 south, F13 north) */
    junqi_position pos;
    uint8_t layout[6][5];
    junqi_position_init(&pos, junqi_board_get(JUNQI_TWO_PLAYER), junqi_rules_get("standard"),
                        JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
    junqi_setup_parse(f07, strlen(f07), layout);
    junqi_position_place_setup(&pos, JUNQI_SOUTH, layout);
    junqi_setup_parse(f13, strlen(f13), layout);
    junqi_position_place_setup(&pos, JUNQI_NORTH, layout);
    bench_perft("two-player start F07/F13", &pos, 5);
    junqi_position two = pos;
    /* four-player: the start of a real QQ game */
    junqi_game *g = bench_load("tests/data/perft/replays/jgs-002751.jgs");
    if (g) {
        junqi_replay r;
        junqi_replay_start(&r, g, NULL, NULL);
        bench_perft("four-player start jgs-002751", &r.pos, 5);
        junqi_replay_seek(&r, 120);
        bench_perft("four-player jgs-002751 ply 120", &r.pos, 4);
        bench_switches("4p ply 120", &r.pos, 4);
        junqi_game_free(g);
    }
    bench_switches("2p F07/F13", &two, 5);
    return 0;
}
