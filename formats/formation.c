/* SPDX-License-Identifier: MIT */
/*
 * formation.c - YAML formations with libyaml's document API. See formation.h.
 */
#include "formation.h"

#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include "i18n.h"
#include "setup.h"
#include "text.h"

/* A libyaml mark as a text input's place: its line and column (the mark's
 * index counts characters, not bytes: no offset). */
static junqi_loc mark_loc(yaml_mark_t m)
{
    return (junqi_loc){-1, -1, (int)m.line + 1, (int)m.column + 1, 0};
}

static const char *scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* YAML's null: nothing, ~ or null, unquoted. */
static bool is_null(const yaml_node_t *n)
{
    const char *v = scalar(n);
    return v && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
           (v[0] == '\0' || strcmp(v, "~") == 0 || strcmp(v, "null") == 0 || strcmp(v, "Null") == 0 ||
            strcmp(v, "NULL") == 0);
}

/* A null entry: null (is_null), an empty quoted text, or the word camp. */
static bool is_empty_entry(const yaml_node_t *n)
{
    const char *v = scalar(n);
    return is_null(n) || (v && (v[0] == '\0' || strcmp(v, "camp") == 0));
}

typedef struct reader {
    yaml_document_t *doc;
    junqi_diags *d;
    bool ok;
} reader;

__attribute__((format(printf, 4, 5)))
static void problem(reader *r, const yaml_node_t *n, junqi_code code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    junqi_diags_vadd(r->d, code, -1, mark_loc(n->start_mark), fmt, ap);
    va_end(ap);
    if (junqi_code_severity(code) == JUNQI_SEV_ERROR)
        r->ok = false;
}

static void read_entry(reader *r, junqi_formation *f, int row, int col, const yaml_node_t *n)
{
    f->cell[row][col] = mark_loc(n->start_mark);
    if (is_empty_entry(n))
        return;
    const char *v = scalar(n);
    junqi_piece p = v ? junqi_piece_parse(v, strlen(v)) : JUNQI_NONE;
    if (p == JUNQI_NONE || p == JUNQI_UNKNOWN) {
        f->bad[row][col] = true;
        char q[JUNQI_QUOTE_SIZE];
        if (v && junqi_arm_point_kind(row + 1, col + 1) == JUNQI_CAMP) /* '_', as the published 28-in-1 text marks one */
            problem(r, n, JUNQI_CODE_UNKNOWN_PIECE_NAME, "'%s' is not a piece name, and row %d, column %d is a camp, "
                    "which starts empty: write ~ (or camp) there", (junqi_quote(q, v, strlen(v)), q), row + 1, col + 1);
        else if (v)
            problem(r, n, JUNQI_CODE_UNKNOWN_PIECE_NAME, "'%s' is not a piece name (e.g. 司令, 军长, marshal, 9, B, L, F)",
                    (junqi_quote(q, v, strlen(v)), q));
        else
            problem(r, n, JUNQI_CODE_UNKNOWN_PIECE_NAME, "row %d, column %d must be a piece name", row + 1, col + 1);
        return;
    }
    f->setup[row][col] = (uint8_t)p;
}

/* The entries `first` .. `last` - 1 of f (counted row by row, 5 a row, from
 * 0) cannot be read: their problem is reported at `at`, where they are
 * marked, and the setup check passes them over (and the piece counts, which
 * would only repeat it). */
static void unreadable(junqi_formation *f, int first, int last, junqi_loc at)
{
    for (int k = first; k < last; k++) {
        f->bad[k / 5][k % 5] = true;
        f->cell[k / 5][k % 5] = at;
    }
}

/* A list wanted at n that is a text opening with a full-width form of a list's mark (【, ［ for
 * '[', － for '-': junqi_full_width_ascii), as a Chinese input method types them: YAML reads
 * it all the same, as a text; the error names the mark where it is, as full_width_yaml_error()
 * names one that is YAML's syntax error. False, nothing said, when n is no such text. */
static bool full_width_list(reader *r, const yaml_node_t *n, junqi_code code)
{
    const char *v = scalar(n), *at = NULL;
    char ascii = v ? junqi_full_width_ascii(v, strnlen(v, 3), &at) : 0;
    if (at != v || (ascii != '[' && ascii != '-'))
        return false;
    problem(r, n, code, "'%.3s' is a full-width '%c': YAML's marks are ASCII (half-width) characters", v, ascii);
    return true;
}

