#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/rules.sh - rule strings on the command line of every tool
# (--rules NAME[,SWITCH=VALUE]..., docs/conventions.md), and what does not fit
# a game: a rule set of the other board, a seat that takes no part (--view,
# --only-seat) are usage errors, exit 2, naming the input (issue 10, defect 9).
# Conversions keep a record's rule set (issue 10, defect 3).
#
# Environment (set by tests/run-tests): JUNQI_BIN, JUNQI_ROOT.
set -u

name=rules.sh
. "$(dirname "$0")/lib"
V=$JUNQI_BIN/junqi-validate R=$JUNQI_BIN/junqi-replay
D=$JUNQI_BIN/junqi-render A=$JUNQI_BIN/junqi-analyze
F=$JUNQI_ROOT/samples/formations
QQ=$JUNQI_ROOT/samples/qq/jgs-000001.jgs

need_jq
two=$tmp/two.jgn
"$R" --board two-player --setup south="$F/F07.yaml" --setup north="$F/F13.yaml" >"$two.head"
sed "s/^\*$/1. c5-b5 2. c8-d8 */" "$two.head" >"$two"
run "$V" "$two"
expect "the two-player test record is valid" 0 "$rc"

# --- a rule string is accepted by every tool, and a bad one is a usage error ---
rs=standard,landmine_vs_piece=both_removed,mode=open
# (of a record whose Mode tag says open: --rules may not say another mode than the record's, below)
two_open=$tmp/mode-open.jgn
sed 's/^\[Mode "dark"\]/[Mode "open"]/' "$two" >"$two_open"
run "$V" --rules "$rs" "$two_open"
expect "junqi-validate --rules $rs: exit status" 0 "$rc"
run "$R" --rules "$rs" --format pos "$two_open"
expect "junqi-replay --rules $rs --format pos: exit status" 0 "$rc"
expect "junqi-replay --rules $rs --format pos: the rule string ends the position" \
    "$rs" "${out##* }"
run "$R" --rules "$rs" --to json "$two_open"
expect "junqi-replay --rules $rs --to json: .rules" "$rs" "$(jq -r .rules <<<"$out")"
expect "junqi-replay --rules $rs --to json: .mode" open "$(jq -r .mode <<<"$out")"
run "$R" --rules "$rs" --to jgn "$two_open"
checks=$((checks + 1))
grep -qxF "[Rules \"$rs\"]" <<<"$out" || fail "junqi-replay --rules $rs --to jgn: expected the Rules tag, got '${out:0:200}'"
run "$D" --rules "$rs" "$two_open" -o "$tmp/two.png"
expect "junqi-render --rules $rs: exit status" 0 "$rc"
run "$A" --rules "$rs" --perft 1 "$two_open"
expect "junqi-analyze --rules $rs --perft 1: exit status" 0 "$rc"
run "$R" --rules "standard,mode=open,landmine_vs_piece=both_removed" --format pos "$two_open"
expect "junqi-replay --rules in another order: written canonically" "$rs" "${out##* }"

for tool in "$V" "$R" "$D" "$A"; do
    t=$(basename "$tool")
    for bad in "chess" "standard,mode=bright" "standard,speed=fast" "standard," ""; do
        run "$tool" --rules "$bad" "$two"
        expect "$t --rules '$bad': exit status" 2 "$rc"
        expect "$t --rules '$bad': standard output" "" "$out"
        checks=$((checks + 1))
        grep -q "^$t: --rules: " <<<"$err" || fail "$t --rules '$bad': expected '$t: --rules: ...' on standard error, got '$err'"
    done
done
run "$V" --rules standard,mode=bright "$two"
expect "junqi-validate --rules standard,mode=bright: the message lists the values" \
    "junqi-validate: --rules: mode takes dark, double-open or open, not 'bright'" "$(head -n 1 <<<"$err")"

