/* SPDX-License-Identifier: MIT */
/*
 * text.c - see text.h.
 */
#include "text.h"

#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

char *junqi_gbk_to_utf8(const uint8_t *src, size_t len, bool *replaced)
{
    size_t cap = 4 * len + 4; /* a GB18030 byte never gives more than 3 UTF-8 bytes */
    char *out = malloc(cap);
    iconv_t cd = iconv_open("UTF-8", "GB18030");
    char *in = (char *)src, *o = out;
    size_t inleft = len, outleft = cap - 1;

    *replaced = false;
    if (!out)
        goto error;
    while (inleft > 0) {
        if (cd != (iconv_t)-1) {
            if (iconv(cd, &in, &inleft, &o, &outleft) != (size_t)-1)
                break;
            if (errno == E2BIG)
                goto error;
        }
        /* an invalid or incomplete sequence, or no converter: replace one byte */
        if (cd == (iconv_t)-1 && (unsigned char)*in < 0x80) {
            *o++ = *in;
            outleft--;
        } else {
            memcpy(o, "\xEF\xBF\xBD", 3);
            o += 3;
            outleft -= 3;
            *replaced = true;
        }
        in++;
        inleft--;
    }
    *o = '\0';
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    return out;
error:
    if (cd != (iconv_t)-1)
        iconv_close(cd);
    free(out);
    return NULL;
}


bool junqi_utf8_valid(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        unsigned char c = *p;
        int n = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        if (n < 0 || (c & 0xFE) == 0xC0 || end - p <= n)
            return false;
        for (int i = 1; i <= n; i++)
            if ((p[i] & 0xC0) != 0x80)
                return false;
        p += n + 1;
    }
    return true;
}
