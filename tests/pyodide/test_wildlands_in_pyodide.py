"""The Wildlands engine's rule tests (tests/wildlands/test_rules.py: W1-W63, every card action and defence) inside
the vendored Pyodide under Node (in the one pytest run of this folder, tests/pyodide/batch.py), as
tests/pyodide/test_tashkalar_in_pyodide.py runs Tash-Kalar's; and seeded random games (2-4 players, both boards)
that must end the same, hash for hash, in both runtimes.

Only the rule tests: the whole of tests/wildlands (random games, fuzzing, bench, bots) took 164 s in Pyodide,
far above the ~30 s this run may add to CI; the random games here cover the engine's play in both runtimes.

Fails if any test fails or errors in Pyodide, if none ran, or if a test is skipped in Pyodide but not under
CPython (a silent exclusion): whatever cannot run in Pyodide is listed in EXCLUDED below with its reason.
"""
from __future__ import annotations

import time

from .test_engine_in_pyodide import REPO, describe, say
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


def pyodide_pytest_args() -> tuple[str, ...]:
    """This game's part of the one pytest run in Pyodide (tests/pyodide/batch.py)."""
    return tuple(f"tests/wildlands/{name}" for name in RUN)


def pyodide_games() -> tuple[str, str]:
    """This game's part of the one run of random games in Pyodide (tests/pyodide/batch.py): code, call."""
    return PLAY_GAMES, f"play_games({SETUPS!r})"


def test_the_exclusions_exist():
    for name in (*EXCLUDED, *RUN):
        assert (REPO / "tests" / "wildlands" / name).is_file(), f"EXCLUDED names {name}, which is gone: drop it"


def test_wildlands_unit_tests_in_pyodide(capsys, tmp_path):
    from .batch import part_outcomes, unit_report

    started = time.perf_counter()
    assert (REPO / "py" / "wildlands" / "data").is_dir()
    report = unit_report()
    outcomes = part_outcomes(report, ("tests/wildlands/",))
    bad = {k: v for k, v in outcomes.items() if v[0] == "failed"}
    assert not bad, "failed inside Pyodide:\n" + "\n\n".join(f"{k}\n{v[1]}" for k, v in bad.items()) + describe(report)
    passed = sum(v[0] == "passed" for v in outcomes.values())
    assert passed > 0, describe(report)
    skipped = {k: v[1] for k, v in outcomes.items() if v[0] == "skipped"}
    if skipped:  # only a skip CPython makes too is fine; anything else is an exclusion that needs its reason
        cpython = cpython_outcomes(sorted(skipped), tmp_path)
        only_here = {k: r for k, r in skipped.items() if not skipped_in_cpython(k, cpython)}
        assert not only_here, ("skipped inside Pyodide but not under CPython (fix it, or add the file to EXCLUDED "
                               "with the reason it cannot run in Pyodide):\n"
                               + "\n".join(f"  {k}: {r}" for k, r in sorted(only_here.items())))
    say(capsys, f"{', '.join(RUN)} in Pyodide: {passed} passed, {len(skipped)} skipped as under CPython (this "
                f"test waited {time.perf_counter() - started:.1f} s for the batch)")


def test_wildlands_random_games_match_cpython(capsys):
    """The same seeds give the same games, action for action, in both runtimes (2-4 players, both boards)."""
    from .batch import games_report

    report = games_report()
    assert report["ok"], "Wildlands random games failed inside Pyodide\n" + describe(report)
    assert report["platform"] == "emscripten"
    namespace: dict = {}
    exec(compile(PLAY_GAMES, "<play_games>", "exec"), namespace)
    in_cpython = namespace["play_games"](SETUPS)
    in_pyodide = report["result"]["wildlands"]
    assert len(in_pyodide["rows"]) == len(in_cpython["rows"]) == len(SETUPS)
    for py_row, wasm_row in zip(in_cpython["rows"], in_pyodide["rows"]):  # a mismatch names its setup
        assert wasm_row == py_row, "Pyodide and CPython disagree ([setup, state_hash, actions, winners])"
    actions = sum(row[2] for row in in_cpython["rows"])
    say(capsys, f"{len(SETUPS)} Wildlands games, {actions} actions, the same in both: Pyodide "
                f"{actions / in_pyodide['seconds']:.0f} actions/s, CPython {actions / in_cpython['seconds']:.0f} "
                f"actions/s (boot {report['boot_s']:.2f} s)")
