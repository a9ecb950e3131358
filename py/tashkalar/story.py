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
