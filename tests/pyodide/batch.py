"""The Pyodide runs shared by this folder's tests: each start of Node + Pyodide + pytest costs some 7 s of CPU
(3 s without pytest), so the three games' unit-test runs are ONE pytest inside Pyodide, and the three games'
seeded random games are ONE run of code there. Each test takes its own part of the report: the outcomes of
its own test files, its own game rows.

Which parts the pytest run holds follows the tests this session runs (tests/pyodide/conftest.py sets
`wanted`): a run of one file's test does not play the other games' tests in Pyodide."""
from __future__ import annotations

from .test_engine_in_pyodide import describe, run_in_pyodide

# test name -> the part of the batch it reads
UNIT_TESTS = {"test_engine_unit_tests_in_pyodide": "crystalclans",
              "test_tashkalar_unit_tests_in_pyodide": "tashkalar",
              "test_wildlands_unit_tests_in_pyodide": "wildlands"}
# a guard against a hang: the whole batch took 6-9 minutes beside the browser tests on two busy cores
TIMEOUT = 2400

wanted: set[str] = set()  # parts this session's tests read (empty: all)
_reports: dict[str, dict] = {}


def _parts():
    from . import test_engine_in_pyodide as cc, test_tashkalar_in_pyodide as tk, test_wildlands_in_pyodide as wl

    return {"crystalclans": cc, "tashkalar": tk, "wildlands": wl}


def unit_args() -> tuple[str, ...]:
    """One pytest run inside Pyodide over every wanted part's test files (a module broken at collection fails
    its part and lets the others run)."""
    parts = _parts()
    names = [n for n in parts if not wanted or n in wanted]
    return ("--pytest", "-q", "-rs", "--continue-on-collection-errors",
            *(a for n in names for a in parts[n].pyodide_pytest_args()))


def unit_report() -> dict:
    """The report of the pytest run (run now, or taken from the run tests/pyodide/conftest.py started ahead)."""
    if "unit" not in _reports:
        _reports["unit"] = run_in_pyodide(*unit_args(), timeout=TIMEOUT)
    return _reports["unit"]


def part_outcomes(report: dict, prefixes: tuple[str, ...]) -> dict[str, list]:
    """A part's outcomes: {nodeid: [outcome, reason]} of the tests (and broken modules) under its folders.
    Fails if the run itself went wrong (Python not in Pyodide, a crash, pytest stopped for another reason
    than failed tests): then no part can be read."""
    assert report.get("platform") == "emscripten", describe(report)
    assert report.get("error") is None, describe(report)
    outcomes = (report.get("result") or {}).get("outcomes", {})
    code = report.get("exit_code")
    failed_somewhere = any(v[0] == "failed" for v in outcomes.values())
    assert code == 0 or (code == 1 and failed_somewhere), (
        f"pytest inside Pyodide exited with {code}\n" + describe(report))
    return {k: v for k, v in outcomes.items() if k.startswith(prefixes)}


def games_report() -> dict:
    """One run of code inside Pyodide playing every game's seeded random games: {"result": {part: rows}}."""
    if "games" not in _reports:
        parts = _parts()
        source = ["_rows = {}"]
        for name, module in parts.items():
            code, call = module.pyodide_games()
            source.append(f"_ns = {{}}\nexec(compile({code!r}, {f'<{name}>'!r}, 'exec'), _ns)\n"
                          f"_rows[{name!r}] = eval({call!r}, _ns)")
        source.append("_rows")
        _reports["games"] = run_in_pyodide("--code", "\n".join(source), timeout=TIMEOUT)
    return _reports["games"]
