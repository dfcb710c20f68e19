/* SPDX-License-Identifier: MIT */
/*
 * test_replay.c - replaying and checking records: every real game validates,
 * --ply positions have the right seat to move, and broken records are
 * reported at the right move.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "movegen.h"
#include "setup.h"
#include "jgn.h"
#include "testutil.h"

static size_t validate(const junqi_game *g, junqi_diags *d)
{
    junqi_replay r;
    assert_true(junqi_replay_start(&r, g, NULL, d));
    junqi_replay_run(&r);
    return d->errors;
}

static void fail_with_diags(const char *name, const junqi_diags *d)
{
    for (size_t i = 0; i < d->n; i++)
        print_error("%s: move %d: %s: %s\n", name, d->items[i].move, junqi_code_name(d->items[i].code),
                    d->items[i].message);
    fail_msg("%s does not validate", name);
}

/* One replay validates with no error. */
static void validate_one(const char *path, const char *name, void *ctx)
{
    (void)ctx;
    size_t len = 0;
    uint8_t *data = read_file(path, &len);
    assert_non_null(data);
    junqi_diags diags;
    junqi_diags_init(&diags);
    junqi_game *g = junqi_qq_read_replay(data, len, &diags);
    if (!g || validate(g, &diags))
        fail_with_diags(name, &diags);
    junqi_diags_free(&diags);
    junqi_game_free(g);
    free(data);
}

/* Every real replay of the corpus (tests/testutil.h) validates. */
static void real_replays_validate_without_errors(void **state)
{
    (void)state;
    bool shared;
    int n = for_each_corpus_replay(validate_one, NULL, &shared);
    assert_int_equal(n, shared ? SHARED_REPLAYS : BUNDLED_REPLAYS);
}

/* After seeking to any ply, the seat to move owns the piece of the next move. */
static void every_ply_has_the_next_movers_seat_to_move(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/perft/replays/jgs-000638.jgs"));
    assert_non_null(g);
    junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    size_t moves = junqi_game_moves(g);
    assert_true(moves > 100);
    for (size_t ply = 0; ply < moves; ply++) {
        junqi_replay_seek(&r, ply);
        assert_int_equal(r.moves, ply);
        assert_int_equal(r.game->main.items[r.item].kind, JUNQI_ITEM_MOVE);
        uint8_t c = r.pos.cell[r.game->main.items[r.item].move.from];
        assert_int_equal(JUNQI_CELL_SEAT(c), r.pos.to_move);
    }
    junqi_replay_seek(&r, 0); /* backwards restarts */
    assert_int_equal(r.moves, 0);
    int pieces = 0;
    for (int p = 0; p < r.pos.board->npoints; p++)
        pieces += r.pos.cell[p] != 0;
    assert_int_equal(pieces, 100);
    junqi_game_free(g);
}

static void a_finished_game_has_its_result(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("samples/qq/jgs-000001.jgs"));
    assert_non_null(g);
    junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    junqi_replay_run(&r);
    assert_int_equal(r.moves, 432);
    assert_int_equal(r.pos.result.status, JUNQI_DECIDED);
    assert_int_equal(r.pos.result.winners, JUNQI_SEAT_BIT(JUNQI_EAST) | JUNQI_SEAT_BIT(JUNQI_WEST));
    assert_int_equal(r.pos.result.reason, JUNQI_REASON_FLAG_CAPTURED);
    assert_int_equal(r.pos.to_move, JUNQI_NO_SEAT);
    junqi_game_free(g);
}

/* Index of the n-th (1-based) move item with the given property. */
static size_t find_move(const junqi_game *g, bool combat, size_t *number)
{
    size_t moves = 0;
    for (size_t i = 0; i < g->main.nitems; i++) {
        if (g->main.items[i].kind != JUNQI_ITEM_MOVE)
            continue;
        moves++;
        if ((g->main.items[i].outcome != JUNQI_NO_COMBAT) == combat && moves > 20) {
            *number = moves;
            return i;
        }
    }
    fail_msg("no such move");
    return 0;
}

static void first_error(junqi_game *g, int move, const char *code)
{
    junqi_diags d;
    junqi_diags_init(&d);
    assert_true(validate(g, &d) > 0);
    assert_int_equal(d.items[0].severity, JUNQI_SEV_ERROR);
    if (d.items[0].move != move || strcmp(junqi_code_name(d.items[0].code), code) != 0)
        fail_msg("expected %s at move %d, got %s at move %d: %s", code, move, junqi_code_name(d.items[0].code),
                 d.items[0].move, d.items[0].message);
    junqi_diags_free(&d);
}

