"""One test per glossary clarification (seeds/glossary_en.txt), including the clan rulings (Horde, Sleep,
Spirit Guide) and the owner/controller split that Gravebind makes happen."""
from __future__ import annotations

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
    play,
    position,
    removed,
    reorder,
    squad,
)


def moves(g):
    return sorted(a.split()[1] for a in legal(g) if a.startswith("move "))


# ---------------------------------------------------------------------- Activated Squad
def test_activated_squad_after_a_split_only_the_moved_units_fight_in_the_destination():
    g = position(token=5, hands=[["blood.chieftains"], ["skull.blade_dancers"]],
                 squads={"a_home": [["blood.marauders", "blood.chieftains", "blood.trappers"], []],
                         "c_center": [[], ["skull.ancestral_knights"]]})
    play(g, "activate a_home", "keep", "split", "leave blood.trappers#3", "done", "move c_center")
    assert squad(g, A, "c_center") == ["blood.marauders", "blood.chieftains"]
    assert kind(g) == ("battle", A)  # the battle is fought in the destination
    fight(g, "blood.chieftains", "skull.blade_dancers")  # tricky vs tricky: draw / gain 1, no stat change
    assert g.last_battle["zone"] == "c_center"
    assert g.last_battle["attack"] == [3 + 2, 4]  # the Trappers left behind add nothing
    assert squad(g, A, "a_home") == ["blood.trappers"]  # untouched by the battle
    assert squad(g, B, "c_center") == []


# ---------------------------------------------------------------------- Adjacency
def test_adjacency_zones_that_share_a_border():
    expected = {"a_west": ["a_home", "c_west"], "c_center": ["a_home", "b_home", "c_east", "c_west"],
                "b_east": ["b_home", "c_east"], "a_home": ["a_east", "a_west", "c_center"]}
    for start, neighbours in expected.items():
        g = position(token=5, squads={start: [["blood.marauders"], []]})
        play(g, f"activate {start}")
        assert moves(g) == neighbours, start
    board = g.cs.board
    for z, adj in enumerate(board.adjacency):
        assert all(z in board.adjacency[n] for n in adj)  # symmetric


# ---------------------------------------------------------------------- Top / Bottom Unit of Squad
def test_bottom_unit_is_the_last_card_and_a_lone_unit_is_both_top_and_bottom():
    # Condor (tricky) beats bold: its left effect destroys the enemy squad's bottom unit.
    g = position(token=5, hands=[["blood.condor"], ["skull.ancestral_warriors"]],
                 squads={"c_center": [["blood.trappers"],
                                      ["skull.ancestral_knights", "skull.ancestral_warriors", "skull.ossuary_guards"]]})
    play(g, "activate c_center")
    fight(g, "blood.condor", "skull.ancestral_warriors")
    assert g.last_battle["sides"] == ["left", "right"]
    assert g.last_battle["destroyed"][0] == "skull.ossuary_guards"  # the bottom, before damage
    assert "skull.ossuary_guards" not in squad(g, B, "c_center")

    g = position(token=5, hands=[["blood.condor"], ["skull.ancestral_warriors"]],
                 squads={"c_center": [["blood.trappers"], ["skull.ancestral_knights"]]})
    play(g, "activate c_center")
    fight(g, "blood.condor", "skull.ancestral_warriors")
    assert g.last_battle["destroyed"] == ["skull.ancestral_knights"]  # top and bottom at once
    assert g.last_battle["damage_skipped"]  # the enemy squad no longer exists: no damage step
    assert squad(g, A, "c_center") == ["blood.trappers"]


def test_top_unit_takes_damage_first():
    g = position(token=5, hands=[["blood.chieftains"], ["skull.blade_dancers"]],
                 squads={"c_center": [["blood.ulvar_redmaw", "blood.bloodsworn_guard"],  # 8/6 on top of 1/4
                                      ["skull.ancestral_warriors", "skull.ancestral_warriors"]]})  # 4 attack
    play(g, "activate c_center")
    fight(g, "blood.chieftains", "skull.blade_dancers")
    assert squad(g, A, "c_center") == ["blood.ulvar_redmaw", "blood.bloodsworn_guard"]  # 4 < 6: lost on Ulvar


