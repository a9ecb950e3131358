"""Fuzzing every public entry point as an attacker would: structured mutations (a field replaced, removed,
added, a list reordered) and byte-level ones (flips, cuts, insertions, nested brackets).

The contract under test: bad input raises the entry point's documented error (SaveError, PositionError,
CardSetError, IllegalAction) and nothing else escapes; whatever is accepted is a game that keeps every
engine invariant through a random playout and whose save reloads to the same state.

The normal run is quick, 80-250 inputs per test (derandomized), and each test checks that it made every kind
of damage and drew every class of input it has at least once, and that its entry point both accepted and
refused some; `python build.py test --long` (CRYSTALCLANS_LONG=1) runs at least 20,000 per entry point with
fresh randomness. Hypothesis's example database is off, so every run is independent.
"""
from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crystalclans as cc
from crystalclans.cardset import BASE_SET_FILE
from crystalclans.invariants import check
from crystalclans.position import KEYS
from crystalclans.rng import Rng, seed_state

from ..conftest import LONG, sample_states
from .. import fuzzkit
from ..fuzzkit import BYTE_DAMAGE, MUTATIONS, Refused, mutate_bytes, tally

# Inputs per test: saves and card sets have two or three tests each, so every entry point gets >= 20,000 long.
# (The normal run had 700, 500 and 120: 28 s of CPU, now 12 s; what a quick run must reach, every_kind checks.)
FUZZ = settings(max_examples=20_000 if LONG else 250, database=None, deadline=None, derandomize=not LONG,
                suppress_health_check=list(HealthCheck))
HALF = settings(FUZZ, max_examples=10_000 if LONG else 200)
FEW = settings(FUZZ, max_examples=7_000 if LONG else 80)  # card sets: ~25 ms to validate each

CS = cc.base_set()
UNITS = [u.id for u in CS.units]
CRYSTALS = [c.id for c in CS.crystals]
ZONES = list(CS.board.zone_ids)
CLANS = list(CS.clans)


# ------------------------------------------------------------------ shared material
DRAWN: Counter = Counter()  # the classes of input the tests drew, as ("input", what)
STRUCTURED = {("mutate", op) for op in MUTATIONS}
BYTES = {("bytes", op) for op in BYTE_DAMAGE}


def drew(what: str) -> None:
    DRAWN["input", what] += 1


def every_kind(fuzz, kinds: set, entry: str) -> None:
    """Run the Hypothesis test `fuzz`; then it must have made every kind of damage in `kinds` (fuzzkit's
    DAMAGE_DONE) and drawn every class of input in it (DRAWN) at least once, and `entry` must have accepted
    some inputs and refused some (fuzzkit's tally)."""
    damage, drawn = Counter(fuzzkit.DAMAGE_DONE), Counter(DRAWN)
    t = fuzzkit.TALLY[entry]
    accepted, refused = t["accepted"], t["refused"]
    fuzz()
    made = set(fuzzkit.DAMAGE_DONE - damage) | set(DRAWN - drawn)
    assert not kinds - made, f"the run never made or drew {sorted(kinds - made)}"
    assert t["accepted"] > accepted and t["refused"] > refused, (entry, t)


def random_playout(g: cc.Game, seed: int, steps: int) -> None:
    """Random legal moves with every invariant checked after each (an accepted input must stay sound)."""
    rng = Rng(seed_state(seed))
    check(g)
    for _ in range(steps):
        if g.decision is None:
            break
        opts = g.legal_actions()
        g.apply(opts[rng.below(len(opts))])
        check(g)


def reloads(g: cc.Game) -> None:
    again = cc.Game.from_json(g.to_json(), card_set=g.cs)
    assert again.state_hash() == g.state_hash()


@lru_cache(maxsize=1)
def saves() -> list[str]:
    out = []
    for seed, moves in ((1, 0), (2, 40), (3, 150)):
        g = cc.new_game((CLANS[seed], CLANS[-seed]), seed=seed, mulligan=seed == 2)
        random_playout(g, seed, moves)
        out.append(g.to_json())
    g = cc.Game.from_position({"clans": ["water", "stone"], "hands": [["water.tide_runners"], []],
                               "squads": {"c_center": [["water.tridents"], ["stone.ballista"]]}})
    random_playout(g, 4, 10)
    out.append(g.to_json())
    return out


@lru_cache(maxsize=1)
def notations() -> list[str]:
    seen: set[str] = set()
    for g, _ in sample_states(games=6, every=7):
        if g.decision is not None:
            seen.update(str(a) for a in g.legal_actions())
    return sorted(seen)


@lru_cache(maxsize=1)
def states() -> list[cc.Game]:
    return [g for g, step in sample_states(games=8, every=9) if g.decision is not None and step <= 120]


