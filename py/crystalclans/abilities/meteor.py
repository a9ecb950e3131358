"""Meteor Clan: Foresight (signature), Spy (special).

* Foresight: the engine reads KindInfo.foresight in B0 (battle.ForesightFrame): a player whose battling
  squad has it switched on secretly predicts a battle style after her other B0 choices; the pick is hidden
  from the opponent like a battle-card pick until the reveal (for good if no card is revealed). In B2a a
  correct prediction makes her card trigger its left side (a forced right side still wins).
* Spy (Telescope Scouts, on_move_into): after a move into a zone where an enemy squad stands or that
  borders one, view the opponent's hand and put one card of it on top of or beneath her draw pile.
* Command, Time Anomaly, Portent, Gravity Pull, In Step, Tactical and Chart the Heavens are data on the
  generic primitives.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.frames import Frame

from ..actions import Action, Decision
from ..registry import register_signature, register_special
from ..reveals import HAND, RevealFrame

if TYPE_CHECKING:  # pragma: no cover
    from ..cardset import Effect
    from ..effects import EffectsFrame
    from ..game import Game

register_signature("foresight", flag="foresight")


def spy(g: "Game", f: "EffectsFrame", eff: "Effect") -> None:
    q = 1 - f.p
    if f.zone < 0 or not g.hands[q]:
        return
    enemy = g.squads[q]
    if enemy[f.zone] or any(enemy[n] for n in g.cs.board.adjacency[f.zone]):
        g.stack.append(SpyFrame(f.p))
        if g.secrecy is not None:
            g.stack.append(RevealFrame(q, HAND))


class SpyFrame(Frame):
    """Spy: p sees the opponent's hand and puts one card of it on top of or beneath her draw pile."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision | None:
        q = 1 - self.p
        if not g.hands[q]:
            g.stack.pop()
            return None
        g.revealed()
        kinds = [g.token(c, self.p) for c in g.hand_kinds(q)]
        opts = [Action(where, (t,)) for t in kinds for where in ("top", "bottom")]
        return Decision("spy", self.p, "Spy: put one card of your opponent's hand on top of or beneath her draw pile",
                        opts, {"hand": [g.token(c, self.p) for c in sorted(g.hands[q])]}, private=True)

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        q = 1 - self.p
        code = g.code_of(a.args[0], self.p)
        g.hands[q].remove(code)
        if a.kind == "top":
            g.draws[q].append(code)  # the pile's top is its end
        else:
            g.draws[q].insert(0, code)


register_special("spy", spy)
