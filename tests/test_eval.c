/* SPDX-License-Identifier: MIT */
/*
 * test_eval.c - the evaluation (eval.h): zero-sum and symmetric, the
 * incremental sums equal to a fresh evaluation along real games, the terms
 * moving the right way (flag gates, engineers against a mined flag, bombs
 * against a marshal), finished games, and the win-probability curve.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "eval.h"
#include "movegen.h"
#include "testutil.h"

static double fabs_diff(double a, double b)
{
    return a > b ? a - b : b - a;
}

#define NS (JUNQI_SEAT_BIT(JUNQI_NORTH) | JUNQI_SEAT_BIT(JUNQI_SOUTH))
#define EW (JUNQI_SEAT_BIT(JUNQI_EAST) | JUNQI_SEAT_BIT(JUNQI_WEST))


/* Every seat of the board with the same formation: a symmetric position. */
static void symmetric_start(junqi_position *pos, junqi_board_kind kind)
{
    const junqi_board *b = junqi_board_get(kind);
    junqi_position_init(pos, b, junqi_rules_default(kind), b->seats);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (b->seats & JUNQI_SEAT_BIT(s))
            junqi_position_place_setup(pos, (junqi_seat)s, f01);
}

static void symmetric_positions_evaluate_to_zero_for_both_teams(void **state)
{
    (void)state;
    junqi_position pos;
    symmetric_start(&pos, JUNQI_TWO_PLAYER);
    assert_int_equal(junqi_evaluate(&pos, JUNQI_SEAT_BIT(JUNQI_SOUTH)), 0);
    assert_int_equal(junqi_evaluate(&pos, JUNQI_SEAT_BIT(JUNQI_NORTH)), 0);
    symmetric_start(&pos, JUNQI_FOUR_PLAYER);
    assert_int_equal(junqi_evaluate(&pos, NS), 0);
    assert_int_equal(junqi_evaluate(&pos, EW), 0);
    /* the same piece taken from each seat keeps the symmetry; from one side only, not */
    for (int s = 0; s < JUNQI_SEATS; s++)
        junqi_position_put(&pos, pos.board->arm_point[s][0][2], 0); /* the generals */
    assert_int_equal(junqi_evaluate(&pos, NS), 0);
    junqi_position_put(&pos, pos.board->arm_point[JUNQI_EAST][1][4], 0); /* east's marshal */
    int v = junqi_evaluate(&pos, NS);
    assert_true(v > 800);
    assert_int_equal(junqi_evaluate(&pos, EW), -v);
}

/* Along a real game: zero-sum, and the incremental sums equal fresh ones. */
static void incremental_sums_equal_a_fresh_evaluation_along_real_games(void **state)
{
    (void)state;
    static const char *const files[] = {"jgs-000029.jgs", "jgs-000150.jgs", "jgs-001442.jgs"};
    static junqi_eval_tables t;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        junqi_game *g = bundled_replay(files[f]);
        assert_non_null(g);
        junqi_replay r;
        assert_true(junqi_replay_start(&r, g, NULL, NULL));
        junqi_eval_tables_init(&t, &r.pos, NULL);
        junqi_eval_state st;
        junqi_eval_state_init(&t, &r.pos, &st);
        int checked = 0;
        while (!junqi_position_over(&r.pos)) {
            junqi_move moves[JUNQI_MAX_MOVES];
            int n = junqi_generate_moves(&r.pos, moves);
            if (n == 0)
                break;
            /* every legal move: updated sums == fresh sums */
            for (int i = 0; i < n; i += 3) {
                junqi_undo u;
                uint8_t alive = r.pos.alive;
                junqi_make(&r.pos, moves[i], &u);
                if (r.pos.alive == alive && !junqi_position_over(&r.pos)) {
                    junqi_eval_state inc = st, fresh;
                    junqi_eval_state_update(&t, &inc, &r.pos, &u);
                    junqi_eval_state_init(&t, &r.pos, &fresh);
                    assert_memory_equal(&inc, &fresh, sizeof inc);
                    int v = junqi_eval_score(&t, &inc, &r.pos, NS);
                    assert_int_equal(v, junqi_evaluate(&r.pos, NS));
                    assert_int_equal(junqi_evaluate(&r.pos, EW), -v);
                    checked++;
                }
                junqi_unmake(&r.pos, &u);
            }
            if (!junqi_replay_next(&r))
                break;
            junqi_eval_state_init(&t, &r.pos, &st);
        }
        assert_true(checked > 1000);
        junqi_game_free(g);
    }
}

