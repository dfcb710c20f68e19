/* SPDX-License-Identifier: MIT */
/*
 * rules.h - rule sets as data, and combat.
 *
 * Every switch and every named rule set comes from docs/rules.md.
 * A rule set is a struct of named switches; code asks the struct, never the
 * rule set's name.
 */
#ifndef JUNQI_RULES_H
#define JUNQI_RULES_H

#include <stdbool.h>

#include "board.h"
#include "piece.h"

/** What happens when a non-engineer attacks a landmine. */
typedef enum junqi_landmine_rule {
    JUNQI_LANDMINE_ATTACKER_DIES, /**< the attacker is removed, the landmine stays (QQ) */
    JUNQI_LANDMINE_BOTH_REMOVED   /**< both are removed (seed 003's table) */
} junqi_landmine_rule;

/** What happens when a bomb attacks a flag. */
typedef enum junqi_bomb_flag_rule {
    JUNQI_BOMB_CAPTURES_FLAG, /**< both removed, and the flag counts as captured (QQ) */
    JUNQI_BOMB_REMOVED        /**< the bomb is removed, the flag stays (seed 003) */
} junqi_bomb_flag_rule;

/** Turn order on the four-player board. */
typedef enum junqi_turn_order {
    JUNQI_TURN_CCW, /**< north → west → south → east (QQ) */
    JUNQI_TURN_CW   /**< north → east → south → west */
} junqi_turn_order;

/** Information mode. */
typedef enum junqi_info_mode {
    JUNQI_DARK,        /**< 暗棋: a seat sees only its own pieces */
    JUNQI_DOUBLE_OPEN, /**< 双明: partners see each other's pieces */
    JUNQI_OPEN         /**< 明棋: everyone sees everything */
} junqi_info_mode;

/** A combat outcome. The values equal the result bits of a QQ move record. */
typedef enum junqi_outcome {
    JUNQI_NO_COMBAT = 0,      /**< a move to an empty point */
    JUNQI_ATTACKER_WINS = 1,  /**< defender removed, attacker moves in */
    JUNQI_ATTACKER_LOSES = 2, /**< attacker removed, defender stays */
    JUNQI_BOTH_REMOVED = 3    /**< both removed */
} junqi_outcome;

/** A rule set: a name and its switches. Static data; never freed. */
typedef struct junqi_rules {
    const char *name;               /**< "qq", "standard", "open", "wiki" */
    junqi_board_kind board;         /**< the board it is played on */
    junqi_landmine_rule landmine_vs_piece;
    junqi_bomb_flag_rule bomb_vs_flag;
    int no_combat_draw;             /**< draw right after this many consecutive moves
                                         without combat; 0 = never */
    junqi_turn_order turn_order;
    junqi_seat first_seat;          /**< who moves first (the first present seat in turn
                                         order from this one) */
    junqi_info_mode info;
    bool marshal_death_reveals_flag;
    bool no_move_check_camps;       /**< when a record eliminates a seat for "no movable
                                         piece", the check counts enemy pieces in camps as
                                         attackable (QQ's own check, rules.md "Game end") */
    const struct junqi_scoring *scoring; /**< the platform's scores (score.h), or NULL */
} junqi_rules;

/** Look up a rule set by name. Returns NULL for an unknown name. */
const junqi_rules *junqi_rules_get(const char *name);

/** The default rule set of a board: `qq` (four-player) or `standard` (two-player). */
const junqi_rules *junqi_rules_default(junqi_board_kind board);

/** All rule set names, comma-separated, for usage messages. Static string. */
const char *junqi_rules_names(void);

/**
 * The outcome of attacker moving onto defender under rule set r
 * (rules.md, "Combat"). Neither may be JUNQI_NONE; JUNQI_UNKNOWN has no
 * defined outcome and gives JUNQI_NO_COMBAT, which callers treat as "not
 * derivable".
 */
junqi_outcome junqi_combat(const junqi_rules *r, junqi_piece attacker, junqi_piece defender);

/** "move", "attacker wins", "attacker loses", "both removed". Static string. */
const char *junqi_outcome_name(junqi_outcome o);

/** "dark", "double-open", "open". Static string. */
const char *junqi_info_mode_name(junqi_info_mode m);

#endif
