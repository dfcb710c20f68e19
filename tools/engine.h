/* SPDX-License-Identifier: MIT */
/*
 * engine.h - the engine protocol of `junqi-analyze --engine`: a line
 * protocol on standard input and output in the manner of UCI, so that
 * GUIs, match runners and web front ends keep one engine process. The
 * protocol is specified in docs/protocol.md, with a transcript.
 */
#ifndef JUNQI_ENGINE_H
#define JUNQI_ENGINE_H

#include <stdint.h>
#include <stdio.h>

#include "play.h"

/** The engine's options (`setoption`), and their values at start. */
typedef struct junqi_engine_options {
    int threads;               /**< Threads: 1..64 */
    int hash_mb;               /**< Hash: MiB per search, 1..4096 */
    const junqi_level *level;  /**< Level (play.h); never NULL */
    uint64_t nodes;            /**< Nodes: per search, 0: the level's */
    int samples;               /**< Samples: 0: the level's, else 1..JUNQI_MAX_SAMPLES */
    int view;                  /**< View: -1 auto (the record's default), or a junqi_view_mode */
    uint64_t seed;             /**< Seed: of the samples and the level's choices */
    int multipv;               /**< MultiPV: lines reported, 1..JUNQI_MAX_MULTIPV */
} junqi_engine_options;

/** The options of a new engine: 1 thread, the default hash, the default level, auto view, seed 0, 1 line. */
junqi_engine_options junqi_engine_defaults(void);

/**
 * Run the protocol: read commands from `in` line by line and answer on
 * `out` (flushed after every line) until `quit` or the end of the input;
 * at the end of the input a running search is finished first (or stopped,
 * with `go infinite`). `prog` names the program in messages on stderr.
 * Bad commands are answered with an `error` line and the engine goes on.
 * The protocol is English whatever the locale: this sets the process's
 * LC_MESSAGES to "C" (call it before starting any thread), so that the
 * library's messages its error lines quote are English too.
 * Returns an exit status (cli.h): JUNQI_EXIT_OK, or JUNQI_EXIT_IO when the
 * output cannot be written or memory or threads run out.
 */
int junqi_engine_run(const char *prog, FILE *in, FILE *out, const junqi_engine_options *start);

#endif
