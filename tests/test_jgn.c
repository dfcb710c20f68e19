/* SPDX-License-Identifier: MIT */
/*
 * test_jgn.c - JGN reading and writing: real games convert from QQ and
 * replay identically, canonical text round-trips byte for byte, seat views,
 * several games per file, encodings, lenient reading and hostile input.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "annotread.h"
#include "jgn.h"
#include "posnote.h"
#include "report.h"
#include "text.h"
#include "testutil.h"

/* Replay two records side by side: the same position after every item. */
static void same_replay(const junqi_game *a, const junqi_game *b, const char *name)
{
    junqi_replay ra, rb;
    assert_true(junqi_replay_start(&ra, a, NULL, NULL));
    assert_true(junqi_replay_start(&rb, b, NULL, NULL));
    assert_int_equal(a->main.nitems, b->main.nitems);
    for (;;) {
        if (memcmp(ra.pos.cell, rb.pos.cell, sizeof ra.pos.cell) != 0 || ra.pos.to_move != rb.pos.to_move ||
            ra.pos.alive != rb.pos.alive || ra.pos.quiet != rb.pos.quiet)
            fail_msg("%s: positions differ after item %zu", name, ra.item);
        bool more = junqi_replay_next(&ra);
        assert_int_equal(junqi_replay_next(&rb), more);
        if (!more)
            break;
    }
    assert_int_equal(ra.pos.result.status, rb.pos.result.status);
    assert_int_equal(ra.pos.result.winners, rb.pos.result.winners);
}

/* The same comments in the same places: a QQ comment on the game-over record
 * reads back from JGN before the end, one after it after the end (docs/jgn.md,
 * "The result"). */
static void same_comments(const junqi_line *a, const junqi_line *b, const char *name)
{
    assert_int_equal(a->ncomments, b->ncomments);
    for (size_t c = 0; c < a->ncomments; c++) {
        size_t at = a->comments[c].before, back = b->comments[c].before;
        if (strcmp(a->comments[c].text, b->comments[c].text) != 0 || back != at)
            fail_msg("%s: comment %zu, before item %zu, reads back before item %zu", name, c, at, back);
    }
}

/* QQ -> JGN -> game: identical replay, canonical text stable, no errors. */
static void check_round_trip(const char *path, const char *name)
{
    junqi_game *qq = load_replay(path);
    assert_non_null(qq);
    junqi_game_settle(qq);
    char *text = junqi_jgn_to_string(qq);
    assert_non_null(text);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *jgn = junqi_jgn_parse(text, strlen(text), name, 0, &d);
    if (!jgn || d.errors)
        fail_msg("%s: the JGN does not read back: %s", name, d.n ? d.items[0].message : "");
    same_replay(qq, jgn, name);
    same_comments(&qq->main, &jgn->main, name);
    char *again = junqi_jgn_to_string(jgn);
    assert_string_equal(again, text);
    /* and the record validates as JGN too */
    junqi_replay r;
    junqi_replay_start(&r, jgn, NULL, &d);
    junqi_replay_run(&r);
    if (d.errors)
        fail_msg("%s: JGN record invalid: %s", name, d.items[0].message);
    /* each seat's view of the dark game is a valid record of its own */
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!jgn->seat[s].present)
            continue;
        junqi_game *view = junqi_jgn_parse(text, strlen(text), name, 0, NULL);
        junqi_game_to_view(view, (junqi_seat)s);
        junqi_replay_start(&r, view, NULL, &d);
        junqi_replay_run(&r);
        if (d.errors)
            fail_msg("%s: %s's view invalid: %s", name, junqi_seat_name((junqi_seat)s), d.items[0].message);
        junqi_game_free(view);
    }
    junqi_diags_free(&d);
    free(text);
    free(again);
    junqi_game_free(qq);
    junqi_game_free(jgn);
}

static void round_trip_one(const char *path, const char *name, void *ctx)
{
    (void)ctx;
    check_round_trip(path, name);
}

/* Every real replay of the corpus (tests/testutil.h): QQ -> JGN -> the same game. */
static void real_replays_convert_to_jgn_and_replay_identically(void **state)
{
    (void)state;
    bool shared;
    int n = for_each_corpus_replay(round_trip_one, NULL, &shared);
    assert_int_equal(n, shared ? SHARED_REPLAYS : BUNDLED_REPLAYS);
}

/* junqi_report_read_jgn: a record's JGN reads back as the same item of its source
 * (how python/junqi pickles a Game); text of no game fails with a reason. */
static void a_record_reads_back_from_its_jgn_as_the_same_item(void **state)
{
    (void)state;
    static const char text[] = "[Board \"two-player\"]\n\n1. a6-a7 *\n\n"
                               "[Board \"two-player\"]\n[Event \"second\"]\n\n1. c6-c7 2. c8-c9 *\n";
    junqi_source *src = junqi_source_memory(text, sizeof text - 1, "games.jgn", 0);
    junqi_game *g = NULL;
    char err[256];
    free(junqi_report_next(src, &g, err, sizeof err));
    junqi_game_free(g);
    char *first = junqi_report_next(src, &g, err, sizeof err);
    assert_non_null(g);
    char *jgn = junqi_report_jgn(g, NULL, err, sizeof err);
    assert_non_null(jgn);
    junqi_game *back = junqi_report_read_jgn(jgn, strlen(jgn), "games.jgn", 2, err, sizeof err);
    assert_non_null(back);
    assert_string_equal(back->source, "games.jgn");
    assert_int_equal(back->source_index, 2);
    assert_string_equal(junqi_game_tag(back, "Event"), "second");
    same_replay(g, back, "games.jgn");
    char *a = junqi_report_record(g, NULL, err, sizeof err), *b = junqi_report_record(back, NULL, err, sizeof err);
    assert_string_equal(a, b); /* "source":"games.jgn","game":2 in both */
    junqi_free(a);
    junqi_free(b);
    assert_null(junqi_report_read_jgn("", 0, "x.jgn", 1, err, sizeof err));
    assert_string_equal(err, "x.jgn: the input holds no record");
    static const char broken[] = "[Board \"two-player\"]\n\n1. zz *\n";
    assert_null(junqi_report_read_jgn(broken, sizeof broken - 1, "x.jgn", 1, err, sizeof err));
    assert_string_equal(err, "x.jgn: 'zz' is not a move, event, number, NAG or result");
    junqi_free(jgn);
    junqi_free(first);
    junqi_game_free(back);
    junqi_game_free(g);
    junqi_source_close(src);
}

static const char two_games[] =
    "[Board \"two-player\"]\n\n1. a6-a7 *\n\n"
    "[Board \"two-player\"]\n[Event \"second\"]\n\n1. c6-c7 {a [%eval 0.5] comment\n[still] in it} *\n"
    "[Board \"four-player\"]\n1. g6-g7 *\n";

/* Untagged games (no Board, no Rules): on the four-player board, or on the board of the rule set
 * the reader is given; a game that states its board keeps it. Moves with no tag section at all
 * are a game of that rule set, said as such (F8: junqi_source hands them over under --rules) */
