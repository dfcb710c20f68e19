/* SPDX-License-Identifier: MIT */
/*
 * cli.c - see cli.h.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jgn.h"
#include "position_out.h"
#include "posnote.h"
#include "qq.h"

int junqi_cli_read_file(const char *path, uint8_t **data, size_t *len, char *err, size_t n)
{
    bool use_stdin = !path || strcmp(path, "-") == 0;
    FILE *fp = use_stdin ? stdin : fopen(path, "rb");
    if (!fp) {
        snprintf(err, n, "%s", strerror(errno));
        return errno;
    }
    int rc = junqi_cli_read_stream(fp, data, len, err, n);
    if (!use_stdin)
        fclose(fp);
    return rc;
}

int junqi_cli_read_stream(FILE *fp, uint8_t **data, size_t *len, char *err, size_t n)
{
    uint8_t *buf = NULL;
    size_t size = 0, cap = 0;
    int rc = 0;
    for (;;) {
        if (cap - size < 65536) {
            cap = cap ? cap * 2 : 65536;
            if (cap > (size_t)JUNQI_MAX_INPUT + 65536 + 1) {
                rc = EFBIG;
                goto error;
            }
            uint8_t *grown = realloc(buf, cap + 1);
            if (!grown) {
                rc = ENOMEM;
                goto error;
            }
            buf = grown;
        }
        size_t got = fread(buf + size, 1, cap - size, fp);
        size += got;
        if (size > JUNQI_MAX_INPUT) {
            rc = EFBIG;
            goto error;
        }
        if (got == 0)
            break;
    }
    if (ferror(fp)) {
        rc = errno ? errno : EIO;
        goto error;
    }
    buf[size] = 0;
    *data = buf;
    *len = size;
    return 0;
error:
    if (rc == EFBIG)
        snprintf(err, n, "larger than the %u MiB limit", JUNQI_MAX_INPUT >> 20);
    else
        snprintf(err, n, "%s", strerror(rc));
    free(buf);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Sources                                                            */

typedef enum source_kind {
    SOURCE_UNKNOWN,
    SOURCE_QQ_REPLAY,
    SOURCE_QQ_FORMATION,
    SOURCE_JGN,
    SOURCE_POSITIONS,
    SOURCE_YAML
} source_kind;

/* How much of an input is read to tell its format. */
#define PEEK_BYTES 4096

struct junqi_source {
    const char *prog;
    char *name;
    FILE *fp;                  /* NULL once everything is in data */
    bool close_fp;
    source_kind kind;
    unsigned flags;
    uint8_t *data;             /* the whole input (all kinds but JGN) */
    size_t len, at;            /* positions: the next line starts at data[at] */
    long line;                 /* positions: the line of data[at] */
    junqi_jgn_reader *jgn;
    junqi_formations formations;
    size_t next_formation;
    bool done;
};

static source_kind detect(const uint8_t *data, size_t len)
{
    switch (junqi_qq_detect(data, len)) {
    case JUNQI_QQ_REPLAY: return SOURCE_QQ_REPLAY;
    case JUNQI_QQ_FORMATION: return SOURCE_QQ_FORMATION;
    default: break;
    }
    if (junqi_jgn_detect(data, len))
        return SOURCE_JGN;
    if (junqi_pos_detect((const char *)data, len))
        return SOURCE_POSITIONS;
    if (junqi_formation_detect(data, len))
        return SOURCE_YAML;
    return SOURCE_UNKNOWN;
}

