"""The Everfrost school's 18 effects, its frozen effects and the rules they bring, each from a position (the
being on e5 in its printed orientation unless said otherwise; seat 0 plays, seat 1 is the enemy); then random
games of Everfrost against each base deck in both modes."""
from __future__ import annotations

import pytest

import tashkalar as tk
from tashkalar import invariants
from tashkalar.content import BY_ID
from tashkalar.position import PositionError

from .conftest import BASE_DECKS, asked, cast, options, piece, position, school_games

EF = "everfrost/"


def thawing(card: str, board: dict, **pos) -> tk.Game:
    """Seat 0 has `card`'s frozen effect in play and thaws it at once."""
    g = position(board=board, frozen=[EF + card, None], **pos)
    g.apply(f"thaw {EF}{card}")
    return g


# ---------------------------------------------------------------------- the beings
def test_snow_fox_up_to_two_standard_moves():
    g = cast(EF + "snow-fox", board={"e4": "1c"})
    assert g.decision.kind == "move" and "to e4" not in options(g) and "done" in options(g)
    g.apply("to d4")
    g.apply("to c3")
    assert piece(g, "c3") == "0c" and piece(g, "e5") is None and g.decision.kind == "action"
    g = cast(EF + "snow-fox")
    g.apply("done")
    assert piece(g, "e5") == "0c"


def test_royal_reindeer_leaps_two_and_is_upgraded_only_if_nothing_was_destroyed():
    g = cast(EF + "royal-reindeer")
    assert "to e4" not in options(g) and "to e3" in options(g)
    g.apply("to e3")
    assert piece(g, "e3") == "0h"
    g = cast(EF + "royal-reindeer", board={"e3": "1c"})
    g.apply("to e3")
    assert piece(g, "e3") == "0c" and g.killed[1] == [1, 0, 0]
    g = cast(EF + "royal-reindeer", board={"e5": "1c"})  # the summoning destroyed a piece
    g.apply("done")
    assert piece(g, "e5") == "0c"
    g = cast(EF + "royal-reindeer")
    g.apply("done")  # no leap, nothing destroyed
    assert piece(g, "e5") == "0h"


def test_crystal_mirror_copies_one_heroic_or_up_to_two_commons_across_its_line():
    board = {"f5": "1c", "f6": "1c", "g6": "1h", "f4": "0c", "d4": "1c"}
    g = cast(EF + "crystal-mirror", board=board)
    # the marked side is east (f5): f4's mirror d4 is taken, so f4 is not offered
    assert asked(g) == ("pick", ["pick f5", "pick f6", "pick g6", "done"])
    g.apply("pick f5")
    assert piece(g, "d5") == "0c" and options(g) == ["pick f6", "done"]  # no heroic after a common
    g.apply("pick f6")
    assert piece(g, "d6") == "0c" and g.decision.kind == "action"
    g = cast(EF + "crystal-mirror", board=board)
    g.apply("pick g6")
    assert piece(g, "c6") == "0h" and g.decision.kind == "action"  # one heroic and nothing more
    g = cast(EF + "crystal-mirror", board=board)
    g.apply("done")
    assert piece(g, "d5") is None


def test_crystal_grower_upgrades_a_common_of_each_enemy_colour_then_freezes():
    g = cast(EF + "crystal-grower", board={"a5": "1c", "b5": "1c", "c5": "1h"})
    assert asked(g) == ("pick", ["pick a5", "pick b5"])  # mandatory
    g.apply("pick b5")
    assert piece(g, "b5") == "1h" and g.decision.kind == "action"
    assert g.frozen[0] == BY_ID[EF + "crystal-grower"] and BY_ID[EF + "crystal-grower"] not in g.discards[0]
    g = thawing("crystal-grower", {"c5": "0c", "d5": "0h", "f5": "1c", "g5": "0c"})
    assert asked(g) == ("pick", ["pick c5", "pick g5"])
    g.apply("pick c5")
    assert piece(g, "c5") == "0h" and g.actions_left == 2 and g.frozen[0] == -1
    assert g.discards[0] == [BY_ID[EF + "crystal-grower"]]


def test_ice_princess_moves_another_own_common_with_a_combat_move():
    g = cast(EF + "ice-princess", board={"c5": "0c", "b5": "1c"})
    assert "piece e5" not in options(g) and "piece c5" in options(g)
    g.apply("piece c5")
    g.apply("to b5")
    assert piece(g, "b5") == "0c" and g.killed[1] == [1, 0, 0]
    g = thawing("ice-princess", {"c5": "0c", "b5": "1c"})  # frozen: one standard move, not optional
    assert "done" not in options(g)
    assert "to b5" not in options(g) and "to c4" in options(g)


