/* SPDX-License-Identifier: MIT */
/*
 * test_terms.c - the players' names of points (libcore/terms.h) checked
 * against seed 000's descriptions (§认识棋盘, summarised in docs/terms.md) on
 * both boards, for every seat, by the board's own geometry and lines rather
 * than by the name table; and docs/terms.md against the glossary table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "terms.h"
#include "testutil.h"

static const junqi_board_kind kinds[2] = {JUNQI_TWO_PLAYER, JUNQI_FOUR_PLAYER};

/* The point of seat's arm at (row, col), owner's frame. */
static int at(const junqi_board *b, int seat, int row, int col)
{
    return b->arm_point[seat][row - 1][col - 1];
}

static junqi_term name_of(const junqi_board *b, int p, int flag_column)
{
    return junqi_point_terms_of(b, p, flag_column).name;
}

static bool adjacent(const junqi_board *b, int p, int q)
{
    return junqi_board_road_adjacent(b, p, q) || junqi_board_rail_adjacent(b, p, q);
}

/* Board coordinates of a point, as numbers (file, rank). */
static void coords(const junqi_board *b, int p, double *x, double *y)
{
    *x = b->point[p].file;
    *y = b->point[p].rank;
}

/* Call fn for every seat of every board, with the flag unknown (0) and on either side. */
static void each_arm(void (*fn)(const junqi_board *b, int seat, int flag_column))
{
    for (int k = 0; k < 2; k++) {
        const junqi_board *b = junqi_board_get(kinds[k]);
        for (int seat = 0; seat < JUNQI_SEATS; seat++)
            if (b->seats & JUNQI_SEAT_BIT(seat))
                for (int flag = 0; flag <= 4; flag += 2)
                    fn(b, seat, flag);
    }
}

/* Seed 000: an arm has six rows, 锋线 二线 三线 四线 底线 端线 from the front:
 * row 1 touches the enemy or the centre, row 6 holds the headquarters. */
static void rows_check(const junqi_board *b, int seat, int flag)
{
    (void)flag;
    for (int row = 1; row <= 6; row++)
        for (int col = 1; col <= 5; col++)
            assert_int_equal(junqi_point_terms_of(b, at(b, seat, row, col), flag).row,
                             JUNQI_TERM_FRONT_ROW + row - 1);
    int outside = 0;
    for (int col = 1; col <= 5; col++) {
        int p = at(b, seat, 1, col);
        for (int i = 0; i < b->nrail[p]; i++)
            outside += b->point[b->rail[p][i]].arm != seat;
    }
    assert_true(outside >= 3);
    assert_int_equal(b->point[at(b, seat, 6, 2)].kind, JUNQI_HEADQUARTERS);
}

static void rows_run_front_to_back(void **state)
{
    (void)state;
    each_arm(rows_check);
}

/* Seed 000: the two outer columns are 左边路 and 右边路, the rest 中路: column 1
 * lies on the owner's left as the owner faces the front; columns 1 and 5 are
 * railway from row 1 to row 5. */
static void columns_check(const junqi_board *b, int seat, int flag)
{
    double fx, fy, bx, by, lx, ly, rx, ry;
    coords(b, at(b, seat, 1, 3), &fx, &fy);
    coords(b, at(b, seat, 6, 3), &bx, &by);
    coords(b, at(b, seat, 3, 1), &lx, &ly);
    coords(b, at(b, seat, 3, 5), &rx, &ry);
    double ahead_x = fx - bx, ahead_y = fy - by; /* the owner looks this way */
    double left_x = -ahead_y, left_y = ahead_x;  /* a quarter turn anticlockwise */
    assert_true((lx - rx) * left_x + (ly - ry) * left_y > 0);
    for (int row = 1; row <= 6; row++) {
        assert_int_equal(junqi_point_terms_of(b, at(b, seat, row, 1), flag).column,
                         JUNQI_TERM_LEFT_FLANK);
        assert_int_equal(junqi_point_terms_of(b, at(b, seat, row, 5), flag).column,
                         JUNQI_TERM_RIGHT_FLANK);
        for (int col = 2; col <= 4; col++)
            assert_int_equal(junqi_point_terms_of(b, at(b, seat, row, col), flag).column,
                             JUNQI_TERM_MIDDLE);
    }
    for (int row = 1; row < 5; row++) {
        assert_true(junqi_board_rail_adjacent(b, at(b, seat, row, 1), at(b, seat, row + 1, 1)));
        assert_true(junqi_board_rail_adjacent(b, at(b, seat, row, 5), at(b, seat, row + 1, 5)));
    }
}

