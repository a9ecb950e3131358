// PyScript's interpreter module (pyscript.toml: interpreter): the vendored Pyodide, started from a memory
// snapshot of Python with the engine and the app already imported whenever this browser holds the snapshot
// (every visit after the first: the service worker keeps it) or, on a first visit, when the connection is
// fast enough that fetching it wins; else Pyodide's normal start. A snapshot that
// does not load (another Pyodide build, a browser that refuses it, a damaged file) falls back to the normal
// start on its own. index.html calls prestart() first thing, so Pyodide boots while PyScript itself loads;
// PyScript's loadPyodide() then gets that same interpreter. window.crystalclans_boot_kind says which start
// ran ("snapshot", "normal" or "fallback"); window.crystalclans_boot_times when (ms since navigation).
import { loadPyodide as start, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
let early = null;

// A first visit also fetches the snapshot, alongside Pyodide's own files, when the connection is fast enough
// for it to win: restoring saves seconds of Python start, and the service worker's offline copy then comes
// from the HTTP cache, so no byte is fetched twice. The download is given PROBE_MS; if what is left would
// take more than MAX_MORE_MS at the rate seen, it is dropped and Pyodide starts the normal way (on a slow
// link its megabytes would cost more than they save; the next visit has it from the service worker).
const PROBE_MS = 400;
const MAX_MORE_MS = 2000;

async function networkSnapshot(want, url) {
  if (navigator.connection?.saveData) return null;
  const stop = new AbortController();
  const t0 = performance.now();
  const r = await fetch(url, { signal: stop.signal });
  if (!r.ok || !r.body) return null;
  const reader = r.body.getReader();
  const parts = [];
  let got = 0;
  let pending = null;  // a read the probe's deadline cut short: its chunk still comes
  const readUntil = async (deadline) => {  // true when the body is complete
    for (;;) {
      const wait = deadline - performance.now();
      if (wait <= 0) return false;
      pending ??= reader.read();
      const next = await (wait === Infinity ? pending
        : Promise.race([pending, new Promise((ok) => setTimeout(ok, wait, null))]));
      if (next === null) return false;
      pending = null;
      if (next.done) return true;
      parts.push(next.value);
      got += next.value.length;
    }
  };
  const complete = await readUntil(t0 + PROBE_MS);
  if (!complete) {
    const rate = got / Math.max(1, performance.now() - t0);  // bytes per ms
    if (got === 0 || (want.bytes - got) / rate > MAX_MORE_MS) {
      stop.abort();
      return null;
    }
  }
  globalThis.crystalclans_boot_expect?.(url, want.sent ?? want.bytes);  // the loading bar counts it
  const rest = complete ? Promise.resolve(true) : readUntil(Infinity);
  return {
    bytes: rest.then(() => {
      const all = new Uint8Array(got);
      let at = 0;
      for (const part of parts) { all.set(part, at); at += part.length; }
      return all;
    }),
  };
}

// {bytes: a promise of the snapshot} or null. The promise stays wrapped (an async function would wait for
// it): Pyodide awaits it itself, after its own downloads have started.
async function snapshotSource() {
  const want = globalThis.crystalclans_snapshot;  // web/vendor/boot-size.js (build.py): {url, bytes, sent} or null
  if (!want || new URLSearchParams(location.search).has("nosnapshot")) return null;
  const url = new URL(want.url, location.href).href;
  let bytes = null;
  try {
    const hit = "caches" in globalThis ? await caches.match(url) : null;
    if (hit) {
      globalThis.crystalclans_boot_source = "cache";
      bytes = hit.arrayBuffer().then((b) => new Uint8Array(b));
    } else {
      bytes = (await networkSnapshot(want, url))?.bytes ?? null;
      if (bytes) globalThis.crystalclans_boot_source = "network";
    }
  } catch (e) {
    bytes = null;
  }
  if (!bytes) return null;
  const checked = bytes.then((b) => {
    if (b.byteLength !== want.bytes) throw new Error("snapshot: not the expected size");
    return b;
  });
  checked.catch(() => {});  // a failed download is handled where the start awaits it
  return { bytes: checked };
}

// Pyodide only logs a wasm download that fails and then waits for ever (its instantiateWasm catches the
// error); the player must hear of it. Watch that one fetch while Pyodide starts.
function reportFailed(e) {
  globalThis.crystalclans_boot_failed?.((e && e.message) || String(e));  // web/js/loading.js shows it
}

function watchWasmDownload() {
  const fetch0 = globalThis.fetch;
  const wasm = INDEX_URL + "pyodide.asm.wasm";
  globalThis.fetch = function (resource, ...rest) {
    const pending = fetch0.call(this, resource, ...rest);
    if (String(resource?.url ?? resource) === wasm) {
      pending.then((r) => { if (!r.ok) reportFailed(new Error(`${r.status} ${r.statusText}`)); }, reportFailed);
    }
    return pending;
  };
  return () => { globalThis.fetch = fetch0; };
}

async function boot() {
  const unwatch = watchWasmDownload();
  try {
    return await bootPyodide();
  } catch (e) {
    reportFailed(e);
    throw e;
  } finally {
    unwatch();
  }
}

async function bootPyodide() {
  const times = globalThis.crystalclans_boot_times = { interpreter_start: performance.now() };
  const opts = { indexURL: INDEX_URL };
  const snapshot = await snapshotSource();
  let py = null;
  if (snapshot) {
    try {
      py = await start({ ...opts, _loadSnapshot: snapshot.bytes });
      globalThis.crystalclans_boot_kind = "snapshot";
    } catch (e) {
      console.info("started without the snapshot:", (e && e.message) || e);
      globalThis.crystalclans_boot_kind = "fallback";
    }
  }
  if (!py) {
    py = await start(opts);
    globalThis.crystalclans_boot_kind ??= "normal";
  }
  times.interpreter_ready = performance.now();
  return py;
}

export function prestart() {
  early ??= boot();
  return early;
}

export async function loadPyodide(options = {}) {
  const py = await prestart();
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  return py;
}
