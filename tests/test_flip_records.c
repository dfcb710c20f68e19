/* SPDX-License-Identifier: MIT */
/*
 * test_flip_records.c - flip games as records (docs/variants.md §3.1,
 * docs/jgn.md "Flip games"): games from seeded deals played by a random and
 * a greedy mover through the library are written as JGN, read back to the
 * same text, validated without a problem and replayed to identical
 * positions at every action, each of which (and its players' view) goes
 * through the position notation and back exactly; one mutated illegal action of each kind is
 * rejected at exactly that action, with its code, and ends the checks (one error and a
 * checks-stopped note, not a cascade).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "flip_replay.h"
#include "flipnote.h"
#include "fliputil.h"
#include "jgn.h"

#define MAX_PLIES 700

/* A played game: its record and the position after each action. */
typedef struct played {
    junqi_game *g;
    int plies;
    junqi_flip pos[MAX_PLIES + 1];
} played;

static played *play_game(const char *rules, uint64_t seed, bool greedy)
{
    played *pl = calloc(1, sizeof *pl);
    uint8_t deal[JUNQI_MAX_POINTS];
    junqi_flip_deal_random(seed, deal);
    const junqi_rules *r = junqi_rules_get(rules);
    pl->g = junqi_flip_game_new(r, deal, seed % 2 ? JUNQI_NORTH : JUNQI_SOUTH);
    junqi_flip *pos = &pl->pos[0];
    junqi_flip_init(pos, r, deal);
    junqi_flip_set_turn(pos, seed % 2 ? JUNQI_NORTH : JUNQI_SOUTH);
    uint64_t rng = seed * 31 + 7;
    while (!junqi_flip_over(&pl->pos[pl->plies]) && pl->plies < MAX_PLIES) {
        junqi_flip *now = &pl->pos[pl->plies], *next = &pl->pos[pl->plies + 1];
        junqi_action a[JUNQI_MAX_ACTIONS];
        int n = junqi_flip_generate(now, a);
        int k = flip_pick(now, a, n, greedy, &rng);
        *next = *now;
        junqi_flip_undo u;
        junqi_flip_make(next, a[k], 0, &u);
        assert_true(junqi_flip_game_add_action(pl->g, next, a[k], &u));
        pl->plies++;
    }
    assert_true(junqi_flip_game_end(pl->g, &pl->pos[pl->plies]));
    return pl;
}

static void played_free(played *pl)
{
    junqi_game_free(pl->g);
    free(pl);
}

static junqi_game *read_back(const char *text, junqi_diags *d)
{
    return junqi_jgn_parse(text, strlen(text), "<test>", 0, d);
}

static void same_position(const junqi_flip *a, const junqi_flip *b)
{
    char *x = junqi_flip_pos_format(a), *y = junqi_flip_pos_format(b);
    assert_string_equal(x, y);
    assert_memory_equal(a->cell, b->cell, sizeof a->cell);
    assert_memory_equal(a->load, b->load, sizeof a->load);
    assert_true(a->st.hash == b->st.hash);
    free(x);
    free(y);
}

/* position -> string -> position is exact; so is string -> position -> string. */
static void notation_round_trip(const junqi_flip *pos)
{
    char *text = junqi_flip_pos_format(pos);
    junqi_flip back;
    junqi_diags d;
    junqi_diags_init(&d);
    if (!junqi_flip_pos_parse(text, strlen(text), &back, &d))
        fail_msg("'%s' does not read: %s", text, d.items[0].message);
    assert_memory_equal(back.cell, pos->cell, sizeof pos->cell);
    assert_memory_equal(back.load, pos->load, sizeof pos->load);
    assert_memory_equal(&back.st, &pos->st, sizeof pos->st);
    assert_ptr_equal(back.rules, pos->rules);
    char *again = junqi_flip_pos_format(&back);
    assert_string_equal(text, again);
    free(text);
    free(again);
    junqi_diags_free(&d);
}

