/* SPDX-License-Identifier: MIT */
/*
 * flip.c - flip positions: init, hash, make and unmake, the colour rules and
 * the end rules. See flip.h; the rules are docs/variants.md §3-§5.
 */
#include "flip.h"
#include "i18n.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "rng.h"

/* ---- Zobrist keys ---- */

#define KEY_POINTS 64 /* the two-player board has 60 points */

static uint64_t key_cell[128][KEY_POINTS];
static uint64_t key_load[128][KEY_POINTS];
static uint64_t key_turn[JUNQI_SEATS + 1];
static uint64_t key_colour[3];            /* south's colour */
static uint64_t key_first[JUNQI_SEATS + 1][3];
static uint64_t key_last[2][3];           /* south's and north's latest flip colour */
static uint64_t key_last_flipper[JUNQI_SEATS + 1];
static uint64_t key_mines[2][4];          /* landmines removed, by colour */
static pthread_once_t keys_once = PTHREAD_ONCE_INIT;

static void fill_keys(uint64_t *keys, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        keys[i] = junqi_splitmix64(state);
}

static void init_keys(void)
{
    uint64_t state = 0x464C4950ull; /* "FLIP" */
    fill_keys(&key_cell[0][0], sizeof key_cell / sizeof key_cell[0][0], &state);
    fill_keys(&key_load[0][0], sizeof key_load / sizeof key_load[0][0], &state);
    memset(key_cell[0], 0, sizeof key_cell[0]); /* an empty point adds nothing */
    memset(key_load[0], 0, sizeof key_load[0]);
    fill_keys(key_turn, sizeof key_turn / sizeof key_turn[0], &state);
    fill_keys(key_colour, 3, &state);
    fill_keys(&key_first[0][0], sizeof key_first / sizeof key_first[0][0], &state);
    fill_keys(&key_last[0][0], sizeof key_last / sizeof key_last[0][0], &state);
    fill_keys(key_last_flipper, sizeof key_last_flipper / sizeof key_last_flipper[0], &state);
    fill_keys(&key_mines[0][0], sizeof key_mines / sizeof key_mines[0][0], &state);
}

static inline int seat_index(int s)
{
    return s < JUNQI_SEATS ? s : JUNQI_SEATS;
}

/* The hash of the state struct's part: turn, colours, colour memory, mines. */
static uint64_t state_key(const junqi_flip_state *st)
{
    return key_turn[seat_index(st->to_move)] ^ key_colour[st->colour[JUNQI_SOUTH]] ^
           key_first[seat_index(st->first_flipper)][st->first_colour] ^
           key_last[0][st->last_colour[JUNQI_SOUTH]] ^ key_last[1][st->last_colour[JUNQI_NORTH]] ^
           key_last_flipper[seat_index(st->last_flipper)] ^
           key_mines[0][st->removed[JUNQI_RED][JUNQI_LANDMINE] & 3] ^
           key_mines[1][st->removed[JUNQI_BLUE][JUNQI_LANDMINE] & 3];
}

uint64_t junqi_flip_hash(const junqi_flip *pos)
{
    uint64_t h = state_key(&pos->st);
    for (int p = 0; p < pos->board->npoints; p++)
        h ^= key_cell[pos->cell[p] & 0x7F][p] ^ key_load[pos->load[p] & 0x7F][p];
    return h;
}

void junqi_flip_put(junqi_flip *pos, int p, uint8_t c, uint8_t l)
{
    pos->st.hash ^= key_cell[pos->cell[p] & 0x7F][p] ^ key_cell[c & 0x7F][p] ^
                    key_load[pos->load[p] & 0x7F][p] ^ key_load[l & 0x7F][p];
    pos->cell[p] = c;
    pos->load[p] = l;
}

/* ---- set-up ---- */

bool junqi_action_equal(junqi_action a, junqi_action b)
{
    return a.kind == b.kind && a.from == b.from && a.to == b.to && a.part == b.part &&
           a.drop == b.drop;
}

const char *junqi_colour_name(int colour)
{
    static const char *const names[] = {N_("red"), N_("blue"), N_("none")};
    return names[colour >= 0 && colour < 2 ? colour : 2];
}

int junqi_flip_load_symbols(uint8_t load, char out[8])
{
    int k = 0;
    for (int i = 0; i < JUNQI_LOAD_MINES(load); i++)
        out[k++] = 'L';
    for (int i = 0; i < JUNQI_LOAD_BOMBS(load) && k < 5; i++)
        out[k++] = 'B';
    if (load & JUNQI_LOAD_FLAG)
        out[k++] = 'F';
    out[k] = '\0';
    return k;
}

