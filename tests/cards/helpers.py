"""Scenario builders for card tests: a battle in one zone, set up with Game.from_position."""
from __future__ import annotations

import crystalclans as cc


def attack(*unit_ids: str) -> int:
    """The printed attack of these units, summed, from today's card set: a test that adds up a battle's
    attack reads the values tagged `design` from here, since a balance pass may change them (issue 27)."""
    cs = cc.base_set()
    return sum(cs.unit(u).attack for u in unit_ids)


def clan_of(unit_id: str) -> str:
    return unit_id.split(".")[0]


def battle(card0, card1, squad0, squad1, *, hand0=(), hand1=(), draw0=None, draw1=None, discard0=(),
           discard1=(), zone="c_center", token=0, clans=None, start=(), squads=None, predict=(None, None)) -> cc.Game:
    """Seat 0 (active) activates her squad in `zone`, where seat 1's squad stands, and battles; seat 0
    plays card0, seat 1 plays card1 (None: an empty hand plays the top of the draw pile).
    `start`: answers to the battle-start (B0) decisions, in order; then each player is done there.
    `squads`: more squads elsewhere ({zone: [seat 0, seat 1]}).
    `predict`: each seat's Foresight prediction where one is asked (None: a wrong guess).
    Returns the game just after both cards are revealed (their effects are resolving)."""
    units0 = list(squad0) + ([card0] if card0 else []) + list(hand0)
    units1 = list(squad1) + ([card1] if card1 else []) + list(hand1)
    clans = clans or [clan_of(units0[0]), clan_of(units1[0])]
    pos = {
        "clans": clans, "active": 0, "token": token,
        "hands": [([card0] if card0 else []) + list(hand0), ([card1] if card1 else []) + list(hand1)],
        "draw": [list(draw0) if draw0 is not None else [clans[0] + ".x"] * 0,
                 list(draw1) if draw1 is not None else []],
        "discard": [list(discard0), list(discard1)],
        "squads": {**(squads or {}), zone: [list(squad0), list(squad1)]},
    }
    g = cc.Game.from_position(pos)
    g.apply(f"activate {zone}")
    while g.decision.kind in ("reorder", "move"):
        g.apply("keep" if g.decision.kind == "reorder" else "stay")
    g.apply("battle")
    answers = list(start)
    cards = [card0 or (draw0 or [None])[0], card1 or (draw1 or [None])[0]]
    while g.decision.kind in ("battle_start", "sacrifice", "reorder", "foresight", "look"):
        d = g.decision
        texts = [str(a) for a in d.options]
        if d.kind == "foresight":
            g.apply(f"predict {predict[d.player] or wrong_guess(g, cards[1 - d.player])}")
        elif answers:
            g.apply(answers.pop(0))
        else:  # decline what may be declined (a required ability, e.g. Portent, is used)
            g.apply(next((t for t in ("done", "keep") if t in texts), texts[0]))
    if card0:
        g.apply(f"play {card0}")
    if card1:
        g.apply(f"play {card1}")
    return g


def wrong_guess(g: cc.Game, card: str | None) -> str:
    """A style the opponent's card does not have."""
    style = g.U[g.cs.unit_index[card.split("@")[0]]].style if card else None
    return next(s for s in ("bold", "guarded", "tricky") if s != style)


def finish(g: cc.Game, answers: dict | None = None) -> cc.Game:
    """Answer the remaining battle decisions: by kind from `answers`, else decline ('done'/'discard'/'draw 0')
    or take the first option, until the battle is over."""
    answers = answers or {}
    guard = 0
    while g.decision is not None and g.battle is not None and guard < 50:
        d = g.decision
        texts = [str(a) for a in d.options]
        want = answers.get(d.kind)
        if want is not None and want in texts:
            g.apply(want)
        elif "done" in texts:
            g.apply("done")
        elif "discard" in texts:
            g.apply("discard")
        elif "draw 0" in texts:
            g.apply("draw 0")
        else:
            g.apply(texts[0])
        guard += 1
    return g


def squad(g: cc.Game, p: int, zone: str = "c_center") -> list[str]:
    return [g.unit_id(c) for c in g.squads[p][g.cs.board.zone_index[zone]]]


def ids(g: cc.Game, codes) -> list[str]:
    return [g.unit_id(c) for c in codes]