static void columns_are_seen_from_the_owner(void **state)
{
    (void)state;
    each_arm(columns_check);
}

/* The stations of `row` in the middle (columns 2-4). */
static int middle_stations(const junqi_board *b, int seat, int row, int out[3])
{
    int n = 0;
    for (int col = 2; col <= 4; col++)
        if (b->point[at(b, seat, row, col)].kind == JUNQI_STATION)
            out[n++] = at(b, seat, row, col);
    return n;
}

/* 棋眉, 咽部, 左腹/右腹, 脐部 as seed 000 describes them. */
static void middle_check(const junqi_board *b, int seat, int flag)
{
    int mid = at(b, seat, 1, 3), s[3];
    /* the front-row stations either side of its middle are 棋眉 */
    for (int col = 1; col <= 5; col++) {
        int p = at(b, seat, 1, col);
        bool beside = col != 3 && adjacent(b, p, mid);
        assert_int_equal(name_of(b, p, flag) == JUNQI_TERM_BROW, beside);
    }
    /* the middle station of row 2 is 咽部, of row 4 脐部: one station each */
    assert_int_equal(middle_stations(b, seat, 2, s), 1);
    assert_int_equal(name_of(b, s[0], flag), JUNQI_TERM_THROAT);
    assert_int_equal(middle_stations(b, seat, 4, s), 1);
    assert_int_equal(name_of(b, s[0], flag), JUNQI_TERM_NAVEL);
    /* the stations either side of row 3's 中营 are 左腹 and 右腹 */
    int camp = at(b, seat, 3, 3);
    assert_int_equal(b->point[camp].kind, JUNQI_CAMP);
    assert_int_equal(name_of(b, camp, flag), JUNQI_TERM_MIDDLE_CAMP);
    int left = at(b, seat, 3, 2), right = at(b, seat, 3, 4);
    assert_true(adjacent(b, camp, left) && adjacent(b, camp, right));
    assert_int_equal(name_of(b, left, flag), JUNQI_TERM_LEFT_BELLY);
    assert_int_equal(name_of(b, right, flag), JUNQI_TERM_RIGHT_BELLY);
}

static void brow_throat_belly_and_navel_are_where_seed_000_puts_them(void **state)
{
    (void)state;
    each_arm(middle_check);
}

/* Of two points, the one nearer the headquarters holding the flag (flag 2 or 4). */
static int nearer_flag(const junqi_board *b, int seat, int flag, int p, int q)
{
    double hx, hy, px, py, qx, qy;
    coords(b, at(b, seat, 6, flag), &hx, &hy);
    coords(b, p, &px, &py);
    coords(b, q, &qx, &qy);
    double dp = (px - hx) * (px - hx) + (py - hy) * (py - hy);
    double dq = (qx - hx) * (qx - hx) + (qy - hy) * (qy - hy);
    return dp < dq ? p : q;
}

