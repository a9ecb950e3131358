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
from collections import Counter, defaultdict
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
        tr.write_line(f"{entry:<34} {t['accepted'] + t['refused']:>7} inputs  {t['accepted']:>6} accepted  "
                      f"{t['refused']:>6} refused  slowest refusal {t['slowest_refusal_ms']:.1f} ms")
    out = Path(__file__).resolve().parents[1] / ".cache" / "fuzz_summary.json"
    try:
        out.parent.mkdir(exist_ok=True)
        out.write_text(json.dumps(TALLY, indent=1))
    except OSError:
        pass


# ------------------------------------------------------------------ structured and byte-level damage
MUTATIONS = ("replace", "delete", "add", "dup", "swap")  # what `mutate` does at a path
BYTE_DAMAGE = ("flip", "cut", "insert", "dup", "nest")  # what `mutate_bytes` does at an offset
# every damage `mutate` and `mutate_bytes` made, as ("mutate" or "bytes", what): a suite's quick run can check
# that it made every kind at least once (only counted: the draws are the same as without it)
DAMAGE_DONE: Counter = Counter()


def json_paths(doc, max_depth: int = 12, max_list: int = 400) -> list[tuple]:
    """Every path into a JSON-like document (keys and indexes from the top), without recursion: the junk the
    fuzzers put in holds lists nested thousands deep, so paths stop at `max_depth` and lists longer than
    `max_list` are not entered."""
    out: list[tuple] = []
    stack: list[tuple] = [(doc, ())]
    while stack:
        d, pre = stack.pop()
        out.append(pre)
        if len(pre) >= max_depth:
            continue
        if isinstance(d, dict):
            stack.extend((v, pre + (k,)) for k, v in d.items())
        elif isinstance(d, list) and len(d) <= max_list:
            stack.extend((v, pre + (i,)) for i, v in enumerate(d))
    return out


def copied(doc):
    """A copy of JSON-like data, made without recursion."""
    top: list = [None]
    stack = [(doc, top, 0)]
    while stack:
        v, parent, key = stack.pop()
        if isinstance(v, dict):
            parent[key] = c = {}
            stack.extend((x, c, k) for k, x in v.items())
        elif isinstance(v, list):
            parent[key] = c = [None] * len(v)
            stack.extend((x, c, j) for j, x in enumerate(v))
        else:
            parent[key] = v
    return top[0]


def mutate(doc, data, junk: st.SearchStrategy, keys, rounds: int = 3):
    """1..rounds structured mutations of a copy of `doc` at paths drawn from it: a value replaced by `junk`,
    deleted, a key added (one of `keys` or any text), a list entry duplicated, two entries swapped."""
    doc = copied(doc)
    for _ in range(data.draw(st.integers(1, rounds))):
        path = data.draw(st.sampled_from(json_paths(doc)))
        op = data.draw(st.sampled_from(["replace", "replace", "delete", "add", "dup", "swap"]))
        if not path:
            if op == "replace":
                doc = data.draw(junk)
                DAMAGE_DONE["mutate", "replace the whole"] += 1
            continue
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        if op == "replace":
            parent[key] = data.draw(junk)
        elif op == "delete":
            del parent[key]
        elif op == "add" and isinstance(parent, dict):
            parent[data.draw(st.one_of(st.text(max_size=6), st.sampled_from(list(keys))))] = data.draw(junk)
        elif op == "dup" and isinstance(parent, list):
            parent.insert(key, parent[key])  # shared, not copied: it may be junk nested thousands deep
        elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
            j = data.draw(st.integers(0, len(parent) - 1))
            parent[key], parent[j] = parent[j], parent[key]
        else:
            continue
        DAMAGE_DONE["mutate", op] += 1
    return doc


HOSTILE_BYTES = [b"NaN", b"1e999", b"-0", b"9" * 40, b"4.0", b"1.5", b"true", b'"\\ud800"', b"\xff", "²".encode()]


def mutate_bytes(raw: bytes, data) -> bytes:
    """1..4 byte-level damages of a file: a bit flipped, a piece cut, hostile bytes inserted (HOSTILE_BYTES or
    random), a piece duplicated, up to 5,000 brackets nested in."""
    b = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, max(0, len(b) - 1)))
        op = data.draw(st.sampled_from(list(BYTE_DAMAGE)))
        if op == "flip" and b:
            b[i] ^= 1 << data.draw(st.integers(0, 7))
        elif op == "cut":
            del b[i:i + data.draw(st.integers(1, 64))]
        elif op == "insert":
            b[i:i] = data.draw(st.binary(max_size=16) | st.sampled_from(HOSTILE_BYTES))
        elif op == "dup":
            b[i:i] = b[i:i + data.draw(st.integers(1, 200))]
        elif op == "nest":
            k = data.draw(st.integers(1, 5000))
            b[i:i] = b"[" * k + b"]" * data.draw(st.sampled_from([0, k]))
        else:  # a flip of nothing
            continue
        DAMAGE_DONE["bytes", op] += 1
    return bytes(b)
