/* SPDX-License-Identifier: MIT */
/*
 * giftest.h - what the picture tests ask of a GIF (header-only): its frame
 * count and size, decoded by giflib from a temporary file.
 */
#ifndef JUNQI_GIFTEST_H
#define JUNQI_GIFTEST_H

#include <stdlib.h>
#include <unistd.h>

#include <gif_lib.h>

/** The number of frames of the GIF in buf (len bytes), its size in *width × *height; -1 if it does not decode. */
static inline int gif_frames(const char *buf, size_t len, int *width, int *height)
{
    char path[] = "/tmp/junqi-test-gif-XXXXXX";
    int fd = mkstemp(path), code, frames = -1;
    if (fd < 0)
        return -1;
    bool written = write(fd, buf, len) == (ssize_t)len;
    close(fd);
    GifFileType *in = written ? DGifOpenFileName(path, &code) : NULL;
    if (in && DGifSlurp(in) == GIF_OK) {
        frames = in->ImageCount;
        *width = in->SWidth;
        *height = in->SHeight;
    }
    if (in)
        DGifCloseFile(in, &code);
    unlink(path);
    return frames;
}

#endif
