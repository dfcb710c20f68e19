/* SPDX-License-Identifier: MIT */
/*
 * jgn_flip.c - JGN tokens and tags of flip games. See jgn_flip.h.
 */
#include "jgn_flip.h"
#include "i18n.h"
#include "text.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flip.h"
#include "flipnote.h"

/* Separators by outcome: junqi_outcome's four, then zuhe's absorb (flip.h). */
static const char separators[] = JUNQI_FLIP_SEPARATORS;

static char symbol(int piece)
{
    return junqi_piece_name((junqi_piece)piece, JUNQI_NAMES_RANK)[0];
}

/* A colour letter and a piece symbol ("r9") at s: the face-up cell, or 0. */
static uint8_t read_identity(const char *s, size_t n)
{
    if (n < 2 || (s[0] != 'r' && s[0] != 'b'))
        return 0;
    junqi_piece k = junqi_piece_parse(s + 1, 1);
    if (k == JUNQI_NONE || k == JUNQI_UNKNOWN)
        return 0;
    return JUNQI_FLIP_CELL(s[0] == 'b', k);
}

static size_t square_length(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && (isalnum((unsigned char)s[i])) && (i == 0 || isdigit((unsigned char)s[i]) || s[i] == 'M'))
        i++;
    return i;
}

__attribute__((format(printf, 3, 4)))
static junqi_flip_token_kind error(char *msg, size_t msgn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msgn, _(fmt), ap);
    va_end(ap);
    return JUNQI_FLIP_TOKEN_ERROR;
}

/* @SYMS: the leader's symbol, then L, B, F for what moves with it. */
static bool read_part(const char *s, size_t n, size_t *i, junqi_item *it)
{
    junqi_piece leader = *i + 1 < n ? junqi_piece_parse(s + *i + 1, 1) : JUNQI_NONE;
    if (leader == JUNQI_NONE || leader == JUNQI_UNKNOWN)
        return false;
    uint8_t load = 0;
    size_t j = *i + 2;
    for (; j < n && strchr("LBF", s[j]); j++)
        load = (uint8_t)(load + (s[j] == 'L' ? JUNQI_LOAD_MINE : s[j] == 'B' ? JUNQI_LOAD_BOMB : JUNQI_LOAD_FLAG));
    it->part = (uint8_t)(JUNQI_ITEM_PART | load);
    it->part_leader = (uint8_t)leader;
    *i = j;
    return true;
}

/* FROM SEP TO [^CP] [@SYMS], or SQ^ [CP]. */
static junqi_flip_token_kind read_action(const junqi_board *b, const char *s, size_t n, junqi_item *it,
                                         size_t *used, char *msg, size_t msgn, size_t *at)
{
    size_t i = square_length(s, n);
    if (i == 0 || i == n || !strchr("-x><=+^", s[i]))
        return JUNQI_FLIP_TOKEN_NONE;
    int from = junqi_square_parse(b, s, (int)i), to = from;
    char q[JUNQI_QUOTE_SIZE];
    if (from < 0)
        return *at = 0, error(msg, msgn, "'%.*s' is not a square of the %s board", junqi_quote(q, s, i), q,
                              b->name);
    char sep = s[i++];
    if (sep != '^') {
        size_t len = square_length(s + i, n - i);
        to = junqi_square_parse(b, s + i, (int)len);
        if (to < 0)
            return *at = i, error(msg, msgn, "'%.*s' is not a square of the %s board", junqi_quote(q, s + i, len),
                                    q, _(b->name));
        i += len;
        it->outcome_known = sep != 'x';
        it->outcome = sep == 'x' ? JUNQI_NO_COMBAT : (uint8_t)(strchr(separators, sep) - separators);
        if (i < n && s[i] == '^')
            i++, sep = '^';
    } else {
        it->flip = true;
    }
    if (sep == '^' && i < n && (s[i] == 'r' || s[i] == 'b')) {
        if (!(it->shown = read_identity(s + i, n - i)))
            return *at = i, error(msg, msgn, "'%.*s' is not a colour and a piece (e.g. r9, bL)",
                                  junqi_quote(q, s + i, n - i), q);
        i += 2;
    } else if (sep == '^' && !it->flip) {
        return *at = i, error(msg, msgn, "'^' after a move is followed by the revealed piece (e.g. b5)");
    }
    if (i < n && s[i] == '@' && !read_part(s, n, &i, it))
        return *at = i, error(msg, msgn, "'@' is followed by the pieces that move (the leader, then L, B, F)");
    it->move = (junqi_move){(uint8_t)from, (uint8_t)to};
    *used = i;
    return JUNQI_FLIP_TOKEN_ACTION;
}

/* colour:SEAT:COLOUR or drop:SQ, applied to the last action. */
static junqi_flip_token_kind read_event(const junqi_board *b, const char *s, size_t n, junqi_item *last,
                                        char *msg, size_t msgn, size_t *at)
{
    char buf[40];
    if (n >= sizeof buf)
        return JUNQI_FLIP_TOKEN_NONE;
    memcpy(buf, s, n);
    buf[n] = '\0';
    bool colour = strncmp(buf, "colour:", 7) == 0, drop = strncmp(buf, "drop:", 5) == 0;
    if (!colour && !drop)
        return JUNQI_FLIP_TOKEN_NONE;
    *at = 0;
    if (!last)
        return error(msg, msgn, "a %s token follows the action it belongs to", colour ? "colour:" : "drop:");
    if (drop) {
        int p = junqi_square_parse(b, buf + 5, (int)(n - 5));
        if (p < 0 || p != last->move.from || last->flip)
            return error(msg, msgn, "drop:%s must name the point the carrier left%s", buf + 5, last->flip ? "" : " (the move's from-point)");
        last->drop = true;
        return JUNQI_FLIP_TOKEN_EVENT;
    }
    char *seat_text = buf + 7, *c = strchr(seat_text, ':');
    if (!c)
        return error(msg, msgn, "a colour event is colour:SEAT:COLOUR, e.g. colour:south:red");
    *c = '\0';
    junqi_seat seat = junqi_seat_parse(seat_text);
    int col = strcmp(c + 1, "red") == 0 ? JUNQI_RED : strcmp(c + 1, "blue") == 0 ? JUNQI_BLUE : -1;
    if ((seat != JUNQI_SOUTH && seat != JUNQI_NORTH) || strlen(seat_text) < 4 || col < 0)
        return error(msg, msgn, "a colour event names south or north and red or blue, not '%.*s'", (int)n, s);
    last->colour_event = JUNQI_COLOUR_EVENT(seat, col);
    return JUNQI_FLIP_TOKEN_EVENT;
}

