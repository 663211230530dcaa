// The table console: scores a match as the facts of docs/events.md, sends them through the outbox (store.js) in
// order with ?wait= for the ledger's rulings, and shows the ledger's answer (the view from the scoreboard).
import {L, ruling} from './labels.js';
import {outbox, sent} from './store.js';
import {shotData, editable, defaultFirst, predict} from './facts.js';

const $ = sel => document.querySelector(sel);
const esc = s => String(s ?? '').replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
const WAIT_MS = 5000;
const MAX_BACKOFF_MS = 30000;
const LEASE_POLL_MS = 2000;

/** This tablet's console id, generated once and kept: the scoring lease of a match is held by it. */
function consoleId() {
  let id = localStorage.getItem('console.id');
  if (!id) { id = crypto.randomUUID(); localStorage.setItem('console.id', id); }
  return id;
}

const S = {
  config: JSON.parse(localStorage.getItem('console.config') || '{"scoreboardUrl":"http://127.0.0.1:8081"}'),
  auth: JSON.parse(localStorage.getItem('console.auth') || 'null'),
  matchId: localStorage.getItem('console.match'),
  view: null,        // the ledger's view (last known)
  queue: [],         // outbox items of the match, by seq
  history: [],       // events this device sent and the ledger applied
  answer: [],        // rulings of the last acknowledged event
  draft: null,       // the shot being entered
  lag: null,         // the lag being entered
  correcting: null,  // a sent event being corrected (referee)
  selected: null,    // a timeline entry selected (appeal, void)
  pairing: null,
  net: navigator.onLine ? 'online' : 'offline',
  note: null,        // a message for the scorer (sign in again, errors)
  backoff: 0,
  tableMatches: [],
  consoleId: consoleId(),
  lease: null,       // the scoring lease of the match as the gateway last answered (docs/console.md)
};
window.consoleState = S; // for the page tests and for support

// ---------------------------------------------------------------------------------------------------------------
// sign-in: the device grant through the gateway (ConsoleResource), tokens kept on this device

function claims() {
  try {
    const p = S.auth.accessToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(decodeURIComponent(escape(atob(p))));
  } catch (e) { return {}; }
}
function role() {
  const roles = (claims().realm_access || {}).roles || [];
  return ['director', 'referee', 'table'].find(r => roles.includes(r)) || 'none';
}
const isReferee = () => role() === 'referee' || role() === 'director';
function saveAuth(tokens) {
  S.auth = {accessToken: tokens.access_token, refreshToken: tokens.refresh_token,
    expiresAt: Date.now() + (tokens.expires_in || 300) * 1000};
  localStorage.setItem('console.auth', JSON.stringify(S.auth));
}
async function refresh() {
  if (!S.auth || !S.auth.refreshToken) return false;
  const r = await fetch('api/token', {method: 'POST', headers: {'Content-Type': 'application/x-www-form-urlencoded'},
    body: new URLSearchParams({grant: 'refresh', refresh_token: S.auth.refreshToken})});
  if (r.ok) { saveAuth(await r.json()); return true; }
  if (r.status === 400 || r.status === 401) { S.note = L.signInAgain; S.auth.expired = true; }
  return false;
}
async function token() {
  if (S.auth && Date.now() > S.auth.expiresAt - 30000) await refresh();
  return S.auth && S.auth.accessToken;
}

async function startPairing() {
  S.pairing = {state: 'asking'};
  render();
  try {
    const r = await fetch('api/pairing', {method: 'POST'});
    const code = await r.json();
    if (!r.ok) throw new Error(code.error_description || code.detail || r.status);
    S.pairing = {state: 'waiting', code, interval: (code.interval || 5) * 1000, until: Date.now() + code.expires_in * 1000};
    render();
    pollPairing();
  } catch (e) {
    S.pairing = {state: 'failed', error: String(e.message || e)};
    render();
  }
}
async function pollPairing() {
  const p = S.pairing;
  if (!p || p.state !== 'waiting') return;
  await sleep(p.interval);
  if (S.pairing !== p) return;
  if (Date.now() > p.until) { p.state = 'failed'; render(); return; }
  try {
    const r = await fetch('api/token', {method: 'POST', headers: {'Content-Type': 'application/x-www-form-urlencoded'},
      body: new URLSearchParams({grant: 'device', device_code: p.code.device_code})});
    const body = await r.json();
    if (r.ok) { saveAuth(body); S.pairing = null; S.note = null; await home(); return; }
    if (body.error === 'slow_down') p.interval += 5000;
    else if (body.error !== 'authorization_pending') { p.state = 'failed'; render(); return; }
  } catch (e) { /* network: poll again */ }
  pollPairing();
}

// ---------------------------------------------------------------------------------------------------------------
// the ledger: views from the scoreboard, events through the gateway

async function loadConfig() {
  try {
    const r = await fetch('api/config');
    if (r.ok) { S.config = await r.json(); localStorage.setItem('console.config', JSON.stringify(S.config)); }
  } catch (e) { /* offline: the last one */ }
}
async function fetchView() {
  if (!S.matchId) return;
  try {
    const r = await fetch(`${S.config.scoreboardUrl}/matches/${encodeURIComponent(S.matchId)}`, {cache: 'no-store'});
    if (r.ok) {
      const v = await r.json();
      if (!S.view || v.lastSeq >= (S.view.lastSeq || 0) || S.view.matchId !== v.matchId) setView(v);
    }
  } catch (e) { /* offline */ }
}
function setView(v) {
  S.view = v;
  localStorage.setItem('console.view.' + v.matchId, JSON.stringify(v));
}
async function awaitView(seq) {
  for (let i = 0; i < 40 && (!S.view || S.view.lastSeq < seq); i++) {
    await fetchView();
    if (S.view && S.view.lastSeq >= seq) break;
    await sleep(150);
  }
}
async function loadTableMatches() {
  const table = claims().tableId;
  try {
    const q = table ? `?tableId=${encodeURIComponent(table)}` : '?status=IN_PROGRESS';
    const r = await fetch(`${S.config.scoreboardUrl}/matches${q}`, {cache: 'no-store'});
    if (r.ok) S.tableMatches = (await r.json()).filter(v => v.status !== 'FINISHED').slice(0, 20);
  } catch (e) { S.tableMatches = []; }
}

