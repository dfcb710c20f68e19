#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/engine.sh - junqi-analyze --engine, the line protocol of
# docs/protocol.md, driven through pipes:
#   - junqi lists the options and ends with junqiok; isready answers readyok;
#   - Nodes and --nodes take 3000000000 (counts are 64 bits on every
#     platform); 2^63 and past it are range errors that say the range;
#   - position pos / jgn (one line, and lines up to a line 'end') / file /
#     moves, and go: info lines with depth, score, winprob, nodes, nps, time
#     and pv, then a legal bestmove; the same commands give the same moves,
#     with 1 thread or 2;
#     position X moves Y equals position X then position moves Y;
#   - go infinite runs until stop: isready is answered during the search,
#     and stop ends it with a bestmove before the readyok of a later
#     isready (how fast is measured by scripts/protocol-latency, not here);
#   - the transcript of docs/protocol.md up to its go infinite;
#   - bad commands (unknown command, bad option values, bad go parameters,
#     a position with an illegal move or one no game could have given (an
#     info line when it comes after the ply asked for), a word glued to a
#     quoted path, go without a position, position
#     during a search) each get one error line, and the engine keeps its
#     position and goes on; what an error line quotes of a long command
#     is cut (64 bytes, between characters); a line longer than 64 MiB is
#     an error line, read in bounded memory;
#   - position file of a FIFO, a character device or a folder is an error
#     line at once (it held the engine, or read without end);
#   - the end of the input waits for the search; quit ends at once;
#   - usage errors of --engine exit 2.
#
# Environment (set by tests/run-tests): JUNQI_BIN = the directory of the
# tools, JUNQI_ROOT = the repository root. Prints one line per failed check
# and a summary; exits 1 if any check failed.
set -u

name=engine.sh
. "$(dirname "$0")/lib"
A=$JUNQI_BIN/junqi-analyze
R=$JUNQI_ROOT/tests/data/perft/replays
G=$R/jgs-000029.jgs

pos40=$("$JUNQI_BIN/junqi-replay" --ply 40 --format pos "$G")
after=$("$JUNQI_BIN/junqi-replay" --ply 42 --format pos "$G")

# the protocol's answer to a script of commands (standard input ends after it)
engine() { printf '%s\n' "$@" | "$A" --engine 2>"$tmp/stderr"; }

# identification and options
out=$(engine junqi isready)
expect "junqi: first line" "id name junqi-analyze" "$(head -n 1 <<<"$out" | cut -d' ' -f1-3)"
expect "junqi: the options" "Threads Hash Level Nodes Samples View Seed MultiPV" \
    "$(awk '$1 == "option" {printf "%s%s", sep, $3; sep = " "}' <<<"$out")"
expect "junqi: ends with junqiok, then readyok" "junqiok readyok" "$(tail -n 2 <<<"$out" | tr '\n' ' ' | sed 's/ $//')"

# words after a command that takes none are ignored (docs/protocol.md, "Lines and words"): isready is
# answered, quit ends the engine before the isready after it
expect "isready x, newgame y, stop z, quit now: readyok, and nothing after quit" "readyok" \
    "$(engine "isready x" "newgame y" "stop z" "quit now" "isready")"

# junqi lists the defaults, as UCI's uci does, not the values setoption gave since (it listed
# Threads 3 as the default after setoption name Threads value 3)
sets=("setoption name Threads value 3" "setoption name Hash value 8" "setoption name Level value expert"
    "setoption name Nodes value 9" "setoption name Samples value 2" "setoption name View value mover"
    "setoption name Seed value 5" "setoption name MultiPV value 2")
expect "junqi after setoption: the same defaults" "$(engine junqi)" "$(engine "${sets[@]}" junqi)"
expect "junqi, started with --threads 2: its default is 2" "option name Threads type spin default 2 min 1 max 64" \
    "$(printf 'setoption name Threads value 5\njunqi\n' | "$A" --engine --threads 2 | grep 'name Threads')"

# counts are 64 bits on every platform (they were long, 32 bits on i386 and armhf, where Nodes
# above 2^31 could not be set): Nodes 3000000000 is taken by setoption and as --nodes, which junqi
# lists as its default, and by go; 2^63 and past it are range errors that say the range
expect "Nodes 3000000000: taken by setoption and --nodes, listed as the default" \
    "option name Nodes type spin default 3000000000 min 0 max 1000000000000" \
    "$(printf '%s\n' "setoption name Nodes value 3000000000" junqi | "$A" --engine --nodes 3000000000 |
        grep '^error\|name Nodes')"
out=$(engine "position pos $pos40" "go nodes 3000000000 depth 1")
expect "go nodes 3000000000 depth 1: no error, a move" "0 bestmove" \
    "$(grep -c '^error' <<<"$out") $(tail -n 1 <<<"$out" | cut -d' ' -f1)"
expect "Nodes, go nodes and go movetime at 2^63 and past it: range errors that say the range" \
"error setoption: Nodes takes a number from 0 to 1000000000000, not '9223372036854775808'
error setoption: Nodes takes a number from 0 to 1000000000000, not '18446744073709551616'
error go: nodes takes a number from 1 to 1000000000000, not '9223372036854775808'
bestmove (none)
error go: movetime takes a number from 1 to 86400000, not '9223372036854775807'
bestmove (none)" \
    "$(engine "setoption name Nodes value 9223372036854775808" "setoption name Nodes value 18446744073709551616" \
        "position pos $pos40" "go nodes 9223372036854775808" "go movetime 9223372036854775807")"
run "$A" --engine --nodes 9223372036854775808 </dev/null
expect "--nodes 2^63: a usage error that says the range (it said 'a positive number')" \
    "2 junqi-analyze: --nodes takes a number from 1 to 1000000000000, not '9223372036854775808'" \
    "$rc $(head -n 1 <<<"$err")"
