/* SPDX-License-Identifier: MIT */
/*
 * test_flip.c - the flip family's rules on hand-built positions
 * (docs/variants.md §3-§5): colour rules and their fallback, flipping only
 * before a colour, face-down pieces blocking, losing attacks, landmines, the
 * flag preconditions and each flag_taker, free headquarters, carry-home,
 * revealing attacks, huqi's movable flags, zuhe's stacks, the end rules and
 * their order; make/unmake and hashes on seeded random games of each set.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fliputil.h"

/* Play a on pos (it must be legal) and return the undo record. */
static junqi_flip_undo play(junqi_flip *pos, junqi_action a, uint8_t shown)
{
    junqi_flip_check c;
    char why[200];
    if (junqi_flip_check_action(pos, a, &c) != JUNQI_FLIP_LEGAL)
        fail_msg("illegal: %s", junqi_flip_describe(pos, a, &c, why, sizeof why));
    assert_true(flip_is_generated(pos, a));
    junqi_flip_undo u;
    junqi_flip_make(pos, a, shown, &u);
    assert_true(pos->st.hash == junqi_flip_hash(pos));
    return u;
}

/* The check of an illegal action: its code and its sentence. */
static void expect_illegal(const junqi_flip *pos, junqi_action a, junqi_flip_illegal code, const char *sentence)
{
    junqi_flip_check c;
    char why[200];
    junqi_flip_check_action(pos, a, &c);
    junqi_flip_describe(pos, a, &c, why, sizeof why);
    if (c.code != code)
        fail_msg("expected %s, got %s: %s", junqi_code_name(junqi_flip_illegal_code(code)), junqi_code_name(junqi_flip_illegal_code(c.code)), why);
    if (sentence)
        assert_string_equal(why, sentence);
    assert_false(flip_is_generated(pos, a));
}

#define RED JUNQI_RED
#define BLUE JUNQI_BLUE
#define NONE JUNQI_NO_COLOUR
#define S JUNQI_SOUTH
#define N JUNQI_NORTH

static const uint8_t red_engineer = JUNQI_FLIP_CELL(JUNQI_RED, JUNQI_ENGINEER);

/* ---- colours ---- */

static void first_engineer_gives_its_colour_to_its_flipper(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, NONE, "a9:*b3 c5:*r1 d9:*b1 e9:*r9");
    junqi_flip_undo u = play(&pos, fl("a9"), 0);
    assert_int_equal(pos.st.colour[S], NONE);
    assert_int_equal(u.taker, JUNQI_NO_SEAT);
    u = play(&pos, fl("c5"), 0);
    assert_int_equal(u.taker, N);
    assert_int_equal(pos.st.colour[N], RED);
    assert_int_equal(pos.st.colour[S], BLUE);
    assert_int_equal(pos.st.to_move, S);
    junqi_flip_unmake(&pos, &u);
    assert_int_equal(pos.st.colour[N], NONE);
    assert_true(pos.st.hash == junqi_flip_hash(&pos));
}

static void two_in_a_row_looks_at_the_seats_own_flips(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanfan", S, NONE, "a9:*r3 b9:*b1 c11:*r9 e9:*b9 e10:*r2");
    play(&pos, fl("a9"), 0);  /* south: red */
    play(&pos, fl("b9"), 0);  /* north: blue */
    junqi_flip_undo u = play(&pos, fl("c11"), 0); /* south: red again, with blue between */
    assert_int_equal(u.taker, S);
    assert_int_equal(pos.st.colour[S], RED);
}

static void same_as_previous_compares_with_the_games_previous_flip(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi,colour_assign=same_as_previous", S, NONE, "a9:*r3 b9:*b1 c11:*b9 e9:*r9");
    junqi_flip_undo u = play(&pos, fl("a9"), 0); /* the first flip never assigns */
    assert_int_equal(u.taker, JUNQI_NO_SEAT);
    u = play(&pos, fl("b9"), 0); /* blue after red */
    assert_int_equal(u.taker, JUNQI_NO_SEAT);
    u = play(&pos, fl("c11"), 0); /* south: blue after north's blue */
    assert_int_equal(u.taker, S);
    assert_int_equal(pos.st.colour[S], BLUE);
}

