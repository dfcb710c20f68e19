/* SPDX-License-Identifier: MIT */
/*
 * eval.h - static evaluation of a Junqi position for a team, in
 * centi-material, and the win probability it predicts.
 *
 * Units: scores are centi-material, where 100 is a lieutenant (排长). A score
 * is always for a SIDE (a seat mask, pos->side[s]: north+south or east+west
 * in a four-player game, one seat in a two-seat game) and is zero-sum:
 * evaluating for the other side gives the negated score.
 *
 * The terms (docs/engine.md explains each with its weight):
 *   material     each seat still in the game, and the pieces' values;
 *                engineers gain while an enemy flag is guarded by a
 *                landmine, bombs while an enemy marshal or general lives;
 *                the last engineer is dearer;
 *   flag safety  for each flag: what stands on its gates (the points next to
 *                its headquarters: landmines, defenders, enemies, open
 *                railway), and the enemy pressure on it (enemy pieces that
 *                can reach it in few moves, engineers and bombs included),
 *                scaled by how open the gates are, all of it capped below
 *                what taking the flag wins; seen from the enemy this is the
 *                attacking chance against that flag;
 *   defence      own mobile pieces a few moves from their own flag;
 *   position     camps (own and enemy), railway points, the centre, how deep
 *                a piece stands in an enemy arm, pieces stuck on a
 *                headquarters;
 *   mobility     the static mobility of the point a piece stands on (its
 *                road and railway links), which stands for mobility: a move
 *                count per seat would cost a move generation per evaluation.
 *
 * Design note: everything but the gate terms is a sum over pieces of
 * per-(seat, piece, point) tables that depend only on the flags' points and
 * the teams, which no move changes. junqi_eval_tables holds those tables for
 * one game situation; junqi_eval_state holds the running sums (per seat:
 * material counts, positional sum, pressure on its flag), which the search
 * updates move by move in a few additions (junqi_eval_state_update) and
 * rebuilds after an elimination; the gate terms of a flag are recomputed when
 * a move touches one of its gates. The score combines the sums of at most
 * four seats, so the incremental evaluation is exactly junqi_evaluate() of
 * the same position: tests check this.
 *
 * Evaluation needs complete information: a position with JUNQI_UNKNOWN
 * pieces is evaluated as if those were absent.
 */
#ifndef JUNQI_EVAL_H
#define JUNQI_EVAL_H

#include <stdint.h>

#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Score of a won game (centi-material) for the winning side, before the
 *  distance correction of the search (search.h). */
#define JUNQI_EVAL_WIN 30000

/**
 * The weights of the evaluation, in centi-material (a "/64" weight is
 * multiplied by a proximity of 0..64 and divided by 64). Every field is
 * explained in docs/engine.md; junqi_eval_default_weights holds the values
 * the engine uses.
 */
typedef struct junqi_eval_weights {
    int16_t seat;                      /**< a seat still in the game (its turns, its threat) */
    int16_t value[JUNQI_PIECE_KINDS];  /**< base material per piece kind (flag 0) */
    int16_t engineer_mined;            /**< per engineer, times the share of enemy flags with a
                                            landmine on a gate */
    int16_t last_engineer;             /**< extra for a seat's only engineer */
    int16_t bomb_vs_top;               /**< per bomb, times the share of enemy marshals and
                                            generals alive */
    int16_t gate_landmine;             /**< a landmine on a gate of its own flag (safety) */
    int16_t gate_guard;                /**< an own or allied movable piece on a gate */
    int16_t gate_open;                 /**< an empty gate */
    int16_t gate_rail;                 /**< extra for an empty gate on the railway */
    int16_t gate_enemy;                /**< an enemy piece on a gate: the flag can fall now */
    int16_t open_scale[4];             /**< pressure multiplier /64 by open gates (0..3) */
    int16_t pressure[JUNQI_PIECE_KINDS]; /**< /64 pressure of an enemy piece on a flag at move
                                              distance 1; halves with each further move */
    int16_t defence[JUNQI_PIECE_KINDS];  /**< /64 an own piece at move distance 1 of its flag,
                                              halving with distance */
    int16_t camp_own;                  /**< a movable piece in a camp of its own or an allied arm */
    int16_t camp_enemy;                /**< a movable piece in a camp of an enemy arm */
    int16_t rail;                      /**< a movable piece on a railway point */
    int16_t centre;                    /**< a movable piece in the four-player centre */
    int16_t advance;                   /**< per row of depth into an enemy arm (row 1..6) */
    int16_t stuck;                     /**< a movable piece on a headquarters (never moves) */
    int16_t mobility;                  /**< per road link of the point, railway links x2 */
    int16_t danger_cap;                /**< the most the danger to one flag (gate terms and
                                            pressure) counts: less than taking the flag wins, so
                                            that the search takes a flag rather than keep a threat
                                            to it (set by hand, not fitted) */
} junqi_eval_weights;

