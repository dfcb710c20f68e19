#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/render-outputs.sh - where junqi-render's files go, as a new user
# met them in a break-test: --frames into a folder an earlier game filled
# (its pictures past this game's removed, and said), -o naming one of the
# --frames pictures (a usage error before anything is written), pages in a
# folder that is not there (one line naming the pattern), -o onto a loop of
# symbolic links (junqi-replay and junqi-analyze too: one code), --ply past
# the end of one game of several pages (a usage error before any page is
# written), and %% in an -o name that names one file.
#
# Environment (set by tests/run-tests): JUNQI_BIN = the directory of the
# tools, JUNQI_ROOT = the repository root. Prints one line per failed check
# and exits 1 if any check failed.
set -u

name=render-outputs.sh
. "$(dirname "$0")/lib"
R=$JUNQI_BIN/junqi-render
D=$JUNQI_ROOT/tests/data/qq
LONG=$D/jgs-001742.jgs  # 53 moves
SHORT=$D/jgs-002030.jgs # 13 moves
# a two-player position at ply 40 (docs/jgn.md's example)
POS2=".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -"
# three games of 53, 13 and 15 moves
"$JUNQI_BIN/junqi-replay" --to jgn "$LONG" "$SHORT" "$D/jgs-002724.jgs" >"$tmp/three.jgn" ||
    fail "cannot make three.jgn"

# the files of folder $1, one line
files() {
    (cd "$1" && LC_ALL=C ls -A | tr '\n' ' ')
}

# --- -o onto a loop of symbolic links: no file to write, the link kept -------
cd "$tmp" || exit 1
for cmd in "junqi-render --size 200 $SHORT --format png" "junqi-replay --to jgn $SHORT" \
    "junqi-analyze $SHORT"; do
    rm -f loop && ln -s loop loop
    # shellcheck disable=SC2086
    run "$JUNQI_BIN"/$cmd -o loop
    tool=${cmd%% *}
    expect "$tool -o onto a link to itself: exit status and message" \
        "3 $tool: loop: cannot write: Too many levels of symbolic links" "$rc $err"
    expect "$tool -o onto a link to itself: the link kept" "loop" "$(readlink loop)"
    rm -f a b && ln -s b a && ln -s a b
    # shellcheck disable=SC2086
    run "$JUNQI_BIN"/$cmd -o a
    expect "$tool -o onto links that lead round: exit status, links kept" "3 b a" "$rc $(readlink a) $(readlink b)"
done
rm -f loop && ln -s loop loop
run "$R" --size 200 "$SHORT" --frames loop
expect "--frames onto a link to itself" "3 junqi-render: loop: cannot create the folder: Too many levels of symbolic links" "$rc $err"
# a chain of links to nothing yet: the file at its end is written, every link stays one
rm -f a b c && ln -s b a && ln -s c b
run "$JUNQI_BIN/junqi-replay" --to jgn "$SHORT" -o a
expect "-o onto a chain of links to nothing: the file at its end written" "0 b c yes" \
    "$rc $(readlink a) $(readlink b) $([ -f c ] && [ ! -L c ] && echo yes)"
rm -f a b c loop
cd - >/dev/null || exit 1

# --- --frames into a folder an earlier, longer game filled ------------------
cd "$tmp" || exit 1
run "$R" --size 200 "$LONG" --frames fx
expect "--frames fx of 53 moves" "0 54" "$rc $(ls fx | wc -l)"
touch fx/notes.txt fx/0070.png fx/00060.png fx/0020.svg
run "$R" --size 200 "$SHORT" --frames fx
expect "--frames fx of 13 moves after 53: the earlier run's pictures past 0013.png removed, and said" \
    "0 junqi-render: fx: removed 40 pictures of an earlier run, fx/0014.png to fx/0053.png" "$rc $err"
