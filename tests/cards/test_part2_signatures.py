"""Part 2 mechanisms (Meteor, Water, Stone): Foresight, Spy, Flank, Shift, Build and Supply Network, each
on every unit that has it: it happens, and it is declined or does not apply. Plus the glossary rulings on
Clone with Shift, Cartographers and the remaining happening/declined cases of the three clans' abilities."""
from __future__ import annotations

import pytest

import crystalclans as cc

from .helpers import attack, battle, finish, squad

KNIGHTS = "skull.ancestral_knights"
WARRIORS = "skull.ancestral_warriors"
GOLEM = "stone.stone_golem"


def legal(g: cc.Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def kinds_until_over(g: cc.Game, answers: dict | None = None) -> list[str]:
    """Finish the battle like helpers.finish and return the decision kinds met on the way."""
    seen = []
    answers = answers or {}
    while g.battle is not None and g.decision is not None:
        seen.append(g.decision.kind)
        finish_one(g, answers)
    return seen


def finish_one(g: cc.Game, answers: dict) -> None:
    texts = legal(g)
    want = answers.get(g.decision.kind)
    for t in ([want] if want else []) + ["done", "discard", "draw 0"]:
        if t in texts:
            g.apply(t)
            return
    g.apply(texts[0])


# ---------------------------------------------------------------- Foresight
FORESIGHT = ["meteor.commander_orion", "meteor.sybel_starreader", "meteor.telescope_scouts", "meteor.comet_lancers"]


@pytest.mark.parametrize("unit", FORESIGHT)
def test_foresight_a_correct_prediction_triggers_the_left_side(unit):
    # Comet Lancers (bold) vs Warriors (bold): normally both right sides; predicting bold turns Lancers left
    g = finish(battle("meteor.comet_lancers", WARRIORS, [unit], [KNIGHTS], clans=["meteor", "skull"],
                      predict=("bold", None)))
    assert g.last_battle["sides"] == ["left", "right"] and g.last_battle["predictions"] == ["bold", ""]


@pytest.mark.parametrize("unit", FORESIGHT)
def test_foresight_a_wrong_prediction_changes_nothing(unit):
    for guess in ("guarded", "tricky"):
        g = finish(battle("meteor.comet_lancers", WARRIORS, [unit], [KNIGHTS], clans=["meteor", "skull"],
                          predict=(guess, None)))
        assert g.last_battle["sides"] == ["right", "right"]


def test_foresight_asked_after_the_other_battle_start_choices_and_only_on_top():
    g = cc.Game.from_position({"clans": ["meteor", "skull"], "hands": [["meteor.comet_lancers"], [WARRIORS]],
                               "squads": {"c_center": [["meteor.citadel_knights", "meteor.comet_lancers"], [KNIGHTS]]}})
    g.apply("activate c_center")
    g.apply("keep")
    g.apply("battle")
    assert g.decision.kind == "battle_card"  # Foresight is a battlefield ability: the Lancers are covered


def test_foresight_for_the_defender_too():
    g = battle(WARRIORS, "meteor.comet_lancers", [KNIGHTS], ["meteor.telescope_scouts"], clans=["skull", "meteor"],
               predict=(None, "bold"))
    finish(g)
    assert g.last_battle["sides"] == ["right", "left"]


def _dusk_mirror_game():
    pos = {"clans": ["meteor", "skull"], "hands": [["meteor.comet_lancers"], [WARRIORS]],
           "crystals": [[], ["crystal.dusk_mirror"]],
           "squads": {"c_center": [["meteor.comet_lancers"], [KNIGHTS]]}}
    g = cc.Game.from_position(pos)
    g.apply("activate c_center")
    g.apply("battle")
    return g


def test_foresight_overridden_by_opponent_uses_right_effect():
    g = _dusk_mirror_game()
    assert g.decision.kind == "foresight" and g.decision.player == 0
    g.apply("predict bold")
    assert g.decision.kind == "battle_start" and g.decision.player == 1
    g.apply("flip crystal.dusk_mirror")
    g.apply("play meteor.comet_lancers")
    g.apply(f"play {WARRIORS}")
    finish(g)
    assert g.last_battle["sides"][0] == "right" and g.last_battle["predictions"][0] == "bold"


# ---------------------------------------------------------------- Spy
def spy_game(enemy_zone="c_west", hand1=(WARRIORS, "skull.necromancers"), top="meteor.telescope_scouts",
             under=()):
    g = cc.Game.from_position({"clans": ["meteor", "skull"], "hands": [[], list(hand1)],
                               "draw": [[], [KNIGHTS, KNIGHTS]],
                               "squads": {"a_home": [[top, *under], []], enemy_zone: [[], [KNIGHTS]]}})
    g.apply("activate a_home")
    if g.decision.kind == "reorder":
        g.apply("keep")
    g.apply("move a_west")
    return g


def test_spy_next_to_an_enemy_squad_puts_a_hand_card_on_top_of_her_pile():
    g = spy_game()
    assert g.decision.kind == "spy" and g.decision.player == 0
    assert g.decision.info["hand"] == [f"{WARRIORS}@1", "skull.necromancers@1"]
    assert legal(g) == [f"top {WARRIORS}@1", f"bottom {WARRIORS}@1", "top skull.necromancers@1",
                        "bottom skull.necromancers@1"]
    g.apply("top skull.necromancers@1")
    assert [g.unit_id(c) for c in g.hands[1]] == [WARRIORS]
    assert g.unit_id(g.draws[1][-1]) == "skull.necromancers"  # the top of the pile is its end


def test_a_spy_choice_can_be_undone_and_only_what_both_saw_went_onto_the_pile():
    """The hand was shown when Spy asked (the undo floor stands there); the choice itself shows nothing new,
    so it may be taken back, and the pile then differs only by the card both players saw."""
    g = spy_game()
    floor = g.undo_floor
    assert floor == len(g.log)  # showing the hand is a reveal
    g.apply("top skull.necromancers@1")
    assert g.undo_floor == floor  # the choice revealed nothing more
    then = g.at(floor)
    assert then.draws[1] == g.draws[1][:-1] and then.decision.kind == "spy"


def test_spy_beneath_the_pile_and_in_the_enemy_zone_itself():
    g = cc.Game.from_position({"clans": ["meteor", "skull"], "hands": [[], [WARRIORS]], "draw": [[], [KNIGHTS]],
                               "squads": {"a_west": [["meteor.telescope_scouts"], []], "c_west": [[], [KNIGHTS]]}})
    g.apply("activate a_west")
    g.apply("move c_west")
    g.apply(f"bottom {WARRIORS}@1")
    assert [g.unit_id(c) for c in g.draws[1]] == [WARRIORS, KNIGHTS] and g.hands[1] == []
    assert g.decision.kind == "battle"


def test_spy_not_without_an_enemy_nearby_nor_with_an_empty_hand_nor_covered():
    assert spy_game(enemy_zone="c_east").decision.kind == "action"  # a_west does not border c_east
    assert spy_game(hand1=()).decision.kind == "action"
    assert spy_game(top="meteor.citadel_knights", under=["meteor.telescope_scouts"]).decision.kind != "spy"


# ---------------------------------------------------------------- Flank
FLANK = ["water.sonya_saltdaughter", "water.harla_floodbringer", "water.old_mudjaw", "water.tridents",
         "water.blue_oracles"]


def flank_battle(top, under=()):
    # Cartographers (guarded) vs Workers (tricky): +3 defense for seat 0, a draw for seat 1; no attack boosts.
    # The Golem (12) absorbs any of these squads' damage from the top; from the bottom the Workers (2) die.
    return battle("water.cartographers", "stone.workers", [top, *under], [GOLEM, "stone.workers"],
                  clans=["water", "stone"])


@pytest.mark.parametrize("unit", FLANK)
def test_flank_damage_from_the_bottom(unit):
    g = flank_battle(unit)
    assert kinds_until_over(g, {"damage_direction": "damage bottom"}).count("damage_direction") == 1
    assert squad(g, 1) == [GOLEM] and g.last_battle["destroyed"][-1] == "stone.workers"


@pytest.mark.parametrize("unit", FLANK)
def test_flank_declined_damage_from_the_top(unit):
    g = flank_battle(unit)
    kinds_until_over(g, {"damage_direction": "damage top"})
    assert squad(g, 1) == [GOLEM, "stone.workers"]


def test_flank_off_when_covered():
    g = flank_battle("water.cartographers", ["water.tridents"])
    assert "damage_direction" not in kinds_until_over(g)
    assert squad(g, 1) == [GOLEM, "stone.workers"]


# ---------------------------------------------------------------- Build
BUILDERS = ["stone.horgath", "stone.workers", "stone.lithomancers", "stone.sentinels"]


def summon_game(hand, squads, clans=("stone", "skull"), token=8):
    return cc.Game.from_position({"clans": list(clans), "hands": [list(hand), []], "token": token,
                                  "squads": squads})


@pytest.mark.parametrize("unit", BUILDERS)
def test_build_a_structure_summon_may_go_to_the_builders_zone(unit):
    g = summon_game(["stone.ballista", "stone.siege_towers"], {"c_east": [[unit], [KNIGHTS]]})
    g.apply("summon stone.ballista")
    g.apply("pick stone.siege_towers")
    g.apply("done")
    assert legal(g) == ["cancel", "zone a_home", "zone c_east"]
    g.apply("zone c_east")
    while g.decision.kind in ("reorder", "trim"):
        g.apply(legal(g)[0])
    assert {"stone.ballista", "stone.siege_towers"} <= set(squad(g, 0, "c_east")) and g.pos == 8 - 2 - 3


@pytest.mark.parametrize("unit", BUILDERS)
def test_build_declined_goes_home(unit):
    g = summon_game(["stone.ballista"], {"c_east": [[unit], []]})
    g.apply("summon stone.ballista")
    g.apply("done")
    g.apply("zone a_home")
    assert squad(g, 0, "a_home") == ["stone.ballista"] and squad(g, 0, "c_east") == [unit]


def test_build_not_for_a_summon_with_a_non_structure_nor_under_another_unit():
    g = summon_game(["stone.ballista", "stone.workers"], {"c_east": [["stone.workers"], []]})
    g.apply("summon stone.ballista")
    g.apply("pick stone.workers")
    g.apply("done")
    assert g.decision.kind != "summon_zone" and "stone.ballista" in squad(g, 0, "a_home")
    g = summon_game(["stone.ballista"], {"c_east": [["stone.ballista", "stone.workers"], []]})
    g.apply("summon stone.ballista")
    g.apply("done")
    assert squad(g, 0, "a_home") == ["stone.ballista"]  # the Workers are covered: no Build


# ---------------------------------------------------------------- Supply Network
def test_supply_network_links_the_golems_zones_for_moves():
    g = cc.Game.from_position({"clans": ["stone", "skull"], "squads": {
        "a_west": [["stone.workers", "stone.supply_golems"], []],  # always on: the Golems need not be on top
        "c_east": [["stone.supply_golems"], []], "b_west": [["stone.supply_golems"], []]}})
    g.apply("activate a_west")
    g.apply("keep")
    moves = {str(a.args[0]) for a in g.legal_actions() if a.kind == "move"}
    assert moves == {"c_west", "a_home", "c_east", "b_west"}


def test_supply_network_needs_two_golem_zones_and_an_enemy_still_holds():
    g = cc.Game.from_position({"clans": ["stone", "skull"], "squads": {
        "a_west": [["stone.supply_golems"], []], "c_east": [["stone.workers"], []]}})
    g.apply("activate a_west")
    assert {str(a.args[0]) for a in g.legal_actions() if a.kind == "move"} == {"c_west", "a_home"}
    g = cc.Game.from_position({"clans": ["stone", "skull"], "squads": {
        "a_west": [["stone.supply_golems"], [KNIGHTS]], "c_east": [["stone.supply_golems"], []]}})
    g.apply("activate a_west")
    assert g.decision.kind == "battle"  # cannot depart from a zone where an enemy squad stands


def test_supply_network_for_the_squad_arriving_at_a_linked_zone_in_a_longer_move():
    # a squad in a linked zone also reaches every other linked zone, and a normal neighbour of it
    g = cc.Game.from_position({"clans": ["stone", "skull"], "squads": {
        "c_center": [["stone.supply_golems"], []], "b_east": [["stone.supply_golems"], []]}})
    g.apply("activate b_east")
    moves = {str(a.args[0]) for a in g.legal_actions() if a.kind == "move"}
    assert moves == {"b_home", "c_east", "c_center"}


# ---------------------------------------------------------------- Shift
def test_shift_redirects_a_summon_and_returns_the_shapeshifters_with_one_initiative():
    g = summon_game(["water.tridents", "water.cartographers"], {"c_west": [["water.shapeshifters"], [KNIGHTS]]},
                    clans=("water", "skull"), token=5)
    g.apply("summon water.tridents")
    g.apply("pick water.cartographers")
    g.apply("done")
    assert legal(g) == ["cancel", "zone a_home", "zone c_west shift"]
    g.apply("zone c_west shift")
    assert g.decision.kind == "reorder"
    g.apply("keep")
    assert squad(g, 0, "c_west") == ["water.tridents", "water.cartographers"]
    assert [g.unit_id(c) for c in g.hands[0]] == ["water.shapeshifters"] and g.pos == 5 - 3 - 1 + 1
    assert g.decision.kind == "scry_take" or g.decision.kind == "action"  # Inform still triggers on summon


def test_shift_declined():
    g = summon_game(["water.tridents"], {"c_west": [["water.shapeshifters"], []]}, clans=("water", "skull"))
    g.apply("summon water.tridents")
    g.apply("done")
    g.apply("zone a_home")
    assert squad(g, 0, "a_home") == ["water.tridents"] and squad(g, 0, "c_west") == ["water.shapeshifters"]
    assert g.pos == 8 - 3


def test_shift_not_when_covered_nor_from_the_home_zone():
    g = summon_game(["water.tridents"], {"c_west": [["water.cartographers", "water.shapeshifters"], []]},
                    clans=("water", "skull"))
    g.apply("summon water.tridents")
    g.apply("done")
    assert squad(g, 0, "a_home") == ["water.tridents"]  # no zone choice at all
    g = summon_game(["water.tridents"], {"a_home": [["water.shapeshifters"], []]}, clans=("water", "skull"))
    g.apply("summon water.tridents")
    g.apply("done")
    assert g.decision.kind == "reorder" and g.pos == 8 - 3  # just a summon home: nothing to redirect


def clone_battle():
    # Blade Dancers vs Shapeshifters: both tricky, right sides; the Knights' 4 kill the Tridents (1) on top
    return battle("skull.blade_dancers", "water.cartographers", [KNIGHTS], ["water.tridents", "water.cartographers"],
                  hand1=["water.tridents"], clans=["skull", "water"],
                  squads={"b_west": [[], ["water.shapeshifters"]]})


def test_glossary_tridents_cloned_go_home_unless_shift_redirects_them():
    g = clone_battle()
    kinds_until_over(g, {"damage_direction": "damage top", "summon_free": "summon water.tridents"})
    assert squad(g, 1, "b_home") == ["water.tridents"] and squad(g, 1, "b_west") == ["water.shapeshifters"]
    g = clone_battle()
    seen = []
    while g.battle is not None:
        if g.decision.kind == "summon_free":
            seen = legal(g)
        finish_one(g, {"damage_direction": "damage top", "summon_free": "summon water.tridents shift b_west"})
    assert seen == ["done", "summon water.tridents", "summon water.tridents shift b_west"]
    assert squad(g, 1, "b_west") == ["water.tridents"] and squad(g, 1, "b_home") == []
    assert "water.shapeshifters" in [g.unit_id(c) for c in g.hands[1]]


def test_clone_declined():
    g = clone_battle()
    kinds_until_over(g, {"damage_direction": "damage top", "summon_free": "done"})
    assert squad(g, 1, "b_home") == [] and [g.unit_id(c) for c in g.hands[1]] == ["water.tridents"]


# ---------------------------------------------------------------- other abilities: the missing halves
def test_portent_off_when_sybel_is_covered():
    g = cc.Game.from_position({"clans": ["meteor", "skull"], "hands": [["meteor.comet_lancers"], [WARRIORS]],
                               "squads": {"c_center": [["meteor.citadel_knights", "meteor.sybel_starreader"],
                                                       [KNIGHTS]]}})
    g.apply("activate c_center")
    g.apply("keep")
    g.apply("battle")
    assert g.decision.kind == "battle_card"


def test_gravity_pull_off_when_covered():
    g = finish(battle("meteor.comet_lancers", WARRIORS, ["meteor.citadel_knights", "meteor.gravity_mages"], [KNIGHTS],
                      clans=["meteor", "skull"]))
    units = attack("meteor.citadel_knights", "meteor.gravity_mages")
    assert g.last_battle["attack"][0] == units + 2 - 1  # units, the Lancers' right; no Gravity Pull


def test_thick_hide_off_when_covered():
    g = finish(battle("skull.boneknife_cultists", "water.tridents", [KNIGHTS],
                      ["water.cartographers", "water.old_mudjaw"], clans=["skull", "water"]))
    assert g.last_battle["attack"][0] == 4 + 2  # Cultists' right +2; no Thick Hide


def test_slipstream_off_when_covered():
    g = cc.Game.from_position({"clans": ["water", "skull"],
                               "squads": {"c_center": [["water.cartographers", "water.tide_runners"], [KNIGHTS]]}})
    g.apply("activate c_center")
    g.apply("keep")
    # the whole squad is held by the enemy; only a split-off part may move (the Tide Runners on their own)
    assert g.decision.kind == "move" and not [t for t in legal(g) if t.startswith("move")] and "split" in legal(g)


def test_mind_reading_off_when_covered():
    g = cc.Game.from_position({"clans": ["water", "skull"], "hands": [["water.tridents"], [WARRIORS]],
                               "squads": {"c_center": [["water.cartographers", "water.deep_listeners"], [KNIGHTS]]}})
    g.apply("activate c_center")
    g.apply("keep")
    g.apply("battle")
    assert g.decision.kind == "battle_card" and g.decision.player == 0


def test_master_plans_declined():
    g = cc.Game.from_position({"clans": ["stone", "skull"], "hands": [["stone.horgath"], []], "token": 8,
                               "discard": [["stone.ballista"], []]})
    g.apply("summon stone.horgath")
    g.apply("done")
    g.apply("done")
    assert g.hands[0] == [] and [g.unit_id(c) for c in g.discards[0]] == ["stone.ballista"]


def test_stone_memory_takes_a_ballista_back():
    g = cc.Game.from_position({"clans": ["stone", "skull"], "hands": [["stone.lithomancers"], []], "token": 8,
                               "discard": [["stone.ballista", "stone.siege_towers"], []]})
    g.apply("summon stone.lithomancers")
    g.apply("done")
    assert legal(g) == ["done", "recover stone.ballista"]
    g.apply("recover stone.ballista")
    assert [g.unit_id(c) for c in g.hands[0]] == ["stone.ballista"]


def test_linked_declined():
    g = cc.Game.from_position({"clans": ["water", "skull"], "hands": [["water.sonya_saltdaughter"], []], "token": 8,
                               "discard": [["water.harla_floodbringer"], []]})
    g.apply("summon water.sonya_saltdaughter")
    g.apply("done")
    g.apply("done")
    assert g.hands[0] == [] and g.decision.kind == "action"


def test_glossary_cartographers_with_an_empty_pile_look_at_nothing_and_never_reshuffle():
    g = cc.Game.from_position({"clans": ["water", "skull"], "hands": [["water.cartographers"], []], "token": 8,
                               "discard": [["water.tridents"], []]})
    g.apply("summon water.cartographers")
    g.apply("done")
    assert g.decision.kind == "action" and g.owed == [] and g.draws[0] == []


def test_inform_with_four_or_more_cards_looks_at_the_top_four_only():
    draw = ["water.tridents", "water.blue_oracles", "water.tide_runners", "water.deep_listeners", "water.old_mudjaw"]
    g = cc.Game.from_position({"clans": ["water", "skull"], "hands": [["water.cartographers"], []], "token": 8,
                               "draw": [draw, []]})
    g.apply("summon water.cartographers")
    g.apply("done")
    assert g.decision.info["looking_at"] == 4 and "take water.old_mudjaw" not in legal(g)
