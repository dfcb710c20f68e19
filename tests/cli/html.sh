#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/cli/html.sh - the HTML page of junqi-render (render/html.h) in a real
# browser (headless Chromium):
#   1. the page is one file that names nothing outside itself;
#   2. the board the page shows at #ply=N (in several views) is the PNG that
#      junqi-render --ply N draws: the screenshot's top-left corner and the PNG
#      compared by tests/cli/pngdiff.c (a 5×5 blur, then pixels differing by
#      more than 15 %): at most one pixel in a thousand may differ, and the PNG
#      of the next move must differ by more (the comparison can fail);
#   3. a harness page (test code, below) loads the page in a frame from a
#      local server and drives it: keys, clicks, the slider, the view switcher,
#      the URL fragment, the pointer over a point; it reads the move list, the
#      marks, the NAG glyphs and the comments out of the page's DOM, and counts
#      what the page loaded (nothing); Chromium's --dump-dom gives the results;
#   4. the server, which is also Chromium's proxy for every other address,
#      sees no request made by the page, and Chromium reports no JavaScript
#      error and no Content-Security-Policy violation.
#
# Needs chromium and python3 (Debian packages chromium and python3, installed by
# scripts/install-deps), a C compiler and libpng. Without them the test is
# skipped, and tests/run-tests counts the skip (a failure under CI=true).
#
# Environment (set by tests/run-tests): JUNQI_BIN, JUNQI_ROOT. Exit 1 if any check failed.
set -u

name=html.sh
. "$(dirname "$0")/lib"
R=$JUNQI_BIN/junqi-render
GAME=$JUNQI_ROOT/tests/data/html/marked.jgn
SIZE=600

need_browser python3
build_pngdiff

# --- 1. one file ------------------------------------------------------------------------
mkdir -p "$tmp/site"
run "$R" --size "$SIZE" "$GAME" -o "$tmp/site/page.html"
expect "junqi-render -o page.html: exit status" 0 "$rc"
page=$tmp/site/page.html
checks=$((checks + 1))
# every URL in the page is a fragment (#...), data:, or an XML namespace name
others=$(grep -oE "(src|href|action|poster|data)=\"[^\"#][^\"]*\"|url\\([^#)][^)]*\\)|https?://[^\"' )]*" "$page" |
    grep -vE '^(https?://www\.w3\.org/(2000/svg|1999/xlink))$|^href="data:,"$' | sort -u | head -5)
[ -z "$others" ] || fail "the page refers to something outside itself: $others"
expect "one Content-Security-Policy that forbids loading anything" 1 \
    "$(grep -c "Content-Security-Policy\" content=\"default-src 'none';" "$page")"

# --- 2. the board at a ply is the PNG of that ply ---------------------------------------------
# board_is_png PAGE RECORD PLY NEXT VIEW [OPTION...]: the page's board at #ply=PLY&view=VIEW is
# junqi-render's PNG of that ply (with the options), and not the PNG of ply NEXT
board_is_png() {
    local page=$1 record=$2 ply=$3 next=$4 view=$5
    shift 5
    "$R" --size "$SIZE" --ply "$ply" --view "$view" "$@" "$record" -o "$tmp/want.png" &&
        "$R" --size "$SIZE" --ply "$next" --view "$view" "$@" "$record" -o "$tmp/next.png" ||
        { fail "junqi-render --ply $ply --view $view $record failed"; return; }
    rm -f "$tmp/shot.png"
    checks=$((checks + 1))
    chrome --window-size=1300,900 --screenshot="$tmp/shot.png" "file://$page#ply=$ply&view=$view" >/dev/null
    if [ ! -s "$tmp/shot.png" ]; then
        fail "$(basename "$page") #ply=$ply&view=$view: chromium made no screenshot: $(tail -3 "$tmp/browser.log")"
        return
    fi
    compare_shot "$(basename "$record") #ply=$ply&view=$view" "$tmp/want.png" "$tmp/shot.png" "$tmp/next.png" --corner
}
# PLY VIEW: the same ply, view and board orientation (the page keeps south at the bottom whatever
# the view)
for spec in "0 all" "4 all" "9 south" "12 east" "15 all"; do
    read -r ply view <<<"$spec"
    board_is_png "$page" "$GAME" "$ply" $(((ply + 1) % 16)) "$view" --bottom south
done

