/* SPDX-License-Identifier: MIT */
/*
 * score.h - platform scores: what each seat scores for a game under a
 * platform's scoring rules. QQ Game's are the only ones known (seed 002,
 * QQ's help, whose figures docs/rules.md lists): the winning side +2 each
 * and the losers -2 in a four-player game, +1 and -1 with two players; the
 * winners score nothing when the game ended within 40 moves (four players)
 * or 30 moves (two players), the losers still lose; a drawn game scores 0;
 * no surrender is allowed within the first 20 moves. A seat that flees
 * ends the game: with two players its enemy wins; with four players its
 * side loses when its partner was already out, and otherwise neither side
 * scores.
 *
 * Readings this project chose (docs/conventions.md, "Scores"):
 *   - 步 (a "move" of those rules) is one move by one seat, counted over all
 *     seats together, as the project counts moves everywhere and as QQ's own
 *     "70 moves without a capture" rule is counted in the real files;
 *   - "within N moves" means at most N moves were played;
 *   - a seat that fled while in the game is recorded as leaving it (JGN
 *     `left:SEAT`, QQ's event 04), which takes it out, so the record's
 *     result already says who won; a game that QQ ended because "someone
 *     fled" (end code 06, JGN result `undecided` with Termination `fled`)
 *     with both sides still in is the "neither side scores" case (QQ files
 *     do not say who fled);
 *   - QQ's rule that a player above 50 points gains nothing against one
 *     below 50 needs the players' running totals, which records do not keep
 *     (the shared QQ files have them zeroed): it is not applied.
 *
 * A rule set says which scoring it follows in its `scoring` field (rules.h).
 */
#ifndef JUNQI_SCORE_H
#define JUNQI_SCORE_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A platform's scoring rules. Static data. */
typedef struct junqi_scoring {
    const char *name;     /**< "qq": JSON's "score" object names it */
    const char *platform; /**< "QQ": the platform, in sentences */
    const char *tag;      /**< the JGN tag that states the score on conversion: "QQScore" */
    int win_points[2];    /**< what a winning seat scores: [0] two players, [1] four players;
                               each losing seat scores the negative */
    int min_moves[2];     /**< a game that ended within this many moves scores nothing for
                               its winners: [0] two players, [1] four players */
    int surrender_moves;  /**< no surrender is allowed within this many moves */
} junqi_scoring;

/** QQ Game's scoring (seed 002): ±1 / ±2, 30 / 40 moves, 20 moves for surrender. */
extern const junqi_scoring junqi_scoring_qq;

/** Why a game scores what it scores. */
typedef enum junqi_score_reason {
    JUNQI_SCORE_NONE = 0,     /**< no score: the game is not over */
    JUNQI_SCORE_DECIDED,      /**< one side won: winners +, losers - */
    JUNQI_SCORE_EARLY_END,    /**< one side won within min_moves: winners 0, losers - */
    JUNQI_SCORE_DRAWN,        /**< a draw: 0 each */
    JUNQI_SCORE_FLED,         /**< someone fled with both sides in the game: 0 each */
    JUNQI_SCORE_UNDECIDED     /**< the game ended with no winner for another reason: 0 each */
} junqi_score_reason;

/** The score of one game. */
typedef struct junqi_score {
    junqi_score_reason reason;
    unsigned seats;                /**< the seats scored: those present */
    int points[JUNQI_SEATS];       /**< each seat's points; 0 for seats absent */
} junqi_score;

/**
 * The score under scoring s of a game with result r (docs/jgn.md's
 * results), the seats of mask `present`, and `moves` moves played (see the
 * file comment for every rule). A game with two seats present scores as
 * two players, any other as four. An ongoing game has reason
 * JUNQI_SCORE_NONE and no points.
 */
junqi_score junqi_score_result(const junqi_scoring *s, const junqi_result *r, unsigned present,
                               size_t moves);

/**
 * The score of record g, which the caller has settled (junqi_game_settle()
 * in replay.h: g->result is what the replay derives) under its rule set's
 * scoring. False when the rule set has no scoring (*out is then untouched).
 */
bool junqi_score_game(const junqi_game *g, junqi_score *out);

/**
 * The score of the game that reached position pos (its result, seats and
 * moves) under its rule set's scoring. False when the rule set has none
 * (*out is then untouched).
 */
bool junqi_score_position(const junqi_position *pos, junqi_score *out);

/**
 * Write the score as text into buf (n bytes, NUL-terminated): the seats in
 * seat order, "north +2, east -2, south +2, west -2" (0 unsigned), in
 * English whatever the locale, as the scoring's JGN tag holds it (programs
 * read it back; junqi_score_describe() is the sentence for people). Returns
 * the length as snprintf does. An ongoing game gives "".
 */
int junqi_score_format(const junqi_score *sc, char *buf, size_t n);

/**
 * The score as a sentence for text summaries into buf (n bytes): the
 * platform, the points, and why the winners or nobody scored when that
 * needs saying: "QQ score: north +2, east -2, south +2, west -2", "QQ score:
 * north 0, east -2, south 0, west -2 (the game ended within 40 moves: the
 * winners score nothing)". In the language of the messages (docs/i18n.md),
 * the seats' names and the separator included: "QQ 积分：北家 +2，东家 -2，…".
 * Returns the length as snprintf does; an ongoing game gives "".
 */
int junqi_score_describe(const junqi_scoring *s, const junqi_score *sc, char *buf, size_t n);

/**
 * Find a surrender that scoring s does not allow: the first elimination of
 * g's main line for `surrender` after at most s->surrender_moves moves.
 * Returns its item index and sets *seat and *moves (the moves played
 * before it), or returns -1 when there is none.
 */
long junqi_score_early_surrender(const junqi_scoring *s, const junqi_game *g, int *seat,
                                 size_t *moves);

/**
 * Set the scoring's tag (e.g. [QQScore "north +2, east -2, south +2, west -2"])
 * on settled record g when its rule set has a scoring and the game is over;
 * remove it when the game is not over (a score kept from a longer record,
 * such as a game --lenient cut short). Returns false only when memory runs out.
 */
bool junqi_score_set_tag(junqi_game *g);

#ifdef __cplusplus
}
#endif

#endif
