#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/runner.sh - tests/run-tests itself (issue 10, "a test suite that
# hides its skips"): on a made-up tree of one cmocka-style test binary (two
# passed, one skipped) and three tool scripts (one passes, one prints a SKIP
# line and passes its other checks, one skips wholly with exit 77), it must
# print "4 passed, 0 failed, 3 skipped" and exit 0, and exit 1 under CI=true;
# a failing script makes it exit 1 with "1 failed".
set -u
name=runner.sh
. "$(dirname "$0")/lib"

tree=$tmp/tree
mkdir -p "$tree/tests/cli" "$tree/build/tests" "$tree/bin"
cp "$JUNQI_ROOT/tests/run-tests" "$tree/tests/run-tests"
cat >"$tree/build/tests/test_fake" <<'EOF'
#!/bin/sh
echo '[==========] fake: Running 3 test(s).'
echo '[  PASSED  ] 2 test(s).'
echo '[  SKIPPED ] 1 test(s), listed below:'
echo '[  SKIPPED ] a_test_that_skips'
EOF
chmod +x "$tree/build/tests/test_fake"
printf 'echo "pass.sh: 1 checks, 0 failed"\n' >"$tree/tests/cli/pass.sh"
printf 'echo "part.sh: SKIP: no browser"\necho "part.sh: 1 checks, 0 failed"\n' >"$tree/tests/cli/part.sh"
printf 'echo "whole.sh: nothing to run here"\nexit 77\n' >"$tree/tests/cli/whole.sh"

runner() { (cd "$tree" && env "$@" bash tests/run-tests build bin); }
run runner CI=
expect "the summary counts each skip: a cmocka skip, a SKIP line, a script that exits 77" \
    "4 passed, 0 failed, 3 skipped" "$(tail -n 1 <<<"$out")"
expect "skips alone do not fail a run outside CI" 0 "$rc"
run runner CI=true
expect "CI=true: any skip fails the run" 1 "$rc"
expect "CI=true: ... and says why" 1 "$(grep -c '^CI=true: 3 skipped test(s) count as failures' <<<"$out")"
printf 'echo "bad.sh: FAIL: something"\nexit 1\n' >"$tree/tests/cli/bad.sh"
run runner CI=
expect "a failing script: counted and named, exit 1" "1 4 passed, 1 failed, 3 skipped" \
    "$rc $(tail -n 1 <<<"$out")"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
