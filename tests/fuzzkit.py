"""What the fuzzing of Tash-Kalar's and Wildlands' entry points shares (tests/tashkalar/test_fuzz.py,
tests/wildlands/test_fuzz.py): a playout that checks the invariants after every step, the bad actions an
attacker sends to apply(), a position with one key set to a hostile value, and the ways a save file gets
damaged. Crystal Clans' fuzzing (tests/fuzz) mutates whole structures and has its own tools.

Every fuzz suite counts its inputs with `tally`: per entry point, how many were accepted and how many refused
with the documented error, and the slowest refusal, printed at the end of the run (and written to
.cache/fuzz_summary.json) by `write_summary`, which the tests' root conftest calls."""
from __future__ import annotations

import copy
import json
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

from hypothesis import strategies as st

DAMAGE = ("cut", "flip", "insert", "log", "drop")  # how damaged_save spoils a save


def checked_playout(g, choose: Callable, check: Callable, steps: int = 30, complete: bool = True) -> None:
    """Play up to `steps` actions chosen by `choose(g)`, checking the invariants (`check(g, complete)`) before
    the first and after each."""
    check(g, complete)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(choose(g))
        check(g, complete)


def bad_actions(samples: list[str], notations: Callable[[], list[str]], action_type: type) -> st.SearchStrategy:
    """What apply() gets from an attacker: near-miss and random texts, the game's own notations upper-cased or
    with a word too many, and objects of every other type (action_type: the game's Action, built with junk)."""
    known = st.deferred(lambda: st.sampled_from(notations()))
    texts = st.one_of(st.sampled_from(samples), st.text(max_size=40), known, known.map(str.upper),
                      known.map(lambda t: t + " 1"))
    objects = st.one_of(st.none(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=10),
                        st.tuples(st.text(max_size=5), st.tuples(st.integers())),
                        st.builds(action_type, st.text(max_size=8),
                                  st.tuples(st.one_of(st.text(max_size=4), st.floats()))))
    return st.one_of(texts, objects)


def position_refused_or_sound(game_type: type, refusal: type, base: dict, key: str, value, drop: "str | None",
                              played: Callable) -> None:
    """A copy of position `base` without `drop` (when given) and with `key` set to `value`: from_position
    refuses it with `refusal`, or builds a game that `played(g)` plays soundly and whose save replays to its
    state."""
    pos = copy.deepcopy(base)
    if drop is not None:
        pos.pop(drop, None)
    pos[key] = value
    try:
        g = game_type.from_position(pos)
    except refusal:
        return
    played(g)
    assert game_type.from_json(g.to_json()).state_hash() == g.state_hash()


def damaged_save(text: str, mode: str, cut: int, flip: int, byte: int, notations: list[str]) -> str:
    """A save's text spoilt one way (DAMAGE): cut short, one character changed, brackets inserted, one logged
    action swapped for another notation, or one dropped."""
    if mode == "cut":
        return text[:cut % len(text)]
    if mode == "flip":
        k = flip % len(text)
        return text[:k] + chr(byte) + text[k + 1:]
    if mode == "insert":
        k = flip % len(text)
        return text[:k] + "[" * (byte % 64) + text[k:]
    doc = json.loads(text)
    if mode == "log" and doc["log"]:
        doc["log"][flip % len(doc["log"])] = notations[byte % len(notations)]
    elif doc["log"]:
        del doc["log"][flip % len(doc["log"])]
    return json.dumps(doc)


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


def write_summary(terminalreporter) -> None:
    if not TALLY:
        return
    tr = terminalreporter
    tr.section("fuzz: inputs per entry point")
    for entry, t in sorted(TALLY.items()):
        tr.write_line(f"{entry:<28} {t['accepted'] + t['refused']:>7} inputs  {t['accepted']:>6} accepted  "
                      f"{t['refused']:>6} refused  slowest refusal {t['slowest_refusal_ms']:.1f} ms")
    out = Path(__file__).resolve().parents[1] / ".cache" / "fuzz_summary.json"
    try:
        out.parent.mkdir(exist_ok=True)
        out.write_text(json.dumps(TALLY, indent=1))
    except OSError:
        pass
