"""The computer's thinking time in the browser: the page's own Web Worker (web/js/bot.js) answers the same
positions as `crystalclans.ai.bench.decision_times`, for each level; median, p95 and max per decision.

    python bench/bot_browser_bench.py [--count 16] [--json]

Needs `python build.py setup`, /usr/bin/chromium and `pip install playwright`. Targets (issue 10): easy
< 100 ms, normal <= 300 ms, hard <= 1.5 s median, never over 3 s.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "py"))

from app.bot_service import request  # noqa: E402
from crystalclans.ai.bench import positions, summary  # noqa: E402
from tests.e2e import harness  # noqa: E402

TARGETS = {"easy": 100, "normal": 300, "hard": 1500}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=16)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    games = positions(args.count)
    server = harness.serve(harness.SITE_ROOT)
    out = {}
    try:
        with sync_playwright() as pw:
            browser = harness.launch_chromium(pw)
            page = browser.new_page()
            page.goto(server.base_url + "/")
            page.wait_for_selector("body[data-ready=true]", timeout=120_000)
            page.evaluate("() => window.crystalclans_bot.start()")
            page.wait_for_function("() => window.crystalclans_bot.status() !== 'starting'", timeout=120_000)
            for level in TARGETS:
                ms = []
                for g in games:
                    reply = page.evaluate("(r) => window.crystalclans_bot.choose(r)",
                                          request(g, g.decision.player, level))
                    ms.append(float(json.loads(reply)["ms"]))
                out[level] = summary(ms)
            browser.close()
    finally:
        server.close()
    if args.json:
        print(json.dumps(out))
        return 0
    for level, t in out.items():
        ok = "ok" if t["median_ms"] <= TARGETS[level] and t["max_ms"] < 3000 else "OVER TARGET"
        print(f"  {level:<7} bot in the browser's worker: median {t['median_ms']} ms, p95 {t['p95_ms']} ms, "
              f"max {t['max_ms']} ms over {t['n']} positions (target median <= {TARGETS[level]} ms): {ok}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
