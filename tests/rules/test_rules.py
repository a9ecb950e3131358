"""One focused test per rule of the rulebook (seeds/rulebook_en.md), in rulebook order."""
from __future__ import annotations

from collections import Counter

import crystalclans as cc
import pytest

from .helpers import (
    A,
    B,
    assert_opponent_hand_hidden,
    discard,
    draw_pile,
    fight,
    hand,
    kind,
    legal,
    move,
    play,
    position,
    removed,
    reorder,
    squad,
)

ROW = ["crystal.veylas_veil", "crystal.dusk_mirror", "crystal.mygards_shield"]  # no on-gain texts
DECK = ["crystal.fox_tail", "crystal.sunken_hourglass", "crystal.brannocs_warhorn"]


def crystals(g, p):
    return [g.cs.crystals[ci].id for ci, _ in g.collected[p]]


# ====================================================================== Game setup
def test_setup_five_cards_each_and_the_second_player_draws_one_more():
    g = cc.new_game(("blood", "skull"), seed=11, first_player=0)
    assert [len(h) for h in g.hands] == [5, 6]
    assert [len(d) for d in g.draws] == [27 - 5, 27 - 6]
    assert g.pos == 0  # the token starts on the '0' space
    assert len(g.crystal_row) == 3 and len(g.crystal_deck) == 15 - 3  # 3 face-up crystals
    assert g.active == 0 and kind(g) == ("action", 0)
    assert_opponent_hand_hidden(g, 0)
    assert_opponent_hand_hidden(g, 1)


def test_setup_first_player_argument_is_respected():
    g = cc.new_game(("blood", "skull"), seed=11, first_player=1)
    assert g.first_player == 1 and g.active == 1 and kind(g) == ("action", 1)
    assert [len(h) for h in g.hands] == [6, 5]  # the OTHER player (seat 0) drew one more


def test_setup_random_first_player_is_deterministic_per_seed():
    firsts = [cc.new_game(("blood", "skull"), seed=s).first_player for s in range(20)]
    assert firsts == [cc.new_game(("blood", "skull"), seed=s).first_player for s in range(20)]
    assert set(firsts) == {0, 1}  # random: both seats get to start for some seed
    for s in range(6):
        g = cc.new_game(("blood", "skull"), seed=s)
        assert len(g.hands[g.first_player]) == 5 and len(g.hands[1 - g.first_player]) == 6


def test_initial_mulligan_once_each_cards_shuffled_back_hand_back_to_five():
    g = cc.new_game(("blood", "skull"), seed=3, first_player=1, mulligan=True)
    assert kind(g) == ("mulligan", 0)
    assert [len(h) for h in g.hands] == [5, 5]  # before the first player's opponent draws her extra card
    before = Counter(g.hands[0] + g.draws[0])
    returned = [str(a).split()[1] for a in g.legal_actions() if a.kind == "return"][:2]
    play(g, *(f"return {r}" for r in returned), "done")
    assert len(g.hands[0]) == 5 and len(g.draws[0]) == 22
    assert Counter(g.hands[0] + g.draws[0]) == before  # returned cards went back into the draw pile
    assert kind(g) == ("mulligan", 1)
    play(g, "done")  # keeping the hand is allowed
    assert kind(g) == ("action", 1)  # each player mulligans once, then the game starts
    assert [len(h) for h in g.hands] == [6, 5]  # then the second player draws 1 more
    assert_opponent_hand_hidden(g, 0)


# ====================================================================== Initiative
def test_initiative_player_keeps_acting_on_her_side_and_on_neutral_spaces():
    g = position(token=1, hands=[["blood.marauders", "blood.trappers", "blood.cinder_thralls"], []])
    play(g, "summon blood.marauders", "done")
    assert g.pos == 0 and kind(g) == ("action", A)  # neutral 0: act again
    play(g, "summon blood.trappers", "done", "keep")  # joins the Marauders: keep the order
    assert g.pos == -1 and kind(g) == ("action", A)  # neutral -1 (her view): act again


def test_initiative_turn_passes_when_token_is_past_the_neutral_spaces():
    g = position(token=-1, hands=[["blood.marauders"], ["skull.ancestral_warriors"]])
    play(g, "summon blood.marauders", "done")
    assert g.pos == -2 and g.active == B and kind(g) == ("action", B)
    play(g, "summon skull.ancestral_warriors", "done")  # seat 1 pays 2: token -2 -> 0 (neutral)
    assert g.pos == 0 and g.active == B


