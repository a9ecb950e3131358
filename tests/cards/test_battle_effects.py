"""Every battle-card primitive of the set, shown on a real card with Game.from_position.

Style matchups: bold beats guarded, guarded beats tricky, tricky beats bold; the winner's card triggers its
left effect, every other card (the loser, or both on equal styles) its right effect.
"""
from __future__ import annotations

import pytest

from .helpers import attack, battle, finish, ids, squad

KNIGHTS = "skull.ancestral_knights"   # 4/4, guarded
WARRIORS = "skull.ancestral_warriors"  # 2/2, bold
MARAUDERS = "blood.marauders"          # 3/1
TRAPPERS = "blood.trappers"            # 1/3


def test_attack_bonus_left_vs_right():
    # Aarock Riders (bold) vs Knights (guarded): left +5.  1 Trappers (1 atk) + 5 = 6 > Knights' 4 def.
    g = finish(battle("blood.aarock_riders", KNIGHTS, [TRAPPERS], [KNIGHTS]))
    assert g.last_battle["sides"] == ["left", "right"]
    assert g.last_battle["attack"][0] == 1 + 5 - 3  # Knights' right side: +3 defense
    assert squad(g, 1) == [KNIGHTS]  # 3 damage does not destroy a 4-defense unit
    g = finish(battle("blood.aarock_riders", "meteor.telescope_scouts", [TRAPPERS], [KNIGHTS]))
    assert g.last_battle["sides"] == ["right", "left"]  # tricky beats bold
    assert g.last_battle["attack"][0] == 1 + 2


def test_same_style_both_right():
    g = finish(battle("blood.aarock_riders", WARRIORS, [TRAPPERS], [KNIGHTS]))
    assert g.last_battle["sides"] == ["right", "right"]


def test_defense_bonus_reduces_enemy_attack_floor_zero():
    # Bloodsworn Guard (guarded) vs tricky: left +5 defense; Knights' attack 4 -> 0: nothing destroyed.
    g = finish(battle("blood.bloodsworn_guard", "skull.necromancers", [MARAUDERS], [KNIGHTS]))
    assert g.last_battle["sides"][0] == "left"
    assert g.last_battle["attack"][1] == 0
    assert squad(g, 0) == [MARAUDERS]


def test_bonus_per_counts_devoted_units_in_squad():
    # Chieftains (tricky) vs bold: left: +1 attack per DEVOTED unit in the squad (Trappers x2 are DEVOTED).
    g = finish(battle("blood.chieftains", WARRIORS, [TRAPPERS, TRAPPERS], [KNIGHTS]))
    assert g.last_battle["sides"][0] == "left"
    assert g.last_battle["attack"][0] == 1 + 1 + 2 - 1  # units + 2 DEVOTED - Warriors' right +1 defense


def test_double_attack_if_all_clairvoyant():
    # Shapeshifters (tricky) vs bold: left doubles the attack when every unit is CLAIRVOYANT (Tridents 6).
    g = finish(battle("water.shapeshifters", WARRIORS, ["water.tridents"], [KNIGHTS]))
    assert g.last_battle["attack"][0] == 12 - 1
    g = finish(battle("water.shapeshifters", WARRIORS, ["water.tridents", "water.cartographers"], [KNIGHTS]))
    assert g.last_battle["attack"][0] == 6 + 2 - 1  # Cartographers are WISE: no doubling


def test_keep_in_hand_choice_including_from_draw_pile():
    g = finish(battle("blood.bloodsworn_guard", "skull.necromancers", [MARAUDERS], [KNIGHTS]),
               {"keep": "keep"})
    assert "blood.bloodsworn_guard" in ids(g, g.hands[0])
    g = finish(battle("blood.bloodsworn_guard", "skull.necromancers", [MARAUDERS], [KNIGHTS]),
               {"keep": "discard"})
    assert "blood.bloodsworn_guard" in ids(g, g.discards[0]) and not g.hands[0]
    # empty hand: the top card of the draw pile is the battle card, and can still be kept
    g = battle(None, "skull.necromancers", [MARAUDERS], [KNIGHTS], draw0=["blood.bloodsworn_guard"])
    assert g.decision.kind == "keep" or g.decision.kind in ("draw",)
    g = finish(g, {"keep": "keep"})
    assert ids(g, g.hands[0]) == ["blood.bloodsworn_guard"]


