#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tool tests for the text formats: QQ replays convert to JGN and replay to the
# same position at every ply; records, positions and formations round-trip;
# a large JGN file streams through in bounded memory.
# Env: JUNQI_BIN (tools), JUNQI_ROOT (repository); JUNQI_SANITIZE=1 under
# sanitizers (smaller stream, no memory cap: sanitizers reserve address space).
set -u
name=formats.sh
. "$(dirname "$0")/lib"
need_jq
bin=$JUNQI_BIN root=$JUNQI_ROOT
check() { checks=$((checks + 1)); }

# 1. QQ -> JGN: the same position (notation) at every ply
replays=("${corpus[@]}")
for f in "${replays[@]}"; do
    check
    "$bin/junqi-replay" --all --format pos "$f" > "$tmp/qq.pos" 2>"$tmp/err" || { fail "$f: replay failed"; continue; }
    "$bin/junqi-replay" --to jgn "$f" > "$tmp/game.jgn" || { fail "$f: --to jgn failed"; continue; }
    "$bin/junqi-replay" --all --format pos "$tmp/game.jgn" > "$tmp/jgn.pos" || { fail "$f: JGN replay failed"; continue; }
    cmp -s "$tmp/qq.pos" "$tmp/jgn.pos" || fail "$f: positions differ between the QQ file and its JGN"
    cat "$tmp/game.jgn" >> "$tmp/all.jgn"
done
echo "formats.sh: ${#replays[@]} replays converted and compared at every ply"

# 2. many games in one file: each validates; converting again gives the same text
check
"$bin/junqi-validate" -q "$tmp/all.jgn" || fail "the concatenated JGN does not validate"
check
"$bin/junqi-replay" --to jgn "$tmp/all.jgn" > "$tmp/again.jgn"
cmp -s "$tmp/all.jgn" "$tmp/again.jgn" || fail "JGN -> JGN is not byte for byte"
check
n=$("$bin/junqi-replay" --to json "$tmp/all.jgn" | jq -c '.result' | wc -l)
[ "$n" -eq "${#replays[@]}" ] || fail "--to json: expected ${#replays[@]} documents, got $n"

# 3. a seat's view record validates and keeps only that seat's setup
check
"$bin/junqi-replay" --to jgn --view west "$root/samples/qq/jgs-000001.jgs" > "$tmp/west.jgn"
"$bin/junqi-validate" -q "$tmp/west.jgn" || fail "west's view record does not validate"
setups=$(grep -c 'Setup "' "$tmp/west.jgn")
[ "$setups" -eq 1 ] && grep -q '^\[WestSetup' "$tmp/west.jgn" || fail "west's view: expected only WestSetup, got $setups setups"

# 4. positions: string -> position -> string
check
pos=$("$bin/junqi-replay" --ply 100 --format pos "$root/samples/qq/jgs-000001.jgs")
[ "$("$bin/junqi-replay" --format pos --position "$pos")" = "$pos" ] || fail "--position does not round-trip"
check
"$bin/junqi-validate" -q --position "$pos" || fail "a real position does not validate"
check
out=$("$bin/junqi-validate" --position 'N9.../x' 2>&1); [ $? -eq 1 ] || fail "a bad position: expected exit 1"
echo "$out" | grep -q '^<position>:1:' || fail "a bad position: expected <position>:1:COL, got: $out"

# 4b. files saved with a byte order mark, joined (cat a b): each file's BOM is
# skipped, not only the input's, so the games stay apart and validate
check
printf '\xef\xbb\xbf' | cat - "$tmp/west.jgn" > "$tmp/bom.jgn"
cat "$tmp/bom.jgn" "$tmp/bom.jgn" > "$tmp/bom2.jgn"
run "$bin/junqi-validate" "$tmp/bom2.jgn"
expect "two JGN files with a BOM each, joined: exit status ($err$out)" 0 "$rc"
expect "two JGN files with a BOM each, joined: games" 2 "$(grep -c ': valid' <<<"$out")"
check
printf '\xef\xbb\xbf%s\n' "$pos" > "$tmp/bom.pos"
cat "$tmp/bom.pos" "$tmp/bom.pos" > "$tmp/bom2.pos"
run "$bin/junqi-validate" "$tmp/bom2.pos"
expect "two position files with a BOM each, joined: exit status ($err$out)" 0 "$rc"
expect "two position files with a BOM each, joined: positions" 2 "$(grep -c ': valid' <<<"$out")"

