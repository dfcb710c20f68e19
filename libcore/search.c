/* SPDX-License-Identifier: MIT */
/*
 * search.c - iterative deepening alpha-beta over sides. See search.h.
 *
 * Search steps (numbered as in the code):
 *
 *   Root (junqi_searcher_run)
 *    R1. Eliminate seats to move that have no legal move (perft's rule);
 *        a finished game or a position with hidden pieces has no search.
 *    R2. Iterative deepening, depth 1, 2, ...: for each of the multipv
 *        lines, a full-window search of the root moves not already chosen
 *        at this depth, in the order of the previous iteration.
 *    R3. An iteration cut short by a node or time limit is thrown away
 *        (depth 1 always completes); the lines of the last complete one
 *        are the result.
 *
 *   Interior node (search)
 *    S1. Depth exhausted: quiescence.
 *    S2. Count the node; stop when a limit is reached.
 *    S3. Transposition table: a deep enough entry ends a non-PV node; its
 *        move is tried first anyway.
 *    S4. Generate the moves. None: the seat to move is eliminated and the
 *        position after that is searched to the same depth.
 *    S5. Order: table move, flag captures, winning captures by victim then
 *        attacker (MVV-LVA with Junqi's combat results: the outcome is
 *        known, so a capture that loses the attacker goes last), even trades,
 *        killers, quiet moves by history, losing trades, lost attacks.
 *    S6. Principal variation search: the first move with the full window,
 *        the others with a null window and a re-search; quiet moves late in
 *        the order are searched one ply shallower first (late move
 *        reduction) and re-searched at full depth when they beat alpha.
 *    S7. A cut-off by a quiet move updates the killers and the history.
 *    S8. Store the result in the table.
 *
 *   Quiescence (qsearch)
 *    Q1. Count the node; a seat with no piece of a moving kind is
 *        eliminated as in S4 (so is a seat found to have no legal move when
 *        Q3 generates its moves; standing pat, quiescence takes a seat whose
 *        pieces are all blocked for one that can move: the main search
 *        checks every move exactly).
 *    Q2. Stand pat on the static evaluation.
 *    Q3. Search the captures that do not lose material (flag captures,
 *        winning attacks, trades of equal or better value), best first,
 *        skipping those that cannot lift the score to alpha (delta pruning).
 *
 *   Every child is valued by value_after(): a finished game is scored
 *   directly; otherwise the child is searched with the window unchanged if
 *   the same side moves again, and negated if the other side moves.
 *
 * Design notes
 *   - Keys: pos->hash covers the cells and the seat to move (so also who is
 *     out, and whether the game is over). What else changes legality or the
 *     result is the no-combat counter: the key mixes in the counter exactly
 *     when the draw could fall within the search horizon (the last
 *     JUNQI_MAX_PLY moves before the limit).
 *   - The table is never cleared: each entry carries the number of the
 *     search that wrote it, and entries of other searches count as empty.
 *     So a search sees only its own entries, whatever ran before it on the
 *     same context: results are reproducible across threads and runs.
 *   - The evaluation is incremental (eval.h): the running sums are copied
 *     to the next ply and updated from the undo record; an elimination
 *     rebuilds them.
 *   - Taking a seat out (a captured flag, a seat that cannot move) in a
 *     four-player game does not end it, so without help the search is
 *     indifferent between taking a flag now and a few plies later (while
 *     picking up a piece first): the real opponents may defend meanwhile.
 *     Leaf scores therefore lose ELIMINATION_TEMPO per ply of delay for
 *     each seat taken out on the line (and the loser gains as much), as won
 *     games score JUNQI_SEARCH_WIN minus their distance. The adjustment
 *     depends on the line, so a table entry may carry one from another
 *     line: at most ELIMINATION_TEMPO x JUNQI_MAX_PLY, deterministic.
 */
#define _DEFAULT_SOURCE /* madvise(MADV_HUGEPAGE) */
#include "search.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "perft.h"

#define INF (JUNQI_SEARCH_WIN + 1)

