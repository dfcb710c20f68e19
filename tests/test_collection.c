/* SPDX-License-Identifier: MIT */
/*
 * test_collection.c - selections (formats/collection.h) on real games, the
 * conditions' syntax and errors, fingerprints that tell games apart and see
 * a QQ replay and its JGN conversion as one game, the set of fingerprints
 * over thousands of games, and the names of split files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "collection.h"
#include "jgn.h"
#include "testutil.h"

static junqi_game *settled(const char *rel)
{
    junqi_game *g = load_replay(source_path(rel));
    assert_non_null(g);
    junqi_game_settle(g);
    return g;
}

/* Whether game g matches the one condition `text`. */
static bool selects(const junqi_game *g, const char *text)
{
    char err[256];
    junqi_selection *s = junqi_selection_new();
    assert_non_null(s);
    if (!junqi_selection_add(s, text, err, sizeof err))
        fail_msg("'%s' is not read: %s", text, err);
    junqi_game_place place = {"games/x.jgn", 3};
    bool m = junqi_selection_match(s, g, &place);
    junqi_selection_free(s);
    return m;
}

static void conditions_select_by_tags_length_players_and_view(void **state)
{
    (void)state;
    junqi_game *g = settled("tests/data/qq/jgs-002724.jgs"); /* 15 moves, east-west by surrender */
    assert_true(selects(g, "Result=east-west"));
    assert_true(selects(g, "result=north-south|east-west"));
    assert_false(selects(g, "Result!=north-south|east-west"));
    assert_true(selects(g, "Termination=surrender"));
    assert_true(selects(g, "Board=four-player"));
    assert_true(selects(g, "Rules=qq"));
    assert_true(selects(g, "moves=15"));
    assert_true(selects(g, "moves<16"));
    assert_false(selects(g, "moves>15"));
    assert_true(selects(g, "moves>=15"));
    assert_true(selects(g, "players=4"));
    assert_true(selects(g, "player=绿方玩家"));
    assert_true(selects(g, "player~紫方"));
    assert_false(selects(g, "player~nobody"));
    assert_true(selects(g, "North~黄方"));
    assert_true(selects(g, "view=all"));
    assert_true(selects(g, "Source~qq"));  /* the tag, in any case */
    assert_true(selects(g, "source=games/x.jgn")); /* the word: the file */
    assert_true(selects(g, "index=3"));
    assert_true(selects(g, "QQScore"));
    assert_true(selects(g, "!Annotator"));
    assert_false(selects(g, "Date"));
    assert_true(junqi_game_set_tag(g, "Date", "2009.05.17"));
    assert_true(selects(g, "Date>=2009.01.01"));
    assert_false(selects(g, "Date<2009.05.17"));
    junqi_game_to_view(g, JUNQI_SOUTH);
    assert_true(selects(g, "view=south"));
    assert_true(selects(g, "view!=all"));
    assert_true(selects(g, "View=south"));
    junqi_game_free(g);
    g = settled("tests/data/qq/jgs-000029.jgs"); /* two players: north and south */
    assert_true(selects(g, "players=2"));
    assert_true(selects(g, "Result=south"));
    assert_true(selects(g, "North"));
    assert_false(selects(g, "East")); /* east does not play: no tag */
    junqi_game_free(g);
}

static void a_bad_condition_is_refused_with_a_reason(void **state)
{
    (void)state;
    static const char *const bad[] = {"=draw", "moves=many", "Result", "Result@draw", "!moves<3", ""};
    junqi_selection *s = junqi_selection_new();
    char err[256];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (i == 2)
            continue; /* "Result" alone is a good condition: the tag is there */
        err[0] = 0;
        assert_false(junqi_selection_add(s, bad[i], err, sizeof err));
        assert_true(strlen(err) > 10);
    }
    assert_true(junqi_selection_add(s, bad[2], err, sizeof err));
    junqi_selection_free(s);
}

static void every_condition_must_hold(void **state)
{
    (void)state;
    junqi_game *g = settled("tests/data/qq/jgs-002724.jgs");
    char err[256];
    junqi_selection *s = junqi_selection_new();
    assert_true(junqi_selection_match(s, g, NULL)); /* no condition: every game */
    assert_true(junqi_selection_add(s, "moves<20", err, sizeof err));
    assert_true(junqi_selection_add(s, "Termination=surrender", err, sizeof err));
    assert_true(junqi_selection_match(s, g, NULL));
    assert_true(junqi_selection_add(s, "players=2", err, sizeof err));
    assert_false(junqi_selection_match(s, g, NULL));
    junqi_selection_free(s);
    junqi_game_free(g);
}

static void fingerprint(const junqi_game *g, uint8_t out[JUNQI_FINGERPRINT])
{
    junqi_game_fingerprint(g, out);
}

