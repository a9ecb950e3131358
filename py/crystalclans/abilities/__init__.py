"""Unit abilities, clan signatures and specials: the registry and the per-kind compiled view.

Abilities are data (trigger + primitives, see cards/DESIGN_NOTES.md section 5). A mechanism is
implemented once: a primitive handler in `effects.py`, a signature or special registered here by id. An
ability counts as implemented when its trigger is fired by the engine and all its primitives, signatures
and specials are registered; `pending_abilities()` lists the rest (the completeness test reads it).

`kind_info(card_set)` compiles, per unit kind, what the hot engine asks about: does the top unit lift the
squad limit (Horde), which passive stat boosts, movement modes and summon modifiers it has, which
triggered abilities fire. Where the triggers fire: on_destroyed in effects.destroy_simultaneously,
on_move_into after an activation's move (rules.ActivateFrame), battle_start_before_cards in B0
(battle.BattleStartFrame, offered as choices), friendly_battle_elsewhere registers in B0 (battle.py),
on_squad_destroys and after_damage at the end of B3, on_summon once a summon is placed (summon.py).
Simultaneous triggers go through effects.TriggerQueueFrame: the active player orders them.
Engine-flag mechanisms (FLAGS: Foresight, Shift, Supply Network) compile to KindInfo fields the engine reads
where the rule lives: battle.ForesightFrame, summon.shift_zones, rules.move_links.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import effects, summon  # noqa: F401  (they register the effect primitives)
from ..cardset import _effects
from ..registry import (ANYWHERE, FLAGS, HANDLERS, ON_TOP, OPTIONAL_SPECIALS, PASSIVE_OPS, SIGNATURES, SPECIALS,
                        STAT_OPS, SUMMON_OPS, TRIGGERED, TRIGGERS, flag_on, register_signature, register_special)
from . import blood, flower, meteor, skull, stone, water  # noqa: F401  (they register signatures and specials)

if TYPE_CHECKING:  # pragma: no cover
    from ..cardset import AbilityDef, CardSet, Effect

__all__ = ["ANYWHERE", "FLAGS", "HANDLERS", "ON_TOP", "OPTIONAL_SPECIALS", "PASSIVE_OPS", "SIGNATURES", "SPECIALS",
           "STAT_OPS", "SUMMON_OPS", "TRIGGERED", "TRIGGERS", "KindInfo", "flag_on", "is_implemented",
           "is_optional", "kind_info", "pending_abilities", "register_signature", "register_special",
           "signature_effects"]

@dataclass(frozen=True, slots=True)
class KindInfo:
    horde: bool  # battlefield signature Horde: the squad limit is lifted while this unit is on top
    sleep: bool  # battlefield signature Sleep: on top, the enemy top unit fights with printed attack 0
    heal: bool  # battlefield special Heal: on top, squad-mates destroyed by a battle go home instead
    from_discard: bool  # summon_from_discard {self}: this card may be summoned out of the discard pile
    act_mod: bool  # has an activation_reduction (Game.activation_cost looks further only then)
    foresight: int  # signature Foresight (0, ON_TOP or ANYWHERE): a secret style prediction in B0 (battle.py)
    redirect: int  # special Shift: a summon may be redirected to this unit's zone (summon.py)
    link: int  # special Supply Network: zones holding such units are adjacent for moves (rules.reachable)
    stat_passives: tuple  # ((battlefield, Effect), ...) continuous modifiers of the squad's numbers
    movement: tuple  # ((battlefield, Effect), ...) movement modes
    summon_passives: tuple  # ((battlefield, Effect), ...) what this unit on the battlefield lends a summon
    on_destroyed: tuple  # (AbilityDef, ...)
    on_squad_destroys: tuple
    on_move_into: tuple
    battle_start_before_cards: tuple
    after_damage: tuple
    on_summon: tuple
    friendly_battle_elsewhere: tuple


def _effect_implemented(eff: "Effect", trigger: str) -> bool:
    if eff.op == "signature":
        return eff.get("id") in SIGNATURES
    if eff.op == "special":
        return eff.get("id") in SPECIALS and (trigger == "passive_modifier") == (SPECIALS[eff.get("id")] is None)
    if trigger == "passive_modifier":
        return eff.op in PASSIVE_OPS
    return eff.op in HANDLERS


def is_implemented(ability: "AbilityDef") -> bool:
    if ability.trigger not in TRIGGERS:
        return False
    return all(_effect_implemented(e, ability.trigger) for e in ability.effects)


def is_optional(ability: "AbilityDef") -> bool:
    """A triggered ability its controller may decline ("you may"): its first effect is optional."""
    e = ability.effects[0]
    return bool(e.get("optional")) or (e.op == "special" and e.get("id") in OPTIONAL_SPECIALS)


def pending_abilities(card_set: "CardSet") -> list[str]:
    """Ability ids of the set whose mechanism is not implemented yet."""
    return [a.id for u in card_set.units for a in u.abilities if not is_implemented(a)]


def signature_effects(card_set: "CardSet") -> dict[str, tuple]:
    """Signature id -> the primitives its clan definition stands for (none for engine-flag signatures)."""
    out = {}
    for clan in card_set.raw["clans"]:
        sig = clan["signature"]
        out[sig["id"]] = tuple(e for e in _effects(sig.get("effects")) if e.op != "signature")
    return out


_CACHE: dict[str, tuple[KindInfo, ...]] = {}


def kind_info(card_set: "CardSet") -> tuple[KindInfo, ...]:
    cached = _CACHE.get(card_set.hash)
    if cached is not None:
        return cached
    sig_effects = signature_effects(card_set)
    out = []
    for u in card_set.units:
        flags = {"horde": False, "sleep": False, "heal": False, "from_discard": False}
        engine_flags = {"foresight": 0, "redirect": 0, "link": 0}
        stats, moves, summons = [], [], []
        triggered: dict[str, list] = {t: [] for t in TRIGGERED}
        for a in u.abilities:
            if not is_implemented(a):
                continue
            if a.trigger != "passive_modifier":
                triggered[a.trigger].append(a)
                continue
            effects = []
            for e in a.effects:
                if e.op == "signature" and sig_effects.get(e.get("id")):
                    effects.extend(sig_effects[e.get("id")])
                else:
                    effects.append(e)
            for e in effects:
                if e.op == "signature" and e.get("id") in ("horde", "sleep") and a.battlefield:
                    flags[e.get("id")] = True
                elif e.op == "special" and e.get("id") == "heal" and a.battlefield:
                    flags["heal"] = True
                elif e.op in ("signature", "special") and e.get("id") in FLAGS:
                    field = FLAGS[e.get("id")]
                    engine_flags[field] = max(engine_flags[field], ON_TOP if a.battlefield else ANYWHERE)
                elif e.op == "summon_from_discard" and e.get("filter") == {"self": True}:
                    flags["from_discard"] = True
                elif e.op in STAT_OPS:
                    stats.append((a.battlefield, e))
                elif e.op == "movement":
                    moves.append((a.battlefield, e))
                elif e.op in SUMMON_OPS:
                    summons.append((a.battlefield, e))
        act_mod = any(e.op == "activation_reduction" for _, e in stats)
        out.append(KindInfo(
            flags["horde"], flags["sleep"], flags["heal"], flags["from_discard"], act_mod, engine_flags["foresight"],
            engine_flags["redirect"], engine_flags["link"], tuple(stats), tuple(moves),
            tuple(summons), *(tuple(triggered[t]) for t in TRIGGERED)))
    result = tuple(out)
    _CACHE[card_set.hash] = result
    return result
