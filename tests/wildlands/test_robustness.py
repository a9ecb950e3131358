"""Regression tests of the findings of the outside fuzzing of the Wildlands engine (one per finding, written
before its fix): hidden cards of an unfinished payment in the others' log, unicode digits, deep nesting in
positions, saves and actions, bad option types of new_game, malformed setups of from_log, positions that
cannot move, fractions in positions, and games that outgrow their own save (the move limit and the bounded
cancels). Each bad input must raise the entry point's documented error with the game unchanged. (The refusals
every game shares, deep and huge values given to apply(), saves nested too deep, logs that are no list of
moves, and the longest game's save loading, are the conformance suite's: tests/conformance.)"""
from __future__ import annotations

import json

import pytest

import wildlands as wl
from wildlands import rules, saves
from wildlands.content import FACTIONS
from wildlands.position import PositionError
from wildlands.saves import SaveError

from ..conformance.games import wildlands_stalling_game
from ..conftest import DEEP
from .conftest import card, options, position


def _pickup_game() -> wl.Game:
    guild = FACTIONS["guild"]
    lunk = [c.id for c in guild.cards if not c.special and c.shows & 1][:3]  # lunk is the guild's first
    return position(characters={"lunk": 10}, shards=[[10], []], hands=[[*lunk, "s"], []])


def _names_a_card(entry: str) -> bool:
    return any(w == "s" or (w[:1] == "c" and w[1:].isdecimal()) for w in entry.split()[1:])


# ---------------------------------------------------------------------------------------------- finding 1
def test_a_cancelled_payment_keeps_the_card_out_of_the_others_log():
    g = _pickup_game()
    g.apply("pickup lunk")
    paid = str(g.legal_actions()[0])
    g.apply(paid)
    assert paid not in g.view(1)["log"]  # during the payment the card is still in the hand
    g.apply("cancel")
    other = g.view(1)
    assert paid not in other["log"] and not any(_names_a_card(t) for t in other["log"])
    assert "pay (hidden)" in other["log"]
    assert paid in g.view(0)["log"]  # the payer sees her own
    assert paid not in json.dumps(other)
    again = wl.Game.from_json(g.to_json())
    assert again.view(1)["log"] == other["log"]


def test_a_completed_payment_shows_its_cards_to_everyone():
    g = _pickup_game()
    g.apply("pickup lunk")
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    log = g.view(1)["log"]
    assert sum(t.startswith("pay c") or t == "pay s" for t in log) == 3  # the cards are on the discard pile


def test_a_cancelled_climb_keeps_its_card_hidden_too():
    c = card("guild", "lunk", "melee")
    g = position(board="ruins", characters={"lunk": 1}, hands=[[c, "s"], []])
    g.apply("climb lunk 2")
    g.apply(f"pay {c}")
    g.apply("cancel")
    assert f"pay {c}" not in g.view(1)["log"]


# ---------------------------------------------------------------------------------------------- finding 2
@pytest.mark.parametrize("digits", ["²", "١٢", "１２", "12\u0663", " 12", "+12", "012", "1_2"])
def test_unicode_or_odd_digits_in_a_hidden_start_are_a_position_error(digits):
    with pytest.raises(PositionError, match="hidden"):
        wl.Game.from_position({"factions": ["guild", "gnomads"], "characters": {"lunk": f"hidden {digits}"}})


# ---------------------------------------------------------------------------------------------- finding 3
def _deep(depth: int, leaf=0):
    v = leaf
    for _ in range(depth):
        v = [v]
    return v


@pytest.mark.parametrize("depth", [40, 600, DEEP])
def test_a_deeply_nested_position_is_a_position_error(depth):
    with pytest.raises(PositionError, match="nested"):
        wl.Game.from_position({"factions": ["guild", "gnomads"], "hands": [_deep(depth, "c1"), []]})


# ---------------------------------------------------------------------------------------------- finding 4
# deep and huge values given to apply(): every game's, tests/conformance/test_refusals.py


