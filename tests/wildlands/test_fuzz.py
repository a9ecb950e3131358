"""Fuzzing the entry points as an attacker would: random texts and objects to apply(), mutated positions
for from_position(), mutated and cut saves for from_json(). Bad input raises the documented error
(IllegalAction, PositionError, SaveError) and changes nothing; accepted input is a game that keeps every
invariant through a short random playout. A few hundred inputs per test; CRYSTALCLANS_LONG=1 runs 20,000."""
from __future__ import annotations

from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wildlands as wl
from wildlands import invariants
from wildlands.position import KEYS, PositionError
from wildlands.saves import SaveError

from ..conftest import LONG
from ..fuzzkit import DAMAGE, bad_actions, checked_playout, damaged_save, position_refused_or_sound
from .conftest import uniform_policy

FUZZ = settings(max_examples=20_000 if LONG else 150, database=None, deadline=None, derandomize=not LONG,
                suppress_health_check=list(HealthCheck))


@lru_cache(maxsize=1)
def states() -> list[wl.Game]:
    out = []
    for i, (board, n) in enumerate([("dungeon", 2), ("ruins", 3), ("dungeon", 4), ("ruins", 2)]):
        g = wl.new_game(board=board, factions=wl.FACTION_IDS[:n], seed=90 + i)
        choose = uniform_policy(i)
        k = 0
        while not g.is_over and k < 400:
            if k % 20 == 0:
                out.append(g.clone())
            g.apply(choose(g))
            k += 1
    return out


@lru_cache(maxsize=1)
def notations() -> list[str]:
    return sorted({str(a) for g in states() for a in g.legal_actions()})


def playout(g: wl.Game, seed: int, steps: int = 30, complete: bool = True) -> None:
    checked_playout(g, uniform_policy(seed), invariants.check, steps, complete)


SAMPLES = ["reveal lunk", "move c1 lunk 11", "melee c1 lunk gnomads", "pay s", "interrupt", "pass",
           "defend c4", "end", "", " ", "\x00", "move", "move c1 lunk 99", "start lunk 0", "draw s s"]


@FUZZ
@given(i=st.integers(0, 10_000), action=bad_actions(SAMPLES, notations, wl.Action))
def test_apply_refuses_bad_input_and_changes_nothing(i, action):
    g = states()[i % len(states())].clone()
    before = g.state_hash()
    try:
        g.apply(action)
    except wl.IllegalAction:
        assert g.state_hash() == before
        return
    invariants.check(g)


BASE = {"board": "ruins", "factions": ["guild", "gnomads", "pit_fighters"], "active": 1, "turn": 4,
        "characters": {"lunk": 10, "tak": 10, "elsie": "hidden 30", "gnoll": 24, "owl_sage": "defeated"},
        "damage": {"lunk": 2}, "shards": [[1, 2], [5], [40]], "collected": [1, 0, 2], "taken": [[], ["owl_sage"], []],
        "hands": [["c1", "s"], ["c4", "c5"], ["s", "s"]], "discards": [["c2"], [], []]}
values = st.one_of(st.none(), st.booleans(), st.integers(-3, 50), st.text(max_size=12),
                   st.lists(st.one_of(st.text(max_size=6), st.integers(-1, 43)), max_size=4),
                   st.lists(st.lists(st.one_of(st.integers(0, 43), st.sampled_from(["c1", "s", "c30"])), max_size=3),
                            max_size=4),
                   st.dictionaries(st.sampled_from(["lunk", "tak", "gnoll", "bogus"]),
                                   st.one_of(st.integers(-1, 45), st.sampled_from(["defeated", "hidden 3", "x"])),
                                   max_size=3),
                   st.sampled_from(["dungeon", "ruins", "guild", "c1", "s"]))


@FUZZ
@given(key=st.sampled_from(KEYS + ("bogus",)), value=values, drop=st.sampled_from([None] + list(BASE)))
def test_from_position_refuses_or_builds_a_sound_game(key, value, drop):
    position_refused_or_sound(wl.Game, PositionError, BASE, key, value, drop, lambda g: playout(g, 1))


@lru_cache(maxsize=1)
def saves() -> list[str]:
    return [g.to_json() for g in states()[::3]]


@FUZZ
@given(i=st.integers(0, 1000), cut=st.integers(0, 5000), flip=st.integers(0, 5000), byte=st.integers(0, 255),
       mode=st.sampled_from(DAMAGE))
def test_from_json_refuses_damaged_saves_clearly(i, cut, flip, byte, mode):
    text = damaged_save(saves()[i % len(saves())], mode, cut, flip, byte, notations())
    try:
        g = wl.Game.from_json(text)
    except SaveError:
        return
    invariants.check(g)