run "$A" --go --movetime 86400001 "$G"
expect "--movetime past a day: a usage error that says the range (it said 'takes milliseconds')" \
    "2 junqi-analyze: --movetime takes a number from 1 to 86400000, not '86400001'" "$rc $(head -n 1 <<<"$err")"

# a position string and a search: info lines, then a legal bestmove
out=$(engine "position pos $pos40" "go nodes 80000")
best=$(awk '$1 == "bestmove" {print $2}' <<<"$out")
legal=$("$A" --perft 1 --divide --format json --position "$pos40" | jq -r --arg m "$best" '.divide | has($m)')
expect "go nodes: a legal bestmove ($best)" true "$legal"
expect "go: bestmove is the last line" "bestmove $best" "$(tail -n 1 <<<"$out")"
info=$(grep -m 1 '^info depth' <<<"$out")
for key in depth score winprob nodes nps time pv; do
    checks=$((checks + 1))
    grep -q " $key " <<<"$info " || fail "info line without '$key': $info"
done
total=$(grep '^info depth .* samples' <<<"$out" | sed 's/.* nodes \([0-9]*\) .*/\1/')
checks=$((checks + 1))
# (the budget is shared by the samples; each sample completes depth 1 of
# both phases of analysis.h whatever its share, so the budget must leave a
# sample more than that)
[ "${total:-0}" -ge 80000 ] && [ "$total" -lt 82000 ] || fail "go nodes 80000: the summary counts $total nodes"
again=$(engine "position pos $pos40" "go nodes 80000" | grep -v '^info' )
expect "the same commands give the same move" "bestmove $best" "$again"
strip() { grep '^info depth .* samples\|^bestmove' | sed 's/ nps [0-9]* time [0-9]*//'; }
one=$(engine "position pos $pos40" "go nodes 40000" | strip)
two=$(engine "setoption name Threads value 2" "position pos $pos40" "go nodes 40000" | strip)
expect "Threads 2: the same summary and move as 1 thread" "$one" "$two"
# each sample's lines: the same, in the order the threads finish them, with the running node total
persample() { grep ' sample ' | sed 's/ nodes [0-9]* nps [0-9]* time [0-9]*//' | sort; }
one=$(engine "position pos $pos40" "go nodes 40000" | persample)
two=$(engine "setoption name Threads value 2" "position pos $pos40" "go nodes 40000" | persample)
expect "Threads 2: the same per-sample lines as 1 thread, nodes aside" "$one" "$two"

# moves with outcomes appended, at once or later; a record line; a file
m41=$("$JUNQI_BIN/junqi-replay" --to jgn "$G" | tr '\n' ' ' | grep -o ' 41\. [^ ]* 42\. [^ ]*' | sed 's/ 4[12]\.//g')
one=$(engine "position pos $pos40 moves$m41" "setoption name View value all" "go depth 3" | tail -n 1)
two=$(engine "position pos $pos40" "position moves$m41" "setoption name View value all" "go depth 3" | tail -n 1)
three=$(engine "position pos $after" "setoption name View value all" "go depth 3" | tail -n 1)
four=$(engine "position file $G ply 42" "setoption name View value all" "go depth 3" | tail -n 1)
expect "position pos X moves Y = position moves Y later" "$one" "$two"
expect "position ... moves = the position after them" "$one" "$three"
expect "position file PATH ply N = the same position" "$one" "$four"
# position file PATH game N: the Nth game of a file of several; without game N, game 1 and an info line
"$JUNQI_BIN/junqi-replay" --to jgn "$R/jgs-000150.jgs" "$G" >"$tmp/two.jgn"
five=$(engine "position file $tmp/two.jgn game 2 ply 42" "setoption name View value all" "go depth 3" | tail -n 1)
expect "position file PATH game 2 ply N = the second game's position" "$one" "$five"
expect "position file of two games, no game N: one info line" \
    "info string the file holds more than one game; game 1 is used (game N after the path chooses another)" \
    "$(engine "position file $tmp/two.jgn ply 42" "position file $G" "position file $tmp/two.jgn game 1")"
# a path with blanks and quotes, in double quotes with \" inside (a path was one blank-free word)
mkdir -p "$tmp/my games"
cp "$tmp/two.jgn" "$tmp/my games/two \"q\".jgn"
six=$(engine "position file \"$tmp/my games/two \\\"q\\\".jgn\" game 2 ply 42" "setoption name View value all" \
    "go depth 3" | tail -n 1)
expect "position file \"PATH WITH BLANKS\" game 2 ply N = the same position" "$one" "$six"
expect "position file with a quote never closed: an error line" \
    "error position: file: the path's quote is never closed with '\"'" \
    "$(engine "position file \"$tmp/my games/two.jgn game 2")"
# a word glued to the closing quote is refused as other malformed commands are (ply 5 was taken)
expect "position file \"PATH\"ply N: an error line, the position before kept" \
"error position: file: a blank must follow the path's closing quote, not 'ply'
error position: file: a blank must follow the path's closing quote, not 'game'
$(engine "position pos $pos40" "setoption name View value all" "go depth 1" | tail -n 1)" \
    "$(engine "position pos $pos40" "position file \"$tmp/my games/two \\\"q\\\".jgn\"ply 5" \
        "position file \"$tmp/my games/two \\\"q\\\".jgn\"game 2 ply 42" "setoption name View value all" "go depth 1" |
        grep -v '^info')"
# (a number past the end whatever its size: from 100000001 on it said "game takes a game's number";
# one too large to count is quoted as sent: it said game 18446744073709551615, SIZE_MAX)
expect "position file PATH game N: bad numbers and words are error lines" \
"error position: game 3 is past the end: the file holds 2 games
error position: game 100000001 is past the end: the file holds 2 games
error position: game 99999999999999999999 is past the end: the file holds 2 games
error position: game takes a game's number, from 1, not '0'
error position: unknown word 'bla' after the path $tmp/two.jgn (game N, then ply N; a path with blanks is written in double quotes)" \
    "$(engine "position file $tmp/two.jgn game 3" "position file $tmp/two.jgn game 100000001" \
              "position file $tmp/two.jgn game 99999999999999999999" \
              "position file $tmp/two.jgn game 0" "position file $tmp/two.jgn game 2 bla")"
