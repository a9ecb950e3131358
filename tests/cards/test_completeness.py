"""Completeness: every battle-card primitive, every trigger and every unit ability of the set has its
mechanism; the pending list is empty (part 1: Blood, Skull, Flower and every crystal; part 2: Meteor, Water
and Stone). A card whose mechanism does not exist at all fails here."""
from __future__ import annotations

import crystalclans as cc
from crystalclans.abilities import PASSIVE_OPS, is_implemented, pending_abilities
from crystalclans.effects import HANDLERS

IMPLEMENTED = {
    "blood.condor.flight", "blood.aarock_riders.flight", "blood.cinder_thralls.blood_price",
    "blood.chieftains.devoted_leaders", "blood.bloodsworn_guard.oath_wall", "blood.ulvar_redmaw.bloodfrenzy",
    "blood.marauders.horde", "blood.trappers.horde", "blood.chieftains.horde", "blood.kesh_bloodcaller.horde",
    "blood.cinder_thralls.horde", "flower.queen_bumble.flight", "flower.bumble_cavalry.flight",
    # other clans' abilities that are pure data on the same primitives (tests in test_generic_abilities.py)
    "flower.mother.shelter", "flower.spirit_guide.spirit_path", "meteor.gravity_mages.gravity_pull",
    "skull.hetha_barrow_queen.ancestral_host", "skull.boneknife_cultists.bone_pact",
    "stone.sentinels.hold_the_line", "water.old_mudjaw.thick_hide", "water.tridents.clone",
    "water.tide_runners.slipstream",
    # Sleep (signature), Reaper (mill_self on_destroyed), Dance of Blades (on_squad_destroys)
    "flower.pollen_fairies.sleep", "flower.rosepetal_dancers.sleep", "flower.menders.sleep",
    "skull.ancestral_knights.reaper", "skull.blade_dancers.dance_of_blades",
    # part 1: Undying, Raise Dead, Call to Arms, Sacrifice, Gravebind, Heal, Lure Away
    "skull.hetha_barrow_queen.undying", "skull.ancestral_warriors.undying", "skull.ancestral_knights.undying",
    "skull.ossuary_guards.undying", "skull.enchanter_malek.raise_dead", "skull.necromancers.raise_dead",
    "blood.kesh_bloodcaller.call_to_arms", "skull.ancestral_warriors.sacrifice",
    "skull.mordra_gravebinder.gravebind", "flower.menders.heal", "flower.wisp.lure_away",
    # other clans' abilities that became data on the part-1 mechanisms (tests in test_generic_abilities.py)
    "stone.horgath.golemcraft", "water.harla_floodbringer.undertow", "water.blue_oracles.discourage",
    # on_summon, scry_self bottom_allowed, activation_reduction, invade_bonus
    "meteor.starglass_acolytes.chart_the_heavens", "stone.horgath.master_plans", "stone.lithomancers.stone_memory",
    "water.sonya_saltdaughter.linked", "water.cartographers.inform", "meteor.titan_knights.in_step",
    "meteor.commander_orion.command", "stone.siege_towers.siege",
    # friendly_battle_elsewhere, look_at_opponent_hand, scry_opponent, opponent_reveals_first
    "meteor.astral_twins.time_anomaly", "stone.egg_tosser.egg_barrage", "stone.ballista.volley",
    "meteor.sybel_starreader.portent", "meteor.citadel_knights.tactical", "water.deep_listeners.mind_reading",
    # part 2: Foresight, Spy (Meteor); Flank, Shift (Water); Build, Supply Network (Stone)
    "meteor.commander_orion.foresight", "meteor.sybel_starreader.foresight", "meteor.telescope_scouts.foresight",
    "meteor.comet_lancers.foresight", "meteor.telescope_scouts.spy", "stone.horgath.build", "stone.workers.build",
    "stone.lithomancers.build", "stone.sentinels.build", "stone.supply_golems.supply_network",
    "water.sonya_saltdaughter.flank", "water.harla_floodbringer.flank", "water.old_mudjaw.flank",
    "water.tridents.flank", "water.blue_oracles.flank", "water.shapeshifters.shift",
}


def test_every_battle_card_primitive_is_implemented():
    cs = cc.base_set()
    used = {e.op for u in cs.units for e in u.left + u.right}
    assert used - set(HANDLERS) == set()


def test_every_primitive_in_the_vocabulary_is_known_or_pending():
    cs = cc.base_set()
    vocabulary = set(cs.raw["vocabulary"]["primitives"])
    assert set(HANDLERS) <= vocabulary and PASSIVE_OPS <= vocabulary


def test_implemented_abilities_are_the_expected_ones():
    cs = cc.base_set()
    done = {a.id for u in cs.units for a in u.abilities if is_implemented(a)}
    assert done == IMPLEMENTED


def test_pending_list_is_empty():
    cs = cc.base_set()
    assert pending_abilities(cs) == []
    assert {a.id for u in cs.units for a in u.abilities} == IMPLEMENTED


def test_every_trigger_signature_and_special_of_the_vocabulary_is_registered():
    from crystalclans.abilities import SIGNATURES, SPECIALS, TRIGGERS

    cs = cc.base_set()
    vocabulary = cs.raw["vocabulary"]
    assert set(vocabulary["ability_triggers"]) == TRIGGERS
    assert set(vocabulary["primitives"]) - {"signature", "special"} <= set(HANDLERS) | PASSIVE_OPS
    assert {c["signature"]["id"] for c in cs.raw["clans"]} == SIGNATURES
    assert set(vocabulary["specials"]) == set(SPECIALS)


def test_an_unknown_mechanism_is_not_implemented():
    from crystalclans.cardset import AbilityDef, Effect

    fake = AbilityDef("x.y.z", "Z", True, "passive_modifier", {}, (Effect("teleport", {}),), "")
    assert not is_implemented(fake)
    fake = AbilityDef("x.y.z", "Z", True, "on_teleport", {}, (Effect("draw", {"n": 1}),), "")
    assert not is_implemented(fake)