/* 角 (旗角/虚角), 底 (旗底/虚底), 台 (旗台/虚台), 台中, 中底 and 旗营. */
static void back_check(const junqi_board *b, int seat, int flag)
{
    int lc = at(b, seat, 5, 1), rc = at(b, seat, 5, 5); /* row 5 on the flanks: 角 */
    int lb = at(b, seat, 6, 1), rb = at(b, seat, 6, 5); /* behind each 角: 底 */
    assert_true(adjacent(b, lc, lb) && adjacent(b, rc, rb));
    int ls = at(b, seat, 5, 2), rs = at(b, seat, 5, 4); /* in front of each HQ: 台 */
    assert_true(adjacent(b, ls, at(b, seat, 6, 2)) && adjacent(b, rs, at(b, seat, 6, 4)));
    int mid = at(b, seat, 5, 3);                        /* between the 台: 台中 */
    assert_true(adjacent(b, mid, ls) && adjacent(b, mid, rs));
    assert_int_equal(name_of(b, mid, flag), JUNQI_TERM_MIDDLE_STAND);
    assert_true(adjacent(b, mid, at(b, seat, 6, 3)));   /* behind 台中: 中底 */
    assert_int_equal(name_of(b, at(b, seat, 6, 3), flag), JUNQI_TERM_MIDDLE_BOTTOM);
    if (flag == 0) {
        assert_int_equal(name_of(b, lc, 0), JUNQI_TERM_LEFT_CORNER);
        assert_int_equal(name_of(b, rb, 0), JUNQI_TERM_RIGHT_BOTTOM);
        assert_int_equal(name_of(b, ls, 0), JUNQI_TERM_LEFT_STAND); /* 左台 and 右台 */
        assert_int_equal(name_of(b, rs, 0), JUNQI_TERM_RIGHT_STAND);
        return;
    }
    int fc = nearer_flag(b, seat, flag, lc, rc), fb = nearer_flag(b, seat, flag, lb, rb);
    assert_int_equal(name_of(b, fc, flag), JUNQI_TERM_FLAG_CORNER);
    assert_int_equal(name_of(b, fc == lc ? rc : lc, flag), JUNQI_TERM_EMPTY_CORNER);
    assert_int_equal(name_of(b, fb, flag), JUNQI_TERM_FLAG_BOTTOM);
    assert_int_equal(name_of(b, fb == lb ? rb : lb, flag), JUNQI_TERM_EMPTY_BOTTOM);
    /* the 台 in front of the flag is 旗台, the other 虚台 */
    int fs = at(b, seat, 5, flag), es = at(b, seat, 5, 6 - flag);
    assert_int_equal(name_of(b, fs, flag), JUNQI_TERM_FLAG_STAND);
    assert_int_equal(name_of(b, es, flag), JUNQI_TERM_EMPTY_STAND);
    /* the rear camp in front of the flag is also 旗营: the flag's column, two points up */
    int camp = at(b, seat, 4, flag);
    assert_int_equal(b->point[camp].kind, JUNQI_CAMP);
    assert_true(adjacent(b, camp, fs));
    assert_int_equal(name_of(b, camp, flag), JUNQI_TERM_FLAG_CAMP);
    assert_int_equal(name_of(b, at(b, seat, 4, 6 - flag), flag),
                     flag == 2 ? JUNQI_TERM_RIGHT_REAR_CAMP : JUNQI_TERM_LEFT_REAR_CAMP);
}

static void corners_bottoms_and_stands_follow_the_flag(void **state)
{
    (void)state;
    each_arm(back_check);
}

