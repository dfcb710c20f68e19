/* SPDX-License-Identifier: MIT */
/*
 * movegen.c - move generation and move checking. See movegen.h.
 */
#include "movegen.h"

#include "i18n.h"

#include <stdio.h>
#include <string.h>

/* What a seat may move onto: a point is a target when empty, or holding a
 * piece of another side (and, in a camp, only when camps are attackable).
 * The rule set's movement switches are copied in once per call. */
typedef struct gen_ctx {
    const junqi_position *pos;
    const junqi_board *b;
    unsigned friends;      /* seat mask of the mover's side */
    bool camps_attackable;
    junqi_move *out;
    int n;
    int rail_mode;         /* a junqi_rail_mode */
    bool bomb_flies;       /* bomb_moves=engineer */
    bool hq_locks;
    bool switched;         /* some movement switch is not the shared rule's */
} gen_ctx;

static gen_ctx make_ctx(const junqi_position *pos, int s, bool camps_attackable, junqi_move *moves)
{
    const junqi_rules *r = pos->rules;
    bool flies = r->bomb_moves == JUNQI_BOMB_MOVES_ENGINEER;
    return (gen_ctx){pos, pos->board, pos->side[s], camps_attackable, moves, 0, r->rail_mode,
                     flies, r->hq_locks != 0,
                     flies || r->rail_mode != JUNQI_RAIL_STRAIGHT || pos->board->mountains};
}

static inline bool is_enemy(const gen_ctx *g, uint8_t c)
{
    return !((g->friends >> JUNQI_CELL_SEAT(c)) & 1);
}

static inline void add(gen_ctx *g, int from, int to)
{
    g->out[g->n++] = (junqi_move){(uint8_t)from, (uint8_t)to};
}

static inline void gen_road(gen_ctx *g, int p)
{
    const uint8_t *cell = g->pos->cell;
    for (int i = 0; i < g->b->nroad[p]; i++) {
        int q = g->b->road[p][i];
        uint8_t c = cell[q];
        if (!c || (is_enemy(g, c) && (g->camps_attackable || g->b->point[q].kind != JUNQI_CAMP)))
            add(g, p, q);
    }
}

/* Non-engineer: walk the run tree (board.h); an occupied point ends its branch. */
static inline void gen_rail_runs(gen_ctx *g, int p)
{
    const uint8_t *cell = g->pos->cell;
    const junqi_run_node *run = g->b->run;
    for (int i = g->b->run_start[p], end = g->b->run_start[p + 1]; i < end;) {
        int q = run[i].point;
        uint8_t c = cell[q];
        if (!c) {
            add(g, p, q);
            i++;
        } else {
            if (is_enemy(g, c))
                add(g, p, q);
            i += run[i].skip;
        }
    }
}

/* Engineer: breadth-first over empty railway points, turning freely. An
 * occupied point ends a path; an enemy there is a target. */
static void gen_rail_engineer(gen_ctx *g, int p)
{
    const uint8_t *cell = g->pos->cell;
    uint8_t seen[JUNQI_MAX_POINTS], queue[JUNQI_MAX_POINTS];
    memset(seen, 0, (size_t)g->b->npoints);
    int head = 0, tail = 0;
    queue[tail++] = (uint8_t)p;
    seen[p] = 1;
    while (head < tail) {
        int x = queue[head++];
        for (int i = 0; i < g->b->nrail[x]; i++) {
            int y = g->b->rail[x][i];
            if (seen[y])
                continue;
            seen[y] = 1;
            uint8_t c = cell[y];
            if (!c) {
                add(g, p, y);
                queue[tail++] = (uint8_t)y;
            } else if (is_enemy(g, c)) {
                add(g, p, y);
            }
        }
    }
}

/* A railway walk with a budget (rail_mode=one_turn: any length, one turn;
 * three_steps: three edges, any turns): from the edge prev → cur, on to any
 * railway neighbour but back, a turn being an edge off the board's straight
 * lines (board.h `cont`), made on an empty point; never twice through a
 * point (on_path, where the piece's own point counts). Each target is added
 * once (added). */
typedef struct rail_walk {
    gen_ctx *g;
    int from;
    uint8_t on_path[JUNQI_MAX_POINTS], added[JUNQI_MAX_POINTS];
} rail_walk;

