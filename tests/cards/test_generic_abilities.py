"""Abilities of other clans that need no new mechanism: they are data on the primitives already
implemented (passive stat boosts, movement modes, on_destroyed free summons)."""
from __future__ import annotations

import crystalclans as cc

from .helpers import attack, battle, finish, squad

KNIGHTS = "skull.ancestral_knights"
WARRIORS = "skull.ancestral_warriors"


def test_mother_shelter_defense_on_top_only():
    g = finish(battle("skull.boneknife_cultists", "flower.dandelion_knights", [KNIGHTS], ["flower.mother"],
                      clans=["skull", "flower"]))
    assert g.last_battle["attack"][0] == 4 + 2 - 3  # Cultists' right +2, Shelter +3 defense
    g = finish(battle("skull.boneknife_cultists", "flower.dandelion_knights", [KNIGHTS],
                      ["flower.wisp", "flower.mother"], clans=["skull", "flower"]))
    assert g.last_battle["attack"][0] == 4 + 2  # Mother not on top: no Shelter


def test_spirit_path_two_zones_but_stops_at_enemies():
    g = cc.Game.from_position({"clans": ["flower", "skull"],
                               "squads": {"a_home": [["flower.spirit_guide"], []], "c_center": [[], [KNIGHTS]]}})
    g.apply("activate a_home")
    dests = {str(a.args[0]) for a in g.legal_actions() if a.kind == "move"}
    assert "c_west" in dests and "c_east" in dests  # two zones via a_west / a_east
    assert "b_home" not in dests  # the way through c_center stops at the enemy squad
    assert "c_center" in dests


def test_spirit_path_cannot_leave_an_enemy_zone():
    g = cc.Game.from_position({"clans": ["flower", "skull"], "squads": {"c_center": [["flower.spirit_guide"], [KNIGHTS]]}})
    g.apply("activate c_center")
    assert g.decision.kind == "battle"


def test_gravity_pull_attack_per_friendly_squad():
    g = finish(battle("meteor.comet_lancers", WARRIORS, ["meteor.gravity_mages"], [KNIGHTS],
                      clans=["meteor", "skull"]))
    base = g.last_battle["attack"][0]
    pos = {"clans": ["meteor", "skull"], "active": 0, "hands": [["meteor.comet_lancers"], [WARRIORS]],
           "squads": {"c_center": [["meteor.gravity_mages"], [KNIGHTS]], "a_home": [["meteor.titan_knights"], []],
                      "a_west": [["meteor.titan_knights"], []]}}
    g = cc.Game.from_position(pos)
    for a in ("activate c_center", "battle", "play meteor.comet_lancers", f"play {WARRIORS}"):
        g.apply(a)
    finish(g)
    assert g.last_battle["attack"][0] == base + 2  # three squads instead of one


def test_ancestral_host_attack_per_reanimated_unit():
    g = finish(battle("skull.boneknife_cultists", "blood.aarock_riders", ["skull.hetha_barrow_queen", WARRIORS, KNIGHTS],
                      ["blood.condor"]))
    units = attack("skull.hetha_barrow_queen", WARRIORS, KNIGHTS)
    assert g.last_battle["attack"][0] == units + 2 + 3  # units, Cultists' right +2, three REANIMATED


def test_bone_pact_summons_a_reanimated_unit_where_it_died():
    # Boneknife Cultists on top are destroyed by Blade Dancers... use Condor's right side: destroy the top unit
    g = battle("skull.ossuary_guards", "blood.condor", ["skull.boneknife_cultists", KNIGHTS], ["blood.trappers"],
               hand0=[WARRIORS], discard0=["skull.ancestral_knights"])
    assert g.decision.kind == "summon_free" and g.decision.player == 0
    texts = [str(a) for a in g.legal_actions()]
    assert texts == ["done", f"summon {WARRIORS}", f"summon {KNIGHTS} from discard"]
    g.apply(f"summon {WARRIORS}")
    assert g.decision.kind == "reorder"  # it joined the squad in this zone (c_center), combining with it
    assert sorted(squad(g, 0)) == [KNIGHTS, WARRIORS] and not g.hands[0]


