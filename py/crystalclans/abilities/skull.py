"""Skull Clan: Undying (signature), Sacrifice and Gravebind (specials).

* Undying stands for its clan definition, summon_from_discard {self}: the summon action (summon.py) may
  take the card out of the discard pile, at its normal cost.
* Raise Dead (Malek, Necromancers) is data: summon_into_zone {REANIMATED, this_squad}.
* Sacrifice (battle_start_before_cards): offered in B0 with the other battle-start choices (battle.py);
  using it takes the unit out of the game and its controller picks +6 attack or +6 defense.
* Gravebind (after_damage): take one enemy common unit destroyed in this battle out of its owner's
  discard pile to the bottom of this squad; the owner keeps owning it (its code keeps the owner bit), so
  whenever it leaves the battlefield it goes to that owner's pile.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.frames import Frame

from ..actions import Action, Decision, card_token
from ..registry import register_signature, register_special
from ..squads import enforce_limit

if TYPE_CHECKING:  # pragma: no cover
    from ..cardset import Effect
    from ..effects import EffectsFrame
    from ..game import Game

SACRIFICE_BOOST = 6

register_signature("undying")


def _on_top(g: "Game", f: "EffectsFrame") -> bool:
    return f.zone >= 0 and bool(g.squads[f.p][f.zone]) and g.squads[f.p][f.zone][0] == f.src


def sacrifice(g: "Game", f: "EffectsFrame", eff: "Effect") -> None:
    b = g.battle
    if b is None or f.zone != b.zone or not _on_top(g, f):
        return
    sq = g.squads[f.p][f.zone]
    g.remove_from_game(sq.pop(0))
    if sq:
        g.stack.append(SacrificeBoostFrame(f.p))
        enforce_limit(g, f.p, f.zone)


class SacrificeBoostFrame(Frame):
    """After a Sacrifice: +6 attack or +6 defense for p's battling squad (an ability boost)."""

    __slots__ = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def run(self, g: "Game") -> Decision | None:
        if g.battle is None:
            g.stack.pop()
            return None
        return Decision("sacrifice", self.p, f"Sacrifice: your squad gets +{SACRIFICE_BOOST} attack or "
                        f"+{SACRIFICE_BOOST} defense in this battle", [Action("boost", ("attack",)),
                                                                       Action("boost", ("defense",))], {})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        b = g.battle
        if a.args[0] == "attack":
            b.atk[self.p] += SACRIFICE_BOOST
        else:
            b.dfn[self.p] += SACRIFICE_BOOST
        b.terms[self.p].append((a.args[0], SACRIFICE_BOOST, "special", "sacrifice"))


def gravebind(g: "Game", f: "EffectsFrame", eff: "Effect") -> None:
    if g.battle is not None and _on_top(g, f):
        g.stack.append(GravebindFrame(f.p, f.zone))


class GravebindFrame(Frame):
    """You may bind one enemy common unit destroyed in this battle (still in its owner's discard pile) to
    the bottom of your squad in `zone`."""

    __slots__ = ("p", "zone")

    def __init__(self, p: int, zone: int) -> None:
        self.p, self.zone = p, zone

    def candidates(self, g: "Game") -> list[int]:
        U = g.U
        return sorted({c for c in g.battle.lost[1 - self.p]
                       if U[c >> 1].rank == "common" and c in g.discards[c & 1]})

    def run(self, g: "Game") -> Decision | None:
        cands = self.candidates(g) if g.battle is not None and g.squads[self.p][self.zone] else []
        if not cands:
            g.stack.pop()
            return None
        opts = [Action("skip")] + [Action("bind", (card_token(g.U[c >> 1].id, c & 1, self.p),)) for c in cands]
        return Decision("gravebind", self.p, "Gravebind: you may put an enemy common unit destroyed in this battle "
                        "at the bottom of your squad", opts, {"zone": g.zone_id(self.zone)})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        if a.kind == "skip":
            return
        code = g.code_of(a.args[0], self.p)
        g.discards[code & 1].remove(code)
        g.squads[self.p][self.zone].append(code)
        enforce_limit(g, self.p, self.zone)


register_special("sacrifice", sacrifice, optional=True)
register_special("gravebind", gravebind, optional=True)