static void walk_rail(rail_walk *w, int prev, int cur, int steps, int turns)
{
    gen_ctx *g = w->g;
    const junqi_board *b = g->b;
    uint8_t c = g->pos->cell[cur];
    if (!w->added[cur] && (!c || is_enemy(g, c))) {
        w->added[cur] = 1;
        add(g, w->from, cur);
    }
    if (c || steps == 0)
        return;
    w->on_path[cur] = 1;
    int in = 0;
    while (b->rail[cur][in] != prev)
        in++;
    for (int i = 0; i < b->nrail[cur]; i++) {
        int next = b->rail[cur][i];
        bool straight = false;
        for (int k = 0; k < b->ncont[cur][in]; k++)
            straight |= b->cont[cur][in][k] == next;
        if (next != prev && !w->on_path[next] && (straight || turns > 0))
            walk_rail(w, cur, next, steps - 1, turns - !straight);
    }
    w->on_path[cur] = 0;
}

/* The railway targets of the piece on p within `steps` edges and `turns` turns. */
static void gen_rail_walk(gen_ctx *g, int p, int steps, int turns)
{
    rail_walk w;
    w.g = g;
    w.from = p;
    memset(w.on_path, 0, (size_t)g->b->npoints);
    memset(w.added, 0, (size_t)g->b->npoints);
    w.on_path[p] = 1;
    for (int i = 0; i < g->b->nrail[p]; i++)
        walk_rail(&w, p, g->b->rail[p][i], steps - 1, turns);
}

/* Mountains (mountain=shelter): from a point of its ring a piece may step
 * into an empty mountain; from a mountain, onto an empty point of its ring.
 * Nothing in a mountain is attacked, and nothing attacks from one. */
static void gen_shelter(gen_ctx *g, int p)
{
    for (int i = 0; i < g->b->nshelter[p]; i++)
        if (!g->pos->cell[g->b->shelter[p][i]])
            add(g, p, g->b->shelter[p][i]);
}

/* An unknown piece (a seat's view) may be an engineer: it may move like one. */
static bool moves_like_engineer(int piece)
{
    return piece == JUNQI_ENGINEER || piece == JUNQI_UNKNOWN;
}

static bool piece_can_move(const junqi_position *pos, int p, bool hq_locks)
{
    return !junqi_piece_is_immobile(JUNQI_CELL_PIECE(pos->cell[p])) &&
           (pos->board->point[p].kind != JUNQI_HEADQUARTERS || !hq_locks);
}

/* The moves of the piece on p under the rules every named set shares: the
 * hot path of perft and the search, with no switch to test. */
static void gen_piece(gen_ctx *g, int p)
{
    gen_road(g, p);
    if (!g->b->point[p].railway)
        return;
    if (moves_like_engineer(JUNQI_CELL_PIECE(g->pos->cell[p])))
        gen_rail_engineer(g, p);
    else
        gen_rail_runs(g, p);
}

/* The moves of the piece on p under the movement switches. */
static void gen_piece_switched(gen_ctx *g, int p)
{
    gen_road(g, p);
    if (g->b->nshelter[p])
        gen_shelter(g, p);
    if (!g->b->point[p].railway)
        return;
    int piece = JUNQI_CELL_PIECE(g->pos->cell[p]);
    if (moves_like_engineer(piece) || (piece == JUNQI_BOMB && g->bomb_flies))
        gen_rail_engineer(g, p);
    else if (g->rail_mode == JUNQI_RAIL_STRAIGHT)
        gen_rail_runs(g, p);
    else if (g->rail_mode == JUNQI_RAIL_THREE_STEPS)
        gen_rail_walk(g, p, 3, JUNQI_MAX_POINTS);
    else
        gen_rail_walk(g, p, JUNQI_MAX_POINTS, 1);
}

/* Seat s's moves by piece generator `gen`, stopping after the first piece
 * with a move when `first`. Always inlined with a constant gen, so that the
 * loop calls it directly, with no test per piece. */
static inline __attribute__((always_inline)) int gen_seat(gen_ctx *g, int s, bool first,
                                                          void (*gen)(gen_ctx *, int))
{
    const junqi_position *pos = g->pos;
    bool hq_locks = g->hq_locks;
    for (int p = 0, n = pos->board->npoints; p < n && !(first && g->n); p++) {
        uint8_t c = pos->cell[p];
        if (c && JUNQI_CELL_SEAT(c) == s && piece_can_move(pos, p, hq_locks))
            gen(g, p);
    }
    return g->n;
}

int junqi_generate_seat_moves(const junqi_position *pos, int s, bool camps_attackable,
                              junqi_move *moves)
{
    gen_ctx g = make_ctx(pos, s, camps_attackable, moves);
    return g.switched ? gen_seat(&g, s, false, gen_piece_switched) : gen_seat(&g, s, false, gen_piece);
}

