/* SPDX-License-Identifier: MIT */
/*
 * flip_deal.h - deals of flip games: 50 pieces (25 red, 25 blue) face down
 * on the 50 points of the two-player board that are not camps
 * (docs/variants.md §3 "Deal").
 *
 * A deal is an array indexed by point (board.h, two-player board) of
 * face-up flip cells (flip.h: colour and piece), 0 on the camps. Its text
 * form (the JGN Deal tag) is flipnote.h's.
 */
#ifndef JUNQI_FLIP_DEAL_H
#define JUNQI_FLIP_DEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flip.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Pieces in a deal: 50. */
#define JUNQI_FLIP_DEAL_SIZE (2 * JUNQI_ARMY_SIZE)

/**
 * The 50 points a deal fills, in the order of the notation: rank 12 to
 * rank 1, file a to e, camps skipped. Writes them to points[]; returns 50.
 */
int junqi_flip_deal_points(uint8_t points[JUNQI_FLIP_DEAL_SIZE]);

/**
 * The deal of seed `seed`, drawn uniformly from all deals: the 50 pieces
 * listed red then blue, each colour's kinds in piece.h's order (flag,
 * landmines, bombs, engineer … marshal) with their counts, are shuffled by
 * Fisher-Yates (i from 49 down to 1, j uniform in [0, i]) with splitmix64
 * started at `seed` as the source (a value below 2^64 mod (i+1) is drawn
 * again, so that j is exactly uniform, then j = value mod (i+1)); piece i
 * goes to point i of junqi_flip_deal_points(). The generator's next value
 * then draws the first seat: south when it is even, north when odd (flip
 * games start at random, variants.md §3.1). The same seed gives the same
 * deal and first seat on every machine (docs/jgn.md). Writes deal[]
 * (JUNQI_MAX_POINTS); returns the first seat.
 */
junqi_seat junqi_flip_deal_random(uint64_t seed, uint8_t deal[JUNQI_MAX_POINTS]);

/**
 * Check a deal: camps empty, every other point a piece, each colour exactly
 * the army of rules.md. Returns false with an English sentence in msg (n
 * bytes) naming the first problem.
 */
bool junqi_flip_deal_check(const uint8_t deal[JUNQI_MAX_POINTS], char *msg, size_t n);

#ifdef __cplusplus
}
#endif

#endif
