// The appeal page's step control: fetches /matches/{id}/view?atSeq=N and shows it (text only: textContent).
(function () {
  const body = document.body, id = body.dataset.matchId, last = +body.dataset.lastSeq;
  const step = document.getElementById('step'), err = document.getElementById('view-error');
  if (!last) { document.getElementById('view-panel').hidden = true; return; }
  const set = (f, v) => document.querySelectorAll('[data-field="' + f + '"]').forEach(e => {
    e.textContent = v === null || v === undefined ? '–' : (typeof v === 'object' ? JSON.stringify(v) : String(v)); });
  let seq = +step.value, token = 0;
  async function show(n) {
    n = Math.max(1, Math.min(last, n)); seq = n; step.value = n; const my = ++token;
    try {
      const r = await fetch('/matches/' + encodeURIComponent(id) + '/view?atSeq=' + n, {headers: {Accept: 'application/json'}});
      if (my !== token) return;
      if (!r.ok) { err.textContent = 'view at ' + n + ': HTTP ' + r.status; return; }
      const v = await r.json(); err.textContent = '';
      ['lastSeq','status','rack','atTable','breaker','cueBall','ballsOnTable','pendingOption','winner'].forEach(f => set(f, v[f]));
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
