/* SPDX-License-Identifier: MIT */
/*
 * jgn.c - reading and writing JGN game records. See jgn.h and docs/jgn.md.
 *
 * Design note: reading has two stages. The reader cuts the input into game
 * texts line by line (a game ends where a line starting with '[' follows
 * movetext or a blank line, outside any comment), so that memory is bounded
 * by one game. The parser then reads one game text: the tag section, then
 * the movetext tokens, building items into a stack of lines for variations.
 * The writer is the parser's inverse on canonical text.
 */
#include "jgn.h"
#include "i18n.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "flipnote.h"
#include "jgn_flip.h"
#include "posnote.h"
#include "setup.h"
#include "text.h"

/* ------------------------------------------------------------------ */
/* Names shared by the reader and the writer                          */

/* Outcome separators of a move token: from-to, fromxto (combat, result not
 * recorded), from>to (attacker wins), from<to (attacker loses), from=to (both
 * removed). Index = junqi_outcome; 'x' is the unknown outcome. */
static const char outcome_sep[] = "-><=";

static const char *const glyphs[] = {NULL, "!", "?", "!!", "??", "!?", "?!"};

/* Whether line l ends in an END item, the result of its movetext: the
 * comments after it are those after the result. */
static bool ends_in_end(const junqi_line *l)
{
    return l->nitems > 0 && l->items[l->nitems - 1].kind == JUNQI_ITEM_END;
}

/* Reasons as written in tokens and the Termination tag. */
static junqi_reason reason_parse(const char *text, size_t len)
{
    for (int r = JUNQI_REASON_FLAG_CAPTURED; r < JUNQI_REASON_COUNT; r++) {
        const char *id = junqi_reason_id((junqi_reason)r);
        if (strlen(id) == len && memcmp(id, text, len) == 0)
            return (junqi_reason)r;
    }
    return JUNQI_REASON_NONE;
}

/* Control characters (C0 but tab and newline, and DEL) are written in tag
 * values and comments as \xHH (docs/jgn.md), never raw. */
static bool control_char(unsigned char c)
{
    return (c < 0x20 && c != '\t' && c != '\n') || c == 0x7F;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* \xHH at s naming a control character other than NUL (tab and newline
 * included: a tag value cannot hold a raw newline): *c gets it. */
static bool control_escape(const char *s, char *c)
{
    if (s[0] != '\\' || s[1] != 'x' || hex_digit(s[2]) < 0 || hex_digit(s[3]) < 0)
        return false;
    int v = hex_digit(s[2]) * 16 + hex_digit(s[3]);
    if (v == 0 || (v >= 0x20 && v != 0x7F))
        return false;
    *c = (char)v;
    return true;
}

/* A decimal number 0..255 of n bytes (no sign, no leading zero); false if not. */
static bool parse_byte(const char *s, size_t n, uint8_t *out)
{
    unsigned v = 0;
    if (n == 0 || n > 3 || (n > 1 && s[0] == '0'))
        return false;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return false;
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    if (v > 255)
        return false;
    *out = (uint8_t)v;
    return true;
}

/* The platform code after a reason: ":N" (n bytes at colon, or none) is
 * required with unknown_code and allowed with no other reason, so that every
 * code survives a round trip (docs/jgn.md). */
static const char reason_code_rule[] =
    "unknown_code takes the platform's code as :N (0 to 255), other reasons take none";
static bool reason_code(junqi_reason reason, const char *colon, size_t n, uint8_t *code)
{
    *code = 0;
    if (reason != JUNQI_REASON_UNKNOWN_CODE)
        return colon == NULL;
    return colon && parse_byte(colon + 1, n - 1, code);
}

static const char *const seat_tags[] = {"North", "East", "South", "West"};
static const char *const setup_tags[] = {"NorthSetup", "EastSetup", "SouthSetup", "WestSetup"};

/* Tags written first, when present among the free tags, in this order. */
static const char *const leading_tags[] = {"Event", "Site", "Date", "Round"};

/* Parse a result text; false if it is none. */
static bool result_parse(const char *text, size_t len, junqi_result *r)
{
    static const struct {
        const char *text;
        uint8_t status, winners;
    } results[] = {
        {"north-south", JUNQI_DECIDED, 0x5}, {"east-west", JUNQI_DECIDED, 0xA},
        {"north", JUNQI_DECIDED, 0x1},       {"east", JUNQI_DECIDED, 0x2},
        {"south", JUNQI_DECIDED, 0x4},       {"west", JUNQI_DECIDED, 0x8},
        {"draw", JUNQI_DRAWN, 0},            {"undecided", JUNQI_UNDECIDED, 0},
        {"*", JUNQI_ONGOING, 0},
    };
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strlen(results[i].text) == len && memcmp(results[i].text, text, len) == 0) {
            *r = (junqi_result){results[i].status, results[i].winners, JUNQI_REASON_NONE, 0};
            return true;
        }
    return false;
}

/* ------------------------------------------------------------------ */
/* The reader: cutting the input into game texts                      */

struct junqi_jgn_reader {
    FILE *in;
    uint8_t *prefix;
    size_t prefix_len, prefix_at;
    char *name;
    unsigned flags;
    const junqi_rules *assumed; /* junqi_jgn_reader_assume_rules()'s set, or NULL */
    long lines;          /* lines consumed */
    char *line;          /* the current line, reused */
    size_t line_cap;
    char *pending;       /* the first line of the next game, or NULL */
    long pending_no;
    bool at_start;       /* no byte read yet (a BOM may follow) */
    bool failed;         /* a read error ended the input */
    bool line_too_long;  /* the last line passed JUNQI_JGN_MAX_GAME and was cut */
    char *last;          /* the text of the game read last (UTF-8), or NULL */
    size_t last_len;
    long last_line;      /* its first line, or 0 */
};

junqi_jgn_reader *junqi_jgn_reader_new(FILE *in, const uint8_t *prefix, size_t prefix_len,
                                       const char *name, unsigned flags)
{
    junqi_jgn_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->in = in;
    r->prefix = malloc(prefix_len + 1);
    r->name = strdup(name ? name : "<stdin>");
    if (!r->prefix || !r->name) {
        junqi_jgn_reader_free(r);
        return NULL;
    }
    if (prefix_len)
        memcpy(r->prefix, prefix, prefix_len);
    r->prefix_len = prefix_len;
    r->flags = flags;
    r->at_start = true;
    return r;
}

void junqi_jgn_reader_free(junqi_jgn_reader *r)
{
    if (!r)
        return;
    free(r->prefix);
    free(r->name);
    free(r->line);
    free(r->pending);
    free(r->last);
    free(r);
}

/* The next byte of the input. The stream is read unlocked: the caller,
 * junqi_jgn_next(), holds its lock for the whole game (flockfile), as
 * POSIX asks of getc_unlocked(). getc() takes and drops it at every byte
 * in a process with a second thread (the tools' signal watcher, the
 * searches), which doubled the time to read a collection there: 7.5 s
 * against 3.7 s for 41,979 games, junqi-analyze's count of its inputs. */
static int read_byte(junqi_jgn_reader *r)
{
    if (r->prefix_at < r->prefix_len)
        return r->prefix[r->prefix_at++];
    if (!r->in)
        return EOF;
    int c = getc_unlocked(r->in);
    if (c == EOF && ferror(r->in))
        r->failed = true;
    return c;
}

/* The line of n bytes at line (NUL-terminated) without a byte order mark
 * at its start; its new length. A BOM starts the input, and every file
 * of a concatenation (cat a.jgn b.jgn) that an editor saved with one. */
static long drop_bom(char *line, long n)
{
    if (n < 3 || memcmp(line, "\xEF\xBB\xBF", 3) != 0)
        return n;
    memmove(line, line + 3, (size_t)n - 2);
    return n - 3;
}

/* What read_line() returns instead of a length. */
enum { LINE_END = -1, LINE_OUT_OF_MEMORY = -2 };

/* Read one line (without its newline, a trailing CR dropped) into r->line.
 * Returns its length, or LINE_END at the end of the input, LINE_OUT_OF_MEMORY. */