static void first_flip_and_fixed_colours(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("zuhe", N, NONE, "a9:*b3 c5:*r1");
    junqi_flip_undo u = play(&pos, fl("c5"), 0);
    assert_int_equal(u.taker, N);
    assert_int_equal(pos.st.colour[N], RED);
    pos = flip_build("fanqi_wiki", S, RED, "a9:*b3");
    junqi_flip fresh;
    junqi_flip_clear(&fresh, junqi_rules_get("fanqi_wiki"));
    assert_int_equal(fresh.st.colour[S], RED);
    assert_int_equal(fresh.st.colour[N], BLUE);
    u = play(&pos, fl("a9"), 0);
    assert_int_equal(u.taker, JUNQI_NO_SEAT);
}

static void all_face_up_without_a_colour_gives_the_first_flipper_its_first_colour(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanfan", N, NONE, "a9:*b3 b9:*r1 c11:*b9 e9:*r9");
    play(&pos, fl("a9"), 0);  /* north: blue */
    play(&pos, fl("b9"), 0);  /* south: red */
    play(&pos, fl("c11"), 0); /* north: blue: two in a row! */
    assert_int_equal(pos.st.colour[N], BLUE);
    pos = flip_build("fanfan", N, NONE, "a9:*b3 b9:*r1 c11:*r9 e9:*b9");
    play(&pos, fl("a9"), 0);  /* north: blue */
    play(&pos, fl("b9"), 0);  /* south: red */
    play(&pos, fl("c11"), 0); /* north: red */
    junqi_flip_undo u = play(&pos, fl("e9"), 0); /* south: blue, the last piece */
    assert_int_equal(u.taker, N);
    assert_int_equal(pos.st.colour[N], BLUE);
    assert_int_equal(pos.st.colour[S], RED);
}

static void a_seat_without_a_colour_may_only_flip(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", N, NONE, "a9:b3 c5:*r1");
    expect_illegal(&pos, mv("a9", "a8"), JUNQI_FLIP_NO_COLOUR, "north has no colour yet and may only flip");
    assert_true(flip_is_generated(&pos, fl("c5")));
    expect_illegal(&pos, fl("a9"), JUNQI_FLIP_FACE_UP, "the blue captain on a9 is already face up");
    pos.st.colour[N] = BLUE, pos.st.colour[S] = RED;
    assert_true(flip_is_generated(&pos, mv("a9", "a8")));
    assert_true(flip_is_generated(&pos, fl("c5"))); /* still may flip */
}

/* ---- movement and attacks ---- */

static void face_down_pieces_block_and_cannot_be_attacked(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, RED, "a2:r4 a4:*b3 c7:b1");
    expect_illegal(&pos, mv("a2", "a5"), JUNQI_FLIP_RAIL_BLOCKED, "a major cannot pass a4 on the railway from a2 to a5");
    expect_illegal(&pos, mv("a2", "a4"), JUNQI_FLIP_ATTACK_DOWN, "the face-down piece on a4 cannot be attacked");
    assert_true(flip_is_generated(&pos, mv("a2", "a3")));
    expect_illegal(&pos, mv("a2", "c6"), JUNQI_FLIP_RAIL_TURN, NULL);
    expect_illegal(&pos, mv("c7", "c6"), JUNQI_FLIP_NOT_TURN, "the blue engineer on c7 is not south's (south plays red)");
}

static void losing_attacks_are_forbidden_and_equal_ranks_trade(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, RED, "c6:r3 c7:b7 a6:r8 a7:b8 e6:rB e7:b9 b6:r2 b7:bB");
    expect_illegal(&pos, mv("c6", "c7"), JUNQI_FLIP_LOSING_ATTACK, "a captain may not attack the face-up major general on c7");
    assert_true(flip_is_generated(&pos, mv("e6", "e7"))); /* a bomb onto anything */
    junqi_flip_undo u = play(&pos, mv("a6", "a7"), 0);
    assert_int_equal(u.outcome, JUNQI_BOTH_REMOVED);
    assert_int_equal(pos.cell[sq("a6")], 0);
    assert_int_equal(pos.cell[sq("a7")], 0);
    assert_int_equal(pos.st.quiet, 0);
}

