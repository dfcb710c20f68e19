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
 * View mover: the mover's knowledge (a junqi_infer for the mover) gives K
 * complete assignments of every other seat's pieces (infer.h); each sample
 * is searched as an open position, and the results are aggregated (perfect-
 * information Monte Carlo): the best move is the move most samples choose
 * (ties: more samples listing it among their multipv lines, then the higher
 * mean score, then the first seen); the evaluation is the mean over the
 * samples of each sample's best score, with its spread (the mean absolute
 * deviation from that mean); the win probability is the mean of the
 * samples' win probabilities; and the move played is searched in every
 * sample (restricted root) for its evaluation after, unless it is among
 * that sample's lines already, whose score then serves. View all: one
 * "sample", the position itself.
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
#define JUNQI_MAX_SAMPLES 64
/**
 * The default analysis level (docs/engine.md, "Default level"): each search
 * stops after this many nodes, and a view-mover request searches this many
 * samples when it gives 0. A level by nodes, never by time, so the output
 * does not depend on the machine or the number of threads.
 */
#define JUNQI_DEFAULT_NODES 50000
#define JUNQI_DEFAULT_SAMPLES 8

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
} junqi_analysis_request;

/** One aggregated line. */
typedef struct junqi_analysis_line {
    junqi_move move;     /**< the first move */
    int votes;           /**< samples whose best move it is */
    int listed;          /**< samples that list it among their multipv lines */
    double eval;         /**< mean score where listed, centi-material */
    double winprob;      /**< mean win probability where listed */
    int pv_len;          /**< the line of the first sample that lists it */
    junqi_move pv[JUNQI_MAX_PLY];
} junqi_analysis_line;

/** The result of one request. */
typedef struct junqi_analysis {
    junqi_search_status status; /**< JUNQI_SEARCH_OK, or why there is no move (as search.h);
                                     JUNQI_SEARCH_HIDDEN: no assignment agrees with the facts */
    uint8_t to_move;            /**< the seat whose move is judged */
    unsigned side;              /**< its side (seat mask) */
    int samples;                /**< positions searched (1 for view all) */
    double eval, spread;        /**< before the move: mean best score and its mean absolute
                                     deviation over the samples, centi-material */
    double winprob;             /**< before the move: mean win probability */
    junqi_result result;        /**< JUNQI_SEARCH_GAME_OVER: how the game ended (eval and
                                     winprob are then the result for `side`, or 0 and 0.5 when
                                     no seat is to move) */
    bool has_played;            /**< the request gave a move played, and it is legal */
    double played_eval, played_spread, played_winprob; /**< after the move played */
    int depth;                  /**< the shallowest completed depth among the searches, plies */
    uint64_t nodes;             /**< nodes of every search together */
    int nlines;                 /**< lines below, best first (<= limits.multipv) */
    junqi_analysis_line lines[JUNQI_MAX_MULTIPV];
} junqi_analysis;

/**
 * Analyse n positions on `threads` threads (every search of every request is
 * one job of junqi_search_many()). Fills out[i] for reqs[i]. Returns false
 * when out of memory or threads (out is then not filled).
 */
bool junqi_analyze_many(const junqi_analysis_request *reqs, int n, int threads,
                        junqi_analysis *out);

#ifdef __cplusplus
}
#endif

#endif
