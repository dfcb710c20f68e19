/* SPDX-License-Identifier: MIT */
/*
 * fuzz_pos.c - libFuzzer harness for the position notation: any input that
 * reads must write back to a string that reads to the same position and
 * writes the same string, and that string is the input itself (the reader
 * takes canonical strings only, docs/position.md) but for the rule string,
 * which is written back canonically.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "posnote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

/* The length of the first five words of s (n bytes), blanks around it left out; *from their start. */
static size_t state_prefix(const char *s, size_t n, size_t *from)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    *from = i;
    for (int words = 0; i < n; i++)
        if (s[i] == ' ' && ++words == 5)
            break;
    while (i > *from && (s[i - 1] == ' ' || s[i - 1] == '\t' || s[i - 1] == '\n' || s[i - 1] == '\r'))
        i--;
    return i - *from;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    junqi_position pos, back;
    junqi_diags d;
    junqi_diags_init(&d);
    if (junqi_pos_parse((const char *)data, len, &pos, &d)) {
        char *text = junqi_pos_format(&pos);
        if (!text || !junqi_pos_parse(text, strlen(text), &back, NULL))
            abort();
        char *again = junqi_pos_format(&back);
        if (!again || strcmp(text, again) != 0 || memcmp(pos.cell, back.cell, sizeof pos.cell) != 0)
            abort();
        size_t in_at, out_at;
        size_t in_n = state_prefix((const char *)data, len, &in_at);
        size_t out_n = state_prefix(text, strlen(text), &out_at);
        if (in_n != out_n || memcmp((const char *)data + in_at, text + out_at, in_n) != 0)
            abort(); /* an accepted string that is not canonical */
        free(text);
        free(again);
    }
    junqi_diags_free(&d);
    return 0;
}
