/* SPDX-License-Identifier: MIT */
/*
 * collection.c - selections, fingerprints and split names. See collection.h.
 */
#include "collection.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
#include "posnote.h"
#include "setup.h"

/* ---- conditions -------------------------------------------------------------------- */

typedef enum op {
    OP_EQ, OP_NE, OP_HAS, OP_HASNT, OP_LT, OP_LE, OP_GT, OP_GE, OP_PRESENT, OP_ABSENT
} op;

/* The operators, longest first so that "<=" is not read as "<". */
static const struct {
    const char *text;
    op op;
} ops[] = {{"!=", OP_NE}, {"!~", OP_HASNT}, {"<=", OP_LE}, {">=", OP_GE},
           {"=", OP_EQ},  {"~", OP_HAS},    {"<", OP_LT},  {">", OP_GT}};

typedef struct condition {
    char *field;   /* owned */
    op op;
    char *values;  /* the alternatives, '|'-separated; owned; NULL for OP_PRESENT/ABSENT */
    bool number;   /* compare as whole numbers */
} condition;

struct junqi_selection {
    condition *c;
    size_t n;
};

/* The fields whose values are numbers, with what each counts (docs/collections.md). */
static const struct {
    const char *field, *counts;
} number_fields[] = {
    {"moves", N_("the number of moves")},
    {"players", N_("the number of seats in the game")},
    {"index", N_("the game's number in its file, from 1")},
};

/* What a number field counts, or NULL if the field is no number field. */
static const char *number_field(const char *field)
{
    for (size_t i = 0; i < sizeof number_fields / sizeof *number_fields; i++)
        if (strcmp(field, number_fields[i].field) == 0)
            return number_fields[i].counts;
    return NULL;
}

junqi_selection *junqi_selection_new(void)
{
    return calloc(1, sizeof(junqi_selection));
}

void junqi_selection_free(junqi_selection *s)
{
    for (size_t i = 0; s && i < s->n; i++) {
        free(s->c[i].field);
        free(s->c[i].values);
    }
    if (s)
        free(s->c);
    free(s);
}

/* True if every '|'-separated alternative of a number field is a whole number. */
static bool numbers(const char *values)
{
    for (const char *v = values; *v;) {
        size_t len = strcspn(v, "|");
        if (len == 0 || strspn(v, "0123456789") != len)
            return false;
        v += len + (v[len] == '|');
    }
    return true;
}

/* The characters of a field's name. */
#define FIELD_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

const char *junqi_selection_meant_word(const char *text)
{
    static const char *const words[] = {"moves", "players", "player", "seat", "index"};
    const char *start = text + (text[0] == '!');
    size_t len = strspn(start, FIELD_CHARS);
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strlen(words[i]) == len && strncasecmp(start, words[i], len) == 0 && strncmp(start, words[i], len) != 0)
            return words[i];
    return NULL;
}

/* Split `text` into field, operator and value; false when it is not a condition. */
static bool parse_condition(const char *text, condition *c, char *err, size_t n)
{
    const char *start = text + (text[0] == '!');
    size_t len = strspn(start, FIELD_CHARS);
    if (len == 0) {
        snprintf(err, n, _("'%s' does not start with a field (a tag name such as Result, or moves, "
                         "players, player, seat, view, source, index)"), text);
        return false;
    }
    c->field = strndup(start, len);
    const char *rest = start + len;
    if (*rest == '\0') {
        c->op = text[0] == '!' ? OP_ABSENT : OP_PRESENT;
        return c->field || (snprintf(err, n, _("out of memory")), false);
    }
    size_t k = 0;
    while (k < sizeof ops / sizeof ops[0] && strncmp(rest, ops[k].text, strlen(ops[k].text)) != 0)
        k++;
    if (text[0] == '!' || k == sizeof ops / sizeof ops[0]) {
        snprintf(err, n, _("'%s': after the field comes =, !=, ~, !~, <, <=, > or >= and a value"), text);
        return false;
    }
    c->op = ops[k].op;
    c->values = strdup(rest + strlen(ops[k].text));
    c->number = c->field && number_field(c->field);
    if (!c->field || !c->values)
        return snprintf(err, n, _("out of memory")), false;
    if (!*c->values && (c->number || c->op == OP_LT || c->op == OP_LE || c->op == OP_GT || c->op == OP_GE)) {
        snprintf(err, n, _("'%s': nothing after '%s' to compare with"), text, ops[k].text);
        return false;
    }
    if (c->number && !numbers(c->values)) {
        snprintf(err, n, _("'%s': %s takes a whole number (%s), not '%s'"), text, c->field,
                 _(number_field(c->field)), c->values);
        return false;
    }
    return true;
}

