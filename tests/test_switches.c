/* SPDX-License-Identifier: MIT */
/*
 * test_switches.c - the movement and setup switches of the formation game
 * (docs/variants.md "Switches"): exact target sets on hand-built positions
 * of both boards, move checks and their explanations, perft counts worked
 * out by hand, and perft under every switch against a second move
 * generator written here from the board data alone (a plain recursive
 * search), compared move list by move list at every node.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "movegen.h"
#include "perft.h"
#include "posnote.h"
#include "setup.h"
#include "testutil.h"

/* ---- hand-built positions ------------------------------------------------ */

static const junqi_rules *rules_of(const char *text)
{
    const junqi_rules *r;
    char err[512];
    if (!junqi_rules_parse(text, JUNQI_RULES_ANY_BOARD, &r, err, sizeof err))
        fail_msg("%s: %s", text, err);
    return r;
}

/* A position under rule string `rules` from "S:B:a6 N:F:b12 ..." (seat
 * letter, piece symbol, square), `to_move` to move. */
static void build(junqi_position *pos, const char *rules, junqi_seat to_move, const char *pieces)
{
    const junqi_rules *r = rules_of(rules);
    const junqi_board *b = junqi_rules_board(r);
    unsigned present = 0;
    uint8_t cells[JUNQI_MAX_POINTS] = {0};
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", pieces);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        int seat = (int)(strchr("NESW", tok[0]) - "NESW");
        junqi_piece piece = junqi_piece_parse(tok + 2, 1);
        int p = junqi_square_parse(b, tok + 4, (int)strlen(tok + 4));
        assert_true(p >= 0 && piece != JUNQI_NONE);
        cells[p] = JUNQI_CELL(seat, piece);
        present |= JUNQI_SEAT_BIT(seat);
    }
    junqi_position_init(pos, b, r, present);
    for (int p = 0; p < b->npoints; p++)
        if (cells[p])
            junqi_position_put(pos, p, cells[p]);
    junqi_position_set_turn(pos, to_move);
}

