#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tool tests for the manners every tool shares: -h is --help; --help in
# English and Chinese has no line wider than 79 columns; a rejected
# option named with what is wrong with it; NO_COLOR and
# TERM=dumb turn colour and cursor controls off (on a terminal made with
# script(1)); every JSON record names its source and game index; validate's
# JSON summary object after each item; scripts/install-deps takes --help and refuses a typo.
# Env: JUNQI_BIN (tools), JUNQI_ROOT (repository).
set -u
name=manners.sh
. "$(dirname "$0")/lib"
need_jq
bin=$JUNQI_BIN root=$JUNQI_ROOT
a=$root/samples/qq/jgs-000001.jgs b=$root/samples/qq/jgs-000689.jgs

# 1. -h is --help, for every tool
for tool in junqi-validate junqi-replay junqi-render junqi-analyze junqi-match; do
    run "$bin/$tool" --help
    long=$out
    run "$bin/$tool" -h
    expect "$tool -h: exit status" 0 "$rc"
    expect "$tool -h: the same text as --help" "$long" "$out"
done

# 1a. every tool's --help, in English and in both Chinese catalogs, fits an 80-column terminal:
# no line wider than 79 display columns (CJK counts two: wc -L under a UTF-8 locale), the rule
# sets' list, wrapped at run time, included (it was one line of 132 columns in four tools)
locales=${JUNQI_BUILD:-$root/build}/locale
if [ "$(printf '\351\212\205' | LC_ALL=C.UTF-8 wc -L)" = 2 ]; then
    for spec in "C en Usage" "C.UTF-8 zh_CN 用法" "C.UTF-8 zh_TW 用法"; do
        read -r locale language usage <<<"$spec"
        for tool in junqi-validate junqi-replay junqi-render junqi-analyze junqi-match; do
            help=$(env JUNQI_LOCALEDIR="$locales" LANGUAGE="$language" LC_ALL="$locale" "$bin/$tool" --help)
            expect "$tool --help ($language): in that language" "$usage" "$(head -n 1 <<<"$help" | grep -o "^$usage")"
            wide=""
            while IFS= read -r line; do
                width=$(printf '%s' "$line" | LC_ALL=C.UTF-8 wc -L)
                [ "$width" -le 79 ] || wide="$wide
$width: $line"
            done <<<"$help"
            expect "$tool --help ($language): no line wider than 79 columns" "" "$wide"
        done
    done
else
    skip "--help's widths: no C.UTF-8 locale to count display columns with"
fi

# 1b. a rejected option is named as typed, with what is wrong with it, exit 2
for tool in junqi-validate junqi-replay junqi-render junqi-analyze junqi-match; do
    run "$bin/$tool" --format
    expect "$tool --format (no argument)" "2 $tool: option '--format' requires an argument" "$rc $(head -n 1 <<<"$err")"
    run "$bin/$tool" --form
    expect "$tool --form (an abbreviation, no argument)" "$tool: option '--format' requires an argument" \
        "$(head -n 1 <<<"$err")"
    run "$bin/$tool" --help=yes
    expect "$tool --help=yes" "2 $tool: option '--help' does not take an argument" "$rc $(head -n 1 <<<"$err")"
    run "$bin/$tool" --no-such-option=1
    expect "$tool --no-such-option=1" "2 $tool: unrecognized option '--no-such-option'" "$rc $(head -n 1 <<<"$err")"
    run "$bin/$tool" -Z
    expect "$tool -Z" "2 $tool: invalid option -- 'Z'" "$rc $(head -n 1 <<<"$err")"
done
for tool in junqi-replay junqi-render junqi-analyze junqi-match; do
    run "$bin/$tool" -o
    expect "$tool -o (no argument)" "2 $tool: option requires an argument -- 'o'" "$rc $(head -n 1 <<<"$err")"
done
run "$bin/junqi-render" --f
# it named none of the options it may mean, which the user then looked up in --help
expect "an ambiguous abbreviation" "junqi-render: option '--f' is ambiguous: --format or --frames" \
    "$(head -n 1 <<<"$err")"
