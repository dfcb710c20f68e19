/* SPDX-License-Identifier: MIT */
/*
 * test_flip_perft.c - perft of flip games (docs/flip.md "perft"): the
 * library's counts at depths 1-4 from positions of seeded games of fanqi,
 * fanfan, fanqi_wiki and huqi equal those of a second counter written here
 * from docs/flip.md alone, apart from flip_gen.c: it walks board.h's
 * railway run trees and a breadth-first engineer search over every pair of
 * points, and states the attack rules anew. Both apply actions with
 * junqi_flip_make. Also: --divide keys and their order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "flip_out.h"
#include "flipnote.h"
#include "fliputil.h"

/* ---- the second counter ---- */

static int colour_of_mover(const junqi_flip *pos)
{
    return pos->st.colour[pos->st.to_move];
}

static bool flag_free(const junqi_flip *pos, int colour) /* huqi: colour's flag moves */
{
    return pos->rules->flag_moves && pos->st.removed[colour ^ 1][JUNQI_LANDMINE] == 3;
}

/* Mark what a straight railway line reaches through empty points (board.h's run trees). */
static void mark_runs(const junqi_flip *pos, int from, bool *reach)
{
    const junqi_board *b = pos->board;
    int end = b->run_start[from + 1];
    for (int i = b->run_start[from]; i < end;) {
        int q = b->run[i].point;
        reach[q] = true;
        i += pos->cell[q] ? b->run[i].skip : 1;
    }
}

/* Mark what an engineer reaches: railway steps through empty points, any turns. */
static void mark_flight(const junqi_flip *pos, int from, bool *reach)
{
    const junqi_board *b = pos->board;
    bool seen[JUNQI_MAX_POINTS] = {false};
    int queue[JUNQI_MAX_POINTS], head = 0, tail = 0;
    queue[tail++] = from;
    seen[from] = true;
    while (head < tail) {
        int x = queue[head++];
        for (int i = 0; i < b->nrail[x]; i++) {
            int y = b->rail[x][i];
            reach[y] = true;
            if (!seen[y] && !pos->cell[y]) {
                seen[y] = true;
                queue[tail++] = y;
            }
        }
    }
}

/* Where the piece on `from` may travel: steps, and runs or flights. */
static void mark_reach(const junqi_flip *pos, int from, bool *reach)
{
    const junqi_board *b = pos->board;
    static bool step[JUNQI_MAX_POINTS][JUNQI_MAX_POINTS], filled;
    if (!filled) {
        for (int p = 0; p < b->npoints; p++)
            for (int q = 0; q < b->npoints; q++)
                step[p][q] = junqi_board_road_adjacent(b, p, q) || junqi_board_rail_adjacent(b, p, q);
        filled = true;
    }
    memcpy(reach, step[from], JUNQI_MAX_POINTS);
    if (junqi_flip_piece(pos->cell[from]) == JUNQI_ENGINEER)
        mark_flight(pos, from, reach);
    else
        mark_runs(pos, from, reach);
    reach[from] = false;
}

static int lowest_rank(const junqi_flip *pos, int colour)
{
    int low = 99;
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        int r = junqi_piece_rank((junqi_piece)junqi_flip_piece(c));
        if (c && !junqi_flip_down(c) && junqi_flip_colour(c) == colour && r > 0 && r < low)
            low = r;
    }
    return low;
}

static bool may_attack(const junqi_flip *pos, uint8_t a, uint8_t d)
{
    int ka = junqi_flip_piece(a), kd = junqi_flip_piece(d), ca = junqi_flip_colour(a), cd = junqi_flip_colour(d);
    int ra = junqi_piece_rank((junqi_piece)ka), rd = junqi_piece_rank((junqi_piece)kd);
    if (kd == JUNQI_FLAG && pos->rules->flag_moves)
        return ka == JUNQI_BOMB || ((ka == JUNQI_ENGINEER || ka == JUNQI_FLAG) && flag_free(pos, cd));
    if (kd == JUNQI_FLAG) {
        if (pos->st.removed[cd][JUNQI_LANDMINE] != 3)
            return false;
        if (pos->rules->flag_taker == JUNQI_TAKER_ANY)
            return true;
        if (pos->rules->flag_taker == JUNQI_TAKER_ENGINEER)
            return ka == JUNQI_ENGINEER;
        return ra > 0 && ra == lowest_rank(pos, ca);
    }
    if (ka == JUNQI_FLAG)
        return kd != JUNQI_LANDMINE && kd != JUNQI_ENGINEER;
    if (ka == JUNQI_BOMB || kd == JUNQI_BOMB)
        return true;
    if (kd == JUNQI_LANDMINE)
        return ka == JUNQI_ENGINEER;
    return ra >= rd;
}

/* Can the piece on `from` move at all (the mover's own face-up movable piece)? */
static bool own_movable(const junqi_flip *pos, int from)
{
    uint8_t a = pos->cell[from];
    int c = colour_of_mover(pos), k = junqi_flip_piece(a);
    return a && c != JUNQI_NO_COLOUR && !junqi_flip_down(a) && junqi_flip_colour(a) == c && k != JUNQI_LANDMINE &&
           (k != JUNQI_FLAG || flag_free(pos, c));
}

