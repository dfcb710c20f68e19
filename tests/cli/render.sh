#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/render.sh - junqi-render's command-line contract: --help, usage
# errors (exit 2), unwritable outputs (exit 3, one line naming the output and
# the reason, no file left behind, an earlier file kept), --game N (a game of
# a file of several, a note when none is chosen), the format from -o's extension or --format, -o - to
# standard output, picture sizes, identical bytes for the same position,
# SVG that a real XML parser (xmllint) accepts, --frames with one picture
# per position, a GIF (with every frame's delay read back by giflib),
# --infer labels, and a located warning for each comment command that
# cannot be drawn (the rest drawn).
#
# Requires jq and xmllint (Debian packages "jq" and "libxml2-utils",
# installed by scripts/install-deps): this test fails at once without them.
#
# Environment (set by tests/run-tests): JUNQI_BIN = the directory of the
# tools, JUNQI_ROOT = the repository root. Prints one line per failed check
# and exits 1 if any check failed.
set -u

name=render.sh
. "$(dirname "$0")/lib"
R=$JUNQI_BIN/junqi-render
GAME=$JUNQI_ROOT/samples/qq/jgs-000001.jgs
SHORT=$JUNQI_ROOT/tests/data/perft/replays/jgs-000281.jgs
# a two-player position (docs/jgn.md's example): north's flag b12 and marshal b11
POS2=".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF...%s%0%40%-"

for tool in jq xmllint; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "$name: FAIL: $tool is required (scripts/install-deps installs it)"
        exit 1
    fi
done
if [ ! -x "$R" ]; then
    echo "$name: FAIL: $R is missing or not executable (run make)"
    exit 1
fi


run() {
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    err=$(cat "$tmp/err")
}
# png_size FILE: "WIDTHxHEIGHT" from the PNG header (IHDR)
png_size() {
    set -- $(od -An -tu1 -j16 -N8 "$1")
    echo "$(($1 << 24 | $2 << 16 | $3 << 8 | $4))x$(($5 << 24 | $6 << 16 | $7 << 8 | $8))"
}
magic() {
    head -c "$2" "$1" | od -An -c | tr -d ' \n'
}
moves_of() {
    "$JUNQI_BIN/junqi-replay" --format json "$1" | jq -r .ply
}

# --- help and version ------------------------------------------------------
run "$R" --help
expect "--help: exit status" 0 "$rc"
checks=$((checks + 1))
grep -q "^Usage: junqi-render" "$tmp/out" || fail "--help: no usage on standard output"
run "$R" --version
expect "--version: exit status" 0 "$rc"

