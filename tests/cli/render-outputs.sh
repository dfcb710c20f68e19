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
# three games of 53, 13 and 15 moves
"$JUNQI_BIN/junqi-replay" --to jgn "$LONG" "$SHORT" "$D/jgs-002724.jgs" >"$tmp/three.jgn" ||
    fail "cannot make three.jgn"

# the files of folder $1, one line
files() {
    (cd "$1" && ls -A | tr '\n' ' ')
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

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
