/* SPDX-License-Identifier: MIT */
/*
 * cli.c - see cli.h.
 */
#define _XOPEN_SOURCE 700 /* realpath() */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libintl.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "collection.h"
#include "formation.h"
#include "i18n.h"
#include "position_out.h"
#include "termtext.h"
#include "text.h"

/* The name of input `path`: "<stdin>" for NULL or "-"; '' for an empty name, which no file
 * has (it cannot be read, and is said so: "PROG: '': No such file or directory", as cat says
 * it, and as the engine's position file quotes it), not "PROG: : REASON". */
static const char *input_name(const char *path)
{
    return (!path || strcmp(path, "-") == 0) ? "<stdin>" : *path ? path : "''";
}

/* How this tool picks one game of a file by its number (1-based, as FILE#N
 * would have it: docs/conventions.md, "Which item"), or NULL: it picks none. */
static const char *game_picker;

void junqi_cli_set_game_picker(const char *option)
{
    game_picker = option;
}

/* Say on stderr why input `path` could not be opened: "PROG: FILE: REASON".
 * A name FILE#TAIL that is not there where FILE is was meant as FILE#N,
 * which picks a formation of a formation file (--setup, junqi-render) and
 * no game: said, with the option that picks the Nth game
 * (docs/conventions.md, FILE...). */
static void say_unopened(const char *prog, const char *path, const char *err)
{
    const char *hash = path ? strrchr(path, '#') : NULL;
    struct stat st;
    char file[4096];
    if (!hash || hash - path >= (long)sizeof file || stat(path, &st) == 0 || errno != ENOENT) {
        fprintf(stderr, "%s: %s: %s\n", prog, input_name(path), err);
        return;
    }
    snprintf(file, sizeof file, "%.*s", (int)(hash - path), path);
    const char *picker = game_picker, *tail = hash + 1;
    bool number = *tail && strspn(tail, "0123456789") == strlen(tail);
    if (!*file || stat(file, &st) != 0 || !S_ISREG(st.st_mode))
        fprintf(stderr, "%s: %s: %s\n", prog, input_name(path), err);
    else if (picker && number) /* TRANSLATORS: the last %s%s is an option and its number: "--game 2" */
        fprintf(stderr, _("%s: %s: %s (%s is there, but FILE#N picks one formation of a formation file; the "
                          "game numbered %s is picked with %s%s)\n"), prog, path, err, file, tail, picker, tail);
    else
        fprintf(stderr, _("%s: %s: %s (%s is there, but FILE#N picks one formation of a formation file)\n"),
                prog, path, err, file);
}

junqi_source *junqi_cli_open(const char *prog, const char *path, unsigned flags)
{
    char err[256];
    junqi_source *src = junqi_source_open(path, flags, err, sizeof err);
    if (!src)
        say_unopened(prog, path, err);
    return junqi_cli_with_rules(src);
}

junqi_source *junqi_cli_open_position(const char *prog, const char *text)
{
    junqi_source *src = junqi_source_string(text);
    if (!src)
        fprintf(stderr, _("%s: out of memory\n"), prog);
    return src;
}

bool junqi_cli_status_add(int *status, int item)
{
    if (item == JUNQI_EXIT_USAGE || *status == JUNQI_EXIT_USAGE) {
        *status = JUNQI_EXIT_USAGE;
        return true;
    }
    if (item > *status)
        *status = item;
    return false;
}

int junqi_source_each(junqi_source *src, junqi_item_fn fn, void *ctx)
{
    if (!src)
        return JUNQI_EXIT_IO;
    int status = JUNQI_EXIT_OK;
    while (!junqi_cli_stop_signal()) {
        junqi_input in;
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_read_status rc = junqi_source_next(src, &in, &d);
        int item = rc == JUNQI_READ_END ? JUNQI_EXIT_OK : fn(ctx, src, &in, &d, rc);
        junqi_diags_free(&d);
        junqi_input_free(&in);
        if (junqi_source_live(src))
            fflush(stdout); /* a program streaming games in waits for each answer (a failure: at exit) */
        if (junqi_cli_status_add(&status, item) || rc == JUNQI_READ_END || rc == JUNQI_READ_FAILED)
            break;
    }
    junqi_source_close(src);
    return status;
}

typedef struct record_job {
    const char *prog;
    int (*fn)(void *ctx, junqi_input *in);
    void *ctx;
    bool needed; /* a source of zero items is an error (junqi_cli_each_needed_record) */
} record_job;

/* What d says of a source that holds no record when one is needed: the
 * `empty` error, in place of what reading it said (the no-games note). */
static void no_record(junqi_diags *d)
{
    junqi_diags_free(d);
    junqi_diags_add(d, JUNQI_CODE_EMPTY, -1, JUNQI_NOWHERE, "the input holds no record");
}

static int each_record_item(void *ctx, const junqi_source *src, junqi_input *in, junqi_diags *d,
                            junqi_read_status rc)
{
    const record_job *job = ctx;
    (void)src;
    bool empty = rc != JUNQI_READ_FAILED && in->kind == JUNQI_INPUT_EMPTY;
    if (empty && job->needed)
        no_record(d);
    junqi_cli_print_diags(stderr, in->name ? in->name : "", d, JUNQI_FORMAT_TEXT);
    if (rc == JUNQI_READ_FAILED)
        return JUNQI_EXIT_IO;
    if (empty) /* zero games: the note, or the error, is printed */
        return job->needed ? JUNQI_EXIT_INVALID : JUNQI_EXIT_OK;
    if (in->kind == JUNQI_INPUT_FORMATION) { /* named as junqi-validate names it: set.yaml: formation 2 (line 9) */
        char label[JUNQI_INPUT_LABEL_SIZE];
        fprintf(stderr, _("%s: %s: a formation, not a game record\n"), job->prog,
                junqi_input_label(in, label, sizeof label));
        return JUNQI_EXIT_INVALID;
    }
    if (in->kind != JUNQI_INPUT_RECORD)
        return JUNQI_EXIT_INVALID;
    int status = job->fn(job->ctx, in);
    return rc == JUNQI_READ_BROKEN && status < JUNQI_EXIT_INVALID ? JUNQI_EXIT_INVALID : status;
}

int junqi_cli_each_record(const char *prog, junqi_source *src, int (*fn)(void *ctx, junqi_input *in),
                          void *ctx)
{
    record_job job = {prog, fn, ctx, false};
    return junqi_source_each(src, each_record_item, &job);
}

int junqi_cli_each_needed_record(const char *prog, junqi_source *src, int (*fn)(void *ctx, junqi_input *in),
                                 void *ctx)
{
    record_job job = {prog, fn, ctx, true};
    return junqi_source_each(src, each_record_item, &job);
}

static int check_record_item(void *ctx, const junqi_source *src, junqi_input *in, junqi_diags *d,
                             junqi_read_status rc)
{
    const record_job *job = ctx;
    (void)src;
    (void)d;
    if (rc == JUNQI_READ_FAILED || in->kind != JUNQI_INPUT_RECORD)
        return JUNQI_EXIT_OK;
    return job->fn(job->ctx, in);
}

int junqi_cli_check_records(junqi_source *src, int (*fn)(void *ctx, junqi_input *in), void *ctx)
{
    record_job job = {NULL, fn, ctx, false};
    return junqi_source_each(src, check_record_item, &job) == JUNQI_EXIT_USAGE ? JUNQI_EXIT_USAGE : JUNQI_EXIT_OK;
}

/* The next item of src that is game `game` (from 1) or comes after it,
 * those before it read and dropped with what reading them said, and counted
 * by kind into *held. As junqi_source_next(). */
static junqi_read_status next_from(junqi_source *src, size_t game, junqi_input *in, junqi_diags *d,
                                   junqi_cli_held *held)
{
    *held = (junqi_cli_held){0, 0};
    size_t seen = 0; /* the number of the last item dropped */
    for (;;) {
        junqi_read_status rc = junqi_source_next(src, in, d);
        /* an error outside any item (a YAML syntax error) ends the reading: said, not dropped */
        bool unread = in->index == 0 && in->kind == JUNQI_INPUT_UNKNOWN && d->errors;
        if (rc == JUNQI_READ_END || rc == JUNQI_READ_FAILED || in->kind == JUNQI_INPUT_EMPTY ||
            in->index >= game || unread)
            return rc;
        if (in->index > seen) { /* index 0: a YAML file's problems outside any item */
            seen = in->index;
            /* a broken game read with nothing kept is still a game of its file */
            if (in->kind == JUNQI_INPUT_FORMATION)
                held->formations++;
            else
                held->games++;
        }
        junqi_input_free(in);
        junqi_diags_free(d);
    }
}

/* Item `game` (from 1) of src into *in. A source that ends before it is
 * JUNQI_EXIT_USAGE, with what it holds in *held (nothing said); one of no
 * record is JUNQI_EXIT_INVALID, an `empty` error in d; one whose reading
 * stopped at an error outside any item (a YAML syntax error) is
 * JUNQI_EXIT_INVALID, that error in d and in->kind JUNQI_INPUT_UNKNOWN. */
static int read_game(junqi_source *src, size_t game, junqi_input *in, junqi_diags *d, junqi_cli_held *held)
{
    junqi_cli_held seen;
    junqi_read_status rc = next_from(src, game, in, d, &seen);
    int status = rc == JUNQI_READ_OK && in->kind != JUNQI_INPUT_UNKNOWN ? JUNQI_EXIT_OK
                 : rc == JUNQI_READ_FAILED                              ? JUNQI_EXIT_IO
                                                                        : JUNQI_EXIT_INVALID;
    *held = (junqi_cli_held){0, 0};
    if (rc != JUNQI_READ_FAILED && (rc == JUNQI_READ_END || in->kind == JUNQI_INPUT_EMPTY)) {
        junqi_input_free(in);
        in->name = strdup(junqi_source_name(src));
        if (seen.games + seen.formations > 0) { /* a usage error, as a --ply past the end is */
            *held = seen;
            status = JUNQI_EXIT_USAGE;
        } else { /* one record is needed */
            no_record(d);
            status = JUNQI_EXIT_INVALID;
        }
    }
    return status;
}

/* read_game() of src (NULL: it could not be opened, JUNQI_EXIT_IO), then src
 * closed or handed to *keep (see junqi_cli_load). */
static int take_game(junqi_source *src, size_t game, junqi_input *in, junqi_diags *d, junqi_source **keep,
                     junqi_cli_held *held)
{
    if (keep)
        *keep = src;
    if (!src)
        return JUNQI_EXIT_IO;
    int status = read_game(src, game, in, d, held);
    if (!keep)
        junqi_source_close(src);
    return status;
}

int junqi_cli_read_game(FILE *fp, const char *path, unsigned flags, const junqi_cli_ordinal *game,
                        junqi_input *in, junqi_diags *d, junqi_source **keep, junqi_cli_held *held, char *err,
                        size_t n)
{
    memset(in, 0, sizeof *in);
    *held = (junqi_cli_held){0, 0};
    *err = '\0';
    junqi_source *src = junqi_cli_with_rules(fp ? junqi_source_stream(fp, input_name(path), flags, err, n)
                                                : junqi_source_open(path, flags, err, n));
    if (!src)
        in->name = strdup(input_name(path));
    return take_game(src, game && game->n ? game->n : 1, in, d, keep, held);
}

