/* The scoreboard pages' live updates: no build step, no dependencies. Renders the same markup as the server
 * (TileHtml.java) from the feed's view messages, and keeps the EventSource alive: the browser reconnects by itself
 * with Last-Event-ID; if the source is closed (server gone, bad answer) it is opened again with backoff and resumes
 * from the last id it saw (?lastEventId=). */
(function () {
  'use strict';
  function esc(s) {
    return String(s == null ? '' : s).replace(/[<>&"']/g, function (c) {
      return {'<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;'}[c];
    });
  }
  function discipline(d) {
    return {NINE_BALL: '9-Ball', EIGHT_BALL: '8-Ball', STRAIGHT_POOL: '14.1', BLACKBALL: 'Black Ball'}[d] || esc(d);
  }
  function fouls(p) {
    if (p.onTwoFouls) return '2 FOULS';
    var n = p.consecutiveFouls || 0;
    return n === 0 ? '' : n === 1 ? '1 FOUL' : n + ' FOULS';
  }
  function playerRow(v, p) {
    var at = p.id === v.atTable, winner = p.id === v.winner, pid = esc(p.id);
    var h = '<div class="player' + (at ? ' at' : '') + (winner ? ' winner' : '') + '" data-player="' + pid + '">' +
      '<span class="marker" aria-hidden="true">' + (at ? '\u25B6' : '') + '</span>' +
      '<span class="name" data-field="name" data-player="' + pid + '">' + esc(p.name) + '</span>' +
      '<span class="fouls" data-field="fouls" data-player="' + pid + '">' + fouls(p) + '</span>';
    if (v.discipline === 'STRAIGHT_POOL') {
      h += '<span class="run" data-field="run" data-player="' + pid + '">Run ' + (p.currentRun | 0) + '</span>' +
        '<span class="run" data-field="highRun" data-player="' + pid + '">HR ' + (p.highRun | 0) + '</span>';
    }
    return h + '<span class="score" data-field="score" data-player="' + pid + '">' + (p.score | 0) + '</span></div>';
  }
  function atTable(v) {
    var name = '';
    (v.players || []).forEach(function (p) {
      if (p.id === v.atTable) name = p.name;
      if (v.status === 'FINISHED' && p.id === v.winner) name = p.name + ' wins';
    });
    return '<span class="at-table" data-field="atTable" data-player="' + esc(v.atTable || '') + '">' + esc(name) + '</span>';
  }
  function balls(v) {
    var b = v.ballsOnTable || [];
    var h = '<span class="balls" data-field="balls" data-count="' + b.length + '">';
    if (v.discipline === 'STRAIGHT_POOL') h += b.length + ' balls';
    else b.forEach(function (n) { h += '<i class="ball b' + n + '">' + n + '</i>'; });
    return h + '</span>';
  }
  function tile(v) {
    var h = '<article class="tile" data-match-id="' + esc(v.matchId) + '" data-status="' + esc(v.status) + '">' +
      '<header><span class="table" data-field="table">' + esc(v.tableId || v.matchId) + '</span>' +
      '<span class="discipline" data-field="discipline">' + discipline(v.discipline) + '</span>' +
      '<span class="race" data-field="race">Race to ' + v.raceTo + '</span>' +
      '<span class="rack" data-field="rack">Rack ' + v.rack + '</span></header>';
    (v.players || []).forEach(function (p) { h += playerRow(v, p); });
    return h + '<footer>' + atTable(v) + balls(v) + '<span class="last-ruling" data-field="lastRuling"></span></footer></article>';
  }
  function lowerThird(v) {
    var h = '<section class="lower-third" data-match-id="' + esc(v.matchId) + '" data-status="' + esc(v.status) + '">' +
      '<div class="info"><span data-field="discipline">' + discipline(v.discipline) + '</span>' +
      '<span data-field="race">Race to ' + v.raceTo + '</span><span data-field="rack">Rack ' + v.rack + '</span></div>';
    (v.players || []).forEach(function (p) { h += playerRow(v, p); });
    return h + '<div class="info">' + atTable(v) + balls(v) + '</div></section>';
  }
  function rulingText(r) {
    var t = r.kind.replace(/_/g, ' ');
    if (r.foul) t += ' \u00B7 ' + r.foul.replace(/_/g, ' ').toLowerCase();
    if (r.rule) t += ' (' + r.rule + ')';
    if (r.points && r.kind === 'POINTS') t += ' +' + r.points;
    return t;
  }
  function fromElement(el) { return el ? el.outerHTML : ''; }
  function replace(el, html) {
    var t = document.createElement('template');
    t.innerHTML = html;
    var n = t.content.firstElementChild;
    el.replaceWith(n);
    return n;
  }

  /* Follows an SSE url; handlers.view / handlers.ruling get the parsed JSON. */
  function follow(url, handlers) {
    var last = null, backoff = 1000, source = null;
    var status = document.querySelector('[data-field="connection"]');
    function show(s) {
      if (status) status.textContent = s;
      document.body.setAttribute('data-connection', s);
    }
    function open() {
      var u = last ? url + (url.indexOf('?') >= 0 ? '&' : '?') + 'lastEventId=' + encodeURIComponent(last) : url;
      source = new EventSource(u);
      source.onopen = function () { backoff = 1000; show('live'); };
      source.addEventListener('view', function (e) { last = e.lastEventId || last; handlers.view(JSON.parse(e.data)); });
      source.addEventListener('ruling', function (e) { last = e.lastEventId || last; if (handlers.ruling) handlers.ruling(JSON.parse(e.data)); });
      source.onerror = function () {
        show('reconnecting');
        if (source.readyState === EventSource.CLOSED) {
          source.close();
          setTimeout(open, backoff);
          backoff = Math.min(backoff * 2, 15000);
        }
      };
    }
    open();
  }
  function passThrough(url) {
    var delay = new URLSearchParams(location.search).get('delayMs');
    return delay ? url + (url.indexOf('?') >= 0 ? '&' : '?') + 'delayMs=' + encodeURIComponent(delay) : url;
  }

  function dashboard() {
    var live = document.getElementById('live'), finished = document.getElementById('finished');
    var lastRuling = {};
    function place(el, v) {
      var target = v.status === 'FINISHED' ? finished : live;
      var key = (v.tableId || v.matchId) + ' ' + v.matchId, before = null;
      Array.prototype.forEach.call(target.children, function (c) {
        var k = c.querySelector('[data-field="table"]').textContent + ' ' + c.getAttribute('data-match-id');
        if (!before && c !== el && k > key) before = c;
      });
      if (el.parentNode !== target || el.nextElementSibling !== before) target.insertBefore(el, before);
    }
    follow(passThrough('/stream'), {
      view: function (v) {
        var el = document.querySelector('.tile[data-match-id="' + CSS.escape(v.matchId) + '"]');
        var html = tile(v);
        if (el) el = replace(el, html); else { var t = document.createElement('template'); t.innerHTML = html; el = t.content.firstElementChild; }
        if (lastRuling[v.matchId]) el.querySelector('[data-field="lastRuling"]').textContent = lastRuling[v.matchId];
        place(el, v);
      },
      ruling: function (r) {
        lastRuling[r.matchId] = rulingText(r);
        var el = document.querySelector('.tile[data-match-id="' + CSS.escape(r.matchId) + '"] [data-field="lastRuling"]');
        if (el) el.textContent = lastRuling[r.matchId];
      }
    });
  }
  function overlay(matchId) {
    var root = document.getElementById('overlay');
    follow(passThrough('/matches/' + encodeURIComponent(matchId) + '/stream'), {
      view: function (v) { root.innerHTML = lowerThird(v); }
    });
  }
  window.Scoreboard = {dashboard: dashboard, overlay: overlay, tile: tile, lowerThird: lowerThird, fromElement: fromElement};
})();
