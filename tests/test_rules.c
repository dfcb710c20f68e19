/* SPDX-License-Identifier: MIT */
/*
 * test_rules.c - pieces, names, rule sets, rule strings and combat
 * (docs/rules.md, docs/variants.md "Rule strings").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>
#include <cmocka.h>

#include "i18n.h"
#include "piece.h"
#include "rules.h"
#include "testutil.h"

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


/* Parse a rule string that must be valid; returns the set. */
static const junqi_rules *parse_ok(const char *text, int board)
{
    const junqi_rules *r = NULL;
    char err[512];
    if (!junqi_rules_parse(text, board, &r, err, sizeof err))
        fail_msg("'%s' does not parse: %s", text, err);
    return r;
}

static void a_bare_name_gives_the_named_set_itself(void **state)
{
    (void)state;
    assert_ptr_equal(parse_ok("qq", JUNQI_FOUR_PLAYER), junqi_rules_get("qq"));
    assert_ptr_equal(parse_ok("standard", JUNQI_RULES_ANY_BOARD), junqi_rules_get("standard"));
    assert_ptr_equal(parse_ok("wiki", JUNQI_TWO_PLAYER), junqi_rules_get("wiki"));
    assert_string_equal(junqi_rules_get("open")->text, "open");
    assert_string_equal(junqi_rules_names(), "qq, standard, open, wiki, fanqi, fanfan, fanqi_wiki, huqi or zuhe");
}

static void switches_set_fields_and_write_canonical_text(void **state)
{
    (void)state;
    const junqi_rules *r = parse_ok("standard,mode=open,no_combat_draw=off,landmine_vs_piece=both_removed",
                                    JUNQI_TWO_PLAYER);
    assert_int_equal(r->info, JUNQI_OPEN);
    assert_int_equal(r->no_combat_draw, 0);
    assert_int_equal(r->landmine_vs_piece, JUNQI_LANDMINE_BOTH_REMOVED);
    assert_int_equal(r->first_seat, JUNQI_SOUTH);
    assert_int_equal(r->board, JUNQI_TWO_PLAYER);
    assert_string_equal(r->name, "standard");
    /* canonical: the table's order, only what differs from the named set */
    assert_string_equal(r->text, "standard,landmine_vs_piece=both_removed,no_combat_draw=off,mode=open");
    char buf[JUNQI_RULES_TEXT_MAX + 1];
    assert_string_equal(junqi_rules_format(r, buf, sizeof buf), r->text);
    assert_ptr_equal(parse_ok(r->text, JUNQI_TWO_PLAYER), r);
    assert_null(junqi_rules_format(r, buf, 10));
    assert_string_equal(buf, "");
    const junqi_rules *q = parse_ok("qq,turn_order=cw,first=east,no_combat_draw=100", JUNQI_FOUR_PLAYER);
    assert_string_equal(q->text, "qq,no_combat_draw=100,turn_order=cw,first=east");
    assert_int_equal(q->turn_order, JUNQI_TURN_CW);
    assert_int_equal(q->first_seat, JUNQI_EAST);
    assert_true(q->no_move_check_camps);
}

static void equal_rule_strings_give_one_interned_set(void **state)
{
    (void)state;
    const junqi_rules *a = parse_ok("standard,mode=open,landmine_vs_piece=both_removed", JUNQI_TWO_PLAYER);
    const junqi_rules *b = parse_ok("standard,landmine_vs_piece=both_removed,mode=open", JUNQI_TWO_PLAYER);
    assert_ptr_equal(a, b);
    /* a switch at the named set's value is no change */
    assert_ptr_equal(parse_ok("standard,no_combat_draw=70,first=south", JUNQI_TWO_PLAYER),
                     junqi_rules_get("standard"));
    /* the same switches over another named set are another set */
    const junqi_rules *w = parse_ok("wiki,mode=open", JUNQI_TWO_PLAYER);
    assert_ptr_not_equal(w, parse_ok("standard,mode=open", JUNQI_TWO_PLAYER));
    assert_int_equal(w->bomb_vs_flag, JUNQI_BOMB_REMOVED);
    /* with: new values override, back to the named set's value gives the named set */
    const junqi_rules *x;
    char err[512];
    assert_true(junqi_rules_with(w, "mode=dark", &x, err, sizeof err));
    assert_ptr_equal(x, junqi_rules_get("wiki"));
    assert_false(junqi_rules_with(w, "mode=bright", &x, err, sizeof err));
    assert_string_equal(err, "mode takes dark, double-open or open, not 'bright'");
}

