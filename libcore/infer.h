/* SPDX-License-Identifier: MIT */
/*
 * infer.h - hidden information: which identities each piece can still have,
 * given everything a seat knows, and complete assignments sampled from them.
 *
 * A seat in a dark game (docs/rules.md, "Information modes") knows
 * its own pieces (and, double-open, its partner's) and what the game made
 * public:
 *   - the army: every seat starts with the 25 pieces of rules.md (a game
 *     that starts from a set position: at most that many of each kind, and
 *     one flag for every seat with pieces, as a captured flag takes its seat
 *     out with its pieces);
 *   - the setup rules: landmines only in rows 5-6, no bomb in row 1, the
 *     flag on a headquarters (setup.h); from a set position, those about
 *     landmines and the flag, which never move (junqi_setup_may_stand);
 *   - every move (which piece went where) and every combat outcome (attacker
 *     wins, loses, both removed): the two pieces' identities must give that
 *     outcome under the rule set's combat table (junqi_combat);
 *   - a piece that moved is neither a landmine nor a flag;
 *   - flags: a seat whose flag is captured leaves the game, so a piece that
 *     lost to an attack while its seat stayed in the game was not the flag;
 *     the flag shown when a marshal dies is known, and the piece of that
 *     seat removed in that combat was the marshal; while a seat's flag is
 *     not shown, none of its removed pieces was the marshal;
 *   - eliminations remove pieces without telling what they were.
 *
 * Design note: every piece is tracked from its start point, alive or
 * removed, with a set of identities (a bit mask of piece kinds). The facts
 * are unary (a set per piece) or binary (one per combat between two pieces
 * whose identities the viewer may not know), and each seat's army is a
 * global cardinality constraint (exactly as many of each kind as the army
 * has). junqi_infer_solve() propagates them to a fixpoint: arc consistency
 * on the combats, and for each seat Régin's matching-based filtering of the
 * cardinality constraint (a kind stays in a piece's set only if some
 * assignment of the whole army gives it to that piece). Optionally it then
 * proves each remaining (piece, kind) pair by finding a complete assignment
 * of all seats that contains it, which makes the sets exact.
 * junqi_infer_sample() draws complete assignments by depth-first search with
 * the same propagation at every step, choosing kinds at random in
 * proportion to how many of them the seat still has to place; it is not
 * exactly uniform over the consistent assignments, but every sample it
 * returns satisfies every fact (junqi_infer_check()).
 */
#ifndef JUNQI_INFER_H
#define JUNQI_INFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "position.h"
#include "replay.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A set of piece kinds: bit k stands for junqi_piece k (JUNQI_FLAG .. JUNQI_MARSHAL). */
typedef uint16_t junqi_kinds;

/** The bit of piece kind k in a junqi_kinds. */
#define JUNQI_KIND_BIT(k) ((junqi_kinds)(1u << (k)))
/** Every identity a piece can have: flag .. marshal. */
#define JUNQI_KINDS_ALL ((junqi_kinds)(((1u << (JUNQI_MARSHAL + 1)) - 1) & ~1u))

/** The most pieces tracked: four armies. */
#define JUNQI_INFER_MAX_PIECES (JUNQI_SEATS * JUNQI_ARMY_SIZE)

/** One tracked piece. */
typedef struct junqi_infer_piece {
    uint8_t seat;      /**< its owner */
    uint8_t start;     /**< the point it started on */
    uint8_t point;     /**< where it stands, or JUNQI_NO_POINT once removed */
    bool moved;        /**< it has moved (so it is no landmine and no flag) */
    uint8_t attacks;   /**< moves onto an enemy piece it made (at most 255) */
    uint16_t moves;    /**< moves it made */
    junqi_kinds facts; /**< what the unary facts alone allow (placement, moves, known
                            identities, flag and marshal facts) */
    junqi_kinds kinds; /**< the identities it can still have (after junqi_infer_solve()) */
} junqi_infer_piece;

/** A combat between two tracked pieces: attacker, defender (indices) and outcome. */
typedef struct junqi_infer_combat {
    uint8_t attacker, defender, outcome;
} junqi_infer_combat;

