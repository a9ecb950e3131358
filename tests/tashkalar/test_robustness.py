"""Regression tests for the findings of the outside fuzzing of the Tash-Kalar engine: each malformed input is
refused with the entry point's documented error (IllegalAction, PositionError, SaveError, a ValueError for a
bad option of new_game) and changes nothing; no question betrays a hidden hand; a game always fits its own
save limits. (The refusals every game shares, deep and huge values given to apply(), saves nested too deep,
malformed setups, and the worst game's save loading, are the conformance suite's: tests/conformance.)"""
from __future__ import annotations

import json

import pytest

import tashkalar as tk
from tashkalar.position import PositionError
from tashkalar.saves import SaveError

from ..conformance.games import TASHKALAR_WORST, tashkalar_worst_game
from ..conftest import DEEP, LONG

TEAM = ["northern", "highland", "southern", "sylvan"]


def nested(depth: int, leaf=0):
    x = leaf
    for _ in range(depth):
        x = [x]
    return x


# ---------------------------------------------------------------- 1. a question betrays no hidden hand
def _after_last_action(hand: list[str], deck: str = "northern", board: "dict | None" = None) -> tk.Game:
    pos = {"decks": [deck, "highland"], "active": 0, "turn": 4, "actions_left": 1,
           "board": board if board is not None else {"d4": "1h", "c3": "1h", "g7": "1c"},
           "hands": [hand, ["highland/dire-wolf"]]}
    g = tk.Game.from_position(pos)
    g.apply("place e5")
    return g


def test_whether_the_end_of_turn_is_asked_does_not_depend_on_which_flare_is_in_hand():
    lightable = _after_last_action(["imperial/knight", "flare/12"])   # flare/12 needs 2 upgraded more: met
    unlit = _after_last_action(["imperial/knight", "flare/01"])       # flare/01 needs 3: not met
    for p in (1,):
        assert lightable.view(p) | {"log": None} == unlit.view(p) | {"log": None}
    assert lightable.decision.kind == unlit.decision.kind == "action" and lightable.decision.player == 0
    assert [str(a) for a in lightable.legal_actions()] == ["light flare/12", "end"]
    assert [str(a) for a in unlit.legal_actions()] == ["end"]


def test_the_end_of_turn_is_not_asked_when_no_flare_could_be_lit_by_public_facts():
    g = _after_last_action(["imperial/knight", "flare/12"], board={})  # nobody leads: no flare is lightable
    assert g.decision.player == 1
    g = _after_last_action(["imperial/knight"])                         # no flare in hand (a public count)
    assert g.decision.player == 1


def test_whether_the_end_of_turn_is_asked_does_not_depend_on_a_warp_card_in_hand():
    warp = _after_last_action(["etherweave/paradox-worm"], deck="etherweave", board={})
    plain = _after_last_action(["etherweave/doppelganger"], deck="etherweave", board={})  # no warp effect
    assert warp.view(1) | {"log": None} == plain.view(1) | {"log": None}
    assert [str(a) for a in warp.legal_actions()] == ["warp etherweave/paradox-worm", "end"]
    assert [str(a) for a in plain.legal_actions()] == ["end"]


# ---------------------------------------------------------------- 2. team positions: lists per colour
@pytest.mark.parametrize("extra,words", [
    ({"removed": [[0, 0], [0, 0], [0, 0], [0, 0]]}, "removed"),
    ({"removed": [[0, 0]]}, "removed"),
    ({"stasis": ["3c", None, None, None]}, "stasis"),
    ({"stasis": ["2c", None, None, None]}, "stasis"),
    ({"summon_colour": 3}, "summon_colour"),
    ({"summon_colour": 2}, "summon_colour"),
])
def test_team_position_with_a_list_per_seat_where_colours_belong_is_refused_not_an_index_error(extra, words):
    with pytest.raises(PositionError, match=words):
        tk.Game.from_position({"mode": "team", "decks": TEAM, **extra})


def test_team_position_lists_per_colour_are_accepted_and_save():
    g = tk.Game.from_position({"mode": "team", "decks": TEAM, "removed": [[1, 0], [0, 1]], "summon_colour": 1,
                               "stasis": [None, "0c", None, None], "board": {"e5": "0c"}, "gateway": [None, None,
                                                                                                     "e5", None]})
    assert g.removed[:2] == [[2, 0], [0, 1]] and g.gateway[2] >= 0
    assert tk.Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_team_position_save_with_removed_per_seat_is_a_save_error():
    g = tk.Game.from_position({"mode": "team", "decks": TEAM})
    doc = json.loads(g.to_json())
    doc["position"]["removed"] = [[0, 0]] * 4
    with pytest.raises(SaveError, match="removed"):
        tk.Game.from_json(json.dumps(doc))


