/* SPDX-License-Identifier: MIT */
/*
 * output.c - see output.h.
 */
#include "output.h"
#include "i18n.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cairo-svg.h>
#include <gif_lib.h>
#include <png.h>

static const char *const format_names[] = {
    [JUNQI_IMAGE_PNG] = "png",
    [JUNQI_IMAGE_SVG] = "svg",
    [JUNQI_IMAGE_GIF] = "gif",
};

bool junqi_image_format_parse(const char *text, junqi_image_format *out)
{
    for (int f = JUNQI_IMAGE_PNG; f <= JUNQI_IMAGE_GIF; f++)
        if (strcmp(text, format_names[f]) == 0) {
            *out = (junqi_image_format)f;
            return true;
        }
    return false;
}

bool junqi_image_format_from_path(const char *path, junqi_image_format *out)
{
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/'))
        return false;
    for (int f = JUNQI_IMAGE_PNG; f <= JUNQI_IMAGE_GIF; f++)
        if (strcasecmp(dot + 1, format_names[f]) == 0) {
            *out = (junqi_image_format)f;
            return true;
        }
    return false;
}

const char *junqi_image_format_name(junqi_image_format f)
{
    return format_names[f];
}

/* True if the surface is an opaque-drawn image we can read pixels from. */
static bool readable_image(cairo_surface_t *image)
{
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_get_type(image) != CAIRO_SURFACE_TYPE_IMAGE)
        return false;
    cairo_format_t f = cairo_image_surface_get_format(image);
    return f == CAIRO_FORMAT_ARGB32 || f == CAIRO_FORMAT_RGB24;
}

/* ---- PNG ----------------------------------------------------------------- */

typedef struct png_failure {
    jmp_buf jump;
    char *err;
    size_t n;
} png_failure;

static void png_error_fn(png_structp png, png_const_charp msg)
{
    png_failure *f = png_get_error_ptr(png);
    snprintf(f->err, f->n, "PNG: %s", msg);
    longjmp(f->jump, 1);
}

static void png_warning_fn(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

static void png_write_fn(png_structp png, png_bytep data, size_t len)
{
    FILE *fp = png_get_io_ptr(png);
    if (fwrite(data, 1, len, fp) != len)
        png_error(png, strerror(errno ? errno : EIO));
}

static void png_flush_fn(png_structp png)
{
    (void)png;
}

/* One row of native-endian 0xAARRGGBB pixels to packed RGB. */
static void row_to_rgb(const uint32_t *src, uint8_t *dst, int width)
{
    for (int x = 0; x < width; x++) {
        uint32_t v = src[x];
        dst[3 * x] = (uint8_t)(v >> 16);
        dst[3 * x + 1] = (uint8_t)(v >> 8);
        dst[3 * x + 2] = (uint8_t)v;
    }
}

/* The body of junqi_png_write(), after the checks; png errors longjmp out. */
static void write_png_rows(png_structp png, png_infop info, cairo_surface_t *image, int level,
                           uint8_t *row)
{
    int w = cairo_image_surface_get_width(image), h = cairo_image_surface_get_height(image);
    int stride = cairo_image_surface_get_stride(image);
    const uint8_t *data = cairo_image_surface_get_data(image);
    png_set_write_fn(png, png_get_io_ptr(png), png_write_fn, png_flush_fn);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < h; y++) {
        row_to_rgb((const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride), row, w);
        png_write_row(png, row);
    }
    png_write_end(png, info);
}

bool junqi_png_write(FILE *fp, cairo_surface_t *image, int level, char *err, size_t n)
{
    if (!readable_image(image)) {
        snprintf(err, n, _("PNG: not an RGB image surface"));
        return false;
    }
    cairo_surface_flush(image);
    png_failure failure = {.err = err, .n = n};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure, png_error_fn,
                                              png_warning_fn);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    uint8_t *row = malloc((size_t)cairo_image_surface_get_width(image) * 3 + 1);
    bool ok = png && info && row;
    if (!ok)
        snprintf(err, n, _("PNG: out of memory"));
    else if (setjmp(failure.jump) == 0) {
        png_set_write_fn(png, fp, png_write_fn, png_flush_fn);
        write_png_rows(png, info, image, level, row);
    } else {
        ok = false;
    }
    free(row);
    png_destroy_write_struct(&png, &info);
    return ok;
}

/* ---- SVG ----------------------------------------------------------------- */

