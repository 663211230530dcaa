/* The scoreboard pages' live updates: no build step, no dependencies, no inline script (the page's body says what
 * it is in data- attributes). Renders the same markup as the server (TileHtml.java) from the feed's view messages,
 * and keeps the EventSource alive: the browser reconnects by itself with Last-Event-ID; if the source is closed
 * (server gone, bad answer) it is opened again with backoff and resumes from the last id it saw (?lastEventId=).
 *
 * A view is data, never markup: the DOM is built with createElement and textContent only (no innerHTML), numbers go
 * through int(), and class names and data-status come from allow-lists. */
(function () {
  'use strict';
  var STATUSES = {AWAITING_LAG: true, IN_PROGRESS: true, FINISHED: true};
  var DISCIPLINES = {NINE_BALL: '9-Ball', EIGHT_BALL: '8-Ball', STRAIGHT_POOL: '14.1', BLACKBALL: 'Black Ball', BLACK_BALL: 'Black Ball'};

  function str(s) { return s == null ? '' : String(s); }
  function int(n) { var x = Number(n); return isFinite(x) ? Math.trunc(x) : 0; }
  function status(v) { return STATUSES[v.status] === true ? v.status : ''; }
  function list(a) { return Array.isArray(a) ? a : []; }
  /* view.md closed: a finished match whose correction window has passed (only a JSON true counts). */
  function closed(v) { return v.closed === true; }
  function closedMark(v) { return closed(v) ? el('span', {class: 'closed', 'data-field': 'closed'}, 'closed') : null; }
  /* el('span', {class: 'name', 'data-field': 'name'}, 'text' or [children]) */
  function el(tag, attrs, content) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (Array.isArray(content)) content.forEach(function (c) { if (c) e.appendChild(c); });
    else if (content != null) e.textContent = content;
    return e;
  }
  function discipline(d) {
    return Object.prototype.hasOwnProperty.call(DISCIPLINES, d) ? DISCIPLINES[d] : str(d);
  }
  function fouls(p) {
    if (p.onTwoFouls === true) return '2 FOULS';
    var n = int(p.consecutiveFouls);
    return n === 0 ? '' : n === 1 ? '1 FOUL' : n + ' FOULS';
  }
  function playerRow(v, p) {
    var at = p.id === v.atTable, winner = p.id === v.winner, pid = str(p.id);
    var cells = [
      el('span', {class: 'marker', 'aria-hidden': 'true'}, at ? '\u25B6' : ''),
      el('span', {class: 'name', 'data-field': 'name', 'data-player': pid}, str(p.name)),
      el('span', {class: 'fouls', 'data-field': 'fouls', 'data-player': pid}, fouls(p))
    ];
    if (v.discipline === 'STRAIGHT_POOL') {
      cells.push(el('span', {class: 'run', 'data-field': 'run', 'data-player': pid}, 'Run ' + int(p.currentRun)));
      cells.push(el('span', {class: 'run', 'data-field': 'highRun', 'data-player': pid}, 'HR ' + int(p.highRun)));
    }
    cells.push(el('span', {class: 'score', 'data-field': 'score', 'data-player': pid}, String(int(p.score))));
    return el('div', {class: 'player' + (at ? ' at' : '') + (winner ? ' winner' : ''), 'data-player': pid}, cells);
  }
  function atTable(v) {
    var name = '';
    list(v.players).forEach(function (p) {
      if (p.id === v.atTable) name = str(p.name);
      if (v.status === 'FINISHED' && p.id === v.winner) name = str(p.name) + ' wins';
    });
    return el('span', {class: 'at-table', 'data-field': 'atTable', 'data-player': str(v.atTable)}, name);
  }
  function balls(v) {
    var b = list(v.ballsOnTable);
    var span = el('span', {class: 'balls', 'data-field': 'balls', 'data-count': String(b.length)});
    if (v.discipline === 'STRAIGHT_POOL') span.textContent = b.length + ' balls';
    else b.forEach(function (x) {
      var n = int(x); // only the fifteen object balls have a colour class
      span.appendChild(el('i', {class: 'ball' + (n >= 1 && n <= 15 ? ' b' + n : '')}, String(n)));
    });
    return span;
  }
  function tile(v) {
    var children = [el('header', {}, [
      el('span', {class: 'table', 'data-field': 'table'}, str(v.tableId || v.matchId)),
      el('span', {class: 'discipline', 'data-field': 'discipline'}, discipline(v.discipline)),
      el('span', {class: 'race', 'data-field': 'race'}, 'Race to ' + int(v.raceTo)),
      el('span', {class: 'rack', 'data-field': 'rack'}, 'Rack ' + int(v.rack)),
      closedMark(v)
    ])];
    list(v.players).forEach(function (p) { children.push(playerRow(v, p)); });
    children.push(el('footer', {}, [atTable(v), balls(v), el('span', {class: 'last-ruling', 'data-field': 'lastRuling'}, '')]));
    return el('article', {class: 'tile', 'data-match-id': str(v.matchId), 'data-status': status(v),
      'data-closed': String(closed(v)), 'data-last-seq': String(int(v.lastSeq))}, children);
  }
  function lowerThird(v) {
    var children = [el('div', {class: 'info'}, [
      el('span', {'data-field': 'discipline'}, discipline(v.discipline)),
      el('span', {'data-field': 'race'}, 'Race to ' + int(v.raceTo)),
      el('span', {'data-field': 'rack'}, 'Rack ' + int(v.rack)),
      closedMark(v)
    ])];
    list(v.players).forEach(function (p) { children.push(playerRow(v, p)); });
    children.push(el('div', {class: 'info'}, [atTable(v), balls(v)]));
    return el('section', {class: 'lower-third', 'data-match-id': str(v.matchId), 'data-status': status(v),
      'data-closed': String(closed(v)), 'data-last-seq': String(int(v.lastSeq))}, children);
  }
  function rulingText(r) {
    var t = str(r.kind).replace(/_/g, ' ');
    if (r.foul) t += ' \u00B7 ' + str(r.foul).replace(/_/g, ' ').toLowerCase();
    if (r.rule) t += ' (' + str(r.rule) + ')';
    if (r.points && r.kind === 'POINTS') t += ' +' + int(r.points);
    if (r.reason) t += ': ' + str(r.reason);
    return t;
  }

  /* Follows an SSE url; handlers.view / handlers.ruling get the parsed JSON. Returns {close()}. */
  function follow(url, handlers) {
    var last = null, backoff = 1000, source = null, stopped = false, retry = null;
    var status = document.querySelector('[data-field="connection"]');
    function show(s) {
      if (status) status.textContent = s;
      document.body.setAttribute('data-connection', s);
    }
    function parse(e) {
      try { return JSON.parse(e.data); } catch (x) { return null; }
    }
    function open() {
      if (stopped) return;
      var u = last ? url + (url.indexOf('?') >= 0 ? '&' : '?') + 'lastEventId=' + encodeURIComponent(last) : url;
      source = new EventSource(u);
      source.onopen = function () { backoff = 1000; show('live'); };
      source.addEventListener('view', function (e) {
        last = e.lastEventId || last;
        var v = parse(e);
        if (v && typeof v === 'object') handlers.view(v);
      });
      source.addEventListener('ruling', function (e) {
        last = e.lastEventId || last;
        var r = parse(e);
        if (r && typeof r === 'object' && handlers.ruling) handlers.ruling(r);
      });
      source.onerror = function () {
        show('reconnecting');
        if (source.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(open, backoff);
          backoff = Math.min(backoff * 2, 15000);
        }
      };
    }
    open();
    return {close: function () { stopped = true; clearTimeout(retry); if (source) source.close(); }};
  }
  /* The page's ?delayMs= and ?access_token= (a broadcaster's overlay gets the live feed) go on to its feeds. */
  function passThrough(url) {
    var q = new URLSearchParams(location.search), out = url;
    ['delayMs', 'access_token'].forEach(function (name) {
      var value = q.get(name);
      if (value) out += (out.indexOf('?') >= 0 ? '&' : '?') + name + '=' + encodeURIComponent(value);
    });
    return out;
  }
  /* The page is rendered from the live read model; a delayed (public) feed then brings views the page has already
   * passed: never show an older view than the one shown (seqs only grow, corrections included). */
  function older(shown, v) {
    return shown != null && int(v.lastSeq) < int(shown.getAttribute('data-last-seq'));
  }
  function childWithMatchId(parents, matchId) {
    for (var i = 0; i < parents.length; i++) {
      var c = parents[i].children;
      for (var j = 0; j < c.length; j++) if (c[j].getAttribute('data-match-id') === matchId) return c[j];
    }
    return null;
  }

  function dashboard() {
    var live = document.getElementById('live'), finished = document.getElementById('finished');
    var lastRuling = Object.create(null);
    function place(el, v) {
      var target = v.status === 'FINISHED' || closed(v) ? finished : live;
      var key = str(v.tableId || v.matchId) + ' ' + str(v.matchId), before = null;
      Array.prototype.forEach.call(target.children, function (c) {
        var t = c.querySelector('[data-field="table"]');
        var k = (t ? t.textContent : '') + ' ' + c.getAttribute('data-match-id');
        if (!before && c !== el && k > key) before = c;
      });
      if (el.parentNode !== target || el.nextElementSibling !== before) target.insertBefore(el, before);
    }
    follow(passThrough('/stream'), {
      view: function (v) {
        var id = str(v.matchId), old = childWithMatchId([live, finished], id), el;
        if (older(old, v)) return;
        el = tile(v);
        if (old) old.replaceWith(el);
        if (lastRuling[id]) el.querySelector('[data-field="lastRuling"]').textContent = lastRuling[id];
        place(el, v);
      },
      ruling: function (r) {
        var id = str(r.matchId);
        lastRuling[id] = rulingText(r);
        var tileEl = childWithMatchId([live, finished], id);
        if (tileEl) tileEl.querySelector('[data-field="lastRuling"]').textContent = lastRuling[id];
      }
    });
  }
  /* A match the ledger does not know yet (the page was a 404): wait for it on the feed of every match, then follow
   * its own feed. */
  function overlay(matchId, known) {
    var root = document.getElementById('overlay');
    function render(v) { if (!older(root.firstElementChild, v)) root.replaceChildren(lowerThird(v)); }
    function own() { follow(passThrough('/matches/' + encodeURIComponent(matchId) + '/stream'), {view: render}); }
    if (known) { own(); return; }
    var waiting = follow(passThrough('/stream'), {
      view: function (v) {
        if (v.matchId !== matchId || !waiting) return;
        render(v);
        waiting.close();
        waiting = null;
        own();
      }
    });
  }
  window.Scoreboard = {dashboard: dashboard, overlay: overlay, tile: tile, lowerThird: lowerThird};

  var body = document.body, page = body && body.getAttribute('data-page');
  if (page === 'dashboard') dashboard();
  else if (page === 'overlay') overlay(body.getAttribute('data-match-id'), body.getAttribute('data-match-known') !== 'false');
})();