int junqi_generate_moves(const junqi_position *pos, junqi_move *moves)
{
    if (junqi_position_over(pos) || pos->to_move >= JUNQI_SEATS)
        return 0;
    return junqi_generate_seat_moves(pos, pos->to_move, false, moves);
}

bool junqi_seat_can_move(const junqi_position *pos, int s, bool camps_attackable)
{
    junqi_move moves[JUNQI_MAX_MOVES];
    gen_ctx g = make_ctx(pos, s, camps_attackable, moves);
    return (g.switched ? gen_seat(&g, s, true, gen_piece_switched) : gen_seat(&g, s, true, gen_piece)) > 0;
}

/* Is `child` a child of tree node i in from's run tree? Returns its index or -1. */
static int run_child(const junqi_board *b, int i, int child)
{
    int end = i + b->run[i].skip;
    for (int k = i + 1; k < end; k += b->run[k].skip)
        if (b->run[k].point == child)
            return k;
    return -1;
}

/* Walk from's run tree for `to`: JUNQI_LEGAL if reached through empty points,
 * JUNQI_ILLEGAL_RAIL_BLOCKED (with the blocker) if on a line but blocked, or
 * JUNQI_ILLEGAL_NOT_CONNECTED if no straight line leads there. */
static junqi_illegal check_run(const junqi_position *pos, int from, int to, uint8_t *at)
{
    const junqi_board *b = pos->board;
    for (int i = b->run_start[from], end = b->run_start[from + 1]; i < end; i++) {
        if (b->run[i].point != to)
            continue;
        /* found: find the path from the root down to node i, checking it is empty */
        int k = b->run_start[from];
        for (;;) {
            while (!(k <= i && i < k + b->run[k].skip))
                k += b->run[k].skip; /* next sibling */
            if (k == i)
                return JUNQI_LEGAL;
            if (pos->cell[b->run[k].point]) {
                *at = b->run[k].point;
                return JUNQI_ILLEGAL_RAIL_BLOCKED;
            }
            k++; /* first child */
        }
    }
    return JUNQI_ILLEGAL_NOT_CONNECTED;
}

/* Shortest railway path from `from` to `to` through empty points (to itself
 * may be occupied). Returns the path length in points (0: none). */
static int rail_path(const junqi_position *pos, int from, int to, uint8_t path[])
{
    const junqi_board *b = pos->board;
    uint8_t prev[JUNQI_MAX_POINTS], queue[JUNQI_MAX_POINTS];
    memset(prev, JUNQI_NO_POINT, sizeof prev);
    int head = 0, tail = 0;
    queue[tail++] = (uint8_t)from;
    prev[from] = (uint8_t)from;
    while (head < tail && prev[to] == JUNQI_NO_POINT) {
        int x = queue[head++];
        for (int i = 0; i < b->nrail[x]; i++) {
            int y = b->rail[x][i];
            if (prev[y] != JUNQI_NO_POINT)
                continue;
            prev[y] = (uint8_t)x;
            if (!pos->cell[y])
                queue[tail++] = (uint8_t)y;
        }
    }
    if (prev[to] == JUNQI_NO_POINT)
        return 0;
    int n = 0;
    for (int x = to; x != from; x = prev[x])
        path[n++] = (uint8_t)x;
    path[n++] = (uint8_t)from;
    for (int i = 0; i < n / 2; i++) {
        uint8_t t = path[i];
        path[i] = path[n - 1 - i];
        path[n - 1 - i] = t;
    }
    return n;
}

/* Where a railway path leaves from's straight lines: the turning point. */
static int turn_point(const junqi_board *b, const uint8_t *path, int n)
{
    int node = -1;
    for (int i = b->run_start[path[0]]; i < b->run_start[path[0] + 1]; i += b->run[i].skip)
        if (b->run[i].point == path[1])
            node = i;
    for (int k = 1; k + 1 < n && node >= 0; k++) {
        int child = run_child(b, node, path[k + 1]);
        if (child < 0)
            return path[k];
        node = child;
    }
    return JUNQI_NO_POINT;
}

/* A move into or out of a mountain: one step along a shelter edge, onto an
 * empty point (mountain=shelter, docs/variants.md). */
