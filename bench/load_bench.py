"""Load-time benchmark: time to body[data-ready] for our page next to a bare page booting the same Pyodide.

    python bench/load_bench.py [--runs 3] [--json] [--no-pydantic-baseline]

Serves the repo root on 127.0.0.1 (free port) and drives Debian's Chromium headless (Playwright, sync API).
For each page and run: cold = a new Chromium with an empty profile on disk (HTTP cache, IndexedDB,
localStorage all empty), then warm = a reload in that same browser. No request routing (it would turn the
HTTP cache off). MB columns: bytes that came over the network (0 when served from the HTTP cache).
The time is performance.now() when body[data-ready] first becomes "true", i.e. ms since navigation start.
Pages are interleaved run by run so machine noise hits them alike. Before our warm reload the bench waits until
the service worker holds the start-up snapshot (as on any visit after the first). Goals: ours <= 1.0x bare
cold and <= 0.5x bare warm. "gzip MB": the cold load's bytes compressed as a static host would serve them.
Needs `python build.py setup`, /usr/bin/chromium and `pip install playwright`.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.e2e import harness
from tests.e2e.ui import wait_snapshot_cached

GOALS = {"cold": 1.0, "warm": 0.5, "paint_ms": 200}
FILES_JS = """() => performance.getEntriesByType("resource").filter(e => e.responseEnd <= window.__e2eReadyAt)
  .map(e => e.name)"""
READY_JS = "() => window.__e2eReadyAt !== undefined"
BYTES_JS = """() => performance.getEntriesByType("resource").concat(performance.getEntriesByType("navigation"))
  .reduce((a, e) => ({transfer: a.transfer + (e.transferSize || 0), body: a.body + (e.decodedBodySize || 0),
                      n: a.n + 1}), {transfer: 0, body: 0, n: 0})"""


def measure(page, action, timeout_ms: int = 120_000) -> dict:
    t = time.perf_counter()
    action()
    page.wait_for_function(READY_JS, timeout=timeout_ms, polling=50)
    wall = time.perf_counter() - t
    ready_ms = page.evaluate("() => window.__e2eReadyAt")
    sizes = page.evaluate(BYTES_JS)
    # Optional app marks (not part of the test contract): when main.py started, and its phases.
    marks = page.evaluate("() => ({boot: window.crystalclans_boot_at ?? null,"
                          " marks: window.crystalclans_boot_marks ?? null, kind: window.crystalclans_boot_kind ?? null,"
                          " source: window.crystalclans_boot_source ?? null,"
                          " times: window.crystalclans_boot_times ?? null})")
    paint = page.evaluate("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null")
    return {"ready_s": ready_ms / 1000, "wall_s": wall, "first_paint_ms": paint, "transfer_mb": sizes["transfer"] / 1e6,
            "resources": sizes["n"], "main_py_at_s": None if marks["boot"] is None else marks["boot"] / 1000,
            "app_marks_ms": marks["marks"], "boot_times_ms": marks["times"],
            "boot_kind": marks["kind"] and marks["kind"] + (f" from {marks['source']}" if marks["source"] else ""),
            "downloads_done_s": page.evaluate("() => Math.max(0, ...performance.getEntriesByType('resource')"
                                              ".map(e => e.responseEnd).filter(t => t <= window.__e2eReadyAt)) / 1000"),
            "gzip_mb": gzip_bytes(page.evaluate(FILES_JS)) / 1e6}


def gzip_bytes(urls: list[str]) -> int:
    """What the loaded files would weigh compressed (gzip -6), as a static host serving .gz would send them."""
    import gzip
    from urllib.parse import urlparse

    total = 0
    for url in set(urls):
        path = REPO / urlparse(url).path.lstrip("/")
        if path.is_file():
            total += len(gzip.compress(path.read_bytes(), 6))
    return total


def one_run(pw, url: str, service_workers: str = "allow") -> tuple[dict, dict, dict | None]:
    """Cold load in a new browser with an empty profile on disk, then a warm reload in it, then (a page with
    a service worker) a reload offline.

    A real profile, not browser.new_context(): Playwright's contexts are incognito, whose in-memory HTTP
    cache does not keep the 9.6 MB pyodide.asm.wasm, so every "warm" reload there downloads it again.
    """
    with tempfile.TemporaryDirectory(prefix="load_bench_profile_") as profile:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=harness.CHROMIUM, headless=True,
                                                    args=harness.CHROMIUM_ARGS, service_workers=service_workers)
        try:
            ctx.add_init_script(harness.READY_PROBE)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            cold = measure(page, lambda: page.goto(url))
            wait_snapshot_cached(page)  # as on any visit after the first (no snapshot: returns at once)
            warm = measure(page, lambda: page.reload())
            offline = None
            if page.evaluate("() => !!navigator.serviceWorker?.controller"):  # ours: the service worker's copy
                ctx.set_offline(True)
                offline = measure(page, lambda: page.reload())
            return cold, warm, offline
        finally:
            ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="also print one JSON line with every figure")
    ap.add_argument("--service-workers", choices=("allow", "block"), default="allow",
                    help="block: measure without our offline cache (sw.js), as the bare page has none")
    ap.add_argument("--no-pydantic-baseline", action="store_true",
                    help="skip the extra baseline 'bare Pyodide + loadPackage(pydantic)'")
    args = ap.parse_args()

    problem = harness.missing_browser_tools() or harness.vendored_pyodide_missing()
    if problem:
        print(f"load_bench: {problem}", file=sys.stderr)
        return 2
    if not (REPO / "index.html").is_file():
        print("load_bench: index.html is missing: nothing to measure", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    server = harness.serve(REPO)
    pages = {"ours": server.base_url + "/", "bare": server.base_url + "/bench/bare_pyodide.html"}
    if not args.no_pydantic_baseline:
        pages["bare+pydantic"] = server.base_url + "/bench/bare_pyodide.html?packages=pydantic"
    results: dict[str, dict[str, list[dict]]] = {name: {"cold": [], "warm": []} for name in pages}
    try:
        with sync_playwright() as pw:
            browser = harness.launch_chromium(pw)
            print(f"load_bench: Chromium {browser.version}, {args.runs} runs per page, serving {server.base_url}, "
                  f"service workers: {args.service_workers}",
                  flush=True)
            browser.close()
            for url in pages.values():  # warm the OS file cache and the server once (not measured)
                one_run(pw, url, args.service_workers)
            for run in range(1, args.runs + 1):
                for name, url in pages.items():
                    cold, warm, offline = one_run(pw, url, args.service_workers)
                    results[name]["cold"].append(cold)
                    results[name]["warm"].append(warm)
                    if offline is not None:
                        results[name].setdefault("offline", []).append(offline)
                    print(f"  run {run} {name:14s} cold {cold['ready_s']:6.2f} s ({cold['transfer_mb']:5.1f} MB, "
                          f"{cold['gzip_mb']:4.1f} gzip)   warm {warm['ready_s']:6.2f} s ({warm['transfer_mb']:5.1f} MB)"
                          + (f"   offline {offline['ready_s']:6.2f} s" if offline else "")
                          + (f" [{cold['boot_kind']}/{warm['boot_kind']}]" if cold["boot_kind"] else ""), flush=True)
    finally:
        server.close()

    med = {name: {kind: statistics.median(r["ready_s"] for r in runs) for kind, runs in by_kind.items()}
           for name, by_kind in results.items()}
    print("\nmedian time to body[data-ready] (s since navigation start):")
    print(f"  {'page':14s} {'cold':>7s} {'warm':>7s} {'offline':>8s}")
    for name in pages:
        off = f"{med[name]['offline']:8.2f}" if "offline" in med[name] else f"{'-':>8s}"
        print(f"  {name:14s} {med[name]['cold']:7.2f} {med[name]['warm']:7.2f} {off}")
    for kind in ("cold", "warm"):
        at = [r["main_py_at_s"] for r in results["ours"][kind] if r["main_py_at_s"] is not None]
        if at:
            m = statistics.median(at)
            print(f"  ours {kind}: main.py starts at {m:.2f} s (PyScript + Pyodide), "
                  f"then {med['ours'][kind] - m:.2f} s to ready (engine import, cards, first render)")
        paint = {name: statistics.median(r["first_paint_ms"] for r in results[name][kind])
                 for name in pages if all(r["first_paint_ms"] is not None for r in results[name][kind])}
        if "ours" in paint:
            m = paint["ours"]
            print(f"  ours {kind}: first contentful paint (the frame and the loading bar) {m:.0f} ms "
                  f"({'ok' if m < GOALS['paint_ms'] else 'over'} the {GOALS['paint_ms']} ms goal; "
                  + ", ".join(f"{n} {v:.0f} ms" for n, v in paint.items() if n != "ours") + ")")
    for kind in ("cold", "warm"):  # where ours spends its time (medians): download, interpreter, PyScript, us
        rs = [r for r in results["ours"][kind] if r["boot_times_ms"] and r["main_py_at_s"] is not None]
        if rs:
            m = lambda f: statistics.median(f(r) for r in rs)  # noqa: E731
            start = m(lambda r: r["boot_times_ms"]["interpreter_start"] / 1000)
            loaded = m(lambda r: r["boot_times_ms"]["interpreter_ready"] / 1000)
            main_at = m(lambda r: r["main_py_at_s"])
            print(f"  ours {kind} ({', '.join(sorted({r['boot_kind'] for r in rs}))}): page + PyScript to the "
                  f"interpreter {start:.2f} s; downloads done {m(lambda r: r['downloads_done_s']):.2f} s; "
                  f"interpreter (wasm compile + Python start or snapshot restore) {loaded - start:.2f} s; "
                  f"PyScript after it {main_at - loaded:.2f} s; our code {med['ours'][kind] - main_at:.2f} s")
    print(f"  cold bytes over the network, gzip as a static host serves them: ours "
          f"{statistics.median(r['gzip_mb'] for r in results['ours']['cold']):.1f} MB, bare "
          f"{statistics.median(r['gzip_mb'] for r in results['bare']['cold']):.1f} MB")
    ratios = {kind: med["ours"][kind] / med["bare"][kind] for kind in ("cold", "warm")}
    if "offline" in med["ours"]:  # the bare page has no offline copy: against its (online) warm reload
        ratios["offline"] = med["ours"]["offline"] / med["bare"]["warm"]
    for kind, r in ratios.items():
        goal = GOALS["warm" if kind == "offline" else kind]
        verdict = "ok" if r <= goal else f"over the {goal}x goal"
        against = " (against the bare page's warm reload)" if kind == "offline" else ""
        print(f"  ours/bare {kind}: {r:.2f}x{against} ({verdict})")
    if args.json:
        print(json.dumps({"runs": args.runs, "median_s": med, "ratio_ours_bare": ratios, "goals": GOALS,
                          "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
