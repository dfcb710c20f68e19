#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/regressions.sh - the tool-level regressions of issue 10: each
# check is labelled with the defect it guards ("defect 5: ..."), and each
# input is built here from the defect's description. The unit-level ones are
# the cmocka tests named defectNN_* in tests/test_*.c.
#
# Requires jq. Environment (set by tests/run-tests): JUNQI_BIN, JUNQI_ROOT.
# Prints one line per failed check and a summary; exits 1 if any check failed.
set -u

name=regressions.sh
. "$(dirname "$0")/lib"
need_jq
V=$JUNQI_BIN/junqi-validate
R=$JUNQI_BIN/junqi-replay
A=$JUNQI_BIN/junqi-analyze
Q=$JUNQI_ROOT/tests/data/qq

# --- defect 5: --lenient cuts a broken game to '*'; both tools agree -------
"$R" --to jgn "$Q/jgs-002724.jgs" >"$tmp/game.jgn"
sed 's/ 3\. / 3. zz /' "$tmp/game.jgn" >"$tmp/cut.jgn"
run "$V" --lenient "$tmp/cut.jgn"
expect "defect 5: junqi-validate --lenient on a broken game: exit status" 1 "$rc"
run "$R" --lenient --to jgn "$tmp/cut.jgn"
expect "defect 5: junqi-replay --lenient --to jgn on the same file: exit status" 1 "$rc"
expect "defect 5: the salvaged game ends in *" '[Result "*"]|1. g12<f11 2. f11=g13 flag:a8 timeout:south:1 *' \
    "$(grep -E '^\[Result |^1\. ' <<<"$out" | paste -sd'|')"
expect "defect 5: no Termination or score of the game that was cut" "" "$(grep -E 'Termination|QQScore' <<<"$out")"
run "$V" - <<<"$out"
expect "defect 5: the salvaged game validates" 0 "$rc"
"$R" --lenient --to jgn "$tmp/cut.jgn" >"$tmp/salvaged.stdout" 2>/dev/null
run "$R" --lenient --to jgn -o "$tmp/salvaged.jgn" "$tmp/cut.jgn"
expect "defect 5: --lenient -o keeps what was salvaged, as standard output has it (exit 1)" "1 same" \
    "$rc $(cmp -s "$tmp/salvaged.stdout" "$tmp/salvaged.jgn" && echo same)"
# a file of three games, the second broken: -o gets the other two, as stdout does
cat "$tmp/game.jgn" <(echo) "$tmp/cut.jgn" <(echo) "$tmp/game.jgn" >"$tmp/three.jgn"
run "$R" --to jgn -o "$tmp/two.jgn" "$tmp/three.jgn"
expect "defect 5: -o with one broken game of three: exit status" 1 "$rc"
expect "defect 5: -o with one broken game of three: the two valid games are written" 2 \
    "$(grep -c '^\[Result ' "$tmp/two.jgn" 2>/dev/null)"

# --- defect 6: each formation of a file has its own problems; --setup chooses
Y=$JUNQI_ROOT/tests/fuzz/corpus/yaml/several.yaml # "first" valid, "second" broken
run "$V" "$Y"
expect "defect 6: the summary lines of a file of two formations" \
    "$Y: formation 1 (line 2): valid: formation first|$Y: formation 2 (line 10): invalid, 4 errors: formation second" \
    "$(grep ': formation [0-9]' <<<"$out" | paste -sd'|')"
expect "defect 6: formation 2's reading error is reported before its summary" "16:7" \
    "$(grep -o ':16:7' <<<"$out" | head -1 | cut -c2-)"
run "$V" --format json "$Y"
expect "defect 6: JSON: the row-length error of formation 2 is there once" 1 \
    "$(jq -s '[.[] | select(.code == "row-length")] | length' <<<"$out")"
F13=$JUNQI_ROOT/samples/formations/F13.yaml
run "$R" --board two-player --setup "south=$Y" --setup "north=$F13"
expect "defect 6: --setup with a file of two formations and no choice: usage error" 2 "$rc"
expect "defect 6: ... which names the way to choose" 1 "$(grep -c "holds 2 formations: choose one with .*#NAME" <<<"$err")"
for which in 1 first; do
    run "$R" --board two-player --setup "south=$Y#$which" --setup "north=$F13"
    expect "defect 6: --setup south=several.yaml#$which: exit status" 0 "$rc"
done
run "$R" --board two-player --setup "south=$Y#2" --setup "north=$F13"
expect "defect 6: --setup south=several.yaml#2 (the broken one): exit status" 1 "$rc"
run "$R" --board two-player --setup "south=$Y#third" --setup "north=$F13"
expect "defect 6: --setup south=several.yaml#third (no such formation): usage error" 2 "$rc"

# --- defect 8: a record from a set position numbers its plies as its moves --
f=$Q/jgs-000029.jgs
pos=$("$R" --ply 40 --format pos "$f")
moves=$("$R" --to json "$f" | jq -r '[.line.items[] | select(.type == "move" and .ply > 40 and .ply <= 50)
    | . as $m | ($m.move | split("-")) as $sq
    | "\($m.ply). " + $sq[0] + ({"move": "-", "attacker_wins": ">", "attacker_loses": "<",
        "both_removed": "="}[$m.outcome]) + $sq[1] + ([$m.flags[] | " flag:" + .] | join(""))] | join(" ")')
