"""Lighting a flare: its two conditions compared with the opponent, the top effect and then the bottom one
(each only if its condition held when the flare was lit), the Duel's point for the opponent, the discard.

A flare is lit before or after an action, never during an effect; lighting is not an action. The top
condition holds when the opponent has at least N more upgraded pieces in the arena than the player; the
bottom one when the opponent has at least M more pieces in all.

Melee: the player names the opponent she compares with (`light <flare> <seat>`, one option per opponent she
meets a condition against); that opponent scores 1 point in her colour. Team: the opponent is the other team
(its colour's pieces, whoever of the partners placed them); in the Duel form the other team scores the point.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .content import CARDS_T, FLARES
from .effects import EffectCtx, start
from .frames import Frame
from .scoring import add_colour_points, add_points

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def halves_met(g: "Game", p: int, code: int, vs: int = -1) -> tuple[bool, bool]:
    """(top, bottom): which conditions p meets now against her opponent (the other side's colour; in the
    Melee the opponent in seat `vs`)."""
    card = CARDS_T[code]
    me = g.colour[p]
    bits = g.bits
    b = bits[me]
    my_up = (b[1] | b[2]).bit_count()
    my_all = (b[0] | b[1] | b[2]).bit_count()
    top = bottom = False
    for c in range(len(bits)) if vs < 0 else (g.colour[vs],):  # colours are 0..len(bits)-1
        if c == me:
            continue
        e = bits[c]
        up = (e[1] | e[2]).bit_count()
        if up - my_up >= card.top_needs:
            top = True
        if up + e[0].bit_count() - my_all >= card.bottom_needs:
            bottom = True
    return top, bottom


def can_light(g: "Game", p: int, code: int) -> bool:
    top, bottom = halves_met(g, p, code)
    return top or bottom


def lightable(g: "Game", p: int) -> list[int]:
    """The distinct flares in p's hand she may light now (the action choice asks this every time)."""
    flares = [c for c in g.hands[p] if CARDS_T[c].kind == "flare"]
    if not flares:
        return flares
    return sorted({c for c in flares if can_light(g, p, c)})


MIN_TOP = min(CARDS_T[c].top_needs for c in FLARES)  # the easiest top and bottom conditions of any flare
MIN_BOTTOM = min(CARDS_T[c].bottom_needs for c in FLARES)


def some_flare_lightable(g: "Game", p: int) -> bool:
    """Whether some flare of the game (whichever p holds: that is her secret) could be lit by p now, against
    any opponent: a public fact, as the arena is."""
    me = g.colour[p]
    bits = g.bits
    b = bits[me]
    my_up = (b[1] | b[2]).bit_count()
    my_all = (b[0] | b[1] | b[2]).bit_count()
    for c in range(len(bits)):
        if c == me:
            continue
        e = bits[c]
        up = (e[1] | e[2]).bit_count()
        if up - my_up >= MIN_TOP or up + e[0].bit_count() - my_all >= MIN_BOTTOM:
            return True
    return False


def light_options(g: "Game", p: int) -> list[Action]:
    """The `light` actions p may take now (in the Melee one per flare and opponent compared with)."""
    if g.form != "melee":
        return [Action("light", (CARDS_T[c].id,)) for c in lightable(g, p)]
    flares = sorted({c for c in g.hands[p] if CARDS_T[c].kind == "flare"})
    return [Action("light", (CARDS_T[c].id, q)) for c in flares for q in range(g.n)
            if q != p and any(halves_met(g, p, c, q))]


class LightFrame(Frame):
    """Step 0: reveal, decide the halves, score; then each half's effect in turn; then the discard."""

    __slots__ = ("p", "code", "step", "halves", "vs")

    def __init__(self, p: int, code: int, step: int, vs: int = -1) -> None:
        self.p, self.code, self.step, self.vs = p, code, step, vs
        self.halves: tuple = ()

    def run(self, g: "Game") -> None:
        p, code = self.p, self.code
        card = CARDS_T[code]
        if self.step == 0:
            top, bottom = halves_met(g, p, code, self.vs)
            self.halves = tuple(h for h, on in (("top", top), ("bottom", bottom)) if on)
            g.hands[p].remove(code)
            g.playing = code
            if g.events is not None:  # in the Melee also the opponent compared with
                g.note("flare", p, card.id, list(self.halves), *((self.vs,) if self.vs >= 0 else ()))
            if g.form == "duel":
                add_points(g, (p + 1) % g.n, 1, "flare")  # the next seat is always on the other side
            elif g.form == "melee":
                add_colour_points(g, self.vs, g.colour[p], 1, "flare")
        if self.step < len(self.halves):
            half = self.halves[self.step]
            self.step += 1
            start(g, EffectCtx(p, code, half), f"{card.id}:{half}")
            return None
        g.stack.pop()
        g.discard_card(code)
        g.playing = -1
        g.fx = None
        return None
