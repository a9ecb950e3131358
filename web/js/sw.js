// Service worker template: `python build.py setup` writes it to ./sw.js (the site root, so that its scope
// covers the page) with VERSION and PRECACHE filled in. It makes the game work offline after one visit:
// - the vendored runtime (web/vendor/pyodide, web/vendor/pyscript) is left to the browser while the
//   network answers and served from the cache when it does not: those files only change when build.py's
//   pins change, and then VERSION changes, the browser installs this worker anew and the old cache is
//   dropped;
// - everything else of ours (the page, config, Python bundle, styles) is network-first with the cache as
//   the fallback, so an update shows on the next load and offline still works.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = "crystalclans-" + VERSION;
const CACHE_FIRST = /\/web\/vendor\/(pyodide|pyscript)\//;

// Whether the network failed us since the page was last loaded from it. navigator.onLine alone cannot say:
// it stays true on a Wi-Fi without internet or when the host is down, and it can lag behind a change (a
// reload right after going offline saw it still true, and Pyodide's wasm went to the network and failed).
// Every page load starts with a network-first request for the page itself, which sets it afresh; any
// later failure sets it too. Only a page load clears it: the other files may come from the HTTP cache,
// which says nothing about the network.
let networkFailed = false;

// A new version waits while an older one serves open pages (a page keeps the version it started with); the
// page's update banner (web/js/shell.js) asks it to take over when the player chooses to reload. A first
// install has nothing to wait for and activates at once.
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)));
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "take-over") self.skipWaiting();
});

// A turn notification shown through this worker (browsers that refuse `new Notification` in a page, as
// Chrome on Android does): a tap brings the game's page forward.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then((pages) => (pages.length ? pages[0].focus() : self.clients.openWindow("./"))));
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
    if (request.mode === "navigate") networkFailed = false;
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (err) {
    networkFailed = true;
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
    if (self.navigator.onLine && !networkFailed) return;
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});
