/* SPDX-License-Identifier: MIT */
/*
 * eval.c - static evaluation. See eval.h; the terms and weights are
 * explained in docs/engine.md.
 */
#include "eval.h"

#include <pthread.h>
#include <string.h>


/* ---- move distances, per board ------------------------------------------
 * dist[c][p][q]: the fewest moves from p to q on an empty board, for a
 * non-engineer (c = 0: road steps and straight railway runs) or an engineer
 * (c = 1: road steps and any railway path). Capped at DIST_FAR. */

#define DIST_FAR 15

typedef struct board_dist {
    uint8_t d[2][JUNQI_MAX_POINTS][JUNQI_MAX_POINTS];
} board_dist;

/* One table per board, variants included (board.h: junqi_board.id). */
static board_dist dists[JUNQI_BOARD_VARIANTS];
static pthread_once_t dist_once = PTHREAD_ONCE_INIT;

/* The points one move from x for mover class c, on an empty board. */
static int one_move(const junqi_board *b, int c, int x, uint8_t *out)
{
    int n = 0;
    for (int i = 0; i < b->nroad[x]; i++)
        out[n++] = b->road[x][i];
    for (int i = 0; i < b->nshelter[x]; i++) /* the mountains of mountain=shelter */
        out[n++] = b->shelter[x][i];
    if (!b->point[x].railway)
        return n;
    if (c == 0) {
        for (int i = b->run_start[x]; i < b->run_start[x + 1]; i++)
            out[n++] = b->run[i].point;
        return n;
    }
    for (int q = 0; q < b->npoints; q++) /* the railway is connected on both boards */
        if (q != x && b->point[q].railway)
            out[n++] = (uint8_t)q;
    return n;
}

static void bfs(const junqi_board *b, int c, int src, uint8_t *dist)
{
    uint8_t queue[JUNQI_MAX_POINTS], next[JUNQI_MAX_POINTS * 4];
    memset(dist, DIST_FAR, JUNQI_MAX_POINTS);
    int head = 0, tail = 0;
    dist[src] = 0;
    queue[tail++] = (uint8_t)src;
    while (head < tail) {
        int x = queue[head++];
        int n = one_move(b, c, x, next);
        for (int i = 0; i < n; i++)
            if (dist[next[i]] == DIST_FAR && dist[x] + 1 < DIST_FAR) {
                dist[next[i]] = (uint8_t)(dist[x] + 1);
                queue[tail++] = next[i];
            }
    }
}

static void build_dists(void)
{
    const junqi_board *boards[] = {junqi_board_get(JUNQI_TWO_PLAYER), junqi_board_get(JUNQI_FOUR_PLAYER),
                                   junqi_board_variant(JUNQI_TWO_PLAYER, true)};
    for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++)
        for (int c = 0; c < 2; c++)
            for (int p = 0; p < boards[k]->npoints; p++)
                bfs(boards[k], c, p, dists[boards[k]->id].d[c][p]);
}

static const board_dist *board_dists(const junqi_board *b)
{
    pthread_once(&dist_once, build_dists);
    return &dists[b->id];
}

/* ---- tables ------------------------------------------------------------- */

/* Proximity of a piece at `moves` moves: 64 at one move, halving. */
static int proximity(int moves)
{
    return moves >= 1 && moves <= 7 ? 64 >> (moves - 1) : 0;
}

/* The positional value of a movable piece of seat s on point p, ignoring flags. */
static int static_position(const junqi_eval_tables *t, int s, int p)
{
    const junqi_board *b = t->board;
    const junqi_point *pt = &b->point[p];
    const junqi_eval_weights *w = t->w;
    if (pt->kind == JUNQI_HEADQUARTERS)
        return w->stuck;
    bool enemy_arm = pt->arm < JUNQI_SEATS && ((t->enemies[s] >> pt->arm) & 1);
    int v = w->mobility * (b->nroad[p] + 2 * b->nrail[p]);
    if (pt->kind == JUNQI_CAMP)
        v += enemy_arm ? w->camp_enemy : w->camp_own;
    if (pt->railway)
        v += w->rail;
    if (pt->arm == JUNQI_NO_SEAT)
        v += w->centre;
    if (enemy_arm)
        v += w->advance * pt->row;
    return v;
}

static int flag_point(const junqi_position *pos, int s)
{
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] == JUNQI_CELL(s, JUNQI_FLAG))
            return p;
    return JUNQI_NO_POINT;
}

