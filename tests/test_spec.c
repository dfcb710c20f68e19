/* SPDX-License-Identifier: MIT */
/*
 * test_spec.c - runs the examples of docs/jgn.md: each `jgn example` block
 * must read into the following `jgn canonical` text (which must read back to
 * itself byte for byte) or give exactly the diagnostics of the following
 * `jgn errors` block ("LINE:COL: severity: message" per line); and those of
 * docs/position.md: every line of a `position example` block reads and is
 * written back byte for byte, every line of a `position bad` block gives the
 * matching "COL: severity: message" line of the `position errors` block;
 * a `jgn comments` block after a canonical text gives every main-line
 * comment's place ("before N: text"), in the example and in the canonical text,
 * and every example reads back from its canonical text with the same items and
 * its comments in their places;
 * likewise the flip positions' `flip position ...` blocks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "flip_replay.h"
#include "flipnote.h"
#include "jgn.h"
#include "replay.h"
#include "posnote.h"
#include "testutil.h"

/* The most fenced blocks of one kind a document may hold (read_blocks fails past it). */
#define SPEC_BLOCKS 160

typedef struct block {
    char kind[32];
    char *text;
    int line; /* of the opening fence in docs/jgn.md */
} block;

/* The fenced blocks of kind "LANG ..." (prefix "```LANG ") in order. */
static int read_blocks(const char *doc, const char *prefix, block *out, int max)
{
    size_t plen = strlen(prefix);
    int n = 0, line = 1;
    const char *s = doc;
    while (*s) {
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        if (len > plen && strncmp(s, prefix, plen) == 0) {
            if (n == max) /* never a block left out unchecked: the array must hold them all */
                fail_msg("line %d: more than %d blocks '%s...': make the array larger", line, max, prefix);
            block *b = &out[n++];
            snprintf(b->kind, sizeof b->kind, "%.*s", (int)(len - plen), s + plen);
            b->line = line;
            const char *body = eol + 1, *end = strstr(body, "\n```\n");
            assert_non_null(end);
            b->text = strndup(body, (size_t)(end - body) + 1);
            for (const char *c = s; c < end + 4; c++)
                line += *c == '\n';
            s = end + 5;
            continue;
        }
        line++;
        s = eol ? eol + 1 : s + len;
    }
    return n;
}

/* The fenced blocks of a document of the source tree (see read_blocks). */
static int doc_blocks(const char *path, const char *prefix, block *out, int max)
{
    size_t len;
    char *doc = (char *)read_file(source_path(path), &len);
    assert_non_null(doc);
    doc[len] = '\0';
    int n = read_blocks(doc, prefix, out, max);
    free(doc);
    return n;
}

static char *diagnostics_text(const junqi_diags *d)
{
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    for (size_t i = 0; i < d->n; i++)
        if (d->items[i].severity != JUNQI_SEV_NOTE)
            fprintf(f, "%d:%d: %s: %s\n", d->items[i].loc.line, d->items[i].loc.column,
                    junqi_severity_name(d->items[i].severity), d->items[i].message);
    fclose(f);
    return out;
}

/* Replay line `l` of game g from position `from` (NULL: the game's start)
 * with every check, and each variation from the position before its move;
 * diagnostics go to d. */
static void replay_line(const junqi_game *g, const junqi_line *l, const junqi_position *from,
                        junqi_diags *d)
{
    junqi_game part = *g; /* the game's tags and seats, this line, this start */
    part.main = *l;
    junqi_position start;
    if (from) {
        start = *from;
        part.start = &start;
    }
    junqi_replay r;
    assert_true(junqi_replay_start(&r, &part, NULL, d));
    for (size_t i = 0; i < l->nitems; i++) {
        junqi_position before = r.pos;
        for (size_t v = 0; v < l->items[i].nvariations; v++)
            replay_line(g, &l->items[i].variations[v], &before, d);
        junqi_replay_next(&r);
    }
}

/* replay_line for a flip game (flip_replay.h): from flip position `from`, or the game's start. */
static void replay_flip_line(const junqi_game *g, const junqi_line *l, const junqi_flip *from, junqi_diags *d)
{
    junqi_game part = *g;
    part.main = *l;
    junqi_flip start;
    if (from) {
        start = *from;
        part.flip_start = &start;
    }
    junqi_flip_replay r;
    assert_true(junqi_flip_replay_start(&r, &part, NULL, d));
    for (size_t i = 0; i < l->nitems; i++) {
        junqi_flip before = r.pos;
        for (size_t v = 0; v < l->items[i].nvariations; v++)
            replay_flip_line(g, &l->items[i].variations[v], &before, d);
        junqi_flip_replay_next(&r);
    }
}

