#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/match.sh - junqi-match on the bundled real setups
# (samples/match/setups.jgn), two junqi-analyze --engine processes at tiny
# node budgets:
#   - a four-player setup played twice (sides swapped): the summary counts 2
#     games, the JGN output holds both, valid, with the engines at their
#     seats and the setup's source; the games are the same when played
#     again and with two games at once;
#   - a two-player game from north's and south's setups;
#   - the JSON summary; a move limit adjudicates a draw;
#   - --rules: games on the rule set's board, its Rules tag, the pieces its
#     switches show written in the records (valid; no engine forfeits), the
#     setups checked under it (bomb_front_row); a bad rule string, or one
#     of another board than --board's, is a usage error;
#   - an engine that plays an illegal move, or never answers, forfeits; so
#     does one that ends between games (it is started again for the next),
#     the reason naming its exit status, or the signal of a crash;
#     what an engine says that is not UTF-8 reaches stderr and the records
#     as \xHH; an engine that ignores quit is killed with the shell that ran
#     it; one that stops reading its input forfeits at --timeout; an engine
#     that refuses an option, does not speak the protocol, is not found or
#     ends at once stops the match (exit 1), saying which;
#     usage errors exit 2 (an option or name with a control character, an
#     empty name), a missing setups file 3; --games past the setups left
#     plays those, with a note;
#   - --nodes 3000000000 reaches the go command (counts are 64 bits on
#     every platform); 2^63 is a range error that says the range.
#   - a match stopped by SIGINT, SIGTERM (two games at once, the signal sent
#     twice at once as GNU timeout does) or SIGHUP keeps the games that had
#     finished in -o and its summary, kills every engine, leaves no temporary
#     file and ends by the signal; with no game finished an earlier -o stays;
#     a second signal ends it at once, writing nothing.
#
# Requires jq. Environment (set by tests/run-tests): JUNQI_BIN = the
# directory of the tools, JUNQI_ROOT = the repository root. Prints one line
# per failed check and a summary; exits 1 if any check failed.
set -u

name=match.sh
. "$(dirname "$0")/lib"
M=$JUNQI_BIN/junqi-match
E="$JUNQI_BIN/junqi-analyze --engine"
S=$JUNQI_ROOT/samples/match/setups.jgn
V=$(sed -n 's/^VERSION *:= *//p' "$JUNQI_ROOT/Makefile") # the engines name themselves with it

need_jq

# one setup, both ways round, to the end
run "$M" --setups "$S" --games 1 --nodes 1200 -o "$tmp/a.jgn" "$E --level easy" "$E"
expect "a match: exit status" 0 "$rc"
expect "a match: two games" "junqi-analyze $V (1) vs junqi-analyze $V (2): 2 games" "$(head -n 1 <<<"$out" | cut -d, -f1)"
expect "a match: a line per game on stderr" 2 "$(grep -c '^junqi-match: game [12]/2' <<<"$err")"
"$JUNQI_BIN/junqi-validate" -q "$tmp/a.jgn"
expect "the games are valid records" 0 "$?"
expect "the games: two" 2 "$(grep -c '^\[Event "junqi-match"\]' "$tmp/a.jgn")"
expect "the games: the setup's source" '[SetupSource "qq-train/jgs-000003.jgs"]' "$(grep -m 1 SetupSource "$tmp/a.jgn")"
expect "game 1: engine 1 plays north and south" "[North \"junqi-analyze $V (1)\"] [East \"junqi-analyze $V (2)\"]" \
    "$(grep -m 2 -E '^\[(North|East) ' "$tmp/a.jgn" | tr '\n' ' ' | sed 's/ $//')"
expect "game 2: the sides swapped" "[North \"junqi-analyze $V (2)\"]" "$(grep '^\[North ' "$tmp/a.jgn" | tail -n 1)"
results=$(grep -c '^\[Result "\(north-south\|east-west\|draw\)"\]' "$tmp/a.jgn")
expect "both games finished" 2 "$results"

# the same games again, and with both games at once
# (a limit given twice sent go nodes 300 nodes 1200; then the last counted; now two values are a
# usage error, as for every option of one value (manners.sh), and the same value again is that value)
run "$M" --setups "$S" --games 1 --nodes 1200 --nodes 1200 --concurrency 2 -q -o "$tmp/b.jgn" "$E --level easy" "$E"
expect "two games at once: the same games" "$(md5sum <"$tmp/a.jgn")" "$(md5sum <"$tmp/b.jgn")"
expect "the go command in the records" '[Go "go nodes 1200"]' "$(grep -m 1 '^\[Go ' "$tmp/b.jgn")"
expect "--quiet: no line per game" "" "$err"

# two-player, JSON summary, a move limit
run "$M" --setups "$S" --skip 1 --games 1 --board two-player --nodes 800 --max-moves 30 --format json \
    -o "$tmp/c.jgn" "$E" "$E"
expect "two-player: exit status" 0 "$rc"
expect "two-player: JSON summary" '2 2 0 2 60' "$(jq -r '[.games, .draws, .forfeits, .adjudicated, .moves] | join(" ")' <<<"$out")"
expect "two-player records" 2 "$(grep -c '^\[Board "two-player"\]' "$tmp/c.jgn")"
expect "the move limit, in the record" 2 "$(grep -c 'adjudicated a draw: the move limit of 30' "$tmp/c.jgn")"
expect "the move limit's termination, in the record" 2 "$(grep -c '^\[Termination "adjudicated"\]' "$tmp/c.jgn")"
expect "the move limit's termination, in the JSON of the record" "adjudicated adjudicated" \
    "$("$JUNQI_BIN/junqi-replay" --to json "$tmp/c.jgn" | jq -r .result.reason | tr '\n' ' ' | sed 's/ $//')"
"$JUNQI_BIN/junqi-validate" -q "$tmp/c.jgn"
expect "two-player games are valid records" 0 "$?"

