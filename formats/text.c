/* SPDX-License-Identifier: MIT */
/*
 * text.c - see text.h.
 */
#include "text.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* The len bytes of GBK (read as GB18030) at src decoded by cd (or, when it
 * is (iconv_t)-1, no converter: ASCII kept) into out, cap bytes, not
 * NUL-terminated, each byte that does not decode U+FFFD; *end gets the end of
 * the text written. With out NULL the text is only counted, through a scratch
 * buffer, whatever len is. Returns how many bytes did not decode, or SIZE_MAX
 * when out is too small (cap 4 * len + 4 never is: a GB18030 byte never gives
 * more than 3 UTF-8 bytes). */
static size_t gbk_decode(iconv_t cd, const uint8_t *src, size_t len, char *out, size_t cap, char **end)
{
    char scratch[256];
    char *in = (char *)src, *o = out ? out : scratch;
    size_t inleft = len, outleft = out ? cap : sizeof scratch, bad = 0;
    while (inleft > 0) {
        int failed = 0;
        if (cd != (iconv_t)-1) {
            if (iconv(cd, &in, &inleft, &o, &outleft) != (size_t)-1)
                break;
            failed = errno;
        }
        if (!out && outleft < 8) /* room for a U+FFFD or the next characters: the text is not kept */
            o = scratch, outleft = sizeof scratch;
        if (failed == E2BIG && out)
            return SIZE_MAX;
        if (failed == E2BIG)
            continue;
        /* an invalid or incomplete sequence, or no converter: replace one byte */
        size_t k = cd == (iconv_t)-1 && (unsigned char)*in < 0x80 ? 1 : 3;
        memcpy(o, k == 1 ? in : "\xEF\xBF\xBD", k);
        o += k;
        outleft -= k;
        bad += k == 3;
        in++;
        inleft--;
    }
    *end = o;
    return bad;
}

char *junqi_gbk_to_utf8(const uint8_t *src, size_t len, bool *replaced)
{
    size_t cap = 4 * len + 4, bad = SIZE_MAX;
    char *out = malloc(cap), *end = out;
    *replaced = false;
    iconv_t cd = iconv_open("UTF-8", "GB18030");
    if (out)
        bad = gbk_decode(cd, src, len, out, cap - 1, &end);
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    if (bad == SIZE_MAX) {
        free(out);
        return NULL;
    }
    *end = '\0';
    *replaced = bad > 0;
    return out;
}

/* How many bytes of the len at s GBK (read as GB18030) does not decode, as
 * junqi_gbk_to_utf8 replaces them, without keeping the text. Only the runs
 * that hold bytes past ASCII are decoded, each up to two ASCII bytes in a
 * row: the second is a character of its own (no trail byte follows an ASCII
 * one), so they decode as in the whole text. A game is mostly ASCII moves:
 * decoding them all made reading 2,298 GBK games 20 % slower. */
static size_t gbk_bad_bytes(const char *s, size_t len)
{
    char *end;
    iconv_t cd = iconv_open("UTF-8", "GB18030");
    size_t bad = 0;
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0, j; i < len; i = j) {
        while (i < len && u[i] < 0x80)
            i++;
        for (j = i; j < len && !(j > i && u[j] < 0x80 && u[j - 1] < 0x80);)
            j++;
        bad += j > i ? gbk_decode(cd, u + i, j - i, NULL, 0, &end) : 0;
    }
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    return bad;
}


/* How many bytes from p, n available, follow the pattern of one UTF-8
 * character as far as they go (at most its length, *len): 0 when p[0] leads
 * none. The second byte's range for each lead byte (RFC 3629, table 3-7 of the
 * Unicode standard): no overlong form, no surrogate, nothing past U+10FFFF. */
static size_t utf8_prefix(const unsigned char *p, size_t n, size_t *len)
{
    unsigned char c = p[0], lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        *len = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        *len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        *len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else
        return *len = 0;
    if (n < 2 || p[1] < lo || p[1] > hi)
        return 1;
    size_t i = 2;
    while (i < *len && i < n && (p[i] & 0xC0) == 0x80)
        i++;
    return i;
}

