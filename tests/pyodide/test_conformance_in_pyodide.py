"""The conformance suite (tests/conformance: the engine contract, for every registered game) inside the
vendored Pyodide under Node, as the engines' own tests run there (tests/pyodide/test_engine_in_pyodide.py,
test_tashkalar_in_pyodide.py): the checks it took over from the per-game tests ran in Pyodide before.

Fails if any test fails or errors in Pyodide, if none ran, or if a test is skipped in Pyodide but not under
CPython (an expected failure of a known gap counts as skipped in both): whatever cannot run in Pyodide is
listed in EXCLUDED below with its reason.
"""
from __future__ import annotations

import time

from .test_engine_in_pyodide import REPO, describe, run_in_pyodide, say
from .test_tashkalar_in_pyodide import cpython_outcomes, skipped_in_cpython

# file in tests/conformance -> why it cannot run inside Pyodide
EXCLUDED = {
    "test_hash_seeds.py": "starts fresh interpreters with other PYTHONHASHSEEDs (no subprocess in Pyodide); the "
                          "engines' games are compared hash for hash with CPython's by the random games of "
                          "test_engine_in_pyodide.py and its siblings",
}


def unit_test_args() -> tuple[str, ...]:
    return ("--pytest", "tests/conformance", "-q", "-rs",
            *(f"--ignore=tests/conformance/{name}" for name in sorted(EXCLUDED)))


def test_the_exclusions_exist():
    for name in EXCLUDED:
        assert (REPO / "tests" / "conformance" / name).is_file(), f"EXCLUDED names {name}, which is gone: drop it"


def test_conformance_suite_in_pyodide(capsys, tmp_path):
    started = time.perf_counter()
    report = run_in_pyodide(*unit_test_args())
    assert report["platform"] == "emscripten", describe(report)
    assert report["exit_code"] != 5, "pytest inside Pyodide collected no tests in tests/conformance"
    outcomes = (report.get("result") or {}).get("outcomes", {})
    bad = {k: v for k, v in outcomes.items() if v[0] == "failed"}
    assert not bad, "failed inside Pyodide:\n" + "\n\n".join(f"{k}\n{v[1]}" for k, v in bad.items()) + describe(report)
    assert report["ok"] and report["exit_code"] == 0, (
        f"pytest inside Pyodide exited with {report.get('exit_code')}\n" + describe(report))
    passed = sum(v[0] == "passed" for v in outcomes.values())
    assert passed > 0, describe(report)
    skipped = {k: v[1] for k, v in outcomes.items() if v[0] == "skipped"}
    if skipped:  # only a skip (or a known gap's expected failure) CPython makes too is fine
        cpython = cpython_outcomes(sorted(skipped), tmp_path)
        only_here = {k: r for k, r in skipped.items() if not skipped_in_cpython(k, cpython)}
        assert not only_here, ("skipped inside Pyodide but not under CPython (fix it, or add the file to EXCLUDED "
                               "with the reason it cannot run in Pyodide):\n"
                               + "\n".join(f"  {k}: {r}" for k, r in sorted(only_here.items())))
    summary = (report["stdout"].strip().splitlines() or ["?"])[-1]
    say(capsys, f"tests/conformance in Pyodide: {passed} passed, {len(skipped)} skipped or expected to fail as "
                f"under CPython, {len(EXCLUDED)} file(s) excluded ({summary.strip('= ')}; boot "
                f"{report['boot_s']:.2f} s, wall {time.perf_counter() - started:.1f} s)")
