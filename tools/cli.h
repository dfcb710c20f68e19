/* SPDX-License-Identifier: MIT */
/*
 * cli.h - what the tools share: reading inputs (format detected by content),
 * printing diagnostics in the forms of docs/conventions.md, exit codes,
 * option values, and output files written through a temporary file.
 */
#ifndef JUNQI_CLI_H
#define JUNQI_CLI_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#include "diag.h"
#include "json.h"
#include "replay.h"
#include "report.h"
#include "source.h"
#include "version.h"

/** Exit statuses (cli.md "Exit status"). */
enum {
    JUNQI_EXIT_OK = 0,      /**< success, all inputs valid */
    JUNQI_EXIT_INVALID = 1, /**< some input is invalid */
    JUNQI_EXIT_USAGE = 2,   /**< usage error */
    JUNQI_EXIT_IO = 3,      /**< a file could not be read or written */
    JUNQI_OPTIONS_GO_ON = -1 /**< not an exit status: an option parser's "read, go on" */
};

/** How results are printed (`--format`). */
typedef enum junqi_cli_format {
    JUNQI_FORMAT_TEXT,
    JUNQI_FORMAT_JSON
} junqi_cli_format;

/**
 * Open `path` as a source (source.h; "-" or NULL: standard input). Returns
 * NULL, with "PROG: FILE: reason" on stderr, when it cannot be opened or
 * read (exit status JUNQI_EXIT_IO); a FILE#N that is not there where FILE
 * is adds that FILE#N picks a formation, and the tool's game picker
 * (junqi_cli_set_game_picker()). The source reads its records with the
 * --rules parsed last (junqi_cli_with_rules()).
 */
junqi_source *junqi_cli_open(const char *prog, const char *path, unsigned flags);

/**
 * The option (static text) with which this tool picks the game numbered N of
 * a file, as it is written before N: "--game ", "--select index=". A game
 * input FILE#N that is not there names it (junqi_cli_open()). Unset (NULL):
 * the tool picks none (junqi-validate reads every game).
 */
void junqi_cli_set_game_picker(const char *option);

/**
 * Source src (NULL allowed) set to read its records with the --rules that
 * junqi_cli_parse_rules() read last, if any (junqi_source_assume_rules(): a
 * JGN game that states no board is on that rule set's board, not on the
 * four-player board); returns src. junqi_cli_open() and
 * junqi_cli_read_game() do it; a tool that opens a source itself calls it.
 */
junqi_source *junqi_cli_with_rules(junqi_source *src);

/** A source of one position string (`--position`); NULL, with a message on stderr, on OOM. */
junqi_source *junqi_cli_open_position(const char *prog, const char *text);

/**
 * What a tool does with one item of a source: `rc` is junqi_source_next()'s
 * result for it (never JUNQI_READ_END), d its diagnostics so far. Returns
 * the item's exit status.
 */
typedef int (*junqi_item_fn)(void *ctx, const junqi_source *src, junqi_input *in, junqi_diags *d,
                             junqi_read_status rc);

/**
 * Add what one item (a game, a file, an output) of a run ended with, the
 * exit status `item`, to the run's exit status *status (docs/conventions.md,
 * "Exit status" and "Outputs of several files"): the higher of the two,
 * but a usage error stops the run and is its status whatever came before
 * or comes after (an output that could not be written, 3, does not hide
 * it). Returns true when the run must stop: *status is JUNQI_EXIT_USAGE.
 */
bool junqi_cli_status_add(int *status, int item);

/**
 * Run fn on every item of src, then close src (NULL: returns JUNQI_EXIT_IO,
 * as junqi_cli_open() failed). Stops after a read error or a usage
 * error, and reads no further item once a signal stopped the run
 * (junqi_cli_stop_signal()). Returns the highest exit status of the items, but
 * JUNQI_EXIT_USAGE after a usage error, whatever came before it. Standard
 * output is flushed after each item of a pipe or a terminal
 * (junqi_source_live): its next item may be long in coming.
 */
int junqi_source_each(junqi_source *src, junqi_item_fn fn, void *ctx);

/**
 * As junqi_source_each() for tools that take game records: each item's
 * diagnostics go to stderr, a formation is refused ("a formation, not a game
 * record"), and fn(ctx, in) is called for each record (also for a broken
 * JGN game read leniently, whose status is then at least JUNQI_EXIT_INVALID).
 */
int junqi_cli_each_record(const char *prog, junqi_source *src, int (*fn)(void *ctx, junqi_input *in),
                          void *ctx);

/**
 * As junqi_cli_each_record(), for a source that must hold a record: the
 * last one a tool reads when it has found none in the others (junqi-analyze
 * --graph draws the first game of its inputs). A source of zero items is
 * then the `empty` error that junqi_cli_load_game() gives, in place of the
 * `no-games` note, and JUNQI_EXIT_INVALID.
 */
int junqi_cli_each_needed_record(const char *prog, junqi_source *src, int (*fn)(void *ctx, junqi_input *in),
                                 void *ctx);

/**
 * The check a tool makes of every game of an input before it writes
 * anything (junqi-render's pages, junqi-analyze's --rules and --only-seat):
 * fn(ctx, in) for each record of src, quietly, what reading says being left
 * to the run that follows (items that are no record, and a source that
 * cannot be read, are passed over); src is closed (NULL: nothing checked).
 * Stops at the first JUNQI_EXIT_USAGE of fn, said by fn, and returns it;
 * else JUNQI_EXIT_OK.
 */
int junqi_cli_check_records(junqi_source *src, int (*fn)(void *ctx, junqi_input *in), void *ctx);

/**
 * An item's number as the user gave it (`--game N`, the engine protocol's
 * `game N`): its value, from 1 (SIZE_MAX when it is too large to count:
 * past the end of any input), and the text it was read from, which the
 * messages about it quote (a value of SIZE_MAX does not say what was typed).
 */
typedef struct junqi_cli_ordinal {
    size_t n;          /**< the number; 0: none given (the first item) */
    const char *text;  /**< its digits as given, for messages; NULL when none was given */
} junqi_cli_ordinal;

/**
 * Load item `game` (its number from 1: the Nth game of a JGN file or of
 * position strings, as junqi_input.index counts them; a QQ file holds one;
 * NULL or game->n 0: the first) of `path`, for tools that take one record
 * and let the user choose it (junqi-render --game), read with the source
 * flags `flags`; the items before it are read and dropped, with what
 * reading them said. As junqi_cli_load() otherwise, and a source that ends
 * before item `game` is a usage error, as a --ply past the end is
 * (docs/conventions.md): "PROG: FILE: --game N is past the end: the input
 * holds K games" (N as the user typed it, game->text; a file of formations
 * "holds K formations and no game") and the --help hint
 * on stderr, JUNQI_EXIT_USAGE returned, in->name set and no record in *in.
 */
