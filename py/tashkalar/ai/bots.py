"""Tash-Kalar's computer players, called as every engine's are: `bot.choose(game)` returns one of
`game.legal_actions()` for whoever decides now, deterministic given the bot's seed. A bot that looks ahead
never reads what its player cannot see: it first builds its own determinization (determinize.py) and
thinks only about that.

The base class and the random player are the shared core's (gamecore.bots: `Bot`, `RandomBot`, `useful`,
which drops `cancel` unless it is all there is), and so are the search's redeals and budget (gamecore.search).

* GreedyBot: the best option by `evaluate` after it, where an option that opens smaller choices of the same
  player (a summon's placement, its effect's targets, a flare's halves) is followed through them, picking
  the best at each, until her next action choice.
* SearchBot: determinized turn-level search. The options are first ranked by the greedy judgement; the best
  `width` of them are each played out in `samples` redeals of the hidden cards: the rest of her turn and
  the other players' whole turns follow the greedy policy, and the position when her next turn begins is
  scored. The option with the best mean wins.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.bots import Bot, RandomBot, useful
from gamecore.rng import Rng
from gamecore.search import DeterminizedSearch, best_index, real_option

from ..board import ADJ_MASK, BY_NAME
from .determinize import determinize
from .evaluate import evaluate, evaluate_near

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

ACTION = "action"  # the decision kind of a turn's action choice (rules.TurnFrame)


def settle(g: "Game", p: int, rng: Rng, depth: int, ev=evaluate) -> None:
    """Make p's smaller choices greedily until her next action choice, another player's decision or the
    end."""
    while True:
        d = g.decision
        if d is None or d.player != p or d.kind == ACTION:
            return
        g.apply(pick(g, rng, depth, ev))


def after(g: "Game", a, p: int, rng: Rng, depth: int, ev=evaluate) -> float:
    """`ev` (the evaluation) for p once option a is applied and followed through p's smaller choices."""
    g2 = g.clone(story=False)
    g2.apply(a)
    if depth > 0:
        settle(g2, p, rng, depth - 1, ev)
    return ev(g2, p)


def pick(g: "Game", rng: Rng, depth: int = 2, ev=evaluate):
    """The greedy policy: the option with the best `after` (depth: how many levels of smaller choices are
    each looked through; below that the rest are made one step deep)."""
    d = g.decision
    opts = useful(d.options)
    if len(opts) == 1:
        return opts[0]
    p = d.player
    return opts[best_index([after(g, a, p, rng, depth, ev) for a in opts], rng)]


def light_pick(g: "Game", rng: Rng, places: int = 6, ev=evaluate):
    """The playouts' cheaper greedy policy: at an action choice only `places` of the `place` options are
    weighed with the summons, discards, flares and the end: the empty squares with the most of the player's
    own pieces around them (where patterns grow), the same in every playout from the same position; smaller
    choices are made one step deep."""
    d = g.decision
    opts = useful(d.options)
    if len(opts) == 1:
        return opts[0]
    if d.kind == ACTION:
        put = [a for a in opts if a.kind == "place"]
        if len(put) > places:
            own = g.own_mask(g.colour[d.player])
            near = sorted(put, key=lambda a: -(ADJ_MASK[BY_NAME[a.args[0]]] & own).bit_count())
            opts = [a for a in opts if a.kind != "place"] + near[:places]
        return opts[best_index([after(g, a, d.player, rng, 1, ev) for a in opts], rng)]
    return opts[best_index([after(g, a, d.player, rng, 0, ev) for a in opts], rng)]


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, seed: int = 0, depth: int = 2) -> None:
        super().__init__(seed)
        self.depth = depth

    def _choose(self, game: "Game", p: int):
        d = determinize(game, p, self.rng)
        a = pick(d, self.rng, self.depth)
        return real_option(game, a)


class SearchBot(DeterminizedSearch):
    """Budget: `width` options played out (the best by the greedy ranking), `samples` redeals each,
    `places` placements of a common piece weighed at each action choice of the playouts (light_pick; 0: all
    of them, the greedy policy one level deep), `prior` the weight of the option's own greedy score added to
    its playouts' mean; `actions_only`: play out only a turn's action choices (a smaller choice of the
    same action takes the greedy ranking's best); `seconds` instead of `samples` thinks for that long (at
    least one sample); `limit` caps either in seconds (then a decision is reproducible only if the limit
    was not reached); `near`: judge with `evaluate_near` (patterns one common piece short count a little)
    instead of greedy's `evaluate`, in the ranking, her own choices in the playouts and their end (the
    other players' choices in the playouts are judged as greedy judges them). Playouts stop when the player's next turn begins, at the end of the game, or after
    `horizon` decisions."""
    name = "search"

    def __init__(self, seed: int = 0, samples: int = 4, width: int = 6, places: int = 6, rank_depth: int = 2,
                 horizon: int = 60, prior: float = 0.5, actions_only: bool = True, seconds: float | None = None, limit: float | None = None,
                 halving: bool = False, near: bool = True) -> None:
        super().__init__(seed, samples, prior, seconds, limit, halving)
        self.width = width
        self.places = places
        self.rank_depth = rank_depth
        self.actions_only = actions_only
        self.horizon = horizon
        self.ev = evaluate_near if near else evaluate

    def redeal(self, game: "Game", p: int) -> "Game":
        return determinize(game, p, self.rng)

    def _choose(self, game: "Game", p: int):
        rng = self.rng
        opts = useful(game.decision.options)
        first = determinize(game, p, rng)
        prior = [after(first, a, p, rng, self.rank_depth, self.ev) for a in opts]
        order = sorted(range(len(opts)), key=lambda i: -prior[i])[:self.width]
        if len(order) == 1 or (self.actions_only and game.decision.kind != ACTION):
            # a smaller choice (placement, target, ...): the greedy judgement, which looks through it
            return opts[order[0]]
        return opts[order[self.sampled_choice(game, p, opts, order, prior, first)]]

    def playout(self, g: "Game", p: int, rng: Rng) -> float:
        """The light greedy policy for everyone until p's next turn begins; the position's worth to p then."""
        turn = g.turn
        left_turn = False
        for _ in range(self.horizon):
            d = g.decision
            if d is None:
                break
            if g.turn != turn and g.active != p:
                left_turn = True
            if left_turn and g.active == p:
                break
            # her own choices with her judgement; the others' as greedy judges (the opponents it plays)
            ev = self.ev if d.player == p else evaluate
            g.apply(pick(g, rng, 1, ev) if self.places <= 0 else light_pick(g, rng, self.places, ev))
        return self.ev(g, p)


__all__ = ["Bot", "GreedyBot", "RandomBot", "SearchBot", "after", "pick", "settle", "useful"]