# --- a rule set of the other board does not fit: exit 2, the input named --------
# $three: game 1 of the four-player board (qq fits it), game 2 the two-player
# record; render and analyze take game 2 with --game 2
three=$tmp/three.jgn
"$R" --to jgn "$QQ" >"$three"
echo >>"$three"
line2=$(($(wc -l <"$three") + 1))
cat "$two" >>"$three"
for tool in "$V" "$R" "$D" "$A"; do
    t=$(basename "$tool")
    extra=()
    [ "$t" = junqi-render ] && extra=(-o "$tmp/x.png")
    [ "$t" = junqi-analyze ] && extra=(--perft 1)
    run "$tool" --rules qq "${extra[@]}" "$two"
    expect "$t --rules qq on a two-player game: exit status" 2 "$rc"
    # a usage error about one game of a JGN file names it (docs/conventions.md, "Which item")
    expect "$t --rules qq on a two-player game: message" \
        "$t: $two: game 1 (line 1): --rules qq is for the four-player board, and this is a two-player game" \
        "$(head -n 1 <<<"$err")"
    game2=()
    case $t in junqi-render | junqi-analyze) game2=(--game 2) ;; esac
    run "$tool" --rules qq "${extra[@]}" "${game2[@]}" "$three"
    expect "$t --rules qq on game 2 of a file: the game and its line named" \
        "$t: $three: game 2 (line $line2): --rules qq is for the four-player board, and this is a two-player game" \
        "$(head -n 1 <<<"$err")"
    # a QQ replay holds one game: its file is the game
    run "$tool" --rules standard "${extra[@]}" "$QQ"
    expect "$t --rules standard on a four-player game: exit status" 2 "$rc"
    expect "$t --rules standard on a QQ replay: the file named" \
        "$t: $QQ: --rules standard is for the two-player board, and this is a four-player game" \
        "$(head -n 1 <<<"$err")"
done
run "$R" --rules qq --board two-player --setup south="$F/F07.yaml"
expect "junqi-replay --setup --rules qq on the two-player board: exit status" 2 "$rc"
# a set without the mountain points a position's pieces stand on (docs/position.md's example, a piece
# sheltering on dM): said as the library's calls say it (junqi_game_check_rules), a usage error
printf '[Board "two-player"]\n[Rules "standard,mountain=shelter"]\n[Position "%s"]\n\n*\n' \
    "NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/.S8/.1125/9.3.2/72.B7/5.3.4/6B63L/1L4FL n 0 1 -" >"$tmp/shelter.jgn"
run "$V" --rules standard "$tmp/shelter.jgn"
expect "--rules standard on a position with a piece on a mountain" \
    "2 junqi-validate: $tmp/shelter.jgn: game 1 (line 1): --rules standard has no mountain points, and the game's position has pieces on them" \
    "$rc $(head -n 1 <<<"$err")"

# --- seats that take no part: exit 2 -------------------------------------------
run "$R" --view west "$two"
expect "junqi-replay --view west on a two-player game: exit status" 2 "$rc"
expect "junqi-replay --view west on a two-player game: message" \
    "junqi-replay: $two: game 1 (line 1): --view west: west takes no part in this game (its seats: north, south)" \
    "$(head -n 1 <<<"$err")"
run "$R" --view west --to jgn "$two"
expect "junqi-replay --view west --to jgn on a two-player game: exit status" 2 "$rc"
run "$D" --view west "$two" -o "$tmp/w.png"
expect "junqi-render --view west on a two-player game: exit status" 2 "$rc"
expect "junqi-render --view west on a two-player game: names --view, not --bottom" \
    "junqi-render: $two: game 1 (line 1): --view west: west takes no part in this game (its seats: north, south)" \
    "$(head -n 1 <<<"$err")"
run "$D" --view west --game 2 "$three" -o "$tmp/w.png"
expect "junqi-render --view west on game 2 of a file: the game named" \
    "junqi-render: $three: game 2 (line $line2): --view west: west takes no part in this game (its seats: north, south)" \
    "$(head -n 1 <<<"$err")"