def test_initiative_action_whose_cost_passes_the_last_space_is_not_offered():
    # 18 spaces into the opponent's side of a 20-space track: at most 2 initiative can still be paid.
    g = position(token=-18, hands=[["blood.marauders", "blood.aarock_riders", "blood.condor"], []],
                 squads={"a_home": [["blood.chieftains"], []], "a_west": [["blood.aarock_riders"], []],
                         "c_west": [["blood.trappers"], []], "c_east": [["blood.trappers"], []]},
                 crystal_row=ROW)  # (every value that matters here is sourced: no balance pass changes it)
    assert g.cs.track == 20
    assert sorted(legal(g)) == ["activate a_home", "activate a_west", "activate c_east", "activate c_west",
                                "summon blood.aarock_riders", "summon blood.marauders"]
    # no condor (5), no replenish (3), no score (crystals cost 4+) although she controls 2 crystal zones
    play(g, "summon blood.aarock_riders")
    assert "pick blood.marauders" not in legal(g)  # 2 + 1 would pass the last space
    play(g, "done")
    assert g.pos == -20


def test_initiative_gained_by_an_effect_stops_on_the_last_space():
    g = position(token=20, hands=[["blood.cinder_thralls"], ["skull.ancestral_warriors"]],
                 squads={"c_center": [["blood.cinder_thralls"], ["skull.ancestral_warriors"]]})
    play(g, "activate c_center")
    assert g.pos == 19
    # Cinder Thralls (tricky) beats bold: +3 attack and gain 1 (-> 20); then the destroyed Cinder Thralls'
    # Blood Price gains 1 more, which would pass the last space: the token stops on 20.
    fight(g, "blood.cinder_thralls", "skull.ancestral_warriors")
    assert "blood.cinder_thralls" in g.last_battle["destroyed"]
    assert g.pos == 20


# ====================================================================== Summon
def test_summon_up_to_three_units_pays_the_total_into_the_home_zone():
    g = position(token=10, hands=[["blood.marauders", "blood.trappers", "blood.aarock_riders", "blood.condor"], []])
    play(g, "summon blood.marauders", "pick blood.trappers", "pick blood.aarock_riders")
    assert legal(g) == ["done", "cancel"]  # a fourth unit is not offered
    play(g, "done")
    assert kind(g) == ("reorder", A)  # she organizes the squad
    reorder(g, "blood.aarock_riders")
    assert g.pos == 10 - (1 + 1 + 2)
    assert squad(g, A, "a_home") == ["blood.aarock_riders", "blood.marauders", "blood.trappers"]
    assert hand(g, A) == ["blood.condor"]
    assert all(not sq for z, sq in enumerate(g.squads[A]) if g.cs.board.zone_ids[z] != "a_home")


def test_summon_by_seat_1_goes_to_its_home_zone():
    g = position(active=B, token=-5, hands=[[], ["skull.ancestral_knights"]])
    play(g, "summon skull.ancestral_knights", "done")
    assert squad(g, B, "b_home") == ["skull.ancestral_knights"]
    assert g.pos == -5 + 3  # seat 1 pays toward seat 0


def test_summon_combines_with_an_existing_home_squad_and_offers_a_reorder():
    g = position(token=10, hands=[["blood.aarock_riders"], []], squads={"a_home": [["blood.condor"], []]})
    play(g, "summon blood.aarock_riders", "done")
    assert kind(g) == ("reorder", A)
    reorder(g, "blood.condor")
    assert squad(g, A, "a_home") == ["blood.condor", "blood.aarock_riders"]  # one squad per zone


def test_summon_over_three_units_is_trimmed_by_the_controllers_choice_and_discarded():
    g = position(token=10, hands=[["blood.aarock_riders", "blood.bloodsworn_guard"], []],
                 squads={"a_home": [["blood.condor", "blood.ulvar_redmaw"], []]})
    play(g, "summon blood.aarock_riders", "pick blood.bloodsworn_guard", "done", "keep")
    assert kind(g) == ("trim", A)
    assert len(legal(g)) == 4  # she may pick any of the 4 units
    play(g, "discard blood.ulvar_redmaw#4")
    assert squad(g, A, "a_home") == ["blood.aarock_riders", "blood.bloodsworn_guard", "blood.condor"]
    assert discard(g, A) == ["blood.ulvar_redmaw"]
    assert g.pos == 10 - 4  # only the summon cost was paid
    assert kind(g) == ("action", A)