# a rule string: its board, shown pieces in every record (the engines read
# them in their seats' records), the Rules tag; setups checked under it
R=standard,reveal_on_combat=both
run "$M" --setups "$S" --games 1 --rules "$R" --nodes 600 --max-moves 80 --format json -o "$tmp/r.jgn" "$E" "$E"
expect "--rules: exit status" 0 "$rc"
expect "--rules: two games, no forfeit" "2 0" "$(jq -r '[.games, .forfeits] | join(" ")' <<<"$out")"
expect "--rules: the rule set's board and the Rules tag" "2 2" \
    "$(grep -c '^\[Board "two-player"\]' "$tmp/r.jgn") $(grep -c "^\[Rules \"$R\"\]" "$tmp/r.jgn")"
checks=$((checks + 1))
grep -q ' shown:[a-e][0-9]*:[A-Za-z0-9]' "$tmp/r.jgn" || fail "--rules $R: no move showed a piece"
"$JUNQI_BIN/junqi-validate" -q "$tmp/r.jgn"
expect "--rules: the games are valid records" 0 "$?"
# north's front row gets a bomb (B1823/5.2.9/...): refused unless bomb_front_row=allow
sed -n '1,9{s|"91823/5.2.B/|"B1823/5.2.9/|;p}' "$S" >"$tmp/bomb.jgn"
run "$M" --setups "$tmp/bomb.jgn" --board two-player --nodes 300 --max-moves 2 "$E" "$E"
expect "a bomb in the front row: no setup to play" 1 "$rc"
checks=$((checks + 1))
grep -q "north's setup: .*(under standard): not used" <<<"$err" || fail "a bomb in the front row: $err"
run "$M" --setups "$tmp/bomb.jgn" --rules standard,bomb_front_row=allow --nodes 300 --max-moves 2 "$E" "$E"
expect "a bomb in the front row under bomb_front_row=allow: played" "0 2 games" "$rc $(head -n 1 <<<"$out" | grep -o '2 games')"
# a two-player record on the four-player board, and a flip game's record, were 'the record has no
# setup for east (north)': what to change is said (break6 E2)
"$JUNQI_BIN/junqi-replay" --board two-player --setup south="$JUNQI_ROOT/samples/formations/F07.yaml" \
    --setup north="$JUNQI_ROOT/samples/formations/F13.yaml" >"$tmp/two.jgn"
run "$M" --setups "$tmp/two.jgn" --nodes 300 --max-moves 2 "$E" "$E"
expect "a two-player record without --board two-player: exit status" 1 "$rc"
expect "a two-player record without --board two-player: the board named" \
    "junqi-match: $tmp/two.jgn: a two-player record, and the games are on the four-player board (--board two-player plays its setups): not used" \
    "$(head -n 1 <<<"$err")"
run "$M" --setups "$JUNQI_ROOT/tests/data/flip/fanqi.jgn" --board two-player --nodes 300 --max-moves 2 "$E" "$E"
expect "a flip record as setups: exit status" 1 "$rc"
expect "a flip record as setups: named" \
    "junqi-match: $JUNQI_ROOT/tests/data/flip/fanqi.jgn: a flip game's record, which has no setups (junqi-match plays formation games): not used" \
    "$(head -n 1 <<<"$err")"
# engines that break the rules forfeit
cat >"$tmp/fake" <<'EOF'
#!/usr/bin/env bash
# answers the protocol, but its move is north's g6-g7; with "silent" it
# says nothing, with "garbled" a move of bytes that are not UTF-8, with
# "leaves" it ends at newgame, with "deaf" it does not end at quit, with
# "mute" it closes its input and output at go and sleeps, with "crash" it kills itself with
# SIGSEGV at go, with "bare" it answers 'bestmove' alone, with "nul" 'bestmove g6-g7<NUL>junk', with "longerror" an error line and a bestmove of 200 Chinese characters, with "tab" 'bestmove<TAB>g6-g7<TAB>'
# (and 'readyok<TAB>'), with "trail" 'bestmove g6-g7  ', with "pipe" it names its SIGPIPE; "deaf" and
# "silent" do not end when their input ends; with "longname" its id is 50 Chinese characters, with "blankid" blanks; a second argument names a
# file for its pid
[ -n "${2:-}" ] && echo $$ >"$2"
while read -r cmd rest; do
    case $cmd in
    junqi) # with "pipe" its name says whether it started with SIGPIPE ignored (bit 13 of SigIgn)
        name=fake
        [ "${1:-}" = longname ] && name=$(printf '军%.0s' $(seq 50)) # 150 bytes, past the 127 kept
        [ "${1:-}" = blankid ] && name='  '
        [ "${1:-}" = pipe ] && name="fake, SIGPIPE $( (($(printf '%d' "0x$(awk '/^SigIgn/ {print $2}' "/proc/$$/status")") & 4096)) &&
            echo ignored || echo default)"
        echo "id name $name"; echo junqiok ;;
    isready) [ "${1:-}" = tab ] && printf 'readyok\t\n' || echo readyok ;;
    newgame) [ "${1:-}" = leaves ] && exit 0 ;;
    go) case ${1:-} in
        silent) ;;
        garbled) printf 'bestmove \377\001x\n' ;;
        mute) exec sleep 300 <&- >&- ;;
        crash) kill -SEGV $$ ;;
        bare) env printf 'bestmove\ng6-g7\0' ;; # no move, then the start of a line, in one write
        nul) printf 'bestmove g6-g7\0junk\n' ;;
        longerror) zh=$(printf '军%.0s' $(seq 200)); echo "error $zh"; echo "bestmove $zh" ;;
        tab) printf 'bestmove\tg6-g7\t\n' ;;
        trail) echo "bestmove g6-g7  " ;;
        *) echo "bestmove g6-g7" ;;
        esac ;;
    quit) [ "${1:-}" = deaf ] && exec sleep 300; exit 0 ;;
    esac
