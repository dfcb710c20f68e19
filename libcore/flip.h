/* SPDX-License-Identifier: MIT */
/*
 * flip.h - the flip family (翻棋, 翻翻棋, 糊棋, 组合棋): positions with
 * face-down pieces and colours, actions (flips and moves), make and unmake,
 * legal actions and why an action is illegal.
 *
 * Rules from docs/variants.md §3-§5 (the named rule sets fanqi, fanfan,
 * fanqi_wiki, huqi, zuhe; the rule-set struct's flip block says how they
 * differ) on the two-player board of board.h, with the combat table of
 * rules.c (junqi_combat); the combination pieces of zuhe (§4) are
 * flip_zuhe.c's.
 *
 * Design note. A flip position is a transparent struct beside
 * junqi_position (position.h), sharing its board, rule sets, results and
 * reasons, but not its cells: a flip game's pieces belong to colours (red,
 * blue), not seats, and a seat owns a colour only once the colour rule
 * assigns it.
 *
 *  - A point holds a cell byte: 0 when empty, else piece | colour << 4 |
 *    JUNQI_FLIP_DOWN when face down. The colour is red (0), blue (1) or, for
 *    a face-down piece whose colour nobody knows, JUNQI_NO_COLOUR (2); the
 *    piece is JUNQI_UNKNOWN for a face-down piece whose identity the record
 *    does not know. Face-down pieces belong to no one (they block, and
 *    cannot be entered or attacked, save under attack_face_down=reveal).
 *  - A point also holds a load byte: what its piece carries. zuhe's stacks
 *    carry landmines (bits 0-1), bombs (bits 2-3) and a flag (bit 4); a
 *    carry_home carrier carries the enemy flag (bit 4); a flag may lie under
 *    a piece that removed its carrier (bit 5, its colour in bit 6). What a
 *    movable piece carries is the enemy's; what an immobile leader (a
 *    leftover group of landmines and a flag) carries is its own colour's.
 *  - Everything else is a small state struct (seat to move, the colours of
 *    the seats and what the colour rule remembers, pieces removed and still
 *    face down by colour and kind, counters, the hash, the result) that an
 *    undo record copies whole, with the two points an action touches. So
 *    make/unmake is a few bytes and one struct copy, and unmake is exact.
 *  - The Zobrist hash covers cells, loads, the seat to move, the colours,
 *    the colour rule's memory and the landmines removed (the flag rules
 *    depend on them); its keys come from a fixed seed.
 *  - The counts of face-down pieces by colour and kind (pool) are public;
 *    an engine draws a flip's identity from them (flip_search.h), and
 *    perft from the cell when the deal is known (§3.3).
 *  - After every action the end rules run in the order of §5 item 2, so a
 *    position is always settled: result.status says whether it is over.
 */
#ifndef JUNQI_FLIP_H
#define JUNQI_FLIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "diag.h"
#include "perft.h"
#include "piece.h"
#include "position.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A colour of the flip family. */
typedef enum junqi_colour {
    JUNQI_RED = 0,
    JUNQI_BLUE = 1,
    JUNQI_NO_COLOUR = 2 /**< not assigned, or not known */
} junqi_colour;

/** Cell bits (see the design note). */
#define JUNQI_FLIP_DOWN 0x40
/** A cell: colour (a junqi_colour) and piece; OR JUNQI_FLIP_DOWN for a face-down piece. */
#define JUNQI_FLIP_CELL(colour, piece) ((uint8_t)((piece) | ((colour) << 4)))

/** The piece of a cell (JUNQI_UNKNOWN: face down, identity not known). */
static inline int junqi_flip_piece(uint8_t c) { return c & 15; }
/** The colour of a cell (JUNQI_NO_COLOUR: face down, colour not known). */
static inline int junqi_flip_colour(uint8_t c) { return (c >> 4) & 3; }
/** True if the cell holds a face-down piece. */
static inline bool junqi_flip_down(uint8_t c) { return (c & JUNQI_FLIP_DOWN) != 0; }
/** The cell turned face up (its identity, which must be known). */
static inline uint8_t junqi_flip_up(uint8_t c) { return (uint8_t)(c & 0x3F); }

