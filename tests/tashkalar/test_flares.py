"""Flares: the two conditions (the opponent's lead in upgraded pieces, in all pieces), lit before or after an
action but not as one, top effect then bottom effect, the Duel's point for the opponent, the discard; and
the effects of every flare's halves."""
from __future__ import annotations

import pytest

from tashkalar.content import BY_ID, CARDS_T, FLARES
from tashkalar.flares import halves_met

from .conftest import asked, options, piece, position

ROW = ["a3", "a4", "a5", "a6", "a7", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "c1", "d1", "c9", "d9"]


def lead(upgraded: int, pieces: int, own: "dict | None" = None) -> dict:
    """The opponent ahead by `upgraded` heroic pieces and by `pieces` pieces in all, with the player's own
    pieces `own` on the board too."""
    own = own or {}
    up = upgraded + sum(1 for v in own.values() if v[1] != "c")
    n = pieces + len(own)
    assert n >= up
    return {s: "1h" for s in ROW[:up]} | {s: "1c" for s in ROW[up:n]} | own


@pytest.mark.parametrize("code", FLARES)
def test_each_flares_thresholds(code):
    card = CARDS_T[code]
    top, bottom = card.top_needs, card.bottom_needs
    g = position(board=lead(top, top))
    assert halves_met(g, 0, code) == (True, top >= bottom)
    g = position(board=lead(0, bottom))
    assert halves_met(g, 0, code) == (False, True)
    g = position(board=lead(top - 1, min(bottom - 1, 11)) if bottom - 1 >= top - 1 else lead(top - 1, top - 1))
    assert halves_met(g, 0, code)[0] is False
    g = position(board=lead(0, bottom - 1), hands=[[card.id], []])
    assert f"light {card.id}" not in options(g)


def test_lighting_is_not_an_action_top_then_bottom_then_discard_and_a_duel_point():
    g = position(board=lead(3, 6), hands=[["flare/01"], []], actions_left=2)
    g.apply("light flare/01")
    assert g.decision.kind == "pick" and g.decision.prompt.startswith("Choose an empty square for your common")
    g.apply("pick e5")
    assert g.decision.prompt.startswith("Choose an empty square for your heroic")
    g.apply("pick e6")
    assert (piece(g, "e5"), piece(g, "e6")) == ("0c", "0h")
    assert g.actions_left == 2 and g.flare_discard == [BY_ID["flare/01"]] and g.points == [0, 1]


def test_a_flare_may_be_lit_after_the_last_action_then_the_turn_ends_with_end():
    g = position(board=lead(0, 5), hands=[["flare/02"], []], actions_left=1)
    g.apply("place e5")
    assert asked(g) == ("action", ["light flare/02", "end"])
    g.apply("end")
    assert g.active == 1


def test_a_flare_that_gains_an_action_after_the_last_one_gives_another_action():
    g = position(board=lead(0, 6), hands=[["flare/03"], []], actions_left=1)
    g.apply("place e5")
    g.apply("light flare/03")
    assert g.active == 0 and g.actions_left == 1 and g.decision.kind == "action"


def test_flare_03_top_three_standard_moves_with_own_commons():
    g = position(board=lead(3, 3, {"e5": "0c", "e6": "0h"}), hands=[["flare/03"], []])
    g.apply("light flare/03")
    assert sorted(options(g)) == ["done", "piece e5"]
    g.apply("piece e5")
    g.apply("to e4")
    g.apply("piece e4")
    g.apply("to e3")
    g.apply("done")
    assert piece(g, "e3") == "0c" and g.actions_left == 2


def test_flare_04_bottom_place_or_convert_an_enemy_common():
    g = position(board=lead(0, 5), hands=[["flare/04"], []])
    g.apply("light flare/04")
    assert asked(g) == ("choose", ["choose place", "choose convert"])
    g.apply("choose convert")
    g.apply("pick a5")
    assert piece(g, "a5") == "0c" and g.killed[1] == [1, 0, 0]


def test_flare_05_top_move_or_upgrade_and_bottom_two_commons():
    g = position(board=lead(3, 6, {"e5": "0c"}), hands=[["flare/05"], []])
    g.apply("light flare/05")
    g.apply("choose upgrade")  # the one own common: upgraded without a further question
    assert piece(g, "e5") == "0h"
    g.apply("pick d5")
    g.apply("pick f5")
    assert piece(g, "d5") == piece(g, "f5") == "0c"


def test_flare_06_bottom_a_common_may_combat_leap():
    g = position(board=lead(0, 4, {"e5": "0c"}), hands=[["flare/06"], []])
    g.apply("light flare/06")
    g.apply("piece e5")
    g.apply("to a5")
    assert piece(g, "a5") == "0c" and piece(g, "e5") is None


def test_flare_07_bottom_upgrade_and_an_action():
    g = position(board=lead(0, 6, {"e5": "0c"}), hands=[["flare/07"], []])
    g.apply("light flare/07")
    assert piece(g, "e5") == "0h" and g.actions_left == 3


def test_flare_09_bottom_one_standard_and_one_combat_move_in_either_order():
    g = position(board=lead(0, 2, {"e5": "0c"}) | {"e4": "1c", "d5": "1c"}, hands=[["flare/09"], []])
    g.apply("light flare/09")
    g.apply("piece e5")
    g.apply("to e4")  # onto an equal piece: the combat move
    g.apply("piece e4")
    assert "to d5" not in options(g) and "to e3" in options(g)


def test_flare_11_bottom_one_combat_or_two_standard_moves():
    g = position(board=lead(0, 4, {"e5": "0h"}), hands=[["flare/11"], []])
    g.apply("light flare/11")
    assert asked(g) == ("choose", ["choose combat", "choose standard", "choose skip"])


def test_flare_12_top_a_common_makes_a_standard_leap():
    g = position(board=lead(2, 2, {"e5": "0c"}), hands=[["flare/12"], []])
    g.apply("light flare/12")
    g.apply("piece e5")
    assert "to a5" not in options(g) and "to i5" in options(g)  # a standard leap: not onto an equal piece


@pytest.mark.parametrize("half", ["top", "bottom"])
@pytest.mark.parametrize("code", FLARES)
def test_every_flare_half_acts_when_lit_alone(code, half):
    """Only this half's condition met, an own common on e5 to act on: lighting and answering with the first
    option each time changes the arena or the actions left, and the flare ends in the discard."""
    from tashkalar import invariants

    card = CARDS_T[code]
    if half == "top":  # ahead in upgraded pieces, level in pieces: own commons make up the difference
        extra = {s: "0c" for s in ["i3", "i4", "i5", "i6", "i7", "h2"][:card.top_needs]}
        board = lead(card.top_needs, card.top_needs, {"e5": "0c"}) | extra
    else:
        board = lead(0, card.bottom_needs, {"e5": "0c"})
    g = position(board=board, hands=[[card.id], []])
    assert halves_met(g, 0, code) == ((True, False) if half == "top" else (False, True))
    before = (dict(zip(range(81), g.cells)), g.actions_left)
    g.apply(f"light {card.id}")
    while g.decision.kind != "action":
        opts = [o for o in options(g) if o not in ("done", "choose skip")]
        g.apply(opts[0])
    invariants.check(g, decks_complete=False)
    assert (dict(zip(range(81), g.cells)), g.actions_left) != before
    assert g.flare_discard == [code] and g.playing == -1 and g.fx is None
