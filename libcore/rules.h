/* SPDX-License-Identifier: MIT */
/*
 * rules.h - rule sets as data: rule strings, switches, named rule sets, and
 * combat.
 *
 * The rules every set shares, the named sets and their switches come from
 * docs/rules.md; the rule strings and the switches of the formation game
 * from docs/variants.md ("Rule strings", "Switches").
 *
 * A rule set is a struct with one field per switch; code asks the struct,
 * never the rule set's name. A rule set is named by a rule string,
 *
 *     NAME[,SWITCH=VALUE]...          e.g.  standard,bomb_moves=engineer
 *
 * a named set and the switches that change it.
 *
 * Design note: the switches are rows of one table (rules.c): the switch's
 * name, its values (named values and/or a number range), the int field of
 * junqi_rules it sets, the boards and game families it applies to, and its
 * documentation line. The parser, the canonical writer and the error
 * messages read that table and nothing else, so a new switch is a new field
 * and a new row. The named sets are data too: a board, a family and a rule
 * string of switches over the table's defaults. Positions and games hold
 * `const junqi_rules *`, so a parsed rule set must live as long as the
 * process: junqi_rules_parse() interns each distinct set (by its canonical
 * text) in a table guarded by a mutex and reachable from a static, and two
 * equal rule strings give the same pointer. A plain name gives the named
 * set itself (junqi_rules_get()).
 */
#ifndef JUNQI_RULES_H
#define JUNQI_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "piece.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The game family a rule set belongs to: which game its positions play. */
typedef enum junqi_family {
    JUNQI_FORMATION_GAME = 0, /**< setups placed by the players: dark, double-open, open */
    JUNQI_FLIP_GAME = 1       /**< pieces dealt face down and flipped (翻棋 and its kin) */
} junqi_family;

/** Bit of a game family in a family mask. */
#define JUNQI_FAMILY_BIT(f) (1u << (f))
/** Bit of a board kind in a board mask. */
#define JUNQI_BOARD_BIT(k) (1u << (k))

/** What happens when a non-engineer attacks a landmine (`landmine_vs_piece`). */
typedef enum junqi_landmine_rule {
    JUNQI_LANDMINE_ATTACKER_DIES, /**< the attacker is removed, the landmine stays (QQ) */
    JUNQI_LANDMINE_BOTH_REMOVED   /**< both are removed (seed 003's table) */
} junqi_landmine_rule;

/** What happens when a bomb attacks a flag (`bomb_vs_flag`). */
typedef enum junqi_bomb_flag_rule {
    JUNQI_BOMB_CAPTURES_FLAG, /**< both removed, and the flag counts as captured (QQ) */
    JUNQI_BOMB_REMOVED        /**< the bomb is removed, the flag stays (seed 003) */
} junqi_bomb_flag_rule;

/** Turn order on the four-player board (`turn_order`). */
typedef enum junqi_turn_order {
    JUNQI_TURN_CCW, /**< north → west → south → east (QQ) */
    JUNQI_TURN_CW   /**< north → east → south → west */
} junqi_turn_order;

/** Information mode (`mode`). */
typedef enum junqi_info_mode {
    JUNQI_DARK,        /**< 暗棋: a seat sees only its own pieces */
    JUNQI_DOUBLE_OPEN, /**< 双明: partners see each other's pieces */
    JUNQI_OPEN         /**< 明棋: everyone sees everything */
} junqi_info_mode;

/** How a bomb moves on the railway (`bomb_moves`). */
typedef enum junqi_bomb_moves {
    JUNQI_BOMB_MOVES_STRAIGHT, /**< as every non-engineer (rail_mode) */
    JUNQI_BOMB_MOVES_ENGINEER  /**< turning freely like an engineer (炸弹满天飞) */
} junqi_bomb_moves;

/** How a non-engineer moves on the railway (`rail_mode`). */
typedef enum junqi_rail_mode {
    JUNQI_RAIL_STRAIGHT,   /**< any distance along one straight line */
    JUNQI_RAIL_ONE_TURN,   /**< at most one change of direction (任何子可以拐一个直角弯) */
    JUNQI_RAIL_THREE_STEPS /**< at most three railway edges, any direction */
} junqi_rail_mode;

