/* SPDX-License-Identifier: MIT */
/*
 * flip_replay.c - see flip_replay.h.
 */
#include "flip_replay.h"
#include "i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "flip_deal.h"
#include "movegen.h"
#include "replay.h"

/* Report a problem with item `it` (for an action, its number as the record
 * writes it: one past a set start position's ply, docs/conventions.md). */
__attribute__((format(printf, 4, 5)))
static void report(junqi_flip_replay *r, junqi_code code, const junqi_item *it, const char *fmt, ...)
{
    if (!r->diags)
        return;
    va_list ap;
    va_start(ap, fmt);
    int move = it && it->kind == JUNQI_ITEM_MOVE ? (int)(junqi_game_first_number(r->game) + r->moves) : -1;
    junqi_diags_vadd(r->diags, code, move, it ? it->loc : JUNQI_NOWHERE, fmt, ap);
    va_end(ap);
}

bool junqi_flip_replay_start(junqi_flip_replay *r, const junqi_game *g, const junqi_rules *rules,
                             junqi_diags *d)
{
    memset(r, 0, sizeof *r);
    r->game = g;
    r->diags = d;
    r->last_taker = JUNQI_NO_SEAT;
    const junqi_rules *rs = rules ? rules : g->rules;
    if (!junqi_rules_flip(rs) || g->board != JUNQI_TWO_PLAYER) {
        junqi_diags_add(d, JUNQI_CODE_BAD_RULES, -1, JUNQI_NOWHERE, "%s",
                        !junqi_rules_flip(rs) ? _("the rule set is not a flip rule set")
                                              : _("flip games are played on the two-player board"));
        return false;
    }
    if (g->flip_start) {
        r->pos = *g->flip_start;
        r->pos.rules = rs;
        return true;
    }
    char msg[200];
    if (g->has_deal && d && !junqi_flip_deal_check(g->deal, msg, sizeof msg))
        junqi_diags_add(d, JUNQI_CODE_BAD_DEAL, -1, g->deal_loc, "Deal: %s", msg);
    junqi_flip_init(&r->pos, rs, g->has_deal ? g->deal : NULL);
    if (g->first == JUNQI_NORTH || g->first == JUNQI_SOUTH)
        junqi_flip_set_turn(&r->pos, g->first);
    return true;
}

/* The action an item records, in the generator's form. */
static junqi_action item_action(const junqi_flip *pos, const junqi_item *it)
{
    if (it->flip)
        return junqi_action_flip(it->move.from);
    junqi_action a = junqi_action_move(it->move.from, it->move.to);
    if (it->part)
        a.part = it->part & 0x1F;
    a.drop = it->drop;
    return junqi_flip_normalize(pos, a);
}

/* Illegal actions the position cannot take: reported and skipped. */
static bool cannot_apply(const junqi_flip *pos, junqi_flip_illegal code)
{
    switch (code) {
    case JUNQI_FLIP_LEGAL: case JUNQI_FLIP_LOSING_ATTACK: case JUNQI_FLIP_LANDMINE:
    case JUNQI_FLIP_FLAG_GUARDED: case JUNQI_FLIP_FLAG_TAKER: case JUNQI_FLIP_RAIL_TURN:
    case JUNQI_FLIP_RAIL_BLOCKED: case JUNQI_FLIP_NOT_CONNECTED: case JUNQI_FLIP_NOT_TURN:
    case JUNQI_FLIP_NO_COLOUR: case JUNQI_FLIP_IMMOBILE: case JUNQI_FLIP_ONE_STEP: case JUNQI_FLIP_BOMB_CAMP:
        return false;
    case JUNQI_FLIP_CAMP: return pos->rules->combine;
    default: return true;
    }
}

static const char *identity_name(uint8_t c, char *buf, size_t n)
{
    snprintf(buf, n, C_("colour and piece", "%s %s"), _(junqi_colour_name(junqi_flip_colour(c))),
             _(junqi_piece_words((junqi_piece)junqi_flip_piece(c))));
    return buf;
}

/* What the flip (or revealing attack) of point p shows: the position's identity
 * when known, else the record's, checked against the pieces still face down.
 * 0 when nobody knows. */
