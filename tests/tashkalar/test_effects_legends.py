"""The 12 legends' effects, each from a position (the legend on e5 in its printed orientation unless said
otherwise; seat 0 plays, seat 1 is the enemy)."""
from __future__ import annotations

from tashkalar.board import NAME, NEXT_TO_RED, RED

from .conftest import asked, cast, options, piece


def test_fire_dragon_burns_two_squares_along_a_direction_and_the_two_beside_it():
    g = cast("legend/fire-dragon", board={"e6": "1c", "c7": "1h", "g7": "1c", "d6": "1l", "f6": "0c", "e8": "1c"})
    assert g.decision.kind == "direction" and sorted(options(g)) == ["dir e", "dir s", "dir se", "dir sw", "dir w"]
    g.apply("dir s")
    assert [piece(g, s) for s in ("e6", "c7", "g7", "d6", "f6", "e8")] == [None, None, None, "1l", None, "1c"]
    assert g.points == [1, 0]  # the Duel's point for summoning a legend


def test_hell_bull_charges_in_one_direction_until_it_destroys_a_legend():
    g = cast("legend/hell-bull", board={"e5": "0c", "e3": "1l", "e2": "1c"})
    g.apply("to e4")
    assert options(g) == ["to e3", "done"]
    g.apply("to e3")
    assert g.decision.kind == "action" and piece(g, "e3") == "0l" and piece(g, "e2") == "1c"


def test_angel_of_death_upgrades_a_piece_then_leaps_onto_it():
    g = cast("legend/angel-of-death", board={"e5": "0h", "h8": "1c"})
    assert "pick e5" not in options(g)
    g.apply("pick h8")
    assert piece(g, "h8") == "0l" and piece(g, "e5") is None and g.killed[1] == [0, 1, 0]


def test_the_eldest_tree_acts_on_up_to_three_adjacent_squares():
    g = cast("legend/the-eldest-tree", board={"d5": "1c", "e4": "0c", "f5": "1l"})
    assert sorted(options(g)) == ["done", "pick d4", "pick d5", "pick e4", "pick e6", "pick f6"]
    g.apply("pick d5")
    g.apply("pick e4")
    g.apply("pick f6")
    assert (piece(g, "d5"), piece(g, "e4"), piece(g, "f6")) == (None, "0h", "0c") and g.decision.kind == "action"


def test_bone_catapult_hits_a_piece_in_a_marked_direction_and_the_commons_next_to_it():
    g = cast("legend/bone-catapult", board={"e2": "1h", "d2": "1c", "f3": "0c", "f1": "1h", "b5": "1c", "e9": "1c"})
    assert sorted(options(g)) == ["done", "pick b5", "pick e2"]  # f3 lies in no marked direction
    g.apply("pick e2")
    assert [piece(g, s) for s in ("e2", "d2", "f3", "f1")] == [None, None, None, "1h"]


def test_fire_elemental_adjacent_non_legendary_enemies_or_enemy_commons_within_two():
    pos = {"d4": "1h", "f4": "1l", "e3": "1c", "c5": "1h"}
    g = cast("legend/fire-elemental", board=pos)
    g.apply("choose adjacent")
    assert [piece(g, s) for s in ("d4", "f4", "e3", "c5")] == [None, "1l", "1c", "1h"]
    g = cast("legend/fire-elemental", board=pos)
    g.apply("choose near")
    assert [piece(g, s) for s in ("d4", "f4", "e3", "c5")] == ["1h", "1l", None, "1h"]


def test_leviathan_a_connected_group_downgraded_or_destroyed():
    g = cast("legend/leviathan", board={"g2": "1c", "g3": "1c", "h3": "1c", "b2": "1c"})
    g.apply("choose destroy")
    g.apply("pick g2")
    assert "pick b2" not in options(g) and "pick g3" in options(g) and "pick h3" in options(g)
    g.apply("pick h3")
    g.apply("done")
    assert (piece(g, "g2"), piece(g, "h3"), piece(g, "g3")) == (None, None, "1c")
    g = cast("legend/leviathan", board={"g2": "1l", "g3": "1h"})
    g.apply("choose downgrade")
    g.apply("pick g2")
    g.apply("pick g3")  # no other upgraded piece joins the group: the picking ends
    assert (piece(g, "g2"), piece(g, "g3")) == ("1h", "1c")


def test_two_headed_dragon_upgrades_a_pattern_piece_then_may_destroy_a_hero_next_to_it():
    g = cast("legend/two-headed-dragon", board={"h6": "1h"})
    assert sorted(options(g)) == ["done", "pick e7", "pick f6", "pick g5", "pick g7", "pick h8"]
    g.apply("pick g7")
    assert piece(g, "g7") == "0h" and sorted(options(g)) == ["done", "pick f6", "pick h6"]
    g.apply("pick h6")
    assert piece(g, "h6") is None


def test_earth_elemental_destroys_near_red_upgrades_near_green_then_may_step_onto_a_coloured_square():
    g = cast("legend/earth-elemental", at="c4", board={"b2": "1h", "d2": "1c"})
    red_zone = {NAME[s] for s in RED | NEXT_TO_RED if g.cells[s] >= 0 and g.cells[s] & 3 < 2}
    assert {o.split()[1] for o in options(g)} == red_zone
    g.apply("pick d2")
    assert piece(g, "d4") == "0h"  # the only common on or next to a green square (c3): no question
    assert sorted(options(g)) == ["done", "to c3"]  # the only adjacent coloured square
    g.apply("to c3")
    assert piece(g, "c3") == "0l"


def test_time_elemental_gives_an_extra_turn_even_in_the_final_round():
    g = cast("legend/time-elemental", end_triggered=True, final_left=1, turn=9)
    g.apply("place a5")
    assert (g.active, g.turn, g.actions_left, g.is_over) == (0, 10, 2, False)
    g.apply("place a4")
    g.apply("place a6")
    assert g.is_over


def test_storm_elemental_places_a_piece_that_charges_then_is_destroyed():
    g = cast("legend/storm-elemental", board={"e5": "0c", "h3": "1c", "i3": "1h"})
    assert asked(g) == ("choose", ["choose common", "choose heroic", "choose legendary", "choose skip"])
    g.apply("choose heroic")
    assert "pick d3" not in options(g) and "pick g3" in options(g) and "pick i5" not in options(g)  # distance 4
    g.apply("pick g3")
    g.apply("to h3")
    assert options(g) == ["to i3", "done"]
    g.apply("to i3")  # the edge: the charge ends and the piece is destroyed
    assert [piece(g, s) for s in ("g3", "h3", "i3")] == [None, None, None]
    assert g.killed[1] == [1, 1, 0] and g.decision.kind == "action"


def test_titan_destroys_orthogonal_neighbours_and_diagonal_non_legendary_ones_uncounted():
    g = cast("legend/titan", board={"e4": "1l", "d4": "1l", "f4": "1c", "d5": "0h"})
    assert [piece(g, s) for s in ("e4", "d4", "f4", "d5", "e6")] == [None, "1l", None, None, None]
    assert g.killed[1] == [0, 0, 0]