done
case ${1:-} in deaf | silent) exec sleep 300 ;; esac # the input ended without quit
EOF
chmod +x "$tmp/fake"
# an engine that answers each go with two bestmoves (a proxy that repeats a line): the second was
# taken for its answer to the next go, an illegal move, and it forfeited; an isready before each go
# drops what came before its readyok (break10 K8)
printf '#!/bin/sh\n%s | sed -u "s/^bestmove.*/&\\n&/"\n' "$E" >"$tmp/repeats"
chmod +x "$tmp/repeats"
run "$M" --setups "$S" --games 1 --nodes 300 --max-moves 20 -q "$tmp/repeats" "$E"
expect "an engine that says bestmove twice: no forfeit" "0 forfeits 0" "$rc $(grep -o 'forfeits [0-9]*' <<<"$out")"
# -o onto a full disk stops the match at the first game written (it played every game first)
if [ -w /dev/full ]; then
    run "$M" --setups "$S" --games 3 -o /dev/full "$tmp/fake" "$tmp/fake"
    expect "-o /dev/full: exit status, games played, the reason" "3 1 No space left on device" \
        "$rc $(grep -c 'game [0-9]*/6' <<<"$err") $(grep -o 'No space left on device' <<<"$err")"
else
    echo "$name: SKIP: /dev/full is not writable"
fi
# an engine holds no descriptor of -o's temporary file (it was inherited: an engine that ran on
# kept it open, and could write into the games)
printf '#!/bin/sh\nls -l /proc/$$/fd/ >"$1"\nexec "%s"\n' "$tmp/fake" >"$tmp/fds"
chmod +x "$tmp/fds"
run "$M" --setups "$S" --games 1 -q -o "$tmp/fds.jgn" "$tmp/fds $tmp/fds1.txt" "$tmp/fake"
expect "an engine's open files: none is -o's" "1 0" \
    "$(grep -c . "$tmp/fds.jgn" >/dev/null && grep -c 'pipe:' "$tmp/fds1.txt" | sed 's/^[1-9][0-9]*$/1/') $(grep -c 'fds.jgn' "$tmp/fds1.txt")"
# a node limit past 2^31 (counts were long, 32 bits on i386 and armhf) reaches the go command;
# 2^63 is a range error that says the range
run "$M" --setups "$S" --games 1 --nodes 3000000000 -q -o "$tmp/big.jgn" "$tmp/fake" "$tmp/fake"
expect "--nodes 3000000000: the go command in the records" '0 [Go "go nodes 3000000000"]' \
    "$rc $(grep -m 1 '^\[Go ' "$tmp/big.jgn")"
run "$M" --setups "$S" --nodes 9223372036854775808 "$tmp/fake" "$tmp/fake"
expect "--nodes 2^63: a usage error that says the range" \
    "2 junqi-match: --nodes takes a number from 1 to 1000000000000, not '9223372036854775808'" \
    "$rc $(head -n 1 <<<"$err")"
run "$M" --setups "$S" --games 1 --nodes 500 "$E" "$tmp/fake"
expect "an illegal move: engine 1 wins both" "junqi-analyze $V vs fake: 2 games, 2 wins, 0 draws, 0 losses" "$(head -n 1 <<<"$out")"
expect "an illegal move: two forfeits" "forfeits 2" "$(grep -o 'forfeits [0-9]*' <<<"$out")"
checks=$((checks + 1))
grep -q "fake (west) forfeits: .*(an illegal move)" <<<"$err" || fail "an illegal move: $err"
# in Chinese the forfeit is said in Chinese on stderr, and the record stays English
run env LC_ALL=C.UTF-8 LANGUAGE=zh_CN JUNQI_LOCALEDIR="${JUNQI_BUILD:-$JUNQI_ROOT/build}/locale" \
    "$M" --setups "$S" --games 1 --nodes 300 -o "$tmp/zh.jgn" "$E" "$tmp/fake"
expect "a forfeit in Chinese: the reason on stderr" 1 "$(grep -c '^junqi-match: 第 1 局：fake（西家）判负：.*（违规着法）$' <<<"$err")"
expect "... and in English in the record" 1 "$(LC_ALL=C grep -c '^{fake (west) forfeits: [ -~]* (an illegal move)}$' "$tmp/zh.jgn")"
run "$M" --setups "$S" --games 1 --format json "$tmp/fake" "$tmp/fake"
expect "an even score: Elo 0.0, not -0.0, in JSON" '"score":0.5000,"elo":0.0,' "$(grep -o '"score":[^,]*,"elo":[^,]*,' <<<"$out")"
run "$M" --setups "$S" --games 1 --nodes 500 --timeout 1 --name2 mute "$E" "$tmp/fake silent"
expect "no answer: forfeits" "2 wins, forfeits 2" "$(head -n 1 <<<"$out" | grep -o '2 wins'), $(grep -o 'forfeits [0-9]*' <<<"$out")"
checks=$((checks + 1))
grep -q "mute (west) forfeits: no move within 1 s" <<<"$err" || fail "no answer: $err"
run "$M" --setups "$S" --games 1 --nodes 500 -o "$tmp/g.jgn" --name2 garbled "$E" "$tmp/fake garbled"
expect "bytes that are not UTF-8 in a move: forfeits" "2 wins" "$(head -n 1 <<<"$out" | grep -o '2 wins')"
expect "... shown as \\xHH on stderr" 2 "$(grep -c "garbled ([a-z]*) forfeits: no move ('bestmove \\\\xff\\\\x01x')" <<<"$err")"
"$JUNQI_BIN/junqi-validate" -q "$tmp/g.jgn"
expect "... and in the records, which stay valid" "0 2" "$? $(grep -c 'bestmove \\\\xff\\\\x01x' "$tmp/g.jgn")"
run "$M" --setups "$S" --games 1 --nodes 500 --name2 leaver "$E" "$tmp/fake leaves"
expect "an engine that ends between games: forfeits each game, restarted for the next" "0 2 wins, forfeits 2" \
    "$rc $(head -n 1 <<<"$out" | grep -o '2 wins'), $(grep -o 'forfeits [0-9]*' <<<"$out")"
