/* SPDX-License-Identifier: MIT */
/*
 * perft.c - see perft.h.
 */
#include "perft.h"

/* A count's stop hook and the positions left before its next poll. */
typedef struct counter {
    junqi_perft_stop *stop; /* NULL: never stops */
    unsigned left;
} counter;

static uint64_t count(junqi_position *pos, int depth, counter *c)
{
    if (depth == 0)
        return 1;
    if (junqi_perft_stopping(c->stop, &c->left))
        return 0;
    junqi_move moves[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(pos, moves);
    if (n == 0) {
        if (junqi_position_over(pos))
            return 0;
        junqi_undo u;
        junqi_position_eliminate(pos, (junqi_seat)pos->to_move, JUNQI_REASON_NO_MOVABLE_PIECE, &u);
        uint64_t total = count(pos, depth, c);
        junqi_unmake(pos, &u);
        return total;
    }
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        junqi_undo u;
        junqi_make(pos, moves[i], &u);
        total += count(pos, depth - 1, c);
        junqi_unmake(pos, &u);
        if (c->stop && c->stop->stopped)
            break;
    }
    return total;
}

uint64_t junqi_perft(junqi_position *pos, int depth)
{
    return junqi_perft_stoppable(pos, depth, NULL);
}

uint64_t junqi_perft_stoppable(junqi_position *pos, int depth, junqi_perft_stop *stop)
{
    counter c = {stop, junqi_perft_begin(stop)};
    return count(pos, depth, &c);
}

int junqi_resolve_no_move(junqi_position *pos)
{
    int eliminated = 0;
    while (!junqi_position_over(pos) && !junqi_seat_can_move(pos, pos->to_move, false)) {
        junqi_undo u;
        junqi_position_eliminate(pos, (junqi_seat)pos->to_move, JUNQI_REASON_NO_MOVABLE_PIECE, &u);
        eliminated++;
    }
    return eliminated;
}

int junqi_perft_divide(junqi_position *pos, int depth, junqi_move *moves, uint64_t *counts)
{
    return junqi_perft_divide_stoppable(pos, depth, moves, counts, NULL);
}

int junqi_perft_divide_stoppable(junqi_position *pos, int depth, junqi_move *moves, uint64_t *counts,
                                 junqi_perft_stop *stop)
{
    junqi_resolve_no_move(pos);
    int n = junqi_generate_moves(pos, moves);
    counter c = {stop, junqi_perft_begin(stop)};
    for (int i = 0; i < n; i++) {
        counts[i] = 0;
        if (stop && stop->stopped)
            continue;
        junqi_undo u;
        junqi_make(pos, moves[i], &u);
        counts[i] = count(pos, depth - 1, &c);
        junqi_unmake(pos, &u);
    }
    return n;
}