static void a_replay_and_its_conversion_have_one_fingerprint(void **state)
{
    (void)state;
    junqi_game *qq = settled("tests/data/qq/jgs-001742.jgs");
    char *text = junqi_jgn_to_string(qq);
    junqi_game *jgn = junqi_jgn_parse(text, strlen(text), "x.jgn", 0, NULL);
    assert_non_null(jgn);
    assert_true(junqi_game_set_tag(jgn, "Annotator", "someone"));
    assert_true(junqi_line_add_comment(&jgn->main, 3, "a comment", JUNQI_NOWHERE));
    uint8_t a[JUNQI_FINGERPRINT], b[JUNQI_FINGERPRINT];
    fingerprint(qq, a);
    fingerprint(jgn, b);
    assert_memory_equal(a, b, JUNQI_FINGERPRINT);
    /* the first five items only, or one seat's view: another game */
    size_t n = jgn->main.nitems;
    jgn->main.nitems = 5;
    fingerprint(jgn, b);
    assert_memory_not_equal(a, b, JUNQI_FINGERPRINT);
    jgn->main.nitems = n;
    junqi_game_to_view(jgn, JUNQI_EAST);
    fingerprint(jgn, b);
    assert_memory_not_equal(a, b, JUNQI_FINGERPRINT);
    free(text);
    junqi_game_free(jgn);
    junqi_game_free(qq);
}

/* Every prefix of every bundled replay is a game of its own: thousands of fingerprints. */
typedef struct prefixes {
    junqi_seen *seen;
    int added, again, rechecked;
} prefixes;

static void add_prefixes(const char *path, const char *name, void *ctx)
{
    (void)name;
    prefixes *p = ctx;
    junqi_game *g = load_replay(path);
    assert_non_null(g);
    size_t n = g->main.nitems;
    for (size_t k = 0; k <= n; k++) {
        g->main.nitems = k;
        int r = junqi_seen_check(p->seen, g);
        assert_true(r >= 0);
        p->added += r == 0;
    }
    for (size_t k = 0; k <= n; k += 7) {
        g->main.nitems = k;
        p->again += junqi_seen_check(p->seen, g) == 1;
        p->rechecked++;
    }
    g->main.nitems = n;
    junqi_game_free(g);
}

static void the_seen_set_finds_every_duplicate_of_thousands_of_games(void **state)
{
    (void)state;
    prefixes p = {junqi_seen_new(), 0, 0, 0};
    assert_non_null(p.seen);
    assert_true(for_each_replay(source_path("tests/data/perft/replays"), add_prefixes, &p) > 0);
    assert_true(p.added > 3000);
    /* the second pass, over every seventh prefix, finds each one again */
    assert_true(p.rechecked > 300);
    assert_int_equal(p.again, p.rechecked);
    junqi_seen_free(p.seen);
}

static void split_names_number_the_parts_at_every_n(void **state)
{
    (void)state;
    char buf[64];
    assert_true(junqi_collection_path("part-%n.jgn", 12, ".jgn", buf, sizeof buf));
    assert_string_equal(buf, "part-12.jgn");
    assert_true(junqi_collection_path("out/", 3, ".html", buf, sizeof buf));
    assert_string_equal(buf, "out/3.html");
    assert_false(junqi_collection_path("plain.jgn", 1, ".jgn", buf, sizeof buf));
    assert_false(junqi_collection_path("a-very-long-name-%n-that-does-not-fit-into-the-buffer", 1,
                                       ".jgn", buf, 16));
    /* every %n is the number, %% one percent sign */
    assert_true(junqi_collection_path("d/%n/%n-%n.html", 7, ".html", buf, sizeof buf));
    assert_string_equal(buf, "d/7/7-7.html");
    assert_true(junqi_collection_path("100%%-%n%.jgn", 3, ".jgn", buf, sizeof buf));
    assert_string_equal(buf, "100%-3%.jgn");
    assert_true(junqi_collection_numbered("a-%%%n.jgn"));
    assert_true(junqi_collection_numbered("pages/"));
    assert_false(junqi_collection_numbered("a-%%n.jgn")); /* a literal "%n": no number */
    assert_false(junqi_collection_numbered(""));
    assert_false(junqi_collection_numbered("50%"));
    assert_false(junqi_collection_path("a-%%n.jgn", 1, ".jgn", buf, sizeof buf));
    /* the whole name must fit, the last number too, and the extension a name without one takes */
    assert_false(junqi_collection_path("%n-%n-%n.x", 12345, ".jgn", buf, 19));
    assert_true(junqi_collection_path("%n-%n-%n.x", 12345, ".jgn", buf, 20));
    assert_string_equal(buf, "12345-12345-12345.x");
    assert_false(junqi_collection_path("%n-%n-%n", 12345, ".jgn", buf, 21));
    assert_true(junqi_collection_path("%n-%n-%n", 12345, ".jgn", buf, 22));
    assert_string_equal(buf, "12345-12345-12345.jgn");
    /* G10: a name with no extension takes the format's (JSON Lines' parts were 'part-1'); one
     * given is kept, and a '.' in a folder is no extension of the file */
    assert_true(junqi_collection_path("part-%n", 2, ".jsonl", buf, sizeof buf));
    assert_string_equal(buf, "part-2.jsonl");
    assert_true(junqi_collection_path("v1.2/p%n", 2, ".html", buf, sizeof buf));
    assert_string_equal(buf, "v1.2/p2.html");
    assert_true(junqi_collection_path("part-%n.json", 2, ".jsonl", buf, sizeof buf));
    assert_string_equal(buf, "part-2.json");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(conditions_select_by_tags_length_players_and_view),
        cmocka_unit_test(a_bad_condition_is_refused_with_a_reason),
        cmocka_unit_test(every_condition_must_hold),
        cmocka_unit_test(a_replay_and_its_conversion_have_one_fingerprint),
        cmocka_unit_test(the_seen_set_finds_every_duplicate_of_thousands_of_games),
        cmocka_unit_test(split_names_number_the_parts_at_every_n),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