def vocabulary() -> st.SearchStrategy:
    suffixed = st.builds(lambda u, s: u + s, st.sampled_from(UNITS), st.sampled_from(["", "", "@0", "@1", "@2", "@", "#1"]))
    return st.one_of(suffixed, st.sampled_from(CRYSTALS + ZONES + CLANS + list(KEYS)),
                     st.sampled_from(notations()))


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.integers(),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), vocabulary())
JUNK = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.one_of(st.text(max_size=6), st.sampled_from(list(KEYS))), inner, max_size=4), max_leaves=8)


def mutate(doc, data, rounds: int = 3):
    """Structured damage of a copy of `doc` (fuzzkit.mutate) with Crystal Clans' junk and position keys."""
    return fuzzkit.mutate(doc, data, JUNK, KEYS, rounds)


def accept_save(text, card_set=None, seed: int = 0) -> None:
    try:
        with tally("crystalclans Game.from_json", cc.SaveError, repr(text)[:80]):
            g = cc.Game.from_json(text, card_set=card_set)
    except Refused:
        return
    random_playout(g, seed, 25)
    reloads(g)


# ------------------------------------------------------------------ saves
@HALF
@given(st.data())
def fuzz_saves_structured(data):
    base = json.loads(data.draw(st.sampled_from(saves())))
    doc = mutate(base, data)
    text = json.dumps(doc, allow_nan=True) if data.draw(st.booleans()) else doc
    drew("save as text" if isinstance(text, str) else "save as a value")
    if isinstance(text, dict):
        try:
            with tally("crystalclans Game.from_json", cc.SaveError, repr(text)[:80]):
                g = cc.Game.from_json(text)
        except Refused:
            return
        random_playout(g, 1, 25)
        reloads(g)
    else:
        accept_save(text)


def test_fuzz_saves_structured():
    every_kind(fuzz_saves_structured, STRUCTURED | {("input", "save as text"), ("input", "save as a value")},
               "crystalclans Game.from_json")


@HALF
@given(st.data())
def fuzz_saves_bytes(data):
    raw = data.draw(st.sampled_from(saves())).encode()
    blob = mutate_bytes(raw, data)
    as_bytes = data.draw(st.booleans())
    drew("save as bytes" if as_bytes else "save as text")
    accept_save(blob if as_bytes else blob.decode("utf-8", "replace"))


def test_fuzz_saves_bytes():
    every_kind(fuzz_saves_bytes, BYTES | {("input", "save as bytes"), ("input", "save as text")},
               "crystalclans Game.from_json")


# ------------------------------------------------------------------ positions
def plausible_position() -> st.SearchStrategy:
    unit = st.builds(lambda u, s: u + s, st.sampled_from(UNITS), st.sampled_from(["", "", "", "@0", "@1", "@5"]))
    units = st.lists(unit, max_size=7)
    pair = st.lists(units, min_size=2, max_size=2)
    crystal = st.sampled_from(CRYSTALS)
    held = st.one_of(crystal, st.fixed_dictionaries({"id": crystal}, optional={"facedown": st.booleans()}))
    fields = {
        "clans": st.lists(st.sampled_from(CLANS), min_size=2, max_size=2),
        "active": st.integers(0, 1), "first_player": st.integers(0, 1), "token": st.integers(-22, 22),
        "seed": st.integers(0, 2**40), "hands": pair, "draw": pair, "discard": pair, "removed": pair,
        "squads": st.dictionaries(st.sampled_from(ZONES), st.lists(st.lists(unit, max_size=5), min_size=2,
                                                                   max_size=2), max_size=5),
        "crystals": st.lists(st.lists(held, max_size=5), min_size=2, max_size=2),
        "crystal_row": st.lists(crystal, max_size=4), "crystal_deck": st.lists(crystal, max_size=15),
        "crystals_removed": st.lists(crystal, max_size=3),
    }
    return st.fixed_dictionaries({"clans": fields["clans"]}, optional={k: v for k, v in fields.items()
                                                                       if k != "clans"})


@FUZZ
@given(st.data())
def fuzz_positions(data):
    pos = data.draw(plausible_position())
    damaged = data.draw(st.integers(0, 3)) == 0
    drew("damaged position" if damaged else "plausible position")
    if damaged:
        pos = mutate(pos, data, rounds=2)
    try:
        with tally("crystalclans Game.from_position", cc.PositionError, repr(pos)[:80]):
            g = cc.Game.from_position(pos)
    except Refused:
        return
    random_playout(g, data.draw(st.integers(0, 1000)), 60)
    reloads(g)


def test_fuzz_positions():
    every_kind(fuzz_positions, {("input", "damaged position"), ("input", "plausible position")},
               "crystalclans Game.from_position")


# ------------------------------------------------------------------ card sets
@lru_cache(maxsize=1)
def base_doc() -> dict:
    return json.loads(BASE_SET_FILE.read_text(encoding="utf-8"))


