#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/collections.sh - junqi-replay on collections (docs/collections.md)
# over the real replays of the corpus (../shared/data/qq-replays when it is
# there, else the bundled ones): --select agrees with the same selection made
# by jq over the games' JSON; --unique drops exactly the copies (the corpus
# twice over, as QQ files and as one JGN collection, an annotated game among
# them); --split writes files of N games that concatenate to the unsplit
# output byte for byte; --list numbers the games of each file; --count; usage
# errors; standard input streams.
#
# Environment (set by tests/run-tests): JUNQI_BIN, JUNQI_ROOT. Exit 1 if any check failed.
set -u

name=collections.sh
. "$(dirname "$0")/lib"
need_jq
R=$JUNQI_BIN/junqi-replay
n=${#corpus[@]}

# the corpus as one JGN collection, and its games' facts as JSON, with jq
"$R" --to jgn "${corpus[@]}" >"$tmp/all.jgn" 2>/dev/null
"$R" --to json "${corpus[@]}" 2>/dev/null |
    jq -c '{moves: ([.line.items[] | select(.type == "move")] | length), result: .result,
            players: (.seats | length), seats: (.seats | keys)}' >"$tmp/facts.jsonl"
games=$(grep -c . "$tmp/facts.jsonl")
expect "the collection holds every corpus game" "$n" "$games"
run "$R" --count "$tmp/all.jgn"
expect "--count" "$games" "$out"

# --select against jq
select_vs_jq() { # CONDITION JQ-FILTER
    local want got
    want=$(jq -c "select($2)" "$tmp/facts.jsonl" | grep -c .)
    got=$("$R" --count --select "$1" "$tmp/all.jgn" 2>"$tmp/err")
    expect "--select '$1' keeps what jq's select($2) keeps" "$want" "$got"
}
select_vs_jq 'moves<100' '.moves < 100'
select_vs_jq 'moves>=200' '.moves >= 200'
select_vs_jq 'Result=north-south' '.result.winner == "north-south"'
select_vs_jq 'Result=draw' '.result.draw == true'
select_vs_jq 'Termination=flag_captured|surrender' '.result.reason == "flag_captured" or .result.reason == "surrender"'
select_vs_jq 'players=2' '.players == 2'
select_vs_jq 'Result!=draw' '.result.draw != true'
# seat: any seat that takes part, as player is any seat's player (the games --view SEAT can show)
select_vs_jq 'seat=east' '.seats | index("east")'
select_vs_jq 'seat!=west' '.seats | index("west") | not'
select_vs_jq 'seat=north|east' '.seats | index("north") or index("east")'
# several conditions: all must hold
want=$(jq -c 'select(.moves > 50 and .players == 4 and .result.winner == "east-west")' "$tmp/facts.jsonl" | grep -c .)
got=$("$R" --count --select 'moves>50' --select players=4 --select Result=east-west "$tmp/all.jgn")
expect "three conditions together" "$want" "$got"
# a condition that keeps nothing in silence gets a note (zero games kept, exit 0)
select_note() { # CONDITION NOTE
    got=$("$R" --count --select "$1" "$tmp/all.jgn" 2>"$tmp/err")
    expect "--select $1: no game" "0 0" "$got $?"
    expect "--select $1: the note" "junqi-replay: note: --select $1 $2" "$(cat "$tmp/err")"
}
# and only such a condition: NOTED the one of CONDITIONS that gets one
select_notes_only() { # WHAT NOTED CONDITIONS...
    local what=$1 noted=$2 cond
    shift 2
    for cond in "$@"; do
        "$R" --count --select "$cond" "$tmp/all.jgn" >/dev/null 2>"$tmp/err"
        expect "--select $cond: a note only for $what" "$([ "$cond" = "$noted" ] && echo 1 || echo 0)" \
            "$(grep -c 'note: --select' "$tmp/err")"
    done
}
# a word written with a capital (Moves) names a tag, which no game has: it kept nothing in silence;
# a note now says which word was meant (View and Source are tags of their own: no note)
select_note 'Moves>=100' "names a tag, which JGN does not define: the word is 'moves', in lower case"
select_notes_only "a word's case" '!PLAYERS' 'moves>=100' 'View=south' '!PLAYERS'
# == (as jq, Python and C write it) compared with a value starting '=': it kept nothing in silence
select_note 'Result==north-south' "compares Result with '=north-south': write one '=' (Result=north-south)"
select_notes_only "== or !==" 'Result!==draw' 'Result!==draw' 'Event~a==b' 'Result=north-south'
# the same selection from the QQ files themselves, and from standard input
got=$("$R" --count --select 'moves<100' "${corpus[@]}" 2>/dev/null)
expect "--select on the QQ files" "$(jq -c 'select(.moves < 100)' "$tmp/facts.jsonl" | grep -c .)" "$got"
got=$("$R" --count --select 'moves<100' <"$tmp/all.jgn")
expect "--select on standard input" "$(jq -c 'select(.moves < 100)' "$tmp/facts.jsonl" | grep -c .)" "$got"
# the kept games are whole records: they replay to the same end
"$R" --select 'moves<100' --to jgn "$tmp/all.jgn" >"$tmp/short.jgn"
expect "the games kept are valid records" 0 "$("$JUNQI_BIN/junqi-validate" -q "$tmp/short.jgn"; echo $?)"