# --- 2b. a flip game's page (docs/flip.md): face-down backs, colours, badges, the players' view ----
FLIP=$JUNQI_ROOT/tests/data/flip
run "$R" --size "$SIZE" "$FLIP/fanqi.jgn" -o "$tmp/site/flip.html"
expect "junqi-render -o flip.html (a fanqi game): exit status" 0 "$rc"
run "$R" --size "$SIZE" "$FLIP/zuhe.jgn" -o "$tmp/zuhe.html"
expect "junqi-render -o zuhe.html (a zuhe game): exit status" 0 "$rc"
# fanqi at 10 (the colours just assigned), in south's view (every back plain), zuhe at 30 (an
# engineer carrying a landmine: the stack's badges)
board_is_png "$tmp/site/flip.html" "$FLIP/fanqi.jgn" 10 11 all
board_is_png "$tmp/site/flip.html" "$FLIP/fanqi.jgn" 10 11 south
board_is_png "$tmp/zuhe.html" "$FLIP/zuhe.jgn" 30 31 all

# --- 3. the harness: drive the page in a frame ---------------------------------------------------
# harness FRAME [WIDTH]: a page that loads FRAME in a frame WIDTH pixels wide (default 1300) and,
# once it has loaded, runs the test code on standard input (it has w, d, board, D, ply(), key(k),
# hover(square) and fills out), then writes out as JSON into #results
harness() {
    sed "s|@FRAME@|$1|; s|@WIDTH@|${2:-1300}|" <<'EOF'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>harness</title></head>
<body><pre id="results">not run</pre>
<iframe id="frame" src="@FRAME@" width="@WIDTH@" height="900"></iframe>
<script>
document.getElementById('frame').addEventListener('load', function () {
  var w = this.contentWindow, d = this.contentDocument, out = {};
  var board = d.getElementById('board');
  var D = JSON.parse(d.getElementById('junqi-data').textContent);
  function ply() { return +board.getAttribute('data-ply'); }
  function key(k) { d.dispatchEvent(new w.KeyboardEvent('keydown', { key: k, bubbles: true })); }
  function hover(square) {
    var p = D.points.filter(function (pt) { return pt[2] === square; })[0], r = board.getBoundingClientRect();
    var s = r.width / board.viewBox.baseVal.width; // the board as shown, maybe narrowed to the frame
    board.dispatchEvent(new w.MouseEvent('mousemove', { clientX: r.left + p[0] * s, clientY: r.top + p[1] * s, bubbles: true }));
    return d.getElementById('tip').textContent;
  }
  try {
EOF
    cat
    cat <<'EOF'
  } catch (e) { out.exception = String(e); }
  document.getElementById('results').textContent = JSON.stringify(out);
});
</script></body></html>
EOF
}
harness "page.html#ply=3" >"$tmp/site/harness.html" <<'EOF'
    out.ready = d.body.getAttribute('data-ready');
    out.errors = w.junqiErrors;
    out.opened = ply();
    key('ArrowRight'); out.right = ply();
    key('ArrowLeft'); key('ArrowLeft'); out.left = ply();
    key('End'); out.end = ply();
    key('Home'); out.home = ply();
    d.querySelector('#moves li[data-ply="7"]').click(); out.clicked = ply();
    out.current = d.querySelector('#moves li.current').getAttribute('data-ply');
    // Alt+Left is the browser's Back, Ctrl+End its own: the page leaves keys with a modifier alone
    out.modified = ['altKey', 'ctrlKey', 'metaKey'].map(function (m) {
      var e = new w.KeyboardEvent('keydown', { key: m === 'ctrlKey' ? 'End' : 'ArrowLeft', bubbles: true, cancelable: true });
      Object.defineProperty(e, m, { value: true });
      d.dispatchEvent(e);
      return ply() + (e.defaultPrevented ? ' taken' : ' left');
    });
    var slider = d.getElementById('slider'); slider.value = 9;
    slider.dispatchEvent(new w.Event('input')); out.slider = ply();
    d.getElementById('next').click(); out.next = ply();
    var graph = d.querySelector('#graph-hit rect[data-ply="12"]');
    graph.dispatchEvent(new w.MouseEvent('click', { bubbles: true })); out.graph = ply();
    out.hash = w.location.hash;
    d.querySelector('#views input[value="3"]').click(); out.view = board.getAttribute('data-view');
    out.hashView = w.location.hash;
    // a view reached with the keyboard keeps the arrow keys (they move between the views, the
    // radio group's own keys); one picked with the mouse gives them back to the moves
    var radio = d.querySelector('#views input[value="3"]'), at = ply();
    radio.focus();
    var arrow = new w.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
    radio.dispatchEvent(arrow);
    out.radioKeys = (ply() - at) + (arrow.defaultPrevented ? ' taken' : ' left');
    radio.dispatchEvent(new w.MouseEvent('mousedown', { bubbles: true })); radio.click();
    out.pickedFocus = d.activeElement === radio ? 'radio' : 'elsewhere';
    // a press beside the radios released elsewhere (no click) is no pick: the arrow key that
    // later selects a view, which clicks the radio, kept the focus there (break5 C7)
    d.getElementById('views').dispatchEvent(new w.MouseEvent('mousedown', { bubbles: true }));
    radio.focus();
    radio.dispatchEvent(new w.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    radio.click();
    out.keyedFocus = d.activeElement === radio ? 'radio' : 'elsewhere';
    out.status = d.getElementById('status').textContent;
    out.tipOwn = hover('j2');     // south's flag stand: south sees its own flag
    out.tipHidden = hover('j17'); // a hidden north piece in south's view
    d.querySelector('#views input[value="0"]').click();
    out.tipAll = hover('j17');
    out.moves = d.querySelectorAll('#moves li.move').length;
    out.events = d.querySelectorAll('#moves li.event').length;
    out.marks = Array.prototype.map.call(d.querySelectorAll('#moves .mark'), function (e) { return e.textContent; });
    out.nags = Array.prototype.map.call(d.querySelectorAll('#moves .nag'), function (e) { return e.textContent; });
    out.comments = Array.prototype.map.call(d.querySelectorAll('#moves .comment'), function (e) { return e.textContent; });
    out.variation = d.querySelector('#moves .variation').textContent;
    out.summary = d.querySelectorAll('#summary tr').length;
    out.tiles = d.querySelectorAll('#tiles use').length;
    out.resources = w.performance.getEntriesByType('resource').length;
    out.errorsAfter = w.junqiErrors;
EOF
# the same for the flip game's page: keys, the players' view, the pointer over face-up and
# face-down pieces, the actions and colour events in the move list
harness "flip.html#ply=10" >"$tmp/site/flip-harness.html" <<'EOF'
    out.ready = d.body.getAttribute('data-ready');
    out.opened = ply();
    out.tiles = d.querySelectorAll('#tiles use').length;
    out.tipUp = hover('b6');      // face up: north's blue lieutenant
    out.tipKnown = hover('c5');   // face down, its identity known to the record
    d.querySelector('#views input[value="1"]').click(); out.view = board.getAttribute('data-view');
    out.tipDown = hover('c5');    // the same piece as the players saw it
    out.hash = w.location.hash;
    key('ArrowRight'); out.right = ply();
    key('End'); out.end = ply();
    out.status = d.getElementById('status').textContent;
    key('Home'); out.home = ply();
    out.startTiles = d.querySelectorAll('#tiles use').length;
    d.querySelector('#moves li[data-ply="6"]').click(); out.clicked = ply();
    out.action = d.querySelector('#moves li.current .san').textContent;
    out.colour = d.querySelector('#moves li.current .event-token').textContent;
    out.moves = d.querySelectorAll('#moves li.move').length;
    out.views = d.querySelectorAll('#views input').length;
    out.resources = w.performance.getEntriesByType('resource').length;
    out.errorsAfter = w.junqiErrors;
EOF
# the same page in a frame as wide as a phone (390 pixels), narrower than its board: nothing
# reaches past the frame's right edge (no sideways scrolling, the move list below the board), the
# board is shrunk to the frame's width, and the pointer still finds its points
harness "page.html#ply=3" 390 >"$tmp/site/phone-harness.html" <<'EOF'
    out.ready = d.body.getAttribute('data-ready');
    var width = d.documentElement.clientWidth;
    out.overflow = d.documentElement.scrollWidth > width ? d.documentElement.scrollWidth - width : 0;
    var right = function (id) { return Math.ceil(d.getElementById(id).getBoundingClientRect().right) <= width; };
    out.fits = ['board', 'nav', 'moves', 'graph'].filter(function (id) { return !right(id); });
    out.frameWidth = width;
    out.boardWidth = Math.round(board.getBoundingClientRect().width);
    out.listBelow = d.getElementById('moves').getBoundingClientRect().top >= board.getBoundingClientRect().bottom;
    out.tipOwn = hover('j2');
    key('ArrowRight'); out.right = ply();
    out.errorsAfter = w.junqiErrors;
EOF
cat >"$tmp/serve.py" <<'EOF'
# A local web server for the harness, also used as Chromium's proxy for every
# other address: it logs each request (method, URL, Referer) and serves only
# its own folder.
import http.server, socketserver, sys
root, log = sys.argv[1], sys.argv[2]
class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kw):
        super().__init__(*args, directory=root, **kw)
    def note(self):
        with open(log, 'a') as f:
            f.write('%s %s %s\n' % (self.command, self.path, self.headers.get('Referer', '-')))
    def do_GET(self):
        self.note()
        own = 'http://127.0.0.1:%d/' % self.server.server_address[1]
        if self.path.startswith(own):
            self.path = '/' + self.path[len(own):]
        if not self.path.startswith('/'):
            return self.send_error(404)
        return super().do_GET()
    def do_POST(self):
        self.note()
        self.send_error(404)
    def do_CONNECT(self):
        self.note()
        self.send_error(403)
    def log_message(self, *args):
        pass