expect "... the engine ended, with its exit status" 2 \
    "$(grep -c 'leaver ([a-z]*) forfeits: the engine ended (exit status 0)$' <<<"$err")"
# 'bestmove' alone is no move: the move was read from past the end of that line, where the
# bytes of the next line not yet ended stood (g6-g7, south's, here an illegal move for north;
# its NUL ends the bytes read there, which otherwise ran on into what the buffer held before)
run "$M" --setups "$S" --games 1 --nodes 500 --timeout 2 --name1 bare "$tmp/fake bare" "$E"
expect "'bestmove' alone: no move" "junqi-match: game 1: bare (north) forfeits: no move ('bestmove')" \
    "$(head -n 1 <<<"$err")"
# an id longer than the name kept is cut between characters, and two alike are still told apart
# (it was cut inside a character: the records were not UTF-8, and both engines were one name)
run "$M" --setups "$S" --games 1 -o "$tmp/long.jgn" "$tmp/fake longname" "$tmp/fake longname"
expect "a long id: the summary is UTF-8 and tells the engines apart" "0 1" \
    "$(head -n 1 <<<"$out" | iconv -f UTF-8 -t UTF-8 >/dev/null; echo $?) $(head -n 1 <<<"$out" | grep -c '^军* (1) vs 军* (2): ')"
expect "... and the records are UTF-8: valid without a warning" "0 0" \
    "$("$JUNQI_BIN/junqi-validate" "$tmp/long.jgn" >"$tmp/long.txt"; echo $?) $(grep -c warning "$tmp/long.txt")"
# a --timeout no longer than --movetime is a usage error: an engine that searched its time forfeited
# ('no move within 1 s' for a search of 2 s), where the default timeout is 60 s plus the movetime
run "$M" --setups "$S" --games 1 --movetime 2000 --timeout 1 "$E" "$E"
expect "--timeout 1 --movetime 2000: a usage error that says why" \
    "2 junqi-match: --timeout 1 s is no longer than --movetime 2000 ms: an engine that searches its time would forfeit (without --timeout it has 60 s more than the movetime)" \
    "$rc $(head -n 1 <<<"$err")"
run "$M" --setups "$S" --skip 100 --movetime 5000 --timeout 6 "$E" "$E"
expect "--timeout 6 --movetime 5000: taken (no setup left: exit 1)" 1 "$rc"
# a forfeit's reason longer than the comment's room is cut between characters, not inside one
run "$M" --setups "$S" --games 1 -q -o "$tmp/lerr.jgn" "$E" "$tmp/fake longerror"
expect "a long forfeit reason: the record is UTF-8, valid without a warning" "0 0" \
    "$("$JUNQI_BIN/junqi-validate" "$tmp/lerr.jgn" >"$tmp/lerr.txt"; echo $?) $(grep -c warning "$tmp/lerr.txt")"
# an id of blanks names no engine (the engines were '   ' and ' (1)', ' (2)' for two)
run "$M" --setups "$S" --games 1 "$tmp/fake blankid" "$tmp/fake blankid"
expect "ids of blanks: the engines' default names" "engine 1 vs engine 2: " "$(head -n 1 <<<"$out" | grep -o '^.* vs .*: ')"
# a NUL byte in the answer is no move, and the comment shows it and what follows (the line was
# read as a C string: 'bestmove g6-g7' was played, and the quote of a bad one stopped at the NUL)
run "$M" --setups "$S" --games 1 --nodes 500 --timeout 2 --name1 nul -o "$tmp/nul.jgn" "$tmp/fake nul" "$E"
expect "a NUL byte in 'bestmove': no move, shown as \\x00" \
    "junqi-match: game 1: nul (north) forfeits: no move ('bestmove g6-g7\\x00junk')" "$(head -n 1 <<<"$err")"
expect "... and so in the record" 1 "$(grep -cF "{nul (north) forfeits: no move ('bestmove g6-g7\\\\x00junk')}" "$tmp/nul.jgn")"
# blanks are spaces and tabs (docs/protocol.md): 'bestmove<TAB>g6-g7' was no bestmove line (the
# engine forfeited "no move within 2 s", having moved), 'readyok<TAB>' no answer, and blanks after
# the move "no move ('bestmove g6-g7  ')"; the move is read (g6-g7, here an illegal move for north)
for v in tab trail; do
    run "$M" --setups "$S" --games 1 --nodes 500 --timeout 2 --name1 "$v" "$tmp/fake $v" "$E"
    expect "bestmove with blanks ($v): the move read" \
        "junqi-match: game 1: $v (north) forfeits: south's captain on g6 moves, but it is north's turn (an illegal move)" \
        "$(head -n 1 <<<"$err")"
done
# an engine that crashes in a game: its forfeit names the signal (it said only "the engine ended"),
# on standard error and in the record
run "$M" --setups "$S" --games 1 --nodes 500 -o "$tmp/crash.jgn" --name2 crasher "$E" "exec $tmp/fake crash"
expect "an engine killed by SIGSEGV: forfeits, naming the signal" 2 \
    "$(grep -c 'crasher ([a-z]*) forfeits: the engine ended (killed by signal 11)$' <<<"$err")"
expect "... in the records too" 2 "$(grep -c 'forfeits: the engine ended (killed by signal 11)}' "$tmp/crash.jgn")"
run "$M" --setups "$S" --games 1 --nodes 500 -q --max-moves 4 "$E" "$tmp/fake deaf $tmp/deaf.pid; :"
expect "an engine that does not quit, under a shell that waits for it: the match ends" 0 "$rc"
# running: not ended, or ended but not yet reaped by init (state Z)
running() { [ -r "/proc/$1/stat" ] && ! grep -q ') Z ' "/proc/$1/stat"; }
checks=$((checks + 1))
if [ -s "$tmp/deaf.pid" ] && running "$(cat "$tmp/deaf.pid")"; then
    fail "an engine that does not quit: still running after the match (pid $(cat "$tmp/deaf.pid"))"
    kill "$(cat "$tmp/deaf.pid")"
