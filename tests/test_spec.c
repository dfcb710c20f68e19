/* SPDX-License-Identifier: MIT */
/*
 * test_spec.c - runs the examples of docs/jgn.md: each `jgn example` block
 * must read into the following `jgn canonical` text (which must read back to
 * itself byte for byte) or give exactly the diagnostics of the following
 * `jgn errors` block ("LINE:COL: severity: message" per line); and the flip
 * positions of docs/position.md: every line of a `flip position example`
 * block reads and is written back byte for byte, every line of a `flip
 * position bad` block gives the matching line of its `flip position errors`.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "flipnote.h"
#include "jgn.h"
#include "testutil.h"

typedef struct block {
    char kind[32];
    char *text;
    int line; /* of the opening fence in docs/jgn.md */
} block;

/* The fenced blocks whose opening fence starts with `fence` ("```jgn "), in order;
 * kind is the rest of the fence line. */
static int read_blocks(const char *doc, const char *fence, block *out, int max)
{
    size_t flen = strlen(fence);
    int n = 0, line = 1;
    const char *s = doc;
    while (*s && n < max) {
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        if (len > flen && strncmp(s, fence, flen) == 0) {
            block *b = &out[n++];
            snprintf(b->kind, sizeof b->kind, "%.*s", (int)(len - flen), s + flen);
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

static void check_canonical(const block *example, const block *canonical)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = junqi_jgn_parse(example->text, strlen(example->text), "spec", 0, &d);
    if (!g || d.errors) {
        char *diags = diagnostics_text(&d);
        fail_msg("docs/jgn.md:%d: the example does not read:\n%s", example->line, diags);
    }
    char *text = junqi_jgn_to_string(g);
    if (strcmp(text, canonical->text) != 0)
        fail_msg("docs/jgn.md:%d: canonical text differs:\n--- expected\n%s--- got\n%s", canonical->line,
                 canonical->text, text);
    junqi_game *again = junqi_jgn_parse(text, strlen(text), "spec", 0, &d);
    assert_non_null(again);
    char *text2 = junqi_jgn_to_string(again);
    assert_string_equal(text2, text);
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
    size_t len;
    char *doc = (char *)read_file(source_path("docs/jgn.md"), &len);
    assert_non_null(doc);
    doc[len] = '\0';
    block blocks[64];
    int n = read_blocks(doc, "```jgn ", blocks, 64), canonical = 0, errors = 0;
    for (int i = 0; i + 1 < n; i++) {
        if (strcmp(blocks[i].kind, "example") != 0)
            continue;
        if (strcmp(blocks[i + 1].kind, "canonical") == 0)
            check_canonical(&blocks[i], &blocks[i + 1]), canonical++;
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
    free(doc);
}

/* Each line of a `flip position example` block reads and is written back byte for byte. */
static int check_flip_positions(const block *b)
{
    int n = 0;
    for (const char *line = b->text; *line; n++) {
        size_t len = strcspn(line, "\n");
        junqi_flip pos;
        junqi_diags d;
        junqi_diags_init(&d);
        if (!junqi_flip_pos_parse(line, len, &pos, &d))
            fail_msg("docs/position.md:%d: '%.*s' does not read: %s", b->line, (int)len, line, d.items[0].message);
        char *again = junqi_flip_pos_format(&pos);
        if (strlen(again) != len || strncmp(again, line, len) != 0)
            fail_msg("docs/position.md:%d: '%.*s' is written back as '%s'", b->line, (int)len, line, again);
        free(again);
        junqi_diags_free(&d);
        line += len + (line[len] == '\n');
    }
    return n;
}

/* Each line of a `flip position bad` block gives the matching "COL: error: message" line. */
static int check_flip_position_errors(const block *bad, const block *errors)
{
    const char *want = errors->text;
    int n = 0;
    for (const char *line = bad->text; *line; n++) {
        size_t len = strcspn(line, "\n"), wlen = strcspn(want, "\n");
        junqi_flip pos;
        junqi_diags d;
        junqi_diags_init(&d);
        assert_false(junqi_flip_pos_parse(line, len, &pos, &d));
        char got[300];
        snprintf(got, sizeof got, "%d: error: %s", d.items[0].loc.column, d.items[0].message);
        if (strlen(got) != wlen || strncmp(got, want, wlen) != 0)
            fail_msg("docs/position.md:%d: '%.*s' gives\n  %s\nnot\n  %.*s", errors->line, (int)len, line, got,
                     (int)wlen, want);
        junqi_diags_free(&d);
        line += len + (line[len] == '\n');
        want += wlen + (want[wlen] == '\n');
    }
    return n;
}

static void every_flip_position_example_holds(void **state)
{
    (void)state;
    size_t len;
    char *doc = (char *)read_file(source_path("docs/position.md"), &len);
    assert_non_null(doc);
    doc[len] = '\0';
    block blocks[16];
    int n = read_blocks(doc, "```flip position ", blocks, 16), good = 0, bad = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(blocks[i].kind, "example") == 0)
            good += check_flip_positions(&blocks[i]);
        else if (strcmp(blocks[i].kind, "bad") == 0 && i + 1 < n && strcmp(blocks[i + 1].kind, "errors") == 0)
            bad += check_flip_position_errors(&blocks[i], &blocks[i + 1]);
    }
    assert_true(good >= 6);
    assert_true(bad >= 7);
    for (int i = 0; i < n; i++)
        free(blocks[i].text);
    free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_example_of_the_jgn_spec_holds),
        cmocka_unit_test(every_flip_position_example_holds),
    };
    return cmocka_run_group_tests_name("spec", tests, NULL, NULL);
}
