"""The rulebook's own worked examples, step by step (seeds/rulebook_en.md).

Seat 0 is "player one" / "the active player" (Blood), seat 1 is "player two" (Skull). The initiative token
is + toward seat 0, so seat 0 paying n moves it from 0 to -n ("n spaces toward her opponent").
"""
from __future__ import annotations

import json

from .helpers import (
    A,
    B,
    assert_opponent_hand_hidden,
    discard,
    draw_pile,
    hand,
    kind,
    legal,
    move,
    play,
    position,
    squad,
)


# ---------------------------------------------------------------------- Example: Taking a Turn
def test_turn_example_summon_cost_5_moves_token_5_and_passes_the_turn():
    g = position(token=0, hands=[["blood.condor", "blood.marauders"], ["skull.ancestral_warriors"]])
    assert g.active == A and kind(g) == ("action", A)
    assert g.U[g.cs.unit_index["blood.condor"]].summon == 5

    play(g, "summon blood.condor", "done")  # 1. summon a unit whose summon cost is 5 (alone: nothing to order)

    assert g.pos == -5  # 2. five spaces toward the opponent
    assert g.rel(A) == -5 and g.rel(B) == 5
    assert squad(g, A, "a_home") == ["blood.condor"]
    assert g.active == B and kind(g) == ("action", B)  # 3. it is now the opponent's turn
    assert_opponent_hand_hidden(g, A)
    assert_opponent_hand_hidden(g, B)


# ---------------------------------------------------------------------- Activation cost example
def test_activation_cost_example_highest_single_cost_of_1_2_1_is_2():
    units = ["blood.trappers", "blood.chieftains", "blood.marauders"]  # activation 1, 2, 1
    g = position(token=5, squads={"a_west": [units, []]})
    assert [g.U[g.cs.unit_index[u]].activation for u in units] == [1, 2, 1]

    play(g, "activate a_west")
    assert g.pos == 3  # exactly 2, not 1 + 2 + 1
    assert kind(g) == ("reorder", A)


# ---------------------------------------------------------------------- Example: Battle (Blood vs Skull)
def battle_example_position():
    return position(
        token=0,
        hands=[[], ["skull.enchanter_malek"]],  # player one's hand is empty
        draw=[["blood.chieftains", "blood.marauders"], ["skull.necromancers"]],  # Chieftains on top
        squads={
            "a_home": [["blood.trappers", "blood.condor", "blood.marauders"], []],
            "c_center": [[], ["skull.ancestral_knights", "skull.ancestral_warriors", "skull.ancestral_warriors"]],
        },
    )


def test_battle_example_blood_vs_skull():
    g = battle_example_position()

    # 1. Player one spends 2 initiative (token 0 -> 2 toward player two) to activate her squad ...
    play(g, "activate a_home")
    assert g.pos == -2
    # ... and moves it into the adjacent crystal zone that player two occupies, then initiates battle.
    move(g, "c_center")
    assert squad(g, A, "c_center") == ["blood.trappers", "blood.condor", "blood.marauders"]
    assert squad(g, A, "a_home") == []
    assert kind(g) == ("battle", A)
    play(g, "battle")

    # 2. Player one has no card in hand: the top card of her draw pile (Chieftains) is her battle card.
    #    Player two chooses Enchanter Malek from his hand.
    assert kind(g) == ("battle_card", B)
    assert legal(g) == ["play skull.enchanter_malek"]
    assert draw_pile(g, A) == ["blood.marauders"]  # Chieftains left the pile ...
    assert "blood.chieftains" not in hand(g, A) + discard(g, A)  # ... and is neither in hand nor discarded
    v = g.view(B)  # played facedown: player two cannot see it before the reveal
    assert v["battle"]["cards"][A] == {"chosen": True} and "blood.chieftains" not in json.dumps(v)
    assert_opponent_hand_hidden(g, A)
    play(g, "play skull.enchanter_malek")

    # Chieftains (TRICKY) vs Malek (GUARDED): guarded beats tricky, so Malek's left effect (+6 defense, keep)
    # and Chieftains' right effect (draw a card) trigger. Player one draws a card to add to her hand.
    assert g.battle.sides == ["right", "left"]
    assert kind(g) == ("draw", A)
    play(g, "draw 1")
    assert hand(g, A) == ["blood.marauders"]

    # 3. Attack values: player one 1 + 6 + 3 = 10, minus 6 defense = 4; player two 4 + 2 + 2 = 8.
    #    Damage is simultaneous from the top: both top units are destroyed; the last 5 damage is not enough
    #    for Condor (defense 10) and is lost. Each player is left with a two-unit squad.
    assert kind(g) == ("keep", B)  # damage is done; we are in the discard step
    assert g.battle.attack_values == [4, 8]
    assert sorted(g.unit_id(c) for c in g.battle.destroyed) == ["blood.trappers", "skull.ancestral_knights"]
    assert squad(g, A, "c_center") == ["blood.condor", "blood.marauders"]
    assert squad(g, B, "c_center") == ["skull.ancestral_warriors", "skull.ancestral_warriors"]
    # The example does not mention draw piles; in this card set the Knights have Reaper (when destroyed,
    # their controller discards the top card of her draw pile): the Necromancers on top of his pile.
    assert discard(g, B) == ["skull.ancestral_knights", "skull.necromancers"]
    assert "skull.enchanter_malek" not in hand(g, B) + discard(g, B)  # still the played battle card

    # 4. Player one's battle card goes to her discard pile; player two's triggered effect had the keep icon,
    #    so he may return Malek to his hand.
    assert legal(g) == ["keep", "discard"]
    play(g, "keep")
    assert g.battle is None and g.last_battle["attack"] == [4, 8]
    assert discard(g, A) == ["blood.chieftains", "blood.trappers"]
    assert discard(g, B) == ["skull.ancestral_knights", "skull.necromancers"]  # Reaper, see above
    assert hand(g, B) == ["skull.enchanter_malek"]

    # It is now player two's turn: the token stayed 2 spaces into his side (past the neutral spaces).
    assert g.pos == -2 and g.rel(B) == 2
    assert g.active == B and kind(g) == ("action", B)
    # "If he wants to initiate another battle, he would need to spend one initiative to activate his squad."
    assert g.activation_cost(B, g.cs.board.zone_index["c_center"]) == 1
    assert "activate c_center" in legal(g)
    play(g, "activate c_center")
    assert g.pos == -1
    assert_opponent_hand_hidden(g, A)
    assert_opponent_hand_hidden(g, B)


