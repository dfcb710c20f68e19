/* SPDX-License-Identifier: MIT */
/*
 * report.h - the jobs of the tools as library calls, and the JSON they
 * print: validating an item, replaying a record to a ply, converting it,
 * perft, the engine's search (go). The tools print through these functions,
 * so any program that calls them gets exactly the JSON of the tools
 * (docs/conventions.md describes each shape).
 *
 * Two levels:
 *   - typed calls and JSON writers (junqi_replay_each, junqi_check_item,
 *     junqi_perft_lines, junqi_write_*_json) for C programs;
 *   - string calls (junqi_report_*) for bindings such as python/junqi:
 *     plain arguments (names as strings: seats "north".."west" or "all",
 *     rule sets by name) and one new NUL-terminated UTF-8 JSON text as the
 *     result (one object per line where several), to be freed with
 *     junqi_free(). They return NULL with a one-sentence reason in err (n
 *     bytes: "unknown seat 'x'", "ply 500 is past the end: the game has
 *     192 moves", "out of memory"; a ply is named "ply N", after the
 *     calls' argument) and never print. Records are opaque
 *     junqi_game handles to them: no binding needs a struct layout.
 */
#ifndef JUNQI_REPORT_H
#define JUNQI_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis.h"
#include "play.h"
#include "diag.h"
#include "flip_replay.h"
#include "game.h"
#include "json.h"
#include "replay.h"
#include "score.h"
#include "source.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- a record's plies, and replaying to one (junqi-replay) ---------------- */

/**
 * The plies of a record in its own numbering (docs/conventions.md, "--ply"):
 * a record that starts from a set position at ply P has the plies P .. P +
 * its moves, the same numbers its JGN and JSON give its moves; the last is
 * the ply where the game ended when the record goes on after the end.
 */
typedef struct junqi_plies {
    size_t first;   /**< the start: 0, or the set position's ply */
    size_t last;    /**< the last move's ply, or the ply the game ended at */
    size_t moves;   /**< the record's moves (what junqi_replay_seek counts) */
    junqi_result end; /**< the result when the game ended before the record's last move */
    bool ended;     /**< the game ended before the record's last move */
    bool cut;       /**< last is the ply before an illegal move (junqi_plies_stop) */
} junqi_plies;

/** The plies of record g replayed under `rules` (NULL: the record's). */
junqi_plies junqi_record_plies(const junqi_game *g, const junqi_rules *rules);

/**
 * Stop p before the record's illegal move number `illegal` (from 1, as
 * junqi_summary's; 0: none): the positions after it never happened
 * (docs/conventions.md), so p->last becomes the ply before it, unless the
 * game ended earlier. Returns whether p was cut (p->cut).
 */
bool junqi_plies_stop(junqi_plies *p, size_t illegal);

/**
 * Whether `ply` (-1: the end) is one of p's, the plies of g. If not, false
 * with the reason in err (n bytes), naming the plies there are and the ply
 * as `name` (how the caller's user gave it: the tools' option "--ply", the
 * string calls' argument "ply"): "--ply 500 is past the end: the game has
 * 192 moves", "... is before the record's start: ...", "... the game ended
 * at ply 120 (north-south); ...", and for p cut by junqi_plies_stop "ply 9:
 * the game never had that position: the move after ply 8 is illegal" (a ply
 * past the record's last move is past the end all the same).
 */
bool junqi_record_check_ply(const junqi_game *g, const junqi_plies *p, long ply, const char *name, char *err,
                            size_t n);

/**
 * As junqi_record_check_ply(), the ply quoted in the reason as `text`, as
 * the user typed it ("0193"; a number too large to count, which a caller
 * passes as LONG_MAX, past the end of any record: "99999999999999999999"),
 * not as ply would print.
 */
bool junqi_record_check_ply_as(const junqi_game *g, const junqi_plies *p, long ply, const char *name,
                               const char *text, char *err, size_t n);

/**
 * Whether record g can be shown from `seat` (a seat, or JUNQI_NO_SEAT:
 * everything it holds). A record of one seat's view (g->view, docs/jgn.md
 * "View") of a dark game holds no other seat's own pieces, so it is shown
 * from that seat only; a seat whose pieces it holds (every seat's in an open
 * game, the partner's in a double-open one) can be shown too. Another seat
 * is false, with the reason in err (n bytes) naming the view as `name` (how
 * the caller's user gave it: the tools' option "--view", the string calls'
 * argument "view"): "--view north: the record is south's view, which does
 * not hold north's pieces". The tools' --view and every string call that
 * takes a view check it.
 */
