/* SPDX-License-Identifier: MIT */
/*
 * board.c - the two boards, built from the data tables below.
 * Source of every table: docs/boards.md.
 */
#include "board.h"
#include "i18n.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a seat's arm lies: the square of its row 1, column 1 (0-based file
 * and rank), and the square steps for one row back and one column right. */
typedef struct arm_placement {
    junqi_seat seat;
    int file, rank;
    int row_df, row_dr;
    int col_df, col_dr;
} arm_placement;

/* A mountain (mountain=shelter): the square just below it, and its ring. */
typedef struct mountain_data {
    const char *below;
    const char *ring; /* space-separated squares */
} mountain_data;

typedef struct board_data {
    junqi_board_kind kind;
    const char *name;
    int nfiles, nranks;
    int narms;
    arm_placement arms[JUNQI_SEATS];
    const char *centre;       /* space-separated squares of points outside any arm */
    const char *const *lines; /* straight railway lines, NULL-terminated */
    const mountain_data *mountains; /* NULL-terminated, or NULL for none */
} board_data;

/* The arm in its owner's frame: rows from the front (1) to the back (6),
 * columns 1..5 from the owner's left. */
static const uint8_t arm_kinds[6][5] = {
    {JUNQI_STATION, JUNQI_STATION, JUNQI_STATION, JUNQI_STATION, JUNQI_STATION},
    {JUNQI_STATION, JUNQI_CAMP, JUNQI_STATION, JUNQI_CAMP, JUNQI_STATION},
    {JUNQI_STATION, JUNQI_STATION, JUNQI_CAMP, JUNQI_STATION, JUNQI_STATION},
    {JUNQI_STATION, JUNQI_CAMP, JUNQI_STATION, JUNQI_CAMP, JUNQI_STATION},
    {JUNQI_STATION, JUNQI_STATION, JUNQI_STATION, JUNQI_STATION, JUNQI_STATION},
    {JUNQI_STATION, JUNQI_HEADQUARTERS, JUNQI_STATION, JUNQI_HEADQUARTERS, JUNQI_STATION},
};

junqi_point_kind junqi_arm_point_kind(int row, int col)
{
    return (junqi_point_kind)arm_kinds[row - 1][col - 1];
}

static const char *const two_player_lines[] = {
    "a2 b2 c2 d2 e2", "a6 b6 c6 d6 e6", "a7 b7 c7 d7 e7", "a11 b11 c11 d11 e11",
    "a2 a3 a4 a5 a6 a7 a8 a9 a10 a11", "e2 e3 e4 e5 e6 e7 e8 e9 e10 e11",
    "c6 c7", /* the middle crossing of the front line */
    NULL,
};

static const char *const four_player_lines[] = {
    /* through the centre's outer columns and rows */
    "g2 g3 g4 g5 g6 g7 g9 g11 g12 g13 g14 g15 g16",
    "k2 k3 k4 k5 k6 k7 k9 k11 k12 k13 k14 k15 k16",
    "b7 c7 d7 e7 f7 g7 i7 k7 l7 m7 n7 o7 p7",
    "b11 c11 d11 e11 f11 g11 i11 k11 l11 m11 n11 o11 p11",
    /* the middle lines */
    "i6 i7 i9 i11 i12", "f9 g9 i9 k9 l9",
    /* each arm's row 1 and row 5 */
    "g6 h6 i6 j6 k6", "g2 h2 i2 j2 k2", "g12 h12 i12 j12 k12", "g16 h16 i16 j16 k16",
    "l7 l8 l9 l10 l11", "p7 p8 p9 p10 p11", "f7 f8 f9 f10 f11", "b7 b8 b9 b10 b11",
    /* the four arcs, each continuing one arm's outer column into the next arm's */
    "k16 k15 k14 k13 k12 l11 m11 n11 o11 p11", "p7 o7 n7 m7 l7 k6 k5 k4 k3 k2",
    "g2 g3 g4 g5 g6 f7 e7 d7 c7 b7", "b11 c11 d11 e11 f11 g12 g13 g14 g15 g16",
    NULL,
};

/* The two mountains between the halves of the two-player board (山界), with
 * the railway points round each (docs/variants.md, mountain=shelter). */
static const mountain_data two_player_mountains[] = {
    {"b6", "a6 b6 c6 a7 b7 c7"},
    {"d6", "c6 d6 e6 c7 d7 e7"},
    {NULL, NULL},
};

