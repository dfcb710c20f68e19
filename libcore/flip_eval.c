/* SPDX-License-Identifier: MIT */
/*
 * flip_eval.c - the static evaluation of flip positions (flip_search.h;
 * docs/engine.md "Flip games"). The terms, for each colour, in eval.h's
 * centi-material with its piece values:
 *   material   face-up pieces at their value, what a stack carries at half
 *              of its value, face-down pieces (the pool) at 85 % (a piece
 *              must be flipped, maybe by the enemy, before it acts);
 *   flag       each landmine lost before the flag is a step towards its fall;
 *              a flag the enemy can take at once is nearly lost; a carried
 *              enemy flag is nearly won, the more the nearer home;
 *   movable    a colour with few movable pieces left is near the loss of
 *              all of them (an end rule);
 *   railway    a face-up movable piece on a railway point;
 *   pressure   each face-up movable piece's best prey: the value of an enemy
 *              face-up piece it would remove, halved for each step of
 *              distance between them (the hunt that wins material before
 *              the no-combat draw; what an engineer is to a landmine and
 *              the smallest piece to an open flag).
 * The score of a colour is its sum less the other colour's.
 */
#include "flip_search.h"

#include <stdlib.h>

#include "eval.h"

#define POOL_SHARE 85       /* percent of a face-down piece's value */
#define LANDMINE_LOST 90    /* per own landmine removed while the flag is on the board */
#define FLAG_OPEN 2500      /* the enemy can take the flag in one action */
#define FLAG_CARRIED 2000   /* an enemy flag carried: nearly a win ... */
#define CARRY_STEP 120      /* ... less this per rank still to go */
#define FEW_MOVABLE 400     /* a colour with one movable piece left (half with two) */
#define RAIL 6              /* a face-up movable piece on the railway */
#define PRESSURE_SHIFT 3    /* pressure = prey value >> (distance + this) */

static int value_of(int piece)
{
    return junqi_eval_default_weights.value[piece];
}

/* Material of colour c: face up, carried, face down. */
static int material(const junqi_flip *pos, int c, int *movable)
{
    int up = 0, carried = 0, down = 0;
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t x = pos->cell[p], l = pos->load[p];
        if (!x || junqi_flip_down(x))
            continue;
        int k = junqi_flip_piece(x), mine = junqi_flip_colour(x) == c;
        if (mine) {
            up += value_of(k);
            *movable += k != JUNQI_LANDMINE && k != JUNQI_FLAG;
            up += pos->board->point[p].railway && k != JUNQI_LANDMINE && k != JUNQI_FLAG ? RAIL : 0;
            if (k != JUNQI_LANDMINE && k != JUNQI_FLAG) /* a stack's enemy explosives serve it */
                carried += (JUNQI_LOAD_MINES(l) * value_of(JUNQI_LANDMINE) + JUNQI_LOAD_BOMBS(l) * value_of(JUNQI_BOMB)) / 2;
        }
    }
    for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++) {
        down += pos->st.pool[c][k] * value_of(k);
        *movable += k != JUNQI_LANDMINE && k != JUNQI_FLAG ? pos->st.pool[c][k] : 0;
    }
    return up + carried + down * POOL_SHARE / 100;
}

/* The point of colour c's face-up flag standing alone, or -1. */
static int lone_flag(const junqi_flip *pos, int c)
{
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] == JUNQI_FLIP_CELL(c, JUNQI_FLAG))
            return p;
    return -1;
}

bool junqi_flip_flag_open(const junqi_flip *pos, int c)
{
    int f = lone_flag(pos, c);
    if (f < 0 || pos->st.removed[c][JUNQI_LANDMINE] < junqi_piece_count(JUNQI_LANDMINE))
        return false;
    uint8_t reach[JUNQI_MAX_POINTS];
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t x = pos->cell[p];
        if (!x || junqi_flip_down(x) || junqi_flip_colour(x) != (c ^ 1) ||
            !junqi_flip_may_take_flag(pos, x, c, NULL))
            continue;
        int style = junqi_flip_piece(x) == JUNQI_ENGINEER ? JUNQI_REACH_FLIGHT : JUNQI_REACH_RUNS;
        int n = junqi_flip_reach(pos, p, (junqi_reach_style)style, reach);
        for (int i = 0; i < n; i++)
            if (reach[i] == f)
                return true;
    }
    return false;
}

