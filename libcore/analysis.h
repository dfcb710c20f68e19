/* SPDX-License-Identifier: MIT */
/*
 * analysis.h - judging positions as a coach would: the best move, its line,
 * the evaluation and win probability before and after the move played, with
 * everything known (view all) or with only what the mover knew (view mover).
 *
 * This is the API the game annotator builds on: one request per position,
 * many requests spread over threads, results independent of the number of
 * threads at a depth or node limit.
 *
 * View mover: the mover's knowledge (a junqi_infer for the mover, infer.h)
 * gives K complete assignments of every other seat's pieces, drawn from its
 * posterior (the exact facts and the learned model); each is searched as
 * an open position. A move is one decision for every sample, so moves are
 * judged by their value averaged over the samples, never by the average of
 * each sample's own best (strategy fusion):
 *   1. every sample is searched with a quarter of its budget (the limits
 *      are per sample: nodes are shared out; a movetime is the sample's
 *      share of the batch's wall clock, drawing the samples included, and
 *      each step takes its part of what is left when it starts); the moves of
 *      its best lines are the candidates (most chosen first, at most
 *      JUNQI_ANALYSIS_CANDIDATES or multipv), with the move played and
 *      every capture of a flag the mover can see;
 *   2. every sample is searched again, with the rest of its budget, over
 *      the candidates only, each
 *      candidate a line of one search, so all are valued at the same depth;
 *   3. a candidate's value is the mean over the samples of its win
 *      probability (and of its score, for eval), calibrated by
 *      junqi_winprob_model (the same increasing map for every candidate of
 *      the position, so the order stays); the best move is the
 *      candidate of the best mean; "before" is the best move's value,
 *      "after" the move played's, so their difference is what the move
 *      played cost against the best single choice, with its standard error
 *      over the samples (loss_error; the samples are paired);
 *   4. when that loss reaches the request's `confirm` within its error, it
 *      is measured again: the best move and the move played alone, on
 *      JUNQI_CONFIRM_SAMPLES fresh samples (another stream of the seed),
 *      each searched over the two with a share of JUNQI_CONFIRM_COST times
 *      the request's nodes (more samples serve better than deeper searches). The best move was
 *      chosen on other samples, so its mean is not the largest of several
 *      noisy means (which biases a loss up), and the error shrinks with the
 *      samples. While the sure loss lies within JUNQI_SETTLE_ERRORS errors
 *      of one of the request's `settle` (a decision of the caller's that
 *      could go either way), another round of as many fresh samples is
 *      pooled with the others, up to JUNQI_CONFIRM_ROUNDS: the loss, its
 *      error and the two moves' figures are then the pooled samples'
 *      (confirmed says on how many).
 * An attack on a hidden piece is so worth what it is worth against the
 * identities that piece can have, in proportion to their probabilities.
 * View all: one "sample", the position itself, judged the same way.
 * Samples, candidates and values depend on the position, the knowledge,
 * the limits and the seed only.
 *
 * Units: evaluations in centi-material and win probabilities (0..1) are for
 * the side to move (the mover's team); depth in plies, nodes in positions.
 */
#ifndef JUNQI_ANALYSIS_H
#define JUNQI_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "infer.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Whose knowledge judges a move. */
typedef enum junqi_view_mode {
    JUNQI_VIEW_ALL = 0, /**< everything (the record's complete position) */
    JUNQI_VIEW_MOVER    /**< what the seat to move knew: sampled assignments */
} junqi_view_mode;

/** Most samples one request may ask for. */
#define JUNQI_MAX_SAMPLES 128
/**
 * The default analysis level (docs/engine.md, "Default level"): each search
 * stops after this many nodes, and a view-mover request searches this many
 * samples when it gives 0. A level by nodes, never by time, so the output
 * does not depend on the machine or the number of threads.
 */
#define JUNQI_DEFAULT_NODES 50000
#define JUNQI_DEFAULT_SAMPLES 8
/** Candidates judged in every sample (step 2 of the design note), unless multipv asks for more. */
#define JUNQI_ANALYSIS_CANDIDATES 6
/** Posterior draws per sample searched: K samples are resampled from this many times K draws. */
#define JUNQI_ANALYSIS_DRAWS_PER_SAMPLE 4
/**
 * Fresh samples on which a loss is confirmed (junqi_analysis_request.confirm,
 * step 4 of the design note) in each round, all of them together searched
 * with JUNQI_CONFIRM_COST times the nodes of the request's own samples: at
 * the default level a quarter of a sample's budget each. 128 samples at a
 * quarter of the budget cost four times the default 8 at the whole, as 32 at the whole or 64 at half
 * would, and of the validation games' marks, another seed removed 23 %
 * against 39 % (32) and 31 % (64) with one round: more samples serve better
 * than deeper searches (docs/engine.md, "Judging" step 6). They are
 * resampled from JUNQI_INFER_MAX_DRAWS posterior draws, a round's own.
 */
