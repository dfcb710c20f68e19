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

/** The length of the UTF-8 byte order mark (EF BB BF) that the len bytes at p start with: 3, or 0. */
size_t junqi_utf8_bom(const void *p, size_t len);

/**
 * The length of the character at s (n bytes available, n > 0) for a scanner
 * that looks for ASCII marks ('{', '}', '\\', '[', '"') in text not yet
 * converted: in GBK text (`gbk`) a lead byte 0x81..0xFE with its trail byte
 * (0x40..0x7E or 0x80..0xFE: 2), or GB18030's four bytes (a lead, 0x30..0x39,
 * a lead, 0x30..0x39: 4), whose trail bytes may be those of '\\', '{', '}'
 * or '[' (淺 is 9C 5C, 倉 82 7D) and are part of the character; else a UTF-8
 * sequence (junqi_utf8_sequence); where none starts, the start of one cut
 * short before an ASCII byte (a lead byte alone, or with the continuation
 * bytes it allows: E4 before '}' is 1, F0 9F 98 before '}' is 3; but not
 * before '\\', where the GBK character pairs: 蘚 is CC 5C), so that a name
 * cut at a byte count leaves the brace or bracket after it one, or before
 * a UTF-8 character of more bytes when it holds a continuation byte (F0 9F
 * 98 before 小 is 3, and 小 stays whole); or a character past U+FFFF
 * written as its two UTF-16 surrogates (junqi_cesu8_pairs: 6); else a
 * GBK character all the same (a comment saved as GBK in a UTF-8 text,
 * JUNQI_TEXT_MIXED: its 淺 must not escape the brace after it either); 1 for
 * any other byte.
 * The encodings: GB 18030-2005, the one the readers convert from
 * (junqi_gbk_to_utf8).
 */
size_t junqi_text_char_length(const char *s, size_t n, bool gbk);

/**
 * How many characters the n bytes at s are as a reader reads them: GBK text
 * (`gbk`) converted (junqi_gbk_to_utf8), else UTF-8 with each GBK character
 * or other byte that is not UTF-8 one U+FFFD (junqi_utf8_replace_bad:
 * junqi_text_char_length() throughout). A diagnostic's column counts these
 * (docs/conventions.md).
 */
size_t junqi_text_chars(const char *s, size_t n, bool gbk);

/**
 * How many characters past U+FFFF the len bytes at s hold written as the
 * UTF-8 of their two UTF-16 surrogates, high (ED A0..AF 80..BF) then low (ED
 * B0..BF 80..BF), as CESU-8 and Java's modified UTF-8 write an emoji (😀 is
 * ED A0 BD ED B8 80). UTF-8 has no surrogates (RFC 3629, section 3): a reader
 * reads each pair as one bad character (junqi_text_char_length), and names
 * the encoding when all its bad characters are such pairs.
 */
size_t junqi_cesu8_pairs(const char *s, size_t len);

/** What the bytes of a text are, as junqi_text_kind_of() tells them apart. */
typedef enum {
    JUNQI_TEXT_UTF8,  /**< well-formed UTF-8 throughout */
    JUNQI_TEXT_GBK,   /**< the bad characters (each byte that starts no UTF-8 character, but a
                           UTF-8 character cut short before an ASCII byte, F0 9F 98 of an emoji
                           before '"', or a CESU-8 pair, is one, as junqi_text_char_length()
                           reads it) are at
                           least as many as the UTF-8 characters of two bytes or more, or there
                           are some and no UTF-8 character of three bytes or more, as every
                           Chinese one is (GBK's pairs are often UTF-8 of two bytes: 黄方 is BB
                           C6 B7 BD, whose C6 B7 is); and the bytes GBK cannot decode
                           (junqi_gbk_to_utf8) are fewer, or as many beside UTF-8 characters of
                           two bytes: an older Chinese editor's GBK */
    JUNQI_TEXT_MIXED, /**< UTF-8 with bad characters, not GBK: fewer of them beside Chinese UTF-8
                           (a line of GBK in it), or no more than GBK cannot decode (Tom and a cut
                           emoji, F0 9F 98, before '"': GBK cannot decode 98 '"' either) */
} junqi_text_kind;

/**
 * Whether the len bytes at s are UTF-8, GBK text or UTF-8 with bad bytes,
 * by counting them (see junqi_text_kind). GBK would decode the Chinese of a
 * UTF-8 text too, into other characters, so the counts decide: docs/jgn.md
 * and docs/formation.md ("GBK means here").
 */
junqi_text_kind junqi_text_kind_of(const char *s, size_t len);

/**
 * A copy of the len bytes at s, NUL-terminated, with each byte that starts
 * no UTF-8 character (junqi_utf8_sequence) replaced by the text `instead`
 * (U+FFFD to read the rest as UTF-8; "x" to judge its shape), together with
 * the trail of the GBK character it leads (junqi_text_char_length: a
 * comment saved as GBK in a UTF-8 text; 淺's 5C is no backslash). *bad gets
 * how many were replaced. The caller frees it; NULL when out of memory.
 */
