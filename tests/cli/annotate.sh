#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tool tests for annotation (junqi-analyze without --go/--bench/--perft):
# the annotated record validates and reads back; JSON lines; --only-seat;
# a seat's view record (its seat's moves judged; --view all refused);
# --graph (one line when it cannot be written); bad options; and GNU parallel
# over a collection gives output byte-identical to the serial run
# (docs/annotation.md); SIGINT, SIGTERM and SIGHUP keep the games annotated,
# the game in progress stopped at once. A small node budget
# keeps it quick: the figures are not the point here, the plumbing is.
# Env: JUNQI_BIN (tools), JUNQI_ROOT (repository).
set -u
name=annotate.sh
. "$(dirname "$0")/lib"
need_jq
bin=$JUNQI_BIN root=$JUNQI_ROOT
check() { checks=$((checks + 1)); }
quick=(--nodes 400 --samples 2)
game="$root/tests/data/qq/jgs-002724.jgs"

# 1. annotated JGN: valid, every judged move has its [%eval], summary tags
check
"$bin/junqi-analyze" "${quick[@]}" "$game" > "$tmp/a.jgn" || fail "annotation failed"
"$bin/junqi-validate" -q "$tmp/a.jgn" || fail "the annotated record does not validate"
check
evals=$(grep -o '\[%eval [0-9.]* [0-9.]* [-+][0-9.]*\]' "$tmp/a.jgn" | wc -l)
[ "$evals" -eq 15 ] || fail "expected 15 [%eval] commands (one per move), got $evals"
check
for tag in NorthAccuracy EastAccuracy WestAccuracy NorthBlunders Annotator; do  # south only timed out
    grep -q "^\[$tag " "$tmp/a.jgn" || fail "tag $tag missing"
done
check
"$bin/junqi-replay" --to jgn "$tmp/a.jgn" | cmp -s - "$tmp/a.jgn" || fail "the annotated JGN is not canonical"

# 2. JSON: one object per game, moves and summaries
check
"$bin/junqi-analyze" "${quick[@]}" --format json "$game" "$root/tests/data/perft/replays/jgs-002751.jgs" > "$tmp/a.jsonl"
[ "$(wc -l < "$tmp/a.jsonl")" -eq 2 ] || fail "--format json: expected 2 lines"
check
n=$(head -n 1 "$tmp/a.jsonl" | jq '.moves | length')
[ "$n" -eq 15 ] || fail "--format json: expected 15 moves, got $n"
check
head -n 1 "$tmp/a.jsonl" | jq -e '.moves[0] | has("winprob_before") and has("winprob_after") and has("best") and has("pv") and has("mark")' >/dev/null ||
    fail "--format json: a move lacks a field"
check
head -n 1 "$tmp/a.jsonl" | jq -e '.summary.east | has("accuracy") and has("average_loss") and has("blunders")' >/dev/null ||
    fail "--format json: the summary lacks a field"

# 3. --only-seat judges one seat
check
"$bin/junqi-analyze" "${quick[@]}" --only-seat west --format json "$game" > "$tmp/w.json"
jq -e '[.moves[] | select(.judged) | .seat] | unique == ["west"]' "$tmp/w.json" >/dev/null || fail "--only-seat west judged others"

# 3a. annotating an annotated game again (another --seed, --only-seat) kept the first run's
# annotation beside the second's: two [%eval] per move, the first run's "8. i6>k6?!" with its
# sentence and line where the second marked nothing (SouthInaccuracies "0"), the summary tags of
# seats it no longer judged. It now gives what annotating the record itself gives, a comment and a
# mark of the record's own kept (1. j14-j13?); and a game another annotator marked is left as it is.
"$bin/junqi-replay" --to jgn "$root/tests/data/qq/jgs-000029.jgs" |
    sed 's/^1\. j14-j13 /1. j14-j13? {the record'"'"'s own} /' > "$tmp/again.jgn"
check
grep -q "j14-j13? {the record's own}" "$tmp/again.jgn" || fail "again.jgn: the record's comment was not added"
again=(--nodes 500 --samples 2)
"$bin/junqi-analyze" "${again[@]}" "$tmp/again.jgn" > "$tmp/again-1.jgn"
check
grep -q '^8\. i6>k6?!\| 8\. i6>k6?!' "$tmp/again-1.jgn" || fail "the first annotation lacks its mark (8. i6>k6?!)"
for args in "--seed 7" "--only-seat south" "--seed 7 --format json"; do
    # shellcheck disable=SC2086 # $args is words on purpose
    "$bin/junqi-analyze" "${again[@]}" $args "$tmp/again-1.jgn" | sed 's|again-1\.jgn|again.jgn|g' > "$tmp/again-2"
    # shellcheck disable=SC2086
    "$bin/junqi-analyze" "${again[@]}" $args "$tmp/again.jgn" > "$tmp/again-once"
    check
    cmp -s "$tmp/again-2" "$tmp/again-once" ||
        fail "annotating the annotated game again ($args) is not annotating the record: $(diff "$tmp/again-2" "$tmp/again-once" | head -c 300)"
done
# A game another annotator evaluated was annotated all the same: both annotations' [%eval] comments
# under [Annotator "junqi-analyze"] (the other's name gone), and the next run cleared both as its
# own (break3 B4); a record whose [%eval] comments have no Annotator tag went the same way. Such a
# game is now refused, located at its first [%eval] comment, and the run goes on with the other
# games (exit 1, as a record that breaks the rules); junqi-replay --strip annotation is the way out.
sed 's/^\[Annotator "junqi-analyze"\]/[Annotator "a coach"]/' "$tmp/again-1.jgn" > "$tmp/coach.jgn"
grep -v '^\[Annotator ' "$tmp/again-1.jgn" > "$tmp/nobody.jgn"
"$bin/junqi-analyze" "${again[@]}" "$tmp/again.jgn" > "$tmp/again-once" # the record's annotation
at=$(awk '/\{\[%eval/ { print NR ":" index($0, "{[%eval"); exit }' "$tmp/again-1.jgn") # its first [%eval]
for who in coach nobody; do
    cat "$tmp/$who.jgn" "$tmp/again.jgn" > "$tmp/$who-2.jgn"
    "$bin/junqi-analyze" "${again[@]}" "$tmp/$who-2.jgn" 2> "$tmp/err" | sed "s|$who-2\.jgn|again.jgn|g" > "$tmp/$who-out.jgn"
    st=${PIPESTATUS[0]}
    [ "$who" = coach ] && l=${at%:*} what="annotated by 'a coach': its [%eval] comments would be mixed with this run's" ||
        l=$((${at%:*} - 1)) what="[%eval] comments of another annotation (no Annotator tag): they would be mixed with this run's"
    expect "a game another annotator evaluated ($who): exit status, message" \
        "1 $tmp/$who-2.jgn:$l:${at#*:}: error: $what; strip them first (junqi-replay --strip annotation)|junqi-analyze: $tmp/$who-2.jgn: game 1 (line 1): not annotated: another annotator evaluated it (above)" \
        "$st $(sed -n 1p "$tmp/err")|$(sed -n 4p "$tmp/err")"
    check
    [ "$(sed -n 3p "$tmp/err")" = "$(printf '%*s^' $((${at#*:} + 1)) '')" ] ||
        fail "a game another annotator evaluated ($who): the line and caret: $(cat "$tmp/err")"
    check
    cmp -s "$tmp/$who-out.jgn" "$tmp/again-once" ||
        fail "a game another annotator evaluated ($who): the game after it is not annotated as alone: $(diff "$tmp/$who-out.jgn" "$tmp/again-once" | head -c 300)"
    # the way out: junqi-replay --strip annotation, then the annotation is the record's
    "$bin/junqi-replay" --strip annotation --to jgn "$tmp/$who.jgn" > "$tmp/$who-stripped.jgn"
    expect "junqi-replay --strip annotation ($who): exit status, [%eval] comments, tags left" "0 0 0" \
        "$? $(grep -c '%eval' "$tmp/$who-stripped.jgn") $(grep -c '^\[\(Annotator\|[A-Za-z]*Accuracy\|[A-Za-z]*Inaccuracies\) ' "$tmp/$who-stripped.jgn")"
    "$bin/junqi-analyze" "${again[@]}" "$tmp/$who-stripped.jgn" | sed "s|$who-stripped\.jgn|again.jgn|g" > "$tmp/$who-3.jgn"
    check
    cmp -s "$tmp/$who-3.jgn" "$tmp/again-once" ||
        fail "$who's game stripped, then annotated: not the record's annotation: $(diff "$tmp/$who-3.jgn" "$tmp/again-once" | head -c 300)"
