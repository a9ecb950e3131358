"""Fuzzing the entry points as an attacker would: random texts, junk objects and deeply nested values to
apply(); structured mutations (a value replaced, deleted, added, duplicated or swapped at any path, with
junk: fractions, deep lists, unicode digits, true/false) of whole positions for from_position() and of whole
saves (as text and as a dict) for from_json(); byte-level damage of saves (flips, cuts, insertions,
nesting); malformed setups and logs for from_log(). Bad input raises the documented error (IllegalAction,
PositionError, SaveError) and changes nothing; accepted input is a game that keeps every invariant through a
short random playout (a running game always asks a question with a legal action) and whose save reloads to
the same state. Plus: view(p) of random states is JSON with no hidden key, and a game is determined by its
setup and log (the same log, the same state hash; a reload, the same; a clone, equal).

Every input is counted with fuzzkit.tally (printed at the end of the run). A few hundred inputs per test;
CRYSTALCLANS_LONG=1 tries ten times as many (N * 10)."""
from __future__ import annotations

import copy
import json
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wildlands as wl
from wildlands import invariants
from gamecore.untrusted import describe
from wildlands.position import KEYS, PositionError
from wildlands.saves import SaveError

from ..conftest import LONG
from .. import fuzzkit
from ..fuzzkit import DAMAGE, Refused, bad_actions, checked_playout, copied, damaged_save, mutate_bytes, tally
from .conftest import uniform_policy


def inputs(n: int) -> settings:
    """n inputs in the normal run, ten times as many in the long one."""
    return settings(max_examples=n * 10 if LONG else n, database=None, deadline=None, derandomize=not LONG,
                    suppress_health_check=list(HealthCheck))


FUZZ = inputs(150)


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
    applied(g, action)


def applied(g: wl.Game, action) -> None:
    """apply(action): refused with IllegalAction and nothing changed, or accepted as one of the options."""
    before, log, texts = g.state_hash(), list(g.log), [str(a) for a in g.legal_actions()]
    try:
        with tally("wildlands Game.apply", wl.IllegalAction, describe(action)):
            g.apply(action)
    except Refused:
        assert g.state_hash() == before and g.log == log
        return
    assert g.log[-1] in texts
    invariants.check(g)


def deep(depth: int, leaf=0):
    v = leaf
    for _ in range(depth):
        v = [v]
    return v


TEXTS = st.one_of(st.text(max_size=12), st.sampled_from(["²", "١٢", "１７", "hidden ²", "hidden 017", "hidden 17",
                                                         "c1", "s", "c30", "lunk", "defeated", "hidden", "-0", "1e3"]))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 50), st.integers(), TEXTS,
                    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.0, 1.0, 12.0, 2.5, -0.0]))
JUNK = st.one_of(
    st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXTS, inner, max_size=4),
                 max_leaves=8),
    st.builds(deep, st.sampled_from([2, 30, 40, 600, 3000]), SCALARS))


@FUZZ
@given(i=st.integers(0, 10_000), action=st.one_of(JUNK, st.builds(wl.Action, st.one_of(TEXTS, JUNK),
                                                                   st.lists(JUNK, max_size=3).map(tuple)),
                                                   st.builds(wl.Action, TEXTS, JUNK)))
def test_apply_refuses_junk_objects_and_deep_values(i, action):
    applied(states()[i % len(states())].clone(), action)


def mutate(doc, data, rounds: int = 3, keys: "tuple[str, ...]" = KEYS):
    """Structured damage of a copy of `doc` (fuzzkit.mutate) with Wildlands' junk and `keys`."""
    return fuzzkit.mutate(doc, data, JUNK, keys, rounds)


def sound(g: wl.Game, seed: int, steps: int = 30) -> None:
    """An accepted game: its invariants hold through a random playout (a running game always has a legal
    action), and its own save reloads to the same state."""
    complete = all(len(g.hands[p]) + len(g.draws[p]) + len(g.discards[p]) == 30 for p in range(g.n))
    playout(g, seed, steps, complete)  # a puzzle position may name a short draw pile: then the decks are not full
    assert wl.Game.from_json(g.to_json()).state_hash() == g.state_hash()


BASE = {"board": "ruins", "factions": ["guild", "gnomads", "pit_fighters"], "active": 1, "turn": 4,
        "characters": {"lunk": 10, "tak": 10, "elsie": "hidden 30", "gnoll": 24, "owl_sage": "defeated"},
        "damage": {"lunk": 2}, "shards": [[1, 2], [5], [40]], "collected": [1, 0, 2], "taken": [[], ["owl_sage"], []],
        "hands": [["c1", "s"], ["c4", "c5"], ["s", "s"]], "discards": [["c2"], [], []]}