/* How many actions move the piece on `from` to reachable `to` (0, 1, or 2 for a carrier's choice to drop). */
static int moves_between(const junqi_flip *pos, int from, int to)
{
    uint8_t a = pos->cell[from], d = pos->cell[to];
    int c = colour_of_mover(pos);
    bool camp = pos->board->point[to].kind == JUNQI_CAMP, carrying = pos->load[from] & JUNQI_LOAD_FLAG;
    if (!d)
        return carrying ? 2 : 1;
    if (camp)
        return 0;
    if (junqi_flip_down(d))
        return pos->rules->attack_face_down && pos->rules->backs_show_colour && junqi_flip_colour(d) == (c ^ 1);
    return junqi_flip_colour(d) != c && may_attack(pos, a, d);
}

static uint64_t second_perft(junqi_flip *pos, int depth);

static uint64_t after(junqi_flip *pos, junqi_action a, int depth)
{
    if (depth == 1) /* the last ply in bulk */
        return 1;
    junqi_flip_undo u;
    junqi_flip_make(pos, a, 0, &u);
    uint64_t n = second_perft(pos, depth - 1);
    junqi_flip_unmake(pos, &u);
    return n;
}

static uint64_t second_perft(junqi_flip *pos, int depth)
{
    if (depth == 0)
        return 1;
    if (junqi_flip_over(pos))
        return 0;
    const junqi_board *b = pos->board;
    uint64_t total = 0;
    for (int from = 0; from < b->npoints; from++) {
        if (junqi_flip_down(pos->cell[from]))
            total += after(pos, junqi_action_flip(from), depth);
        if (!own_movable(pos, from))
            continue;
        bool reach[JUNQI_MAX_POINTS];
        mark_reach(pos, from, reach);
        for (int to = 0; to < b->npoints; to++) {
            int n = reach[to] ? moves_between(pos, from, to) : 0;
            for (int i = 0; i < n; i++) {
                junqi_action a = junqi_action_move(from, to);
                a.drop = n == 2 ? i == 1 : (pos->load[from] & JUNQI_LOAD_FLAG) != 0;
                total += after(pos, a, depth);
            }
        }
    }
    return total;
}

/* ---- the comparison ---- */

/* The position after `plies` actions of a seeded greedy game. */
static junqi_flip game_position(const char *rules, uint64_t seed, int plies)
{
    uint8_t deal[JUNQI_MAX_POINTS];
    junqi_seat first = junqi_flip_deal_random(seed, deal);
    junqi_flip pos;
    junqi_flip_init(&pos, junqi_rules_get(rules), deal);
    junqi_flip_set_turn(&pos, first);
    uint64_t rng = seed;
    for (int i = 0; i < plies && !junqi_flip_over(&pos); i++) {
        junqi_action a[JUNQI_MAX_ACTIONS];
        int n = junqi_flip_generate(&pos, a);
        junqi_flip_undo u;
        junqi_flip_make(&pos, a[flip_pick(&pos, a, n, true, &rng)], 0, &u);
    }
    return pos;
}

static void counts_agree(const char *rules, uint64_t seed, int plies, int max_depth)
{
    junqi_flip pos = game_position(rules, seed, plies), copy = pos;
    for (int d = 1; d <= max_depth; d++) {
        uint64_t mine = junqi_flip_perft(&pos, d), theirs = second_perft(&copy, d);
        if (mine != theirs) {
            char *text = junqi_flip_pos_format(&pos);
            fail_msg("%s seed %llu ply %d depth %d: perft %llu, the second counter %llu\n%s", rules,
                     (unsigned long long)seed, plies, d, (unsigned long long)mine, (unsigned long long)theirs, text);
        }
        assert_memory_equal(&pos, &copy, sizeof pos);
    }
}

static void perft_agrees_with_a_second_counter(void **state)
{
    (void)state;
    const char *sets[] = {"fanqi", "fanfan", "fanqi_wiki", "huqi"};
    for (int i = 0; i < 4; i++) {
        counts_agree(sets[i], 11 + (uint64_t)i, 2, 3);   /* early: nearly everything face down */
        counts_agree(sets[i], 21 + (uint64_t)i, 60, 4);  /* the middle game */
        counts_agree(sets[i], 41 + (uint64_t)i, 110, 4); /* most pieces face up */
    }
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void divide_keys_are_canonical_tokens(void **state)
{
    (void)state;
    junqi_flip pos = flip_build("fanqi", JUNQI_SOUTH, JUNQI_RED, "a6:r9 a7:b8 b6:*r1 e12:bF");
    junqi_action a[JUNQI_MAX_ACTIONS];
    uint64_t counts[JUNQI_MAX_ACTIONS];
    int n = junqi_flip_perft_divide(&pos, 2, a, counts);
    char names[JUNQI_MAX_ACTIONS][32], *sorted[JUNQI_MAX_ACTIONS];
    bool flip = false, attack = false;
    for (int i = 0; i < n; i++) {
        uint8_t shown = junqi_flip_down(pos.cell[a[i].to]) ? junqi_flip_up(pos.cell[a[i].to]) : 0;
        junqi_flip_action_name(&pos, a[i], junqi_flip_outcome(&pos, a[i], 0), shown, names[i], sizeof names[i]);
        sorted[i] = names[i];
        flip |= strcmp(names[i], "b6^r1") == 0;
        attack |= strcmp(names[i], "a6>a7") == 0;
    }
    assert_true(flip && attack);
    qsort(sorted, (size_t)n, sizeof sorted[0], by_text);
    for (int i = 1; i < n; i++)
        assert_true(strcmp(sorted[i - 1], sorted[i]) < 0);
    assert_int_equal(junqi_flip_perft(&pos, 2), second_perft(&pos, 2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(perft_agrees_with_a_second_counter),
        cmocka_unit_test(divide_keys_are_canonical_tokens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