# --unique: the corpus twice (the QQ files and their JGN), one game also annotated
unique=$("$R" --count --unique "${corpus[@]}" 2>/dev/null)
"$JUNQI_BIN/junqi-analyze" --view all --nodes 200 "$JUNQI_ROOT/tests/data/qq/jgs-002724.jgs" >"$tmp/annotated.jgn"
got=$("$R" --count --unique "$tmp/all.jgn" "${corpus[@]}" "$tmp/annotated.jgn" 2>/dev/null)
expect "--unique drops the second and third copies" "$unique" "$got"
checks=$((checks + 1))
[ "$unique" -le "$n" ] && [ "$unique" -ge $((n - 2)) ] ||
    fail "--unique on the corpus alone: $unique of $n games (the bundled corpus has one copy)"
got=$("$R" --unique --to jgn "$tmp/all.jgn" "$tmp/all.jgn" | "$R" --count)
expect "--unique --to jgn writes each game once" "$unique" "$got"

# --split: files of N games, in order; together the unsplit output
"$R" --to jgn "$tmp/all.jgn" >"$tmp/whole.jgn"
run "$R" --split 7 -o "$tmp/parts/" "$tmp/all.jgn"
expect "--split 7: exit status" 0 "$rc"
parts=$(ls "$tmp/parts" | wc -l)
expect "--split 7: files" $(((games + 6) / 7)) "$parts"
checks=$((checks + 2))
cat $(for i in $(seq 1 "$parts"); do echo "$tmp/parts/$i.jgn"; done) | cmp -s - "$tmp/whole.jgn" ||
    fail "--split 7: the parts in order are not the whole collection"
[ "$("$R" --count "$tmp/parts/1.jgn")" = 7 ] || fail "--split 7: the first part does not hold 7 games"
mkdir "$tmp/named"
run "$R" --split 1 -o "$tmp/named/%n-of-%n-%%.jgn" "$tmp/short.jgn"
expect "--split 1 -o %n-of-%n-%%.jgn: every %n replaced, %% one percent sign" "1-of-1-%.jgn 2-of-2-%.jgn" \
    "$(ls "$tmp/named" | sort -n | sed -n '1,2p' | tr '\n' ' ' | sed 's/ $//')"
# G10: a name without an extension takes the format's, as a folder's files do (they were named
# 'bare-1', JSON Lines or JGN alike); an extension given is kept
mkdir "$tmp/bare" "$tmp/bare/v1.2"
run "$R" --split 1 --to json -o "$tmp/bare/json-%n" "$tmp/short.jgn"
run "$R" --split 1 -o "$tmp/bare/jgn-%n" "$tmp/short.jgn"
run "$R" --split 1 --to json -o "$tmp/bare/v1.2/dotted-%n" "$tmp/short.jgn"
run "$R" --split 1 --to json -o "$tmp/bare/given-%n.json" "$tmp/short.jgn"
expect "G10: --split -o PATTERN without an extension: the format's (.jsonl, .jgn); a folder's '.' is none" \
    "given-1.json jgn-1.jgn json-1.jsonl v1.2/dotted-1.jsonl" \
    "$(cd "$tmp/bare" && ls given-1.* json-1.* jgn-1.* v1.2/dotted-1.* | tr '\n' ' ' | sed 's/ $//')"
