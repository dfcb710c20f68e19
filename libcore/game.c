/* SPDX-License-Identifier: MIT */
/*
 * game.c - see game.h.
 */
#include "game.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "flip.h"
#include "i18n.h"

junqi_game *junqi_game_new(junqi_board_kind board)
{
    junqi_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->board = board;
    junqi_game_set_rules(g, junqi_rules_default(board));
    g->first = JUNQI_NO_SEAT;
    g->view = JUNQI_NO_SEAT;
    g->saved_by = JUNQI_NO_SEAT;
    /* nowhere until a reader says where: a zeroed location would read as
     * record 0 at offset 0 of a binary file */
    g->deal_loc = JUNQI_NOWHERE;
    for (int s = 0; s < JUNQI_SEATS; s++)
        g->seat[s].setup_loc = JUNQI_NOWHERE;
    return g;
}

bool junqi_game_rules_fit(const junqi_game *g, const junqi_rules *r)
{
    const junqi_board *b = junqi_rules_board(r);
    if (r->board != g->board)
        return false;
    for (int p = b->npoints; g->start && p < g->start->board->npoints; p++)
        if (g->start->cell[p])
            return false;
    return true;
}

bool junqi_game_check_rules(const junqi_game *g, const junqi_rules *r, const char *who, char *why, size_t n)
{
    if (!r || (junqi_rules_flip(r) == junqi_rules_flip(g->rules) && junqi_game_rules_fit(g, r)))
        return true;
    if (junqi_rules_flip(r) != junqi_rules_flip(g->rules))
        snprintf(why, n, junqi_rules_flip(r) ? _("%s is a flip game's rule set, and this is a formation game")
                                              : _("%s is a formation game's rule set, and this is a flip game"), who);
    else if (r->board == g->board)
        snprintf(why, n, _("%s has no mountain points, and the game's position has pieces on them"), who);
    else
        snprintf(why, n, _("%s is for the %s board, and this is a %s game"), who,
                 _(junqi_board_kind_name(r->board)), _(junqi_board_kind_name(g->board)));
    return false;
}

bool junqi_game_set_rules(junqi_game *g, const junqi_rules *r)
{
    if (!junqi_game_rules_fit(g, r))
        return false;
    const junqi_board *b = junqi_rules_board(r);
    g->rules = r;
    g->info = (junqi_info_mode)r->info;
    if (g->start) {
        g->start->rules = r;
        g->start->board = b;
    }
    if (g->flip_start)
        g->flip_start->rules = r;
    return true;
}

size_t junqi_line_through_end(const junqi_line *l, size_t before)
{
    return before < l->nitems && l->items[before].kind == JUNQI_ITEM_END ? before + 1 : before;
}

bool junqi_game_ends_as_replayed(const junqi_game *g, size_t over)
{
    for (size_t i = 0; i < g->main.nitems; i++) {
        if (g->main.items[i].kind == JUNQI_ITEM_END)
            return true;
        if (i >= over && g->main.items[i].kind == JUNQI_ITEM_MOVE)
            return false;
    }
    return true;
}

void junqi_line_truncate(junqi_line *line, size_t nitems, size_t ncomments)
{
    for (size_t i = nitems; i < line->nitems; i++) {
        junqi_item *it = &line->items[i];
        for (size_t v = 0; v < it->nvariations; v++)
            junqi_line_clear(&it->variations[v]);
        free(it->variations);
    }
    for (size_t i = ncomments; i < line->ncomments; i++)
        free(line->comments[i].text);
    if (nitems < line->nitems)
        line->nitems = nitems;
    if (ncomments < line->ncomments)
        line->ncomments = ncomments;
}

void junqi_line_clear(junqi_line *line)
{
    junqi_line_truncate(line, 0, 0);
    free(line->items);
    free(line->comments);
    memset(line, 0, sizeof *line);
}

void junqi_game_free(junqi_game *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->ntags; i++) {
        free(g->tags[i].name);
        free(g->tags[i].value);
    }
    for (int s = 0; s < JUNQI_SEATS; s++)
        free(g->seat[s].player);
    junqi_line_clear(&g->main);
    free(g->start);
    free(g->flip_start);
    free(g->tags);
    free(g->source);
    free(g);
}

/* Array `array` of `size`-byte elements and capacity *cap, grown (doubled,
 * at least to `first`) when it cannot hold `need`: the array, moved or not,
 * or NULL out of memory (then unchanged). Doubling keeps a record read one
 * element at a time linear in its size. */
