/* SPDX-License-Identifier: MIT */
/*
 * headers.c - every installed header (the Makefile's HEADERS, listed in the
 * generated all-headers.h) in one C translation unit, compiled by
 * `make check` with -std=c11 -pedantic -Wall -Wextra -Werror: the headers
 * are self-contained and none conflicts with another (two types of one
 * name, a macro defined twice). tests/headers.cpp does the same as C++.
 */
#include "all-headers.h"

/* A translation unit must declare something (ISO C). */
typedef int junqi_headers_compile_together;
