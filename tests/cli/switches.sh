#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/switches.sh - the tools under the formation-game switches
# (docs/variants.md): perft and the engine use the rule set's moves, shown
# pieces appear in a seat's view, records and pictures, mountains are drawn.
#
# Environment (set by tests/run-tests): JUNQI_BIN, JUNQI_ROOT.
set -u

name=switches.sh
. "$(dirname "$0")/lib"
V=$JUNQI_BIN/junqi-validate R=$JUNQI_BIN/junqi-replay
D=$JUNQI_BIN/junqi-render A=$JUNQI_BIN/junqi-analyze
need_jq

# --- perft: a bomb on a6 (hand counts, tests/test_switches.c) ----------------
bomb=".NF..2/...../...../...../...../...../SB..../...../...../...../...../.F... s 0 0 -"
for want in "standard:14:28" "standard,bomb_moves=engineer:32:64"; do
    rules=${want%%:*} counts=${want#*:}
    run "$A" --perft 2 --rules "$rules" --format json --position "$bomb"
    expect "perft 2 of the bomb position under $rules" "${counts#*:}" "$(jq .nodes <<<"$out")"
    run "$A" --perft 2 --format json --position "$bomb $rules"
    expect "perft 2 of the bomb position with RULES $rules" "${counts#*:}" "$(jq .nodes <<<"$out")"
done

# --- the engine plays the rule set's moves ------------------------------------
start="NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/S81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL s 0 0 -"
for rules in standard,rail_mode=three_steps standard,bomb_moves=engineer,rail_mode=one_turn \
             standard,mountain=shelter; do
    pos=$("$R" --rules "$rules" --format pos --position "$start")
    run "$A" --go --nodes 3000 --format json --position "$pos"
    move=$(jq -r .bestmove <<<"$out") legal=1
    for sep in - '>' '<' =; do # the record states the outcome; one of them is right
        printf '[Board "two-player"]\n[Rules "%s"]\n[Position "%s"]\n\n1. %s *\n' "$rules" "$pos" \
            "${move/-/$sep}" >"$tmp/go.jgn"
        "$V" -q "$tmp/go.jgn" && legal=0
    done
    expect "--go under $rules: its move $move is legal" 0 "$legal"
done

# a colonel on a6, north's flag on d12: with one turn on the railway it reaches d11 at once and
# takes the flag next, a move the standard rules forbid (tests/test_switches.c has the targets)
flag="...NF2/...../...../...../...../...../S5..../...../...../...../...../.F... s 0 0 -"
run "$A" --go --nodes 20000 --format json --rules standard,rail_mode=one_turn --position "$flag"
expect "--go under rail_mode=one_turn: the turning move to the flag" a6-d11 "$(jq -r .bestmove <<<"$out")"
run "$A" --go --nodes 20000 --format json --position "$flag"
checks=$((checks + 1))
[ "$(jq -r .bestmove <<<"$out")" != a6-d11 ] || fail "--go under standard plays a6-d11, a move it forbids"
for rules in standard standard,rail_mode=one_turn; do
    printf '[Board "two-player"]\n[Rules "%s"]\n[Position "%s"]\n\n1. a6-d11 *\n' "$rules" "$flag" >"$tmp/turn.jgn"
    run "$V" --format json "$tmp/turn.jgn"
    [ "$rules" = standard ] && want=rail-turn || want=""
    expect "a6-d11 under $rules: the error" "$want" "$(jq -r 'select(.severity == "error") | .code' <<<"$out")"
done

# --- shown pieces (reveal_on_combat=both) --------------------------------------
game() { # RULES: the game of tests/test_shown.c under RULES
    printf '[Board "two-player"]\n[Rules "%s"]\n[SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]\n' "$1"
    printf '[NorthSetup "36615/7.3.9/81.B7/B.4.3/225L4/12LFL"]\n\n1. c6<c7 2. a7<a6 3. e6>e7 4. c7-c6 *\n'
}
game standard,reveal_on_combat=both >"$tmp/both.jgn"
game standard >"$tmp/plain.jgn"
run "$V" "$tmp/both.jgn"
expect "the reveal_on_combat=both game is valid" 0 "$rc"
run "$R" --to jgn "$tmp/both.jgn"
checks=$((checks + 1))
grep -qF "1. c6<c7 shown:c7:6 2. a7<a6 shown:a6:8 3. e6>e7 shown:e7:5 4. c7-c6 *" <<<"$out" ||
    fail "--to jgn of a complete record: expected the derived shown: tokens, got '$out'"
piece_at() { jq -r --arg sq "$1" '.pieces[] | select(.square == $sq) | .piece'; }
run "$R" --view north --format json "$tmp/both.jgn"
expect "--view north: south's general on a6, shown" general "$(piece_at a6 <<<"$out")"
expect "--view north: south's colonel on e7, shown" colonel "$(piece_at e7 <<<"$out")"
expect "--view north: south's marshal on a5, not shown" unknown "$(piece_at a5 <<<"$out")"
run "$R" --view north --format json "$tmp/plain.jgn"
expect "--view north without the switch: a6 unknown" unknown "$(piece_at a6 <<<"$out")"
run "$R" --view south --format json "$tmp/both.jgn"
expect "--view south: north's brigadier, shown on c7, is on c6 now" brigadier "$(piece_at c6 <<<"$out")"
"$R" --view south --to jgn "$tmp/both.jgn" >"$tmp/south.jgn"
run "$V" "$tmp/south.jgn"
expect "south's record of the game (with its shown: tokens) is valid" 0 "$rc"
run "$R" --view south --format json "$tmp/south.jgn"
expect "south's record: north's brigadier on c6" brigadier "$(piece_at c6 <<<"$out")"
run "$R" --to json "$tmp/both.jgn"
expect "--to json: the first move's shown piece" "c7 brigadier" \
    "$(jq -r '.line.items[0] | .shown.square + " " + .shown.piece' <<<"$out")"
"$D" --view north "$tmp/both.jgn" -o "$tmp/both.png" && "$D" --view north "$tmp/plain.jgn" -o "$tmp/plain.png"
checks=$((checks + 1))
if cmp -s "$tmp/both.png" "$tmp/plain.png" || [ ! -s "$tmp/both.png" ]; then
    fail "junqi-render --view north: the shown pieces should change the picture"
fi

# --- mountains: points of the picture ---------------------------------------------
held="NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/.S8/.1125/9.3.2/72.B7/5.3.4/6B63L/1L4FL n 0 1 - standard,mountain=shelter"
empty="NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/../.S1125/9.3.2/72.B7/5.3.4/6B63L/1L4FL n 0 1 - standard,mountain=shelter"
run "$D" --position "$held" -o "$tmp/held.png"
expect "junqi-render of a position with a piece in dM: exit status" 0 "$rc"
run "$D" --position "$empty" -o "$tmp/empty.png"
expect "junqi-render of a position with empty mountains: exit status" 0 "$rc"
checks=$((checks + 1))
cmp -s "$tmp/held.png" "$tmp/empty.png" && fail "junqi-render: the piece in dM is not drawn"
run "$R" --format pos --position "$held"
expect "the mountain position round-trips" "$held" "$out"
# the text board drew no mountain: south's general in dM was on no line, as if taken
run "$R" --names en --position "$held"
checks=$((checks + 1))
sed -n 7p <<<"$out" | grep -Eq '^ M +\^\^ +Sgeneral$' ||
    fail "the text board: line 7 should be the mountains, bM empty (^^) and south's general in dM: '$(sed -n 7p <<<"$out")'"
run "$R" --rules standard --format pos --position "$held"
expect "--rules without mountains on a position with a piece in one: exit status" 2 "$rc"

# --- timeouts=N: a seat eliminated for fewer timeouts than N ------------------
# the warning read as if nine timeouts had happened: "south is eliminated for 9 timeouts
# (timeouts=9) after 5" (break8 G9); it now says how many there were first
run "$V" --rules qq,timeouts=9 "$JUNQI_ROOT/tests/data/qq/jgs-002724.jgs"
expect "an elimination for 5 timeouts under timeouts=9: the warning" \
    "record 18 (offset 0x250): warning: south is eliminated for timeouts after 5 of them, and under timeouts=9 it takes 9" \
    "$(grep -o 'record 18.*' <<<"$out")"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
