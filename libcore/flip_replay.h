/* SPDX-License-Identifier: MIT */
/*
 * flip_replay.h - replaying a flip game's record (game.h) on the rules of
 * flip.h, and checking it: what replay.h is for the formation game.
 *
 * A replay starts from the record's set position, else its Deal (checked),
 * else 50 face-down pieces of unknown identity, with the record's first
 * seat. It checks every action against the rules (junqi_flip_check_action,
 * with its sentence), every flip's identity against the deal (or, without
 * one, against the pieces still face down), every recorded outcome, every
 * colour event (derived: it must be written, once, where the colour rule
 * assigns the colours), and the end: derived endings must match the
 * record's, and the record's own endings (timeouts, surrender, leaving,
 * agreed draws) must be allowed. Problems are reported where they are, and
 * checking goes on to the end of the record, except that an illegal action
 * ends the checks, with a "checks-stopped" note, as in the formation game
 * (replay.h): what follows it is played from a position the game never had,
 * and would only report a cascade of consequences (a colour's pieces
 * "not south's" at every later move). An action is applied even when
 * illegal when the position can take it (a losing attack, a turn on the
 * railway); one it cannot take (nothing on the point, a flip of a face-up
 * piece, a flip whose identity nobody knows) is reported and skipped; the
 * position's ply (pos.st.moves) still counts it, so that the positions
 * after it keep the record's ply numbers.
 */
#ifndef JUNQI_FLIP_REPLAY_H
#define JUNQI_FLIP_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "flip.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A flip replay in progress. Transparent: read pos, item and moves directly. */
typedef struct junqi_flip_replay {
    const junqi_game *game;      /**< borrowed; must outlive the replay */
    junqi_flip pos;              /**< the position reached */
    size_t item;                 /**< index of the next item to apply */
    size_t moves;                /**< actions applied so far (the ply) */
    junqi_diags *diags;          /**< where checks report; NULL: no checks */
    size_t illegal;              /**< the number (from 1) of the first action the checks found
                                      illegal, which ends them; 0: none (or no checks) */
    int timeouts[JUNQI_SEATS];   /**< timeouts seen per seat */
    bool has_last;               /**< an action has been applied */
    junqi_action last;           /**< the last action applied */
    uint8_t last_outcome;        /**< its outcome (junqi_outcome, or JUNQI_ABSORBS) */
    uint8_t last_shown;          /**< what it turned face up (a face-up cell), or 0 */
    uint8_t last_taker;          /**< the seat that took its colour by it, or JUNQI_NO_SEAT */
} junqi_flip_replay;

/**
 * Start replaying flip record g under rule set `rules` (NULL: the
 * record's; it must be a flip rule set). With d non-NULL the deal is
 * checked (errors located at the Deal tag). Returns false, with an error in
 * d, when the rule set is not a flip rule set or the board is not the
 * two-player board.
 */
bool junqi_flip_replay_start(junqi_flip_replay *r, const junqi_game *g, const junqi_rules *rules,
                             junqi_diags *d);

/** Apply the next item, checking it when the replay has diagnostics. False when none is left. */
bool junqi_flip_replay_next(junqi_flip_replay *r);

/**
 * Apply items until `ply` actions are applied and every event recorded
 * before the next action (docs/conventions.md "--ply"); moving backwards
 * restarts, without checks.
 */
void junqi_flip_replay_seek(junqi_flip_replay *r, size_t ply);

/** Apply every item. */
void junqi_flip_replay_run(junqi_flip_replay *r);

/**
 * Replay g (no checks) and write into it what the replay derives, for
 * writers: each action's seat and outcome, what each flip (and revealing
 * attack) showed when the position knows it, the colour events, a forced
 * drop, a part's leader, the END item's status, winners and reason, and the
 * result (g->result) when it is the record's (junqi_game_ends_as_replayed()).
 */
void junqi_flip_game_settle(junqi_game *g);

/**
 * A new flip record under rule set r (a flip rule set): two-player board,
 * south and north taking part, `first` to move first (JUNQI_NO_SEAT: the
 * rule set's), and the deal when deal is non-NULL (copied). Returns NULL
 * when out of memory. Free with junqi_game_free().
 */
junqi_game *junqi_flip_game_new(const junqi_rules *r, const uint8_t *deal, junqi_seat first);

/**
 * The record item of action a, just played with undo record *u (what
 * junqi_flip_make filled) to reach `after`, as the canonical writer wants
 * it: the mover, what it showed, its outcome, its colour event, its drop
 * and part. Writes *it.
 */
void junqi_flip_action_item(const junqi_flip *after, junqi_action a, const junqi_flip_undo *u, junqi_item *it);

/**
 * Append action a, just played with undo record *u (what junqi_flip_make
 * filled) to reach `after`, to g's main line as the canonical writer wants
 * it: the mover, what it showed, its outcome, its colour event, its drop
 * and part. Returns false when out of memory.
 */
bool junqi_flip_game_add_action(junqi_game *g, const junqi_flip *after, junqi_action a,
                                const junqi_flip_undo *u);

/**
 * When pos is over, append the END item of its result to g's main line and
 * set g->result (a record the library played to its end). Returns false
 * when out of memory; true (doing nothing) when the game is not over.
 */
bool junqi_flip_game_end(junqi_game *g, const junqi_flip *pos);

#ifdef __cplusplus
}
#endif

#endif