static void a_wrong_combat_result_is_reported_at_its_move(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("samples/qq/jgs-000001.jgs"));
    assert_non_null(g);
    size_t number, i = find_move(g, true, &number);
    g->main.items[i].outcome ^= 3; /* wins <-> both removed, loses <-> wins */
    first_error(g, (int)number, "wrong-outcome");
    junqi_game_free(g);
}

/* Issue 10, defect 13: one illegal move gave a cascade of follow-on errors
 * (4 for 1) as the replay went on from an impossible state. The one is
 * reported, and a note says the game's later moves are not checked. */
static void defect13_an_illegal_move_is_reported_once_and_later_moves_are_not_checked(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("samples/qq/jgs-000001.jgs"));
    assert_non_null(g);
    size_t number, i = find_move(g, false, &number);
    /* move an empty camp's nothing: a camp at the start of the game is empty */
    const junqi_board *b = junqi_board_get(JUNQI_FOUR_PLAYER);
    g->main.items[i].move.from = b->arm_point[JUNQI_SOUTH][2][2];
    g->main.items[i].move.to = b->arm_point[JUNQI_SOUTH][1][2];
    junqi_diags d;
    junqi_diags_init(&d);
    validate(g, &d);
    assert_int_equal(d.errors, 1);
    assert_int_equal(d.n, 2);
    assert_string_equal(junqi_code_name(d.items[0].code), "no-piece");
    assert_int_equal(d.items[0].move, (int)number);
    assert_string_equal(junqi_code_name(d.items[1].code), "checks-stopped");
    char want[120];
    size_t later = junqi_game_moves(g) - number;
    snprintf(want, sizeof want, "the replay cannot go on from an illegal move: the game's %zu later "
             "moves are not checked", later);
    assert_string_equal(d.items[1].message, want);
    junqi_diags_free(&d);
    junqi_game_free(g);
}

static void a_broken_setup_is_reported_with_its_offset(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("samples/qq/jgs-000001.jgs"));
    assert_non_null(g);
    /* swap west's front-row column 1 with its flag: flag outside a headquarters,
     * and whatever stood there now in a headquarters */
    uint8_t *front = &g->seat[JUNQI_WEST].setup[0][0];
    int flag_col = g->seat[JUNQI_WEST].setup[5][1] == JUNQI_FLAG ? 1 : 3;
    uint8_t *flag = &g->seat[JUNQI_WEST].setup[5][flag_col];
    uint8_t t = *front;
    *front = *flag;
    *flag = t;
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_replay r;
    junqi_replay_start(&r, g, NULL, &d);
    assert_int_equal(d.errors, 1);
    assert_string_equal(junqi_code_name(d.items[0].code), "flag-not-in-headquarters");
    assert_int_equal(d.items[0].loc.offset, g->seat[JUNQI_WEST].setup_loc.offset);
    assert_int_equal(d.items[0].move, -1);
    junqi_diags_free(&d);
    junqi_game_free(g);
}

static void setup_rules_report_every_violation(void **state)
{
    (void)state;
    /* F06 of the published set: 4 captains, 2 engineers (the source's own error) */
    static const uint8_t f06[6][5] = {
        {JUNQI_MAJOR, JUNQI_ENGINEER, JUNQI_COLONEL, JUNQI_MARSHAL, JUNQI_CAPTAIN},
        {JUNQI_MAJOR_GENERAL, 0, JUNQI_CAPTAIN, 0, JUNQI_MAJOR_GENERAL},
        {JUNQI_CAPTAIN, JUNQI_MAJOR, 0, JUNQI_CAPTAIN, JUNQI_BOMB},
        {JUNQI_ENGINEER, 0, JUNQI_LIEUTENANT, 0, JUNQI_LIEUTENANT},
        {JUNQI_LANDMINE, JUNQI_LANDMINE, JUNQI_BRIGADIER, JUNQI_GENERAL, JUNQI_BRIGADIER},
        {JUNQI_LIEUTENANT, JUNQI_LANDMINE, JUNQI_COLONEL, JUNQI_FLAG, JUNQI_BOMB},
    };
    junqi_setup_problem p[JUNQI_MAX_SETUP_PROBLEMS];
    assert_int_equal(junqi_setup_check(f06, p), 2);
    assert_string_equal(junqi_code_name(p[0].code), "piece-count");
    assert_string_equal(p[0].message, "wrong number of engineers: 3 expected, found 2");
    assert_string_equal(p[1].message, "wrong number of captains: 3 expected, found 4");
    uint8_t bad[6][5];
    memcpy(bad, f06, sizeof bad);
    bad[0][4] = JUNQI_BOMB;     /* bomb in the front row (and 3 bombs, 3 captains) */
    bad[5][4] = JUNQI_ENGINEER; /* engineers back to 3 */
    bad[1][1] = JUNQI_CAPTAIN;  /* a piece on a camp */
    bad[3][2] = JUNQI_LANDMINE; /* landmine in row 4 (and 4 landmines) */
    bad[5][3] = JUNQI_LIEUTENANT, bad[5][0] = JUNQI_FLAG; /* flag outside a headquarters */
    int n = junqi_setup_check(bad, p);
    const char *codes[] = {"bomb-front-row", "piece-on-camp", "landmine-row", "flag-not-in-headquarters"};
    for (int i = 0; i < 4; i++)
        assert_string_equal(junqi_code_name(p[i].code), codes[i]);
    assert_int_equal(p[0].row, 1);
    assert_int_equal(p[0].col, 5);
    assert_int_equal(p[2].row, 4);
    assert_int_equal(p[2].col, 3);
    for (int i = 4; i < n; i++)
        assert_string_equal(junqi_code_name(p[i].code), "piece-count");
    assert_int_equal(n, 4 + 3); /* captains 4, landmines 4, lieutenants 2 -> 3 count lines */
}

