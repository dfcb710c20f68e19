/* SPDX-License-Identifier: MIT */
/*
 * source.c - see source.h.
 *
 * Design note: a source peeks at the first PEEK_BYTES of its input to tell
 * the format (from a pipe, only up to the first lines that tell JGN). JGN
 * is then streamed by a junqi_jgn_reader that starts with the peeked
 * prefix; every other format is read whole into data (they are small: a QQ
 * file, a YAML file, lines of positions) and parsed from there.
 */
#include "source.h"
#include "i18n.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "flip_replay.h"
#include "flipnote.h"
#include "jgn.h"
#include "posnote.h"
#include "qq.h"
#include "text.h"

int junqi_read_stream(FILE *fp, uint8_t **data, size_t *len, char *err, size_t n)
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
        snprintf(err, n, _("larger than the %u MiB limit"), JUNQI_MAX_INPUT >> 20);
    else
        snprintf(err, n, "%s", strerror(rc));
    free(buf);
    return rc;
}

typedef enum source_kind {
    SOURCE_UNKNOWN,
    SOURCE_MOVETEXT, /* JGN moves with no tag section: said as such */
    SOURCE_TOOLS_JSON, /* JSON the tools wrote, an output: said as such */
    SOURCE_EMPTY,     /* no byte but blanks (and a byte order mark) */
    SOURCE_WIDE,      /* UTF-16 or UTF-32 text, which junqi does not read */
    SOURCE_CR_ENDS,   /* JGN or position strings whose lines end in CR alone (cr_line_ends) */
    SOURCE_QQ_REPLAY,
    SOURCE_QQ_FORMATION,
    SOURCE_JGN,
    SOURCE_POSITIONS,
    SOURCE_YAML
} source_kind;

/* How much of an input is read to tell its format. */
#define PEEK_BYTES 4096

struct junqi_source {
    char *name;
    FILE *fp;                  /* NULL once everything is in data */
    bool close_fp;
    bool live;                 /* fp is a pipe or a terminal (junqi_source_live) */
    source_kind kind;
    const char *wide;          /* SOURCE_WIDE: the encoding its first bytes showed (wide_text) */
    unsigned flags;
    uint8_t *data;             /* the whole input (all kinds but JGN) */
    size_t len, at;            /* positions: the next line starts at data[at] */
    long line;                 /* positions: the line of data[at] */
    junqi_jgn_reader *jgn;
    junqi_formations formations;
    size_t next_formation;
    junqi_diags yaml_diags;    /* YAML: every reading problem, handed out with its formation */
    size_t next_diag;
    size_t items;              /* items read so far */
    bool said_empty;           /* the note of a source with no item is given */
    long item_line;            /* positions: the line of the last one */
    bool done;
    junqi_loc gbk_at;          /* YAML read as GBK: the place of the not-utf8 warning each item gets */
    struct line_cursor {       /* YAML, positions: where the lines attached last start */
        size_t at;
        long line;
    } cursor_at, *cursor;      /* cursor: &cursor_at, moved by junqi_source_attach_lines */
};

/* Nothing but blanks, after an optional UTF-8 byte order mark? */
static bool blank_input(const uint8_t *data, size_t len)
{
    size_t i = junqi_utf8_bom(data, len);
    while (i < len && data[i] && strchr(" \t\r\n", data[i]))
        i++;
    return i == len;
}

/* The units of w bytes (2: UTF-16, 4: UTF-32) of data read in one byte order
 * (big: the most significant byte first), as text: how many are ASCII
 * characters, each with zero bytes beside it (the evidence), or -1 when one
 * cannot be text (NUL, a control character but \t to \r, a lone surrogate
 * half, U+FFFE or U+FFFF, past U+10FFFF). A unit cut by data's end, and a
 * surrogate pair cut there, are left out: a peek may end anywhere. *cjk gets
 * whether every unit is a CJK character or punctuation (U+2000..U+206F,
 * U+3000..U+30FF, U+4E00..U+9FFF, U+FF00..U+FFEF) or ASCII. */
static long text_units(const uint8_t *data, size_t len, size_t w, bool big, bool *cjk)
{
    long ascii = 0;
    bool high = false; /* the unit before was a high surrogate half */
    *cjk = true;
    for (size_t i = 0; i + w <= len; i += w) {
        uint32_t c = 0;
        for (size_t k = 0; k < w; k++)
            c = c << 8 | data[i + (big ? k : w - 1 - k)];
        bool low_half = c >= 0xDC00 && c <= 0xDFFF, high_half = c >= 0xD800 && c <= 0xDBFF;
        if (c == 0 || (c < 0x20 && (c < 0x09 || c > 0x0D)) || c == 0xFFFE || c == 0xFFFF || c > 0x10FFFF ||
            (w == 4 && (low_half || high_half)) || (w == 2 && high != low_half))
            return -1;
        high = w == 2 && high_half;
        ascii += c < 0x80;
        uint32_t row = c >> 8;
        *cjk &= c < 0x80 || row == 0x20 || row == 0x30 || (row >= 0x4E && row <= 0x9F) || row == 0xFF;
    }
    return ascii;
}