/** The state the scorer scores against: the ledger's view with the events still waiting applied as scored. */
function current() {
  let v = S.view;
  if (readOnly()) return v; // another console scores: the ledger's view as it is, this console's waiting events aside
  for (const item of S.queue) {
    if (item.state === 'rejected') break;
    v = predict(v, item.event);
  }
  return v;
}
function nextSeq() {
  const last = S.queue.length ? S.queue[S.queue.length - 1].seq : 0;
  const acked = S.history.length ? S.history[S.history.length - 1].seq : 0;
  return Math.max(last, acked, S.view ? S.view.lastSeq : 0) + 1;
}
function tableId() {
  return claims().tableId || (S.view && S.view.tableId) || 'console';
}

/** Writes an event to the outbox with its final id and seq, then sends. A refused head of the queue is replaced. */
async function record(type, data) {
  if (readOnly()) return render();
  const head = S.queue[0];
  let seq = nextSeq();
  if (head && head.state === 'rejected') {
    seq = head.seq;
    await outbox.remove(head.matchId, head.seq);
  }
  const event = {specversion: '1.0', id: crypto.randomUUID(), source: `/tables/${tableId()}/console`, type,
    subject: S.matchId, seq, time: new Date().toISOString(), datacontenttype: 'application/json', data};
  await outbox.put({matchId: S.matchId, seq, id: event.id, event, state: 'queued'});
  await reloadQueue();
  S.draft = null;
  S.correcting = null;
  render();
  pump();
}
async function reloadQueue() {
  if (!S.matchId) { S.queue = []; S.history = []; return; }
  S.queue = (await outbox.list(S.matchId)).sort((a, b) => a.seq - b.seq);
  S.history = (await sent.list(S.matchId)).sort((a, b) => a.seq - b.seq);
}

let pumping = false;
let retryTimer = null;
/** Sends the outbox in order, one event at a time with ?wait=, until it is empty, offline, or stopped by a refusal. */
async function pump() {
  if (pumping) return;
  pumping = S.busy = true;
  clearTimeout(retryTimer);
  try {
    for (;;) {
      await reloadQueue();
      const item = S.queue[0];
      if (!item || item.state === 'rejected') break;
      if (readOnly()) break; // another console scores: the outbox waits
      if (!navigator.onLine) { S.net = 'offline'; break; }
      if (S.auth && S.auth.expired) break;
      S.net = 'sending';
      render();
      let r;
      try {
        r = await post(item);
      } catch (e) {
        retryLater();
        break;
      }
      if (r.status === 401 && await refresh()) continue;
      if (r.status === 401) { S.note = L.signInAgain; break; }
      if (r.status === 503 || r.status === 429 || r.status >= 500) { retryLater(); break; }
      const body = await r.json().catch(() => ({}));
      if (r.status === 200 || r.status === 202) {
        const mine = (body.rulings || []).filter(x => x.eventId === item.id);
        const refused = mine.find(x => x.kind === 'EVENT_REJECTED');
        if (refused) { await reject(item, refused.reason); break; }
        if (!mine.length) { retryLater(1000); break; } // no answer in time: send the same event again
        await outbox.acknowledge(item, mine);
        S.backoff = 0;
        S.answer = mine;
        await awaitView(item.seq);
        continue;
      }
      const e = (body.errors || [])[0];
      await reject(item, e ? `${e.field}: ${e.reason}` : (body.detail || `HTTP ${r.status}`));
      break;
    }
  } finally {
    pumping = false;
    await reloadQueue();
    if (!navigator.onLine) S.net = 'offline';
    else if (!retryTimer && S.net === 'sending') S.net = 'online';
    render();
    S.busy = false;
  }
}
function retryLater(ms) {
  S.backoff = ms || Math.min(MAX_BACKOFF_MS, Math.max(1000, S.backoff * 2));
  S.net = navigator.onLine ? 'sending' : 'offline';
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => { retryTimer = null; pump(); }, S.backoff);
}
async function reject(item, reason) {
  item.state = 'rejected';
  item.reason = reason;
  await fetchView();
  // another console recorded this seq: this one follows the match (read-only) until it takes over
  item.conflict = /^seq: /.test(reason) && !!S.view && S.view.lastSeq >= item.seq;
  await outbox.put(item);
}
/** Takes the match over from another console: this console's waiting events go after the ledger's last one. */
async function takeOver() {
  await fetchView();
  let seq = S.view.lastSeq;
  for (const item of S.queue) {
    await outbox.remove(item.matchId, item.seq);
    item.seq = ++seq;
    item.event = {...item.event, seq: item.seq, id: crypto.randomUUID()};
    item.id = item.event.id;
    item.state = 'queued';
    delete item.reason;
    delete item.conflict;
    await outbox.put(item);
  }
  await reloadQueue();
  render();
  pump();
}
// ---------------------------------------------------------------------------------------------------------------
// the scoring lease: one console scores a match; another follows it read-only until the first hands over, a referee
// takes over, or the first has not been seen for the stale time (the gateway's LeaseResource, docs/console.md)

