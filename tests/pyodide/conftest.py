"""The Pyodide runs take minutes in Node, each on one core: Tash-Kalar's and Wildlands' unit-test runs and the
conformance suite's start when the first test of this folder does, and go on beside the tests before them
(their tests take the reports: test_engine_in_pyodide.run_in_pyodide). Not when build.py runs this folder
beside the browser tests (CRYSTALCLANS_BESIDE): three runs in Node at once beside three pages held one page's
start past 60 s."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _long_runs_ahead(request):
    from . import test_conformance_in_pyodide as conformance, test_tashkalar_in_pyodide as tk
    from . import test_wildlands_in_pyodide as wl
    from .test_engine_in_pyodide import BACKGROUND, start_in_pyodide

    beside_the_browser = os.environ.get("CRYSTALCLANS_BESIDE") == "1"
    wanted = set() if beside_the_browser else {item.originalname for item in request.session.items}
    if "test_tashkalar_unit_tests_in_pyodide" in wanted:
        start_in_pyodide(*tk.unit_test_args())
    if "test_wildlands_unit_tests_in_pyodide" in wanted:
        start_in_pyodide(*wl.unit_test_args())
    if "test_conformance_suite_in_pyodide" in wanted:
        start_in_pyodide(*conformance.unit_test_args())
    yield
    for proc in BACKGROUND.values():  # a run no test took (deselected): not left behind
        proc.kill()
        proc.wait()
    BACKGROUND.clear()