done
# --strip applies to every record junqi-replay writes: --to json, and --split's parts
"$bin/junqi-replay" --strip annotation --to json "$tmp/coach.jgn" > "$tmp/coach.json"
expect "--strip annotation --to json: exit status, [%eval] comments, Annotator" "0 0 null" \
    "$? $(grep -c '%eval' "$tmp/coach.json") $(jq -c '.tags.Annotator' "$tmp/coach.json")"
"$bin/junqi-replay" --strip annotation --split 1 -o "$tmp/part-%n.jgn" "$tmp/coach.jgn" "$tmp/nobody.jgn"
expect "--strip annotation --split 1: exit status, the parts as --to jgn writes them" "0 same same" \
    "$? $(cmp -s "$tmp/part-1.jgn" "$tmp/coach-stripped.jgn" && echo same) $(cmp -s "$tmp/part-2.jgn" "$tmp/nobody-stripped.jgn" && echo same)"
# another Annotator with no [%eval] comment (comments of its own): nothing to mix, annotated
sed 's/^\[Result /[Annotator "a coach"]\n[Result /' "$tmp/again.jgn" > "$tmp/coach-own.jgn"
"$bin/junqi-analyze" "${again[@]}" "$tmp/coach-own.jgn" > "$tmp/coach-own-1.jgn"
expect "another Annotator, no [%eval] comment: exit status, Annotator, [%eval] comments" \
    "0 junqi-analyze $(grep -c '%eval' "$tmp/again-once")" \
    "$? $(sed -n 's/^\[Annotator "\(.*\)"\]/\1/p' "$tmp/coach-own-1.jgn") $(grep -c '%eval' "$tmp/coach-own-1.jgn")"
# --strip comments,nags,variations: none left; --strip as a usage error
"$bin/junqi-replay" --strip comments,nags --strip variations --to jgn "$tmp/again-1.jgn" | sed -n '/^$/,$p' > "$tmp/bare.jgn"
check
grep -q '[{}()?!$]' "$tmp/bare.jgn" && fail "--strip comments,nags,variations: some left: $(grep '[{}()?!$]' "$tmp/bare.jgn" | head -n 3)"
for args in "--strip marks --to jgn" "--strip comments,,nags --to jgn" "--strip annotation" "--strip annotation --format json"; do
    # shellcheck disable=SC2086 # $args is words on purpose
    "$bin/junqi-replay" $args "$tmp/again-1.jgn" > "$tmp/out" 2> "$tmp/err"
    expect "junqi-replay $args: exit status, output" "2 0" "$? $(wc -c < "$tmp/out")"
done
flip=$root/tests/data/flip/fanqi.jgn
"$bin/junqi-analyze" --nodes 300 "$flip" | "$bin/junqi-analyze" --nodes 200 > "$tmp/flip-2.jgn"
check
"$bin/junqi-analyze" --nodes 200 "$flip" | cmp -s - "$tmp/flip-2.jgn" ||
    fail "annotating an annotated flip game again is not annotating the record"

# 3b'. a hand-edited annotation. Clearing the earlier annotation keyed the engine's line on the
# mark: with the "?!" of 8. i6>k6 deleted by hand (its comment kept) the line stayed and a second
# copy was added, "(8. j5=k6) (8. j5=k6)"; with the line deleted (the mark kept) the record's own
# variation on that move, "(8. i6>k6 {alt})", was taken for it and lost. The line now goes when
# its first move is the one the comment's sentence names ("Better j5-k6"), the mark when it is the
# one the sentence names: both give what annotating the record gives.
sed 's/ 8\. i6>k6?!$/ 8. i6>k6/' "$tmp/again-1.jgn" > "$tmp/nomark.jgn"
check
grep -q ' 8\. i6>k6$' "$tmp/nomark.jgn" || fail "nomark.jgn: the mark was not deleted"
"$bin/junqi-analyze" "${again[@]}" "$tmp/nomark.jgn" | sed 's|nomark\.jgn|again.jgn|g' > "$tmp/nomark-2.jgn"
"$bin/junqi-analyze" "${again[@]}" "$tmp/again.jgn" > "$tmp/again-once"
check
cmp -s "$tmp/nomark-2.jgn" "$tmp/again-once" ||
    fail "an annotation whose mark was deleted by hand, annotated again: not the record's annotation: $(grep -o '(8\. [^)]*)' "$tmp/nomark-2.jgn" | tr '\n' ' ')"
sed 's/^(8\. j5=k6) 9\./(8. i6>k6 {alt}) 9./' "$tmp/again-1.jgn" > "$tmp/noline.jgn"
sed 's/ 8\. i6>k6$/ 8. i6>k6 (8. i6>k6 {alt})/' "$tmp/again.jgn" > "$tmp/alt.jgn"
check
[ "$(grep -c '{alt}' "$tmp/noline.jgn") $(grep -c '{alt}' "$tmp/alt.jgn")" = "1 1" ] || fail "noline.jgn, alt.jgn: the variation was not put in"
"$bin/junqi-analyze" "${again[@]}" "$tmp/noline.jgn" | sed 's|noline\.jgn|alt.jgn|g' > "$tmp/noline-2.jgn"
"$bin/junqi-analyze" "${again[@]}" "$tmp/alt.jgn" > "$tmp/alt-once"
check
cmp -s "$tmp/noline-2.jgn" "$tmp/alt-once" ||
    fail "an annotation whose line was deleted by hand, annotated again: the record's own variation lost: $(grep -o '8\. i6>k6[^9]*' "$tmp/noline-2.jgn")"