def accept_card_set(data, source, override=None) -> None:
    try:
        with tally("crystalclans load_card_set", cc.CardSetError, repr(source)[:80]):
            cs = cc.load_card_set(source, override)
    except Refused:
        return
    clans = tuple(data.draw(st.sampled_from(list(cs.clans))) for _ in range(2))
    g = cc.new_game(clans, seed=data.draw(st.integers(0, 999)), card_set=cs)
    random_playout(g, 5, 150)
    reloads(g)


@FEW
@given(st.data())
def fuzz_card_sets_structured(data):
    doc = mutate(base_doc(), data, rounds=2)
    accept_card_set(data, doc)


def test_fuzz_card_sets_structured():
    every_kind(fuzz_card_sets_structured, STRUCTURED, "crystalclans load_card_set")


@FEW
@given(st.data())
def fuzz_card_files_bytes(data):
    accept_card_set(data, mutate_bytes(BASE_SET_FILE.read_bytes(), data))


def test_fuzz_card_files_bytes():
    every_kind(fuzz_card_files_bytes, BYTES, "crystalclans load_card_set")


FIELDS = ["attack", "cost", "copies", "style", "abilities", "name", "text_en", "params", "effects", "x"]


@FEW
@given(st.data())
def fuzz_overrides(data):
    entry = st.dictionaries(st.sampled_from(FIELDS), JUNK | st.integers(-2, 12), max_size=3)
    kind, override = data.draw(st.one_of(JUNK.map(lambda o: ("junk override", o)), st.fixed_dictionaries(
        {"format": st.sampled_from(["crystalclans-override/1", "x"])},
        optional={"id": JUNK, "units": st.dictionaries(st.sampled_from(UNITS) | st.text(max_size=5), entry | JUNK,
                                                        max_size=3),
                  "crystals": st.dictionaries(st.sampled_from(CRYSTALS), entry | JUNK, max_size=2)}).map(
        lambda o: ("override document", o))))
    drew(kind)
    accept_card_set(data, base_doc(), override)


def test_fuzz_overrides():
    every_kind(fuzz_overrides, {("input", "junk override"), ("input", "override document")},
               "crystalclans load_card_set")


# ------------------------------------------------------------------ apply
APPLY_INPUTS = ("a legal option", "a legal notation spaced out", "a legal notation with a suffix",
                "an Action with junk arguments", "an Action with a junk argument list", "a word of the game",
                "junk")


@FUZZ
@given(st.data())
def fuzz_apply(data):
    g = data.draw(st.sampled_from(states())).clone()
    texts = [str(a) for a in g.legal_actions()]
    before, log = g.state_hash(), list(g.log)
    kind = st.one_of(st.sampled_from(sorted({t.split()[0] for t in texts} | {"draw", "summon"})), SCALARS)
    classes = (
        st.sampled_from(g.legal_actions()),
        st.sampled_from(texts).map(lambda t: f"  {t}  ".replace(" ", "   ")),
        st.builds(lambda t, junk: t + junk, st.sampled_from(texts), st.sampled_from(["#9", "@5", ".0", " x", "", "#0"])),
        st.builds(cc.Action, kind, st.lists(SCALARS, max_size=3).map(tuple)),
        st.builds(cc.Action, kind, SCALARS),
        vocabulary(), JUNK)
    what, action = data.draw(st.one_of(*(c.map(lambda a, w=w: (w, a)) for w, c in zip(APPLY_INPUTS, classes))))
    drew(what)
    try:
        with tally("crystalclans Game.apply", cc.IllegalAction, repr(action)[:80]):
            g.apply(action)
    except Refused:
        assert g.state_hash() == before and g.log == log  # refused: unchanged
        return
    assert g.log[-1] in texts  # only the engine's own option is logged
    check(g)
    reloads(g)


def test_fuzz_apply():
    every_kind(fuzz_apply, {("input", w) for w in APPLY_INPUTS}, "crystalclans Game.apply")


def test_regression_positions_from_the_first_fuzzing():
    """The classes of positions the first fuzz run found accepted-then-broken, each refused by name."""
    bad = {
        "squad of 4 without Horde": ({"squads": {"a_home": [["blood.condor"] * 4, []]}}, "limit is 3"),
        "a face-up row of 4": ({"crystal_row": CRYSTALS[:4]}, "row holds 3"),
        "a crystal twice": ({"crystal_row": CRYSTALS[:1], "crystal_deck": CRYSTALS[:1]}, "appears twice"),
        "owner suffix @5": ({"hands": [["blood.condor@5"], []]}, "unknown unit"),
        "unknown key": ({"hand": [["blood.condor"], []]}, "unknown field"),
        "a bool for a number": ({"active": True}, "whole number"),
        "too many copies": ({"draw": [["blood.condor"] * 17, []]}, "at most 16"),
    }
    for name, (extra, words) in bad.items():
        with pytest.raises(cc.PositionError, match=words):
            cc.Game.from_position({"clans": ["blood", "skull"], **extra})
