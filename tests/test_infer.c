/* SPDX-License-Identifier: MIT */
/*
 * test_infer.c - hidden information (infer.h): exact identity sets in
 * hand-built games (combat outcomes, setup rules, moved pieces, army counts,
 * a marshal's death shown by its flag), samples that satisfy every fact, and
 * on real games: the true identity of every piece is always in its set, the
 * true setup satisfies every fact, and samples do too; and every seat's view
 * record of the bundled replays, written as JGN and read back, at every ply
 * (issue 12 §6: the view's facts always leave an assignment, the true setup
 * among them).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "infer.h"
#include "infer_sweep.h"
#include "jgn.h"
#include "movegen.h"
#include "testutil.h"

#define K(k) JUNQI_KIND_BIT(JUNQI_##k)

static int popcount_kinds(junqi_kinds k)
{
    return __builtin_popcount(k);
}


/* An empty two-player board under the standard rules, north and south seated. */
static void empty_two_player(junqi_position *pos)
{
    junqi_position_init(pos, junqi_board_get(JUNQI_TWO_PLAYER), junqi_rules_get("standard"),
                        JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
}

/* South's tracker of a set position (no setup rules) where north moves first. */
static void track_from_north(junqi_position *pos, junqi_infer *inf)
{
    pos->to_move = JUNQI_NORTH;
    pos->hash = junqi_position_hash(pos);
    junqi_infer_start(inf, pos, false, JUNQI_SOUTH, JUNQI_DARK);
}

static void start_game(junqi_position *pos, junqi_infer *inf)
{
    empty_two_player(pos);
    junqi_position_place_setup(pos, JUNQI_SOUTH, f01);
    junqi_position_place_setup(pos, JUNQI_NORTH, f01);
    junqi_infer_start(inf, pos, true, JUNQI_SOUTH, JUNQI_DARK);
}

/* Play a move with the rules' outcome and show it to the tracking. */
static void play(junqi_position *pos, junqi_infer *inf, const char *move)
{
    junqi_move m;
    assert_true(junqi_move_parse(pos->board, move, strlen(move), &m));
    assert_int_equal(junqi_check_move(pos, m, NULL), JUNQI_LEGAL);
    junqi_undo u;
    junqi_make(pos, m, &u);
    junqi_infer_move(inf, m, (junqi_outcome)u.outcome);
    junqi_infer_sync(inf, pos);
}

/* The tracked piece that started on `square`. */
static const junqi_infer_piece *started_on(const junqi_infer *inf, const char *square)
{
    int p = junqi_square_parse(inf->board, square, (int)strlen(square));
    for (int i = 0; i < inf->npieces; i++)
        if (inf->piece[i].start == p)
            return &inf->piece[i];
    fail_msg("no piece started on %s", square);
    return NULL;
}

static void combats_setup_rules_and_army_counts_give_exact_sets(void **state)
{
    (void)state;
    junqi_position pos;
    static junqi_infer inf;
    start_game(&pos, &inf);
    /* before any move: setup rules only */
    assert_true(junqi_infer_solve(&inf, true));
    assert_int_equal(started_on(&inf, "a7")->kinds, /* front row: no landmine, bomb, flag */
                     JUNQI_KINDS_ALL & ~(K(LANDMINE) | K(BOMB) | K(FLAG)));
    assert_int_equal(started_on(&inf, "b12")->kinds, JUNQI_KINDS_ALL); /* a headquarters */
    assert_int_equal(started_on(&inf, "c12")->kinds, JUNQI_KINDS_ALL & ~K(FLAG));
    assert_int_equal(started_on(&inf, "c10")->kinds,
                     JUNQI_KINDS_ALL & ~(K(LANDMINE) | K(FLAG)));
    assert_int_equal(started_on(&inf, "a6")->kinds, K(MAJOR_GENERAL)); /* south's own */
    /* south's major general takes north's a7: a lower piece, not its flag */
    play(&pos, &inf, "a6-a7");
    /* north's general and south's general on c7 and c6 remove each other */
    play(&pos, &inf, "c7-c6");
    assert_true(junqi_infer_solve(&inf, true));
    assert_int_equal(started_on(&inf, "a7")->kinds, K(ENGINEER) | K(LIEUTENANT) | K(CAPTAIN) |
                                                        K(MAJOR) | K(COLONEL) | K(BRIGADIER));
    assert_int_equal(started_on(&inf, "c7")->kinds, K(GENERAL)); /* no bomb in row 1 */
    assert_int_equal(started_on(&inf, "e7")->kinds, /* the one general is known */
                     JUNQI_KINDS_ALL & ~(K(LANDMINE) | K(BOMB) | K(FLAG) | K(GENERAL)));
    assert_true(inf.consistent);
    assert_int_equal(inf.ncombats, 2);
}

static void a_marshal_death_shows_the_flag_and_names_the_marshal(void **state)
{
    (void)state;
    junqi_position pos;
    static junqi_infer inf;
    /* a set position (no setup rules): north's pieces on a9, b9, b12 */
    empty_two_player(&pos);
    put_piece(&pos, "a9", JUNQI_NORTH, JUNQI_MARSHAL);
    put_piece(&pos, "e9", JUNQI_NORTH, JUNQI_CAPTAIN);
    put_piece(&pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
    put_piece(&pos, "a8", JUNQI_SOUTH, JUNQI_BOMB);
    put_piece(&pos, "e8", JUNQI_SOUTH, JUNQI_MAJOR);
    put_piece(&pos, "b1", JUNQI_SOUTH, JUNQI_FLAG);
    put_piece(&pos, "c3", JUNQI_SOUTH, JUNQI_CAPTAIN);
    track_from_north(&pos, &inf);
    /* north's captain attacks south's major and loses: a lower piece */
    play(&pos, &inf, "e9-e8");
    assert_true(junqi_infer_solve(&inf, true));
    assert_int_equal(started_on(&inf, "e9")->kinds, K(ENGINEER) | K(LIEUTENANT) | K(CAPTAIN));
    /* off north's last two rows and headquarters: any kind but a landmine or the flag */
    assert_int_equal(started_on(&inf, "a9")->kinds, JUNQI_KINDS_ALL & ~(K(LANDMINE) | K(FLAG)));
    play(&pos, &inf, "c3-c2"); /* south passes the time */
    play(&pos, &inf, "a9-a8"); /* north's piece hits the bomb: both go, the flag is shown */
    assert_true(junqi_infer_solve(&inf, true));
    assert_int_equal(started_on(&inf, "a9")->kinds, K(MARSHAL));
    assert_int_equal(started_on(&inf, "b12")->kinds, K(FLAG));
}

/* A game from a set position has no setup facts, but its landmines and flag
 * have never moved: a hidden piece may be one only where its seat may place
 * it (junqi_setup_may_stand), in the start position and after its moves. */
static void a_set_position_keeps_landmines_and_the_flag_where_they_may_stand(void **state)
{
    (void)state;
    junqi_position pos;
    static junqi_infer inf;
    empty_two_player(&pos);
    put_piece(&pos, "a9", JUNQI_NORTH, JUNQI_CAPTAIN);
    put_piece(&pos, "c9", JUNQI_NORTH, JUNQI_MARSHAL); /* (its flag is not shown) */
    put_piece(&pos, "a11", JUNQI_NORTH, JUNQI_LANDMINE);
    put_piece(&pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
    put_piece(&pos, "b1", JUNQI_SOUTH, JUNQI_FLAG);
    put_piece(&pos, "c3", JUNQI_SOUTH, JUNQI_CAPTAIN);
    track_from_north(&pos, &inf);
    assert_true(junqi_infer_solve(&inf, true));
    const junqi_kinds ranked = JUNQI_KINDS_ALL & ~(K(BOMB) | K(LANDMINE) | K(FLAG));
    assert_int_equal(started_on(&inf, "a9")->kinds, ranked | K(BOMB));
    assert_int_equal(started_on(&inf, "a11")->kinds, ranked | K(BOMB) | K(LANDMINE));
    /* north's one piece on a headquarters: its flag (a_set_position_gives_every_seat_its_flag) */
    assert_int_equal(started_on(&inf, "b12")->kinds, K(FLAG));
}

/* Every seat with pieces has its flag (a captured one takes the seat out):
 * from a set position, whose counts only bound each kind from above, a
 * seat whose one hidden piece on a headquarters is the only one that may be
 * its flag has it there, in the exact sets, in every draw and in every
 * sample; an assignment without it fails the check. (The draws once left
 * north without a flag: nothing asked for one.) */
static void a_set_position_gives_every_seat_its_flag(void **state)
{
    (void)state;
    junqi_position pos;
    static junqi_infer inf;
    static junqi_infer_draws d;
    empty_two_player(&pos);
    put_piece(&pos, "a9", JUNQI_NORTH, JUNQI_CAPTAIN);
    put_piece(&pos, "e11", JUNQI_NORTH, JUNQI_MAJOR);
    put_piece(&pos, "d12", JUNQI_NORTH, JUNQI_LANDMINE); /* hidden from south: may be the flag */
    put_piece(&pos, "b1", JUNQI_SOUTH, JUNQI_FLAG);
    put_piece(&pos, "c3", JUNQI_SOUTH, JUNQI_CAPTAIN);
    track_from_north(&pos, &inf);
    assert_true(junqi_infer_solve(&inf, true));
    assert_int_equal(started_on(&inf, "d12")->kinds, K(FLAG));
    assert_true(junqi_infer_draw(&inf, NULL, 7, 32, &d));
    int d12 = (int)(started_on(&inf, "d12") - inf.piece);
    for (int j = 0; j < d.n; j++)
        assert_int_equal(d.kinds[j][d12], JUNQI_FLAG);
    uint8_t kinds[JUNQI_INFER_MAX_PIECES];
    uint64_t rng = 1;
    assert_true(junqi_infer_sample(&inf, &rng, kinds));
    assert_int_equal(kinds[d12], JUNQI_FLAG);
    kinds[d12] = JUNQI_LANDMINE;
    assert_false(junqi_infer_check(&inf, kinds));
}

/* An illegal record can reach the tracker (junqi-replay --infer goes on past
 * an illegal move): a move onto its own point, with combat, once wrote
 * outside the tracker's point table. It is now an inconsistency. */
static void a_move_onto_its_own_point_is_an_inconsistency(void **state)
{
    (void)state;
    junqi_position pos;
    static junqi_infer inf;
    empty_two_player(&pos);
    put_piece(&pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
    put_piece(&pos, "e9", JUNQI_NORTH, JUNQI_CAPTAIN);
    put_piece(&pos, "b1", JUNQI_SOUTH, JUNQI_FLAG);
    put_piece(&pos, "c3", JUNQI_SOUTH, JUNQI_CAPTAIN);
    track_from_north(&pos, &inf);
    const junqi_board *b = pos.board;
    int e9 = junqi_square_parse(b, "e9", 2);
    junqi_infer_move(&inf, (junqi_move){(uint8_t)e9, (uint8_t)e9}, JUNQI_BOTH_REMOVED);
    assert_false(inf.consistent);
    assert_int_equal(started_on(&inf, "e9")->point, e9);
}

/* A railway move that turns is an engineer's (movegen.h decides), and a
 * piece's moves and attacks are counted. */
static void a_railway_turn_names_the_engineer(void **state)
{
    (void)state;
    junqi_position pos;
    static junqi_infer inf;
    empty_two_player(&pos);
    put_piece(&pos, "a10", JUNQI_NORTH, JUNQI_ENGINEER);
    put_piece(&pos, "e10", JUNQI_NORTH, JUNQI_MAJOR);
    put_piece(&pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
    put_piece(&pos, "b1", JUNQI_SOUTH, JUNQI_FLAG);
    put_piece(&pos, "c3", JUNQI_SOUTH, JUNQI_CAPTAIN);
    put_piece(&pos, "c4", JUNQI_SOUTH, JUNQI_LIEUTENANT);
    track_from_north(&pos, &inf);
    play(&pos, &inf, "a10-c6"); /* down file a, then along rank 6: a turn at a6 */
    play(&pos, &inf, "c3-d3");
    play(&pos, &inf, "e10-e7"); /* straight down file e: any mover */
    play(&pos, &inf, "d3-c3");
    play(&pos, &inf, "c6-c5");
    play(&pos, &inf, "c4-b4");
    play(&pos, &inf, "c5-c4");
    assert_true(junqi_infer_solve(&inf, false));
    assert_int_equal(started_on(&inf, "a10")->kinds, K(ENGINEER));
    assert_int_equal(started_on(&inf, "e10")->kinds, JUNQI_KINDS_ALL & ~(K(LANDMINE) | K(FLAG)));
    assert_int_equal(started_on(&inf, "a10")->moves, 3);
    assert_int_equal(started_on(&inf, "a10")->attacks, 0);
    assert_int_equal(inf.ply, 7);
}

static void samples_satisfy_every_fact_and_reach_every_identity(void **state)
{
    (void)state;
    junqi_position pos;
    static junqi_infer inf;
    start_game(&pos, &inf);
    play(&pos, &inf, "a6-a7");
    play(&pos, &inf, "c7-c6");
    assert_true(junqi_infer_solve(&inf, false));
    junqi_kinds seen[JUNQI_INFER_MAX_PIECES] = {0};
    uint64_t rng = 42;
    for (int n = 0; n < 300; n++) {
        uint8_t kinds[JUNQI_INFER_MAX_PIECES];
        assert_true(junqi_infer_sample(&inf, &rng, kinds));
        assert_true(junqi_infer_check(&inf, kinds));
        for (int i = 0; i < inf.npieces; i++)
            seen[i] |= JUNQI_KIND_BIT(kinds[i]);
        junqi_position sample;
        junqi_infer_place(&inf, kinds, &pos, &sample);
        for (int p = 0; p < pos.board->npoints; p++) {
            assert_int_equal(!sample.cell[p], !pos.cell[p]); /* same occupancy */
            if (pos.cell[p] && JUNQI_CELL_SEAT(pos.cell[p]) == JUNQI_SOUTH)
                assert_int_equal(sample.cell[p], pos.cell[p]); /* south's own pieces */
        }
        assert_int_equal(sample.hash, junqi_position_hash(&sample));
    }
    for (int i = 0; i < inf.npieces; i++) /* 300 samples reach every identity left */
        assert_int_equal(seen[i], inf.piece[i].kinds);
    /* an assignment that breaks a fact fails the check */
    uint8_t truth[JUNQI_INFER_MAX_PIECES];
    junqi_position start;
    start_game(&start, &(junqi_infer){0});
    for (int i = 0; i < inf.npieces; i++)
        truth[i] = (uint8_t)JUNQI_CELL_PIECE(start.cell[inf.piece[i].start]);
    assert_true(junqi_infer_check(&inf, truth));
    int a7 = (int)(started_on(&inf, "a7") - inf.piece);
    truth[a7] = JUNQI_MARSHAL;
    assert_false(junqi_infer_check(&inf, truth));
}

/* Real games: every seat's view at many plies. */
static void the_true_setup_always_agrees_with_the_facts_of_real_games(void **state)
{
    (void)state;
    static const char *const files[] = {
        "jgs-000029.jgs", "jgs-000150.jgs", "jgs-000281.jgs", "jgs-000374.jgs",
        "jgs-000492.jgs", "jgs-000638.jgs", "jgs-000712.jgs", "jgs-000726.jgs",
        "jgs-000864.jgs", "jgs-000893.jgs", "jgs-000901.jgs", "jgs-000968.jgs",
    };
    static junqi_infer inf;
    int checked = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        junqi_game *g = bundled_replay(files[f]);
        assert_non_null(g);
        junqi_position start;
        assert_true(record_start(g, &start));
        size_t moves = junqi_game_moves(g);
        for (size_t ply = 0; ply <= moves; ply += 30) {
            for (int v = 0; v < JUNQI_SEATS; v++) {
                junqi_position pos;
                assert_true(junqi_infer_replay(&inf, g, NULL, ply, v, JUNQI_DARK, &pos));
                bool exact = f < 4 && ply % 90 == 0;
                assert_true(junqi_infer_solve(&inf, exact));
                uint8_t kinds[JUNQI_INFER_MAX_PIECES];
                for (int i = 0; i < inf.npieces; i++) {
                    kinds[i] = (uint8_t)JUNQI_CELL_PIECE(start.cell[inf.piece[i].start]);
                    if (!(inf.piece[i].kinds & JUNQI_KIND_BIT(kinds[i])))
                        fail_msg("%s ply %zu viewer %s: piece from %d is a %s, not in its set",
                                 files[f], ply, junqi_seat_name((junqi_seat)v),
                                 inf.piece[i].start, junqi_piece_name(kinds[i], JUNQI_NAMES_EN));
                    if (inf.piece[i].point != JUNQI_NO_POINT)
                        assert_int_equal(pos.cell[inf.piece[i].point],
                                         JUNQI_CELL(inf.piece[i].seat, kinds[i]));
                }
                assert_true(junqi_infer_check(&inf, kinds));
                uint64_t rng = ply * 4 + (uint64_t)v;
                assert_true(junqi_infer_sample(&inf, &rng, kinds));
                assert_true(junqi_infer_check(&inf, kinds));
                checked++;
            }
        }
        junqi_game_free(g);
    }
    assert_true(checked > 200);
}

static void sweep_views(const char *path, const char *name, void *ctx)
{
    infer_sweep_stats *st = ctx;
    if (strstr(name, ".jql"))
        return; /* a formation */
    junqi_game *g = load_replay(path);
    assert_non_null(g);
    for (int seat = 0; seat < JUNQI_SEATS; seat++) {
        if (!g->seat[seat].present)
            continue;
        junqi_game *view = infer_sweep_view_record(g, seat);
        assert_non_null(view);
        assert_int_equal(view->view, seat);
        infer_sweep_view(g, view, seat, 16, name, st);
        junqi_game_free(view);
    }
    junqi_game_free(g);
}

/* The model (infer.h): draws satisfy every fact and are the same for a
 * seed; marginals sum to 1 and give 0 to what the facts rule out; on real
 * games they put more weight on the true identities than uniform weights
 * over the exact sets do (fewer bits). */
static void the_model_draws_and_marginals_keep_the_facts_and_beat_uniform_sets(void **state)
{
    (void)state;
    static const char *const files[] = {"jgs-000281.jgs", "jgs-000864.jgs", "jgs-001442.jgs",
                                        "jgs-002414.jgs"};
    static junqi_infer inf;
    static junqi_infer_draws d, again;
    static double p[JUNQI_INFER_MAX_PIECES][JUNQI_PIECE_KINDS];
    double model_bits = 0, uniform_bits = 0;
    int hidden = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        junqi_game *g = bundled_replay(files[f]);
        assert_non_null(g);
        junqi_position start;
        assert_true(record_start(g, &start));
        for (size_t ply = 20; ply < junqi_game_moves(g); ply += 60) {
            int v = (int)(ply / 60) % JUNQI_SEATS;
            junqi_position pos;
            assert_true(junqi_infer_replay(&inf, g, NULL, ply, v, JUNQI_DARK, &pos));
            assert_true(junqi_infer_solve(&inf, false));
            assert_true(junqi_infer_draw(&inf, NULL, ply, 48, &d));
            assert_true(junqi_infer_draw(&inf, NULL, ply, 48, &again));
            assert_memory_equal(d.kinds, again.kinds, sizeof d.kinds[0] * (size_t)d.n);
            assert_true(d.n > 40 && d.ess >= 1);
            for (int j = 0; j < d.n; j++)
                assert_true(junqi_infer_check(&inf, d.kinds[j]));
            junqi_infer_marginals(&inf, NULL, &d, p);
            for (int i = 0; i < inf.npieces; i++) {
                double sum = 0;
                for (int k = 0; k < JUNQI_PIECE_KINDS; k++) {
                    sum += p[i][k];
                    if (!(inf.piece[i].kinds & JUNQI_KIND_BIT(k)))
                        assert_true(p[i][k] == 0);
                }
                assert_true(sum > 0.999 && sum < 1.001);
                int t = JUNQI_CELL_PIECE(start.cell[inf.piece[i].start]);
                if (inf.piece[i].seat == v || popcount_kinds(inf.piece[i].kinds) < 2)
                    continue;
                model_bits -= log2(p[i][t]);
                uniform_bits += log2(popcount_kinds(inf.piece[i].kinds));
                hidden++;
            }
        }
        junqi_game_free(g);
    }
    print_message("%d hidden pieces: the model %.2f bits each, uniform exact sets %.2f\n", hidden,
                  model_bits / hidden, uniform_bits / hidden);
    assert_true(hidden > 500);
    assert_true(model_bits < 0.9 * uniform_bits);
    int index[8];
    assert_int_equal(junqi_infer_resample(&d, 5, 8, index), 8);
    for (int j = 0; j < 8; j++)
        assert_true(index[j] >= 0 && index[j] < d.n && (j == 0 || index[j] >= index[j - 1]));
}

/* Every seat's view record of every bundled replay, at every ply. */
static void every_view_record_leaves_the_true_setup_at_every_ply(void **state)
{
    (void)state;
    infer_sweep_stats st = {0};
    int games = for_each_replay(source_path("tests/data/perft/replays"), sweep_views, &st);
    games += for_each_replay(source_path("tests/data/qq"), sweep_views, &st);
    if (st.failures)
        fail_msg("%ld of %ld positions fail; first: %s", st.failures, st.plies, st.first);
    print_message("%d replays: %ld positions checked, %ld samples\n", games, st.plies, st.samples);
    assert_true(games >= 30);
    assert_true(st.plies > 20000);
    assert_true(st.samples > 1000);
}

/* The record of issue 12 §6: east's view of an 11-move game in which east's
 * marshal trades with north's (move 8, both flags shown). */
static void a_marshal_trade_in_a_view_record_names_both_marshals(void **state)
{
    (void)state;
    static const char record[] =
        "[Board \"four-player\"]\n[Rules \"qq\"]\n[View \"east\"]\n"
        "[North \"?\"]\n[East \"?\"]\n[South \"?\"]\n[West \"?\"]\n"
        "[EastSetup \"52467/B.1.9/78.16/B.3.3/LL251/4FL23\"]\n\n"
        "1. g13-h13 2. f11>g12 3. g6-g11 4. l11>k12 5. j12>k12 6. g12>g11 7. h6-g6\n"
        "8. m11=k12 flag:q8 flag:h17 9. g14=g11 10. e11=g15 11. g6-h6 *\n";
    junqi_game *g = junqi_jgn_parse(record, strlen(record), "issue-12", 0, NULL);
    assert_non_null(g);
    static junqi_infer inf;
    for (size_t ply = 0; ply <= 11; ply++) {
        junqi_position pos;
        assert_true(junqi_infer_replay(&inf, g, NULL, ply, JUNQI_EAST, JUNQI_DARK, &pos));
        assert_true(junqi_infer_solve(&inf, ply % 4 == 0));
        uint64_t rng = ply;
        uint8_t kinds[JUNQI_INFER_MAX_PIECES];
        assert_true(junqi_infer_sample(&inf, &rng, kinds));
        bool north_flag_shown = junqi_flag_revealed(&pos, JUNQI_NORTH);
        assert_int_equal(north_flag_shown, ply >= 8);
        assert_false(junqi_flag_revealed(&pos, JUNQI_WEST));
        assert_false(junqi_flag_revealed(&pos, JUNQI_SOUTH));
    }
    /* after move 8: north's piece that started on j12 (it beat east's major
     * general at move 5 and traded with east's marshal) was north's marshal */
    assert_int_equal(started_on(&inf, "j12")->kinds, K(MARSHAL));
    assert_int_equal(started_on(&inf, "h17")->kinds, K(FLAG));
    junqi_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(combats_setup_rules_and_army_counts_give_exact_sets),
        cmocka_unit_test(a_marshal_death_shows_the_flag_and_names_the_marshal),
        cmocka_unit_test(a_set_position_keeps_landmines_and_the_flag_where_they_may_stand),
        cmocka_unit_test(a_set_position_gives_every_seat_its_flag),
        cmocka_unit_test(a_railway_turn_names_the_engineer),
        cmocka_unit_test(a_move_onto_its_own_point_is_an_inconsistency),
        cmocka_unit_test(samples_satisfy_every_fact_and_reach_every_identity),
        cmocka_unit_test(the_true_setup_always_agrees_with_the_facts_of_real_games),
        cmocka_unit_test(a_marshal_trade_in_a_view_record_names_both_marshals),
        cmocka_unit_test(the_model_draws_and_marginals_keep_the_facts_and_beat_uniform_sets),
        cmocka_unit_test(every_view_record_leaves_the_true_setup_at_every_ply),
    };
    return cmocka_run_group_tests_name("infer", tests, NULL, NULL);
}