# 3b''. words a user typed inside the engine's comment braces, after its sentence
# ({[%eval …] Inaccuracy: … my note: he was bluffing}), before its command ({he saw it coming
# [%eval …]}), or another command before it ({[%clk 0:00:30] [%eval …]}), were lost when the game
# was annotated again: clearing dropped the whole comment (annot3 C2). They are now kept, byte for
# byte, as a comment of their own: what annotating the record with those comments gives, in English
# and in Chinese (the sentences of the run's language), and a third run gives the second's.
export JUNQI_LOCALEDIR=${JUNQI_BUILD:-$root/build}/locale
sed -e 's/^1\. j14-j13 /1. j14-j13? {the record'"'"'s own} /' -e 's/ 2\. i5-j5 / 2. i5-j5 {he saw it coming} /' \
    -e 's/ 3\. k12>k6 / 3. k12>k6 {[%clk 0:00:30]} /' -e 's/ 8\. i6>k6$/ 8. i6>k6 {my note: he was bluffing}/' \
    <("$bin/junqi-replay" --to jgn "$root/tests/data/qq/jgs-000029.jgs") > "$tmp/words.jgn"
check
[ "$(grep -o '{he saw it coming}\|{\[%clk 0:00:30\]}\|{my note: he was bluffing}' "$tmp/words.jgn" | wc -l)" = 3 ] ||
    fail "words.jgn: the user's comments were not put in"
for l in en zh_CN; do
    lang=(env LC_ALL=C.UTF-8 LANGUAGE=$l)
    "${lang[@]}" "$bin/junqi-analyze" "${again[@]}" "$tmp/again.jgn" > "$tmp/words-1.jgn"
    perl -0777 -pe 's/(2\. i5-j5\s+)\{\[%eval/$1\{he saw it coming [%eval/; s/(3\. k12>k6\s+)\{\[%eval/$1\{[%clk 0:00:30] [%eval/;
        s/((?:Inaccuracy:|欠佳：)[^}]*)\}/$1 my note: he was bluffing}/' "$tmp/words-1.jgn" > "$tmp/words-edited.jgn"
    check
    [ "$(grep -o 'he saw it coming \[%eval\|\[%clk 0:00:30\] \[%eval\|bluffing}' "$tmp/words-edited.jgn" | wc -l)" = 3 ] ||
        fail "$l: words-edited.jgn: the user's words were not typed in"
    "${lang[@]}" "$bin/junqi-analyze" "${again[@]}" "$tmp/words-edited.jgn" | sed 's|words-edited\.jgn|words.jgn|g' > "$tmp/words-2.jgn"
    "${lang[@]}" "$bin/junqi-analyze" "${again[@]}" "$tmp/words.jgn" > "$tmp/words-once.jgn"
    check
    cmp -s "$tmp/words-2.jgn" "$tmp/words-once.jgn" ||
        fail "$l: the user's words in the engine's comments, annotated again: not the record's annotation: $(diff "$tmp/words-2.jgn" "$tmp/words-once.jgn" | head -c 400)"
    "${lang[@]}" "$bin/junqi-analyze" "${again[@]}" "$tmp/words-2.jgn" > "$tmp/words-3.jgn"
    check
    cmp -s "$tmp/words-3.jgn" "$tmp/words-2.jgn" ||
        fail "$l: a third run is not the second: $(diff "$tmp/words-3.jgn" "$tmp/words-2.jgn" | head -c 400)"
done

# 3c. --only-seat (or --rules) that does not fit a game of the inputs is a usage error: it ended the
# run at that game, after annotating the games before it, which -o then threw away (a folder's hours
# of work), and standard output had half a run. Every game of the files is now checked before the
# first is annotated.
mixed=("$root/tests/data/qq/jgs-000678.jgs" "$root/tests/data/qq/jgs-000029.jgs") # east plays; east does not
echo earlier > "$tmp/mixed.jgn"
for out in "-o $tmp/mixed.jgn" ""; do
    # shellcheck disable=SC2086 # $out is words on purpose
    "$bin/junqi-analyze" "${quick[@]}" --only-seat east $out "${mixed[@]}" > "$tmp/mixed.out" 2> "$tmp/err"
    expect "--only-seat east, a game without east second (${out:-standard output}): exit status, message" \
        "2 junqi-analyze: ${mixed[1]}: --only-seat east: east takes no part in this game (its seats: north, south)" \
        "$? $(head -n 1 "$tmp/err")"
    expect "--only-seat east, a game without east second (${out:-standard output}): nothing annotated" \
        "earlier 0" "$(cat "$tmp/mixed.jgn") $(grep -c '^\[Annotator' "$tmp/mixed.out")"
done

# 3b. a seat's view record: only the moves of the seat whose pieces it shows
# are judged (the others' knowledge is not in it); --view all is refused
"$bin/junqi-replay" --view east --to jgn "$game" >"$tmp/east.jgn"
check
"$bin/junqi-analyze" "${quick[@]}" --format json "$tmp/east.jgn" >"$tmp/east.json" || fail "a view record: not annotated"
jq -e '[.moves[] | select(.judged) | .seat] | unique == ["east"]' "$tmp/east.json" >/dev/null ||
    fail "a view record: moves of other seats than east judged: $(jq -c '[.moves[] | select(.judged) | .seat] | unique' "$tmp/east.json")"
check
jq -e '[.moves[] | select(.seat == "east")] | length > 0 and all(.judged)' "$tmp/east.json" >/dev/null ||
    fail "a view record: east's moves not all judged"
check
"$bin/junqi-analyze" --nodes 400 --view all "$tmp/east.jgn" >"$tmp/east-all.out" 2>"$tmp/east-all.err"
[ "$?" -eq 1 ] || fail "a view record with --view all: exit status not 1"
grep -q "east.jgn: game 1 (line 1): the record does not show every piece: use --view mover" "$tmp/east-all.err" ||
    fail "a view record with --view all: $(cat "$tmp/east-all.err")"
[ -s "$tmp/east-all.out" ] && fail "a view record with --view all: something written"
# --only-seat west on east's record judged nothing, and said nothing (exit 0, an empty verdict: no
# tags of west): it is refused as --view all is, and as --go is at west's turn
"$bin/junqi-analyze" "${quick[@]}" --only-seat west "$tmp/east.jgn" >"$tmp/east-west.out" 2>"$tmp/err"
expect "--only-seat west on east's view record: exit status, message, nothing written" \
    "1 junqi-analyze: $tmp/east.jgn: game 1 (line 1): --only-seat west: the record does not show west's pieces: what that seat knew is not in it 0" \
    "$? $(cat "$tmp/err") $(wc -c < "$tmp/east-west.out")"
"$bin/junqi-analyze" "${quick[@]}" --only-seat east "$tmp/east.jgn" >/dev/null
expect "--only-seat east on east's view record: exit status" 0 "$?"

