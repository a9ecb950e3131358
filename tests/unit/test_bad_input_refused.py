"""Crystal Clans refuses the classes of bad input the fuzzing of Tash-Kalar and Wildlands found (issue 50), each
with its own error and the game unchanged: option types for new_game, a malformed setup for from_log, a huge
position. (Deeply nested or huge values for apply(), from_log and from_position, for every game:
tests/conformance.)"""
from __future__ import annotations

import pytest

import crystalclans as cc



def nested(depth: int, leaf=0):
    v = leaf
    for _ in range(depth):
        v = [v]
    return v


@pytest.mark.parametrize("options, words", [
    ({"first_player": 1.0}, "first_player"), ({"first_player": True}, "first_player"),
    ({"first_player": "0"}, "first_player"), ({"first_player": nested(3000)}, "first_player"),
    ({"seed": 1.0}, "seed"), ({"seed": True}, "seed"), ({"seed": "7"}, "seed"), ({"seed": 2 ** 64}, "seed"),
    ({"mulligan": "yes"}, "mulligan"), ({"clans": "blood"}, "clans"), ({"clans": [["blood"], "skull"]}, "clan"),
    ({"clans": nested(3000)}, "clans"),
])
def test_new_game_refuses_bad_option_types_with_a_value_error(options, words):
    with pytest.raises(ValueError, match=words) as e:
        cc.new_game(**{"clans": ("blood", "skull"), **options})
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("setup", [  # (and every game's malformed setups: tests/conformance/test_history.py)
    {"x": 1}, [1], {"clans": ["blood"], "seed": 1}, {"clans": ["blood", "skull"]}, {"position": nested(3000)},
    {"position": [1]}])
def test_from_log_refuses_a_malformed_setup_with_a_save_error(setup):
    with pytest.raises(cc.SaveError):
        cc.Game.from_log(setup, [])


def test_a_huge_position_is_refused_by_its_size():
    with pytest.raises(cc.PositionError, match="values"):
        cc.Game.from_position({"clans": ["blood", "skull"], "hands": [["blood.condor"] * 200_000, []]})


@pytest.mark.parametrize("digits", ["²", "٣", "１", "12\u0663"])
def test_unicode_digits_are_no_number_anywhere_text_is_read(digits):
    """"²".isdigit() is true and int("²") fails: a card token, the page's URL and the start screen's choice
    read such text as no number, never with a bare ValueError."""
    from app.controller import url_int
    from app.settings import first_player
    from crystalclans.actions import read_token

    assert read_token(f"blood.condor@{digits}#{digits}") == ("blood.condor", None, None)
    assert url_int(f"?seed={digits}", "seed") is None and url_int("?seed=42", "seed") == 42
    assert first_player({"first": digits}) == "random" and first_player({"first": "1"}) == 1
    g = cc.new_game(("blood", "skull"), seed=3)
    with pytest.raises(cc.IllegalAction):
        g.apply(f"summon blood.condor@{digits}")
