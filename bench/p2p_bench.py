"""Playing a friend online, measured in headless Chromium: the time to link two pages (invitation, reply,
channel open), the invitation's size, the round trip of a message over the data channel, and an action's
latency from a click on the deciding page to the other page holding the same game.

    python bench/p2p_bench.py [--links 5] [--messages 200] [--actions 40]

Needs `python build.py setup`, /usr/bin/chromium and `pip install playwright`.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "py"))

from tests.e2e import harness  # noqa: E402
from tests.e2e.p2p import link_modules, link_pages  # noqa: E402
from tests.e2e.ui import OFFERED_JS, state_hash  # noqa: E402

RTT_JS = """async (n) => {
  const out = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    window.crystalclans_p2p.send('ping ' + i);
    while (!window.__got.includes('echo:ping ' + i)) await new Promise(r => setTimeout(r, 0));
    out.push(performance.now() - t0);
  }
  return out;
}"""


def stats(xs: list[float]) -> str:
    xs = sorted(xs)
    return (f"median {statistics.median(xs):.1f} ms, p95 {xs[min(len(xs) - 1, int(0.95 * len(xs)))]:.1f} ms, "
            f"max {xs[-1]:.1f} ms over {len(xs)}")


def fresh_pages(browser, url):
    pages = []
    for _ in range(2):
        p = browser.new_context().new_page()
        p.goto(url)
        p.wait_for_selector("body[data-ready=true]", timeout=120_000)
        pages.append(p)
    return pages


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--links", type=int, default=5)
    ap.add_argument("--messages", type=int, default=200)
    ap.add_argument("--actions", type=int, default=40)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server = harness.serve(harness.SITE_ROOT)
    try:
        with sync_playwright() as pw:
            browser = harness.launch_chromium(pw)
            url = server.base_url + "/"
            link_ms, sizes = [], []
            for _ in range(args.links):  # the JS module alone: what the players wait for after pasting
                a, b = fresh_pages(browser, url)
                t = time.perf_counter()
                inv, rep = link_modules(a, b)
                link_ms.append((time.perf_counter() - t) * 1000)
                sizes.append((len(inv), len(rep)))
                a.context.close()
                b.context.close()
            a, b = fresh_pages(browser, url)
            link_modules(a, b)
            b.evaluate("() => window.crystalclans_p2p.onmessage(m => window.crystalclans_p2p.send('echo:' + m))")
            a.evaluate("() => { window.__got = []; window.crystalclans_p2p.onmessage(m => window.__got.push(m)); }")
            rtt = a.evaluate(RTT_JS, args.messages)
            a.context.close()
            b.context.close()

            # an action through the whole app: click on the deciding page -> the other page has the same hash
            a, b = fresh_pages(browser, url)
            link_pages(a, b)
            rng = random.Random(1)
            action_ms = []
            while len(action_ms) < args.actions:
                offers = [p.evaluate(OFFERED_JS) for p in (a, b)]
                ready = [i for i, o in enumerate(offers) if o and not o.get("gameOver") and o["kind"] == "action"]
                if not ready:
                    if any(o and o.get("gameOver") for o in offers):
                        break
                    conts = [i for i, o in enumerate(offers) if o and o.get("kind") == "continue"]
                    for i in conts:
                        (a, b)[i].locator(offers[i]["selector"]).nth(offers[i]["items"][0]["index"]).click()
                    time.sleep(0.02)
                    continue
                i = ready[0]
                me, other = (a, b)[i], (a, b)[1 - i]
                before = state_hash(other)
                item = offers[i]["items"][rng.randrange(len(offers[i]["items"]))]
                t = time.perf_counter()
                me.locator(offers[i]["selector"]).nth(item["index"]).click()
                mine = state_hash(me)
                if mine == before:  # a secret pick: nothing crosses until the run is complete
                    continue
                other.wait_for_function("(h) => window.crystalclans_state_hash() === h", arg=mine, timeout=10_000)
                action_ms.append((time.perf_counter() - t) * 1000)
            browser.close()
    finally:
        server.close()
    print(f"  link two pages (invitation, reply, channel open; module level): {stats(link_ms)}")
    print(f"  invitation {sizes[0][0]} characters, reply {sizes[0][1]} (a link adds this page's address)")
    print(f"  message round trip over the data channel: {stats(rtt)}")
    print(f"  an action, click to the other page holding the same game: {stats(action_ms)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
