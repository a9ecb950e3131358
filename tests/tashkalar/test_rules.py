"""The quick rules' turn, summoning, supply, discard, refill and end-of-game rules, one test per rule, most
built with Game.from_position."""
from __future__ import annotations

import pytest

import tashkalar as tk
from tashkalar.board import NAME, ON, squares_of
from tashkalar.content import BY_ID, CARDS_T
from tashkalar.patterns import ORIENTATIONS

from .conftest import board, options, piece, position, summon


# ---------------------------------------------------------------------- the contract and the turn
def test_new_duel_deals_and_asks_for_the_start_squares(duel):
    assert duel.decision.kind == "start_squares" and duel.decision.player == 1
    for p in (0, 1):
        kinds = [CARDS_T[c].kind for c in duel.hands[p]]
        assert (kinds.count("being"), kinds.count("legend"), kinds.count("flare")) == (3, 2, 1)
        assert len(duel.draws[p]) == 15
    duel.apply("own c5")
    assert board(duel) == {"c5": "1c", "g5": "0c"}
    assert duel.decision.kind == "action" and duel.decision.player == 0
    assert duel.actions_left == 1  # the first player's first turn has one action


def test_first_turn_has_one_action_then_two_each(duel):
    duel.apply("own g5")
    duel.apply("place e5")
    assert (duel.active, duel.turn, duel.actions_left) == (1, 2, 2)
    duel.apply("place e4")
    assert duel.active == 1 and duel.actions_left == 1
    duel.apply("place e6")
    assert (duel.active, duel.turn, duel.actions_left) == (0, 3, 2)


def test_an_illegal_or_malformed_action_changes_nothing(duel):
    duel.apply("own c5")
    before = duel.state_hash()
    for bad in ("place z9", "place c5", "summon nothing", tk.Action("place", ("e5", 1.5)), 42, None,
                tk.Action(3, ()), "x" * 500, "", "at e5 0"):
        with pytest.raises(tk.IllegalAction):
            duel.apply(bad)
    assert duel.state_hash() == before and duel.log == ["own c5"]


def test_text_and_action_objects_are_the_same_move(duel):
    other = duel.clone()
    duel.apply("own   c5 ")
    other.apply(tk.Action("own", ("c5",)))
    assert duel.state_hash() == other.state_hash()
    assert tk.parse_action(duel, "place e5") in duel.legal_actions()


def test_place_a_common_piece_on_any_empty_square():
    g = position(board={"e5": "1l"})
    places = {o for o in options(g) if o.startswith("place ")}
    assert len(places) == 68 and "place e5" not in places
    g.apply("place a5")
    assert piece(g, "a5") == "0c" and g.actions_left == 1


def test_too_few_pieces_a_common_piece_comes_from_the_arena():
    squares = [NAME[s] for s in ON][:16]  # the Duel leaves 16 two-sided pieces in play
    g = position(board={s: "0c" for s in squares[:15]} | {squares[15]: "0h"})
    assert g.two_left(0) == 0
    g.apply("place e5")
    assert g.decision.kind == "take" and len(options(g)) == 16
    g.apply(f"take {squares[15]}")
    assert piece(g, "e5") == "0c" and piece(g, squares[15]) is None and g.two_left(0) == 0


