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


# ---------------------------------------------------------------- Sacrifice (battle start)
MORDRA = "skull.mordra_gravebinder"
SACRIFICE = "use skull.ancestral_warriors.sacrifice"


def test_sacrifice_for_attack():
    # Blade Dancers vs Chieftains (both tricky): right sides, no boosts. Knights 4 + 6 kill Condor (10).
    g = battle("skull.blade_dancers", "blood.chieftains", [WARRIORS, KNIGHTS], ["blood.condor"],
               start=[SACRIFICE, "boost attack"], clans=["skull", "blood"], draw0=["skull.necromancers"] * 2)
    assert ids(g, g.removed[0]) == [WARRIORS]  # out of the game, not destroyed
    finish(g)
    assert g.last_battle["attack"] == [4 + 6, 6] and "blood.condor" in g.last_battle["destroyed"]
    assert WARRIORS not in g.last_battle["destroyed"] and WARRIORS not in ids(g, g.discards[0])


def test_sacrifice_for_defense():
    g = finish(battle("skull.blade_dancers", "blood.chieftains", [WARRIORS, KNIGHTS], ["blood.condor"],
                      start=[SACRIFICE, "boost defense"], clans=["skull", "blood"]))
    assert g.last_battle["attack"] == [4, 0] and squad(g, 0) == [KNIGHTS]


def test_sacrifice_is_offered_with_a_decline_and_only_on_top():
    import crystalclans as cc

    g = battle("skull.blade_dancers", "blood.chieftains", [WARRIORS, KNIGHTS], ["blood.condor"],
               clans=["skull", "blood"])  # "done" at battle start
    finish(g)
    assert g.last_battle["attack"] == [2 + 4, 6] and g.removed[0] == []
    g = cc.Game.from_position({"clans": ["skull", "blood"], "hands": [["skull.blade_dancers"], ["blood.chieftains"]],
                               "squads": {"c_center": [[KNIGHTS, WARRIORS], ["blood.condor"]]}})
    g.apply("activate c_center")
    g.apply("keep")
    g.apply("battle")
    assert g.decision.kind == "battle_card"  # the Warriors are not on top: nothing to decide at battle start


def test_sacrifice_of_the_only_unit_ends_the_battle_before_cards():
    g = battle(None, None, [WARRIORS], ["blood.condor"], start=[SACRIFICE], clans=["skull", "blood"])
    assert g.battle is None and g.last_battle["cards"] == [None, None] and squad(g, 0) == []


def test_sacrifice_by_the_defender_after_the_attackers_choices():
    g = battle("blood.chieftains", "skull.blade_dancers", ["blood.condor"], [WARRIORS, KNIGHTS],
               start=[SACRIFICE, "boost defense"], clans=["blood", "skull"])  # Condor has nothing to use
    finish(g)
    assert g.last_battle["attack"] == [0, 4] and ids(g, g.removed[1]) == [WARRIORS]


# ---------------------------------------------------------------- Gravebind (after damage)
def test_gravebind_takes_a_destroyed_enemy_common_which_its_owner_keeps_owning():
    g = battle("skull.blade_dancers", "blood.chieftains", [MORDRA, KNIGHTS, WARRIORS], ["blood.marauders"],
               clans=["skull", "blood"])
    while g.decision.kind != "gravebind":
        g.apply("draw 0" if g.decision.kind == "draw" else g.legal_actions()[0])
    assert [str(a) for a in g.legal_actions()] == ["skip", "bind blood.marauders@1"]
    g.apply("bind blood.marauders@1")
    # four units under Mordra (no Horde): trim; the bound unit goes to its owner's discard pile
    assert g.decision.kind == "trim" and "discard blood.marauders@1#4" in [str(a) for a in g.legal_actions()]
    g.apply("discard skull.ancestral_warriors#3")
    assert squad(g, 0) == [MORDRA, KNIGHTS, "blood.marauders"]
    code = g.squads[0][g.cs.board.zone_index["c_center"]][2]
    assert code & 1 == 1  # owned by seat 1, controlled by seat 0
    assert g.view(1)["board"]["c_center"]["squads"][0][2] == {"id": "blood.marauders", "owner": 1}
    finish(g)


def test_gravebound_unit_leaving_goes_to_its_owners_pile():
    g = battle("skull.blade_dancers", "blood.chieftains", [MORDRA, KNIGHTS, WARRIORS], ["blood.marauders"],
               clans=["skull", "blood"])
    while g.decision.kind != "gravebind":
        g.apply("draw 0" if g.decision.kind == "draw" else g.legal_actions()[0])
    g.apply("bind blood.marauders@1")
    g.apply("discard blood.marauders@1#4")
    assert "blood.marauders" in ids(g, g.discards[1]) and "blood.marauders" not in ids(g, g.discards[0])


def test_gravebind_declined():
    g = battle("skull.blade_dancers", "blood.chieftains", [MORDRA], ["blood.marauders"], clans=["skull", "blood"])
    finish(g, {"gravebind": "skip"})
    assert squad(g, 0) == [MORDRA] and ids(g, g.discards[1]) == ["blood.marauders", "blood.chieftains"]