/* Issue 10, defect 7: a record with one seat validated as a game that never
 * ends (the seat moving again and again). A game needs two sides. */
static void defect07_a_record_of_one_seat_is_not_a_game(void **state)
{
    (void)state;
    static const char text[] = "[Board \"two-player\"]\n[South \"a\"]\n"
                               "[SouthSetup \"81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL\"]\n\n"
                               "1. a6-a7 2. a7-a8 3. a8-a9 *\n";
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "one", 0, &d);
    assert_non_null(g);
    junqi_replay r;
    assert_false(junqi_replay_start(&r, g, NULL, &d));
    assert_int_equal(d.errors, 1);
    assert_string_equal(junqi_code_name(d.items[d.n - 1].code), "one-side");
    assert_int_equal(d.items[d.n - 1].loc.line, 3); /* at its setup */
    junqi_game_free(g);
    junqi_diags_free(&d);
}

/* Issue 10, defect 10: in one seat's record, a flag:SQ that put that seat's
 * own flag on the wrong square was accepted. jgs-002724's move 2 kills west's
 * marshal and shows west's flag on a8; in west's record a8 is known to hold
 * the flag, and a10 a piece of west's that is no flag. */
static void defect10_a_seat_record_shows_its_own_flag_where_it_stands(void **state)
{
    (void)state;
    const junqi_board *b = junqi_board_get(JUNQI_FOUR_PLAYER);
    for (int view = 0; view < JUNQI_SEATS; view++) {
        junqi_game *g = load_replay(source_path("tests/data/qq/jgs-002724.jgs"));
        assert_non_null(g);
        junqi_game_to_view(g, (junqi_seat)view);
        junqi_item *shows = NULL;
        for (size_t i = 0; i < g->main.nitems && !shows; i++)
            if (g->main.items[i].flag_shown[0] != JUNQI_NO_POINT)
                shows = &g->main.items[i];
        assert_non_null(shows);
        assert_int_equal(shows->flag_shown[0], junqi_square_parse(b, "a8", 2));
        junqi_diags d;
        junqi_diags_init(&d);
        assert_int_equal(validate(g, &d), 0); /* as recorded: valid in every seat's record */
        shows->flag_shown[0] = (uint8_t)junqi_square_parse(b, "a10", 3);
        junqi_diags_free(&d);
        size_t errors = validate(g, &d);
        if (view == JUNQI_WEST) { /* west knows both squares */
            assert_int_equal(errors, 2);
            assert_string_equal(d.items[0].message, "the record shows a flag at a10, where west's "
                                                    "lieutenant stands");
            assert_string_equal(d.items[1].message, "west's marshal dies, and the record does not show "
                                                    "west's flag at a8");
            assert_string_equal(junqi_code_name(d.items[0].code), "flag-shown");
        } else { /* the others cannot tell: a10 may hold the flag */
            assert_int_equal(errors, 0);
        }
        junqi_diags_free(&d);
        junqi_game_free(g);
    }
}

/* A complete record whose flag:SQ disagrees with the marshals that died is
 * told in words: jgs-002724's move 2 kills west's marshal, which shows
 * west's flag on a8; with the flag taken out of the record it said "the
 * flags at [- -], the marshals that died reveal [a8 -]". */