expect "--frames fx of 13 moves after 53: what is left (no other file removed)" \
    "$(printf '%s\n' $(printf '%04d.png ' $(seq 0 13)) 00060.png 0020.svg 0070.png notes.txt |
        LC_ALL=C sort | tr '\n' ' ')" "$(files fx)"
cmp -s fx/0013.png <("$R" --size 200 "$SHORT" -o -) || fail "--frames fx: 0013.png is not the short game's end"
run "$R" --size 200 "$SHORT" --frames fx --ply 11
expect "--frames fx --ply 11 after 13: two removed" \
    "0 junqi-render: fx: removed 2 pictures of an earlier run, fx/0012.png to fx/0013.png" "$rc $err"
mkdir fx/0012.png
# the run stops at the first name that is no picture of ours (a folder of that name)
run "$R" --size 200 "$SHORT" --frames fx --ply 10
expect "--frames fx --ply 10: one removed, a folder of a picture's name kept" \
    "0 junqi-render: fx: removed fx/0011.png, a picture of an earlier run yes" \
    "$rc $err $([ -d fx/0012.png ] && echo yes)"
run "$R" --size 200 "$SHORT" --frames fx --ply 10
expect "--frames fx again: nothing removed, nothing said" "0 " "$rc $err"
# a record from a set position at ply 40: the pictures before 0040.png go too
rm -rf fx && mkdir fx && touch fx/0000.png fx/0001.png fx/0039.png fx/0041.png
run "$R" --size 200 --position "$POS2" --frames fx
expect "--frames of a position at ply 40 after an earlier run" \
    "0 junqi-render: fx: removed fx/0039.png, a picture of an earlier run
junqi-render: fx: removed fx/0041.png, a picture of an earlier run|0000.png 0001.png 0040.png " "$rc $err|$(files fx)"
rm -rf fx
# -o naming a picture of the earlier run past this run's last: -o writes it, so it is
# not removed, nor counted, nor named (the run goes on past it, -o's file fills its place)
for case in 0020:"39 pictures of an earlier run, fx/0014.png to fx/0053.png" \
    0014:"39 pictures of an earlier run, fx/0015.png to fx/0053.png" \
    0053:"39 pictures of an earlier run, fx/0014.png to fx/0052.png"; do
    o=fx/${case%%:*}.png
    "$R" --size 200 "$LONG" --frames fx 2>/dev/null
    run "$R" --size 200 "$SHORT" --frames fx -o "$o"
    expect "--frames fx -o $o after 53 moves: -o's file neither counted nor named" \
        "0 junqi-render: fx: removed ${case#*:} 15 yes" \
        "$rc $err $(ls fx | wc -l) $(cmp -s "$o" fx/0013.png && echo yes)"
    rm -rf fx
done
# through a symbolic link -o writes the picture, which is left out; a hard link is
# another name, which -o replaces: the picture stays the earlier run's and is removed
"$R" --size 200 "$LONG" --frames fx 2>/dev/null
ln -s fx/0020.png link.png
run "$R" --size 200 "$SHORT" --frames fx -o link.png
expect "--frames fx -o link.png (to fx/0020.png): 0020.png written through the link" \
    "0 junqi-render: fx: removed 39 pictures of an earlier run, fx/0014.png to fx/0053.png 15 fx/0020.png yes" \
    "$rc $err $(ls fx | wc -l) $(readlink link.png) $(cmp -s fx/0020.png fx/0013.png && echo yes)"
rm -rf fx link.png
"$R" --size 200 "$LONG" --frames fx 2>/dev/null
ln fx/0020.png hard.png
run "$R" --size 200 "$SHORT" --frames fx -o hard.png
expect "--frames fx -o hard.png (fx/0020.png's other name): 0020.png removed" \
    "0 junqi-render: fx: removed 40 pictures of an earlier run, fx/0014.png to fx/0053.png 14 yes" \
    "$rc $err $(ls fx | wc -l) $(cmp -s hard.png fx/0013.png && echo yes)"