run "$D" --view west "$three" -o "$tmp/w-%n.html"
expect "junqi-render --view west, pages: exit status" 2 "$rc"
expect "junqi-render --view west, pages: game 2 named" \
    "junqi-render: $three: game 2 (line $line2): --view west: west takes no part in this game (its seats: north, south)" \
    "$(head -n 1 <<<"$err")"
run "$D" --bottom west "$two" -o "$tmp/w.png"
expect "junqi-render --bottom west on a two-player game: exit status" 2 "$rc"
expect "junqi-render --bottom west on a two-player game: the game named" \
    "junqi-render: $two: game 1 (line 1): the two-player board has no west seat to draw at the bottom" \
    "$(head -n 1 <<<"$err")"
run "$D" --infer "$two" -o "$tmp/w.png"
expect "junqi-render --infer without --view on a dark game: exit status" 2 "$rc"
expect "junqi-render --infer without --view on a dark game: the game named" \
    "junqi-render: $two: game 1 (line 1): --infer needs --view SEAT: whose knowledge of the hidden pieces?" \
    "$(head -n 1 <<<"$err")"
run "$A" --only-seat east "$two"
expect "junqi-analyze --only-seat east on a north/south game: exit status" 2 "$rc"
expect "junqi-analyze --only-seat east on a north/south game: message" \
    "junqi-analyze: $two: game 1 (line 1): --only-seat east: east takes no part in this game (its seats: north, south)" \
    "$(head -n 1 <<<"$err")"
run "$A" --only-seat east --game 2 "$three"
expect "junqi-analyze --only-seat east on game 2 of a file: exit status" 2 "$rc"
expect "junqi-analyze --only-seat east on game 2 of a file: the game named" \
    "junqi-analyze: $three: game 2 (line $line2): --only-seat east: east takes no part in this game (its seats: north, south)" \
    "$(head -n 1 <<<"$err")"
printf '[Board "two-player"]\n[View "west"]\n\n*\n' >"$tmp/view.jgn"
run "$V" "$tmp/view.jgn"
expect "junqi-validate [View \"west\"] on a two-player game: exit status" 1 "$rc"
checks=$((checks + 1))
grep -qF "$tmp/view.jgn:2:1: error: View: west takes no part in this game (its seats: north, south)" <<<"$out" ||
    fail "junqi-validate [View \"west\"]: expected a located error, got '$out'"

# --- setups under bomb_front_row: formation files, --setup, records ------------------
# F07 with its bomb of row 3 swapped with the general of row 1
sed -e 's/\[军长, 工兵/[炸弹, 工兵/' -e 's/\[师长, 排长, ~, 炸弹/[师长, 排长, ~, 军长/' \
    -e 's/^board: four-player/board: two-player/' "$F/F07.yaml" >"$tmp/front.yaml"
run "$V" "$tmp/front.yaml"
expect "a formation with a bomb in row 1: invalid" 1 "$rc"
checks=$((checks + 1))
grep -q "bomb-front-row\|bombs may not start in row 1" <<<"$out" || fail "expected the bomb-front-row error, got '$out'"
run "$V" --rules standard,bomb_front_row=allow "$tmp/front.yaml"
expect "the same formation under bomb_front_row=allow: valid" 0 "$rc"
run "$R" --setup south="$tmp/front.yaml" --setup north="$F/F13.yaml"
expect "--setup with a bomb in row 1 under standard: refused" 1 "$rc"
run "$R" --rules standard,bomb_front_row=allow --setup south="$tmp/front.yaml" --setup north="$F/F13.yaml"
expect "--setup with a bomb in row 1 under bomb_front_row=allow: exit status" 0 "$rc"
printf '%s\n' "$out" >"$tmp/front.jgn"
checks=$((checks + 1))
grep -qxF '[Rules "standard,bomb_front_row=allow"]' "$tmp/front.jgn" || fail "--setup: expected the Rules tag, got '$out'"
run "$V" "$tmp/front.jgn"
expect "the record it writes is valid" 0 "$rc"
run "$V" --rules standard "$tmp/front.jgn"
expect "and invalid under --rules standard" 1 "$rc"