int junqi_cli_load_game(const char *prog, const char *path, unsigned flags, const junqi_cli_ordinal *game,
                        junqi_input *in, junqi_diags *d, junqi_source **keep)
{
    junqi_cli_held held;
    char err[256];
    int status = junqi_cli_read_game(NULL, path, flags, game, in, d, keep, &held, err, sizeof err);
    if (*err) /* the file could not be opened */
        say_unopened(prog, path, err);
    if (status == JUNQI_EXIT_USAGE) { /* only past item 1, so a number was given */
        char why[512];
        /* the number as typed: one too large to count is SIZE_MAX, not what the user wrote; what
         * the input holds as it is: formations are no games (junqi-validate's "no game or
         * formation") */
        if (held.games == 0)
            snprintf(why, sizeof why, P_("--game %s is past the end: the input holds %zu formation and no game",
                                         "--game %s is past the end: the input holds %zu formations and no game",
                                         held.formations),
                     game->text, held.formations);
        else
            snprintf(why, sizeof why, P_("--game %s is past the end: the input holds %zu game",
                                         "--game %s is past the end: the input holds %zu games", held.games),
                     game->text, held.games);
        junqi_cli_usage(prog, "%s: %s", in->name ? in->name : "", why);
    }
    return status;
}

int junqi_cli_load(const char *prog, const char *path, unsigned flags, junqi_input *in, junqi_diags *d,
                   junqi_source **keep)
{
    return junqi_cli_load_game(prog, path, flags, NULL, in, d, keep);
}

bool junqi_cli_more_games(junqi_source *src)
{
    junqi_input next;
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_read_status rc = junqi_source_next(src, &next, &d);
    bool more = rc != JUNQI_READ_END && rc != JUNQI_READ_FAILED && next.kind != JUNQI_INPUT_EMPTY;
    junqi_input_free(&next);
    junqi_diags_free(&d);
    return more;
}

void junqi_cli_note_more_games(const char *prog, junqi_source *src, const char *name)
{
    if (src && junqi_cli_more_games(src))
        fprintf(stderr, _("%s: %s holds more than one game; game 1 is used (--game N chooses another)\n"), prog,
                name);
}

/* The value of text, decimal digits only and at least one, into *v: one too
 * large for a size_t is SIZE_MAX (too large to count: past the end of any
 * input). False for anything else (a sign, a blank, 1e3, 0x10, ""). */
static bool whole_number(const char *text, size_t *v)
{
    *v = 0;
    if (!text || !*text)
        return false;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        size_t digit = (size_t)(*p - '0');
        *v = *v > (SIZE_MAX - digit) / 10 ? SIZE_MAX : *v * 10 + digit;
    }
    return true;
}

bool junqi_cli_parse_ordinal(const char *text, junqi_cli_ordinal *n)
{
    size_t v;
    if (!whole_number(text, &v))
        return false;
    *n = (junqi_cli_ordinal){v, text};
    return v >= 1;
}

int junqi_cli_parse_game(const char *prog, const char *text, junqi_cli_ordinal *game)
{
    if (!junqi_cli_parse_ordinal(text, game))
        return junqi_cli_usage(prog, "--game takes a game's number, from 1, not '%s'", text);
    return JUNQI_EXIT_OK;
}

int junqi_cli_parse_ply(const char *prog, const char *text, junqi_cli_ply *ply)
{
    size_t v;
    if (!whole_number(text, &v))
        return junqi_cli_usage(prog, "--ply takes a number of moves, from 0, not '%s'", text);
    *ply = (junqi_cli_ply){v > (size_t)LONG_MAX ? LONG_MAX : (long)v, text};
    return JUNQI_EXIT_OK;
}

int junqi_cli_take_name(const char *prog, const char *option, const char *text, bool folder, const char **name)
{
    if (!*text) /* TRANSLATORS: the option, -o or --frames */
        return folder ? junqi_cli_usage(prog, "%s takes a folder's name, not ''", option)
                      : junqi_cli_usage(prog, "%s takes a file's name, not ''", option);
    *name = text;
    return JUNQI_EXIT_OK;
}

/* The installed formations folder (the Makefile's FORMATIONDIR) relative to
 * the tools' folder (BINDIR), so that a moved installed tree still finds it. */
#ifndef JUNQI_FORMATIONDIR
#define JUNQI_FORMATIONDIR "../share/junqi/formations"
#endif

/* The folder of the running tool into buf (n bytes); "" when it cannot be told. */
static void tool_folder(char *buf, size_t n)
{
    ssize_t len = readlink("/proc/self/exe", buf, n - 1);
    buf[len > 0 ? len : 0] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash)
        *slash = '\0';
}

/* The folders named formations are looked for in, ':'-separated, into buf (n bytes). */
static void formation_path(char *buf, size_t n)
{
    const char *env = getenv("JUNQI_FORMATIONS");
    char exe[4096];
    tool_folder(exe, sizeof exe);
    snprintf(buf, n, "%s%s%s/" JUNQI_FORMATIONDIR ":%s/../samples/formations:"
             "%s/../../samples/formations", env && *env ? env : "", env && *env ? ":" : "",
             exe, exe, exe);
}

int junqi_cli_find_formation(const char *name, char *path, size_t n, size_t *index)
{
    char dirs[16384];
    formation_path(dirs, sizeof dirs);
    for (char *dir = dirs, *end; dir; dir = end ? end + 1 : NULL) {
        if ((end = strchr(dir, ':')))
            *end = '\0';
        junqi_formation f;
        int found = *dir ? junqi_formation_find(dir, name, &f, path, n, index) : 0;
        if (found > 0)
            junqi_formation_clear(&f);
        if (found != 0)
            return found;
        if (end)
            *end = ':';
    }
    snprintf(path, n, "%s", dirs);
    return 0;
}

/* The record of a position string's source src (NULL: it could not be made,
 * JUNQI_EXIT_IO), as junqi_cli_load_position() says. */
static int take_position(junqi_source *src, junqi_input *in, junqi_diags *d, junqi_source **keep)
{
    memset(in, 0, sizeof *in);
    junqi_cli_held held; /* a string holds one record or none: never past the end */
    return take_game(src, 1, in, d, keep, &held);
}

int junqi_cli_load_position(const char *prog, const char *text, junqi_input *in, junqi_diags *d,
                            junqi_source **keep)
{
    return take_position(junqi_cli_open_position(prog, text), in, d, keep);
}

int junqi_cli_read_position(const char *text, junqi_input *in, junqi_diags *d, junqi_source **keep)
{
    return take_position(junqi_source_string(text), in, d, keep); /* NULL: out of memory, unsaid */
}

bool junqi_cli_control(unsigned char c)
{
    return (c < 0x20 && c != '\t') || c == 0x7F;
}

/* junqi_cli_put_visible() of the len bytes at s; with `tabs`, a tab is escaped too. */
static void put_visible_n(FILE *out, const char *s, size_t len, bool tabs)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t left = len; left;) {
        size_t n = junqi_utf8_sequence(p, left);
        if (n == 0 || junqi_cli_control(*p) || (tabs && *p == '\t')) {
            fprintf(out, "\\x%02x", *p); /* a control character, or a byte UTF-8 cannot decode */
            n = 1;
        } else {
            fwrite(p, 1, n, out);
        }
        p += n;
        left -= n;
    }
}

void junqi_cli_put_visible(FILE *out, const char *s)
{
    put_visible_n(out, s, strlen(s), false);
}

void junqi_cli_put_visible_n(FILE *out, const char *s, size_t len)
{
    put_visible_n(out, s, len, false);
}

void junqi_cli_put_field(FILE *out, const char *s)
{
    put_visible_n(out, s, strlen(s), true);
}

static void print_where_text(FILE *out, const char *file, const junqi_diag *g)
{
    const junqi_loc *l = &g->loc;
    junqi_cli_put_visible(out, file);
    if (l->line > 0) {
        fprintf(out, ":%d:%d: ", l->line, l->column > 0 ? l->column : 1);
        return;
    }
    fputs(": ", out);
    bool record = l->record >= 0 && l->offset >= 0;
    if (g->move > 0 && record)
        fprintf(out, _("move %d (record %d, offset 0x%lX): "), g->move, l->record, l->offset);
    else if (record)
        fprintf(out, _("record %d (offset 0x%lX): "), l->record, l->offset);
    else if (g->move > 0 && l->offset >= 0)
        fprintf(out, _("move %d offset 0x%lX: "), g->move, l->offset);
    else if (l->offset >= 0)
        fprintf(out, _("offset 0x%lX: "), l->offset);
    else if (g->move > 0)
        fprintf(out, _("move %d : "), g->move);
}

/* The widest source line shown whole under a diagnostic, in terminal
 * columns; of a wider one, a part about as wide round the column is shown,
 * "..." marking each side cut (docs/conventions.md "Diagnostics"). */
#define CARET_LINE_WIDTH 100
/* The most characters such a part holds (a character may take no column). */
#define CARET_LINE_CHARS 200
_Static_assert(CARET_LINE_CHARS < JUNQI_DIAG_LINE_CONTEXT / 4, "a part shown is within the part of a line kept");

/* One character of a source line as the text output shows it. */
typedef struct shown_char {
    size_t len; /* its bytes */
    int width;  /* its terminal columns: a tab is echoed, and so takes none of its own */
    bool tab;
} shown_char;

/* The character at s (left bytes, left > 0): a control character, or a
 * byte that is not UTF-8, is shown as \xHH: four columns; CJK takes two. */
static shown_char shown_at(const char *s, size_t left)
{
    size_t n = junqi_utf8_sequence((const unsigned char *)s, left);
    bool escaped = n == 0 || junqi_cli_control((unsigned char)*s);
    n += n == 0;
    char ch[8] = {0};
    memcpy(ch, s, n);
    bool tab = *s == '\t';
    return (shown_char){n, tab ? 0 : escaped ? 4 : junqi_display_width(ch), tab};
}

/* The columns a character counts for against CARET_LINE_WIDTH: a tab may
 * take up to eight. */
static int budget_width(shown_char c)
{
    return c.tab ? 8 : c.width;
}

/* Whether the len bytes at s are shown whole: no wider than CARET_LINE_WIDTH
 * (looking no further than that). */
static bool line_fits(const char *s, size_t len)
{
    int width = 0;
    for (size_t at = 0, chars = 0; at < len; chars++) {
        shown_char c = shown_at(s + at, len - at);
        width += budget_width(c);
        if (width > CARET_LINE_WIDTH || chars >= CARET_LINE_CHARS)
            return false;
        at += c.len;
    }
    return true;
}

/* The part of a line that is shown: bytes from .. to, the caret at byte
 * `caret` (the line's end when the column is past it). */
typedef struct line_part {
    size_t from, caret, to;
} line_part;

/* The characters before the caret that a part may show, the nearest last:
 * a ring of the last CARET_LINE_CHARS, their offsets and widths. */
typedef struct before_caret {
    size_t at[CARET_LINE_CHARS];
    int width[CARET_LINE_CHARS];
    size_t n; /* how many characters there were before the caret */
} before_caret;

/* The offset of the ith character before the caret (from 0, the nearest). */
static size_t before_at(const before_caret *b, size_t i)
{
    return b->at[(b->n - 1 - i) % CARET_LINE_CHARS];
}

/* The width of the ith character before the caret (before_at). */
static int before_width(const before_caret *b, size_t i)
{
    return b->width[(b->n - 1 - i) % CARET_LINE_CHARS];
}

/* The width of the characters before the caret that fit in `room` columns,
 * nearest first, and where the first of them starts (*from). */
static int take_before(const before_caret *b, int room, size_t *from)
{
    int w = 0;
    for (size_t i = 0; i < b->n && i < CARET_LINE_CHARS && w + before_width(b, i) <= room; i++) {
        w += before_width(b, i);
        *from = before_at(b, i);
    }
    return w;
}

/* The width of the characters of s (len bytes) from byte `at` on that fit in
 * `room` columns, the first always, and where they end (*to). */
static int take_after(const char *s, size_t len, size_t at, int room, size_t *to)
{
    int w = 0;
    *to = at;
    for (size_t n = 0; *to < len && n < CARET_LINE_CHARS; n++) {
        shown_char c = shown_at(s + *to, len - *to);
        if (n > 0 && w + budget_width(c) > room)
            break;
        w += budget_width(c);
        *to += c.len;
    }
    return w;
}