/** Read-only: another console holds this match's lease. Without an answer yet (or offline) this console scores. */
function readOnly() {
  return !!(S.lease && S.lease.matchId === S.matchId && S.lease.held && !S.lease.yours);
}
async function leaseCall(method, path = '', params = {}) {
  const url = `api/matches/${encodeURIComponent(S.matchId)}/lease${path}?${new URLSearchParams({console: S.consoleId, ...params})}`;
  const send = async () => fetch(url, {method, cache: 'no-store', headers: {'Authorization': `Bearer ${await token()}`}});
  let r = await send();
  if (r.status === 401 && await refresh()) r = await send();
  return r;
}
/** Asks the gateway for the lease; takes it when nobody holds it and this console was not following another. */
async function syncLease() {
  if (!S.matchId || !S.auth || S.auth.expired || !navigator.onLine) return;
  const m = S.matchId;
  try {
    let r = await leaseCall('GET');
    if (!r.ok) return;
    let lease = await r.json();
    const before = S.lease && S.lease.matchId === m ? S.lease : null;
    if (!lease.held && (!before || before.yours || !before.held)) {
      r = await leaseCall('POST');
      if (r.ok || r.status === 409) lease = r.ok ? await r.json() : await (await leaseCall('GET')).json();
    }
    if (m !== S.matchId) return;
    if (readOnly()) await fetchView();
    await setLease(lease);
  } catch (e) { /* offline: the last answer stands */ }
}
/** A change of the lease: a console that gains it sends its waiting events after the ledger's last one. */
async function setLease(lease) {
  const before = S.lease && S.lease.matchId === lease.matchId ? S.lease : null;
  const changed = JSON.stringify(before) !== JSON.stringify(lease);
  S.lease = lease;
  if (lease.yours && before && before.held && !before.yours) {
    S.draft = null;
    await fetchView();
    if (S.queue.length) return takeOver();
    render();
    return;
  }
  if (changed) render();
  if (lease.yours && S.queue.length && !pumping) pump();
}
async function leaseAct(method, path, params) {
  try {
    const r = await leaseCall(method, path, params);
    if (r.ok) { S.note = null; return setLease(await r.json()); }
    const body = await r.json().catch(() => ({}));
    S.note = body.detail || `HTTP ${r.status}`;
    await syncLease();
    render();
  } catch (e) { /* offline */ }
}

async function post(item) {
  return fetch(`../matches/${encodeURIComponent(item.matchId)}/events?wait=${WAIT_MS}`, {
    method: 'POST', body: JSON.stringify(item.event),
    headers: {'Content-Type': 'application/cloudevents+json', 'Authorization': `Bearer ${await token()}`}});
}
async function discardRejected() {
  const [head, ...rest] = S.queue;
  await outbox.remove(head.matchId, head.seq);
  // the later events move up one seq; they were never applied, so they get new ids with it
  for (const item of rest) {
    await outbox.remove(item.matchId, item.seq);
    item.seq -= 1;
    item.event = {...item.event, seq: item.seq, id: crypto.randomUUID()};
    item.id = item.event.id;
    await outbox.put(item);
  }
  await reloadQueue();
  render();
  pump();
}

// ---------------------------------------------------------------------------------------------------------------
// screens

async function home() {
  await loadConfig();
  await reloadQueue();
  if (S.matchId) {
    S.view = JSON.parse(localStorage.getItem('console.view.' + S.matchId) || 'null');
    await fetchView();
    await syncLease();
  } else {
    await loadTableMatches();
  }
  render();
  pump();
}

function render() {
  const root = $('#app');
  document.body.dataset.net = S.net;
  $('#status').textContent = statusText();
  $('#status').dataset.net = S.net;
  $('#who').textContent = S.auth ? L.signedInAs(claims().preferred_username || '', role(), claims().tableId) : '';
  if (!S.auth) { root.innerHTML = signInScreen(); return; }
  if (!S.matchId) { root.innerHTML = openScreen(); return; }
  const v = current();
  if (!v) { root.innerHTML = `<section class="card"><p>${esc(S.matchId)}…</p>${leaveButton()}</section>`; return; }
  root.innerHTML = matchScreen(v);
}
function statusText() {
  const waiting = S.queue.length;
  if (S.net === 'offline') return L.offline(waiting);
  if (readOnly()) return L.readOnlyStatus(waiting);
  if (waiting) return L.sending(waiting);
  return L.online;
}

function signInScreen() {
  const p = S.pairing;
  let body = `<p>${L.pairIntro}</p><button class="big" data-act="pair">${L.pairStart}</button>`;
  if (p && p.state === 'waiting') {
    body = `<p>${L.pairGoTo} <a href="${esc(p.code.verification_uri_complete || p.code.verification_uri)}" target="_blank"
      id="verification">${esc(p.code.verification_uri)}</a>, ${L.pairAndEnter}</p>
      <p class="code" id="user-code">${esc(p.code.user_code)}</p><p>${L.pairWaiting}</p>`;
  } else if (p && p.state === 'failed') {
    body += `<p class="error">${L.pairDenied} ${esc(p.error || '')}</p>`;
  }
  return `<section class="card signin"><h1>${L.signIn}</h1>${body}</section>`;
}