bool junqi_record_check_view(const junqi_game *g, int seat, const char *name, char *err, size_t n);

/**
 * Replay r (started on its record, whose plies are p) to ply `ply` of the
 * record's numbering (checked with junqi_record_check_ply), or with -1 to
 * the end with the events after the last move.
 */
void junqi_record_seek(junqi_replay *r, const junqi_plies *p, long ply);

/** The `ply` argument of the position calls: every position, from the first ply to the end. */
#define JUNQI_REPORT_ALL (-2L)
/** The `ply` argument of the position calls: the end, with the events after the last move. */
#define JUNQI_REPORT_END (-1L)
/** The `seed` argument of junqi_report_go(): none given (the seed 0 is used). A seed of 0 is a
 *  seed given, refused where a seed does not apply, as the tools' `--seed 0` is. */
#define JUNQI_REPORT_NO_SEED UINT64_MAX

/**
 * What junqi_replay_each() hands each position: the replay, pos as the view
 * sees it, and whether it is the last one handed.
 */
typedef void (*junqi_position_fn)(void *ctx, const junqi_replay *r, const junqi_position *pos,
                                  bool last);

/**
 * Replay g on `rules` (NULL: its own) and call fn for the position after
 * ply `ply` of the record's numbering, with every event before the next
 * move (JUNQI_REPORT_END: the end, p->last, with the events after the last
 * move when that is the record's last move), or for each of its plies in
 * turn to p->last (JUNQI_REPORT_ALL), as `view` saw it (a seat: position.h
 * junqi_position_view; JUNQI_NO_SEAT: everything). p: the plies to hand,
 * junqi_record_plies() or fewer (a tool that stops before an illegal move
 * lowers p->last); NULL: all of g's. The caller checks ply
 * (junqi_record_check_ply); a ply past p->last hands nothing. No checks:
 * junqi_check_item() checks a record. Returns false, calling nothing, when
 * the replay cannot start.
 */
bool junqi_replay_each(const junqi_game *g, const junqi_rules *rules, long ply, int view,
                       const junqi_plies *p, junqi_position_fn fn, void *ctx);

/**
 * What junqi_flip_replay_each() hands each position of a flip record: the
 * replay (its last action, outcome and what it showed), pos as the view
 * sees it, and whether it is the last one handed.
 */
typedef void (*junqi_flip_position_fn)(void *ctx, const junqi_flip_replay *r, const junqi_flip *pos,
                                       bool last);

/**
 * junqi_replay_each() for a flip record (flip_replay.h; docs/flip.md): the
 * position after ply `ply` of the record's numbering (JUNQI_REPORT_END: the
 * end, p->last, with the events after the last action when that is the
 * record's last), or each of its plies in turn to p->last
 * (JUNQI_REPORT_ALL), as `view` saw it (a seat: junqi_flip_view, face-down
 * identities hidden; JUNQI_NO_SEAT: everything). `rules` NULL is the
 * record's; p as junqi_replay_each()'s (NULL: all of g's plies). No checks
 * (junqi_check_item() checks a record). The caller checks ply
 * (junqi_record_check_ply); a ply past p->last hands nothing. Returns
 * false, calling nothing, when the replay cannot start.
 */
bool junqi_flip_replay_each(const junqi_game *g, const junqi_rules *rules, long ply, int view,
                            const junqi_plies *p, junqi_flip_position_fn fn, void *ctx);

/**
 * One position of a record, replayed to it: what junqi-analyze --go and
 * --perft search, and junqi_report_go() and junqi_report_perft().
 */
typedef struct junqi_record_at {
    bool flip;            /**< a flip game (junqi_rules_flip): f holds the position, else r */
    size_t moves;         /**< the record's moves before it (junqi_play_request's ply) */
    junqi_replay r;       /**< a formation game's replay, at the position */
    junqi_flip_replay f;  /**< a flip game's */
} junqi_record_at;

/**
 * Replay g on `rules` (NULL: the record's) into *at, to the position after
 * ply `ply` of its plies p (-1: p->last) with every event before the next
 * move, or at the record's end (-1, when the game did not end earlier and
 * p is not cut: junqi_plies_stop) with the events after its last move.
 * The caller checks ply (junqi_record_check_ply). No checks. Returns
 * false when the replay cannot start (the record's seats or rule set do
 * not fit its board: junqi_check_item() says why).
 */
