/* SPDX-License-Identifier: MIT */
/*
 * graph.h - the evaluation graph of an annotated game: the win probability
 * of one side over the moves, with the marked moves shown, drawn with cairo
 * in a render theme's colours (junqi-analyze --graph).
 */
#ifndef JUNQI_GRAPH_H
#define JUNQI_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "annotate.h"
#include "geometry.h"
#include "output.h"
#include "theme.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Draw the graph of annotation `a` of game g into fp as PNG or SVG
 * (`format`), width × height pixels, in theme t. It shows the win
 * probability of the side of `side_seat` (north's team in four-player
 * games, the first present seat in two-seat games when JUNQI_NO_SEAT) after
 * each judged move, as two curves from one consistent viewpoint each: one
 * through that side's own moves (as its movers saw it), one through the
 * other side's moves (as theirs saw it), each in its side's colour.
 * Inaccuracies, mistakes and blunders are dots in the mover's seat colour,
 * larger for worse. Returns false with a message in err (n bytes) when
 * no font shows its labels (junqi_graph_fonts: nothing written), or when
 * drawing or writing fails; fp is not closed.
 */
bool junqi_graph_write(FILE *fp, junqi_image_format format, const junqi_game *g,
                       const junqi_annotation *a, int side_seat, int width, int height,
                       const junqi_theme *t, char *err, size_t n);

/**
 * Whether a font that fontconfig finds shows the graph's labels, which are
 * in the messages' language (a Chinese title under LANGUAGE=zh_CN), in
 * theme t's label font. False, with the reason in err (n bytes): without
 * one they were drawn as boxes of hex digits. junqi_graph_write() checks
 * it first; a program calls it to say so before the work the graph ends.
 */
bool junqi_graph_fonts(const junqi_theme *t, char *err, size_t n);

/**
 * Where the graph of a width × height picture draws its curve (pixels):
 * the plot area, x to x + w and y (100 %) to y + h (0 %). The point of
 * move i (0-based) of an annotation of n moves lies at
 * x + w · (i + 1) / n, so a program can tell which move a place stands for.
 */
junqi_rect junqi_graph_plot_area(int width, int height);

#ifdef __cplusplus
}
#endif

#endif
