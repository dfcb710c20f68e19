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

#include <stdint.h>

#include "movegen.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * perft depth of pos (depth >= 0; perft 0 is 1). pos is changed during the
 * count and restored before returning. The last ply is counted in bulk.
 */
uint64_t junqi_perft(junqi_position *pos, int depth);

/**
 * perft split by first move: fills moves[] (room for JUNQI_MAX_MOVES) and
 * counts[] (perft depth-1 after each move, depth >= 1) and returns the
 * number of first moves. Seats with no move at the root are eliminated first
 * (as junqi_perft does), in the position itself: the caller's pos keeps that
 * state afterwards, which is the position the moves belong to.
 */
int junqi_perft_divide(junqi_position *pos, int depth, junqi_move *moves, uint64_t *counts);

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
