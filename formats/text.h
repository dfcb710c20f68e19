/* SPDX-License-Identifier: MIT */
/*
 * text.h - text encodings: GBK (the encoding of QQ files and of older Chinese
 * text records) to UTF-8, and UTF-8 validation.
 */
#ifndef JUNQI_TEXT_H
#define JUNQI_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Decode len bytes of GBK text (read as GB18030, its superset) into a new
 * NUL-terminated UTF-8 string that the caller frees. Bytes that do not
 * decode become U+FFFD each, and *replaced is set. Returns NULL only when
 * out of memory.
 */
char *junqi_gbk_to_utf8(const uint8_t *src, size_t len, bool *replaced);

/**
 * The length (1 to 4) of the well-formed UTF-8 sequence at p (n bytes
 * available), or 0 when none starts there: a stray continuation byte, an
 * overlong form (C0 80, E0 80 80, ...), a surrogate (U+D800..U+DFFF, ED A0
 * 80 ...), a code point above U+10FFFF (F4 90 80 80 ...), a lead byte F5..FF,
 * or a sequence cut short. Exactly the well-formed sequences of RFC 3629.
 */
size_t junqi_utf8_sequence(const unsigned char *p, size_t n);

/** True if the len bytes at s are well-formed UTF-8 (junqi_utf8_sequence throughout). */
bool junqi_utf8_valid(const char *s, size_t len);

#ifdef __cplusplus
}
#endif

#endif