printf '[Board "four-player"]\n[Position "%s"]\n\n%s *\n' "$pos" "$moves" >"$tmp/ply40.jgn"
run "$R" --ply 45 --format pos "$tmp/ply40.jgn"
expect "defect 8: --ply 45 of a record from ply 40 is ply 45 of the game" \
    "$("$R" --ply 45 --format pos "$f")" "$out"
expect "defect 8: --all numbers the positions 40 to 50" "40 41 42 43 44 45 46 47 48 49 50" \
    "$("$R" --all --format json "$tmp/ply40.jgn" | jq .ply | paste -sd' ')"
expect "defect 8: JSON numbers the moves 41 to 50" "41 50" \
    "$("$R" --to json "$tmp/ply40.jgn" | jq -r '[.line.items[].ply] | "\(first) \(last)"')"
for spec in "2 30" "2 51" "0 40" "0 50"; do
    read -r want ply <<<"$spec"
    run "$R" --ply "$ply" "$tmp/ply40.jgn"
    expect "defect 8: junqi-replay --ply $ply of a record of plies 40 to 50: exit status" "$want" "$rc"
done
run "$A" --perft 1 --ply 45 "$tmp/ply40.jgn"
expect "defect 8: junqi-analyze --perft 1 --ply 45 counts ply 45's moves" \
    "nodes: $("$A" --perft 1 --ply 45 "$f" | sed -n 's/nodes: //p')" "$out"

# --- defect 17: a seat's formation given twice is a usage error -------------
run "$R" --board two-player --setup "south=$F13" --setup "south=$F13" --setup "north=$F13"
expect "defect 17: --setup south= twice: usage error" 2 "$rc"
printf 'name: a\nname: b\nrows:\n%s' "$(sed -n '/^rows:/,$p' "$F13" | tail -n +2)" >"$tmp/twice.yaml"
run "$V" --format json "$tmp/twice.yaml"
expect "defect 17: a YAML key given twice: a duplicate-key warning at line 2, valid" "0 duplicate-key 2" \
    "$rc $(jq -r 'select(.type != "summary") | "\(.code) \(.line)"' <<<"$out")"

# --- defect 12: replay and setup checks of text inputs show the line and caret
sed 's/3\. l11>k12/3. l11-k12/' "$tmp/game.jgn" >"$tmp/illegal.jgn"
run "$V" "$tmp/illegal.jgn"
expect "defect 12: a replay check of a JGN game: location, source line and caret" \
    "$tmp/illegal.jgn:17:50: error|  1. g12<f11 2. f11=g13 flag:a8 timeout:south:1 3. l11-k12 4. k13=k12 5. e11>g14|$(printf '%52s' '^')" \
    "$(grep -A2 ':17:50: error' <<<"$out" | sed 's/: the record.*//' | paste -sd'|')"
sed 's/^\[SouthSetup "[^"]*"\]/[SouthSetup "91717\/8.3.6\/B3.32\/B.5.2\/145L6\/42LF9"]/' "$tmp/game.jgn" >"$tmp/setup.jgn"
run "$V" "$tmp/setup.jgn"
expect "defect 12: a setup check of a JGN setup tag shows that tag's line" \
    '  [SouthSetup "91717/8.3.6/B3.32/B.5.2/145L6/42LF9"]' "$(grep -m 1 -A1 'error: south.s setup' <<<"$out" | tail -n 1)"

# --- defect 13: the Result tag and the end of the movetext must agree; prose
# in words (articles, plurals, no code names), 'unfinished' for a game going on
sed 's/^\[Result "east-west"\]/[Result "north-south"]/' "$tmp/game.jgn" >"$tmp/mismatch.jgn"
run "$V" --format json "$tmp/mismatch.jgn"
expect "defect 13: a Result tag the movetext contradicts: exit, code and the Result tag's line" \
    "1 result-mismatch 8" "$rc $(jq -r 'select(.type != "summary") | "\(.code) \(.line)"' <<<"$out")"
{ sed -n '/^\[/p' "$tmp/game.jgn" | sed '/^\[Termination\|^\[QQScore/d; s/^\[Result .*/[Result "*"]/'
  printf '\n1. g12<f11 *\n'; } >"$tmp/one-move.jgn"
run "$V" "$tmp/one-move.jgn"
expect "defect 13: the summary of a game of one move, going on" \
    "$tmp/one-move.jgn: game 1 (line 1): valid: four-player game, 4 players, 1 move, unfinished" "$out"
sed 's/^\[Result "\*"\]/[Result "east-west"]/' "$tmp/one-move.jgn" >"$tmp/star.jgn"
run "$V" --format json "$tmp/star.jgn"
expect "defect 13: a decided Result tag and a movetext that ends in '*': an error at the Result" \
    "1 result-mismatch 8" "$rc $(jq -r 'select(.type != "summary") | "\(.code) \(.line)"' <<<"$out")"
expect "defect 13: ... and no reader takes the game of one move for decided" 'null [Result "*"]' \
    "$("$R" --lenient --to json "$tmp/star.jgn" 2>/dev/null | jq -c .result) $("$R" --lenient --to jgn "$tmp/star.jgn" 2>/dev/null | grep '^\[Result')"