static void only_engineers_and_bombs_attack_landmines(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, RED, "a6:r9 a7:bL e6:r1 e7:bL c12:b1");
    expect_illegal(&pos, mv("a6", "a7"), JUNQI_FLIP_LANDMINE,
                   "only an engineer or a bomb may attack the landmine on a7, not a marshal");
    junqi_flip_undo u = play(&pos, mv("e6", "e7"), 0);
    assert_int_equal(u.outcome, JUNQI_ATTACKER_WINS);
    assert_int_equal(pos.cell[sq("e7")], red_engineer);
    assert_int_equal(pos.st.removed[BLUE][JUNQI_LANDMINE], 2);
}

static void the_flag_waits_for_its_landmines_and_the_smallest_piece(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, RED, "b11:r3 c12:r2 b12:bF a7:bL e8:b9 a2:rB");
    expect_illegal(&pos, mv("b11", "b12"), JUNQI_FLIP_FLAG_GUARDED, "the flag on b12 cannot be taken while blue has 1 landmine");
    pos = flip_build("fanqi", S, RED, "b11:r3 c12:r2 b12:bF e8:b9 a11:rB");
    expect_illegal(&pos, mv("b11", "b12"), JUNQI_FLIP_FLAG_TAKER,
                   "only red's smallest piece (rank 2) may take the flag on b12, not a captain");
    expect_illegal(&pos, mv("a11", "b11"), JUNQI_FLIP_OWN_PIECE, NULL);
    junqi_flip_undo u = play(&pos, mv("c12", "b12"), 0);
    assert_int_equal(u.outcome, JUNQI_ATTACKER_WINS);
    assert_int_equal(pos.st.result.status, JUNQI_DECIDED);
    assert_int_equal(pos.st.result.winners, JUNQI_SEAT_BIT(S));
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_FLAG_CAPTURED);
    assert_int_equal(pos.st.to_move, JUNQI_NO_SEAT);
}

static void a_bomb_takes_the_flag_only_under_flag_taker_any(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, RED, "c12:rB b12:bF e8:b9 a2:r2");
    expect_illegal(&pos, mv("c12", "b12"), JUNQI_FLIP_FLAG_TAKER, NULL);
    pos = flip_build("fanfan", S, RED, "c12:rB b12:bF e8:b9 a2:r2");
    junqi_flip_undo u = play(&pos, mv("c12", "b12"), 0);
    assert_int_equal(u.outcome, JUNQI_BOTH_REMOVED);
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_FLAG_CAPTURED);
    pos = flip_build("fanqi,flag_taker=engineer", S, RED, "c12:r1 a12:r2 b12:bF e8:b9");
    expect_illegal(&pos, mv("a12", "b12"), JUNQI_FLIP_FLAG_TAKER, "only an engineer may take the flag on b12, not a lieutenant");
    play(&pos, mv("c12", "b12"), 0);
    assert_int_equal(pos.st.result.winners, JUNQI_SEAT_BIT(S));
}

static void pieces_move_out_of_headquarters(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, RED, "b1:r4 d12:b5");
    assert_true(flip_is_generated(&pos, mv("b1", "b2")));
    assert_true(flip_is_generated(&pos, mv("b1", "a1")));
}

/* ---- carry_home and revealing attacks (fanqi_wiki) ---- */

