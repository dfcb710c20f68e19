/* SPDX-License-Identifier: MIT */
/*
 * test_board.c - the two boards against docs/boards.md.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "board.h"
#include "setup.h"

static int sq(const junqi_board *b, const char *name)
{
    int p = junqi_square_parse(b, name, (int)strlen(name));
    if (p < 0)
        fail_msg("%s is not a square of the %s board", name, b->name);
    return p;
}

static void two_player_board_has_60_points_35_railway_and_98_road_edges(void **state)
{
    (void)state;
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    assert_int_equal(b->npoints, 60);
    assert_int_equal(b->rail_edges, 35);
    assert_int_equal(b->road_edges, 98);
    int railway_points = 0;
    for (int p = 0; p < b->npoints; p++)
        railway_points += b->point[p].railway;
    assert_int_equal(railway_points, 32);
}

static void four_player_board_has_129_points_92_railway_and_196_road_edges(void **state)
{
    (void)state;
    const junqi_board *b = junqi_board_get(JUNQI_FOUR_PLAYER);
    assert_int_equal(b->npoints, 129);
    assert_int_equal(b->rail_edges, 92);
    assert_int_equal(b->road_edges, 196);
    int railway_points = 0;
    for (int p = 0; p < b->npoints; p++)
        railway_points += b->point[p].railway;
    assert_int_equal(railway_points, 73);
}

static void point_kinds_follow_the_arm_layout(void **state)
{
    (void)state;
    const junqi_board *two = junqi_board_get(JUNQI_TWO_PLAYER);
    const char *camps2[] = {"b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10"};
    for (size_t i = 0; i < 10; i++)
        assert_int_equal(two->point[sq(two, camps2[i])].kind, JUNQI_CAMP);
    assert_int_equal(two->point[sq(two, "b1")].kind, JUNQI_HEADQUARTERS);
    assert_int_equal(two->point[sq(two, "d12")].kind, JUNQI_HEADQUARTERS);
    assert_int_equal(two->point[sq(two, "c1")].kind, JUNQI_STATION);
    const junqi_board *four = junqi_board_get(JUNQI_FOUR_PLAYER);
    const char *hq4[] = {"h1", "j1", "h17", "j17", "a8", "a10", "q8", "q10"};
    for (size_t i = 0; i < 8; i++)
        assert_int_equal(four->point[sq(four, hq4[i])].kind, JUNQI_HEADQUARTERS);
    const char *camps4[] = {"h5", "j5", "i4", "h3", "j3", "e8", "e10", "d9", "m8", "m10", "n9"};
    for (size_t i = 0; i < sizeof camps4 / sizeof camps4[0]; i++)
        assert_int_equal(four->point[sq(four, camps4[i])].kind, JUNQI_CAMP);
    int camps = 0, hqs = 0;
    for (int p = 0; p < four->npoints; p++) {
        camps += four->point[p].kind == JUNQI_CAMP;
        hqs += four->point[p].kind == JUNQI_HEADQUARTERS;
    }
    assert_int_equal(camps, 20);
    assert_int_equal(hqs, 8);
}

/* The arm's layout is one table (junqi_arm_point_kind): the setup rules ask
 * it for camps and headquarters, and every arm of both boards is built from it. */
static void every_arm_point_has_the_kind_of_the_one_arm_table(void **state)
{
    (void)state;
    int camps = 0, headquarters = 0;
    for (int row = 1; row <= 6; row++)
        for (int col = 1; col <= 5; col++) {
            junqi_point_kind k = junqi_arm_point_kind(row, col);
            camps += k == JUNQI_CAMP;
            headquarters += k == JUNQI_HEADQUARTERS;
            assert_int_equal(junqi_setup_allowed(row, col) == 0, k == JUNQI_CAMP);
            assert_int_equal((junqi_setup_allowed(row, col) >> JUNQI_FLAG) & 1, k == JUNQI_HEADQUARTERS);
            for (int kind = JUNQI_TWO_PLAYER; kind <= JUNQI_FOUR_PLAYER; kind++) {
                const junqi_board *b = junqi_board_get((junqi_board_kind)kind);
                for (int s = 0; s < JUNQI_SEATS; s++)
                    if (b->seats & JUNQI_SEAT_BIT(s))
                        assert_int_equal(b->point[b->arm_point[s][row - 1][col - 1]].kind, k);
            }
        }
    assert_int_equal(camps, 5);
    assert_int_equal(headquarters, 2);
    assert_int_equal(junqi_arm_point_kind(6, 2), JUNQI_HEADQUARTERS);
    assert_int_equal(junqi_arm_point_kind(3, 3), JUNQI_CAMP);
}

