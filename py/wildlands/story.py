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


STATISTICS = ("shards", "knockouts", "lost", "attacks", "damage", "defences", "interrupts", "steps", "cards_drawn")
STEPS = ("move", "climb", "fly", "manoeuvre")


def statistics(g: "Game") -> list[dict[str, int]]:
    """Per player, from the story's facts alone: shards picked up, enemy characters knocked out (W58) and
    own characters lost (by anyone, W60 included), attacks made, damage dealt to enemy characters by her
    attacks, defences and interrupts played, steps taken by her characters (moves, climbs, flights,
    manoeuvre steps), cards drawn (the opening hand too)."""
    owner = {cid: code // 5 for code, cid in enumerate(g.ids)}
    stats = [dict.fromkeys(STATISTICS, 0) for _ in range(g.n)]
    attacker = -1  # every damage follows the attack that caused it (rules.Attack)
    for _, kind, *v in g.events or ():
        if kind == "pickup":
            stats[v[0]]["shards"] += 1
        elif kind == "defeat":
            stats[owner[v[0]]]["lost"] += 1
            if v[1] >= 0:
                stats[v[1]]["knockouts"] += 1
        elif kind == "attack":
            attacker = v[0]
            stats[attacker]["attacks"] += 1
        elif kind == "damage":
            if attacker >= 0 and owner[v[0]] != attacker:
                stats[attacker]["damage"] += v[1]
        elif kind == "defend":
            stats[v[0]]["defences"] += 1
        elif kind == "interrupt":
            stats[v[0]]["interrupts"] += 1
        elif kind in STEPS:
            stats[owner[v[0]]]["steps"] += 1
        elif kind == "draw":
            stats[v[0]]["cards_drawn"] += v[1]
    return stats
