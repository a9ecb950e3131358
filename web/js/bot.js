// The page's handle on the computer player's worker: window.crystalclans_bot = {start, choose, status}.
// start() boots the worker in the background (after the page is ready); choose(request) returns a
// Promise of the worker's JSON reply. status() is "idle", "starting", "ready" or "failed: <why>".
let worker = null;
let status = "idle";
let nextId = 1;
const pending = new Map();

function fail(why) {
  status = "failed: " + why;
  for (const resolve of pending.values()) resolve(JSON.stringify({ error: why }));
  pending.clear();
}

function start() {
  if (worker || status.startsWith("failed")) return status;
  if (typeof Worker === "undefined") { fail("this browser cannot run Web Workers"); return status; }
  try {
    worker = new Worker(new URL("./bot_worker.js", import.meta.url), { type: "module" });
  } catch (e) {
    fail("the computer player could not start (" + (e && e.message || e) + ")");
    return status;
  }
  status = "starting";
  worker.onmessage = (event) => {
    const d = event.data || {};
    if (d.ready) { status = "ready"; window.crystalclans_bot_boot_ms = d.ms; return; }
    if (d.failed) { fail(d.failed); return; }
    const resolve = pending.get(d.id);
    if (resolve) { pending.delete(d.id); resolve(d.reply); }
  };
  worker.onerror = (e) => { e.preventDefault && e.preventDefault(); fail(e.message || "the worker stopped"); };
  return status;
}

function choose(request) {
  start();
  if (status.startsWith("failed")) return Promise.resolve(JSON.stringify({ error: status.slice(8) }));
  return new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    worker.postMessage({ id, request: String(request) });
  });
}

window.crystalclans_bot = { start, choose, status: () => status };
