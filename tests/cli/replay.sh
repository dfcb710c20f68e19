#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/replay.sh - junqi-replay's command-line contract
# (docs/conventions.md): --ply past the end, --format json positions
# (to_move, pieces), --all, --view SEAT, -o FILE.
#
# Requires jq (Debian package "jq", installed by scripts/install-deps):
# `command -v jq` must succeed, otherwise this test fails at once.
#
# Environment (set by tests/run-tests): JUNQI_BIN = the directory of the
# tools, JUNQI_ROOT = the repository root. Prints one line per failed check
# (what was expected, what came) and a summary; exits 1 if any check failed.
# The local checks use the replays copied into tests/data/corrupt/; those on
# tests/data (copies of ../shared/data) are real replays.
set -u

name=replay.sh
. "$(dirname "$0")/lib"
R=$JUNQI_BIN/junqi-replay
C=$JUNQI_ROOT/tests/data/corrupt

need_jq
if [ ! -x "$R" ]; then
    echo "$name: FAIL: $R is missing or not executable (run make)"
    exit 1
fi


# moves_in FILE: the number of move records (byte 0 = 0x5F) among the N
# records of a QQ replay, read from the bytes themselves
moves_in() {
    local lo hi
    read -r lo hi < <(od -An -tu1 -j26 -N2 "$1")
    od -An -tu1 -v -w10 -j412 -N$((10 * (lo + 256 * hi))) "$1" |
        awk '$1 == 95 { c++ } END { print c + 0 }'
}

# --- --ply past the end of one game of several: the message says how to keep those that reach it
run "$R" --ply 22 --format pos "$C/jgs-002667.jgs" "$C/jgs-002861.jgs"
expect "junqi-replay --ply 22 over two games, the second too short: exit status, the hint" \
    "2 (--select 'moves>=22' keeps the games that reach it)" "$rc $(grep -o "(--select.*)" <<<"$err")"
run "$R" --ply 22 "$C/jgs-002861.jgs"
expect "junqi-replay --ply 22 of one game: no hint of --select" "2 0" "$rc $(grep -c -- --select <<<"$err")"

# --- --ply past the end: exit 2, the message says how many moves ------------
# jgs-002861: 21 moves (25 records); jgs-002667: 51 moves (52 records)
for spec in "jgs-002861.jgs 21" "jgs-002667.jgs 51"; do
    read -r f moves <<<"$spec"
    expect "$f: move records counted from the bytes" "$moves" "$(moves_in "$C/$f")"
    for ply in $((moves + 1)) 1000; do
        run "$R" --ply "$ply" "$C/$f"
        expect "junqi-replay --ply $ply $f: exit status" 2 "$rc"
        expect "junqi-replay --ply $ply $f: standard output" "" "$out"
        checks=$((checks + 1))
        grep -qw -- "$moves moves" <<<"$err" ||
            fail "junqi-replay --ply $ply $f: expected a message giving '$moves moves' on standard error, got '$err'"
    done
    run "$R" --ply "$moves" --format json "$C/$f"
    expect "junqi-replay --ply $moves $f (the last move): exit status" 0 "$rc"
    expect "junqi-replay --ply $moves $f: ply" "$moves" "$(jq -r .ply <<<"$out")"
done

# --- --format json: to_move and piece counts ------------------------------
# jgs-002861: piece counts from an independent replay of the records
# (ply 20: north surrendered and left; ply 21: south surrendered, game over)
for spec in "0 north 100" "4 north 100" "12 north 93" "19 east 89" "20 west 69" "21 null 45"; do
    read -r ply to_move count <<<"$spec"
    run "$R" --ply "$ply" --format json "$C/jgs-002861.jgs"
    expect "junqi-replay --ply $ply --format json jgs-002861.jgs: exit status" 0 "$rc"
    expect "junqi-replay --ply $ply --format json jgs-002861.jgs: lines" 1 "$(grep -c . <<<"$out")"
    expect "junqi-replay --ply $ply --format json jgs-002861.jgs: ply, to_move, pieces" \
        "$ply $to_move $count" "$(jq -r '"\(.ply) \(.to_move) \(.pieces | length)"' <<<"$out" 2>&1)"