/* Centi-material per ply by which taking a seat out later scores less. */
#define ELIMINATION_TEMPO 100

/* Transposition table entry: 16 bytes. */
enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

typedef struct tt_entry {
    uint32_t check;  /* the key's upper 32 bits */
    uint32_t search; /* the number of the search that wrote it */
    int16_t score;
    uint8_t depth;
    uint8_t bound;
    junqi_move move;
    uint16_t unused;
} tt_entry;

/* Move ordering classes (S5), highest first. */
enum {
    ORDER_TT = 1 << 30,
    ORDER_FLAG = 1 << 29,
    ORDER_WIN = 1 << 28,
    ORDER_KILLER = 1 << 27,
    ORDER_QUIET = 0,
    ORDER_BAD_TRADE = -(1 << 27),
    ORDER_LOST = -(1 << 28),
    HISTORY_MAX = 1 << 24,
};

struct junqi_searcher {
    tt_entry *tt;
    size_t tt_mask;
    int hash_mb;
    uint32_t search_id;
    /* per search */
    junqi_position pos;
    junqi_eval_tables tables;
    junqi_eval_state st[JUNQI_MAX_PLY + 1];
    int32_t history[JUNQI_SEATS][JUNQI_PIECE_KINDS][JUNQI_MAX_POINTS];
    junqi_move killers[JUNQI_MAX_PLY][2];
    junqi_move pv[JUNQI_MAX_PLY][JUNQI_MAX_PLY];
    int pv_len[JUNQI_MAX_PLY];
    uint64_t nodes, node_limit;
    double deadline;   /* seconds on the monotonic clock; 0: none */
    const junqi_search_limits *limits; /* the caller's, for stop and progress */
    int job;           /* the index junqi_search_many() gives the search (0: none) */
    bool limited;      /* limits apply (false while depth 1 runs) */
    bool stop;
    uint8_t root_alive;             /* seats in the game at the root */
    uint8_t out_ply[JUNQI_SEATS];   /* the ply at which each seat left, on the current line */
};

/* A lock-free flag, so that junqi_stop_request() may be called from a signal handler. */
struct junqi_stop {
    atomic_bool requested;
};
_Static_assert(ATOMIC_BOOL_LOCK_FREE == 2, "junqi_stop_request() must be async-signal-safe");

junqi_stop *junqi_stop_new(void)
{
    junqi_stop *s = malloc(sizeof *s);
    if (s)
        atomic_init(&s->requested, false);
    return s;
}

void junqi_stop_request(junqi_stop *s)
{
    atomic_store(&s->requested, true);
}

bool junqi_stop_requested(void *s)
{
    return atomic_load(&((junqi_stop *)s)->requested);
}

void junqi_stop_free(junqi_stop *s)
{
    free(s);
}

double junqi_search_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline bool same_move(junqi_move a, junqi_move b)
{
    return a.from == b.from && a.to == b.to;
}

/* ---- transposition table ------------------------------------------------ */

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The key: the position's hash, plus the no-combat counter when the draw
 * could fall within the horizon (design notes). */
static uint64_t node_key(const junqi_position *pos)
{
    int limit = pos->rules->no_combat_draw;
    if (!limit || pos->quiet + JUNQI_MAX_PLY < limit)
        return pos->hash;
    return pos->hash ^ mix64(0x5155494554ull + pos->quiet); /* "QUIET" */
}

static bool tt_resize(junqi_searcher *s, int hash_mb)
{
    if (hash_mb <= 0)
        hash_mb = JUNQI_SEARCH_DEFAULT_HASH_MB;
    if (s->tt && s->hash_mb == hash_mb)
        return true;
    size_t entries = 1;
    while (entries * 2 * sizeof(tt_entry) <= (size_t)hash_mb << 20)
        entries *= 2;
    size_t bytes = entries * sizeof(tt_entry), huge = (size_t)2 << 20;
    tt_entry *tt = aligned_alloc(huge, bytes < huge ? huge : bytes);
    if (!tt)
        return false;
#ifdef MADV_HUGEPAGE
    madvise(tt, bytes, MADV_HUGEPAGE); /* fewer TLB misses on probes; advice only */
#endif
    memset(tt, 0, bytes); /* touch every page now, not during a search */
    free(s->tt);
    s->tt = tt;
    s->tt_mask = entries - 1;
    s->hash_mb = hash_mb;
    s->search_id = 0;
    return true;
}

