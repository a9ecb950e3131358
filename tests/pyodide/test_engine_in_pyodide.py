"""The engine inside real Pyodide (the vendored one the browser loads), driven through Node.

Needs `python build.py setup` (which `python build.py test` runs first) and Node 20. Missing pieces make
these tests FAIL, not skip: CI must never go green without having run the engine in Pyodide.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RUNNER = REPO / "tests" / "pyodide" / "run_pyodide.mjs"
VENDORED = REPO / "web" / "vendor" / "pyodide"

# Every clan plays; each pairing plays the same 20 seeds.
PAIRINGS = [("blood", "skull"), ("flower", "meteor"), ("stone", "water")]
SEEDS = list(range(1, 21))

# Runs unchanged in CPython and in Pyodide, so both sides compute the rows the same way.
PLAY_GAMES = '''
import time
from crystalclans.simulate import random_game

def play_games(pairings, seeds):
    rows = []
    start = time.perf_counter()
    for clans in pairings:
        for seed in seeds:
            game = random_game(tuple(clans), seed)
            rows.append([list(clans), seed, game.state_hash(), len(game.log), game.winner])
    return {"rows": rows, "seconds": time.perf_counter() - start}
'''


# runs started ahead (tests/pyodide/conftest.py): the long unit-test runs go on in Node while other tests run
BACKGROUND: dict[tuple[str, ...], subprocess.Popen] = {}


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found on PATH: the Pyodide tests need Node 20 (apt-get install nodejs)")
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        if not (VENDORED / name).is_file():
            pytest.fail(f"{(VENDORED / name).relative_to(REPO)} is missing: run `python build.py setup` "
                        "(`python build.py test` does it for you)")
    return node


def start_in_pyodide(*args: str) -> None:
    """Start run_pyodide.mjs with args now, in the background; run_in_pyodide with the same args takes its
    report (the machine's second core works on it while the tests before it run)."""
    if args not in BACKGROUND:
        BACKGROUND[args] = subprocess.Popen([_node(), str(RUNNER), *args], cwd=REPO, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, text=True)


def run_in_pyodide(*args: str, timeout: float = 900) -> dict:
    """Run tests/pyodide/run_pyodide.mjs with args (or take the run started ahead); return its JSON report.
    The timeout guards against a hang: beside the browser tests (build.py BESIDE) a run takes 2-3 times as long."""
    node = _node()
    try:
        if args in BACKGROUND:
            ahead = BACKGROUND.pop(args)
            out, err = ahead.communicate(timeout=timeout)
            proc = subprocess.CompletedProcess(ahead.args, ahead.returncode, out, err)
        else:
            proc = subprocess.run([node, str(RUNNER), *args], cwd=REPO, capture_output=True, text=True,
                                  timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"Pyodide run timed out after {timeout} s: {' '.join(args)[:200]}")
    lines = proc.stdout.strip().splitlines()
    try:
        report = json.loads(lines[-1])
    except (IndexError, ValueError):
        pytest.fail(f"run_pyodide.mjs printed no JSON report (exit {proc.returncode})\n"
                    f"stdout:\n{proc.stdout[-3000:]}\nstderr:\n{proc.stderr[-3000:]}")
    return report


def describe(report: dict) -> str:
    return (f"error: {report.get('error')}\n--- Python stdout in Pyodide ---\n{report.get('stdout', '')[-6000:]}"
            f"\n--- Python stderr in Pyodide ---\n{report.get('stderr', '')[-3000:]}")


def say(capsys, text: str) -> None:
    """Timing lines go to the terminal even when pytest captures output."""
    with capsys.disabled():
        print(f"\n[pyodide] {text}", flush=True)


def test_vendored_lock_matches_shipped_wheels():
    """Each lock entry is a wheel we ship, with its real sha256 (browsers enforce it by SRI; Node does not)."""
    lock_file = VENDORED / "pyodide-lock.json"
    if not lock_file.is_file():
        pytest.fail(f"{lock_file.relative_to(REPO)} is missing: run `python build.py setup`")
    packages = json.loads(lock_file.read_text())["packages"]
    assert {"pydantic", "pydantic-core", "micropip"} <= set(packages)
    for key, entry in packages.items():
        wheel = VENDORED / entry["file_name"]
        assert wheel.is_file(), f"lock entry {key} names {entry['file_name']}, which is not vendored"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], f"sha256 of {wheel.name}"
        assert set(entry["depends"]) <= set(packages), f"{key} depends on something not in the lock"