done
run "$R" --ply 21 --format json "$C/jgs-002861.jgs"
# (21 moves: within QQ's 40, so the winners score nothing and the losers lose 2 each)
expect "jgs-002861.jgs at the end: eliminated, result" \
    '["north","south"] {"winner":"east-west","draw":false,"reason":"surrender","score":{"scoring":"qq","north":-2,"east":0,"south":-2,"west":0}}' \
    "$(jq -c '.eliminated, .result' <<<"$out" | paste -sd' ')"

# --- --all --format json: one line per ply, 0 .. moves ---------------------
for spec in "jgs-002861.jgs 21" "jgs-002667.jgs 51"; do
    read -r f moves <<<"$spec"
    run "$R" --all --format json "$C/$f"
    expect "junqi-replay --all --format json $f: exit status" 0 "$rc"
    expect "junqi-replay --all --format json $f: lines" $((moves + 1)) "$(grep -c . <<<"$out")"
    expect "junqi-replay --all --format json $f: plies" "$(seq -s, 0 "$moves")" \
        "$(jq -r .ply <<<"$out" | paste -sd,)"
    expect "junqi-replay --all --format json $f: last to_move" null "$(tail -n1 <<<"$out" | jq -r .to_move)"
    run "$R" --ply 12 --format json "$C/$f"
    expect "junqi-replay --all $f: line 13 = --ply 12" "$out" \
        "$("$R" --all --format json "$C/$f" | sed -n 13p)"
done

# --- --view SEAT: others' pieces unknown, one's own shown ------------------
# jgs-002861 at ply 12: no marshal has died yet, so no flag is revealed
f=$C/jgs-002861.jgs
all=$("$R" --ply 12 --format json --view all "$f")
for seat in north south east; do
    run "$R" --ply 12 --format json --view "$seat" "$f"
    expect "junqi-replay --view $seat: exit status" 0 "$rc"
    expect "junqi-replay --view $seat: the same squares as --view all" \
        "$(jq -c '[.pieces[] | [.square, .seat]] | sort' <<<"$all")" \
        "$(jq -c '[.pieces[] | [.square, .seat]] | sort' <<<"$out" 2>&1)"
    expect "junqi-replay --view $seat: $seat's own pieces as in --view all" \
        "$(jq -c --arg s "$seat" '[.pieces[] | select(.seat == $s)] | sort' <<<"$all")" \
        "$(jq -c --arg s "$seat" '[.pieces[] | select(.seat == $s)] | sort' <<<"$out" 2>&1)"
    expect "junqi-replay --view $seat: other seats' pieces (partner's included) not unknown" \
        "[]" "$(jq -c --arg s "$seat" '[.pieces[] | select(.seat != $s and .piece != "unknown")]' <<<"$out" 2>&1)"
done
expect "junqi-replay --view all: no unknown piece" 0 \
    "$(jq '[.pieces[] | select(.piece == "unknown")] | length' <<<"$all")"

# --- -o FILE: written through a temporary file -----------------------------
d=$tmp/o
mkdir "$d"
run "$R" --ply 12 --format json -o "$d/pos.json" "$f"
expect "junqi-replay -o pos.json: exit status" 0 "$rc"
expect "junqi-replay -o pos.json: standard output" "" "$out"
checks=$((checks + 1))
if [ -f "$d/pos.json" ]; then
    expect "junqi-replay -o pos.json: the file holds what standard output would" \
        "$("$R" --ply 12 --format json "$f")" "$(cat "$d/pos.json")"
else
    fail "junqi-replay -o pos.json: expected the file $d/pos.json, there is none"