function openScreen() {
  const t = claims().tableId || '';
  const list = S.tableMatches.map(v => `<li><button data-act="resume" data-id="${esc(v.matchId)}">${L.resume}
    ${esc(v.matchId)} — ${esc(v.players.map(p => p.name).join(' v '))}</button></li>`).join('');
  const opts = (o, labels) => Object.keys(labels).map(k => `<option value="${k}">${labels[k]}</option>`).join('');
  return `<section class="card">
    ${list ? `<h2>${L.tableMatches}</h2><ul class="plain">${list}</ul>` : ''}
    <h2>${L.openMatch}</h2>
    <form id="open" class="form">
      <label>${L.discipline}<select name="discipline">${opts('d', L.disciplines)}</select></label>
      <label>${L.player(1)}<input name="p1" required maxlength="64" autocomplete="off"></label>
      <label>${L.player(2)}<input name="p2" required maxlength="64" autocomplete="off"></label>
      <label>${L.raceTo}<input name="raceTo" type="number" min="1" max="1000" value="5" required></label>
      <label>${L.breakFormat}<select name="breakFormat">${opts('b', L.breakFormats)}</select></label>
      <label class="bb">${L.foulAward}<select name="foulAward">${opts('f', L.foulAwards)}</select></label>
      <label>${L.table}<input name="tableId" value="${esc(t)}" ${t ? 'readonly' : ''} maxlength="64"></label>
      <label>${L.matchId}<input name="matchId" maxlength="64" pattern="[A-Za-z0-9._\\-]{1,64}" placeholder="auto"></label>
      <button class="big" type="submit">${L.open}</button>
    </form></section>`;
}

function leaveButton() {
  return `<button data-act="leave" class="quiet">${L.leave}</button>`;
}

function name(v, id) {
  const p = (v.players || []).find(x => x.id === id);
  return p ? p.name : id;
}

function matchScreen(v) {
  const n = id => name(v, id);
  const predicted = v !== S.view;
  const players = v.players.map(p => `
    <div class="player ${v.atTable === p.id ? 'at' : ''}" data-player="${esc(p.id)}">
      <div class="pname">${esc(p.name)}${p.group ? ` <small>${L.group(p.group)}</small>` : ''}</div>
      <div class="score" data-field="score">${p.score}</div>
      <div class="fouls">${'●'.repeat(Math.min(p.consecutiveFouls, 3))}</div>
    </div>`).join('');
  const twoFouls = v.players.filter(p => p.onTwoFouls && v.atTable === p.id)
    .map(p => `<div class="warning" id="two-fouls">${esc(L.fouls2(p.name))}</div>`).join('');
  const head = `<section class="card scoreboard">
      <div class="players">${players}</div>
      <div class="meta">${L.disciplines[v.discipline]} · ${L.race(v.raceTo)} · ${L.rack(v.rack)}
        · ${L.cueBall[v.cueBall] || ''}${predicted ? ` · <em>${L.predicted}</em>` : ''}</div>
      ${twoFouls}
      ${v.status === 'FINISHED' ? `<div class="winner" id="winner">${esc(L.winner(n(v.winner)))}</div>` : ''}
    </section>`;
  return `<div class="layout"><div class="col side">${head}${askedCard()}${answerCard(v)}${rejectedCard()}${timelineCard(v)}</div>
    <div class="col main">${inputCard(v)}${refereeCard(v)}</div></div>`;
}

function answerCard(v) {
  const n = id => name(v, id);
  if (!S.answer.length) return '';
  return `<section class="card answer" id="answer"><h3>${L.answer}</h3><ul>
    ${S.answer.map(r => `<li class="k-${r.kind}" data-kind="${r.kind}"${r.rule ? ` data-rule="${r.rule}"` : ''}>${esc(ruling(r, n))}</li>`).join('')}
    </ul></section>`;
}

function rejectedCard() {
  const head = S.queue[0];
  if (!head || head.state !== 'rejected') return '';
  if (head.conflict && readOnly()) return ''; // the lease card says who scores
  if (head.conflict) {
    return `<section class="card rejected" id="rejected" data-conflict="true"><p>${esc(L.otherConsole(head.seq, S.queue.length))}</p>
      <button data-act="takeover">${L.takeOver}</button><button data-act="discard">${L.discard}</button></section>`;
  }
  return `<section class="card rejected" id="rejected"><p>${esc(L.rejectedBanner(head.seq, head.reason))}</p>
    <button data-act="discard">${L.discard}</button></section>`;
}

function timelineCard(v) {
  const n = id => name(v, id);
  const rows = [];
  for (const h of S.history.slice(-12)) {
    const sel = S.selected === h.id ? ' selected' : '';
    const words = (h.rulings || []).filter(r => r.kind !== 'CONTINUE').slice(0, 2).map(r => ruling(r, n)).join('; ');
    rows.push(`<li class="ev${sel}" data-seq="${h.seq}" data-id="${esc(h.id)}"><button data-act="select" data-id="${esc(h.id)}">
      ${h.seq}. ${L.eventNames[h.event.type] || h.event.type} ${esc(describe(h.event, n))}</button>
      <small>${esc(words)}</small>
      ${isReferee() && h.event.type === 'pool.shot.taken' ? `<button data-act="correct" data-id="${esc(h.id)}">${L.correct}</button>` : ''}</li>`);
  }
  for (const q of S.queue) {
    rows.push(`<li class="ev queued ${q.state}" data-seq="${q.seq}">${q.seq}. ${L.eventNames[q.event.type] || q.event.type}
      ${esc(describe(q.event, n))} <small>${q.state === 'rejected' ? L.rejected : L.waiting}</small></li>`);
  }
  return `<section class="card timeline"><h3>${L.timeline}</h3><ol class="plain" id="timeline">${rows.join('')}</ol></section>`;
}
function describe(e, n) {
  const d = e.data || {};
  switch (e.type) {
    case 'pool.shot.taken': {
      const parts = [n(d.shooter)];
      if (d.pocketed && d.pocketed.length) parts.push('⬤ ' + d.pocketed.map(p => p.ball).join(','));
      if (d.cueBallPocketed) parts.push(L.scratch);
      if (d.pushOut) parts.push(L.pushOut);
      if (d.safety) parts.push(L.safety);
      return parts.join(' ');
    }
    case 'pool.option.chosen': return `${n(d.player)}: ${L.options[d.option] || d.option}`;
    case 'pool.ruling.made': return `${d.ruling}${d.player ? ' ' + n(d.player) : ''}`;
    case 'pool.event.voided': case 'pool.event.corrected': {
      const t = S.history.find(h => h.id === d.targetId);
      return t ? `#${t.seq}` : '';
    }
    default: return '';
  }
}

