/* SPDX-License-Identifier: MIT */
/*
 * replay.c - see replay.h.
 */
#include "replay.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "flip_replay.h"
#include "score.h"

#include "i18n.h"
#include "movegen.h"
#include "setup.h"

/* Report a problem with item `it` (for a move, its number as the record
 * writes it: one past a set start position's ply, docs/conventions.md). */
__attribute__((format(printf, 4, 5)))
static void report(junqi_replay *r, junqi_code code, const junqi_item *it, const char *fmt, ...)
{
    if (!r->diags)
        return;
    va_list ap;
    va_start(ap, fmt);
    int move = it->kind == JUNQI_ITEM_MOVE ? (int)(junqi_game_first_number(r->game) + r->moves) : -1;
    junqi_diags_vadd(r->diags, code, move, it->loc, fmt, ap);
    va_end(ap);
}

static void check_setup(junqi_replay *r, int s)
{
    const junqi_seat_info *info = &r->game->seat[s];
    junqi_setup_problem problems[JUNQI_MAX_SETUP_PROBLEMS];
    int n = junqi_setup_check_under(info->setup, r->pos.rules, problems);
    for (int i = 0; i < n; i++) {
        junqi_loc loc = info->setup_loc;
        if (loc.offset >= 0 && problems[i].row > 0)
            loc.offset += (problems[i].row - 1) * 5 + problems[i].col - 1;
        junqi_diags_add(r->diags, problems[i].code, -1, loc, "%s's setup: %s",
                        _(junqi_seat_name((junqi_seat)s)), problems[i].message);
    }
}

/* A seat whose setup the record does not give (a one-seat view of a dark
 * game): 25 unknown pieces on its arm's stations and headquarters. */
static void place_unknown(junqi_position *pos, int s)
{
    uint8_t layout[6][5];
    for (int row = 1; row <= 6; row++)
        for (int col = 1; col <= 5; col++)
            layout[row - 1][col - 1] = junqi_arm_point_kind(row, col) == JUNQI_CAMP ? JUNQI_NONE : JUNQI_UNKNOWN;
    junqi_position_place_setup(pos, (junqi_seat)s, layout);
}

bool junqi_replay_start(junqi_replay *r, const junqi_game *g, const junqi_rules *rules,
                        junqi_diags *d)
{
    memset(r, 0, sizeof *r);
    r->game = g;
    r->diags = d;
    r->last_move = (junqi_move){JUNQI_NO_POINT, JUNQI_NO_POINT};
    r->last_shown = JUNQI_NO_POINT;
    if (junqi_rules_flip(g->rules)) { /* flip games replay in flip_replay.h */
        junqi_diags_add(d, JUNQI_CODE_BAD_RULES, -1, JUNQI_NOWHERE, "a flip game replays under flip rule sets only");
        return false;
    }
    if (rules && junqi_rules_flip(rules)) {
        junqi_diags_add(d, JUNQI_CODE_BAD_RULES, -1, JUNQI_NOWHERE,
                        "a flip rule set does not replay a formation game's record");
        return false;
    }
    const junqi_rules *rs = rules ? rules : g->rules;
    if (rs->board != g->board) {
        junqi_diags_add(d, JUNQI_CODE_BAD_RULES, -1, JUNQI_NOWHERE,
                        "rule set '%s' is for the %s board, and the record is a %s game", rs->text,
                        _(junqi_board_kind_name(rs->board)), _(junqi_board_kind_name(g->board)));
        return false;
    }
    const junqi_board *b = junqi_rules_board(rs);
    unsigned present = junqi_game_present(g);
    if (present & ~b->seats) {
        junqi_diags_add(d, JUNQI_CODE_BAD_SEAT, -1, JUNQI_NOWHERE,
                        "a seat takes part that has no arm on the %s board", _(b->name));
        return false;
    }
    /* two seats are always enemies, three or four make two teams: a game
     * needs two seats (docs/rules.md), or it never ends */
    unsigned seats = g->start ? g->start->present : present;
    if (__builtin_popcount(seats) < 2) {
        int s = seats ? __builtin_ctz(seats) : -1;
        const char *why = s >= 0 ? _("only one seat takes part: a game needs two sides")
                                 : _("no seat takes part: a game needs two sides");
        junqi_diags_add(d, JUNQI_CODE_ONE_SIDE, -1, s >= 0 && !g->start ? g->seat[s].setup_loc : JUNQI_NOWHERE,
                        "%s", why);
        return false;
    }
    if (g->start) {
        r->pos = *g->start;
        if (rules)
            r->pos.rules = rules;
        /* a set position at the no-combat limit of the rules it is replayed
         * under (--rules may lower it) is drawn, not a live game */
        int limit = r->pos.rules->no_combat_draw;
        if (limit && r->pos.quiet >= limit && !junqi_position_over(&r->pos))
            junqi_position_end(&r->pos, JUNQI_DRAWN, JUNQI_REASON_NO_COMBAT_DRAW, 0);
        return true;
    }
    junqi_position_init(&r->pos, b, rs, present);
    if (g->first != JUNQI_NO_SEAT && (r->pos.alive & JUNQI_SEAT_BIT(g->first)))
        junqi_position_set_turn(&r->pos, g->first);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!g->seat[s].present)
            continue;
        if (!g->seat[s].setup_known) {
            place_unknown(&r->pos, s);
            continue;
        }
        junqi_position_place_setup(&r->pos, (junqi_seat)s, g->seat[s].setup);
        if (d)
            check_setup(r, s);
    }
    return true;
}