#define TWO_PLAYER_DATA(mountains)                                                         \
    {JUNQI_TWO_PLAYER, N_("two-player"), 5, 12, 2,                                             \
     {{JUNQI_SOUTH, 0, 5, 0, -1, 1, 0}, {JUNQI_NORTH, 4, 6, 0, 1, -1, 0}},                 \
     "", two_player_lines, mountains}

/* Indexed by junqi_board.id. */
static const board_data boards_data[JUNQI_BOARD_VARIANTS] = {
    TWO_PLAYER_DATA(NULL),
    {JUNQI_FOUR_PLAYER, N_("four-player"), 17, 17, 4,
     {{JUNQI_SOUTH, 6, 5, 0, -1, 1, 0},
      {JUNQI_NORTH, 10, 11, 0, 1, -1, 0},
      {JUNQI_WEST, 5, 10, -1, 0, 0, -1},
      {JUNQI_EAST, 11, 6, 1, 0, 0, 1}},
     "g7 i7 k7 g9 i9 k9 g11 i11 k11", four_player_lines, NULL},
    TWO_PLAYER_DATA(two_player_mountains),
};

/* Run-tree storage: generous fixed bounds, checked while building. */
#define RUN_CAPACITY (JUNQI_MAX_POINTS * 64)
static junqi_run_node run_storage[JUNQI_BOARD_VARIANTS][RUN_CAPACITY];

static junqi_board boards[JUNQI_BOARD_VARIANTS];
static pthread_once_t boards_once = PTHREAD_ONCE_INIT;

static int add_point(junqi_board *b, int file, int rank, junqi_point_kind kind, int arm, int row,
                     int col)
{
    int p = b->npoints++;
    b->point[p] = (junqi_point){(uint8_t)file, (uint8_t)rank, (uint8_t)kind, (uint8_t)arm,
                                (uint8_t)row, (uint8_t)col, false};
    if (kind != JUNQI_MOUNTAIN) /* a mountain has no square of its own */
        b->at[file][rank] = (uint8_t)p;
    return p;
}


static int rail_index(const junqi_board *b, int p, int q)
{
    for (int i = 0; i < b->nrail[p]; i++)
        if (b->rail[p][i] == q)
            return i;
    return -1;
}

static void link_rail(junqi_board *b, int p, int q)
{
    if (rail_index(b, p, q) >= 0)
        return;
    b->rail[p][b->nrail[p]++] = (uint8_t)q;
    b->rail[q][b->nrail[q]++] = (uint8_t)p;
    b->point[p].railway = b->point[q].railway = true;
    b->rail_edges++;
}

static void link_road(junqi_board *b, int p, int q)
{
    b->road[p][b->nroad[p]++] = (uint8_t)q;
    b->road[q][b->nroad[q]++] = (uint8_t)p;
    b->road_edges++;
}

/* a, mid, z are consecutive on a line: z continues the edge a → mid. */
static void add_continuation(junqi_board *b, int a, int mid, int z)
{
    int i = rail_index(b, mid, a);
    for (int k = 0; k < b->ncont[mid][i]; k++)
        if (b->cont[mid][i][k] == z)
            return;
    b->cont[mid][i][b->ncont[mid][i]++] = (uint8_t)z;
}

/* The points of a space-separated list of squares; returns how many. */
static int parse_squares(const junqi_board *b, const char *list, int *pts)
{
    int n = 0;
    for (const char *s = list; *s;) {
        int len = (int)strcspn(s, " ");
        pts[n++] = junqi_square_parse(b, s, len);
        s += len + (s[len] == ' ');
    }
    return n;
}

/* Read the lines: railway edges, and the straight continuations of each. */
static void build_lines(junqi_board *b, const char *const *lines)
{
    for (const char *const *line = lines; *line; line++) {
        int pts[JUNQI_MAX_POINTS], n = parse_squares(b, *line, pts);
        for (int i = 0; i + 1 < n; i++)
            link_rail(b, pts[i], pts[i + 1]);
        for (int i = 0; i + 2 < n; i++) {
            add_continuation(b, pts[i], pts[i + 1], pts[i + 2]);
            add_continuation(b, pts[i + 2], pts[i + 1], pts[i]);
        }
    }
}

