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

#include "qq.h"

int junqi_cli_read_file(const char *path, uint8_t **data, size_t *len, char *err, size_t n)
{
    bool use_stdin = !path || strcmp(path, "-") == 0;
    FILE *fp = use_stdin ? stdin : fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t size = 0, cap = 0;
    int rc = 0;
    if (!fp) {
        rc = errno;
        goto error;
    }
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
    if (!use_stdin)
        fclose(fp);
    buf[size] = 0;
    *data = buf;
    *len = size;
    return 0;
error:
    if (rc == EFBIG)
        snprintf(err, n, "larger than the %u MiB limit", JUNQI_MAX_INPUT >> 20);
    else
        snprintf(err, n, "%s", strerror(rc));
    if (fp && !use_stdin)
        fclose(fp);
    free(buf);
    return rc;
}

int junqi_cli_load(const char *prog, const char *path, junqi_input *in, junqi_diags *d)
{
    memset(in, 0, sizeof *in);
    in->name = (!path || strcmp(path, "-") == 0) ? "<stdin>" : path;
    in->formation_offset = -1;
    uint8_t *data;
    size_t len;
    char err[256];
    if (junqi_cli_read_file(path, &data, &len, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s: %s\n", prog, in->name, err);
        return JUNQI_EXIT_IO;
    }
    int rc = JUNQI_EXIT_OK;
    switch (junqi_qq_detect(data, len)) {
    case JUNQI_QQ_REPLAY:
        in->game = junqi_qq_read_replay(data, len, d);
        if (in->game) {
            in->kind = JUNQI_INPUT_RECORD;
            in->game->source = strdup(in->name);
        } else {
            rc = JUNQI_EXIT_INVALID;
        }
        break;
    case JUNQI_QQ_FORMATION:
        if (junqi_qq_read_formation(data, len, in->formation, d)) {
            in->kind = JUNQI_INPUT_FORMATION;
            in->formation_offset = 20;
        } else {
            rc = JUNQI_EXIT_INVALID;
        }
        break;
    default:
        junqi_diags_add(d, JUNQI_SEV_ERROR, "unknown-format", -1, JUNQI_NOWHERE,
                        "not a format junqi reads (QQ replays .jgs/.jqs and formations .jql "
                        "are recognised by their content)");
        rc = JUNQI_EXIT_INVALID;
    }
    free(data);
    return rc;
}

void junqi_input_free(junqi_input *in)
{
    junqi_game_free(in->game);
    in->game = NULL;
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

static void print_caret(FILE *out, const junqi_diag *g)
{
    if (!g->source_line)
        return;
    fprintf(out, "  %s\n  ", g->source_line);
    for (int i = 1; i < g->loc.column; i++)
        fputc(g->source_line[i - 1] == '\t' ? '\t' : ' ', out);
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
        junqi_json_string(&j, g->code);
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