/* Issue 10, defect 22: the first two examples were illegal games (5 and 3
 * errors, and "an agreed end" with Result '*'). Every example that reads is
 * a legal game: its main line and every variation replay without an error. */
static void check_legal(const block *example, const junqi_game *g)
{
    junqi_diags d;
    junqi_diags_init(&d);
    if (junqi_rules_flip(g->rules))
        replay_flip_line(g, &g->main, g->flip_start, &d);
    else
        replay_line(g, &g->main, g->start, &d);
    if (d.errors) {
        char *diags = diagnostics_text(&d);
        fail_msg("docs/jgn.md:%d: the example is not a legal game:\n%s", example->line, diags);
    }
    junqi_diags_free(&d);
}

/* The places of g's main-line comments as a `jgn comments` block gives them: "before N: text". */
static char *comments_text(const junqi_game *g)
{
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    for (size_t i = 0; i < g->main.ncomments; i++)
        fprintf(f, "before %zu: %s\n", g->main.comments[i].before, g->main.comments[i].text);
    fclose(f);
    return out;
}

/* A `jgn comments` block (NULL: none): the example's comments, and its canonical text's, stand there. */
static void check_comments(const block *comments, const junqi_game *g, const junqi_game *again)
{
    if (!comments)
        return;
    const junqi_game *games[] = {g, again};
    for (int k = 0; k < 2; k++) {
        char *got = comments_text(games[k]);
        if (strcmp(got, comments->text) != 0)
            fail_msg("docs/jgn.md:%d: the %s's comments stand elsewhere:\n--- expected\n%s--- got\n%s",
                     comments->line, k ? "canonical text" : "example", comments->text, got);
        free(got);
    }
}

/* Reading an example's canonical text gives back the example's record: the
 * same items (no end item gained or lost) and every main-line comment in its
 * place (docs/jgn.md, "The result"), whether or not a `jgn comments` block
 * says where they are. */
static void check_round_trip(const block *example, const junqi_game *g, const junqi_game *again)
{
    if (g->main.nitems != again->main.nitems)
        fail_msg("docs/jgn.md:%d: %zu items read back as %zu", example->line, g->main.nitems,
                 again->main.nitems);
    for (size_t i = 0; i < g->main.nitems; i++)
        if (g->main.items[i].kind != again->main.items[i].kind)
            fail_msg("docs/jgn.md:%d: item %zu reads back as another kind", example->line, i);
    char *places = comments_text(g), *back = comments_text(again);
    if (strcmp(places, back) != 0)
        fail_msg("docs/jgn.md:%d: the comments move:\n--- read\n%s--- read back\n%s", example->line,
                 places, back);
    free(places);
    free(back);
}

static void check_canonical(const block *example, const block *canonical, const block *comments)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(example->text, strlen(example->text), "spec", 0, &d);
    if (!g || d.errors) {
        char *diags = diagnostics_text(&d);
        fail_msg("docs/jgn.md:%d: the example does not read:\n%s", example->line, diags);
    }
    check_legal(example, g);
    char *text = junqi_jgn_to_string(g);
    if (strcmp(text, canonical->text) != 0)
        fail_msg("docs/jgn.md:%d: canonical text differs:\n--- expected\n%s--- got\n%s", canonical->line,
                 canonical->text, text);
    junqi_game *again = junqi_jgn_parse(text, strlen(text), "spec", 0, &d);
    assert_non_null(again);
    char *text2 = junqi_jgn_to_string(again);
    assert_string_equal(text2, text);
    check_comments(comments, g, again);
    check_round_trip(example, g, again);
    free(text);
    free(text2);
    junqi_game_free(g);
    junqi_game_free(again);
    junqi_diags_free(&d);
}

static void check_errors(const block *example, const block *errors)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(example->text, strlen(example->text), "spec", 0, &d);
    assert_null(g);
    char *got = diagnostics_text(&d);
    if (strcmp(got, errors->text) != 0)
        fail_msg("docs/jgn.md:%d: diagnostics differ:\n--- expected\n%s--- got\n%s", errors->line,
                 errors->text, got);
    free(got);
    junqi_diags_free(&d);
}

static void every_example_of_the_jgn_spec_holds(void **state)
{
    (void)state;
    block blocks[SPEC_BLOCKS];
    int n = doc_blocks("docs/jgn.md", "```jgn ", blocks, SPEC_BLOCKS), canonical = 0, errors = 0;
    for (int i = 0; i + 1 < n; i++) {
        if (strcmp(blocks[i].kind, "example") != 0)
            continue;
        if (strcmp(blocks[i + 1].kind, "canonical") == 0)
            check_canonical(&blocks[i], &blocks[i + 1],
                            i + 2 < n && strcmp(blocks[i + 2].kind, "comments") == 0 ? &blocks[i + 2] : NULL),
                canonical++;
        else if (strcmp(blocks[i + 1].kind, "errors") == 0)
            check_errors(&blocks[i], &blocks[i + 1]), errors++;
        else
            fail_msg("docs/jgn.md:%d: an example must be followed by its canonical text or errors",
                     blocks[i].line);
    }
    assert_true(canonical >= 4);
    assert_true(errors >= 6);
    for (int i = 0; i < n; i++)
        free(blocks[i].text);
}