function inputCard(v) {
  const n = id => name(v, id);
  if (readOnly()) return leaseCard();
  if (S.queue[0] && S.queue[0].state === 'rejected' && (S.queue[0].conflict || !S.view)) return ''; // read-only
  if (v.status === 'FINISHED') return '';
  if (v.pendingOption) {
    const po = v.pendingOption;
    return `<section class="card options" id="options"><h2>${esc(L.chooses(po.player ? n(po.player) : ''))}</h2>
      ${po.options.map(o => `<button class="big" data-act="option" data-option="${o}">${L.options[o] || o}</button>`).join('')}
      </section>`;
  }
  if (v.status === 'AWAITING_LAG') return lagCard(v);
  return shotCard(v);
}

function lagCard(v) {
  const lag = S.lag || (S.lag = {winner: null, faults: {}});
  const faults = id => Object.keys(L.lagFaultNames).map(f => {
    const on = (lag.faults[id] || {})[f];
    return `<button class="toggle ${on ? 'on' : ''}" data-act="lagfault" data-player="${esc(id)}" data-fault="${f}">${L.lagFaultNames[f]}</button>`;
  }).join('');
  return `<section class="card lag" id="lag"><h2>${L.lag}</h2><p>${L.lagWinner}</p>
    <div class="row">${v.players.map(p => `<button class="big ${lag.winner === p.id ? 'on' : ''}" data-act="lagwinner"
      data-player="${esc(p.id)}">${esc(p.name)}</button>`).join('')}</div>
    ${v.players.map(p => `<p class="small">${esc(L.lagFaults(p.name))}</p><div class="row wrap">${faults(p.id)}</div>`).join('')}
    <div class="row"><button class="big primary" data-act="lag" ${lag.winner ? '' : 'disabled'}>${L.lagRecord}</button>
    <button data-act="relag">${L.relag}</button></div></section>`;
}

function newDraft(v) {
  return {basis: v.lastSeq, touched: false, shooter: v.atTable || v.players[0].id, pocketed: [], offTable: [], firstContact: undefined,
    pocket: 'FOOT_RIGHT', rail: true, scratch: false, cueOff: false, offMode: false, safety: false, pushOut: false,
    jumped: false, fouls: [], ballsToRail: null, crossed: null, cueToRail: true, showFouls: false,
    rerack: {cueBallInRackArea: false, lastBallInRackArea: false, lastBallBehindHeadString: false}};
}

function ball(b, cls, act, extra = '') {
  return `<button class="ball b${b} ${cls}" data-act="${act}" data-ball="${b}" ${extra}><span>${b}</span></button>`;
}

