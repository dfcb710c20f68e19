/* SPDX-License-Identifier: MIT */
/*
 * termtext.c - converting stdout and stderr to a terminal's character set.
 *
 * Design: the stream is a glibc cookie stream (fopencookie) whose write
 * function converts with iconv and writes the result to the descriptor the
 * standard stream had. stdio hands the write function whatever its buffer
 * held, which may end inside a UTF-8 character (a long line cut at the
 * buffer's size, fputc byte by byte): iconv's EINVAL leaves those bytes,
 * at most three, and the converter holds them for the next write. A
 * character the set lacks and cannot transliterate becomes one '?', as does
 * each byte that starts no UTF-8 character (a file name's byte), and the
 * conversion goes on after it. The shift state is
 * never reset: the sets of terminals that have one (ISO-2022) are not
 * among those a Chinese system uses (GBK, GB18030, Big5).
 */
#define _GNU_SOURCE /* fopencookie(): glibc and musl */
#include "termtext.h"

#include <errno.h>
#include <iconv.h>
#include <langinfo.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "text.h"

/* Whether the locale's character set is one the text goes out in as it is. */
static bool charset_takes_utf8(const char *charset)
{
    return !*charset || strcasecmp(charset, "UTF-8") == 0 || strcasecmp(charset, "ANSI_X3.4-1968") == 0 ||
           strcasecmp(charset, "ASCII") == 0 || strcasecmp(charset, "US-ASCII") == 0;
}

#ifdef __GLIBC__ /* elsewhere (musl) stdout and stderr are constants: the text stays UTF-8 */

/* Bytes a UTF-8 character has at most, and so the most a write can leave unconverted plus one. */
#define UTF8_MAX 4

/* One converting stream's state (the cookie). */
typedef struct converter {
    int fd;                /* where the converted text goes: the standard stream's descriptor */
    iconv_t cd;            /* UTF-8 to the locale's set */
    char held[UTF8_MAX];   /* the start of a character the last write cut off */
    size_t nheld;
} converter;

/* Write all n bytes of buf to fd, through EINTR and short writes. */
static bool write_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        buf += w, n -= (size_t)w;
    }
    return true;
}

/* The length of the UTF-8 character whose first byte is b (1 for a byte that starts none). */
static size_t utf8_length(unsigned char b)
{
    return b >= 0xF0 && b < 0xF8 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
}

/* Convert *in (*left bytes) onto c->fd until it is used up or ends inside a character, whose
 * bytes are left in *in and *left. False when the terminal cannot be written. */
static bool convert(converter *c, char **in, size_t *left)
{
    char out[1024];
    while (*left > 0) {
        char *o = out;
        size_t room = sizeof out;
        size_t r = iconv(c->cd, in, left, &o, &room);
        int e = errno;
        if (!write_all(c->fd, out, (size_t)(o - out)))
            return false;
        if (r != (size_t)-1 || e == E2BIG)
            continue;
        if (e == EINVAL && *left < utf8_length((unsigned char)**in))
            return true; /* a character cut off: the next write completes it */
        /* EILSEQ: one '?' for the character the set lacks, or for the one byte that starts no
         * UTF-8 character (a Latin-1 file name's é): the bytes after it are text of their own */
        size_t skip = junqi_utf8_sequence((const unsigned char *)*in, *left);
        skip = skip ? skip : 1;
        if (!write_all(c->fd, "?", 1))
            return false;
        *in += skip, *left -= skip;
    }
    return true;
}

/* The cookie's write: what stdio's buffer held, after what the last write left. */
static ssize_t converter_write(void *cookie, const char *buf, size_t size)
{
    converter *c = cookie;
    char small[1024 + UTF8_MAX];
    size_t n = c->nheld + size;
    char *text = n <= sizeof small ? small : malloc(n);
    if (!text)
        return -1;
    memcpy(text, c->held, c->nheld);
    memcpy(text + c->nheld, buf, size);
    char *in = text;
    size_t left = n;
    bool ok = convert(c, &in, &left); /* true: fewer than UTF8_MAX bytes are left */
    c->nheld = ok ? left : 0;
    memcpy(c->held, in, c->nheld);
    if (text != small)
        free(text);
    return ok ? (ssize_t)size : -1;
}