const char *junqi_flip_outcome_name(int outcome)
{
    return outcome == JUNQI_ABSORBS ? N_("absorbs") : junqi_outcome_name((junqi_outcome)outcome);
}

void junqi_flip_clear(junqi_flip *pos, const junqi_rules *r)
{
    pthread_once(&keys_once, init_keys);
    memset(pos, 0, sizeof *pos);
    pos->board = junqi_board_get(JUNQI_TWO_PLAYER);
    pos->rules = r;
    junqi_flip_state *st = &pos->st;
    st->to_move = (uint8_t)(r->first_seat == JUNQI_NORTH ? JUNQI_NORTH : JUNQI_SOUTH);
    memset(st->colour, JUNQI_NO_COLOUR, sizeof st->colour);
    memset(st->last_colour, JUNQI_NO_COLOUR, sizeof st->last_colour);
    st->first_flipper = st->last_flipper = JUNQI_NO_SEAT;
    st->first_colour = JUNQI_NO_COLOUR;
    if (r->colour_assign == JUNQI_COLOUR_FIXED) {
        st->colour[JUNQI_SOUTH] = JUNQI_RED;
        st->colour[JUNQI_NORTH] = JUNQI_BLUE;
    }
    st->hash = junqi_flip_hash(pos);
}

/* Count what the board shows of each colour and kind: face-up pieces with
 * their loads and lying flags in up[][], face-down ones in down[][] (colour
 * 2: unknown) by kind (JUNQI_UNKNOWN: not known). */
static void count_board(const junqi_flip *pos, int up[2][JUNQI_PIECE_KINDS], int down[3][JUNQI_PIECE_KINDS])
{
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p], l = pos->load[p];
        if (!c)
            continue;
        int colour = junqi_flip_colour(c), piece = junqi_flip_piece(c);
        if (junqi_flip_down(c)) {
            down[colour][piece]++;
        } else {
            up[colour][piece]++;
            int carried = piece == JUNQI_LANDMINE || piece == JUNQI_FLAG ? colour : colour ^ 1;
            up[carried][JUNQI_LANDMINE] += JUNQI_LOAD_MINES(l);
            up[carried][JUNQI_BOMB] += JUNQI_LOAD_BOMBS(l);
            up[carried][JUNQI_FLAG] += (l & JUNQI_LOAD_FLAG) != 0;
        }
        if (l & JUNQI_LOAD_GROUND)
            up[(l & JUNQI_LOAD_GROUND_BLUE) ? JUNQI_BLUE : JUNQI_RED][JUNQI_FLAG]++;
    }
}

bool junqi_flip_settle(junqi_flip *pos)
{
    junqi_flip_state *st = &pos->st;
    int up[2][JUNQI_PIECE_KINDS] = {{0}}, down[3][JUNQI_PIECE_KINDS] = {{0}}, total = 0, cells = 0;
    count_board(pos, up, down);
    for (int colour = 0; colour < 2; colour++) {
        int pooled = 0, backs = 0;
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++) {
            int left = junqi_piece_count((junqi_piece)k) - up[colour][k] - st->removed[colour][k];
            if (left < down[colour][k]) /* more than the army, or face-down ones it lacks */
                return false;
            st->pool[colour][k] = (uint8_t)left;
            pooled += left;
            backs += down[colour][k];
        }
        backs += down[colour][JUNQI_UNKNOWN];
        if (pooled < backs)
            return false;
        total += pooled;
        cells += backs;
    }
    for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
        cells += down[JUNQI_NO_COLOUR][k];
    if (total != cells) /* the face-down pieces are what is neither face up nor removed */
        return false;
    st->down = (uint8_t)cells;
    st->hash = junqi_flip_hash(pos);
    return true;
}

bool junqi_flip_army_problem(const junqi_flip *pos, char *msg, size_t n)
{
    int up[2][JUNQI_PIECE_KINDS] = {{0}}, down[3][JUNQI_PIECE_KINDS] = {{0}}, unknown_colour = 0;
    count_board(pos, up, down);
    for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
        unknown_colour += down[JUNQI_NO_COLOUR][k];
    msg[0] = '\0';
    for (int colour = 0; colour < 2; colour++)
        for (int k = JUNQI_MARSHAL; k >= JUNQI_FLAG; k--) {
            int have = up[colour][k] + down[colour][k] + pos->st.removed[colour][k];
            int want = junqi_piece_count((junqi_piece)k);
            bool may_hide = unknown_colour || down[colour][JUNQI_UNKNOWN]; /* a short kind may be face down */
            if (have > want || (have < want && !may_hide)) {
                snprintf(msg, n, _("%s's %s: %d, where an army has %d"), _(junqi_colour_name(colour)),
                         _(junqi_piece_words((junqi_piece)k)), have, want);
                return true;
            }
        }
    return false;
}

