#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Tool tests for the messages' language (docs/i18n.md): the catalogs are
# complete for the sources as they are (every message of a fresh
# `make pot` has a translation that is neither missing nor fuzzy, and
# msgfmt --check --statistics agrees), the tools follow LANGUAGE, LC_ALL,
# LC_MESSAGES and LANG as GNU gettext says, JSON keys and codes do not
# change with the language, what locates a line (the program's name, the
# file's, the item's) keeps the ASCII ": " in every catalog, and the Chinese
# output matches golden files.
# The languages are chosen with LANGUAGE over the C.UTF-8 locale that every
# Debian 12 has; LANG=zh_CN.UTF-8 itself is checked with a locale compiled
# here by localedef into a temporary LOCPATH (Debian's locales package).
# Env: JUNQI_BIN, JUNQI_ROOT, JUNQI_BUILD (the catalogs: JUNQI_BUILD/locale).
set -u
name=i18n.sh
. "$(dirname "$0")/lib"
root=$JUNQI_ROOT bin=$JUNQI_BIN
export JUNQI_LOCALEDIR=${JUNQI_BUILD:-$root/build}/locale
linguas=$(cat "$root/po/LINGUAS")

# 1. every catalog is complete for the sources as they are now
make -s -C "$root" pot POT="$tmp/junqi.pot" >/dev/null 2>"$tmp/xgettext.err" ||
    fail "make pot: $(head -n 3 "$tmp/xgettext.err")"
total=$(msgattrib --no-obsolete "$tmp/junqi.pot" | grep -c '^msgid ')
total=$((total - 1)) # the header
for l in $linguas; do
    po=$root/po/$l.po
    checks=$((checks + 1))
    msgcmp "$po" "$tmp/junqi.pot" >/dev/null 2>"$tmp/msgcmp.err" ||
        fail "po/$l.po lacks translations of messages in the sources ($(grep -c 'this message' \
            "$tmp/msgcmp.err") missing; make update-po, then translate): $(head -n 4 "$tmp/msgcmp.err")"
    stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1)
    checks=$((checks + 1))
    case $stats in
    *fuzzy* | *untranslated* | *error*) fail "po/$l.po: msgfmt --check --statistics: $stats" ;;
    esac
    echo "$name: po/$l.po: $stats (the sources have $total)"
done

