/* SPDX-License-Identifier: MIT */
/*
 * test_shown.c - identities shown to every seat (engineer_scout,
 * reveal_on_combat), their `shown:SQ:SYM` tokens in complete and one-seat
 * records, the seat views and the inference that use them; and the
 * timeouts switch (docs/variants.md, docs/jgn.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "infer.h"
#include "jgn.h"
#include "testutil.h"

/* South F07 against north F13 (the perft reference's first line). Move 1:
 * south's engineer loses to the brigadier on c7; move 2: north's colonel
 * loses to the general on a6; move 3: south's colonel takes the captain on
 * e7; move 4: the brigadier of c7 goes to c6. */
static const char tags[] = "[Board \"two-player\"]\n[Rules \"%s\"]\n"
                           "[SouthSetup \"81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL\"]\n"
                           "[NorthSetup \"36615/7.3.9/81.B7/B.4.3/225L4/12LFL\"]\n\n%s\n";

static junqi_game *game(const char *rules, const char *moves)
{
    char text[2048];
    snprintf(text, sizeof text, tags, rules, moves);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "test", 0, &d);
    if (!g)
        fail_msg("does not read: %s", d.n ? d.items[0].message : "?");
    junqi_diags_free(&d);
    return g;
}

/* Replay with checks; the diagnostics go to *d (the caller frees them). */
static void replay(junqi_game *g, junqi_replay *r, junqi_diags *d)
{
    junqi_diags_init(d);
    assert_true(junqi_replay_start(r, g, NULL, d));
    junqi_replay_run(r);
}

static const char moves[] = "1. c6<c7 2. a7<a6 3. e6>e7 4. c7-c6 5. a5-b5 *";

/* The shown: tokens the canonical writer puts into the settled record. */
static char *shown_tokens(junqi_game *g)
{
    junqi_game_settle(g);
    char *text = junqi_jgn_to_string(g), *out = calloc(1, 256);
    for (char *s = strstr(text, "shown:"); s; s = strstr(s + 1, "shown:"))
        snprintf(out + strlen(out), 256 - strlen(out), "%s%.*s", *out ? " " : "",
                 (int)strcspn(s, " \n"), s);
    free(text);
    return out;
}