static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The targets of the piece on `square`, sorted, space-separated. */
static char *targets(const junqi_position *pos, const char *square)
{
    static char out[1024];
    junqi_move moves[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(pos, moves), k = 0;
    int from = junqi_square_parse(pos->board, square, (int)strlen(square));
    char names[JUNQI_MAX_MOVES][4];
    for (int i = 0; i < n; i++)
        if (moves[i].from == from)
            junqi_square_name(pos->board, moves[i].to, names[k++]);
    qsort(names, (size_t)k, sizeof names[0], by_name);
    out[0] = '\0';
    for (int i = 0; i < k; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? " " : "", names[i]);
    return out;
}

static int count_targets(const junqi_position *pos, const char *square)
{
    const char *t = targets(pos, square);
    int n = *t != '\0';
    for (; *t; t++)
        n += *t == ' ';
    return n;
}

/* Check move "from-to" (dash-separated) of pos: the code and the explanation. */
static void check(const junqi_position *pos, const char *move, junqi_illegal code, const char *why)
{
    junqi_move m;
    assert_true(junqi_move_parse(pos->board, move, strlen(move), &m));
    junqi_move_check c;
    junqi_illegal got = junqi_check_move(pos, m, &c);
    char text[256];
    junqi_describe_illegal(pos, m, &c, text, sizeof text);
    if (got != code || (why && strcmp(text, why) != 0))
        fail_msg("%s: expected %s '%s', got %s '%s'", move, junqi_code_name(junqi_illegal_code(code)), why ? why : "",
                 junqi_code_name(junqi_illegal_code(got)), text);
}

static void a_bomb_on_a_railway_corner_flies_with_bomb_moves_engineer(void **state)
{
    (void)state;
    const char *pieces = "S:B:a6 S:F:b1 N:F:b12 N:2:e11";
    junqi_position pos;
    build(&pos, "standard", JUNQI_SOUTH, pieces);
    assert_string_equal(targets(&pos, "a6"), "a10 a11 a2 a3 a4 a5 a7 a8 a9 b5 b6 c6 d6 e6");
    build(&pos, "standard,bomb_moves=engineer", JUNQI_SOUTH, pieces);
    /* every railway point but its own (32 on this board; e11 is an attack), and the camp b5 */
    assert_string_equal(targets(&pos, "a6"),
                        "a10 a11 a2 a3 a4 a5 a7 a8 a9 b11 b2 b5 b6 b7 c11 c2 c6 c7 d11 d2 d6 d7 "
                        "e10 e11 e2 e3 e4 e5 e6 e7 e8 e9");
    check(&pos, "a6-e11", JUNQI_LEGAL, NULL);
    /* it stops on the first occupied point: behind its own piece on b6 only the way round */
    build(&pos, "standard,bomb_moves=engineer", JUNQI_SOUTH, "S:B:a6 S:3:b6 S:3:a5 S:3:a7 S:F:b1 N:F:b12");
    assert_string_equal(targets(&pos, "a6"), "b5");
    check(&pos, "a6-c6", JUNQI_ILLEGAL_RAIL_BLOCKED, "bomb has no clear railway path from a6 to c6");
    /* four-player board: a bomb at i6 reaches every railway point of the board (73) but its
     * own, and its three road steps */
    build(&pos, "qq,bomb_moves=engineer", JUNQI_SOUTH, "S:B:i6 S:F:h1 N:F:h17 E:F:q8 W:F:a8");
    assert_int_equal(count_targets(&pos, "i6"), 72 + 3);
    build(&pos, "qq", JUNQI_SOUTH, "S:B:i6 S:F:h1 N:F:h17 E:F:q8 W:F:a8");
    assert_string_equal(targets(&pos, "i6"), "g6 h5 h6 i11 i12 i5 i7 i9 j5 j6 k6");
}

static void a_colonel_goes_three_steps_round_a_corner(void **state)
{
    (void)state;
    junqi_position pos;
    build(&pos, "standard,rail_mode=three_steps", JUNQI_SOUTH, "S:5:a6 S:F:b1 N:F:b12 N:2:e12");
    assert_string_equal(targets(&pos, "a6"), "a3 a4 a5 a7 a8 a9 b5 b6 b7 c6 c7 d6");
    check(&pos, "a6-a10", JUNQI_ILLEGAL_RAIL_STEPS,
          "a colonel may go at most three railway steps (rail_mode=three_steps): a6 to a10 takes 4");
    check(&pos, "a6-c7", JUNQI_LEGAL, NULL);
    /* an enemy on the third step is an attack; past it nothing */
    build(&pos, "standard,rail_mode=three_steps", JUNQI_SOUTH, "S:5:a6 S:F:b1 N:F:b12 N:2:c6");
    assert_string_equal(targets(&pos, "a6"), "a3 a4 a5 a7 a8 a9 b5 b6 b7 c6 c7");
    /* a bomb follows rail_mode, unless bomb_moves=engineer */
    build(&pos, "standard,rail_mode=three_steps", JUNQI_SOUTH, "S:B:a6 S:F:b1 N:F:b12 N:2:e12");
    assert_string_equal(targets(&pos, "a6"), "a3 a4 a5 a7 a8 a9 b5 b6 b7 c6 c7 d6");
    build(&pos, "standard,rail_mode=three_steps,bomb_moves=engineer", JUNQI_SOUTH,
          "S:B:a6 S:F:b1 N:F:b12 N:2:e12");
    assert_int_equal(count_targets(&pos, "a6"), 32);
    /* the engineer still flies */
    build(&pos, "standard,rail_mode=three_steps", JUNQI_SOUTH, "S:1:a6 S:F:b1 N:F:b12 N:2:e12");
    assert_int_equal(count_targets(&pos, "a6"), 32);
    /* four-player board: from k6, through the centre and round the arc */
    build(&pos, "qq,rail_mode=three_steps", JUNQI_SOUTH, "S:5:k6 S:F:h1 N:F:h17 E:F:q8 W:F:a8");
    assert_string_equal(targets(&pos, "k6"),
                        "g7 h6 i6 i7 i9 j5 j6 k11 k3 k4 k5 k7 k9 l7 l8 l9 m7 n7");
}

static void a_lieutenant_turns_once_with_rail_mode_one_turn(void **state)
{
    (void)state;
    junqi_position pos;
    build(&pos, "standard,rail_mode=one_turn", JUNQI_SOUTH, "S:2:c6 S:F:b1 N:F:b12 N:3:e12");
    assert_string_equal(targets(&pos, "c6"), "a10 a11 a2 a3 a4 a5 a6 a7 a8 a9 b5 b6 b7 c5 c7 d5 d6 "
                                             "d7 e10 e11 e2 e3 e4 e5 e6 e7 e8 e9");
    check(&pos, "c6-c11", JUNQI_ILLEGAL_RAIL_TURNS,
          "a lieutenant may turn at most once on the railway (rail_mode=one_turn), and no such path "
          "through empty points leads from c6 to c11");
    check(&pos, "c6-a11", JUNQI_LEGAL, NULL);
    build(&pos, "standard", JUNQI_SOUTH, "S:2:c6 S:F:b1 N:F:b12 N:3:e12");
    assert_string_equal(targets(&pos, "c6"), "a6 b5 b6 c5 c7 d5 d6 e6");
    check(&pos, "c6-a11", JUNQI_ILLEGAL_RAIL_TURN, "lieutenant cannot turn at a6 on the way from c6 to a11");
    /* the turn is on an empty point: a piece on a6 blocks the way up file a */
    build(&pos, "standard,rail_mode=one_turn", JUNQI_SOUTH, "S:2:c6 S:3:a6 S:F:b1 N:F:b12 N:3:e12");
    check(&pos, "c6-a9", JUNQI_ILLEGAL_RAIL_TURNS, NULL);
    check(&pos, "c6-b7", JUNQI_LEGAL, NULL); /* up the middle crossing and west along rank 7 */
    /* four-player board: down file k, round the arc (no turn) and one turn at p11 */
    build(&pos, "qq,rail_mode=one_turn", JUNQI_NORTH, "N:6:k14 N:F:h17 S:F:h1 E:F:q8 W:F:a8");
    const char *t = targets(&pos, "k14");
    assert_non_null(strstr(t, "p11"));
    assert_non_null(strstr(t, "p8"));  /* k14 … k12 ⌒ l11 … p11, turn, p10 … p8 */
    assert_non_null(strstr(t, "l8"));  /* k14 … k12 ⌒ l11, turn, l10 … l8 */
    assert_non_null(strstr(t, "b7"));  /* down file k to k7, turn, west along rank 7 */
    assert_null(strstr(t, "b9"));      /* two turns: b7 or b11, then along file b */
    assert_null(strstr(t, "g4"));      /* two turns */
}

static void a_piece_leaves_a_headquarters_with_hq_locks_off(void **state)
{
    (void)state;
    junqi_position pos;
    const char *pieces = "S:6:b1 S:F:d1 N:F:b12 N:3:c1";
    build(&pos, "standard", JUNQI_SOUTH, pieces);
    assert_string_equal(targets(&pos, "b1"), "");
    check(&pos, "b1-b2", JUNQI_ILLEGAL_HEADQUARTERS, "brigadier on headquarters b1 cannot move (b1-b2)");
    build(&pos, "standard,hq_locks=off", JUNQI_SOUTH, pieces);
    assert_string_equal(targets(&pos, "b1"), "a1 b2 c1");
    check(&pos, "b1-c1", JUNQI_LEGAL, NULL);
    check(&pos, "d1-c1", JUNQI_ILLEGAL_IMMOBILE, NULL); /* the flag still never moves */
    /* and into an enemy headquarters and out again */
    build(&pos, "standard,hq_locks=off", JUNQI_NORTH, "N:9:d12 N:F:b12 S:F:b1");
    assert_string_equal(targets(&pos, "d12"), "c12 d11 e12");
    build(&pos, "qq,hq_locks=off", JUNQI_WEST, "W:7:a8 W:F:a10 N:F:h17 S:F:h1 E:F:q8");
    assert_string_equal(targets(&pos, "a8"), "a7 a9 b8");
}

static void a_piece_enters_and_leaves_a_mountain(void **state)
{
    (void)state;
    junqi_position pos;
    build(&pos, "standard,mountain=shelter", JUNQI_SOUTH, "S:8:b6 S:F:b1 N:F:b12 N:2:e12");
    assert_int_equal(pos.board->npoints, 62);
    assert_string_equal(targets(&pos, "b6"), "a6 b5 bM c6 d6 e6");
    build(&pos, "standard", JUNQI_SOUTH, "S:8:b6 S:F:b1 N:F:b12 N:2:e12");
    assert_string_equal(targets(&pos, "b6"), "a6 b5 c6 d6 e6");
    /* in a mountain: onto the empty points of its ring only, never an attack */
    build(&pos, "standard,mountain=shelter", JUNQI_SOUTH, "S:8:bM S:F:b1 N:F:b12 N:3:b7");
    assert_string_equal(targets(&pos, "bM"), "a6 a7 b6 c6 c7");
    check(&pos, "bM-b7", JUNQI_ILLEGAL_FROM_MOUNTAIN,
          "general in mountain bM attacks captain on b7: a piece leaves a mountain only onto an empty point");
    check(&pos, "bM-d6", JUNQI_ILLEGAL_NOT_CONNECTED, NULL);
    /* a piece in a mountain cannot be attacked */
    build(&pos, "standard,mountain=shelter", JUNQI_NORTH, "S:8:bM S:F:b1 N:F:b12 N:9:a7");
    assert_null(strstr(targets(&pos, "a7"), "bM"));
    check(&pos, "a7-bM", JUNQI_ILLEGAL_MOUNTAIN_ATTACK,
          "marshal on a7 attacks south's general in mountain bM, which cannot be attacked");
    /* entered only by one step from the ring: not at the end of a run or a flight */
    build(&pos, "standard,mountain=shelter", JUNQI_SOUTH, "S:1:e6 S:F:b1 N:F:b12 N:2:e12");
    const char *t = targets(&pos, "e6");
    assert_non_null(strstr(t, "dM"));
    assert_null(strstr(t, "bM"));
    check(&pos, "e6-bM", JUNQI_ILLEGAL_NOT_CONNECTED,
          "engineer cannot go from e6 to bM: a mountain is entered and left by one step between it "
          "and a railway point round it");
    /* c6 and c7 lie on both rings; one piece per mountain */
    build(&pos, "standard,mountain=shelter", JUNQI_SOUTH, "S:4:c6 S:F:b1 N:F:b12 N:2:dM");
    t = targets(&pos, "c6");
    assert_non_null(strstr(t, "bM"));
    assert_null(strstr(t, "dM"));
}

static void bombs_may_start_in_the_front_row_with_bomb_front_row_allow(void **state)
{
    (void)state;
    uint8_t setup[6][5];
    assert_true(junqi_setup_parse("B1125/9.3.2/72.87/5.3.4/6B63L/1L4FL", 35, setup));
    junqi_setup_problem p[JUNQI_MAX_SETUP_PROBLEMS];
    assert_int_equal(junqi_setup_check(setup, p), 1);
    assert_int_equal(p[0].code, JUNQI_CODE_BOMB_FRONT_ROW);
    assert_int_equal(junqi_setup_check_under(setup, rules_of("standard"), p), 1);
    assert_int_equal(junqi_setup_check_under(setup, rules_of("standard,bomb_front_row=allow"), p), 0);
    assert_int_equal(junqi_setup_check_under(setup, rules_of("qq,bomb_front_row=allow"), p), 0);
    /* the other placement rules still hold */
    assert_true(junqi_setup_parse("L1125/9.3.2/72.87/5.3.4/6B63B/1L4FL", 35, setup));
    assert_int_equal(junqi_setup_check_under(setup, rules_of("standard,bomb_front_row=allow"), p), 1);
    assert_int_equal(p[0].code, JUNQI_CODE_LANDMINE_ROW);
    assert_true(junqi_setup_allowed_under(rules_of("wiki,bomb_front_row=allow"), 1, 3) & (1u << JUNQI_BOMB));
    assert_false(junqi_setup_allowed_under(rules_of("wiki"), 1, 3) & (1u << JUNQI_BOMB));
}

/* Small positions whose perft counts are worked out by hand: north's
 * lieutenant on e12 has two replies (e11, d12) whatever south did. */
static void perft_of_small_positions_matches_hand_counts(void **state)
{
    (void)state;
    const struct {
        const char *rules, *pieces;
        uint64_t d1, d2;
    } cases[] = {
        {"standard", "S:B:a6 S:F:b1 N:F:b12 N:2:e12", 14, 28},
        {"standard,bomb_moves=engineer", "S:B:a6 S:F:b1 N:F:b12 N:2:e12", 32, 64},
        {"standard,rail_mode=three_steps", "S:5:a6 S:F:b1 N:F:b12 N:2:e12", 12, 24},
        {"standard,rail_mode=one_turn", "S:2:c6 S:F:b1 N:F:b12 N:3:e12", 28, 56},
        {"standard,mountain=shelter", "S:8:b6 S:F:b1 N:F:b12 N:2:e12", 6, 12},
        {"standard", "S:8:b6 S:F:b1 N:F:b12 N:2:e12", 5, 10},
        {"standard,hq_locks=off", "S:6:b1 S:F:d1 N:F:b12 N:2:e12", 3, 6},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        junqi_position pos;
        build(&pos, cases[i].rules, JUNQI_SOUTH, cases[i].pieces);
        assert_int_equal(junqi_perft(&pos, 1), cases[i].d1);
        assert_int_equal(junqi_perft(&pos, 2), cases[i].d2);
    }
}

/* ---- the second move generator -------------------------------------------
 * Written from the board's points and edges and docs/variants.md, sharing
 * nothing with movegen.c: railway lines are not read from the board's run
 * trees or continuations but worked out from geometry. Two railway edges
 * a-b, b-c are one straight line when they point the same way, or when one
 * is an arc (a diagonal edge of the four-player board) and the other runs
 * along the column of b's arm (it changes row, not column, in b's arm). */

typedef struct second {
    const junqi_position *pos;
    int from, seat;
    uint8_t on_path[JUNQI_MAX_POINTS];
    uint8_t hit[JUNQI_MAX_POINTS];
} second;

static int sign(int v) { return (v > 0) - (v < 0); }

static bool is_arc(const junqi_board *b, int p, int q)
{
    return b->point[p].file != b->point[q].file && b->point[p].rank != b->point[q].rank;
}

/* Does the edge b-c run along the column of b's arm? */
static bool along_column(const junqi_board *b, int p, int q)
{
    const junqi_point *x = &b->point[p], *y = &b->point[q];
    return x->arm < JUNQI_SEATS && x->arm == y->arm && x->col == y->col && x->row != y->row;
}

static bool straight(const junqi_board *b, int a, int m, int c)
{
    bool arc1 = is_arc(b, a, m), arc2 = is_arc(b, m, c);
    if (arc1)
        return !arc2 && along_column(b, m, c);
    if (arc2)
        return along_column(b, m, a);
    const junqi_point *pa = &b->point[a], *pm = &b->point[m], *pc = &b->point[c];
    return sign(pm->file - pa->file) == sign(pc->file - pm->file) &&
           sign(pm->rank - pa->rank) == sign(pc->rank - pm->rank);
}

static bool enemy_at(const second *s, int q)
{
    uint8_t c = s->pos->cell[q];
    return c && !junqi_position_friendly(s->pos, s->seat, JUNQI_CELL_SEAT(c));
}

/* One railway walk: `steps` edges done, `turns` turns made, arriving at cur from prev. */
static void walk(second *s, int prev, int cur, int steps, int turns, int kind)
{
    const junqi_board *b = s->pos->board;
    if (s->on_path[cur])
        return;
    if (s->pos->cell[cur]) {
        if (enemy_at(s, cur))
            s->hit[cur] = 1;
        return;
    }
    s->hit[cur] = 1;
    s->on_path[cur] = 1;
    for (int i = 0; i < b->nrail[cur]; i++) {
        int next = b->rail[cur][i];
        bool st = straight(b, prev, cur, next);
        if (kind == 'E' || (kind == '3' && steps < 3) || (kind == 'S' && st) ||
            (kind == '1' && next != prev && (st || turns == 0)))
            walk(s, cur, next, steps + 1, turns + !st, kind);
    }
    if (kind != 'E') /* an engineer's flight is any path: a point once reached stays reached */
        s->on_path[cur] = 0;
}

/* A move as a number that sorts as the move does: from, then to. */
static int key(int from, int to)
{
    return from * 256 + to;
}

/* The legal moves of the seat to move, by the second generator, as keys. */
static int second_moves(const junqi_position *pos, int *keys)
{
    const junqi_board *b = pos->board;
    const junqi_rules *r = pos->rules;
    int n = 0;
    if (junqi_position_over(pos))
        return 0;
    for (int p = 0; p < b->npoints; p++) {
        uint8_t c = pos->cell[p];
        int piece = JUNQI_CELL_PIECE(c);
        if (!c || JUNQI_CELL_SEAT(c) != pos->to_move || piece == JUNQI_FLAG || piece == JUNQI_LANDMINE ||
            (b->point[p].kind == JUNQI_HEADQUARTERS && r->hq_locks))
            continue;
        second s = {pos, p, pos->to_move, {0}, {0}};
        for (int i = 0; i < b->nroad[p]; i++) {
            int q = b->road[p][i];
            if (!pos->cell[q] || (enemy_at(&s, q) && b->point[q].kind != JUNQI_CAMP))
                s.hit[q] = 1;
        }
        for (int i = 0; i < b->nshelter[p]; i++)
            if (!pos->cell[b->shelter[p][i]])
                s.hit[b->shelter[p][i]] = 1;
        int kind = piece == JUNQI_ENGINEER || (piece == JUNQI_BOMB && r->bomb_moves) ? 'E'
                   : r->rail_mode == JUNQI_RAIL_THREE_STEPS                          ? '3'
                   : r->rail_mode == JUNQI_RAIL_ONE_TURN                             ? '1'
                                                                                     : 'S';
        s.on_path[p] = 1;
        for (int i = 0; i < b->nrail[p]; i++)
            walk(&s, p, b->rail[p][i], 1, 0, kind);
        for (int q = 0; q < b->npoints; q++)
            if (s.hit[q] && q != p)
                keys[n++] = key(p, q);
    }
    return n;
}

static int by_key(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* At the root: junqi_check_move accepts exactly the listed moves of the mover's pieces. */
static void check_moves_agree(const junqi_position *pos, const int *keys, int n)
{
    for (int f = 0; f < pos->board->npoints; f++) {
        if (!pos->cell[f] || JUNQI_CELL_SEAT(pos->cell[f]) != pos->to_move)
            continue;
        for (int t = 0; t < pos->board->npoints; t++) {
            junqi_move mv = {(uint8_t)f, (uint8_t)t};
            int k = key(f, t);
            bool listed = bsearch(&k, keys, (size_t)n, sizeof keys[0], by_key) != NULL;
            if (listed != (junqi_check_move(pos, mv, NULL) == JUNQI_LEGAL)) {
                char name[8];
                fail_msg("%s: junqi_check_move and the move list disagree (%s)",
                         junqi_move_name(pos->board, mv, name), pos->rules->text);
            }
        }
    }
}

/* perft by the second generator, checking at every node that the library
 * generates the same moves, and at the root that junqi_check_move agrees. */
static uint64_t checked_perft(junqi_position *pos, int depth, bool root)
{
    if (depth == 0)
        return 1;
    int mine[JUNQI_MAX_MOVES], theirs[JUNQI_MAX_MOVES];
    int n = second_moves(pos, mine);
    junqi_move moves[JUNQI_MAX_MOVES];
    int m = junqi_generate_moves(pos, moves);
    for (int i = 0; i < m; i++)
        theirs[i] = key(moves[i].from, moves[i].to);
    qsort(theirs, (size_t)m, sizeof theirs[0], by_key);
    if (n != m || memcmp(mine, theirs, sizeof mine[0] * (size_t)n) != 0) {
        char *text = junqi_pos_format(pos);
        fail_msg("%s (%s): the second generator has %d moves, the library %d", text,
                 pos->rules->text, n, m);
    }
    if (root)
        check_moves_agree(pos, mine, n);
    if (n == 0) {
        if (junqi_position_over(pos))
            return 0;
        junqi_undo u;
        junqi_position_eliminate(pos, (junqi_seat)pos->to_move, JUNQI_REASON_NO_MOVABLE_PIECE, &u);
        uint64_t total = checked_perft(pos, depth, false);
        junqi_unmake(pos, &u);
        return total;
    }
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        junqi_undo u;
        junqi_make(pos, (junqi_move){(uint8_t)(mine[i] >> 8), (uint8_t)(mine[i] & 255)}, &u);
        total += checked_perft(pos, depth - 1, false);
        junqi_unmake(pos, &u);
    }
    return total;
}

/* ---- positions to count from ---------------------------------------------- */

static uint64_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state >> 33;
}