/* The byte order ('L', 'B') in which data is text of units of w bytes, on
 * clear evidence only, else 0. UTF-32: every unit text (each has a zero
 * byte: text of one byte a unit has none), at least 2. UTF-16: every unit
 * text, and ASCII characters, which put a zero byte beside them, one unit in
 * 8 at least, 2 at least, and more than twice as many as the other order
 * reads (a CJK character U+xx00 reads as ASCII the other way round): a
 * stray NUL or two in UTF-8 text is no UTF-16. With `cjk`, UTF-16 of
 * Chinese alone (no zero byte) is also named when 16 units at least are
 * all CJK one way and not the other: weaker, asked only of a text that is
 * no format junqi reads. */
static char wide_order(const uint8_t *data, size_t len, size_t w, bool cjk)
{
    bool cjk_le, cjk_be;
    long units = (long)(len / w), le = text_units(data, len, w, false, &cjk_le),
         be = text_units(data, len, w, true, &cjk_be);
    if (w == 4)
        return units < 2 ? 0 : le >= 0 ? 'L' : be >= 0 ? 'B' : 0;
    if (le >= 2 && le * 8 >= units && le > 2 * be)
        return 'L';
    if (be >= 2 && be * 8 >= units && be > 2 * le)
        return 'B';
    if (cjk && units >= 16 && (le >= 0 && cjk_le) != (be >= 0 && cjk_be))
        return le >= 0 && cjk_le ? 'L' : 'B';
    return 0;
}

/* The encoding of wider units that data is in, which junqi does not read, as
 * iconv names it for `iconv -f`: "UTF-32" or "UTF-16" after a byte order
 * mark (which says the byte order), "UTF-32LE", "UTF-16BE" ... without one
 * (iconv would take big-endian), by wide_order() (`cjk`: its weaker
 * evidence too); NULL for none. UTF-32 is asked first: its little-endian
 * mark starts with UTF-16's. */
static const char *wide_text(const uint8_t *data, size_t len, bool cjk)
{
    static const uint8_t le32[] = {0xFF, 0xFE, 0, 0}, be32[] = {0, 0, 0xFE, 0xFF};
    if (len >= 4 && (memcmp(data, le32, 4) == 0 || memcmp(data, be32, 4) == 0))
        return "UTF-32";
    char order = wide_order(data, len, 4, false);
    if (order)
        return order == 'L' ? "UTF-32LE" : "UTF-32BE";
    if (len >= 2 && ((data[0] == 0xFF && data[1] == 0xFE) || (data[0] == 0xFE && data[1] == 0xFF)))
        return "UTF-16";
    order = wide_order(data, len, 2, cjk);
    return order == 'L' ? "UTF-16LE" : order == 'B' ? "UTF-16BE" : NULL;
}

/* JSON that the tools wrote (docs/conventions.md, "JSON records name their
 * source"): an object whose first key is one that the tools' objects start
 * with, after an optional byte order mark and blanks: "source" (records,
 * positions, annotations, --list), "type" (junqi-validate's summaries),
 * "file" (its diagnostics), "bestmove", "depth" and "nodes" (junqi-analyze
 * --go, --perft, --bench). None is a formation's key (name, aliases, board,
 * rows), so YAML would take it for a formation with unknown keys, one error
 * per key. */
static bool tools_json_input(const uint8_t *data, size_t len)
{
    static const char *const keys[] = {"\"source\"", "\"type\"", "\"file\"", "\"bestmove\"", "\"depth\"",
                                       "\"nodes\""};
    size_t i = junqi_utf8_bom(data, len);
    while (i < len && strchr(" \t\r\n", data[i]))
        i++;
    if (i >= len || data[i++] != '{')
        return false;
    while (i < len && strchr(" \t\r\n", data[i]))
        i++;
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
        if (len - i >= strlen(keys[k]) && memcmp(data + i, keys[k], strlen(keys[k])) == 0)
            return true;
    return false;
}

/* The text of data that a GBK reading judges: after a byte order mark,
 * before a NUL byte (the YAML reader says where that is), and, in a peek,
 * whole lines (a peek may end inside a character): its start and length. */
static const char *gbk_part(const uint8_t *data, size_t len, bool peek, size_t *n)
{
    size_t bom = junqi_utf8_bom(data, len);
    const uint8_t *nul = memchr(data, '\0', len);
    *n = (nul ? (size_t)(nul - data) : len) - bom;
    size_t whole = *n;
    while (peek && !nul && whole > 0 && data[bom + whole - 1] != '\n')
        whole--;
    if (whole > 0)
        *n = whole;
    return (const char *)data + bom;
}

