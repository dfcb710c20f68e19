/* SPDX-License-Identifier: MIT */
/*
 * test_rulestrings.c - rule strings in records: the JGN Rules tag, the
 * position notation's RULES field, the Mode tag as the mode switch, rule
 * sets and seats that do not fit the game (docs/jgn.md, docs/position.md,
 * docs/variants.md "Rule strings"; issue 10 defects 3 and 9).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "jgn.h"
#include "posnote.h"
#include "testutil.h"

/* Read one game that must be valid. */
static junqi_game *read_ok(const char *text)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "test", 0, &d);
    if (!g || d.errors)
        fail_msg("does not read: %s", d.n ? d.items[0].message : "?");
    junqi_diags_free(&d);
    return g;
}

/* Read one game that must be rejected with exactly this first error. */
static void read_fails(const char *text, int line, int column, const char *message)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "test", 0, &d);
    assert_null(g);
    assert_true(d.errors > 0);
    const junqi_diag *e = NULL;
    for (size_t i = 0; i < d.n && !e; i++)
        if (d.items[i].severity == JUNQI_SEV_ERROR)
            e = &d.items[i];
    if (strcmp(e->message, message) != 0 || e->loc.line != line || e->loc.column != column)
        fail_msg("expected %d:%d '%s'\n     got %d:%d '%s'", line, column, message, e->loc.line,
                 e->loc.column, e->message);
    junqi_diags_free(&d);
}

/* The canonical text of a game read from text. */
static char *canonical(const char *text)
{
    junqi_game *g = read_ok(text);
    char *out = junqi_jgn_to_string(g);
    junqi_game_free(g);
    return out;
}

static void a_rules_tag_with_switches_reads_and_writes_canonically(void **state)
{
    (void)state;
    /* the Rules tag may come before the Board tag; its switches come back in canonical order */
    junqi_game *g = read_ok("[Rules \"standard,mode=open,landmine_vs_piece=both_removed\"]\n"
                            "[Board \"two-player\"]\n\n*\n");
    assert_int_equal(g->rules->landmine_vs_piece, JUNQI_LANDMINE_BOTH_REMOVED);
    assert_int_equal(g->info, JUNQI_OPEN); /* the mode switch is the record's mode */
    char *text = junqi_jgn_to_string(g);
    assert_non_null(strstr(text, "[Rules \"standard,landmine_vs_piece=both_removed,mode=open\"]\n"
                                 "[Mode \"open\"]\n"));
    char *again = canonical(text);
    assert_string_equal(again, text);
    free(again);
    free(text);
    junqi_game_free(g);
}

static void the_mode_tag_sets_the_mode_switch(void **state)
{
    (void)state;
    junqi_game *g = read_ok("[Board \"two-player\"]\n[Rules \"open\"]\n[Mode \"dark\"]\n\n*\n");
    assert_string_equal(g->rules->text, "open,mode=dark");
    assert_int_equal(g->info, JUNQI_DARK);
    assert_int_equal(g->rules->no_combat_draw, 0);
    junqi_game_free(g);
    g = read_ok("[Board \"two-player\"]\n[Mode \"open\"]\n\n*\n");
    assert_string_equal(g->rules->text, "standard,mode=open");
    junqi_game_free(g);
    g = read_ok("[Board \"two-player\"]\n[Rules \"open\"]\n\n*\n");
    assert_int_equal(g->info, JUNQI_OPEN); /* the open rule set is an open game */
    junqi_game_free(g);
}

static void rules_that_do_not_fit_the_board_are_located_errors(void **state)
{
    (void)state;
    read_fails("[Board \"two-player\"]\n[Rules \"qq\"]\n\n*\n", 2, 1,
               "Rules: rule set 'qq' is for the four-player board, not the two-player board");
    read_fails("[Board \"four-player\"]\n[Rules \"qq,first=up\"]\n\n*\n", 2, 1,
               "Rules: first takes north, east, south or west, not 'up'");
    read_fails("[Board \"two-player\"]\n[Rules \"standard,turn_order=cw\"]\n\n*\n", 2, 1,
               "Rules: switch 'turn_order' does not apply to the two-player board of 'standard'");
    /* lines count from the game's first line in a file of several games */
    const char *two = "[Board \"two-player\"]\n\n*\n\n[Board \"two-player\"]\n[Rules \"chess\"]\n\n*\n";
    junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, (const uint8_t *)two, strlen(two), "two", 0);
    junqi_game *g;
    junqi_diags d;
    junqi_diags_init(&d);
    assert_int_equal(junqi_jgn_next(r, &g, &d), 1);
    junqi_game_free(g);
    assert_int_equal(junqi_jgn_next(r, &g, &d), -1);
    assert_int_equal(d.n, 1);
    assert_int_equal(d.items[0].loc.line, 6);
    junqi_diags_free(&d);
    junqi_jgn_reader_free(r);
}