run "$bin/junqi-replay" --se=1
expect "an ambiguous abbreviation with a value" \
    "junqi-replay: option '--se' is ambiguous: --setup, --select or --seed" "$(head -n 1 <<<"$err")"

# 1c. a usage error in the middle of several files stops the run with exit 2,
# even after a file that could not be read (3); the files after it are not read
printf '[Board "two-player"]\n[NorthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]\n' >"$tmp/g2.jgn"
printf '[SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]\n\n*\n' >>"$tmp/g2.jgn"
for cmd in "junqi-validate" "junqi-replay --to jgn" "junqi-analyze --nodes 200"; do
    read -r tool args <<<"$cmd"
    # shellcheck disable=SC2086
    run "$bin/$tool" $args --rules qq "$tmp/missing.jgs" "$tmp/g2.jgn" "$b"
    expect "$cmd: a usage error after a missing file: exit 2, nothing after it" "2 " \
        "$rc $(grep -o "$(basename "$b")" <<<"$out$err" | head -n 1)"
done

# 2. colour and cursor controls on a terminal, and not with NO_COLOR or TERM=dumb
escapes() { # COMMAND...: the number of lines with an escape, run on a terminal
    script -qec "$(printf '%q ' "$@")" /dev/null | grep -c $'\033\['
}
replay=("$bin/junqi-replay" --ply 5 "$b")
checks=$((checks + 1))
[ "$(TERM=xterm escapes "${replay[@]}")" -gt 0 ] || fail "junqi-replay on a terminal: expected colour"
expect "junqi-replay with NO_COLOR=1: escapes" 0 "$(NO_COLOR=1 TERM=xterm escapes "${replay[@]}")"
expect "junqi-replay with TERM=dumb: escapes" 0 "$(TERM=dumb escapes "${replay[@]}")"
checks=$((checks + 1))
[ "$(NO_COLOR=1 escapes "${replay[@]}" --color always)" -gt 0 ] ||
    fail "junqi-replay --color always with NO_COLOR: the option should win"
annotate=("$bin/junqi-analyze" --nodes 200 --view all -o "$tmp/a.jgn" "$root/tests/data/qq/jgs-002724.jgs")
checks=$((checks + 1))
[ "$(TERM=xterm escapes "${annotate[@]}")" -gt 0 ] || fail "junqi-analyze on a terminal: expected a progress bar"
expect "junqi-analyze with NO_COLOR=1: escapes" 0 "$(NO_COLOR=1 TERM=xterm escapes "${annotate[@]}")"
expect "junqi-analyze with TERM=dumb: escapes" 0 "$(TERM=dumb escapes "${annotate[@]}")"
# the bar counts positions in the singular and the plural (it said "1/1 positions")
"$bin/junqi-replay" --to jgn "$root/tests/data/qq/jgs-002724.jgs" |
    awk '/^\[(Result|Termination) / { next } /^1\. / { print "1. " $2 " *"; exit } { print }' >"$tmp/one.jgn"
bar() { # FILE: the progress bar's last count, on a terminal
    script -qec "$(printf '%q ' "$bin/junqi-analyze" --nodes 200 --view all -o "$tmp/bar.jgn" "$1")" /dev/null |
        tr '\r' '\n' | grep -ao '[0-9]*/[0-9]* position[s]*' | tail -n 1
}
expect "junqi-analyze's bar of a one-move game" "1/1 position" "$(TERM=xterm bar "$tmp/one.jgn")"
expect "junqi-analyze's bar of a 15-move game" "15/15 positions" "$(TERM=xterm bar "$root/tests/data/qq/jgs-002724.jgs")"
# the bar fits the terminal: on one narrower than its line each \r started a new line of the
# wrapped one, and the bars filled the screen (80 columns: 30 #; 60: fewer; 20: no bar)
widest() { # COLUMNS LANGUAGE: the widest line the bar wrote on a terminal of COLUMNS
    script -qec "stty cols $1; LANGUAGE=$2 $(printf '%q ' "$bin/junqi-analyze" --nodes 200 --view all \
        -o "$tmp/bar.jgn" "$root/tests/data/qq/jgs-002724.jgs")" /dev/null |
        tr '\r' '\n' | sed 's/\x1b\[K//g' | LC_ALL=C.UTF-8 wc -L
}
for cols in 80 60 20; do
    for l in en zh_CN; do
        checks=$((checks + 1))
        w=$(TERM=xterm LC_ALL=C.UTF-8 widest $cols $l)
        [ "$w" -lt "$cols" ] || fail "junqi-analyze's bar on a terminal of $cols columns ($l): a line of $w"
    done
