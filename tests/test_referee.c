/* SPDX-License-Identifier: MIT */
/*
 * test_referee.c - the referee and the match score (referee.h): games
 * played to the end on both boards from the bundled real setups
 * (samples/match/setups.jgn) give records that replay without an error
 * (so every outcome, shown flag and elimination is recorded right), each
 * seat's record holds only its own setup and replays to exactly that
 * seat's view of the complete position at every ply, illegal moves are
 * refused, forfeits and draws end the game, and the Elo figures; games
 * under rule strings (shown pieces, double_open, bomb_front_row).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "jgn.h"
#include "movegen.h"
#include "referee.h"
#include "testutil.h"

/* The n-th record of the bundled setups. */
static junqi_game *setups(int n)
{
    size_t len;
    uint8_t *text = read_file(source_path("samples/match/setups.jgn"), &len);
    assert_non_null(text);
    junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, text, len, "setups.jgn", 0);
    junqi_game *g = NULL;
    for (int i = 0; i <= n; i++) {
        junqi_game_free(g);
        assert_int_equal(junqi_jgn_next(r, &g, NULL), 1);
    }
    junqi_jgn_reader_free(r);
    free(text);
    return g;
}

/* A record replays without an error; returns its final position. */
static junqi_position replays_cleanly(const junqi_game *g)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_replay r;
    assert_true(junqi_replay_start(&r, g, NULL, &d));
    junqi_replay_run(&r);
    for (size_t i = 0; i < d.n; i++)
        if (d.items[i].severity == JUNQI_SEV_ERROR)
            fail_msg("move %d: %s (%s)", d.items[i].move, d.items[i].message, junqi_code_name(d.items[i].code));
    junqi_diags_free(&d);
    return r.pos;
}

/* Every seat's record replays to that seat's view of the complete position. */
static void views_agree(const junqi_referee *ref)
{
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!ref->view[s])
            continue;
        junqi_replay r;
        assert_true(junqi_replay_start(&r, ref->view[s], NULL, NULL));
        junqi_replay_run(&r);
        junqi_position want;
        junqi_replay_view(&ref->replay, s, &want); /* with the pieces the rules showed */
        assert_memory_equal(r.pos.cell, want.cell, sizeof want.cell);
        assert_int_equal(r.pos.alive, ref->pos.alive);
        assert_int_equal(r.pos.to_move, ref->pos.to_move);
    }
}

/* The referee's own replay of its complete record is at its position. */
static void replay_follows(const junqi_referee *ref)
{
    assert_memory_equal(ref->replay.pos.cell, ref->pos.cell, sizeof ref->pos.cell);
    assert_int_equal(ref->replay.pos.alive, ref->pos.alive);
    assert_int_equal(ref->replay.item, ref->game->main.nitems);
}

/* How many items of the complete record show a flag, or eliminate a seat
 * for a captured flag. */
static void count_events(const junqi_game *g, int *shown, int *captured)
{
    for (size_t i = 0; i < g->main.nitems; i++) {
        const junqi_item *it = &g->main.items[i];
        *shown += it->kind == JUNQI_ITEM_MOVE && it->flag_shown[0] != JUNQI_NO_POINT;
        *captured += it->kind == JUNQI_ITEM_ELIMINATED && it->reason == JUNQI_REASON_FLAG_CAPTURED;
    }
}

/* Play random legal moves (a fixed stream) to the end of the game. */
static int play_out(junqi_referee *ref, uint64_t seed, int check_every)
{
    int moves = 0;
    for (int s; (s = junqi_referee_to_move(ref)) != JUNQI_NO_SEAT; moves++) {
        junqi_move list[JUNQI_MAX_MOVES];
        int n = junqi_generate_moves(&ref->pos, list);
        assert_true(n > 0);
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        /* captures first, half the time, so that games end by combat */
        int pick = (int)((seed >> 33) % (uint64_t)n);
        for (int i = 0; (seed >> 20) & 1 && i < n; i++)
            if (ref->pos.cell[list[(pick + i) % n].to]) {
                pick = (pick + i) % n;
                break;
            }
        for (int i = 0; i < n; i++) /* and a flag whenever one can be taken */
            if (JUNQI_CELL_PIECE(ref->pos.cell[list[i].to]) == JUNQI_FLAG)
                pick = i;
        char err[200];
        assert_true(junqi_referee_play(ref, list[pick], err, sizeof err));
        if (moves % check_every == 0) {
            views_agree(ref);
            replay_follows(ref);
        }
    }
    return moves;
}