def test_gravebind_not_for_heroes_nor_when_mordra_is_gone():
    # only an enemy hero (Ulvar, defense 6) is destroyed: nothing to bind
    g = battle("skull.blade_dancers", "blood.chieftains", [MORDRA, KNIGHTS], ["blood.ulvar_redmaw"],
               clans=["skull", "blood"])
    kinds = []
    while g.battle is not None:
        kinds.append(g.decision.kind)
        g.apply("draw 0" if g.decision.kind == "draw" else g.legal_actions()[0])
    assert "blood.ulvar_redmaw" in g.last_battle["destroyed"] and "gravebind" not in kinds
    # Mordra destroyed: she is no longer on top after damage
    g = battle("skull.blade_dancers", "blood.chieftains", [MORDRA, KNIGHTS], ["blood.condor", "blood.marauders"],
               clans=["skull", "blood"])
    kinds = []
    while g.battle is not None:
        kinds.append(g.decision.kind)
        g.apply("draw 0" if g.decision.kind == "draw" else g.legal_actions()[0])
    assert MORDRA in g.last_battle["destroyed"] and "gravebind" not in kinds


# ---------------------------------------------------------------- Heal
MENDERS = "flower.menders"
DANDELION = "flower.dandelion_knights"
MALEK = "skull.enchanter_malek"


def test_heal_destroyed_squad_mates_go_home_instead_of_the_discard_pile():
    # Menders on top (Sleep: the Warriors fight with 0): Malek 8 + Cultists' 2 = 10 destroy all three.
    g = finish(battle(DANDELION, "skull.boneknife_cultists", [MENDERS, DANDELION, DANDELION], [WARRIORS, MALEK],
                      clans=["flower", "skull"]))
    assert sorted(g.last_battle["destroyed"]) == [DANDELION, DANDELION, MENDERS, WARRIORS, MALEK]
    assert squad(g, 0, "a_home") == [DANDELION, DANDELION]  # they still count as destroyed
    assert ids(g, g.discards[0]) == [MENDERS, DANDELION]  # Menders itself, and the battle card


def test_heal_combines_with_a_squad_at_home():
    g = battle(DANDELION, "skull.boneknife_cultists", [MENDERS, DANDELION, DANDELION], [WARRIORS, MALEK],
               clans=["flower", "skull"], squads={"a_home": [["flower.wisp"], []]})
    kinds = []
    while g.battle is not None:
        kinds.append(g.decision.kind)
        g.apply("keep" if g.decision.kind in ("reorder", "keep") else g.legal_actions()[0])
    assert "reorder" in kinds and sorted(squad(g, 0, "a_home")) == [DANDELION, DANDELION, "flower.wisp"]


def test_heal_only_with_menders_on_top():
    g = finish(battle(DANDELION, "skull.boneknife_cultists", [DANDELION, MENDERS, DANDELION], [WARRIORS, MALEK],
                      clans=["flower", "skull"]))
    assert squad(g, 0, "a_home") == [] and ids(g, g.discards[0]).count(DANDELION) >= 2


# ---------------------------------------------------------------- Lure Away (on_move_into)
WISP = "flower.wisp"


def wisp_moves(squad0, to="c_center", enemy=(KNIGHTS, WARRIORS)):
    import crystalclans as cc

    g = cc.Game.from_position({"clans": ["flower", "skull"],
                               "squads": {"a_home": [list(squad0), []], "c_center": [[], list(enemy)]}})
    g.apply("activate a_home")
    if g.decision.kind == "reorder":
        g.apply("keep")
    g.apply(f"move {to}")
    return g


def test_lure_away_sends_an_enemy_unit_home_and_wisp_returns_to_hand():
    g = wisp_moves([WISP])
    assert g.decision.kind == "send_home"
    assert [str(a) for a in g.legal_actions()] == ["skip", f"send {KNIGHTS}#1", f"send {WARRIORS}#2"]
    g.apply(f"send {WARRIORS}#2")
    assert squad(g, 1, "b_home") == [WARRIORS] and squad(g, 1) == [KNIGHTS]
    assert ids(g, g.hands[0]) == [WISP] and squad(g, 0) == []
    assert g.decision.kind == "action"  # no squad left to battle with


def test_lure_away_declined_wisp_stays_and_may_battle():
    g = wisp_moves([WISP])
    g.apply("skip")
    assert squad(g, 0) == [WISP] and g.hands[0] == [] and g.decision.kind == "battle"


def test_lure_away_not_into_an_empty_zone_nor_when_wisp_is_covered():
    g = wisp_moves([WISP], to="a_west")
    assert g.decision.kind == "action"
    g = wisp_moves([DANDELION, WISP])
    assert g.decision.kind == "battle"


# ---------------------------------------------------------------- simultaneous triggers
def test_simultaneous_triggers_are_ordered_by_the_active_player():
    # Ulvar's +3 and the Cultists' +2: the Cinder Thralls and the Knights destroy each other
    g = battle("blood.ulvar_redmaw", "skull.boneknife_cultists", ["blood.cinder_thralls"], [KNIGHTS],
               draw1=[WARRIORS, WARRIORS], clans=["blood", "skull"])
    assert g.decision.kind == "order_triggers" and g.decision.player == 0
    assert [str(a) for a in g.legal_actions()] == ["resolve blood.cinder_thralls.blood_price",
                                                   "resolve skull.ancestral_knights.reaper@1"]
    g.apply("resolve skull.ancestral_knights.reaper@1")  # the last one resolves by itself
    finish(g)
    assert len(g.draws[1]) == 1 and g.pos == -1 + 1