done
# where the bar has no room, the count stays (the man page leaves out the bar, not the line:
# on 45 columns nothing showed that the run went on, break5 C5); on 20 there is room for neither
counts() { # COLUMNS LANGUAGE: the last count a terminal of COLUMNS showed, and whether a bar did
    script -qec "stty cols $1; LANGUAGE=$2 $(printf '%q ' "$bin/junqi-analyze" --nodes 200 --view all \
        -o "$tmp/bar.jgn" "$root/tests/data/qq/jgs-002724.jgs")" /dev/null | tr '\r' '\n' | sed 's/\x1b\[K//g' |
        awk '/\[/ { bar = " bar" } match($0, /[0-9]+\/[0-9]+/) { last = substr($0, RSTART, RLENGTH) }
             END { print last bar }'
}
expect "junqi-analyze on 45 columns: the count, no bar" "15/15" "$(TERM=xterm LC_ALL=C.UTF-8 counts 45 en)"
expect "junqi-analyze on 20 columns: nothing" "" "$(TERM=xterm LC_ALL=C.UTF-8 counts 20 en)"
expect "junqi-analyze's bar at 80 columns: 30 #" 30 \
    "$(script -qec "stty cols 80; $(printf '%q ' "$bin/junqi-analyze" --nodes 200 --view all -o "$tmp/bar.jgn" \
        "$root/tests/data/qq/jgs-002724.jgs")" /dev/null | tr '\r' '\n' | grep -o '#*' | awk '{ print length }' | sort -n | tail -n 1)"

# 3. every JSON record names its source, and the game's index in a file of many
"$bin/junqi-replay" --to jgn "$a" "$b" > "$tmp/two.jgn"
expect "--to json: source and game of each record" \
    "$tmp/two.jgn 1,$tmp/two.jgn 2" \
    "$("$bin/junqi-replay" --to json "$tmp/two.jgn" | jq -r '"\(.source) \(.game)"' | paste -sd,)"
expect "--format json: source and game of each position" \
    "$tmp/two.jgn 1 3,$tmp/two.jgn 2 3" \
    "$("$bin/junqi-replay" --ply 3 --format json "$tmp/two.jgn" | jq -r '"\(.source) \(.game) \(.ply)"' | paste -sd,)"
expect "--format json of a QQ file: its name, game 1" "$b 1" \
    "$("$bin/junqi-replay" --format json "$b" | jq -r '"\(.source) \(.game)"')"
expect "--position: the source is <position>" "<position>" \
    "$("$bin/junqi-replay" --format json --position "$("$bin/junqi-replay" --format pos "$b")" | jq -r .source)"

# 4. junqi-validate --format json: one summary object per item, after its diagnostics
run "$bin/junqi-validate" --format json "$tmp/two.jgn"
expect "validate two games: exit status" 0 "$rc"
expect "validate two games: the summaries" \
    'summary 1 true 432 ["north","east","south","west"] east-west,summary 2 true 192 ["north","east","south","west"] north-south' \
    "$(jq -r -c 'select(.type == "summary") | "\(.type) \(.game) \(.valid) \(.moves) \(.seats) \(.result.winner)"' <<<"$out" | paste -sd,)"
# a broken game between two good ones: its diagnostics, then its summary
{ "$bin/junqi-replay" --to jgn "$a"; sed 's/^1\. /1. zz /' <("$bin/junqi-replay" --to jgn "$b"); } > "$tmp/bad.jgn"
run "$bin/junqi-validate" --format json "$tmp/bad.jgn"
expect "validate a broken second game: exit status" 1 "$rc"
order=$(jq -r -s 'map(if .type == "summary" then "S" else "D" end) | join("")' <<<"$out")
checks=$((checks + 1))
[[ $order =~ ^SD+S$ ]] || fail "validate a broken second game: expected a summary, diagnostics, a summary; got $order"
expect "validate a broken second game: valid flags" "true,false" \
    "$(jq -r 'select(.type == "summary") | .valid' <<<"$out" | paste -sd,)"
