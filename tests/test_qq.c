/* SPDX-License-Identifier: MIT */
/*
 * test_qq.c - the QQ importer (formats/qq.h) on real files and hostile input.
 *
 * Fixtures are real files copied from ../shared/data (provenance in
 * tests/data/qq/README.md); the format is docs/qq-format.md.
 * Every mutated input is copied into a buffer of exactly its length, so
 * that AddressSanitizer catches any read past the end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qq.h"
#include "testutil.h"

#define FIXTURES JUNQI_SOURCE_DIR "/tests/data/qq/"
#define JQL JUNQI_SOURCE_DIR "/tests/data/jql"
#define RECORDS 0x19C

typedef struct blob {
    uint8_t *data;
    size_t len;
} blob;

/* Read a whole file; false if it cannot be opened or read. */
static bool load(const char *path, blob *b)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 4096;
    b->data = NULL;
    b->len = 0;
    if (!f)
        return false;
    b->data = malloc(cap);
    for (;;) {
        assert_non_null(b->data);
        size_t got = fread(b->data + b->len, 1, cap - b->len, f);
        b->len += got;
        if (got == 0)
            break;
        if (b->len == cap) {
            cap *= 2;
            b->data = realloc(b->data, cap);
        }
    }
    bool ok = !ferror(f);
    fclose(f);
    return ok;
}

static blob fixture(const char *name)
{
    char path[512];
    blob b;
    snprintf(path, sizeof path, "%s%s", FIXTURES, name);
    assert_true(load(path, &b));
    return b;
}

/* Read data[0..len) from a copy of exactly len bytes. */
static junqi_game *read_copy(const uint8_t *data, size_t len, junqi_diags *d)
{
    uint8_t *copy = malloc(len ? len : 1);
    assert_non_null(copy);
    if (len)
        memcpy(copy, data, len);
    junqi_game *g = junqi_qq_read_replay(len ? copy : NULL, len, d);
    free(copy);
    return g;
}

static size_t count_code(const junqi_diags *d, junqi_severity sev, const char *code)
{
    size_t n = 0;
    for (size_t i = 0; i < d->n; i++)
        n += d->items[i].severity == sev && strcmp(junqi_code_name(d->items[i].code), code) == 0;
    return n;
}

/* The first diagnostic with this code, failing the test if there is none. */
static const junqi_diag *find_code(const junqi_diags *d, const char *code)
{
    for (size_t i = 0; i < d->n; i++)
        if (strcmp(junqi_code_name(d->items[i].code), code) == 0)
            return &d->items[i];
    fail_msg("no diagnostic with code %s", code);
    return NULL;
}

static size_t count_of(const uint8_t *data)
{
    return (size_t)data[0x1A] | (size_t)data[0x1B] << 8;
}

static size_t records_end(const uint8_t *data)
{
    return RECORDS + 10 * count_of(data);
}

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static const char *square(int p, char buf[4])
{
    return junqi_square_name(junqi_board_get(JUNQI_FOUR_PLAYER), p, buf);
}

static int point(const char *name)
{
    return junqi_square_parse(junqi_board_get(JUNQI_FOUR_PLAYER), name, (int)strlen(name));
}

/* Whatever the input, a returned record must be safe to use. */
static void assert_game_sane(const junqi_game *g, const uint8_t *data)
{
    assert_int_equal(g->main.nitems, count_of(data));
    for (size_t i = 0; i < g->main.nitems; i++) {
        const junqi_item *it = &g->main.items[i];
        assert_in_range(it->kind, JUNQI_ITEM_MOVE, JUNQI_ITEM_END);
        assert_in_range(it->seat, 0, JUNQI_NO_SEAT);
        assert_in_range(it->next_seat, 0, JUNQI_NO_SEAT);
        assert_int_equal(it->loc.record, (int)i);
        assert_int_equal(it->loc.offset, RECORDS + 10 * (long)i);
        if (it->kind == JUNQI_ITEM_MOVE) {
            assert_true(it->move.from < JUNQI_MAX_POINTS && it->move.to < JUNQI_MAX_POINTS);
            for (int k = 0; k < 2; k++)
                assert_true(it->flag_shown[k] < JUNQI_MAX_POINTS ||
                            it->flag_shown[k] == JUNQI_NO_POINT);
        }
    }
    for (size_t i = 0; i < g->main.ncomments; i++)
        assert_true(g->main.comments[i].before <= g->main.nitems);
}

/* Every diagnostic's offset is -1 or inside [0, len]. */
static void assert_offsets_within(const junqi_diags *d, size_t len)
{
    for (size_t i = 0; i < d->n; i++) {
        long off = d->items[i].loc.offset;
        assert_true(off == -1 || (off >= 0 && off <= (long)len));
    }
}

static bool has_error_within(const junqi_diags *d, size_t len)
{
    for (size_t i = 0; i < d->n; i++)
        if (d->items[i].severity == JUNQI_SEV_ERROR && d->items[i].loc.offset >= 0 &&
            d->items[i].loc.offset <= (long)len)
            return true;
    return false;
}

/* ---- detection ---------------------------------------------------------- */

static void test_detect_recognises_files_by_content_not_name(void **state)
{
    (void)state;
    blob jgs = fixture("jgs-002724.jgs"), jqs = fixture("jqs-09820394.jqs");
    blob jql = fixture("../jql/F01.jql");
    assert_int_equal(junqi_qq_detect(jgs.data, jgs.len), JUNQI_QQ_REPLAY);
    assert_int_equal(junqi_qq_detect(jqs.data, jqs.len), JUNQI_QQ_REPLAY);
    assert_int_equal(junqi_qq_detect(jql.data, jql.len), JUNQI_QQ_FORMATION);
    /* only the magic counts */
    assert_int_equal(junqi_qq_detect(jgs.data, 10), JUNQI_QQ_REPLAY);
    assert_int_equal(junqi_qq_detect(jql.data, 16), JUNQI_QQ_FORMATION);
    /* a file cut inside its magic, from "QQGame" on, is that file cut short (it was "not a format
     * junqi reads"): a replay until the byte that tells the two magics apart */
    assert_int_equal(junqi_qq_detect(jgs.data, 9), JUNQI_QQ_REPLAY);
    assert_int_equal(junqi_qq_detect(jql.data, 15), JUNQI_QQ_FORMATION);
    assert_int_equal(junqi_qq_detect(jql.data, 10), JUNQI_QQ_FORMATION);
    assert_int_equal(junqi_qq_detect(jql.data, 9), JUNQI_QQ_REPLAY);
    assert_int_equal(junqi_qq_detect(jql.data, 6), JUNQI_QQ_REPLAY);
    assert_int_equal(junqi_qq_detect(jql.data, 5), JUNQI_QQ_NONE);
    assert_int_equal(junqi_qq_detect((const uint8_t *)"QQGame JQX", 10), JUNQI_QQ_NONE);
    assert_int_equal(junqi_qq_detect((const uint8_t *)"QQGame JQL Fi", 13), JUNQI_QQ_FORMATION);
    assert_int_equal(junqi_qq_detect((const uint8_t *)" QQGame JQS", 11), JUNQI_QQ_NONE);
    assert_int_equal(junqi_qq_detect((const uint8_t *)"qqgame jqs", 10), JUNQI_QQ_NONE);
    assert_int_equal(junqi_qq_detect((const uint8_t *)"[Event \"x\"]", 11), JUNQI_QQ_NONE);
    assert_int_equal(junqi_qq_detect(NULL, 0), JUNQI_QQ_NONE);
    free(jgs.data);
    free(jqs.data);
    free(jql.data);
}

