"""The conformance suite's generic helpers: a game's module and engine found through the registry, each deal
played once to its end by a seeded random player (cached: every test reads the same states), seats counted
through view(), and the junk the refusal tests send."""
from __future__ import annotations

import copy
import importlib
import random
from dataclasses import dataclass
from functools import lru_cache

import pytest

from app import games

from .games import FACTORIES, Adapter, Deal, adapter

MAX_MOVES = 30_000  # a playout that has not ended by then fails (every engine's games end far sooner)


def entry(name: str) -> Adapter:
    """The table's entry of registered game `name`; a game without one fails the test that asks."""
    if name not in FACTORIES:
        pytest.fail(f"{name} is registered in app.games but has no entry in tests/conformance/games.py "
                    "(FACTORIES): add one, and every conformance test runs on it")
    return adapter(name)


def module(name: str):
    return games.get(name)


def engine(name: str):
    """The engine package of game `name` (its Game's top-level package: crystalclans, tashkalar, ...)."""
    return importlib.import_module(module(name).Game.__module__.split(".", 1)[0])


def deal_of(name: str, label: str) -> Deal:
    return next(d for d in entry(name).deals if d.label == label)


def a_new_game(name: str, seed: int = 1):
    """A new game of the first deal of game `name` dealt from options (not a position), with another seed."""
    deal = next(d for d in entry(name).deals if d.position is None)
    return module(name).new_game(copy.deepcopy(deal.options), seed)


def start(name: str, deal: Deal):
    """A new game of the deal: through the module's new_game(options, seed), or the engine's from_position."""
    m = module(name)
    if deal.position is not None:
        return m.Game.from_position(copy.deepcopy(deal.position))
    return m.new_game(copy.deepcopy(deal.options), deal.seed)


def seats(g) -> list[int]:
    """The seats of a game, as view() has them: 0, 1, ... up to the first that view() refuses (the engines
    name their seat count differently: Tash-Kalar's and Wildlands' `n`, Crystal Clans' two seats)."""
    out = []
    for p in range(9):
        try:
            g.view(p)
        except ValueError:
            break
        out.append(p)
    return out


def chooser(a: Adapter, seed: int):
    """A seeded random player: uniform, or preferring `a.prefer`'s kinds `a.bias` times in `a.bias + 1`."""
    rng = random.Random(seed)

    def choose(g):
        opts = g.legal_actions()
        if a.bias:
            pref = [o for o in opts if o.kind in a.prefer]
            if pref and rng.randrange(a.bias + 1):
                return rng.choice(pref)
        return rng.choice(opts)

    return choose


@dataclass
class Played:
    final: object  # the game at its end (do not change it: clone it)
    hashes: list  # state_hash() at the start and after every move
    samples: list  # clones at every `every`-th move, and the end


@lru_cache(maxsize=None)
def played(name: str, label: str) -> Played:
    a = entry(name)
    deal = deal_of(name, label)
    g = start(name, deal)
    choose = chooser(a, deal.seed)
    hashes, samples = [g.state_hash()], []
    while not g.is_over:
        if len(g.log) % a.every == 0:
            samples.append(g.clone())
        g.apply(choose(g))
        hashes.append(g.state_hash())
        assert len(g.log) < MAX_MOVES, f"{name}-{label} has not ended after {MAX_MOVES} moves"
    samples.append(g.clone())
    return Played(g, hashes, samples)


def deciding(name: str, label: str) -> list:
    """The sampled states where somebody decides (clones of the cached ones: change them freely)."""
    return [g.clone() for g in played(name, label).samples if g.decision is not None]


def spread(states: list, k: int) -> list:
    """At most k of `states`: the first of each decision kind, then evenly spaced others."""
    firsts, seen = [], set()
    for i, g in enumerate(states):
        kind = g.decision.kind if g.decision is not None else None
        if kind not in seen:
            seen.add(kind)
            firsts.append(i)
    rest = [i for i in range(len(states)) if i not in set(firsts)]
    room = max(0, k - len(firsts))
    picked = set(firsts[:k]) | set(rest[::max(1, -(-len(rest) // room))] if room else [])
    return [states[i] for i in sorted(picked)]


def nested(depth: int, leaf=0):
    x = leaf
    for _ in range(depth):
        x = [x]
    return x
