/* SPDX-License-Identifier: MIT */
/*
 * words.h - the words the two position notations share (docs/position.md):
 * the counters (the no-combat count and the ply) and the rule set. One
 * reading of each, so that the formation game's positions (posnote.c) and
 * the flip game's (flipnote.c) accept the same words and say the same
 * about the wrong ones; both notations promise that a string read writes
 * back the same, so a counter has no leading zeros. Internal to the
 * formats: not installed, not in junqi.h, and not exported by libjunqi.so
 * (hidden, though their names start with junqi_ as the version script's
 * exports do).
 */
#ifndef JUNQI_WORDS_H
#define JUNQI_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Read the word w[0..n) (n >= 1, not NUL-terminated) as the counter
 * `what` (an English message id marked N_(), translated here), a decimal
 * number from 0 to max without leading zeros, into *out. Returns true; or
 * false with *out unchanged, *at the offset in w of the character at
 * fault (a non-digit, the digit that passes max, or the leading zero) and
 * a translated sentence in msg (size bytes, NUL-terminated, may be
 * truncated).
 */
__attribute__((visibility("hidden")))
bool junqi_words_counter(const char *w, size_t n, const char *what, long max, long *out, size_t *at,
                         char *msg, size_t size);

/**
 * Read the word w[0..n) (not NUL-terminated) as a rule-set string for
 * board `board` (as junqi_rules_parse(), rules.h, which it calls on a
 * NUL-terminated copy; a word longer than JUNQI_RULES_TEXT_MAX is too long
 * whatever it holds). Returns true with *rules set, or false with *rules
 * unchanged and junqi_rules_parse()'s sentence in err (size bytes).
 */
__attribute__((visibility("hidden")))
bool junqi_words_rules(const char *w, size_t n, int board, const junqi_rules **rules, char *err,
                       size_t size);

#ifdef __cplusplus
}
#endif

#endif
