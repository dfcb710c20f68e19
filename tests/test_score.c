/* SPDX-License-Identifier: MIT */
/*
 * test_score.c - QQ scores (libcore/score.h) against seed 002's rules: ±2 /
 * ±1, nothing for winners within 40 / 30 moves, draws and flights, the
 * surrender note, and the QQScore tag a settled record carries.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "jgn.h"
#include "replay.h"
#include "score.h"
#include "testutil.h"

#define NS (JUNQI_SEAT_BIT(JUNQI_NORTH) | JUNQI_SEAT_BIT(JUNQI_SOUTH))
#define EW (JUNQI_SEAT_BIT(JUNQI_EAST) | JUNQI_SEAT_BIT(JUNQI_WEST))

static junqi_score decided(unsigned winners, unsigned present, size_t moves)
{
    junqi_result r = {JUNQI_DECIDED, (uint8_t)winners, JUNQI_REASON_FLAG_CAPTURED, 0};
    return junqi_score_result(&junqi_scoring_qq, &r, present, moves);
}

static const char *text(const junqi_score *sc)
{
    static char buf[256];
    junqi_score_describe(&junqi_scoring_qq, sc, buf, sizeof buf);
    return buf;
}

static void four_players_score_two_each_after_40_moves(void **state)
{
    (void)state;
    junqi_score sc = decided(NS, 0xF, 41);
    assert_int_equal(sc.reason, JUNQI_SCORE_DECIDED);
    assert_int_equal(sc.points[JUNQI_NORTH], 2);
    assert_int_equal(sc.points[JUNQI_SOUTH], 2);
    assert_int_equal(sc.points[JUNQI_EAST], -2);
    assert_int_equal(sc.points[JUNQI_WEST], -2);
    assert_string_equal(text(&sc), "QQ score: north +2, east -2, south +2, west -2");
    sc = decided(NS, 0xF, 40);
    assert_int_equal(sc.reason, JUNQI_SCORE_EARLY_END);
    assert_int_equal(sc.points[JUNQI_NORTH], 0);
    assert_int_equal(sc.points[JUNQI_EAST], -2);
    assert_string_equal(text(&sc), "QQ score: north 0, east -2, south 0, west -2 (the game ended "
                                   "within 40 moves: the winners score nothing)");
}

static void two_players_score_one_each_after_30_moves(void **state)
{
    (void)state;
    unsigned ew = EW;
    junqi_score sc = decided(JUNQI_SEAT_BIT(JUNQI_WEST), ew, 31);
    assert_int_equal(sc.points[JUNQI_WEST], 1);
    assert_int_equal(sc.points[JUNQI_EAST], -1);
    assert_int_equal(sc.points[JUNQI_NORTH], 0);
    assert_string_equal(text(&sc), "QQ score: east -1, west +1");
    sc = decided(JUNQI_SEAT_BIT(JUNQI_WEST), ew, 30);
    assert_int_equal(sc.reason, JUNQI_SCORE_EARLY_END);
    assert_int_equal(sc.points[JUNQI_WEST], 0);
    assert_int_equal(sc.points[JUNQI_EAST], -1);
}

static void draws_flights_and_ongoing_games_score_nothing(void **state)
{
    (void)state;
    junqi_result draw = {JUNQI_DRAWN, 0, JUNQI_REASON_NO_COMBAT_DRAW, 0};
    junqi_result fled = {JUNQI_UNDECIDED, 0, JUNQI_REASON_FLED, 6};
    junqi_result ongoing = {JUNQI_ONGOING, 0, 0, 0};
    junqi_score sc = junqi_score_result(&junqi_scoring_qq, &draw, 0xF, 300);
    assert_int_equal(sc.reason, JUNQI_SCORE_DRAWN);
    assert_string_equal(text(&sc), "QQ score: north 0, east 0, south 0, west 0");
    sc = junqi_score_result(&junqi_scoring_qq, &fled, 0xF, 300);
    assert_int_equal(sc.reason, JUNQI_SCORE_FLED);
    for (int s = 0; s < JUNQI_SEATS; s++)
        assert_int_equal(sc.points[s], 0);
    assert_non_null(strstr(text(&sc), "nobody scores"));
    sc = junqi_score_result(&junqi_scoring_qq, &ongoing, 0xF, 300);
    assert_int_equal(sc.reason, JUNQI_SCORE_NONE);
    assert_string_equal(text(&sc), "");
}

/* A JGN game of the golden record's setups, ending with `tail`. */
static junqi_game *game_ending(const char *tail)
{
    char jgn[2048];
    snprintf(jgn, sizeof jgn,
             "[Board \"four-player\"]\n[Rules \"qq\"]\n"
             "[NorthSetup \"63135/B.1.B/28.24/2.1.9/67354/LL7FL\"]\n"
             "[EastSetup \"91717/8.3.6/B3.32/B.5.2/145L6/42LFL\"]\n"
             "[SouthSetup \"91717/8.3.6/B3.32/B.5.2/145L6/42LFL\"]\n"
             "[WestSetup \"91717/8.3.6/B3.32/B.5.2/145L6/42LFL\"]\n\n"
             "1. g12<f11 2. f11=g13 flag:a8 3. l11>k12 %s\n",
             tail);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(jgn, strlen(jgn), "score", 0, &d);
    if (!g || d.errors)
        fail_msg("the test game does not read: %s", d.n ? d.items[0].message : "?");
    junqi_diags_free(&d);
    junqi_game_settle(g);
    return g;
}

