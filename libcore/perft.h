/* SPDX-License-Identifier: MIT */
/*
 * perft.h - counting move sequences, the move generator's correctness check.
 *
 * Semantics (those of the reference counts in tests/data/perft): perft D is the
 * number of move sequences of length D from the position. A seat to move
 * with no legal move is eliminated at once (its pieces removed, no move
 * counted) and the turn passes to the next live seat; a finished game has
 * no moves, so a move that ends the game is a sequence of length 1 that
 * nothing continues.
 */
#ifndef JUNQI_PERFT_H
#define JUNQI_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "movegen.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How many positions a stoppable count visits between two polls of its stop hook. */
#define JUNQI_PERFT_POLL 1024

/**
 * What may end a perft count early (junqi_perft_stoppable(), and the flip
 * games' counts of flip.h): a binding's Ctrl-C, a GUI's stop button. stop
 * is polled on the counting thread as a count starts and then once every
 * JUNQI_PERFT_POLL positions whose moves are generated (the last ply,
 * counted in bulk, is not visited), so a deep count ends within a few
 * milliseconds of its request and the poll costs nothing measurable;
 * search.h's junqi_stop_requested with a junqi_stop as ctx is such a hook,
 * thread-safe.
 */
typedef struct junqi_perft_stop {
    bool (*stop)(void *ctx); /**< true ends the count (NULL: never) */
    void *ctx;               /**< passed to stop (borrowed) */
    bool stopped;            /**< out: cleared as a count starts, set once stop returned true (the
                                  count is then partial and means nothing) */
} junqi_perft_stop;

/**
 * Start a count that polls stop (NULL: none) with junqi_perft_stopping():
 * stop->stopped cleared; returns the first value of its countdown, 1: the
 * first position polls, so a stop requested before the count ends it at once.
 */
static inline unsigned junqi_perft_begin(junqi_perft_stop *stop)
{
    if (stop)
        stop->stopped = false;
    return 1;
}

/**
 * Whether a count polling stop (NULL: none) is to end: the poll that
 * junqi_perft_stoppable() and the flip games' counts make at each position
 * whose moves they generate. It calls stop->stop once every
 * JUNQI_PERFT_POLL calls, counted down in *left (from junqi_perft_begin()),
 * and sets stop->stopped when that returns true.
 */
static inline bool junqi_perft_stopping(junqi_perft_stop *stop, unsigned *left)
{
    if (!stop)
        return false;
    if (--*left == 0) {
        *left = JUNQI_PERFT_POLL;
        if (!stop->stopped && stop->stop && stop->stop(stop->ctx))
            stop->stopped = true;
    }
    return stop->stopped;
}

/**
 * perft depth of pos (depth >= 0; perft 0 is 1). pos is changed during the
 * count and restored before returning. The last ply is counted in bulk.
 */
uint64_t junqi_perft(junqi_position *pos, int depth);

/**
 * junqi_perft() that stop (NULL: none, as junqi_perft) may end early: once
 * its hook returns true, the count unwinds at once, restoring pos, sets
 * stop->stopped and returns a partial count that means nothing.
 */
uint64_t junqi_perft_stoppable(junqi_position *pos, int depth, junqi_perft_stop *stop);

/**
 * perft split by first move: fills moves[] (room for JUNQI_MAX_MOVES) and
 * counts[] (perft depth-1 after each move, depth >= 1) and returns the
 * number of first moves. Seats with no move at the root are eliminated first
 * (as junqi_perft does), in the position itself: the caller's pos keeps that
 * state afterwards, which is the position the moves belong to.
 */
int junqi_perft_divide(junqi_position *pos, int depth, junqi_move *moves, uint64_t *counts);

/**
 * junqi_perft_divide() that stop (NULL: none) may end early, as
 * junqi_perft_stoppable(): then stop->stopped is set, and counts[] (all n
 * of them written) are partial and mean nothing.
 */
int junqi_perft_divide_stoppable(junqi_position *pos, int depth, junqi_move *moves, uint64_t *counts,
                                 junqi_perft_stop *stop);

/**
 * Eliminate, for "no movable piece", each seat to move that has no legal
 * move, until a seat can move or the game is over (the engine's rule; QQ
 * times it differently, see rules.md). Changes pos; returns the number of
 * seats eliminated.
 */
int junqi_resolve_no_move(junqi_position *pos);

#ifdef __cplusplus
}
#endif

#endif