def test_hold_the_line_only_in_crystal_zones():
    # Ballista vs Warriors: both bold, right sides (+2 attack / +1 defense). Knights' 4 minus Hold the Line 2;
    # the Sentinels' attack from the card set.
    g = finish(battle("stone.ballista", WARRIORS, ["stone.sentinels"], [KNIGHTS], zone="c_west"))
    assert g.last_battle["attack"] == [attack("stone.sentinels") + 2 - 1, 4 - 2]
    g2 = finish(battle("stone.ballista", WARRIORS, ["stone.sentinels"], [KNIGHTS], zone="b_west"))
    assert g2.last_battle["attack"] == [attack("stone.sentinels") + 2 - 1, 4]


def test_thick_hide_defense():
    g = finish(battle("skull.boneknife_cultists", "water.tridents", [KNIGHTS], ["water.old_mudjaw"],
                      clans=["skull", "water"]))
    assert g.last_battle["attack"][0] == 4 + 2 - 2


def test_clone_summons_a_trident_from_hand_to_home_when_one_dies():
    g = battle("skull.blade_dancers", "water.shapeshifters", [KNIGHTS], ["water.tridents", "water.cartographers"],
               hand1=["water.tridents"], clans=["skull", "water"])
    # Blade Dancers vs Shapeshifters: both tricky -> right sides; use damage: Knights 4 kill the Tridents (1)
    finish(g, {"summon_free": "summon water.tridents"})
    assert squad(g, 1, "b_home") == ["water.tridents"]


def test_slipstream_leaves_an_enemy_zone():
    g = cc.Game.from_position({"clans": ["water", "skull"], "squads": {"c_center": [["water.tide_runners"], [KNIGHTS]]}})
    g.apply("activate c_center")
    assert g.decision.kind == "move"
    assert {str(a.args[0]) for a in g.legal_actions() if a.kind == "move"} == {"b_home", "c_west", "c_east", "a_home"}


# ---------------------------------------------------------------- on the part-1 trigger machinery
def harla_battle():
    g = cc.Game.from_position({"clans": ["water", "skull"], "hands": [["water.tridents"], [WARRIORS]],
                               "squads": {"c_center": [["water.harla_floodbringer"], [KNIGHTS, WARRIORS]]}})
    g.apply("activate c_center")
    g.apply("battle")
    assert g.decision.kind == "battle_start"
    return g


def test_undertow_reorders_the_enemy_squad_at_battle_start():
    g = harla_battle()
    g.apply("use water.harla_floodbringer.undertow")
    assert g.decision.kind == "reorder" and g.decision.player == 0 and g.decision.info["controller"] == 1
    g.apply(f"place {WARRIORS}")
    assert squad(g, 1) == [WARRIORS, KNIGHTS] and g.decision.kind == "battle_card"


def test_undertow_declined():
    g = harla_battle()
    g.apply("done")
    assert squad(g, 1) == [KNIGHTS, WARRIORS] and g.decision.kind == "battle_card"


def oracles_move():
    g = cc.Game.from_position({"clans": ["water", "skull"],
                               "squads": {"a_home": [["water.blue_oracles"], []], "c_center": [[], [KNIGHTS]]}})
    g.apply("activate a_home")
    g.apply("move c_center")
    return g


def test_discourage_pays_the_units_activation_to_send_any_unit_home():
    g = oracles_move()
    assert g.decision.kind == "send_home"
    assert [str(a) for a in g.legal_actions()] == ["skip", f"send {KNIGHTS}#1 enemy", "send water.blue_oracles#1 own"]
    g.apply(f"send {KNIGHTS}#1 enemy")
    assert squad(g, 1, "b_home") == [KNIGHTS] and g.pos == -2 - 1  # activation 2, then the Knights' 1
    assert squad(g, 0) == ["water.blue_oracles"]


