/* SPDX-License-Identifier: MIT */
/*
 * position.h - a game position: pieces on points, whose turn it is, the
 * no-combat counter, eliminated seats and the result; make and unmake.
 *
 * Design note: junqi_position is a transparent struct (as in chess engines)
 * so that the move generator and the search read it directly. A point holds
 * one byte, a "cell": 0 when empty, else piece | seat << 4. Make records
 * what it changes in a small junqi_undo, and unmake puts it back. An
 * elimination removes a whole army at once; rather than record 25 pieces in
 * every undo, the position keeps a stack of at most four board snapshots
 * (each seat is eliminated at most once), and an undo remembers how deep the
 * stack was. The Zobrist hash covers the cells and the seat to move; its
 * keys come from a fixed seed, so hashes are the same in every run.
 *
 * Rules from docs/rules.md: combat through junqi_combat(), a
 * captured flag eliminates its seat, turn order skips seats that are out,
 * the no-combat draw, and "a team loses when both its seats are out".
 */
#ifndef JUNQI_POSITION_H
#define JUNQI_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "piece.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A cell value: 0 = empty, else JUNQI_CELL(seat, piece). */
#define JUNQI_CELL(seat, piece) ((uint8_t)((piece) | ((seat) << 4)))
#define JUNQI_CELL_PIECE(c) ((int)((c) & 15))
#define JUNQI_CELL_SEAT(c) ((int)((c) >> 4))

/** A move: from one point to another (points of the position's board). */
typedef struct junqi_move {
    uint8_t from, to;
} junqi_move;

/** Why a seat left the game, or how a game ended. */
typedef enum junqi_reason {
    JUNQI_REASON_NONE = 0,
    JUNQI_REASON_FLAG_CAPTURED,
    JUNQI_REASON_NO_MOVABLE_PIECE,
    JUNQI_REASON_TIMEOUTS,
    JUNQI_REASON_SURRENDER,
    JUNQI_REASON_LEFT,
    JUNQI_REASON_NO_COMBAT_DRAW,
    JUNQI_REASON_AGREED_DRAW,
    JUNQI_REASON_FLED,
    JUNQI_REASON_UNKNOWN_CODE, /**< a platform code we cannot interpret (kept in .code) */
    JUNQI_REASON_PLY_LIMIT,    /**< flip games: the move_limit draw (docs/variants.md §3.1) */
    JUNQI_REASON_ALL_MOVABLE_LOST, /**< flip games: a colour lost every movable piece (§5) */
    JUNQI_REASON_ADJUDICATED,  /**< a match runner ended the game, no rule did (junqi-match
                                    --max-moves: a draw at its move limit; docs/match.md) */
    JUNQI_REASON_COUNT         /**< number of reasons */
} junqi_reason;

/** State of the game. */
typedef enum junqi_status {
    JUNQI_ONGOING = 0,
    JUNQI_DECIDED,  /**< one side is left: .winners says which */
    JUNQI_DRAWN,
    JUNQI_UNDECIDED /**< ended with no winner and no draw (a seat fled, an unknown code) */
} junqi_status;

/** The result of a game. */
typedef struct junqi_result {
    uint8_t status;  /**< a junqi_status */
    uint8_t winners; /**< seat mask of the winning side when decided, else 0 */
    uint8_t reason;  /**< a junqi_reason: why the game ended (the deciding elimination) */
    uint8_t code;    /**< the platform's end code, with JUNQI_REASON_UNKNOWN_CODE */
} junqi_result;