static void carry_home_picks_up_the_flag_and_wins_on_a_home_headquarters(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi_wiki", S, RED, "b11:r2 b12:bF a7:b9 e2:r5");
    junqi_flip_undo u = play(&pos, mv("b11", "b12"), 0);
    assert_int_equal(u.outcome, JUNQI_ATTACKER_WINS);
    assert_int_equal(pos.st.result.status, JUNQI_ONGOING);
    assert_int_equal(pos.load[sq("b12")], JUNQI_LOAD_FLAG);
    play(&pos, mv("a7", "a8"), 0);
    junqi_action drop = mv("b12", "b11");
    drop.drop = true;
    assert_true(flip_is_generated(&pos, mv("b12", "b11")));
    play(&pos, drop, 0); /* set down on b12 */
    assert_int_equal(pos.cell[sq("b12")], JUNQI_FLIP_CELL(BLUE, JUNQI_FLAG));
    assert_int_equal(pos.load[sq("b11")], 0);
    pos = flip_build("fanqi_wiki", S, RED, "b2:r2(F) a7:b9 e2:r5");
    play(&pos, mv("b2", "b1"), 0);
    assert_int_equal(pos.st.result.status, JUNQI_DECIDED);
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_FLAG_CAPTURED);
}

static void a_carrier_sets_the_flag_down_to_attack_and_a_removed_carrier_leaves_it(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi_wiki", S, RED, "a6:r4(F) a7:b3 e7:b9 e2:r5");
    junqi_action attack = mv("a6", "a7");
    expect_illegal(&pos, attack, JUNQI_FLIP_BAD_DROP, "the red major on a6 sets the flag down when it attacks");
    attack.drop = true;
    play(&pos, attack, 0);
    assert_int_equal(pos.cell[sq("a6")], JUNQI_FLIP_CELL(BLUE, JUNQI_FLAG));
    assert_int_equal(pos.load[sq("a7")], 0);
    pos = flip_build("fanqi_wiki", N, RED, "a6:r4(F) a7:b5 e7:b9 e2:r5");
    play(&pos, mv("a7", "a6"), 0);
    assert_int_equal(pos.cell[sq("a6")], JUNQI_FLIP_CELL(BLUE, JUNQI_COLONEL));
    assert_int_equal(pos.load[sq("a6")], JUNQI_LOAD_GROUND | JUNQI_LOAD_GROUND_BLUE);
    play(&pos, mv("e2", "e3"), 0);
    play(&pos, mv("a6", "a5"), 0); /* the capturer cannot move the flag: it stays */
    assert_int_equal(pos.cell[sq("a6")], JUNQI_FLIP_CELL(BLUE, JUNQI_FLAG));
}

static void a_revealing_attack_turns_the_target_and_fights(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi_wiki", S, RED, "a6:r4 a7:*bL e6:r9 e7:*b3 c6:r2 c7:*bF e11:b9 d2:r3");
    junqi_flip_undo u = play(&pos, mv("a6", "a7"), 0);
    assert_int_equal(u.outcome, JUNQI_ATTACKER_LOSES);
    assert_int_equal(pos.cell[sq("a7")], JUNQI_FLIP_CELL(BLUE, JUNQI_LANDMINE));
    assert_int_equal(pos.cell[sq("a6")], 0);
    play(&pos, mv("e11", "e10"), 0);
    u = play(&pos, mv("c6", "c7"), 0); /* a flag it may not take yet: it bounces */
    assert_int_equal(u.outcome, JUNQI_NO_COMBAT);
    assert_int_equal(pos.cell[sq("c6")], JUNQI_FLIP_CELL(RED, JUNQI_LIEUTENANT));
    assert_int_equal(pos.cell[sq("c7")], JUNQI_FLIP_CELL(BLUE, JUNQI_FLAG));
    junqi_flip fanqi = flip_build("fanqi", S, RED, "a6:r4 a7:*bL e11:b9");
    expect_illegal(&fanqi, mv("a6", "a7"), JUNQI_FLIP_ATTACK_DOWN, NULL);
}

/* ---- huqi ---- */