# 1a. every source file that marks a message is read by `make pot` (po/POTFILES): a file left
# out has its marked messages in English in every language, and check 1 cannot see them
checks=$((checks + 1))
unlisted=$(cd "$root" && grep -lE '(^|[^A-Za-z0-9_])(_|N_|P_|C_|junqi_diags_add|junqi_cli_usage)\(' \
    libcore/*.c formats/*.c render/*.c tools/*.c | grep -vxF -f <(grep -v '^#' po/POTFILES) | tr '\n' ' ')
[ -z "$unlisted" ] || fail "po/POTFILES lacks files that mark messages: $unlisted"

# 1e. no message of a keyword call comes after a brace at the call's level (a compound literal
# before it): xgettext takes the brace's commas for arguments' and does not extract it, so check 1
# cannot see it (the cr-line-ends error was English under zh_CN); the keywords are the Makefile's
checks=$((checks + 1))
keywords=$(awk '/^XGETTEXT_KEYWORDS :=/ { f = 1 } f { l = l " " $0 } f && !/\\$/ { print l; exit }' \
    "$root/Makefile" | sed 's/\\//g; s/^ *XGETTEXT_KEYWORDS := //')
[ -n "$keywords" ] || fail "the Makefile's XGETTEXT_KEYWORDS not found"
braced=$(cd "$root" && KEYWORDS=$keywords perl tests/cli/keyword-args.pl $(grep -v '^#' po/POTFILES))
[ -z "$braced" ] || fail "messages xgettext does not extract: $braced"

# 1d. a sentence passed as the argument of a "%s" message is marked itself (_("...")): make pot
# does not see a bare literal there, and it stayed English in every language (libcore/flip_replay.c:
# "%s", ok ? "the rule set is not a flip rule set" : ...)
checks=$((checks + 1))
bare=$(cd "$root" && perl -0777 -ne 'while (/"%s",\s*(?:[^;"]*?\?\s*)?("[A-Za-z][^"]* [^"]*")/g) {
    my $n = (substr($_, 0, pos($_)) =~ tr/\n//) + 1; print "$ARGV:$n: $1 " }' \
    libcore/*.c formats/*.c render/*.c tools/*.c)
[ -z "$bare" ] || fail "sentences passed to \"%s\" unmarked (write _(\"...\")): $bare"

# 1b. no English word is left inside a translation: the ASCII words a msgstr may hold are the
# notation and the names a user types or reads back (option values, seats, rule sets, tags,
# keys, formats, tools, the bytes of a QQ file's magic), listed here; identifiers (with _ . / =
# digits or a hyphen), option names and printf conversions are left out before the words are
# compared
kept="ABCDE Annotator Board CR Date Deal Debian Elo End FF File First GBK GIF HTML Home JGN JSON LF Lines Mac MiB Mode NAG NUL North PNG
Position QQ QQGame JQL JQS RGB RRGGBB Result Rules SVG TERM Termination YAML aliases all always auto bL bestmove blue board
annotation cairo camp classic colour comments contrast dark default depth divide drop dumb east easy eliminated en eval
expert fanfan fanqi flag fontconfig gif go green html huqi iconv id index isready jgn jql json junqi level marshal mode
mover moves movetime multipv nags name nesw never nodes normal north nps off open pango perft player
players png pos pv random rank red rows samples sb seat seed setoption short shown source south sr standard tr
svg text threads timeouts variations view west winprob zh zuhe URI Unicode"
for l in $linguas; do
    checks=$((checks + 1))
    # shellcheck disable=SC2016
    left=$(msgexec -i "$root/po/$l.po" sh -c '[ -z "$MSGEXEC_MSGID" ] || { cat; echo; }' |
        sed -E 's/%[0-9$.*-]*[a-z]+//g' | tr ':' ' ' |
        grep -oP '(?<![-A-Za-z0-9_%\\])[A-Za-z][A-Za-z0-9_./=+-]*' | grep -vE '[_./=0-9+-]' |
        grep -E '^[A-Za-z]{2,}$' | sort -u | grep -vxF -f <(tr -s ' \n' '\n\n' <<<"$kept") | tr '\n' ' ')
    [ -z "$left" ] || fail "po/$l.po: English words inside translations (translate them, or list them in i18n.sh if a user types them): $left"
done

# 1c. what locates a line is followed by the ASCII ": " in every language, as the tools print it
# before a usage error (docs/i18n.md, "Prefixes"): the program's name and the file's or item's
# after it (a tool's message that starts with "%s: ", once or twice), an item's label and what
# follows it in a summary (formats/source.c, junqi-validate: the verdict, ": valid"), a
# diagnostic's place in a binary file; the severity ("%s: ", 错误：) belongs to the message. Before,
# most of these took "：". What follows the verdict in a summary is the message's own, with the
# full-width colon, as "：四国对局" (": formation" and ": no game" took ": " after the verdict)
for l in $linguas; do
    checks=$((checks + 1))
    # shellcheck disable=SC2016
    wrong=$(msggrep -N 'tools/*' -N formats/source.c "$root/po/$l.po" | msgexec sh -c '
        id=$MSGEXEC_MSGID str=$(cat)
        [ "$id" != "%s: " ] || exit 0
        want=$(printf "%s" "$id" | grep -oE "^(%s: ){1,2}")
        case $id in
        ": valid" | ": invalid") want=": " ;;
        ": no game (zero items)" | ": formation" | ": formation " | ": %s game, %d player" | ": %s game, 2 players") want="：" ;;
        esac
        case $str in "$want"*) ;; *) printf "[%s] " "$id" ;; esac
        case $id in move*": " | record*": " | offset*": ")
            case $str in *": ") ;; *) printf "[%s] " "$id" ;; esac ;;
        esac')
    [ -z "$wrong" ] || fail "po/$l.po: a prefix that locates a line is not followed by the ASCII ': ', or what follows a summary's verdict not by '：': $wrong"
done

# 2. the language follows the environment, GNU's way
hint() { "$@" "$bin/junqi-validate" --no-such-option 2>&1 | tail -n 1; }
english="Try 'junqi-validate --help' for more information."
expect "no language set" "$english" "$(hint env -u LANGUAGE LC_ALL=C.UTF-8)"
expect "LANGUAGE=zh_CN" "请运行“junqi-validate --help”查看更多信息。" \
    "$(hint env LC_ALL=C.UTF-8 LANGUAGE=zh_CN)"
expect "LANGUAGE=zh_TW" "請執行「junqi-validate --help」以取得更多資訊。" \
    "$(hint env LC_ALL=C.UTF-8 LANGUAGE=zh_TW)"
expect "LANGUAGE=fr:zh_TW (the first language with a catalog)" "請執行「junqi-validate --help」以取得更多資訊。" \
    "$(hint env LC_ALL=C.UTF-8 LANGUAGE=fr:zh_TW)"
expect "LANGUAGE=fr (no catalog: English)" "$english" "$(hint env LC_ALL=C.UTF-8 LANGUAGE=fr)"
# the Chinese with no catalog of their own read their script's (docs/i18n.md)
for l in zh_HK zh_MO zh_Hant; do
    expect "LANGUAGE=$l (traditional)" "請執行「junqi-validate --help」以取得更多資訊。" \
        "$(hint env LC_ALL=C.UTF-8 LANGUAGE=$l)"
done
for l in zh zh_SG; do
    expect "LANGUAGE=$l (simplified)" "请运行“junqi-validate --help”查看更多信息。" "$(hint env LC_ALL=C.UTF-8 LANGUAGE=$l)"
done
# --help names every locale that gets traditional names by default (tools/cli.c)
for t in replay render; do
    checks=$((checks + 1))
    help=$("$bin/junqi-$t" --help | tr -s ' \n' ' ')
    [[ $help == *"zh-Hant for zh_TW, zh_HK, zh_MO and zh_Hant, else zh"* ]] ||
        fail "junqi-$t --help does not name zh_TW, zh_HK, zh_MO and zh_Hant for --names' default"
done
# every option of a tool's English --help (each --name, and each -x that starts a line) is in each
# translated --help too, as option names are not translated: a usage text whose msgid gained an
# option stays translated, not fuzzy, for msgcmp when the msgstr lags it, as the Chinese help of
# junqi-replay and junqi-render lacked --infer and --seed
help_options() { # LANGUAGE TOOL: the options its --help names, one a line, sorted
    env LC_ALL=C.UTF-8 LANGUAGE="$1" "$bin/junqi-$2" --help | grep -oE -- '--[a-z][a-z0-9-]*|^ +-[A-Za-z]\b' |
        tr -d ' ' | sort -u
}
for t in validate replay render analyze match; do
    [ -x "$bin/junqi-$t" ] || continue
    options=$(help_options "" "$t")
    for l in $linguas; do
        checks=$((checks + 1))
        missing=$(help_options "$l" "$t" | comm -23 <(echo "$options") - | tr '\n' ' ')
        [ -z "$missing" ] || fail "junqi-$t --help under LANGUAGE=$l lacks options of the English help: $missing"
    done
done
expect "LC_ALL=C ignores LANGUAGE" "$english" "$(hint env LC_ALL=C LANGUAGE=zh_CN)"
expect "LC_MESSAGES=C ignores LANGUAGE" "$english" "$(hint env -u LC_ALL LANG=C.UTF-8 LC_MESSAGES=C LANGUAGE=zh_CN)"
if command -v localedef >/dev/null && [ -f /usr/share/i18n/locales/zh_TW ]; then
    mkdir -p "$tmp/locales"
    for l in zh_CN zh_TW zh_HK; do
        localedef -i "$l" -f UTF-8 "$tmp/locales/$l.UTF-8" >/dev/null 2>&1 ||
            fail "localedef -i $l -f UTF-8 failed"
    done
    expect "LANG=zh_CN.UTF-8" "请运行“junqi-validate --help”查看更多信息。" \
        "$(hint env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LOCPATH="$tmp/locales" LANG=zh_CN.UTF-8)"
    expect "LC_ALL=zh_TW.UTF-8 over LANG=zh_CN.UTF-8" "請執行「junqi-validate --help」以取得更多資訊。" \
        "$(hint env -u LC_MESSAGES -u LANGUAGE LOCPATH="$tmp/locales" LANG=zh_CN.UTF-8 LC_ALL=zh_TW.UTF-8)"
    expect "LC_MESSAGES=zh_TW.UTF-8 over LANG=C.UTF-8" "請執行「junqi-validate --help」以取得更多資訊。" \
        "$(hint env -u LC_ALL -u LANGUAGE LOCPATH="$tmp/locales" LANG=C.UTF-8 LC_MESSAGES=zh_TW.UTF-8)"
    expect "LANG=zh_HK.UTF-8 (traditional)" "請執行「junqi-validate --help」以取得更多資訊。" \
        "$(hint env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LOCPATH="$tmp/locales" LANG=zh_HK.UTF-8)"
    # LC_NUMERIC stays C: numbers keep their point whatever the locale
    run env -u LANGUAGE LOCPATH="$tmp/locales" LC_ALL=zh_CN.UTF-8 "$bin/junqi-validate" --format json \
        "$root/samples/qq/jgs-000689.jgs"
    expect "JSON in LC_ALL=zh_CN.UTF-8: exit status" 0 "$rc"
    # a locale whose character set is not UTF-8 (zh_CN.GBK, zh_TW.BIG5: older Chinese systems)
    # gets the same UTF-8 text: gettext converted the catalog's messages to GBK, and the tools'
    # UTF-8 output then escaped a diagnostic's bytes ('错误：\xce募\xfe...'), JSON replaced them
    # with U+FFFD, an HTML page held GBK in a UTF-8 page, and strerror's reason came in GBK
    bad=$root/tests/data/corrupt/truncated.jgs
    for lc in zh_CN.GBK:zh_CN zh_TW.BIG5:zh_TW; do
        l=${lc#*:} lc=${lc%:*}
        localedef -i "$l" -f "${lc#*.}" "$tmp/locales/$lc" >/dev/null 2>&1 || fail "localedef $lc failed"
        for args in "$bad" "--format json $bad" "$tmp/locales"; do
            run env LC_ALL=C.UTF-8 LANGUAGE=$l "$bin/junqi-validate" $args
            utf8="$rc $out $err"
            run env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LOCPATH="$tmp/locales" LANG=$lc \
                "$bin/junqi-validate" $args
            expect "junqi-validate $args under LANG=$lc: UTF-8, as under LANGUAGE=$l" "$utf8" "$rc $out $err"
        done
        env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LOCPATH="$tmp/locales" LANG=$lc \
            "$bin/junqi-render" --ply 3 -o "$tmp/$lc.html" "$root/samples/qq/jgs-000689.jgs"
        LC_ALL=C.UTF-8 LANGUAGE=$l "$bin/junqi-render" --ply 3 -o "$tmp/utf8.html" \
            "$root/samples/qq/jgs-000689.jgs"
        checks=$((checks + 1))
        cmp -s "$tmp/utf8.html" "$tmp/$lc.html" || fail "the HTML page under LANG=$lc is not the UTF-8 one"
    done
    # ... but a terminal under such a locale shows its own character set: UTF-8 there was
    # mojibake. Standard output and standard error that are terminals are converted (the same
    # text, in GBK or Big5); a character the set lacks is '?'; a pipe (above) keeps UTF-8
    if script -qfec true /dev/null </dev/null >/dev/null 2>&1; then
        on_terminal() { # LOCALE COMMAND...: what COMMAND writes onto a terminal under LANG=LOCALE
            script -qfec "$(printf '%q ' env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LOCPATH="$tmp/locales" \
                LANG="$1" "${@:2}")" /dev/null </dev/null | tr -d '\r'
        }
        for lc in zh_CN.GBK:zh_CN:GBK zh_TW.BIG5:zh_TW:BIG5; do
            set=${lc##*:} lc=${lc%:*}
            l=${lc#*:} lc=${lc%:*}
            run env LC_ALL=C.UTF-8 LANGUAGE=$l "$bin/junqi-validate" "$bad"
            expect "junqi-validate onto a terminal under LANG=$lc: the text in $set" "$out" \
                "$(on_terminal "$lc" "$bin/junqi-validate" "$bad" | iconv -f "$set" -t UTF-8)"
            run env LC_ALL=C.UTF-8 LANGUAGE=$l "$bin/junqi-replay" --help
            expect "junqi-replay --help onto a terminal under LANG=$lc: the text in $set" "$out" \
                "$(on_terminal "$lc" "$bin/junqi-replay" --help | iconv -f "$set" -t UTF-8)"
        done
        # a tag line longer than stdio's buffer: a write cuts a character in two, and the next
        # completes it; an emoji, which GBK lacks, is one '?'
        long=$(printf '将%.0s' $(seq 6000))
        printf '[Board "two-player"]\n[Event "%s"]\n[North "Tom😀小明"]\n[South "b"]\n\n*\n' "$long" \
            >"$tmp/long.jgn"
        expect "a long line onto a GBK terminal, an emoji in it" \
            "$(LC_ALL=C.UTF-8 "$bin/junqi-replay" --to jgn "$tmp/long.jgn" | sed 's/😀/?/')" \
            "$(on_terminal zh_CN.GBK "$bin/junqi-replay" --to jgn "$tmp/long.jgn" | iconv -f GBK -t UTF-8)"
        # a byte that is not UTF-8 (a Latin-1 file name's é) is one '?': the three bytes after
        # it went with it, 'Jos?ruz.jgn' (break7 F1)
        expect "a file name's byte that is not UTF-8, onto a GBK terminal" \
            "junqi-validate: Jos? Cruz.jgn" \
            "$(on_terminal zh_CN.GBK env LANGUAGE=en "$bin/junqi-validate" "$(printf 'Jos\xe9 Cruz.jgn')" |
                iconv -f GBK -t UTF-8 | cut -d: -f1,2)"
        # the terminal is still told a terminal: a PNG is refused there (junqi_cli_stream_fd)
        expect "a PNG onto a GBK terminal is still refused" "rc=2" \
            "$(on_terminal zh_CN.GBK sh -c '"$0" -o - "$1"; echo rc=$?' "$bin/junqi-render" \
                "$root/samples/qq/jgs-000689.jgs" | tail -n 1)"
    else
        skip "script(1) cannot give a terminal here: text onto a GBK terminal is not checked"
    fi
    # and text typed on such a terminal is in its character set: --select 'player=小明' in GBK
    # matched no record's UTF-8 小明 and kept nothing, exit 0; a formation's Chinese name in
    # --setup was no formation. Such text is converted; bytes that are not GBK are a usage error
    printf '[Board "two-player"]\n[North "小明"]\n[South "b"]\n\n*\n\n[Board "two-player"]\n[North "x"]\n[South "y"]\n\n*\n' \
        >"$tmp/names.jgn"
    in_gbk() { env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LOCPATH="$tmp/locales" LANG=zh_CN.GBK "$@"; }
    run in_gbk "$bin/junqi-replay" --select "$(printf 'player=小明' | iconv -t GBK)" --count "$tmp/names.jgn"
    expect "--select typed in GBK under LANG=zh_CN.GBK: the game of 小明" "0 1" "$rc $out"
    run in_gbk env LC_MESSAGES=C "$bin/junqi-replay" --select "$(printf 'player=\377\377')" --count "$tmp/names.jgn"
    expect "--select of bytes that are not GBK: a usage error" \
        "2 junqi-replay: --select: the text is not GBK, the locale's character set" "$rc $(head -n 1 <<<"$err")"
    # GBK text whose UTF-8 is too long was "not GBK" (break7 F5): 1,400 characters are 2,800 bytes
    # typed, 4,200 in UTF-8
    run in_gbk env LC_MESSAGES=C "$bin/junqi-replay" --select "player=$(printf '将%.0s' $(seq 1400) | iconv -t GBK)" \
        --count "$tmp/names.jgn"
    expect "--select of GBK text too long once in UTF-8: said so" \
        "2 junqi-replay: --select: the text is longer than 4095 bytes" "$rc $(head -n 1 <<<"$err")"
    run in_gbk "$bin/junqi-replay" --board two-player --setup "south=$(printf '铜墙铁壁' | iconv -t GBK)" \
        --setup north=F07 --to jgn
    expect "--setup with a formation's Chinese name typed in GBK" '0 [SouthSetup "' "$rc $(grep -o '^\[SouthSetup "' <<<"$out")"
else
    skip "localedef or /usr/share/i18n/locales (Debian's locales package) is missing: LANG=zh_CN.UTF-8 not checked"
fi

# a message whose place is a compound literal was left out of the catalog (xgettext counted its
# commas as arguments): the CR-line-ends error came in English under zh_CN
printf '[Board "two-player"]\r[South "a"]\r\r*\r' >"$tmp/cr.jgn"
run env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" "$tmp/cr.jgn"
checks=$((checks + 1))
grep -q "各行以单独的 CR 结尾" <<<"$out" || fail "the cr-line-ends error under LANGUAGE=zh_CN: $out"

# 3. JSON keys, codes and severities do not change with the language; messages do
bad=$root/tests/data/corrupt/truncated.jgs
run env LC_ALL=C.UTF-8 "$bin/junqi-validate" --format json "$bad"
en=$out
run env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" --format json "$bad"
zh=$out
need_jq
expect "JSON keys, codes and severities in Chinese" \
    "$(jq -c '[paths(scalars) | map(tostring) | join(".")], .code, .severity' <<<"$en" | grep -v message)" \
    "$(jq -c '[paths(scalars) | map(tostring) | join(".")], .code, .severity' <<<"$zh" | grep -v message)"
checks=$((checks + 1))
[ "$(jq -r 'select(.code) | .message' <<<"$en")" != "$(jq -r 'select(.code) | .message' <<<"$zh")" ] ||
    fail "the JSON messages are the same in Chinese and English: the test cannot tell"

# 3a. the engine protocol is English whatever the language, as chess's UCI (docs/protocol.md,
# "Language"): its error lines and the messages of the library they quote (a diagnostic, the
# reason a file cannot be read, an option's values). In Chinese they were half translated:
# "error position: move 41: f11 上没有棋子 (no-piece)", "Level takes easy、normal、default 或 expert"
protocol() {
    printf '%s\n' "position file $root/samples/qq/jgs-000689.jgs ply 40" "position moves 41. f11-f10" \
        "position pos zz" "position file $tmp/no-such.jgn" "setoption name Level value hard" \
        'position jgn [Board "four-player"] 1. zz *' "isready" |
        env "$@" "$bin/junqi-analyze" --engine 2>&1
}
en=$(protocol LC_ALL=C.UTF-8)
for l in zh_CN zh_TW; do
    expect "the engine protocol under LANGUAGE=$l: every line as in English" "$en" \
        "$(protocol LC_ALL=C.UTF-8 LANGUAGE=$l)"
done
checks=$((checks + 1))
[ "$(grep -c '^error ' <<<"$en")" = 5 ] || fail "the engine protocol: expected 5 error lines in '$en'"

# 3b. a message that names a part of a QQ record names it in the message's language, and
# leaves the record and offset to the location in front of it: record 3's from point off
# the board, and record 2's next seat 7 (tests/test_qq.c has the same cases)
for case in "3 2 248,3 起点" "2 4 7 下一方"; do
    read -r k byte bytes word <<<"$case"
    python3 - "$root/tests/data/qq/jgs-002724.jgs" "$tmp/part.jgs" "$k" "$byte" "$bytes" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
at = 0x19C + 10 * int(sys.argv[3]) + int(sys.argv[4])
for i, v in enumerate(sys.argv[5].split(",")):
    data[at + i] = int(v)
open(sys.argv[2], "wb").write(data)
PY
    run env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" "$tmp/part.jgs"
    line=$(head -n 1 <<<"$out")
    checks=$((checks + 1))
    [[ $line == *"记录 $k"*": 错误："*"$word"* && $line != *": 错误："*"记录"* ]] ||
        fail "record $k, byte $byte in Chinese: expected '$word' after the error and no record again, got '$line'"
done


# 3c. the messages the libraries write into an error buffer are translated too: a bad
# --select condition (formats/collection.c); and a page that cannot be written is said in one
# line naming the output (tools/cli.c), in Chinese
run env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-replay" --select '=x' --to jgn "$root/samples/qq/jgs-000001.jgs"
expect "--select '=x' in Chinese" \
    "junqi-replay: --select “=x”不是以字段开头（字段是标签名，例如 Result，或 moves、players、player、seat、view、source、index）" \
    "$(head -n 1 <<<"$err")"
if [ -w /dev/full ]; then
    run env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-render" --format html -o /dev/full "$root/samples/qq/jgs-000001.jgs"
    expect "a page that cannot be written, in Chinese: one line" \
        "1 junqi-render: /dev/full: 写入失败：" "$(grep -c . <<<"$err") $(grep -o '^.*写入失败：' <<<"$err")"
fi

# 3d. a summary line: the ASCII ": " after what locates it (the file, the item), then the verdict
# and the rest in the message's own punctuation, as for a game ("有效：四国对局"); a formation's and
# an empty input's had ": " after the verdict too ("有效: 布局 F01", "有效: 没有对局（零项）")
run env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" "$root/samples/formations/F01.yaml" /dev/null
expect "the summaries of a formation and of an empty input, in Chinese" \
    "$root/samples/formations/F01.yaml: 第 1 个布局（第 3 行）: 有效：布局 F01
/dev/null: 提示：输入里既没有对局也没有布局（零项）
/dev/null: 有效：没有对局（零项）" "$out"
run env LC_ALL=C.UTF-8 LANGUAGE=zh_TW "$bin/junqi-validate" "$root/samples/formations/F01.yaml"
expect "the summary of a formation, in traditional Chinese" \
    "$root/samples/formations/F01.yaml: 第 1 個布陣（第 3 行）: 有效：布陣 F01" "$out"

# 3e. a score in a sentence (junqi-validate's summary, junqi-replay's text board, the HTML page)
# names the seats in the language of the messages; it read "QQ 积分：north -2, east +2, ...". The
# QQScore tag, which programs read back, stays English
run env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" "$root/samples/qq/jgs-000001.jgs"
expect "a summary's score in Chinese" "QQ 积分：北家 -2，东家 +2，南家 -2，西家 +2" "${out##*；}"
run env LC_ALL=C.UTF-8 LANGUAGE=zh_TW "$bin/junqi-replay" --color never "$root/samples/qq/jgs-000001.jgs"
expect "the text board's score in traditional Chinese" "QQ 積分：北家 -2，東家 +2，南家 -2，西家 +2" \
    "$(tail -n 1 <<<"$out")"
run env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-replay" --to jgn "$root/samples/qq/jgs-000001.jgs"
expect "the QQScore tag under LANGUAGE=zh_CN: English" '[QQScore "north -2, east +2, south -2, west +2"]' \
    "$(grep QQScore <<<"$out")"

# 3f. a board's and a game mode's names inside a sentence are the players' words (四国棋盘, 暗棋), as a
# seat's are: the HTML page read "four-player 棋盘，规则 qq，dark", the messages "two-player 棋盘",
# "没有 east 这一方", "“fanqi”的flip对局", and a bad --arrow kept the placeholder FROM-TO; a flip
# game's summary read "有效：fanqi对局" (the goldens flip.LL.txt have "有效：翻棋对局（fanqi）")
first_err() { # LANGUAGE COMMAND...: the first line the command writes to standard error
    env LC_ALL=C.UTF-8 LANGUAGE="$1" "${@:2}" 2>&1 >/dev/null | head -n 1
}
qq1=$root/samples/qq/jgs-000001.jgs fanqi=$root/tests/data/flip/fanqi.jgn
expect "--rules of the other board under zh_CN" \
    "junqi-validate: $qq1: --rules standard 用于两人棋盘，而这是四国对局" \
    "$(first_err zh_CN "$bin/junqi-validate" --rules standard "$qq1")"
expect "a switch of the other board under zh_TW" "junqi-validate: --rules：開關「mountain」不適用於「qq」的四國棋盤" \
    "$(first_err zh_TW "$bin/junqi-validate" --rules qq,mountain=shelter "$qq1")"
expect "a switch of formation games under zh_CN" "junqi-validate: --rules：开关“mode”不适用于“fanqi”的翻棋对局" \
    "$(first_err zh_CN "$bin/junqi-validate" --rules fanqi,mode=open "$fanqi")"
expect "a seat the board lacks under zh_CN" "junqi-replay: 两人棋盘没有东家这一方" \
    "$(first_err zh_CN "$bin/junqi-replay" --setup "east=$root/samples/formations/F01.yaml" --board two-player)"
# the seats a game has, listed in a sentence, are the players' words too (本局的座位：north, south)
printf '[Board "two-player"]\n[View "west"]\n\n*\n' >"$tmp/view-west.jgn"
printf '[Board "two-player"]\n\n*\n' >"$tmp/two-seats.jgn"
expect "the seats of a game in a usage error under zh_CN" \
    "junqi-replay: $tmp/two-seats.jgn: 第 1 局（第 1 行）: --view west：西家没有参加本局（本局的座位：北家、南家）" \
    "$(first_err zh_CN "$bin/junqi-replay" --view west "$tmp/two-seats.jgn")"
expect "the seats of a game in a diagnostic under zh_TW" \
    "$tmp/view-west.jgn:2:1: 錯誤：View：西家沒有參加本局（本局的座位：北家、南家）" \
    "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_TW "$bin/junqi-validate" "$tmp/view-west.jgn" | head -n 1)"
expect "a tool of the build tree finds the catalogs built beside it, with no JUNQI_LOCALEDIR" \
    "用法：junqi-validate [选项] [文件...]" \
    "$(env -u JUNQI_LOCALEDIR LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" --help | head -n 1)"
printf 'name: x\nrows: [a, b\n' > "$tmp/bad.yaml"
expect "libyaml's own message under zh_CN: translated, the context first" \
    "$tmp/bad.yaml:3:1: 错误：YAML：解析流序列时，找不到应有的“,”或“]”" \
    "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" "$tmp/bad.yaml" | head -n 1)"
printf '[Board "two-player"]\n\n1. z99-a1 *\n' > "$tmp/square.jgn"
expect "a square off the board under zh_TW" "$tmp/square.jgn:3:4: 錯誤：「z99」（在「z99-a1」中）不是兩人棋盤上的座標" \
    "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_TW "$bin/junqi-validate" "$tmp/square.jgn" | head -n 1)"
if [ -x "$bin/junqi-render" ]; then
    env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-render" "$qq1" -o "$tmp/intro.html"
    expect "the page's description of the game under zh_CN" "四国棋盘，规则 qq，暗棋" \
        "$(sed -n 's/.*<p class="intro">\([^<]*\).*/\1/p' "$tmp/intro.html")"
    expect "the page's accessible names (aria-label) under zh_CN: none in English" "" \
        "$(grep -o 'aria-label="[^"]*"' "$tmp/intro.html" | grep '="[^"]*[A-Za-z]')"
    expect "a seat to draw at the bottom the board lacks under zh_CN" \
        "junqi-render: $fanqi: 第 1 局（第 1 行）: 两人棋盘没有可以画在下方的东家" \
        "$(first_err zh_CN "$bin/junqi-render" --bottom east "$fanqi" -o "$tmp/x.png")"
    expect "an --arrow from a square to itself under zh_TW" \
        "junqi-render: $qq1: --arrow g2-g2：「g2-g2」起訖相同：箭頭連接兩個不同的座標" \
        "$(first_err zh_TW "$bin/junqi-render" --arrow g2-g2 "$qq1" -o "$tmp/x.png")"
fi

# 3g. the replay's diagnostics name seats, pieces, combat results and a zuhe absorb in the language
# of the messages, as the messages around them: they read "北家 的布局", "但 marshal 撞了 north 的
# captain", "棋谱记为“attacker loses”", "只有only north参加", "上一步：e4+e3（absorbs）"
"$bin/junqi-replay" --to jgn "$root/samples/qq/jgs-000689.jgs" > "$tmp/689.jgn"
diag() { # LANGUAGE SED-SCRIPT: the first diagnostic junqi-validate gives on the edited record, after the place
    sed "$2" "$tmp/689.jgn" > "$tmp/edited.jgn"
    env LC_ALL=C.UTF-8 LANGUAGE="$1" "$bin/junqi-validate" "$tmp/edited.jgn" | head -n 1 | sed 's/^[^ ]* //'
}
expect "a bad setup under zh_CN" "错误：北家的布局：工兵的数目不对：应为 3 个，实为 2 个" \
    "$(diag zh_CN 's/^\[NorthSetup "36915/[NorthSetup "36999/')"
expect "a capture written as a move under zh_CN" "错误：棋谱没有给出撞子结果，但司令撞了北家的连长" \
    "$(diag zh_CN 's/14\. f11>k11/14. f11-k11/')"
expect "a wrong combat result under zh_TW" "錯誤：f11<k11：棋譜記為「反彈」，但司令撞連長時依規則應為「吃」" \
    "$(diag zh_TW 's/14\. f11>k11/14. f11<k11/')"
expect "a seat eliminated twice under zh_CN" "警告：东家已经出局" \
    "$(diag zh_CN 's/eliminated:south:surrender/eliminated:east:surrender/')"
expect "a position with one seat under zh_CN" "<position>:1:1: 错误：只有北家参加：对局需要两方阵营（出局的各方列为全军覆没）" \
    "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" --position \
        'N1..../...../...../...../...../...../...../...../...../...../...../..... n 0 0 -' | head -n 1)"
# and a message that had an English phrase glued into it: "only one seat takes part：对局需要两方阵营",
# "记录说 a6 上是蓝方司令，但no such piece is still face down"
printf '[Board "two-player"]\n[SouthSetup "72617/4.1.6/81.5B/3.2.9/B52L4/33LFL"]\n\n*\n' > "$tmp/one.jgn"
expect "a game of one seat under zh_CN" "错误：只有一方参加：对局需要两方阵营" \
    "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" "$tmp/one.jgn" | head -n 1 | sed 's/^[^ ]* //')"