sed 's/^  - \[\([^,]*\), ~,/  - [\1, 工兵,/; s/旅长, 旅长/师长, 旅长/' "$F13" >"$tmp/prose.yaml"
run "$V" "$tmp/prose.yaml"
expect "defect 12: a setup check of a YAML formation: location, source line and caret (by display width)" \
    "$tmp/prose.yaml:7:10: error: F13: an engineer stands on the camp at row 2, column 2; camps start empty|    - [师长, 工兵, 连长, ~, 司令]|$(printf '%14s' '^')" \
    "$(grep -A2 ':7:10: error' <<<"$out" | paste -sd'|')"
run "$V" --format json "$tmp/prose.yaml"
expect "defect 13: a setup's pieces are named in words with their articles" \
    "an engineer stands on the camp|wrong number of brigadiers|wrong number of engineers|wrong number of major generals" \
    "$(jq -r 'select(.type != "summary") | .message' <<<"$out" | grep -o 'an engineer stands on the camp\|wrong number of [a-z ]*s:' | sed 's/:$//' | sort -u | paste -sd'|')"
expect "defect 13: no diagnostic of these inputs writes a code name (word_word) in its prose" "" \
    "$({ for f in mismatch star one-move; do "$V" --format json "$tmp/$f.jgn"; done
         "$V" --format json "$tmp/prose.yaml"; } | jq -r '.message // empty' | grep -E '\b[a-z]+_[a-z]+\b')"

# --- defect 14: NUL bytes, UTF-16 and control characters are named ----------
printf '[Board "two\0player"]\n\n*\n' >"$tmp/nul.jgn"
run "$V" --format json "$tmp/nul.jgn"
expect "defect 14: a NUL byte in a tag: exit status, code, line and column" "1 nul-byte 1 12" \
    "$rc $(jq -r 'select(.code) | "\(.code) \(.line) \(.column)"' <<<"$out")"
run "$V" "$tmp/nul.jgn"
expect "a NUL byte: the caret line shows it as \\x00 and goes on past it" '  [Board "two\x00player"]' \
    "$(sed -n 2p <<<"$out")"
# ... and in a file of position strings or a YAML formation: the same error at the byte, not
# another one ("'/' is not a piece symbol", "not a format junqi reads"); a position file's other
# lines are read
pos='.NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -'
printf '%s\n%s\0%s\n' "$pos" "${pos:0:15}" "${pos:16}" >"$tmp/nul.pos"
run "$V" --format json "$tmp/nul.pos"
expect "a NUL byte in a position string: exit status, the first line valid, code, line and column" \
    "1 true nul-byte 2 16" \
    "$rc $(jq -r 'select(.game == 1) | .valid' <<<"$out") $(jq -r 'select(.code) | "\(.code) \(.line) \(.column)"' <<<"$out")"
printf 'name: x\nrows: [[7,1,3,2,7],[6,~,3,~,B],[B,4,~,5,6],[8,~,1,~,3],[9,1,4,L,2],[5,2,L,F,\0L]]\n' >"$tmp/nul.yaml"
run "$V" --format json "$tmp/nul.yaml"
expect "a NUL byte in a YAML formation: exit status, code, line and column" "1 nul-byte 2 77" \
    "$rc $(jq -r 'select(.code) | "\(.code) \(.line) \(.column)"' <<<"$out")"
run "$V" "$tmp/nul.yaml"
expect "a NUL byte in a YAML formation: the caret under it" "$(printf '%79s' '^')" \
    "$(sed -n 3p <<<"$out")"
"$R" --to jgn "$Q/jgs-002724.jgs" | iconv -f UTF-8 -t UTF-16 >"$tmp/utf16.jgn"
run "$V" --format json "$tmp/utf16.jgn"
expect "defect 14: UTF-16 input (with a byte order mark): exit status and code" "1 utf16" \
    "$rc $(jq -r 'select(.code) | .code' <<<"$out")"
"$R" --to jgn "$Q/jgs-002724.jgs" | iconv -f UTF-8 -t UTF-16LE >"$tmp/utf16le.jgn"
run "$V" --format json "$tmp/utf16le.jgn"
expect "defect 14: UTF-16LE input without a byte order mark: code" "utf16" "$(jq -r 'select(.code) | .code' <<<"$out")"
# UTF-32 was called UTF-16, and `iconv -f UTF-16` of text without a byte order mark reads it
# big-endian: the message names the encoding as iconv must be told it, and its command works
"$R" --to jgn "$Q/jgs-002724.jgs" >"$tmp/utf8.jgn"
for enc in UTF-32 UTF-32LE UTF-32BE UTF-16 UTF-16LE UTF-16BE; do
    iconv -f UTF-8 -t "$enc" "$tmp/utf8.jgn" >"$tmp/wide.jgn"
    run "$V" "$tmp/wide.jgn"
    expect "$enc input: the message" \
        "$tmp/wide.jgn: error: the input is ${enc:0:6} text: junqi reads UTF-8 (or GBK); convert it first: iconv -f $enc -t UTF-8" \
        "$(head -n 1 <<<"$out")"
    said=$(head -n 1 <<<"$out" | sed -n 's/.*iconv -f \([^ ]*\) -t UTF-8$/\1/p')
    expect "$enc input: the command it says gives the game back" "$(cat "$tmp/utf8.jgn")" \
        "$(iconv -f "${said:-none}" -t UTF-8 "$tmp/wide.jgn" 2>&1)"
