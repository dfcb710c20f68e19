/* SPDX-License-Identifier: MIT */
/*
 * fuzz_qq.c - libFuzzer harness for the QQ importer (.jgs/.jqs replays and
 * .jql formations): parse, then replay with every check on. Any crash, leak,
 * out-of-bounds read or undefined behaviour is a bug. Built by `make fuzz`;
 * seeds: tests/fuzz/corpus/qq (tests/fuzz/README.md).
 */
#include <stddef.h>
#include <stdint.h>

#include "qq.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    junqi_diags d;
    junqi_diags_init(&d);
    if (junqi_qq_detect(data, len) == JUNQI_QQ_FORMATION) {
        uint8_t setup[6][5];
        junqi_qq_read_formation(data, len, setup, &d);
    } else {
        junqi_game *g = junqi_qq_read_replay(data, len, &d);
        if (g) {
            junqi_replay r;
            if (junqi_replay_start(&r, g, NULL, &d))
                junqi_replay_run(&r);
            junqi_game_free(g);
        }
    }
    junqi_diags_free(&d);
    return 0;
}
