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

/** True if the len bytes at s are well-formed UTF-8. */
bool junqi_utf8_valid(const char *s, size_t len);

#ifdef __cplusplus
}
#endif

#endif