static inline tt_entry *tt_slot(junqi_searcher *s, uint64_t key)
{
    return &s->tt[key & s->tt_mask];
}

/* Scores of won games are stored relative to the node, not the root. */
static inline int score_to_tt(int v, int ply)
{
    return v > JUNQI_SEARCH_WON ? v + ply : v < -JUNQI_SEARCH_WON ? v - ply : v;
}

static inline int score_from_tt(int v, int ply)
{
    return v > JUNQI_SEARCH_WON ? v - ply : v < -JUNQI_SEARCH_WON ? v + ply : v;
}

static const tt_entry *tt_probe(junqi_searcher *s, uint64_t key)
{
    const tt_entry *e = tt_slot(s, key);
    return e->search == s->search_id && e->check == (uint32_t)(key >> 32) ? e : NULL;
}

static void tt_store(junqi_searcher *s, uint64_t key, int depth, int ply, int score, int bound,
                     junqi_move move)
{
    tt_entry *e = tt_slot(s, key);
    bool same = e->search == s->search_id && e->check == (uint32_t)(key >> 32);
    if (e->search == s->search_id && !same && e->depth > depth && bound != BOUND_EXACT)
        return; /* keep a deeper entry of another position */
    *e = (tt_entry){(uint32_t)(key >> 32), s->search_id, (int16_t)score_to_tt(score, ply),
                    (uint8_t)(depth < 0 ? 0 : depth), (uint8_t)bound, move, 0};
}

/* ---- limits and evaluation ---------------------------------------------- */

static bool out_of_budget(junqi_searcher *s)
{
    if (!s->limited)
        return false;
    if (s->node_limit && s->nodes >= s->node_limit)
        s->stop = true;
    else if ((s->nodes & 1023) == 0 && ((s->deadline > 0 && junqi_search_clock() >= s->deadline) ||
                                         (s->limits->stop && s->limits->stop(s->limits->ctx))))
        s->stop = true;
    return s->stop;
}

/* The static score for the side to move at ply, less ELIMINATION_TEMPO per
 * ply for each seat taken out on the way here, so that of two lines that take
 * the same seat the sooner scores better (design notes); kept clear of the
 * scores of won and lost games. */
static inline int evaluate(junqi_searcher *s, int ply)
{
    const junqi_position *pos = &s->pos;
    unsigned us = pos->side[pos->to_move];
    int v = junqi_eval_score(&s->tables, &s->st[ply], pos, us);
    for (unsigned gone = s->root_alive & ~pos->alive; gone; gone &= gone - 1) {
        int seat = __builtin_ctz(gone);
        v += ((us >> seat) & 1 ? 1 : -1) * ELIMINATION_TEMPO * s->out_ply[seat];
    }
    return v > JUNQI_SEARCH_WON - 1 ? JUNQI_SEARCH_WON - 1 : v < 1 - JUNQI_SEARCH_WON ? 1 - JUNQI_SEARCH_WON : v;
}

/* Note the ply at which seats left the game (alive was `before`). */
static void note_eliminations(junqi_searcher *s, unsigned before, int ply)
{
    for (unsigned gone = before & ~s->pos.alive; gone; gone &= gone - 1)
        s->out_ply[__builtin_ctz(gone)] = (uint8_t)ply;
}

/* Score of a finished game for side `us`, found at `ply`. */
static int terminal(const junqi_position *pos, unsigned us, int ply)
{
    if (pos->result.status != JUNQI_DECIDED)
        return 0;
    return (pos->result.winners & us) ? JUNQI_SEARCH_WIN - ply : -(JUNQI_SEARCH_WIN - ply);
}