# --- a position record keeps its Rules tag through a conversion (defect 3) -------
pos=".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -"
printf '[Board "two-player"]\n[Rules "wiki"]\n[Position "%s"]\n\n41. b11>b12 south\n' "$pos" >"$tmp/pos.jgn"
run "$R" --to jgn "$tmp/pos.jgn"
checks=$((checks + 1))
grep -qxF '[Rules "wiki"]' <<<"$out" || fail "junqi-replay --to jgn of a wiki position game: expected Rules wiki, got '$out'"
run "$R" --to json "$tmp/pos.jgn"
expect "junqi-replay --to json of a wiki position game: .rules" wiki "$(jq -r .rules <<<"$out")"
run "$R" --format pos "$tmp/pos.jgn"
expect "junqi-replay --format pos of a wiki position game: the RULES field" wiki "${out##* }"

# --- a First tag and the first= of --rules say one thing (docs/jgn.md §2) ----------
# a conversion under --rules standard,first=north of a record that says [First "south"]
# wrote both, a record its own reader refuses; it is now a usage error naming both
sed 's/^\[North /[First "south"]\n&/' "$two" >"$tmp/first.jgn"
run "$V" "$tmp/first.jgn"
expect "a record with [First \"south\"]: valid" 0 "$rc"
for tool in "$V" "$R"; do
    t=$(basename "$tool")
    run "$tool" --rules standard,first=north "$tmp/first.jgn"
    expect "$t --rules standard,first=north on [First \"south\"]: exit status" 2 "$rc"
    expect "$t --rules standard,first=north on [First \"south\"]: the message" \
        "$t: $tmp/first.jgn: game 1 (line 1): --rules standard,first=north has first=north, and the record's First tag says south" \
        "$(head -n 1 <<<"$err")"
done
run "$R" --rules standard,first=south --to jgn "$tmp/first.jgn"
expect "junqi-replay --rules standard,first=south on [First \"south\"]: exit status" 0 "$rc"
printf '%s\n' "$out" >"$tmp/first-out.jgn"
run "$V" "$tmp/first-out.jgn"
expect "and the record it writes is valid" 0 "$rc"
# and the same of first=south, the standard set's own seat, over [First "north"]: the first=
# typed was dropped without a word (the canonical rule string does not spell a default), the
# record's north played first, and "south's ... moves, but it is north's turn" followed
sed 's/^\[North /[First "north"]\n&/' "$two" >"$tmp/first-north.jgn"
for tool in "$V" "$R"; do
    t=$(basename "$tool")
    run "$tool" --rules standard,first=south "$tmp/first-north.jgn"
    expect "$t --rules standard,first=south on [First \"north\"]: exit status, the message" \
        "2 $t: $tmp/first-north.jgn: game 1 (line 1): --rules standard,first=south has first=south, and the record's First tag says north" \
        "$rc $(head -n 1 <<<"$err")"
done
run "$R" --rules standard --to jgn "$tmp/first-north.jgn"
# (status 1: its moves start with south's, as without --rules; no usage error)
expect "junqi-replay --rules standard (no first=) on [First \"north\"]: the record's First kept" "1 1" \
    "$rc $(grep -cxF '[First "north"]' <<<"$out")"