fi
# a usage error leaves no file, and does not touch an existing one
for spec in "2 --ply 99 $f"; do
    read -r status args <<<"$spec"
    # shellcheck disable=SC2086
    run "$R" --format json -o "$d/new.json" $args
    expect "junqi-replay -o new.json $args: exit status" "$status" "$rc"
    checks=$((checks + 1))
    [ ! -e "$d/new.json" ] ||
        fail "junqi-replay -o new.json $args (exit $rc): expected no file new.json, found one of $(wc -c <"$d/new.json") bytes"
    rm -f "$d/new.json"
    echo "keep me" >"$d/old.json"
    # shellcheck disable=SC2086
    run "$R" --format json -o "$d/old.json" $args
    expect "junqi-replay -o old.json $args (exit $rc): the existing file's content" "keep me" "$(cat "$d/old.json")"
done
# defect 7: an invalid input writes what standard output gets (docs/conventions.md), here
# nothing, as no game is valid: a run that failed and wrote nothing replaces no file (it was
# made empty, the user's file lost: F12), and says that the file there is an earlier one; where
# there was none, none is made
printf '[Board "two-player"]\n\n1. zz *\n' >"$tmp/broken.jgn"
for args in "--format json $C/truncated.jgs" "--to jgn $tmp/broken.jgn" "--list $C/truncated.jgs"; do
    echo "keep me" >"$d/old.out"
    # shellcheck disable=SC2086
    run "$R" -o "$d/old.out" $args
    expect "F12: junqi-replay -o old.out $args, no game valid: exit status, the file kept, said last" \
        "1 keep me junqi-replay: $d/old.out: the file there is left as it was" \
        "$rc $(cat "$d/old.out") $(tail -n 1 <<<"$err")"
    rm -f "$d/old.out" "$d/new.out"
    # shellcheck disable=SC2086
    run "$R" -o "$d/new.out" $args
    expect "F12: junqi-replay -o new.out $args, no game valid: no file made, nothing more said" \
        "1 no-file 0" "$rc $({ wc -c <"$d/new.out"; } 2>/dev/null || echo no-file) $(grep -c 'left as it was' <<<"$err")"
    rm -f "$d/new.out"
done
# a run that succeeds with nothing to write makes the file empty all the same: that is its result
echo "keep me" >"$d/old.out"
run "$R" --to jgn --select 'moves>100000' -o "$d/old.out" "$f"
expect "junqi-replay --select NOTHING -o old.out: exit status, the file's bytes" "0 0" "$rc $(wc -c <"$d/old.out")"
rm -f "$d/old.out"
# -o naming an input replaced it at the end: a truncated QQ replay by an empty file, exit 1,
# the replay lost (break6 E3). A usage error now, by its name, through a link, as the file
# standard input is redirected from, and as a --setup formation file; nothing is written
ln -s in.jgs "$d/link.jgs"
cp "$JUNQI_ROOT/samples/formations/F07.yaml" "$d/f07.yaml"
sum=$(md5sum <"$C/truncated.jgs")
over() { # OUTPUT INPUT-AS-NAMED ARGS...: -o OUTPUT over the input, refused, the input kept
    local o=$1 named=$2
    shift 2
    cp "$C/truncated.jgs" "$d/in.jgs"
    run "$R" --to jgn -o "$o" "$@" <"$d/in.jgs"
    expect "-o $o over the input $named: exit status, the message, the input kept" \
        "2 junqi-replay: -o $o would be written over the input $named, whose games it is made from: choose another name $sum" \
        "$rc $(head -n 1 <<<"$err") $(md5sum <"$d/in.jgs")"
}
over "$d/in.jgs" "$d/in.jgs" "$d/in.jgs"
over "$d/link.jgs" "$d/in.jgs" "$d/in.jgs"
over "$d/in.jgs" "<stdin>" -
over "$d/in.jgs" "<stdin>"
run "$R" --board two-player --setup south="$d/f07.yaml" --setup north=F13 -o "$d/f07.yaml"
expect "-o over a --setup formation file: exit status, the message" \
    "2 junqi-replay: -o $d/f07.yaml would be written over the formation file $d/f07.yaml, which the record starts from: choose another name" \
    "$rc $(head -n 1 <<<"$err")"