fi
# an engine that closes its pipes but lives on has ended for the match: at
# once, not after --timeout (its command is exec'd, so no shell holds them)
run "$M" --setups "$S" --games 1 --timeout 30 --name2 closer "$E" "$tmp/fake mute $tmp/mute.pid"
expect "an engine that closes its pipes: forfeits at once, 'the engine ended' (it did not: no status)" 2 \
    "$(grep -c 'closer ([a-z]*) forfeits: the engine ended$' <<<"$err")"
# an engine that stops reading its input forfeits once what is sent to it is not read within
# --timeout (the referee's write blocked for ever once the engine's pipe was full; timeout ends
# a regression: 124). "replayer" plays from a list the first moves of a game of two
# junqi-analyze --engine at 300 nodes from setup 1 (game 1 of the match: engine 1 north and
# south); with "deaf" it shrinks its input pipe to a page after the handshake, writes all its
# moves at once and reads no more, so the positions sent for its moves fill the pipe some moves on
cat >"$tmp/replayer" <<'EOF'
#!/usr/bin/env bash
mode=$1
shift
while read -r cmd rest; do
    case $cmd in
    junqi) echo "id name $mode"; echo junqiok ;;
    isready) echo readyok
        if [ "$mode" = deaf ] && [ $((++ready)) = 2 ]; then # after newgame: the game's positions come next
            perl -e 'fcntl(STDIN, 1031, 4096) or exit 1' || exit 1 # F_SETPIPE_SZ (perl starts in
            # milliseconds: python3 may be a pyenv shim, seconds under load, past --timeout)
            printf 'readyok\nbestmove %s\n' "$@" # the referee asks isready before each go
            exec sleep 1000
        fi ;;
    go) echo "bestmove $1"; shift ;;
    quit) exit 0 ;;
    esac
done
EOF
chmod +x "$tmp/replayer"
ns="k12-l11 i3-h3 l11-f11 k5-j5 h14-h15 i6-h5 i15-j15 j4-j3 g13-g12 k3-n7 i13-j13 k2-o7 k13-k7 k1-k2 k14-m11
i5-i6 i12-i7 h5-g6 k16-k15 h4-h5 g16-d11 g5-g7 h12-g12 g4-e7 j14-i14 e7-d7 k17-k16 d7-c7 k7-p7 c7-b7"
ew="c9-c8 l7-k6 e11-f11 k6-j6 f10-f11 j6-h6 f11-g12 m7-k4 f9-f11 n8-n7 d10-c10 o9-o8 f11-g14 m9-m8 g14-g15
n11-m11 f7-g6 m11-k15 g15-g6 n10-m10 g6-g16 p7-o7 g16-g12 o7-k2 g12-j12 k2-j2 e9-e10 o11-g11 b7-c7 l8-h16"
started=$SECONDS
run timeout -k 5 120 "$M" --setups "$S" --games 1 --timeout 2 "$tmp/replayer reads ${ns//$'\n'/ }" \
    "$tmp/replayer deaf ${ew//$'\n'/ }"
expect "an engine that reads no more: the match ends, in seconds" "0 1" "$rc $((SECONDS - started < 60))"
expect "... the engine forfeits game 1 for it, after moves it read" \
    "1 1" "$(grep -c '^junqi-match: game 1: deaf ([a-z]*) forfeits: the engine did not read its input within 2 s$' \
        <<<"$err") $(grep -c '^junqi-match: game 1/2 .*: reads won (forfeit), [1-9][0-9]* moves$' <<<"$err")"
# an engine that writes a line without end fills no memory: a line longer than 1 MiB is dropped,
# and the next is read (under 60 MB of address space, the 100 MB line made the referee's buffer
# fail, and the engine was said to have ended); not under make asan, whose shadow memory does not
# fit such a limit
if [ "${JUNQI_SANITIZE:-0}" != 1 ]; then
    cat >"$tmp/flood" <<'EOF'
#!/usr/bin/env bash
# as fake, but before its move a line of 100 MB
while read -r cmd rest; do
    case $cmd in
    junqi) echo "id name flood"; echo junqiok ;;
    isready) echo readyok ;;
    go) head -c 100000000 /dev/zero | tr '\0' x; echo; echo "bestmove g6-g7" ;;
    quit) exit 0 ;;
    esac
done
EOF
    chmod +x "$tmp/flood"
    run bash -c 'ulimit -v 60000; exec "$@"' - "$M" --setups "$S" --games 1 "$tmp/fake" "$tmp/flood"
    expect "a line of 100 MB: dropped, the move after it read (an illegal move here)" 1 \
        "$(grep -c '^junqi-match: game 2: flood (north) forfeits: .* (an illegal move)$' <<<"$err")"
fi
# junqi-match ended by a signal ends its engines first (they have process groups of their own)
for sig in TERM INT HUP; do
    rm -f "$tmp/silent.pid"
    mkdir -p "$tmp/out-$sig"
    # (a background job of a script starts with SIGINT ignored, which junqi-match leaves so: a
    # terminal's Ctrl-C reaches a match in the foreground, where it is not)
    env --default-signal=INT "$M" --setups "$S" --games 1 --timeout 60 -q -o "$tmp/out-$sig/games.jgn" "$E" \
        "$tmp/fake silent $tmp/silent.pid" >/dev/null 2>&1 &
    match=$!
    for _ in $(seq 600); do [ -s "$tmp/silent.pid" ] && break; sleep 0.1; done # a loaded machine: 60 s
    sleep 0.3
    kill -"$sig" "$match"
    wait "$match" 2>/dev/null
    st=$?
    expect "junqi-match ended by SIG$sig: its own end by the signal" "$((128 + $(kill -l "$sig")))" "$st"
    expect "junqi-match ended by SIG$sig: no temporary file of -o left" "" "$(ls "$tmp/out-$sig")"
    checks=$((checks + 1))
    engine=$(cat "$tmp/silent.pid" 2>/dev/null)
    for _ in $(seq 20); do [ -n "$engine" ] && running "$engine" || break; sleep 0.1; done
    if [ -z "$engine" ]; then
        fail "SIG$sig: the engine never started"
    elif running "$engine"; then
        fail "SIG$sig: the engine is still running"
        kill -9 "$engine"
    fi
