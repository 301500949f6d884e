// Adjutant's service worker: keeps the page's files so that after one visit it starts and
// plays with no network. scripts/build-web.sh fills in the build's hash and its files; a new
// build is a new cache, and the old one is removed once the new one is ready.
const CACHE = "adjutant-@BUILD@";
const FILES = @FILES@;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith("adjutant-") && k !== CACHE).map((k) => caches.delete(k))
      ))
      .then(() => self.clients.claim())
  );
});

// The page's own files from the cache first (they change only with a new build, which is a
// new cache); anything else from the network.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(event.request))
  );
});