# ---------------------------------------------------------------- 3. lists for squares, unicode digits
@pytest.mark.parametrize("extra", [
    {"summons": [[["e5"], 0]]}, {"summons": [[{"a": 1}, 0]]}, {"summons": [["e5", [0]]]},
    {"board": {"e5": "\u00b2c"}}, {"board": {"e5": "\u0661c"}}, {"stasis": ["\u00b2c", None]},
    {"stasis": ["\u0661h", None]},
])
def test_a_list_for_a_square_or_a_unicode_digit_is_a_position_error(extra):
    with pytest.raises(PositionError):
        tk.Game.from_position(extra)


@pytest.mark.parametrize("seat", ["\u00b2", "\u0661", "\uff11", "01", "-1", "9"])
def test_resigning_a_seat_written_with_a_unicode_digit_is_an_illegal_action(seat):
    g = tk.new_game(seed=1)
    with pytest.raises(tk.IllegalAction):
        g.play(f"resign {seat}")
    assert not g.is_over and g.log == []
    doc = json.loads(g.to_json())
    doc["log"] = [f"resign {seat}"]
    with pytest.raises(SaveError):
        tk.Game.from_json(json.dumps(doc))


# ---------------------------------------------------------------- 4. deep nesting of a position or save
@pytest.mark.parametrize("key", ["board", "hands", "summons", "draw", "bogus", "removed"])
def test_a_position_nested_600_deep_is_a_position_error_not_a_recursion_error(key):
    with pytest.raises(PositionError, match="nested"):
        tk.Game.from_position({key: nested(600)})


def test_a_huge_flat_position_is_refused_quickly_by_its_size():
    with pytest.raises(PositionError):
        tk.Game.from_position({"hands": [["imperial/knight"] * 1_000_000, []]})


# ---------------------------------------------------------------- 5. describing bad input without recursion
def test_resign_of_a_deeply_nested_player_is_an_illegal_action():
    g = tk.new_game(seed=1)
    with pytest.raises(tk.IllegalAction):
        g.resign(nested(DEEP))


def test_the_description_of_junk_is_short_and_names_its_type():
    from gamecore.untrusted import describe

    assert describe(nested(DEEP)) == "a list of 1"
    assert len(describe("y" * 10_000)) < 90 and len(describe(list(range(10 ** 5)))) < 90
    assert describe(10 ** 5000) == "a whole number of more than 20 digits"


# ---------------------------------------------------------------- 6. new_game's options
@pytest.mark.parametrize("options,words", [
    ({"first_player": 1.0}, "first_player"), ({"first_player": True}, "first_player"),
    ({"first_player": "0"}, "first_player"), ({"first_player": 2}, "first_player"),
    ({"first_player": nested(600)}, "first_player"),
    ({"players": 2.0}, "players"), ({"players": True}, "players"), ({"seed": 1.0}, "seed"),
    ({"seed": True}, "seed"), ({"seed": 1 << 64}, "seed"), ({"decks": "northern"}, "decks"),
    ({"decks": ("northern", 5)}, "deck"), ({"decks": nested(600)}, "deck"), ({"mode": ["duel"]}, "mode"),
    ({"mode": nested(600)}, "mode"), ({"mode": 1.0}, "mode"),
    ({"mode": "team", "players": 4, "decks": TEAM, "form": ["x"]}, "form"),
    ({"mode": "team", "players": 4, "decks": TEAM, "form": 1.0}, "form"),
])
def test_a_bad_option_of_new_game_is_a_value_error_naming_it(options, words):
    with pytest.raises(ValueError, match=words) as e:
        tk.new_game(**options)
    assert len(str(e.value)) < 300


# ---------------------------------------------------------------- 7. from_log with a malformed setup
@pytest.mark.parametrize("setup", [  # (every game's malformed setups: tests/conformance/test_history.py)
    {"mode": "duel"}, {"mode": "duel", "players": 2}, {"mode": "duel", "players": 2, "decks": 5, "seed": 0},
])
def test_from_log_with_a_malformed_setup_is_a_save_error(setup):
    with pytest.raises(SaveError):
        tk.Game.from_log(setup, [])
    with pytest.raises(SaveError):
        tk.Game.from_setup(setup)


