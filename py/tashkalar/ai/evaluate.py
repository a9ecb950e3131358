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
  could light.

A finished game is +1 for a sole winner, 0 for a shared win, -1 for a loss.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..content import CARDS_T
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


def side_score(g: "Game", q: int, pts: list[int]) -> float:
    c = g.colour[q]
    b = g.bits[c]
    s = W_POINT * pts[q]
    duel = g.mode == "duel"
    if duel and q == g.active:
        s += W_POINT * sum(duel_points_for_kills(g.killed[x]) for x in range(len(g.killed)) if x != c)
    w = W_RANK if duel else W_RANK_HF
    s += w[0] * b[0].bit_count() + w[1] * b[1].bit_count() + w[2] * b[2].bit_count()
    for code in summonable_now(g, q):
        s += W_SUMMONABLE[CARDS_T[code].rank]
    if lightable(g, q):
        s += W_FLARE
    if not duel:
        share = W_MET_ACTIVE if q == g.active else W_MET_OTHER
        for t in g.tasks_up:
            if t >= 0 and TESTS_BY_CODE[t](g, q):
                s += share * TASKS[t].points
    return s


def evaluate(g: "Game", p: int) -> float:
    """The worth of the position to seat p: +1 won, -1 lost, else in (-1, 1)."""
    if g.over:
        if p not in g.winners:
            return -1.0
        return 1.0 if len(g.winners) == 1 else 0.0
    pts = scores(g)
    mine = side_score(g, p, pts)
    best_other = max(side_score(g, q, pts) for q in range(g.n) if q != p)
    return math.tanh((mine - best_other) / SCALE)


__all__ = ["evaluate", "side_score"]
