"""Fuzzing the entry points as an attacker would, as Crystal Clans' tests/fuzz does: random texts, junk
objects and deeply nested values for apply(); whole saves and positions mutated at any path (a value
replaced by junk: fractions, bools, unicode digits such as "²", deep lists; a key deleted or added; a list
entry duplicated or swapped) for from_json() (as text and as a dict) and from_position(); saves damaged byte
by byte (flips, cuts, insertions, nested brackets); malformed setups and logs for from_log(); junk options
for new_game(). The contract: bad input raises the documented error (IllegalAction, PositionError,
SaveError, a ValueError naming the option) and changes nothing; accepted input is a game that keeps every
invariant through a short random playout and saves and reloads to the same state. Plus views of random
states (JSON, nothing hidden), determinism (setup + log, save and reload, clone).

Every input is counted with `tally` (printed at the end of the run). Each test runs N inputs; long mode
(CRYSTALCLANS_LONG=1) runs 10 * N."""
from __future__ import annotations

import copy
import json
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tashkalar as tk
from tashkalar import invariants
from tashkalar.content import BY_ID, CARDS_T, PLAYABLE_DECKS, TASK_BY_ID
from tashkalar.position import KEYS, PositionError
from tashkalar.saves import SaveError

from ..conftest import DEEP, LONG
from .. import fuzzkit
from ..fuzzkit import (DAMAGE, Refused, bad_actions, checked_playout, damaged_save, mutate_bytes,
                       position_refused_or_sound, tally)
from .conftest import random_policy


def runs(n: int) -> settings:
    """Hypothesis settings for n inputs (10 * n in long mode)."""
    return settings(max_examples=n * 10 if LONG else n, database=None, deadline=None, derandomize=not LONG,
                    suppress_health_check=list(HealthCheck))


FUZZ = runs(250)


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
    before, log = g.state_hash(), list(g.log)
    try:
        with tally("tashkalar Game.apply", tk.IllegalAction, _shown(action)):
            g.apply(action)
    except Refused:
        assert g.state_hash() == before and g.log == log
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
    try:
        with tally("tashkalar Game.from_position", PositionError, f"{key}={_shown(value)}"):
            position_refused_or_sound(tk.Game, PositionError, base, key, value, drop,
                                      lambda g: playout(g, seed, complete=False))
    except Refused:
        pass


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
        with tally("tashkalar Game.from_json", SaveError, text[:80]):
            g = tk.Game.from_json(text)
    except Refused:
        return
    invariants.check(g, "position" not in g.setup)


# ---------------------------------------------------------------------------------------------------------
# Structured mutations of whole documents, bytes, junk of every kind
def _shown(v) -> str:
    from gamecore.untrusted import describe

    return describe(v, 70)


def nested(depth: int, leaf=0):
    x = leaf
    for _ in range(depth):
        x = [x]
    return x


CARD_IDS = sorted(BY_ID)
VOCABULARY = st.sampled_from(CARD_IDS + sorted(TASK_BY_ID) + list(KEYS) + list(PLAYABLE_DECKS)
                             + ["e5", "a5", "i5", "0c", "1h", "2l", "3c", "\u00b2c", "\u00b2", "\u0661", "duel",
                                "high_form", "melee", "team", "resign", "resign 0", "resign \u00b2"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.integers(), st.integers(-(1 << 70), 1 << 70),
                    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from([0.0, 1.0, 2.0, 4.0, -1.5]),
                    st.text(max_size=12), VOCABULARY)
JUNK = st.one_of(
    st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.one_of(st.text(max_size=6), st.sampled_from(list(KEYS))), inner, max_size=4), max_leaves=8),
    st.integers(1, 3000).map(nested),  # deep lists (a dict save may hold them; as text they are refused early)
    st.integers(0, 300).map(lambda n: ["e5"] * n),
)


def mutate(doc, data, rounds: int = 3):
    """Structured damage of a copy of `doc` (fuzzkit.mutate) with Tash-Kalar's junk and position keys."""
    return fuzzkit.mutate(doc, data, JUNK, KEYS, rounds)


def reloads(g: tk.Game) -> None:
    """A game saves, and its save loads to the same state (a game can always save itself)."""
    again = tk.Game.from_json(g.to_json())
    assert again.state_hash() == g.state_hash() and again.log == g.log