static uint8_t shown_identity(junqi_flip_replay *r, const junqi_item *it, int p)
{
    const junqi_flip *pos = &r->pos;
    uint8_t c = pos->cell[p], said = it->shown;
    char sq[4], a[48], b[48];
    junqi_square_name(pos->board, p, sq);
    if (junqi_flip_piece(c) != JUNQI_UNKNOWN) {
        if (said && said != junqi_flip_up(c))
            report(r, JUNQI_CODE_FLIP_IDENTITY, it, "the record shows a %s on %s, but the deal has a %s there",
                   identity_name(said, a, sizeof a), sq, identity_name(junqi_flip_up(c), b, sizeof b));
        return junqi_flip_up(c);
    }
    if (!said) {
        report(r, JUNQI_CODE_FLIP_UNKNOWN, it, "the record does not say what the piece on %s showed, and it has no Deal", sq);
        return 0;
    }
    int colour = junqi_flip_colour(c);
    bool other_colour = colour < 2 && colour != junqi_flip_colour(said);
    if (other_colour || !pos->st.pool[junqi_flip_colour(said)][junqi_flip_piece(said)]) {
        const char *name = identity_name(said, a, sizeof a);
        if (other_colour)
            report(r, JUNQI_CODE_FLIP_IDENTITY, it, "the record shows a %s on %s, but the back there shows the other "
                   "colour", name, sq);
        else
            report(r, JUNQI_CODE_FLIP_IDENTITY, it, "the record shows a %s on %s, but no such piece is still face "
                   "down", name, sq);
        return 0;
    }
    return said;
}

/* A recorded outcome against the rules' `rule` for action a, whose target shows `shown` when it
 * reveals it: named by the two pieces, as a formation game's wrong outcome is (replay.c), but for
 * zuhe's stacks and an empty target, which have no one piece to name. */
static void check_outcome(junqi_flip_replay *r, const junqi_item *it, int rule, junqi_action a, uint8_t shown)
{
    if (!it->outcome_known || it->flip || it->outcome == rule)
        return;
    char m[8];
    const junqi_flip *pos = &r->pos;
    int attacker = junqi_flip_piece(pos->cell[a.from]), target = junqi_flip_piece(shown ? shown : pos->cell[a.to]);
    if (pos->rules->combine || !pos->cell[a.to])
        report(r, JUNQI_CODE_WRONG_OUTCOME, it, "%s: the record says '%s', the rules say '%s'",
               junqi_item_move_text(pos->board, it, m), _(junqi_flip_outcome_name(it->outcome)),
               _(junqi_flip_outcome_name(rule)));
    else
        report(r, JUNQI_CODE_WRONG_OUTCOME, it, "%s: the record says '%s', but when %s attacks %s the rules say '%s'",
               junqi_item_move_text(pos->board, it, m), _(junqi_flip_outcome_name(it->outcome)),
               _(junqi_piece_a((junqi_piece)attacker)), _(junqi_piece_a((junqi_piece)target)),
               _(junqi_flip_outcome_name(rule)));
}

/* The colour event is derived: the record must state exactly the one the rules give. */
static void check_colour_event(junqi_flip_replay *r, const junqi_item *it, int taker)
{
    uint8_t want = taker == JUNQI_NO_SEAT ? 0 : JUNQI_COLOUR_EVENT(taker, r->pos.st.colour[taker]);
    if (want == it->colour_event)
        return;
    const char *seat = junqi_seat_name((junqi_seat)JUNQI_COLOUR_EVENT_SEAT(want ? want : it->colour_event));
    const char *col = junqi_colour_name(JUNQI_COLOUR_EVENT_COLOUR(want ? want : it->colour_event));
    if (!want)
        report(r, JUNQI_CODE_COLOUR_EVENT, it, "the record says colour:%s:%s, but no colour is assigned here", seat, col);
    else
        report(r, JUNQI_CODE_COLOUR_EVENT, it, "%s takes %s here: the record should say colour:%s:%s", _(seat), _(col), seat,
               col);
}

static void check_part(junqi_flip_replay *r, const junqi_item *it)
{
    int leader = junqi_flip_piece(r->pos.cell[it->move.from]);
    if (it->part && it->part_leader != leader && leader != JUNQI_NONE)
        report(r, JUNQI_CODE_BAD_PART, it, "the record moves a part led by a %s, but a %s leads the group on the point",
               _(junqi_piece_words((junqi_piece)it->part_leader)), _(junqi_piece_words((junqi_piece)leader)));
}