static void a_reader_given_rules_puts_an_untagged_game_on_their_board(void **state)
{
    (void)state;
    static const char text[] = "1. c6-c7 *\n\n[Event \"e\"]\n\n*\n\n[Board \"four-player\"]\n\n*\n\n"
                               "[Rules \"qq\"]\n\n*\n";
    junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, (const uint8_t *)text, sizeof text - 1, "t", 0);
    junqi_jgn_reader_assume_rules(r, junqi_rules_get("fanqi"));
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g;
    const junqi_board_kind expected[] = {JUNQI_TWO_PLAYER, JUNQI_TWO_PLAYER, JUNQI_FOUR_PLAYER, JUNQI_FOUR_PLAYER};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_OK);
        assert_int_equal(g->board, expected[i]);
        if (i < 2) /* moves alone, or tags without Rules, are read under the set, a flip's tokens too */
            assert_string_equal(g->rules->text, "fanqi");
        if (i == 2) /* a game of the other board without Rules: its board's set, --rules' usage error to say */
            assert_string_equal(g->rules->text, "qq");
        junqi_game_free(g);
    }
    assert_int_equal(d.n, 3); /* the three games without a Board tag, warned */
    assert_non_null(strstr(d.items[0].message, "no tag section: the moves are read as a game of the rule set it is "
                                               "read with, 'fanqi', on the two-player"));
    assert_non_null(strstr(d.items[1].message, "the rule set it is read with, 'fanqi', is played on the two-player"));
    assert_non_null(strstr(d.items[2].message, "the Rules tag's 'qq'"));
    junqi_diags_free(&d);
    junqi_jgn_reader_free(r);
}

/* junqi_report_next_rules: an untagged game is read on the rule set's board and plays under it (the
 * Python binding's read(rules=)); a game the set does not fit is refused naming it, and the next
 * is read; a string that is no rule set is refused before anything is read */
static void report_next_reads_records_under_the_rules_given(void **state)
{
    (void)state;
    char err[512];
    junqi_game *g = NULL;
    static const char text[] = "[Event \"a\"]\n\n1. c6-c7 *\n\n[Board \"four-player\"]\n\n*\n\n"
                               "[Event \"c\"]\n\n1. a6-a7 *\n";
    junqi_source *src = junqi_source_memory(text, sizeof text - 1, "t.jgn", 0);
    assert_null(junqi_report_next_rules(src, "bogus", &g, err, sizeof err));
    assert_null(g);
    assert_string_equal(err, "unknown rule set 'bogus' (known: qq, standard, open, wiki, fanqi, fanfan, "
                             "fanqi_wiki, huqi or zuhe)");
    char *json = junqi_report_next_rules(src, "standard,bomb_moves=engineer", &g, err, sizeof err);
    assert_non_null(json);
    assert_non_null(g);
    assert_int_equal(g->board, JUNQI_TWO_PLAYER);
    assert_string_equal(g->rules->text, "standard,bomb_moves=engineer");
    assert_int_equal(junqi_game_moves(g), 1);
    assert_non_null(strstr(json, "\"rules\":\"standard,bomb_moves=engineer\""));
    junqi_free(json);
    junqi_game_free(g);
    assert_null(junqi_report_next_rules(src, "standard", &g, err, sizeof err));
    assert_null(g);
    assert_string_equal(err, "t.jgn: game 2 (line 5): rule set 'standard' is for the two-player board, and this "
                             "is a four-player game");
    json = junqi_report_next_rules(src, "standard", &g, err, sizeof err);
    assert_non_null(json);
    assert_int_equal(g->board, JUNQI_TWO_PLAYER);
    junqi_free(json);
    junqi_game_free(g);
    assert_null(junqi_report_next_rules(src, "standard", &g, err, sizeof err));
    assert_string_equal(err, ""); /* the end */
    junqi_source_close(src);
}

static void a_file_holds_several_games_read_one_at_a_time(void **state)
{
    (void)state;
    junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, (const uint8_t *)two_games, sizeof two_games - 1, "t", 0);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g;
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_OK);
    assert_int_equal(g->board, JUNQI_TWO_PLAYER);
    junqi_game_free(g);
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_OK);
    assert_string_equal(junqi_game_tag(g, "Event"), "second");
    assert_int_equal(g->main.ncomments, 1);
    assert_string_equal(g->main.comments[0].text, "a [%eval 0.5] comment\n[still] in it");
    junqi_game_free(g);
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_OK);
    assert_int_equal(g->board, JUNQI_FOUR_PLAYER);
    assert_int_equal(g->main.items[0].loc.line, 11);
    junqi_game_free(g);
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_END);
    assert_int_equal(d.errors, 0);
    junqi_jgn_reader_free(r);
    junqi_diags_free(&d);
}

/* GBK comments whose characters end in the bytes of '\\' (淺: 9C 5C) or '}' (倉: 82 7D): the game
 * splitter and the format's detection read the text before it is converted, and took those bytes
 * for an escape or the comment's end (the next game glued on, and lost; a file read as YAML) */
static const char gbk_games[] =
    "[Board \"two-player\"]\n\n{\xBA\xDC\x9C\x5C} *\n\n"                 /* {很淺} */
    "[Board \"two-player\"]\n[Event \"second\"]\n\n{\x82\x7D\xB4\xD9\n"  /* {倉促 */
    "[%arrow a6-a7 red]} *\n\n"
    /* [North "黄方"] makes the game GBK; its line {路录没淺} alone is UTF-8 pairs but for 淺 */
    "[Board \"four-player\"]\n[North \"\xBB\xC6\xB7\xBD\"]\n\n{\xC2\xB7\xC2\xBC\xC3\xBB\x9C\x5C} *\n\n"
    "[Board \"two-player\"]\n\n*\n";

static void gbk_trail_bytes_neither_escape_nor_close_a_comment(void **state)
{
    (void)state;
    assert_int_equal(junqi_text_char_length("\x9C\x5C}", 3, true), 2);
    assert_int_equal(junqi_text_char_length("\x9C\x5C}", 3, false), 2); /* GBK in UTF-8 text: still 淺 */
    assert_int_equal(junqi_text_char_length("\xC6\xB7", 2, false), 2);     /* UTF-8 of two bytes */
    assert_int_equal(junqi_text_char_length("\xFF}", 2, false), 1);         /* no character's lead */
    assert_int_equal(junqi_text_char_length("\x81\x30\x81\x30", 4, true), 4); /* GB18030's four bytes */
    assert_int_equal(junqi_text_char_length("\xE4\xB8\xAD", 3, false), 3);    /* 中 in UTF-8 */
    assert_int_equal(junqi_text_char_length("}", 1, true), 1);
    junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, (const uint8_t *)gbk_games, sizeof gbk_games - 1, "t", 0);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g;
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_OK);
    assert_string_equal(g->main.comments[0].text, "很淺");
    junqi_game_free(g);
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_OK);
    assert_string_equal(junqi_game_tag(g, "Event"), "second");
    assert_string_equal(g->main.comments[0].text, "倉促\n[%arrow a6-a7 red]");
    junqi_game_free(g);
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_OK);
    assert_int_equal(g->board, JUNQI_FOUR_PLAYER);
    assert_string_equal(g->main.comments[0].text, "路录没淺");
    junqi_game_free(g);
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_OK);
    assert_int_equal(g->board, JUNQI_TWO_PLAYER);
    junqi_game_free(g);
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_END);
    assert_int_equal(d.errors, 0);
    junqi_jgn_reader_free(r);
    junqi_diags_free(&d);
    static const char leading[] = "{\x82\x7D\xBF\xE2}\n[Board \"two-player\"]\n\n*\n"; /* {倉庫} first */
    assert_true(junqi_jgn_detect((const uint8_t *)leading, sizeof leading - 1));
}

