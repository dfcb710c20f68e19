/* SPDX-License-Identifier: MIT */
/*
 * search.h - the engine's search: iterative deepening alpha-beta over the
 * two sides of a game, on positions with complete information.
 *
 * Units: scores are centi-material (eval.h) for the side to move at the
 * root; a won game scores JUNQI_SEARCH_WIN minus the number of plies to the
 * win (a loss the negation), a draw 0. Depths and PV lengths are plies (one
 * move by one seat), node counts are positions visited (search and
 * quiescence), times are milliseconds.
 *
 * The game is searched as a two-side zero-sum game: the SIDE to move is the
 * side of the seat to move (pos->side[to_move]: north+south or east+west in
 * a four-player game, one seat in a two-seat game), and a score is negated
 * only when the side changes, so a team that moves twice in a row after one
 * of the other team's seats is out keeps its sign. The engine rules are
 * those of perft (perft.h): a seat to move with no legal move is eliminated
 * and the turn passes on, a captured flag removes its seat, a finished game
 * (decided, drawn by the no-combat counter, undecided) is terminal.
 *
 * Determinism: one search runs on one thread, with its own transposition
 * table, history and killers, cleared (logically) for every search. With a
 * depth or node limit and no time limit, the result is a function of the
 * position and the limits only. Parallelism is across positions:
 * junqi_search_many() spreads independent searches over threads, so its
 * results do not depend on the number of threads either. Only --movetime
 * (limits.movetime) makes results depend on the machine.
 */
#ifndef JUNQI_SEARCH_H
#define JUNQI_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "eval.h"
#include "movegen.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Deepest ply the search reaches (main search and quiescence together). */
#define JUNQI_MAX_PLY 64
/** Most lines a search reports (multipv). */
#define JUNQI_MAX_MULTIPV 16
/** Score of a game won at the root; a win in n plies scores JUNQI_SEARCH_WIN - n. */
#define JUNQI_SEARCH_WIN JUNQI_EVAL_WIN
/** Scores beyond this are won or lost games. */
#define JUNQI_SEARCH_WON (JUNQI_SEARCH_WIN - JUNQI_MAX_PLY)
/** Transposition table size used when limits.hash_mb is 0, in MiB. */
#define JUNQI_SEARCH_DEFAULT_HASH_MB 16

struct junqi_search_result;

/** What stops a search. A zero field sets no limit of that kind. */
typedef struct junqi_search_limits {
    int depth;               /**< deepest iteration, plies (0: JUNQI_MAX_PLY - 1) */
    uint64_t nodes;          /**< stop after about this many nodes (0: no limit) */
    int movetime;            /**< stop after this many ms (0: no limit); makes results
                                  depend on the machine */
    int multipv;             /**< number of best lines, 1..JUNQI_MAX_MULTIPV (0: 1) */
    int hash_mb;             /**< transposition table size, MiB (0: the default); part of
                                  what a result depends on */
    const junqi_move *searchmoves; /**< if nsearchmoves > 0, the root considers only these
                                        (borrowed; illegal ones are ignored) */
    int nsearchmoves;
    const junqi_eval_weights *weights; /**< the evaluation's weights (borrowed; NULL: the
                                            defaults), e.g. a play level's style (play.h);
                                            part of what a result depends on */
    bool (*stop)(void *ctx); /**< polled on the searching thread about every 1024 nodes:
                                  returning true stops the search as a spent limit does
                                  (depth 1 still completes; the last complete iteration is
                                  the result). NULL: never. Must be thread-safe when
                                  junqi_search_many() runs several searches at once */
    void (*progress)(void *ctx, int job, const struct junqi_search_result *partial);
                             /**< NULL, or called on the searching thread after each
                                  completed iteration with the result so far (its nodes and
                                  elapsed time up to now); job is the job's index in
                                  junqi_search_many(), 0 for junqi_searcher_run(). Must be
                                  thread-safe as stop */
    void *ctx;               /**< passed to stop and progress (borrowed) */
} junqi_search_limits;

/** One line of the result: a root move, its score and its principal variation. */
typedef struct junqi_search_line {
    int score;                    /**< centi-material for the side to move at the root */
    int pv_len;                   /**< plies in pv, >= 1 */
    junqi_move pv[JUNQI_MAX_PLY]; /**< pv[0] is the root move */
} junqi_search_line;

/** Why a search has no move to give. */
typedef enum junqi_search_status {
    JUNQI_SEARCH_OK = 0,      /**< lines[0] holds the best move */
    JUNQI_SEARCH_GAME_OVER,   /**< the game is over (possibly after eliminating seats that
                                   cannot move): score is the result */
    JUNQI_SEARCH_HIDDEN,      /**< the position has JUNQI_UNKNOWN pieces: sample it first
                                   (infer.h) */
    JUNQI_SEARCH_NO_MEMORY    /**< the transposition table could not be allocated */
} junqi_search_status;

