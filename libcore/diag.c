/* SPDX-License-Identifier: MIT */
/*
 * diag.c - see diag.h.
 */
#include "diag.h"

#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void junqi_diags_init(junqi_diags *d)
{
    memset(d, 0, sizeof *d);
}

void junqi_diags_free(junqi_diags *d)
{
    for (size_t i = 0; i < d->n; i++) {
        free(d->items[i].message);
        free(d->items[i].source_line);
    }
    free(d->items);
    junqi_diags_init(d);
}

/* The table of diag.h, indexed by junqi_code. */
static const struct {
    const char *name;
    junqi_severity severity;
    const char *meaning;
} codes[JUNQI_CODE_COUNT] = {
#define JUNQI_CODE_ROW_(id, name, severity, meaning) {name, JUNQI_SEV_##severity, meaning},
    JUNQI_DIAG_CODES(JUNQI_CODE_ROW_)
#undef JUNQI_CODE_ROW_
};

const char *junqi_code_name(junqi_code c)
{
    return (unsigned)c < JUNQI_CODE_COUNT ? codes[c].name : "?";
}

junqi_severity junqi_code_severity(junqi_code c)
{
    return (unsigned)c < JUNQI_CODE_COUNT ? codes[c].severity : JUNQI_SEV_ERROR;
}

const char *junqi_code_meaning(junqi_code c)
{
    return (unsigned)c < JUNQI_CODE_COUNT ? codes[c].meaning : "";
}

junqi_code junqi_code_parse(const char *name)
{
    for (int c = 0; c < JUNQI_CODE_COUNT; c++)
        if (strcmp(codes[c].name, name) == 0)
            return (junqi_code)c;
    return JUNQI_CODE_COUNT;
}

void junqi_diags_vadd(junqi_diags *d, junqi_code code, int move, junqi_loc loc, const char *fmt,
                      va_list ap)
{
    if (!d)
        return;
    junqi_severity sev = junqi_code_severity(code);
    if (sev == JUNQI_SEV_ERROR)
        d->errors++;
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 16;
        junqi_diag *items = realloc(d->items, cap * sizeof *items);
        if (!items)
            return;
        d->items = items;
        d->cap = cap;
    }
    va_list copy;
    va_copy(copy, ap);
    /* The message in the language of LC_MESSAGES (i18n.h): every caller's
     * format is a msgid (`make pot` extracts them by keyword). */
    fmt = _(fmt);
    int len = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *message = len < 0 ? NULL : malloc((size_t)len + 1);
    if (!message)
        return;
    vsnprintf(message, (size_t)len + 1, fmt, ap);
    junqi_diag *g = &d->items[d->n++];
    memset(g, 0, sizeof *g);
    g->severity = sev;
    g->code = code;
    g->message = message;
    g->move = move;
    g->loc = loc;
}

void junqi_diags_add(junqi_diags *d, junqi_code code, int move, junqi_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    junqi_diags_vadd(d, code, move, loc, fmt, ap);
    va_end(ap);
}

bool junqi_diags_move(junqi_diags *to, junqi_diags *from, size_t first, size_t n)
{
    if (to->n + n > to->cap) {
        size_t cap = to->cap ? to->cap : 16;
        while (cap < to->n + n)
            cap *= 2;
        junqi_diag *items = realloc(to->items, cap * sizeof *items);
        if (!items)
            return false;
        to->items = items;
        to->cap = cap;
    }
    for (size_t i = first; i < first + n; i++) {
        junqi_diag *g = &from->items[i];
        to->items[to->n++] = *g;
        if (g->severity == JUNQI_SEV_ERROR) {
            to->errors++;
            from->errors--;
        }
        g->message = g->source_line = NULL;
        g->severity = JUNQI_SEV_NOTE;
    }
    return true;
}

const char *junqi_severity_name(junqi_severity s)
{
    static const char *const names[] = {N_("error"), N_("warning"), N_("note")};
    return names[s];
}

/* Whether c is a UTF-8 continuation byte: no character starts there. */
static bool continuation(char c)
{
    return ((unsigned char)c & 0xC0) == 0x80;
}