static junqi_illegal check_shelter(const junqi_position *pos, junqi_move m)
{
    const junqi_board *b = pos->board;
    if (!junqi_board_shelter_adjacent(b, m.from, m.to))
        return JUNQI_ILLEGAL_NOT_CONNECTED;
    if (!pos->cell[m.to])
        return JUNQI_LEGAL;
    return b->point[m.to].kind == JUNQI_MOUNTAIN ? JUNQI_ILLEGAL_MOUNTAIN_ATTACK
                                                 : JUNQI_ILLEGAL_FROM_MOUNTAIN;
}

/* rail_mode=one_turn: is `to` among the targets of the piece on `from`? */
static bool one_turn_reaches(const junqi_position *pos, int from, int to)
{
    junqi_move moves[JUNQI_MAX_MOVES];
    gen_ctx g = make_ctx(pos, JUNQI_CELL_SEAT(pos->cell[from]), false, moves);
    gen_rail_walk(&g, from, JUNQI_MAX_POINTS, 1);
    for (int i = 0; i < g.n; i++)
        if (moves[i].to == to)
            return true;
    return false;
}

/* A railway move of a non-engineer that is no single step, by rail_mode. */
static junqi_illegal check_rail_mode(const junqi_position *pos, junqi_move m, const uint8_t *path,
                                     int n, uint8_t *at)
{
    switch (pos->rules->rail_mode) {
    case JUNQI_RAIL_THREE_STEPS:
        return n == 0 ? JUNQI_ILLEGAL_RAIL_BLOCKED : n - 1 <= 3 ? JUNQI_LEGAL : JUNQI_ILLEGAL_RAIL_STEPS;
    case JUNQI_RAIL_ONE_TURN:
        return one_turn_reaches(pos, m.from, m.to) ? JUNQI_LEGAL
               : n == 0                            ? JUNQI_ILLEGAL_RAIL_BLOCKED
                                                   : JUNQI_ILLEGAL_RAIL_TURNS;
    default: break;
    }
    junqi_illegal straight = check_run(pos, m.from, m.to, at);
    if (straight != JUNQI_ILLEGAL_NOT_CONNECTED || n == 0)
        return straight;
    *at = (uint8_t)turn_point(pos->board, path, n);
    return JUNQI_ILLEGAL_RAIL_TURN;
}

static junqi_illegal check_reach(const junqi_position *pos, junqi_move m, uint8_t *at)
{
    const junqi_board *b = pos->board;
    if (b->point[m.from].kind == JUNQI_MOUNTAIN || b->point[m.to].kind == JUNQI_MOUNTAIN)
        return check_shelter(pos, m);
    if (junqi_board_road_adjacent(b, m.from, m.to) || junqi_board_rail_adjacent(b, m.from, m.to))
        return JUNQI_LEGAL;
    if (!b->point[m.from].railway || !b->point[m.to].railway)
        return JUNQI_ILLEGAL_NOT_CONNECTED;
    uint8_t path[JUNQI_MAX_POINTS];
    int n = rail_path(pos, m.from, m.to, path);
    int piece = JUNQI_CELL_PIECE(pos->cell[m.from]);
    if (moves_like_engineer(piece) ||
        (piece == JUNQI_BOMB && pos->rules->bomb_moves == JUNQI_BOMB_MOVES_ENGINEER))
        return n ? JUNQI_LEGAL : JUNQI_ILLEGAL_RAIL_BLOCKED;
    return check_rail_mode(pos, m, path, n, at);
}

junqi_illegal junqi_check_move(const junqi_position *pos, junqi_move m, junqi_move_check *check)
{
    junqi_move_check local;
    if (!check)
        check = &local;
    check->at = JUNQI_NO_POINT;
    uint8_t a = pos->cell[m.from], d = pos->cell[m.to];
    junqi_illegal code = JUNQI_LEGAL;
    if (junqi_position_over(pos))
        code = JUNQI_ILLEGAL_GAME_OVER;
    else if (!a)
        code = JUNQI_ILLEGAL_NO_PIECE;
    else if (JUNQI_CELL_SEAT(a) != pos->to_move)
        code = JUNQI_ILLEGAL_NOT_TURN;
    else if (junqi_piece_is_immobile(JUNQI_CELL_PIECE(a)))
        code = JUNQI_ILLEGAL_IMMOBILE;
    else if (pos->board->point[m.from].kind == JUNQI_HEADQUARTERS && pos->rules->hq_locks)
        code = JUNQI_ILLEGAL_HEADQUARTERS;
    else if (m.from == m.to)
        code = JUNQI_ILLEGAL_SAME_POINT;
    else if (d && JUNQI_CELL_SEAT(d) == JUNQI_CELL_SEAT(a))
        code = JUNQI_ILLEGAL_OWN_PIECE;
    else if (d && junqi_position_friendly(pos, JUNQI_CELL_SEAT(a), JUNQI_CELL_SEAT(d)))
        code = JUNQI_ILLEGAL_ALLY_PIECE;
    else if (d && pos->board->point[m.to].kind == JUNQI_CAMP)
        code = JUNQI_ILLEGAL_CAMP;
    else
        code = check_reach(pos, m, &check->at);
    check->code = code;
    return code;
}

