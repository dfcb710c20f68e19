#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/illegal.sh - a record with an illegal move (docs/conventions.md,
# "A record that breaks the rules"): junqi-replay, junqi-render (pictures,
# frames, the HTML page) and junqi-analyze --go stop at the last position
# before it, print the located error (with its line and a caret, as
# junqi-validate) and exit 1, keeping what they wrote;
# junqi-replay --to converts the whole record and exits 1 with the error;
# --lenient replays past it; a flip game's skipped action keeps the ply
# numbers of the positions after it.
#
# Requires jq. Environment (set by tests/run-tests): JUNQI_BIN, JUNQI_ROOT.
# The record is tests/data/qq/jgs-000029.jgs converted to JGN, with its move
# 5 (k6>j6) made k6-k6, a move that does not move.
set -u

name=illegal.sh
. "$(dirname "$0")/lib"
V=$JUNQI_BIN/junqi-validate
R=$JUNQI_BIN/junqi-replay
D=$JUNQI_BIN/junqi-render
A=$JUNQI_BIN/junqi-analyze

need_jq

"$R" --to jgn "$JUNQI_ROOT/tests/data/qq/jgs-000029.jgs" >"$tmp/good.jgn"
sed 's/ 5\. k6>j6 / 5. k6-k6 /' "$tmp/good.jgn" >"$tmp/bad.jgn"
run "$V" "$tmp/bad.jgn"
expect "junqi-validate calls the record invalid" 1 "$rc"
located="bad.jgn:13:43: error: k6-k6 does not move"
# ... with the line it points at and a caret under column 43, as junqi-validate shows it
shown=$(printf '%s\n  %s\n  %42s^' "$located" "$(sed -n 13p "$tmp/bad.jgn")" "")
shows_error() { # WHAT: is the located error on standard error, with its line and caret?
    checks=$((checks + 1))
    [[ $err == *"$shown"* ]] || fail "$1: no located error with its line and caret: $err"
}
err=$out # junqi-validate's report is its output
shows_error "junqi-validate"
stop="the positions stop at ply 4: the move after it is illegal"

# --- junqi-replay ---------------------------------------------------------------------
run "$R" --all --format pos "$tmp/bad.jgn"
expect "junqi-replay --all: exit status" 1 "$rc"
expect "junqi-replay --all: the positions of plies 0 to 4" \
    "$("$R" --all --format pos "$tmp/good.jgn" | head -n 5)" "$out"
checks=$((checks + 2))
shows_error "junqi-replay --all"
grep -q "$stop" <<<"$err" || fail "junqi-replay --all: no line saying where the positions stop: $err"
run "$R" --format json "$tmp/bad.jgn"
expect "junqi-replay (the end): the position before the illegal move, exit 1" "1 4" "$rc $(jq -r .ply <<<"$out")"
run "$R" --ply 10 "$tmp/bad.jgn"
expect "junqi-replay --ply 10 (after the illegal move): exit 1, nothing printed" "1 " "$rc $out"
checks=$((checks + 1))
grep -q "ply 10: the game never had that position: the move after ply 4 is illegal" <<<"$err" ||
    fail "junqi-replay --ply 10: $err"
run "$R" --ply 010 "$tmp/bad.jgn"
checks=$((checks + 1))
grep -q -- "--ply 010: the game never had that position" <<<"$err" ||
    fail "junqi-replay --ply 010: the ply as typed: $err"
run "$R" --ply 3 --format pos "$tmp/bad.jgn"
expect "junqi-replay --ply 3 (before it): the position, exit 1" \
    "1 $("$R" --ply 3 --format pos "$tmp/good.jgn")" "$rc $out"
run "$R" -o "$tmp/all.txt" --all --format pos "$tmp/bad.jgn"
expect "junqi-replay -o: what was written is kept, exit 1" "1 5" "$rc $(wc -l <"$tmp/all.txt")"
run "$R" --lenient --all --format pos "$tmp/bad.jgn"
expect "junqi-replay --lenient --all: every ply, exit 1" \
    "1 $("$R" --all --format pos "$tmp/good.jgn" | wc -l)" "$rc $(wc -l <<<"$out")"
run "$R" --all --format pos "$tmp/good.jgn"
expect "junqi-replay of the legal record: exit 0, nothing on standard error" "0 " "$rc $err"

