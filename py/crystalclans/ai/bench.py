"""Measuring the bots (python build.py bench, in CPython, in Pyodide under Node and in the browser's worker):
search iterations per second, and thinking time per decision for each level over the same positions."""
from __future__ import annotations

import time
from functools import partial

from gamecore.bots import decision_timings
from gamecore.bots import timings as summary  # noqa: F401 - bench/ reads it from here
from gamecore.rng import Rng, seed_state

from ..game import Game
from ..simulate import pairings
from . import make_bot
from .bots import SearchBot, useful


def positions(count: int = 24, seed: int = 3) -> list[Game]:
    """Decisions with a real choice, taken from seeded random games over mixed clans."""
    out: list[Game] = []
    pairs = pairings(mirrors=False)
    i = 0
    while len(out) < count:
        g = Game.new(clans=pairs[i % len(pairs)], seed=seed + i)
        rng = Rng(seed_state(seed + i, 1))
        step = 0
        while g.decision is not None and len(out) < count:
            if step % 23 == 11 and len(useful(g.decision.options)) > 1:
                out.append(g.clone())
            opts = g.decision.options
            g.apply(opts[rng.below(len(opts))])
            step += 1
        i += 1
    return out


def iterations_per_second(seconds: float = 2.0) -> dict:
    """The search's iterations per second: one iteration is one sample (a determinization, then every root
    option finished and answered by the best of up to 12 replies, each scored)."""
    games = positions(8)
    done = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for g in games:
            bot = SearchBot(seed=done, samples=4)
            bot.choose(g)
            done += bot.last_samples
    dt = time.perf_counter() - t0
    return {"search_iterations": done, "search_seconds": round(dt, 3), "search_iterations_per_s": round(done / dt)}


def decision_times(levels: tuple[str, ...] = ("easy", "normal", "hard"), count: int = 16) -> dict:
    """Median, p95 and max thinking time (ms) per level over `count` positions."""
    games = positions(count)
    return {level: decision_timings(partial(make_bot, level), games) for level in levels}