/* A carried enemy flag: how far (in ranks) its carrier of colour c is from home. */
static int carry_distance(const junqi_flip *pos, int c)
{
    int seat = junqi_flip_seat_of(pos, c);
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t x = pos->cell[p];
        if (x && !junqi_flip_down(x) && junqi_flip_colour(x) == c && (pos->load[p] & JUNQI_LOAD_FLAG) &&
            !pos->rules->combine) {
            int rank = pos->board->point[p].rank;
            return seat == JUNQI_NORTH ? pos->board->nranks - 1 - rank : rank;
        }
    }
    return -1;
}

static int flag_terms(const junqi_flip *pos, int c)
{
    if (pos->rules->flag_win == JUNQI_FLAG_NO_WIN)
        return 0;
    int score = 0;
    if (pos->st.removed[c][JUNQI_FLAG] == 0)
        score -= pos->st.removed[c][JUNQI_LANDMINE] * LANDMINE_LOST;
    if (junqi_flip_flag_open(pos, c))
        score -= FLAG_OPEN;
    int d = carry_distance(pos, c);
    if (d >= 0)
        score += FLAG_CARRIED - d * CARRY_STEP;
    return score;
}

/* Would face-up piece a win material by attacking face-up piece d (flip.h's attack rules)? */
static bool prey(const junqi_flip *pos, uint8_t a, uint8_t d)
{
    int ka = junqi_flip_piece(a), kd = junqi_flip_piece(d);
    if (kd == JUNQI_FLAG)
        return pos->rules->flag_win != JUNQI_FLAG_NO_WIN &&
               junqi_flip_may_take_flag(pos, a, junqi_flip_colour(d), NULL);
    if (kd == JUNQI_LANDMINE)
        return ka == JUNQI_ENGINEER;
    if (ka == JUNQI_BOMB)
        return junqi_piece_rank((junqi_piece)kd) >= 7; /* a bomb is worth a general's trade */
    return junqi_piece_rank((junqi_piece)ka) > junqi_piece_rank((junqi_piece)kd) && kd != JUNQI_BOMB;
}

/* The face-up pieces of the board, by colour: a pass that the pressure term reuses. */
typedef struct pieces {
    int n[2];
    uint8_t point[2][JUNQI_MAX_POINTS], cell[2][JUNQI_MAX_POINTS];
} pieces;

static void list_pieces(const junqi_flip *pos, pieces *ps)
{
    ps->n[0] = ps->n[1] = 0;
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t x = pos->cell[p];
        if (!x || junqi_flip_down(x))
            continue;
        int c = junqi_flip_colour(x);
        ps->point[c][ps->n[c]] = (uint8_t)p;
        ps->cell[c][ps->n[c]++] = x;
    }
}

/* The pressure of colour c's face-up movable pieces on their best prey. */
static int pressure(const junqi_flip *pos, const pieces *ps, int c)
{
    const junqi_board *b = pos->board;
    int total = 0;
    for (int i = 0; i < ps->n[c]; i++) {
        uint8_t a = ps->cell[c][i];
        int ka = junqi_flip_piece(a), best = 0;
        if (ka == JUNQI_LANDMINE || ka == JUNQI_FLAG)
            continue;
        const junqi_point *pa = &b->point[ps->point[c][i]];
        for (int k = 0; k < ps->n[c ^ 1]; k++) {
            uint8_t d = ps->cell[c ^ 1][k];
            if (!prey(pos, a, d))
                continue;
            const junqi_point *pd = &b->point[ps->point[c ^ 1][k]];
            int dist = abs(pa->file - pd->file) + abs(pa->rank - pd->rank);
            int gain = (junqi_flip_piece(d) == JUNQI_FLAG ? FLAG_OPEN : value_of(junqi_flip_piece(d))) >> (dist + PRESSURE_SHIFT);
            best = gain > best ? gain : best;
        }
        total += best;
    }
    return total;
}

/* One colour's sum of terms. */
static int terms(const junqi_flip *pos, const pieces *ps, int c)
{
    int movable = 0, score = material(pos, c, &movable) + flag_terms(pos, c) + pressure(pos, ps, c);
    if (movable <= 2)
        score -= movable == 1 ? FEW_MOVABLE : movable == 2 ? FEW_MOVABLE / 2 : 2 * FEW_MOVABLE;
    return score;
}

int junqi_flip_evaluate(const junqi_flip *pos, int colour)
{
    if (colour >= 2)
        return 0;
    pieces ps;
    list_pieces(pos, &ps);
    return terms(pos, &ps, colour) - terms(pos, &ps, colour ^ 1);
}
