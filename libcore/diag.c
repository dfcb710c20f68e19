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

void junqi_diags_attach_lines(junqi_diags *d, size_t from, const char *text, size_t len,
                              long first_line)
{
    if (!d || !text)
        return;
    const char *s = text, *end = text + len; /* where line number `line` starts */
    long line = first_line;
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
        const char *eol = memchr(s, '\n', (size_t)(end - s));
        size_t n = eol ? (size_t)(eol - s) : (size_t)(end - s);
        if (n && s[n - 1] == '\r')
            n--;
        if ((g->source_line = malloc(n + 1))) {
            memcpy(g->source_line, s, n);
            g->source_line[n] = '\0';
        }
    }
}