/* The point of seat s's flag, or JUNQI_NO_POINT. */
static int flag_point(const junqi_position *pos, int s)
{
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] == JUNQI_CELL(s, JUNQI_FLAG))
            return p;
    return JUNQI_NO_POINT;
}

/* In a one-seat record, a shown flag turns an unknown piece into a flag
 * (a complete record has none: nothing changes). */
static void reveal_flags(junqi_replay *r, const junqi_item *it)
{
    for (int k = 0; k < 2; k++) {
        int p = it->flag_shown[k];
        uint8_t c = p == JUNQI_NO_POINT ? 0 : r->pos.cell[p];
        if (c && JUNQI_CELL_PIECE(c) == JUNQI_UNKNOWN)
            junqi_position_put(&r->pos, p, JUNQI_CELL(JUNQI_CELL_SEAT(c), JUNQI_FLAG));
    }
}

/* In a one-seat record, what the record knows must agree with the flags it
 * shows: a shown flag stands on an unknown piece or a known flag, never on
 * an empty point or a known other piece, and a known marshal that died
 * (seat `dead`, or -1) shows its seat's flag. */
static void check_shown_flags(junqi_replay *r, const junqi_item *it, int dead)
{
    const junqi_board *b = r->pos.board;
    char sq[4], seat[16];
    for (int k = 0; k < 2; k++) {
        int p = it->flag_shown[k];
        uint8_t c = p == JUNQI_NO_POINT ? JUNQI_CELL(0, JUNQI_FLAG) : r->pos.cell[p];
        if (!c)
            report(r, JUNQI_CODE_FLAG_SHOWN, it, "the record shows a flag at %s, an empty point",
                   junqi_square_name(b, p, sq));
        else if (JUNQI_CELL_PIECE(c) != JUNQI_UNKNOWN && JUNQI_CELL_PIECE(c) != JUNQI_FLAG)
            report(r, JUNQI_CODE_FLAG_SHOWN, it, "the record shows a flag at %s, where %s's %s stands",
                   junqi_square_name(b, p, sq), _(junqi_seat_name(JUNQI_CELL_SEAT(c))),
                   _(junqi_piece_words(JUNQI_CELL_PIECE(c))));
    }
    int want = dead >= 0 ? flag_point(&r->pos, dead) : JUNQI_NO_POINT;
    if (want != JUNQI_NO_POINT && it->flag_shown[0] != want && it->flag_shown[1] != want) {
        snprintf(seat, sizeof seat, "%s", _(junqi_seat_name((junqi_seat)dead)));
        report(r, JUNQI_CODE_FLAG_SHOWN, it, "%s's marshal dies, and the record does not show %s's "
               "flag at %s", seat, seat, junqi_square_name(b, want, sq));
    }
}

/* The flags at the two squares sq (JUNQI_NO_POINT: none) as a message says
 * them, into buf (n bytes): "no flag", "the flag at a8", "the flags at a8
 * and q8". */
