#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/flip.sh - the tools on flip games (docs/flip.md, docs/jgn.md §6):
# junqi-validate (valid games, a broken action located with its code),
# junqi-replay (--ply, --format text|json|pos, --view, --to jgn|json,
# --deal SEED|random and its usage errors), junqi-analyze --perft, --go
# (--level, --view, --samples and --seed: usage errors; within its node
# budget) and annotation (a collection of both families), junqi-render.
#
# Requires jq. Environment (set by tests/run-tests): JUNQI_BIN, JUNQI_ROOT.
# Uses the games of tests/data/flip/ only.
set -u

name=flip.sh
. "$(dirname "$0")/lib"
V=$JUNQI_BIN/junqi-validate
R=$JUNQI_BIN/junqi-replay
A=$JUNQI_BIN/junqi-analyze
D=$JUNQI_ROOT/tests/data/flip

need_jq

# --- every game validates, and converts to itself ------------------------------------
for rules in fanqi fanfan fanqi_wiki huqi zuhe; do
    f=$D/$rules.jgn
    run "$V" "$f"
    expect "junqi-validate $rules: exit status" 0 "$rc"
    checks=$((checks + 1))
    grep -q "valid: $rules game, 2 players" <<<"$out" || fail "junqi-validate $rules: summary '$out'"
    # without its Board tag the game is on its rule set's board: it was taken for a four-player game
    # ("rule set 'fanqi' is for the two-player board", and its Deal refused)
    sed '/^\[Board/d' "$f" >"$tmp/noboard.jgn"
    run "$V" "$tmp/noboard.jgn"
    expect "junqi-validate $rules without a Board tag: exit status" 0 "$rc"
    grep -q "warning: no Board tag: the Rules tag's '$rules' is played on the two-player board" <<<"$out" ||
        fail "junqi-validate $rules without a Board tag: '$out'"
    run "$R" --to jgn "$f"
    expect "junqi-replay --to jgn $rules: the canonical text is the file" "$(cat "$f")" "$out"
    run "$R" --to json "$f"
    expect "junqi-replay --to json $rules: rules" "$rules" "$(jq -r .rules <<<"$out")"
    # every position goes through the notation and back
    run "$R" --all --format pos "$f"
    n=0
    while IFS= read -r line; do
        back=$("$R" --format pos --position "$line")
        [ "$back" == "$line" ] || { fail "$rules: '$line' comes back as '$back'"; break; }
        n=$((n + 1))
    done <<<"$out"
    moves=$(grep -o '[0-9]*\.' "$f" | tail -1 | tr -d .)
    expect "junqi-replay --all --format pos $rules: one line per ply" "$((moves + 1))" "$n"
done

# --- --to json holds what the JGN holds: the deal, what each flip showed, the colour events,
# zuhe's absorbs and parts, carry_home's drops, a flip position (all lost or wrong before: a
# flip was {"move":"b6^","shown":null}, an absorb's outcome "move", no deal, "start" null)
run "$R" --to json "$D/fanqi.jgn"
# a flip game has no information modes (docs/jgn.md, "Mode"): "mode" was "dark"
expect "--to json fanqi: no mode" null "$(jq -r .mode <<<"$out")"
expect "--to json fanqi: the deal" "$(sed -n 's/^\[Deal "\(.*\)"\]$/\1/p' "$D/fanqi.jgn")" "$(jq -r .deal <<<"$out")"
expect "--to json fanqi: what 1. b6^b2 showed" '{"square":"b6","piece":"lieutenant","colour":"blue"}' \
    "$(jq -c '.line.items[0].shown' <<<"$out")"
expect "--to json fanqi: every flip says what it showed" "$(grep -o '\^[rb]' "$D/fanqi.jgn" | wc -l)" \
    "$(jq '[.line.items[] | select(.type == "move" and (.move | endswith("^"))) | select(.shown.colour)] | length' <<<"$out")"
expect "--to json fanqi: the colour event of 6. a5^b1" '{"seat":"north","colour":"blue"}' \
    "$(jq -c '.line.items[5].colour' <<<"$out")"
