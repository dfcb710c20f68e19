/* SPDX-License-Identifier: MIT */
/*
 * score.c - platform scores. See score.h; the figures are seed 002's.
 */
#include "score.h"
#include "i18n.h"

#include <stdio.h>

const junqi_scoring junqi_scoring_qq = {"qq", "QQ", "QQScore", {1, 2}, {30, 40}, 20};

junqi_score junqi_score_result(const junqi_scoring *s, const junqi_result *r, unsigned present,
                               size_t moves)
{
    junqi_score sc = {JUNQI_SCORE_NONE, present & 0xF, {0}};
    int four = __builtin_popcount(sc.seats) != 2;
    switch (r->status) {
    case JUNQI_ONGOING: return sc;
    case JUNQI_DRAWN: sc.reason = JUNQI_SCORE_DRAWN; return sc;
    case JUNQI_UNDECIDED:
        sc.reason = r->reason == JUNQI_REASON_FLED ? JUNQI_SCORE_FLED : JUNQI_SCORE_UNDECIDED;
        return sc;
    default: break;
    }
    bool early = moves <= (size_t)s->min_moves[four];
    sc.reason = early ? JUNQI_SCORE_EARLY_END : JUNQI_SCORE_DECIDED;
    for (int seat = 0; seat < JUNQI_SEATS; seat++) {
        if (!(sc.seats & JUNQI_SEAT_BIT(seat)))
            continue;
        bool won = r->winners & JUNQI_SEAT_BIT(seat);
        sc.points[seat] = won ? (early ? 0 : s->win_points[four]) : -s->win_points[four];
    }
    return sc;
}

bool junqi_score_game(const junqi_game *g, junqi_score *out)
{
    const junqi_scoring *s = g->rules->scoring;
    if (!s)
        return false;
    *out = junqi_score_result(s, &g->result, junqi_game_present(g), junqi_game_moves(g));
    return true;
}

bool junqi_score_position(const junqi_position *pos, junqi_score *out)
{
    const junqi_scoring *s = pos->rules->scoring;
    if (!s)
        return false;
    *out = junqi_score_result(s, &pos->result, pos->present, pos->moves);
    return true;
}

/* The seats' points in seat order into buf (n bytes), as snprintf: the seat names and
 * the separator in the messages' language when `human` (a sentence's "北家 +2，东家 -2"),
 * else the English of the QQScore tag, which programs read back ("north +2, east -2"). */
static int points_text(const junqi_score *sc, bool human, char *buf, size_t n)
{
    int len = 0;
    if (n)
        buf[0] = 0;
    if (sc->reason == JUNQI_SCORE_NONE)
        return 0;
    for (int seat = 0; seat < JUNQI_SEATS; seat++) {
        if (!(sc->seats & JUNQI_SEAT_BIT(seat)))
            continue;
        const char *name = junqi_seat_name((junqi_seat)seat);
        const char *sep = !len ? "" : human ? _(", ") : ", ";
        size_t at = (size_t)len < n ? (size_t)len : n;
        len += snprintf(buf + at, n - at, sc->points[seat] ? "%s%s %+d" : "%s%s %d", sep,
                        human ? _(name) : name, sc->points[seat]);
    }
    return len;
}

int junqi_score_format(const junqi_score *sc, char *buf, size_t n)
{
    return points_text(sc, false, buf, n);
}

/* Why the winners or nobody scored, or NULL when the points say it all. Static or buf. */
static const char *explain(const junqi_scoring *s, const junqi_score *sc, char *buf, size_t n)
{
    switch (sc->reason) {
    case JUNQI_SCORE_EARLY_END:
        snprintf(buf, n, _("the game ended within %d moves: the winners score nothing"),
                 s->min_moves[__builtin_popcount(sc->seats) != 2]);
        return buf;
    case JUNQI_SCORE_FLED: return _("someone fled while both sides were in the game: nobody scores");
    case JUNQI_SCORE_UNDECIDED: return _("the game ended with no winner: nobody scores");
    default: return NULL;
    }
}

int junqi_score_describe(const junqi_scoring *s, const junqi_score *sc, char *buf, size_t n)
{
    char points[96], why[96];
    if (sc->reason == JUNQI_SCORE_NONE) {
        if (n)
            buf[0] = 0;
        return 0;
    }
    points_text(sc, true, points, sizeof points);
    const char *because = explain(s, sc, why, sizeof why);
    return because ? snprintf(buf, n, _("%s score: %s (%s)"), s->platform, points, because)
                   : snprintf(buf, n, _("%s score: %s"), s->platform, points);
}

long junqi_score_early_surrender(const junqi_scoring *s, const junqi_game *g, int *seat,
                                 size_t *moves)
{
    size_t played = 0;
    for (size_t i = 0; i < g->main.nitems && played <= (size_t)s->surrender_moves; i++) {
        const junqi_item *it = &g->main.items[i];
        if (it->kind == JUNQI_ITEM_MOVE)
            played++;
        else if (it->kind == JUNQI_ITEM_ELIMINATED && it->reason == JUNQI_REASON_SURRENDER) {
            *seat = it->seat;
            *moves = played;
            return (long)i;
        }
    }
    return -1;
}

bool junqi_score_set_tag(junqi_game *g)
{
    junqi_score sc;
    char text[96];
    if (!junqi_score_game(g, &sc) || sc.reason == JUNQI_SCORE_NONE) {
        if (g->rules->scoring) /* a score read with a record that is not over is stale */
            junqi_game_remove_tag(g, g->rules->scoring->tag);
        return true;
    }
    junqi_score_format(&sc, text, sizeof text);
    return junqi_game_set_tag(g, g->rules->scoring->tag, text);
}