/** Load bits (see the design note). */
#define JUNQI_LOAD_MINES(l) ((l) & 3)
#define JUNQI_LOAD_BOMBS(l) (((l) >> 2) & 3)
#define JUNQI_LOAD_MINE 0x01
#define JUNQI_LOAD_BOMB 0x04
#define JUNQI_LOAD_FLAG 0x10        /**< carries a flag */
#define JUNQI_LOAD_GROUND 0x20      /**< a flag lies under the piece */
#define JUNQI_LOAD_GROUND_BLUE 0x40 /**< ... and that flag is blue */
/** The load of a carried stack (mines, bombs, flag), without the ground flag. */
#define JUNQI_LOAD_CARRIED(l) ((l) & 0x1F)

/**
 * What a load carries as rank symbols, landmines then bombs then the flag
 * ("LLF", "BB", "" for none), into out (8 bytes). Returns the length.
 */
int junqi_flip_load_symbols(uint8_t load, char out[8]);

/** The colour not c (JUNQI_NO_COLOUR stays). */
static inline int junqi_colour_other(int c) { return c < 2 ? c ^ 1 : c; }

/**
 * zuhe's fifth combat outcome beside junqi_outcome's four: the target joins
 * the attacking stack (variants.md §4, written `+`). Item outcomes
 * (game.h) hold it as they hold the others.
 */
#define JUNQI_ABSORBS 4

/** The record tokens' separator of each outcome (docs/jgn.md §6), indexed by outcome: move, win, loss, trade, absorb. */
#define JUNQI_FLIP_SEPARATORS "-><=+"

/**
 * "move", "attacker wins", …, "absorbs": junqi_outcome_name() with zuhe's absorb, each marked for
 * translation (i18n.h's N_): a sentence takes _() of it. Static string.
 */
const char *junqi_flip_outcome_name(int outcome);

/** Room an action list needs: more than any flip position can have. */
#define JUNQI_MAX_ACTIONS 512

/** What an action is. */
typedef enum junqi_action_kind {
    JUNQI_ACT_MOVE = 0, /**< a face-up piece (or stack) moves, perhaps attacking */
    JUNQI_ACT_FLIP = 1  /**< a face-down piece is turned face up */
} junqi_action_kind;

/** zuhe's `part` value for "the whole stack moves". */
#define JUNQI_PART_ALL 0xFF

/** An action. Compare with junqi_action_equal(). */
typedef struct junqi_action {
    uint8_t kind;  /**< a junqi_action_kind */
    uint8_t from;  /**< the moving piece's point; a flip: the point flipped */
    uint8_t to;    /**< the target point; a flip: the point flipped */
    uint8_t part;  /**< zuhe: JUNQI_PART_ALL, or the load that moves with the leader */
    bool drop;     /**< carry_home: the carrier sets the flag down on `from` as it leaves */
} junqi_action;

/** True if a and b are the same action. */
bool junqi_action_equal(junqi_action a, junqi_action b);

/** An action of kind k from one point to another: the whole stack, no flag set down. */
static inline junqi_action junqi_action_make(junqi_action_kind k, int from, int to)
{
    junqi_action a;
    a.kind = (uint8_t)k;
    a.from = (uint8_t)from;
    a.to = (uint8_t)to;
    a.part = JUNQI_PART_ALL;
    a.drop = false;
    return a;
}

/** A flip of point p. */
static inline junqi_action junqi_action_flip(int p)
{
    return junqi_action_make(JUNQI_ACT_FLIP, p, p);
}

/** A whole move from one point to another. */
static inline junqi_action junqi_action_move(int from, int to)
{
    return junqi_action_make(JUNQI_ACT_MOVE, from, to);
}

/** Everything of a flip position but its points: what an undo record copies. */
typedef struct junqi_flip_state {
    uint8_t to_move;                 /**< a seat; JUNQI_NO_SEAT once the game is over */
    uint8_t colour[JUNQI_SEATS];     /**< each seat's colour, or JUNQI_NO_COLOUR */
    /* what the colour rule remembers while no colour is assigned (cleared once one is) */
    uint8_t first_flipper;           /**< the seat of the game's first flip; JUNQI_NO_SEAT */
    uint8_t first_colour;            /**< the colour that flip showed */
    uint8_t last_flipper;            /**< the seat of the latest flip; JUNQI_NO_SEAT */
    uint8_t last_colour[JUNQI_SEATS]; /**< each seat's latest flip's colour; JUNQI_NO_COLOUR */
    uint8_t down;                    /**< face-down pieces on the board */
    uint8_t removed[2][JUNQI_PIECE_KINDS]; /**< pieces removed from the game, by colour and kind */
    uint8_t pool[2][JUNQI_PIECE_KINDS];    /**< face-down pieces, by colour and kind (public) */
    uint16_t quiet;                  /**< consecutive actions without a piece removed */
    uint32_t moves;                  /**< actions since the start (the ply) */
    uint64_t hash;                   /**< Zobrist hash (see the design note) */
    junqi_result result;
} junqi_flip_state;

