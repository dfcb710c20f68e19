#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/render-browser.sh - the SVG that junqi-render writes, opened in
# a real browser (headless Chromium), looks like the PNG it writes of the
# same position: both rasters are compared by tests/cli/pngdiff.c (a 5×5
# blur so that glyph anti-aliasing does not count, then pixels differing by
# more than 15 %); at most one pixel in a thousand may differ. As a check
# that the comparison can fail, the PNG of the next move must differ by more.
#
# Needs chromium (Debian package "chromium", installed by
# scripts/install-deps), a C compiler and libpng. Without chromium the test
# is skipped (exit 77), which tests/run-tests counts, and fails under CI=true.
#
# Environment (set by tests/run-tests): JUNQI_BIN = the directory of the
# tools, JUNQI_ROOT = the repository root. Exit 1 if any check failed.
set -u

name=render-browser.sh
. "$(dirname "$0")/lib"
R=$JUNQI_BIN/junqi-render
GAME=$JUNQI_ROOT/samples/qq/jgs-000001.jgs

need_browser
build_pngdiff

png_size() {
    set -- $(od -An -tu1 -j16 -N8 "$1")
    echo "$(($1 << 24 | $2 << 16 | $3 << 8 | $4)),$(($5 << 24 | $6 << 16 | $7 << 8 | $8))"
}
# screenshot SVG PNG WIDTH,HEIGHT: the SVG as headless Chromium draws it
screenshot() {
    chrome --window-size="$3" --screenshot="$2" "file://$1" >/dev/null
}

cases=(
    "150:--caption --arrow g2-g6:green --mark i9"
    "300:--theme contrast --view south --bottom east --rank-corner"
)
for spec in "${cases[@]}"; do
    ply=${spec%%:*} args=${spec#*:}
    # shellcheck disable=SC2086
    "$R" --ply "$ply" --size 600 $args -o "$tmp/board.svg" "$GAME" &&
        "$R" --ply "$ply" --size 600 $args -o "$tmp/board.png" "$GAME" &&
        "$R" --ply $((ply + 1)) --size 600 $args -o "$tmp/next.png" "$GAME" ||
        { fail "$args: junqi-render failed"; continue; }
    size=$(png_size "$tmp/board.png")
    rm -f "$tmp/shot.png"
    checks=$((checks + 1))
    if ! screenshot "$tmp/board.svg" "$tmp/shot.png" "$size" || [ ! -s "$tmp/shot.png" ]; then
        fail "$args: chromium made no screenshot: $(tail -3 "$tmp/browser.log")"
        continue
    fi
    compare_shot "$args" "$tmp/board.png" "$tmp/shot.png" "$tmp/next.png"
done

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