/* Every value of every switch, on every named set it applies to, parses
 * into its field and round-trips through the canonical text. */
static void every_switch_value_round_trips_on_every_named_set(void **state)
{
    (void)state;
    size_t nsw;
    const junqi_switch *sw = junqi_rules_switches(&nsw);
    const char *sets[] = {"qq", "standard", "open", "wiki"};
    int checked = 0;
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
        const junqi_rules *base = junqi_rules_get(sets[s]);
        for (size_t i = 0; i < nsw; i++) {
            if (!(sw[i].boards & JUNQI_BOARD_BIT(base->board)) ||
                !(sw[i].families & JUNQI_FAMILY_BIT(base->family)))
                continue;
            char text[256];
            for (const junqi_switch_value *v = sw[i].values; v && v->name; v++) {
                if (!(v->boards & JUNQI_BOARD_BIT(base->board)))
                    continue;
                snprintf(text, sizeof text, "%s,%s=%s", sets[s], sw[i].name, v->name);
                const junqi_rules *r = parse_ok(text, (int)base->board);
                assert_int_equal(junqi_rules_value(r, &sw[i]), v->value);
                assert_ptr_equal(parse_ok(r->text, (int)base->board), r);
                checked++;
            }
            if (sw[i].max > 0) {
                snprintf(text, sizeof text, "%s,%s=%d", sets[s], sw[i].name, sw[i].max);
                const junqi_rules *r = parse_ok(text, (int)base->board);
                assert_int_equal(junqi_rules_value(r, &sw[i]), sw[i].max);
                assert_ptr_equal(parse_ok(r->text, (int)base->board), r);
                checked++;
            }
        }
    }
    assert_true(checked >= 40);
}