run "$R" --to json "$D/zuhe.jgn"
expect "--to json zuhe: the absorbing attacks" "$(grep -o '[a-e][0-9]*+[a-e]' "$D/zuhe.jgn" | wc -l)" \
    "$(jq '[.line.items[] | select(.outcome == "absorbs")] | length' <<<"$out")"
wiki='[Board "two-player"]
[Rules "fanqi_wiki"]
[Position ".bF.../.r2..b9/...../...../...../*3..../r4..../...../...../....5/...../..... s 0 40 sr r9877665433322111BBLLLFb87766554433222111BBLLL fanqi_wiki"]

41. a6>a7^b3 42. e11-e10 43. b11>b12 44. e10-e9 45. b12-c12 drop:b12 *'
run "$R" --to json - <<<"$wiki"
expect "--to json fanqi_wiki: the start, the revealing attack, the drop" \
    "$(sed -n 's/^\[Position "\(.*\)"\]$/\1/p' <<<"$wiki") a7 captain blue b12" \
    "$(jq -r '[.start, .line.items[0].shown.square, .line.items[0].shown.piece, .line.items[0].shown.colour, .line.items[4].drop] | join(" ")' <<<"$out")"
zuhe='[Board "two-player"]
[Rules "zuhe"]
[Position "...../...../...../b9...1/...../...../...../...../...../L.B../r1.2../....B s 0 60 sr r98776655443332211BLLLFb87766554433322211BLLF zuhe"]

61. a2+a3 62. e9-e8 63. c2+c3 64. e8-e7 65. a3-a5@1 *'
run "$R" --to json - <<<"$zuhe"
expect "--to json zuhe: the part that moves" "@1" "$(jq -r '.line.items[4].part' <<<"$out")"

# --- a broken action is located, with its code ------------------------------------------
sed 's/ 9\. d6>e6/ 9. d6>e7/' "$D/fanqi.jgn" >"$tmp/bad.jgn"
run "$V" --format json "$tmp/bad.jgn"
expect "junqi-validate broken: exit status" 1 "$rc"
expect "junqi-validate broken: first code" "attack-face-down" "$(head -1 <<<"$out" | jq -r .code)"
expect "junqi-validate broken: its move" 9 "$(head -1 <<<"$out" | jq -r .move)"
expect "junqi-validate broken: its line" 10 "$(head -1 <<<"$out" | jq -r .line)"
# a message names a piece in words, as the formation game's do (major general, not the key major_general)
sed 's/^52\. c10-d10 /52. e8-e9 /' "$D/fanqi.jgn" >"$tmp/wrongseat.jgn"
run "$V" "$tmp/wrongseat.jgn"
expect "junqi-validate, north moves red's piece: the message" \
    "$tmp/wrongseat.jgn:16:5: error: the red major general on e8 is not north's (north plays blue)" "$(head -1 <<<"$out")"
sed 's/ colour:north:blue//' "$D/fanqi.jgn" >"$tmp/nocolour.jgn"
run "$V" "$tmp/nocolour.jgn"
expect "junqi-validate without the colour event: exit status" 1 "$rc"
checks=$((checks + 1))
grep -q "north takes blue here: the record should say colour:north:blue" <<<"$out" || fail "colour event: '$out'"

# an action after the end says how the game ended (it did not: "an action on a5 after the game ended")
run "$V" --rules fanqi,no_combat_draw=5 "$D/fanqi.jgn"
expect "an action after a drawn flip game: the error says how it ended" \
    "$D/fanqi.jgn:9:49: error: an action on a5 after the game ended (draw by the no-combat rule)" \
    "$(grep -m1 'error:' <<<"$out")"

