"""The computer players. Each `choose(game)` returns one of `game.legal_actions()` for the player who must
decide, deterministic given the bot's seed, and never reads what that player cannot see: every bot that
looks ahead first builds its own determinization (determinize.py) and reasons only about that.

* RandomBot: uniform among the legal actions.
* GreedyBot: one step ahead (plus the forced replies until it decides again) scored by `evaluate` (fitted
  to self-play outcomes), over a few determinizations.
* RolloutBot: determinized Monte Carlo: each option is played out for a few actions of both players by the
  greedy policy (both sides), and the position where the playout stops is scored by `evaluate`.
* SearchBot: determinized two-ply search: over many redeals of the hidden information, each option is
  played out to the end of its action and answered by the next decider's best one-step reply; the option
  with the best mean score is chosen. The opponent's secret choices (a battle card, a Foresight prediction)
  are redealt in every sample, so a simultaneous choice is made against the distribution of the other
  side's picks, never against the pick itself.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

from gamecore.bots import Bot, RandomBot, useful  # noqa: F401 - the bots' base, shared by the engines
from gamecore.rng import Rng

from .determinize import determinize
from .evaluate import evaluate

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..game import Game


def _random_move(g: "Game", rng: Rng) -> None:
    o = useful(g.decision.options)
    g.apply(o[rng.below(len(o))])


def _finish_action(g: "Game", rng: Rng, limit: int) -> None:
    """Random moves until the next choice of an action (the current one and the replies it triggers are
    played out), the game's end, or `limit` moves."""
    n = 0
    while g.decision is not None and n < limit and g.decision.kind != "action":
        _random_move(g, rng)
        n += 1


class SampledSearch(Bot):
    """The frame the search bots share: over samples (determinizations, redealt from the bot's stream), every
    root option is applied to the sample and scored by `_score`; the option with the best total is chosen
    (ties at random). Budget: `samples` determinizations (reproducible, for tests and tournaments) or
    `seconds` (at least one sample). `limit` caps either in seconds (the browser's guard against a slow
    device: "never over 3 s"); a decision it cuts short used fewer samples, so it is reproducible only when
    the limit is not reached."""

    def __init__(self, seed: int, samples: int, seconds: float | None, limit: float | None,
                 evaluator: Callable[["Game", int], float]) -> None:
        super().__init__(seed)
        self.evaluate = evaluator
        self.samples = samples
        self.seconds = seconds
        self.limit = limit
        self.last_samples = 0

    def _score(self, g: "Game", p: int) -> float:  # pragma: no cover - abstract
        """The worth to p of g, a sample just after one root option (g may be changed)."""
        raise NotImplementedError

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
                totals[i] += self._score(g, p)
            done += 1
        self.last_samples = done
        best = max(totals)
        ties = [i for i, t in enumerate(totals) if t >= best - 1e-9]
        return opts[ties[rng.below(len(ties))]]


class GreedyBot(SampledSearch):
    """One step ahead: each option with its action finished at random (and the forced replies until
    someone decides again), scored by `evaluate`, summed over `samples` determinizations."""
    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 2, lookahead: int = 12,
                 evaluator: Callable[["Game", int], float] = evaluate) -> None:
        super().__init__(seed, samples, None, None, evaluator)
        self.lookahead = lookahead

    def _score(self, g: "Game", p: int) -> float:
        _finish_action(g, self.rng, self.lookahead)
        return self.evaluate(g, p)


class SearchBot(SampledSearch):
    """Determinized two-ply search. Each sample redeals what p cannot see (determinize), then scores every
    root option: the option is applied and its action finished by a short random playout; whoever decides
    next then answers with their best action, found one step deep the same way (up to `replies` of their
    options, each finished at random and scored by `evaluate` from their side); the position after that
    answer is the option's score for this sample. The option with the best mean over the samples is chosen.

    The opponent's secret picks (a battle card, a Foresight prediction) are redealt in every sample, and a
    pick of theirs still to come is played at random in the playout: a simultaneous choice is made against
    the distribution of the other side's picks, never against the pick itself. Budget: SampledSearch's."""
    name = "search"

    def __init__(self, seed: int = 0, samples: int = 12, replies: int = 12, lookahead: int = 12,
                 seconds: float | None = None, limit: float | None = None,
                 evaluator: Callable[["Game", int], float] = evaluate) -> None:
        super().__init__(seed, samples, seconds, limit, evaluator)
        self.replies = replies
        self.lookahead = lookahead

    def _score(self, g: "Game", p: int) -> float:
        _finish_action(g, self.rng, self.lookahead)
        return self._answer(g, p)

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


#: secret picks: made at random inside a playout, where the other side's pick is in plain sight
SECRET_PICKS = frozenset({"battle_card", "foresight"})


def greedy_step(g: "Game", rng: Rng, evaluator: Callable[["Game", int], float], lookahead: int = 12) -> None:
    """One move of the playout policy, inside a determinization: the decider takes the option whose
    position, with its action finished at random, `evaluator` scores best from her side. A secret pick is
    made at random: the playout's world shows the other side's pick, and a policy that answered it would
    judge every battle as if that side always guessed right."""
    d = g.decision
    opts = useful(d.options)
    if len(opts) == 1 or d.kind in SECRET_PICKS:
        g.apply(opts[rng.below(len(opts))])
        return
    best, pick = -2.0, opts[0]
    for a in opts:
        c = g.clone(story=False)
        c.apply(a)
        _finish_action(c, rng, lookahead)
        v = evaluator(c, d.player)
        if v > best:
            best, pick = v, a
    g.apply(pick)


def playout(g: "Game", rng: Rng, evaluator: Callable[["Game", int], float], actions: int, limit: int = 80) -> None:
    """Greedy moves for both players until `actions` more choices of an action have been reached (the one
    the playout stops at is not made), the game's end, or `limit` moves."""
    seen = n = 0
    while g.decision is not None and n < limit:
        if g.decision.kind == "action":
            seen += 1
            if seen > actions:
                return
        greedy_step(g, rng, evaluator)
        n += 1


class RolloutBot(SampledSearch):
    """Determinized Monte Carlo with greedy playouts. Each sample redeals what p cannot see (determinize),
    then plays every root option out: the option, then both players by the greedy policy (greedy_step)
    until `horizon` further actions have been chosen; the position there, scored by `evaluate` for p, is
    the option's score for this sample. The option with the best mean over the samples is chosen.

    Where the two-ply SearchBot finished an action at random and answered it once, the playout lets both
    players choose well for a few actions (a move and the battle it leads to, the reply and its battle), so
    an option is judged by what comes of it under good play, not by the mean of random continuations.
    Budget: SampledSearch's."""
    name = "rollout"

    def __init__(self, seed: int = 0, samples: int = 6, horizon: int = 2, seconds: float | None = None,
                 limit: float | None = None, evaluator: Callable[["Game", int], float] = evaluate) -> None:
        super().__init__(seed, samples, seconds, limit, evaluator)
        self.horizon = horizon

    def _score(self, g: "Game", p: int) -> float:
        playout(g, self.rng, self.evaluate, self.horizon)
        return self.evaluate(g, p)
