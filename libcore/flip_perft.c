/* SPDX-License-Identifier: MIT */
/*
 * flip_perft.c - counting action sequences of flip games (docs/flip.md
 * "perft"; variants.md §3.3 and §5 item 14). See flip.h.
 */
#include "flip.h"

/* A count's stop hook and the positions left before its next poll (as perft.c's). */
typedef struct counter {
    junqi_perft_stop *stop; /* NULL: never stops */
    unsigned left;
} counter;

static uint64_t count(junqi_flip *pos, int depth, counter *c)
{
    if (depth == 0)
        return 1;
    if (junqi_perft_stopping(c->stop, &c->left))
        return 0;
    junqi_action a[JUNQI_MAX_ACTIONS];
    int n = junqi_flip_generate(pos, a);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        junqi_flip_undo u;
        junqi_flip_make(pos, a[i], 0, &u);
        total += count(pos, depth - 1, c);
        junqi_flip_unmake(pos, &u);
        if (c->stop && c->stop->stopped)
            break;
    }
    return total;
}

uint64_t junqi_flip_perft(junqi_flip *pos, int depth)
{
    return junqi_flip_perft_stoppable(pos, depth, NULL);
}

uint64_t junqi_flip_perft_stoppable(junqi_flip *pos, int depth, junqi_perft_stop *stop)
{
    counter c = {stop, junqi_perft_begin(stop)};
    return count(pos, depth, &c);
}

int junqi_flip_perft_divide(junqi_flip *pos, int depth, junqi_action *actions, uint64_t *counts)
{
    return junqi_flip_perft_divide_stoppable(pos, depth, actions, counts, NULL);
}

int junqi_flip_perft_divide_stoppable(junqi_flip *pos, int depth, junqi_action *actions, uint64_t *counts,
                                      junqi_perft_stop *stop)
{
    int n = junqi_flip_generate(pos, actions);
    counter c = {stop, junqi_perft_begin(stop)};
    for (int i = 0; i < n; i++) {
        counts[i] = 0;
        if (stop && stop->stopped)
            continue;
        junqi_flip_undo u;
        junqi_flip_make(pos, actions[i], 0, &u);
        counts[i] = count(pos, depth - 1, &c);
        junqi_flip_unmake(pos, &u);
    }
    return n;
}