bool junqi_record_locate(const junqi_game *g, const junqi_rules *rules, const junqi_plies *p, long ply,
                         junqi_record_at *at);

/* ---- validation (junqi-validate) --------------------------------------- */

/** What checking an item found: the facts of junqi-validate's summary. */
typedef struct junqi_summary {
    const char *source;        /**< the item's source name (borrowed from the input) */
    size_t index;              /**< the item's 1-based index in its source */
    junqi_input_kind kind;     /**< JUNQI_INPUT_UNKNOWN: nothing could be read */
    size_t errors, warnings;   /**< diagnostics of the item; valid means errors == 0 */
    bool has_board;            /**< board is known (records; formations that name one) */
    junqi_board_kind board;
    const junqi_rules *rules;  /**< records: the rule set replayed on; else NULL */
    unsigned seats;            /**< records: the seats present (mask) */
    bool replayed;             /**< records: the replay could start; moves and end are set */
    bool flip;                 /**< records: a flip game (flip_replay.h): end holds only its
                                    result, present seats and rules */
    size_t moves;              /**< records: moves replayed */
    size_t illegal;            /**< records: the number (from 1, of the record's moves) of its
                                    first illegal move, after which its positions never
                                    happened (docs/conventions.md); 0: none */
    junqi_position end;        /**< records: the position at the end of the replay (its
                                    result: JUNQI_ONGOING when the record is unfinished) */
    const char *formation;     /**< formations: the name (borrowed), or NULL */
    bool inferred;             /**< records with hidden pieces whose identities agree with
                                    every move: knowledge is set */
    junqi_infer knowledge;     /**< then what the check inferred (infer.h): the record
                                    replayed to its end (`moves`) for seat g->view under
                                    g->info, or for a record of no seat's view for south
                                    under JUNQI_OPEN, solved without `exact`; a go at that
                                    position takes it (junqi_play_request's known) rather
                                    than infer it again */
} junqi_summary;

/**
 * Check an item as junqi-validate does and append the problems to d (which
 * may already hold those of reading it): a record is replayed to its end
 * on `rules` (NULL: the record's; junqi-validate applies --rules to the
 * record first) with every check of replay.h, a surrender the rule
 * set's scoring forbids is noted (score.h), and a record with hidden pieces
 * (a seat's View, or a start position with pieces shown as `?`) must be one
 * some game could have given: identities of them agree with every move and
 * outcome (infer.h; else a no-assignment error at the first move after
 * which none do); a formation is checked against
 * the setup rules under `rules` (formation.h). A diagnostic with no place
 * of its own is placed where the item starts in a text source
 * (junqi_input_place_diags). With src, diagnostics of text sources get
 * their lines (junqi_source_attach_lines). Fills *out
 * (may be NULL). Returns true when d holds no errors.
 */
bool junqi_check_item(const junqi_source *src, const junqi_input *in, const junqi_rules *rules,
                      junqi_diags *d, junqi_summary *out);

/**
 * One diagnostic as the JSON object of `--format json` (docs/conventions.md,
 * "Diagnostics"): {"file","game","severity","code","message","move",
 * "record","offset","line","column"}, null where a field does not apply
 * ("game": g->loc.item, the item of the file, as the summary's "game").
 */
void junqi_write_diag_json(junqi_json *j, const char *file, const junqi_diag *g);

/**
 * The summary object junqi-validate --format json prints after an item's
 * diagnostics: {"type":"summary","source","game","valid","errors",
 * "warnings","board","rules","seats":[...],"moves","result"} (result as in
 * position JSON, with the score where the rule set has one; null where a
 * field does not apply: moves and result when the replay could not start;
 * game when the file failed before its first item, as a YAML syntax error
 * outside any formation), and "formation" (its name or null) for a formation.
 */
void junqi_write_summary_json(junqi_json *j, const junqi_summary *s);

/* ---- perft (junqi-analyze --perft) ------------------------------------- */

/** One line of perft divide: a first move and the count under it. */
typedef struct junqi_perft_line {
    char move[24];  /**< the move's name, "a6-a7" (a flip game's token, "c7>c8^b5", is longer) */
    uint64_t nodes;
} junqi_perft_line;