rm -rf fx hard.png
# -o's name, missing from the earlier run's pictures, is no gap: -o's file fills it
"$R" --size 200 "$LONG" --frames fx --ply 20 2>/dev/null && rm fx/0015.png
run "$R" --size 200 "$SHORT" --frames fx -o fx/0015.png
expect "--frames fx -o fx/0015.png, 0015.png missing: the pictures past it removed" \
    "0 junqi-render: fx: removed 6 pictures of an earlier run, fx/0014.png to fx/0020.png 15" \
    "$rc $err $(ls fx | wc -l)"
"$R" --size 200 "$LONG" --frames fx --ply 20 2>/dev/null
run "$R" --size 200 "$SHORT" --frames fx -o fx/0014.png --ply 12
expect "--frames fx --ply 12 -o fx/0014.png: 0013.png removed and 0015.png to 0020.png" \
    "0 junqi-render: fx: removed 7 pictures of an earlier run, fx/0013.png to fx/0020.png 14" \
    "$rc $err $(ls fx | wc -l)"
rm -rf fx
# a record from a set position at ply 40: -o naming a picture before 0040.png
mkdir fx && touch fx/0038.png fx/0039.png
run "$R" --size 200 --position "$POS2" --frames fx -o fx/0039.png
expect "--frames of a position at ply 40 -o fx/0039.png: 0038.png removed, 0039.png written" \
    "0 junqi-render: fx: removed fx/0038.png, a picture of an earlier run|0039.png 0040.png yes" \
    "$rc $err|$(files fx)$(cmp -s fx/0039.png fx/0040.png && echo yes)"
rm -rf fx
# the input itself named as a picture past this run's, among an earlier run's: the
# removal of the earlier run's pictures stops at it, the record kept (it was removed)
mkdir fx && touch fx/0014.png fx/0015.png fx/0017.png && cp "$SHORT" fx/0016.png
run "$R" --size 200 fx/0016.png --frames fx
expect "--frames fx of the record fx/0016.png after an earlier run: the record kept" \
    "0 junqi-render: fx: removed 2 pictures of an earlier run, fx/0014.png to fx/0015.png|0016.png 0017.png yes" \
    "$rc $err|$(files fx | sed 's/^.*0013.png //')$(cmp -s fx/0016.png "$SHORT" && echo yes)"
# the same read from standard input, which has no name to compare: by the file it is (it
# was removed, exit 0)
rm -rf fx && mkdir fx && touch fx/0014.png fx/0015.png fx/0017.png && cp "$SHORT" fx/0016.png
run "$R" --size 200 --frames fx - <fx/0016.png
expect "--frames fx - <fx/0016.png (the record) after an earlier run: the record kept" \
    "0 junqi-render: fx: removed 2 pictures of an earlier run, fx/0014.png to fx/0015.png|0016.png 0017.png yes" \
    "$rc $err|$(files fx | sed 's/^.*0013.png //')$(cmp -s fx/0016.png "$SHORT" && echo yes)"
# standard input from a file that a picture would be written over: a usage error, as by its name
rm -rf fx && mkdir fx && cp "$SHORT" fx/0003.png
run "$R" --size 200 --frames fx - <fx/0003.png
expect "--frames fx - <fx/0003.png: a usage error, the record kept" \
    "2 junqi-render: fx/0003.png would be written over the input <stdin>, the record it is drawn from: choose another name|0003.png yes" \
    "$rc $(head -n 1 "$tmp/err")|$(files fx)$(cmp -s fx/0003.png "$SHORT" && echo yes)"
cp "$SHORT" rec.jgs
run "$R" --size 200 -o rec.jgs --format png - <rec.jgs
expect "-o rec.jgs - <rec.jgs: a usage error, the record kept" \
    "2 junqi-render: rec.jgs would be written over the input <stdin>, the record it is drawn from: choose another name yes" \
    "$rc $(head -n 1 "$tmp/err") $(cmp -s rec.jgs "$SHORT" && echo yes)"