done

# started under nohup (SIGHUP ignored), a hangup does not end the match: it was caught and ended it
rm -f "$tmp/silent.pid"
env --ignore-signal=HUP "$M" --setups "$S" --games 1 --timeout 60 -q "$E" "$tmp/fake silent $tmp/silent.pid" \
    >/dev/null 2>&1 &
match=$!
for _ in $(seq 600); do [ -s "$tmp/silent.pid" ] && break; sleep 0.1; done
sleep 0.3
kill -HUP "$match"
sleep 0.5
expect "under nohup, SIGHUP: the match goes on" yes "$(running "$match" && echo yes || echo no)"
kill -TERM "$match"
wait "$match" 2>/dev/null

# junqi-match stopped by a signal keeps the games that finished: the games in play end (their
# engines killed) and are neither written nor scored, -o gets the finished games as a complete
# match would write them, the summary counts them and says that the match was interrupted, and
# junqi-match ends by the signal (128 + its number); a second signal, a second or more after the
# first, ends it at once and writes nothing. The staller plays north's g6-g7 (an illegal move: it
# forfeits, and the game is over) unless its record holds a setup of the file $2: then it never
# answers, and adds a line to $1.stalls; with "escape" it leaves behind, in a session of its own
# that the kill of its process group does not reach, a process that holds its output open (its pid
# in $1.escaped), which adds the line. The engines write their pids in the folder $1.
cat >"$tmp/staller" <<'EOF'
#!/usr/bin/env bash
echo $$ >"$1/$$"
while read -r cmd rest; do
    case $cmd in
    junqi) echo "id name staller"; echo junqiok ;;
    isready) echo readyok ;;
    position) grep -qF -f "$2" <<<"$rest" && stall=1 || stall= ;;
    go) if [ -z "$stall" ]; then
            echo "bestmove g6-g7"
        elif [ "${3:-}" = escape ]; then
            setsid sh -c 'echo $$ >>"$0.escaped"; echo >>"$0.stalls"; exec sleep 300' "$1" &
        else
            echo >>"$1.stalls"
        fi ;;
    quit) exit 0 ;;
    esac
done
EOF
# shellcheck disable=SC2016 # $$ and $1 are the engine's
printf '#!/bin/sh\necho $$ >"$1/$$"\nexec "%s/junqi-analyze" --engine\n' "$JUNQI_BIN" >"$tmp/analyze"
chmod +x "$tmp/staller" "$tmp/analyze"
# setups_of N SEATS: the setups of record N of $S at the seats SEATS (North|East...), as the staller's list
setups_of() { awk -v n="$1" '/^\[Board /{k++} k==n' "$S" | grep -E "^\[($2)Setup " | sed 's/^\[[A-Za-z]*//; s/\]$//'; }
# stalled_match DIR LIST TIMEOUT-OPTION [OPTION...]: engine 1 (junqi-analyze) against the staller
# with LIST (and its other arguments), in the background (pid $match), -o DIR/out/games.jgn (which holds "earlier" before),
# standard output and error in DIR/stdout and DIR/stderr (unless $stderr names another file), all
# under timeout; given --foreground, timeout passes a signal sent to $match on once, else twice, as
# it does (to the command, then to its process group)
stalled_match() {
    local d=$1 list=$2 fg=$3
    shift 3
    mkdir -p "$d/pids" "$d/out"
    echo earlier >"$d/out/games.jgn"
    timeout ${fg:+"$fg"} -s KILL 120 env --default-signal=INT "$M" --setups "$S" --nodes 300 --timeout 300 \
        -o "$d/out/games.jgn" "$@" "$tmp/analyze $d/pids" "$tmp/staller $d/pids $list" >"$d/stdout" \
        2>"${stderr:-$d/stderr}" &
    match=$!
}
# stalls DIR N: wait until N games stalled, at most 120 s
stalls() {
    local n
    for _ in $(seq 1200); do
        n=$(wc -l 2>/dev/null <"$1/pids.stalls")
        [ "${n:-0}" -ge "$2" ] && return 0
        sleep 0.1
    done
    fail "$1: $2 games never stalled"
}
# stopped WHAT DIR STATUS FILES: junqi-match ended with STATUS, DIR/out holds FILES (no temporary
# file), and every engine has ended (a killed one may take a moment to be reaped)
stopped() {
    local what=$1 d=$2 f pid
    wait "$match" 2>/dev/null
    expect "$what: the signal's exit status" "$3" "$?"
    expect "$what: no temporary file of -o left" "$4" "$(ls "$d/out" | tr '\n' ' ')"
    for f in "$d"/pids/*; do
        pid=${f##*/}
        for _ in $(seq 20); do running "$pid" || break; sleep 0.1; done
        checks=$((checks + 1))
        if running "$pid"; then
            fail "$what: engine $pid still runs"
            kill -9 "$pid"
        fi
    done
}
# kept WHAT DIR ROUNDS: -o holds the games of ROUNDS ("1 2 "), in that order, as valid JGN
kept() {
    local what=$1 d=$2
    expect "$what: the finished games in -o, in order" "$3" "$(sed -n 's/^\[Round "\(.*\)"\]$/\1/p' "$d/out/games.jgn" | tr '\n' ' ')"
    "$JUNQI_BIN/junqi-validate" -q "$d/out/games.jgn"
    expect "$what: -o is valid JGN" 0 "$?"
}