# and named with the formation it picks, FILE#1: that was taken for a file of that name, none,
# and the formation file was replaced by the record, exit 0 (break7 F10)
cp "$d/f07.yaml" "$d/f07.kept"
run "$R" --board two-player --setup south="$d/f07.yaml#1" --setup north=F13 -o "$d/f07.yaml"
expect "-o over a --setup FILE#1's file: exit status, the message, the file kept" \
    "2 junqi-replay: -o $d/f07.yaml would be written over the formation file $d/f07.yaml, which the record starts from: choose another name kept" \
    "$rc $(head -n 1 <<<"$err") $(cmp -s "$d/f07.yaml" "$d/f07.kept" && echo kept)"
rm -f "$d/in.jgs" "$d/link.jgs" "$d/f07.yaml" "$d/f07.kept"
# FILE#NAME finds a formation by an alias too, as NAME alone does: #铜墙铁壁 found no 銅牆鐵壁
# whose aliases list it, "has no formation '铜墙铁壁'" (break7 F13)
cp "$JUNQI_ROOT/samples/formations/iron-wall.yaml" "$d/iw.yaml"
run "$R" --board two-player --setup "south=$d/iw.yaml#铜墙铁壁" --setup north=F13 --to jgn
expect "--setup FILE#ALIAS: exit status, the formation's setup" "0 1" "$rc $(grep -c '^\[SouthSetup ' <<<"$out")"
rm -f "$d/iw.yaml"
# a name near the longest a folder takes (254 of 255 bytes; '.tmp' plus 6 more would pass it): written
long=$(printf 'b%.0s' $(seq 250)).jgn
run "$R" --to jgn -o "$d/$long" "$f"
expect "junqi-replay -o NAME-OF-255-BYTES: exit status, the file holds what '>' gets" \
    "0 $("$R" --to jgn "$f" | md5sum)" "$rc $(md5sum <"$d/$long" 2>&1)"
rm -f "$d/$long"
# one byte more is refused at once, before any work, as the shell's '>' refuses it
run "$R" --to jgn -o "$d/bb$long" "$f"
expect "junqi-replay -o NAME-OF-256-BYTES: exit status, the message, no file" \
    "3 junqi-replay: $d/bb$long: cannot write: File name too long 0" "$rc $err $(ls "$d" | grep -c bbbb)"
# a path longer than PATH_MAX: said once (the check of -o against the inputs read the name too,
# and said it a second time)
run "$R" --to jgn -o "$d/$(printf 'c%.0s' $(seq 5000))" "$f"
expect "junqi-replay -o PATH-OF-5000-BYTES: exit status, one message" "3 1" "$rc $(grep -c 'File name too long' <<<"$err")"
# an input that cannot be read: what the others gave is written, as with '>' (exit status 3): the
# earlier file is not left to be taken for this run's result; none readable: the file is kept, and
# that is said (it was made empty: F12)
echo "keep me" >"$d/old.out"
run "$R" --to jgn -o "$d/old.out" "$tmp/no-such-file.jgs" "$f"
expect "junqi-replay -o old.out NO-SUCH-FILE GAME: exit status, the file holds what '>' gets" \
    "3 $("$R" --to jgn "$f" | md5sum)" "$rc $(md5sum <"$d/old.out")"
echo "keep me" >"$d/old.out"
run "$R" --to jgn -o "$d/old.out" "$tmp/no-such-file.jgs"
expect "F12: junqi-replay -o old.out NO-SUCH-FILE: exit status, the file kept, the messages" \
    "3 keep me junqi-replay: $tmp/no-such-file.jgs: No such file or directory