/* The part of line s (len bytes, from its character number `first`: the
 * library keeps a long line in part, junqi_diag.source_column) shown with a
 * caret under its character number `column` (past the end: after it): the
 * whole line when it fits (line_fits); else as much before the caret as
 * after it, up to CARET_LINE_WIDTH less two "...", and what one side leaves
 * to the other. One pass up to the caret (the characters it may show kept
 * in a ring) and a bounded one after it, whatever the length of the line. */
static line_part shown_part(const char *s, size_t len, int first, int column)
{
    before_caret b = {.n = 0};
    size_t at = 0;
    for (int col = first; col < column && at < len; col++) {
        shown_char c = shown_at(s + at, len - at);
        b.at[b.n % CARET_LINE_CHARS] = at;
        b.width[b.n++ % CARET_LINE_CHARS] = budget_width(c);
        at += c.len;
    }
    if (first == 1 && line_fits(s, len))
        return (line_part){0, at, len};
    const int room = CARET_LINE_WIDTH - 6;
    size_t from = at, to;
    int left = take_before(&b, room, &from), right = take_after(s, len, at, room, &to);
    int left_room = room / 2;
    if (to == len && right <= room - room / 2)
        left_room = room - right; /* the line ends soon after the caret */
    else if (from == 0 && left < room / 2)
        left_room = left; /* it starts soon before it */
    from = at;
    take_before(&b, left_room, &from);
    take_after(s, len, at, room - left_room, &to);
    return (line_part){from, at, to};
}

/* The source line, and a caret under the column (counted in characters;
 * CJK characters take two terminal columns); a line wider than
 * CARET_LINE_WIDTH in part (shown_part), "..." marking each side cut. The
 * library keeps a long line in part, with more than CARET_LINE_CHARS
 * characters on each side of the column where the line has them
 * (JUNQI_DIAG_LINE_CONTEXT bytes), so that a part shown that reaches the
 * end of what was kept reaches the end of the line. */
static void print_caret(FILE *out, const junqi_diag *g)
{
    if (!g->source_line)
        return;
    const char *s = g->source_line;
    size_t len = g->source_len ? g->source_len : strlen(s); /* 0: a line set by hand */
    int first = g->source_column > 1 ? g->source_column : 1;
    line_part part = shown_part(s, len, first, g->loc.column);
    bool cut = part.from > 0 || first > 1;
    fputs(cut ? "  ..." : "  ", out);
    put_visible_n(out, s + part.from, part.to - part.from, false);
    fputs(part.to < len ? "...\n  " : "\n  ", out);
    if (cut)
        fputs("   ", out);
    for (size_t at = part.from; at < part.caret;) {
        shown_char c = shown_at(s + at, len - at);
        if (c.tab)
            fputc('\t', out);
        fprintf(out, "%*s", c.width, "");
        at += c.len;
    }
    fputs("^\n", out);
}

void junqi_cli_print_diags(FILE *out, const char *file, const junqi_diags *d, junqi_cli_format fmt)
{
    for (size_t i = 0; i < d->n; i++) {
        const junqi_diag *g = &d->items[i];
        if (fmt == JUNQI_FORMAT_TEXT) {
            print_where_text(out, file, g);
            fprintf(out, _("%s: "), _(junqi_severity_name(g->severity)));
            junqi_cli_put_visible(out, g->message);
            fputc('\n', out);
            print_caret(out, g);
            continue;
        }
        junqi_json j;
        junqi_json_init(&j, out);
        junqi_write_diag_json(&j, file, g);
        fputc('\n', out);
    }
}

int junqi_cli_usage(const char *prog, const char *fmt, ...)
{
    if (fmt) {
        va_list ap;
        fprintf(stderr, "%s: ", prog);
        va_start(ap, fmt);
        vfprintf(stderr, _(fmt), ap);
        va_end(ap);
        fputc('\n', stderr);
    }
    fprintf(stderr, _("Try '%s --help' for more information.\n"), prog);
    return JUNQI_EXIT_USAGE;
}

/* The long option that `name` (n bytes, an exact name or an abbreviation)
 * names in longopts; NULL if none, *matches the options it abbreviates. */
static const struct option *long_option(const struct option *longopts, const char *name, size_t n, int *matches)
{
    const struct option *found = NULL;
    *matches = 0;
    for (const struct option *o = longopts; o->name; o++) {
        if (strncmp(o->name, name, n) != 0)
            continue;
        if (strlen(o->name) == n) {
            *matches = 1;
            return o;
        }
        found = o;
        ++*matches;
    }
    return *matches == 1 ? found : NULL;
}

/* "--format or --frames": the long options of longopts that `name` (n bytes)
 * abbreviates, the first 16, written into out. */
static const char *abbreviated(const struct option *longopts, const char *name, size_t n, char *out, size_t size)
{
    char names[16][40];
    const char *words[16];
    size_t count = 0;
    for (const struct option *o = longopts; o->name && count < 16; o++)
        if (strncmp(o->name, name, n) == 0) {
            snprintf(names[count], sizeof names[count], "--%s", o->name);
            words[count] = names[count];
            count++;
        }
    return junqi_i18n_alternatives(out, size, words, count);
}

int junqi_cli_bad_option(const char *prog, char **argv, const char *shortopts, const struct option *longopts)
{
    const char *arg = argv[optind - 1];
    if (strncmp(arg, "--", 2) == 0 && arg[2]) { /* or the option before a cluster like -qz */
        size_t n = strcspn(arg + 2, "=");
        int matches;
        const struct option *o = long_option(longopts, arg + 2, n, &matches);
        if (o && o->has_arg == required_argument && !arg[2 + n] && optopt == o->val)
            return junqi_cli_usage(prog, "option '--%s' requires an argument", o->name);
        if (o && o->has_arg == no_argument && arg[2 + n] == '=')
            return junqi_cli_usage(prog, "option '--%s' does not take an argument", o->name);
        char meant[700];
        if (matches > 1) /* which it may mean, or the user looks them up in --help */
            return junqi_cli_usage(prog, "option '%.*s' is ambiguous: %s", (int)(n + 2), arg,
                                   abbreviated(longopts, arg + 2, n, meant, sizeof meant));
        if (optopt == 0)
            return junqi_cli_usage(prog, "unrecognized option '%.*s'", (int)(n + 2), arg);
    }
    const char *short_option = optopt > 0 && optopt < 128 && optopt != ':' ? strchr(shortopts, optopt) : NULL;
    if (short_option && short_option[1] == ':')
        return junqi_cli_usage(prog, "option requires an argument -- '%c'", optopt);
    if (optopt > 0 && optopt < 128)
        return junqi_cli_usage(prog, "invalid option -- '%c'", optopt);
    return junqi_cli_usage(prog, "unrecognized option '%.*s'", (int)strlen(arg), arg);
}

/* The long option of getopt code c in longopts, or NULL (a short option's). */
static const struct option *option_of_code(const struct option *longopts, int c)
{
    for (const struct option *o = longopts; o->name; o++)
        if (o->val == c && !o->flag)
            return o;
    return NULL;
}

int junqi_cli_once(const char *prog, junqi_cli_given *given, const char *shortopts,
                   const struct option *longopts, int c, const char *value)
{
    const struct option *o = option_of_code(longopts, c);
    const char *s = !o && c > 0 && c < 128 && c != ':' ? strchr(shortopts, c) : NULL;
    if (!value || (o ? o->has_arg != required_argument : !s || s[1] != ':'))
        return JUNQI_EXIT_OK; /* no value: given again, it says the same */
    int i = 0;
    while (i < given->n && given->code[i] != c)
        i++;
    if (i == given->n) {
        if (given->n < JUNQI_CLI_MAX_OPTIONS)
            given->code[given->n] = c, given->value[given->n++] = value;
        return JUNQI_EXIT_OK;
    }
    if (strcmp(given->value[i], value) == 0)
        return JUNQI_EXIT_OK;
    char name[64];
    if (o)
        snprintf(name, sizeof name, "--%s", o->name);
    else
        snprintf(name, sizeof name, "-%c", c);
    return junqi_cli_usage(prog, "%s is given twice, '%s' and '%s': give one", name, given->value[i], value);
}

bool junqi_cli_replay_start(const junqi_input *in, const junqi_source *src, junqi_replay *r)
{
    if (junqi_replay_start(r, in->game, NULL, NULL))
        return true;
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_replay_start(r, in->game, NULL, &d); /* again, for the reason */
    junqi_input_place_diags(in, &d, 0);
    if (src)
        junqi_source_attach_lines(src, &d, 0);
    junqi_cli_print_diags(stderr, in->name, &d, JUNQI_FORMAT_TEXT);
    junqi_diags_free(&d);
    return false;
}

int junqi_cli_check_ply(const char *prog, const junqi_input *in, const junqi_plies *p, const junqi_cli_ply *ply,
                        bool can_select)
{
    char label[JUNQI_INPUT_LABEL_SIZE], why[512];
    if (junqi_record_check_ply_as(in->game, p, ply->n, "--ply", ply->text, why, sizeof why))
        return JUNQI_EXIT_OK;
    junqi_input_label(in, label, sizeof label);
    if (can_select && ply->n > (long)p->last) /* the position at move N of every game: of those that reach it */
        return junqi_cli_usage(prog, "%s: %s (--select 'moves>=%s' keeps the games that reach it)", label, why,
                               ply->text);
    return junqi_cli_usage(prog, "%s: %s", label, why);
}

int junqi_cli_check_record(const char *prog, const junqi_source *src, const junqi_input *in, junqi_plies *p,
                           const junqi_cli_ply *asked, bool lenient, junqi_summary *summary)
{
    long ply = asked->n;
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_summary mine, *s = summary ? summary : &mine;
    junqi_check_item(src, in, NULL, &d, s);
    if (d.errors) /* the warnings and notes of a valid record are junqi-validate's to tell */
        junqi_cli_print_diags(stderr, in->name, &d, JUNQI_FORMAT_TEXT);
    int status = d.errors ? JUNQI_EXIT_INVALID : JUNQI_EXIT_OK;
    junqi_diags_free(&d);
    if (lenient || !junqi_plies_stop(p, s->illegal) || (ply >= 0 && ply <= (long)p->last))
        return status;
    char label[JUNQI_INPUT_LABEL_SIZE];
    junqi_input_label(in, label, sizeof label);
    if (ply >= 0)
        fprintf(stderr, _("%s: %s: --ply %s: the game never had that position: the move after ply %zu "
                          "is illegal (--lenient replays past it)\n"),
                prog, label, asked->text, p->last);
    else
        fprintf(stderr, _("%s: %s: the positions stop at ply %zu: the move after it is illegal "
                          "(--lenient replays past it)\n"),
                prog, label, p->last);
    return status;
}

int junqi_cli_parse_seed(const char *prog, const char *text, uint64_t *seed)
{
    int64_t v;
    if (!junqi_cli_parse_count(text, JUNQI_CLI_MAX_SEED, &v))
        return junqi_cli_usage(prog, "--seed takes 0 to %ld, not '%s'", JUNQI_CLI_MAX_SEED, text);
    *seed = (uint64_t)v;
    return JUNQI_EXIT_OK;
}

bool junqi_cli_parse_count(const char *text, int64_t max, int64_t *out)
{
    if (!text || !*text)
        return false;
    int64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        int digit = *p - '0';
        if (digit > max || v > (max - digit) / 10) /* v * 10 + digit > max, told before it can overflow */
            return false;
        v = v * 10 + digit;
    }
    *out = v;
    return true;
}

int junqi_cli_parse_range(const char *prog, const char *name, const char *text, int64_t min, int64_t max,
                          int64_t *out)
{
    int64_t v;
    if (!junqi_cli_parse_count(text, max, &v) || v < min)
        return junqi_cli_usage(prog, "--%s takes a number from %lld to %lld, not '%s'", name, (long long)min,
                               (long long)max, text);
    *out = v;
    return JUNQI_EXIT_OK;
}