/** A flip position; see the design note. Copy it freely (no pointers to free). */
typedef struct junqi_flip {
    const junqi_board *board;        /**< the two-player board; shared, read-only */
    const junqi_rules *rules;        /**< a flip rule set (rules->flip); shared, read-only */
    uint8_t cell[JUNQI_MAX_POINTS];
    uint8_t load[JUNQI_MAX_POINTS];
    junqi_flip_state st;
} junqi_flip;

/** What make changed; filled by junqi_flip_make(), read by junqi_flip_unmake(). */
typedef struct junqi_flip_undo {
    junqi_action action;
    uint8_t point[2];                /**< the points touched (JUNQI_NO_POINT: none) */
    uint8_t cell[2], load[2];        /**< what they held */
    uint8_t outcome;                 /**< the junqi_outcome applied (moves) */
    uint8_t shown;                   /**< the face-up cell a flip or a revealing attack showed */
    uint8_t taker;                   /**< the seat that took its colour by this action (the
                                          colour event's seat), or JUNQI_NO_SEAT */
    junqi_flip_state st;
} junqi_flip_undo;

/**
 * Start a flip game under rule set r (r->flip; board two-player): south and
 * north take part, south moves first (junqi_flip_set_turn() for the record's
 * First), seats get their colours when r->colour_assign is fixed, nothing
 * is removed. deal[p] is the face-up cell dealt on point p (JUNQI_FLIP_CELL
 * of a colour and a piece; 0 on the camps), every piece of it placed face
 * down; NULL deals 50 face-down pieces of unknown identity (and unknown
 * colour) on the 50 points that are not camps (§3 "Deal"). The deal is not
 * checked here (junqi_flip_deal_check). Cannot fail.
 */
void junqi_flip_init(junqi_flip *pos, const junqi_rules *r, const uint8_t *deal);

/**
 * Start an empty flip position (no pieces, nothing removed, pools empty,
 * colours as the rule set starts them) for a caller that places pieces with
 * junqi_flip_put() and then calls junqi_flip_settle() (position notation).
 */
void junqi_flip_clear(junqi_flip *pos, const junqi_rules *r);

/** Put cell c and load l on point p, keeping the hash (not the pools: see junqi_flip_settle). */
void junqi_flip_put(junqi_flip *pos, int p, uint8_t c, uint8_t l);

/**
 * After placing pieces and setting the removed counts: recompute the pools
 * (face-down counts by colour and kind: the army less what is face up and
 * what is removed), the face-down count and the hash. Returns false when
 * they do not add up: more of a colour's kind on the board and removed
 * than its army has (rules.md), face-down pieces of a kind or colour the
 * pool lacks, or a pool that is not exactly the face-down pieces.
 */
bool junqi_flip_settle(junqi_flip *pos);

/**
 * Why junqi_flip_settle() refuses pos, for a message: the first kind of
 * piece (red then blue, marshal down to flag) that the pieces face up, face
 * down with a known identity and removed give a colour more of than an army
 * has, or fewer when no face-down piece of that colour (nor of unknown
 * colour) may be one: "red's marshal: 2, where an army has 1", translated,
 * into msg (n bytes). False, msg empty, when no single kind is to blame (the
 * face-down pieces of unknown identity are more than the pieces left).
 */
bool junqi_flip_army_problem(const junqi_flip *pos, char *msg, size_t n);

/** Make seat s (south or north) the seat to move, keeping the hash. */
void junqi_flip_set_turn(junqi_flip *pos, junqi_seat s);

/** The other seat of the game (south ↔ north). */
static inline int junqi_flip_opponent(int s) { return s == JUNQI_SOUTH ? JUNQI_NORTH : JUNQI_SOUTH; }

