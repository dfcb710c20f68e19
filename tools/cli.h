/* SPDX-License-Identifier: MIT */
/*
 * cli.h - what the tools share: reading inputs (format detected by content),
 * printing diagnostics in the forms of docs/conventions.md, exit codes,
 * option values, and output files written through a temporary file.
 */
#ifndef JUNQI_CLI_H
#define JUNQI_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "formation.h"
#include "game.h"
#include "json.h"
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

/** What an input turned out to be. */
typedef enum junqi_input_kind {
    JUNQI_INPUT_UNKNOWN = 0,
    JUNQI_INPUT_RECORD,    /**< a game record (QQ replay, JGN game, position): .game is set */
    JUNQI_INPUT_FORMATION  /**< a formation (.jql, YAML): .formation is set */
} junqi_input_kind;

/** One input item: a record or a formation. Free with junqi_input_free(). */
typedef struct junqi_input {
    char *name;                /**< the source's name ("<stdin>" for standard input), owned */
    junqi_input_kind kind;
    junqi_game *game;          /**< owned; records only */
    junqi_formation formation; /**< formations only (name owned) */
} junqi_input;

/** Largest non-streamed input accepted, in bytes (256 MiB): larger ones are refused. */
#define JUNQI_MAX_INPUT (256u << 20)

/**
 * Read a whole file ("-" or NULL: standard input) into a new buffer (*data,
 * freed by the caller with free(); one NUL byte is appended past *len).
 * Returns 0, or an errno-style value with a message in err (n bytes):
 * the system error, or EFBIG when larger than JUNQI_MAX_INPUT.
 */
int junqi_cli_read_file(const char *path, uint8_t **data, size_t *len, char *err, size_t n);

/** As junqi_cli_read_file() for an open stream (not closed). */
int junqi_cli_read_stream(FILE *fp, uint8_t **data, size_t *len, char *err, size_t n);

/** Source flag: JGN games are read leniently (the valid part of a broken game is kept). */
#define JUNQI_SOURCE_LENIENT 1u

/**
 * A source of inputs: a file (or standard input, or a position string) whose
 * format is detected by content: QQ replay or formation, JGN (streamed game
 * by game in bounded memory), position strings (one per line), YAML
 * formations. Opaque.
 */
typedef struct junqi_source junqi_source;

/**
 * Open `path` ("-" or NULL: standard input). Returns NULL, with a message
 * "PROG: FILE: reason" on stderr, when the file cannot be opened (exit
 * status JUNQI_EXIT_IO) or memory runs out.
 */
junqi_source *junqi_source_open(const char *prog, const char *path, unsigned flags);

/** A source of one position string (`--position`), shown as "<position>". NULL on OOM. */
junqi_source *junqi_source_string(const char *prog, const char *text);

/**
 * The next input item. Returns JUNQI_READ_OK with *in filled (free it with
 * junqi_input_free()), JUNQI_READ_END at the end, JUNQI_READ_BROKEN when an
 * item was broken (its problems are in d; *in may still hold a record read
 * leniently), or JUNQI_READ_FAILED when the input cannot be read on (the
 * problem is in d).
 */
junqi_read_status junqi_source_next(junqi_source *src, junqi_input *in, junqi_diags *d);

/**
 * Give the diagnostics from index `from` on the lines of the source's text
 * they point at (YAML and position sources; JGN diagnostics carry theirs).
 */
void junqi_source_attach_lines(const junqi_source *src, junqi_diags *d, size_t from);

/**
 * What a tool does with one item of a source: `rc` is junqi_source_next()'s
 * result for it (never JUNQI_READ_END), d its diagnostics so far. Returns
 * the item's exit status.
 */
typedef int (*junqi_item_fn)(void *ctx, const junqi_source *src, junqi_input *in, junqi_diags *d,
                             junqi_read_status rc);

/**
 * Run fn on every item of src, then close src (NULL: returns JUNQI_EXIT_IO,
 * as junqi_source_open() failed). Stops after a read error or a usage
 * error. Returns the highest exit status of the items.
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

/** Close a source (NULL allowed). */
void junqi_source_close(junqi_source *src);

/** Free what junqi_source_next() put into *in. */
void junqi_input_free(junqi_input *in);

/**
 * Load the first item of `path` (for tools that take one record). Returns
 * JUNQI_EXIT_OK, JUNQI_EXIT_INVALID (problems in d; in->kind may still be
 * set when a record was read leniently) or JUNQI_EXIT_IO (message printed
 * to stderr as "PROG: FILE: reason").
 */
int junqi_cli_load(const char *prog, const char *path, junqi_input *in, junqi_diags *d);

/** As junqi_cli_load() for a `--position STRING`. */
int junqi_cli_load_position(const char *prog, const char *text, junqi_input *in, junqi_diags *d);

/**
 * Print diagnostics about input `file` in text or JSON (one object per line,
 * cli.md "Diagnostics"). Text form: "FILE: move N (record K, offset 0x1F6):
 * error: message" for binary inputs, "FILE:LINE:COL: error: message" with
 * the source line and a caret for text inputs.
 */
void junqi_cli_print_diags(FILE *out, const char *file, const junqi_diags *d, junqi_cli_format fmt);

/**
 * Print "PROG: message" (skipped when fmt is NULL, as after getopt's own
 * message) and "Try 'PROG --help' for more information." to stderr; returns JUNQI_EXIT_USAGE so callers can `return junqi_cli_usage(...)`.
 */
int junqi_cli_usage(const char *prog, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/**
 * Report the option getopt_long() just rejected (call with opterr = 0, on
 * '?' or ':'), naming the tool rather than argv[0]. Returns JUNQI_EXIT_USAGE.
 */
int junqi_cli_bad_option(const char *prog, char **argv);

/** Parse a whole non-negative decimal number no larger than max. False if not. */
bool junqi_cli_parse_count(const char *text, long max, long *out);

/** Parse a --format value: "text" or "json". */
bool junqi_cli_parse_format(const char *text, junqi_cli_format *out);

/** An output file written through a temporary file in the same folder. */
typedef struct junqi_cli_output {
    FILE *fp;        /**< write here */
    char *path;      /**< final path, or NULL for standard output */
    char *tmp_path;  /**< the temporary file while open */
} junqi_cli_output;

/**
 * Open output `path` ("-" or NULL: standard output). Returns false, with a
 * message printed to stderr, when the temporary file cannot be created.
 */
bool junqi_cli_output_open(const char *prog, const char *path, junqi_cli_output *o);

/**
 * Finish the output: with commit, flush and rename the temporary file onto
 * the final path; without, remove it (a failed run leaves nothing behind
 * and keeps any earlier file). Returns false, with a message on stderr, if
 * writing, flushing or renaming failed.
 */
bool junqi_cli_output_close(const char *prog, junqi_cli_output *o, bool commit);

/** Print "PROG (junqi) VERSION" (JUNQI_VERSION, version.h) to stdout. Returns JUNQI_EXIT_OK. */
int junqi_cli_version(const char *prog);

#endif