# 3b'''. a seat's view record of an annotated game (junqi-replay --view SEAT --to jgn or json) kept the
# annotation: [%eval] comments of every seat's moves, worked out with what that seat knew, the
# engine's lines with their combats' outcomes ("(8. j5=k6)": south's piece as big as north's), the
# summary tags (annot3 D3). A view record now leaves the annotation out, with one note for the run,
# and writes the combats of the record's own variations as not said ('x'); the record's own comment
# and mark stay. East's own view record, annotated, keeps its annotation.
sed 's/^(8\. j5=k6) 9\./(8. j5=k6 {mine}) (8. j5=k6) 9./' "$tmp/again-1.jgn" > "$tmp/mine.jgn"
check
grep -q '(8\. j5=k6 {mine}) (8\. j5=k6)' "$tmp/mine.jgn" || fail "mine.jgn: the record's own variation was not put in"
"$bin/junqi-replay" --view north --to jgn "$tmp/mine.jgn" "$tmp/mine.jgn" > "$tmp/mine-north.jgn" 2> "$tmp/err"
expect "--view north of an annotated game: exit status, [%eval], annotation tags, the record's own comment, mark and variation, View" \
    "0 0 0 2 2 2" \
    "$? $(grep -c '%eval' "$tmp/mine-north.jgn") $(grep -c '^\[\(Annotator\|[A-Za-z]*Accuracy\|[A-Za-z]*Inaccuracies\) ' "$tmp/mine-north.jgn") $(grep -c "j14-j13? {the record's own}" "$tmp/mine-north.jgn") $(grep -c '8\. i6>k6 (8\. j5xk6 {mine}) 9\.' "$tmp/mine-north.jgn") $(grep -c '^\[View "north"\]' "$tmp/mine-north.jgn")"
expect "--view north of an annotated game: one note" \
    "junqi-replay: $tmp/mine.jgn: game 1: note: --view north leaves out the annotation (the [%eval] comments, the engine's marks and lines, the Annotator and summary tags), worked out with what other seats knew, and writes the combats of the record's own variations as not said (x); its own comments and marks stay (said once)" \
    "$(cat "$tmp/err")"
"$bin/junqi-replay" --view north --to json "$tmp/mine.jgn" > "$tmp/mine-north.json" 2> "$tmp/err"
expect "--view north --to json of an annotated game: exit status, [%eval], Annotator, notes" "0 0 null 1" \
    "$? $(grep -c '%eval' "$tmp/mine-north.json") $(jq -c '.tags.Annotator' "$tmp/mine-north.json") $(wc -l < "$tmp/err")"
"$bin/junqi-validate" -q "$tmp/mine-north.jgn" || fail "--view north of an annotated game: not valid"
"$bin/junqi-analyze" "${quick[@]}" "$tmp/east.jgn" > "$tmp/east-annotated.jgn"
"$bin/junqi-replay" --view east --to jgn "$tmp/east-annotated.jgn" > "$tmp/east-again.jgn" 2> "$tmp/err"
expect "--view east of east's annotated view record: exit status, the record as it was, notes" "0 same 0" \
    "$? $(cmp -s "$tmp/east-again.jgn" "$tmp/east-annotated.jgn" && echo same) $(wc -l < "$tmp/err")"

# 4. --graph writes a PNG; bad options are usage errors
check
"$bin/junqi-analyze" "${quick[@]}" --graph "$tmp/g.png" "$game" > /dev/null
[ "$(head -c 8 "$tmp/g.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "--graph: not a PNG"
# a graph whose labels no font shows (zh_CN on a machine without a Chinese font; no font at all
# here): its text was boxes of hex digits, exit 0, where junqi-render says so (exit 3); said before
# any game is annotated, nothing written
mkdir -p "$tmp/no-fonts"
printf '<?xml version="1.0"?><fontconfig><dir>%s</dir><cachedir>%s</cachedir></fontconfig>\n' \
    "$tmp/no-fonts" "$tmp/fc-cache" >"$tmp/no-fonts.conf"
for l in zh_CN en; do
    rm -f "$tmp/nf.png" "$tmp/nf.jgn"
    run env FONTCONFIG_FILE="$tmp/no-fonts.conf" LC_ALL=C.UTF-8 LANGUAGE=$l "$bin/junqi-analyze" "${quick[@]}" \
        --graph "$tmp/nf.png" -o "$tmp/nf.jgn" "$game"
    expect "--graph with no font ($l): exit status, files" "3 no no" \
        "$rc $([ -e "$tmp/nf.png" ] && echo png || echo no) $([ -e "$tmp/nf.jgn" ] && echo jgn || echo no)"
    checks=$((checks + 1))
    grep -q '^junqi-analyze: --graph: .*fonts-wqy-microhei' <<<"$err" || fail "--graph with no font ($l): $err"
done
# a graph that cannot be written: exit 3 and one line naming it (the link's target) and the reason
check
ln -s /dev/full "$tmp/full.png"
"$bin/junqi-analyze" "${quick[@]}" --graph "$tmp/full.png" "$game" >/dev/null 2>"$tmp/err"
[ $? -eq 3 ] || fail "--graph onto a full device: expected exit 3"
check
[ "$(grep -c . "$tmp/err") $(cut -d' ' -f1-4 "$tmp/err")" = "1 junqi-analyze: /dev/full: write failed:" ] ||
    fail "--graph onto a full device: expected one line 'junqi-analyze: /dev/full: write failed: ...', got: $(cat "$tmp/err")"
# an output that fails stops the run at the game whose annotation could not be written: no hours
# of search for nothing. The formation that follows would say 'a formation, not a game record' if
# it were read; the failure is one line, standard output's or -o's
if [ -w /dev/full ]; then
    for to in stdout -o; do
        check
        if [ $to = stdout ]; then
            "$bin/junqi-analyze" "${quick[@]}" "$game" "$root/samples/formations/F01.yaml" >/dev/full 2>"$tmp/err"
        else
            "$bin/junqi-analyze" "${quick[@]}" -o /dev/full "$game" "$root/samples/formations/F01.yaml" 2>"$tmp/err"
        fi
        got="$? $(grep -c . "$tmp/err") $(grep -o 'No space left on device' "$tmp/err")"
        [ "$got" = "3 1 No space left on device" ] ||
            fail "annotation onto a full device ($to): expected exit 3 and one line, got $got: $(cat "$tmp/err")"
    done
else
    echo "$name: SKIP: /dev/full is not writable"
fi
# a signal that ends the annotation removes the temporary files of -o and --graph (they were left,
# one more each time), and the tool ends by it; an earlier -o file stays as it was
for sig in INT TERM HUP; do
    check
    mkdir -p "$tmp/sig-$sig"
    echo old >"$tmp/sig-$sig/a.jgn"
    env --default-signal="$sig" "$bin/junqi-analyze" --nodes 100000 -o "$tmp/sig-$sig/a.jgn" \
        --graph "$tmp/sig-$sig/g.png" "$root/samples/qq/jgs-000001.jgs" 2>/dev/null &
    pid=$!
    for _ in $(seq 100); do # until both temporary files are there (10 s at most)
        [ "$(ls "$tmp/sig-$sig" | grep -c tmp)" -eq 2 ] && break
        sleep 0.1
    done
    kill -s "$sig" "$pid"
    wait "$pid" 2>/dev/null # the shell would say "Hangup" of the job
    got="$? $(ls "$tmp/sig-$sig" | paste -sd' ') $(cat "$tmp/sig-$sig/a.jgn")"
    expected="$((128 + $(kill -l "$sig"))) a.jgn old"
    [ "$got" = "$expected" ] || fail "SIG$sig during an annotation: expected '$expected', got '$got'"
done
# --graph draws the first game of the inputs: an input of none is the `empty` error, exit 1, as for
# --go, and no graph (annotation alone keeps the no-games note and exit 0); an empty input before one
# with a game is only a note
: > "$tmp/empty.jgn"
rm -f "$tmp/g.png"
run "$bin/junqi-analyze" --graph "$tmp/g.png" -o "$tmp/e.jgn" "$tmp/empty.jgn"
expect "--graph of an empty file: exit status, message" "1 $tmp/empty.jgn: error: the input holds no record" "$rc $err"
expect "--graph of an empty file: no graph, no -o made (a failed run that wrote nothing: F12)" "no no" \
    "$([ -e "$tmp/g.png" ] && echo yes || echo no) $([ -e "$tmp/e.jgn" ] && echo yes || echo no)"
# a failed run that wrote nothing replaces no file: an input that cannot be read emptied -o's (F12)
echo old > "$tmp/e.jgn"
run "$bin/junqi-analyze" -o "$tmp/e.jgn" "$tmp/no-such-file.jgn"
expect "F12: -o old.jgn NO-SUCH-FILE: exit status, the file kept, the messages" \
    "3 old junqi-analyze: $tmp/no-such-file.jgn: No such file or directory
junqi-analyze: $tmp/e.jgn: the file there is left as it was" "$rc $(cat "$tmp/e.jgn") $err"
rm -f "$tmp/e.jgn"
run "$bin/junqi-analyze" --graph "$tmp/g.png" < /dev/null
expect "--graph of empty standard input: exit status, message" "1 <stdin>: error: the input holds no record" "$rc $err"
run "$bin/junqi-analyze" --graph "$tmp/g.png" "$tmp/empty.jgn" "$tmp/empty.jgn"
expect "--graph of two empty files: the last one is the error" \
    "1 $tmp/empty.jgn: note: the input holds no game or formation (zero items)|$tmp/empty.jgn: error: the input holds no record" \
    "$rc $(paste -sd'|' <<<"$err")"
run "$bin/junqi-analyze" "${quick[@]}" --graph "$tmp/g.png" "$tmp/empty.jgn" "$game"
expect "--graph of an empty file, then a game: exit status, the note" \
    "0 $tmp/empty.jgn: note: the input holds no game or formation (zero items)" "$rc $err"
expect "--graph of an empty file, then a game: the game's graph" 89504e470d0a1a0a \
    "$(head -c 8 "$tmp/g.png" | od -An -tx1 | tr -d ' \n')"
# a game, then an input that cannot be read: -o keeps the game and --graph its graph (the graph
# was dropped, "left as it was", while -o beside it was written)
printf 'KEEP\n' >"$tmp/g.png"
run "$bin/junqi-analyze" "${quick[@]}" --graph "$tmp/g.png" -o "$tmp/ga.jgn" "$game" "$tmp/no-such.jgn"
expect "--graph of a game, then no such file: exit 3, the reason alone" \
    "3 junqi-analyze: $tmp/no-such.jgn: No such file or directory" "$rc $err"
expect "--graph of a game, then no such file: the game's graph and annotation" "89504e470d0a1a0a [Board" \
    "$(head -c 8 "$tmp/g.png" | od -An -tx1 | tr -d ' \n') $(head -c 6 "$tmp/ga.jgn")"
# --graph to standard output: named '-' (a PNG, as junqi-render -o - draws one) or /dev/stdout,
# --graph-format naming the format (it was told by the extension only: "--graph writes .png or
# .svg, not '/dev/stdout'"), the annotation to -o; into a pipe and into a file alike
"$bin/junqi-analyze" "${quick[@]}" -o "$tmp/a.jgn" "$game" 2>/dev/null
for spec in "-:png" "- --graph-format svg:svg" "/dev/stdout --graph-format png:png" "/dev/stdout --graph-format svg:svg"; do
    IFS=: read -r to format <<<"$spec"
    rm -f "$tmp/o.jgn"
    # shellcheck disable=SC2086 # $to is words on purpose
    "$bin/junqi-analyze" "${quick[@]}" -o "$tmp/o.jgn" --graph $to "$game" 2>"$tmp/err" | cat >"$tmp/piped"
    # shellcheck disable=SC2086
    "$bin/junqi-analyze" "${quick[@]}" -o "$tmp/o2.jgn" --graph $to "$game" >"$tmp/filed" 2>>"$tmp/err"
    for out in piped filed; do
        case $format in
        png) got=$(head -c 8 "$tmp/$out" | od -An -tx1 | tr -d ' \n'); want=89504e470d0a1a0a ;;
        svg) got=$(grep -c '</svg>' "$tmp/$out"); want=1 ;;
        esac
        expect "--graph $to ($out): the graph on standard output" "$want" "$got"
    done
    expect "--graph $to: nothing said, the annotation in -o" "ok" \
        "$([ ! -s "$tmp/err" ] && cmp -s "$tmp/a.jgn" "$tmp/o.jgn" && cmp -s "$tmp/a.jgn" "$tmp/o2.jgn" && echo ok)"
