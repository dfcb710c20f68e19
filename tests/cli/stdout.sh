#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/stdout.sh - a write to standard output that fails (docs/conventions.md,
# "Exit status"): --help, --version and the ordinary output of every tool, sent to
# /dev/full (every write fails with ENOSPC), give "cannot write to standard
# output" on stderr and exit status 3, once; the same commands to /dev/null
# succeed, so the check can fail.
#
# Environment (set by tests/run-tests): JUNQI_BIN, JUNQI_ROOT. Needs /dev/full
# (Linux); without it the script skips itself.
set -u

name=stdout.sh
. "$(dirname "$0")/lib"
[ -w /dev/full ] || skip_all "no /dev/full on this system"
G=$JUNQI_ROOT/tests/data/qq/jgs-000029.jgs

# check WHAT COMMAND...: exit 0 into /dev/null, exit 3 and one message into /dev/full
check() {
    local what=$1
    shift
    "$@" >/dev/null 2>"$tmp/err"
    expect "$what > /dev/null: exit status" 0 "$?"
    "$@" >/dev/full 2>"$tmp/err"
    expect "$what > /dev/full: exit status" 3 "$?"
    expect "$what > /dev/full: one message" 1 "$(grep -c 'cannot write to standard output' "$tmp/err")"
}

for tool in junqi-validate junqi-replay junqi-render junqi-analyze junqi-match; do
    check "$tool --help" "$JUNQI_BIN/$tool" --help
    check "$tool --version" "$JUNQI_BIN/$tool" --version
done
check "junqi-validate FILE" "$JUNQI_BIN/junqi-validate" "$G"
check "junqi-validate --list-codes" "$JUNQI_BIN/junqi-validate" --list-codes
check "junqi-replay --all" "$JUNQI_BIN/junqi-replay" --all "$G"
check "junqi-replay --to jgn" "$JUNQI_BIN/junqi-replay" --to jgn "$G"
check "junqi-render -o -" "$JUNQI_BIN/junqi-render" --size 200 -o - "$G"
check "junqi-analyze --perft" "$JUNQI_BIN/junqi-analyze" --perft 1 "$G"
check "junqi-analyze --engine" sh -c "printf 'junqi\\nquit\\n' | '$JUNQI_BIN/junqi-analyze' --engine"

# A tool started without its standard error (2>&-) or output (>&-): the first file it opened,
# -o's temporary file, became that descriptor, and what it said went into the file it wrote
# (junqi-analyze -o a.jgn 2>&- of a replay with a warning: the warning in a.jgn, which then did
# not validate, exit 0); and a run that wrote nothing to the closed standard output exited 3 all
# the same ("Bad file descriptor"). A write to it still fails, with exit status 3.
W=$JUNQI_ROOT/tests/data/qq/jgs-002045.jgs # its bytes after the comment block: a warning
for tool in "junqi-replay --to jgn" "junqi-analyze --nodes 100 --samples 1"; do
    # shellcheck disable=SC2086 # $tool is words on purpose
    "$JUNQI_BIN"/$tool -o "$tmp/closed.jgn" "$W" 2>&-
    expect "$tool -o FILE 2>&-: exit status" 0 "$?"
    expect "$tool -o FILE 2>&-: FILE holds the record alone" "0 0" \
        "$(grep -c 'warning' "$tmp/closed.jgn") $("$JUNQI_BIN/junqi-validate" -q "$tmp/closed.jgn" 2>&1; echo $?)"
    # shellcheck disable=SC2086
    "$JUNQI_BIN"/$tool -o "$tmp/closed.jgn" "$W" >&- 2>/dev/null
    expect "$tool -o FILE >&-: exit status" 0 "$?"
done
"$JUNQI_BIN/junqi-replay" --to jgn "$G" >&- 2>"$tmp/err"
expect "junqi-replay >&-: exit status, message" "3 1" "$? $(grep -c 'cannot write to standard output' "$tmp/err")"
"$JUNQI_BIN/junqi-replay" --to jgn <&- 2>"$tmp/err"
expect "junqi-replay <&-: exit status, message" "3 junqi-replay: <stdin>: Bad file descriptor" "$? $(cat "$tmp/err")"

# -o /dev/stdout into a pipe: the link leads to "pipe:[N]", which names no file, and the tools
# tried to make their temporary file beside it ("cannot write: No such file or directory"); a
# pipe, like a device, is written in place, as -o - is
for tool in "junqi-replay --to jgn" "junqi-analyze --nodes 100 --samples 1" "junqi-render --size 200 --format png"; do
    # shellcheck disable=SC2086 # $tool is words on purpose
    "$JUNQI_BIN"/$tool -o - "$G" >"$tmp/dash.out" 2>/dev/null
    # shellcheck disable=SC2086
    "$JUNQI_BIN"/$tool -o /dev/stdout "$G" 2>"$tmp/err" | cat >"$tmp/pipe.out"
    expect "$tool -o /dev/stdout | cat: exit status, message, the bytes of -o -" "0  same" \
        "${PIPESTATUS[0]} $(cat "$tmp/err") $(cmp -s "$tmp/dash.out" "$tmp/pipe.out" && echo same)"
done

# -o /dev/stdout (or /dev/stderr) when that is a regular file, opened by the shell (`>> log`,
# `{ ...; } > f`): the tools made their temporary file beside the file and renamed it over it,
# so that what the file held before (the log's earlier lines) and what the shell wrote after
# (into the file replaced) were lost; the file open there is written in place, where the
# descriptor stands, as -o - writes it
for tool in "junqi-replay --to jgn" "junqi-analyze --nodes 100 --samples 1" "junqi-render --size 200 --format png"; do
    # shellcheck disable=SC2086 # $tool is words on purpose
    "$JUNQI_BIN"/$tool -o - "$G" >"$tmp/dash.out" 2>/dev/null
    { echo before; cat "$tmp/dash.out"; echo after; } >"$tmp/want.out"
    echo before >"$tmp/log"
    # shellcheck disable=SC2086
    { "$JUNQI_BIN"/$tool -o /dev/stdout "$G" 2>"$tmp/err"; echo "$?" >"$tmp/rc"; echo after; } >>"$tmp/log"
    expect "$tool -o /dev/stdout >> log: exit status, message, the log's line before and after" "0  same" \
        "$(cat "$tmp/rc") $(cat "$tmp/err") $(cmp -s "$tmp/want.out" "$tmp/log" && echo same)"
    # shellcheck disable=SC2086
    { echo before; "$JUNQI_BIN"/$tool -o /dev/stderr "$G" 2>&1 >/dev/null; echo after; } >"$tmp/log" 2>&1
    expect "$tool -o /dev/stderr 2> file: the file's lines before and after" same \
        "$(cmp -s "$tmp/want.out" "$tmp/log" && echo same)"
done

# -o /dev/stdout with standard output closed (>&-, held on /dev/null so that writing it fails):
# the link led to /dev/null, opened anew, and the output went there, exit 0, where the same run
# without -o is exit 3; a name of the descriptor is the stream itself. -o /dev/null still works
"$JUNQI_BIN/junqi-replay" --to jgn -o /dev/stdout "$G" >&- 2>"$tmp/err"
expect "junqi-replay -o /dev/stdout >&-: exit status, message" "3 1" \
    "$? $(grep -c 'cannot write to standard output' "$tmp/err")"
"$JUNQI_BIN/junqi-replay" --to jgn -o /dev/null "$G" >&- 2>"$tmp/err"
expect "junqi-replay -o /dev/null >&-: exit status, message" "0 " "$? $(cat "$tmp/err")"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