static void huqi_flags_move_once_the_enemy_landmines_are_gone(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("huqi", S, RED, "c3:rF c2:b9 a6:r1 a7:bF e7:b1 e6:rB e12:bL e1:rL");
    expect_illegal(&pos, mv("c3", "c2"), JUNQI_FLIP_IMMOBILE, NULL);
    expect_illegal(&pos, mv("a6", "a7"), JUNQI_FLIP_FLAG_TAKER, NULL);
    assert_true(flip_is_generated(&pos, mv("e6", "e7")));
    pos = flip_build("huqi", S, RED, "c3:rF c2:b9 a6:r1 a7:bF e7:b1 e6:rB");
    junqi_flip_undo u = play(&pos, mv("c3", "c2"), 0);
    assert_int_equal(u.outcome, JUNQI_ATTACKER_WINS);
    assert_int_equal(pos.st.result.status, JUNQI_ONGOING);
    pos = flip_build("huqi", N, RED, "c3:rF b3:b1 a12:bL");
    assert_false(flip_is_generated(&pos, mv("b3", "c3"))); /* immovable: only a bomb */
    pos = flip_build("huqi", N, RED, "c3:rF c2:b1 a12:b3 e2:r5");
    u = play(&pos, mv("c2", "c3"), 0); /* an engineer takes a movable flag, and nothing is won */
    assert_int_equal(u.outcome, JUNQI_ATTACKER_WINS);
    assert_int_equal(pos.st.result.status, JUNQI_ONGOING);
}

/* ---- zuhe ---- */

static void zuhe_engineers_absorb_landmines_and_spend_them(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("zuhe", S, RED, "a2:r1 a3:bL a9:b9 e9:b1");
    junqi_flip_undo u = play(&pos, mv("a2", "a3"), 0);
    assert_int_equal(u.outcome, JUNQI_ABSORBS);
    assert_int_equal(pos.load[sq("a3")], JUNQI_LOAD_MINE);
    play(&pos, mv("e9", "e8"), 0);
    u = play(&pos, mv("a3", "a9"), 0); /* the stack flies and spends its landmine on the marshal */
    assert_int_equal(u.outcome, JUNQI_ATTACKER_WINS);
    assert_int_equal(pos.cell[sq("a9")], red_engineer);
    assert_int_equal(pos.load[sq("a9")], 0);
    assert_int_equal(pos.st.removed[BLUE][JUNQI_MARSHAL], 1);
    assert_int_equal(pos.st.removed[BLUE][JUNQI_LANDMINE], 3);
}

static void zuhe_a_part_moves_and_what_stays_behind_is_the_enemys(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("zuhe", S, RED, "a2:r1(LF) a9:b9 e9:b1");
    junqi_action part = mv("a2", "a4");
    part.part = 0; /* the engineer alone */
    play(&pos, part, 0);
    assert_int_equal(pos.cell[sq("a2")], JUNQI_FLIP_CELL(BLUE, JUNQI_LANDMINE));
    assert_int_equal(pos.load[sq("a2")], JUNQI_LOAD_FLAG);
    assert_int_equal(pos.cell[sq("a4")], red_engineer);
    pos = flip_build("zuhe", S, RED, "b3:r1(LF) a9:b9 e9:b1");
    part = mv("b3", "a2");
    part.part = 0;
    expect_illegal(&pos, part, JUNQI_FLIP_SPLIT_IN_CAMP, "the group in camp b3 moves whole");
    part.part = JUNQI_LOAD_BOMB;
    expect_illegal(&pos, part, JUNQI_FLIP_BAD_PART, NULL);
}

static void zuhe_lieutenants_absorb_bombs_and_moves_are_single_steps(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("zuhe", S, RED, "a2:r2 a3:bB a6:r4 c4:rB c5:r6 a9:b9 e9:b1");
    expect_illegal(&pos, mv("a6", "a9"), JUNQI_FLIP_ONE_STEP, "a major moves one step at a time (a6-a9)");
    expect_illegal(&pos, mv("c5", "c4"), JUNQI_FLIP_OWN_PIECE, NULL);
    junqi_flip_undo u = play(&pos, mv("a2", "a3"), 0);
    assert_int_equal(u.outcome, JUNQI_ABSORBS);
    assert_int_equal(pos.load[sq("a3")], JUNQI_LOAD_BOMB);
    pos = flip_build("zuhe", S, RED, "a5:rB b4:r9 a9:b9 e9:b1");
    expect_illegal(&pos, mv("a5", "b5"), JUNQI_FLIP_BOMB_CAMP, "a bomb may not enter camp b5");
    expect_illegal(&pos, mv("b4", "a9"), JUNQI_FLIP_ONE_STEP, NULL);
}

