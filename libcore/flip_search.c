/* SPDX-License-Identifier: MIT */
/*
 * flip_search.c - expectimax with *-minimax (Star1) bounds over flip
 * positions, iterative deepening, node and time limits, root actions spread
 * over threads. See flip_search.h for the design.
 */
#include "flip_search.h"
#include "fpmode.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval.h"

#define TT_BITS 15                 /* entries per worker: 2^15 (32768), 512 KiB */
#define QUIESCENCE_DEPTH 4
#define WIN_STEP 1e-4              /* a win in n plies is worth 1 - n * WIN_STEP */

enum { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

typedef struct tt_entry {
    uint64_t key;
    float value;
    uint16_t epoch;
    int8_t depth;
    uint8_t bound;
    junqi_action best;
} tt_entry;

/* One thread's search state. */
typedef struct worker {
    junqi_flip pos;
    tt_entry *tt;
    uint16_t epoch;
    uint64_t nodes, cap;           /* nodes of the current root action, and its budget */
    atomic_uint_fast64_t *spent;   /* the iteration's nodes on every thread (NULL: no budget) ... */
    uint64_t limit;                /* ... which may not pass this */
    bool aborted;
    bool stoppable;                /* the time limit or a stop may cut this search (not depth 1) */
    const atomic_bool *stop;       /* the time limit (shared) */
    const junqi_search_limits *limits; /* the caller's, for its stop */
    junqi_action reply;            /* the best answer found to the current root action */
    int root_seat;                 /* the seat the search is for ... */
    double contempt;               /* ... which values a draw at 0.5 less this */
} worker;

/* What a draw is worth to `seat`: a half, less the contempt for the searching seat. */
static double draw_value(const worker *w, int seat)
{
    return seat == w->root_seat ? 0.5 - w->contempt : 0.5 + w->contempt;
}

static double terminal(const worker *w, int seat, int ply)
{
    const junqi_result *r = &w->pos.st.result;
    if (r->status != JUNQI_DECIDED)
        return draw_value(w, seat);
    return (r->winners & JUNQI_SEAT_BIT(seat)) ? 1.0 - WIN_STEP * ply : WIN_STEP * ply;
}

/* The static value for `seat`: the evaluation's win probability, drawn towards a
 * draw's value as the no-combat draw nears (so the side ahead presses, the side
 * behind waits). */
static double leaf(const worker *w, int seat)
{
    const junqi_flip *pos = &w->pos;
    int colour = pos->st.colour[seat], limit = pos->rules->no_combat_draw;
    double draw = draw_value(w, seat);
    if (colour >= 2)
        return draw;
    double p = junqi_eval_winprob(junqi_flip_evaluate(pos, colour));
    if (limit > 0)
        p = draw + (p - draw) * (1.0 - 0.5 * pos->st.quiet / limit);
    return p;
}

/* Sort items (n of `size` bytes) by key, the highest first, stable: an insertion sort, as
 * the lists are short (root actions, outcomes). The keys move with their items. */
static void sort_by_key(double *key, void *items, size_t size, int n)
{
    unsigned char *it = items, tmp[16];
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[j] > key[j - 1]; j--) {
            double k = key[j];
            key[j] = key[j - 1], key[j - 1] = k;
            memcpy(tmp, it + (size_t)j * size, size);
            memcpy(it + (size_t)j * size, it + (size_t)(j - 1) * size, size);
            memcpy(it + (size_t)(j - 1) * size, tmp, size);
        }
}

/* Does action a of pos meet chance: a flip, or an attack that turns a face-down piece? */
static bool is_chance(const junqi_flip *pos, junqi_action a)
{
    return a.kind == JUNQI_ACT_FLIP || junqi_flip_down(pos->cell[a.to]);
}

/* The identities a flip of p may show, with their weights (the pool, or its colour's part). */
static int outcomes(const junqi_flip *pos, int p, uint8_t *shown, int *weight, int *total)
{
    int colour = junqi_flip_colour(pos->cell[p]), n = 0;
    *total = 0;
    for (int c = 0; c < 2; c++) {
        if (colour < 2 && c != colour)
            continue;
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
            if (pos->st.pool[c][k]) {
                shown[n] = JUNQI_FLIP_CELL(c, k);
                weight[n++] = pos->st.pool[c][k];
                *total += pos->st.pool[c][k];
            }
    }
    double key[2 * JUNQI_PIECE_KINDS];
    for (int i = 0; i < n; i++)
        key[i] = weight[i];
    sort_by_key(key, shown, 1, n); /* the likeliest first: the bounds cut sooner */
    for (int i = 0; i < n; i++)
        weight[i] = (int)key[i];
    return n;
}

