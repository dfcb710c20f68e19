/* SPDX-License-Identifier: MIT */
/*
 * jgn.h - JGN, the Junqi game record text format: reading (streaming, game
 * by game) and canonical writing. The format is specified in docs/jgn.md,
 * whose examples the test suite runs.
 *
 * A JGN file holds games one after another; each game is a tag section of
 * `[Name "Value"]` lines and a movetext section, separated from the next
 * game by a blank line. Reading streams: memory is bounded by the largest
 * game, not the file.
 */
#ifndef JUNQI_JGN_H
#define JUNQI_JGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Reader flag: keep the valid part of a broken game and report the rest. */
#define JUNQI_JGN_LENIENT 1u

/** Deepest nesting of variations a reader accepts. */
#define JUNQI_JGN_MAX_DEPTH 64

/** Largest game text a reader accepts, in bytes (64 MiB): larger games are errors. */
#define JUNQI_JGN_MAX_GAME ((size_t)64 << 20)

/** A streaming reader. Opaque. */
typedef struct junqi_jgn_reader junqi_jgn_reader;

/**
 * A reader of the JGN text `prefix` (prefix_len bytes already read, copied)
 * followed by the rest of `in` (may be NULL: the prefix is everything).
 * `name` is used in diagnostics (copied). A leading UTF-8 byte order mark is
 * skipped; a game that is not valid UTF-8 is read as GB18030 (GBK) with a
 * warning. Returns NULL when out of memory. The reader does not close `in`.
 */
junqi_jgn_reader *junqi_jgn_reader_new(FILE *in, const uint8_t *prefix, size_t prefix_len,
                                       const char *name, unsigned flags);

/**
 * Read the next game. Returns JUNQI_READ_OK with a new game in *out (free
 * it with junqi_game_free()), JUNQI_READ_END at the end of the input, or
 * JUNQI_READ_BROKEN when a game was broken: its problems are in d and, in
 * strict mode, it is dropped (*out is NULL); in lenient mode *out holds its
 * valid part. JUNQI_READ_FAILED: a read error of the stream ("read-error")
 * or out of memory ("out-of-memory") ends the input. Diagnostics carry line
 * and column (1-based) and the source line.
 */
junqi_read_status junqi_jgn_next(junqi_jgn_reader *r, junqi_game **out, junqi_diags *d);

/**
 * Read the games that follow with rule set `rules` (not copied: it must
 * outlive the reader; NULL: none, as a new reader has): a game with neither
 * a Board tag nor a Rules tag (nor a Position or Deal that tells its board)
 * is then taken to be on rules' board, with the warning "no-board" naming
 * it, instead of on the four-player board (docs/jgn.md §2, "Board"). For a
 * caller that applies rules to every game it reads (a tool's --rules): a
 * two-player record typed without tags is read as one. A game on rules'
 * board without a Rules tag (nor a Position) is read under rules, its
 * tokens (a flip's) too, as the caller will apply it. The rule set itself
 * is the caller's to apply. A game with no tag section at all (moves alone,
 * which junqi_source hands the reader only under such a set) is read as a
 * game of rules too, its tokens (a flip's) read under it, with the warning
 * "no-board" "no tag section: the moves are read as a game of the rule set
 * it is read with, 'fanqi', on the two-player board"; after its result, a
 * line that starts as such moves do (junqi_jgn_detect_moves()) starts the
 * next such game, read the same way.
 */
void junqi_jgn_reader_assume_rules(junqi_jgn_reader *r, const junqi_rules *rules);

/**
 * The game junqi_jgn_next() read last: its text (UTF-8, as parsed; owned by
 * the reader and valid until the next call, or NULL when there was none or
 * it was too large), its length in *len and the number of its first line
 * in the input in *first_line (0 at the end). Diagnostics of later checks
 * (a replay) take their source lines from it.
 */
const char *junqi_jgn_reader_last(const junqi_jgn_reader *r, size_t *len, long *first_line);

/** Free a reader (NULL allowed). */
void junqi_jgn_reader_free(junqi_jgn_reader *r);

/**
 * Parse the first game of a string (len bytes). Returns the game or NULL
 * (problems in d); flags as for the reader.
 */
junqi_game *junqi_jgn_parse(const char *text, size_t len, const char *name, unsigned flags,
                            junqi_diags *d);

/**
 * Append the movetext `text` (len bytes; moves with their outcomes, flag:
 * tokens, events, comments, NAGs and variations as in a game's movetext,
 * numbers optional, a result allowed last; docs/jgn.md section 3) to g's
 * main line, as if it followed the moves already there. All or nothing:
 * on an error nothing is appended and false is returned, with the problems
 * in d (line 1, column = the character of text; `name` is not copied and
 * only names the source). Whether the moves are legal is the replay's
 * concern (replay.h), as for a whole game.
 */
bool junqi_jgn_parse_moves(junqi_game *g, const char *text, size_t len, const char *name,
                           junqi_diags *d);

/**
 * True if the text starts like JGN: an optional BOM, blank lines, `;`
 * comment lines and `{}` comments (a comment before the tags is the first
 * game's, docs/jgn.md), then the shape of a tag: `[`, a tag name, and a blank, a
 * double quote, `]` or the end of the line after it. A broken first tag
 * (`[Board four-player]`, `[Board]`, `[Board "two-player"` without its `]`)
 * is JGN all the same, for the reader to say what is wrong with it where it
 * is; a YAML flow sequence (`[{name: x}]`, `[name: x]`, `[a, b]`) is not.
 */
bool junqi_jgn_detect(const uint8_t *data, size_t len);

/**
 * True if the text starts as JGN moves with no tag section do (docs/jgn.md):
 * a move number ("1. ") first, after an optional byte order mark, blanks and
 * comments ("{the opening}", which YAML would take for a flow mapping, so a
 * caller asks this before junqi_formation_detect), then a move's first
 * square (a letter and a digit, or the mountain's M: "g2", "bM"; a flip
 * game's tokens start so too) or a comment before it. No other format
 * starts so: a position string's first row holds no blank; and a numbered
 * list of words ("1. Buy milk") is no format junqi reads, not moves. Such
 * moves start a file, and each game after the first of a file of them
 * (junqi_jgn_reader_assume_rules()).
 */
bool junqi_jgn_detect_moves(const uint8_t *data, size_t len);

/**
 * Write g as canonical JGN text to out: the tags in canonical order, a blank
 * line, the movetext wrapped at 79 columns, and a newline. Games written one
 * after another should be separated by one blank line. A move's seat is not
 * needed. Returns false if writing failed.
 */
bool junqi_jgn_write(FILE *out, const junqi_game *g);

/**
 * The canonical text of a game as a new string (caller frees), or NULL when
 * out of memory.
 */
char *junqi_jgn_to_string(const junqi_game *g);

/**
 * A move as JGN writes it, without its number and marks: its two squares
 * and the separator that tells the recorded outcome ("h5-h6" a move, "h5>h6"
 * the attacker wins, "h5<h6" it loses, "h5=h6" both removed, "h5xh6" the
 * record does not say; docs/jgn.md §3). Returns buf.
 */
char *junqi_jgn_move_token(const junqi_board *b, const junqi_item *it, char buf[8]);

/**
 * Find the next `[%name args]` command in a comment. *text is advanced past
 * it. On success name (room for 32 bytes) gets the command name, and
 * *args and *args_len its arguments (without surrounding blanks). Returns false
 * when there is no further command.
 */
bool junqi_jgn_next_command(const char **text, char name[32], const char **args, size_t *args_len);

#ifdef __cplusplus
}
#endif

#endif