# a file of formations holds no game: the count says so (it said "the file holds 1 game")
cp "$JUNQI_ROOT/samples/formations/F01.yaml" "$tmp/formation.yaml"
expect "position file FORMATIONS game N: the error line counts the formations" \
"error position: game 2 is past the end: the file holds 1 formation and no game
error position: a formation, not a game record" \
    "$(engine "position file $tmp/formation.yaml game 2" "position file $tmp/formation.yaml game 1")"
# a file that cannot be read: the reason in the error line, said there alone (it was also said on
# standard error, "junqi-analyze: PATH: REASON", and the error line had no reason)
expect "position file of a missing file, a folder or an empty name (said ''): one error line each, with the reason" \
"error position: $tmp/missing.jgn cannot be read: No such file or directory
error position: $tmp cannot be read: it is a directory, not a regular file
error position: '' cannot be read: No such file or directory
readyok" \
    "$(engine "position file $tmp/missing.jgn game 2" "position file $tmp" 'position file ""' "isready")"
expect "position file of a file that cannot be read: nothing on standard error" "" "$(cat "$tmp/stderr")"
# a FIFO, a character device and a symbolic link to one: refused at once, as they are no regular
# file (a FIFO held the engine until it had a writer, /dev/zero was read without end; timeout
# ends a regression: 124)
mkfifo "$tmp/fifo"
ln -s /dev/zero "$tmp/zero.jgn"
out=$(printf '%s\n' "position file $tmp/fifo" "position file /dev/zero game 2" "position file $tmp/zero.jgn ply 3" \
    isready | timeout 20 "$A" --engine 2>"$tmp/stderr"; echo "rc $?")
expect "position file of a FIFO, /dev/zero or a link to it: an error line each, the protocol goes on" \
"error position: $tmp/fifo cannot be read: it is a FIFO, not a regular file
error position: /dev/zero cannot be read: it is a character device, not a regular file
error position: $tmp/zero.jgn cannot be read: it is a character device, not a regular file
readyok
rc 0|" "$out|$(cat "$tmp/stderr")"
# memory that runs out before a position string can be read is said in the error line, as for
# position jgn, and nothing on standard error (it said "junqi-analyze: out of memory" there, and
# "error position: the record cannot be read"): a line of 20 MB under an address space of 45 MB,
# where getline's buffer for it (30 MiB, doubled from 120 bytes) fits and the copy of its text
# does not (AddressSanitizer's shadow memory does not fit such a limit: not under make asan)
if [ "${JUNQI_SANITIZE:-0}" != 1 ]; then
    { printf 'position pos '; head -c 20000000 /dev/zero | tr '\0' x; printf '\nisready\n'; } >"$tmp/huge.txt"
    out=$( (ulimit -v 46080; exec "$A" --engine) <"$tmp/huge.txt" 2>"$tmp/stderr")
    expect "position pos when memory runs out: the error line, the protocol goes on, nothing on standard error" \
        "error position: out of memory
readyok|" "$out|$(cat "$tmp/stderr")"
fi
# a word after ply N is refused, not ignored (ply 42 game 2 took game 1); "-" would read the protocol itself
expect "position file PATH ply N WORD and position file -: error lines, the protocol goes on" \
"error position: unknown word 'game' after the path $tmp/two.jgn (game N, then ply N; a path with blanks is written in double quotes)
error position: ply takes a ply of the record, from 0 to 0, not ''
error position: file takes a path: standard input carries the protocol
readyok" \
    "$(engine "position file $tmp/two.jgn ply 42 game 2" "position file $JUNQI_ROOT/samples/match/setups.jgn game 2 ply" "position file - game 2" "isready")"
# a path with a blank, unquoted: the error named the word after the blank alone, not the path it
# took ("unknown word 'games/a.jgn' after the path (game N, ply N)"), nor how such a path is written
expect "position file with an unquoted blank in the path: the path taken, and the quotes to use" \
"error position: unknown word 'games/two.jgn' after the path $tmp/my (game N, then ply N; a path with blanks is written in double quotes)" \
    "$(engine "position file $tmp/my games/two.jgn")"

# ply N numbers plies as the record does, as --ply does: a record from a set position at ply 40
# has plies 40 to 43 (it was the moves after the start, so ply 2 took the position after move 42)
printf '[Board "two-player"]\n[Rules "standard,mode=open"]\n[Position "%s"]\n\n%s\n' \
    ".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -" \
    "41. b11-b10 42. e7-e2 43. b10-b9 *" >"$tmp/from40.jgn"
expect "position file PATH ply N of a record from ply 40: ply 42 is after move 42, as --ply 42" \
    "$(engine "position pos $("$JUNQI_BIN/junqi-replay" --ply 42 --format pos "$tmp/from40.jgn")" "go depth 2" |
        sed 's/ nps.*pv/ pv/')" \
    "$(engine "position file $tmp/from40.jgn ply 42" "go depth 2" | sed 's/ nps.*pv/ pv/')"
expect "position file PATH ply N outside a set position's plies: the tools' messages" \
"error position: ply 39 is before the record's start: it starts from a set position at ply 40 and has plies 40 to 43
error position: ply 44 is past the end: the record has plies 40 to 43 (3 moves from a set position)
error position: ply 99999999999999999999 is past the end: the record has plies 40 to 43 (3 moves from a set position)
error position: ply takes a ply of the record, from 40 to 43, not 'x'
readyok" \
    "$(engine "position file $tmp/from40.jgn ply 39" "position file $tmp/from40.jgn ply 44" \
        "position file $tmp/from40.jgn ply 99999999999999999999" \
        "position file $tmp/from40.jgn ply x" "isready")"