def test_ice_queen_moves_another_own_heroic_with_a_combat_move():
    g = cast(EF + "ice-queen", board={"c5": "0h", "b5": "1h"})
    assert asked(g) == ("mover", ["piece c5", "done"])
    g.apply("piece c5")
    g.apply("to b5")
    assert piece(g, "b5") == "0h"
    g = thawing("ice-queen", {"c5": "0h", "b5": "1h", "b4": "1c"})
    assert "to b5" not in options(g) and "to b4" in options(g) and "done" not in options(g)


def test_frostweave_summoner_does_nothing_then_its_frozen_effect_lends_an_enemy_piece():
    g = cast(EF + "frostweave-summoner")
    assert g.decision.kind == "action" and g.frozen[0] == BY_ID[EF + "frostweave-summoner"]
    g = thawing("frostweave-summoner", {"e5": "0c"})
    assert g.borrow == 1 and g.actions_left == 2 and g.decision.kind == "action"


def test_winter_whisperer_frozen_destroy_own_common_and_discard_flare_gain_an_action():
    g = cast(EF + "winter-whisperer")
    assert g.decision.kind == "action" and g.frozen[0] == BY_ID[EF + "winter-whisperer"]
    g = thawing("winter-whisperer", {"c5": "0c"}, hands=[["flare/01"], []])
    assert asked(g) == ("pick", ["pick c5", "done"])
    g.apply("pick c5")
    assert asked(g) == ("discard_flare", ["card flare/01", "skip"])
    g.apply("card flare/01")
    assert piece(g, "c5") is None and g.actions_left == 3 and BY_ID["flare/01"] in g.flare_discard
    g = thawing("winter-whisperer", {"c5": "0c"}, hands=[["flare/01"], []])
    g.apply("pick c5")
    g.apply("skip")  # only one of the two: no action
    assert g.actions_left == 2 and g.hands[0] == [BY_ID["flare/01"]]
    g = thawing("winter-whisperer", {"c5": "0c"})  # no flare in hand
    g.apply("pick c5")
    assert g.actions_left == 2 and g.decision.kind == "action"


def test_frozen_chest_puts_a_frozen_effect_from_the_discard_pile_into_play():
    pos = dict(discard=[[EF + "ice-princess", EF + "snow-fox"], []], frozen=[EF + "crystal-grower", None])
    g = cast(EF + "frozen-chest", **pos)
    assert asked(g) == ("frozen_pick", ["card everfrost/ice-princess", "skip"])  # the Snow Fox has none
    g.apply("card everfrost/ice-princess")
    assert g.frozen[0] == BY_ID[EF + "ice-princess"]
    assert sorted(g.discards[0]) == sorted(BY_ID[EF + c] for c in ("snow-fox", "crystal-grower", "frozen-chest"))
    g = cast(EF + "frozen-chest", **pos)
    g.apply("skip")
    assert g.frozen[0] == BY_ID[EF + "crystal-grower"]


def test_everfrost_sentinel_may_downgrade_itself_to_take_an_action_from_the_opponent():
    g = cast(EF + "everfrost-sentinel", board={"e5": "1c"})
    assert asked(g) == ("choose", ["choose downgrade", "choose skip"])
    g.apply("choose downgrade")
    assert piece(g, "e5") == "0c" and g.malus == [0, 1]
    g.apply("place a5")  # the last action: the turn passes
    assert g.active == 1 and g.actions_left == 1 and g.malus == [0, 0]
    g.apply("place b5")
    assert g.active == 0 and g.actions_left == 2  # only one turn is shortened
    g = cast(EF + "everfrost-sentinel", board={"e5": "0c"})  # an own piece summoned over: no choice
    assert g.decision.kind == "action" and g.malus == [0, 0]
    g = cast(EF + "everfrost-sentinel", board={"e5": "1c"})
    g.apply("choose skip")
    assert piece(g, "e5") == "0h" and g.malus == [0, 0]


