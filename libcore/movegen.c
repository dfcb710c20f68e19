/* SPDX-License-Identifier: MIT */
/*
 * movegen.c - move generation and move checking. See movegen.h.
 */
#include "movegen.h"

#include <stdio.h>
#include <string.h>

/* What a seat may move onto: a point is a target when empty, or holding a
 * piece of another side (and, in a camp, only when camps are attackable). */
typedef struct gen_ctx {
    const junqi_position *pos;
    const junqi_board *b;
    unsigned friends;      /* seat mask of the mover's side */
    bool camps_attackable;
    junqi_move *out;
    int n;
} gen_ctx;

static inline bool is_enemy(const gen_ctx *g, uint8_t c)
{
    return !((g->friends >> JUNQI_CELL_SEAT(c)) & 1);
}

static inline void add(gen_ctx *g, int from, int to)
{
    g->out[g->n++] = (junqi_move){(uint8_t)from, (uint8_t)to};
}

static void gen_road(gen_ctx *g, int p)
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
static void gen_rail_runs(gen_ctx *g, int p)
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

/* Engineer: breadth-first over empty railway points, turning freely. */
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

/* An unknown piece (a seat's view) may be an engineer: it may move like one. */
static bool moves_like_engineer(int piece)
{
    return piece == JUNQI_ENGINEER || piece == JUNQI_UNKNOWN;
}

static bool piece_can_move(const junqi_position *pos, int p)
{
    return !junqi_piece_is_immobile(JUNQI_CELL_PIECE(pos->cell[p])) &&
           pos->board->point[p].kind != JUNQI_HEADQUARTERS;
}

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

int junqi_generate_seat_moves(const junqi_position *pos, int s, bool camps_attackable,
                              junqi_move *moves)
{
    gen_ctx g = {pos, pos->board, pos->side[s], camps_attackable, moves, 0};
    for (int p = 0; p < g.b->npoints; p++) {
        uint8_t c = pos->cell[p];
        if (c && JUNQI_CELL_SEAT(c) == s && piece_can_move(pos, p))
            gen_piece(&g, p);
    }
    return g.n;
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
    gen_ctx g = {pos, pos->board, pos->side[s], camps_attackable, moves, 0};
    for (int p = 0; p < g.b->npoints && g.n == 0; p++) {
        uint8_t c = pos->cell[p];
        if (c && JUNQI_CELL_SEAT(c) == s && piece_can_move(pos, p))
            gen_piece(&g, p);
    }
    return g.n > 0;
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

static junqi_illegal check_reach(const junqi_position *pos, junqi_move m, uint8_t *at)
{
    const junqi_board *b = pos->board;
    if (junqi_board_road_adjacent(b, m.from, m.to) || junqi_board_rail_adjacent(b, m.from, m.to))
        return JUNQI_LEGAL;
    if (!b->point[m.from].railway || !b->point[m.to].railway)
        return JUNQI_ILLEGAL_NOT_CONNECTED;
    uint8_t path[JUNQI_MAX_POINTS];
    int n = rail_path(pos, m.from, m.to, path);
    if (moves_like_engineer(JUNQI_CELL_PIECE(pos->cell[m.from])))
        return n ? JUNQI_LEGAL : JUNQI_ILLEGAL_RAIL_BLOCKED;
    junqi_illegal straight = check_run(pos, m.from, m.to, at);
    if (straight != JUNQI_ILLEGAL_NOT_CONNECTED || n == 0)
        return straight;
    *at = (uint8_t)turn_point(b, path, n);
    return JUNQI_ILLEGAL_RAIL_TURN;
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
    else if (pos->board->point[m.from].kind == JUNQI_HEADQUARTERS)
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
    const char *piece = junqi_piece_name(JUNQI_CELL_PIECE(a), JUNQI_NAMES_EN);
    const char *seat = junqi_seat_name(JUNQI_CELL_SEAT(a));
    const char *target = junqi_piece_name(JUNQI_CELL_PIECE(d), JUNQI_NAMES_EN);
    switch (check->code) {
    case JUNQI_LEGAL: snprintf(buf, n, "%s-%s is legal", from, to); break;
    case JUNQI_ILLEGAL_GAME_OVER: snprintf(buf, n, "%s-%s is played after the game ended", from, to); break;
    case JUNQI_ILLEGAL_NO_PIECE: snprintf(buf, n, "no piece stands on %s", from); break;
    case JUNQI_ILLEGAL_NOT_TURN:
        snprintf(buf, n, "%s's %s on %s moves, but it is %s's turn", seat, piece, from,
                 junqi_seat_name(pos->to_move));
        break;
    case JUNQI_ILLEGAL_IMMOBILE: snprintf(buf, n, "a %s never moves (%s-%s)", piece, from, to); break;
    case JUNQI_ILLEGAL_HEADQUARTERS:
        snprintf(buf, n, "%s on headquarters %s cannot move (%s-%s)", piece, from, from, to);
        break;
    case JUNQI_ILLEGAL_SAME_POINT: snprintf(buf, n, "%s-%s does not move", from, to); break;
    case JUNQI_ILLEGAL_OWN_PIECE:
        snprintf(buf, n, "%s on %s attacks its own %s on %s", piece, from, target, to);
        break;
    case JUNQI_ILLEGAL_ALLY_PIECE:
        snprintf(buf, n, "%s on %s attacks its ally %s's %s on %s", piece, from,
                 junqi_seat_name(JUNQI_CELL_SEAT(d)), target, to);
        break;
    case JUNQI_ILLEGAL_CAMP:
        snprintf(buf, n, "%s on %s attacks the %s in camp %s, which cannot be attacked", piece,
                 from, target, to);
        break;
    case JUNQI_ILLEGAL_RAIL_TURN:
        snprintf(buf, n, "%s cannot turn at %s on the way from %s to %s", piece, at, from, to);
        break;
    case JUNQI_ILLEGAL_RAIL_BLOCKED:
        if (check->at != JUNQI_NO_POINT)
            snprintf(buf, n, "%s cannot pass %s on the railway from %s to %s", piece, at, from, to);
        else
            snprintf(buf, n, "%s has no clear railway path from %s to %s", piece, from, to);
        break;
    case JUNQI_ILLEGAL_NOT_CONNECTED:
        snprintf(buf, n, "%s cannot reach %s from %s: no road step and no railway line joins them",
                 piece, to, from);
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
    };
    return code > JUNQI_LEGAL && code <= JUNQI_ILLEGAL_NOT_CONNECTED ? codes[code] : JUNQI_CODE_COUNT;
}

char *junqi_move_name(const junqi_board *b, junqi_move m, char buf[8])
{
    char from[4], to[4];
    junqi_square_name(b, m.from, from);
    junqi_square_name(b, m.to, to);
    size_t lf = strlen(from), lt = strlen(to);
    memcpy(buf, from, lf);
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