done
# a JGN file that opens with a GBK comment ({淺}: 9C 5C) and goes on in Chinese UTF-8, neither
# encoding as a whole: the 5C escaped the brace in the UTF-8 reading, and the file was read as
# YAML ("1:2: error: YAML: invalid leading UTF-8 octet"); it is JGN, with the warning at the byte
{ printf '{' && printf '淺' | iconv -f UTF-8 -t GBK && printf '}\n[Board "two-player"]\n[Event "测试比赛"]\n\n*\n'; } \
    >"$tmp/mixed.jgn"
run "$V" --format json "$tmp/mixed.jgn"
expect "a GBK comment before Chinese UTF-8: JGN, the not-utf8 warning at 1:2, valid" \
    "0 not-utf8 1:2 true" "$rc $(jq -r 'select(.code) | "\(.code) \(.line):\(.column)"' <<<"$out") $(jq -r 'select(.type == "summary") | .valid' <<<"$out")"
# a QQ name cut at a byte count, 小明 and three bytes of an emoji's four (F0 9F 98 before its
# quote): the cut character counted as three bad bytes, more than the two Chinese characters, and
# the game was read as GBK, 小明 as 灏忔槑; it is one bad character, read as one U+FFFD. The same
# game saved as GBK (without the emoji, which GBK has not) is still read as GBK
printf '[Board "two-player"]\n[North "小明\xF0\x9F\x98"]\n[South "Bob"]\n\n*\n' >"$tmp/cut-emoji.jgn"
sed 's/\xF0\x9F\x98//' "$tmp/cut-emoji.jgn" | iconv -f UTF-8 -t GBK >"$tmp/cut-emoji-gbk.jgn"
# A cut emoji in a game of ASCII alone (Tom and F0 9F 98) was read as GBK, Tom馃�: GBK too has
# a byte it cannot decode there (98 before the quote), and the reading with fewer such bytes
# wins, UTF-8 on a tie. One cut before 小明 (F0 9F 98 E5 ...) was three bad bytes, more than the
# Chinese: read as GBK, 馃樺皬鏄�; it is one cut character too
printf '[Board "two-player"]\n[North "Tom\xF0\x9F\x98"]\n[South "Bob"]\n\n*\n' >"$tmp/cut-emoji-ascii.jgn"
printf '[Board "two-player"]\n[North "\xF0\x9F\x98小明"]\n[South "Bob"]\n\n*\n' >"$tmp/cut-emoji-first.jgn"
# An emoji as CESU-8 writes it (its two UTF-16 surrogates, ED A0 BD ED B8 80) was six bad bytes:
# read as GBK, Tom頎巾竴; it is one bad character, and the warning names the encoding
printf '[Board "two-player"]\n[North "Tom\xED\xA0\xBD\xED\xB8\x80"]\n[South "Bob"]\n\n*\n' >"$tmp/cesu8.jgn"
for f in cut-emoji cut-emoji-gbk cut-emoji-ascii cut-emoji-first cesu8; do
    run "$R" --to jgn "$tmp/$f.jgn"
    want='小明�|the game is UTF-8 but for 1 character that is not (GBK?): read as U+FFFD'
    [ $f != cut-emoji-gbk ] || want='小明|the game is not UTF-8: read as GBK'
    [ $f != cut-emoji-ascii ] || want="Tom�|${want#*|}"
    [ $f != cut-emoji-first ] || want="�小明|${want#*|}"
    [ $f != cesu8 ] || want='Tom�|the game is UTF-8 but for 1 character written as two UTF-16 surrogates (CESU-8, as some programs save an emoji): read as U+FFFD'
    expect "$f.jgn: the North name and the warning" "0 $want" \
        "$rc $(sed -n 's/^\[North "\(.*\)"\]$/\1/p' <<<"$out")|$(sed 's/^[^ ]* warning: //' <<<"$err")"
done
# Lines that end in CR alone (old Mac OS; tr '\n' '\r' of a good game) were one line to the
# reader: "a tag line holds one tag only" at the second tag, \x0d shown; after a ';' line,
# "not a format junqi reads"; a file of position strings, "the parts of a position are parted by
# one space". Each is now the cr-line-ends error at the first CR; a game joined on in such line
# ends to a good one, at its first tag's CR. A YAML formation so is read (libyaml reads a CR
# alone as a line end) and its error shows the line it names (a CR alone on line 1 showed the
# line after it). A position string's final CR and CR LF files are read as before
F07=$JUNQI_ROOT/samples/formations/F07.yaml
printf '[Board "two-player"]\n[North "Tom"]\n[South "Bob"]\n\n*\n' >"$tmp/lf.jgn"
tr '\n' '\r' <"$tmp/lf.jgn" >"$tmp/cr.jgn"
{ printf '; a remark\n'; cat "$tmp/lf.jgn"; } | tr '\n' '\r' >"$tmp/cr-remark.jgn"
"$R" --format pos "$tmp/game.jgn" >"$tmp/lf.pos"
{ cat "$tmp/lf.pos" "$tmp/lf.pos"; } | tr '\n' '\r' >"$tmp/cr.pos"
for f in cr.jgn:1:21 cr-remark.jgn:1:11 cr.pos:1:$(($(wc -c <"$tmp/lf.pos"))); do
    run "$V" --format json "$tmp/${f%%:*}"
    expect "${f%%:*}: lines that end in CR alone: exit, code, place" "1|cr-line-ends ${f#*:}" \
        "$rc|$(jq -r 'select(.code) | "\(.code) \(.line):\(.column)"' <<<"$out" | paste -sd,)"