/* A file that opens with a GBK comment ({淺}: 9C 5C) and goes on in Chinese UTF-8 is neither
 * encoding as a whole (JUNQI_TEXT_MIXED): read as UTF-8, the 5C escaped the brace, so that the
 * file was no JGN to the detection (a YAML error at 1:2) and an open comment to the reader. Now
 * the GBK character is one character there too: the file is JGN, its comment one U+FFFD, and
 * the warning is at the byte. */
static void a_gbk_comment_before_utf8_text_is_jgn_with_a_located_warning(void **state)
{
    (void)state;
    static const char text[] = "{\x9C\x5C}\n[Board \"two-player\"]\n[Event \"\xE6\xB5\x8B\xE8\xAF\x95\xE6\xAF\x94\"]\n\n"
                               "{\xE6\xB5\x8B} 1. zz9-a1 *\n"; /* [Event "测试比"], {测} */
    assert_int_equal(junqi_text_kind_of(text, sizeof text - 1), JUNQI_TEXT_MIXED);
    assert_true(junqi_jgn_detect((const uint8_t *)text, sizeof text - 1));
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(text, sizeof text - 1, "t", 0, &d);
    assert_null(g); /* zz9-a1 */
    assert_int_equal(d.n, 2);
    assert_string_equal(junqi_code_name(d.items[0].code), "not-utf8");
    assert_int_equal(d.items[0].loc.line, 1);
    assert_int_equal(d.items[0].loc.column, 2);
    assert_string_equal(junqi_code_name(d.items[1].code), "bad-token"); /* not open-comment */
    assert_int_equal(d.items[1].loc.line, 5);
    assert_int_equal(d.items[1].loc.column, 8);
    junqi_diags_free(&d);
}

/* A UTF-8 character cut to its first byte before a comment's closing brace (a UTF-8 lead byte,
 * then ASCII) is that byte alone, one U+FFFD: taken with the brace as a GBK pair, it left the
 * comment open (GBK characters whose first byte cannot lead UTF-8, 淺 and 倉, still pair) */
static void a_cut_utf8_character_before_a_brace_leaves_the_brace_a_brace(void **state)
{
    (void)state;
    static const char text[] = "[Board \"two-player\"]\n[Event \"\xE6\xB5\x8B\xE8\xAF\x95\"]\n\n{\xE4} *\n";
    /* [Event "测试"]: more UTF-8 Chinese than bad bytes, so UTF-8 (JUNQI_TEXT_MIXED) */
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(text, sizeof text - 1, "t", 0, &d);
    assert_non_null(g);
    assert_int_equal(d.n, 1);
    assert_string_equal(junqi_code_name(d.items[0].code), "not-utf8");
    assert_int_equal(d.items[0].loc.line, 4);
    assert_int_equal(d.items[0].loc.column, 2);
    assert_int_equal(junqi_text_chars("{\xE4}", 3, false), 3);
    assert_int_equal(junqi_text_chars("{\x9C\x5C}", 4, false), 3);
    junqi_game_free(g);
    junqi_diags_free(&d);
}

/* The game of text, read into a new d (junqi_diags_free it), which must hold one. */
static junqi_game *read_game(const char *text, junqi_diags *d)
{
    junqi_diags_init(d);
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "t", 0, d);
    assert_non_null(g);
    return g;
}

/* Read the game `text` (a GBK North), which must give north's name `player` (in UTF-8) and
 * one diagnostic: the not-utf8 warning at line:column. */
static void expect_read_as_gbk(const char *text, const char *player, int line, int column)
{
    junqi_diags d;
    junqi_game *g = read_game(text, &d);
    assert_string_equal(g->seat[JUNQI_NORTH].player, player);
    assert_int_equal(d.n, 1);
    assert_string_equal(junqi_code_name(d.items[0].code), "not-utf8");
    assert_int_equal(d.items[0].severity, JUNQI_SEV_WARNING);
    assert_int_equal(d.items[0].loc.line, line);
    assert_int_equal(d.items[0].loc.column, column);
    junqi_game_free(g);
    junqi_diags_free(&d);
}

/* A GBK game's not-utf8 warning was at its first byte that is not UTF-8: after 小 (D0 A1, which
 * UTF-8 reads as С), at 明, 2:10, though the game is read as GBK from 小 on; it is now at the
 * first character that is not ASCII, where the GBK reading starts: 小, 2:9 */
static void a_gbk_game_is_warned_of_at_its_first_character_that_is_not_ascii(void **state)
{
    (void)state;
    expect_read_as_gbk("[Board \"two-player\"]\n[North \"\xD0\xA1\xC3\xF7\"]\n\n*\n", /* 小明 */
                       "\xE5\xB0\x8F\xE6\x98\x8E", 2, 9);
}

/* A full-width character in the movetext, as a Chinese input method types it, was another
 * token's error: "j14-j13　2." (U+3000 between them) said "'　2.' is not a move mark", and "１."
 * was no move; in a tag line "the tag value must be in double quotes" and the like, and a file
 * opening with [Board　"..."] was no format; the error is now at the character and names it (in
 * a comment it is text) */