/* Whether the caller asks the search to stop (limits.stop). */
static bool caller_stops(const junqi_search_limits *l)
{
    return l->stop && l->stop(l->ctx);
}

/* Count a node; true (and w->aborted) when the search must stop: its root action's cap or
 * the iteration's budget spent (a node the shared count finds at the limit is not searched,
 * so the nodes searched never pass it), out of time, or stopped by the caller. */
static bool out_of_budget(worker *w)
{
    if (++w->nodes > w->cap ||
        (w->spent && atomic_fetch_add_explicit(w->spent, 1, memory_order_relaxed) >= w->limit) ||
        ((w->nodes & 1023) == 0 && w->stoppable && (atomic_load(w->stop) || caller_stops(w->limits))))
        w->aborted = true;
    return w->aborted;
}

static double search(worker *w, int seat, int depth, double alpha, double beta, int ply);

/* The value for the mover of one outcome (or of a plain move): make, search, unmake. */
static double child(worker *w, int seat, junqi_action a, uint8_t shown, int depth, double alpha, double beta, int ply)
{
    junqi_flip_undo u;
    junqi_flip_make(&w->pos, a, shown, &u);
    double v = 1.0 - search(w, junqi_flip_opponent(seat), depth - 1, 1.0 - beta, 1.0 - alpha, ply + 1);
    junqi_flip_unmake(&w->pos, &u);
    return v;
}

/* A chance node (Star1): the expectation of the outcomes, with cut-offs once
 * the outcomes not yet searched (each worth 0..1) cannot bring it back into
 * the window. */
static double chance(worker *w, int seat, junqi_action a, int depth, double alpha, double beta, int ply)
{
    uint8_t shown[2 * JUNQI_PIECE_KINDS];
    int weight[2 * JUNQI_PIECE_KINDS], total, n = outcomes(&w->pos, a.kind == JUNQI_ACT_FLIP ? a.from : a.to, shown,
                                                               weight, &total);
    double sum = 0, left = 1;
    for (int i = 0; i < n && !w->aborted; i++) {
        double p = (double)weight[i] / total;
        double lo = (alpha - sum - (left - p)) / p, hi = (beta - sum) / p;
        if (lo >= 1.0)
            return sum + left; /* cannot reach alpha: an upper bound */
        if (hi <= 0.0)
            return sum; /* already at beta: a lower bound */
        double v = child(w, seat, a, shown[i], depth, fmax(lo, 0.0), fmin(hi, 1.0), ply);
        sum += p * v;
        left -= p;
        if (v <= lo)
            return sum + left;
        if (v >= hi)
            return sum;
    }
    return sum;
}

static double action_value(worker *w, int seat, junqi_action a, int depth, double alpha, double beta, int ply)
{
    return is_chance(&w->pos, a) ? chance(w, seat, a, depth, alpha, beta, ply)
                                 : child(w, seat, a, 0, depth, alpha, beta, ply);
}

/* Search order: the table's action, attacks by the value they remove, moves, flips. */
static int order_key(const junqi_flip *pos, junqi_action a, junqi_action best)
{
    if (junqi_action_equal(a, best))
        return 1 << 20;
    if (a.kind == JUNQI_ACT_FLIP)
        return -1000;
    uint8_t d = pos->cell[a.to];
    if (d && !junqi_flip_down(d))
        return 1000 + junqi_eval_default_weights.value[junqi_flip_piece(d)] -
               junqi_eval_default_weights.value[junqi_flip_piece(pos->cell[a.from])] / 16;
    return 0;
}

static void order(const junqi_flip *pos, junqi_action *a, int n, junqi_action best)
{
    double key[JUNQI_MAX_ACTIONS];
    for (int i = 0; i < n; i++)
        key[i] = order_key(pos, a[i], best);
    sort_by_key(key, a, sizeof *a, n); /* generation order breaks ties */
}