/* Two-player: north's flag on b12 with its three gates a12, c12 and b11. */
static void lone_flags(junqi_position *pos)
{
    junqi_position_init(pos, junqi_board_get(JUNQI_TWO_PLAYER), junqi_rules_get("standard"),
                        JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
    put_piece(pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
    put_piece(pos, "e12", JUNQI_NORTH, JUNQI_MAJOR);
    put_piece(pos, "d1", JUNQI_SOUTH, JUNQI_FLAG);
    put_piece(pos, "a1", JUNQI_SOUTH, JUNQI_MAJOR);
}

static int safety(const junqi_position *pos)
{
    return junqi_evaluate_terms(pos, JUNQI_SEAT_BIT(JUNQI_NORTH)).flag_safety;
}

/* The gate terms of north's flag (its own danger, without the pressure). */
static int gate_danger(const junqi_position *pos)
{
    static junqi_eval_tables t;
    junqi_eval_state st;
    junqi_eval_tables_init(&t, pos, NULL);
    junqi_eval_state_init(&t, pos, &st);
    return st.gate_danger[JUNQI_NORTH];
}

static void gates_landmines_defenders_and_enemies_move_flag_safety(void **state)
{
    (void)state;
    junqi_position pos;
    lone_flags(&pos);
    int open = gate_danger(&pos);
    put_piece(&pos, "a12", JUNQI_NORTH, JUNQI_LANDMINE);
    int mined = gate_danger(&pos);
    put_piece(&pos, "a12", JUNQI_NORTH, JUNQI_CAPTAIN);
    int guarded = gate_danger(&pos);
    put_piece(&pos, "a12", JUNQI_SOUTH, JUNQI_CAPTAIN);
    int attacked = gate_danger(&pos), danger_attacked = safety(&pos);
    assert_true(mined < guarded);
    assert_true(guarded < open);
    assert_true(open < attacked);
    put_piece(&pos, "a12", 0, JUNQI_NONE);
    assert_true(safety(&pos) > danger_attacked); /* the enemy on the gate counts against north */
    /* an enemy piece one move away presses more than one far away */
    put_piece(&pos, "a12", 0, JUNQI_NONE);
    put_piece(&pos, "c3", JUNQI_SOUTH, JUNQI_CAPTAIN);
    int far = safety(&pos);
    put_piece(&pos, "c3", 0, JUNQI_NONE);
    put_piece(&pos, "a11", JUNQI_SOUTH, JUNQI_CAPTAIN);
    assert_true(safety(&pos) < far);
}

static int material(const junqi_position *pos, int seat)
{
    return junqi_evaluate_terms(pos, JUNQI_SEAT_BIT(seat)).material;
}

/* The danger to one flag is capped below what taking the flag wins (danger_cap,
 * docs/engine.md "Evaluation"): past the cap, one more attacker changes nothing,
 * so the search takes a flag rather than keep threatening it. */
static void the_danger_to_a_flag_is_capped_below_its_capture(void **state)
{
    (void)state;
    const junqi_eval_weights *w = &junqi_eval_default_weights;
    assert_true(w->danger_cap < w->seat);
    junqi_position pos;
    lone_flags(&pos);
    int calm = safety(&pos);
    put_piece(&pos, "a12", JUNQI_SOUTH, JUNQI_MARSHAL);
    put_piece(&pos, "c12", JUNQI_SOUTH, JUNQI_GENERAL);
    put_piece(&pos, "b11", JUNQI_SOUTH, JUNQI_MAJOR_GENERAL);
    int besieged = safety(&pos);
    put_piece(&pos, "b10", JUNQI_SOUTH, JUNQI_BRIGADIER);
    assert_int_equal(safety(&pos), besieged);
    assert_true(besieged < calm);
    assert_true(calm - besieged <= w->danger_cap);
}

static void engineers_gain_against_a_mined_flag_and_bombs_against_a_marshal(void **state)
{
    (void)state;
    junqi_position pos;
    lone_flags(&pos);
    put_piece(&pos, "c3", JUNQI_SOUTH, JUNQI_ENGINEER);
    put_piece(&pos, "c4", JUNQI_SOUTH, JUNQI_ENGINEER);
    int plain = material(&pos, JUNQI_SOUTH);
    put_piece(&pos, "c12", JUNQI_NORTH, JUNQI_LANDMINE);
    const junqi_eval_weights *w = &junqi_eval_default_weights;
    /* the landmine is north's material; the engineers' bonus is south's */
    assert_int_equal(material(&pos, JUNQI_SOUTH),
                     plain - w->value[JUNQI_LANDMINE] + 2 * w->engineer_mined);
    put_piece(&pos, "c4", 0, JUNQI_NONE); /* the last engineer is dearer */
    assert_int_equal(material(&pos, JUNQI_SOUTH), plain - w->value[JUNQI_LANDMINE] -
                                                      w->value[JUNQI_ENGINEER] +
                                                      w->engineer_mined + w->last_engineer);
    put_piece(&pos, "c3", JUNQI_SOUTH, JUNQI_BOMB);
    int bomb = material(&pos, JUNQI_SOUTH);
    put_piece(&pos, "e11", JUNQI_NORTH, JUNQI_MARSHAL);
    assert_int_equal(material(&pos, JUNQI_SOUTH),
                     bomb - w->value[JUNQI_MARSHAL] + w->bomb_vs_top / 2);
}

static void finished_games_score_as_won_lost_or_drawn(void **state)
{
    (void)state;
    junqi_position pos;
    lone_flags(&pos);
    put_piece(&pos, "b11", JUNQI_SOUTH, JUNQI_MAJOR);
    pos.to_move = JUNQI_SOUTH;
    junqi_undo u;
    junqi_move m;
    assert_true(junqi_move_parse(pos.board, "b11-b12", 7, &m));
    junqi_make(&pos, m, &u);
    assert_int_equal(junqi_evaluate(&pos, JUNQI_SEAT_BIT(JUNQI_SOUTH)), JUNQI_EVAL_WIN);
    assert_int_equal(junqi_evaluate(&pos, JUNQI_SEAT_BIT(JUNQI_NORTH)), -JUNQI_EVAL_WIN);
    junqi_unmake(&pos, &u);
    junqi_position_end(&pos, JUNQI_DRAWN, JUNQI_REASON_AGREED_DRAW, 0);
    assert_int_equal(junqi_evaluate(&pos, JUNQI_SEAT_BIT(JUNQI_SOUTH)), 0);
}

static void the_win_probability_is_the_fitted_logistic_curve(void **state)
{
    (void)state;
    assert_true(junqi_eval_winprob(0) == 0.5);
    int s = (int)JUNQI_EVAL_LOGISTIC_SCALE;
    /* 1 / (1 + e^-1) and 1 / (1 + e^-3) */
    assert_true(fabs_diff(junqi_eval_winprob(s), 0.7310585786300049) < 1e-9);
    assert_true(fabs_diff(junqi_eval_winprob(3 * s), 0.9525741268224334) < 1e-9);
    for (int x = -40000; x <= 40000; x += 97) {
        assert_true(fabs_diff(junqi_eval_winprob(x) + junqi_eval_winprob(-x), 1.0) < 1e-12);
        assert_true(junqi_eval_winprob(x + 97) >= junqi_eval_winprob(x));
    }
    assert_true(junqi_eval_winprob(JUNQI_EVAL_WIN) > 0.999999);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(symmetric_positions_evaluate_to_zero_for_both_teams),
        cmocka_unit_test(incremental_sums_equal_a_fresh_evaluation_along_real_games),
        cmocka_unit_test(gates_landmines_defenders_and_enemies_move_flag_safety),
        cmocka_unit_test(the_danger_to_a_flag_is_capped_below_its_capture),
        cmocka_unit_test(engineers_gain_against_a_mined_flag_and_bombs_against_a_marshal),
        cmocka_unit_test(finished_games_score_as_won_lost_or_drawn),
        cmocka_unit_test(the_win_probability_is_the_fitted_logistic_curve),
    };
    return cmocka_run_group_tests_name("eval", tests, NULL, NULL);
}