static void a_full_width_character_in_the_movetext_is_named(void **state)
{
    (void)state;
    static const struct { const char *moves, *message; int column; } cases[] = {
        {"1. j14-j13\xE3\x80\x80" "2. i5-j5 *", "'\xE3\x80\x80' is a full-width space (U+3000): JGN's blanks are "
                                                "ASCII spaces, tabs and line ends", 11},
        {"\xEF\xBC\x91. j14-j13 *", "'\xEF\xBC\x91' is a full-width '1': JGN is written in ASCII (half-width) "
                                     "characters outside comments and tag values", 1},
        {"1. j14-j13\xEF\xBD\x9E *", "'\xEF\xBD\x9E' is a full-width '~': JGN is written in ASCII (half-width) "
                                     "characters outside comments and tag values", 11},
        /* the Chinese punctuation the input method types for '.' and '<' (1。 was "not a move") */
        {"1\xE3\x80\x82 j14-j13 *", "'\xE3\x80\x82' is a full-width '.': JGN is written in ASCII (half-width) "
                                    "characters outside comments and tag values", 2},
        {"1. j14\xE3\x80\x8Aj13 *", "'\xE3\x80\x8A' is a full-width '<': JGN is written in ASCII (half-width) "
                                    "characters outside comments and tag values", 7},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[200];
        snprintf(text, sizeof text, "[Board \"four-player\"]\n\n%s\n", cases[i].moves);
        junqi_diags d;
        junqi_diags_init(&d);
        assert_null(junqi_jgn_parse(text, strlen(text), "t", 0, &d));
        assert_int_equal(d.n, 1);
        assert_string_equal(junqi_code_name(d.items[0].code), "bad-token");
        assert_string_equal(d.items[0].message, cases[i].message);
        assert_int_equal(d.items[0].loc.line, 3);
        assert_int_equal(d.items[0].loc.column, cases[i].column);
        junqi_diags_free(&d);
    }
    /* in a tag line, where its mark was expected; a file that opens so is still JGN */
    /* also the Chinese punctuation the input method types for '[', '"' and ']' (【, “, 】: "the
     * tag value must be in double quotes", a file opening with 【 or ［ no format) */
    static const struct { const char *line, *names; int column; } tags[] = {
        {"[Board\xE3\x80\x80\"four-player\"]", "is a full-width space (U+3000)", 7},
        {"[Board \"four-player\"\xEF\xBC\xBD", "is a full-width ']'", 21},
        {"[Board \xE2\x80\x9C" "four-player\xE2\x80\x9D]", "is a full-width '\"'", 8},
        {"\xE3\x80\x90" "Board \"four-player\"\xE3\x80\x91", "is a full-width '['", 1},
        {"\xEF\xBC\xBB" "Board \"four-player\"]", "is a full-width '['", 1},
        {"[Board \"four-player\"\xE3\x80\x91", "is a full-width ']'", 21},
    };
    for (size_t i = 0; i < sizeof tags / sizeof *tags; i++) {
        char text[100];
        snprintf(text, sizeof text, "%s\n\n*\n", tags[i].line);
        assert_true(junqi_jgn_detect((const uint8_t *)text, strlen(text)));
        junqi_diags d;
        junqi_diags_init(&d);
        assert_null(junqi_jgn_parse(text, strlen(text), "t", 0, &d));
        assert_non_null(strstr(d.items[0].message, tags[i].names));
        assert_int_equal(d.items[0].loc.column, tags[i].column);
        junqi_diags_free(&d);
    }
    static const char comment[] = "[Board \"four-player\"]\n\n{\xE5\xA5\xBD\xE3\x80\x80\xEF\xBC\x81} 1. j14-j13 *\n";
    junqi_game *g = junqi_jgn_parse(comment, sizeof comment - 1, "t", 0, NULL); /* {好　！} */
    assert_non_null(g);
    junqi_game_free(g);
}

/* A NUL byte in a GBK game (黄方, BB C6 B7 BD, then NUL) was located in the raw bytes, each
 * counted as UTF-8 counts a byte that continues none: 4:10, not 4:11, and the line shown was
 * "\xbbƷ\xbd" (C6 B7 taken for UTF-8 Ʒ), the caret under it. The text before the NUL is read as
 * the game would be read: GBK converted, and in a UTF-8 game each bad character one U+FFFD. */
static void a_nul_byte_in_a_gbk_game_is_located_in_its_characters(void **state)
{
    (void)state;
    static const struct { const char *name, *shown; int column; } cases[] = {
        {"\xBB\xC6\xB7\xBD", "[North \"\xE9\xBB\x84\xE6\x96\xB9", 11},                          /* 黄方, GBK */
        {"\xB0\xA1\xE6\xB5\x8B\xE8\xAF\x95\xE6\xB5\x8B\xE8\xAF\x95", /* 啊 in GBK, 测试测试: UTF-8 */
         "[North \"\xEF\xBF\xBD\xE6\xB5\x8B\xE8\xAF\x95\xE6\xB5\x8B\xE8\xAF\x95", 14},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[128];
        int n = snprintf(text, sizeof text, "[Board \"two-player\"]\n[North \"%s", cases[i].name);
        assert_true(n > 0 && (size_t)n + 8 < sizeof text);
        memcpy(text + n, "\0x\"]\n\n*\n", 8);
        junqi_diags d;
        junqi_diags_init(&d);
        assert_null(junqi_jgn_parse(text, (size_t)n + 8, "t", 0, &d));
        assert_int_equal(d.n, 1);
        assert_string_equal(junqi_code_name(d.items[0].code), "nul-byte");
        assert_int_equal(d.items[0].loc.line, 2);
        assert_int_equal(d.items[0].loc.column, cases[i].column);
        assert_non_null(d.items[0].source_line);
        assert_memory_equal(d.items[0].source_line, cases[i].shown, strlen(cases[i].shown));
        assert_int_equal(d.items[0].source_column, 1); /* the line shown from its start */
        junqi_diags_free(&d);
    }
    /* the rest of the NUL's line is read so too: 黄方 NUL 玩家 showed 玩家 as \xcd\xe6\xbc\xd2, and
     * a GBK character cut by the NUL (BB, NUL, C6 B7 BD) its trail as UTF-8 (Ʒ) */
    static const struct { const char *bytes, *shown; size_t n, shown_n; } rests[] = {
        {"[North \"\xBB\xC6\xB7\xBD\0\xCD\xE6\xBC\xD2\"]\n", "[North \"\xE9\xBB\x84\xE6\x96\xB9\0\xE7\x8E\xA9\xE5\xAE\xB6\"]", 20, 23},
        {"[North \"\xBB\0\xC6\xB7\xBD\"]\n", "[North \"\xEF\xBF\xBD\0\xE5\x93\x81\xEF\xBF\xBD\"]", 16, 20},
    };
    for (size_t i = 0; i < sizeof rests / sizeof *rests; i++) {
        char text[128] = "[Board \"two-player\"]\n";
        size_t n = strlen(text);
        memcpy(text + n, rests[i].bytes, rests[i].n);
        memcpy(text + n + rests[i].n, "\n*\n", 3);
        junqi_diags d;
        junqi_diags_init(&d);
        assert_null(junqi_jgn_parse(text, n + rests[i].n + 3, "t", 0, &d));
        assert_int_equal(d.n, 1);
        assert_non_null(d.items[0].source_line);
        assert_memory_equal(d.items[0].source_line, rests[i].shown, rests[i].shown_n);
        junqi_diags_free(&d);
    }
}

/* In a comment of a UTF-8 text (JUNQI_TEXT_MIXED: [Event "测试测试"], more UTF-8 Chinese than
 * bad bytes), the brace closes after three bytes of a four-byte UTF-8 character (an emoji cut at
 * a byte count, one U+FFFD: GBK read F0 9F and 98 with the brace) and after a GBK character whose
 * trail is a backslash and whose first byte may lead UTF-8 (蘚 is CC 5C: read as a cut UTF-8
 * character, its backslash escaped the brace); the bad move after it is the error, at its column */
static void a_cut_utf8_character_and_a_gbk_backslash_trail_leave_the_brace_a_brace(void **state)
{
    (void)state;
    static const char *const comments[] = {"{\xF0\x9F\x98}", "{\xCC\x5C}"};
    for (size_t i = 0; i < sizeof comments / sizeof *comments; i++) {
        char text[128];
        int n = snprintf(text, sizeof text, "[Board \"two-player\"]\n[Event \"%s\"]\n\n%s x1-x2 *\n",
                         "\xE6\xB5\x8B\xE8\xAF\x95\xE6\xB5\x8B\xE8\xAF\x95", comments[i]);
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_game *g = junqi_jgn_parse(text, (size_t)n, "t", 0, &d);
        assert_true(d.n >= 2);
        assert_string_equal(junqi_code_name(d.items[0].code), "not-utf8");
        assert_int_equal(d.items[0].loc.column, 2);
        assert_int_equal(d.items[1].loc.line, 4);
        assert_int_equal(d.items[1].loc.column, 5);
        assert_int_equal(junqi_text_chars(comments[i], strlen(comments[i]), false), 3);
        junqi_game_free(g);
        junqi_diags_free(&d);
    }
    assert_int_equal(junqi_text_char_length("\xE4\xB8}", 3, false), 2);
    assert_int_equal(junqi_text_char_length("\x82\x7D", 2, false), 2);
}

