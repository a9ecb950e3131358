"""Wildlands' computer players, called as Crystal Clans' and Tash-Kalar's are: `bot.choose(game)` returns one
of `game.legal_actions()` for whoever decides now, deterministic given the bot's seed. A bot that looks
ahead never reads what its player cannot see: it first builds its own determinization (determinize.py) and
thinks only about that. The base class and the random player are the shared core's (gamecore.bots), and so
are the search's redeals and budget (gamecore.search).

Decision kinds (wildlands.rules): "start" (setup), "reveal" and "play" (an action of the active player or of
an interrupter), "pay" (a card of a climb or pickup), "manoeuvre", "victim", "defend", "interrupt".

* GreedyBot: the best option by `evaluate` after it, followed through the same player's smaller choices of
  that action (the cards paid, the manoeuvre's steps, the victim and the defences) until her next action
  choice or an interrupt window; an attack is followed through the victim's and defences' choices (the
  attacked players' greedy answers on the cards the determinization dealt them), so its damage counts. Ties go to `end`, so a turn never wanders,
  except with a full hand: ending then draws nothing (W23), so `end` counts FULL_HAND_END less and a card that
  costs less than that is played first (without it two greedy players could end every turn with the same
  seven cards forever, as on the Ruins with seed 1008). Special cases:
  - start spaces (W13) are chosen without looking ahead: the player's unused map cards become an enemy's
    shards (W14), so she keeps the central spaces for her figures and leaves the remote ones;
  - a card to pay is the least useful one of the hand (special cards last);
  - an interrupt window (W51) is answered `pass` at once unless the player holds a special card and one
    attack or pickup of hers after interrupting is worth clearly more (INTERRUPT_MARGIN) than passing;
  - a defence (W39): the option (pass or a card) with the best evaluation after the attack.
* SearchBot: determinized action-level search. The options are ranked by the greedy judgement; the best
  `width` are each played out in `samples` redeals of the hidden information with the greedy policy for
  everyone, `horizon` action choices deep (or to the end of the game), and scored by `evaluate`; the
  option with the best mean (plus `prior` times its greedy score) wins. Smaller choices take the greedy
  judgement, which looks through them. The preset (ai.PRESETS, issue 29) plays each option out instead to
  the player's next turn (`until_turn`: the other player's whole answer counts), with the greedy bot's own
  look-ahead (`playout_depth=2`), 8 options by successive halving (`halving`, 4 redeals a round), and scores
  the playouts' ends by the evaluation fitted to self-play outcomes (`leaf="fitted"`: evaluate_fitted).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.bots import Bot, RandomBot, useful
from gamecore.rng import Rng
from gamecore.search import DeterminizedSearch, best_index, real_option

from ..content import FIRST_SPECIAL, HAND_LIMIT
from .determinize import determinize
from .evaluate import distances, evaluate, evaluate_fitted

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

NC = 5
ACTIONS = ("play", "reveal")               # a whole action is chosen
FOLLOW = ("pay", "manoeuvre", "victim", "defend")  # the same player's smaller choices inside an action
ANSWERS = ("victim", "defend")             # ... and the attacked players' answers, which finish an attack
OUT_OF_TURN = ("interrupt", "defend")      # the questions a search with `answers` also plays out
ATTACKS = ("melee", "heavy_melee", "ranged", "heavy_ranged", "area")
INTERRUPT_MARGIN = 0.03
END_BONUS = 1e-4
FULL_HAND_END = 0.02  # ending a turn with a full hand loses the whole draw (W23): play a harmless card first
TURN_CAP = 400        # decisions at most in a playout that runs to the player's next turn
LEAVES = {"hand": evaluate, "fitted": evaluate_fitted}  # the search's score at the end of a playout


def card_worth(g: "Game", p: int, k: int) -> float:
    """How much a card of p's hand is worth keeping: special cards most; else by the figures still in the
    game whose symbol it shows and what it lets them do."""
    if k >= FIRST_SPECIAL:
        return 10.0
    c = g.fd[p].cards[k]
    w = 0.0
    for i in range(NC):
        if c.shows >> i & 1 and g.pos[p * NC + i] != -1:
            w += 1.0 + (0.5 if c.flag[i] in ATTACKS else 0.2 if c.flag[i] else 0.0)
    return w + (0.7 if c.joker else 0.0)


def cheapest_pay(g: "Game", opts: list):
    """The pay option that gives away the least useful card."""
    p = g.decision.player
    from ..rules import card_code

    return min(opts, key=lambda a: (card_worth(g, p, card_code(g, p, a.args[0])), str(a)))


def start_choice(g: "Game", opts: list, rng: Rng):
    """W13: the most central free space of p's map cards (the fewest cards to walk to every space)."""
    dist = distances(g.board)
    def spread(s: int) -> int:
        return sum(d for d in dist[s][1:] if d < 99)
    scores = [-spread(a.args[1]) for a in opts]
    return opts[best_index(scores, rng)]