/**
 * perft `depth` of pos (perft.h; pos is changed during the count and left
 * as junqi_perft_divide() leaves it). With lines (room for JUNQI_MAX_MOVES)
 * and depth >= 1, also the divide: *n lines, sorted by move name (ASCII).
 * Returns the total count.
 */
uint64_t junqi_perft_lines(junqi_position *pos, int depth, junqi_perft_line *lines, int *n);

/**
 * junqi_perft_lines() for a flip position (flip.h junqi_flip_perft; docs/flip.md
 * "perft"), whose face-down identities must be known
 * (junqi_flip_identities_known): lines need room for JUNQI_MAX_ACTIONS, and
 * a line's move is the action's token (flip_out.h junqi_flip_action_name).
 */
uint64_t junqi_flip_perft_lines(junqi_flip *pos, int depth, junqi_perft_line *lines, int *n);

/** Room for the divide of any position junqi_record_perft() counts: a flip game's actions or the moves. */
#define JUNQI_PERFT_LINES (JUNQI_MAX_ACTIONS > JUNQI_MAX_MOVES ? JUNQI_MAX_ACTIONS : JUNQI_MAX_MOVES)

/** What junqi_record_perft() found. */
typedef enum junqi_perft_status {
    JUNQI_PERFT_COUNTED,     /**< *nodes (and the lines) hold the count */
    JUNQI_PERFT_NO_DEAL,     /**< a flip game whose record has no Deal, or a flip position of the
                                  players' view: the identities of its face-down pieces are
                                  unknown (junqi_flip_identities_known) */
    JUNQI_PERFT_INCOMPLETE,  /**< a formation game's position with pieces of unknown kind (a
                                  seat's view of a dark game: junqi_position_complete) */
    JUNQI_PERFT_STOPPED,     /**< a stop request ended the count (junqi_record_perft_stoppable) */
} junqi_perft_status;

/**
 * perft `depth` of the position at (junqi_record_locate(); changed during
 * the count and left as the count leaves it) as junqi-analyze --perft
 * counts it: junqi_flip_perft_lines() of a flip game, junqi_perft_lines()
 * of another, lines (NULL, or room for JUNQI_PERFT_LINES) and *n as
 * theirs, the total in *nodes. A position that cannot be counted is
 * JUNQI_PERFT_NO_DEAL or JUNQI_PERFT_INCOMPLETE, *nodes and *n 0.
 */
junqi_perft_status junqi_record_perft(junqi_record_at *at, int depth, junqi_perft_line *lines, int *n,
                                      uint64_t *nodes);

/**
 * junqi_record_perft() that another thread can stop: once `stop`
 * (borrowed, NULL: none; search.h junqi_stop_new) is requested, the count
 * ends within a few milliseconds (perft.h junqi_perft_stop), the position
 * at is restored, and JUNQI_PERFT_STOPPED is returned with *nodes and *n 0.
 */
junqi_perft_status junqi_record_perft_stoppable(junqi_record_at *at, int depth, junqi_perft_line *lines, int *n,
                                                uint64_t *nodes, junqi_stop *stop);

/** {"depth","nodes"} and, when lines is not NULL, "divide":{"MOVE":count,...}. */
void junqi_write_perft_json(junqi_json *j, int depth, uint64_t nodes, const junqi_perft_line *lines,
                            int n);

/* ---- the engine's move (junqi-analyze --go: junqi_play, play.h) ---------- */

/**
 * The line of the move a play result chose (play.h): its line's pv, or the
 * move alone (a level's deliberate move outside the lines), or nothing.
 * Sets *pv (into r) and returns its length.
 */
int junqi_play_pv(const junqi_play_result *r, const junqi_move **pv);

/** A list of moves as a JSON array of their names, ["a6-a7",...]. */
void junqi_write_moves_json(junqi_json *j, const junqi_board *b, const junqi_move *moves, int n);

/**
 * The JSON object of `--go --format json` for the choice r at `level` in
 * pos: {"bestmove","result","reason","eval","winprob","pv","depth","nodes",
 * "to_move","view","level","samples","spread",
 * "multipv":[{"move","eval","winprob","votes","pv"},...]}; result and reason
 * name the end of a finished game (eval and winprob are then null), else
 * they are null (docs/engine.md). eval, winprob, spread and pv are the
 * chosen move's line's (r->line, not always the first); a level's
 * deliberate move outside the lines has null eval, winprob and spread.
 */