def test_glacier_giant_slides_in_a_marked_direction_and_may_crush_a_legend():
    g = cast(EF + "glacier-giant", board={"g7": "1c", "h8": "1l"})
    assert asked(g) == ("direction", ["dir sw", "dir se", "done"])
    g.apply("dir se")
    assert asked(g) == ("move", ["to f6", "done"])
    g.apply("to f6")
    g.apply("to g7")  # h8 is legendary: no combat move onto it, the moves end
    assert asked(g) == ("choose", ["choose crush", "choose stop"])
    g.apply("choose crush")
    assert piece(g, "g7") is None and piece(g, "h8") is None and g.killed[1] == [1, 0, 1]
    g = cast(EF + "glacier-giant", board={"g7": "1c", "h8": "1l"})
    g.apply("dir se")
    g.apply("to f6")
    g.apply("done")  # no legend ahead: nothing to crush
    assert piece(g, "f6") == "0h" and g.decision.kind == "action"


def test_polar_bear_goes_on_only_while_it_destroys():
    g = cast(EF + "polar-bear", board={"f4": "1c", "f3": "1c", "e2": "1c"})
    g.apply("to f4")
    assert "to f3" in options(g)
    g.apply("to f3")
    assert "to e2" not in options(g) and "to f2" in options(g)  # the last move only onto an empty square
    g.apply("to f2")
    assert piece(g, "f2") == "0h" and g.killed[1] == [2, 0, 0]
    g = cast(EF + "polar-bear", board={"f4": "1c"})
    g.apply("to e4")  # nothing destroyed: no second move
    assert g.decision.kind == "action"


def test_war_sled_first_move_to_a_mark_then_turns_at_most_45_degrees():
    g = cast(EF + "war-sled", board={"g5": "1c"})
    assert asked(g) == ("move", ["to f4", "to f5", "to f6", "done"])
    g.apply("to f5")
    assert asked(g) == ("move", ["to g4", "to g5", "to g6", "done"])
    g.apply("to g6")
    assert asked(g) == ("move", ["to h6", "to g7", "to h7", "done"])
    g.apply("to g7")
    assert piece(g, "g7") == "0h" and g.decision.kind == "action"


def test_snow_monster_destroys_near_enemy_commons_next_to_own_pieces():
    g = cast(EF + "snow-monster", board={"e4": "1c", "c3": "1c", "g4": "1h", "h5": "1c", "g7": "1c"})
    assert [piece(g, s) for s in ("e4", "c3", "g4", "h5", "g7")] == [None, "1c", "1h", "1c", None]
    assert g.killed[1] == [2, 0, 0]


def test_frost_imp_slides_an_adjacent_common_as_far_as_it_can():
    g = cast(EF + "frost-imp", board={"f5": "1c", "h5": "1c"})
    assert asked(g) == ("pick", ["pick d5", "pick f5", "pick e6", "done"])
    g.apply("pick f5")
    assert "dir e" in options(g) and "dir w" not in options(g)
    g.apply("dir e")
    assert piece(g, "f5") is None and piece(g, "g5") == "1c" and piece(g, "h5") == "1c"
    g = cast(EF + "frost-imp", board={"f5": "1c"})
    g.apply("pick f5")
    g.apply("dir n")
    assert piece(g, "f1") == "1c"  # to the edge
    g = cast(EF + "frost-imp", board={"f5": "1c"})
    g.apply("done")
    assert piece(g, "f5") == "1c"


def test_ice_wyvern_leaps_and_dies_if_it_destroyed_a_piece():
    g = cast(EF + "ice-wyvern", board={"a5": "1c"})
    g.apply("to b4")
    assert piece(g, "b4") == "0h"
    g = cast(EF + "ice-wyvern", board={"a5": "1c"})
    g.apply("to a5")
    assert piece(g, "a5") is None and piece(g, "e5") is None and g.killed[1] == [1, 0, 0]
    g = thawing("ice-wyvern", {"c5": "0h", "c4": "1c", "e5": "0c"})
    assert sorted(options(g)) == sorted(f"pick {s}" for s in ("b4", "d4", "b5", "d5", "b6", "c6", "d6"))
    g.apply("pick d5")
    assert piece(g, "d5") == "0c"


def test_deathbringer_destroys_for_good_counting_twice():
    g = cast(EF + "deathbringer", board={"f5": "1h", "d6": "1h", "e4": "1l", "f6": "1c"})
    # d6 is heroic with own pieces next to it; f5 has none; e4 (legendary) has only one
    assert asked(g) == ("pick", ["pick d5", "pick d6", "pick f6", "done"])
    g.apply("pick d6")
    assert piece(g, "d6") is None and g.killed[1] == [0, 2, 0] and g.removed[1] == [1, 0]
    assert g.two_left(1) == g.two_sided - 1 - 2  # one out of the game, f5 and f6 in the arena
    g = cast(EF + "deathbringer", board={"e6": "1l"})  # legendary: d5, d7, e7 are next to it
    assert "pick e6" in options(g)
    g.apply("pick e6")
    assert g.removed[1] == [0, 1] and g.legends_left(1) == 2
    g = cast(EF + "deathbringer", board={"f6": "1c"})
    g.apply("done")
    assert piece(g, "f6") == "1c" and g.removed == [[0, 0], [0, 0]]