static void zuhe_explosives_destroy_their_own_lone_flag(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("zuhe", S, RED, "a2:r1(L) a3:rF a9:b9 e9:b1");
    junqi_flip_undo u = play(&pos, mv("a2", "a3"), 0);
    assert_int_equal(u.outcome, JUNQI_ATTACKER_WINS);
    assert_int_equal(pos.load[sq("a3")], 0);
    assert_int_equal(pos.st.removed[RED][JUNQI_FLAG], 1);
    assert_int_equal(pos.st.result.status, JUNQI_ONGOING); /* no flag win in zuhe */
}

/* ---- the end rules and their order (§5 items 1, 2, 10) ---- */

static void a_bomb_trade_of_the_last_movable_pieces_is_a_draw(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, RED, "a6:rB a7:b9 a1:rL e12:bL");
    play(&pos, mv("a6", "a7"), 0);
    assert_int_equal(pos.st.result.status, JUNQI_DRAWN);
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_ALL_MOVABLE_LOST);
    pos = flip_build("fanqi", S, RED, "a6:r9 a7:b8 a1:rL e12:bL");
    play(&pos, mv("a6", "a7"), 0);
    assert_int_equal(pos.st.result.winners, JUNQI_SEAT_BIT(S));
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_ALL_MOVABLE_LOST);
    pos = flip_build("fanqi", S, RED, "a6:r9 a7:b8 a1:rL e12:*b5"); /* face down: not lost */
    play(&pos, mv("a6", "a7"), 0);
    assert_int_equal(pos.st.result.status, JUNQI_ONGOING);
}

static void a_flag_capture_comes_before_every_other_end(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanfan", S, RED, "c12:rB b12:bF a12:bB");
    play(&pos, mv("c12", "b12"), 0); /* red's last movable piece goes, and the flag with it */
    assert_int_equal(pos.st.result.winners, JUNQI_SEAT_BIT(S));
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_FLAG_CAPTURED);
}

static void the_counters_draw_in_order_no_combat_then_move_limit(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, RED, "a2:r9 e11:b9");
    pos.st.quiet = 69;
    play(&pos, mv("a2", "a3"), 0);
    assert_int_equal(pos.st.result.status, JUNQI_DRAWN);
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_NO_COMBAT_DRAW);
    pos = flip_build("fanqi,move_limit=10", S, RED, "a2:r9 e11:b9");
    pos.st.moves = 9;
    pos.st.quiet = 69;
    play(&pos, mv("a2", "a3"), 0);
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_NO_COMBAT_DRAW);
    pos = flip_build("fanqi,move_limit=10", S, RED, "a2:r9 e11:b9");
    pos.st.moves = 9;
    play(&pos, mv("a2", "a3"), 0);
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_PLY_LIMIT);
}

static void a_seat_left_without_an_action_loses(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", S, RED, "a12:b4 a11:bL b12:bL e2:r9");
    play(&pos, mv("e2", "e3"), 0);
    assert_int_equal(pos.st.result.winners, JUNQI_SEAT_BIT(S));
    assert_int_equal(pos.st.result.reason, JUNQI_REASON_NO_MOVABLE_PIECE);
    pos = flip_build("fanqi", S, RED, "a12:b4 a11:bL b12:bL e2:r9 c3:*r3"); /* north may flip */
    play(&pos, mv("e2", "e3"), 0);
    assert_int_equal(pos.st.result.status, JUNQI_ONGOING);
}

/* ---- whole games ---- */

/* Seeded random games of one rule set: every generated action checks legal,
 * make keeps the hash, unmake restores the position byte for byte. */