# ---------------------------------------------------------------------- Combining Squads
def test_combining_squads_when_summoning_into_a_zone_with_a_friendly_squad():
    g = position(token=10, hands=[["blood.ulvar_redmaw", "blood.aarock_riders"], []],
                 squads={"a_home": [["blood.condor", "blood.bloodsworn_guard"], []]})
    play(g, "summon blood.ulvar_redmaw", "pick blood.aarock_riders", "done")
    assert kind(g) == ("reorder", A)  # combine into 1 squad, reorder if desired
    reorder(g, "blood.condor", "blood.ulvar_redmaw", "blood.aarock_riders")
    assert kind(g) == ("trim", A)  # more than 3: discard until 3 remain
    play(g, "discard blood.bloodsworn_guard#4")
    assert squad(g, A, "a_home") == ["blood.condor", "blood.ulvar_redmaw", "blood.aarock_riders"]
    assert discard(g, A) == ["blood.bloodsworn_guard"]


# ---------------------------------------------------------------------- Controlled Zone
def test_controlled_zone_needs_a_squad_there_and_no_enemy_squad():
    g = position(token=5, crystal_row=["crystal.veylas_veil", "crystal.dusk_mirror", "crystal.mygards_shield"],
                 squads={"c_west": [["blood.marauders"], []],
                         "c_center": [["blood.trappers"], ["skull.ancestral_warriors"]],
                         "c_east": [[], ["skull.ossuary_guards"]]})
    zi = g.cs.board.zone_index
    assert g.controls(A, zi["c_west"]) and not g.controls(B, zi["c_west"])
    assert not g.controls(A, zi["c_center"]) and not g.controls(B, zi["c_center"])  # both present: nobody
    assert g.controls(B, zi["c_east"])
    assert not [a for a in legal(g) if a.startswith("score")]  # seat 0 controls only 1 crystal zone


# ---------------------------------------------------------------------- Discarding vs destroying
def test_discarding_a_unit_is_not_destroying_it_blood_price_does_not_trigger_on_a_trim():
    g = position(token=10, hands=[["blood.bloodsworn_guard"], []],
                 squads={"a_home": [["blood.condor", "blood.aarock_riders", "blood.cinder_thralls"], []]})
    play(g, "summon blood.bloodsworn_guard", "done", "keep")
    assert g.pos == 8
    assert kind(g) == ("trim", A)
    play(g, "discard blood.cinder_thralls#4")
    assert discard(g, A) == ["blood.cinder_thralls"]
    assert g.pos == 8  # no initiative gained: the trimmed unit was discarded, not destroyed


def test_destroyed_in_battle_blood_price_triggers():
    g = position(token=5, hands=[["blood.chieftains"], ["skull.necromancers"]],
                 squads={"c_center": [["blood.cinder_thralls"], ["skull.ancestral_warriors"]]})
    play(g, "activate c_center")
    assert g.pos == 4
    fight(g, "blood.chieftains", "skull.necromancers")  # tricky vs tricky: draw / +2 defense
    assert g.last_battle["destroyed"] == ["blood.cinder_thralls"]
    assert g.pos == 5  # Blood Price: its controller gains 1 initiative


# ---------------------------------------------------------------------- Drawing Cards / Hand Limit
def test_drawing_cards_there_is_no_hand_limit():
    big = ["blood.marauders", "blood.trappers", "blood.condor", "blood.ulvar_redmaw", "blood.cinder_thralls",
           "blood.bloodsworn_guard", "blood.chieftains"]
    g = position(token=5, hands=[big, ["skull.blade_dancers"]], draw=[["blood.aarock_riders"], []],
                 squads={"c_center": [["blood.trappers"], ["skull.ossuary_guards"]]})
    play(g, "activate c_center")
    fight(g, "blood.chieftains", "skull.blade_dancers", draw=1)  # Chieftains' right effect: draw 1
    assert len(g.hands[A]) == 7 and "blood.aarock_riders" in hand(g, A)
    assert draw_pile(g, A) == []
    assert_opponent_hand_hidden(g, A)
    assert_opponent_hand_hidden(g, B)