# ---------------------------------------------------------------------- Example: Invade & Reshuffle
def test_invade_and_reshuffle_example():
    g = position(
        token=2,
        crystal_row=["crystal.veylas_veil", "crystal.dusk_mirror", "crystal.sunken_hourglass"],
        crystal_deck=["crystal.mygards_shield", "crystal.fox_tail"],
        hands=[["blood.marauders"], ["skull.ancestral_knights"]],
        draw=[[], ["skull.ancestral_warriors", "skull.necromancers", "skull.blade_dancers", "skull.ossuary_guards"]],
        discard=[[], ["skull.boneknife_cultists"]],
        squads={"c_center": [["blood.aarock_riders", "blood.trappers"], []]},
    )
    # 1. Player one pays 2 to activate her squad (attack 5 + 1 = 6, activation 2) and moves it into
    #    player two's home zone ...
    play(g, "activate c_center")
    assert g.pos == 0
    move(g, "b_home")
    assert squad(g, A, "b_home") == ["blood.aarock_riders", "blood.trappers"]
    assert kind(g) == ("action", A)  # nobody to battle; the token is on a neutral space: act again
    assert "invade" in legal(g)
    assert "score crystal.veylas_veil" not in legal(g)  # she controls no crystal zone

    # ... then pays 3 more initiative to invade.
    play(g, "invade")
    assert g.pos == -3
    # 2. Attack 6, but the draw pile is empty after 4 discards: player two reshuffles and the invasion ends.
    assert draw_pile(g, B) != [] and len(g.draws[B]) == 5  # the 4 milled cards + the old discard pile
    assert sorted(draw_pile(g, B)) == sorted(["skull.ancestral_warriors", "skull.necromancers",
                                              "skull.blade_dancers", "skull.ossuary_guards",
                                              "skull.boneknife_cultists"])
    assert discard(g, B) == []  # nothing milled after the reshuffle
    assert hand(g, B) == ["skull.ancestral_knights"]

    # 3. Because player two reshuffled, player one claims a crystal without paying its cost.
    assert kind(g) == ("free_score", A)
    assert sorted(legal(g)) == ["score crystal.dusk_mirror", "score crystal.sunken_hourglass",
                                "score crystal.veylas_veil"]
    assert_opponent_hand_hidden(g, A)
    play(g, "score crystal.sunken_hourglass")
    assert g.pos == -3  # free: no initiative paid
    assert [g.cs.crystals[ci].id for ci, _ in g.collected[A]] == ["crystal.sunken_hourglass"]
    assert len(g.crystal_row) == 3 and g.cs.crystals[g.crystal_row[-1]].id == "crystal.mygards_shield"
    assert g.active == B and kind(g) == ("action", B)  # token 3 into player two's side: his turn