def test_discourage_declined():
    g = oracles_move()
    g.apply("skip")
    assert g.decision.kind == "battle" and g.pos == -2


# ---------------------------------------------------------------- on_summon
def summon(clans, unit, **kw):
    pos = {"clans": clans, "active": 0, "hands": [[unit], []], "token": 8}
    pos.update(kw)
    g = cc.Game.from_position(pos)
    g.apply(f"summon {unit}")
    g.apply("done")
    return g


def test_chart_the_heavens_look_at_three_and_put_any_beneath():
    top = ["meteor.comet_lancers", "meteor.citadel_knights", "meteor.titan_knights", "meteor.gravity_mages"]
    g = summon(["meteor", "skull"], "meteor.starglass_acolytes", draw=[top, []])
    assert g.decision.kind == "scry_order"
    opts = [str(a) for a in g.legal_actions()]
    assert "bottom meteor.titan_knights" in opts and "bottom meteor.gravity_mages" not in opts  # only the top 3
    g.apply("bottom meteor.comet_lancers")
    g.apply("first meteor.titan_knights")
    g.apply("keep")
    assert [g.unit_id(c) for c in g.draws[0][::-1]] == ["meteor.titan_knights", "meteor.citadel_knights",
                                                         "meteor.gravity_mages", "meteor.comet_lancers"]


def test_chart_the_heavens_kept_as_it_was():
    top = ["meteor.comet_lancers", "meteor.citadel_knights", "meteor.titan_knights"]
    g = summon(["meteor", "skull"], "meteor.starglass_acolytes", draw=[top, []])
    g.apply("keep")
    assert [g.unit_id(c) for c in g.draws[0][::-1]] == top and g.decision.kind == "action"


def test_inform_take_one_of_the_top_four_and_fewer_cards_do_not_reshuffle():
    g = summon(["water", "skull"], "water.cartographers", draw=[["water.tridents", "water.blue_oracles"], []],
               discard=[["water.tide_runners"], []])
    assert g.decision.kind == "scry_take"  # glossary: fewer than four cards, look at those; no reshuffle
    g.apply("take water.blue_oracles")
    assert [g.unit_id(c) for c in g.hands[0]] == ["water.blue_oracles"] and g.owed == []
    assert [g.unit_id(c) for c in g.discards[0]] == ["water.tide_runners"]


def test_master_plans_up_to_two_ballistas_or_siege_towers():
    g = summon(["stone", "skull"], "stone.horgath",
               discard=[["stone.ballista", "stone.siege_towers", "stone.workers"], []])
    assert g.decision.kind == "recover"
    assert [str(a) for a in g.legal_actions()] == ["done", "recover stone.ballista", "recover stone.siege_towers"]
    g.apply("recover stone.ballista")
    g.apply("recover stone.siege_towers")
    assert sorted(g.unit_id(c) for c in g.hands[0]) == ["stone.ballista", "stone.siege_towers"]


def test_stone_memory_declined():
    g = summon(["stone", "skull"], "stone.lithomancers", discard=[["stone.ballista"], []])
    assert [str(a) for a in g.legal_actions()] == ["done", "recover stone.ballista"]
    g.apply("done")
    assert g.hands[0] == [] and g.decision.kind == "action"


def test_linked_brings_harla_back_and_not_other_units():
    g = summon(["water", "skull"], "water.sonya_saltdaughter",
               discard=[["water.harla_floodbringer", "water.tridents"], []])
    assert [str(a) for a in g.legal_actions()] == ["done", "recover water.harla_floodbringer"]
    g.apply("recover water.harla_floodbringer")
    assert [g.unit_id(c) for c in g.hands[0]] == ["water.harla_floodbringer"]