cp "$SHORT" rec.html
run "$R" -o rec.html - <rec.html
expect "-o rec.html - <rec.html (one page): a usage error, the record kept" \
    "2 junqi-render: rec.html would be written over the input <stdin>, the record it is drawn from: choose another name yes" \
    "$rc $(head -n 1 "$tmp/err") $(cmp -s rec.html "$SHORT" && echo yes)"
rm -rf fx rec.jgs rec.html
cd - >/dev/null || exit 1

# --- -o naming one of the --frames pictures: a usage error, nothing written ---
cd "$tmp" || exit 1
run "$R" --size 200 "$SHORT" --frames fx -o fx/0001.png
expect "-o fx/0001.png --frames fx: a usage error, no folder made" \
    "2 junqi-render: -o fx/0001.png and --frames fx name one file, fx/0001.png (the picture of ply 1): choose another name no" \
    "$rc $(head -n 1 "$tmp/err") $([ -e fx ] && echo yes || echo no)"
# a name that resolves to a picture only once the folder is made (.., a link to it)
ln -s fx fxlink
for o in fx/../fx/0001.png fxlink/0002.png; do
    run "$R" --size 200 "$SHORT" --frames fx -o "$o"
    expect "-o $o --frames fx (a new folder): a usage error, no folder left" \
        "2 yes no" \
        "$rc $(head -n 1 "$tmp/err" | grep -q ' name one file, fx/000[12].png' && echo yes) $([ -e fx ] && echo yes || echo no)"
