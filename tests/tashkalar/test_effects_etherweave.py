"""The Etherweave school's 18 effects, its warp effects and the time-travel rules, each from a position (the
being on e5 in its printed orientation unless said otherwise; seat 0 plays, seat 1 is the enemy); then random
games of Etherweave against each base deck in both modes."""
from __future__ import annotations

import pytest

import tashkalar as tk
from tashkalar import invariants
from tashkalar.board import BY_NAME
from tashkalar.content import BY_ID
from tashkalar.position import PositionError

from .conftest import BASE_DECKS, asked, cast, options, piece, placements_at, position, school_games, summon

EW = "etherweave/"


def warping(card: str, board: "dict | None" = None, hand: "list | None" = None, **pos) -> tk.Game:
    """Seat 0 warps `card` from its hand on turn 3."""
    g = position(board=board or {}, hands=[[EW + card] + (hand or []), []], turn=3, decks=["etherweave", "highland"],
                 **pos)
    g.apply(f"warp {EW}{card}")
    return g


# ---------------------------------------------------------------------- the warp rule
def test_warping_makes_a_pending_being_for_free_not_in_the_first_round():
    g = position(board={"c5": "0c"}, hands=[[EW + "translocationist"], []], turn=2, decks=["etherweave", "sylvan"])
    assert not any(o.startswith("warp") for o in options(g))  # the first round: no warp
    g = position(board={"c5": "0c"}, hands=[[EW + "translocationist", EW + "lesser-shadow-twin"], []], turn=3,
                 decks=["etherweave", "highland"])
    assert "warp etherweave/translocationist" in options(g)
    g.apply("warp etherweave/translocationist")
    assert g.pending[0] == BY_ID[EW + "translocationist"] and g.actions_left == 3  # its warp: gain an action
    assert BY_ID[EW + "translocationist"] in g.hands[0]
    assert not any(o.startswith("warp") for o in options(g))  # one pending being at a time
    assert "discard etherweave/translocationist" not in options(g) and "discard etherweave/lesser-shadow-twin" in options(g)
    assert g.scores == [-2, 0]  # the causality penalty while it is pending
    g.apply("discard etherweave/lesser-shadow-twin")
    assert "bottom etherweave/translocationist" not in options(g)


def test_summoning_the_pending_being_ends_its_pending_state():
    pieces = {"d5": "0c", "d6": "0c", "e6": "0c", "f4": "0c"}
    g = position(board=pieces, hands=[[EW + "translocationist"], []], pending=[EW + "translocationist", None])
    summon(g, EW + "translocationist", "e5", 0)
    assert g.pending == [-1, -1] and g.scores == [0, 0]


def test_a_warp_after_the_last_action_and_positions_check_the_pending_being():
    g = position(hands=[[EW + "translocationist"], []], turn=3, actions_left=0, decks=["etherweave", "sylvan"])
    assert g.decks[0] == "etherweave"
    assert asked(g) == ("action", ["warp etherweave/translocationist", "end"])
    with pytest.raises(PositionError, match="pending"):
        position(pending=[EW + "translocationist", None])
    with pytest.raises(PositionError, match="stasis"):
        position(stasis=["1x", None])


# ---------------------------------------------------------------------- the beings and their warps
def test_doppelganger_copies_the_pending_beings_warp():
    g = cast(EW + "doppelganger", board={"a5": "1c"}, hand=[EW + "paradox-worm"], pending=[EW + "paradox-worm", None])
    assert piece(g, "a5") == "1h"  # the worm's warp: upgrade an enemy common (the only one)
    assert asked(g) == ("choose", ["choose discard", "choose keep"])
    g = cast(EW + "doppelganger")  # no pending being: nothing
    assert g.decision.kind == "action"
    g = cast(EW + "doppelganger", board={"c4": "1h"}, hand=[EW + "merchant-of-time"],
             pending=[EW + "merchant-of-time", None])
    assert piece(g, "c4") == "1h" and g.stasis == [-1, -1]  # the Merchant's warp is never copied


def test_paradox_worm_swaps_an_own_piece_with_an_enemy_of_the_same_rank():
    g = cast(EW + "paradox-worm", board={"c3": "0h", "g7": "1h"})
    assert "pick c3" in options(g) and "done" in options(g)
    g.apply("pick c3")
    assert piece(g, "c3") == "1h" and piece(g, "g7") == "0h" and g.killed == [[0, 0, 0], [0, 0, 0]]
    g = warping("paradox-worm", board={"a5": "1c", "b4": "1c"})
    g.apply("pick a5")
    g.apply("choose discard")
    assert piece(g, "a5") == "1h" and g.pending[0] == -1 and g.discards[0] == [BY_ID[EW + "paradox-worm"]]


