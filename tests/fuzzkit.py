"""What the fuzzing of Tash-Kalar's and Wildlands' entry points shares (tests/tashkalar/test_fuzz.py,
tests/wildlands/test_fuzz.py): a playout that checks the invariants after every step, the bad actions an
attacker sends to apply(), a position with one key set to a hostile value, and the ways a save file gets
damaged. Crystal Clans' fuzzing (tests/fuzz) mutates whole structures and has its own tools."""
from __future__ import annotations

import copy
import json
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
