#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/validate.sh - junqi-validate on the hand-corrupted QQ replays of
# tests/data/corrupt/ (see its README.md) and its command-line contract
# (docs/conventions.md): exit statuses, text and JSON diagnostics, --quiet,
# standard input, --help.
#
# Requires jq (Debian package "jq", installed by scripts/install-deps) to read
# the JSON Lines diagnostics: `command -v jq` must succeed, otherwise this
# test fails at once with a message saying so.
#
# Environment (set by tests/run-tests): JUNQI_BIN = the directory of the
# tools, JUNQI_ROOT = the repository root. Prints one line per failed check
# (what was expected, what came) and a summary; exits 1 if any check failed.
# The corpus of real replays is ../shared/data/qq-replays when present, else
# the bundled copies (tests/cli/lib).
set -u

name=validate.sh
. "$(dirname "$0")/lib"
V=$JUNQI_BIN/junqi-validate
C=$JUNQI_ROOT/tests/data/corrupt

need_jq
if [ ! -x "$V" ]; then
    echo "$name: FAIL: $V is missing or not executable (run make)"
    exit 1
fi


# expect WHAT EXPECTED GOT
# run CMD... [< input via run_in]: sets rc, out, err
# run_in FILE CMD...: as run, with FILE on standard input
run_in() {
    local input=$1
    shift
    "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
}
# first_error: the first diagnostic with severity "error" in $tmp/out, as
# "code move record offset" (null where absent), or "none"
first_error() {
    jq -r -s '(map(select(.severity == "error")) | first) // null
              | if . == null then "none"
                else "\(.code) \(.move) \(.record) \(.offset)" end' "$tmp/out" 2>/dev/null ||
        echo "unparsable JSON"
}

# --- the originals validate clean -------------------------------------------
for f in jgs-002861.jgs jgs-002667.jgs; do
    run "$V" --format json "$C/$f"
    expect "junqi-validate --format json $f: exit status" 0 "$rc"
    expect "junqi-validate --format json $f: first error" none "$(first_error)"
done

# --- each corrupted replay: exit 1, first error at the right move -----------
# file  code  move  record  words the message must contain
fixtures=(
    "rail-turn.jgs      rail-turn      9  8  j12 k12 k13"
    "rail-blocked.jgs   rail-blocked   13 12 j12 i12 g12"
    "camp-attack.jgs    camp-attack    11 10 f7 e8"
    "headquarters.jgs   headquarters   37 36 h17"
    "landmine-moves.jgs immobile-piece 1  0  landmine k16 j15"
    "ally-piece.jgs     ally-piece     5  4  k11 south k6"
    "two-step-road.jgs  not-connected  14 13 e8 c8"
    "wrong-result.jgs   wrong-outcome  7  6  colonel"
    "own-piece.jgs      own-piece      3  2  g6 h6"
    "wrong-seat.jgs     not-its-turn   4  3  north j12 east"
)
# the game of a many-game file a diagnostic is about, as its summary's: grouped with jq, where
# only line numbers told them apart (break8 G6)
printf '[Board "two-player"]\n\n1. zz *\n\n[Board "two-player"]\n\n1. yy *\n' >"$tmp/two-bad.jgn"
run "$V" --format json "$tmp/two-bad.jgn"
expect "a diagnostic's game is its summary's, in a file of two games" "1 1 2 2" \
    "$(jq -r 'select(.code == "bad-token" or .type == "summary") | .game' <<<"$out" | tr '\n' ' ' | sed 's/ $//')"
expect "jq's select(.game == 2) keeps the second game's problem" "'yy' is not a move, event, number, NAG or result" \
    "$(jq -r 'select(.game == 2 and .severity == "error") | .message' <<<"$out")"
# ... and a file that fails before its first item (a YAML syntax error outside any formation) has
# none: both say null, where the summary said 0 (break9 H5)
printf 'name: x\nsetup: [a, b\n' >"$tmp/unclosed.yaml"
run "$V" --format json "$tmp/unclosed.yaml"
expect "a YAML syntax error before any formation: its diagnostic's and its summary's game" "1 null null" \
    "$rc $(jq -r '.game' <<<"$out" | tr '\n' ' ' | sed 's/ $//')"

for line in "${fixtures[@]}"; do
    read -r f code move record words <<<"$line"
    offset=$((0x19C + 10 * record))
    hex=$(printf '0x%X' "$offset")

    run "$V" --format json "$C/$f"
    expect "junqi-validate --format json $f: exit status" 1 "$rc"
    expect "junqi-validate --format json $f: first error (code move record offset)" \
        "$code $move $record $offset" "$(first_error)"
    got=$(jq -r -s -c 'map(select(.severity == "error")) | first
                       | [.file, .severity, .line, .column]' "$tmp/out" 2>/dev/null)
    expect "$f: first error's file, severity, line, column" \
        "$(jq -n -c --arg f "$C/$f" '[$f, "error", null, null]')" "$got"
    got=$(jq -r -s -c 'map(select(.severity == "error")) | first | keys' "$tmp/out" 2>/dev/null)
    expect "$f: JSON diagnostic fields" \
        '["code","column","file","game","line","message","move","offset","record","severity"]' "$got"
    expect "$f: the game of the first error (a replay holds one)" 1 \
        "$(jq -r -s 'map(select(.severity == "error")) | first | .game' "$tmp/out" 2>/dev/null)"
    msg=$(jq -r -s 'map(select(.severity == "error")) | first | .message' "$tmp/out" 2>/dev/null)
    for w in $words; do
        checks=$((checks + 1))
        grep -qw -- "$w" <<<"$msg" || fail "$f: the message should name '$w', got '$msg'"
    done
    expect "junqi-validate --format json $f: standard error" "" "$err"

    # the text form: FILE: move N (record K, offset 0x...): error: message
    run "$V" "$C/$f"
    expect "junqi-validate $f: exit status" 1 "$rc"
    first=$(grep -m1 ': error: ' "$tmp/out")
    expect "junqi-validate $f: first error line" \
        "$C/$f: move $move (record $record, offset $hex): error: $msg" "$first"
done

# --- the truncated file: an error with the offset of the cut record ---------
f=truncated.jgs
run "$V" --format json "$C/$f"
expect "junqi-validate --format json $f: exit status" 1 "$rc"
got=$(jq -r -s '(map(select(.severity == "error")) | first) // {}
                | "\(.code) \(.record) \(.offset)"' "$tmp/out" 2>/dev/null)
expect "junqi-validate --format json $f: first error (code record offset)" \
    "truncated 14 $((0x228))" "$got"
# move: the cut record would be move 15; the reader gives none (null) today
got=$(jq -r -s 'map(select(.severity == "error")) | first | .move' "$tmp/out" 2>/dev/null)
checks=$((checks + 1))
case "$got" in null | 15) ;; *) fail "$f: move: expected null or 15, got '$got'" ;; esac
run "$V" "$C/$f"
expect "junqi-validate $f: exit status" 1 "$rc"
first=$(grep -m1 ': error: ' "$tmp/out")
checks=$((checks + 1))
case "$first" in
"$C/$f: "*"offset 0x228"*": error: "*) ;;
*) fail "junqi-validate $f: expected an error line '$C/$f: ...offset 0x228...: error: ...', got '$first'" ;;
esac

