/* SPDX-License-Identifier: MIT */
/*
 * test_convert.c - conversions lose nothing: a record converted QQ -> JGN ->
 * JSON, and JGN read back, says the same thing in every form (issue 10:
 * "every platform code must survive every conversion"). JSON is read back
 * with json-c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <json-c/json.h>

#include "gamejson.h"
#include "jgn.h"
#include "text.h"
#include "testutil.h"

/* What write(j, arg) writes as JSON, in a string the caller frees. */
static char *json_text(void (*write)(junqi_json *j, const void *arg), const void *arg)
{
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    assert_non_null(f);
    junqi_json j;
    junqi_json_init(&j, f);
    write(&j, arg);
    fclose(f);
    return text;
}

static void write_game(junqi_json *j, const void *g)
{
    junqi_write_game_json(j, g);
}

static void write_string(junqi_json *j, const void *s)
{
    junqi_json_string(j, s);
}

/* The game's JSON document (junqi-replay --to json), parsed. Caller puts it. */
static json_object *game_json(const junqi_game *g)
{
    char *text = json_text(write_game, g);
    json_object *doc = json_tokener_parse(text);
    assert_non_null(doc);
    free(text);
    return doc;
}

static json_object *get(json_object *o, const char *key)
{
    json_object *v = NULL;
    if (!json_object_object_get_ex(o, key, &v))
        fail_msg("no key '%s' in %s", key, json_object_to_json_string(o));
    return v;
}

/* The result and the events of a game's JSON: "reason code" strings. */
static void assert_codes_in_json(const junqi_game *g, int code)
{
    json_object *doc = game_json(g);
    json_object *result = get(doc, "result");
    assert_string_equal(json_object_get_string(get(result, "reason")), "unknown_code");
    assert_int_equal(json_object_get_int(get(result, "code")), code);
    json_object *items = get(get(doc, "line"), "items");
    int eliminations = 0, ends = 0;
    for (size_t i = 0; i < json_object_array_length(items); i++) {
        json_object *it = json_object_array_get_idx(items, i);
        const char *type = json_object_get_string(get(it, "type"));
        if (strcmp(type, "eliminated") == 0 &&
            strcmp(json_object_get_string(get(it, "reason")), "unknown_code") == 0) {
            assert_int_equal(json_object_get_int(get(it, "code")), code);
            eliminations++;
        } else if (strcmp(type, "end") == 0) {
            assert_int_equal(json_object_get_int(get(get(it, "result"), "code")), code);
            ends++;
        }
    }
    assert_int_equal(eliminations, 1);
    assert_int_equal(ends, 1);
    json_object_put(doc);
}

/* Issue 10, defect 4: jgs-001665 is decided when east is eliminated with QQ's
 * unknown reason code 6. The converted record said Termination
 * "unknown_code:0", and its JSON code 0 in the result and 4 in the end item. */
static void defect04_an_unknown_elimination_code_survives_every_conversion(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/qq/jgs-001665.jgs"));
    assert_non_null(g);
    junqi_game_settle(g);
    assert_int_equal(g->result.status, JUNQI_DECIDED);
    assert_int_equal(g->result.reason, JUNQI_REASON_UNKNOWN_CODE);
    assert_int_equal(g->result.code, 6);
    assert_codes_in_json(g, 6);
    char *text = junqi_jgn_to_string(g);
    assert_non_null(strstr(text, "[Termination \"unknown_code:6\"]"));
    assert_non_null(strstr(text, "eliminated:east:unknown_code:6"));
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *back = junqi_jgn_parse(text, strlen(text), "back", 0, &d);
    assert_non_null(back);
    assert_int_equal(d.errors, 0);
    junqi_game_settle(back);
    assert_int_equal(back->result.code, 6);
    assert_codes_in_json(back, 6);
    char *again = junqi_jgn_to_string(back);
    assert_string_equal(again, text);
    free(again);
    free(text);
    junqi_game_free(back);
    junqi_game_free(g);
    junqi_diags_free(&d);
}

/* The same for an unknown end code (jgs-002030: end code 7, no winner), and
 * codes out of range or on reasons that carry none are errors, not wrapped
 * or dropped numbers. */