# ====================================================================== Activate
def test_activate_pays_the_highest_activation_cost_then_offers_a_reorder():
    g = position(token=5, squads={"a_home": [["blood.marauders", "blood.condor"], []]})
    play(g, "activate a_home")
    assert g.pos == 3
    assert kind(g) == ("reorder", A)  # step 2 (optional), before the move
    reorder(g, "blood.condor")
    assert squad(g, A, "a_home") == ["blood.condor", "blood.marauders"]
    assert kind(g) == ("move", A)


def test_activate_moves_to_one_adjacent_zone_only():
    g = position(token=5, squads={"a_home": [["blood.marauders"], []], "c_west": [["blood.trappers"], []]})
    play(g, "activate a_home")
    assert sorted(legal(g)) == ["move a_east", "move a_west", "move c_center", "stay"]
    move(g, "c_center")
    assert squad(g, A, "c_center") == ["blood.marauders"] and squad(g, A, "a_home") == []
    assert kind(g) == ("action", A)  # no enemy there: no battle offered


def test_activate_cannot_move_out_of_a_zone_with_an_enemy_squad():
    g = position(token=5, squads={"c_center": [["blood.marauders"], ["skull.ancestral_warriors"]]})
    play(g, "activate c_center")
    assert kind(g) == ("battle", A)  # no move step offered at all
    assert legal(g) == ["battle", "done"]
    play(g, "done")
    assert squad(g, A, "c_center") == ["blood.marauders"]


def test_activate_may_move_some_units_and_leave_the_others():
    g = position(token=5, squads={"a_home": [["blood.condor", "blood.marauders", "blood.trappers"], []]})
    play(g, "activate a_home", "keep", "split", "leave blood.trappers#3", "done")
    assert kind(g) == ("move", A)
    move(g, "a_west")
    assert squad(g, A, "a_west") == ["blood.condor", "blood.marauders"]
    assert squad(g, A, "a_home") == ["blood.trappers"]


def test_activate_moving_into_a_friendly_squad_combines_reorders_and_trims():
    g = position(token=5, squads={"a_home": [["blood.condor", "blood.aarock_riders"], []],
                                  "c_center": [["blood.ulvar_redmaw", "blood.bloodsworn_guard"], []]})
    play(g, "activate a_home", "keep", "move c_center")
    assert kind(g) == ("reorder", A)  # combining: reorder if desired
    reorder(g, "blood.ulvar_redmaw")
    assert kind(g) == ("trim", A)  # then discard down to 3
    play(g, "discard blood.bloodsworn_guard#4")
    assert squad(g, A, "c_center") == ["blood.ulvar_redmaw", "blood.condor", "blood.aarock_riders"]
    assert squad(g, A, "a_home") == []
    assert discard(g, A) == ["blood.bloodsworn_guard"]


def test_activate_battle_is_offered_only_when_an_enemy_squad_shares_the_zone():
    g = position(token=5, squads={"a_home": [["blood.marauders"], []], "a_east": [["blood.trappers"], []],
                                  "c_center": [[], ["skull.ancestral_warriors"]]})
    play(g, "activate a_east", "move a_home", "keep")  # combines with a friendly squad; no enemy
    assert kind(g) == ("action", A)
    play(g, "activate a_home")
    move(g, "c_center")
    assert kind(g) == ("battle", A)
    assert legal(g) == ["battle", "done"]  # optional


def test_activate_the_same_squad_several_times_in_a_row():
    g = position(token=5, squads={"a_home": [["blood.marauders"], []]})
    play(g, "activate a_home", "move a_west")
    play(g, "activate a_west", "move c_west")
    assert g.pos == 3 and squad(g, A, "c_west") == ["blood.marauders"]


