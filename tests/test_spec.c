/* SPDX-License-Identifier: MIT */
/*
 * test_spec.c - runs the examples of docs/jgn.md: each `jgn example` block
 * must read into the following `jgn canonical` text (which must read back to
 * itself byte for byte) or give exactly the diagnostics of the following
 * `jgn errors` block ("LINE:COL: severity: message" per line).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "jgn.h"
#include "testutil.h"

typedef struct block {
    char kind[32];
    char *text;
    int line; /* of the opening fence in docs/jgn.md */
} block;

/* The fenced blocks of kind "jgn ..." in order. */
static int read_blocks(const char *doc, block *out, int max)
{
    int n = 0, line = 1;
    const char *s = doc;
    while (*s && n < max) {
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        if (len > 6 && strncmp(s, "```jgn ", 7) == 0) {
            block *b = &out[n++];
            snprintf(b->kind, sizeof b->kind, "%.*s", (int)(len - 7), s + 7);
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
    int n = read_blocks(doc, blocks, 64), canonical = 0, errors = 0;
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_example_of_the_jgn_spec_holds),
    };
    return cmocka_run_group_tests_name("spec", tests, NULL, NULL);
}
