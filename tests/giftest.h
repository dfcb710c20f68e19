/* SPDX-License-Identifier: MIT */
/*
 * giftest.h - what the picture tests ask of a GIF (header-only): its frame
 * count, size and frame delays, decoded by giflib from a temporary file.
 * tests/cli/gifdelays.c uses it too.
 */
#ifndef JUNQI_GIFTEST_H
#define JUNQI_GIFTEST_H

#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include <gif_lib.h>

/**
 * Decode the GIF in buf (len bytes): its size in *width × *height, and the
 * delay of each of its first `max` frames in hundredths of a second into
 * delays (NULL: none wanted; -1 for a frame without a delay). Returns the
 * number of frames, -1 if it does not decode.
 */
static inline int gif_read(const char *buf, size_t len, int *width, int *height, int *delays, int max)
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
        for (int i = 0; delays && i < frames && i < max; i++) {
            GraphicsControlBlock gcb;
            delays[i] = DGifSavedExtensionToGCB(in, i, &gcb) == GIF_OK ? gcb.DelayTime : -1;
        }
    }
    if (in)
        DGifCloseFile(in, &code);
    unlink(path);
    return frames;
}

/** The number of frames of the GIF in buf (len bytes), its size in *width × *height; -1 if it does not decode. */
static inline int gif_frames(const char *buf, size_t len, int *width, int *height)
{
    return gif_read(buf, len, width, height, NULL, 0);
}

#endif