size_t junqi_utf8_sequence(const unsigned char *p, size_t n)
{
    if (n == 0)
        return 0;
    if (p[0] < 0x80)
        return 1;
    size_t len, k = utf8_prefix(p, n, &len);
    return k == len ? len : 0;
}

bool junqi_utf8_valid(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t n = junqi_utf8_sequence(p + i, len - i);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

size_t junqi_utf8_bom(const void *p, size_t len)
{
    return len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

static bool in_range(unsigned char c, unsigned char lo, unsigned char hi)
{
    return c >= lo && c <= hi;
}

/* The length of the GBK character (read as GB18030) at p, n bytes available:
 * a lead byte 0x81..0xFE with its trail (0x40..0x7E or 0x80..0xFE: 2), or
 * GB18030's four bytes (4); 0 when none starts there. */
static size_t gbk_sequence(const unsigned char *p, size_t n)
{
    if (n < 2 || !in_range(p[0], 0x81, 0xFE))
        return 0;
    if (n >= 4 && in_range(p[1], 0x30, 0x39) && in_range(p[2], 0x81, 0xFE) && in_range(p[3], 0x30, 0x39))
        return 4;
    return in_range(p[1], 0x40, 0x7E) || in_range(p[1], 0x80, 0xFE) ? 2 : 0;
}

/* The length of the UTF-8 character cut short at p (n bytes available, where
 * no UTF-8 character starts), as a reader reads it: the start of one (a lead
 * byte alone, or with the continuation bytes it allows) before an ASCII byte
 * is that character cut short (a name cut at a byte count: its lead byte
 * alone, or three bytes of four, F0 9F 98 of an emoji, which GBK would pair as
 * F0 9F and 98 with the byte after it), one character, so that the byte after
 * it, a brace or a bracket, stays what it is. Not before a backslash: no cut
 * name wants it, and a GBK character with that trail (蘚 is CC 5C) would
 * escape the brace. Before a UTF-8 character of more bytes it is one too when
 * it holds a continuation byte (F0 9F 98 before 小, names run together), so
 * that the character after it stays whole (GBK paired 98 with 小's E5); a lead
 * byte alone there is left to GBK, whose pairs often look so (你 is C4 E3). 0
 * when there is none. */
static size_t utf8_cut(const unsigned char *p, size_t n)
{
    size_t len, cut = n ? utf8_prefix(p, n, &len) : 0;
    if (!cut || cut >= n)
        return 0;
    if (p[cut] < 0x80)
        return p[cut] != '\\' ? cut : 0;
    return cut > 1 && junqi_utf8_sequence(p + cut, n - cut) > 1 ? cut : 0;
}

/* 6 when p (n bytes available) starts a character past U+FFFF written as
 * the UTF-8 of its two UTF-16 surrogates, high (ED A0..AF 80..BF) then low
 * (ED B0..BF 80..BF), as CESU-8 and Java's modified UTF-8 write an emoji;
 * else 0. UTF-8 has no surrogates (RFC 3629, 3): each pair is one bad
 * character. */
static size_t cesu8_pair(const unsigned char *p, size_t n)
{
    return n >= 6 && p[0] == 0xED && in_range(p[1], 0xA0, 0xAF) && in_range(p[2], 0x80, 0xBF) && p[3] == 0xED &&
                   in_range(p[4], 0xB0, 0xBF) && in_range(p[5], 0x80, 0xBF)
               ? 6 : 0;
}

/* The length of the bad character at p (n bytes available, where no UTF-8
 * character starts) as a UTF-8 reader reads it, one U+FFFD: a UTF-8
 * character cut short (utf8_cut) or a CESU-8 pair (cesu8_pair); 0 for
 * neither. */
static size_t one_bad(const unsigned char *p, size_t n)
{
    size_t k = utf8_cut(p, n);
    return k ? k : cesu8_pair(p, n);
}

size_t junqi_cesu8_pairs(const char *s, size_t len)
{
    size_t pairs = 0;
    for (size_t i = 0, k; i < len; i += k ? k : 1) {
        k = cesu8_pair((const unsigned char *)s + i, len - i);
        pairs += k > 0;
    }
    return pairs;
}

size_t junqi_text_char_length(const char *s, size_t n, bool gbk)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t k = gbk ? gbk_sequence(p, n) : junqi_utf8_sequence(p, n);
    /* a byte that is not UTF-8 leads a GBK character, as in a mixed text (淺 is 9C 5C), unless
     * it starts a UTF-8 character cut short */
    size_t cut = gbk || k ? 0 : one_bad(p, n);
    if (cut)
        return cut;
    if (!k && !gbk)
        k = gbk_sequence(p, n);
    return k ? k : 1;
}

size_t junqi_text_chars(const char *s, size_t n, bool gbk)
{
    size_t chars = 0;
    bool replaced;
    /* GBK: the characters of the conversion itself, which has the last word on a sequence that
     * GB18030 leaves unassigned (EA 31 C7 30 is four characters, each byte but 31 a U+FFFD) */
    char *utf8 = gbk ? junqi_gbk_to_utf8((const uint8_t *)s, n, &replaced) : NULL;
    for (const char *c = utf8; c && *c; c++)
        chars += ((unsigned char)*c & 0xC0) != 0x80;
    for (size_t i = 0; !utf8 && i < n; i += junqi_text_char_length(s + i, n - i, gbk))
        chars++; /* UTF-8 with bad bytes (or out of memory) */
    free(utf8);
    return chars;
}

junqi_text_kind junqi_text_kind_of(const char *s, size_t len)
{
    size_t bad = 0, wide = 0, chinese = 0, plane1 = 0;
    for (size_t i = 0, k; i < len; i += k ? k : 1) {
        const unsigned char *p = (const unsigned char *)s + i;
        k = junqi_utf8_sequence(p, len - i);
        bad += k == 0;
        wide += k > 1;
        chinese += k > 2;
        if (!k) /* a character cut short, or a CESU-8 pair, is one bad character, as it is read */
            k = one_bad(p, len - i);
        plane1 += k == 6 && p[1] == 0xA0; /* D800..D83F: U+10000..U+1FFFF, every emoji's plane */
    }
    if (bad == 0)
        return JUNQI_TEXT_UTF8;
    /* bad characters that are all CESU-8 pairs of emoji's plane: GBK's would begin with 頎 (ED A0) */
    if ((bad < wide && chinese) || bad == plane1)
        return JUNQI_TEXT_MIXED;
    /* GBK only if it decodes more of the text: a cut emoji in ASCII (Tom and F0 9F 98 before '"')
     * is one bad character, and GBK cannot decode its 98 either. On a tie UTF-8, unless it has
     * characters of two bytes, as GBK's pairs often are (黄 and the first byte of 方, BB C6 B7,
     * is UTF-8's Ʒ after a bad byte) */
    size_t gbk_bad = gbk_bad_bytes(s, len);
    return gbk_bad > bad || (gbk_bad == bad && wide == chinese) ? JUNQI_TEXT_MIXED : JUNQI_TEXT_GBK;
}

char *junqi_utf8_replace_bad(const char *s, size_t len, const char *instead, size_t *bad)
{
    size_t n = strlen(instead), count = 0;
    for (size_t i = 0; i < len; i += junqi_text_char_length(s + i, len - i, false))
        count += junqi_utf8_sequence((const unsigned char *)s + i, len - i) == 0;
    char *out = malloc(len + count * n + 1), *o = out;
    for (size_t i = 0, k; out && i < len; i += k) {
        k = junqi_text_char_length(s + i, len - i, false);
        bool good = junqi_utf8_sequence((const unsigned char *)s + i, len - i) > 0;
        memcpy(o, good ? s + i : instead, good ? k : n);
        o += good ? k : n;
    }
    if (out)
        *o = '\0';
    *bad = count;
    return out;
}

bool junqi_gbk_text(const char *s, size_t len, char **utf8)
{
    *utf8 = NULL;
    if (junqi_text_kind_of(s, len) != JUNQI_TEXT_GBK)
        return true;
    bool replaced;
    char *text = junqi_gbk_to_utf8((const uint8_t *)s, len, &replaced);
    if (!text)
        return false;
    if (replaced)
        free(text);
    else
        *utf8 = text;
    return true;
}

bool junqi_utf8_first_bad(const char *s, size_t len, bool gbk, long first_line, long *line, int *column)
{
    const char *start = s;
    long at_line = first_line;
    size_t i = 0, k;
    /* GBK: from its first byte that is not ASCII, the text is read otherwise than as UTF-8, though
     * its first characters may be UTF-8 too (小明 is D0 A1 C3 F7, whose D0 A1 is UTF-8's С) */
    while (i < len && (k = junqi_utf8_sequence((const unsigned char *)s + i, len - i)) > 0 && !(gbk && k > 1)) {
        if (s[i] == '\n')
            at_line++, start = s + i + 1;
        i += k;
    }
    if (i == len)
        return false;
    *line = at_line;
    /* the line up to the byte is UTF-8; GBK reads its bytes as other characters */
    *column = 1 + (int)junqi_text_chars(start, (size_t)(s + i - start), gbk);
    return true;
}

int junqi_char_at(const char *text, size_t i, size_t end, const char *instead, const char **at)
{
    if (i >= end || !text[i])
        return *at = instead, (int)strlen(instead);
    size_t k = junqi_utf8_sequence((const unsigned char *)text + i, end - i);
    *at = text + i;
    return k ? (int)k : 1;
}

/* The ASCII character that the code point cp (of three UTF-8 bytes) is typed for by a Chinese
 * input method, or 0: its full-width form (U+FF01..U+FF5E are '!' to '~'), the ideographic
 * space, and the Chinese punctuation its Chinese mode types for the keys . [ ] " < > (。 【 】
 * “ ” 《 》: Microsoft Pinyin's and Sogou's defaults). */
static char typed_for(unsigned cp)
{
    static const struct { unsigned cp; char ascii; } chinese[] = {
        {0x3000, ' '}, {0x3002, '.'}, {0x3010, '['}, {0x3011, ']'},
        {0x201C, '"'}, {0x201D, '"'}, {0x300A, '<'}, {0x300B, '>'},
    };
    if (cp >= 0xFF01 && cp <= 0xFF5E)
        return (char)(cp - 0xFF01 + '!');
    for (size_t i = 0; i < sizeof chinese / sizeof *chinese; i++)
        if (chinese[i].cp == cp)
            return chinese[i].ascii;
    return 0;
}

char junqi_full_width_ascii(const char *s, size_t n, const char **at)
{
    for (size_t i = 0; i + 3 <= n; i++) {
        const unsigned char *u = (const unsigned char *)s + i;
        if ((u[0] & 0xF0) != 0xE0) /* not a character of three bytes: every token of a game asks */
            continue;
        unsigned cp = (unsigned)(u[0] & 0x0F) << 12 | (unsigned)(u[1] & 0x3F) << 6 | (u[2] & 0x3F);
        char ascii = typed_for(cp);
        if (junqi_utf8_sequence(u, n - i) != 3 || !ascii)
            continue;
        *at = s + i;
        return ascii;
    }
    return 0;
}

size_t junqi_utf8_cut(const char *s, size_t len, size_t max)
{
    if (len <= max)
        return len;
    size_t n = max;
    while (n > 0 && n + 3 > max && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--; /* s[n], the first byte cut, continues a character begun before it */
    if (((unsigned char)s[n] & 0xC0) == 0x80)
        n = max; /* no character starts there: not UTF-8 */
    return n;
}

void junqi_utf8_drop_cut(char *s)
{
    size_t len = strlen(s), k = len;
    while (k > 0 && len - k < 3 && ((unsigned char)s[k - 1] & 0xC0) == 0x80)
        k--; /* back over the continuation bytes to the lead byte, if any */
    if (k == 0)
        return;
    unsigned char lead = (unsigned char)s[k - 1];
    size_t need = lead >= 0xF0 && lead <= 0xF4   ? 4 /* the lead bytes of RFC 3629 */
                  : lead >= 0xE0 && lead <= 0xEF ? 3
                  : lead >= 0xC2 && lead <= 0xDF ? 2
                                                 : 0;
    if (need > len - (k - 1))
        s[k - 1] = '\0';
}

size_t junqi_clip(char *buf, const char *s, size_t len, size_t max)
{
    size_t n = junqi_utf8_cut(s, len, max);
    return (size_t)snprintf(buf, max + 4, "%.*s%s", (int)n, s, n < len ? "..." : "");
}

int junqi_quote(char *buf, const char *s, size_t len)
{
    return (int)junqi_clip(buf, s, len, JUNQI_QUOTE_MAX);
}
