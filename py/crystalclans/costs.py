"""What an option will cost in initiative, before it is chosen: for the buttons that show costs, and for
anyone planning a turn.

`option_cost(game, action)` is the initiative charged for the option: an action's own cost (summon: the
first unit's; activate: the squad's activation cost, 0 when a crystal pays; score: the crystal's;
replenish, invade: the fixed costs), a summon pick's unit cost, and for the answer that completes a summon
or a replenish (done, the zone) the whole amount then charged. `ends_turn(game, action, cost)`: whether paying
that much (with what the summon has already picked) moves the token past the neutral spaces, which hands
the turn to the other player after the action (effects that gain initiative during it may still change
that). Only the active player's own spending is costed; every other option costs 0.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import ReplenishFrame
from .summon import SummonFrame, board_modifiers, parse_pick, unit_cost

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .game import Game


def option_cost(g: "Game", a: "Action") -> int:
    d = g.decision
    if d is None:
        return 0
    p = d.player
    cs = g.cs
    kind = d.kind
    k = a.kind
    if kind == "action":
        if k == "summon":
            code, _ = parse_pick(g, a, p)
            return unit_cost(g, code, board_modifiers(g, p))
        if k == "activate":
            return 0 if len(a.args) > 1 else g.activation_cost(p, cs.board.zone_index[a.args[0]])
        if k == "score":
            return cs.crystals[cs.crystal_index[a.args[0]]].cost
        if k == "replenish":
            return cs.replenish_cost
        if k == "invade":
            return cs.invade_cost
        return 0
    frame = g.stack[-1] if g.stack else None
    if kind == "summon" and isinstance(frame, SummonFrame):
        if k == "pick":
            code, _ = parse_pick(g, a, p)
            return unit_cost(g, code, frame.modifiers(g))
        return frame.cost(g) if k == "done" else 0
    if kind == "summon_zone" and isinstance(frame, SummonFrame):
        return frame.cost(g) if k == "zone" else 0
    if kind == "replenish" and isinstance(frame, ReplenishFrame):
        return cs.replenish_cost if k == "done" and not frame.free else 0
    return 0


def ends_turn(g: "Game", a: "Action", cost: int) -> bool:
    """Whether paying `cost` (option_cost of `a`) hands the turn over after the action."""
    d = g.decision
    if d is None or d.player != g.active:
        return False
    if d.kind == "summon" and a.kind == "pick":
        frame = g.stack[-1]
        cost += frame.cost(g)
    return g.rel(d.player) - cost < -g.cs.neutral


def costs(g: "Game") -> dict[str, dict[str, int | bool]]:
    """{notation: {"cost": n, "ends_turn": bool}} for every option of the current decision that costs
    initiative (options missing here cost nothing)."""
    out: dict[str, dict[str, int | bool]] = {}
    d = g.decision
    if d is None or d.kind not in ("action", "summon", "summon_zone", "replenish"):
        return out
    for a in d.options:
        n = option_cost(g, a)
        if n:
            out[str(a)] = {"cost": n, "ends_turn": ends_turn(g, a, n)}
    return out