static void test_piece_codes_map_to_pieces(void **state)
{
    (void)state;
    static const int want[14] = {
        JUNQI_NONE,    JUNQI_UNKNOWN, JUNQI_FLAG,          JUNQI_LANDMINE,  JUNQI_BOMB,
        JUNQI_MARSHAL, JUNQI_GENERAL, JUNQI_MAJOR_GENERAL, JUNQI_BRIGADIER, JUNQI_COLONEL,
        JUNQI_MAJOR,   JUNQI_CAPTAIN, JUNQI_LIEUTENANT,    JUNQI_ENGINEER,
    };
    for (int c = 0; c < 256; c++)
        assert_int_equal(junqi_qq_piece((uint8_t)c), c < 14 ? want[c] : -1);
}

/* ---- real files ----------------------------------------------------------- */

static void test_reads_short_four_player_game(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    junqi_diags d = {0};
    junqi_game *g = junqi_qq_read_replay(b.data, b.len, &d);
    static const char *const names[4] = {"黄方玩家", "蓝方玩家", "绿方玩家", "紫方玩家"};
    char s1[4], s2[4];

    assert_non_null(g);
    assert_int_equal(d.n, 0);
    assert_int_equal(g->board, JUNQI_FOUR_PLAYER);
    assert_string_equal(g->rules->name, "qq");
    assert_int_equal(g->info, JUNQI_DARK);
    assert_string_equal(junqi_game_tag(g, "Source"), "QQ 四国军棋 replay");
    assert_int_equal(g->saved_by, JUNQI_NORTH);
    assert_int_equal(junqi_game_present(g), 0xF);
    for (int s = 0; s < 4; s++) {
        const junqi_seat_info *si = &g->seat[s];
        assert_true(si->setup_known);
        assert_string_equal(si->player, names[s]);
        assert_int_equal(si->setup_loc.offset, 60 + 88 * s);
        int pieces = 0;
        for (int i = 0; i < 30; i++) {
            assert_int_equal(si->setup[i / 5][i % 5], junqi_qq_piece(b.data[60 + 88 * s + i]));
            pieces += si->setup[i / 5][i % 5] != JUNQI_NONE;
        }
        assert_int_equal(pieces, 25);
        /* camps are empty: rows 2 and 4 columns 2 and 4, row 3 column 3 */
        assert_int_equal(si->setup[1][1] | si->setup[1][3] | si->setup[2][2] |
                         si->setup[3][1] | si->setup[3][3], JUNQI_NONE);
    }

    assert_int_equal(g->main.nitems, 22);
    assert_int_equal(junqi_game_moves(g), 15);
    const junqi_item *m = &g->main.items[0];
    assert_int_equal(m->kind, JUNQI_ITEM_MOVE);
    assert_int_equal(m->seat, JUNQI_NO_SEAT);
    assert_string_equal(square(m->move.from, s1), "g12");
    assert_string_equal(square(m->move.to, s2), "f11");
    assert_true(m->outcome_known);
    assert_int_equal(m->outcome, JUNQI_ATTACKER_LOSES);
    assert_int_equal(m->next_seat, JUNQI_WEST);
    assert_int_equal(m->loc.offset, 0x19C);
    assert_int_equal(m->loc.record, 0);
    assert_int_equal(m->flag_shown[0], JUNQI_NO_POINT);

    /* record 1: both removed, the attacker's marshal died, its flag (a8) is shown */
    m = &g->main.items[1];
    assert_string_equal(square(m->move.from, s1), "f11");
    assert_string_equal(square(m->move.to, s2), "g13");
    assert_int_equal(m->outcome, JUNQI_BOTH_REMOVED);
    assert_int_equal(m->next_seat, JUNQI_SOUTH);
    assert_int_equal(m->flag_shown[0], point("a8"));
    assert_int_equal(m->flag_shown[1], JUNQI_NO_POINT);
    assert_false(m->defender_marshal_died);

    /* record 2: F5 02 02 01 01, south's first timeout, east next */
    m = &g->main.items[2];
    assert_int_equal(m->kind, JUNQI_ITEM_TIMEOUT);
    assert_int_equal(m->seat, JUNQI_SOUTH);
    assert_int_equal(m->count, 1);
    assert_int_equal(m->next_seat, JUNQI_EAST);
    assert_int_equal(m->loc.offset, 0x1B0);
    assert_int_equal(m->loc.record, 2);

    const junqi_item *end = &g->main.items[21];
    assert_int_equal(end->kind, JUNQI_ITEM_END);
    assert_int_equal(end->code, 4);
    assert_int_equal(end->status, JUNQI_DECIDED);
    assert_int_equal(end->reason, JUNQI_REASON_NONE);
    assert_int_equal(end->seat, JUNQI_NO_SEAT);
    assert_int_equal(g->main.ncomments, 0);
    assert_game_sane(g, b.data);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

static void test_reads_two_player_game_with_empty_seats(void **state)
{
    (void)state;
    blob b = fixture("jgs-000029.jgs");
    junqi_diags d = {0};
    junqi_game *g = junqi_qq_read_replay(b.data, b.len, &d);
    char s1[4], s2[4];

    assert_non_null(g);
    assert_int_equal(d.n, 0);
    assert_int_equal(junqi_game_present(g), JUNQI_SEAT_BIT(JUNQI_NORTH) | JUNQI_SEAT_BIT(JUNQI_SOUTH));
    assert_string_equal(g->seat[JUNQI_NORTH].player, "黄方玩家");
    assert_string_equal(g->seat[JUNQI_SOUTH].player, "绿方玩家");
    assert_null(g->seat[JUNQI_EAST].player);
    assert_null(g->seat[JUNQI_WEST].player);
    assert_false(g->seat[JUNQI_EAST].setup_known);
    assert_false(g->seat[JUNQI_WEST].setup_known);
    assert_int_equal(g->saved_by, JUNQI_SOUTH);
    assert_int_equal(g->main.nitems, 214);
    assert_string_equal(square(g->main.items[0].move.from, s1), "j14");
    assert_string_equal(square(g->main.items[0].move.to, s2), "j13");
    assert_int_equal(g->main.items[0].next_seat, JUNQI_SOUTH);
    assert_string_equal(square(g->main.items[1].move.from, s1), "i5");
    assert_string_equal(square(g->main.items[1].move.to, s2), "j5");
    assert_int_equal(g->main.items[213].kind, JUNQI_ITEM_END);
    assert_int_equal(g->main.items[213].code, 4);
    assert_game_sane(g, b.data);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

static void test_reads_jqs_file_like_jgs(void **state)
{
    (void)state;
    blob b = fixture("jqs-09820394.jqs");
    junqi_diags d = {0};
    junqi_game *g = junqi_qq_read_replay(b.data, b.len, &d);
    char s1[4], s2[4];

    assert_non_null(g);
    assert_int_equal(d.n, 0);
    assert_int_equal(junqi_game_present(g), 0xF);
    assert_string_equal(g->seat[JUNQI_EAST].player, "蓝方玩家");
    assert_string_equal(g->seat[JUNQI_WEST].player, "紫方玩家");
    assert_int_equal(g->main.nitems, 105);
    assert_string_equal(square(g->main.items[0].move.from, s1), "h14");
    assert_string_equal(square(g->main.items[0].move.to, s2), "h13");
    assert_int_equal(g->main.items[104].kind, JUNQI_ITEM_END);
    assert_int_equal(g->main.items[104].code, 4);
    assert_int_equal(g->main.items[104].status, JUNQI_DECIDED);
    assert_game_sane(g, b.data);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

static void test_reads_comment_block_as_utf8(void **state)
{
    (void)state;
    blob b = fixture("jgs-001742.jgs");
    junqi_diags d = {0};
    junqi_game *g = junqi_qq_read_replay(b.data, b.len, &d);
    static const size_t before[3] = {9, 14, 34};
    static const char *const text[3] = {"第1条注释", "第2条注释", "第3条注释"};

    assert_non_null(g);
    assert_int_equal(d.n, 0);
    assert_int_equal(g->main.nitems, 59);
    assert_int_equal(g->main.items[58].code, 4);
    assert_int_equal(g->main.ncomments, 3);
    size_t block = records_end(b.data) + 8;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(g->main.comments[i].before, before[i]);
        assert_string_equal(g->main.comments[i].text, text[i]);
        assert_int_equal(g->main.comments[i].loc.offset, (long)(block + 20 + 216 * (size_t)i));
    }
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

static void test_ignores_zero_count_trailer_with_padding(void **state)
{
    (void)state;
    blob b = fixture("jgs-002045.jgs");
    junqi_diags d = {0};
    junqi_game *g = junqi_qq_read_replay(b.data, b.len, &d);

    assert_non_null(g);
    assert_int_equal(d.errors, 0);
    assert_int_equal(d.n, 1);
    assert_string_equal(junqi_code_name(d.items[0].code), "bad-trailer");
    assert_int_equal(d.items[0].severity, JUNQI_SEV_WARNING);
    assert_int_equal(d.items[0].loc.offset, (long)records_end(b.data) + 8 + 20);
    assert_int_equal(g->main.ncomments, 0);
    assert_int_equal(g->main.nitems, 167);
    assert_int_equal(g->main.items[166].kind, JUNQI_ITEM_END);
    assert_int_equal(junqi_game_present(g), JUNQI_SEAT_BIT(JUNQI_NORTH) | JUNQI_SEAT_BIT(JUNQI_SOUTH));
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

static bool has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), m = strlen(suffix);
    return n >= m && strcmp(name + n - m, suffix) == 0;
}

/* What the corpus walk counts. */
typedef struct corpus_counts {
    size_t comments;
    size_t warned[6]; /* per code of corpus_warnings */
} corpus_counts;

static const char *const corpus_warnings[6] = {"header-mismatch", "unfinished", "after-game-over",
                                               "comment-index", "bad-trailer", "bad-encoding"};

static void parse_corpus_replay(const char *path, const char *name, void *ctx)
{
    corpus_counts *c = ctx;
    blob b;
    junqi_diags d = {0};
    assert_true(load(path, &b));
    junqi_game *g = junqi_qq_read_replay(b.data, b.len, &d);
    if (!g || d.errors)
        fail_msg("%s: %s", name, d.n ? d.items[0].message : "no record");
    assert_game_sane(g, b.data);
    assert_int_equal(g->main.items[g->main.nitems - 1].kind, JUNQI_ITEM_END);
    assert_true(g->seat[0].setup_known || g->seat[1].setup_known);
    for (size_t i = 0; i < d.n; i++)
        for (size_t k = 0; k < 6; k++)
            c->warned[k] += strcmp(junqi_code_name(d.items[i].code), corpus_warnings[k]) == 0;
    c->comments += g->main.ncomments;
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

/* Every real replay of the corpus (tests/testutil.h) reads without errors. */
static void test_every_real_replay_parses_without_errors(void **state)
{
    (void)state;
    corpus_counts c = {0};
    bool shared;
    int files = for_each_corpus_replay(parse_corpus_replay, &c, &shared);
    print_message("%d %s replays, %zu comments; warnings:", files, shared ? "shared" : "bundled",
                  c.comments);
    for (size_t k = 0; k < 6; k++)
        print_message(" %s %zu", corpus_warnings[k], c.warned[k]);
    print_message("\n");
    assert_int_equal(files, shared ? SHARED_REPLAYS : BUNDLED_REPLAYS);
    assert_int_equal(c.comments, shared ? 102 : 50);
    assert_int_equal(c.warned[4], 1); /* jgs-002045's zero-count trailer */
}

/* ---- formations ------------------------------------------------------------ */

static void test_reads_formation_fixture(void **state)
{
    (void)state;
    blob b = fixture("../jql/F01.jql");
    uint8_t setup[6][5];
    junqi_diags d = {0};

    assert_int_equal(b.len, 50);
    assert_true(junqi_qq_read_formation(b.data, b.len, setup, &d));
    assert_int_equal(d.n, 0);
    /* front row 07 0B 06 0D 0B, back row 0C 03 0A 02 07 (file bytes 20.. and 45..) */
    assert_int_equal(setup[0][0], JUNQI_MAJOR_GENERAL);
    assert_int_equal(setup[0][1], JUNQI_CAPTAIN);
    assert_int_equal(setup[0][2], JUNQI_GENERAL);
    assert_int_equal(setup[0][3], JUNQI_ENGINEER);
    assert_int_equal(setup[2][2], JUNQI_NONE);
    assert_int_equal(setup[5][3], JUNQI_FLAG);
    assert_int_equal(setup[5][1], JUNQI_LANDMINE);
    free(b.data);
}

/* Every .jql file of tests/data/jql: its layout bytes are its setup. */
static void test_every_formation_file_parses(void **state)
{
    (void)state;
    DIR *dir = opendir(JQL);
    assert_non_null(dir);
    size_t files = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (!has_suffix(e->d_name, ".jql"))
            continue;
        char path[1024];
        blob b;
        uint8_t setup[6][5];
        junqi_diags d = {0};
        snprintf(path, sizeof path, "%s/%s", JQL, e->d_name);
        assert_true(load(path, &b));
        assert_int_equal(junqi_qq_detect(b.data, b.len), JUNQI_QQ_FORMATION);
        if (!junqi_qq_read_formation(b.data, b.len, setup, &d) || d.n)
            fail_msg("%s: %s", e->d_name, d.n ? d.items[0].message : "false");
        for (int i = 0; i < 30; i++)
            assert_int_equal(setup[i / 5][i % 5], junqi_qq_piece(b.data[20 + i]));
        files++;
        free(b.data);
    }
    closedir(dir);
    assert_int_equal(files, 15);
}

static void test_rejects_broken_formations(void **state)
{
    (void)state;
    blob b = fixture("../jql/F01.jql"), r = fixture("jgs-002724.jgs");
    uint8_t setup[6][5], copy[64];
    junqi_diags d = {0};

    memset(setup, 0xAA, sizeof setup);
    for (size_t cut = 0; cut < 50; cut++) {
        uint8_t *p = malloc(cut ? cut : 1);
        memcpy(p, b.data, cut);
        assert_false(junqi_qq_read_formation(p, cut, setup, &d));
        assert_int_equal(count_code(&d, JUNQI_SEV_ERROR, "truncated"), 1);
        assert_in_range(d.items[0].loc.offset, 0, (long)cut);
        junqi_diags_free(&d);
        free(p);
    }
    assert_int_equal(setup[0][0], 0xAA); /* unchanged on failure */

    memcpy(copy, b.data, 50);
    copy[3] = 'X';
    assert_false(junqi_qq_read_formation(copy, 50, setup, &d));
    assert_int_equal(find_code(&d, "bad-magic")->loc.offset, 0);
    junqi_diags_free(&d);

    memcpy(copy, b.data, 50);
    copy[17] = 0x05;
    assert_false(junqi_qq_read_formation(copy, 50, setup, &d));
    assert_int_equal(find_code(&d, "bad-magic")->loc.offset, 16);
    /* the first magic says formation: no "(it is a QQ formation)" after "not a QQ formation" */
    assert_string_equal(find_code(&d, "bad-magic")->message,
                        "the magic 57 04 00 00 at offset 0x10 is wrong: this is not a QQ formation");
    junqi_diags_free(&d);

    memcpy(copy, b.data, 50);
    copy[27] = 0x0E;
    assert_false(junqi_qq_read_formation(copy, 50, setup, &d));
    assert_int_equal(find_code(&d, "bad-piece-code")->loc.offset, 27);
    assert_int_equal(setup[0][0], 0xAA);
    junqi_diags_free(&d);

    assert_false(junqi_qq_read_formation(r.data, r.len, setup, &d));
    assert_non_null(strstr(find_code(&d, "bad-magic")->message, "replay"));
    junqi_diags_free(&d);

    memcpy(copy, b.data, 50);
    memset(copy + 50, 0, 14);
    assert_true(junqi_qq_read_formation(copy, 64, setup, &d));
    assert_int_equal(d.errors, 0);
    assert_int_equal(find_code(&d, "bad-trailer")->loc.offset, 50);
    junqi_diags_free(&d);
    free(b.data);
    free(r.data);
}

/* ---- structural errors ------------------------------------------------------ */

static void test_every_truncation_fails_cleanly_with_located_error(void **state)
{
    (void)state;
    static const char *const files[] = {"jgs-002724.jgs", "jgs-001742.jgs"};
    for (size_t f = 0; f < 2; f++) {
        blob b = fixture(files[f]);
        size_t end = records_end(b.data);
        for (size_t cut = 0; cut < b.len; cut++) {
            junqi_diags d = {0};
            junqi_game *g = read_copy(b.data, cut, &d);
            assert_offsets_within(&d, cut);
            if (cut < end + 8) {
                /* the header, a record or the end marker is cut: an error */
                assert_true(has_error_within(&d, cut));
                if (cut < end)
                    assert_null(g);
                else
                    assert_non_null(g);
            } else {
                /* a cut comment block is an ignored trailer (qq-formats.md) */
                assert_non_null(g);
                assert_int_equal(d.errors, 0);
                assert_int_equal(count_code(&d, JUNQI_SEV_WARNING, "bad-trailer"),
                                 cut == end + 8 ? 0 : 1);
            }
            if (g)
                assert_game_sane(g, b.data);
            junqi_game_free(g);
            junqi_diags_free(&d);
        }
        free(b.data);
    }
}

static void test_truncation_messages_name_the_field(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    junqi_diags d = {0};

    assert_null(read_copy(b.data, 0, &d));
    assert_int_equal(find_code(&d, "truncated")->loc.offset, 0);
    assert_non_null(strstr(d.items[0].message, "magic"));
    junqi_diags_free(&d);

    assert_null(read_copy(b.data, 0x1B, &d));
    assert_int_equal(find_code(&d, "truncated")->loc.offset, 0x1A);
    assert_non_null(strstr(d.items[0].message, "record count"));
    junqi_diags_free(&d);

    assert_null(read_copy(b.data, 148 + 3, &d));
    assert_int_equal(find_code(&d, "truncated")->loc.offset, 148);
    assert_non_null(strstr(d.items[0].message, "player block 1's layout"));
    junqi_diags_free(&d);

    assert_null(read_copy(b.data, 0x19C + 10 * 5 + 3, &d));
    const junqi_diag *t = find_code(&d, "truncated");
    assert_int_equal(t->loc.offset, 0x19C + 50);
    assert_int_equal(t->loc.record, 5);
    assert_non_null(strstr(t->message, "inside record 5 (offset 0x1CE)"));
    junqi_diags_free(&d);
    free(b.data);
}

static void test_rejects_record_count_larger_than_file(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    junqi_diags d = {0};
    size_t n = count_of(b.data);

    put16(b.data + 0x1A, 0xFFFF);
    assert_null(read_copy(b.data, b.len, &d));
    const junqi_diag *t = find_code(&d, "truncated");
    assert_int_equal(t->severity, JUNQI_SEV_ERROR);
    assert_in_range(t->loc.offset, 0x19C, (long)b.len);
    junqi_diags_free(&d);

    /* one record too many: the end marker is read as record N */
    put16(b.data + 0x1A, (unsigned)n + 1);
    assert_null(read_copy(b.data, b.len, &d));
    t = find_code(&d, "truncated");
    assert_int_equal(t->loc.record, (int)n);
    assert_int_equal(t->loc.offset, 0x19C + 10 * (long)n);
    junqi_diags_free(&d);
    free(b.data);
}

/* Bits 7-6 of a move's byte 1 are 00 or 01 (the defender's marshal died);
 * 10 and 11 are no known code: a note at that move, and the move is read. */
static void test_unknown_marshal_bits_of_a_move_are_noted(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    junqi_diags d = {0};
    assert_int_equal(b.data[0x19C], 0x5F); /* record 0 is a move */
    b.data[0x19C + 1] |= 0xC0;
    junqi_game *g = read_copy(b.data, b.len, &d);
    assert_non_null(g);
    const junqi_diag *n = find_code(&d, "unknown-code");
    assert_int_equal(n->severity, JUNQI_SEV_NOTE);
    assert_int_equal(n->move, 1);
    assert_int_equal(n->loc.offset, 0x19C);
    assert_string_equal(n->message, "bits 7-6 of byte 1 are 11, which QQ is not known to write (01: the "
                                    "defender's marshal died); they are ignored");
    assert_false(g->main.items[0].defender_marshal_died);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

static void test_rejects_invalid_piece_code_in_layout(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    junqi_diags d = {0};

    b.data[148 + 7] = 0x0E;
    assert_null(read_copy(b.data, b.len, &d));
    assert_int_equal(d.errors, 1);
    const junqi_diag *e = find_code(&d, "bad-piece-code");
    assert_int_equal(e->loc.offset, 155);
    assert_non_null(strstr(e->message, "player block 1"));
    junqi_diags_free(&d);
    free(b.data);

    /* an empty seat's layout is not read */
    b = fixture("jgs-000029.jgs");
    b.data[148 + 7] = 0x77;
    junqi_game *g = read_copy(b.data, b.len, &d);
    assert_non_null(g);
    assert_int_equal(d.n, 0);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

/* A record's diagnostic names its record and offset in its location, not again in its message. */
static void assert_message_unlocated(const junqi_diag *e)
{
    assert_null(strstr(e->message, "record"));
    assert_null(strstr(e->message, "offset"));
}

static void test_rejects_point_off_the_board(void **state)
{
    (void)state;
    static const struct { int byte; uint8_t p, q; } cases[] = {
        {2, 0, 0},   /* from (0,0) = a1, not a point */
        {2, 17, 3},  /* beyond the grid */
        {4, 16, 0},  /* to a17, a corner */
        {8, 0, 1},   /* defender's flag point b1 */
        {6, 255, 255},
    };
    blob b = fixture("jgs-002724.jgs");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        junqi_diags d = {0};
        uint8_t *rec = b.data + 0x19C + 10 * 3; /* record 3 is a move */
        uint8_t save[10];
        memcpy(save, rec, 10);
        rec[cases[i].byte] = cases[i].p;
        rec[cases[i].byte + 1] = cases[i].q;
        assert_null(read_copy(b.data, b.len, &d));
        const junqi_diag *e = find_code(&d, "bad-point");
        assert_int_equal(e->severity, JUNQI_SEV_ERROR);
        assert_int_equal(e->loc.record, 3);
        assert_int_equal(e->loc.offset, 0x19C + 30);
        assert_int_equal(e->move, 3); /* records 0, 1 are moves, 2 a timeout */
        assert_message_unlocated(e);
        memcpy(rec, save, 10);
        junqi_diags_free(&d);
    }
    free(b.data);
}

static void test_rejects_unknown_record_and_event_types(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    junqi_diags d = {0};
    uint8_t *ev = b.data + 0x19C + 20; /* record 2: F5 02 02 01 01 */

    assert_int_equal(ev[0], 0xF5);
    ev[1] = 0x09;
    assert_null(read_copy(b.data, b.len, &d));
    const junqi_diag *e = find_code(&d, "bad-event");
    assert_int_equal(e->loc.offset, 0x1B0);
    assert_message_unlocated(e);
    assert_int_equal(e->loc.record, 2);
    junqi_diags_free(&d);
    ev[1] = 0x02;

    b.data[0x19C] = 0x00;
    assert_null(read_copy(b.data, b.len, &d));
    e = find_code(&d, "bad-record");
    assert_int_equal(e->loc.offset, 0x19C);
    assert_message_unlocated(e);
    assert_int_equal(e->loc.record, 0);
    junqi_diags_free(&d);
    free(b.data);
}

static void test_rejects_event_seat_outside_board(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    junqi_diags d = {0};
    uint8_t *ev = b.data + 0x19C + 20;

    ev[2] = 4;
    assert_null(read_copy(b.data, b.len, &d));
    assert_int_equal(find_code(&d, "bad-seat")->loc.record, 2);
    assert_message_unlocated(find_code(&d, "bad-seat"));
    junqi_diags_free(&d);
    ev[2] = 2;

    ev[4] = 7;
    assert_null(read_copy(b.data, b.len, &d));
    assert_int_equal(find_code(&d, "bad-seat")->loc.offset, 0x1B0);
    junqi_diags_free(&d);

    ev[4] = 0xFF; /* "nobody" is allowed */
    junqi_game *g = read_copy(b.data, b.len, &d);
    assert_non_null(g);
    assert_int_equal(g->main.items[2].next_seat, JUNQI_NO_SEAT);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

static void test_rejects_other_files_as_replays(void **state)
{
    (void)state;
    blob f = fixture("../jql/F01.jql");
    junqi_diags d = {0};

    assert_null(junqi_qq_read_replay(f.data, f.len, &d));
    const junqi_diag *e = find_code(&d, "bad-magic");
    assert_int_equal(e->loc.offset, 0);
    assert_non_null(strstr(e->message, "formation"));
    junqi_diags_free(&d);

    assert_null(junqi_qq_read_replay((const uint8_t *)"hello world", 11, &d));
    assert_int_equal(count_code(&d, JUNQI_SEV_ERROR, "bad-magic"), 1);
    junqi_diags_free(&d);

    assert_null(junqi_qq_read_replay(NULL, 0, &d));
    assert_int_equal(count_code(&d, JUNQI_SEV_ERROR, "truncated"), 1);
    junqi_diags_free(&d);

    assert_null(junqi_qq_read_replay((const uint8_t *)"QQGa", 4, NULL)); /* no list */
    free(f.data);
}

/* ---- warnings ---------------------------------------------------------------- */

static void test_warns_when_header_fields_disagree(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    junqi_diags d = {0};

    put16(b.data + 0x10, 400);
    put16(b.data + 0x12, 1000);
    b.data[0x19] = 3;
    b.data[0x1C + 88 * 2 + 4] = 1; /* block 2 claims colour 1 */
    junqi_game *g = read_copy(b.data, b.len, &d);
    assert_non_null(g);
    assert_int_equal(d.errors, 0);
    assert_int_equal(count_code(&d, JUNQI_SEV_WARNING, "header-mismatch"), 4);
    assert_int_equal(d.items[0].loc.offset, 0x10);
    assert_int_equal(d.items[1].loc.offset, 0x12);
    assert_int_equal(g->main.nitems, 22); /* N governs */
    assert_true(g->seat[JUNQI_SOUTH].present);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

/* Rebuild a fixture with records [0, n) then `extra` (10 bytes, may be NULL) and an end marker. */
static blob rebuild(const blob *b, size_t n, const uint8_t *extra)
{
    size_t records = n + (extra != NULL);
    blob o = {calloc(1, RECORDS + 10 * records + 8), RECORDS + 10 * records + 8};
    assert_non_null(o.data);
    memcpy(o.data, b->data, RECORDS + 10 * n);
    if (extra)
        memcpy(o.data + RECORDS + 10 * n, extra, 10);
    put16(o.data + 0x1A, (unsigned)records);
    put16(o.data + 0x12, (unsigned)(396 + 10 * records));
    return o;
}

static void test_warns_about_unfinished_game(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    blob cut = rebuild(&b, 21, NULL), none = rebuild(&b, 0, NULL);
    junqi_diags d = {0};

    junqi_game *g = read_copy(cut.data, cut.len, &d);
    assert_non_null(g);
    assert_int_equal(g->main.nitems, 21);
    assert_int_equal(d.errors, 0);
    assert_int_equal(d.n, 1);
    assert_int_equal(count_code(&d, JUNQI_SEV_WARNING, "unfinished"), 1);
    assert_int_equal(d.items[0].loc.offset, 0x19C + 210);
    junqi_game_free(g);
    junqi_diags_free(&d);

    g = read_copy(none.data, none.len, &d);
    assert_non_null(g);
    assert_int_equal(g->main.nitems, 0);
    assert_int_equal(junqi_game_present(g), 0xF);
    assert_int_equal(count_code(&d, JUNQI_SEV_WARNING, "unfinished"), 1);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
    free(cut.data);
    free(none.data);
}

static void test_warns_about_records_after_game_over(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    blob more = rebuild(&b, 22, b.data + 0x19C);
    junqi_diags d = {0};

    junqi_game *g = read_copy(more.data, more.len, &d);
    assert_non_null(g);
    assert_int_equal(g->main.nitems, 23);
    assert_int_equal(d.errors, 0);
    const junqi_diag *w = find_code(&d, "after-game-over");
    assert_int_equal(w->severity, JUNQI_SEV_WARNING);
    assert_int_equal(w->loc.record, 22);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
    free(more.data);
}

static void test_keeps_comment_past_the_end_with_warning(void **state)
{
    (void)state;
    blob b = fixture("jgs-001742.jgs");
    junqi_diags d = {0};
    size_t entry = records_end(b.data) + 8 + 20;

    b.data[entry] = 0xE8; /* record index 1000 */
    b.data[entry + 1] = 0x03;
    junqi_game *g = read_copy(b.data, b.len, &d);
    assert_non_null(g);
    assert_int_equal(d.errors, 0);
    assert_int_equal(find_code(&d, "comment-index")->loc.offset, (long)entry);
    assert_int_equal(g->main.ncomments, 3);
    assert_int_equal(g->main.comments[0].before, g->main.nitems);
    assert_string_equal(g->main.comments[0].text, "第1条注释");
    assert_int_equal(g->main.comments[1].before, 14);
    junqi_game_free(g);
    junqi_diags_free(&d);

    /* k == N, after the last record, is fine */
    b.data[entry] = 59;
    b.data[entry + 1] = 0;
    g = read_copy(b.data, b.len, &d);
    assert_int_equal(d.n, 0);
    assert_int_equal(g->main.comments[0].before, 59);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

static void test_ignores_trailer_that_is_no_comment_block(void **state)
{
    (void)state;
    blob b = fixture("jgs-001742.jgs");
    junqi_diags d = {0};
    size_t block = records_end(b.data) + 8;

    memset(b.data + block, 0xFF, 4); /* a count that cannot fit */
    junqi_game *g = read_copy(b.data, b.len, &d);
    assert_non_null(g);
    assert_int_equal(d.errors, 0);
    assert_int_equal(find_code(&d, "bad-trailer")->loc.offset, (long)block);
    assert_int_equal(g->main.ncomments, 0);
    assert_int_equal(g->main.nitems, 59);
    junqi_game_free(g);
    junqi_diags_free(&d);

    g = read_copy(b.data, block + 5, &d); /* too short for a block header */
    assert_non_null(g);
    assert_int_equal(d.errors, 0);
    assert_int_equal(count_code(&d, JUNQI_SEV_WARNING, "bad-trailer"), 1);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

/* Replays joined by `cat a.jgs b.jgs`, after an end marker (jgs-002724) or
 * a comment block (jgs-001742): the first is read as it is alone, and one
 * warning says where the second begins, where it was called a trailer that
 * does not fit ("the comment count 1632063825 ... does not fit the file"). */
static void test_a_second_replay_joined_after_the_first_is_said(void **state)
{
    (void)state;
    static const char *const files[] = {"jgs-002724.jgs", "jgs-001742.jgs"};
    for (size_t f = 0; f < 2; f++) {
        blob a = fixture(files[f]), b = fixture(files[1 - f]);
        junqi_diags alone = {0}, d = {0};
        junqi_game *first = read_copy(a.data, a.len, &alone);
        uint8_t *both = malloc(a.len + b.len);
        assert_non_null(both);
        memcpy(both, a.data, a.len);
        memcpy(both + a.len, b.data, b.len);
        junqi_game *g = read_copy(both, a.len + b.len, &d);
        assert_non_null(first);
        assert_non_null(g);
        assert_int_equal(d.errors, 0);
        assert_int_equal(d.n, alone.n + 1);
        const junqi_diag *w = find_code(&d, "bad-trailer");
        assert_int_equal(w->severity, JUNQI_SEV_WARNING);
        assert_int_equal(w->loc.offset, (long)a.len);
        char want[200];
        snprintf(want, sizeof want, "a second replay (\"QQGame JQS\") begins at offset 0x%zX: ", a.len);
        assert_memory_equal(w->message, want, strlen(want));
        assert_int_equal(g->main.nitems, first->main.nitems);
        assert_int_equal(g->main.ncomments, first->main.ncomments);
        junqi_game_free(first);
        junqi_game_free(g);
        junqi_diags_free(&alone);
        junqi_diags_free(&d);
        free(both);
        free(a.data);
        free(b.data);
    }
}

static void test_replaces_undecodable_gbk_with_replacement_character(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs");
    junqi_diags d = {0};
    uint8_t *name0 = b.data + 0x1C + 12, *name1 = b.data + 0x1C + 88 + 12;

    memcpy(name0, "\x81 A\0", 4);         /* 0x81 needs a second byte 40..FE */
    memcpy(name1, "AB\x81\0", 4);         /* a lead byte cut by the NUL */
    memset(b.data + 0x1C + 176 + 12, 'x', 20); /* no NUL: all 20 bytes */
    junqi_game *g = read_copy(b.data, b.len, &d);
    assert_non_null(g);
    assert_int_equal(d.errors, 0);
    assert_string_equal(g->seat[0].player, "\xEF\xBF\xBD A");
    assert_string_equal(g->seat[1].player, "AB\xEF\xBF\xBD");
    assert_string_equal(g->seat[2].player, "xxxxxxxxxxxxxxxxxxxx");
    assert_int_equal(count_code(&d, JUNQI_SEV_WARNING, "bad-encoding"), 2);
    assert_int_equal(find_code(&d, "bad-encoding")->loc.offset, 0x1C + 12);
    junqi_game_free(g);
    junqi_diags_free(&d);
    free(b.data);
}

/* ---- random damage ------------------------------------------------------------- */

/* b with `extra` more bytes, each `fill`, after its end (b is freed). */
static blob grown(blob b, size_t extra, uint8_t fill)
{
    b.data = realloc(b.data, b.len + extra);
    assert_non_null(b.data);
    memset(b.data + b.len, fill, extra);
    b.len += extra;
    return b;
}

/* The first n records of b, the end marker, and a comment block whose count says `count`,
 * holding `entries` entries (each for record k, text "c"), then `extra` bytes 0xAA. */
static blob with_comment_block(const blob *b, size_t n, uint32_t count, size_t entries, uint32_t k,
                               size_t extra)
{
    blob o = grown(rebuild(b, n, NULL), 20 + 216 * entries + extra, 0);
    uint8_t *block = o.data + RECORDS + 10 * n + 8;
    memcpy(block, &count, 4); /* little-endian, as the file's */
    for (size_t e = 0; e < entries; e++) {
        memcpy(block + 20 + 216 * e, &k, 4);
        block[20 + 216 * e + 4] = 'c';
    }
    memset(block + 20 + 216 * entries, 0xAA, extra);
    return o;
}

/* The message of the first diagnostic with `code` when data is read as a replay (or a formation). */
static void assert_message(blob data, bool formation, const char *code, const char *message)
{
    junqi_diags d = {0};
    uint8_t setup[6][5];
    if (formation)
        junqi_qq_read_formation(data.data, data.len, setup, &d);
    else
        junqi_game_free(read_copy(data.data, data.len, &d));
    assert_string_equal(find_code(&d, code)->message, message);
    junqi_diags_free(&d);
    free(data.data);
}

/* A copy of the first n bytes of b. */
static blob prefix(const blob *b, size_t n)
{
    blob o = {malloc(n), n};
    assert_non_null(o.data);
    memcpy(o.data, b->data, n);
    return o;
}

/* b twice, as `cat b b` joins two copies of a file. */
static blob twice(const blob *b)
{
    blob o = grown(prefix(b, b->len), b->len, 0);
    memcpy(o.data + b->len, b->data, b->len);
    return o;
}

/* A message that counts says one thing in the singular and more in the plural: "room for 1
 * comments", "1 records follow the game-over event" and "1 bytes follow the 50-byte formation"
 * were written for one; two formation files joined (cat a.jql b.jql) are 50 bytes after the first. */
static void counts_are_said_in_the_singular_and_the_plural(void **state)
{
    (void)state;
    blob b = fixture("jgs-002724.jgs"), jql = fixture("../jql/F01.jql");
    blob after = rebuild(&b, 22, b.data + RECORDS);
    const struct { blob data; bool formation; const char *code, *message; } cases[] = {
        {rebuild(&b, 1, NULL), false, "unfinished",
         "the 1 record ends (at offset 0x1A6) without a game-over event (F5 05): the game is unfinished"},
        {rebuild(&b, 21, NULL), false, "unfinished",
         "the 21 records end (at offset 0x26E) without a game-over event (F5 05): the game is unfinished"},
        {rebuild(&b, 22, b.data + RECORDS), false, "after-game-over",
         "1 record follows the game-over event in record 21: record 22 (offset 0x278)"},
        {rebuild(&after, 23, b.data + RECORDS), false, "after-game-over",
         "2 records follow the game-over event in record 21, from record 22 (offset 0x278) on"},
        {with_comment_block(&b, 1, 1, 1, 5, 0), false, "comment-index",
         "the comment at offset 0x1C2 belongs to record 5, but there is only 1 record; it is kept at the end of "
         "the game"},
        {with_comment_block(&b, 22, 1, 1, 50, 0), false, "comment-index",
         "the comment at offset 0x294 belongs to record 50, but there are only 22 records; it is kept at the end "
         "of the game"},
        {with_comment_block(&b, 22, 9, 1, 0, 0), false, "bad-trailer",
         "the comment count 9 at offset 0x280 does not fit the file (room for 1 comment); the trailer is ignored"},
        {with_comment_block(&b, 22, 9, 2, 0, 0), false, "bad-trailer",
         "the comment count 9 at offset 0x280 does not fit the file (room for 2 comments); the trailer is ignored"},
        {with_comment_block(&b, 22, 1, 1, 0, 1), false, "bad-trailer",
         "1 byte follows the comment block (comment count 1), at offset 0x36C; it is ignored"},
        {with_comment_block(&b, 22, 1, 1, 0, 3), false, "bad-trailer",
         "3 bytes follow the comment block (comment count 1), from offset 0x36C; they are ignored"},
        {grown(rebuild(&b, 22, NULL), 1, 0xAA), false, "bad-trailer",
         "the 1 byte after the end marker (offset 0x280) cannot be a comment block, which needs 20; it is ignored"},
        {grown(rebuild(&b, 22, NULL), 5, 0xAA), false, "bad-trailer",
         "the 5 bytes after the end marker (offset 0x280) are too few for a comment block, which needs 20; they "
         "are ignored"},
        {prefix(&b, 0x0F), false, "truncated",
         "the file ends at byte 0xF inside the saving seat's colour (offset 0xF), which needs 1 byte"},
        {prefix(&b, 0x1B), false, "truncated",
         "the file ends at byte 0x1B inside the record count N (offset 0x1A), which needs 2 bytes"},
        {grown(prefix(&jql, jql.len), 1, 0), true, "bad-trailer",
         "1 byte follows the 50-byte formation (at offset 0x32); it is ignored"},
        {twice(&jql), true, "bad-trailer",
         "50 bytes follow the 50-byte formation (from offset 0x32); they are ignored"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_message(cases[i].data, cases[i].formation, cases[i].code, cases[i].message);
    free(after.data);
    free(jql.data);
    free(b.data);
}

static uint32_t rng_state = 0x2545F491u;

static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static void test_random_byte_flips_never_crash(void **state)
{
    (void)state;
    static const char *const files[] = {"jgs-002724.jgs", "jgs-001742.jgs", "jgs-000029.jgs"};
    size_t accepted = 0, rejected = 0;
    rng_state = 0x2545F491u;
    for (size_t f = 0; f < 3; f++) {
        blob b = fixture(files[f]);
        uint8_t *m = malloc(b.len);
        assert_non_null(m);
        for (int iter = 0; iter < 2000; iter++) {
            memcpy(m, b.data, b.len);
            int flips = 1 + (int)(rng() % 4);
            for (int i = 0; i < flips; i++) {
                /* half of the flips hit the header and first records, where most checks are */
                size_t span = (rng() & 1) ? b.len : (0x19C + 60 < b.len ? 0x19C + 60 : b.len);
                m[rng() % span] = (uint8_t)rng();
            }
            size_t len = (rng() % 8 == 0) ? rng() % (b.len + 1) : b.len;
            junqi_diags d = {0};
            junqi_game *g = read_copy(m, len, &d);
            assert_offsets_within(&d, len);
            if (g) {
                assert_game_sane(g, m);
                accepted++;
            } else {
                assert_true(d.errors > 0);
                rejected++;
            }
            junqi_game_free(g);
            junqi_diags_free(&d);
        }
        free(m);
        free(b.data);
    }
    assert_true(accepted > 0 && rejected > 0);

    /* pure noise behind a valid magic */
    for (int iter = 0; iter < 500; iter++) {
        uint8_t noise[700];
        size_t len = rng() % sizeof noise;
        for (size_t i = 0; i < len; i++)
            noise[i] = (uint8_t)rng();
        memcpy(noise, "QQGame JQS", len < 10 ? len : 10);
        if (len > 0x1B)
            put16(noise + 0x1A, rng() % 40);
        junqi_diags d = {0};
        uint8_t setup[6][5];
        junqi_game *g = read_copy(noise, len, &d);
        assert_offsets_within(&d, len);
        if (g)
            assert_game_sane(g, noise);
        junqi_game_free(g);
        junqi_diags_free(&d);
        (void)junqi_qq_read_formation(noise, len < 64 ? len : 64, setup, NULL);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_detect_recognises_files_by_content_not_name),
        cmocka_unit_test(test_piece_codes_map_to_pieces),
        cmocka_unit_test(test_reads_short_four_player_game),
        cmocka_unit_test(test_reads_two_player_game_with_empty_seats),
        cmocka_unit_test(test_reads_jqs_file_like_jgs),
        cmocka_unit_test(test_reads_comment_block_as_utf8),
        cmocka_unit_test(test_ignores_zero_count_trailer_with_padding),
        cmocka_unit_test(test_every_real_replay_parses_without_errors),
        cmocka_unit_test(test_reads_formation_fixture),
        cmocka_unit_test(test_every_formation_file_parses),
        cmocka_unit_test(test_rejects_broken_formations),
        cmocka_unit_test(test_every_truncation_fails_cleanly_with_located_error),
        cmocka_unit_test(test_truncation_messages_name_the_field),
        cmocka_unit_test(test_rejects_record_count_larger_than_file),
        cmocka_unit_test(test_rejects_invalid_piece_code_in_layout),
        cmocka_unit_test(test_rejects_point_off_the_board),
        cmocka_unit_test(test_rejects_unknown_record_and_event_types),
        cmocka_unit_test(test_rejects_event_seat_outside_board),
        cmocka_unit_test(test_rejects_other_files_as_replays),
        cmocka_unit_test(test_warns_when_header_fields_disagree),
        cmocka_unit_test(test_warns_about_unfinished_game),
        cmocka_unit_test(test_warns_about_records_after_game_over),
        cmocka_unit_test(test_keeps_comment_past_the_end_with_warning),
        cmocka_unit_test(test_ignores_trailer_that_is_no_comment_block),
        cmocka_unit_test(test_a_second_replay_joined_after_the_first_is_said),
        cmocka_unit_test(test_replaces_undecodable_gbk_with_replacement_character),
        cmocka_unit_test(test_random_byte_flips_never_crash),
        cmocka_unit_test(test_unknown_marshal_bits_of_a_move_are_noted),
        cmocka_unit_test(counts_are_said_in_the_singular_and_the_plural),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