/* Arm frames of boards.md: (seat, row, col) -> square. */
static void arm_frames_map_rows_and_columns_to_squares(void **state)
{
    (void)state;
    const junqi_board *four = junqi_board_get(JUNQI_FOUR_PLAYER);
    const struct {
        junqi_seat seat;
        int row, col;
        const char *square;
    } cases[] = {
        {JUNQI_SOUTH, 1, 1, "g6"},  {JUNQI_SOUTH, 6, 5, "k1"},  {JUNQI_NORTH, 1, 1, "k12"},
        {JUNQI_NORTH, 6, 5, "g17"}, {JUNQI_WEST, 1, 1, "f11"},  {JUNQI_WEST, 6, 5, "a7"},
        {JUNQI_EAST, 1, 1, "l7"},   {JUNQI_EAST, 6, 5, "q11"},  {JUNQI_NORTH, 6, 2, "j17"},
    };
    char name[4];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_string_equal(
            junqi_square_name(four, four->arm_point[cases[i].seat][cases[i].row - 1][cases[i].col - 1], name),
            cases[i].square);
    const junqi_board *two = junqi_board_get(JUNQI_TWO_PLAYER);
    assert_string_equal(junqi_square_name(two, two->arm_point[JUNQI_SOUTH][0][0], name), "a6");
    assert_string_equal(junqi_square_name(two, two->arm_point[JUNQI_NORTH][0][0], name), "e7");
    assert_string_equal(junqi_square_name(two, two->arm_point[JUNQI_NORTH][5][1], name), "d12");
}

typedef struct edge_case {
    const char *a, *b;
    int road, rail;
} edge_case;

static void check_edges(const junqi_board *b, const edge_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int p = sq(b, cases[i].a), q = sq(b, cases[i].b);
        if (junqi_board_road_adjacent(b, p, q) != cases[i].road ||
            junqi_board_rail_adjacent(b, p, q) != cases[i].rail)
            fail_msg("%s-%s on the %s board: expected road %d rail %d", cases[i].a, cases[i].b,
                     b->name, cases[i].road, cases[i].rail);
        /* edges are symmetric */
        assert_int_equal(junqi_board_road_adjacent(b, q, p), cases[i].road);
        assert_int_equal(junqi_board_rail_adjacent(b, q, p), cases[i].rail);
    }
}

static void two_player_neighbours_match_hand_checked_table(void **state)
{
    (void)state;
    static const edge_case cases[] = {
        {"a6", "a7", 0, 1}, {"c6", "c7", 0, 1}, {"e6", "e7", 0, 1},  /* front line crossings */
        {"b6", "b7", 0, 0}, {"d6", "d7", 0, 0},                      /* mountains */
        {"c5", "c6", 1, 0}, {"c7", "c8", 1, 0},                      /* roads beside c6-c7 */
        {"a1", "a2", 1, 0}, {"a2", "a3", 0, 1}, {"a1", "b1", 1, 0},
        {"b2", "b3", 1, 0}, {"b3", "a4", 1, 0}, {"b3", "c4", 1, 0},  /* camp diagonals */
        {"c4", "d5", 1, 0}, {"c4", "b5", 1, 0}, {"a2", "b3", 1, 0},
        {"a3", "b4", 0, 0}, {"b2", "c3", 0, 0},                      /* no station diagonals */
        {"a11", "a12", 1, 0}, {"b11", "c11", 0, 1}, {"e10", "e11", 0, 1},
        {"c6", "d6", 0, 1}, {"b5", "b6", 1, 0}, {"d1", "d2", 1, 0},
    };
    check_edges(junqi_board_get(JUNQI_TWO_PLAYER), cases, sizeof cases / sizeof cases[0]);
}

static void four_player_neighbours_match_hand_checked_table(void **state)
{
    (void)state;
    static const edge_case cases[] = {
        {"k12", "l11", 0, 1}, {"l7", "k6", 0, 1}, {"g6", "f7", 0, 1}, {"f11", "g12", 0, 1}, /* arcs */
        {"g6", "g7", 0, 1},   {"i6", "i7", 0, 1}, {"k6", "k7", 0, 1},                       /* arm-centre */
        {"h6", "g7", 0, 0},   {"j6", "k7", 0, 0},                                           /* none */
        {"g7", "i7", 0, 1},   {"i7", "i9", 0, 1}, {"g9", "i9", 0, 1}, {"g7", "g9", 0, 1},   /* centre */
        {"g7", "i9", 0, 0},   {"f9", "g9", 0, 1}, {"f8", "g9", 0, 0},
        {"h5", "g6", 1, 0},   {"h5", "i4", 1, 0}, {"i4", "j3", 1, 0},                       /* camp diagonals */
        {"g1", "g2", 1, 0},   {"h1", "h2", 1, 0}, {"g2", "h2", 0, 1}, {"h2", "h3", 1, 0},
        {"a7", "b7", 1, 0},   {"b7", "c7", 0, 1}, {"b7", "b8", 0, 1}, {"q11", "p11", 1, 0},
        {"f7", "g7", 0, 1},   {"f7", "f8", 0, 1}, {"f7", "e7", 0, 1},
    };
    check_edges(junqi_board_get(JUNQI_FOUR_PLAYER), cases, sizeof cases / sizeof cases[0]);
}

