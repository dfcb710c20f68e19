#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/analyze.sh - junqi-analyze --go and --bench on the bundled real
# games (tests/data/perft/replays, samples/qq):
#   - --go prints bestmove, eval, winprob, pv, depth and nodes, in text and
#     as one JSON object with those keys; the best move is legal (it is the
#     first move of its line, and --perft --divide lists it);
#   - the output does not depend on --threads, at a fixed depth and with
#     --view mover samples;
#   - with --view all --depth 2, a position where the mover captured a flag
#     in the real game gets a flag capture (the same move here);
#   - --multipv 3 lists three different moves; --bench gives the pinned
#     bench signature (its node count)
#     that does not change between runs; --bench --depth 3 keeps the flip
#     positions at their depth 2, --depth 1 lowers them;
#   - a finished game (and a finished --position, and a seat's view record of
#     it) is "the game is over" with its result, exit 0; one seat's view record keeps its assignments after a
#     marshal trade (issue 12 §6);
#   - usage errors exit 2 (a bad --view, --bench with an input, --multipv 0,
#     two modes, an option of another mode),
#     a ply past the end exits 2, a missing file 3, a record whose replay
#     cannot start (one seat) 1 with its reason said once, a broken text
#     searched with --lenient 1 with its error said.
#
# Requires jq. Environment (set by tests/run-tests): JUNQI_BIN = the
# directory of the tools, JUNQI_ROOT = the repository root. Prints one line
# per failed check and a summary; exits 1 if any check failed.
set -u

name=analyze.sh
. "$(dirname "$0")/lib"
A=$JUNQI_BIN/junqi-analyze
R=$JUNQI_ROOT/tests/data/perft/replays

need_jq


# text output: the six lines, in order
out=$("$A" --go --ply 40 --view all --depth 3 "$R/jgs-000029.jgs")
expect "--go text: exit status" 0 "$?"
expect "--go text: keys" "bestmove eval winprob pv depth nodes" \
    "$(awk '{print $1}' <<<"$out" | head -6 | tr '\n' ' ' | sed 's/ $//')"
best=$(awk '$1 == "bestmove" {print $2}' <<<"$out")
expect "--go text: the pv starts with the best move" "$best" "$(awk '$1 == "pv" {print $2}' <<<"$out")"
expect "--go text: depth" 3 "$(awk '$1 == "depth" {print $2}' <<<"$out")"
legal=$("$A" --perft 1 --divide --ply 40 --format json "$R/jgs-000029.jgs" | jq -r --arg m "$best" '.divide | has($m)')
expect "--go: the best move $best is legal" true "$legal"

# JSON output
json=$("$A" --go --ply 40 --view all --depth 3 --format json "$R/jgs-000029.jgs")
expect "--go json: keys" '["bestmove","depth","eval","nodes","pv","winprob"]' \
    "$(jq -c '[keys[] | select(IN("bestmove","eval","winprob","pv","depth","nodes"))]' <<<"$json")"
expect "--go json: same move as text" "$best" "$(jq -r .bestmove <<<"$json")"
expect "--go json: winprob in 0..1" true "$(jq '.winprob >= 0 and .winprob <= 1' <<<"$json")"

# threads do not change the result
for args in "--view all --depth 4" "--view mover --samples 4 --nodes 5000 --seed 7"; do
    one=$("$A" --go --ply 80 $args --threads 1 --format json "$R/jgs-000150.jgs")
    two=$("$A" --go --ply 80 $args --threads 2 --format json "$R/jgs-000150.jgs")
    expect "--go $args: --threads 1 and 2 agree" "$one" "$two"
done
expect "--view mover: samples" 4 \
    "$("$A" --go --ply 80 --view mover --samples 4 --nodes 2000 --format json "$R/jgs-000150.jgs" | jq .samples)"

# flag captures of the real games are found at depth 2 (view all): the
# engine's move goes to the flag's point (the played move's target)
found=0 total=0
while read -r file ply move; do
    total=$((total + 1))
    got=$("$A" --go --ply "$ply" --view all --depth 2 --format json "$R/$file" | jq -r .bestmove)
    [ "${got#*-}" == "${move#*-}" ] && found=$((found + 1))
