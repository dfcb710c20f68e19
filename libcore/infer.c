/* SPDX-License-Identifier: MIT */
/*
 * infer.c - identities of hidden pieces from public facts. See infer.h.
 */
#include "infer.h"

#include <math.h>
#include <string.h>

#include "movegen.h"
#include "replay.h"
#include "setup.h"

#define NO_PIECE JUNQI_NO_POINT

/* The kinds in a set. Not __builtin_popcount: without -mpopcnt (Debian's
 * baseline x86-64) it calls libgcc's __popcountdi2, which was 12 % of a
 * draw's time (choose_piece and draw_kind ask it of every piece). */
static inline int popcount(unsigned x)
{
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* ---- tracking ----------------------------------------------------------- */

/* What piece of seat s on point p of the start position may be: with
 * `setup`, what the setup rules of r allow there at the start (setup.h);
 * else, in a set position, what may stand there in a game that reaches it
 * (junqi_setup_may_stand: landmines and the flag only where s placed them,
 * as they never move). */
static junqi_kinds placement(const junqi_board *b, const junqi_rules *r, bool setup, int s, int p)
{
    const junqi_point *pt = &b->point[p];
    if (setup)
        return (junqi_kinds)junqi_setup_allowed_under(r, pt->row, pt->col);
    junqi_kinds k = 0;
    for (int kind = JUNQI_FLAG; kind <= JUNQI_MARSHAL; kind++)
        if (junqi_setup_may_stand(b, r, s, (junqi_piece)kind, p))
            k |= JUNQI_KIND_BIT(kind);
    return k;
}

/* Restrict piece i's unary facts (and its current set) to `allowed`. */
static void restrict_piece(junqi_infer *inf, int i, junqi_kinds allowed)
{
    inf->piece[i].facts &= allowed;
    inf->piece[i].kinds &= allowed;
    if (!inf->piece[i].kinds)
        inf->consistent = false;
}

/* The identities the viewer sees in pos become facts. */
static void learn_seen(junqi_infer *inf, const junqi_position *pos)
{
    static _Thread_local junqi_position view;
    junqi_position_view(&view, pos, inf->viewer, inf->mode);
    for (int i = 0; i < inf->npieces; i++) {
        int p = inf->piece[i].point;
        if (p == JUNQI_NO_POINT || !view.cell[p])
            continue;
        int k = JUNQI_CELL_PIECE(view.cell[p]);
        if (k != JUNQI_UNKNOWN)
            restrict_piece(inf, i, JUNQI_KIND_BIT(k));
    }
}

void junqi_infer_start(junqi_infer *inf, const junqi_position *start, bool setup, int viewer,
                       junqi_info_mode mode)
{
    memset(inf, 0, sizeof *inf);
    inf->board = start->board;
    inf->rules = start->rules;
    inf->viewer = viewer;
    inf->mode = mode;
    inf->consistent = true;
    memset(inf->at, NO_PIECE, sizeof inf->at);
    inf->removed[0] = inf->removed[1] = NO_PIECE;
    inf->mover = NO_PIECE;
    inf->alive = start->alive;
    inf->setup = setup;
    inf->ply = start->moves;
    const junqi_board *b = start->board;
    for (int s = 0; s < JUNQI_SEATS; s++) {
        inf->first[s] = (uint8_t)inf->npieces;
        for (int p = 0; p < b->npoints && inf->npieces < JUNQI_INFER_MAX_PIECES; p++) {
            uint8_t c = start->cell[p];
            if (!c || JUNQI_CELL_SEAT(c) != s)
                continue;
            junqi_kinds k = placement(b, start->rules, setup, s, p);
            inf->piece[inf->npieces] = (junqi_infer_piece){.seat = (uint8_t)s, .start = (uint8_t)p,
                                                           .point = (uint8_t)p, .facts = k, .kinds = k};
            inf->at[p] = (uint8_t)inf->npieces++;
        }
    }
    inf->first[JUNQI_SEATS] = (uint8_t)inf->npieces;
    learn_seen(inf, start);
}

static void remove_piece(junqi_infer *inf, int i, int slot)
{
    inf->at[inf->piece[i].point] = NO_PIECE;
    inf->piece[i].point = JUNQI_NO_POINT;
    if (slot >= 0)
        inf->removed[slot] = (uint8_t)i;
}

/* Facts about the pieces the last move removed, as the position after it
 * and the events that follow show them (sync may come after the move and
 * again after each event): a removed defender whose seat then leaves the
 * game for a captured flag was its flag (in a one-seat record the
 * elimination is an event after the move); a removed piece was the marshal
 * exactly when its seat's flag is shown now for the first time, decided at
 * the first sync (a record shows flags with the move itself). The fact that
 * a removed defender whose seat stays in the game was not its flag waits
 * for the next move (settle_removed), or holds while the tracking stands at
 * this ply (pending_facts). */
static void learn_removed(junqi_infer *inf, const junqi_position *pos)
{
    for (int slot = 0; slot < 2; slot++) {
        int i = inf->removed[slot];
        if (i == NO_PIECE)
            continue;
        int s = inf->piece[i].seat;
        bool alive = (pos->alive >> s) & 1;
        if (slot == 1 && !alive && pos->out_reason[s] == JUNQI_REASON_FLAG_CAPTURED)
            restrict_piece(inf, i, JUNQI_KIND_BIT(JUNQI_FLAG));
        if ((inf->marshal_decided >> slot) & 1)
            continue;
        inf->marshal_decided |= (uint8_t)(1u << slot);
        if (!alive || !pos->rules->marshal_death_reveals_flag)
            continue;
        bool shown_now = junqi_flag_revealed(pos, s) && !((inf->shown >> s) & 1);
        restrict_piece(inf, i, shown_now ? JUNQI_KIND_BIT(JUNQI_MARSHAL)
                                         : (junqi_kinds)~JUNQI_KIND_BIT(JUNQI_MARSHAL));
    }
}

/* The kinds that could have made the last move, judged on pos (the
 * position after it, the mover put back on its from-point; pieces that left
 * since can only have opened paths, so the fact errs on the safe side): the
 * move generator decides (movegen.h), asked once for each way of moving
 * (engineer, bomb, the ranks), so rule switches of movement hold here too. */
static junqi_kinds could_move(const junqi_infer *inf, const junqi_position *pos)
{
    static _Thread_local junqi_position probe;
    static const junqi_piece movers[] = {JUNQI_ENGINEER, JUNQI_BOMB, JUNQI_LIEUTENANT};
    const junqi_kinds classes[] = {JUNQI_KIND_BIT(JUNQI_ENGINEER), JUNQI_KIND_BIT(JUNQI_BOMB),
                                   (junqi_kinds)(JUNQI_KINDS_ALL & ~(JUNQI_KIND_BIT(JUNQI_ENGINEER) |
                                                                   JUNQI_KIND_BIT(JUNQI_BOMB)))};
    probe = *pos;
    probe.result.status = JUNQI_ONGOING;
    probe.to_move = inf->piece[inf->mover].seat;
    probe.cell[inf->last.to] = 0;
    junqi_kinds can = 0;
    for (int c = 0; c < 3; c++) {
        probe.cell[inf->last.from] = JUNQI_CELL(probe.to_move, movers[c]);
        if (junqi_check_move(&probe, inf->last, NULL) == JUNQI_LEGAL)
            can |= classes[c];
    }
    return can ? can : JUNQI_KINDS_ALL; /* the record's move fits no kind: no fact */
}

/* The mover of the last move could make it (decided at the first sync). */
static void learn_mover(junqi_infer *inf, const junqi_position *pos)
{
    if (inf->mover == NO_PIECE)
        return;
    if (popcount(inf->piece[inf->mover].kinds) > 1)
        restrict_piece(inf, inf->mover, could_move(inf, pos));
    inf->mover = NO_PIECE;
}

/* What the facts of the last move still waiting for the next one say about
 * piece i: the removed defender is no flag while its seat is in the game. */
static junqi_kinds pending_facts(const junqi_infer *inf, int i)
{
    if (i != inf->removed[1] || !((inf->alive >> inf->piece[i].seat) & 1))
        return JUNQI_KINDS_ALL;
    return (junqi_kinds)~JUNQI_KIND_BIT(JUNQI_FLAG);
}

/* The next move comes: the last move's waiting facts hold for good. */
static void settle_removed(junqi_infer *inf)
{
    if (inf->removed[1] != NO_PIECE)
        restrict_piece(inf, inf->removed[1], pending_facts(inf, inf->removed[1]));
    inf->removed[0] = inf->removed[1] = NO_PIECE;
    inf->marshal_decided = 0;
}

void junqi_infer_move(junqi_infer *inf, junqi_move m, junqi_outcome o)
{
    settle_removed(inf);
    int a = inf->at[m.from], d = inf->at[m.to];
    /* a move of an untracked piece, or onto its own point (an illegal
     * record the caller went on with): the record and the facts disagree */
    if (a == NO_PIECE || m.from == m.to) {
        inf->consistent = false;
        return;
    }
    inf->piece[a].moved = true;
    inf->piece[a].moves++;
    inf->piece[a].attacks += d != NO_PIECE && inf->piece[a].attacks < 255;
    inf->mover = (uint8_t)a;
    inf->last = m;
    inf->ply++;
    restrict_piece(inf, a, (junqi_kinds) ~(JUNQI_KIND_BIT(JUNQI_LANDMINE) | JUNQI_KIND_BIT(JUNQI_FLAG)));
    if (d != NO_PIECE && inf->ncombats < JUNQI_INFER_MAX_PIECES)
        inf->combat[inf->ncombats++] = (junqi_infer_combat){(uint8_t)a, (uint8_t)d, (uint8_t)o};
    if (d != NO_PIECE && (o == JUNQI_ATTACKER_WINS || o == JUNQI_BOTH_REMOVED))
        remove_piece(inf, d, 1);
    if (d != NO_PIECE && (o == JUNQI_ATTACKER_LOSES || o == JUNQI_BOTH_REMOVED)) {
        remove_piece(inf, a, 0);
        return;
    }
    inf->at[m.from] = NO_PIECE;
    inf->at[m.to] = (uint8_t)a;
    inf->piece[a].point = m.to;
}

void junqi_infer_sync(junqi_infer *inf, const junqi_position *pos)
{
    learn_mover(inf, pos);
    learn_removed(inf, pos);
    inf->alive = pos->alive;
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (junqi_flag_revealed(pos, s))
            inf->shown |= (uint8_t)JUNQI_SEAT_BIT(s);
    for (int i = 0; i < inf->npieces; i++) {
        int p = inf->piece[i].point;
        if (p != JUNQI_NO_POINT && !pos->cell[p])
            remove_piece(inf, i, -1); /* an elimination */
    }
    learn_seen(inf, pos);
}

void junqi_infer_learn_shown(junqi_infer *inf, const junqi_replay *r)
{
    for (int i = 0; i < inf->npieces; i++) {
        int p = inf->piece[i].point;
        uint8_t c = p == JUNQI_NO_POINT ? 0 : r->pos.cell[p];
        if (c && r->shown[p] && JUNQI_CELL_PIECE(c) != JUNQI_UNKNOWN)
            restrict_piece(inf, i, JUNQI_KIND_BIT(JUNQI_CELL_PIECE(c)));
    }
}

bool junqi_infer_replay(junqi_infer *inf, const junqi_game *g, const junqi_rules *rules,
                        size_t ply, int viewer, junqi_info_mode mode, junqi_position *pos)
{
    static _Thread_local junqi_replay r;
    if (!junqi_replay_start(&r, g, rules, NULL))
        return false;
    junqi_infer_start(inf, &r.pos, g->start == NULL, viewer, mode);
    for (size_t k = 0; k <= ply; k++) {
        uint32_t before = r.pos.moves;
        junqi_replay_seek(&r, k);
        if (r.pos.moves != before)
            junqi_infer_move(inf, r.last_move, (junqi_outcome)r.last_outcome);
        junqi_infer_sync(inf, &r.pos);
        junqi_infer_learn_shown(inf, &r);
        if (r.moves < k)
            break; /* the game has fewer moves */
    }
    if (pos)
        *pos = r.pos;
    return true;
}

/* ---- propagation -------------------------------------------------------- */

typedef struct domains {
    junqi_kinds d[JUNQI_INFER_MAX_PIECES];
} domains;

/* What the combats allow, from the rule set's combat table:
 * defenders[o][a] = the defender kinds that give outcome o against attacker a,
 * attackers[o][d] = the attacker kinds that give outcome o against defender d. */
typedef struct solver {
    const junqi_infer *inf;
    junqi_kinds defenders[4][JUNQI_PIECE_KINDS];
    junqi_kinds attackers[4][JUNQI_PIECE_KINDS];
    int army[16]; /* pieces of each kind in an army (junqi_piece_count), 0 for the sink */
} solver;

static void solver_init(solver *sv, const junqi_infer *inf)
{
    memset(sv, 0, sizeof *sv);
    sv->inf = inf;
    for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
        sv->army[k] = junqi_piece_count((junqi_piece)k);
    for (int a = JUNQI_FLAG; a <= JUNQI_MARSHAL; a++)
        for (int d = JUNQI_FLAG; d <= JUNQI_MARSHAL; d++) {
            int o = junqi_combat(inf->rules, (junqi_piece)a, (junqi_piece)d);
            sv->defenders[o][a] |= JUNQI_KIND_BIT(d);
            sv->attackers[o][d] |= JUNQI_KIND_BIT(a);
        }
}

/* Arc consistency on one combat. Returns -1 (wiped out), 0 or 1 (changed). */
static int revise_combat(const solver *sv, const junqi_infer_combat *c, domains *D)
{
    junqi_kinds da = D->d[c->attacker], dd = D->d[c->defender], na = 0, nd = 0;
    for (unsigned k = da; k; k &= k - 1)
        if (sv->defenders[c->outcome][__builtin_ctz(k)] & dd)
            na |= (junqi_kinds)(k & -k);
    for (unsigned k = dd; k; k &= k - 1)
        if (sv->attackers[c->outcome][__builtin_ctz(k)] & da)
            nd |= (junqi_kinds)(k & -k);
    if (!na || !nd)
        return -1;
    D->d[c->attacker] = na;
    D->d[c->defender] = nd;
    return na != da || nd != dd;
}

#define SINK 0 /* bit 0 of a kind mask is no kind: it stands for the sink */

/* Give piece i of pieces lo..hi-1 a kind within capacity (army[k] of kind
 * k; Kuhn's augmenting paths), a kind with room left first: most pieces
 * take one without a path. Returns false if it gets none. */
static bool augment(const domains *D, const int *army, int lo, int hi, int i, uint8_t *assign, int *used,
                    unsigned *visited)
{
    for (unsigned ks = D->d[i]; ks; ks &= ks - 1) {
        int k = __builtin_ctz(ks);
        if (used[k] < army[k]) {
            assign[i] = (uint8_t)k;
            used[k]++;
            return true;
        }
    }
    for (unsigned ks = D->d[i] & ~*visited; ks; ks &= ks - 1) {
        int k = __builtin_ctz(ks);
        *visited |= 1u << k;
        for (int j = lo; j < hi; j++)
            if (assign[j] == k && augment(D, army, lo, hi, j, assign, used, visited)) {
                assign[i] = (uint8_t)k;
                return true;
            }
    }
    return false;
}

/* Régin's filtering of one seat's cardinality constraint (see the design
 * note of infer.h): with a complete matching, kind k stays in piece i's set
 * if k is i's kind or the residual graph leads from k back to i's kind.
 * The filtered sets are the same whichever matching is found. Returns -1
 * (infeasible), 0 or 1 (changed). */
static int revise_army(const solver *sv, domains *D, int lo, int hi)
{
    const int *army = sv->army;
    uint8_t assign[JUNQI_INFER_MAX_PIECES] = {0};
    int used[16] = {0};
    for (int i = lo; i < hi; i++) {
        unsigned visited = 0;
        if (!augment(D, army, lo, hi, i, assign, used, &visited))
            return -1;
    }
    unsigned reach[16] = {0};
    for (int i = lo; i < hi; i++)
        reach[assign[i]] |= D->d[i] & ~(1u << assign[i]);
    for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++) {
        if (used[k] < army[k])
            reach[k] |= 1u << SINK;
        if (used[k] > 0)
            reach[SINK] |= 1u << k;
    }
    for (bool grew = true; grew;) { /* transitive closure over 13 nodes */
        grew = false;
        for (int x = 0; x <= JUNQI_MARSHAL; x++) {
            unsigned r = reach[x];
            for (unsigned y = r; y; y &= y - 1)
                r |= reach[__builtin_ctz(y)];
            grew |= r != reach[x];
            reach[x] = r;
        }
    }
    int changed = 0;
    for (int i = lo; i < hi; i++) {
        junqi_kinds keep = JUNQI_KIND_BIT(assign[i]);
        for (unsigned ks = D->d[i] & ~keep; ks; ks &= ks - 1)
            if (reach[__builtin_ctz(ks)] & (1u << assign[i]))
                keep |= (junqi_kinds)(ks & -ks);
        changed |= keep != D->d[i];
        D->d[i] = keep;
    }
    return changed;
}