/**
 * What one seat knows about every piece. Transparent (read the pieces
 * directly); a plain value without pointers to free, about 2 KB. Build it
 * with junqi_infer_start() and feed it the game with junqi_infer_move() and
 * junqi_infer_sync(), or all at once with junqi_infer_replay().
 */
typedef struct junqi_infer {
    const junqi_board *board;
    const junqi_rules *rules;
    int viewer;                 /**< the seat whose knowledge this is; JUNQI_NO_SEAT: public only */
    junqi_info_mode mode;       /**< what the viewer sees of other seats (dark, double-open, open) */
    int npieces;
    junqi_infer_piece piece[JUNQI_INFER_MAX_PIECES]; /**< grouped by seat, north first */
    uint8_t first[JUNQI_SEATS + 1]; /**< seat s's pieces are first[s] .. first[s+1]-1 */
    uint8_t at[JUNQI_MAX_POINTS];   /**< the piece on each point, or JUNQI_NO_POINT */
    int ncombats;
    junqi_infer_combat combat[JUNQI_INFER_MAX_PIECES]; /**< every combat removes a piece */
    uint8_t removed[2];         /**< pieces the last move removed, attacker and defender
                                     (JUNQI_NO_POINT: none) */
    uint8_t marshal_decided;    /**< slots of removed[] whose marshal fact is recorded */
    uint8_t mover;              /**< the piece that made the last move, until the next sync
                                     has judged which kinds could make it; else NO_POINT */
    junqi_move last;            /**< the last move */
    uint32_t ply;               /**< moves played: the start position's, plus those fed */
    bool setup;                 /**< the game started from its setups (junqi_infer_start) */
    uint8_t alive;              /**< seats in the game at the last junqi_infer_sync() */
    uint8_t shown;              /**< seats whose flag is shown (marshal dead) */
    bool consistent;            /**< false once the facts contradict each other */
} junqi_infer;

/**
 * Start tracking from position `start`, for seat `viewer` (JUNQI_NO_SEAT:
 * public facts only) under information mode `mode`. Only what the viewer may
 * know is read from start: its own pieces, its partner's (double-open) or
 * everyone's (open), shown flags; other pieces may be JUNQI_UNKNOWN. With
 * `setup`, start is the game's initial setup, so the setup placement rules
 * hold for every piece; a game that starts from a set position keeps only
 * those that hold wherever a game stands, as landmines and the flag never
 * move: a piece is a landmine or the flag only where its seat may place one
 * (junqi_setup_may_stand). Each seat's army bounds its kinds from above
 * only there.
 */
void junqi_infer_start(junqi_infer *inf, const junqi_position *start, bool setup, int viewer,
                       junqi_info_mode mode);

/**
 * A move as everyone saw it: the piece on m.from went to m.to with combat
 * outcome o (JUNQI_NO_COMBAT onto an empty point). Call junqi_infer_sync()
 * after it with the position after the move, and again after any event
 * (once, or after every item: the facts come out the same).
 */
void junqi_infer_move(junqi_infer *inf, junqi_move m, junqi_outcome o);
/* (A move that no legal game holds, from an empty point or onto its own,
 * leaves the tracker as it was with inf->consistent false.) */

/**
 * Bring the tracking in line with position pos (the game after the moves fed
 * so far and any events): pieces gone from the board were removed by an
 * elimination; the facts of the last move that depend on what followed it
 * are recorded (a captured flag, a marshal's death shown by its flag); and
 * the identities the viewer sees in pos become facts.
 */
void junqi_infer_sync(junqi_infer *inf, const junqi_position *pos);

/**
 * The identities replay r has shown to every seat (r->shown: the rule set's
 * engineer_scout and reveal_on_combat, docs/variants.md) become facts of
 * the pieces standing there. Call it after junqi_infer_sync() with the
 * replay's position.
 */
void junqi_infer_learn_shown(junqi_infer *inf, const junqi_replay *r);

/**
 * Replay game g (rule set `rules`, NULL: the record's) to `ply` moves, with
 * every event recorded before the next move (docs/conventions.md), and
 * track it for `viewer` under `mode`. Writes the complete position reached
 * into *pos when pos is not NULL. Returns false if the replay cannot start
 * (see junqi_replay_start()). Does not call junqi_infer_solve().
 */
bool junqi_infer_replay(junqi_infer *inf, const junqi_game *g, const junqi_rules *rules,
                        size_t ply, int viewer, junqi_info_mode mode, junqi_position *pos);

