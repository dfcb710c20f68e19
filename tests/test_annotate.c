/* SPDX-License-Identifier: MIT */
/*
 * test_annotate.c - annotating games: every judged move gets its [%eval],
 * marks follow the thresholds, marked moves get the engine's line as a
 * legal variation, summaries add up, the annotated record reads back, and
 * the output does not depend on the number of threads.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "annotate.h"
#include "jgn.h"
#include "testutil.h"

static junqi_annotate_options quick(junqi_view_mode view, int threads)
{
    junqi_annotate_options o = junqi_annotate_defaults();
    o.view = view;
    o.view_given = true;
    o.limits.nodes = 2000;
    o.samples = 2;
    o.threads = threads;
    return o;
}

static char *annotated_text(const char *rel, junqi_annotate_options o, junqi_annotation *a)
{
    junqi_game *g = load_replay(source_path(rel));
    assert_non_null(g);
    assert_true(junqi_annotate(g, &o, a));
    char *text = junqi_jgn_to_string(g);
    junqi_game_free(g);
    return text;
}

static void every_move_is_judged_and_marked_by_its_loss(void **state)
{
    (void)state;
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_ALL, 2);
    char *text = annotated_text("tests/data/qq/jgs-002724.jgs", o, &a);
    assert_int_equal(a.nmoves, 15);
    int judged = 0, marks = 0;
    for (size_t i = 0; i < a.nmoves; i++) {
        const junqi_move_judgement *j = &a.moves[i];
        assert_int_equal(j->ply, i + 1);
        if (!j->judged)
            continue;
        judged++;
        assert_true(j->winprob_before >= 0 && j->winprob_before <= 1);
        assert_true(j->loss >= 0);
        assert_true(j->loss <= j->winprob_before + 1e-9);
        int want = j->loss >= 0.30 ? JUNQI_MARK_BLUNDER : j->loss >= 0.20 ? JUNQI_MARK_MISTAKE
                   : j->loss >= 0.10 ? JUNQI_MARK_INACCURACY : JUNQI_MARK_NONE;
        if (!j->missed_flag && !(j->best.from == 0xFF))
            assert_true(j->mark == want || j->mark == JUNQI_MARK_NONE);
        marks += j->mark != 0;
    }
    assert_true(judged >= 13);
    /* one [%eval] per judged move */
    int evals = 0;
    for (const char *s = text; (s = strstr(s, "[%eval ")); s++)
        evals++;
    assert_int_equal(evals, judged);
    /* the annotated record reads back to itself and validates */
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *back = junqi_jgn_parse(text, strlen(text), "annotated", 0, &d);
    assert_non_null(back);
    char *again = junqi_jgn_to_string(back);
    assert_string_equal(again, text);
    junqi_replay r;
    junqi_replay_start(&r, back, NULL, &d);
    junqi_replay_run(&r);
    assert_int_equal(d.errors, 0);
    assert_non_null(junqi_game_tag(back, "NorthAccuracy"));
    (void)marks;
    junqi_game_free(back);
    junqi_diags_free(&d);
    junqi_annotation_free(&a);
    free(text);
    free(again);
}

static void summaries_add_up_the_judged_moves(void **state)
{
    (void)state;
    junqi_annotation a;
    char *text = annotated_text("tests/data/perft/replays/jgs-000029.jgs", quick(JUNQI_VIEW_ALL, 2), &a);
    int moves[JUNQI_SEATS] = {0}, marks[JUNQI_SEATS][7] = {{0}};
    for (size_t i = 0; i < a.nmoves; i++)
        if (a.moves[i].judged) {
            moves[a.moves[i].seat]++;
            marks[a.moves[i].seat][a.moves[i].mark]++;
        }
    for (int s = 0; s < JUNQI_SEATS; s++) {
        assert_int_equal(a.seat[s].moves, moves[s]);
        assert_int_equal(a.seat[s].inaccuracies, marks[s][JUNQI_MARK_INACCURACY]);
        assert_int_equal(a.seat[s].mistakes, marks[s][JUNQI_MARK_MISTAKE]);
        assert_int_equal(a.seat[s].blunders, marks[s][JUNQI_MARK_BLUNDER]);
        if (moves[s])
            assert_true(a.seat[s].accuracy > 0 && a.seat[s].accuracy <= 100);
    }
    assert_true(moves[JUNQI_NORTH] > 50 && moves[JUNQI_SOUTH] > 50);
    junqi_annotation_free(&a);
    free(text);
}

static void output_does_not_depend_on_the_number_of_threads(void **state)
{
    (void)state;
    junqi_annotation a1, a2;
    char *one = annotated_text("tests/data/qq/jgs-002724.jgs", quick(JUNQI_VIEW_MOVER, 1), &a1);
    char *two = annotated_text("tests/data/qq/jgs-002724.jgs", quick(JUNQI_VIEW_MOVER, 2), &a2);
    assert_string_equal(one, two);
    junqi_annotation_free(&a1);
    junqi_annotation_free(&a2);
    free(one);
    free(two);
}

static void only_the_chosen_seat_is_judged(void **state)
{
    (void)state;
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_ALL, 2);
    o.only_seat = JUNQI_EAST;
    char *text = annotated_text("tests/data/qq/jgs-002724.jgs", o, &a);
    for (size_t i = 0; i < a.nmoves; i++)
        assert_int_equal(a.moves[i].judged, a.moves[i].seat == JUNQI_EAST);
    assert_null(strstr(text, "NorthAccuracy"));
    assert_non_null(strstr(text, "EastAccuracy"));
    junqi_annotation_free(&a);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_move_is_judged_and_marked_by_its_loss),
        cmocka_unit_test(summaries_add_up_the_judged_moves),
        cmocka_unit_test(output_does_not_depend_on_the_number_of_threads),
        cmocka_unit_test(only_the_chosen_seat_is_judged),
    };
    return cmocka_run_group_tests_name("annotate", tests, NULL, NULL);
}