done
# a PNG graph onto a terminal is refused before anything is read or written, as junqi-render's
# -o - is (render.sh); an SVG, which is text, is written
if script -qfec true /dev/null </dev/null >/dev/null 2>&1; then
    rm -f "$tmp/tty.jgn"
    got=$(script -qfec "$(printf '%q ' "$bin/junqi-analyze" "${quick[@]}" -o "$tmp/tty.jgn" --graph - "$game"); echo rc=\$?" \
        /dev/null </dev/null | tr -d '\r\0')
    expect "--graph - (PNG) on a terminal: refused" "rc=2 no file" \
        "$(tail -n 1 <<<"$got") $([ -e "$tmp/tty.jgn" ] && echo file || echo no file)"
    check
    grep -q "junqi-analyze: --graph - is a terminal, and a PNG picture is binary" <<<"$got" ||
        fail "--graph - on a terminal: no message that it is one: $got"
    got=$(script -qfec "$(printf '%q ' "$bin/junqi-analyze" "${quick[@]}" -o "$tmp/tty.jgn" --graph - --graph-format svg \
        "$game"); echo rc=\$?" /dev/null </dev/null | tr -d '\r')
    # (the progress bar, on the same terminal, comes before the SVG)
    expect "--graph - --graph-format svg on a terminal: written" "1 rc=0" \
        "$(grep -c '</svg>' <<<"$got") $(tail -n 1 <<<"$got")"