/* Play m at ply (the child's sums go to ply + 1). */
static void make_move(junqi_searcher *s, junqi_move m, int ply, junqi_undo *u)
{
    uint8_t alive = s->pos.alive;
    junqi_make(&s->pos, m, u);
    s->st[ply + 1] = s->st[ply];
    if (s->pos.alive != alive) {
        note_eliminations(s, alive, ply + 1);
        junqi_eval_state_init(&s->tables, &s->pos, &s->st[ply + 1]);
    } else
        junqi_eval_state_update(&s->tables, &s->st[ply + 1], &s->pos, u);
}

static int search(junqi_searcher *s, int depth, int ply, int alpha, int beta);
static int qsearch(junqi_searcher *s, int ply, int alpha, int beta);
static int value_after(junqi_searcher *s, unsigned us, int depth, int ply, int alpha, int beta);

/* The seat to move at ply cannot move (S4, Q1): it leaves the game, and the
 * position after that is searched to the same depth. Its line is the line
 * of that position. */
static int eliminate_and_search(junqi_searcher *s, int depth, int ply, int alpha, int beta)
{
    junqi_position *pos = &s->pos;
    unsigned us = pos->side[pos->to_move], alive = pos->alive;
    junqi_undo u;
    junqi_position_eliminate(pos, (junqi_seat)pos->to_move, JUNQI_REASON_NO_MOVABLE_PIECE, &u);
    note_eliminations(s, alive, ply + 1);
    junqi_eval_state_init(&s->tables, pos, &s->st[ply + 1]);
    int v = value_after(s, us, depth, ply + 1, alpha, beta);
    junqi_unmake(pos, &u);
    s->pv_len[ply] = s->pv_len[ply + 1];
    memcpy(s->pv[ply], s->pv[ply + 1], (size_t)s->pv_len[ply] * sizeof(junqi_move));
    return v;
}

/* The value for side `us` of the position just reached, which sits at ply. */
static int value_after(junqi_searcher *s, unsigned us, int depth, int ply, int alpha, int beta)
{
    const junqi_position *pos = &s->pos;
    s->pv_len[ply] = 0;
    if (junqi_position_over(pos))
        return terminal(pos, us, ply);
    if (pos->side[pos->to_move] == us)
        return depth > 0 ? search(s, depth, ply, alpha, beta) : qsearch(s, ply, alpha, beta);
    return -(depth > 0 ? search(s, depth, ply, -beta, -alpha) : qsearch(s, ply, -beta, -alpha));
}

/* ---- move ordering ------------------------------------------------------ */

static int piece_value(int k)
{
    return junqi_eval_default_weights.value[k];
}

/* Ordering score of a capture (S5). */
static int capture_order(const junqi_position *pos, junqi_move m)
{
    int a = JUNQI_CELL_PIECE(pos->cell[m.from]), d = JUNQI_CELL_PIECE(pos->cell[m.to]);
    switch (junqi_move_outcome(pos, m)) {
    case JUNQI_ATTACKER_WINS:
        if (d == JUNQI_FLAG)
            return ORDER_FLAG;
        return ORDER_WIN + 16 * piece_value(d) - piece_value(a) / 16;
    case JUNQI_BOTH_REMOVED:
        if (d == JUNQI_FLAG)
            return ORDER_FLAG;
        if (piece_value(d) >= piece_value(a))
            return ORDER_WIN + 16 * (piece_value(d) - piece_value(a));
        return ORDER_BAD_TRADE + piece_value(d) - piece_value(a);
    default:
        return ORDER_LOST - piece_value(a);
    }
}

static void order_moves(junqi_searcher *s, const junqi_move *moves, int n, int *order,
                        junqi_move tt_move, int ply)
{
    const junqi_position *pos = &s->pos;
    const int32_t(*hist)[JUNQI_MAX_POINTS] = s->history[pos->to_move];
    for (int i = 0; i < n; i++) {
        junqi_move m = moves[i];
        if (same_move(m, tt_move))
            order[i] = ORDER_TT;
        else if (pos->cell[m.to])
            order[i] = capture_order(pos, m);
        else if (ply < JUNQI_MAX_PLY && same_move(m, s->killers[ply][0]))
            order[i] = ORDER_KILLER + 1;
        else if (ply < JUNQI_MAX_PLY && same_move(m, s->killers[ply][1]))
            order[i] = ORDER_KILLER;
        else
            order[i] = ORDER_QUIET + hist[JUNQI_CELL_PIECE(pos->cell[m.from])][m.to];
    }
}