def test_ignore_opponent_attack_icons():
    # Rosepetal Dancers (tricky) vs Aarock Riders (bold): left voids the +5 attack.
    g = finish(battle("flower.rosepetal_dancers", "blood.aarock_riders", ["flower.dandelion_knights"],
                      [MARAUDERS], clans=["flower", "blood"]))
    assert g.last_battle["attack"][1] == 3


def test_ignore_opponent_defense_icons():
    # Gravity Mages (bold) vs Mother (guarded): Mother's left +6 defense would trigger? No: bold beats
    # guarded, so Mother uses her right side (+3 defense), which the Mages void.
    g = finish(battle("meteor.gravity_mages", "flower.mother", ["meteor.comet_lancers"], ["flower.wisp"],
                      clans=["meteor", "flower"]))
    assert g.last_battle["sides"] == ["left", "right"]
    assert g.last_battle["attack"][0] == 4
    assert squad(g, 1, "c_center") == []


def test_end_battle_before_damage():
    g = finish(battle("flower.pollen_fairies", WARRIORS, ["flower.dandelion_knights"], [KNIGHTS]))
    assert g.last_battle["ended_early"] and g.last_battle["destroyed"] == []
    assert squad(g, 0) == ["flower.dandelion_knights"] and squad(g, 1) == [KNIGHTS]


@pytest.mark.parametrize("card, opp_card, expected_left", [
    ("blood.condor", WARRIORS, [KNIGHTS, WARRIORS]),  # tricky beats bold: left destroys the bottom unit
    ("blood.condor", KNIGHTS, [WARRIORS, "skull.ossuary_guards"]),  # loses: right destroys the top unit
])
def test_destroy_enemy_top_and_bottom(card, opp_card, expected_left):
    g = battle(card, opp_card, [TRAPPERS], [KNIGHTS, WARRIORS, "skull.ossuary_guards"])
    # after B2 (before damage) the destroyed unit is in its owner's discard pile
    assert len(g.squads[1][g.cs.board.zone_index["c_center"]]) == 2
    assert squad(g, 1)[:2] == expected_left or squad(g, 1) == expected_left


def test_destroy_enemy_any_is_a_choice():
    g = battle("meteor.astral_twins", WARRIORS, ["meteor.citadel_knights"], [KNIGHTS, WARRIORS],
               clans=["meteor", "skull"])
    assert g.decision.kind == "destroy" and g.decision.player == 0
    assert [str(a) for a in g.legal_actions()] == [f"destroy {KNIGHTS}#1", f"destroy {WARRIORS}#2"]
    g.apply(f"destroy {WARRIORS}#2")
    assert WARRIORS in ids(g, g.discards[1])


def test_opponent_removes_own_unit_from_game():
    g = battle("flower.queen_bumble", KNIGHTS, ["flower.dandelion_knights"], [KNIGHTS, WARRIORS])
    assert g.decision.kind == "remove" and g.decision.player == 1
    g.apply(f"remove {WARRIORS}#2")
    assert ids(g, g.removed[1]) == [WARRIORS] and WARRIORS not in ids(g, g.discards[1])


def test_join_squad_bottom_and_not_discarded():
    g = finish(battle(MARAUDERS, "skull.ossuary_guards", [TRAPPERS], [WARRIORS]))
    assert squad(g, 0) == [TRAPPERS, MARAUDERS]
    assert g.last_battle["joined"] == [True, False]
    assert MARAUDERS not in ids(g, g.discards[0])


def test_join_squad_bottom_trims_at_limit():
    g = battle(TRAPPERS, "skull.ossuary_guards", ["blood.condor", "blood.chieftains", "blood.ulvar_redmaw"],
               [WARRIORS])
    assert g.decision.kind == "trim" and g.decision.player == 0  # Condor on top: no Horde, limit 3
    g.apply(f"discard {TRAPPERS}#4")
    assert TRAPPERS in ids(g, g.discards[0])


def test_send_home_takes_enemy_squad_out_so_no_damage():
    g = finish(battle("flower.wisp", "skull.necromancers", ["flower.dandelion_knights"], [KNIGHTS],
                      hand1=[]))
    assert squad(g, 1, "b_home") == [KNIGHTS] and squad(g, 1) == []
    assert g.last_battle["damage_skipped"] and g.last_battle["destroyed"] == []


def test_reorder_enemy_squad():
    g = battle("water.deep_listeners", WARRIORS, ["water.tridents"], [KNIGHTS, WARRIORS],
               clans=["water", "skull"])
    assert g.decision.kind == "reorder" and g.decision.player == 0 and g.decision.info["controller"] == 1
    g.apply(f"place {WARRIORS}")
    finish(g, {"damage_direction": "damage top"})  # the Tridents' Flank not used
    # Tridents deal 6 - 1: with Warriors now on top they die (2) and 3 is lost on the Knights (4);
    # in the old order the Knights would have died instead.
    assert WARRIORS in g.last_battle["destroyed"] and squad(g, 1) == [KNIGHTS]


