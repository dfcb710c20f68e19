// SPDX-License-Identifier: MIT
// render/html.js - the script of junqi-render's HTML page (render/html.c):
// shows the board at a ply in a view from the data the page carries
// (#junqi-data), and moves through the game by the move list, the graph,
// the slider, the buttons and the keys (Left, Right, Home, End). The ply
// and the view are kept in the URL fragment: #ply=40&view=south.
'use strict';
(function () {
  var D = JSON.parse(document.getElementById('junqi-data').textContent);
  var SVG = 'http://www.w3.org/2000/svg';
  var board = document.getElementById('board');
  var tiles = document.getElementById('tiles');
  var under = document.getElementById('under');
  var over = document.getElementById('over');
  var slider = document.getElementById('slider');
  var status = document.getElementById('status');
  var tip = document.getElementById('tip');
  var graphNow = document.getElementById('graph-now');
  var items = document.querySelectorAll('#moves [data-ply]');
  var seatNames = ['north', 'east', 'south', 'west'];
  var state = { ply: -1, view: -1 };
  var flip = D.flipTiles; // a flip game's tiles, [style, piece, kind] each; null in other games

  // Fill a sentence's %1$s, %2$s with the arguments.
  function say(format) {
    var args = arguments;
    return format.replace(/%(\d)\$s/g, function (m, i) { return String(args[+i]); });
  }

  // The cell at point p of a position string: null, or {seat, piece}; in a flip game
  // {tile, style (0 red, 1 blue, 2 unknown), piece, kind (0 face up, 1 face down, 2 face
  // down with its identity known)}.
  function cell(cells, p) {
    var c = cells.charAt(p);
    if (c === '.') return null;
    var i = D.alphabet.indexOf(c);
    if (flip) return { tile: i, style: flip[i][0], piece: flip[i][1], kind: flip[i][2] };
    return { seat: i >> 4, piece: i & 15 };
  }

  function setHref(use, fragment) {
    if (fragment < 0) use.removeAttribute('href');
    else use.setAttribute('href', '#f' + fragment);
  }

  function drawTiles(cells) {
    while (tiles.firstChild) tiles.removeChild(tiles.firstChild);
    for (var p = 0; p < D.points.length; p++) {
      var c = cell(cells, p);
      if (!c) continue;
      var u = document.createElementNS(SVG, 'use');
      var pt = D.points[p];
      var slot = flip ? 2 : c.seat; // flip tiles stand unturned, as south's do
      u.setAttribute('href', flip ? '#x' + c.tile : '#t' + c.seat + '-' + c.piece);
      u.setAttribute('x', pt[6 + 2 * slot]);
      u.setAttribute('y', pt[7 + 2 * slot]);
      u.setAttribute('data-point', pt[2]);
      tiles.appendChild(u);
    }
  }

  function markMove(ply) {
    var current = null;
    for (var i = 0; i < items.length; i++) {
      var on = +items[i].getAttribute('data-ply') === ply &&
        (current === null || items[i].classList.contains('move'));
      items[i].classList.remove('current');
      if (on) current = items[i];
    }
    if (current) {
      current.classList.add('current');
      var list = document.getElementById('moves');
      var top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight)
        list.scrollTop = top - list.clientHeight / 2;
    }
  }

  function writeHash() {
    var hash = '#ply=' + state.ply;
    var seat = D.views[state.view].seat;
    if (D.views.length > 1) hash += '&view=' + (seat < 0 ? 'all' : seatNames[seat]);
    if (location.hash === hash) return;
    try { history.replaceState(null, '', hash); } catch (e) { location.replace(hash); }
  }

  // Show ply `ply` in view `view` (both clamped to what exists).
  function show(ply, view) {
    ply = Math.max(D.first, Math.min(D.first + D.moves, ply | 0));
    view = Math.max(0, Math.min(D.views.length - 1, view | 0));
    state.ply = ply;
    state.view = view;
    var k = ply - D.first; // the per-ply arrays start at the record's first ply
    drawTiles(D.views[view].cells[k]);
    setHref(under, D.under[k]);
    setHref(over, D.over[k]);
    slider.value = ply;
    status.textContent = D.status[k];
    board.setAttribute('data-ply', ply);
    board.setAttribute('data-view', D.views[view].seat < 0 ? 'all' : seatNames[D.views[view].seat]);
    var radios = document.querySelectorAll('#views input');
    for (var i = 0; i < radios.length; i++) radios[i].checked = +radios[i].value === view;
    if (graphNow) {
      var x = k > 0 ? D.graph.x0 + D.graph.step * k : -10;
      graphNow.setAttribute('x1', x);
      graphNow.setAttribute('x2', x);
    }
    markMove(ply);
    writeHash();
    tip.style.display = 'none';
  }

  // The ply and view a URL fragment asks for, or the page's own.
  function fromHash() {
    var ply = D.open.ply, view = D.open.view;
    location.hash.replace(/^#/, '').split('&').forEach(function (part) {
      var kv = part.split('=');
      if (kv[0] === 'ply' && /^\d+$/.test(kv[1])) ply = +kv[1];
      if (kv[0] === 'view') {
        for (var v = 0; v < D.views.length; v++) {
          var s = D.views[v].seat;
          if ((s < 0 ? 'all' : seatNames[s]) === kv[1]) view = v;
        }
      }
    });
    show(ply, view);
  }

  // What the players call point p, with its owner's flag named when this view shows it.
  function pointName(cells, p) {
    var pt = D.points[p], owner = pt[5];
    if (owner < 0 || flip) return pt[3]; // a flip game's flags are no seat's own
    for (var q = 0; q < D.points.length; q++) {
      var c = cell(cells, q);
      if (c && c.seat === owner && c.piece === 1 && D.points[q][5] === owner) return pt[4];
    }
    return pt[3];
  }

  // The identities the view's seat still allows for the hidden piece on point p.
  function hiddenKinds(v, p) {
    var kinds = D.views[v].kinds && D.views[v].kinds[state.ply - D.first];
    if (!kinds) return null;
    var cells = D.views[v].cells[state.ply - D.first], k = 0;
    for (var q = 0; q < p; q++) {
      var c = cell(cells, q);
      if (c && c.piece === 13) k++;
    }
    var mask = D.alphabet.indexOf(kinds.charAt(2 * k)) * 64 + D.alphabet.indexOf(kinds.charAt(2 * k + 1));
    var names = [];
    for (var piece = 12; piece >= 1; piece--)
      if (mask & (1 << (piece - 1))) names.push(D.pieces[piece]);
    return names;
  }

  function describe(p) {
    var cells = D.views[state.view].cells[state.ply - D.first];
    var where = D.points[p][2] + ' \u00b7 ' + pointName(cells, p);
    var c = cell(cells, p);
    if (!c) return where;
    if (flip) return describeFlip(where, c);
    var who = D.seats[c.seat];
    if (c.piece !== 13) return say(D.words.piece, where, who + ' ' + D.pieces[c.piece]);
    var kinds = hiddenKinds(state.view, p);
    if (!kinds || !kinds.length) return say(D.words.hiddenNothing, where + ' \u00b7 ' + who);
    return say(D.words.hidden, where + ' \u00b7 ' + who, kinds.join(', '));
  }

  // A flip game's piece: its colour when known, its identity when face up or known.
  function describeFlip(where, c) {
    var colour = c.style < 2 ? D.colours[c.style] : '';
    if (c.kind === 0) return say(D.words.piece, where, colour + ' ' + D.pieces[c.piece]);
    if (colour) where += ' \u00b7 ' + colour;
    if (c.kind === 2) return say(D.words.faceDownIs, where, D.pieces[c.piece]);
    return say(D.words.faceDown, where);
  }

  function nearestPoint(event) {
    var m = board.getScreenCTM();
    if (!m) return -1;
    var x = (event.clientX - m.e) / m.a, y = (event.clientY - m.f) / m.d;
    var best = -1, bestDistance = D.pitch * 0.55;
    for (var p = 0; p < D.points.length; p++) {
      var d = Math.hypot(D.points[p][0] - x, D.points[p][1] - y);
      if (d < bestDistance) { best = p; bestDistance = d; }
    }
    return best;
  }

  board.addEventListener('mousemove', function (event) {
    var p = nearestPoint(event);
    if (p < 0) { tip.style.display = 'none'; return; }
    tip.textContent = describe(p);
    tip.setAttribute('data-point', D.points[p][2]);
    tip.style.left = (event.clientX + 14) + 'px';
    tip.style.top = (event.clientY + 14) + 'px';
    tip.style.display = 'block';
  });
  board.addEventListener('mouseleave', function () { tip.style.display = 'none'; });

  function onClick(id, f) {
    var e = document.getElementById(id);
    if (e) e.addEventListener('click', f);
  }
  onClick('first', function () { show(D.first, state.view); });
  onClick('prev', function () { show(state.ply - 1, state.view); });
  onClick('next', function () { show(state.ply + 1, state.view); });
  onClick('last', function () { show(D.first + D.moves, state.view); });
  slider.addEventListener('input', function () { show(+slider.value, state.view); });
  for (var i = 0; i < items.length; i++)
    items[i].addEventListener('click', function () { show(+this.getAttribute('data-ply'), state.view); });
  var hits = document.querySelectorAll('#graph-hit rect');
  for (var h = 0; h < hits.length; h++)
    hits[h].addEventListener('click', function () { show(+this.getAttribute('data-ply'), state.view); });
  // A view reached with the keyboard (Tab) keeps the focus, so that the arrow keys move between
  // the views as in any radio group; one picked with the mouse gives it up, so that the arrow keys
  // step the moves again, as they did before the click. A key pressed since the mouse went down
  // makes the next click the keyboard's (an arrow key selecting a view clicks it): a press beside
  // the radios, released elsewhere, left the next arrow key's view without the focus.
  var radios = document.querySelectorAll('#views input'), pointed = false;
  if (radios.length) { // a page of one view has none
    document.getElementById('views').addEventListener('mousedown', function () { pointed = true; });
    document.addEventListener('keydown', function () { pointed = false; }, true);
  }
  for (var r = 0; r < radios.length; r++) {
    radios[r].addEventListener('change', function () { show(state.ply, +this.value); });
    radios[r].addEventListener('click', function () {
      if (pointed) this.blur();
      pointed = false;
    });
  }
  document.addEventListener('keydown', function (event) {
    if (event.target && event.target.tagName === 'INPUT') return; // the slider's and the views' own keys
    if (event.altKey || event.ctrlKey || event.metaKey) return; // Alt+Left is the browser's Back
    var to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: D.first,
      End: D.first + D.moves }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to, state.view);
  });
  window.addEventListener('hashchange', fromHash);

  fromHash();
  document.body.setAttribute('data-ready', '1');
})();