/* With a Deal: a bare flip takes the dealt piece; a named identity must be it. */
static junqi_flip_token_kind check_deal(const junqi_board *b, const uint8_t *deal, junqi_item *it, char *msg,
                                        size_t msgn)
{
    int p = it->flip ? it->move.from : it->move.to;
    char sq[4];
    if (!deal || (!it->flip && !it->shown))
        return JUNQI_FLIP_TOKEN_ACTION;
    if (!it->shown)
        it->shown = deal[p];
    if (!deal[p] || it->shown == deal[p])
        return JUNQI_FLIP_TOKEN_ACTION;
    return error(msg, msgn, "the Deal has a %s %s on %s, not a %s %s", _(junqi_colour_name(junqi_flip_colour(deal[p]))),
                 _(junqi_piece_words((junqi_piece)junqi_flip_piece(deal[p]))), junqi_square_name(b, p, sq),
                 _(junqi_colour_name(junqi_flip_colour(it->shown))),
                 _(junqi_piece_words((junqi_piece)junqi_flip_piece(it->shown))));
}

junqi_flip_token_kind junqi_jgn_flip_token(const junqi_board *b, const uint8_t *deal, const char *s, size_t n,
                                           junqi_item *it, junqi_item *last, size_t *used, char *msg,
                                           size_t msgn, size_t *at)
{
    junqi_flip_token_kind k = read_event(b, s, n, last, msg, msgn, at);
    if (k != JUNQI_FLIP_TOKEN_NONE)
        return k;
    k = read_action(b, s, n, it, used, msg, msgn, at);
    if (k != JUNQI_FLIP_TOKEN_ACTION)
        return k;
    *at = 0;
    return check_deal(b, deal, it, msg, msgn);
}

char *junqi_jgn_flip_part_text(const junqi_item *it, char buf[12])
{
    char what[8];
    junqi_flip_load_symbols(it->part & 0x1F, what);
    snprintf(buf, 12, "@%c%s", symbol(it->part_leader), what);
    return buf;
}

char *junqi_jgn_flip_action_text(const junqi_board *b, const junqi_item *it, char *buf, size_t n)
{
    char move[8], shown[3] = "", part[12] = "";
    if (it->shown)
        snprintf(shown, sizeof shown, "%c%c", junqi_flip_colour(it->shown) ? 'b' : 'r', symbol(junqi_flip_piece(it->shown)));
    if (it->part && !it->flip)
        junqi_jgn_flip_part_text(it, part);
    /* a flip's move text ends in its '^' already; an attack's shown piece follows one */
    snprintf(buf, n, "%s%s%s%s", junqi_item_move_text(b, it, move), it->shown && !it->flip ? "^" : "", shown, part);
    return buf;
}

int junqi_jgn_flip_events(const junqi_board *b, const junqi_item *it, char tok[2][32])
{
    int k = 0;
    char sq[4];
    if (it->drop)
        snprintf(tok[k++], 32, "drop:%s", junqi_square_name(b, it->move.from, sq));
    if (it->colour_event)
        snprintf(tok[k++], 32, "colour:%s:%s", junqi_seat_name((junqi_seat)JUNQI_COLOUR_EVENT_SEAT(it->colour_event)),
                 junqi_colour_name(JUNQI_COLOUR_EVENT_COLOUR(it->colour_event)));
    return k;
}

bool junqi_jgn_flip_tag(junqi_game *g, const char *name, const char *value, char *msg, size_t msgn, int *column)
{
    msg[0] = '\0';
    *column = 0;
    size_t len = strlen(value);
    if (strcmp(name, "Deal") == 0) {
        char why[200];
        size_t at = 0;
        g->has_deal = junqi_flip_deal_parse(value, len, g->deal, why, sizeof why, &at);
        if (!g->has_deal) {
            snprintf(msg, msgn, _("Deal: %s (at character %zu)"), why, at + 1);
            *column = (int)at + 1;
        }
        return true;
    }
    if (strcmp(name, "Position") != 0 || !junqi_flip_pos_detect(value, len))
        return false;
    junqi_flip *pos = malloc(sizeof *pos);
    junqi_diags d;
    junqi_diags_init(&d);
    if (pos && junqi_flip_pos_parse(value, len, pos, &d)) {
        free(g->flip_start);
        g->flip_start = pos;
    } else {
        free(pos);
        if (d.n) { /* its column in the string, as a Deal's error gives it */
            snprintf(msg, msgn, _("Position: %s (at character %d)"), d.items[0].message, d.items[0].loc.column);
            *column = d.items[0].loc.column;
        } else
            snprintf(msg, msgn, "%s", _("out of memory"));
    }
    junqi_diags_free(&d);
    return true;
}