/* Captures only (attacks on face-up pieces), from a stand-pat leaf value. */
static double quiesce(worker *w, int seat, double alpha, double beta, int qdepth, int ply)
{
    if (out_of_budget(w))
        return 0.5;
    if (junqi_flip_over(&w->pos))
        return terminal(w, seat, ply);
    double best = leaf(w, seat);
    if (best >= beta || qdepth == 0)
        return best;
    alpha = fmax(alpha, best);
    junqi_action a[JUNQI_MAX_ACTIONS];
    int n = junqi_flip_generate(&w->pos, a);
    for (int i = 0; i < n && !w->aborted; i++) {
        uint8_t d = w->pos.cell[a[i].to];
        if (a[i].kind == JUNQI_ACT_FLIP || !d || junqi_flip_down(d))
            continue;
        junqi_flip_undo u;
        junqi_flip_make(&w->pos, a[i], 0, &u);
        double v = 1.0 - quiesce(w, junqi_flip_opponent(seat), 1.0 - beta, 1.0 - alpha, qdepth - 1, ply + 1);
        junqi_flip_unmake(&w->pos, &u);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

static tt_entry *tt_slot(worker *w)
{
    return &w->tt[w->pos.st.hash & ((1u << TT_BITS) - 1)];
}

/* A table entry of this root action's search that settles the node, if any. */
static bool tt_cut(worker *w, int depth, double alpha, double beta, double *value, junqi_action *best)
{
    tt_entry *e = tt_slot(w);
    if (e->epoch != w->epoch || e->key != w->pos.st.hash)
        return false;
    *best = e->best;
    if (e->depth < depth)
        return false;
    *value = e->value;
    return e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && *value >= beta) ||
           (e->bound == BOUND_UPPER && *value <= alpha);
}

static void tt_store(worker *w, int depth, double value, double alpha0, double beta, junqi_action best)
{
    tt_entry *e = tt_slot(w);
    *e = (tt_entry){w->pos.st.hash, (float)value, w->epoch, (int8_t)depth,
                    (uint8_t)(value <= alpha0 ? BOUND_UPPER : value >= beta ? BOUND_LOWER : BOUND_EXACT), best};
}

static double search(worker *w, int seat, int depth, double alpha, double beta, int ply)
{
    if (out_of_budget(w))
        return 0.5;
    if (junqi_flip_over(&w->pos))
        return terminal(w, seat, ply);
    if (depth <= 0)
        return quiesce(w, seat, alpha, beta, QUIESCENCE_DEPTH, ply);
    double value, alpha0 = alpha;
    junqi_action best = junqi_action_make(JUNQI_ACT_MOVE, JUNQI_NO_POINT, JUNQI_NO_POINT);
    if (tt_cut(w, depth, alpha, beta, &value, &best))
        return value;
    junqi_action a[JUNQI_MAX_ACTIONS];
    int n = junqi_flip_generate(&w->pos, a);
    order(&w->pos, a, n, best);
    double top = -1;
    for (int i = 0; i < n && !w->aborted; i++) {
        double v = action_value(w, seat, a[i], depth, alpha, beta, ply);
        if (v > top) {
            top = v;
            best = a[i];
        }
        alpha = fmax(alpha, v);
        if (alpha >= beta)
            break;
    }
    if (w->aborted)
        return 0.5;
    if (ply == 1)
        w->reply = best;
    tt_store(w, depth, top, alpha0, beta, best);
    return top;
}

/* ---- the root ---- */

typedef struct root {
    const junqi_flip *view;      /* the players' view of the position */
    int seat, depth, nactions;
    junqi_action actions[JUNQI_MAX_ACTIONS];
    double value[JUNQI_MAX_ACTIONS];
    junqi_action reply[JUNQI_MAX_ACTIONS];
    uint64_t nodes[JUNQI_MAX_ACTIONS];
    bool aborted[JUNQI_MAX_ACTIONS];
    int leaves;                  /* positions one action deep: a chance action's outcomes, 1 for a move */
    uint64_t limit;              /* the nodes this iteration may search (UINT64_MAX: no budget) */
    atomic_uint_fast64_t spent;  /* the nodes it has counted, on every thread */
    double contempt;
    atomic_int next;             /* the next action to take */
    atomic_bool stop;            /* the time limit passed */
    worker *workers;
} root;

/* Search one root action with a table of its own (a new epoch). */
static void root_action(root *rt, worker *w, int i)
{
    w->pos = *rt->view;
    if (++w->epoch == 0) { /* after 65535 actions: start the table afresh */
        memset(w->tt, 0, sizeof(tt_entry) << TT_BITS);
        w->epoch = 1;
    }
    w->stoppable = rt->depth > 1;
    w->root_seat = rt->seat;
    w->contempt = rt->contempt;
    w->nodes = 0;
    w->cap = UINT64_MAX;
    w->spent = rt->limit == UINT64_MAX ? NULL : &rt->spent;
    w->limit = rt->limit;
    w->aborted = false;
    w->reply = junqi_action_make(JUNQI_ACT_MOVE, JUNQI_NO_POINT, JUNQI_NO_POINT);
    rt->value[i] = action_value(w, rt->seat, rt->actions[i], rt->depth, 0.0, 1.0, 0);
    rt->reply[i] = w->reply;
    rt->nodes[i] = w->nodes;
    rt->aborted[i] = w->aborted;
}

static void *worker_main(void *arg)
{
    void **args = arg;
    root *rt = args[0];
    worker *w = args[1];
    for (int i; (i = atomic_fetch_add(&rt->next, 1)) < rt->nactions;)
        root_action(rt, w, i);
    return NULL;
}

/* One iteration at rt->depth over all root actions. False if it was cut short. */
static bool iterate(root *rt, int threads)
{
    atomic_store(&rt->next, 0);
    pthread_t tid[64];
    void *args[64][2];
    int started = 0;
    for (int t = 1; t < threads; t++) {
        args[t][0] = rt;
        args[t][1] = &rt->workers[t];
        if (pthread_create(&tid[t], NULL, worker_main, args[t]) == 0)
            started = t;
        else
            break;
    }
    args[0][0] = rt;
    args[0][1] = &rt->workers[0];
    worker_main(args[0]);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    for (int i = 0; i < rt->nactions; i++)
        if (rt->aborted[i])
            return false;
    return true;
}

static int elapsed_ms(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int)((t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000);
}

/* The time keeper: sets rt->stop when movetime has passed (a thread of its own). */
typedef struct timer {
    root *rt;
    int movetime;
    struct timespec t0;
    atomic_bool done;
} timer;

static void *timer_main(void *arg)
{
    timer *tm = arg;
    while (!atomic_load(&tm->done) && elapsed_ms(&tm->t0) < tm->movetime) {
        struct timespec nap = {0, 2000000};
        nanosleep(&nap, NULL);
    }
    atomic_store(&tm->rt->stop, true);
    return NULL;
}

static void fill_result(const root *rt, junqi_flip_search_result *res, const junqi_action *reply)
{
    res->nactions = rt->nactions;
    memcpy(res->actions, rt->actions, sizeof rt->actions);
    memcpy(res->value, rt->value, sizeof rt->value);
    sort_by_key(res->value, res->actions, sizeof res->actions[0], res->nactions); /* best first */
    res->winprob = res->value[0];
    double p = fmin(fmax(res->winprob, 1e-6), 1 - 1e-6);
    res->score = (int)lround(JUNQI_EVAL_LOGISTIC_SCALE * log(p / (1 - p)));
    res->pv[0] = res->actions[0];
    res->pv_len = 1;
    for (int i = 0; i < rt->nactions; i++)
        if (junqi_action_equal(rt->actions[i], res->actions[0]) && !is_chance(rt->view, res->actions[0]) &&
            reply[i].from != JUNQI_NO_POINT)
            res->pv[res->pv_len++] = reply[i];
}

/* What the next iteration will cost, from the nodes of the last ones (costs[0] for depth 1,
 * ..., costs[done - 1] for the last): the last count times the growth of the step two before
 * it (the costs of odd and even depths alternate, as the side to move at the leaves does), or,
 * for depths 2 and 3, where there is no such step, times the positions one action deep
 * (`leaves`: the depth-1 search's leaves, each of which the next iteration searches about as
 * the root was searched); at least twice the last count. On the five games of
 * tests/data/flip, every 10th ply, an iteration cost 0.11 to 3.3 times this (docs/engine.md). */
static uint64_t next_cost(const uint64_t *costs, int done, int leaves)
{
    double last = (double)costs[done - 1];
    double grow = done >= 3 && costs[done - 3] ? (double)costs[done - 2] / (double)costs[done - 3] : leaves;
    return (uint64_t)(last * fmax(grow, 2.0));
}

/* The nodes an iteration of rt used, of a limit: a node over it is not searched. */
static uint64_t iteration_nodes(const root *rt)
{
    uint64_t n = 0;
    for (int i = 0; i < rt->nactions; i++)
        n += rt->nodes[i];
    return n < rt->limit ? n : rt->limit;
}

/* One iteration at depth d within `limit` nodes (UINT64_MAX: none); false if it was cut short. */
static bool iterate_at(root *rt, int d, uint64_t limit, int threads, uint64_t *used)
{
    rt->depth = d;
    rt->limit = limit;
    atomic_store(&rt->spent, 0);
    bool whole = iterate(rt, threads);
    *used += iteration_nodes(rt);
    return whole;
}

/* When a whole iteration at depth d no longer fits in the `left` nodes:
 * the plain moves (no chance: few in an opening of face-down pieces, where
 * depth 2 costs some 2 M nodes) searched at depth d, with what is left, so
 * that a move into a capture two actions away is seen; their values replace
 * those of depth d - 1 if the iteration completes (else they are thrown
 * away, as a deeper iteration's are). The chance actions keep theirs, so the
 * two are compared across one action of depth. */
static void deepen_plain_moves(root *rt, int d, uint64_t left, int threads, uint64_t *used,
                               junqi_flip_search_result *res)
{
    int n = rt->nactions, k = 0, at[JUNQI_MAX_ACTIONS];
    for (int i = 0; i < n; i++)
        if (!is_chance(rt->view, rt->actions[i]))
            at[k++] = i;
    if (k == 0 || k == n || left == 0)
        return; /* no plain move, or a whole iteration (which did not fit) */
    junqi_action all[JUNQI_MAX_ACTIONS], reply[JUNQI_MAX_ACTIONS];
    double value[JUNQI_MAX_ACTIONS];
    memcpy(all, rt->actions, sizeof all);
    memcpy(value, rt->value, sizeof value);
    memcpy(reply, rt->reply, sizeof reply);
    for (int j = 0; j < k; j++)
        rt->actions[j] = all[at[j]];
    rt->nactions = k;
    bool whole = iterate_at(rt, d, left, threads, used);
    for (int j = 0; whole && j < k; j++) {
        value[at[j]] = rt->value[j];
        reply[at[j]] = rt->reply[j];
    }
    rt->nactions = n;
    memcpy(rt->actions, all, sizeof all);
    memcpy(rt->value, value, sizeof value);
    memcpy(rt->reply, reply, sizeof reply);
    if (whole)
        fill_result(rt, res, rt->reply);
}

/* Iterative deepening until a limit; the last whole iteration's values stand. Depth 1
 * always completes. A deeper one is started only when its expected cost (next_cost) fits in
 * what is left of the node budget, and stopped when it has used that up, its values thrown
 * away: so a search uses at most the budget, or its depth-1 iteration when that alone is
 * more. When the next iteration does not fit, the plain moves alone may (deepen_plain_moves).
 * The count that stops an iteration is shared by the threads, and a stopped iteration has
 * used exactly what was left, so the result and the node count do not depend on the threads. */
static void deepen(root *rt, const junqi_search_limits *limits, int threads, junqi_flip_search_result *res)
{
    int max_depth = limits->depth > 0 ? limits->depth : JUNQI_MAX_PLY - 1;
    uint64_t budget = limits->nodes ? limits->nodes : (limits->depth || limits->movetime ? 0 : JUNQI_FLIP_DEFAULT_NODES);
    uint64_t used = 0, costs[JUNQI_MAX_PLY];
    for (int d = 1; d <= max_depth; d++) {
        uint64_t left = budget > used ? budget - used : 0;
        if (d > 1 && budget && (left == 0 || next_cost(costs, d - 1, rt->leaves) > left)) {
            deepen_plain_moves(rt, d, left, threads, &used, res); /* the next iteration would not fit */
            break;
        }
        uint64_t before = used;
        bool whole = iterate_at(rt, d, d == 1 || !budget ? UINT64_MAX : left, threads, &used);
        costs[d - 1] = used - before;
        if (!whole && d > 1)
            break;
        fill_result(rt, res, rt->reply);
        res->depth = d;
        if (atomic_load(&rt->stop) || caller_stops(limits) || res->winprob >= 1.0 - WIN_STEP * 2)
            break; /* out of time, stopped, or a win in one */
    }
    res->nodes = used;
}

/* The positions one action deep: each chance action's outcomes, and 1 for a plain move. */
static int root_leaves(const root *rt)
{
    int leaves = 0;
    for (int i = 0; i < rt->nactions; i++) {
        junqi_action a = rt->actions[i];
        uint8_t shown[2 * JUNQI_PIECE_KINDS];
        int weight[2 * JUNQI_PIECE_KINDS], total;
        int point = a.kind == JUNQI_ACT_FLIP ? a.from : a.to;
        leaves += is_chance(rt->view, a) ? outcomes(rt->view, point, shown, weight, &total) : 1;
    }
    return leaves;
}

junqi_search_status junqi_flip_search(const junqi_flip *pos, const junqi_search_limits *limits, int threads,
                                      double contempt, junqi_flip_search_result *res)
{
    memset(res, 0, sizeof *res);
    res->to_move = pos->st.to_move;
    if (junqi_flip_over(pos)) {
        res->winprob = pos->st.result.status == JUNQI_DECIDED ? 0.0 : 0.5;
        return res->status = JUNQI_SEARCH_GAME_OVER;
    }
    threads = threads < 1 ? 1 : threads > 64 ? 64 : threads;
    static const junqi_search_limits none = {0};
    if (!limits)
        limits = &none;
    root *rt = calloc(1, sizeof *rt);
    junqi_flip *view = malloc(sizeof *view);
    worker *w = calloc((size_t)threads, sizeof *w);
    bool ok = rt && view && w;
    for (int t = 0; ok && t < threads; t++) {
        w[t].tt = calloc((size_t)1 << TT_BITS, sizeof(tt_entry));
        w[t].stop = &rt->stop;
        w[t].limits = limits;
        ok = w[t].tt != NULL;
    }
    if (ok) {
        junqi_flip_view(view, pos);
        rt->view = view;
        rt->seat = pos->st.to_move;
        rt->contempt = contempt;
        rt->workers = w;
        rt->nactions = junqi_flip_generate(view, rt->actions);
        rt->leaves = root_leaves(rt);
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        timer tm = {rt, limits->movetime, t0, false};
        pthread_t timer_thread;
        bool timed = limits->movetime > 0 && pthread_create(&timer_thread, NULL, timer_main, &tm) == 0;
        junqi_fp_mode fp = junqi_fp_double_begin(); /* the same values on x87, threads included (fpmode.h) */
        deepen(rt, limits, threads, res);
        junqi_fp_end(fp);
        if (timed) {
            atomic_store(&tm.done, true);
            pthread_join(timer_thread, NULL);
        }
        res->elapsed = elapsed_ms(&t0);
    }
    for (int t = 0; w && t < threads; t++)
        free(w[t].tt);
    free(w);
    free(view);
    free(rt);
    return res->status = ok ? JUNQI_SEARCH_OK : JUNQI_SEARCH_NO_MEMORY;
}

/* ---- the greedy player ---- */

bool junqi_flip_greedy(const junqi_flip *pos, junqi_action *out)
{
    worker w = {.root_seat = pos->st.to_move};
    junqi_flip_view(&w.pos, pos);
    junqi_action a[JUNQI_MAX_ACTIONS];
    int n = junqi_flip_generate(&w.pos, a), seat = w.pos.st.to_move;
    double best = -1;
    for (int i = 0; i < n; i++) {
        uint8_t shown[2 * JUNQI_PIECE_KINDS];
        int weight[2 * JUNQI_PIECE_KINDS], total = 1, k = 1;
        if (is_chance(&w.pos, a[i]))
            k = outcomes(&w.pos, a[i].kind == JUNQI_ACT_FLIP ? a[i].from : a[i].to, shown, weight, &total);
        else
            shown[0] = 0, weight[0] = 1;
        double v = 0;
        for (int j = 0; j < k; j++) {
            junqi_flip_undo u;
            junqi_flip_make(&w.pos, a[i], shown[j], &u);
            v += (double)weight[j] / total *
                 (junqi_flip_over(&w.pos) ? terminal(&w, seat, 0) : 1.0 - leaf(&w, junqi_flip_opponent(seat)));
            junqi_flip_unmake(&w.pos, &u);
        }
        if (v > best) {
            best = v;
            *out = a[i];
        }
    }
    return n > 0;
}

int junqi_flip_chance_outcomes(const junqi_flip *pos, junqi_action a, int depth, uint64_t nodes, uint8_t *shown,
                               double *prob, double *value)
{
    junqi_flip view;
    junqi_flip_view(&view, pos);
    if (junqi_flip_over(&view) || !is_chance(&view, a))
        return 0;
    int weight[2 * JUNQI_PIECE_KINDS], total;
    int n = outcomes(&view, a.kind == JUNQI_ACT_FLIP ? a.from : a.to, shown, weight, &total);
    worker w = {.tt = calloc((size_t)1 << TT_BITS, sizeof(tt_entry)), .root_seat = view.st.to_move};
    if (!w.tt)
        return 0;
    junqi_fp_mode fp = junqi_fp_double_begin(); /* the same values on x87 (fpmode.h) */
    for (int i = 0; i < n; i++) {
        prob[i] = (double)weight[i] / total;
        for (int d = depth < 1 ? 1 : depth;; d = 1) { /* out of nodes: one action deep */
            w.pos = view;
            w.epoch++;
            w.nodes = 0;
            w.cap = nodes && d > 1 ? nodes : UINT64_MAX;
            w.aborted = false;
            value[i] = child(&w, view.st.to_move, a, shown[i], d, 0.0, 1.0, 0);
            if (!w.aborted)
                break;
        }
    }
    junqi_fp_end(fp);
    free(w.tt);
    return n;
}

static const char *const bench_positions[] = {
    /* fanqi deal 1 at the start; deal 2 at ply 30; deal 3 at ply 70 */
    "r*Fb*4*5*2*L/*3r*5*6b*7*4/*6.r*1.b*9/r*7*B.b*Lr*2/*L.*3.b*B/*1r*9b*8r*3*2/b*5*1*Fr*L*4/*L.*3.b*6/"
    "*7*2.*3*3/r*7.*B.*5/*6b*2r*1b*1r*8/*2*1b*B*Lr*4 s 0 0 - - fanqi",
    "r*4b*Lr*B*6b*1/r*Bb*7*B*9*1/r*8.*3../b*6r*3.b*47/r*6.b2.*4/r5*7*F*7b*F/.3.rLb6/..5.L/.L.*8*3/..rL../"
    "3*2.*5./b*3r*Lb5r*12 n 0 30 sb r94211b221B fanqi",
    "b*6.*5.r3/*8.*6b6./...4rF/b8L.r5./bL.r3../.b94../...../..r1.b7/r95.B./L.23./bBLrL.bF/..r2.L s 1 70 sr "
    "r77644211Bb75333222111B fanqi",
    /* fanfan deal 4 at ply 50, fanqi_wiki deal 5 at 40, huqi deal 6 at 60, zuhe deal 7 at 50 */
    "b*F*81r*4./*2*Bb*6../r7.b*3.rF/6*L.*51/9.b3.r2/b*3r3.38/.b114L/9.r1.L/b57.../B.rL.b2/L..../r7..2b*L n 0 50 sr "
    "r65431Bb765422B fanfan",
    "b*1*9r*Fb*Lr*3/b*2*L*F*Br*4/*B.b*L.r*6/Lb3.r*7*1/b*8.r*3.*L/b*4r49b*7*1/r1..../..b7.r2/.L.b6./r6.3../.5.8./"
    "7..*Bb6 n 0 40 sr r5221b55433221B fanqi_wiki",
    "rF2b*B.r8/b*92.*1./3.4.*L/r35.bLrL/L.4.3/..7BbL/.7rLb5r5/..3../.9.6./..b7../...r7./4.1b*Fr6 s 1 60 sr "
    "r2211Bb86654332211B huqi",
    "r*8b9.*Br*3/*2*6b*L43/r2.b*8.r*9/2*1.b6rL/F.4.b*F/r6bLL23/r73513/..7.1/...b7./..5.1(L)/7.56./B...3 s 3 50 sb "
    "r54BBLb42211 zuhe",
};

const char *const *junqi_flip_bench_positions(int *n)
{
    *n = (int)(sizeof bench_positions / sizeof bench_positions[0]);
    return bench_positions;
}
