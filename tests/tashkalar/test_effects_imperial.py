"""The Imperial school's 18 effects, each from a position (the being on e5 in its printed orientation unless
said otherwise; seat 0 plays, seat 1 is the enemy)."""
from __future__ import annotations

from .conftest import asked, board, cast, options, piece


def test_swordmaster_destroys_a_diagonal_enemy_common_then_is_upgraded():
    g = cast("imperial/swordmaster", board={"d4": "1c", "d5": "1c", "f6": "1h"})
    assert asked(g) == ("pick", ["pick d4", "done"])
    g.apply("pick d4")
    assert piece(g, "d4") is None and piece(g, "e5") == "0h" and g.killed[1] == [1, 0, 0]
    g = cast("imperial/swordmaster", board={"d4": "1c"})
    g.apply("done")
    assert piece(g, "e5") == "0c" and piece(g, "d4") == "1c"


def test_messenger_moves_one_piece_any_number_of_standard_moves_in_one_direction():
    g = cast("imperial/messenger", board={"c5": "0c", "e2": "1c"})
    g.apply("piece e5")
    g.apply("to e4")
    assert asked(g) == ("move", ["to e3", "done"])
    g.apply("to e3")
    assert g.decision.kind == "action"  # e2 holds a common: a common piece cannot make a standard move onto it
    assert piece(g, "e3") == "0c" and piece(g, "e2") == "1c"


def test_herald_two_moves_onto_empty_squares_only():
    g = cast("imperial/herald", board={"d4": "1c"})
    g.apply("piece e5")
    assert "to d4" not in options(g) and "to f6" not in options(g) and "to e4" in options(g)
    g.apply("to e4")
    g.apply("piece f6")
    g.apply("to f5")
    assert g.decision.kind == "action" and piece(g, "f5") == "0c" and piece(g, "e4") == "0c"


def test_bomb_destroys_itself_and_adjacent_commons_unless_it_was_the_last_action():
    g = cast("imperial/bomb", board={"d4": "1c", "e4": "1c", "d5": "0c", "f4": "1h"})
    assert board(g) == {"f7": "0c", "f4": "1h"}  # f6 (its own pattern piece) was adjacent too
    g = cast("imperial/bomb", board={"d4": "1c"}, actions_left=1)
    assert piece(g, "e5") == "0c" and piece(g, "d4") == "1c"


def test_chronicler_upgrades_another_own_common_which_may_then_make_a_standard_move():
    g = cast("imperial/chronicler", board={"c5": "1c"})
    assert asked(g) == ("pick", ["pick e4", "pick d5", "pick f5"])
    g.apply("pick d5")
    assert piece(g, "d5") == "0h" and "to c5" in options(g)
    g.apply("to c5")
    assert piece(g, "c5") == "0h" and g.killed[1] == [1, 0, 0]


def test_assassin_destroys_the_marked_square_or_moves_onto_it_when_empty():
    g = cast("imperial/assassin", board={"d4": "1h"})
    assert piece(g, "d4") is None and g.decision.kind == "action"
    g = cast("imperial/assassin", board={"d4": "0l"})
    assert piece(g, "d4") is None  # whatever its colour and rank
    g = cast("imperial/assassin")
    assert asked(g) == ("move", ["to d4", "done"])
    g.apply("to d4")
    assert piece(g, "d4") == "0h" and piece(g, "e5") is None


def test_time_mage_gains_an_action_and_destroys_an_enemy_on_the_marked_square():
    g = cast("imperial/time-mage", board={"d6": "1h"})
    assert g.actions_left == 2 and piece(g, "d6") is None
    g = cast("imperial/time-mage", board={"d6": "0c"})
    assert piece(g, "d6") == "0c"


def test_summoner_places_up_to_two_commons_on_empty_marked_squares():
    g = cast("imperial/summoner", board={"e4": "1c"})
    kind, opts = asked(g)
    assert sorted(opts) == sorted(
        ["pick c3", "pick e3", "pick g3", "pick d4", "pick f4", "pick c5", "pick d5", "pick f5", "pick g5", "done"])
    g.apply("pick f4")
    g.apply("pick g3")
    assert piece(g, "f4") == "0c" and piece(g, "g3") == "0c" and g.decision.kind == "action"


def test_hypnotist_moves_enemy_commons_or_heroes_with_combat_moves_each_once():
    g = cast("imperial/hypnotist", board={"e3": "1c", "h2": "1c", "g7": "1h"})
    assert asked(g) == ("choose", ["choose commons", "choose heroes"])
    g.apply("choose commons")
    g.apply("piece e3")
    g.apply("to e2")
    assert "piece e2" not in options(g) and "piece h2" in options(g)
    g = cast("imperial/hypnotist", board={"g7": "1h"})  # only heroes: no choice to make
    assert asked(g) == ("mover", ["piece g7", "done"])