/* YAML with bytes that are not UTF-8: GBK text (junqi_gbk_text, an older
 * Chinese editor's formation, which next_yaml reads as GBK) that is YAML once
 * read so, or other text that is YAML with each such byte taken for a '?'
 * (a GBK comment in a UTF-8 file: libyaml's error at the byte, where
 * junqi_formation_detect, which judges the text before it, saw none when the
 * byte came on the first lines). */
static bool non_utf8_formation(const uint8_t *data, size_t len)
{
    size_t n;
    const char *text = gbk_part(data, len, true, &n);
    char *utf8;
    if (junqi_utf8_valid(text, n) || !junqi_gbk_text(text, n, &utf8))
        return false; /* none: junqi_formation_detect judged it */
    size_t bad;
    if (!utf8 && (utf8 = junqi_utf8_replace_bad(text, n, "x", &bad))) { /* '?' would start a YAML key */
        if (bad * 8 > n) { /* a text, with a few bad bytes, not noise: binary data is no YAML */
            free(utf8);
            return false;
        }
    }
    bool yaml = utf8 && junqi_formation_detect((const uint8_t *)utf8, strlen(utf8));
    free(utf8);
    return yaml;
}

/* The len bytes at from into to (the same place, or len bytes there), each
 * CR that no LF follows (a line end of old Mac OS) an LF. */
static void lone_cr_to_lf(uint8_t *to, const uint8_t *from, size_t len)
{
    for (size_t i = 0; i < len; i++)
        to[i] = from[i] == '\r' && (i + 1 == len || from[i + 1] != '\n') ? '\n' : from[i];
}

/* The column (in characters) of the CR that ends the first line of data
 * when no LF follows it (old Mac OS line ends) and a second line does, and
 * the text with such CRs read as line ends would be JGN or position strings,
 * each of which is one line of text: the readers would see one line of them
 * ([Board "two-player"]\r[North ... a tag line of many tags), and tell a
 * wrong error or none. 0 otherwise: a YAML formation is left to libyaml,
 * which reads CR alone as a line end (YAML 1.1, 5.4), and LF or CR LF text to
 * its reader, which keeps a CR inside a line as a byte of it. */
static int cr_line_ends(const uint8_t *data, size_t len)
{
    size_t bom = junqi_utf8_bom(data, len), cr = bom;
    while (cr < len && data[cr] != '\r' && data[cr] != '\n')
        cr++;
    if (cr + 1 >= len || data[cr] != '\r' || data[cr + 1] == '\n' || blank_input(data + cr, len - cr))
        return 0;
    char *lf = malloc(len + 1);
    if (!lf)
        return 0;
    lone_cr_to_lf((uint8_t *)lf, data, len);
    lf[len] = '\0';
    bool lines = junqi_jgn_detect((const uint8_t *)lf, len) || junqi_pos_detect(lf, len) ||
                 junqi_flip_pos_detect(lf, len) || junqi_jgn_detect_moves((const uint8_t *)lf, len);
    free(lf);
    return lines ? 1 + (int)junqi_text_chars((const char *)data + bom, cr - bom, false) : 0;
}

static source_kind detect(const uint8_t *data, size_t len)
{
    switch (junqi_qq_detect(data, len)) {
    case JUNQI_QQ_REPLAY: return SOURCE_QQ_REPLAY;
    case JUNQI_QQ_FORMATION: return SOURCE_QQ_FORMATION;
    default: break;
    }
    if (blank_input(data, len))
        return SOURCE_EMPTY;
    if (wide_text(data, len, false))
        return SOURCE_WIDE;
    if (cr_line_ends(data, len))
        return SOURCE_CR_ENDS;
    if (junqi_jgn_detect(data, len))
        return SOURCE_JGN;
    if (junqi_pos_detect((const char *)data, len) || junqi_flip_pos_detect((const char *)data, len))
        return SOURCE_POSITIONS;
    if (tools_json_input(data, len))
        return SOURCE_TOOLS_JSON;
    if (junqi_jgn_detect_moves(data, len)) /* before YAML, which takes a comment before them for a flow mapping */
        return SOURCE_MOVETEXT;
    if (junqi_formation_detect(data, len) || non_utf8_formation(data, len))
        return SOURCE_YAML;
    return wide_text(data, len, true) ? SOURCE_WIDE : SOURCE_UNKNOWN;
}