function shotCard(v) {
  // an untouched draft follows the ledger's answer (the shooter it names, the balls it leaves)
  if (!S.draft || (!S.draft.touched && S.draft.basis !== v.lastSeq)) S.draft = newDraft(v);
  const d = S.draft;
  const disc = v.discipline;
  const bb = disc === 'BLACKBALL' ? ' blackball' : '';
  const called = disc === 'EIGHT_BALL' || disc === 'STRAIGHT_POOL';
  const first = d.firstContact === undefined ? defaultFirst(v, d) : d.firstContact;
  const balls = v.ballsOnTable.map(b => {
    const i = d.pocketed.findIndex(p => p.ball === b);
    const cls = i >= 0 ? 'pocketed' : d.offTable.includes(b) ? 'off' : '';
    return ball(b, cls, 'ball');
  }).join('');
  const firsts = v.ballsOnTable.map(b => ball(b, `small ${first === b ? 'on' : ''}`, 'first')).join('')
    + `<button class="toggle small ${first === null ? 'on' : ''}" data-act="first" data-ball="none">${L.none}</button>`;
  const tog = (act, on, label, id) => `<button class="toggle ${on ? 'on' : ''}" data-act="${act}" id="${id}">${label}</button>`;
  const pockets = Object.keys(L.pockets).map(p => `<button class="pocket p-${p} ${d.pocket === p ? 'on' : ''}"
      data-act="pocket" data-pocket="${p}" title="${L.pockets[p]}"></button>`).join('');
  const remaining = v.ballsOnTable.length - d.pocketed.length - d.offTable.length;
  const rerack = disc === 'STRAIGHT_POOL' && d.pocketed.length > 0 && remaining === 1;
  const br = v.nextShotIsBreak;
  const breakFacts = !br ? '' : `<div class="row wrap break" id="break-facts"><strong>${L.breakShot}</strong>
      ${stepper('rail-balls', L.ballsToRail, d.ballsToRail ?? (disc === 'STRAIGHT_POOL' ? 2 : 4))}
      ${disc === 'BLACKBALL' ? stepper('crossed', L.crossedCenter, d.crossed ?? 2) : ''}
      ${disc === 'STRAIGHT_POOL' ? tog('cuetorail', d.cueToRail, L.cueToRail, 't-cuetorail') : ''}</div>`;
  return `<section class="card shot${bb}" id="shot">
    ${S.correcting ? `<div class="correcting">${esc(L.correcting(S.correcting.seq))} <button data-act="cancel">${L.cancel}</button></div>` : ''}
    <div class="row shooter">${L.shooter}: ${v.players.map(p => `<button class="${d.shooter === p.id ? 'on' : ''}" data-act="shooter"
      data-player="${esc(p.id)}">${esc(p.name)}${v.atTable === p.id ? ` <small>(${L.atTable})</small>` : ''}</button>`).join('')}</div>
    ${breakFacts}
    <div class="balls" id="balls" title="${L.ballsHint}">${balls}</div>
    <div class="row wrap firsts"><span>${L.firstHit}:</span>${firsts}</div>
    <div class="row wrap facts">
      ${tog('rail', d.rail, L.rail, 't-rail')}${tog('scratch', d.scratch, L.scratch, 't-scratch')}
      ${tog('cueoff', d.cueOff, L.cueOff, 't-cueoff')}${tog('offmode', d.offMode, L.offTableMode, 't-offmode')}
      ${tog('safety', d.safety, L.safety, 't-safety')}
      ${v.pushOutAvailable ? tog('pushout', d.pushOut, L.pushOut, 't-pushout') : ''}
      ${disc === 'BLACKBALL' ? tog('jumped', d.jumped, L.jumped, 't-jumped') : ''}
      ${tog('showfouls', d.showFouls || d.fouls.length, L.foulSeen + (d.fouls.length ? ` (${d.fouls.length})` : ''), 't-foulseen')}
    </div>
    ${d.showFouls ? `<div class="row wrap fouls-seen">${Object.keys(L.fouls).filter(f => f !== 'PLAYED_BEFORE_RACK_COMPLETE' || disc === 'BLACKBALL')
      .map(f => `<button class="toggle ${d.fouls.includes(f) ? 'on' : ''}" data-act="foul" data-foul="${f}">${L.fouls[f]}</button>`).join('')}</div>` : ''}
    ${rerack ? `<div class="row wrap rerack" id="rerack"><strong>${L.rerack}</strong>${Object.keys(L.rerackFacts)
      .map(k => tog('rerack', d.rerack[k], L.rerackFacts[k], 'r-' + k).replace('data-act="rerack"', `data-act="rerack" data-fact="${k}"`)).join('')}</div>` : ''}
    <div class="tablepockets ${called ? 'called' : ''}"><div class="felt">${pockets}</div><small>${called ? L.pocketHint : ''}
      ${L.pockets[d.pocket]}</small></div>
    <div class="row actions">
      <button class="big primary" data-act="record" id="record">${L.record}</button>
      <button class="big" data-act="miss" id="miss">${L.miss}</button>
      <button data-act="clear">${L.clear}</button>
    </div></section>`;
}
function stepper(id, label, value) {
  return `<span class="stepper">${label} <button data-act="step" data-id="${id}" data-d="-1">−</button>
    <b id="${id}">${value}</b><button data-act="step" data-id="${id}" data-d="1">+</button></span>`;
}

/** The read-only console: who scores, and the ways to take over (ask; unasked when stale; now, for a referee). */
function leaseCard() {
  const l = S.lease;
  const asking = l.request && l.request.yours;
  let body = `<p>${esc(L.leaseHeld(l.holderBy, S.queue.length))}</p>`;
  if (asking) body += `<p id="lease-asking">${L.leaseAsking}</p>`;
  else if (l.declined) body += `<p class="error" id="lease-declined">${L.leaseDeclined}</p>`;
  if (S.note) body += `<p class="error">${esc(S.note)}</p>`;
  if (l.stale) body += `<p class="warning" id="lease-stale">${esc(L.leaseStale(Math.round(l.staleAfterSeconds / 60)))}</p>`;
  const buttons = [];
  if (l.stale) buttons.push(`<button class="big primary" data-act="lease-take" id="lease-take">${L.leaseTake}</button>`);
  else if (!asking) buttons.push(`<button class="big primary" data-act="lease-ask" id="lease-ask">${L.leaseAsk}</button>`);
  if (isReferee()) buttons.push(`<button class="big" data-act="lease-force" id="lease-force">${L.leaseForce}</button>`);
  return `<section class="card lease" id="lease" data-read-only="true"><h2>${L.leaseReadOnly}</h2>${body}
    <div class="row wrap">${buttons.join('')}</div></section>`;
}
/** The scoring console: another console asks to take over. */
function askedCard() {
  const l = S.lease;
  if (!l || l.matchId !== S.matchId || !l.yours || !l.request) return '';
  return `<section class="card lease-request" id="lease-request"><p>${esc(L.leaseRequested(l.request.by))}</p>
    <div class="row"><button class="big primary" data-act="lease-accept" id="lease-accept">${L.leaseAccept}</button>
    <button class="big" data-act="lease-decline" id="lease-decline">${L.leaseDecline}</button></div></section>`;
}

