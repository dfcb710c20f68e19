#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# positions.sh - the position reader accepts every reachable position: every
# position of every formation game in tests/data and samples/, at every ply, in
# the full view and in each seat's view (junqi-replay --all --format pos
# --view V), reads back as the same string. The reader refuses landmines and
# flags where no game can have them (docs/position.md, "Errors"), so this is
# the check that it refuses nothing a game reaches. And each of the three
# readers of position strings (--position, JGN's Position tag, the engine
# protocol's position pos) says the refusal with its column.
# Env: JUNQI_BIN (tools), JUNQI_ROOT (repository).
set -u
name=positions.sh
. "$(dirname "$0")/lib"
bin=$JUNQI_BIN root=$JUNQI_ROOT

# 1. every position of every game, every view, read back as written; the
# records of tests/data/bad and tests/data/corrupt too (the positions before
# an illegal move are positions of the game)
mapfile -t files < <(find "$root/tests/data" "$root/samples" -type f \
    \( -name '*.jgs' -o -name '*.jqs' -o -name '*.jgn' \) ! -path '*/flip/*' | sort)
positions=0
for f in "${files[@]}"; do
    for v in all north east south west; do
        # a seat that takes no part in the game is a usage error (exit 2): no view of it
        "$bin/junqi-replay" --all --format pos --view "$v" "$f" >"$tmp/p" 2>/dev/null
        [ $? -ne 2 ] || continue
        [ -s "$tmp/p" ] || continue
        checks=$((checks + 1))
        positions=$((positions + $(wc -l <"$tmp/p")))
        if ! "$bin/junqi-replay" --format pos "$tmp/p" >"$tmp/back" 2>"$tmp/err"; then
            fail "${f#"$root"/} --view $v: a position does not read: $(head -n 3 "$tmp/err")"
        elif ! cmp -s "$tmp/p" "$tmp/back"; then
            fail "${f#"$root"/} --view $v: a position reads back otherwise: $(diff "$tmp/p" "$tmp/back" | head -n 3)"
        fi
    done
done
# a floor well under the count (about 40,000), so the walk cannot pass on nothing
[ "$positions" -gt 20000 ] || fail "only $positions positions were read back"
echo "$name: ${#files[@]} files, $positions positions read back in every view"

# 2. the readers refuse a landmine off its seat's last two rows with its column
bad='.NF.../...../...../...../...../...../...../...../...../..SL../...../.F... s 0 0 -'
msg="south's landmine stands on c3: a landmine never moves, and south may place it only on a2, b2, c2, d2, e2, a1, b1, c1, d1 or e1"
run "$bin/junqi-replay" --format pos --position "$bad"
expect "--position: exit status" 1 "$rc"
expect "--position: the error at the landmine" "<position>:1:59: error: $msg" "$(head -n 1 <<<"$err")"
printf '[Board "two-player"]\n[Position "%s"]\n\n*\n' "$bad" >"$tmp/bad.jgn"
run "$bin/junqi-validate" "$tmp/bad.jgn"
expect "JGN Position tag: exit status" 1 "$rc"
checks=$((checks + 1))
grep -qF "error: Position: $msg" <<<"$out" || fail "JGN Position tag: no '$msg' in: $out"
run "$bin/junqi-analyze" --engine <<<"position pos $bad"
expect "engine position pos: an error line at the landmine" "error position: 1:59: $msg (bad-position)" "$out"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
