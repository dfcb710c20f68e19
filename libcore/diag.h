/* SPDX-License-Identifier: MIT */
/*
 * diag.h - diagnostics: errors, warnings and notes with their locations.
 *
 * The forms follow docs/conventions.md ("Diagnostics"): text inputs are
 * located by line and column, binary inputs by move, record and byte offset.
 */
#ifndef JUNQI_DIAG_H
#define JUNQI_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** How bad a diagnostic is. Only errors make an input invalid. */
typedef enum junqi_severity {
    JUNQI_SEV_ERROR = 0,
    JUNQI_SEV_WARNING,
    JUNQI_SEV_NOTE
} junqi_severity;

/*
 * The diagnostic codes: the one table of every code the library and the
 * tools emit, with its severity and a one-line meaning. The code names are
 * stable (docs/conventions.md, "Diagnostic codes", is generated from this
 * table by `junqi-validate --list-codes`, and tests/cli/codes.sh checks that
 * the two agree). A new diagnostic adds a line here; the compiler then
 * refuses any code that is not in the table.
 *
 * X(ID, "name", SEVERITY, "meaning"): JUNQI_CODE_ID in code, "name" in JSON
 * and documentation, SEVERITY one of ERROR, WARNING, NOTE.
 */
#define JUNQI_DIAG_CODES(X) \
    /* reading any input */ \
    X(OUT_OF_MEMORY, "out-of-memory", ERROR, "memory ran out while reading or checking") \
    X(READ_ERROR, "read-error", ERROR, "reading the input failed") \
    X(UNKNOWN_FORMAT, "unknown-format", ERROR, "the input is in no format junqi reads") \
    X(EMPTY, "empty", ERROR, "a tool that needs one record was given an input with none") \
    X(NO_GAMES, "no-games", NOTE, "the input holds no record (zero games, not an error)") \
    X(UTF16, "utf16", ERROR, "a text input is UTF-16 or UTF-32; junqi reads UTF-8 (or GBK)") \
    X(CR_LINE_ENDS, "cr-line-ends", ERROR, "a text input's lines end in CR alone (old Mac line ends); junqi reads LF or CR LF") \
    X(NOT_A_FORMATION, "not-a-formation", ERROR, "a --setup file holds no formation") \
    X(NUL_BYTE, "nul-byte", ERROR, "a text input holds a NUL byte") \
    /* JGN records (docs/jgn.md) */ \
    X(GAME_TOO_LARGE, "game-too-large", ERROR, "a game's text is larger than 64 MiB") \
    X(NOT_UTF8, "not-utf8", WARNING, "a game or a YAML file is not UTF-8 and is read as GBK; or a game is UTF-8 but for a few characters, each read as U+FFFD") \
    X(BAD_TAG, "bad-tag", ERROR, "a tag line is malformed or its value is not allowed") \
    X(DUPLICATE_TAG, "duplicate-tag", WARNING, "a tag is given twice; the last value counts") \
    X(CONTROL_CHARACTER, "control-character", WARNING, "a tag or comment holds a raw control character (kept, written as \\xHH)") \
    X(NO_BOARD, "no-board", WARNING, "no Board tag: the Rules tag's board (a Deal's two-player board, else the four-player board) is assumed") \
    X(BAD_SETUP, "bad-setup", ERROR, "a setup tag is not in the layout notation") \
    X(BAD_POSITION, "bad-position", ERROR, "a position string is malformed") \
    X(BAD_RULES, "bad-rules", ERROR, "a rule string is malformed, or does not fit the game or its position") \
    X(BAD_SQUARE, "bad-square", ERROR, "a square is not on the game's board") \
    X(BAD_TOKEN, "bad-token", ERROR, "a movetext token is no move, event, number, NAG or result") \
    X(MOVE_NUMBER, "move-number", ERROR, "a move number is not the number of the next move") \
    X(BAD_NAG, "bad-nag", ERROR, "a NAG is out of range, misplaced, or one too many") \
    X(OPEN_COMMENT, "open-comment", ERROR, "a comment is never closed") \
    X(BAD_VARIATION, "bad-variation", ERROR, "a variation is misplaced or never closed") \
    X(TOO_DEEP, "too-deep", ERROR, "variations, or a YAML file's lists and mappings, are nested too deep") \
    X(AFTER_RESULT, "after-result", ERROR, "text follows the game's result") \
    X(RESULT_MISMATCH, "result-mismatch", ERROR, "the stated result is not the one the record gives") \
    X(CUT_SHORT, "cut-short", WARNING, "--lenient kept a broken game up to its first error; it ends in *") \
    X(BAD_COMMAND, "bad-command", WARNING, "junqi-render: a comment's arrow, mark or eval command it cannot draw (the rest is drawn)") \
    X(OTHER_ANNOTATION, "other-annotation", ERROR, "junqi-analyze: a game another annotator evaluated ([%eval] comments) is not annotated; junqi-replay --strip annotation removes them") \
    /* QQ replays and formations (docs/qq-format.md) */ \
    X(TRUNCATED, "truncated", ERROR, "the file ends inside a field or record") \
    X(BAD_MAGIC, "bad-magic", ERROR, "the file's magic is not a QQ replay's or formation's") \
    X(BAD_PIECE_CODE, "bad-piece-code", ERROR, "a layout byte is no QQ piece code") \
    X(BAD_POINT, "bad-point", ERROR, "a record's point is not on the four-player board") \
    X(BAD_RECORD, "bad-record", ERROR, "a record is neither a move nor an event") \
    X(BAD_EVENT, "bad-event", ERROR, "an event record has an unknown type") \
    X(BAD_SEAT, "bad-seat", ERROR, "a seat is not in the game or has no arm on the board") \
    X(HEADER_MISMATCH, "header-mismatch", WARNING, "a header field disagrees with the records") \
    X(UNFINISHED, "unfinished", WARNING, "the records end without a game-over event") \
    X(AFTER_GAME_OVER, "after-game-over", WARNING, "records follow the game-over event") \
    X(COMMENT_INDEX, "comment-index", WARNING, "a comment belongs to a record past the end") \
    X(BAD_TRAILER, "bad-trailer", WARNING, "bytes after the records are not a comment block") \
    X(BAD_ENCODING, "bad-encoding", WARNING, "a name or comment is not valid GBK") \
    /* YAML formations (docs/formation.md) */ \
    X(YAML_SYNTAX, "yaml-syntax", ERROR, "the YAML parser rejects the text") \
    X(BAD_FORMATION, "bad-formation", ERROR, "a document is no formation, or has an unknown key or board") \
    X(DUPLICATE_KEY, "duplicate-key", WARNING, "a formation gives a key twice; the last value counts") \
    X(BAD_ROWS, "bad-rows", ERROR, "a formation's rows are missing or not 6 rows") \
    X(ROW_LENGTH, "row-length", ERROR, "a row does not have 5 entries") \
    X(UNKNOWN_PIECE_NAME, "unknown-piece-name", ERROR, "an entry is not a piece name") \
    /* the setup rules (docs/rules.md) */ \
    X(PIECE_COUNT, "piece-count", ERROR, "a setup has the wrong number of a piece") \
    X(LANDMINE_ROW, "landmine-row", ERROR, "a landmine stands outside the back two rows") \
    X(BOMB_FRONT_ROW, "bomb-front-row", ERROR, "a bomb stands in the front row") \
    X(FLAG_NOT_IN_HEADQUARTERS, "flag-not-in-headquarters", ERROR, "the flag is not in a headquarters") \
    X(PIECE_ON_CAMP, "piece-on-camp", ERROR, "a piece starts on a camp") \
    X(EMPTY_POINT, "empty-point", ERROR, "a station or headquarters starts empty") \
    X(UNKNOWN_PIECE, "unknown-piece", ERROR, "a setup holds an unknown piece") \
    /* replay checks: moves (docs/rules.md, docs/boards.md) */ \
    X(AFTER_GAME_END, "after-game-end", ERROR, "a move after the game ended") \
    X(NO_PIECE, "no-piece", ERROR, "the move starts on an empty point") \
    X(NOT_ITS_TURN, "not-its-turn", ERROR, "the moving piece belongs to a seat whose turn it is not") \
    X(IMMOBILE_PIECE, "immobile-piece", ERROR, "a landmine or flag moves") \
    X(HEADQUARTERS, "headquarters", ERROR, "a piece leaves a headquarters") \
    X(NO_MOVE, "no-move", ERROR, "a move goes from a point to the same point") \
    X(OWN_PIECE, "own-piece", ERROR, "an attack on one's own piece") \
    X(ALLY_PIECE, "ally-piece", ERROR, "an attack on an ally's piece") \
    X(CAMP_ATTACK, "camp-attack", ERROR, "an attack on a piece in a camp") \
    X(RAIL_TURN, "rail-turn", ERROR, "a non-engineer turns a railway corner") \
    X(RAIL_BLOCKED, "rail-blocked", ERROR, "a railway run passes an occupied point") \
    X(NOT_CONNECTED, "not-connected", ERROR, "no road step or railway line joins the two points") \
    X(RAIL_STEPS, "rail-steps", ERROR, "rail_mode=three_steps: a railway move of more than three edges") \
    X(RAIL_TURNS, "rail-turns", ERROR, "rail_mode=one_turn: every clear railway path turns more than once") \
    X(MOUNTAIN_ATTACK, "mountain-attack", ERROR, "mountain=shelter: an attack on a piece in a mountain") \
    X(ATTACK_FROM_MOUNTAIN, "attack-from-mountain", ERROR, "mountain=shelter: an attack by a piece in a mountain") \
    X(CHECKS_STOPPED, "checks-stopped", NOTE, "after an illegal move the game's later moves are not checked") \
    /* replay checks: what the record says */ \
    X(ONE_SIDE, "one-side", ERROR, "the record has seats of one side only; a game needs two") \
    X(WRONG_MOVER, "wrong-mover", ERROR, "the record's mover is not the owner of the moving piece") \
    X(WRONG_OUTCOME, "wrong-outcome", ERROR, "the recorded combat result is not what the rules give") \
    X(NO_ASSIGNMENT, "no-assignment", ERROR, "a seat's record of a dark game, or a record from a position with hidden pieces: no identities of the hidden pieces agree with its moves") \
    X(NEXT_SEAT, "next-seat", ERROR, "the seat the record says moves next is not the seat whose turn it is") \
    X(MARSHAL_DEATH, "marshal-death", ERROR, "a marshal's death is recorded wrongly") \
    X(SHOWN, "shown", ERROR, "the identity a move shows (engineer_scout, reveal_on_combat) is recorded wrongly or not at all") \
    X(TIMEOUT_LIMIT, "timeout-limit", ERROR, "a timeout past the rule set's limit, which eliminates the seat") \
    X(FLAG_SHOWN, "flag-shown", ERROR, "the flags a move shows are not the ones the rules reveal") \
    X(ELIMINATION_REASON, "elimination-reason", ERROR, "an elimination's reason does not hold") \
    X(FEW_TIMEOUTS, "few-timeouts", WARNING, "a seat is eliminated for timeouts after fewer than the rule set's limit") \
    X(ALREADY_OUT, "already-out", WARNING, "a seat is eliminated a second time") \
    X(TIMEOUT_SEAT, "timeout-seat", ERROR, "a timeout by a seat whose turn it is not") \
    X(TIMEOUT_COUNT, "timeout-count", WARNING, "a timeout's recorded count is not the replay's") \
    X(END_NOT_DECIDED, "end-not-decided", WARNING, "the record says decided, but both sides are still in") \
    X(UNKNOWN_CODE, "unknown-code", NOTE, "a platform code whose meaning is unknown (kept as it is)") \
    X(EARLY_SURRENDER, "early-surrender", NOTE, "a surrender the platform's scoring does not allow (QQ: none within 20 moves)") \
    X(BAD_ITEM, "bad-item", ERROR, "a record item of an unknown kind") \
    /* flip games (docs/flip.md, docs/jgn.md §6) */ \
    X(BAD_DEAL, "bad-deal", ERROR, "a Deal does not deal both armies face down on the points but the camps") \
    X(FACE_UP, "face-up", ERROR, "a flip of a piece already face up") \
    X(NO_COLOUR, "no-colour", ERROR, "a seat without a colour moves (it may only flip)") \
    X(FACE_DOWN, "face-down", ERROR, "a face-down piece moves") \
    X(ATTACK_FACE_DOWN, "attack-face-down", ERROR, "an attack on a face-down piece that the rules do not allow") \
    X(LOSING_ATTACK, "losing-attack", ERROR, "an attack on a higher face-up rank, which the flip games forbid") \
    X(LANDMINE_ATTACK, "landmine-attack", ERROR, "an attack on a landmine by a piece that is no engineer or bomb") \
    X(FLAG_GUARDED, "flag-guarded", ERROR, "an attack on a flag while landmines of its colour remain") \
    X(FLAG_TAKER, "flag-taker", ERROR, "an attack on a flag by a piece the flag rules do not allow") \
    X(NO_SUCH_ATTACK, "no-such-attack", ERROR, "zuhe: an attack its combat table does not have") \
    X(BOMB_CAMP, "bomb-camp", ERROR, "zuhe: a bomb enters a camp") \
    X(BAD_PART, "bad-part", ERROR, "zuhe: a part of a stack that it does not hold or that leaves no group behind") \
    X(SPLIT_IN_CAMP, "split-in-camp", ERROR, "zuhe: a stack in a camp moves in part") \
    X(BAD_DROP, "bad-drop", ERROR, "carry_home: a flag set down where none is carried, or kept in an attack") \
    X(ONE_STEP, "one-step", ERROR, "zuhe: a piece that moves one step at a time goes further") \
    X(FLIP_IDENTITY, "flip-identity", ERROR, "a flip shows another piece than the deal, or one no longer face down") \
    X(FLIP_UNKNOWN, "flip-unknown", ERROR, "a flip does not say what it showed, and the record has no Deal") \
    X(COLOUR_EVENT, "colour-event", ERROR, "a colour event is missing, wrong, or where no colour is assigned") \
    X(FORBIDDEN_SURRENDER, "forbidden-surrender", ERROR, "a surrender before the rule set allows one (fanfan: move 20)")