static void random_games_keep_hashes_and_unmake(const char *rules, int games)
{
    for (int g = 0; g < games; g++) {
        uint8_t deal[JUNQI_MAX_POINTS];
        junqi_flip_deal_random((uint64_t)g, deal);
        junqi_flip pos, start;
        junqi_flip_init(&pos, junqi_rules_get(rules), deal);
        start = pos;
        static junqi_flip_undo undo[1200];
        int n = 0;
        uint64_t rng = (uint64_t)g + 1;
        while (!junqi_flip_over(&pos) && n < 1200) {
            junqi_action a[JUNQI_MAX_ACTIONS];
            int k = junqi_flip_generate(&pos, a);
            assert_true(k > 0);
            for (int i = 0; i < k; i++)
                assert_int_equal(junqi_flip_check_action(&pos, a[i], NULL), JUNQI_FLIP_LEGAL);
            junqi_flip_make(&pos, a[flip_pick(&pos, a, k, g % 2, &rng)], 0, &undo[n++]);
            assert_true(pos.st.hash == junqi_flip_hash(&pos));
        }
        while (n > 0)
            junqi_flip_unmake(&pos, &undo[--n]);
        assert_memory_equal(&pos, &start, sizeof pos);
    }
}

static void random_games_of_every_rule_set_unmake_exactly(void **state)
{
    (void)state;
    const char *sets[] = {"fanqi", "fanfan", "fanqi_wiki", "huqi", "zuhe"};
    for (int i = 0; i < 5; i++)
        random_games_keep_hashes_and_unmake(sets[i], 6);
}

static void the_deal_of_a_seed_is_the_same_everywhere(void **state)
{
    (void)state;
    uint8_t a[JUNQI_MAX_POINTS], b[JUNQI_MAX_POINTS];
    char msg[160];
    junqi_flip_deal_random(7, a);
    junqi_flip_deal_random(7, b);
    assert_memory_equal(a, b, sizeof a);
    assert_true(junqi_flip_deal_check(a, msg, sizeof msg));
    junqi_flip_deal_random(8, b);
    assert_true(memcmp(a, b, sizeof a) != 0);
    a[sq("c4")] = a[sq("c5")];
    assert_false(junqi_flip_deal_check(a, msg, sizeof msg));
    assert_string_equal(msg, "camp c4 must be empty at the start");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_engineer_gives_its_colour_to_its_flipper),
        cmocka_unit_test(two_in_a_row_looks_at_the_seats_own_flips),
        cmocka_unit_test(same_as_previous_compares_with_the_games_previous_flip),
        cmocka_unit_test(first_flip_and_fixed_colours),
        cmocka_unit_test(all_face_up_without_a_colour_gives_the_first_flipper_its_first_colour),
        cmocka_unit_test(a_seat_without_a_colour_may_only_flip),
        cmocka_unit_test(face_down_pieces_block_and_cannot_be_attacked),
        cmocka_unit_test(losing_attacks_are_forbidden_and_equal_ranks_trade),
        cmocka_unit_test(only_engineers_and_bombs_attack_landmines),
        cmocka_unit_test(the_flag_waits_for_its_landmines_and_the_smallest_piece),
        cmocka_unit_test(a_bomb_takes_the_flag_only_under_flag_taker_any),
        cmocka_unit_test(pieces_move_out_of_headquarters),
        cmocka_unit_test(carry_home_picks_up_the_flag_and_wins_on_a_home_headquarters),
        cmocka_unit_test(a_carrier_sets_the_flag_down_to_attack_and_a_removed_carrier_leaves_it),
        cmocka_unit_test(a_revealing_attack_turns_the_target_and_fights),
        cmocka_unit_test(huqi_flags_move_once_the_enemy_landmines_are_gone),
        cmocka_unit_test(zuhe_engineers_absorb_landmines_and_spend_them),
        cmocka_unit_test(zuhe_a_part_moves_and_what_stays_behind_is_the_enemys),
        cmocka_unit_test(zuhe_lieutenants_absorb_bombs_and_moves_are_single_steps),
        cmocka_unit_test(zuhe_explosives_destroy_their_own_lone_flag),
        cmocka_unit_test(a_bomb_trade_of_the_last_movable_pieces_is_a_draw),
        cmocka_unit_test(a_flag_capture_comes_before_every_other_end),
        cmocka_unit_test(the_counters_draw_in_order_no_combat_then_move_limit),
        cmocka_unit_test(a_seat_left_without_an_action_loses),
        cmocka_unit_test(random_games_of_every_rule_set_unmake_exactly),
        cmocka_unit_test(the_deal_of_a_seed_is_the_same_everywhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