# ---------------------------------------------------------------------- Gaining Initiative
def test_gaining_initiative_moves_toward_the_gainer_and_stops_on_the_last_space():
    # Seat 1 (Stone) at the very end of her side: Workers (tricky) beats bold and gains 2.
    g = position(clans=["blood", "stone"], active=B, token=-20,
                 hands=[["blood.aarock_riders"], ["stone.workers"]],
                 squads={"c_center": [["blood.trappers"], ["stone.workers"]]})
    play(g, "activate c_center")
    assert g.pos == -19 and g.rel(B) == 19
    fight(g, "stone.workers", "blood.aarock_riders")
    assert g.last_battle["sides"] == ["right", "left"]
    assert g.pos == -20  # -19 - 2 would pass the last space: it stops there


# ---------------------------------------------------------------------- Horde
def test_horde_only_the_top_unit_needs_horde_for_the_squad_to_exceed_three():
    g = position(token=10, hands=[["blood.trappers"], []],
                 squads={"a_home": [["blood.condor", "blood.aarock_riders", "blood.ulvar_redmaw"], []]})
    play(g, "summon blood.trappers", "done")
    reorder(g, "blood.trappers")  # a Horde unit on top, the three others have no Horde
    assert squad(g, A, "a_home") == ["blood.trappers", "blood.condor", "blood.aarock_riders", "blood.ulvar_redmaw"]
    assert kind(g) == ("action", A)  # no trim


def test_horde_reorder_putting_a_non_horde_unit_on_top_trims_at_once():
    g = position(token=10, squads={"a_home": [["blood.marauders", "blood.condor", "blood.aarock_riders",
                                               "blood.ulvar_redmaw"], []]})
    play(g, "activate a_home")
    reorder(g, "blood.condor")
    assert kind(g) == ("trim", A)  # before the move step
    assert legal(g) == ["discard blood.condor#1", "discard blood.marauders#2", "discard blood.aarock_riders#3",
                        "discard blood.ulvar_redmaw#4"]
    play(g, "discard blood.ulvar_redmaw#4")
    assert squad(g, A, "a_home") == ["blood.condor", "blood.marauders", "blood.aarock_riders"]
    assert discard(g, A) == ["blood.ulvar_redmaw"]
    assert kind(g) == ("move", A)


def test_horde_top_unit_destroyed_the_squad_is_trimmed_to_three_at_once():
    g = position(token=10, hands=[["blood.chieftains"], ["skull.blade_dancers"]],
                 squads={"c_center": [["blood.marauders", "blood.condor", "blood.bloodsworn_guard",
                                       "blood.trappers", "blood.cinder_thralls"], ["skull.ancestral_knights"]]})
    # (the units whose values matter here have sourced values: a balance pass leaves them as they are)
    play(g, "activate c_center", "keep", "stay")  # (Condor flies: the squad could leave a contested zone)
    play(g, "battle", "play blood.chieftains", "play skull.blade_dancers")
    while g.decision.kind == "draw":
        play(g, "draw 0")
    # 4 damage destroys Marauders (defense 1); the rest is not enough for Condor (10). Condor is now on top
    # and has no Horde: the controller must discard down to 3 immediately.
    assert kind(g) == ("trim", A)
    assert squad(g, A, "c_center")[0] == "blood.condor"
    play(g, "discard blood.cinder_thralls#4")
    assert squad(g, A, "c_center") == ["blood.condor", "blood.bloodsworn_guard", "blood.trappers"]
    # activation 2, Blade Dancers' right effect gains seat 1 one space; the trimmed Cinder Thralls was
    # discarded, not destroyed: no Blood Price for seat 0
    assert g.pos == 10 - 2 - 1
    while g.decision.kind == "keep":
        play(g, "discard")
    assert "blood.cinder_thralls" in discard(g, A) and "blood.marauders" in discard(g, A)


def test_horde_split_leaving_a_non_horde_top_behind_trims_the_units_left_behind():
    g = position(token=5, squads={"a_home": [["blood.marauders", "blood.condor", "blood.aarock_riders",
                                              "blood.ulvar_redmaw", "blood.bloodsworn_guard"], []]})
    play(g, "activate a_home", "keep", "split", "leave blood.condor#2", "leave blood.aarock_riders#3",
         "leave blood.ulvar_redmaw#4", "leave blood.bloodsworn_guard#5", "done", "move a_west")
    assert squad(g, A, "a_west") == ["blood.marauders"]
    assert kind(g) == ("trim", A)  # Condor is now on top at home and has no Horde
    play(g, "discard blood.bloodsworn_guard#4")
    assert squad(g, A, "a_home") == ["blood.condor", "blood.aarock_riders", "blood.ulvar_redmaw"]
    assert discard(g, A) == ["blood.bloodsworn_guard"]