static const char *flags_text(const junqi_board *b, const uint8_t sq[2], char *buf, size_t n)
{
    char s0[8], s1[8];
    const uint8_t *one = sq[0] != JUNQI_NO_POINT ? &sq[0] : &sq[1];
    if (*one == JUNQI_NO_POINT)
        snprintf(buf, n, "%s", _("no flag"));
    else if (sq[0] == JUNQI_NO_POINT || sq[1] == JUNQI_NO_POINT)
        snprintf(buf, n, _("the flag at %s"), junqi_square_name(b, *one, s0));
    else
        snprintf(buf, n, _("the flags at %s and %s"), junqi_square_name(b, sq[0], s0),
                 junqi_square_name(b, sq[1], s1));
    return buf;
}

/* Marshal deaths and the flags they reveal (rules.md: an information rule):
 * the record must show exactly the flags of the seats whose marshal died. */
static void check_marshals(junqi_replay *r, const junqi_item *it, uint8_t a, uint8_t d,
                           junqi_outcome o)
{
    if (JUNQI_CELL_PIECE(a) == JUNQI_UNKNOWN || (d && JUNQI_CELL_PIECE(d) == JUNQI_UNKNOWN)) {
        /* a one-seat record: the flags shown are what it learns, checked
         * against what it knows (the seat's own pieces) */
        int dead = -1;
        if (JUNQI_CELL_PIECE(a) == JUNQI_MARSHAL && (o == JUNQI_ATTACKER_LOSES || o == JUNQI_BOTH_REMOVED))
            dead = JUNQI_CELL_SEAT(a);
        else if (JUNQI_CELL_PIECE(d) == JUNQI_MARSHAL && (o == JUNQI_ATTACKER_WINS || o == JUNQI_BOTH_REMOVED))
            dead = JUNQI_CELL_SEAT(d);
        check_shown_flags(r, it, dead);
        reveal_flags(r, it);
        return;
    }
    /* both pieces known: a complete record, or a one-seat record that was
     * shown them (engineer_scout, reveal_on_combat), which still learns the
     * flags from the record */
    reveal_flags(r, it);
    bool attacker_died = JUNQI_CELL_PIECE(a) == JUNQI_MARSHAL &&
                         (o == JUNQI_ATTACKER_LOSES || o == JUNQI_BOTH_REMOVED);
    bool defender_died = d && JUNQI_CELL_PIECE(d) == JUNQI_MARSHAL &&
                         (o == JUNQI_ATTACKER_WINS || o == JUNQI_BOTH_REMOVED);
    if (it->defender_marshal_died >= 0 && (it->defender_marshal_died != 0) != defender_died)
        report(r, JUNQI_CODE_MARSHAL_DEATH, it,
               defender_died ? "the defending marshal dies, but the record does not mark it"
                             : "the record marks the defender's marshal as dead, but it did not die");
    int want[2] = {attacker_died ? flag_point(&r->pos, JUNQI_CELL_SEAT(a)) : JUNQI_NO_POINT,
                   defender_died ? flag_point(&r->pos, JUNQI_CELL_SEAT(d)) : JUNQI_NO_POINT};
    const uint8_t *got = it->flag_shown;
    bool same = (want[0] == got[0] && want[1] == got[1]) || (want[0] == got[1] && want[1] == got[0]);
    if (same)
        return;
    char shown[64], revealed[64];
    const uint8_t due[2] = {(uint8_t)want[0], (uint8_t)want[1]};
    report(r, JUNQI_CODE_FLAG_SHOWN, it, "the record shows %s, but the marshals that died show %s",
           flags_text(r->pos.board, got, shown, sizeof shown),
           flags_text(r->pos.board, due, revealed, sizeof revealed));
}

static void check_next_seat(junqi_replay *r, const junqi_item *it, int want)
{
    if (it->next_seat == JUNQI_NO_SEAT || it->next_seat == want)
        return;
    report(r, JUNQI_CODE_NEXT_SEAT, it, "the record says %s moves next, but it is %s's turn",
           _(junqi_seat_name(it->next_seat)), _(junqi_seat_name(want)));
}

