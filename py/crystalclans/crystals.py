"""Crystal powers (cards/DESIGN_NOTES.md 5.2 crystal triggers).

* on_gain: resolves once when the crystal is scored (paid or free), before the row is refilled.
* battle_start_flip / battle_start_remove: in B0 of a battle one of your squads fights, you may turn the
  crystal facedown (it still counts toward 4) or remove it from the game (it no longer counts) to apply
  its effect in this battle. The active player makes her B0 choices first.
* on_activate_flip: when you choose a squad to activate, flip the crystal instead of paying.

* on_summon_flip / on_single_summon_flip: offered while a summon action is built (summon.py): a pick out
  of the discard pile (Keeper of Souls) or a zone (Astral Pyramid) that only the crystal allows names it,
  and the crystal turns facedown when the summon is committed.

A crystal counts as implemented when its trigger is fired and its primitives are registered;
`pending_crystals()` lists the rest.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import EffectsFrame
from .registry import HANDLERS, SUMMON_OPS

if TYPE_CHECKING:  # pragma: no cover
    from .cardset import CardSet, CrystalDef
    from .game import Game

CRYSTAL_TRIGGERS = {"on_gain", "battle_start_flip", "battle_start_remove", "on_activate_flip"}
#: Crystals that change a summon action: their primitives are queried while it is built (summon.py).
SUMMON_TRIGGERS = {"on_summon_flip", "on_single_summon_flip"}
B0_TRIGGERS = ("battle_start_flip", "battle_start_remove")


def crystal_implemented(cd: "CrystalDef") -> bool:
    if cd.trigger in SUMMON_TRIGGERS:
        return all(e.op in SUMMON_OPS for e in cd.effects)
    return cd.trigger in CRYSTAL_TRIGGERS and all(e.op in HANDLERS for e in cd.effects)


def pending_crystals(card_set: "CardSet") -> list[str]:
    return [c.id for c in card_set.crystals if not crystal_implemented(c)]


def usable(g: "Game", p: int, trigger: str) -> list[int]:
    """Indexes (into g.collected[p]) of p's face-up crystals with this trigger."""
    cs = g.cs
    return [i for i, (ci, facedown) in enumerate(g.collected[p])
            if not facedown and cs.crystals[ci].trigger == trigger and crystal_implemented(cs.crystals[ci])]


def turn_facedown(g: "Game", p: int, ci: int) -> None:
    """Flip p's collected crystal `ci` facedown (it still counts; its text no longer applies)."""
    for c in g.collected[p]:
        if c[0] == ci:
            c[1] = True
            if g.events is not None:
                g.note("crystal_used", p, g.cs.crystals[ci].id, "flip")
            return


def use_crystal(g: "Game", p: int, i: int) -> None:
    """Flip (or remove, for a *_remove trigger) p's collected crystal i and resolve its effect."""
    ci = g.collected[p][i][0]
    cd = g.cs.crystals[ci]
    if cd.trigger.endswith("_remove"):
        del g.collected[p][i]
        g.crystals_removed.append(ci)
    else:
        g.collected[p][i][1] = True
    if g.events is not None:
        g.note("crystal_used", p, cd.id, "remove" if cd.trigger.endswith("_remove") else "flip")
    if g.battle is not None:
        g.battle.crystals[p].append(cd.id)
    g.stack.append(EffectsFrame(p, cd.effects, 0, -1, "crystal", origin=cd.id))


def crystal_on_gain(g: "Game", p: int, ci: int) -> None:
    cd = g.cs.crystals[ci]
    if cd.trigger == "on_gain" and crystal_implemented(cd):
        g.stack.append(EffectsFrame(p, cd.effects, 0, -1, "crystal", origin=cd.id))
