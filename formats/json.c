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

/* Before any value or key: a comma when a sibling came before. */
static void separate(junqi_json *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->need_comma[j->depth])
        fputc(',', j->out);
    j->need_comma[j->depth] = true;
}

static void open_container(junqi_json *j, char c)
{
    separate(j);
    fputc(c, j->out);
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

static void write_string(FILE *out, const char *s)
{
    fputc('"', out);
    const unsigned char *end = (const unsigned char *)s + strlen(s);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x80) {
            /* well-formed UTF-8 as it is; any other byte (a file name, say)
             * as U+FFFD, so that every document is valid JSON (RFC 8259) */
            size_t n = junqi_utf8_sequence(p, (size_t)(end - p));
            if (n == 0)
                fputs("\\ufffd", out);
            else
                fwrite(p, 1, n, out), p += n - 1;
            continue;
        }
        switch (*p) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*p < 0x20)
                fprintf(out, "\\u%04x", *p);
            else
                fputc(*p, out);
        }
    }
    fputc('"', out);
}

void junqi_json_key(junqi_json *j, const char *key)
{
    separate(j);
    write_string(j->out, key);
    fputc(':', j->out);
    j->after_key = true;
}

void junqi_json_string(junqi_json *j, const char *s)
{
    separate(j);
    if (s)
        write_string(j->out, s);
    else
        fputs("null", j->out);
}

void junqi_json_int(junqi_json *j, long long v)
{
    separate(j);
    fprintf(j->out, "%lld", v);
}

void junqi_json_uint(junqi_json *j, uint64_t v)
{
    separate(j);
    fprintf(j->out, "%" PRIu64, v);
}

void junqi_json_bool(junqi_json *j, bool v)
{
    separate(j);
    fputs(v ? "true" : "false", j->out);
}

void junqi_json_null(junqi_json *j)
{
    separate(j);
    fputs("null", j->out);
}

void junqi_json_number(junqi_json *j, double v, int decimals)
{
    separate(j);
    if (v != v || v > 1e300 || v < -1e300) {
        fputs("null", j->out);
        return;
    }
    char text[320]; /* 1e300 has 301 digits before the point; decimals are a few */
    snprintf(text, sizeof text, "%.*f", decimals, v);
    /* negative zero, or a negative number that rounds to zero: 0, not -0 */
    fputs(text[0] == '-' && !text[strspn(text + 1, "0.") + 1] ? text + 1 : text, j->out);
}