/* A row of fewer than 5 entries, one of which holds a full-width ',' (，), as a Chinese input
 * method types it between them: YAML reads [军长，工兵，...] as one entry, which was "row 1 has 1
 * entry" and "'军长，工兵，...' is not a piece name"; the comma is named where it is. False,
 * nothing said, when the row has none. */
static bool full_width_comma(reader *r, const yaml_node_t *row)
{
    for (yaml_node_item_t *it = row->data.sequence.items.start; it < row->data.sequence.items.top; it++) {
        const yaml_node_t *entry = yaml_document_get_node(r->doc, *it);
        const char *v = entry ? scalar(entry) : NULL, *at = NULL;
        if (v && junqi_full_width_ascii(v, strlen(v), &at) == ',') {
            problem(r, entry, JUNQI_CODE_ROW_LENGTH,
                    "'%.3s' is a full-width '%c': YAML's marks are ASCII (half-width) characters", at, ',');
            return true;
        }
    }
    return false;
}

static void read_rows(reader *r, junqi_formation *f, const yaml_node_t *rows)
{
    if (rows->type != YAML_SEQUENCE_NODE) {
        if (!full_width_list(r, rows, JUNQI_CODE_BAD_ROWS))
            problem(r, rows, JUNQI_CODE_BAD_ROWS, "rows must be a list of 6 rows");
        unreadable(f, 0, 30, mark_loc(rows->start_mark));
        return;
    }
    int nrows = (int)(rows->data.sequence.items.top - rows->data.sequence.items.start);
    if (nrows != 6)
        problem(r, rows, JUNQI_CODE_BAD_ROWS,
                P_("rows has %d row, a formation has 6", "rows has %d rows, a formation has 6",
                   (unsigned long)nrows), nrows);
    for (int i = 0; i < nrows && i < 6; i++) {
        yaml_node_t *row = yaml_document_get_node(r->doc, rows->data.sequence.items.start[i]);
        if (!row || row->type != YAML_SEQUENCE_NODE) {
            if (!row || !full_width_list(r, row, JUNQI_CODE_ROW_LENGTH))
                problem(r, row ? row : rows, JUNQI_CODE_ROW_LENGTH, "row %d must be a list of 5 entries", i + 1);
            unreadable(f, 5 * i, 5 * i + 5, mark_loc((row ? row : rows)->start_mark));
            continue;
        }
        int n = (int)(row->data.sequence.items.top - row->data.sequence.items.start);
        if (n < 5 && full_width_comma(r, row)) {
            unreadable(f, 5 * i, 5 * i + 5, mark_loc(row->start_mark));
            continue;
        }
        if (n != 5)
            problem(r, row, JUNQI_CODE_ROW_LENGTH,
                    P_("row %d has %d entry, a row has 5", "row %d has %d entries, a row has 5",
                       (unsigned long)n), i + 1, n);
        for (int c = 0; c < n && c < 5; c++)
            read_entry(r, f, i, c, yaml_document_get_node(r->doc, row->data.sequence.items.start[c]));
        if (n < 5)
            unreadable(f, 5 * i + n, 5 * i + 5, mark_loc(row->start_mark));
    }
    if (nrows < 6)
        unreadable(f, 5 * nrows, 30, mark_loc(rows->start_mark));
}

/* Append `text` and a newline to f->aliases. */
static void add_alias(reader *r, junqi_formation *f, const yaml_node_t *n, const char *text)
{
    size_t old = f->aliases ? strlen(f->aliases) : 0, len = strlen(text);
    char *grown = realloc(f->aliases, old + len + 2);
    if (!grown) {
        problem(r, n, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
        return;
    }
    memcpy(grown + old, text, len);
    grown[old + len] = '\n';
    grown[old + len + 1] = '\0';
    f->aliases = grown;
}

/* aliases: a name, or a list of names (none may hold a newline). */
static void read_aliases(reader *r, junqi_formation *f, const yaml_node_t *v)
{
    const char *one = scalar(v);
    if (one && !strchr(one, '\n')) {
        add_alias(r, f, v, one);
        return;
    }
    if (v->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *i = v->data.sequence.items.start; i < v->data.sequence.items.top; i++) {
            yaml_node_t *item = yaml_document_get_node(r->doc, *i);
            const char *text = scalar(item);
            if (text && !strchr(text, '\n'))
                add_alias(r, f, item, text);
            else
                problem(r, item ? item : v, JUNQI_CODE_BAD_FORMATION, "each alias must be a name on one line");
        }
        return;
    }
    problem(r, v, JUNQI_CODE_BAD_FORMATION, "aliases must be a name or a list of names");
}

