/* SPDX-License-Identifier: MIT */
/*
 * formation.c - YAML formations with libyaml's document API. See formation.h.
 */
#include "formation.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "setup.h"

static junqi_loc mark_loc(yaml_mark_t m)
{
    return (junqi_loc){(long)m.index, -1, (int)m.line + 1, (int)m.column + 1};
}

static const char *scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* A null entry: ~, null, empty, or the word camp. */
static bool is_empty_entry(const yaml_node_t *n)
{
    const char *v = scalar(n);
    if (!v)
        return false;
    if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return strcmp(v, "camp") == 0 || v[0] == '\0';
    return v[0] == '\0' || strcmp(v, "~") == 0 || strcmp(v, "null") == 0 || strcmp(v, "Null") == 0 ||
           strcmp(v, "NULL") == 0 || strcmp(v, "camp") == 0;
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
        if (v)
            problem(r, n, JUNQI_CODE_UNKNOWN_PIECE_NAME, "'%s' is not a piece name (e.g. 司令, 军长, marshal, 9, B, L, F)", v);
        else
            problem(r, n, JUNQI_CODE_UNKNOWN_PIECE_NAME, "row %d, column %d must be a piece name", row + 1, col + 1);
        return;
    }
    f->setup[row][col] = (uint8_t)p;
}

static void read_rows(reader *r, junqi_formation *f, const yaml_node_t *rows)
{
    if (!rows || rows->type != YAML_SEQUENCE_NODE) {
        problem(r, rows, JUNQI_CODE_BAD_ROWS, "rows must be a list of 6 rows");
        return;
    }
    int nrows = (int)(rows->data.sequence.items.top - rows->data.sequence.items.start);
    if (nrows != 6)
        problem(r, rows, JUNQI_CODE_BAD_ROWS, "rows has %d rows, a formation has 6", nrows);
    for (int i = 0; i < nrows && i < 6; i++) {
        yaml_node_t *row = yaml_document_get_node(r->doc, rows->data.sequence.items.start[i]);
        if (!row || row->type != YAML_SEQUENCE_NODE) {
            problem(r, row ? row : rows, JUNQI_CODE_ROW_LENGTH, "row %d must be a list of 5 entries", i + 1);
            continue;
        }
        int n = (int)(row->data.sequence.items.top - row->data.sequence.items.start);
        if (n != 5)
            problem(r, row, JUNQI_CODE_ROW_LENGTH, "row %d has %d entries, a row has 5", i + 1, n);
        for (int c = 0; c < n && c < 5; c++)
            read_entry(r, f, i, c, yaml_document_get_node(r->doc, row->data.sequence.items.start[c]));
        for (int c = n; c < 5; c++) {
            f->bad[i][c] = true;
            f->cell[i][c] = mark_loc(row->start_mark);
        }
    }
    for (int i = nrows; i < 6; i++)
        for (int c = 0; c < 5; c++) {
            f->bad[i][c] = true;
            f->cell[i][c] = mark_loc(rows->start_mark);
        }
}

/* One mapping node: name, board, rows. */
static void read_formation(reader *r, const yaml_node_t *map, junqi_formations *out)
{
    if (map->type != YAML_MAPPING_NODE) {
        problem(r, map, JUNQI_CODE_BAD_FORMATION, "a formation is a mapping with the key rows (and name, board)");
        return;
    }
    junqi_formation *grown = realloc(out->items, (out->n + 1) * sizeof *grown);
    if (!grown) {
        problem(r, map, JUNQI_CODE_OUT_OF_MEMORY, "out of memory");
        return;
    }
    out->items = grown;
    junqi_formation *f = &out->items[out->n++];
    memset(f, 0, sizeof *f);
    f->loc = mark_loc(map->start_mark);
    const yaml_node_t *rows = NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(r->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(r->doc, p->value);
        const char *key = scalar(k), *value = scalar(v);
        if (key && strcmp(key, "rows") == 0) {
            rows = v;
        } else if (key && strcmp(key, "name") == 0 && value) {
            free(f->name);
            f->name = strdup(value);
        } else if (key && strcmp(key, "board") == 0) {
            f->has_board = value && junqi_board_kind_parse(value, &f->board);
            if (!f->has_board)
                problem(r, v, JUNQI_CODE_BAD_FORMATION, "board must be two-player or four-player");
        } else {
            problem(r, k, JUNQI_CODE_BAD_FORMATION, "unknown key '%s' (a formation has name, board and rows)",
                    key ? key : "?");
        }
    }
    if (!rows) {
        problem(r, map, JUNQI_CODE_BAD_ROWS, "the formation has no rows");
        for (int i = 0; i < 6; i++)
            for (int c = 0; c < 5; c++)
                f->bad[i][c] = true, f->cell[i][c] = f->loc;
        return;
    }
    read_rows(r, f, rows);
}

/* A document: one formation, or a sequence of them. */
static void read_document(reader *r, junqi_formations *out)
{
    yaml_node_t *root = yaml_document_get_root_node(r->doc);
    if (!root)
        return; /* an empty document */
    if (root->type != YAML_SEQUENCE_NODE) {
        read_formation(r, root, out);
        return;
    }
    for (yaml_node_item_t *i = root->data.sequence.items.start; i < root->data.sequence.items.top; i++)
        read_formation(r, yaml_document_get_node(r->doc, *i), out);
}

bool junqi_formation_read_yaml(const uint8_t *data, size_t len, junqi_formations *out,
                               junqi_diags *d)
{
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
            junqi_diags_add(d, JUNQI_CODE_YAML_SYNTAX, -1, mark_loc(parser.problem_mark),
                            "YAML: %s%s%s", parser.problem ? parser.problem : "syntax error",
                            parser.context ? " " : "", parser.context ? parser.context : "");
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
    junqi_setup_problem problems[JUNQI_MAX_SETUP_PROBLEMS];
    int n = junqi_setup_check(f->setup, problems), errors = 0;
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

void junqi_formations_free(junqi_formations *list)
{
    for (size_t i = 0; i < list->n; i++)
        free(list->items[i].name);
    free(list->items);
    list->items = NULL;
    list->n = 0;
}

bool junqi_formation_detect(const uint8_t *data, size_t len)
{
    size_t i = 0;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len) {
        /* skip blank and comment lines */
        size_t end = i;
        while (end < len && data[end] != '\n')
            end++;
        size_t j = i;
        while (j < end && (data[j] == ' ' || data[j] == '\t' || data[j] == '-'))
            j++;
        if (j < end && data[j] != '#') {
            static const char *const keys[] = {"rows:", "name:", "board:", "---"};
            for (size_t k = 0; k < 4; k++)
                if (end - j >= strlen(keys[k]) && memcmp(data + j, keys[k], strlen(keys[k])) == 0)
                    return true;
            return len - i >= 3 && memcmp(data + i, "---", 3) == 0;
        }
        i = end + 1;
    }
    return false;
}