done < <(cat <<'EOF'
jgs-000150.jgs 116 a9-a10
jgs-000492.jgs 103 j2-j1
jgs-001141.jgs 359 p8-q8
jgs-002108.jgs 264 i17-j17
EOF
)
expect "flag captures found at depth 2" "$total" "$found"

# multipv
moves=$("$A" --go --ply 30 --view all --depth 2 --multipv 3 --format json "$R/jgs-000281.jgs" |
    jq -r '[.multipv[].move] | unique | length')
expect "--multipv 3: three different moves" 3 "$moves"

# --level easy may play a line other than the best, or a deliberate move outside the lines: eval,
# winprob and pv are the chosen move's own, in text, JSON and the protocol's summary info line, and
# a move outside the lines has none (eval and winprob null, text and info line without them; they
# gave the best line's eval beside the chosen move's pv). jgs-000029 at --level easy --view all:
# ply 1 plays the fourth line, ply 8 a move outside the four
own='(.bestmove as $b | [.multipv[] | select(.move == $b)][0]) as $l |
    [.bestmove, .eval, .winprob, (.pv | join(" "))] == [.bestmove, $l.eval, $l.winprob, ($l.pv // [.bestmove] | join(" "))]'
plain() { awk '{for (i = 1; i < NF; i++) if ($i == "winprob") $(i + 1) += 0; print}'; } # 0.490 as jq writes it, 0.49
for ply in 1 8; do
    json=$("$A" --go --ply "$ply" --view all --level easy --format json "$R/jgs-000029.jgs")
    expect "--level easy, ply $ply: the JSON's eval, winprob and pv are the chosen move's line's" true \
        "$(jq "$own" <<<"$json")"
    expect "--level easy, ply $ply: the text gives the same move, eval, winprob and pv" \
        "$(jq -r '"bestmove \(.bestmove)", (.eval // empty | "eval \(.)"), (.winprob // empty | "winprob \(.)"),
            "pv \(.pv | join(" "))"' <<<"$json")" \
        "$("$A" --go --ply "$ply" --view all --level easy "$R/jgs-000029.jgs" | grep '^\(bestmove\|eval\|winprob\|pv\) ' |
            plain)"
    expect "--level easy, ply $ply: the protocol's summary line and bestmove are the same" \
        "$(jq -r '"info depth \(.depth)" + (if .eval then " score cp \(.eval) winprob \(.winprob)" else "" end) +
            " pv \(.pv | join(" "))", "bestmove \(.bestmove)"' <<<"$json")" \
        "$(printf '%s\n' "position file $R/jgs-000029.jgs ply $ply" "setoption name Level value easy" \
            "setoption name View value all" go | "$A" --engine | tail -n 2 | sed 's/ nodes [0-9]* nps [0-9]* time [0-9]*//' |
            plain)"
done
expect "--level easy: ply 1 plays the fourth line, ply 8 a move outside the lines" "4 0" \
    "$(for ply in 1 8; do "$A" --go --ply "$ply" --view all --level easy --format json "$R/jgs-000029.jgs" |
        jq '.bestmove as $b | ([.multipv[].move] | index($b) // -1) + 1'; done | paste -sd' ')"

# bench: the signature, as engines pin theirs. The default --bench searches
# fixed positions to a fixed depth, so its node count depends only on the
# search and the evaluation, never on threads or the machine. A change to
# either changes this number: update it in the same commit and give the new
# signature in the commit message. (Measured with --threads 1; checked with 2.)
BENCH_SIGNATURE=7717489
bench=$("$A" --bench --threads 2 --format json)
expect "--bench --threads 2: the bench signature (node count)" "$BENCH_SIGNATURE" "$(jq .nodes <<<"$bench")"
# the flip games' own (flip_search.h, junqi_flip_bench_positions): the same rule,
# for the flip search and evaluation (docs/engine.md "Flip games")
FLIP_BENCH_SIGNATURE=3854243
expect "--bench --threads 2: the flip bench signature (node count)" "$FLIP_BENCH_SIGNATURE" \
    "$(jq .flip_nodes <<<"$bench")"
