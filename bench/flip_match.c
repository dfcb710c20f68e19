/* SPDX-License-Identifier: MIT */
/*
 * flip_match.c - the engine against the greedy one-ply player in seeded
 * flip games (docs/engine.md "Flip games"): game g is dealt by seed
 * SEED0 + g (junqi_flip_deal_random, which also draws the first seat), and
 * the engine takes south in even games and north in odd ones, so both
 * seats and both first moves are shared out. The engine plays
 * junqi_flip_search with a node budget and JUNQI_FLIP_CONTEMPT; the greedy
 * player is junqi_flip_greedy. Prints each game's result and the match's
 * score with a 95 % interval (normal approximation, draws half a point),
 * and with -o writes every game as JGN.
 *
 *   build/bench/flip_match [-n GAMES] [-s SEED0] [--nodes N] [--threads T] [--rules R] [-o FILE]
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flip_deal.h"
#include "flip_replay.h"
#include "flip_search.h"
#include "jgn.h"

#define MAX_ACTIONS 3000 /* a game not over by then is scored a draw (no rule set lasts so long) */

typedef struct match {
    int games, threads;
    uint64_t seed0, nodes;
    const junqi_rules *rules;
    FILE *out;
} match;

/* Play game g; returns the engine's points (1, 0.5, 0) and fills *actions. */
static double play(const match *m, int g, int *actions, uint64_t *nodes)
{
    uint8_t deal[JUNQI_MAX_POINTS];
    junqi_seat first = junqi_flip_deal_random(m->seed0 + (uint64_t)g, deal);
    int engine = g % 2 ? JUNQI_NORTH : JUNQI_SOUTH;
    junqi_flip pos;
    junqi_flip_init(&pos, m->rules, deal);
    junqi_flip_set_turn(&pos, first);
    junqi_game *rec = m->out ? junqi_flip_game_new(m->rules, deal, first) : NULL;
    if (rec) {
        junqi_game_set_player(rec, (junqi_seat)engine, "engine");
        junqi_game_set_player(rec, (junqi_seat)junqi_flip_opponent(engine), "greedy");
    }
    static junqi_flip_search_result res;
    junqi_search_limits limits = {0};
    limits.nodes = m->nodes;
    *actions = 0;
    while (!junqi_flip_over(&pos) && *actions < MAX_ACTIONS) {
        junqi_action a;
        if (pos.st.to_move == engine) {
            junqi_flip_search(&pos, &limits, m->threads, JUNQI_FLIP_CONTEMPT, &res);
            a = res.actions[0];
            *nodes += res.nodes;
        } else if (!junqi_flip_greedy(&pos, &a)) {
            break;
        }
        junqi_flip_undo u;
        junqi_flip_make(&pos, a, 0, &u);
        if (rec)
            junqi_flip_game_add_action(rec, &pos, a, &u);
        ++*actions;
    }
    if (rec) {
        junqi_flip_game_end(rec, &pos);
        junqi_jgn_write(m->out, rec);
        fputc('\n', m->out);
        junqi_game_free(rec);
    }
    const junqi_result *r = &pos.st.result;
    if (r->status != JUNQI_DECIDED)
        return 0.5;
    return (r->winners & JUNQI_SEAT_BIT(engine)) ? 1.0 : 0.0;
}

static int run(const match *m)
{
    int wins = 0, draws = 0, losses = 0;
    double points = 0, squares = 0;
    uint64_t nodes = 0;
    for (int g = 0; g < m->games; g++) {
        int actions;
        double p = play(m, g, &actions, &nodes);
        points += p;
        squares += p * p;
        wins += p == 1.0;
        draws += p == 0.5;
        losses += p == 0.0;
        printf("game %d (seed %llu, engine %s): %s after %d actions\n", g + 1,
               (unsigned long long)(m->seed0 + (uint64_t)g), g % 2 ? "north" : "south",
               p == 1.0 ? "engine won" : p == 0.5 ? "draw" : "greedy won", actions);
        fflush(stdout);
    }
    double mean = points / m->games, var = squares / m->games - mean * mean;
    double half = 1.96 * sqrt(var > 0 ? var / m->games : 0);
    printf("%s, %d games, engine %llu nodes a search: +%d =%d -%d, score %.1f %% +- %.1f %% (95 %%), %llu nodes\n",
           m->rules->text, m->games, (unsigned long long)m->nodes, wins, draws, losses, 100 * mean, 100 * half,
           (unsigned long long)nodes);
    return 0;
}

int main(int argc, char **argv)
{
    match m = {100, 1, 1, 20000, NULL, NULL};
    const char *rules = "fanqi", *out = NULL;
    static const struct option longopts[] = {
        {"nodes", required_argument, NULL, 'N'}, {"threads", required_argument, NULL, 'T'},
        {"rules", required_argument, NULL, 'R'}, {NULL, 0, NULL, 0},
    };
    for (int c; (c = getopt_long(argc, argv, "n:s:o:", longopts, NULL)) != -1;) {
        switch (c) {
        case 'n': m.games = atoi(optarg); break;
        case 's': m.seed0 = strtoull(optarg, NULL, 10); break;
        case 'o': out = optarg; break;
        case 'N': m.nodes = strtoull(optarg, NULL, 10); break;
        case 'T': m.threads = atoi(optarg); break;
        case 'R': rules = optarg; break;
        default:
            fprintf(stderr, "usage: %s [-n GAMES] [-s SEED0] [--nodes N] [--threads T] [--rules R] [-o FILE]\n", argv[0]);
            return 2;
        }
    }
    char err[256];
    if (!junqi_rules_parse(rules, JUNQI_TWO_PLAYER, &m.rules, err, sizeof err)) {
        fprintf(stderr, "%s: --rules: %s\n", argv[0], err);
        return 2;
    }
    if (!junqi_rules_flip(m.rules)) {
        fprintf(stderr, "%s: --rules: %s is not a flip rule set\n", argv[0], rules);
        return 2;
    }
    if (m.games < 1) {
        fprintf(stderr, "%s: -n takes a number of games\n", argv[0]);
        return 2;
    }
    if (out && !(m.out = fopen(out, "w"))) {
        perror(out);
        return 3;
    }
    int rc = run(&m);
    if (m.out)
        fclose(m.out);
    return rc;
}