def test_frostweave_illusionist_becomes_an_enemy_common_then_freezes():
    g = cast(EF + "frostweave-illusionist")
    assert piece(g, "e5") == "1c" and g.killed == [[0, 0, 0], [0, 0, 0]]
    assert g.frozen[0] == BY_ID[EF + "frostweave-illusionist"]
    g = thawing("frostweave-illusionist", {"c5": "1c", "c6": "1h"})  # the only candidate: no question
    assert piece(g, "c5") == "0c" and piece(g, "c6") == "1h" and g.killed[1] == [1, 0, 0]


# ---------------------------------------------------------------------- the frozen-effect rule
def test_a_second_frozen_effect_keeps_one_of_the_two():
    g = cast(EF + "ice-princess", frozen=[EF + "crystal-grower", None])
    g.apply("done")
    assert asked(g) == ("keep_frozen", ["keep everfrost/ice-princess", "keep everfrost/crystal-grower"])
    invariants.check(g, decks_complete=False)
    g.apply("keep everfrost/ice-princess")
    assert g.frozen[0] == BY_ID[EF + "ice-princess"] and g.discards[0] == [BY_ID[EF + "crystal-grower"]]
    assert g.decision.kind == "action" and g.fx is None and g.playing == -1
    g = cast(EF + "ice-princess", frozen=[EF + "crystal-grower", None])
    g.apply("done")
    g.apply("keep everfrost/crystal-grower")
    assert g.frozen[0] == BY_ID[EF + "crystal-grower"] and g.discards[0] == [BY_ID[EF + "ice-princess"]]


def test_cards_without_a_frozen_text_go_to_the_discard_pile():
    g = cast(EF + "snow-fox")
    g.apply("done")
    assert g.frozen[0] == -1 and g.discards[0] == [BY_ID[EF + "snow-fox"]]


def test_thawing_is_free_and_also_possible_after_the_last_action():
    g = position(frozen=[EF + "crystal-grower", None], board={"c5": "0c"}, actions_left=0)
    assert asked(g) == ("action", ["thaw everfrost/crystal-grower", "end"])
    g.apply("thaw everfrost/crystal-grower")
    assert piece(g, "c5") == "0h" and g.active == 1  # nothing left to do: the turn ended
    g = position(frozen=[None, EF + "crystal-grower"], board={"c5": "1c"})
    assert not any(o.startswith("thaw") for o in options(g))  # only on its owner's turn


def test_positions_check_the_new_fields():
    with pytest.raises(PositionError, match="frozen"):
        position(frozen=["imperial/nope", None])
    with pytest.raises(PositionError, match="no frozen effect"):
        position(frozen=[EF + "snow-fox", None])
    with pytest.raises(PositionError, match="twice"):
        position(frozen=[EF + "ice-queen", None], hands=[[EF + "ice-queen"], []])
    with pytest.raises(PositionError, match="removed"):
        position(removed=[[0, 4], [0, 0]])
    with pytest.raises(PositionError, match="removed"):
        position(removed=[[0, 1], [0, 0]], board={"a5": "0l", "b5": "0l", "c5": "0l"})
    g = position(frozen=[EF + "ice-queen", None], malus=[0, 1], removed=[[1, 0], [0, 0]])
    assert g.two_left(0) == g.two_sided - 1
    c = g.clone()
    assert c.state_hash() == g.state_hash() and c.frozen == g.frozen and c.removed == g.removed
    c.removed[0][0] = 0
    assert c.state_hash() != g.state_hash() and g.removed[0][0] == 1


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("mode", ["duel", "high_form"])
@pytest.mark.parametrize("other", BASE_DECKS)
def test_random_games_with_everfrost_end_and_keep_the_invariants(mode, other):
    summoned = thawed = frozen = 0
    for g in school_games("everfrost", other, mode, 500, games=3, restores="frozen"):
        summoned += sum(1 for t in g.log if t.startswith("summon everfrost/"))
        thawed += sum(1 for t in g.log if t.startswith("thaw "))
        frozen += sum(1 for e in g.events if e[1] == "freeze")
    assert summoned >= 10 and frozen >= 5 and thawed >= 3  # the school's effects and rule were played