grep -v '^\[Deal' "$root/tests/data/flip/fanqi.jgn" | sed 's/1\. b6^b2/1. b6^b9/; s/3\. a6^b3/3. a6^b9/' > "$tmp/nodeal.jgn"
expect "a flip of a piece no longer face down under zh_TW" "錯誤：紀錄說 a6 上是藍方司令，但暗子中已經沒有這種棋子" \
    "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_TW "$bin/junqi-validate" "$tmp/nodeal.jgn" | head -n 1 | sed 's/^[^ ]* //')"
expect "a zuhe absorb on the text board under zh_CN" "上一步：e4+e3（合并）" \
    "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-replay" --color never --ply 29 "$root/tests/data/flip/zuhe.jgn" |
        tail -n 1)"

# 3h. a result inside a sentence and the evaluation graph (junqi-analyze --graph) are in the language
# of the messages: "棋谱给出的结果是 east-west，复盘是 north-south"; the graph's title, legends and
# move count ("win probability of north-south", "as east-west saw it", "15 moves") were English
sed 's/^\[Result "north-south"\]/[Result "east-west"]/; s/flag_captured north-south$/flag_captured east-west/' \
    "$tmp/689.jgn" > "$tmp/result.jgn"
expect "a result the replay does not reach under zh_CN" "错误：棋谱给出的结果是东西方，复盘是南北方" \
    "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" "$tmp/result.jgn" | head -n 1 | sed 's/^[^ ]* //')"