/** A diagnostic code: one line of JUNQI_DIAG_CODES. */
typedef enum junqi_code {
#define JUNQI_CODE_ENUM_(id, name, severity, meaning) JUNQI_CODE_##id,
    JUNQI_DIAG_CODES(JUNQI_CODE_ENUM_)
#undef JUNQI_CODE_ENUM_
    JUNQI_CODE_COUNT /**< the number of codes (not a code) */
} junqi_code;

/** The code's stable kebab-case name ("rail-turn"); "?" for a value that is no code. Static. */
const char *junqi_code_name(junqi_code c);

/** The code's severity (the table's). */
junqi_severity junqi_code_severity(junqi_code c);

/** The code's one-line meaning (the table's), static; "" for a value that is no code. */
const char *junqi_code_meaning(junqi_code c);

/** The code named `name`, or JUNQI_CODE_COUNT when no code has that name. */
junqi_code junqi_code_parse(const char *name);

/** Where something is in its source; -1 in a field means "does not apply". */
typedef struct junqi_loc {
    long offset; /**< byte offset in the file (binary inputs only: the record's, or the field's) */
    int record;  /**< 0-based record index among all records (binary inputs) */
    int line;    /**< 1-based line (text inputs) */
    int column;  /**< 1-based column in characters (text inputs) */
    int item;    /**< 1-based: the item of its source (the Nth game or formation) the problem is
                      in, as junqi_input's index (junqi_input_place_diags); 0: none known, or a
                      problem of the source as a whole */
} junqi_loc;