expect "G10: the parts of json-%n: JSON, one game each" "1 {" "$(grep -c . "$tmp/bare/json-1.jsonl") $(head -c 1 "$tmp/bare/json-1.jsonl")"
rm -r "$tmp/bare"
run "$R" --split 1 -o "$tmp/named/%%n.jgn" "$tmp/short.jgn"
expect "--split 1 -o %%n.jgn: a literal %n numbers nothing, a usage error" 2 "$rc"
run "$R" --split 1 --to json -o "$tmp/one-%n.jsonl" "$tmp/short.jgn"
expect "--split 1 --to json: one file per game" "$("$R" --count "$tmp/short.jgn")" "$(ls "$tmp"/one-*.jsonl | wc -l)"
expect "--split 1 --to json: one JSON document each" 1 "$(grep -c . "$tmp/one-1.jsonl")"
# a part named as an input is refused before anything is written: re-splitting parts into the same
# names renamed part 2 over the input p-2.jgn before it was read (its games lost, exit 0)
mkdir "$tmp/again" && (cd "$tmp/again" && "$R" --split 2 -o 'p-%n.jgn' "$tmp/short.jgn")
before=$(cat "$tmp"/again/p-*.jgn | md5sum)
run "$R" --split 1 -o "$tmp/again/p-%n.jgn" "$tmp"/again/p-*.jgn
expect "--split into the inputs' own names: a usage error, nothing written" \
    "2|junqi-replay: -o $tmp/again/p-%n.jgn: part 1 would be written over the input $tmp/again/p-1.jgn, whose games it is made from: choose other names|$before" \
    "$rc|$(head -n 1 <<<"$err")|$(cat "$tmp"/again/p-*.jgn | md5sum)"
mkdir "$tmp/inside" && cp "$tmp/short.jgn" "$tmp/inside/1.jgn" && ln -s "$tmp/inside/1.jgn" "$tmp/mine.jgn"
run "$R" --split 1 -o "$tmp/inside/" "$tmp/mine.jgn"
expect "--split -o DIR/ over an input, named through a link: a usage error" 2 "$rc"
# a link named as a part (the part is written through it), a digit before %n, an input not there
# yet (the part written would be read back as it)
mkdir "$tmp/away" && cp "$tmp/short.jgn" "$tmp/away/kept.jgn" && ln -s "$tmp/away/kept.jgn" "$tmp/away/g-2.jgn"
cp "$tmp/short.jgn" "$tmp/away/v12.jgn"
for spec in "g-%n.jgn:g-2.jgn" "v1%n.jgn:v12.jgn" "p-%n.jgn:p-2.jgn"; do
    run "$R" --split 1 -o "$tmp/away/${spec%%:*}" "$tmp/short.jgn" "$tmp/away/${spec#*:}"
    expect "--split -o ${spec%%:*} with the input ${spec#*:}: a usage error naming part 2" \
        "2|part 2 would be written over the input $tmp/away/${spec#*:}," "$rc|$(grep -o 'part 2 .* input [^ ]*' <<<"$err")"
done
# ... and a link named as a part that leads to an input of another name (the part, written
# through the link, would replace kept.jgn: the folder's links are read)
run "$R" --split 1 -o "$tmp/away/g-%n.jgn" "$tmp/short.jgn" "$tmp/away/kept.jgn"
expect "--split -o g-%n.jgn with g-2.jgn a link to the input kept.jgn: a usage error naming part 2" \
    "2|part 2 would be written over the input $tmp/away/kept.jgn," "$rc|$(grep -o 'part 2 .* input [^ ]*' <<<"$err")"
