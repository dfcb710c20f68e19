/* SPDX-License-Identifier: MIT */
/*
 * fuzz_pos.c - libFuzzer harness for the position notation: any input that
 * reads must write back to a string that reads to the same position and
 * writes the same string.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "posnote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

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
        free(text);
        free(again);
    }
    junqi_diags_free(&d);
    return 0;
}