/* The --rules parsed last, as typed: the interned set keeps its canonical string, which drops a
 * switch set to its named set's value (first=south of standard), one the user still asked for
 * (junqi_cli_apply_rules()). A tool parses one --rules (junqi_cli_once()). */
static struct {
    const junqi_rules *rules;
    const char *text;
} typed_rules;

int junqi_cli_text_arg(const char *prog, const char *option, const char *arg, char *buf, size_t n)
{
    errno = 0;
    if (junqi_cli_locale_text(arg, buf, n))
        return JUNQI_EXIT_OK;
    if (errno == E2BIG) /* in UTF-8: 100 characters typed in GBK are 200 bytes, and 300 here */
        return junqi_cli_usage(prog, "%s: the text is longer than %zu bytes", option, n - 1);
    /* TRANSLATORS: "--select: the text is not GBK, the locale's character set" */
    return junqi_cli_usage(prog, "%s: the text is not %s, the locale's character set", option, nl_langinfo(CODESET));
}

junqi_source *junqi_cli_with_rules(junqi_source *src)
{
    if (src && typed_rules.rules)
        junqi_source_assume_rules(src, typed_rules.rules);
    return src;
}

int junqi_cli_parse_rules(const char *prog, const char *text, const junqi_rules **out)
{
    char err[JUNQI_RULES_ERR_SIZE];
    if (junqi_rules_parse(text, JUNQI_RULES_ANY_BOARD, out, err, sizeof err)) {
        typed_rules.rules = *out, typed_rules.text = text;
        return JUNQI_EXIT_OK;
    }
    return junqi_cli_usage(prog, "--rules: %s", err);
}

/* The row of the switch table named `name` (one of its switches: "first", "mode"). */
static const junqi_switch *rules_switch(const char *name)
{
    size_t n;
    const junqi_switch *sw = junqi_rules_switches(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(sw[i].name, name) == 0)
            return &sw[i];
    abort(); /* a caller's typo, not an input's */
}

/* The name rule strings give value v of switch sw ("north", "open"). */
static const char *switch_value_name(const junqi_switch *sw, int v)
{
    for (const junqi_switch_value *x = sw->values; x && x->name; x++)
        if (x->value == v)
            return x->name;
    return "?";
}

bool junqi_cli_rules_set(const junqi_rules *rules, const char *name)
{
    const junqi_switch *sw = rules_switch(name);
    if (junqi_rules_value(rules, sw) != junqi_rules_value(junqi_rules_get(rules->name), sw))
        return true;
    return rules == typed_rules.rules && typed_rules.text && junqi_rules_spells(typed_rules.text, name);
}

/* Switch `name` of --rules `rules` against the record's tag `tag` that states it too, whose value
 * the record has (`value`): when --rules sets it (junqi_cli_rules_set) to another value, the record
 * would be written with both, the contradiction a reader refuses (docs/jgn.md §2, "Rule sets"),
 * or played under one of them without a word: a usage error naming both. */
static int check_stated_switch(const char *prog, const char *name, const junqi_rules *rules, const char *sw_name,
                               const char *tag, int value)
{
    const junqi_switch *sw = rules_switch(sw_name);
    if (!junqi_cli_rules_set(rules, sw_name) || junqi_rules_value(rules, sw) == value)
        return JUNQI_EXIT_OK;
    /* TRANSLATORS: "--rules standard,mode=dark has mode=dark, and the record's Mode tag says open":
       the switch (first, mode) and its tag (First, Mode) are JGN's words, the values rule strings' */
    return junqi_cli_usage(prog, "%s: --rules %s has %s=%s, and the record's %s tag says %s", name,
                           rules == typed_rules.rules ? typed_rules.text : rules->text, sw_name,
                           switch_value_name(sw, junqi_rules_value(rules, sw)), tag, switch_value_name(sw, value));
}

/* How a tool names rule set r (NULL: none) in a sentence: "--rules qq", as typed. */
static const char *rules_who(const junqi_rules *r, char *who, size_t n)
{
    snprintf(who, n, "--rules %s", r ? r->text : "");
    return who;
}