/* The outcome to apply: the recorded one, checked against the rules. */
static junqi_outcome move_outcome(junqi_replay *r, const junqi_item *it, uint8_t a, uint8_t d)
{
    junqi_outcome rule = junqi_move_outcome(&r->pos, it->move);
    if (!it->outcome_known)
        return rule;
    junqi_outcome said = (junqi_outcome)it->outcome;
    bool derivable = d && JUNQI_CELL_PIECE(a) != JUNQI_UNKNOWN && JUNQI_CELL_PIECE(d) != JUNQI_UNKNOWN;
    if (!d && said != JUNQI_NO_COMBAT) {
        report(r, JUNQI_CODE_WRONG_OUTCOME, it,
               "the record gives the combat result '%s', but the target point is empty",
               _(junqi_outcome_name(said)));
        return JUNQI_NO_COMBAT;
    }
    if (d && said == JUNQI_NO_COMBAT) {
        report(r, JUNQI_CODE_WRONG_OUTCOME, it,
               "the record gives no combat result, but the %s attacks %s's %s",
               _(junqi_piece_words(JUNQI_CELL_PIECE(a))), _(junqi_seat_name(JUNQI_CELL_SEAT(d))),
               _(junqi_piece_words(JUNQI_CELL_PIECE(d))));
        return rule;
    }
    if (derivable && said != rule) {
        char move[8];
        report(r, JUNQI_CODE_WRONG_OUTCOME, it,
               "%s: the record says '%s', but when %s attacks %s the rules say '%s'",
               junqi_item_move_text(r->pos.board, it, move), _(junqi_outcome_name(said)),
               _(junqi_piece_a(JUNQI_CELL_PIECE(a))), _(junqi_piece_a(JUNQI_CELL_PIECE(d))),
               _(junqi_outcome_name(rule)));
    }
    return said;
}

/* Shown identities (engineer_scout, reveal_on_combat; docs/variants.md). An
 * attack shows, to every seat, the piece that stays on the target: the
 * defender when the attacker loses (reveal_on_combat=defender or both; an
 * engineer's losing attack under engineer_scout), the attacker when it wins
 * (reveal_on_combat=both); a piece already shown is not shown again. */
typedef struct shown_rule {
    bool shows;  /* the rules show the piece that stays */
    bool maybe;  /* they may: the attacker is unknown and may be an engineer */
    int piece;   /* what stays (JUNQI_UNKNOWN in a record that cannot see it) */
} shown_rule;

static shown_rule rule_shown(const junqi_replay *r, junqi_move m, uint8_t a, uint8_t d,
                             junqi_outcome o)
{
    const junqi_rules *rules = r->pos.rules;
    bool loses = o == JUNQI_ATTACKER_LOSES, wins = o == JUNQI_ATTACKER_WINS && d;
    shown_rule s = {false, false, JUNQI_CELL_PIECE(loses ? d : a)};
    if ((loses && r->shown[m.to]) || (wins && r->shown[m.from]) || !(loses || wins))
        return s;
    bool scout = loses && rules->engineer_scout;
    s.shows = (loses && rules->reveal_on_combat != JUNQI_REVEAL_NONE) ||
              (wins && rules->reveal_on_combat == JUNQI_REVEAL_BOTH) ||
              (scout && JUNQI_CELL_PIECE(a) == JUNQI_ENGINEER);
    s.maybe = !s.shows && scout && JUNQI_CELL_PIECE(a) == JUNQI_UNKNOWN;
    return s;
}

/* The identity move `it` shows, its shown: token checked against the rules:
 * JUNQI_NONE when it shows nothing, JUNQI_UNKNOWN when the record cannot tell. */