void junqi_flip_init(junqi_flip *pos, const junqi_rules *r, const uint8_t *deal)
{
    junqi_flip_clear(pos, r);
    const junqi_board *b = pos->board;
    uint8_t unknown = JUNQI_FLIP_CELL(JUNQI_NO_COLOUR, JUNQI_UNKNOWN) | JUNQI_FLIP_DOWN;
    for (int p = 0; p < b->npoints; p++) {
        uint8_t c = deal ? deal[p] : b->point[p].kind == JUNQI_CAMP ? 0 : unknown;
        pos->cell[p] = c ? (uint8_t)(c | JUNQI_FLIP_DOWN) : 0;
    }
    junqi_flip_settle(pos);
}

void junqi_flip_set_turn(junqi_flip *pos, junqi_seat s)
{
    pos->st.hash ^= key_turn[seat_index(pos->st.to_move)] ^ key_turn[seat_index(s)];
    pos->st.to_move = (uint8_t)s;
}

int junqi_flip_seat_of(const junqi_flip *pos, int colour)
{
    if (colour >= 2)
        return JUNQI_NO_SEAT;
    if (pos->st.colour[JUNQI_SOUTH] == colour)
        return JUNQI_SOUTH;
    if (pos->st.colour[JUNQI_NORTH] == colour)
        return JUNQI_NORTH;
    return JUNQI_NO_SEAT;
}

bool junqi_flip_identities_known(const junqi_flip *pos)
{
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] && junqi_flip_piece(pos->cell[p]) == JUNQI_UNKNOWN)
            return false;
    return true;
}

void junqi_flip_view(junqi_flip *out, const junqi_flip *pos)
{
    if (out != pos)
        *out = *pos;
    for (int p = 0; p < out->board->npoints; p++) {
        uint8_t c = out->cell[p];
        if (!junqi_flip_down(c))
            continue;
        int colour = out->rules->backs_show_colour ? junqi_flip_colour(c) : JUNQI_NO_COLOUR;
        out->cell[p] = JUNQI_FLIP_CELL(colour, JUNQI_UNKNOWN) | JUNQI_FLIP_DOWN;
    }
    out->st.hash = junqi_flip_hash(out);
}

/* ---- the colour rules (§3 colour_assign, §5 items 5-6) ---- */

static void assign_colour(junqi_flip_state *st, int seat, int colour)
{
    st->colour[seat] = (uint8_t)colour;
    st->colour[junqi_flip_opponent(seat)] = (uint8_t)(colour ^ 1);
    /* the rule's memory is of no more use: clear it, so that equal positions are equal */
    st->first_flipper = st->last_flipper = JUNQI_NO_SEAT;
    st->first_colour = JUNQI_NO_COLOUR;
    memset(st->last_colour, JUNQI_NO_COLOUR, sizeof st->last_colour);
}

/* Does the flip by `seat` of a piece of colour c and kind k assign colours? */
static bool rule_fires(const junqi_flip *pos, int seat, int c, int k)
{
    const junqi_flip_state *st = &pos->st;
    switch (pos->rules->colour_assign) {
    case JUNQI_COLOUR_FIRST_ENGINEER: return k == JUNQI_ENGINEER;
    case JUNQI_COLOUR_TWO_IN_A_ROW: return st->last_colour[seat] == c;
    case JUNQI_COLOUR_SAME_AS_PREVIOUS:
        return st->last_flipper != JUNQI_NO_SEAT && st->last_colour[st->last_flipper] == c;
    case JUNQI_COLOUR_FIRST_FLIP: return true;
    default: return false;
    }
}

/* Seat `seat` flipped a piece of colour c and kind k: returns the seat that
 * took its colour (the colour event's), or JUNQI_NO_SEAT. */
