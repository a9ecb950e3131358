"""Link time through one loopback Nostr relay: ours (web/js/relay.js + p2p.js, the app's invitation link) against
trystero's Nostr strategy (npm trystero, bundled here for this bench only), interleaved in one run so both meet
the same machine load (issue 30: "compare trystero ... by bytes, link time and what each needs").

    python bench/trystero_link.py [--runs 20]

Needs `python build.py setup`, Debian's Chromium, Playwright, the relay extra (`pip install -e '.[relay]'`) and
npm (the first run installs trystero and esbuild into .cache/trystero-bench and bundles bench/trystero/entry.mjs
into bench/trystero/build/). Ours: from the guest's Join until both pages are linked, each guest page freshly
opened (tests/e2e/test_p2p_relay.py's helpers). Trystero: from the second page's joinRoom until it has a peer
that answered one message, both pages freshly opened, no STUN or TURN on either side.
"""
from __future__ import annotations

import argparse
import gzip
import os
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "py"), str(REPO / "tools")]

import relays  # noqa: E402
from tests.e2e import harness  # noqa: E402
from tests.e2e.test_p2p_relay import invite, join_by_link, page_at  # noqa: E402
from tests.e2e.ui import wait_ready  # noqa: E402

TRYSTERO = "0.25.4"
ESBUILD = "0.25.12"
HERE = REPO / "bench" / "trystero"
BUNDLE = HERE / "build" / "trystero.js"
NPM_DIR = REPO / ".cache" / "trystero-bench"
NO_PUBLIC_HELP = 'localStorage.setItem("crystalclans.public_help", JSON.stringify({relays: false, stun: false}));'


def build() -> None:
    if BUNDLE.is_file():
        return
    NPM_DIR.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "install", "--prefix", str(NPM_DIR), "--no-audit", "--no-fund",
                    f"trystero@{TRYSTERO}", f"esbuild@{ESBUILD}"], check=True)
    BUNDLE.parent.mkdir(exist_ok=True)
    env = dict(os.environ, NODE_PATH=str(NPM_DIR / "node_modules"))
    subprocess.run([str(NPM_DIR / "node_modules" / ".bin" / "esbuild"), str(HERE / "entry.mjs"), "--bundle",
                    "--minify", "--format=esm", f"--outfile={BUNDLE}", f"--resolve-extensions=.mjs,.js"],
                   check=True, env=env, cwd=str(NPM_DIR))


def ours(browser, app_url: str, relay: str, settled: bool = False) -> float:
    """The host's page invites through the relay; a freshly opened guest page joins. By default as a player
    does it: from the Join press until both pages are linked. `settled`: at the level trystero is measured,
    the guest's page, ready and then left 2 s to settle, calls p2p.js's join() (no press, no Python), until
    both pages' channels are open."""
    hctx, gctx = browser.new_context(), browser.new_context()
    for c in (hctx, gctx):
        c.add_init_script(NO_PUBLIC_HELP)
    try:
        host = page_at(hctx, f"{app_url}?relay={relay}")
        invitation = invite(host, relay)
        if not settled:
            return join_by_link(page_at(gctx, app_url), invitation, host)
        guest = page_at(gctx, f"{app_url}?relay={relay}")
        time.sleep(2)
        t = time.perf_counter()
        guest.evaluate("(c) => { window.crystalclans_p2p.join(c, []); }", invitation.split("#", 1)[1])
        for p in (guest, host):
            p.wait_for_function("() => window.crystalclans_p2p.state() === 'open'", timeout=30_000)
        return time.perf_counter() - t
    finally:
        hctx.close()
        gctx.close()


def theirs(browser, base: str, relay: str) -> float:
    ctxs = [browser.new_context(), browser.new_context()]
    try:
        a, b = (c.new_page() for c in ctxs)
        for p in (a, b):
            p.goto(base + "/bench/trystero/index.html")
            p.wait_for_function("() => typeof window.trysteroLink === 'function'", timeout=20_000)
        room = secrets.token_hex(8)
        url = relay.split("+", 1)[1]
        a.evaluate("([u, r]) => { window.firstLink = window.trysteroLink(u, r); }", [url, room])
        time.sleep(0.5)  # the first page is in the room, as a host's page would be
        ms = b.evaluate("([u, r]) => window.trysteroLink(u, r)", [url, room])
        states = b.evaluate("() => Object.values(window.trysteroRoom.getPeers()).map(pc => pc.connectionState)")
        assert states == ["connected"], f"not one WebRTC peer connection: {states}"
        return ms / 1000
    finally:
        for c in ctxs:
            c.close()


def summary(xs: list[float]) -> str:
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]
    return (f"median {statistics.median(xs):.2f} s, p90 {p90:.2f} s, min {xs[0]:.2f} s, max {xs[-1]:.2f} s "
            f"({len(xs)} links)")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    if not relays.available("nostr"):
        print("no nostr relay installed: pip install -e '.[relay]'")
        return 2
    build()
    from playwright.sync_api import sync_playwright

    server = harness.serve(harness.SITE_ROOT)
    times: dict[str, list[float]] = {"ours": [], "ours, settled page": [], "trystero": []}
    failed = {name: 0 for name in times}
    load = []
    try:
        with relays.running("nostr") as relay, sync_playwright() as pw:
            browser = harness.launch_chromium(pw)
            for i in range(args.runs):
                for name, run in (("ours", lambda: ours(browser, server.base_url + "/", relay)),
                                  ("ours, settled page", lambda: ours(browser, server.base_url + "/", relay, settled=True)),
                                  ("trystero", lambda: theirs(browser, server.base_url, relay)))[::1 if i % 2 == 0 else -1]:
                    try:
                        times[name].append(run())
                    except Exception as e:  # a link that did not come about is counted, not timed
                        failed[name] += 1
                        print(f"  {name}: run {i + 1} failed: {str(e)[:160]}")
                load.append(os.getloadavg()[0])
            browser.close()
    finally:
        server.close()
    size = len(BUNDLE.read_bytes())
    print(f"trystero {TRYSTERO} Nostr strategy bundle: {size / 1024:.1f} KB, {len(gzip.compress(BUNDLE.read_bytes(), 9)) / 1024:.1f} KB gzip")
    for name, xs in times.items():
        print(f"{name:18s}: {summary(xs) if xs else 'no link'}; {failed[name]} failed")
    print(f"load average during the runs: {min(load):.1f}-{max(load):.1f} (1 min)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
