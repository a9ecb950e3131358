// PyScript's interpreter module (pyscript.toml: interpreter): the vendored Pyodide, started from a memory
// snapshot of Python with the engine and the app already imported whenever this browser holds the snapshot
// (every visit after the first: the service worker keeps it), else Pyodide's normal start. A snapshot that
// does not load (another Pyodide build, a browser that refuses it, a damaged file) falls back to the normal
// start on its own. index.html calls prestart() first thing, so Pyodide boots while PyScript itself loads;
// PyScript's loadPyodide() then gets that same interpreter. window.crystalclans_boot_kind says which start
// ran ("snapshot", "normal" or "fallback"); window.crystalclans_boot_times when (ms since navigation).
import { loadPyodide as start, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
let early = null;

async function cachedSnapshot() {
  const want = globalThis.crystalclans_snapshot;  // web/vendor/boot-size.js (build.py): {url, bytes} or null
  if (!want || !("caches" in globalThis) || new URLSearchParams(location.search).has("nosnapshot")) return null;
  const hit = await caches.match(new URL(want.url, location.href).href);  // a first visit never downloads it here
  if (!hit) return null;
  const bytes = new Uint8Array(await hit.arrayBuffer());
  return bytes.length === want.bytes ? bytes : null;
}

async function boot() {
  const times = globalThis.crystalclans_boot_times = { interpreter_start: performance.now() };
  const opts = { indexURL: INDEX_URL };
  let snapshot = null;
  try { snapshot = await cachedSnapshot(); } catch (e) { snapshot = null; }
  let py = null;
  if (snapshot) {
    try {
      py = await start({ ...opts, _loadSnapshot: snapshot });
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
