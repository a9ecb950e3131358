"""The Melee ("Schlacht", 3 or 4 players): start marks, points per enemy colour (the lowest one is the
score), improvised summons once per enemy colour, flares against a chosen opponent, the end at 12 (10 with
four players), the final round, the tie-breaks, and nobody resigning. Each test builds the situation with
Game.from_position (or a new game) and asserts what would be different if the rule were wrong."""
from __future__ import annotations

import pytest

import tashkalar as tk
from tashkalar import invariants
from tashkalar.board import BY_NAME, MELEE_START, NAME

from .conftest import options, piece, placements_at, position

D3 = ["northern", "highland", "sylvan"]
D4 = ["northern", "highland", "sylvan", "southern"]


def melee(decks=D3, **pos) -> tk.Game:
    pos.setdefault("flare_deck", [])
    pos.setdefault("legend_deck", [])
    return position(mode="melee", decks=list(decks), **pos)


# ---------------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [3, 4])
def test_start_pieces_beside_the_three_marks_by_the_first_players_right_hand_neighbour(n):
    g = tk.new_game(mode="melee", players=n, decks=(D3 if n == 3 else D4), seed=3, first_player=1)
    placer = (1 - 1) % n
    second = (1 + 1) % n
    colours = set(range(n)) - ({second} if n == 4 else set())
    put = []
    for mark in MELEE_START:
        d = g.decision
        assert d.kind == "start_squares" and d.player == placer
        offered = {(a.args[0], int(a.args[1])) for a in g.legal_actions()}
        assert offered == {(NAME[s], c) for s in mark for c in colours - set(put)}
        colour = sorted(colours - set(put))[-1]
        g.apply(f"start {NAME[mark[1]]} {colour}")
        put.append(colour)
    assert sorted(put) == sorted(colours) and len(put) == 3
    assert [g.cells[m[1]] >> 2 for m in MELEE_START] == put
    assert g.decision.kind == "action" and g.decision.player == 1 and g.actions_left == 1
    # a hero of every colour marks each opponent's score track: 18 - players two-sided pieces in play
    assert g.two_sided == 18 - n and g.view(0)["seats"][0]["supply"]["two_sided"] == 18 - n - (0 in put)
    invariants.check(g)


# ---------------------------------------------------------------------- points per enemy colour
def test_destroyed_pieces_score_in_their_own_colour_and_the_lowest_colour_is_the_score():
    # seat 0 ends a turn having destroyed 2 commons and a hero of colour 1, a legend of colour 2
    g = melee(actions_left=0, killed=[[0, 0, 0], [2, 1, 0], [0, 0, 1]], melee_points=[[0, 1, 0], [0, 0, 0], [0, 0, 0]])
    assert g.mpoints[0] == [0, 3, 2]
    assert g.scores[0] == 2  # the lowest colour, not the sum (5) nor the highest (3)
    assert g.active == 1
    g2 = melee(actions_left=0, killed=[[0, 0, 0], [2, 1, 0], [0, 0, 0]])
    assert g2.mpoints[0] == [0, 2, 0] and g2.scores[0] == 0


def test_own_pieces_destroyed_score_nothing_and_a_single_common_alone_scores_nothing():
    g = melee(actions_left=0, killed=[[3, 1, 0], [1, 0, 0], [0, 0, 0]])
    assert g.mpoints[0] == [0, 0, 0]
    assert g.decision.kind == "action" and g.active == 1


@pytest.mark.parametrize("decks,killed,offered", [
    (D3, [[0, 0, 0], [1, 0, 0], [3, 0, 0]], [1, 2]),
    (D4, [[0, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0]], [1, 2, 3]),
])
def test_single_commons_of_two_or_three_colours_score_one_point_in_a_colour_of_the_players_choice(
        decks, killed, offered):
    g = melee(decks, actions_left=0, killed=killed)
    d = g.decision
    assert d.kind == "point" and d.player == 0
    assert [int(a.args[0]) for a in g.legal_actions()] == offered
    g.apply(f"point {offered[-1]}")
    expected = [0] * len(decks)
    expected[offered[-1]] = 1
    if decks is D3:
        expected[2] += 1  # the pair of colour 2 scores 1 point on its own
    assert g.mpoints[0] == expected and sum(g.mpoints[0]) == (2 if decks is D3 else 1)
    assert g.active == 1


