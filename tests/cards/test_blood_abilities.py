"""The unit abilities implemented on the hook mechanism so far (all Blood): Horde (signature), Flight
(movement), Blood Price (on_destroyed), Devoted Leaders / Oath Wall / Bloodfrenzy (bonus_per passives)."""
from __future__ import annotations

import pytest

import crystalclans as cc

from .helpers import attack, battle, finish, ids, squad

KNIGHTS = "skull.ancestral_knights"
WARRIORS = "skull.ancestral_warriors"


def pos(**kw):
    base = {"clans": ["blood", "skull"], "active": 0}
    base.update(kw)
    return base


# ---------------------------------------------------------------- Horde
def test_horde_top_unit_lifts_the_squad_limit():
    g = cc.Game.from_position(pos(hands=[["blood.marauders", "blood.trappers"], []],
                                  squads={"a_home": [["blood.marauders"] * 3, []]}))
    g.apply("summon blood.marauders")
    g.apply("pick blood.trappers")
    g.apply("done")
    assert g.decision.kind == "reorder"
    g.apply("place blood.marauders")  # a Horde unit on top: no trim
    assert g.decision.kind == "reorder"
    g.apply("keep")
    assert g.decision.kind == "action" and len(squad(g, 0, "a_home")) == 5


def test_horde_lost_on_top_trims_at_once():
    g = cc.Game.from_position(pos(hands=[["blood.condor"], []],
                                  squads={"a_home": [["blood.marauders"] * 3, []]}))
    g.apply("summon blood.condor")
    g.apply("done")
    g.apply("keep")  # Condor (no Horde) on top of 4 units
    assert g.decision.kind == "trim" and g.decision.player == 0
    assert [str(a) for a in g.legal_actions()] == ["discard blood.condor#1", "discard blood.marauders#2"]
    g.apply("discard blood.marauders#2")
    assert squad(g, 0, "a_home") == ["blood.condor", "blood.marauders", "blood.marauders"]
    assert ids(g, g.discards[0]) == ["blood.marauders"]


def test_horde_discarding_the_top_can_restore_horde():
    g = cc.Game.from_position(pos(hands=[["blood.condor"], []],
                                  squads={"a_home": [["blood.marauders"] * 4, []]}))  # Horde on top: 4 is fine
    g.apply("summon blood.condor")
    g.apply("done")
    g.apply("keep")  # Condor on top of 5
    assert g.decision.kind == "trim"
    g.apply("discard blood.condor#1")  # a Marauders is on top again: Horde, no more trimming
    assert g.decision.kind == "action" and len(squad(g, 0, "a_home")) == 4


def test_a_position_with_a_squad_over_its_limit_is_refused():
    with pytest.raises(cc.PositionError, match="limit is 3"):
        cc.Game.from_position(pos(squads={"a_home": [["blood.condor"] + ["blood.marauders"] * 4, []]}))


def test_horde_top_unit_destroyed_in_battle_trims_to_three():
    # The Horde squad (Marauders on top, 5 units) loses its top unit; Trappers (Horde too) stays on top,
    # so no trim; with Condor exposed instead the squad trims to 3.
    g = battle(None, "skull.blade_dancers", ["blood.marauders", "blood.condor", "blood.trappers",
                                             "blood.trappers", "blood.trappers"], [WARRIORS],
               draw0=["blood.aarock_riders"])
    assert g.decision.kind == "trim" and g.decision.player == 0
    assert len(squad(g, 0)) == 4 and squad(g, 0)[0] == "blood.condor"


# ---------------------------------------------------------------- Flight
def test_flight_all_flying_squad_flies_two_zones_out_of_an_enemy_zone():
    g = cc.Game.from_position(pos(squads={"c_center": [["blood.condor", "blood.aarock_riders"], [KNIGHTS]]}))
    g.apply("activate c_center")
    g.apply("keep")
    moves = {str(a) for a in g.legal_actions() if a.kind == "move"}
    assert {"move b_west", "move b_east", "move a_west", "move a_east", "move b_home", "move a_home"} <= moves
    g.apply("move b_west")  # two zones away
    assert squad(g, 0, "b_west") == ["blood.condor", "blood.aarock_riders"]