# a path that names the protocol's input, a pipe: refused as - is (the record was read from the
# commands after it, which were lost)
out=$( (echo "position file /dev/stdin"; sleep 1; echo isready) | "$A" --engine)
expect "position file /dev/stdin: an error line, the protocol goes on" \
    "error position: /dev/stdin is the protocol's own input: its commands would be read as a record
readyok" "$out"

# one seat's view record (south's, cut after 29 moves, south to move; east takes no part in this game), on one line and as lines
# (the record of a game going on: Result "*", no Termination or score)
line=$("$JUNQI_BIN/junqi-replay" --view south --to jgn "$G" | tr '\n' ' ' |
    sed -e 's/ 30\. .*/ */' -e 's/\[Result "[^"]*"\]/[Result "*"]/' -e 's/ \[\(Termination\|QQScore\) "[^"]*"\]//g')
sed -e 's/\] \[/]\n[/g' -e 's/\]  /]\n\n/' <<<"$line" >"$tmp/south.jgn"
a=$(engine "position jgn $line" "go nodes 4000" | tail -n 1)
b=$( (echo "position jgn"; cat "$tmp/south.jgn"; echo end; echo "go nodes 4000") | "$A" --engine | tail -n 1)
c=$("$A" --go --nodes 500 --format json "$tmp/south.jgn" | jq -r '"bestmove " + .bestmove')
expect "the view record: 29 moves" 29 "$("$JUNQI_BIN/junqi-replay" --format json "$tmp/south.jgn" | jq .ply)"
expect "a view record on one line and on lines: the same move" "$a" "$b"
checks=$((checks + 1))
case "$a" in "bestmove "[a-q]*-*) ;; *) fail "a view record: no bestmove ($a)" ;; esac
expect "--go on the same view record has a move too" "bestmove" "${c%% *}"
# ... at north's turn it does not hold what north knew: an error line (it was played with south's
# knowledge standing in for north's), as junqi-analyze --go refuses it
expect "south's view record at north's turn: an error line, no move" \
"error go: north is to move, and the record does not show north's pieces: what that seat knew is not in it
bestmove (none)" "$(engine "position file $tmp/south.jgn ply 28" "go nodes 4000" | grep -v '^info')"

# a record no game could have given is refused at position, as junqi-validate refuses it, and the
# engine keeps the position it had (it was taken, and go answered "error go: no assignment of the
# hidden pieces agrees with the record" and bestmove (none)): south's view after 14 moves of
# jgs-000689 and 15. g6xf7, as a position string with moves, as south's record on one line, and
# added by position moves
Q=$JUNQI_ROOT/samples/qq/jgs-000689.jgs
pv14=$("$JUNQI_BIN/junqi-replay" --ply 14 --view south --format pos "$Q")
south15=$("$JUNQI_BIN/junqi-replay" --view south --to jgn "$Q" | tr '\n' ' ' |
    sed -e 's/ 15\. .*/ 15. g6xf7 */' -e 's/\[Result "[^"]*"\]/[Result "*"]/' -e 's/ \[\(Termination\|QQScore\) "[^"]*"\]//g')
noone="no identities of the hidden pieces agree with the record up to this move: no game could have given it (no-assignment)"
south="no identities of the hidden pieces agree with south's record up to this move: no game could have given it (no-assignment)"
kept=$(engine "position file $Q ply 10" "go depth 1" | grep -v '^info')
expect "a record no game could have given: an error line each, the position before kept" \
"error position: move 15: $noone
error position: move 15: $south
$kept" \
    "$(engine "position file $Q ply 10" "position pos $pv14 moves 15. g6xf7" "position jgn $south15" "go depth 1" |
        grep -v '^info')"
expect "the same moves added by position moves: an error line, the position before kept" \
"error position: move 15: $noone
$(engine "position pos $pv14" "go depth 1" | grep -v '^info')" \
    "$(engine "position pos $pv14" "position moves 15. g6xf7" "go depth 1" | grep -v '^info')"
sed -e 's/\] \[/]\n[/g' -e 's/\]  /]\n\n/' <<<"$south15" >"$tmp/south15.jgn"
run "$JUNQI_BIN/junqi-validate" --format json "$tmp/south15.jgn"
expect "junqi-validate refuses the same record: exit 1, no-assignment" "1 no-assignment" \
    "$rc $(jq -r 'select(.severity == "error") | .code' <<<"$out")"
expect "position file of that record, ply 12: the later error in an info line, as a broken rule's" \
    "info string the record breaks the rules later, at move 15: $south; the position after move 12 is used
readyok" "$(engine "position file $tmp/south15.jgn ply 12" isready)"

# go infinite runs until stop; isready is answered while it searches
coproc ENG { "$A" --engine 2>/dev/null; }
eng_pid=$ENG_PID # bash unsets ENG_PID once the engine ends
eng_in=${ENG[1]} eng_out=${ENG[0]}
echo "position pos $pos40" >&"$eng_in"
echo "setoption name View value all" >&"$eng_in"
echo "go infinite" >&"$eng_in"
reached=0 # wait for depth 3 (60 s only against hangs)
while [ "$reached" -lt 3 ] && read -r -t 60 l <&"$eng_out"; do
    case "$l" in info\ depth\ *) reached=$(cut -d' ' -f3 <<<"$l") ;; esac
done
expect "go infinite: info lines while searching, to depth 3" 3 "$reached"
echo isready >&"$eng_in"
ready=none
while read -r -t 5 l <&"$eng_out"; do
    case "$l" in readyok) ready=readyok; break ;; bestmove*) ready="$l"; break ;; esac
done
expect "isready during a search: readyok before any bestmove" readyok "$ready"
# answer COMMAND: send it to the searching engine; the first error or bestmove line it writes
answer() {
    echo "$1" >&"$eng_in"
    local l
    while read -r -t 5 l <&"$eng_out"; do
        case "$l" in error* | bestmove*) echo "$l"; return ;; esac
    done
    echo none
}
expect "position during a search" "error position: a search is running: send stop first" \
    "$(answer "position pos $after")"