/* A seat's tracked pieces hold its flag: a captured flag takes its seat
 * out, and its pieces with it (docs/rules.md), so every seat with pieces has
 * one. The army's counts bound each kind from above only; with every piece
 * of a formation tracked they also force the flag (the counts are then
 * filled exactly), but a set position's seats lack the pieces they lost, and
 * a draw could leave one without a flag. So the one piece of pieces lo..hi-1
 * that may still be the flag is it. Returns -1 (none may be), 0 or 1
 * (changed), as revise_army(). */
static int revise_flag(domains *D, int lo, int hi)
{
    int only = -1;
    for (int i = lo; i < hi; i++) {
        if (!(D->d[i] & JUNQI_KIND_BIT(JUNQI_FLAG)))
            continue;
        if (only >= 0)
            return 0;
        only = i;
    }
    if (only < 0)
        return -1;
    bool changed = D->d[only] != JUNQI_KIND_BIT(JUNQI_FLAG);
    D->d[only] = JUNQI_KIND_BIT(JUNQI_FLAG);
    return changed;
}

/* Propagate to a fixpoint. False if some set becomes empty. A seat's army
 * is revised again only while it is stale: its last revision changed a set,
 * or a combat changed one of its pieces' since; the fixpoint is the same
 * (every revision only removes kinds no assignment has), reached with fewer
 * revisions of the armies, which take most of the time. */