static void defect04_unknown_end_codes_survive_and_bad_codes_are_errors(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/qq/jgs-002030.jgs"));
    assert_non_null(g);
    junqi_game_settle(g);
    assert_int_equal(g->result.status, JUNQI_UNDECIDED);
    assert_int_equal(g->result.code, 7);
    char *text = junqi_jgn_to_string(g);
    assert_non_null(strstr(text, "[Termination \"unknown_code:7\"]"));
    free(text);
    junqi_game_free(g);
    static const char *const bad[] = {
        "eliminated:north:unknown_code:300 *", "eliminated:north:unknown_code *",
        "eliminated:north:surrender:4 *",      "eliminated:north:unknown_code:06 *",
        "timeout:north:0 *",                   "timeout:north:256 *",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char game[200];
        snprintf(game, sizeof game, "[Board \"four-player\"]\n\n%s\n", bad[i]);
        junqi_diags d;
        junqi_diags_init(&d);
        if (junqi_jgn_parse(game, strlen(game), "bad", 0, &d))
            fail_msg("'%s' was read", bad[i]);
        assert_string_equal(junqi_code_name(d.items[d.n - 1].code), "bad-token");
        junqi_diags_free(&d);
    }
}

/* Strictly parsed JSON text (UTF-8 checked), or NULL. Caller puts it. */
static json_object *strict_json(const char *text)
{
    json_tokener *tok = json_tokener_new();
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
    json_object *o = json_tokener_parse_ex(tok, text, (int)strlen(text));
    if (json_tokener_get_error(tok) != json_tokener_success) {
        json_object_put(o);
        o = NULL;
    }
    json_tokener_free(tok);
    return o;
}

/* Issue 10, defect 15: the hand-written UTF-8 check accepted surrogates,
 * overlong forms and code points above U+10FFFF, which then reached JSON
 * output and broke strict decoders. The check is RFC 3629's, exactly. */