# --- several files: exit 1 if any is invalid, each file reported ------------
run "$V" --format json "$C/jgs-002861.jgs" "$C/rail-turn.jgs" "$C/jgs-002667.jgs"
expect "junqi-validate valid+invalid+valid: exit status" 1 "$rc"
expect "junqi-validate valid+invalid+valid: files with errors" \
    "$C/rail-turn.jgs" "$(jq -r -s 'map(select(.severity == "error") | .file) | unique | .[]' "$tmp/out")"

# --- --quiet: nothing at all, the exit status tells -------------------------
for q in -q --quiet; do
    run "$V" $q "$C/rail-turn.jgs"
    expect "junqi-validate $q rail-turn.jgs: exit status" 1 "$rc"
    expect "junqi-validate $q rail-turn.jgs: standard output" "" "$out"
    expect "junqi-validate $q rail-turn.jgs: standard error" "" "$err"
done
run "$V" --quiet --format json "$C/truncated.jgs"
expect "junqi-validate --quiet --format json truncated.jgs: exit status" 1 "$rc"
expect "junqi-validate --quiet --format json truncated.jgs: output" "" "$out$err"
run "$V" --quiet "$C/jgs-002861.jgs"
expect "junqi-validate --quiet jgs-002861.jgs: exit status" 0 "$rc"
expect "junqi-validate --quiet jgs-002861.jgs: output" "" "$out$err"

# --- exit 3: a file that cannot be read -------------------------------------
missing=$tmp/no-such-file.jgs
run "$V" "$missing"
expect "junqi-validate MISSING: exit status" 3 "$rc"
expect "junqi-validate MISSING: standard output" "" "$out"
checks=$((checks + 1))
grep -qF -- "$missing" <<<"$err" || fail "junqi-validate MISSING: expected the file name on standard error, got '$err'"
run "$V" "$C/jgs-002861.jgs" "$missing"
expect "junqi-validate VALID MISSING: exit status" 3 "$rc"

# --- exit 2: usage errors, message on standard error only -------------------
for bad in "--no-such-option" "--format xml" "--rules no-such-rules"; do
    # shellcheck disable=SC2086
    run "$V" $bad "$C/jgs-002861.jgs"
    expect "junqi-validate $bad: exit status" 2 "$rc"
    expect "junqi-validate $bad: standard output" "" "$out"
    checks=$((checks + 1))
    [ -n "$err" ] || fail "junqi-validate $bad: expected a message on standard error, got nothing"
done
# --rules on a formation: a rule set that cannot hold it (a flip game's, another board's) is a
# usage error, as for a game (both were accepted, and the formation checked under its own board's
# defaults); one that fits decides the setup rules, and the summary names it (it said null)
F="$JUNQI_ROOT/samples/formations/F01.yaml"
sed 's/\[师长, 连长, 军长, 工兵, 连长\]/[炸弹, 连长, 军长, 工兵, 连长]/; s/\[炸弹, ~, 团长, ~, 司令\]/[师长, ~, 团长, ~, 司令]/' \
    "$F" >"$tmp/front-bomb.yaml"
for rules in standard fanqi; do
    run "$V" --rules "$rules" "$tmp/front-bomb.yaml"
    expect "junqi-validate --rules $rules on a four-player formation: exit and standard output" "2 " "$rc $out"
done
expect "--rules fanqi on a formation: the message" "junqi-validate: $tmp/front-bomb.yaml: \
formation 1 (line 3): --rules fanqi is a flip game's rule set, and this is a formation" "$(head -n 1 <<<"$err")"
run "$V" --rules standard "$F"
expect "--rules standard on a four-player formation: the message" "junqi-validate: $F: formation 1 (line 3): \
--rules standard is for the two-player board, and this is a four-player formation" "$(head -n 1 <<<"$err")"
run "$V" --rules qq,bomb_front_row=allow --format json "$tmp/front-bomb.yaml"
expect "--rules qq,bomb_front_row=allow on a formation with a bomb in the front row: exit, valid, rules" \
    "0 true qq,bomb_front_row=allow" "$rc $(jq -r '"\(.valid) \(.rules)"' <<<"$out")"
run "$V" "$tmp/front-bomb.yaml"
expect "a formation with a bomb in the front row under its own rules: exit" 1 "$rc"
# a QQ formation (.jql) is a four-player one (its summary's board was null, and --rules standard
# was taken); a YAML formation that names no board is on the board of --rules
run "$V" --format json "$JUNQI_ROOT/tests/data/jql/F01.jql"
expect "a .jql formation: its board" "0 four-player" "$rc $(jq -r .board <<<"$out")"
run "$V" --rules standard "$JUNQI_ROOT/tests/data/jql/F01.jql"
expect "--rules standard on a .jql formation: a usage error" 2 "$rc"
grep -v '^board:' "$F" >"$tmp/no-board.yaml"
run "$V" --rules standard --format json "$tmp/no-board.yaml"
expect "--rules standard on a formation that names no board: valid, on its board" "0 two-player standard" \
    "$rc $(jq -r '"\(.board) \(.rules)"' <<<"$out")"

run "$V" --no-such-option "$C/jgs-002861.jgs"
checks=$((checks + 1))
grep -qF -- "--no-such-option" <<<"$err" ||
    fail "junqi-validate --no-such-option: expected the option named on standard error, got '$err'"

# --- --help and --version: standard output, exit 0 --------------------------
run "$V" --help
expect "junqi-validate --help: exit status" 0 "$rc"
expect "junqi-validate --help: standard error" "" "$err"
checks=$((checks + 1))
grep -q '^Usage: junqi-validate' <<<"$out" || fail "junqi-validate --help: expected 'Usage: junqi-validate' on standard output, got '${out:0:80}'"
for opt in --format --quiet --rules; do
    checks=$((checks + 1))
    grep -qe "$opt" <<<"$out" || fail "junqi-validate --help: expected $opt to be described"
done
run "$V" --version
expect "junqi-validate --version: exit status" 0 "$rc"
expect "junqi-validate --version: standard error" "" "$err"
checks=$((checks + 1))
[ -n "$out" ] || fail "junqi-validate --version: expected the version on standard output, got nothing"

# --- standard input: '-' and no file argument -------------------------------
for args in "-" ""; do
    label="junqi-validate --format json ${args:-(no file)} < rail-turn.jgs"
    # shellcheck disable=SC2086
    run_in "$C/rail-turn.jgs" "$V" --format json $args
    expect "$label: exit status" 1 "$rc"
    expect "$label: first error" "rail-turn 9 8 $((0x19C + 80))" "$(first_error)"
    label="junqi-validate ${args:-(no file)} < jgs-002861.jgs"
    # shellcheck disable=SC2086
    run_in "$C/jgs-002861.jgs" "$V" $args
    expect "$label: exit status" 0 "$rc"
    label="junqi-validate ${args:-(no file)} < truncated.jgs"
    # shellcheck disable=SC2086
    run_in "$C/truncated.jgs" "$V" --format json $args
    expect "$label: exit status" 1 "$rc"
    expect "$label: error code" truncated \
        "$(jq -r -s 'map(select(.severity == "error")) | first | .code' "$tmp/out" 2>/dev/null)"