# --- usage errors: exit 2, a message, no output file -----------------------
moves=$(moves_of "$GAME")
usage_cases=(
    "no output::$GAME"
    "bad format:--format jpeg -o $tmp/u.png:$GAME"
    "unknown extension:-o $tmp/u.jpg:$GAME"
    "bad size:--size 50 -o $tmp/u.png:$GAME"
    "bad theme:--theme neon -o $tmp/u.png:$GAME"
    "bad view:--view everyone -o $tmp/u.png:$GAME"
    "bad bottom:--bottom up -o $tmp/u.png:$GAME"
    "bad names:--names fr -o $tmp/u.png:$GAME"
    "bad arrow:--arrow z9-g6 -o $tmp/u.png:$GAME"
    "bad arrow colour:--arrow g2-g6:mauvish -o $tmp/u.png:$GAME"
    "bad mark:--mark g2-g6 -o $tmp/u.png:$GAME"
    "bad delay:--delay soon -o $tmp/u.gif:$GAME"
    "gif frames:--frames $tmp/uf --format gif:$GAME"
    "unknown option:--sparkle -o $tmp/u.png:$GAME"
    "two inputs:-o $tmp/u.png:$GAME $GAME"
    "position and file:--position x -o $tmp/u.png:$GAME"
    "east on the two-player board:--bottom east --position $POS2 -o $tmp/u.png:"
    "arrow off the two-player board:--arrow h5-h6 --position $POS2 -o $tmp/u.png:"
)
for spec in "${usage_cases[@]}"; do
    IFS=: read -r what args input <<<"$spec"
    args=${args//%/ }
    # shellcheck disable=SC2086
    run "$R" $args $input
    expect "$what: exit status" 2 "$rc"
    checks=$((checks + 1))
    [ -n "$err" ] || fail "$what: no message on standard error"
done
# %n numbers pages: a picture named with it was written as a file called u-%n.png
run "$R" -o "$tmp/u-%n.png" "$GAME"
expect "-o u-%n.png, a picture: a usage error" \
    "2|junqi-render: -o $tmp/u-%n.png: %n numbers the pages of several games (.html); a picture is one file (--frames DIR writes one for each ply)" \
    "$rc|$(head -n 1 <<<"$err")"
checks=$((checks + 1))
left=$(ls "$tmp" | grep -v -x -e out -e err)
[ -z "$left" ] || fail "usage errors left files behind: $left"

run "$R" --ply $((moves + 1)) -o "$tmp/past.png" "$GAME"
expect "--ply past the end: exit status" 2 "$rc"
checks=$((checks + 1))
grep -qw -- "$moves moves" <<<"$err" || fail "--ply past the end: expected '$moves moves' in '$err'"

# --- unwritable output: exit 3, nothing left, an earlier file kept ----------
run "$R" -o "$tmp/missing/dir/board.png" "$GAME"
expect "output in a missing folder: exit status" 3 "$rc"
checks=$((checks + 1))
[ ! -e "$tmp/missing" ] || fail "output in a missing folder: something was created"
echo old >"$tmp/keep.png"
run "$R" --ply 99999 -o "$tmp/keep.png" "$GAME"
expect "failed run over an earlier file: the file is kept" old "$(cat "$tmp/keep.png")"
run "$R" -o "$tmp/keep.png" "$tmp/no-such-game.jgs"
expect "missing input: exit status" 3 "$rc"
expect "missing input: the earlier file is kept" old "$(cat "$tmp/keep.png")"
expect "F12: missing input: said that the earlier file is kept" \
    "junqi-render: $tmp/keep.png: the file there is left as it was" "$(tail -n 1 <<<"$err")"
cp "$GAME" "$tmp/g.jgs"
# a game file's FILE#N, which junqi-render takes for a formation of FILE: a game is picked with --game N
run "$R" -o "$tmp/keep.png" "$GAME#2"
expect "FILE#2 of a game file: a formation is picked so, a game with --game N" \
    "1 $GAME: error: a game record, not a formation: #2 picks a formation; a game of the file is picked with --game N" \
    "$rc $(head -n 1 <<<"$err")"
expect "H8: FILE#2 of a game file: said once, last, that the earlier file is kept" \
    "old 1 junqi-render: $tmp/keep.png: the file there is left as it was" \
    "$(cat "$tmp/keep.png") $(grep -c 'left as it was' <<<"$err") $(tail -n 1 <<<"$err")"
rm -f "$tmp/g.jgs"
# every failed run that never opened -o says it once, last (H8): a broken record's FILE#1, a page
# (-o x.html) of a broken record or of no file, a --ply past an illegal move; never after success
printf '[Board "two-player"]\n[Rules "standard"]\n\n1. zz9-a1 *\n' >"$tmp/broken.jgn"
echo old >"$tmp/keep.svg"
echo old >"$tmp/keep.html"
for args in "-o $tmp/keep.svg $tmp/broken.jgn#1" "-o $tmp/keep.html $tmp/broken.jgn" \
    "-o $tmp/keep.html $tmp/no-such-game.jgn" "-o $tmp/keep.svg $tmp/no-such-game.jgn"; do
    run "$R" $args
    out_file=${args#-o }
    out_file=${out_file%% *}
    expect "H8: $args: the earlier file kept, said once, last" \
        "old 1 junqi-render: $out_file: the file there is left as it was" \
        "$(cat "$out_file") $(grep -c 'left as it was' <<<"$err") $(tail -n 1 <<<"$err")"
done
run "$R" -o "$tmp/keep.html" "$GAME"
expect "H8: a page written over an earlier file: nothing said" "0 0" "$rc $(grep -c 'left as it was' <<<"$err")"
rm -f "$tmp/broken.jgn" "$tmp/keep.svg" "$tmp/keep.html"
checks=$((checks + 1))
[ -z "$(ls "$tmp" | grep tmp)" ] || fail "temporary files left behind: $(ls "$tmp")"
echo "not a game" >"$tmp/junk.jgs"
run "$R" -o "$tmp/junk.png" "$tmp/junk.jgs"
expect "invalid input: exit status" 1 "$rc"
checks=$((checks + 1))
[ ! -e "$tmp/junk.png" ] || fail "invalid input: a picture was written"

# one line naming the output and the reason (exit 3): a device that is full, each format; a
# file over the size limit (written through a temporary file: the earlier file is kept)
for fmt in png svg gif html; do
    run "$R" --format "$fmt" -o /dev/full "$SHORT"
    expect "--format $fmt -o /dev/full: exit status" 3 "$rc"
    expect "--format $fmt -o /dev/full: one line, naming the output" "1 junqi-render: /dev/full: write failed:" \
        "$(grep -c . "$tmp/err") $(cut -d' ' -f1-4 "$tmp/err")"
    echo old >"$tmp/keep.$fmt"
    (trap '' XFSZ; ulimit -f 4; "$R" --format "$fmt" -o "$tmp/keep.$fmt" "$SHORT") >"$tmp/out" 2>"$tmp/err"
    expect "--format $fmt, over the file size limit: exit status" 3 "$?"
    expect "--format $fmt, over the file size limit: one line, naming the output" \
        "1 junqi-render: $tmp/keep.$fmt: write failed:" "$(grep -c . "$tmp/err") $(cut -d' ' -f1-4 "$tmp/err")"
    expect "--format $fmt, over the file size limit: the earlier file is kept" old "$(cat "$tmp/keep.$fmt")"
done
"$R" --format png -o - "$SHORT" >/dev/full 2>"$tmp/err"
expect "-o - to a full device: exit status" 3 "$?"
expect "-o - to a full device: one line" "1 junqi-render: cannot write to standard output:" \
    "$(grep -c . "$tmp/err") $(cut -d' ' -f1-6 "$tmp/err")"
checks=$((checks + 1))
[ -z "$(ls "$tmp" | grep tmp)" ] || fail "failed writes left temporary files behind: $(ls "$tmp")"

# --- --game N: a game of a file of several; a note when none is chosen ---------
"$JUNQI_BIN/junqi-replay" --to jgn "$SHORT" "$JUNQI_ROOT/tests/data/qq/jgs-002724.jgs" \
    "$JUNQI_ROOT/tests/data/qq/jgs-000678.jgs" >"$tmp/three.jgn"
for fmt in png gif; do
    run "$R" -o "$tmp/first.$fmt" "$tmp/three.jgn"
    expect "three games, no --game, $fmt: exit status" 0 "$rc"
    expect "three games, no --game, $fmt: a one-line note" \
        "junqi-render: $tmp/three.jgn holds more than one game; game 1 is used (--game N chooses another)" "$err"
done
run "$R" -o "$tmp/one.png" "$SHORT"
expect "one game, no --game: no note" "" "$err"
"$R" -o "$tmp/want-2.png" "$JUNQI_ROOT/tests/data/qq/jgs-002724.jgs"
run "$R" --game 2 -o "$tmp/game-2.png" "$tmp/three.jgn"
expect "--game 2: exit status" 0 "$rc"
expect "--game 2: no note" "" "$err"
checks=$((checks + 2))
cmp -s "$tmp/want-2.png" "$tmp/game-2.png" || fail "--game 2: not the picture of the second game"
cmp -s "$tmp/first.png" "$tmp/game-2.png" && fail "--game 2: the picture of the first game"
run "$R" --game 3 --format svg -o - "$tmp/three.jgn"
expect "--game 3 (the last) as SVG: exit status" 0 "$rc"
run "$R" --game 4 -o "$tmp/game-4.png" "$tmp/three.jgn"
expect "--game 4 of 3: exit status" 2 "$rc"
expect "--game 4 of 3: the message" \
    "junqi-render: $tmp/three.jgn: --game 4 is past the end: the input holds 3 games" "$(head -n 1 "$tmp/err")"
checks=$((checks + 1))
[ ! -e "$tmp/game-4.png" ] || fail "--game 4 of 3: a picture was written"
run "$R" --game 2 -o "$tmp/game-2.png" "$SHORT"
expect "--game 2 of a QQ replay: the message" \
    "junqi-render: $SHORT: --game 2 is past the end: the input holds 1 game" "$(head -n 1 "$tmp/err")"
# a formation holds no game (it said "holds 1 game")
run "$R" --game 2 -o "$tmp/game-2.png" "$JUNQI_ROOT/samples/formations/F01.yaml"
expect "--game 2 of a YAML formation: the message" \
    "junqi-render: $JUNQI_ROOT/samples/formations/F01.yaml: --game 2 is past the end: the input holds 1 formation and no game" \
    "$(head -n 1 "$tmp/err")"
# a number past the end says so whatever its size (from 100000001 on it said "--game takes a game's
# number"); one too large to count is past the end as well, and the message quotes it as typed (it
# said --game 18446744073709551615, SIZE_MAX, for 18446744073709551616 and for 30 digits)
for n in 100000001 18446744073709551615 18446744073709551616 123456789012345678901234567890; do
    run "$R" --game "$n" -o "$tmp/game-big.png" "$tmp/three.jgn"
    expect "--game $n of 3: exit status, the message" \
        "2 junqi-render: $tmp/three.jgn: --game $n is past the end: the input holds 3 games" "$rc $(head -n 1 "$tmp/err")"
done
for bad in 0 -1 x 2.5; do
    run "$R" --game "$bad" -o "$tmp/bad.png" "$tmp/three.jgn"
    expect "--game $bad: exit status" 2 "$rc"
done
run "$R" --game 1 --position "${POS2//%/ }" -o "$tmp/pos.png"
expect "--game with --position: exit status" 2 "$rc"
# one page to standard output: a second game is a usage error there too, and no page is written
run "$R" --format html -o - "$tmp/three.jgn"
expect "three games as one page on standard output: exit status, nothing written" "2 0" "$rc $(wc -c <"$tmp/out")"
"$R" --format html -o - "$SHORT" >/dev/full 2>"$tmp/err"
expect "a page to a full standard output: exit status, one line" \
    "3 1 junqi-render: cannot write to standard output: No space left on device" "$? $(grep -c . "$tmp/err") $(cat "$tmp/err")"
# an input of no game as a page: the 'empty' error the other outputs give (it was an untranslated
# line of its own after the no-games note), exit 1, no page
: >"$tmp/empty.jgn"
run "$R" -o "$tmp/empty.html" "$tmp/empty.jgn"
expect "no game as a page: exit status, the empty error alone, no page" \
    "1 $tmp/empty.jgn: error: the input holds no record no" \
    "$rc $err $([ -e "$tmp/empty.html" ] && echo yes || echo no)"
run "$R" -o "$tmp/empty.png" "$tmp/empty.jgn"
expect "no game as a picture: the same" "1 $tmp/empty.jgn: error: the input holds no record" "$rc $err"
run "$R" --game 2 -o "$tmp/page-%n.html" "$tmp/three.jgn"
expect "--game 2 as pages: exit status" 0 "$rc"
expect "--game 2 as pages: the one page, numbered 2" "page-2.html" "$(cd "$tmp" && ls page-*.html)"
run "$R" --game 3 -o "$tmp/third.html" "$tmp/three.jgn"
expect "--game 3 as one page of a file of three: exit status" 0 "$rc"
"$JUNQI_BIN/junqi-replay" --to jgn "$JUNQI_ROOT/tests/data/qq/jgs-000678.jgs" >"$tmp/only-third.jgn"
"$R" -o "$tmp/only-third.html" "$tmp/only-third.jgn"
checks=$((checks + 1))
cmp -s <(sed 's/three\.jgn/X/g' "$tmp/third.html") <(sed 's/only-third\.jgn/X/g' "$tmp/only-third.html") ||
    fail "--game 3 as a page: not the page of the third game"
# pages in a folder that is not there: said once, naming the pattern, not once a page (every page fails alike), exit 3
run "$R" -o "$tmp/nope/page-%n.html" "$tmp/three.jgn"
expect "pages in a missing folder: exit status, one line, no folder made" \
    "3 1 $tmp/nope/page-%n.html: cannot write: the folder $tmp/nope does not exist no" \
    "$rc $(grep -c . <<<"$err") $(sed 's/^[^:]*: //' <<<"$err") $([ -e "$tmp/nope" ] && echo yes || echo no)"
# a pattern's every %n is the game's number, %% one percent sign (a literal "%%n" numbers nothing)
mkdir "$tmp/pat"
run "$R" -o "$tmp/pat/%n-%n-100%%.html" "$tmp/three.jgn"
expect "pages named %n-%n-100%%.html: exit status" 0 "$rc"
expect "pages named %n-%n-100%%.html: every %n replaced" "1-1-100%.html 2-2-100%.html 3-3-100%.html" \
    "$(ls "$tmp/pat" | tr '\n' ' ' | sed 's/ $//')"
# G10: a page's name without an extension takes .html, as DIR/'s pages do (it was 'bare-1')
run "$R" --format html -o "$tmp/pat/bare-%n" "$tmp/three.jgn"
expect "pages named bare-%n (--format html): bare-N.html" "0 bare-1.html bare-2.html bare-3.html" \
    "$rc $(cd "$tmp/pat" && ls bare-* | tr '\n' ' ' | sed 's/ $//')"
rm -f "$tmp"/pat/bare-*
run "$R" -o "$tmp/pat/literal-%%n.html" "$tmp/three.jgn"
expect "pages named literal-%%n.html: one name for three games, a usage error" "2 no" \
    "$rc $([ -e "$tmp/pat/literal-%n.html" ] && echo yes || echo no)"
# a page that cannot be written (a folder stands in its place) is said in one located line; the
# pages after it are written, and the exit status is 3 at the end (as junqi-replay --split's parts)
mkdir -p "$tmp/gap/2.html"
run "$R" -o "$tmp/gap/%n.html" "$tmp/three.jgn"
expect "pages, page 2 not writable: exit status, one located line" \
    "3 junqi-render: $tmp/gap/2.html: cannot write: Is a directory" "$rc $err"
expect "pages, page 2 not writable: pages 1 and 3 written" "1.html 3.html" \
    "$(find "$tmp/gap" -type f -printf '%f\n' | sort | tr '\n' ' ' | sed 's/ $//')"
# a usage error stops the run at once with exit status 2, also after a page that could not be
# written (docs/conventions.md, "Outputs of several files"): --ply 20 is past the end of game 2
# (15 moves) but not of games 1 and 3 (82). It went on to page 3 and exited with 3.
"$JUNQI_BIN/junqi-replay" --to jgn "$SHORT" "$JUNQI_ROOT/tests/data/qq/jgs-002724.jgs" "$SHORT" >"$tmp/long-short-long.jgn"
for first in writable unwritable; do
    rm -rf "$tmp/stop" && mkdir "$tmp/stop"
    [ "$first" = unwritable ] && mkdir "$tmp/stop/1.html"
    run "$R" --ply 20 -o "$tmp/stop/%n.html" "$tmp/long-short-long.jgn"
    expect "pages, page 1 $first, --ply past the end of game 2: exit status" 2 "$rc"
    expect "pages, page 1 $first, --ply past the end of game 2: the usage error, then nothing" \
        "junqi-render: $tmp/long-short-long.jgn: game 2 (line 31): --ply 20 is past the end: the game has 15 moves|Try 'junqi-render --help' for more information." \
        "$(grep -v "^junqi-render: $tmp/stop/1.html: cannot write" "$tmp/err" | paste -sd'|')"
    expect "pages, page 1 $first, --ply past the end of game 2: no page 3" no "$([ -e "$tmp/stop/3.html" ] && echo yes || echo no)"
done
# the game of a page that cannot be written is checked all the same: what is said of the games is
# what is said when the pages are written (a page folder that could not be made hid the errors of
# a game that breaks the rules; tests/data/corrupt/rail-turn.jgs, an illegal move, as game 4)
"$JUNQI_BIN/junqi-replay" --to jgn "$JUNQI_ROOT/tests/data/corrupt/rail-turn.jgs" 2>/dev/null |
    cat "$tmp/three.jgn" - >"$tmp/illegal-4.jgn"
run "$R" -o "$tmp/illegal-pages/" "$tmp/illegal-4.jgn"
expect "pages of a file whose 4th game is illegal: exit status, its error said" "1 1" "$rc $(grep -c ': error: ' <<<"$err")"
said=$err
for o in "$tmp/no-folder/pages/" "$tmp/no-folder/page-%n.html"; do
    run "$R" -o "$o" "$tmp/illegal-4.jgn"
    expect "pages -o $o, not writable: exit status, what is said of the games" "3 $said" \
        "$rc $(grep -v "^junqi-render: $tmp/no-folder/" <<<"$err")"
done
# page N is game N of the file: a broken game has no page and the next keeps its number
awk '/^\[Board/ { n++ } n == 2 && /^1\. / { sub(/^1\. [^ ]*/, "1. a1-z9") } { print }' "$tmp/three.jgn" >"$tmp/broken-2.jgn"
mkdir "$tmp/broken"
run "$R" -o "$tmp/broken/%n.html" "$tmp/broken-2.jgn"
expect "pages of a file whose 2nd game is broken: exit status" 1 "$rc"
expect "pages of a file whose 2nd game is broken: pages 1 and 3" "1.html 3.html" "$(ls "$tmp/broken" | tr '\n' ' ' | sed 's/ $//')"
checks=$((checks + 1))
cmp -s <(sed 's/broken-2\.jgn/X/g; s/surface[0-9]*/S/g' "$tmp/broken/3.html") <(sed 's/three\.jgn/X/g; s/surface[0-9]*/S/g' "$tmp/third.html") ||
    fail "pages of a file whose 2nd game is broken: 3.html is not the third game"
# --lenient draws what a broken game's text gives, and says its error (exit 1), as a page does
for fmt in png svg; do
    run "$R" --game 2 --lenient --format "$fmt" -o "$tmp/salvaged.$fmt" "$tmp/broken-2.jgn"
    expect "--lenient picture of a broken game, $fmt: exit status, the error said" "1 1" \
        "$rc $(grep -c "error: 'a1' (in 'a1-z9') is not a square of the four-player board" "$tmp/err")"
    checks=$((checks + 1))
    [ -s "$tmp/salvaged.$fmt" ] || fail "--lenient picture of a broken game, $fmt: no picture"
done

# --- formats, sizes, standard output ----------------------------------------
run "$R" --ply 100 --caption -o "$tmp/a.png" "$GAME"
expect "PNG: exit status" 0 "$rc"
expect "PNG: signature" "211PNG\r\n032\n" "$(magic "$tmp/a.png" 8)"
run "$R" --size 500 --ply 100 -o "$tmp/s500.png" "$GAME"
expect "--size 500 on the four-player board: picture size" 500x500 "$(png_size "$tmp/s500.png")"
run "$R" --size 500 --ply 100 --caption -o "$tmp/c500.png" "$GAME"
expect "--size 500 --caption: the longer side" 500 "$(png_size "$tmp/c500.png" | tr x '\n' | sort -n | tail -1)"
"$R" --ply 100 -o - "$GAME" >"$tmp/stdout.png" 2>"$tmp/err"
expect "-o -: exit status" 0 "$?"
expect "-o -: PNG on standard output" "211PNG\r\n032\n" "$(magic "$tmp/stdout.png" 8)"
# a PNG or GIF on a terminal: its bytes garbled the terminal, exit 0 (as gzip, a usage error);
# a terminal named outright (/dev/tty, /dev/pts/N) is one too (break5 C3); an SVG, which is
# text, is written; a redirection is not a terminal (above)
if script -qfec true /dev/null </dev/null >/dev/null 2>&1; then
    for args in "-o -" "--format png -o /dev/stdout" "--format gif -o -" "--frames $tmp/tty-fx -o -" \
        "--format png -o /dev/tty"; do
        checks=$((checks + 1))
        # shellcheck disable=SC2086
        got=$(script -qfec "$(printf '%q ' "$R" --ply 3 $args "$GAME"); echo rc=\$?" /dev/null </dev/null |
            tr -d '\r\0')
        grep -q 'IHDR\|GIF89a' <<<"$got" && fail "$args on a terminal: the picture's bytes were written"
        [ "$(tail -n 1 <<<"$got")" = rc=2 ] || fail "$args on a terminal: exit status not 2"
        grep -q "is a terminal" <<<"$got" || fail "$args on a terminal: no message that it is one"
    done
    [ ! -e "$tmp/tty-fx" ] || fail "--frames -o - on a terminal: the folder was made"
    expect "--format svg -o - on a terminal" "<?xml rc=0" \
        "$(script -qfec "$(printf '%q ' "$R" --ply 3 --format svg -o - "$GAME"); echo rc=\$?" /dev/null </dev/null |
            tr -d '\r' | sed -n '1s/^\(.....\).*/\1/p;$p' | paste -sd' ')"
else
    skip "script(1) cannot give a terminal here: a picture on a terminal is not checked"
fi
"$R" --ply 100 --format svg -o - "$GAME" >"$tmp/stdout.svg"
expect "--format svg -o -: XML" "<?xml" "$(head -c 5 "$tmp/stdout.svg")"
run "$R" --ply 100 --format svg -o "$tmp/forced.png" "$GAME"
expect "--format overrides the extension" "<?xml" "$(head -c 5 "$tmp/forced.png")"

for args in "" "--view south --theme contrast" "--bottom west --names en --rank-corner --upright" \
            "--caption --arrow g2-g6:green --mark h5 --mark i9:#ff00ff --no-coords"; do
    # shellcheck disable=SC2086
    run "$R" --ply 150 $args -o "$tmp/b.svg" "$GAME"
    expect "SVG ($args): exit status" 0 "$rc"
    checks=$((checks + 1))
    xmllint --noout "$tmp/b.svg" 2>"$tmp/xml" || fail "SVG ($args): not well-formed XML: $(head -3 "$tmp/xml")"
    checks=$((checks + 1))
    grep -q '<svg[^>]* viewBox="0 0 [0-9]* [0-9]*"' "$tmp/b.svg" || fail "SVG ($args): no viewBox"
done

# --- two-player positions and JGN records with comment commands -------------
run "$R" --position "${POS2//%/ }" --size 400 -o "$tmp/pos.png"
expect "--position: exit status" 0 "$rc"
expect "--position: a two-player picture, 400 high" 400 "$(png_size "$tmp/pos.png" | cut -dx -f2)"
cat >"$tmp/game.jgn" <<'JGN'
[Board "two-player"]
[Position ".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -"]
[Result "south"]
[Termination "flag_captured"]

41. b11>b12 {[%arrow b11-b12 red] [%mark c5] [%eval +9.9]} south
JGN
run "$R" --caption --bottom north -o "$tmp/jgn.png" "$tmp/game.jgn"
expect "JGN record with commands: exit status" 0 "$rc"
sed -i 's/{.*}//' "$tmp/game.jgn"
run "$R" --caption --bottom north -o "$tmp/jgn-plain.png" "$tmp/game.jgn"
checks=$((checks + 1))
cmp -s "$tmp/jgn.png" "$tmp/jgn-plain.png" && fail "the comment's arrow, mark and evaluation changed nothing"

# --- a command that cannot be drawn: a located warning, the rest drawn ------------
# (docs/conventions.md "Diagnostics"; the code bad-command): an item of [%arrow]/[%mark]
# that is no FROM-TO or square of the board, an [%eval] of anything but one to three
# numbers, a command never closed. The picture is the one of the valid commands alone.
head -n 5 "$tmp/game.jgn" >"$tmp/good.jgn"
cp "$tmp/good.jgn" "$tmp/bad.jgn"
echo '41. b11>b12 {[%arrow b11-b12 red] [%mark c5] [%eval +9.9]} south' >>"$tmp/good.jgn"
echo '41. b11>b12 {[%arrow b11-b12 red z1-b2 green] [%mark c5 d99:blue] [%eval +9.9] [%eval oops] [%mark c6} south' \
    >>"$tmp/bad.jgn"
run "$R" --caption --bottom north -o "$tmp/good.png" "$tmp/good.jgn"
expect "valid commands: exit status, nothing said" "0 " "$rc $err"
run "$R" --caption --bottom north -o "$tmp/bad.png" "$tmp/bad.jgn"
expect "commands that cannot be drawn: exit status 0 (the record is valid)" 0 "$rc"
expect "commands that cannot be drawn: one warning each, located, naming the ply and the command" \
    "$tmp/bad.jgn:6:34: warning: [%arrow b11-b12 red z1-b2 green] at ply 41: 'z1' (in 'z1-b2') is not a square of the two-player board; it is not drawn|\
$tmp/bad.jgn:6:57: warning: [%mark c5 d99:blue] at ply 41: 'd99' is not a square of the two-player board; it is not drawn|\
$tmp/bad.jgn:6:87: warning: [%eval oops] at ply 41: 'oops' is not one to three numbers, such as 0.67 0.56 +3.98; it is not drawn|\
$tmp/bad.jgn:6:93: warning: [%mark c6 at ply 41: the command is never closed with ']'; it is not drawn" \
    "$(grep ': warning: ' <<<"$err" | paste -sd'|')"
expect "commands that cannot be drawn: the caret under the item" "$(printf '%36s' ^)" \
    "$(sed -n 3p <<<"$err")"
checks=$((checks + 1))
cmp -s "$tmp/good.png" "$tmp/bad.png" ||
    fail "commands that cannot be drawn: the picture is not the one of the valid commands alone"
run "$R" --caption --bottom north --ply 40 -o "$tmp/bad40.png" "$tmp/bad.jgn"
expect "commands at another ply than the picture's: nothing said" "0 " "$rc $err"
rm -rf "$tmp/badframes"
run "$R" --frames "$tmp/badframes" -o "$tmp/bad.gif" "$tmp/bad.jgn"
expect "--frames and a GIF: each command said once" "0 4" "$rc $(grep -c ': warning: ' <<<"$err")"
run "$R" -o "$tmp/bad.html" "$tmp/bad.jgn"
expect "a page: each command said once" "0 4" "$rc $(grep -c ': warning: ' <<<"$err")"

# --- the same position, the same bytes --------------------------------------
for ext in png svg; do
    "$R" --ply 77 --caption --view east -o "$tmp/one.$ext" "$GAME"
    "$R" --ply 77 --caption --view east -o "$tmp/two.$ext" "$GAME"
    checks=$((checks + 1))
    cmp -s "$tmp/one.$ext" "$tmp/two.$ext" || fail "$ext: two runs on the same position differ"
done
checks=$((checks + 1))
cmp -s "$tmp/one.png" "$tmp/a.png" && fail "different positions gave the same PNG"

# --- --frames: DIR/0000.png (the start) to the last move ----------------------
short_moves=$(moves_of "$SHORT")
run "$R" --frames "$tmp/frames" --size 300 "$SHORT"
expect "--frames: exit status" 0 "$rc"
expect "--frames: one picture per move and the start" $((short_moves + 1)) "$(ls "$tmp/frames" | wc -l)"
expect "--frames: the first" 0000.png "$(ls "$tmp/frames" | head -1)"
expect "--frames: the last" "$(printf %04d.png "$short_moves")" "$(ls "$tmp/frames" | tail -1)"
run "$R" --frames "$tmp/frames10" --ply 10 --size 300 "$SHORT"
expect "--frames --ply 10: pictures" 11 "$(ls "$tmp/frames10" | wc -l)"
# a record from a set position at ply 40: its pictures are named by its plies, as --ply names them
run "$R" --frames "$tmp/frames40" --size 200 --position "${POS2//%/ }"
expect "--frames from a set position at ply 40: named by its plies" "0 0040.png" \
    "$rc $(ls "$tmp/frames40" | paste -sd' ')"
printf '[Board "two-player"]\n[Position "%s"]\n\n41. b11>b12 *\n' "${POS2//%/ }" >"$tmp/from40.jgn"
run "$R" --frames "$tmp/frames41" --size 200 "$tmp/from40.jgn"
expect "--frames of a record from ply 40 with one move: 0040 and 0041" "0 0040.png 0041.png" \
    "$rc $(ls "$tmp/frames41" | paste -sd' ')"
# past ply 9999 every name gets the last one's width, so that they sort in order
POS9999=${POS2/\%40\%/%9999%}
printf '[Board "two-player"]\n[Position "%s"]\n\n10000. b11>b12 *\n' "${POS9999//%/ }" >"$tmp/from9999.jgn"
run "$R" --frames "$tmp/frames9999" --size 200 "$tmp/from9999.jgn"
expect "--frames of a record from ply 9999: 09999 and 10000" "0 09999.png 10000.png" \
    "$rc $(ls "$tmp/frames9999" | paste -sd' ')"
run "$R" --frames "$tmp/missing/frames" "$SHORT"
expect "--frames in a missing folder: exit status" 3 "$rc"
# a picture that cannot be written is said in one line and left out; the others are written, exit 3
# at the end, as for pages (it stopped there: pictures 0003 on were not written)
mkdir -p "$tmp/frames-gap/0002.png"
run "$R" --frames "$tmp/frames-gap" --ply 5 --size 300 "$SHORT"
expect "--frames, picture 2 not writable: exit status, one located line" \
    "3 junqi-render: $tmp/frames-gap/0002.png: cannot write: Is a directory" "$rc $err"
expect "--frames, picture 2 not writable: the other pictures" "0000.png 0001.png 0003.png 0004.png 0005.png" \
    "$(find "$tmp/frames-gap" -type f -printf '%f\n' | sort | tr '\n' ' ' | sed 's/ $//')"

# --- --infer: hidden pieces labelled with their likeliest kinds -------------------
run "$R" --ply 30 --view south --size 300 -o "$tmp/view.png" "$SHORT"
run "$R" --ply 30 --view south --infer --size 300 -o "$tmp/infer.png" "$SHORT"
expect "--infer: exit status" 0 "$rc"
expect "--infer: a PNG" "$(magic "$tmp/view.png" 4)" "$(magic "$tmp/infer.png" 4)"
checks=$((checks + 1))
cmp -s "$tmp/view.png" "$tmp/infer.png" && fail "--infer: the picture is the plain view"
run "$R" --ply 30 --view south --infer --size 300 -o "$tmp/infer2.png" "$SHORT"
checks=$((checks + 1))
cmp -s "$tmp/infer.png" "$tmp/infer2.png" || fail "--infer: two runs differ"
# --seed is --infer's: without it, a usage error, as junqi-replay says it (not silently ignored)
run "$R" --seed 5 --size 300 -o "$tmp/seed.png" "$SHORT"
expect "--seed without --infer: usage error, said, no picture" \
    "2 junqi-render: --seed is the random seed of --infer: it takes --infer no picture" \
    "$rc $(head -1 "$tmp/err") $([ -e "$tmp/seed.png" ] && echo picture || echo no picture)"
run "$R" --ply 30 --infer --size 300 -o "$tmp/noview.png" "$SHORT"
expect "--infer without --view on a dark record: usage error" 2 "$rc"
# an open game has no hidden piece: --infer drew the plain picture, exit 0 (h-break3 B8); it is now
# a usage error, with --view or without, said before a picture is drawn
"$JUNQI_BIN/junqi-replay" --rules qq,mode=open --to jgn "$SHORT" >"$tmp/open.jgn"
for view in "--view south" ""; do
    rm -f "$tmp/open-infer.png"
    # shellcheck disable=SC2086 # $view is words on purpose
    run "$R" --ply 30 $view --infer --size 300 -o "$tmp/open-infer.png" "$tmp/open.jgn"
    expect "--infer $view of an open game: usage error, said, no picture" \
        "2 junqi-render: $tmp/open.jgn: game 1 (line 1): --infer: the game is open: every piece is known, nothing to infer no picture" \
        "$rc $(head -1 "$tmp/err") $([ -e "$tmp/open-infer.png" ] && echo picture || echo no picture)"
done
run "$R" --ply 30 --view south --infer --rules qq,mode=open --size 300 -o "$tmp/open-infer.png" "$SHORT"
expect "--infer --rules qq,mode=open: usage error, said" \
    "2 junqi-render: $SHORT: --infer: the game is open: every piece is known, nothing to infer" "$rc $(head -1 "$tmp/err")"
# options that draw nothing where they were given are usage errors, not silently dropped: --infer
# and --caption with a page (its board has neither), --delay but for a GIF
for spec in "--infer --view south:page.html:--infer labels the hidden pieces of a picture; an HTML page names what each can be under the pointer, in a seat's view" \
    "--caption:page.html:--caption writes above a picture; an HTML page names the players, the move and the result beside its board" \
    "--delay 100:still.png:--delay is the time of each frame of a GIF: it takes -o NAME.gif or --format gif" \
    "--delay 100 --format svg:still.svg:--delay is the time of each frame of a GIF: it takes -o NAME.gif or --format gif" \
    "--delay 100:page.html:--delay is the time of each frame of a GIF: it takes -o NAME.gif or --format gif"; do
    IFS=: read -r opts out says <<<"$spec"
    # shellcheck disable=SC2086
    run "$R" $opts --size 300 -o "$tmp/$out" "$SHORT"
    expect "$opts -o $out: usage error, said, nothing written" "2 junqi-render: $says no file" \
        "$rc $(head -1 "$tmp/err") $([ -e "$tmp/$out" ] && echo file || echo no file)"
done
rm -rf "$tmp/frames-delay"
run "$R" --delay 100 --frames "$tmp/frames-delay" --ply 2 --size 120 "$SHORT"
expect "--delay with --frames: usage error, no folder" "2 no folder" \
    "$rc $([ -e "$tmp/frames-delay" ] && echo folder || echo no folder)"
# a seat's record no assignment agrees with (an engineer cannot beat a front-row piece): the input
# is invalid (exit 1), said once where the record goes wrong (the record's check, no-assignment),
# never as an output that could not be written (it was "ply 1: ...", then "OUT: cannot draw the
# picture (out of memory)", exit 3)
printf '%s\n' '[Board "two-player"]' '[Rules "standard"]' '[View "south"]' '[North "?"]' '[South "?"]' \
    '[SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]' '' '1. c6>c7 *' >"$tmp/unsolvable.jgn"
for out in unsolvable.png unsolvable.svg unsolvable.gif frames-unsolvable; do
    [ "$out" = frames-unsolvable ] && dest=(--frames "$tmp/$out") || dest=(-o "$tmp/$out")
    run "$R" --infer --size 200 "${dest[@]}" "$tmp/unsolvable.jgn"
    expect "--infer, no assignment agrees ($out): exit 1, one located line" \
        "1 $tmp/unsolvable.jgn:8:4: error: no identities of the hidden pieces agree with south's record up to this move: no game could have given it|  1. c6>c7 *|     ^" \
        "$rc $(paste -sd'|' <<<"$err")"
done
checks=$((checks + 1))
[ ! -e "$tmp/unsolvable.png" ] || fail "--infer, no assignment agrees: a picture was written"

# --- GIF --------------------------------------------------------------------
run "$R" --size 300 --delay 100 -o "$tmp/game.gif" "$SHORT"
expect "GIF: exit status" 0 "$rc"
expect "GIF: signature" GIF89a "$(head -c 6 "$tmp/game.gif")"
expect "GIF: ends with the trailer" ";" "$(tail -c 1 "$tmp/game.gif")"
# every frame's delay, read back by giflib: --delay MS in hundredths of a second, the last frame
# five times as long, at least 3 s and at most 655.35 s, the most a GIF frame holds (16 bits of
# hundredths: the last frame of --delay 655350 was 3276.75 s, written as 65531 hundredths), and
# at least 2 hundredths (--delay 0 to 14 wrote 0 or 1, which browsers play as 10)
build_gifdelays
TEN=$JUNQI_ROOT/tests/data/qq/jgs-000678.jgs
ten_moves=$(moves_of "$TEN")
for spec in 100:10:300 1000:100:500 130000:13000:65000 200000:20000:65535 655350:65535:65535 0:2:300 1:2:300 14:2:300 24:2:300 25:3:300; do
    IFS=: read -r ms each last <<<"$spec"
    run "$R" --size 120 --delay "$ms" -o "$tmp/delay.gif" "$TEN"
    expect "GIF --delay $ms: exit status" 0 "$rc"
    expect "GIF --delay $ms: the delay of every frame (hundredths of a second)" \
        "$(printf "$each %.0s" $(seq "$ten_moves"))$last" "$("$tmp/gifdelays" "$tmp/delay.gif" | paste -sd' ')"
done
for ms in 655351 9999999999 -1; do
    run "$R" --size 120 --delay "$ms" -o "$tmp/delay-bad.gif" "$TEN"
    expect "GIF --delay $ms: a usage error naming the range, no file" "2 junqi-render: --delay takes milliseconds (0 to 655350), not '$ms' no" \
        "$rc $(head -n 1 "$tmp/err") $([ -e "$tmp/delay-bad.gif" ] && echo yes || echo no)"
done

# --- HTML pages (docs/html.md): the format from the name, one page per game --------
"$JUNQI_BIN/junqi-replay" --to jgn "$SHORT" "$JUNQI_ROOT/tests/data/qq/jgs-002724.jgs" >"$tmp/two.jgn"
run "$R" -o "$tmp/one.html" "$SHORT"
expect "HTML: exit status" 0 "$rc"
expect "HTML: a whole page" "<!DOCTYPE html>|</html>" "$(head -n 1 "$tmp/one.html")|$(tail -n 1 "$tmp/one.html")"
run "$R" -o "$tmp/again.html" "$SHORT"
checks=$((checks + 1))
cmp -s "$tmp/one.html" "$tmp/again.html" || fail "HTML: the same game gave different pages"
run "$R" --format html -o - "$SHORT"
expect "HTML to standard output (--format html)" "<!DOCTYPE html>" "$(head -n 1 "$tmp/out")"
echo precious > "$tmp/two.html"
run "$R" -o "$tmp/two.html" "$tmp/two.jgn"
expect "HTML: two games, one page name: exit status" 2 "$rc"
checks=$((checks + 1))
grep -q "%n" <<<"$err" || fail "HTML: two games, one page name: the message should say %n: $err"
expect "HTML: two games, one page name: the usage error leaves the existing file as it was" \
    precious "$(cat "$tmp/two.html")"
checks=$((checks + 1))
[ -z "$(ls "$tmp" | grep -v '^two.html$' | grep two.html)" ] || fail "HTML: a temporary file was left: $(ls "$tmp")"
run "$R" -o "$tmp/pages/" "$tmp/two.jgn"
expect "HTML: a folder of pages: exit status" 0 "$rc"
expect "HTML: a folder of pages" "1.html 2.html" "$(cd "$tmp/pages" && ls | tr '\n' ' ' | sed 's/ $//')"
run "$R" --ply 5 --view south -o "$tmp/game-%n.htm" "$tmp/two.jgn"
expect "HTML: %n in the name: exit status" 0 "$rc"
checks=$((checks + 2))
[ -s "$tmp/game-1.htm" ] && [ -s "$tmp/game-2.htm" ] || fail "HTML: %n in the name: game-1.htm and game-2.htm expected"
grep -q '"open":{"ply":5,"view":3}' "$tmp/game-2.htm" || fail "HTML: --ply 5 --view south: the page does not open there"
run "$R" --ply 9999 -o "$tmp/late.html" "$SHORT"
expect "HTML: --ply past the end: exit status" 2 "$rc"
checks=$((checks + 1))
[ ! -e "$tmp/late.html" ] || fail "HTML: --ply past the end: a page was written"
run "$R" --frames "$tmp/frames-html" -o "$tmp/f.html" "$SHORT"
expect "HTML with --frames: exit status" 2 "$rc"
run "$R" --position "${POS2//%/ }" -o "$tmp/pos.html"
expect "HTML of a position string (two-player board): exit status" 0 "$rc"
run "$R" --bottom east --position "${POS2//%/ }" -o "$tmp/pos-east.html"
expect "HTML: --bottom east on the two-player board: exit status" 2 "$rc"
# the comments after the last move, on both sides of the end of the game (jgs-003098:
# one on the game-over record, one after it; docs/jgn.md "The result"), are on the page
for input in "$JUNQI_ROOT/tests/data/qq/jgs-003098.jgs" jgn; do
    [ "$input" = jgn ] && "$JUNQI_BIN/junqi-replay" --to jgn "$JUNQI_ROOT/tests/data/qq/jgs-003098.jgs" >"$tmp/c.jgn" &&
        input=$tmp/c.jgn
    run "$R" -o "$tmp/comments.html" "$input"
    expect "HTML of $(basename "$input"): its last three comments" "第16条注释 第17条注释 第18条注释" \
        "$(grep -o '第1[678]条注释' "$tmp/comments.html" | paste -sd' ')"
done

# pages of games on both boards: --arrow and --mark are squares of each game's own board; a square
# the game's board does not have is a usage error (exit 2, the game named) before any page is
# written, as --ply past a game's end is, rather than being drawn at whatever square of the other
# board has its number
"$JUNQI_BIN/junqi-replay" --to jgn "$GAME" >"$tmp/boards.jgn"
printf '[Board "two-player"]\n[Position "%s"]\n\n41. b11>b12 *\n' "${POS2//%/ }" >>"$tmp/boards.jgn"
run "$R" --arrow g2-g6 --mark h5 -o "$tmp/boards/" "$tmp/boards.jgn"
expect "HTML pages of both boards, --arrow g2-g6: exit 2 at game 2, named; no page written, no folder made" \
    "2 junqi-render: $tmp/boards.jgn: game 2 (line $(grep -n -m2 '^\[Board' "$tmp/boards.jgn" | tail -1 | cut -d: -f1)): \
--arrow g2-g6: 'g2' (in 'g2-g6') is not a square of the two-player board no" \
    "$rc $(head -1 "$tmp/err") $([ -e "$tmp/boards" ] && echo yes || echo no)"
# a bad --arrow names what is wrong with it: the square that is not one (it said 'is not two
# different squares FROM-TO' of every arrow, as if the board were the fault), no dash, one square twice
for spec in "g6-z9|'z9' (in 'g6-z9') is not a square of the four-player board" \
    "g6|'g6' is not an arrow FROM-TO: two squares joined by '-' (g2-g6)" \
    "g2-g6-g7|'g2-g6-g7' is not an arrow FROM-TO: two squares joined by '-' (g2-g6)" \
    "g6-g6:red|'g6-g6' goes nowhere: an arrow joins two different squares"; do
    run "$R" --arrow "${spec%%|*}" --ply 3 -o "$tmp/arrow.svg" "$GAME"
    expect "--arrow ${spec%%|*}: exit status, message" "2 junqi-render: $GAME: --arrow ${spec%%|*}: ${spec#*|}" \
        "$rc $(head -n 1 <<<"$err")"
done
run "$R" --mark h5 --game 2 -o "$tmp/boards2.html" "$tmp/boards.jgn"
expect "HTML page of a two-player game, --mark h5 of the other board: exit 2, no page" "2 no page" \
    "$rc $([ -e "$tmp/boards2.html" ] && echo page || echo no page)"

# a record that cannot be replayed: its error with the source line and a caret, as the other tools show it
printf '[Board "two-player"]\n[South "a"]\n[SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]\n\n*\n' >"$tmp/one-seat.jgn"
"$JUNQI_BIN/junqi-render" "$tmp/one-seat.jgn" -o "$tmp/one-seat.png" 2>"$tmp/one-seat.err"
expect "a one-seat record: exit 1, the error, its line and a caret" \
    "1 $tmp/one-seat.jgn:3:1: error: only one seat takes part: a game needs two sides|  [SouthSetup \"81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL\"]|  ^" \
    "$? $(paste -sd'|' "$tmp/one-seat.err")"

# --- formations (docs/render.md "Formations"): a YAML or .jql formation drawn face up on its
# seat's arm, the rest of the board empty (it said "a formation, not a game record", exit 1)
build_pngdiff
FORM=$JUNQI_ROOT/samples/formations
# the two-player board with the two flags alone: all but empty (an empty position is no game)
FLAGS=".NF.../...../...../...../...../...../...../...../...../...../...../.SF... s 0 40 -"
run "$R" --no-coords --position "$FLAGS" -o "$tmp/flags.png"
run "$R" --no-coords --position "$FLAGS" -o "$tmp/flags.svg"
expect "the two flags alone: drawn" 0 "$rc"
run "$R" --no-coords -o "$tmp/iron.png" "$FORM/iron-wall.yaml"
expect "a YAML formation as PNG: exit status, nothing said, a PNG" "0||211PNG" "$rc|$err|$(magic "$tmp/iron.png" 4)"
read -r differ total < <("$tmp/pngdiff" "$tmp/flags.png" "$tmp/iron.png")
checks=$((checks + 1))
[ "${differ:-0}" -gt $((${total:-0} / 20)) ] ||
    fail "a formation as PNG: ${differ:-?} of ${total:-?} pixels differ from the all but empty board's"
run "$R" --no-coords -o "$tmp/iron.svg" "$FORM/iron-wall.yaml"
checks=$((checks + 1))
xmllint --noout "$tmp/iron.svg" 2>/dev/null || fail "a formation as SVG: not well-formed XML"
# cairo writes text as glyphs: 25 pieces of two characters each (工兵, 司令 ...), the flags' four
expect "a formation as SVG: exit status, a glyph for each character of the 25 pieces' names" "0 50 4" \
    "$rc $(grep -o '<use xlink:href="#glyph' "$tmp/iron.svg" | wc -l) $(grep -o '<use xlink:href="#glyph' "$tmp/flags.svg" | wc -l)"
run "$R" --no-coords --names en -o "$tmp/iron-en.svg" "$FORM/iron-wall.yaml"
checks=$((checks + 1))
cmp -s "$tmp/iron.svg" "$tmp/iron-en.svg" && fail "a formation as SVG: --names en draws the same names as zh"
# a file of several: the first drawn, with a note; FILE#N and FILE#NAME (a name or an alias) pick one
for f in F01 F03 iron-wall; do
    "$R" -o "$tmp/form-$f.png" "$FORM/$f.yaml" || fail "$f.yaml alone: not drawn"
done
{ cat "$FORM/F01.yaml"; echo ---; cat "$FORM/F03.yaml"; echo ---; cat "$FORM/iron-wall.yaml"; } >"$tmp/three.yaml"
run "$R" -o "$tmp/three-1.png" "$tmp/three.yaml"
expect "three formations, none chosen: exit 0, the note, the first drawn" \
    "0|junqi-render: $tmp/three.yaml holds more than one formation; formation 1 is drawn (FILE#N or FILE#NAME chooses another)|same" \
    "$rc|$err|$(cmp -s "$tmp/three-1.png" "$tmp/form-F01.png" && echo same)"
for pick in "2:F03" "F03:F03" "3:iron-wall" "Iron Wall:iron-wall" "铜墙铁壁:iron-wall" "銅牆鐵壁:iron-wall"; do
    run "$R" -o "$tmp/pick.png" "$tmp/three.yaml#${pick%%:*}"
    expect "three.yaml#${pick%%:*}: exit status, nothing said, ${pick#*:} drawn" "0||same" \
        "$rc|$err|$(cmp -s "$tmp/pick.png" "$tmp/form-${pick#*:}.png" && echo same)"
done
run "$R" --game 2 -o "$tmp/pick.png" "$tmp/three.yaml"
expect "three formations, --game 2: exit status, nothing said, the second drawn" "0||same" \
    "$rc|$err|$(cmp -s "$tmp/pick.png" "$tmp/form-F03.png" && echo same)"
cat "$tmp/three.yaml" | "$R" -o "$tmp/stdin.png" 2>"$tmp/err"
expect "three formations on standard input: exit 0, the note, the first drawn" \
    "0|junqi-render: <stdin> holds more than one formation; formation 1 is drawn (FILE#N or FILE#NAME chooses another)|same" \
    "$?|$(cat "$tmp/err")|$(cmp -s "$tmp/stdin.png" "$tmp/form-F01.png" && echo same)"
# the .jql of a formation is drawn as its YAML is
run "$R" -o "$tmp/jql.png" "$JUNQI_ROOT/tests/data/jql/F07.jql"
"$R" -o "$tmp/yaml7.png" "$FORM/F07.yaml"
expect "a .jql formation: exit status, drawn as its YAML" "0 same" \
    "$rc $(cmp -s "$tmp/jql.png" "$tmp/yaml7.png" && echo same)"
# the seat: --view's, else south; the board: the formation's, else the seat's
run "$R" --no-coords --view north --bottom south -o "$tmp/iron-north.png" "$FORM/iron-wall.yaml"
read -r differ total < <("$tmp/pngdiff" "$tmp/iron.png" "$tmp/iron-north.png")
checks=$((checks + 1))
[ "$rc" = 0 ] && [ "${differ:-0}" -gt $((${total:-0} / 20)) ] ||
    fail "a formation at north: exit $rc, ${differ:-?} of ${total:-?} pixels differ from it at south"
sed '/^board:/d' "$FORM/F01.yaml" >"$tmp/noboard.yaml"
run "$R" --view east -o "$tmp/east.png" "$tmp/noboard.yaml"
expect "a formation of no board at east: the four-player board" "0 800x800" "$rc $(png_size "$tmp/east.png")"
# what cannot be drawn: exit 2 (usage) or 1 (invalid), a message, no picture
form_errors=(
    "2|three.yaml#4|pick.png|junqi-render: $tmp/three.yaml has no formation '4' (it has 3)"
    "2|three.yaml#Nope|pick.png|junqi-render: $tmp/three.yaml has no formation 'Nope' (it has 3)"
    "2|three.yaml|pick.gif|junqi-render: $tmp/three.yaml is a formation, one still picture: draw it as PNG or SVG (-o NAME.png or -o NAME.svg), not as a GIF"
    "2|three.yaml|pick.html|junqi-render: $tmp/three.yaml is a formation: an HTML page replays a game; draw a formation as a picture (-o NAME.png or -o NAME.svg)"
    "2|three.yaml#2|pick.html|junqi-render: $tmp/three.yaml#2 is a formation: an HTML page replays a game; draw a formation as a picture (-o NAME.png or -o NAME.svg)"
    "2|three.yaml#2 --game 2|pick.png|junqi-render: $tmp/three.yaml#2: --game chooses a game, and #2 a formation: give one of them"
    "2|three.yaml --ply 3|pick.png|junqi-render: $tmp/three.yaml: --ply chooses a position of a game; a formation is drawn as it stands at the start"
    "2|three.yaml#3 --view east|pick.png|junqi-render: $tmp/three.yaml#3: the two-player board has no east seat"
)
for spec in "${form_errors[@]}"; do
    IFS='|' read -r want input out message <<<"$spec"
    rm -f "$tmp/$out"
    # shellcheck disable=SC2086
    run "$R" -o "$tmp/$out" "$tmp/"$input
    expect "$input -o $out: exit status, the message, no picture" "$want|$message|none" \
        "$rc|$(head -n 1 "$tmp/err")|$([ -e "$tmp/$out" ] && echo "written" || echo none)"
done
run "$R" -o "$tmp/pick.png" "$tmp/three.yaml#Iron%20Wall"
expect "#NAME as typed (no such formation): exit status" 2 "$rc"
run "$R" -o "$tmp/six.png" "$FORM/F06.yaml"
expect "a formation that breaks the rules: exit 1, its located errors, no picture" \
    "1|$FORM/F06.yaml:4:1: error: wrong number of engineers: 3 expected, found 2|  name: F06|none" \
    "$rc|$(head -n 2 "$tmp/err" | paste -sd'|')|$([ -e "$tmp/six.png" ] && echo written || echo none)"
# a YAML syntax error: the located error junqi-validate gives (it said 'the input holds no record')
printf 'name: x\nrows: [\n' >"$tmp/unclosed.yaml"
for input in unclosed.yaml unclosed.yaml#1; do
    run "$R" -o "$tmp/unclosed.png" "$tmp/$input"
    expect "$input, a YAML syntax error: exit 1, the located error, no picture" \
        "1|$tmp/unclosed.yaml:3:1: error: YAML: did not find expected node content while parsing a flow node|none" \
        "$rc|$err|$([ -e "$tmp/unclosed.png" ] && echo written || echo none)"
done
printf 'rows:\n  - [B, 1, 3, 2, 7]\n  - [x]\n' >"$tmp/broken.yaml"
for input in broken.yaml broken.yaml#1; do
    run "$R" -o "$tmp/broken.png" "$tmp/$input"
    expect "$input, a malformed formation: exit 1, the located error, no picture" \
        "1|yes|none" \
        "$rc|$(grep -qxF "$tmp/broken.yaml:3:6: error: 'x' is not a piece name (e.g. 司令, 军长, marshal, 9, B, L, F)" "$tmp/err" && echo yes)|$([ -e "$tmp/broken.png" ] && echo written || echo none)"
done

# --- the EXAMPLES of junqi-render(1), pasted into a fresh folder that holds the files
# they name: each works (the pages example wrote into a folder pages/ that nothing
# made: "cannot write: the folder pages does not exist")
mkdir -p "$tmp/manex"
cp "$JUNQI_ROOT/samples/qq/jgs-000689.jgs" "$tmp/manex/game.jgs"
"$JUNQI_BIN/junqi-replay" --to jgn "$tmp/manex/game.jgs" "$GAME" "$tmp/manex/game.jgs" >"$tmp/manex/games.jgn"
"$JUNQI_BIN/junqi-replay" --to jgn "$tmp/manex/game.jgs" >"$tmp/manex/annotated.jgn"
cp "$JUNQI_ROOT/samples/formations/F07.yaml" "$tmp/manex/F07.yaml"
{ cat "$JUNQI_ROOT/samples/formations/F07.yaml"; echo ---; cat "$JUNQI_ROOT/samples/formations/iron-wall.yaml"; } \
    >"$tmp/manex/formations.yaml"
sed -n '/^\.SH EXAMPLES/,/^\.SH/{/^\.nf/,/^\.fi/p}' "$JUNQI_ROOT/docs/man/junqi-render.1" |
    grep '^junqi-render' | sed 's/\\-/-/g' >"$tmp/manex.txt"
[ -s "$tmp/manex.txt" ] || fail "junqi-render(1): no EXAMPLES found"
while IFS= read -r line; do
    (cd "$tmp/manex" && PATH=$JUNQI_BIN:$PATH eval "$line") >/dev/null 2>"$tmp/manex.err"
    rc=$?
    expect "junqi-render(1)'s example '$line': exit status ($(head -n 1 "$tmp/manex.err"))" 0 "$rc"
done <"$tmp/manex.txt"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