def test_on_summon_also_for_a_free_summon():
    # no card of the set gives Stone a free summon, so the summon_free frame is pushed directly
    from crystalclans.summon import SummonFreeFrame

    g = cc.Game.from_position({"clans": ["stone", "skull"], "hands": [["stone.lithomancers"], []],
                               "discard": [["stone.ballista"], []]})
    g.stack.append(SummonFreeFrame(0, {"any": True}, "hand", "home", 1, -1))
    g._advance()
    g.apply("summon stone.lithomancers")
    assert g.decision.kind == "recover"


# ---------------------------------------------------------------- activation_reduction, invade_bonus
def test_in_step_lowers_the_activation_cost_with_another_knight():
    g = cc.Game.from_position({"clans": ["meteor", "skull"],
                               "squads": {"a_home": [["meteor.titan_knights", "meteor.citadel_knights"], []],
                                          "a_west": [["meteor.titan_knights"], []]}})
    assert g.activation_cost(0, g.cs.board.zone_index["a_home"]) == 3 - 1
    assert g.activation_cost(0, g.cs.board.zone_index["a_west"]) == 3  # no other KNIGHT


def test_in_step_counts_for_discourage():
    # glossary (Titan Knights): the reduction holds for opponent effects such as Blue Oracles' Discourage
    g = cc.Game.from_position({"clans": ["water", "meteor"], "squads": {
        "a_home": [["water.blue_oracles"], []],
        "c_center": [[], ["meteor.titan_knights", "meteor.citadel_knights"]]}})
    g.apply("activate a_home")
    g.apply("move c_center")
    g.apply("send meteor.titan_knights#1 enemy")
    assert g.pos == -2 - 2  # activation 2, then the Titan Knights' 3 - 1


def test_command_with_another_knight_cheaper_and_stronger():
    g = cc.Game.from_position({"clans": ["meteor", "skull"],
                               "squads": {"a_home": [["meteor.commander_orion", "meteor.citadel_knights"], []]}})
    assert g.activation_cost(0, g.cs.board.zone_index["a_home"]) == 3 - 1
    g = finish(battle("meteor.comet_lancers", WARRIORS, ["meteor.commander_orion", "meteor.citadel_knights"],
                      [KNIGHTS], clans=["meteor", "skull"]))
    units = attack("meteor.commander_orion", "meteor.citadel_knights")
    assert g.last_battle["attack"][0] == units + 2 + 2 - 1  # units, Command, Lancers' right, Warriors' +1 defense
    g = finish(battle("meteor.comet_lancers", WARRIORS, ["meteor.commander_orion", "meteor.starglass_acolytes"],
                      [KNIGHTS], clans=["meteor", "skull"]))
    units = attack("meteor.commander_orion", "meteor.starglass_acolytes")
    assert g.last_battle["attack"][0] == units + 2 - 1  # no other KNIGHT: no Command


def test_siege_adds_four_to_an_invasion():
    g = cc.Game.from_position({"clans": ["stone", "skull"], "squads": {"b_home": [["stone.siege_towers"], []]},
                               "draw": [[], [WARRIORS] * 10]})
    g.apply("invade")
    assert len(g.draws[1]) == 10 - (attack("stone.siege_towers") + 4)
    g = cc.Game.from_position({"clans": ["stone", "skull"],
                               "squads": {"b_home": [["stone.workers", "stone.siege_towers"], []]},
                               "draw": [[], [WARRIORS] * 10]})
    g.apply("invade")
    assert len(g.draws[1]) == 10 - attack("stone.workers", "stone.siege_towers")  # Siege: off under the Workers


# ---------------------------------------------------------------- friendly_battle_elsewhere
def test_time_anomaly_supports_another_battle_and_returns_when_that_squad_is_wiped():
    # Lancers (4/1) + their right +2 + Time Anomaly +2 - the Warriors' +1 defense: 7 kill the Knights, whose
    # 4 kill the Lancers: the supported squad lost every unit, the Twins go back to hand.
    g = finish(battle("meteor.comet_lancers", WARRIORS, ["meteor.comet_lancers"], [KNIGHTS], clans=["meteor", "skull"],
                      squads={"a_west": [["meteor.astral_twins"], []]}))
    assert g.last_battle["attack"][0] == 4 + 2 + 2 - 1
    assert [g.unit_id(c) for c in g.hands[0]] == ["meteor.astral_twins"] and squad(g, 0, "a_west") == []