done

# The inputs below took long to read (a time or memory that grew as the square
# of their size): as large as it takes for the code before to fail, under
# AddressSanitizer too (a record's arrays grow by doubling: its allocator
# copies a block at each reallocation, and one more item at a time took 13
# minutes there for 200,000 comments)
sanitized=false
ldd "$V" 2>/dev/null | grep -q libasan && sanitized=true

# --- a game on one very long line: the line is shown in part round the error
# (docs/conventions.md "Diagnostics"), at once and in a few hundred bytes, not
# the whole megabyte once for the line and once in spaces for the caret
"$JUNQI_BIN/junqi-replay" --to jgn "$JUNQI_ROOT/samples/qq/jgs-000689.jgs" >"$tmp/game.jgn"
moves=$(sed '1,/^$/d' "$tmp/game.jgn" | tr '\n' ' ')
{
    sed '/^$/q' "$tmp/game.jgn"
    printf '%s {' "${moves%% 2. *}"
    head -c 1000000 /dev/zero | tr '\0' x
    printf '} 2. %s\n' "${moves#* 2. }" | sed 's/ 192\. / 192. zz9-b1 /'
} >"$tmp/long.jgn"
run timeout 60 "$V" "$tmp/long.jgn"
expect "junqi-validate on a game on one line of 1 MB: exit status" 1 "$rc"
expect "... the error, the part of the line round it and the caret, in under 400 bytes" yes \
    "$([ "${#out}" -lt 400 ] && echo yes || echo "no: ${#out} bytes")"
expect "... the part round the error, cut on both sides" \
    "  ...8=g6 left:east eliminated:south:surrender 192. zz9-b1 a7>a8 eliminated:west:flag_captured nort...|                                                    ^" \
    "$(sed -n '2,3p' <<<"$out" | paste -sd'|')"
run timeout 60 "$V" --format json "$tmp/long.jgn"
expect "... in JSON: the same error, where it is" "bad-token 1002236" \
    "$(jq -r 'select(.severity == "error") | "\(.code) \(.column)"' <<<"$out")"

# --- many comments on one line: each comment's column is counted on from the
# last, not from the start of the line (200,000 comments took 37 s)
n=200000
{
    printf '[Board "two-player"]\n\n1. a6-a7 '
    yes '{c}' | head -n "$n" | tr '\n' ' '
    printf '{a\001b} *\n'
} >"$tmp/comments.jgn"
run timeout 10 "$V" --format json "$tmp/comments.jgn"
expect "junqi-validate on $n comments on one line: at once, the last one's control character located" \
    "control-character 3:$((9 + 4 * n + 3))" \
    "$(jq -r 'select(.code == "control-character") | "\(.code) \(.line):\(.column)"' <<<"$out")"

# --- 20,000 control characters in one comment: 20,000 warnings on one line,
# each keeping the part of the line round it, not a copy of all of it (400 MB
# for this 20 KB file; 250 MB of address space is plenty now, where
# AddressSanitizer, which reserves terabytes, does not run the tool)
{
    printf '[Board "two-player"]\n\n{'
    head -c 20000 /dev/zero | tr '\0' '\001'
    printf '} *\n'
} >"$tmp/controls.jgn"
limit=250000
! $sanitized || limit=unlimited
(ulimit -v "$limit" && "$V" "$tmp/controls.jgn" >"$tmp/out" 2>"$tmp/err")
expect "junqi-validate on 20,000 control characters on one line, in 250 MB: each warning with its line and caret" \
    "20000 20000 20000" \
    "$(grep -c ': warning: the comment holds the control character U+0001' "$tmp/out") $(grep -c '^  .*\\x01' "$tmp/out") $(grep -c '^ *^$' "$tmp/out")"

# --- a file of 20,000 broken formations: the lines of each one's problems are
# looked for from those of the one before, not from the start of the file
# (46 s for these 3 MB)
n=20000
awk -v n="$n" 'BEGIN { for (i = 1; i <= n; i++)
    printf "- name: f%d\n  rows:\n    - [7, 3, 8, 1, 3]\n    - [B, ~, 5, ~, 9]\n    - [4, 1, ~, 6, 2]\n" \
           "    - [2, ~, 5, ~, 3]\n    - [L, 1, B, 6, L]\n    - [2, L, 4, F, B]\n", i }' >"$tmp/many.yaml"
run timeout 10 "$V" "$tmp/many.yaml"
at=$((8 * (n - 1) + 1))
expect "junqi-validate on $n broken formations: at once, the last one's problem located, with its line" \
    "$tmp/many.yaml:$at:3: error: f$n: wrong number of bombs: 2 expected, found 3|  - name: f$n|    ^" \
    "$(grep -A2 ":$at:3: error: f$n: wrong number of bombs" <<<"$out" | paste -sd'|')"

# --- defect 1: an error of a one-seat JGN record with no place of its own (no
# setup tag to point at) is located at its game's line, FILE:LINE:COL as every
# text input's, not "record 0 (offset 0x0)" as if it were a binary record
printf '[Board "two-player"]\n[South "Li"]\n\n*\n\n[Board "four-player"]\n[View "east"]\n[East "Me"]\n\n*\n' \
    >"$tmp/one-seat.jgn"
run "$V" "$tmp/one-seat.jgn"
expect "defect 1: one-seat games: exit status" 1 "$rc"
expect "defect 1: one-seat games: each error at its game's line" \
    "$tmp/one-seat.jgn:1:1: error: only one seat takes part: a game needs two sides|$tmp/one-seat.jgn:6:1: error: only one seat takes part: a game needs two sides" \
    "$(grep ': error: ' <<<"$out" | paste -sd'|')"
expect "defect 1: one-seat games: the line of each game under its error" '  [Board "two-player"]|  [Board "four-player"]' \
    "$(grep -A1 ': error: ' <<<"$out" | grep '^  \[' | paste -sd'|')"
run "$V" --format json "$tmp/one-seat.jgn"
expect "defect 1: one-seat games in JSON: line, column, record, offset" "1 1 null null|6 1 null null" \
    "$(jq -r 'select(.severity == "error") | "\(.line) \(.column) \(.record) \(.offset)"' <<<"$out" | paste -sd'|')"