done
run "$V" "$tmp/cr.jgn"
expect "cr.jgn: the message names the line ends and shows the first line" \
    "$tmp/cr.jgn:1:21: error: the lines end in CR alone (old Mac line ends): junqi reads LF or CR LF line ends; convert the file first: tr '\\r' '\\n'|  [Board \"two-player\"]\\x0d[North \"Tom\"]\\x0d[South \"Bob\"]\\x0d\\x0d*" \
    "$(head -n 2 <<<"$out" | paste -sd'|')"
cat "$tmp/lf.jgn" <(echo) "$tmp/cr.jgn" >"$tmp/joined.jgn"
run "$V" --format json "$tmp/joined.jgn"
expect "a game in CR line ends after a good one: exit, codes, places" "1|cr-line-ends 7:21" \
    "$rc|$(jq -r 'select(.code) | "\(.code) \(.line):\(.column)"' <<<"$out" | paste -sd,)"
sed 's/$/\r/' "$tmp/lf.jgn" >"$tmp/crlf.jgn"
printf '%s\r' "$(cat "$tmp/lf.pos")" >"$tmp/one-cr.pos"
tr '\n' '\r' <"$F07" >"$tmp/cr.yaml"
for f in crlf.jgn one-cr.pos cr.yaml; do
    run "$V" "$tmp/$f"
    expect "$f: read" 0 "$rc"
done
{ printf '# one\r# two\n'; sed '3s/$/ :bad: [/' "$F07"; } >"$tmp/cr-bad.yaml"
run "$V" "$tmp/cr-bad.yaml"
expect "a YAML error after a CR alone: its place and its line" "$tmp/cr-bad.yaml:5:15: error: YAML: mapping values are not allowed in this context|  name: F07 :bad: [" \
    "$(head -n 2 <<<"$out" | paste -sd'|')"
# UTF-16 without a byte order mark that opens with Chinese got only the nul-byte or unknown-format
# error's "(a binary file, or UTF-16?)": the zero bytes beside its ASCII further in name it, and
# so, in a text of Chinese alone, does every second byte in the CJK rows; nothing names UTF-8 or
# GBK text of the same Chinese (a format junqi does not read), nor a stray NUL in UTF-8
{ printf '{测试：中文注释}\n'; cat "$tmp/utf8.jgn"; } >"$tmp/cjk-first.jgn"
printf '测试比赛中文汉字一二三四五六七八九十' >"$tmp/cjk-only.txt"
for enc in UTF-16LE UTF-16BE; do
    for f in cjk-first.jgn cjk-only.txt; do
        iconv -f UTF-8 -t "$enc" "$tmp/$f" >"$tmp/wide-$f"
        run "$V" "$tmp/wide-$f"
        expect "$enc of $f: the message" \
            "$tmp/wide-$f: error: the input is UTF-16 text: junqi reads UTF-8 (or GBK); convert it first: iconv -f $enc -t UTF-8" \
            "$(head -n 1 <<<"$out")"
    done
done
# UTF-16 without a byte order mark, longer than the first 4,096 bytes that tell it, with a unit
# further on that is no text (a NUL; a lone low surrogate half): the reading asked the whole input
# again which encoding it was, got none, and crashed (segmentation fault, exit 139)
for tail in '\0\0' '\0\334'; do
    { for _ in 1 2 3 4; do cat "$tmp/utf8.jgn"; done | iconv -f UTF-8 -t UTF-16LE && printf "$tail"; } >"$tmp/wide-tail.jgn"
    # pages from a pipe, read into memory, were told their format from the whole: not UTF-16
    for how in file pipe pages; do
        case $how in
        file) run "$V" "$tmp/wide-tail.jgn" ;;
        pipe) run "$V" < <(cat "$tmp/wide-tail.jgn") ;;
        pages) run "$JUNQI_BIN/junqi-render" - -o "$tmp/wide-pages/" < <(cat "$tmp/wide-tail.jgn") && out=$err ;;
        esac
        expect "UTF-16LE of $(wc -c <"$tmp/wide-tail.jgn") bytes ending in a unit that is no text ($how)" \
            "1 the input is UTF-16 text: junqi reads UTF-8 (or GBK); convert it first: iconv -f UTF-16LE -t UTF-8" \
            "$rc $(head -n 1 <<<"$out" | sed 's/^[^ ]*: error: //')"
    done
done
iconv -f UTF-8 -t GBK "$tmp/cjk-only.txt" >"$tmp/cjk-only.gbk"
printf 'ab\0cd\0ef\n[Board "two-player"]\n\n*\n' >"$tmp/two-nuls.jgn"
for f in cjk-only.txt cjk-only.gbk two-nuls.jgn; do
    run "$V" --format json "$tmp/$f"
    expect "$f: not named UTF-16" "unknown-format" "$(jq -r 'select(.code) | .code' <<<"$out")"