# a go refused during a search gets no bestmove of its own: the one that follows is the search's
expect "go during a search" "error go: a search is running: send stop first" "$(answer "go depth 1")"
# a position jgn refused during a search takes the lines of its record with it, up to 'end': they
# were read as commands, an error line each ('error [Board: unknown command ...', 'error end: ...')
printf '%s\n' "position jgn" '[Board "two-player"]' '' '{ a note' 'stop' '}' '*' end isready >&"$eng_in"
seen=""
while read -r -t 5 l <&"$eng_out"; do
    case "$l" in info*) ;; readyok) seen="$seen|readyok"; break ;; *) seen="$seen|$l" ;; esac
done
expect "position jgn during a search: one error line, its record's lines dropped up to 'end'" \
    "|error position: a search is running: send stop first|readyok" "$seen"
# stop ends the search: its bestmove comes before the readyok of an isready sent
# after it. Speed is not checked here (scripts/protocol-latency measures it);
# the 60 s wait only keeps a hung engine from hanging the suite.
echo stop >&"$eng_in"
echo isready >&"$eng_in"
order="" last=""
while read -r -t 60 l <&"$eng_out"; do
    case "$l" in
    info\ depth\ *) last=$l ;;
    bestmove*) order="$order bestmove"; best=${l#bestmove } ;;
    readyok) order="$order readyok"; break ;;
    esac
done
expect "stop, then isready: one bestmove, then readyok" " bestmove readyok" "$order"
# the answer is the deepest search's (not a search begun after the stop)
checks=$((checks + 1))
[ "$(cut -d' ' -f3 <<<"$last")" -ge "$reached" ] || fail "stop: the last info line is shallower than depth $reached: $last"
expect "stop: bestmove is the first move of the last info line's pv" "$best" "$(sed 's/.* pv \([^ ]*\).*/\1/' <<<"$last")"
echo quit >&"$eng_in"
wait "$eng_pid"
expect "quit: exit status 0" 0 "$?"

# the transcript of docs/protocol.md, replayed up to its go infinite (whose
# depth depends on the machine): the engine writes every line shown, but for
# the version in its id line (that of --version), the lines cut (…) and the
# per-sample info lines; of the summary info line and bestmove only the form
# (the figures and moves of a search follow the evaluation, which changes)
awk '/^## Transcript/ {t = 1} t && /^```/ {if (++n == 2) exit; next} t && n == 1' \
    "$JUNQI_ROOT/docs/protocol.md" | sed '/^> go infinite/,$d' >"$tmp/transcript"
version=$("$A" --version | awk '{print $NF}')
shown() { grep -v '^info depth [0-9]* sample \|^…' | sed -E -e 's/^id name junqi-analyze .*/id name junqi-analyze (version)/' \
    -e 's/ (depth|samples|cp|winprob|spread|nodes|nps|time) -?[0-9.]+/ \1 N/g' -e 's/ pv [a-q][0-9]+-[a-q][0-9]+( .*)?$/ pv LINE/' \
    -e 's/^bestmove [a-q][0-9]+-[a-q][0-9]+$/bestmove MOVE/'; }
coproc ENG { cd "$JUNQI_ROOT" && "$A" --engine 2>/dev/null; }
eng_pid=$ENG_PID eng_in=${ENG[1]} eng_out=${ENG[0]}
: >"$tmp/said"
while IFS= read -r l; do
    case "$l" in "> "*) echo "${l#> }" >&"$eng_in" ;; *) continue ;; esac
    case "$l" in "> go"*)
        while read -r -t 60 r <&"$eng_out"; do
            echo "$r" >>"$tmp/said"
            case "$r" in bestmove*) break ;; esac
        done ;;
    esac
done <"$tmp/transcript"
echo isready >&"$eng_in" # its readyok ends what the transcript's commands write
while read -r -t 60 r <&"$eng_out" && [ "$r" != readyok ]; do
    echo "$r" >>"$tmp/said"
done
echo quit >&"$eng_in"
wait "$eng_pid"
checks=$((checks + 1))
grep -q '^bestmove [a-q]' "$tmp/said" || fail "the transcript: no search was replayed: $(cat "$tmp/said")"
expect "the transcript: the id line's version is --version's" "id name junqi-analyze $version" \
    "$(head -n 1 "$tmp/said")"
expect "the transcript: the engine's lines" "$(sed -n 's/^< //p' "$tmp/transcript" | shown)" \
    "$(shown <"$tmp/said")"

# bad commands: one error line each, and the engine goes on with its position
out=$(engine "go" "hello" "setoption name Level value hard" "setoption name Threads value 0" \
    "setoption name Colour value red" "setoption Level" "position pos $pos40" \
    "position moves a1-a2" "position moves h1-h2" "position pos nonsense" "position sideways" \
    "go nodes" "go depth 0" "go ponder" "setoption name View value all" "isready" "go depth 2")
expect "bad commands: one error line each" 13 "$(grep -c '^error ' <<<"$out")"
# a go that cannot search still gets its bestmove, (none), right after its error line, so that
# a program waiting for one does not wait for its timeout: go, go nodes, go depth 0, go ponder
expect "a go that cannot search: error line, then bestmove (none)" 4 \
    "$(grep -A 1 '^error go' <<<"$out" | grep -c '^bestmove (none)$')"
checks=$((checks + 1))
case "$(tail -n 1 <<<"$out")" in "bestmove "[a-q]*) ;; *) fail "the last go: no move: $(tail -n 1 <<<"$out")" ;; esac
expect "go without a position" "error go: no position: send position first" "$(grep -m 1 '^error' <<<"$out")"
checks=$((checks + 1))
grep -q "^error hello: unknown command" <<<"$out" || fail "an unknown command: $out"
expect "a bad level: the alternatives end in or" "error setoption: Level takes easy, normal, default or expert, not 'hard'" \
    "$(grep -m 1 '^error setoption: Level' <<<"$out")"