# --bench --depth D: the positions of both boards to D, the flip ones to their depth 2, or
# to D when it is lower (with --depth 3 they were searched to depth 3, over ten minutes).
# timeout only guards against a hang; it is no time limit.
bench=$(timeout 600 "$A" --bench --depth 3 --format json)
expect "--bench --depth 3: exit status" 0 "$?"
expect "--bench --depth 3: the flip positions at depth 2 (the flip signature)" "$FLIP_BENCH_SIGNATURE" \
    "$(jq .flip_nodes <<<"$bench")"
bench=$(timeout 600 "$A" --bench --depth 1 --format json)
checks=$((checks + 1))
jq -e --argjson s "$FLIP_BENCH_SIGNATURE" '.flip_nodes > 0 and .flip_nodes < $s / 100' <<<"$bench" >/dev/null ||
    fail "--bench --depth 1: the flip positions are not searched to depth 1: $(jq .flip_nodes <<<"$bench") nodes"

# a finished game (issue 10, defect 1): the game is over, exit 0, never a
# search of uninitialised samples nor a win probability
S=$JUNQI_ROOT/samples/qq/jgs-000689.jgs
run "$A" --go "$S"
expect "--go on a finished game: exit status" 0 "$rc"
expect "--go on a finished game: text" "bestmove (none)
the game is over: north-south won (flag captured)" "$out"
run "$A" --go --format json "$S"
expect "--go on a finished game: JSON" 'null "north-south" "flag_captured" null' \
    "$(jq -r '[.bestmove, .result, .reason, .winprob] | map(tojson) | join(" ")' <<<"$out")"
run "$A" --go --view all "$S"
expect "--go --view all on a finished game" "0 the game is over: north-south won (flag captured)" \
    "$rc $(tail -n 1 <<<"$out")"
pos=$("$JUNQI_BIN/junqi-replay" --format pos "$S")
run "$A" --go --format json --position "$pos"
expect "--go --position of a finished position" '0 null "north-south"' \
    "$rc $(jq -r '[.bestmove, .result] | map(tojson) | join(" ")' <<<"$out")"
# ... and a seat's view record of it, whose other seats' pieces stay hidden: still the result,
# not "no assignment of the hidden pieces agrees with the record"
"$JUNQI_BIN/junqi-replay" --to jgn --view east "$S" >"$tmp/east-end.jgn"
run "$A" --go "$tmp/east-end.jgn"
expect "--go on east's view of a finished game" "0 bestmove (none)
the game is over: north-south won (flag captured)" "$rc $out"

# one seat's view record (issue 12 §6): east's marshal trades with north's
# at move 8, both flags shown; every later position still has assignments
cat >"$tmp/east.jgn" <<'EOF'
[Board "four-player"]
[Rules "qq"]
[View "east"]
[North "?"]
[East "?"]
[South "?"]
[West "?"]
[EastSetup "52467/B.1.9/78.16/B.3.3/LL251/4FL23"]

1. g13-h13 2. f11>g12 3. g6-g11 4. l11>k12 5. j12>k12 6. g12>g11 7. h6-g6
8. m11=k12 flag:q8 flag:h17 9. g14=g11 10. e11=g15 11. g6-h6 *
EOF
for ply in 7 11; do # east to move: after the trade (ply 11) too
    run "$A" --go --ply "$ply" --nodes 2000 --samples 4 --format json "$tmp/east.jgn"
    expect "--go on east's view record at ply $ply" "0 true" "$rc $(jq '.bestmove != null' <<<"$out")"
done
# ... and at another seat's turn the record does not hold what the mover knew: refused (it was
# played with east's knowledge standing in for north's), as the protocol's go and Python's go()
for ply in 8:north 9:west 10:south; do
    run "$A" --go --ply "${ply%:*}" --nodes 2000 --samples 4 "$tmp/east.jgn"
    expect "--go on east's view record at ply ${ply%:*}, ${ply#*:} to move" \
        "1 junqi-analyze: $tmp/east.jgn: game 1 (line 1): ${ply#*:} is to move, and the record does not show ${ply#*:}'s pieces: what that seat knew is not in it" \
        "$rc $err$out"
done
# in a double-open game east's record shows its partner west's pieces: west's turn is played
"$JUNQI_BIN/junqi-replay" --to jgn "$S" | sed 's/\[Mode "dark"\]/[Mode "double-open"]/' |
    "$JUNQI_BIN/junqi-replay" --view east --to jgn - >"$tmp/double-east.jgn"