static int colour_rule(junqi_flip *pos, int seat, int c, int k)
{
    junqi_flip_state *st = &pos->st;
    if (st->colour[seat] != JUNQI_NO_COLOUR)
        return JUNQI_NO_SEAT;
    if (rule_fires(pos, seat, c, k)) {
        assign_colour(st, seat, c);
        return seat;
    }
    if (st->first_flipper == JUNQI_NO_SEAT) {
        st->first_flipper = (uint8_t)seat;
        st->first_colour = (uint8_t)c;
    }
    st->last_colour[seat] = (uint8_t)c;
    st->last_flipper = (uint8_t)seat;
    if (st->down > 0)
        return JUNQI_NO_SEAT;
    /* all face up and still no colour: the first flipper takes its first flip's */
    int first = st->first_flipper;
    assign_colour(st, first, st->first_colour);
    return first;
}

/* ---- make ---- */

static void turn_up(junqi_flip *pos, int p, uint8_t shown)
{
    uint8_t id = shown ? (uint8_t)(shown & 0x3F) : junqi_flip_up(pos->cell[p]);
    junqi_flip_state *st = &pos->st;
    st->pool[junqi_flip_colour(id)][junqi_flip_piece(id)]--;
    st->down--;
    junqi_flip_put(pos, p, id, pos->load[p]);
}

static void remove_piece(junqi_flip *pos, uint8_t c)
{
    pos->st.removed[junqi_flip_colour(c)][junqi_flip_piece(c)]++;
}

/* A lone flag cell of colour c, and ground-flag load bits for it. */
static uint8_t flag_cell(int c)
{
    return JUNQI_FLIP_CELL(c, JUNQI_FLAG);
}

static uint8_t ground_bits(int c)
{
    return (uint8_t)(JUNQI_LOAD_GROUND | (c == JUNQI_BLUE ? JUNQI_LOAD_GROUND_BLUE : 0));
}

/* A flag the load holds (carried or lying), as ground bits for whoever stands there next. */
static uint8_t flag_left_by(uint8_t cell, uint8_t load)
{
    if (load & JUNQI_LOAD_GROUND)
        return load & (JUNQI_LOAD_GROUND | JUNQI_LOAD_GROUND_BLUE);
    if (load & JUNQI_LOAD_FLAG)
        return ground_bits(junqi_flip_colour(cell) ^ 1);
    return 0;
}

/* A point whose piece is gone: a flag it held stays there alone. */
static void vacate(junqi_flip *pos, int p, uint8_t flag_bits)
{
    if (flag_bits)
        junqi_flip_put(pos, p, flag_cell((flag_bits & JUNQI_LOAD_GROUND_BLUE) ? JUNQI_BLUE : JUNQI_RED), 0);
    else
        junqi_flip_put(pos, p, 0, 0);
}

/* The outcome of face-up att attacking face-up d (standard frame). */
static junqi_outcome outcome_of(const junqi_flip *pos, uint8_t att, uint8_t d)
{
    const junqi_rules *r = pos->rules;
    if (junqi_flip_piece(d) == JUNQI_FLAG && r->flag_win != JUNQI_FLAG_NO_WIN &&
        !junqi_flip_may_take_flag(pos, att, junqi_flip_colour(d), NULL))
        return JUNQI_NO_COMBAT; /* a revealed flag it may not take: it bounces (flip.h) */
    return junqi_combat(r, (junqi_piece)junqi_flip_piece(att), (junqi_piece)junqi_flip_piece(d));
}

junqi_outcome junqi_flip_outcome(const junqi_flip *pos, junqi_action a, uint8_t shown)
{
    uint8_t d = pos->cell[a.to];
    if (!d)
        return JUNQI_NO_COMBAT;
    if (junqi_flip_down(d))
        d = shown ? shown : junqi_flip_up(d);
    if (pos->rules->combine) {
        int o = junqi_zuhe_outcome(pos, a);
        return (junqi_outcome)(o < 0 ? JUNQI_NO_COMBAT : o);
    }
    return outcome_of(pos, pos->cell[a.from], d);
}

/* The combat of a move onto an occupied point, whose outcome o was found
 * before anything moved; returns JUNQI_DID_* bits. */
