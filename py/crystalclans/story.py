"""The story of a game: its turns, each player action in them with the initiative it cost, and what the
action did (units summoned, moved and destroyed, battles with their arithmetic, cards discarded, crystals
gained and why). A log a player can read, where `game.log` is the list of every answer to every question.

Only public facts are ever recorded (`Game.note`, called where the rules act): never a card drawn, a
card's place in a draw pile, a battle-card pick before the reveal or the picks of a summon before it is
done, so a story is the same for both players and may be shown to either. A cancelled summon or
replenish leaves nothing behind.

`tell(game)` turns the recorded facts into plain data:

    [{"turn": 3, "player": 0, "actions": [
        {"player": 0, "kind": "activate", "args": ["c_east"], "cost": 2, "gained": 0, "move": 41,
         "events": [{"kind": "move", "player": 0, "from": "a_home", "to": "c_east", "units": [...]},
                    {"kind": "battle", ...the game's last_battle dict (cards, sides, arith, lost...)...},
                    {"kind": "destroyed", "controller": 1, "owner": 1, "unit": "skull.x", "zone": "c_east",
                     "in_battle": True}]}]}]

A battle is told where it began (before what happened in it); a battle still under way has only its
attacker and zone.

`move` is the index in `game.log` of the answer that began the action. Event kinds: summon, move, battle,
destroyed, discard, mill, removed, to_hand, draw (counts, merged), reshuffle, crystal, crystal_used,
ability, invade, pay and gain (of the other player, or of the actor beyond the action's cost), win.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

FIELDS: dict[str, tuple[str, ...]] = {
    "summon": ("player", "units", "zone", "from_discard", "shift"),
    "move": ("player", "from", "to", "units"),
    "destroyed": ("controller", "owner", "unit", "zone"),
    "discard": ("owner", "unit", "source"),
    "mill": ("player", "units"),
    "removed": ("owner", "unit"),
    "to_hand": ("player", "unit"),
    "draw": ("player",),
    "reshuffle": ("player",),
    "crystal": ("player", "crystal"),
    "crystal_used": ("player", "crystal", "how"),
    "ability": ("player", "unit", "name"),
    "invade": ("player", "attack"),
    "pay": ("player", "n"),
    "gain": ("player", "n"),
    "win": ("player",),
}


def tell(game: "Game") -> list[dict[str, Any]]:
    """The story of `game` (see the module docstring). A game whose facts are not recorded (a bot's copy)
    has an empty story."""
    turns: list[dict[str, Any]] = []
    action: dict[str, Any] | None = None
    battle: dict[str, Any] | None = None  # a battle begun and not summed up yet
    for fact in game.events or ():
        move, kind = fact[0], fact[1]
        if kind == "turn":
            turns.append({"turn": fact[2], "player": fact[3], "actions": []})
            action = None
            continue
        if kind == "action":  # every game notes its first turn before any action (setup, position)
            action = {"player": fact[2], "kind": fact[3], "args": list(fact[4:]), "cost": 0, "gained": 0,
                      "move": move, "events": []}
            turns[-1]["actions"].append(action)
            continue
        if action is None:
            continue  # the opening draws, before any action
        if kind == "cancelled":
            if not action["events"] and not action["cost"]:
                turns[-1]["actions"].remove(action)
                action = None
            continue
        p = fact[2]
        if kind in ("pay", "gain") and p == action["player"]:
            action["cost" if kind == "pay" else "gained"] += fact[3]
            continue
        if kind == "draw":
            last = action["events"][-1] if action["events"] else None
            if last is not None and last["kind"] == "draw" and last["player"] == p:
                last["n"] += 1
            else:
                action["events"].append({"kind": "draw", "player": p, "n": 1})
            continue
        if kind == "battle_start":  # the battle is told where it began; its summary fills it in at the end
            battle = {"kind": "battle", "attacker": fact[2], "zone": fact[3]}
            action["events"].append(battle)
            continue
        if kind == "battle":
            if battle is not None:
                battle.update(fact[2])
                battle = None
            else:
                action["events"].append({"kind": "battle", **fact[2]})
            continue
        if kind == "summon" and action["kind"] == "summon":
            action["args"] = list(fact[3])
        event = {"kind": kind}
        event.update(zip(FIELDS[kind], fact[2:]))
        if kind == "destroyed" and battle is not None:
            event["in_battle"] = True  # also listed in the battle's summary ("lost")
        action["events"].append(event)
    if action is not None and action["kind"] == "summon" and not action["events"] and turns[-1]["actions"]:
        turns[-1]["actions"].pop()  # a summon still being picked: its cards are secret until it is done
    return turns


def action_count(story: list[dict[str, Any]]) -> int:
    return sum(len(t["actions"]) for t in story)


def statistics(game: "Game") -> list[dict[str, int]]:
    """Per player, from the story: crystals held at the end and how they came (the score action, a free score,
    anything else) or went (removed from the game by their own effect),
    battles fought, won (the other side lost more units), lost and even, units lost and destroyed, the
    initiative spent on actions, cards drawn after the opening hands, and actions taken."""
    stats = [{"crystals": 0, "crystals_scored": 0, "crystals_free": 0, "crystals_other": 0, "crystals_removed": 0,
              "battles": 0,
              "battles_won": 0, "battles_lost": 0, "battles_even": 0, "units_lost": 0, "units_destroyed": 0,
              "initiative_spent": 0, "cards_drawn": 0, "actions": 0} for _ in (0, 1)]
    for turn in tell(game):
        for a in turn["actions"]:
            me = a["player"]
            stats[me]["initiative_spent"] += a["cost"]
            if a["kind"] != "free_score":
                stats[me]["actions"] += 1
            for e in a["events"]:
                kind = e["kind"]
                if kind == "crystal":
                    s = stats[e["player"]]
                    s["crystals"] += 1
                    how = a["kind"] if a["player"] == e["player"] else ""
                    s["crystals_scored" if how == "score" else "crystals_free" if how == "free_score"
                      else "crystals_other"] += 1
                elif kind == "crystal_used" and e["how"] == "remove":  # it no longer counts
                    stats[e["player"]]["crystals"] -= 1
                    stats[e["player"]]["crystals_removed"] += 1
                elif kind == "draw":
                    stats[e["player"]]["cards_drawn"] += e["n"]
                elif kind == "destroyed":
                    stats[e["controller"]]["units_lost"] += 1
                    stats[1 - e["controller"]]["units_destroyed"] += 1
                elif kind == "battle" and "lost" in e:
                    lost = [len(e["lost"][0]), len(e["lost"][1])]
                    for p in (0, 1):
                        s = stats[p]
                        s["battles"] += 1
                        s["battles_won" if lost[1 - p] > lost[p] else "battles_lost" if lost[p] > lost[1 - p]
                          else "battles_even"] += 1
    return stats