static bool propagate(const solver *sv, domains *D)
{
    const junqi_infer *inf = sv->inf;
    unsigned stale = (1u << JUNQI_SEATS) - 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (int c = 0; c < inf->ncombats; c++) {
            const junqi_infer_combat *cb = &inf->combat[c];
            int r = revise_combat(sv, cb, D);
            if (r < 0)
                return false;
            if (r)
                stale |= 1u << inf->piece[cb->attacker].seat | 1u << inf->piece[cb->defender].seat;
            changed |= r;
        }
        for (int s = 0; s < JUNQI_SEATS; s++) {
            if (!(stale >> s & 1) || inf->first[s] == inf->first[s + 1])
                continue;
            int r = revise_army(sv, D, inf->first[s], inf->first[s + 1]);
            /* a formation's full counts already force the flag (revise_flag): only a set position asks */
            int f = r < 0 || inf->setup ? 0 : revise_flag(D, inf->first[s], inf->first[s + 1]);
            r = f < 0 ? -1 : r | f;
            if (r < 0)
                return false;
            if (!r)
                stale &= ~(1u << s);
            changed |= r;
        }
    }
    return true;
}

/* ---- search for complete assignments ------------------------------------ */

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The undecided piece with the fewest identities left, or -1 when all are decided. */
static int choose_piece(const solver *sv, const domains *D)
{
    int best = -1, best_n = 99;
    for (int i = 0; i < sv->inf->npieces; i++) {
        int n = popcount(D->d[i]);
        if (n > 1 && n < best_n) {
            best = i;
            best_n = n;
        }
    }
    return best;
}

