/* SPDX-License-Identifier: MIT */
/*
 * test_position.c - make/unmake, hashing, eliminations, turn order, the
 * no-combat draw and seat views.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "movegen.h"
#include "perft.h"
#include "testutil.h"

static int sq(const junqi_position *pos, const char *name)
{
    return junqi_square_parse(pos->board, name, (int)strlen(name));
}

static void same_position(const junqi_position *a, const junqi_position *b)
{
    assert_memory_equal(a->cell, b->cell, sizeof a->cell);
    assert_int_equal(a->to_move, b->to_move);
    assert_int_equal(a->alive, b->alive);
    assert_int_equal(a->quiet, b->quiet);
    assert_int_equal(a->moves, b->moves);
    assert_int_equal(a->hash, b->hash);
    assert_int_equal(a->result.status, b->result.status);
    assert_int_equal(a->nsaved, b->nsaved);
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 32);
}

/* Random games from real four-player starts: the incremental hash always
 * equals the hash from scratch, and unmaking every move restores the start. */
static void random_games_unmake_to_the_exact_start_and_keep_the_hash(void **state)
{
    (void)state;
    const char *files[] = {"jgs-000029.jgs", "jgs-002751.jgs", "jgs-000638.jgs"};
    for (size_t f = 0; f < 3; f++) {
        char rel[128];
        snprintf(rel, sizeof rel, "tests/data/perft/replays/%s", files[f]);
        junqi_game *g = load_replay(source_path(rel));
        assert_non_null(g);
        for (int game = 0; game < 20; game++) {
            junqi_replay r;
            junqi_replay_start(&r, g, NULL, NULL);
            junqi_position start = r.pos, *pos = &r.pos;
            static junqi_undo undo[4000];
            int n = 0;
            while (n < 3000 && !junqi_position_over(pos)) {
                junqi_move moves[JUNQI_MAX_MOVES];
                int count = junqi_generate_moves(pos, moves);
                if (count == 0) {
                    junqi_position_eliminate(pos, (junqi_seat)pos->to_move,
                                             JUNQI_REASON_NO_MOVABLE_PIECE, &undo[n]);
                } else {
                    junqi_make(pos, moves[next_random() % (uint32_t)count], &undo[n]);
                }
                n++;
                assert_int_equal(pos->hash, junqi_position_hash(pos));
            }
            while (n > 0)
                junqi_unmake(pos, &undo[--n]);
            same_position(pos, &start);
        }
        junqi_game_free(g);
    }
}

