/* SPDX-License-Identifier: MIT */
/*
 * flip_gen.c - legal actions of flip positions and why an action is illegal
 * (docs/variants.md §3 and §5 items 4, 6, 12, 13). See flip.h.
 *
 * Design note: flip games are played on the two-player board only, whose 60
 * points fit a 64-bit set. Each point gets, once, its step neighbours (road
 * and railway) and its four straight railway rays (geometry: the next point
 * in one direction, while a railway edge joins them; the board has no arcs),
 * both taken from board.h. A run walks a ray to its first occupied point; an
 * engineer's flight is a flood fill of railway neighbours through empty
 * points.
 */
#include "flip.h"
#include "i18n.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define NPOINTS 60

static uint64_t step_set[NPOINTS]; /* road and railway neighbours */
static uint64_t rail_set[NPOINTS]; /* railway neighbours */
static uint8_t ray[NPOINTS][4][12]; /* straight railway rays, JUNQI_NO_POINT-terminated */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static inline uint64_t bit(int p)
{
    return 1ull << p;
}

static void build_tables(void)
{
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    static const int dir[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    memset(ray, JUNQI_NO_POINT, sizeof ray);
    for (int p = 0; p < b->npoints; p++) {
        for (int i = 0; i < b->nroad[p]; i++)
            step_set[p] |= bit(b->road[p][i]);
        for (int i = 0; i < b->nrail[p]; i++)
            rail_set[p] |= bit(b->rail[p][i]);
        step_set[p] |= rail_set[p];
        for (int d = 0; d < 4; d++) {
            int x = p, n = 0;
            for (;;) {
                int q = junqi_board_point_at(b, b->point[x].file + dir[d][0], b->point[x].rank + dir[d][1]);
                if (q < 0 || !junqi_board_rail_adjacent(b, x, q))
                    break;
                ray[p][d][n++] = (uint8_t)q;
                x = q;
            }
        }
    }
}

static uint64_t occupied_set(const junqi_flip *pos)
{
    uint64_t occ = 0;
    for (int p = 0; p < NPOINTS; p++)
        if (pos->cell[p])
            occ |= bit(p);
    return occ;
}

static uint64_t reach_set(const junqi_flip *pos, int p, junqi_reach_style style)
{
    pthread_once(&tables_once, build_tables);
    uint64_t out = step_set[p];
    if (style == JUNQI_REACH_RUNS) {
        for (int d = 0; d < 4; d++)
            for (const uint8_t *q = ray[p][d]; *q != JUNQI_NO_POINT; q++) {
                out |= bit(*q);
                if (pos->cell[*q])
                    break;
            }
    } else if (style == JUNQI_REACH_FLIGHT) {
        uint64_t empty = ~occupied_set(pos), seen = bit(p), frontier = bit(p);
        while (frontier) {
            uint64_t next = 0;
            for (uint64_t f = frontier; f; f &= f - 1)
                next |= rail_set[__builtin_ctzll(f)];
            next &= ~seen;
            seen |= next;
            frontier = next & empty;
        }
        out |= seen & ~bit(p);
    }
    return out;
}

int junqi_flip_reach(const junqi_flip *pos, int p, junqi_reach_style style, uint8_t *out)
{
    int n = 0;
    for (uint64_t s = reach_set(pos, p, style); s; s &= s - 1)
        out[n++] = (uint8_t)__builtin_ctzll(s);
    return n;
}

/* ---- the attack rules ---- */

static int mover_colour(const junqi_flip *pos)
{
    return pos->st.to_move < JUNQI_SEATS ? pos->st.colour[pos->st.to_move] : JUNQI_NO_COLOUR;
}

/* The lowest face-up rank of colour c on the board (0: none). */
static int smallest_rank(const junqi_flip *pos, int c)
{
    int low = 0;
    for (int p = 0; p < NPOINTS; p++) {
        uint8_t x = pos->cell[p];
        int r = junqi_piece_rank((junqi_piece)junqi_flip_piece(x));
        if (x && !junqi_flip_down(x) && junqi_flip_colour(x) == c && r && (!low || r < low))
            low = r;
    }
    return low;
}

bool junqi_flip_may_take_flag(const junqi_flip *pos, uint8_t a, int flag_colour, int *smallest)
{
    int k = junqi_flip_piece(a);
    if (smallest)
        *smallest = smallest_rank(pos, junqi_flip_colour(a));
    if (flag_colour >= 2 || pos->st.removed[flag_colour][JUNQI_LANDMINE] < junqi_piece_count(JUNQI_LANDMINE))
        return false;
    switch (pos->rules->flag_taker) {
    case JUNQI_TAKER_ANY: return true;
    case JUNQI_TAKER_ENGINEER: return k == JUNQI_ENGINEER;
    default:
        return junqi_piece_rank((junqi_piece)k) &&
               junqi_piece_rank((junqi_piece)k) == smallest_rank(pos, junqi_flip_colour(a));
    }
}

/* huqi's flags (§3): a movable flag beats ranks, trades with bombs and flags;
 * an engineer takes a movable flag only; a bomb any flag. One of the two is a flag. */
static junqi_flip_illegal flag_moves_attack(const junqi_flip *pos, int ka, uint8_t d)
{
    int kd = junqi_flip_piece(d);
    if (ka == JUNQI_BOMB)
        return JUNQI_FLIP_LEGAL;
    if (kd == JUNQI_FLAG) {
        bool moves = junqi_flip_flag_moves(pos, junqi_flip_colour(d));
        return (ka == JUNQI_ENGINEER || ka == JUNQI_FLAG) && moves ? JUNQI_FLIP_LEGAL : JUNQI_FLIP_FLAG_TAKER;
    }
    return kd == JUNQI_LANDMINE ? JUNQI_FLIP_LANDMINE
           : kd == JUNQI_ENGINEER ? JUNQI_FLIP_LOSING_ATTACK : JUNQI_FLIP_LEGAL;
}

/* May face-up piece a attack the face-up piece d (an enemy)? §5 item 12, the flag rules. */
static junqi_flip_illegal attack_rule(const junqi_flip *pos, uint8_t a, uint8_t d, junqi_flip_check *c)
{
    int ka = junqi_flip_piece(a), kd = junqi_flip_piece(d);
    if (pos->rules->flag_moves && (ka == JUNQI_FLAG || kd == JUNQI_FLAG))
        return flag_moves_attack(pos, ka, d);
    if (kd == JUNQI_FLAG) {
        int small = 0;
        c->count = (uint8_t)(junqi_piece_count(JUNQI_LANDMINE) - pos->st.removed[junqi_flip_colour(d)][JUNQI_LANDMINE]);
        if (c->count)
            return JUNQI_FLIP_FLAG_GUARDED;
        bool ok = junqi_flip_may_take_flag(pos, a, junqi_flip_colour(d), &small);
        c->count = (uint8_t)small;
        return ok ? JUNQI_FLIP_LEGAL : JUNQI_FLIP_FLAG_TAKER;
    }
    if (ka == JUNQI_BOMB || kd == JUNQI_BOMB)
        return JUNQI_FLIP_LEGAL;
    if (kd == JUNQI_LANDMINE)
        return ka == JUNQI_ENGINEER ? JUNQI_FLIP_LEGAL : JUNQI_FLIP_LANDMINE;
    return junqi_piece_rank((junqi_piece)ka) < junqi_piece_rank((junqi_piece)kd) ? JUNQI_FLIP_LOSING_ATTACK
                                                                                 : JUNQI_FLIP_LEGAL;
}

/* The target rules every family shares: own pieces, face-down pieces, camps. */
static junqi_flip_illegal target_rule(const junqi_flip *pos, uint8_t a, int to)
{
    uint8_t d = pos->cell[to];
    if (junqi_flip_down(d)) {
        bool reveal = pos->rules->attack_face_down && pos->rules->backs_show_colour &&
                      junqi_flip_colour(d) == (junqi_flip_colour(a) ^ 1);
        return reveal && pos->board->point[to].kind != JUNQI_CAMP ? JUNQI_FLIP_LEGAL : JUNQI_FLIP_ATTACK_DOWN;
    }
    if (junqi_flip_colour(d) == junqi_flip_colour(a) && !pos->rules->combine)
        return JUNQI_FLIP_OWN_PIECE;
    if (pos->board->point[to].kind == JUNQI_CAMP)
        return JUNQI_FLIP_CAMP;
    return JUNQI_FLIP_LEGAL;
}

/* The whole check of an attack by a (standard frame) on point `to`. */
static junqi_flip_illegal attack_check(const junqi_flip *pos, uint8_t a, int to, junqi_flip_check *c)
{
    junqi_flip_illegal code = target_rule(pos, a, to);
    if (code != JUNQI_FLIP_LEGAL || junqi_flip_down(pos->cell[to]))
        return code;
    return attack_rule(pos, a, pos->cell[to], c);
}

static junqi_reach_style style_of(uint8_t a)
{
    return junqi_flip_piece(a) == JUNQI_ENGINEER ? JUNQI_REACH_FLIGHT : JUNQI_REACH_RUNS;
}

static bool piece_moves(const junqi_flip *pos, uint8_t a)
{
    int k = junqi_flip_piece(a);
    if (k == JUNQI_FLAG)
        return junqi_flip_flag_moves(pos, junqi_flip_colour(a));
    return k != JUNQI_LANDMINE;
}

/* The moves of the face-up piece on p (standard frame). */
static int generate_from(const junqi_flip *pos, int p, junqi_action *out)
{
    uint8_t a = pos->cell[p];
    bool carrying = (pos->load[p] & JUNQI_LOAD_FLAG) != 0;
    int n = 0;
    junqi_flip_check c;
    for (uint64_t s = reach_set(pos, p, style_of(a)); s; s &= s - 1) {
        int q = __builtin_ctzll(s);
        junqi_action act = junqi_action_move(p, q);
        if (!pos->cell[q]) {
            out[n++] = act;
            if (carrying) {
                act.drop = true;
                out[n++] = act;
            }
        } else if (attack_check(pos, a, q, &c) == JUNQI_FLIP_LEGAL) {
            act.drop = carrying;
            out[n++] = act;
        }
    }
    return n;
}

static int generate_seat(const junqi_flip *pos, int seat, junqi_action *out, bool first_only)
{
    int n = 0, colour = pos->st.colour[seat];
    for (int p = 0; p < NPOINTS && !(first_only && n); p++)
        if (junqi_flip_down(pos->cell[p]))
            out[n++] = junqi_action_flip(p);
    if (colour == JUNQI_NO_COLOUR)
        return n;
    for (int p = 0; p < NPOINTS && !(first_only && n); p++) {
        uint8_t a = pos->cell[p];
        if (!a || junqi_flip_down(a) || junqi_flip_colour(a) != colour || !piece_moves(pos, a))
            continue;
        n += pos->rules->combine ? junqi_zuhe_generate_from(pos, p, out + n) : generate_from(pos, p, out + n);
    }
    return n;
}

int junqi_flip_generate(const junqi_flip *pos, junqi_action *out)
{
    if (junqi_flip_over(pos))
        return 0;
    return generate_seat(pos, pos->st.to_move, out, false);
}

bool junqi_flip_can_act(const junqi_flip *pos, int s)
{
    junqi_action out[JUNQI_MAX_ACTIONS];
    return generate_seat(pos, s, out, true) > 0;
}

junqi_action junqi_flip_normalize(const junqi_flip *pos, junqi_action a)
{
    if (a.kind != JUNQI_ACT_MOVE)
        return a;
    if ((pos->load[a.from] & JUNQI_LOAD_FLAG) && pos->cell[a.to] && !pos->rules->combine)
        a.drop = true;
    if (a.part != JUNQI_PART_ALL && a.part == JUNQI_LOAD_CARRIED(pos->load[a.from]))
        a.part = JUNQI_PART_ALL;
    return a;
}

/* ---- checking ---- */

/* Why `to` is out of reach of the piece on `from` (a non-engineer turns, or the way is blocked). */
static junqi_flip_illegal explain_reach(const junqi_flip *pos, int from, int to, junqi_reach_style style,
                                        uint8_t *at)
{
    const junqi_board *b = pos->board;
    if (!b->point[from].railway || !b->point[to].railway || style == JUNQI_REACH_STEP)
        return JUNQI_FLIP_NOT_CONNECTED;
    for (int d = 0; d < 4; d++)
        for (const uint8_t *q = ray[from][d]; *q != JUNQI_NO_POINT; q++)
            if (*q == to) {
                for (const uint8_t *x = ray[from][d]; *x != to; x++)
                    if (pos->cell[*x]) {
                        *at = *x;
                        return JUNQI_FLIP_RAIL_BLOCKED;
                    }
            }
    if (!(reach_set(pos, from, JUNQI_REACH_FLIGHT) & bit(to)))
        return style == JUNQI_REACH_FLIGHT ? JUNQI_FLIP_RAIL_BLOCKED : JUNQI_FLIP_NOT_CONNECTED;
    /* an engineer could go: a non-engineer would turn; where, if once */
    for (int d = 0; d < 4; d++)
        for (const uint8_t *q = ray[from][d]; *q != JUNQI_NO_POINT && !pos->cell[*q]; q++)
            for (int e = 0; e < 4; e++)
                for (const uint8_t *r = ray[*q][e]; *r != JUNQI_NO_POINT; r++) {
                    if (*r == to) {
                        *at = *q;
                        return JUNQI_FLIP_RAIL_TURN;
                    }
                    if (pos->cell[*r])
                        break;
                }
    return JUNQI_FLIP_RAIL_TURN;
}

junqi_flip_illegal junqi_flip_reach_check(const junqi_flip *pos, int from, int to, junqi_reach_style style,
                                          uint8_t *at)
{
    if (reach_set(pos, from, style) & bit(to))
        return JUNQI_FLIP_LEGAL;
    return explain_reach(pos, from, to, style, at);
}

static junqi_flip_illegal check_move(const junqi_flip *pos, junqi_action a, junqi_flip_check *c)
{
    uint8_t att = pos->cell[a.from];
    if (!piece_moves(pos, att))
        return JUNQI_FLIP_IMMOBILE;
    if (a.from == a.to)
        return JUNQI_FLIP_SAME_POINT;
    if (a.part != JUNQI_PART_ALL)
        return JUNQI_FLIP_BAD_PART;
    bool carrying = (pos->load[a.from] & JUNQI_LOAD_FLAG) != 0;
    if (a.drop != (carrying && (a.drop || pos->cell[a.to])))
        return JUNQI_FLIP_BAD_DROP;
    junqi_flip_illegal code = pos->cell[a.to] ? target_rule(pos, att, a.to) : JUNQI_FLIP_LEGAL;
    if (code != JUNQI_FLIP_LEGAL)
        return code;
    code = junqi_flip_reach_check(pos, a.from, a.to, style_of(att), &c->at);
    if (code != JUNQI_FLIP_LEGAL)
        return code;
    if (pos->cell[a.to] && !junqi_flip_down(pos->cell[a.to]))
        return attack_rule(pos, att, pos->cell[a.to], c);
    return JUNQI_FLIP_LEGAL;
}

static junqi_flip_illegal check_action(const junqi_flip *pos, junqi_action a, junqi_flip_check *c)
{
    uint8_t x = pos->cell[a.from];
    if (junqi_flip_over(pos))
        return JUNQI_FLIP_GAME_OVER;
    if (!x)
        return JUNQI_FLIP_NO_PIECE;
    if (a.kind == JUNQI_ACT_FLIP)
        return junqi_flip_down(x) ? JUNQI_FLIP_LEGAL : JUNQI_FLIP_FACE_UP;
    if (mover_colour(pos) == JUNQI_NO_COLOUR)
        return JUNQI_FLIP_NO_COLOUR;
    if (junqi_flip_down(x))
        return JUNQI_FLIP_FACE_DOWN;
    if (junqi_flip_colour(x) != mover_colour(pos))
        return JUNQI_FLIP_NOT_TURN;
    return pos->rules->combine ? junqi_zuhe_check(pos, a, c) : check_move(pos, a, c);
}

junqi_flip_illegal junqi_flip_check_action(const junqi_flip *pos, junqi_action a, junqi_flip_check *check)
{
    junqi_flip_check local;
    if (!check)
        check = &local;
    pthread_once(&tables_once, build_tables);
    check->at = JUNQI_NO_POINT;
    check->count = 0;
    check->code = check_action(pos, a, check);
    return check->code;
}

/* ---- explanations ---- */

junqi_code junqi_flip_illegal_code(junqi_flip_illegal code)
{
    static const junqi_code codes[] = {
        JUNQI_CODE_COUNT, JUNQI_CODE_AFTER_GAME_END, JUNQI_CODE_NO_PIECE, JUNQI_CODE_FACE_UP,
        JUNQI_CODE_NO_COLOUR, JUNQI_CODE_FACE_DOWN, JUNQI_CODE_NOT_ITS_TURN, JUNQI_CODE_IMMOBILE_PIECE,
        JUNQI_CODE_NO_MOVE, JUNQI_CODE_OWN_PIECE, JUNQI_CODE_ATTACK_FACE_DOWN, JUNQI_CODE_CAMP_ATTACK,
        JUNQI_CODE_LOSING_ATTACK, JUNQI_CODE_LANDMINE_ATTACK, JUNQI_CODE_FLAG_GUARDED, JUNQI_CODE_FLAG_TAKER,
        JUNQI_CODE_NO_SUCH_ATTACK, JUNQI_CODE_BOMB_CAMP, JUNQI_CODE_BAD_PART, JUNQI_CODE_SPLIT_IN_CAMP,
        JUNQI_CODE_BAD_DROP, JUNQI_CODE_ONE_STEP, JUNQI_CODE_RAIL_TURN, JUNQI_CODE_RAIL_BLOCKED,
        JUNQI_CODE_NOT_CONNECTED,
    };
    return code <= JUNQI_FLIP_NOT_CONNECTED ? codes[code] : JUNQI_CODE_COUNT;
}

/* "the red captain", "a face-down piece", "the blue flag". */
static const char *name_of(uint8_t c, char *buf, size_t n)
{
    if (junqi_flip_down(c))
        snprintf(buf, n, _("the face-down piece"));
    else
        snprintf(buf, n, _("the %s %s"), _(junqi_colour_name(junqi_flip_colour(c))),
                 _(junqi_piece_words((junqi_piece)junqi_flip_piece(c))));
    return buf;
}

static void describe_attack(const junqi_flip *pos, junqi_action a, const junqi_flip_check *c, char *buf,
                            size_t n, const char *to)
{
    uint8_t x = pos->cell[a.from], d = pos->cell[a.to];
    const char *piece = _(junqi_piece_words((junqi_piece)junqi_flip_piece(x)));
    const char *target = _(junqi_piece_words((junqi_piece)junqi_flip_piece(d)));
    const char *colour = _(junqi_colour_name(junqi_flip_colour(d)));
    switch (c->code) {
    case JUNQI_FLIP_LOSING_ATTACK:
        snprintf(buf, n, _("a %s may not attack the face-up %s on %s"), piece, target, to);
        break;
    case JUNQI_FLIP_LANDMINE:
        snprintf(buf, n, _("only an engineer or a bomb may attack the landmine on %s, not a %s"), to, piece);
        break;
    case JUNQI_FLIP_FLAG_GUARDED:
        snprintf(buf, n,
                 P_("the flag on %s cannot be taken while %s has %d landmine",
                    "the flag on %s cannot be taken while %s has %d landmines", c->count),
                 to, colour, c->count);
        break;
    default: /* JUNQI_FLIP_FLAG_TAKER */
        if (pos->rules->flag_moves)
            snprintf(buf, n, _("a %s may not attack the %s flag on %s (%s)"), piece, colour, to,
                     junqi_flip_flag_moves(pos, junqi_flip_colour(d)) ? _("only an engineer, a bomb or a movable flag may")
                                                                     : _("it does not move yet: only a bomb may"));
        else if (pos->rules->flag_taker == JUNQI_TAKER_ENGINEER)
            snprintf(buf, n, _("only an engineer may take the flag on %s, not a %s"), to, piece);
        else
            snprintf(buf, n, _("only %s's smallest piece (rank %d) may take the flag on %s, not a %s"),
                     _(junqi_colour_name(junqi_flip_colour(x))), c->count, to, piece);
    }
}

char *junqi_flip_describe(const junqi_flip *pos, junqi_action a, const junqi_flip_check *c, char *buf,
                          size_t n)
{
    const junqi_board *b = pos->board;
    char from[4], to[4], at[4], who[48], what[48];
    junqi_square_name(b, a.from, from);
    junqi_square_name(b, a.to, to);
    junqi_square_name(b, c->at, at);
    uint8_t x = pos->cell[a.from];
    const char *seat = _(junqi_seat_name(pos->st.to_move < JUNQI_SEATS ? (junqi_seat)pos->st.to_move : JUNQI_NO_SEAT));
    const char *piece = _(junqi_piece_words((junqi_piece)junqi_flip_piece(x)));
    name_of(x, who, sizeof who);
    name_of(pos->cell[a.to], what, sizeof what);
    switch (c->code) {
    case JUNQI_FLIP_LEGAL: snprintf(buf, n, _("the action is legal")); break;
    case JUNQI_FLIP_GAME_OVER: /* how it ended, when the position knows */
        if (pos->st.result.reason != JUNQI_REASON_NONE)
            snprintf(buf, n, _("an action on %s after the game ended (%s)"), from,
                     _(junqi_reason_name((junqi_reason)pos->st.result.reason)));
        else
            snprintf(buf, n, _("an action on %s after the game ended"), from);
        break;
    case JUNQI_FLIP_NO_PIECE: snprintf(buf, n, _("no piece stands on %s"), from); break;
    case JUNQI_FLIP_FACE_UP: snprintf(buf, n, _("%s on %s is already face up"), who, from); break;
    case JUNQI_FLIP_NO_COLOUR: snprintf(buf, n, _("%s has no colour yet and may only flip"), seat); break;
    case JUNQI_FLIP_FACE_DOWN: snprintf(buf, n, _("the piece on %s is face down: it moves once flipped"), from); break;
    case JUNQI_FLIP_NOT_TURN:
        snprintf(buf, n, _("%s on %s is not %s's (%s plays %s)"), who, from, seat, seat,
                 _(junqi_colour_name(mover_colour(pos))));
        break;
    case JUNQI_FLIP_IMMOBILE: snprintf(buf, n, _("%s on %s never moves"), who, from); break;
    case JUNQI_FLIP_SAME_POINT: snprintf(buf, n, _("%s-%s does not move"), from, to); break;
    case JUNQI_FLIP_OWN_PIECE: snprintf(buf, n, _("%s on %s attacks its own %s %s on %s"), who, from,
                                        _(junqi_colour_name(junqi_flip_colour(pos->cell[a.to]))),
                                        _(junqi_piece_words((junqi_piece)junqi_flip_piece(pos->cell[a.to]))), to); break;
    case JUNQI_FLIP_ATTACK_DOWN:
        snprintf(buf, n, _("%s on %s cannot be attacked"), what, to);
        break;
    case JUNQI_FLIP_CAMP: snprintf(buf, n, _("%s in camp %s cannot be attacked"), what, to); break;
    case JUNQI_FLIP_NO_SUCH_ATTACK: snprintf(buf, n, _("%s on %s may not attack %s on %s"), who, from, what, to); break;
    case JUNQI_FLIP_BOMB_CAMP: snprintf(buf, n, _("a bomb may not enter camp %s"), to); break;
    case JUNQI_FLIP_BAD_PART: snprintf(buf, n, _("the group on %s does not hold the pieces the move names"), from); break;
    case JUNQI_FLIP_SPLIT_IN_CAMP: snprintf(buf, n, _("the group in camp %s moves whole"), from); break;
    case JUNQI_FLIP_BAD_DROP:
        snprintf(buf, n, (pos->load[a.from] & JUNQI_LOAD_FLAG) ? _("%s on %s sets the flag down when it attacks")
                                                                : _("%s on %s carries no flag to set down"),
                 who, from);
        break;
    case JUNQI_FLIP_ONE_STEP: snprintf(buf, n, _("a %s moves one step at a time (%s-%s)"), piece, from, to); break;
    case JUNQI_FLIP_RAIL_TURN:
        if (c->at != JUNQI_NO_POINT)
            snprintf(buf, n, _("a %s cannot turn at %s on the way from %s to %s"), piece, at, from, to);
        else
            snprintf(buf, n, _("a %s cannot turn on the railway from %s to %s"), piece, from, to);
        break;
    case JUNQI_FLIP_RAIL_BLOCKED:
        if (c->at != JUNQI_NO_POINT)
            snprintf(buf, n, _("a %s cannot pass %s on the railway from %s to %s"), piece, at, from, to);
        else
            snprintf(buf, n, _("a %s has no clear railway path from %s to %s"), piece, from, to);
        break;
    case JUNQI_FLIP_NOT_CONNECTED:
        snprintf(buf, n, _("a %s cannot reach %s from %s: no road step and no railway line joins them"), piece, to, from);
        break;
    default: describe_attack(pos, a, c, buf, n, to);
    }
    return buf;
}