graph() { # LANGUAGE: the checksum of junqi-analyze's graph of a short game
    env LC_ALL=C.UTF-8 LANGUAGE="$1" "$bin/junqi-analyze" --nodes 30 --graph "$tmp/graph.png" \
        "$root/tests/data/qq/jgs-002724.jgs" >/dev/null && cksum < "$tmp/graph.png"
}
if [ -x "$bin/junqi-render" ]; then # the graph needs the drawing library, as junqi-render does
    checks=$((checks + 1))
    [ "$(graph "")" != "$(graph zh_CN)" ] || fail "junqi-analyze --graph draws the same picture in English and under zh_CN"
fi

# 3i. a QQ file's parts are named in the language of the messages: "位于the record count N（偏移 0x1A）
# 中间", "位于player block 0's other data", "player block 0's layout的第 3 字节"
qq_cut() { # LANGUAGE BYTES: junqi-validate's first line on the sample replay cut after BYTES bytes
    head -c "$2" "$root/samples/qq/jgs-000001.jgs" > "$tmp/cut.jgs"
    env LC_ALL=C.UTF-8 LANGUAGE="$1" "$bin/junqi-validate" "$tmp/cut.jgs" | head -n 1 | sed 's/^[^ ]* //'
}
expect "a replay cut in its header under zh_CN" "偏移 0x1A: 错误：文件在第 0x1B 字节处结束，位于记录数 N（偏移 0x1A）中间，它需要 2 字节" \
    "$(qq_cut zh_CN 27)"