static long read_line(junqi_jgn_reader *r)
{
    size_t n = 0;
    int c;
    while ((c = read_byte(r)) != EOF && c != '\n') {
        if (n >= JUNQI_JGN_MAX_GAME) {
            r->line_too_long = true; /* keep reading to the newline, storing nothing */
            continue;
        }
        if (n + 2 > r->line_cap) {
            size_t cap = r->line_cap ? r->line_cap * 2 : 256;
            char *grown = realloc(r->line, cap);
            if (!grown)
                return LINE_OUT_OF_MEMORY;
            r->line = grown;
            r->line_cap = cap;
        }
        r->line[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return LINE_END;
    if (!r->line && !(r->line = malloc(r->line_cap = 16)))
        return LINE_OUT_OF_MEMORY;
    if (n > 0 && r->line[n - 1] == '\r')
        n--;
    r->line[n] = '\0';
    r->lines++;
    if (r->at_start)
        n = (size_t)drop_bom(r->line, (long)n);
    r->at_start = false;
    return (long)n;
}

static bool blank(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == '\0';
}

/* A line that is all a ';' comment (outside a {} comment): it is neither a
 * tag nor movetext, so it never starts or splits a game (docs/jgn.md). */
static bool remark(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == ';';
}

/* Whether a line (n bytes) holds nothing outside {} comments but blanks and
 * a ';' remark, given whether a comment is open at its start (in_comment);
 * *open gets whether one is at its end. The line is not converted yet: a
 * GBK line is stepped through by its characters, whose trail bytes may be
 * those of '\\' or '}' (junqi_text_char_length). */
static bool comments_only(const char *s, size_t n, bool in_comment, bool *open)
{
    bool only = true;
    int gbk = -1; /* whether the line is GBK: asked at its first byte that is not ASCII */
    for (const char *line = s, *end = s + n; s < end; s++) {
        if ((unsigned char)*s >= 0x80) { /* a character of more bytes: no mark, and no blank */
            if (gbk < 0)
                gbk = junqi_text_kind_of(line, n) == JUNQI_TEXT_GBK;
            only &= in_comment;
            s += junqi_text_char_length(s, (size_t)(end - s), gbk) - 1;
        } else if (in_comment) {
            if (*s == '\\' && s + 1 < end)
                s++;
            else if (*s == '}')
                in_comment = false;
        } else if (*s == '{') {
            in_comment = true;
        } else if (*s == ';') {
            break;
        } else {
            only &= *s == ' ' || *s == '\t';
        }
    }
    *open = in_comment;
    return only;
}

/* A growing text buffer. */
typedef struct text_buf {
    char *s;
    size_t len, cap;
} text_buf;

static bool buf_append(text_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *grown = realloc(b->s, cap);
        if (!grown)
            return false;
        b->s = grown;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
    return true;
}

static junqi_loc line_loc(long line, int column)
{
    return (junqi_loc){-1, -1, (int)line, column, 0};
}

/* After a game too large to hold: drop lines up to the next tag line
 * (`[Name "`), which starts the next game. False on OOM. */
static bool skip_game(junqi_jgn_reader *r)
{
    long n;
    while ((n = read_line(r)) >= 0) {
        n = drop_bom(r->line, n);
        if (junqi_jgn_detect((const uint8_t *)r->line, (size_t)n) && r->line[0] == '[') {
            r->pending = strdup(r->line);
            r->pending_no = r->lines;
            return r->pending != NULL;
        }
    }
    return n != LINE_OUT_OF_MEMORY;
}

/* Take the next game's text into *game; *first_line is its first line's number.
 * Returns JUNQI_READ_OK, _END, _BROKEN (a game too large, reported and
 * skipped) or _FAILED (a read error or out of memory, reported). */
static junqi_read_status cut_game(junqi_jgn_reader *r, text_buf *game, long *first_line,
                                  junqi_diags *d)
{
    bool in_comment = false, movetext = false, after_blank = false, tagged = false;
    for (;;) {
        const char *line;
        long no;
        if (r->pending) {
            if (!buf_append(game, r->pending, strlen(r->pending)) || !buf_append(game, "\n", 1))
                goto oom;
            *first_line = r->pending_no;
            free(r->pending);
            r->pending = NULL;
            continue;
        }
        long n = read_line(r);
        if (n == LINE_OUT_OF_MEMORY)
            goto oom;
        if (n == LINE_END)
            break;
        if (!in_comment)
            n = drop_bom(r->line, n); /* the start of a file joined on */
        line = r->line;
        no = r->lines;
        bool aside = !in_comment && remark(line);
        if (game->len == 0 && (blank(line) || aside))
            continue;
        if (game->len == 0)
            *first_line = no;
        else if (!in_comment && line[0] == '[' && (movetext || (after_blank && tagged))) {
            if (!(r->pending = strdup(line)))
                goto oom;
            r->pending_no = no;
            break;
        }
        bool tag = !in_comment && line[0] == '[' && !movetext, open;
        if (!tag && !blank(line) && !aside) { /* comments before the first tag are no movetext */
            movetext |= !comments_only(line, (size_t)n, in_comment, &open) || tagged;
            in_comment = open;
        }
        tagged |= tag;
        after_blank = !in_comment && blank(line);
        if (r->line_too_long || game->len + (size_t)n > JUNQI_JGN_MAX_GAME) {
            r->line_too_long = false;
            junqi_diags_add(d, JUNQI_CODE_GAME_TOO_LARGE, -1, line_loc(*first_line, 1),
                            "the game starting here is larger than %zu MiB", JUNQI_JGN_MAX_GAME >> 20);
            game->len = 0;
            return skip_game(r) ? JUNQI_READ_BROKEN : JUNQI_READ_FAILED;
        }
        if (!buf_append(game, line, (size_t)n) || !buf_append(game, "\n", 1))
            goto oom;
    }
    if (r->failed) {
        junqi_diags_add(d, JUNQI_CODE_READ_ERROR, -1, line_loc(r->lines, 1),
                        "reading the input failed: %s", strerror(errno));
        return JUNQI_READ_FAILED;
    }
    return game->len > 0 ? JUNQI_READ_OK : JUNQI_READ_END;
oom:
    junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, line_loc(r->lines, 1), "out of memory");
    return JUNQI_READ_FAILED;
}

/* ------------------------------------------------------------------ */
/* The parser of one game text                                        */

/* A line being filled, and the item its variation replaces. */
typedef struct frame {
    junqi_line *line;
    size_t first_number; /* the move number of the line's first move */
    size_t moves;        /* moves in the line so far */
} frame;

typedef struct parser {
    const char *text;     /* the game text, NUL-terminated */
    size_t at;
    long line;            /* current line number */
    const char *line_start;
    const char *name;
    junqi_diags *d;
    unsigned flags;
    junqi_game *g;
    const junqi_board *b;
    frame stack[JUNQI_JGN_MAX_DEPTH + 1];
    int depth;
    bool error;
    bool ended;           /* the termination marker was read */
    bool cut;             /* lenient: the movetext stopped at an error before its end */
    const char *result_at; /* the Result tag, or NULL */
    const char *col_line, *col_at; /* column_at()'s memory */
    int col;
    long first_line;      /* the line number of text[0] */
    /* tags settled once all are read (settle_tags): where each is, and its value */
    const char *rules_at, *mode_at, *view_at, *first_at, *position_at;
    const char *deal_at, *setup_at[JUNQI_SEATS]; /* the Deal and setup tags, or NULL */
    char deal_error[JUNQI_RULES_ERR_SIZE]; /* a malformed Deal's message, said once the rules are known, or "" */
    const char *deal_error_at; /* where in its value it is */
    char *rules_value, *position_value;
    int mode;             /* the Mode tag's junqi_info_mode, or -1 */
    const junqi_rules *rules_tag; /* the Rules tag's set on the game's board (settle_rules), or NULL */
    const junqi_rules *assumed; /* the set the caller reads the game with (its board without a
                                   Board or Rules tag), or NULL */
    bool tagless;         /* no tag section: moves alone, read as a game of `assumed` (junqi_source) */
    size_t next_game;     /* tagless: where the next game of moves alone starts (next_tagless_game), or 0 */
} parser;

/* The 1-based column (in characters) of `at` on the line starting at `start`. */
static int column_of(const char *start, const char *at)
{
    int col = 1;
    for (const char *s = start; s < at; s++)
        col += ((unsigned char)*s & 0xC0) != 0x80;
    return col;
}

/* The column of `at` on the line starting at `start`, counting on from the
 * last call when it was on the same line and not further on (tokens,
 * comments and the problems found in them come in order, so a long line is
 * not rescanned for each). */
static int column_at(parser *p, const char *start, const char *at)
{
    if (p->col_line != start || at < p->col_at) {
        p->col_line = start;
        p->col_at = start;
        p->col = 1;
    }
    p->col += column_of(p->col_at, at) - 1;
    p->col_at = at;
    return p->col;
}

/* The column of `at` on the current line (column_at). */
static int current_column(parser *p, const char *at)
{
    return column_at(p, p->line_start, at);
}

/* The line of `at` (a point of the text read so far), and where that line starts. */
static long line_of(const parser *p, const char *at, const char **start)
{
    long line = p->line;
    *start = p->line_start;
    if (at < *start) {
        line = p->first_line;
        *start = p->text;
        for (const char *s = p->text; s < at; s++)
            if (*s == '\n')
                line++, *start = s + 1;
    }
    return line;
}

/* Report at a point of the text, with the source line for the caret. */
__attribute__((format(printf, 4, 5)))
static void report_at(parser *p, const char *at, junqi_code code, const char *fmt, ...)
{
    const char *start;
    long line = line_of(p, at, &start);
    size_t before = p->d ? p->d->n : 0;
    va_list ap;
    va_start(ap, fmt); /* the whole message: it quotes no more of the text than junqi_quote() keeps */
    junqi_diags_vadd(p->d, code, -1, line_loc(line, column_at(p, start, at)), fmt, ap);
    va_end(ap);
    if (p->d && p->d->n > before)
        junqi_diag_set_line(&p->d->items[p->d->n - 1], start, NULL, at);
    if (junqi_code_severity(code) == JUNQI_SEV_ERROR)
        p->error = true;
}

static void skip_space(parser *p)
{
    for (;;) {
        char c = p->text[p->at];
        if (c == '\n') {
            p->at++;
            p->line++;
            p->line_start = p->text + p->at;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            p->at++;
        } else if (c == ';') { /* a rest-of-line comment, dropped */
            while (p->text[p->at] && p->text[p->at] != '\n')
                p->at++;
        } else {
            return;
        }
    }
}

/* A full-width character in the n bytes at s (junqi_full_width_ascii: a token, or the
 * character where a tag line's mark was expected): the error `code` at that character, which
 * names the ASCII one to type (read as they are, the token was another one's error: 'j13　2.'
 * was no move mark). False when there is none. */
static bool full_width_error(parser *p, const char *s, size_t n, junqi_code code)
{
    const char *at;
    char ascii = junqi_full_width_ascii(s, n, &at);
    if (ascii == ' ')
        report_at(p, at, code, "'%.3s' is a full-width space (U+3000): JGN's blanks are ASCII spaces, tabs and "
                               "line ends", at);
    else if (ascii)
        report_at(p, at, code, "'%.3s' is a full-width '%c': JGN is written in ASCII (half-width) characters "
                               "outside comments and tag values", at, ascii);
    return ascii != 0;
}

/* A tag line's error at s, where `msgid` was expected: the full-width character there named
 * when it is one (full_width_error), as the Chinese input method may have typed ［, ＂, ］ or
 * a full-width space for it. */
static void tag_error(parser *p, const char *s, const char *msgid)
{
    if (!full_width_error(p, s, strnlen(s, 3), JUNQI_CODE_BAD_TAG))
        report_at(p, s, JUNQI_CODE_BAD_TAG, "%s", _(msgid));
}

/* ---- tags ---- */

/* The length of the '[' that opens a tag line at s (n bytes there): 1, or 3 for a full-width
 * form of it (［, 【: junqi_full_width_ascii) as a Chinese input method types it, a tag line
 * whose error names it; 0 when s opens none. */
static size_t tag_open(const char *s, size_t n)
{
    const char *at;
    return n && *s == '[' ? 1 : junqi_full_width_ascii(s, n < 3 ? n : 3, &at) == '[' ? 3 : 0;
}

/* Parse `[Name "Value"]` at p->at (one line). Returns false on a syntax error (a full-width
 * '[' one of them, tag_open). */
static bool parse_tag_line(parser *p, char **name, char **value)
{
    const char *s = p->text + p->at, *start = s;
    *name = *value = NULL;
    if (tag_open(s, strnlen(s, 3)) != 1)
        return full_width_error(p, s, 3, JUNQI_CODE_BAD_TAG), false;
    s++;
    while (*s == ' ')
        s++;
    const char *n0 = s;
    while (isalnum((unsigned char)*s) || *s == '_')
        s++;
    if (s == n0) {
        tag_error(p, s, N_("a tag name (letters, digits, _) was expected"));
        return false;
    }
    const char *n1 = s;
    if ((unsigned char)*s < 0x80 && isgraph((unsigned char)*s) && *s != '"' && *s != ']') { /* [X-Source */
        report_at(p, s, JUNQI_CODE_BAD_TAG, "a tag name holds letters, digits and _ only, not '%c'", *s);
        return false;
    }
    while (*s == ' ')
        s++;
    if (*s != '"') {
        tag_error(p, s, N_("the tag value must be in double quotes"));
        return false;
    }
    text_buf v = {0};
    for (s++; *s && *s != '"' && *s != '\n'; s++) {
        char c = *s;
        if (*s == '\\' && (s[1] == '"' || s[1] == '\\'))
            c = *++s;
        else if (control_escape(s, &c))
            s += 3;
        else if (control_char((unsigned char)c))
            report_at(p, s, JUNQI_CODE_CONTROL_CHARACTER, "the tag value holds the control "
                      "character U+%04X; it is kept, and written as \\x%02x", c, c);
        if (!buf_append(&v, &c, 1))
            goto oom;
    }
    if (*s != '"') {
        report_at(p, s, JUNQI_CODE_BAD_TAG, "the tag value has no closing double quote");
        free(v.s);
        return false;
    }
    s++;
    while (*s == ' ')
        s++;
    if (*s != ']') {
        tag_error(p, s, N_("']' was expected after the tag value"));
        free(v.s);
        return false;
    }
    s++;
    const char *cr = NULL; /* a CR alone after the tag: old Mac line ends, in a file joined on */
    for (; *s == ' ' || *s == '\t' || *s == '\r'; s++)
        if (*s == '\r' && !cr)
            cr = s;
    if (*s == ';') /* a comment to the end of the line (docs/jgn.md) */
        s += strcspn(s, "\n");
    if (*s && *s != '\n' && cr) {
        report_at(p, cr, JUNQI_CODE_CR_LINE_ENDS,
                  "the lines end in CR alone here (old Mac line ends): junqi reads LF or CR LF line ends");
        free(v.s);
        return false;
    }
    if (*s && *s != '\n') {
        report_at(p, s, JUNQI_CODE_BAD_TAG, "a tag line holds one tag only");
        free(v.s);
        return false;
    }
    *name = strndup(n0, (size_t)(n1 - n0));
    *value = v.s ? v.s : strdup("");
    p->at += (size_t)(s - start);
    return *name && *value;
oom:
    free(v.s);
    report_at(p, start, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
    return false;
}

static int seat_tag_index(const char *name, const char *const *list)
{
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (strcmp(name, list[s]) == 0)
            return s;
    return -1;
}

/* Keep a copy of a tag value for settle_tags(). */
static void keep_value(parser *p, const char *at, char **slot, const char **slot_at, const char *value)
{
    free(*slot);
    *slot = strdup(value);
    *slot_at = at;
    if (!*slot)
        report_at(p, at, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
}

/* Where character n (from 1, as a message about a tag's value counts them: an escape, \" or
 * \x1f, is one) of the value of the tag line at `at` stands, for the caret under it: the
 * closing quote for the one past the value's end, `at` (the line's start) when the value has
 * fewer characters. The line read as a tag (parse_tag_line): its first '"' opens the value. */
static const char *tag_value_at(const char *at, int n)
{
    const char *s = strchr(at, '"');
    if (!s || n < 1)
        return at;
    for (s++; *s && *s != '"' && *s != '\n';) {
        if (((unsigned char)*s & 0xC0) != 0x80 && --n == 0) /* a character's first byte */
            return s;
        char c;
        s += *s == '\\' && (s[1] == '"' || s[1] == '\\') ? 2 : control_escape(s, &c) ? 4 : 1;
    }
    return n == 1 && *s == '"' ? s : at;
}

/* What one tag means for the game; unknown and free tags are kept. Rules,
 * Mode, View, First and Position are settled once every tag is read. */
static void apply_tag(parser *p, const char *at, const char *name, const char *value,
                      junqi_result *stated, junqi_reason *termination, uint8_t *code)
{
    junqi_game *g = p->g;
    int s;
    char flip_msg[JUNQI_RULES_ERR_SIZE], q[JUNQI_QUOTE_SIZE]; /* q: the value as a message quotes it */
    junqi_quote(q, value, strlen(value));
    int column; /* of a bad Deal's or flip Position's value: the caret goes under it (G11) */
    if (junqi_jgn_flip_tag(g, name, value, flip_msg, sizeof flip_msg, &column)) {
        g->deal_loc = line_loc(p->line, 1);
        if (strcmp(name, "Deal") == 0) { /* said by check_unused_tags, unless the game cannot use a Deal */
            p->deal_at = at;
            p->deal_error_at = tag_value_at(at, column);
            snprintf(p->deal_error, sizeof p->deal_error, "%s", flip_msg);
        } else if (flip_msg[0]) {
            report_at(p, tag_value_at(at, column), JUNQI_CODE_BAD_TAG, "%s", flip_msg);
        }
        return;
    }
    if (strcmp(name, "Board") == 0) {
        if (!junqi_board_kind_parse(value, &g->board))
            report_at(p, at, JUNQI_CODE_BAD_TAG, "Board must be two-player or four-player, not '%s'", q);
    } else if (strcmp(name, "Rules") == 0) {
        keep_value(p, at, &p->rules_value, &p->rules_at, value);
    } else if (strcmp(name, "Mode") == 0) {
        junqi_info_mode m;
        for (m = JUNQI_DARK; m <= JUNQI_OPEN && strcmp(value, junqi_info_mode_name(m)) != 0; m++)
            ;
        if (m > JUNQI_OPEN)
            report_at(p, at, JUNQI_CODE_BAD_TAG, "Mode must be dark, double-open or open, not '%s'", q);
        else
            p->mode = (int)m, p->mode_at = at;
    } else if (strcmp(name, "View") == 0 || strcmp(name, "First") == 0) {
        junqi_seat seat = junqi_seat_parse(value);
        if (seat == JUNQI_NO_SEAT || strlen(value) < 4)
            report_at(p, at, JUNQI_CODE_BAD_TAG, "%s must be a seat (north, east, south or west), not '%s'", name, q);
        else if (name[0] == 'V')
            g->view = seat, p->view_at = at;
        else
            g->first = seat, p->first_at = at;
    } else if ((s = seat_tag_index(name, seat_tags)) >= 0) {
        g->seat[s].present = true;
        if (strcmp(value, "?") != 0 && !junqi_game_set_player(g, (junqi_seat)s, value))
            report_at(p, at, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
    } else if ((s = seat_tag_index(name, setup_tags)) >= 0) {
        g->seat[s].present = true;
        g->seat[s].setup_known = junqi_setup_parse(value, strlen(value), g->seat[s].setup);
        g->seat[s].setup_loc = line_loc(p->line, 1);
        p->setup_at[s] = at;
        if (!g->seat[s].setup_known)
            report_at(p, at, JUNQI_CODE_BAD_SETUP,
                      "%s must be 6 rows of 5 symbols (9..1, B, L, F, '.') separated by '/', front row first", name);
    } else if (strcmp(name, "Position") == 0) {
        keep_value(p, at, &p->position_value, &p->position_at, value);
    } else if (strcmp(name, "Result") == 0) {
        p->result_at = at;
        if (!result_parse(value, strlen(value), stated))
            report_at(p, at, JUNQI_CODE_BAD_TAG, "unknown Result '%s'", q);
    } else if (strcmp(name, "Termination") == 0) {
        const char *colon = strchr(value, ':');
        size_t len = colon ? (size_t)(colon - value) : strlen(value);
        *termination = reason_parse(value, len);
        if (*termination == JUNQI_REASON_NONE)
            report_at(p, at, JUNQI_CODE_BAD_TAG, "unknown Termination '%s'", q);
        else if (!reason_code(*termination, colon, colon ? strlen(colon) : 0, code))
            report_at(p, at, JUNQI_CODE_BAD_TAG, "Termination '%s': %s", q, reason_code_rule);
    } else if (!junqi_game_set_tag(g, name, value)) {
        report_at(p, at, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
    }
}

/* The Position tag's position, played under `rules` unless its RULES field
 * names a set (NULL: the board's default). */
static junqi_position *read_position(parser *p, const junqi_rules *rules)
{
    junqi_position *pos = malloc(sizeof *pos);
    junqi_diags local;
    junqi_diags_init(&local);
    const char *v = p->position_value;
    if (!pos || !junqi_pos_parse_under(v, strlen(v), rules, pos, &local)) {
        if (local.n) /* its column in the string, as a Deal's error gives it (docs/jgn.md §6), and the caret
                      * under it in the tag (G11: it was under the line's '[') */
            report_at(p, tag_value_at(p->position_at, local.items[0].loc.column), JUNQI_CODE_BAD_POSITION,
                      "Position: %s (at character %d)", local.items[0].message, local.items[0].loc.column);
        else
            report_at(p, p->position_at, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
        free(pos);
        pos = NULL;
    }
    junqi_diags_free(&local);
    return pos;
}

/* The rule set: the Rules tag's (on the game's board), else a Position's
 * RULES field, else the set the caller reads with when it is of the game's
 * board (a tool's --rules, which is the game's set in the end: a flip's
 * tokens were read under the board's default set, 'standard', and were
 * "a flip, but 'standard' is not a flip rule set"), else the board's
 * default; a Mode tag sets its mode switch (docs/jgn.md). A set start
 * position plays under it. */
static void settle_rules(parser *p)
{
    junqi_game *g = p->g;
    const junqi_rules *r = junqi_rules_default(g->board), *tag = NULL;
    char err[JUNQI_RULES_ERR_SIZE];
    if (p->rules_value && !junqi_rules_parse(p->rules_value, (int)g->board, &tag, err, sizeof err))
        report_at(p, p->rules_at, JUNQI_CODE_BAD_RULES, "Rules: %s", err);
    p->rules_tag = tag;
    if (g->start) { /* read under the tag's set unless its own RULES field names one */
        if (tag && tag != g->start->rules)
            report_at(p, p->rules_at, JUNQI_CODE_BAD_RULES,
                      "the Rules tag says '%s' and the Position's rules field '%s'", tag->text,
                      g->start->rules->text);
        r = g->start->rules;
    } else if (g->flip_start) { /* the same for a flip position */
        if (tag && tag != g->flip_start->rules)
            report_at(p, p->rules_at, JUNQI_CODE_BAD_RULES,
                      "the Rules tag says '%s' and the Position's rules field '%s'", tag->text,
                      g->flip_start->rules->text);
        r = g->flip_start->rules;
    } else if (tag) {
        r = tag;
    } else if (p->assumed && p->assumed->board == g->board) { /* moves alone too: a game of that set */
        r = p->assumed;
    }
    if (p->mode >= 0 && p->mode != r->info && !junqi_rules_flip(r)) { /* flip games have no modes */
        const junqi_rules *moded;
        char sw[32];
        snprintf(sw, sizeof sw, "mode=%s", junqi_info_mode_name((junqi_info_mode)p->mode));
        if (junqi_rules_with(r, sw, &moded, err, sizeof err))
            r = moded;
        else
            report_at(p, p->mode_at, JUNQI_CODE_BAD_RULES, "Mode: %s", err);
    }
    junqi_game_set_rules(g, r);
    g->has_mode = p->mode >= 0 && !junqi_rules_flip(r) && (int)g->info == p->mode;
}

/* A View or First tag must name a seat of the game (at: the tag). */
static void check_tag_seat(parser *p, const char *at, const char *tag, junqi_seat seat)
{
    char why[256];
    if (!junqi_game_check_seat(p->g, seat, tag, why, sizeof why))
        report_at(p, at, JUNQI_CODE_BAD_SEAT, "%s", why);
}

/* A Mode or First tag that says other than the mode= or first= its Rules tag
 * spells is an error at the tag (docs/jgn.md §2, "Rule sets"): the writer
 * meant one of the two, and a reader cannot tell which, as with a First
 * beside a Position that has another seat to move (check_unused_tags); the
 * tag's value is the one played, as before. A switch the Rules tag leaves to
 * its named set is the tag's to change, and beside a Position a First is
 * compared with the position's seat to move only. */
static void check_spelled_switches(parser *p)
{
    const junqi_game *g = p->g;
    const junqi_rules *tag = p->rules_tag;
    if (!tag)
        return; /* no Rules tag, or a bad one: settle_rules said so */
    if (p->mode_at && !junqi_rules_flip(tag) && junqi_rules_spells(p->rules_value, "mode") && p->mode != tag->info)
        report_at(p, p->mode_at, JUNQI_CODE_BAD_TAG, "Mode: the Rules tag says mode=%s, not %s",
                  junqi_info_mode_name((junqi_info_mode)tag->info),
                  junqi_info_mode_name((junqi_info_mode)p->mode));
    if (p->first_at && !g->start && !g->flip_start && g->seat[g->first].present &&
        junqi_rules_spells(p->rules_value, "first") && (int)g->first != tag->first_seat)
        report_at(p, p->first_at, JUNQI_CODE_BAD_TAG, "First: the Rules tag says first=%s, not %s",
                  junqi_seat_name((junqi_seat)tag->first_seat), junqi_seat_name(g->first));
}

/* The Deal tag of check_unused_tags: a game that cannot use one says so, and
 * only so (whether its value is well formed matters no more); one that can
 * says what is wrong with a malformed value. A Rules tag that could not be
 * read has its own error, and leaves the Deal's use unknown. */
static void check_unused_deal(parser *p, bool flip, bool start)
{
    if (!p->deal_at)
        return;
    bool rules_unknown = p->rules_at && !p->rules_tag;
    if (!flip && !p->rules_at) /* not 'standard': the record never names it */
        report_at(p, p->deal_at, JUNQI_CODE_BAD_TAG, "Deal: a deal starts a flip game, and no Rules tag names "
                  "one (%s)", junqi_rules_family_names(JUNQI_FLIP_GAME));
    else if (!flip && !rules_unknown)
        report_at(p, p->deal_at, JUNQI_CODE_BAD_TAG, "Deal: a deal starts a flip game, and '%s' is not a flip "
                  "rule set", p->g->rules->text);
    else if (start)
        report_at(p, p->deal_at, JUNQI_CODE_BAD_TAG, "Deal: the game starts from its Position, which says where "
                  "every piece stands: leave the Deal out");
    else if (p->deal_error[0])
        report_at(p, p->deal_error_at, JUNQI_CODE_BAD_TAG, "%s", p->deal_error);
}

/* Tags the game cannot use are errors at the tag, never dropped in silence
 * (docs/jgn.md §2, the tag table): a Deal outside a flip game, a setup or a
 * Mode in one (its pieces are dealt; all but the face-down pieces is public:
 * settle_rules leaves its rule set alone), a Deal or a setup beside a
 * Position (which says where every piece stands; the writer leaves them
 * out), and a First that is not the Position's seat to move (the replay
 * starts from the position's; a seat the game does not have is
 * check_tag_seat's one error); in the order the canonical text writes them. */
static void check_unused_tags(parser *p)
{
    const junqi_game *g = p->g;
    bool flip = junqi_rules_flip(g->rules), start = g->start || g->flip_start;
    int to_move = g->flip_start ? g->flip_start->st.to_move : g->start ? g->start->to_move : JUNQI_NO_SEAT;
    if (p->first_at && to_move < JUNQI_SEATS && (int)g->first != to_move && g->seat[g->first].present)
        report_at(p, p->first_at, JUNQI_CODE_BAD_TAG, "First: the Position has %s to move, not %s",
                  _(junqi_seat_name((junqi_seat)to_move)), _(junqi_seat_name(g->first)));
    if (p->mode_at && flip)
        report_at(p, p->mode_at, JUNQI_CODE_BAD_TAG, "Mode: a flip game has no information modes: everything "
                  "on its board but the face-down pieces is public ('%s' is a flip rule set)", g->rules->text);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (p->setup_at[s] && flip)
            report_at(p, p->setup_at[s], JUNQI_CODE_BAD_TAG, "%s: a flip game's pieces are dealt face down, not set "
                      "up ('%s' is a flip rule set)", setup_tags[s], g->rules->text);
        else if (p->setup_at[s] && start)
            report_at(p, p->setup_at[s], JUNQI_CODE_BAD_TAG, "%s: the game starts from its Position, which says "
                      "where every piece stands: leave the setups out", setup_tags[s]);
    check_unused_deal(p, flip, start);
}

/* A game without a Board tag (or a Position, which names its board) is on
 * the board of its Rules tag's set, which is played on one board only; a
 * Deal is dealt on the two-player board; else on the four-player board
 * (docs/jgn.md §2, the tag table). Each with a warning that names why. */
static void assume_board(parser *p, const junqi_rules *under)
{
    junqi_game *g = p->g;
    if (under) {
        g->board = under->board;
        report_at(p, p->text, JUNQI_CODE_NO_BOARD, "no Board tag: the Rules tag's '%s' is played on the %s board, "
                  "which is assumed", under->text, _(junqi_board_kind_name(g->board)));
    } else if (p->deal_at && !p->rules_at) {
        g->board = JUNQI_TWO_PLAYER;
        report_at(p, p->text, JUNQI_CODE_NO_BOARD, "no Board tag: a Deal is dealt on the two-player board, which "
                  "is assumed");
    } else if (p->assumed && p->tagless) {
        g->board = p->assumed->board;
        /* TRANSLATORS: "the rule set it is read with, 'standard', on the two-player board" */
        report_at(p, p->text, JUNQI_CODE_NO_BOARD, "no tag section: the moves are read as a game of the rule set "
                  "it is read with, '%s', on the %s board", p->assumed->text, _(junqi_board_kind_name(g->board)));
    } else if (p->assumed && !p->rules_at) {
        g->board = p->assumed->board;
        /* TRANSLATORS: "the rule set it is read with, 'standard', is played on the two-player board" */
        report_at(p, p->text, JUNQI_CODE_NO_BOARD, "no Board tag: the rule set it is read with, '%s', is played "
                  "on the %s board, which is assumed", p->assumed->text, _(junqi_board_kind_name(g->board)));
    } else {
        report_at(p, p->text, JUNQI_CODE_NO_BOARD, "no Board tag: the four-player board is assumed");
    }
}

/* After the tags: a set position's board (or the board assumed without a
 * Board tag), the rule set, the seats present by default, and the seats the
 * View and First tags name. */
static void settle_tags(parser *p, bool board_tag)
{
    junqi_game *g = p->g;
    const junqi_rules *under = NULL; /* the Rules tag's set, for a Position without RULES */
    char err[JUNQI_RULES_ERR_SIZE];
    if (p->rules_value && !junqi_rules_parse(p->rules_value, JUNQI_RULES_ANY_BOARD, &under, err, sizeof err))
        under = NULL; /* reported by settle_rules() */
    if (p->position_value && (g->start = read_position(p, under))) {
        for (int s = 0; s < JUNQI_SEATS; s++)
            if (g->start->present & JUNQI_SEAT_BIT(s))
                g->seat[s].present = true;
        g->board = g->start->board->kind;
    }
    if (g->flip_start)
        g->board = JUNQI_TWO_PLAYER;
    if (!board_tag)
        assume_board(p, under);
    settle_rules(p);
    if (!junqi_game_present(g)) {
        unsigned seats = junqi_board_get(g->board)->seats;
        for (int s = 0; s < JUNQI_SEATS; s++)
            g->seat[s].present = (seats & JUNQI_SEAT_BIT(s)) != 0;
    }
    check_tag_seat(p, p->view_at, "View", g->view);
    check_tag_seat(p, p->first_at, "First", g->first);
    check_spelled_switches(p);
    check_unused_tags(p);
    p->b = junqi_rules_board(g->rules);
}

/* Has a tag of this name come before in the game? The names seen are kept
 * in `seen` as "\nName\n..." (one game's tags are few). False when out of
 * memory, which only leaves a repetition unreported. */
static bool seen_before(text_buf *seen, const char *name)
{
    size_t n = strlen(name);
    for (const char *s = seen->s; s && (s = strstr(s, name)); s += n)
        if (s > seen->s && s[-1] == '\n' && s[n] == '\n')
            return true;
    if (!seen->len)
        buf_append(seen, "\n", 1);
    buf_append(seen, name, n);
    buf_append(seen, "\n", 1);
    return false;
}

/* Whether the tag line at `at` (its '[', tag_open) names the tag `name`, whether or
 * not the rest of it is well formed. */
static bool names_tag(const char *at, const char *name)
{
    at += tag_open(at, strnlen(at, 3));
    at += strspn(at, " ");
    size_t n = strlen(name);
    return strncmp(at, name, n) == 0 && !isalnum((unsigned char)at[n]) && at[n] != '_';
}

static void parse_tags(parser *p, junqi_result *stated, junqi_reason *termination, uint8_t *code)
{
    bool board_tag = false;
    text_buf seen = {0};
    for (p->tagless = true;; p->tagless = false) {
        skip_space(p);
        const char *at = p->text + p->at;
        if (!tag_open(at, strnlen(at, 3)))
            break;
        char *name, *value;
        if (parse_tag_line(p, &name, &value)) {
            board_tag |= strcmp(name, "Board") == 0 || strcmp(name, "Position") == 0;
            if (seen_before(&seen, name))
                report_at(p, at, JUNQI_CODE_DUPLICATE_TAG, "the tag %s is given again; this later "
                          "value counts", name);
            apply_tag(p, at, name, value, stated, termination, code);
        } else { /* a broken Board tag has its error: "no Board tag" would be a second, wrong one */
            board_tag |= names_tag(at, "Board") || names_tag(at, "Position");
            while (p->text[p->at] && p->text[p->at] != '\n')
                p->at++;
        }
        free(name);
        free(value);
    }
    free(seen.s);
    settle_tags(p, board_tag);
}

/* ---- movetext ---- */

static junqi_line *current(parser *p)
{
    return p->stack[p->depth].line;
}

/* The move number the next move of the current line gets. */
static size_t next_number(parser *p)
{
    return p->stack[p->depth].first_number + p->stack[p->depth].moves;
}

static junqi_item *last_move(parser *p)
{
    junqi_line *l = current(p);
    for (size_t i = l->nitems; i-- > 0;)
        if (l->items[i].kind == JUNQI_ITEM_MOVE)
            return i + 1 == l->nitems ? &l->items[i] : NULL;
    return NULL;
}

static void new_item(junqi_item *it, junqi_item_kind kind, parser *p, const char *at)
{
    memset(it, 0, sizeof *it);
    it->kind = (uint8_t)kind;
    it->seat = JUNQI_NO_SEAT;
    it->next_seat = JUNQI_NO_SEAT;
    it->flag_shown[0] = it->flag_shown[1] = JUNQI_NO_POINT;
    it->defender_marshal_died = -1;
    it->loc = line_loc(p->line, current_column(p, at));
}

static void add_item(parser *p, const junqi_item *it, const char *at)
{
    if (!junqi_line_add_item(current(p), it))
        report_at(p, at, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
    else if (it->kind == JUNQI_ITEM_MOVE)
        p->stack[p->depth].moves++;
}

/* The length of the token at s: up to a blank or a delimiter. */
static size_t token_length(const char *s)
{
    return strcspn(s, " \t\r\n{}();"); /* a table lookup per byte: a strchr per byte was 6 % of validating */
}

static bool parse_square(parser *p, const char *s, size_t n, int *point)
{
    *point = junqi_square_parse(p->b, s, (int)n);
    return *point >= 0;
}

/* The mark after a move (! ? !! ?? !? ?!), n bytes at s (0: none), as its first NAG. */
static bool parse_mark(parser *p, junqi_item *it, const char *s, size_t n)
{
    if (n == 0)
        return true;
    int g;
    for (g = 1; g <= 6 && !(strlen(glyphs[g]) == n && memcmp(glyphs[g], s, n) == 0); g++)
        ;
    if (g > 6) {
        char q[JUNQI_QUOTE_SIZE];
        report_at(p, s, JUNQI_CODE_BAD_TOKEN, "'%.*s' is not a move mark (! ? !! ?? !? ?!)", junqi_quote(q, s, n), q);
        return false;
    }
    it->nags[it->nnags++] = (uint8_t)g;
    return true;
}

/* A move token: SQ sep SQ, then optional glyphs. */
/* The length of the square name at s (at most n bytes): a file letter and a
 * rank of digits, or of capitals (the mountains bM, dM of docs/variants.md),
 * or 0 when none starts there. A square is read by its shape, so that the
 * lowercase 'x' of h5xh6 separates the squares. */
static size_t square_length(const char *s, size_t n)
{
    if (n < 2 || !islower((unsigned char)s[0]))
        return 0;
    size_t k = 1;
    while (k < n && (isdigit((unsigned char)s[k]) || isupper((unsigned char)s[k])))
        k++;
    return k > 1 ? k : 0;
}

static bool parse_move(parser *p, const char *s, size_t n)
{
    size_t i = square_length(s, n);
    if (i == 0 || i == n || !strchr("-x><=", s[i]))
        return false;
    char sep = s[i];
    size_t to_len = square_length(s + i + 1, n - i - 1);
    if (to_len == 0)
        return false;
    size_t j = i + 1 + to_len;
    int from, to;
    bool from_ok = parse_square(p, s, i, &from), to_ok = parse_square(p, s + i + 1, j - i - 1, &to);
    if (!from_ok || !to_ok) { /* the square that is wrong is named, and the caret under it */
        const char *bad = from_ok ? s + i + 1 : s;
        char q[JUNQI_QUOTE_SIZE], m[JUNQI_QUOTE_SIZE];
        report_at(p, bad, JUNQI_CODE_BAD_SQUARE, "'%.*s' (in '%.*s') is not a square of the %s board",
                  junqi_quote(q, bad, from_ok ? j - i - 1 : i), q, junqi_quote(m, s, n), m, _(p->b->name));
        return true;
    }
    junqi_item it;
    new_item(&it, JUNQI_ITEM_MOVE, p, s);
    it.move = (junqi_move){(uint8_t)from, (uint8_t)to};
    it.outcome_known = sep != 'x';
    it.outcome = sep == 'x' ? JUNQI_NO_COMBAT : (uint8_t)(strchr(outcome_sep, sep) - outcome_sep);
    if (parse_mark(p, &it, s + j, n - j))
        add_item(p, &it, s);
    return true;
}

/* A flip game's action or event token (jgn_flip.h); false if it is none. */
static bool parse_flip_token(parser *p, const char *s, size_t n)
{
    if (!junqi_rules_flip(p->g->rules)) {
        if (!memchr(s, '^', n))
            return false;
        char q[JUNQI_QUOTE_SIZE];
        report_at(p, s, JUNQI_CODE_BAD_TOKEN, "'%.*s' is a flip, but '%s' is not a flip rule set",
                  junqi_quote(q, s, n), q, p->g->rules->name);
        return true;
    }
    junqi_item it;
    new_item(&it, JUNQI_ITEM_MOVE, p, s);
    char msg[200];
    size_t used = n, at = 0;
    const uint8_t *deal = p->g->has_deal && !p->g->flip_start ? p->g->deal : NULL;
    switch (junqi_jgn_flip_token(p->b, deal, s, n, &it, last_move(p), &used, msg, sizeof msg, &at)) {
    case JUNQI_FLIP_TOKEN_NONE: return false;
    case JUNQI_FLIP_TOKEN_ERROR: report_at(p, s + at, JUNQI_CODE_BAD_TOKEN, "%s", msg); return true;
    case JUNQI_FLIP_TOKEN_ACTION:
        if (parse_mark(p, &it, s + used, n - used))
            add_item(p, &it, s);
        return true;
    default: return true;
    }
}

/* Split a colon-separated event token into at most 4 fields. */
static int split_fields(const char *s, size_t n, const char *field[4], size_t len[4])
{
    int k = 0;
    size_t start = 0;
    for (size_t i = 0; i <= n && k < 4; i++)
        if (i == n || s[i] == ':') {
            field[k] = s + start;
            len[k++] = i - start;
            start = i + 1;
        }
    return k;
}

static junqi_seat seat_field(const char *s, size_t n)
{
    char buf[8];
    if (n < 4 || n > 5)
        return JUNQI_NO_SEAT;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return junqi_seat_parse(buf);
}

/* flag:SQ after a move: a flag the move revealed. */
static void parse_flag(parser *p, const char *s, const char *f, size_t n)
{
    int point;
    junqi_item *m = last_move(p);
    if (!m) {
        report_at(p, s, JUNQI_CODE_BAD_TOKEN, "a flag: token must follow the move that revealed the flag");
        return;
    }
    if (!parse_square(p, f, n, &point)) {
        char q[JUNQI_QUOTE_SIZE];
        report_at(p, f, JUNQI_CODE_BAD_SQUARE, "'%.*s' is not a square of the %s board", junqi_quote(q, f, n), q,
                  p->b->name);
        return;
    }
    int slot = m->flag_shown[0] == JUNQI_NO_POINT ? 0 : m->flag_shown[1] == JUNQI_NO_POINT ? 1 : -1;
    if (slot < 0)
        report_at(p, s, JUNQI_CODE_BAD_TOKEN, "a move reveals at most two flags");
    else
        m->flag_shown[slot] = (uint8_t)point;
}

/* timeout:SEAT[:N], eliminated:SEAT:REASON[:CODE], left:SEAT, flag:SQ. */
/* shown:SQ:SYM after a move: the identity the move showed to every seat
 * (engineer_scout, reveal_on_combat; docs/variants.md). */
static void parse_shown(parser *p, const char *s, const char *f[4], const size_t len[4])
{
    int point;
    char q[JUNQI_QUOTE_SIZE];
    junqi_item *m = last_move(p);
    junqi_piece piece = len[2] == 1 ? junqi_piece_parse(f[2], 1) : JUNQI_NONE;
    if (!m)
        report_at(p, s, JUNQI_CODE_BAD_TOKEN, "a shown: token must follow the move that showed the piece");
    else if (!parse_square(p, f[1], len[1], &point))
        report_at(p, f[1], JUNQI_CODE_BAD_SQUARE, "'%.*s' is not a square of the %s board",
                  junqi_quote(q, f[1], len[1]), q, p->b->name);
    else if (piece == JUNQI_NONE || piece == JUNQI_UNKNOWN)
        report_at(p, f[2], JUNQI_CODE_BAD_TOKEN, "'%.*s' is not a piece symbol (9..1, B, L, F)",
                  junqi_quote(q, f[2], len[2]), q);
    else if (m->shown_piece)
        report_at(p, s, JUNQI_CODE_BAD_TOKEN, "a move shows at most one piece");
    else
        m->shown_point = (uint8_t)point, m->shown_piece = (uint8_t)piece;
}

static bool parse_event(parser *p, const char *s, size_t n)
{
    const char *f[4];
    size_t len[4];
    char q[JUNQI_QUOTE_SIZE];
    int k = split_fields(s, n, f, len);
    if (k < 2)
        return false;
    if (len[0] == 4 && memcmp(f[0], "flag", 4) == 0 && k == 2) {
        parse_flag(p, s, f[1], len[1]);
        return true;
    }
    if (len[0] == 5 && memcmp(f[0], "shown", 5) == 0 && k == 3) {
        parse_shown(p, s, f, len);
        return true;
    }
    junqi_item it;
    junqi_seat seat = seat_field(f[1], len[1]);
    if (len[0] == 7 && memcmp(f[0], "timeout", 7) == 0 && k <= 3) {
        new_item(&it, JUNQI_ITEM_TIMEOUT, p, s);
        if (k == 3 && (!parse_byte(f[2], len[2], &it.count) || it.count == 0)) {
            report_at(p, f[2], JUNQI_CODE_BAD_TOKEN, "'%.*s' is not a timeout count (1 to 255)",
                      junqi_quote(q, f[2], len[2]), q);
            return true;
        }
    } else if (len[0] == 4 && memcmp(f[0], "left", 4) == 0 && k == 2) {
        new_item(&it, JUNQI_ITEM_LEFT, p, s);
        it.reason = JUNQI_REASON_LEFT;
    } else if (len[0] == 10 && memcmp(f[0], "eliminated", 10) == 0 && k >= 3) {
        new_item(&it, JUNQI_ITEM_ELIMINATED, p, s);
        it.reason = (uint8_t)reason_parse(f[2], len[2]);
        if (it.reason == JUNQI_REASON_NONE || it.reason == JUNQI_REASON_LEFT ||
            (it.reason >= JUNQI_REASON_NO_COMBAT_DRAW && it.reason != JUNQI_REASON_UNKNOWN_CODE)) {
            report_at(p, f[2], JUNQI_CODE_BAD_TOKEN, "'%.*s' is not a reason a seat is eliminated for",
                      junqi_quote(q, f[2], len[2]), q);
            return true;
        }
        const char *code = k == 4 ? f[3] - 1 : NULL; /* from its colon */
        if (!reason_code((junqi_reason)it.reason, code, k == 4 ? len[3] + 1 : 0, &it.code)) {
            report_at(p, f[2], JUNQI_CODE_BAD_TOKEN, "'%.*s': %s", junqi_quote(q, s, n), q, reason_code_rule);
            return true;
        }
    } else {
        return false;
    }
    if (seat == JUNQI_NO_SEAT) {
        report_at(p, f[1], JUNQI_CODE_BAD_TOKEN, "'%.*s' is not a seat", junqi_quote(q, f[1], len[1]), q);
        return true;
    }
    it.seat = (uint8_t)seat;
    add_item(p, &it, s);
    return true;
}

/* A move number "N." must equal the number of the move that follows. */
static bool parse_number(parser *p, const char *s, size_t n)
{
    size_t i = 0;
    unsigned long v = 0;
    while (i < n && isdigit((unsigned char)s[i]) && v < 100000000)
        v = v * 10 + (unsigned long)(s[i++] - '0');
    if (i == 0 || i == n || strspn(s + i, ".") != n - i)
        return false;
    if (v != next_number(p))
        report_at(p, s, JUNQI_CODE_MOVE_NUMBER, "move number %lu where move %zu was expected", v,
                  next_number(p));
    return true;
}

static bool parse_nag(parser *p, const char *s, size_t n)
{
    if (s[0] != '$' || n < 2 || n > 4 || strspn(s + 1, "0123456789") != n - 1)
        return false;
    int v = atoi(s + 1);
    junqi_item *m = last_move(p);
    if (v > 255 || !m)
        report_at(p, s, JUNQI_CODE_BAD_NAG, v > 255 ? "a NAG is $0 to $255" : "a NAG must follow a move");
    else if (m->nnags >= JUNQI_MAX_NAGS)
        report_at(p, s, JUNQI_CODE_BAD_NAG, "a move carries at most %d NAGs", JUNQI_MAX_NAGS);
    else
        m->nags[m->nnags++] = (uint8_t)v;
    return true;
}

/*
 * Add it, an END item of result r, to the main line. The result is the END
 * item's place in the movetext (docs/jgn.md, "The result"): the comments read
 * since the last item stay before it, and those after the result follow it,
 * as the writer writes them, so that reading what it wrote gives back every
 * comment's place.
 */
static void add_end(parser *p, junqi_item *it, const junqi_result *r, junqi_reason termination,
                    uint8_t code, const char *at)
{
    it->status = r->status;
    it->winners = r->winners;
    it->reason = (uint8_t)termination;
    it->code = code;
    add_item(p, it, at);
}

/* The termination marker ends the main line: an END item. */
static bool parse_termination(parser *p, const char *s, size_t n, junqi_reason termination, uint8_t code)
{
    junqi_result r;
    if (!result_parse(s, n, &r))
        return false;
    if (p->depth > 0) {
        report_at(p, s, JUNQI_CODE_BAD_TOKEN, "a result ends the game, not a variation");
        return true;
    }
    p->ended = true;
    if (r.status == JUNQI_ONGOING)
        return true;
    junqi_item it;
    new_item(&it, JUNQI_ITEM_END, p, s);
    add_end(p, &it, &r, termination, code, s);
    return true;
}

/* The number of the first line after `from` (on line `line` of the text)
 * that starts a game's tags, a well-formed `[Name "`, or 0 (a line of the
 * comment that only starts with '[' is no game). */
static long first_tag_line(const char *from, long line)
{
    for (const char *s = from; (s = strchr(s, '\n'));) {
        s++, line++;
        size_t name = 0;
        while (s[0] == '[' && (isalnum((unsigned char)s[1 + name]) || s[1 + name] == '_'))
            name++;
        const char *after = s + 1 + name;
        if (name && *after == ' ' && after[strspn(after, " ")] == '"')
            return line;
    }
    return 0;
}

/* {comment}: text up to the closing brace, "\}" and "\\" unescaped. */
static void parse_comment(parser *p)
{
    const char *open = p->text + p->at;
    long open_line = p->line;
    const char *open_line_start = p->line_start;
    text_buf t = {0};
    p->at++;
    for (;;) {
        char c = p->text[p->at];
        if (!c) {
            p->line = open_line;
            p->line_start = open_line_start;
            long next = first_tag_line(open, open_line);
            if (next) /* the games after it are in it: said, or they are lost unsaid */
                report_at(p, open, JUNQI_CODE_OPEN_COMMENT, "this comment is never closed: the rest of the input "
                          "is read into it, the game whose tags start at line %ld and any after it too", next);
            else
                report_at(p, open, JUNQI_CODE_OPEN_COMMENT, "this comment is never closed");
            free(t.s);
            return;
        }
        p->at++;
        if (c == '}')
            break;
        if (c == '\\' && (p->text[p->at] == '}' || p->text[p->at] == '\\'))
            c = p->text[p->at++];
        else if (control_escape(p->text + p->at - 1, &c))
            p->at += 3;
        else if (c == '\n')
            p->line++, p->line_start = p->text + p->at;
        else if (control_char((unsigned char)c))
            report_at(p, p->text + p->at - 1, JUNQI_CODE_CONTROL_CHARACTER, "the comment holds "
                      "the control character U+%04X; it is kept, and written as \\x%02x", c, c);
        if (!buf_append(&t, &c, 1)) {
            report_at(p, open, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
            free(t.s);
            return;
        }
    }
    junqi_line *l = current(p);
    if (!junqi_line_add_comment(l, l->nitems, t.s ? t.s : "", line_loc(open_line, column_at(p, open_line_start, open))))
        report_at(p, open, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
    free(t.s);
}

static void open_variation(parser *p, const char *at)
{
    junqi_item *m = last_move(p);
    if (!m) {
        report_at(p, at, JUNQI_CODE_BAD_VARIATION, "a variation must follow the move it replaces");
        return;
    }
    if (p->depth >= JUNQI_JGN_MAX_DEPTH) {
        report_at(p, at, JUNQI_CODE_TOO_DEEP, "variations are nested deeper than %d", JUNQI_JGN_MAX_DEPTH);
        return;
    }
    size_t number = next_number(p) - 1;
    junqi_line *v = junqi_item_add_variation(m);
    if (!v) {
        report_at(p, at, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
        return;
    }
    p->stack[++p->depth] = (frame){v, number, 0};
}

/* A token of n bytes at s with a '[' after its start ('north-south[Board', '*[Event'): the
 * tags of the next game glued to this one's last line, as `cat a.jgn b.jgn` glues them when
 * a.jgn does not end in a line break. The error at the '[' says so, where "'north-south[Board'
 * is not a move, ..." left the cause to guess. False when there is no such '['. */
static bool glued_tag(parser *p, const char *s, size_t n)
{
    const char *open = memchr(s, '[', n), *after = s + n;
    if (!open || open == s || open + 1 == after || after[strspn(after, " \t")] != '"')
        return false; /* a tag is [Name "Value"] */
    for (const char *c = open + 1; c < after; c++)
        if (!isalnum((unsigned char)*c) && *c != '_')
            return false;
    char q[JUNQI_QUOTE_SIZE];
    report_at(p, open, JUNQI_CODE_BAD_TOKEN, "a tag's '[' after '%.*s' on its line: a game's tags begin a line of "
              "their own (a file joined to one that does not end in a line break?)",
              junqi_quote(q, s, (size_t)(open - s)), q);
    return true;
}

static void parse_token(parser *p, junqi_reason termination, uint8_t code)
{
    const char *s = p->text + p->at;
    if (*s == '{') {
        parse_comment(p);
        return;
    }
    if (*s == '(') {
        p->at++;
        open_variation(p, s);
        return;
    }
    if (*s == ')') {
        p->at++;
        if (p->depth == 0)
            report_at(p, s, JUNQI_CODE_BAD_VARIATION, "')' closes no variation");
        else
            p->depth--;
        return;
    }
    size_t n = token_length(s);
    if (n == 0) { /* a stray '}' */
        report_at(p, s, JUNQI_CODE_BAD_TOKEN, "'%c' is out of place", *s);
        p->at++;
        return;
    }
    p->at += n;
    if (p->ended) {
        report_at(p, s, JUNQI_CODE_AFTER_RESULT, "text after the game's result");
        return;
    }
    if (full_width_error(p, s, n, JUNQI_CODE_BAD_TOKEN) || parse_number(p, s, n) || parse_nag(p, s, n) ||
        parse_termination(p, s, n, termination, code) ||
        parse_flip_token(p, s, n) || parse_event(p, s, n) || parse_move(p, s, n) || glued_tag(p, s, n))
        return;
    char q[JUNQI_QUOTE_SIZE];
    report_at(p, s, JUNQI_CODE_BAD_TOKEN, "'%.*s' is not a move, event, number, NAG or result",
              junqi_quote(q, s, n), q);
}

/* Whether the next game of a file of moves alone starts at p->at: in a game with no tag
 * section (read under the caller's rule set), after its result and out of any variation, a line
 * that starts as the file's first game did (junqi_jgn_detect_moves: a move number and a move,
 * or a comment before them). Only tags started a game, so the second game of such a file was
 * "text after the game's result" (H7). */
static bool next_tagless_game(const parser *p)
{
    if (!p->tagless || !p->assumed || !p->ended || p->depth > 0)
        return false;
    for (const char *s = p->line_start; s < p->text + p->at; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r')
            return false; /* not at the start of its line */
    return junqi_jgn_detect_moves((const uint8_t *)p->line_start, strlen(p->line_start));
}

/* The tokens from p->at to the end of the text (or the next game: next_tagless_game), into the
 * line of stack[0]. */
static void parse_tokens(parser *p, junqi_reason termination, uint8_t code)
{
    p->depth = 0;
    for (;;) {
        skip_space(p);
        if (!p->text[p->at])
            break;
        if (next_tagless_game(p)) {
            p->next_game = (size_t)(p->line_start - p->text);
            break;
        }
        parse_token(p, termination, code);
        if (p->error && !(p->flags & JUNQI_JGN_LENIENT))
            return;
        if (p->error) {
            p->cut = !p->ended; /* lenient: keep what came before */
            break;
        }
    }
    if (p->depth > 0 && !p->error)
        report_at(p, p->text + p->at, JUNQI_CODE_BAD_VARIATION, "a variation is never closed");
}

static void parse_movetext(parser *p, junqi_reason termination, uint8_t code)
{
    p->stack[0] = (frame){&p->g->main, junqi_game_first_number(p->g), 0};
    parse_tokens(p, termination, code);
}

bool junqi_jgn_parse_moves(junqi_game *g, const char *text, size_t len, const char *name,
                           junqi_diags *d)
{
    char *copy = malloc(len + 1);
    if (!copy) {
        junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, line_loc(1, 1), "out of memory");
        return false;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    parser p = {.text = copy, .line = 1, .line_start = copy, .name = name, .d = d, .g = g,
                .b = junqi_rules_board(g->rules)};
    junqi_line *line = &g->main;
    size_t items = line->nitems, comments = line->ncomments;
    p.ended = ends_in_end(line);
    p.stack[0] = (frame){line, junqi_game_first_number(g), junqi_game_moves(g)};
    parse_tokens(&p, JUNQI_REASON_NONE, 0);
    if (p.error)
        junqi_line_truncate(line, items, comments);
    else if (line->nitems > items && ends_in_end(line)) {
        g->result.status = line->items[line->nitems - 1].status;
        g->result.winners = line->items[line->nitems - 1].winners;
    }
    free(copy);
    return !p.error;
}

/* A movetext without a termination marker ends in the Result tag's result:
 * an END item located at the tag (none for '*' or no tag). */
static void end_as_tagged(parser *p, const junqi_result *stated, junqi_reason termination, uint8_t code)
{
    if (stated->status == JUNQI_ONGOING || !p->result_at || p->depth > 0)
        return;
    junqi_item it;
    new_item(&it, JUNQI_ITEM_END, p, p->line_start);
    const char *start;
    long line = line_of(p, p->result_at, &start);
    it.loc = line_loc(line, column_of(start, p->result_at));
    add_end(p, &it, stated, termination, code, p->result_at);
}

/* The stated result and the END item must agree. */
static void settle_result(parser *p, const junqi_result *stated, junqi_reason termination, uint8_t code)
{
    junqi_game *g = p->g;
    if (p->cut) {
        /* the moves that decided the stated result are not there: keeping
         * it would make an invalid record */
        if (stated->status != JUNQI_ONGOING)
            report_at(p, p->result_at ? p->result_at : p->text, JUNQI_CODE_CUT_SHORT,
                      "the game is cut short at its first error: its Result '%s' is dropped "
                      "and it ends in '*'", junqi_result_text(stated, junqi_game_present(g)));
        g->result = (junqi_result){0};
        return;
    }
    g->result = *stated;
    g->result.reason = (uint8_t)termination;
    g->result.code = code;
    if (p->error && !(p->flags & JUNQI_JGN_LENIENT))
        return; /* the game is dropped, and a tag error left its movetext unread: no line to end */
    if (!p->ended) {
        /* no termination marker: the Result tag ends the movetext as if written there (docs/jgn.md),
         * so that the game reads, checks and writes as the canonical text with the marker does */
        end_as_tagged(p, stated, termination, code);
        return;
    }
    /* the marker ('*' is no END item) and a Result tag must say the same
     * (docs/jgn.md); the marker, the end of the moves, counts */
    const junqi_line *m = &g->main;
    const junqi_item *end = ends_in_end(m) ? &m->items[m->nitems - 1] : NULL;
    junqi_result marked = {end ? end->status : JUNQI_ONGOING, end ? end->winners : 0, 0, 0};
    if (p->result_at && (marked.status != stated->status || marked.winners != stated->winners))
        report_at(p, p->result_at, JUNQI_CODE_RESULT_MISMATCH,
                  "the Result tag says '%s', the end of the movetext '%s'",
                  junqi_result_text(stated, junqi_game_present(g)),
                  junqi_result_text(&marked, junqi_game_present(g)));
    g->result.status = marked.status;
    g->result.winners = marked.winners;
}

/* The game of `text` (its first line numbered first_line), read as r reads: into *next (NULL: not
 * asked) where the next game of a file of moves alone starts in the text (next_tagless_game), or 0. */
static junqi_game *parse_game(const char *text, long first_line, const junqi_jgn_reader *r, junqi_diags *d,
                              size_t *next)
{
    const char *name = r->name;
    unsigned flags = r->flags;
    parser p = {0};
    p.assumed = r->assumed;
    p.text = text;
    p.line = first_line;
    p.line_start = text;
    p.name = name;
    p.d = d;
    p.flags = flags;
    p.first_line = first_line;
    p.mode = -1;
    p.g = junqi_game_new(JUNQI_FOUR_PLAYER);
    if (!p.g) {
        junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, line_loc(first_line, 1), "out of memory");
        return NULL;
    }
    p.g->source = strdup(name);
    junqi_result stated = {0};
    junqi_reason termination = JUNQI_REASON_NONE;
    uint8_t code = 0;
    p.stack[0] = (frame){&p.g->main, 1, 0}; /* comments before the tags: the game's first */
    for (skip_space(&p); p.text[p.at] == '{'; skip_space(&p))
        parse_comment(&p);
    parse_tags(&p, &stated, &termination, &code);
    if (!p.error || (flags & JUNQI_JGN_LENIENT)) {
        bool tag_error = p.error;
        p.error = false;
        parse_movetext(&p, termination, code);
        p.error |= tag_error;
    }
    settle_result(&p, &stated, termination, code);
    if (next)
        *next = p.next_game;
    free(p.rules_value);
    free(p.position_value);
    if (p.error && !(flags & JUNQI_JGN_LENIENT)) {
        junqi_game_free(p.g);
        return NULL;
    }
    return p.g;
}

/* A game text that is not UTF-8 (junqi_text_kind_of) is read as GBK, with a
 * warning at its first byte that is not UTF-8; one that is UTF-8 with a few
 * such bytes (a comment saved as GBK in it) is read as UTF-8, each of them
 * U+FFFD with the GBK trail byte after it (junqi_utf8_replace_bad), with a
 * warning at the first (docs/jgn.md, "Files and games").
 * Returns the text read (game's own when it is UTF-8), NULL out of memory. */
static char *to_utf8(text_buf *game, long first_line, junqi_diags *d)
{
    junqi_text_kind kind = junqi_text_kind_of(game->s, game->len);
    long line;
    int column;
    if (kind == JUNQI_TEXT_UTF8 ||
        !junqi_utf8_first_bad(game->s, game->len, kind == JUNQI_TEXT_GBK, first_line, &line, &column))
        return game->s;
    bool replaced = false;
    size_t bad = 0;
    char *utf8 = kind == JUNQI_TEXT_GBK ? junqi_gbk_to_utf8((const uint8_t *)game->s, game->len, &replaced)
                                        : junqi_utf8_replace_bad(game->s, game->len, "\xEF\xBF\xBD", &bad);
    if (!utf8)
        return NULL;
    if (kind == JUNQI_TEXT_GBK)
        junqi_diags_add(d, JUNQI_CODE_NOT_UTF8, -1, line_loc(line, column), "the game is not UTF-8: read as GBK%s",
                        replaced ? ", with undecodable bytes replaced" : "");
    else if (junqi_cesu8_pairs(game->s, game->len) == bad) /* an emoji as a UTF-16 writer saves it */
        junqi_diags_add(d, JUNQI_CODE_NOT_UTF8, -1, line_loc(line, column),
                        P_("the game is UTF-8 but for %zu character written as two UTF-16 surrogates (CESU-8, "
                           "as some programs save an emoji): read as U+FFFD",
                           "the game is UTF-8 but for %zu characters written as two UTF-16 surrogates each "
                           "(CESU-8, as some programs save an emoji): each read as U+FFFD", bad),
                        bad);
    else
        junqi_diags_add(d, JUNQI_CODE_NOT_UTF8, -1, line_loc(line, column),
                        P_("the game is UTF-8 but for %zu character that is not (GBK?): read as U+FFFD",
                           "the game is UTF-8 but for %zu characters that are not (GBK?): each read as U+FFFD", bad),
                        bad);
    free(game->s);
    game->s = utf8;
    game->len = strlen(utf8);
    return utf8;
}

/* The n bytes at s (no NUL among them) read as a text of `kind` is: GBK converted, each bad
 * character of a UTF-8 text (JUNQI_TEXT_MIXED) one U+FFFD, in a new string; NULL for any other
 * kind (its bytes are read as they are) or when out of memory. */
static char *read_as(junqi_text_kind kind, const char *s, size_t n)
{
    bool replaced;
    size_t bad;
    return kind == JUNQI_TEXT_GBK     ? junqi_gbk_to_utf8((const uint8_t *)s, n, &replaced)
           : kind == JUNQI_TEXT_MIXED ? junqi_utf8_replace_bad(s, n, "\xEF\xBF\xBD", &bad)
                                      : NULL;
}

/* The nul-byte error of a game with a NUL byte at `nul`, located and shown in the game's
 * characters as they would be read (read_as): the text before the NUL, and the rest of its line
 * after it, converted from GBK in a GBK game, each bad character one U+FFFD in a UTF-8 one, what
 * follows as it is (it is not read). In the raw bytes, 黄方 in GBK (BB C6 B7 BD) was one column,
 * and was shown as "\xbbƷ\xbd"; 玩家 after the NUL as "\xcd\xe6\xbc\xd2". */
static void nul_error(const text_buf *game, long first_line, const char *nul, junqi_diags *d)
{
    const char *tail = nul + 1, *end = game->s + game->len;
    size_t line = 0; /* the rest of the NUL's line, up to its end or the next NUL */
    while (tail + line < end && tail[line] != '\n' && tail[line] != '\0')
        line++;
    junqi_text_kind kind = junqi_text_kind_of(game->s, game->len);
    char *before = read_as(kind, game->s, (size_t)(nul - game->s)), *after = read_as(kind, tail, line);
    size_t n = before ? strlen(before) : 0, k = after ? strlen(after) : 0, rest = (size_t)(end - tail) - line;
    char *all = before && after ? malloc(n + 1 + k + rest + 1) : NULL;
    if (all) { /* else not GBK nor mixed, or out of memory: the raw bytes, as they are */
        memcpy(all, before, n);
        all[n] = '\0';
        memcpy(all + n + 1, after, k);
        memcpy(all + n + 1 + k, tail + line, rest);
    }
    free(before);
    free(after);
    junqi_diags_add_at_byte(d, JUNQI_CODE_NUL_BYTE, all ? all : game->s, all ? n + 1 + k + rest : game->len,
                            first_line, all ? all + n : nul,
                            N_("a NUL byte (0x00) in the text: JGN is UTF-8 text, so this game is not read "
                               "(a binary file, or UTF-16?)"));
    free(all);
}

/* Give the text s (n bytes of whole lines, each ending in '\n') back to r's input, to be read
 * again before what follows it (the tag line pending, the rest of the input): the next game
 * starts there (next_tagless_game). It is read as the UTF-8 it was made (a GBK game's next one
 * is not said to be GBK again). False when out of memory. */
static bool give_back(junqi_jgn_reader *r, const char *s, size_t n)
{
    size_t pending = r->pending ? strlen(r->pending) + 1 : 0, rest = r->prefix_len - r->prefix_at;
    uint8_t *text = malloc(n + pending + rest + 1);
    if (!text)
        return false;
    memcpy(text, s, n);
    if (r->pending) {
        memcpy(text + n, r->pending, pending - 1);
        text[n + pending - 1] = '\n';
    }
    memcpy(text + n + pending, r->prefix + r->prefix_at, rest);
    free(r->prefix);
    r->prefix = text;
    r->prefix_len = n + pending + rest;
    r->prefix_at = 0;
    for (size_t i = 0; i < n; i++) /* its lines are counted again as they are read */
        r->lines -= s[i] == '\n';
    r->lines -= r->pending != NULL;
    free(r->pending);
    r->pending = NULL;
    return true;
}

junqi_read_status junqi_jgn_next(junqi_jgn_reader *r, junqi_game **out, junqi_diags *d)
{
    *out = NULL;
    text_buf game = {0};
    long first_line = r->lines + 1;
    free(r->last);
    r->last = NULL;
    r->last_len = 0;
    if (r->in) /* one lock a game, not one a byte (read_byte) */
        flockfile(r->in);
    junqi_read_status rc = cut_game(r, &game, &first_line, d);
    if (r->in)
        funlockfile(r->in);
    r->last_line = rc == JUNQI_READ_END ? 0 : first_line;
    if (rc != JUNQI_READ_OK) {
        free(game.s);
        return rc;
    }
    size_t errors = d ? d->errors : 0;
    /* JGN is text: a game with a NUL byte is dropped with an error at the byte */
    const char *nul = memchr(game.s, '\0', game.len);
    if (nul) {
        nul_error(&game, first_line, nul, d);
        free(game.s);
        return JUNQI_READ_BROKEN;
    }
    size_t next = 0;
    if (to_utf8(&game, first_line, d))
        *out = parse_game(game.s, first_line, r, d, &next);
    if (next && !give_back(r, game.s + next, game.len - next)) {
        junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, line_loc(r->lines, 1), "out of memory");
        junqi_game_free(*out);
        *out = NULL;
        free(game.s);
        return JUNQI_READ_FAILED;
    }
    r->last = game.s; /* kept for the source lines of later diagnostics */
    r->last_len = next ? next : game.len;
    if (!*out)
        return JUNQI_READ_BROKEN;
    return d && d->errors > errors ? JUNQI_READ_BROKEN : JUNQI_READ_OK;
}

void junqi_jgn_reader_assume_rules(junqi_jgn_reader *r, const junqi_rules *rules)
{
    r->assumed = rules;
}

const char *junqi_jgn_reader_last(const junqi_jgn_reader *r, size_t *len, long *first_line)
{
    *len = r->last_len;
    *first_line = r->last_line;
    return r->last;
}

junqi_game *junqi_jgn_parse(const char *text, size_t len, const char *name, unsigned flags,
                            junqi_diags *d)
{
    junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, (const uint8_t *)text, len, name, flags);
    junqi_game *g = NULL;
    if (r)
        junqi_jgn_next(r, &g, d);
    junqi_jgn_reader_free(r);
    return g;
}

bool junqi_jgn_detect(const uint8_t *data, size_t len)
{
    size_t i = junqi_utf8_bom(data, len);
    const char *text = (const char *)data; /* a GBK comment's trail bytes may be '}' (junqi_text_char_length) */
    bool gbk = junqi_text_kind_of(text, len) == JUNQI_TEXT_GBK;
    for (;;) { /* blank lines, ';' comment lines and {} comments may come first (docs/jgn.md) */
        while (i < len && isspace(data[i]))
            i++;
        if (i < len && data[i] == '{') {
            for (i++; i < len && data[i] != '}'; i += junqi_text_char_length(text + i, len - i, gbk))
                i += data[i] == '\\' && i + 1 < len;
            if (i++ >= len)
                return false; /* never closed: no sign of JGN */
            continue;
        }
        if (i >= len || data[i] != ';')
            break;
        while (i < len && data[i] != '\n')
            i++;
    }
    size_t open = tag_open(text + i, len - i); /* ［ or 【: the reader names it (it was no format) */
    if (!open)
        return false;
    i += open;
    size_t n0 = i;
    while (i < len && (isalnum(data[i]) || data[i] == '_'))
        i++;
    if (i == n0)
        return false;
    /* a tag's shape, well formed or not: `[Name "`, and `[Name value]`,
     * `[Name]`, `[Name` at the end of its line, or a full-width space after
     * the name (a Chinese input method's), whose error the reader locates;
     * a YAML flow sequence goes on otherwise (`[name: x]`, `[a, b]`) */
    return i == len || strchr(" \t\"]\r\n", data[i]) != NULL ||
           (len - i >= 3 && memcmp(data + i, "\xE3\x80\x80", 3) == 0);
}

bool junqi_jgn_detect_moves(const uint8_t *data, size_t len)
{
    size_t i = junqi_utf8_bom(data, len), digits;
    for (;;) { /* blanks and the comments before the first number ("{the opening} 1. c8^b3") */
        while (i < len && strchr(" \t\r\n", data[i]))
            i++;
        if (i >= len || data[i] != '{')
            break;
        const uint8_t *close = memchr(data + i, '}', len - i);
        if (!close)
            return false;
        i = (size_t)(close - data) + 1;
    }
    for (digits = 0; i < len && data[i] >= '0' && data[i] <= '9'; i++)
        digits++;
    if (!digits || i + 1 >= len || data[i] != '.' || !strchr(" \t\r\n", data[i + 1]))
        return false;
    for (i++; i < len && strchr(" \t\r\n", data[i]); i++)
        ;
    return i < len && (data[i] == '{' || (i + 1 < len && data[i] >= 'a' && data[i] <= 'z' &&
                                          ((data[i + 1] >= '0' && data[i + 1] <= '9') || data[i + 1] == 'M')));
}

bool junqi_jgn_next_command(const char **text, char name[32], const char **args, size_t *args_len)
{
    const char *s = strstr(*text, "[%");
    if (!s)
        return false;
    s += 2;
    size_t n = 0;
    while (s[n] && (isalnum((unsigned char)s[n]) || s[n] == '_') && n < 31)
        n++;
    memcpy(name, s, n);
    name[n] = '\0';
    const char *a = s + n;
    while (*a == ' ')
        a++;
    const char *end = strchr(a, ']');
    if (!end) {
        *text = a + strlen(a);
        return false;
    }
    size_t len = (size_t)(end - a);
    while (len > 0 && a[len - 1] == ' ')
        len--;
    *args = a;
    *args_len = len;
    *text = end + 1;
    return true;
}

/* ------------------------------------------------------------------ */
/* The writer                                                         */

#define WRAP_COLUMN 79

typedef struct writer {
    FILE *out;
    const junqi_game *g;
    const junqi_board *b;
    int column;
    bool glue; /* the next token follows without a space (after '(') */
} writer;

static int text_width(const char *s)
{
    int len = 0;
    for (; *s && *s != '\n'; s++)
        len += ((unsigned char)*s & 0xC0) != 0x80;
    return len;
}

/* Write a token after a space, or after a line break when it would pass the
 * wrap column; glued tokens (')') follow the previous one directly. */
static void put(writer *w, const char *tok, bool glued)
{
    int len = text_width(tok);
    if (w->column > 0 && !glued && !w->glue) {
        if (w->column + 1 + len > WRAP_COLUMN) {
            fputc('\n', w->out);
            w->column = 0;
        } else {
            fputc(' ', w->out);
            w->column++;
        }
    }
    w->glue = false;
    fputs(tok, w->out);
    const char *nl = strrchr(tok, '\n');
    w->column = nl ? text_width(nl + 1) : w->column + len;
}

static void put_token(writer *w, const char *tok)
{
    put(w, tok, false);
}

static void write_comment(writer *w, const char *text)
{
    text_buf t = {0};
    bool ok = buf_append(&t, "{", 1);
    for (const char *s = text; *s && ok; s++) {
        char hex[8];
        if (control_char((unsigned char)*s)) {
            snprintf(hex, sizeof hex, "\\x%02x", (unsigned char)*s);
            ok = buf_append(&t, hex, 4);
            continue;
        }
        if (*s == '}' || *s == '\\')
            ok = buf_append(&t, "\\", 1);
        ok = ok && buf_append(&t, s, 1);
    }
    if (ok && buf_append(&t, "}", 1))
        put_token(w, t.s);
    free(t.s);
}

static void write_comments(writer *w, const junqi_line *l, size_t before)
{
    for (size_t i = 0; i < l->ncomments; i++)
        if (l->comments[i].before == before)
            write_comment(w, l->comments[i].text);
}

char *junqi_jgn_move_token(const junqi_board *b, const junqi_item *it, char buf[8])
{
    return junqi_item_move_text(b, it, buf);
}

static void write_move(writer *w, const junqi_item *it, size_t number)
{
    char tok[64], from[8], action[32];
    /* the number and its move stay on one line */
    int n = junqi_rules_flip(w->g->rules)
                ? snprintf(tok, sizeof tok, "%zu. %s", number, junqi_jgn_flip_action_text(w->b, it, action, sizeof action))
                : snprintf(tok, sizeof tok, "%zu. %s", number, junqi_jgn_move_token(w->b, it, from));
    /* a first NAG of $1..$6 is written as a mark on the move, the others as $n */
    int k = 0;
    if (it->nnags && junqi_nag_assesses_move(it->nags[0]))
        snprintf(tok + n, sizeof tok - (size_t)n, "%s", glyphs[it->nags[k++]]);
    put_token(w, tok);
    for (; k < it->nnags; k++) {
        snprintf(tok, sizeof tok, "$%d", it->nags[k]);
        put_token(w, tok);
    }
    for (int f = 0; f < 2; f++)
        if (it->flag_shown[f] != JUNQI_NO_POINT) {
            snprintf(tok, sizeof tok, "flag:%s", junqi_square_name(w->b, it->flag_shown[f], from));
            put_token(w, tok);
        }
    if (it->shown_piece) {
        snprintf(tok, sizeof tok, "shown:%s:%s", junqi_square_name(w->b, it->shown_point, from),
                 junqi_piece_name((junqi_piece)it->shown_piece, JUNQI_NAMES_RANK));
        put_token(w, tok);
    }
    char events[2][32];
    for (int k = 0, m = junqi_rules_flip(w->g->rules) ? junqi_jgn_flip_events(w->b, it, events) : 0; k < m; k++)
        put_token(w, events[k]);
}

static void write_event(writer *w, const junqi_item *it)
{
    char tok[64];
    const char *seat = junqi_seat_name(it->seat < JUNQI_SEATS ? (junqi_seat)it->seat : JUNQI_NO_SEAT);
    switch (it->kind) {
    case JUNQI_ITEM_TIMEOUT:
        if (it->count)
            snprintf(tok, sizeof tok, "timeout:%s:%d", seat, it->count);
        else
            snprintf(tok, sizeof tok, "timeout:%s", seat);
        break;
    case JUNQI_ITEM_LEFT: snprintf(tok, sizeof tok, "left:%s", seat); break;
    case JUNQI_ITEM_ELIMINATED:
        if (it->reason == JUNQI_REASON_UNKNOWN_CODE)
            snprintf(tok, sizeof tok, "eliminated:%s:%s:%d", seat,
                     junqi_reason_id((junqi_reason)it->reason), it->code);
        else
            snprintf(tok, sizeof tok, "eliminated:%s:%s", seat, junqi_reason_id((junqi_reason)it->reason));
        break;
    default: return; /* END: written as the result */
    }
    put_token(w, tok);
}

static bool has_variations(const junqi_line *l, size_t i)
{
    return i < l->nitems && l->items[i].nvariations > 0;
}

/* Items in order; a move's following comments come before its variations.
 * The comments after a last END item are not written: they follow the
 * result, which the caller writes (docs/jgn.md, "The result"). */
static void write_line(writer *w, const junqi_line *l, size_t number)
{
    for (size_t i = 0; i <= l->nitems; i++) {
        if (i == l->nitems && ends_in_end(l))
            break;
        if (i == 0 || !has_variations(l, i - 1))
            write_comments(w, l, i);
        if (i == l->nitems)
            break;
        const junqi_item *it = &l->items[i];
        if (it->kind != JUNQI_ITEM_MOVE) {
            write_event(w, it);
            continue;
        }
        write_move(w, it, number);
        if (it->nvariations)
            write_comments(w, l, i + 1);
        for (size_t v = 0; v < it->nvariations; v++) {
            put_token(w, "(");
            w->glue = true;
            write_line(w, &it->variations[v], number);
            put(w, ")", true);
        }
        number++;
    }
}

static void write_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *s = value; *s; s++) {
        if (control_char((unsigned char)*s) || *s == '\n') {
            fprintf(out, "\\x%02x", (unsigned char)*s);
            continue;
        }
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        fputc(*s, out);
    }
    fputs("\"]\n", out);
}

static void write_setup(FILE *out, const char *tag, const uint8_t setup[6][5])
{
    char v[JUNQI_SETUP_TEXT];
    junqi_setup_format(setup, v);
    write_tag(out, tag, v);
}

static bool is_leading_tag(const char *name)
{
    for (size_t i = 0; i < sizeof leading_tags / sizeof leading_tags[0]; i++)
        if (strcmp(name, leading_tags[i]) == 0)
            return true;
    return false;
}

/* The result the record states: the game's, else its last END item's. An
 * END item before later items (a QQ replay's game-over record with records
 * after it) is written as the result too, at the end of the movetext, the
 * only place JGN has for it (docs/jgn.md, "The result"). */
static junqi_result stated_result(const junqi_game *g)
{
    junqi_result r = g->result;
    const junqi_line *m = &g->main;
    for (size_t i = m->nitems; i > 0 && r.status == JUNQI_ONGOING; i--) {
        const junqi_item *end = &m->items[i - 1];
        if (end->kind == JUNQI_ITEM_END)
            r = (junqi_result){end->status, end->winners, end->reason, end->code};
    }
    return r;
}

static void write_tags(FILE *out, const junqi_game *g, const junqi_result *r)
{
    for (size_t k = 0; k < sizeof leading_tags / sizeof leading_tags[0]; k++) {
        const char *v = junqi_game_tag(g, leading_tags[k]);
        if (v)
            write_tag(out, leading_tags[k], v);
    }
    write_tag(out, "Board", junqi_board_kind_name(g->board));
    write_tag(out, "Rules", g->rules->text);
    if (!junqi_rules_flip(g->rules)) /* everything is public in flip games but the face-down pieces */
        write_tag(out, "Mode", junqi_info_mode_name(g->info));
    if (g->view != JUNQI_NO_SEAT)
        write_tag(out, "View", junqi_seat_name(g->view));
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (g->seat[s].present)
            write_tag(out, seat_tags[s], g->seat[s].player ? g->seat[s].player : "?");
    if (g->first != JUNQI_NO_SEAT)
        write_tag(out, "First", junqi_seat_name(g->first));
    if (g->start || g->flip_start) {
        char *pos = g->flip_start ? junqi_flip_pos_format(g->flip_start) : junqi_pos_format(g->start);
        if (pos)
            write_tag(out, "Position", pos);
        free(pos);
    }
    write_tag(out, "Result", junqi_result_text(r, junqi_game_present(g)));
    if (r->status != JUNQI_ONGOING && r->reason != JUNQI_REASON_NONE) {
        char v[48];
        if (r->reason == JUNQI_REASON_UNKNOWN_CODE)
            snprintf(v, sizeof v, "%s:%d", junqi_reason_id((junqi_reason)r->reason), r->code);
        else
            snprintf(v, sizeof v, "%s", junqi_reason_id((junqi_reason)r->reason));
        write_tag(out, "Termination", v);
    }
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (g->seat[s].present && g->seat[s].setup_known && !g->start)
            write_setup(out, setup_tags[s], g->seat[s].setup);
    char deal[JUNQI_FLIP_DEAL_TEXT];
    if (g->has_deal && !g->flip_start)
        write_tag(out, "Deal", junqi_flip_deal_format(g->deal, deal));
    for (size_t i = 0; i < g->ntags; i++)
        if (!is_leading_tag(g->tags[i].name))
            write_tag(out, g->tags[i].name, g->tags[i].value);
}

bool junqi_jgn_write(FILE *out, const junqi_game *g)
{
    junqi_result r = stated_result(g);
    write_tags(out, g, &r);
    fputc('\n', out);
    writer w = {out, g, junqi_rules_board(g->rules), 0, false};
    write_line(&w, &g->main, junqi_game_first_number(g));
    put_token(&w, junqi_result_text(&r, junqi_game_present(g)));
    if (ends_in_end(&g->main))
        write_comments(&w, &g->main, g->main.nitems);
    fputc('\n', out);
    return !ferror(out);
}

char *junqi_jgn_to_string(const junqi_game *g)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    if (!f)
        return NULL;
    bool ok = junqi_jgn_write(f, g);
    if (fclose(f) != 0 || !ok) {
        free(s);
        return NULL;
    }
    return s;
}