def test_the_turn_passes_only_after_the_whole_action():
    # Paying the activation cost moves the token past the neutral spaces at once, but the activation goes on.
    g = position(token=0, squads={"a_home": [["blood.condor", "blood.marauders"], []]})
    play(g, "activate a_home")
    assert g.pos == -2 and kind(g) == ("reorder", A)
    play(g, "keep")
    assert kind(g) == ("move", A)
    play(g, "move a_west")
    assert kind(g) == ("action", B)


# ====================================================================== Battle
# Seat 0 plays a Blood card, seat 1 a Skull card, one of each style. Their two sides differ visibly.
BLOOD = {"bold": "blood.aarock_riders", "guarded": "blood.bloodsworn_guard", "tricky": "blood.cinder_thralls"}
SKULL = {"bold": "skull.ancestral_warriors", "guarded": "skull.ossuary_guards", "tricky": "skull.necromancers"}
BEATS = {"bold": "guarded", "guarded": "tricky", "tricky": "bold"}


def battle_position(hands=None, **kw):
    base = {"token": 5, "hands": hands or [[], []],
            "squads": {"c_center": [["blood.trappers"], ["skull.ossuary_guards"]]}}  # 1/3 vs 1/4, no flyer
    base.update(kw)
    return position(**base)


@pytest.mark.parametrize("mine", ["bold", "guarded", "tricky"])
@pytest.mark.parametrize("theirs", ["bold", "guarded", "tricky"])
def test_battle_style_matchup_left_for_the_winner_right_otherwise(mine, theirs):
    g = battle_position(hands=[[BLOOD[mine]], [SKULL[theirs]]])
    play(g, "activate c_center")
    fight(g, BLOOD[mine], SKULL[theirs])
    expected = ["left" if BEATS[mine] == theirs else "right", "left" if BEATS[theirs] == mine else "right"]
    assert g.last_battle["sides"] == expected
    if mine == theirs:
        assert expected == ["right", "right"]


def test_battle_attack_value_is_units_plus_ability_boosts_minus_defense_boosts():
    # Chieftains 2 + Devoted Leaders (2 DEVOTED) + Trappers 1 + Ulvar (his attack: a design value, read from the
    # card set) + Bloodfrenzy (3 units); the enemy's Bloodsworn Guard on top has Oath Wall: +1 defense per
    # DEVOTED unit (2) -> with Ulvar at 8, 16 - 2 = 14.
    g = position(clans=["blood", "blood"], token=5, hands=[["blood.chieftains"], ["blood.chieftains"]],
                 squads={"c_center": [["blood.chieftains", "blood.trappers", "blood.ulvar_redmaw"],
                                      ["blood.bloodsworn_guard", "blood.trappers"]]})
    play(g, "activate c_center")
    fight(g, "blood.chieftains", "blood.chieftains")  # tricky vs tricky: both right (draw 1), no stats
    ulvar = cc.base_set().unit("blood.ulvar_redmaw").attack
    assert g.last_battle["attack"] == [2 + 2 + 1 + ulvar + 3 - 2, 1 + 1]


def test_battle_defense_boost_lowers_enemy_attack_but_never_below_zero():
    # Trappers 1 attack + Cinder Thralls right (+1) = 2; Ossuary Guards left (guarded beats tricky) +3 defense.
    g = position(token=5, hands=[["blood.cinder_thralls"], ["skull.ossuary_guards"]],
                 squads={"c_center": [["blood.trappers"], ["skull.ancestral_warriors"]]})
    play(g, "activate c_center")
    fight(g, "blood.cinder_thralls", "skull.ossuary_guards")
    assert g.last_battle["sides"] == ["right", "left"]
    assert g.last_battle["attack"] == [0, 2]  # 2 - 3 -> 0, not -1
    assert squad(g, B, "c_center") == ["skull.ancestral_warriors"]
    assert squad(g, A, "c_center") == ["blood.trappers"]  # 2 damage < 3 defense: lost


