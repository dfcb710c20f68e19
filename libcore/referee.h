/* SPDX-License-Identifier: MIT */
/*
 * referee.h - the referee of a game between programs, and the score of a
 * match with its Elo estimate (docs/match.md).
 *
 * The referee holds the complete game (every setup) and, beside it, each
 * seat's own record of it (junqi_game_to_view(): in a dark game only its
 * setup), and writes every item into all of them: a move with the combat
 * outcome the rules give, the flags a marshal's death shows (rules.md: when
 * a marshal dies its owner's flag is shown to everyone), the elimination of
 * a seat whose flag was taken or that has no legal move, a forfeit, an
 * adjudicated draw. A seat is given only its own record, so it learns what
 * a player at the table learns: its pieces, every move and its outcome, the
 * shown flags and the events, never an identity it could not see.
 *
 * The game is played under one rule set (rules.h), on its board and with
 * its information mode: dark for the named sets, so a seat's record holds
 * only its own setup. Under the switches that show identities
 * (engineer_scout, reveal_on_combat) each move says, in every record, which
 * piece it showed (its shown: token), as a one-seat record must; the
 * referee replays its complete record to know (replay.h, "Shown
 * identities"), so that rule lives in one place.
 *
 * The engine rules are the search's (search.h): a seat to move with no
 * legal move is eliminated at once; a captured flag removes its seat; the
 * no-combat draw ends the game.
 */
#ifndef JUNQI_REFEREE_H
#define JUNQI_REFEREE_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "position.h"
#include "replay.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A game in progress. Transparent: read pos and the records directly. */
typedef struct junqi_referee {
    junqi_game *game;              /**< the complete record (owned) */
    junqi_game *view[JUNQI_SEATS]; /**< each present seat's record (owned); NULL otherwise */
    junqi_position pos;            /**< the position reached */
    junqi_replay replay;           /**< the replay of `game` (borrows it) after every item
                                        recorded: what each move showed (replay.shown), and
                                        a seat's view with the shown pieces
                                        (junqi_replay_view) */
} junqi_referee;

/**
 * Start a game under rule set `rules` (not NULL; a named or interned set,
 * rules.h; e.g. junqi_rules_default(board)) on its board, from the setups of
 * record `from` (borrowed; its own rule set is not used): on the four-player
 * board every seat's, on the two-player board north's and south's. Returns
 * false with a message in err (n bytes) when a setup the game needs is
 * missing or breaks the setup rules under `rules` (setup.h,
 * junqi_setup_check_under: bomb_front_row), or memory runs out; *r then
 * holds nothing to free.
 */
bool junqi_referee_start(junqi_referee *r, const junqi_rules *rules, const junqi_game *from, char *err,
                         size_t n);

/**
 * The seat to move, after eliminating (and recording) every seat to move
 * that has no legal move; JUNQI_NO_SEAT once the game is over.
 */
int junqi_referee_to_move(junqi_referee *r);

/**
 * Play move m for the seat to move: checked (movegen.h), then applied with
 * the rules' outcome and recorded with the flags it shows and the seat it
 * eliminates. Returns false, with the reason in err (n bytes), when m is
 * illegal; nothing is recorded then.
 */
bool junqi_referee_play(junqi_referee *r, junqi_move m, char *err, size_t n);

/**
 * Seat s's side loses by forfeit (an illegal move, no answer, a program
 * that died): a comment with `why` (copied), then every live seat of its
 * side leaves the game, which ends it.
 */
void junqi_referee_forfeit(junqi_referee *r, int s, const char *why);

/**
 * The match ends the game as a draw (a move limit: no rule ended it, so its
 * termination is `adjudicated`, docs/jgn.md), with a comment `why` (copied).
 */
void junqi_referee_adjudicate_draw(junqi_referee *r, const char *why);

/** Free the records (NULL and a referee that was never started are allowed). */
void junqi_referee_free(junqi_referee *r);

/** A match's score for one side and its Elo estimate. */
typedef struct junqi_match_score {
    int wins, draws, losses;
    double score;       /**< (wins + draws / 2) / games, 0..1 */
    double elo;         /**< -400 log10(1 / score - 1); +-HUGE_VAL at a score of 1 or 0 */
    double elo_low, elo_high; /**< the 95 % interval: the score +- 1.96 standard errors
                                   (per game, from the spread of the results), as Elo; where
                                   every game had the same result, Wilson's interval */
} junqi_match_score;

/**
 * The score of `wins`, `draws` and `losses` (games of one side) with its
 * Elo estimate and 95 % interval (docs/match.md, "Elo"). With no games the
 * score is 0.5 and every Elo figure 0.
 */
junqi_match_score junqi_match_score_of(int wins, int draws, int losses);

#ifdef __cplusplus
}
#endif

#endif
