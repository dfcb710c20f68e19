/* SPDX-License-Identifier: MIT */
/*
 * output.h - pictures to files: PNG through libpng with fast compression,
 * SVG through cairo's SVG surface, animated GIF through giflib.
 *
 * Why not cairo's own PNG writer: it compresses hard and alone caps a
 * replay near 60 frames per second; libpng at zlib level 1 with no
 * row filter (the flat colours of a board compress well unfiltered) writes
 * an 800-pixel board in about 6 ms. GIF frames are quantised to one fixed palette per theme
 * (the theme's own colours exactly, a 6×6×6 colour cube and greys for the
 * anti-aliased edges; no dithering, so the same picture always gives the
 * same bytes) and each frame after the first stores only the rectangle
 * that changed.
 *
 * Every writer reports failure through its return value with a message in
 * a caller's buffer; none closes the FILE it is given.
 */
#ifndef JUNQI_RENDER_OUTPUT_H
#define JUNQI_RENDER_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cairo.h>

#include "theme.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A picture file format. */
typedef enum junqi_image_format {
    JUNQI_IMAGE_PNG,
    JUNQI_IMAGE_SVG,
    JUNQI_IMAGE_GIF
} junqi_image_format;

/** Parse "png", "svg" or "gif". False (and *out unchanged) if it is none of them. */
bool junqi_image_format_parse(const char *text, junqi_image_format *out);

/**
 * The format that a file name's extension names (.png, .svg, .gif, any
 * case). False when the name has none of them.
 */
bool junqi_image_format_from_path(const char *path, junqi_image_format *out);

/** "png", "svg", "gif". Static string. */
const char *junqi_image_format_name(junqi_image_format f);

/**
 * Write an image surface (CAIRO_FORMAT_ARGB32 or RGB24, drawn opaque: alpha
 * is dropped) to fp as an 8-bit RGB PNG with zlib level `level` (0..9; 1 is
 * the fast choice). Returns false with a message in err (n bytes) when the
 * surface is not such an image or writing fails.
 */
bool junqi_png_write(FILE *fp, cairo_surface_t *image, int level, char *err, size_t n);

/**
 * A cairo SVG surface of width × height pixels (user units are pixels; the
 * document has a viewBox) that streams to fp, which must stay open until
 * the surface is finished (cairo_surface_finish) and destroyed. Check
 * errors with junqi_svg_finish(). Never NULL (cairo returns an error
 * surface on failure).
 */
cairo_surface_t *junqi_svg_surface(FILE *fp, int width, int height);

/**
 * Finish and destroy an SVG surface from junqi_svg_surface(). Returns false
 * with a message in err (n bytes) if cairo or the stream reported an error.
 */
bool junqi_svg_finish(cairo_surface_t *svg, char *err, size_t n);

/** An animated GIF being written. Opaque. */
typedef struct junqi_gif junqi_gif;

/**
 * Start an animated GIF of width × height pixels on fp, looping forever,
 * with the fixed palette of theme t. Returns NULL with a message in err
 * (n bytes) when out of memory or when the header cannot be written.
 */
junqi_gif *junqi_gif_begin(FILE *fp, int width, int height, const junqi_theme *t, char *err,
                           size_t n);

/**
 * The longest delay a GIF frame can hold, in milliseconds: 65535
 * hundredths of a second (the field is 16 bits).
 */
#define JUNQI_GIF_MAX_DELAY_MS 655350

/**
 * The shortest delay a GIF frame is given, in milliseconds: 2 hundredths of
 * a second. Browsers show a frame of 0 or 1 hundredth for 100 ms (Chromium,
 * Firefox and WebKit alike), so a shorter delay would play five to ten
 * times slower than asked; 20 ms is the fastest they play as written.
 */
#define JUNQI_GIF_MIN_DELAY_MS 20

/**
 * Append a frame: an image surface of the GIF's size (ARGB32 or RGB24,
 * opaque), shown for delay_ms milliseconds (stored in hundredths of a
 * second, rounded; a delay past JUNQI_GIF_MAX_DELAY_MS is held at it, and
 * one below JUNQI_GIF_MIN_DELAY_MS, 0 and negative ones included, at that). Returns false with a message in err when the surface
 * does not fit or writing fails; the GIF should then be abandoned with
 * junqi_gif_end().
 */
bool junqi_gif_frame(junqi_gif *gif, cairo_surface_t *image, int delay_ms, char *err, size_t n);

/**
 * Write the GIF trailer and free gif (NULL allowed: returns false). Returns
 * false with a message in err if anything failed, now or before.
 */
bool junqi_gif_end(junqi_gif *gif, char *err, size_t n);

#ifdef __cplusplus
}
#endif

#endif
