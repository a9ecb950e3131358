// The computer player's Web Worker (a module worker: Pyodide 314 does not support importScripts).
// It boots its own Pyodide with the engine bundle, then answers {id, request} with {id, reply}
// where reply is app.bot_service.handle(request) (JSON text). The page's main thread never runs the search.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const t0 = performance.now();
const ready = (async () => {
  const py = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
  const res = await fetch(new URL("../vendor/crystalclans-py.zip", import.meta.url));
  if (!res.ok) throw new Error("could not load the engine bundle (" + res.status + ")");
  py.unpackArchive(await res.arrayBuffer(), "zip", { extractDir: "/home/pyodide/bot" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/bot')");
  const handle = py.pyimport("app.bot_service").handle;
  handle(JSON.stringify({ warmup: true })); // imports the engine and the bot before the first real request
  return handle;
})();

ready.then(
  () => self.postMessage({ ready: true, ms: performance.now() - t0 }),
  (e) => self.postMessage({ failed: String(e && e.message || e) }),
);

self.onmessage = async (event) => {
  const { id, request } = event.data || {};
  try {
    const handle = await ready;
    self.postMessage({ id, reply: handle(String(request)) });
  } catch (e) {
    self.postMessage({ id, reply: JSON.stringify({ error: String(e && e.message || e) }) });
  }
};