/* The points of p's run tree, as a set. */
static int run_targets(const junqi_board *b, int p, uint8_t seen[JUNQI_MAX_POINTS])
{
    memset(seen, 0, JUNQI_MAX_POINTS);
    int n = 0;
    for (int i = b->run_start[p]; i < b->run_start[p + 1]; i++) {
        if (seen[b->run[i].point]++)
            fail_msg("point %d appears twice in the run tree of %d", b->run[i].point, p);
        n++;
    }
    return n;
}

static void arcs_continue_a_column_straight_into_the_next_arm(void **state)
{
    (void)state;
    const junqi_board *b = junqi_board_get(JUNQI_FOUR_PLAYER);
    uint8_t seen[JUNQI_MAX_POINTS];
    run_targets(b, sq(b, "k16"), seen);
    const char *reach[] = {"k12", "l11", "p11", "k11", "k9", "k2", "g16", "j16"};
    for (size_t i = 0; i < sizeof reach / sizeof reach[0]; i++)
        if (!seen[sq(b, reach[i])])
            fail_msg("k16 should run straight to %s", reach[i]);
    const char *not_reach[] = {"l10", "g12", "j12", "i11"};
    for (size_t i = 0; i < sizeof not_reach / sizeof not_reach[0]; i++)
        if (seen[sq(b, not_reach[i])])
            fail_msg("k16 should not reach %s without turning", not_reach[i]);
    /* going from a front row onto an arc is a right-angle turn */
    run_targets(b, sq(b, "j12"), seen);
    assert_false(seen[sq(b, "l11")]);
    assert_true(seen[sq(b, "k12")]);
}

static void run_trees_hold_each_point_once_and_only_railway_points(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const junqi_board *b = junqi_board_get((junqi_board_kind)k);
        uint8_t seen[JUNQI_MAX_POINTS];
        for (int p = 0; p < b->npoints; p++) {
            int n = run_targets(b, p, seen);
            if (!b->point[p].railway)
                assert_int_equal(n, 0);
            for (int q = 0; q < b->npoints; q++)
                if (seen[q])
                    assert_true(b->point[q].railway);
        }
    }
}

static void square_names_round_trip_and_reject_off_board_text(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const junqi_board *b = junqi_board_get((junqi_board_kind)k);
        char name[4];
        for (int p = 0; p < b->npoints; p++) {
            junqi_square_name(b, p, name);
            assert_int_equal(junqi_square_parse(b, name, (int)strlen(name)), p);
        }
    }
    const junqi_board *four = junqi_board_get(JUNQI_FOUR_PLAYER);
    const char *bad[] = {"a1", "h7", "r5", "a0", "g05", "g", "", "g18", "zz", "h1x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(junqi_square_parse(four, bad[i], (int)strlen(bad[i])), -1);
    const junqi_board *two = junqi_board_get(JUNQI_TWO_PLAYER);
    assert_int_equal(junqi_square_parse(two, "f1", 2), -1);
    assert_int_equal(junqi_square_parse(two, "a13", 3), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_player_board_has_60_points_35_railway_and_98_road_edges),
        cmocka_unit_test(four_player_board_has_129_points_92_railway_and_196_road_edges),
        cmocka_unit_test(point_kinds_follow_the_arm_layout),
        cmocka_unit_test(every_arm_point_has_the_kind_of_the_one_arm_table),
        cmocka_unit_test(arm_frames_map_rows_and_columns_to_squares),
        cmocka_unit_test(two_player_neighbours_match_hand_checked_table),
        cmocka_unit_test(four_player_neighbours_match_hand_checked_table),
        cmocka_unit_test(arcs_continue_a_column_straight_into_the_next_arm),
        cmocka_unit_test(run_trees_hold_each_point_once_and_only_railway_points),
        cmocka_unit_test(square_names_round_trip_and_reject_off_board_text),
    };
    return cmocka_run_group_tests_name("board", tests, NULL, NULL);
}
