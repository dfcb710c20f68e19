#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/perft.sh - junqi-analyze --perft against the reference data of
# tests/data/perft/four-player.jsonl (60 positions of 30 real QQ replays,
# copied from ../shared/data/perft; see tests/data/perft/README.md): for
# every line,
#   junqi-analyze --perft 2 --ply PLY --divide --format json FILE
# must give depth 2, nodes == depth2, divide keys == legal (sorted), and
# divide counts that add up to nodes; --perft 1 must give nodes == depth1.
#
# Requires jq (Debian package "jq", installed by scripts/install-deps):
# `command -v jq` must succeed, otherwise this test fails at once.
#
# Environment (set by tests/run-tests): JUNQI_BIN = the directory of the
# tools, JUNQI_ROOT = the repository root. Prints one line per failed check
# (what was expected, what came) and a summary; exits 1 if any check failed.
set -u

name=perft.sh
. "$(dirname "$0")/lib"
A=$JUNQI_BIN/junqi-analyze
DATA=$JUNQI_ROOT/tests/data/perft
J=$DATA/four-player.jsonl
need_jq
if [ ! -x "$A" ]; then
    echo "$name: FAIL: $A is missing or not executable (run make)"
    exit 1
fi


failures=0

# Run the tool for every line; keep 4 raw lines per position (exit status and
# output of --perft 2 --divide, exit status and output of --perft 1), then
# compare everything in a single jq run (jq starts slowly).
lines=0
while IFS=$'\t' read -r file ply; do
    lines=$((lines + 1))
    out2=$("$A" --perft 2 --ply "$ply" --divide --format json "$DATA/replays/$file" 2>&1)
    rc2=$?
    out1=$("$A" --perft 1 --ply "$ply" --format json "$DATA/replays/$file" 2>&1)
    rc1=$?
    printf '%s\n%s\n%s\n%s\n' "$rc2" "${out2//$'\n'/ }" "$rc1" "${out1//$'\n'/ }" >>"$tmp/results"
done < <(jq -r '[.file, .ply] | @tsv' "$J")

checks_per_line=6
while IFS= read -r line; do
    fail "$line"
done < <(jq -n -r -R --slurpfile ref "$J" '
    def parse: try fromjson catch {};
    def obj: if type == "object" then . else {} end;
    def check(what; want; got):
        if want == got then empty else "\(what): expected \(want | tojson), got \(got | tojson)" end;
    [inputs] as $raw
    | if ($raw | length) != 4 * ($ref | length) then
        "the tool runs: expected \(4 * ($ref | length)) result lines, got \($raw | length)"
      else
        range(0; $ref | length) as $i
        | $ref[$i] as $r
        | ($raw[4 * $i + 1] | parse | obj) as $p2
        | ($raw[4 * $i + 3] | parse | obj) as $p1
        | ($p2.divide | if type == "object" then . else {} end) as $div
        | ($r.legal | sort) as $want
        | ($div | keys) as $got
        | "junqi-analyze --perft 2 --ply \($r.ply) --divide --format json \($r.file)" as $w2
        | "junqi-analyze --perft 1 --ply \($r.ply) --format json \($r.file)" as $w1
        | check("\($w2): exit status"; "0"; $raw[4 * $i]),
          check("\($w2): depth, nodes"; [2, $r.depth2]; [$p2.depth, $p2.nodes]),
          check("\($w2): sum of the divide counts"; $r.depth2; [$div[]] | add),
          (if $want == $got then empty else
             "\($w2): divide moves: expected \($want | length) (\"legal\"), got \($got | length);"
             + " missing \($want - $got | tojson), extra \($got - $want | tojson)" end),
          check("\($w1): exit status"; "0"; $raw[4 * $i + 2]),
          check("\($w1): depth, nodes"; [1, $r.depth1]; [$p1.depth, $p1.nodes])
      end' "$tmp/results" 2>&1)

checks=$((lines * checks_per_line + 1))
[ "$lines" -eq 60 ] || fail "lines read from four-player.jsonl: expected 60, got $lines"
echo "$name: $lines positions, $checks checks, $failures failed"
[ "$failures" -eq 0 ]