/** Position; see the design note above. Copy it freely (no pointers to free). */
typedef struct junqi_position {
    const junqi_board *board;      /**< shared, read-only */
    const junqi_rules *rules;      /**< shared, read-only */
    uint8_t cell[JUNQI_MAX_POINTS];
    uint8_t to_move;               /**< a junqi_seat; JUNQI_NO_SEAT once the game is over */
    uint8_t present;               /**< mask of seats that took part */
    uint8_t alive;                 /**< mask of present seats not yet out */
    uint8_t side[JUNQI_SEATS];     /**< side[s] = mask of s and its allies */
    uint8_t out_reason[JUNQI_SEATS]; /**< a junqi_reason for each seat that is out */
    uint16_t quiet;                /**< consecutive moves without combat */
    uint32_t moves;                /**< moves played since the start (the ply) */
    uint64_t hash;                 /**< Zobrist hash of cells and seat to move */
    junqi_result result;
    uint8_t nsaved;                /**< snapshots on the elimination stack */
    uint8_t saved[JUNQI_SEATS][JUNQI_MAX_POINTS];
} junqi_position;

/** What make changed; filled by junqi_make() and friends, read by junqi_unmake(). */
typedef struct junqi_undo {
    junqi_move move;    /**< from = JUNQI_NO_POINT for a pass or an elimination */
    uint8_t moved;      /**< the cell that stood on move.from */
    uint8_t captured;   /**< the cell that stood on move.to */
    uint8_t to_move, alive, nsaved;
    uint8_t outcome;    /**< the junqi_outcome applied */
    uint16_t quiet;
    uint64_t hash;
    junqi_result result;
} junqi_undo;

/**
 * Start an empty position on board b under rule set r, with the seats of
 * mask `present` taking part. Sides: with exactly two seats present they are
 * enemies (two-player games, on either board); otherwise opposite seats are
 * partners (rules.md). The seat to move is the first present seat in turn
 * order from r->first_seat. Place pieces with junqi_position_put() or
 * junqi_position_place_setup(). Cannot fail.
 */
void junqi_position_init(junqi_position *pos, const junqi_board *b, const junqi_rules *r,
                         unsigned present);

/** Put cell value c (0 to clear) on point p, keeping the hash. */
void junqi_position_put(junqi_position *pos, int p, uint8_t c);

/**
 * Place seat s's 30-point layout on its arm: layout[row-1][col-1] in the
 * owner's frame (row 1 = front, col 1 = owner's left), JUNQI_NONE for empty
 * points. Does not check the setup rules (see setup.h). The board must have
 * an arm for s.
 */
void junqi_position_place_setup(junqi_position *pos, junqi_seat s, const uint8_t layout[6][5]);

/** The seat after s in turn order among the seats in mask `among`; JUNQI_NO_SEAT if none. */
junqi_seat junqi_position_next_seat(const junqi_position *pos, junqi_seat s, unsigned among);

/** Make seat s (a live seat of the game) the seat to move, keeping the hash. */
void junqi_position_set_turn(junqi_position *pos, junqi_seat s);

/** True if seat a may not attack seat b (b is a itself or a's ally). */
static inline bool junqi_position_friendly(const junqi_position *pos, int a, int b)
{
    return (pos->side[a] >> b) & 1;
}

/**
 * The no-combat count after a move (or a flip game's action): 0 after
 * combat (reset), else one more, up to 65535, where it stays: the count is
 * 16 bits, and no rule set's draw (no_combat_draw, at most 65535) comes later.
 */
static inline uint16_t junqi_quiet_after(uint16_t quiet, bool reset)
{
    return reset ? 0 : quiet < UINT16_MAX ? (uint16_t)(quiet + 1) : UINT16_MAX;
}

/** True if the game is over (decided, drawn or undecided). */
static inline bool junqi_position_over(const junqi_position *pos)
{
    return pos->result.status != JUNQI_ONGOING;
}

/**
 * Play move m with the given combat outcome (JUNQI_NO_COMBAT when m.to is
 * empty; use junqi_make() to let the rules decide). The piece on m.from
 * moves; the caller guarantees the move is legal (see movegen.h). Then: a
 * captured flag eliminates its seat; the game ends when one side is left, or
 * in a draw after rules->no_combat_draw moves without combat; otherwise the
 * turn passes to the next live seat after the mover. Fills *u for
 * junqi_unmake().
 */