bool junqi_selection_add(junqi_selection *s, const char *text, char *err, size_t n)
{
    condition c = {NULL, OP_PRESENT, NULL, false};
    if (!parse_condition(text, &c, err, n)) {
        free(c.field);
        free(c.values);
        return false;
    }
    condition *grown = realloc(s->c, (s->n + 1) * sizeof *grown);
    if (!grown) {
        free(c.field);
        free(c.values);
        snprintf(err, n, _("out of memory"));
        return false;
    }
    s->c = grown;
    s->c[s->n++] = c;
    return true;
}

/* ---- fields ------------------------------------------------------------------------- */

static const char *const seat_tags[JUNQI_SEATS] = {"North", "East", "South", "West"};
static const char *const setup_tags[JUNQI_SEATS] = {"NorthSetup", "EastSetup", "SouthSetup",
                                                    "WestSetup"};

/* The fields JGN writes from the record itself (docs/jgn.md, "Tags"), as text: the field's own
 * text (a player's name, whole however long), or buf (n bytes) holding a short one; NULL when
 * the game has no such field. */
static const char *record_field(const junqi_game *g, const char *name, char *buf, size_t n)
{
    const junqi_result *r = &g->result;
    if (strcasecmp(name, "Board") == 0)
        return snprintf(buf, n, "%s", junqi_board_kind_name(g->board)), buf;
    if (strcasecmp(name, "Rules") == 0)
        return g->rules->text; /* the tag JGN writes: switches too */
    if (strcasecmp(name, "Mode") == 0) /* a flip game has none (docs/jgn.md, "Mode") */
        return junqi_rules_flip(g->rules) ? NULL : junqi_info_mode_name(g->info);
    if (strcasecmp(name, "Result") == 0)
        return snprintf(buf, n, "%s", junqi_result_text(r, junqi_game_present(g))), buf;
    if (strcasecmp(name, "Termination") == 0 && r->status != JUNQI_ONGOING && r->reason) {
        if (r->reason == JUNQI_REASON_UNKNOWN_CODE)
            return snprintf(buf, n, "%s:%d", junqi_reason_id((junqi_reason)r->reason), r->code), buf;
        return junqi_reason_id((junqi_reason)r->reason);
    }
    if (strcasecmp(name, "View") == 0 && g->view < JUNQI_SEATS)
        return junqi_seat_name(g->view);
    if (strcasecmp(name, "First") == 0 && g->first < JUNQI_SEATS)
        return junqi_seat_name(g->first);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        const junqi_seat_info *si = &g->seat[s];
        if (strcasecmp(name, seat_tags[s]) == 0 && si->present)
            return si->player ? si->player : "?";
        if (strcasecmp(name, setup_tags[s]) == 0 && si->present && si->setup_known && !g->start) {
            char layout[JUNQI_SETUP_TEXT];
            junqi_setup_format(si->setup, layout);
            return snprintf(buf, n, "%s", layout), buf;
        }
    }
    return NULL;
}

/* The words of collection.h that are no tags (lower case, matched exactly: `source` is the
 * file, `Source` a tag): 1 with the value in *value (buf, n bytes, or the file's name), 0 when
 * the game has none, -1 for no word. */
static int word_field(const junqi_game *g, const junqi_game_place *place, const char *name,
                      char *buf, size_t n, const char **value)
{
    *value = buf;
    if (strcmp(name, "moves") == 0)
        return snprintf(buf, n, "%zu", junqi_game_moves(g)), 1;
    if (strcmp(name, "players") == 0)
        return snprintf(buf, n, "%d", __builtin_popcount(junqi_game_present(g))), 1;
    if (strcmp(name, "view") == 0)
        return snprintf(buf, n, "%s", g->view < JUNQI_SEATS ? junqi_seat_name(g->view) : "all"), 1;
    if (strcmp(name, "index") == 0)
        return snprintf(buf, n, "%zu", place ? place->index : 0), 1;
    if (strcmp(name, "source") == 0) {
        *value = place && place->source ? place->source : g->source;
        return *value ? 1 : 0;
    }
    return -1;
}

/* Field `name` of g: its text, whole (a tag's value or a file's name, however long), or buf
 * (n bytes, room for the short fields the record gives: numbers, seats, results, setups);
 * NULL when g has no such field. */
static const char *field_text(const junqi_game *g, const junqi_game_place *place, const char *name,
                              char *buf, size_t n)
{
    const char *value;
    int word = word_field(g, place, name, buf, n, &value);
    if (word >= 0)
        return word == 1 ? value : NULL;
    if ((value = record_field(g, name, buf, n)))
        return value;
    for (size_t i = 0; i < g->ntags; i++)
        if (strcasecmp(g->tags[i].name, name) == 0)
            return g->tags[i].value;
    return NULL;
}