# ---------------------------------------------------------------------- Neutral Spaces / Paying Initiative
def test_neutral_spaces_from_seat_1s_side():
    g = position(active=B, token=0, squads={"b_home": [[], ["skull.ancestral_warriors"]],
                                            "b_west": [[], ["skull.ossuary_guards"]]})
    play(g, "activate b_home", "stay")
    assert g.pos == 1 and g.rel(B) == -1
    assert kind(g) == ("action", B)  # -1 is neutral: seat 1 acts again
    play(g, "activate b_west", "stay")
    assert g.pos == 2 and kind(g) == ("action", A)  # 2 into seat 0's side: seat 0's turn


def test_paying_initiative_moves_the_token_toward_the_opponent():
    g = position(active=B, token=-6, hands=[[], ["skull.ancestral_knights"]])
    play(g, "replenish", "done")
    assert g.pos == -3  # seat 1 pays 3 toward seat 0 (+)
    while g.decision.kind == "draw":
        play(g, "draw 0")
    g = position(active=A, token=6)
    play(g, "replenish", "done")
    assert g.pos == 3  # seat 0 pays 3 toward seat 1 (-)


# ---------------------------------------------------------------------- Owner
def test_owner_a_trimmed_unit_goes_to_its_owners_discard_pile():
    g = position(active=B, token=-10, hands=[[], ["skull.necromancers"]],
                 squads={"b_home": [[], ["skull.ancestral_knights", "skull.ossuary_guards", "blood.marauders@0"]]})
    play(g, "summon skull.necromancers", "done", "keep")
    assert kind(g) == ("trim", B)  # the controller chooses
    assert "discard blood.marauders@0#4" in legal(g)
    play(g, "discard blood.marauders@0#4")
    assert discard(g, A) == ["blood.marauders"] and discard(g, B) == []
    assert [c & 1 for c in g.discards[A]] == [A]


# ---------------------------------------------------------------------- Placing
def test_placing_send_home_is_not_a_move_and_combines_at_home():
    # Wisp (guarded) beats tricky: its left effect places the enemy battling squad in its home zone, although a
    # squad could never MOVE out of a zone holding an enemy squad. At home it combines with the friendly squad.
    g = position(clans=["blood", "flower"], token=5, hands=[["blood.chieftains"], ["flower.wisp"]],
                 squads={"a_home": [["blood.trappers", "blood.marauders"], []],
                         "c_center": [["blood.ulvar_redmaw", "blood.bloodsworn_guard"], ["flower.dandelion_knights"]]})
    play(g, "activate c_center", "keep")
    assert kind(g) == ("battle", A)  # no move step: an enemy squad holds it there
    play(g, "battle", "play blood.chieftains", "play flower.wisp")
    while g.decision.kind == "draw":
        play(g, "draw 0")
    assert squad(g, A, "c_center") == []
    assert kind(g) == ("reorder", A)  # combining at home: reorder, then trim
    reorder(g, "blood.ulvar_redmaw", "blood.bloodsworn_guard", "blood.trappers")
    assert kind(g) == ("trim", A)
    play(g, "discard blood.marauders#4")
    assert squad(g, A, "a_home") == ["blood.ulvar_redmaw", "blood.bloodsworn_guard", "blood.trappers"]
    assert kind(g) == ("keep", B)  # Wisp's keep icon
    play(g, "keep")
    assert g.last_battle["damage_skipped"] and g.last_battle["destroyed"] == []
    assert hand(g, B) == ["flower.wisp"]
    assert squad(g, B, "c_center") == ["flower.dandelion_knights"]


