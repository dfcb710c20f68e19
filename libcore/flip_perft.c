/* SPDX-License-Identifier: MIT */
/*
 * flip_perft.c - counting action sequences of flip games (docs/flip.md
 * "perft"; variants.md §3.3 and §5 item 14). See flip.h.
 */
#include "flip.h"

uint64_t junqi_flip_perft(junqi_flip *pos, int depth)
{
    if (depth == 0)
        return 1;
    junqi_action a[JUNQI_MAX_ACTIONS];
    int n = junqi_flip_generate(pos, a);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        junqi_flip_undo u;
        junqi_flip_make(pos, a[i], 0, &u);
        total += junqi_flip_perft(pos, depth - 1);
        junqi_flip_unmake(pos, &u);
    }
    return total;
}

int junqi_flip_perft_divide(junqi_flip *pos, int depth, junqi_action *actions, uint64_t *counts)
{
    int n = junqi_flip_generate(pos, actions);
    for (int i = 0; i < n; i++) {
        junqi_flip_undo u;
        junqi_flip_make(pos, actions[i], 0, &u);
        counts[i] = junqi_flip_perft(pos, depth - 1);
        junqi_flip_unmake(pos, &u);
    }
    return n;
}
