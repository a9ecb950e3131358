"""Crystal powers (cards/DESIGN_NOTES.md 5.2 crystal triggers).

* on_gain: resolves once when the crystal is scored (paid or free), before the row is refilled.
* battle_start_flip / battle_start_remove: in B0 of a battle one of your squads fights, you may turn the
  crystal facedown (it still counts toward 4) or remove it from the game (it no longer counts) to apply
  its effect in this battle. The active player makes her B0 choices first.
* on_activate_flip: when you choose a squad to activate, flip the crystal instead of paying.

A crystal counts as implemented when its trigger is fired here and its primitives are registered.
Summon-time crystals (on_summon_flip, on_single_summon_flip) come with the summon abilities (Undying,
Build); `pending_crystals()` lists them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Decision
from .frames import Frame

if TYPE_CHECKING:  # pragma: no cover
    from .cardset import CardSet, CrystalDef
    from .game import Game

CRYSTAL_TRIGGERS = {"on_gain", "battle_start_flip", "battle_start_remove", "on_activate_flip"}
B0_TRIGGERS = ("battle_start_flip", "battle_start_remove")
DONE = Action("done")


def crystal_implemented(cd: "CrystalDef") -> bool:
    from .effects import HANDLERS

    return cd.trigger in CRYSTAL_TRIGGERS and all(e.op in HANDLERS for e in cd.effects)


def pending_crystals(card_set: "CardSet") -> list[str]:
    return [c.id for c in card_set.crystals if not crystal_implemented(c)]


def usable(g: "Game", p: int, trigger: str) -> list[int]:
    """Indexes (into g.collected[p]) of p's face-up crystals with this trigger."""
    cs = g.cs
    return [i for i, (ci, facedown) in enumerate(g.collected[p])
            if not facedown and cs.crystals[ci].trigger == trigger and crystal_implemented(cs.crystals[ci])]


def use_crystal(g: "Game", p: int, i: int) -> None:
    """Flip (or remove, for a *_remove trigger) p's collected crystal i and resolve its effect."""
    from .effects import EffectsFrame

    ci = g.collected[p][i][0]
    cd = g.cs.crystals[ci]
    if cd.trigger.endswith("_remove"):
        del g.collected[p][i]
        g.crystals_removed.append(ci)
    else:
        g.collected[p][i][1] = True
    g.stack.append(EffectsFrame(p, cd.effects, 0, -1, "crystal"))


def crystal_on_gain(g: "Game", p: int, ci: int) -> None:
    from .effects import EffectsFrame

    cd = g.cs.crystals[ci]
    if cd.trigger == "on_gain" and crystal_implemented(cd):
        g.stack.append(EffectsFrame(p, cd.effects, 0, -1, "crystal"))


class CrystalB0Frame(Frame):
    """B0: player p may flip/remove any of her battle-start crystals, one at a time, then done."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision | None:
        p = self.p
        b = g.battle
        if b is None or not (g.squads[0][b.zone] and g.squads[1][b.zone]):
            g.stack.pop()
            return None
        opts = [DONE]
        for trigger in B0_TRIGGERS:
            verb = "remove" if trigger.endswith("_remove") else "flip"
            for i in usable(g, p, trigger):
                opts.append(Action(verb, (g.cs.crystals[g.collected[p][i][0]].id,)))
        if len(opts) == 1:
            g.stack.pop()
            return None
        return Decision("crystal", p, "Battle start: use a crystal? (flip it facedown, or remove it from the game)",
                        opts, {"zone": g.zone_id(b.zone)})

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "done":
            g.stack.pop()
            return
        ci = g.cs.crystal_index[a.args[0]]
        i = next(i for i, c in enumerate(g.collected[self.p]) if c[0] == ci)
        use_crystal(g, self.p, i)
