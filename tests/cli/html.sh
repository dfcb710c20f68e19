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
# PLY VIEW: junqi-render's PNG of the same ply, view and board orientation (the page keeps south
# at the bottom whatever the view)
for spec in "0 all" "4 all" "9 south" "12 east" "15 all"; do
    read -r ply view <<<"$spec"
    "$R" --size "$SIZE" --ply "$ply" --view "$view" --bottom south "$GAME" -o "$tmp/want.png" &&
        "$R" --size "$SIZE" --ply $(((ply + 1) % 16)) --view "$view" --bottom south "$GAME" \
            -o "$tmp/next.png" || { fail "junqi-render --ply $ply --view $view failed"; continue; }
    rm -f "$tmp/shot.png"
    checks=$((checks + 1))
    chrome --window-size=1300,900 --screenshot="$tmp/shot.png" "file://$page#ply=$ply&view=$view" >/dev/null
    if [ ! -s "$tmp/shot.png" ]; then
        fail "#ply=$ply&view=$view: chromium made no screenshot: $(tail -3 "$tmp/browser.log")"
        continue
    fi
    compare_shot "#ply=$ply&view=$view" "$tmp/want.png" "$tmp/shot.png" "$tmp/next.png" --corner
done

# --- 3. the harness: drive the page in a frame ---------------------------------------------------
cat >"$tmp/site/harness.html" <<'EOF'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>harness</title></head>
<body><pre id="results">not run</pre>
<iframe id="frame" src="page.html#ply=3" width="1300" height="900"></iframe>
<script>
document.getElementById('frame').addEventListener('load', function () {
  var w = this.contentWindow, d = this.contentDocument, out = {};
  var board = d.getElementById('board');
  var D = JSON.parse(d.getElementById('junqi-data').textContent);
  function ply() { return +board.getAttribute('data-ply'); }
  function key(k) { d.dispatchEvent(new w.KeyboardEvent('keydown', { key: k, bubbles: true })); }
  function hover(square) {
    var p = D.points.filter(function (pt) { return pt[2] === square; })[0], r = board.getBoundingClientRect();
    board.dispatchEvent(new w.MouseEvent('mousemove', { clientX: r.left + p[0], clientY: r.top + p[1], bubbles: true }));
    return d.getElementById('tip').textContent;
  }
  try {
    out.ready = d.body.getAttribute('data-ready');
    out.errors = w.junqiErrors;
    out.opened = ply();
    key('ArrowRight'); out.right = ply();
    key('ArrowLeft'); key('ArrowLeft'); out.left = ply();
    key('End'); out.end = ply();
    key('Home'); out.home = ply();
    d.querySelector('#moves li[data-ply="7"]').click(); out.clicked = ply();
    out.current = d.querySelector('#moves li.current').getAttribute('data-ply');
    var slider = d.getElementById('slider'); slider.value = 9;
    slider.dispatchEvent(new w.Event('input')); out.slider = ply();
    d.getElementById('next').click(); out.next = ply();
    var graph = d.querySelector('#graph-hit rect[data-ply="12"]');
    graph.dispatchEvent(new w.MouseEvent('click', { bubbles: true })); out.graph = ply();
    out.hash = w.location.hash;
    d.querySelector('#views input[value="3"]').click(); out.view = board.getAttribute('data-view');
    out.hashView = w.location.hash;
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
  } catch (e) { out.exception = String(e); }
  document.getElementById('results').textContent = JSON.stringify(out);
});
</script></body></html>
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
chrome --window-size=1400,1000 --virtual-time-budget=5000 --proxy-server="http://127.0.0.1:$port" \
    --proxy-bypass-list="<-loopback>" --dump-dom "http://127.0.0.1:$port/harness.html" >"$tmp/dom.html"
results=$(sed -n 's/.*<pre id="results">\(.*\)<\/pre>.*/\1/p' "$tmp/dom.html" | sed 's/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g')
need_jq
if [ -z "$results" ] || ! jq -e . >/dev/null 2>&1 <<<"$results"; then
    fail "the harness gave no results: $(head -c 300 <<<"$results") $(grep -i console "$tmp/browser.log" | head -3)"
else
    field() { jq -c "$1" <<<"$results"; }
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
    expect "the slider" 9 "$(field .slider)"
    expect "the next-move button" 10 "$(field .next)"
    expect "a click on the graph at move 12" 12 "$(field .graph)"
    expect "the ply in the URL fragment" '"#ply=12&view=all"' "$(field .hash)"
    expect "the view switcher" '"south"' "$(field .view)"
    expect "the view in the URL fragment" '"#ply=12&view=south"' "$(field .hashView)"
    expect "the status line" '"第 12 步 · 北家走棋"' "$(field .status)"
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

# --- 4. nothing from the network ----------------------------------------------------------------
checks=$((checks + 3))
asked=$(awk -v own="http://127.0.0.1:$port/" 'index($2, own) == 1 || $2 ~ "^/" || index($3, own) == 1 { print $1, $2 }' "$tmp/requests.log" |
    sed "s|http://127.0.0.1:$port||" | sort -u | tr '\n' ' ')
[ "$asked" = "GET /harness.html GET /page.html " ] ||
    fail "the page or the harness asked for more than the two pages: $asked"
! awk -v own="http://127.0.0.1:$port/page.html" '$3 ~ "^" own' "$tmp/requests.log" | grep -q . ||
    fail "the page made requests: $(awk -v own="http://127.0.0.1:$port/page.html" '$3 ~ "^" own' "$tmp/requests.log" | head -3)"
! grep -E 'Uncaught|Refused to|Content Security Policy' "$tmp/browser.log" | grep -q . ||
    fail "chromium reported: $(grep -E 'Uncaught|Refused to|Content Security Policy' "$tmp/browser.log" | head -3)"

echo "$name: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
