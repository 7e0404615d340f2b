// Offline support: caches the whole build on install and answers from that cache first.
// scripts/precache.mjs fills VERSION and FILES after each Trunk build (hashed file names).
const VERSION = 'dev';
const FILES = [];
const CACHE = `sudoku-lab-${VERSION}`;

self.addEventListener('install', (event) => {
  // No skipWaiting: a running page keeps the app and worker files of its own build.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(['./', ...FILES])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('sudoku-lab-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = request.mode === 'navigate' ? './' : request;
    const hit = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
    return hit ?? fetch(request);
  })());
});
