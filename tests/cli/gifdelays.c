/* SPDX-License-Identifier: MIT */
/*
 * gifdelays.c - the delay of every frame of a GIF, as giflib reads it back
 * (tests/giftest.h). Built and run by tests/cli/render.sh.
 *
 *   gifdelays FILE.gif   prints one line per frame: its delay in hundredths
 *                        of a second (-1: the frame has none). Exit 0; 2 when
 *                        the file cannot be read or does not decode.
 */
#include <stdio.h>

#include "giftest.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gifdelays FILE.gif\n");
        return 2;
    }
    FILE *fp = fopen(argv[1], "rb");
    static char buf[64 << 20];
    size_t len = fp ? fread(buf, 1, sizeof buf, fp) : 0;
    if (!fp || ferror(fp) || !feof(fp)) {
        fprintf(stderr, "gifdelays: %s: cannot read it whole\n", argv[1]);
        if (fp)
            fclose(fp);
        return 2;
    }
    fclose(fp);
    static int delays[1 << 16];
    int width, height, frames = gif_read(buf, len, &width, &height, delays, 1 << 16);
    if (frames < 0) {
        fprintf(stderr, "gifdelays: %s: not a GIF giflib decodes\n", argv[1]);
        return 2;
    }
    for (int i = 0; i < frames && i < 1 << 16; i++)
        printf("%d\n", delays[i]);
    return 0;
}