/* The cookie's close: a character cut off at the end is a '?'. */
static int converter_close(void *cookie)
{
    converter *c = cookie;
    bool ok = c->nheld == 0 || write_all(c->fd, "?", 1);
    iconv_close(c->cd);
    free(c);
    return ok ? 0 : EOF;
}

/* A stream that converts to `charset` onto descriptor fd, buffered as `mode` (_IOLBF, _IONBF),
 * or NULL when the conversion cannot be opened or memory runs out. */
static FILE *converting_stream(int fd, const char *charset, int mode)
{
    char target[128];
    snprintf(target, sizeof target, "%s//TRANSLIT", charset);
    converter *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->fd = fd;
    c->cd = iconv_open(target, "UTF-8");
    if (c->cd == (iconv_t)-1) {
        free(c);
        return NULL;
    }
    cookie_io_functions_t io = {.write = converter_write, .close = converter_close};
    FILE *f = fopencookie(c, "w", io);
    if (!f) {
        iconv_close(c->cd);
        free(c);
        return NULL;
    }
    setvbuf(f, NULL, mode, mode == _IONBF ? 0 : BUFSIZ);
    return f;
}

/* The standard streams the converting ones stand in for, or NULL (none, or given back). */
static FILE *original_stdout, *original_stderr;

/* Give *stream back its standard stream *original, if it was replaced: the converting stream is
 * closed, which writes what it holds. Its fclose()'s result: EOF when that write failed. */
static int give_back(FILE **stream, FILE **original)
{
    if (!*original)
        return 0;
    FILE *f = *stream;
    *stream = *original;
    *original = NULL;
    return fclose(f);
}

int junqi_cli_give_back_stdout(void)
{
    return give_back(&stdout, &original_stdout);
}

/* At exit (atexit: after the handlers registered later, before stdio's own flush): the standard
 * streams given back, so that what is written after still goes out, and nothing is left
 * allocated (LeakSanitizer). */
static void give_back_streams(void)
{
    junqi_cli_give_back_stdout();
    give_back(&stderr, &original_stderr);
}

void junqi_cli_terminal_charset(void)
{
    const char *charset = nl_langinfo(CODESET);
    if (!charset || charset_takes_utf8(charset) || original_stdout || original_stderr)
        return;
    FILE *f;
    if (isatty(STDOUT_FILENO) && (f = converting_stream(STDOUT_FILENO, charset, _IOLBF)))
        original_stdout = stdout, stdout = f;
    /* unbuffered, as stderr is: a progress line's "\r" update shows at once */
    if (isatty(STDERR_FILENO) && (f = converting_stream(STDERR_FILENO, charset, _IONBF)))
        original_stderr = stderr, stderr = f;
    if (original_stdout || original_stderr)
        atexit(give_back_streams);
}

#else

void junqi_cli_terminal_charset(void)
{
}

int junqi_cli_give_back_stdout(void)
{
    return 0;
}

#endif

bool junqi_cli_locale_text(const char *arg, char *buf, size_t n)
{
    const char *charset = nl_langinfo(CODESET);
    const char *p = arg;
    while (*p && !(*p & 0x80))
        p++;
    iconv_t cd = !*p || !charset || charset_takes_utf8(charset) ? (iconv_t)-1 : iconv_open("UTF-8", charset);
    if (cd == (iconv_t)-1) { /* ASCII, a UTF-8 locale, or a set iconv lacks: the bytes as they are */
        bool fits = snprintf(buf, n, "%s", arg) < (int)n;
        errno = fits ? errno : E2BIG;
        return fits;
    }
    char *in = (char *)arg, *out = buf;
    size_t left = strlen(arg), room = n - 1;
    size_t r = iconv(cd, &in, &left, &out, &room);
    int why = errno; /* E2BIG: valid text whose UTF-8 does not fit, which iconv_close keeps */
    iconv_close(cd);
    *out = '\0';
    errno = why;
    return r != (size_t)-1;
}

int junqi_cli_stream_fd(FILE *stream)
{
    return stream == stdout ? STDOUT_FILENO : stream == stderr ? STDERR_FILENO : fileno(stream);
}
