/* SPDX-License-Identifier: MIT */
/*
 * flip_search.h - the engine for flip games (docs/engine.md "Flip games"):
 * evaluation, search and annotation.
 *
 * Flip games have no private information but have chance: every
 * face-down piece's identity is public as a distribution (the pool of
 * flip.h), not as a fact. So the engine searches the players' view of a
 * position (junqi_flip_view: what it does not know it does not use) as a
 * stochastic game. A flip, and an attack on a face-down piece under
 * attack_face_down=reveal, is a chance node over the identities still face
 * down, each with its share of the pool (restricted to the back's colour
 * when it shows); the value of a chance node is the expectation of its
 * outcomes. Values are win probabilities of the seat to move (a draw
 * counts half), so every value lies in [0, 1]: this is expectimax with
 * alpha-beta bounds through the chance nodes (Ballard's *-minimax, the
 * "Star1" bound: an outcome's window is the one that could still move the
 * expectation across the node's window, given the bounds 0 and 1 of the
 * outcomes not yet searched). Leaves are the static evaluation
 * (junqi_flip_evaluate, the formation game's style: material with the
 * piece values of eval.h, flag safety, landmines left before a flag falls,
 * movable pieces left) turned into a win probability by eval.h's fitted
 * logistic scale, after a quiescence search of the attacks that remove a
 * piece.
 *
 * Determinism: the root's every action is searched on its own, with a
 * transposition table cleared for it and a full window, so the result is a
 * function of the position and the limits only, whatever the number of
 * threads that share the root actions out; iterative deepening starts an
 * iteration only when its expected cost fits in the node budget left, and
 * cuts it short (thrown away) when the nodes counted by all threads
 * together reach the budget: after depth 1, which always completes, a
 * search never counts more nodes than its budget, and one cut short has
 * used exactly the budget, whatever the threads. Only a time limit
 * (movetime) makes results depend on the machine. A side effect: every
 * root action has an exact value, which annotation uses.
 */
#ifndef JUNQI_FLIP_SEARCH_H
#define JUNQI_FLIP_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "annotate.h"
#include "flip.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The static evaluation of pos for colour `colour` (red or blue),
 * centi-material (100 = a lieutenant; eval.h's units and piece values):
 * positive when colour stands better. Face-down identities are not used
 * (the pool is). Zero-sum: the other colour's score is the negation.
 */
int junqi_flip_evaluate(const junqi_flip *pos, int colour);

/** True if colour c's face-up flag can be taken by the other colour in one action (its landmines gone). */
bool junqi_flip_flag_open(const junqi_flip *pos, int colour);

/** The default node budget of a flip search (the default level). */
#define JUNQI_FLIP_DEFAULT_NODES 200000

/** The result of a flip search. */
typedef struct junqi_flip_search_result {
    junqi_search_status status;  /**< OK, GAME_OVER (no action), NO_MEMORY */
    uint8_t to_move;             /**< the seat the values are for */
    int nactions;                /**< root actions, best first */
    junqi_action actions[JUNQI_MAX_ACTIONS];
    double value[JUNQI_MAX_ACTIONS]; /**< expected win probability of to_move after each */
    double winprob;              /**< value[0]: the best action's (or the result's, game over) */
    int score;                   /**< winprob as centi-material on eval.h's logistic scale */
    int depth;                   /**< the last iteration completed, actions deep */
    uint64_t nodes;              /**< nodes searched (all iterations, all threads) */
    int elapsed;                 /**< wall-clock milliseconds */
    int pv_len;                  /**< the expected line: the best action, then the best replies
                                      through moves (a flip ends it: what follows is chance) */
    junqi_action pv[JUNQI_MAX_PLY];
} junqi_flip_search_result;

/** The contempt of play (--go, the match): a draw is worth this much less than a half. */
#define JUNQI_FLIP_CONTEMPT 0.05

/**
 * Search pos (searched as the players see it) within limits (depth,
 * nodes, movetime, stop: polled on the searching threads; multipv,
 * searchmoves, weights and progress are not used: every root action gets
 * its value), spreading the root actions over `threads` threads
 * (<= 0: 1). `contempt` (0 .. 0.5) lowers what a draw is worth to the seat
 * to move (and raises it for the other): 0 for judging, where values are
 * win probabilities, JUNQI_FLIP_CONTEMPT for play, which then avoids the
 * no-combat draw that two cautious sides drift into. Fills *res; returns
 * res->status. Depth 1 always completes; after it, res->nodes never passes
 * limits->nodes (JUNQI_FLIP_DEFAULT_NODES when no limit is given). Under a
 * node budget, when the next whole iteration would not fit, the plain moves
 * (no chance) are searched one action deeper than res->depth with what is
 * left, and their values replace theirs if that completes (docs/engine.md,
 * "Flip games").
 */
junqi_search_status junqi_flip_search(const junqi_flip *pos, const junqi_search_limits *limits, int threads,
                                      double contempt, junqi_flip_search_result *res);

/**
 * The outcomes of chance action a (a flip, or an attack on a face-down
 * piece) of pos, as the players see it: for each identity still possible,
 * shown[i] (a face-up cell), its probability prob[i] and the mover's
 * expected win probability value[i] after it, searched `depth` actions
 * deep (>= 1) within about `nodes` nodes each. Room for
 * 2 * JUNQI_PIECE_KINDS; returns the count (0: a is no chance action).
 */
int junqi_flip_chance_outcomes(const junqi_flip *pos, junqi_action a, int depth, uint64_t nodes, uint8_t *shown,
                               double *prob, double *value);

/**
 * The built-in positions of the flip bench (`junqi-analyze --bench`,
 * `make bench`): games of each flip rule set from seeded deals (the
 * greedy movers of the tests), in the flip notation (flipnote.h). *n gets
 * their number; the array is static. JUNQI_FLIP_BENCH_DEPTH is the depth
 * they are searched to; the total node count is the bench signature.
 */
const char *const *junqi_flip_bench_positions(int *n);
#define JUNQI_FLIP_BENCH_DEPTH 2

/**
 * The one-ply greedy player of the match (docs/engine.md "Flip games"):
 * the action whose resulting static evaluation for the mover is best, a
 * flip valued by its expectation over the pool; ties to the first in
 * generation order. Returns false when there is no action.
 */
bool junqi_flip_greedy(const junqi_flip *pos, junqi_action *out);

/**
 * Annotate flip game g in place (docs/annotation.md "Flip games"), as
 * junqi_annotate() does for the formation game, with the same options
 * (limits, thresholds, only_seat, threads, progress; view and samples do
 * not apply: a flip game's view is the same for both seats) and the same
 * record *out: each judged action gets `[%eval BEFORE AFTER SCORE]`, a
 * mark by the loss of expected win probability, flips included, and for a
 * marked flip what its bad outcomes were ("38 % of the time it turns up
 * north's marshal"); better actions as variations; summary tags per seat.
 * Returns false when the game cannot be replayed or memory runs out, or
 * when opt->limits.stop asked it to stop (polled before each position's
 * search, and by the search); *out is then empty.
 */
bool junqi_flip_annotate(junqi_game *g, const junqi_annotate_options *opt, junqi_annotation *out);

#ifdef __cplusplus
}
#endif

#endif
