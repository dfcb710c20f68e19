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

# --- defect 6: each formation of a file has its own problems; --setup chooses
Y=$JUNQI_ROOT/tests/fuzz/corpus/yaml/several.yaml # "first" valid, "second" broken
run "$V" "$Y"
expect "defect 6: the summary lines of a file of two formations" \
    "$Y: formation 1 (line 2): valid: formation first|$Y: formation 2 (line 10): invalid, 4 errors: formation second" \
    "$(grep ': formation [0-9]' <<<"$out" | paste -sd'|')"
expect "defect 6: formation 2's reading error is reported before its summary" "16:7" \
    "$(grep -o ':16:7' <<<"$out" | head -1 | cut -c2-)"
run "$V" --format json "$Y"
expect "defect 6: JSON: the row-length error of formation 2 is there once" 1 \
    "$(jq -s '[.[] | select(.code == "row-length")] | length' <<<"$out")"
F13=$JUNQI_ROOT/samples/formations/F13.yaml
run "$R" --board two-player --setup "south=$Y" --setup "north=$F13"
expect "defect 6: --setup with a file of two formations and no choice: usage error" 2 "$rc"
expect "defect 6: ... which names the way to choose" 1 "$(grep -c "holds 2 formations: choose one with .*#NAME" <<<"$err")"
for which in 1 first; do
    run "$R" --board two-player --setup "south=$Y#$which" --setup "north=$F13"
    expect "defect 6: --setup south=several.yaml#$which: exit status" 0 "$rc"
done
run "$R" --board two-player --setup "south=$Y#2" --setup "north=$F13"
expect "defect 6: --setup south=several.yaml#2 (the broken one): exit status" 1 "$rc"
run "$R" --board two-player --setup "south=$Y#third" --setup "north=$F13"
expect "defect 6: --setup south=several.yaml#third (no such formation): usage error" 2 "$rc"

# --- defect 8: a record from a set position numbers its plies as its moves --
f=$Q/jgs-000029.jgs
pos=$("$R" --ply 40 --format pos "$f")
moves=$("$R" --to json "$f" | jq -r '[.line.items[] | select(.type == "move" and .ply > 40 and .ply <= 50)
    | . as $m | ($m.move | split("-")) as $sq
    | "\($m.ply). " + $sq[0] + ({"move": "-", "attacker_wins": ">", "attacker_loses": "<",
        "both_removed": "="}[$m.outcome]) + $sq[1] + ([$m.flags[] | " flag:" + .] | join(""))] | join(" ")')
printf '[Board "four-player"]\n[Position "%s"]\n\n%s *\n' "$pos" "$moves" >"$tmp/ply40.jgn"
run "$R" --ply 45 --format pos "$tmp/ply40.jgn"
expect "defect 8: --ply 45 of a record from ply 40 is ply 45 of the game" \
    "$("$R" --ply 45 --format pos "$f")" "$out"
expect "defect 8: --all numbers the positions 40 to 50" "40 41 42 43 44 45 46 47 48 49 50" \
    "$("$R" --all --format json "$tmp/ply40.jgn" | jq .ply | paste -sd' ')"
expect "defect 8: JSON numbers the moves 41 to 50" "41 50" \
    "$("$R" --to json "$tmp/ply40.jgn" | jq -r '[.line.items[].ply] | "\(first) \(last)"')"
for spec in "2 30" "2 51" "0 40" "0 50"; do
    read -r want ply <<<"$spec"
    run "$R" --ply "$ply" "$tmp/ply40.jgn"
    expect "defect 8: junqi-replay --ply $ply of a record of plies 40 to 50: exit status" "$want" "$rc"
done
run "$A" --perft 1 --ply 45 "$tmp/ply40.jgn"
expect "defect 8: junqi-analyze --perft 1 --ply 45 counts ply 45's moves" \
    "nodes: $("$A" --perft 1 --ply 45 "$f" | sed -n 's/nodes: //p')" "$out"

# --- defect 17: a seat's formation given twice is a usage error -------------
run "$R" --board two-player --setup "south=$F13" --setup "south=$F13" --setup "north=$F13"
expect "defect 17: --setup south= twice: usage error" 2 "$rc"
printf 'name: a\nname: b\nrows:\n%s' "$(sed -n '/^rows:/,$p' "$F13" | tail -n +2)" >"$tmp/twice.yaml"
run "$V" --format json "$tmp/twice.yaml"
expect "defect 17: a YAML key given twice: a duplicate-key warning at line 2, valid" "0 duplicate-key 2" \
    "$rc $(jq -r 'select(.type != "summary") | "\(.code) \(.line)"' <<<"$out")"

# --- defect 24: a ply past the end of the game is a usage error --------------
# 75 quiet moves under 'standard': the game is drawn at ply 70
cp "$JUNQI_ROOT/tests/data/bad/quiet-75.jgn" "$tmp/quiet.jgn"
for spec in "2 150000" "2 71" "0 70"; do
    read -r want ply <<<"$spec"
    run "$R" --ply "$ply" "$tmp/quiet.jgn"
    expect "defect 24: --ply $ply of a game drawn at ply 70 with 5 moves after: exit status" "$want" "$rc"
done
expect "defect 24: the message says where the game ended" 1 \
    "$("$R" --ply 71 "$tmp/quiet.jgn" 2>&1 | grep -c 'the game ended at ply 70')"
expect "defect 24: --all stops at the end of the game" 71 "$("$R" --all --format pos "$tmp/quiet.jgn" | wc -l)"

# --- defect 25: the summary lines of a file of games say which game ---------
cat "$tmp/game.jgn" <(echo) "$tmp/game.jgn" >"$tmp/two.jgn"
run "$V" "$tmp/two.jgn"
expect "defect 25: the summary lines name the game and its line" "game 1 (line 1)|game 2 (line 23)" \
    "$(grep -o 'game [0-9] (line [0-9]*): valid' <<<"$out" | sed 's/: valid//' | paste -sd'|')"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
