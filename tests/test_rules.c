/* SPDX-License-Identifier: MIT */
/*
 * test_rules.c - pieces, names, rule sets and combat (docs/rules.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "piece.h"
#include "rules.h"

static void each_seat_has_25_pieces_with_ranks_engineer_1_to_marshal_9(void **state)
{
    (void)state;
    int total = 0;
    for (int p = JUNQI_FLAG; p <= JUNQI_MARSHAL; p++)
        total += junqi_piece_count((junqi_piece)p);
    assert_int_equal(total, JUNQI_ARMY_SIZE);
    assert_int_equal(junqi_piece_rank(JUNQI_ENGINEER), 1);
    assert_int_equal(junqi_piece_rank(JUNQI_MAJOR), 4);
    assert_int_equal(junqi_piece_rank(JUNQI_MARSHAL), 9);
    assert_int_equal(junqi_piece_rank(JUNQI_BOMB), 0);
    assert_int_equal(junqi_piece_count(JUNQI_CAPTAIN), 3);
    assert_int_equal(junqi_piece_count(JUNQI_LANDMINE), 3);
    assert_int_equal(junqi_piece_count(JUNQI_GENERAL), 1);
    assert_true(junqi_piece_is_immobile(JUNQI_FLAG));
    assert_true(junqi_piece_is_immobile(JUNQI_LANDMINE));
    assert_false(junqi_piece_is_immobile(JUNQI_BOMB));
}

static junqi_piece parse(const char *s)
{
    return junqi_piece_parse(s, strlen(s));
}

static void piece_names_parse_in_every_style(void **state)
{
    (void)state;
    const struct {
        const char *text;
        junqi_piece piece;
    } cases[] = {
        {"司令", JUNQI_MARSHAL}, {"司", JUNQI_MARSHAL}, {"9", JUNQI_MARSHAL}, {"marshal", JUNQI_MARSHAL},
        {"军长", JUNQI_GENERAL}, {"軍長", JUNQI_GENERAL}, {"軍", JUNQI_GENERAL}, {"军", JUNQI_GENERAL},
        {"师长", JUNQI_MAJOR_GENERAL}, {"師", JUNQI_MAJOR_GENERAL}, {"major_general", JUNQI_MAJOR_GENERAL},
        {"旅", JUNQI_BRIGADIER}, {"团长", JUNQI_COLONEL}, {"團", JUNQI_COLONEL}, {"营", JUNQI_MAJOR},
        {"營長", JUNQI_MAJOR}, {"连", JUNQI_CAPTAIN}, {"連", JUNQI_CAPTAIN}, {"排长", JUNQI_LIEUTENANT},
        {"排長", JUNQI_LIEUTENANT}, {"工兵", JUNQI_ENGINEER}, {"兵", JUNQI_ENGINEER}, {"工", JUNQI_ENGINEER},
        {"1", JUNQI_ENGINEER}, {"炸弹", JUNQI_BOMB}, {"炸彈", JUNQI_BOMB}, {"炸", JUNQI_BOMB},
        {"弹", JUNQI_BOMB}, {"B", JUNQI_BOMB}, {"地雷", JUNQI_LANDMINE}, {"雷", JUNQI_LANDMINE},
        {"L", JUNQI_LANDMINE}, {"军旗", JUNQI_FLAG}, {"軍旗", JUNQI_FLAG}, {"旗", JUNQI_FLAG},
        {"F", JUNQI_FLAG}, {"flag", JUNQI_FLAG}, {"landmine", JUNQI_LANDMINE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (parse(cases[i].text) != cases[i].piece)
            fail_msg("'%s' should parse as %s", cases[i].text,
                     junqi_piece_name(cases[i].piece, JUNQI_NAMES_EN));
    assert_int_equal(parse("10"), JUNQI_NONE);
    assert_int_equal(parse("司令官"), JUNQI_NONE);
    assert_int_equal(parse(""), JUNQI_NONE);
    assert_string_equal(junqi_piece_name(JUNQI_MAJOR_GENERAL, JUNQI_NAMES_ZH), "师长");
    assert_string_equal(junqi_piece_name(JUNQI_MAJOR_GENERAL, JUNQI_NAMES_ZH_HANT), "師長");
    assert_string_equal(junqi_piece_name(JUNQI_BOMB, JUNQI_NAMES_RANK), "B");
    assert_string_equal(junqi_piece_name(JUNQI_ENGINEER, JUNQI_NAMES_SHORT), "兵");
}

static void seats_parse_and_have_opposite_partners(void **state)
{
    (void)state;
    assert_int_equal(junqi_seat_parse("north"), JUNQI_NORTH);
    assert_int_equal(junqi_seat_parse("w"), JUNQI_WEST);
    assert_int_equal(junqi_seat_parse("up"), JUNQI_NO_SEAT);
    assert_int_equal(junqi_seat_opposite(JUNQI_EAST), JUNQI_WEST);
    assert_int_equal(junqi_seat_opposite(JUNQI_SOUTH), JUNQI_NORTH);
}

static void rule_sets_have_the_documented_switches(void **state)
{
    (void)state;
    const junqi_rules *qq = junqi_rules_get("qq"), *standard = junqi_rules_get("standard"),
                      *open = junqi_rules_get("open"), *wiki = junqi_rules_get("wiki");
    assert_non_null(qq);
    assert_null(junqi_rules_get("xiangqi"));
    assert_int_equal(qq->no_combat_draw, 71);
    assert_int_equal(qq->board, JUNQI_FOUR_PLAYER);
    assert_int_equal(qq->first_seat, JUNQI_NORTH);
    assert_int_equal(standard->no_combat_draw, 70);
    assert_int_equal(standard->first_seat, JUNQI_SOUTH);
    assert_int_equal(open->no_combat_draw, 0);
    assert_int_equal(open->info, JUNQI_OPEN);
    assert_int_equal(wiki->landmine_vs_piece, JUNQI_LANDMINE_BOTH_REMOVED);
    assert_int_equal(wiki->bomb_vs_flag, JUNQI_BOMB_REMOVED);
    assert_ptr_equal(junqi_rules_default(JUNQI_FOUR_PLAYER), qq);
    assert_ptr_equal(junqi_rules_default(JUNQI_TWO_PLAYER), standard);
}

static void combat_follows_the_table_of_each_rule_set(void **state)
{
    (void)state;
    const junqi_rules *qq = junqi_rules_get("qq"), *wiki = junqi_rules_get("wiki");
    const struct {
        junqi_piece a, d;
        junqi_outcome qq, wiki;
    } cases[] = {
        {JUNQI_MARSHAL, JUNQI_GENERAL, JUNQI_ATTACKER_WINS, JUNQI_ATTACKER_WINS},
        {JUNQI_ENGINEER, JUNQI_LIEUTENANT, JUNQI_ATTACKER_LOSES, JUNQI_ATTACKER_LOSES},
        {JUNQI_COLONEL, JUNQI_COLONEL, JUNQI_BOTH_REMOVED, JUNQI_BOTH_REMOVED},
        {JUNQI_BOMB, JUNQI_MARSHAL, JUNQI_BOTH_REMOVED, JUNQI_BOTH_REMOVED},
        {JUNQI_ENGINEER, JUNQI_BOMB, JUNQI_BOTH_REMOVED, JUNQI_BOTH_REMOVED},
        {JUNQI_BOMB, JUNQI_BOMB, JUNQI_BOTH_REMOVED, JUNQI_BOTH_REMOVED},
        {JUNQI_ENGINEER, JUNQI_LANDMINE, JUNQI_ATTACKER_WINS, JUNQI_ATTACKER_WINS},
        {JUNQI_MARSHAL, JUNQI_LANDMINE, JUNQI_ATTACKER_LOSES, JUNQI_BOTH_REMOVED},
        {JUNQI_BOMB, JUNQI_LANDMINE, JUNQI_BOTH_REMOVED, JUNQI_BOTH_REMOVED},
        {JUNQI_ENGINEER, JUNQI_FLAG, JUNQI_ATTACKER_WINS, JUNQI_ATTACKER_WINS},
        {JUNQI_BOMB, JUNQI_FLAG, JUNQI_BOTH_REMOVED, JUNQI_ATTACKER_LOSES},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(junqi_combat(qq, cases[i].a, cases[i].d), cases[i].qq);
        assert_int_equal(junqi_combat(wiki, cases[i].a, cases[i].d), cases[i].wiki);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_seat_has_25_pieces_with_ranks_engineer_1_to_marshal_9),
        cmocka_unit_test(piece_names_parse_in_every_style),
        cmocka_unit_test(seats_parse_and_have_opposite_partners),
        cmocka_unit_test(rule_sets_have_the_documented_switches),
        cmocka_unit_test(combat_follows_the_table_of_each_rule_set),
    };
    return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