def test_battle_damage_goes_top_down_and_leftover_damage_is_lost():
    # tricky vs tricky: Chieftains draws, Blade Dancers gains 1; no stat changes.
    g = position(token=5, hands=[["blood.chieftains"], ["skull.blade_dancers"]],
                 draw=[[], ["skull.necromancers"]],  # for the Knights' Reaper
                 squads={"c_center": [["blood.marauders", "blood.trappers", "blood.trappers"],  # 3/1 1/3 1/3
                                      ["skull.ancestral_knights", "skull.ancestral_warriors"]]})  # 4/4, 2/2
    play(g, "activate c_center", "keep")
    fight(g, "blood.chieftains", "skull.blade_dancers")
    assert g.last_battle["attack"] == [5, 6]
    assert squad(g, B, "c_center") == ["skull.ancestral_warriors"]  # 4 kills the top; 1 left < 2: lost
    assert squad(g, A, "c_center") == ["blood.trappers"]  # 1 + 3 destroyed; 2 left < 3: lost
    # the Knights' Reaper discarded the top card of his draw pile
    assert discard(g, B) == ["skull.ancestral_knights", "skull.blade_dancers", "skull.necromancers"]


def test_battle_destruction_is_simultaneous():
    # Both squads destroy each other: a unit destroyed in the battle still deals its damage.
    g = position(token=5, hands=[["blood.chieftains"], ["skull.blade_dancers"]],
                 squads={"c_center": [["blood.marauders"], ["skull.ancestral_warriors"]]})
    play(g, "activate c_center")
    fight(g, "blood.chieftains", "skull.blade_dancers")
    assert squad(g, A, "c_center") == [] and squad(g, B, "c_center") == []
    assert discard(g, A) == ["blood.chieftains", "blood.marauders"]
    assert discard(g, B) == ["skull.ancestral_warriors", "skull.blade_dancers"]


def test_battle_empty_hand_plays_the_top_card_of_the_draw_pile():
    g = battle_position(hands=[["blood.chieftains"], []],
                        draw=[[], ["skull.necromancers", "skull.ossuary_guards"]])
    play(g, "activate c_center", "battle", "play blood.chieftains")
    # Seat 1 was never asked: her battle card was the top card of her draw pile. Tricky vs tricky: Chieftains'
    # draw finds no card, Necromancers give +2 defense; no further decision, the battle is over.
    assert g.battle is None and kind(g) == ("action", A)
    assert draw_pile(g, B) == ["skull.ossuary_guards"]
    assert g.last_battle["cards"] == ["blood.chieftains", "skull.necromancers"]
    assert g.last_battle["sides"] == ["right", "right"]
    assert discard(g, B) == ["skull.necromancers"]


def test_battle_keep_in_hand_even_from_the_draw_pile():
    # Ossuary Guards from the top of the draw pile; guarded beats tricky: left side +3 defense and keep.
    g = battle_position(hands=[["blood.chieftains"], []], draw=[["blood.marauders"], ["skull.ossuary_guards"]])
    play(g, "activate c_center", "battle", "play blood.chieftains", "draw 0")
    assert kind(g) == ("keep", B)
    play(g, "keep")
    assert hand(g, B) == ["skull.ossuary_guards"]
    assert discard(g, A) == ["blood.chieftains"]
    assert discard(g, B) == []


def test_battle_card_is_discarded_when_not_kept():
    g = battle_position(hands=[["blood.chieftains"], ["skull.ossuary_guards"]])
    play(g, "activate c_center")
    fight(g, "blood.chieftains", "skull.ossuary_guards", keep=False)
    assert hand(g, B) == [] and discard(g, B) == ["skull.ossuary_guards"]


def test_battle_empty_hand_and_empty_draw_pile_reshuffles_the_discard_pile():
    g = battle_position(hands=[["blood.chieftains"], []], draw=[["blood.marauders"], []],
                        discard=[[], ["skull.ossuary_guards"]], crystal_row=ROW, crystal_deck=DECK)
    play(g, "activate c_center", "battle", "play blood.chieftains")
    assert g.battle.cards[B] != -1 and g.unit_id(g.battle.cards[B]) == "skull.ossuary_guards"
    assert discard(g, B) == []
    play(g, "draw 0", "discard")
    assert kind(g) == ("free_score", A)  # the reshuffle gives seat 0 a free score after the action