static void read_keys(reader *r, junqi_formation *f, const yaml_node_t *map);

/* One mapping node: name, aliases, board, rows. */
static void read_formation(reader *r, const yaml_node_t *map, junqi_formations *out)
{
    if (map->type != YAML_MAPPING_NODE) {
        problem(r, map, JUNQI_CODE_BAD_FORMATION, "a formation is a mapping with the key rows (and name, board)");
        return;
    }
    size_t cap = out->n < out->cap ? out->cap : out->n ? 2 * out->n : 8;
    junqi_formation *grown = cap == out->cap ? out->items : realloc(out->items, cap * sizeof *grown);
    if (!grown) {
        problem(r, map, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
        return;
    }
    out->items = grown;
    out->cap = cap; /* doubled: 20,000 formations are read at once, under AddressSanitizer too */
    junqi_formation *f = &out->items[out->n++];
    memset(f, 0, sizeof *f);
    f->loc = mark_loc(map->start_mark);
    f->diag_from = r->d ? r->d->n : 0;
    read_keys(r, f, map);
    f = &out->items[out->n - 1];
    f->diag_to = r->d ? r->d->n : 0;
}

/* The keys of a formation's mapping. */
static const char *const keys[] = {"rows", "name", "board", "aliases"};

/* The key of k, unknown, said: the one meant when it is a key in full-width letters, as a
 * Chinese input method in its full-width mode types them (ｒｏｗｓ: junqi_full_width_ascii). */
static void unknown_key(reader *r, const yaml_node_t *k, const char *key)
{
    char ascii[16], q[JUNQI_QUOTE_SIZE];
    size_t n = 0;
    const char *at;
    for (const char *c = key; c && *c && n + 1 < sizeof ascii; c += 3, n++)
        if ((ascii[n] = junqi_full_width_ascii(c, strnlen(c, 3), &at)) == 0 || at != c)
            break;
    ascii[n] = '\0';
    for (size_t i = 0; key && key[3 * n] == '\0' && i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(ascii, keys[i]) == 0) {
            problem(r, k, JUNQI_CODE_BAD_FORMATION, "the key '%s' is in full-width letters: write '%s'",
                    (junqi_quote(q, key, strlen(key)), q), keys[i]);
            return;
        }
    problem(r, k, JUNQI_CODE_BAD_FORMATION, "unknown key '%s' (a formation has name, aliases, board and rows)",
            key ? (junqi_quote(q, key, strlen(key)), q) : "?");
}

/* The keys of formation f's mapping: name, aliases, board, rows. */
static void read_keys(reader *r, junqi_formation *f, const yaml_node_t *map)
{
    const yaml_node_t *rows = NULL;
    unsigned seen = 0;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(r->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(r->doc, p->value);
        const char *key = scalar(k), *value = scalar(v);
        for (unsigned i = 0; key && i < sizeof keys / sizeof keys[0]; i++)
            if (strcmp(key, keys[i]) == 0 && (seen & (1u << i)))
                problem(r, k, JUNQI_CODE_DUPLICATE_KEY,
                        "the key '%s' is given again; this later value counts", key);
            else if (strcmp(key, keys[i]) == 0)
                seen |= 1u << i;
        if (key && strcmp(key, "rows") == 0) {
            rows = v;
        } else if (key && strcmp(key, "name") == 0 && value) {
            free(f->name);
            f->name = strdup(value);
        } else if (key && strcmp(key, "aliases") == 0) {
            read_aliases(r, f, v);
        } else if (key && strcmp(key, "board") == 0) {
            f->has_board = value && junqi_board_kind_parse(value, &f->board);
            if (!f->has_board)
                problem(r, v, JUNQI_CODE_BAD_FORMATION, "board must be two-player or four-player");
        } else {
            unknown_key(r, k, key);
        }
    }
    if (!rows) {
        problem(r, map, JUNQI_CODE_BAD_ROWS, "the formation has no rows");
        unreadable(f, 0, 30, f->loc);
        return;
    }
    read_rows(r, f, rows);
}

/* A document: one formation, or a sequence of them. */
static void read_document(reader *r, junqi_formations *out)
{
    yaml_node_t *root = yaml_document_get_root_node(r->doc);
    if (!root || is_null(root))
        return; /* an empty document: the end of the stream, or a --- with nothing after it */
    if (root->type != YAML_SEQUENCE_NODE) {
        read_formation(r, root, out);
        return;
    }
    for (yaml_node_item_t *i = root->data.sequence.items.start; i < root->data.sequence.items.top; i++)
        read_formation(r, yaml_document_get_node(r->doc, *i), out);
}

/* libyaml's own messages (the problem and context texts of its reader,
 * scanner, parser and loader, libyaml 0.2.5), listed so that they are
 * translated with ours: a user reading Chinese gets no English sentence. A
 * text not listed (another libyaml version) is shown as libyaml wrote it. */
static const char *const yaml_texts[] = {
    N_("block sequence entries are not allowed in this context"),
    N_("control characters are not allowed"),
    N_("could not find expected ':'"),
    N_("could not find expected directive name"),
    N_("did not find URI escaped octet"),
    N_("did not find expected '!'"),
    N_("did not find expected ',' or ']'"),
    N_("did not find expected ',' or '}'"),
    N_("did not find expected '-' indicator"),
    N_("did not find expected <document start>"),
    N_("did not find expected <stream-start>"),
    N_("did not find expected alphabetic or numeric character"),
    N_("did not find expected comment or line break"),
    N_("did not find expected digit or '.' character"),
    N_("did not find expected hexdecimal number"),
    N_("did not find expected key"),
    N_("did not find expected node content"),
    N_("did not find expected tag URI"),
    N_("did not find expected version number"),
    N_("did not find expected whitespace"),
    N_("did not find expected whitespace or line break"),
    N_("did not find the expected '>'"),
    N_("found a tab character that violates indentation"),
    N_("found a tab character where an indentation space is expected"),
    N_("found an incorrect leading UTF-8 octet"),
    N_("found an incorrect trailing UTF-8 octet"),
    N_("found an indentation indicator equal to 0"),
    N_("found character that cannot start any token"),
    N_("found duplicate %TAG directive"),
    N_("found duplicate %YAML directive"),
    N_("found duplicate anchor; first occurrence"),
    N_("second occurrence"),
    N_("found extremely long version number"),
    N_("found incompatible YAML document"),
    N_("found invalid Unicode character escape code"),
    N_("found undefined alias"),
    N_("found undefined tag handle"),
    N_("found unexpected ':'"),
    N_("found unexpected document indicator"),
    N_("found unexpected end of stream"),
    N_("found unexpected non-alphabetical character"),
    N_("found unknown directive name"),
    N_("found unknown escape character"),
    N_("incomplete UTF-16 character"),
    N_("incomplete UTF-16 surrogate pair"),
    N_("incomplete UTF-8 octet sequence"),
    N_("input error"),
    N_("input is too long"),
    N_("invalid Unicode character"),
    N_("invalid leading UTF-8 octet"),
    N_("invalid length of a UTF-8 sequence"),
    N_("invalid trailing UTF-8 octet"),
    N_("mapping keys are not allowed in this context"),
    N_("mapping values are not allowed in this context"),
    N_("unexpected low surrogate area"),
    N_("while parsing a %TAG directive"),
    N_("while parsing a block collection"),
    N_("while parsing a block mapping"),
    N_("while parsing a block node"),
    N_("while parsing a flow mapping"),
    N_("while parsing a flow node"),
    N_("while parsing a flow sequence"),
    N_("while parsing a node"),
    N_("while parsing a quoted scalar"),
    N_("while parsing a tag"),
    N_("while parsing a tag directive"),
    N_("while scanning a %TAG directive"),
    N_("while scanning a %YAML directive"),
    N_("while scanning a block scalar"),
    N_("while scanning a directive"),
    N_("while scanning a plain scalar"),
    N_("while scanning a quoted scalar"),
    N_("while scanning a simple key"),
    N_("while scanning a tag"),
    N_("while scanning a tag directive"),
    N_("while scanning an alias"),
    N_("while scanning an anchor"),
    N_("while scanning for the next token"),
};

/* libyaml's text s in the messages' language (yaml_texts). */
static const char *yaml_text(const char *s)
{
    for (size_t i = 0; i < sizeof yaml_texts / sizeof *yaml_texts; i++)
        if (strcmp(s, yaml_texts[i]) == 0)
            return _(s);
    return s;
}

/* The yaml-syntax error of a parser that failed on the len bytes at data:
 * its problem, and the context it arose in (a block mapping...) when libyaml
 * gives one; at the problem's mark, or, for a problem of libyaml's reader (a
 * byte that is not UTF-8, a control character), which has no mark but the
 * byte's offset, at that byte. */
/* Where a reader error of libyaml's at byte `offset` of data is: a byte that
 * is not UTF-8 is said where its sequence starts, the first byte that starts
 * no UTF-8 character (libyaml names the byte where it saw the sequence
 * fail: the second of a GBK character, or the ']' after a cut sequence);
 * another problem (a control character) where libyaml says. */
static size_t reader_error_at(const uint8_t *data, size_t len, size_t offset)
{
    size_t i = 0, k, end = offset < len ? offset + 1 : len;
    while (i < offset && (k = junqi_utf8_sequence(data + i, end - i)) > 0)
        i += k;
    return i;
}

/* The byte where character `column` (libyaml's count, from 0) of line `line` (from 0) of the
 * len bytes at data starts, or len. */
static size_t byte_of_mark(const uint8_t *data, size_t len, size_t line, size_t column)
{
    size_t i = 0;
    for (size_t l = 0; l < line && i < len; i++)
        l += data[i] == '\n';
    for (size_t c = 0; c < column && i < len && data[i] != '\n'; c++) {
        size_t k = junqi_utf8_sequence(data + i, len - i);
        i += k ? k : 1;
    }
    return i;
}

/* A syntax error of libyaml's that a full-width form of a YAML mark (： ， ［ ］ ｛ ｝ － ＃
 * and the ideographic space, junqi_full_width_ascii), as a Chinese input method types them,
 * caused: such a mark from the start of the line of the error's context (the simple key that
 * "could not find expected ':'"), or of the line before the problem's, up to the problem,
 * named at that character: libyaml's words came a line after it ("board：four-player" is a
 * scalar, and the next key's ':' the error). False when there is none. */
static bool full_width_yaml_error(junqi_diags *d, const yaml_parser_t *parser, const uint8_t *data, size_t len)
{
    /* without a context, from the line before the problem's: a plain scalar "name：F07" went on
     * there, and the next line's ':' was "not allowed in this context" */
    yaml_mark_t from = parser->context ? parser->context_mark : parser->problem_mark;
    size_t line = from.line - (!parser->context && from.line > 0);
    size_t i = byte_of_mark(data, len, line, 0),
           end = byte_of_mark(data, len, parser->problem_mark.line, parser->problem_mark.column);
    end = end + 3 < len ? end + 3 : len;
    const char *at;
    char ascii;
    for (; (ascii = junqi_full_width_ascii((const char *)data + i, end - i, &at)) != 0;
         i = (size_t)(at - (const char *)data) + 3) {
        if (!strchr(" :,[]{}-#", ascii))
            continue;
        size_t before = d ? d->n : 0;
        junqi_diags_add(d, JUNQI_CODE_YAML_SYNTAX, -1, JUNQI_NOWHERE,
                        "'%.3s' is a full-width '%c': YAML's marks are ASCII (half-width) characters", at, ascii);
        if (d && d->n > before)
            junqi_diag_place_at_byte(&d->items[d->n - 1], (const char *)data, len, 1, at);
        return true;
    }
    return false;
}

static void yaml_error(junqi_diags *d, const yaml_parser_t *parser, const uint8_t *data, size_t len)
{
    if (parser->error != YAML_READER_ERROR && full_width_yaml_error(d, parser, data, len))
        return;
    const char *problem = yaml_text(parser->problem ? parser->problem : N_("syntax error"));
    size_t before = d ? d->n : 0;
    if (parser->context)
        /* TRANSLATORS: the first %s is what is wrong, the second where (while parsing a block mapping) */
        junqi_diags_add(d, JUNQI_CODE_YAML_SYNTAX, -1, mark_loc(parser->problem_mark), "YAML: %s %s", problem,
                        yaml_text(parser->context));
    else
        junqi_diags_add(d, JUNQI_CODE_YAML_SYNTAX, -1, mark_loc(parser->problem_mark), "YAML: %s", problem);
    if (parser->error == YAML_READER_ERROR && d && d->n > before && parser->problem_offset <= len)
        junqi_diag_place_at_byte(&d->items[d->n - 1], (const char *)data, len, 1,
                                 (const char *)data + reader_error_at(data, len, parser->problem_offset));
}

/* The deepest that the collections (sequences, mappings) of a formation file
 * may nest: a sequence of formations, a formation, its rows, a row make 4. */
#define YAML_MAX_DEPTH 64

/* Whether the collections of the len bytes at data nest deeper than
 * YAML_MAX_DEPTH, said (too-deep) at the first that does. libyaml's scanner
 * takes time in the square of the depth (200 KB of '[' take half a minute), so
 * such a text is refused after the events up to that collection, before it
 * is loaded. A syntax error before it is left to the loader to say. */
static bool too_deep(const uint8_t *data, size_t len, junqi_diags *d)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return false; /* the loader's parser says it */
    yaml_parser_set_input_string(&parser, data, len);
    int depth = 0;
    bool deep = false, done = false;
    while (!done && !deep) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event))
            break;
        if (event.type == YAML_SEQUENCE_START_EVENT || event.type == YAML_MAPPING_START_EVENT)
            deep = ++depth > YAML_MAX_DEPTH;
        else if (event.type == YAML_SEQUENCE_END_EVENT || event.type == YAML_MAPPING_END_EVENT)
            depth--;
        done = event.type == YAML_STREAM_END_EVENT;
        if (deep)
            junqi_diags_add(d, JUNQI_CODE_TOO_DEEP, -1, mark_loc(event.start_mark),
                            "lists and mappings are nested deeper than %d levels; a formation file needs 4",
                            YAML_MAX_DEPTH);
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    return deep;
}