/** True if the game is over. */
static inline bool junqi_flip_over(const junqi_flip *pos)
{
    return pos->st.result.status != JUNQI_ONGOING;
}

/** The seat that owns colour c, or JUNQI_NO_SEAT while it is unassigned. */
int junqi_flip_seat_of(const junqi_flip *pos, int colour);

/**
 * Play action a (legal: see junqi_flip_check) and fill *u for
 * junqi_flip_unmake(). `shown` is the face-up cell a flip (or an attack on a
 * face-down piece) shows: 0 takes the cell's own identity, which must then
 * be known; a chance node or a record passes the identity it shows (a cell
 * of the right colour when the colour is known, and a piece still in the
 * pool). Then the colour rule, the counters and the end rules of §5 item 2
 * apply, and the turn passes.
 */
void junqi_flip_make(junqi_flip *pos, junqi_action a, uint8_t shown, junqi_flip_undo *u);

/** Undo the last make (or pass, or end) recorded in *u (last in, first out). */
void junqi_flip_unmake(junqi_flip *pos, const junqi_flip_undo *u);

/** The seat to move passes (a timeout); fills *u. */
void junqi_flip_pass(junqi_flip *pos, junqi_flip_undo *u);

/**
 * End the game: status with the winning seat mask (DECIDED) and reason;
 * fills *u so that it can be undone.
 */
void junqi_flip_end(junqi_flip *pos, junqi_status status, unsigned winners, junqi_reason reason,
                    junqi_flip_undo *u);

/** The outcome the rules give if the piece on a.from attacks a.to showing `shown` there. */
junqi_outcome junqi_flip_outcome(const junqi_flip *pos, junqi_action a, uint8_t shown);

/** The hash computed from scratch (tests compare it with pos->st.hash). */
uint64_t junqi_flip_hash(const junqi_flip *pos);

/**
 * True if the position's face-down identities are all known (perft needs
 * it, §3.3): no cell holds JUNQI_UNKNOWN.
 */
bool junqi_flip_identities_known(const junqi_flip *pos);

/**
 * The position as the game's players see it: every face-down piece's
 * identity becomes unknown, and its colour too unless the backs show it
 * (rules->backs_show_colour). Writes *out (which may alias pos); the hash is
 * recomputed. The pools are unchanged: the counts are public.
 */
void junqi_flip_view(junqi_flip *out, const junqi_flip *pos);

/**
 * True if colour c has no movable piece left (ranks, engineers, bombs, and
 * a movable flag under flag_moves): on the board face up (leading a group),
 * or face down (§5 items 1 and 3).
 */
bool junqi_flip_all_movable_lost(const junqi_flip *pos, int colour);

/** True if a face-up flag of colour c moves now (huqi: c's seat removed all enemy landmines). */
bool junqi_flip_flag_moves(const junqi_flip *pos, int colour);

/**
 * May the face-up piece `a` attack the face-up flag of colour flag_colour
 * now, under the flag rules (§3 flag_taker, §5 items 4 and 12)? False while
 * a landmine of that colour remains, or when a is not a piece the taker rule
 * allows. *smallest (may be NULL) gets the lowest face-up rank of a's colour
 * (0: none), what flag_taker=smallest asks for.
 */
bool junqi_flip_may_take_flag(const junqi_flip *pos, uint8_t a, int flag_colour, int *smallest);

/* ---- legal actions (flip_gen.c) ---- */

/** How a piece travels (flip_gen.c's reach). */
typedef enum junqi_reach_style {
    JUNQI_REACH_STEP,   /**< one road or railway step */
    JUNQI_REACH_RUNS,   /**< one step, or any distance along one straight railway line */
    JUNQI_REACH_FLIGHT  /**< one step, or any railway path through empty points (an engineer) */
} junqi_reach_style;

/**
 * The points a piece on p reaches travelling in `style`: every empty point
 * on its way, and every occupied point that ends a way (a possible attack;
 * the caller decides). Written to out[] (room for JUNQI_MAX_POINTS) without
 * repeats; returns the count.
 */
int junqi_flip_reach(const junqi_flip *pos, int p, junqi_reach_style style, uint8_t *out);