# SIGINT: games 1 and 2 finish, game 3 stalls (engine 1 moves first in it, then the staller at east)
d=$tmp/int
setups_of 2 'East|West' >"$d.list"
stalled_match "$d" "$d.list" --foreground --games 3
stalls "$d" 1
kill -INT "$match"
stopped "SIGINT" "$d" 130 "games.jgn "
kept "SIGINT" "$d" "1 2 "
expect "SIGINT: the summary counts the finished games" "junqi-analyze $V vs staller: 2 games" "$(head -n 1 "$d/stdout" | cut -d, -f1)"
expect "SIGINT: the summary says the match was interrupted" "interrupted by SIGINT after 2 of 6 games" "$(tail -n 1 "$d/stdout")"
expect "SIGINT: said on stderr, after the finished games" \
    "junqi-match: SIGINT: the games in play are dropped, the finished ones kept (a second signal ends it at once)" \
    "$(tail -n 1 "$d/stderr")"
expect "SIGINT: no game 3" 0 "$(grep -c 'game 3' "$d/stderr")"

# SIGTERM with two games at once, sent twice by timeout (a second signal at once is the same): games
# 1, 2 and 4 finish, 3 and 5 stall (game 4's engines then take game 5), and the staller's processes
# left behind hold its output open: the games' waits wake all the same
d=$tmp/term
{ setups_of 2 'East|West' && setups_of 3 'North|East|South|West'; } >"$d.list"
stalled_match "$d" "$d.list escape" "" --games 3 --concurrency 2 --format json
stalls "$d" 2
kill -TERM "$match"
stopped "SIGTERM, --concurrency 2" "$d" 143 "games.jgn "
kept "SIGTERM, --concurrency 2" "$d" "1 2 4 "
expect "SIGTERM: the JSON summary: the finished games, the signal, the games planned" "3 3 SIGTERM 6" \
    "$(jq -r '[.games, .wins, .interrupted, .games_planned] | join(" ")' "$d/stdout")"
[ ! -s "$d/pids.escaped" ] || xargs kill <"$d/pids.escaped" # the staller's processes left behind

# SIGHUP before any game finished: no summary, and an earlier -o stays as it was
d=$tmp/hup
echo 'Setup "' >"$d.list"
stalled_match "$d" "$d.list" --foreground --games 2 -q
stalls "$d" 1
kill -HUP "$match"
stopped "SIGHUP, no game finished" "$d" 129 "games.jgn "
expect "SIGHUP, no game finished: -o as it was" earlier "$(cat "$d/out/games.jgn")"
expect "SIGHUP, no game finished: no summary" "" "$(cat "$d/stdout")"
expect "SIGHUP, no game finished: said" "junqi-match: interrupted by SIGHUP before any game finished" "$(cat "$d/stderr")"

# a second signal while it winds down ends it at once: its standard error is a full pipe, on which
# the wind-down's first line waits; SIGINT, then SIGTERM every 0.2 s until it ends
d=$tmp/twice
mkdir -p "$d"
mkfifo "$d/fifo"
exec 3<>"$d/fifo"
setups_of 2 'East|West' >"$d.list"
stderr=$d/fifo stalled_match "$d" "$d.list" --foreground --games 3
stalls "$d" 1
dd if=/dev/zero of="$d/fifo" bs=64 count=1000000 oflag=nonblock status=none 2>/dev/null
kill -INT "$match"
for _ in $(seq 100); do
    kill -TERM "$match" 2>/dev/null || break
    sleep 0.2
done
stopped "a second signal" "$d" 143 "games.jgn "
exec 3<&-
expect "a second signal: -o as it was" earlier "$(cat "$d/out/games.jgn")"

# the engines start with SIGPIPE as it is by default, not ignored as junqi-match has it
run "$M" --setups "$S" --games 1 --nodes 300 "$E" "$tmp/fake pipe"
expect "an engine's SIGPIPE: the default" "junqi-analyze $V vs fake, SIGPIPE default" "$(head -n 1 <<<"$out" | cut -d: -f1)"

# engines that cannot play at all stop the match
run "$M" --setups "$S" --games 1 --option1 Colour=red "$E" "$E"
expect "a refused option: exit 1" 1 "$rc"
checks=$((checks + 1))
grep -q "error setoption: unknown option 'Colour'" <<<"$err" || fail "a refused option: $err"
run "$M" --setups "$S" --games 1 --timeout 1 "cat >/dev/null" "$E"
expect "a program that does not speak the protocol: exit 1, and why" \
    "1 junqi-match: engine 1 ('cat >/dev/null'): no answer to 'junqi' within 1 s: does it speak the engine protocol?" \
    "$rc $(tail -n 1 <<<"$err")"
run "$M" --setups "$S" --games 1 "$tmp/no-such-engine" "$E"
expect "a command that is not found: exit 1, and why" \
    "1 junqi-match: engine 1 ('$tmp/no-such-engine'): ended before answering 'junqi': the command was not found (exit status 127)" \
    "$rc $(tail -n 1 <<<"$err")"
run "$M" --setups "$S" --games 1 "$E" "exit 3"
expect "an engine that ends at once: exit 1, and its exit status" \
    "1 junqi-match: engine 2 ('exit 3'): ended before answering 'junqi' (exit status 3)" "$rc $(tail -n 1 <<<"$err")"

# usage
F=$tmp/fake
for args in "--setups $S $F" "$F $F" "--setups $S --board three $F $F" "--setups $S --nodes 0 $F $F" \
    "--setups $S --option1 Level $F $F" "--setups $S --rules nonsense $F $F" \
    "--setups $S --rules standard --board four-player $F $F"; do
    "$M" $args >/dev/null 2>&1
    expect "usage: junqi-match $args" 2 "$?"