# --- defect 2: a formation whose rows (or one row) are a scalar, not a list:
# one error, at the scalar (libyaml's mark), and nothing more of that
# formation (no empty point at "record 0 (offset 0x0)", no piece counts); the
# next formation of the file is checked as ever
{
    printf -- '- name: scalar\n  board: four-player\n  rows: hello\n'
    printf -- '- name: row\n  rows:\n    - [7, 3, 8, 1, 3]\n    - hello\n    - [4, 1, ~, 6, 2]\n'
    printf -- '    - [2, ~, 5, ~, 3]\n    - [L, 1, B, 6, L]\n    - [2, L, 4, F, B]\n'
    sed -n '/^name:/,$s/^/  /p' "$JUNQI_ROOT/samples/formations/F07.yaml" | sed '1s/^  /- /'
} >"$tmp/scalar-rows.yaml"
run "$V" "$tmp/scalar-rows.yaml"
expect "defect 2: rows a scalar: exit status" 1 "$rc"
expect "defect 2: rows a scalar: one error each, at the scalar, and the valid formation valid" \
    "$tmp/scalar-rows.yaml:3:9: error: rows must be a list of 6 rows|    rows: hello|          ^|$tmp/scalar-rows.yaml: formation 1 (line 1): invalid, 1 error: formation scalar|$tmp/scalar-rows.yaml:7:7: error: row 2 must be a list of 5 entries|      - hello|        ^|$tmp/scalar-rows.yaml: formation 2 (line 4): invalid, 1 error: formation row|$tmp/scalar-rows.yaml: formation 3 (line 12): valid: formation F07" \
    "$(paste -sd'|' <<<"$out")"

# --- defect 3: a JGN file whose first tag is broken is read as JGN, by the
# shape of its leading tag, and its tag error located; not taken for YAML (a
# flow sequence) or an unknown format. A YAML flow sequence stays YAML.
for spec in '[Board four-player]|1:8: error: the tag value must be in double quotes' \
    '[Board]|1:7: error: the tag value must be in double quotes' \
    '[Board "two-player"|1:20: error: '"']'"' was expected after the tag value'; do
    tag=${spec%%|*}
    printf '%s\n[South "x"]\n[North "y"]\n\n*\n' "$tag" >"$tmp/broken-tag.jgn"
    run "$V" "$tmp/broken-tag.jgn"
    expect "defect 3: $tag first: exit status" 1 "$rc"
    expect "defect 3: $tag first: read as JGN, the tag's error located" \
        "$tmp/broken-tag.jgn:${spec#*|}|$tmp/broken-tag.jgn: game 1 (line 1): invalid" \
        "$(grep -m1 ': error: ' <<<"$out")|$(tail -n1 <<<"$out" | grep -o '^.*: invalid')"
    expect "defect 3: $tag first: its error alone (no 'no Board tag' warning besides)" 0 \
        "$(grep -c 'no Board tag' <<<"$out")"
done
printf '[{name: flow, rows: [[7,3,8,1,3],[B,~,5,~,9],[4,1,~,6,2],[2,~,5,~,3],[L,1,B,6,L],[2,L,4,F,7]]}]\n' \
    >"$tmp/flow.yaml"
run "$V" "$tmp/flow.yaml"
expect "defect 3: a YAML flow sequence of formations is still YAML" \
    "0 $tmp/flow.yaml: formation 1 (line 1): valid: formation flow" "$rc $out"

# --- h-break5 C4: a record with neither a Board nor a Rules tag, read with --rules, is on
# that rule set's board: it was read as a four-player game before --rules was applied, so a
# two-player record typed without tags could not be checked at all
printf '[NorthSetup "36615/7.3.9/81.B7/B.4.3/225L4/12LFL"]\n[SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]\n\n1. c6<c7 2. a7<a6 *\n' \
    >"$tmp/untagged.jgn"
run "$V" --rules standard "$tmp/untagged.jgn"
expect "C4: --rules standard: an untagged record is a two-player game" \
    "0|$tmp/untagged.jgn:1:1: warning: no Board tag: the rule set it is read with, 'standard', is played on the two-player board, which is assumed|$tmp/untagged.jgn: game 1 (line 1): valid, 1 warning: two-player game, 2 players, 2 moves, unfinished" \
    "$rc|$(head -n1 <<<"$out")|$(tail -n1 <<<"$out")"
run "$V" "$tmp/untagged.jgn"
expect "C4: without --rules the untagged record is still on the four-player board" \
    "1 $tmp/untagged.jgn:1:1: warning: no Board tag: the four-player board is assumed" "$rc $(head -n1 <<<"$out")"
run "$V" --rules qq "$tmp/untagged.jgn"
expect "C4: --rules qq: the four-player board" \
    "1 $tmp/untagged.jgn:1:1: warning: no Board tag: the rule set it is read with, 'qq', is played on the four-player board, which is assumed" \
    "$rc $(head -n1 <<<"$out")"
run "$JUNQI_BIN/junqi-replay" --rules standard --to jgn "$tmp/untagged.jgn"
expect "C4: junqi-replay --rules standard --to jgn names the board" '0 [Board "two-player"]' "$rc $(head -n1 <<<"$out")"

# --- h-break4 K12: a QQ file cut inside its magic was "not a format junqi reads"; it is a QQ file
# cut short, said where
head -c 12 "$JUNQI_ROOT/tests/data/jql/F01.jql" >"$tmp/cut-magic.jql"
run "$V" "$tmp/cut-magic.jql"
expect "a .jql cut inside its magic: where it ends" \
    "1 $tmp/cut-magic.jql: offset 0x0: error: the file ends at byte 0xC inside the magic (offset 0x0), which needs 16 bytes; a formation has 50" \
    "$rc $(head -n 1 <<<"$out")"

# --- defect 4: a game with an illegal move: its summary says how many moves
# were legal and where the checks stopped, not the whole game's moves and a
# result of positions that never happened (docs/conventions.md)
run "$V" "$C/rail-turn.jgs"
expect "defect 4: rail-turn.jgs: the summary line" \
    "$C/rail-turn.jgs: invalid, 1 error: four-player game, 4 players, 8 of 21 moves legal, stopped before move 9" \
    "$(tail -n1 <<<"$out")"
"$JUNQI_BIN/junqi-replay" --to jgn "$C/jgs-002861.jgs" | sed 's/^9\. h12-h13 /9. h12-i12 /' >"$tmp/illegal.jgn"
run "$V" "$tmp/illegal.jgn"
expect "defect 4: the same in JGN: the summary line" \
    "$tmp/illegal.jgn: game 1 (line 1): invalid, 1 error: four-player game, 4 players, 8 of 21 moves legal, stopped before move 9" \
    "$(tail -n1 <<<"$out")"

# --- a seat's record of a dark game that no game could have given: south's
# engineer beats a piece of north's front row (an engineer beats only a
# landmine, and landmines stand in the back two rows). The error is at the
# first move after which no identities of north's pieces agree (move 3, after
# two moves that agree), and every seat's record of every real game of the
# corpus is one a game gave (libcore/infer.h)
printf '%s\n' '[Board "two-player"]' '[Rules "standard"]' '[View "south"]' '[North "?"]' '[South "?"]' \
    '[SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]' '' '1. a6-b5 2. a7-b8 3. c6>c7 4. e7-d8 *' \
    >"$tmp/no-assignment.jgn"
run "$V" --format json "$tmp/no-assignment.jgn"
expect "a view record no game could have given: exit 1, one no-assignment error at move 3" \
    "1 no-assignment 3 8 22" \
    "$rc $(jq -r 'select(.severity == "error") | "\(.code) \(.move) \(.line) \(.column)"' <<<"$out" | paste -sd'|')"