bool junqi_formation_read_yaml(const uint8_t *data, size_t len, junqi_formations *out,
                               junqi_diags *d)
{
    const uint8_t *nul = memchr(data, '\0', len);
    if (nul) { /* YAML is text (libyaml would say only that it cannot read it) */
        junqi_diags_add_at_byte(d, JUNQI_CODE_NUL_BYTE, (const char *)data, len, 1, (const char *)nul,
                                N_("a NUL byte (0x00) in the text: YAML is UTF-8 text, so this file is not read "
                                   "(a binary file, or UTF-16?)"));
        return false;
    }
    if (too_deep(data, len, d))
        return false;
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE, "out of memory");
        return false;
    }
    yaml_parser_set_input_string(&parser, data, len);
    reader r = {NULL, d, true};
    for (;;) {
        yaml_document_t doc;
        if (!yaml_parser_load(&parser, &doc)) {
            yaml_error(d, &parser, data, len);
            r.ok = false;
            break;
        }
        bool empty = !yaml_document_get_root_node(&doc);
        r.doc = &doc;
        read_document(&r, out);
        yaml_document_delete(&doc);
        if (empty)
            break; /* the end of the stream */
    }
    yaml_parser_delete(&parser);
    return r.ok;
}

int junqi_formation_check(const junqi_formation *f, const char *prefix, junqi_diags *d)
{
    return junqi_formation_check_under(f, NULL, prefix, d);
}