junqi-replay: $d/old.out: the file there is left as it was" "$rc $(cat "$d/old.out") $err"
# the user's report: FILE#N, which picks a formation only in --setup, over FILE itself: the file
# was emptied; it is kept, and the message says how a game is picked
cp "$f" "$d/b.jgn"
run "$R" --to jgn -o "$d/b.jgn" "$d/b.jgn#1"
expect "F12: junqi-replay --to jgn -o b.jgn b.jgn#1: exit status, the file kept, the messages" \
    "3 kept junqi-replay: $d/b.jgn#1: No such file or directory ($d/b.jgn is there, but FILE#N picks one formation of a formation file; the game numbered 1 is picked with --select index=1)
junqi-replay: $d/b.jgn: the file there is left as it was" "$rc $(cmp -s "$f" "$d/b.jgn" && echo kept) $err"
run "$R" --to jgn "$d/b.jgn#first"
expect "F12: junqi-replay b.jgn#first: the hint without a number" \
    "3 junqi-replay: $d/b.jgn#first: No such file or directory ($d/b.jgn is there, but FILE#N picks one formation of a formation file)" \
    "$rc $err"
run "$R" --to jgn "$d/none.jgn#1"
expect "F12: junqi-replay none.jgn#1 (no none.jgn): no hint" \
    "3 junqi-replay: $d/none.jgn#1: No such file or directory" "$rc $err"
rm -f "$d/old.out" "$d/b.jgn"
run "$R" --format json -o "$tmp/no-such-dir/x.json" "$f"
expect "junqi-replay -o NO-SUCH-DIR/x.json: exit status" 3 "$rc"
expect "junqi-replay -o: files left in the output directory" "old.json pos.json" \
    "$(find "$d" -mindepth 1 -printf '%f\n' | sort | paste -sd' ')"

# --- real replays (tests/data/perft, tests/data/qq: copies of ../shared/data) --
D=$JUNQI_ROOT/tests/data
J=$D/perft/four-player.jsonl
# to_move at each ply of four-player.jsonl (the seat that makes move N+1)
while IFS=$'\t' read -r file ply to_move; do
    got=$("$R" --ply "$ply" --format json "$D/perft/replays/$file" 2>&1 | jq -r .to_move 2>&1)
    expect "junqi-replay --ply $ply --format json $file: to_move" "$to_move" "$got"
done < <(jq -r '[.file, .ply, .to_move] | @tsv' "$J")
# piece counts from an independent replay of the records
for spec in "jgs-000029.jgs 0 50" "jgs-000029.jgs 107 28" "jgs-000374.jgs 215 35" \
    "jgs-000638.jgs 57 84" "jgs-001141.jgs 190 52" "jgs-002256.jgs 16 99" \
    "jgs-001442.jgs 247 80"; do
    read -r file ply count <<<"$spec"
    got=$("$R" --ply "$ply" --format json "$D/perft/replays/$file" 2>&1 | jq '.pieces | length' 2>&1)
    expect "junqi-replay --ply $ply --format json $file: pieces" "$count" "$got"
done
# --all: moves + 1 lines; --ply past the end names the number of moves
for file in perft/replays/jgs-000029.jgs qq/jgs-000678.jgs qq/jgs-001742.jgs perft/replays/jgs-000638.jgs; do
    moves=$(moves_in "$D/$file")
    expect "junqi-replay --all --format json $file: lines" $((moves + 1)) \
        "$("$R" --all --format json "$D/$file" | grep -c .)"
    run "$R" --ply $((moves + 1)) "$D/$file"
    expect "junqi-replay --ply $((moves + 1)) $file: exit status" 2 "$rc"
    checks=$((checks + 1))
    grep -qw -- "$moves moves" <<<"$err" ||
        fail "junqi-replay --ply $((moves + 1)) $file: expected '$moves moves' in the message, got '$err'"