/* Read the rest of the stream after the peeked prefix into src->data. */
static bool slurp(junqi_source *src, char *err, size_t n)
{
    uint8_t *rest = NULL;
    size_t rest_len = 0;
    if (src->fp && !feof(src->fp) && junqi_read_stream(src->fp, &rest, &rest_len, err, n) != 0)
        return false;
    if (src->len + rest_len > JUNQI_MAX_INPUT) {
        snprintf(err, n, _("larger than the %u MiB limit"), JUNQI_MAX_INPUT >> 20);
        free(rest);
        return false;
    }
    uint8_t *all = realloc(src->data, src->len + rest_len + 1);
    if (!all) {
        free(rest);
        snprintf(err, n, "%s", strerror(ENOMEM));
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

static junqi_source *source_new(const char *name, unsigned flags)
{
    junqi_source *src = calloc(1, sizeof *src);
    if (!src || !(src->name = strdup(name))) {
        free(src);
        return NULL;
    }
    src->flags = flags;
    src->line = 1;
    src->cursor_at.line = 1;
    src->cursor = &src->cursor_at;
    return src;
}

/* Tell the format of src->data (len bytes so far) and prepare to read it:
 * a JGN reader over the prefix and the rest of src->fp, or the whole input.
 * The format is told from the first PEEK_BYTES at most, as a file's peek
 * holds (junqi_source_memory's data is the whole input): one input is one
 * format, read from a file, a pipe or memory. */
static bool source_start(junqi_source *src, char *err, size_t n)
{
    size_t peeked = src->len < PEEK_BYTES ? src->len : PEEK_BYTES;
    src->kind = detect(src->data, peeked);
    /* told from what detect() saw: the whole input, read next, may have a unit that is no text */
    src->wide = src->kind == SOURCE_WIDE ? wide_text(src->data, peeked, true) : NULL;
    if (src->kind != SOURCE_JGN)
        return slurp(src, err, n);
    unsigned jgn_flags = (src->flags & JUNQI_SOURCE_LENIENT) ? JUNQI_JGN_LENIENT : 0;
    src->jgn = junqi_jgn_reader_new(src->fp, src->data, src->len, src->name, jgn_flags);
    if (!src->jgn)
        snprintf(err, n, "%s", strerror(ENOMEM));
    return src->jgn != NULL;
}

/* Whether fp is a regular file, whose reads give all that is asked short of
 * its end: a pipe's or a terminal's give what has come so far. */
static bool regular_file(FILE *fp)
{
    struct stat st;
    return fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode);
}

/* The first bytes of src->fp (up to PEEK_BYTES) into src->data: a regular
 * file's at once; from a pipe or a terminal a line at a time, until they
 * tell JGN (a game is streamed from there: a writer that holds the pipe
 * open gets its first game read as its second starts, not once 4 KiB have
 * come) or PEEK_BYTES have come or the input ends (every other format is
 * read whole anyway). getc() waits only for a byte that has not come: the
 * rest of a line is needed to tell a tag line. False on a read error. */
static bool peek(junqi_source *src)
{
    FILE *fp = src->fp;
    if (!(src->live = !regular_file(fp))) {
        src->len = fread(src->data, 1, PEEK_BYTES, fp);
        return !ferror(fp);
    }
    int c = 0;
    src->len = 0;
    while (src->len < PEEK_BYTES && (c = getc(fp)) != EOF) {
        src->data[src->len++] = (uint8_t)c;
        /* junqi_jgn_detect first: detect() would parse the lines of YAML on each */
        if (c == '\n' && junqi_jgn_detect(src->data, src->len) && detect(src->data, src->len) == SOURCE_JGN)
            break;
    }
    return !ferror(fp);
}

/* The source of src->fp (opened: src is closed on failure, NULL returned
 * with the reason in err): its first bytes (peek) tell the format. */
static junqi_source *source_read(junqi_source *src, char *err, size_t n)
{
    if (!(src->data = malloc(PEEK_BYTES + 1))) {
        snprintf(err, n, "%s", strerror(ENOMEM));
        junqi_source_close(src);
        return NULL;
    }
    if (!peek(src)) {
        snprintf(err, n, "%s", strerror(errno));
        junqi_source_close(src);
        return NULL;
    }
    src->data[src->len] = 0;
    if (!source_start(src, err, n)) {
        junqi_source_close(src);
        return NULL;
    }
    return src;
}

junqi_source *junqi_source_open(const char *path, unsigned flags, char *err, size_t n)
{
    bool use_stdin = !path || strcmp(path, "-") == 0;
    junqi_source *src = source_new(use_stdin ? "<stdin>" : path, flags);
    if (!src) {
        snprintf(err, n, "%s", strerror(ENOMEM));
        return NULL;
    }
    src->fp = use_stdin ? stdin : fopen(path, "rb");
    src->close_fp = !use_stdin;
    if (!src->fp) {
        snprintf(err, n, "%s", strerror(errno));
        junqi_source_close(src);
        return NULL;
    }
    return source_read(src, err, n);
}

junqi_source *junqi_source_stream(FILE *fp, const char *name, unsigned flags, char *err, size_t n)
{
    junqi_source *src = source_new(name ? name : "<stream>", flags);
    if (!src) {
        snprintf(err, n, "%s", strerror(ENOMEM));
        fclose(fp);
        return NULL;
    }
    src->fp = fp;
    src->close_fp = true;
    return source_read(src, err, n);
}

void junqi_source_assume_rules(junqi_source *src, const junqi_rules *rules)
{
    /* moves with no tag section are a game on the board of the set the tool reads with
     * (docs/jgn.md): the JGN reader takes the whole input, read already (slurp) */
    if (src->kind == SOURCE_MOVETEXT && rules && src->items == 0) {
        unsigned jgn_flags = (src->flags & JUNQI_SOURCE_LENIENT) ? JUNQI_JGN_LENIENT : 0;
        src->jgn = junqi_jgn_reader_new(NULL, src->data, src->len, src->name, jgn_flags);
        if (src->jgn) /* else (out of memory) the moves are said unread, as without --rules */
            src->kind = SOURCE_JGN;
    }
    if (src->jgn)
        junqi_jgn_reader_assume_rules(src->jgn, rules);
}

junqi_source *junqi_source_memory(const void *data, size_t len, const char *name, unsigned flags)
{
    char err[64];
    junqi_source *src = source_new(name ? name : "<memory>", flags);
    if (!src || !(src->data = malloc(len + 1))) {
        junqi_source_close(src);
        return NULL;
    }
    if (len)
        memcpy(src->data, data, len);
    src->data[len] = 0;
    src->len = len;
    if (!source_start(src, err, sizeof err)) {
        junqi_source_close(src);
        return NULL;
    }
    return src;
}

junqi_source *junqi_source_string(const char *text)
{
    junqi_source *src = source_new("<position>", 0);
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

const char *junqi_source_name(const junqi_source *src)
{
    return src->name;
}

bool junqi_source_live(const junqi_source *src)
{
    return src->live;
}

/* The first line that a diagnostic of d from `from` on points at and has not
 * been given yet; 0: none. */
static long first_line_wanted(const junqi_diags *d, size_t from)
{
    long first = 0;
    for (size_t i = from; i < d->n; i++)
        if (!d->items[i].source_line && d->items[i].loc.line > 0 && (!first || d->items[i].loc.line < first))
            first = d->items[i].loc.line;
    return first;
}

/* The lines of the whole text of src (YAML, positions) for d from `from`
 * on, looked for from where the last call's were: the items of a file
 * come in order, so that a file of thousands of broken items is not read
 * from its start again for each. */
static void attach_text_lines(const junqi_source *src, junqi_diags *d, size_t from)
{
    long first = first_line_wanted(d, from);
    struct line_cursor *c = src->cursor;
    if (!first)
        return;
    if (first < c->line)
        *c = (struct line_cursor){0, 1};
    while (c->line < first && c->at < src->len) {
        const uint8_t *eol = memchr(src->data + c->at, '\n', src->len - c->at);
        c->at = eol ? (size_t)(eol - src->data) + 1 : src->len;
        c->line += eol != NULL;
    }
    junqi_diags_attach_lines(d, from, (const char *)src->data + c->at, src->len - c->at, c->line);
}

void junqi_source_attach_lines(const junqi_source *src, junqi_diags *d, size_t from)
{
    if (src->kind == SOURCE_YAML || src->kind == SOURCE_POSITIONS || src->kind == SOURCE_CR_ENDS) {
        attach_text_lines(src, d, from);
    } else if (src->kind == SOURCE_JGN) {
        size_t len;
        long first;
        const char *text = junqi_jgn_reader_last(src->jgn, &len, &first);
        junqi_diags_attach_lines(d, from, text, len, first);
    }
}

void junqi_input_place_diags(const junqi_input *in, junqi_diags *d, size_t from)
{
    for (size_t i = from; d && i < d->n; i++) {
        junqi_loc *l = &d->items[i].loc;
        if (in->line > 0 && l->line <= 0 && l->record < 0 && l->offset < 0)
            *l = (junqi_loc){-1, -1, (int)in->line, 1, 0};
        l->item = (int)in->index;
    }
}

void junqi_source_close(junqi_source *src)
{
    if (!src)
        return;
    if (src->fp && src->close_fp)
        fclose(src->fp);
    junqi_jgn_reader_free(src->jgn);
    junqi_formations_free(&src->formations);
    junqi_diags_free(&src->yaml_diags);
    free(src->data);
    free(src->name);
    free(src);
}

/* A replay whose moves are all there but whose end is not (a file cut inside
 * its end marker) is read, and broken all the same: the error says so, and
 * every tool counts it as junqi-validate does. */
static junqi_read_status next_qq_replay(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    size_t errors = d->errors;
    in->game = junqi_qq_read_replay(src->data, src->len, d);
    if (!in->game)
        return JUNQI_READ_BROKEN;
    in->kind = JUNQI_INPUT_RECORD;
    return d->errors > errors ? JUNQI_READ_BROKEN : JUNQI_READ_OK;
}

static junqi_read_status next_qq_formation(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    if (!junqi_qq_read_formation(src->data, src->len, in->formation.setup, d))
        return JUNQI_READ_BROKEN;
    in->kind = JUNQI_INPUT_FORMATION;
    in->formation.has_board = true; /* QQ 四国军棋's: a four-player formation (docs/qq-format.md) */
    in->formation.board = JUNQI_FOUR_PLAYER;
    in->formation.loc = (junqi_loc){20, -1, -1, -1, 0};
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 5; c++)
            in->formation.cell[r][c] = (junqi_loc){20 + r * 5 + c, -1, -1, -1, 0};
    return JUNQI_READ_OK;
}

/* A record that starts from pos. False when out of memory. */
static bool position_record(junqi_input *in, const junqi_position *pos)
{
    in->game = junqi_game_new(pos->board->kind);
    if (!in->game || !(in->game->start = malloc(sizeof *pos)))
        return false;
    *in->game->start = *pos;
    junqi_game_set_rules(in->game, pos->rules);
    for (int s = 0; s < JUNQI_SEATS; s++)
        in->game->seat[s].present = (pos->present & JUNQI_SEAT_BIT(s)) != 0;
    in->kind = JUNQI_INPUT_RECORD;
    return true;
}

/* Locate the diagnostics from `before` on at line `line` of a positions source
 * (by line and column, as every text input's: no offset). */
static void locate_position_diags(junqi_diags *d, size_t before, long line, const char *text, size_t n)
{
    for (size_t i = before; d && i < d->n; i++) {
        d->items[i].loc.line = (int)line;
        d->items[i].loc.offset = -1; /* the parser's is the byte in the line: a text input has none */
        junqi_diag_set_line(&d->items[i], text, text + n, NULL);
    }
}

/* A flip position line (flipnote.h): a record that starts from it. */
static junqi_read_status next_flip_position(junqi_input *in, junqi_diags *d, const char *text, size_t n, long line)
{
    size_t before = d ? d->n : 0;
    junqi_flip *pos = malloc(sizeof *pos);
    if (!pos) {
        junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE, "out of memory");
        return JUNQI_READ_FAILED;
    }
    if (!junqi_flip_pos_parse(text, n, pos, d)) {
        free(pos);
        locate_position_diags(d, before, line, text, n);
        return JUNQI_READ_BROKEN;
    }
    in->game = junqi_flip_game_new(pos->rules, NULL, JUNQI_NO_SEAT);
    if (!in->game) {
        free(pos);
        junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE, "out of memory");
        return JUNQI_READ_FAILED;
    }
    in->game->flip_start = pos;
    in->kind = JUNQI_INPUT_RECORD;
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
        if (end - start >= 3 && memcmp(text + start, "\xEF\xBB\xBF", 3) == 0)
            start += 3; /* a UTF-8 byte order mark: the input's, or a joined file's */
        long line = src->item_line = src->line++;
        src->at = end + 1;
        size_t n = end - start;
        while (n > 0 && (text[start + n - 1] == '\r' || text[start + n - 1] == ' '))
            n--;
        if (n == 0)
            continue;
        const char *nul = memchr(text + start, '\0', n);
        if (nul) { /* a position string is text: the parser would stop at the NUL */
            junqi_diags_add_at_byte(d, JUNQI_CODE_NUL_BYTE, text + start, n, line, nul,
                                    N_("a NUL byte (0x00) in the text: a position string is text, so this "
                                       "line is not read (a binary file, or UTF-16?)"));
            return JUNQI_READ_BROKEN;
        }
        if (junqi_flip_pos_detect(text + start, n))
            return next_flip_position(in, d, text + start, n, line);
        junqi_position pos;
        size_t before = d ? d->n : 0;
        if (!junqi_pos_parse(text + start, n, &pos, d)) {
            locate_position_diags(d, before, line, text + start, n);
            return JUNQI_READ_BROKEN;
        }
        if (!position_record(in, &pos)) {
            junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE, "out of memory");
            return JUNQI_READ_FAILED;
        }
        return JUNQI_READ_OK;
    }
    return JUNQI_READ_END;
}

