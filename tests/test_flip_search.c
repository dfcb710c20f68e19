/* SPDX-License-Identifier: MIT */
/*
 * test_flip_search.c - the flip engine (flip_search.h): it takes a hanging
 * flag, it avoids a flip with a large expected loss, chance nodes weigh
 * their outcomes by the pool, its output does not depend on the number of
 * threads (or on the run), it keeps to its node budget, it searches the
 * plain moves one action deeper when the flips do not fit, the greedy player
 * takes what is free, and annotation marks a bad flip with what it cost.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "flip_replay.h"
#include "flip_search.h"
#include "flipnote.h"
#include "fliputil.h"
#include "jgn.h"

static junqi_flip_search_result *search(const junqi_flip *pos, int depth, uint64_t nodes, int threads)
{
    static junqi_flip_search_result res;
    junqi_search_limits limits = {0};
    limits.depth = depth;
    limits.nodes = nodes;
    assert_int_equal(junqi_flip_search(pos, &limits, threads, 0.0, &res), JUNQI_SEARCH_OK);
    return &res;
}

static double value_of(const junqi_flip_search_result *res, junqi_action a)
{
    for (int i = 0; i < res->nactions; i++)
        if (junqi_action_equal(res->actions[i], a))
            return res->value[i];
    fail_msg("the action is not among the root actions");
    return -1;
}

static void it_takes_a_hanging_flag(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", JUNQI_SOUTH, JUNQI_RED, "c12:r2 b12:bF a11:b9 e2:r8 d5:*b3 a1:*r5");
    junqi_flip_search_result *res = search(&pos, 3, 0, 1);
    assert_true(junqi_action_equal(res->actions[0], mv("c12", "b12")));
    assert_true(res->winprob > 0.99);
    junqi_action greedy;
    assert_true(junqi_flip_greedy(&pos, &greedy));
    assert_true(junqi_action_equal(greedy, mv("c12", "b12")));
}

/* Red's general stands next to a face-down piece that is north's marshal half of the time. */
static junqi_flip risky_flip_position(void)
{
    return flip_build("fanqi", JUNQI_SOUTH, JUNQI_RED, "a8:r8 a9:*b9 e1:*r1 e12:b3 c2:r2 a12:bL b12:bF");
}

static void it_avoids_a_flip_with_a_large_expected_loss(void **state)
{
    (void)state;
    junqi_flip pos = risky_flip_position();
    junqi_flip_search_result *res = search(&pos, 3, 0, 1);
    double bad = value_of(res, fl("a9")), safe = value_of(res, fl("e1"));
    assert_false(junqi_action_equal(res->actions[0], fl("a9")));
    assert_true(junqi_action_equal(res->actions[res->nactions - 1], fl("a9"))); /* the worst of all */
    assert_true(bad < safe - 0.04);
    assert_true(res->winprob - bad > 0.05); /* the general is lost half of the time */
    /* the chance node weighs its outcomes: a marshal half of the time */
    uint8_t shown[2 * JUNQI_PIECE_KINDS];
    double prob[2 * JUNQI_PIECE_KINDS], value[2 * JUNQI_PIECE_KINDS];
    int n = junqi_flip_chance_outcomes(&pos, fl("a9"), 2, 0, shown, prob, value);
    assert_int_equal(n, 2);
    double expect = 0;
    for (int i = 0; i < n; i++) {
        assert_true(fabs(prob[i] - 0.5) < 1e-9);
        expect += prob[i] * value[i];
    }
    int marshal = shown[0] == JUNQI_FLIP_CELL(JUNQI_BLUE, JUNQI_MARSHAL) ? 0 : 1;
    assert_true(value[marshal] < value[1 - marshal]);
    assert_true(fabs(expect - bad) < 0.05);
}