else
    skip "script(1) cannot give a terminal here: a graph on a terminal is not checked"
fi
check
"$bin/junqi-analyze" --thresholds 0.3,0.2,0.1 "$game" > /dev/null 2>&1; [ $? -eq 2 ] || fail "decreasing --thresholds: expected exit 2"
check
"$bin/junqi-analyze" --thresholds 0.1,0.1,0.1 "$game" > /dev/null 2>&1; [ $? -eq 2 ] || fail "equal --thresholds: expected exit 2"
# numbers as every other option writes them: strtod took a blank, a sign, hexadecimal, an exponent
for t in ' 0.05,0.1,0.2' '0.05,+0.1,0.2' '0x0.1p0,0.2,0.3' '0.05,0.1,2e-1' '0.05,0.1,0.2 ' '0.05, 0.1,0.2'; do
    check
    "$bin/junqi-analyze" --thresholds "$t" "$game" > /dev/null 2>&1; [ $? -eq 2 ] || fail "--thresholds '$t': expected exit 2"
done
check
for tool in junqi-analyze junqi-render junqi-replay; do # one range, said as the engine protocol's Seed says it
    "$bin/$tool" --seed 2147483648 "$game" > /dev/null 2> "$tmp/err"; st=$?
    [ $st -eq 2 ] && grep -q "^$tool: --seed takes 0 to 2147483647, not '2147483648'$" "$tmp/err" ||
        fail "$tool --seed 2147483648: expected exit 2 and the range, got $st: $(cat "$tmp/err")"
    check
done
"$bin/junqi-analyze" --graph "$tmp/g.gif" "$game" > /dev/null 2>&1; [ $? -eq 2 ] || fail "--graph .gif: expected exit 2"
check
"$bin/junqi-analyze" --go -o "$tmp/x" "$game" > /dev/null 2>&1; [ $? -eq 2 ] || fail "-o with --go: expected exit 2"
check
"$bin/junqi-analyze" --go --thresholds 0.1,0.2,0.3 "$game" > /dev/null 2>&1; [ $? -eq 2 ] ||
    fail "--thresholds with --go (nothing is marked there): expected exit 2"
for mode in "" "--bench --depth 1"; do # --ply was ignored there: annotation judges every move
    # shellcheck disable=SC2086 # $mode is words on purpose
    "$bin/junqi-analyze" $mode --ply 5 $([ -z "$mode" ] && echo "$game") > /dev/null 2> "$tmp/err"; st=$?
    [ $st -eq 2 ] && grep -q "^junqi-analyze: --ply belongs to --go and --perft$" "$tmp/err" ||
        fail "--ply with ${mode:-annotation}: expected exit 2 and the modes it belongs to, got $st: $(cat "$tmp/err")"
    check
done
# -o or --graph naming an input (by its name, through a link, or standard input redirected from it)
# replaced the games it annotates: a signal after 2 of a file's 6 games left the 2 alone, the 4
# others lost (and said "after 2 of 2 games", counted in the file replaced); a record that breaks the
# rules, not annotated, was lost even at the end. A usage error now, before anything is written.
"$bin/junqi-replay" --to jgn "$game" "$game" > "$tmp/in.jgn"
cp "$tmp/in.jgn" "$tmp/in-before.jgn"
ln -s in.jgn "$tmp/in-link.png"
# over_input OUTPUT INPUT ARG...: annotation with ARG... (standard input from in.jgn) is the usage
# error that names OUTPUT (the option and its file) and INPUT, and in.jgn stays as it was
over_input() {
    local output=$1 input=$2
    shift 2
    "$bin/junqi-analyze" "${quick[@]}" "$@" < "$tmp/in.jgn" > /dev/null 2> "$tmp/err"
    expect "annotation $*: exit status, message" \
        "2 junqi-analyze: $output would be written over the input $input, whose games it annotates: choose another name" \
        "$? $(head -n 1 "$tmp/err")"
    check
    cmp -s "$tmp/in.jgn" "$tmp/in-before.jgn" || fail "annotation $*: the input was written over"
    cp "$tmp/in-before.jgn" "$tmp/in.jgn"
}
over_input "-o $tmp/in.jgn" "$tmp/in.jgn" -o "$tmp/in.jgn" "$tmp/in.jgn"
over_input "-o $tmp/in-link.png" "$tmp/in.jgn" -o "$tmp/in-link.png" "$game" "$tmp/in.jgn"
over_input "--graph $tmp/in-link.png" "$tmp/in.jgn" --graph "$tmp/in-link.png" "$tmp/in.jgn"
over_input "-o $tmp/in.jgn" "<stdin>" -o "$tmp/in.jgn" -
over_input "-o $tmp/in.jgn" "<stdin>" -o "$tmp/in.jgn"
over_input "-o $tmp/in.jgn" "$tmp/in.jgn" --game 2 -o "$tmp/in.jgn" "$tmp/in.jgn"