/* Move the best remaining move to index i (selection: cut-offs come early). */
static void pick(junqi_move *moves, int *order, int n, int i)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (order[j] > order[best])
            best = j;
    junqi_move m = moves[i];
    moves[i] = moves[best];
    moves[best] = m;
    int o = order[i];
    order[i] = order[best];
    order[best] = o;
}

static void update_quiet_stats(junqi_searcher *s, junqi_move m, int depth, int ply)
{
    const junqi_position *pos = &s->pos;
    if (!same_move(s->killers[ply][0], m)) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = m;
    }
    int32_t *h = &s->history[pos->to_move][JUNQI_CELL_PIECE(pos->cell[m.from])][m.to];
    *h += depth * depth;
    if (*h > HISTORY_MAX) {
        int32_t *all = &s->history[0][0][0];
        for (size_t i = 0; i < sizeof s->history / sizeof *all; i++)
            all[i] /= 2;
    }
}

static void set_pv(junqi_searcher *s, int ply, junqi_move m)
{
    s->pv[ply][0] = m;
    int n = ply + 1 < JUNQI_MAX_PLY ? s->pv_len[ply + 1] : 0;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(junqi_move));
    s->pv_len[ply] = n + 1;
}

/* ---- quiescence --------------------------------------------------------- */

/* Does seat s have a piece of a kind that moves (bomb .. marshal)? */
static bool has_movable_kind(const junqi_eval_state *st, int s)
{
    for (int k = JUNQI_BOMB; k <= JUNQI_MARSHAL; k++)
        if (st->count[s][k])
            return true;
    return false;
}

static int qsearch(junqi_searcher *s, int ply, int alpha, int beta)
{
    junqi_position *pos = &s->pos;
    unsigned us = pos->side[pos->to_move];
    s->pv_len[ply] = 0;
    /* Q1 */
    s->nodes++;
    if (out_of_budget(s))
        return 0;
    if (ply >= JUNQI_MAX_PLY - 1)
        return evaluate(s, ply);
    if (!has_movable_kind(&s->st[ply], pos->to_move))
        return eliminate_and_search(s, 0, ply, alpha, beta);
    /* Q2 */
    int stand = evaluate(s, ply);
    if (stand >= beta)
        return stand;
    if (stand > alpha)
        alpha = stand;
    /* Q3 */
    junqi_move moves[JUNQI_MAX_MOVES];
    int order[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(pos, moves), nc = 0;
    if (n == 0)
        return eliminate_and_search(s, 0, ply, alpha, beta);
    for (int i = 0; i < n; i++) {
        if (!pos->cell[moves[i].to])
            continue;
        int o = capture_order(pos, moves[i]);
        if (o >= ORDER_WIN) {
            moves[nc] = moves[i];
            order[nc++] = o;
        }
    }
    int best = stand;
    for (int i = 0; i < nc; i++) {
        pick(moves, order, nc, i);
        junqi_move m = moves[i];
        int victim = JUNQI_CELL_PIECE(pos->cell[m.to]);
        if (order[i] < ORDER_FLAG && stand + piece_value(victim) + 200 <= alpha)
            continue; /* delta pruning */
        junqi_undo u;
        make_move(s, m, ply, &u);
        int v = value_after(s, us, 0, ply + 1, alpha, beta);
        junqi_unmake(pos, &u);
        if (s->stop)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                set_pv(s, ply, m);
                if (v >= beta)
                    break;
            }
        }
    }
    return best;
}

/* ---- interior nodes ----------------------------------------------------- */

