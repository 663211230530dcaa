/* The scoreboard pages' live updates: no build step, no dependencies, no inline script (the page's body says what
 * it is in data- attributes). The server renders every tile (templates/tiles/, Tiles.java), on the page and on the
 * feeds of rendered HTML: /tiles/stream (the dashboard) and /overlay/{matchId}/stream (an overlay) carry each view as
 * a rendered tile or lower third and each ruling as its rendered line, with the ids of /stream and
 * /matches/{matchId}/stream. This script only swaps them in. It keeps the EventSource alive: the browser reconnects
 * by itself with Last-Event-ID; if the source is closed (server gone, bad answer) it is opened again with backoff and
 * resumes from the last id it saw (?lastEventId=). */
(function () {
  'use strict';

  function int(n) { var x = Number(n); return isFinite(x) ? Math.trunc(x) : 0; }
  /* The one element of a rendered fragment (the server escaped every value in it), or null. */
  function fragment(html) {
    var t = document.createElement('template');
    t.innerHTML = html;
    return t.content.firstElementChild;
  }
  function finished(el) {
    return el.getAttribute('data-status') === 'FINISHED' || el.getAttribute('data-closed') === 'true';
  }

  /* Follows an SSE url; handlers[event] gets each message's element. Returns {close()}. */
  function follow(url, handlers) {
    var last = null, backoff = 1000, source = null, stopped = false, retry = null;
    var status = document.querySelector('[data-field="connection"]');
    function show(s) {
      if (status) status.textContent = s;
      document.body.setAttribute('data-connection', s);
    }
    function open() {
      if (stopped) return;
      var u = last ? url + (url.indexOf('?') >= 0 ? '&' : '?') + 'lastEventId=' + encodeURIComponent(last) : url;
      source = new EventSource(u);
      source.onopen = function () { backoff = 1000; show('live'); };
      Object.keys(handlers).forEach(function (event) {
        source.addEventListener(event, function (e) {
          last = e.lastEventId || last;
          var el = fragment(e.data);
          if (el) handlers[event](el);
        });
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
  function older(shown, el) {
    return shown != null && int(el.getAttribute('data-last-seq')) < int(shown.getAttribute('data-last-seq'));
  }
  function childWithMatchId(parents, matchId) {
    for (var i = 0; i < parents.length; i++) {
      var c = parents[i].children;
      for (var j = 0; j < c.length; j++) if (c[j].getAttribute('data-match-id') === matchId) return c[j];
    }
    return null;
  }

  function dashboard() {
    var live = document.getElementById('live'), finishedTiles = document.getElementById('finished');
    var lastRuling = Object.create(null);
    function place(el) {
      var target = finished(el) ? finishedTiles : live;
      var t = el.querySelector('[data-field="table"]');
      var key = (t ? t.textContent : '') + ' ' + el.getAttribute('data-match-id'), before = null;
      Array.prototype.forEach.call(target.children, function (c) {
        var ct = c.querySelector('[data-field="table"]');
        var k = (ct ? ct.textContent : '') + ' ' + c.getAttribute('data-match-id');
        if (!before && c !== el && k > key) before = c;
      });
      if (el.parentNode !== target || el.nextElementSibling !== before) target.insertBefore(el, before);
    }
    function showRuling(tileEl, line) {
      var shown = tileEl.querySelector('[data-field="lastRuling"]');
      if (shown) shown.replaceWith(line.cloneNode(true));
    }
    follow(passThrough('/tiles/stream'), {
      tile: function (el) {
        var id = el.getAttribute('data-match-id'), old = childWithMatchId([live, finishedTiles], id);
        if (older(old, el)) return;
        if (old) old.replaceWith(el);
        if (lastRuling[id]) showRuling(el, lastRuling[id]);
        place(el);
      },
      ruling: function (line) {
        var id = line.getAttribute('data-match-id');
        lastRuling[id] = line;
        var tileEl = childWithMatchId([live, finishedTiles], id);
        if (tileEl) showRuling(tileEl, line);
      }
    });
  }
  /* A match the ledger does not know yet (the page was a 404): wait for its first tile on the feed of every match,
   * then follow its own feed (which starts with its latest view). */
  function overlay(matchId, known) {
    var root = document.getElementById('overlay');
    function render(el) { if (!older(root.firstElementChild, el)) root.replaceChildren(el); }
    function own() { follow(passThrough('/overlay/' + encodeURIComponent(matchId) + '/stream'), {lowerThird: render}); }
    if (known) { own(); return; }
    var waiting = follow(passThrough('/tiles/stream'), {
      tile: function (el) {
        if (el.getAttribute('data-match-id') !== matchId || !waiting) return;
        waiting.close();
        waiting = null;
        own();
      }
    });
  }
  window.Scoreboard = {dashboard: dashboard, overlay: overlay};

  var body = document.body, page = body && body.getAttribute('data-page');
  if (page === 'dashboard') dashboard();
  else if (page === 'overlay') overlay(body.getAttribute('data-match-id'), body.getAttribute('data-match-known') !== 'false');
})();