done
# a marshal's death shows its flag to every seat: jgs-000678 move 9 kills
# west's marshal (the record names its flag square a8)
got=$("$R" --ply 9 --format json --view north "$D/qq/jgs-000678.jgs" |
    jq -c '[.pieces[] | select(.seat != "north" and .piece != "unknown") | [.square, .seat, .piece]]')
expect "junqi-replay --ply 9 --view north jgs-000678.jgs: others' pieces shown" '[["a8","west","flag"]]' "$got"

# comments after the last move keep their place through JGN (docs/jgn.md, "The
# result"): jgs-003098's last comment is after the game-over record (211 of 211
# records), the one before it on that record (210), both at the final position;
# JGN writes them on either side of the result
f=$D/qq/jgs-003098.jgs
places='[.line.comments[-3:][] | .before]'
expect "junqi-replay --to json jgs-003098: the last comments' places" "[208,210,211]" \
    "$("$R" --to json "$f" | jq -c "$places")"
"$R" --to jgn "$f" >"$tmp/comments.jgn"
expect "junqi-replay --to jgn jgs-003098: the end of the movetext" \
    "eliminated:south:flag_captured {第17条注释} east-west {第18条注释}" "$(grep . "$tmp/comments.jgn" | tail -n 1)"
expect "junqi-replay --to json of its JGN: the same places" "[208,210,211]" \
    "$("$R" --to json "$tmp/comments.jgn" | jq -c "$places")"
# the smallest record with a comment on each side of its end: JGN to JGN keeps both where they are
printf '[Board "two-player"]\n[SouthSetup "%s"]\n[NorthSetup "%s"]\n\n1. a6>a7 {before} draw {after}\n' \
    81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL 36615/7.3.9/81.B7/B.4.3/225L4/12LFL >"$tmp/sides.jgn"
expect "junqi-replay --to jgn: a comment on each side of the result stays there" \
    "1. a6>a7 {before} draw {after}" "$("$R" --to jgn "$tmp/sides.jgn" | grep . | tail -n 1)"
expect "junqi-replay --to json: before the end and after it" "[1,2]" \
    "$("$R" --to json "$tmp/sides.jgn" | jq -c '[.line.comments[].before]')"
expect "junqi-replay --to json: every comment's text, from the replay and from its JGN" \
    "$("$R" --to json "$f" | jq -c '[.line.comments[].text]')" \
    "$("$R" --to json "$tmp/comments.jgn" | jq -c '[.line.comments[].text]')"
expect "junqi-replay --to jgn of its JGN: the same text" "$(cat "$tmp/comments.jgn")" \
    "$("$R" --to jgn "$tmp/comments.jgn")"
# a record that goes on after its end (docs/jgn.md, "A record that goes on after its end"):
# b11>b12 takes the flag, e7-e8 is played after; converted, it still ends in '*', with no end item
printf '[Board "two-player"]\n[Position "%s"]\n\n41. b11>b12 42. e7-e8 *\n' \
    '.NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -' >"$tmp/after.jgn"
run "$R" --to jgn "$tmp/after.jgn"
expect "junqi-replay --to jgn, moves after the end: exit status" 1 "$rc"
expect "junqi-replay --to jgn, moves after the end: the movetext as read" "41. b11>b12 42. e7-e8 *" \
    "$(tail -n 1 <<<"$out")"
expect "junqi-replay --to json, moves after the end: the items as read" '["move","move"]' \
    "$("$R" --to json "$tmp/after.jgn" 2>/dev/null | jq -c '[.line.items[].type]')"

# --infer (issue 12 §1): every hidden piece of the seat's view gets "p", a
# distribution over the kinds it can be; the text board shows the likeliest
# kind and percentage; a one-seat record needs no --view; same seed, same
# output; usage errors
G=$JUNQI_ROOT/tests/data/perft/replays/jgs-000150.jgs
json=$("$R" --ply 60 --view south --infer --format json "$G")
expect "--infer: every hidden piece has p" true \
    "$(jq '[.pieces[] | select(.piece == "unknown") | has("p")] | all' <<<"$json")"
