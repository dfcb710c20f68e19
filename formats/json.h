/* SPDX-License-Identifier: MIT */
/*
 * json.h - a small JSON writer (output only; the project never parses JSON
 * by hand). Writes compact JSON, one value after another, to a FILE.
 *
 * Usage: junqi_json_begin_object(); junqi_json_key(); a value; ...
 * junqi_json_end_object(). The writer inserts commas itself.
 */
#ifndef JUNQI_JSON_H
#define JUNQI_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Nesting limit of a writer. */
#define JUNQI_JSON_MAX_DEPTH 32

/** A writer; initialise with junqi_json_init(). Owns nothing. */
typedef struct junqi_json {
    FILE *out;
    int depth;
    bool need_comma[JUNQI_JSON_MAX_DEPTH];
    bool after_key;
} junqi_json;

/** Start writing to out (not closed by the writer). */
void junqi_json_init(junqi_json *j, FILE *out);
void junqi_json_begin_object(junqi_json *j);
void junqi_json_end_object(junqi_json *j);
void junqi_json_begin_array(junqi_json *j);
void junqi_json_end_array(junqi_json *j);
/** An object key (UTF-8, escaped as needed). */
void junqi_json_key(junqi_json *j, const char *key);
/** A string value (UTF-8; NULL writes null). Control characters are escaped, and bytes
 *  that are not well-formed UTF-8 (text.h) are written as U+FFFD. */
void junqi_json_string(junqi_json *j, const char *s);
void junqi_json_int(junqi_json *j, long long v);
void junqi_json_uint(junqi_json *j, uint64_t v);
void junqi_json_bool(junqi_json *j, bool v);
void junqi_json_null(junqi_json *j);
/** A number with `decimals` digits after the point (NaN and infinities write null); one that
 *  rounds to zero is written 0 whatever its sign (never -0.0000). */
void junqi_json_number(junqi_json *j, double v, int decimals);

#ifdef __cplusplus
}
#endif

#endif
