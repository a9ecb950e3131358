"""Determinized search, the part Tash-Kalar's and Wildlands' search bots share: the options a bot's ranking
put first are each played out on redeals of what its player cannot see, and the best mean (with a part of the
ranking's own score) wins.

A redeal is the bot's own determinization of the real game (each engine's ai/determinize.py), drawn from the
bot's random stream; every option of one redeal is played out with the same random stream, so their difference
is less noisy. The budget is `samples` redeals per option (reproducible: tests and tournaments), or `seconds`
of thought (at least one redeal), and `limit` caps either in seconds (a decision it cuts short is reproducible
only if the limit was not reached). With `halving` (and no `seconds`), successive halving: every option gets
`samples` redeals, then the better half `samples` more, and so on until one is left.

What a playout is and how a position is scored are the engine's (`DeterminizedSearch.playout`, `redeal`);
the random draws here come in the order both bots have always drawn them, so a bot chooses as before.
"""
from __future__ import annotations

import time
from typing import Any

from .bots import Bot
from .rng import Rng

__all__ = ["DeterminizedSearch", "best_index", "real_option"]


def best_index(scores: list[float], rng: Rng) -> int:
    """The index of the best score; a tie is broken by `rng` (drawn from only when there is a tie)."""
    top = max(scores)
    ties = [i for i, s in enumerate(scores) if s >= top - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.below(len(ties))]


def real_option(game: Any, a: Any) -> Any:
    """The real game's option with a's notation (a determinization shares the decision, so it is a)."""
    for b in game.decision.options:
        if b is a or str(b) == str(a):
            return b
    raise AssertionError(f"{a} is not an option of the real game")  # pragma: no cover


class DeterminizedSearch(Bot):
    """A search bot's budget and its sampling: `sampled_choice` plays the ranked options out and returns the
    one chosen. A subclass gives `redeal(game, p)` (a determinization for p, from the bot's stream) and
    `playout(g, p, rng)` (g, a redeal just after one option, played on; its worth to p)."""

    def __init__(self, seed: int, samples: int, prior: float, seconds: float | None, limit: float | None,
                 halving: bool) -> None:
        super().__init__(seed)
        self.samples = samples
        self.prior = prior  # the weight of an option's ranking score beside its playouts' mean
        self.seconds = seconds
        self.limit = limit
        self.halving = halving
        self.last_samples = 0  # the redeals the last sampled choice gave each option (the chosen one's, halving)

    def redeal(self, game: Any, p: int) -> Any:  # pragma: no cover - abstract
        """A determinization of the real `game` for p (what p cannot see dealt anew from the bot's stream)."""
        raise NotImplementedError

    def playout(self, g: Any, p: int, rng: Rng) -> float:  # pragma: no cover - abstract
        """g (a redeal just after one option) played on with `rng`; what it is worth to p then."""
        raise NotImplementedError

    def playout_rng(self, stream: int) -> Rng:
        """The random stream of one redeal's playouts."""
        return Rng(stream)

    def played_out(self, deal: Any, option: Any, p: int, stream: int) -> float:
        """`option` applied to a copy of the redeal `deal` and played out with the stream `stream`."""
        g = deal.clone(story=False)
        g.apply(option)
        return self.playout(g, p, self.playout_rng(stream))

    def sampled_choice(self, game: Any, p: int, opts: list, order: list[int], prior: list[float],
                       first: Any) -> int:
        """Which of the options `order` (indices into `opts`, two or more, the ranking's best first; `prior`:
        each option's ranking score) the playouts choose, as an index into `order`; `first` is the redeal
        the ranking used, the first one played out."""
        caps = [t for t in (self.seconds, self.limit) if t is not None]
        deadline = time.perf_counter() + min(caps) if caps else None
        if self.halving and self.seconds is None:
            return self._halve(game, p, opts, order, prior, first, deadline)
        totals = [0.0] * len(order)
        done = 0
        d = first
        while done < 1 or ((deadline is None or time.perf_counter() < deadline)
                           and (self.seconds is not None or done < self.samples)):
            if done:
                d = self.redeal(game, p)
            stream = self.rng.next64()  # the same random stream for every option: their difference is less noisy
            for k, i in enumerate(order):
                totals[k] += self.played_out(d, opts[i], p, stream)
            done += 1
        self.last_samples = done
        # the playouts' mean, with the ranking's judgement of the option itself as a steadying part
        return max(range(len(order)), key=lambda k: (totals[k] / done + self.prior * prior[order[k]], -k))

    def _halve(self, game: Any, p: int, opts: list, order: list[int], prior: list[float], first: Any,
               deadline: float | None) -> int:
        """Successive halving: every option of `order` is played out in `samples` redeals, then the better
        half (by mean plus the prior's part) in `samples` more, and so on until one is left; the options
        alive in a round share its redeals and random streams. Returns the chosen index into `order`."""
        deals: list[tuple[Any, int]] = []
        sums = [0.0] * len(order)
        alive = list(range(len(order)))
        n = 0  # the samples every alive option has had

        def score(k: int) -> tuple:
            return (sums[k] / max(1, n) + self.prior * prior[order[k]], -k)

        while len(alive) > 1:
            need = n + max(1, self.samples)
            while len(deals) < need:
                deals.append((first if not deals else self.redeal(game, p), self.rng.next64()))
            for j in range(n, need):
                if j and deadline is not None and time.perf_counter() >= deadline:
                    n = self.last_samples = j  # every alive option has had j redeals
                    return max(alive, key=score)
                d, stream = deals[j]
                for k in alive:
                    sums[k] += self.played_out(d, opts[order[k]], p, stream)
            n = need
            alive = sorted(alive, key=score, reverse=True)[:max(1, len(alive) // 2)]
        self.last_samples = n
        return alive[0]
