/* SPDX-License-Identifier: MIT */
/*
 * fuzz_jgn.c - libFuzzer harness for the JGN reader (strict and lenient) and
 * writer: every game read is written back, the canonical text must read
 * again and write the same bytes, and replaying it with checks must not
 * crash. Built by `make fuzz`; seeds: tests/fuzz/corpus/jgn (README.md).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jgn.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

static void round_trip(const junqi_game *g)
{
    char *text = junqi_jgn_to_string(g);
    if (!text)
        return;
    junqi_game *again = junqi_jgn_parse(text, strlen(text), "fuzz", 0, NULL);
    if (again) {
        char *text2 = junqi_jgn_to_string(again);
        if (text2 && strcmp(text, text2) != 0)
            abort(); /* canonical text must be stable */
        free(text2);
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_replay r;
        if (junqi_replay_start(&r, again, NULL, &d))
            junqi_replay_run(&r);
        junqi_diags_free(&d);
        junqi_game_free(again);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    for (unsigned flags = 0; flags <= JUNQI_JGN_LENIENT; flags++) {
        junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, data, len, "fuzz", flags);
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_game *g;
        junqi_read_status rc;
        while (r && ((rc = junqi_jgn_next(r, &g, &d)) == JUNQI_READ_OK || rc == JUNQI_READ_BROKEN)) {
            if (g)
                round_trip(g);
            junqi_game_free(g);
        }
        junqi_diags_free(&d);
        junqi_jgn_reader_free(r);
    }
    return 0;
}
