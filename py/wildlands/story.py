"""The story of a game from public facts only (Game.note): turns, reveals, moves, attacks, defences,
damage, defeats, pickups, interrupts, draws as counts. Never a card drawn, a deck order or a start space
before its reveal, so the story is the same for every player.

    [{"turn": 3, "player": 0, "events": [{"move": 41, "kind": "reveal", "character": "lunk", "space": 17}, ...]}]
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

FIELDS: dict[str, tuple[str, ...]] = {
    "turn": ("turn", "player"), "reveal": ("character", "space"), "move": ("character", "from", "to"),
    "climb": ("character", "from", "to"), "fly": ("character", "from", "to"),
    "manoeuvre": ("character", "from", "to"), "attack": ("player", "attack", "character", "space"),
    "defend": ("player", "character", "card"), "damage": ("character", "n"), "defeat": ("character", "scorer"),
    "pickup": ("player", "character", "space"), "interrupt": ("player", "after"), "interrupt_end": ("player",),
    "special": ("player", "use"), "discard": ("player", "card"), "draw": ("player", "n"),
    "reshuffle": ("player",), "game_over": ("winners",),
}


def tell(g: "Game") -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    current: dict[str, Any] = {"turn": 0, "player": None, "events": []}
    for move, kind, *args in g.events or ():
        if kind == "turn":
            if current["events"] or current["turn"]:
                out.append(current)
            current = {"turn": args[0], "player": args[1], "events": []}
            continue
        ev = {"move": move, "kind": kind}
        ev.update(zip(FIELDS[kind], args))
        current["events"].append(ev)
    if current["events"] or current["turn"]:
        out.append(current)
    return out