static void *reserve(void *array, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap)
        return array;
    size_t grown = *cap ? *cap * 2 : first;
    if (grown < need)
        grown = need;
    void *p = grown <= SIZE_MAX / size ? realloc(array, grown * size) : NULL;
    if (p)
        *cap = grown;
    return p;
}

bool junqi_line_add_item(junqi_line *line, const junqi_item *item)
{
    junqi_item *items = reserve(line->items, &line->items_cap, line->nitems + 1, sizeof *items, 64);
    if (!items)
        return false;
    line->items = items;
    line->items[line->nitems++] = *item;
    return true;
}

bool junqi_line_add_comment(junqi_line *line, size_t before, const char *text, junqi_loc loc)
{
    char *copy = strdup(text);
    junqi_comment *list = copy ? reserve(line->comments, &line->comments_cap, line->ncomments + 1, sizeof *list, 8)
                               : NULL;
    if (!list) {
        free(copy);
        return false;
    }
    line->comments = list;
    line->comments[line->ncomments++] = (junqi_comment){before, copy, loc};
    return true;
}

bool junqi_game_add_item(junqi_game *g, const junqi_item *item)
{
    return junqi_line_add_item(&g->main, item);
}

bool junqi_game_add_comment(junqi_game *g, size_t before, const char *text, junqi_loc loc)
{
    return junqi_line_add_comment(&g->main, before, text, loc);
}

junqi_line *junqi_item_add_variation(junqi_item *it)
{
    junqi_line *list = realloc(it->variations, (it->nvariations + 1) * sizeof *list);
    if (!list)
        return NULL;
    it->variations = list;
    memset(&list[it->nvariations], 0, sizeof list[0]);
    return &list[it->nvariations++];
}

bool junqi_game_set_tag(junqi_game *g, const char *name, const char *value)
{
    char *v = strdup(value);
    if (!v)
        return false;
    for (size_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0) {
            free(g->tags[i].value);
            g->tags[i].value = v;
            return true;
        }
    char *n = strdup(name);
    junqi_tag *tags = n ? realloc(g->tags, (g->ntags + 1) * sizeof *tags) : NULL;
    if (!tags) {
        free(n);
        free(v);
        return false;
    }
    g->tags = tags;
    g->tags[g->ntags++] = (junqi_tag){n, v};
    return true;
}

void junqi_game_remove_tag(junqi_game *g, const char *name)
{
    for (size_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0) {
            free(g->tags[i].name);
            free(g->tags[i].value);
            memmove(&g->tags[i], &g->tags[i + 1], (g->ntags - i - 1) * sizeof g->tags[0]);
            g->ntags--;
            return;
        }
}

char *junqi_item_move_text(const junqi_board *b, const junqi_item *it, char buf[8])
{
    static const char signs[] = JUNQI_FLIP_SEPARATORS;
    char from[4], to[4];
    junqi_square_name(b, it->move.from, from);
    if (it->flip) {
        snprintf(buf, 8, "%s^", from);
        return buf;
    }
    char sep = it->outcome_known ? signs[it->outcome <= JUNQI_ABSORBS ? it->outcome : 0] : 'x';
    snprintf(buf, 8, "%s%c%s", from, sep, junqi_square_name(b, it->move.to, to));
    return buf;
}