void junqi_make_outcome(junqi_position *pos, junqi_move m, junqi_outcome o, junqi_undo *u);

/** junqi_make_outcome() with the outcome the rule set gives for the two pieces. */
void junqi_make(junqi_position *pos, junqi_move m, junqi_undo *u);

/** The outcome the rules give if the piece on m.from moves to m.to now. */
junqi_outcome junqi_move_outcome(const junqi_position *pos, junqi_move m);

/**
 * Remove seat s from the game for `reason` (all its pieces leave the board).
 * If s was to move, the turn passes on; the result is updated. Does nothing
 * (but still fills *u) if s is already out. Undo with junqi_unmake().
 */
void junqi_position_eliminate(junqi_position *pos, junqi_seat s, junqi_reason reason,
                              junqi_undo *u);

/** The seat to move passes its turn (a timeout). Undo with junqi_unmake(). */
void junqi_position_pass(junqi_position *pos, junqi_undo *u);

/** Undo the last make, elimination or pass recorded in *u (last in, first out). */
void junqi_unmake(junqi_position *pos, const junqi_undo *u);

/** End the game with the given status and reason (platform end events, agreed draws). */
void junqi_position_end(junqi_position *pos, junqi_status status, junqi_reason reason,
                        uint8_t code);

/** The hash computed from scratch (tests compare it with pos->hash). */
uint64_t junqi_position_hash(const junqi_position *pos);

/**
 * Whether every piece on the board is known: no JUNQI_UNKNOWN piece, as a
 * seat's view of a dark game has (junqi_position_view). Counting moves
 * (perft.h) needs a complete position.
 */
bool junqi_position_complete(const junqi_position *pos);

/**
 * Whether every piece of the seats in `seats` (a mask of JUNQI_SEAT_BIT) is
 * known: no JUNQI_UNKNOWN piece of theirs. In a seat's view a seat's own
 * pieces are known, so its moves can be judged with what it knew
 * (docs/annotation.md, "Whose knowledge").
 */
bool junqi_position_shows(const junqi_position *pos, unsigned seats);

/** Name of a reason ("flag captured", "no movable piece", …). Static string. */
const char *junqi_reason_name(junqi_reason r);

/** Machine name of a reason ("flag_captured", …) for JSON and codes. Static string. */
const char *junqi_reason_id(junqi_reason r);

/**
 * The text of a result: the winning team "north-south" / "east-west" (or,
 * when `present` holds two seats, the winning seat), "draw", "undecided",
 * or "*" for a game not over, as JGN's Result writes it. Each but "*" is
 * marked for translation (i18n.h's N_): a sentence takes _() of it. Static string.
 */
const char *junqi_result_text(const junqi_result *r, unsigned present);

/** Number of seats present in the game. */
int junqi_position_players(const junqi_position *pos);

/**
 * True if seat s's flag is shown to everyone: its marshal is dead and the
 * rule set reveals the flag then (rules.md: "When a marshal dies, its
 * owner's flag is shown to everyone"). Derived from the position: s is in
 * the game and has no marshal on the board; when some of s's pieces are
 * JUNQI_UNKNOWN (a seat's view of another seat), its flag is shown exactly
 * when its flag stands known on the board, which is how a one-seat record
 * shows it (a `flag:SQ` event, replay.h), never by the absence of a known
 * marshal.
 */
bool junqi_flag_revealed(const junqi_position *pos, int s);

/**
 * The position as `seat` sees it under information mode `mode`: pieces the
 * seat cannot know become JUNQI_UNKNOWN (dark: every other seat's, partner
 * included; double-open: the enemies'; open: none), except revealed flags.
 * Writes *out (which may not alias pos). The hash is recomputed.
 */
void junqi_position_view(junqi_position *out, const junqi_position *pos, int seat,
                         junqi_info_mode mode);

#ifdef __cplusplus
}
#endif

#endif
