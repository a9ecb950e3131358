"""The Sylvan school's 18 effects, each from a position (the being on e5 in its printed orientation unless
said otherwise; seat 0 plays, seat 1 is the enemy)."""
from __future__ import annotations

from tashkalar.board import ADJ, BY_NAME, DIST, NAME
from tashkalar.content import BY_ID

from .conftest import asked, cast, options, piece


def test_sapling_upgrades_itself():
    g = cast("sylvan/sapling")
    assert piece(g, "e5") == "0h" and g.decision.kind == "action"


def test_kiskin_farseeders_puts_a_common_next_to_any_own_piece():
    g = cast("sylvan/kiskin-farseeders", board={"a5": "0h", "i5": "1c"})
    squares = {o.split()[1] for o in options(g) if o != "done"}
    own = [BY_NAME[s] for s in ("e5", "d6", "f5", "a5")]
    assert squares == {NAME[t] for s in own for t in ADJ[s] if g.cells[t] < 0}
    g.apply("pick b4")
    assert piece(g, "b4") == "0c"


def test_charging_buck_two_combat_leaps_to_distance_exactly_two():
    g = cast("sylvan/charging-buck", board={"e3": "1c", "c3": "1h"})
    squares = {BY_NAME[o.split()[1]] for o in options(g) if o != "done"}
    assert squares == {t for t, d in DIST[BY_NAME["e5"]].items() if d == 2 and NAME[t] != "c3"}
    g.apply("to e3")
    g.apply("to e1")
    assert piece(g, "e1") == "0c" and g.killed[1] == [1, 0, 0]


def test_forest_wardens_punish_opponents_with_more_commons_and_more_upgraded_pieces():
    g = cast("sylvan/forest-wardens", board={"a5": "1c", "b5": "1c", "c4": "1c", "d4": "1c", "i5": "1h"})
    assert asked(g) == ("pick", ["pick c4", "pick d4", "pick a5", "pick b5"])  # 4 enemy commons against 3
    g.apply("pick a5")
    assert piece(g, "i5") is None  # the heroic part has one candidate: taken without asking
    g = cast("sylvan/forest-wardens", board={"a5": "1c", "b5": "1c", "c4": "1c", "i5": "1h", "i4": "0h"})
    assert g.decision.kind == "action" and piece(g, "a5") == "1c" and piece(g, "i5") == "1h"


def test_naiad_two_adjacent_pieces_make_one_standard_move_each():
    g = cast("sylvan/naiad", board={"f4": "0h"})
    assert sorted(options(g)) == ["done", "piece d6", "piece e6", "piece f4"]
    g.apply("piece f4")
    g.apply("to f3")
    assert "piece f3" not in options(g)
    g.apply("piece e6")
    g.apply("to f5")
    assert g.decision.kind == "action"


def test_kiskin_spirit_puts_a_discarded_card_on_the_deck_and_one_more_card_is_drawn():
    g = cast("sylvan/kiskin-spirit", discard=[["imperial/bomb"], []], draw=[["imperial/herald", "imperial/knight",
                                                                             "imperial/cannon", "imperial/summoner"], None])
    assert asked(g) == ("discard_pick", ["card imperial/bomb", "skip"])
    g.apply("card imperial/bomb")
    g.apply("place a5")
    hand = [c for c in g.hands[0]]
    assert BY_ID["imperial/bomb"] in hand and sum(1 for c in hand if c < BY_ID["legend/fire-dragon"]) == 4
    g = cast("sylvan/kiskin-spirit", actions_left=1)  # empty discard: the extra card all the same
    assert g.active == 1 and len([c for c in g.hands[0] if c < BY_ID["legend/fire-dragon"]]) == 4


def test_dryad_converts_an_adjacent_non_legendary_enemy_into_an_own_common():
    g = cast("sylvan/dryad", board={"e5": "0c", "f5": "1h", "f4": "1l"})
    assert asked(g) == ("pick", ["pick f5", "done"])
    g.apply("pick f5")
    assert piece(g, "f5") == "0c" and g.killed[1] == [0, 1, 0]


def test_centaur_spearman_moves_then_destroys_the_next_piece_along_unless_legendary():
    g = cast("sylvan/centaur-spearman", board={"e2": "1h"})
    g.apply("to e4")
    assert piece(g, "e2") is None and piece(g, "e4") == "0h"
    g = cast("sylvan/centaur-spearman", board={"e2": "1l"})
    g.apply("to e4")
    assert piece(g, "e2") == "1l"
    g = cast("sylvan/centaur-spearman", board={"e2": "1h"})
    g.apply("done")
    assert piece(g, "e2") == "1h"


