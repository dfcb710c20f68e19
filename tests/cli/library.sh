#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tool tests for the libraries as shipped: sonames, exported symbols (the
# junqi_ API only, no sanitizer hooks), junqi-analyze running without the
# drawing library (cairo, pango) unless --graph asks for it, every header
# compiling on its own as C11 and C++, and --version from the one version.
# Env: JUNQI_BIN (tools), JUNQI_ROOT (repository), JUNQI_BUILD (the build
# folder: gen/version.h, the installed headers as tests/all-headers.h lists
# them in include/junqi/); the libraries are in JUNQI_BIN/../lib, as the
# build puts them.
set -u
name=library.sh
. "$(dirname "$0")/lib"
bin=$JUNQI_BIN root=$JUNQI_ROOT
libdir=$(cd "$bin/../lib" && pwd)
game=$root/samples/qq/jgs-000689.jgs
version=$(sed -n 's/^VERSION *:= *//p' "$root/Makefile")
major=${version%%.*}

# 1. each shared library: real name, soname, development link; exports
for lib in junqi junqi-render; do
    real=$libdir/lib$lib.so.$version
    checks=$((checks + 1))
    [ -f "$real" ] && [ -L "$libdir/lib$lib.so.$major" ] && [ -L "$libdir/lib$lib.so" ] ||
        fail "lib$lib: expected lib$lib.so.$version with the links lib$lib.so.$major and lib$lib.so"
    expect "lib$lib soname" "lib$lib.so.$major" \
        "$(readelf -d "$real" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
    others=$(nm -D --defined-only "$real" | awk '$2 != "A" && $3 !~ /^junqi_/ {print $3}' | head -n 5)
    expect "lib$lib exports only junqi_ symbols" "" "$others"
    # ... each declared by an installed header (or by i18n.h, the tools' and the drawing
    # library's door to the messages, exported on purpose): nothing internal is an ABI
    undeclared=$(nm -D --defined-only "$real" | awk '$2 != "A" {print $3}' | sed 's/@.*//' | sort -u |
        comm -23 - <(sed -n 's|^#include "\(.*\)"$|'"$JUNQI_BUILD"'/include/junqi/\1|p' "$JUNQI_BUILD/tests/all-headers.h" |
        xargs cat "$root/libcore/i18n.h" | grep -o '\bjunqi_[a-z0-9_]*' | sort -u) | head -n 5)
    expect "lib$lib exports only what the installed headers declare" "" "$undeclared"
    hooks=$(nm -D --defined-only "$real" | grep -E ' __(lsan|asan|ubsan)_' | head -n 3)
    expect "lib$lib defines no sanitizer hooks" "" "$hooks"
    checks=$((checks + 1))
    [ -f "$libdir/lib$lib.a" ] || fail "lib$lib.a is missing"
done

# 2. junqi-analyze needs neither libjunqi-render nor cairo nor pango to start
needed=$(readelf -d "$bin/junqi-analyze" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
checks=$((checks + 1))
case "$needed" in
*junqi-render* | *cairo* | *pango*) fail "junqi-analyze links the drawing libraries: $needed" ;;
esac

# ... and runs --go from a tree that has libjunqi but no drawing library
mkdir -p "$tmp/node/bin" "$tmp/node/lib"
cp "$bin/junqi-analyze" "$tmp/node/bin/"
cp "$libdir/libjunqi.so.$version" "$tmp/node/lib/libjunqi.so.$major"
run env LD_LIBRARY_PATH="$tmp/node/lib" "$tmp/node/bin/junqi-analyze" --go --ply 10 --nodes 2000 --format json "$game"
expect "junqi-analyze --go without the drawing library: exit status" 0 "$rc"
need_jq
expect "junqi-analyze --go without the drawing library: a move" true \
    "$(jq -r '.bestmove != null' <<<"$out" 2>/dev/null)"

# --graph says clearly that it needs the library, before any work, and writes nothing
run env JUNQI_RENDER_LIBRARY="$tmp/none/libjunqi-render.so" "$bin/junqi-analyze" --nodes 500 \
    --graph "$tmp/g.png" -o "$tmp/a.jgn" "$game"
expect "junqi-analyze --graph with no drawing library: exit status" 3 "$rc"
checks=$((checks + 1))
grep -q "needs the drawing library" <<<"$err" || fail "--graph with no drawing library: message was: $err"
checks=$((checks + 1))
[ ! -e "$tmp/g.png" ] && [ ! -e "$tmp/a.jgn" ] || fail "--graph with no drawing library wrote a file"

# 3. every header declares its functions for C++ too (extern "C"), and compiles on its
# own as C11 and as C++ (the internal ones too: they may be installed one day)
flags=(-Wall -Wextra -Werror -fsyntax-only -I"$root/libcore" -I"$root/formats" -I"$root/render" -I"$root/tools"
       -I"$JUNQI_BUILD/gen" $(pkg-config --cflags pangocairo 2>/dev/null))
for h in "$root"/libcore/*.h "$root"/formats/*.h "$root"/render/*.h; do
    checks=$((checks + 3))
    grep -q 'extern "C"' "$h" || fail "${h#"$root"/}: not wrapped in extern \"C\" (#ifdef __cplusplus)"
    printf '#include "%s"\n' "${h##*/}" | cc -std=c11 -pedantic "${flags[@]}" -x c - 2>"$tmp/err" ||
        fail "${h#"$root"/} does not compile on its own as C11: $(grep -m 2 error "$tmp/err")"
    printf '#include "%s"\n' "${h##*/}" | c++ -std=c++11 "${flags[@]}" -x c++ - 2>"$tmp/err" ||
        fail "${h#"$root"/} does not compile on its own as C++: $(grep -m 2 error "$tmp/err")"
done

# 4. --version of every tool is the Makefile's version
for tool in junqi-validate junqi-replay junqi-render junqi-analyze junqi-match; do
    run "$bin/$tool" --version
    expect "$tool --version" "$tool (junqi) $version" "$out"
done

echo "library.sh: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