sed 's/3\. c6>c7/3. c6<c7/' "$tmp/no-assignment.jgn" >"$tmp/agrees.jgn"
run "$V" "$tmp/agrees.jgn"
expect "the same record with the engineer losing that attack: valid" 0 "$rc"
# a record from a position string whose hidden pieces are '?', with no View: checked with every
# identity it shows (it was valid, and junqi-analyze --engine took it: docs/protocol.md). South's
# view after 14 moves of jgs-000689, then 15. g6xf7, which south's record of it cannot have;
# with the move the game had, 15. g6>f7, valid
printf '[Position "%s"]\n\n15. g6xf7 *\n' \
    "$("$JUNQI_BIN/junqi-replay" --ply 14 --view south --format pos "$JUNQI_ROOT/samples/qq/jgs-000689.jgs")" \
    >"$tmp/position-no-assignment.jgn"
run "$V" --format json "$tmp/position-no-assignment.jgn"
expect "a position record no game could have given: exit 1, one no-assignment error at move 15" \
    "1 no-assignment 15 3 5 no identities of the hidden pieces agree with the record up to this move: no game could have given it" \
    "$rc $(jq -r 'select(.severity == "error") | "\(.code) \(.move) \(.line) \(.column) \(.message)"' <<<"$out" | paste -sd'|')"
sed 's/g6xf7/g6>f7/' "$tmp/position-no-assignment.jgn" >"$tmp/position-agrees.jgn"
run "$V" "$tmp/position-agrees.jgn"
expect "the same position record with the move the game had: valid" 0 "$rc"
for seat in north east south west; do
    for f in "${corpus[@]}"; do "$JUNQI_BIN/junqi-replay" --view "$seat" --to jgn "$f" 2>/dev/null; done >"$tmp/view-$seat.jgn" # a seat not in a game: no record
done
run "$V" --quiet "$tmp"/view-*.jgn
expect "every seat's record of every replay of the corpus: valid (an assignment agrees with it)" 0 "$rc"

# --- every real replay of the corpus (tests/cli/lib) validates ---------------
run "$V" --quiet "${corpus[@]}"
expect "junqi-validate --quiet on the ${#corpus[@]} replays of the corpus: exit status" 0 "$rc"

# replays joined on standard input (cat a.jgs b.jgs | junqi-validate): a file holds one replay;
# the first is read and the warning says where the second begins (it said the bytes were a
# comment block too large for the file), and giving the files separately reads both
A=$JUNQI_ROOT/samples/qq/jgs-000689.jgs B=$JUNQI_ROOT/samples/qq/jgs-000001.jgs
cat "$A" "$B" >"$tmp/joined.jgs"
run_in "$tmp/joined.jgs" "$V"
expect "cat a.jgs b.jgs | junqi-validate: exit status and the warning" \
    "0|<stdin>: offset 0x960: warning: a second replay (\"QQGame JQS\") begins at offset 0x960: a file holds one replay, and what follows the first is not read; give each replay as a file of its own" \
    "$rc|$(head -n 1 <<<"$out")"
expect "cat a.jgs b.jgs | junqi-validate: one item, the first replay" 1 "$(grep -c '^<stdin>: valid' <<<"$out")"
run "$V" "$A" "$B"
expect "junqi-validate a.jgs b.jgs: both, no warning" "0|2" "$rc|$(grep -c ': valid: ' <<<"$out")"

# a record from a set position numbers its moves on from the position's ply, and so do its
# diagnostics: the first move of a record from ply 40 is move 41 in the text, the summary and JSON
# (JSON said move 1)
printf '%s\n' '[Board "two-player"]' \
    '[Position ".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -"]' \
    '' '41. b11-b10 42. a1-a2 *' >"$tmp/from40.jgn"
run "$V" --format json "$tmp/from40.jgn"
expect "an illegal move of a record from ply 40: its JSON move number" "no-piece 42" \
    "$(jq -r 'select(.severity == "error") | "\(.code) \(.move)"' <<<"$out")"
run "$V" "$tmp/from40.jgn"
expect "an illegal move of a record from ply 40: the summary" "1 of 2 moves legal, stopped before move 42" \
    "$(grep -o '[0-9]* of [0-9]* moves legal, stopped before move [0-9]*' <<<"$out")"

# --- YAML nested deep: libyaml takes time in the square of a flow collection's
# depth (200 KB of '[' took 40 s), so collections nested deeper than any formation
# are refused at the first one too deep (too-deep: the 65th, counting the
# formation), at once
python3 -c "print('rows: ' + '[' * 60000 + ']' * 60000)" >"$tmp/deep.yaml"
SECONDS=0
run timeout 20 "$V" --format json "$tmp/deep.yaml"
expect "60,000 nested flow sequences: exit status, code, line and column, within 5 s" "1|too-deep 1 70|1" \
    "$rc|$(jq -r 'select(.code) | "\(.code) \(.line) \(.column)"' <<<"$out" | paste -sd'|')|$((SECONDS < 5))"
{ printf 'name: deep\nrows:\n'; for i in $(seq 1 70); do printf '%*s-\n' $((2 * i)) ''; done; } >"$tmp/deep-block.yaml"
run "$V" "$tmp/deep-block.yaml"
expect "70 nested block sequences: one too-deep error at the 65th" \
    "1|$tmp/deep-block.yaml:66:129: error: lists and mappings are nested deeper than 64 levels; a formation file needs 4" \
    "$rc|$(grep ': error: ' <<<"$out" | paste -sd'|')"
run "$V" "$JUNQI_ROOT/samples/formations/F07.yaml" "$tmp/deep.yaml" "$JUNQI_ROOT/samples/formations/F13.yaml"
expect "a deep file between two formations: the others are checked" "1|2" "$rc|$(grep -c ': valid: formation' <<<"$out")"

# --- a YAML formation with a byte that is not UTF-8 (a name saved as GBK) is a YAML
# file all the same: a yaml-syntax error at that byte (it was "not a format junqi
# reads" when the byte came within libyaml's first read, and at 1:1 after it)
F07=$JUNQI_ROOT/samples/formations/F07.yaml
{ cat "$F07"; printf 'aliases: [\xba\xd3\xb6\xab]\n'; } >"$tmp/gbk.yaml"
run "$V" --format json "$tmp/gbk.yaml"
expect "a GBK alias in a formation: exit status, code, line and column" "1|yaml-syntax 12 11" \
    "$rc|$(jq -r 'select(.code) | "\(.code) \(.line) \(.column)"' <<<"$out")"
# a formation saved as GBK throughout (an older Chinese editor's) is read as GBK, as a JGN game
# is, with a not-utf8 warning at its first character that is not ASCII (it was "not a format junqi
# reads" when that byte came in a comment of the first lines, a yaml-syntax error later)
for skip in 1 3; do # with F07's comment lines (Chinese in the first) and without
    tail -n +"$skip" "$F07" | iconv -f UTF-8 -t GBK >"$tmp/all-gbk.yaml"
    place=$(tail -n +"$skip" "$F07" | grep -n -m 1 -P '[^\x00-\x7f]' | cut -d: -f1)
    run "$V" --format json "$tmp/all-gbk.yaml"
    expect "a formation all in GBK (from line $skip of F07): exit, the warning, the summary" \
        "0|not-utf8 $place|true F07" \
        "$rc|$(jq -r 'select(.code) | "\(.code) \(.line)"' <<<"$out")|$(jq -r 'select(.type) | "\(.valid) \(.formation)"' <<<"$out")"