/** Whose identities an attack shows to everyone (`reveal_on_combat`). */
typedef enum junqi_reveal_rule {
    JUNQI_REVEAL_NONE,     /**< nothing */
    JUNQI_REVEAL_DEFENDER, /**< the defender (半明棋) */
    JUNQI_REVEAL_BOTH      /**< attacker and defender */
} junqi_reveal_rule;

/** The mountains of the two-player board (`mountain`). */
typedef enum junqi_mountain_rule {
    JUNQI_MOUNTAIN_NONE,   /**< the mountains are not points */
    JUNQI_MOUNTAIN_SHELTER /**< bM and dM are points a piece may shelter on (山界) */
} junqi_mountain_rule;

/** The flip family's colour rule (`colour_assign`, docs/variants.md §3). */
typedef enum junqi_colour_assign {
    JUNQI_COLOUR_FIRST_ENGINEER,   /**< the first seat to flip an engineer takes its colour */
    JUNQI_COLOUR_TWO_IN_A_ROW,     /**< a seat whose own two latest flips showed one colour */
    JUNQI_COLOUR_SAME_AS_PREVIOUS, /**< a seat whose flip shows the previous flip's colour */
    JUNQI_COLOUR_FIRST_FLIP,       /**< the first piece flipped gives its colour to its flipper */
    JUNQI_COLOUR_FIXED             /**< south is red from the start */
} junqi_colour_assign;

/** Who may attack an attackable flag in a flip game (`flag_taker`). */
typedef enum junqi_flag_taker {
    JUNQI_TAKER_ANY,      /**< any piece (a bomb: both removed, still a capture) */
    JUNQI_TAKER_SMALLEST, /**< a piece of the lowest face-up rank of the attacker's colour */
    JUNQI_TAKER_ENGINEER  /**< an engineer */
} junqi_flag_taker;

/** How a flip game is won with the enemy flag (`flag_win`). */
typedef enum junqi_flag_win {
    JUNQI_FLAG_TOUCH,      /**< taking the flag wins */
    JUNQI_FLAG_CARRY_HOME, /**< the taker carries it; it wins on the carrier's own headquarters */
    JUNQI_FLAG_NO_WIN      /**< a flag is a piece like others (huqi, zuhe) */
} junqi_flag_win;

/** A combat outcome. The values equal the result bits of a QQ move record. */
typedef enum junqi_outcome {
    JUNQI_NO_COMBAT = 0,      /**< a move to an empty point */
    JUNQI_ATTACKER_WINS = 1,  /**< defender removed, attacker moves in */
    JUNQI_ATTACKER_LOSES = 2, /**< attacker removed, defender stays */
    JUNQI_BOTH_REMOVED = 3    /**< both removed */
} junqi_outcome;

/**
 * A rule set. Every switch is an int field that the switch table sets
 * (values of the enum named in its comment, or a number); read the fields,
 * never the name. Named sets are static and interned sets live until the
 * process ends: never free one, never build one by hand for the library
 * (get it from junqi_rules_get() or junqi_rules_parse()).
 */
