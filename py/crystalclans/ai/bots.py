"""The computer players. Each `choose(game)` returns one of `game.legal_actions()` for the player who must
decide, deterministic given the bot's seed, and never reads what that player cannot see: every bot that
looks ahead first builds its own determinization (determinize.py) and reasons only about that.

* RandomBot: uniform among the legal actions.
* GreedyBot: one step ahead (plus the forced replies until it decides again) scored by `evaluate` (fitted
  to self-play outcomes), over a few determinizations.
* SearchBot: determinized two-ply search: over many redeals of the hidden information, each option is
  played out to the end of its action and answered by the next decider's best one-step reply; the option
  with the best mean score is chosen. The opponent's secret choices (a battle card, a Foresight prediction)
  are redealt in every sample, so a simultaneous choice is made against the distribution of the other
  side's picks, never against the pick itself.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

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

    def __init__(self, seed: int = 0, samples: int = 2, lookahead: int = 12,
                 evaluator: Callable[["Game", int], float] = evaluate) -> None:
        super().__init__(seed)
        self.samples = samples
        self.lookahead = lookahead
        self.evaluate = evaluator

    def _choose(self, game: "Game", p: int) -> "Action":
        opts = useful(game.decision.options)
        totals = [0.0] * len(opts)
        for _ in range(self.samples):
            d = determinize(game, p, self.rng)
            for i, a in enumerate(opts):
                g = d.clone()
                g.apply(a)
                _finish_action(g, self.rng, self.lookahead)
                totals[i] += self.evaluate(g, p)
        best = max(totals)
        ties = [i for i, t in enumerate(totals) if t >= best - 1e-9]
        return opts[ties[self.rng.below(len(ties))]]


class SearchBot(Bot):
    """Determinized two-ply search. Each sample redeals what p cannot see (determinize), then scores every
    root option: the option is applied and its action finished by a short random playout; whoever decides
    next then answers with their best action, found one step deep the same way (up to `replies` of their
    options, each finished at random and scored by `evaluate` from their side); the position after that
    answer is the option's score for this sample. The option with the best mean over the samples is chosen.

    The opponent's secret picks (a battle card, a Foresight prediction) are redealt in every sample, and a
    pick of theirs still to come is played at random in the playout: a simultaneous choice is made against
    the distribution of the other side's picks, never against the pick itself. Budget: `samples`
    determinizations (reproducible, for tests and tournaments) or `seconds` (at least one sample). `limit`
    caps either in seconds (the browser's guard against a slow device: "never over 3 s"); a decision it
    cuts short used fewer samples, so it is reproducible only when the limit is not reached."""
    name = "search"

    def __init__(self, seed: int = 0, samples: int = 12, replies: int = 12, lookahead: int = 12,
                 seconds: float | None = None, limit: float | None = None,
                 evaluator: Callable[["Game", int], float] = evaluate) -> None:
        super().__init__(seed)
        self.evaluate = evaluator
        self.samples = samples
        self.replies = replies
        self.lookahead = lookahead
        self.seconds = seconds
        self.limit = limit
        self.last_samples = 0

    def _choose(self, game: "Game", p: int) -> "Action":
        opts = useful(game.decision.options)
        totals = [0.0] * len(opts)
        rng = self.rng
        caps = [t for t in (self.seconds, self.limit) if t is not None]
        deadline = time.perf_counter() + min(caps) if caps else None
        done = 0
        while done < 1 or ((deadline is None or time.perf_counter() < deadline)
                           and (self.seconds is not None or done < self.samples)):
            d = determinize(game, p, rng)
            for i, a in enumerate(opts):
                g = d.clone(story=False)
                g.apply(a)
                _finish_action(g, rng, self.lookahead)
                totals[i] += self._answer(g, p)
            done += 1
        self.last_samples = done
        best = max(totals)
        ties = [i for i, t in enumerate(totals) if t >= best - 1e-9]
        return opts[ties[rng.below(len(ties))]]

    def _answer(self, g: "Game", p: int) -> float:
        """The position's worth to p after the next decider's best one-step answer."""
        d = g.decision
        if d is None or d.kind != "action":
            return self.evaluate(g, p)
        q = d.player
        options = useful(d.options)
        if len(options) > self.replies:  # a random subset, the same size every time
            options = list(options)
            for k in range(self.replies):
                j = k + self.rng.below(len(options) - k)
                options[k], options[j] = options[j], options[k]
            del options[self.replies:]
        best = -2.0
        for b in options:
            g2 = g.clone(story=False)
            g2.apply(b)
            _finish_action(g2, self.rng, self.lookahead)
            best = max(best, self.evaluate(g2, q))
        return best if q == p else -best