static void apply_action(junqi_flip_replay *r, const junqi_item *it)
{
    junqi_flip *pos = &r->pos;
    junqi_action a = item_action(pos, it);
    junqi_flip_check check;
    char why[200];
    junqi_flip_illegal code = junqi_flip_check_action(pos, a, &check);
    if (code != JUNQI_FLIP_LEGAL && r->diags) { /* reported once; the rest would be a cascade */
        report(r, junqi_flip_illegal_code(code), it, "%s", junqi_flip_describe(pos, a, &check, why, sizeof why));
        r->illegal = r->moves + 1;
        junqi_replay_note_checks_stopped(r->diags, r->game, r->item,
                                         (int)(junqi_game_first_number(r->game) + r->moves), it->loc);
        r->diags = NULL;
    }
    int mover = pos->st.to_move;
    if (it->seat != JUNQI_NO_SEAT && it->seat != mover && mover != JUNQI_NO_SEAT)
        report(r, JUNQI_CODE_WRONG_MOVER, it, "the record says %s acts, but it is %s's turn", _(junqi_seat_name((junqi_seat)it->seat)),
               _(junqi_seat_name((junqi_seat)mover)));
    check_part(r, it);
    bool reveals = a.kind == JUNQI_ACT_FLIP || junqi_flip_down(pos->cell[a.to]);
    uint8_t shown = reveals && !cannot_apply(pos, code) ? shown_identity(r, it, a.to) : 0;
    if (cannot_apply(pos, code) || (reveals && !shown)) {
        r->moves++;
        if (code != JUNQI_FLIP_GAME_OVER) /* after the end, an action is not part of the game */
            pos->st.moves++; /* skipped, but counted: the positions keep the record's ply numbers */
        return;
    }
    check_outcome(r, it,
                  a.kind == JUNQI_ACT_FLIP ? JUNQI_NO_COMBAT
                  : pos->rules->combine    ? junqi_zuhe_outcome(pos, a)
                                           : (int)junqi_flip_outcome(pos, a, shown),
                  a, shown);
    junqi_flip_undo u;
    junqi_flip_make(pos, a, shown, &u);
    check_colour_event(r, it, u.taker);
    r->moves++;
    r->has_last = true;
    r->last = a;
    r->last_outcome = u.outcome;
    r->last_shown = u.shown;
    r->last_taker = u.taker;
}

/* ---- events ---- */

static bool seat_in_game(junqi_flip_replay *r, const junqi_item *it)
{
    if (it->seat == JUNQI_SOUTH || it->seat == JUNQI_NORTH)
        return true;
    report(r, JUNQI_CODE_BAD_SEAT, it, "the event concerns %s, which is not in the game",
           _(junqi_seat_name(it->seat < JUNQI_SEATS ? (junqi_seat)it->seat : JUNQI_NO_SEAT)));
    return false;
}

/* The seat loses for `reason` (a timeout too many, surrender, leaving). */
static void lose(junqi_flip_replay *r, int seat, junqi_reason reason)
{
    junqi_flip_undo u;
    if (!junqi_flip_over(&r->pos))
        junqi_flip_end(&r->pos, JUNQI_DECIDED, JUNQI_SEAT_BIT(junqi_flip_opponent(seat)), reason, &u);
}

static void apply_timeout(junqi_flip_replay *r, const junqi_item *it)
{
    if (!seat_in_game(r, it))
        return;
    int s = it->seat, limit = r->pos.rules->timeouts;
    r->timeouts[s]++;
    if (s != r->pos.st.to_move)
        report(r, JUNQI_CODE_TIMEOUT_SEAT, it, "%s times out, but it is %s's turn", _(junqi_seat_name((junqi_seat)s)),
               _(junqi_seat_name(r->pos.st.to_move < JUNQI_SEATS ? (junqi_seat)r->pos.st.to_move : JUNQI_NO_SEAT)));
    if (it->count && it->count != r->timeouts[s] && r->diags)
        junqi_diags_add(r->diags, JUNQI_CODE_TIMEOUT_COUNT, -1, it->loc,
                        P_("the record counts %d timeout for %s, the replay %d",
                           "the record counts %d timeouts for %s, the replay %d", (unsigned long)it->count),
                        it->count, _(junqi_seat_name((junqi_seat)s)), r->timeouts[s]);
    junqi_flip_undo u;
    if (limit && r->timeouts[s] >= limit)
        lose(r, s, JUNQI_REASON_TIMEOUTS);
    else if (s == r->pos.st.to_move)
        junqi_flip_pass(&r->pos, &u);
}