/* Hand src->yaml_diags[src->next_diag .. upto) to d. False when out of memory. */
static bool hand_yaml_diags(junqi_source *src, size_t upto, junqi_diags *d)
{
    size_t first = src->next_diag;
    src->next_diag = upto;
    if (junqi_diags_move(d, &src->yaml_diags, first, upto - first))
        return true;
    junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE, "out of memory");
    return false;
}

/* YAML that is GBK text (junqi_gbk_text) is read as GBK, as a JGN game is
 * (docs/formation.md): src's text is converted once (a byte order mark
 * dropped, what follows a NUL byte kept as it is, for the reader to say
 * where that is), and src->gbk_at is set to the first byte that was not
 * UTF-8, where the not-utf8 warning of each item points. Other text is
 * left to libyaml, which says where it fails. False when out of memory. */
static bool yaml_as_gbk(junqi_source *src)
{
    size_t n;
    const char *text = gbk_part(src->data, src->len, false, &n);
    char *utf8;
    long line;
    int column;
    if (!junqi_gbk_text(text, n, &utf8))
        return false;
    if (!utf8 || !junqi_utf8_first_bad(text, n, true, 1, &line, &column)) {
        free(utf8);
        return true;
    }
    size_t head = strlen(utf8), rest = src->len - (size_t)(text + n - (const char *)src->data);
    uint8_t *all = realloc(utf8, head + rest + 1);
    if (!all) {
        free(utf8);
        return false;
    }
    memcpy(all + head, text + n, rest);
    all[head + rest] = '\0';
    free(src->data);
    src->data = all;
    src->len = head + rest;
    src->gbk_at = (junqi_loc){-1, -1, (int)line, column, 0};
    return true;
}

