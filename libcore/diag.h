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

/** Where something is in its source; -1 in a field means "does not apply". */
typedef struct junqi_loc {
    long offset; /**< byte offset in the file (binary inputs: the record's) */
    int record;  /**< 0-based record index among all records (binary inputs) */
    int line;    /**< 1-based line (text inputs) */
    int column;  /**< 1-based column in characters (text inputs) */
} junqi_loc;

/** A location that says nothing. */
#define JUNQI_NOWHERE ((junqi_loc){-1, -1, -1, -1})

/** One diagnostic. Strings are owned by the list that holds it. */
typedef struct junqi_diag {
    junqi_severity severity;
    char code[32];  /**< machine name, e.g. "rail-turn", "truncated" */
    char *message;  /**< one English sentence, no trailing newline */
    int move;       /**< 1-based move number, or -1 */
    junqi_loc loc;
    char *source_line; /**< the offending text line for a caret display, or NULL */
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
 * Append a diagnostic with a printf-style message. move is 1-based or -1.
 * On out-of-memory the diagnostic is dropped (the error count still rises
 * for errors, so validity is never overstated). A NULL list is allowed and
 * ignores everything.
 */
void junqi_diags_add(junqi_diags *d, junqi_severity sev, const char *code, int move,
                     junqi_loc loc, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/** As junqi_diags_add with a va_list. */
void junqi_diags_vadd(junqi_diags *d, junqi_severity sev, const char *code, int move,
                      junqi_loc loc, const char *fmt, va_list ap);

/**
 * Give each diagnostic from index `from` on that has a line number but no
 * source line the text of that line of `text` (len bytes), for a caret
 * display. Out of memory leaves them without.
 */
void junqi_diags_attach_lines(junqi_diags *d, size_t from, const char *text, size_t len);

/** "error", "warning", "note". */
const char *junqi_severity_name(junqi_severity s);

#ifdef __cplusplus
}
#endif

#endif