void junqi_eval_tables_init(junqi_eval_tables *t, const junqi_position *pos,
                            const junqi_eval_weights *w)
{
    const junqi_board *b = pos->board;
    const board_dist *bd = board_dists(b);
    memset(t, 0, sizeof *t);
    t->board = b;
    t->w = w ? w : &junqi_eval_default_weights;
    for (int s = 0; s < JUNQI_SEATS; s++) {
        t->side[s] = pos->side[s];
        t->enemies[s] = (uint8_t)(pos->present & ~pos->side[s]);
        t->flag[s] = (uint8_t)flag_point(pos, s);
    }
    for (int s = 0; s < JUNQI_SEATS; s++)
        for (int i = 0; t->flag[s] != JUNQI_NO_POINT && i < b->nroad[t->flag[s]]; i++)
            t->gate_of[b->road[t->flag[s]][i]] |= (uint8_t)JUNQI_SEAT_BIT(s);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!((pos->present >> s) & 1))
            continue;
        int f = t->flag[s];
        for (int k = JUNQI_BOMB; k <= JUNQI_MARSHAL; k++) {
            const uint8_t(*d)[JUNQI_MAX_POINTS] = bd->d[k == JUNQI_ENGINEER];
            for (int p = 0; p < b->npoints; p++) {
                int v = static_position(t, s, p);
                if (f != JUNQI_NO_POINT) {
                    v += t->w->defence[k] * proximity(d[p][f]) / 64;
                    t->press[s][k][p] = (int16_t)(t->w->pressure[k] * proximity(d[p][f]) / 64);
                }
                t->pst[s][k][p] = (int16_t)v;
            }
        }
    }
}

/* ---- running sums ------------------------------------------------------- */

static void add_piece(const junqi_eval_tables *t, junqi_eval_state *st, uint8_t c, int p, int sign)
{
    int s = JUNQI_CELL_SEAT(c), k = JUNQI_CELL_PIECE(c);
    st->count[s][k] = (uint8_t)(st->count[s][k] + sign);
    st->material[s] += sign * t->w->value[k];
    st->positional[s] += sign * t->pst[s][k][p];
    for (unsigned e = t->enemies[s]; e; e &= e - 1) {
        int target = __builtin_ctz(e);
        st->pressure[target] += sign * t->press[target][k][p];
    }
}

/* What the gates of seat s's flag hold (cells: the position's): the gate
 * terms (positive: bad for s), how many are open (empty or held by an
 * enemy), and whether s has a landmine on one. */
static void update_gates(const junqi_eval_tables *t, junqi_eval_state *st, const uint8_t *cell,
                         int s)
{
    int f = t->flag[s], danger = 0, open = 0;
    bool mined = false;
    const junqi_board *b = t->board;
    const junqi_eval_weights *w = t->w;
    for (int i = 0; f != JUNQI_NO_POINT && i < b->nroad[f]; i++) {
        int q = b->road[f][i];
        uint8_t c = cell[q];
        if (!c) {
            danger += w->gate_open + (b->point[q].railway ? w->gate_rail : 0);
            open++;
        } else if ((t->side[s] >> JUNQI_CELL_SEAT(c)) & 1) {
            bool mine = JUNQI_CELL_PIECE(c) == JUNQI_LANDMINE;
            danger -= mine ? w->gate_landmine : w->gate_guard;
            mined |= mine;
        } else {
            danger += w->gate_enemy;
            open++;
        }
    }
    st->gate_danger[s] = (int16_t)danger;
    st->gate_open[s] = (uint8_t)(open > 3 ? 3 : open);
    st->mined = (uint8_t)((st->mined & ~JUNQI_SEAT_BIT(s)) | (mined ? JUNQI_SEAT_BIT(s) : 0));
}

void junqi_eval_state_init(const junqi_eval_tables *t, const junqi_position *pos,
                           junqi_eval_state *st)
{
    memset(st, 0, sizeof *st);
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        if (c && JUNQI_CELL_PIECE(c) != JUNQI_UNKNOWN)
            add_piece(t, st, c, p, +1);
    }
    for (int s = 0; s < JUNQI_SEATS; s++)
        update_gates(t, st, pos->cell, s);
}

