/* SPDX-License-Identifier: MIT */
/*
 * geometry.h - where each square of a board lies in a picture.
 *
 * Design note: a board is laid out in "board units" with south at the
 * bottom: on the four-player board one unit is the distance between
 * neighbouring points (a square grid, so that tiles can be turned for the
 * seats on the left and right); on the two-player board one unit is the
 * distance between files, ranks are 0.55 units apart (tiles are wider than
 * high) and the front line between ranks 6 and 7, where the mountains
 * stand, is wider. The picture is the board (points plus a border, plus a
 * band for the coordinates), a small margin, and on top a band for the
 * caption; it is scaled so that its longer side is the requested size and
 * turned by quarter turns so that the chosen seat is at the bottom. Every
 * position is rounded to whole pixels, so that lines are crisp and a
 * raster and a vector picture of one position agree.
 */
#ifndef JUNQI_RENDER_GEOMETRY_H
#define JUNQI_RENDER_GEOMETRY_H

#include <stdbool.h>

#include "board.h"
#include "piece.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Smallest and largest picture size accepted (the longer side, pixels). */
#define JUNQI_GEOMETRY_MIN_SIZE 120
#define JUNQI_GEOMETRY_MAX_SIZE 16000

/** What the layout depends on. */
typedef struct junqi_geometry_options {
    int size;           /**< the picture's longer side, pixels */
    junqi_seat bottom;  /**< the seat drawn at the bottom; its arm must exist on the board */
    bool coords;        /**< leave a band for file and rank labels around the points */
    int caption_lines;  /**< lines of caption text above the board (0: no caption band) */
} junqi_geometry_options;

/** A rectangle in pixels. */
typedef struct junqi_rect {
    double x, y, w, h;
} junqi_rect;

/** A board's layout in a picture; filled by junqi_geometry_init(), then read-only. */
typedef struct junqi_geometry {
    const junqi_board *board;  /**< borrowed, static */
    junqi_seat bottom;         /**< the seat at the bottom */
    int quarter_turns;         /**< clockwise quarter turns from "south at the bottom" (0..3) */
    int width, height;         /**< the picture, pixels */
    double scale;              /**< pixels per board unit */
    double pitch;              /**< the shorter distance between neighbouring points, pixels */
    double centre_x, centre_y; /**< where the middle of the points lies, pixels */
    junqi_rect paper;          /**< the board with its border and coordinate band, pixels */
    double label_band;         /**< width of the coordinate band inside the paper's edge, pixels (0: none) */
    junqi_rect caption;        /**< the caption band (h = 0 when there is none), pixels */
    double caption_line;       /**< height of one caption line, pixels */
    int tile_w, tile_h;        /**< a piece tile lying across the picture (wide), pixels */
} junqi_geometry;

/**
 * Lay out board b for options o. Returns false when o->bottom has no arm on
 * the board (east or west on the two-player board, JUNQI_NO_SEAT) or
 * o->size is outside JUNQI_GEOMETRY_MIN_SIZE .. JUNQI_GEOMETRY_MAX_SIZE;
 * *g is then unspecified.
 */
bool junqi_geometry_init(junqi_geometry *g, const junqi_board *b, const junqi_geometry_options *o);

/**
 * Picture position (pixels, rounded to whole pixels) of board coordinates
 * (0-based file and rank; fractions allowed, e.g. 5.5 between two ranks).
 */
void junqi_geometry_map(const junqi_geometry *g, double file, double rank, double *x, double *y);

/** Picture position (pixels) of point p of the board: the middle of its square. */
void junqi_geometry_point(const junqi_geometry *g, int p, double *x, double *y);

/**
 * The side of the picture on which seat s's arm is drawn, as a seat name:
 * JUNQI_SOUTH = bottom, JUNQI_WEST = left, JUNQI_NORTH = top, JUNQI_EAST = right.
 */
junqi_seat junqi_geometry_side(const junqi_geometry *g, junqi_seat s);

/** True when the board's files run across the picture (left to right or right to left). */
bool junqi_geometry_files_across(const junqi_geometry *g);

#ifdef __cplusplus
}
#endif

#endif