bool junqi_formation_check_rules(const junqi_formation *f, const junqi_rules *r, const char *who, char *why,
                                 size_t n)
{
    if (r && junqi_rules_flip(r))
        snprintf(why, n, _("%s is a flip game's rule set, and this is a formation"), who);
    else if (r && f->has_board && r->board != f->board)
        snprintf(why, n, _("%s is for the %s board, and this is a %s formation"), who,
                 _(junqi_board_kind_name(r->board)), _(junqi_board_kind_name(f->board)));
    else
        return true;
    return false;
}

int junqi_formation_check_under(const junqi_formation *f, const junqi_rules *rules,
                                const char *prefix, junqi_diags *d)
{
    junqi_setup_problem problems[JUNQI_MAX_SETUP_PROBLEMS];
    int n = junqi_setup_check_under(f->setup, rules, problems), errors = 0;
    bool any_bad = false;
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 5; c++)
            any_bad |= f->bad[r][c];
    for (int i = 0; i < n; i++) {
        const junqi_setup_problem *p = &problems[i];
        if (p->row > 0 && f->bad[p->row - 1][p->col - 1])
            continue; /* already reported: not a piece name */
        if (p->row == 0 && any_bad)
            continue; /* counts are meaningless with unreadable entries */
        junqi_loc loc = p->row > 0 ? f->cell[p->row - 1][p->col - 1] : f->loc;
        junqi_diags_add(d, p->code, -1, loc, "%s%s%s", prefix ? prefix : "",
                        prefix ? ": " : "", p->message);
        errors++;
    }
    return errors;
}