static void a_wrong_flag_shown_is_said_in_words(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/qq/jgs-002724.jgs"));
    assert_non_null(g);
    junqi_item *shows = NULL;
    for (size_t i = 0; i < g->main.nitems && !shows; i++)
        if (g->main.items[i].flag_shown[0] != JUNQI_NO_POINT)
            shows = &g->main.items[i];
    assert_non_null(shows);
    shows->flag_shown[0] = JUNQI_NO_POINT;
    junqi_diags d;
    junqi_diags_init(&d);
    assert_int_equal(validate(g, &d), 1);
    assert_string_equal(d.items[0].message, "the record shows no flag, but the marshals that died show the flag at a8");
    junqi_diags_free(&d);
    shows->flag_shown[0] = (uint8_t)junqi_square_parse(junqi_board_get(JUNQI_FOUR_PLAYER), "q8", 2);
    shows->flag_shown[1] = (uint8_t)junqi_square_parse(junqi_board_get(JUNQI_FOUR_PLAYER), "a8", 2);
    assert_int_equal(validate(g, &d), 1);
    assert_string_equal(d.items[0].message, "the record shows the flags at q8 and a8, but the marshals that died "
                                            "show the flag at a8");
    junqi_diags_free(&d);
    junqi_game_free(g);
}

/* The same seat leaving twice is odd (a warning, already-out); a departure
 * after an elimination is not: QQ records both (replay.c). */
static void a_seat_that_leaves_twice_is_warned_of_once(void **state)
{
    (void)state;
    static const char head[] = "[Board \"four-player\"]\n[Rules \"qq\"]\n"
                               "[NorthSetup \"52467/B.1.9/78.16/B.3.3/LL251/4FL23\"]\n"
                               "[EastSetup \"52467/B.1.9/78.16/B.3.3/LL251/4FL23\"]\n"
                               "[SouthSetup \"52467/B.1.9/78.16/B.3.3/LL251/4FL23\"]\n"
                               "[WestSetup \"52467/B.1.9/78.16/B.3.3/LL251/4FL23\"]\n\n";
    static const char *const moves[] = {"1. g13-h13 left:north left:north *\n",
                                        "1. g13-h13 eliminated:north:timeouts left:north *\n"};
    for (int k = 0; k < 2; k++) {
        char text[1024];
        snprintf(text, sizeof text, "%s%s", head, moves[k]);
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_game *g = junqi_jgn_parse(text, strlen(text), "left", 0, &d);
        assert_non_null(g);
        junqi_diags_free(&d);
        assert_int_equal(validate(g, &d), 0);
        size_t warned = 0;
        for (size_t i = 0; i < d.n; i++)
            warned += strcmp(junqi_code_name(d.items[i].code), "already-out") == 0;
        assert_int_equal(warned, k == 0 ? 1 : 0);
        if (k == 0)
            assert_string_equal(d.items[0].message, "north has left the game already");
        junqi_diags_free(&d);
        junqi_game_free(g);
    }
}

/* A timeout count that disagrees with the replay's is said in the singular for one and in the
 * plural for more ("the record counts 1 timeouts" was written for one). */
static void a_wrong_timeout_count_is_said_in_the_singular_and_the_plural(void **state)
{
    (void)state;
    static const struct { const char *moves, *message; } cases[] = {
        {"timeout:north:3 *\n", "the record counts 3 timeouts for north, the replay 1"},
        {"timeout:north:1 timeout:west:1 timeout:south:1 timeout:east:1 timeout:north:1 *\n",
         "the record counts 1 timeout for north, the replay 2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "[Board \"four-player\"]\n\n%s", cases[i].moves);
        junqi_game *g = junqi_jgn_parse(text, strlen(text), "timeouts", 0, NULL);
        assert_non_null(g);
        junqi_diags d;
        junqi_diags_init(&d);
        validate(g, &d);
        const junqi_diag *found = NULL;
        for (size_t k = 0; k < d.n && !found; k++)
            if (strcmp(junqi_code_name(d.items[k].code), "timeout-count") == 0)
                found = &d.items[k];
        assert_non_null(found);
        assert_string_equal(found->message, cases[i].message);
        junqi_diags_free(&d);
        junqi_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(real_replays_validate_without_errors),
        cmocka_unit_test(every_ply_has_the_next_movers_seat_to_move),
        cmocka_unit_test(a_finished_game_has_its_result),
        cmocka_unit_test(a_wrong_combat_result_is_reported_at_its_move),
        cmocka_unit_test(defect13_an_illegal_move_is_reported_once_and_later_moves_are_not_checked),
        cmocka_unit_test(a_broken_setup_is_reported_with_its_offset),
        cmocka_unit_test(setup_rules_report_every_violation),
        cmocka_unit_test(defect07_a_record_of_one_seat_is_not_a_game),
        cmocka_unit_test(defect10_a_seat_record_shows_its_own_flag_where_it_stands),
        cmocka_unit_test(a_wrong_flag_shown_is_said_in_words),
        cmocka_unit_test(a_seat_that_leaves_twice_is_warned_of_once),
        cmocka_unit_test(a_wrong_timeout_count_is_said_in_the_singular_and_the_plural),
    };
    return cmocka_run_group_tests_name("replay", tests, NULL, NULL);
}