/* Read the rest of the stream after the peeked prefix into src->data. */
static bool slurp(junqi_source *src)
{
    char err[256];
    uint8_t *rest = NULL;
    size_t rest_len = 0;
    if (src->fp && !feof(src->fp)) {
        if (junqi_cli_read_stream(src->fp, &rest, &rest_len, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s: %s\n", src->prog, src->name, err);
            return false;
        }
    }
    if (src->len + rest_len > JUNQI_MAX_INPUT) {
        fprintf(stderr, "%s: %s: larger than the %u MiB limit\n", src->prog, src->name, JUNQI_MAX_INPUT >> 20);
        free(rest);
        return false;
    }
    uint8_t *all = realloc(src->data, src->len + rest_len + 1);
    if (!all) {
        free(rest);
        fprintf(stderr, "%s: %s: out of memory\n", src->prog, src->name);
        return false;
    }
    if (rest_len)
        memcpy(all + src->len, rest, rest_len);
    free(rest);
    src->data = all;
    src->len += rest_len;
    src->data[src->len] = 0;
    return true;
}

static junqi_source *source_new(const char *prog, const char *name)
{
    junqi_source *src = calloc(1, sizeof *src);
    if (!src || !(src->name = strdup(name))) {
        free(src);
        fprintf(stderr, "%s: out of memory\n", prog);
        return NULL;
    }
    src->prog = prog;
    src->line = 1;
    return src;
}

junqi_source *junqi_source_open(const char *prog, const char *path, unsigned flags)
{
    bool use_stdin = !path || strcmp(path, "-") == 0;
    junqi_source *src = source_new(prog, use_stdin ? "<stdin>" : path);
    if (!src)
        return NULL;
    src->flags = flags;
    src->fp = use_stdin ? stdin : fopen(path, "rb");
    src->close_fp = !use_stdin;
    if (!src->fp || !(src->data = malloc(PEEK_BYTES + 1))) {
        fprintf(stderr, "%s: %s: %s\n", prog, src->name, strerror(src->fp ? ENOMEM : errno));
        junqi_source_close(src);
        return NULL;
    }
    src->len = fread(src->data, 1, PEEK_BYTES, src->fp);
    if (ferror(src->fp)) {
        fprintf(stderr, "%s: %s: %s\n", prog, src->name, strerror(errno));
        junqi_source_close(src);
        return NULL;
    }
    src->data[src->len] = 0;
    src->kind = detect(src->data, src->len);
    if (src->kind == SOURCE_JGN) {
        src->jgn = junqi_jgn_reader_new(src->fp, src->data, src->len, src->name,
                                        (flags & JUNQI_SOURCE_LENIENT) ? JUNQI_JGN_LENIENT : 0);
        if (!src->jgn) {
            fprintf(stderr, "%s: out of memory\n", prog);
            junqi_source_close(src);
            return NULL;
        }
    } else if (!slurp(src)) {
        junqi_source_close(src);
        return NULL;
    }
    return src;
}

junqi_source *junqi_source_string(const char *prog, const char *text)
{
    junqi_source *src = source_new(prog, "<position>");
    if (!src)
        return NULL;
    src->data = (uint8_t *)strdup(text);
    if (!src->data) {
        junqi_source_close(src);
        return NULL;
    }
    src->len = strlen(text);
    src->kind = SOURCE_POSITIONS;
    return src;
}

int junqi_source_each(junqi_source *src, junqi_item_fn fn, void *ctx)
{
    if (!src)
        return JUNQI_EXIT_IO;
    int status = JUNQI_EXIT_OK;
    for (;;) {
        junqi_input in;
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_read_status rc = junqi_source_next(src, &in, &d);
        int item = rc == JUNQI_READ_END ? JUNQI_EXIT_OK : fn(ctx, src, &in, &d, rc);
        junqi_diags_free(&d);
        junqi_input_free(&in);
        if (item > status)
            status = item;
        if (rc == JUNQI_READ_END || rc == JUNQI_READ_FAILED || status == JUNQI_EXIT_USAGE)
            break;
    }
    junqi_source_close(src);
    return status;
}

typedef struct record_job {
    const char *prog;
    int (*fn)(void *ctx, junqi_input *in);
    void *ctx;
} record_job;

static int each_record_item(void *ctx, const junqi_source *src, junqi_input *in, junqi_diags *d,
                            junqi_read_status rc)
{
    const record_job *job = ctx;
    (void)src;
    junqi_cli_print_diags(stderr, in->name ? in->name : "", d, JUNQI_FORMAT_TEXT);
    if (rc == JUNQI_READ_FAILED)
        return JUNQI_EXIT_IO;
    if (in->kind == JUNQI_INPUT_FORMATION) {
        fprintf(stderr, "%s: %s: a formation, not a game record\n", job->prog, in->name);
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
    record_job job = {prog, fn, ctx};
    return junqi_source_each(src, each_record_item, &job);
}

void junqi_source_attach_lines(const junqi_source *src, junqi_diags *d, size_t from)
{
    if (src->kind == SOURCE_YAML || src->kind == SOURCE_POSITIONS)
        junqi_diags_attach_lines(d, from, (const char *)src->data, src->len);
}

void junqi_source_close(junqi_source *src)
{
    if (!src)
        return;
    if (src->fp && src->close_fp)
        fclose(src->fp);
    junqi_jgn_reader_free(src->jgn);
    junqi_formations_free(&src->formations);
    free(src->data);
    free(src->name);
    free(src);
}

static junqi_read_status next_qq_replay(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    in->game = junqi_qq_read_replay(src->data, src->len, d);
    if (!in->game)
        return JUNQI_READ_BROKEN;
    in->kind = JUNQI_INPUT_RECORD;
    return JUNQI_READ_OK;
}

static junqi_read_status next_qq_formation(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    if (!junqi_qq_read_formation(src->data, src->len, in->formation.setup, d))
        return JUNQI_READ_BROKEN;
    in->kind = JUNQI_INPUT_FORMATION;
    in->formation.loc = (junqi_loc){20, -1, -1, -1};
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 5; c++)
            in->formation.cell[r][c] = (junqi_loc){20 + r * 5 + c, -1, -1, -1};
    return JUNQI_READ_OK;
}

/* One position string per non-blank line. */
static junqi_read_status next_position(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    const char *text = (const char *)src->data;
    while (src->at < src->len) {
        size_t end = src->at;
        while (end < src->len && text[end] != '\n')
            end++;
        size_t start = src->at;
        long line = src->line++;
        src->at = end + 1;
        size_t n = end - start;
        while (n > 0 && (text[start + n - 1] == '\r' || text[start + n - 1] == ' '))
            n--;
        if (n == 0)
            continue;
        junqi_position pos;
        size_t before = d ? d->n : 0;
        if (!junqi_pos_parse(text + start, n, &pos, d)) {
            for (size_t i = before; d && i < d->n; i++) {
                d->items[i].loc.line = (int)line;
                d->items[i].source_line = strndup(text + start, n);
            }
            return JUNQI_READ_BROKEN;
        }
        in->game = junqi_game_new(pos.board->kind);
        if (!in->game || !(in->game->start = malloc(sizeof pos))) {
            junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE, "out of memory");
            return JUNQI_READ_FAILED;
        }
        *in->game->start = pos;
        in->game->rules = pos.rules;
        for (int s = 0; s < JUNQI_SEATS; s++)
            in->game->seat[s].present = (pos.present & JUNQI_SEAT_BIT(s)) != 0;
        in->kind = JUNQI_INPUT_RECORD;
        return JUNQI_READ_OK;
    }
    return JUNQI_READ_END;
}

