/* SPDX-License-Identifier: MIT */
/*
 * test_presets.c - seed 004's three two-player formations in
 * samples/formations: legal, found by any of their names, and doing what
 * each name says (銅牆鐵壁: landmines round the flag; 鐵路奇襲: engineers on the
 * railway; 中路突破: the weight in the middle).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "formation.h"
#include "terms.h"
#include "testutil.h"

/* The preset called `name` in samples/formations; fails the test when there is none. */
static junqi_formation preset(const char *name)
{
    junqi_formation f;
    char path[4096];
    memset(&f, 0, sizeof f);
    size_t index;
    if (junqi_formation_find(source_path("samples/formations"), name, &f, path, sizeof path, &index) != 1)
        fail_msg("no formation called %s in samples/formations", name);
    return f;
}

/* The two-player board's point of south's arm at (row, col). */
static int point(int row, int col)
{
    return junqi_board_get(JUNQI_TWO_PLAYER)->arm_point[JUNQI_SOUTH][row - 1][col - 1];
}

static void each_preset_is_legal_and_found_by_every_name(void **state)
{
    (void)state;
    static const char *const names[][4] = {
        {"銅牆鐵壁", "铜墙铁壁", "Iron Wall", "IRON-WALL"},
        {"鐵路奇襲", "铁路奇袭", "Railway Raid", "railway-raid"},
        {"中路突破", "中路突破", "Middle Breakthrough", "middle breakthrough"},
    };
    for (size_t i = 0; i < 3; i++) {
        junqi_formation f = preset(names[i][0]);
        junqi_diags d;
        junqi_diags_init(&d);
        assert_int_equal(junqi_formation_check(&f, f.name, &d), 0);
        assert_true(f.has_board);
        assert_int_equal(f.board, JUNQI_TWO_PLAYER);
        for (size_t k = 1; k < 4; k++) {
            junqi_formation other = preset(names[i][k]);
            assert_string_equal(other.name, f.name);
            junqi_formation_clear(&other);
        }
        junqi_diags_free(&d);
        junqi_formation_clear(&f);
    }
    junqi_formation none;
    char path[4096];
    size_t index;
    assert_int_equal(junqi_formation_find(source_path("samples/formations"), "no such formation",
                                          &none, path, sizeof path, &index),
                     0);
}

/* 銅牆鐵壁: every point next to the flag holds a landmine. */
static void the_iron_wall_rings_the_flag_with_landmines(void **state)
{
    (void)state;
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    junqi_formation f = preset("銅牆鐵壁");
    int flag = f.setup[5][1] == JUNQI_FLAG ? 2 : 4, neighbours = 0;
    assert_int_equal(f.setup[5][flag - 1], JUNQI_FLAG);
    for (int row = 1; row <= 6; row++)
        for (int col = 1; col <= 5; col++) {
            int p = point(row, col), q = point(6, flag);
            if (p == q || !(junqi_board_road_adjacent(b, p, q) || junqi_board_rail_adjacent(b, p, q)))
                continue;
            neighbours++;
            assert_int_equal(f.setup[row - 1][col - 1], JUNQI_LANDMINE);
        }
    assert_int_equal(neighbours, 3);
    junqi_formation_clear(&f);
}

/* 鐵路奇襲: all three engineers start on railway points. */
static void the_railway_raid_puts_every_engineer_on_the_railway(void **state)
{
    (void)state;
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    junqi_formation f = preset("鐵路奇襲");
    int engineers = 0;
    for (int row = 1; row <= 6; row++)
        for (int col = 1; col <= 5; col++)
            if (f.setup[row - 1][col - 1] == JUNQI_ENGINEER) {
                engineers++;
                assert_true(b->point[point(row, col)].railway);
            }
    assert_int_equal(engineers, 3);
    junqi_formation_clear(&f);
}

/* 中路突破: the marshal, the general and both bombs stand in the middle (中路), and the
 * middle's front three rows outrank the flanks'. */
static void the_middle_breakthrough_weights_the_middle(void **state)
{
    (void)state;
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    junqi_formation f = preset("中路突破");
    int middle = 0, flanks = 0;
    for (int row = 1; row <= 6; row++)
        for (int col = 1; col <= 5; col++) {
            junqi_piece p = (junqi_piece)f.setup[row - 1][col - 1];
            bool mid = junqi_point_terms_of(b, point(row, col), 0).column == JUNQI_TERM_MIDDLE;
            if (p == JUNQI_MARSHAL || p == JUNQI_GENERAL || p == JUNQI_BOMB)
                assert_true(mid);
            if (row <= 3)
                *(mid ? &middle : &flanks) += junqi_piece_rank(p);
        }
    assert_int_equal(f.setup[0][2], JUNQI_MARSHAL);
    assert_true(middle > 2 * flanks);
    junqi_formation_clear(&f);
}

/* aliases: a name or a list of names; anything else is reported where it stands */
static void aliases_are_a_name_or_a_list_of_names(void **state)
{
    (void)state;
    static const char good[] = "name: A\naliases: B\nrows: []\n---\nname: C\naliases: [D, e f]\nrows: []\n";
    static const char bad[] = "name: A\naliases: {x: y}\nrows: []\n";
    junqi_formations list = {0};
    junqi_formation_read_yaml((const uint8_t *)good, sizeof good - 1, &list, NULL);
    assert_int_equal(list.n, 2);
    assert_true(junqi_formation_named(&list.items[0], "b"));
    assert_true(junqi_formation_named(&list.items[1], "E F"));
    assert_true(junqi_formation_named(&list.items[1], "c"));
    assert_false(junqi_formation_named(&list.items[1], "D, e f"));
    junqi_formations_free(&list);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_formation_read_yaml((const uint8_t *)bad, sizeof bad - 1, &list, &d);
    assert_true(d.errors > 0);
    assert_int_equal(d.items[0].code, JUNQI_CODE_BAD_FORMATION);
    assert_int_equal(d.items[0].loc.line, 2);
    junqi_diags_free(&d);
    junqi_formations_free(&list);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_preset_is_legal_and_found_by_every_name),
        cmocka_unit_test(the_iron_wall_rings_the_flag_with_landmines),
        cmocka_unit_test(the_railway_raid_puts_every_engineer_on_the_railway),
        cmocka_unit_test(the_middle_breakthrough_weights_the_middle),
        cmocka_unit_test(aliases_are_a_name_or_a_list_of_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