expect "a replay cut in a player block under zh_TW" \
    "偏移 0x5A: 錯誤：檔案在第 0x64 位元組處結束，位於玩家區塊 0 的其他資料（偏移 0x5A）中間，它需要 26 位元組" \
    "$(qq_cut zh_TW 100)"
python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); d[0x3F] = 0x55; open(sys.argv[2], "wb").write(d)' \
    "$root/samples/qq/jgs-000001.jgs" "$tmp/layout.jgs"
expect "a bad byte of a layout under zh_CN" "偏移 0x3F: 错误：玩家块 0 的布局的第 3 字节（偏移 0x3F；第 1 行第 4 列）是 0x55，不是 QQ 棋子代码（00 到 0D）" \
    "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-validate" "$tmp/layout.jgs" | head -n 1 | sed 's/^[^ ]* //')"

# 3j. the range a switch takes ("timeouts 应为 off 或 a number from 1 to 255"), and why a page
# cannot be made ("the record cannot be replayed: 只有一方参加：…"), are in the messages' language
expect "a switch's range under zh_CN" "junqi-validate: --rules：timeouts 应为 off 或 1 到 255 之间的数，而不是“x”" \
    "$(first_err zh_CN "$bin/junqi-validate" --rules qq,timeouts=x "$qq1")"