# 5. a collection split over cores with GNU parallel: byte-identical to the serial run
# (the four shortest replays of tests/data/perft: 82 to 128 moves, so that the three runs stay short
# under the sanitizers; -N 2 gives parallel two jobs)
collection=()
for id in 000281 001223 001989 001908; do collection+=("$root/tests/data/perft/replays/jgs-$id.jgs"); done
"$bin/junqi-replay" --to jgn "${collection[@]}" > "$tmp/games.jgn"
ngames=$(grep -c "^\[Board " "$tmp/games.jgn")
check
"$bin/junqi-analyze" "${quick[@]}" < "$tmp/games.jgn" > "$tmp/serial.jgn" || fail "serial annotation failed"
if command -v parallel >/dev/null; then
    # docs/annotation.md's recipe: the shards cut by junqi-replay --split, on a collection where a
    # comment holds a blank line and then a line starting with '[' (a coach's numbered notes),
    # which a cut of the stream (--pipe --recend '\n\n' --recstart '[') breaks in two
    sed '0,/^1\. /s/^1\. \([^ ]*\) /1. \1 {Notes:\n\n[1] the opening} /' "$tmp/games.jgn" > "$tmp/notes.jgn"
    check
    grep -q '^\[1\] the opening}' "$tmp/notes.jgn" || fail "the notes were not put into the collection"
    "$bin/junqi-analyze" "${quick[@]}" < "$tmp/notes.jgn" > "$tmp/serial-notes.jgn" || fail "serial annotation failed"
    mkdir "$tmp/shards"
    "$bin/junqi-replay" --split 1 -o "$tmp/shards/" "$tmp/notes.jgn"
    check
    ls -v "$tmp"/shards/*.jgn | parallel --will-cite -k -j 2 "$bin/junqi-analyze" "${quick[@]}" > "$tmp/parallel.jgn" ||
        fail "parallel annotation failed"
    cmp -s "$tmp/serial-notes.jgn" "$tmp/parallel.jgn" || fail "GNU parallel output differs from the serial run"
    check
    [ "$(grep -c '^\[Annotator ' "$tmp/parallel.jgn")" -eq "$ngames" ] || fail "parallel: expected $ngames annotated games"
else
    skip "GNU parallel is not installed (scripts/install-deps installs it): the parallel run is not checked"
fi
check
"$bin/junqi-analyze" "${quick[@]}" --threads 2 < "$tmp/games.jgn" | cmp -s - "$tmp/serial.jgn" || fail "--threads 2 output differs from --threads 1"

# A record that breaks the rules is not annotated: its errors, exit 1, nothing
# judged (the positions after an illegal move never happened)
"$bin/junqi-replay" --to jgn "$game" | sed 's/^1\. \([a-q][0-9]*\)[-<>=][a-q][0-9]*/1. \1-\1/' > "$tmp/illegal.jgn"
check
"$bin/junqi-validate" -q "$tmp/illegal.jgn" && fail "the doctored record should not validate"
check
"$bin/junqi-analyze" "${quick[@]}" "$tmp/illegal.jgn" > "$tmp/illegal-out.jgn" 2> "$tmp/illegal.err"
expect "an illegal record: exit status" 1 "$?"
check
[ -s "$tmp/illegal-out.jgn" ] && fail "an illegal record was annotated"
check
grep -q "illegal.jgn:[0-9]*:[0-9]*: error: " "$tmp/illegal.err" || fail "no located error for the illegal record: $(head -c 300 "$tmp/illegal.err")"
check
grep -q "not annotated: the record breaks the rules" "$tmp/illegal.err" || fail "no 'not annotated' line"
# in a file of several games, the line names the game, as junqi-validate does (it named the file)
{ "$bin/junqi-replay" --to jgn "$game"; echo; cat "$tmp/illegal.jgn"; } > "$tmp/two.jgn"
second=$(grep -n '^\[' "$tmp/two.jgn" | awk -F: 'NR > 1 && $1 > prev + 1 {print $1; exit} {prev = $1}')
"$bin/junqi-analyze" "${quick[@]}" "$tmp/two.jgn" > /dev/null 2> "$tmp/two.err"
expect "the second game of a file breaks the rules: exit status" 1 "$?"
expect "the second game of a file breaks the rules: the game named" \
    "junqi-analyze: $tmp/two.jgn: game 2 (line $second): not annotated: the record breaks the rules (above)" \
    "$(grep 'not annotated' "$tmp/two.err")"

# A signal stops an annotation and keeps the games annotated (docs/conventions.md, "Exit status"):
# game 1 is short, the others long (each takes half a minute or more under this budget), so that the
# signal, sent as soon as game 1 is written, comes during game 2, whose searches then stop at once.
# A background job of a script starts with SIGINT ignored, which the tool leaves so: env
# --default-signal gives it its default action back.
stop_games=("$root"/tests/data/qq/jgs-000678.jgs "$root"/tests/data/qq/jgs-000029.jgs
    "$root"/tests/data/qq/jgs-003098.jgs "$root"/tests/data/qq/jgs-001665.jgs)
slow=(--nodes 30000 --samples 2)
"$bin/junqi-analyze" "${slow[@]}" "${stop_games[0]}" >"$tmp/first.jgn" || fail "game 1 alone: not annotated"
# game_written DIR PATTERN: wait, at most 60 s, until a file of DIR matching PATTERN has content
game_written() {
    local f
    for _ in $(seq 600); do
        for f in "$1"/$2; do [ -s "$f" ] && return 0; done
        sleep 0.1
    done
    fail "$1: no game written within 60 s"
}
# stopped_within WHAT STATUS: the annotation ($job) ended with STATUS, at most 10 s after the signal
# ($sent, from $SECONDS): the game in progress was not annotated to its end
stopped_within() {
    wait "$job" 2>/dev/null
    expect "$1: the signal's exit status" "$2" "$?"
    check
    [ $((SECONDS - sent)) -le 10 ] || fail "$1: it ended $((SECONDS - sent)) s after the signal: the game in progress went on"
}

# interrupt_game_2 DIR ARG...: annotate ARG... into DIR/out.jgn in the background ($job; its
# standard output and error into DIR), and send it SIGINT ($sent) as soon as game 1 is written
interrupt_game_2() {
    local d=$1
    shift
    env --default-signal=INT "$bin/junqi-analyze" "${slow[@]}" -o "$d/out.jgn" "$@" >"$d/stdout" 2>"$d/stderr" &
    job=$!
    game_written "$d" 'out.jgn.tmp*'
    kill -INT "$job"
    sent=$SECONDS
}

# SIGINT with -o: -o holds game 1 as the annotation of it alone, no temporary file is left
d=$tmp/int
mkdir -p "$d"
interrupt_game_2 "$d" "${stop_games[@]}"
stopped_within "SIGINT, -o" 130
check
cmp -s "$tmp/first.jgn" "$d/out.jgn" || fail "SIGINT, -o: -o is not the annotated game 1: $(grep -c '^\[Annotator ' "$d/out.jgn") games"
"$bin/junqi-validate" -q "$d/out.jgn"
expect "SIGINT, -o: -o is valid JGN" 0 "$?"
expect "SIGINT, -o: said on stderr" "junqi-analyze: interrupted by SIGINT after 1 of 4 games" "$(cat "$d/stderr")"
expect "SIGINT, -o: no temporary file left" "out.jgn stderr stdout" "$(ls "$d" | tr '\n' ' ' | sed 's/ $//')"

# SIGTERM with standard output, sent twice at once as GNU timeout sends it (one request)
d=$tmp/term
mkdir -p "$d"
"$bin/junqi-analyze" "${slow[@]}" "${stop_games[@]}" >"$d/stdout" 2>"$d/stderr" &
job=$!
game_written "$d" stdout
kill -TERM "$job"
kill -TERM "$job" 2>/dev/null
sent=$SECONDS
stopped_within "SIGTERM twice at once, standard output" 143
check
cmp -s "$tmp/first.jgn" "$d/stdout" || fail "SIGTERM, standard output: not the annotated game 1"
expect "SIGTERM, standard output: said on stderr" "junqi-analyze: interrupted by SIGTERM after 1 of 4 games" \
    "$(cat "$d/stderr")"