int junqi_cli_apply_rules(const char *prog, const char *name, junqi_game *g,
                          const junqi_rules *rules)
{
    char who[512], why[640];
    if (!junqi_game_check_rules(g, rules, rules_who(rules, who, sizeof who), why, sizeof why))
        return junqi_cli_usage(prog, "%s: %s", name, why);
    /* a First beside a Position is compared with its seat to move only (docs/jgn.md §2) */
    if (rules && g->first < JUNQI_SEATS && !g->start && !g->flip_start &&
        check_stated_switch(prog, name, rules, "first", "First", (int)g->first) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    if (rules && g->has_mode && check_stated_switch(prog, name, rules, "mode", "Mode", (int)g->info) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    if (rules)
        junqi_game_set_rules(g, rules); /* cannot fail: junqi_game_check_rules() checked what it checks */
    return JUNQI_EXIT_OK;
}

int junqi_cli_check_formation_rules(const char *prog, const char *name, const junqi_formation *f,
                                    const junqi_rules *rules)
{
    char who[512], why[640];
    if (junqi_formation_check_rules(f, rules, rules_who(rules, who, sizeof who), why, sizeof why))
        return JUNQI_EXIT_OK;
    return junqi_cli_usage(prog, "%s: %s", name, why);
}

bool junqi_cli_split_formation(const char *arg, junqi_cli_formation_choice *c)
{
    const char *hash = strrchr(arg, '#');
    c->which = NULL;
    if (!hash || access(arg, F_OK) == 0)
        return snprintf(c->path, sizeof c->path, "%s", arg) < (int)sizeof c->path;
    c->which = hash + 1;
    return hash - arg < (long)sizeof c->path &&
           snprintf(c->path, sizeof c->path, "%.*s", (int)(hash - arg), arg) >= 0;
}

/* Is formation number `index` (1-based), f, the one chosen? By its name or an alias, as a
 * formation's name alone finds it: FILE#铜墙铁壁 found no 銅牆鐵壁 whose aliases list it (break7 F13). */
static bool chosen(const junqi_cli_formation_choice *c, size_t index, const junqi_formation *f)
{
    char number[24];
    snprintf(number, sizeof number, "%zu", index);
    return strcmp(c->which, number) == 0 || junqi_formation_named(f, c->which);
}

/* --setup SEAT=NAME: when c names no file (and holds no '/' or '#'), the formation of that
 * name (cli.h: the formation folders) becomes the choice. Returns an exit status. */
static int named_formation(const char *prog, junqi_cli_formation_choice *c)
{
    size_t index;
    if (c->which || strchr(c->path, '/') || strcmp(c->path, "-") == 0 || access(c->path, F_OK) == 0)
        return JUNQI_EXIT_OK;
    char name[sizeof c->path];
    if (junqi_cli_text_arg(prog, "--setup", c->path, name, sizeof name) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    int found = junqi_cli_find_formation(name, c->path, sizeof c->path, &index);
    if (found < 0) {
        fprintf(stderr, "%s: %s: %s\n", prog, name, _("out of memory"));
        return JUNQI_EXIT_IO;
    }
    if (found == 0) {
        fprintf(stderr, _("%s: %s: no such file, and no formation of that name in %s\n"), prog, name,
                c->path);
        return JUNQI_EXIT_IO;
    }
    snprintf(c->which_text, sizeof c->which_text, "%zu", index); /* its number in the file found */
    c->which = c->which_text;
    return JUNQI_EXIT_OK;
}

int junqi_cli_load_formation(const char *prog, const char *option, const char *arg, const junqi_rules *rules,
                             junqi_formation *f)
{
    junqi_cli_formation_choice c;
    char lead[32] = ""; /* "--setup: " before a usage error about the option's argument */
    if (option)
        snprintf(lead, sizeof lead, "%s: ", option);
    if (!junqi_cli_split_formation(arg, &c))
        return junqi_cli_usage(prog, "%s'%s' is too long a file name", lead, arg);
    if (c.which && junqi_cli_text_arg(prog, option ? option : c.path, c.which, c.which_text,
                                      sizeof c.which_text) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    c.which = c.which ? c.which_text : NULL;
    int named = option ? named_formation(prog, &c) : JUNQI_EXIT_OK;
    if (named != JUNQI_EXIT_OK)
        return named;
    junqi_source *src = junqi_cli_open(prog, c.path, 0);
    if (!src)
        return JUNQI_EXIT_IO;
    size_t count = 0, found = 0;
    bool failed = false;
    junqi_diags kept; /* the chosen formation's problems and the file's */
    junqi_diags_init(&kept);
    for (junqi_read_status rc;;) {
        junqi_input in;
        junqi_diags d;
        junqi_diags_init(&d);
        if ((rc = junqi_source_next(src, &in, &d)) == JUNQI_READ_END) {
            junqi_input_free(&in); /* the end still names the source */
            junqi_diags_free(&d);
            break;
        }
        bool formation = in.kind == JUNQI_INPUT_FORMATION;
        bool take = formation && (c.which ? chosen(&c, count + 1, &in.formation) : count == 0);
        count += formation;
        if (!formation && rc == JUNQI_READ_OK && !option && c.which && game_picker) /* junqi-render FILE#N */
            junqi_diags_add(&d, JUNQI_CODE_NOT_A_FORMATION, -1, JUNQI_NOWHERE,
                            /* TRANSLATORS: the last %s is the tool's option that picks a game by its
                               number N ("--game "), the N written after it */
                            "a game record, not a formation: #%s picks a formation; a game of the file is "
                            "picked with %sN", c.which, game_picker);
        else if (!formation && rc == JUNQI_READ_OK)
            junqi_diags_add(&d, JUNQI_CODE_NOT_A_FORMATION, -1, JUNQI_NOWHERE,
                            "a game record, not a formation");
        if (take && !found++) {
            junqi_formation_check_under(&in.formation, rules, NULL, &d);
            *f = in.formation;
            in.formation.name = NULL;
            f->aliases = NULL; /* freed with in: not kept */
        }
        if ((take || !formation) && !junqi_diags_move(&kept, &d, 0, d.n))
            failed = true;
        failed |= rc == JUNQI_READ_FAILED;
        junqi_diags_free(&d);
        junqi_input_free(&in);
        if (rc == JUNQI_READ_FAILED)
            break;
    }
    junqi_source_attach_lines(src, &kept, 0);
    junqi_source_close(src);
    int status = failed ? JUNQI_EXIT_IO : kept.errors || !count ? JUNQI_EXIT_INVALID : JUNQI_EXIT_OK;
    if (count > 1 && !c.which)
        status = junqi_cli_usage(prog, "%s%s holds %zu formations: choose one with %s#NAME or %s#N (N from 1)",
                                 lead, c.path, count, c.path, c.path);
    else if (c.which && count && !found)
        status = junqi_cli_usage(prog, "%s%s has no formation '%s' (it has %zu)", lead, c.path, c.which, count);
    else
        junqi_cli_print_diags(stderr, c.path, &kept, JUNQI_FORMAT_TEXT);
    junqi_diags_free(&kept);
    if (status != JUNQI_EXIT_OK && found)
        free(f->name);
    return status;
}

int junqi_cli_check_seat(const char *prog, const char *name, const junqi_game *g,
                         const char *option, int seat)
{
    char given[64], why[256]; /* the option as typed: the seat's English name */
    snprintf(given, sizeof given, "%s %s", option, junqi_seat_name((junqi_seat)seat));
    if (junqi_game_check_seat(g, seat, given, why, sizeof why))
        return JUNQI_EXIT_OK;
    return junqi_cli_usage(prog, "%s: %s", name, why);
}

int junqi_cli_check_view(const char *prog, const char *name, const junqi_game *g, int seat)
{
    if (junqi_cli_check_seat(prog, name, g, "--view", seat) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    char why[256];
    if (junqi_record_check_view(g, seat, "--view", why, sizeof why))
        return JUNQI_EXIT_OK;
    return junqi_cli_usage(prog, "%s: %s", name, why);
}

bool junqi_cli_parse_format(const char *text, junqi_cli_format *out)
{
    if (strcmp(text, "text") == 0)
        *out = JUNQI_FORMAT_TEXT;
    else if (strcmp(text, "json") == 0)
        *out = JUNQI_FORMAT_JSON;
    else
        return false;
    return true;
}

/* The name that the symbolic link `link` leads to, its text taken relative to
 * the link's folder, as the system reads it. A new string; NULL (errno
 * set) when it cannot be read or memory is out. */
static char *link_text(const char *link)
{
    char name[4096];
    ssize_t n = readlink(link, name, sizeof name - 1);
    if (n < 0)
        return NULL;
    name[n] = '\0';
    const char *slash = strrchr(link, '/');
    size_t dir = name[0] == '/' || !slash ? 0 : (size_t)(slash - link) + 1;
    char *target = malloc(dir + (size_t)n + 1);
    if (target)
        snprintf(target, dir + (size_t)n + 1, "%.*s%s", (int)dir, link, name);
    return target;
}

/* The file at the end of a chain of symbolic links that leads nowhere yet (a
 * dangling link, or links to one: a -> b -> c, c missing): c, which writing
 * creates, so that every link stays a link. NULL with *err ELOOP when the
 * chain goes round (a link to itself) or is longer than the system follows
 * (40 links, Linux's limit), or ENOMEM. */
static char *chain_end(const char *path, int *err)
{
    char *at = strdup(path);
    struct stat st;
    for (int links = 0; at && lstat(at, &st) == 0 && S_ISLNK(st.st_mode); links++) {
        char *next = links < 40 ? link_text(at) : NULL;
        int why = links < 40 ? errno : ELOOP;
        free(at);
        if (!(at = next)) {
            *err = why;
            return NULL;
        }
    }
    if (!at)
        *err = ENOMEM;
    return at;
}

/* Where -o PATH really writes: the file a symbolic link leads to, so that
 * the link stays a link (a dangling link, or a chain of them: the file at its
 * end); what is no regular file or folder (a device, a FIFO) is written in
 * place, through its real name (a link's end), or through path itself when it
 * has none (a pipe: /dev/fd/3's link names "pipe:[N]", no file).
 * *st is the target's status when *exists. A new string, or NULL with
 * *err: ENOMEM, or ELOOP for links that lead round and round (`ln -s loop
 * loop`), which have no file to write: replacing the link would lose it. */
static char *output_target(const char *path, struct stat *st, bool *exists, int *err)
{
    struct stat link;
    char *target = NULL;
    *err = ENOMEM;
    if (stat(path, st) == 0 && !S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode)) {
        *exists = true; /* its own name, that a message says (full.png -> /dev/full), where it has one */
        return (target = realpath(path, NULL)) ? target : strdup(path);
    }
    if (lstat(path, &link) == 0 && S_ISLNK(link.st_mode) && !(target = realpath(path, NULL)))
        target = chain_end(path, err); /* nothing there yet (a dangling link, or a chain of them), or a loop */
    else if (!target)
        target = strdup(path);
    *exists = target && stat(target, st) == 0;
    return target;
}

/* The folder that path is in, into dir (n bytes): for a folder (`folder`:
 * trailing slashes name no folder of their own) the one above it; else the
 * one before its last '/', so "out.jgn/" is a file in folder out.jgn.
 * False when none is named (the current folder). */
static bool folder_of(const char *path, bool folder, char *dir, size_t n)
{
    size_t len = strlen(path);
    while (folder && len > 1 && path[len - 1] == '/') /* DIR/: the folder made is DIR */
        len--;
    while (len > 0 && path[len - 1] != '/')
        len--;
    while (len > 1 && path[len - 2] == '/') /* "a//b": the folder is "a" */
        len--;
    snprintf(dir, n, "%.*s", (int)(len > 1 ? len - 1 : len), path);
    return len > 0;
}

/* True when the folder that the file `path` would be in is named and is not
 * there (or is no folder): every file of a pattern in it (`-o nope/p-%n.html`)
 * would fail alike, so that a tool says it once. */
static bool folder_missing(const char *path)
{
    char dir[4096];
    struct stat st;
    return folder_of(path, false, dir, sizeof dir) && (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode));
}

/* Why a file or folder `path` cannot be made (folder: a folder; else a
 * file; folder_of() tells the folder it is in), errno err, into buf (n bytes): when the folder it would be in is missing,
 * "the folder DIR does not exist", and when a file stands at that folder or
 * above it, "FILE is not a folder", naming it (the temporary file is the
 * tool's business: the user needs the folder); else strerror(err). */
static const char *make_reason(const char *path, bool folder, int err, char *buf, size_t n)
{
    char dir[4096];
    if ((err != ENOENT && err != ENOTDIR) || !folder_of(path, folder, dir, sizeof dir))
        return strerror(err); /* no folder named: the current one */
    struct stat st;
    int found = stat(dir, &st) == 0 ? 0 : errno;
    for (char *slash; found == ENOTDIR && (slash = strrchr(dir, '/')) && slash > dir;) {
        *slash = '\0'; /* a/FILE/b: the file in the way is above the folder */
        found = stat(dir, &st) == 0 ? 0 : errno;
    }
    if (found == ENOENT)
        snprintf(buf, n, _("the folder %s does not exist"), dir);
    else if (found == 0 && !S_ISDIR(st.st_mode))
        snprintf(buf, n, _("%s is not a folder"), dir);
    else
        return strerror(err); /* a folder that makes no files (/proc) */
    return buf;
}

/* "PROG: NAME: cannot write: REASON", REASON that of making `target` (NAME's
 * file, or a symbolic link's target), errno err. */
static void cannot_write(const char *prog, const char *name, const char *target, int err)
{
    char why[4200];
    fprintf(stderr, _("%s: %s: cannot write: %s\n"), prog, name, make_reason(target, false, err, why, sizeof why));
}

/* `path` without its trailing slashes (a file's "FILE/" is no file) into name (n bytes). */
static const char *without_slashes(const char *path, char *name, size_t n)
{
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/')
        len--;
    snprintf(name, n, "%.*s", (int)len, path);
    return name;
}

bool junqi_cli_make_folder(const char *prog, const char *path)
{
    struct stat st;
    if (mkdir(path, 0777) == 0)
        return true;
    int err = errno;
    char name[4096], why[4200];
    bool there = stat(without_slashes(path, name, sizeof name), &st) == 0, exists;
    if (there && S_ISDIR(st.st_mode))
        return true;
    const char *reason = there ? _("a file of that name is in the way") : make_reason(path, true, err, why, sizeof why);
    int loop = 0;
    char *target = !there && err == EEXIST ? output_target(name, &st, &exists, &loop) : NULL;
    if (target) { /* a symbolic link to nothing: the folder it names is missing */
        snprintf(why, sizeof why, _("the folder %s does not exist"), target);
        reason = why;
    } else if (loop == ELOOP) { /* links that lead round: no folder to make */
        reason = strerror(ELOOP);
    }
    fprintf(stderr, _("%s: %s: cannot create the folder: %s\n"), prog, *path ? path : "''", reason);
    free(target);
    return false;
}

/* `path` with its "." folders and doubled slashes dropped ("./fx//0001.png":
 * "fx/0001.png"), into buf (n bytes): one spelling of a name whose folder is
 * not there yet, which realpath() cannot resolve. */
static const char *plain_spelling(const char *path, char *buf, size_t n)
{
    size_t at = 0;
    if (*path == '/' && n > 1)
        buf[at++] = '/';
    for (const char *p = path; *p && at + 1 < n;) {
        size_t len = strcspn(p, "/");
        if (len && !(len == 1 && *p == '.'))
            at += (size_t)snprintf(buf + at, n - at, "%s%.*s", at && buf[at - 1] != '/' ? "/" : "", (int)len, p);
        p += len;
        p += strspn(p, "/");
    }
    buf[at < n ? at : n - 1] = '\0';
    return buf;
}

/* `name` with as much of its folders as is there resolved by realpath() (the
 * current folder at least, for a relative name) and the rest, the folders not
 * there yet and the file, spelt plainly (plain_spelling), into buf (n bytes):
 * "/abs/no/x.png" and "no/x.png" in /abs, "./no//x" and "no/x", are one
 * spelling whether or not "no" is there. A name resolves only where each
 * folder before it is there, so a folder not there ends what is resolved. */
static const char *resolved_spelling(const char *name, char *buf, size_t n)
{
    char prefix[4096], rest[4096], *real = NULL;
    size_t cut = strlen(name);
    for (;;) {
        while (cut > 0 && name[cut - 1] != '/') /* name[0..cut): folders, up to a '/' */
            cut--;
        if (cut < sizeof prefix)
            snprintf(prefix, sizeof prefix, "%.*s", (int)cut, name);
        if ((cut < sizeof prefix && (real = realpath(cut ? prefix : ".", NULL))) || cut == 0)
            break;
        cut--; /* the folder before this one */
    }
    if (!real)
        return plain_spelling(name, buf, n); /* not even the current folder resolves */
    plain_spelling(name + cut, rest, sizeof rest);
    snprintf(buf, n, "%s%s%s", real, real[strlen(real) - 1] == '/' ? "" : "/", rest);
    free(real);
    return buf;
}

/* One spelling of the file that writing `path` reaches, into buf (n bytes):
 * a symbolic link followed (output_target), then its folders resolved as far
 * as they are there (resolved_spelling). */
static const char *file_spelling(const char *path, char *buf, size_t n)
{
    struct stat st;
    bool exists;
    int err;
    char *target = output_target(path, &st, &exists, &err);
    resolved_spelling(target ? target : path, buf, n);
    free(target);
    return buf;
}

bool junqi_cli_same_name(const char *a, const char *b)
{
    char one[8192], other[8192];
    return strcmp(file_spelling(a, one, sizeof one), file_spelling(b, other, sizeof other)) == 0;
}

bool junqi_cli_input_file(const char *name, struct stat *id)
{
    int rc = strcmp(name, "-") == 0 ? fstat(STDIN_FILENO, id) : stat(name, id);
    return rc == 0 && S_ISREG(id->st_mode);
}

bool junqi_cli_is_file(const char *path, const struct stat *id)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_dev == id->st_dev && st.st_ino == id->st_ino;
}

const char *junqi_cli_input_under(const char *output, const char *const *inputs, int n)
{
    static const char *const standard_input[] = {"-"};
    if (n == 0) {
        inputs = standard_input;
        n = 1;
    }
    for (int i = 0; output && i < n; i++) {
        struct stat id;
        if (inputs[i] && junqi_cli_input_file(inputs[i], &id) && junqi_cli_is_file(output, &id))
            return strcmp(inputs[i], "-") == 0 ? "<stdin>" : inputs[i];
    }
    return NULL;
}

bool junqi_cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0)
        return junqi_cli_is_file(b, &sa);
    return stat(b, &sb) != 0 && junqi_cli_same_name(a, b);
}

void junqi_cli_leftovers_find(junqi_cli_leftovers *l, long long start, int step)
{
    char path[4096];
    l->count = 0;
    for (long long k = start; k >= 0; k += step) {
        struct stat st;
        bool input = false;
        if (!l->name(l->ctx, (size_t)k, path, sizeof path))
            break;
        if (l->passed && l->passed(l->ctx, path))
            continue;
        for (size_t i = 0; i < l->ninputs && !input; i++)
            input = junqi_cli_is_file(path, &l->inputs[i]);
        if (input || lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || (l->remove && unlink(path) != 0))
            break; /* an input named as one of them is no earlier run's file: it ends the run */
        snprintf(l->count++ ? l->last : l->first, sizeof l->first, "%s", path);
    }
}

