"""A position's worth to a player, in (-1, 1): the greedy bot's whole judgement and the search bots'
score at the end of a truncated playout. Read from a game the bot built itself (a determinization), so it
may look at every field.

Two evaluations: `evaluate_fitted`, a logistic regression of who won on FEATURES, fitted to self-play
outcomes (tools/fit_eval.py; weights in fitted.py), the one every bot uses (`evaluate`) since it beat the
hand weights (greedy 65.2% [59.6, 70.3] over 300 games, docs/COMPUTER.md); and `evaluate_hand`, the hand
weights below.

Hand-weighted features, each the player's minus the opponent's: crystals (the goal, worth more the nearer the win),
control of crystal zones (two are needed to score), squads on the board (units, attack and defense, more in
crystal zones and in the enemy's home, where they threaten an invasion), cards in hand and in the draw pile
(running out gives the opponent a free crystal) and initiative.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

from .fitted import WEIGHTS

W_CRYSTAL = 10.0
W_ZONE = 2.5
W_TWO_ZONES = 3.0
W_UNIT = 0.8
W_STAT = 0.25
W_HAND = 0.9
W_DRAW = 0.06
W_INITIATIVE = 0.12
W_HOME_THREAT = 1.5
SCALE = 12.0


def side_score(g: "Game", p: int) -> float:
    cs = g.cs
    U = g.U
    q = 1 - p
    crystals = g.crystal_count(p)
    s = W_CRYSTAL * crystals * (1 + 0.25 * crystals)
    crystal_zones = cs.board.crystal_zones
    held = 0
    for z, sq in enumerate(g.squads[p]):
        if not sq:
            continue
        units = len(sq)
        stats = 0
        for c in sq:
            u = U[c >> 1]
            stats += u.attack + u.defense
        weight = 1.0
        if z in crystal_zones:
            weight = 1.4
            if not g.squads[q][z]:
                held += 1
        elif z == cs.board.homes[q]:
            weight = 1.2
            if not g.squads[q][z]:
                s += W_HOME_THREAT
        s += weight * (W_UNIT * units + W_STAT * stats)
    s += W_ZONE * held + (W_TWO_ZONES if held >= 2 else 0.0)
    s += W_HAND * min(len(g.hands[p]), 7) + W_DRAW * len(g.draws[p])
    if not g.draws[p]:
        s -= 2.0  # the next draw reshuffles: a free crystal for the opponent
    return s


def evaluate_hand(g: "Game", p: int) -> float:
    """+1 won, -1 lost, else a squashed difference of the hand-weighted side scores."""
    if g.winner is not None:
        return 1.0 if g.winner == p else -1.0
    diff = side_score(g, p) - side_score(g, 1 - p) + W_INITIATIVE * g.rel(p)
    return math.tanh(diff / SCALE)


# ---------------------------------------------------------------- features fitted to outcomes (fitted.py)
#: the features, each the player's minus the opponent's but the last (initiative, already relative)
FEATURES = ("crystals", "crystals_sq", "one_to_win", "zones_held", "two_zones", "units_crystal",
            "stats_crystal", "units_home", "stats_home", "units_other", "stats_other", "home_threat",
            "contested_lead", "hand", "draw", "draw_empty", "initiative")


def side_features(g: "Game", p: int) -> list[float]:
    """p's parts of FEATURES (all but initiative): crystals (and their square, and one short of the win), crystal
    zones held alone and two of them, units and attack+defense in crystal zones, in the opponent's home and
    elsewhere, an invasion threat (units in the opponent's empty home), crystal zones where both have units and
    p's attack+defense is larger, cards in hand (up to 7), in the draw pile, and an empty draw pile."""
    cs = g.cs
    U = g.U
    q = 1 - p
    crystals = g.crystal_count(p)
    crystal_zones = cs.board.crystal_zones
    enemy_home = cs.board.homes[q]
    theirs = g.squads[q]
    held = lead = threat = 0
    uc = sc = uh = sh = uo = so = 0
    for z, sq in enumerate(g.squads[p]):
        if not sq:
            continue
        stats = 0
        for c in sq:
            u = U[c >> 1]
            stats += u.attack + u.defense
        if z in crystal_zones:
            uc += len(sq)
            sc += stats
            other = theirs[z]
            if not other:
                held += 1
            else:
                st = 0
                for c in other:
                    u = U[c >> 1]
                    st += u.attack + u.defense
                if stats > st:
                    lead += 1
        elif z == enemy_home:
            uh += len(sq)
            sh += stats
            if not theirs[z]:
                threat = 1
        else:
            uo += len(sq)
            so += stats
    n_draw = len(g.draws[p])
    return [crystals, crystals * crystals, crystals == cs.crystals_to_win - 1, held, held >= 2, uc, sc, uh, sh, uo,
            so, threat, lead, min(len(g.hands[p]), 7), n_draw, not n_draw]


def features(g: "Game", p: int) -> list[float]:
    """FEATURES of the position for p: p's side features minus the opponent's, then p's initiative."""
    a = side_features(g, p)
    b = side_features(g, 1 - p)
    return [x - y for x, y in zip(a, b)] + [g.rel(p)]


def evaluate_fitted(g: "Game", p: int) -> float:
    """+1 won, -1 lost, else 2 P(p wins) - 1 under the logistic model fitted to self-play outcomes (fitted.py):
    tanh(w . features / 2)."""
    if g.winner is not None:
        return 1.0 if g.winner == p else -1.0
    a = side_features(g, p)
    b = side_features(g, 1 - p)
    s = WEIGHTS[-1] * g.rel(p)
    for w, x, y in zip(WEIGHTS, a, b):
        s += w * (x - y)
    return math.tanh(0.5 * s)


#: the evaluation every bot uses unless told otherwise
evaluate = evaluate_fitted
