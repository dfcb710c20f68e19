/* SPDX-License-Identifier: MIT */
/*
 * rng.h - splitmix64, the one pseudo-random generator of the library: the
 * fixed-seed Zobrist keys (position.c, flip.c) and the seeded deals of flip
 * games (flip_deal.c) draw from it, so that they are the same on every
 * machine and in every build.
 */
#ifndef JUNQI_RNG_H
#define JUNQI_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The next value of splitmix64 (Steele, Lea, Flood 2014); *state is the whole generator. */
static inline uint64_t junqi_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#ifdef __cplusplus
}
#endif

#endif