#define JUNQI_CONFIRM_SAMPLES 128
/**
 * A round's nodes over the request's: each of its samples gets K x N x this
 * / JUNQI_CONFIRM_SAMPLES nodes (K samples of N nodes each: N / 4 at the
 * default 8), at least 1 and at most N, so a round costs about this times
 * the first measure or less, whatever the level (with N fixed, 128 samples a quarter
 * each cost 16 times a first measure of 2 samples).
 */
#define JUNQI_CONFIRM_COST 4
/**
 * Most rounds of JUNQI_CONFIRM_SAMPLES fresh samples a confirmation pools:
 * it takes another while its sure loss lies within JUNQI_SETTLE_ERRORS
 * standard errors of one of the request's settle[] (step 4 of the design
 * note; docs/engine.md, "Judging" step 6).
 */
#define JUNQI_CONFIRM_ROUNDS 4
/** See JUNQI_CONFIRM_ROUNDS. */
#define JUNQI_SETTLE_ERRORS 2
/** Decisions a request can name (junqi_analysis_request.settle): the annotator's three thresholds. */
#define JUNQI_ANALYSIS_SETTLE 3
/**
 * Standard errors taken off a loss for the loss a caller can be sure of
 * (junqi_analysis_sure_loss): the annotator marks a move by it (annotate.h),
 * and a confirmation settles a request's decisions by it.
 */
#define JUNQI_SURE_ERRORS 1.5
/**
 * The lapse of a judged win probability: a sample's is L + (1 - 2 L) times
 * the curve's (eval.h junqi_eval_winprob), so that a result a sample's
 * search finds forced is never quite certain: real players fail to convert
 * a won position, surrender or time out (docs/engine.md, "Win probability").
 * Fitted by `scripts/eval-study lapse DATA 100 2` on 3,695 judged moves of
 * the training games (0.0184; log-loss 0.5744 against 0.5808 without). The
 * map is the same for every candidate, so the choice of move does not
 * change; a finished game's result is certain and keeps 0 or 1.
 */
#define JUNQI_ANALYSIS_LAPSE 0.018

/**
 * The judged win probability's model (docs/engine.md, "Win probability").
 * A candidate's win probability is
 *   P = 1 / (1 + exp(-(engine * logit(v) + sum_k count[k] * counts[k]
 *                      + seats * s + bias)))
 * where v is its mean value over the samples (each sample's curve with the
 * lapse), and counts[] and s what junqi_analysis.counts and .seats say: the
 * search's verdict recalibrated, and corrected by what the pieces the mover
 * can see and infer say of the result beyond it (the flag's weight is 0: its
 * count is the seats in play again). One map for every candidate of a position
 * (engine > 0), so the order of the moves does not change. Fitted on judged
 * moves of the training games by `scripts/winprob-ceiling combined`, which
 * writes libcore/winprob_model.c.
 */
typedef struct junqi_winprob_model {
    double engine;                   /**< weight of logit(v) */
    double count[JUNQI_PIECE_KINDS]; /**< weight of each kind's expected count (NONE, UNKNOWN: 0) */
    double seats;                    /**< weight of the seats-in-play difference */
    double bias;
} junqi_winprob_model;

/** The model fitted on the training games (libcore/winprob_model.c): real four-player QQ games. */
extern const junqi_winprob_model junqi_winprob_default_model;

/**
 * The model of the games of board `kind`: junqi_winprob_default_model for
 * the four-player board, whose real games it was fitted on; for the
 * two-player board, which has no real games in the data to fit one on, the
 * identity (engine weight 1, no other term: P is the samples' mean value v,
 * so an even position is 0.5 and the sign of the evaluation is the side of
 * 0.5; the four-player fit's bias of -0.08 put every score from 0 to about
 * +185 below it there). Never NULL; borrowed, static.
 */
const junqi_winprob_model *junqi_winprob_model_of(junqi_board_kind kind);

/** One position to analyse. */
typedef struct junqi_analysis_request {
    const junqi_position *pos;  /**< the complete position (borrowed) */
    const junqi_infer *infer;   /**< view mover: the mover's knowledge, solved
                                     (junqi_infer_solve); borrowed. NULL (or view all): the
                                     position is searched as it is */
    junqi_view_mode view;
    int samples;                /**< view mover: assignments searched, 1..JUNQI_MAX_SAMPLES
                                     (0: JUNQI_DEFAULT_SAMPLES) */
    uint64_t seed;              /**< view mover: samples depend on it and on the position */
    junqi_search_limits limits; /**< for each search */
    junqi_move played;          /**< the move played here, judged too; from = JUNQI_NO_POINT:
                                     none */
    double confirm;             /**< view mover with a move played and no movetime: a loss
                                     (before - after) that reaches this within its standard
                                     error (loss + loss_error >= confirm) is confirmed on
                                     fresh samples (step 4 of the design note); 0: never */
    double settle[JUNQI_ANALYSIS_SETTLE]; /**< with confirm: the losses at which the caller
                                     decides on the move played (the annotator's thresholds),
                                     0 or less for none; the confirmation takes another round of
                                     samples while the sure loss (junqi_analysis_sure_loss)
                                     lies within JUNQI_SETTLE_ERRORS errors of one */
} junqi_analysis_request;