/**
 * Normalise an action read from a record to the form the generator gives:
 * a carrier's attack sets its flag down (drop), and a zuhe part that is
 * the whole load is JUNQI_PART_ALL.
 */
junqi_action junqi_flip_normalize(const junqi_flip *pos, junqi_action a);

/**
 * Write the legal actions of the seat to move into out[] (room for
 * JUNQI_MAX_ACTIONS) and return how many there are; 0 when the game is over.
 * Flips first (by point), then moves (by from-point). A flip's outcome is
 * not part of the action.
 */
int junqi_flip_generate(const junqi_flip *pos, junqi_action *out);

/** True if seat s has a legal action (flips count) were it to move. */
bool junqi_flip_can_act(const junqi_flip *pos, int s);

/** Why an action is illegal. Each has a diagnostic code (junqi_flip_illegal_code). */
typedef enum junqi_flip_illegal {
    JUNQI_FLIP_LEGAL = 0,
    JUNQI_FLIP_GAME_OVER,       /**< after-game-end */
    JUNQI_FLIP_NO_PIECE,        /**< no-piece: nothing stands on the point */
    JUNQI_FLIP_FACE_UP,         /**< face-up: a flip of a piece already face up */
    JUNQI_FLIP_NO_COLOUR,       /**< no-colour: a seat without a colour may only flip */
    JUNQI_FLIP_FACE_DOWN,       /**< face-down: a face-down piece is moved */
    JUNQI_FLIP_NOT_TURN,        /**< not-its-turn: the piece is the other seat's */
    JUNQI_FLIP_IMMOBILE,        /**< immobile-piece */
    JUNQI_FLIP_SAME_POINT,      /**< no-move */
    JUNQI_FLIP_OWN_PIECE,       /**< own-piece */
    JUNQI_FLIP_ATTACK_DOWN,     /**< attack-face-down: the target is face down */
    JUNQI_FLIP_CAMP,            /**< camp-attack */
    JUNQI_FLIP_LOSING_ATTACK,   /**< losing-attack: onto a higher face-up rank */
    JUNQI_FLIP_LANDMINE,        /**< landmine-attack: only engineers and bombs */
    JUNQI_FLIP_FLAG_GUARDED,    /**< flag-guarded: landmines of its colour remain */
    JUNQI_FLIP_FLAG_TAKER,      /**< flag-taker: this piece may not take the flag */
    JUNQI_FLIP_NO_SUCH_ATTACK,  /**< no-such-attack: zuhe's table has no such attack */
    JUNQI_FLIP_BOMB_CAMP,       /**< bomb-camp: zuhe, a bomb may not enter a camp */
    JUNQI_FLIP_BAD_PART,        /**< bad-part: zuhe, the stack does not hold that part */
    JUNQI_FLIP_SPLIT_IN_CAMP,   /**< split-in-camp: zuhe, a stack in a camp moves whole */
    JUNQI_FLIP_BAD_DROP,        /**< bad-drop: nothing to set down, or a drop where none fits */
    JUNQI_FLIP_ONE_STEP,        /**< one-step: zuhe, this piece moves one step at a time */
    JUNQI_FLIP_RAIL_TURN,       /**< rail-turn (at .at) */
    JUNQI_FLIP_RAIL_BLOCKED,    /**< rail-blocked (at .at) */
    JUNQI_FLIP_NOT_CONNECTED    /**< not-connected */
} junqi_flip_illegal;

/** Details of an illegal action. */
typedef struct junqi_flip_check {
    junqi_flip_illegal code;
    uint8_t at;     /**< the turning or blocking point, or JUNQI_NO_POINT */
    uint8_t count;  /**< flag-guarded: landmines left; flag-taker: the smallest rank */
} junqi_flip_check;

/**
 * Check action a for the seat to move: JUNQI_FLIP_LEGAL, or the first
 * reason it is illegal with its details in *check (check may be NULL).
 * Points must be on the board. Legal here means generated by
 * junqi_flip_generate(), and conversely.
 */
junqi_flip_illegal junqi_flip_check_action(const junqi_flip *pos, junqi_action a,
                                           junqi_flip_check *check);

/**
 * A one-line English explanation of an illegal action for diagnostics, e.g.
 * "a captain may not attack the face-up general on c7", "the flag on b12
 * cannot be taken while blue has 1 landmine", "north has no colour yet and
 * may only flip"; written into buf (n bytes, always NUL-terminated).
 * Returns buf.
 */
