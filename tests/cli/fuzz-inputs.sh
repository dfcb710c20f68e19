#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/fuzz-inputs.sh - every fuzz harness of tests/fuzz, built without
# libFuzzer (tests/fuzz/driver.c; `make check` builds them into
# BUILD/fuzz/), on its seed corpus (tests/fuzz/corpus/NAME) and its
# committed crashers (tests/fuzz/regressions/NAME): each input once, with
# the harness's own checks (round trips must be stable) and, under `make
# asan`, the sanitizers. A crasher found by the fuzz smoke run is committed
# there once fixed, so it stays fixed.
#
# Environment (set by tests/run-tests): JUNQI_ROOT, JUNQI_BUILD (the build
# folder). Prints one line per failed check and a summary; exits 1 if any
# check failed.
set -u

name=fuzz-inputs.sh
. "$(dirname "$0")/lib"
build=${JUNQI_BUILD:-$JUNQI_ROOT/build}

total=0
for harness in "$JUNQI_ROOT"/tests/fuzz/fuzz_*.c; do
    h=$(basename "$harness" .c)
    h=${h#fuzz_}
    driver=$build/fuzz/fuzz_$h
    dirs=("$JUNQI_ROOT/tests/fuzz/corpus/$h")
    [ -d "$JUNQI_ROOT/tests/fuzz/regressions/$h" ] && dirs+=("$JUNQI_ROOT/tests/fuzz/regressions/$h")
    want=$(find "${dirs[@]}" -type f ! -name README.md | wc -l)
    run "$driver" "${dirs[@]}"
    expect "fuzz_$h on its corpus and crashers: exit status ($(tail -n 3 <<<"$err"))" 0 "$rc"
    expect "fuzz_$h: inputs run" "$want inputs" "$out"
    checks=$((checks + 1))
    [ "$want" -ge 5 ] || fail "fuzz_$h: only $want seed inputs in tests/fuzz/corpus/$h"
    total=$((total + want))
done

echo "$name: $total inputs, $checks checks, $failures failed"
[ "$failures" -eq 0 ]
