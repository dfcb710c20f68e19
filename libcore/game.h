/* SPDX-License-Identifier: MIT */
/*
 * game.h - the in-memory game record that every reader produces and every
 * writer consumes: tags, seats with players and setups, the items (moves with
 * their outcomes, and events), comments, and the recorded result.
 *
 * Design note: a record is a flat list of items in the order they happened.
 * A move item is one ply; the events between moves (a timeout, an
 * elimination, a seat leaving, the end of the game) are items of their own,
 * so "the position after N moves with every event before move N+1 applied"
 * (docs/conventions.md) is a prefix of the list. Each item keeps where it
 * came from (byte offset and record index for QQ files, line and column for
 * text) so that checks can say where a problem is. The record stores what
 * the source says, not what the rules derive: replay.h checks one against
 * the other. Flip games (docs/variants.md §3) use the same record: a flip is
 * a move item (it counts as a move) marked `flip`, with what it showed; the
 * colour events, a flag set down and a stack's moving part are fields of the
 * action they follow, as flag:SQ is; the deal is the game's, as setups are;
 * flip_replay.h checks them.
 */
#ifndef JUNQI_GAME_H
#define JUNQI_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "diag.h"
#include "piece.h"
#include "position.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What an item is. */
typedef enum junqi_item_kind {
    JUNQI_ITEM_MOVE = 0,   /**< a move (one ply) */
    JUNQI_ITEM_TIMEOUT,    /**< .seat ran out of time; its turn passes */
    JUNQI_ITEM_ELIMINATED, /**< .seat is out for .reason; its pieces leave the board */
    JUNQI_ITEM_LEFT,       /**< .seat left the game; its pieces leave the board */
    JUNQI_ITEM_END         /**< the game is over: .status, .reason, .code */
} junqi_item_kind;

/** Most numeric annotation glyphs one move carries. */
#define JUNQI_MAX_NAGS 4

/** Whether NAG `nag` assesses the move ($1 to $6: !, ?, !!, ??, !?, ?!, PGN's move assessments,
 *  which JGN writes as glyphs after the move, docs/jgn.md §3); a move has one at most. */
static inline bool junqi_nag_assesses_move(int nag)
{
    return nag >= 1 && nag <= 6;
}

typedef struct junqi_line junqi_line;

/** One item of a record. */
typedef struct junqi_item {
    uint8_t kind;          /**< a junqi_item_kind */
    uint8_t seat;          /**< the mover, or the seat an event concerns; JUNQI_NO_SEAT */
    junqi_move move;       /**< moves: the points */
    uint8_t outcome;       /**< moves: the recorded junqi_outcome */
    bool outcome_known;    /**< moves: false if the record does not say */
    uint8_t next_seat;     /**< the seat the source says moves next, or JUNQI_NO_SEAT */
    uint8_t reason;        /**< ELIMINATED and END: a junqi_reason */
    uint8_t status;        /**< END: the junqi_status the source claims */
    uint8_t winners;       /**< END: seat mask of the winning side the source claims, or 0 */
    uint8_t code;          /**< the platform's raw reason or end code (kept for unknown ones) */
    uint8_t count;         /**< TIMEOUT: the seat's timeouts so far, as recorded (0: unknown) */
    uint8_t flag_shown[2]; /**< moves: the points of the flags the source shows because a
                                marshal died in this combat (in any order); JUNQI_NO_POINT */
    uint8_t shown_piece;   /**< moves: the junqi_piece the source says the move showed to every
                                seat (engineer_scout, reveal_on_combat; docs/variants.md), or
                                JUNQI_NONE: the source says none */
    uint8_t shown_point;   /**< ... on this point (the move's target), when shown_piece is set */
    int8_t defender_marshal_died; /**< moves: the source's marker that the defender's marshal
                                       died: 1 yes, 0 no, -1 the source has no such marker */
    uint8_t nags[JUNQI_MAX_NAGS]; /**< moves: numeric annotation glyphs ($1 = !, $2 = ?, $3 = !!,
                                       $4 = ??, $5 = !?, $6 = ?!), in the order given */
    uint8_t nnags;
    junqi_line *variations; /**< moves: alternatives to this move, each played from the
                                 position before it; owned */
    size_t nvariations;
    junqi_loc loc;         /**< where the item is in its source */
    /* flip games (docs/variants.md §3.1; flip.h); all zero for other games */
    bool flip;             /**< the action is a flip of move.from (== move.to) */
    uint8_t shown;         /**< what the flip, or an attack on a face-down piece, showed: a
                                face-up flip cell (colour and piece); 0: not said */
    uint8_t colour_event;  /**< JUNQI_COLOUR_EVENT(seat, colour) when the action assigned the
                                colours (colour:SEAT:COLOUR), else 0 */
    bool drop;             /**< carry_home: the carried flag is set down on move.from */
    uint8_t part;          /**< zuhe: 0 the whole stack moves, else JUNQI_ITEM_PART | the load
                                that moves with the leader (flip.h load bits) */
    uint8_t part_leader;   /**< zuhe, with part: the leading piece the record names */
} junqi_item;

