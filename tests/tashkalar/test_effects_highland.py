"""The Highland school's 18 effects, each from a position (the being on e5 in its printed orientation unless
said otherwise; seat 0 plays, seat 1 is the enemy). Red squares: c8 d2 e5 h6; green: a5 c3 f8 g3 i4."""
from __future__ import annotations

from tashkalar.board import NAME, NEXT_TO_GREEN

from .conftest import asked, cast, options, piece, position, summon


def test_wild_eagle_and_eagle_lord_one_combat_leap_anywhere():
    for card in ("highland/wild-eagle", "highland/eagle-lord"):
        g = cast(card, board={"a5": "1c", "b5": "1h", "i5": "1l"})
        opts = options(g)
        assert "to a5" in opts and "to i5" not in opts and "done" in opts
        assert ("to b5" in opts) == (card == "highland/eagle-lord")  # a heroic being may take a heroic piece
        g.apply("to a5")
        assert piece(g, "a5")[0] == "0" and piece(g, "e5") is None


def test_clan_axeman_destroys_a_non_legendary_piece_orthogonally_adjacent():
    g = cast("highland/clan-axeman", board={"e4": "1h", "d5": "0c", "f5": "1l", "d4": "1c"})
    assert asked(g) == ("pick", ["pick e4", "pick d5", "done"])
    g.apply("pick e4")
    assert piece(g, "e4") is None


def test_clan_healer_puts_up_to_two_commons_next_to_green_squares():
    g = cast("highland/clan-healer", board={"b5": "1c"})
    squares = {o.split()[1] for o in options(g) if o != "done"}
    assert squares == {NAME[s] for s in NEXT_TO_GREEN if g.cells[s] < 0}
    g.apply("pick b4")
    g.apply("pick h4")
    assert piece(g, "b4") == piece(g, "h4") == "0c"


def test_dire_wolf_and_wolf_rider_up_to_two_combat_moves():
    g = cast("highland/dire-wolf", board={"e4": "1c", "e3": "1h"})
    g.apply("to e4")
    assert "to e3" not in options(g)  # a common being cannot take a heroic piece
    g.apply("to d3")
    assert piece(g, "d3") == "0c" and g.decision.kind == "action"
    g = cast("highland/wolf-rider", board={"e4": "1c", "e3": "1h"})
    g.apply("to e4")
    g.apply("to e3")
    assert g.killed[1] == [1, 1, 0]


def test_ritual_keeper_green_upgrades_red_moves_elsewhere_nothing():
    g = cast("highland/ritual-keeper", at="c3")  # green; pattern b3, c2
    assert asked(g) == ("pick", ["pick c2", "pick b3", "pick c3"])
    g.apply("pick b3")
    assert piece(g, "b3") == "0h"
    g = cast("highland/ritual-keeper", at="e5")  # red
    assert g.decision.kind == "mover" and "done" in options(g)
    g = cast("highland/ritual-keeper", at="e6")
    assert g.decision.kind == "action" and g.actions_left == 1


def test_blood_shaman_destroys_a_piece_and_on_a_red_square_the_commons_around_it():
    g = cast("highland/blood-shaman", board={"h6": "1h", "g6": "1c", "h7": "0c", "i6": "1h", "h5": "1l"})
    assert "pick h5" not in options(g) and "done" not in options(g)
    g.apply("pick h6")
    assert [piece(g, s) for s in ("h6", "g6", "h7", "i6", "h5")] == [None, None, None, "1h", "1l"]


def test_war_drummer_one_combat_move_or_two_standard_moves_with_other_pieces():
    g = cast("highland/war-drummer", board={"e5": "0c", "g5": "1c"})
    assert asked(g) == ("choose", ["choose combat", "choose standard"])
    g.apply("choose combat")
    assert "piece e5" not in options(g) and "done" not in options(g)
    g.apply("piece f5")
    g.apply("to g5")
    assert g.decision.kind == "action" and g.killed[1] == [1, 0, 0]
    g = cast("highland/war-drummer", board={"e5": "0c"})
    g.apply("choose standard")
    g.apply("piece f6")
    g.apply("to g7")
    g.apply("piece f5")
    g.apply("to g5")
    assert g.decision.kind == "action"


def test_hill_giant_destroys_every_non_legendary_orthogonal_neighbour():
    g = cast("highland/hill-giant", board={"e4": "1c", "d5": "0h", "f5": "1l", "d4": "1c"})
    assert [piece(g, s) for s in ("e4", "d5", "f5", "e6", "d4")] == [None, None, "1l", None, "1c"]


