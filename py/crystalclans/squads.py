"""Squads: reordering, the squad limit (trim), combining, placing, destroying.

Rules: a squad has at most 3 units (unlimited while a Horde unit is on top); over the limit its
controller discards units of her choice (discarded, not destroyed). Whenever units join a friendly squad
(summon, move, placement) the controller may reorder it, then trims. Choices that depend on a unit's
position name it by position (`blood.marauders#2`), reorders by unit (copies are interchangeable).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.frames import Frame

from .actions import Action, Decision, squad_token

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

KEEP = Action("keep")


def meaningful_reorder(sq: list[int], start: int = 0) -> bool:
    """True if the units from `start` on can be put in more than one order."""
    if len(sq) - start < 2:
        return False
    first = sq[start]
    for c in sq[start + 1:]:
        if c != first:
            return True
    return False


def enforce_limit(g: "Game", p: int, z: int) -> None:
    """Push a trim decision if p's squad in z is over its limit (Horde lifts it)."""
    if len(g.squads[p][z]) > g.squad_limit(p, z):
        g.stack.append(TrimFrame(p, z))


def settle(g: "Game", p: int, z: int, reorder: bool = True) -> None:
    """After units joined p's squad in z: offer a reorder (if it means anything), then enforce the limit."""
    if reorder and meaningful_reorder(g.squads[p][z]):
        g.stack.append(ReorderFrame(p, z, p, 0))
    else:
        enforce_limit(g, p, z)


def position_options(g: "Game", kind: str, ctrl: int, sq: list[int]) -> list[Action]:
    """One action per position, skipping a position whose unit equals the one above (same outcome)."""
    U = g.U
    out = []
    prev = -1
    for i, c in enumerate(sq):
        if c != prev:
            out.append(Action(kind, (squad_token(U[c >> 1].id, c & 1, ctrl, i),)))
        prev = c
    return out


def position_of(action: Action) -> int:
    return int(str(action.args[0]).rsplit("#", 1)[1]) - 1


class ReorderFrame(Frame):
    """Choose the squad's order one position at a time (top first); 'keep' keeps the rest as it is."""

    __slots__ = ("ctrl", "zone", "chooser", "pos")

    def __init__(self, ctrl: int, zone: int, chooser: int, pos: int) -> None:
        self.ctrl, self.zone, self.chooser, self.pos = ctrl, zone, chooser, pos

    def run(self, g: "Game") -> Decision | None:
        sq = g.squads[self.ctrl][self.zone]
        if not meaningful_reorder(sq, self.pos):
            g.stack.pop()
            enforce_limit(g, self.ctrl, self.zone)
            return None
        seen: list[int] = []
        opts = [KEEP]
        for c in sq[self.pos:]:
            if c not in seen:
                seen.append(c)
        seen.sort()
        for c in seen:
            opts.append(Action("place", (g.token(c, self.ctrl),)))
        where = "top" if self.pos == 0 else f"position {self.pos + 1}"
        whose = "your" if self.chooser == self.ctrl else "the enemy"
        return Decision(
            "reorder", self.chooser,
            f"Reorder {whose} squad in {g.zone_id(self.zone)}: choose the unit for {where}, or keep the order",
            opts, {"zone": g.zone_id(self.zone), "controller": self.ctrl, "position": self.pos},
        )

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "keep":
            g.stack.pop()
            enforce_limit(g, self.ctrl, self.zone)
            return
        code = g.code_of(a.args[0], self.ctrl)
        sq = g.squads[self.ctrl][self.zone]
        j = sq.index(code, self.pos)
        sq.insert(self.pos, sq.pop(j))
        self.pos += 1


class TrimFrame(Frame):
    """Over the squad limit: the controller discards units of her choice until it holds."""

    __slots__ = ("ctrl", "zone")

    def __init__(self, ctrl: int, zone: int) -> None:
        self.ctrl, self.zone = ctrl, zone

    def run(self, g: "Game") -> Decision | None:
        sq = g.squads[self.ctrl][self.zone]
        limit = g.squad_limit(self.ctrl, self.zone)
        if len(sq) <= limit:
            g.stack.pop()
            return None
        return Decision(
            "trim", self.ctrl,
            f"Your squad in {g.zone_id(self.zone)} has {len(sq)} units; discard down to {limit}",
            position_options(g, "discard", self.ctrl, sq),
            {"zone": g.zone_id(self.zone), "limit": limit, "size": len(sq)},
        )

    def choose(self, g: "Game", a: Action) -> None:
        sq = g.squads[self.ctrl][self.zone]
        g.discard(sq.pop(position_of(a)), "squad")


def place_squad(g: "Game", p: int, src: int, dst: int, codes: list[int] | None = None) -> None:
    """Place (not move) p's squad, or the given units of it, from zone src onto zone dst; combine there."""
    if src == dst:
        return
    sq = g.squads[p][src]
    if codes is None:
        moving = sq[:]
        sq.clear()
    else:
        moving = codes
        for c in codes:
            sq.remove(c)
    combining = bool(g.squads[p][dst])
    g.squads[p][dst] = moving + g.squads[p][dst]
    if sq:
        enforce_limit(g, p, src)
    settle(g, p, dst, reorder=combining)