def test_battle_cards_are_neither_in_hand_nor_in_discard_during_the_battle():
    g = battle_position(hands=[["blood.chieftains", "blood.trappers"], ["skull.ossuary_guards"]],
                        draw=[["blood.marauders"], []])
    play(g, "activate c_center", "battle", "play blood.chieftains")
    assert hand(g, A) == ["blood.trappers"] and "blood.chieftains" not in discard(g, A)
    assert_opponent_hand_hidden(g, B)  # seat 1 must not see seat 0's secret card or hand
    play(g, "play skull.ossuary_guards")
    assert kind(g) == ("draw", A)
    assert hand(g, B) == [] and discard(g, B) == []
    assert "blood.chieftains" not in hand(g, A) + discard(g, A)
    play(g, "draw 1")
    assert kind(g) == ("keep", B)
    assert hand(g, B) == [] and discard(g, B) == []
    play(g, "discard")
    assert discard(g, A) == ["blood.chieftains"] and discard(g, B) == ["skull.ossuary_guards"]


def test_battle_no_damage_when_a_squad_is_sent_out_of_the_zone_before_damage():
    # Harla Floodbringer (tricky) beats bold: her left effect places the enemy squad in its home zone.
    g = position(clans=["blood", "water"], token=5, hands=[["blood.aarock_riders"], ["water.harla_floodbringer"]],
                 squads={"c_center": [["blood.aarock_riders", "blood.marauders"], ["water.cartographers"]]})
    play(g, "activate c_center", "keep")
    fight(g, "blood.aarock_riders", "water.harla_floodbringer")
    assert g.last_battle["sides"] == ["right", "left"]
    assert g.last_battle["destroyed"] == []  # 8 + 2 attack never landed on Cartographers (defense 3)
    assert squad(g, A, "c_center") == [] and squad(g, B, "c_center") == ["water.cartographers"]
    assert squad(g, A, "a_home") == ["blood.aarock_riders", "blood.marauders"]


def test_battle_no_damage_when_a_battle_card_ends_the_battle_before_damage():
    # Pollen Fairies (tricky) beats bold: left effect ends the battle before damage.
    g = position(clans=["blood", "flower"], token=5, hands=[["blood.aarock_riders"], ["flower.pollen_fairies"]],
                 squads={"c_center": [["blood.ulvar_redmaw"], ["flower.dandelion_knights"]]})
    play(g, "activate c_center")
    fight(g, "blood.aarock_riders", "flower.pollen_fairies")
    assert g.last_battle["ended_early"] and g.last_battle["destroyed"] == []
    assert squad(g, A, "c_center") == ["blood.ulvar_redmaw"]
    assert squad(g, B, "c_center") == ["flower.dandelion_knights"]
    assert discard(g, A) == ["blood.aarock_riders"] and discard(g, B) == ["flower.pollen_fairies"]


# ====================================================================== Score
def test_score_needs_control_of_two_of_the_three_crystal_zones():
    g = position(token=5, crystal_row=ROW, crystal_deck=DECK,
                 squads={"c_west": [["blood.marauders"], []], "a_home": [["blood.trappers"], []]})
    assert not [a for a in legal(g) if a.startswith("score")]
    g = position(token=5, crystal_row=ROW, crystal_deck=DECK,
                 squads={"c_west": [["blood.marauders"], []], "c_east": [["blood.trappers"], []]})
    # every face-up crystal she can afford (rel 5 + 20 >= cost)
    assert sorted(a for a in legal(g) if a.startswith("score")) == sorted(f"score {c}" for c in ROW)


def test_score_pays_the_cost_and_refills_the_face_up_row():
    g = position(token=5, crystal_row=ROW, crystal_deck=DECK,
                 squads={"c_west": [["blood.marauders"], []], "c_center": [["blood.trappers"], []]})
    cost = g.cs.crystals[g.cs.crystal_index["crystal.dusk_mirror"]].cost  # our design's, so not pinned
    play(g, "score crystal.dusk_mirror")
    assert g.pos == 5 - cost
    assert crystals(g, A) == ["crystal.dusk_mirror"]
    row = [g.cs.crystals[ci].id for ci in g.crystal_row]
    assert sorted(row) == sorted(["crystal.veylas_veil", "crystal.mygards_shield", "crystal.fox_tail"])
    assert len(g.crystal_deck) == 2