static junqi_read_status next_yaml(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    if (!src->done) {
        src->done = true;
        if (!junqi_formation_read_yaml(src->data, src->len, &src->formations, d) && src->formations.n == 0)
            return JUNQI_READ_BROKEN;
    }
    if (src->next_formation >= src->formations.n)
        return JUNQI_READ_END;
    junqi_formation *f = &src->formations.items[src->next_formation++];
    in->formation = *f;
    f->name = NULL; /* moved */
    in->kind = JUNQI_INPUT_FORMATION;
    return JUNQI_READ_OK;
}

junqi_read_status junqi_source_next(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    memset(in, 0, sizeof *in);
    if (!(in->name = strdup(src->name))) {
        junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE, "out of memory");
        return JUNQI_READ_FAILED;
    }
    bool once = src->kind != SOURCE_JGN && src->kind != SOURCE_POSITIONS && src->kind != SOURCE_YAML;
    if (once && src->done)
        return JUNQI_READ_END;
    junqi_read_status rc;
    switch (src->kind) {
    case SOURCE_QQ_REPLAY: rc = next_qq_replay(src, in, d); break;
    case SOURCE_QQ_FORMATION: rc = next_qq_formation(src, in, d); break;
    case SOURCE_JGN: rc = junqi_jgn_next(src->jgn, &in->game, d); break;
    case SOURCE_POSITIONS: rc = next_position(src, in, d); break;
    case SOURCE_YAML: rc = next_yaml(src, in, d); break;
    default:
        junqi_diags_add(d, JUNQI_CODE_UNKNOWN_FORMAT, -1, JUNQI_NOWHERE,
                        "not a format junqi reads: QQ replays (.jgs/.jqs) and formations (.jql), JGN "
                        "records, position strings and YAML formations are recognised by content");
        rc = JUNQI_READ_BROKEN;
    }
    if (once)
        src->done = true;
    if (src->kind == SOURCE_JGN && in->game) {
        in->kind = JUNQI_INPUT_RECORD;
    }
    if (in->game && !in->game->source)
        in->game->source = strdup(src->name);
    return rc;
}