# ---------------------------------------------------------------------- Remove From Game
def test_remove_from_game_queen_bumble_the_opponent_removes_her_own_unit():
    # Queen Bumble (bold) beats guarded: the opponent chooses one unit of her battling squad to remove.
    g = position(clans=["flower", "skull"], token=5, hands=[["flower.queen_bumble"], ["skull.ossuary_guards"]],
                 squads={"c_center": [["flower.dandelion_knights"],
                                      ["skull.ancestral_knights", "skull.necromancers"]]})
    play(g, "activate c_center")
    play(g, "battle", "play flower.queen_bumble", "play skull.ossuary_guards")
    assert kind(g) == ("remove", B)  # the OPPONENT chooses
    assert sorted(legal(g)) == ["remove skull.ancestral_knights#1", "remove skull.necromancers#2"]
    play(g, "remove skull.necromancers#2")
    while g.battle is not None:
        play(g, "discard" if g.decision.kind == "keep" else legal(g)[-1])
    assert removed(g, B) == ["skull.necromancers"]
    assert "skull.necromancers" not in discard(g, B) + hand(g, B) + draw_pile(g, B) + squad(g, B, "c_center")
    assert "skull.necromancers" not in g.last_battle["destroyed"]  # removed, not destroyed
    assert [c["id"] for c in g.view(A)["players"][B]["removed"]] == ["skull.necromancers"]


def test_remove_from_game_the_card_never_returns_even_after_a_reshuffle():
    g = position(clans=["flower", "skull"], token=5, hands=[["flower.queen_bumble"], ["skull.ossuary_guards"]],
                 draw=[[], []], discard=[[], ["skull.blade_dancers"]],
                 crystal_row=["crystal.veylas_veil", "crystal.dusk_mirror", "crystal.mygards_shield"],
                 squads={"c_center": [["flower.dandelion_knights"], ["skull.necromancers"]],
                         "b_home": [["flower.mother"], []]})
    play(g, "activate c_center", "battle", "play flower.queen_bumble", "play skull.ossuary_guards",
          "remove skull.necromancers#1")
    while g.battle is not None:
        play(g, "discard" if g.decision.kind == "keep" else legal(g)[-1])
    play(g, "invade")  # Mother (attack 4) mills seat 1's empty pile: she reshuffles her discard pile
    assert "skull.necromancers" not in draw_pile(g, B)
    assert removed(g, B) == ["skull.necromancers"]


# ---------------------------------------------------------------------- Reordering
def test_reordering_happens_on_activation_on_adding_units_and_on_combining():
    # 1. activation: after paying, before the move
    g = position(token=10, hands=[["blood.marauders"], []],
                 squads={"a_home": [["blood.trappers", "blood.condor"], []],
                         "a_west": [["blood.ulvar_redmaw"], []]})
    play(g, "activate a_home")
    assert kind(g) == ("reorder", A)
    reorder(g, "blood.condor")
    assert squad(g, A, "a_home") == ["blood.condor", "blood.trappers"]
    play(g, "stay")
    # 2. a unit is added to a squad (summon)
    play(g, "summon blood.marauders", "done")
    assert kind(g) == ("reorder", A)
    reorder(g, "blood.trappers", "blood.marauders")
    assert squad(g, A, "a_home") == ["blood.trappers", "blood.marauders", "blood.condor"]
    # 3. two squads combine (move into a friendly squad)
    play(g, "activate a_west", "move a_home")
    assert kind(g) == ("reorder", A)
    reorder(g, "blood.marauders")
    assert squad(g, A, "a_home")[0] == "blood.marauders"


def test_reordering_is_not_offered_after_a_plain_move():
    # The activation's reorder step comes BEFORE the move; moving into a zone without a friendly squad combines
    # nothing, so the top unit chosen before the move is the one that arrives (and fights).
    g = position(token=5, squads={"a_home": [["blood.marauders", "blood.trappers"], []],
                                  "c_center": [[], ["skull.ancestral_warriors"]]})
    play(g, "activate a_home", "keep", "move c_center")
    assert kind(g) == ("battle", A)
    g = position(token=5, squads={"a_home": [["blood.marauders", "blood.trappers"], []]})
    play(g, "activate a_home", "keep", "move a_west")
    assert kind(g) == ("action", A)
    assert squad(g, A, "a_west") == ["blood.marauders", "blood.trappers"]


# ---------------------------------------------------------------------- Simultaneous destruction
def test_simultaneous_destruction_both_blood_prices_trigger():
    g = position(clans=["blood", "blood"], token=5, hands=[["blood.chieftains"], ["blood.chieftains"]],
                 squads={"c_center": [["blood.cinder_thralls"], ["blood.cinder_thralls"]]})
    play(g, "activate c_center")
    assert g.pos == 4
    fight(g, "blood.chieftains", "blood.chieftains")  # tricky vs tricky: both draw (nothing to draw)
    assert sorted(g.last_battle["destroyed"]) == ["blood.cinder_thralls", "blood.cinder_thralls"]
    assert squad(g, A, "c_center") == [] and squad(g, B, "c_center") == []
    assert g.pos == 4  # +1 for seat 0, +1 for seat 1: both triggered