int junqi_cli_load_game(const char *prog, const char *path, unsigned flags, const junqi_cli_ordinal *game,
                        junqi_input *in, junqi_diags *d, junqi_source **keep);

/**
 * What a source held that ended before the item asked for
 * (junqi_cli_read_game()), counted by kind, so that messages say it as it
 * is: "holds 1 formation and no game", not "1 game". A source's items are
 * all of its format's kind (formats/source.h: JGN games or position strings
 * are records, YAML and .jql formations), so one of the two is 0; a broken
 * game read with nothing kept counts as a game.
 */
typedef struct junqi_cli_held {
    size_t games;      /**< records, and broken games */
    size_t formations; /**< formations */
} junqi_cli_held;

/**
 * As junqi_cli_load_game(), for a caller with its own words for what goes
 * wrong (the engine protocol's error lines), and nothing said on stderr: a
 * file that cannot be opened returns JUNQI_EXIT_IO with the reason in err
 * (n bytes, as junqi_source_open() gives it; "" whenever the file was
 * opened); a source that ends before item `game` returns JUNQI_EXIT_USAGE
 * with what it holds in *held (zeros otherwise). In both cases
 * in->name is set and *in holds no record. fp: the file of path, opened
 * already by the caller (taken: closed with the source, or here when it
 * cannot be read), read from where it stands, and path only its name; NULL:
 * path is opened here.
 */
int junqi_cli_read_game(FILE *fp, const char *path, unsigned flags, const junqi_cli_ordinal *game,
                        junqi_input *in, junqi_diags *d, junqi_source **keep, junqi_cli_held *held, char *err,
                        size_t n);

/**
 * Whether src, open after the item a tool took, holds another game (a record
 * or a broken one; a formation counts too): the next item is read and
 * dropped, with what reading it said. False at the end or when the source
 * cannot be read on.
 */
bool junqi_cli_more_games(junqi_source *src);

/**
 * For a tool that took the first game of a file because no --game was given
 * (junqi-render's picture, junqi-analyze --go and --perft): when src (open
 * after that game; NULL: nothing) holds another, the one-line note "PROG:
 * NAME holds more than one game; game 1 is used (--game N chooses another)"
 * on stderr (docs/conventions.md "Which item"). The exit status is not
 * changed by it.
 */
void junqi_cli_note_more_games(const char *prog, junqi_source *src, const char *name);

/**
 * Parse the number of an item, a whole decimal number from 1 of any size,
 * into *n, text kept in n->text: one too large for a size_t is SIZE_MAX,
 * past the end of any input (so that it is said to be past the end, as the
 * next number after the last item is, quoting text). False for anything
 * else: no digits, a sign, 0.
 */
bool junqi_cli_parse_ordinal(const char *text, junqi_cli_ordinal *n);

/**
 * Parse a `--game` value, a game's number from 1 of any size
 * (junqi_cli_parse_ordinal; docs/conventions.md "Which item"), into *game
 * (text must outlive it: an argv string). Anything else (0, a sign, no
 * number) is a usage error: "PROG: --game takes a game's number, from 1,
 * not 'TEXT'" and the --help hint on stderr, JUNQI_EXIT_USAGE returned;
 * else JUNQI_EXIT_OK.
 */
int junqi_cli_parse_game(const char *prog, const char *text, junqi_cli_ordinal *game);

/**
 * A `--ply` value as the user gave it: the ply, from 0 (LONG_MAX when it is
 * too large to count: past the end of any record; JUNQI_REPORT_END, -1:
 * none given, the end; JUNQI_REPORT_ALL: every position, --all), and the
 * text it was read from, which the messages about it quote (so that "0193"
 * or "99999999999999999999" is said as typed).
 */
typedef struct junqi_cli_ply {
    long n;           /**< the ply, or JUNQI_REPORT_END or JUNQI_REPORT_ALL */
    const char *text; /**< its digits as given, for messages; NULL when none was given */
} junqi_cli_ply;

/** The junqi_cli_ply of no --ply: the end (JUNQI_REPORT_END). */
#define JUNQI_CLI_PLY_END ((junqi_cli_ply){JUNQI_REPORT_END, NULL})

/**
 * Parse a `--ply` value, a whole decimal number from 0 of any size, into
 * *ply (text must outlive it: an argv string); one too large for a long is
 * LONG_MAX, past the end of any record, so that it is said to be past the
 * end as any other ply past the end is, quoting text (docs/conventions.md
 * "Words"). Anything else (a sign, no digits, 1e3, 0x10, an empty string) is
 * a usage error: "PROG: --ply takes a number of moves, from 0, not 'TEXT'"
 * and the --help hint on stderr, JUNQI_EXIT_USAGE returned; else
 * JUNQI_EXIT_OK.
 */
int junqi_cli_parse_ply(const char *prog, const char *text, junqi_cli_ply *ply);

/**
 * Take the name `text` given to `option` ("-o", "--frames", "--setups"), a
 * file's or, with `folder`, a folder's, into *name (text must outlive it: an
 * argv string). An empty name (`-o "$out"` with out unset) names nothing the
 * system could make or read: a usage error naming the option, "PROG: -o takes
 * a file's name, not ''" (or "a folder's name") and the --help hint on
 * stderr, JUNQI_EXIT_USAGE returned, so that it is said while the options
 * are read, before any input is read or output made, and not as the
 * system's "No such file or directory" (exit 3) once the tool gets to it
 * (docs/conventions.md "Options"); else JUNQI_EXIT_OK.
 */
int junqi_cli_take_name(const char *prog, const char *option, const char *text, bool folder, const char **name);

/**
 * Load the first item of `path` (for tools that take one record), read with
 * the source flags `flags` (source.h: JUNQI_SOURCE_LENIENT). Returns
 * JUNQI_EXIT_OK, JUNQI_EXIT_INVALID (problems in d; in->kind may still be
 * set when a record was read leniently) or JUNQI_EXIT_IO (message printed
 * to stderr as "PROG: FILE: reason"). With `keep`, the source is handed
 * back open in *keep (NULL when it could not be opened), for
 * junqi_cli_check_record() to show the lines of the record's problems; the
 * caller closes it (junqi_source_close). NULL: it is closed here.
 */
int junqi_cli_load(const char *prog, const char *path, unsigned flags, junqi_input *in, junqi_diags *d,
                   junqi_source **keep);