const char *junqi_game_tag(const junqi_game *g, const char *name)
{
    for (size_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return g->tags[i].value;
    return NULL;
}

bool junqi_game_set_player(junqi_game *g, junqi_seat s, const char *name)
{
    char *copy = name ? strdup(name) : NULL;
    if (name && !copy)
        return false;
    free(g->seat[s].player);
    g->seat[s].player = copy;
    return true;
}

unsigned junqi_game_present(const junqi_game *g)
{
    unsigned mask = 0;
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (g->seat[s].present)
            mask |= JUNQI_SEAT_BIT(s);
    return mask;
}

bool junqi_game_check_seat(const junqi_game *g, int seat, const char *name, char *err, size_t n)
{
    unsigned present = junqi_game_present(g);
    if (seat < 0 || seat >= JUNQI_SEATS || (present & JUNQI_SEAT_BIT(seat))) {
        if (n)
            *err = '\0';
        return true;
    }
    char seats[64];
    snprintf(err, n, _("%s: %s takes no part in this game (its seats: %s)"), name,
             _(junqi_seat_name((junqi_seat)seat)), junqi_i18n_seat_list(seats, sizeof seats, present));
    return false;
}

size_t junqi_line_moves(const junqi_line *line)
{
    size_t n = 0;
    for (size_t i = 0; i < line->nitems; i++)
        n += line->items[i].kind == JUNQI_ITEM_MOVE;
    return n;
}

size_t junqi_game_moves(const junqi_game *g)
{
    return junqi_line_moves(&g->main);
}

/* A line's combats not said ('x') and what they showed dropped, in its variations too (annot3
 * D3): no seat saw a line that was not played, so its outcomes are what its author knew, in a
 * complete record the hidden pieces (the engine's lines are worked out from them). */
static void hide_line_outcomes(junqi_line *l)
{
    for (size_t i = 0; i < l->nitems; i++) {
        junqi_item *it = &l->items[i];
        if (it->kind == JUNQI_ITEM_MOVE && it->outcome != JUNQI_NO_COMBAT)
            it->outcome_known = false;
        it->flag_shown[0] = it->flag_shown[1] = JUNQI_NO_POINT;
        it->shown_piece = JUNQI_NONE;
        it->defender_marshal_died = -1;
        for (size_t v = 0; v < it->nvariations; v++)
            hide_line_outcomes(&it->variations[v]);
    }
}

void junqi_game_to_view(junqi_game *g, junqi_seat seat)
{
    unsigned known = JUNQI_SEAT_BIT(seat);
    if (g->info == JUNQI_OPEN)
        known = 0xF;
    else if (g->info == JUNQI_DOUBLE_OPEN)
        known |= JUNQI_SEAT_BIT(junqi_seat_opposite(seat));
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (!(known & JUNQI_SEAT_BIT(s)))
            g->seat[s].setup_known = false;
    if (junqi_rules_flip(g->rules)) /* flip games: the deal is nobody's knowledge; the flips are everyone's */
        g->has_deal = false;
    if (g->view != seat && known != 0xF) {
        junqi_game_strip(g, JUNQI_STRIP_ANNOTATION);
        for (size_t i = 0; i < g->main.nitems && !junqi_rules_flip(g->rules); i++)
            for (size_t v = 0; v < g->main.items[i].nvariations; v++)
                hide_line_outcomes(&g->main.items[i].variations[v]);
    }
    g->view = seat;
}

size_t junqi_game_first_number(const junqi_game *g)
{
    if (g->flip_start)
        return g->flip_start->st.moves + 1;
    return g->start ? g->start->moves + 1 : 1;
}

/* Copy every item (with its variations) and comment of src onto dst. False
 * when out of memory; dst then holds part of src, for junqi_line_clear(). */
static bool line_copy(junqi_line *dst, const junqi_line *src)
{
    for (size_t i = 0; i < src->nitems; i++) {
        junqi_item it = src->items[i];
        it.variations = NULL;
        it.nvariations = 0;
        if (!junqi_line_add_item(dst, &it))
            return false;
        for (size_t v = 0; v < src->items[i].nvariations; v++) {
            junqi_line *l = junqi_item_add_variation(&dst->items[dst->nitems - 1]);
            if (!l || !line_copy(l, &src->items[i].variations[v]))
                return false;
        }
    }
    for (size_t i = 0; i < src->ncomments; i++) {
        const junqi_comment *c = &src->comments[i];
        if (!junqi_line_add_comment(dst, c->before, c->text, c->loc))
            return false;
    }
    return true;
}

junqi_game *junqi_game_copy(const junqi_game *g)
{
    junqi_game *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *g; /* the plain fields; each owned pointer is replaced by a copy below */
    c->tags = NULL;
    c->ntags = 0;
    c->main = (junqi_line){0};
    c->start = NULL;
    c->flip_start = NULL;
    c->source = NULL;
    for (int s = 0; s < JUNQI_SEATS; s++)
        c->seat[s].player = NULL;
    bool ok = true;
    for (size_t i = 0; ok && i < g->ntags; i++)
        ok = junqi_game_set_tag(c, g->tags[i].name, g->tags[i].value);
    for (int s = 0; ok && s < JUNQI_SEATS; s++)
        ok = junqi_game_set_player(c, (junqi_seat)s, g->seat[s].player);
    if (ok && g->start && (ok = (c->start = malloc(sizeof *c->start)) != NULL))
        *c->start = *g->start;
    if (ok && g->flip_start && (ok = (c->flip_start = malloc(sizeof *c->flip_start)) != NULL))
        *c->flip_start = *g->flip_start;
    if (ok && g->source)
        ok = (c->source = strdup(g->source)) != NULL;
    if (!ok || !line_copy(&c->main, &g->main)) {
        junqi_game_free(c);
        return NULL;
    }
    return c;
}