bool junqi_game_field(const junqi_game *g, const junqi_game_place *place, const char *name,
                      char *buf, size_t n)
{
    const char *value = field_text(g, place, name, buf, n);
    if (value && value != buf)
        snprintf(buf, n, "%s", value);
    return value != NULL;
}

/* ---- matching ------------------------------------------------------------------------ */

/* True if text contains `part` (len bytes), ASCII letters in any case. */
static bool contains(const char *text, const char *part, size_t len)
{
    for (const char *t = text; *t; t++)
        if (strncasecmp(t, part, len) == 0)
            return true;
    return len == 0;
}

/* One value against one alternative (len bytes) under a positive operator. */
static bool holds(const condition *c, const char *value, const char *alt, size_t len)
{
    if (c->op == OP_HAS || c->op == OP_HASNT)
        return contains(value, alt, len);
    long cmp;
    if (c->number) {
        cmp = strtol(value, NULL, 10) - strtol(alt, NULL, 10);
    } else {
        cmp = strncasecmp(value, alt, len);
        if (cmp == 0 && strlen(value) != len)
            cmp = strlen(value) > len ? 1 : -1;
    }
    switch (c->op) {
    case OP_LT: return cmp < 0;
    case OP_LE: return cmp <= 0;
    case OP_GT: return cmp > 0;
    case OP_GE: return cmp >= 0;
    default: return cmp == 0;
    }
}

/* True if some alternative holds for value. */
static bool any_alternative(const condition *c, const char *value)
{
    for (const char *v = c->values;;) {
        size_t len = strcspn(v, "|");
        if (holds(c, value, v, len))
            return true;
        if (!v[len])
            return false;
        v += len + 1;
    }
}

/* The condition without its negation, for one game; `player` stands for every seat's player,
 * `seat` for every seat that takes part (`seat=south` keeps the games --view south can show). */
static bool positive(const condition *c, const junqi_game *g, const junqi_game_place *place)
{
    char buf[256]; /* the record's own short fields; a tag's value is compared where it is */
    bool player = strcmp(c->field, "player") == 0;
    if (!player && strcmp(c->field, "seat") != 0) {
        const char *value = field_text(g, place, c->field, buf, sizeof buf);
        if (!value)
            return false;
        return c->op == OP_PRESENT || c->op == OP_ABSENT || any_alternative(c, value);
    }
    for (int s = 0; s < JUNQI_SEATS; s++) {
        const char *value = player ? g->seat[s].player : junqi_seat_name((junqi_seat)s);
        if (!g->seat[s].present || !value)
            continue;
        if (c->op == OP_PRESENT || c->op == OP_ABSENT || any_alternative(c, value))
            return true;
    }
    return false;
}

bool junqi_selection_match(const junqi_selection *s, const junqi_game *g,
                           const junqi_game_place *place)
{
    for (size_t i = 0; i < s->n; i++) {
        const condition *c = &s->c[i];
        bool negated = c->op == OP_NE || c->op == OP_HASNT || c->op == OP_ABSENT;
        if (positive(c, g, place) == negated)
            return false;
    }
    return true;
}

/* ---- fingerprints -------------------------------------------------------------------- */

/* Two 64-bit hashes of different make (FNV-1a, and a multiply-rotate one). */
typedef struct hasher {
    uint64_t a, b;
} hasher;

static void feed(hasher *h, const void *data, size_t n)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ p[i]) * 0x100000001b3u;
        h->b = (h->b ^ p[i]) * 0x9E3779B97F4A7C15u;
        h->b = h->b << 29 | h->b >> 35;
    }
}

static void feed_byte(hasher *h, unsigned v)
{
    uint8_t b = (uint8_t)v;
    feed(h, &b, 1);
}

/* What of an item makes the game: moves with their outcomes, and the events' seats. */
static void feed_item(hasher *h, const junqi_item *it)
{
    if (it->kind == JUNQI_ITEM_END)
        return;
    feed_byte(h, it->kind);
    if (it->kind == JUNQI_ITEM_MOVE) {
        feed_byte(h, it->move.from);
        feed_byte(h, it->move.to);
        feed_byte(h, it->outcome_known ? it->outcome : 0xFF);
        return;
    }
    feed_byte(h, it->seat);
    if (it->kind == JUNQI_ITEM_ELIMINATED)
        feed_byte(h, it->reason);
}