static void each_switch_shows_what_its_rule_says(void **state)
{
    (void)state;
    const struct {
        const char *rules, *shown;
    } cases[] = {
        {"standard", ""},
        {"standard,engineer_scout=on", "shown:c7:6"},
        {"standard,reveal_on_combat=defender", "shown:c7:6 shown:a6:8"},
        {"standard,reveal_on_combat=both", "shown:c7:6 shown:a6:8 shown:e7:5"},
        {"standard,reveal_on_combat=both,engineer_scout=on", "shown:c7:6 shown:a6:8 shown:e7:5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        junqi_game *g = game(cases[i].rules, moves);
        junqi_replay r;
        junqi_diags d;
        replay(g, &r, &d);
        if (d.errors)
            fail_msg("%s: %s", cases[i].rules, d.items[0].message);
        junqi_diags_free(&d);
        char *got = shown_tokens(g);
        if (strcmp(got, cases[i].shown) != 0)
            fail_msg("%s: expected '%s', got '%s'", cases[i].rules, cases[i].shown, got);
        free(got);
        junqi_game_free(g);
    }
}

static void a_shown_piece_stays_shown_in_every_view_as_it_moves(void **state)
{
    (void)state;
    junqi_game *g = game("standard,reveal_on_combat=defender", moves);
    junqi_replay r;
    junqi_diags d;
    replay(g, &r, &d);
    junqi_diags_free(&d);
    junqi_position view;
    const junqi_board *b = r.pos.board;
    int c6 = junqi_square_parse(b, "c6", 2), a6 = junqi_square_parse(b, "a6", 2);
    int e7 = junqi_square_parse(b, "e7", 2), a5 = junqi_square_parse(b, "b5", 2);
    junqi_replay_view(&r, JUNQI_SOUTH, &view);
    assert_int_equal(view.cell[c6], JUNQI_CELL(JUNQI_NORTH, JUNQI_BRIGADIER)); /* moved there at 4 */
    junqi_replay_view(&r, JUNQI_NORTH, &view);
    assert_int_equal(view.cell[a6], JUNQI_CELL(JUNQI_SOUTH, JUNQI_GENERAL));
    assert_int_equal(view.cell[e7], JUNQI_CELL(JUNQI_SOUTH, JUNQI_UNKNOWN)); /* it won: not shown */
    assert_int_equal(view.cell[a5], JUNQI_CELL(JUNQI_SOUTH, JUNQI_UNKNOWN));
    /* the inference knows them too */
    static junqi_infer inf;
    assert_true(junqi_infer_replay(&inf, g, NULL, 5, JUNQI_SOUTH, JUNQI_DARK, NULL));
    junqi_infer_solve(&inf, false);
    int known = 0;
    for (int i = 0; i < inf.npieces; i++)
        if (inf.piece[i].point == c6)
            assert_int_equal(inf.piece[i].kinds, JUNQI_KIND_BIT(JUNQI_BRIGADIER)), known++;
    assert_int_equal(known, 1);
    junqi_game_free(g);
}

/* A seat's own record carries the tokens, and its replay learns the pieces from them. */
static void a_one_seat_record_carries_and_reads_the_tokens(void **state)
{
    (void)state;
    junqi_game *g = game("standard,reveal_on_combat=both", moves);
    junqi_game_settle(g);
    junqi_game_to_view(g, JUNQI_SOUTH);
    char *text = junqi_jgn_to_string(g);
    assert_non_null(strstr(text, "1. c6<c7 shown:c7:6"));
    assert_null(strstr(text, "NorthSetup"));
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *view = junqi_jgn_parse(text, strlen(text), "view", 0, &d);
    assert_non_null(view);
    junqi_replay r;
    junqi_diags_free(&d);
    replay(view, &r, &d);
    if (d.errors)
        fail_msg("%s", d.items[0].message);
    junqi_position seen;
    junqi_replay_view(&r, JUNQI_SOUTH, &seen);
    int c6 = junqi_square_parse(r.pos.board, "c6", 2);
    assert_int_equal(seen.cell[c6], JUNQI_CELL(JUNQI_NORTH, JUNQI_BRIGADIER));
    junqi_diags_free(&d);
    /* without the token the record is incomplete, at that move */
    char *cut = strstr(text, " shown:c7:6");
    memmove(cut, cut + strlen(" shown:c7:6"), strlen(cut + strlen(" shown:c7:6")) + 1);
    junqi_game *bad = junqi_jgn_parse(text, strlen(text), "view", 0, &d);
    junqi_diags_free(&d);
    replay(bad, &r, &d);
    assert_true(d.errors >= 1);
    assert_int_equal(d.items[0].code, JUNQI_CODE_SHOWN);
    assert_int_equal(d.items[0].move, 1);
    junqi_diags_free(&d);
    junqi_game_free(bad);
    junqi_game_free(view);
    junqi_game_free(g);
    free(text);
}

static void wrong_tokens_are_rejected_at_their_move(void **state)
{
    (void)state;
    const struct {
        const char *rules, *moves, *message;
        int move;
    } cases[] = {
        {"standard,reveal_on_combat=defender", "1. c6<c7 shown:c7:5 *", "the record shows a colonel on c7, "
         "but the piece there is a brigadier", 1},
        {"standard,reveal_on_combat=defender", "1. c6<c7 shown:c6:6 *", "the record shows a brigadier on "
         "c6, but a move shows only the piece that stays on its target, c7", 1},
        {"standard", "1. c6<c7 shown:c7:6 *", "the record shows a brigadier on c7, but under standard this "
         "move shows nothing", 1},
        {"standard,engineer_scout=on", "1. c6<c7 2. a7<a6 shown:a6:8 *", "the record shows a general on a6, "
         "but under standard,engineer_scout=on this move shows nothing", 2},
        {"standard,reveal_on_combat=defender", "1. c6<c7 2. a7<a6 3. e6>e7 shown:e7:5 *", "the record shows "
         "a colonel on e7, but under standard,reveal_on_combat=defender this move shows nothing", 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        junqi_game *g = game(cases[i].rules, cases[i].moves);
        junqi_replay r;
        junqi_diags d;
        replay(g, &r, &d);
        assert_int_equal(d.errors, 1);
        assert_int_equal(d.items[0].code, JUNQI_CODE_SHOWN);
        assert_int_equal(d.items[0].move, cases[i].move);
        if (strcmp(d.items[0].message, cases[i].message) != 0)
            fail_msg("expected '%s'\n     got '%s'", cases[i].message, d.items[0].message);
        junqi_diags_free(&d);
        junqi_game_free(g);
    }
    /* the reader: one token per move, a piece symbol, after a move */
    const char *bad[][2] = {
        {"1. c6<c7 shown:c7:6 shown:c7:6 *", "a move shows at most one piece"},
        {"1. c6<c7 shown:c7:x *", "'x' is not a piece symbol (9..1, B, L, F)"},
        {"shown:c7:6 1. c6<c7 *", "a shown: token must follow the move that showed the piece"},
    };
    for (size_t i = 0; i < 3; i++) {
        char text[2048];
        snprintf(text, sizeof text, tags, "standard,reveal_on_combat=defender", bad[i][0]);
        junqi_diags d;
        junqi_diags_init(&d);
        assert_null(junqi_jgn_parse(text, strlen(text), "test", 0, &d));
        assert_string_equal(d.items[0].message, bad[i][1]);
        junqi_diags_free(&d);
    }
}

/* The timeouts switch: the timeout that reaches the limit eliminates. */
static void timeouts_eliminate_at_the_rule_sets_limit(void **state)
{
    (void)state;
    const struct {
        const char *rules, *moves;
        junqi_code code; /* JUNQI_CODE_COUNT: valid */
    } cases[] = {
        {"standard,timeouts=3", "timeout:south:1 timeout:north:1 timeout:south:2 eliminated:south:timeouts north",
         JUNQI_CODE_COUNT},
        {"standard,timeouts=3", "timeout:south:1 eliminated:south:timeouts north", JUNQI_CODE_FEW_TIMEOUTS},
        {"standard,timeouts=3", "timeout:south:1 timeout:north:1 timeout:south:2 timeout:north:2 "
         "timeout:south:3 *", JUNQI_CODE_TIMEOUT_LIMIT},
        {"standard", "timeout:south:1 eliminated:south:timeouts north", JUNQI_CODE_ELIMINATION_REASON},
        {"standard", "timeout:south:1 timeout:north:1 timeout:south:2 timeout:north:2 timeout:south:3 "
         "timeout:north:3 timeout:south:4 timeout:north:4 timeout:south:5 timeout:north:5 *", JUNQI_CODE_COUNT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        junqi_game *g = game(cases[i].rules, cases[i].moves);
        junqi_replay r;
        junqi_diags d;
        replay(g, &r, &d);
        bool found = cases[i].code == JUNQI_CODE_COUNT ? d.errors == 0 : false;
        for (size_t k = 0; k < d.n; k++)
            found |= d.items[k].code == cases[i].code;
        if (!found)
            fail_msg("%s / %s: expected %s, got %zu diagnostics (%s)", cases[i].rules, cases[i].moves,
                     junqi_code_name(cases[i].code), d.n, d.n ? d.items[0].message : "");
        junqi_diags_free(&d);
        junqi_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_switch_shows_what_its_rule_says),
        cmocka_unit_test(a_shown_piece_stays_shown_in_every_view_as_it_moves),
        cmocka_unit_test(a_one_seat_record_carries_and_reads_the_tokens),
        cmocka_unit_test(wrong_tokens_are_rejected_at_their_move),
        cmocka_unit_test(timeouts_eliminate_at_the_rule_sets_limit),
    };
    return cmocka_run_group_tests_name("shown", tests, NULL, NULL);
}