/* YAML: the formations in the order of the text, each with its own reading
 * problems; problems outside any formation (syntax, a document that is no
 * formation) come as broken items of their own, where they are in the text. */
static junqi_read_status next_yaml(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    if (!src->done) {
        src->done = true;
        if (!yaml_as_gbk(src)) {
            junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE, "out of memory");
            return JUNQI_READ_FAILED;
        }
        /* libyaml reads a CR alone as a line end (YAML 1.1, 5.4) and a diagnostic's line is found
         * by its LFs (junqi_diags_attach_lines): the same line end, so that it shows the line it
         * names (a CR alone on line 1 showed line 6 for an error on line 5) */
        lone_cr_to_lf(src->data, src->data, src->len);
        junqi_formation_read_yaml(src->data, src->len, &src->formations, &src->yaml_diags);
    }
    if (src->gbk_at.line > 0 && (src->next_diag < src->yaml_diags.n || src->next_formation < src->formations.n))
        /* each item, as each game of a JGN file: a tool may take one formation of several */
        junqi_diags_add(d, JUNQI_CODE_NOT_UTF8, -1, src->gbk_at, "the file is not UTF-8: read as GBK");
    junqi_formation *f = src->next_formation < src->formations.n
                             ? &src->formations.items[src->next_formation] : NULL;
    size_t upto = f ? f->diag_from : src->yaml_diags.n;
    if (src->next_diag < upto)
        return hand_yaml_diags(src, upto, d) ? JUNQI_READ_BROKEN : JUNQI_READ_FAILED;
    if (!f)
        return JUNQI_READ_END;
    size_t errors = d->errors;
    if (!hand_yaml_diags(src, f->diag_to, d))
        return JUNQI_READ_FAILED;
    src->next_formation++;
    junqi_formation_move(&in->formation, f);
    in->kind = JUNQI_INPUT_FORMATION;
    return d->errors > errors ? JUNQI_READ_BROKEN : JUNQI_READ_OK;
}