/* Mountains: a point above each `below` square, with shelter edges to its ring. */
static void build_mountains(junqi_board *b, const mountain_data *m)
{
    for (; m && m->below; m++) {
        int under = junqi_square_parse(b, m->below, (int)strlen(m->below));
        int p = add_point(b, b->point[under].file, b->point[under].rank, JUNQI_MOUNTAIN,
                          JUNQI_NO_SEAT, 0, 0);
        int ring[JUNQI_MAX_SHELTER], n = parse_squares(b, m->ring, ring);
        for (int i = 0; i < n; i++) {
            b->shelter[p][b->nshelter[p]++] = (uint8_t)ring[i];
            b->shelter[ring[i]][b->nshelter[ring[i]]++] = (uint8_t)p;
        }
        b->mountains++;
    }
}

/* Roads inside each arm: every orthogonal unit step that is not railway,
 * and the diagonals from each camp. */
static void build_roads(junqi_board *b)
{
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!(b->seats & JUNQI_SEAT_BIT(s)))
            continue;
        for (int r = 0; r < 6; r++)
            for (int col = 0; col < 5; col++) {
                int p = b->arm_point[s][r][col];
                if (r + 1 < 6 && !junqi_board_rail_adjacent(b, p, b->arm_point[s][r + 1][col]))
                    link_road(b, p, b->arm_point[s][r + 1][col]);
                if (col + 1 < 5 && !junqi_board_rail_adjacent(b, p, b->arm_point[s][r][col + 1]))
                    link_road(b, p, b->arm_point[s][r][col + 1]);
                if (arm_kinds[r][col] != JUNQI_CAMP)
                    continue;
                for (int dr = -1; dr <= 1; dr += 2)
                    for (int dc = -1; dc <= 1; dc += 2) {
                        /* each diagonal once: from the camp, or from the lower-numbered
                         * camp when both ends are camps */
                        int q = b->arm_point[s][r + dr][col + dc];
                        if (arm_kinds[r + dr][col + dc] != JUNQI_CAMP || q > p)
                            link_road(b, p, q);
                    }
            }
    }
}

/* Depth-first run tree from root: children of (prev -> cur) are its
 * straight continuations not yet in the tree. Returns the subtree size. */
static int build_run_subtree(junqi_board *b, int prev, int cur, uint8_t *seen, int *used)
{
    int at = (*used)++;
    if (at >= RUN_CAPACITY) {
        fprintf(stderr, "junqi: internal error: run-tree storage too small\n");
        abort();
    }
    b->run[at].point = (uint8_t)cur;
    seen[cur] = 1;
    int i = rail_index(b, cur, prev), size = 1;
    for (int k = 0; k < b->ncont[cur][i]; k++) {
        int next = b->cont[cur][i][k];
        if (!seen[next])
            size += build_run_subtree(b, cur, next, seen, used);
    }
    b->run[at].skip = (uint8_t)size;
    return size;
}

static void build_runs(junqi_board *b)
{
    int used = 0;
    for (int p = 0; p < b->npoints; p++) {
        uint8_t seen[JUNQI_MAX_POINTS] = {0};
        seen[p] = 1;
        b->run_start[p] = (uint16_t)used;
        for (int i = 0; i < b->nrail[p]; i++)
            if (!seen[b->rail[p][i]])
                build_run_subtree(b, p, b->rail[p][i], seen, &used);
    }
    b->run_start[b->npoints] = (uint16_t)used;
}