/* Write, read back, compare, validate and replay one played game. */
static void round_trip(const played *pl)
{
    char *text = junqi_jgn_to_string(pl->g);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = read_back(text, &d);
    if (!g)
        fail_msg("does not read back: %s\n%s", d.n ? d.items[0].message : "?", text);
    char *again = junqi_jgn_to_string(g);
    assert_string_equal(text, again);
    junqi_flip_replay r;
    assert_true(junqi_flip_replay_start(&r, g, NULL, &d));
    same_position(&r.pos, &pl->pos[0]);
    for (int ply = 1; ply <= pl->plies; ply++) {
        junqi_flip_replay_seek(&r, (size_t)ply);
        same_position(&r.pos, &pl->pos[ply]);
        junqi_flip view;
        junqi_flip_view(&view, &pl->pos[ply]);
        notation_round_trip(&pl->pos[ply]);
        notation_round_trip(&view);
    }
    junqi_flip_replay_run(&r);
    if (d.errors)
        fail_msg("%s\n%s", d.items[0].message, text);
    assert_int_equal(r.pos.st.result.status, pl->pos[pl->plies].st.result.status);
    junqi_diags_free(&d);
    junqi_game_free(g);
    free(text);
    free(again);
}

static void games_of_every_rule_set_round_trip_and_validate(void **state)
{
    (void)state;
    const char *sets[] = {"fanqi", "fanfan", "fanqi_wiki", "huqi", "zuhe"};
    for (int i = 0; i < 5; i++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            played *pl = play_game(sets[i], seed + 10 * (uint64_t)i, seed % 2 == 0);
            round_trip(pl);
            played_free(pl);
        }
}

/* What replaying a record reported: the errors, and checks-stopped notes. */
typedef struct reported {
    int errors, stopped;
} reported;

/* The first error of replaying g: its code and move (-1: none); the counts
 * into *rep when it is not NULL. */
static int first_error_of(const junqi_game *g, char code[32], reported *rep)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_flip_replay r;
    junqi_flip_replay_start(&r, g, NULL, &d);
    junqi_flip_replay_run(&r);
    int move = -1;
    reported counts = {0, 0};
    for (size_t i = 0; i < d.n; i++) {
        counts.stopped += d.items[i].code == JUNQI_CODE_CHECKS_STOPPED;
        if (d.items[i].severity != JUNQI_SEV_ERROR)
            continue;
        if (counts.errors++ == 0) {
            snprintf(code, 32, "%s", junqi_code_name(d.items[i].code));
            move = d.items[i].move;
        }
    }
    if (rep)
        *rep = counts;
    junqi_diags_free(&d);
    return move;
}

static int first_error(const junqi_game *g, char code[32])
{
    return first_error_of(g, code, NULL);
}

/* An action of pos whose check gives `want`, or false. */
static bool find_illegal(const junqi_flip *pos, junqi_flip_illegal want, junqi_action *out)
{
    for (int from = 0; from < pos->board->npoints; from++)
        for (int to = 0; to < pos->board->npoints; to++) {
            junqi_action a = from == to ? junqi_action_flip(from) : junqi_action_move(from, to);
            if (junqi_flip_check_action(pos, a, NULL) == want) {
                *out = a;
                return true;
            }
        }
    return false;
}

/* Replace action `ply` (1-based) of pl's record by a, keeping what follows. */
static junqi_game *mutated(const played *pl, int ply, junqi_action a)
{
    char *text = junqi_jgn_to_string(pl->g);
    junqi_game *g = read_back(text, NULL);
    free(text);
    junqi_item *it = &g->main.items[ply - 1];
    it->move = (junqi_move){a.from, a.to};
    it->flip = a.kind == JUNQI_ACT_FLIP;
    it->shown = 0;
    it->outcome_known = false;
    it->colour_event = 0;
    return g;
}