/* Model weights of every tracked piece's kinds, for the sides its seat's
 * flag may stand on (see the model below); NULL: every kind weighs 1. */
typedef double kind_weights[JUNQI_INFER_MAX_PIECES][JUNQI_PIECE_KINDS];

static double random_unit(uint64_t *rng)
{
    return (double)(next_random(rng) >> 11) * 0x1.0p-53;
}

/* A kind of piece i's set, drawn in proportion to its weight w (NULL: 1)
 * times how many of that kind its seat has not yet placed on decided
 * pieces, divided by the weight of that kind over the seat's undecided
 * pieces that may still be it (so that each kind's remaining copies spread
 * over those pieces by weight). *prob gets the chance of the kind drawn. */
static int draw_kind(const solver *sv, const domains *D, const kind_weights *w, int i, uint64_t *rng,
                     double *prob)
{
    const junqi_infer *inf = sv->inf;
    int s = inf->piece[i].seat;
    double weight[JUNQI_PIECE_KINDS] = {0}, total = 0;
    for (unsigned ks = D->d[i]; ks; ks &= ks - 1) {
        int k = __builtin_ctz(ks), left = junqi_piece_count((junqi_piece)k);
        double spread = 0;
        for (int j = inf->first[s]; j < inf->first[s + 1]; j++) {
            left -= D->d[j] == JUNQI_KIND_BIT(k);
            if (popcount(D->d[j]) > 1 && (D->d[j] & JUNQI_KIND_BIT(k)))
                spread += w ? (*w)[j][k] : 1;
        }
        weight[k] = (w ? (*w)[i][k] : 1) * (left > 0 ? left : 0) / (spread > 0 ? spread : 1);
        total += weight[k];
    }
    int last = 31 - __builtin_clz(D->d[i]);
    *prob = 1.0 / popcount(D->d[i]);
    if (!(total > 0))
        return last;
    double x = random_unit(rng) * total;
    for (unsigned ks = D->d[i]; ks; ks &= ks - 1) {
        int k = __builtin_ctz(ks);
        if (x < weight[k] || k == last) {
            *prob = weight[k] / total;
            return k;
        }
        x -= weight[k];
    }
    return last; /* not reached: the last kind takes what rounding leaves */
}

/* Depth-first search for a complete assignment within D (propagated),
 * drawing kinds by weights w (NULL: counts only). On success D holds it
 * (every set a single kind) and *logq has gained the log-probability of the
 * choices that led to it (the choices undone on the way are not counted: a
 * close approximation, as propagation leaves few dead ends). *budget counts
 * the nodes left; the search gives up (returns false) when it runs out. */
static bool find_assignment(const solver *sv, domains *D, const kind_weights *w, uint64_t *rng,
                            long *budget, double *logq)
{
    int i = choose_piece(sv, D);
    if (i < 0)
        return true;
    while (D->d[i]) {
        if (--*budget < 0)
            return false;
        double prob;
        int k = draw_kind(sv, D, w, i, rng, &prob);
        domains E = *D;
        E.d[i] = JUNQI_KIND_BIT(k);
        double deeper = 0;
        if (propagate(sv, &E) && find_assignment(sv, &E, w, rng, budget, &deeper)) {
            *D = E;
            *logq += log(prob) + deeper;
            return true;
        }
        if (*budget < 0)
            return false;
        D->d[i] &= (junqi_kinds)~JUNQI_KIND_BIT(k);
        if (!propagate(sv, D))
            return false;
    }
    return false;
}