# --- positions: JSON pieces carry colour and face_down; the players' view hides identities
run "$R" --ply 10 --format json "$D/fanqi.jgn"
expect "--format json: face_down of b6 (flipped at 1)" false "$(jq -r '.pieces[] | select(.square=="b6") | .face_down' <<<"$out")"
expect "--format json: colour of b6" blue "$(jq -r '.pieces[] | select(.square=="b6") | .colour' <<<"$out")"
expect "--format json: seat of b6's piece" north "$(jq -r '.pieces[] | select(.square=="b6") | .seat' <<<"$out")"
expect "--format json: north plays blue" blue "$(jq -r '.colours.north' <<<"$out")"
expect "--format json: face-down pieces" 41 "$(jq -r '.face_down' <<<"$out")"
expect "--format json: starts with source and game, ends with rules (docs/conventions.md)" \
    "source game rules $D/fanqi.jgn 1 fanqi" \
    "$(jq -r '[(keys_unsorted | first, .[1], last), .source, .game, .rules] | join(" ")' <<<"$out")"
run "$R" --ply 10 --view south --format json "$D/fanqi.jgn"
expect "--view south: face-down pieces are unknown" 41 \
    "$(jq '[.pieces[] | select(.face_down and .piece == "unknown" and .colour == null)] | length' <<<"$out")"
run "$R" --ply 10 --view north --names short "$D/fanqi.jgn"
checks=$((checks + 1))
grep -q '?暗' <<<"$out" || fail "--view north text board: no ?暗 for a face-down piece: $out"
run "$R" --ply 10 "$D/fanqi_wiki.jgn" --view south
checks=$((checks + 1))
grep -Eq '[rb]暗' <<<"$out" || fail "fanqi_wiki --view south: backs show the colour (r暗, b暗): $out"

# --- --deal: the same deal for the same seed, a new one for another ----------------------
run "$R" --board two-player --rules fanqi --deal 7
expect "--deal 7: exit status" 0 "$rc"
deal7=$out
run "$R" --rules fanqi --deal 7
expect "--deal 7 twice: the same record" "$deal7" "$out"
checks=$((checks + 1))
grep -q '^\[Deal "r84b9Br3/26bL43/' <<<"$deal7" || fail "--deal 7: not the documented deal: $deal7"
run "$R" --rules fanqi --deal 8
checks=$((checks + 1))
[ "$out" != "$deal7" ] || fail "--deal 8 gives the deal of seed 7"
# seed 7 draws south to move first; a first seat that --rules names is kept, with seed 7's deal
# (it wrote [First "south"] under [Rules "fanqi,first=north"])
expect "--deal 7: the seed's first seat" '[First "south"]' "$(grep '^\[First' <<<"$deal7")"
run "$R" --rules fanqi,first=north --deal 7
expect "--rules fanqi,first=north --deal 7: the first seat named" '[First "north"]' "$(grep '^\[First' <<<"$out")"
expect "--rules fanqi,first=north --deal 7: seed 7's deal" "$(grep '^\[Deal' <<<"$deal7")" "$(grep '^\[Deal' <<<"$out")"
# and so is first=south, the set's own seat: seed 2 draws north, which took its place without a
# word ([First "north"] under --rules fanqi,first=south), as first=north was before
run "$R" --rules fanqi --deal 2
expect "--deal 2: the seed's first seat" '[First "north"]' "$(grep '^\[First' <<<"$out")"
run "$R" --rules fanqi,first=south --deal 2
expect "--rules fanqi,first=south --deal 2: the first seat named" '[First "south"]' "$(grep '^\[First' <<<"$out")"
run "$R" --rules zuhe --deal random
expect "--deal random: exit status" 0 "$rc"
printf '%s\n' "$out" >"$tmp/random.jgn"
run "$V" "$tmp/random.jgn"
expect "--deal random: the record validates" 0 "$rc"
for bad in "--deal 7" "--rules standard --deal 7" "--rules fanqi --deal seven" \
           "--rules fanqi --board four-player --deal 7" "--rules fanqi --deal 7 --ply 3"; do
    run "$R" $bad
    expect "junqi-replay $bad: usage error" 2 "$rc"
done
# --rules of a formation game was told to say which flip game with --rules (break6 E4)
run "$R" --rules standard --deal 7
expect "--rules standard --deal 7: the rule set named" \
    "junqi-replay: --deal starts a flip game, and --rules standard is a formation game's rule set: say which flip game (fanqi, fanfan, fanqi_wiki, huqi or zuhe)" \
    "$(head -n 1 <<<"$err")"

