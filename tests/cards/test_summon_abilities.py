"""Abilities that change a summon action: Undying (Skull signature: out of the discard pile), Raise Dead
(Malek, Necromancers) and Call to Arms (Kesh): summon_into_zone, Golemcraft (cost reduction + zone). The
summon-time crystals are in test_crystals.py."""
from __future__ import annotations

import crystalclans as cc

from .helpers import ids, squad

KNIGHTS = "skull.ancestral_knights"
WARRIORS = "skull.ancestral_warriors"
MALEK = "skull.enchanter_malek"
NECRO = "skull.necromancers"


def pos(clans=("skull", "blood"), **kw):
    base = {"clans": list(clans), "active": 0}
    base.update(kw)
    return cc.Game.from_position(base)


def legal(g):
    return [str(a) for a in g.legal_actions()]


# ---------------------------------------------------------------- Undying
def test_undying_summons_out_of_the_discard_pile_at_its_normal_cost():
    g = pos(discard=[[WARRIORS, NECRO], []])
    assert f"summon {WARRIORS} from discard" in legal(g)
    assert f"summon {NECRO} from discard" not in legal(g)  # no Undying
    g.apply(f"summon {WARRIORS} from discard")
    g.apply("done")
    assert squad(g, 0, "a_home") == [WARRIORS] and ids(g, g.discards[0]) == [NECRO]
    assert g.pos == -2  # its summon cost


def test_undying_mixes_hand_and_discard_in_one_summon():
    g = pos(hands=[[KNIGHTS], []], discard=[[WARRIORS, "skull.ossuary_guards", "skull.hetha_barrow_queen"], []],
            token=5)
    g.apply(f"summon {KNIGHTS}")
    opts = legal(g)
    assert {f"pick {WARRIORS} from discard", "pick skull.ossuary_guards from discard",
            "pick skull.hetha_barrow_queen from discard"} <= set(opts)  # every Undying unit, the hero too
    g.apply(f"pick {WARRIORS} from discard")
    g.apply("done")
    g.apply("keep")
    assert sorted(squad(g, 0, "a_home")) == [KNIGHTS, WARRIORS]
    assert g.pos == 5 - 3 - 2 and not g.hands[0]


def test_undying_summon_can_be_cancelled_and_needs_the_initiative():
    g = pos(discard=[[WARRIORS, "skull.hetha_barrow_queen"], []], token=-17)
    assert f"summon {WARRIORS} from discard" in legal(g)
    assert "summon skull.hetha_barrow_queen from discard" not in legal(g)  # cost 5 > 3 left on the track
    g.apply(f"summon {WARRIORS} from discard")
    g.apply("cancel")
    assert g.decision.kind == "action" and ids(g, g.discards[0]) == [WARRIORS, "skull.hetha_barrow_queen"]
    assert g.pos == -17


def test_undying_not_for_units_without_it():
    g = pos(clans=("blood", "skull"), discard=[["blood.marauders"], []])
    assert not [a for a in legal(g) if "from discard" in a]


# ---------------------------------------------------------------- Raise Dead
def test_raise_dead_a_reanimated_summon_may_go_to_maleks_zone():
    g = pos(hands=[[WARRIORS, NECRO], []], squads={"c_west": [[MALEK], ["blood.marauders"]]})
    g.apply(f"summon {WARRIORS}")
    g.apply("done")
    assert g.decision.kind == "summon_zone"
    assert legal(g) == ["cancel", "zone a_home", "zone c_west"]
    g.apply("zone c_west")
    assert g.decision.kind == "reorder"  # joins Malek's squad, even in a zone an enemy squad holds
    g.apply("keep")
    assert squad(g, 0, "c_west") == [WARRIORS, MALEK] and g.pos == -2


def test_raise_dead_declined_summon_goes_home():
    g = pos(hands=[[WARRIORS], []], squads={"c_west": [[MALEK], []]})
    g.apply(f"summon {WARRIORS}")
    g.apply("done")
    g.apply("zone a_home")
    assert squad(g, 0, "a_home") == [WARRIORS] and squad(g, 0, "c_west") == [MALEK]