# ---------------------------------------------------------------- 8. fractions and bools in positions
@pytest.mark.parametrize("extra", [
    {"turn": 4.0}, {"points": [1.0, 0]}, {"summons": [["e5", 1.0]]}, {"summons": [["e5", True]]},
    {"seed": 2.0}, {"active": 1.0}, {"killed": [[1.0, 0, 0], [0, 0, 0]]}, {"malus": [1.0, 0]},
    {"mode": "high_form", "tasks_deck": [1.5]}, {"mode": "high_form", "task_next": 2.5},
    {"removed": [[True, 0], [0, 0]]}, {"extra_turns": 1.0}, {"final_left": 1.0, "end_triggered": True},
    {"discarded": 0}, {"end_triggered": 1},
])
def test_a_position_with_a_fraction_or_a_bool_for_a_number_is_refused(extra):
    with pytest.raises(PositionError):
        tk.Game.from_position(extra)


def test_every_accepted_position_saves_and_reloads():
    for extra in ({"summons": [["e5", 1]]}, {"turn": 4}, {"points": [1, 0]}, {"mode": "high_form"}):
        g = tk.Game.from_position(extra)
        assert tk.Game.from_json(g.to_json()).state_hash() == g.state_hash()


# ---------------------------------------------------------------- 9. the resign shortcut is exact
@pytest.mark.parametrize("text", ["resign" + " " * 115 + "garbage", "resign" + " " * 200, "resign x",
                                  "resignation", "resign" + "\x00", "resign 0 now"])
def test_only_the_resign_notation_resigns(text):
    g = tk.new_game(seed=1)
    before = g.state_hash()
    with pytest.raises(tk.IllegalAction):
        g.apply(text)
    assert not g.is_over and g.state_hash() == before


def test_the_resign_notation_still_resigns():
    for text in ("resign", " resign "):
        g = tk.new_game(seed=1, first_player=0)
        g.apply(text)
        assert g.is_over and g.winners == (0,) and g.log == ["resign 1"]


# ---------------------------------------------------------------- 10. a game always fits its save limits
def test_cancel_stops_being_offered_after_the_turns_limit_of_cancels():
    from tashkalar.rules import MAX_CANCELS

    g = tk.Game.from_position({"board": {"e4": "0c", "e6": "0c"}, "hands": [["imperial/swordmaster"], []]})
    for _ in range(MAX_CANCELS):
        g.apply("summon imperial/swordmaster")
        assert "cancel" in [str(a) for a in g.legal_actions()]
        g.apply("cancel")
    g.apply("summon imperial/swordmaster")
    assert "cancel" not in [str(a) for a in g.legal_actions()]
    assert tk.Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_a_game_that_never_summons_ends_at_the_turn_limit():
    from tashkalar.rules import MAX_TURNS, TURN_LIMIT

    g = tk.new_game(seed=5, first_player=0)
    while not g.is_over:
        opts = g.legal_actions()
        g.apply(next((a for a in opts if a.kind in ("place", "take", "own", "end", "skip")), opts[0]))
    assert TURN_LIMIT < g.turn <= MAX_TURNS and g.winners


def test_the_save_limits_hold_the_longest_log_the_rules_allow():
    """Counting, not timing: the log bound (rules.LOG_BOUND, from the turn limit, the entries of a turn and
    the cancels it may offer) fits MAX_LOG, and that many moves of the longest notation plus the largest
    position fit MAX_SAVE_CHARS."""
    from tashkalar import position, rules, saves
    from tashkalar.content import BY_ID, TASK_BY_ID

    assert rules.LOG_BOUND == 3 + rules.MAX_TURNS * (rules.ENTRIES_PER_TURN + 2 * rules.MAX_CANCELS)
    assert rules.LOG_BOUND * 1.15 < saves.MAX_LOG
    longest = max(len(x) for x in list(BY_ID) + list(TASK_BY_ID)) + len("improvise  3")
    biggest_position = position.MAX_NODES * (position.MAX_TEXT + 4)
    assert saves.MAX_LOG * (longest + 3) + biggest_position + 1000 < saves.MAX_SAVE_CHARS
    assert position.MAX_TURN == rules.MAX_TURNS


@pytest.mark.parametrize("which", ["duel", "high_form", "melee3", "melee4", "team_high_form", "team_duel"] if LONG
                         else list(TASHKALAR_WORST))
def test_the_longest_legal_game_ends_at_the_turn_limit(which):
    """The longest game we can build (bench.worst_game: every turn cancels a summon as often as cancel is
    offered, then puts common pieces, and nobody ever scores) ends at the turn limit, within the log bound.
    (That its save fits MAX_SAVE_CHARS and reloads to its state: tests/conformance/test_saves.py; its loading
    time is measured by bench.worst_save.)"""
    from tashkalar import rules

    g = tashkalar_worst_game(which)
    assert g.is_over and rules.TURN_LIMIT < g.turn <= rules.MAX_TURNS
    assert g.log.count("cancel") >= rules.MAX_CANCELS * rules.TURN_LIMIT * 0.9  # (nearly) every turn cancels
    assert len(g.log) <= rules.LOG_BOUND
