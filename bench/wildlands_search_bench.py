"""The Wildlands bots' thinking time per decision, CPython and Pyodide under Node (issue 29's browser budget:
the hard level's median well under 1.5 s, never over 3 s in Pyodide).

    python bench/wildlands_search_bench.py [--count 40] [--bots greedy,search] [--limit 2.0] [--json]

Both runtimes time the same positions (wildlands.bench.search_positions: action choices from seeded greedy
self-play) with the same bots and seeds, the search with the app's time limit (--limit, app.bot_service.THINK_LIMIT
by default; 0: none); CPython first, then Pyodide
(bench/wildlands_pyodide.mjs). Needs `python build.py setup` (the vendored Pyodide) and node.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from app.bot_service import THINK_LIMIT  # noqa: E402
from wildlands.bench import decision_times  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--bots", default="greedy,search")
    ap.add_argument("--limit", type=float, default=THINK_LIMIT)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    names = tuple(args.bots.split(","))
    limit = args.limit or None
    out = {"cpython": decision_times(names, args.count, limit)}
    run = subprocess.run(["node", str(ROOT / "bench" / "wildlands_pyodide.mjs"), "--count", str(args.count),
                          "--bots", args.bots, "--limit", str(limit)], cwd=ROOT, capture_output=True, text=True)
    if run.returncode:
        print(run.stderr, file=sys.stderr)
        return 1
    py = json.loads(run.stdout.strip().splitlines()[-1])
    out["pyodide"] = py["decision_ms"]
    out["pyodide_runtime"] = py["runtime"]
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{args.count} positions, the search's limit {limit} s; Pyodide: {py['runtime']}")
    for name in names:
        for rt in ("cpython", "pyodide"):
            t = out[rt][name]
            print(f"  {name:<7} {rt:<8} median {t['median_ms']} ms, p95 {t['p95_ms']} ms, max {t['max_ms']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