if [ -x "$bin/junqi-render" ]; then
    expect "a page of a record that cannot be replayed under zh_CN" \
        "junqi-render: $tmp/one.jgn: 棋谱无法复盘：只有一方参加：对局需要两方阵营" \
        "$(env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-render" "$tmp/one.jgn" -o "$tmp/one.html" 2>&1 | tail -n 1)"
fi

# the tools' own folder messages too: a --frames folder where a file stands
: > "$tmp/in-the-way"
run env LC_ALL=C.UTF-8 LANGUAGE=zh_TW "$bin/junqi-render" --frames "$tmp/in-the-way" "$root/samples/qq/jgs-000001.jgs"
expect "a --frames folder that cannot be made, in Chinese" \
    "3 junqi-render: $tmp/in-the-way: 無法建立資料夾：已有同名檔案" "$rc $err"

# 3i. --bench names each position's board in Chinese (it said two-player / four-player)
checks=$((checks + 1))
bench=$(env LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$bin/junqi-analyze" --bench --depth 1 | grep '^局面')
grep -q -- '-player' <<<"$bench" && fail "junqi-analyze --bench in Chinese: an English board name: $bench"

# 4. golden files of Chinese output (tests/golden/i18n/README.md): the commands
# run in the repository root on relative paths; UPDATE_GOLDEN=1 rewrites them
golden() {
    local file=$1 lang=$2
    shift 2
    (cd "$root" && env LC_ALL=C.UTF-8 LANGUAGE="$lang" "$@" 2>&1) > "$tmp/golden"
    if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
        cp "$tmp/golden" "$root/tests/golden/i18n/$file"
    fi
    checks=$((checks + 1))
    cmp -s "$tmp/golden" "$root/tests/golden/i18n/$file" ||
        fail "$file: the output differs: $(diff "$root/tests/golden/i18n/$file" "$tmp/golden" | head -n 6)"
}
# a position string with mistakes of the position notation
illegal="nE5 x"
games="tests/data/qq/jgs-002724.jgs tests/data/corrupt/rail-turn.jgs tests/data/corrupt/truncated.jgs"
for l in zh_CN zh_TW; do
    # shellcheck disable=SC2086
    golden "validate.$l.txt" "$l" "$bin/junqi-validate" $games
    golden "replay.$l.txt" "$l" sh -c "'$bin/junqi-replay' --ply 10 --color never tests/data/qq/jgs-002724.jgs &&
        '$bin/junqi-replay' --color never tests/data/qq/jgs-002724.jgs | tail -n 4 &&
        '$bin/junqi-replay' --ply 40 tests/data/qq/jgs-002724.jgs; '$bin/junqi-replay' --help"
    golden "annotate.$l.jgn" "$l" "$bin/junqi-analyze" --nodes 300 --samples 2 --thresholds 0.02,0.04,0.06 \
        tests/data/qq/jgs-002724.jgs
    golden "illegal.$l.txt" "$l" "$bin/junqi-validate" --position "$illegal"
    golden "flip.$l.txt" "$l" "$bin/junqi-validate" tests/golden/i18n/flip-mistakes.jgn tests/data/flip/fanqi.jgn
    golden "flip-annotate.$l.jgn" "$l" "$bin/junqi-analyze" --nodes 3000 --thresholds 0.01,0.02,0.04 \
        tests/golden/i18n/flip-short.jgn
    golden "flip-replay.$l.txt" "$l" sh -c "'$bin/junqi-replay' --ply 20 --color never tests/data/flip/fanqi.jgn | tail -n 3 &&
        '$bin/junqi-replay' --color never tests/data/flip/fanqi.jgn | tail -n 4"
    golden "analyze.$l.txt" "$l" sh -c "'$bin/junqi-analyze' --perft 2 --ply 60 tests/data/flip/fanqi.jgn | tail -n 1 &&
        '$bin/junqi-analyze' --go --ply 167 tests/data/flip/fanqi.jgn"
    golden "match.$l.txt" "$l" "$bin/junqi-match" --setups samples/match/setups.jgn --skip 1 --games 1 --board two-player \
        --nodes 800 --max-moves 30 --name1 A --name2 B -o /dev/null "$bin/junqi-analyze --engine" "$bin/junqi-analyze --engine"
done

# 5. pictures and pages: without --names the piece names and captions take the locale's script
# (zh_TW and zh_HK traditional, zh_CN simplified, others as before: zh); an HTML page's status
# lines are in the language of the messages
caption() { # ENV... -- ARGS...: junqi-render's PNG of ply 10 with its caption, as a checksum
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    env "${envs[@]}" "$bin/junqi-render" --caption --ply 10 "$@" "$root/tests/data/qq/jgs-002724.jgs" -o - | cksum
}
hant=$(caption LC_ALL=C.UTF-8 -- --names zh-Hant)
hans=$(caption LC_ALL=C.UTF-8 -- --names zh)
checks=$((checks + 1))
[ "$hant" != "$hans" ] || fail "junqi-render --names zh-Hant and zh draw the same caption"
expect "junqi-render under LANGUAGE=zh_TW: traditional names and caption" "$hant" "$(caption LC_ALL=C.UTF-8 LANGUAGE=zh_TW --)"
expect "junqi-render under LANGUAGE=zh_HK (no catalog of its own): traditional" "$hant" \
    "$(caption LC_ALL=C.UTF-8 LANGUAGE=zh_HK --)"
expect "junqi-render under LANGUAGE=zh_CN: simplified" "$hans" "$(caption LC_ALL=C.UTF-8 LANGUAGE=zh_CN --)"
expect "junqi-render in the C locale: simplified, as before" "$hans" "$(caption LC_ALL=C LANGUAGE=zh_TW --)"
expect "junqi-render --names zh under LANGUAGE=zh_TW: --names wins" "$hans" \
    "$(caption LC_ALL=C.UTF-8 LANGUAGE=zh_TW -- --names zh)"
need_jq
status() { # LANGUAGE RECORD: the first and last status lines of the record's HTML page
    env LC_ALL=C.UTF-8 LANGUAGE="$1" "$bin/junqi-render" "$2" -o "$tmp/page.html" &&
        sed -n 's/.*<script type="application\/json" id="junqi-data">\(.*\)<\/script>.*/\1/p' "$tmp/page.html" |
        jq -r '[.status[0], .status[-1]] | join(" | ")'
}
qq=$root/tests/data/qq/jgs-002724.jgs fanqi=$root/tests/data/flip/fanqi.jgn
expect "the page's status lines in English" "Start  ·  North to move | Move 15  ·  East-West won (surrender)" \
    "$(status "" "$qq")"
expect "the page's status lines under zh_CN" "开局 · 北家走棋 | 第 15 步 · 东西方胜（投降）" "$(status zh_CN "$qq")"
expect "the page's status lines under zh_TW" "開局 · 北家走棋 | 第 15 步 · 東西方勝（投降）" "$(status zh_TW "$qq")"
expect "a flip game's page under zh_TW" "開局 · 南家走棋 | 第 167 步 · 南家勝（可走的棋子全部被吃）" \
    "$(status zh_TW "$fanqi")"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
