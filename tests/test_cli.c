/* SPDX-License-Identifier: MIT */
/*
 * test_cli.c - what the tools share (tools/cli.c) that a unit test can hold
 * exactly: a diagnostic's source line and the caret under its column in the
 * text output, for short lines (as they always were) and for lines too wide
 * to show whole (a part round the column, "..." for each side cut, the caret
 * still under the offending character); --ply values of any size; how the
 * exit statuses of a run's items combine.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "testutil.h"

/* What junqi_cli_print_diags() writes in text for one error at `column` of
 * `line` (in file "f.jgn", line 1), of which the library kept the part
 * from character number `first` on (junqi_diag.source_column). A new string. */
static char *shown_from(const char *line, int first, int column)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_diags_add(&d, JUNQI_CODE_BAD_TOKEN, -1, (junqi_loc){-1, -1, 1, column, 0}, "bad");
    d.items[0].source_line = strdup(line);
    d.items[0].source_column = first;
    char *text = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&text, &n);
    assert_non_null(out);
    junqi_cli_print_diags(out, "f.jgn", &d, JUNQI_FORMAT_TEXT);
    fclose(out);
    junqi_diags_free(&d);
    return text;
}

/* shown_from() of a whole line. */
static char *shown(const char *line, int column)
{
    return shown_from(line, 1, column);
}

/* The terminal columns of the n bytes at s, as the text output counts them
 * (the line as printed: escapes are plain ASCII there; CJK takes two). */
static int columns(const char *s, size_t n)
{
    int w = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        w += c < 0x80 ? 1 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    }
    return w;
}

/* The two lines after the message, the source line's part (without its two
 * spaces of indent) and the caret line's; checks their form. */
static void split(const char *text, char *part, char *caret, size_t n)
{
    const char *l1 = strchr(text, '\n');
    assert_non_null(l1);
    const char *l2 = strchr(l1 + 1, '\n');
    assert_non_null(l2);
    const char *l3 = strchr(l2 + 1, '\n');
    assert_non_null(l3);
    assert_int_equal(l3[1], '\0'); /* nothing after the caret line */
    assert_memory_equal(l1 + 1, "  ", 2);
    assert_memory_equal(l2 + 1, "  ", 2);
    snprintf(part, n, "%.*s", (int)(l2 - l1 - 3), l1 + 3);
    snprintf(caret, n, "%.*s", (int)(l3 - l2 - 3), l2 + 3);
}

/* Check that the caret of `text` is under `what` in the line shown, that the
 * line shown is at most about CARET_LINE_WIDTH (100) columns wide, and
 * which sides are cut ("..."). Returns the part shown, for more checks. */
static const char *check_part(const char *text, const char *what, bool cut_before, bool cut_after)
{
    static char part[65536];
    char caret[65536];
    split(text, part, caret, sizeof part);
    size_t spaces = strspn(caret, " ");
    assert_string_equal(caret + spaces, "^");
    int width = columns(part, strlen(part));
    assert_true(width <= 100);
    assert_true(width >= 80); /* a wide line fills the room */
    size_t at = 0;
    while (columns(part, at) < (int)spaces || (part[at] & 0xC0) == 0x80) /* the character the caret is under */
        at++;
    assert_int_equal(columns(part, at), (int)spaces);
    assert_memory_equal(part + at, what, strlen(what));
    size_t len = strlen(part);
    assert_int_equal(strncmp(part, "...", 3) == 0, cut_before);
    assert_int_equal(len >= 3 && strcmp(part + len - 3, "...") == 0, cut_after);
    return part;
}

/* A line of `n` copies of `unit`, with `mark` put in at copy number `at`. */
static char *long_line(const char *unit, size_t n, const char *mark, size_t at)
{
    size_t u = strlen(unit), m = strlen(mark);
    char *s = malloc(u * n + m + 1), *p = s;
    assert_non_null(s);
    for (size_t i = 0; i < n; i++) {
        if (i == at) {
            memcpy(p, mark, m);
            p += m;
        }
        memcpy(p, unit, u);
        p += u;
    }
    if (at >= n) {
        memcpy(p, mark, m);
        p += m;
    }
    *p = '\0';
    return s;
}

