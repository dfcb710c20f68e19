/* SPDX-License-Identifier: MIT */
/*
 * collection.h - working with collections of game records, as pgn-extract
 * does for chess: selecting games by their tags, length, board, rules,
 * players, date and whether they are one seat's view; recognising
 * duplicates (the same setups and the same moves); naming the files a
 * collection is split into. Every function works on one game at a time,
 * so a tool can stream collections of any size (junqi-replay --select,
 * --unique, --split, --count, --list; docs/collections.md).
 *
 * A selection is a list of conditions that must all hold. A condition is
 * written `FIELD OP VALUE`, `FIELD` (the field is there) or `!FIELD` (it is
 * not):
 *   - FIELD is a tag name as JGN writes it (docs/jgn.md: Event, Site, Date,
 *     Round, Board, Rules, Mode, View, North … West, First, Result,
 *     Termination, any other tag such as Annotator or QQScore; in any case),
 *     compared with the value JGN would write, or one of the words (lower
 *     case: `source` is the file, `Source` a tag): `player` (any
 *     seat's player), `seat` (any seat that takes part), `moves` (the number of moves), `players` (the number
 *     of seats in the game), `view` (`all` for a complete record, else the
 *     seat whose view it is), `source` (the file it came from) and `index`
 *     (its number in that file, from 1);
 *   - OP is `=` or `!=` (equal: the same text, ASCII letters in any case),
 *     `~` or `!~` (contains), or `<`, `<=`, `>`, `>=` (numbers for moves,
 *     players and index, text order otherwise: dates YYYY.MM.DD compare by
 *     date);
 *   - VALUE may list alternatives separated by `|`: `Result=north-south|east-west`
 *     holds when one of them does (with `!=` and `!~`: when none does).
 */
#ifndef JUNQI_COLLECTION_H
#define JUNQI_COLLECTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A selection: conditions that must all hold. Opaque; junqi_selection_new(), _free(). */
typedef struct junqi_selection junqi_selection;

/** An empty selection (every game matches), or NULL when out of memory. */
junqi_selection *junqi_selection_new(void);

/** Free a selection (NULL allowed). */
void junqi_selection_free(junqi_selection *s);

/**
 * Add the condition written `text` (see the file comment). Returns false
 * with an English sentence in err (n bytes), naming the condition, when it
 * is not one (no field, an unknown operator, nothing after the operator of
 * a number field or of <, <=, >, >=, a number field compared with text) or
 * memory runs out.
 */
bool junqi_selection_add(junqi_selection *s, const char *text, char *err, size_t n);

/**
 * The word a condition written `text` may have meant: when its field
 * differs from one of the words `moves`, `players`, `player`, `seat` or `index`
 * only in case (`Moves>=100`), it names a tag (tags match in any case),
 * which JGN does not define, so the condition holds for no game without
 * such a tag; the word (static), else NULL. `view` and `source` are left
 * out: View and Source are tags of their own. For a note, not an error:
 * a collection may have such a tag (docs/collections.md).
 */
const char *junqi_selection_meant_word(const char *text);

/** Where a game is in a collection, for the `source` and `index` fields. */
typedef struct junqi_game_place {
    const char *source; /**< the file's name, or NULL (then g->source) */
    size_t index;       /**< the game's number in that file, from 1 */
} junqi_game_place;

/**
 * True when every condition holds for game g at `place`. Results and
 * terminations are the record's as settled (junqi_game_settle(), replay.h):
 * settle g first, as junqi-replay does.
 */
bool junqi_selection_match(const junqi_selection *s, const junqi_game *g,
                           const junqi_game_place *place);

/** The value of field `name` of game g as a selection compares it, into buf (n bytes);
 *  false when g has no such field (an absent tag, `View` of a complete record). */
bool junqi_game_field(const junqi_game *g, const junqi_game_place *place, const char *name,
                      char *buf, size_t n);

/** Bytes of a game's fingerprint. */
#define JUNQI_FINGERPRINT 16

/**
 * A game's fingerprint: a 128-bit hash of what makes two records the same
 * game: the board, each seat's setup (or the start position of a record
 * that starts from one), and the main line's moves with their outcomes and
 * its events, in order. Tags, comments, annotations and variations do not
 * count, so a QQ replay and its JGN conversion (annotated or not) have the
 * same fingerprint; a seat's view of a game (fewer setups known) has another.
 */
void junqi_game_fingerprint(const junqi_game *g, uint8_t out[JUNQI_FINGERPRINT]);

/** A set of the fingerprints seen so far, to drop duplicates in one pass. Opaque. */
typedef struct junqi_seen junqi_seen;

/** An empty set, or NULL when out of memory. Memory: 16 bytes per game, doubled as it grows. */
junqi_seen *junqi_seen_new(void);

/** Free the set (NULL allowed). */
void junqi_seen_free(junqi_seen *s);

/**
 * Whether game g was seen before: 1 when the set already holds its
 * fingerprint (a duplicate), 0 when it did not (it is added now), -1 when
 * memory ran out (it is not added).
 */
int junqi_seen_check(junqi_seen *s, const junqi_game *g);

/**
 * Whether `pattern` (an -o value, docs/collections.md "Splitting") names
 * numbered files: it holds %n (not the literal "%%n") or ends in '/' (a
 * folder).
 */
bool junqi_collection_numbered(const char *pattern);

/**
 * The name of part `number` (from 1) of a collection split into files:
 * `pattern` with every %n replaced by the number and every %% by one '%'
 * (any other '%' is itself), followed by `ext` (".jgn", ".jsonl",
 * ".html": the format's) when the pattern's file name has no '.' (no
 * extension: "part-%n" is "part-1.jsonl"), or when pattern ends in '/' (a
 * folder, taken as written), the folder followed by NUMBER and ext. Written
 * into buf (n bytes); false when it does not fit or the pattern numbers
 * nothing (junqi_collection_numbered).
 */
bool junqi_collection_path(const char *pattern, size_t number, const char *ext, char *buf,
                           size_t n);

#ifdef __cplusplus
}
#endif

#endif
