"""The fuzz suite's tally: per entry point, how many inputs were accepted, refused with the documented
error, and the slowest refusal; printed at the end of the run (and written to .cache/fuzz_summary.json)."""
from __future__ import annotations

import json
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

TALLY: dict[str, dict] = defaultdict(lambda: {"accepted": 0, "refused": 0, "slowest_refusal_ms": 0.0,
                                              "slowest_input": ""})


@contextmanager
def tally(entry: str, expected: type[BaseException] | tuple, shown: str = ""):
    """Count one input to `entry`: accepted (no exception) or refused (`expected`); any other exception
    propagates and fails the test (an escape)."""
    t = TALLY[entry]
    t0 = time.perf_counter()
    try:
        yield
    except expected:
        ms = (time.perf_counter() - t0) * 1000
        t["refused"] += 1
        if ms > t["slowest_refusal_ms"]:
            t["slowest_refusal_ms"], t["slowest_input"] = round(ms, 2), shown[:80]
        raise Refused from None
    t["accepted"] += 1


class Refused(Exception):
    """Raised by `tally` after a documented refusal, so the caller skips its checks of an accepted input."""


def pytest_terminal_summary(terminalreporter):
    if not TALLY:
        return
    tr = terminalreporter
    tr.section("fuzz: inputs per entry point")
    for entry, t in sorted(TALLY.items()):
        tr.write_line(f"{entry:<28} {t['accepted'] + t['refused']:>7} inputs  {t['accepted']:>6} accepted  "
                      f"{t['refused']:>6} refused  slowest refusal {t['slowest_refusal_ms']:.1f} ms")
    out = Path(__file__).resolve().parents[2] / ".cache" / "fuzz_summary.json"
    try:
        out.parent.mkdir(exist_ok=True)
        out.write_text(json.dumps(TALLY, indent=1))
    except OSError:
        pass