def settle(g: "Game", p: int, rng: Rng, depth: int, ev=evaluate) -> None:
    """Make p's smaller choices of the action under way greedily, and the victim and defence choices of the
    players she attacks (their own greedy judgement, on the cards this copy deals them), until her next
    action choice, another question (an interrupt window) or the end."""
    while True:
        d = g.decision
        if d is None or d.kind not in FOLLOW or (d.player != p and d.kind not in ANSWERS):
            return
        g.apply(pick(g, rng, depth if d.player == p else 0, ev))


def after(g: "Game", a, p: int, rng: Rng, depth: int, ev=evaluate) -> float:
    """`evaluate` (or `ev`) for p once option a is applied and followed through p's smaller choices."""
    g2 = g.clone(story=False)
    g2.apply(a)
    if depth > 0:
        settle(g2, p, rng, depth - 1, ev)
    v = ev(g2, p)
    return v + END_BONUS if a.kind == "end" else v


def interrupt_gain(g: "Game", p: int, rng: Rng, depth: int, ev=evaluate) -> float:
    """How much more than passing interrupting is worth to p: her best attack or pickup right after it."""
    base = ev(g, p)
    g2 = g.clone(story=False)
    g2.apply(next(a for a in g.decision.options if a.kind == "interrupt"))
    if g2.decision is None or g2.decision.player != p:
        return -1.0
    opts = [a for a in g2.decision.options if a.kind in ATTACKS or a.kind == "pickup"]
    if not opts:
        return -1.0
    return max(after(g2, a, p, rng, depth, ev) for a in opts) - base


def pick(g: "Game", rng: Rng, depth: int = 2, ev=evaluate):
    """The greedy policy for whoever decides in g (a game the bot may read whole: a determinization), judging
    by `ev` (the hand-weighted `evaluate` unless told)."""
    d = g.decision
    opts = useful(d.options)
    if len(opts) == 1:
        return opts[0]
    p = d.player
    kind = d.kind
    if kind == "start":
        return start_choice(g, opts, rng)
    if kind == "pay":
        return cheapest_pay(g, opts)
    if kind == "interrupt":
        gain = interrupt_gain(g, p, rng, max(depth - 1, 0), ev)
        return next(a for a in opts if a.kind == ("interrupt" if gain > INTERRUPT_MARGIN else "pass"))
    scores = [after(g, a, p, rng, depth, ev) for a in opts]
    if kind == "play" and p == g.active and len(g.hands[p]) >= HAND_LIMIT:
        scores = [s - FULL_HAND_END if a.kind == "end" else s for a, s in zip(opts, scores)]
    return opts[best_index(scores, rng)]


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, seed: int = 0, depth: int = 2, evaluator: str = "hand") -> None:
        super().__init__(seed)
        self.depth = depth
        self.ev = LEAVES[evaluator]

    def _choose(self, game: "Game", p: int):
        d = determinize(game, p, self.rng)
        return real_option(game, pick(d, self.rng, self.depth, self.ev))