# ====================================================================== Replenish
def test_replenish_costs_3_discards_any_and_draws_up_to_five():
    g = position(token=5, hands=[["blood.marauders", "blood.trappers", "blood.condor"], []],
                 draw=[["blood.chieftains", "blood.aarock_riders", "blood.ulvar_redmaw", "blood.cinder_thralls"], []])
    play(g, "replenish", "discard blood.condor", "done")
    assert g.pos == 2
    assert discard(g, A) == ["blood.condor"]
    assert kind(g) == ("draw", A)
    assert legal(g) == ["draw 3", "draw 2", "draw 1", "draw 0"]  # up to 5 in hand
    play(g, "draw 3")
    assert hand(g, A) == sorted(["blood.marauders", "blood.trappers", "blood.chieftains",
                                 "blood.aarock_riders", "blood.ulvar_redmaw"])
    assert draw_pile(g, A) == ["blood.cinder_thralls"]


def test_replenish_draws_nothing_with_five_or_more_cards_left():
    six = ["blood.marauders", "blood.trappers", "blood.condor", "blood.chieftains", "blood.ulvar_redmaw",
           "blood.cinder_thralls"]
    g = position(token=5, hands=[six, []], draw=[["blood.aarock_riders"], []])
    play(g, "replenish", "done")
    assert g.pos == 2 and kind(g) == ("action", A)
    assert len(g.hands[A]) == 6 and draw_pile(g, A) == ["blood.aarock_riders"]


# ====================================================================== Invade
def test_invade_needs_control_of_the_opponents_home_zone():
    g = position(token=5, squads={"b_home": [["blood.marauders"], ["skull.ancestral_warriors"]]})
    assert "invade" not in legal(g)  # both squads there: nobody controls it
    g = position(token=5, squads={"a_home": [["blood.marauders"], []]})
    assert "invade" not in legal(g)  # her own home does not count
    g = position(token=5, squads={"b_home": [["blood.marauders"], []]})
    assert "invade" in legal(g)


def test_invade_costs_3_and_mills_the_squads_total_attack():
    pile = ["skull.ancestral_warriors", "skull.necromancers", "skull.blade_dancers", "skull.ossuary_guards",
            "skull.ancestral_knights", "skull.boneknife_cultists"]
    g = position(token=5, draw=[[], pile], squads={"b_home": [["blood.marauders", "blood.trappers"], []]})
    play(g, "invade")
    assert g.pos == 2
    assert discard(g, B) == sorted(pile[:4])  # attack 3 + 1, from the top
    assert draw_pile(g, B) == pile[4:]
    assert kind(g) == ("action", A)  # no reshuffle, no free score


def test_invade_ends_at_a_reshuffle():
    g = position(token=5, draw=[[], ["skull.necromancers"]], discard=[[], ["skull.blade_dancers"]],
                 crystal_row=ROW, crystal_deck=DECK, squads={"b_home": [["blood.condor"], []]})  # attack 6
    play(g, "invade")
    assert discard(g, B) == []  # 1 discarded, then the reshuffle ends the invasion
    assert sorted(draw_pile(g, B)) == ["skull.blade_dancers", "skull.necromancers"]
    assert kind(g) == ("free_score", A)


def test_invade_that_exactly_empties_the_pile_forces_no_reshuffle():
    g = position(token=5, draw=[[], ["skull.necromancers"] * 4], discard=[[], ["skull.blade_dancers"]],
                 squads={"b_home": [["blood.marauders", "blood.trappers"], []]})  # attack 4
    play(g, "invade")
    assert draw_pile(g, B) == [] and len(g.discards[B]) == 5  # no card was needed from the empty pile
    assert kind(g) == ("action", A)  # so no free score


def test_invade_counts_ability_boosts_to_the_squads_attack_value():
    # Glossary, Attack Value: a unit's attack is its printed value plus boosts from abilities; a squad's attack
    # is the sum of its units' attack values plus boosts. Chieftains on top (Devoted Leaders, no "in battle"
    # restriction): 2 + 2 DEVOTED units = 4, plus Trappers 1 -> the invasion discards 5 cards, not 3.
    g = position(token=5, draw=[[], ["skull.necromancers"] * 10],
                 squads={"b_home": [["blood.chieftains", "blood.trappers"], []]})
    play(g, "invade")
    assert len(g.discards[B]) == 5


def test_invade_ignores_boosts_that_only_apply_in_battle():
    # Bloodfrenzy: "+1 attack IN BATTLE for each unit": an invasion with Ulvar alone discards his attack (8
    # before the balance pass), not one more.
    g = position(token=5, draw=[[], ["skull.necromancers"] * 10], squads={"b_home": [["blood.ulvar_redmaw"], []]})
    play(g, "invade")
    assert len(g.discards[B]) == cc.base_set().unit("blood.ulvar_redmaw").attack