/** The result of a search. */
typedef struct junqi_search_result {
    junqi_search_status status;
    uint8_t to_move;     /**< the seat whose move lines[] give (after eliminating seats to move
                              that have none, as perft does) */
    unsigned side;       /**< that seat's side mask: the side the scores are for */
    int score;           /**< lines[0].score (or the result when the game is over) */
    junqi_result result; /**< JUNQI_SEARCH_GAME_OVER: how the game ended (after eliminating
                              seats to move that have no move) */
    int depth;           /**< the last iteration completed, plies */
    uint64_t nodes;      /**< nodes searched */
    int elapsed;         /**< wall-clock ms (varies from run to run) */
    uint64_t elapsed_ns; /**< the same in nanoseconds, for the rate of a search under 1 ms */
    int nlines;          /**< lines filled, <= multipv and <= the number of root moves */
    junqi_search_line lines[JUNQI_MAX_MULTIPV]; /**< best first */
} junqi_search_result;

/** A search context: transposition table, history, killers. Opaque. */
typedef struct junqi_searcher junqi_searcher;

/**
 * A new search context with a transposition table of hash_mb MiB (0: the
 * default). Returns NULL when out of memory. One context serves one thread
 * at a time; free it with junqi_searcher_free().
 */
junqi_searcher *junqi_searcher_new(int hash_mb);

/** Free a context (NULL allowed). */
void junqi_searcher_free(junqi_searcher *s);

/**
 * Search pos within limits, using context s (its table is resized to
 * limits->hash_mb first when that differs). pos is only read. Fills *res and
 * returns res->status. Depth 1 always completes, even past a node or time
 * limit; a deeper iteration cut short by a limit is discarded, so lines[]
 * are those of res->depth.
 */
junqi_search_status junqi_searcher_run(junqi_searcher *s, const junqi_position *pos,
                                       const junqi_search_limits *limits, junqi_search_result *res);

/** junqi_searcher_run() with a context of its own (allocated and freed here). */
junqi_search_status junqi_search(const junqi_position *pos, const junqi_search_limits *limits,
                                 junqi_search_result *res);

/** One search of junqi_search_many(): a position and its limits. */
typedef struct junqi_search_job {
    const junqi_position *pos;   /**< borrowed; NULL: no search (the result is zeroed) */
    junqi_search_limits limits;
} junqi_search_job;

/**
 * Run n independent searches on `threads` threads (<= 0: 1), each job on
 * one thread with a context of its own, and write results[i] for jobs[i].
 * The results are the same for any number of threads (unless a job has a
 * movetime). Returns false if a thread or a context could not be created
 * (then the results are not filled).
 */
bool junqi_search_many(const junqi_search_job *jobs, int n, int threads,
                       junqi_search_result *results);

/**
 * A stop request: what another thread sets to stop searches in progress (a
 * binding's Ctrl-C, a GUI's stop button), as the engine protocol's `stop`
 * does (docs/protocol.md). Opaque; a search polls it when its limits have
 * stop = junqi_stop_requested and ctx = the request.
 */
typedef struct junqi_stop junqi_stop;

/**
 * A new stop request, not requested. Returns NULL when out of memory. The
 * caller owns it: free it with junqi_stop_free() once no search polls it.
 */
junqi_stop *junqi_stop_new(void);

/**
 * Request s: every search polling it ends as at a spent limit (depth 1
 * still completes; the last complete iteration is the result), one started
 * later after its depth 1. It stays requested. Thread-safe, and safe in a
 * signal handler (one lock-free atomic store).
 */
void junqi_stop_request(junqi_stop *s);

/**
 * Whether stop request s (a junqi_stop, as limits.ctx passes it) is
 * requested: limits.stop for searches that it stops. Thread-safe.
 */
bool junqi_stop_requested(void *s);

/** Free a stop request (NULL allowed); no search may poll it any more. */
void junqi_stop_free(junqi_stop *s);

/**
 * Seconds on the monotonic clock (CLOCK_MONOTONIC), the clock that
 * limits.movetime is measured on; only differences of two calls mean
 * anything.
 */
double junqi_search_clock(void);

/** True if a score is a won or lost game (|score| > JUNQI_SEARCH_WON). */
static inline bool junqi_search_is_decisive(int score)
{
    return score > JUNQI_SEARCH_WON || score < -JUNQI_SEARCH_WON;
}

#ifdef __cplusplus
}
#endif

#endif