# --to converts the whole record as it is read, and says it is invalid
run "$R" --to jgn "$tmp/bad.jgn"
expect "junqi-replay --to jgn: exit 1" 1 "$rc"
checks=$((checks + 3))
shows_error "junqi-replay --to jgn"
grep -q " 5\. k6-k6 " <<<"$out" || fail "junqi-replay --to jgn: the record is not written as read"
run "$R" --to jgn "$tmp/good.jgn"
[ "$rc" = 0 ] && [ -z "$err" ] || fail "junqi-replay --to jgn of the legal record: $rc $err"
run "$R" -o "$tmp/bad.json" --to json "$tmp/bad.jgn"
expect "junqi-replay -o --to json: the whole document is kept, exit 1" \
    "1 $("$R" --to json "$tmp/good.jgn" | jq '.line.items | length')" "$rc $(jq '.line.items | length' "$tmp/bad.json")"

# a move from an empty point is skipped, but its ply is counted
sed 's/ 5\. k6>j6 / 5. i9-i7 /' "$tmp/good.jgn" >"$tmp/empty.jgn"
run "$R" --lenient --ply 6 --format json "$tmp/empty.jgn"
expect "junqi-replay --lenient --ply 6 past a move from an empty point: the position says ply 6" "1 6" \
    "$rc $(jq -r .ply <<<"$out")"

# --- junqi-render -----------------------------------------------------------------------
run "$D" "$tmp/bad.jgn" -o "$tmp/end.png"
expect "junqi-render (the end): exit 1, the picture kept" "1 yes" "$rc $([ -s "$tmp/end.png" ] && echo yes)"
shows_error "junqi-render"
"$D" --ply 4 "$tmp/good.jgn" -o "$tmp/ply4.png"
expect "junqi-render (the end): the picture of ply 4" "" "$(cmp "$tmp/end.png" "$tmp/ply4.png")"
run "$D" --ply 7 "$tmp/bad.jgn" -o "$tmp/seven.png"
expect "junqi-render --ply 7: exit 1, no picture" "1 no" "$rc $([ -e "$tmp/seven.png" ] && echo yes || echo no)"
run "$D" --frames "$tmp/frames" --size 200 "$tmp/bad.jgn"
expect "junqi-render --frames: plies 0 to 4, exit 1" "1 5" "$rc $(ls "$tmp/frames" | wc -l)"
run "$D" "$tmp/bad.jgn" -o "$tmp/bad.html"
expect "junqi-render HTML: exit 1" 1 "$rc"
shows_error "junqi-render HTML"
expect "junqi-render HTML: the page's moves stop before the illegal one" 4 \
    "$(grep -c '<li class="move' "$tmp/bad.html")"
run "$D" --lenient --frames "$tmp/all-frames" --size 200 --ply 7 "$tmp/bad.jgn"
expect "junqi-render --lenient --frames --ply 7: plies 0 to 7, exit 1" "1 8" "$rc $(ls "$tmp/all-frames" | wc -l)"

# --- junqi-analyze --go -----------------------------------------------------------------
run "$A" --go --depth 1 "$tmp/bad.jgn"
expect "junqi-analyze --go (the end): the position before the illegal move is searched, exit 1" \
    "1 $("$A" --go --depth 1 --ply 4 "$tmp/good.jgn" | head -n 1)" "$rc $(head -n 1 <<<"$out")"
shows_error "junqi-analyze --go"
run "$A" --nodes 2000 "$tmp/bad.jgn"
expect "junqi-analyze (annotation): the record is not annotated, exit 1" "1 " "$rc $out"
shows_error "junqi-analyze (annotation)"
run "$A" --go --depth 1 --ply 9 "$tmp/bad.jgn"
expect "junqi-analyze --go --ply 9 (after it): exit 1, no search" "1 " "$rc $out"

# --- flip games: a skipped action still counts its ply ----------------------------------
# move 10 flips c6, which move 9 turned face up: it cannot be applied
F=$JUNQI_ROOT/tests/data/flip/fanqi.jgn
sed 's/ 9\. d6>e6/ 9. c6^b7/' "$F" >"$tmp/flip.jgn"
run "$R" --all --format json "$tmp/flip.jgn"
expect "flip game: the positions stop before the illegal action 10, exit 1" "1 0 9" \
    "$rc $(jq -s -r 'first.ply, last.ply' <<<"$out" | tr '\n' ' ' | sed 's/ $//')"
run "$R" --lenient --ply 12 --format json "$tmp/flip.jgn"
expect "flip game --lenient --ply 12: the position says ply 12" "1 12" "$rc $(jq -r .ply <<<"$out")"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