static int search(junqi_searcher *s, int depth, int ply, int alpha, int beta)
{
    junqi_position *pos = &s->pos;
    unsigned us = pos->side[pos->to_move];
    bool pv_node = beta - alpha > 1;
    /* S1 */
    if (depth <= 0 || ply >= JUNQI_MAX_PLY - 1)
        return qsearch(s, ply, alpha, beta);
    /* S2 */
    s->pv_len[ply] = 0;
    s->nodes++;
    if (out_of_budget(s))
        return 0;
    /* S3 */
    uint64_t key = node_key(pos);
    const tt_entry *e = tt_probe(s, key);
    junqi_move tt_move = {JUNQI_NO_POINT, JUNQI_NO_POINT};
    if (e) {
        tt_move = e->move;
        int v = score_from_tt(e->score, ply);
        if (!pv_node && e->depth >= depth &&
            (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && v >= beta) ||
             (e->bound == BOUND_UPPER && v <= alpha)))
            return v;
    }
    /* S4 */
    junqi_move moves[JUNQI_MAX_MOVES];
    int order[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(pos, moves);
    if (n == 0)
        return eliminate_and_search(s, depth, ply, alpha, beta);
    /* S5 */
    order_moves(s, moves, n, order, tt_move, ply);
    /* S6 */
    int alpha0 = alpha, best = -INF;
    junqi_move best_move = moves[0];
    for (int i = 0; i < n; i++) {
        pick(moves, order, n, i);
        junqi_move m = moves[i];
        bool quiet = !pos->cell[m.to];
        junqi_undo u;
        make_move(s, m, ply, &u);
        int v;
        if (i == 0) {
            v = value_after(s, us, depth - 1, ply + 1, alpha, beta);
        } else {
            int r = (depth >= 3 && i >= 3 && quiet && order[i] < ORDER_KILLER) ? 1 : 0;
            v = value_after(s, us, depth - 1 - r, ply + 1, alpha, alpha + 1);
            if (v > alpha && (r || v < beta))
                v = value_after(s, us, depth - 1, ply + 1, alpha, beta);
        }
        junqi_unmake(pos, &u);
        if (s->stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha) {
                alpha = v;
                set_pv(s, ply, m);
                if (v >= beta) {
                    /* S7 */
                    if (quiet)
                        update_quiet_stats(s, m, depth, ply);
                    break;
                }
            }
        }
    }
    /* S8 */
    int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    tt_store(s, key, depth, ply, best, bound, best_move);
    return best;
}

/* ---- root --------------------------------------------------------------- */

typedef struct root_move {
    junqi_move move;
    bool chosen; /* already a line at this depth */
} root_move;