# ====================================================================== Reshuffling
def test_reshuffle_drawing_from_an_empty_pile_and_the_opponent_scores_free_after_the_action():
    g = position(token=8, hands=[[], []], draw=[[], []], crystal_row=ROW, crystal_deck=DECK,
                 discard=[["blood.marauders", "blood.trappers", "blood.condor"], []])
    play(g, "replenish", "done")
    assert kind(g) == ("draw", A)
    play(g, "draw 3")
    assert hand(g, A) == ["blood.condor", "blood.marauders", "blood.trappers"] and discard(g, A) == []
    assert kind(g) == ("free_score", B)  # her OPPONENT scores
    assert sorted(legal(g)) == sorted(f"score {c}" for c in ROW)  # no control, any cost
    play(g, "score crystal.mygards_shield")
    assert g.pos == 5  # free: only the replenish cost was paid
    assert crystals(g, B) == ["crystal.mygards_shield"]
    assert kind(g) == ("action", A)  # then play goes on as usual


def test_reshuffle_free_score_comes_after_the_current_action_not_before():
    g = battle_position(hands=[["blood.chieftains"], []], draw=[["blood.marauders"], []],
                        discard=[[], ["skull.ossuary_guards"]], crystal_row=ROW, crystal_deck=DECK)
    play(g, "activate c_center", "battle", "play blood.chieftains")  # seat 1 reshuffles here
    seen = []
    while g.decision.kind != "free_score":
        seen.append(g.decision.kind)
        play(g, legal(g)[-1] if g.decision.kind != "keep" else "keep")
    assert seen == ["draw", "keep"]  # the battle finished first
    assert g.battle is None and hand(g, B) == ["skull.ossuary_guards"]
    assert g.decision.player == A


# ====================================================================== Winning
def test_four_crystals_win_immediately_and_the_game_is_over():
    g = position(token=10, crystal_row=ROW, crystal_deck=DECK,
                 crystals=[["crystal.winds_wish", "crystal.sorens_bounty", "crystal.ilsas_lantern"], []],
                 squads={"c_west": [["blood.marauders"], []], "c_east": [["blood.trappers"], []]})
    assert g.winner is None
    play(g, "score crystal.veylas_veil")
    assert g.winner == A and g.is_over
    assert g.decision is None and g.legal_actions() == [] and g.to_act == ()
    with pytest.raises(cc.IllegalAction):
        g.apply("replenish")


def test_a_free_score_can_be_the_winning_crystal():
    g = position(token=5, crystal_row=ROW, crystal_deck=DECK,
                 crystals=[["crystal.winds_wish", "crystal.sorens_bounty", "crystal.ilsas_lantern"], []],
                 draw=[[], []], discard=[[], ["skull.necromancers"]],
                 squads={"b_home": [["blood.marauders"], []]})
    play(g, "invade")
    assert kind(g) == ("free_score", A)
    play(g, "score crystal.dusk_mirror")
    assert g.winner == A and g.is_over and g.decision is None


# ====================================================================== Owner vs controller
def test_destroyed_unit_goes_to_its_owners_discard_pile_not_its_controllers():
    g = position(token=5, hands=[["blood.chieftains"], ["skull.blade_dancers"]],
                 draw=[[], ["skull.necromancers"]],  # for the Knights' Reaper (it mills one card)
                 squads={"c_center": [["blood.condor"], ["skull.ancestral_warriors@0", "skull.ancestral_knights"]]})
    assert [c & 1 for c in g.squads[B][g.cs.board.zone_index["c_center"]]] == [A, B]  # owner 0, controller 1
    play(g, "activate c_center", "stay")  # Condor could fly off; it stays to fight
    fight(g, "blood.chieftains", "skull.blade_dancers")  # 6 damage: both Skull units die
    assert squad(g, B, "c_center") == []
    assert discard(g, A) == ["blood.chieftains", "skull.ancestral_warriors"]  # the OWNER's pile
    assert discard(g, B) == ["skull.ancestral_knights", "skull.blade_dancers", "skull.necromancers"]
    assert removed(g, A) == removed(g, B) == []
