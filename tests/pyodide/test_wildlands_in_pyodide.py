"""The Wildlands engine's rule tests (tests/wildlands/test_rules.py: W1-W63, every card action and defence) inside
the vendored Pyodide under Node, as tests/pyodide/test_tashkalar_in_pyodide.py runs Tash-Kalar's; and seeded
random games (2-4 players, both boards) that must end the same, hash for hash, in both runtimes.

Only the rule tests: the whole of tests/wildlands (random games, fuzzing, bench, bots) took 164 s in Pyodide,
far above the ~30 s this run may add to CI; the random games here cover the engine's play in both runtimes.

Fails if any test fails or errors in Pyodide, if none ran, or if a test is skipped in Pyodide but not under
CPython (a silent exclusion): whatever cannot run in Pyodide is listed in EXCLUDED below with its reason.
"""
from __future__ import annotations

import time

from .test_engine_in_pyodide import REPO, describe, run_in_pyodide, say
from .test_tashkalar_in_pyodide import cpython_outcomes, skipped_in_cpython

RUN = ("test_rules.py",)  # files of tests/wildlands run inside Pyodide (see above)
# file in tests/wildlands -> why it cannot run inside Pyodide (beyond the time limit)
EXCLUDED = {
    "test_data.py": "compares py/wildlands/data/*.json with ../shared/wildlands, a folder outside the repository "
                    "(not mounted in Pyodide); the JSON files are the same bytes in both runtimes, and every other "
                    "test here plays with them",
}

# Runs unchanged in CPython and in Pyodide: seeded games (uniformly random legal actions) -> their end states.
PLAY_GAMES = '''
import time
import wildlands as wl
from crystalclans.rng import Rng, seed_state

def play_games(setups):
    rows = []
    start = time.perf_counter()
    for kw in setups:
        g = wl.new_game(board=kw["board"], factions=tuple(kw["factions"]), seed=kw["seed"])
        rng = Rng(seed_state(kw["seed"], 3))
        while not g.is_over:
            opts = g.legal_actions()
            g.apply(opts[rng.below(len(opts))])
        rows.append([kw, g.state_hash(), len(g.log), list(g.winners)])
    return {"rows": rows, "seconds": time.perf_counter() - start}
'''
SETUPS = [{"board": "dungeon", "factions": ["guild", "gnomads"], "seed": 1},
          {"board": "ruins", "factions": ["lawbringers", "pit_fighters", "guild"], "seed": 2},
          {"board": "dungeon", "factions": ["gnomads", "lawbringers", "pit_fighters", "guild"], "seed": 3},
          {"board": "ruins", "factions": ["pit_fighters", "gnomads"], "seed": 4}]


def unit_test_args() -> tuple[str, ...]:
    return ("--pytest", *(f"tests/wildlands/{name}" for name in RUN), "-q", "-rs")


def test_the_exclusions_exist():
    for name in (*EXCLUDED, *RUN):
        assert (REPO / "tests" / "wildlands" / name).is_file(), f"EXCLUDED names {name}, which is gone: drop it"


def test_wildlands_unit_tests_in_pyodide(capsys, tmp_path):
    started = time.perf_counter()
    assert (REPO / "py" / "wildlands" / "data").is_dir()
    report = run_in_pyodide(*unit_test_args())
    assert report["platform"] == "emscripten", describe(report)
    assert report["exit_code"] != 5, "pytest inside Pyodide collected no tests in tests/wildlands/test_rules.py"
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
    say(capsys, f"{', '.join(RUN)} in Pyodide: {passed} passed, {len(skipped)} skipped as under CPython ({summary.strip('= ')}; boot {report['boot_s']:.2f} s, "
                f"wall {time.perf_counter() - started:.1f} s)")


def test_wildlands_random_games_match_cpython(capsys):
    """The same seeds give the same games, action for action, in both runtimes (2-4 players, both boards)."""
    report = run_in_pyodide("--packages", "", "--code", PLAY_GAMES + f"\nplay_games({SETUPS!r})")
    assert report["ok"], "Wildlands random games failed inside Pyodide\n" + describe(report)
    assert report["platform"] == "emscripten"
    namespace: dict = {}
    exec(compile(PLAY_GAMES, "<play_games>", "exec"), namespace)
    in_cpython = namespace["play_games"](SETUPS)
    in_pyodide = report["result"]
    assert len(in_pyodide["rows"]) == len(in_cpython["rows"]) == len(SETUPS)
    for py_row, wasm_row in zip(in_cpython["rows"], in_pyodide["rows"]):  # a mismatch names its setup
        assert wasm_row == py_row, "Pyodide and CPython disagree ([setup, state_hash, actions, winners])"
    actions = sum(row[2] for row in in_cpython["rows"])
    say(capsys, f"{len(SETUPS)} Wildlands games, {actions} actions, the same in both: Pyodide "
                f"{actions / in_pyodide['seconds']:.0f} actions/s, CPython {actions / in_cpython['seconds']:.0f} "
                f"actions/s (boot {report['boot_s']:.2f} s)")
