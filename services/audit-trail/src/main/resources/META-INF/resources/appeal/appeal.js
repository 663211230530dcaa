// The appeal page's step control: fetches /matches/{id}/view-panel?atSeq=N, the view after N rendered on the server
// (players by name, the balls drawn as the timeline draws them, every value escaped), and swaps it in.
(function () {
  const body = document.body, id = body.dataset.matchId, last = +body.dataset.lastSeq;
  const step = document.getElementById('step'), err = document.getElementById('view-error');
  if (!last) { document.getElementById('view-panel').hidden = true; return; }
  let seq = +step.value, token = 0;
  async function show(n) {
    n = Math.max(1, Math.min(last, n)); seq = n; step.value = n; const my = ++token;
    try {
      const r = await fetch('/matches/' + encodeURIComponent(id) + '/view-panel?atSeq=' + n, {headers: {Accept: 'text/html'}});
      if (my !== token) return;
      if (!r.ok) { err.textContent = 'view at ' + n + ': HTTP ' + r.status; return; }
      const t = document.createElement('template'); t.innerHTML = await r.text();
      if (my !== token) return;
      const state = t.content.getElementById('view-state');
      if (!state) { err.textContent = 'view at ' + n + ': no panel'; return; }
      err.textContent = '';
      document.getElementById('view-state').replaceWith(state);
      document.querySelectorAll('[data-field="lastSeq"]').forEach(e => { e.textContent = state.dataset.seq; });
      document.querySelectorAll('#timeline .current').forEach(e => e.classList.remove('current'));
      const row = document.querySelector('#timeline [data-seq="' + n + '"]');
      if (row) row.classList.add('current');
      body.dataset.shownSeq = state.dataset.seq;
    } catch (e) { if (my === token) err.textContent = 'view at ' + n + ': ' + e; }
  }
  step.addEventListener('input', () => show(+step.value));
  document.getElementById('prev').addEventListener('click', () => show(seq - 1));
  document.getElementById('next').addEventListener('click', () => show(seq + 1));
  document.querySelectorAll('[data-goto]').forEach(b => b.addEventListener('click', () => show(+b.dataset.goto)));
  show(seq);
})();