static int combat(junqi_flip *pos, junqi_action a, uint8_t att, uint8_t d, uint8_t ld, junqi_outcome o,
                  junqi_flip_undo *u)
{
    u->outcome = (uint8_t)o;
    bool flag = junqi_flip_piece(d) == JUNQI_FLAG && pos->rules->flag_win != JUNQI_FLAG_NO_WIN;
    switch (o) {
    case JUNQI_NO_COMBAT: /* the bounce: the attacker stays, with what it carried */
        junqi_flip_put(pos, a.from, att, u->load[0]);
        return 0;
    case JUNQI_ATTACKER_WINS:
        remove_piece(pos, d);
        if (flag && pos->rules->flag_win == JUNQI_FLAG_CARRY_HOME) {
            pos->st.removed[junqi_flip_colour(d)][JUNQI_FLAG]--; /* carried, not removed */
            junqi_flip_put(pos, a.to, att, JUNQI_LOAD_FLAG);
            return JUNQI_DID_REMOVE;
        }
        junqi_flip_put(pos, a.to, att, flag_left_by(d, ld));
        return JUNQI_DID_REMOVE | (flag ? JUNQI_DID_TAKE_FLAG : 0);
    case JUNQI_ATTACKER_LOSES:
        remove_piece(pos, att);
        return JUNQI_DID_REMOVE;
    default: /* both removed */
        remove_piece(pos, att);
        remove_piece(pos, d);
        vacate(pos, a.to, flag_left_by(d, ld));
        return JUNQI_DID_REMOVE | (flag ? JUNQI_DID_TAKE_FLAG : 0);
    }
}

/* A move of the standard frame (everything but zuhe). Returns JUNQI_DID_* bits. */
static int apply_move(junqi_flip *pos, junqi_action a, uint8_t shown, junqi_flip_undo *u)
{
    uint8_t att = pos->cell[a.from], la = pos->load[a.from], d = pos->cell[a.to], ld = pos->load[a.to];
    uint8_t carried = la & JUNQI_LOAD_FLAG, left = la & (JUNQI_LOAD_GROUND | JUNQI_LOAD_GROUND_BLUE);
    if (d && junqi_flip_down(d)) { /* attack_face_down=reveal */
        turn_up(pos, a.to, shown);
        d = u->shown = pos->cell[a.to];
    }
    junqi_outcome o = d ? outcome_of(pos, att, d) : JUNQI_NO_COMBAT; /* before anything moves */
    if (carried && (a.drop || d)) { /* set down on the point it leaves */
        left = ground_bits(junqi_flip_colour(att) ^ 1);
        carried = 0;
    }
    vacate(pos, a.from, left);
    if (!d) {
        junqi_flip_put(pos, a.to, att, carried);
        return 0;
    }
    return combat(pos, a, att, d, ld, o, u);
}

/* carry_home: the flag is on one of the mover's own headquarters. */
static bool carried_home(const junqi_flip *pos, junqi_action a, int mover)
{
    const junqi_point *pt = &pos->board->point[a.to];
    return pos->rules->flag_win == JUNQI_FLAG_CARRY_HOME && (pos->load[a.to] & JUNQI_LOAD_FLAG) &&
           pt->kind == JUNQI_HEADQUARTERS && pt->arm == mover;
}

static void finish(junqi_flip_state *st, junqi_status status, unsigned winners, junqi_reason reason)
{
    st->result = (junqi_result){(uint8_t)status, (uint8_t)winners, (uint8_t)reason, 0};
    st->to_move = JUNQI_NO_SEAT;
}

/* The end rules in the order of §5 item 2, after `mover`'s action. */
static void end_rules(junqi_flip *pos, int mover, int did)
{
    junqi_flip_state *st = &pos->st;
    const junqi_rules *r = pos->rules;
    int next = junqi_flip_opponent(mover);
    if (did & JUNQI_DID_TAKE_FLAG) {
        finish(st, JUNQI_DECIDED, JUNQI_SEAT_BIT(mover), JUNQI_REASON_FLAG_CAPTURED);
        return;
    }
    if (did & (JUNQI_DID_REMOVE | JUNQI_DID_CHANGE_GROUPS)) {
        bool lost[2];
        for (int c = 0; c < 2; c++)
            lost[c] = junqi_flip_all_movable_lost(pos, c);
        if (lost[0] && lost[1]) {
            finish(st, JUNQI_DRAWN, 0, JUNQI_REASON_ALL_MOVABLE_LOST);
            return;
        }
        for (int c = 0; c < 2; c++)
            if (lost[c] && junqi_flip_seat_of(pos, c) != JUNQI_NO_SEAT) {
                int loser = junqi_flip_seat_of(pos, c);
                finish(st, JUNQI_DECIDED, JUNQI_SEAT_BIT(junqi_flip_opponent(loser)),
                       JUNQI_REASON_ALL_MOVABLE_LOST);
                return;
            }
    }
    if (r->no_combat_draw && st->quiet >= r->no_combat_draw) {
        finish(st, JUNQI_DRAWN, 0, JUNQI_REASON_NO_COMBAT_DRAW);
        return;
    }
    if (r->move_limit && st->moves >= (uint32_t)r->move_limit) {
        finish(st, JUNQI_DRAWN, 0, JUNQI_REASON_PLY_LIMIT);
        return;
    }
    st->to_move = (uint8_t)next;
    if (st->down == 0 && !junqi_flip_can_act(pos, next))
        finish(st, JUNQI_DECIDED, JUNQI_SEAT_BIT(mover), JUNQI_REASON_NO_MOVABLE_PIECE);
}