/**
 * Look for the formation called `name` (its name or an alias, formation.h)
 * in the formation folders, in order: those of the environment variable
 * JUNQI_FORMATIONS (':'-separated), then the installed formations folder,
 * found from the tool's folder as FORMATIONDIR lies from BINDIR (the
 * Makefile's; by default ../share/junqi/formations: PREFIX/bin and
 * PREFIX/share/junqi/formations), then
 * samples/formations one or two folders up from it (the source tree's bin/
 * and build-asan/bin/). Returns 1 with the file in path (n bytes) and the
 * formation's number in it (from 1) in *index; 0 when none holds it, with
 * the folders searched (':'-separated) in path, for a message; -1 when
 * memory runs out.
 */
int junqi_cli_find_formation(const char *name, char *path, size_t n, size_t *index);

/** As junqi_cli_load() for a `--position STRING`. */
int junqi_cli_load_position(const char *prog, const char *text, junqi_input *in, junqi_diags *d,
                            junqi_source **keep);

/**
 * As junqi_cli_load_position(), for a caller with its own words for what
 * goes wrong (the engine protocol's error lines), and nothing said on
 * stderr: when memory runs out before the text can be read,
 * JUNQI_EXIT_IO is returned with nothing in d and no record in *in.
 */
int junqi_cli_read_position(const char *text, junqi_input *in, junqi_diags *d, junqi_source **keep);

/** True for the control characters that text output escapes (C0 but tab, and DEL). */
bool junqi_cli_control(unsigned char c);

/**
 * Write s to out with each control character (junqi_cli_control) and each
 * byte that starts no well-formed UTF-8 sequence (text.h,
 * junqi_utf8_sequence) as \xHH, so that no text from an input (an ESC, a
 * BEL, a stray Latin-1 byte) reaches a terminal raw and what is written
 * stays valid UTF-8.
 */
void junqi_cli_put_visible(FILE *out, const char *s);

/**
 * junqi_cli_put_visible() of the len bytes at s, which may hold NUL bytes
 * (each written \x00): a line read from a program, kept whole.
 */
void junqi_cli_put_visible_n(FILE *out, const char *s, size_t len);

/**
 * junqi_cli_put_visible() for a field of a tab-separated line (junqi-replay
 * --list, docs/collections.md): a tab in s is written \x09 too, so that it
 * cannot split the field.
 */
void junqi_cli_put_field(FILE *out, const char *s);

/**
 * Print diagnostics about input `file` in text or JSON (one object per line,
 * cli.md "Diagnostics"). Text form: "FILE: move N (record K, offset 0x1F6):
 * error: message" for binary inputs, "FILE:LINE:COL: error: message" with
 * the source line and a caret for text inputs; control characters of the
 * file name, message and line are shown as \xHH (junqi_cli_put_visible).
 */
void junqi_cli_print_diags(FILE *out, const char *file, const junqi_diags *d, junqi_cli_format fmt);

/**
 * The text argument `arg` of option `option` ("--select") as UTF-8 into buf
 * (n bytes): junqi_cli_locale_text() (termtext.h), which converts what a
 * terminal of a GBK or Big5 locale typed. Returns JUNQI_EXIT_OK, or a usage
 * error, said, when arg is not text of the locale's character set or is
 * too long once in UTF-8.
 */
int junqi_cli_text_arg(const char *prog, const char *option, const char *arg, char *buf, size_t n);

/**
 * Print "PROG: message" (skipped when fmt is NULL, as after getopt's own
 * message) and "Try 'PROG --help' for more information." to stderr; returns JUNQI_EXIT_USAGE so callers can `return junqi_cli_usage(...)`.
 */
