/* SPDX-License-Identifier: MIT */
/*
 * json.c - see json.h.
 */
#include "json.h"

#include <inttypes.h>
#include <string.h>

#include "text.h"

void junqi_json_init(junqi_json *j, FILE *out)
{
    j->out = out;
    j->depth = 0;
    j->need_comma[0] = false;
    j->after_key = false;
}

/* The writing below makes one call on the stream per token (a key with its
 * comma and colon, a value with its comma): each call locks the stream, and
 * a call per byte (fputc) was 37% of the time the Python binding took to
 * read a record (junqi_report_next, which writes its JSON). */

/* Before any value or key: "," when a sibling came before, else "". */
static const char *separator(junqi_json *j)
{
    if (j->after_key) {
        j->after_key = false;
        return "";
    }
    bool comma = j->need_comma[j->depth];
    j->need_comma[j->depth] = true;
    return comma ? "," : "";
}

/* A value's text after its separator, in one call on the stream. */
static void put_value(junqi_json *j, const char *text)
{
    const char *sep = separator(j);
    char joined[64];
    size_t n = strlen(text);
    if (!*sep || n + 1 > sizeof joined) {
        fputs(sep, j->out);
        fputs(text, j->out);
        return;
    }
    joined[0] = *sep;
    memcpy(joined + 1, text, n);
    fwrite(joined, 1, n + 1, j->out);
}

static void open_container(junqi_json *j, char c)
{
    put_value(j, c == '{' ? "{" : "[");
    if (j->depth + 1 < JUNQI_JSON_MAX_DEPTH)
        j->depth++;
    j->need_comma[j->depth] = false;
}

static void close_container(junqi_json *j, char c)
{
    fputc(c, j->out);
    if (j->depth > 0)
        j->depth--;
}

void junqi_json_begin_object(junqi_json *j) { open_container(j, '{'); }
void junqi_json_end_object(junqi_json *j) { close_container(j, '}'); }
void junqi_json_begin_array(junqi_json *j) { open_container(j, '['); }
void junqi_json_end_array(junqi_json *j) { close_container(j, ']'); }

/* Text gathered before it goes to the stream, written when full and at the end. */
typedef struct gather {
    FILE *out;
    size_t n;
    char text[512];
} gather;

static void gather_put(gather *g, const void *p, size_t n)
{
    if (g->n + n > sizeof g->text) {
        fwrite(g->text, 1, g->n, g->out);
        g->n = 0;
    }
    if (n > sizeof g->text) {
        fwrite(p, 1, n, g->out);
        return;
    }
    memcpy(g->text + g->n, p, n);
    g->n += n;
}

/* Whether byte c goes into a JSON string as it is: printable ASCII other than '"' and '\\'. */
static bool plain_byte(unsigned char c)
{
    return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

/* Byte *p of a string, escaped: its escape sequence into esc (7 bytes), and its length. */
static size_t escape_byte(const unsigned char *p, char *esc)
{
    switch (*p) {
    case '"': return (size_t)snprintf(esc, 7, "\\\"");
    case '\\': return (size_t)snprintf(esc, 7, "\\\\");
    case '\n': return (size_t)snprintf(esc, 7, "\\n");
    case '\r': return (size_t)snprintf(esc, 7, "\\r");
    case '\t': return (size_t)snprintf(esc, 7, "\\t");
    default: return (size_t)snprintf(esc, 7, "\\u%04x", *p); /* another control character */
    }
}

/* before, then s as a JSON string, then after, in one write of the stream
 * (for most strings: gather). */
static void write_string(FILE *out, const char *before, const char *s, const char *after)
{
    gather g = {.out = out, .n = 0};
    gather_put(&g, before, strlen(before));
    gather_put(&g, "\"", 1);
    const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
    while (p < end) {
        const unsigned char *run = p;
        while (p < end && plain_byte(*p))
            p++;
        gather_put(&g, run, (size_t)(p - run));
        if (p == end)
            break;
        if (*p >= 0x80) {
            /* well-formed UTF-8 as it is; any other byte (a file name, say)
             * as U+FFFD, so that every document is valid JSON (RFC 8259) */
            size_t n = junqi_utf8_sequence(p, (size_t)(end - p));
            gather_put(&g, n ? (const void *)p : "\\ufffd", n ? n : 6);
            p += n ? n : 1;
            continue;
        }
        char esc[7];
        gather_put(&g, esc, escape_byte(p++, esc));
    }
    gather_put(&g, "\"", 1);
    gather_put(&g, after, strlen(after));
    fwrite(g.text, 1, g.n, out);
}

void junqi_json_key(junqi_json *j, const char *key)
{
    write_string(j->out, separator(j), key, ":");
    j->after_key = true;
}

void junqi_json_string(junqi_json *j, const char *s)
{
    if (s)
        write_string(j->out, separator(j), s, "");
    else
        put_value(j, "null");
}

void junqi_json_int(junqi_json *j, long long v)
{
    fprintf(j->out, "%s%lld", separator(j), v);
}

void junqi_json_uint(junqi_json *j, uint64_t v)
{
    fprintf(j->out, "%s%" PRIu64, separator(j), v);
}

void junqi_json_bool(junqi_json *j, bool v)
{
    put_value(j, v ? "true" : "false");
}

void junqi_json_null(junqi_json *j)
{
    put_value(j, "null");
}

void junqi_json_number(junqi_json *j, double v, int decimals)
{
    if (v != v || v > 1e300 || v < -1e300) {
        put_value(j, "null");
        return;
    }
    char text[320]; /* 1e300 has 301 digits before the point; decimals are a few */
    snprintf(text, sizeof text, "%.*f", decimals, v);
    /* negative zero, or a negative number that rounds to zero: 0, not -0 */
    put_value(j, text[0] == '-' && !text[strspn(text + 1, "0.") + 1] ? text + 1 : text);
}
