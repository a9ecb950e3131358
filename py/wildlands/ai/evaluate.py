"""How good a Wildlands position is for a player, in [-1, 1]: the greedy bot's whole judgement and the search
bot's score at the end of its playouts. It reads a game the bot built itself (a determinization), so it may
look at every field, hands included.

Each seat gets a score; the player's value is her score minus the best of the others' (any number of seats),
squashed by tanh. A seat's score:

* points: shards collected and enemies knocked out (W58-W61), one each;
* figures: each figure still in the game by the share of its health left (one hit from a knockout counts
  less: the next hit scores for the enemy);
* shards: each of her shards on the board by how close her nearest revealed figure is (moves, a climb
  counting two: W25, W26);
* threats: each revealed figure by what its cards let it attack (how often its symbol carries a ranged,
  area or melee flag) and the enemies it could reach: in line of sight (W42-W47), on its space or next to
  it; standing in cover;
* cards: her hand as it will be after her next draw (three, never above seven, W23), so a card played from
  a full hand costs nothing and one from a thin hand costs something; special cards a little more.

A finished game is +1 for a sole winner, 0 for a shared win, -1 for a loss.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from ..content import BOARDS, FACTIONS, FIRST_SPECIAL, HAND_LIMIT

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

NC = 5
W_POINT = 1.0
W_FIGURE = 0.3          # a figure still in the game
W_HEALTH = 0.6          # ... times the share of its health left
W_LAST_HIT = 0.2        # less when one hit knocks it out
W_SHARD = 0.45          # a shard of hers on the board, times SHARD_DECAY ** distance of her nearest figure
SHARD_DECAY = 0.7
W_RANGED = 0.12         # an enemy in line of sight of a figure that shoots (times its share of ranged flags)
W_MELEE_HERE = 0.2      # an enemy on the space of a figure that fights in melee
W_MELEE_NEAR = 0.06     # ... next to it
W_COVER = 0.03
W_CARD = 0.07
W_SPECIAL = 0.05
SCALE = 4.0
RANGED = ("ranged", "heavy_ranged")
MELEE = ("melee", "heavy_melee", "area")


@lru_cache(maxsize=None)
def distances(board: str) -> "tuple[tuple[int, ...], ...]":
    """dist[a][b]: the fewest cards to walk from a to b (a step 1, a climb 2)."""
    bd = BOARDS[board]
    n = len(bd.steps)
    out = []
    for a in range(n):
        dist = [99] * n
        dist[a] = 0
        todo = [a]
        while todo:  # small graph: a label-correcting search is enough
            nxt = []
            for s in todo:
                for t, climb in bd.steps[s]:
                    c = dist[s] + (2 if climb else 1)
                    if c < dist[t]:
                        dist[t] = c
                        nxt.append(t)
            todo = nxt
        out.append(tuple(dist))
    return tuple(out)


@lru_cache(maxsize=None)
def profile(faction: str) -> "tuple[tuple[float, float], ...]":
    """Per character of a faction: the share of its symbol's cards that let it shoot, and that let it fight
    in melee (or an area attack)."""
    f = FACTIONS[faction]
    out = []
    for i in range(NC):
        shown = [c for c in f.cards if not c.special and c.shows >> i & 1]
        r = sum(c.flag[i] in RANGED for c in shown) / max(1, len(shown))
        m = sum(c.flag[i] in MELEE for c in shown) / max(1, len(shown))
        out.append((r, m))
    return tuple(out)


def side_score(g: "Game", q: int, dist) -> float:
    s = W_POINT * (g.collected[q] + len(g.taken[q]))
    pos, dmg, health = g.pos, g.dmg, g.health
    base = q * NC
    bd = g.bd
    prof = profile(g.factions[q])
    mine = []
    for i in range(NC):
        c = base + i
        x = pos[c]
        if x == -1:
            continue
        left = health[c] - dmg[c]
        s += W_FIGURE + W_HEALTH * left / health[c] - (W_LAST_HIT if left <= 1 else 0.0)
        if x > 0:
            mine.append((i, x))
    if mine:
        for sh in g.shards[q]:
            best = min(dist[x][sh] for _, x in mine)
            s += W_SHARD * SHARD_DECAY ** best
        enemies = [e for e in range(len(pos)) if pos[e] > 0 and e // NC != q]
        for i, x in mine:
            r, m = prof[i]
            if bd.cover[x]:
                s += W_COVER
            if not enemies:
                continue
            los = bd.los[x]
            near = bd.near[x]
            seen = here = close = 0
            for e in enemies:
                t = pos[e]
                if t in los:
                    seen += 1
                if t == x:
                    here += 1
                elif t in near:
                    close += 1
            if r:
                s += W_RANGED * r * min(seen, 2)
            if m:
                s += m * (W_MELEE_HERE * min(here, 1) + W_MELEE_NEAR * min(close, 2))
    hand = g.hands[q]
    s += W_CARD * min(HAND_LIMIT, len(hand) + 3)
    s += W_SPECIAL * sum(1 for k in hand if k >= FIRST_SPECIAL)
    return s


def evaluate(g: "Game", p: int) -> float:
    """The worth of the position to seat p: +1 won, -1 lost, else in (-1, 1)."""
    if g.over:
        if p not in g.winners:
            return -1.0
        return 1.0 if len(g.winners) == 1 else 0.0
    dist = distances(g.board)
    mine = side_score(g, p, dist)
    best_other = max(side_score(g, q, dist) for q in range(g.n) if q != p and g.alive(q))
    return math.tanh((mine - best_other) / SCALE)


# ---------------------------------------------------------------- features fitted to outcomes (fitted.py)
#: a seat's parts of the score above, unweighted, and a few the hand weights lack (the points' square, one
#: point short of the win, shards no revealed figure of hers can walk to yet, figures still unrevealed)
FEATURES = ("points", "points_sq", "one_to_win", "figures", "health", "last_hit", "shards_near", "shards_left",
            "ranged", "melee_here", "melee_near", "cover", "cards", "specials", "unrevealed")
WIN_AT = 5


def side_features(g: "Game", q: int, dist) -> "list[float]":
    """Seat q's FEATURES (each a count or sum as side_score adds them up, before its weights)."""
    pts = g.collected[q] + len(g.taken[q])
    f = [0.0] * len(FEATURES)
    f[0], f[1], f[2] = pts, pts * pts, 1.0 if pts == WIN_AT - 1 else 0.0
    pos, dmg, health = g.pos, g.dmg, g.health
    base = q * NC
    bd = g.bd
    prof = profile(g.factions[q])
    mine = []
    for i in range(NC):
        c = base + i
        x = pos[c]
        if x == -1:
            continue
        left = health[c] - dmg[c]
        f[3] += 1.0
        f[4] += left / health[c]
        f[5] += left <= 1
        if x > 0:
            mine.append((i, x))
        else:
            f[14] += 1.0
    f[7] = len(g.shards[q])
    if mine:
        for sh in g.shards[q]:
            f[6] += SHARD_DECAY ** min(dist[x][sh] for _, x in mine)
        enemies = [e for e in range(len(pos)) if pos[e] > 0 and e // NC != q]
        for i, x in mine:
            r, m = prof[i]
            if bd.cover[x]:
                f[11] += 1.0
            if not enemies:
                continue
            los = bd.los[x]
            near = bd.near[x]
            seen = here = close = 0
            for e in enemies:
                t = pos[e]
                if t in los:
                    seen += 1
                if t == x:
                    here += 1
                elif t in near:
                    close += 1
            f[8] += r * min(seen, 2)
            f[9] += m * min(here, 1)
            f[10] += m * min(close, 2)
    hand = g.hands[q]
    f[12] = min(HAND_LIMIT, len(hand) + 3)
    f[13] = sum(1 for k in hand if k >= FIRST_SPECIAL)
    return f


def features(g: "Game", p: int) -> "list[float]":
    """FEATURES for p: her side's minus the strongest other seat's (by the fitted weights)."""
    from .fitted import WEIGHTS
    dist = distances(g.board)
    a = side_features(g, p, dist)
    others = [side_features(g, q, dist) for q in range(g.n) if q != p and g.alive(q)]
    b = max(others, key=lambda o: sum(w * x for w, x in zip(WEIGHTS, o)))
    return [x - y for x, y in zip(a, b)]


def evaluate_fitted(g: "Game", p: int) -> float:
    """The worth of the position to seat p from the weights fitted to who won (fitted.py): a finished game as
    `evaluate`, else tanh(w . features / 2) = 2 P(p wins) - 1."""
    if g.over:
        return evaluate(g, p)
    from .fitted import WEIGHTS
    z = sum(w * x for w, x in zip(WEIGHTS, features(g, p)))
    return math.tanh(max(-40.0, min(40.0, z)) / 2)


__all__ = ["FEATURES", "distances", "evaluate", "evaluate_fitted", "features", "profile", "side_features",
           "side_score"]