# a setoption of the wrong shape said only "write: setoption name NAME value VALUE", not what was
# wrong with it: now the missing value, the name of two words and the value of two are named, and
# a line with no name says what the command is (its "write:" read as a failed write)
expect "setoption of the wrong shape: what is wrong is said" \
"error setoption: the command is setoption name NAME value VALUE
error setoption: the command is setoption name NAME value VALUE
error setoption: Threads needs a value: setoption name Threads value VALUE
error setoption: Threads needs a value: setoption name Threads value VALUE
error setoption: an option's name is one word, not 'Multi PV' (known: Threads, Hash, Level, Nodes, Samples, View, Seed, MultiPV)
error setoption: Threads takes one word as its value; '3' follows it
error setoption: the command is setoption name NAME value VALUE
readyok" \
    "$(engine "setoption" "setoption value 2" "setoption name Threads" "setoption name Threads value" \
        "setoption name Multi PV value 2" "setoption name Threads value 2 3" "setoption name value 2" "isready")"
checks=$((checks + 1))
grep -q "^error position: move 41: south's flag on h1 moves.*(not-its-turn)" <<<"$out" ||
    fail "an illegal move, the first after ply 40 (move 41, as its record numbers it): $(grep '^error position' <<<"$out")"
expect "after the errors: readyok and a search of the last good position" "readyok" "$(grep -m 1 readyok <<<"$out")"
# a command of bytes that are not UTF-8 (Latin-1, a stray continuation byte), and a
# control character: the error line quotes them as \xNN and stays valid UTF-8
bad=$(engine "$(printf 'g\351t\200\033 go')" "isready")
expect "undecodable bytes: the error line escapes them" 'error g\xe9t\x80\x1b: unknown command' \
    "$(grep -m 1 '^error' <<<"$bad" | cut -d' ' -f1-4)"
checks=$((checks + 1))
iconv -f UTF-8 -t UTF-8 <<<"$bad" >/dev/null 2>&1 || fail "undecodable bytes: the engine's output is not UTF-8: $bad"
# a NUL byte inside a line: the line is refused whole, not read up to the NUL
nul=$(printf 'go\000 movetime 5\nisready\n' | "$A" --engine 2>/dev/null)
expect "a NUL byte in a line: an error line, the line ignored, the engine goes on" \
    'error go: the line holds a NUL byte (\x00), which no command takes: it is ignored
readyok' "$nul"
# ... at its start: the line has no command word, and the error line names none (it said 'error : ')
nul=$(printf '\000go\nisready\n' | "$A" --engine 2>/dev/null)
expect "a NUL byte first in a line: 'error: ', no empty command name" \
    'error: the line holds a NUL byte (\x00), which no command takes: it is ignored
readyok' "$nul"
# a go parameter given twice is refused, as a tool's option given twice is (the last value counted)
twice=$(engine "go nodes 5 nodes 6" "go infinite infinite" "isready")
expect "go with a parameter twice: an error line and bestmove (none), each" \
    "error go: nodes is given twice: a go takes each parameter once
bestmove (none)
error go: infinite is given twice: a go takes each parameter once
bestmove (none)
readyok" "$(grep -v '^info' <<<"$twice")"
# a line ends in LF or CRLF, with blanks before it or not; a CR inside a line is one of its bytes
# (the line was cut at it: Seed took 5 and dropped the rest silently)
crlf=$(printf 'isready \t\r\nsetoption name Seed value 5\rjunk\r\ngo\rdepth 1\nisready\n' | "$A" --engine)
expect "CRLF, trailing blanks and a CR inside a line" "readyok
error setoption: Seed takes a number from 0 to 2147483647, not '5\\x0djunk'
error go\\x0ddepth: unknown command (known: junqi, isready, newgame, setoption, position, go, stop, quit)
readyok" "$crlf"
# what an error line quotes of the input is cut after 64 bytes, between characters, then "...":
# a line of 10 MB of garbage was echoed back whole (a line of 10 MB); 军 is 3 bytes, so 21 are kept
junk=$(printf '%070d' 0 | tr 0 x)
jun=$(printf '军%.0s' $(seq 30)) jun21=$(printf '军%.0s' $(seq 21))
{ head -c 10000000 /dev/zero | tr '\0' x; printf '\n%s\nsetoption name Level value x%s\nposition file %s/%s\n' \
    "$jun" "$jun" "$tmp" "$junk"; echo isready; } >"$tmp/garbage.txt"
quoted=$("$A" --engine <"$tmp/garbage.txt" 2>/dev/null)
expect "a long unknown command, value or path: quoted in part, cut between characters" \
"error ${junk:0:64}...: unknown command (known: junqi, isready, newgame, setoption, position, go, stop, quit)
error $jun21...: unknown command (known: junqi, isready, newgame, setoption, position, go, stop, quit)
error setoption: Level takes easy, normal, default or expert, not 'x$jun21...'
error position: $tmp/$junk cannot be read: No such file or directory
readyok" "$quoted"
best=$(tail -n 1 <<<"$out" | cut -d' ' -f2)
legal=$("$A" --perft 1 --divide --format json --position "$pos40" | jq -r --arg m "$best" '.divide | has($m)')
expect "after the errors: a legal move of the kept position" true "$legal"

