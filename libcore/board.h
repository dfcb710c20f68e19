/* SPDX-License-Identifier: MIT */
/*
 * board.h - the two Junqi boards as graphs: points, railway and road edges,
 * straight railway lines, square names.
 *
 * Every fact here comes from docs/boards.md. The boards are built
 * from data tables in board.c (arm placement, centre points, railway lines);
 * nothing in the move generator knows the shape of a board.
 *
 * Design note: points are numbered 0 .. npoints-1 (uint8_t everywhere). For
 * the railway a non-engineer may run along, each point has a precomputed
 * "run tree": every point reachable along straight lines (arcs count as
 * straight), in depth-first order, each node with the size of its subtree.
 * A run tree branches where two straight lines share a segment (e.g. north's
 * column k16..k12 continues both down file k and round the arc to l11), and
 * the move generator walks it with one loop: an empty point is a target and
 * the walk goes on; an occupied point is a possible attack and its subtree is
 * skipped. No point occurs twice in a tree. For moves that may turn
 * (rail_mode=one_turn, rules.h) each railway edge also keeps its straight
 * continuations (`cont`).
 *
 * Board variants: the switch mountain=shelter (docs/variants.md) makes the
 * two-player board's mountains points: a third board, built from the same
 * tables plus the mountain table, with two more points (kind
 * JUNQI_MOUNTAIN, named bM and dM) joined to the railway points of their
 * rings by "shelter" edges, which are neither road nor railway. The plain
 * boards have no shelter edges; nothing else differs.
 */
#ifndef JUNQI_BOARD_H
#define JUNQI_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "piece.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The largest number of points on any board (the four-player board). */
#define JUNQI_MAX_POINTS 129
/** Marks "no point" in uint8_t point fields. */
#define JUNQI_NO_POINT 0xFF

/** Which board. */
typedef enum junqi_board_kind {
    JUNQI_TWO_PLAYER = 0,  /**< 5 files × 12 ranks, 60 points */
    JUNQI_FOUR_PLAYER = 1  /**< 17 × 17 grid, 129 points */
} junqi_board_kind;

/** Kind of a point. */
typedef enum junqi_point_kind {
    JUNQI_STATION = 0,     /**< 兵站 */
    JUNQI_CAMP = 1,        /**< 行营: its piece cannot be attacked */
    JUNQI_HEADQUARTERS = 2,/**< 大本营: a piece on it never moves again (hq_locks=on) */
    JUNQI_MOUNTAIN = 3     /**< 山界 (mountain=shelter): its piece cannot be attacked; it sits
                                between its rank and the next (docs/variants.md) */
} junqi_point_kind;

/** One point of a board. */
typedef struct junqi_point {
    uint8_t file;    /**< 0-based file: 0 = 'a' */
    uint8_t rank;    /**< 0-based rank: 0 = rank 1 (a mountain: the rank just below it) */
    uint8_t kind;    /**< a junqi_point_kind */
    uint8_t arm;     /**< owning seat's arm, or JUNQI_NO_SEAT for the centre */
    uint8_t row;     /**< 1..6 in the owner's frame (1 = front); 0 in the centre */
    uint8_t col;     /**< 1..5 from the owner's left; 0 in the centre */
    bool railway;    /**< true if any railway edge touches the point */
} junqi_point;

/** A node of a point's straight-railway run tree (see the design note). */
typedef struct junqi_run_node {
    uint8_t point; /**< the point reached */
    uint8_t skip;  /**< nodes in this node's subtree, itself included */
} junqi_run_node;

/** Upper bounds on neighbour counts (a camp has 4 orthogonal + 4 diagonal roads; a
 *  mountain's ring has 6 points). */
#define JUNQI_MAX_ROAD 8
#define JUNQI_MAX_RAIL 4
#define JUNQI_MAX_SHELTER 6

/** How many boards there are, variants included (see junqi_board.id). */
#define JUNQI_BOARD_VARIANTS 3

/**
 * A board. Built once per kind by junqi_board_get() and never changed;
 * read-only and shared by every position, so it may be used from any thread.
 */
