/* SPDX-License-Identifier: MIT */
/*
 * draw.h - drawing a position, with its last move, arrows, marks and a
 * caption, onto a cairo context.
 *
 * Design note: a renderer is made once per board and set of options and
 * then draws any number of positions ("scenes"). For vector targets (SVG)
 * it draws everything as paths and text each time. For raster targets it
 * draws the unchanging board (paper, lines, points, coordinates) once into
 * an image and each kind of piece tile once (per seat, piece and turn), and
 * a frame is then a copy of the board plus one blit per piece: that is what
 * makes a whole game's frames fast. Both ways run the same drawing code at
 * the same whole-pixel positions, so an SVG and a PNG of one position agree.
 *
 * What it draws follows docs/boards.md and the seed documents:
 * railways as black-and-white dashed rails (roads thin), camps as circles,
 * headquarters as shields, the four arcs as quarter circles round the
 * corners of the four-player board's centre, the mountains on the
 * two-player board's front line, coordinates round the edge; pieces as
 * tiles in their seat's colour with their names (pango, a CJK font found
 * through fontconfig), unknown pieces as tile backs.
 */
#ifndef JUNQI_RENDER_DRAW_H
#define JUNQI_RENDER_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cairo.h>

#include "flip.h"
#include "game.h"
#include "geometry.h"
#include "position.h"
#include "theme.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How pictures are drawn. Zero-initialised fields are not valid defaults: fill every field. */
typedef struct junqi_render_options {
    const junqi_theme *theme;  /**< colours and fonts; NULL: junqi_theme_default() */
    junqi_names names;         /**< how pieces are named on their tiles */
    bool rank_corner;          /**< a small rank number (9 … 1) in each tile's top-right corner */
    bool upright;              /**< keep every tile upright (otherwise tiles of the seats drawn
                                    left and right are turned to face their owner) */
    bool coords;               /**< file and rank labels round the edge */
    bool caption;              /**< players, move number, seat to move and result above the board */
    junqi_seat bottom;         /**< the seat drawn at the bottom; must have an arm on the board */
    int size;                  /**< the picture's longer side, pixels */
} junqi_render_options;

/** An arrow (from ≠ to) or a mark (from == to) drawn over a position. */
typedef struct junqi_note {
    uint8_t from, to;    /**< points of the board */
    bool has_colour;     /**< false: the theme's arrow or mark colour */
    junqi_rgba colour;
} junqi_note;

/** A growing list of notes. Zero-initialise it; free with junqi_notes_free(). */
typedef struct junqi_notes {
    junqi_note *items;
    size_t n, cap;
} junqi_notes;

/** Free the list's array; the list is empty afterwards. */
void junqi_notes_free(junqi_notes *a);

/**
 * Append an arrow from point `from` to point `to` (a mark when they are
 * equal) in `colour` (NULL: the theme's colour). Returns false when out of
 * memory. This is the entry for JGN [%arrow ...] / [%mark ...] commands.
 */
bool junqi_notes_add(junqi_notes *a, int from, int to, const junqi_rgba *colour);

/**
 * Parse and append "g2-g6[:COLOUR]" (arrow, when `arrow`) or "h5[:COLOUR]"
 * (mark) on board b; COLOUR as junqi_colour_parse(). Returns false with a
 * message in err (n bytes) when the text is not of that form, a square is
 * not on the board, or memory runs out.
 */
bool junqi_notes_parse(junqi_notes *a, const junqi_board *b, const char *text, bool arrow,
                       char *err, size_t n);

/**
 * Read the program commands of a JGN comment (docs/jgn.md; found with
 * junqi_jgn_next_command(), the one parser of comment commands): every
 * `[%arrow FROM-TO [COLOUR] ...]` and `[%mark SQUARE [COLOUR] ...]` is
 * appended to a (a COLOUR word, or a `:COLOUR` suffix, colours the item
 * before it); the arguments of `[%eval ...]`, one to three numbers
 * ("0.67 0.56 +3.98"), are copied to eval (n bytes) when eval is not NULL.
 * Other commands are skipped, and so is what cannot be drawn (what
 * junqi_notes_check() says): an item that is no arrow FROM-TO or square of
 * board b, an [%eval ...] of anything else, a command never closed.
 * Returns false only when memory runs out.
 */
bool junqi_notes_from_comment(junqi_notes *a, const junqi_board *b, const char *text, char *eval,
                              size_t n);

/**
 * The arrows and marks that record g's comments draw at ply `ply` (the
 * position after `ply` moves): the commands of every main-line comment from
 * just after move `ply` up to and including move ply+1 (a comment before a
 * move is about the position it is played in), read as
 * junqi_notes_from_comment() reads them and appended to a; the last
 * [%eval ...] arguments among them go to eval (n bytes, "" when there is
 * none) when eval is not NULL. Returns false only when memory runs out.
 */
bool junqi_notes_at_ply(junqi_notes *a, const junqi_game *g, size_t ply, char *eval, size_t n);

/**
 * What junqi_notes_at_ply() cannot draw at plies first to last (counted as
 * it counts them, from the record's start): each [%arrow ...] or [%mark ...]
 * item that is no arrow FROM-TO or square of the game's board (with its
 * colour), each [%eval ...] that is not one to three numbers, each of those
 * commands never closed, added to d as a `bad-command` warning that quotes
 * the command and names its ply in the record's numbering
 * (junqi_game_first_number()), at its place in the comment (a binary
 * record's comment: the comment's entry). Returns false only when memory
 * runs out.
 */
bool junqi_notes_check(const junqi_game *g, size_t first, size_t last, junqi_diags *d);

