"""How good a position is for a player, in [-1, 1]: the greedy bot's whole judgement and the search bot's
score at the end of its playouts. It reads a game the bot built itself (a determinization), so it may look
at every field, hands included.

Each seat gets a score; the player's value is her score minus the best of the others' (any number of seats),
squashed by tanh. A seat's score:

* points: the Duel's points, plus the points the enemy pieces she destroyed this turn will bring at its
  end (while it is her turn); the High Form's score (tasks claimed, legendary pieces), plus a part of the
  tasks face up that she meets now;
* material: her pieces in the arena by rank (upgraded pieces make patterns and are worth points to whoever
  destroys them in the Duel);
* threats: the beings and legends in her hand she could summon now (more for a higher rank), and a flare she
  could light;
* only with `near=True` (the search's judgement, not greedy's): a smaller part for each being or legend in her
  hand she could summon after placing one more common piece on an empty square (a pattern one piece short),
  so that building toward a pattern of three or four pieces counts before it is complete.

A finished game is +1 for a sole winner, 0 for a shared win, -1 for a loss.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..board import ALL_MASK
from ..content import CARDS_T
from ..patterns import NEEDS, ORIENTATIONS
from ..effects.expansion import ANYWHERE
from ..flares import lightable
from ..scoring import TESTS_BY_CODE, duel_points_for_kills, scores
from ..summon import summonable
from ..content import TASKS

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

W_POINT = 1.0
W_RANK = (0.3, 0.75, 1.3)          # a piece in the arena, by rank (Duel)
W_RANK_HF = (0.3, 0.8, 0.6)        # High Form: a legendary piece's point is in the score already
W_SUMMONABLE = (0.3, 0.5, 0.9)     # a card she could summon now, by the being's rank
W_NEAR = (0.1, 0.2, 0.35)         # a card one common piece short of a pattern, by the being's rank
W_FLARE = 0.25
W_MET_ACTIVE = 0.8                  # High Form: share of a met task's points, on her own turn
W_MET_OTHER = 0.35                  # ... and for a player waiting for her turn (the task may be gone)
SCALE = 10.0


_MEMO: dict = {}


def summonable_now(g: "Game", q: int) -> list[int]:
    """summon.summonable, remembered: without War Summoner's borrowing the answer depends only on her hand,
    her pieces, the upgraded pieces of every colour (where a being may not go) and the supply's size."""
    if g.borrow:
        return summonable(g, q)
    b = g.bits[g.colour[q]]
    r1 = r2 = 0
    for bb in g.bits:
        r1 |= bb[1]
        r2 |= bb[2]
    key = (tuple(g.hands[q]), b[0], b[1], b[2], r1, r2, g.two_sided)
    out = _MEMO.get(key)
    if out is None:
        if len(_MEMO) > 200_000:
            _MEMO.clear()
        out = _MEMO[key] = summonable(g, q)
    return out


def _near_function(code: int):
    """A function (own >=0/1/2 masks, empty squares, target_ok) -> nonzero when some orientation of the card
    has a target where every requirement but one common one is met by own pieces and that one square is empty:
    `patterns.ANY_TARGET` with one common requirement taken from the empty squares, built once per card."""
    consts: dict = {}
    terms = []
    for k, o in enumerate(ORIENTATIONS[code]):
        consts[f"V{k}"] = o.valid
        for i, (d, r) in enumerate(o.shifts):
            if r != 0:
                continue
            parts = [f"V{k}", "ok"]
            for j, (dj, rj) in enumerate(o.shifts):
                src = "em" if i == j else f"o{rj}"
                parts.append(f"({src} >> {dj})" if dj >= 0 else f"({src} << {-dj})")
            terms.append("(" + " & ".join(parts) + ")")
    src = "def near(o0, o1, o2, em, ok):\n    return " + (" or ".join(terms) or "0") + "\n"
    exec(src, consts)  # generated from our own card data only
    return consts["near"]


_NEAR: dict = {}
_NEAR_MEMO: dict = {}


def near_now(g: "Game", q: int, ready: list[int]) -> list[int]:
    """The beings and legends in q's hand, not in `ready` (summonable now), whose pattern one more common
    piece of hers on an empty square would complete (the target's rules as a summon's; the supply, the
    expansion's summoning help and Time Traveler, which goes anywhere, are not looked at: this is a
    judgement, not a rule)."""
    c = g.colour[q]
    b = g.bits[c]
    occ = r1 = r2 = 0
    for bb in g.bits:
        occ |= bb[0] | bb[1] | bb[2]
        r1 |= bb[1]
        r2 |= bb[2]
    key = (tuple(g.hands[q]), b[0], b[1], b[2], occ, r1, r2)
    out = _NEAR_MEMO.get(key)
    if out is not None:
        return out
    own = (b[0] | b[1] | b[2], b[1] | b[2], b[2])
    have, upgraded = own[0].bit_count(), own[1].bit_count()
    empty = ALL_MASK & ~occ
    out = []
    for code in sorted(set(g.hands[q])):
        card = CARDS_T[code]
        if card.kind == "flare" or code in ready or not ORIENTATIONS[code] or code in ANYWHERE:
            continue
        need, need_up = NEEDS[code]
        if have + 1 < need or upgraded < need_up:
            continue
        fn = _NEAR.get(code)
        if fn is None:
            fn = _NEAR[code] = _near_function(code)
        ok = ALL_MASK & ~(r1 | r2) if card.rank == 0 else (ALL_MASK & ~r2 if card.rank == 1 else ALL_MASK)
        if fn(own[0], own[1], own[2], empty, ok):
            out.append(code)
    if len(_NEAR_MEMO) > 200_000:
        _NEAR_MEMO.clear()
    _NEAR_MEMO[key] = out
    return out


def side_score(g: "Game", q: int, pts: list[int], near: bool = False) -> float:
    c = g.colour[q]
    b = g.bits[c]
    s = W_POINT * pts[q]
    duel = g.mode == "duel"
    if duel and q == g.active:
        s += W_POINT * sum(duel_points_for_kills(g.killed[x]) for x in range(len(g.killed)) if x != c)
    w = W_RANK if duel else W_RANK_HF
    s += w[0] * b[0].bit_count() + w[1] * b[1].bit_count() + w[2] * b[2].bit_count()
    ready = summonable_now(g, q)
    for code in ready:
        s += W_SUMMONABLE[CARDS_T[code].rank]
    if near:
        for code in near_now(g, q, ready):
            s += W_NEAR[CARDS_T[code].rank]
    if lightable(g, q):
        s += W_FLARE
    if not duel:
        share = W_MET_ACTIVE if q == g.active else W_MET_OTHER
        for t in g.tasks_up:
            if t >= 0 and TESTS_BY_CODE[t](g, q):
                s += share * TASKS[t].points
    return s


def evaluate(g: "Game", p: int, near: bool = False) -> float:
    """The worth of the position to seat p: +1 won, -1 lost, else in (-1, 1); `near`: count the patterns one
    piece short too (the search's judgement)."""
    if g.over:
        if p not in g.winners:
            return -1.0
        return 1.0 if len(g.winners) == 1 else 0.0
    pts = scores(g)
    mine = side_score(g, p, pts, near)
    best_other = max(side_score(g, q, pts, near) for q in range(g.n) if q != p)
    return math.tanh((mine - best_other) / SCALE)


def evaluate_near(g: "Game", p: int) -> float:
    """`evaluate` with the patterns one piece short counted (the search's judgement)."""
    return evaluate(g, p, True)


__all__ = ["evaluate", "evaluate_near", "near_now", "side_score"]