static void random_games_on_both_boards_are_recorded_right(void **state)
{
    (void)state;
    int decided = 0, shown = 0, captured = 0;
    for (int i = 0; i < 8; i++) {
        junqi_game *from = setups(i);
        junqi_referee ref;
        char err[200];
        junqi_board_kind board = i % 2 ? JUNQI_TWO_PLAYER : JUNQI_FOUR_PLAYER;
        assert_true(junqi_referee_start(&ref, junqi_rules_default(board), from, err, sizeof err));
        for (int s = 0; s < JUNQI_SEATS; s++)
            if (ref.view[s])
                for (int t = 0; t < JUNQI_SEATS; t++)
                    assert_int_equal(ref.view[s]->seat[t].setup_known, s == t);
        int moves = play_out(&ref, (uint64_t)i + 1, 7);
        assert_true(moves > 0);
        assert_true(junqi_position_over(&ref.pos));
        junqi_position end = replays_cleanly(ref.game);
        assert_memory_equal(end.cell, ref.pos.cell, sizeof end.cell);
        assert_int_equal(ref.game->result.status, ref.pos.result.status);
        for (int s = 0; s < JUNQI_SEATS; s++)
            if (ref.view[s])
                replays_cleanly(ref.view[s]);
        views_agree(&ref);
        decided += ref.pos.result.status == JUNQI_DECIDED;
        count_events(ref.game, &shown, &captured);
        junqi_referee_free(&ref);
        junqi_game_free(from);
    }
    assert_true(decided >= 4);
    assert_true(shown >= 1);    /* marshals died, and showed their flags */
    assert_true(captured >= 1); /* flags were taken */
}

/* How many moves of a record show a piece (shown: tokens). */
static int count_shown_pieces(const junqi_game *g)
{
    int k = 0;
    for (size_t i = 0; i < g->main.nitems; i++)
        k += g->main.items[i].kind == JUNQI_ITEM_MOVE && g->main.items[i].shown_piece != JUNQI_NONE;
    return k;
}

/* Under switches that show pieces (docs/variants.md), every record says
 * what each move showed, so the seats' records replay cleanly to their
 * views with the shown pieces; and the records carry the rule set. */
static void games_under_rule_strings_show_what_the_rules_show(void **state)
{
    (void)state;
    static const char *const sets[] = {"qq,reveal_on_combat=both", "standard,engineer_scout=on,reveal_on_combat=defender",
                                       "qq,mode=double-open"};
    for (int i = 0; i < 3; i++) {
        const junqi_rules *rules;
        char err[512];
        assert_true(junqi_rules_parse(sets[i], JUNQI_RULES_ANY_BOARD, &rules, err, sizeof err));
        junqi_game *from = setups(i);
        junqi_referee ref;
        assert_true(junqi_referee_start(&ref, rules, from, err, sizeof err));
        assert_ptr_equal(ref.game->rules, rules);
        play_out(&ref, (uint64_t)i + 11, 3);
        assert_true(junqi_position_over(&ref.pos));
        replays_cleanly(ref.game);
        int shown = count_shown_pieces(ref.game);
        for (int s = 0; s < JUNQI_SEATS; s++)
            if (ref.view[s]) {
                assert_ptr_equal(ref.view[s]->rules, rules);
                replays_cleanly(ref.view[s]);
                assert_int_equal(count_shown_pieces(ref.view[s]), shown);
            }
        views_agree(&ref);
        if (i < 2)
            assert_true(shown >= 3); /* attacks showed pieces */
        else /* double_open: a seat sees its partner's setup too */
            assert_true(ref.view[JUNQI_NORTH]->seat[JUNQI_SOUTH].setup_known &&
                        !ref.view[JUNQI_NORTH]->seat[JUNQI_EAST].setup_known);
        junqi_referee_free(&ref);
        junqi_game_free(from);
    }
}

/* A bomb in the front row: refused under the named sets, played under
 * bomb_front_row=allow. */
static void setups_are_checked_under_the_rule_set(void **state)
{
    (void)state;
    junqi_game *from = setups(0);
    uint8_t(*north)[5] = from->seat[JUNQI_NORTH].setup;
    int bomb = -1;
    for (int k = 0; k < 30 && bomb < 0; k++)
        if (north[k / 5][k % 5] == JUNQI_BOMB)
            bomb = k;
    assert_true(bomb >= 5); /* not in row 1 */
    int front = north[0][0] == JUNQI_NONE ? 1 : 0; /* a point of row 1 (not a camp) */
    uint8_t keep = north[0][front];
    north[0][front] = JUNQI_BOMB;
    north[bomb / 5][bomb % 5] = keep;
    const junqi_rules *allow;
    char err[512];
    assert_true(junqi_rules_parse("qq,bomb_front_row=allow", JUNQI_FOUR_PLAYER, &allow, err, sizeof err));
    junqi_referee ref;
    assert_false(junqi_referee_start(&ref, junqi_rules_default(JUNQI_FOUR_PLAYER), from, err, sizeof err));
    assert_non_null(strstr(err, "north's setup: "));
    assert_non_null(strstr(err, "(under qq)"));
    assert_true(junqi_referee_start(&ref, allow, from, err, sizeof err));
    junqi_referee_free(&ref);
    junqi_game_free(from);
}