done
# a pipe that its writer holds open gave its first game only once 4,096 bytes had come or the
# pipe was closed (the format was told from a fixed block): the first game's line comes while the
# writer still sleeps (on a terminal, as a user sees it: script(1); the writer's sleep, and
# timeout, bound the wait, and nothing is timed)
printf '[Board "two-player"]\n[Event "a"]\n\n*\n\n[Board "two-player"]\n' >"$tmp/stream.jgn"
if script -qfec true /dev/null </dev/null >/dev/null 2>&1; then
    timeout 60 script -qfec "(cat '$tmp/stream.jgn'; sleep 30; touch '$tmp/writer-ended') | '$V' -" /dev/null \
        </dev/null >"$tmp/stream.out" 2>&1 &
    writer=$!
    until grep -q 'game 1' "$tmp/stream.out" || [ -e "$tmp/writer-ended" ] || ! kill -0 "$writer" 2>/dev/null; do
        sleep 0.2
    done
    expect "a pipe held open: its first game is validated before the writer ends" "game 1, writer running" \
        "$(grep -o 'game 1' "$tmp/stream.out"), writer $([ -e "$tmp/writer-ended" ] && echo ended || echo running)"
    kill "$writer" 2>/dev/null
    wait "$writer" 2>/dev/null
else
    skip "script(1) cannot give a terminal here: a pipe held open is not checked"
fi
# ... and into a file (a program reading the answers: standard output was flushed only at the end);
# the writer (exec: its own pid, killed after) and the reader meet at a FIFO
mkfifo "$tmp/stream.fifo"
{ cat "$tmp/stream.jgn"; exec sleep 30; } >"$tmp/stream.fifo" 2>/dev/null &
writer=$!
timeout 60 "$V" - <"$tmp/stream.fifo" >"$tmp/stream2.out" 2>&1 &
reader=$!
until grep -q 'game 1' "$tmp/stream2.out" || ! kill -0 "$writer" 2>/dev/null || ! kill -0 "$reader" 2>/dev/null; do
    sleep 0.2
done
expect "a pipe held open, the answers into a file: the first game's comes before the writer ends" \
    "game 1, writer running" \
    "$(grep -o 'game 1' "$tmp/stream2.out"), writer $(kill -0 "$writer" 2>/dev/null && echo running || echo ended)"
kill "$writer" "$reader" 2>/dev/null
wait "$writer" "$reader" 2>/dev/null
printf '[Board "two-player"]\n[Event "\033[31mred\007"]\n\n{bell\007} *\n' >"$tmp/control.jgn"
run "$V" "$tmp/control.jgn"
expect "defect 14: control characters are warned about, the record is valid" 0 "$rc"
expect "defect 14: no raw ESC or BEL reaches the terminal" 0 "$(printf '%s' "$out" | tr -cd '\033\007' | wc -c)"
expect "defect 14: the warnings name them" 3 "$(grep -c 'warning: the .* holds the control character' <<<"$out")"
run "$R" --to jgn "$tmp/control.jgn"
expect "defect 14: JGN writes them escaped" '[Event "\x1b[31mred\x07"]|{bell\x07} *' \
    "$(grep -E '^\[Event|^\{' <<<"$out" | paste -sd'|')"
expect "defect 14: ... and reads the escapes back to the same record" "$out" \
    "$("$R" --to jgn - <<<"$out" 2>/dev/null)"

# --- defect 16: -o keeps an existing file's mode and a link's target --------
# (only files under $tmp: a device such as /dev/null is never a test target)
o=$tmp/out16
mkdir "$o"
echo old >"$o/game.jgn"
chmod 640 "$o/game.jgn"
ln -s game.jgn "$o/link.jgn"
run "$R" --to jgn -o "$o/link.jgn" "$Q/jgs-002724.jgs"
expect "defect 16: -o through a symbolic link: exit status" 0 "$rc"
expect "defect 16: the link stays a link to its file" "game.jgn" "$(readlink "$o/link.jgn")"
expect "defect 16: the file it leads to keeps its mode 640 and gets the record" "640 [Board \"four-player\"]" \
    "$(stat -c %a "$o/game.jgn") $(head -n 1 "$o/game.jgn")"
mkdir "$o/sub"
ln -s sub/new.jgn "$o/dangling.jgn"
run "$R" --to jgn -o "$o/dangling.jgn" "$Q/jgs-002724.jgs"
expect "defect 16: -o through a dangling link creates the file it names" "0 link file" \
    "$rc $([ -L "$o/dangling.jgn" ] && echo link) $([ -f "$o/sub/new.jgn" ] && echo file)"
mkfifo "$o/fifo"
cat "$o/fifo" >"$o/from-fifo" &
reader=$!
run "$R" --to jgn -o "$o/fifo" "$Q/jgs-002724.jgs"
wait "$reader"
expect "defect 16: -o onto a FIFO writes into it and leaves it a FIFO" \
    "0 fifo $("$R" --to jgn "$Q/jgs-002724.jgs" | wc -c)" \
    "$rc $([ -p "$o/fifo" ] && echo fifo) $(wc -c <"$o/from-fifo")"
expect "defect 16: no temporary file is left" "dangling.jgn fifo from-fifo game.jgn link.jgn sub" \
    "$(ls "$o" | paste -sd' ')"

# --- defect 17: a repeated JGN tag is a warning -------------------------------
printf '[Board "two-player"]\n[Event "a"]\n[Event "b"]\n\n*\n' >"$tmp/twice.jgn"
run "$V" --format json "$tmp/twice.jgn"
expect "defect 17: a JGN tag given twice: a duplicate-tag warning at line 3, valid" "0 duplicate-tag 3" \
    "$rc $(jq -r 'select(.code) | "\(.code) \(.line)"' <<<"$out")"
