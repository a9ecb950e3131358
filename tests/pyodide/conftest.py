"""The Pyodide runs take minutes in Node, on one core: the one pytest run of the three games' unit tests inside
Pyodide (tests/pyodide/batch.py) and the conformance suite's run start when the first test of this folder does,
and go on beside the tests before them (the tests take their reports). Not when build.py runs this folder
beside the browser tests (CRYSTALCLANS_BESIDE): runs in Node beside the pages slow their start (three at once
held one past 60 s)."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _long_runs_ahead(request):
    from . import batch, test_conformance_in_pyodide as conformance
    from .test_engine_in_pyodide import BACKGROUND, start_in_pyodide

    names = {item.originalname for item in request.session.items}
    batch.wanted = {part for test, part in batch.UNIT_TESTS.items() if test in names}
    if os.environ.get("CRYSTALCLANS_BESIDE") != "1":
        if batch.wanted:
            start_in_pyodide(*batch.unit_args())
        if "test_conformance_suite_in_pyodide" in names:
            start_in_pyodide(*conformance.unit_test_args())
    yield
    for proc in BACKGROUND.values():  # a run no test took (deselected): not left behind
        proc.kill()
        proc.wait()
    BACKGROUND.clear()
