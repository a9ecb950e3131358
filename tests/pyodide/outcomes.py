"""A pytest plugin that records every test's outcome by node id (and a skip's or failure's reason), so a run
inside Pyodide and a run under CPython can be compared test by test.

Inside Pyodide, tests/pyodide/run_pyodide.mjs passes an `Outcomes()` to pytest.main and returns its dict.
Under CPython: `python -m pytest -p tests.pyodide.outcomes ...` with CRYSTALCLANS_OUTCOMES=<file> writes the
dict to that file as JSON. A module skipped (or broken) at collection appears under its own node id (the
file's path)."""
from __future__ import annotations

import json
import os


class Outcomes:
    def __init__(self) -> None:
        self.outcomes: dict[str, list] = {}  # nodeid -> [outcome, reason or None]

    def _note(self, report) -> None:
        if report.when != "call" and report.outcome == "passed":
            return  # a passed setup or teardown says nothing yet
        reason = None
        if report.skipped and isinstance(report.longrepr, tuple):
            reason = str(report.longrepr[2])
        elif report.failed:
            reason = str(report.longrepr)[-2000:]
        if self.outcomes.get(report.nodeid, ["passed"])[0] == "passed":  # the first bad news stays
            self.outcomes[report.nodeid] = [report.outcome, reason]

    def pytest_runtest_logreport(self, report) -> None:
        self._note(report)

    def pytest_collectreport(self, report) -> None:
        if report.outcome != "passed":
            self._note(report)


_recorder = Outcomes()


def pytest_configure(config) -> None:
    if os.environ.get("CRYSTALCLANS_OUTCOMES"):
        config.pluginmanager.register(_recorder, "crystalclans-outcomes")


def pytest_unconfigure(config) -> None:
    target = os.environ.get("CRYSTALCLANS_OUTCOMES")
    if target:
        with open(target, "w", encoding="utf-8") as fh:
            json.dump(_recorder.outcomes, fh)
