// The console's service worker: the app itself is kept in a cache so that the console loads with no network.
// Only the console's own files are served from here; posts to the ledger and the scoreboard's views always go to
// the network (the outbox in IndexedDB, not this cache, keeps what waits to be sent).
const CACHE = 'console-v1';
const SHELL = ['./', 'index.html', 'app.js', 'facts.js', 'store.js', 'labels.js', 'console.css', 'manifest.webmanifest', 'icon.svg'];

self.addEventListener('install', e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(SHELL)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', e => {
  e.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener('fetch', e => {
  const url = new URL(e.request.url);
  const scope = new URL(self.registration.scope);
  if (e.request.method !== 'GET' || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)
      || url.pathname.startsWith(scope.pathname + 'api/')) {
    return; // not the app: the browser goes to the network itself
  }
  // the cached copy at once (the console loads with no network); a fresh copy is fetched for the next load
  e.respondWith(caches.open(CACHE).then(c => c.match(e.request, {ignoreSearch: true}).then(hit => {
    const fresh = fetch(e.request).then(r => {
      if (r.ok) c.put(e.request, r.clone());
      return r;
    });
    if (hit) {
      e.waitUntil(fresh.catch(() => undefined));
      return hit;
    }
    return fresh.catch(() => c.match('index.html'));
  })));
});