/**
 * Narrow every piece's identity set by propagation (see the design note).
 * With `exact`, also prove every remaining (piece, kind) pair with a
 * complete assignment, so that each set is exactly the identities some
 * assignment consistent with all the facts gives that piece (a pair whose
 * proof takes more than a fixed amount of search is kept). Returns false,
 * and sets inf->consistent to false, when no assignment satisfies the facts.
 */
bool junqi_infer_solve(junqi_infer *inf, bool exact);

/**
 * Draw one complete assignment: kinds[i] (a junqi_piece) for every tracked
 * piece i, consistent with every fact. *rng is the random state (any value
 * to start, e.g. a seed; it advances; the same state gives the same
 * sample). Returns false if there is none, or if eight attempts of a bounded
 * search found none (never seen on real games; a sample takes about 0.15 ms
 * there). Call junqi_infer_solve() first (sampling is faster from narrowed
 * sets). inf is only read: threads may sample the same tracking at once.
 */
bool junqi_infer_sample(const junqi_infer *inf, uint64_t *rng,
                        uint8_t kinds[JUNQI_INFER_MAX_PIECES]);

/**
 * True if assignment kinds[] satisfies every fact: each piece's unary facts,
 * every combat outcome under the rule set, and each seat's army counts
 * (a flag for every seat with pieces).
 */
bool junqi_infer_check(const junqi_infer *inf, const uint8_t kinds[JUNQI_INFER_MAX_PIECES]);

/**
 * Write into *out the position pos (the position the tracking has reached)
 * with every piece on the board given its identity from kinds[]. The hash is
 * recomputed.
 */
void junqi_infer_place(const junqi_infer *inf, const uint8_t kinds[JUNQI_INFER_MAX_PIECES],
                       const junqi_position *pos, junqi_position *out);

/* ---- the probabilistic model --------------------------------------------
 *
 * Design note: the exact facts above say which assignments are possible;
 * the model says how likely each possible one is:
 *
 *   P(x) ∝ Π_seats P(flag side) · Π_pieces prior(kind | start point, flag
 *          side) · behaviour(class | kind, phase, on the board)^weight
 *
 * over the assignments x that satisfy every fact (zero elsewhere). The
 * prior is what real formations put on each point of the arm, given in
 * which headquarters the flag stands (landmines round the flag, bombs
 * behind the front row, big pieces where players put them); the behaviour
 * is what each kind does in play: how many moves and attacks a piece has
 * made by each phase of the game (pieces that attack early and often are
 * big ones; pieces that never move are landmines more often). Both are
 * learned from the training games (scripts/fit-infer, docs/engine.md,
 * "Hidden information") and compiled into junqi_infer_default_model.
 *
 * Sampling is importance sampling with the exact search as proposal:
 * junqi_infer_draw() draws complete assignments by the depth-first search
 * with propagation (every draw satisfies every fact), choosing each kind in
 * proportion to its model weight and to how many of that kind the seat
 * still has to place, and the flag's headquarters first, in proportion to
 * the evidence for each; each draw carries the weight P(x) / q(x) (q: the
 * probability of the choices the search made), normalised over the draws.
 * Marginals are the weighted frequencies, smoothed by a small share of each
 * piece's own model weights (so no kind the facts allow gets probability
 * 0); posterior samples are drawn from the weighted draws (systematic
 * resampling). Everything is a function of the tracking, the model and the
 * seed.
 */

/** Game phases of the behaviour model, by moves played: [0,40), [40,100), [100,200), 200+. */
#define JUNQI_INFER_PHASES 4
/** Behaviour classes: moves made (0, 1, 2-3, 4-7, 8+) × attacks made (0, 1, 2, 3+). */
#define JUNQI_INFER_CLASSES 20
/** The most draws one junqi_infer_draw() call makes. */
#define JUNQI_INFER_MAX_DRAWS 256