# --- a Mode tag and the mode= of --rules say one thing, as First and first= do ----------------
# --rules standard,mode=dark over [Mode "open"] played the game dark without a word (h-break3 B6);
# it is now a usage error naming both, in every tool that reads records, before anything is written
for tool in "$V" "$R" "$D -o $tmp/mode.png" "$A --perft 1" "$A --nodes 50 -o $tmp/mode-a.jgn"; do
    t=$(basename "${tool%% *}")
    # shellcheck disable=SC2086 # $tool is words on purpose
    for rs in standard,mode=dark open,mode=dark; do
        run $tool --rules "$rs" "$tmp/mode-open.jgn"
        expect "$tool --rules $rs on [Mode \"open\"]: exit status, nothing written, the message" \
            "2 $t: $tmp/mode-open.jgn: game 1 (line 1): --rules $rs has mode=dark, and the record's Mode tag says open" \
            "$rc $out$(head -n 1 <<<"$err")"
        checks=$((checks + 1))
        [ ! -e "$tmp/mode.png" ] && [ ! -e "$tmp/mode-a.jgn" ] || fail "$tool --rules $rs: a file was written"
    done
    # shellcheck disable=SC2086
    run $tool --rules standard,mode=open "$tmp/mode-open.jgn"
    expect "$tool --rules standard,mode=open on [Mode \"open\"]: the same mode, no usage error" 0 "$rc"
    rm -f "$tmp/mode.png" "$tmp/mode-a.jgn"
done
# a record whose Mode the --rules cannot contradict: none (the rule set's), or the set's own
sed '/^\[Mode /d' "$two" >"$tmp/mode-none.jgn"
run "$R" --rules standard,mode=open --to json "$tmp/mode-none.jgn"
expect "junqi-replay --rules standard,mode=open on a record with no Mode tag: played open" "0 open" \
    "$rc $(jq -r .mode <<<"$out")"
# the second game contradicts: junqi-replay -o writes no file (on standard output the first game
# is out before the second is read, as with first= and every usage error about one game)
cat "$tmp/mode-none.jgn" "$tmp/mode-open.jgn" >"$tmp/mode-two.jgn"
run "$R" --rules standard,mode=dark -o "$tmp/mode-two-out.jgn" "$tmp/mode-two.jgn"
expect "junqi-replay --rules standard,mode=dark -o, game 2 of 2 [Mode \"open\"]: exit status, the message" \
    "2 junqi-replay: $tmp/mode-two.jgn: game 2 (line 10): --rules standard,mode=dark has mode=dark, and the record's Mode tag says open" \
    "$rc $(head -n 1 <<<"$err")"
checks=$((checks + 1))
[ ! -e "$tmp/mode-two-out.jgn" ] || fail "junqi-replay --rules standard,mode=dark -o, game 2 of 2: a file was written"
printf '[Board "two-player"]\n[Rules "standard,first=north"]\n[First "south"]\n\n*\n' >"$tmp/both.jgn"
run "$V" "$tmp/both.jgn"
expect "[Rules \"standard,first=north\"] with [First \"south\"]: exit status" 1 "$rc"
expect "[Rules \"standard,first=north\"] with [First \"south\"]: the error at the First tag" \
    "$tmp/both.jgn:3:1: error: First: the Rules tag says first=north, not south" "$(head -n 1 <<<"$out")"

# --- the EXAMPLES of junqi-rules(7), run as written: game.jgn a record the tools wrote (so
# [Mode "dark"], as --setup writes it), game.jgs a QQ replay; each must work ---
mkdir "$tmp/man7"
cp "$two" "$tmp/man7/game.jgn"
cp "$QQ" "$tmp/man7/game.jgs"
awk '/^\.SH EXAMPLES/ { in_section = 1; next } in_section && /^\.fi/ { exit }
     in_section && !/^\./ { print }' "$JUNQI_ROOT/docs/man/junqi-rules.7" | sed 's/\\-/-/g' >"$tmp/man7.lines"
expect "junqi-rules(7) has its examples" 4 "$(grep -c '^junqi-' "$tmp/man7.lines")"
while IFS= read -r line; do
    (cd "$tmp/man7" && PATH=$JUNQI_BIN:$PATH bash -c "$line") </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
    expect "junqi-rules(7) example '$line': exit status (stderr: $(head -c 200 "$tmp/err"))" 0 "$rc"
done <"$tmp/man7.lines"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