# 5. formations: the samples validate, F06 for its counts; --setup starts a record
for y in "$root"/samples/formations/*.yaml; do
    check
    if [ "$(basename "$y")" = F06.yaml ]; then
        got=$("$bin/junqi-validate" --format json "$y" | jq -r 'select(.type != "summary") | .code' | sort | uniq -c | tr -s ' ')
        [ "$got" = " 2 piece-count" ] || fail "F06: expected exactly 2 piece-count errors, got: $got"
    else
        "$bin/junqi-validate" -q "$y" || fail "$y does not validate"
    fi
done
check
"$bin/junqi-replay" --board two-player --setup south="$root/samples/formations/F07.yaml" \
    --setup north="$root/samples/formations/F13.yaml" > "$tmp/start.jgn" || fail "--setup failed"
line1=$(grep -v '^#' "$root/tests/data/perft/two-player.txt" | head -n 1)
want="south=${line1#south=}"; want=${want%% moves=*}
got="south=$(sed -n 's/^\[SouthSetup "\(.*\)"\]/\1/p' "$tmp/start.jgn") north=$(sed -n 's/^\[NorthSetup "\(.*\)"\]/\1/p' "$tmp/start.jgn")"
[ "$got" = "$want" ] || fail "--setup F07/F13: expected '$want', got '$got'"
check
[ "$("$bin/junqi-analyze" --perft 2 "$tmp/start.jgn")" = "nodes: 1158" ] || fail "perft 2 of the F07/F13 start: expected 1158"
check
"$bin/junqi-replay" --board two-player --setup south="$root/samples/formations/F06.yaml" > "$tmp/x" 2>/dev/null
[ $? -eq 1 ] && [ ! -s "$tmp/x" ] || fail "--setup with an invalid formation: expected exit 1 and no output"
# --setup writes the starting record as JGN: an option of how a record is shown
# (it was silently ignored: --to json wrote JGN) is a usage error, --to jgn is none
F07=$root/samples/formations/F07.yaml
for extra in "--to json" "--ply 3" "--all" "--view south" "--format json" "--names en" "--color always" \
    "--lenient" "--seed 3"; do
    check
    # shellcheck disable=SC2086
    "$bin/junqi-replay" --board two-player --setup south="$F07" --setup north="$F07" $extra >"$tmp/x" 2>"$tmp/err"
    got="$? $(wc -c <"$tmp/x")"
    [ "$got" = "2 0" ] || fail "--setup with $extra: expected a usage error and nothing written, got $got: $(cat "$tmp/err")"
done
# and --deal so too, and both take no collection option
for extra in "--view south" "--infer" "--count" "--list" "--unique" "--select moves>5" "--split 2 -o $tmp/p-%n.jgn"; do
    check
    # shellcheck disable=SC2086
    "$bin/junqi-replay" --rules fanqi --deal 7 $extra >"$tmp/x" 2>"$tmp/err"
    got="$? $(wc -c <"$tmp/x")"
    [ "$got" = "2 0" ] || fail "--deal with $extra: expected a usage error and nothing written, got $got: $(cat "$tmp/err")"
done
check
"$bin/junqi-replay" --board two-player --setup south="$F07" --setup north="$F07" --to jgn | grep -q '^\[SouthSetup ' ||
    fail "--setup with --to jgn: no record"

# defect 6: one seat's formation alone is no game (a game needs two sides, and
# junqi-validate calls such a record invalid): said, at the --setup that gave
# it, exit 1 and nothing written, on either board
for board in two-player four-player; do
    check
    "$bin/junqi-replay" --board $board --setup south="$root/samples/formations/F07.yaml" > "$tmp/x" 2>"$tmp/err"
    got="$? $(wc -c <"$tmp/x") $(cat "$tmp/err")"
    [ "$got" = "1 0 --setup south=$root/samples/formations/F07.yaml: error: only one seat takes part: a game needs two sides" ] ||
        fail "--setup of one seat on the $board board: expected exit 1, no output and the reason, got: $got"
done
# seed 004's presets by name (Chinese in either script, English in any case), no --board:
# the same layouts as their files; an unknown name is exit 3 and says where it looked.
# The tools find the source tree's formations from their own folder (bin/, build-asan/bin/);
# an out-of-tree build's (make BUILD_BIN=/elsewhere check) are told where they are.
case $(cd "$bin" && pwd -P)/ in
"$(cd "$root" && pwd -P)"/*) named=() ;;
*) named=(env JUNQI_FORMATIONS="$root/samples/formations") ;;
esac
check
${named[@]+"${named[@]}"} "$bin/junqi-replay" --setup south=銅牆鐵壁 --setup north="railway raid" \
    > "$tmp/named.jgn" 2>"$tmp/err" ||
    fail "--setup by name failed: $(cat "$tmp/err")"
"$bin/junqi-replay" --setup south="$root/samples/formations/iron-wall.yaml" \
    --setup north="$root/samples/formations/railway-raid.yaml" > "$tmp/files.jgn"
cmp -s "$tmp/named.jgn" "$tmp/files.jgn" || fail "--setup by name differs from --setup by file"
grep -q '^\[Board "two-player"\]' "$tmp/named.jgn" || fail "--setup by name: the presets' board is two-player"
check
${named[@]+"${named[@]}"} "$bin/junqi-replay" --setup south=中路突破 --setup north=铜墙铁壁 > "$tmp/named2.jgn" &&
    grep -q '^\[SouthSetup "27983/3.B.2/16.71/4.B.5/5L642/LFL31"\]' "$tmp/named2.jgn" ||
    fail "--setup south=中路突破: not the middle-breakthrough layout"
# formations of both boards with neither --board nor --rules: said, not put on the first one's
# board unsaid (iron-wall is a two-player formation, F13 a four-player one)
check
"$bin/junqi-replay" --setup south="$root/samples/formations/iron-wall.yaml" \
    --setup north="$root/samples/formations/F13.yaml" > "$tmp/x" 2>"$tmp/err"
got="$? $(wc -c <"$tmp/x") $(head -n 1 "$tmp/err")"
[ "$got" = "2 0 junqi-replay: --setup south=$root/samples/formations/iron-wall.yaml is a formation of the two-player board and --setup north=$root/samples/formations/F13.yaml of the four-player board: say which board with --board" ] ||
    fail "--setup of formations of both boards: expected a usage error, got: $got"
check
"$bin/junqi-replay" --setup south=無此陣 > "$tmp/x" 2>"$tmp/err"
[ $? -eq 3 ] && [ ! -s "$tmp/x" ] && grep -q "no formation of that name" "$tmp/err" ||
    fail "--setup with an unknown name: expected exit 3 and a message, got: $(cat "$tmp/err")"
check
JUNQI_FORMATIONS="$root/samples/formations" "$bin/junqi-replay" --board four-player --setup south=F07 \
    --setup north=F13 > "$tmp/f07.jgn" && grep -q '^\[SouthSetup ' "$tmp/f07.jgn" ||
    fail "--setup south=F07 with JUNQI_FORMATIONS"
# a folder of formations is searched file by file: a FIFO or a device named *.yaml there is no
# formation file (it blocked the search, or read /dev/zero without end)
check
mkdir "$tmp/odd" && cp "$root/samples/formations/F07.yaml" "$tmp/odd/" && mkfifo "$tmp/odd/a-fifo.yaml" &&
    ln -s /dev/zero "$tmp/odd/b-zero.yaml"
JUNQI_FORMATIONS="$tmp/odd" timeout 20 "$bin/junqi-replay" --board four-player --setup south=F07 \
    --setup north=F07 >"$tmp/odd.jgn" 2>"$tmp/err" && grep -q '^\[SouthSetup ' "$tmp/odd.jgn" ||
    fail "--setup south=F07 from a folder with a FIFO and /dev/zero in it: $(cat "$tmp/err")"
# a formation that names no board, for an east or west seat: the four-player board, the only
# one with those seats; for north and south the board must be given
check
grep -v '^board:' "$root/samples/formations/F07.yaml" >"$tmp/noboard.yaml"
"$bin/junqi-replay" --setup east="$tmp/noboard.yaml" --setup west="$tmp/noboard.yaml" >"$tmp/east.jgn" 2>"$tmp/err" &&
    grep -q '^\[Board "four-player"\]' "$tmp/east.jgn" && grep -q '^\[EastSetup ' "$tmp/east.jgn" ||
    fail "--setup east=FILE without --board: expected a four-player record, got: $(cat "$tmp/err")"
check
"$bin/junqi-replay" --setup south="$tmp/noboard.yaml" >"$tmp/x" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "say which board" "$tmp/err" || fail "--setup south=FILE without --board: $(cat "$tmp/err")"

# 6. golden outputs (tests/golden/README.md)
g=tests/data/qq/jgs-002724.jgs golden="$root/tests/golden" # relative: the JSON names its source
golden_check() { # NAME COMMAND...
    local name=$1; shift
    check
    (cd "$root" && "$@") > "$tmp/golden" 2>/dev/null
    cmp -s "$tmp/golden" "$golden/$name" || fail "golden $name differs: $(diff "$golden/$name" "$tmp/golden" | head -n 5)"
}
golden_check jgs-002724.jgn "$bin/junqi-replay" --to jgn "$g"
golden_check jgs-002724.json "$bin/junqi-replay" --to json "$g"
golden_check jgs-002724.pos "$bin/junqi-replay" --all --format pos "$g"
golden_check jgs-002724.all.jsonl "$bin/junqi-replay" --all --format json "$g"
golden_check jgs-002724.ply10.txt "$bin/junqi-replay" --ply 10 --color never "$g"
golden_check jgs-002724.ply10.east.txt "$bin/junqi-replay" --ply 10 --names en --view east --color never "$g"
golden_check corrupt.diag.txt "$bin/junqi-validate" tests/data/corrupt/rail-turn.jgs tests/data/corrupt/truncated.jgs
golden_check corrupt.diag.jsonl "$bin/junqi-validate" --format json tests/data/corrupt/rail-turn.jgs tests/data/corrupt/truncated.jgs

# 7. a large file streams through in bounded memory
check
target=$((100 * 1024 * 1024)); [ "${JUNQI_SANITIZE:-0}" = 1 ] && target=$((10 * 1024 * 1024))
size=$(stat -c %s "$tmp/all.jgn")
: > "$tmp/big.jgn"
while [ "$(stat -c %s "$tmp/big.jgn")" -lt "$target" ]; do cat "$tmp/all.jgn" >> "$tmp/big.jgn"; done
games=$(( $(stat -c %s "$tmp/big.jgn") / size * ${#replays[@]} ))
if [ "${JUNQI_SANITIZE:-0}" = 1 ]; then
    n=$("$bin/junqi-replay" --to json "$tmp/big.jgn" | wc -l)
else
    n=$( (ulimit -v 262144; "$bin/junqi-replay" --to json "$tmp/big.jgn") | wc -l)
fi
[ "$n" -eq "$games" ] || fail "streaming $(( $(stat -c %s "$tmp/big.jgn") >> 20 )) MB: expected $games games under a 256 MB memory cap, got $n"

echo "formats.sh: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
