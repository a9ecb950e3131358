"""The computer players' base: what every engine's bots share. A bot's `choose(game)` returns one of
`game.legal_actions()` for the player who must decide, deterministic given the bot's seed; a forced choice
(one useful option) is made without thought, and a subclass's `_choose(game, player)` does the rest. What a
bot may read is each engine's concern: a bot that looks ahead builds its own determinization first.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .rng import Rng, seed_state

__all__ = ["Bot", "RandomBot", "decision_timings", "named_bot", "play_out", "timings", "useful"]


def useful(options: list) -> list:
    """The options worth a bot's thought: "cancel" only undoes a choice (people need it, a bot gains
    nothing), so it is dropped unless it is all there is."""
    kept = [a for a in options if a.kind != "cancel"]
    return kept or options


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed_state(seed, 7))

    def choose(self, game: Any) -> Any:
        d = game.decision
        if d is None:
            raise ValueError("the game asks nothing")
        if len(useful(d.options)) == 1:
            return useful(d.options)[0]
        return self._choose(game, d.player)

    def _choose(self, game: Any, p: int) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError


class RandomBot(Bot):
    name = "random"

    def _choose(self, game: Any, p: int) -> Any:
        opts = useful(game.decision.options)
        return opts[self.rng.below(len(opts))]


def timings(ms: "list[float]") -> dict:
    """A benchmark's thinking times (ms) in short: how many, the median, the 95th percentile and the most."""
    s = sorted(ms)
    return {"n": len(s), "median_ms": round(s[len(s) // 2], 1), "p95_ms": round(s[min(len(s) - 1, int(0.95 * len(s)))], 1),
            "max_ms": round(s[-1], 1)}


def decision_timings(make: Callable[..., Bot], games: list) -> dict:
    """A benchmark's thinking times in short (timings): in each of `games`, the i-th, a bot `make(seed=i)` made
    anew (its making timed too) chooses once."""
    ms = []
    for i, g in enumerate(games):
        t = time.perf_counter()
        make(seed=i).choose(g)
        ms.append((time.perf_counter() - t) * 1000)
    return timings(ms)


def play_out(game: Any, players: list, max_decisions: int) -> "tuple[int, list[float], list[int]]":
    """Bots play `game` on until it ends or `max_decisions` decisions were made: `players[p]` decides for seat p.
    Returns the decisions made, each seat's seconds of thought and its decisions with a real choice (more
    than one option): what a tournament records of a game."""
    n = len(players)
    think = [0.0] * n
    decisions = [0] * n
    moves = 0
    while game.decision is not None and moves < max_decisions:
        p = game.decision.player
        t = time.perf_counter()
        a = players[p].choose(game)
        think[p] += time.perf_counter() - t
        decisions[p] += len(game.decision.options) > 1
        game.apply(a)
        moves += 1
    return moves, think, decisions


def named_bot(name: str, seed: int, budget: dict, greedy: type, search: type, presets: "dict[str, dict]") -> Bot:
    """The bot an engine's `make_bot(name, seed, **budget)` makes: "random", "greedy" (`greedy(seed,
    **budget)`), or a search preset by name (`search(seed, **preset, **budget)`, named so); ValueError for an
    unknown name."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return greedy(seed, **budget)
    if name in presets:
        bot = search(seed, **{**presets[name], **budget})
        bot.name = name
        return bot
    raise ValueError(f"unknown bot {name!r}; bots are {', '.join(('random', 'greedy', *presets))}")