/* Issue 10, defect 3: a Position tag does not override the Rules tag. */
static void a_position_game_keeps_its_rules_tag(void **state)
{
    (void)state;
    const char *wiki = "[Board \"two-player\"]\n[Rules \"wiki\"]\n"
                       "[Position \".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -\"]\n"
                       "\n41. b11>b12 south\n";
    junqi_game *g = read_ok(wiki);
    assert_ptr_equal(g->rules, junqi_rules_get("wiki"));
    assert_ptr_equal(g->start->rules, junqi_rules_get("wiki"));
    char *text = junqi_jgn_to_string(g);
    assert_non_null(strstr(text, "[Rules \"wiki\"]"));
    assert_non_null(strstr(text, "s 0 40 - wiki\"]"));
    char *again = canonical(text);
    assert_string_equal(again, text);
    /* the replay plays under it */
    junqi_replay rp;
    assert_true(junqi_replay_start(&rp, g, NULL, NULL));
    assert_ptr_equal(rp.pos.rules, junqi_rules_get("wiki"));
    free(again);
    free(text);
    junqi_game_free(g);
    /* a finished position's result is derived under the Rules tag's set: no draw under open */
    g = read_ok("[Board \"two-player\"]\n[Rules \"open\"]\n"
                "[Position \".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... - 70 40 -\"]\n\n*\n");
    assert_int_equal(g->start->result.status, JUNQI_UNDECIDED);
    junqi_game_free(g);
    g = read_ok("[Board \"two-player\"]\n"
                "[Position \".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... - 70 40 -\"]\n\n*\n");
    assert_int_equal(g->start->result.status, JUNQI_DRAWN);
    junqi_game_free(g);
    /* the Position's own RULES field counts when there is no Rules tag, and must agree with one */
    g = read_ok("[Board \"two-player\"]\n"
                "[Position \".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 - open\"]\n\n*\n");
    assert_ptr_equal(g->rules, junqi_rules_get("open"));
    junqi_game_free(g);
    read_fails("[Board \"two-player\"]\n[Rules \"wiki\"]\n"
               "[Position \".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 - open\"]\n\n*\n",
               2, 1, "the Rules tag says 'wiki' and the Position's rules field 'open'");
}

/* Issue 10, defect 9: seats named by View and First must take part. */
static void view_and_first_must_name_a_seat_of_the_game(void **state)
{
    (void)state;
    read_fails("[Board \"two-player\"]\n[View \"west\"]\n\n*\n", 2, 1,
               "View: west takes no part in this game (its seats: north, south)");
    read_fails("[Board \"four-player\"]\n[North \"a\"]\n[South \"b\"]\n[First \"east\"]\n\n*\n", 4, 1,
               "First: east takes no part in this game (its seats: north, south)");
    junqi_game *g = read_ok("[Board \"four-player\"]\n[View \"east\"]\n\n*\n");
    assert_int_equal(g->view, JUNQI_EAST);
    junqi_game_free(g);
}

static void position_strings_carry_rule_strings(void **state)
{
    (void)state;
    const char *text = ".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 - "
                       "standard,landmine_vs_piece=both_removed";
    junqi_position pos;
    junqi_diags d;
    junqi_diags_init(&d);
    assert_true(junqi_pos_parse(text, strlen(text), &pos, &d));
    assert_int_equal(pos.rules->landmine_vs_piece, JUNQI_LANDMINE_BOTH_REMOVED);
    char *again = junqi_pos_format(&pos);
    assert_string_equal(again, text);
    free(again);
    /* a rule string that is not canonical reads, and is written canonically */
    const char *loose = ".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 - "
                        "standard,mode=open,no_combat_draw=70";
    assert_true(junqi_pos_parse(loose, strlen(loose), &pos, &d));
    again = junqi_pos_format(&pos);
    assert_non_null(strstr(again, " standard,mode=open"));
    assert_null(strstr(again, "no_combat_draw"));
    free(again);
    assert_int_equal(d.n, 0);
    junqi_diags_free(&d);
}