# SIGHUP before any game is annotated: an earlier -o stays as it was; sent once the tool takes the
# signals (takes_signals PID: wait, at most 60 s, until the main thread has them blocked: SigBlk
# holds SIGHUP, bit 0)
takes_signals() {
    local mask
    for _ in $(seq 600); do
        mask=$(awk '$1 == "SigBlk:" {print $2}' "/proc/$1/status" 2>/dev/null)
        [ $((16#${mask:-0} & 1)) -eq 1 ] && return 0
        sleep 0.1
    done
}
d=$tmp/hup
mkdir -p "$d"
echo earlier >"$d/out.jgn"
"$bin/junqi-analyze" "${slow[@]}" -o "$d/out.jgn" "${stop_games[1]}" >"$d/stdout" 2>"$d/stderr" &
job=$!
takes_signals "$job"
kill -HUP "$job"
sent=$SECONDS
stopped_within "SIGHUP before any game" 129
expect "SIGHUP before any game: -o as it was" earlier "$(head -c 80 "$d/out.jgn")"
expect "SIGHUP before any game: said on stderr" "junqi-analyze: interrupted by SIGHUP before any game finished" \
    "$(cat "$d/stderr")"
expect "SIGHUP before any game: no temporary file left" "out.jgn stderr stdout" "$(ls "$d" | tr '\n' ' ' | sed 's/ $//')"

# SIGINT while blocked reading its input (a pipe whose writer holds it open: game 2 is not whole
# until it ends), where no stop flag reaches the main thread: the run ends within seconds all the
# same, -o holding game 1 (it ended only when the writer closed the pipe: never, under tail -f).
# Game 2 opens with a comment of 4,200 bytes: the input's format is told from its first 4,096
# bytes (formats/source.c), so with less the first read waits for the writer to close the pipe,
# and game 1 was annotated only after the 60 s of the sleep (in time for the plain build, too late
# under ASan, whose run of game_written ran out first)
d=$tmp/pipe
mkdir -p "$d"
pad=$(printf '%4200s' '' | tr ' ' x)
{ "$bin/junqi-replay" --to jgn "${stop_games[0]}"; echo; "$bin/junqi-replay" --to jgn "${stop_games[0]}" |
    awk -v pad="$pad" '!done && $0 == "" {print; print "{" pad "}"; done = 1; next} 1'; sleep 60; } |
    env --default-signal=INT "$bin/junqi-analyze" "${slow[@]}" -o "$d/out.jgn" >"$d/stdout" 2>"$d/stderr" &
job=$!
game_written "$d" 'out.jgn.tmp*'
analyzer=$(pgrep -n -f "junqi-analyze .*-o $d/out.jgn")
kill -INT "$analyzer"
sent=$SECONDS
for _ in $(seq 100); do kill -0 "$analyzer" 2>/dev/null || break; sleep 0.1; done
check
[ $((SECONDS - sent)) -le 10 ] || fail "SIGINT, blocked reading a pipe: still running $((SECONDS - sent)) s after the signal"
pkill -f "^sleep 60$" 2>/dev/null
wait "$job" 2>/dev/null # the pipeline's last command: junqi-analyze
expect "SIGINT, blocked reading a pipe: the signal's exit status" 130 "$?"
check
cmp -s "$tmp/first.jgn" "$d/out.jgn" || fail "SIGINT, blocked reading a pipe: -o is not the annotated game 1"
expect "SIGINT, blocked reading a pipe: said on stderr" "junqi-analyze: interrupted by SIGINT after 1 game" \
    "$(cat "$d/stderr")"
expect "SIGINT, blocked reading a pipe: no temporary file left" "out.jgn stderr stdout" \
    "$(ls "$d" | tr '\n' ' ' | sed 's/ $//')"

# A second SIGINT while the tool counts the games of its inputs for its line (the first stopped
# game 2 of many: it reads every input again, here one of 2,048 games named 20 times, which takes
# seconds): the count is given up and the line still said, without it (it was lost: the second
# signal ended the tool in the middle of the count). The second signal is sent once the count has
# the big file open, and more than a second after the first (one within a second is the same request)
d=$tmp/recount
mkdir -p "$d"
{ "$bin/junqi-replay" --to jgn "$root/samples/qq/jgs-000001.jgs"; echo; } >"$d/big.jgn"
for _ in $(seq 11); do cat "$d/big.jgn" "$d/big.jgn" >"$d/twice.jgn" && mv "$d/twice.jgn" "$d/big.jgn"; done
big=()
for _ in $(seq 20); do big+=("$d/big.jgn"); done
interrupt_game_2 "$d" "${stop_games[0]}" "${stop_games[1]}" "${big[@]}"
for _ in $(seq 100); do
    ls -l "/proc/$job/fd" 2>/dev/null | grep -q 'big\.jgn$' && break
    sleep 0.1
done
sleep 1.2
kill -INT "$job" 2>/dev/null
stopped_within "a second SIGINT during the count" 130
check
cmp -s "$tmp/first.jgn" "$d/out.jgn" || fail "a second SIGINT during the count: -o is not the annotated game 1"
expect "a second SIGINT during the count: said on stderr" "junqi-analyze: interrupted by SIGINT after 1 game" \
    "$(cat "$d/stderr")"

# A signal before any game is annotated, with inputs of thousands of games after the first: the
# line names no total, so the inputs are not read again to count them (they were, for seconds,
# before the line was said); the process's open files are watched until it ends
d=$tmp/nocount
mkdir -p "$d"
"$bin/junqi-analyze" "${slow[@]}" -o "$d/out.jgn" "${stop_games[1]}" "${big[@]}" >"$d/stdout" 2>"$d/stderr" &
job=$!
takes_signals "$job"
kill -HUP "$job"
sent=$SECONDS
reread=no
for _ in $(seq 200); do
    state=$(awk '$1 == "State:" {print $2}' "/proc/$job/status" 2>/dev/null)
    [ -n "$state" ] && [ "$state" != Z ] || break
    ls -l "/proc/$job/fd" 2>/dev/null | grep -q 'big\.jgn$' && reread=yes
    sleep 0.05
done
stopped_within "a signal before any game, big inputs" 129
expect "a signal before any game, big inputs: said on stderr" \
    "junqi-analyze: interrupted by SIGHUP before any game finished" "$(cat "$d/stderr")"
expect "a signal before any game, big inputs: the inputs not read again to count them" no "$reread"
rm -f "$tmp/recount/big.jgn"

# The total of the line with a broken game among the inputs (game 2 of 4, a word that is no move
# before its result): the games the reading hands on to be annotated, as they are read when none is
# stopped (junqi-analyze(1), SIGNALS): without --lenient the broken game is dropped with its error
# and not counted, with it the part read before the error is a game, annotated and counted
d=$tmp/broken
mkdir -p "$d"
{ "$bin/junqi-replay" --to jgn "${stop_games[0]}"; echo
  "$bin/junqi-replay" --to jgn "${stop_games[1]}" |
      awk 'NF {last = NR} {l[NR] = $0} END {for (i = 1; i <= NR; i++) {if (i == last) sub(/ [^ ]+$/, " zz9-q1&", l[i]); print l[i]}}'
  echo; "$bin/junqi-replay" --to jgn "${stop_games[2]}"; echo; "$bin/junqi-replay" --to jgn "${stop_games[3]}"; } >"$d/in.jgn"
for mode in strict:3 lenient:4; do
    rm -f "$d"/out.jgn*
    lenient=()
    [ "${mode%:*}" = lenient ] && lenient=(--lenient)
    interrupt_game_2 "$d" "${lenient[@]}" "$d/in.jgn"
    stopped_within "a broken game among the inputs, ${mode%:*}" 130
    expect "a broken game among the inputs, ${mode%:*}: the total counts the games read" \
        "junqi-analyze: interrupted by SIGINT after 1 of ${mode#*:} games" "$(tail -n 1 "$d/stderr")"
done

echo "annotate.sh: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