def test_lesser_shadow_twin_needs_its_twin_in_the_discard_pile():
    board = {"c5": "0h", "b5": "1c", "c4": "1c", "d4": "1h"}
    g = cast(EW + "lesser-shadow-twin", board=board, discard=[[EW + "greater-shadow-twin"], []])
    g.apply("pick c5")
    assert sorted(options(g)) == ["done", "pick b5", "pick c4"]
    g.apply("pick b5")
    g.apply("pick c4")
    assert piece(g, "b5") is None and piece(g, "c4") is None and piece(g, "d4") == "1h"
    g = cast(EW + "lesser-shadow-twin", board=board)
    assert g.decision.kind == "action"
    g = warping("lesser-shadow-twin", board={"c5": "0c", "c6": "0c"})
    g.apply("pick c6")
    assert piece(g, "c6") == "0h"


def test_translocationist_up_to_two_swaps_of_own_heroic_and_common():
    g = cast(EW + "translocationist", board={"c3": "0h", "a5": "0h"})
    g.apply("pick c3")
    g.apply("pick d5")
    assert piece(g, "c3") == "0c" and piece(g, "d5") == "0h"
    assert "pick a5" in options(g) and "done" in options(g)
    g.apply("done")
    assert g.decision.kind == "action"


def test_antimatter_spirit_warp_two_pieces_move_apart():
    g = cast(EW + "antimatter-spirit")
    assert g.decision.kind == "action"
    g = warping("antimatter-spirit")
    assert "pick e5" not in options(g) and "pick b4" in options(g)  # colourless squares only
    g.apply("pick b4")
    g.apply("to b3")
    assert piece(g, "b3") == "0c" and piece(g, "b5") == "1c" and piece(g, "b4") is None


def test_merchant_of_time_holds_a_piece_then_lets_it_leap_back():
    g = warping("merchant-of-time", board={"c4": "1h"})
    assert piece(g, "c4") is None and g.stasis[0] == 1 * 4 + 1 and g.removed[1] == [1, 0]
    pieces = {"c7": "0c", "d6": "0c", "e7": "0c", "f6": "0c", "d4": "1c"}
    g = position(board=pieces, hands=[[EW + "merchant-of-time"], []], pending=[EW + "merchant-of-time", None],
                 stasis=["1h", None])
    assert g.two_left(1) == g.two_sided - 2
    summon(g, EW + "merchant-of-time", "e5", 0)
    assert "pick d4" in options(g) and "pick e5" not in options(g) and "pick c3" not in options(g)  # c3 is green
    g.apply("pick d4")
    assert piece(g, "d4") == "1h" and g.stasis == [-1, -1] and g.removed == [[0, 0], [0, 0]] and g.pending[0] == -1


def test_gate_of_oblivion_destroys_below_then_maybe_on_another_mark_and_its_warp_doubles_kills():
    g = cast(EW + "gate-of-oblivion", board={"e6": "1l", "e4": "1h", "c5": "1l", "g6": "1c", "h5": "1c"})
    assert piece(g, "e6") is None
    assert asked(g) == ("pick", ["pick e4", "pick g6", "done"])
    g.apply("pick e4")
    assert piece(g, "e4") is None and g.killed[1] == [0, 1, 1]
    g = warping("gate-of-oblivion", board={"c4": "1h"})
    assert g.double_kills == 1
    g.destroy(BY_NAME["c4"], 0)
    assert g.killed[1] == [0, 2, 0]
    g = cast(EW + "doppelganger", hand=[EW + "gate-of-oblivion"], pending=[EW + "gate-of-oblivion", None])
    assert g.double_kills == 1  # a copy of the warp counts too (each one adds one more)


def test_time_traveler_goes_anywhere_colourless_and_recycles_the_top_discard():
    pieces = {"d4": "0c", "e5": "0c", "f6": "0c", "b4": "1c"}
    g = position(board=pieces, hands=[[EW + "time-traveler"], []], discard=[[EW + "warpmaster"], []])
    g.apply("summon etherweave/time-traveler")
    assert "at a4 0" in options(g) and "at c3 0" not in options(g) and "at d4 0" not in options(g)
    g.apply("at a4 0")
    assert piece(g, "a4") == "0h" and asked(g) == ("pick", ["pick b4", "done"])
    g.apply("pick b4")
    assert g.draws[0][-1] == BY_ID[EW + "warpmaster"] and g.discards[0] == [BY_ID[EW + "time-traveler"]]