typedef struct junqi_rules {
    const char *name;          /**< the named set it starts from: "qq", "standard", … */
    const char *text;          /**< its canonical rule string, e.g. "standard,bomb_moves=engineer" */
    junqi_board_kind board;    /**< the board it is played on */
    int family;                /**< a junqi_family */
    /* switches, in the order of the table (docs/variants.md) */
    int landmine_vs_piece;     /**< a junqi_landmine_rule */
    int bomb_vs_flag;          /**< a junqi_bomb_flag_rule */
    int no_combat_draw;        /**< draw right after this many consecutive moves without
                                    combat; 0 = never (`off`) */
    int turn_order;            /**< a junqi_turn_order */
    int first_seat;            /**< a junqi_seat: who moves first (the first present seat in
                                    turn order from this one) */
    int info;                  /**< a junqi_info_mode (`mode`) */
    int bomb_moves;            /**< a junqi_bomb_moves */
    int bomb_front_row;        /**< 1: a bomb may start in row 1 (`allow`), 0: not (`forbid`) */
    int rail_mode;             /**< a junqi_rail_mode */
    int hq_locks;              /**< 1: a piece on a headquarters never moves (`on`), 0: it may */
    int timeouts;              /**< a seat's Nth timeout eliminates it; 0 = never (`off`) */
    int engineer_scout;        /**< 1: an engineer's losing attack shows the defender */
    int reveal_on_combat;      /**< a junqi_reveal_rule */
    int mountain;              /**< a junqi_mountain_rule (two-player board) */
    /* the flip family's switches (docs/flip.md); the frame they share is flip.h's */
    int colour_assign;         /**< a junqi_colour_assign */
    int flag_taker;            /**< a junqi_flag_taker */
    int attack_face_down;      /**< 1 (`reveal`): a face-up piece may attack a face-down piece
                                    whose back shows the other colour; 0 (`forbid`) */
    int flag_win;              /**< a junqi_flag_win */
    int move_limit;            /**< flip games: draw right after this many actions; 0 = never */
    /* facts of the named set that are not switches */
    bool marshal_death_reveals_flag;
    bool no_move_check_camps;  /**< when a record eliminates a seat for "no movable
                                    piece", the check counts enemy pieces in camps as
                                    attackable (QQ's own check, rules.md "Game end") */
    const struct junqi_scoring *scoring; /**< the platform's scores (score.h), or NULL */
    /* facts of the flip sets that are not switches (docs/flip.md) */
    bool backs_show_colour;    /**< a face-down piece's colour is public (fanqi_wiki) */
    bool flag_moves;           /**< huqi: a seat's flag moves once it has removed all three
                                    enemy landmines */
    bool combine;              /**< zuhe: combination pieces (stacks) */
    int surrender_from;        /**< surrender is allowed from this move on; 0 = always */
} junqi_rules;

/** True if r is a rule set of the flip family (flip.h plays its games). */
static inline bool junqi_rules_flip(const junqi_rules *r)
{
    return r->family == JUNQI_FLIP_GAME;
}

/** One named value of a switch. */
typedef struct junqi_switch_value {
    const char *name;  /**< as written in rule strings: "engineer", "off", "north" */
    int value;         /**< what the field gets */
    unsigned boards;   /**< JUNQI_BOARD_BIT mask of the boards it is allowed on */
} junqi_switch_value;

/** One switch: a row of the switch table (see the design note). */
typedef struct junqi_switch {
    const char *name;                  /**< "bomb_moves" */
    const junqi_switch_value *values;  /**< named values, ended by a NULL name */
    int min, max;                      /**< numbers min..max are values too (max 0: none) */
    size_t field;                      /**< offsetof(junqi_rules, FIELD) of an int field */
    int def;                           /**< the value of a named set that does not set it */
    unsigned boards;                   /**< JUNQI_BOARD_BIT mask of the boards it applies to */
    unsigned families;                 /**< JUNQI_FAMILY_BIT mask of the families */
    const char *doc;                   /**< one line for --help, the man pages, the docs */
} junqi_switch;

/** The switch table, in canonical order; *n gets its length. Static data. */
const junqi_switch *junqi_rules_switches(size_t *n);

/** The value rule set r gives switch sw (the int field sw->field). */
int junqi_rules_value(const junqi_rules *r, const junqi_switch *sw);

/** Board argument of junqi_rules_parse(): the board of the named set, whatever it is. */
#define JUNQI_RULES_ANY_BOARD (-1)

/** Longest rule string accepted or written, in bytes, the NUL not included. */
#define JUNQI_RULES_TEXT_MAX 511

/**
 * Parse a rule string `text` (NUL-terminated) for a game on `board` (a
 * junqi_board_kind, or JUNQI_RULES_ANY_BOARD). On success *out gets the
 * interned rule set (valid for the life of the process; the named set
 * itself when no switch changes it) and true is returned. On failure *out
 * is unchanged, false is returned and err (n bytes, NUL-terminated, cut
 * short when n is below JUNQI_RULES_ERR_SIZE) gets one English sentence naming what is wrong and listing
 * what is allowed: an empty string or one longer than JUNQI_RULES_TEXT_MAX,
 * an unknown rule-set name (the known names are listed), a named set of
 * another board, an unknown switch (the switches of that board and family
 * are listed), a switch without `=VALUE`, a switch given twice, an unknown
 * value or a number out of range (the values are listed), a switch or a
 * value that does not apply to the board or the game family, and (once
 * about ten thousand distinct sets are interned) too many distinct sets.
 * Thread-safe.
 */