void junqi_formation_clear(junqi_formation *f)
{
    free(f->name);
    free(f->aliases);
    f->name = f->aliases = NULL;
}

void junqi_formation_move(junqi_formation *to, junqi_formation *from)
{
    *to = *from;
    from->name = from->aliases = NULL;
}

void junqi_formations_free(junqi_formations *list)
{
    for (size_t i = 0; i < list->n; i++)
        junqi_formation_clear(&list->items[i]);
    free(list->items);
    list->items = NULL;
    list->n = 0;
    list->cap = 0;
}

/* What the events of the len bytes at data up to the first document's root
 * say (junqi_formation_detect): 1 YAML, 0 not, -1 libyaml's reader failed
 * at byte *bad (a byte that is not UTF-8, a control character). cut: the
 * bytes are the part of a text before one libyaml cannot read, and so must
 * have a root of their own. */
static int detect_root(const uint8_t *data, size_t len, bool cut, size_t *bad);

/* Whether the first line of the len bytes at data that is neither blank nor a '#' comment is a
 * key of letters and '_' with a full-width colon after it ("name：F07", as a Chinese input method
 * types it): a formation to the detection, whose reader says where the colon is, where it was
 * no YAML mapping ("not a format junqi reads"). */
static bool full_width_first_key(const uint8_t *data, size_t len)
{
    size_t i = junqi_utf8_bom(data, len);
    while (i < len && (isspace(data[i]) || data[i] == '#'))
        if (data[i++] == '#')
            while (i < len && data[i] != '\n')
                i++;
    size_t key = i;
    while (i < len && (isalpha(data[i]) || data[i] == '_'))
        i++;
    return i > key && len - i >= 3 && memcmp(data + i, "\xEF\xBC\x9A", 3) == 0;
}