def test_flight_needs_every_unit_flying():
    g = cc.Game.from_position(pos(squads={"a_home": [["blood.condor", "blood.marauders"], []]}))
    g.apply("activate a_home")
    g.apply("keep")
    moves = {str(a.args[0]) for a in g.legal_actions() if a.kind == "move"}
    assert moves == {"c_center", "a_west", "a_east"}  # only adjacent zones


def test_flight_is_a_battlefield_ability_of_the_top_unit():
    # Marauders... all-FLYING is required anyway; with the flyer under another flyer it still flies.
    g = cc.Game.from_position(pos(squads={"a_home": [["blood.aarock_riders", "blood.condor"], []]}))
    g.apply("activate a_home")
    g.apply("keep")
    assert "move b_home" in [str(a) for a in g.legal_actions()]


def test_without_flight_a_squad_cannot_leave_an_enemy_zone():
    g = cc.Game.from_position(pos(squads={"c_center": [["blood.marauders"], [KNIGHTS]]}))
    g.apply("activate c_center")
    assert g.decision.kind == "battle"  # no move step offered


# ---------------------------------------------------------------- Blood Price (on_destroyed)
def test_blood_price_gains_initiative_when_destroyed():
    g = finish(battle(None, "skull.blade_dancers", ["blood.cinder_thralls", "blood.condor"], [KNIGHTS],
                      draw0=["blood.marauders"]))
    # Blade Dancers (tricky) vs Marauders (bold): left destroys the top unit, the Cinder Thralls
    assert "blood.cinder_thralls" in ids(g, g.discards[0])
    assert g.pos == -2 + 1  # paid 2 for the activation, gained 1 back


def test_blood_price_not_triggered_by_discarding():
    g = cc.Game.from_position(pos(hands=[["blood.condor"], []],
                                  squads={"a_home": [["blood.cinder_thralls", "blood.trappers", "blood.trappers"], []]}))
    g.apply("summon blood.condor")
    g.apply("done")
    g.apply("keep")
    g.apply("discard blood.cinder_thralls#2")
    assert g.pos == -5  # no initiative back for a discard


# ---------------------------------------------------------------- bonus_per passives
def test_devoted_leaders_counts_devoted_units_for_its_own_attack():
    # Chieftains on top with two Trappers (DEVOTED): +3; Warriors' right side: +1 defense
    g = finish(battle("blood.aarock_riders", WARRIORS, ["blood.chieftains", "blood.trappers", "blood.trappers"],
                      [KNIGHTS]))
    assert g.last_battle["attack"][0] == (2 + 1 + 1) + 3 + 2 - 1  # units + Devoted Leaders + card - defense


def test_devoted_leaders_only_on_top():
    g = finish(battle("blood.aarock_riders", WARRIORS, ["blood.trappers", "blood.chieftains", "blood.trappers"],
                      [KNIGHTS]))
    assert g.last_battle["attack"][0] == (1 + 2 + 1) + 2 - 1


def test_oath_wall_defense_per_devoted_unit():
    g = finish(battle("blood.marauders", "skull.boneknife_cultists", ["blood.bloodsworn_guard", "blood.trappers"],
                      [KNIGHTS]))
    # Knights 4 + Cultists' right +2 = 6, minus Oath Wall 2 (two DEVOTED units)
    assert g.last_battle["attack"][1] == 6 - 2


def test_bloodfrenzy_counts_units_from_anywhere_in_the_squad():
    g = finish(battle("blood.marauders", WARRIORS, ["blood.trappers", "blood.ulvar_redmaw"], [KNIGHTS]))
    # the Marauders card joins in B2c, so B3 counts 3 units: their attack, Bloodfrenzy +3, Warriors' +1 defense
    assert g.last_battle["attack"][0] == attack("blood.trappers", "blood.ulvar_redmaw", "blood.marauders") + 3 - 1