void junqi_eval_state_update(const junqi_eval_tables *t, junqi_eval_state *st,
                             const junqi_position *pos, const junqi_undo *u)
{
    add_piece(t, st, u->moved, u->move.from, -1);
    switch (u->outcome) {
    case JUNQI_NO_COMBAT: add_piece(t, st, u->moved, u->move.to, +1); break;
    case JUNQI_ATTACKER_WINS:
        add_piece(t, st, u->captured, u->move.to, -1);
        add_piece(t, st, u->moved, u->move.to, +1);
        break;
    case JUNQI_BOTH_REMOVED: add_piece(t, st, u->captured, u->move.to, -1); break;
    default: break; /* the attacker is gone, the defender stays */
    }
    for (unsigned g = t->gate_of[u->move.from] | t->gate_of[u->move.to]; g; g &= g - 1)
        update_gates(t, st, pos->cell, __builtin_ctz(g));
}

/* ---- the score ---------------------------------------------------------- */

/* Material of seat s, with the adjustments that depend on the enemies. */
static int material(const junqi_eval_tables *t, const junqi_eval_state *st,
                    const junqi_position *pos, int s)
{
    const junqi_eval_weights *w = t->w;
    const uint8_t *n = st->count[s];
    int m = w->seat + st->material[s];
    int enemies = 0, mined = 0, tops = 0;
    for (unsigned e = t->enemies[s] & pos->alive; e; e &= e - 1) {
        int x = __builtin_ctz(e);
        enemies++;
        mined += (st->mined >> x) & 1;
        tops += st->count[x][JUNQI_MARSHAL] + st->count[x][JUNQI_GENERAL];
    }
    if (enemies) {
        m += n[JUNQI_ENGINEER] * w->engineer_mined * mined / enemies;
        m += n[JUNQI_BOMB] * w->bomb_vs_top * tops / (2 * enemies);
    }
    if (n[JUNQI_ENGINEER] == 1)
        m += w->last_engineer;
    return m;
}

/* The score split into terms, for side `side`. */
static junqi_eval_terms score_terms(const junqi_eval_tables *t, const junqi_eval_state *st,
                                    const junqi_position *pos, unsigned side)
{
    junqi_eval_terms terms = {0, 0, 0, 0};
    if (junqi_position_over(pos)) {
        if (pos->result.status == JUNQI_DECIDED)
            terms.total = (pos->result.winners & side) ? JUNQI_EVAL_WIN : -JUNQI_EVAL_WIN;
        return terms;
    }
    for (unsigned a = pos->alive; a; a &= a - 1) {
        int s = __builtin_ctz(a);
        int sign = (side >> s) & 1 ? 1 : -1;
        int danger = st->gate_danger[s] + st->pressure[s] * t->w->open_scale[st->gate_open[s]] / 64;
        if (danger > t->w->danger_cap) /* a threat to a flag is worth less than taking it */
            danger = t->w->danger_cap;
        terms.material += sign * material(t, st, pos, s);
        terms.flag_safety -= sign * danger;
        terms.position += sign * st->positional[s];
    }
    terms.total = terms.material + terms.flag_safety + terms.position;
    return terms;
}

int junqi_eval_score(const junqi_eval_tables *t, const junqi_eval_state *st,
                     const junqi_position *pos, unsigned side)
{
    return score_terms(t, st, pos, side).total;
}

junqi_eval_terms junqi_evaluate_terms(const junqi_position *pos, unsigned side)
{
    static _Thread_local junqi_eval_tables t;
    junqi_eval_state st;
    junqi_eval_tables_init(&t, pos, NULL);
    junqi_eval_state_init(&t, pos, &st);
    return score_terms(&t, &st, pos, side);
}

int junqi_evaluate(const junqi_position *pos, unsigned side)
{
    return junqi_evaluate_terms(pos, side).total;
}

/* e^x for |x| <= 64, without libm (the library links without -lm): a Taylor
 * polynomial of degree 6 on x / 1024, squared ten times; relative error
 * below 1e-10. */
static double exp_bounded(double x)
{
    double y = x / 1024, term = 1, sum = 1;
    for (int n = 1; n <= 6; n++) {
        term *= y / n;
        sum += term;
    }
    for (int i = 0; i < 10; i++)
        sum *= sum;
    return sum;
}

double junqi_eval_winprob(int score)
{
    double x = -(double)score / JUNQI_EVAL_LOGISTIC_SCALE;
    if (x > 64)
        return 0.0;
    if (x < -64)
        return 1.0;
    return 1.0 / (1.0 + exp_bounded(x));
}