char *junqi_flip_describe(const junqi_flip *pos, junqi_action a, const junqi_flip_check *check,
                          char *buf, size_t n);

/** The diagnostic code of a reason (JUNQI_CODE_LOSING_ATTACK, …; diag.h's table). */
junqi_code junqi_flip_illegal_code(junqi_flip_illegal code);

/**
 * JUNQI_FLIP_LEGAL if the piece on `from` travelling in `style` reaches
 * `to` (as junqi_flip_reach says), else why not: JUNQI_FLIP_RAIL_BLOCKED
 * (the blocking point in *at, when one straight line leads there),
 * JUNQI_FLIP_RAIL_TURN (a non-engineer would turn; the corner in *at when
 * one turn would do), JUNQI_FLIP_NOT_CONNECTED.
 */
junqi_flip_illegal junqi_flip_reach_check(const junqi_flip *pos, int from, int to, junqi_reach_style style,
                                          uint8_t *at);

/* ---- perft (flip_perft.c; docs/flip.md "perft") ---- */

/**
 * The number of action sequences of length depth (>= 0) from pos, whose
 * face-down identities must be known (junqi_flip_identities_known): a flip
 * shows the cell's piece. A finished game has no actions, so an action that
 * ends the game is a leaf. pos is changed during the count and restored.
 * The last ply is counted in bulk.
 */
uint64_t junqi_flip_perft(junqi_flip *pos, int depth);

/**
 * junqi_flip_perft() that stop (NULL: none) may end early, as
 * junqi_perft_stoppable() (perft.h) does: then stop->stopped is set, pos
 * is restored and the count returned is partial and means nothing.
 */
uint64_t junqi_flip_perft_stoppable(junqi_flip *pos, int depth, junqi_perft_stop *stop);

/**
 * perft split by first action (depth >= 1): fills actions[] (room for
 * JUNQI_MAX_ACTIONS) and counts[] (perft depth-1 after each) and returns
 * the number of first actions.
 */
int junqi_flip_perft_divide(junqi_flip *pos, int depth, junqi_action *actions, uint64_t *counts);

/**
 * junqi_flip_perft_divide() that stop (NULL: none) may end early: then
 * stop->stopped is set and counts[] (all of them written) mean nothing.
 */
int junqi_flip_perft_divide_stoppable(junqi_flip *pos, int depth, junqi_action *actions, uint64_t *counts,
                                      junqi_perft_stop *stop);

/* ---- zuhe (flip_zuhe.c): combination pieces, docs/variants.md §4 ---- */

/** What an action did, for the end rules (flip.c; junqi_zuhe_apply's result). */
enum {
    JUNQI_DID_REMOVE = 1,       /**< a piece left the game */
    JUNQI_DID_TAKE_FLAG = 2,    /**< a flag was captured (a win) */
    JUNQI_DID_CHANGE_GROUPS = 4 /**< pieces changed hands (zuhe absorbs and leaves behind) */
};

/**
 * zuhe: the outcome of what moves from a.from (the stack, or its part
 * a.part) attacking the face-up group on a.to: JUNQI_ATTACKER_WINS (kill,
 * or spend: an explosive is spent), JUNQI_BOTH_REMOVED, JUNQI_ABSORBS; -1
 * when §4's table has no such attack.
 */
int junqi_zuhe_outcome(const junqi_flip *pos, junqi_action a);

/** zuhe: append the legal moves of the face-up group on p to out[]; returns how many. */
int junqi_zuhe_generate_from(const junqi_flip *pos, int p, junqi_action *out);

/** zuhe: check a move (not a flip); as junqi_flip_check_action. */
junqi_flip_illegal junqi_zuhe_check(const junqi_flip *pos, junqi_action a, junqi_flip_check *check);

/**
 * zuhe: apply a legal move (flip.c's make calls it): the stack or its part
 * moves, combat by §4's table, what stays behind keeps its own leader.
 * Returns JUNQI_DID_* bits.
 */
int junqi_zuhe_apply(junqi_flip *pos, junqi_action a, junqi_flip_undo *u);

/** "red", "blue" or "none". Static string. */
const char *junqi_colour_name(int colour);

#ifdef __cplusplus
}
#endif

#endif