/* The name of file k of a pattern (ctx: {pattern, ext}), for junqi_cli_leftovers. */
static bool pattern_name(const void *ctx, size_t k, char *buf, size_t n)
{
    const char *const *pe = ctx;
    return junqi_collection_path(pe[0], k, pe[1], buf, n);
}

/* The warning of junqi_cli_say_leftovers() for a first file left and `more` after it, of
 * pages or of parts, with this run's last named (`mine`) or none written. Each takes PROG,
 * the first file left, with `more` the count of the others, the pattern, and with `mine`
 * this run's last file. */
static const char *leftovers_message(bool pages, bool mine, size_t more)
{
    if (pages && more) /* TRANSLATORS: the first page left, how many more, -o's pattern, this run's last page */
        return P_("%s: %s and %zu more page of %s are left from an earlier run; this run's last page is %s\n",
                  "%s: %s and %zu more pages of %s are left from an earlier run; this run's last page is %s\n", more);
    if (pages) /* TRANSLATORS: the page left, -o's pattern, this run's last page */
        return _("%s: %s, a page of %s, is left from an earlier run; this run's last page is %s\n");
    if (mine && more) /* TRANSLATORS: the first part left, how many more, -o's pattern, this run's last part */
        return P_("%s: %s and %zu more part of %s are left from an earlier run; this run's last part is %s\n",
                  "%s: %s and %zu more parts of %s are left from an earlier run; this run's last part is %s\n", more);
    if (mine) /* TRANSLATORS: the part left, -o's pattern, this run's last part */
        return _("%s: %s, a part of %s, is left from an earlier run; this run's last part is %s\n");
    if (more) /* TRANSLATORS: the first part left, how many more, -o's pattern */
        return P_("%s: %s and %zu more part of %s are left from an earlier run; this run wrote no part\n",
                  "%s: %s and %zu more parts of %s are left from an earlier run; this run wrote no part\n", more);
    /* TRANSLATORS: the part left, -o's pattern */
    return _("%s: %s, a part of %s, is left from an earlier run; this run wrote no part\n");
}

void junqi_cli_say_leftovers(const char *prog, const char *pattern, const char *ext, bool pages, size_t last,
                             const struct stat *inputs, size_t ninputs)
{
    const char *pe[] = {pattern, ext};
    junqi_cli_leftovers l = {.name = pattern_name, .ctx = pe, .inputs = inputs, .ninputs = ninputs};
    junqi_cli_leftovers_find(&l, (long long)last + 1, 1);
    char mine[4096] = "";
    if (!l.count || (pages && !last) || (last && !junqi_collection_path(pattern, last, ext, mine, sizeof mine)))
        return; /* no page: the input held no game, an error said */
    size_t more = l.count - 1;
    const char *message = leftovers_message(pages, last != 0, more);
    if (more) /* without this run's last file, the message leaves `mine` unread */
        fprintf(stderr, message, prog, l.first, more, pattern, mine);
    else
        fprintf(stderr, message, prog, l.first, pattern, mine);
}

/* The part of `pattern` that the input `name` is, tried for the number read
 * from each digit of name on ("v12.jgn": 12 and 2, for -o v1%n.jgn): one file
 * (junqi_cli_same_file(): the same file, or for an input not there yet, which
 * a part would become, the same name). 0 if none. */
static size_t part_that_is(const char *pattern, const char *ext, const char *name)
{
    for (const char *p = name; *p; p++) {
        if (*p < '0' || *p > '9')
            continue;
        errno = 0;
        unsigned long long k = strtoull(p, NULL, 10);
        char part[4096];
        if (!k || errno || !junqi_collection_path(pattern, (size_t)k, ext, part, sizeof part))
            continue;
        if (junqi_cli_same_file(part, name))
            return (size_t)k;
    }
    return 0;
}

/* The usage error of part k (page k, for `pages`) written over input `in`. */
static int part_over_input(const char *prog, const char *pattern, bool pages, size_t k, const char *in)
{
    if (pages) /* TRANSLATORS: the -o pattern, the page's number, the input's name */
        return junqi_cli_usage(prog, "-o %s: page %zu would be written over the input %s, whose games it is made "
                                     "from: choose other names", pattern, k, in);
    /* TRANSLATORS: the -o pattern, the part's number, the input's name */
    return junqi_cli_usage(prog, "-o %s: part %zu would be written over the input %s, whose games it is made "
                                 "from: choose other names", pattern, k, in);
}

/* Whether the folder `real` (resolved) holds the tool's open descriptors by number: /dev/fd
 * (a file system of its own on the BSDs), /proc/PID/fd and /proc/PID/task/TID/fd, where
 * /proc/self and /proc/thread-self lead (self: "/proc/PID/"). */
static bool descriptor_folder(const char *real, const char *self)
{
    size_t n = strlen(real), k = strlen(self);
    return strcmp(real, "/dev/fd") == 0 || (strncmp(real, self, k) == 0 && n >= 3 && strcmp(real + n - 3, "/fd") == 0);
}

/* Whether `name`, by its symbolic links, names a descriptor the tool holds open (/dev/stdin,
 * which leads to /proc/self/fd/0, /dev/fd/0, /proc/self/fd/3): opening it opens the file the
 * descriptor holds, open before any part is written, whatever is renamed over that file's name
 * since. So it is read as "-" is, and a part cannot take its games. Each link is followed, its
 * folder resolved, until one is such a folder (and its last name a number) or the name is no
 * link. */
static bool names_open_descriptor(const char *name)
{
    char path[4096], dir[4096], link[4096], self[64];
    snprintf(self, sizeof self, "/proc/%ld/", (long)getpid());
    if (snprintf(path, sizeof path, "%s", name) >= (int)sizeof path)
        return false;
    for (int hops = 0; hops < 40; hops++) { /* 40: Linux's bound on links in a name */
        char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
        char *real = realpath(dir, NULL);
        bool folder = real && descriptor_folder(real, self);
        free(real);
        if (folder && *base && strspn(base, "0123456789") == strlen(base))
            return true;
        ssize_t len = readlink(path, link, sizeof link - 1);
        if (len < 0)
            return false;
        link[len] = '\0';
        if (snprintf(path, sizeof path, "%s%s%s", link[0] == '/' ? "" : dir, link[0] == '/' ? "" : "/", link) >=
            (int)sizeof path)
            return false;
    }
    return false;
}

/* Whether the input `name` is read from a descriptor open from the start: "-" (standard input),
 * or a name of an open descriptor (names_open_descriptor). */
static bool input_already_open(const char *name)
{
    return strcmp(name, "-") == 0 || names_open_descriptor(name);
}

/* The input of inputs[0..n) (a regular file) that the symbolic link `link` leads to, or NULL. */
static const char *input_behind(const char *link, char *const *inputs, int n)
{
    for (int i = 0; i < n; i++) {
        struct stat st;
        if (!input_already_open(inputs[i]) && stat(inputs[i], &st) == 0 && S_ISREG(st.st_mode) &&
            junqi_cli_same_file(link, inputs[i]))
            return inputs[i];
    }
    return NULL;
}

/* The inputs of inputs[0..n) read from a descriptor open from the start ("-", /dev/stdin:
 * input_already_open) that are files: their identities into ids and their names as the tools
 * say them ("<stdin>" for "-") into names; returns how many. Such an input's games are all read,
 * whatever is renamed over its name; but a page put there would replace a record with a page, as
 * one page would (-o rec.html - < rec.html), and a part would replace the file with the games
 * kept: not those --select or --unique leave out, nor a game that does not read, and JSON with
 * --to json. Found once, not for every file of the folder (names_open_descriptor reads links). */
static int open_inputs(char *const *inputs, int n, struct stat *ids, const char **names)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (input_already_open(inputs[i]) && junqi_cli_input_file(inputs[i], &ids[m]))
            names[m++] = strcmp(inputs[i], "-") == 0 ? "<stdin>" : inputs[i];
    return m;
}

/* The name of the input among ids[0..m) (open_inputs) whose file is `path`, or NULL. */
static const char *open_input_at(const char *path, const struct stat *ids, const char *const *names, int m)
{
    for (int i = 0; i < m; i++)
        if (junqi_cli_is_file(path, &ids[i]))
            return names[i];
    return NULL;
}

/* A part is written through a symbolic link of its name (output_target), so a link in the
 * parts' folder named as a part and leading to an input, under another name (-o g-%n.jgn with
 * g-2.jgn -> kept.jgn, the input kept.jgn), would have that input replaced: a usage error too;
 * and so is a file of the folder named as a part or page that standard input is read from
 * (open_input_at). The folder is read once; a pattern with % in its folder (-o %n/p.jgn) makes
 * a folder per part, which is not read. Returns an exit status. */
static int check_part_links(const char *prog, const char *pattern, const char *ext, bool pages, char *const *inputs,
                            int n)
{
    const char *slash = strrchr(pattern, '/');
    char dir[4096], path[8192];
    if (slash && memchr(pattern, '%', (size_t)(slash - pattern)))
        return JUNQI_EXIT_OK;
    if (!folder_of(pattern, false, dir, sizeof dir))
        strcpy(dir, ".");
    struct stat *ids = malloc(sizeof *ids * (size_t)(n ? n : 1));
    const char **names = malloc(sizeof *names * (size_t)(n ? n : 1));
    if (!ids || !names) {
        free(ids);
        free(names);
        fprintf(stderr, _("%s: out of memory\n"), prog);
        return JUNQI_EXIT_IO;
    }
    int m = open_inputs(inputs, n, ids, names);
    DIR *d = opendir(dir);
    int rc = JUNQI_EXIT_OK;
    for (struct dirent *e; d && rc == JUNQI_EXIT_OK && (e = readdir(d));) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (lstat(path, &st) != 0)
            continue;
        const char *in = open_input_at(path, ids, names, m);
        if (!in && S_ISLNK(st.st_mode))
            in = input_behind(path, inputs, n);
        size_t k = in ? part_that_is(pattern, ext, path) : 0;
        if (k)
            rc = part_over_input(prog, pattern, pages, k, in);
    }
    if (d)
        closedir(d);
    free(ids);
    free(names);
    return rc;
}

int junqi_cli_check_parts(const char *prog, const char *pattern, const char *ext, bool pages, char *const *inputs,
                          int n)
{
    for (int i = 0; i < n; i++) {
        struct stat st;
        bool there = stat(inputs[i], &st) == 0;
        if (input_already_open(inputs[i]) || (there && !S_ISREG(st.st_mode)))
            continue;
        size_t k = part_that_is(pattern, ext, inputs[i]);             /* the name as given: a link */
        char *real = there && !k ? realpath(inputs[i], NULL) : NULL;       /* where it leads */
        if (real)
            k = part_that_is(pattern, ext, real);
        free(real);
        if (k)
            return part_over_input(prog, pattern, pages, k, inputs[i]);
    }
    return check_part_links(prog, pattern, ext, pages, inputs, n);
}

/* True when the numbered files of `pattern` (-o with %n) all go into one folder that is not
 * there: one with no % in its name (-o nodir/p-%n.html; -o %n/p.html names a folder a
 * file). */
static bool pattern_folder_missing(const char *pattern)
{
    const char *slash = strrchr(pattern, '/');
    return slash && junqi_collection_numbered(pattern) && !memchr(pattern, '%', (size_t)(slash - pattern)) &&
           folder_missing(pattern);
}

bool junqi_cli_output_name(const char *prog, const char *output, char *buf, size_t n)
{
    size_t at = 0;
    for (const char *p = output; *p; p++) {
        p += p[0] == '%' && p[1] == '%'; /* %% is one percent sign, as in a pattern */
        if (at + 1 >= n) {
            cannot_write(prog, output, output, ENAMETOOLONG);
            return false;
        }
        buf[at++] = *p;
    }
    buf[at] = '\0';
    return true;
}

bool junqi_cli_folder_takes_files(const char *prog, const char *name, const char *dir)
{
    if (faccessat(AT_FDCWD, dir, W_OK | X_OK, AT_EACCESS) == 0 || (errno != EACCES && errno != EROFS))
        return true; /* or a reason faccessat has and a file may not: each file says its own */
    cannot_write(prog, name, dir, errno);
    return false;
}