expect "--infer: known pieces have none" false \
    "$(jq '[.pieces[] | select(.piece != "unknown") | has("p")] | any' <<<"$json")"
expect "--infer: p sums to 1" true \
    "$(jq '[.pieces[] | select(.p) | ([.p[]] | add) | (. > 0.999 and . < 1.001)] | all' <<<"$json")"
expect "--infer: probabilities in (0, 1]" true \
    "$(jq '[.pieces[] | select(.p) | .p[] | (. > 0 and . <= 1)] | all' <<<"$json")"
expect "--infer: the same seed, the same output" "$json" \
    "$("$R" --ply 60 --view south --infer --format json "$G")"
checks=$((checks + 1))
"$R" --ply 60 --view south --infer --names en --color never "$G" | grep -q 'Emarshal?[0-9][0-9]\|Egeneral?[0-9][0-9]\|E[a-z_]*?[0-9][0-9]' ||
    fail "--infer: the text board shows no 'KIND?NN' label"
"$R" --view south --to jgn "$G" >"$tmp/south.jgn"
expect "--infer on a one-seat record needs no --view" \
    "$(jq -c '[.pieces[] | select(.p) | .square]' <<<"$json")" \
    "$("$R" --ply 60 --infer --format json "$tmp/south.jgn" | jq -c '[.pieces[] | select(.p) | .square]')"
run "$R" --ply 60 --infer "$G"
expect "--infer without --view on a dark record: usage error" 2 "$rc"
# an open game hides nothing: its positions as without --infer, exit 0 (junqi-render, which draws
# one game, calls it a usage error; here one --infer serves every game of a collection)
run "$R" --ply 60 --view south --infer --rules qq,mode=open --format json "$G"
expect "--infer of an open game: exit status, no piece has p, the position without --infer" \
    "0 0 $("$R" --ply 60 --view south --rules qq,mode=open --format json "$G")" \
    "$rc $(jq '[.pieces[] | select(.p)] | length' <<<"$out") $out"
# a one-seat record shows its own seat's view, and --view all what it holds; another seat's view is
# not in it (that seat's own pieces are unknown there): a usage error, in junqi-render too (exit 0,
# with north's own pieces drawn unknown and "inferred")
run "$R" --ply 60 --view south --format pos "$tmp/south.jgn"
expect "--view south of south's record: exit" 0 "$rc"
run "$R" --ply 60 --view all --format pos "$tmp/south.jgn"
expect "--view all of south's record: exit" 0 "$rc"
for tool in "$R" "$JUNQI_BIN/junqi-render"; do
    run "$tool" --ply 60 --view north --infer "$tmp/south.jgn" -o "$tmp/north-of-south.png"
    expect "$(basename "$tool") --view north of south's record: exit, output, the message, no picture" \
        "2||$(basename "$tool"): $tmp/south.jgn: game 1 (line 1): --view north: the record is south's view, which does not hold north's pieces|" \
        "$rc|$out|$(head -n 1 <<<"$err")|$(ls "$tmp/north-of-south.png" 2>/dev/null)"
done
run "$R" --infer --to jgn --view south "$G"
expect "--infer with --to: usage error" 2 "$rc"
run "$R" --infer --format pos --view south "$G"
expect "--infer with --format pos: usage error" 2 "$rc"
# --count, --list and --split show no positions: --infer was ignored (exit 0, the count, the list,
# the parts written); --seed is --infer's, and was ignored without it
for spec in "--count" "--list" "--split 1 -o $tmp/infer-parts/"; do
    # shellcheck disable=SC2086
    run "$R" --infer --view south $spec "$G"
    expect "--infer with $spec: usage error, nothing written" \
        "2||junqi-replay: --infer shows positions as a text board or JSON: not with --to, --format pos, --setup, --count, --list or --split" \
        "$rc|$out|$(head -n 1 <<<"$err")"