static int detect_root(const uint8_t *data, size_t len, bool cut, size_t *bad)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return 0;
    yaml_parser_set_input_string(&parser, data, len);
    int yaml = 0;
    bool done = false;
    while (!done) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            if (parser.error == YAML_READER_ERROR && parser.problem_offset < len) {
                *bad = parser.problem_offset;
                yaml = -1;
            }
            break;
        }
        switch (event.type) {
        case YAML_MAPPING_START_EVENT:
        case YAML_SEQUENCE_START_EVENT: yaml = 1; done = true; break;
        case YAML_STREAM_END_EVENT: yaml = !cut; done = true; break;
        case YAML_SCALAR_EVENT:
        case YAML_ALIAS_EVENT: done = true; break;
        default: break;
        }
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    return yaml;
}

bool junqi_formation_detect(const uint8_t *data, size_t len)
{
    /* ask libyaml: YAML when the first document's root is a mapping or a
     * sequence (any style, flow or block), or when the text is a stream of
     * no document (comments only). The events up to the root are enough,
     * so a text cut short after them (a peek) is judged all the same. */
    /* a byte libyaml refuses (a NUL byte, a byte that is not UTF-8, a
     * control character: its reader refuses a whole block of text at once)
     * is reported by the reader where it is (nul-byte, yaml-syntax): the text
     * before it is judged, and must have a root of its own (a binary file
     * that starts with such bytes is no YAML) */
    const uint8_t *nul = memchr(data, '\0', len);
    size_t n = nul ? (size_t)(nul - data) : len, bad = 0;
    int yaml = detect_root(data, n, nul != NULL, &bad);
    while (yaml < 0 && bad < n) {
        n = bad;
        yaml = detect_root(data, n, true, &bad);
    }
    return yaml > 0 || full_width_first_key(data, n);
}