/* A comment never closed takes the games after it: the error says from which line, so that they
 * are not lost unsaid (a GBK-free twin of the splitter's trail-byte case above) */
static void a_comment_never_closed_names_the_game_it_swallows(void **state)
{
    (void)state;
    static const char text[] = "[Board \"two-player\"]\n\n1. a6-a7 {never\n[%arrow a6-a7] closed *\n"
                               "[not a tag, a note\n[Board \"two-player\"]\n\n*\n";
    junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, (const uint8_t *)text, sizeof text - 1, "t", 0);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = NULL;
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_BROKEN);
    assert_int_equal(d.errors, 1);
    assert_string_equal(junqi_code_name(d.items[0].code), "open-comment");
    assert_int_equal(d.items[0].loc.line, 3);
    assert_string_equal(d.items[0].message, "this comment is never closed: the rest of the input is read into "
                                            "it, the game whose tags start at line 6 and any after it too");
    /* line 5, a note that starts with '[', is no game's tags */
    assert_int_equal(junqi_jgn_next(r, &g, &d), JUNQI_READ_END);
    junqi_jgn_reader_free(r);
    junqi_diags_free(&d);
}

/* A broken tag section leaves the movetext unread: a decided Result with no
 * termination marker must not end a line that was never begun (found by the
 * fuzz smoke run: a NULL line in end_as_tagged). */
static void a_tag_error_before_a_decided_result_drops_the_game_cleanly(void **state)
{
    (void)state;
    static const char text[] = "[Board \"two-player\"]\n[Result \"south\"]\n[North \"x]\n";
    junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, (const uint8_t *)text, sizeof text - 1, "t", 0);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = NULL;
    junqi_read_status rc = junqi_jgn_next(r, &g, &d);
    assert_true(rc != JUNQI_READ_OK);
    assert_null(g);
    assert_true(d.errors >= 1);
    junqi_jgn_reader_free(r);
    junqi_diags_free(&d);
}

static void commands_in_comments_are_found(void **state)
{
    (void)state;
    const char *text = "good move [%eval 0.62 0.55 +120] and [%arrow g2-g6 red][%mark h5]";
    char name[32];
    const char *args;
    size_t len;
    assert_true(junqi_jgn_next_command(&text, name, &args, &len));
    assert_string_equal(name, "eval");
    assert_int_equal(len, strlen("0.62 0.55 +120"));
    assert_true(junqi_jgn_next_command(&text, name, &args, &len));
    assert_string_equal(name, "arrow");
    assert_memory_equal(args, "g2-g6 red", len);
    assert_true(junqi_jgn_next_command(&text, name, &args, &len));
    assert_string_equal(name, "mark");
    assert_false(junqi_jgn_next_command(&text, name, &args, &len));
}

/* Issue 10, defect 2: the unknown-outcome move h5xh6 (docs/jgn.md) was read as
 * one square "h5x" and rejected, so a record the writer produces could not be
 * read back. */
static void defect02_the_unknown_outcome_move_reads_and_writes_back(void **state)
{
    (void)state;
    static const char text[] = "[Board \"four-player\"]\n\n1. h5xh6 2. a10xb11 3. g6xg7?! *\n";
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "x", 0, &d);
    assert_non_null(g);
    assert_int_equal(d.errors, 0);
    assert_int_equal(g->main.nitems, 3);
    const junqi_board *b = junqi_board_get(JUNQI_FOUR_PLAYER);
    assert_false(g->main.items[0].outcome_known);
    assert_int_equal(g->main.items[0].move.from, junqi_square_parse(b, "h5", 2));
    assert_int_equal(g->main.items[0].move.to, junqi_square_parse(b, "h6", 2));
    assert_int_equal(g->main.items[1].move.from, junqi_square_parse(b, "a10", 3));
    assert_int_equal(g->main.items[2].nags[0], 6);
    char *out = junqi_jgn_to_string(g);
    assert_non_null(strstr(out, "1. h5xh6 2. a10xb11 3. g6xg7?! *"));
    junqi_game *again = junqi_jgn_parse(out, strlen(out), "x", 0, &d);
    assert_non_null(again);
    assert_int_equal(d.errors, 0);
    static const char bad[] = "[Board \"four-player\"]\n\n1. h5xz6 *\n";
    assert_null(junqi_jgn_parse(bad, strlen(bad), "x", 0, &d));
    assert_string_equal(junqi_code_name(d.items[d.n - 1].code), "bad-square");
    junqi_game_free(again);
    junqi_game_free(g);
    free(out);
    junqi_diags_free(&d);
}

static void gbk_text_is_read_with_a_warning(void **state)
{
    (void)state;
    /* [North "黄方"] in GBK: BB C6 B7 BD; warned of at its first character that is not ASCII (it
     * said 1:1, the game's start) */
    expect_read_as_gbk("[Board \"four-player\"]\n[North \"\xBB\xC6\xB7\xBD\"]\n\n*\n", "黄方", 2, 9);
}

static void lenient_reading_keeps_the_part_before_the_error(void **state)
{
    (void)state;
    const char text[] = "[Board \"two-player\"]\n\n1. a6-a7 2. e7-e8 3. zz9-b1 4. b6-b7 *\n";
    junqi_diags d;
    junqi_diags_init(&d);
    assert_null(junqi_jgn_parse(text, sizeof text - 1, "t", 0, &d));
    assert_int_equal(d.errors, 1);
    junqi_diags_free(&d);
    junqi_game *g = junqi_jgn_parse(text, sizeof text - 1, "t", JUNQI_JGN_LENIENT, &d);
    assert_non_null(g);
    assert_int_equal(junqi_game_moves(g), 2);
    assert_int_equal(d.errors, 1);
    assert_int_equal(d.items[0].loc.line, 3);
    assert_int_equal(d.items[0].loc.column, 22);
    assert_string_equal(d.items[0].source_line, "1. a6-a7 2. e7-e8 3. zz9-b1 4. b6-b7 *");
    junqi_game_free(g);
    junqi_diags_free(&d);
}

/* A message quotes at most JUNQI_QUOTE_MAX bytes of a bad token, cut between
 * characters and followed by "...": a Chinese token cut at 60 bytes would
 * end in half a character, and a token of kilobytes (a square of 5000
 * digits, a seat of 2000 characters) would fill the message and cut its end. */
static void a_long_token_is_quoted_in_part_between_characters(void **state)
{
    (void)state;
    static const char *const tokens[] = {"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx%s",
                                          "1. a6-a7 2. a%s-a6", "1. a6-a7 timeout:%s", "1. a6-a7 flag:a%s"};
    char *filler = malloc(3 * 2000 + 1), *text = malloc(3 * 2000 + 200);
    assert_non_null(filler), assert_non_null(text);
    for (size_t k = 0; k < sizeof tokens / sizeof *tokens; k++) {
        filler[0] = '\0';
        for (int i = 0; i < 2000; i++)
            strcat(filler, k == 1 || k == 3 ? "1" : "军");
        int n = sprintf(text, "[Board \"two-player\"]\n\n");
        n += sprintf(text + n, tokens[k], filler);
        strcpy(text + n, " *\n");
        junqi_diags d;
        junqi_diags_init(&d);
        assert_null(junqi_jgn_parse(text, strlen(text), "t", 0, &d));
        const char *m = d.items[0].message;
        assert_true(junqi_utf8_valid(m, strlen(m)));
        assert_true(strlen(m) < 200);
        assert_non_null(strstr(m, "...'"));
        junqi_diags_free(&d);
    }
    free(filler);
    free(text);
}