class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
server = Server(('127.0.0.1', 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
EOF
: >"$tmp/requests.log"
python3 "$tmp/serve.py" "$tmp/site" "$tmp/requests.log" >"$tmp/port" 2>"$tmp/server.log" &
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
# A watchdog, not a timing check: python3 may start slowly on a loaded machine.
for _ in $(seq 300); do [ -s "$tmp/port" ] && break; sleep 0.2; done
[ -s "$tmp/port" ] || { echo "$name: FAIL: the test server did not start: $(cat "$tmp/server.log")"; exit 1; }
port=$(cat "$tmp/port")
: >"$tmp/browser.log"
need_jq
# drive HARNESS: load it from the server in Chromium; its results in $results (false: none)
drive() {
    chrome --window-size=1400,1000 --virtual-time-budget=5000 --proxy-server="http://127.0.0.1:$port" \
        --proxy-bypass-list="<-loopback>" --dump-dom "http://127.0.0.1:$port/$1" >"$tmp/dom.html"
    results=$(sed -n 's/.*<pre id="results">\(.*\)<\/pre>.*/\1/p' "$tmp/dom.html" | sed 's/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g')
    [ -n "$results" ] && jq -e . >/dev/null 2>&1 <<<"$results" && return 0
    fail "$1 gave no results: $(head -c 300 <<<"$results") $(grep -i console "$tmp/browser.log" | head -3)"
    return 1
}
field() { jq -c "$1" <<<"$results"; }
if drive harness.html; then
    expect "no exception in the harness" null "$(field .exception)"
    expect "the page's script ran to its end" '"1"' "$(field .ready)"
    expect "no JavaScript error while loading" 0 "$(field .errors)"
    expect "no JavaScript error while driving the page" 0 "$(field .errorsAfter)"
    expect "#ply=3 opens at ply 3" 3 "$(field .opened)"
    expect "Right arrow" 4 "$(field .right)"
    expect "Left arrow twice" 2 "$(field .left)"
    expect "End" 15 "$(field .end)"
    expect "Home" 0 "$(field .home)"
    expect "a click on move 7" 7 "$(field .clicked)"
    expect "the current move is marked in the list" '"7"' "$(field .current)"
    expect "Alt+Left, Ctrl+End, Meta+Left: the browser's, not the page's" '["7 left","7 left","7 left"]' "$(field .modified)"
    expect "the slider" 9 "$(field .slider)"
    expect "the next-move button" 10 "$(field .next)"
    expect "a click on the graph at move 12" 12 "$(field .graph)"
    expect "the ply in the URL fragment" '"#ply=12&view=all"' "$(field .hash)"
    expect "the view switcher" '"south"' "$(field .view)"
    expect "the view in the URL fragment" '"#ply=12&view=south"' "$(field .hashView)"
    expect "arrow keys on a view reached with the keyboard: left to the radio group" '"0 left"' "$(field .radioKeys)"
    expect "a view picked with the mouse gives the focus back" '"elsewhere"' "$(field .pickedFocus)"
    expect "a view picked with an arrow key after a stray press keeps the focus" '"radio"' "$(field .keyedFocus)"
    expect "the status line, in the language of the messages (English here)" '"Move 12  ·  North to move"' "$(field .status)"
    expect "the pointer over j2: south's flag stand (its flag is on j1), its own piece" \
        '"j2 · 南家旗台: 南家 地雷"' "$(field .tipOwn)"
    checks=$((checks + 1))
    grep -q '^"j17 · 北家[^"]*a hidden piece, which can be [^"]*\.' <<<"$(field .tipHidden)" ||
        fail "the pointer over a hidden piece in south's view: $(field .tipHidden)"
    expect "the pointer over j17 with all pieces shown" '"j17 · 北家大本营: 北家 地雷"' "$(field .tipAll)"
    expect "15 moves in the list" 15 "$(field .moves)"
    expect "the timeouts and eliminations in the list" 6 "$(field .events)"
    expect "the marks, in order" '["!?","?!"]' "$(field .marks)"
    expect "the NAG glyphs" '["⩲","±"]' "$(field .nags)"
    expect "the comments, without their commands" \
        '["A short real QQ game, annotated.","West attacks g14.","Inaccuracy: loses the general. Better g14-h13 (0.59 instead of 0.46)."]' \
        "$(field .comments)"
    expect "the engine's line" '"(8. g14-h13 9. g6>f7 10. l7>k6 11. j14>k14 12. h13>i12 13. f7>m7 14. k6>k14)"' \
        "$(field .variation)"
    expect "the summary: a header and three seats" 4 "$(field .summary)"
    expect "resources the page loaded" 0 "$(field .resources)"
fi

if drive flip-harness.html; then
    expect "flip page: no exception in the harness" null "$(field .exception)"
    expect "flip page: the script ran to its end" '"1"' "$(field .ready)"
    expect "flip page: #ply=10 opens at ply 10" 10 "$(field .opened)"
    expect "flip page: 49 pieces at ply 10 (a blue engineer removed at 9)" 49 "$(field .tiles)"
    expect "flip page: the pointer over a face-up piece" '"b6 · 南家棋眉: 蓝 排长"' "$(field .tipUp)"
    expect "flip page: a face-down piece with all pieces shown" \
        '"c5 · 南家咽部 · 红: a face-down piece: 工兵."' "$(field .tipKnown)"
    expect "flip page: the view switcher" '"south"' "$(field .view)"
    expect "flip page: the same piece in the players' view" '"c5 · 南家咽部: a face-down piece."' "$(field .tipDown)"
    expect "flip page: the view in the URL fragment" '"#ply=10&view=south"' "$(field .hash)"
    expect "flip page: Right arrow" 11 "$(field .right)"
    expect "flip page: End" 167 "$(field .end)"
    expect "flip page: Home" 0 "$(field .home)"
    expect "flip page: 50 face-down pieces at the start" 50 "$(field .startTiles)"
    expect "flip page: a click on action 6" 6 "$(field .clicked)"
    expect "flip page: the action's text" '"a5^b1"' "$(field .action)"
    expect "flip page: the colour event after it" '"colour:north:blue"' "$(field .colour)"
    expect "flip page: 167 actions in the list" 167 "$(field .moves)"
    expect "flip page: all pieces, south's and north's view" 3 "$(field .views)"
    expect "flip page: resources the page loaded" 0 "$(field .resources)"
    expect "flip page: no JavaScript error" 0 "$(field .errorsAfter)"
fi

if drive phone-harness.html; then
    expect "phone width: the script ran to its end" '"1"' "$(field .ready)"
    expect "phone width: pixels of the page past the frame's right edge" 0 "$(field .overflow)"
    expect "phone width: parts of the page past the frame's right edge" '[]' "$(field .fits)"
    expect "phone width: the board shrunk to the frame's width" "$(field .frameWidth)" "$(field .boardWidth)"
    expect "phone width: the move list below the board" true "$(field .listBelow)"
    expect "phone width: the pointer over j2 on the shrunk board" '"j2 · 南家旗台: 南家 地雷"' "$(field .tipOwn)"
    expect "phone width: Right arrow" 4 "$(field .right)"
    expect "phone width: no JavaScript error" 0 "$(field .errorsAfter)"
fi

# --- 4. nothing from the network ----------------------------------------------------------------
checks=$((checks + 4))
asked=$(awk -v own="http://127.0.0.1:$port/" 'index($2, own) == 1 || $2 ~ "^/" || index($3, own) == 1 { print $1, $2 }' "$tmp/requests.log" |
    sed "s|http://127.0.0.1:$port||" | sort -u | tr '\n' ' ')
[ "$asked" = "GET /flip-harness.html GET /flip.html GET /harness.html GET /page.html GET /phone-harness.html " ] ||
    fail "the pages or the harnesses asked for more than the five pages: $asked"
for own in page.html flip.html; do
    ! awk -v own="http://127.0.0.1:$port/$own" '$3 ~ "^" own' "$tmp/requests.log" | grep -q . ||
        fail "$own made requests: $(awk -v own="http://127.0.0.1:$port/$own" '$3 ~ "^" own' "$tmp/requests.log" | head -3)"
done
! grep -E 'Uncaught|Refused to|Content Security Policy' "$tmp/browser.log" | grep -q . ||
    fail "chromium reported: $(grep -E 'Uncaught|Refused to|Content Security Policy' "$tmp/browser.log" | head -3)"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
