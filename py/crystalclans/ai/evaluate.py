"""A position's worth to a player, in (-1, 1): the greedy bot's whole judgement and the search bots'
score at the end of a truncated playout. Read from a game the bot built itself (a determinization), so it
may look at every field.

Features, each the player's minus the opponent's: crystals (the goal, worth more the nearer the win),
control of crystal zones (two are needed to score), squads on the board (units, attack and defense, more in
crystal zones and in the enemy's home, where they threaten an invasion), cards in hand and in the draw pile
(running out gives the opponent a free crystal) and initiative.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

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


def evaluate(g: "Game", p: int) -> float:
    """+1 won, -1 lost, else a squashed feature difference."""
    if g.winner is not None:
        return 1.0 if g.winner == p else -1.0
    diff = side_score(g, p) - side_score(g, 1 - p) + W_INITIATIVE * g.rel(p)
    return math.tanh(diff / SCALE)