function refereeCard(v) {
  const n = id => name(v, id);
  if (readOnly()) return `<section class="card referee"><div class="row wrap">${leaveButton()}</div></section>`;
  const other = v.players.map(p => p.id);
  const last = S.queue.length ? S.queue[S.queue.length - 1] : null;
  let undo = '';
  if (last && last.state === 'queued' && !isReferee()) {
    undo = `<button data-act="undoqueued" id="undo">${L.undoQueued}</button>`;
  } else if (isReferee()) {
    undo = `<button data-act="undo" id="undo">${L.undo}</button>`;
  }
  const concede = v.status !== 'FINISHED' ? other.map(id => `<button data-act="concede" data-player="${esc(id)}">${esc(L.concede(n(id)))}</button>`).join('') : '';
  if (!isReferee()) return `<section class="card referee"><div class="row wrap">${undo}${concede}${leaveButton()}</div></section>`;
  const at = v.atTable || other[0];
  const pen = Object.keys(L.penalties).map(p => `<option value="${p}">${L.penalties[p]}</option>`).join('');
  const appeal = S.selected ? other.map(id => `<button data-act="appeal" data-player="${esc(id)}">${esc(L.appeal(n(id)))}</button>`).join('') : '';
  return `<section class="card referee" id="referee"><h3>${L.referee}</h3>
    <div class="row wrap">${undo}
      <button data-act="ruling" data-ruling="SLOW_PLAY" data-player="${esc(at)}">${L.slowPlay} — ${esc(n(at))}</button>
      <span><select id="penalty">${pen}</select><button data-act="unsporting" data-player="${esc(at)}">${L.unsportsmanlike} — ${esc(n(at))}</button></span>
      <button data-act="ruling" data-ruling="NO_PROGRESS">${L.noProgress}</button>
      <button data-act="ruling" data-ruling="STALEMATE">${L.stalemate}</button>
      ${concede}${appeal}${leaveButton()}</div></section>`;
}

// ---------------------------------------------------------------------------------------------------------------
// taps

const DRAFT_ACTS = new Set(['shooter', 'ball', 'first', 'pocket', 'rail', 'scratch', 'cueoff', 'offmode', 'safety',
  'pushout', 'jumped', 'cuetorail', 'showfouls', 'foul', 'rerack', 'step']);
document.addEventListener('click', async ev => {
  const el = ev.target.closest('[data-act]');
  if (!el || el.disabled) return;
  const act = el.dataset.act;
  const v = S.matchId ? current() : null;
  const d = S.draft;
  if (d && DRAFT_ACTS.has(act)) d.touched = true;
  switch (act) {
    case 'pair': return startPairing();
    case 'signout':
      localStorage.removeItem('console.auth'); S.auth = null; S.pairing = null; return render();
    case 'resume': return openMatchId(el.dataset.id);
    case 'leave':
      if (S.lease && S.lease.yours) leaseCall('DELETE').catch(() => undefined);
      S.lease = null;
      localStorage.removeItem('console.match'); S.matchId = null; S.view = null; S.answer = []; S.draft = null;
      await loadTableMatches(); return render();
    case 'discard': return discardRejected();
    case 'takeover': return takeOver();
    case 'lease-ask': return leaseAct('POST', '/request');
    case 'lease-take': return leaseAct('POST');
    case 'lease-force': return leaseAct('POST', '', {force: 'true'});
    case 'lease-accept': return leaseAct('POST', '/answer', {accept: 'true'});
    case 'lease-decline': return leaseAct('POST', '/answer', {accept: 'false'});
    case 'lagwinner': S.lag.winner = el.dataset.player; return render();
    case 'lagfault': {
      const f = S.lag.faults[el.dataset.player] || (S.lag.faults[el.dataset.player] = {});
      f[el.dataset.fault] = !f[el.dataset.fault];
      return render();
    }
    case 'lag': return recordLag(v, false);
    case 'relag': return recordLag(v, true);
    case 'option': return record('pool.option.chosen', {player: v.pendingOption.player, option: el.dataset.option});
    case 'shooter': d.shooter = el.dataset.player; return render();
    case 'ball': {
      const b = Number(el.dataset.ball);
      const i = d.pocketed.findIndex(p => p.ball === b);
      const o = d.offTable.indexOf(b);
      if (i >= 0) d.pocketed.splice(i, 1);
      else if (o >= 0) d.offTable.splice(o, 1);
      else if (d.offMode) d.offTable.push(b);
      else d.pocketed.push({ball: b, pocket: d.pocket});
      return render();
    }
    case 'first': d.firstContact = el.dataset.ball === 'none' ? null : Number(el.dataset.ball); return render();
    case 'pocket':
      d.pocket = el.dataset.pocket;
      if (d.pocketed.length) d.pocketed[d.pocketed.length - 1].pocket = d.pocket;
      return render();
    case 'rail': d.rail = !d.rail; return render();
    case 'scratch': d.scratch = !d.scratch; return render();
    case 'cueoff': d.cueOff = !d.cueOff; return render();
    case 'offmode': d.offMode = !d.offMode; return render();
    case 'safety': d.safety = !d.safety; return render();
    case 'pushout': d.pushOut = !d.pushOut; return render();
    case 'jumped': d.jumped = !d.jumped; return render();
    case 'cuetorail': d.cueToRail = !d.cueToRail; return render();
    case 'showfouls': d.showFouls = !d.showFouls; return render();
    case 'foul': {
      const f = el.dataset.foul;
      d.fouls = d.fouls.includes(f) ? d.fouls.filter(x => x !== f) : [...d.fouls, f];
      return render();
    }
    case 'rerack': d.rerack[el.dataset.fact] = !d.rerack[el.dataset.fact]; return render();
    case 'step': {
      const key = el.dataset.id === 'rail-balls' ? 'ballsToRail' : 'crossed';
      const now = Number($('#' + el.dataset.id).textContent);
      d[key] = Math.max(0, Math.min(15, now + Number(el.dataset.d)));
      return render();
    }
    case 'clear': S.draft = null; return render();
    case 'miss': {
      const shooter = d.shooter;
      S.draft = newDraft(v);
      S.draft.shooter = shooter;
      if (v.nextShotIsBreak) { S.draft.ballsToRail = d.ballsToRail; S.draft.crossed = d.crossed; }
      return recordShot(v);
    }
    case 'record': return recordShot(v);
    case 'cancel': S.correcting = null; S.draft = null; return render();
    case 'select': S.selected = S.selected === el.dataset.id ? null : el.dataset.id; return render();
    case 'correct': {
      const h = S.history.find(x => x.id === el.dataset.id);
      S.correcting = h;
      S.draft = draftOf(h.event.data, v);
      return render();
    }
    case 'undo': {
      const h = S.history[S.history.length - 1];
      if (!h) return;
      return record('pool.event.voided', {targetId: h.id, reason: 'undo at the table'});
    }
    case 'undoqueued': {
      const last = S.queue[S.queue.length - 1];
      await outbox.remove(last.matchId, last.seq);
      await reloadQueue();
      return render();
    }
    case 'ruling': {
      const data = {ruling: el.dataset.ruling};
      if (el.dataset.player) data.player = el.dataset.player;
      return record('pool.ruling.made', data);
    }
    case 'unsporting':
      return record('pool.ruling.made', {ruling: 'UNSPORTSMANLIKE', player: el.dataset.player, penalty: $('#penalty').value});
    case 'concede': return record('pool.match.conceded', {player: el.dataset.player});
    case 'appeal': {
      const target = S.selected;
      S.selected = null;
      return record('pool.appeal.filed', {player: el.dataset.player, targetId: target, grounds: ''});
    }
  }
});

