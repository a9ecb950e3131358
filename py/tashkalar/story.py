"""The story of a game: its turns and what happened in each, from public facts only.

The engine records facts as they happen (`Game.note`, called by the board and card primitives): never a
card drawn (only how many of each kind), a deck's order, or which card went under a deck, so the story is
the same for every player. `tell(game)` turns them into plain data:

    [{"turn": 3, "player": 0, "events": [
        {"move": 12, "kind": "summon", "player": 0, "card": "highland/dire-wolf", "square": "e5", "orientation": 2},
        {"move": 13, "kind": "move", "from": "e5", "to": "e6"},
        {"move": 13, "kind": "destroy", "square": "e6", "colour": 1, "rank": 0}, ...]}]

`move` is the index in `game.log` of the answer that caused the fact (-1: the setup).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

RANK_NAMES = ("common", "heroic", "legendary")
FIELDS: dict[str, tuple[str, ...]] = {
    "turn": ("turn", "player"),
    "place": ("square", "colour", "rank"),
    "destroy": ("square", "colour", "rank"),
    "move": ("from", "to"),
    "rank": ("square", "was", "now"),
    "convert": ("square", "colour", "rank", "new_colour", "new_rank"),
    "lift": ("square",),
    "summon": ("player", "card", "square", "orientation"),
    "flare": ("player", "card", "halves", "opponent"),
    "points": ("player", "n", "why"),
    "colour_points": ("player", "colour", "n", "why"),
    "improvised": ("player", "colour", "square"),
    "handover": ("player", "partner", "legends"),
    "give_legends": ("player", "partner", "legends"),
    "claim": ("player", "task"),
    "discard": ("player", "card"),
    "bottom": ("player", "deck"),
    "to_deck": ("player", "card"),
    "draw": ("player", "beings", "legends", "flares"),
    "reshuffle": ("deck",),
    "gain_actions": ("player", "n"),
    "end_triggered": ("why", "player"),
    "resign": ("player",),
    "game_over": ("winners",),
}


def tell(g: "Game") -> list[dict[str, Any]]:
    turns: list[dict[str, Any]] = []
    current: dict[str, Any] = {"turn": 0, "player": None, "events": []}
    for fact in g.events or ():
        move, kind, *values = fact
        if kind == "turn":
            if current["events"] or current["turn"]:
                turns.append(current)
            current = {"turn": values[0], "player": values[1], "events": []}
            continue
        event: dict[str, Any] = {"move": move, "kind": kind}
        event.update(zip(FIELDS[kind], values))
        current["events"].append(event)
    if current["events"] or current["turn"]:
        turns.append(current)
    return turns


STATISTICS = ("summons", "legends", "flares", "tasks", "destroyed", "lost", "upgrades")


def statistics(g: "Game") -> list[dict[str, int]]:
    """Per player, from the story's facts alone: beings summoned (legends among them), flares lit, tasks
    claimed, enemy pieces destroyed and pieces upgraded on her turns, and pieces of her colour lost (partners
    share a colour, so they share that count)."""
    colour = g.colour
    stats = [dict.fromkeys(STATISTICS, 0) for _ in range(g.n)]
    pos = g.setup.get("position")
    mover = int(pos.get("active", 0)) if isinstance(pos, dict) else None  # a position starts in a turn
    for _, kind, *v in g.events or ():
        if kind == "turn":
            mover = v[1]
        elif kind == "summon":
            stats[v[0]]["summons"] += 1
            stats[v[0]]["legends"] += v[1].startswith("legend/")
        elif kind == "flare":
            stats[v[0]]["flares"] += 1
        elif kind == "claim":
            stats[v[0]]["tasks"] += 1
        elif kind == "destroy":
            for p in range(g.n):
                if colour[p] == v[1]:
                    stats[p]["lost"] += 1
            if mover is not None and colour[mover] != v[1]:
                stats[mover]["destroyed"] += 1
        elif kind == "rank" and mover is not None and v[2] > v[1]:
            stats[mover]["upgrades"] += 1
    return stats