def test_greater_shadow_twin_destroys_a_hero_next_to_two_own_pieces():
    board = {"c3": "1h", "b3": "0c", "d3": "0c", "g7": "1h"}
    g = cast(EW + "greater-shadow-twin", board=board, discard=[[EW + "lesser-shadow-twin"], []])
    assert asked(g) == ("pick", ["pick c3", "done"])
    g.apply("pick c3")
    assert piece(g, "c3") is None
    g = cast(EW + "greater-shadow-twin", board=board)
    assert g.decision.kind == "action"


def test_warpmaster_returns_the_pending_being_or_moves():
    g = cast(EW + "warpmaster", hand=[EW + "paradox-worm"], pending=[EW + "paradox-worm", None])
    g.apply("choose return")
    assert g.pending[0] == -1 and BY_ID[EW + "paradox-worm"] in g.hands[0]
    g = cast(EW + "warpmaster", hand=[EW + "merchant-of-time"], pending=[EW + "merchant-of-time", None])
    assert g.decision.kind == "move"  # the Merchant cannot go back: only the move is left


def test_dark_sphere_moves_end_at_distance_two_at_most_two_per_colour():
    g = cast(EW + "dark-sphere", board={"e2": "1c", "h5": "1c", "b5": "1c"})
    g.apply("piece e2")
    assert sorted(options(g)) == ["done", "to d3", "to e3", "to f3"]
    g.apply("to e3")
    g.apply("piece h5")
    g.apply("to g5")
    assert "piece b5" not in options(g) and "piece d5" in options(g)


def test_void_summoner_lets_two_empty_squares_stand_in():
    g = cast(EW + "void-summoner", hand=["imperial/swordmaster"])
    assert g.void == 2
    g.apply("summon imperial/swordmaster")
    assert placements_at(g, "b5")  # no piece of its pattern in the arena
    g.apply(placements_at(g, "b5")[0])
    assert piece(g, "b5") == "0c" and g.void == 0
    g = warping("void-summoner", board={"c5": "0h", "c4": "1c"})
    assert "to c4" in options(g) and "done" not in options(g)


def test_eternal_emperor_does_its_warp_unless_warped_this_turn():
    g = cast(EW + "eternal-emperor")
    g.apply("choose warp")
    g.apply("choose place")
    g.apply("pick a5")
    assert piece(g, "a5") == "0c"
    pieces = {"d4": "0c", "d5": "0c", "d6": "0c", "e6": "0c"}
    g = position(board=pieces, hands=[[EW + "eternal-emperor"], []], turn=3, decks=["etherweave", "sylvan"])
    g.apply("warp etherweave/eternal-emperor")
    g.apply("choose place")
    g.apply("pick a5")
    summon(g, EW + "eternal-emperor", "e5", 0)
    assert g.decision.kind == "action" and g.pending[0] == -1  # already warped this turn: nothing more


def test_reality_patch_destroys_a_hero_per_enemy_colour_and_discards():
    g = cast(EW + "reality-patch", board={"c3": "1h", "g7": "1h"}, hand=[EW + "paradox-worm", "flare/02"],
             pending=[EW + "paradox-worm", None])
    assert asked(g) == ("pick", ["pick c3", "pick g7", "done"])
    g.apply("pick c3")
    g.apply("choose discard")
    assert g.pending[0] == -1 and BY_ID[EW + "paradox-worm"] in g.discards[0]
    assert asked(g) == ("discard_card", ["card flare/02", "skip"])
    g.apply("card flare/02")
    assert BY_ID["flare/02"] in g.flare_discard


def test_polarity_queen_two_pieces_move_in_opposite_directions():
    g = cast(EW + "polarity-queen")
    assert "piece e5" not in options(g) and "piece d6" in options(g)
    g.apply("piece d6")
    g.apply("to c6")
    assert "piece f6" in options(g)
    g.apply("piece f6")
    assert piece(g, "c6") == "0c" and piece(g, "g6") == "0c" and piece(g, "f6") is None


def test_singularity_pulls_every_adjacent_common_onto_the_square():
    g = cast(EW + "singularity", board={"c4": "1c", "c5": "0c", "b3": "1h"})
    assert "pick e5" not in options(g)  # colourless squares only
    g.apply("pick b4")
    assert asked(g) == ("mover", ["piece c4", "piece c5"])
    g.apply("piece c4")
    assert piece(g, "b4") == "0c" and piece(g, "c4") is None and piece(g, "c5") is None and piece(g, "b3") == "1h"