done
rm fxlink
run "$R" --size 200 "$SHORT" --frames fx -o fx/end.png
expect "-o fx/end.png --frames fx (a new folder): the pictures and -o" "0 15" "$rc $(ls fx | wc -l)"
cmp -s fx/end.png fx/0013.png || fail "-o fx/end.png is not the last position"
sum=$(cat fx/* | cksum)
ln -s fx/0003.png link.png
ln fx/0004.png hard.png
for case in ./fx//0001.png:1 fx/0013.png:13 link.png:3 hard.png:4; do
    o=${case%:*} ply=${case#*:}
    run "$R" --size 200 "$SHORT" --frames fx/ -o "$o"
    expect "-o $o --frames fx/: a usage error, nothing written" \
        "2 junqi-render: -o $o and --frames fx/ name one file, fx/$(printf %04d "$ply").png (the picture of ply $ply): choose another name $sum" \
        "$rc $(head -n 1 "$tmp/err") $(cat fx/* | cksum)"
done
# a picture that cannot be written is left out, and -o is written all the same (it was
# dropped without a word)
rm -rf fz && mkdir -p fz/0002.png
run "$R" --size 200 "$SHORT" --frames fz -o end.png
expect "--frames fz (fz/0002.png a folder) -o end.png: exit 3, one line, -o written" \
    "3 junqi-render: fz/0002.png: cannot write: Is a directory 14 yes" \
    "$rc $err $(ls fz | wc -l) $(cmp -s end.png fz/0013.png && echo yes)"
rm -rf fz end.png
run "$R" --size 200 "$SHORT" --frames fy -o nodir/x.png
expect "-o in a missing folder with --frames fy: exit 3, no folder fy left" "3 no" \
    "$rc $([ -e fy ] && echo yes || echo no)"
rm -rf fx fy link.png hard.png
cd - >/dev/null || exit 1

# --- pages (and --split parts) in one folder that is not there: one line naming -o ---
for cmd in "junqi-render:$tmp/nodir/p-%n.html" "junqi-replay --split 1 --to jgn:$tmp/nodir/p-%n.jgn"; do
    o=${cmd#*:} cmd=${cmd%%:*}
    # shellcheck disable=SC2086
    run "$JUNQI_BIN"/$cmd "$tmp/three.jgn" -o "$o"
    expect "$cmd -o $o: one line naming the pattern, exit 3, no folder made" \
        "3 ${cmd%% *}: $o: cannot write: the folder $tmp/nodir does not exist no" \
        "$rc $err $([ -e "$tmp/nodir" ] && echo yes || echo no)"
done
touch "$tmp/file"
run "$R" "$tmp/three.jgn" -o "$tmp/file/p-%n.html"
expect "pages in a file's name as a folder: one line" \
    "3 junqi-render: $tmp/file/p-%n.html: cannot write: $tmp/file is not a folder" "$rc $err"
# a folder named by the number: each page's own (said for each)
run "$R" "$tmp/three.jgn" -o "$tmp/nodir%n/p.html"
expect "pages in folders of their own that are not there: one line each" "3 3" "$rc $(grep -c 'does not exist' <<<"$err")"

# --- parts and pages an earlier, longer run left past this run's: kept, and said once -------
# (a warning: exit status unchanged); only names exactly of the pattern, in an unbroken run
# of numbers on from this run's last, as --frames finds an earlier run's pictures
cd "$tmp" || exit 1
RP=$JUNQI_BIN/junqi-replay
mkdir lp && touch lp/p-4.jgn lp/p-5.jgn lp/p-6.jgn lp/p-8.jgn lp/p-04.jgn lp/p-7.txt
run "$RP" --split 1 -o 'lp/p-%n.jgn' three.jgn
expect "--split 1 (3 parts) after a longer run: the leftovers said, none removed" \
    "0 junqi-replay: lp/p-4.jgn and 2 more parts of lp/p-%n.jgn are left from an earlier run; this run's last part is lp/p-3.jgn|p-04.jgn p-1.jgn p-2.jgn p-3.jgn p-4.jgn p-5.jgn p-6.jgn p-7.txt p-8.jgn " \
    "$rc $err|$(files lp)"
rm lp/p-5.jgn
run "$RP" --split 1 -o 'lp/p-%n.jgn' three.jgn
expect "--split 1, one part left past this run's (then a gap)" \
    "0 junqi-replay: lp/p-4.jgn, a part of lp/p-%n.jgn, is left from an earlier run; this run's last part is lp/p-3.jgn" \
    "$rc $err"
run "$RP" --split 1 --select 'moves>=1000' -o 'lp/p-%n.jgn' three.jgn
expect "--split 1 keeping no game: the earlier run's parts are all left" \
    "0 junqi-replay: lp/p-1.jgn and 3 more parts of lp/p-%n.jgn are left from an earlier run; this run wrote no part" \
    "$rc $err"
run "$RP" --split 3 -o 'lp/p-%n.jgn' three.jgn
expect "--split 3 (one part) after 4: three left" \
    "0 junqi-replay: lp/p-2.jgn and 2 more parts of lp/p-%n.jgn are left from an earlier run; this run's last part is lp/p-1.jgn" \
    "$rc $err"
rm -f lp/*.jgn && touch lp/p-4.jgn && cp three.jgn lp/p-5.jgn && touch lp/p-6.jgn
# (an input named as a part is a usage error, and so is standard input's file, told by the file
# it is, before anything is written or said of leftovers)
run "$RP" --split 1 -o 'lp/p-%n.jgn' - <lp/p-5.jgn
expect "--split 1 of standard input from lp/p-5.jgn: a usage error, before any part or leftover" \
    "2 junqi-replay: -o lp/p-%n.jgn: part 5 would be written over the input <stdin>, whose games it is made from: choose other names|p-4.jgn p-5.jgn p-6.jgn" \
    "$rc $(head -1 <<<"$err")|$(cd lp && echo *.jgn)"
rm -rf lp && mkdir lp && touch lp/4.jgn lp/5.jgn
run "$RP" --split 1 -o lp/ three.jgn
expect "--split 1 -o lp/ after a longer run" \
    "0 junqi-replay: lp/4.jgn and 1 more part of lp/ are left from an earlier run; this run's last part is lp/3.jgn" \
    "$rc $err"
run "$RP" --split 1 -o lp/ three.jgn --to json
expect "--split --to json: parts .jsonl, of which none is left" "0 " "$rc $err"
touch lp/4.html lp/p-4.html lp/p-5.html
run "$R" three.jgn -o lp/
expect "pages -o lp/ after a longer run" \
    "0 junqi-render: lp/4.html, a page of lp/, is left from an earlier run; this run's last page is lp/3.html" \
    "$rc $err"
run "$R" three.jgn -o 'lp/p-%n.html'
expect "pages -o lp/p-%n.html after a longer run: kept, said" \
    "0 junqi-render: lp/p-4.html and 1 more page of lp/p-%n.html are left from an earlier run; this run's last page is lp/p-3.html|yes" \
    "$rc $err|$([ -f lp/p-5.html ] && echo yes)"
run "$R" three.jgn --game 2 -o 'lp/p-%n.html'
expect "pages --game 2: one page of the file's, nothing said of the others" "0 " "$rc $err"
rm -rf lp
cd - >/dev/null || exit 1

# --- --ply past the end of one game of several pages: a usage error before any page -------
# (as junqi-replay --ply -o leaves no file), from a file, standard input or a pipe alike
mkdir "$tmp/pages"
echo old >"$tmp/pages/p-1.html"
for input in file stdin pipe; do
    case $input in
    file) run "$R" --ply 40 -o "$tmp/pages/p-%n.html" "$tmp/three.jgn" ;;
    stdin) run "$R" --ply 40 -o "$tmp/pages/p-%n.html" <"$tmp/three.jgn" ;;
    pipe) run "$R" --ply 40 -o "$tmp/pages/p-%n.html" <(cat "$tmp/three.jgn") ;;
    esac
    where=$tmp/three.jgn
    [ $input = file ] || where="<stdin>"
    [ $input = pipe ] && where=$(head -n 1 "$tmp/err" | sed 's/^junqi-render: \([^:]*\):.*/\1/')
    expect "--ply 40 -o p-%n.html, game 2 of 13 moves ($input): exit 2, named, no page written" \
        "2 junqi-render: $where: game 2 (line 28): --ply 40 is past the end: the game has 13 moves|p-1.html old" \
        "$rc $(head -n 1 "$tmp/err")|$(files "$tmp/pages")$(cat "$tmp/pages/p-1.html")"
done
for input in file stdin pipe; do
    rm -f "$tmp/pages/"*
    case $input in
    file) run "$R" --ply 13 -o "$tmp/pages/p-%n.html" "$tmp/three.jgn" ;;
    stdin) run "$R" --ply 13 -o "$tmp/pages/p-%n.html" <"$tmp/three.jgn" ;;
    pipe) run "$R" --ply 13 -o "$tmp/pages/p-%n.html" <(cat "$tmp/three.jgn") ;;
    esac
    expect "--ply 13 -o p-%n.html ($input): every page, opening at ply 13" \
        "0 p-1.html p-2.html p-3.html |3" "$rc $(files "$tmp/pages")|$(grep -l '"open":{"ply":13,' "$tmp/pages/"* | wc -l)"