static void every_kind_of_illegal_action_is_rejected_where_it_is(void **state)
{
    (void)state;
    const junqi_flip_illegal kinds[] = {
        JUNQI_FLIP_FACE_UP, JUNQI_FLIP_NO_COLOUR, JUNQI_FLIP_FACE_DOWN, JUNQI_FLIP_NOT_TURN,
        JUNQI_FLIP_IMMOBILE, JUNQI_FLIP_OWN_PIECE, JUNQI_FLIP_ATTACK_DOWN, JUNQI_FLIP_LOSING_ATTACK,
        JUNQI_FLIP_LANDMINE, JUNQI_FLIP_FLAG_GUARDED, JUNQI_FLIP_RAIL_TURN, JUNQI_FLIP_RAIL_BLOCKED,
        JUNQI_FLIP_NOT_CONNECTED, JUNQI_FLIP_NO_PIECE, JUNQI_FLIP_CAMP,
    };
    played *pl = play_game("fanqi", 3, true);
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        bool found = false;
        for (int ply = 1; ply <= pl->plies && !found; ply++) {
            junqi_action a;
            if (!find_illegal(&pl->pos[ply - 1], kinds[k], &a))
                continue;
            found = true;
            junqi_game *g = mutated(pl, ply, a);
            char code[32] = "";
            reported rep;
            int at = first_error_of(g, code, &rep);
            if (at != ply || strcmp(code, junqi_code_name(junqi_flip_illegal_code(kinds[k]))) != 0)
                fail_msg("%s at move %d: first error %s at move %d", junqi_code_name(junqi_flip_illegal_code(kinds[k])), ply, code, at);
            /* the rest is played from a position the game never had: one error, not a cascade
             * (docs/conventions.md, checks-stopped), as in the formation game */
            if (rep.errors != 1 || rep.stopped != (ply < pl->plies))
                fail_msg("%s at move %d of %d: %d errors and %d checks-stopped notes, not 1 and %d",
                         code, ply, pl->plies, rep.errors, rep.stopped, ply < pl->plies);
            junqi_game_free(g);
        }
        if (!found)
            fail_msg("the game has no position with a %s action", junqi_code_name(junqi_flip_illegal_code(kinds[k])));
    }
    played_free(pl);
}

static void wrong_identities_outcomes_and_colour_events_are_rejected(void **state)
{
    (void)state;
    played *pl = play_game("fanqi", 5, true);
    char *text = junqi_jgn_to_string(pl->g);
    junqi_game *g = read_back(text, NULL);
    char code[32];
    int flip = -1, attack = -1, colour = -1;
    for (size_t i = 0; i < g->main.nitems; i++) {
        const junqi_item *it = &g->main.items[i];
        if (it->kind != JUNQI_ITEM_MOVE)
            continue;
        if (it->flip && flip < 0)
            flip = (int)i;
        if (!it->flip && it->outcome != JUNQI_NO_COMBAT && attack < 0)
            attack = (int)i;
        if (it->colour_event && colour < 0)
            colour = (int)i;
    }
    assert_true(flip >= 0 && attack >= 0 && colour >= 0);
    junqi_item *it = &g->main.items[flip];
    it->shown ^= 0x10; /* the other colour */
    assert_int_equal(first_error(g, code), flip + 1);
    assert_string_equal(code, "flip-identity");
    it->shown ^= 0x10;
    it = &g->main.items[attack];
    uint8_t o = it->outcome;
    it->outcome = o == JUNQI_BOTH_REMOVED ? JUNQI_ATTACKER_WINS : JUNQI_BOTH_REMOVED;
    assert_int_equal(first_error(g, code), attack + 1);
    assert_string_equal(code, "wrong-outcome");
    it->outcome = o;
    it = &g->main.items[colour];
    it->colour_event = 0;
    assert_int_equal(first_error(g, code), colour + 1);
    assert_string_equal(code, "colour-event");
    junqi_game_free(g);
    free(text);
    played_free(pl);
}

static void a_record_without_a_deal_replays_from_its_flips(void **state)
{
    (void)state;
    played *pl = play_game("fanfan", 8, false);
    pl->g->has_deal = false;
    char *text = junqi_jgn_to_string(pl->g);
    assert_null(strstr(text, "[Deal"));
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = read_back(text, &d);
    junqi_flip_replay r;
    junqi_flip_replay_start(&r, g, NULL, &d);
    junqi_flip_replay_run(&r);
    assert_int_equal(d.errors, 0);
    assert_int_equal(r.pos.st.result.status, pl->pos[pl->plies].st.result.status);
    /* a bare flip then cannot be replayed */
    g->main.items[0].shown = 0;
    char code[32];
    assert_int_equal(first_error(g, code), 1);
    assert_string_equal(code, "flip-unknown");
    junqi_diags_free(&d);
    junqi_game_free(g);
    free(text);
    played_free(pl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(games_of_every_rule_set_round_trip_and_validate),
        cmocka_unit_test(every_kind_of_illegal_action_is_rejected_where_it_is),
        cmocka_unit_test(wrong_identities_outcomes_and_colour_events_are_rejected),
        cmocka_unit_test(a_record_without_a_deal_replays_from_its_flips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