run "$A" --go --ply 9 --nodes 500 --samples 2 --format json "$tmp/double-east.jgn"
expect "--go on east's double-open record at its partner west's turn" "0 west true" \
    "$rc $(jq -r '"\(.to_move) \(.bestmove != null)"' <<<"$out")"

# errors
"$A" --go --view sideways "$R/jgs-000029.jgs" >/dev/null 2>&1
expect "--view sideways: usage error" 2 "$?"
"$A" --go --ply 99999 "$R/jgs-000029.jgs" >/dev/null 2>&1
expect "--ply past the end: usage error" 2 "$?"
"$A" --go "$R/no-such-file.jgs" >/dev/null 2>&1
expect "a missing file" 3 "$?"
"$A" --bench "$R/jgs-000029.jgs" >/dev/null 2>&1
expect "--bench with an input: usage error" 2 "$?"
"$A" --go --multipv 0 "$R/jgs-000029.jgs" >/dev/null 2>&1
expect "--multipv 0: usage error" 2 "$?"
# one mode at a time, and only the options of that mode (they were silently ignored)
G=$R/jgs-000029.jgs
# -o through a link to a file not there yet, and --graph that file: the graph was written, then the
# annotation over it through the link (exit 0, no graph)
ln -s new.png "$tmp/link-to-new.png"
# an empty --graph is said as an empty -o is (docs/conventions.md, "Options"), not as a bad extension
run "$A" --graph "" "$G"
expect "--graph ''" "2 junqi-analyze: --graph takes a file's name, not ''" "$rc $(head -n 1 <<<"$err")"
while IFS='|' read -r args said; do
    # shellcheck disable=SC2086 # $args is words on purpose
    run "$A" $args </dev/null
    expect "junqi-analyze $args" "2 junqi-analyze: $said" "$rc $(head -n 1 <<<"$err")"
done <<EOF2
--go --engine|--go and --engine exclude each other: one of --go, --bench, --perft and --engine
--engine --bench|--engine and --bench exclude each other: one of --go, --bench, --perft and --engine
--perft 2 --go $G|--perft and --go exclude each other: one of --go, --bench, --perft and --engine
--bench --nodes 5|--nodes belongs to annotation, --go and --engine
--perft 1 --seed 3 $G|--view, --samples and --seed belong to annotation, --go and --engine
--perft 1 --threads 2 $G|--threads does not apply to --perft
--go --divide $G|--divide belongs to --perft
--engine --rules qq|--rules belongs to annotation, --go and --perft
--bench --position x|--position belongs to annotation, --go and --perft
--engine --format json|--format does not apply to --engine (it speaks the protocol)
--engine --depth 3|--depth belongs to annotation, --go and --bench
--engine $G|--engine reads its commands from standard input: no input
--go --view all --samples 3 $G|--samples and --seed belong to --view mover (--view all searches one position)
--bench --view all --seed 3|--view, --samples and --seed belong to annotation, --go and --engine
-o $tmp/same.png --graph $tmp/same.png $G|-o and --graph name the same file, '$tmp/same.png'
-o $tmp/same.png --graph $tmp/../$(basename "$tmp")/./same.png $G|-o and --graph name the same file, '$tmp/../$(basename "$tmp")/./same.png'
-o $tmp/link-to-new.png --graph $tmp/new.png $G|-o and --graph name the same file, '$tmp/new.png'
--graph - $G|--graph - and the annotation both go to standard output: write the annotation with -o FILE
--graph /dev/stdout --graph-format svg $G|--graph /dev/stdout and the annotation both go to standard output: write the annotation with -o FILE
-o - --graph - $G|--graph - and the annotation both go to standard output: write the annotation with -o FILE
-o /dev/stdout --graph - $G|--graph - and the annotation both go to standard output: write the annotation with -o FILE
-o $tmp/a.jgn --graph /dev/stdout $G|cannot tell the format of --graph /dev/stdout from its name: use --graph-format png or svg
-o $tmp/a.jgn --graph $tmp/graph $G|cannot tell the format of --graph $tmp/graph from its name: use --graph-format png or svg
-o $tmp/a.jgn --graph $tmp/graph.txt $G|cannot tell the format of --graph $tmp/graph.txt from its name: use --graph-format png or svg
-o $tmp/a.jgn --graph $tmp/graph.gif $G|--graph writes .png or .svg, not '$tmp/graph.gif'
-o $tmp/a.jgn --graph $tmp/graph.png --graph-format gif $G|--graph-format takes png or svg, not 'gif'
-o $tmp/a.jgn --graph-format svg $G|--graph-format is the format of --graph: it takes --graph
--go --graph-format svg $G|-o, --graph, --graph-format, --only-seat and --thresholds belong to annotation (no --go, --bench, --perft, --engine)
EOF2