/* The root moves: the legal moves, restricted to limits->searchmoves. */
static int root_moves(const junqi_position *pos, const junqi_search_limits *limits, root_move *out)
{
    junqi_move moves[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(pos, moves), k = 0;
    for (int i = 0; i < n; i++) {
        bool wanted = limits->nsearchmoves <= 0;
        for (int j = 0; j < limits->nsearchmoves && !wanted; j++)
            wanted = same_move(moves[i], limits->searchmoves[j]);
        if (wanted)
            out[k++] = (root_move){moves[i], false};
    }
    return k;
}

/* One line at the root (R2): the best of the moves not yet chosen. Returns
 * its index in rm[], or -1 when stopped. */
static int search_root_line(junqi_searcher *s, root_move *rm, int n, int depth,
                            junqi_search_line *line)
{
    junqi_position *pos = &s->pos;
    unsigned us = pos->side[pos->to_move];
    int alpha = -INF, best = -1;
    for (int i = 0; i < n; i++) {
        if (rm[i].chosen)
            continue;
        junqi_undo u;
        make_move(s, rm[i].move, 0, &u);
        int v;
        if (best < 0) {
            v = value_after(s, us, depth - 1, 1, alpha, INF);
        } else {
            v = value_after(s, us, depth - 1, 1, alpha, alpha + 1);
            if (v > alpha)
                v = value_after(s, us, depth - 1, 1, alpha, INF);
        }
        junqi_unmake(pos, &u);
        if (s->stop)
            return -1;
        if (best < 0 || v > alpha) {
            alpha = v;
            best = i;
            set_pv(s, 0, rm[i].move);
            line->score = v;
            line->pv_len = s->pv_len[0];
            memcpy(line->pv, s->pv[0], (size_t)s->pv_len[0] * sizeof(junqi_move));
        }
    }
    return best;
}

/* Put the moves of the lines first, in line order, keeping the rest in order. */
static void reorder_root(root_move *rm, int n, const int *line_index, int nlines)
{
    root_move sorted[JUNQI_MAX_MOVES];
    bool taken[JUNQI_MAX_MOVES] = {false};
    int k = 0;
    for (int i = 0; i < nlines; i++) {
        sorted[k++] = rm[line_index[i]];
        taken[line_index[i]] = true;
    }
    for (int i = 0; i < n; i++)
        if (!taken[i])
            sorted[k++] = rm[i];
    memcpy(rm, sorted, (size_t)n * sizeof *rm);
}

static void start_search(junqi_searcher *s, const junqi_search_limits *limits, double start)
{
    s->search_id++;
    if (s->search_id == 0) { /* wrapped: entries of search 0 could look current */
        memset(s->tt, 0, (s->tt_mask + 1) * sizeof *s->tt);
        s->search_id = 1;
    }
    memset(s->history, 0, sizeof s->history);
    memset(s->killers, 0xFF, sizeof s->killers);
    s->nodes = 0;
    s->node_limit = limits->nodes;
    s->deadline = limits->movetime > 0 ? start + limits->movetime / 1000.0 : 0;
    s->limits = limits;
    s->limited = false;
    s->stop = false;
    s->root_alive = s->pos.alive;
    junqi_eval_tables_init(&s->tables, &s->pos, limits->weights);
    junqi_eval_state_init(&s->tables, &s->pos, &s->st[0]);
}

static bool has_hidden_pieces(const junqi_position *pos)
{
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] && JUNQI_CELL_PIECE(pos->cell[p]) == JUNQI_UNKNOWN)
            return true;
    return false;
}

/* R1: the position to search, or a status saying there is none. */
static junqi_search_status prepare_root(junqi_searcher *s, const junqi_position *pos,
                                        const junqi_search_limits *limits,
                                        junqi_search_result *res)
{
    memset(res, 0, sizeof *res);
    if (!tt_resize(s, limits->hash_mb))
        return res->status = JUNQI_SEARCH_NO_MEMORY;
    /* a finished game needs no identities: its result is known (a seat's
     * view of the end of a dark game still hides pieces) */
    bool hidden = has_hidden_pieces(pos);
    if (hidden && !junqi_position_over(pos))
        return res->status = JUNQI_SEARCH_HIDDEN;
    s->pos = *pos;
    if (!hidden)
        junqi_resolve_no_move(&s->pos);
    res->to_move = s->pos.to_move;
    if (junqi_position_over(&s->pos)) {
        res->side = pos->to_move < JUNQI_SEATS ? pos->side[pos->to_move] : 0;
        res->score = res->side ? terminal(&s->pos, res->side, 0) : 0;
        res->result = s->pos.result;
        return res->status = JUNQI_SEARCH_GAME_OVER;
    }
    res->side = s->pos.side[s->pos.to_move];
    return JUNQI_SEARCH_OK;
}

/* The fields of a result that the lines do not give, as of now. */
static void finish_result(const junqi_searcher *s, junqi_search_result *res, double start)
{
    res->status = JUNQI_SEARCH_OK;
    res->score = res->lines[0].score;
    res->nodes = s->nodes;
    double seconds = junqi_search_clock() - start;
    res->elapsed = (int)(seconds * 1000.0 + 0.5);
    res->elapsed_ns = (uint64_t)(seconds * 1e9 + 0.5);
}