def test_summoning_a_legend_scores_one_point_in_a_colour_of_choice_before_its_effect():
    # The Storm Elemental: heroes on d3, d4 and f4 and a common of the player's on e5
    g = melee(hands=[["legend/storm-elemental"], [], []],
              board={"d3": "0h", "d4": "0h", "f4": "0h", "e5": "0c", "a5": "1c", "i5": "2c"})
    g.apply("summon legend/storm-elemental")
    at = placements_at(g, "e5")
    assert at, options(g)
    g.apply(at[0])
    assert g.decision.kind == "point" and [str(a) for a in g.legal_actions()] == ["point 1", "point 2"]
    g.apply("point 2")
    assert g.mpoints[0] == [0, 0, 1]
    assert g.decision.kind != "point"  # now the effect


def test_a_flare_names_the_opponent_compared_with_who_scores_one_point_in_the_players_colour():
    # flare/12: top half needs the opponent to have 2 upgraded pieces more; seat 1 has, seat 2 has not
    board = {"a5": "1h", "b5": "1h", "i5": "2c"}
    g = melee(hands=[["flare/12"], [], []], board=board)
    lights = [str(a) for a in g.legal_actions() if a.kind == "light"]
    assert lights == ["light flare/12 1"]
    g.apply("light flare/12 1")
    assert g.mpoints[1] == [1, 0, 0] and g.mpoints[2] == [0, 0, 0] and g.mpoints[0] == [0, 0, 0]
    lit = [e for t in g.story() for e in t["events"] if e["kind"] == "flare"]
    assert lit[-1]["opponent"] == 1 and lit[-1]["halves"] == ["top"]
    # against seat 2 both halves fail: compared with the chosen opponent only, not with any
    g2 = melee(hands=[["flare/12"], [], []], board={"a5": "1h", "b5": "1h", **{s: "2c" for s in ("e1", "e2")}})
    assert [str(a) for a in g2.legal_actions() if a.kind == "light"] == ["light flare/12 1"]


# ---------------------------------------------------------------------- improvised summons
def test_an_improvised_summon_uses_one_piece_of_the_chosen_enemy_colour_once_per_game():
    # Sapling needs two commons in a line behind the being: own e6, colour 1's e7
    g = melee(hands=[["sylvan/sapling"], [], []], board={"e6": "0c", "e7": "1c", "c5": "2c"})
    acts = [str(a) for a in g.legal_actions()]
    assert "summon sylvan/sapling" not in acts
    assert "improvise sylvan/sapling 1" in acts and "improvise sylvan/sapling 2" not in acts
    g.apply("improvise sylvan/sapling 1")
    assert all(g.decision.info["placements"][str(a)[3:]]["borrowed"] == "e7"
               for a in g.legal_actions() if a.kind == "at")
    g.apply(placements_at(g, "e5")[0])
    assert piece(g, "e5") == "0h"  # Sapling upgrades itself
    assert piece(g, "e7") == "1c"  # the enemy piece keeps its colour
    assert g.improvised[0] == 1 << 1
    # later: colour 1 is used up for the game, colour 2 is still there
    g2 = melee(hands=[["sylvan/sapling"], [], []], board={"e6": "0c", "e7": "1c", "d5": "0c", "c5": "2c"},
               improvised=[[1], [], []])
    acts = [str(a) for a in g2.legal_actions()]
    assert "improvise sylvan/sapling 1" not in acts and "improvise sylvan/sapling 2" in acts


def test_improvised_placements_all_use_an_enemy_piece_and_plain_summons_still_exist():
    g = melee(hands=[["sylvan/sapling"], [], []], board={"e6": "0c", "e7": "0c", "e4": "1c", "e3": "1c",
                                                           "d5": "1c", "c5": "0c"})
    acts = [str(a) for a in g.legal_actions()]
    assert "summon sylvan/sapling" in acts and "improvise sylvan/sapling 1" in acts
    g.apply("improvise sylvan/sapling 1")
    borrowed = [g.decision.info["placements"][str(a)[3:]]["borrowed"] for a in g.legal_actions() if a.kind == "at"]
    assert borrowed and all(b is not None and g.cells[BY_NAME[b]] >> 2 == 1 for b in borrowed)
    g.apply("cancel")
    assert g.improvised[0] == 0  # a cancelled improvisation uses nothing up


