/* SPDX-License-Identifier: MIT */
/*
 * test_annotread.c - an annotated record read back (libcore/annotread.h)
 * gives what junqi_annotate() found: the same win probabilities (to the two
 * decimals written), scores, marks, better moves and summaries; a record
 * without annotation reads as none.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "annotread.h"
#include "jgn.h"
#include "testutil.h"

/* The first marked move of annotated record g (want: its annotation) given a variation of the
 * record's own before the engine's line, and another mark by hand: the page read the first
 * variation as the engine's line, and the mark the move carries as the engine's (h-annot3); both
 * now come from what the annotation's sentences say. */
static void record_edits_are_not_the_engines(junqi_game *g, const junqi_annotation *want)
{
    size_t i = 0;
    while (i < want->nmoves && !(want->moves[i].mark && want->moves[i].pv_len))
        i++;
    assert_true(i < want->nmoves);
    const junqi_move_judgement *w = &want->moves[i];
    junqi_item *it = &g->main.items[w->item];
    junqi_line *own = junqi_item_add_variation(it);
    assert_non_null(own);
    junqi_item played = {.kind = JUNQI_ITEM_MOVE, .seat = it->seat, .move = it->move}; /* the record's own line */
    assert_true(junqi_line_add_item(own, &played));
    junqi_line last = it->variations[it->nvariations - 1]; /* put first, the engine's line last */
    memmove(it->variations + 1, it->variations, (it->nvariations - 1) * sizeof *it->variations);
    it->variations[0] = last;
    it->nags[0] = w->mark == JUNQI_MARK_MISTAKE ? JUNQI_MARK_BLUNDER : JUNQI_MARK_MISTAKE;
    junqi_annotation got;
    assert_true(junqi_annotation_read(g, &got));
    const junqi_move_judgement *r = &got.moves[i];
    assert_int_equal(r->mark, w->mark);
    assert_int_equal(r->best.from, w->pv[0].from);
    assert_int_equal(r->best.to, w->pv[0].to);
    junqi_annotation_free(&got);
}

static void an_annotated_record_reads_back_to_its_annotation(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/perft/replays/jgs-000029.jgs"));
    assert_non_null(g);
    junqi_annotate_options o = junqi_annotate_defaults();
    o.view = JUNQI_VIEW_ALL;
    o.view_given = true;
    o.limits.nodes = 1500;
    o.threads = 2;
    junqi_annotation want, got;
    assert_true(junqi_annotate(g, &o, &want));
    char *text = junqi_jgn_to_string(g);
    junqi_game *back = junqi_jgn_parse(text, strlen(text), "annotated", 0, NULL);
    assert_non_null(back);
    junqi_game_settle(back);
    assert_true(junqi_annotation_read(back, &got));
    assert_int_equal(got.nmoves, want.nmoves);
    int marked = 0;
    for (size_t i = 0; i < got.nmoves; i++) {
        const junqi_move_judgement *w = &want.moves[i], *r = &got.moves[i];
        assert_int_equal(r->ply, w->ply);
        assert_int_equal(r->seat, w->seat);
        assert_int_equal(r->judged, w->judged);
        if (!w->judged)
            continue;
        assert_true(fabs(r->winprob_before - w->winprob_before) <= 0.005 + 1e-9);
        assert_true(fabs(r->winprob_after - w->winprob_after) <= 0.005 + 1e-9);
        assert_true(fabs(r->eval_after - w->eval_after) <= 0.5 + 1e-9);
        assert_int_equal(r->mark, w->mark);
        if (w->mark && w->pv_len) {
            marked++;
            assert_int_equal(r->best.from, w->pv[0].from);
            assert_int_equal(r->best.to, w->pv[0].to);
            assert_true(r->pv_len >= 1);
        }
    }
    assert_true(marked > 0);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        assert_int_equal(got.seat[s].moves, want.seat[s].moves);
        assert_int_equal(got.seat[s].blunders, want.seat[s].blunders);
        assert_int_equal(got.seat[s].mistakes, want.seat[s].mistakes);
        assert_int_equal(got.seat[s].inaccuracies, want.seat[s].inaccuracies);
        assert_true(fabs(got.seat[s].accuracy - want.seat[s].accuracy) <= 0.05 + 1e-9);
    }
    record_edits_are_not_the_engines(back, &want);
    junqi_annotation_free(&want);
    junqi_annotation_free(&got);
    junqi_game_free(back);
    junqi_game_free(g);
    free(text);
}

static void a_record_without_evaluations_has_no_annotation(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/qq/jgs-002724.jgs"));
    assert_non_null(g);
    junqi_game_settle(g);
    junqi_annotation a;
    assert_false(junqi_annotation_read(g, &a));
    assert_null(a.moves);
    assert_int_equal(a.nmoves, 0);
    junqi_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_annotated_record_reads_back_to_its_annotation),
        cmocka_unit_test(a_record_without_evaluations_has_no_annotation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