def test_centaur_chieftain_then_other_pieces_combat_move_in_the_same_direction():
    g = cast("sylvan/centaur-chieftain")
    g.apply("to e4")
    assert sorted(options(g)) == ["done", "piece c4", "piece d5", "piece e6", "piece f7"]
    g.apply("piece d5")
    assert options(g) == ["to d4", "done"]


def test_unicorn_a_combat_move_or_an_action():
    g = cast("sylvan/unicorn")
    assert asked(g) == ("choose", ["choose move", "choose action"])
    g.apply("choose action")
    assert g.actions_left == 2


def test_sylvan_queen_takes_over_a_diagonal_enemy_keeping_its_rank():
    g = cast("sylvan/sylvan-queen", board={"d4": "1h", "d6": "1l", "d5": "1c"})
    assert asked(g) == ("pick", ["pick d4", "done"])
    g.apply("pick d4")
    assert piece(g, "d4") == "0h"


def test_sylvan_princess_converts_a_diagonal_enemy_common():
    g = cast("sylvan/sylvan-princess", board={"d4": "1c", "f4": "1h"})
    assert asked(g) == ("pick", ["pick d4", "done"])
    g.apply("pick d4")
    assert piece(g, "d4") == "0c"


def test_woodland_druid_upgrades_a_common_of_every_colour_own_first():
    g = cast("sylvan/woodland-druid", board={"a5": "1c", "b5": "1c"})
    assert sorted(options(g)) == ["pick d4", "pick e6", "pick f4"]  # the druid itself is heroic
    g.apply("pick e6")
    assert asked(g) == ("pick", ["pick a5", "pick b5"])
    g.apply("pick b5")
    assert piece(g, "e6") == "0h" and piece(g, "b5") == "1h"


def test_forest_ancient_puts_two_enemy_commons_near_then_destroys_two_enemy_commons():
    g = cast("sylvan/forest-ancient", board={"h5": "1c"})
    g.apply("pick c5")
    g.apply("pick e3")
    assert piece(g, "c5") == piece(g, "e3") == "1c"
    assert sorted(options(g)) == ["pick c5", "pick e3", "pick h5"]
    g.apply("pick c5")
    g.apply("pick h5")
    assert piece(g, "e3") == "1c" and g.killed[1] == [2, 0, 0]


def test_forest_mystic_draws_one_more_being_and_one_more_legend():
    g = cast("sylvan/forest-mystic", actions_left=1)
    kinds = [c for c in g.hands[0]]
    beings = sum(1 for c in kinds if c < BY_ID["legend/fire-dragon"])
    legends = sum(1 for c in kinds if BY_ID["legend/fire-dragon"] <= c < BY_ID["flare/01"])
    assert (beings, legends) == (4, 3)


def test_kiskin_leafsplitter_shoots_twice_along_diagonals():
    g = cast("sylvan/kiskin-leafsplitter", board={"c3": "1h", "g7": "0c", "b2": "1c"})
    assert asked(g) == ("direction", ["dir ne", "dir se", "dir sw", "dir nw", "done"])
    g.apply("dir nw")
    assert piece(g, "c3") is None and piece(g, "b2") == "1c"
    g.apply("dir nw")
    assert piece(g, "b2") is None


def test_kiskin_boughrunner_moves_ending_next_to_another_own_piece():
    g = cast("sylvan/kiskin-boughrunner", board={"a5": "0c"})
    # onto an own piece is allowed (it is destroyed), onto a square next to no other own piece is not
    assert sorted(options(g)) == ["done", "to d5", "to d6", "to e6", "to f5", "to f6"]
    g.apply("to d5")
    assert sorted(options(g)) == ["done", "to c5", "to c6", "to d6", "to e5", "to e6"]


def test_tree_shepherd_common_upgraded_heroic_combat_move_legendary_standard_move():
    g = cast("sylvan/tree-shepherd", board={"a5": "0l", "d5": "0c"})
    g.apply("pick d5")
    assert piece(g, "d5") == "0h" and g.decision.kind == "action"
    g = cast("sylvan/tree-shepherd", board={"a5": "0l", "a4": "1l"})
    g.apply("pick a5")
    assert "to a4" not in options(g)  # a standard move: not onto a legendary piece
    g = cast("sylvan/tree-shepherd", board={"e4": "1h"})
    g.apply("pick e5")
    assert "to e4" in options(g)