static void load_domains(const junqi_infer *inf, domains *D)
{
    for (int i = 0; i < inf->npieces; i++)
        D->d[i] = inf->piece[i].kinds & pending_facts(inf, i);
}

/* Node budget for proving one (piece, kind) pair. */
#define PROOF_BUDGET 20000

/* Keep in D only the pairs some complete assignment contains (see
 * junqi_infer_solve). Returns false if there is no assignment at all. */
static bool prove_pairs(const solver *sv, domains *D)
{
    junqi_kinds witnessed[JUNQI_INFER_MAX_PIECES] = {0};
    uint64_t rng = 0x494E464552ull; /* "INFER": proofs are reproducible */
    for (int i = 0; i < sv->inf->npieces; i++) {
        for (unsigned ks = D->d[i] & ~witnessed[i]; ks; ks &= ks - 1) {
            junqi_kinds k = (junqi_kinds)(ks & -ks);
            if (!(D->d[i] & k) || (witnessed[i] & k))
                continue;
            domains E = *D;
            E.d[i] = k;
            long budget = PROOF_BUDGET;
            double logq = 0;
            if (propagate(sv, &E) && find_assignment(sv, &E, NULL, &rng, &budget, &logq)) {
                for (int j = 0; j < sv->inf->npieces; j++)
                    witnessed[j] |= E.d[j];
            } else if (budget >= 0) { /* proved impossible */
                D->d[i] &= (junqi_kinds)~k;
                if (!propagate(sv, D))
                    return false;
            }
        }
    }
    return true;
}

bool junqi_infer_solve(junqi_infer *inf, bool exact)
{
    solver sv;
    solver_init(&sv, inf);
    domains D;
    load_domains(inf, &D);
    bool ok = inf->consistent && propagate(&sv, &D) && (!exact || prove_pairs(&sv, &D));
    if (!ok) {
        inf->consistent = false;
        return false;
    }
    for (int i = 0; i < inf->npieces; i++)
        inf->piece[i].kinds = D.d[i];
    return true;
}

/* Attempts before junqi_infer_sample gives up, and nodes per attempt. */
#define SAMPLE_TRIES 8
#define SAMPLE_BUDGET 100000

bool junqi_infer_sample(const junqi_infer *inf, uint64_t *rng,
                        uint8_t kinds[JUNQI_INFER_MAX_PIECES])
{
    solver sv;
    solver_init(&sv, inf);
    for (int t = 0; t < SAMPLE_TRIES && inf->consistent; t++) {
        domains D;
        load_domains(inf, &D);
        long budget = SAMPLE_BUDGET;
        if (!propagate(&sv, &D))
            return false;
        double logq = 0;
        if (find_assignment(&sv, &D, NULL, rng, &budget, &logq)) {
            for (int i = 0; i < inf->npieces; i++)
                kinds[i] = (uint8_t)__builtin_ctz(D.d[i]);
            return true;
        }
        if (budget >= 0)
            return false; /* no assignment exists */
    }
    return false;
}

bool junqi_infer_check(const junqi_infer *inf, const uint8_t kinds[JUNQI_INFER_MAX_PIECES])
{
    int count[JUNQI_SEATS][JUNQI_PIECE_KINDS] = {{0}};
    for (int i = 0; i < inf->npieces; i++) {
        int k = kinds[i];
        junqi_kinds allowed = inf->piece[i].facts & pending_facts(inf, i);
        if (k < JUNQI_FLAG || k > JUNQI_MARSHAL || !(allowed & JUNQI_KIND_BIT(k)))
            return false;
        if (++count[inf->piece[i].seat][k] > junqi_piece_count((junqi_piece)k))
            return false;
    }
    for (int s = 0; s < JUNQI_SEATS; s++) /* a seat with pieces has its flag (revise_flag) */
        if (inf->first[s] < inf->first[s + 1] && !count[s][JUNQI_FLAG])
            return false;
    for (int c = 0; c < inf->ncombats; c++) {
        const junqi_infer_combat *f = &inf->combat[c];
        if (junqi_combat(inf->rules, (junqi_piece)kinds[f->attacker],
                         (junqi_piece)kinds[f->defender]) != f->outcome)
            return false;
    }
    return true;
}

void junqi_infer_place(const junqi_infer *inf, const uint8_t kinds[JUNQI_INFER_MAX_PIECES],
                       const junqi_position *pos, junqi_position *out)
{
    *out = *pos;
    for (int i = 0; i < inf->npieces; i++) {
        int p = inf->piece[i].point;
        if (p != JUNQI_NO_POINT)
            out->cell[p] = JUNQI_CELL(inf->piece[i].seat, kinds[i]);
    }
    out->hash = junqi_position_hash(out);
}

/* ---- the probabilistic model (see infer.h) ------------------------------ */

int junqi_infer_phase(uint32_t ply)
{
    return ply < 40 ? 0 : ply < 100 ? 1 : ply < 200 ? 2 : 3;
}

int junqi_infer_class(const junqi_infer_piece *p)
{
    int m = p->moves, moves = m == 0 ? 0 : m == 1 ? 1 : m < 4 ? 2 : m < 8 ? 3 : 4;
    return moves * 4 + (p->attacks < 3 ? p->attacks : 3);
}

/* Below this a log-weight counts as impossible. */
#define LOG_NEVER (-60.0)

/* The model's weights for one tracking: lw[side][i][k] = the log-weight of
 * piece i being kind k when its seat's flag stands on `side` (0: the left
 * headquarters, 1: the right); w[side] the same as weights. A game that did
 * not start from its setups has no prior: both sides weigh the same. */