static cairo_status_t stream_write(void *closure, const unsigned char *data, unsigned int len)
{
    return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

cairo_surface_t *junqi_svg_surface(FILE *fp, int width, int height)
{
    cairo_surface_t *s = cairo_svg_surface_create_for_stream(stream_write, fp, width, height);
    cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
    return s;
}

bool junqi_svg_finish(cairo_surface_t *svg, char *err, size_t n)
{
    cairo_surface_finish(svg);
    cairo_status_t st = cairo_surface_status(svg);
    cairo_surface_destroy(svg);
    if (st != CAIRO_STATUS_SUCCESS)
        snprintf(err, n, _("SVG: %s"), cairo_status_to_string(st));
    return st == CAIRO_STATUS_SUCCESS;
}

/* ---- GIF ----------------------------------------------------------------- */

#define LUT_BITS 5
#define LUT_SIZE (1 << (3 * LUT_BITS))

struct junqi_gif {
    GifFileType *file;
    int width, height;
    int frames;
    bool failed;
    uint8_t *prev, *cur;       /* palette indices of the last frame and this one */
    uint8_t lut[LUT_SIZE];     /* 5-bit-per-channel colour → palette index */
};

static int gif_write_fn(GifFileType *f, const GifByteType *data, int len)
{
    return (int)fwrite(data, 1, (size_t)len, f->UserData);
}

/* The fixed palette: theme colours, a 6×6×6 cube, then greys. */
static void build_palette(const junqi_theme *t, GifColorType pal[256])
{
    junqi_rgba colours[64];
    int n = junqi_theme_colours(t, colours, 64);
    if (n > 64)
        n = 64;
    for (int i = 0; i < n; i++)
        pal[i] = (GifColorType){(GifByteType)lround(colours[i].r * 255),
                                (GifByteType)lround(colours[i].g * 255),
                                (GifByteType)lround(colours[i].b * 255)};
    for (int i = 0; i < 216 && n < 256; i++)
        pal[n++] = (GifColorType){(GifByteType)(i / 36 * 51), (GifByteType)(i / 6 % 6 * 51),
                                  (GifByteType)(i % 6 * 51)};
    for (int i = 1; n < 256; i++)
        pal[n++] = (GifColorType){(GifByteType)(i * 8 + 4), (GifByteType)(i * 8 + 4),
                                  (GifByteType)(i * 8 + 4)};
}

static void build_lut(uint8_t *lut, const GifColorType pal[256])
{
    for (int key = 0; key < LUT_SIZE; key++) {
        int r = ((key >> 10) & 31) * 8 + 4, g = ((key >> 5) & 31) * 8 + 4, b = (key & 31) * 8 + 4;
        int best = 0, best_d = 1 << 30;
        for (int i = 0; i < 256; i++) {
            int dr = r - pal[i].Red, dg = g - pal[i].Green, db = b - pal[i].Blue;
            int d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (d < best_d)
                best_d = d, best = i;
        }
        lut[key] = (uint8_t)best;
    }
}

static void gif_fail(junqi_gif *gif, char *err, size_t n, const char *what)
{
    gif->failed = true;
    int code = gif->file ? gif->file->Error : 0;
    const char *why = code ? GifErrorString(code) : NULL;
    snprintf(err, n, "GIF: %s%s%s", what, why ? ": " : "", why ? why : "");
}

/* The NETSCAPE2.0 extension: loop forever. */
static bool put_loop(GifFileType *f)
{
    static const GifByteType app[] = "NETSCAPE2.0";
    static const GifByteType loop[] = {1, 0, 0};
    return EGifPutExtensionLeader(f, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
           EGifPutExtensionBlock(f, 11, app) == GIF_OK &&
           EGifPutExtensionBlock(f, 3, loop) == GIF_OK &&
           EGifPutExtensionTrailer(f) == GIF_OK;
}

junqi_gif *junqi_gif_begin(FILE *fp, int width, int height, const junqi_theme *t, char *err,
                           size_t n)
{
    junqi_gif *gif = calloc(1, sizeof *gif);
    size_t pixels = (size_t)width * (size_t)height;
    if (!gif || !(gif->prev = malloc(pixels)) || !(gif->cur = malloc(pixels))) {
        snprintf(err, n, _("GIF: out of memory"));
        junqi_gif_end(gif, NULL, 0);
        return NULL;
    }
    gif->width = width;
    gif->height = height;
    GifColorType pal[256];
    build_palette(t, pal);
    build_lut(gif->lut, pal);
    int code = 0;
    gif->file = EGifOpen(fp, gif_write_fn, &code);
    ColorMapObject *map = GifMakeMapObject(256, pal);
    bool ok = gif->file && map;
    if (ok) {
        EGifSetGifVersion(gif->file, true);
        ok = EGifPutScreenDesc(gif->file, width, height, 8, 0, map) == GIF_OK &&
             put_loop(gif->file);
    }
    GifFreeMapObject(map);
    if (!ok) {
        gif_fail(gif, err, n, gif->file ? _("cannot write the header") : GifErrorString(code));
        junqi_gif_end(gif, NULL, 0);
        return NULL;
    }
    return gif;
}

/* Quantise the surface into gif->cur. */
static void quantise(junqi_gif *gif, cairo_surface_t *image)
{
    int stride = cairo_image_surface_get_stride(image);
    const uint8_t *data = cairo_image_surface_get_data(image);
    for (int y = 0; y < gif->height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint8_t *out = gif->cur + (size_t)y * (size_t)gif->width;
        for (int x = 0; x < gif->width; x++) {
            uint32_t v = row[x];
            out[x] = gif->lut[((v >> 9) & 0x7C00) | ((v >> 6) & 0x3E0) | ((v >> 3) & 0x1F)];
        }
    }
}

/* The rectangle in which cur differs from prev; all of it for the first frame,
 * one pixel when nothing changed (a frame must still carry the delay). */
static void changed_rect(const junqi_gif *gif, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = 0, *y0 = 0, *x1 = gif->width, *y1 = gif->height;
    if (gif->frames == 0)
        return;
    int lx = gif->width, ly = gif->height, hx = -1, hy = -1;
    for (int y = 0; y < gif->height; y++) {
        const uint8_t *a = gif->prev + (size_t)y * (size_t)gif->width;
        const uint8_t *b = gif->cur + (size_t)y * (size_t)gif->width;
        if (memcmp(a, b, (size_t)gif->width) == 0)
            continue;
        ly = ly < y ? ly : y;
        hy = y;
        for (int x = 0; x < gif->width; x++)
            if (a[x] != b[x]) {
                lx = lx < x ? lx : x;
                hx = hx > x ? hx : x;
            }
    }
    if (hy < 0)
        *x1 = *y1 = 1;
    else
        *x0 = lx, *y0 = ly, *x1 = hx + 1, *y1 = hy + 1;
}

bool junqi_gif_frame(junqi_gif *gif, cairo_surface_t *image, int delay_ms, char *err, size_t n)
{
    if (!readable_image(image) || cairo_image_surface_get_width(image) != gif->width ||
        cairo_image_surface_get_height(image) != gif->height) {
        gif_fail(gif, err, n, "a frame is not an RGB image of the animation's size");
        return false;
    }
    cairo_surface_flush(image);
    quantise(gif, image);
    int x0, y0, x1, y1;
    changed_rect(gif, &x0, &y0, &x1, &y1);
    /* the delay field holds 16 bits of hundredths: a longer delay would wrap round; a shorter
     * one than the minimum is played at 100 ms by browsers */
    int ms = delay_ms < JUNQI_GIF_MIN_DELAY_MS   ? JUNQI_GIF_MIN_DELAY_MS
             : delay_ms > JUNQI_GIF_MAX_DELAY_MS ? JUNQI_GIF_MAX_DELAY_MS
                                                 : delay_ms;
    GraphicsControlBlock gcb = {.DisposalMode = DISPOSE_DO_NOT, .UserInputFlag = false,
                                .DelayTime = (ms + 5) / 10, .TransparentColor = NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    size_t len = EGifGCBToExtension(&gcb, ext);
    bool ok = EGifPutExtension(gif->file, GRAPHICS_EXT_FUNC_CODE, (int)len, ext) == GIF_OK &&
              EGifPutImageDesc(gif->file, x0, y0, x1 - x0, y1 - y0, false, NULL) == GIF_OK;
    for (int y = y0; ok && y < y1; y++)
        ok = EGifPutLine(gif->file, gif->cur + (size_t)y * (size_t)gif->width + x0, x1 - x0) == GIF_OK;
    if (!ok) {
        gif_fail(gif, err, n, _("cannot write a frame"));
        return false;
    }
    uint8_t *t = gif->prev;
    gif->prev = gif->cur;
    gif->cur = t;
    gif->frames++;
    return true;
}

bool junqi_gif_end(junqi_gif *gif, char *err, size_t n)
{
    if (!gif)
        return false;
    bool ok = !gif->failed;
    if (gif->file) {
        int code = 0;
        if (EGifCloseFile(gif->file, &code) != GIF_OK && ok) {
            ok = false;
            if (err)
                snprintf(err, n, _("GIF: cannot finish the file: %s"), GifErrorString(code));
        }
    }
    free(gif->prev);
    free(gif->cur);
    free(gif);
    return ok;
}