# --- perft -------------------------------------------------------------------------------
run "$A" --perft 3 --ply 60 "$D/fanqi.jgn"
total=${out##*nodes: }
run "$A" --perft 3 --ply 60 --divide --format json "$D/fanqi.jgn"
expect "--perft --divide: the total" "$total" "$(jq .nodes <<<"$out")"
expect "--perft --divide: the lines add up" "$total" "$(jq '[.divide[]] | add' <<<"$out")"
expect "--perft --divide: keys sorted in ASCII order" "$(jq -r '.divide | keys_unsorted[]' <<<"$out")" \
    "$(jq -r '.divide | keys_unsorted[]' <<<"$out" | LC_ALL=C sort)"
sed '/^\[Deal/d' "$D/fanqi.jgn" >"$tmp/nodeal.jgn"
run "$A" --perft 2 --ply 0 "$tmp/nodeal.jgn"
expect "--perft without a deal: invalid" 1 "$rc"
# a position of the players' view (# for a face-down piece) has no Deal to name: the message said
# "the record has no Deal" of a --position
view=$("$R" --ply 10 --view south --format pos "$D/fanqi.jgn")
run "$A" --perft 1 --position "$view"
expect "--perft of a view's position: exit status, the message" \
    "1 junqi-analyze: perft needs the identities of the face-down pieces, and they are unknown here: a record without a Deal, or a position of the players' view (# or *?)" \
    "$rc $err"

# --- the engine: --go and annotation -------------------------------------------------------
run "$A" --go --ply 60 --depth 2 "$D/fanqi.jgn"
expect "--go flip: exit status" 0 "$rc"
best=$(sed -n 's/^bestmove //p' <<<"$out")
checks=$((checks + 1))
grep -Eq '^[a-e][0-9]+([-=>^][a-e]?[0-9]*)' <<<"$best" || fail "--go flip: bestmove '$best'"
expect "--go flip: depth" 2 "$(sed -n 's/^depth //p' <<<"$out")"
run "$A" --go --ply 60 --depth 2 --threads 2 --multipv 5 --format json "$D/fanqi.jgn"
expect "--go flip JSON, 2 threads: the same bestmove" "$best" "$(jq -r .bestmove <<<"$out")"
expect "--go flip JSON: to_move" south "$(jq -r .to_move <<<"$out")"
checks=$((checks + 1))
jq -e '.actions | length == 5 and (map(.winprob) | . == (sort | reverse))' <<<"$out" >/dev/null ||
    fail "--go flip JSON: actions not listed best first"
run "$A" --go --level easy "$D/fanqi.jgn"
expect "--go flip --level: usage error" 2 "$rc"
# --view, --samples and --seed do not apply to a flip game either: usage errors as --level's in --go,
# nothing written (they were ignored, exit 0)
flipuse="junqi-analyze: $D/fanqi.jgn: game 1 (line 1): --level, --view, --samples and --seed play formation games; a flip game takes --nodes, --depth or --movetime"
for opts in "--go --ply 10 --view all" "--go --ply 10 --samples 2" "--go --ply 10 --seed 5" "--go --ply 10 --seed 0" \
    "--go --level easy"; do
    run "$A" $opts --depth 1 "$D/fanqi.jgn"
    expect "flip $opts: usage error, said once, nothing written" "2 |$flipuse" "$rc $out|$(head -n 1 <<<"$err")"
done
# annotation applies them to a collection's formation games, and a flip game takes none of them: a
# collection of both is annotated whole (a usage error at the flip game ended the run there)
"$R" --to jgn "$JUNQI_ROOT/samples/qq/jgs-000001.jgs" >"$tmp/mixed.jgn"
cat "$D/fanqi.jgn" >>"$tmp/mixed.jgn"
run "$A" --depth 1 --samples 2 --seed 4 "$tmp/mixed.jgn"
expect "annotating a formation game and a flip game with --samples and --seed: both" "0 2" \
    "$rc $(grep -c '^\[Annotator ' <<<"$out")"
run "$A" --go --ply 10 --depth 1 --view all --position "$("$R" --ply 10 --format pos "$D/fanqi.jgn")"
expect "flip --position with --view all: usage error" 2 "$rc"
# the node budget (docs/engine.md "Flip games"): after depth 1 a search counts no more nodes
# than its budget, the same with 2 threads. At ply 10 depth 2 costs 2 M nodes, so these
# budgets (the default one without --nodes) stay at depth 1: before, 200,000 and 400,000
# spent 534,033 and 898,441 nodes on a depth-2 iteration cut short and thrown away.
for budget in 50000 "" 400000; do
    what="--go flip --ply 10${budget:+ --nodes $budget}"
    # shellcheck disable=SC2086 # no --nodes for the default budget
    run "$A" --go --ply 10 ${budget:+--nodes $budget} --format json "$D/fanqi.jgn"
    one=$out
    checks=$((checks + 1))
    jq -e --argjson b "${budget:-200000}" '.depth == 1 and .nodes <= $b' <<<"$out" >/dev/null ||
        fail "$what: depth $(jq .depth <<<"$out"), $(jq .nodes <<<"$out") nodes"
    # shellcheck disable=SC2086
    run "$A" --go --ply 10 ${budget:+--nodes $budget} --threads 2 --format json "$D/fanqi.jgn"
    expect "$what: --threads 1 and 2 agree" "$one" "$out"
done
# --go and --perft at a ply: past the end a usage error naming the game's length; a record
# with an illegal action (fanqi.jgn cut to 12 actions, the 9th attacking the face-down
# piece on e5) is searched only up to the position before it, unless --lenient, and a
# lenient replay's position is the one junqi-replay --lenient gives
run "$A" --go --ply 168 --depth 1 "$D/fanqi.jgn"
expect "--go flip --ply 168: usage error, nothing printed" "2 " "$rc $out"
checks=$((checks + 1))
grep -q ': --ply 168 is past the end: the game has 167 moves$' <<<"$err" || fail "--go flip --ply 168: '$err'"
{ sed -n '/^\[Result/d; /^\[Termination/d; /^\[/p' "$D/fanqi.jgn"
  printf '\n1. b6^b2 2. b1^r4 3. a6^b3 4. a3^rL 5. d6^r2 6. a5^b1 colour:north:blue 7. e4^r1 8. e6^b1\n'
  printf '9. d6>e5 10. c6^b7 11. e5^r1 12. c6>e6 *\n'; } >"$tmp/broken.jgn"
run "$A" --go --ply 12 --depth 1 "$tmp/broken.jgn"
expect "--go flip --ply 12 after an illegal action: invalid, no search" "1 " "$rc $out"
checks=$((checks + 1))
grep -q ': --ply 12: the game never had that position: the move after ply 8 is illegal (--lenient replays past it)$' \
    <<<"$err" || fail "--go flip --ply 12 after an illegal action: '$err'"
run "$A" --go --depth 1 "$tmp/broken.jgn"
end=$out
run "$A" --go --ply 8 --depth 1 "$tmp/broken.jgn"
expect "--go flip on a broken record: the end is the position before the illegal action" "1 $end" "$rc $out"
pos=$("$R" --lenient --ply 12 --format pos "$tmp/broken.jgn" 2>/dev/null)
for mode in "--go --depth 1" "--perft 2 --divide"; do
    # shellcheck disable=SC2086 # $mode is two words on purpose
    run "$A" $mode --lenient --ply 12 --format json "$tmp/broken.jgn"
    lenient=$out
    run "$A" $mode --format json --position "$pos"
    expect "${mode%% *} flip --lenient --ply 12: the position of junqi-replay --lenient" "$out" "$lenient"
done
out=$(printf 'position file %s\nquit\n' "$D/fanqi.jgn" | "$A" --engine)
checks=$((checks + 1))
grep -q '^error position: a flip game' <<<"$out" || fail "--engine: a flip position is refused: '$out'"
# annotation of the first six actions of a game
sed -e 's/^\[Result .*/[Result "*"]/' -e '/^\[Termination/d' -e '/^7\./,$d' "$D/fanqi.jgn" >"$tmp/short.jgn"
sed -i '$s/$/ */' "$tmp/short.jgn"
run "$A" --nodes 3000 "$tmp/short.jgn"
expect "annotate flip: exit status" 0 "$rc"
expect "annotate flip: every action judged" 6 "$(grep -o '%eval' <<<"$out" | wc -l)"
checks=$((checks + 1))
grep -q '^\[NorthAccuracy "' <<<"$out" || fail "annotate flip: no NorthAccuracy tag"
printf '%s\n' "$out" >"$tmp/annotated.jgn"
run "$V" "$tmp/annotated.jgn"
expect "annotate flip: the annotated record validates" 0 "$rc"
run "$A" --nodes 3000 --format json "$tmp/short.jgn"
expect "annotate flip JSON: moves" 6 "$(jq '.moves | length' <<<"$out")"

# --- pictures ---------------------------------------------------------------------------
G=$JUNQI_BIN/junqi-render
for fmt in png svg gif; do
    run "$G" --caption --size 300 --ply 20 "$D/fanqi_wiki.jgn" -o "$tmp/p.$fmt"
    expect "junqi-render fanqi_wiki --ply 20 .$fmt: exit status" 0 "$rc"
done
expect "junqi-render PNG signature" "89504e47" "$(head -c 4 "$tmp/p.png" | od -An -tx1 | tr -d ' \n')"
expect "junqi-render GIF signature" "GIF89a" "$(head -c 6 "$tmp/p.gif")"
checks=$((checks + 1))
grep -q "<svg" "$tmp/p.svg" || fail "junqi-render .svg: no <svg element"
run "$G" --view south --size 300 "$D/zuhe.jgn" -o "$tmp/zuhe.gif"
expect "junqi-render a whole zuhe game as a GIF: exit status" 0 "$rc"

# --- what does not apply to flip games is refused with a sentence -------------------------
run "$R" --infer --view south "$D/fanqi.jgn"
expect "junqi-replay --infer on a flip game: usage error" 2 "$rc"
run "$G" --infer --view south "$D/fanqi.jgn" -o "$tmp/i.png"
expect "junqi-render --infer on a flip game: usage error" 2 "$rc"
run "$G" "$D/fanqi.jgn" -o "$tmp/page.html"
expect "junqi-render a flip game as HTML (tests/cli/html.sh opens it in a browser)" 0 "$rc"
checks=$((checks + 1))
grep -q '"flipTiles":\[\[' "$tmp/page.html" || fail "junqi-render a flip game as HTML: the page has no flip tiles"
checks=$((checks + 1))  # the header said "two-player board, rules fanqi, dark"
grep -q 'class="intro">two-player board, rules fanqi<' "$tmp/page.html" ||
    fail "junqi-render a flip game as HTML: the header gives a mode: $(grep -o 'class="intro">[^<]*' "$tmp/page.html")"
run "$R" --list --select Mode=dark "$D/fanqi.jgn"
expect "--select Mode=dark: a flip game has no mode" "" "$out"
run "$JUNQI_BIN/junqi-match" --rules fanqi --setups "$D/fanqi.jgn" true true
expect "junqi-match --rules fanqi: usage error" 2 "$rc"
run "$V" --rules standard "$D/fanqi.jgn"
expect "junqi-validate --rules of the other family: usage error" 2 "$rc"

# --- every tool's --help and man page tell of flip games ---------------------------------
for t in validate replay render analyze; do
    checks=$((checks + 1))
    "$JUNQI_BIN/junqi-$t" --help | grep -q 'fanqi' || fail "junqi-$t --help does not name the flip rule sets"
    checks=$((checks + 1))
    grep -q '^\.SS Flip games' "$JUNQI_ROOT/docs/man/junqi-$t.1" || fail "junqi-$t(1) has no 'Flip games' section"
done
checks=$((checks + 1))
grep -q -- '\\-\\-deal' "$JUNQI_ROOT/docs/man/junqi-replay.1" || fail "junqi-replay(1) does not document --deal"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