def test_time_anomaly_stays_when_the_squad_survives_and_only_on_top():
    g = finish(battle("meteor.comet_lancers", WARRIORS, ["meteor.titan_knights"], [KNIGHTS], clans=["meteor", "skull"],
                      squads={"a_west": [["meteor.astral_twins"], []]}))
    assert g.last_battle["attack"][0] == 3 + 2 + 2 - 1 and squad(g, 0, "a_west") == ["meteor.astral_twins"]
    g = finish(battle("meteor.comet_lancers", WARRIORS, ["meteor.titan_knights"], [KNIGHTS], clans=["meteor", "skull"],
                      squads={"a_west": [["meteor.citadel_knights", "meteor.astral_twins"], []]}))
    assert g.last_battle["attack"][0] == 3 + 2 - 1


def test_volley_and_egg_barrage_from_adjacent_zones_only():
    # c_center borders a_home (Ballista: +2) but not a_east (Egg Tosser: no +4)
    g = finish(battle("stone.siege_towers", WARRIORS, ["stone.workers"], [KNIGHTS], clans=["stone", "skull"],
                      squads={"a_home": [["stone.ballista"], []], "a_east": [["stone.egg_tosser"], []]}))
    assert g.last_battle["attack"][0] == attack("stone.workers") + 2 + 2 - 1
    g = finish(battle("stone.siege_towers", WARRIORS, ["stone.workers"], [KNIGHTS], clans=["stone", "skull"],
                      zone="c_east", squads={"a_east": [["stone.egg_tosser"], []]}))
    assert g.last_battle["attack"][0] == attack("stone.workers") + 2 + 4 - 1


# ---------------------------------------------------------------- look, scry the opponent, reveal first
def test_portent_shows_the_opponents_hand_at_battle_start():
    g = cc.Game.from_position({"clans": ["meteor", "skull"], "hands": [["meteor.comet_lancers"], [WARRIORS, KNIGHTS]],
                               "squads": {"c_center": [["meteor.sybel_starreader"], [KNIGHTS]]}})
    g.apply("activate c_center")
    g.apply("battle")
    assert [str(a) for a in g.legal_actions()] == ["use meteor.sybel_starreader.portent"]  # not a "may"
    g.apply("use meteor.sybel_starreader.portent")
    assert g.decision.kind == "look" and g.decision.info["hand"] == [f"{WARRIORS}@1", f"{KNIGHTS}@1"]
    assert "hand" in g.view(0)["decision"]["info"]
    g.apply("done")
    assert g.decision.kind == "foresight"  # Sybel's prediction comes after her Portent

def tactical_move(draw1, discard1=()):
    g = cc.Game.from_position({"clans": ["meteor", "skull"], "draw": [[], list(draw1)], "discard": [[], list(discard1)],
                               "squads": {"a_home": [["meteor.citadel_knights"], []]}})
    g.apply("activate a_home")
    g.apply("move a_west")
    return g


def test_tactical_peek_and_discard_the_opponents_top_card():
    g = tactical_move([KNIGHTS, WARRIORS])
    assert [str(a) for a in g.legal_actions()] == ["look", "skip"]
    g.apply("look")
    assert g.decision.info["seen"] == [f"{KNIGHTS}@1"]
    g.apply(f"discard {KNIGHTS}@1")
    assert [g.unit_id(c) for c in g.discards[1]] == [KNIGHTS] and [g.unit_id(c) for c in g.draws[1]] == [WARRIORS]


def test_a_card_discarded_from_the_opponents_pile_cannot_be_undone():
    """Regression: the discard of the last card a scry showed left the undo floor before it, so an undo put a
    card both players had seen go to the discard back on top of its owner's pile (found by the undo test
    with other card values)."""
    g = tactical_move([KNIGHTS, WARRIORS])
    g.apply("look")
    g.apply(f"discard {KNIGHTS}@1")
    assert g.undo_floor == len(g.log)