/** The engine's weights (docs/engine.md, "Evaluation"). */
extern const junqi_eval_weights junqi_eval_default_weights;

/**
 * The win-probability curve fitted on the shared real games (docs/engine.md,
 * "Win probability"): P(win) = 1 / (1 + exp(-score / JUNQI_EVAL_LOGISTIC_SCALE)),
 * a draw counting as half a win.
 */
#define JUNQI_EVAL_LOGISTIC_SCALE junqi_eval_logistic_scale

/** The scale S of the curve, centi-material (libcore/eval_scale.c, made by scripts/fit-winprob). */
extern const double junqi_eval_logistic_scale;

/**
 * Tables for evaluating positions of one game situation: the board, the
 * teams and each seat's flag point. Build with junqi_eval_tables_init() from
 * any position of that situation; valid for every position reached from it
 * by moves and eliminations (flags never move, and a seat that is out is left
 * out of the score). About 30 KB: one per search.
 */
typedef struct junqi_eval_tables {
    const junqi_board *board;
    const junqi_eval_weights *w;
    uint8_t side[JUNQI_SEATS];            /**< copied from the position */
    uint8_t flag[JUNQI_SEATS];            /**< each seat's flag point, or JUNQI_NO_POINT */
    uint8_t enemies[JUNQI_SEATS];         /**< mask of present enemy seats */
    uint8_t gate_of[JUNQI_MAX_POINTS];    /**< seats whose flag has this point as a gate */
    int16_t pst[JUNQI_SEATS][JUNQI_PIECE_KINDS][JUNQI_MAX_POINTS];   /**< position + defence */
    int16_t press[JUNQI_SEATS][JUNQI_PIECE_KINDS][JUNQI_MAX_POINTS]; /**< pressure of a piece on
                                                                          seat e's flag: [e][k][p] */
} junqi_eval_tables;

/** Running sums of a position; small, copied per ply by the search. */
typedef struct junqi_eval_state {
    int32_t material[JUNQI_SEATS];    /**< sum of the base values of each seat's pieces */
    int32_t positional[JUNQI_SEATS];  /**< sum of pst over each seat's pieces */
    int32_t pressure[JUNQI_SEATS];    /**< enemy pressure on each seat's flag */
    int16_t gate_danger[JUNQI_SEATS]; /**< the gate terms of each seat's flag */
    uint8_t gate_open[JUNQI_SEATS];   /**< its gates empty or held by an enemy (0..3) */
    uint8_t mined;                    /**< seats with a landmine on a gate of their flag */
    uint8_t count[JUNQI_SEATS][JUNQI_PIECE_KINDS]; /**< pieces on the board */
} junqi_eval_state;

/**
 * Build the tables for pos's situation with weights w (NULL: the defaults).
 * w must outlive the tables. Cannot fail.
 */
void junqi_eval_tables_init(junqi_eval_tables *t, const junqi_position *pos,
                            const junqi_eval_weights *w);

/** Compute the running sums of pos from scratch. */
void junqi_eval_state_init(const junqi_eval_tables *t, const junqi_position *pos,
                           junqi_eval_state *st);

/**
 * Update the sums for the move that u records (filled by junqi_make() on a
 * position whose sums st holds); pos is the position after the move. An
 * elimination (pos->alive changed) needs junqi_eval_state_init() instead:
 * the caller checks.
 */
void junqi_eval_state_update(const junqi_eval_tables *t, junqi_eval_state *st,
                             const junqi_position *pos, const junqi_undo *u);

/**
 * The score of pos for side mask `side`, in centi-material, from the sums st
 * of that same position. A finished game scores +-JUNQI_EVAL_WIN (decided)
 * or 0 (drawn, undecided).
 */
int junqi_eval_score(const junqi_eval_tables *t, const junqi_eval_state *st,
                     const junqi_position *pos, unsigned side);

/**
 * One-shot evaluation of pos for `side` (a seat mask) with the default
 * weights, in centi-material: builds the tables and sums each call (some
 * microseconds), for callers outside the search.
 */
int junqi_evaluate(const junqi_position *pos, unsigned side);

/** The terms of an evaluation, each in centi-material for the side (they add up to the score). */
typedef struct junqi_eval_terms {
    int material, flag_safety, position, total;
} junqi_eval_terms;

/**
 * junqi_evaluate() split into its terms: material (the seats in the game and
 * their pieces, with the engineer, bomb and last-engineer adjustments), flag safety (gates and pressure, ours
 * negative and the enemies' positive: the attacking chances), and position
 * (defence, camps, railway, centre, depth, mobility).
 */
junqi_eval_terms junqi_evaluate_terms(const junqi_position *pos, unsigned side);

/** The win probability (0..1) of a side whose score is `score` centi-material. */
double junqi_eval_winprob(int score);

#ifdef __cplusplus
}
#endif

#endif
