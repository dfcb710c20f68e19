/* SPDX-License-Identifier: MIT */
/*
 * perft.c - see perft.h.
 */
#include "perft.h"

uint64_t junqi_perft(junqi_position *pos, int depth)
{
    if (depth == 0)
        return 1;
    junqi_move moves[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(pos, moves);
    if (n == 0) {
        if (junqi_position_over(pos))
            return 0;
        junqi_undo u;
        junqi_position_eliminate(pos, (junqi_seat)pos->to_move, JUNQI_REASON_NO_MOVABLE_PIECE, &u);
        uint64_t total = junqi_perft(pos, depth);
        junqi_unmake(pos, &u);
        return total;
    }
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        junqi_undo u;
        junqi_make(pos, moves[i], &u);
        total += junqi_perft(pos, depth - 1);
        junqi_unmake(pos, &u);
    }
    return total;
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
    junqi_resolve_no_move(pos);
    int n = junqi_generate_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        junqi_undo u;
        junqi_make(pos, moves[i], &u);
        counts[i] = junqi_perft(pos, depth - 1);
        junqi_unmake(pos, &u);
    }
    return n;
}
