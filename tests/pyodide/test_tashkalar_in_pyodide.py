"""The Tash-Kalar engine's own tests (the whole of tests/tashkalar, so tests added there later run here too)
inside the vendored Pyodide under Node, in the one pytest run of this folder (tests/pyodide/batch.py).

py/ (the tashkalar package with its data/*.json) and tests/ are mounted into Pyodide's file system at /repo
(tests/pyodide/pyodide_node.mjs), the same way as for the Crystal Clans tests. Fails if any test fails or
errors in Pyodide, if none ran, or if a test is skipped in Pyodide but not under CPython (a silent
exclusion): whatever cannot run in Pyodide is listed in EXCLUDED (a file) or DESELECTED (a test) below with
its reason.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from ..tashkalar.test_long_games import configurations, game_setup
from .test_engine_in_pyodide import REPO, describe, say

# file in tests/tashkalar -> why it cannot run inside Pyodide
EXCLUDED = {
    "test_data.py": "compares py/tashkalar/data/*.json with the YAML in ../shared/tashkalar, a folder outside the "
                    "repository (not mounted in Pyodide) read with PyYAML (no wasm wheel pinned); the JSON files "
                    "are the same bytes in both runtimes, and every other test here plays with them",
}
# test in tests/tashkalar -> why it does not run inside Pyodide (it runs under CPython, in tests/tashkalar)
DESELECTED = {
    "test_ai.py::test_the_command_line_plays_a_tiny_tournament_and_records_its_code":
        "the command line's tournament and balance runs (records, reports, Elo) are a CPython tool that no page "
        "runs, and two greedy games of the High Form there took half of this run's time in Pyodide (228 of 449 s); "
        "the bots' play in Pyodide is test_ai.py's every bot at every kind of decision and never peeking",
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


def pyodide_pytest_args() -> tuple[str, ...]:
    """This game's part of the one pytest run in Pyodide (tests/pyodide/batch.py)."""
    return ("tests/tashkalar", *(f"--ignore=tests/tashkalar/{name}" for name in sorted(EXCLUDED)),
            *(f"--deselect=tests/tashkalar/{test}" for test in sorted(DESELECTED)))


def pyodide_games() -> tuple[str, str]:
    """This game's part of the one run of random games in Pyodide (tests/pyodide/batch.py): code, call."""
    return PLAY_GAMES, f"play_games({setups()!r})"


def setups() -> list[dict]:
    return [{**game_setup(i), "decks": list(game_setup(i)["decks"])} for i in range(4 * len(configurations()))]


def test_the_exclusions_exist():
    for name in EXCLUDED:
        assert (REPO / "tests" / "tashkalar" / name).is_file(), f"EXCLUDED names {name}, which is gone: drop it"
    for test in DESELECTED:
        name, function = test.split("::")
        text = (REPO / "tests" / "tashkalar" / name).read_text(encoding="utf-8")
        assert f"def {function}(" in text, f"DESELECTED names {test}, which is gone: drop it"


def test_tashkalar_unit_tests_in_pyodide(capsys, tmp_path):
    from .batch import part_outcomes, unit_report

    started = time.perf_counter()
    assert (REPO / "py" / "tashkalar" / "data").is_dir()
    report = unit_report()
    outcomes = part_outcomes(report, ("tests/tashkalar/",))
    bad = {k: v for k, v in outcomes.items() if v[0] == "failed"}
    assert not bad, "failed inside Pyodide:\n" + "\n\n".join(f"{k}\n{v[1]}" for k, v in bad.items()) + describe(report)
    ran = {k.split("[")[0].removeprefix("tests/tashkalar/") for k in outcomes}
    assert not ran & set(DESELECTED), f"deselected, yet run in Pyodide: {ran & set(DESELECTED)}"
    passed = sum(v[0] == "passed" for v in outcomes.values())
    assert passed > 0, describe(report)

    skipped = {k: v[1] for k, v in outcomes.items() if v[0] == "skipped"}
    if skipped:  # only a skip CPython makes too is fine; anything else is an exclusion that needs its reason
        cpython = cpython_outcomes(sorted(skipped), tmp_path)
        only_here = {k: r for k, r in skipped.items() if not skipped_in_cpython(k, cpython)}
        assert not only_here, ("skipped inside Pyodide but not under CPython (fix it, or add the file to EXCLUDED "
                               "with the reason it cannot run in Pyodide):\n"
                               + "\n".join(f"  {k}: {r}" for k, r in sorted(only_here.items())))
    say(capsys, f"tests/tashkalar in Pyodide: {passed} passed, {len(skipped)} skipped as under CPython, "
                f"{len(EXCLUDED)} file(s) excluded, {len(DESELECTED)} test(s) deselected (this test waited "
                f"{time.perf_counter() - started:.1f} s for the batch)")


def test_tashkalar_random_games_match_cpython(capsys):
    """The same seeds give the same games, action for action, in both runtimes (every mode the engine offers)."""
    from .batch import games_report

    setups_ = setups()
    report = games_report()
    assert report["ok"], "Tash-Kalar random games failed inside Pyodide\n" + describe(report)
    assert report["platform"] == "emscripten"
    namespace: dict = {}
    exec(compile(PLAY_GAMES, "<play_games>", "exec"), namespace)
    in_cpython = namespace["play_games"](setups_)
    in_pyodide = report["result"]["tashkalar"]
    assert len(in_pyodide["rows"]) == len(in_cpython["rows"]) == len(setups_)
    for py_row, wasm_row in zip(in_cpython["rows"], in_pyodide["rows"]):  # a mismatch names its setup
        assert wasm_row == py_row, "Pyodide and CPython disagree ([setup, state_hash, actions, winners])"
    actions = sum(row[2] for row in in_cpython["rows"])
    say(capsys, f"{len(setups_)} Tash-Kalar games, {actions} actions, the same in both: Pyodide "
                f"{actions / in_pyodide['seconds']:.0f} actions/s, CPython {actions / in_cpython['seconds']:.0f} "
                f"actions/s (boot {report['boot_s']:.2f} s)")