typedef struct junqi_board {
    junqi_board_kind kind;
    int id;                   /**< 0 two-player, 1 four-player, 2 two-player with mountains:
                                   an index for tables kept per board */
    const char *name;         /**< "two-player" or "four-player" (its kind's name) */
    int npoints;              /**< 60 or 129 */
    int nfiles, nranks;       /**< 5 × 12 or 17 × 17 */
    unsigned seats;           /**< mask of seats that have an arm */
    int rail_edges;           /**< 35 or 92 */
    int road_edges;           /**< 98 or 196 */
    junqi_point point[JUNQI_MAX_POINTS];
    uint8_t at[17][17];       /**< [file][rank] → point, or JUNQI_NO_POINT */
    uint8_t arm_point[JUNQI_SEATS][6][5]; /**< [seat][row-1][col-1] → point */
    uint8_t nroad[JUNQI_MAX_POINTS];
    uint8_t road[JUNQI_MAX_POINTS][JUNQI_MAX_ROAD]; /**< road neighbours */
    uint8_t nrail[JUNQI_MAX_POINTS];
    uint8_t rail[JUNQI_MAX_POINTS][JUNQI_MAX_RAIL]; /**< railway neighbours */
    uint8_t ncont[JUNQI_MAX_POINTS][JUNQI_MAX_RAIL]; /**< [p][i]: straight continuations of
                                                         the edge rail[p][i] → p */
    uint8_t cont[JUNQI_MAX_POINTS][JUNQI_MAX_RAIL][2]; /**< ... the points after p (an edge
                                                           continues on two lines where lines share it) */
    uint16_t run_start[JUNQI_MAX_POINTS + 1]; /**< point p's run tree: run[run_start[p] .. run_start[p+1]) */
    junqi_run_node *run;      /**< all run trees, owned by the board */
    int mountains;            /**< points of kind JUNQI_MOUNTAIN (0 on the plain boards) */
    uint8_t nshelter[JUNQI_MAX_POINTS];                  /**< shelter edges of each point */
    uint8_t shelter[JUNQI_MAX_POINTS][JUNQI_MAX_SHELTER]; /**< a mountain's ring points, or a
                                                              ring point's mountains */
} junqi_board;

/**
 * The board of the given kind, built on first use (thread-safe). Never NULL
 * for a valid kind; the caller must not free or modify it.
 */
const junqi_board *junqi_board_get(junqi_board_kind kind);

/**
 * The board of the given kind, with its mountain points when `mountains`
 * (the two-player board only: the four-player board has none, and gives
 * its plain board). Built on first use, shared, read-only; never NULL.
 */
const junqi_board *junqi_board_variant(junqi_board_kind kind, bool mountains);

/**
 * "two-player" / "four-player", as JGN's Board tag and JSON write it; marked for translation
 * (i18n.h's N_), so a sentence takes _() of it (两人, 四国), as of junqi_board.name.
 */
const char *junqi_board_kind_name(junqi_board_kind kind);

/** Parse "two-player"/"four-player" (also "2p"/"4p"). Returns false if neither. */
bool junqi_board_kind_parse(const char *text, junqi_board_kind *out);

/**
 * Write point p's square name ("h5", "e12"; a mountain: its file and M,
 * "bM") into buf (at least 4 bytes). Returns buf. A point outside the
 * board gives "??".
 */
char *junqi_square_name(const junqi_board *b, int p, char buf[4]);

/**
 * Parse a square name of length len (need not be NUL-terminated) on board b
 * ("bM" names a mountain of a board that has it). Returns the point, or -1
 * if the text is not a square of that board.
 */
int junqi_square_parse(const junqi_board *b, const char *text, int len);

/**
 * The kind of point (row, col) of an arm: 1-based in the owner's frame (row
 * 1 = front, col 1 = owner's left), the same on every arm of both boards
 * (docs/boards.md): the five camps, the two headquarters, stations elsewhere.
 * The one table of the arm's layout; row and col must be 1..6 and 1..5.
 */
junqi_point_kind junqi_arm_point_kind(int row, int col);

/** Point at 0-based (file, rank), or -1 when off the board. */
int junqi_board_point_at(const junqi_board *b, int file, int rank);

/** True if points p and q are joined by a road edge. */
bool junqi_board_road_adjacent(const junqi_board *b, int p, int q);

/** True if points p and q are joined by a railway edge. */
bool junqi_board_rail_adjacent(const junqi_board *b, int p, int q);

/** True if points p and q are joined by a shelter edge (a mountain and its ring). */
bool junqi_board_shelter_adjacent(const junqi_board *b, int p, int q);

#ifdef __cplusplus
}
#endif

#endif