done
# one page's name for several games: the usage error alone, before any page is tried (it
# said first that the page could not be written where -o was a folder or in a missing one)
mkdir "$tmp/afolder"
for o in "$tmp/afolder" "$tmp/nodir/one.html" "$tmp/pages/one.html"; do
    run "$R" --format html "$tmp/three.jgn" -o "$o"
    expect "-o $o for three games: the usage error alone" \
        "2 junqi-render: $tmp/three.jgn holds more than one game: put %n in the page's name (-o game-%n.html) or give a folder (-o DIR/)|Try 'junqi-render --help' for more information.|no" \
        "$rc $(paste -sd'|' "$tmp/err")|$([ -e "$tmp/pages/one.html" ] && echo yes || echo no)"
done

# --- a page that would be written over the input: a usage error, nothing written -----------
# (as junqi-replay --split's parts: the input named as page 1, or a link named as a page in
# the pages' folder leading to it, was replaced by that page, exit 0)
mkdir "$tmp/over" && cp "$tmp/three.jgn" "$tmp/over/p-1.html" && cp "$tmp/three.jgn" "$tmp/over/in.jgn"
ln -s in.jgn "$tmp/over/2.html"
sum=$(cat "$tmp/over/"* | cksum)
for case in "p-%n.html|p-1.html|1|p-1.html" "./|in.jgn|2|in.jgn"; do
    IFS='|' read -r o input k named <<<"$case"
    run env -C "$tmp/over" "$R" "$input" -o "$o"
    expect "pages -o $o from $input: a usage error, nothing written" \
        "2 junqi-render: -o $o: page $k would be written over the input $named, whose games it is made from: choose other names|$sum|2.html in.jgn p-1.html " \
        "$rc $(head -n 1 "$tmp/err")|$(cat "$tmp/over/"* | cksum)|$(files "$tmp/over")"