void junqi_write_go_json(junqi_json *j, const junqi_play_result *r, const junqi_level *level,
                         const junqi_position *pos);

/**
 * The choice r at `level` in pos as the text of `junqi-analyze --go`:
 * "bestmove", "eval", "winprob", "pv", "depth", "nodes", "level", with view
 * mover "samples" and "spread", with several lines a "multipv" line each;
 * or "bestmove (none)" and the result when the game is over. The figures
 * are the chosen move's, as junqi_write_go_json() gives them (no "eval",
 * "winprob" or "spread" line for a move outside the lines).
 */
void junqi_write_go_text(FILE *out, const junqi_play_result *r, const junqi_level *level,
                         const junqi_position *pos);

/** What junqi_go_write() did. */
typedef enum junqi_go_status {
    JUNQI_GO_WRITTEN,       /**< the move is written */
    JUNQI_GO_NO_MEMORY,     /**< out of memory: nothing written */
    JUNQI_GO_NOT_SHOWN,     /**< view all of a record that does not show every piece: nothing
                                 written (view mover judges with what the mover knew) */
    JUNQI_GO_NO_ASSIGNMENT, /**< view mover: no assignment of the hidden pieces agrees with
                                 the record; nothing written */
    JUNQI_GO_NOT_THE_MOVERS, /**< view mover: the record does not show the mover's own pieces
                                  (a seat's view record at another seat's turn: play.h); nothing
                                  written */
} junqi_go_status;

/**
 * What a play result (play.h, junqi_play()) gives junqi_go_write() to say:
 * JUNQI_GO_WRITTEN for a move or a finished game, else why no move was
 * chosen (never JUNQI_GO_NO_MEMORY: junqi_play() returned false then).
 */
junqi_go_status junqi_go_status_of(const junqi_play_result *r);

/**
 * Why junqi_go_write() wrote nothing, for status (not JUNQI_GO_WRITTEN), in
 * the language of the messages (the engine protocol turns them off: English),
 * into buf (n bytes, truncated to fit); returns buf. pos is the position
 * searched, read for JUNQI_GO_NOT_THE_MOVERS only (its seat to move is
 * named; a flip game's go never gives that status); how_mover is how the caller's user
 * asks for view mover (the tools' "--view mover", the protocol's "setoption
 * name View value mover", the string calls' "view mover").
 */
const char *junqi_go_status_message(junqi_go_status status, const junqi_position *pos, const char *how_mover,
                                    char *buf, size_t n);

/**
 * The engine's move at `at` (junqi_record_locate(), of the record
 * req->game), written to out as `junqi-analyze --go` prints it: one JSON
 * object and a newline (json: junqi_write_go_json(), or for a flip game
 * junqi_flip_write_go_json()) or its text (junqi_write_go_text(),
 * junqi_flip_write_go_text()). A formation game is played by junqi_play()
 * with req (its pos and ply are set here from at); a flip game is one
 * search (flip_search.h) of the position as the players see it, with
 * req's limits and threads, values judged (no contempt: docs/engine.md),
 * req's level, view, samples and seed not applying (the callers refuse
 * them first: junqi_go_check_flip()). Thread-safe.
 */
junqi_go_status junqi_go_write(FILE *out, bool json, const junqi_play_request *req, const junqi_record_at *at);

/** The options of a go that play formation games only, as bits of what a
 *  caller was given, whatever their value (a seed of 0 given is given):
 *  junqi_go_check_flip()'s argument. */
enum {
    JUNQI_GO_GIVEN_LEVEL = 1u,
    JUNQI_GO_GIVEN_VIEW = 2u,
    JUNQI_GO_GIVEN_SAMPLES = 4u,
    JUNQI_GO_GIVEN_SEED = 8u
};

/**
 * Whether a go given the options `given` (JUNQI_GO_GIVEN_* bits) can search
 * a flip game: its level, view, samples and seed play formation games (a
 * flip game is searched as a chance game, its face-down identities chance:
 * flip_search.h, docs/engine.md "Flip games"), so any of them given is
 * false, with the reason in err (n bytes; NULL or 0: none written) naming
 * the first of them in that order and what a flip game takes: "seed plays
 * formation games; a flip game takes nodes, depth or movetime". The one
 * rule of both callers: junqi_report_go() (the Python binding's go()),
 * with that reason, and junqi-analyze --go, with the options as typed (a
 * --seed 0 too), whose message names the game and all four options.
 */
