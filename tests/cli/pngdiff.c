/* SPDX-License-Identifier: MIT */
/*
 * pngdiff.c - how many pixels of two same-sized PNGs differ, after a small
 * blur so that anti-aliasing (glyph edges drawn by two different
 * rasterisers) does not count but anything laid out differently does.
 * Built and run by tests/cli/render-browser.sh.
 *
 *   pngdiff A.png B.png   prints "DIFFERING TOTAL": pixels whose 5×5 box
 *                         average differs by more than 15 % in a channel,
 *                         and all pixels. Exit 0; 2 when a file cannot be
 *                         read or the sizes differ (with a message).
 *   pngdiff --corner A.png B.png   the same for A and the top-left corner of
 *                         B of A's size (B a screenshot of a page that shows
 *                         A's picture there; tests/cli/html.sh); 2 when B is
 *                         smaller than A.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#define RADIUS 2
#define THRESHOLD 38 /* 15 % of 255 */

typedef struct picture {
    unsigned w, h;
    unsigned stride; /* pixels per row in rgb (w, or more for a corner of a larger picture) */
    unsigned char *rgb;
} picture;

static int load(const char *path, picture *p)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path)) {
        fprintf(stderr, "pngdiff: %s: %s\n", path, img.message);
        return 0;
    }
    img.format = PNG_FORMAT_RGB;
    p->w = p->stride = img.width;
    p->h = img.height;
    p->rgb = malloc(PNG_IMAGE_SIZE(img));
    if (!p->rgb || !png_image_finish_read(&img, NULL, p->rgb, 0, NULL)) {
        fprintf(stderr, "pngdiff: %s: %s\n", path, p->rgb ? img.message : "out of memory");
        png_image_free(&img);
        return 0;
    }
    return 1;
}

/* The 5×5 box average of channel c round (x, y), clamped at the edges. */
static int box(const picture *p, unsigned x, unsigned y, int c)
{
    int sum = 0, n = 0;
    for (int dy = -RADIUS; dy <= RADIUS; dy++)
        for (int dx = -RADIUS; dx <= RADIUS; dx++) {
            long xx = (long)x + dx, yy = (long)y + dy;
            if (xx < 0 || yy < 0 || xx >= (long)p->w || yy >= (long)p->h)
                continue;
            sum += p->rgb[((size_t)yy * p->stride + (size_t)xx) * 3 + (size_t)c];
            n++;
        }
    return sum / n;
}

int main(int argc, char **argv)
{
    picture a, b;
    int corner = argc == 4 && strcmp(argv[1], "--corner") == 0;
    if (argc != 3 + corner) {
        fprintf(stderr, "usage: pngdiff [--corner] A.png B.png\n");
        return 2;
    }
    if (!load(argv[1 + corner], &a) || !load(argv[2 + corner], &b))
        return 2;
    if (corner && b.w >= a.w && b.h >= a.h)
        b.w = a.w, b.h = a.h;
    if (a.w != b.w || a.h != b.h) {
        fprintf(stderr, "pngdiff: sizes differ: %ux%u and %ux%u\n", a.w, a.h, b.w, b.h);
        return 2;
    }
    unsigned long differing = 0;
    for (unsigned y = 0; y < a.h; y++)
        for (unsigned x = 0; x < a.w; x++)
            for (int c = 0; c < 3; c++)
                if (abs(box(&a, x, y, c) - box(&b, x, y, c)) > THRESHOLD) {
                    differing++;
                    break;
                }
    printf("%lu %lu\n", differing, (unsigned long)a.w * a.h);
    free(a.rgb);
    free(b.rgb);
    return 0;
}