/* Play up to `plies` random legal moves (fixed seed), eliminating seats with
 * no move as perft does; stop before the game ends. */
static void random_playout(junqi_position *pos, int plies, uint64_t seed)
{
    for (int i = 0; i < plies; i++) {
        junqi_resolve_no_move(pos);
        junqi_move moves[JUNQI_MAX_MOVES];
        int n = junqi_generate_moves(pos, moves);
        if (n == 0)
            return;
        junqi_position before = *pos;
        junqi_undo u;
        junqi_make(pos, moves[next_random(&seed) % (uint64_t)n], &u);
        if (junqi_position_over(pos)) {
            *pos = before;
            return;
        }
    }
}

static const char *const two_player_setups[][2] = {
    {"81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL", "36615/7.3.9/81.B7/B.4.3/225L4/12LFL"},
    {"36615/7.3.9/81.B7/B.4.3/225L4/12LFL", "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"},
};

/* The start of a two-player game under rule string `rules`. */
static void two_player_start(junqi_position *pos, const char *rules, int k)
{
    const junqi_rules *r = rules_of(rules);
    junqi_position_init(pos, junqi_rules_board(r), r, JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
    uint8_t layout[6][5];
    for (int s = 0; s < 2; s++) {
        assert_true(junqi_setup_parse(two_player_setups[k][s], 35, layout));
        junqi_position_place_setup(pos, s ? JUNQI_NORTH : JUNQI_SOUTH, layout);
    }
}

/* The start of a real four-player game (tests/data/perft/replays) under `rules`. */
static void four_player_start(junqi_position *pos, const char *rules, int k)
{
    static const char *const files[] = {"jgs-000029.jgs", "jgs-000150.jgs", "jgs-000281.jgs",
                                        "jgs-000374.jgs"};
    char path[256];
    snprintf(path, sizeof path, "tests/data/perft/replays/%s", files[k % 4]);
    junqi_game *g = load_replay(source_path(path));
    assert_non_null(g);
    junqi_replay r;
    assert_true(junqi_replay_start(&r, g, rules_of(rules), NULL));
    *pos = r.pos;
    junqi_game_free(g);
}

/* perft under `rules` from 20 positions (random playouts of 0 to 95 moves
 * under the same rules) agrees with the second generator at every node. */
static void perft_agrees_under(const char *rules, junqi_board_kind board, int depth)
{
    for (int i = 0; i < 20; i++) {
        junqi_position pos;
        if (board == JUNQI_TWO_PLAYER)
            two_player_start(&pos, rules, i % 2);
        else
            four_player_start(&pos, rules, i);
        random_playout(&pos, (i * 37) % 96, 0x5EED + (uint64_t)i);
        uint64_t hash = pos.hash;
        uint64_t counted = checked_perft(&pos, depth, true);
        assert_int_equal(junqi_perft(&pos, depth), counted);
        assert_int_equal(pos.hash, hash);
    }
}

static void two_player_perft_agrees_with_a_second_generator_under_every_switch(void **state)
{
    (void)state;
    const char *sets[] = {
        "standard",
        "standard,bomb_moves=engineer",
        "standard,rail_mode=one_turn",
        "standard,rail_mode=three_steps",
        "standard,hq_locks=off",
        "standard,mountain=shelter",
        "standard,bomb_moves=engineer,rail_mode=one_turn,hq_locks=off,mountain=shelter",
        "wiki,rail_mode=three_steps,mountain=shelter",
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        perft_agrees_under(sets[i], JUNQI_TWO_PLAYER, 3);
}

static void four_player_perft_agrees_with_a_second_generator_under_every_switch(void **state)
{
    (void)state;
    const char *sets[] = {
        "qq",
        "qq,bomb_moves=engineer",
        "qq,rail_mode=one_turn",
        "qq,rail_mode=three_steps",
        "qq,hq_locks=off",
        "qq,turn_order=cw,bomb_moves=engineer,rail_mode=one_turn,hq_locks=off",
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        perft_agrees_under(sets[i], JUNQI_FOUR_PLAYER, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_bomb_on_a_railway_corner_flies_with_bomb_moves_engineer),
        cmocka_unit_test(a_colonel_goes_three_steps_round_a_corner),
        cmocka_unit_test(a_lieutenant_turns_once_with_rail_mode_one_turn),
        cmocka_unit_test(a_piece_leaves_a_headquarters_with_hq_locks_off),
        cmocka_unit_test(a_piece_enters_and_leaves_a_mountain),
        cmocka_unit_test(bombs_may_start_in_the_front_row_with_bomb_front_row_allow),
        cmocka_unit_test(perft_of_small_positions_matches_hand_counts),
        cmocka_unit_test(two_player_perft_agrees_with_a_second_generator_under_every_switch),
        cmocka_unit_test(four_player_perft_agrees_with_a_second_generator_under_every_switch),
    };
    return cmocka_run_group_tests_name("switches", tests, NULL, NULL);
}