typedef struct model_weights {
    const junqi_infer_model *m;
    bool sided;
    double lw[2][JUNQI_INFER_MAX_PIECES][JUNQI_PIECE_KINDS];
    kind_weights w[2];
} model_weights;

static void model_weights_init(const junqi_infer *inf, const junqi_infer_model *m, model_weights *mw)
{
    mw->m = m;
    mw->sided = inf->setup;
    int phase = junqi_infer_phase(inf->ply);
    for (int i = 0; i < inf->npieces; i++) {
        const junqi_infer_piece *p = &inf->piece[i];
        const junqi_point *pt = &inf->board->point[p->start];
        const float *beh = m->behaviour[phase][p->point != JUNQI_NO_POINT][0];
        int c = junqi_infer_class(p);
        for (int k = 0; k < JUNQI_PIECE_KINDS; k++) {
            bool kind = k >= JUNQI_FLAG && k <= JUNQI_MARSHAL;
            double b = kind ? m->behaviour_weight * beh[k * JUNQI_INFER_CLASSES + c] : LOG_NEVER;
            for (int side = 0; side < 2; side++) {
                int col = side ? 6 - pt->col : pt->col;
                double prior = mw->sided && kind ? m->prior[pt->row - 1][col - 1][k] : 0;
                mw->lw[side][i][k] = prior + b;
                mw->w[side][i][k] = kind ? exp(prior + b) : 0;
            }
        }
    }
}

/* The side (0 left, 1 right) of the headquarters point p of its arm. */
static int side_of(const junqi_infer *inf, int p)
{
    return inf->board->point[p].col == 2 ? 0 : 1;
}

/* log of the weight of piece i's set D under side `side`, ignoring the
 * army counts: how well that side explains the piece on its own. */
static double set_evidence(const model_weights *mw, int side, int i, junqi_kinds d)
{
    double sum = 0;
    for (unsigned ks = d; ks; ks &= ks - 1)
        sum += mw->w[side][i][__builtin_ctz(ks)];
    return sum > 0 ? log(sum) : LOG_NEVER;
}

/* Put seat s's flag on one of the pieces that may still be it, drawn in
 * proportion to P(side) times the evidence of the seat's pieces for that
 * side; *side gets the side, *logq the log-probability of the choice.
 * False when the facts leave no flag that propagation accepts. */
static bool place_flag(const solver *sv, const model_weights *mw, domains *D, int s, uint64_t *rng,
                       int *side, double *logq)
{
    const junqi_infer *inf = sv->inf;
    int cand[2], n = 0;
    double e[2];
    for (int i = inf->first[s]; i < inf->first[s + 1] && n < 2; i++)
        if (D->d[i] & JUNQI_KIND_BIT(JUNQI_FLAG))
            cand[n++] = i;
    for (int c = 0; c < n; c++) {
        int f = side_of(inf, inf->piece[cand[c]].start);
        e[c] = f ? mw->m->flag_right : mw->m->flag_left;
        for (int i = inf->first[s]; i < inf->first[s + 1]; i++) {
            junqi_kinds d = i == cand[c] ? JUNQI_KIND_BIT(JUNQI_FLAG)
                                         : D->d[i] & (junqi_kinds)~JUNQI_KIND_BIT(JUNQI_FLAG);
            e[c] += set_evidence(mw, f, i, d);
        }
    }
    double p0 = n == 2 ? 1 / (1 + exp(e[1] - e[0])) : 1;
    int first = n == 2 && random_unit(rng) >= p0 ? 1 : 0;
    for (int t = 0; t < n; t++) {
        int c = t ? 1 - first : first;
        domains E = *D;
        E.d[cand[c]] = JUNQI_KIND_BIT(JUNQI_FLAG);
        if (!propagate(sv, &E))
            continue;
        *D = E;
        *side = side_of(inf, inf->piece[cand[c]].start);
        *logq += n == 2 ? log(c == 0 ? p0 : 1 - p0) : 0;
        return true;
    }
    return false;
}

/* One weighted draw into kinds[]; *logw gets log P(x) - log q(x). */
static bool draw_one(const solver *sv, const model_weights *mw, const domains *start, uint64_t *rng,
                     uint8_t kinds[JUNQI_INFER_MAX_PIECES], double *logw)
{
    static _Thread_local kind_weights w;
    const junqi_infer *inf = sv->inf;
    domains D = *start;
    double logq = 0, logp = 0;
    int side[JUNQI_SEATS] = {0};
    for (int s = 0; mw->sided && s < JUNQI_SEATS; s++) {
        if (inf->first[s] == inf->first[s + 1])
            continue;
        if (!place_flag(sv, mw, &D, s, rng, &side[s], &logq))
            return false;
        logp += side[s] ? mw->m->flag_right : mw->m->flag_left;
    }
    for (int i = 0; i < inf->npieces; i++)
        memcpy(w[i], mw->w[side[inf->piece[i].seat]][i], sizeof w[i]);
    long budget = SAMPLE_BUDGET;
    if (!find_assignment(sv, &D, (const kind_weights *)&w, rng, &budget, &logq))
        return false;
    for (int i = 0; i < inf->npieces; i++) {
        kinds[i] = (uint8_t)__builtin_ctz(D.d[i]);
        logp += mw->lw[side[inf->piece[i].seat]][i][kinds[i]];
    }
    *logw = logp - logq;
    return true;
}

/* ---- moving the draws: swaps within a seat ------------------------------
 * After resampling, every draw takes a few sweeps of Metropolis moves that
 * leave the model's distribution unchanged: two pieces of one seat exchange
 * their kinds (so the army's counts hold), when both stay within what the
 * facts allow and every combat of the two still gives its outcome, with
 * probability min(1, P(x') / P(x)). Exchanging the flag moves the seat's
 * flag to the other headquarters: every piece of the seat is then weighed
 * under the other side. The same exchanges, weighed, give each piece's
 * marginal from a draw (Rao-Blackwellised: junqi_infer_marginals). */

