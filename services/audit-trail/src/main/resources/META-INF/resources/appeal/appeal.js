// The appeal page's step control: fetches /matches/{id}/view?atSeq=N and shows it (text only: textContent).
// Players by name; the balls on the table drawn as the timeline draws them (Black Ball: red, yellow, the black).
(function () {
  const body = document.body, id = body.dataset.matchId, last = +body.dataset.lastSeq;
  const step = document.getElementById('step'), err = document.getElementById('view-error');
  if (!last) { document.getElementById('view-panel').hidden = true; return; }
  const text = v => v === null || v === undefined ? '–' : (typeof v === 'object' ? JSON.stringify(v) : String(v));
  const set = (f, v) => document.querySelectorAll('[data-field="' + f + '"]').forEach(e => { e.textContent = text(v); });
  function ball(discipline, n) {
    const i = document.createElement('i');
    i.dataset.ball = String(n);
    if (discipline === 'BLACKBALL') {
      const colour = n === 8 ? 'black' : n <= 7 ? 'red' : 'yellow';
      i.className = 'ball ' + colour; i.title = colour + ' (' + n + ')';
    } else {
      i.className = 'ball' + (n >= 1 && n <= 15 ? ' b' + n : ''); i.title = 'ball ' + n; i.textContent = String(n);
    }
    return i;
  }
  let seq = +step.value, token = 0;
  async function show(n) {
    n = Math.max(1, Math.min(last, n)); seq = n; step.value = n; const my = ++token;
    try {
      const r = await fetch('/matches/' + encodeURIComponent(id) + '/view?atSeq=' + n, {headers: {Accept: 'application/json'}});
      if (my !== token) return;
      if (!r.ok) { err.textContent = 'view at ' + n + ': HTTP ' + r.status; return; }
      const v = await r.json(); err.textContent = '';
      const names = {}; (v.players || []).forEach(p => { names[p.id] = p.name || p.id; });
      const who = p => p === null || p === undefined ? p : (names[p] || p);
      ['lastSeq', 'status', 'rack', 'cueBall'].forEach(f => set(f, v[f]));
      ['atTable', 'breaker', 'winner'].forEach(f => set(f, who(v[f])));
      set('pendingOption', v.pendingOption ? who(v.pendingOption.player) + ': ' + (v.pendingOption.options || []).join(' / ') : null);
      const balls = document.querySelector('[data-field="ballsOnTable"]'); balls.textContent = '';
      (v.ballsOnTable || []).forEach(b => balls.appendChild(ball(v.discipline, +b)));
      balls.dataset.count = String((v.ballsOnTable || []).length);
      const tb = document.querySelector('#players tbody'); tb.textContent = '';
      (v.players || []).forEach(p => {
        const tr = document.createElement('tr'); tr.dataset.player = p.id;
        [['name', p.name + ' (' + p.id + ')'], ['score', p.score], ['consecutiveFouls', p.consecutiveFouls], ['group', p.group]]
          .forEach(([f, val]) => { const td = document.createElement('td'); td.dataset.field = f; td.dataset.player = p.id;
            td.textContent = val === null || val === undefined ? '–' : String(val); tr.appendChild(td); });
        tb.appendChild(tr); });
      document.querySelectorAll('#timeline .current').forEach(e => e.classList.remove('current'));
      const row = document.querySelector('#timeline [data-seq="' + n + '"]');
      if (row) row.classList.add('current');
      body.dataset.shownSeq = String(v.lastSeq);
    } catch (e) { if (my === token) err.textContent = 'view at ' + n + ': ' + e; }
  }
  step.addEventListener('input', () => show(+step.value));
  document.getElementById('prev').addEventListener('click', () => show(seq - 1));
  document.getElementById('next').addEventListener('click', () => show(seq + 1));
  document.querySelectorAll('[data-goto]').forEach(b => b.addEventListener('click', () => show(+b.dataset.goto)));
  show(seq);
})();