def test_hypnotist_in_a_melee_asks_which_enemy_colour():
    g = melee(hands=[["imperial/hypnotist"], [], []],
              board={"f4": "0c", "d5": "0c", "f5": "0c", "d6": "0c", "a5": "1c", "i5": "2c"})
    g.apply("summon imperial/hypnotist")
    at = placements_at(g, "e5")
    g.apply(at[0])
    assert g.decision.kind == "colour" and [str(a) for a in g.legal_actions()] == ["colour 1", "colour 2"]
    g.apply("colour 2")
    assert g.fx.regs["colour"] == 2


# ---------------------------------------------------------------------- the end
@pytest.mark.parametrize("decks,before,triggers", [(D3, 11, True), (D3, 9, False), (D4, 9, True), (D4, 8, False)])
def test_the_end_is_triggered_at_12_points_in_a_colour_or_10_with_four(decks, before, triggers):
    n = len(decks)
    mp = [[0] * n for _ in range(n)]
    mp[0][1] = before
    killed = [[0, 0, 0] for _ in range(n)]
    killed[1] = [0, 1, 0]
    g = melee(decks, actions_left=0, killed=killed, melee_points=mp)
    assert g.mpoints[0][1] == before + 1
    assert g.end_triggered is triggers
    if triggers:
        assert g.final_left == n  # every player, the triggering one too, has one more full turn


def _play_turn(g: tk.Game) -> None:
    p = g.active
    while not g.is_over and g.active == p and g.decision.kind == "action":
        opts = [a for a in g.legal_actions() if a.kind in ("place", "end")]
        g.apply(opts[0])


@pytest.mark.parametrize("decks", [D3, D4])
def test_after_the_trigger_everyone_plays_one_more_full_turn(decks):
    n = len(decks)
    mp = [[0] * n for _ in range(n)]
    mp[0][1] = 11
    killed = [[0, 0, 0] for _ in range(n)]
    killed[1] = [0, 1, 0]
    g = melee(decks, actions_left=0, killed=killed, melee_points=mp, hands=[[] for _ in decks])
    assert g.end_triggered and g.active == 1
    order = []
    while not g.is_over:
        order.append(g.active)
        _play_turn(g)
    assert order == [(1 + i) % n for i in range(n)]  # seat 0 (who triggered) included, last
    # everyone's lowest colour is 0; seat 0's second lowest (12) breaks the tie
    assert g.scores == [0] * n and g.winners == (0,)


def _ended(decks, mp, board=None) -> tk.Game:
    g = melee(decks, actions_left=0, end_triggered=True, final_left=1, melee_points=mp, board=board or {},
              hands=[[] for _ in decks])
    assert g.is_over
    return g


def test_ties_go_to_the_second_lowest_colour_then_the_last_one():
    g = _ended(D3, [[0, 3, 5], [3, 0, 4], [4, 3, 0]])
    assert g.scores == [3, 3, 3] and g.winners == (0,)
    g4 = _ended(D4, [[0, 2, 3, 4], [2, 0, 3, 5], [2, 3, 0, 3], [9, 2, 3, 0]])
    assert g4.scores == [2, 2, 2, 2] and g4.winners == (3,)  # (2, 3, 9) beats (2, 3, 5) and (2, 3, 4)


def test_then_upgraded_pieces_then_all_pieces_then_several_winners():
    mp = [[0, 2, 2], [2, 0, 2], [2, 2, 0]]
    g = _ended(D3, mp, {"a5": "1h", "b5": "2c", "c5": "2c"})
    assert g.winners == (1,)
    g = _ended(D3, mp, {"a5": "1c", "b5": "2c", "c5": "2c"})
    assert g.winners == (2,)
    g = _ended(D3, mp, {"a5": "1c", "b5": "2c"})
    assert g.winners == (1, 2)


def test_nobody_can_resign_in_a_melee():
    g = melee(board={"e5": "0c"})
    before = g.state_hash()
    with pytest.raises(tk.IllegalAction, match="resign"):
        g.apply("resign")
    with pytest.raises(tk.IllegalAction, match="resign"):
        g.resign(2)
    assert g.state_hash() == before and not g.is_over