# ---------------------------------------------------------------------- patterns and placements
def _valid_target(o) -> int:
    """A target square near the centre where the whole pattern fits."""
    return min(squares_of(o.valid), key=lambda t: abs(t % 9 - 4) + abs(t // 9 - 4))


@pytest.mark.parametrize("code", [c.code for c in CARDS_T if c.kind in ("being", "legend") and c.effect])
def test_every_pattern_can_be_summoned_in_every_orientation(code):
    from tashkalar.effects.expansion import ANYWHERE

    card = CARDS_T[code]
    for o in ORIENTATIONS[code]:
        t = _valid_target(o)
        pieces = {NAME[s]: f"0{'ch'[r]}" for s, r in o.squares(t)}
        g = position(board=pieces, hands=[[card.id], []])
        g.apply(f"summon {card.id}")
        if code in ANYWHERE:  # Time Traveler: its pattern lets it go on any empty colourless square
            assert "at a4 0" in options(g) and "at e5 0" not in options(g), card.id
            continue
        assert f"at {NAME[t]} {o.index}" in options(g), (card.id, o.index, pieces)


def test_required_rank_or_higher_and_enemy_pieces_do_not_count():
    # Hell Bull: h at (-1,0) and (1,0), c at (-1,-1), (1,-1), (0,0) and (0,1)
    base = {"d4": "0c", "f4": "0c", "e5": "0c", "e6": "0c"}
    g = position(board=base | {"d5": "0h", "f5": "0c"}, hands=[["legend/hell-bull"], []])
    assert "summon legend/hell-bull" not in options(g)  # a common piece where a heroic one is needed
    g = position(board=base | {"d5": "0h", "f5": "0l"}, hands=[["legend/hell-bull"], []])
    assert "summon legend/hell-bull" in options(g)  # legendary is higher than heroic
    g = position(board=base | {"d5": "0h", "f5": "1h"}, hands=[["legend/hell-bull"], []])
    assert "summon legend/hell-bull" not in options(g)  # an enemy piece is not yours


def test_the_target_piece_of_equal_or_lower_rank_is_destroyed_a_higher_one_forbids():
    # Dire Wolf (common): own commons at (-1,1), (0,1), (-2,2) from the being
    pat = {"d6": "0c", "e6": "0c", "c7": "0c"}
    g = position(board=pat | {"e5": "1c"}, hands=[["highland/dire-wolf"], []])
    summon(g, "highland/dire-wolf", "e5")
    assert piece(g, "e5") == "0c" and g.killed[1] == [1, 0, 0]
    g = position(board=pat | {"e5": "1h"}, hands=[["highland/dire-wolf"], []])
    assert "summon highland/dire-wolf" not in options(g)  # its only placement is forbidden


def test_a_placement_shows_its_pattern_squares():
    g = position(board={"e4": "0c", "e6": "0c"}, hands=[["imperial/swordmaster"], []])
    g.apply("summon imperial/swordmaster")
    assert g.decision.info["placements"]["e5 0"]["pattern"] == ["e4", "e6"]
    g.apply("cancel")  # nothing happened yet
    assert g.decision.kind == "action" and "summon imperial/swordmaster" in options(g)


def test_summoning_costs_an_action_and_the_card_is_discarded_after_the_effect():
    g = position(board={"d6": "0c", "e6": "0c", "c7": "0c"}, hands=[["highland/dire-wolf"], []])
    summon(g, "highland/dire-wolf", "e5")
    assert g.decision.kind == "move" and g.playing == BY_ID["highland/dire-wolf"]
    g.apply("done")
    assert g.actions_left == 1 and g.playing == -1 and g.discards[0] == [BY_ID["highland/dire-wolf"]]


def test_a_legend_goes_to_the_shared_discard():
    g = position(board={"e6": "0h", "e7": "0h", "d8": "0c", "e8": "0c", "f8": "0c"}, hands=[["legend/titan"], []])
    summon(g, "legend/titan", "e5")
    assert g.legend_discard == [BY_ID["legend/titan"]] and piece(g, "e5") == "0l"


# ---------------------------------------------------------------------- too few pieces when summoning
def _full_supply_board(extra: dict) -> dict:
    """Colour 0 with all its 16 two-sided Duel pieces in the arena: `extra` plus commons on the top rows."""
    free = [NAME[s] for s in ON if NAME[s] not in extra and NAME[s][1] in "12"]
    n = 16 - sum(1 for v in extra.values() if v[0] == "0" and v[1] in "ch")
    return extra | {s: "0c" for s in free[:n]}


def test_too_few_pieces_an_own_piece_on_the_target_stands_for_the_being():
    pat = {"d6": "0c", "e6": "0c", "f6": "0c", "d7": "0c"}  # Knight (heroic) on e5
    g = position(board=_full_supply_board(pat | {"e5": "0c"}), hands=[["imperial/knight"], []])
    assert g.two_left(0) == 0
    summon(g, "imperial/knight", "e5", orientation=0)
    assert piece(g, "e5") == "0h" and g.decision.kind == "move"


def test_too_few_pieces_an_own_piece_not_of_the_pattern_is_taken():
    pat = {"d6": "0c", "e6": "0c", "f6": "0c", "d7": "0c"}
    g = position(board=_full_supply_board(pat | {"e5": "1c"}), hands=[["imperial/knight"], []])
    summon(g, "imperial/knight", "e5", orientation=0)
    assert g.decision.kind == "take"
    takeable = {o.split()[1] for o in options(g)}
    assert takeable.isdisjoint(pat) and len(takeable) == 12
    taken = sorted(takeable)[0]
    g.apply(f"take {taken}")
    assert piece(g, "e5") == "0h" and piece(g, taken) is None and g.killed[1] == [1, 0, 0]


def test_too_few_pieces_no_legend_to_take_means_no_summon():
    # Fire Dragon: h at (-1,-3), (1,-3), h at (0,-1), c at (0,-2): all 3 legends used by its pattern
    pat = {"d2": "0l", "f2": "0l", "e4": "0l", "e3": "0c"}
    g = position(board=pat, hands=[["legend/fire-dragon"], []])
    assert g.legends_left(0) == 0 and "summon legend/fire-dragon" not in options(g)
    g = position(board=pat | {"e5": "1h"}, hands=[["legend/fire-dragon"], []])
    assert "summon legend/fire-dragon" not in options(g)


# ---------------------------------------------------------------------- discard, refill, decks
def test_discard_once_a_turn_then_put_cards_under_their_decks():
    g = position(hands=[["imperial/knight", "imperial/herald", "legend/titan", "flare/01"], []],
                 draw=[["imperial/bomb"], None], legend_deck=["legend/hell-bull"], flare_deck=["flare/02"])
    assert "discard legend/titan" not in options(g) and "discard flare/01" not in options(g)
    g.apply("discard imperial/knight")
    assert g.decision.kind == "return_cards"
    g.apply("bottom legend/titan")
    g.apply("bottom imperial/herald")
    g.apply("done")
    assert g.discards[0] == [BY_ID["imperial/knight"]]
    assert g.draws[0][0] == BY_ID["imperial/herald"] and g.legend_deck[0] == BY_ID["legend/titan"]
    assert g.actions_left == 1 and not any(o.startswith("discard") for o in options(g))
    assert g.view(1)["log"][-2] == "bottom (hidden)" and g.view(0)["log"][-2] == "bottom imperial/herald"


def test_refill_to_three_beings_two_legends_one_flare_and_shared_decks_reshuffle():
    g = position(hands=[[], []], draw=[["imperial/knight", "imperial/bomb", "imperial/herald", "imperial/cannon"], None],
                 legend_deck=["legend/titan"], legend_discard=["legend/hell-bull", "legend/leviathan"],
                 flare_deck=[], flare_discard=["flare/05"], actions_left=0)
    assert g.active == 1  # turn ended at once: no actions, no flare
    hand = sorted(CARDS_T[c].id for c in g.hands[0])
    assert [h for h in hand if h.startswith("imperial")] == ["imperial/bomb", "imperial/herald", "imperial/knight"]
    assert sum(h.startswith("legend") for h in hand) == 2 and "flare/05" in hand
    assert g.legend_discard == [] and len(g.legend_deck) == 1 and not g.end_triggered


def test_the_own_deck_never_reshuffles_and_its_last_card_triggers_the_end():
    g = position(hands=[["imperial/knight"], []], draw=[["imperial/bomb"], None],
                 discard=[["imperial/herald", "imperial/cannon"], []], actions_left=0)
    assert g.end_triggered and g.draws[0] == [] and len(g.discards[0]) == 2
    assert g.hand_count(0, "being") == 2 and g.final_left == 2


def test_after_the_trigger_every_player_has_one_more_full_turn():
    g = position(hands=[["imperial/knight"], []], draw=[["imperial/bomb"], None], actions_left=1, turn=5)
    g.apply("place a5")
    assert g.end_triggered and (g.active, g.turn) == (1, 6)
    g.apply("place a4")
    g.apply("place a6")
    assert (g.active, g.turn, g.is_over) == (0, 7, False)
    g.apply("place b2")
    g.apply("place b3")
    assert g.is_over and g.decision is None and g.legal_actions() == []


# ---------------------------------------------------------------------- the Duel
def test_duel_points_for_destroyed_enemy_pieces_at_the_end_of_the_turn():
    g = position(killed=[[0, 0, 0], [3, 1, 1]], actions_left=0)
    assert g.points == [1 + 1 + 2, 0]  # 3 commons: 1 (the odd one scores nothing), a hero 1, a legend 2
    g = position(killed=[[5, 2, 0], [1, 0, 0]], actions_left=0)
    assert g.points == [0, 0]  # own pieces and a single common score nothing


def test_duel_a_legend_summoned_scores_one_and_a_flare_gives_the_opponent_one():
    g = position(board={"e6": "0h", "e7": "0h", "d8": "0c", "e8": "0c", "f8": "0c"}, hands=[["legend/titan"], []])
    summon(g, "legend/titan", "e5")
    assert g.points == [1, 0]
    g = position(board={s: "1c" for s in ("a3", "a4", "a5", "a6", "a7")}, hands=[["flare/02"], []])
    g.apply("light flare/02")
    assert g.points == [0, 1]


def test_duel_eighteen_points_trigger_the_end():
    g = position(points=[17, 0], killed=[[0, 0, 0], [2, 0, 0]], actions_left=0)
    assert g.points[0] == 18 and g.end_triggered and g.final_left == 2


# ---------------------------------------------------------------------- winners, resigning
def test_tie_breaks_upgraded_pieces_then_all_pieces_then_shared_victory():
    from tashkalar.scoring import winners

    assert winners(position(points=[3, 3], board={"a5": "0h", "b5": "1c", "c5": "1c"})) == (0,)
    assert winners(position(points=[3, 3], board={"a5": "0h", "b5": "1h", "c5": "1c"})) == (1,)
    assert winners(position(points=[3, 3], board={"a5": "0h", "b5": "1h"})) == (0, 1)
    assert winners(position(points=[4, 3], board={"b5": "1h"})) == (0,)


def test_resign_at_any_time_the_other_side_wins():
    g = position()
    g.resign(1)  # not the deciding player
    assert g.is_over and g.winners == (0,) and g.log == ["resign 1"]
    again = tk.Game.from_json(g.to_json())
    assert again.winners == (0,) and again.state_hash() == g.state_hash()
    g = position()
    g.apply("resign")
    assert g.winners == (1,)
    with pytest.raises(tk.IllegalAction):
        g.apply("place e5")


def test_bad_options_are_refused_clearly():
    with pytest.raises(ValueError, match="3 or 4 players"):
        tk.new_game(mode="melee", players=2, decks=("northern", "highland"))
    with pytest.raises(ValueError, match="4 players"):
        tk.new_game(mode="team", players=2, decks=("northern", "highland"))
    with pytest.raises(ValueError, match="form"):
        tk.new_game(mode="team", players=4, decks=("northern", "highland", "southern", "sylvan"), form="melee")
    with pytest.raises(ValueError, match="same deck"):
        tk.new_game(mode="team", players=4, decks=("northern", "highland", "northern", "sylvan"))
    with pytest.raises(ValueError, match="same deck"):
        tk.new_game(decks=("highland", "highland"))
    with pytest.raises(ValueError, match="unknown deck"):  # every school is playable now (the expansion too)
        tk.new_game(decks=("frostfire", "highland"))