expect "defect 17: the later value counts" '"b"' "$("$R" --to json "$tmp/twice.jgn" 2>/dev/null | jq .tags.Event)"

# --- defect 18: any YAML a YAML parser accepts is read as YAML ----------------
for f in flow-style.yaml documents.yaml; do
    run "$V" --format json "$JUNQI_ROOT/tests/fuzz/corpus/yaml/$f"
    expect "defect 18: $f is read as YAML (no unknown-format)" "" "$(jq -r 'select(.code == "unknown-format") | .code' <<<"$out")"
done
run "$V" "$JUNQI_ROOT/tests/fuzz/corpus/yaml/flow-style.yaml"
expect "defect 18: a flow-style formation validates" 0 "$rc"
printf -- '- {name: a, rows: [[7,3,8,1,3],[B,~,5,~,9],[4,1,~,6,2],[2,~,5,~,3],[L,1,B,6,L],[2,L,4,F,7]]}\n' >"$tmp/flow.yaml"
run "$R" --board two-player --setup "south=$tmp/flow.yaml" --setup "north=$F13"
expect "defect 18: --setup takes a flow-style sequence of formations" 0 "$rc"
# the same for JGN: ';' comment lines may open a file and stand between tags
printf '; club games\n\n[Board "two-player"]\n; between tags\n[Event "x"]\n\n*\n\n; the next\n[Board "two-player"]\n\n*\n' >"$tmp/remarks.jgn"
run "$V" "$tmp/remarks.jgn"
expect "defect 18: JGN that opens with ';' comment lines is read as JGN, two games, no phantom" \
    "0 game 1 (line 3)|game 2 (line 10)" "$rc $(grep -o 'game [0-9] (line [0-9]*): valid' <<<"$out" | sed 's/: valid//' | paste -sd'|')"
expect "defect 18: ... a ';' line between tags does not split the game" '{"Event":"x"}' \
    "$("$R" --to json "$tmp/remarks.jgn" | head -n 1 | jq -c .tags)"
# and for position strings: a byte order mark and blank lines before the first
pos=$("$R" --format pos "$Q/jgs-002724.jgs")
printf '\xEF\xBB\xBF\n\n%s\n' "$pos" >"$tmp/bom.pos"
run "$V" "$tmp/bom.pos"
expect "defect 18: positions after a byte order mark and blank lines are read as positions" \
    "0 game 1 (line 3): valid" "$rc $(grep -o 'game 1 (line [0-9]*): valid' <<<"$out")"
run "$V" - <<<"just words"
expect "defect 18: plain text is still no format junqi reads" "1 1" "$rc $(grep -c 'not a format junqi reads' <<<"$out")"
# JGN moves with no tag section are named as such, with what a game needs first (they were 'not a
# format junqi reads'); a position string's first row holds no blank, so "1. " starts no position
run "$V" - <<<"1. i13-j13 2. d13-e13 *"
expect "JGN moves without tags: exit status, the message" \
    "1 JGN moves with no tags before them: a JGN game starts with its tag section" \
    "$rc $(grep -o 'JGN moves with no tags before them: a JGN game starts with its tag section' <<<"$out")"
# JSON the tools wrote (--to json, --format json) was read as a YAML formation: "unknown key
# 'source' (a formation has name, aliases, board and rows)" and one such error per key; it is
# now named as what it is, an output, with the input to give instead
"$R" --to json "$JUNQI_ROOT/tests/data/flip/fanqi.jgn" >"$tmp/game.json"
"$R" --format json --ply 3 "$JUNQI_ROOT/tests/data/flip/fanqi.jgn" >"$tmp/pos.json"
# ... and so was the JSON of junqi-validate (a diagnostic's first key is file, a summary's type)
# and of junqi-analyze --go, --perft, --bench (bestmove, depth, nodes): one error per key
"$V" --format json "$JUNQI_ROOT/tests/data/flip/fanqi.jgn" >"$tmp/summary.json"
printf '[Board "two-player"]\n[Rules "qq"]\n\n1. z9-z8 *\n' | "$V" --format json - >"$tmp/diags.json"
"$A" --perft 1 --format json --position "$("$R" --format pos --ply 3 "$JUNQI_ROOT/tests/data/flip/fanqi.jgn")" \
    >"$tmp/perft.json"
for f in "$tmp/game.json" "$tmp/pos.json" "$tmp/summary.json" "$tmp/diags.json" "$tmp/perft.json"; do
    run "$V" "$f"
    expect "the tools' JSON ($(basename "$f")) as an input: exit status, the message, errors" \
        "1 JSON that junqi's tools write (junqi-replay --to json, --format json) is an output, not an input 1" \
        "$rc $(grep -o 'JSON that junqi.s tools write (junqi-replay --to json, --format json) is an output, not an input' <<<"$out") $(grep -c 'error:' <<<"$out")"
done