/** A location that says nothing. */
#define JUNQI_NOWHERE ((junqi_loc){-1, -1, -1, -1, 0})

/**
 * The most bytes of a diagnostic's source line kept on each side of its
 * column (junqi_diag_set_line): a longer line (a game whose moves are all on
 * one line) is kept in part, so that the many problems one line may have
 * (a control character in each of its comments) do not each hold a copy of
 * all of it.
 */
#define JUNQI_DIAG_LINE_CONTEXT 2048

/** One diagnostic. Strings are owned by the list that holds it. */
typedef struct junqi_diag {
    junqi_severity severity; /**< the code's (junqi_code_severity) */
    junqi_code code;         /**< what it is; junqi_code_name() gives "rail-turn", "truncated" */
    char *message;  /**< one sentence in the language of LC_MESSAGES (English by default; docs/i18n.md), no trailing newline */
    int move;       /**< the move's number as the record writes it (from 1; one past a set start
                         position's ply, junqi_game_first_number()), or -1 */
    junqi_loc loc;
    /** the offending text line for a caret display, or NULL; of a long line,
     *  the part of it within JUNQI_DIAG_LINE_CONTEXT bytes of the column,
     *  cut between characters (source_column says where it starts) */
    char *source_line;
    /** source_line's length in bytes: it holds the NUL bytes of an input that had them
     *  (a NUL ends the line only when the text's end is not known); 0 with a source line
     *  set by other means than junqi_diag_set_line: strlen(source_line) */
    size_t source_len;
    /** the column (as loc.column counts) of source_line's first character:
     *  1 for a whole line (0, as a zeroed diagnostic has it, means 1 too) */
    int source_column;
} junqi_diag;