def load_and_check(source, seed: int) -> None:
    try:
        with tally("tashkalar Game.from_json", SaveError, _shown(source)):
            g = tk.Game.from_json(source)
    except Refused:
        return
    playout(g, seed, steps=20, complete="position" not in g.setup)
    reloads(g)


@lru_cache(maxsize=1)
def docs() -> list[dict]:
    """Saves of every mode (mid-game, mid-effect, from positions) as documents."""
    out = [json.loads(t) for t in saves()]
    for pos in (BASE_POSITION, *MULTI_POSITIONS):
        g = tk.Game.from_position(copy.deepcopy(pos))
        checked_playout(g, random_policy(3), invariants.check, 6, complete=False)
        out.append(json.loads(g.to_json()))
    return out


@runs(300)
@given(st.data())
def test_fuzz_saves_structured(data):
    doc = mutate(data.draw(st.sampled_from(docs())), data)
    if data.draw(st.booleans()):
        try:
            source = json.dumps(doc)
        except (ValueError, RecursionError):  # too deep for json.dumps itself: give it as a dict
            source = doc
    else:
        source = doc
    load_and_check(source, data.draw(st.integers(0, 99)))


@runs(200)
@given(st.data())
def test_fuzz_saves_bytes(data):
    blob = mutate_bytes(json.dumps(data.draw(st.sampled_from(docs()))).encode(), data)
    load_and_check(blob if data.draw(st.booleans()) else blob.decode("utf-8", "replace"), data.draw(st.integers(0, 99)))


@runs(300)
@given(st.data())
def test_fuzz_positions_structured(data):
    base = data.draw(st.sampled_from([BASE_POSITION, *MULTI_POSITIONS, *(d["position"] for d in docs()
                                                                         if "position" in d)]))
    pos = mutate(base, data)
    try:
        with tally("tashkalar Game.from_position", PositionError, _shown(pos)):
            g = tk.Game.from_position(pos)
    except Refused:
        return
    playout(g, data.draw(st.integers(0, 99)), steps=20, complete=False)
    reloads(g)


DEEP = st.one_of(st.integers(500, DEEP).map(nested), st.integers(500, DEEP).map(lambda n: {"a": nested(n)}),
                 st.integers(500, DEEP).map(lambda n: tk.Action("place", (nested(n),))),
                 st.integers(500, DEEP).map(lambda n: tk.Action(nested(n), ())),
                 st.integers(500, DEEP).map(lambda n: (nested(n), ())),
                 st.integers(10 ** 4, 2 * 10 ** 5).map(lambda n: list(range(n))),
                 st.integers(115, 10 ** 5).map(lambda n: "resign" + " " * n),
                 st.integers(0, 200).map(lambda n: "resign" + " " * n + "x"),
                 st.integers(10 ** 3, 10 ** 5).map(lambda n: tk.Action("p" * n, ())),
                 st.integers(5, 10 ** 4).map(lambda n: tk.Action("place", tuple(range(n)))),
                 st.integers(5000, 20_000).map(lambda n: tk.Action("place", (10 ** n,))))


@runs(400)
@given(st.data())
def test_fuzz_apply(data):
    g = data.draw(st.sampled_from(states())).clone()
    texts = [str(a) for a in g.legal_actions()]
    before, log = g.state_hash(), list(g.log)
    kind = st.one_of(st.sampled_from(sorted({t.split()[0] for t in texts} | {"summon", "resign", "light"})), SCALARS)
    action = data.draw(st.one_of(
        st.sampled_from(g.legal_actions()),
        st.sampled_from(texts).map(lambda t: f"  {t}  ".replace(" ", "   ")),
        st.builds(lambda t, junk: t + junk, st.sampled_from(texts), st.sampled_from(["\u00b2", " 1.0", " x", "", " 0"])),
        st.builds(tk.Action, kind, st.lists(SCALARS, max_size=3).map(tuple)),
        st.builds(tk.Action, kind, SCALARS), VOCABULARY, JUNK, DEEP))
    try:
        with tally("tashkalar Game.apply", tk.IllegalAction, _shown(action)):
            g.apply(action)
    except Refused:
        assert g.state_hash() == before and g.log == log  # refused: unchanged
        return
    assert g.log[-1] in texts or g.log[-1].startswith("resign ")  # only the engine's own option is logged
    invariants.check(g)
    reloads(g)