# a formation: its name and board
expect "validate a formation: the summary" "F01 four-player true null" \
    "$("$bin/junqi-validate" --format json "$root/samples/formations/F01.yaml" |
       jq -r 'select(.type == "summary") | "\(.formation) \(.board) \(.valid) \(.moves)"')"
# the text form keeps its one line per item
expect "validate two games, text: one summary line each" 2 \
    "$("$bin/junqi-validate" "$tmp/two.jgn" | grep -c ': valid')"

# A full standard output is exit 3 with a sentence, in every tool (docs/conventions.md)
if [ -w /dev/full ]; then
    game="$root/samples/qq/jgs-000689.jgs"
    for cmd in "junqi-validate $game" "junqi-validate --list-codes" "junqi-replay --to jgn $game" \
               "junqi-analyze --perft 1 --ply 10 $game" "junqi-validate --help" "junqi-replay --help" \
               "junqi-render --help" "junqi-analyze --help" "junqi-match --help"; do
        read -r tool args <<<"$cmd"
        # shellcheck disable=SC2086
        "$bin/$tool" $args >/dev/full 2>"$tmp/full.err"
        expect "$cmd > /dev/full: exit status" 3 "$?"
        expect "$cmd > /dev/full: the message" \
            "$tool: cannot write to standard output: No space left on device" "$(cat "$tmp/full.err")"
    done
fi

# 9. an output whose folder is missing, or is a file: one located line naming that folder, exit 3,
# whatever the tool and the kind of output (each goes through junqi_cli_output_open or
# junqi_cli_make_folder); nothing is left behind
touch "$tmp/plain"
printf '#!/bin/sh\nexec "%s" --engine\n' "$bin/junqi-analyze" >"$tmp/engine"
chmod +x "$tmp/engine"
miss=$tmp/no/such
for cmd in "junqi-render -o $miss/out.png $a" "junqi-render --format svg -o $miss/out.svg $a" \
           "junqi-render --format gif -o $miss/out.gif $a" "junqi-render -o $miss/out.html $a" \
           "junqi-render -o $miss/game-%n.html $a" "junqi-replay --to jgn -o $miss/out.jgn $a" \
           "junqi-replay --to json -o $miss/out.json $a" "junqi-replay --split 1 -o $miss/part-%n.jgn $a" \
           "junqi-analyze --nodes 50 -o $miss/out.jgn $a" "junqi-analyze --nodes 50 --graph $miss/eval.png $a" \
           "junqi-match --setups $root/samples/match/setups.jgn --games 1 -o $miss/games.jgn $tmp/engine $tmp/engine"; do
    read -r tool args <<<"$cmd"
    # shellcheck disable=SC2086 # $args is words on purpose
    run "$bin/$tool" $args
    file=$(grep -o "$miss/[^ ]*" <<<"$cmd" | head -n 1) # a pattern (%n) is named as given: every file fails
    expect "$cmd: exit status" 3 "$rc"
    expect "$cmd: the message" "$tool: $file: cannot write: the folder $miss does not exist" "$err"
done
# a folder for several files (pages, parts) that cannot be made is said once, not once per file
# (two games said it twice)
"$bin/junqi-replay" --to jgn "$a" "$b" >"$tmp/two.jgn"
for cmd in "junqi-render --frames $miss/frames $a" "junqi-render -o $miss/pages/ $tmp/two.jgn" \
           "junqi-replay --split 1 -o $miss/parts/ $tmp/two.jgn"; do
    read -r tool args <<<"$cmd"
    # shellcheck disable=SC2086 # $args is words on purpose
    run "$bin/$tool" $args
    folder=$(grep -o "$miss/[^ ]*" <<<"$cmd")
    expect "$cmd: exit status" 3 "$rc"
    expect "$cmd: the message" "$tool: $folder: cannot create the folder: the folder $miss does not exist" "$err"
