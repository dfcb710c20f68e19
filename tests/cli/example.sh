#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The complete example program of junqi(3) (docs/man/junqi.3), taken from
# the page itself, compiled as strict C99 and as C++ against the headers as
# installed (JUNQI_BUILD/include) and the shared library of this build, and
# run on real files.
# Env: JUNQI_BIN, JUNQI_ROOT, JUNQI_BUILD (the build folder, from tests/run-tests);
# JUNQI_SANITIZE=1: compile with the sanitizers, as the library was.
set -u
name=example.sh
. "$(dirname "$0")/lib"
root=$JUNQI_ROOT
build=${JUNQI_BUILD:-build}
[[ $build = /* ]] || build=$root/$build
include=$build/include
libdir=$(cd "$JUNQI_BIN/../lib" && pwd)
flags=()
[ "${JUNQI_SANITIZE:-0}" = 1 ] && flags=(-fsanitize=address,undefined)

# the text between the first .EX and .EE of the EXAMPLE section, unescaped
awk '/^\.SH EXAMPLE/ { in_section = 1 } in_section && /^\.EE/ { exit }
     in_code { print } in_section && /^\.EX/ { in_code = 1 }' "$root/docs/man/junqi.3" |
    sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/^\\&//' > "$tmp/games.c"
checks=$((checks + 1))
grep -q 'int main' "$tmp/games.c" || fail "junqi(3): no example program found"

build() { # COMPILER OUT FLAGS... (COMPILER split into words as make splits CC: "gcc -m32")
    local cc=$1 out=$2 compiler
    read -ra compiler <<<"$cc"
    shift 2
    checks=$((checks + 1))
    "${compiler[@]}" "$@" "${flags[@]}" -Wall -Wextra -Werror -I"$include" "$tmp/games.c" -L"$libdir" -ljunqi \
        -o "$out" 2>"$tmp/cc.err" || fail "$cc $*: the example does not compile: $(head -n 5 "$tmp/cc.err")"
}
build "${CC:-cc}" "$tmp/games" -std=c99 -pedantic
build "${CXX:-c++}" "$tmp/games++" -x c++ -std=c++11

for exe in "$tmp/games" "$tmp/games++"; do
    [ -x "$exe" ] || continue
    run env LD_LIBRARY_PATH="$libdir" "$exe" "$root/samples/qq/jgs-000689.jgs" \
        "$root/tests/data/corrupt/rail-turn.jgs" "$root/samples/formations/F06.yaml"
    expect "$(basename "$exe"): exit status (an invalid input)" 1 "$rc"
    checks=$((checks + 1))
    grep -q "jgs-000689.jgs, game 1: four-player, 192 moves, north-south won (flag captured)" <<<"$out" ||
        fail "$(basename "$exe"): the game's line is missing: $out"
    checks=$((checks + 1))
    grep -q "^  after 10 moves: N126FL/" <<<"$out" || fail "$(basename "$exe"): no position after 10 moves"
    checks=$((checks + 1))
    grep -q "rail-turn.jgs: error: captain cannot turn at k12 .*\[rail-turn\]" <<<"$out" ||
        fail "$(basename "$exe"): the rail-turn error is missing"
    expect "$(basename "$exe"): F06's two piece-count errors" 2 "$(grep -c '\[piece-count\]' <<<"$out")"
    run env LD_LIBRARY_PATH="$libdir" "$exe" "$tmp/no-such-file"
    expect "$(basename "$exe"): a file that cannot be read: exit status" 3 "$rc"
done

echo "example.sh: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
