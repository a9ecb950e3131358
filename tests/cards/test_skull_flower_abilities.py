"""Sleep (Flower signature), Reaper (Ancestral Knights), Dance of Blades (Blade Dancers)."""
from __future__ import annotations

from .helpers import battle, finish, ids, squad

KNIGHTS = "skull.ancestral_knights"
WARRIORS = "skull.ancestral_warriors"


def test_sleep_enemy_top_unit_fights_with_attack_zero():
    # Pollen Fairies on top (Sleep): the Knights on top of the enemy count 0 of their 4 attack.
    g = finish(battle("flower.dandelion_knights", "skull.boneknife_cultists", ["flower.pollen_fairies"],
                      [KNIGHTS, WARRIORS], clans=["flower", "skull"]))
    assert g.last_battle["attack"][1] == 0 + 2 + 2  # Warriors 2 + the Cultists' right +2 (a card boost stays)


def test_sleep_only_when_the_sleep_unit_is_on_top():
    g = finish(battle("flower.dandelion_knights", "skull.boneknife_cultists",
                      ["flower.dandelion_knights", "flower.pollen_fairies"], [KNIGHTS, WARRIORS],
                      clans=["flower", "skull"]))
    assert g.last_battle["attack"][1] == 4 + 2 + 2


def test_sleep_cancels_unit_boosts_but_not_squad_boosts():
    # Chieftains on top asleep: printed 2 and Devoted Leaders (+2, a unit boost) are ignored;
    # Bloodfrenzy-like squad boosts would stay; Trappers' 1 counts.
    g = finish(battle("skull.boneknife_cultists", "blood.aarock_riders", ["skull.ancestral_warriors"],
                      ["blood.chieftains", "blood.trappers"], clans=["skull", "blood"]))
    awake = g.last_battle["attack"][1]
    g = finish(battle("flower.dandelion_knights", "blood.aarock_riders", ["flower.pollen_fairies"],
                      ["blood.chieftains", "blood.trappers"], clans=["flower", "blood"]))
    assert g.last_battle["attack"][1] == 1 + 2  # Trappers + the Riders' right +2
    assert awake == 2 + 2 + 1 + 2  # printed, Devoted Leaders, Trappers, the Riders' right +2


def test_reaper_mills_its_controller_when_destroyed():
    g = finish(battle("blood.condor", KNIGHTS, ["blood.trappers"], [KNIGHTS],
                      draw1=["skull.necromancers", WARRIORS], clans=["blood", "skull"]))
    # Condor (tricky) loses to guarded: right side destroys the top unit -> Reaper
    assert ids(g, g.discards[1])[:2] == [KNIGHTS, "skull.necromancers"]
    assert ids(g, g.draws[1]) == [WARRIORS]


def test_reaper_not_on_discard():
    import crystalclans as cc

    g = cc.Game.from_position({"clans": ["skull", "blood"], "hands": [["skull.necromancers"], []],
                               "draw": [["skull.blade_dancers"], []],
                               "squads": {"a_home": [[KNIGHTS] * 3, []]}})
    g.apply("summon skull.necromancers")
    g.apply("done")
    g.apply("keep")
    g.apply(f"discard {KNIGHTS}#2")
    assert len(g.draws[0]) == 1  # discarding is not destroying


def test_dance_of_blades_gains_two_after_destroying_an_enemy():
    # Cultists (bold) beat Bloodsworn Guard (guarded): 3 + 5 - 2 = 6 kills the Trappers; their 1 attack
    # does not kill the Blade Dancers (2), who stay on top.
    g = finish(battle("skull.boneknife_cultists", "blood.bloodsworn_guard", ["skull.blade_dancers"],
                      ["blood.trappers"], clans=["skull", "blood"]))
    assert g.last_battle["destroyed"] == ["blood.trappers"]
    assert g.pos == -1 + 2  # paid 1, gained 2


def test_dance_of_blades_not_without_a_kill_or_when_not_on_top_after_damage():
    g = finish(battle("skull.ossuary_guards", "blood.bloodsworn_guard", ["skull.blade_dancers"],
                      ["blood.condor"], clans=["skull", "blood"]))
    assert g.last_battle["destroyed"] == ["skull.blade_dancers"] and g.pos == -1
    # Blade Dancers kill the Marauders but die themselves: no longer on top after damage, no gain
    g = finish(battle("skull.boneknife_cultists", "blood.aarock_riders", ["skull.blade_dancers"],
                      ["blood.marauders", "blood.condor"], clans=["skull", "blood"]))
    assert "skull.blade_dancers" in g.last_battle["destroyed"] and "blood.marauders" in g.last_battle["destroyed"]
    assert squad(g, 0) == [] and g.pos == -1
