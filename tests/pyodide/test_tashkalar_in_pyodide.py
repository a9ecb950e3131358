"""The Tash-Kalar engine's own tests (the whole of tests/tashkalar, so tests added there later run here too)
inside the vendored Pyodide under Node.

py/ (the tashkalar package with its data/*.json) and tests/ are mounted into Pyodide's file system at /repo
(tests/pyodide/pyodide_node.mjs), the same way as for the Crystal Clans tests. Fails if any test fails or
errors in Pyodide, if none ran, or if a test is skipped in Pyodide but not under CPython (a silent
exclusion): whatever cannot run in Pyodide is listed in EXCLUDED below with its reason.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from ..tashkalar.test_long_games import configurations, game_setup
from .test_engine_in_pyodide import REPO, describe, run_in_pyodide, say

# file in tests/tashkalar -> why it cannot run inside Pyodide
EXCLUDED = {
    "test_data.py": "compares py/tashkalar/data/*.json with the YAML in ../shared/tashkalar, a folder outside the "
                    "repository (not mounted in Pyodide) read with PyYAML (no wasm wheel pinned); the JSON files "
                    "are the same bytes in both runtimes, and every other test here plays with them",
}


# Runs unchanged in CPython and in Pyodide: seeded games (uniformly random legal actions) -> their end states.
PLAY_GAMES = '''
import time
import tashkalar as tk
from crystalclans.rng import Rng, seed_state

def play_games(setups):
    rows = []
    start = time.perf_counter()
    for kw in setups:
        g = tk.Game.new(**{**kw, "decks": tuple(kw["decks"])})
        rng = Rng(seed_state(kw["seed"], 3))
        while not g.is_over:
            opts = g.legal_actions()
            g.apply(opts[rng.below(len(opts))])
        rows.append([kw, g.state_hash(), len(g.log), list(g.winners)])
    return {"rows": rows, "seconds": time.perf_counter() - start}
'''


def cpython_outcomes(nodeids: list[str], tmp_path) -> dict[str, list]:
    """The outcome of each node id under CPython (tests/pyodide/outcomes.py), in the ordinary (not long) mode."""
    out = tmp_path / "cpython-outcomes.json"
    env = {k: v for k, v in os.environ.items() if k != "CRYSTALCLANS_LONG"}
    env["CRYSTALCLANS_OUTCOMES"] = str(out)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "py"), env.get("PYTHONPATH")]))
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.pyodide.outcomes",
                    *nodeids], cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    return json.loads(out.read_text()) if out.is_file() else {}


def skipped_in_cpython(nodeid: str, cpython: dict[str, list]) -> bool:
    """nodeid is a test, or a module skipped as a whole at collection (then every test of it counts)."""
    if nodeid in cpython:
        return cpython[nodeid][0] == "skipped"
    inside = [v for k, v in cpython.items() if k.startswith(nodeid + "::")]
    return bool(inside) and all(v[0] == "skipped" for v in inside)


def unit_test_args() -> tuple[str, ...]:
    return ("--pytest", "tests/tashkalar", "-q", "-rs", *(f"--ignore=tests/tashkalar/{name}" for name in sorted(EXCLUDED)))


def test_the_exclusions_exist():
    for name in EXCLUDED:
        assert (REPO / "tests" / "tashkalar" / name).is_file(), f"EXCLUDED names {name}, which is gone: drop it"


def test_tashkalar_unit_tests_in_pyodide(capsys, tmp_path):
    started = time.perf_counter()
    assert (REPO / "py" / "tashkalar" / "data").is_dir()
    report = run_in_pyodide(*unit_test_args())
    assert report["platform"] == "emscripten", describe(report)
    assert report["exit_code"] != 5, "pytest inside Pyodide collected no tests in tests/tashkalar"
    outcomes = (report.get("result") or {}).get("outcomes", {})
    bad = {k: v for k, v in outcomes.items() if v[0] == "failed"}
    assert not bad, "failed inside Pyodide:\n" + "\n\n".join(f"{k}\n{v[1]}" for k, v in bad.items()) + describe(report)
    assert report["ok"] and report["exit_code"] == 0, (
        f"pytest inside Pyodide exited with {report.get('exit_code')}\n" + describe(report))
    passed = sum(v[0] == "passed" for v in outcomes.values())
    assert passed > 0, describe(report)

    skipped = {k: v[1] for k, v in outcomes.items() if v[0] == "skipped"}
    if skipped:  # only a skip CPython makes too is fine; anything else is an exclusion that needs its reason
        cpython = cpython_outcomes(sorted(skipped), tmp_path)
        only_here = {k: r for k, r in skipped.items() if not skipped_in_cpython(k, cpython)}
        assert not only_here, ("skipped inside Pyodide but not under CPython (fix it, or add the file to EXCLUDED "
                               "with the reason it cannot run in Pyodide):\n"
                               + "\n".join(f"  {k}: {r}" for k, r in sorted(only_here.items())))
    summary = (report["stdout"].strip().splitlines() or ["?"])[-1]
    say(capsys, f"tests/tashkalar in Pyodide: {passed} passed, {len(skipped)} skipped as under CPython, "
                f"{len(EXCLUDED)} file(s) excluded ({summary.strip('= ')}; boot {report['boot_s']:.2f} s, "
                f"wall {time.perf_counter() - started:.1f} s)")


def test_tashkalar_random_games_match_cpython(capsys):
    """The same seeds give the same games, action for action, in both runtimes (every mode the engine offers)."""
    setups = [{**game_setup(i), "decks": list(game_setup(i)["decks"])} for i in range(4 * len(configurations()))]
    report = run_in_pyodide("--packages", "", "--code", PLAY_GAMES + f"\nplay_games({setups!r})")
    assert report["ok"], "Tash-Kalar random games failed inside Pyodide\n" + describe(report)
    assert report["platform"] == "emscripten"
    namespace: dict = {}
    exec(compile(PLAY_GAMES, "<play_games>", "exec"), namespace)
    in_cpython = namespace["play_games"](setups)
    in_pyodide = report["result"]
    assert len(in_pyodide["rows"]) == len(in_cpython["rows"]) == len(setups)
    for py_row, wasm_row in zip(in_cpython["rows"], in_pyodide["rows"]):  # a mismatch names its setup
        assert wasm_row == py_row, "Pyodide and CPython disagree ([setup, state_hash, actions, winners])"
    actions = sum(row[2] for row in in_cpython["rows"])
    say(capsys, f"{len(setups)} Tash-Kalar games, {actions} actions, the same in both: Pyodide "
                f"{actions / in_pyodide['seconds']:.0f} actions/s, CPython {actions / in_cpython['seconds']:.0f} "
                f"actions/s (boot {report['boot_s']:.2f} s)")