/* Combats remembered per piece for the exchange checks. */
#define MAX_COMBATS 12

typedef struct chain {
    const junqi_infer *inf;
    const model_weights *mw;
    domains D;                                  /* the propagated sets */
    uint8_t ncomb[JUNQI_INFER_MAX_PIECES];      /* combats each piece took part in */
    uint8_t comb[JUNQI_INFER_MAX_PIECES][MAX_COMBATS];
    bool frozen[JUNQI_INFER_MAX_PIECES];        /* in more combats than that: never moved */
} chain;

/* Sweeps per draw. */
#define SWEEPS 3

static void chain_init(chain *c, const junqi_infer *inf, const model_weights *mw, const domains *D)
{
    c->inf = inf;
    c->mw = mw;
    c->D = *D;
    memset(c->ncomb, 0, sizeof c->ncomb);
    memset(c->frozen, 0, sizeof c->frozen);
    for (int k = 0; k < inf->ncombats; k++) {
        int ends[2] = {inf->combat[k].attacker, inf->combat[k].defender};
        for (int e = 0; e < 2; e++) {
            if (c->ncomb[ends[e]] < MAX_COMBATS)
                c->comb[ends[e]][c->ncomb[ends[e]]++] = (uint8_t)k;
            else
                c->frozen[ends[e]] = true; /* too many combats to check: it keeps its kind */
        }
    }
}

/* Do piece i's combats hold with kinds x? */
static bool combats_hold(const chain *c, const uint8_t *x, int i)
{
    for (int k = 0; k < c->ncomb[i]; k++) {
        const junqi_infer_combat *f = &c->inf->combat[c->comb[i][k]];
        if (junqi_combat(c->inf->rules, (junqi_piece)x[f->attacker], (junqi_piece)x[f->defender]) != f->outcome)
            return false;
    }
    return true;
}

/* The side of seat s's flag in x. */
static int flag_side(const junqi_infer *inf, const uint8_t *x, int s)
{
    for (int i = inf->first[s]; i < inf->first[s + 1]; i++)
        if (x[i] == JUNQI_FLAG)
            return side_of(inf, inf->piece[i].start);
    return 0;
}

/* log P(x') - log P(x) when pieces i and j (one seat) exchange kinds in x,
 * or a value below LOG_NEVER when the exchange breaks a fact. */
static double swap_gain(const chain *c, uint8_t *x, int i, int j)
{
    const junqi_infer *inf = c->inf;
    int ki = x[i], kj = x[j];
    if (ki == kj || c->frozen[i] || c->frozen[j] || !(c->D.d[i] & JUNQI_KIND_BIT(kj)) ||
        !(c->D.d[j] & JUNQI_KIND_BIT(ki)))
        return 2 * LOG_NEVER;
    x[i] = (uint8_t)kj;
    x[j] = (uint8_t)ki;
    bool ok = combats_hold(c, x, i) && combats_hold(c, x, j);
    int s = inf->piece[i].seat;
    double gain = 0;
    if (ok && c->mw->sided && (ki == JUNQI_FLAG || kj == JUNQI_FLAG)) {
        int to = flag_side(inf, x, s), from = 1 - to;
        gain = to ? c->mw->m->flag_right - c->mw->m->flag_left : c->mw->m->flag_left - c->mw->m->flag_right;
        for (int p = inf->first[s]; p < inf->first[s + 1]; p++) {
            int before = p == i ? ki : p == j ? kj : x[p];
            gain += c->mw->lw[to][p][x[p]] - c->mw->lw[from][p][before];
        }
    } else if (ok) {
        const double(*lw)[JUNQI_PIECE_KINDS] = c->mw->lw[c->mw->sided ? flag_side(inf, x, s) : 0];
        gain = lw[i][kj] + lw[j][ki] - lw[i][ki] - lw[j][kj];
    }
    x[i] = (uint8_t)ki;
    x[j] = (uint8_t)kj;
    return ok ? gain : 2 * LOG_NEVER;
}

/* SWEEPS sweeps of exchanges over draw x. */
static void move_draw(const chain *c, uint8_t *x, uint64_t *rng)
{
    const junqi_infer *inf = c->inf;
    for (int sweep = 0; sweep < SWEEPS; sweep++)
        for (int i = 0; i < inf->npieces; i++) {
            int s = inf->piece[i].seat, n = inf->first[s + 1] - inf->first[s];
            if (popcount(c->D.d[i]) < 2 || n < 2)
                continue;
            int j = inf->first[s] + (int)(next_random(rng) % (uint64_t)(n - 1));
            j += j >= i;
            double gain = swap_gain(c, x, i, j);
            if (gain >= 0 || (gain > LOG_NEVER && random_unit(rng) < exp(gain))) {
                uint8_t k = x[i];
                x[i] = x[j];
                x[j] = k;
            }
        }
}

/* Start from the facts: propagated sets and the model's weights. */
static bool prepare(const junqi_infer *inf, const junqi_infer_model *model, solver *sv, domains *D,
                    model_weights *mw)
{
    solver_init(sv, inf);
    load_domains(inf, D);
    if (!inf->consistent || !propagate(sv, D))
        return false;
    model_weights_init(inf, model ? model : &junqi_infer_default_model, mw);
    return true;
}

/* Importance weights from log-weights: normalised; returns the effective sample size. */
static double normalise(const double *logw, int n, double *weight)
{
    double top = logw[0], sum = 0, sq = 0;
    for (int j = 1; j < n; j++)
        top = logw[j] > top ? logw[j] : top;
    for (int j = 0; j < n; j++)
        sum += weight[j] = exp(logw[j] - top);
    for (int j = 0; j < n; j++) {
        weight[j] /= sum;
        sq += weight[j] * weight[j];
    }
    return 1 / sq;
}