bool junqi_rules_parse(const char *text, int board, const junqi_rules **out, char *err, size_t n);

/**
 * Whether the rule string `text` (as written, before junqi_rules_parse()
 * makes it canonical) spells switch `sw`: "sw=" after a comma. The canonical
 * string drops a switch set to its named set's value ("standard,first=south"
 * is "standard"), which a writer may still have meant, as a Rules tag beside
 * a First tag (docs/jgn.md §2, "Rule sets") or a --rules over a record's.
 */
bool junqi_rules_spells(const char *text, const char *sw);

/**
 * The size of an err buffer that holds every message of junqi_rules_parse()
 * and junqi_rules_with() whole, in any language, with room for a prefix
 * ("Rules: "): the messages quote at most JUNQI_RULES_TEXT_MAX bytes of
 * the text, and list the names and values a few hundred bytes take.
 */
#define JUNQI_RULES_ERR_SIZE 2048

/**
 * Write r's canonical rule string into buf (n bytes, NUL-terminated): the
 * named set's name and the switches whose value differs from the named
 * set's, in the table's order, e.g. "standard,bomb_moves=engineer". It
 * parses back to r itself. Returns buf, or NULL (buf then holds "") when n
 * is too small; JUNQI_RULES_TEXT_MAX + 1 bytes always suffice.
 */
char *junqi_rules_format(const junqi_rules *r, char *buf, size_t n);

/**
 * Rule set r with the switches of `switches` (a comma-separated list of
 * SWITCH=VALUE, as after the name in a rule string) set on top of r's own:
 * a switch r already sets takes the new value. *out gets the interned
 * result; false, with err as junqi_rules_parse() gives it, if a switch is
 * wrong. Thread-safe.
 */
bool junqi_rules_with(const junqi_rules *r, const char *switches, const junqi_rules **out,
                      char *err, size_t n);

/**
 * The board positions under r are played on: the board of r->board, with
 * the points that r's switches add (the mountains of `mountain=shelter`).
 * Built on first use, read-only, shared; never NULL.
 */
const junqi_board *junqi_rules_board(const junqi_rules *r);

/** Look up a named rule set by its bare name. Returns NULL for an unknown name. */
const junqi_rules *junqi_rules_get(const char *name);

/** The default rule set of a board: `qq` (four-player) or `standard` (two-player). */
const junqi_rules *junqi_rules_default(junqi_board_kind board);

/**
 * All rule set names as a list of alternatives for messages ("qq, standard,
 * ... huqi or zuhe", junqi_i18n_alternatives). A static string of the calling
 * thread, rewritten by the next call.
 */
const char *junqi_rules_names(void);

/**
 * The names of the rule sets of one family, as junqi_rules_names() lists
 * them (formation games: "qq, standard, open or wiki"): for a tool that
 * plays only that family (junqi-match: docs/match.md). The same static
 * string of the calling thread, rewritten by the next call of either.
 */
const char *junqi_rules_family_names(junqi_family family);

/**
 * The outcome of attacker moving onto defender under rule set r
 * (rules.md, "Combat"). Neither may be JUNQI_NONE; JUNQI_UNKNOWN has no
 * defined outcome and gives JUNQI_NO_COMBAT, which callers treat as "not
 * derivable". Under r->flag_moves (huqi, docs/flip.md) an attacking flag
 * is a movable flag: it removes any ranked piece, and a bomb or a flag
 * removes it too (both removed). Which attacks are allowed at all is the
 * move rules' business (movegen.h, flip.h), not this table's.
 */
junqi_outcome junqi_combat(const junqi_rules *r, junqi_piece attacker, junqi_piece defender);

/** "move", "attacker wins", "attacker loses", "both removed". Static string. */
const char *junqi_outcome_name(junqi_outcome o);

/**
 * "dark", "double-open", "open", as JGN's Mode tag and JSON write it; marked for
 * translation (i18n.h's N_), so a sentence takes _() of it (暗棋, 双明, 明棋). Static string.
 */
const char *junqi_info_mode_name(junqi_info_mode m);

#ifdef __cplusplus
}
#endif

#endif