/* The line where the item just read starts (0: not a text source). */
static long item_line(const junqi_source *src, const junqi_input *in)
{
    size_t len;
    long first = 0;
    switch (src->kind) {
    case SOURCE_JGN: junqi_jgn_reader_last(src->jgn, &len, &first); return first;
    case SOURCE_POSITIONS: return src->item_line;
    case SOURCE_YAML: return in->kind == JUNQI_INPUT_FORMATION ? in->formation.loc.line : 0;
    default: return 0;
    }
}

/* An input of a kind junqi does not read: the error `why` (a message, not
 * yet translated), and the item is broken. */
static junqi_read_status not_read(junqi_diags *d, junqi_code code, const char *why)
{
    junqi_diags_add(d, code, -1, JUNQI_NOWHERE, "%s", _(why));
    return JUNQI_READ_BROKEN;
}

/* What SOURCE_MOVETEXT says when no rule set made it a game (junqi_source_assume_rules): how to
 * give one named as src's caller takes it, the tools' --rules or Python's rules= (H10). */
static junqi_read_status moves_without_tags(const junqi_source *src, junqi_diags *d)
{
    /* TRANSLATORS: %s is how a rule set is given: the tools' option --rules, or Python's rules= */
    junqi_diags_add(d, JUNQI_CODE_UNKNOWN_FORMAT, -1, JUNQI_NOWHERE,
                    "JGN moves with no tags before them: a JGN game starts with its tag section, at least "
                    "[Board \"four-player\"] or [Board \"two-player\"], or is read with %s, on its set's board "
                    "(docs/jgn.md)", src->flags & JUNQI_SOURCE_RULES_KEYWORD ? "rules=" : "--rules");
    return JUNQI_READ_BROKEN;
}