/* The one folder that every file of the numbered output `pattern` goes into, into dir (n
 * bytes): DIR for DIR/, the folder before the last '/' when no % comes before it, else "."
 * (p-%n.html). False when each file names its own (a % in the folder: -o %n/p.html). */
static bool files_folder(const char *pattern, char *dir, size_t n)
{
    const char *slash = strrchr(pattern, '/');
    if (slash && !slash[1]) { /* DIR/ */
        without_slashes(pattern, dir, n);
        return true;
    }
    if (slash && memchr(pattern, '%', (size_t)(slash - pattern)))
        return false;
    if (!folder_of(pattern, false, dir, n))
        snprintf(dir, n, ".");
    return true;
}

bool junqi_cli_output_folder(const char *prog, const char *output, junqi_cli_folder *state)
{
    bool folder = *output && output[strlen(output) - 1] == '/';
    if (*state != JUNQI_FOLDER_UNTRIED) /* the same folder for every file: one try, one line */
        return *state == JUNQI_FOLDER_MADE;
    if (folder)
        *state = junqi_cli_make_folder(prog, output) ? JUNQI_FOLDER_MADE : JUNQI_FOLDER_FAILED;
    else if (pattern_folder_missing(output)) {
        cannot_write(prog, output, output, ENOENT); /* the pattern: no file of it can be made */
        *state = JUNQI_FOLDER_FAILED;
    } else
        *state = JUNQI_FOLDER_MADE; /* there, or each file names its own (and says its failure) */
    char dir[4096]; /* a folder where no file can be made: said once too, naming -o */
    if (*state == JUNQI_FOLDER_MADE && junqi_collection_numbered(output) && files_folder(output, dir, sizeof dir) &&
        !junqi_cli_folder_takes_files(prog, output, dir))
        *state = JUNQI_FOLDER_FAILED;
    return *state == JUNQI_FOLDER_MADE;
}

/* The temporary files of the outputs open now (-o, --graph, a page, a
 * --split part), which a signal that ends the tool (Ctrl-C, a scheduler's
 * TERM, a closed terminal's HUP) removes before it ends it: no litter, and
 * an earlier file of the output's name stays as it was. A signal ignored,
 * or watched by the tool (junqi_cli_watch_signals(), whose second signal
 * removes them), is left as it is. */
#define MAX_TEMPORARIES 4
static _Atomic(char *) temporaries[MAX_TEMPORARIES];

/* Held while an output's temporary file is renamed into place or removed,
 * and for good by the watched signal that ends the tool at once, once it
 * has removed the temporary files: so neither comes in the middle of the
 * other, and nothing is renamed after them. Never taken in a handler. */
static pthread_mutex_t temporaries_lock = PTHREAD_MUTEX_INITIALIZER;

/* Whether junqi_cli_watch_signals() takes the ending signals. */
static atomic_bool watching;

/* Remove the temporary files tracked (safe in a signal handler). */
static void unlink_temporaries(void)
{
    for (int i = 0; i < MAX_TEMPORARIES; i++) {
        char *path = atomic_load(&temporaries[i]);
        if (path)
            unlink(path);
    }
}

static void remove_temporaries(int sig)
{
    unlink_temporaries();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Have path removed by a signal that ends the tool (until forget_temporary). */
static void track_temporary(char *path)
{
    static const int ending[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof ending / sizeof *ending && !atomic_load(&watching); i++) {
        struct sigaction was;
        if (sigaction(ending[i], NULL, &was) == 0 && was.sa_handler == SIG_DFL)
            signal(ending[i], remove_temporaries);
    }
    for (int i = 0; i < MAX_TEMPORARIES; i++) {
        char *none = NULL;
        if (atomic_compare_exchange_strong(&temporaries[i], &none, path))
            return;
    }
}

static void forget_temporary(const char *path)
{
    for (int i = 0; i < MAX_TEMPORARIES; i++) {
        char *was = (char *)path;
        atomic_compare_exchange_strong(&temporaries[i], &was, NULL);
    }
}

/* ---- signals that stop a run (junqi_cli_watch_signals) ---- */

/* The first signal that stopped the run (0: none yet). */
static atomic_int stop_signal;

/* The ending signals watched (those not ignored at start), which every
 * thread has blocked; the signal mask at start; what the tool does when a
 * signal stops it. */
static sigset_t watched, start_mask;
static void (*stop_hook)(int sig);

/* A signal that comes within this many seconds of the first is the same
 * request, not a second one (cli.h). */
#define SAME_REQUEST_SECONDS 1.0

/* Seconds on the monotonic clock: only differences mean anything. */
static double monotonic_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* The thread that takes the watched signals through sigwait: the first
 * stops the run (stop_signal, stop_hook), the first one a second or more
 * after it ends the process at once, the temporary files removed. */
static void *watch_signals(void *arg)
{
    (void)arg;
    int sig, none = 0;
    if (sigwait(&watched, &sig) != 0)
        return NULL;
    double first = monotonic_seconds();
    atomic_compare_exchange_strong(&stop_signal, &none, sig);
    if (stop_hook)
        stop_hook(sig);
    do
        if (sigwait(&watched, &sig) != 0)
            return NULL;
    while (monotonic_seconds() - first < SAME_REQUEST_SECONDS);
    if (stop_hook)
        stop_hook(sig);
    pthread_mutex_lock(&temporaries_lock); /* kept: no output is renamed from now on */
    unlink_temporaries();
    junqi_cli_end_by_signal(sig);
}

bool junqi_cli_watch_signals(void (*on_stop)(int sig))
{
    static const int ending[] = {SIGTERM, SIGINT, SIGHUP};
    int caught = 0;
    sigemptyset(&watched);
    for (size_t i = 0; i < sizeof ending / sizeof *ending; i++) {
        struct sigaction was;
        if (sigaction(ending[i], NULL, &was) == 0 && was.sa_handler != SIG_IGN)
            caught += sigaddset(&watched, ending[i]) == 0;
    }
    pthread_sigmask(SIG_BLOCK, &watched, &start_mask); /* the mask at start, for children, in any case */
    if (caught == 0)
        return false;
    stop_hook = on_stop;
    atomic_store(&watching, true);
    pthread_t tid;
    if (pthread_create(&tid, NULL, watch_signals, NULL) == 0) {
        pthread_detach(tid);
        return true;
    }
    atomic_store(&watching, false); /* no thread to take them: they end the tool as they would uncaught */
    pthread_sigmask(SIG_SETMASK, &start_mask, NULL);
    return false;
}

int junqi_cli_stop_signal(void)
{
    return atomic_load(&stop_signal);
}

void junqi_cli_restore_signal_mask(void)
{
    pthread_sigmask(SIG_SETMASK, &start_mask, NULL);
}

_Noreturn void junqi_cli_end_by_signal(int sig)
{
    struct sigaction dfl = {.sa_handler = SIG_DFL};
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL); /* the outputs are closed: no handler of theirs */
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);
    _exit(128 + sig); /* not reached: the signal's action ends the process */
}

const char *junqi_cli_signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

void junqi_cli_say_interrupted(FILE *fp, const char *prog, int sig, int finished, int planned)
{
    const char *name = junqi_cli_signal_name(sig);
    if (finished == 0 && prog) { /* TRANSLATORS: the program, then the signal's name: SIGINT, SIGTERM or SIGHUP */
        fprintf(fp, _("%s: interrupted by %s before any game finished\n"), prog, name);
        return;
    }
    if (prog)
        fprintf(fp, "%s: ", prog);
    if (planned >= 0) /* TRANSLATORS: the signal's name (SIGINT, SIGTERM, SIGHUP), the games finished, the games planned */
        fprintf(fp, P_("interrupted by %s after %d of %d game\n", "interrupted by %s after %d of %d games\n",
                       (unsigned long)planned),
                name, finished, planned);
    else /* TRANSLATORS: the signal's name (SIGINT, SIGTERM, SIGHUP), then the games finished */
        fprintf(fp, P_("interrupted by %s after %d game\n", "interrupted by %s after %d games\n",
                       (unsigned long)finished),
                name, finished);
}

/* The mkstemp() template of the temporary file that becomes path: in its
 * folder (a rename does not cross file systems), named after it plus
 * TEMPORARY_SUFFIX, the name cut between characters where that would pass
 * the longest name a folder holds: a name the file system takes must not
 * fail for the sake of its temporary file. Returns NULL when memory is out. */
#define TEMPORARY_SUFFIX ".tmpXXXXXX"
static char *temporary_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t folder = slash ? (size_t)(slash + 1 - path) : 0, name = strlen(path) - folder;
    size_t fits = NAME_MAX - (sizeof TEMPORARY_SUFFIX - 1);
    if (name > fits)
        name = junqi_utf8_cut(path + folder, name, fits);
    char *tmp = malloc(folder + name + sizeof TEMPORARY_SUFFIX);
    if (tmp)
        sprintf(tmp, "%.*s" TEMPORARY_SUFFIX, (int)(folder + name), path);
    return tmp;
}

/* The standard stream that `path` names: the descriptor itself (/dev/stdout, /dev/fd/2,
 * /proc/self/fd/1: whatever it is open on, closed too, which a new open of the link's end, held
 * on /dev/null, would hide), or the regular file it is open on (the file's own name, that the
 * shell opened: `>> log`, `{ ...; } > f`); else NULL. Such a file is written where its
 * descriptor stands, as standard output is: made anew beside it and renamed over it, it lost
 * what it held (a log's earlier lines) and what the shell wrote to it after the tool. */
static FILE *standard_file(const char *path)
{
    static const char *const names[][3] = {{"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"},
                                           {"/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"}};
    FILE *streams[] = {stdout, stderr};
    for (size_t i = 0; i < 2; i++)
        for (size_t k = 0; k < 3; k++)
            if (strcmp(path, names[i][k]) == 0)
                return streams[i];
    struct stat st, open_st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return NULL;
    for (size_t i = 0; i < 2; i++)
        if (fstat(junqi_cli_stream_fd(streams[i]), &open_st) == 0 && open_st.st_dev == st.st_dev && open_st.st_ino == st.st_ino)
            return streams[i];
    return NULL;
}

FILE *junqi_cli_output_stream(const char *path)
{
    if (!path || strcmp(path, "-") == 0)
        return stdout;
    return path[0] ? standard_file(path) : NULL;
}

/* Whether output `path` is a terminal: the standard stream it names open on one, or a terminal
 * device named outright (/dev/tty, /dev/pts/3), which no standard stream need be open on: its
 * picture went onto the screen as well (break5 C3). The device is opened only to ask (O_NOCTTY:
 * it does not become the tool's controlling terminal; O_NONBLOCK: a modem line does not wait). */
static bool output_is_terminal(const char *path)
{
    FILE *stream = junqi_cli_output_stream(path);
    if (stream)
        return isatty(junqi_cli_stream_fd(stream));
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISCHR(st.st_mode))
        return false;
    int fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK);
    bool tty = fd >= 0 && isatty(fd);
    if (fd >= 0)
        close(fd);
    return tty;
}

int junqi_cli_refuse_terminal(const char *prog, const char *option, const char *path, const char *kind,
                              const char *example)
{
    if (!output_is_terminal(path))
        return JUNQI_EXIT_OK;
    return junqi_cli_usage(prog, "%s %s is a terminal, and a %s picture is binary: redirect it (> %s) or name a "
                                 "file", option, path, kind, example);
}