junqi_search_status junqi_searcher_run(junqi_searcher *s, const junqi_position *pos,
                                       const junqi_search_limits *limits, junqi_search_result *res)
{
    double start = junqi_search_clock();
    if (prepare_root(s, pos, limits, res) != JUNQI_SEARCH_OK)
        return res->status;
    start_search(s, limits, start);
    static _Thread_local root_move rm[JUNQI_MAX_MOVES];
    int n = root_moves(&s->pos, limits, rm);
    if (n == 0) /* every searchmove is illegal: search all moves */
        n = root_moves(&s->pos, &(junqi_search_limits){0}, rm);
    int want = limits->multipv > 0 ? limits->multipv : 1;
    if (want > JUNQI_MAX_MULTIPV)
        want = JUNQI_MAX_MULTIPV;
    if (want > n)
        want = n;
    int max_depth = limits->depth > 0 && limits->depth < JUNQI_MAX_PLY ? limits->depth
                                                                       : JUNQI_MAX_PLY - 1;
    /* R2 */
    junqi_search_line lines[JUNQI_MAX_MULTIPV];
    for (int depth = 1; depth <= max_depth; depth++) {
        int index[JUNQI_MAX_MULTIPV];
        for (int i = 0; i < n; i++)
            rm[i].chosen = false;
        int k;
        for (k = 0; k < want; k++) {
            index[k] = search_root_line(s, rm, n, depth, &lines[k]);
            if (index[k] < 0)
                break;
            rm[index[k]].chosen = true;
        }
        if (k < want) /* R3 */
            break;
        reorder_root(rm, n, index, want);
        memcpy(res->lines, lines, (size_t)want * sizeof lines[0]);
        res->nlines = want;
        res->depth = depth;
        finish_result(s, res, start);
        if (limits->progress)
            limits->progress(limits->ctx, s->job, res);
        s->limited = true;
        if (out_of_budget(s) || (limits->stop && limits->stop(limits->ctx)))
            break;
    }
    finish_result(s, res, start);
    return res->status;
}

junqi_searcher *junqi_searcher_new(int hash_mb)
{
    junqi_searcher *s = calloc(1, sizeof *s);
    if (s && !tt_resize(s, hash_mb)) {
        free(s);
        return NULL;
    }
    return s;
}

void junqi_searcher_free(junqi_searcher *s)
{
    if (!s)
        return;
    free(s->tt);
    free(s);
}

junqi_search_status junqi_search(const junqi_position *pos, const junqi_search_limits *limits,
                                 junqi_search_result *res)
{
    junqi_searcher *s = junqi_searcher_new(limits->hash_mb);
    if (!s) {
        memset(res, 0, sizeof *res);
        return res->status = JUNQI_SEARCH_NO_MEMORY;
    }
    junqi_searcher_run(s, pos, limits, res);
    junqi_searcher_free(s);
    return res->status;
}

/* ---- many searches on threads ------------------------------------------- */

typedef struct pool {
    const junqi_search_job *jobs;
    junqi_search_result *results;
    int n;
    atomic_int next;
    atomic_bool failed;
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    junqi_searcher *s = junqi_searcher_new(p->n > 0 ? p->jobs[0].limits.hash_mb : 0);
    if (!s) {
        atomic_store(&p->failed, true);
        return NULL;
    }
    for (int i; (i = atomic_fetch_add(&p->next, 1)) < p->n;) {
        s->job = i;
        if (!p->jobs[i].pos)
            memset(&p->results[i], 0, sizeof p->results[i]);
        else if (junqi_searcher_run(s, p->jobs[i].pos, &p->jobs[i].limits, &p->results[i]) ==
                 JUNQI_SEARCH_NO_MEMORY)
            atomic_store(&p->failed, true);
    }
    junqi_searcher_free(s);
    return NULL;
}

bool junqi_search_many(const junqi_search_job *jobs, int n, int threads,
                       junqi_search_result *results)
{
    pool p = {jobs, results, n, 0, false};
    if (threads < 1)
        threads = 1;
    if (threads > n)
        threads = n > 0 ? n : 1;
    pthread_t tid[64];
    if (threads > 64)
        threads = 64;
    int started = 0;
    for (int t = 1; t < threads; t++)
        if (pthread_create(&tid[started], NULL, worker, &p) == 0)
            started++;
    worker(&p);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    return !atomic_load(&p.failed);
}
