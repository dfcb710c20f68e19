// SPDX-License-Identifier: MIT
//
// headers.cpp - every installed header (the Makefile's HEADERS, listed in
// the generated all-headers.h) in one C++ translation unit, compiled by
// `make check` with -std=c++11 -pedantic -Wall -Wextra -Werror: a C++
// program can include them all at once. See tests/headers.c.
#include "all-headers.h"

typedef int junqi_headers_compile_together_in_cxx;