class SearchBot(DeterminizedSearch):
    """Budget: `width` options played out (the best by the greedy ranking), `samples` redeals each,
    `horizon` action choices (of anyone) per playout, `prior` the weight of the option's own greedy score;
    `until_turn`: a playout runs instead until the player's next turn begins (through the other players'
    turns, so their answer to the option counts), at most `horizon` decisions; `halving`: successive halving
    (every option gets `samples` redeals, then the better half `samples` more, and so on); `answers`: the
    interrupt windows and defences are searched too (options: pass and the cards), not only the actions;
    `playout_depth`: the look-ahead of the greedy policy inside a playout (2 is the greedy bot's own, so the
    playouts predict a greedy opponent's answer as it plays it); `leaf`: the score of a playout's end ("hand":
    `evaluate`, "fitted": `evaluate_fitted`); `seconds` instead of `samples` thinks that long (at least one sample); `limit` caps either in seconds
    (then a decision is reproducible only if the limit was not reached)."""
    name = "search"

    def __init__(self, seed: int = 0, samples: int = 2, width: int = 3, horizon: int = 4, rank_depth: int = 2,
                 prior: float = 0.5, seconds: "float | None" = None, limit: "float | None" = None,
                 until_turn: bool = False, halving: bool = False, answers: bool = False,
                 playout_depth: int = 1, leaf: str = "hand") -> None:
        super().__init__(seed, samples, prior, seconds, limit, halving)
        self.width = width
        self.horizon = horizon
        self.rank_depth = rank_depth
        self.until_turn = until_turn
        self.kinds = ACTIONS + OUT_OF_TURN if answers else ACTIONS
        self.playout_depth = playout_depth
        self.leaf = LEAVES[leaf]

    def redeal(self, game: "Game", p: int) -> "Game":
        return determinize(game, p, self.rng)

    def playout_rng(self, stream: int) -> Rng:
        return Rng(stream | 1)  # Wildlands' playouts have always started from an odd state

    def _choose(self, game: "Game", p: int):
        rng = self.rng
        first = determinize(game, p, rng)
        kind = game.decision.kind
        if kind not in self.kinds:
            return real_option(game, pick(first, rng, self.rank_depth))
        opts = useful(game.decision.options)
        if len(opts) == 1:
            return opts[0]
        if kind in ACTIONS:
            prior = [after(first, a, p, rng, self.rank_depth) for a in opts]
            if p == game.active and len(game.hands[p]) >= HAND_LIMIT:
                prior = [v - FULL_HAND_END if a.kind == "end" else v for a, v in zip(opts, prior)]
        else:  # an answer out of turn: the playouts alone judge it
            prior = [0.0] * len(opts)
        order = sorted(range(len(opts)), key=lambda i: -prior[i])[:self.width]
        if len(order) == 1:
            return real_option(game, opts[order[0]])
        return real_option(game, opts[order[self.sampled_choice(game, p, opts, order, prior, first)]])

    def playout(self, g: "Game", p: int, rng: Rng) -> float:
        """The greedy policy (`playout_depth` deep) for everyone for `horizon` action choices, or (`until_turn`)
        until p's next turn begins; p's worth then."""
        if self.until_turn:
            turn = g.turn
            for _ in range(TURN_CAP):
                if g.decision is None or (g.turn != turn and g.active == p):
                    break
                g.apply(pick(g, rng, self.playout_depth))
            return self.leaf(g, p)
        left = self.horizon
        while g.decision is not None:
            if g.decision.kind in ACTIONS:
                if left <= 0:
                    break
                left -= 1
            g.apply(pick(g, rng, self.playout_depth))
        return self.leaf(g, p)


__all__ = ["Bot", "GreedyBot", "RandomBot", "SearchBot", "after", "card_worth", "pick", "settle", "useful"]
