/* SPDX-License-Identifier: MIT */
/*
 * flip_deal.c - deals of flip games: the seeded generator and the check
 * (docs/variants.md §3 "Deal"; the generator is specified in docs/jgn.md
 * "Starting a flip game", so that a seed gives the same deal everywhere).
 */
#include "flip_deal.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

#include "rng.h"

/* A uniform integer in [0, bound): rejection of the low values that would bias it. */
static uint64_t uniform(uint64_t *state, uint64_t bound)
{
    uint64_t threshold = (0 - bound) % bound, r;
    do
        r = junqi_splitmix64(state);
    while (r < threshold);
    return r % bound;
}

int junqi_flip_deal_points(uint8_t points[JUNQI_FLIP_DEAL_SIZE])
{
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    int n = 0;
    for (int rank = b->nranks - 1; rank >= 0; rank--)
        for (int file = 0; file < b->nfiles; file++) {
            int p = junqi_board_point_at(b, file, rank);
            if (p >= 0 && b->point[p].kind != JUNQI_CAMP)
                points[n++] = (uint8_t)p;
        }
    return n;
}

junqi_seat junqi_flip_deal_random(uint64_t seed, uint8_t deal[JUNQI_MAX_POINTS])
{
    uint8_t pieces[JUNQI_FLIP_DEAL_SIZE], points[JUNQI_FLIP_DEAL_SIZE];
    int n = 0;
    for (int colour = JUNQI_RED; colour <= JUNQI_BLUE; colour++)
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
            for (int i = 0; i < junqi_piece_count((junqi_piece)k); i++)
                pieces[n++] = JUNQI_FLIP_CELL(colour, k);
    junqi_flip_deal_points(points);
    uint64_t state = seed;
    for (int i = n - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)uniform(&state, (uint64_t)i + 1);
        uint8_t t = pieces[i];
        pieces[i] = pieces[j];
        pieces[j] = t;
    }
    memset(deal, 0, JUNQI_MAX_POINTS);
    for (int i = 0; i < n; i++)
        deal[points[i]] = pieces[i];
    return junqi_splitmix64(&state) % 2 ? JUNQI_NORTH : JUNQI_SOUTH;
}

bool junqi_flip_deal_check(const uint8_t deal[JUNQI_MAX_POINTS], char *msg, size_t n)
{
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    int count[2][JUNQI_PIECE_KINDS] = {{0}};
    char sq[4];
    for (int p = 0; p < b->npoints; p++) {
        bool camp = b->point[p].kind == JUNQI_CAMP;
        if (camp != !deal[p]) {
            snprintf(msg, n, camp ? _("camp %s must be empty at the start") : _("%s must hold a piece: the deal fills every point but the camps"),
                     junqi_square_name(b, p, sq));
            return false;
        }
        if (deal[p])
            count[junqi_flip_colour(deal[p])][junqi_flip_piece(deal[p])]++;
    }
    for (int colour = JUNQI_RED; colour <= JUNQI_BLUE; colour++)
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
            if (count[colour][k] != junqi_piece_count((junqi_piece)k)) {
                snprintf(msg, n, P_("the deal has %d %s %s, the army %d", "the deal has %d %s %ss, the army %d", count[colour][k]),
                         count[colour][k], _(junqi_colour_name(colour)),
                         _(junqi_piece_words((junqi_piece)k)), junqi_piece_count((junqi_piece)k));
                return false;
            }
    return true;
}