done
run "$M" --setups "$S" --games 1 '' "$E"
expect "an empty engine command: a usage error" "2 junqi-match: engine 1: the command is empty" "$rc $(head -n 1 <<<"$err")"
# a line end in an option went into the setoption line, a second command to the engine
# ('setoption name Threads value 1' and 'isready'); a name with one split the line of each game
# on standard error, and an empty one left nothing to read there ("game 1:  (north) forfeits")
run "$M" --setups "$S" --games 1 --option $'Threads=1\nisready' "$F" "$F"
expect "a line end in --option: a usage error that shows it" \
    "2 junqi-match: an engine option holds a control character, which would end its setoption line: 'Threads=1\\x0aisready'" \
    "$rc $(head -n 1 <<<"$err")"
# a tab is a blank as a space is (docs/protocol.md): a value of two words went to the engine
run "$M" --setups "$S" --games 1 --option $'Threads=1\t2' "$F" "$F"
expect "a tab in --option's value: a usage error, as a space" \
    "2 junqi-match: an engine option is NAME=VALUE, not 'Threads=1	2'" "$rc $(head -n 1 <<<"$err")"
run "$M" --setups "$S" --games 1 --option2 $'Seed=1\r' "$F" "$F"
expect "a CR in --option2: the same" \
    "2 junqi-match: an engine option holds a control character, which would end its setoption line: 'Seed=1\\x0d'" \
    "$rc $(head -n 1 <<<"$err")"
run "$M" --setups "$S" --games 1 --name2 $'a\nb' "$F" "$F"
expect "a line end in --name2: a usage error" "2 junqi-match: --name2 holds a control character: 'a\\x0ab'" \
    "$rc $(head -n 1 <<<"$err")"
run "$M" --setups "$S" --games 1 --name1 '' "$F" "$F"
expect "an empty --name1: a usage error" \
    "2 junqi-match: --name1 is empty: give a name, or leave the option out for the engine's id" \
    "$rc $(head -n 1 <<<"$err")"
run "$M" --setups "$S" --games 1 -q --name1 $'tab\there' -o "$tmp/tab.jgn" "$F" "$F"
expect "a tab in a name is taken" '0 [North "tab	here"]' "$rc $(grep -m 1 '^\[North ' "$tmp/tab.jgn")"
# --games past the setups there are played fewer games without a word (the summary's count alone)
run "$M" --setups "$S" --games 5 --skip 98 -q "$F" "$F"
expect "--games past the setups: a note, and the games there are" \
    "0 junqi-match: --games 5, but the setups hold 2 after the 98 skipped: the match plays 4 games|4 games" \
    "$rc $err|$(head -n 1 <<<"$out" | grep -o '[0-9]* games')"
run "$M" --setups "$S" --setups "$S" --games 300 -q --max-moves 1 "$F" "$F"
expect "... without --skip" "0 junqi-match: --games 300, but the setups hold 200: the match plays 400 games" "$rc $err"
run "$M" --setups /dev/null "$E" "$E"
expect "no setup: said without a --skip that was not given" "1 junqi-match: no setup to play from" "$rc $(tail -n 1 <<<"$err")"
run "$M" --setups "$S" --games 1 --nodes 300 -q "$E" "$tmp/fake"
expect "-q: no line per game, forfeits neither" "" "$err"
"$M" --setups "$tmp/none.jgn" "$E" "$E" >/dev/null 2>&1
expect "a missing setups file" 3 "$?"
# a match that fails before it opens -o (its setups, an engine that does not start) keeps an
# earlier file of that name, and says so once, last, as one that fails later does (H8)
echo old >"$tmp/old.jgn"
for setups in "$tmp/none.jgn" /dev/null; do
    run "$M" --setups "$setups" -o "$tmp/old.jgn" "$E" "$E"
    expect "H8: --setups $setups: -o's earlier file kept, said once, last" \
        "old 1 junqi-match: $tmp/old.jgn: the file there is left as it was" \
        "$(cat "$tmp/old.jgn") $(grep -c 'left as it was' <<<"$err") $(tail -n 1 <<<"$err")"
done
run "$M" --setups "$S" --games 1 -o "$tmp/old.jgn" false "$E"
expect "H8: an engine that does not start: -o's earlier file kept, said once, last" \
    "1 old 1 junqi-match: $tmp/old.jgn: the file there is left as it was" \
    "$rc $(cat "$tmp/old.jgn") $(grep -c 'left as it was' <<<"$err") $(tail -n 1 <<<"$err")"
rm -f "$tmp/old.jgn"
"$M" --help | grep -q '^Usage: junqi-match'
expect "--help" 0 "$?"
expect "--help: --rules names the formation games' rule sets, no flip game's" "1 0" \
    "$("$M" --help | grep -c 'qq, standard, open or wiki') $("$M" --help | grep -c fanqi)"

# -o naming a --setups file (by its name, through a link, a hard link): the records the games
# start from, a collection of real games, were replaced by the match's games, exit 0, where
# junqi-analyze's -o over its input is a usage error; now one here too, before any engine starts
cp "$S" "$tmp/setups.jgn"
ln -sf setups.jgn "$tmp/link.jgn"
ln -f "$tmp/setups.jgn" "$tmp/hard.jgn"
sum=$(cksum <"$tmp/setups.jgn")
for o in "$tmp/setups.jgn" "$tmp/link.jgn" "$tmp/hard.jgn" "$tmp/./setups.jgn"; do
    run "$M" --setups "$S" --setups "$tmp/setups.jgn" --games 1 --nodes 100 -q -o "$o" "$E" "$E"
    expect "-o $o over a --setups file: exit status, the file" "2 $sum" "$rc $(cksum <"$tmp/setups.jgn")"
    expect "-o $o over a --setups file: the message" \
        "junqi-match: -o $o would be written over the setups file $tmp/setups.jgn, whose games the match starts from: choose another name" \
        "$(head -n 1 <<<"$err")"
done
run "$M" --setups - --games 1 --nodes 100 -q -o "$tmp/setups.jgn" "$E" "$E" <"$tmp/setups.jgn"
expect "-o over the file --setups - reads: exit status" 2 "$rc"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