# --- defect 19: an empty or blank input is zero games, not an error ----------
printf '' >"$tmp/empty.jgn"
printf '\n  \n\t\n' >"$tmp/blank.txt"
for f in "$tmp/empty.jgn" "$tmp/blank.txt"; do
    b=$(basename "$f")
    run "$V" --format json "$f"
    expect "defect 19: junqi-validate $b: exit 0 with a no-games note" "0 no-games note" \
        "$rc $(jq -r 'select(.code) | "\(.code) \(.severity)"' <<<"$out")"
    run "$R" --to jgn "$f"
    expect "defect 19: junqi-replay --to jgn $b: exit 0, nothing written" "0 " "$rc $out"
    run "$A" --depth 1 "$f"
    expect "defect 19: junqi-analyze $b: exit 0, nothing written" "0 " "$rc $out"
    run "$V" - <"$f"
    expect "defect 19: junqi-validate < $b (a pipeline): exit 0" 0 "$rc"
    run "$A" --go "$f"
    expect "defect 19: junqi-analyze --go $b needs a record: exit 1, 'empty'" "1 1" "$rc $(grep -c 'holds no record' <<<"$err")"
done

# --- defect 20: every output path is checked before the work ----------------
start=$(date +%s%N)
run "$A" --graph "$tmp/no-such-dir/eval.png" "$Q/jgs-002724.jgs"
took=$((($(date +%s%N) - start) / 1000000))
expect "defect 20: --graph into a missing folder: exit status" 3 "$rc"
expect "defect 20: ... before any game is annotated (nothing on standard output)" "" "$out"
checks=$((checks + 1))
[ "$took" -lt 2000 ] || fail "defect 20: --graph into a missing folder took $took ms: the annotation ran first"
run "$JUNQI_BIN/junqi-render" --frames "$tmp/frames" -o "$tmp/no-such-dir/game.gif" "$Q/jgs-002724.jgs"
expect "defect 20: junqi-render -o into a missing folder: exit 3, no frames drawn first" "3 no" \
    "$rc $([ -e "$tmp/frames" ] && echo yes || echo no)"

# --- defect 21: --bench rates boards whose searches take under 1 ms ---------
run "$A" --bench --depth 1 --format json
expect "defect 21: --bench --depth 1: every rate is positive (timed in nanoseconds)" "true true true" \
    "$(jq -r '"\(.nps > 0) \(.nps_four_player > 0) \(.nps_two_player > 0)"' <<<"$out")"

# --- defect 24: a ply past the end of the game is a usage error --------------
# 75 quiet moves under 'standard': the game is drawn at ply 70 (the record
# is invalid: its position at ply 70 is shown, with exit status 1)
cp "$JUNQI_ROOT/tests/data/bad/quiet-75.jgn" "$tmp/quiet.jgn"
for spec in "2 150000" "2 71" "1 70"; do
    read -r want ply <<<"$spec"
    run "$R" --ply "$ply" "$tmp/quiet.jgn"
    expect "defect 24: --ply $ply of a game drawn at ply 70 with 5 moves after: exit status" "$want" "$rc"
done
expect "defect 24: the message says where the game ended" 1 \
    "$("$R" --ply 71 "$tmp/quiet.jgn" 2>&1 | grep -c 'the game ended at ply 70')"
expect "defect 24: --all stops at the end of the game" 71 "$("$R" --all --format pos "$tmp/quiet.jgn" | wc -l)"
# the error at the move after the end said "after the game ended" and not how it ended
expect "the move after a drawn game: the error says how the game ended" \
    "$tmp/quiet.jgn:19:69: error: c4-d5 is played after the game ended (draw by the no-combat rule)" \
    "$("$V" "$tmp/quiet.jgn" | grep -m1 'error:')"

# --- defect 25: the summary lines of a file of games say which game ---------
cat "$tmp/game.jgn" <(echo) "$tmp/game.jgn" >"$tmp/two.jgn"
run "$V" "$tmp/two.jgn"
expect "defect 25: the summary lines name the game and its line" "game 1 (line 1)|game 2 (line 23)" \
    "$(grep -o 'game [0-9] (line [0-9]*): valid' <<<"$out" | sed 's/: valid//' | paste -sd'|')"

# --- a replay cut inside its end marker (every move still there) -----------
# was an error to junqi-validate only: the other tools said it and exited 0
# (junqi-render said nothing), and the engine took it as a position.
game=$JUNQI_ROOT/samples/qq/jgs-000689.jgs
head -c $(($(wc -c <"$game") - 3)) "$game" >"$tmp/cut-end.jgs"
for tool in "$V" "$R --to jgn" "$A --nodes 300" "$JUNQI_BIN/junqi-render -o $tmp/cut-end.png"; do
    run $tool "$tmp/cut-end.jgs"
    prog=${tool%% *}
    expect "cut end marker: ${prog##*/}: exit status and the error" "1 1" \
        "$rc $(grep -c 'error: the file ends at byte 0x95D inside the end marker' <<<"$out$err")"
done
expect "cut end marker: junqi-replay still writes the game, as junqi-analyze its annotation" "1 1" \
    "$("$R" --to jgn "$tmp/cut-end.jgs" 2>/dev/null | grep -c '^\[Result "north-south"\]') $(
        "$A" --nodes 300 "$tmp/cut-end.jgs" 2>/dev/null | grep -c '^\[Annotator ')"
expect "cut end marker: the engine refuses the position" "error position: the file ends at byte 0x95D inside the end marker after the records (offset 0x958), which needs 8 bytes (truncated)" \
    "$(printf 'position file %s\nquit\n' "$tmp/cut-end.jgs" | "$A" --engine | grep '^error')"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