done
run "$bin/junqi-replay" --to jgn -o "$tmp/plain/out.jgn" "$a"
expect "-o under a file: exit status, the message" "3 junqi-replay: $tmp/plain/out.jgn: cannot write: $tmp/plain is not a folder" "$rc $err"
for cmd in "junqi-render -o $tmp/plain/ $tmp/two.jgn" "junqi-render --frames $tmp/plain $a" \
           "junqi-replay --split 1 -o $tmp/plain/ $tmp/two.jgn"; do
    read -r tool args <<<"$cmd"
    # shellcheck disable=SC2086 # $args is words on purpose
    run "$bin/$tool" $args
    expect "$cmd: exit status, the message" \
        "3 $tool: $(grep -o "$tmp/plain/*" <<<"$cmd"): cannot create the folder: a file of that name is in the way" "$rc $err"
done
# a file further up, a file's name ending in '/', a link to a missing folder, an empty name
# (it said "Not a directory", "No such file or directory", "File exists", and for -o '' wrote
# everything to a temporary file in the current folder and then ": cannot rename ...")
ln -s "$miss/dir" "$tmp/link"
for cmd in "junqi-replay -o $tmp/plain/a/b.jgn|cannot write: $tmp/plain is not a folder" \
           "junqi-render --frames $tmp/plain/a/b|cannot create the folder: $tmp/plain is not a folder" \
           "junqi-replay -o $tmp/nofile.jgn/|cannot write: the folder $tmp/nofile.jgn does not exist" \
           "junqi-render -o $tmp/link/|cannot create the folder: the folder $miss/dir does not exist" \
           "junqi-replay --split 1 -o $tmp/link/|cannot create the folder: the folder $miss/dir does not exist"; do
    read -r tool args <<<"${cmd%%|*}"
    # shellcheck disable=SC2086 # $args is words on purpose
    run "$bin/$tool" $args "$a"
    expect "${cmd%%|*}: exit status, the message" "3 $tool: ${args##* }: ${cmd#*|}" "$rc $err"
done
# an empty name given to an option that takes one is a usage error naming the option, said
# before anything is read, made or written (it was the system's "No such file or directory",
# exit 3, and --frames '' -o x.png said so once the input was read)
for tool in "junqi-replay -o" "junqi-replay --split 1 -o" "junqi-analyze --nodes 50 -o" "junqi-render --frames" \
    "junqi-render -o x.png --frames" "junqi-render -o" "junqi-render --frames fx -o" \
    "junqi-match --setups $a -o" "junqi-match --setups"; do
    opt=${tool##* } what="a file's" args=("$a")
    [ "$opt" = --frames ] && what="a folder's"
    [ "${tool%% *}" = junqi-match ] && args=("$bin/junqi-analyze --engine" "$bin/junqi-analyze --engine")
    # shellcheck disable=SC2086 # $tool is words on purpose
    run env -C "$tmp" "$bin/"$tool '' "${args[@]}"
    expect "$tool '': exit status, the message" \
        "2 ${tool%% *}: $opt takes $what name, not '' ${tool%% *}" "$rc $(head -n 1 "$tmp/err") $(sed -n "2s/^Try '\([^ ]*\) --help.*/\1/p" "$tmp/err")"
    expect "$tool '': nothing made" "" "$(cd "$tmp" && ls -d x.png fx ./*.tmp* 2>/dev/null)"
done
# an input named '' cannot be read (as cat '' says), and is named so: it said "TOOL: : No such ..."
for tool in junqi-validate junqi-replay "junqi-render -o $tmp/empty.png" "junqi-analyze --go --depth 1" \
    "junqi-analyze --nodes 50"; do
    # shellcheck disable=SC2086 # $tool is words on purpose
    run "$bin/"$tool ''
    expect "$tool '': exit status, the message" "3 ${tool%% *}: '': No such file or directory" "$rc $err"
done
checks=$((checks + 1))
[ -z "$(find "$tmp" -name '*.tmp*')" ] || fail "failed outputs left a temporary file: $(find "$tmp" -name '*.tmp*')"
checks=$((checks + 1))
[ ! -e "$tmp/no" ] || fail "failed outputs made a folder: $(find "$tmp/no")"