def test_raise_dead_only_for_all_reanimated_summons_and_only_on_top():
    g = pos(hands=[[WARRIORS, NECRO], []], squads={"c_west": [[MALEK], []]})
    g.apply(f"summon {WARRIORS}")
    g.apply(f"pick {NECRO}")
    g.apply("done")  # Necromancers are not REANIMATED: home, no zone choice
    assert g.decision.kind == "reorder" and squad(g, 0, "c_west") == [MALEK]
    g = pos(hands=[[WARRIORS], []], squads={"c_west": [[KNIGHTS, MALEK], []]})
    g.apply(f"summon {WARRIORS}")
    g.apply("done")  # Malek is not on top: his battlefield ability is off
    assert g.decision.kind == "action" and squad(g, 0, "a_home") == [WARRIORS]


def test_raise_dead_necromancers_with_undying_units_from_the_discard_pile():
    g = pos(discard=[[KNIGHTS], []], squads={"c_center": [[NECRO], []]})
    g.apply(f"summon {KNIGHTS} from discard")
    g.apply("done")
    assert legal(g) == ["cancel", "zone a_home", "zone c_center"]
    g.apply("zone c_center")
    g.apply("keep")
    assert squad(g, 0, "c_center") == [KNIGHTS, NECRO] and g.discards[0] == []


# ---------------------------------------------------------------- Call to Arms
def test_call_to_arms_any_summon_may_go_to_kesh():
    g = pos(clans=("blood", "skull"), hands=[["blood.condor", "blood.marauders"], []],
            squads={"b_west": [["blood.kesh_bloodcaller"], [KNIGHTS]]}, token=6)
    g.apply("summon blood.condor")
    g.apply("pick blood.marauders")
    g.apply("done")
    assert legal(g) == ["cancel", "zone a_home", "zone b_west"]
    g.apply("zone b_west")
    g.apply("place blood.kesh_bloodcaller")  # Kesh stays on top: Horde, no limit
    g.apply("keep")
    assert squad(g, 0, "b_west")[0] == "blood.kesh_bloodcaller" and len(squad(g, 0, "b_west")) == 3


def test_call_to_arms_declined_and_not_when_kesh_is_covered():
    g = pos(clans=("blood", "skull"), hands=[["blood.condor"], []],
            squads={"b_west": [["blood.kesh_bloodcaller"], []]}, token=6)
    g.apply("summon blood.condor")
    g.apply("done")
    g.apply("cancel")  # nothing happened yet
    assert g.decision.kind == "action" and ids(g, g.hands[0]) == ["blood.condor"] and g.pos == 6
    g.apply("summon blood.condor")
    g.apply("done")
    g.apply("zone a_home")
    assert squad(g, 0, "a_home") == ["blood.condor"]
    g = pos(clans=("blood", "skull"), hands=[["blood.condor"], []],
            squads={"b_west": [["blood.marauders", "blood.kesh_bloodcaller"], []]}, token=6)
    g.apply("summon blood.condor")
    g.apply("done")
    assert squad(g, 0, "a_home") == ["blood.condor"]


# ---------------------------------------------------------------- Golemcraft (Stone, same mechanism)
def test_golemcraft_golem_costs_three_less_and_may_arrive_at_horgath():
    g = pos(clans=("stone", "skull"), hands=[["stone.stone_golem"], []],
            squads={"c_east": [["stone.workers", "stone.horgath"], []]})  # not a battlefield ability
    g.apply("summon stone.stone_golem")
    g.apply("done")
    assert legal(g) == ["cancel", "zone a_home", "zone c_east"]
    g.apply("zone c_east")
    g.apply("keep")
    assert "stone.stone_golem" in squad(g, 0, "c_east") and g.pos == -(7 - 3)


def test_golemcraft_not_without_horgath():
    g = pos(clans=("stone", "skull"), hands=[["stone.stone_golem"], []],
            squads={"c_east": [["stone.siege_towers"], []]})  # no Horgath (and no Builder: see Build)
    g.apply("summon stone.stone_golem")
    g.apply("done")
    assert squad(g, 0, "a_home") == ["stone.stone_golem"] and g.pos == -7