void junqi_input_free(junqi_input *in)
{
    junqi_game_free(in->game);
    free(in->formation.name);
    free(in->name);
    memset(in, 0, sizeof *in);
}

/* The first item of a source, for tools that take one record. */
static int load_first(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    if (!src)
        return JUNQI_EXIT_IO;
    junqi_read_status rc = junqi_source_next(src, in, d);
    if (rc == JUNQI_READ_END)
        junqi_diags_add(d, JUNQI_CODE_EMPTY, -1, JUNQI_NOWHERE, "the input holds no record");
    junqi_source_close(src);
    return rc == JUNQI_READ_OK ? JUNQI_EXIT_OK : rc == JUNQI_READ_FAILED ? JUNQI_EXIT_IO : JUNQI_EXIT_INVALID;
}

int junqi_cli_load(const char *prog, const char *path, junqi_input *in, junqi_diags *d)
{
    memset(in, 0, sizeof *in);
    junqi_source *src = junqi_source_open(prog, path, 0);
    if (!src) {
        in->name = strdup((!path || strcmp(path, "-") == 0) ? "<stdin>" : path);
        return JUNQI_EXIT_IO;
    }
    return load_first(src, in, d);
}

int junqi_cli_load_position(const char *prog, const char *text, junqi_input *in, junqi_diags *d)
{
    memset(in, 0, sizeof *in);
    return load_first(junqi_source_string(prog, text), in, d);
}

static void print_where_text(FILE *out, const char *file, const junqi_diag *g)
{
    const junqi_loc *l = &g->loc;
    if (l->line > 0) {
        fprintf(out, "%s:%d:%d: ", file, l->line, l->column > 0 ? l->column : 1);
        return;
    }
    fprintf(out, "%s: ", file);
    if (g->move > 0)
        fprintf(out, "move %d ", g->move);
    if (l->record >= 0 && l->offset >= 0)
        fprintf(out, g->move > 0 ? "(record %d, offset 0x%lX): " : "record %d (offset 0x%lX): ",
                l->record, l->offset);
    else if (l->offset >= 0)
        fprintf(out, "offset 0x%lX: ", l->offset);
    else if (g->move > 0)
        fputs(": ", out);
}

/* The source line, and a caret under the column (counted in characters;
 * CJK characters take two terminal columns). */
static void print_caret(FILE *out, const junqi_diag *g)
{
    if (!g->source_line)
        return;
    fprintf(out, "  %s\n  ", g->source_line);
    const char *s = g->source_line;
    for (int col = 1; col < g->loc.column && *s; col++) {
        size_t n = 1;
        while ((s[n] & 0xC0) == 0x80)
            n++;
        char ch[8] = {0};
        memcpy(ch, s, n < 7 ? n : 7);
        int w = *s == '\t' ? 0 : junqi_display_width(ch);
        if (*s == '\t')
            fputc('\t', out);
        for (int i = 0; i < w; i++)
            fputc(' ', out);
        s += n;
    }
    fputs("^\n", out);
}

static void json_int_or_null(junqi_json *j, long v)
{
    if (v < 0)
        junqi_json_null(j);
    else
        junqi_json_int(j, v);
}