static void build_board(junqi_board *b, int id, junqi_run_node *runs)
{
    const board_data *d = &boards_data[id];
    memset(b, 0, sizeof *b);
    b->id = id;
    memset(b->at, JUNQI_NO_POINT, sizeof b->at);
    memset(b->arm_point, JUNQI_NO_POINT, sizeof b->arm_point);
    b->kind = d->kind;
    b->name = d->name;
    b->nfiles = d->nfiles;
    b->nranks = d->nranks;
    b->run = runs;
    for (int a = 0; a < d->narms; a++) {
        const arm_placement *arm = &d->arms[a];
        b->seats |= JUNQI_SEAT_BIT(arm->seat);
        for (int r = 0; r < 6; r++)
            for (int col = 0; col < 5; col++) {
                int f = arm->file + r * arm->row_df + col * arm->col_df;
                int k = arm->rank + r * arm->row_dr + col * arm->col_dr;
                b->arm_point[arm->seat][r][col] =
                    (uint8_t)add_point(b, f, k, arm_kinds[r][col], arm->seat, r + 1, col + 1);
            }
    }
    for (const char *s = d->centre; *s;) {
        int len = (int)strcspn(s, " ");
        int file = s[0] - 'a', rank = 0;
        for (int i = 1; i < len; i++)
            rank = rank * 10 + (s[i] - '0');
        add_point(b, file, rank - 1, JUNQI_STATION, JUNQI_NO_SEAT, 0, 0);
        s += len + (s[len] == ' ');
    }
    build_lines(b, d->lines);
    build_roads(b);
    build_runs(b);
    build_mountains(b, d->mountains);
    for (int p = b->npoints - b->mountains + 1; p <= b->npoints; p++)
        b->run_start[p] = b->run_start[p - 1]; /* a mountain's run tree is empty */
}

static void build_boards(void)
{
    for (int k = 0; k < JUNQI_BOARD_VARIANTS; k++)
        build_board(&boards[k], k, run_storage[k]);
}

const junqi_board *junqi_board_get(junqi_board_kind kind)
{
    pthread_once(&boards_once, build_boards);
    return &boards[kind == JUNQI_FOUR_PLAYER];
}

const junqi_board *junqi_board_variant(junqi_board_kind kind, bool mountains)
{
    pthread_once(&boards_once, build_boards);
    return mountains && kind == JUNQI_TWO_PLAYER ? &boards[2] : junqi_board_get(kind);
}

const char *junqi_board_kind_name(junqi_board_kind kind)
{
    return boards_data[kind == JUNQI_FOUR_PLAYER].name;
}

bool junqi_board_kind_parse(const char *text, junqi_board_kind *out)
{
    if (strcmp(text, "two-player") == 0 || strcmp(text, "2p") == 0)
        *out = JUNQI_TWO_PLAYER;
    else if (strcmp(text, "four-player") == 0 || strcmp(text, "4p") == 0)
        *out = JUNQI_FOUR_PLAYER;
    else
        return false;
    return true;
}

char *junqi_square_name(const junqi_board *b, int p, char buf[4])
{
    if (p < 0 || p >= b->npoints) {
        memcpy(buf, "??", 3);
        return buf;
    }
    int rank = b->point[p].rank + 1, n = 0;
    buf[n++] = (char)('a' + b->point[p].file);
    if (b->point[p].kind == JUNQI_MOUNTAIN) {
        buf[n++] = 'M';
        buf[n] = '\0';
        return buf;
    }
    if (rank >= 10)
        buf[n++] = (char)('0' + rank / 10);
    buf[n++] = (char)('0' + rank % 10);
    buf[n] = '\0';
    return buf;
}

int junqi_square_parse(const junqi_board *b, const char *text, int len)
{
    if (len < 2 || len > 3 || text[0] < 'a' || text[0] >= 'a' + b->nfiles)
        return -1;
    if (len == 2 && text[1] == 'M') {
        for (int p = b->npoints - b->mountains; p < b->npoints; p++)
            if (b->point[p].file == text[0] - 'a')
                return p;
        return -1;
    }
    int rank = 0;
    for (int i = 1; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
        rank = rank * 10 + (text[i] - '0');
    }
    if (text[1] == '0')
        return -1;
    return junqi_board_point_at(b, text[0] - 'a', rank - 1);
}

int junqi_board_point_at(const junqi_board *b, int file, int rank)
{
    if (file < 0 || rank < 0 || file >= b->nfiles || rank >= b->nranks)
        return -1;
    int p = b->at[file][rank];
    return p == JUNQI_NO_POINT ? -1 : p;
}

bool junqi_board_road_adjacent(const junqi_board *b, int p, int q)
{
    for (int i = 0; i < b->nroad[p]; i++)
        if (b->road[p][i] == q)
            return true;
    return false;
}

bool junqi_board_rail_adjacent(const junqi_board *b, int p, int q)
{
    return rail_index(b, p, q) >= 0;
}

bool junqi_board_shelter_adjacent(const junqi_board *b, int p, int q)
{
    for (int i = 0; i < b->nshelter[p]; i++)
        if (b->shelter[p][i] == q)
            return true;
    return false;
}