done
# the warning is at the first character that is not ASCII, where the GBK reading starts: 小明 in
# GBK is D0 A1 C3 F7, whose D0 A1 is UTF-8 too, and the warning was at 明 (1:8), the first byte
# that is not UTF-8
{ echo 'name: 小明'; tail -n +4 "$F07"; } | iconv -f UTF-8 -t GBK >"$tmp/xiaoming.yaml"
run "$V" --format json "$tmp/xiaoming.yaml"
expect "a GBK formation named 小明: the warning at 小" "0|not-utf8 1:7" \
    "$rc|$(jq -r 'select(.code) | "\(.code) \(.line):\(.column)"' <<<"$out")"
# a full-width colon after a key, as a Chinese input method types it, was libyaml's "could not
# find expected ':'" a line further on; it is named where it is (a full-width comma in a name
# that libyaml reads is the name's)
for spec in 'name:3:5' 'board:4:6' 'rows:5:5'; do # the first key's was "not a format junqi reads"
    sed "s/^${spec%%:*}:/${spec%%:*}：/" "$F07" >"$tmp/full-width.yaml"
    [ "${spec%%:*}" != name ] || iconv -f UTF-8 -t GBK "$tmp/full-width.yaml" >"$tmp/full-width-gbk.yaml"
    run "$V" "$tmp/full-width.yaml"
    expect "a full-width colon after $spec's key: the error" \
        "1|$tmp/full-width.yaml:${spec#*:}: error: '：' is a full-width ':': YAML's marks are ASCII (half-width) characters" \
        "$rc|$(head -n 1 <<<"$out")"
done
run "$V" --format json "$tmp/full-width-gbk.yaml"
expect "a full-width colon after the first key, the file saved as GBK: the warning, the error" \
    "1|not-utf8 1:59,yaml-syntax 3:5" "$rc|$(jq -r 'select(.code) | "\(.code) \(.line):\(.column)"' <<<"$out" | paste -sd,)"
sed 's/^name: F07/name: F07，新/' "$F07" >"$tmp/full-width.yaml"
run "$V" "$tmp/full-width.yaml"
expect "a full-width comma in a formation's name: read" "0" "$rc"
# full-width commas between a row's entries, as a Chinese input method types them, were "row 1
# has 1 entry, a row has 5" and "'军长，工兵，工兵，排长，团长' is not a piece name": the comma is named
sed 's/^  - \[军长, 工兵, 工兵, 排长, 团长\]/  - [军长，工兵，工兵，排长，团长]/' "$F07" >"$tmp/full-width.yaml"
run "$V" "$tmp/full-width.yaml"
expect "full-width commas in a row: the one error" \
    "1|$tmp/full-width.yaml:6:6: error: '，' is a full-width ',': YAML's marks are ASCII (half-width) characters|1" \
    "$rc|$(head -n 1 <<<"$out")|$(grep -c ': error:' <<<"$out")"
# two JGN files joined, the first without a line break at its end (printf '%s' "$(...)" > a.jgn):
# the second game's tags follow the first's result on its line; 'north-south[Board' was "not a
# move, event, number, NAG or result", the cause left to guess (break6 E6)
printf '[Board "two-player"]\n[Result "*"]\n\n*' >"$tmp/unended.jgn"
cat "$tmp/unended.jgn" "$tmp/unended.jgn" >"$tmp/joined.jgn"
run "$V" "$tmp/joined.jgn"
expect "a game's tags after the result on its line: the error at the '['" \
    "1|$tmp/joined.jgn:4:2: error: a tag's '[' after '*' on its line: a game's tags begin a line of their own (a file joined to one that does not end in a line break?)" \
    "$rc|$(head -n 1 <<<"$out")"
# a camp written '_', as the published 28-in-1 text marks one, was "'_' is not a piece name (e.g.
# 司令, ...)", which did not say how a camp is written (break6 E5); the camp is named
sed 's/^  - \[司令, ~, 连长, ~, 排长\]/  - [司令, _, 连长, camp, 排长]/' "$F07" >"$tmp/camp.yaml"
run "$V" "$tmp/camp.yaml"
expect "a camp written '_': the one error, naming the camp and how to write it" \
    "1|$tmp/camp.yaml:7:10: error: '_' is not a piece name, and row 2, column 2 is a camp, which starts empty: write ~ (or camp) there|1" \
    "$rc|$(head -n 1 <<<"$out")|$(grep -c ': error:' <<<"$out")"
# a key typed in full-width letters (ｒｏｗｓ) was "unknown key 'ｒｏｗｓ'": the key meant is named
sed 's/^rows:/ｒｏｗｓ:/' "$F07" >"$tmp/full-width.yaml"
run "$V" "$tmp/full-width.yaml"
expect "a key in full-width letters: the key meant" \
    "1|$tmp/full-width.yaml:5:1: error: the key 'ｒｏｗｓ' is in full-width letters: write 'rows'" "$rc|$(head -n 1 <<<"$out")"
# a row in 【 】 or ［ ］, or a row's '-' typed as －, is YAML all the same (a text where a list
# was wanted): "row 1 must be a list of 5 entries", "rows must be a list of 6 rows" did not
# say why; the mark is named where it is
for spec in 's/^  - \[\(.*\)\]$/  - 【\1】/:6:5:【:[' 's/^  - \[\(.*\)\]$/  - ［\1］/:6:5:［:[' \
    's/^  - \[/  － [/:6:3:－:-'; do
    IFS=: read -r script line column mark ascii <<<"$spec"
    sed "$script" "$F07" >"$tmp/full-width.yaml"
    run "$V" "$tmp/full-width.yaml"
    expect "a row in $mark: the error" \
        "1|$tmp/full-width.yaml:$line:$column: error: '$mark' is a full-width '$ascii': YAML's marks are ASCII (half-width) characters" \
        "$rc|$(head -n 1 <<<"$out")"
done
# ... after a byte order mark too (it was taken for GBK and glued to the first key); a NUL byte in
# it is the nul-byte error at the byte (it was "not a format"); a file of two GBK formations warns
# for each, as a JGN file does for each game, so that a tool taking the second says it too
iconv -f UTF-8 -t GBK "$F07" >"$tmp/f07.gbk"
{ printf '\xef\xbb\xbf'; cat "$tmp/f07.gbk"; } >"$tmp/bom-gbk.yaml"
run "$V" --format json "$tmp/bom-gbk.yaml"
expect "a byte order mark, then GBK: exit, the warning, the summary" "0|not-utf8 1|true F07" \
    "$rc|$(jq -r 'select(.code) | "\(.code) \(.line)"' <<<"$out")|$(jq -r 'select(.type) | "\(.valid) \(.formation)"' <<<"$out")"
{ cat "$tmp/f07.gbk"; printf '# \0\n'; } >"$tmp/nul-gbk.yaml"
run "$V" --format json "$tmp/nul-gbk.yaml"
expect "GBK with a NUL byte: the warning, then nul-byte at the byte" "1|not-utf8 1:59,nul-byte $(($(wc -l <"$F07") + 1)):3" \
    "$rc|$(jq -r 'select(.code) | "\(.code) \(.line):\(.column)"' <<<"$out" | paste -sd,)"
{ cat "$tmp/f07.gbk"; echo ---; iconv -f UTF-8 -t GBK "$JUNQI_ROOT/samples/formations/F01.yaml"; } >"$tmp/two-gbk.yaml"
run "$V" "$tmp/two-gbk.yaml"
expect "two GBK formations: a warning for each" 2 "$(grep -c 'warning: the file is not UTF-8: read as GBK' <<<"$out")"
run "$JUNQI_BIN/junqi-replay" --setup south="$tmp/two-gbk.yaml#2" --setup north="$F07" --to jgn
expect "junqi-replay --setup FILE#2 of GBK formations: the warning" "0 1" \
    "$rc $(grep -c 'warning: the file is not UTF-8: read as GBK' <<<"$err")"