junqi_read_status junqi_source_next(junqi_source *src, junqi_input *in, junqi_diags *d)
{
    memset(in, 0, sizeof *in);
    if (!(in->name = strdup(src->name))) {
        junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE, "out of memory");
        return JUNQI_READ_FAILED;
    }
    bool once = src->kind != SOURCE_JGN && src->kind != SOURCE_POSITIONS && src->kind != SOURCE_YAML;
    junqi_read_status rc = JUNQI_READ_END;
    if (once && src->done)
        goto end;
    switch (src->kind) {
    case SOURCE_QQ_REPLAY: rc = next_qq_replay(src, in, d); break;
    case SOURCE_QQ_FORMATION: rc = next_qq_formation(src, in, d); break;
    case SOURCE_JGN: rc = junqi_jgn_next(src->jgn, &in->game, d); break;
    case SOURCE_POSITIONS: rc = next_position(src, in, d); break;
    case SOURCE_YAML: rc = next_yaml(src, in, d); break;
    case SOURCE_EMPTY: rc = JUNQI_READ_END; break;
    case SOURCE_WIDE: {
        const char *encoding = src->wide;
        /* TRANSLATORS: UTF-16 or UTF-32, then its name for iconv: UTF-16, UTF-16LE, UTF-32BE ... */
        junqi_diags_add(d, JUNQI_CODE_UTF16, -1, JUNQI_NOWHERE, "the input is %s text: junqi reads UTF-8 (or GBK); "
                        "convert it first: iconv -f %s -t UTF-8", encoding[4] == '1' ? "UTF-16" : "UTF-32", encoding);
        rc = JUNQI_READ_BROKEN;
        break;
    }
    case SOURCE_CR_ENDS: {
        /* the place apart: xgettext would count a compound literal's commas as arguments */
        junqi_loc at = {-1, -1, 1, cr_line_ends(src->data, src->len < PEEK_BYTES ? src->len : PEEK_BYTES), 0};
        junqi_diags_add(d, JUNQI_CODE_CR_LINE_ENDS, -1, at,
                        "the lines end in CR alone (old Mac line ends): junqi reads LF or CR LF line ends; "
                        "convert the file first: tr '\\r' '\\n'");
        rc = JUNQI_READ_BROKEN;
        break;
    }
    case SOURCE_MOVETEXT:
        rc = moves_without_tags(src, d);
        break;
    case SOURCE_TOOLS_JSON:
        rc = not_read(d, JUNQI_CODE_UNKNOWN_FORMAT,
                      N_("JSON that junqi's tools write (junqi-replay --to json, --format json) is an output, not an "
                         "input: give the tools the JGN record, replay or position it was made from"));
        break;
    default:
        rc = not_read(d, JUNQI_CODE_UNKNOWN_FORMAT,
                      N_("not a format junqi reads: QQ replays (.jgs/.jqs) and formations (.jql), JGN records, "
                         "position strings and YAML formations are recognised by content"));
    }
    if (once)
        src->done = true;
    if (rc == JUNQI_READ_END && src->items == 0 && !src->said_empty) {
        /* nothing at all: in a pipeline that means zero games, not an error */
        src->said_empty = true;
        junqi_diags_add(d, JUNQI_CODE_NO_GAMES, -1, JUNQI_NOWHERE,
                        "the input holds no game or formation (zero items)");
        in->kind = JUNQI_INPUT_EMPTY;
        return JUNQI_READ_OK;
    }
    if (rc == JUNQI_READ_END)
        goto end;
    /* YAML: problems outside any formation are items of their own, numbered 0 */
    src->items++;
    in->index = src->kind != SOURCE_YAML ? src->items
                : in->kind == JUNQI_INPUT_FORMATION ? src->next_formation : 0;
    in->several = !once;
    in->line = item_line(src, in);
    if (src->kind == SOURCE_JGN && in->game)
        in->kind = JUNQI_INPUT_RECORD;
    if (in->game) {
        in->game->source_index = in->index;
        if (!in->game->source)
            in->game->source = strdup(src->name);
    }
    return rc;
end:
    junqi_input_free(in); /* nothing to hand over */
    return JUNQI_READ_END;
}

const char *junqi_input_label(const junqi_input *in, char *buf, size_t n)
{
    bool formation = in->kind == JUNQI_INPUT_FORMATION;
    if (!in->several || in->index == 0)
        snprintf(buf, n, "%s", in->name);
    else if (in->line > 0)
        snprintf(buf, n, formation ? _("%s: formation %zu (line %ld)") : _("%s: game %zu (line %ld)"),
                 in->name, in->index, in->line);
    else
        snprintf(buf, n, formation ? _("%s: formation %zu") : _("%s: game %zu"), in->name, in->index);
    return buf;
}

void junqi_input_free(junqi_input *in)
{
    junqi_game_free(in->game);
    junqi_formation_clear(&in->formation);
    free(in->name);
    memset(in, 0, sizeof *in);
}