SETUP_VALUES = st.one_of(JUNK, st.sampled_from([1.0, True, "7", -1, 1 << 64, ["northern"], ["northern", "northern"],
                                                 ["etherweave", "everfrost", "sylvan"], "melee", "team", None]))


@runs(300)
@given(st.data())
def test_fuzz_from_log(data):
    g = data.draw(st.sampled_from(states()))
    setup = copy.deepcopy(g.setup)
    if data.draw(st.integers(0, 2)):
        setup = mutate(setup, data, rounds=2)
    if data.draw(st.booleans()) and isinstance(setup, dict):
        setup[data.draw(st.sampled_from(["mode", "players", "decks", "seed", "first_player", "form", "position",
                                         "bogus"]))] = data.draw(SETUP_VALUES)
    log = list(g.log)
    if log and data.draw(st.booleans()):
        log[data.draw(st.integers(0, len(log) - 1))] = data.draw(st.one_of(st.sampled_from(notations()), VOCABULARY,
                                                                           JUNK))
    try:
        with tally("tashkalar Game.from_log", (SaveError, tk.IllegalAction), _shown(setup)):
            again = tk.Game.from_log(setup, log)
    except Refused:
        return
    invariants.check(again, "position" not in again.setup)
    reloads(again)


OPTION_VALUES = st.one_of(SETUP_VALUES, st.integers(-2, 6), st.sampled_from(list(PLAYABLE_DECKS)),
                          st.lists(st.sampled_from(list(PLAYABLE_DECKS)), min_size=2, max_size=4),
                          st.lists(st.sampled_from(list(PLAYABLE_DECKS)), min_size=2, max_size=4).map(tuple))


@runs(300)
@given(st.dictionaries(st.sampled_from(["mode", "players", "decks", "seed", "first_player", "form"]), OPTION_VALUES,
                       max_size=6))
def test_fuzz_new_game(options):
    try:
        with tally("tashkalar new_game", ValueError, _shown(options)):
            try:
                g = tk.new_game(**options)
            except ValueError as e:  # ours name the option in words; Python's own (int("²")) would not
                assert "invalid literal" not in str(e) and len(str(e)) < 300, e
                raise
    except Refused:
        return
    invariants.check(g)
    reloads(g)


FORBIDDEN = {"seed", "rng", "draws", "draw", "tasks_deck", "legend_deck", "flare_deck", "hands", "state"}


def _keys(obj) -> set:
    out, stack = set(), [obj]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            out.update(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


@runs(100)
@given(i=st.integers(0, 10_000), steps=st.integers(0, 40), seed=st.integers(0, 999))
def test_fuzz_views_of_random_states(i, steps, seed):
    g = states()[i % len(states())].clone()
    checked_playout(g, random_policy(seed), invariants.check, steps)
    for p in range(g.n):
        with tally("tashkalar Game.view", ()):
            v = g.view(p)
        json.dumps(v, allow_nan=False)
        assert not FORBIDDEN & _keys(v), FORBIDDEN & _keys(v)
        assert all("hand" not in s for s in v["seats"]) and v["hand"] == [CARDS_T[c].id for c in g.hands[p]]
        assert (v["legal_actions"] != []) == (g.decision is not None and g.decision.player == p)
    for junk in (g.n, -1, True, 1.0, "0", None, nested(2000)):
        with pytest.raises(ValueError):
            g.view(junk)


@runs(60)
@given(i=st.integers(0, 10_000), steps=st.integers(0, 60), seed=st.integers(0, 999))
def test_fuzz_determinism(i, steps, seed):
    g = states()[i % len(states())].clone()
    checked_playout(g, random_policy(seed), invariants.check, steps)
    with tally("tashkalar determinism", ()):
        assert tk.Game.from_log(g.setup, g.log).state_hash() == g.state_hash()
        assert tk.Game.from_json(g.to_json()).state_hash() == g.state_hash()
        c = g.clone()
        assert c.state_key() == g.state_key() and c.state_hash() == g.state_hash()
        if c.decision is not None:
            before = g.state_hash()
            c.apply(c.legal_actions()[0])
            assert g.state_hash() == before  # the copy shares nothing
