"""Unit abilities, clan signatures and specials: the registry and the per-kind compiled view.

Abilities are data (trigger + primitives, see cards/DESIGN_NOTES.md section 5). A mechanism is
implemented once: a primitive handler in `effects.py`, a signature or special registered here by id. An
ability counts as implemented when its trigger is fired by the engine and all its primitives, signatures
and specials are registered; `pending_abilities()` lists the rest (the completeness test reads it).

`kind_info(card_set)` compiles, per unit kind, what the hot engine asks about: does the top unit lift the
squad limit (Horde), which passive stat boosts and movement modes it has, which triggered abilities fire.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..cardset import AbilityDef, CardSet, Effect

#: Signatures registered by id: the engine consults the compiled flags (e.g. KindInfo.horde).
SIGNATURES: set[str] = set()
#: Specials registered by id.
SPECIALS: set[str] = set()
#: Triggers the engine fires (trigger name -> where).
TRIGGERS: set[str] = {"passive_modifier", "on_destroyed", "on_squad_destroys"}
#: Primitives used as continuous modifiers (queried by the engine rather than run).
PASSIVE_OPS: set[str] = {"attack_bonus", "defense_bonus", "bonus_per", "movement", "signature"}
STAT_OPS = ("attack_bonus", "defense_bonus", "bonus_per")


def register_signature(sig_id: str) -> None:
    SIGNATURES.add(sig_id)


def register_special(special_id: str) -> None:
    SPECIALS.add(special_id)


@dataclass(frozen=True, slots=True)
class KindInfo:
    horde: bool  # battlefield signature Horde: the squad limit is lifted while this unit is on top
    sleep: bool  # battlefield signature Sleep: on top, the enemy top unit fights with printed attack 0
    stat_passives: tuple  # ((battlefield, Effect), ...) continuous stat boosts used in B3
    movement: tuple  # ((battlefield, Effect), ...) movement modes
    on_destroyed: tuple  # (AbilityDef, ...)
    on_squad_destroys: tuple  # (AbilityDef, ...)


def _effect_implemented(eff: "Effect", trigger: str) -> bool:
    from ..effects import HANDLERS

    if eff.op == "signature":
        return eff.get("id") in SIGNATURES
    if eff.op == "special":
        return eff.get("id") in SPECIALS
    if trigger == "passive_modifier":
        return eff.op in PASSIVE_OPS
    return eff.op in HANDLERS


def is_implemented(ability: "AbilityDef") -> bool:
    if ability.trigger not in TRIGGERS:
        return False
    return all(_effect_implemented(e, ability.trigger) for e in ability.effects)


def pending_abilities(card_set: "CardSet") -> list[str]:
    """Ability ids of the set whose mechanism is not implemented yet."""
    return [a.id for u in card_set.units for a in u.abilities if not is_implemented(a)]


_CACHE: dict[str, tuple[KindInfo, ...]] = {}


def kind_info(card_set: "CardSet") -> tuple[KindInfo, ...]:
    cached = _CACHE.get(card_set.hash)
    if cached is not None:
        return cached
    out = []
    for u in card_set.units:
        horde = sleep = False
        stats, moves, destroyed, kills = [], [], [], []
        for a in u.abilities:
            if not is_implemented(a):
                continue
            if a.trigger == "passive_modifier":
                for e in a.effects:
                    if e.op == "signature" and e.get("id") == "horde" and a.battlefield:
                        horde = True
                    elif e.op == "signature" and e.get("id") == "sleep" and a.battlefield:
                        sleep = True
                    elif e.op in STAT_OPS:
                        stats.append((a.battlefield, e))
                    elif e.op == "movement":
                        moves.append((a.battlefield, e))
            elif a.trigger == "on_destroyed":
                destroyed.append(a)
            elif a.trigger == "on_squad_destroys":
                kills.append(a)
        out.append(KindInfo(horde, sleep, tuple(stats), tuple(moves), tuple(destroyed), tuple(kills)))
    result = tuple(out)
    _CACHE[card_set.hash] = result
    return result


from . import blood, flower  # noqa: E402,F401  (register the clans' signatures)