# ---------------------------------------------------------------------- Squad Limits
def test_squad_limit_a_battle_card_joining_the_squad_makes_the_controller_discard():
    # Marauders' battle card joins the bottom of its squad; a 4th unit under a non-Horde top must be discarded
    # at once, and the new card may be the one discarded.
    g = position(token=5, hands=[["blood.marauders"], ["skull.ossuary_guards"]],
                 squads={"c_center": [["blood.condor", "blood.aarock_riders", "blood.ulvar_redmaw"],
                                      ["skull.ancestral_knights"]]})
    play(g, "activate c_center", "keep", "stay", "battle", "play blood.marauders", "play skull.ossuary_guards")
    assert kind(g) == ("trim", A)
    assert len(legal(g)) == 4
    play(g, "discard blood.marauders#4")
    assert squad(g, A, "c_center") == ["blood.condor", "blood.aarock_riders", "blood.ulvar_redmaw"]
    while g.battle is not None:
        play(g, "discard" if g.decision.kind == "keep" else legal(g)[-1])
    assert squad(g, B, "c_center") == []
    assert discard(g, A) == ["blood.marauders"]  # discarded once (trimmed), not again as a battle card


# ---------------------------------------------------------------------- Summoning
def test_summoning_places_all_units_of_one_summon_in_one_zone():
    g = position(token=10, hands=[["blood.marauders", "blood.trappers", "blood.chieftains"], []],
                 squads={"c_center": [["blood.condor"], []]})
    play(g, "summon blood.marauders", "pick blood.trappers", "pick blood.chieftains", "done", "keep")
    assert sorted(squad(g, A, "a_home")) == ["blood.chieftains", "blood.marauders", "blood.trappers"]
    assert squad(g, A, "c_center") == ["blood.condor"]
    assert g.pos == 7


# ---------------------------------------------------------------------- Flight
def test_flight_an_all_flying_squad_moves_up_to_two_zones():
    g = position(token=5, squads={"a_home": [["blood.condor", "blood.aarock_riders"], []],
                                  "c_center": [[], ["skull.ancestral_warriors"]]})
    play(g, "activate a_home", "keep")
    # two steps, passing over the enemy-held c_center on the way
    assert moves(g) == ["a_east", "a_west", "b_home", "c_center", "c_east", "c_west"]
    play(g, "move b_home")
    assert squad(g, A, "b_home") == ["blood.condor", "blood.aarock_riders"]


def test_flight_an_all_flying_squad_may_leave_a_zone_with_an_enemy_squad():
    g = position(token=5, squads={"c_center": [["blood.condor", "blood.aarock_riders"],
                                               ["skull.ancestral_warriors"]]})
    play(g, "activate c_center", "keep")
    assert "b_home" in moves(g) and "a_home" in moves(g)
    play(g, "move c_west")
    assert squad(g, A, "c_center") == []


def test_flight_a_mixed_squad_moves_one_zone_and_is_held_by_an_enemy_squad():
    g = position(token=5, squads={"a_home": [["blood.condor", "blood.trappers"], []]})
    play(g, "activate a_home", "keep")
    assert moves(g) == ["a_east", "a_west", "c_center"]
    g = position(token=5, squads={"c_center": [["blood.condor", "blood.trappers"], ["skull.ancestral_warriors"]]})
    play(g, "activate c_center", "keep")
    assert moves(g) == []  # the whole squad cannot leave


def test_split_is_offered_only_when_part_of_a_held_squad_could_move():
    import crystalclans as cc

    # Spirit Guide (movement, but not out of an enemy's zone) with Dandelion Knights, held by an enemy squad
    held = cc.Game.from_position({"clans": ["flower", "skull"], "squads": {
        "c_center": [["flower.spirit_guide", "flower.dandelion_knights"], ["skull.ancestral_knights"]]}})
    held.apply("activate c_center")
    held.apply("keep")
    assert held.decision.kind == "battle"  # no move step: nothing can leave
    # Bumble Cavalry (Flight) can fly out on its own
    flyer = cc.Game.from_position({"clans": ["flower", "skull"], "squads": {
        "c_center": [["flower.bumble_cavalry", "flower.dandelion_knights"], ["skull.ancestral_knights"]]}})
    flyer.apply("activate c_center")
    flyer.apply("keep")
    assert [str(a) for a in flyer.legal_actions()] == ["stay", "split"]



