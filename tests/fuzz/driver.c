/* SPDX-License-Identifier: MIT */
/*
 * driver.c - runs a libFuzzer harness without libFuzzer: every FILE argument,
 * and every file of a DIR argument, is given once to LLVMFuzzerTestOneInput.
 * `make check` links each harness of tests/fuzz with this driver (with gcc,
 * plain and under `make asan`), and tests/cli/fuzz-inputs.sh runs it on the
 * seed corpus and the committed crashers (tests/fuzz/regressions), so that a
 * crash fixed once stays fixed without clang. Prints "N inputs" and exits 0;
 * a harness's abort() or a sanitizer report ends it with a failure.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

/* Run the harness on one file; false if it cannot be read. */
static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    uint8_t *data = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len == cap) {
            cap = cap ? cap * 2 : 4096;
            uint8_t *grown = realloc(data, cap);
            if (!grown)
                break;
            data = grown;
        }
        got = fread(data + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    int ok = !ferror(f) && data;
    fclose(f);
    if (ok) {
        /* an exact-size copy, so that reading one byte too far is caught */
        uint8_t *exact = malloc(len ? len : 1);
        if (exact) {
            memcpy(exact, data, len);
            LLVMFuzzerTestOneInput(exact, len);
        }
        free(exact);
    }
    free(data);
    return ok;
}

/* Run it on every regular file of a folder; returns how many, or -1. */
static int run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "README.md") == 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            if (!run_file(path)) {
                closedir(d);
                return -1;
            }
            n++;
        }
    }
    closedir(d);
    return n;
}

int main(int argc, char **argv)
{
    int total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        int n = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ? run_dir(argv[i])
                                                                : run_file(argv[i]);
        if (n < 0) {
            fprintf(stderr, "%s: %s: cannot be read\n", argv[0], argv[i]);
            return 2;
        }
        total += n;
    }
    printf("%d inputs\n", total);
    return 0;
}
