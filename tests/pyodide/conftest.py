"""The Pyodide runs take minutes in Node, on one core: the one pytest run of the three games' unit tests inside
Pyodide (tests/pyodide/batch.py) starts when the first test of this folder does, and goes on beside the tests
before it (the unit-test tests take its report). Not when build.py runs this folder beside the browser tests
(CRYSTALCLANS_BESIDE): runs in Node beside the pages slow their start (three at once held one past 60 s)."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _long_runs_ahead(request):
    from . import batch
    from .test_engine_in_pyodide import BACKGROUND, start_in_pyodide

    names = {item.originalname for item in request.session.items}
    batch.wanted = {part for test, part in batch.UNIT_TESTS.items() if test in names}
    if batch.wanted and os.environ.get("CRYSTALCLANS_BESIDE") != "1":
        start_in_pyodide(*batch.unit_args())
    yield
    for proc in BACKGROUND.values():  # a run no test took (deselected): not left behind
        proc.kill()
        proc.wait()
    BACKGROUND.clear()