bool junqi_go_check_flip(unsigned given, char *err, size_t n);

/* ---- string calls, for bindings ------------------------------------------ */

/** Free a string (or anything) the library handed over. NULL allowed. */
void junqi_free(void *p);

/**
 * The next item of src as one JSON object, and for a record a new handle in
 * *game (free with junqi_game_free(); NULL otherwise):
 *   {"type":"record","source","game","diagnostics":[...],"record":{...}}
 *   {"type":"formation","source","game","diagnostics":[...],
 *    "formation":{"name","board","setup"}}
 *   {"type":"error","source","game","diagnostics":[...]}  (nothing readable)
 *   {"type":"empty","source","game":0,"diagnostics":[...]}  (an empty or blank
 *    input: zero items, its "no-games" note; docs/conventions.md, FILE)
 * "diagnostics" are those of reading the item, "record" is the document of
 * junqi_report_record(), "setup" the layout notation (setup.h). A broken
 * game read leniently is a "record" with errors among its diagnostics.
 * Returns NULL at the end (err empty) or when out of memory (err says so).
 */
char *junqi_report_next(junqi_source *src, junqi_game **game, char *err, size_t n);

/**
 * As junqi_report_next(), with the records read under rule set `rules` (a
 * rule string, rules.h; NULL: each record's own, exactly as
 * junqi_report_next()), as the tools' --rules reads them: src reads on
 * with it (junqi_source_assume_rules: a JGN game that states no board,
 * which would be a four-player game, is on its board), and a record plays
 * under it (junqi_game_set_rules): its "rules" in the JSON and its handle's
 * rule set are that set. Errors, each NULL with *game NULL and err (n
 * bytes) saying why, as junqi_report_validate() says it: a rules that is no
 * rule string (junqi_rules_parse()'s reason; nothing is read), and a rule
 * set that does not fit the record read (another board; no mountain where
 * its start position has a piece; flip against formation game: err names
 * the item and why; the item is passed over, and reading may go on with
 * the next). NULL at the end (err empty) or when out of memory (err says
 * so), as junqi_report_next(). Formations are given as they are. The
 * Python binding's read(rules=) and parse(rules=).
 */
char *junqi_report_next_rules(junqi_source *src, const char *rules, junqi_game **game, char *err, size_t n);

/**
 * A record again from its canonical JGN text (len bytes of jgn, as
 * junqi_report_jgn() wrote it with no view), named as item `index`
 * (1-based) of `source` (NULL: "<memory>"), as junqi_report_next() named
 * it: how a binding carries a record to another process (python/junqi
 * pickles a Game so). A new handle (free with junqi_game_free()), or NULL
 * with err saying why (out of memory; a text that holds no readable game:
 * "SOURCE: " and its first error, or "the input holds no record").
 */
junqi_game *junqi_report_read_jgn(const char *jgn, size_t len, const char *source, size_t index, char *err,
                                  size_t n);

/**
 * Every item of src checked as `junqi-validate --format json` prints it:
 * each item's diagnostics, then its summary object, one JSON object per
 * line. rules: a rule string, or NULL for each record's own; src then
 * reads with it (junqi_source_assume_rules: a JGN game that states no
 * board is on its board), as junqi-validate --rules does. A rule set
 * that does not fit a record (another board; no mountain where its start
 * position has a piece; flip against formation game) returns NULL, err
 * naming the item and why, as junqi-validate's usage error.
 */
char *junqi_report_validate(junqi_source *src, const char *rules, char *err, size_t n);

/**
 * The record g checked (junqi_check_item): its diagnostics and summary
 * lines, as junqi_report_validate() gives for it (without the diagnostics
 * of reading it, which junqi_report_next() gave).
 */
char *junqi_report_check(const junqi_game *g, const char *rules, char *err, size_t n);

/**
 * g as the JSON document of `junqi-replay --to json` (gamejson.h): settled
 * (junqi_game_settle) and, with a seat as view, that seat's record of the
 * game (junqi_game_to_view). g itself is not changed. A seat that takes no
 * part in g is an error here and in every report that takes a view, as the
 * tools' --view ("view: east takes no part in this game (its seats: north,
 * south)"), and so is another seat of a seat's record
 * (junqi_record_check_view).
 */
char *junqi_report_record(const junqi_game *g, const char *view, char *err, size_t n);