# a formations folder's GBK files are searched by name as they are read (the name was never found)
mkdir -p "$tmp/gbk-folder"
sed 's/^name: .*/name: 我的阵\naliases: [Mine]/' "$F07" | iconv -f UTF-8 -t GBK >"$tmp/gbk-folder/mine.yaml"
for called in Mine 我的阵; do
    JUNQI_FORMATIONS="$tmp/gbk-folder" run "$JUNQI_BIN/junqi-replay" --setup south="$called" --setup north="$F07" --to jgn
    expect "--setup south=$called from a folder's GBK file: exit, the setup" "0 1" "$rc $(grep -c '^\[SouthSetup ' <<<"$out")"
done
# a UTF-8 file with a line of GBK is UTF-8 with bad bytes: libyaml's error at the first of them,
# where its sequence starts (GBK read the whole file, and its Chinese piece names became others:
# 25 unknown-piece-name errors; the error said the second byte); so is a cut sequence
{ printf '# \xce\xd2\xb5\xc4\xb2\xbc\xd5\xf3\n'; tail -n +3 "$F07"; } >"$tmp/utf8-gbk-line.yaml"
{ tail -n +3 "$F07"; printf 'aliases: [x\xf0\x90\x80]\n'; } >"$tmp/cut.yaml"
for f in utf8-gbk-line:1:3 cut:10:12; do
    run "$V" --format json "$tmp/${f%%:*}.yaml"
    expect "${f%%:*}.yaml: one yaml-syntax error at its first byte that is not UTF-8" "1|yaml-syntax ${f#*:}" \
        "$rc|$(jq -r 'select(.code) | "\(.code) \(.line):\(.column)"' <<<"$out" | paste -sd,)"
done
{ cat "$F07"; python3 -c "print('# ' + 'x' * 20000)"; printf 'aliases: [\xba\xd3\xb6\xab]\n'; } >"$tmp/gbk-late.yaml"
run "$V" --format json "$tmp/gbk-late.yaml"
expect "a GBK alias after 20 KB: located at its byte" "1|yaml-syntax 13 11" \
    "$rc|$(jq -r 'select(.code) | "\(.code) \(.line) \(.column)"' <<<"$out")"
{ cat "$F07"; printf '# a bell \a in a comment\n'; } >"$tmp/bell.yaml"
run "$V" "$tmp/bell.yaml"
expect "a control character in a YAML comment: a yaml-syntax error at it" \
    "1|$tmp/bell.yaml:12:10: error: YAML: control characters are not allowed" \
    "$rc|$(grep ': error: ' <<<"$out")"
# (\xff \x80 first: \xff \xfe would start UTF-16, once in 256 runs)
head -c 4096 /dev/urandom | tr '\000' x | sed '1s/^/\xff\x80/' >"$tmp/noise.bin"
run "$V" --format json "$tmp/noise.bin"
expect "bytes that are not UTF-8 from the first: still no format" "1|unknown-format" "$rc|$(jq -r 'select(.code) | .code' <<<"$out")"

# --- JSON offsets are byte offsets in the file, or null: a YAML formation's were
# libyaml's count of characters (328 for byte 426 after Chinese names), a position
# string's the byte in its line (the same on line 2 as on line 1); text inputs are
# located by line and column, and their offset is null as JGN's
sed 's/军旗, 地雷\]/军旗, 地XX]/' "$F07" >"$tmp/bad-name.yaml"
run "$V" --format json "$tmp/bad-name.yaml"
expect "a bad piece name after Chinese names: line, column, offset" "11 22 null" \
    "$(jq -r 'select(.code) | "\(.line) \(.column) \(.offset)"' <<<"$out")"
p=$("$JUNQI_BIN/junqi-replay" --format pos "$JUNQI_ROOT/samples/qq/jgs-000001.jgs" --ply 3)
printf '%s\n%s\n' "$p" "${p% e 1 3 -} x 1 3 -" >"$tmp/two.pos"
run "$V" --format json "$tmp/two.pos"
expect "a bad seat in the second position string: line, column, offset" "2 $((${#p} - 6)) null" \
    "$(jq -r 'select(.code) | "\(.line) \(.column) \(.offset)"' <<<"$out")"

# --- a wrong outcome names the move as the record writes it, its outcome's sign and all:
# 'a6<a7: the record says ...' (it said 'a6-a7', the sign of a move to an empty point)
cat >"$tmp/outcome.jgn" <<'EOF'
[Board "two-player"]
[NorthSetup "36615/7.3.9/81.B7/B.4.3/225L4/12LFL"]
[SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]

1. a6<a7 *

[Board "two-player"]
[Rules "fanqi"]
[First "north"]

1. c8^b3 2. c5^r1 colour:south:red 3. a9^b7 4. c6^r9 5. c7^b6 6. c6=c7 *
EOF
run "$V" "$tmp/outcome.jgn"
expect "a wrong outcome: exit status" 1 "$rc"
expect "a wrong outcome: the move as written" \
    "$tmp/outcome.jgn:5:4: error: a6<a7: the record says 'attacker loses', but when a general attacks a colonel the rules say 'attacker wins'" \
    "$(grep -m1 ':5:4: ' <<<"$out")"
# a flip game's names the pieces too, as a formation game's does (it said only "the rules say ...")
expect "a flip game's wrong outcome: the move as written, the pieces named" \
    "$tmp/outcome.jgn:11:66: error: c6=c7: the record says 'both removed', but when a marshal attacks a brigadier the rules say 'attacker wins'" \
    "$(grep -m1 ':11:66: ' <<<"$out")"

# F8: moves with no tag section were refused even with --rules ("JGN moves with no tags before
# them"); with --rules they are a game of that set, on its board, with a warning that says so
printf '1. c8^b3 2. c5^r1 colour:north:red 3. a9^b7 4. c6^r9 5. c7^b6 6. c6>c7 *\n' >"$tmp/tagless.jgn"
run "$V" --rules fanqi "$tmp/tagless.jgn"
expect "F8: tagless moves with --rules fanqi: exit status, the warning, the summary" \
    "0 $tmp/tagless.jgn:1:1: warning: no tag section: the moves are read as a game of the rule set it is read with, 'fanqi', on the two-player board