static void the_result_does_not_depend_on_the_threads(void **state)
{
    (void)state;
    int n;
    const char *const *list = junqi_flip_bench_positions(&n);
    for (int i = 1; i < n; i += 2) {
        junqi_flip pos;
        assert_true(junqi_flip_pos_parse(list[i], strlen(list[i]), &pos, NULL));
        static junqi_flip_search_result one;
        one = *search(&pos, 0, 30000, 1);
        junqi_flip_search_result *two = search(&pos, 0, 30000, 2);
        assert_int_equal(one.nactions, two->nactions);
        assert_int_equal(one.depth, two->depth);
        assert_int_equal(one.nodes, two->nodes);
        for (int k = 0; k < one.nactions; k++) {
            assert_true(junqi_action_equal(one.actions[k], two->actions[k]));
            assert_true(one.value[k] == two->value[k]);
        }
        junqi_flip_search_result *again = search(&pos, 0, 30000, 1);
        assert_int_equal(again->nodes, one.nodes);
    }
}

/* Bench position k (from 1: junqi_flip_bench_positions). */
static junqi_flip bench_position(int k)
{
    int n;
    const char *const *list = junqi_flip_bench_positions(&n);
    assert_true(k >= 1 && k <= n);
    junqi_flip pos;
    assert_true(junqi_flip_pos_parse(list[k - 1], strlen(list[k - 1]), &pos, NULL));
    return pos;
}

/* When the next iteration does not fit, the plain moves alone are searched one action deeper
 * (docs/engine.md "Flip games"). Bench position 2 (fanqi, ply 30): at 20,000 nodes depth 2 as a
 * whole (some 740,000 nodes) does not fit, its plain moves do. Each root action is searched on
 * its own, so a plain move's value is exactly its value in a whole depth-2 search, a flip's its
 * depth-1 value; the nodes are more than depth 1's, within the budget, whatever the threads. */
static void plain_moves_are_searched_deeper_when_the_flips_do_not_fit(void **state)
{
    (void)state;
    junqi_flip pos = bench_position(2);
    static junqi_flip_search_result one, two;
    one = *search(&pos, 1, 0, 1);
    two = *search(&pos, 2, 0, 1);
    int plain = 0;
    for (int threads = 1; threads <= 2; threads++) {
        junqi_flip_search_result *r = search(&pos, 0, 20000, threads);
        assert_int_equal(r->depth, 1);
        assert_true(r->nodes > one.nodes && r->nodes <= 20000);
        for (int k = 0; k < r->nactions; k++) {
            junqi_action a = r->actions[k];
            bool chance = a.kind == JUNQI_ACT_FLIP || junqi_flip_down(pos.cell[a.to]);
            plain += !chance;
            assert_true(r->value[k] == value_of(chance ? &one : &two, a));
        }
    }
    assert_true(plain > 0);
}

/* The node budget (docs/engine.md "Flip games", limits): after depth 1, which always
 * completes, a search never counts more nodes than its budget, whatever the threads. Bench
 * position 5 (fanqi_wiki, ply 40): its depth-2 iteration costs more than it is expected to
 * (the depth-1 count times the positions one action deep), so one node short of it, the
 * iteration is started, stopped when the budget is spent and thrown away: depth 1, exactly
 * the budget, the depth-1 values. With that node more it completes. */
static void a_search_keeps_to_its_node_budget(void **state)
{
    (void)state;
    int n;
    const char *const *list = junqi_flip_bench_positions(&n);
    junqi_flip pos = bench_position(5);
    static junqi_flip_search_result one, whole;
    one = *search(&pos, 1, 0, 1);
    whole = *search(&pos, 2, 0, 1);
    for (int threads = 1; threads <= 2; threads++) {
        junqi_flip_search_result *r = search(&pos, 0, whole.nodes - 1, threads);
        assert_int_equal(r->depth, 1);
        assert_int_equal(r->nodes, whole.nodes - 1);
        for (int k = 0; k < one.nactions; k++)
            assert_true(junqi_action_equal(r->actions[k], one.actions[k]) && r->value[k] == one.value[k]);
        r = search(&pos, 0, whole.nodes, threads);
        assert_int_equal(r->depth, 2);
        assert_int_equal(r->nodes, whole.nodes);
    }
    /* every position, budgets from below depth 1 to past depth 2: within the budget */
    for (int i = 0; i < n; i++) {
        assert_true(junqi_flip_pos_parse(list[i], strlen(list[i]), &pos, NULL));
        uint64_t depth1 = search(&pos, 1, 0, 1)->nodes;
        for (uint64_t budget = 1000; budget <= 64000; budget *= 4) {
            uint64_t nodes = search(&pos, 0, budget, 1 + (int)(budget % 3))->nodes;
            if (nodes > (budget > depth1 ? budget : depth1))
                fail_msg("position %d, budget %llu: %llu nodes", i + 1, (unsigned long long)budget,
                         (unsigned long long)nodes);
        }
    }
}