/** What one picture shows. */
typedef struct junqi_scene {
    const junqi_position *pos;     /**< the position, already as the viewing seat sees it */
    size_t ply;                    /**< moves played (for the caption) */
    junqi_move last_move;          /**< highlighted with an arrow; from = JUNQI_NO_POINT: none */
    junqi_outcome last_outcome;    /**< its combat outcome, marked at its target */
    const junqi_notes *notes; /**< arrows and marks, or NULL */
    const char *players[JUNQI_SEATS]; /**< player names for the caption (UTF-8), or NULL */
    const char *evaluation;        /**< evaluation text for the caption, or NULL */
    bool formation;                /**< a formation's diagram, no game: the caption's status line says
                                        "Formation" (布局), not the move nor a seat to move */
    /** probs[point][kind]: what the viewing seat could tell of the hidden piece on each point
     *  (infer.h, junqi_infer_at()); a hidden piece with probabilities is labelled with its
     *  likeliest kind and that kind's percentage. NULL: none */
    const double (*probs)[JUNQI_PIECE_KINDS];
    /* flip games (flip_draw.h): when flip is set, it is drawn instead of pos */
    const struct junqi_flip *flip; /**< the position, as the viewer sees it (flip.h), or NULL */
    bool flip_known;               /**< the viewer knows the face-down identities (--view all):
                                        their backs carry a small name */
    bool flip_has_last;            /**< a last action is highlighted */
    struct junqi_action flip_last; /**< it: a flip glows on its point, a move gets the arrow */
} junqi_scene;

/** A renderer; see the design note. Opaque. */
typedef struct junqi_renderer junqi_renderer;

/**
 * A renderer for board b with options o. Returns NULL with a message in err
 * (n bytes) when o->bottom has no arm on b, o->size is out of range
 * (JUNQI_GEOMETRY_MIN_SIZE .. JUNQI_GEOMETRY_MAX_SIZE), memory runs out, or
 * the Chinese names need a CJK font and fontconfig finds none (the message
 * names the font to install). Free with junqi_renderer_free().
 */
junqi_renderer *junqi_renderer_new(const junqi_board *b, const junqi_render_options *o, char *err,
                                   size_t n);

/** Free a renderer and its caches (NULL allowed). */
void junqi_renderer_free(junqi_renderer *r);

/** The layout: picture size in pixels, where each point lies. Owned by the renderer. */
const junqi_geometry *junqi_renderer_geometry(const junqi_renderer *r);

/** The parts of a picture, bottom to top: junqi_renderer_draw() draws them all in this order. */
typedef enum junqi_layer {
    JUNQI_LAYER_BOARD,   /**< paper, lines, points, coordinates: the same for every scene */
    JUNQI_LAYER_CAPTION, /**< the caption band (only with the caption option) */
    JUNQI_LAYER_UNDER,   /**< the last move's two points glowing, under the tiles */
    JUNQI_LAYER_TILES,   /**< the pieces */
    JUNQI_LAYER_OVER     /**< the last move's arrow, the scene's arrows and marks, the combat badge */
} junqi_layer;

/**
 * Draw scene s (on r's board) onto cr, whose target is at least the
 * geometry's width × height pixels (user space = pixels). Image targets use
 * the cached board and tiles; others are drawn as vectors. Errors are in
 * cairo's status of cr.
 */
void junqi_renderer_draw(junqi_renderer *r, cairo_t *cr, const junqi_scene *s);

/**
 * Draw one layer of scene s onto cr, exactly as junqi_renderer_draw() draws
 * it (so the layers drawn one over another in order make the same
 * picture). The board layer does not depend on s (s may be NULL for it).
 */
void junqi_renderer_draw_layer(junqi_renderer *r, cairo_t *cr, const junqi_scene *s,
                               junqi_layer layer);

/**
 * The rectangle, in whole pixels, that the picture of a tile of `seat`
 * standing on point p covers (its shadow included): a tile drawn by
 * junqi_renderer_draw_tile() with its top-left corner moved there is the
 * tile junqi_renderer_draw() draws. Every tile of one seat has the same size.
 */
junqi_rect junqi_renderer_tile_rect(const junqi_renderer *r, int seat, int p);

/**
 * Draw the tile of seat's piece (JUNQI_UNKNOWN: its back) with the top-left
 * corner of its rectangle (junqi_renderer_tile_rect()) at the origin of cr,
 * turned as the seat's tiles are. Errors are in cairo's status of cr.
 */
void junqi_renderer_draw_tile(junqi_renderer *r, cairo_t *cr, int seat, junqi_piece piece);

/**
 * The caption's status line of scene s (a flip scene's too: flip_draw.h) in
 * the renderer's script (--names):
 * the move ("Move 40", "第 40 步", "Start"), the seat to move or the result
 * with its reason, and the scene's evaluation, e.g. "Move 192 · North-South
 * won (flag captured)". Written into buf (n bytes); returns the length as
 * snprintf does.
 */
int junqi_renderer_status_text(const junqi_renderer *r, const junqi_scene *s, char *buf, size_t n);

/**
 * junqi_renderer_status_text() in the language of the messages (gettext,
 * docs/i18n.md) rather than the renderer's script: what the HTML page's
 * status lines say, as its other words do. A flip scene's (s->flip) too.
 */
int junqi_renderer_status_message(const junqi_renderer *r, const junqi_scene *s, char *buf, size_t n);

/**
 * Draw scene s into the renderer's own image surface (RGB24, opaque,
 * the geometry's size) and return it: owned by the renderer, overwritten by the
 * next call. NULL when cairo could not allocate it.
 */
cairo_surface_t *junqi_renderer_image(junqi_renderer *r, const junqi_scene *s);

#ifdef __cplusplus
}
#endif

#endif