$tmp/tagless.jgn: game 1 (line 1): valid, 1 warning: fanqi game, 2 players, 6 moves, unfinished" \
    "$rc $(grep -v '^  ' <<<"$out")"
run "$V" --rules fanqi - <"$tmp/tagless.jgn"
expect "F8: tagless moves with --rules fanqi from standard input: exit status, the summary" \
    "0 <stdin>: game 1 (line 1): valid, 1 warning: fanqi game, 2 players, 6 moves, unfinished" "$rc $(tail -n 1 <<<"$out")"
# the user's report: the game is read on the two-player board, where g2 is no square
printf '1. g2-g3 *\n' >"$tmp/m.jgn"
run "$V" --rules standard "$tmp/m.jgn"
expect "F8: '1. g2-g3 *' with --rules standard: exit status, read as a two-player game" \
    "1 $tmp/m.jgn:1:1: warning: no tag section: the moves are read as a game of the rule set it is read with, 'standard', on the two-player board
$tmp/m.jgn:1:4: error: 'g2' (in 'g2-g3') is not a square of the two-player board" "$rc $(grep -v '^  ' <<<"$out" | head -n 2)"
# without --rules the error stays, and names --rules
run "$V" "$tmp/m.jgn"
expect "F8: '1. g2-g3 *' without --rules: exit status, the error" \
    "1 $tmp/m.jgn: error: JGN moves with no tags before them: a JGN game starts with its tag section, at least [Board \"four-player\"] or [Board \"two-player\"], or is read with --rules, on its set's board (docs/jgn.md)" \
    "$rc $(head -n 1 <<<"$out")"
# a comment before the first number (as a tagged game may open with one) was taken for a YAML
# flow mapping: "--rules fanqi is a flip game's rule set, and this is a formation" (break9 H5)
printf '{the opening}\n1. c8^b3 2. c5^r1 colour:north:red *\n' >"$tmp/comment-first.jgn"
run "$V" --rules fanqi "$tmp/comment-first.jgn"
expect "tagless moves after a comment, --rules fanqi: exit status, the summary" \
    "0 $tmp/comment-first.jgn: game 1 (line 1): valid, 1 warning: fanqi game, 2 players, 2 moves, unfinished" \
    "$rc $(tail -n 1 <<<"$out")"
run "$V" "$tmp/comment-first.jgn"
expect "tagless moves after a comment, no --rules: the error that names --rules" \
    "1 $tmp/comment-first.jgn: error: JGN moves with no tags before them" "$rc $(head -n 1 <<<"$out" | cut -d: -f1-3)"
# H7: a second game of moves alone, on a line after the first's result, was "text after the
# game's result": each such game is now read as the first is (its warning, its summary), a game
# with tags after them as it was, and text after the result on its line is still an error
printf '1. c8^b3 2. c5^r1 colour:north:red *\n\n{the second} 1. c8^b3 *\n1. a9^b7\n*\n' >"$tmp/two-tagless.jgn"
printf '[Board "two-player"]\n[Rules "fanqi"]\n\n1. c8^b3 *\n' >>"$tmp/two-tagless.jgn"
run "$V" --rules fanqi "$tmp/two-tagless.jgn"
expect "H7: three games of moves alone and a tagged one, --rules fanqi: exit status, summaries, warnings" \
    "0 $tmp/two-tagless.jgn: game 1 (line 1): valid, 1 warning: fanqi game, 2 players, 2 moves, unfinished
$tmp/two-tagless.jgn: game 2 (line 3): valid, 1 warning: fanqi game, 2 players, 1 move, unfinished
$tmp/two-tagless.jgn: game 3 (line 4): valid, 1 warning: fanqi game, 2 players, 1 move, unfinished
$tmp/two-tagless.jgn: game 4 (line 6): valid: fanqi game, 2 players, 1 move, unfinished 3" \
    "$rc $(grep 'game [0-9]' <<<"$out") $(grep -c 'warning: no tag section' <<<"$out")"
run "$JUNQI_BIN/junqi-replay" --rules fanqi --to jgn "$tmp/two-tagless.jgn"
expect "H7: junqi-replay --to jgn of them: exit status, four games with their tags, the second opening with its comment" \
    "0 4 3 {the second}" "$rc $(grep -c '^\[Rules "fanqi"\]' <<<"$out") $(grep -c '^1\. ' <<<"$out") $(grep -o '{the second}' <<<"$out")"
printf '1. c8^b3 * 1. c8^b3 *\n' >"$tmp/one-line.jgn"
run "$V" --rules fanqi "$tmp/one-line.jgn"
expect "H7: a second game on the first's line: text after the result" \
    "1 $tmp/one-line.jgn:1:12: error: text after the game's result" "$rc $(grep -m 1 error: <<<"$out")"
# a game with tags but no Rules tag, read with --rules, had its moves read under its board's
# set: "'c8^b3' is a flip, but 'standard' is not a flip rule set", where --rules is the set the
# record is checked against; it is read under --rules, as moves with no tag section are
printf '[Board "two-player"]\n\n1. c8^b3 2. c5^r1 colour:north:red *\n' >"$tmp/board-only.jgn"
printf '[South "a"]\n\n1. c8^b3 2. c5^r1 colour:north:red *\n' >"$tmp/south-only.jgn"
for f in board-only:valid south-only:'valid, 1 warning'; do # south-only: no Board tag, said
    run "$V" --rules fanqi "$tmp/${f%%:*}.jgn"
    expect "tags without Rules (${f%%:*}), --rules fanqi: read as a fanqi game" \
        "0 $tmp/${f%%:*}.jgn: game 1 (line 1): ${f#*:}: fanqi game, 2 players, 2 moves, unfinished" \
        "$rc $(tail -n 1 <<<"$out")"
done
run "$JUNQI_BIN/junqi-replay" --rules fanqi --to jgn "$tmp/board-only.jgn"
expect "tags without Rules, junqi-replay --rules fanqi --to jgn: the Rules tag written" \
    '0 [Rules "fanqi"]' "$rc $(grep '^\[Rules' <<<"$out")"
# G11: an error inside a Position tag's value was located at the tag line's '[' (2:1), its
# character named only in the message; the caret is now under it (as in a Deal's value)
printf '[Board "two-player"]\n[Position "NLFL21/4L522/3.4.B/7Z.18/9.3.7/51663/S81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL s 0 0 -"]\n\n*\n' \
    >"$tmp/position-tag.jgn"
run "$V" "$tmp/position-tag.jgn"
expect "G11: a bad Position value: located at its character, the caret under it" \
    "1 $tmp/position-tag.jgn:2:32: error: Position: 'Z' is not a piece symbol (9..1, B, L, F, ?), a seat (N, E, S, W) or '.' (at character 21)
                                 ^" "$rc $(grep -A 2 ': error:' <<<"$out" | sed 2d)"
# a numbered list of words is no moves: not a format junqi reads, --rules or not
for rules in "" "--rules standard"; do
    # shellcheck disable=SC2086
    run "$V" $rules - <<<"1. Buy milk
2. eggs"
    expect "F8: a numbered list ${rules:-without --rules}: not a format junqi reads" "1 1" \
        "$rc $(grep -c 'not a format junqi reads' <<<"$out")"
done

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