/** As junqi_report_record() in canonical JGN text (`--to jgn`). */
char *junqi_report_jgn(const junqi_game *g, const char *view, char *err, size_t n);

/**
 * The positions of g as `junqi-replay --format json` prints them: after
 * `ply` moves (0..moves, JUNQI_REPORT_END or JUNQI_REPORT_ALL), seen by
 * `view` (a seat, or NULL / "all": everything), replayed on `rules` (NULL:
 * the record's); one object per line (junqi_write_record_position_json).
 * Of a record that breaks the rules only the positions before its first
 * illegal move (docs/conventions.md: the others never happened; the end
 * is the last of them, and a ply after it is an error that says so),
 * unless `lenient` (as the tools' --lenient: replay past it).
 */
char *junqi_report_positions(const junqi_game *g, long ply, const char *view, const char *rules, bool lenient,
                             char *err, size_t n);

/** As junqi_report_positions() in the one-line position notation (`--format pos`), one per line. */
char *junqi_report_notation(const junqi_game *g, long ply, const char *view, const char *rules, bool lenient,
                            char *err, size_t n);

/**
 * perft `depth` (0..64) of the position of g after `ply` moves (or
 * JUNQI_REPORT_END) as `junqi-analyze --perft D [--divide] --format json`.
 * NULL (err says why) for a position with pieces of unknown kind (a seat's
 * record of a dark game): perft counts the moves of a complete position.
 * ply and lenient as for junqi_report_positions().
 */
char *junqi_report_perft(const junqi_game *g, long ply, const char *rules, bool lenient, int depth, bool divide,
                         char *err, size_t n);

/**
 * junqi_report_perft() that another thread can stop: once `stop`
 * (borrowed, NULL: none; search.h junqi_stop_new) is requested
 * (junqi_stop_request), the count ends within a few milliseconds and the
 * call returns NULL, err saying it stopped. A binding runs it on a thread
 * of its own and requests the stop when its user interrupts (Ctrl-C in
 * python/junqi). Thread-safe as junqi_report_perft().
 */
char *junqi_report_perft_stoppable(const junqi_game *g, long ply, const char *rules, bool lenient, int depth,
                                   bool divide, junqi_stop *stop, char *err, size_t n);

/**
 * The engine's move (junqi_play, play.h) in the position of g after `ply`
 * moves (or JUNQI_REPORT_END) as `junqi-analyze --go --format json` prints
 * it. level: "easy", "normal", "default", "expert" or NULL (the level
 * named "default", play.h); view: "all", "mover" or NULL (the record's
 * default); samples 0: the level's; seed 0..JUNQI_MAX_SEED, or
 * JUNQI_REPORT_NO_SEED for none (0 used); samples and a seed given (0 too)
 * not with view "all"; depth, nodes (to JUNQI_MAX_NODES),
 * movetime (ms, to JUNQI_MAX_MOVETIME), multipv 0 for none (none of the
 * first three: the level's nodes); threads 1..64: the ranges of
 * `junqi-analyze --go` and the engine protocol. A value out of range fails
 * with a reason naming that argument ("multipv takes 0 to 16 (0: none), not
 * 20"), and so does a flip game given a level, view, samples or seed
 * (junqi_go_check_flip: a seed of 0 too, as `junqi-analyze --go --seed 0`). ply and lenient as for junqi_report_positions().
 */
char *junqi_report_go(const junqi_game *g, long ply, const char *rules, bool lenient, const char *level,
                      const char *view, int samples, uint64_t seed, int depth, uint64_t nodes,
                      int movetime, int multipv, int threads, char *err, size_t n);

/**
 * junqi_report_go() that another thread can stop: once `stop` (borrowed,
 * NULL: none; search.h junqi_stop_new) is requested (junqi_stop_request),
 * its searches end as at a spent limit and the move they found so far is
 * written as junqi_report_go() writes it (a view-mover analysis values its
 * candidates by its first searches: analysis.h). A binding runs it on a
 * thread of its own and requests the stop when its user interrupts (Ctrl-C
 * in python/junqi). Thread-safe: stop may be polled by several searches.
 */
char *junqi_report_go_stoppable(const junqi_game *g, long ply, const char *rules, bool lenient, const char *level,
                                const char *view, int samples, uint64_t seed, int depth, uint64_t nodes,
                                int movetime, int multipv, int threads, junqi_stop *stop, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