/* A position notation of docs/position.md: the formation game's (posnote.h,
 * blocks ```position ...) or the flip games' (flipnote.h, ```flip position ...).
 * read() parses a line and, when it reads, writes it back into *again (freed by the caller). */
typedef struct notation {
    const char *fence;
    bool (*read)(const char *text, size_t len, char **again, junqi_diags *d);
} notation;

static bool read_formation(const char *text, size_t len, char **again, junqi_diags *d)
{
    junqi_position pos;
    if (!junqi_pos_parse(text, len, &pos, d))
        return false;
    *again = junqi_pos_format(&pos);
    return true;
}

static bool read_flip(const char *text, size_t len, char **again, junqi_diags *d)
{
    junqi_flip pos;
    if (!junqi_flip_pos_parse(text, len, &pos, d))
        return false;
    *again = junqi_flip_pos_format(&pos);
    return true;
}

static const notation notations[] = {{"```position ", read_formation}, {"```flip position ", read_flip}};

/* A `position example` block: every line is a position string that reads
 * without a diagnostic and is written back byte for byte. */
static int check_positions(const notation *nt, const block *b)
{
    int n = 0;
    for (const char *line = b->text; *line;) {
        size_t len = strcspn(line, "\n");
        char *again = NULL;
        junqi_diags d;
        junqi_diags_init(&d);
        if (!nt->read(line, len, &again, &d) || d.n)
            fail_msg("docs/position.md:%d: '%.*s' does not read: %s", b->line, (int)len, line,
                     d.n ? d.items[0].message : "");
        if (strlen(again) != len || memcmp(again, line, len) != 0)
            fail_msg("docs/position.md:%d: '%.*s' is written back as '%s'", b->line, (int)len, line, again);
        free(again);
        junqi_diags_free(&d);
        n++;
        line += len + (line[len] == '\n');
    }
    return n;
}

/* A `position bad` block and its `position errors` block: each line of the
 * first gives the error line "COL: error: message" of the second. */
static void check_position_errors(const notation *nt, const block *bad, const block *errors)
{
    const char *want = errors->text;
    for (const char *line = bad->text; *line;) {
        size_t len = strcspn(line, "\n"), wlen = strcspn(want, "\n");
        char *again = NULL;
        junqi_diags d;
        junqi_diags_init(&d);
        assert_false(nt->read(line, len, &again, &d));
        char got[400];
        snprintf(got, sizeof got, "%d: %s: %s", d.items[0].loc.column,
                 junqi_severity_name(d.items[0].severity), d.items[0].message);
        if (strlen(got) != wlen || memcmp(got, want, wlen) != 0)
            fail_msg("docs/position.md:%d: '%.*s' gives\n  %s\nnot\n  %.*s", errors->line, (int)len,
                     line, got, (int)wlen, want);
        junqi_diags_free(&d);
        line += len + (line[len] == '\n');
        want += wlen + (want[wlen] == '\n');
    }
    assert_string_equal(want, "");
}

static void every_example_of_the_position_spec_holds(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof notations / sizeof notations[0]; k++) {
        const notation *nt = &notations[k];
        block blocks[SPEC_BLOCKS];
        int n = doc_blocks("docs/position.md", nt->fence, blocks, SPEC_BLOCKS), positions = 0, errors = 0;
        for (int i = 0; i < n; i++) {
            if (strcmp(blocks[i].kind, "example") == 0) {
                positions += check_positions(nt, &blocks[i]);
            } else if (strcmp(blocks[i].kind, "bad") == 0) {
                if (i + 1 >= n || strcmp(blocks[i + 1].kind, "errors") != 0)
                    fail_msg("docs/position.md:%d: a `bad` block must be followed by its errors", blocks[i].line);
                check_position_errors(nt, &blocks[i], &blocks[i + 1]);
                errors++;
            }
        }
        assert_true(positions >= 5);
        assert_true(errors >= 1);
        for (int i = 0; i < n; i++)
            free(blocks[i].text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_example_of_the_jgn_spec_holds),
        cmocka_unit_test(every_example_of_the_position_spec_holds),
    };
    return cmocka_run_group_tests_name("spec", tests, NULL, NULL);
}