bool junqi_infer_draw(const junqi_infer *inf, const junqi_infer_model *model, uint64_t seed, int n,
                      junqi_infer_draws *out)
{
    static _Thread_local model_weights mw;
    static _Thread_local chain c;
    static _Thread_local double logw[JUNQI_INFER_MAX_DRAWS];
    static _Thread_local uint8_t kept[JUNQI_INFER_MAX_DRAWS][JUNQI_INFER_MAX_PIECES];
    out->n = 0;
    out->ess = 0;
    n = n < 1 ? 1 : n > JUNQI_INFER_MAX_DRAWS ? JUNQI_INFER_MAX_DRAWS : n;
    solver sv;
    domains start;
    if (!prepare(inf, model, &sv, &start, &mw))
        return false;
    for (int j = 0; j < n; j++) {
        uint64_t rng = seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(j + 1));
        if (draw_one(&sv, &mw, &start, &rng, out->kinds[out->n], &logw[out->n]))
            out->n++;
    }
    if (!out->n)
        return false;
    out->ess = normalise(logw, out->n, out->weight);
    /* resample (systematic) to equal weights, then move every draw */
    int index[JUNQI_INFER_MAX_DRAWS];
    junqi_infer_resample(out, seed ^ 0x5245534D504CULL, out->n, index); /* "RESMPL" */
    for (int j = 0; j < out->n; j++)
        memcpy(kept[j], out->kinds[index[j]], sizeof kept[j]);
    chain_init(&c, inf, &mw, &start);
    for (int j = 0; j < out->n; j++) {
        uint64_t rng = seed ^ (0xD1B54A32D192ED03ull * (uint64_t)(j + 1));
        memcpy(out->kinds[j], kept[j], sizeof kept[j]);
        move_draw(&c, out->kinds[j], &rng);
        out->weight[j] = 1.0 / out->n;
    }
    return true;
}

/* Piece i's kinds after one exchange from draw x (partner drawn uniformly,
 * Barker's acceptance): the Rao-Blackwellised marginal of x, added to p
 * with weight `share`. */
static void exchange_marginal(const chain *c, uint8_t *x, int i, double share, double *p)
{
    const junqi_infer *inf = c->inf;
    int s = inf->piece[i].seat, n = inf->first[s + 1] - inf->first[s];
    if (popcount(c->D.d[i]) < 2 || n < 2) {
        p[x[i]] += share;
        return;
    }
    for (int j = inf->first[s]; j < inf->first[s + 1]; j++) {
        if (j == i)
            continue;
        double gain = swap_gain(c, x, i, j), move = gain > LOG_NEVER ? 1 / (1 + exp(-gain)) : 0;
        p[x[j]] += share * move / (n - 1);
        p[x[i]] += share * (1 - move) / (n - 1);
    }
}

void junqi_infer_marginals(const junqi_infer *inf, const junqi_infer_model *model,
                           const junqi_infer_draws *d, double p[JUNQI_INFER_MAX_PIECES][JUNQI_PIECE_KINDS])
{
    static _Thread_local model_weights mw;
    static _Thread_local chain c;
    static _Thread_local uint8_t x[JUNQI_INFER_MAX_PIECES];
    const junqi_infer_model *m = model ? model : &junqi_infer_default_model;
    solver sv;
    domains D;
    bool ok = prepare(inf, m, &sv, &D, &mw);
    chain_init(&c, inf, &mw, &D);
    double eps = d->n && ok ? m->smoothing : 1;
    for (int i = 0; i < inf->npieces; i++) {
        junqi_kinds set = inf->piece[i].kinds & pending_facts(inf, i);
        double own[JUNQI_PIECE_KINDS] = {0}, total = 0;
        for (unsigned ks = set; ks; ks &= ks - 1) {
            int k = __builtin_ctz(ks);
            total += own[k] = mw.w[0][i][k] + mw.w[1][i][k];
        }
        for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
            p[i][k] = total > 0 ? eps * own[k] / total : eps * ((set >> k) & 1) / popcount(set);
        for (int j = 0; ok && j < d->n; j++) {
            memcpy(x, d->kinds[j], (size_t)inf->npieces);
            exchange_marginal(&c, x, i, (1 - eps) * d->weight[j], p[i]);
        }
    }
}

int junqi_infer_resample(const junqi_infer_draws *d, uint64_t seed, int k, int *index)
{
    if (d->n == 0 || k <= 0)
        return 0;
    uint64_t rng = seed;
    double u = random_unit(&rng) / k, cum = d->weight[0];
    for (int j = 0, at = 0; j < k; j++) {
        double target = u + (double)j / k;
        while (target > cum && at + 1 < d->n)
            cum += d->weight[++at];
        index[j] = at;
    }
    return k;
}

bool junqi_infer_at(const junqi_game *g, const junqi_rules *rules, size_t ply, int viewer, uint64_t seed,
                    double p[JUNQI_MAX_POINTS][JUNQI_PIECE_KINDS])
{
    static _Thread_local junqi_infer inf;
    static _Thread_local junqi_infer_draws d;
    static _Thread_local double byp[JUNQI_INFER_MAX_PIECES][JUNQI_PIECE_KINDS];
    static _Thread_local junqi_position pos, view;
    memset(p, 0, sizeof(double[JUNQI_MAX_POINTS][JUNQI_PIECE_KINDS]));
    if (!junqi_infer_replay(&inf, g, rules, ply, viewer, g->info, &pos) || !junqi_infer_solve(&inf, false) ||
        !junqi_infer_draw(&inf, NULL, seed, JUNQI_INFER_AT_DRAWS, &d))
        return false;
    junqi_infer_marginals(&inf, NULL, &d, byp);
    junqi_position_view(&view, &pos, viewer, g->info);
    for (int i = 0; i < inf.npieces; i++) {
        int q = inf.piece[i].point;
        if (q != JUNQI_NO_POINT && view.cell[q] && JUNQI_CELL_PIECE(view.cell[q]) == JUNQI_UNKNOWN)
            memcpy(p[q], byp[i], sizeof byp[i]);
    }
    return true;
}
