#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/regressions.sh - the tool-level regressions of issue 10: each
# check is labelled with the defect it guards ("defect 5: ..."), and each
# input is built here from the defect's description. The unit-level ones are
# the cmocka tests named defectNN_* in tests/test_*.c.
#
# Requires jq. Environment (set by tests/run-tests): JUNQI_BIN, JUNQI_ROOT.
# Prints one line per failed check and a summary; exits 1 if any check failed.
set -u

name=regressions.sh
. "$(dirname "$0")/lib"
need_jq
V=$JUNQI_BIN/junqi-validate
R=$JUNQI_BIN/junqi-replay
A=$JUNQI_BIN/junqi-analyze
Q=$JUNQI_ROOT/tests/data/qq

# --- defect 5: --lenient cuts a broken game to '*'; both tools agree -------
"$R" --to jgn "$Q/jgs-002724.jgs" >"$tmp/game.jgn"
sed 's/ 3\. / 3. zz /' "$tmp/game.jgn" >"$tmp/cut.jgn"
run "$V" --lenient "$tmp/cut.jgn"
expect "defect 5: junqi-validate --lenient on a broken game: exit status" 1 "$rc"
run "$R" --lenient --to jgn "$tmp/cut.jgn"
expect "defect 5: junqi-replay --lenient --to jgn on the same file: exit status" 1 "$rc"
expect "defect 5: the salvaged game ends in *" '[Result "*"]|1. g12<f11 2. f11=g13 flag:a8 timeout:south:1 *' \
    "$(grep -E '^\[Result |^1\. ' <<<"$out" | paste -sd'|')"
expect "defect 5: no Termination or score of the game that was cut" "" "$(grep -E 'Termination|QQScore' <<<"$out")"
run "$V" - <<<"$out"
expect "defect 5: the salvaged game validates" 0 "$rc"
"$R" --lenient --to jgn "$tmp/cut.jgn" >"$tmp/salvaged.stdout" 2>/dev/null
run "$R" --lenient --to jgn -o "$tmp/salvaged.jgn" "$tmp/cut.jgn"
expect "defect 5: --lenient -o keeps what was salvaged, as standard output has it (exit 1)" "1 same" \
    "$rc $(cmp -s "$tmp/salvaged.stdout" "$tmp/salvaged.jgn" && echo same)"
# a file of three games, the second broken: -o gets the other two, as stdout does
cat "$tmp/game.jgn" <(echo) "$tmp/cut.jgn" <(echo) "$tmp/game.jgn" >"$tmp/three.jgn"
run "$R" --to jgn -o "$tmp/two.jgn" "$tmp/three.jgn"
expect "defect 5: -o with one broken game of three: exit status" 1 "$rc"
expect "defect 5: -o with one broken game of three: the two valid games are written" 2 \
    "$(grep -c '^\[Result ' "$tmp/two.jgn" 2>/dev/null)"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
