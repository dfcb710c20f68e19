/* SPDX-License-Identifier: MIT */
/*
 * position.c - make, unmake, eliminations and results. See position.h.
 */
#include "position.h"

#include "i18n.h"

#include <pthread.h>
#include <string.h>

#include "rng.h"

/* Zobrist keys: one per (cell value, point) and one per seat to move. */
static uint64_t zobrist_cell[64][JUNQI_MAX_POINTS];
static uint64_t zobrist_turn[JUNQI_SEATS + 1];
static pthread_once_t zobrist_once = PTHREAD_ONCE_INIT;

static void init_zobrist(void)
{
    uint64_t state = 0x4A554E5149ull; /* "JUNQI" */
    for (int c = 0; c < 64; c++)
        for (int p = 0; p < JUNQI_MAX_POINTS; p++)
            zobrist_cell[c][p] = c ? junqi_splitmix64(&state) : 0;
    for (int s = 0; s <= JUNQI_SEATS; s++)
        zobrist_turn[s] = junqi_splitmix64(&state);
}

static inline uint64_t turn_key(int seat)
{
    return zobrist_turn[seat <= JUNQI_SEATS ? seat : JUNQI_SEATS];
}

int junqi_position_players(const junqi_position *pos)
{
    return __builtin_popcount(pos->present);
}

void junqi_position_init(junqi_position *pos, const junqi_board *b, const junqi_rules *r,
                         unsigned present)
{
    pthread_once(&zobrist_once, init_zobrist);
    memset(pos, 0, sizeof *pos);
    pos->board = b;
    pos->rules = r;
    pos->present = pos->alive = (uint8_t)(present & b->seats);
    bool teams = junqi_position_players(pos) != 2;
    for (int s = 0; s < JUNQI_SEATS; s++)
        pos->side[s] = (uint8_t)(JUNQI_SEAT_BIT(s) |
                                 (teams ? JUNQI_SEAT_BIT(junqi_seat_opposite((junqi_seat)s)) : 0));
    pos->to_move = JUNQI_NO_SEAT;
    if (pos->alive & JUNQI_SEAT_BIT(r->first_seat))
        pos->to_move = r->first_seat;
    else
        pos->to_move = junqi_position_next_seat(pos, r->first_seat, pos->alive);
    pos->hash = turn_key(pos->to_move);
}

void junqi_position_put(junqi_position *pos, int p, uint8_t c)
{
    pos->hash ^= zobrist_cell[pos->cell[p]][p] ^ zobrist_cell[c][p];
    pos->cell[p] = c;
}

void junqi_position_place_setup(junqi_position *pos, junqi_seat s, const uint8_t layout[6][5])
{
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 5; c++) {
            int p = pos->board->arm_point[s][r][c];
            junqi_position_put(pos, p, layout[r][c] ? JUNQI_CELL(s, layout[r][c]) : 0);
        }
}

junqi_seat junqi_position_next_seat(const junqi_position *pos, junqi_seat s, unsigned among)
{
    int step = pos->rules->turn_order == JUNQI_TURN_CCW ? 3 : 1;
    int seat = s & 3;
    for (int i = 0; i < JUNQI_SEATS; i++) {
        seat = (seat + step) & 3;
        if (among & JUNQI_SEAT_BIT(seat))
            return (junqi_seat)seat;
    }
    return JUNQI_NO_SEAT;
}

/* Number of sides with a seat still in the game. */
static int sides_alive(const junqi_position *pos, unsigned *some_side)
{
    int n = 0;
    unsigned counted = 0;
    for (int s = 0; s < JUNQI_SEATS; s++)
        if ((pos->alive & JUNQI_SEAT_BIT(s)) && !(counted & JUNQI_SEAT_BIT(s))) {
            counted |= pos->side[s];
            *some_side = pos->side[s] & pos->present;
            n++;
        }
    return n;
}

/* After a change of the alive set: decide the game if one side is left. */
static void check_decided(junqi_position *pos, junqi_reason reason)
{
    unsigned side = 0;
    if (pos->result.status == JUNQI_ONGOING && sides_alive(pos, &side) <= 1) {
        pos->result = (junqi_result){JUNQI_DECIDED, (uint8_t)side, (uint8_t)reason, 0};
        pos->hash ^= turn_key(pos->to_move) ^ turn_key(JUNQI_NO_SEAT);
        pos->to_move = JUNQI_NO_SEAT;
    }
}

static void set_turn(junqi_position *pos, int seat)
{
    pos->hash ^= turn_key(pos->to_move) ^ turn_key(seat);
    pos->to_move = (uint8_t)seat;
}

void junqi_position_set_turn(junqi_position *pos, junqi_seat s)
{
    set_turn(pos, s);
}

static void save_undo(const junqi_position *pos, junqi_move m, junqi_undo *u)
{
    u->move = m;
    u->moved = u->captured = 0;
    u->to_move = pos->to_move;
    u->alive = pos->alive;
    u->nsaved = pos->nsaved;
    u->outcome = JUNQI_NO_COMBAT;
    u->quiet = pos->quiet;
    u->hash = pos->hash;
    u->result = pos->result;
}

