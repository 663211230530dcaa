// The outbox and the record of what this device sent, in IndexedDB: an event is stored here, with its final id and
// seq, before it is sent, so that a reload, a closed tab or a lost network loses nothing.
const DB = 'match-ledger-console';
let db;

function open() {
  if (db) return Promise.resolve(db);
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      const d = req.result;
      // key: [matchId, seq]; value {matchId, seq, id, event, state: 'queued'|'rejected', reason}
      d.createObjectStore('outbox', {keyPath: ['matchId', 'seq']});
      // key: [matchId, seq]; value {matchId, seq, id, event, rulings}
      d.createObjectStore('sent', {keyPath: ['matchId', 'seq']});
    };
    req.onsuccess = () => { db = req.result; resolve(db); };
    req.onerror = () => reject(req.error);
  });
}

function tx(store, mode, work) {
  return open().then(d => new Promise((resolve, reject) => {
    const t = d.transaction(store, mode);
    const s = t.objectStore(store);
    let result;
    Promise.resolve(work(s, r => { result = r; })).catch(reject);
    t.oncomplete = () => resolve(result);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  }));
}

function all(store, matchId) {
  return tx(store, 'readonly', (s, done) => {
    const req = s.getAll(IDBKeyRange.bound([matchId, 0], [matchId, Number.MAX_SAFE_INTEGER]));
    req.onsuccess = () => done(req.result);
  });
}

export const outbox = {
  list: matchId => all('outbox', matchId),
  put: item => tx('outbox', 'readwrite', s => { s.put(item); }),
  remove: (matchId, seq) => tx('outbox', 'readwrite', s => { s.delete([matchId, seq]); }),
  /** Moves an acknowledged event from the outbox to the record of sent events, in one transaction. */
  acknowledge: (item, rulings) => open().then(d => new Promise((resolve, reject) => {
    const t = d.transaction(['outbox', 'sent'], 'readwrite');
    t.objectStore('outbox').delete([item.matchId, item.seq]);
    t.objectStore('sent').put({matchId: item.matchId, seq: item.seq, id: item.id, event: item.event, rulings});
    t.oncomplete = () => resolve();
    t.onerror = () => reject(t.error);
  })),
};

export const sent = {
  list: matchId => all('sent', matchId),
};