/* A bad tag value is quoted as a bad token is (junqi_quote): the message
 * quoted it whole into 512 bytes, which cut a long Chinese value in the
 * middle of a character and dropped its closing quote. */
static void a_long_tag_value_is_quoted_in_part_between_characters(void **state)
{
    (void)state;
    static const char *const tags[] = {"Board", "Result", "Termination", "Mode", "View"};
    char *text = malloc(3 * 300 + 200);
    assert_non_null(text);
    for (size_t k = 0; k < sizeof tags / sizeof *tags; k++) {
        int n = sprintf(text, "%s[%s \"", k ? "[Board \"two-player\"]\n" : "", tags[k]);
        for (int i = 0; i < 300; i++)
            n += sprintf(text + n, "军");
        strcpy(text + n, "\"]\n\n*\n");
        junqi_diags d;
        junqi_diags_init(&d);
        assert_null(junqi_jgn_parse(text, strlen(text), "t", 0, &d));
        const char *m = d.items[0].message;
        assert_string_equal(junqi_code_name(d.items[0].code), "bad-tag");
        assert_true(junqi_utf8_valid(m, strlen(m)));
        assert_true(strlen(m) < 200);
        assert_non_null(strstr(m, "军...'"));
        junqi_diags_free(&d);
    }
    free(text);
}

/* A ';' comment may end a tag line as any other line (docs/jgn.md): it was
 * "a tag line holds one tag only", and the game was not read. */
static void a_tag_line_may_end_in_a_comment(void **state)
{
    (void)state;
    junqi_diags d;
    junqi_game *g = read_game("[Board \"two-player\"] ; the board\n[Event \"a;b\"]\t;\n\n*\n", &d);
    assert_int_equal(d.n, 0);
    assert_int_equal(g->board, JUNQI_TWO_PLAYER);
    assert_string_equal(junqi_game_tag(g, "Event"), "a;b");
    junqi_game_free(g);
    junqi_diags_free(&d);
}

/* The character that diagnostic g's column points at in its source line
 * (kept whole or in part, junqi_diag.source_column), as a pointer into it. */
static const char *at_column(const junqi_diag *g)
{
    const char *s = g->source_line;
    int first = g->source_column > 1 ? g->source_column : 1;
    for (int col = first; col < g->loc.column && *s; col++)
        do
            s++;
        while (((unsigned char)*s & 0xC0) == 0x80);
    return s;
}

/* A line of a game may be megabytes long, and hold a problem in each of its
 * thousands of comments: each problem keeps the part of the line round its
 * column (JUNQI_DIAG_LINE_CONTEXT bytes each side), not a copy of all of it,
 * cut between characters, and its column still points at the character. */
static void a_long_line_is_kept_in_part_round_each_problem(void **state)
{
    (void)state;
    size_t n = 20000;
    char *text = malloc(4 * n + 100), *p = text;
    assert_non_null(text);
    p += sprintf(p, "[Board \"two-player\"]\n\n1. a6-a7 {");
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, i % 2 ? "\x01" : "军");
    strcpy(p, "} *\n");
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game_free(junqi_jgn_parse(text, strlen(text), "t", 0, &d));
    size_t warned = 0;
    for (size_t i = 0; i < d.n; i++) {
        const junqi_diag *g = &d.items[i];
        if (g->code != JUNQI_CODE_CONTROL_CHARACTER)
            continue;
        warned++;
        assert_true(strlen(g->source_line) <= 2 * JUNQI_DIAG_LINE_CONTEXT);
        assert_true(junqi_utf8_valid(g->source_line, strlen(g->source_line)));
        assert_int_equal(*at_column(g), '\x01');
        /* the start of the line kept whole; any other part from a column of the line */
        if (g->loc.column < 100)
            assert_memory_equal(g->source_line, "1. a6-a7 {", 10);
        assert_true(g->source_column >= 1 && g->source_column <= g->loc.column);
    }
    assert_int_equal(warned, n / 2);
    /* the last problem's part ends where the line does */
    const char *last = d.items[warned - 1].source_line;
    assert_string_equal(last + strlen(last) - 3, "} *");
    junqi_diags_free(&d);
    /* a short line is kept whole, from column 1 */
    const char short_text[] = "[Board \"two-player\"]\n\n1. a6-a7 zz9 *\n";
    junqi_diags_init(&d);
    assert_null(junqi_jgn_parse(short_text, sizeof short_text - 1, "t", 0, &d));
    assert_string_equal(d.items[0].source_line, "1. a6-a7 zz9 *");
    assert_int_equal(d.items[0].source_column, 1);
    junqi_diags_free(&d);
    free(text);
}

/* Issue 10, defect 5: --lenient kept the Result and Termination of a game it
 * cut short ("east-west" after 2 moves), an invalid record. A cut game ends in
 * '*', with a warning at the dropped Result; a game whose error follows its
 * result (complete moves) keeps the result. */
static void defect05_a_game_cut_short_by_lenient_reading_ends_in_a_star(void **state)
{
    (void)state;
    const char text[] = "[Board \"two-player\"]\n[Result \"south\"]\n[Termination \"surrender\"]\n\n"
                        "1. a6-a7 2. e7-e8 3. zz9-b1 4. b6-b7 south\n";
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(text, sizeof text - 1, "t", JUNQI_JGN_LENIENT, &d);
    assert_non_null(g);
    assert_int_equal(junqi_game_moves(g), 2);
    assert_int_equal(g->result.status, JUNQI_ONGOING);
    assert_int_equal(g->result.reason, JUNQI_REASON_NONE);
    assert_int_equal(d.errors, 1);
    assert_string_equal(junqi_code_name(d.items[1].code), "cut-short");
    assert_int_equal(d.items[1].loc.line, 2); /* at the Result tag */
    char *out = junqi_jgn_to_string(g);
    assert_non_null(strstr(out, "[Result \"*\"]"));
    assert_null(strstr(out, "Termination"));
    assert_non_null(strstr(out, "2. e7-e8 *"));
    free(out);
    junqi_game_free(g);
    junqi_diags_free(&d);
    const char after[] = "[Board \"two-player\"]\n[Result \"draw\"]\n\n1. a6-a7 draw zz\n";
    g = junqi_jgn_parse(after, sizeof after - 1, "t", JUNQI_JGN_LENIENT, &d);
    assert_non_null(g);
    assert_int_equal(g->result.status, JUNQI_DRAWN);
    junqi_game_free(g);
    junqi_diags_free(&d);
}

/* Text of n repetitions of a piece. */
static char *repeat(const char *head, const char *piece, size_t n, const char *tail)
{
    size_t len = strlen(head) + strlen(piece) * n + strlen(tail) + 1;
    char *s = malloc(len), *p = s;
    p += sprintf(p, "%s", head);
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, "%s", piece);
    sprintf(p, "%s", tail);
    return s;
}

