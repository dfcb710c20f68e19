/* SPDX-License-Identifier: MIT */
/*
 * diag.c - see diag.h.
 */
#include "diag.h"

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

void junqi_diags_vadd(junqi_diags *d, junqi_severity sev, const char *code, int move,
                      junqi_loc loc, const char *fmt, va_list ap)
{
    if (!d)
        return;
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
    int len = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *message = len < 0 ? NULL : malloc((size_t)len + 1);
    if (!message)
        return;
    vsnprintf(message, (size_t)len + 1, fmt, ap);
    junqi_diag *g = &d->items[d->n++];
    memset(g, 0, sizeof *g);
    g->severity = sev;
    snprintf(g->code, sizeof g->code, "%s", code);
    g->message = message;
    g->move = move;
    g->loc = loc;
}

void junqi_diags_add(junqi_diags *d, junqi_severity sev, const char *code, int move,
                     junqi_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    junqi_diags_vadd(d, sev, code, move, loc, fmt, ap);
    va_end(ap);
}

const char *junqi_severity_name(junqi_severity s)
{
    static const char *const names[] = {"error", "warning", "note"};
    return names[s];
}

void junqi_diags_attach_lines(junqi_diags *d, size_t from, const char *text, size_t len)
{
    if (!d)
        return;
    for (size_t i = from; i < d->n; i++) {
        junqi_diag *g = &d->items[i];
        if (g->source_line || g->loc.line <= 0)
            continue;
        const char *s = text, *end = text + len;
        for (int line = 1; line < g->loc.line && s < end; s++)
            if (*s == '\n')
                line++;
        const char *eol = memchr(s, '\n', (size_t)(end - s));
        size_t n = eol ? (size_t)(eol - s) : (size_t)(end - s);
        if (n && s[n - 1] == '\r')
            n--;
        if (s < end && (g->source_line = malloc(n + 1))) {
            memcpy(g->source_line, s, n);
            g->source_line[n] = '\0';
        }
    }
}