/* Whether p is past its line: its end, a newline or a NUL (end NULL: the
 * text ends at a NUL). */
static bool line_over(const char *p, const char *end)
{
    return (end ? p >= end : *p == '\0') || *p == '\n';
}

/* Where character number `column` of a line is, counting on from p, which
 * is character number *col (characters as loc.column counts them: a byte
 * that continues none starts one); the line's end when it is shorter. *col
 * becomes the number of the character returned. */
static const char *walk_to_column(const char *p, const char *end, int *col, int column)
{
    for (; *col < column && !line_over(p, end); ++*col)
        do
            p++;
        while (!line_over(p, end) && continuation(*p));
    return p;
}

/* junqi_diag_set_line() with `at` (not NULL) character number at_col of its line. */
static bool set_line(junqi_diag *g, const char *line, const char *end, const char *at, int at_col)
{
    free(g->source_line);
    g->source_line = NULL;
    const char *from = at - line > JUNQI_DIAG_LINE_CONTEXT ? at - JUNQI_DIAG_LINE_CONTEXT : line, *to = at;
    while (from < at && from > line && continuation(*from))
        from++;
    while (to - at < JUNQI_DIAG_LINE_CONTEXT && !line_over(to, end))
        to++;
    if (!line_over(to, end))
        while (to > at && continuation(*to)) /* cut before a character, not in it */
            to--;
    else if (to > line && to[-1] == '\r') /* a line's CR before its LF is no part of it */
        to--;
    g->source_column = at_col;
    for (const char *p = from; p < at; p++)
        g->source_column -= !continuation(*p);
    if (!(g->source_line = malloc((size_t)(to - from) + 1)))
        return false;
    memcpy(g->source_line, from, (size_t)(to - from));
    g->source_line[to - from] = '\0';
    g->source_len = (size_t)(to - from);
    return true;
}

bool junqi_diag_set_line(junqi_diag *g, const char *line, const char *end, const char *at)
{
    int col = 1;
    if (!at)
        at = walk_to_column(line, end, &col, g->loc.column);
    else
        col = g->loc.column > 1 ? g->loc.column : 1;
    return set_line(g, line, end, at, col);
}

void junqi_diags_attach_lines(junqi_diags *d, size_t from, const char *text, size_t len,
                              long first_line)
{
    if (!d || !text)
        return;
    const char *s = text, *end = text + len; /* where line number `line` starts */
    const char *col_line = NULL, *col_at = NULL; /* character number `col` of the line at col_line */
    long line = first_line;
    int col = 1;
    for (size_t i = from; i < d->n; i++) {
        junqi_diag *g = &d->items[i];
        if (g->source_line || g->loc.line < first_line || first_line <= 0)
            continue;
        if (g->loc.line < line) { /* diagnostics come in order mostly: on from the last line found */
            s = text;
            line = first_line;
        }
        for (; line < g->loc.line && s < end; s++)
            if (*s == '\n')
                line++;
        if (s >= end)
            continue;
        if (col_line != s || g->loc.column < col) { /* another line, or back on this one */
            col_line = col_at = s;
            col = 1;
        }
        col_at = walk_to_column(col_at, end, &col, g->loc.column);
        set_line(g, s, end, col_at, col);
    }
}

void junqi_diag_place_at_byte(junqi_diag *g, const char *text, size_t len, long first_line, const char *at)
{
    const char *line = text;
    long number = first_line;
    int column = 1;
    for (const char *c = text; c < at; c++) {
        if (*c == '\n')
            number++, line = c + 1, column = 1;
        else
            column += !continuation(*c);
    }
    g->loc = (junqi_loc){-1, -1, (int)number, column, g->loc.item};
    set_line(g, line, text + len, at, column);
}

void junqi_diags_add_at_byte(junqi_diags *d, junqi_code code, const char *text, size_t len, long first_line,
                             const char *at, const char *msgid)
{
    size_t before = d ? d->n : 0;
    junqi_diags_add(d, code, -1, JUNQI_NOWHERE, "%s", _(msgid)); /* no % expanded */
    if (d && d->n > before)
        junqi_diag_place_at_byte(&d->items[d->n - 1], text, len, first_line, at);
}