char *junqi_describe_illegal(const junqi_position *pos, junqi_move m,
                             const junqi_move_check *check, char *buf, size_t n)
{
    const junqi_board *b = pos->board;
    char from[4], to[4], at[4];
    junqi_square_name(b, m.from, from);
    junqi_square_name(b, m.to, to);
    junqi_square_name(b, check->at, at);
    uint8_t a = pos->cell[m.from], d = pos->cell[m.to];
    const char *piece = _(junqi_piece_words(JUNQI_CELL_PIECE(a)));
    const char *a_piece = _(junqi_piece_a(JUNQI_CELL_PIECE(a)));
    const char *seat = _(junqi_seat_name(JUNQI_CELL_SEAT(a)));
    const char *target = _(junqi_piece_words(JUNQI_CELL_PIECE(d)));
    switch (check->code) {
    case JUNQI_LEGAL: snprintf(buf, n, _("%s-%s is legal"), from, to); break;
    case JUNQI_ILLEGAL_GAME_OVER: /* how it ended, when the position knows: a record may say otherwise */
        if (pos->result.reason != JUNQI_REASON_NONE)
            snprintf(buf, n, _("%s-%s is played after the game ended (%s)"), from, to,
                     _(junqi_reason_name((junqi_reason)pos->result.reason)));
        else
            snprintf(buf, n, _("%s-%s is played after the game ended"), from, to);
        break;
    case JUNQI_ILLEGAL_NO_PIECE: snprintf(buf, n, _("no piece stands on %s"), from); break;
    case JUNQI_ILLEGAL_NOT_TURN:
        snprintf(buf, n, _("%s's %s on %s moves, but it is %s's turn"), seat, piece, from,
                 _(junqi_seat_name(pos->to_move)));
        break;
    case JUNQI_ILLEGAL_IMMOBILE: snprintf(buf, n, _("%s never moves (%s-%s)"), a_piece, from, to); break;
    case JUNQI_ILLEGAL_HEADQUARTERS:
        snprintf(buf, n, _("%s on headquarters %s cannot move (%s-%s)"), piece, from, from, to); break;
    case JUNQI_ILLEGAL_SAME_POINT: snprintf(buf, n, _("%s-%s does not move"), from, to); break;
    case JUNQI_ILLEGAL_OWN_PIECE:
        snprintf(buf, n, _("%s on %s attacks its own %s on %s"), piece, from, target, to);
        break;
    case JUNQI_ILLEGAL_ALLY_PIECE:
        snprintf(buf, n, _("%s on %s attacks its ally %s's %s on %s"), piece, from,
                 _(junqi_seat_name(JUNQI_CELL_SEAT(d))), target, to);
        break;
    case JUNQI_ILLEGAL_CAMP:
        snprintf(buf, n, _("%s on %s attacks the %s in camp %s, which cannot be attacked"), piece,
                 from, target, to);
        break;
    case JUNQI_ILLEGAL_RAIL_TURN:
        snprintf(buf, n, _("%s cannot turn at %s on the way from %s to %s"), piece, at, from, to);
        break;
    case JUNQI_ILLEGAL_RAIL_BLOCKED:
        if (check->at != JUNQI_NO_POINT)
            snprintf(buf, n, _("%s cannot pass %s on the railway from %s to %s"), piece, at, from, to);
        else
            snprintf(buf, n, _("%s has no clear railway path from %s to %s"), piece, from, to);
        break;
    case JUNQI_ILLEGAL_NOT_CONNECTED:
        if (b->point[m.from].kind == JUNQI_MOUNTAIN || b->point[m.to].kind == JUNQI_MOUNTAIN)
            snprintf(buf, n, _("%s cannot go from %s to %s: a mountain is entered and left by one step "
                     "between it and a railway point round it"), piece, from, to);
        else
            snprintf(buf, n, _("%s cannot reach %s from %s: no road step and no railway line joins them"),
                     piece, to, from);
        break;
    case JUNQI_ILLEGAL_RAIL_STEPS: {
        uint8_t path[JUNQI_MAX_POINTS];
        snprintf(buf, n, _("%s may go at most three railway steps (rail_mode=three_steps): %s to %s "
                 "takes %d"), a_piece, from, to, rail_path(pos, m.from, m.to, path) - 1);
        break;
    }
    case JUNQI_ILLEGAL_RAIL_TURNS:
        snprintf(buf, n, _("%s may turn at most once on the railway (rail_mode=one_turn), and no such "
                 "path through empty points leads from %s to %s"), a_piece, from, to);
        break;
    case JUNQI_ILLEGAL_MOUNTAIN_ATTACK:
        snprintf(buf, n, _("%s on %s attacks %s's %s in mountain %s, which cannot be attacked"), piece,
                 from, _(junqi_seat_name(JUNQI_CELL_SEAT(d))), target, to);
        break;
    case JUNQI_ILLEGAL_FROM_MOUNTAIN:
        snprintf(buf, n, _("%s in mountain %s attacks %s on %s: a piece leaves a mountain only onto an "
                 "empty point"), piece, from, target, to);
        break;
    }
    return buf;
}