/* True if the len bytes at a equal b, ASCII letters in any case. */
static bool same_name(const char *a, size_t len, const char *b)
{
    return strlen(b) == len && strncasecmp(a, b, len) == 0;
}

bool junqi_formation_named(const junqi_formation *f, const char *name)
{
    if (f->name && same_name(f->name, strlen(f->name), name))
        return true;
    for (const char *a = f->aliases; a && *a;) {
        const char *end = strchr(a, '\n');
        size_t len = end ? (size_t)(end - a) : strlen(a);
        if (same_name(a, len, name))
            return true;
        a += len + (end != NULL);
    }
    return false;
}

static bool yaml_file_name(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && ((n > 5 && strcmp(name + n - 5, ".yaml") == 0) ||
                              (n > 4 && strcmp(name + n - 4, ".yml") == 0));
}

/* The formation called `name` in one file: 1 found (moved to *out, its number in *index),
 * 0 not, -1 out of memory. */
static int find_in_file(const char *path, const char *name, junqi_formation *out, size_t *index)
{
    /* only a regular file: the user named the folder, not this entry, and a
     * FIFO would block the search, a link to /dev/zero fill the memory */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return 0;
    FILE *fp = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "rb") : NULL;
    if (!fp) {
        close(fd);
        return 0;
    }
    char *data = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&data, &len);
    char buf[4096];
    size_t got;
    while (mem && (got = fread(buf, 1, sizeof buf, fp)) > 0)
        fwrite(buf, 1, got, mem);
    fclose(fp);
    if (!mem || fclose(mem) != 0) {
        free(data);
        return -1;
    }
    /* a file saved as GBK is read as GBK, as junqi_source_open() reads it (its byte order mark,
     * if any, dropped first) */
    size_t bom = junqi_utf8_bom(data, len);
    char *utf8;
    if (!junqi_gbk_text(data + bom, len - bom, &utf8)) {
        free(data);
        return -1;
    }
    if (utf8) {
        free(data);
        len = strlen(data = utf8);
    }
    junqi_formations list = {0};
    junqi_formation_read_yaml((const uint8_t *)data, len, &list, NULL);
    free(data);
    int found = 0;
    for (size_t i = 0; i < list.n && !found; i++)
        if (junqi_formation_named(&list.items[i], name)) {
            junqi_formation_move(out, &list.items[i]);
            *index = i + 1;
            found = 1;
        }
    junqi_formations_free(&list);
    return found;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int junqi_formation_find(const char *dir, const char *name, junqi_formation *out, char *path,
                         size_t n, size_t *index)
{
    int count = 0, found = 0;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    char **names = NULL;
    for (struct dirent *e; (e = readdir(d));) {
        if (!yaml_file_name(e->d_name))
            continue;
        char **grown = realloc(names, (size_t)(count + 1) * sizeof *names);
        if (!grown || !(grown[count] = strdup(e->d_name))) {
            names = grown ? grown : names;
            found = -1;
            break;
        }
        names = grown;
        count++;
    }
    closedir(d);
    if (found == 0)
        qsort(names, (size_t)count, sizeof *names, compare_names);
    for (int i = 0; i < count && found == 0; i++) {
        snprintf(path, n, "%s/%s", dir, names[i]);
        found = find_in_file(path, name, out, index);
    }
    for (int i = 0; i < count; i++)
        free(names[i]);
    free(names);
    return found;
}