/** An item's colour event: seat took colour (flip.h junqi_colour). */
#define JUNQI_COLOUR_EVENT(seat, colour) ((uint8_t)(0x80 | (seat) << 1 | (colour)))
#define JUNQI_COLOUR_EVENT_SEAT(e) (((e) >> 1) & 3)
#define JUNQI_COLOUR_EVENT_COLOUR(e) ((e) & 1)
/** The flag of an item's part field: a part of the stack moves. */
#define JUNQI_ITEM_PART 0x80

/**
 * A move item's squares as a record writes them (docs/jgn.md §3, §6), into
 * buf (8 bytes, NUL-terminated; the longest is "q17>q16"): joined by its
 * recorded outcome's sign (JUNQI_FLIP_SEPARATORS, flip.h: '-' a move, '>'
 * the attacker wins, '<' it loses, '=' both removed, '+' absorbs), or 'x'
 * when the record does not say ("h5>h6"); a flip is "c8^". What a flip
 * action's token writes after it (the piece shown, a part) is not included:
 * formats/jgn_flip.c adds it. Messages name a move so, as the user wrote
 * it. Returns buf.
 */
char *junqi_item_move_text(const junqi_board *b, const junqi_item *it, char buf[8]);

/**
 * A comment, shown before item `before` of its line (== nitems: after the last
 * item). A comment after the last move or event of a finished game may come
 * before the END item or after it (QQ replays have both; JGN writes them on
 * either side of the result, docs/jgn.md "The result"), two places of the
 * record at one point of the game: junqi_line_through_end() says which.
 */
typedef struct junqi_comment {
    size_t before;
    char *text;      /**< UTF-8, owned by the line */
    junqi_loc loc;
} junqi_comment;

/**
 * A line of play: the main line of a game, or a variation. The arrays are
 * owned by the line and grown by junqi_line_add_item() and
 * junqi_line_add_comment() (the _cap fields: the room they have).
 */
struct junqi_line {
    junqi_item *items;
    size_t nitems, items_cap;
    junqi_comment *comments;   /**< in order of `before` */
    size_t ncomments, comments_cap;
};

/** A tag pair; name and value are UTF-8 strings owned by the game. */
typedef struct junqi_tag {
    char *name;
    char *value;
} junqi_tag;

/** What the record says about one seat. */
typedef struct junqi_seat_info {
    bool present;          /**< the seat takes part */
    bool setup_known;      /**< setup[][] holds the seat's formation */
    char *player;          /**< UTF-8 player name, owned by the game, or NULL */
    uint8_t setup[6][5];   /**< junqi_piece codes in the owner's frame (row 1 = front,
                                col 1 = owner's left); JUNQI_NONE at camps */
    junqi_loc setup_loc;   /**< where the setup is in the source (JUNQI_NOWHERE: no setup tag or field) */
} junqi_seat_info;

/**
 * What reading the next item (a record, or a formation) of an input gave:
 * the status of every streaming reader (JGN, the tools' sources).
 */
typedef enum junqi_read_status {
    JUNQI_READ_FAILED = -2, /**< the input cannot be read on (a read error, out of memory);
                                 reported, and reading stops */
    JUNQI_READ_BROKEN = -1, /**< an item was broken: its problems are reported; reading goes on */
    JUNQI_READ_END = 0,     /**< nothing is left */
    JUNQI_READ_OK = 1       /**< an item was read */
} junqi_read_status;

/**
 * A game record. Create with junqi_game_new(), free with junqi_game_free().
 * The pointers marked owned belong to the record: junqi_game_free() frees
 * them and junqi_game_copy() copies them, so a new owned field needs both.
 */