void junqi_game_fingerprint(const junqi_game *g, uint8_t out[JUNQI_FINGERPRINT])
{
    hasher h = {0xcbf29ce484222325u, 0x243F6A8885A308D3u};
    feed_byte(&h, g->board);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        const junqi_seat_info *si = &g->seat[s];
        feed_byte(&h, si->present | si->setup_known << 1);
        if (si->present && si->setup_known && !g->start)
            feed(&h, si->setup, sizeof si->setup);
    }
    char *start = g->start ? junqi_pos_format(g->start) : NULL;
    if (start)
        feed(&h, start, strlen(start));
    free(start);
    for (size_t i = 0; i < g->main.nitems; i++)
        feed_item(&h, &g->main.items[i]);
    for (int k = 0; k < 8; k++) {
        out[k] = (uint8_t)(h.a >> (8 * k));
        out[8 + k] = (uint8_t)(h.b >> (8 * k));
    }
}

/* ---- the set of fingerprints seen ----------------------------------------------------- */

/* Open addressing: a power-of-two table of fingerprints, used[] marking the taken slots. */
struct junqi_seen {
    uint8_t (*keys)[JUNQI_FINGERPRINT];
    uint8_t *used;
    size_t cap, n;
};

junqi_seen *junqi_seen_new(void)
{
    return calloc(1, sizeof(junqi_seen));
}

void junqi_seen_free(junqi_seen *s)
{
    if (s) {
        free(s->keys);
        free(s->used);
    }
    free(s);
}

static size_t slot_of(const junqi_seen *s, const uint8_t key[JUNQI_FINGERPRINT])
{
    uint64_t h;
    memcpy(&h, key, sizeof h);
    size_t i = (size_t)h & (s->cap - 1);
    while (s->used[i] && memcmp(s->keys[i], key, JUNQI_FINGERPRINT) != 0)
        i = (i + 1) & (s->cap - 1);
    return i;
}

/* Double the table (or make the first); false when out of memory. */
static bool grow(junqi_seen *s)
{
    junqi_seen bigger = {NULL, NULL, s->cap ? 2 * s->cap : 1024, 0};
    bigger.keys = malloc(bigger.cap * sizeof *bigger.keys);
    bigger.used = calloc(bigger.cap, 1);
    if (!bigger.keys || !bigger.used) {
        free(bigger.keys);
        free(bigger.used);
        return false;
    }
    for (size_t i = 0; i < s->cap; i++)
        if (s->used[i]) {
            size_t j = slot_of(&bigger, s->keys[i]);
            memcpy(bigger.keys[j], s->keys[i], JUNQI_FINGERPRINT);
            bigger.used[j] = 1;
        }
    free(s->keys);
    free(s->used);
    bigger.n = s->n;
    *s = bigger;
    return true;
}

int junqi_seen_check(junqi_seen *s, const junqi_game *g)
{
    uint8_t key[JUNQI_FINGERPRINT];
    junqi_game_fingerprint(g, key);
    if (2 * (s->n + 1) > s->cap && !grow(s))
        return -1;
    size_t i = slot_of(s, key);
    if (s->used[i])
        return 1;
    memcpy(s->keys[i], key, JUNQI_FINGERPRINT);
    s->used[i] = 1;
    s->n++;
    return 0;
}

/* ---- split names ------------------------------------------------------------------------ */

bool junqi_collection_numbered(const char *pattern)
{
    size_t len = strlen(pattern);
    if (len && pattern[len - 1] == '/')
        return true;
    for (const char *p = pattern; (p = strchr(p, '%')); p += p[1] == '%' ? 2 : 1) {
        if (p[1] == 'n')
            return true;
    }
    return false;
}

bool junqi_collection_path(const char *pattern, size_t number, const char *ext, char *buf,
                           size_t n)
{
    size_t len = strlen(pattern);
    if (len && pattern[len - 1] == '/')
        return snprintf(buf, n, "%s%zu%s", pattern, number, ext) < (int)n;
    if (!junqi_collection_numbered(pattern))
        return false;
    char digits[24];
    int ndigits = snprintf(digits, sizeof digits, "%zu", number);
    size_t at = 0;
    for (const char *p = pattern; *p; p++) {
        const char *piece = p; /* one character, or the number for %n */
        size_t size = 1;
        if (p[0] == '%' && p[1] == 'n')
            piece = digits, size = (size_t)ndigits, p++;
        else if (p[0] == '%' && p[1] == '%')
            p++; /* %% is one percent sign */
        if (at + size >= n)
            return false;
        memcpy(buf + at, piece, size);
        at += size;
    }
    buf[at] = '\0';
    /* a name with no extension (no '.' after its last '/': -o 'part-%n') takes the format's, as a
     * folder's files do: 'part-1' held JSON Lines, or a page, named as nothing (G10) */
    const char *file = strrchr(pattern, '/');
    if (!strchr(file ? file + 1 : pattern, '.'))
        return snprintf(buf + at, n - at, "%s", ext) < (int)(n - at);
    return true;
}