static void defect15_the_utf8_check_is_exact(void **state)
{
    (void)state;
    static const struct {
        const char *bytes;
        bool valid;
    } cases[] = {
        {"a", true},          {"\xC3\xA9", true},          {"\xE5\x8F\xB8", true},
        {"\xF0\x9F\x98\x80", true}, {"\xF4\x8F\xBF\xBF", true}, {"\xED\x9F\xBF", true},
        {"\xC0\x80", false},   {"\xC1\xBF", false},         {"\xE0\x80\xAF", false},
        {"\xE0\x9F\xBF", false}, {"\xED\xA0\x80", false},  {"\xED\xBF\xBF", false},
        {"\xF0\x8F\xBF\xBF", false}, {"\xF4\x90\x80\x80", false}, {"\xF5\x80\x80\x80", false},
        {"\xFF", false},        {"\x80", false},               {"\xE5\x8F", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (junqi_utf8_valid(cases[i].bytes, strlen(cases[i].bytes)) != cases[i].valid)
            fail_msg("case %zu: expected %s", i, cases[i].valid ? "valid" : "invalid");
    /* a game with a surrogate in a comment is not UTF-8: read as GBK (a
     * warning), and its JSON is valid JSON all the same */
    static const char game[] = "[Board \"two-player\"]\n[Event \"\xED\xA0\x80\"]\n\n{\xF4\x90\x80\x80} *\n";
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(game, strlen(game), "s", 0, &d);
    assert_non_null(g);
    assert_string_equal(junqi_code_name(d.items[0].code), "not-utf8");
    for (int k = 0; k < 2; k++) {
        /* a file name may be any bytes */
        char *text = k == 0 ? json_text(write_game, g) : json_text(write_string, "\xFF\xFEnot UTF-8");
        json_object *doc = strict_json(text);
        if (!doc)
            fail_msg("not valid JSON: %s", text);
        if (k == 1)
            assert_string_equal(json_object_get_string(doc), "\xEF\xBF\xBD\xEF\xBF\xBDnot UTF-8");
        json_object_put(doc);
        free(text);
    }
    junqi_game_free(g);
    junqi_diags_free(&d);
}

/* Numbers near zero: with 4 decimals, then -0.4 and -0.0 with none. */
static void write_numbers(junqi_json *j, const void *arg)
{
    (void)arg;
    junqi_json_begin_array(j);
    static const double values[] = {-0.0, -0.00004, 0.0, -0.5, -0.00005, 12.25, -3.0};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        junqi_json_number(j, values[i], 4);
    junqi_json_number(j, -0.4, 0);
    junqi_json_number(j, -0.0, 0);
    junqi_json_end_array(j);
}

/* A JSON number that rounds to zero is 0 whatever its sign (a flip annotation's
 * "eval_after" of an even position was -0.0000); others keep theirs. */
static void a_json_number_never_writes_negative_zero(void **state)
{
    (void)state;
    char *text = json_text(write_numbers, NULL);
    assert_string_equal(text, "[0.0000,0.0000,0.0000,-0.5000,-0.0001,12.2500,-3.0000,0,0]");
    free(text);
}

/* Keys and strings of every kind: escapes, control characters, UTF-8 and bytes that are not,
 * one longer than the 512 bytes json.c gathers before it writes (a key with its comma and colon
 * goes to the stream in one write), and the other values after them. */
static void write_strings(junqi_json *j, const void *arg)
{
    const char *long_text = arg;
    junqi_json_begin_object(j);
    junqi_json_key(j, "q\"b\\n\n\r\t\x01\x1f");
    junqi_json_string(j, "\xE4\xB8\xAD \xFF\xC3");
    junqi_json_key(j, "");
    junqi_json_string(j, long_text);
    junqi_json_key(j, "v");
    junqi_json_begin_array(j);
    junqi_json_string(j, NULL);
    junqi_json_bool(j, false);
    junqi_json_null(j);
    junqi_json_int(j, -5);
    junqi_json_uint(j, 7);
    junqi_json_begin_object(j);
    junqi_json_end_object(j);
    junqi_json_end_array(j);
    junqi_json_end_object(j);
}

static void json_strings_are_escaped_whatever_their_length(void **state)
{
    (void)state;
    char long_text[1200], want[1400];
    memset(long_text, 'x', 1000);
    memcpy(long_text + 1000, "\"\x02", 3);
    char *text = json_text(write_strings, long_text);
    snprintf(want, sizeof want, "{\"q\\\"b\\\\n\\n\\r\\t\\u0001\\u001f\":\"\xE4\xB8\xAD \\ufffd\\ufffd\",\"\":\"%.1000s\\\"\\u0002\","
             "\"v\":[null,false,null,-5,7,{}]}", long_text);
    assert_string_equal(text, want);
    free(text);
}

/* The kinds of line l's items, a letter each (m move, t timeout, x eliminated, l left, e end), in out. */
static char *item_kinds(const junqi_line *l, char *out, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < l->nitems && k + 1 < n; i++)
        out[k++] = "mtxle"[l->items[i].kind <= JUNQI_ITEM_END ? l->items[i].kind : JUNQI_ITEM_END];
    out[k] = '\0';
    return out;
}

/* g settled, as JGN, read back: its text, and the record read back in *back (settled). */
static char *convert(junqi_game *g, junqi_game **back)
{
    junqi_game_settle(g);
    char *text = junqi_jgn_to_string(g);
    assert_non_null(text);
    *back = junqi_jgn_parse(text, strlen(text), "back", 0, NULL);
    assert_non_null(*back);
    junqi_game_settle(*back);
    char *again = junqi_jgn_to_string(*back);
    assert_string_equal(again, text); /* and converting that changes nothing */
    free(again);
    return text;
}


/* What a text's bytes are decides how a game is read: GBK throughout (an
 * older editor's) as GBK; UTF-8 with a comment saved as GBK in it as UTF-8,
 * each GBK character of bad bytes one U+FFFD, so that its Chinese stays what
 * it was (read as GBK, 司令 became other characters) and the warning points
 * at the first. */
static void a_utf8_game_with_a_gbk_comment_keeps_its_chinese(void **state)
{
    (void)state;
    assert_int_equal(junqi_text_kind_of("a6-a5", 5), JUNQI_TEXT_UTF8);
    assert_int_equal(junqi_text_kind_of("\xCB\xBE\xC1\xEE", 4), JUNQI_TEXT_GBK);
    assert_int_equal(junqi_text_kind_of("\xE5\x8F\xB8\xE4\xBB\xA4 \xB0\xA1", 9), JUNQI_TEXT_GBK); /* 2 and 2 */
    assert_int_equal(junqi_text_kind_of("\xE5\x8F\xB8\xE4\xBB\xA4\xE4\xBD\xA0 \xB0\xA1", 12), JUNQI_TEXT_MIXED);
    size_t bad;
    char *x = junqi_utf8_replace_bad("a\xB0\xA1" "b", 4, "x", &bad); /* 啊 in GBK: one character */
    assert_string_equal(x, "axb");
    assert_int_equal(bad, 1);
    free(x);
    /* the characters a column counts, as the text is read (测试 in GBK, in UTF-8; {淺} of GBK in UTF-8) */
    assert_int_equal(junqi_text_chars("\xB2\xE2\xCA\xD4", 4, true), 2);
    assert_int_equal(junqi_text_chars("\xE6\xB5\x8B\xE8\xAF\x95", 6, false), 2);
    assert_int_equal(junqi_text_chars("{\x9C\x5C}", 4, false), 3);
    x = junqi_utf8_replace_bad("{\x9C\x5C}\xFF", 5, "x", &bad); /* 淺's 5C is its own, a lone FF a byte */
    assert_string_equal(x, "{x}x");
    assert_int_equal(bad, 2);
    free(x);
    static const struct {
        const char *text, *event, *comment;
        int column;
    } games[] = {
        {"[Board \"two-player\"]\n[Event \"\xE5\x8F\xB8\xE4\xBB\xA4\"]\n\n{\xB0\xA1 \xE4\xBD\xA0} *\n",
         "\xE5\x8F\xB8\xE4\xBB\xA4", "\xEF\xBF\xBD \xE4\xBD\xA0", 2},
        {"[Board \"two-player\"]\n[Event \"\xC4\xE3\xBA\xC3\"]\n\n{\xB0\xA1} *\n", "\xE4\xBD\xA0\xE5\xA5\xBD",
         "\xE5\x95\x8A", 9},
    };
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_game *g = junqi_jgn_parse(games[k].text, strlen(games[k].text), "s", 0, &d);
        assert_non_null(g);
        assert_string_equal(junqi_game_tag(g, "Event"), games[k].event);
        assert_int_equal(g->main.ncomments, 1);
        assert_string_equal(g->main.comments[0].text, games[k].comment);
        assert_string_equal(junqi_code_name(d.items[0].code), "not-utf8");
        assert_int_equal(d.items[0].loc.line, k == 0 ? 4 : 2);
        assert_int_equal(d.items[0].loc.column, games[k].column);
        junqi_game_free(g);
        junqi_diags_free(&d);
    }
}