void junqi_cli_print_diags(FILE *out, const char *file, const junqi_diags *d, junqi_cli_format fmt)
{
    for (size_t i = 0; i < d->n; i++) {
        const junqi_diag *g = &d->items[i];
        if (fmt == JUNQI_FORMAT_TEXT) {
            print_where_text(out, file, g);
            fprintf(out, "%s: %s\n", junqi_severity_name(g->severity), g->message);
            print_caret(out, g);
            continue;
        }
        junqi_json j;
        junqi_json_init(&j, out);
        junqi_json_begin_object(&j);
        junqi_json_key(&j, "file");
        junqi_json_string(&j, file);
        junqi_json_key(&j, "severity");
        junqi_json_string(&j, junqi_severity_name(g->severity));
        junqi_json_key(&j, "code");
        junqi_json_string(&j, junqi_code_name(g->code));
        junqi_json_key(&j, "message");
        junqi_json_string(&j, g->message);
        junqi_json_key(&j, "move");
        json_int_or_null(&j, g->move > 0 ? g->move : -1);
        junqi_json_key(&j, "record");
        json_int_or_null(&j, g->loc.record);
        junqi_json_key(&j, "offset");
        json_int_or_null(&j, g->loc.offset);
        junqi_json_key(&j, "line");
        json_int_or_null(&j, g->loc.line > 0 ? g->loc.line : -1);
        junqi_json_key(&j, "column");
        json_int_or_null(&j, g->loc.column > 0 ? g->loc.column : -1);
        junqi_json_end_object(&j);
        fputc('\n', out);
    }
}

int junqi_cli_usage(const char *prog, const char *fmt, ...)
{
    if (fmt) {
        va_list ap;
        fprintf(stderr, "%s: ", prog);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
    }
    fprintf(stderr, "Try '%s --help' for more information.\n", prog);
    return JUNQI_EXIT_USAGE;
}

int junqi_cli_bad_option(const char *prog, char **argv)
{
    if (optopt > 0 && optopt < 128)
        return junqi_cli_usage(prog, "invalid or incomplete option -- '%c'", optopt);
    return junqi_cli_usage(prog, "unrecognized or incomplete option '%s'", argv[optind - 1]);
}

bool junqi_cli_parse_count(const char *text, long max, long *out)
{
    if (!text || !*text)
        return false;
    long v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        v = v * 10 + (*p - '0');
        if (v > max)
            return false;
    }
    *out = v;
    return true;
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

bool junqi_cli_output_open(const char *prog, const char *path, junqi_cli_output *o)
{
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->fp = stdout;
        return true;
    }
    size_t n = strlen(path) + 16;
    o->path = strdup(path);
    o->tmp_path = malloc(n);
    if (!o->path || !o->tmp_path)
        goto error;
    snprintf(o->tmp_path, n, "%s.tmpXXXXXX", path);
    int fd = mkstemp(o->tmp_path);
    mode_t mask = umask(0);
    umask(mask);
    /* mkstemp makes the file private: give it the permissions a plain open would */
    if (fd >= 0)
        fchmod(fd, 0666 & ~mask);
    if (fd < 0 || !(o->fp = fdopen(fd, "w"))) {
        fprintf(stderr, "%s: %s: cannot create a temporary file: %s\n", prog, path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp_path);
        }
        goto error;
    }
    return true;
error:
    free(o->path);
    free(o->tmp_path);
    memset(o, 0, sizeof *o);
    return false;
}

bool junqi_cli_output_close(const char *prog, junqi_cli_output *o, bool commit)
{
    bool ok = true;
    if (!o->path) {
        ok = fflush(stdout) == 0 && !ferror(stdout);
        if (!ok)
            fprintf(stderr, "%s: cannot write to standard output: %s\n", prog, strerror(errno));
        return ok;
    }
    if (ferror(o->fp) || fclose(o->fp) != 0) {
        ok = false;
        fprintf(stderr, "%s: %s: write failed: %s\n", prog, o->path, strerror(errno));
    }
    if (ok && commit && rename(o->tmp_path, o->path) != 0) {
        ok = false;
        fprintf(stderr, "%s: %s: cannot rename the temporary file: %s\n", prog, o->path,
                strerror(errno));
    }
    if (!ok || !commit)
        unlink(o->tmp_path);
    free(o->path);
    free(o->tmp_path);
    memset(o, 0, sizeof *o);
    return ok;
}

int junqi_cli_version(const char *prog)
{
    printf("%s (junqi) %s\n", prog, JUNQI_VERSION);
    return JUNQI_EXIT_OK;
}
