/* SPDX-License-Identifier: MIT */
/*
 * test_referee.c - the referee and the match score (referee.h): games
 * played to the end on both boards from the bundled real setups
 * (samples/match/setups.jgn) give records that replay without an error
 * (so every outcome, shown flag and elimination is recorded right), each
 * seat's record holds only its own setup and replays to exactly that
 * seat's view of the complete position at every ply, illegal moves are
 * refused, forfeits and draws end the game, and the Elo figures.
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
            fail_msg("move %d: %s (%s)", d.items[i].move, d.items[i].message, d.items[i].code);
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
        junqi_position_view(&want, &ref->pos, s, JUNQI_DARK);
        assert_memory_equal(r.pos.cell, want.cell, sizeof want.cell);
        assert_int_equal(r.pos.alive, ref->pos.alive);
        assert_int_equal(r.pos.to_move, ref->pos.to_move);
    }
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
        if (moves % check_every == 0)
            views_agree(ref);
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
        assert_true(junqi_referee_start(&ref, board, from, err, sizeof err));
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

static void illegal_moves_are_refused_and_forfeits_end_the_game(void **state)
{
    (void)state;
    junqi_game *from = setups(0);
    junqi_referee ref;
    char err[200] = "";
    assert_true(junqi_referee_start(&ref, JUNQI_FOUR_PLAYER, from, err, sizeof err));
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

    assert_true(junqi_referee_start(&ref, JUNQI_TWO_PLAYER, from, err, sizeof err));
    junqi_referee_draw(&ref, "move limit");
    assert_int_equal(ref.game->result.status, JUNQI_DRAWN);
    assert_int_equal(replays_cleanly(ref.game).result.status, JUNQI_DRAWN);
    junqi_referee_free(&ref);

    from->seat[JUNQI_WEST].setup_known = false;
    assert_false(junqi_referee_start(&ref, JUNQI_FOUR_PLAYER, from, err, sizeof err));
    assert_string_equal(err, "the record has no setup for west");
    assert_true(junqi_referee_start(&ref, JUNQI_TWO_PLAYER, from, err, sizeof err)); /* north, south */
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
    m = junqi_match_score_of(5, 0, 0);
    assert_true(isinf(m.elo) && m.elo > 0 && isinf(m.elo_low) && m.elo_low > 0);
    m = junqi_match_score_of(0, 1, 4);
    assert_true(m.elo < -200 && isinf(m.elo_low) && m.elo_low < 0 && m.elo_high > m.elo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games_on_both_boards_are_recorded_right),
        cmocka_unit_test(illegal_moves_are_refused_and_forfeits_end_the_game),
        cmocka_unit_test(the_score_and_its_elo_interval),
    };
    return cmocka_run_group_tests_name("referee", tests, NULL, NULL);
}