done
# ... and standard input redirected from the file page 1 or 2 would be (named -, or /dev/stdin):
# page 1 was written over it, the record replaced by a page (exit 0), where the same input named
# was refused, and so was one page over standard input's file (-o rec.html - < rec.html)
for case in "p-%n.html|p-1.html|1" "./|2.html|2"; do
    IFS='|' read -r o from k <<<"$case"
    for in in - /dev/stdin; do
        [ -e "$in" ] || [ "$in" = - ] || continue
        run env -C "$tmp/over" "$R" "$in" -o "$o" <"$tmp/over/$from"
        expect "pages -o $o from $in < $from: a usage error naming <stdin>, nothing written" \
            "2 junqi-render: -o $o: page $k would be written over the input $([ "$in" = - ] && echo '<stdin>' || echo "$in"), whose games it is made from: choose other names|$sum|2.html in.jgn p-1.html " \
            "$rc $(head -n 1 "$tmp/err")|$(cat "$tmp/over/"* | cksum)|$(files "$tmp/over")"
    done
done
# a picture over the input: -o naming it, or a --frames picture that is a link to it (the
# record was replaced by the picture, exit 0)
cp "$SHORT" "$tmp/over/game.jgs" && mkdir "$tmp/over/fx" && ln -s ../game.jgs "$tmp/over/fx/0003.png"
for args in "--format png -o game.jgs|game.jgs" "--frames fx|fx/0003.png" "--frames fx -o end.png|fx/0003.png" \
    "--format html -o game.jgs|game.jgs"; do
    IFS='|' read -r opts named <<<"$args"
    cp "$SHORT" "$tmp/over/game.jgs"
    # shellcheck disable=SC2086 # $opts is words on purpose
    run env -C "$tmp/over" "$R" --size 200 game.jgs $opts
    expect "$opts on game.jgs: a usage error, nothing written" \
        "2 junqi-render: $named would be written over the input game.jgs, the record it is drawn from: choose another name|yes|fx/0003.png " \
        "$rc $(head -n 1 "$tmp/err")|$(cmp -s "$SHORT" "$tmp/over/game.jgs" && echo yes)|$(cd "$tmp/over" && ls -d end.png fx/* 2>/dev/null | tr '\n' ' ')"
done

# --- %% in an -o that names one file: one percent sign, as in a pattern of several ---------
start=$PWD
mkdir "$tmp/pc" && cd "$tmp/pc" || exit 1
run "$R" --size 200 "$SHORT" -o 'a%%b.png'
run "$R" "$SHORT" -o 'c%%d.html'
run "$R" "$SHORT" -o 'e%%n.html' # a literal %n: one page
run "$R" "$SHORT" -o 'f%n.html'  # a pattern of one game
run "$R" --size 200 "$SHORT" -o 'g%x.png'
run "$JUNQI_BIN/junqi-replay" --to jgn "$SHORT" -o 'h%%i.jgn'
expect "%% in a single -o name (junqi-render's picture and page, junqi-replay's -o)" \
    "a%b.png c%d.html e%n.html f1.html g%x.png h%i.jgn " "$(files .)"
