"""Handlers for the few effect steps no general primitive covers: shots along a line (Cannon, Gun Tower,
Kiskin Leafsplitter), the Fire Dragon's breath, the Centaur Spearman's thrust, a colour picked for the
Hypnotist, one pick per colour (Woodland Druid), Kiskin Spirit's card, and setting a register.

A handler gets the game and the step's parameters; it acts at once or pushes primitive frames. Each
registers itself in script.CALLS by name.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Decision
from ..board import RAY
from ..frames import Frame
from .primitives import CardFrame, PickFrame
from .script import CALLS

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _register(name: str):
    def deco(f):
        CALLS[name] = f
        return f
    return deco


@_register("shoot")
def shoot(g: "Game", params: dict) -> None:
    """Along the saved direction from the being: `mode` "commons" destroys every common piece up to the edge
    (Cannon; nothing blocks the line), "two" the first two pieces, a legendary one stopping the shot
    unharmed (Gun Tower), "first" the first piece (Kiskin Leafsplitter)."""
    fx = g.fx
    d = fx.regs.pop("dir", -1)
    if d is None or d < 0 or fx.being < 0:
        return
    mode = params["mode"]
    hits = 0
    for s in RAY[fx.being][d]:
        cell = g.cells[s]
        if cell < 0:
            continue
        if mode == "commons":
            if cell & 3 == 0:
                g.destroy(s, fx.p)
            continue
        if mode == "two" and cell & 3 == 2:
            return
        g.destroy(s, fx.p)
        hits += 1
        if mode == "first" or hits == 2:
            return


@_register("breath")
def breath(g: "Game", params: dict) -> None:
    """Fire Dragon: every non-legendary piece within distance 2 along the saved direction and the two
    directions 45 degrees beside it."""
    fx = g.fx
    d = fx.regs.get("dir", -1)
    if d is None or d < 0 or fx.being < 0:
        return
    for dd in ((d + 7) % 8, d, (d + 1) % 8):
        for s in RAY[fx.being][dd][:2]:
            cell = g.cells[s]
            if cell >= 0 and cell & 3 < 2:
                g.destroy(s, fx.p)


@_register("thrust")
def thrust(g: "Game", params: dict) -> None:
    """Centaur Spearman: after its move, the first piece further along the same line is destroyed unless it
    is legendary."""
    fx = g.fx
    d = fx.regs.get("dir", -1)
    if not fx.regs.get("moved") or fx.being < 0 or d < 0:
        return
    for s in RAY[fx.being][d]:
        cell = g.cells[s]
        if cell >= 0:
            if cell & 3 < 2:
                g.destroy(s, fx.p)
            return


@_register("enemy_colour")
def enemy_colour(g: "Game", params: dict) -> None:
    """Save an enemy colour in a register: with one enemy colour there is nothing to choose; in the Melee the
    player chooses one (among those with a piece in the arena, or with `supply` a common piece in the supply,
    if any has)."""
    me = g.colour[g.fx.p]
    enemies = [c for c in sorted(set(g.colour)) if c != me]
    save = params.get("save", "colour")
    if len(enemies) > 1:
        if params.get("supply"):  # a colour to put a common piece of: one with a piece left in its supply
            present = [c for c in enemies if g.in_supply(c, 0)]
        else:
            present = [c for c in enemies if g.own_mask(c)]
        g.stack.append(EnemyColourFrame(tuple(present or enemies), save))
        return
    g.fx.regs[save] = enemies[0]


class EnemyColourFrame(Frame):
    """Melee: the player of the effect chooses an enemy colour (`colour <c>`) for the rest of it."""

    __slots__ = ("colours", "save")

    def __init__(self, colours: tuple[int, ...], save: str) -> None:
        self.colours, self.save = colours, save

    def run(self, g: "Game") -> Decision:
        return Decision("colour", g.fx.p, "Choose the enemy colour this effect acts on",
                        [Action("colour", (c,)) for c in self.colours])

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        g.fx.regs[self.save] = int(a.args[0])


@_register("each_colour")
def each_colour(g: "Game", params: dict) -> None:
    """Woodland Druid: one pick for every colour with a piece the selector allows, the player's own first."""
    fx = g.fx
    me = g.colour[fx.p]
    order = [me] + [c for c in sorted(set(g.colour)) if c != me]
    for i, c in reversed(list(enumerate(order))):
        fx.regs[f"c{i}"] = c
        g.stack.append(PickFrame(tuple(params["sel"]) + (f"colour@c{i}",), params["op"], 1, False, "",
                                 params["prompt"]))


@_register("discard_to_deck")
def discard_to_deck(g: "Game", params: dict) -> None:
    g.stack.append(CardFrame())


@_register("set")
def set_reg(g: "Game", params: dict) -> None:
    g.fx.regs.update(params)