char *junqi_utf8_replace_bad(const char *s, size_t len, const char *instead, size_t *bad);

/**
 * The len bytes at s as UTF-8 when they are GBK text: JUNQI_TEXT_GBK by
 * junqi_text_kind_of() and every byte decoded by GBK (read as GB18030). A
 * UTF-8 text with a line of GBK in it is not GBK text: it is UTF-8 with bad
 * bytes. *utf8 gets a new NUL-terminated string that the caller frees, or
 * NULL when the bytes are not GBK text. Returns false only when out of
 * memory.
 */
bool junqi_gbk_text(const char *s, size_t len, char **utf8);

/**
 * Where the first byte of the len bytes at s that starts no UTF-8 character
 * (junqi_utf8_sequence) is, or with `gbk` the first that is not ASCII, from
 * which GBK reads the text otherwise than UTF-8 would (小明 in GBK is D0 A1
 * C3 F7, whose D0 A1 is UTF-8 too: 小 is where the GBK reading starts): its
 * line (s's first line is first_line) into *line and its 1-based column
 * into *column, counted in the characters of that line as the text is then
 * read (the line a diagnostic shows): as GBK when `gbk`, else as UTF-8 with
 * that byte replaced (junqi_text_chars). Returns false, leaving both alone,
 * when there is none (s all UTF-8; with `gbk`, all ASCII).
 */
bool junqi_utf8_first_bad(const char *s, size_t len, bool gbk, long first_line, long *line, int *column);

/**
 * The first full-width form of an ASCII character in the n bytes at s, as a
 * Chinese input method types them (the ideographic space U+3000 between
 * moves, １ for 1, ［ for [, ： for :), or the Chinese punctuation its
 * Chinese mode types for an ASCII key (。 for ., 【 】 for [ ], “ ” for ",
 * 《 》 for < >): its place into *at and the ASCII character it is typed for
 * (' ' for U+3000; U+FF01..U+FF5E are '!' to '~'), or 0, leaving *at alone,
 * when there is none. A reader names it where its format wants an ASCII
 * mark, rather than the error it causes further on. The forms: Unicode's
 * Halfwidth and Fullwidth Forms block; the punctuation: Microsoft Pinyin's
 * and Sogou's Chinese mode.
 */
char junqi_full_width_ascii(const char *s, size_t n, const char **at);

/**
 * How many of the len bytes at s a text cut to at most max bytes keeps, so
 * as to cut between characters: len when it fits; else max, or up to 3
 * fewer when the byte after them continues a character begun before it
 * (max all the same when no character starts there: the text is not UTF-8,
 * and a writer shows its bytes as \xHH one by one).
 */
size_t junqi_utf8_cut(const char *s, size_t len, size_t max);

/**
 * Drop from the NUL-terminated text s a character cut short at its end (the
 * lead byte of a UTF-8 sequence without all its continuation bytes), as
 * snprintf leaves when a text fills its buffer: Pango refuses a text that
 * ends so. Well-formed text, and text that is not UTF-8, are left as they are.
 */
void junqi_utf8_drop_cut(char *s);

/**
 * The character at text[i] as a message quotes it with "'%.*s'": *at points
 * at it and its length is returned, its UTF-8 sequence (junqi_utf8_sequence)
 * or 1 byte where none starts (a byte a writer shows as \xHH); at or past
 * `end`, or at a NUL, the one-character text `instead`. So a Chinese
 * character is quoted whole, where "'%c'" of its first byte cut it.
 */
int junqi_char_at(const char *text, size_t i, size_t end, const char *instead, const char **at);

/**
 * The len bytes at s into buf (max + 4 bytes), NUL-terminated: all of them,
 * or, when longer than max, the first of them cut between characters
 * (junqi_utf8_cut) and "...". Returns the length of the text in buf.
 */
size_t junqi_clip(char *buf, const char *s, size_t len, size_t max);

/** The most bytes of a user's text (a token, a word) that a message quotes. */
#define JUNQI_QUOTE_MAX 60
/** The size of junqi_quote()'s buffer: the quote, "..." and a NUL. */
#define JUNQI_QUOTE_SIZE (JUNQI_QUOTE_MAX + 4)

/**
 * The len bytes at s as a message quotes them, into buf (JUNQI_QUOTE_SIZE
 * bytes): junqi_clip() at JUNQI_QUOTE_MAX. Returns the
 * length of the text in buf, for a "%.*s" whose arguments are then
 * junqi_quote(buf, s, len), buf.
 */
int junqi_quote(char *buf, const char *s, size_t len);

#ifdef __cplusplus
}
#endif

#endif
