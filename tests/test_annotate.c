/* SPDX-License-Identifier: MIT */
/*
 * test_annotate.c - annotating games: every judged move gets its [%eval],
 * marks follow the thresholds, marked moves get the engine's line as a
 * legal variation, summaries add up, the annotated record reads back, and
 * the output does not depend on the number of threads; a stop request
 * ends it.
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

/* The [%eval] command's evaluation has no sign where it rounds to zero: a
 * flip game's mean of chance outcomes of -0.0001 wrote "-0.00" */
static void the_eval_command_writes_no_negative_zero(void **state)
{
    (void)state;
    static const struct {
        double eval_after;
        const char *want;
    } cases[] = {{-0.01, "[%eval 0.50 0.25 +0.00]"}, {-0.0, "[%eval 0.50 0.25 +0.00]"},
                 {-0.6, "[%eval 0.50 0.25 -0.01]"}, {120, "[%eval 0.50 0.25 +1.20]"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        junqi_move_judgement j = {.winprob_before = 0.5, .winprob_after = 0.25, .eval_after = cases[k].eval_after};
        char buf[JUNQI_EVAL_COMMAND_SIZE];
        junqi_eval_command(buf, &j);
        assert_string_equal(buf, cases[k].want);
    }
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
        double sure = junqi_analysis_sure_loss(j->loss, j->loss_error);
        int want = sure >= o.thresholds[2]   ? JUNQI_MARK_BLUNDER
                   : sure >= o.thresholds[1] ? JUNQI_MARK_MISTAKE
                   : sure >= o.thresholds[0] ? JUNQI_MARK_INACCURACY
                                             : JUNQI_MARK_NONE;
        assert_int_equal(j->mark, want);
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

/* Issue 12 §3: a move is judged by its value averaged over the samples,
 * so the engine's own choice loses exactly nothing (the mean of each
 * sample's own best, which no move reaches, is gone), every loss is the
 * best candidate's mean less the move played's, and a mark survives the
 * spread over the samples. */
static void the_engines_own_choice_loses_nothing_and_marks_survive_the_spread(void **state)
{
    (void)state;
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_MOVER, 2);
    o.samples = 6;
    char *text = annotated_text("tests/data/perft/replays/jgs-000281.jgs", o, &a);
    int own = 0, judged = 0;
    for (size_t i = 0; i < a.nmoves; i++) {
        const junqi_move_judgement *j = &a.moves[i];
        if (!j->judged)
            continue;
        judged++;
        assert_true(j->winprob_after <= j->winprob_before + 1e-12);
        assert_true(j->loss_error >= 0);
        if (j->mark)
            assert_true(junqi_analysis_sure_loss(j->loss, j->loss_error) >= o.thresholds[0]);
        if (j->loss == 0) {
            own++;
            assert_int_equal(j->mark, JUNQI_MARK_NONE);
        }
    }
    assert_true(judged > 30 && own > 0);
    junqi_annotation_free(&a);
    free(text);
}

/* A choice between equal outcomes is no mistake: south's flag falls next
 * move whatever south does (north's marshal stands beside it and nothing
 * can stop it), so every move of south loses nothing. */
static void a_lost_position_has_no_mistakes(void **state)
{
    (void)state;
    junqi_game *g = junqi_game_new(JUNQI_TWO_PLAYER);
    assert_non_null(g);
    junqi_position *pos = malloc(sizeof *pos);
    assert_non_null(pos);
    junqi_position_init(pos, junqi_board_get(JUNQI_TWO_PLAYER), junqi_rules_get("standard"),
                        JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
    put_piece(pos, "b1", JUNQI_SOUTH, JUNQI_FLAG);
    put_piece(pos, "e6", JUNQI_SOUTH, JUNQI_LIEUTENANT);
    put_piece(pos, "b2", JUNQI_NORTH, JUNQI_MARSHAL);
    put_piece(pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
    put_piece(pos, "a12", JUNQI_NORTH, JUNQI_LANDMINE);
    put_piece(pos, "c12", JUNQI_NORTH, JUNQI_LANDMINE);
    put_piece(pos, "a11", JUNQI_NORTH, JUNQI_LANDMINE);
    put_piece(pos, "c11", JUNQI_NORTH, JUNQI_LANDMINE);
    pos->to_move = JUNQI_SOUTH;
    pos->hash = junqi_position_hash(pos);
    g->start = pos;
    g->seat[JUNQI_SOUTH].present = g->seat[JUNQI_NORTH].present = true;
    g->info = JUNQI_OPEN;
    junqi_item m = {.kind = JUNQI_ITEM_MOVE, .seat = JUNQI_SOUTH, .next_seat = JUNQI_NO_SEAT,
                    .flag_shown = {JUNQI_NO_POINT, JUNQI_NO_POINT}, .defender_marshal_died = -1,
                    .loc = JUNQI_NOWHERE};
    assert_true(junqi_move_parse(pos->board, "e6-e5", 5, &m.move));
    assert_true(junqi_game_add_item(g, &m));
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_ALL, 1);
    assert_true(junqi_annotate(g, &o, &a));
    assert_true(a.moves[0].judged);
    assert_true(a.moves[0].winprob_before < JUNQI_ANALYSIS_LAPSE + 0.01); /* lost: only the lapse is left */
    assert_true(a.moves[0].loss < 1e-6);
    assert_int_equal(a.moves[0].mark, JUNQI_MARK_NONE);
    junqi_annotation_free(&a);
    junqi_game_free(g);
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

/* A stop request (limits.stop) ends the annotation: false, nothing kept,
 * and the game without a comment of it (junqi-analyze drops it on Ctrl-C). */
static void a_stop_request_ends_the_annotation(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/qq/jgs-002724.jgs"));
    assert_non_null(g);
    junqi_stop *stop = junqi_stop_new();
    assert_non_null(stop);
    junqi_stop_request(stop);
    junqi_annotate_options o = quick(JUNQI_VIEW_MOVER, 2);
    o.limits.stop = junqi_stop_requested;
    o.limits.ctx = stop;
    junqi_annotation a;
    assert_false(junqi_annotate(g, &o, &a));
    assert_int_equal(a.nmoves, 0);
    assert_null(a.moves);
    char *after = junqi_jgn_to_string(g);
    assert_null(strstr(after, "[%eval"));
    assert_null(strstr(after, "Annotator"));
    junqi_stop_free(stop);
    junqi_game_free(g);
    free(after);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_eval_command_writes_no_negative_zero),
        cmocka_unit_test(every_move_is_judged_and_marked_by_its_loss),
        cmocka_unit_test(the_engines_own_choice_loses_nothing_and_marks_survive_the_spread),
        cmocka_unit_test(a_lost_position_has_no_mistakes),
        cmocka_unit_test(summaries_add_up_the_judged_moves),
        cmocka_unit_test(output_does_not_depend_on_the_number_of_threads),
        cmocka_unit_test(only_the_chosen_seat_is_judged),
        cmocka_unit_test(a_stop_request_ends_the_annotation),
    };
    return cmocka_run_group_tests_name("annotate", tests, NULL, NULL);
}