/* mountain=shelter: the positions list the mountains as a 13th row, between
 * ranks 7 and 6, and records name them bM and dM. */
static void mountains_are_a_row_of_positions_and_squares_of_records(void **state)
{
    (void)state;
    const char *text = "NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/.S8/.1125/9.3.2/72.B7/5.3.4/6B63L/1L4FL "
                       "n 0 1 - standard,mountain=shelter";
    junqi_position pos;
    junqi_diags d;
    junqi_diags_init(&d);
    if (!junqi_pos_parse(text, strlen(text), &pos, &d))
        fail_msg("%s", d.items[0].message);
    assert_int_equal(pos.board->npoints, 62);
    int dm = junqi_square_parse(pos.board, "dM", 2);
    assert_int_equal(pos.cell[dm], JUNQI_CELL(JUNQI_SOUTH, JUNQI_GENERAL));
    char *again = junqi_pos_format(&pos);
    assert_string_equal(again, text);
    free(again);
    /* the mountain row and the switch go together */
    const char *bad[] = {
        "NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/.S8/.1125/9.3.2/72.B7/5.3.4/6B63L/1L4FL n 0 1 -",
        "NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/S81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL s 0 0 - "
        "standard,mountain=shelter",
        "NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/.S8./.1125/9.3.2/72.B7/5.3.4/6B63L/1L4FL n 0 1 - "
        "standard,mountain=shelter",
    };
    const char *why[] = {
        "a position with the mountain row (13 ranks) plays under mountain=shelter: its rule set must say so",
        "under mountain=shelter the position lists the mountains bM and dM between ranks 7 and 6 (13 rows)",
        "the mountain row has too many points",
    };
    for (int i = 0; i < 3; i++) {
        junqi_diags_free(&d);
        assert_false(junqi_pos_parse(bad[i], strlen(bad[i]), &pos, &d));
        assert_string_equal(d.items[0].message, why[i]);
    }
    junqi_diags_free(&d);
    /* a record: into the mountain and out, valid; an attack out of it is illegal at its move */
    const char *game = "[Board \"two-player\"]\n[Rules \"standard,mountain=shelter\"]\n"
                       "[SouthSetup \"81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL\"]\n"
                       "[NorthSetup \"36615/7.3.9/81.B7/B.4.3/225L4/12LFL\"]\n\n"
                       "1. b6-bM 2. c8-d8 3. bM-b6 4. d8-c8 5. b6-bM 6. c8-d8 7. bM>b7 *\n";
    junqi_game *g = read_ok(game);
    junqi_replay r;
    junqi_diags_init(&d);
    assert_true(junqi_replay_start(&r, g, NULL, &d));
    junqi_replay_run(&r);
    assert_int_equal(d.errors, 1); /* the illegal attack; no follow-on errors (issue 10, defect 13) */
    assert_int_equal(d.items[0].code, JUNQI_CODE_ATTACK_FROM_MOUNTAIN);
    assert_int_equal(d.items[0].move, 7);
    char *out = junqi_jgn_to_string(g);
    assert_non_null(strstr(out, "1. b6-bM 2. c8-d8 3. bM-b6"));
    free(out);
    junqi_diags_free(&d);
    junqi_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_rules_tag_with_switches_reads_and_writes_canonically),
        cmocka_unit_test(the_mode_tag_sets_the_mode_switch),
        cmocka_unit_test(rules_that_do_not_fit_the_board_are_located_errors),
        cmocka_unit_test(a_position_game_keeps_its_rules_tag),
        cmocka_unit_test(view_and_first_must_name_a_seat_of_the_game),
        cmocka_unit_test(position_strings_carry_rule_strings),
        cmocka_unit_test(mountains_are_a_row_of_positions_and_squares_of_records),
    };
    return cmocka_run_group_tests_name("rulestrings", tests, NULL, NULL);
}