typedef struct junqi_game {
    junqi_board_kind board;
    const junqi_rules *rules;   /**< the rule set (lives as long as the process); never NULL
                                     after junqi_game_new; set it with junqi_game_set_rules() */
    junqi_info_mode info;       /**< rules->info, the information mode (kept with rules by
                                     junqi_game_set_rules()) */
    bool has_mode;              /**< the record states its mode in a tag of its own (JGN's Mode,
                                     which set info as read), as First states first: a --rules
                                     with another mode= contradicts it (the tools refuse it) */
    junqi_seat first;           /**< who moves first, or JUNQI_NO_SEAT for the rule set's */
    junqi_seat view;            /**< a one-seat record: whose view it is; JUNQI_NO_SEAT if complete */
    junqi_seat_info seat[JUNQI_SEATS];
    junqi_position *start;      /**< a record that starts from a set position (owned) instead
                                     of the setups, or NULL */
    /* flip games (rules->flip; docs/variants.md §3.1) */
    bool has_deal;              /**< deal[] holds the record's Deal tag */
    junqi_loc deal_loc;         /**< where the Deal is in the source (JUNQI_NOWHERE: none) */
    uint8_t deal[JUNQI_MAX_POINTS]; /**< the face-up cell dealt on each point (flip_deal.h) */
    struct junqi_flip *flip_start; /**< a flip record that starts from a set flip position
                                        (owned; flip.h) instead of the deal, or NULL */
    junqi_tag *tags;            /**< further tags (Event, Date, Site, unknown ones), in order */
    size_t ntags;
    junqi_line main;            /**< the moves and events as played */
    junqi_result result;        /**< the result the record states (status ONGOING: none) */
    junqi_seat saved_by;        /**< the seat whose client saved the file, or JUNQI_NO_SEAT */
    char *source;               /**< where the record came from (file name), or NULL */
    size_t source_index;        /**< 1-based: the record's place among its source's items
                                     (junqi_source_next), 0 if unknown */
} junqi_game;

/**
 * A new empty record on the given board with its default rule set and dark
 * information. Returns NULL when out of memory. Free with junqi_game_free().
 */
junqi_game *junqi_game_new(junqi_board_kind board);

/**
 * Whether rule set r (not NULL) fits record g, as junqi_game_set_rules()
 * needs: r is for g's board, and g's start position (g->start) has no piece
 * on a point r's board lacks (a mountain).
 */
bool junqi_game_rules_fit(const junqi_game *g, const junqi_rules *r);

/**
 * Whether rule set r (NULL: the record's own, which fits) can play record g.
 * When not, returns false and writes why, one translated sentence (cut to the
 * n bytes of why; NULL when n is 0) whose subject is `who`, the caller's name for r
 * ("--rules qq" on a command line, "rule set 'qq'" in a library call). A set
 * does not fit when it is a flip game's and g a formation game's record, or
 * the reverse (docs/flip.md), is for another board than g's
 * (docs/boards.md), or lacks points (a mountain) that g's start position has
 * pieces on (junqi_game_rules_fit()). The tools' --rules (a usage error) and
 * report.h's calls say it alike from here.
 */
bool junqi_game_check_rules(const junqi_game *g, const junqi_rules *r, const char *who, char *why, size_t n);

/**
 * Play the record under rule set r (not NULL; a named or interned set,
 * rules.h): g->rules = r, g->info = r->info, and a set start position
 * (g->start) plays under r too, on r's board (junqi_rules_board(): with or
 * without mountain points). Returns false, leaving g unchanged, when r does
 * not fit: it is for another board than g's, or g's start position has a
 * piece on a point r's board lacks (a mountain).
 */
bool junqi_game_set_rules(junqi_game *g, const junqi_rules *r);

/** Free the record and every string it owns. NULL is allowed. */
void junqi_game_free(junqi_game *g);

/**
 * A deep copy of g (tags, players, start position, source, every line with
 * its variations and comments), to change without touching g (settle it,
 * turn it into a seat's view). Free with junqi_game_free(). NULL when out
 * of memory.
 */
junqi_game *junqi_game_copy(const junqi_game *g);

/** Append an item to the main line (copied; the game then owns its variations).
 *  Returns false when out of memory. */
bool junqi_game_add_item(junqi_game *g, const junqi_item *item);

/** Append a comment to the main line, shown before item `before`; text is copied.
 *  False on out of memory. */
bool junqi_game_add_comment(junqi_game *g, size_t before, const char *text, junqi_loc loc);