/* Seed 000: the five camps are 左前营, 右前营, 中营, 左底营 and 右底营. */
static void camps_check(const junqi_board *b, int seat, int flag)
{
    if (flag)
        return;
    static const junqi_term camp_names[] = {JUNQI_TERM_LEFT_FRONT_CAMP, JUNQI_TERM_RIGHT_FRONT_CAMP,
                                            JUNQI_TERM_MIDDLE_CAMP, JUNQI_TERM_LEFT_REAR_CAMP,
                                            JUNQI_TERM_RIGHT_REAR_CAMP};
    int found[5] = {0}, camps = 0;
    for (int row = 1; row <= 6; row++)
        for (int col = 1; col <= 5; col++) {
            int p = at(b, seat, row, col);
            if (b->point[p].kind != JUNQI_CAMP)
                continue;
            camps++;
            for (int i = 0; i < 5; i++)
                found[i] += name_of(b, p, 0) == camp_names[i];
            /* front camps in row 2, the middle one in row 3, rear ones in row 4 */
            junqi_term t = name_of(b, p, 0);
            int want_row = t == JUNQI_TERM_MIDDLE_CAMP ? 3
                           : (t == JUNQI_TERM_LEFT_FRONT_CAMP || t == JUNQI_TERM_RIGHT_FRONT_CAMP)
                               ? 2
                               : 4;
            assert_int_equal(row, want_row);
            if (t == JUNQI_TERM_LEFT_FRONT_CAMP || t == JUNQI_TERM_LEFT_REAR_CAMP)
                assert_true(col < 3);
        }
    assert_int_equal(camps, 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(found[i], 1);
}

static void the_five_camps_have_their_names(void **state)
{
    (void)state;
    each_arm(camps_check);
}

/* Seed 000: the centre (九宫) has four 星位, four 边宫 and the 中宫 in the middle:
 * by their railway links inside the centre, corners have 2, edges 3 and the middle 4. */
static void centre_points_are_star_points_edge_palaces_and_the_middle(void **state)
{
    (void)state;
    const junqi_board *b = junqi_board_get(JUNQI_FOUR_PLAYER);
    int count[JUNQI_TERMS] = {0};
    for (int p = 0; p < b->npoints; p++) {
        if (b->point[p].arm < JUNQI_SEATS)
            continue;
        int links = 0;
        for (int i = 0; i < b->nrail[p]; i++)
            links += b->point[b->rail[p][i]].arm >= JUNQI_SEATS;
        junqi_point_terms t = junqi_point_terms_of(b, p, 0);
        assert_int_equal(t.seat, JUNQI_NO_SEAT);
        assert_int_equal(t.name, links == 2   ? JUNQI_TERM_STAR_POINT
                                 : links == 3 ? JUNQI_TERM_EDGE_PALACE
                                              : JUNQI_TERM_MIDDLE_PALACE);
        count[t.name]++;
    }
    assert_int_equal(count[JUNQI_TERM_STAR_POINT], 4);
    assert_int_equal(count[JUNQI_TERM_EDGE_PALACE], 4);
    assert_int_equal(count[JUNQI_TERM_MIDDLE_PALACE], 1);
    /* the 中宫 is also called 天元 */
    assert_string_equal(junqi_term_get(JUNQI_TERM_TIANYUAN)->zh, "天元");
}

static void phrases_name_the_owner_and_the_point(void **state)
{
    (void)state;
    static const struct {
        junqi_board_kind board;
        const char *square;
        int flag;
        junqi_names style;
        const char *want;
    } cases[] = {
        /* the examples: 南家旗台, 东家旗角 */
        {JUNQI_FOUR_PLAYER, "h2", 2, JUNQI_NAMES_ZH, "南家旗台"},
        {JUNQI_FOUR_PLAYER, "h2", 2, JUNQI_NAMES_ZH_HANT, "南家旗臺"},
        {JUNQI_FOUR_PLAYER, "h2", 2, JUNQI_NAMES_EN, "south's flag stand"},
        {JUNQI_TWO_PLAYER, "b2", 2, JUNQI_NAMES_ZH, "南家旗台"},
        /* east's arm: row 5 is file p, its column 1 (east's left) rank 7 */
        {JUNQI_FOUR_PLAYER, "p7", 2, JUNQI_NAMES_ZH, "东家旗角"},
        {JUNQI_FOUR_PLAYER, "p7", 4, JUNQI_NAMES_ZH, "东家虚角"},
        {JUNQI_FOUR_PLAYER, "p7", 0, JUNQI_NAMES_ZH, "东家左角"},
        /* north faces south: its left is east, so its column 1 is file k (e on two players) */
        {JUNQI_FOUR_PLAYER, "k12", 0, JUNQI_NAMES_ZH, "北家锋线左边路"},
        {JUNQI_FOUR_PLAYER, "k12", 0, JUNQI_NAMES_EN, "north's front row, left flank"},
        {JUNQI_TWO_PLAYER, "e7", 0, JUNQI_NAMES_ZH, "北家锋线左边路"},
        {JUNQI_FOUR_PLAYER, "i9", 0, JUNQI_NAMES_ZH, "中宫"},
        {JUNQI_FOUR_PLAYER, "i9", 0, JUNQI_NAMES_EN, "the middle palace"},
        {JUNQI_FOUR_PLAYER, "g7", 0, JUNQI_NAMES_ZH_HANT, "星位"},
        /* west's arm: row 1 is file f, column 1 (west's left) rank 11 */
        {JUNQI_FOUR_PLAYER, "e9", 4, JUNQI_NAMES_ZH, "西家咽部"},
        {JUNQI_FOUR_PLAYER, "b8", 4, JUNQI_NAMES_ZH, "西家旗台"},
        {JUNQI_FOUR_PLAYER, "b10", 4, JUNQI_NAMES_ZH, "西家虚台"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[128];
        const junqi_board *b = junqi_board_get(cases[i].board);
        int p = junqi_square_parse(b, cases[i].square, (int)strlen(cases[i].square));
        assert_true(p >= 0);
        assert_true(junqi_point_phrase(b, p, cases[i].flag, cases[i].style, buf, sizeof buf) <
                    (int)sizeof buf);
        assert_string_equal(buf, cases[i].want);
    }
}

static void the_flag_column_comes_from_the_position(void **state)
{
    (void)state;
    junqi_position pos;
    junqi_position_init(&pos, junqi_board_get(JUNQI_FOUR_PLAYER), junqi_rules_default(JUNQI_FOUR_PLAYER),
                        0xF);
    assert_int_equal(junqi_flag_column(&pos, JUNQI_SOUTH), 0);
    put_piece(&pos, "j1", JUNQI_SOUTH, JUNQI_FLAG);
    assert_int_equal(junqi_flag_column(&pos, JUNQI_SOUTH), 4);
    put_piece(&pos, "h17", JUNQI_NORTH, JUNQI_UNKNOWN);
    assert_int_equal(junqi_flag_column(&pos, JUNQI_NORTH), 0);
    put_piece(&pos, "h17", JUNQI_NORTH, JUNQI_FLAG); /* north's column 4 is file h */
    assert_int_equal(junqi_flag_column(&pos, JUNQI_NORTH), 4);
}

/* Fail unless docs/terms.md (doc) holds the table row that format makes. */
static void expect_row(const char *doc, const char *format, ...)
{
    char row[512];
    va_list ap;
    va_start(ap, format);
    vsnprintf(row, sizeof row, format, ap);
    va_end(ap);
    if (!strstr(doc, row))
        fail_msg("docs/terms.md has no row %s", row);
}

/* docs/terms.md: a table row "| zh | zh-Hant | en | `id` | source |" for every term, and
 * the pieces as piece.h names them. */
static void the_glossary_lists_every_term_with_its_words(void **state)
{
    (void)state;
    size_t len;
    char *doc = (char *)read_file(source_path("docs/terms.md"), &len);
    assert_non_null(doc);
    doc[len] = 0;
    for (int t = 1; t < JUNQI_TERMS; t++) {
        const junqi_term_info *i = junqi_term_get((junqi_term)t);
        expect_row(doc, "| %s | %s | %s | `%s` | %s |", i->zh, i->zh_hant, i->en, i->id, i->source);
    }
    for (int p = JUNQI_FLAG; p <= JUNQI_MARSHAL; p++)
        expect_row(doc, "| %s | %s | %s |", junqi_piece_name((junqi_piece)p, JUNQI_NAMES_ZH),
                   junqi_piece_name((junqi_piece)p, JUNQI_NAMES_ZH_HANT),
                   junqi_piece_name((junqi_piece)p, JUNQI_NAMES_EN));
    free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rows_run_front_to_back),
        cmocka_unit_test(columns_are_seen_from_the_owner),
        cmocka_unit_test(brow_throat_belly_and_navel_are_where_seed_000_puts_them),
        cmocka_unit_test(corners_bottoms_and_stands_follow_the_flag),
        cmocka_unit_test(the_five_camps_have_their_names),
        cmocka_unit_test(centre_points_are_star_points_edge_palaces_and_the_middle),
        cmocka_unit_test(phrases_name_the_owner_and_the_point),
        cmocka_unit_test(the_flag_column_comes_from_the_position),
        cmocka_unit_test(the_glossary_lists_every_term_with_its_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