static int check_shown(junqi_replay *r, const junqi_item *it, uint8_t a, uint8_t d, junqi_outcome o)
{
    shown_rule s = rule_shown(r, it->move, a, d, o);
    char sq[4], at[4];
    const junqi_board *b = r->pos.board;
    junqi_square_name(b, it->move.to, sq);
    if (!it->shown_piece) {
        if (s.shows && s.piece == JUNQI_UNKNOWN)
            report(r, JUNQI_CODE_SHOWN, it, "the rules show the piece that stays on %s to every seat, "
                   "but the record does not say which it is (shown:%s:SYMBOL)", sq, sq);
        return s.shows ? s.piece : JUNQI_NONE;
    }
    const char *shown = _(junqi_piece_a((junqi_piece)it->shown_piece));
    if (it->shown_point != it->move.to)
        report(r, JUNQI_CODE_SHOWN, it, "the record shows %s on %s, but a move shows only the "
               "piece that stays on its target, %s", shown, junqi_square_name(b, it->shown_point, at), sq);
    else if (!s.shows && !s.maybe)
        report(r, JUNQI_CODE_SHOWN, it, "the record shows %s on %s, but under %s this move shows "
               "nothing", shown, sq, r->pos.rules->text);
    else if (s.piece != JUNQI_UNKNOWN && s.piece != it->shown_piece)
        report(r, JUNQI_CODE_SHOWN, it, "the record shows %s on %s, but the piece there is %s",
               shown, sq, _(junqi_piece_a((junqi_piece)s.piece)));
    else
        return it->shown_piece;
    return s.shows ? s.piece : JUNQI_NONE;
}

/* After move m (outcome o): shown pieces carry their mark along, and the
 * piece on the target is marked when the move showed `piece` (an unknown
 * piece of a one-seat record takes that identity). */
static void follow_shown(junqi_replay *r, junqi_move m, junqi_outcome o, int piece)
{
    uint8_t moving = r->shown[m.from];
    r->shown[m.from] = 0;
    if (o == JUNQI_NO_COMBAT || o == JUNQI_ATTACKER_WINS)
        r->shown[m.to] = moving;
    else if (o == JUNQI_BOTH_REMOVED)
        r->shown[m.to] = 0;
    r->last_shown = JUNQI_NO_POINT;
    uint8_t c = r->pos.cell[m.to];
    if (piece == JUNQI_NONE || !c)
        return;
    r->shown[m.to] = 1;
    r->last_shown = m.to;
    if (piece != JUNQI_UNKNOWN && JUNQI_CELL_PIECE(c) == JUNQI_UNKNOWN)
        junqi_position_put(&r->pos, m.to, JUNQI_CELL(JUNQI_CELL_SEAT(c), piece));
}

void junqi_replay_view(const junqi_replay *r, int seat, junqi_position *out)
{
    junqi_position_view(out, &r->pos, seat, (junqi_info_mode)r->pos.rules->info);
    for (int p = 0; p < r->pos.board->npoints; p++)
        if (r->shown[p] && r->pos.cell[p])
            out->cell[p] = r->pos.cell[p];
    out->hash = junqi_position_hash(out);
}

void junqi_replay_note_checks_stopped(junqi_diags *d, const junqi_game *g, size_t next, int move,
                                      junqi_loc loc)
{
    size_t later = 0;
    for (size_t i = next; i < g->main.nitems; i++)
        later += g->main.items[i].kind == JUNQI_ITEM_MOVE;
    if (d && later)
        junqi_diags_add(d, JUNQI_CODE_CHECKS_STOPPED, move, loc,
                        P_("the replay cannot go on from an illegal move: the game's %zu later move is not checked",
                           "the replay cannot go on from an illegal move: the game's %zu later moves are not checked",
                           later),
                        later);
}

/* After an illegal move the replay goes on from a position the game never
 * had: checking on would only report what follows from the first problem
 * (a cascade), so the checks of the game end there, with a note. */
static void stop_checks(junqi_replay *r, const junqi_item *it)
{
    int move = (int)(junqi_game_first_number(r->game) + r->moves);
    junqi_replay_note_checks_stopped(r->diags, r->game, r->item, move, it->loc);
    r->diags = NULL;
}