def test_a_split_never_leads_to_a_dead_end_where_only_cancel_is_left():
    """Regression (a bot looped split -> leave -> done -> cancel for thousands of moves): in a held squad
    only the flyer can leave, so the flyer may not stay behind and "done" comes only once the units still
    going can go somewhere."""
    import crystalclans as cc

    g = cc.Game.from_position({"clans": ["flower", "skull"], "squads": {
        "c_center": [["flower.bumble_cavalry", "flower.dandelion_knights", "flower.dandelion_knights"],
                     ["skull.ancestral_knights"]]}})
    g.apply("activate c_center")
    g.apply("keep")
    g.apply("split")
    offered = [str(a) for a in g.legal_actions()]
    assert "done" not in offered and not any("bumble_cavalry" in a for a in offered), offered
    leaves = [a for a in offered if a.startswith("leave")]
    assert leaves, offered
    g.apply(leaves[0])
    assert "done" not in [str(a) for a in g.legal_actions()]  # a knight still goes, and knights are held
    g.apply(next(str(a) for a in g.legal_actions() if str(a).startswith("leave")))
    assert [str(a) for a in g.legal_actions()][0] == "done"  # only the flyer goes: it can
    g.apply("done")
    assert [a for a in map(str, g.legal_actions()) if a != "cancel"], "the split-off flyer has somewhere to go"

# ---------------------------------------------------------------------- Sleep, Spirit Guide, Owner/controller
# (the clan glossary rulings; the card tests in tests/cards cover the abilities themselves)
def test_sleep_printed_attack_zero_and_unit_boosts_nullified_but_squad_and_card_boosts_stay_even_alone():
    # Ulvar alone, asleep: his printed 8 counts 0; Bloodfrenzy (+1 per unit, a squad boost) and his
    # battle card's right side (+3) stay, though the squad is that one unit.
    g = position(clans=["flower", "blood"], hands=[["flower.dandelion_knights"], ["blood.ulvar_redmaw"]],
                 squads={"c_center": [["flower.pollen_fairies"], ["blood.ulvar_redmaw"]]})
    play(g, "activate c_center")
    summary = fight(g, "flower.dandelion_knights", "blood.ulvar_redmaw")
    assert summary["attack"][1] == 0 + 1 + 3


def test_spirit_guide_left_effect_on_an_empty_draw_pile_reshuffles():
    # Spirit Guide (guarded) beats tricky: mill 2 from an empty pile makes the opponent reshuffle and
    # the Spirit Guide's player scores for free after the action.
    g = position(clans=["flower", "skull"], hands=[["flower.spirit_guide"], ["skull.necromancers"]],
                 draw=[[], []], discard=[[], ["skull.ancestral_knights", "skull.blade_dancers"]],
                 squads={"c_center": [["flower.dandelion_knights"], ["skull.blade_dancers"]]})
    play(g, "activate c_center")
    summary = fight(g, "flower.spirit_guide", "skull.necromancers")
    assert summary["sides"] == ["left", "right"]
    assert len(draw_pile(g, B)) == 2  # reshuffled; the rest of the mill is lost
    assert kind(g) == ("free_score", A)


def test_owner_a_gravebound_unit_is_controlled_by_one_player_and_owned_by_the_other():
    # Mordra binds the destroyed Marauders: seat A controls it, seat B still owns it (its card keeps Horde).
    g = position(clans=["skull", "blood"], hands=[["skull.blade_dancers"], ["blood.chieftains"]],
                 squads={"c_center": [["skull.mordra_gravebinder"], ["blood.marauders"]]})
    play(g, "activate c_center")
    fight(g, "skull.blade_dancers", "blood.chieftains")
    assert kind(g) == ("gravebind", A)
    play(g, "bind blood.marauders@1")
    assert squad(g, A, "c_center") == ["skull.mordra_gravebinder", "blood.marauders"]
    code = g.squads[A][g.cs.board.zone_index["c_center"]][1]
    assert code & 1 == B and g.K[code >> 1].horde