def test_cannon_fires_along_a_marked_direction_destroying_every_common_to_the_edge():
    g = cast("imperial/cannon", board={"e5": "0c", "f5": "1c", "g5": "0c", "h5": "1h", "i5": "1c"})
    assert sorted(options(g)) == sorted(["dir n", "dir ne", "dir e", "dir se", "dir s", "dir sw", "dir nw", "done"])
    g.apply("dir e")
    assert [piece(g, s) for s in ("f5", "g5", "h5", "i5")] == [None, None, "1h", None]
    assert piece(g, "e5") == "0h" and g.killed[1] == [2, 0, 0]


def test_champion_destroys_an_adjacent_enemy_and_if_legendary_dies_and_gains_an_action():
    g = cast("imperial/champion", board={"f4": "1l", "f5": "1c"})
    assert asked(g) == ("pick", ["pick f4", "pick f5", "done"])
    g.apply("pick f4")
    assert piece(g, "f4") is None and piece(g, "e5") is None and g.actions_left == 2
    g = cast("imperial/champion", board={"f5": "1c"})
    g.apply("pick f5")
    assert piece(g, "e5") == "0h" and g.actions_left == 1


def test_infantry_captain_two_combat_moves_with_other_pieces():
    g = cast("imperial/infantry-captain", board={"c5": "1c"})
    assert "piece e5" not in options(g)
    g.apply("piece c6")
    g.apply("to c5")
    g.apply("piece c5")
    g.apply("to c4")
    assert piece(g, "c4") == "0c" and g.decision.kind == "action"


def test_cavalry_captain_one_piece_one_combat_and_two_standard_moves():
    g = cast("imperial/cavalry-captain", board={"c5": "1c", "b4": "1c"})
    g.apply("piece d6")
    g.apply("to c5")  # equal rank: the combat move
    assert "to b4" not in options(g)  # only standard moves are left
    g.apply("to b5")
    g.apply("to a5")
    assert piece(g, "a5") == "0c" and g.decision.kind == "action"


def test_gryphon_rider_leaps_then_may_downgrade_to_put_a_common_next_to_it():
    g = cast("imperial/gryphon-rider", board={"a5": "1h", "b5": "1l"})
    assert "to a5" in options(g) and "to b5" not in options(g) and len(options(g)) == 69 - 2 + 1  # own pieces may be destroyed too
    g.apply("to h2")
    assert asked(g) == ("choose", ["choose downgrade", "choose skip"])
    g.apply("choose downgrade")
    g.apply("pick h3")
    assert piece(g, "h2") == "0c" and piece(g, "h3") == "0c"


def test_knight_three_combat_moves_none_destroying_a_common():
    g = cast("imperial/knight", board={"e4": "1c", "f4": "1h"})
    assert "to e4" not in options(g) and "to f4" in options(g)
    g.apply("to f4")
    assert piece(g, "f4") == "0h" and g.killed[1] == [0, 1, 0] and g.decision.kind == "move"


def test_high_priestess_may_move_then_upgrade_an_adjacent_common_of_any_colour():
    g = cast("imperial/high-priestess", board={"e5": "0c", "d3": "1c"})
    g.apply("to e4")
    assert asked(g) == ("pick", ["pick d3", "done"])
    g.apply("pick d3")
    assert piece(g, "d3") == "1h"


def test_master_of_intrigue_being_standard_moves_pattern_pieces_combat_moves():
    g = cast("imperial/master-of-intrigue", board={"c3": "1c", "e4": "1h"})
    assert sorted(options(g)) == ["done", "piece d4", "piece d6", "piece e5", "piece f4", "piece f6"]
    g.apply("piece d4")
    assert "to c3" in options(g)
    g.apply("to c3")
    g.apply("piece e5")
    assert "to e4" not in options(g)  # the being's moves are standard: not onto an equal piece


def test_gun_tower_destroys_the_first_two_pieces_a_legend_stops_the_shot():
    g = cast("imperial/gun-tower", board={"g5": "1c", "h5": "0h", "i5": "1c"})
    assert asked(g) == ("direction", ["dir w", "dir e", "done"])
    g.apply("dir e")
    assert [piece(g, s) for s in ("g5", "h5", "i5")] == [None, None, "1c"]
    g = cast("imperial/gun-tower", board={"c5": "1l", "b5": "1c"})
    g.apply("dir w")
    assert piece(g, "c5") == "1l" and piece(g, "b5") == "1c"
