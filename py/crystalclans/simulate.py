"""Headless play: seeded random games, throughput and micro-benchmarks (used by the CLI, bench and tests)."""
from __future__ import annotations

import itertools
import time
from typing import Callable, Iterator

from gamecore.rng import Rng, seed_state

from .game import Game

CLANS = ("blood", "flower", "meteor", "skull", "stone", "water")
MAX_ACTIONS = 20_000  # a safety net: no random game has come near it; tests assert it is never reached


def pairings(mirrors: bool = True) -> list[tuple[str, str]]:
    """All clan pairings (21 with mirrors)."""
    combos = itertools.combinations_with_replacement if mirrors else itertools.combinations
    return list(combos(CLANS, 2))


def random_game(
    clans: tuple[str, str],
    seed: int,
    *,
    mulligan: bool = False,
    max_actions: int = MAX_ACTIONS,
    check: Callable[[Game], None] | None = None,
) -> Game:
    """Play a whole game choosing uniformly among legal actions; deterministic given the arguments
    (the bot's choices come from stream 1 of the seed, the game's shuffles from stream 0)."""
    g = Game.new(clans=clans, seed=seed, mulligan=mulligan)
    bot = Rng(seed_state(seed, 1))
    n = 0
    while g.decision is not None and n < max_actions:
        opts = g.decision.options
        g.apply(opts[bot.below(len(opts))])
        n += 1
        if check is not None:
            check(g)
    return g


def random_result(task: tuple) -> dict:
    """A random game as the self-play runner's task (clans, seed, mulligan): its result, JSON-ready."""
    clans, seed, mulligan = task
    g = random_game(tuple(clans), seed, mulligan=mulligan)
    return {"clans": list(clans), "seed": seed, "mulligan": mulligan, "winner": g.winner, "first": g.first_player,
            "actions": len(g.log), "turns": g.turn}


def seeded_games(count: int, seed: int = 1, clan_pairs: list[tuple[str, str]] | None = None) -> Iterator[tuple[tuple[str, str], int]]:
    pairs = clan_pairs or pairings()
    for i in range(count):
        yield pairs[i % len(pairs)], seed + i


def throughput(seconds: float = 2.0, seed: int = 1) -> dict:
    """Random games for about `seconds`: games/s and actions/s."""
    t0 = time.perf_counter()
    games = actions = 0
    for clans, s in seeded_games(10**9, seed):
        g = random_game(clans, s)
        games += 1
        actions += len(g.log)
        if time.perf_counter() - t0 >= seconds:
            break
    dt = time.perf_counter() - t0
    return {"games": games, "actions": actions, "seconds": round(dt, 3),
            "actions_per_s": round(actions / dt), "games_per_s": round(games / dt, 1)}


def micro_bench(samples: int = 2000, seed: int = 3) -> dict:
    """Mean clone() and legal_actions() times over states sampled from random games, in microseconds."""
    states: list[Game] = []
    for clans, s in seeded_games(40, seed):
        g = Game.new(clans=clans, seed=s)
        bot = Rng(seed_state(s, 1))
        step = 0
        while g.decision is not None:
            if step % 7 == 0 and len(states) < samples:
                states.append(g.clone())
            opts = g.decision.options
            g.apply(opts[bot.below(len(opts))])
            step += 1
        if len(states) >= samples:
            break
    reps = 5
    t0 = time.perf_counter()
    for _ in range(reps):
        for g in states:
            g.clone()
    clone_us = (time.perf_counter() - t0) / (reps * len(states)) * 1e6
    t0 = time.perf_counter()
    for _ in range(reps):
        for g in states:
            g.legal_actions()
    legal_us = (time.perf_counter() - t0) / (reps * len(states)) * 1e6
    # legal_actions() on a fresh decision point includes computing the decision: measure apply+advance too
    t0 = time.perf_counter()
    n = 0
    for g in states:
        if g.decision is not None:
            c = g.clone()
            c.apply(c.decision.options[0])
            n += 1
    apply_us = (time.perf_counter() - t0) / max(1, n) * 1e6 - clone_us
    return {"states": len(states), "clone_us": round(clone_us, 2), "legal_actions_us": round(legal_us, 2),
            "apply_us": round(apply_us, 2)}
