"""Tash-Kalar engine benchmark, CPython and Pyodide under Node side by side (run by `python build.py bench`).

    python bench/tashkalar_bench.py [--rounds 5] [--seconds 1.0] [--json]

Each round runs tashkalar.bench.bench_round() once in this CPython process and once in the vendored Pyodide
(bench/tashkalar_pyodide.mjs, booted once), alternately, so both runtimes see the same load of this shared,
noisy machine; the table shows each figure's median over the rounds (and its range). Both runtimes play and
time the same seeded games and positions. Figures: random games' actions/s with full legality (two players: a
uniform and a summon-loving player, the issue's goal is >= 30,000 in CPython; the Melee and Team games of
tashkalar.bench.MODES with the uniform player), apply(), clone(), legal_actions() and the
action choice computed from scratch, also on crowded boards (>= 30 of the 69 squares taken).
"""
from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from tashkalar import bench  # noqa: E402

GOAL = 30_000
ROWS = [  # key, label, unit, better ("hi" or "lo")
    ("uniform_actions_per_s", "random games, uniform player", "actions/s", "hi"),
    ("summoning_actions_per_s", "random games, summoning player", "actions/s", "hi"),
    *((f"{m}_uniform_actions_per_s", f"random games, {m}, uniform", "actions/s", "hi") for m in bench.MODES),
    ("apply_us", "apply() (with the next decision)", "us", "lo"),
    ("clone_us", "clone()", "us", "lo"),
    ("legal_actions_us", "legal_actions()", "us", "lo"),
    ("action_choice_us", "action choice from scratch", "us", "lo"),
    ("crowded_legal_actions_us", "legal_actions(), crowded board", "us", "lo"),
    ("crowded_from_scratch_us", "  the same from scratch", "us", "lo"),
]


class PyodideSide:
    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node not found: the Pyodide side needs Node 20")
        t0 = time.perf_counter()
        self.proc = subprocess.Popen([node, str(ROOT / "bench" / "tashkalar_pyodide.mjs")], cwd=ROOT, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.info = self._read()
        self.info["ready_s"] = round(time.perf_counter() - t0, 3)

    def _read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the Pyodide side stopped (exit {self.proc.wait()})")
        msg = json.loads(line)
        if "error" in msg:
            raise RuntimeError("the Pyodide side failed:\n" + msg["error"])
        return msg

    def round(self, seconds: float) -> dict:
        self.proc.stdin.write(json.dumps({"seconds": seconds}) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def summary(rounds: list[dict]) -> dict:
    return {k: {"median": statistics.median(r[k] for r in rounds), "min": min(r[k] for r in rounds),
                "max": max(r[k] for r in rounds)} for k in rounds[0] if isinstance(rounds[0][k], (int, float))}


def fmt(v: float, unit: str) -> str:
    return f"{round(v):,}" if unit == "actions/s" else f"{v:.1f}" if v >= 10 else f"{v:.2f}"


def main(argv: "list[str] | None" = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0, help="each player's throughput window per round")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    bench.sample_states(), bench.crowded_states()  # the positions, built once per runtime (not timed)
    cpython_setup_s = time.perf_counter() - t0
    try:
        pyodide = PyodideSide()
    except RuntimeError as e:
        print(f"tashkalar bench: {e}", file=sys.stderr)
        return 1
    cp_rounds, py_rounds = [], []
    try:
        for _ in range(args.rounds):
            cp_rounds.append(bench.bench_round(args.seconds))
            py_rounds.append(pyodide.round(args.seconds))
    except RuntimeError as e:
        print(f"tashkalar bench: {e}", file=sys.stderr)
        return 1
    finally:
        pyodide.close()
    cp, py = summary(cp_rounds), summary(py_rounds)
    result = {"cpython": {"python": platform.python_version(), "setup_s": round(cpython_setup_s, 3), **cp},
              "pyodide": {**pyodide.info, **py}, "rounds": args.rounds, "seconds": args.seconds,
              "crowded_pieces": cp_rounds[0]["crowded_pieces"], "crowded_options": cp_rounds[0]["crowded_options"]}
    if args.json:
        print(json.dumps(result))
        return 0
    info = pyodide.info
    print(f"Tash-Kalar engine, medians of {args.rounds} alternating rounds ({args.seconds} s per player and round); "
          f"CPython {platform.python_version()} vs {info['runtime']} (Python {info['python']}, boot "
          f"{info['boot_s']:.2f} s, engine import {info['import_s']:.2f} s)")
    print(f"  {'':<38}{'CPython':>12}{'Pyodide':>12}  {'Pyodide/CPython':>15}   ranges (CPython; Pyodide)")
    for key, name, unit, better in ROWS:
        c, p = cp[key], py[key]
        ratio = p["median"] / c["median"] if c["median"] else float("nan")
        print(f"  {name:<38}{fmt(c['median'], unit):>12}{fmt(p['median'], unit):>12}  {ratio:>14.2f}x   "
              f"{fmt(c['min'], unit)}-{fmt(c['max'], unit)}; {fmt(p['min'], unit)}-{fmt(p['max'], unit)} {unit}")
    best = max(cp["uniform_actions_per_s"]["median"], cp["summoning_actions_per_s"]["median"])
    print(f"  goal >= {GOAL:,} actions/s in CPython: {'met' if best >= GOAL else 'NOT met'} on this run "
          f"(crowded boards: {result['crowded_pieces']} pieces, {result['crowded_options']} legal actions on "
          "average; times are means over the same positions in both runtimes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