/* Remove seat s's army, keeping a snapshot for unmake. */
static void remove_army(junqi_position *pos, int s, junqi_reason reason)
{
    if (!(pos->alive & JUNQI_SEAT_BIT(s)))
        return;
    memcpy(pos->saved[pos->nsaved++], pos->cell, sizeof pos->cell);
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] && JUNQI_CELL_SEAT(pos->cell[p]) == s)
            junqi_position_put(pos, p, 0);
    pos->alive &= (uint8_t)~JUNQI_SEAT_BIT(s);
    pos->out_reason[s] = (uint8_t)reason;
}

junqi_outcome junqi_move_outcome(const junqi_position *pos, junqi_move m)
{
    uint8_t d = pos->cell[m.to];
    if (!d)
        return JUNQI_NO_COMBAT;
    return junqi_combat(pos->rules, JUNQI_CELL_PIECE(pos->cell[m.from]), JUNQI_CELL_PIECE(d));
}

void junqi_make(junqi_position *pos, junqi_move m, junqi_undo *u)
{
    junqi_make_outcome(pos, m, junqi_move_outcome(pos, m), u);
}

void junqi_make_outcome(junqi_position *pos, junqi_move m, junqi_outcome o, junqi_undo *u)
{
    uint8_t a = pos->cell[m.from], d = pos->cell[m.to];
    int mover = JUNQI_CELL_SEAT(a);
    save_undo(pos, m, u);
    u->moved = a;
    u->captured = d;
    if (!d)
        o = JUNQI_NO_COMBAT;
    u->outcome = (uint8_t)o;
    junqi_position_put(pos, m.from, 0);
    switch (o) {
    case JUNQI_NO_COMBAT:
    case JUNQI_ATTACKER_WINS: junqi_position_put(pos, m.to, a); break;
    case JUNQI_BOTH_REMOVED: junqi_position_put(pos, m.to, 0); break;
    case JUNQI_ATTACKER_LOSES: break;
    }
    pos->moves++;
    pos->quiet = junqi_quiet_after(pos->quiet, d);
    if (d && JUNQI_CELL_PIECE(d) == JUNQI_FLAG && o != JUNQI_ATTACKER_LOSES) {
        remove_army(pos, JUNQI_CELL_SEAT(d), JUNQI_REASON_FLAG_CAPTURED);
        check_decided(pos, JUNQI_REASON_FLAG_CAPTURED);
        if (junqi_position_over(pos))
            return;
    }
    if (pos->rules->no_combat_draw && pos->quiet >= pos->rules->no_combat_draw) {
        junqi_position_end(pos, JUNQI_DRAWN, JUNQI_REASON_NO_COMBAT_DRAW, 0);
        return;
    }
    set_turn(pos, junqi_position_next_seat(pos, (junqi_seat)mover, pos->alive));
}

void junqi_position_eliminate(junqi_position *pos, junqi_seat s, junqi_reason reason,
                              junqi_undo *u)
{
    save_undo(pos, (junqi_move){JUNQI_NO_POINT, JUNQI_NO_POINT}, u);
    if (!(pos->alive & JUNQI_SEAT_BIT(s)))
        return;
    remove_army(pos, s, reason);
    check_decided(pos, reason);
    if (!junqi_position_over(pos) && pos->to_move == s)
        set_turn(pos, junqi_position_next_seat(pos, s, pos->alive));
}

void junqi_position_pass(junqi_position *pos, junqi_undo *u)
{
    save_undo(pos, (junqi_move){JUNQI_NO_POINT, JUNQI_NO_POINT}, u);
    if (!junqi_position_over(pos))
        set_turn(pos, junqi_position_next_seat(pos, (junqi_seat)pos->to_move, pos->alive));
}

void junqi_unmake(junqi_position *pos, const junqi_undo *u)
{
    if (pos->nsaved > u->nsaved) {
        memcpy(pos->cell, pos->saved[u->nsaved], sizeof pos->cell);
        pos->nsaved = u->nsaved;
    }
    if (u->move.from != JUNQI_NO_POINT) {
        pos->cell[u->move.from] = u->moved;
        pos->cell[u->move.to] = u->captured;
        pos->moves--;
    }
    pos->to_move = u->to_move;
    pos->alive = u->alive;
    pos->quiet = u->quiet;
    pos->hash = u->hash;
    pos->result = u->result;
}

void junqi_position_end(junqi_position *pos, junqi_status status, junqi_reason reason,
                        uint8_t code)
{
    unsigned side = 0;
    if (status == JUNQI_DECIDED && sides_alive(pos, &side) != 1)
        status = JUNQI_UNDECIDED;
    pos->result = (junqi_result){(uint8_t)status, (uint8_t)(status == JUNQI_DECIDED ? side : 0),
                                 (uint8_t)reason, code};
    set_turn(pos, JUNQI_NO_SEAT);
}