/** The model's parameters; natural logarithms throughout. */
typedef struct junqi_infer_model {
    /** log P(kind at (row, col) of the arm, owner's frame, 1-based as [row-1][col-1]) in a
     *  formation whose flag stands in the left headquarters (row 6, column 2); a formation
     *  with the flag on the right is the mirror image (col -> 6 - col) */
    float prior[6][5][JUNQI_PIECE_KINDS];
    float flag_left;  /**< log P(the flag stands in the left headquarters) */
    float flag_right; /**< log P(... the right headquarters) */
    /** log P(behaviour class | kind, phase, removed (0) or on the board (1)) */
    float behaviour[JUNQI_INFER_PHASES][2][JUNQI_PIECE_KINDS][JUNQI_INFER_CLASSES];
    float behaviour_weight; /**< the exponent of the behaviour likelihood */
    float smoothing;        /**< share of a marginal taken from the piece's own weights */
} junqi_infer_model;

/** The model learned from the training games (libcore/infer_model.c, made by scripts/fit-infer). */
extern const junqi_infer_model junqi_infer_default_model;

/** The phase (0 .. JUNQI_INFER_PHASES-1) of a game after `ply` moves. */
int junqi_infer_phase(uint32_t ply);

/** A tracked piece's behaviour class (0 .. JUNQI_INFER_CLASSES-1) from its moves and attacks. */
int junqi_infer_class(const junqi_infer_piece *p);

/** Weighted complete assignments (see the design note). A plain value of about 26 KB. */
typedef struct junqi_infer_draws {
    int n;                                       /**< draws made (0: none could be) */
    double weight[JUNQI_INFER_MAX_DRAWS];        /**< normalised importance weights, sum 1 */
    uint8_t kinds[JUNQI_INFER_MAX_DRAWS][JUNQI_INFER_MAX_PIECES]; /**< each a junqi_piece
                                                      for every tracked piece */
    double ess;                                  /**< effective sample size, 1 .. n */
} junqi_infer_draws;

/**
 * Draw n (1 .. JUNQI_INFER_MAX_DRAWS) weighted assignments of inf's pieces
 * under `model` (NULL: the default) into *out, with random seed `seed`: the
 * same tracking, model, n and seed give the same draws. Call
 * junqi_infer_solve() first. Returns false, with out->n = 0, when no
 * assignment satisfies the facts (or a bounded search found none: see
 * junqi_infer_sample()). inf is only read.
 */
bool junqi_infer_draw(const junqi_infer *inf, const junqi_infer_model *model, uint64_t seed, int n,
                      junqi_infer_draws *out);

/**
 * Per-piece marginal probabilities from draws d of tracking inf:
 * p[i][k] = P(piece i is kind k), summing to 1 over k for every tracked
 * piece, 0 for every kind the facts rule out (k indexes junqi_piece;
 * entries for JUNQI_NONE and JUNQI_UNKNOWN are 0). model as for
 * junqi_infer_draw().
 */
void junqi_infer_marginals(const junqi_infer *inf, const junqi_infer_model *model,
                           const junqi_infer_draws *d, double p[JUNQI_INFER_MAX_PIECES][JUNQI_PIECE_KINDS]);

/**
 * Choose k assignments of draws d in proportion to their weights
 * (systematic resampling with random seed `seed`): index[0..k) gets the
 * chosen draws' indices, in draw order. Returns k, or 0 when d holds none.
 */
int junqi_infer_resample(const junqi_infer_draws *d, uint64_t seed, int k, int *index);

/** Draws junqi_infer_at() makes for its marginals. */
#define JUNQI_INFER_AT_DRAWS 128

/**
 * What seat `viewer` could tell of the hidden pieces after `ply` moves of
 * game g (rule set `rules`, NULL: the record's), under the record's
 * information mode: p[point][kind] = the probability that the piece on that
 * point is of that kind (junqi_piece), for every point holding a piece the
 * viewer cannot see (summing to 1 over the kinds the facts allow), all 0 on
 * the other points. The default model, JUNQI_INFER_AT_DRAWS draws, random
 * seed `seed`: the same arguments give the same probabilities. Returns
 * false when the record cannot be replayed (see junqi_replay_start()) or no
 * assignment agrees with it. Uses about 30 KB of thread-local memory.
 */
bool junqi_infer_at(const junqi_game *g, const junqi_rules *rules, size_t ply, int viewer, uint64_t seed,
                    double p[JUNQI_MAX_POINTS][JUNQI_PIECE_KINDS]);

#ifdef __cplusplus
}
#endif

#endif