/** One candidate move, judged over the samples. */
typedef struct junqi_analysis_line {
    junqi_move move;     /**< the move */
    int votes;           /**< samples whose best move it was in the first search (step 1) */
    int listed;          /**< samples in which it is legal and valued (step 2) */
    double eval;         /**< its mean score over those samples, centi-material */
    double spread;       /**< the standard deviation of that score over them */
    double winprob;      /**< its win probability: its mean value over them, under
                              junqi_winprob_default_model */
    int pv_len;          /**< the line that follows it in the first sample that values it */
    junqi_move pv[JUNQI_MAX_PLY];
} junqi_analysis_line;

/** The result of one request. */
typedef struct junqi_analysis {
    junqi_search_status status; /**< JUNQI_SEARCH_OK, or why there is no move (as search.h);
                                     JUNQI_SEARCH_HIDDEN: no assignment agrees with the facts */
    uint8_t to_move;            /**< the seat whose move is judged */
    unsigned side;              /**< its side (seat mask) */
    int samples;                /**< positions searched (1 for view all) */
    /** per kind (indexed by junqi_piece; JUNQI_NONE and JUNQI_UNKNOWN 0): the mover's team's
     *  pieces of that kind on the board less the other team's, as the mover can tell: view
     *  mover, their expectation over the posterior draws the samples come from (the weighted
     *  draws of infer.h); view all, the true counts (pieces the position leaves unknown are
     *  not counted); all 0 when no seat is to move or no assignment agrees with the facts */
    double counts[JUNQI_PIECE_KINDS];
    int seats;                  /**< the mover's team's seats still in the game less the other
                                     team's (public) */
    double eval, spread;        /**< the best move's mean score and its standard deviation over
                                     the samples, centi-material (lines[0]) */
    double winprob;             /**< the best move's win probability ("before"): its mean
                                     value over the samples under junqi_winprob_default_model */
    double value;               /**< that mean value itself, before the model (its v; what
                                     scripts/winprob-ceiling fits the model on) */
    junqi_result result;        /**< JUNQI_SEARCH_GAME_OVER: how the game ended (eval and
                                     winprob are then the result for `side`, or 0 and 0.5 when
                                     no seat is to move) */
    bool has_played;            /**< the request gave a move played, and it is legal and valued */
    int played_line;            /**< its index among the candidates (0: it is the best) */
    double played_eval, played_spread, played_winprob; /**< the move played's line ("after") */
    double loss_error;          /**< the standard error over the samples of winprob -
                                     played_winprob (paired: both from the same samples; the
                                     samples' values mapped as the means are, by the model's
                                     slope between the two; times
                                     junqi_analysis_error_inflation() of the draws' ess) */
    int confirmed;              /**< samples of the confirmation that gave winprob,
                                     played_winprob and loss_error (step 4: its rounds
                                     pooled, JUNQI_CONFIRM_SAMPLES each), 0: none */
    int depth;                  /**< the shallowest completed depth among the searches, plies */
    uint64_t nodes;             /**< nodes of every search together */
    int nlines;                 /**< candidates below, best first (<= limits.multipv) */
    junqi_analysis_line lines[JUNQI_MAX_MULTIPV];
} junqi_analysis;

/**
 * Analyse n positions on `threads` threads (every search of every request is
 * one job of junqi_search_many()). Fills out[i] for reqs[i]. Returns false
 * when out of memory or threads (out is then not filled).
 */
bool junqi_analyze_many(const junqi_analysis_request *reqs, int n, int threads,
                        junqi_analysis *out);

/**
 * The factor (>= 1) by which the standard error of a mean over `samples`
 * samples is multiplied when they were resampled from posterior draws whose
 * importance weights have the effective sample size `ess` (Kish's;
 * junqi_infer_draws.ess): the samples resampled from one draw differ by one
 * move of the chain only, so they count as min(samples, ess) independent
 * ones, at least 1: sqrt(samples / that). 1 for one sample. loss_error
 * carries it. Why: at the default level the draws' ess is 5.6 of 32 on
 * average, and without the factor the losses of a move judged with two
 * seeds differed by 1.28 times their joint standard error (standard
 * deviation over 3,401 validation moves; 0.87 with it: docs/engine.md,
 * "What is left").
 */
double junqi_analysis_error_inflation(int samples, double ess);

/** The loss a caller can be sure of: loss - JUNQI_SURE_ERRORS * error (below 0 when the error
 *  is large). loss and error as junqi_analysis's winprob - played_winprob and loss_error. */
double junqi_analysis_sure_loss(double loss, double error);

/**
 * The legal moves of the seat to move in pos that capture a flag it can see:
 * every enemy flag when all_known (view all, an open game), else the flags
 * shown because their marshal died (junqi_flag_revealed()). Writes at most
 * max into out[] and returns how many.
 */
int junqi_analysis_flag_captures(const junqi_position *pos, bool all_known, junqi_move *out, int max);

#ifdef __cplusplus
}
#endif

#endif