/** Append an item to a line (copied; the line then owns its variations). False on OOM. */
bool junqi_line_add_item(junqi_line *line, const junqi_item *item);

/** Append a comment to a line, before item `before`; text copied. False on OOM. */
bool junqi_line_add_comment(junqi_line *line, size_t before, const char *text, junqi_loc loc);

/**
 * Add an empty variation to item `it` (a move) and return it, owned by the
 * item; NULL when out of memory. The pointer stays valid until the next
 * variation is added to the same item.
 */
junqi_line *junqi_item_add_variation(junqi_item *it);

/**
 * The last place of line l that is the same point of the game as place
 * `before` (a comment's place, 0 to l->nitems): before + 1 when item `before`
 * is the END item, else before. A comment after the last move or event may
 * stand on either side of the END item (docs/jgn.md, "The result"), both at
 * the final position; one with place from `before` to this place is shown
 * there.
 */
size_t junqi_line_through_end(const junqi_line *l, size_t before);

/**
 * Whether the result a replay found after the first `over` items of g's main
 * line (the game was over there) is the record's result, for
 * junqi_game_settle() to state: g has an END item (its own statement of the
 * end, which the settling corrects), or no move follows those items. A
 * record that goes on after the end of its game without stating an end
 * keeps the result it stated (docs/jgn.md, "The result"): a result written
 * after its last move would be an end after moves that were never part of
 * the game, and reading it back would give it an END item it never had.
 */
bool junqi_game_ends_as_replayed(const junqi_game *g, size_t over);

/** Free everything a line owns (items, their variations, comments); the line is empty after. */
void junqi_line_clear(junqi_line *line);

/**
 * Keep the first nitems items and the first ncomments comments of a line
 * (counts larger than the line's keep everything), freeing what the others
 * own: the undo of appending items and comments.
 */
void junqi_line_truncate(junqi_line *line, size_t nitems, size_t ncomments);

/** Set tag `name` (replacing an earlier value); both copied. False on out of memory. */
bool junqi_game_set_tag(junqi_game *g, const char *name, const char *value);

/** Remove tag `name` (and its value) if the game has it. */
void junqi_game_remove_tag(junqi_game *g, const char *name);

/** The value of tag `name`, or NULL. Owned by the game. */
const char *junqi_game_tag(const junqi_game *g, const char *name);

/** Set a seat's player name (copied; NULL clears). False on out of memory. */
bool junqi_game_set_player(junqi_game *g, junqi_seat s, const char *name);

/**
 * Turn a complete record into `seat`'s record of the game: the setups that
 * seat could not see under the record's information mode are dropped (dark:
 * every other seat's; double-open: the enemies'; open: none), outcomes and
 * everything public are kept, and g->view is set. A flip game's record loses
 * its Deal (the flips it holds say what became public). Unless the seat knew
 * every piece (an open game) or g is that seat's record already, what no
 * seat saw goes too (docs/annotation.md, "A seat's view"; annot3 D3): the
 * annotation, whoever wrote it (junqi_game_strip() with
 * JUNQI_STRIP_ANNOTATION: its evaluations and lines were worked out with
 * what other seats knew), and of the record's own variations (in a game
 * that is not a flip game) the outcomes of their combats and what those
 * showed (written 'x': a line that was not played, no seat saw); the
 * record's own comments, NAGs and variations' moves stay.
 */
void junqi_game_to_view(junqi_game *g, junqi_seat seat);

/** Mask of the seats present. */
unsigned junqi_game_present(const junqi_game *g);

/**
 * Whether `seat` takes part in game g (a seat of junqi_game_present(); a
 * negative value or any from JUNQI_SEATS up, JUNQI_NO_SEAT among them,
 * stands for no seat and passes, with err set to ""). If not, false with err (n bytes, always terminated) saying
 * so in the catalog's words: "NAME: east takes no part in this game (its
 * seats: north, south)", where NAME says how the seat was given (the tag
 * "View", the argument "view", the option and its value "--view east").
 * The seats a board has: docs/jgn.md, the Board tag.
 */
bool junqi_game_check_seat(const junqi_game *g, int seat, const char *name, char *err, size_t n);

/** The number of the record's first move: 1, or one past a set start position's ply. */
size_t junqi_game_first_number(const junqi_game *g);

/** Number of move items in the main line. */
size_t junqi_game_moves(const junqi_game *g);

/** Number of move items in a line. */
size_t junqi_line_moves(const junqi_line *line);

#ifdef __cplusplus
}
#endif

#endif