# ---------------------------------------------------------------------------------------------- finding 5
@pytest.mark.parametrize("options_", [
    {"first_player": 1.0}, {"seed": True}, {"seed": 1.5}, {"seed": "3"}, {"factions": ("guild", ["gnomads"])},
    {"factions": [{"x": 1}, "guild"]}, {"factions": "guild"}, {"factions": None}, {"factions": 3},
    {"board": ["dungeon"]}, {"board": None}, {"first_player": "0"}, {"first_player": True}, {"factions": {"guild": 1}},
])
def test_new_game_refuses_bad_option_types_with_a_value_error(options_):
    with pytest.raises(ValueError) as e:
        wl.new_game(**options_)
    assert type(e.value) is not TypeError and len(str(e.value)) < 300


# ---------------------------------------------------------------------------------------------- finding 6
@pytest.mark.parametrize("setup", [  # (and every game's malformed setups: tests/conformance/test_history.py)
    {}, {"board": "dungeon"}, None, [], "dungeon", {"board": "dungeon", "factions": 3, "seed": 0},
    {"board": "dungeon", "factions": ["guild", "gnomads"]},
    {"board": ["x"], "factions": ["guild", "gnomads"], "seed": 0},
    {"board": "dungeon", "factions": ["guild", "gnomads"], "seed": 1.5},
    {"board": "dungeon", "factions": ["guild", "gnomads"], "seed": 0, "bogus": 1}, {"position": 3},
    {"position": {"factions": ["guild"]}}, {"position": {"factions": ["guild", "gnomads"]}, "board": "x"},
])
def test_from_log_refuses_a_malformed_setup_with_a_save_error(setup):
    with pytest.raises(SaveError, match="setup"):
        wl.Game.from_log(setup, [])



# ---------------------------------------------------------------------------------------------- finding 7
def test_a_compulsory_reveal_with_nothing_to_reveal_is_refused():
    chars = {"lunk": 3, "owl_sage": 4, "hedge_witch": 5, "pyromancer": 6, "archivist": 8}
    with pytest.raises(PositionError, match="must_reveal"):
        wl.Game.from_position({"factions": ["guild", "gnomads"], "characters": chars, "must_reveal": True})
    g = wl.Game.from_position({"factions": ["guild", "gnomads"], "characters": {"lunk": 3}, "must_reveal": True})
    assert g.decision.kind == "reveal" and g.legal_actions()


# ---------------------------------------------------------------------------------------------- finding 8
@pytest.mark.parametrize("extra", [{"turn": 2.0}, {"shards": [[3.5], []]}, {"draws": [["c1", 1.0], None]},
                                   {"damage": {"lunk": 0.5}}, {"characters": {"lunk": 1e1}}])
def test_fractions_in_a_position_are_refused(extra):
    with pytest.raises(PositionError):
        wl.Game.from_position({"factions": ["guild", "gnomads"], **extra})


# ---------------------------------------------------------------------------------------------- finding 9
def test_cancel_is_offered_a_bounded_number_of_times_a_turn():
    g = _pickup_game()
    for _ in range(rules.CANCELS_PER_TURN):
        g.apply("pickup lunk")
        assert "cancel" in options(g)
        g.apply("cancel")
    g.apply("pickup lunk")
    assert "cancel" not in options(g) and g.legal_actions()  # the pickup must now be paid


def test_the_longest_legal_game_ends_at_the_move_limit():
    """Everybody only ends turns and passes: a game that would never end ends at the move limit. (Its save
    fits MAX_SAVE_CHARS and reloads, and nothing is legal after it: tests/conformance.)"""
    g = wildlands_stalling_game()
    assert len(g.log) == saves.MAX_MOVES <= saves.MAX_LOG and g.winners
    assert saves.MAX_SAVE_CHARS >= saves.SAVE_OVERHEAD + saves.MAX_MOVES * (saves.LONGEST_MOVE + 3)


def test_no_legal_move_is_longer_than_the_longest_move_the_save_limit_allows_for():
    from .test_fuzz import states

    for g in states():
        assert all(len(str(a)) <= saves.LONGEST_MOVE for a in g.legal_actions())
    assert saves.LONGEST_MOVE <= saves.MAX_MOVE_CHARS