# a record whose replay cannot start (one seat): invalid, its reason said once, nothing searched
printf '[Board "two-player"]\n[North "?"]\n\n*\n' >"$tmp/one-seat.jgn"
for mode in "--go --depth 1" "--perft 1"; do
    # shellcheck disable=SC2086 # $mode is words on purpose
    run "$A" $mode "$tmp/one-seat.jgn"
    expect "${mode%% *} on a one-seat record: invalid, nothing printed" "1 " "$rc $out"
    expect "${mode%% *} on a one-seat record: the reason once" 1 "$(grep -c 'only one seat takes part' <<<"$err")"
done
# a game whose text is broken: --lenient searches what it salvaged, says the error and exits 1
"$JUNQI_BIN/junqi-replay" --to jgn "$R/jgs-000029.jgs" | sed 's/ 3\. [^ ]* / 3. a1-z9 /' >"$tmp/cut.jgn"
for mode in "--go --depth 1" "--perft 1"; do
    # shellcheck disable=SC2086 # $mode is words on purpose
    run "$A" $mode --lenient "$tmp/cut.jgn"
    expect "${mode%% *} --lenient on a broken text: exit 1, the error said once, searched" "1 1 yes" \
        "$rc $(grep -c "error: 'a1' (in 'a1-z9') is not a square" <<<"$err") $([ -n "$out" ] && echo yes)"
done

# --game N: a game of a file of several, as junqi-render's; without it game 1 and a one-line note
Q=$JUNQI_ROOT/tests/data/qq
"$JUNQI_BIN/junqi-replay" --to jgn "$R/jgs-000029.jgs" "$Q/jgs-002724.jgs" "$Q/jgs-000678.jgs" >"$tmp/three.jgn"
for mode in "--go --view all --depth 1" "--perft 1"; do
    # shellcheck disable=SC2086 # $mode is words on purpose
    {
        run "$A" $mode --ply 10 "$tmp/three.jgn"
        expect "${mode%% *}, three games, no --game: exit status" 0 "$rc"
        expect "${mode%% *}, three games, no --game: a one-line note" \
            "junqi-analyze: $tmp/three.jgn holds more than one game; game 1 is used (--game N chooses another)" "$err"
        expect "${mode%% *}, three games, no --game: game 1" "$("$A" $mode --ply 10 "$R/jgs-000029.jgs")" "$out"
        run "$A" $mode --game 2 --ply 10 "$tmp/three.jgn"
        expect "${mode%% *} --game 2: exit status, no note" "0 " "$rc $err"
        expect "${mode%% *} --game 2: the second game" "$("$A" $mode --ply 10 "$Q/jgs-002724.jgs")" "$out"
        run "$A" $mode --game 4 "$tmp/three.jgn"
        expect "${mode%% *} --game 4 of 3: exit status, nothing printed" "2 " "$rc $out"
        expect "${mode%% *} --game 4 of 3: the message" \
            "junqi-analyze: $tmp/three.jgn: --game 4 is past the end: the input holds 3 games" "$(head -n 1 "$tmp/err")"
        # whatever its size (from 100000001 on it said "--game takes a game's number"), quoted as
        # typed (one too large to count was said as 18446744073709551615, SIZE_MAX)
        for n in 100000001 99999999999999999999; do
            run "$A" $mode --game $n "$tmp/three.jgn"
            expect "${mode%% *} --game $n of 3: exit status, the message" \
                "2 junqi-analyze: $tmp/three.jgn: --game $n is past the end: the input holds 3 games" \
                "$rc $(head -n 1 "$tmp/err")"
        done
    }