def test_melee_positions_and_saves_round_trip():
    g = melee(D4, melee_points=[[0, 1, 2, 3], [1, 0, 0, 0], [0, 0, 0, 5], [0, 4, 0, 0]],
              improvised=[[2], [], [0, 1], []], board={"e5": "3h"})
    g.apply(g.legal_actions()[0])
    again = tk.Game.from_json(g.to_json())
    assert again.state_hash() == g.state_hash() and again.mpoints == g.mpoints and again.improvised == [4, 0, 3, 0]
    v = again.view(1)
    assert v["seats"][3]["colour_points"] == [0, 4, 0, 0] and v["seats"][2]["improvised"] == [0, 1]
    new = tk.new_game(mode="melee", players=4, decks=tuple(D4), seed=9)
    assert tk.Game.from_json(new.to_json()).state_hash() == new.state_hash()


def test_forest_ancient_in_a_melee_asks_the_enemy_colour_of_each_piece_it_puts():
    g = melee(hands=[["sylvan/forest-ancient"], [], []],
              board={"e4": "0c", "d5": "0c", "f5": "0c", "d6": "0c", "a5": "1c", "i5": "2c"})
    g.apply("summon sylvan/forest-ancient")
    g.apply(placements_at(g, "e5")[0])
    assert g.decision.kind == "colour" and options(g) == ["colour 1", "colour 2"]
    g.apply("colour 2")
    g.apply(options(g)[0])
    assert g.count(2) == 2 and g.count(1) == 1
    assert g.decision.kind == "colour"
    g.apply("colour 1")
    g.apply(options(g)[0])
    assert g.count(2) == 2 and g.count(1) == 2  # one piece of each enemy colour


def test_no_improvising_while_war_summoners_borrowing_is_pending():
    # one enemy piece per summon: with the borrowing pending the plain summon may use any enemy piece
    g = melee(hands=[["sylvan/sapling"], [], []], board={"e6": "0c", "e7": "1c"}, borrow=1)
    acts = options(g)
    assert "summon sylvan/sapling" in acts and not [a for a in acts if a.startswith("improvise")]
    g.apply("summon sylvan/sapling")
    g.apply(placements_at(g, "e5")[0])
    assert g.improvised[0] == 0 and piece(g, "e5") == "0h"


def test_the_quick_improvisation_test_agrees_with_the_full_placements():
    from tashkalar.content import CARDS_T
    from tashkalar.summon import improvisable, placements

    from .conftest import random_policy

    checked = 0
    out_of_supply = 0
    for seed, decks, bias in ((1, D3, 3), (3, D4, 0)):  # bias 0: supplies run out
        g = tk.new_game(mode="melee", players=len(decks), decks=tuple(decks), seed=seed)
        choose = random_policy(seed, summon_bias=bias)
        while not g.is_over:
            if g.decision.kind == "action" and g.actions_left > 0 and len(g.log) % 3 == 0:
                p = g.active
                quick = set(improvisable(g, p))
                full = {(c, col) for c in set(g.hands[p]) if CARDS_T[c].kind != "flare"
                        for col in range(g.n) if col != p and not g.improvised[p] >> col & 1
                        and placements(g, p, c, imp=col)}
                assert quick == full
                checked += len(full)
                out_of_supply += bool(full) and g.two_left(p) == 0
            g.apply(choose(g))
    assert checked > 20 and out_of_supply > 5


def test_a_cancelled_improvised_summon_is_hidden_from_the_others_and_every_view_still_builds():
    """Regression (found by the table's test): the view failed (KeyError) on the log entry of a cancelled
    improvised summon, which is hidden from the other seats as a cancelled summon is."""
    import tashkalar as tk
    from crystalclans.rng import Rng

    found = 0
    for seed in range(40):
        g = tk.new_game(mode="melee", players=3, decks=("southern", "highland", "sylvan"), seed=seed, first_player=0)
        r = Rng(seed)
        while not g.is_over and len(g.log) < 1500:
            d = g.decision
            opts = g.legal_actions()
            if d.kind == "placement" and g.log and g.log[-1].startswith("improvise ") and any(
                    a.kind == "cancel" for a in opts):
                card = g.log[-1].split()[1]
                g.apply("cancel")
                found += 1
                for p in range(g.n):
                    log = g.view(p)["log"]
                    assert (card in " ".join(log[-3:])) == (p == d.player)
                continue
            g.apply(opts[r.below(len(opts))])
        if found >= 3:
            break
    assert found, "no improvised summon was cancelled in 40 random Melee games"