void junqi_flip_make(junqi_flip *pos, junqi_action a, uint8_t shown, junqi_flip_undo *u)
{
    junqi_flip_state *st = &pos->st;
    u->action = a;
    u->st = *st;
    u->point[0] = a.from;
    u->point[1] = a.kind == JUNQI_ACT_FLIP ? JUNQI_NO_POINT : a.to;
    u->cell[0] = pos->cell[a.from];
    u->load[0] = pos->load[a.from];
    u->cell[1] = pos->cell[a.to];
    u->load[1] = pos->load[a.to];
    u->outcome = JUNQI_NO_COMBAT;
    u->shown = 0;
    u->taker = JUNQI_NO_SEAT;
    int mover = st->to_move, did = 0;
    st->hash ^= state_key(st);
    if (a.kind == JUNQI_ACT_FLIP) {
        turn_up(pos, a.from, shown);
        u->shown = pos->cell[a.from];
        u->taker = (uint8_t)colour_rule(pos, mover, junqi_flip_colour(u->shown), junqi_flip_piece(u->shown));
    } else if (pos->rules->combine) {
        did = junqi_zuhe_apply(pos, a, u);
    } else {
        did = apply_move(pos, a, shown, u);
        if (carried_home(pos, a, mover))
            did |= JUNQI_DID_TAKE_FLAG;
    }
    st->moves++;
    st->quiet = junqi_quiet_after(st->quiet, did & JUNQI_DID_REMOVE);
    end_rules(pos, mover, did);
    st->hash ^= state_key(st);
}

void junqi_flip_unmake(junqi_flip *pos, const junqi_flip_undo *u)
{
    for (int i = 1; i >= 0; i--)
        if (u->point[i] != JUNQI_NO_POINT) {
            pos->cell[u->point[i]] = u->cell[i];
            pos->load[u->point[i]] = u->load[i];
        }
    pos->st = u->st;
}

static void save_plain(const junqi_flip *pos, junqi_flip_undo *u)
{
    memset(u, 0, sizeof *u);
    u->point[0] = u->point[1] = JUNQI_NO_POINT;
    u->taker = JUNQI_NO_SEAT;
    u->st = pos->st;
}

void junqi_flip_pass(junqi_flip *pos, junqi_flip_undo *u)
{
    save_plain(pos, u);
    if (!junqi_flip_over(pos))
        junqi_flip_set_turn(pos, (junqi_seat)junqi_flip_opponent(pos->st.to_move));
}

void junqi_flip_end(junqi_flip *pos, junqi_status status, unsigned winners, junqi_reason reason,
                    junqi_flip_undo *u)
{
    save_plain(pos, u);
    pos->st.hash ^= state_key(&pos->st);
    finish(&pos->st, status, status == JUNQI_DECIDED ? winners : 0, reason);
    pos->st.hash ^= state_key(&pos->st);
}

/* ---- the end rules' questions ---- */

bool junqi_flip_flag_moves(const junqi_flip *pos, int colour)
{
    return pos->rules->flag_moves && colour < 2 &&
           pos->st.removed[colour ^ 1][JUNQI_LANDMINE] >= junqi_piece_count(JUNQI_LANDMINE);
}

/* Does a face-up leader cell count as a movable piece of its colour? */
static bool movable_leader(const junqi_flip *pos, uint8_t c)
{
    int k = junqi_flip_piece(c);
    if (k == JUNQI_FLAG)
        return junqi_flip_flag_moves(pos, junqi_flip_colour(c));
    return k != JUNQI_LANDMINE && k != JUNQI_NONE && k != JUNQI_UNKNOWN;
}

bool junqi_flip_all_movable_lost(const junqi_flip *pos, int colour)
{
    const junqi_flip_state *st = &pos->st;
    for (int k = JUNQI_BOMB; k <= JUNQI_MARSHAL; k++)
        if (st->pool[colour][k])
            return false;
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        if (c && !junqi_flip_down(c) && junqi_flip_colour(c) == colour && movable_leader(pos, c))
            return false;
    }
    return true;
}