junqi_code junqi_illegal_code(junqi_illegal code)
{
    static const junqi_code codes[] = {
        [JUNQI_ILLEGAL_GAME_OVER] = JUNQI_CODE_AFTER_GAME_END,
        [JUNQI_ILLEGAL_NO_PIECE] = JUNQI_CODE_NO_PIECE,
        [JUNQI_ILLEGAL_NOT_TURN] = JUNQI_CODE_NOT_ITS_TURN,
        [JUNQI_ILLEGAL_IMMOBILE] = JUNQI_CODE_IMMOBILE_PIECE,
        [JUNQI_ILLEGAL_HEADQUARTERS] = JUNQI_CODE_HEADQUARTERS,
        [JUNQI_ILLEGAL_SAME_POINT] = JUNQI_CODE_NO_MOVE,
        [JUNQI_ILLEGAL_OWN_PIECE] = JUNQI_CODE_OWN_PIECE,
        [JUNQI_ILLEGAL_ALLY_PIECE] = JUNQI_CODE_ALLY_PIECE,
        [JUNQI_ILLEGAL_CAMP] = JUNQI_CODE_CAMP_ATTACK,
        [JUNQI_ILLEGAL_RAIL_TURN] = JUNQI_CODE_RAIL_TURN,
        [JUNQI_ILLEGAL_RAIL_BLOCKED] = JUNQI_CODE_RAIL_BLOCKED,
        [JUNQI_ILLEGAL_NOT_CONNECTED] = JUNQI_CODE_NOT_CONNECTED,
        [JUNQI_ILLEGAL_RAIL_STEPS] = JUNQI_CODE_RAIL_STEPS,
        [JUNQI_ILLEGAL_RAIL_TURNS] = JUNQI_CODE_RAIL_TURNS,
        [JUNQI_ILLEGAL_MOUNTAIN_ATTACK] = JUNQI_CODE_MOUNTAIN_ATTACK,
        [JUNQI_ILLEGAL_FROM_MOUNTAIN] = JUNQI_CODE_ATTACK_FROM_MOUNTAIN,
    };
    return code > JUNQI_LEGAL && code <= JUNQI_ILLEGAL_FROM_MOUNTAIN ? codes[code] : JUNQI_CODE_COUNT;
}

char *junqi_move_name(const junqi_board *b, junqi_move m, char buf[8])
{
    char from[4], to[4];
    junqi_square_name(b, m.from, from);
    junqi_square_name(b, m.to, to);
    size_t lf = strlen(from), lt = strlen(to);
    memcpy(buf, from, lf);
    if (m.from == m.to && m.from != JUNQI_NO_POINT) { /* a flip game's flip (flip.h) */
        memcpy(buf + lf, "^", 2);
        return buf;
    }
    buf[lf] = '-';
    memcpy(buf + lf + 1, to, lt + 1);
    return buf;
}

bool junqi_move_parse(const junqi_board *b, const char *text, size_t len, junqi_move *m)
{
    const char *dash = memchr(text, '-', len);
    if (!dash)
        return false;
    int from = junqi_square_parse(b, text, (int)(dash - text));
    int to = junqi_square_parse(b, dash + 1, (int)(len - (size_t)(dash - text) - 1));
    if (from < 0 || to < 0)
        return false;
    *m = (junqi_move){(uint8_t)from, (uint8_t)to};
    return true;
}