static void apply_move(junqi_replay *r, const junqi_item *it)
{
    junqi_position *pos = &r->pos;
    junqi_move m = it->move;
    uint8_t a = pos->cell[m.from], d = pos->cell[m.to];
    junqi_move_check check;
    char text[200];
    if (r->diags && junqi_check_move(pos, m, &check) != JUNQI_LEGAL) {
        report(r, junqi_illegal_code(check.code), it, "%s",
               junqi_describe_illegal(pos, m, &check, text, sizeof text));
        r->illegal = r->moves + 1;
        stop_checks(r, it);
    }
    if (junqi_position_over(pos)) {
        r->moves++;
        return; /* after the end: not part of the game (the problem is reported) */
    }
    if (!a) {
        r->moves++;
        pos->moves++; /* skipped, but counted: the positions keep the record's ply numbers */
        return; /* nothing to apply: the problem is reported */
    }
    int mover = JUNQI_CELL_SEAT(a);
    if (it->seat != JUNQI_NO_SEAT && it->seat != mover)
        report(r, JUNQI_CODE_WRONG_MOVER, it, "the record says %s moves, but the piece on the from-point is %s's",
               _(junqi_seat_name(it->seat)), _(junqi_seat_name(mover)));
    junqi_outcome o = move_outcome(r, it, a, d);
    check_marshals(r, it, a, d, o);
    check_next_seat(r, it, junqi_position_next_seat(pos, (junqi_seat)mover, pos->alive));
    int shown = check_shown(r, it, a, d, o);
    junqi_undo u;
    junqi_make_outcome(pos, m, o, &u);
    follow_shown(r, m, (junqi_outcome)u.outcome, shown);
    r->moves++;
    r->last_move = m;
    r->last_captured = o == JUNQI_ATTACKER_LOSES ? 0 : d;
    r->last_outcome = (uint8_t)u.outcome;
}

static bool seat_in_game(junqi_replay *r, const junqi_item *it)
{
    if (it->seat < JUNQI_SEATS && (r->pos.present & JUNQI_SEAT_BIT(it->seat)))
        return true;
    report(r, JUNQI_CODE_BAD_SEAT, it, "the event concerns %s, which is not in the game",
           _(junqi_seat_name(it->seat < JUNQI_SEATS ? it->seat : JUNQI_NO_SEAT)));
    return false;
}

static void apply_timeout(junqi_replay *r, const junqi_item *it)
{
    if (!seat_in_game(r, it))
        return;
    int s = it->seat;
    r->timeouts[s]++;
    if (s != r->pos.to_move)
        report(r, JUNQI_CODE_TIMEOUT_SEAT, it, "%s times out, but it is %s's turn",
               _(junqi_seat_name(s)), _(junqi_seat_name(r->pos.to_move)));
    if (it->count && it->count != r->timeouts[s])
        report(r, JUNQI_CODE_TIMEOUT_COUNT, it,
               P_("the record counts %d timeout for %s, the replay %d",
                  "the record counts %d timeouts for %s, the replay %d", (unsigned long)it->count),
               it->count, _(junqi_seat_name(s)), r->timeouts[s]);
    int limit = r->pos.rules->timeouts;
    if (limit && r->timeouts[s] >= limit)
        report(r, JUNQI_CODE_TIMEOUT_LIMIT, it,
               "this is %s's timeout number %d, and under timeouts=%d the timeout that reaches the "
               "limit eliminates the seat (eliminated:%s:timeouts)", _(junqi_seat_name(s)),
               r->timeouts[s], limit, junqi_seat_name(s));
    junqi_undo u;
    if (s == r->pos.to_move)
        junqi_position_pass(&r->pos, &u);
    check_next_seat(r, it, r->pos.to_move);
}

static bool has_unknown(const junqi_position *pos, int s)
{
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] == JUNQI_CELL(s, JUNQI_UNKNOWN))
            return true;
    return false;
}

