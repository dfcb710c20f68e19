/* SPDX-License-Identifier: MIT */
/*
 * infer_sweep.h - the inference on one seat's view record, checked at every
 * ply against the complete record it came from (issue 12 §6): the facts of
 * the view must always leave an assignment (propagation succeeds, and a
 * sample is found), and the true setup must always be one of them (every
 * true identity in its piece's set, and junqi_infer_check() accepts it).
 *
 * Header-only, shared by tests/test_infer.c (the bundled replays, in
 * `make check`) and bench/infer_study.c `views` (every shared replay, the
 * figures of docs/engine.md).
 */
#ifndef JUNQI_INFER_SWEEP_H
#define JUNQI_INFER_SWEEP_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "infer.h"
#include "jgn.h"
#include "replay.h"

/** What a sweep counted. */
typedef struct infer_sweep_stats {
    long plies;    /**< positions checked (a seat's view at a ply) */
    long samples;  /**< samples drawn and checked */
    long failures; /**< positions where a check failed */
    char first[256]; /**< the first failure, described */
} infer_sweep_stats;

/* Record a failure (the first one is described). */
static inline void infer_sweep_fail(infer_sweep_stats *st, const char *what, int seat, size_t ply,
                                    const char *name)
{
    if (!st->failures++)
        snprintf(st->first, sizeof st->first, "%s: %s's view at ply %zu: %s", name,
                 junqi_seat_name((junqi_seat)seat), ply, what);
}

/* Check one tracked position: solvable, truth inside, a sample when asked. */
static inline void infer_sweep_check(const junqi_infer *tracked, const junqi_position *truth_start,
                                     bool sample, uint64_t seed, infer_sweep_stats *st,
                                     const char *why_prefix, int seat, size_t ply)
{
    static _Thread_local junqi_infer inf;
    inf = *tracked;
    st->plies++;
    if (!junqi_infer_solve(&inf, false)) {
        infer_sweep_fail(st, "no assignment agrees with the facts", seat, ply, why_prefix);
        return;
    }
    uint8_t kinds[JUNQI_INFER_MAX_PIECES];
    for (int i = 0; i < inf.npieces; i++) {
        kinds[i] = (uint8_t)JUNQI_CELL_PIECE(truth_start->cell[inf.piece[i].start]);
        if (!(inf.piece[i].kinds & JUNQI_KIND_BIT(kinds[i]))) {
            char what[96], sq[4];
            snprintf(what, sizeof what, "the %s of %s that started on %s is outside its set %#x",
                     junqi_piece_name(kinds[i], JUNQI_NAMES_EN),
                     junqi_seat_name((junqi_seat)inf.piece[i].seat),
                     junqi_square_name(inf.board, inf.piece[i].start, sq), inf.piece[i].kinds);
            infer_sweep_fail(st, what, seat, ply, why_prefix);
            return;
        }
    }
    if (!junqi_infer_check(&inf, kinds)) {
        infer_sweep_fail(st, "the true setup breaks a fact", seat, ply, why_prefix);
        return;
    }
    if (!sample)
        return;
    uint64_t rng = seed;
    st->samples++;
    if (!junqi_infer_sample(&inf, &rng, kinds) || !junqi_infer_check(&inf, kinds))
        infer_sweep_fail(st, "no sample found", seat, ply, why_prefix);
}

/**
 * Sweep `view` (seat's view record of the complete record `complete`, as
 * junqi_game_to_view() makes it) from its start to its end: after every
 * move and the events before the next, check the seat's inference; draw a
 * sample every `sample_step` plies (0: never). `name` names the game in the
 * first failure. Adds to *st.
 */
static inline void infer_sweep_view(const junqi_game *complete, const junqi_game *view, int seat,
                                    int sample_step, const char *name, infer_sweep_stats *st)
{
    static _Thread_local junqi_replay rv, rc;
    static _Thread_local junqi_infer inf;
    if (!junqi_replay_start(&rc, complete, NULL, NULL) || !junqi_replay_start(&rv, view, NULL, NULL)) {
        infer_sweep_fail(st, "the record cannot be replayed", seat, 0, name);
        return;
    }
    junqi_infer_start(&inf, &rv.pos, view->start == NULL, seat, view->info);
    const junqi_line *line = &view->main;
    for (size_t i = 0; i <= line->nitems; i++) {
        if (i == line->nitems || line->items[i].kind == JUNQI_ITEM_MOVE)
            infer_sweep_check(&inf, &rc.pos, sample_step > 0 && rv.moves % (size_t)sample_step == 0,
                              rv.moves * 4 + (uint64_t)seat, st, name, seat, rv.moves);
        if (i == line->nitems)
            break;
        uint32_t before = rv.pos.moves;
        junqi_replay_next(&rv);
        if (rv.pos.moves != before)
            junqi_infer_move(&inf, rv.last_move, (junqi_outcome)rv.last_outcome);
        junqi_infer_sync(&inf, &rv.pos);
    }
}

/**
 * Seat `seat`'s view record of the complete record g, as `junqi-replay
 * --view SEAT --to jgn` writes it, read back: a new record (free it), or
 * NULL when out of memory or when the JGN does not read back. g's setups
 * are dropped and restored, so g is unchanged.
 */
static inline junqi_game *infer_sweep_view_record(junqi_game *g, int seat)
{
    bool known[JUNQI_SEATS];
    junqi_seat view = g->view;
    for (int s = 0; s < JUNQI_SEATS; s++)
        known[s] = g->seat[s].setup_known;
    junqi_game_to_view(g, (junqi_seat)seat);
    char *text = junqi_jgn_to_string(g);
    for (int s = 0; s < JUNQI_SEATS; s++)
        g->seat[s].setup_known = known[s];
    g->view = view;
    junqi_game *back = text ? junqi_jgn_parse(text, strlen(text), "view", 0, NULL) : NULL;
    free(text);
    return back;
}

#endif