done
checks=$((checks + 1))
[ ! -e "$tmp/infer-parts" ] || fail "--infer --split: a usage error made the folder"
for spec in "" "--to jgn" "--count" "--format json --view south"; do
    # shellcheck disable=SC2086
    run "$R" --seed 5 $spec "$G"
    expect "--seed without --infer ($spec): usage error" \
        "2||junqi-replay: --seed is the random seed of --infer: it takes --infer" "$rc|$out|$(head -n 1 <<<"$err")"
done

# --format and --names/--color say how positions are shown: where none is shown they were
# ignored (--format json --split wrote JGN parts, --names en --to jgn Chinese-free JGN as ever),
# and are usage errors that write nothing; where they change nothing they are none (--format json
# with --to json or --count, whose output is JSON already; --format text, the default)
P=$JUNQI_ROOT/samples/qq/jgs-000689.jgs
pos_msg="junqi-replay: --format pos writes positions: not with --to, --split, --count or --list"
json_msg="junqi-replay: --format json is for positions and --list: --to jgn and --split write JGN records (--to json writes JSON ones)"
style_msg="junqi-replay: --names and --color draw the text board: not with --to, --split, --count, --list, --format json or --format pos"
for spec in "--format json --to jgn|$json_msg" "--format json --split 1 -o $tmp/fmt-parts/|$json_msg" \
    "--format pos --to jgn|$pos_msg" "--format pos --to json|$pos_msg" "--format pos --count|$pos_msg" \
    "--format pos --list|$pos_msg" "--format pos --split 1 --to json -o $tmp/fmt-parts/|$pos_msg" \
    "--names en --to jgn|$style_msg" "--color never --to json|$style_msg" "--names en --count|$style_msg" \
    "--color always --list|$style_msg" "--names short --split 1 -o $tmp/fmt-parts/|$style_msg" \
    "--names en --format json|$style_msg" "--color never --format pos|$style_msg" \
    "--color never --list --format json|$style_msg"; do
    args=${spec%%|*}
    # shellcheck disable=SC2086
    run "$R" $args "$P"
    expect "junqi-replay $args: usage error, nothing written" "2||${spec#*|}" "$rc|$out|$(head -n 1 <<<"$err")"
done
checks=$((checks + 1))
[ ! -e "$tmp/fmt-parts" ] || fail "--format json --split: a usage error made the folder"
for args in "--format json --to json" "--format json --count" "--format text --to jgn" "--format json --list" \
    "--format json --split 1 --to json -o $tmp/fmt-json/" "--names en --color never --ply 3" \
    "--names en --color never --infer --view south --ply 3"; do
    # shellcheck disable=SC2086
    run "$R" $args "$P"
    expect "junqi-replay $args: accepted" "0|" "$rc|$err"
done
expect "--format json --count: the count, a JSON number" 1 "$("$R" --format json --count "$P" | jq .)"

# a formation is no record: each one said, named as junqi-validate names it
printf 'rows: [[7,1,3,2,7],[6,~,3,~,B],[B,4,~,5,6],[8,~,1,~,3],[9,1,4,L,2],[5,2,L,F,L]]\n---\n' > "$tmp/f.yaml"
cat "$tmp/f.yaml" "$tmp/f.yaml" > "$tmp/f2.yaml"
run "$R" "$tmp/f2.yaml"
expect "a YAML file of two formations: exit status" 1 "$rc"
expect "a YAML file of two formations: each named" \
    "junqi-replay: $tmp/f2.yaml: formation 1 (line 1): a formation, not a game record
junqi-replay: $tmp/f2.yaml: formation 2 (line 3): a formation, not a game record" "$err"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