def test_tactical_declined_or_left_on_top():
    g = tactical_move([KNIGHTS, WARRIORS])
    g.apply("skip")
    assert len(g.draws[1]) == 2 and g.decision.kind == "action"
    g = tactical_move([KNIGHTS, WARRIORS])
    g.apply("look")
    g.apply("done")
    assert [g.unit_id(c) for c in g.draws[1]] == [WARRIORS, KNIGHTS]


def test_tactical_on_an_empty_pile_reshuffles():
    # glossary (Citadel Knights): the opponent reshuffles; a free score follows the action
    g = tactical_move([], discard1=[KNIGHTS])
    g.apply("look")
    assert g.decision.info["seen"] == [f"{KNIGHTS}@1"] and g.owed == [0]
    g.apply("done")
    assert g.decision.kind == "free_score"


def test_mind_reading_the_opponent_picks_and_reveals_first():
    g = cc.Game.from_position({"clans": ["water", "skull"], "hands": [["water.tridents"], [WARRIORS]],
                               "squads": {"c_center": [["water.deep_listeners"], [KNIGHTS]]}})
    g.apply("activate c_center")
    g.apply("battle")
    g.apply("use water.deep_listeners.mind_reading")
    assert g.decision.kind == "battle_card" and g.decision.player == 1
    g.apply(f"play {WARRIORS}")
    assert g.decision.kind == "battle_card" and g.decision.player == 0
    assert g.view(0)["battle"]["cards"][1] == {"id": WARRIORS, "owner": 1} and g.view(0)["log"][-1] == f"play {WARRIORS}"


def test_mind_reading_on_both_sides_cancels():
    g = cc.Game.from_position({"clans": ["water", "water"], "hands": [["water.tridents"], ["water.tridents"]],
                               "squads": {"c_center": [["water.deep_listeners"], ["water.deep_listeners"]]}})
    g.apply("activate c_center")
    g.apply("battle")
    g.apply("use water.deep_listeners.mind_reading")
    g.apply("use water.deep_listeners.mind_reading")
    assert g.decision.kind == "battle_card" and g.decision.player == 0  # the usual order, cards hidden
    g.apply("play water.tridents")
    assert g.view(1)["battle"]["cards"][0] == {"chosen": True}


# ---------------------------------------------------------------- damage_from_bottom as an ability (Flank's mechanism)
def test_an_optional_damage_from_bottom_ability_is_a_choice_each_battle(monkeypatch):
    import copy

    from crystalclans import abilities
    from crystalclans.cardset import compile_card_set

    doc = copy.deepcopy(cc.base_set().raw)
    doc["meta"]["version"] = str(doc["meta"]["version"]) + "+flank-test"
    monkeypatch.setattr(abilities, "SIGNATURES", abilities.SIGNATURES | {"flank"})
    cs = compile_card_set(doc)
    pos = {"clans": ["water", "skull"], "hands": [["water.tridents"], [WARRIORS]],
           "squads": {"c_center": [["water.blue_oracles"], [KNIGHTS, WARRIORS, WARRIORS]]}}
    # Blue Oracles 3 + the Tridents' right +4 - 1 = 6 damage: from the top the Knights (4) and one Warriors (2) die; from the bottom both
    # Warriors die and the last 2 are lost on the Knights
    for direction, left in (("bottom", [KNIGHTS]), ("top", [WARRIORS])):
        g = cc.Game.from_position(pos, cs)
        for a in ("activate c_center", "battle", "play water.tridents", f"play {WARRIORS}"):
            g.apply(a)
        assert g.decision.kind == "damage_direction" and g.decision.player == 0
        assert [str(a) for a in g.legal_actions()] == ["damage top", "damage bottom"]
        g.apply(f"damage {direction}")
        finish(g)
        assert squad(g, 1) == left