def test_warlord_third_move_must_be_the_beings_if_it_has_not_moved():
    g = cast("highland/warlord")
    g.apply("piece d6")
    g.apply("to d5")
    g.apply("piece c7")
    g.apply("to c6")
    assert asked(g) == ("mover", ["piece e5", "done"])
    g = cast("highland/warlord")
    g.apply("piece e5")
    g.apply("to e4")
    g.apply("piece d6")
    g.apply("to d5")
    assert "piece c7" in options(g)


def test_war_summoner_gains_an_action_and_the_next_summon_may_use_one_enemy_piece():
    g = cast("highland/war-summoner", board={"b2": "0c", "b4": "1c"}, hand=["imperial/swordmaster"])
    assert g.actions_left == 2 and g.borrow == 1
    g.apply("summon imperial/swordmaster")
    assert g.decision.info["placements"]["b3 0"]["borrowed"] == "b4"
    g.apply("at b3 0")
    assert piece(g, "b3") == "0c" and piece(g, "b4") == "1c" and g.borrow == 0


def test_war_summoner_borrowing_lasts_for_one_summon_only():
    pos = dict(board={"h2": "0c", "f4": "1c", "e4": "0c", "e6": "0c"},
               hands=[["imperial/swordmaster", "highland/clan-axeman"], []], actions_left=2)
    assert "summon highland/clan-axeman" not in options(position(**pos))
    g = position(borrow=1, **pos)
    assert "summon highland/clan-axeman" in options(g)  # g3 with the enemy's f4
    summon(g, "imperial/swordmaster", "e5")  # the next summon, borrowing or not
    assert g.borrow == 0 and "summon highland/clan-axeman" not in options(g)


def test_ritual_master_green_two_actions_red_destroys_a_hero_and_a_common():
    g = cast("highland/ritual-master", at="c3")
    assert g.actions_left == 3
    g = cast("highland/ritual-master", board={"a5": "1h", "b5": "1c", "i5": "1l"})
    assert "pick a5" in options(g) and "pick b5" not in options(g) and "done" in options(g)
    g.apply("pick a5")
    assert "pick b5" in options(g)
    g.apply("pick b5")
    assert piece(g, "a5") is None and piece(g, "b5") is None


def test_legend_slayer_one_legend_or_up_to_two_others_diagonally_next_to_it():
    g = cast("highland/legend-slayer", board={"d4": "1l", "f4": "1c", "d6": "1c"})
    assert sorted(options(g)) == ["done", "pick d4", "pick d6", "pick f4", "pick f6"]
    g.apply("pick d4")
    assert g.decision.kind == "action" and piece(g, "f4") == "1c"
    g = cast("highland/legend-slayer", board={"d4": "1l", "f4": "1c", "d6": "1c"})
    g.apply("pick f4")
    assert sorted(options(g)) == ["done", "pick d6", "pick f6"]


def test_mountain_troll_destroys_adjacent_enemy_commons_and_two_gain_an_action():
    g = cast("highland/mountain-troll", board={"d4": "1c", "e4": "1c", "f4": "1h"})
    assert piece(g, "d4") is None and piece(g, "e4") is None and piece(g, "f4") == "1h" and g.actions_left == 2
    g = cast("highland/mountain-troll", board={"d4": "1c"})
    assert g.actions_left == 1


def test_hungry_bear_stops_once_a_move_ends_on_an_empty_square():
    g = cast("highland/hungry-bear", board={"e4": "1c", "e3": "1c"})
    g.apply("to e4")
    g.apply("to e3")
    assert g.killed[1] == [2, 0, 0]
    g = cast("highland/hungry-bear", board={"e4": "1c"})
    g.apply("to d5")
    assert g.decision.kind == "action"


def test_werewolf_three_combat_moves_on_a_coloured_square_else_one_standard_move():
    g = cast("highland/werewolf", at="h6")  # red, not the centre
    assert "done" in options(g)
    g.apply("to h5")
    g.apply("to h4")
    assert g.decision.kind == "move"
    g = cast("highland/werewolf", at="e5", board={"e4": "1h"})  # the centre
    assert "done" not in options(g) and "to e4" not in options(g)
    g.apply("to d5")
    assert g.decision.kind == "action"


def test_clan_guardian_upgrades_a_common_piece_of_its_pattern():
    g = cast("highland/clan-guardian", board={"d5": "0h"})
    assert asked(g) == ("pick", ["pick c5", "pick f5", "done"])
    g.apply("pick c5")
    assert piece(g, "c5") == "0h"