expect "--split refused: the file behind the link kept" "$(cat "$tmp/short.jgn")" "$(cat "$tmp/away/kept.jgn")"
run "$R" --split 1 -o "$tmp/again/q-%n.jgn" "$tmp"/again/p-*.jgn
expect "--split into other names than the inputs': written" 0 "$rc"
# standard input redirected from a part's file: the file's games are all read, but part 1 would
# replace it with the games kept (--select 'moves>=400' kept none of these, and the file went:
# h-break2), so it is refused as a named input is, whether named -, /dev/stdin, /dev/fd/0 or
# /proc/self/fd/0 (before, - was split in place, and /dev/stdin refused until 1f6cd32)
mkdir "$tmp/stdin"
for in in - /dev/stdin /dev/fd/0 /proc/self/fd/0; do
    [ -e "$in" ] || [ "$in" = - ] || continue
    rm -f "$tmp"/stdin/* && cp "$tmp/short.jgn" "$tmp/stdin/s-1.jgn"
    for select in "" "--select moves>=400"; do
        run "$R" --split 1 $select -o "$tmp/stdin/s-%n.jgn" "$in" <"$tmp/stdin/s-1.jgn"
        expect "--split $select from $in redirected from part 1's file: a usage error, the file kept" \
            "2|part 1 would be written over the input|$(md5sum <"$tmp/short.jgn")" \
            "$rc|$(grep -o 'part 1 would be written over the input' <<<"$err")|$(md5sum <"$tmp/stdin/s-1.jgn")"
    done
done
# a game that breaks the rules is written whole, as --to jgn writes it, and the parts go on
# (exit 1): the second of four games here (tests/data/corrupt/rail-turn.jgs, an illegal move)
"$R" --to jgn "$JUNQI_ROOT/tests/data/corrupt/rail-turn.jgs" >"$tmp/illegal.jgn" 2>/dev/null
"$R" --to jgn "${corpus[0]}" >"$tmp/first.jgn"
cat "$tmp/first.jgn" "$tmp/illegal.jgn" "$tmp/first.jgn" "$tmp/first.jgn" >"$tmp/mixed.jgn"
"$R" --to jgn "$tmp/mixed.jgn" >"$tmp/mixed-whole.jgn" 2>/dev/null
run "$R" --split 3 -o "$tmp/mixed-parts/" "$tmp/mixed.jgn"
expect "--split 3 with an illegal game: exit status" 1 "$rc"
expect "--split 3 with an illegal game: files" "1.jgn 2.jgn" "$(ls "$tmp/mixed-parts" | tr '\n' ' ' | sed 's/ $//')"
checks=$((checks + 1))
cat "$tmp/mixed-parts/1.jgn" "$tmp/mixed-parts/2.jgn" 2>/dev/null | cmp -s - "$tmp/mixed-whole.jgn" ||
    fail "--split 3 with an illegal game: the parts in order are not what --to jgn writes"
# a part that cannot be written (a folder stands in its place) is said in one located line and left
# out with its games; the parts after it are written, numbered as they would have been, and the exit
# status is 3 at the end, as junqi-render's pages (it stopped there: the later parts were not written)
cat "$tmp/first.jgn" "$tmp/first.jgn" "$tmp/first.jgn" "$tmp/first.jgn" "$tmp/first.jgn" >"$tmp/five.jgn"
mkdir -p "$tmp/gap/2.jgn" "$tmp/gap2/part-1.jgn"
run "$R" --split 1 -o "$tmp/gap/" "$tmp/five.jgn"
expect "--split 1, part 2 not writable: exit status, one located line" \
    "3 junqi-replay: $tmp/gap/2.jgn: cannot write: Is a directory" "$rc $err"
expect "--split 1, part 2 not writable: the other parts written" "1.jgn 3.jgn 4.jgn 5.jgn" \
    "$(find "$tmp/gap" -type f -printf '%f\n' | sort | tr '\n' ' ' | sed 's/ $//')"
checks=$((checks + 1))
cmp -s "$tmp/gap/5.jgn" "$tmp/first.jgn" || fail "--split 1, part 2 not writable: part 5 is not the fifth game"
run "$R" --split 2 -o "$tmp/gap2/part-%n.jgn" "$tmp/five.jgn"
expect "--split 2, part 1 not writable: exit status, one located line" \
    "3 junqi-replay: $tmp/gap2/part-1.jgn: cannot write: Is a directory" "$rc $err"
expect "--split 2, part 1 not writable: parts 2 and 3 hold games 3-4 and 5" "2 1" \
    "$("$R" --count "$tmp/gap2/part-2.jgn") $("$R" --count "$tmp/gap2/part-3.jgn")"
# a usage error stops the run at once with exit status 2, also after a part that could not be
# written (docs/conventions.md, "Outputs of several files"): --rules qq for a two-player game, the
# second of three (it went on to the third game's part, and exited with 3)
printf '[Board "two-player"]\n[Position "%s"]\n\n*\n' \
    ".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -" >"$tmp/two-player.jgn"
# (a four-player game of four seats: the corpus's first game may have two, north and south)
"$R" --to jgn "$JUNQI_ROOT/samples/qq/jgs-000689.jgs" >"$tmp/four.jgn"
cat "$tmp/four.jgn" "$tmp/two-player.jgn" "$tmp/four.jgn" >"$tmp/four-two-four.jgn"
two_line=$(($(wc -l <"$tmp/four.jgn") + 1))
for first in writable unwritable; do
    rm -rf "$tmp/stop" && mkdir "$tmp/stop"
    [ "$first" = unwritable ] && mkdir "$tmp/stop/1.jgn"
    run "$R" --rules qq --split 1 -o "$tmp/stop/" "$tmp/four-two-four.jgn"
    expect "--split 1 --rules qq, part 1 $first, a two-player game 2nd: exit status, the usage error, then nothing" \
        "2|junqi-replay: $tmp/four-two-four.jgn: game 2 (line $two_line): --rules qq is for the four-player board, and this is a two-player game|Try 'junqi-replay --help' for more information." \
        "$rc|$(grep -v "^junqi-replay: $tmp/stop/1.jgn: cannot write" "$tmp/err" | paste -sd'|')"
    expect "--split 1 --rules qq, part 1 $first, a two-player game 2nd: no part 3" no \
        "$([ -e "$tmp/stop/3.jgn" ] && echo yes || echo no)"
done

# a usage error about one game of a file of several names the game (docs/conventions.md, "Which
# item"), as --ply past the end does: --rules and --view named the file only
run "$R" --view east --to jgn "$tmp/four-two-four.jgn"
expect "--view east, a two-player game 2nd: the message names game 2" \
    "2|junqi-replay: $tmp/four-two-four.jgn: game 2 (line $two_line): --view east: east takes no part in this game (its seats: north, south)" \
    "$rc|$(head -n 1 "$tmp/err")"
# the other options work on the games kept (docs/collections.md): a game --select drops is no
# usage error of --view or --rules (the two-player game stopped the run with exit status 2)
run "$R" --select Board=four-player --view east --to jgn "$tmp/four-two-four.jgn"
expect "--select Board=four-player --view east: the two-player game dropped, no error" "0|2 2|" \
    "$rc|$(grep -c '^\[Board "four-player"\]' <<<"$out") $(grep -c '^\[View "east"\]' <<<"$out")|$err"
run "$R" --select seat=east --view east --to jgn "$tmp/four-two-four.jgn"
expect "--select seat=east --view east: the games east plays, no error" "0|2|" \
    "$rc|$(grep -c '^\[View "east"\]' <<<"$out")|$err"
# --board is the board of a new record (--setup, --deal): it was ignored with an input
run "$R" --board two-player "$tmp/four-two-four.jgn"
expect "--board with an input: a usage error, nothing written" \
    "2||junqi-replay: --board is the board of a new record: it takes --setup or --deal" "$rc|$out|$(head -n 1 "$tmp/err")"
# --count and --list say which games there are: --view was ignored by them
run "$R" --view east --count "$tmp/four-two-four.jgn"
expect "--view with --count: a usage error" \
    "2|junqi-replay: --count and --list say which games there are: they take no --view" "$rc|$(head -n 1 "$tmp/err")"
run "$R" --select Board=four-player --rules qq,timeouts=off --count "$tmp/four-two-four.jgn"
expect "--select Board=four-player --rules qq,...: the two-player game dropped, no error" "0|2|" "$rc|$out|$err"
run "$R" --select Board=two-player --rules standard --format pos "$tmp/four-two-four.jgn"
expect "--select Board=two-player --rules standard: the two-player game's position" \
    "0|.NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -|" "$rc|$out|$err"
# a game kept is still checked: the rule set of the other board is a usage error for it
run "$R" --select 'moves>=0' --rules standard --count "$tmp/four-two-four.jgn"
expect "--select moves>=0 --rules standard: the four-player game 1st is a usage error" \
    "2|junqi-replay: $tmp/four-two-four.jgn: game 1 (line 1): --rules standard is for the two-player board, and this is a four-player game" \
    "$rc|$(head -n 1 "$tmp/err")"
# --select on the result under the rule set asked: a game that fits is selected as --rules replays it
run "$R" --unique --select Board=four-player --rules qq --count "$tmp/four-two-four.jgn"
expect "--unique --select --rules: game 1 and its copy game 3 are one game" "0|1|" "$rc|$out|$err"

# the games of a part that cannot be written are checked all the same: what is said of them is
# what is said when the parts are written (only the part's line was said: the illegal game's error
# was not)
run "$R" --split 1 -o "$tmp/mixed-ones/" "$tmp/mixed.jgn"
expect "--split 1 with an illegal game: exit status, its error said" "1 1" "$rc $(grep -c ': error: ' <<<"$err")"
said=$err
for o in "$tmp/no-folder/parts/" "$tmp/no-folder/part-%n.jgn"; do
    run "$R" --split 1 -o "$o" "$tmp/mixed.jgn"
    expect "--split 1 -o $o, not writable: exit status, what is said of the games" "3 $said" \
        "$rc $(grep -v "^junqi-replay: $tmp/no-folder/" <<<"$err")"
done
# --list: source and index of each game
run "$R" --list "$tmp/all.jgn" "${corpus[0]}"
expect "--list: one line per game" $((games + 1)) "$(grep -c . <<<"$out")"
expect "--list: the third game of the collection" "$tmp/all.jgn	3" "$(sed -n 3p <<<"$out" | cut -f1,2)"
expect "--list: a QQ file holds one game" "${corpus[0]}	1" "$(tail -n 1 <<<"$out" | cut -f1,2)"
run "$R" --list --format json --select 'moves<100' "$tmp/all.jgn"
expect "--list --format json: valid JSON Lines with the fields" \
    '["board","index","moves","players","result","rules","source","termination"]' \
    "$(head -n 1 <<<"$out" | jq -c 'keys')"
# --list --format json names each game's rule set, the one it is played under (--rules or the
# record's); the text columns stay as docs/collections.md fixes them
run "$R" --list --format json "$tmp/four-two-four.jgn"
expect "--list --format json: .rules of each game" "qq standard qq" "$(jq -r .rules <<<"$out" | tr '\n' ' ' | sed 's/ $//')"
run "$R" --list --format json --select Board=two-player --rules standard,mode=open "$tmp/four-two-four.jgn"
expect "--list --format json --rules standard,mode=open: .rules" "standard,mode=open" "$(jq -r .rules <<<"$out")"
# a game that does not parse keeps its number, as junqi-validate, junqi-render --game and position
# file ... game N count it: --list and --select index numbered the games after it one lower
printf '[Board "two-player"]\n\n1. zz *\n\n' | cat - "$tmp/short.jgn" >"$tmp/unreadable-first.jgn"
run "$R" --list "$tmp/unreadable-first.jgn"
expect "--list after a game that does not parse: the second game is game 2" \
    "1|$tmp/unreadable-first.jgn	2" "$rc|$(head -n 1 <<<"$out" | cut -f1,2)"
run "$R" --select index=2 --to jgn "$tmp/unreadable-first.jgn"
expect "--select index=2 after a game that does not parse: the file's second game, short.jgn's first" \
    "$("$R" --to jgn --select index=1 "$tmp/short.jgn")" "$out"

# --- defect 4: --list and --count check the games they keep, as every other
# output of junqi-replay does: a game that breaks the rules is counted and
# listed, its errors are said on standard error, and the exit status is 1
broken=$JUNQI_ROOT/tests/data/corrupt/rail-turn.jgs
for opt in --count --list "--list --format json"; do
    # shellcheck disable=SC2086
    run "$R" $opt "$broken" "${corpus[0]}"
    expect "defect 4: junqi-replay $opt on a game with an illegal move and a valid one: exit status, lines, the error" \
        "1 2 yes" "$rc $(if [ "$opt" = --count ]; then echo "$out"; else grep -c . <<<"$out"; fi) $(grep -q \
        "^$broken: move 9 (record 8, offset 0x1EC): error: " <<<"$err" && echo yes)"
done
run "$R" --count "${corpus[0]}"
expect "defect 4: junqi-replay --count on a valid game: exit status, count, standard error" "0 1 " "$rc $out $err"

# --- defect 5: --list shows the control characters of tag values (a player's
# name) as \xHH, as every text output does (junqi_cli_put_visible), never raw
printf '[Board "two-player"]\n[South "a\001b\033[31mred"]\n[North "y"]\n\n*\n' >"$tmp/control.jgn"
run "$R" --list "$tmp/control.jgn"
expect "defect 5: junqi-replay --list: a player's control characters as \\xHH" \
    "0 $tmp/control.jgn	1	two-player	0	*	-	north:y	south:a\\x01b\\x1b[31mred" "$rc $out"
printf '[Board "two-player"]\n[South "a\tb"]\n[North "y"]\n\n*\n' >"$tmp/tab.jgn"
run "$R" --list "$tmp/tab.jgn"
expect "junqi-replay --list: a tab in a field is \\x09, so the fields stay 8" "8 south:a\\x09b" \
    "$(awk -F'\t' '{print NF}' <<<"$out") $(cut -f8 <<<"$out")"

# usage errors: exit 2, nothing written
for spec in "--select =x" "--select moves=many" "--select Result@x" "--split 0 -o $tmp/p-%n.jgn" \
        "--split 3 -o $tmp/plain.jgn" "--split 3" "--count --list" "--count --to jgn" "--list --ply 3" \
        "--select moves<3 --setup south=銅牆鐵壁"; do
    # shellcheck disable=SC2086
    run "$R" $spec "$tmp/all.jgn"
    expect "junqi-replay $spec: exit status" 2 "$rc"
done
# Rules is the rule string as JGN writes it, house-rule switches and all, not the named set alone
cat >"$tmp/house.jgn" <<'EOF2'
[Board "two-player"]
[Rules "standard,rail_mode=three_steps"]
[Position ".NF.../...../...../...../...../...../S5..../...../...../...../...../...F. s 0 0 - standard,rail_mode=three_steps"]

1. a6-a9 *

[Board "two-player"]
[Rules "standard"]
[Position ".NF.../...../...../...../...../...../S5..../...../...../...../...../...F. s 0 0 -"]

1. a6-a10 *
EOF2
for spec in 'Rules~three_steps:1' 'Rules=standard:1' 'Rules=standard,rail_mode=three_steps:1' 'Rules~standard:2'; do
    run "$R" --select "${spec%:*}" --count "$tmp/house.jgn"
    expect "junqi-replay --select '${spec%:*}' over a house-rule game and a standard one" "0 ${spec##*:}" "$rc $out"
done
# a field longer than 1023 bytes is compared whole: a tag's, a player's (it was cut there, and a
# condition on its end kept nothing in silence)
long=$(printf 'x%.0s' $(seq 1500))
{ printf '[Event "%sEND"]\n[North "%sNAME"]\n' "$long" "$long"; cat "$tmp/house.jgn"; } >"$tmp/long-tag.jgn"
for spec in 'Event~END:1' "Event=${long}END:1" 'Event>xy:0' 'North~NAME:1' 'player~NAME:1'; do
    run "$R" --select "${spec%:*}" --count "$tmp/long-tag.jgn"
    expect "junqi-replay --select '$(head -c 40 <<<"${spec%:*}")...' over a 1503-byte tag" "0 ${spec##*:}" "$rc $out"
done
# a usage error met on the way (a --rules of the other board than a later game's) prints no count:
# it printed the games counted before it, a number a script took for the answer
run "$R" --rules qq --count "$tmp/all.jgn" "$tmp/house.jgn"
expect "junqi-replay --rules qq --count over a two-player game: exit 2, no count" "2 " "$rc $out"
# a comparison with nothing after its operator names the condition
for cond in 'moves>=' 'moves=' 'Date<' 'index>'; do
    run "$R" --select "$cond" --count "$tmp/all.jgn"
    expect "junqi-replay --select '$cond': exit 2, nothing written" "2 " "$rc $out"
    checks=$((checks + 1))
    grep -qF "'$cond': nothing after '${cond##*[A-Za-z]}' to compare with" <<<"$err" ||
        fail "junqi-replay --select '$cond': the message should name the condition: $err"
done
# a number field compared with text says what the field counts
run "$R" --select 'moves>=x' --count "$tmp/all.jgn"
expect "junqi-replay --select 'moves>=x': exit 2, what moves counts" \
    "2 junqi-replay: --select 'moves>=x': moves takes a whole number (the number of moves), not 'x'" \
    "$rc $(head -n 1 <<<"$err")"
checks=$((checks + 1))
[ ! -e "$tmp/plain.jgn" ] && [ -z "$(ls "$tmp" | grep '^p-')" ] || fail "a usage error wrote files"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