/* Does the recorded reason for an elimination agree with the position? */
static void check_elimination_reason(junqi_replay *r, const junqi_item *it)
{
    const junqi_position *pos = &r->pos;
    int s = it->seat;
    bool alive = pos->alive & JUNQI_SEAT_BIT(s);
    switch (it->reason) {
    case JUNQI_REASON_FLAG_CAPTURED:
        /* in a one-seat record the captured piece may have been unknown */
        if (alive && r->last_captured == JUNQI_CELL(s, JUNQI_UNKNOWN))
            return;
        if (alive || pos->out_reason[s] != JUNQI_REASON_FLAG_CAPTURED)
            report(r, JUNQI_CODE_ELIMINATION_REASON, it,
                   "%s is eliminated for a captured flag, but its flag was not captured",
                   _(junqi_seat_name(s)));
        return;
    case JUNQI_REASON_NO_MOVABLE_PIECE:
        if (alive && !has_unknown(pos, s) && junqi_seat_can_move(pos, s, pos->rules->no_move_check_camps))
            report(r, JUNQI_CODE_ELIMINATION_REASON, it,
                   "%s is eliminated for having no movable piece, but it can still move",
                   _(junqi_seat_name(s)));
        return;
    case JUNQI_REASON_TIMEOUTS: {
        /* the elimination stands for the last timeout itself (QQ data: the fifth) */
        int limit = pos->rules->timeouts;
        if (!limit)
            report(r, JUNQI_CODE_ELIMINATION_REASON, it, "%s is eliminated for timeouts, but under "
                   "%s timeouts never eliminate a seat (timeouts=off)", _(junqi_seat_name(s)),
                   pos->rules->text);
        else if (r->timeouts[s] + 1 < limit)
            report(r, JUNQI_CODE_FEW_TIMEOUTS, it,
                   "%s is eliminated for timeouts after %d of them, and under timeouts=%d it takes %d",
                   _(junqi_seat_name(s)), r->timeouts[s] + 1, limit, limit);
        return;
    }
    case JUNQI_REASON_UNKNOWN_CODE:
        report(r, JUNQI_CODE_UNKNOWN_CODE, it,
               "%s is eliminated with the unknown reason code %d", _(junqi_seat_name(s)), it->code);
        return;
    default:
        return;
    }
}

static void apply_elimination(junqi_replay *r, const junqi_item *it)
{
    if (!seat_in_game(r, it))
        return;
    junqi_reason reason = it->kind == JUNQI_ITEM_LEFT ? JUNQI_REASON_LEFT : (junqi_reason)it->reason;
    if (it->kind == JUNQI_ITEM_ELIMINATED)
        check_elimination_reason(r, it);
    bool was_alive = r->pos.alive & JUNQI_SEAT_BIT(it->seat);
    /* QQ records a departure after a seat's elimination too: only a second
     * elimination is odd */
    if (!was_alive && it->kind == JUNQI_ITEM_ELIMINATED && it->reason != JUNQI_REASON_FLAG_CAPTURED)
        report(r, JUNQI_CODE_ALREADY_OUT, it, "%s is already out of the game",
               _(junqi_seat_name(it->seat)));
    else if (it->kind == JUNQI_ITEM_LEFT && (r->left & JUNQI_SEAT_BIT(it->seat)))
        report(r, JUNQI_CODE_ALREADY_OUT, it, "%s has left the game already", _(junqi_seat_name(it->seat)));
    if (it->kind == JUNQI_ITEM_LEFT)
        r->left |= JUNQI_SEAT_BIT(it->seat);
    junqi_undo u;
    bool over = junqi_position_over(&r->pos);
    junqi_position_eliminate(&r->pos, (junqi_seat)it->seat, reason, &u);
    /* an elimination that decides the game for a platform code we do not
     * know: the result keeps that code (docs/jgn.md, Termination unknown_code:N) */
    if (!over && junqi_position_over(&r->pos) && reason == JUNQI_REASON_UNKNOWN_CODE)
        r->pos.result.code = it->code;
    check_next_seat(r, it, r->pos.to_move);
}

/* The end: decided if one side is left; else a draw if the record says so or
 * the no-combat limit was reached; else undecided (docs/qq-format.md). */
/* A record that states the winner or a draw must agree with the replay. */
static void check_end_claim(junqi_replay *r, const junqi_item *it)
{
    const junqi_result *res = &r->pos.result;
    bool wrong_winner = it->winners && (res->status != JUNQI_DECIDED || res->winners != it->winners);
    bool wrong_draw = it->status == JUNQI_DRAWN && res->status == JUNQI_DECIDED;
    if (wrong_winner || wrong_draw) {
        junqi_result said = {it->status, it->winners, 0, 0};
        report(r, JUNQI_CODE_RESULT_MISMATCH, it, "the record gives the result %s, the replay %s",
               _(junqi_result_text(&said, r->pos.present)), _(junqi_result_text(res, r->pos.present)));
    }
}

