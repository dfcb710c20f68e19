/* SPDX-License-Identifier: MIT */
/*
 * source.h - reading any input the tools read, its format detected by
 * content: QQ replays (.jgs/.jqs) and formations (.jql), JGN game records
 * (streamed game by game in bounded memory), position strings (one per
 * line) and YAML formations. A source yields items, each a game record or a
 * formation, with the diagnostics of reading it.
 *
 * Formats: docs/qq-format.md, docs/jgn.md, docs/position.md,
 * docs/formation.md. Nothing here prints: every problem is a diagnostic or
 * a message in a caller's buffer.
 */
#ifndef JUNQI_SOURCE_H
#define JUNQI_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "formation.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What an item turned out to be. */
typedef enum junqi_input_kind {
    JUNQI_INPUT_UNKNOWN = 0,
    JUNQI_INPUT_RECORD,    /**< a game record (QQ replay, JGN game, position): .game is set */
    JUNQI_INPUT_FORMATION, /**< a formation (.jql, YAML): .formation is set */
    JUNQI_INPUT_EMPTY      /**< the source holds no item at all (an empty or blank file, a JGN
                                file of no game): zero items, given once with a "no-games"
                                note; a tool that needs a record calls it an error */
} junqi_input_kind;

/**
 * One item of a source: a record or a formation. Filled by
 * junqi_source_next(); free what it holds with junqi_input_free().
 */
typedef struct junqi_input {
    char *name;                /**< the source's name ("<stdin>" for standard input), owned */
    size_t index;              /**< 1-based: the item's place among its source's items (the
                                    Nth game or formation); 0 for a YAML file's problems
                                    outside any formation */
    junqi_input_kind kind;
    junqi_game *game;          /**< owned; records only (game->source and game->source_index
                                    are the source's name and index) */
    junqi_formation formation; /**< formations only (owned: junqi_formation_clear) */
    long line;                 /**< text sources: the line where the item starts, else 0 */
    bool several;              /**< the source is of a kind that holds several items (JGN,
                                    position strings, YAML), so messages say which */
} junqi_input;

/**
 * How messages name an input item, into buf (n bytes; returns buf): its
 * source's name, and for sources of several items which one and where,
 * "games.jgn: game 3 (line 120)", "set.yaml: formation 2 (line 9)".
 */
const char *junqi_input_label(const junqi_input *in, char *buf, size_t n);

/** A buffer size that holds every label junqi_input_label() writes: a path
 *  (PATH_MAX, 4096 bytes) and what follows it. */
#define JUNQI_INPUT_LABEL_SIZE 4200

/** Largest input read whole, in bytes (256 MiB); JGN is streamed and has no such limit. */
#define JUNQI_MAX_INPUT (256u << 20)

/**
 * Read a whole stream (not closed) into a new buffer: *data (free() it; one
 * NUL byte is appended past *len). Returns 0, or an errno value with a
 * message in err (n bytes): the system's error, EFBIG when larger than
 * JUNQI_MAX_INPUT, ENOMEM.
 */
int junqi_read_stream(FILE *fp, uint8_t **data, size_t *len, char *err, size_t n);

/** Source flag: JGN games are read leniently (the valid part of a broken game is kept). */
#define JUNQI_SOURCE_LENIENT 1u

/**
 * Source flag: the caller takes a rule set as the keyword argument rules=
 * (the Python binding), not as the tools' option --rules; what the source
 * says of an input that needs one (JGN moves with no tag section) names it so.
 */
#define JUNQI_SOURCE_RULES_KEYWORD 2u

/** A source of items. Opaque; close with junqi_source_close(). */
typedef struct junqi_source junqi_source;

/**
 * Open the file `path` ("-" or NULL: standard input, named "<stdin>"). The
 * format is detected from the first 4 KiB (from a pipe or a terminal, from
 * its first lines when they tell JGN, which is then streamed: a read waits
 * for no more than that); inputs other than JGN are read whole here. Returns NULL, with the reason in err (n bytes, e.g. "No such
 * file or directory", "larger than the 256 MiB limit", "out of memory"),
 * when the file cannot be opened or read.
 */
junqi_source *junqi_source_open(const char *path, unsigned flags, char *err, size_t n);