# Threads x Hash past the machine's memory: go is an error line and bestmove (none) (each search clears its table whole
# when it starts, and the system killed the engine). Where the machine has less than 256 GiB, and
# under a limit of address space, so that an engine that tried would fail rather than take the
# machine's memory (not under make asan, whose shadow memory does not fit the limit)
mem=$(awk '/^MemTotal:/ {print int($2 / 1024)}' /proc/meminfo 2>/dev/null)
if [ "${JUNQI_SANITIZE:-0}" != 1 ] && [ -n "$mem" ] && [ "$mem" -lt 262144 ]; then
    out=$(printf '%s\n' "setoption name Hash value 4096" "setoption name Threads value 64" "position pos $pos40" \
        "go depth 1" "setoption name Threads value 1" "setoption name Hash value 1" "go depth 1" |
        (ulimit -v 4194304; exec "$A" --engine) 2>&1)
    expect "go with Threads x Hash past the machine's memory: an error line; then, lowered, a search" \
        "error go: Threads 64 x Hash 4096 MiB is 262144 MiB, more than the machine's N MiB of memory: lower Hash or Threads
bestmove (none)
bestmove MOVE" "$(sed -e "s/machine's [0-9]* MiB/machine's N MiB/" <<<"$out" | grep -v '^info' |
            sed 's/^bestmove [a-q].*/bestmove MOVE/')"
fi

# stop without a search, and again after one: nothing
expect "stop without a search: nothing" "readyok" "$(engine stop stop isready)"

# a finished game has no move
fin=$("$JUNQI_BIN/junqi-replay" --format pos "$JUNQI_ROOT/samples/qq/jgs-000689.jgs")
out=$(engine "position pos $fin" "go")
expect "a finished game" "bestmove (none)" "$(tail -n 1 <<<"$out")"
checks=$((checks + 1))
grep -q '^info string the game is over: north-south' <<<"$out" || fail "a finished game: $out"
# a seat to move with no movable piece is out, and here its enemy has won, as --go says: the line
# said "unfinished" (the position's result, before the search found it over)
stuck='NLFL../.L.../...../...../...../...../...../...../...../...../...../.SF..9'
for setup in "position pos $stuck n 0 10 -" "position pos $stuck s 0 10 - moves e1-e2"; do
    expect "$setup: the game is over, as --go says" \
        "info string the game is over: south won (no movable piece)|bestmove (none)" \
        "$(engine "$setup" go | paste -sd '|')"
done
expect "--go on the same position" "bestmove (none)|the game is over: south won (no movable piece)" \
    "$("$A" --go --position "$stuck n 0 10 -" | paste -sd '|')"

# levels answer through the protocol
for level in easy expert; do
    out=$(engine "setoption name Level value $level" "position pos $pos40" "go nodes 3000" | tail -n 1)
    checks=$((checks + 1))
    case "$out" in "bestmove "[a-q]*-*) ;; *) fail "Level $level: $out" ;; esac
done

# usage
"$A" --engine "$G" </dev/null >/dev/null 2>&1
expect "--engine with a file: usage error" 2 "$?"
"$A" --engine --format json </dev/null >/dev/null 2>&1
expect "--engine --format json: usage error" 2 "$?"
"$A" --level hard --go "$G" >/dev/null 2>&1
expect "--level hard: usage error" 2 "$?"
out=$("$A" --engine --level expert --threads 2 </dev/null; echo "rc $?")
expect "--engine with no commands" "rc 0" "$out"

# a record that breaks the rules after the ply asked for: its position is
# used, with an info line that says where the record goes wrong
out=$(engine "position file $JUNQI_ROOT/tests/data/corrupt/rail-turn.jgs ply 5" \
    "position file $JUNQI_ROOT/tests/data/corrupt/rail-turn.jgs ply 9")
expect "an illegal move after ply N: an info line, then at ply 9 an error line" \
    "info string the record breaks the rules later, at move 9: captain cannot turn at k12 on the way from j12 to k13 (rail-turn); the position after move 5 is used
error position: move 9: captain cannot turn at k12 on the way from j12 to k13 (rail-turn)" "$out"

# a multi-line record larger than the readers' 64 MiB: an error line, the
# lines dropped up to its `end`, and the commands after it still commands
out=$( (printf 'position jgn\n'; yes '{a comment of eighty bytes, repeated past the limit of a game record .....}' |
    head -c 70000000; printf '\nend\nisready\n') | "$A" --engine)
expect "a record past 64 MiB: one error line, then the next command is answered" \
    "error position: the record is larger than 64 MiB: it is dropped up to its line 'end' (game-too-large)
readyok" "$out"

# a line longer than 64 MiB, a command's or a record's: an error line, the line read to its end and
# dropped, and the next command answered, in bounded memory (getline read it whole: under 128 MiB
# of address space its buffer of 128 MiB could not be had, and the engine ended silently as at the
# end of its input; AddressSanitizer's shadow memory does not fit the limit: not under make asan)
x100=$(printf '%0100d' 0 | tr 0 x)
{ printf 'position pos '; yes "$x100" | tr -d '\n' | head -c 100000000; printf '\nisready\nposition jgn\n'
  yes "$x100" | tr -d '\n' | head -c 100000000; printf '\nend\nisready\n'; } >"$tmp/long.txt"
limit=0
[ "${JUNQI_SANITIZE:-0}" != 1 ] && limit=131072
out=$( ([ "$limit" = 0 ] || ulimit -v "$limit"; exec "$A" --engine) <"$tmp/long.txt" 2>&1)
expect "a line longer than 64 MiB: an error line, then the next command is answered" \
    "error position: the line is longer than 64 MiB: it is ignored
readyok
error position: the record is larger than 64 MiB: it is dropped up to its line 'end' (game-too-large)
readyok" "$out"
rm -f "$tmp/long.txt"

# the engine's start values may give Samples and Seed with View all: setoption may change View later
out=$("$A" --engine --view all --samples 2 --seed 5 </dev/null; echo "rc $?")
expect "--engine --view all --samples 2 --seed 5: accepted (start values)" "rc 0" "$out"