static void apply_end(junqi_replay *r, const junqi_item *it)
{
    junqi_position *pos = &r->pos;
    if (pos->result.status == JUNQI_DECIDED || pos->result.status == JUNQI_DRAWN) {
        check_end_claim(r, it);
        return;
    }
    int limit = pos->rules->no_combat_draw;
    if (limit && pos->quiet >= limit)
        junqi_position_end(pos, JUNQI_DRAWN, JUNQI_REASON_NO_COMBAT_DRAW, it->code);
    else if (it->status == JUNQI_DRAWN)
        junqi_position_end(pos, JUNQI_DRAWN,
                           it->reason ? (junqi_reason)it->reason : JUNQI_REASON_AGREED_DRAW,
                           it->code);
    else {
        junqi_reason reason = (junqi_reason)it->reason;
        if (it->status == JUNQI_DECIDED && !it->winners) {
            report(r, JUNQI_CODE_END_NOT_DECIDED, it,
                   "the record says the game was decided, but both sides still have seats in it");
            reason = JUNQI_REASON_UNKNOWN_CODE;
        }
        if (reason == JUNQI_REASON_UNKNOWN_CODE)
            report(r, JUNQI_CODE_UNKNOWN_CODE, it,
                   "the game ends with the unknown end code %d: no winner, no draw", it->code);
        junqi_position_end(pos, JUNQI_UNDECIDED, reason, it->code);
    }
    check_end_claim(r, it);
}

bool junqi_replay_next(junqi_replay *r)
{
    if (r->item >= r->game->main.nitems)
        return false;
    const junqi_item *it = &r->game->main.items[r->item++];
    switch (it->kind) {
    case JUNQI_ITEM_MOVE: apply_move(r, it); break;
    case JUNQI_ITEM_TIMEOUT: apply_timeout(r, it); break;
    case JUNQI_ITEM_ELIMINATED:
    case JUNQI_ITEM_LEFT: apply_elimination(r, it); break;
    case JUNQI_ITEM_END: apply_end(r, it); break;
    default:
        report(r, JUNQI_CODE_BAD_ITEM, it, "unknown item kind %d", it->kind);
    }
    return true;
}

void junqi_replay_seek(junqi_replay *r, size_t ply)
{
    if (ply < r->moves) /* restart; its problems were reported the first time */
        junqi_replay_start(r, r->game, r->pos.rules, NULL);
    while (r->moves < ply && junqi_replay_next(r))
        ;
    while (r->item < r->game->main.nitems && r->game->main.items[r->item].kind != JUNQI_ITEM_MOVE)
        junqi_replay_next(r);
}

void junqi_replay_run(junqi_replay *r)
{
    while (junqi_replay_next(r))
        ;
}

void junqi_game_settle(junqi_game *g)
{
    if (junqi_rules_flip(g->rules)) {
        junqi_flip_game_settle(g);
        return;
    }
    junqi_replay r;
    if (!junqi_replay_start(&r, g, NULL, NULL))
        return;
    size_t over = SIZE_MAX; /* the items after which the game was over */
    for (size_t i = 0; i < g->main.nitems; i++) {
        junqi_item *it = &g->main.items[i];
        uint8_t c = it->kind == JUNQI_ITEM_MOVE ? r.pos.cell[it->move.from] : 0;
        if (c)
            it->seat = (uint8_t)JUNQI_CELL_SEAT(c);
        junqi_replay_next(&r);
        if (over == SIZE_MAX && junqi_position_over(&r.pos))
            over = i + 1;
        uint8_t shown = it->kind == JUNQI_ITEM_MOVE && r.last_shown == it->move.to ? r.pos.cell[it->move.to] : 0;
        if (shown && JUNQI_CELL_PIECE(shown) != JUNQI_UNKNOWN) {
            it->shown_piece = (uint8_t)JUNQI_CELL_PIECE(shown);
            it->shown_point = it->move.to;
        }
        if (it->kind == JUNQI_ITEM_END) {
            it->status = r.pos.result.status;
            it->winners = r.pos.result.winners;
            it->reason = r.pos.result.reason;
            it->code = r.pos.result.code;
        }
    }
    if (junqi_position_over(&r.pos) && junqi_game_ends_as_replayed(g, over))
        g->result = r.pos.result;
    junqi_score_set_tag(g); /* out of memory only leaves the tag out */
}
