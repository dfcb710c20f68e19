#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/codes.sh - the one table of diagnostic codes (JUNQI_DIAG_CODES in
# libcore/diag.h) and its documentation:
#   - docs/conventions.md's table is the one `junqi-validate --list-codes`
#     prints (scripts/update-code-table --check);
#   - every code of the table is emitted somewhere in the sources (no dead
#     rows), and none is named outside the table;
#   - every code the tools emit on the test inputs (corrupt replays, fuzz
#     seeds, bad records of tests/data/bad) is a documented row;
#   - --list-codes: text and JSON agree, a usage error with an input.
#
# Requires jq and python3 (scripts/install-deps). Environment (set by
# tests/run-tests): JUNQI_BIN, JUNQI_ROOT. Prints one line per failed check
# and a summary; exits 1 if any check failed.
set -u

name=codes.sh
. "$(dirname "$0")/lib"
V=$JUNQI_BIN/junqi-validate
need_jq

# the documented codes: the first column of docs/conventions.md's table
documented=$(sed -n '/^<!-- diagnostic codes: generated/,/^<!-- end of the diagnostic codes/p' \
    "$JUNQI_ROOT/docs/conventions.md" | sed -n 's/^| `\([a-z0-9-]*\)` |.*/\1/p' | sort)

# 1. the document is the table
run python3 "$JUNQI_ROOT/scripts/update-code-table" --check "$JUNQI_BIN"
expect "scripts/update-code-table --check: exit status ($out)" 0 "$rc"

# 2. --list-codes, text and JSON
run "$V" --list-codes
expect "--list-codes: exit status" 0 "$rc"
text_codes=$(awk '{print $1}' <<<"$out" | sort)
run "$V" --list-codes --format json
json_codes=$(jq -r .code <<<"$out" | sort)
expect "--list-codes: text and JSON list the same codes" "$text_codes" "$json_codes"
expect "--list-codes: the documented codes" "$documented" "$json_codes"
expect "--list-codes: no code twice" "$(sort -u <<<"$json_codes")" "$json_codes"
expect "--list-codes: every row has a severity and a meaning" "" \
    "$(jq -r 'select((.severity | IN("error", "warning", "note") | not) or .meaning == "") | .code' <<<"$out")"
run "$V" --list-codes "$JUNQI_ROOT/samples/qq/jgs-000001.jgs"
expect "--list-codes FILE: usage error" 2 "$rc"

# 3. every row is emitted by some source file, and the sources name no other code
ids=$(sed -n 's/^ *X(\([A-Z0-9_]*\), .*/\1/p' "$JUNQI_ROOT/libcore/diag.h" | sort)
sources=$(find "$JUNQI_ROOT/libcore" "$JUNQI_ROOT/formats" "$JUNQI_ROOT/tools" "$JUNQI_ROOT/render" \
    -name '*.c' ! -name diag.c)
used=$(grep -oh 'JUNQI_CODE_[A-Z0-9_]*' $sources | sed 's/^JUNQI_CODE_//' | grep -vx COUNT | sort -u)
for id in $ids; do
    checks=$((checks + 1))
    grep -qx "$id" <<<"$used" || fail "JUNQI_CODE_$id is in the table but no source file emits it"
done
for id in $used; do
    checks=$((checks + 1))
    grep -qx "$id" <<<"$ids" || fail "JUNQI_CODE_$id is used but not in the table"
done

# 4. every code emitted on the test inputs is documented
inputs=("$JUNQI_ROOT"/tests/data/corrupt/*.jgs "$JUNQI_ROOT"/tests/data/qq/*)
for dir in "$JUNQI_ROOT"/tests/data/bad "$JUNQI_ROOT"/tests/fuzz/corpus/*; do
    [ -d "$dir" ] && inputs+=("$dir"/*)
done
emitted=$(for f in "${inputs[@]}"; do "$V" --format json "$f" 2>/dev/null; done |
    jq -r 'select(.type != "summary") | .code' | sort -u)
for code in $emitted; do
    checks=$((checks + 1))
    grep -qx -- "$code" <<<"$documented" || fail "the tools emit '$code', which docs/conventions.md lacks"
done
checks=$((checks + 1))
[ "$(wc -w <<<"$emitted")" -ge 10 ] || fail "only $(wc -w <<<"$emitted") codes emitted on ${#inputs[@]} inputs"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