document.addEventListener('submit', async ev => {
  if (ev.target.id !== 'open') return;
  ev.preventDefault();
  const f = new FormData(ev.target);
  const discipline = f.get('discipline');
  const table = (f.get('tableId') || '').trim();
  const id = (f.get('matchId') || '').trim()
    || `${table || 'M'}-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${crypto.randomUUID().slice(0, 6)}`;
  const data = {discipline, players: [{id: 'p1', name: f.get('p1').trim()}, {id: 'p2', name: f.get('p2').trim()}],
    raceTo: Number(f.get('raceTo')), breakFormat: f.get('breakFormat')};
  if (table) data.tableId = table;
  if (discipline === 'BLACKBALL') data.options = {foulAward: f.get('foulAward')};
  S.matchId = id;
  localStorage.setItem('console.match', id);
  S.view = null;
  S.lease = null;
  S.answer = [];
  await reloadQueue();
  // what the opening will make the view, until the ledger answers
  S.view = null;
  await record('pool.match.opened', data);
  syncLease();
});

async function openMatchId(id) {
  S.matchId = id;
  localStorage.setItem('console.match', id);
  S.view = JSON.parse(localStorage.getItem('console.view.' + id) || 'null');
  S.lease = null;
  S.answer = [];
  await reloadQueue();
  await fetchView();
  await syncLease();
  render();
  pump();
}

async function recordLag(v, tooClose) {
  const lag = S.lag;
  const results = v.players.map(p => {
    const f = lag.faults[p.id] || {};
    return {player: p.id, footRailContacts: f.footRail ? 2 : 1, crossedLongString: !!f.crossedLongString,
      touchedSideRail: !!f.touchedSideRail, pocketedOrOffTable: !!f.pocketedOrOffTable,
      stoppedInCornerPocketPastHeadRail: !!f.stoppedInCornerPocketPastHeadRail, otherFoul: !!f.otherFoul,
      distanceFromHeadRail: tooClose || p.id === lag.winner ? 10 : 40};
  });
  const late = v.players.find(p => (lag.faults[p.id] || {}).struckLate);
  S.lag = null;
  await record('pool.lag.taken', {results, struckLate: late ? late.id : null, tooCloseToCall: !!tooClose});
}

async function recordShot(v) {
  if (S.correcting) {
    const target = S.correcting;
    // the original shot's facts with what the referee changed (break, placement and call facts stay as recorded)
    const data = {...target.event.data, ...editable(v, S.draft)};
    return record('pool.event.corrected', {targetId: target.id, replacement: {type: 'pool.shot.taken', data},
      reason: 'corrected by the referee'});
  }
  return record('pool.shot.taken', shotData(v, S.draft));
}

function draftOf(data, v) {
  const d = newDraft(v);
  Object.assign(d, {touched: true, shooter: data.shooter, pocketed: (data.pocketed || []).map(p => ({...p})), offTable: [...(data.offTable || [])],
    firstContact: data.firstContact ?? null, rail: !!data.railAfterContact, scratch: !!data.cueBallPocketed,
    cueOff: !!data.cueBallOffTable, safety: !!data.safety, pushOut: !!data.pushOut, fouls: [...(data.fouls || [])]});
  return d;
}

function sleep(ms) { return new Promise(r => setTimeout(r, ms)); }

// back online: first whether this console still scores (another may have taken over meanwhile), then the outbox
window.addEventListener('online', () => { S.net = 'online'; S.backoff = 0; render(); syncLease().finally(pump); });
window.addEventListener('offline', () => { S.net = 'offline'; render(); });
if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js', {scope: './'});
setInterval(() => {
  if (S.matchId && navigator.onLine && (!S.queue.length || S.queue[0].state === 'rejected' || readOnly())) fetchView().then(render);
}, 5000);
setInterval(() => { if (S.matchId && navigator.onLine) syncLease(); }, LEASE_POLL_MS);
home();
