// Service worker template: `python build.py setup` writes it to ./sw.js (the site root, so that its scope
// covers the page) with VERSION and PRECACHE filled in. It makes the game work offline after one visit:
// - the vendored runtime (web/vendor/pyodide, web/vendor/pyscript) is left to the browser while online
//   and served from the cache offline: those files only change when build.py's pins change, and then
//   VERSION changes, the browser installs this worker anew and the old cache is dropped;
// - everything else of ours (the page, config, Python bundle, styles) is network-first with the cache as
//   the fallback, so an update shows on the next load and offline still works.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = "crystalclans-" + VERSION;
const CACHE_FIRST = /\/web\/vendor\/(pyodide|pyscript)\//;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("crystalclans-") && k !== CACHE)
                                      .map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (err) {
    const hit = (await cache.match(request, { ignoreSearch: true }))
      || (request.mode === "navigate" ? await cache.match("./") : undefined);
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (CACHE_FIRST.test(url.pathname)) {
    // Online, the browser's own HTTP cache serves the runtime faster than we can: it keeps the compiled
    // WebAssembly too (measured: warm loads 1.39x of a bare Pyodide page when served from here, 1.29x not).
    if (self.navigator.onLine) return;
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});