/**
 * A source over the open stream fp (binary mode), read from where it
 * stands, as junqi_source_open() reads a file, and shown in diagnostics and
 * JSON as `name` (copied; NULL: "<stream>"). For a caller that has opened
 * and checked the file itself (the engine protocol's `position file`
 * reads the descriptor it checked, not its path again). The source takes
 * fp: junqi_source_close() closes it, and so does this call when it fails
 * (NULL, with the reason in err, n bytes, as junqi_source_open() gives it).
 */
junqi_source *junqi_source_stream(FILE *fp, const char *name, unsigned flags, char *err, size_t n);

/**
 * A source over len bytes of memory (copied), of any format, told from its
 * first 4,096 bytes as a file's is (docs/collections.md), shown in
 * diagnostics and JSON as `name` (copied; NULL: "<memory>"). NULL when out
 * of memory.
 */
junqi_source *junqi_source_memory(const void *data, size_t len, const char *name, unsigned flags);

/** A source of one position string (`--position`), named "<position>". NULL when out of memory. */
junqi_source *junqi_source_string(const char *text);

/** The source's name (owned by the source). */
const char *junqi_source_name(const junqi_source *src);

/**
 * Whether src reads a pipe or a terminal as it comes (not a regular file,
 * nor memory): its next item may wait for a writer, so that a tool that
 * answers each item flushes its output after each (junqi_source_each), and a
 * program that streams games in gets each answer as its game is read.
 */
bool junqi_source_live(const junqi_source *src);

/**
 * The next item. Returns JUNQI_READ_OK with *in filled, JUNQI_READ_END at
 * the end, JUNQI_READ_BROKEN when an item was broken (its problems are in
 * d; *in may still hold a record read leniently, or nothing; reading may go
 * on), or JUNQI_READ_FAILED when the input cannot be read on (a read error,
 * out of memory; the problem is in d). *in is reset first; except at the
 * end, when it is left empty, free it with junqi_input_free() (which also
 * accepts an empty input). A YAML file gives its formations in the order of
 * the text, each with its own reading problems (JUNQI_READ_BROKEN when they
 * hold an error), and problems outside any formation as broken items of
 * their own (index 0). A source of no item at all (an empty or blank input)
 * gives one JUNQI_INPUT_EMPTY item with a "no-games" note; UTF-16 text is a
 * broken item with a "utf16" error. Diagnostics of YAML and position sources already
 * carry the line they point at (see junqi_source_attach_lines()); JGN
 * diagnostics carry theirs.
 */
junqi_read_status junqi_source_next(junqi_source *src, junqi_input *in, junqi_diags *d);

/**
 * Give the diagnostics from index `from` on (those of checks made after
 * reading, such as a formation's setup check or a replay's) the lines of
 * the source's text they point at, for the caret display of
 * docs/conventions.md: YAML and position sources, and the JGN game read
 * last. Binary sources are left alone.
 */
void junqi_source_attach_lines(const junqi_source *src, junqi_diags *d, size_t from);

/**
 * Give each diagnostic of d from index `from` on that has no place of its own
 * (no line, record or offset: a check about item in as a whole, such as a
 * record with one seat and no setup tag) the place where item in starts, when
 * it comes from a text source (in->line > 0): that line, column 1. So every
 * diagnostic of a text input is located FILE:LINE:COL (docs/conventions.md
 * "Diagnostics"), never as a binary record. Items of binary sources, and
 * the problems outside any item, are left alone. Every diagnostic from
 * `from` on is then said to be about item in (loc.item: in->index, the
 * "game" of its JSON object).
 */
void junqi_input_place_diags(const junqi_input *in, junqi_diags *d, size_t from);

/**
 * Read the records that follow with rule set `rules` (not copied: it must
 * outlive the source; NULL: none): a JGN game that states no board (no
 * Board, Rules, Position or Deal tag) is taken to be on rules' board
 * (junqi_jgn_reader_assume_rules). Other formats state their board. For a
 * tool that applies its --rules to every record it reads. Given a set before
 * the first record is read, an input of JGN moves with no tag section
 * (which is else an `unknown-format` error that says so) is read as a JGN
 * game of that set, with a "no-board" warning (docs/jgn.md).
 */
void junqi_source_assume_rules(junqi_source *src, const junqi_rules *rules);

/** Close a source (NULL allowed); items already read stay valid. */
void junqi_source_close(junqi_source *src);

/** Free what junqi_source_next() put into *in; *in is empty after. */
void junqi_input_free(junqi_input *in);

#ifdef __cplusplus
}
#endif

#endif
