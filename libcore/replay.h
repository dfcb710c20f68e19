/* SPDX-License-Identifier: MIT */
/*
 * replay.h - replaying a game record on the rules, and checking it.
 *
 * A replay builds the start position from a record's setups and applies the
 * record's items one at a time. With a diagnostics list it also checks every
 * item against the rules and reports each problem where it is (a record is
 * checked to the end, not just to its first problem, except that an illegal
 * move ends the checks of the game's moves, with a "checks-stopped" note:
 * what follows it is played from a position the game never had, and would
 * only report a cascade of consequences): setups (setup.h), every
 * move legal for the seat whose turn it is (movegen.h), every recorded combat
 * outcome against junqi_combat(), the recorded next seat, the flags shown
 * when a marshal dies, each elimination's reason, timeouts, and the end.
 *
 * A move is applied with its RECORDED outcome (a one-seat record of a dark
 * game cannot derive it; the reference perft data of tests/data/perft does the same), and
 * the record's events are applied as they come: a replay never eliminates a
 * seat by itself for having no move, because platforms time that
 * differently (QQ: docs/rules.md "Game end").
 *
 * One-seat records (unknown pieces): what cannot be checked is not (combat
 * outcomes, marshal deaths, "no movable piece"); a flag the record shows
 * turns the unknown piece there into a flag, and a captured unknown piece
 * may be the flag that eliminated its seat.
 *
 * Shown identities (engineer_scout, reveal_on_combat): after an attack the
 * rules may show the piece that stays on the target to every seat for the
 * rest of the game. A complete record may say so with the move's shown
 * token (it is checked) or not (it is derived); a one-seat record must, when
 * the piece is one it cannot see, and the token then gives the unknown piece
 * its identity. The replay keeps which pieces are shown (`shown`), and
 * junqi_replay_view() shows them in every seat's view.
 */
#ifndef JUNQI_REPLAY_H
#define JUNQI_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "game.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A replay in progress. Transparent: read pos, item and moves directly. */
typedef struct junqi_replay {
    const junqi_game *game;      /**< borrowed; must outlive the replay */
    junqi_position pos;          /**< the position reached */
    size_t item;                 /**< index of the next item to apply */
    size_t moves;                /**< moves applied so far (the ply) */
    junqi_diags *diags;          /**< where checks report; NULL: no checks */
    size_t illegal;              /**< the number (from 1) of the first move the checks found
                                      illegal, which ends them; 0: none (or no checks) */
    int timeouts[JUNQI_SEATS];   /**< timeouts seen per seat */
    unsigned left;               /**< JUNQI_SEAT_BIT of each seat the record says left */
    junqi_move last_move;        /**< the last move applied; from = JUNQI_NO_POINT if none */
    uint8_t last_outcome;        /**< its junqi_outcome */
    uint8_t last_captured;       /**< the cell it removed from the target point, or 0 */
    uint8_t last_shown;          /**< the point whose piece the last move showed, or
                                      JUNQI_NO_POINT */
    uint8_t shown[JUNQI_MAX_POINTS]; /**< 1 where the piece standing there has been shown to
                                          every seat (the rule set's engineer_scout and
                                          reveal_on_combat, docs/variants.md); it follows the
                                          piece; 0 elsewhere (an empty point's value means
                                          nothing) */
} junqi_replay;

/**
 * Start replaying record g: the start position from its setups (a seat
 * whose setup the record does not give starts with 25 unknown pieces, as a
 * one-seat record of a dark game sees it) and its first
 * seat, or its set start position (g->start), rule set
 * `rules` (NULL: the record's). With d non-NULL, each setup is checked and
 * every problem reported as an error located at the setup (move -1).
 * Returns false, with an error in d, if a present seat's arm does not exist
 * on the record's board, the rule set is for another board, or fewer than
 * two seats take part ("one-side": such a game has one side and never ends).
 */
bool junqi_replay_start(junqi_replay *r, const junqi_game *g, const junqi_rules *rules,
                        junqi_diags *d);

/**
 * Apply the next item, checking it when the replay has a diagnostics list.
 * Returns false when there is no item left. A move whose from-point is
 * empty cannot be applied: it is reported and skipped (pos.moves still
 * counts it, so that the positions keep the record's ply numbers).
 */
bool junqi_replay_next(junqi_replay *r);

/**
 * Apply items until `ply` moves are applied and then every event recorded
 * before the next move (docs/conventions.md "--ply"). The caller checks
 * that ply <= junqi_game_moves(). Moving backwards restarts from the start,
 * without checks (they were reported the first time).
 */
void junqi_replay_seek(junqi_replay *r, size_t ply);

/** Apply every item. */
void junqi_replay_run(junqi_replay *r);

/**
 * The position reached as `seat` sees it (junqi_position_view() under the
 * rule set's information mode), with every shown identity (r->shown) in it.
 * Writes *out; the hash is recomputed.
 */
void junqi_replay_view(const junqi_replay *r, int seat, junqi_position *out);

/**
 * End the checks of game g's moves after an illegal one (the formation
 * replay's and the flip replay's rule, docs/conventions.md
 * "checks-stopped"): adds to d, when d is not NULL and a move follows item
 * `next` (the index of the item after the illegal move), the note that the
 * game's later moves are not checked, at `loc`, for move number `move` (as
 * the record writes it). Nothing when no move follows.
 */
void junqi_replay_note_checks_stopped(junqi_diags *d, const junqi_game *g, size_t next, int move,
                                      junqi_loc loc);

/**
 * Replay g (no checks) and write into it what the replay derives, for
 * writers that state it: each main-line move's seat (the mover), the result
 * (g->result, when it is the record's: junqi_game_ends_as_replayed()) and the
 * END item's status, winners and reason, and the score tag of the rule set's
 * platform scoring (score.h: [QQScore "..."]).
 * Converting a record (QQ to JGN, say) settles it first.
 */
void junqi_game_settle(junqi_game *g);

#ifdef __cplusplus
}
#endif

#endif