static void apply_elimination(junqi_flip_replay *r, const junqi_item *it)
{
    if (!seat_in_game(r, it))
        return;
    junqi_reason reason = it->kind == JUNQI_ITEM_LEFT ? JUNQI_REASON_LEFT : (junqi_reason)it->reason;
    const junqi_result *res = &r->pos.st.result;
    int from = r->pos.rules->surrender_from;
    if (reason == JUNQI_REASON_SURRENDER && from && r->moves + 1 < (size_t)from)
        report(r, JUNQI_CODE_FORBIDDEN_SURRENDER, it, "surrender is allowed from move %d, not before move %zu", from, r->moves + 1);
    bool derived = reason == JUNQI_REASON_FLAG_CAPTURED || reason == JUNQI_REASON_NO_MOVABLE_PIECE;
    if (derived && !(res->status == JUNQI_DECIDED && !(res->winners & JUNQI_SEAT_BIT(it->seat)) && res->reason == reason))
        report(r, JUNQI_CODE_ELIMINATION_REASON, it, "%s is out for %s, but the replay does not say so",
               _(junqi_seat_name((junqi_seat)it->seat)), _(junqi_reason_name(reason)));
    if (reason == JUNQI_REASON_TIMEOUTS && r->pos.rules->timeouts && r->timeouts[it->seat] + 1 < r->pos.rules->timeouts)
        report(r, JUNQI_CODE_ELIMINATION_REASON, it, "%s is out for timeouts after %d", _(junqi_seat_name((junqi_seat)it->seat)),
               r->timeouts[it->seat] + 1);
    lose(r, it->seat, reason);
}

static void apply_end(junqi_flip_replay *r, const junqi_item *it)
{
    junqi_flip *pos = &r->pos;
    junqi_flip_undo u;
    if (!junqi_flip_over(pos)) {
        bool ends_by_record = it->reason == JUNQI_REASON_SURRENDER || it->reason == JUNQI_REASON_TIMEOUTS ||
                              it->reason == JUNQI_REASON_LEFT || it->reason == JUNQI_REASON_AGREED_DRAW ||
                              it->reason == JUNQI_REASON_NONE || it->reason == JUNQI_REASON_FLED;
        if (!ends_by_record)
            report(r, JUNQI_CODE_RESULT_MISMATCH, it, "the record ends the game for %s, but the replay does not",
                   _(junqi_reason_name((junqi_reason)it->reason)));
        junqi_reason reason = it->reason ? (junqi_reason)it->reason
                              : it->status == JUNQI_DRAWN ? JUNQI_REASON_AGREED_DRAW : JUNQI_REASON_NONE;
        junqi_flip_end(pos, (junqi_status)it->status, it->winners, reason, &u);
        return;
    }
    const junqi_result *res = &pos->st.result;
    if ((it->winners && (res->status != JUNQI_DECIDED || res->winners != it->winners)) ||
        (it->status == JUNQI_DRAWN && res->status != JUNQI_DRAWN)) {
        junqi_result said = {it->status, it->winners, 0, 0};
        report(r, JUNQI_CODE_RESULT_MISMATCH, it, "the record gives the result %s, the replay %s",
               _(junqi_result_text(&said, JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH))),
               _(junqi_result_text(res, JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH))));
    }
}

bool junqi_flip_replay_next(junqi_flip_replay *r)
{
    if (r->item >= r->game->main.nitems)
        return false;
    const junqi_item *it = &r->game->main.items[r->item++];
    switch (it->kind) {
    case JUNQI_ITEM_MOVE: apply_action(r, it); break;
    case JUNQI_ITEM_TIMEOUT: apply_timeout(r, it); break;
    case JUNQI_ITEM_ELIMINATED:
    case JUNQI_ITEM_LEFT: apply_elimination(r, it); break;
    case JUNQI_ITEM_END: apply_end(r, it); break;
    default: report(r, JUNQI_CODE_BAD_ITEM, it, "unknown item kind %d", it->kind);
    }
    return true;
}

void junqi_flip_replay_seek(junqi_flip_replay *r, size_t ply)
{
    if (ply < r->moves)
        junqi_flip_replay_start(r, r->game, r->pos.rules, NULL);
    while (r->moves < ply && junqi_flip_replay_next(r))
        ;
    while (r->item < r->game->main.nitems && r->game->main.items[r->item].kind != JUNQI_ITEM_MOVE)
        junqi_flip_replay_next(r);
}

void junqi_flip_replay_run(junqi_flip_replay *r)
{
    while (junqi_flip_replay_next(r))
        ;
}