def pyodide_games() -> tuple[str, str]:
    """This game's part of the one run of random games in Pyodide (tests/pyodide/batch.py): code, call."""
    return PLAY_GAMES, f"play_games({PAIRINGS!r}, {SEEDS!r})"


def test_random_games_match_cpython(capsys):
    from .batch import games_report

    report = games_report()
    assert report["ok"], "random games failed inside Pyodide\n" + describe(report)
    assert report["platform"] == "emscripten"
    in_pyodide = report["result"]["crystalclans"]

    namespace: dict = {}
    exec(compile(PLAY_GAMES, "<play_games>", "exec"), namespace)
    in_cpython = namespace["play_games"](PAIRINGS, SEEDS)

    n = len(in_cpython["rows"])
    assert n == len(PAIRINGS) * len(SEEDS)
    # Compare game by game, so a mismatch names its clans and seed.
    for py_row, wasm_row in zip(in_cpython["rows"], in_pyodide["rows"]):
        assert wasm_row == py_row, "Pyodide and CPython disagree ([clans, seed, state_hash, actions, winner])"
    assert len(in_pyodide["rows"]) == n

    actions = sum(row[3] for row in in_cpython["rows"])
    assert actions > 0
    say(capsys, f"boot {report['boot_s']:.2f} s + pydantic {report['packages_s']:.2f} s; "
                f"{n} random games, {actions} actions: "
                f"Pyodide {n / in_pyodide['seconds']:.1f} games/s ({actions / in_pyodide['seconds']:.0f} actions/s), "
                f"CPython {n / in_cpython['seconds']:.1f} games/s ({actions / in_cpython['seconds']:.0f} actions/s)")


def app_tests() -> list[str]:
    """The files of tests/unit that test the browser app's Python: they import app, or (at the top) a test module
    of the folder that does (test_shared_screen_secrets drives the table of test_seats)."""
    files = {p.name: p.read_text(encoding="utf-8") for p in (REPO / "tests" / "unit").glob("*.py")}
    app = {n for n, text in files.items() if re.search(r"^(from|import) app\b", text, re.M)}
    while True:
        more = {n for n, text in files.items() if n not in app
                and any(f"{m}.py" in app for m in re.findall(r"^from \.(\w+) import", text, re.M))}
        if not more:
            return sorted(n for n in app if n.startswith("test_"))
        app |= more


def pyodide_pytest_args() -> tuple[str, ...]:
    """This game's part of the one pytest run in Pyodide (tests/pyodide/batch.py): the engine's tests. The
    browser app's pure-Python parts (app_tests) and the bots run under CPython here and, in Pyodide, in the
    browser tests (tests/e2e) that drive the real page and its worker."""
    ignored = [*app_tests(), "test_ai.py"]  # the bots' searches are pure compute; in Pyodide they play in tests/e2e's worker
    return ("tests/unit", "tests/rules", *(f"--ignore=tests/unit/{name}" for name in ignored))


def test_app_tests_are_found_through_the_modules_they_import():
    found = app_tests()
    assert {"test_seats.py", "test_app_render.py", "test_shared_screen_secrets.py"} <= set(found)
    assert not {"test_api.py", "test_hidden_info.py", "test_rules.py", "test_ai.py"} & set(found)


def test_engine_unit_tests_in_pyodide(capsys):
    from .batch import part_outcomes, unit_report

    started = time.perf_counter()
    report = unit_report()
    outcomes = part_outcomes(report, ("tests/unit/", "tests/rules/"))
    bad = {k: v for k, v in outcomes.items() if v[0] == "failed"}
    assert not bad, "failed inside Pyodide:\n" + "\n\n".join(f"{k}\n{v[1]}" for k, v in bad.items()) + describe(report)
    passed = sum(v[0] == "passed" for v in outcomes.values())
    assert passed > 0, "pytest inside Pyodide ran no test of tests/unit, tests/rules\n" + describe(report)
    skipped = sum(v[0] == "skipped" for v in outcomes.values())
    say(capsys, f"tests/unit + tests/rules in Pyodide: {passed} passed, {skipped} skipped "
                f"(the batch: boot {report['boot_s']:.2f} s, run {report.get('run_s', 0):.1f} s; "
                f"this test waited {time.perf_counter() - started:.1f} s)")
