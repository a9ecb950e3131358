"""Engine benchmark (CPython): random-game throughput, clone(), legal_actions() and apply() times, the
search's iterations per second and each bot level's thinking time per decision.

    python bench/engine_bench.py [--seconds 5] [--json]

Targets (benchmarks, not tests): >= 50,000 actions/s, clone() < 20 us.
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from crystalclans.ai.bench import decision_times, iterations_per_second  # noqa: E402
from crystalclans.simulate import micro_bench, throughput  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    tp = throughput(args.seconds)
    mb = micro_bench()
    ai = iterations_per_second(args.seconds)
    levels = decision_times(count=16)
    result = {"python": platform.python_version(), "implementation": platform.python_implementation(),
              **tp, **mb, **ai, "decision_ms": levels}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"CPython {result['python']}: {tp['games']} random games in {tp['seconds']} s")
    print(f"  actions/s        {tp['actions_per_s']:>10,}   (target >= 50,000)")
    print(f"  games/s          {tp['games_per_s']:>10}")
    print(f"  clone()          {mb['clone_us']:>10} us (target < 20 us; mean over {mb['states']} mid-game states)")
    print(f"  legal_actions()  {mb['legal_actions_us']:>10} us")
    print(f"  apply()          {mb['apply_us']:>10} us (incl. computing the next decision)")
    print(f"  search           {ai['search_iterations_per_s']:>10,} iterations/s (a redeal, every option and its best reply scored)")
    for level, t in levels.items():
        print(f"  {level:<7} bot      median {t['median_ms']:>6} ms  p95 {t['p95_ms']:>6} ms  max {t['max_ms']:>6} ms "
              f"per decision ({t['n']} positions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