static void hostile_input_gets_clear_errors_not_crashes(void **state)
{
    (void)state;
    junqi_diags d;
    junqi_diags_init(&d);
    /* variations nested far too deep */
    char *deep = repeat("[Board \"two-player\"]\n\n1. a6-a7 ", "(1. c6-c7 ", 5000, "*\n");
    assert_null(junqi_jgn_parse(deep, strlen(deep), "deep", 0, &d));
    assert_string_equal(junqi_code_name(d.items[d.n - 1].code), "too-deep");
    free(deep);
    /* a 10,000-character line: one long comment */
    char *wide = repeat("[Board \"two-player\"]\n\n1. a6-a7 {", "x", 10000, "} *\n");
    junqi_game *g = junqi_jgn_parse(wide, strlen(wide), "wide", 0, &d);
    assert_non_null(g);
    assert_int_equal(strlen(g->main.comments[0].text), 10000);
    junqi_game_free(g);
    free(wide);
    /* a comment that never closes */
    const char open[] = "[Board \"two-player\"]\n\n1. a6-a7 {never\n\n\n";
    assert_null(junqi_jgn_parse(open, sizeof open - 1, "open", 0, &d));
    assert_string_equal(junqi_code_name(d.items[d.n - 1].code), "open-comment");
    assert_int_equal(d.items[d.n - 1].loc.line, 3);
    junqi_diags_free(&d);
}

static void a_game_of_100000_moves_reads_and_replays(void **state)
{
    (void)state;
    /* two captains walking back and forth beside their flags: a draw at
     * move 70, then every further move is reported by the replay, not the
     * reader */
    const char *head = "[Board \"two-player\"]\n[Position \".NF3../...../...../...../...../...../"
                       "...../...../...../...../...../.SF3.. s 0 0 -\"]\n\n";
    size_t n = 100000, cap = strlen(head) + n * 16 + 8;
    char *text = malloc(cap), *p = text;
    p += sprintf(p, "%s", head);
    for (size_t i = 0; i < n; i++) {
        bool south = i % 2 == 0, out = (i / 2) % 2 == 0;
        p += sprintf(p, "%s ", south ? (out ? "c1-c2" : "c2-c1") : (out ? "c12-c11" : "c11-c12"));
    }
    sprintf(p, "*\n");
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "long", 0, &d);
    assert_non_null(g);
    assert_int_equal(junqi_game_moves(g), n);
    junqi_replay r;
    junqi_replay_start(&r, g, NULL, &d);
    junqi_replay_run(&r);
    assert_int_equal(r.pos.result.status, JUNQI_DRAWN);
    assert_int_equal(d.items[0].move, 71);
    assert_string_equal(junqi_code_name(d.items[0].code), "after-game-end");
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(text);
}

/* junqi_jgn_parse_moves: movetext appended after a game's moves, numbered on
 * from them, all or nothing. */
static void movetext_appends_to_a_game_all_or_nothing(void **state)
{
    (void)state;
    static const char text[] = "[Board \"two-player\"]\n"
                               "[SouthSetup \"81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL\"]\n"
                               "[NorthSetup \"36615/7.3.9/81.B7/B.4.3/225L4/12LFL\"]\n\n1. a6-a7 *\n";
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "t", 0, NULL);
    assert_non_null(g);
    junqi_diags d;
    junqi_diags_init(&d);
    assert_true(junqi_jgn_parse_moves(g, "e7-e8 {fine} 3. b6>b7", 21, "moves", &d));
    assert_int_equal(junqi_game_moves(g), 3);
    assert_int_equal(g->main.ncomments, 1);
    assert_int_equal(g->main.items[2].outcome, JUNQI_ATTACKER_WINS);
    /* a wrong number, then a bad token: nothing of either is kept */
    assert_false(junqi_jgn_parse_moves(g, "d7-d8 {no} 9. c6-c7", 19, "moves", &d));
    assert_false(junqi_jgn_parse_moves(g, "d7-d8 hello", 11, "moves", &d));
    assert_int_equal(d.errors, 2);
    assert_int_equal(junqi_game_moves(g), 3);
    assert_int_equal(g->main.nitems, 3);
    assert_int_equal(g->main.ncomments, 1);
    assert_int_equal(d.items[1].loc.column, 7);
    /* a result ends the game: nothing may follow it */
    assert_true(junqi_jgn_parse_moves(g, "4. d7-d8 draw", 13, "moves", &d));
    assert_int_equal(g->result.status, JUNQI_DRAWN);
    assert_false(junqi_jgn_parse_moves(g, "c6-c7", 5, "moves", &d));
    assert_int_equal(junqi_game_moves(g), 4);
    junqi_diags_free(&d);
    junqi_game_free(g);
}

/* Whether text reads as a valid record (junqi_check_item); its diagnostics into d. */
static bool reads_valid(const char *text, junqi_diags *d)
{
    junqi_input in = {.kind = JUNQI_INPUT_RECORD, .name = "spec", .index = 1};
    in.game = junqi_jgn_parse(text, strlen(text), "spec", 0, d);
    assert_non_null(in.game);
    bool valid = junqi_check_item(NULL, &in, NULL, d, NULL);
    junqi_game_free(in.game);
    return valid;
}

/* No termination marker: the Result tag ends the movetext (docs/jgn.md §3),
 * so a record and the canonical text written from it are alike valid, or
 * alike invalid with the same result-mismatch, never "unfinished" then not. */
static void a_movetext_without_a_result_ends_in_the_result_tags(void **state)
{
    (void)state;
    static const char *const head = "[Board \"two-player\"]\n[Rules \"standard,mountain=shelter\"]\n"
                                    "[SouthSetup \"81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL\"]\n"
                                    "[NorthSetup \"36615/7.3.9/81.B7/B.4.3/225L4/12LFL\"]\n";
    static const struct { const char *result; bool valid; } cases[] = {{"draw", true}, {"south", false}, {"*", true}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s[Result \"%s\"]\n\n1. b6-bM 2. c8-d8 3. bM-b6\n", head, cases[i].result);
        junqi_diags d;
        junqi_diags_init(&d);
        assert_int_equal(reads_valid(text, &d), cases[i].valid);
        junqi_game *g = junqi_jgn_parse(text, strlen(text), "spec", 0, NULL);
        char *written = junqi_jgn_to_string(g);
        char marker[16];
        snprintf(marker, sizeof marker, "bM-b6 %s\n", cases[i].result);
        assert_non_null(strstr(written, marker));
        junqi_diags again;
        junqi_diags_init(&again);
        assert_int_equal(reads_valid(written, &again), cases[i].valid);
        assert_int_equal(again.errors, d.errors);
        if (!cases[i].valid) {
            assert_int_equal(d.items[0].code, JUNQI_CODE_RESULT_MISMATCH);
            assert_int_equal(d.items[0].loc.line, 5); /* at the Result tag */
        }
        free(written);
        junqi_game_free(g);
        junqi_diags_free(&d);
        junqi_diags_free(&again);
    }
}

