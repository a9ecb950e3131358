"""Completeness: every battle-card primitive of the set has an implementation now; unit abilities whose
mechanism is not registered yet are listed as pending (the card-power issues empty that list). A card
whose mechanism does not exist at all fails here. After part 1 (Blood, Skull, Flower and every crystal)
only Meteor, Water and Stone abilities may be pending."""
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
}
#: What part 2 still registers: the three signatures (Foresight, Flank, Build) and three specials.
PART_2 = {"foresight", "flank", "build", "spy", "shift", "supply_network"}
PART_2_CLANS = ("meteor", "water", "stone")


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


def test_only_part_2_clans_are_pending():
    pending = pending_abilities(cc.base_set())
    assert pending and all(a.split(".")[0] in PART_2_CLANS for a in pending)


def test_pending_abilities_wait_only_for_signature_and_special_registrations():
    """Every trigger and primitive of the vocabulary has its mechanism: what is pending is a signature or a
    special not registered yet."""
    from crystalclans.abilities import TRIGGERS

    cs = cc.base_set()
    vocabulary = cs.raw["vocabulary"]
    assert set(vocabulary["ability_triggers"]) == TRIGGERS
    assert set(vocabulary["primitives"]) - {"signature", "special"} <= set(HANDLERS) | PASSIVE_OPS
    for u in cs.units:
        for a in u.abilities:
            if not is_implemented(a):
                assert {e.get("id") for e in a.effects if e.op in ("signature", "special")} & PART_2, a.id


def test_pending_list_is_everything_else():
    cs = cc.base_set()
    every = {a.id for u in cs.units for a in u.abilities}
    assert set(pending_abilities(cs)) == every - IMPLEMENTED
    assert len(every) == len(IMPLEMENTED) + len(pending_abilities(cs))


def test_an_unknown_mechanism_is_not_implemented():
    from crystalclans.cardset import AbilityDef, Effect

    fake = AbilityDef("x.y.z", "Z", True, "passive_modifier", {}, (Effect("teleport", {}),), "")
    assert not is_implemented(fake)
    fake = AbilityDef("x.y.z", "Z", True, "on_teleport", {}, (Effect("draw", {"n": 1}),), "")
    assert not is_implemented(fake)