static void the_search_uses_only_what_the_players_know(void **state)
{
    (void)state;
    junqi_flip pos = risky_flip_position(), other = pos;
    /* the same view with the face-down identities swapped: the same search */
    other.cell[sq("a9")] = JUNQI_FLIP_CELL(JUNQI_RED, JUNQI_ENGINEER) | JUNQI_FLIP_DOWN;
    other.cell[sq("e1")] = JUNQI_FLIP_CELL(JUNQI_BLUE, JUNQI_MARSHAL) | JUNQI_FLIP_DOWN;
    static junqi_flip_search_result a;
    a = *search(&pos, 2, 0, 1);
    junqi_flip_search_result *b = search(&other, 2, 0, 1);
    assert_int_equal(a.nodes, b->nodes);
    assert_true(junqi_action_equal(a.actions[0], b->actions[0]));
    assert_true(a.winprob == b->winprob);
}

static void annotation_marks_the_bad_flip_and_says_what_it_cost(void **state)
{
    (void)state;
    junqi_flip pos = risky_flip_position();
    char *start = junqi_flip_pos_format(&pos), text[1024];
    snprintf(text, sizeof text, "[Board \"two-player\"]\n[Rules \"fanqi\"]\n[Position \"%s\"]\n\n1. a9^b9 *\n", start);
    free(start);
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "test", 0, NULL);
    assert_non_null(g);
    junqi_annotate_options o = junqi_annotate_defaults();
    o.limits.depth = 3;
    o.thresholds[0] = 0.03, o.thresholds[1] = 0.06, o.thresholds[2] = 0.12; /* the loss is about 0.07 */
    junqi_annotation a;
    assert_true(junqi_flip_annotate(g, &o, &a));
    assert_int_equal(a.nmoves, 1);
    assert_true(a.moves[0].judged);
    assert_true(a.moves[0].mark != JUNQI_MARK_NONE);
    assert_true(a.moves[0].loss >= o.thresholds[0]);
    const char *comment = g->main.ncomments ? g->main.comments[0].text : "";
    if (!strstr(comment, "of the time it turns up north's marshal"))
        fail_msg("the comment does not name the marshal: %s", comment);
    assert_non_null(strstr(comment, "[%eval "));
    assert_non_null(junqi_game_tag(g, "SouthAccuracy"));
    char *out = junqi_jgn_to_string(g);
    junqi_game *back = junqi_jgn_parse(out, strlen(out), "again", 0, NULL);
    assert_non_null(back);
    char *again = junqi_jgn_to_string(back);
    assert_string_equal(out, again);
    free(out);
    free(again);
    junqi_game_free(back);
    junqi_annotation_free(&a);
    junqi_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(it_takes_a_hanging_flag),
        cmocka_unit_test(it_avoids_a_flip_with_a_large_expected_loss),
        cmocka_unit_test(the_result_does_not_depend_on_the_threads),
        cmocka_unit_test(a_search_keeps_to_its_node_budget),
        cmocka_unit_test(plain_moves_are_searched_deeper_when_the_flips_do_not_fit),
        cmocka_unit_test(the_search_uses_only_what_the_players_know),
        cmocka_unit_test(annotation_marks_the_bad_flip_and_says_what_it_cost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