def test_draw_up_to_n_is_a_choice():
    g = battle("blood.chieftains", KNIGHTS, [TRAPPERS], [KNIGHTS], draw0=[MARAUDERS, TRAPPERS])
    assert g.decision.kind == "draw" and [str(a) for a in g.legal_actions()] == ["draw 1", "draw 0"]
    g.apply("draw 1")
    assert ids(g, g.hands[0]) == [MARAUDERS]


def test_draw_per_destroyed():
    # Menders (guarded) vs tricky: left: draw one per destroyed unit (2 Warriors die to 3 damage? no: 2+2)
    g = battle("flower.menders", "skull.necromancers", ["flower.bumble_cavalry"], [WARRIORS, WARRIORS],
               draw0=["flower.wisp"] * 4)
    while g.decision.kind != "draw":
        g.apply(g.legal_actions()[0])
    assert [str(a) for a in g.legal_actions()][0] == "draw 2"


def test_gain_initiative():
    g = battle("stone.workers", WARRIORS, ["stone.sentinels"], [KNIGHTS])
    assert g.pos == -1 + 2  # paid 1 to activate, gained 2


def test_mill_opponent():
    g = battle("flower.spirit_guide", "skull.necromancers", ["flower.dandelion_knights"], [KNIGHTS],
               draw1=[WARRIORS, WARRIORS, KNIGHTS])
    assert len(g.draws[1]) == 1 and ids(g, g.discards[1]).count(WARRIORS) == 2


def test_mill_opponent_reshuffle_gives_free_score():
    g = battle("flower.spirit_guide", "skull.necromancers", ["flower.dandelion_knights"], [KNIGHTS],
               draw1=[], discard1=[WARRIORS])
    assert ids(g, g.draws[1]) == [WARRIORS]  # reshuffled, and the rest of the mill is lost
    # the free score comes once the whole action (the activation and its battle) is over
    assert g.battle is None and g.decision.kind == "free_score" and g.decision.player == 0


def test_summon_free_from_hand_into_battling_squad():
    g = battle("blood.kesh_bloodcaller", WARRIORS, ["blood.condor"], [KNIGHTS],
               hand0=[MARAUDERS, "blood.ulvar_redmaw"])
    assert g.decision.kind == "summon_free"
    assert [str(a) for a in g.legal_actions()] == ["done", f"summon {MARAUDERS}"]  # commons only
    g.apply(f"summon {MARAUDERS}")
    assert squad(g, 0) == ["blood.condor", MARAUDERS]  # at the bottom; the Knights' 4 damage stop on Condor
    assert g.last_battle["attack"][0] == 6 + 3 - 1


def test_summon_free_from_discard():
    g = battle("skull.hetha_barrow_queen", "blood.aarock_riders", [WARRIORS], [MARAUDERS],
               discard0=[KNIGHTS, "skull.necromancers"])
    assert [str(a) for a in g.legal_actions()] == ["done", f"summon {KNIGHTS} from discard"]
    g.apply(f"summon {KNIGHTS} from discard")
    # it joined at the bottom: Marauders' 3 + 2 kill the Warriors on top and 3 is lost on the Knights
    assert squad(g, 0) == [KNIGHTS] and KNIGHTS not in ids(g, g.discards[0])
    assert sorted(g.last_battle["destroyed"]) == [MARAUDERS, WARRIORS]  # both sides' losses


def test_recover_structure_to_hand():
    g = battle("stone.lithomancers", WARRIORS, ["stone.workers"], [KNIGHTS],
               discard0=["stone.ballista", "stone.workers"])
    assert [str(a) for a in g.legal_actions()] == ["done", "recover stone.ballista"]
    g.apply("recover stone.ballista")
    assert "stone.ballista" in ids(g, g.hands[0])


def test_none_effect():
    # Scouts (tricky) vs Blade Dancers (tricky): both right; the Scouts' right side does nothing.
    g = finish(battle("meteor.telescope_scouts", "skull.blade_dancers", ["meteor.citadel_knights"], [WARRIORS]))
    assert g.last_battle["sides"] == ["right", "right"]
    # paid 1; the Dancers' right side gains 1
    assert g.last_battle["attack"][0] == attack("meteor.citadel_knights") and g.pos == -1 - 1