# a one-line record of 60 MB is read under 700 MB of address space (the places of its tags took 8
# bytes for each byte of the line, 480 MB, and memory ran out; not under make asan)
if [ "${JUNQI_SANITIZE:-0}" != 1 ]; then
    { printf 'position jgn [Board "two-player"] {'; yes 'a comment of many words' | tr -d '\n' | head -c 60000000
      printf '} *\nisready\n'; } >"$tmp/oneline.txt"
    out=$( (ulimit -v 700000; exec "$A" --engine) <"$tmp/oneline.txt" 2>&1)
    expect "position jgn RECORD of 60 MB on one line: read in bounded memory" "readyok" "$out"
    rm -f "$tmp/oneline.txt"
fi

# an error in a one-line record is located on that line: 1:COLUMN of the record sent
rec='[Board "two-player"] [NorthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"] [SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"] 1. zz9-a1 *'
out=$(engine "position jgn $rec")
expect "position jgn RECORD: an error located at its column on the line" \
    "error position: 1:$(awk -v r="$rec" 'BEGIN { print index(r, "zz9") }'): 'zz9-a1' is not a move, event, number, NAG or result (bad-token)" "$out"
# a GBK record: its error's column counts characters, as in UTF-8 and in a file (it counted the
# bytes before the tag, 1:42 for 1:40), and a GBK character whose second byte is that of '\' (淺 is
# 9C 5C) ends no tag value early (the record was one tag: "a tag line holds one tag only")
# (the columns written out: awk's index() may count bytes)
for case in '40 [Board "two-player"] [Event "测试比赛"] 1. zz9-a1 *' \
    '56 [Board "two-player"] [Event "测试比赛"] [Site "水淺"] {淺} 1. zz9-a1 *'; do
    printf 'position jgn %s\n' "${case#* }" | iconv -f UTF-8 -t GBK >"$tmp/gbk.cmd"
    out=$("$A" --engine <"$tmp/gbk.cmd")
    expect "position jgn of a GBK record: the error's column in characters (${case#* })" \
        "error position: 1:${case%% *}: 'zz9-a1' is not a move, event, number, NAG or result (bad-token)" "$out"
done
# ... as junqi-validate counts them on a line of a GBK file
printf '[Board "two-player"]\n[Event "测试"]\n\n{测试比赛 淺水} 1. zz9-a1 *\n' | iconv -f UTF-8 -t GBK >"$tmp/gbk.jgn"
expect "a GBK file: the error's column in characters" "4:14" \
    "$("$JUNQI_BIN/junqi-validate" --format json "$tmp/gbk.jgn" | jq -r 'select(.code == "bad-token") | "\(.line):\(.column)"')"
# an error in the moves of a position command is located in its moves, 1:COLUMN from the first of
# them, whatever came before the word moves and the blanks after it (position file ... moves was
# one column further than position moves)
bad_moves="41. g7-g9 zz"
for cmd in "position file $G ply 40 moves $bad_moves" "position pos $pos40 moves   $bad_moves"; do
    out=$(engine "$cmd")
    expect "$(cut -d' ' -f1-2 <<<"$cmd") ... moves: the error's column in the moves" \
        "error position: 1:11: 'zz' is not a move, event, number, NAG or result (bad-token)" "$out"
done
out=$(engine "position jgn   $rec")
expect "position jgn, blanks before the record: the column counts from the record's first character" \
    "error position: 1:$(awk -v r="$rec" 'BEGIN { print index(r, "zz9") }'): 'zz9-a1' is not a move, event, number, NAG or result (bad-token)" "$out"
out=$(engine "position file $G ply 40" "position moves  $bad_moves")
expect "position moves: the error's column in the moves" \
    "error position: 1:11: 'zz' is not a move, event, number, NAG or result (bad-token)" "$out"

# position jgn with no record before end, or with two
out=$(engine "position jgn" "end" "isready")
expect "position jgn, then end at once: an error line that says so" \
    "error position: no record: the text holds no game
readyok" "$out"
# position jgn whose input ends before its line end: an error line, and the engine ends as at the
# end of its input (the lines were taken silently as a record)
out=$( (echo "position jgn"; "$JUNQI_BIN/junqi-replay" --to jgn "$G") | "$A" --engine 2>&1; echo "rc $?")
expect "position jgn, the input ends before end: an error line, exit 0" \
    "error position: the input ends before the record's line 'end': the record is dropped (truncated)
rc 0" "$out"
# a NUL byte in a record's lines is the reader's nul-byte error (the text was cut at it, and the
# record before it taken silently); a line 'end' with a NUL byte is no end
out=$(printf 'position jgn\n[Board "two-player"]\n[Event "x"]\0 [Site "y"]\n\n*\nend\nisready\n' | "$A" --engine)
expect "position jgn, a NUL byte in its lines: the nul-byte error" \
    "error position: 2:12: a NUL byte (0x00) in the text: JGN is UTF-8 text, so this game is not read (a binary file, or UTF-16?) (nul-byte)
readyok" "$out"
out=$(printf 'position jgn\n[Board "two-player"]\n\n*\nend\0\nisready\n' | "$A" --engine)
expect "position jgn, end with a NUL byte: no end" \
    "error position: the input ends before the record's line 'end': the record is dropped (truncated)" "$out"
two=$("$JUNQI_BIN/junqi-replay" --to jgn "$G")
out=$(printf 'position jgn\n%s\n\n%s\nend\nisready\n' "$two" "$two" | "$A" --engine)
expect "position jgn with two records: the first, and an info line" \
    "info string the text holds more than one game; the first is used
readyok" "$out"

# an output that cannot be written: one line with the reason, exit 3, and the
# engine stops at once instead of reading on (its input stays open 8 s; 124:
# timeout ended it)
if [ -w /dev/full ]; then
    timeout 5 "$A" --engine >/dev/full 2>"$tmp/full.err" < <(printf 'junqi\n'; exec sleep 8 2>/dev/null)
    expect "--engine > /dev/full: exit status 3, at once" 3 "$?"
    expect "--engine > /dev/full: one line, the reason" \
        "junqi-analyze: cannot write to standard output: No space left on device" "$(cat "$tmp/full.err")"
fi

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