/* A bare two-player position with the given pieces ("e:south:engineer"). */
static void bare_two_player(junqi_position *pos, const char *rules)
{
    junqi_position_init(pos, junqi_board_get(JUNQI_TWO_PLAYER), junqi_rules_get(rules),
                        JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
}

static void put(junqi_position *pos, const char *square, int seat, junqi_piece piece)
{
    junqi_position_put(pos, sq(pos, square), JUNQI_CELL(seat, piece));
}

static junqi_move mv(const junqi_position *pos, const char *from, const char *to)
{
    return (junqi_move){(uint8_t)sq(pos, from), (uint8_t)sq(pos, to)};
}

static void capturing_the_flag_removes_the_army_and_decides_a_two_player_game(void **state)
{
    (void)state;
    junqi_position pos;
    bare_two_player(&pos, "standard");
    put(&pos, "b11", JUNQI_SOUTH, JUNQI_CAPTAIN);
    put(&pos, "b1", JUNQI_SOUTH, JUNQI_FLAG);
    put(&pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
    put(&pos, "e7", JUNQI_NORTH, JUNQI_MARSHAL);
    junqi_position before = pos;
    junqi_undo u;
    junqi_make(&pos, mv(&pos, "b11", "b12"), &u);
    assert_int_equal(u.outcome, JUNQI_ATTACKER_WINS);
    assert_int_equal(pos.result.status, JUNQI_DECIDED);
    assert_int_equal(pos.result.winners, JUNQI_SEAT_BIT(JUNQI_SOUTH));
    assert_int_equal(pos.result.reason, JUNQI_REASON_FLAG_CAPTURED);
    assert_int_equal(pos.to_move, JUNQI_NO_SEAT);
    assert_int_equal(pos.cell[sq(&pos, "e7")], 0); /* north's army is gone */
    assert_int_equal(pos.cell[sq(&pos, "b12")], JUNQI_CELL(JUNQI_SOUTH, JUNQI_CAPTAIN));
    assert_int_equal(junqi_perft(&pos, 1), 0);    /* a finished game has no moves */
    junqi_unmake(&pos, &u);
    same_position(&pos, &before);
}

static void a_bomb_taking_the_flag_captures_it_only_under_qq_rules(void **state)
{
    (void)state;
    const char *rules[] = {"standard", "wiki"};
    for (int i = 0; i < 2; i++) {
        junqi_position pos;
        bare_two_player(&pos, rules[i]);
        put(&pos, "b11", JUNQI_SOUTH, JUNQI_BOMB);
        put(&pos, "c1", JUNQI_SOUTH, JUNQI_COLONEL);
        put(&pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
        put(&pos, "e7", JUNQI_NORTH, JUNQI_MARSHAL);
        junqi_undo u;
        junqi_make(&pos, mv(&pos, "b11", "b12"), &u);
        if (i == 0) {
            assert_int_equal(u.outcome, JUNQI_BOTH_REMOVED);
            assert_int_equal(pos.result.status, JUNQI_DECIDED);
        } else {
            assert_int_equal(u.outcome, JUNQI_ATTACKER_LOSES);
            assert_int_equal(pos.result.status, JUNQI_ONGOING);
            assert_int_equal(pos.cell[sq(&pos, "b12")], JUNQI_CELL(JUNQI_NORTH, JUNQI_FLAG));
        }
    }
}

/* Two captains that can walk back and forth (a1-a2, e12-e11), and the flags. */
static void two_captains(junqi_position *pos, const char *rules)
{
    bare_two_player(pos, rules);
    put(pos, "a1", JUNQI_SOUTH, JUNQI_CAPTAIN);
    put(pos, "e12", JUNQI_NORTH, JUNQI_CAPTAIN);
    put(pos, "b1", JUNQI_SOUTH, JUNQI_FLAG);
    put(pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
}

static void the_no_combat_draw_comes_right_after_the_limit(void **state)
{
    (void)state;
    const struct {
        const char *rules;
        int limit;
    } cases[] = {{"standard", 70}, {"wiki", 70}, {"open", 0}};
    for (int c = 0; c < 3; c++) {
        junqi_position pos;
        two_captains(&pos, cases[c].rules);
        /* each captain steps back and forth along a road */
        const char *stops[2][2] = {{"a1", "a2"}, {"e12", "e11"}};
        for (int i = 0; i < 100; i++) {
            junqi_undo u;
            int side = i % 2, step = (i / 2) % 2;
            junqi_move m = mv(&pos, stops[side][step], stops[side][!step]);
            assert_int_equal(junqi_check_move(&pos, m, NULL), JUNQI_LEGAL);
            junqi_make(&pos, m, &u);
            if (cases[c].limit && i + 1 == cases[c].limit) {
                assert_int_equal(pos.result.status, JUNQI_DRAWN);
                assert_int_equal(pos.result.reason, JUNQI_REASON_NO_COMBAT_DRAW);
                break;
            }
            assert_int_equal(pos.result.status, JUNQI_ONGOING);
            assert_int_equal(pos.quiet, i + 1);
        }
    }
}

/* Without a no-combat draw the count goes on past 65535 moves: it stays at
 * 65535, the most its 16 bits hold, where it wrapped to 0 (a position
 * string of a million-move game said 16959, and a draw limit of 65535
 * would never come); the unmade move gives back the count it had. */
static void the_no_combat_count_stops_at_65535(void **state)
{
    (void)state;
    junqi_position pos;
    two_captains(&pos, "open");
    pos.quiet = UINT16_MAX - 1;
    junqi_undo u[2];
    junqi_make(&pos, mv(&pos, "a1", "a2"), &u[0]);
    assert_int_equal(pos.quiet, UINT16_MAX);
    junqi_make(&pos, mv(&pos, "e12", "e11"), &u[1]);
    assert_int_equal(pos.quiet, UINT16_MAX);
    junqi_unmake(&pos, &u[1]);
    assert_int_equal(pos.quiet, UINT16_MAX);
    junqi_unmake(&pos, &u[0]);
    assert_int_equal(pos.quiet, UINT16_MAX - 1);
    assert_int_equal(junqi_quiet_after(UINT16_MAX, true), 0);
}

static void turn_order_is_counter_clockwise_and_skips_seats_that_are_out(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/perft/replays/jgs-002751.jgs"));
    assert_non_null(g);
    junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    junqi_position *pos = &r.pos;
    assert_int_equal(pos->to_move, JUNQI_NORTH);
    assert_int_equal(junqi_position_next_seat(pos, JUNQI_NORTH, pos->alive), JUNQI_WEST);
    assert_int_equal(junqi_position_next_seat(pos, JUNQI_WEST, pos->alive), JUNQI_SOUTH);
    assert_int_equal(junqi_position_next_seat(pos, JUNQI_SOUTH, pos->alive), JUNQI_EAST);
    junqi_undo u;
    junqi_position_eliminate(pos, JUNQI_WEST, JUNQI_REASON_SURRENDER, &u);
    assert_int_equal(junqi_position_next_seat(pos, JUNQI_NORTH, pos->alive), JUNQI_SOUTH);
    assert_int_equal(pos->result.status, JUNQI_ONGOING); /* east still plays for east-west */
    junqi_undo u2;
    junqi_position_eliminate(pos, JUNQI_EAST, JUNQI_REASON_TIMEOUTS, &u2);
    assert_int_equal(pos->result.status, JUNQI_DECIDED);
    assert_int_equal(pos->result.winners, JUNQI_SEAT_BIT(JUNQI_NORTH) | JUNQI_SEAT_BIT(JUNQI_SOUTH));
    junqi_unmake(pos, &u2);
    junqi_unmake(pos, &u);
    assert_int_equal(pos->alive, 0xF);
    assert_int_equal(pos->hash, junqi_position_hash(pos));
    junqi_game_free(g);
}

static void a_dark_view_hides_other_seats_except_a_revealed_flag(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/perft/replays/jgs-002751.jgs"));
    assert_non_null(g);
    junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    junqi_position view;
    junqi_position_view(&view, &r.pos, JUNQI_SOUTH, JUNQI_DARK);
    int own = 0, unknown = 0;
    for (int p = 0; p < view.board->npoints; p++) {
        uint8_t c = view.cell[p];
        if (!c)
            continue;
        if (JUNQI_CELL_SEAT(c) == JUNQI_SOUTH) {
            own++;
            assert_int_equal(c, r.pos.cell[p]);
        } else {
            unknown++;
            assert_int_equal(JUNQI_CELL_PIECE(c), JUNQI_UNKNOWN);
        }
    }
    assert_int_equal(own, 25);
    assert_int_equal(unknown, 75);
    junqi_position_view(&view, &r.pos, JUNQI_SOUTH, JUNQI_DOUBLE_OPEN);
    int north_known = 0;
    for (int p = 0; p < view.board->npoints; p++)
        north_known += view.cell[p] && JUNQI_CELL_SEAT(view.cell[p]) == JUNQI_NORTH &&
                       JUNQI_CELL_PIECE(view.cell[p]) != JUNQI_UNKNOWN;
    assert_int_equal(north_known, 25);
    /* remove east's marshal: east's flag is shown to everyone */
    for (int p = 0; p < r.pos.board->npoints; p++)
        if (r.pos.cell[p] == JUNQI_CELL(JUNQI_EAST, JUNQI_MARSHAL))
            junqi_position_put(&r.pos, p, 0);
    assert_true(junqi_flag_revealed(&r.pos, JUNQI_EAST));
    assert_false(junqi_flag_revealed(&r.pos, JUNQI_WEST));
    junqi_position_view(&view, &r.pos, JUNQI_SOUTH, JUNQI_DARK);
    int flags = 0;
    for (int p = 0; p < view.board->npoints; p++)
        flags += view.cell[p] == JUNQI_CELL(JUNQI_EAST, JUNQI_FLAG);
    assert_int_equal(flags, 1);
    junqi_game_free(g);
}

static void a_dark_view_shows_its_own_seat_only_and_is_not_complete(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/perft/replays/jgs-002751.jgs"));
    assert_non_null(g);
    junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    assert_true(junqi_position_complete(&r.pos));
    junqi_position view;
    junqi_position_view(&view, &r.pos, JUNQI_SOUTH, JUNQI_DARK);
    assert_true(junqi_position_shows(&view, JUNQI_SEAT_BIT(JUNQI_SOUTH)));
    assert_false(junqi_position_shows(&view, JUNQI_SEAT_BIT(JUNQI_NORTH)));
    assert_false(junqi_position_shows(&view, JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_EAST)));
    assert_true(junqi_position_shows(&view, 0));
    assert_false(junqi_position_complete(&view));
    junqi_position_view(&view, &r.pos, JUNQI_SOUTH, JUNQI_DOUBLE_OPEN);
    assert_true(junqi_position_shows(&view, JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH)));
    assert_false(junqi_position_shows(&view, JUNQI_SEAT_BIT(JUNQI_WEST)));
    junqi_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games_unmake_to_the_exact_start_and_keep_the_hash),
        cmocka_unit_test(capturing_the_flag_removes_the_army_and_decides_a_two_player_game),
        cmocka_unit_test(a_bomb_taking_the_flag_captures_it_only_under_qq_rules),
        cmocka_unit_test(the_no_combat_draw_comes_right_after_the_limit),
        cmocka_unit_test(the_no_combat_count_stops_at_65535),
        cmocka_unit_test(turn_order_is_counter_clockwise_and_skips_seats_that_are_out),
        cmocka_unit_test(a_dark_view_shows_its_own_seat_only_and_is_not_complete),
        cmocka_unit_test(a_dark_view_hides_other_seats_except_a_revealed_flag),
    };
    return cmocka_run_group_tests_name("position", tests, NULL, NULL);
}