bool junqi_position_shows(const junqi_position *pos, unsigned seats)
{
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        if (c && JUNQI_CELL_PIECE(c) == JUNQI_UNKNOWN && (seats & JUNQI_SEAT_BIT(JUNQI_CELL_SEAT(c))))
            return false;
    }
    return true;
}

bool junqi_position_complete(const junqi_position *pos)
{
    return junqi_position_shows(pos, 0xFu);
}

uint64_t junqi_position_hash(const junqi_position *pos)
{
    uint64_t h = turn_key(pos->to_move);
    for (int p = 0; p < pos->board->npoints; p++)
        h ^= zobrist_cell[pos->cell[p]][p];
    return h;
}

static const char *const reason_names[][2] = {
    [JUNQI_REASON_NONE] = {N_("none"), "none"},
    [JUNQI_REASON_FLAG_CAPTURED] = {N_("flag captured"), "flag_captured"},
    [JUNQI_REASON_NO_MOVABLE_PIECE] = {N_("no movable piece"), "no_movable_piece"},
    [JUNQI_REASON_TIMEOUTS] = {N_("too many timeouts"), "timeouts"},
    [JUNQI_REASON_SURRENDER] = {N_("surrender"), "surrender"},
    [JUNQI_REASON_LEFT] = {N_("left the game"), "left"},
    [JUNQI_REASON_NO_COMBAT_DRAW] = {N_("draw by the no-combat rule"), "no_combat_draw"},
    [JUNQI_REASON_AGREED_DRAW] = {N_("agreed draw"), "agreed_draw"},
    [JUNQI_REASON_FLED] = {N_("a seat fled"), "fled"},
    [JUNQI_REASON_UNKNOWN_CODE] = {N_("unknown code"), "unknown_code"},
    [JUNQI_REASON_PLY_LIMIT] = {N_("draw by the move limit"), "ply_limit"},
    [JUNQI_REASON_ALL_MOVABLE_LOST] = {N_("every movable piece lost"), "all_movable_lost"},
    [JUNQI_REASON_ADJUDICATED] = {N_("adjudicated"), "adjudicated"},
};

const char *junqi_reason_name(junqi_reason r)
{
    return reason_names[r < JUNQI_REASON_COUNT ? r : JUNQI_REASON_NONE][0];
}

const char *junqi_reason_id(junqi_reason r)
{
    return reason_names[r < JUNQI_REASON_COUNT ? r : JUNQI_REASON_NONE][1];
}

bool junqi_flag_revealed(const junqi_position *pos, int s)
{
    if (!pos->rules->marshal_death_reveals_flag || !(pos->alive & JUNQI_SEAT_BIT(s)))
        return false;
    bool hidden = false, flag = false;
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        if (!c || JUNQI_CELL_SEAT(c) != s)
            continue;
        if (JUNQI_CELL_PIECE(c) == JUNQI_MARSHAL)
            return false;
        hidden |= JUNQI_CELL_PIECE(c) == JUNQI_UNKNOWN;
        flag |= JUNQI_CELL_PIECE(c) == JUNQI_FLAG;
    }
    /* a seat seen from outside: its flag is shown only where the record
     * showed it (a flag:SQ event turns that unknown piece into the flag) */
    return hidden ? flag : true;
}

void junqi_position_view(junqi_position *out, const junqi_position *pos, int seat,
                         junqi_info_mode mode)
{
    *out = *pos;
    unsigned known = JUNQI_SEAT_BIT(seat);
    if (mode == JUNQI_OPEN)
        known = 0xF;
    else if (mode == JUNQI_DOUBLE_OPEN)
        known = pos->side[seat];
    bool revealed[JUNQI_SEATS];
    for (int s = 0; s < JUNQI_SEATS; s++)
        revealed[s] = junqi_flag_revealed(pos, s);
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        int s = JUNQI_CELL_SEAT(c);
        if (!c || (known & JUNQI_SEAT_BIT(s)) || (JUNQI_CELL_PIECE(c) == JUNQI_FLAG && revealed[s]))
            continue;
        out->cell[p] = JUNQI_CELL(s, JUNQI_UNKNOWN);
    }
    out->hash = junqi_position_hash(out);
}

const char *junqi_result_text(const junqi_result *r, unsigned present)
{
    switch (r->status) {
    case JUNQI_DRAWN: return N_("draw");
    case JUNQI_UNDECIDED: return N_("undecided");
    case JUNQI_DECIDED: break;
    default: return "*";
    }
    if (__builtin_popcount(present) == 2) {
        for (int s = 0; s < JUNQI_SEATS; s++)
            if (r->winners & JUNQI_SEAT_BIT(s))
                return junqi_seat_name((junqi_seat)s);
        return "*";
    }
    if (r->winners & (JUNQI_SEAT_BIT(JUNQI_NORTH) | JUNQI_SEAT_BIT(JUNQI_SOUTH)))
        return N_("north-south");
    return r->winners ? N_("east-west") : "*";
}