values = st.one_of(JUNK, st.none(), st.booleans(), st.integers(-3, 50), st.text(max_size=12),
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
    pos = copy.deepcopy(BASE)
    if drop is not None:
        pos.pop(drop, None)
    pos[key] = value
    accept_position(pos, 1)


def accept_position(pos, seed: int) -> None:
    try:
        with tally("wildlands Game.from_position", PositionError, describe(pos)):
            g = wl.Game.from_position(pos)
    except Refused:
        return
    sound(g, seed)


@lru_cache(maxsize=1)
def positions() -> list[dict]:
    """Whole positions to mutate: BASE, a crowded four-faction board, one with a compulsory reveal."""
    from wildlands.bench import crowded_position

    return [BASE, crowded_position(list(wl.FACTION_IDS)),
            {"factions": ["lawbringers", "guild"], "must_reveal": True, "active": 1, "turn": 2,
             "characters": {"lunk": 4}, "draws": [["c3", "s"], None], "discards": [[], ["c7"]]}]


@inputs(300)
@given(data=st.data())
def test_from_position_refuses_or_builds_a_sound_game_after_structured_mutations(data):
    pos = mutate(data.draw(st.sampled_from(positions())), data)
    accept_position(pos, data.draw(st.integers(0, 99)))


@lru_cache(maxsize=1)
def saves() -> list[str]:
    out = [g.to_json() for g in states()[::3]]
    g = wl.Game.from_position(positions()[1])
    playout(g, 3, 40)
    return out + [g.to_json()]


def accept_save(save, seed: int) -> None:
    try:
        with tally("wildlands Game.from_json", SaveError, describe(save)):
            g = wl.Game.from_json(save)
    except Refused:
        return
    sound(g, seed, 20)


@FUZZ
@given(i=st.integers(0, 1000), cut=st.integers(0, 5000), flip=st.integers(0, 5000), byte=st.integers(0, 255),
       mode=st.sampled_from(DAMAGE))
def test_from_json_refuses_damaged_saves_clearly(i, cut, flip, byte, mode):
    accept_save(damaged_save(saves()[i % len(saves())], mode, cut, flip, byte, notations()), i)


SAVE_KEYS = ("format", "content", "setup", "position", "log", "state_hash", "board", "factions", "seed",
             "first_player")


@inputs(200)
@given(data=st.data())
def test_from_json_refuses_structurally_mutated_saves(data):
    doc = mutate(json.loads(data.draw(st.sampled_from(saves()))), data, keys=SAVE_KEYS)
    save = doc
    if data.draw(st.booleans()):
        try:
            save = json.dumps(doc, allow_nan=True)
        except RecursionError:  # the json module cannot write it (too deep): it goes in as a dict
            pass
    accept_save(save, data.draw(st.integers(0, 99)))


@inputs(200)
@given(data=st.data())
def test_from_json_refuses_byte_damaged_saves(data):
    blob = mutate_bytes(data.draw(st.sampled_from(saves())).encode(), data)
    accept_save(blob if data.draw(st.booleans()) else blob.decode("utf-8", "replace"), data.draw(st.integers(0, 99)))


@inputs(200)
@given(data=st.data())
def test_from_log_refuses_malformed_setups_and_logs(data):
    g = data.draw(st.sampled_from(states()))
    setup = data.draw(st.one_of(st.just(g.setup), st.builds(lambda: {"position": copied(BASE)}), JUNK))
    setup = mutate(setup, data, 2, SAVE_KEYS) if isinstance(setup, (dict, list)) and data.draw(st.booleans()) \
        else setup
    log = data.draw(st.one_of(st.just(list(g.log)), JUNK, st.lists(st.sampled_from(notations()), max_size=5)))
    try:
        with tally("wildlands Game.from_log", (SaveError, wl.IllegalAction), describe(setup)):
            again = wl.Game.from_log(setup, log)
    except Refused:
        return
    if setup is g.setup and log == g.log:
        assert again.state_hash() == g.state_hash()
    invariants.check(again)


FORBIDDEN = {"seed", "rng", "draws", "draw", "start", "deck", "state", "stack", "hidden"}


def hidden_keys(view: dict, player: int) -> list[str]:
    """Keys no view may hold, and a start space anywhere but in the viewer's own seat (iteratively)."""
    bad, stack = [], [(view, "")]
    while stack:
        v, where = stack.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                if k in FORBIDDEN and not (k == "start" and where.startswith(f".seats[{player}]")):
                    bad.append(f"{where}.{k}")
                stack.append((x, f"{where}.{k}"))
        elif isinstance(v, list):
            stack.extend((x, f"{where}[{j}]") for j, x in enumerate(v))
    return bad


@inputs(120)
@given(i=st.integers(0, 10_000), seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_views_of_random_states_are_json_without_hidden_keys(i, seed, steps):
    g = states()[i % len(states())].clone()
    playout(g, seed, steps)
    for p in range(g.n):
        with tally("wildlands Game.view", ()):
            v = g.view(p)
        json.dumps(v)
        assert hidden_keys(v, p) == []
        assert len(v["log"]) == len(g.log)
        assert all(not t.startswith("pay c") and t != "pay s" for q, t in zip(range(len(g.log)), v["log"])
                   if g.hidden.get(q, p) != p)


@inputs(60)
@given(i=st.integers(0, 10_000), seed=st.integers(0, 10_000), steps=st.integers(1, 60))
def test_a_game_is_determined_by_its_setup_and_log(i, seed, steps):
    g = states()[i % len(states())].clone()
    c = g.clone()
    playout(g, seed, steps)
    playout(c, seed, steps)
    assert c.state_hash() == g.state_hash() and c.log == g.log and c.view(0) == g.view(0)
    with tally("wildlands Game.from_log", ()):
        again = wl.Game.from_log(g.setup, g.log)
    assert again.state_hash() == g.state_hash() and again.view(1) == g.view(1)
    assert wl.Game.from_json(g.to_json()).state_hash() == g.state_hash()
