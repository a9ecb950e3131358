"""The computer players. Each `choose(game)` returns one of `game.legal_actions()` for the player who must
decide, deterministic given the bot's seed, and never reads what that player cannot see: every bot that
looks ahead first builds its own determinization (determinize.py) and reasons only about that.

* RandomBot: uniform among the legal actions.
* GreedyBot: one step ahead (plus the forced replies until it decides again) scored by `evaluate`, over a
  few determinizations.
* SearchBot: determinized Monte Carlo search: each iteration redeals the hidden information, picks a root
  action by UCB1, plays a truncated random playout and scores its end with `evaluate`. The opponent's secret
  choices (a battle card, a Foresight prediction) are redealt in every iteration, so a simultaneous choice is
  made against the distribution of the other side's picks, never against the pick itself.
"""
from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from ..rng import Rng, seed_state
from .determinize import determinize
from .evaluate import evaluate

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..game import Game


def useful(options: list) -> list:
    """The options worth a bot's thought: "cancel" only undoes a choice (people need it, a bot gains
    nothing), so it is dropped unless it is all there is."""
    kept = [a for a in options if a.kind != "cancel"]
    return kept or options


def _random_move(g: "Game", rng: Rng) -> None:
    o = useful(g.decision.options)
    g.apply(o[rng.below(len(o))])


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed_state(seed, 7))

    def choose(self, game: "Game") -> "Action":
        d = game.decision
        if d is None:
            raise ValueError("the game asks nothing")
        if len(useful(d.options)) == 1:
            return useful(d.options)[0]
        return self._choose(game, d.player)

    def _choose(self, game: "Game", p: int) -> "Action":  # pragma: no cover - abstract
        raise NotImplementedError


class RandomBot(Bot):
    name = "random"

    def _choose(self, game: "Game", p: int) -> "Action":
        opts = useful(game.decision.options)
        return opts[self.rng.below(len(opts))]


def _finish_action(g: "Game", rng: Rng, limit: int) -> None:
    """Random moves until the next choice of an action (the current one and the replies it triggers are
    played out), the game's end, or `limit` moves."""
    n = 0
    while g.decision is not None and n < limit and g.decision.kind != "action":
        _random_move(g, rng)
        n += 1


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 2, lookahead: int = 12) -> None:
        super().__init__(seed)
        self.samples = samples
        self.lookahead = lookahead

    def _choose(self, game: "Game", p: int) -> "Action":
        opts = useful(game.decision.options)
        totals = [0.0] * len(opts)
        for _ in range(self.samples):
            d = determinize(game, p, self.rng)
            for i, a in enumerate(opts):
                g = d.clone()
                g.apply(a)
                _finish_action(g, self.rng, self.lookahead)
                totals[i] += evaluate(g, p)
        best = max(totals)
        ties = [i for i, t in enumerate(totals) if t >= best - 1e-9]
        return opts[ties[self.rng.below(len(ties))]]


class SearchBot(Bot):
    name = "search"

    def __init__(self, seed: int = 0, iterations: int = 200, playout: int = 30, seconds: float | None = None,
                 c: float = 0.7) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.playout = playout
        self.seconds = seconds  # a time budget instead (for play; iterations make tests reproducible)
        self.c = c
        self.last_iterations = 0

    def _choose(self, game: "Game", p: int) -> "Action":
        opts = useful(game.decision.options)
        n = len(opts)
        visits = [0] * n
        value = [0.0] * n
        rng = self.rng
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        it = 0
        while True:
            if deadline is None:
                if it >= self.iterations:
                    break
            elif it >= n and time.perf_counter() >= deadline:
                break
            it += 1
            if it <= n:
                i = it - 1
            else:
                log_t = math.log(it)
                i = max(range(n), key=lambda j: value[j] / visits[j] + self.c * math.sqrt(log_t / visits[j]))
            g = determinize(game, p, rng)
            g.apply(opts[i])
            steps = 0
            while g.decision is not None and steps < self.playout:
                _random_move(g, rng)
                steps += 1
            visits[i] += 1
            value[i] += evaluate(g, p)
        self.last_iterations = it
        best = max(range(n), key=lambda j: (visits[j], value[j] / visits[j] if visits[j] else -2))
        return opts[best]
