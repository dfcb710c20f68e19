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

/** The flip family's colour rule (docs/variants.md §3 `colour_assign`). */
typedef enum junqi_colour_assign {
    JUNQI_COLOUR_FIRST_ENGINEER,   /**< the first seat to flip an engineer takes its colour */
    JUNQI_COLOUR_TWO_IN_A_ROW,     /**< a seat whose own two latest flips showed one colour */
    JUNQI_COLOUR_SAME_AS_PREVIOUS, /**< a seat whose flip shows the previous flip's colour */
    JUNQI_COLOUR_FIRST_FLIP,       /**< the first piece flipped gives its colour to its flipper */
    JUNQI_COLOUR_FIXED             /**< south is red from the start */
} junqi_colour_assign;

/** Who may attack an attackable flag in a flip game (§3 `flag_taker`). */
typedef enum junqi_flag_taker {
    JUNQI_TAKER_ANY,      /**< any piece (a bomb: both removed, still a capture) */
    JUNQI_TAKER_SMALLEST, /**< a piece of the lowest face-up rank of the attacker's colour */
    JUNQI_TAKER_ENGINEER  /**< an engineer */
} junqi_flag_taker;

/** How a flip game is won with the enemy flag (§3 `flag_win`). */
typedef enum junqi_flag_win {
    JUNQI_FLAG_TOUCH,      /**< taking the flag wins */
    JUNQI_FLAG_CARRY_HOME, /**< the taker carries it; it wins on the carrier's own headquarters */
    JUNQI_FLAG_NO_WIN      /**< a flag is a piece like others (huqi, zuhe) */
} junqi_flag_win;

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

    /* ---- the flip family (docs/variants.md §3-§5; all zero for the formation game) ----
     * The family's frame (deal, one action a turn, face-down pieces blocking, free
     * headquarters, forbidden losing attacks, the end rules of §5) is flip.h's; these
     * are the switches in which its rule sets differ. */
    bool flip;                      /**< a flip-family game: the pieces start face down */
    uint8_t colour_assign;          /**< a junqi_colour_assign */
    uint8_t flag_taker;             /**< a junqi_flag_taker */
    bool attack_face_down;          /**< `reveal`: a face-up piece may attack a face-down piece
                                         whose back shows the other colour */
    uint8_t flag_win;               /**< a junqi_flag_win */
    bool backs_show_colour;         /**< a face-down piece's colour is public (fanqi_wiki) */
    bool flag_moves;                /**< huqi: a seat's flag moves once it has removed all three
                                         enemy landmines */
    bool combine;                   /**< zuhe: combination pieces (stacks, §4) */
    int move_limit;                 /**< draw right after this many actions; 0 = never */
    int timeouts;                   /**< the Nth timeout of a seat loses; 0 = never */
    int surrender_from;             /**< surrender is allowed from this move on; 0 = always */
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
 * derivable". Under r->flag_moves (huqi, variants.md §3) an attacking flag
 * is a movable flag: it removes any ranked piece, and a bomb or a flag
 * removes it too (both removed). Which attacks are allowed at all is the
 * move rules' business (movegen.h, flip.h), not this table's.
 */
junqi_outcome junqi_combat(const junqi_rules *r, junqi_piece attacker, junqi_piece defender);

/** "move", "attacker wins", "attacker loses", "both removed". Static string. */
const char *junqi_outcome_name(junqi_outcome o);

/** "dark", "double-open", "open". Static string. */
const char *junqi_info_mode_name(junqi_info_mode m);

#endif