static void bad_rule_strings_say_what_is_wrong_and_what_is_allowed(void **state)
{
    (void)state;
    const struct {
        const char *text;
        int board;
        const char *message;
    } cases[] = {
        {"", JUNQI_RULES_ANY_BOARD,
         "the rule string is empty: it names a rule set (qq, standard, open, wiki, fanqi, fanfan, fanqi_wiki, huqi or zuhe), then any switches, "
         "e.g. standard,bomb_moves=engineer"},
        {"chess", JUNQI_RULES_ANY_BOARD, "unknown rule set 'chess' (known: qq, standard, open, wiki, fanqi, fanfan, fanqi_wiki, huqi or zuhe)"},
        {"Standard", JUNQI_RULES_ANY_BOARD, "unknown rule set 'Standard' (known: qq, standard, open, wiki, fanqi, fanfan, fanqi_wiki, huqi or zuhe)"},
        {"qq", JUNQI_TWO_PLAYER, "rule set 'qq' is for the four-player board, not the two-player board"},
        {"standard,", JUNQI_TWO_PLAYER, "a comma ends the rule string: a switch (SWITCH=VALUE) must follow it"},
        {"standard,,mode=open", JUNQI_TWO_PLAYER, "an empty switch between two commas"},
        {"standard,mode=open,", JUNQI_TWO_PLAYER, "a comma ends the switches: SWITCH=VALUE must follow it"},
        {"standard,speed=fast", JUNQI_TWO_PLAYER,
         "unknown switch 'speed' (the switches of 'standard' are landmine_vs_piece, bomb_vs_flag, "
         "no_combat_draw, first, mode, bomb_moves, bomb_front_row, rail_mode, hq_locks, timeouts, "
         "engineer_scout, reveal_on_combat or mountain)"},
        {"standard,mode", JUNQI_TWO_PLAYER,
         "switch 'mode' needs a value: mode=VALUE, with VALUE dark, double-open or open"},
        {"standard,mode=", JUNQI_TWO_PLAYER,
         "switch 'mode' needs a value: mode=VALUE, with VALUE dark, double-open or open"},
        {"standard,mode=open,mode=dark", JUNQI_TWO_PLAYER, "switch 'mode' is given twice"},
        {"standard,mode=Open", JUNQI_TWO_PLAYER, "mode takes dark, double-open or open, not 'Open'"},
        {"standard,no_combat_draw=0", JUNQI_TWO_PLAYER,
         "no_combat_draw takes off or a number from 1 to 65535, not '0'"},
        {"standard,no_combat_draw=070", JUNQI_TWO_PLAYER,
         "no_combat_draw takes off or a number from 1 to 65535, not '070'"},
        {"standard,no_combat_draw=65536", JUNQI_TWO_PLAYER,
         "no_combat_draw takes off or a number from 1 to 65535, not '65536'"},
        {"standard,no_combat_draw=-5", JUNQI_TWO_PLAYER,
         "no_combat_draw takes off or a number from 1 to 65535, not '-5'"},
        {"standard,turn_order=cw", JUNQI_TWO_PLAYER,
         "switch 'turn_order' does not apply to the two-player board of 'standard'"},
        {"standard,first=east", JUNQI_TWO_PLAYER,
         "first=east does not fit the two-player board (first takes north or south there)"},
        {"standard, mode=open", JUNQI_TWO_PLAYER,
         "unknown switch ' mode' (the switches of 'standard' are landmine_vs_piece, bomb_vs_flag, "
         "no_combat_draw, first, mode, bomb_moves, bomb_front_row, rail_mode, hq_locks, timeouts, "
         "engineer_scout, reveal_on_combat or mountain)"},
        {"qq,mountain=shelter", JUNQI_FOUR_PLAYER,
         "switch 'mountain' does not apply to the four-player board of 'qq'"},
        {"standard,rail_mode=two_turns", JUNQI_TWO_PLAYER,
         "rail_mode takes straight, one_turn or three_steps, not 'two_turns'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const junqi_rules *r = junqi_rules_get("open");
        char err[512];
        if (junqi_rules_parse(cases[i].text, cases[i].board, &r, err, sizeof err))
            fail_msg("'%s' parses", cases[i].text);
        assert_ptr_equal(r, junqi_rules_get("open")); /* *out is unchanged */
        if (strcmp(err, cases[i].message) != 0)
            fail_msg("'%s':\n  expected '%s'\n  got      '%s'", cases[i].text, cases[i].message, err);
    }
    char longer[JUNQI_RULES_TEXT_MAX + 40] = "standard";
    while (strlen(longer) < JUNQI_RULES_TEXT_MAX)
        strcat(longer, ",mode=open");
    const junqi_rules *r;
    char err[64];
    assert_false(junqi_rules_parse(longer, JUNQI_TWO_PLAYER, &r, err, sizeof err));
    assert_string_equal(err, "the rule string is longer than 511 bytes");
}

/* Threads parsing the same new rule strings at once all get the same sets. */
static void *parse_many(void *arg)
{
    const junqi_rules **out = arg;
    char text[64];
    for (int k = 0; k < 200; k++) {
        snprintf(text, sizeof text, "standard,no_combat_draw=%d", 1000 + k);
        char err[256];
        if (!junqi_rules_parse(text, JUNQI_TWO_PLAYER, &out[k], err, sizeof err))
            out[k] = NULL;
    }
    return NULL;
}

static void interning_is_thread_safe(void **state)
{
    (void)state;
    enum { THREADS = 4 };
    static const junqi_rules *got[THREADS][200];
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        assert_int_equal(pthread_create(&t[i], NULL, parse_many, got[i]), 0);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    for (int k = 0; k < 200; k++) {
        assert_non_null(got[0][k]);
        assert_int_equal(got[0][k]->no_combat_draw, 1000 + k);
        for (int i = 1; i < THREADS; i++)
            assert_ptr_equal(got[i][k], got[0][k]);
    }
}

/* docs/conventions.md and junqi-rules(7) list every switch with its named
 * values, and each tool's man page names every switch (a man page's \- read
 * as the hyphen it shows). */
static void every_switch_is_documented(void **state)
{
    (void)state;
    const char *full[] = {"docs/conventions.md", "docs/man/junqi-rules.7"};
    const char *pages[] = {"docs/man/junqi-validate.1", "docs/man/junqi-replay.1",
                           "docs/man/junqi-render.1", "docs/man/junqi-analyze.1"};
    size_t nsw;
    const junqi_switch *sw = junqi_rules_switches(&nsw);
    for (size_t f = 0; f < 6; f++) {
        const char *path = f < 2 ? full[f] : pages[f - 2];
        size_t len;
        char *doc = (char *)read_file(source_path(path), &len);
        assert_non_null(doc);
        doc[len] = '\0';
        char *to = doc; /* a man page writes double\-open so that groff keeps it whole: as read */
        for (const char *from = doc; *from; from++)
            if (!(from[0] == '\\' && from[1] == '-'))
                *to++ = *from;
        *to = '\0';
        for (size_t i = 0; i < nsw; i++) {
            if (!strstr(doc, sw[i].name))
                fail_msg("%s does not name the switch %s", path, sw[i].name);
            for (const junqi_switch_value *v = sw[i].values; f < 2 && v && v->name; v++) {
                char text[64];
                snprintf(text, sizeof text, "%s", v->name);
                if (!strstr(doc, text))
                    fail_msg("%s does not list the value %s of %s", path, v->name, sw[i].name);
            }
        }
        free(doc);
    }
}

/* Every list of alternatives in a message ends in "or": one joiner builds them. */
static void lists_of_alternatives_end_in_or(void **state)
{
    (void)state;
    static const char *const words[] = {"straight", "one_turn", "three_steps"};
    char out[64];
    assert_string_equal(junqi_i18n_alternatives(out, sizeof out, words, 0), "");
    assert_string_equal(junqi_i18n_alternatives(out, sizeof out, words, 1), "straight");
    assert_string_equal(junqi_i18n_alternatives(out, sizeof out, words, 2), "straight or one_turn");
    assert_string_equal(junqi_i18n_alternatives(out, sizeof out, words, 3), "straight, one_turn or three_steps");
    assert_string_equal(junqi_i18n_alternatives(out, 12, words, 3), "straight, o"); /* cut, terminated */
    const junqi_rules *r;
    char err[256];
    assert_false(junqi_rules_parse("standard,rail_mode=x", JUNQI_RULES_ANY_BOARD, &r, err, sizeof err));
    assert_string_equal(err, "rail_mode takes straight, one_turn or three_steps, not 'x'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_seat_has_25_pieces_with_ranks_engineer_1_to_marshal_9),
        cmocka_unit_test(lists_of_alternatives_end_in_or),
        cmocka_unit_test(piece_names_parse_in_every_style),
        cmocka_unit_test(seats_parse_and_have_opposite_partners),
        cmocka_unit_test(rule_sets_have_the_documented_switches),
        cmocka_unit_test(combat_follows_the_table_of_each_rule_set),
        cmocka_unit_test(a_bare_name_gives_the_named_set_itself),
        cmocka_unit_test(switches_set_fields_and_write_canonical_text),
        cmocka_unit_test(equal_rule_strings_give_one_interned_set),
        cmocka_unit_test(every_switch_value_round_trips_on_every_named_set),
        cmocka_unit_test(bad_rule_strings_say_what_is_wrong_and_what_is_allowed),
        cmocka_unit_test(interning_is_thread_safe),
        cmocka_unit_test(every_switch_is_documented),
    };
    return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
