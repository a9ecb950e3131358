"""Fuzzing the entry points as an attacker would: random texts and objects to apply(), mutated positions
for from_position(), mutated and cut saves for from_json(). The contract: bad input raises the documented
error (IllegalAction, PositionError, SaveError) and changes nothing; accepted input is a game that keeps
every invariant through a short random playout. A few hundred inputs per test; CRYSTALCLANS_LONG=1 runs
20,000."""
from __future__ import annotations

from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tashkalar as tk
from tashkalar import invariants
from tashkalar.position import KEYS, PositionError
from tashkalar.saves import SaveError

from ..conftest import LONG
from ..fuzzkit import DAMAGE, bad_actions, checked_playout, damaged_save, position_refused_or_sound
from .conftest import random_policy

FUZZ = settings(max_examples=20_000 if LONG else 250, database=None, deadline=None, derandomize=not LONG,
                suppress_health_check=list(HealthCheck))


@lru_cache(maxsize=1)
def states() -> list[tk.Game]:
    out = []
    games = [("duel", 2, ("highland", "southern"), None), ("high_form", 2, ("highland", "southern"), None),
             ("melee", 3, ("sylvan", "northern", "highland"), None), ("melee", 4, ("sylvan", "northern", "highland",
                                                                                    "southern"), None),
             ("team", 4, ("northern", "highland", "southern", "sylvan"), "duel"),
             ("team", 4, ("sylvan", "southern", "highland", "northern"), "high_form")]
    for i, (mode, n, decks, form) in enumerate(games):
        g = tk.new_game(mode=mode, players=n, decks=decks, seed=70 + i, form=form)
        choose = random_policy(i)
        n = 0
        while not g.is_over and n < 150:
            if n % 10 == 0:
                out.append(g.clone())
            g.apply(choose(g))
            n += 1
    return out


@lru_cache(maxsize=1)
def notations() -> list[str]:
    return sorted({str(a) for g in states() for a in g.legal_actions()})


def playout(g: tk.Game, seed: int, steps: int = 30, complete: bool = True) -> None:
    checked_playout(g, random_policy(seed), invariants.check, steps, complete)


SAMPLES = ["place e5", "summon legend/titan", "at e5 0", "pick e5", "to e4", "done", "cancel", "resign 0",
           "light flare/01", "claim task/destruction", "", " ", "\x00", "place", "place e5 e6"]


@FUZZ
@given(i=st.integers(0, 10_000), action=bad_actions(SAMPLES, notations, tk.Action))
def test_apply_refuses_bad_input_and_changes_nothing(i, action):
    g = states()[i % len(states())].clone()
    before = g.state_hash()
    try:
        g.apply(action)
    except tk.IllegalAction:
        assert g.state_hash() == before
        return
    invariants.check(g)


BASE_POSITION = {"mode": "high_form", "decks": ["sylvan", "northern"], "active": 1, "turn": 4,
                 "board": {"e5": "0h", "d4": "1c", "c3": "1l", "f6": "0c"},
                 "hands": [["sylvan/dryad", "legend/titan", "flare/04"], ["imperial/knight"]],
                 "discard": [["sylvan/sapling"], []], "tasks_up": ["task/destruction", "task/diagonals"],
                 "claimed": [[], ["task/side-chain"]], "killed": [[0, 0, 0], [1, 0, 0]]}
values = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=12),
                   st.lists(st.text(max_size=12), max_size=3), st.dictionaries(st.text(max_size=3), st.text(max_size=3),
                                                                               max_size=2),
                   st.sampled_from(["e5", "0c", "1l", "legend/titan", "task/diagonals", "duel", "high_form"]))


def refused_or_sound(base: dict, key: str, value, drop: "str | None", seed: int) -> None:
    position_refused_or_sound(tk.Game, PositionError, base, key, value, drop,
                              lambda g: playout(g, seed, complete=False))


@FUZZ
@given(key=st.sampled_from(KEYS + ("bogus",)), value=values, drop=st.sampled_from([None] + list(BASE_POSITION)))
def test_from_position_refuses_or_builds_a_sound_game(key, value, drop):
    refused_or_sound(BASE_POSITION, key, value, drop, seed=1)


MULTI_POSITIONS = (
    {"mode": "melee", "decks": ["sylvan", "northern", "highland"], "active": 2, "turn": 7,
     "board": {"e5": "0h", "d4": "1c", "c3": "2l", "f6": "2c"}, "hands": [[], ["imperial/knight"], ["flare/04"]],
     "melee_points": [[0, 2, 1], [3, 0, 0], [1, 1, 0]], "improvised": [[2], [], [0]],
     "killed": [[1, 0, 0], [0, 1, 0], [0, 0, 0]]},
    {"mode": "team", "form": "duel", "decks": ["northern", "highland", "southern", "sylvan"], "active": 2, "turn": 6,
     "board": {"e5": "0h", "d4": "1c"}, "hands": [[], [], ["legend/titan", "imperial/knight"], []],
     "points": [3, 1, 3, 1], "control": 0},
)
multi_values = st.one_of(values, st.lists(st.lists(st.integers(-1, 4), max_size=4), max_size=5),
                         st.sampled_from(["melee", "team", "2c", "3h", -1, 0, 3]))


@FUZZ
@given(which=st.integers(0, 1), key=st.sampled_from(KEYS + ("bogus",)), value=multi_values,
       drop=st.sampled_from([None, "mode", "decks", "form", "control", "melee_points", "improvised", "board"]))
def test_melee_and_team_positions_are_refused_or_sound(which, key, value, drop):
    refused_or_sound(MULTI_POSITIONS[which], key, value, drop, seed=2)


@lru_cache(maxsize=1)
def saves() -> list[str]:
    return [g.to_json() for g in states()[::4]]


@FUZZ
@given(i=st.integers(0, 1000), cut=st.integers(0, 5000), flip=st.integers(0, 5000), byte=st.integers(0, 255),
       mode=st.sampled_from(DAMAGE))
def test_from_json_refuses_damaged_saves_clearly(i, cut, flip, byte, mode):
    text = damaged_save(saves()[i % len(saves())], mode, cut, flip, byte, notations())
    try:
        g = tk.Game.from_json(text)
    except SaveError:
        return
    invariants.check(g, "position" not in g.setup)
