/* SPDX-License-Identifier: MIT */
/*
 * test_movegen.c - move generation against the reference perft counts of
 * ../shared/data/perft (copied into tests/data/perft), and move checking
 * against move generation.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "movegen.h"
#include "perft.h"
#include "search.h"
#include "setup.h"
#include "testutil.h"

/* A layout of the perft file: 6 rows '/'-separated, front row first,
 * '9'..'1' ranks, B L F, '.' camp. */
/* F07 and F13 of the published formations, in the layout notation (setup.h). */
static const char f07[] = "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL";
static const char f13[] = "36615/7.3.9/81.B7/B.4.3/225L4/12LFL";

static void play_moves(junqi_position *pos, char *list)
{
    if (strcmp(list, "-") == 0)
        return;
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        junqi_move m;
        assert_true(junqi_move_parse(pos->board, tok, strlen(tok), &m));
        assert_int_equal(junqi_check_move(pos, m, NULL), JUNQI_LEGAL);
        junqi_undo u;
        junqi_make(pos, m, &u);
    }
}

static void two_player_perft_matches_reference_to_depth_3(void **state)
{
    (void)state;
    FILE *fp = fopen(source_path("tests/data/perft/two-player.txt"), "r");
    assert_non_null(fp);
    char line[8192];
    int checked = 0;
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    while (fgets(line, sizeof line, fp)) {
        char south[40], north[40], moves[4096], to_move[8];
        unsigned long long d1, d2, d3;
        if (line[0] == '#' ||
            sscanf(line, "south=%39s north=%39s moves=%4095s to_move=%7s depth1=%llu depth2=%llu depth3=%llu",
                   south, north, moves, to_move, &d1, &d2, &d3) != 7)
            continue;
        junqi_position pos;
        uint8_t layout[6][5];
        junqi_position_init(&pos, b, junqi_rules_get("standard"),
                            JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
        assert_true(junqi_setup_parse(south, strlen(south), layout));
        junqi_position_place_setup(&pos, JUNQI_SOUTH, layout);
        assert_true(junqi_setup_parse(north, strlen(north), layout));
        junqi_position_place_setup(&pos, JUNQI_NORTH, layout);
        play_moves(&pos, moves);
        assert_string_equal(junqi_seat_name(pos.to_move), to_move);
        uint64_t hash = pos.hash;
        assert_int_equal(junqi_perft(&pos, 1), d1);
        assert_int_equal(junqi_perft(&pos, 2), d2);
        assert_int_equal(junqi_perft(&pos, 3), d3);
        assert_int_equal(pos.hash, hash); /* perft leaves the position as it was */
        checked++;
    }
    fclose(fp);
    assert_int_equal(checked, 16);
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Check one line of four-player.jsonl: legal moves, perft 2, seat to move. */
static void check_four_player_line(json_object *line)
{
    const char *file = json_object_get_string(json_object_object_get(line, "file"));
    int ply = json_object_get_int(json_object_object_get(line, "ply"));
    char rel[256];
    snprintf(rel, sizeof rel, "tests/data/perft/replays/%s", file);
    junqi_game *g = load_replay(source_path(rel));
    assert_non_null(g);
    junqi_replay r;
    assert_true(junqi_replay_start(&r, g, NULL, NULL));
    junqi_replay_seek(&r, (size_t)ply);
    assert_string_equal(junqi_seat_name(r.pos.to_move),
                        json_object_get_string(json_object_object_get(line, "to_move")));
    junqi_move moves[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(&r.pos, moves);
    json_object *legal = json_object_object_get(line, "legal");
    assert_int_equal(n, (int)json_object_array_length(legal));
    char names[JUNQI_MAX_MOVES][8];
    const char *sorted[JUNQI_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        junqi_move_name(r.pos.board, moves[i], names[i]);
        sorted[i] = names[i];
    }
    qsort(sorted, (size_t)n, sizeof sorted[0], by_string);
    for (int i = 0; i < n; i++)
        assert_string_equal(sorted[i], json_object_get_string(json_object_array_get_idx(legal, (size_t)i)));
    assert_int_equal(junqi_perft(&r.pos, 2), json_object_get_int64(json_object_object_get(line, "depth2")));
    junqi_game_free(g);
}

static void four_player_moves_and_perft_2_match_reference_on_real_games(void **state)
{
    (void)state;
    FILE *fp = fopen(source_path("tests/data/perft/four-player.jsonl"), "r");
    assert_non_null(fp);
    static char line[65536];
    int checked = 0;
    while (fgets(line, sizeof line, fp)) {
        json_object *obj = json_tokener_parse(line);
        assert_non_null(obj);
        check_four_player_line(obj);
        json_object_put(obj);
        checked++;
    }
    fclose(fp);
    assert_int_equal(checked, 60);
}

/* check_move says LEGAL exactly for the generated moves, for every
 * (own piece, any point) pair, along a whole real game. */
static void check_move_agrees_with_generation_on_every_pair(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/perft/replays/jgs-000029.jgs"));
    assert_non_null(g);
    junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    size_t total = junqi_game_moves(g), pairs = 0;
    for (size_t ply = 0; ply <= total; ply += 7) {
        junqi_replay_seek(&r, ply);
        if (junqi_position_over(&r.pos))
            break;
        junqi_move moves[JUNQI_MAX_MOVES];
        int n = junqi_generate_moves(&r.pos, moves);
        static uint8_t legal[JUNQI_MAX_POINTS][JUNQI_MAX_POINTS];
        memset(legal, 0, sizeof legal);
        for (int i = 0; i < n; i++)
            legal[moves[i].from][moves[i].to] = 1;
        for (int p = 0; p < r.pos.board->npoints; p++) {
            if (!r.pos.cell[p] || JUNQI_CELL_SEAT(r.pos.cell[p]) != r.pos.to_move)
                continue;
            for (int q = 0; q < r.pos.board->npoints; q++) {
                junqi_move m = {(uint8_t)p, (uint8_t)q};
                if ((junqi_check_move(&r.pos, m, NULL) == JUNQI_LEGAL) != legal[p][q]) {
                    char name[8];
                    fail_msg("ply %zu: %s: check_move and generation disagree", ply,
                             junqi_move_name(r.pos.board, m, name));
                }
                pairs++;
            }
        }
    }
    assert_true(pairs > 10000);
    junqi_game_free(g);
}

/* A two-player start position: F07 (south) and F13 (north) of the published set. */
static void start_position(junqi_position *pos)
{
    uint8_t layout[6][5];
    junqi_position_init(pos, junqi_board_get(JUNQI_TWO_PLAYER), junqi_rules_get("standard"),
                        JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
    assert_true(junqi_setup_parse(f07, strlen(f07), layout));
    junqi_position_place_setup(pos, JUNQI_SOUTH, layout);
    assert_true(junqi_setup_parse(f13, strlen(f13), layout));
    junqi_position_place_setup(pos, JUNQI_NORTH, layout);
}

/* A perft stop hook that stops at its `until`th poll (0: never), counting its polls. */
typedef struct polls {
    int seen, until;
} polls;

static bool stop_at(void *ctx)
{
    polls *p = ctx;
    return ++p->seen == p->until;
}

static void a_stop_hook_ends_perft_early_and_restores_the_position(void **state)
{
    (void)state;
    junqi_position pos;
    start_position(&pos);
    uint64_t want = junqi_perft(&pos, 4);
    polls never = {0, 0}, third = {0, 3};
    junqi_perft_stop go_on = {stop_at, &never, true}; /* stopped is cleared as the count starts */
    assert_int_equal(junqi_perft_stoppable(&pos, 4, &go_on), want);
    assert_false(go_on.stopped);
    assert_true(never.seen > 1); /* the first position, then every JUNQI_PERFT_POLL */
    junqi_perft_stop stop = {stop_at, &third, false};
    assert_true(junqi_perft_stoppable(&pos, 4, &stop) < want);
    assert_true(stop.stopped);
    assert_int_equal(third.seen, 3); /* not polled again once it said stop */
    assert_int_equal(junqi_perft(&pos, 4), want); /* pos restored */
    /* divide: every count written, the position kept */
    junqi_move moves[JUNQI_MAX_MOVES];
    uint64_t counts[JUNQI_MAX_MOVES];
    third.seen = 0;
    int n = junqi_perft_divide_stoppable(&pos, 4, moves, counts, &stop);
    assert_true(stop.stopped && n > 1);
    assert_int_equal(counts[n - 1], 0);
    assert_int_equal(junqi_perft(&pos, 4), want);
    /* a search stop request, requested before the count: it ends at the first position */
    junqi_stop *request = junqi_stop_new();
    assert_non_null(request);
    junqi_stop_request(request);
    junqi_perft_stop asked = {junqi_stop_requested, request, false};
    assert_int_equal(junqi_perft_stoppable(&pos, 4, &asked), 0);
    assert_true(asked.stopped);
    junqi_stop_free(request);
}

static void illegal_moves_are_explained(void **state)
{
    (void)state;
    junqi_position pos;
    start_position(&pos);
    const struct {
        const char *move;
        junqi_illegal code;
        const char *message;
    } cases[] = {
        {"c2-c4", JUNQI_ILLEGAL_NOT_CONNECTED, "brigadier cannot reach c4 from c2: no road step and no railway line joins them"},
        {"a6-a8", JUNQI_ILLEGAL_RAIL_BLOCKED, "general cannot pass a7 on the railway from a6 to a8"},
        {"d1-d2", JUNQI_ILLEGAL_IMMOBILE, "a flag never moves (d1-d2)"},
        {"b1-b2", JUNQI_ILLEGAL_HEADQUARTERS, "colonel on headquarters b1 cannot move (b1-b2)"},
        {"e1-e2", JUNQI_ILLEGAL_IMMOBILE, "a landmine never moves (e1-e2)"},
        {"a6-b6", JUNQI_ILLEGAL_OWN_PIECE, NULL},
        {"a7-a6", JUNQI_ILLEGAL_NOT_TURN, NULL},
        {"b3-c3", JUNQI_ILLEGAL_NO_PIECE, "no piece stands on b3"},
        {"c2-c2", JUNQI_ILLEGAL_SAME_POINT, NULL},
    };
    /* a piece that reached a headquarters stays there */
    junqi_position_put(&pos, junqi_square_parse(pos.board, "b1", 2), JUNQI_CELL(JUNQI_SOUTH, JUNQI_COLONEL));
    junqi_position_put(&pos, junqi_square_parse(pos.board, "b2", 2), 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        junqi_move m;
        assert_true(junqi_move_parse(pos.board, cases[i].move, strlen(cases[i].move), &m));
        junqi_move_check check;
        if (junqi_check_move(&pos, m, &check) != cases[i].code)
            fail_msg("%s: expected %s, got %s", cases[i].move, junqi_code_name(junqi_illegal_code(cases[i].code)),
                     junqi_code_name(junqi_illegal_code(check.code)));
        char text[200];
        junqi_describe_illegal(&pos, m, &check, text, sizeof text);
        if (cases[i].message)
            assert_string_equal(text, cases[i].message);
    }
}

static void a_non_engineer_cannot_turn_a_railway_corner(void **state)
{
    (void)state;
    junqi_position pos;
    start_position(&pos);
    /* clear south's rank 2 and a few points so that a2 sees along rank 2 and up file a */
    const char *clear[] = {"a2", "b2", "c2", "d2", "e2", "a3", "a4", "a5", "e3", "e4", "e5"};
    for (size_t i = 0; i < sizeof clear / sizeof clear[0]; i++)
        junqi_position_put(&pos, junqi_square_parse(pos.board, clear[i], (int)strlen(clear[i])), 0);
    int a2 = junqi_square_parse(pos.board, "a2", 2);
    int e5 = junqi_square_parse(pos.board, "e5", 2);
    junqi_position_put(&pos, a2, JUNQI_CELL(JUNQI_SOUTH, JUNQI_LIEUTENANT));
    junqi_move m = {(uint8_t)a2, (uint8_t)e5};
    junqi_move_check check;
    assert_int_equal(junqi_check_move(&pos, m, &check), JUNQI_ILLEGAL_RAIL_TURN);
    char text[200];
    assert_string_equal(junqi_describe_illegal(&pos, m, &check, text, sizeof text),
                        "lieutenant cannot turn at e2 on the way from a2 to e5");
    /* an engineer may */
    junqi_position_put(&pos, a2, JUNQI_CELL(JUNQI_SOUTH, JUNQI_ENGINEER));
    assert_int_equal(junqi_check_move(&pos, m, NULL), JUNQI_LEGAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_player_perft_matches_reference_to_depth_3),
        cmocka_unit_test(four_player_moves_and_perft_2_match_reference_on_real_games),
        cmocka_unit_test(check_move_agrees_with_generation_on_every_pair),
        cmocka_unit_test(a_stop_hook_ends_perft_early_and_restores_the_position),
        cmocka_unit_test(illegal_moves_are_explained),
        cmocka_unit_test(a_non_engineer_cannot_turn_a_railway_corner),
    };
    return cmocka_run_group_tests_name("movegen", tests, NULL, NULL);
}