run "$JUNQI_BIN/junqi-replay" --to jgn "$SHORT" -o 'j%n.jgn'
expect "junqi-replay -o j%n.jgn without --split: a usage error, no file" \
    "2 junqi-replay: -o j%n.jgn: %n numbers the parts of --split N; a file of its own is named without it (%% is one %)|a%b.png c%d.html e%n.html f1.html g%x.png h%i.jgn " \
    "$rc $(head -n 1 "$tmp/err")|$(files .)"
cd "$start" && rm -rf "$tmp/pc"

# --- a --frames folder whose pictures' names are too long for the system (4,096 bytes) ------
# each picture said a name cut to fit ("fx/0000.pn: cannot write: File name too long")
long=$tmp/$(printf 'd%.0s' {1..200})
for _ in {1..18}; do long=$long/$(printf 'd%.0s' {1..200}); done
long=$long/$(printf 'e%.0s' $(seq $((4090 - ${#long} - 1))))
mkdir -p "$long/.." && run "$R" --size 200 "$SHORT" --frames "$long" -o "$tmp/long-end.png"
expect "--frames DIR of 4,090 bytes: one line naming DIR, -o written" \
    "3 junqi-render: $long: cannot write: File name too long yes" \
    "$rc $err $([ -s "$tmp/long-end.png" ] && echo yes)"

# --- a folder where no file can be made (read-only): said once, not once per file ----------
# (each picture, page or part said "cannot write: Permission denied", 54 lines for 53 moves);
# as root, which may write anywhere, the tools run as nobody, from a copy of them and their
# libraries in $tmp (the clone may be in a folder that only root may enter, as /root is)
as=() tools=$JUNQI_BIN short=$SHORT
if [ "$(id -u)" = 0 ]; then
    as=(setpriv --reuid=65534 --regid=65534 --clear-groups) tools=$tmp/tree/bin short=$tmp/short.jgs
    chmod 755 "$tmp" && mkdir "$tmp/tree" && cp -a "$JUNQI_BIN" "$tools" && cp "$SHORT" "$short" &&
        { [ ! -d "$JUNQI_BIN/../lib" ] || cp -a "$JUNQI_BIN/../lib" "$tmp/tree/lib"; }
fi
if ! "${as[@]}" "$tools/junqi-render" --version >/dev/null 2>&1; then
    skip "read-only folders: running as root, and nobody cannot run a copy of the tools (setpriv)"
else
    mkdir "$tmp/ro" "$tmp/rw" && chmod 555 "$tmp/ro" && chmod 777 "$tmp/rw"
    for cmd in "junqi-render --size 200 $short -o $tmp/rw/end.png --frames|$tmp/ro" \
        "junqi-render $tmp/three.jgn -o|$tmp/ro/" "junqi-render $tmp/three.jgn -o|$tmp/ro/p-%n.html" \
        "junqi-replay --to jgn --split 1 $tmp/three.jgn -o|$tmp/ro/" \
        "junqi-replay --to jgn --split 1 $tmp/three.jgn -o|$tmp/ro/p-%n.jgn"; do
        o=${cmd#*|} cmd=${cmd%|*}
        # shellcheck disable=SC2086 # $cmd is words on purpose
        run "${as[@]}" "$tools"/$cmd "$o"
        expect "${cmd%% *} ... ${cmd##* } $o (read-only): one line, exit 3" \
            "3 ${cmd%% *}: $o: cannot write: Permission denied" "$rc $err"
    done
    expect "--frames into a read-only folder: -o written all the same" "yes" \
        "$(cmp -s "$tmp/rw/end.png" <("$R" --size 200 "$SHORT" -o -) && echo yes)"
    chmod 755 "$tmp/ro"
fi

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