done
# a file of formations holds no game: --game 2 counts what it holds as it is (it said "the input
# holds 1 game" of one formation); --game 1 is a formation, which cannot be searched
F=$JUNQI_ROOT/samples/formations
cat "$F/F01.yaml" >"$tmp/one-formation.yaml"
{ cat "$F/F01.yaml"; echo ---; cat "$F/F03.yaml"; } >"$tmp/two-formations.yaml"
for mode in "--go --view all --depth 1" "--perft 1"; do
    # shellcheck disable=SC2086 # $mode is words on purpose
    {
        run "$A" $mode --game 2 "$tmp/one-formation.yaml"
        expect "${mode%% *} --game 2 of one formation: exit status, the message" \
            "2 junqi-analyze: $tmp/one-formation.yaml: --game 2 is past the end: the input holds 1 formation and no game" \
            "$rc $(head -n 1 "$tmp/err")"
        run "$A" $mode --game 3 "$tmp/two-formations.yaml"
        expect "${mode%% *} --game 3 of two formations: exit status, the message" \
            "2 junqi-analyze: $tmp/two-formations.yaml: --game 3 is past the end: the input holds 2 formations and no game" \
            "$rc $(head -n 1 "$tmp/err")"
        run "$A" $mode --game 1 "$tmp/one-formation.yaml"
        expect "${mode%% *} --game 1 of a formation: exit status, nothing printed, the message" \
            "1 junqi-analyze: $tmp/one-formation.yaml: a formation, not a game record" "$rc $out$err"
    }
done
run "$A" --perft 1 "$R/jgs-000029.jgs"
expect "one game, no --game: no note" "" "$err"
for bad in 0 -1 x 2.5; do
    run "$A" --perft 1 --game "$bad" "$tmp/three.jgn"
    expect "--game $bad: exit status, nothing printed" "2 " "$rc $out"
done
run "$A" --perft 1 --game 1 --position "$("$JUNQI_BIN/junqi-replay" --ply 10 --format pos "$R/jgs-000029.jgs")"
expect "--game with --position: exit status" 2 "$rc"
run "$A" --bench --game 1
expect "--game with --bench: exit status" 2 "$rc"
# annotation: --game N annotates that game only (the JSON names its number), as the game alone
"$JUNQI_BIN/junqi-replay" --to jgn "$Q/jgs-000678.jgs" >"$tmp/third.jgn"
run "$A" --game 3 --view all --nodes 200 "$tmp/three.jgn"
expect "annotation --game 3: exit status, no note" "0 " "$rc $err"
expect "annotation --game 3: the third game's annotation" \
    "$("$A" --view all --nodes 200 "$tmp/third.jgn")" "$out"
expect "annotation --game 3 --format json: one game, number 3" 3 \
    "$("$A" --game 3 --view all --nodes 200 --format json "$tmp/three.jgn" | jq -s -r 'map(.game.game) | join(",")')"
run "$A" --game 4 --nodes 200 -o "$tmp/four.jgn" "$tmp/three.jgn"
expect "annotation --game 4 of 3: exit status, no file" "2 no" "$rc $([ -e "$tmp/four.jgn" ] && echo yes || echo no)"
run "$A" --game 1 --nodes 200 "$tmp/three.jgn" "$tmp/three.jgn"
expect "annotation --game with two files: exit status" 2 "$rc"

# perft counts the moves of a complete position: a seat's view (its enemies'
# pieces unknown) is refused, the complete record of the same game is not
"$JUNQI_BIN/junqi-replay" --view south --to jgn "$R/jgs-000029.jgs" >"$tmp/south.jgn"
run "$A" --perft 1 --ply 10 "$tmp/south.jgn"
expect "--perft on a seat's view: exit 1, no count" "1 " "$rc $out"
checks=$((checks + 1))
grep -q "perft needs a complete position, and this one has pieces of unknown kind" <<<"$err" ||
    fail "--perft on a seat's view: the message says why: $err"
run "$A" --perft 1 --ply 10 "$R/jgs-000029.jgs"
expect "--perft on the complete record: exit 0" 0 "$rc"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
