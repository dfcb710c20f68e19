/* SPDX-License-Identifier: MIT */
/*
 * formation.h - formations (setups) as YAML files, read with libyaml, and
 * the setup check with source locations. The schema is in docs/formation.md:
 *
 *   name: 河东狮吼          # optional
 *   aliases: [Hedong Lion]  # optional: other names it is found by
 *   board: four-player      # optional: two-player or four-player
 *   rows:                   # 6 rows, front row first, left to right as the owner sees it
 *     - [师长, 工兵, 连长, 排长, 师长]
 *     - [旅长, ~, 连长, ~, 炸弹]      # ~ (null) or "camp" at the five camps
 *     ...
 *
 * A file holds one formation, a YAML sequence of them, or several documents.
 */
#ifndef JUNQI_FORMATION_H
#define JUNQI_FORMATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "diag.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One formation and where its parts are in the source. */
typedef struct junqi_formation {
    char *name;               /**< UTF-8, owned, or NULL */
    char *aliases;            /**< its other names, each followed by a newline
                                   ("铜墙铁壁\nIron Wall\n"), UTF-8, owned, or NULL */
    bool has_board;           /**< the file says which board */
    junqi_board_kind board;
    uint8_t setup[6][5];      /**< junqi_piece codes, owner's frame; JUNQI_NONE at camps */
    bool bad[6][5];           /**< the source's entry here was not a piece name */
    junqi_loc loc;            /**< the formation as a whole */
    junqi_loc cell[6][5];     /**< each entry (line/column for YAML, offset for .jql) */
    size_t diag_from, diag_to; /**< YAML: its reading problems are items diag_from ..
                                    diag_to - 1 of the list junqi_formation_read_yaml
                                    reported to */
} junqi_formation;

/** A list of formations; zero-initialise, free with junqi_formations_free(). */
typedef struct junqi_formations {
    junqi_formation *items;
    size_t n;
    size_t cap; /**< the elements items has room for (it grows by doubling) */
} junqi_formations;

/**
 * Read every formation of a YAML text (len bytes) into *out (appended).
 * A text with a NUL byte is not read: a "nul-byte" error at the byte, and
 * false. Every other problem is reported to d
 * with its 1-based line and column from libyaml's marks: YAML syntax errors
 * ("yaml-syntax"), a document that is no
 * formation ("bad-formation"), a missing or malformed `rows` ("bad-rows"),
 * a row that does not have 5 entries ("row-length"), an unknown piece name
 * ("unknown-piece-name"), an unknown key or board ("bad-formation"), a key
 * given twice ("duplicate-key", a warning: the last value counts). Each
 * formation's own problems are a range of d (diag_from, diag_to, so that a
 * tool reports them with it); the others (syntax, a document that is no
 * formation) lie between the ranges, in the order of the text. Returns false
 * when some formation could not be read (the others are kept) or memory ran
 * out.
 */
bool junqi_formation_read_yaml(const uint8_t *data, size_t len, junqi_formations *out,
                               junqi_diags *d);

/**
 * Check a formation against the setup rules (setup.h), reporting each broken
 * rule at its entry (counts at the formation). `prefix` starts each message
 * (e.g. the formation's name), may be NULL. Returns the number of errors.
 */
int junqi_formation_check(const junqi_formation *f, const char *prefix, junqi_diags *d);

/** As junqi_formation_check() under rule set `rules` (NULL: the rules every named set
 *  shares; e.g. bomb_front_row=allow lets a bomb stand in row 1). */
int junqi_formation_check_under(const junqi_formation *f, const junqi_rules *rules,
                                const char *prefix, junqi_diags *d);

/**
 * Whether rule set r (NULL: none given, which fits) can judge formation f.
 * When not, returns false and writes why, one translated sentence (cut to the
 * n bytes of why; NULL when n is 0) whose subject is `who`, the caller's name for r, as
 * junqi_game_check_rules() (game.h) does for a record: r is a flip game's (a
 * flip game has no formations: docs/flip.md), or is for another board
 * than the one f names (docs/formation.md).
 */
bool junqi_formation_check_rules(const junqi_formation *f, const junqi_rules *r, const char *who, char *why,
                                 size_t n);

/** Free the formations' strings and the array; the list is empty after. */
void junqi_formations_free(junqi_formations *list);

/** Free one formation's strings (name, aliases); they are NULL after. */
void junqi_formation_clear(junqi_formation *f);

/**
 * Move formation *from into *to (which owns nothing yet): the strings go with
 * it and *from keeps none.
 */
void junqi_formation_move(junqi_formation *to, junqi_formation *from);

/**
 * True if formation f is called `name`: its name or one of its aliases,
 * compared as UTF-8 text with ASCII letters in any case ("iron wall" finds
 * "Iron Wall").
 */
bool junqi_formation_named(const junqi_formation *f, const char *name);

/**
 * Look through the YAML formation files (names ending in .yaml or .yml) of
 * folder `dir`, in name order, for the first formation called `name`
 * (junqi_formation_named()). Returns 1 with it moved into *out (free its
 * strings with junqi_formation_clear()), its file's path in path (n bytes)
 * and its number in that file (from 1) in *index; 0 when there is none or
 * the folder cannot be read; -1 when memory runs out. Files that are not
 * valid formations are passed over.
 */
int junqi_formation_find(const char *dir, const char *name, junqi_formation *out, char *path,
                         size_t n, size_t *index);

/**
 * True if the text (len bytes, possibly the first part of a file) is YAML
 * that may hold formations, as libyaml reads it: its first document is a
 * mapping or a sequence, in any style (`{name: x, rows: [[...]]}` too), or
 * it holds no document at all (comments only: zero formations). A lone
 * scalar (plain text) or a YAML syntax error before the first collection
 * is not. A text with a NUL byte is judged by what comes before its first
 * one, which must then start a mapping or a sequence, so that the reader
 * reports the byte (nul-byte) where a YAML file has one.
 */
bool junqi_formation_detect(const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif

#endif