# 10. --ply N says the same in every tool that takes it (docs/conventions.md "Words"): a ply past
# the end, however large, is a usage error naming the moves and quoting N as typed (from 100000001
# on it was "--ply takes a number of moves", and 0193 was said as 193); what is no whole number
# from 0 is a usage error that says what --ply takes
for tool in "junqi-replay" "junqi-render -o $tmp/ply.png" "junqi-analyze --go --depth 1" \
            "junqi-analyze --perft 1"; do
    for n in 193 0193 100000000 100000001 99999999999 18446744073709551616 123456789012345678901234567890; do
        # shellcheck disable=SC2086 # $tool is words on purpose
        run "$bin/"$tool --ply "$n" "$b"
        expect "$tool --ply $n: exit status, the message" \
            "2 ${tool%% *}: $b: --ply $n is past the end: the game has 192 moves" "$rc $(head -n 1 "$tmp/err")"
    done
    for bad in -1 +5 1e3 0x10 2.5 " 5" ""; do
        # shellcheck disable=SC2086
        run "$bin/"$tool --ply "$bad" "$b"
        expect "$tool --ply '$bad': exit status, the message" \
            "2 ${tool%% *}: --ply takes a number of moves, from 0, not '$bad'" "$rc $(head -n 1 "$tmp/err")"
    done
    # shellcheck disable=SC2086
    run "$bin/"$tool --ply 00192 "$b"
    expect "$tool --ply 00192: the end" 0 "$rc"
done

# scripts/install-deps: --help prints its usage; an unknown argument (a typo, --fuz) is a usage
# error, where it ran apt-get as root
run sh "$root/scripts/install-deps" --help
expect "install-deps --help: exit status and usage" "0 yes" "$rc $(grep -q -- '--fuzz' <<<"$out" && echo yes)"
run sh "$root/scripts/install-deps" --fuz
expect "install-deps --fuz: a usage error, said" "2 yes" "$rc $(grep -q "unknown argument '--fuz'" <<<"$err" && echo yes)"

# 11. an option of one value given twice (docs/conventions.md "Options"): another value is a
# usage error naming both, before any input is read or any file written (the last won without a
# word: --rules standard --rules wiki checked under wiki); the same value again is that value;
# the options that add up (--select, --setup, --arrow, --mark, --setups, --option) still add
tw=$tmp/twice
mkdir "$tw"
for spec in "junqi-validate --rules standard --rules wiki $a|--rules|standard|wiki" \
            "junqi-replay --rules qq --rules qq,mode=open $a|--rules|qq|qq,mode=open" \
            "junqi-replay --view south --view north $a|--view|south|north" \
            "junqi-replay --rules fanqi --deal 7 --deal 8|--deal|7|8" \
            "junqi-replay -o $tw/t1.jgn -o $tw/t2.jgn --to jgn $a|-o|$tw/t1.jgn|$tw/t2.jgn" \
            "junqi-render --view south --view north -o $tw/t.png $a|--view|south|north" \
            "junqi-render --rul qq --rules qq,mode=open -o $tw/t.png $a|--rules|qq|qq,mode=open" \
            "junqi-analyze --go --rules qq --rules qq,timeouts=3 $a|--rules|qq|qq,timeouts=3" \
            "junqi-analyze --view all --view mover -o $tw/t.jgn $a|--view|all|mover" \
            "junqi-match --nodes 300 --nodes 1200 -o $tw/t.jgn x y|--nodes|300|1200" \
            "junqi-match --rules qq --rules standard -o $tw/t.jgn x y|--rules|qq|standard"; do
    IFS='|' read -r cmd option first second <<<"$spec"
    run $bin/$cmd
    expect "$cmd: exit status, the message, nothing written" \
        "2 ${cmd%% *}: $option is given twice, '$first' and '$second': give one 0" \
        "$rc $(head -n 1 <<<"$err") $(ls "$tw" | wc -l)"
done
run "$bin/junqi-validate" --rules qq --rules qq "$a"
expect "junqi-validate --rules qq --rules qq: one value, said twice" 0 "$rc"
run "$bin/junqi-replay" --select Board=four-player --select 'moves>=200' --count "$a" "$b"
expect "junqi-replay --select twice: both conditions" "0 1" "$rc $out"

echo "manners.sh: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