static void a_short_line_is_shown_whole(void **state)
{
    (void)state;
    char *text = shown("1. a6-a7 zz9-b1 *", 10);
    assert_string_equal(text, "f.jgn:1:10: error: bad\n"
                              "  1. a6-a7 zz9-b1 *\n"
                              "           ^\n");
    free(text);
    /* CJK takes two columns, a control character four (\x01), a tab its own */
    text = shown("{军棋\x01}\tzz", 7);
    assert_string_equal(text, "f.jgn:1:7: error: bad\n"
                              "  {军棋\\x01}\tzz\n"
                              "            \t^\n");
    free(text);
    /* exactly 100 columns: still whole */
    char *line = long_line("x", 94, "zz9-b1", 94);
    text = shown(line, 95);
    assert_null(strstr(text, "..."));
    assert_non_null(strstr(text, line));
    free(text);
    free(line);
}

/* The part shown of a line of n copies of `unit` with `mark` at copy `at`
 * (long_line) for an error at `column`, checked as check_part() does, and
 * short whatever the length of the line. Static: one at a time. */
static const char *part_of(const char *unit, size_t n, const char *mark, size_t at, int column, const char *what,
                           bool cut_before, bool cut_after)
{
    char *line = long_line(unit, n, mark, at);
    char *text = shown(line, column);
    assert_true(strlen(text) < 400);
    const char *part = check_part(text, what, cut_before, cut_after);
    free(text);
    free(line);
    return part;
}

static void a_line_one_column_too_wide_is_shown_in_part(void **state)
{
    (void)state;
    part_of("x", 95, "zz9-b1", 95, 96, "zz9-b1", true, false);
}

static void a_long_line_is_shown_round_an_error_at_its_start(void **state)
{
    (void)state;
    const char *part = part_of("x", 5000, "1. zz9-b1 ", 0, 4, "zz9-b1", false, true);
    assert_memory_equal(part, "1. zz9-b1 xxx", 13);
}

static void a_long_line_is_shown_round_an_error_in_its_middle(void **state)
{
    (void)state;
    const char *part = part_of("ab ", 100000, "zz9-b1 ", 50000, 150001, "zz9-b1", true, true);
    /* as much before the caret as after it */
    size_t before = (size_t)(strstr(part, "zz9-b1") - part);
    assert_true(before >= 45 && before <= 52);
}

static void a_long_line_is_shown_round_an_error_at_its_end(void **state)
{
    (void)state;
    const char *part = part_of("ab ", 100000, "zz9-b1", 100000, 300001, "zz9-b1", true, false);
    assert_string_equal(part + strlen(part) - 9, "ab zz9-b1");
    /* a column past the end: the caret after the last character */
    char *line = long_line("ab ", 100000, "zz9-b1", 100000);
    char *text = shown(line, 300010), shown_part[65536], caret[65536];
    split(text, shown_part, caret, sizeof caret);
    assert_int_equal(strspn(caret, " "), columns(shown_part, strlen(shown_part)));
    free(text);
    free(line);
}

static void a_long_line_of_cjk_text_keeps_the_caret_under_its_character(void **state)
{
    (void)state;
    /* 军棋 takes four columns: the part is cut at whole characters */
    const char *part = part_of("军棋", 50000, "司令", 25000, 50001, "司令", true, true);
    assert_true(memcmp(part + 3, "军", 3) == 0 || memcmp(part + 3, "棋", 3) == 0);
    part_of("军棋", 50000, "司令", 1, 3, "司令", false, true);
}

static void a_control_byte_at_the_cut_is_shown_whole_or_not_at_all(void **state)
{
    (void)state;
    /* the \x1b four columns wide, tried at every place round both cuts:
     * never split, and the caret after it still under its character */
    for (long at = 40; at < 60; at++) {
        for (long side = -1; side <= 1; side += 2) {
            const char *part = part_of("y", 2000, "\x1b", (size_t)(1000 + side * at), 1001 + (side < 0), "y", true,
                                       true);
            const char *esc = strstr(part, "\\x");
            if (esc)
                assert_memory_equal(esc, "\\x1b", 4);
            assert_int_equal(strchr(part + 3, '.') - part, (long)strlen(part) - 3);
        }
    }
}