/** A growing list of diagnostics. Zero-initialise, or use junqi_diags_init(). */
typedef struct junqi_diags {
    junqi_diag *items;
    size_t n, cap;
    size_t errors; /**< how many items are errors */
} junqi_diags;

void junqi_diags_init(junqi_diags *d);

/** Free every diagnostic's strings and the array; the list is empty after. */
void junqi_diags_free(junqi_diags *d);

/**
 * Append a diagnostic of code `code` (its severity is the table's) with a
 * printf-style message, translated (the format is a msgid of domain
 * "junqi", i18n.h) for LC_MESSAGES. move is 1-based or -1. On out-of-memory the
 * diagnostic is dropped (the error count still rises for errors, so
 * validity is never overstated). A NULL list is allowed and ignores
 * everything.
 */
void junqi_diags_add(junqi_diags *d, junqi_code code, int move, junqi_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/** As junqi_diags_add with a va_list. */
void junqi_diags_vadd(junqi_diags *d, junqi_code code, int move, junqi_loc loc, const char *fmt,
                      va_list ap);

/**
 * Move diagnostics from[first .. first + n - 1] to the end of `to` (their
 * strings now belong to `to`; the items left in `from` are emptied, and are
 * freed as nothing by junqi_diags_free). Error counts follow. Returns false,
 * moving none, when out of memory.
 */
bool junqi_diags_move(junqi_diags *to, junqi_diags *from, size_t first, size_t n);

/**
 * Give g its source line, for a caret display: the line that starts at
 * `line` and ends at the first newline, or at `end` (NULL: at the first
 * NUL; with an end a NUL byte is part of the line, and source_len counts
 * it), less a CR before its newline, kept whole or, past
 * JUNQI_DIAG_LINE_CONTEXT bytes on either side of g's column, in part
 * (junqi_diag.source_line, source_column). `at` is where on the line g's
 * column is (NULL: found from g->loc.column, the line's end when it is
 * shorter). Only the part kept is read past the column. Any line g had is
 * replaced; false when memory runs out (g has none then).
 */
bool junqi_diag_set_line(junqi_diag *g, const char *line, const char *end, const char *at);

/**
 * Give each diagnostic from index `from` on that has a line number but no
 * source line the text of that line of `text` (len bytes, whose first line
 * is line number first_line of the input), for a caret display
 * (junqi_diag_set_line). Lines outside the text, and out of memory, leave
 * them without. The diagnostics are found on from the last one's line and
 * column while they come in order.
 */
void junqi_diags_attach_lines(junqi_diags *d, size_t from, const char *text, size_t len,
                              long first_line);

/**
 * Add a diagnostic of `code` whose message is `msgid` (a format without
 * conversions, translated as junqi_diags_add() translates its format: the
 * caller marks it N_()), located at byte `at` of the len bytes at text: at
 * its line and column (in characters; the text's first line is line number
 * first_line of the input, and starts at column 1), and shown with that line
 * up to its newline or the text's end, NUL bytes included. So a NUL byte in
 * a format of text (JGN, position strings, YAML: a binary file, or UTF-16
 * read as bytes) is reported where it is, rather than as the parse error it
 * would cause elsewhere. d may be NULL.
 */
void junqi_diags_add_at_byte(junqi_diags *d, junqi_code code, const char *text, size_t len, long first_line,
                             const char *at, const char *msgid);

/**
 * Locate the diagnostic g at byte `at` of the len bytes at text, as
 * junqi_diags_add_at_byte() locates the one it adds: its line and column (in
 * characters; the text's first line is line number first_line of the input)
 * and that line as its source line, in place of any it had. So a problem
 * that a parser reports by byte offset (libyaml's reader: a byte that is not
 * UTF-8) is shown where it is.
 */
void junqi_diag_place_at_byte(junqi_diag *g, const char *text, size_t len, long first_line, const char *at);

/** "error", "warning", "note": the English names, as in JSON (a text display translates them). */
const char *junqi_severity_name(junqi_severity s);

#ifdef __cplusplus
}
#endif

#endif