bool junqi_cli_output_open(const char *prog, const char *path, junqi_cli_output *o)
{
    memset(o, 0, sizeof *o);
    if ((o->fp = junqi_cli_output_stream(path)))
        return true;
    if (!*path) { /* no file has that name: said before anything is written, not at the rename */
        cannot_write(prog, "''", path, ENOENT);
        return false;
    }
    struct stat st;
    bool exists;
    int err;
    if (!(o->path = output_target(path, &st, &exists, &err))) {
        if (err != ENOMEM) { /* a loop of links: no file to write, and the link is kept */
            cannot_write(prog, path, path, err);
            goto error;
        }
        goto no_memory;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        /* a device or a FIFO (-o /dev/null): written in place, never replaced */
        if (!(o->fp = fopen(o->path, "w"))) {
            cannot_write(prog, path, o->path, errno);
            goto error;
        }
        fcntl(fileno(o->fp), F_SETFD, FD_CLOEXEC);
        return true;
    }
    const char *slash = strrchr(o->path, '/');
    if (strlen(slash ? slash + 1 : o->path) > NAME_MAX) { /* said now, not at the rename after the work */
        cannot_write(prog, path, o->path, ENAMETOOLONG);
        goto error;
    }
    if (!(o->tmp_path = temporary_name(o->path)))
        goto no_memory;
    int fd = mkstemp(o->tmp_path);
    if (fd >= 0) { /* a program the tool starts (junqi-match's engines) must not inherit it */
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        track_temporary(o->tmp_path);
    }
    mode_t mask = umask(0);
    umask(mask);
    /* mkstemp makes the file private: give it the permissions of the file
     * it replaces, or those a plain open would give a new one */
    if (fd >= 0)
        fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask);
    if (fd < 0 || !(o->fp = fdopen(fd, "w"))) {
        cannot_write(prog, path, o->path, errno); /* a link's target's folder may be missing */
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp_path);
            forget_temporary(o->tmp_path);
        }
        goto error;
    }
    return true;
no_memory:
    fprintf(stderr, _("%s: out of memory\n"), prog);
error:
    free(o->path);
    free(o->tmp_path);
    memset(o, 0, sizeof *o);
    return false;
}

/* Whether the temporary file of o holds no byte (the run wrote nothing into it). */
static bool nothing_written(junqi_cli_output *o)
{
    return o->tmp_path && fflush(o->fp) == 0 && ftell(o->fp) == 0;
}

bool junqi_cli_output_keep(junqi_cli_output *o, int status)
{
    if (status == JUNQI_EXIT_USAGE)
        return false;
    /* a run that failed and wrote nothing is no result worth the file it would replace */
    return status == JUNQI_EXIT_OK || !nothing_written(o);
}

/* What junqi_cli_close_stdout_at_exit() needs: the tool's name, and whether a
 * failed write of standard output has been reported already. */
static const char *stdout_prog;
static bool stdout_reported;

void junqi_cli_writer_failed(const char *prog, FILE *fp, const char *name, const char *err)
{
    if (!ferror(fp))
        fprintf(stderr, "%s: %s: %s\n", prog, name, err);
}

void junqi_cli_no_assignment(const char *prog, const char *name, size_t ply)
{
    fprintf(stderr, _("%s: %s: ply %zu: no assignment of the hidden pieces agrees with the record\n"), prog, name,
            ply);
}

void junqi_cli_stdout_failed(const char *prog, int err)
{
    if (!stdout_reported)
        fprintf(stderr, _("%s: cannot write to standard output: %s\n"), prog, strerror(err ? err : EIO));
    stdout_reported = true;
}

bool junqi_cli_flush_stdout(const char *prog)
{
    bool ok = fflush(stdout) == 0 && !ferror(stdout);
    if (!ok)
        junqi_cli_stdout_failed(prog, errno);
    return ok;
}

/* The atexit handler: as coreutils' close_stdout, standard output is closed
 * and checked last, so that no failed write (--help > /dev/full) goes
 * unnoticed; the status is then 3 whatever main returned. */
static void close_stdout(void)
{
    errno = 0;
    bool failed = ferror(stdout) != 0;
    failed |= junqi_cli_give_back_stdout() != 0; /* a terminal's converting stream (termtext.h) */
    failed |= fclose(stdout) != 0;
    if (!failed)
        return;
    junqi_cli_stdout_failed(stdout_prog, errno);
    fflush(NULL); /* _exit() flushes nothing: the other streams are written first */
    _exit(JUNQI_EXIT_IO);
}

/* Descriptors 0, 1 and 2 that the tool was started without (`2>&-`, `>&-`) are
 * opened on /dev/null, for writing where the tool reads and for reading where it
 * writes (as gnulib's stdopen does), so that a read or write of that stream
 * still fails (EBADF), said as it was, and nothing written is lost: else the
 * first file the tool opened (-o's temporary file) took the descriptor, and what
 * was said on standard error went into the record written. */
static void open_standard_descriptors(void)
{
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int got = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY); /* the lowest free: fd */
        if (got >= 0 && got != fd) {
            dup2(got, fd);
            close(got);
        }
    }
}

void junqi_cli_close_stdout_at_exit(const char *prog)
{
    open_standard_descriptors();
    stdout_prog = prog;
    /* A buffer larger than any help text: when a write of it fails, it fails
     * in fclose, whose errno says why (ENOSPC), not in an earlier write whose
     * errno is long gone by then. A terminal keeps its line buffering. */
    static char buffer[1 << 16]; /* given: glibc ignores the size of a buffer it allocates */
    if (!isatty(STDOUT_FILENO))
        setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    atexit(close_stdout);
}

void junqi_cli_say_left(const char *prog, const char *path)
{
    struct stat st;
    if (path && !junqi_cli_output_stream(path) && stat(path, &st) == 0 && S_ISREG(st.st_mode))
        fprintf(stderr, _("%s: %s: the file there is left as it was\n"), prog, path);
}

void junqi_cli_say_left_unopened(const char *prog, const char *path, int status)
{
    /* a usage error before -o was open is the run refused, said as such; a signal's line says what was kept */
    if ((status == JUNQI_EXIT_INVALID || status == JUNQI_EXIT_IO) && !junqi_cli_stop_signal())
        junqi_cli_say_left(prog, path);
}

bool junqi_cli_output_close(const char *prog, junqi_cli_output *o, bool commit)
{
    bool ok = true;
    if (!o->path)
        return junqi_cli_flush_stdout(prog);
    /* the reason: fclose's own, else that of the write that failed before
     * (errno as the caller found the failure), else an I/O error */
    int before = errno;
    bool failed = ferror(o->fp) != 0;
    errno = 0;
    if (fclose(o->fp) != 0 || failed) {
        ok = false;
        int why = errno ? errno : before ? before : EIO;
        fprintf(stderr, _("%s: %s: write failed: %s\n"), prog, o->path, strerror(why));
    }
    pthread_mutex_lock(&temporaries_lock);
    if (ok && commit && o->tmp_path && rename(o->tmp_path, o->path) != 0) {
        ok = false;
        fprintf(stderr, _("%s: %s: cannot rename the temporary file: %s\n"), prog, o->path,
                strerror(errno));
    }
    if (o->tmp_path && (!ok || !commit))
        unlink(o->tmp_path);
    if (o->tmp_path)
        forget_temporary(o->tmp_path);
    pthread_mutex_unlock(&temporaries_lock);
    /* a failed write is said above, in one line; a stopped run says how far it got, the file as well */
    if (ok && !commit && o->tmp_path && !junqi_cli_stop_signal())
        junqi_cli_say_left(prog, o->path);
    free(o->path);
    free(o->tmp_path);
    memset(o, 0, sizeof *o);
    return ok;
}

_Noreturn void junqi_cli_end_keeping(const junqi_cli_output *o, long whole, int sig)
{
    pthread_mutex_lock(&temporaries_lock); /* kept: the tool renames nothing from now on */
    if (o && o->tmp_path && whole > 0 && truncate(o->tmp_path, (off_t)whole) == 0 &&
        rename(o->tmp_path, o->path) == 0)
        forget_temporary(o->tmp_path);
    unlink_temporaries();
    junqi_cli_end_by_signal(sig);
}

bool junqi_cli_styled(int fd)
{
    const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
    return isatty(fd) && !(no_color && *no_color) && !(term && strcmp(term, "dumb") == 0);
}

/* The build tree's catalogs (the Makefile's BUILD/locale) as seen from the
 * folder of its tools (BUILD_BIN). */
#ifndef JUNQI_BUILD_LOCALEDIR
#define JUNQI_BUILD_LOCALEDIR "../build/locale"
#endif

/* A tool run from the build tree speaks the catalogs built beside it, with
 * no JUNQI_LOCALEDIR to set (README, "In Chinese"): libjunqi binds that
 * variable's folder before the installed LOCALEDIR (i18n.h). An installed
 * tool has no such folder beside it. */
static void use_build_catalogs(void)
{
    const char *given = getenv("JUNQI_LOCALEDIR");
    char dir[4200];
    struct stat st;
    tool_folder(dir, 4096);
    if ((given && *given) || !*dir)
        return;
    strcat(dir, "/" JUNQI_BUILD_LOCALEDIR);
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        setenv("JUNQI_LOCALEDIR", dir, 0);
}

void junqi_cli_set_locale(void)
{
    setlocale(LC_ALL, "");
    setlocale(LC_NUMERIC, "C");
    junqi_cli_terminal_charset();
    /* strerror()'s reasons in UTF-8 too, as the library's messages are
     * (i18n.c): they follow a file's name in the same lines */
    bind_textdomain_codeset("libc", "UTF-8");
    use_build_catalogs();
}

/* The script a locale or language name asks for ("zh_HK.UTF-8", "zh-Hant", "zh"), or -1: not Chinese. */
static int script_of(const char *name, size_t n)
{
    if (n < 2 || strncmp(name, "zh", 2) != 0 || (n > 2 && !strchr("_-.@", name[2])))
        return -1;
    static const char *const traditional[] = {"TW", "HK", "MO", "Hant"};
    for (size_t i = 0; n > 3 && i < sizeof traditional / sizeof traditional[0]; i++)
        if (strncmp(name + 3, traditional[i], strlen(traditional[i])) == 0)
            return JUNQI_NAMES_ZH_HANT;
    return JUNQI_NAMES_ZH;
}

junqi_names junqi_cli_locale_names(junqi_names otherwise)
{
    junqi_names catalog = junqi_i18n_names();
    if (catalog != JUNQI_NAMES_EN)
        return catalog; /* Chinese messages: the names in their script */
    const char *locale = setlocale(LC_MESSAGES, NULL), *language = getenv("LANGUAGE");
    if (!locale || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0)
        return otherwise; /* gettext reads LANGUAGE only outside the C locale, and so do we */
    for (const char *s = language ? language : ""; *s; s += *s == ':') {
        size_t n = strcspn(s, ":");
        int script = script_of(s, n);
        if (script >= 0)
            return (junqi_names)script;
        s += n;
    }
    int script = script_of(locale, strlen(locale));
    return script >= 0 ? (junqi_names)script : otherwise;
}

const char *junqi_cli_help_list(const char *list, char *buf, size_t n)
{
    char *words = strdup(list), *save = NULL;
    size_t used = 0;
    int column = 0; /* of the line being filled; 0: no line begun */
    *buf = '\0';
    for (char *w = words ? strtok_r(words, " ", &save) : NULL; w && used < n; w = strtok_r(NULL, " ", &save)) {
        int width = junqi_display_width(w);
        bool wrap = column == 0 || column + 1 + width > JUNQI_CLI_HELP_WIDTH;
        int k = wrap ? snprintf(buf + used, n - used, "%s%*s%s", column ? "\n" : "", JUNQI_CLI_HELP_INDENT, "", w)
                     : snprintf(buf + used, n - used, " %s", w);
        column = (wrap ? JUNQI_CLI_HELP_INDENT : column + 1) + width;
        used += k > 0 ? (size_t)k : 0;
    }
    free(words);
    return buf;
}

int junqi_cli_version(const char *prog)
{
    printf("%s (junqi) %s\n", prog, JUNQI_VERSION);
    return JUNQI_EXIT_OK;
}