static void a_line_the_library_kept_in_part_is_shown_cut_where_it_was(void **state)
{
    (void)state;
    /* kept from column 90001 on, the error at character 99 of the part kept */
    char *line = long_line("ab ", 1000, "zz9-b1", 33);
    char *text = shown_from(line, 90001, 90100);
    check_part(text, "zz9-b1", true, true);
    free(text);
    free(line);
    /* ... and at its end, which is the line's */
    line = long_line("ab ", 1000, "zz9-b1", 1000);
    text = shown_from(line, 90001, 93001);
    const char *part = check_part(text, "zz9-b1", true, false);
    assert_string_equal(part + strlen(part) - 6, "zz9-b1");
    free(text);
    free(line);
}

static void a_five_megabyte_line_is_shown_in_part_at_once(void **state)
{
    (void)state;
    part_of("军棋 comment text ", 250000, "zz9-b1", 249990, 249990 * 16 + 1, "zz9-b1", true, true);
}

static void a_ply_is_a_whole_number_of_any_size_kept_as_typed(void **state)
{
    (void)state;
    const struct {
        const char *text;
        long n;
    } good[] = {{"0", 0}, {"192", 192}, {"00192", 192}, {"100000001", 100000001},
                {"9223372036854775807", LONG_MAX}, {"9223372036854775808", LONG_MAX},
                {"18446744073709551616", LONG_MAX}, {"123456789012345678901234567890", LONG_MAX}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        junqi_cli_ply ply = JUNQI_CLI_PLY_END;
        assert_int_equal(junqi_cli_parse_ply("t", good[i].text, &ply), JUNQI_EXIT_OK);
        assert_int_equal(ply.n, good[i].n);
        assert_ptr_equal(ply.text, good[i].text); /* quoted as typed */
    }
    const char *bad[] = {"", "-1", "+5", " 5", "5 ", "1e3", "0x10", "2.5", "x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        junqi_cli_ply ply = JUNQI_CLI_PLY_END;
        assert_int_equal(junqi_cli_parse_ply("t", bad[i], &ply), JUNQI_EXIT_USAGE);
        assert_int_equal(ply.n, JUNQI_REPORT_END);
    }
}

/* Counts are int64_t, whatever long is (32 bits on i386 and armhf, where Nodes above 2^31 could not
 * be set), up to their max and never past it, however many digits: 2^63 is no wrap to a negative. */
static void a_count_holds_64_bits_and_stops_at_its_max(void **state)
{
    (void)state;
    const struct {
        const char *text;
        int64_t max, n;
    } good[] = {{"3000000000", JUNQI_CLI_MAX_NODES, 3000000000},
                {"1000000000000", JUNQI_CLI_MAX_NODES, JUNQI_CLI_MAX_NODES},
                {"9223372036854775807", INT64_MAX, INT64_MAX}, {"064", 64, 64}, {"0", 0, 0}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        int64_t n = -1;
        assert_true(junqi_cli_parse_count(good[i].text, good[i].max, &n));
        assert_true(n == good[i].n);
    }
    const struct {
        const char *text;
        int64_t max;
    } bad[] = {{"1000000000001", JUNQI_CLI_MAX_NODES}, {"9223372036854775808", INT64_MAX},
               {"18446744073709551616", INT64_MAX}, {"65", 64}, {"5", 0}, {"", 9}, {"-1", 9}, {"+1", 9}, {"1 ", 9}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int64_t n = -1;
        assert_false(junqi_cli_parse_count(bad[i].text, bad[i].max, &n));
        assert_true(n == -1);
    }
    int64_t n = -1;
    assert_int_equal(junqi_cli_parse_range("t", "nodes", "3000000000", 1, JUNQI_CLI_MAX_NODES, &n), JUNQI_EXIT_OK);
    assert_true(n == 3000000000);
    assert_int_equal(junqi_cli_parse_range("t", "nodes", "0", 1, JUNQI_CLI_MAX_NODES, &n), JUNQI_EXIT_USAGE);
    assert_true(n == 3000000000);
}

/* --help's run-time lists (the rule sets grew to a line of 132 columns) are wrapped at run time:
 * lines indented to the descriptions' column, none wider than 79 columns, CJK counted twice. */