int junqi_cli_usage(const char *prog, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

struct option;

/**
 * Report the option getopt_long() just rejected (call with opterr = 0, on
 * '?' or ':'), naming the tool rather than argv[0]: a long option of
 * `longopts` (the table given to getopt_long, ended by a NULL name) that
 * lacks its argument, has one it does not take, is an ambiguous
 * abbreviation or is unknown, or a short one of `shortopts` (getopt_long's
 * string) that lacks its argument, or is unknown. Returns JUNQI_EXIT_USAGE.
 */
int junqi_cli_bad_option(const char *prog, char **argv, const char *shortopts, const struct option *longopts);

/** The most options of one value a command line may give (junqi_cli_once()'s memory). */
#define JUNQI_CLI_MAX_OPTIONS 48

/** The first value of each option given so far (junqi_cli_once()); start it zeroed. */
typedef struct junqi_cli_given {
    int code[JUNQI_CLI_MAX_OPTIONS];           /**< getopt_long()'s code of each */
    const char *value[JUNQI_CLI_MAX_OPTIONS];  /**< its first value, in argv */
    int n;
} junqi_cli_given;

/**
 * The one rule of an option given twice (docs/conventions.md, "Options"):
 * call it for getopt_long()'s code c and optarg `value` of each option but
 * those that add up (--select, --setup, --arrow, --mark, --setups,
 * --option...). An option of one value (it takes an argument in `longopts`
 * or `shortopts`) keeps its first value in *given; the same text again is
 * that value, and another text is a usage error naming both, as the two
 * cannot combine and the last would drop the first without a word:
 * "PROG: --rules is given twice, 'standard' and 'wiki': give one" and the
 * --help hint on stderr, JUNQI_EXIT_USAGE returned. An option without an
 * argument may come again (it says the same). Else JUNQI_EXIT_OK.
 */
int junqi_cli_once(const char *prog, junqi_cli_given *given, const char *shortopts,
                   const struct option *longopts, int c, const char *value);

/**
 * Start replaying in's record (without checks). When it cannot start (its
 * seats or rule set do not fit its board, a single seat), the reason is
 * printed to stderr as a diagnostic, with its source line from src (the
 * source in was read from; NULL: a record made in memory has none), and
 * false returned: an invalid input.
 */
bool junqi_cli_replay_start(const junqi_input *in, const junqi_source *src, junqi_replay *r);

/**
 * Check a `--ply` value (JUNQI_CLI_PLY_END: the end) against the plies of
 * in's record (junqi_record_plies, report.h): outside first .. last is a
 * usage error that names them and quotes the ply as typed
 * (junqi_record_check_ply_as's message printed, with the input's label),
 * returning JUNQI_EXIT_USAGE; else JUNQI_EXIT_OK. can_select: the tool
 * takes --select (junqi-replay), and a ply past the end says how to keep
 * only the games that reach it.
 */
int junqi_cli_check_ply(const char *prog, const junqi_input *in, const junqi_plies *p, const junqi_cli_ply *ply,
                        bool can_select);

/**
 * Check in's record as junqi-validate does (junqi_check_item) and, when it
 * has errors, print its problems to stderr, each with the line of src it
 * points at and a caret (src: the open source in was read from, last;
 * NULL: no lines). Unless lenient, the plies p (junqi_record_plies) stop
 * before its first illegal move (junqi_plies_stop): the positions after it
 * never happened (docs/conventions.md), and when `ply` (a --ply value,
 * JUNQI_CLI_PLY_END, or JUNQI_REPORT_ALL for --all) asks for more, a line
 * says where the positions stop, quoting a --ply as typed; lenient leaves p
 * alone (it may be NULL then: a converter checks the whole record only).
 * The check's summary into *summary when not NULL (--go takes what it
 * inferred of the hidden pieces: junqi_summary's knowledge). Returns
 * JUNQI_EXIT_INVALID when the record has errors, else JUNQI_EXIT_OK.
 */
int junqi_cli_check_record(const char *prog, const junqi_source *src, const junqi_input *in, junqi_plies *p,
                           const junqi_cli_ply *ply, bool lenient, junqi_summary *summary);

/**
 * Parse a whole decimal number from 0 to max (0 <= max <= INT64_MAX),
 * digits only (no sign, blank or base prefix), into *out. The counts of
 * options and of the engine protocol are int64_t, not long, so that they
 * hold the same range on every platform (long has 32 bits on i386 and
 * armhf). False, *out unchanged, for anything else, a number past max of
 * any length included.
 */
bool junqi_cli_parse_count(const char *text, int64_t max, int64_t *out);

/**
 * Parse the value of the option `--NAME` (name without its dashes), a
 * whole number from min to max (0 <= min <= max), into *out. Anything else
 * is a usage error that says the range: "PROG: --NAME takes a number from
 * MIN to MAX, not 'TEXT'" and the --help hint on stderr, JUNQI_EXIT_USAGE
 * returned (*out unchanged); else JUNQI_EXIT_OK.
 */
int junqi_cli_parse_range(const char *prog, const char *name, const char *text, int64_t min, int64_t max,
                          int64_t *out);

/** The largest node budget: `--nodes`, and the engine protocol's Nodes and go nodes (docs/protocol.md);
 *  the library's (play.h), which the Python binding's go() takes too. */
#define JUNQI_CLI_MAX_NODES JUNQI_MAX_NODES

/** The longest time limit, in milliseconds (a day): `--movetime`, and the protocol's go movetime (play.h). */
#define JUNQI_CLI_MAX_MOVETIME ((int64_t)JUNQI_MAX_MOVETIME)
_Static_assert(JUNQI_CLI_MAX_MOVETIME <= INT_MAX, "a movetime fits junqi_search_limits.movetime, an int");

/** The largest `--seed` (and the engine protocol's Seed, docs/protocol.md; play.h). */
#define JUNQI_CLI_MAX_SEED JUNQI_MAX_SEED

/**
 * Parse a `--seed` value, a whole number from 0 to JUNQI_CLI_MAX_SEED, into
 * *seed. Anything else is a usage error: "PROG: --seed takes 0 to
 * 2147483647, not 'TEXT'" and the --help hint on stderr, JUNQI_EXIT_USAGE
 * returned (*seed unchanged); else JUNQI_EXIT_OK.
 */
int junqi_cli_parse_seed(const char *prog, const char *text, uint64_t *seed);

/**
 * Parse a `--rules` value, a rule string (docs/variants.md "Rule strings"),
 * for whatever board its named set is for: *out gets the interned rule
 * set. A bad string is a usage error: "PROG: --rules: MESSAGE" and the
 * --help hint on stderr, and JUNQI_EXIT_USAGE is returned; else
 * JUNQI_EXIT_OK.
 */
int junqi_cli_parse_rules(const char *prog, const char *text, const junqi_rules **out);

/**
 * Whether `rules`, a --rules set, sets switch `name` (a switch of the
 * table, "first" or "mode"; another name aborts): its value is another than
 * its named set's, or, for the set junqi_cli_parse_rules() read last, the
 * text as typed spells name= (the named set's own value,
 * "standard,first=south", which the canonical string drops: the user asked
 * for it all the same, and a record's First or Mode tag or a deal's drawn
 * seat must not take its place without a word).
 */
bool junqi_cli_rules_set(const junqi_rules *rules, const char *name);

/**
 * Play record g (input `name`) under the `--rules` rule set `rules` (NULL:
 * none given, g keeps its own): junqi_game_set_rules(). A rule set of
 * another board or game family does not fit the game, nor one whose first=
 * names another seat than the record's First tag (not beside a Position),
 * or whose mode= another mode than its Mode tag (g->has_mode), which the
 * record would then contradict (docs/jgn.md §2), be it the named set's own
 * value, spelt in the --rules text junqi_cli_parse_rules() read (it was
 * dropped without a word; "PROG: NAME: --rules standard,mode=dark has
 * mode=dark, and the record's Mode tag says open"): a usage error
 * (docs/conventions.md), printed to stderr with the input's name, and
 * JUNQI_EXIT_USAGE is returned (g unchanged); else JUNQI_EXIT_OK.
 */
int junqi_cli_apply_rules(const char *prog, const char *name, junqi_game *g,
                          const junqi_rules *rules);

/**
 * Check a formation f (input `name`) under the `--rules` rule set `rules`
 * (NULL: none given): a flip game's rule set (its pieces are dealt, not
 * set up), or one of another board than the board f names, does not fit
 * it: a usage error (cli.md), printed to stderr with the input's name, and
 * JUNQI_EXIT_USAGE is returned; else JUNQI_EXIT_OK. A formation that names
 * no board fits either (docs/formation.md).
 */
int junqi_cli_check_formation_rules(const char *prog, const char *name, const junqi_formation *f,
                                    const junqi_rules *rules);

/**
 * What FILE#WHICH chose (junqi-replay --setup SEAT=FILE#WHICH, junqi-render
 * FILE#WHICH; docs/formation.md): a file, and which of its formations.
 */
typedef struct junqi_cli_formation_choice {
    char path[4096];      /**< the file */
    const char *which;    /**< the formation's name or 1-based number (into the argument, or
                               which_text), or NULL: none chosen */
    char which_text[256]; /**< a name typed after '#', as UTF-8 (junqi_cli_text_arg), or the
                               number of the formation a --setup name found */
} junqi_cli_formation_choice;

/**
 * Split `arg`, FILE#WHICH, into *c at its last '#'; a file whose name holds
 * '#' is taken whole when it exists (c->which NULL, as for an argument with
 * no '#'). False when FILE does not fit c->path.
 */
bool junqi_cli_split_formation(const char *arg, junqi_cli_formation_choice *c);

/**
 * Load the formation that `arg`, FILE[#NAME|#N], chooses into *f (its name
 * owned by the caller: free(f->name) when JUNQI_EXIT_OK is returned; its
 * aliases are not kept, NULL), for
 * option `option` ("--setup"; NULL: arg is the tool's FILE argument, and
 * arg holds '#' and a choice: junqi-render). #NAME finds a formation by its
 * name or an alias (junqi_formation_named), #N by its number from 1. With
 * option set, an arg that names no file and holds no '/' or '#' names a
 * formation of the formation folders (junqi_cli_find_formation). The
 * chosen formation is checked under `rules` (NULL: the shared setup rules;
 * junqi_formation_check_under) and its problems, and the file's (a game
 * record in it: not-a-formation), are printed to stderr located in the
 * file. Returns JUNQI_EXIT_OK; JUNQI_EXIT_INVALID when the formation breaks
 * a rule or the file holds none; JUNQI_EXIT_USAGE, said, when several are
 * there and none is chosen, or the choice names none of them (the message
 * says how many there are); JUNQI_EXIT_IO when the file cannot be read, or
 * memory runs out.
 */
int junqi_cli_load_formation(const char *prog, const char *option, const char *arg, const junqi_rules *rules,
                             junqi_formation *f);

/**
 * Check that seat `seat` (JUNQI_NO_SEAT: none given), given with option
 * `option` ("--view"), takes part in record g (input `name`). A seat that
 * does not is a usage error: printed to stderr, naming the game's seats,
 * and JUNQI_EXIT_USAGE is returned; else JUNQI_EXIT_OK.
 */
int junqi_cli_check_seat(const char *prog, const char *name, const junqi_game *g,
                         const char *option, int seat);

/**
 * Check `--view SEAT` (seat; JUNQI_NO_SEAT: none given, or all) for record g
 * (input `name`): the seat takes part (junqi_cli_check_seat), and a record
 * of one seat's view (g->view, docs/jgn.md "View") is shown from that seat
 * only (junqi_record_check_view, report.h, which the string calls of the
 * Python binding share): another seat is a usage error, printed to stderr,
 * and JUNQI_EXIT_USAGE is returned; else JUNQI_EXIT_OK.
 */
int junqi_cli_check_view(const char *prog, const char *name, const junqi_game *g, int seat);

/**
 * The tools' first call: the locale of the environment (setlocale(LC_ALL,
 * "")), so that messages follow LANG, LC_ALL, LC_MESSAGES and LANGUAGE
 * (i18n.h, docs/i18n.md), but LC_NUMERIC stays "C": numbers in JSON, JGN and
 * every other output, and those parsed from the command line, keep the
 * decimal point whatever the language. The messages, strerror()'s reasons
 * too, are UTF-8 whatever the locale's character set (zh_CN.GBK), as the
 * library's are (i18n.h) and the files the tools write. A tool of the build tree, with no
 * JUNQI_LOCALEDIR set, sets it to the catalogs built beside it
 * (docs/i18n.md, "Where the catalogs are").
 */
void junqi_cli_set_locale(void);

/**
 * The piece names' script that the locale asks for, the default of the
 * tools' --names (docs/i18n.md): the script of the messages' catalog when
 * there is one (zh_CN: zh, zh_TW: zh-Hant); else that of the first Chinese
 * name in LANGUAGE or of the LC_MESSAGES locale (zh_TW, zh_HK, zh_MO and
 * zh_Hant: zh-Hant; any other zh: zh); else `otherwise`. Call after
 * junqi_cli_set_locale().
 */
junqi_names junqi_cli_locale_names(junqi_names otherwise);

/** Parse a --format value: "text" or "json". */
bool junqi_cli_parse_format(const char *text, junqi_cli_format *out);

/** An output file written through a temporary file in the same folder. */
typedef struct junqi_cli_output {
    FILE *fp;        /**< write here */
    char *path;      /**< the file written (a symbolic link's target), or NULL for stdout */
    char *tmp_path;  /**< the temporary file while open; NULL when written in place */
} junqi_cli_output;

/**
 * Open output `path` ("-" or NULL: standard output). A regular file is
 * written through a temporary file in the same folder, renamed onto it at
 * the end; an existing file keeps its permissions, and a symbolic link its
 * target (the file it leads to is replaced, the link stays). A device or
 * FIFO (/dev/null) is written in place, and so is the regular file open as
 * standard output or error (-o /dev/stdout >> log: through that stream,
 * where its descriptor stands, path then NULL), and a name of either
 * descriptor (/dev/stdout, /dev/fd/2, /proc/self/fd/1) whatever it is open
 * on, closed included. Returns false, with one line on
 * stderr, when the file cannot be opened or created: "PROG: PATH: cannot
 * write: REASON" (docs/conventions.md; exit status 3), REASON naming the
 * missing folder ("the folder DIR does not exist") or strerror's reason;
 * "PROG: out of memory". An empty path names no file: "PROG: '': cannot
 * write: No such file or directory", before anything is written.
 */
bool junqi_cli_output_open(const char *prog, const char *path, junqi_cli_output *o);

/**
 * The standard stream that junqi_cli_output_open() writes the output `path`
 * to, without opening anything: stdout for NULL (no -o given) and "-";
 * stdout or stderr for a name of their descriptor (/dev/stdout, /dev/fd/2,
 * /proc/self/fd/1) or the regular file either is open on (`>> log`); NULL
 * for a file of its own (and ""), which is written apart. So that two
 * outputs of one run that would both go to standard output are told before
 * either is written (junqi-analyze's annotation and --graph).
 */
FILE *junqi_cli_output_stream(const char *path);

/**
 * A binary picture (a PNG, a GIF) is not written to a terminal: when the
 * output `path` of `option` ("-o", "--graph") goes to a standard stream
 * (junqi_cli_output_stream(): NULL and "-" are standard output) that is
 * open on one, or names a terminal device itself (/dev/tty), a usage error, "PROG: OPTION PATH is a terminal, and a KIND
 * picture is binary: redirect it (> EXAMPLE) or name a file", and
 * JUNQI_EXIT_USAGE; else JUNQI_EXIT_OK, nothing said. Its bytes would
 * garble the screen, and the user meant a redirection or a file: gzip
 * refuses the same.
 */
int junqi_cli_refuse_terminal(const char *prog, const char *option, const char *path, const char *kind,
                              const char *example);

/**
 * Make folder `path` (an output folder: -o DIR/, --frames DIR) unless it is
 * one already. False, with "PROG: PATH: cannot create the folder: REASON"
 * on stderr, when it cannot be made: REASON says which folder is missing
 * ("the folder DIR does not exist", no folder is made above it), or that a
 * file of that name is in the way, or strerror's reason (docs/conventions.md,
 * exit status 3); an empty path is shown as ''.
 */
bool junqi_cli_make_folder(const char *prog, const char *path);

/** Whether the folder that a run's several files go into (-o DIR/) is there. */
typedef enum junqi_cli_folder {
    JUNQI_FOLDER_UNTRIED, /**< not tried yet: the first file makes it */
    JUNQI_FOLDER_MADE,    /**< made, or there already */
    JUNQI_FOLDER_FAILED   /**< it cannot be made, which was said */
} junqi_cli_folder;

/**
 * The file that -o OUTPUT names when it names one file (junqi-render's
 * picture or page of one game, junqi-replay's -o without --split; "-",
 * standard output, and "" come out as they are), into buf (n bytes): every
 * %% read as one '%', any other '%' as itself, as
 * in a name of several files (junqi_collection_path()), so that a name reads
 * one way whatever it names (-o 'a%%b.png' writes a%b.png; 'a%%n.png' writes
 * a%n.png). False, with "PROG: OUTPUT: cannot write: File name too long" on
 * stderr (exit status 3), when it does not fit.
 */
bool junqi_cli_output_name(const char *prog, const char *output, char *buf, size_t n);

/**
 * For a run that writes several files, one after another, where `output`
 * (-o) says (junqi-render's pages, junqi-replay --split's parts): whether
 * the next file can be written there. A folder (a name ending in '/') is
 * made for the first file (junqi_cli_make_folder(), which says why it
 * cannot be) and what came of it kept in *state (JUNQI_FOLDER_UNTRIED
 * before the first call), so that a folder that cannot be made is tried
 * and said once, not once per file: every file is then left out. So is a
 * pattern whose files all go into one folder that is not there (-o
 * nodir/p-%n.html, no % before its last '/'): said once at the first file,
 * naming the pattern, "PROG: nodir/p-%n.html: cannot write: the folder
 * nodir does not exist" (or "nodir is not a folder"), and false for every
 * file; and so is the one folder of the files (DIR/, or that of a pattern)
 * when it is there but takes no file, read-only
 * (junqi_cli_folder_takes_files(): "PROG: ro/p-%n.html: cannot write:
 * Permission denied"). Any other output names each file itself (%n) and
 * says its own failure: true.
 */
bool junqi_cli_output_folder(const char *prog, const char *output, junqi_cli_folder *state);

/**
 * Whether files can be made in the folder `dir`, which is there: false, with
 * "PROG: NAME: cannot write: REASON" on stderr (NAME: the output as given,
 * -o's pattern or DIR/, --frames' folder), when the tool's user may not
 * write in it or it is on a read-only file system (faccessat(), AT_EACCESS:
 * EACCES, EROFS), so that a run of several files in it says so once, not
 * once per file, each of which would fail alike (docs/conventions.md,
 * "Outputs of several files"). A folder it passes may still refuse a file
 * (a full disk, a quota): each file then says its own. Used by
 * junqi_cli_output_folder() and junqi-render's --frames.
 */
bool junqi_cli_folder_takes_files(const char *prog, const char *name, const char *dir);

/**
 * True when writing the names a and b would reach one file: both are there
 * and are the same file (device and inode, symbolic links followed, as a
 * write through them follows them; a hard link is the same file), or
 * neither is there yet and both name the same file to be (a symbolic link
 * followed to the name it leads to, its folders resolved by realpath() as
 * far as they are there, the current folder at least, and the rest spelt
 * with "." folders and doubled slashes dropped: "fx//0001.png" and
 * "./fx/0001.png" are one, and so are "/abs/no/x.png" and "no/x.png" in
 * /abs, "no" there or not). One there and the other not: false. The
 * rule by which an output is refused when it would be an input
 * (junqi_cli_check_parts()) or another output of the same run
 * (junqi-render's -o and --frames).
 */
bool junqi_cli_same_file(const char *a, const char *b);

/**
 * The file that the input `name` is read from, into *id (its stat): "-" is
 * standard input, descriptor 0 (fstat(): a file it is redirected from has no
 * name to compare, `junqi-render --frames fx - < fx/0016.png`), any other
 * name the file it leads to (stat(), symbolic links followed). False when
 * that is no regular file (a pipe, a terminal, nothing there): no output
 * can be written over it nor a file removed in its place. The identity by
 * which a tool keeps its input from being written over or removed
 * (junqi_cli_is_file()).
 */
bool junqi_cli_input_file(const char *name, struct stat *id);

/**
 * Whether writing or removing `path` reaches the file `id` (from
 * junqi_cli_input_file()): path is there and, its symbolic links followed
 * as a write follows them, is that file (device and inode; a hard link is
 * the same file). False when path is not there.
 */
bool junqi_cli_is_file(const char *path, const struct stat *id);

/**
 * The input among `inputs` (n names, NULL ones passed over; n = 0:
 * standard input, "-") that writing `output` would replace
 * (junqi_cli_input_file(), junqi_cli_is_file(): by any name, a symbolic or
 * a hard link, or the file standard input is redirected from), named as the
 * messages name it ("<stdin>" for "-"); NULL when none is, or output is
 * NULL. The rule by which junqi-analyze's -o and --graph, junqi-match's -o
 * and junqi-replay's -o are refused before anything is read or written: the
 * output, put in place at the end, would replace the games it is made from,
 * with none of them where a record does not read.
 */
const char *junqi_cli_input_under(const char *output, const char *const *inputs, int n);

/**
 * True when writing the name a writes the name b, there or not: the same
 * name once the symbolic link a or b is followed to the name it leads to
 * (as junqi_cli_output_open() writes through it) and its folders resolved by
 * realpath() as far as they are there, the rest spelt plainly
 * (junqi_cli_same_file()'s rule for names not there yet). A hard link is
 * another name: writing it (through a temporary file renamed over it) leaves
 * the other name's file as it was. The rule by which junqi-render's --frames
 * leaves -o's file out of the earlier run's pictures it removes.
 */
bool junqi_cli_same_name(const char *a, const char *b);

/**
 * The files an earlier run left beside a run of numbered files
 * (junqi-render's --frames pictures and pages, junqi-replay --split's
 * parts), found by junqi_cli_leftovers_find(): set the fields before
 * `count`, which it fills in.
 */
typedef struct junqi_cli_leftovers {
    /** File number k's name into buf (n bytes); false when it has none (too
     * long, or not named as the run names its files), which ends the walk. */
    bool (*name)(const void *ctx, size_t k, char *buf, size_t n);
    /** A name this run writes itself (junqi-render's -o among the pictures):
     * passed over, neither taken nor counted, the walk going on; NULL: none. */
    bool (*passed)(const void *ctx, const char *path);
    const void *ctx;           /**< handed to name and passed */
    const struct stat *inputs; /**< the run's input files (junqi_cli_input_file()), never taken: one ends the walk */
    size_t ninputs;
    bool remove;               /**< remove each file taken (one that cannot be removed ends the walk) */
    size_t count;              /**< out: the files taken */
    char first[4096], last[4096]; /**< out: the first and the last taken, in the walk's order */
} junqi_cli_leftovers;

/**
 * Walk the numbered files of l from number `start` on, going by `step` (+1
 * up, or -1 down to 0), taking each while it is there as a regular file
 * (lstat(): a symbolic link or a folder of that name ends the walk) that
 * is none of l->inputs (junqi_cli_is_file()), removing it with l->remove:
 * the unbroken run of an earlier run's files that follows on from this
 * run's, by which junqi-render's --frames removes an earlier run's pictures
 * and the runs of pages and parts say what is left (junqi_cli_say_leftovers()).
 * Only names l->name gives are looked at, never another file.
 */
void junqi_cli_leftovers_find(junqi_cli_leftovers *l, long long start, int step);

/**
 * For a run of numbered files named by `pattern` (-o with %n, or a folder
 * DIR/: junqi_collection_path() with extension `ext`; junqi-render's pages
 * with `pages`, else junqi-replay --split's parts), of which this run named
 * the numbers up to `last` (0: none): say on stderr, in one line, a warning
 * that changes no exit status, the files of the pattern an earlier run left
 * past it (junqi_cli_leftovers_find() from last + 1: files named exactly as
 * the pattern names them, in an unbroken run of numbers, none of the
 * `ninputs` input files `inputs`), which are kept, as they may be the
 * user's: "PROG: p-5.jgn and 2 more parts of p-%n.jgn are left from an
 * earlier run; this run's last part is p-4.jgn" (docs/conventions.md,
 * "Outputs of several files"). Nothing when there is none, nor for pages
 * when no page was named (last 0: the input held no game, an error said).
 */
void junqi_cli_say_leftovers(const char *prog, const char *pattern, const char *ext, bool pages, size_t last,
                             const struct stat *inputs, size_t ninputs);

/**
 * For a run that writes numbered files (`pattern`: -o with %n, or a folder
 * DIR/; junqi_collection_path() with extension `ext`): a usage error
 * (JUNQI_EXIT_USAGE, said on stderr) when one of the n files `inputs` would
 * be one of them, before anything is written: junqi-replay --split renames
 * each part into place when it is full, over an input not yet read (its
 * games lost) or one being read. JUNQI_EXIT_OK otherwise. The parts that
 * could name an input are those numbered from each digit of its name as
 * given and, resolved by realpath(), of where it leads; a part is the input
 * when it is the same file (device and inode, symbolic links followed, as a
 * part is written through one), or, for an input not there yet, which the
 * part would become, the same name. Inputs that are not regular files ("-",
 * pipes) cannot be written over and are passed, and so are the names of a
 * descriptor open (/dev/stdin, /dev/fd/N, /proc/self/fd/N, or a link to
 * one), read as "-" is: the file they open is the one the descriptor holds,
 * whatever is renamed over its name, so every game is read; but a part
 * over that file would replace it with the games kept (not those --select
 * leaves out, nor a game that does not read), and a page with a page, so a
 * file of the folder named as a part or page and that standard input is
 * read from is refused too (named "<stdin>" for "-"). And a symbolic link in the
 * parts' folder that is named as a part and leads to an input of another
 * name is refused too (the folder is read; a pattern with % in its folder,
 * a folder per part, is not). With `pages` (junqi-render's pages, which
 * are put in place game by game, as the input is read) the message says
 * "page" for "part".
 */
int junqi_cli_check_parts(const char *prog, const char *pattern, const char *ext, bool pages, char *const *inputs,
                          int n);

/**
 * Finish the output: with commit, flush and rename the temporary file onto
 * the final path; without, remove it (a failed run leaves nothing behind
 * and keeps any earlier file, which is then said on stderr in one line,
 * "PROG: OUT: the file there is left as it was", so that it is not taken
 * for this run's result; nothing more is said when the write failed, nor
 * after a signal stopped the run, whose line says what was kept:
 * junqi_cli_say_interrupted()). Returns false, with a message on stderr, if
 * writing, flushing or renaming failed: one line naming the output and the
 * reason, "PROG: OUT: write failed: REASON" (standard output: as
 * junqi_cli_flush_stdout()), so that a writer whose write failed (ferror)
 * leaves the saying to this (call it with errno as the failure left it).
 */
bool junqi_cli_output_close(const char *prog, junqi_cli_output *o, bool commit);

/**
 * Say on stderr that output `path` (-o's file, a symbolic link followed),
 * which a run that failed did not replace, is a file of an earlier run:
 * "PROG: PATH: the file there is left as it was", so that it is not taken
 * for this run's result (docs/conventions.md, -o). Nothing when path is
 * NULL, a standard stream (junqi_cli_output_stream()) or no regular file
 * (not there, a device). junqi_cli_output_close() says it of an output not
 * committed; junqi-render, which opens -o only once its record reads, says
 * it of a record that did not.
 */
void junqi_cli_say_left(const char *prog, const char *path);

/**
 * The end of a run, with exit status `status`, that never opened -o's file
 * `path` (junqi-render opens it once its record reads, junqi-match once its
 * setups and engines are there): junqi_cli_say_left() when the run failed
 * (status 1 or 3), as junqi_cli_output_close() says it of an output it does
 * not commit; nothing after a usage error, said before any output was open,
 * nor after a signal, whose line says what was kept. Call it once, at the
 * end, so that the line comes last and once (docs/conventions.md, -o).
 */
void junqi_cli_say_left_unopened(const char *prog, const char *path, int status);

/**
 * Stop a long run cleanly on the signals that end a tool (SIGINT: a
 * terminal's Ctrl-C, SIGTERM: a scheduler's or `timeout`'s, SIGHUP: a
 * closed terminal's), rather than be ended by them with all its work lost
 * (docs/conventions.md, "Exit status"). Those of them ignored at start stay
 * ignored (nohup's SIGHUP, SIGINT in a background job of a script: what
 * started the tool chose that). The others are blocked in the calling
 * thread, which must be the only one (every thread started later inherits
 * the mask), and taken by a thread of their own through sigwait(): the work
 * is done there, not in a signal handler. The first one is kept
 * (junqi_cli_stop_signal()) and on_stop(sig) is called on that thread (NULL:
 * nothing to call): the tool then starts no new item (junqi_source_each()
 * reads no further one), drops the item in play, keeps what it finished,
 * says so (junqi_cli_say_interrupted()) and ends by the signal
 * (junqi_cli_end_by_signal()). A signal within a second of the first is the
 * same request: GNU timeout sends its signal to the command and at once
 * again to its process group, and a wrapper may pass on a Ctrl-C that
 * reached the tool already. A later one ends the process at once: on_stop
 * called again, the temporary files of the outputs open removed (an earlier
 * file of an output's name stays as it was: junqi_cli_output_close() renames
 * none from then on), the signal's own end. Returns false when no signal is
 * watched (all three ignored, or no thread could be started: they then end
 * the tool as they would uncaught). Call it once, before any other thread
 * starts.
 */
bool junqi_cli_watch_signals(void (*on_stop)(int sig));

/**
 * The first signal that stopped the run (junqi_cli_watch_signals()), 0 when
 * none has. Thread-safe: a worker polls it between items.
 */
int junqi_cli_stop_signal(void);

/**
 * In a child process, after fork() and before exec(): the signal mask the
 * process started with, before junqi_cli_watch_signals() blocked the ending
 * signals (a mask outlives exec: a program the tool starts gets the signals
 * as the tool got them).
 */
void junqi_cli_restore_signal_mask(void);

/**
 * End the process by signal sig as the signal would have ended it uncaught
 * (its action made the default, and unblocked), so that the shell says 128
 * + sig (130 for SIGINT) and a shell script that runs the tool in a loop
 * stops too, which it does not after a child that Ctrl-C reached but that
 * exited, even with status 130: bash goes on then, taking the signal as
 * handled. Flush what must be written first: no atexit handler runs.
 */
_Noreturn void junqi_cli_end_by_signal(int sig);

/**
 * End the tool by signal sig from the signals' thread while its main thread
 * is blocked (reading input from a pipe or a terminal, writing to a full
 * pipe), where no stop flag reaches it: output o (NULL: none) keeps its
 * first `whole` bytes, those its main thread knew complete (its temporary
 * file cut to them and renamed into place; 0: removed), every other
 * temporary file is removed, and nothing is renamed after this.
 */
_Noreturn void junqi_cli_end_keeping(const junqi_cli_output *o, long whole, int sig);

/** The name of an ending signal as kill -l and the docs write it: "SIGINT", "SIGTERM" or "SIGHUP". */
const char *junqi_cli_signal_name(int sig);

/**
 * Say how far a run that signal sig stopped got, one line on fp: "PROG:
 * interrupted by SIGINT after 2 of 6 games" (planned < 0: not known, "after
 * 2 games"), or with no game finished "PROG: interrupted by SIGINT before
 * any game finished". prog NULL: the line without "PROG: " (junqi-match's
 * summary on standard output, which is printed when a game finished).
 */
void junqi_cli_say_interrupted(FILE *fp, const char *prog, int sig, int finished, int planned);

/**
 * Say why a writer failed to write into output file fp (err, its message),
 * as "PROG: NAME: ERR" on stderr, NAME what was written (the output, or a
 * game); unless fp itself could not be written (ferror):
 * junqi_cli_output_close() then says so in one line naming the output and
 * the reason, and this says nothing, so that a failed write is one line.
 */
void junqi_cli_writer_failed(const char *prog, FILE *fp, const char *name, const char *err);

/**
 * Say that no assignment of the hidden pieces agrees with record NAME at
 * ply PLY (libcore/infer.h found none: the record is invalid input), as
 * "PROG: NAME: ply PLY: ..." on stderr, in the messages' language.
 */
void junqi_cli_no_assignment(const char *prog, const char *name, size_t ply);

/**
 * Flush standard output; when that fails (a full disk, a closed pipe), say
 * so on stderr ("PROG: cannot write to standard output: REASON") and
 * return false, for the tool to exit with status 3 (docs/conventions.md).
 */
bool junqi_cli_flush_stdout(const char *prog);

/**
 * Say on stderr, once per process, that standard output could not be
 * written: "PROG: cannot write to standard output: REASON", REASON
 * strerror(err) (err: the errno of the failed write; 0 counts as EIO). The
 * exit handler of junqi_cli_close_stdout_at_exit() then says nothing more.
 */
void junqi_cli_stdout_failed(const char *prog, int err);

/**
 * Close standard output when the tool exits (atexit; each tool's main calls
 * this first, after junqi_cli_set_locale), as coreutils' close_stdout does:
 * when any write to it failed (--help > /dev/full, a full disk) and that
 * was not reported yet (junqi_cli_flush_stdout), say so on stderr ("PROG:
 * cannot write to standard output: REASON"); either way the exit status is
 * then 3 (docs/conventions.md). prog must outlive the process (a literal).
 * First, a standard descriptor (0, 1, 2) the tool was started without is
 * opened on /dev/null, so that no file the tool opens takes its place: a
 * read or write of that stream still fails (EBADF) and is said as before,
 * and a run that writes nothing to a closed standard output succeeds.
 */
void junqi_cli_close_stdout_at_exit(const char *prog);

/**
 * Whether a run that ends with exit status `status` keeps its output o (-o
 * FILE, a --split part), open and not closed yet: what was written, as
 * standard output has it, is kept unless a usage error stopped the run: the
 * valid games of a file with a broken one, what --lenient salvaged, the
 * games of the inputs that could be read when another could not (exit
 * status 3, as with `>`), and what a run that succeeded wrote, nothing
 * included (--select kept no game: the file is made empty). A run that
 * failed (any status but 0) and wrote nothing into o (no input could be
 * read, no game was valid) keeps nothing: an earlier file of that name
 * stays as it was, as no result of this run is worth it, and
 * junqi_cli_output_close() says so; where there was none, none is made
 * (docs/conventions.md). Standard output and a file written in place are
 * always kept. A write that failed is not kept whatever the status:
 * junqi_cli_output_close() sees it.
 */
bool junqi_cli_output_keep(junqi_cli_output *o, int status);

/**
 * True when output to file descriptor fd may use colour and cursor controls
 * (ANSI escapes): fd is a terminal, NO_COLOR is not set (any non-empty
 * value turns them off, https://no-color.org) and TERM is not "dumb".
 * Explicit options (--color always) still decide over it.
 */
bool junqi_cli_styled(int fd);

/** The widest line of --help, in display columns: 79, so that it fits an 80-column terminal. */
#define JUNQI_CLI_HELP_WIDTH 79

/** The column where --help's descriptions of options start, and their lines after the first. */
#define JUNQI_CLI_HELP_INDENT 22

/**
 * A list made at run time (junqi_rules_names(): "qq, standard, ... huqi or
 * zuhe") as lines of --help, wrapped at run time as the list grows: each
 * line indented by JUNQI_CLI_HELP_INDENT spaces and no wider than
 * JUNQI_CLI_HELP_WIDTH display columns (CJK counts 2), broken at blanks (a
 * word too wide for a line has one of its own), no newline after the last.
 * Into buf (n > 0 bytes; cut there if it is too small); returns buf, which
 * is empty when memory runs out.
 */
const char *junqi_cli_help_list(const char *list, char *buf, size_t n);

/** Print "PROG (junqi) VERSION" (JUNQI_VERSION, version.h) to stdout. Returns JUNQI_EXIT_OK. */
int junqi_cli_version(const char *prog);

#endif
