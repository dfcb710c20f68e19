#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python binding's unittest suite (python/tests), on the library of this
# build (JUNQI_BIN/../lib) and compared with the tools in JUNQI_BIN.
# Env: JUNQI_BIN, JUNQI_ROOT; PYTHON (default python3); JUNQI_SANITIZE=1
# under sanitizers: the interpreter is not instrumented, so the sanitizer
# runtimes are preloaded into it and its own leaks are not reported.
set -u
name=python.sh
. "$(dirname "$0")/lib"
python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null 2>&1; then
    echo "$name: FAIL: $python is required (apt-get install python3, or scripts/install-deps)"
    exit 1
fi
libdir=$(cd "$JUNQI_BIN/../lib" && pwd)
preload=
if [ "${JUNQI_SANITIZE:-0}" = 1 ]; then
    preload="$(${CC:-cc} -print-file-name=libasan.so) $(${CC:-cc} -print-file-name=libubsan.so)"
    export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi
JUNQI_LIBRARY="$libdir/libjunqi.so.0" PYTHONPATH="$JUNQI_ROOT/python" LD_PRELOAD=$preload \
    PYTHONDONTWRITEBYTECODE=1 "$python" -m unittest discover -s "$JUNQI_ROOT/python/tests" 2>&1 |
    tee "$tmp/log" | tail -n 4
status=${PIPESTATUS[0]}
grep -q "^OK" "$tmp/log" || status=1
grep -q "skipped=" "$tmp/log" && status=1 # a skip fails, as everywhere in the suite
echo "python.sh: $(sed -n 's/^Ran \([0-9]*\) tests.*/\1/p' "$tmp/log") unittest tests, exit status $status"
[ "$status" -eq 0 ]