static void a_help_list_is_wrapped_to_79_columns(void **state)
{
    (void)state;
    char buf[1024];
    assert_string_equal(junqi_cli_help_list("qq, standard or open", buf, sizeof buf),
                        "                      qq, standard or open");
    const char *grown = "qq, standard, open, wiki, fanqi, fanfan, fanqi_wiki, huqi, zuhe, a_new_set, "
                        "another_new_set or the_last_one";
    assert_string_equal(junqi_cli_help_list(grown, buf, sizeof buf),
                        "                      qq, standard, open, wiki, fanqi, fanfan, fanqi_wiki,\n"
                        "                      huqi, zuhe, a_new_set, another_new_set or the_last_one");
    /* 28 CJK characters take 56 columns: 22 + 56 = 78 fit, one more would not */
    const char *cjk = "军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋 或 x";
    assert_string_equal(junqi_cli_help_list(cjk, buf, sizeof buf),
                        "                      军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋军棋\n"
                        "                      或 x");
    char wide[100];
    memset(wide, 'w', 90);
    wide[90] = '\0';
    junqi_cli_help_list(wide, buf, sizeof buf); /* a word wider than a line: whole, on its own line */
    assert_int_equal(strlen(buf), 22 + 90);
    assert_string_equal(junqi_cli_help_list("", buf, sizeof buf), "");
}

/* The engine protocol's `position file` opens a file once, checks what it
 * opened and reads the record from that stream: a path that names a FIFO
 * by the time it is read would hold the reader. Here the path is made a
 * FIFO once the file is open, and the record is still read, from the
 * stream, named by the path. */
static void a_game_is_read_from_the_stream_opened_not_its_path_again(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_cli.XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/game.jgs", dir);
    size_t len;
    uint8_t *data = read_file(source_path("samples/qq/jgs-000689.jgs"), &len);
    assert_non_null(data);
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(data, 1, len, fp), len);
    fclose(fp);
    free(data);
    fp = fopen(path, "rb");
    assert_non_null(fp);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(mkfifo(path, 0600), 0); /* reading it would wait for a writer */
    junqi_input in;
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_source *src = NULL;
    junqi_cli_held held;
    char err[256];
    int rc = junqi_cli_read_game(fp, path, 0, NULL, &in, &d, &src, &held, err, sizeof err);
    assert_int_equal(rc, JUNQI_EXIT_OK);
    assert_string_equal(err, "");
    assert_int_equal(in.kind, JUNQI_INPUT_RECORD);
    assert_int_equal(junqi_game_moves(in.game), 192);
    assert_string_equal(in.name, path);
    junqi_source_close(src); /* and fp with it */
    junqi_input_free(&in);
    junqi_diags_free(&d);
    unlink(path);
    rmdir(dir);
}

/* junqi_cli_read_game() past the end of a source says what it holds by kind: a YAML file of
 * formations holds formations and no game (it said "holds 2 games" of two formations), a JGN
 * file games. */
static void past_the_end_counts_what_the_source_holds_by_kind(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "name: a\nboard: two-player\nrows: [[1, 2, 3, 4, 5]]\n---\nname: b\nboard: two-player\n"
        "rows: [[1, 2, 3, 4, 5]]\n",
        "[Board \"two-player\"]\n\n*\n\n[Board \"two-player\"]\n\n*\n",
    };
    static const size_t games[] = {0, 2}, formations[] = {2, 0};
    for (size_t i = 0; i < 2; i++) {
        FILE *fp = fmemopen((void *)texts[i], strlen(texts[i]), "rb");
        assert_non_null(fp);
        junqi_input in;
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_cli_held held;
        char err[256];
        junqi_cli_ordinal third = {3, "3"};
        int rc = junqi_cli_read_game(fp, "x", 0, &third, &in, &d, NULL, &held, err, sizeof err);
        assert_int_equal(rc, JUNQI_EXIT_USAGE);
        assert_int_equal(held.games, games[i]);
        assert_int_equal(held.formations, formations[i]);
        junqi_input_free(&in);
        junqi_diags_free(&d);
    }
}

/* junqi_cli_same_file(): two names of one file not there yet are one, however spelt, in a
 * folder that is there or not (-o /abs/dir/x.png against --frames' dir/x.png, ./x against
 * x): an absolute and a relative name were two when the folder was not there, so that one
 * output could replace the other. Names of two files are two. Run in a folder of its own. */