/* A UTF-8 character cut short before an ASCII byte (a QQ name cut at a byte count: an emoji's
 * F0 9F 98 before its quote), or an emoji as CESU-8 writes it (its two UTF-16 surrogates, ED A0
 * BD ED B8 80), is read as one U+FFFD, and counts so in the guess: as three bad
 * bytes, 小明 and a cut emoji (2 wide characters, 3 bad bytes) were GBK, and 小明 became
 * 灏忔槑. GBK stays GBK: 小明 in GBK (D0 A1 C3 F7) has one UTF-8 pair (A1 C3 is none, C3 F7
 * none: 4 bad bytes); a GBK pair that looks like a cut character (E4 B8 before '"') is one bad
 * character, as the reader reads it, beside no Chinese UTF-8. */
/* junqi_utf8_drop_cut drops a character that a full buffer cut short at the text's end, and
 * nothing else: whole characters, ASCII, bytes that are not UTF-8 stay. */
static void a_character_cut_at_the_end_is_dropped_whole(void **state)
{
    (void)state;
    static const struct { const char *text; size_t kept; } cases[] = {
        {"\xE5\xB0\x8F\xE6\x98", 3},         /* 小 and 2 of 明's 3 */
        {"\xE5\xB0\x8F\xE6", 3},              /* 小 and 明's lead byte */
        {"\xE5\xB0\x8F\xE6\x98\x8E", 6},     /* 小明 whole */
        {"Tom\xF0\x9F\x98", 3},                /* 3 of 😀's 4 */
        {"Tom\xF0\x9F\x98\x80", 7},            /* 😀 whole */
        {"\xD0\xA1\xC3\xF7", 4},               /* 小明 in GBK: not UTF-8, left */
        {"ab\x98\x98\x98\x98", 6},             /* continuation bytes alone: left */
        {"", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[16];
        strcpy(buf, cases[i].text);
        junqi_utf8_drop_cut(buf);
        if (strlen(buf) != cases[i].kept)
            fail_msg("case %zu: %zu bytes kept, not %zu", i, strlen(buf), cases[i].kept);
    }
}

static void a_cut_utf8_character_counts_as_one_bad_character(void **state)
{
    (void)state;
    static const struct { const char *text; junqi_text_kind kind; } cases[] = {
        {"[North \"\xE5\xB0\x8F\xE6\x98\x8E\xF0\x9F\x98\"]", JUNQI_TEXT_MIXED}, /* 小明 and 3 of 😀 */
        {"[North \"\xE5\xB0\x8F\xE6\x98\x8E\xF0\x9F\"]", JUNQI_TEXT_MIXED},     /* 2 of 4 */
        {"[North \"\xE5\xB0\x8F\xE6\x98\x8E\xE6\x98\"]", JUNQI_TEXT_MIXED},     /* 2 of 明's 3 */
        {"[North \"\xE5\xB0\x8F\xF0\x9F\x98\"]", JUNQI_TEXT_GBK}, /* 1 Chinese: not more than the bad */
        {"[North \"\xD0\xA1\xC3\xF7\"]", JUNQI_TEXT_GBK},             /* 小明 in GBK */
        {"[North \"\xD0\xA1\xE4\xB8\"]", JUNQI_TEXT_GBK},             /* GBK, E4 B8 before '"' */
        {"[North \"\xE5\xB0\x8F\xE6\x98\x8E\xF0\x9F\x98", JUNQI_TEXT_GBK}, /* at the end: not read as cut */
        {"[North \"Tom\xF0\x9F\x98\"]", JUNQI_TEXT_MIXED},  /* GBK has a bad byte too (98 before '"') */
        {"[North \"\xF0\x9F\x98\xE5\xB0\x8F\xE6\x98\x8E\"]", JUNQI_TEXT_MIXED}, /* cut before 小明 */
        {"[North \"\xF0\x9F\xE5\xB0\x8F\"]", JUNQI_TEXT_MIXED},         /* 2 of 4 before 小 */
        {"[North \"\xBB\xC6\xB7\"]", JUNQI_TEXT_GBK},     /* 黄 and 方 cut in GBK: a tie, but C6 B7 is Ʒ */
        {"[North \"\xCA\xAF\xD0\xA1\xCE\xB0\xC4\"]", JUNQI_TEXT_GBK}, /* 石小伟 and 你 cut, in GBK */
        {"[North \"\xD0\xA1\xC3\xF7\xF0\x9F\x98\"]", JUNQI_TEXT_GBK}, /* 小明 in GBK, a cut emoji */
        {"[North \"Tom\xED\xA0\xBD\xED\xB8\x80\"]", JUNQI_TEXT_MIXED}, /* 😀 in CESU-8: GBK's 頎巾竴 */
        {"[North \"\xE5\xB0\x8F\xE6\x98\x8E\xED\xA0\xBD\xED\xB8\x80\"]", JUNQI_TEXT_MIXED}, /* was 6 bad */
        {"[North \"\xED\xA5\xB0\xED\xB5\xA1\"]", JUNQI_TEXT_GBK}, /* 恁绊怠 in GBK: a pair past plane 1 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (junqi_text_kind_of(cases[i].text, strlen(cases[i].text)) != cases[i].kind)
            fail_msg("case %zu: kind %d, not %d", i, (int)junqi_text_kind_of(cases[i].text, strlen(cases[i].text)),
                     (int)cases[i].kind);
    static const struct { const char *name, *player; int column; } games[] = {
        {"\xE5\xB0\x8F\xE6\x98\x8E\xF0\x9F\x98", "\xE5\xB0\x8F\xE6\x98\x8E\xEF\xBF\xBD", 11}, /* 小明� */
        {"Tom\xF0\x9F\x98", "Tom\xEF\xBF\xBD", 12},                                        /* Tom� */
        {"\xF0\x9F\x98\xE5\xB0\x8F\xE6\x98\x8E", "\xEF\xBF\xBD\xE5\xB0\x8F\xE6\x98\x8E", 9}, /* �小明 */
        {"Tom\xED\xA0\xBD\xED\xB8\x80", "Tom\xEF\xBF\xBD", 12},                             /* Tom� */
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char game[128];
        snprintf(game, sizeof game, "[Board \"two-player\"]\n[North \"%s\"]\n\n*\n", games[i].name);
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_game *g = junqi_jgn_parse(game, strlen(game), "t", 0, &d);
        assert_non_null(g);
        assert_string_equal(g->seat[JUNQI_NORTH].player, games[i].player);
        assert_int_equal(d.n, 1);
        assert_string_equal(junqi_code_name(d.items[0].code), "not-utf8");
        assert_int_equal(d.items[0].loc.line, 2);
        assert_int_equal(d.items[0].loc.column, games[i].column);
        junqi_game_free(g);
        junqi_diags_free(&d);
    }
}

/* A record that goes on after the end of its game converts as it was read (docs/jgn.md, "A
 * record that goes on after its end"). 41. b11>b12 takes the flag, 42. e7-e8 is played after
 * it, and the movetext ends in '*': converting wrote the result the moves gave, 'south', after
 * e7-e8, and the JGN read back had an end item the record never had. */
static void a_record_that_goes_on_after_its_end_converts_as_read(void **state)
{
    (void)state;
    static const char head[] = "[Board \"two-player\"]\n[Position \".NF.../.S9.../...../...../...../....N3/"
                               "...../...../...../...../...../.SF... s 0 40 -\"]\n\n";
    static const struct { const char *moves, *written, *kinds; } cases[] = {
        {"41. b11>b12 42. e7-e8 *\n", "\n41. b11>b12 42. e7-e8 *\n", "mm"},
        {"41. b11>b12 *\n", "\n41. b11>b12 south\n", "me"}, /* it ends at its end: the result is filled in */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char game[300], kinds[8];
        snprintf(game, sizeof game, "%s%s", head, cases[i].moves);
        junqi_game *g = junqi_jgn_parse(game, strlen(game), "t", 0, NULL), *back;
        char *text = convert(g, &back);
        if (!strstr(text, cases[i].written))
            fail_msg("'%s' converts to\n%s", cases[i].moves, text);
        assert_string_equal(item_kinds(&back->main, kinds, sizeof kinds), cases[i].kinds);
        free(text);
        junqi_game_free(back);
        junqi_game_free(g);
    }
}

/* A QQ replay whose game-over record has records after it (jgs-002724 and its first move again,
 * an after-game-over warning) has its end written as the result, after them, the only place JGN
 * has for it (docs/jgn.md): the same items, the end last, and converting that JGN changes nothing. */
static void a_replay_with_records_after_its_game_over_ends_its_jgn(void **state)
{
    (void)state;
    size_t len;
    uint8_t *data = read_file(source_path("tests/data/qq/jgs-002724.jgs"), &len);
    assert_non_null(data);
    size_t records = (size_t)(data[0x1A] | data[0x1B] << 8), end = 0x19C + 10 * records;
    assert_int_equal(records, 22);
    uint8_t *more = calloc(1, end + 10 + 8);
    assert_non_null(more);
    memcpy(more, data, end);
    memcpy(more + end, data + 0x19C, 10);
    more[0x1A] = (uint8_t)(records + 1);
    more[0x12] = (uint8_t)(396 + 10 * (records + 1)), more[0x13] = (uint8_t)((396 + 10 * (records + 1)) >> 8);
    junqi_game *g = junqi_qq_read_replay(more, end + 10 + 8, NULL), *back;
    assert_non_null(g);
    char read[32], again[32];
    assert_string_equal(item_kinds(&g->main, read, sizeof read) + 20, "xem");
    char *text = convert(g, &back);
    assert_non_null(strstr(text, "16. g12<f11\neast-west\n"));
    item_kinds(&back->main, again, sizeof again);
    read[21] = 'm', read[22] = 'e';
    assert_string_equal(again, read);
    free(text);
    junqi_game_free(back);
    junqi_game_free(g);
    free(more);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defect04_an_unknown_elimination_code_survives_every_conversion),
        cmocka_unit_test(defect04_unknown_end_codes_survive_and_bad_codes_are_errors),
        cmocka_unit_test(defect15_the_utf8_check_is_exact),
        cmocka_unit_test(a_json_number_never_writes_negative_zero),
        cmocka_unit_test(json_strings_are_escaped_whatever_their_length),
        cmocka_unit_test(a_utf8_game_with_a_gbk_comment_keeps_its_chinese),
        cmocka_unit_test(a_cut_utf8_character_counts_as_one_bad_character),
        cmocka_unit_test(a_character_cut_at_the_end_is_dropped_whole),
        cmocka_unit_test(a_record_that_goes_on_after_its_end_converts_as_read),
        cmocka_unit_test(a_replay_with_records_after_its_game_over_ends_its_jgn),
    };
    return cmocka_run_group_tests_name("convert", tests, NULL, NULL);
}