static void illegal_moves_are_refused_and_forfeits_end_the_game(void **state)
{
    (void)state;
    junqi_game *from = setups(0);
    junqi_referee ref;
    char err[200] = "";
    assert_true(junqi_referee_start(&ref, junqi_rules_default(JUNQI_FOUR_PLAYER), from, err, sizeof err));
    int s = junqi_referee_to_move(&ref);
    assert_int_equal(s, JUNQI_NORTH);
    junqi_move bad;
    assert_true(junqi_move_parse(ref.pos.board, "g6-g7", 5, &bad)); /* south's piece, north to move */
    assert_false(junqi_referee_play(&ref, bad, err, sizeof err));
    assert_true(strlen(err) > 10);
    assert_int_equal(ref.game->main.nitems, 0);
    junqi_referee_forfeit(&ref, JUNQI_NORTH, "north's engine died");
    assert_true(junqi_position_over(&ref.pos));
    assert_int_equal(ref.pos.result.winners, JUNQI_SEAT_BIT(JUNQI_EAST) | JUNQI_SEAT_BIT(JUNQI_WEST));
    assert_int_equal(ref.game->result.status, JUNQI_DECIDED);
    assert_string_equal(ref.view[JUNQI_EAST]->main.comments[0].text, "north's engine died");
    replays_cleanly(ref.game);
    assert_int_equal(junqi_referee_to_move(&ref), JUNQI_NO_SEAT);
    junqi_referee_free(&ref);

    assert_true(junqi_referee_start(&ref, junqi_rules_default(JUNQI_TWO_PLAYER), from, err, sizeof err));
    junqi_referee_adjudicate_draw(&ref, "move limit");
    assert_int_equal(ref.game->result.status, JUNQI_DRAWN);
    assert_int_equal(ref.game->result.reason, JUNQI_REASON_ADJUDICATED); /* no rule drew it */
    assert_int_equal(replays_cleanly(ref.game).result.status, JUNQI_DRAWN);
    junqi_referee_free(&ref);

    from->seat[JUNQI_WEST].setup_known = false;
    assert_false(junqi_referee_start(&ref, junqi_rules_default(JUNQI_FOUR_PLAYER), from, err, sizeof err));
    assert_string_equal(err, "the record has no setup for west");
    assert_true(junqi_referee_start(&ref, junqi_rules_default(JUNQI_TWO_PLAYER), from, err, sizeof err)); /* north, south */
    junqi_referee_free(&ref);
    junqi_game_free(from);
}

static void the_score_and_its_elo_interval(void **state)
{
    (void)state;
    junqi_match_score m = junqi_match_score_of(0, 0, 0);
    assert_true(m.score == 0.5 && m.elo == 0 && m.elo_low == 0 && m.elo_high == 0);
    m = junqi_match_score_of(10, 0, 10);
    assert_true(fabs(m.elo) < 1e-9 && m.elo_low < -100 && m.elo_high > 100);
    m = junqi_match_score_of(75, 0, 25);
    assert_true(fabs(m.elo - 190.85) < 0.01);
    m = junqi_match_score_of(6, 2, 2); /* s 0.7, sd 0.4: 0.7 +- 1.96 * 0.4 / sqrt(10) */
    assert_true(fabs(m.score - 0.7) < 1e-12);
    assert_true(fabs(m.elo_low - -400 * log10(1 / 0.452082 - 1)) < 0.05);
    assert_true(fabs(m.elo_high - -400 * log10(1 / 0.947918 - 1)) < 0.05);
    /* every game alike: no spread, so Wilson's interval, not a point (it was +inf to +inf,
     * and two draws +0 to +0): five wins, s 1, the interval 0.566 to 1 */
    m = junqi_match_score_of(5, 0, 0);
    assert_true(isinf(m.elo) && m.elo > 0 && isinf(m.elo_high) && m.elo_high > 0);
    assert_true(fabs(m.elo_low - -400 * log10(1 / 0.565509 - 1)) < 0.05);
    m = junqi_match_score_of(0, 2, 0); /* 0.5 +- 0.405 (0.095 to 0.905) */
    assert_true(m.elo == 0 && fabs(m.elo_high - -400 * log10(1 / 0.905471 - 1)) < 0.05 && fabs(m.elo_low + m.elo_high) < 1e-9);
    m = junqi_match_score_of(0, 1, 4);
    assert_true(m.elo < -200 && isinf(m.elo_low) && m.elo_low < 0 && m.elo_high > m.elo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games_on_both_boards_are_recorded_right),
        cmocka_unit_test(games_under_rule_strings_show_what_the_rules_show),
        cmocka_unit_test(setups_are_checked_under_the_rule_set),
        cmocka_unit_test(illegal_moves_are_refused_and_forfeits_end_the_game),
        cmocka_unit_test(the_score_and_its_elo_interval),
    };
    return cmocka_run_group_tests_name("referee", tests, NULL, NULL);
}