static void names_of_one_file_to_be_are_one_however_spelt(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_cli.XXXXXX", here[4096], a[4200], b[4200];
    assert_non_null(mkdtemp(dir));
    assert_non_null(getcwd(here, sizeof here));
    assert_int_equal(chdir(dir), 0);
    assert_int_equal(mkdir("fx", 0700), 0);
    static const char *const one[][2] = {
        {"%s/fx/x.png", "fx/x.png"},    {"./x", "x"},           {"%s/x", "./x"},
        {"%s/no/x.png", "no/x.png"},    {"./no//x", "no/x"},    {"%s/no/deeper/x", "./no/deeper/x"},
        {"%s/fx/no/x", "fx//no/./x"},   {"fx/../no/x", "no/x"}, {"%s/../%s/no/x", "no/x"},
    };
    const char *base = strrchr(dir, '/') + 1;
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
        snprintf(a, sizeof a, one[i][0], dir, base);
        snprintf(b, sizeof b, one[i][1], dir);
        if (!junqi_cli_same_file(a, b) || !junqi_cli_same_file(b, a))
            fail_msg("%s and %s are one file to be", a, b);
    }
    static const char *const two[][2] = {{"x", "y"}, {"fx/x", "x"}, {"no/x", "fx/x"}, {"%s/no/x", "no/y"}};
    for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
        snprintf(a, sizeof a, two[i][0], dir);
        if (junqi_cli_same_file(a, two[i][1]) || junqi_cli_same_file(two[i][1], a))
            fail_msg("%s and %s are two files", a, two[i][1]);
    }
    assert_int_equal(rmdir("fx"), 0);
    assert_int_equal(chdir(here), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* A run's exit status is its items' highest, but a usage error stops it and is its status,
 * whatever came before or after (docs/conventions.md): an output that could not be written (3)
 * hid a later usage error, and the run went on. */
static void a_usage_error_stops_a_run_and_is_its_status(void **state)
{
    (void)state;
    static const int items[][3] = {{JUNQI_EXIT_OK, JUNQI_EXIT_INVALID, JUNQI_EXIT_IO},
                                   {JUNQI_EXIT_IO, JUNQI_EXIT_INVALID, JUNQI_EXIT_OK},
                                   {JUNQI_EXIT_IO, JUNQI_EXIT_USAGE, JUNQI_EXIT_IO},
                                   {JUNQI_EXIT_INVALID, JUNQI_EXIT_USAGE, JUNQI_EXIT_OK}};
    static const int want[][3] = {{0, 1, 3}, {3, 3, 3}, {3, 2, 2}, {1, 2, 2}};
    for (size_t run = 0; run < sizeof items / sizeof items[0]; run++) {
        int status = JUNQI_EXIT_OK;
        for (int i = 0; i < 3; i++) {
            bool stop = junqi_cli_status_add(&status, items[run][i]);
            assert_int_equal(status, want[run][i]);
            assert_int_equal(stop, status == JUNQI_EXIT_USAGE);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_short_line_is_shown_whole),
        cmocka_unit_test(a_line_one_column_too_wide_is_shown_in_part),
        cmocka_unit_test(a_long_line_is_shown_round_an_error_at_its_start),
        cmocka_unit_test(a_long_line_is_shown_round_an_error_in_its_middle),
        cmocka_unit_test(a_long_line_is_shown_round_an_error_at_its_end),
        cmocka_unit_test(a_long_line_of_cjk_text_keeps_the_caret_under_its_character),
        cmocka_unit_test(a_control_byte_at_the_cut_is_shown_whole_or_not_at_all),
        cmocka_unit_test(a_line_the_library_kept_in_part_is_shown_cut_where_it_was),
        cmocka_unit_test(a_five_megabyte_line_is_shown_in_part_at_once),
        cmocka_unit_test(a_ply_is_a_whole_number_of_any_size_kept_as_typed),
        cmocka_unit_test(a_count_holds_64_bits_and_stops_at_its_max),
        cmocka_unit_test(a_help_list_is_wrapped_to_79_columns),
        cmocka_unit_test(a_game_is_read_from_the_stream_opened_not_its_path_again),
        cmocka_unit_test(past_the_end_counts_what_the_source_holds_by_kind),
        cmocka_unit_test(a_usage_error_stops_a_run_and_is_its_status),
        cmocka_unit_test(names_of_one_file_to_be_are_one_however_spelt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