/* A comment between the last move and the result stands before the end of the game, one after
 * the result after it (docs/jgn.md, "The result"; the QQ replay jgs-003098 has both), and one at
 * the end of a movetext without a result before the end its Result tag gives; all follow the last
 * move, whose [%eval] they may carry. Read, written and read again, each keeps its place and its
 * side of the result (the reader used to put them all after the end and the writer all before
 * the result: a comment after the result moved in the text, a QQ comment on the game-over record
 * moved past the end). */
static void a_comment_keeps_its_side_of_the_result(void **state)
{
    (void)state;
    static const char head[] = "[Board \"two-player\"]\n[Result \"draw\"]\n"
                               "[SouthSetup \"81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL\"]\n"
                               "[NorthSetup \"36615/7.3.9/81.B7/B.4.3/225L4/12LFL\"]\n\n";
    static const struct { const char *moves; size_t before[3]; const char *written; } cases[] = {
        {"1. a6>a7 {one} 2. a8>a7 {two [%eval 0.5 0.4 -0.2]} draw {three}\n", {1, 2, 3},
         "1. a6>a7 {one} 2. a8>a7 {two [%eval 0.5 0.4 -0.2]} draw {three}\n"},
        {"1. a6>a7 {one} 2. a8>a7 {two [%eval 0.5 0.4 -0.2]} {three}\n", {1, 2, 2}, /* the tag's result */
         "1. a6>a7 {one} 2. a8>a7 {two [%eval 0.5 0.4 -0.2]} {three} draw\n"},
        {"1. a6>a7 {one} 2. a8>a7 draw {two [%eval 0.5 0.4 -0.2]} {three}\n", {1, 3, 3},
         "1. a6>a7 {one} 2. a8>a7 draw {two [%eval 0.5 0.4 -0.2]} {three}\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", head, cases[i].moves);
        junqi_game *g = junqi_jgn_parse(text, strlen(text), "t", 0, NULL);
        assert_non_null(g);
        assert_int_equal(g->main.nitems, 3);
        assert_int_equal(g->main.items[2].kind, JUNQI_ITEM_END);
        junqi_annotation a;
        assert_true(junqi_annotation_read(g, &a));
        assert_true(a.moves[1].judged);
        assert_true(fabs(a.moves[1].winprob_after - 0.4) < 1e-9);
        junqi_annotation_free(&a);
        char *written = junqi_jgn_to_string(g);
        assert_non_null(strstr(written, cases[i].written));
        junqi_game *back = junqi_jgn_parse(written, strlen(written), "t", 0, NULL);
        const junqi_game *read[] = {g, back};
        for (int k = 0; k < 2; k++) {
            assert_int_equal(read[k]->main.ncomments, 3);
            for (size_t c = 0; c < 3; c++)
                assert_int_equal(read[k]->main.comments[c].before, cases[i].before[c]);
        }
        char *again = junqi_jgn_to_string(back);
        assert_string_equal(again, written);
        free(again);
        free(written);
        junqi_game_free(back);
        junqi_game_free(g);
    }
    /* an unfinished game has no END item: the comment is after the last move, written before the '*' */
    char text[512];
    snprintf(text, sizeof text, "%s1. a6>a7 2. a8>a7 * {two}\n", "[Board \"two-player\"]\n\n");
    junqi_game *g = junqi_jgn_parse(text, strlen(text), "t", 0, NULL);
    assert_int_equal(g->main.nitems, 2);
    assert_int_equal(g->main.comments[0].before, 2);
    assert_int_equal(junqi_line_through_end(&g->main, 2), 2);
    char *written = junqi_jgn_to_string(g);
    assert_non_null(strstr(written, "2. a8>a7 {two} *\n"));
    free(written);
    junqi_game_free(g);
}

/* junqi_game_check_seat: the one message for a seat that takes no part, whichever way it was given */
static void a_seat_that_takes_no_part_is_named_with_the_games_seats(void **state)
{
    (void)state;
    static const char text[] = "[Board \"two-player\"]\n\n1. a6>a7 *\n";
    junqi_game *g = junqi_jgn_parse(text, sizeof text - 1, "t", 0, NULL);
    assert_non_null(g);
    char err[256] = "untouched";
    assert_true(junqi_game_check_seat(g, JUNQI_SOUTH, "View", err, sizeof err));
    assert_string_equal(err, "");
    assert_true(junqi_game_check_seat(g, JUNQI_NO_SEAT, "View", err, sizeof err));
    assert_false(junqi_game_check_seat(g, JUNQI_EAST, "--view east", err, sizeof err));
    assert_string_equal(err, "--view east: east takes no part in this game (its seats: north, south)");
    char small[12];
    assert_false(junqi_game_check_seat(g, JUNQI_WEST, "view", small, sizeof small));
    assert_string_equal(small, "view: west "); /* cut short, terminated */
    junqi_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(real_replays_convert_to_jgn_and_replay_identically),
        cmocka_unit_test(a_file_holds_several_games_read_one_at_a_time),
        cmocka_unit_test(gbk_trail_bytes_neither_escape_nor_close_a_comment),
        cmocka_unit_test(a_gbk_comment_before_utf8_text_is_jgn_with_a_located_warning),
        cmocka_unit_test(a_cut_utf8_character_before_a_brace_leaves_the_brace_a_brace),
        cmocka_unit_test(a_gbk_game_is_warned_of_at_its_first_character_that_is_not_ascii),
        cmocka_unit_test(a_full_width_character_in_the_movetext_is_named),
        cmocka_unit_test(a_nul_byte_in_a_gbk_game_is_located_in_its_characters),
        cmocka_unit_test(a_cut_utf8_character_and_a_gbk_backslash_trail_leave_the_brace_a_brace),
        cmocka_unit_test(a_comment_never_closed_names_the_game_it_swallows),
        cmocka_unit_test(a_record_reads_back_from_its_jgn_as_the_same_item),
        cmocka_unit_test(a_seat_that_takes_no_part_is_named_with_the_games_seats),
        cmocka_unit_test(a_tag_error_before_a_decided_result_drops_the_game_cleanly),
        cmocka_unit_test(commands_in_comments_are_found),
        cmocka_unit_test(defect02_the_unknown_outcome_move_reads_and_writes_back),
        cmocka_unit_test(gbk_text_is_read_with_a_warning),
        cmocka_unit_test(lenient_reading_keeps_the_part_before_the_error),
        cmocka_unit_test(defect05_a_game_cut_short_by_lenient_reading_ends_in_a_star),
        cmocka_unit_test(hostile_input_gets_clear_errors_not_crashes),
        cmocka_unit_test(a_game_of_100000_moves_reads_and_replays),
        cmocka_unit_test(movetext_appends_to_a_game_all_or_nothing),
        cmocka_unit_test(a_movetext_without_a_result_ends_in_the_result_tags),
        cmocka_unit_test(a_comment_keeps_its_side_of_the_result),
        cmocka_unit_test(a_long_line_is_kept_in_part_round_each_problem),
        cmocka_unit_test(a_long_token_is_quoted_in_part_between_characters),
        cmocka_unit_test(a_long_tag_value_is_quoted_in_part_between_characters),
        cmocka_unit_test(a_tag_line_may_end_in_a_comment),
        cmocka_unit_test(a_reader_given_rules_puts_an_untagged_game_on_their_board),
        cmocka_unit_test(report_next_reads_records_under_the_rules_given),
    };
    return cmocka_run_group_tests_name("jgn", tests, NULL, NULL);
}
