/* SPDX-License-Identifier: MIT */
/*
 * play.h - choosing the move to play: the play levels of seed 004 (easy,
 * normal, expert), the analysis's default level, and the one call that
 * `junqi-analyze --go` and the engine protocol (docs/protocol.md) share.
 *
 * A level is a node budget and a style (docs/protocol.md, "Levels"):
 *   easy    a small search of few samples, then a loose choice: a move drawn
 *           among the best lines with weights exp((eval - best) / temperature),
 *           and now and then (blunder_permille) any legal move at all: "plays
 *           loosely and makes deliberate mistakes";
 *   normal  a search of a few plies on a few samples, always the best line:
 *           "looks ahead and punishes mistakes";
 *   default the analysis's default level (analysis.h: JUNQI_DEFAULT_NODES
 *           nodes per search, JUNQI_DEFAULT_SAMPLES samples), the best line:
 *           what --go and the protocol play unless told a level;
 *   expert  a deeper search of many more samples, and an evaluation that values
 *           the landmines on its flag's gates, its defenders and its advance
 *           more (percentages of the default weights, eval.h): "searches
 *           deeper, keeps its minefield intact and presses towards your flag".
 * Every choice is deterministic: the random draws of a level depend only on
 * the seed and the position (its hash and ply), never on the thread count.
 *
 * Units as analysis.h: evaluations in centi-material for the side to move,
 * nodes per search, temperatures in centi-material.
 */
#ifndef JUNQI_PLAY_H
#define JUNQI_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A play level: a node budget and a style. Static data (junqi_level_get()). */
typedef struct junqi_level {
    const char *name;       /**< "easy", "normal", "default", "expert" */
    uint64_t nodes;         /**< nodes per search (each sample is one search) */
    int samples;            /**< view mover: assignments of the hidden pieces searched */
    int multipv;            /**< lines searched per sample, among which the choice is made */
    int temperature;        /**< centi-material of the loose choice; 0: always the best line */
    int blunder_permille;   /**< moves (per mille) that are any legal move instead */
    int mine_guard_pct;     /**< the weight of a landmine on a gate of its own flag, percent
                                 of the default (eval.h gate_landmine) */
    int defence_pct;        /**< the weights of own pieces near their flag (eval.h defence) */
    int advance_pct;        /**< the weight of depth into an enemy arm (eval.h advance) */
} junqi_level;

/** The level called `name` ("easy", "normal", "default", "expert"), or NULL. */
const junqi_level *junqi_level_get(const char *name);

/** The default level: the analysis defaults, the best line. */
const junqi_level *junqi_level_default(void);

/**
 * The level names as a list of alternatives for messages ("easy, normal,
 * default or expert", junqi_i18n_alternatives). A static string of the
 * calling thread, rewritten by the next call.
 */
const char *junqi_level_names(void);

/** The evaluation weights of a level's style: the defaults with its percentages applied. */
void junqi_level_weights(const junqi_level *level, junqi_eval_weights *w);

/** The largest node budget of a search: the tools' --nodes, the engine protocol's Nodes and go
 *  nodes (docs/protocol.md), and junqi_report_go()'s nodes. */
#define JUNQI_MAX_NODES INT64_C(1000000000000)

/** The longest time limit of a search, in milliseconds (a day): --movetime, the protocol's go
 *  movetime, and junqi_report_go()'s movetime. */
#define JUNQI_MAX_MOVETIME 86400000

/** The largest seed: --seed, the protocol's Seed, and junqi_report_go()'s seed. */
#define JUNQI_MAX_SEED 2147483647L

/** What to play from: a position of a record, a level, and the search's knobs. */
typedef struct junqi_play_request {
    const junqi_game *game;     /**< the record (borrowed): the knowledge of view mover */
    const junqi_position *pos;  /**< its position after `ply` moves and the events before the
                                     next (junqi_replay_seek()); borrowed */
    size_t ply;
    const junqi_rules *rules;   /**< NULL: the record's */
    const junqi_level *level;   /**< NULL: the default level */
    int view;                   /**< a junqi_view_mode, or -1: junqi_play_default_view() */
    int samples;                /**< view mover: 1..JUNQI_MAX_SAMPLES, 0: the level's */
    uint64_t seed;              /**< of the samples and of the level's random choices */
    junqi_search_limits limits; /**< per search. No depth, nodes or movetime: the level's
                                     nodes; multipv: at least the level's; weights NULL: the
                                     level's style; stop, progress and ctx are passed on */
    int threads;                /**< threads for the searches (<= 0: 1) */
    const junqi_infer *known;   /**< NULL, or a seat's knowledge of `game` that the caller has
                                     inferred and solved (junqi_infer_replay() then
                                     junqi_infer_solve() without exact: junqi_check_item()'s
                                     summary gives it, report.h); borrowed. View mover takes
                                     it in place of inferring it again when it is the one it
                                     needs (its viewer, the game's information mode, the
                                     position's rules and moves), else infers its own: the
                                     result is the same either way */
} junqi_play_request;

/** The analysis and the move chosen from it. */
typedef struct junqi_play_result {
    junqi_analysis analysis; /**< as analysis.h; status JUNQI_SEARCH_HIDDEN: view all on a
                                  record with hidden pieces; view mover with viewer
                                  JUNQI_NO_SEAT: the position does not show the mover's own
                                  pieces (a seat's view record, or a position string seen by
                                  one seat, at another seat's turn: what that seat knew is
                                  not in it, docs/protocol.md "Whose knowledge"), nothing
                                  searched; else no assignment of them agrees with the
                                  record */
    junqi_view_mode view;    /**< the view used */
    int viewer;              /**< view mover: the seat whose knowledge it is, the seat to
                                  move (a seat's view record is searched at the turns of the
                                  seats whose pieces it shows: its own, and in a double-open
                                  game its partner's, who knew as much); else JUNQI_NO_SEAT */
    junqi_move move;         /**< the move to play; from = JUNQI_NO_POINT: none (game over,
                                  or the status says why) */
    int line;                /**< its index in analysis.lines, or -1 (a deliberate random
                                  move of the level, or no move) */
} junqi_play_result;

/**
 * Dark games and seat-view records are judged with what the mover knew
 * (view mover), open records with everything (view all).
 */
junqi_view_mode junqi_play_default_view(const junqi_game *g);

/**
 * Analyse req->pos at req->level and choose the move to play. View mover
 * tracks the viewer's knowledge through the record (infer.h) and samples
 * it. Returns false when out of memory or threads (out is then not
 * filled); every other outcome is in out->analysis.status.
 */
bool junqi_play(const junqi_play_request *req, junqi_play_result *out);

#ifdef __cplusplus
}
#endif

#endif
