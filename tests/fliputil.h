/* SPDX-License-Identifier: MIT */
/*
 * fliputil.h - helpers the flip tests share (header-only): hand-built flip
 * positions from square:piece lists, actions from their tokens, and seeded
 * random and greedy movers.
 */
#ifndef JUNQI_FLIPUTIL_H
#define JUNQI_FLIPUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flip.h"
#include "flip_deal.h"

/** The point of a square name on the two-player board; aborts on a bad name. */
static inline int sq(const char *name)
{
    int p = junqi_square_parse(junqi_board_get(JUNQI_TWO_PLAYER), name, (int)strlen(name));
    if (p < 0) {
        fprintf(stderr, "no square %s\n", name);
        abort();
    }
    return p;
}

static inline junqi_flip flip_build_rules(const junqi_rules *rules, int seat, int south, const char *pieces);

/**
 * A flip position under rule string `rules` ("fanqi", "fanqi,flag_taker=any"), `seat` to move, south's colour
 * `south` (JUNQI_RED, JUNQI_BLUE or JUNQI_NO_COLOUR), and pieces from a
 * space-separated list of SQ:SPEC, SPEC being an optional '*' (face down),
 * a colour letter (r, b), a piece symbol (9..1 B L F, ? unknown), then
 * optionally '(' loads ')' and '_' a lying flag's colour as in the position
 * notation, e.g. "c7:b8 c5:r3 b12:bF a12:*rL d4:r1(LF) b4:r5_b". Every piece not on the board is
 * removed, so that the pools hold exactly the face-down pieces placed.
 */
static inline junqi_flip flip_build(const char *rules, int seat, int south, const char *pieces)
{
    const junqi_rules *r = NULL;
    char err[256];
    if (!junqi_rules_parse(rules, JUNQI_TWO_PLAYER, &r, err, sizeof err)) {
        fprintf(stderr, "flip_build: %s\n", err);
        abort();
    }
    return flip_build_rules(r, seat, south, pieces);
}

static inline junqi_flip flip_build_rules(const junqi_rules *rules, int seat, int south, const char *pieces)
{
    junqi_flip pos;
    junqi_flip_clear(&pos, rules);
    if (south != JUNQI_NO_COLOUR) {
        pos.st.colour[JUNQI_SOUTH] = (uint8_t)south;
        pos.st.colour[JUNQI_NORTH] = (uint8_t)(south ^ 1);
    }
    pos.st.to_move = (uint8_t)seat;
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", pieces);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *colon = strchr(tok, ':');
        *colon = '\0';
        const char *s = colon + 1;
        bool down = *s == '*';
        s += down;
        int colour = *s++ == 'b';
        junqi_piece k = junqi_piece_parse(s++, 1);
        uint8_t load = 0;
        if (*s == '(')
            for (s++; *s && *s != ')'; s++)
                load = (uint8_t)(load + (*s == 'L' ? JUNQI_LOAD_MINE : *s == 'B' ? JUNQI_LOAD_BOMB : JUNQI_LOAD_FLAG));
        const char *under = strchr(s, '_');
        if (under)
            load |= (uint8_t)(JUNQI_LOAD_GROUND | (under[1] == 'b' ? JUNQI_LOAD_GROUND_BLUE : 0));
        junqi_flip_put(&pos, sq(tok), (uint8_t)(JUNQI_FLIP_CELL(colour, k) | (down ? JUNQI_FLIP_DOWN : 0)), load);
    }
    /* everything not on the board is removed: first count the army less the face-up pieces */
    for (int c = 0; c < 2; c++)
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
            pos.st.removed[c][k] = 0;
    int left[2][JUNQI_PIECE_KINDS] = {{0}};
    for (int p = 0; p < pos.board->npoints; p++) {
        uint8_t c = pos.cell[p], l = pos.load[p];
        if (!c)
            continue;
        int colour = junqi_flip_colour(c), k = junqi_flip_piece(c);
        left[colour][k]++;
        int carried = k == JUNQI_LANDMINE || k == JUNQI_FLAG ? colour : colour ^ 1;
        if (!junqi_flip_down(c)) {
            left[carried][JUNQI_LANDMINE] += JUNQI_LOAD_MINES(l);
            left[carried][JUNQI_BOMB] += JUNQI_LOAD_BOMBS(l);
            left[carried][JUNQI_FLAG] += (l & JUNQI_LOAD_FLAG) != 0;
        }
        if (l & JUNQI_LOAD_GROUND)
            left[(l & JUNQI_LOAD_GROUND_BLUE) ? 1 : 0][JUNQI_FLAG]++;
    }
    for (int c = 0; c < 2; c++)
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
            pos.st.removed[c][k] = (uint8_t)(junqi_piece_count((junqi_piece)k) - left[c][k]);
    bool ok = junqi_flip_settle(&pos);
    if (!ok) {
        fprintf(stderr, "flip_build: too many pieces in '%s'\n", pieces);
        abort();
    }
    return pos;
}

/** The move FROM-TO (whole stack, no drop). */
static inline junqi_action mv(const char *from, const char *to)
{
    return junqi_action_move(sq(from), sq(to));
}

/** The flip of a square. */
static inline junqi_action fl(const char *square)
{
    return junqi_action_flip(sq(square));
}

/** True if action a is among the legal actions of pos. */
static inline bool flip_is_generated(const junqi_flip *pos, junqi_action a)
{
    junqi_action all[JUNQI_MAX_ACTIONS];
    int n = junqi_flip_generate(pos, all);
    for (int i = 0; i < n; i++)
        if (junqi_action_equal(all[i], a))
            return true;
    return false;
}

/** A linear congruential step: the movers' only randomness. */
static inline uint64_t flip_rng(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state >> 33;
}

/** A material count of the face-up pieces of a colour, for the greedy mover. */
static inline int flip_material(const junqi_flip *pos, int colour)
{
    int m = 0;
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        if (c && !junqi_flip_down(c) && junqi_flip_colour(c) == colour)
            m += 10 + junqi_piece_rank((junqi_piece)junqi_flip_piece(c)) * 10;
    }
    return m;
}

/**
 * A mover's choice among the n legal actions: random, or (greedy) the move
 * that leaves the mover the most face-up material over the opponent's, a
 * won game first, ties and flips broken at random.
 */
static inline int flip_pick(junqi_flip *pos, const junqi_action *a, int n, bool greedy, uint64_t *rng)
{
    if (!greedy)
        return (int)(flip_rng(rng) % (uint64_t)n);
    int best = -1, best_score = -1000000, seat = pos->st.to_move, mine = pos->st.colour[seat];
    int base = mine < 2 ? 10 * (flip_material(pos, mine) - flip_material(pos, mine ^ 1)) : 0;
    for (int i = 0; i < n; i++) {
        int score = (int)(flip_rng(rng) % 7) + base;
        if (a[i].kind == JUNQI_ACT_MOVE) {
            junqi_flip_undo u;
            junqi_flip_make(pos, a[i], 0, &u);
            score += 10 * (flip_material(pos, mine) - flip_material(pos, mine ^ 1)) - base;
            if (pos->st.result.winners & JUNQI_SEAT_BIT(seat))
                score += 100000;
            junqi_flip_unmake(pos, &u);
        }
        if (score > best_score)
            best_score = score, best = i;
    }
    return best;
}

#endif