/* What an applied action derives, written into its item. */
static void settle_action(const junqi_flip_replay *r, const junqi_flip *before, junqi_item *it)
{
    if (!r->has_last)
        return; /* not applied */
    it->seat = before->st.to_move;
    if (!it->flip) {
        it->outcome = r->last_outcome;
        it->outcome_known = true;
        it->drop = r->last.drop;
        if (it->part)
            it->part_leader = (uint8_t)junqi_flip_piece(before->cell[it->move.from]);
    }
    if (r->last_shown)
        it->shown = r->last_shown;
    it->colour_event = r->last_taker == JUNQI_NO_SEAT ? 0
                       : JUNQI_COLOUR_EVENT(r->last_taker, r->pos.st.colour[r->last_taker]);
}

void junqi_flip_game_settle(junqi_game *g)
{
    junqi_flip_replay r;
    if (!junqi_flip_replay_start(&r, g, NULL, NULL))
        return;
    size_t over = SIZE_MAX; /* the items after which the game was over */
    for (size_t i = 0; i < g->main.nitems; i++) {
        junqi_item *it = &g->main.items[i];
        junqi_flip before = r.pos;
        r.has_last = false;
        junqi_flip_replay_next(&r);
        if (over == SIZE_MAX && junqi_flip_over(&r.pos))
            over = i + 1;
        if (it->kind == JUNQI_ITEM_MOVE)
            settle_action(&r, &before, it);
        if (it->kind == JUNQI_ITEM_END) {
            it->status = r.pos.st.result.status;
            it->winners = r.pos.st.result.winners;
            it->reason = r.pos.st.result.reason;
        }
    }
    if (junqi_flip_over(&r.pos) && junqi_game_ends_as_replayed(g, over))
        g->result = r.pos.st.result;
}

junqi_game *junqi_flip_game_new(const junqi_rules *r, const uint8_t *deal, junqi_seat first)
{
    junqi_game *g = junqi_game_new(JUNQI_TWO_PLAYER);
    if (!g)
        return NULL;
    g->rules = r;
    g->info = r->info;
    g->first = first;
    g->seat[JUNQI_SOUTH].present = g->seat[JUNQI_NORTH].present = true;
    if (deal) {
        g->has_deal = true;
        memcpy(g->deal, deal, sizeof g->deal);
    }
    return g;
}

/* A fresh item of a library-made record. */
static void blank_item(junqi_item *it, junqi_item_kind kind)
{
    memset(it, 0, sizeof *it);
    it->kind = (uint8_t)kind;
    it->seat = it->next_seat = JUNQI_NO_SEAT;
    it->flag_shown[0] = it->flag_shown[1] = JUNQI_NO_POINT;
    it->defender_marshal_died = -1;
    it->loc = JUNQI_NOWHERE;
}

bool junqi_flip_game_end(junqi_game *g, const junqi_flip *pos)
{
    if (!junqi_flip_over(pos))
        return true;
    junqi_item it;
    blank_item(&it, JUNQI_ITEM_END);
    it.status = pos->st.result.status;
    it.winners = pos->st.result.winners;
    it.reason = pos->st.result.reason;
    g->result = pos->st.result;
    return junqi_game_add_item(g, &it);
}

void junqi_flip_action_item(const junqi_flip *after, junqi_action a, const junqi_flip_undo *u, junqi_item *it)
{
    blank_item(it, JUNQI_ITEM_MOVE);
    it->seat = u->st.to_move;
    it->move = (junqi_move){a.from, a.to};
    it->flip = a.kind == JUNQI_ACT_FLIP;
    it->shown = u->shown;
    it->outcome = u->outcome;
    it->outcome_known = !it->flip;
    it->drop = a.drop;
    if (a.part != JUNQI_PART_ALL) {
        it->part = (uint8_t)(JUNQI_ITEM_PART | a.part);
        it->part_leader = (uint8_t)junqi_flip_piece(u->cell[0]);
    }
    if (u->taker != JUNQI_NO_SEAT)
        it->colour_event = JUNQI_COLOUR_EVENT(u->taker, after->st.colour[u->taker]);
}

bool junqi_flip_game_add_action(junqi_game *g, const junqi_flip *after, junqi_action a,
                                const junqi_flip_undo *u)
{
    junqi_item it;
    junqi_flip_action_item(after, a, u, &it);
    return junqi_game_add_item(g, &it);
}