def test_ziggurat_sentinel_copies_a_discarded_warp_or_charges():
    g = cast(EW + "ziggurat-sentinel", board={"c5": "0c", "b6": "0c"}, discard=[[EW + "lesser-shadow-twin"], []])
    g.apply("choose copy")
    assert asked(g) == ("warp_pick", ["card etherweave/lesser-shadow-twin"])
    g.apply("card etherweave/lesser-shadow-twin")
    g.apply("pick c5")
    assert piece(g, "c5") == "0h"
    g = cast(EW + "ziggurat-sentinel", board={"c7": "1c"})
    assert asked(g) == ("move", ["to d6", "done"])  # nothing to copy: straight to the move
    g.apply("to d6")
    g.apply("to c7")
    assert piece(g, "c7") == "0h"


def test_iris_of_eternity_destroys_a_legend_or_becomes_one():
    g = cast(EW + "iris-of-eternity", board={"f5": "1l"})
    assert asked(g) == ("choose", ["choose destroy", "choose upgrade", "choose skip"])
    g.apply("choose destroy")
    assert piece(g, "f5") is None
    g = cast(EW + "iris-of-eternity", hand=["legend/titan"])
    g.apply("choose upgrade")
    assert piece(g, "e5") == "0l" and g.points[0] == 1 and (BY_NAME["e5"], 2) in g.summons
    assert BY_ID["legend/titan"] in g.legend_discard


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("mode", ["duel", "high_form"])
@pytest.mark.parametrize("other", BASE_DECKS)
def test_random_games_with_etherweave_end_and_keep_the_invariants(mode, other):
    summoned = warps = 0
    for g in school_games("etherweave", other, mode, 900, games=3, restores="pending"):
        summoned += sum(1 for t in g.log if t.startswith("summon etherweave/"))
        warps += sum(1 for t in g.log if t.startswith("warp "))
    assert summoned >= 10 and warps >= 3


# ---------------------------------------------------------------------- refused and edge cases
def test_void_summoning_fills_at_most_two_squares_and_only_common_ones():
    g = position(hands=[["imperial/knight"], []])  # Knight needs more pieces than two empty squares give
    g.void = 2
    g.stack[-1].run(g)
    assert not any(o.startswith("summon imperial/knight") for o in options(g))
    g = position(board={"d4": "0c"}, hands=[["imperial/swordmaster"], []])
    assert not any(o.startswith("summon") for o in options(g))  # without the Void Summoner: no pattern


def test_time_traveler_cannot_come_without_a_piece_in_the_supply():
    pieces = {"d4": "0c", "e5": "0c", "f6": "0c"}
    pieces.update({s: "0c" for s in ("a5", "b4", "b5", "b6", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "d2", "d3")})
    g = position(board=pieces, hands=[[EW + "time-traveler"], []])
    assert g.two_left(0) == 0
    assert "summon etherweave/time-traveler" not in options(g)


def test_reality_patch_cannot_discard_a_pending_merchant():
    g = cast(EW + "reality-patch", hand=[EW + "merchant-of-time", "flare/02"], pending=[EW + "merchant-of-time", None])
    assert asked(g) == ("discard_card", ["card flare/02", "skip"])  # no question about the Merchant either
    assert g.pending[0] == BY_ID[EW + "merchant-of-time"]


def test_polarity_queen_offers_a_first_move_only_when_a_second_piece_can_answer_it():
    from tashkalar.effects.context import EffectCtx
    from tashkalar.effects.etherweave import _first_moves

    queen = BY_ID[EW + "polarity-queen"]
    walls = {"h4": "1h", "h5": "1h", "h6": "1h", "i4": "1h", "i6": "1h"}
    g = position(board={"e5": "0h", "a5": "0c", "i5": "0c", **walls})
    g.fx = EffectCtx(0, queen, "", BY_NAME["e5"])
    assert _first_moves(g) == []  # a5 could move, but i5 cannot answer: both or neither
    del walls["h5"]
    g = position(board={"e5": "0h", "a5": "0c", "i5": "0c", **walls})
    g.fx = EffectCtx(0, queen, "", BY_NAME["e5"])
    assert sorted(_first_moves(g)) == sorted([(BY_NAME["a5"], BY_NAME["b5"]), (BY_NAME["i5"], BY_NAME["h5"])])


def test_only_the_etherweave_player_warps():
    g = position(hands=[[EW + "translocationist"], []], turn=3)  # seat 0 plays Northern
    assert not any(o.startswith("warp") for o in options(g))