/* Seed 002: with four players, a seat that flees after its partner is out loses for its
 * side; the record says so by the seat leaving, and the replay decides the game. */
static void a_flight_after_the_partner_is_out_loses_the_game(void **state)
{
    (void)state;
    junqi_game *g = game_ending("eliminated:north:surrender left:south *");
    junqi_score sc;
    assert_true(junqi_score_game(g, &sc));
    assert_int_equal(g->result.status, JUNQI_DECIDED);
    assert_int_equal(g->result.winners, EW);
    assert_int_equal(sc.reason, JUNQI_SCORE_EARLY_END); /* 3 moves */
    assert_int_equal(sc.points[JUNQI_SOUTH], -2);
    assert_string_equal(junqi_game_tag(g, "QQScore"), "north -2, east 0, south -2, west 0");
    junqi_game_free(g);
}

static void an_ongoing_record_carries_no_score_tag(void **state)
{
    (void)state;
    junqi_game *g = game_ending("*");
    junqi_score sc;
    assert_true(junqi_score_game(g, &sc));
    assert_int_equal(sc.reason, JUNQI_SCORE_NONE);
    assert_null(junqi_game_tag(g, "QQScore"));
    junqi_game_free(g);
    /* the two-player board's rule sets have no platform scoring */
    g = junqi_game_new(JUNQI_TWO_PLAYER);
    assert_false(junqi_score_game(g, &sc));
    junqi_game_free(g);
}

static void a_surrender_within_20_moves_is_found(void **state)
{
    (void)state;
    junqi_game *g = game_ending("eliminated:north:surrender *");
    int seat = -1;
    size_t moves = 0;
    assert_true(junqi_score_early_surrender(&junqi_scoring_qq, g, &seat, &moves) >= 0);
    assert_int_equal(seat, JUNQI_NORTH);
    assert_int_equal(moves, 3);
    junqi_game_free(g);
    /* the real game of the golden files: north surrenders after 15 moves */
    g = load_replay(source_path("tests/data/qq/jgs-002724.jgs"));
    assert_non_null(g);
    assert_true(junqi_score_early_surrender(&junqi_scoring_qq, g, &seat, &moves) >= 0);
    assert_int_equal(moves, 15);
    junqi_game_free(g);
    /* jgs-001742: a surrender after 53 moves is allowed */
    g = load_replay(source_path("tests/data/qq/jgs-001742.jgs"));
    assert_non_null(g);
    assert_int_equal(junqi_score_early_surrender(&junqi_scoring_qq, g, &seat, &moves), -1);
    junqi_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(four_players_score_two_each_after_40_moves),
        cmocka_unit_test(two_players_score_one_each_after_30_moves),
        cmocka_unit_test(draws_flights_and_ongoing_games_score_nothing),
        cmocka_unit_test(a_flight_after_the_partner_is_out_loses_the_game),
        cmocka_unit_test(an_ongoing_record_carries_no_score_tag),
        cmocka_unit_test(a_surrender_within_20_moves_is_found),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
