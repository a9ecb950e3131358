"""The public API of DESIGN.md section 3, as written, where it is Crystal Clans' own. (Refusals of illegal and
malformed actions, saves round-tripping, state_hash, clone, views as data and the end of a game are every
game's: tests/conformance.)"""
from __future__ import annotations

import json

import pytest

import crystalclans as cc
from crystalclans.simulate import random_game

from ..conftest import sample_states


def test_new_game_and_basic_properties():
    g = cc.new_game(clans=("blood", "skull"), seed=7, first_player=0, mulligan=False)
    assert g.to_act == (0,)
    assert g.decision.kind == "action"
    assert isinstance(g.decision.prompt, str) and g.decision.prompt
    acts = g.legal_actions()
    assert acts and all(isinstance(a, cc.Action) for a in acts)
    assert cc.Action("replenish") in acts
    assert g.winner is None and not g.is_over
    assert g.log == []


def test_apply_accepts_action_or_text_and_logs_notation(blood_skull):
    g = blood_skull
    g.apply("replenish")
    assert g.log == ["replenish"]
    assert g.decision.kind == "replenish"
    g.apply(cc.Action("done"))
    assert g.log == ["replenish", "done"]


def test_notation_round_trips_for_every_action():
    count = 0
    for g, _ in sample_states(games=21, every=2):
        for a in g.legal_actions():
            text = str(a)
            assert cc.parse_action(g, text) == a
            assert cc.parse_action(g, "  " + text.replace(" ", "   ") + " ") == a  # whitespace-insensitive
            count += 1
    assert count > 5000


def test_save_records_setup_and_card_set():
    g = random_game(("water", "stone"), 11)
    doc = json.loads(g.to_json())
    assert doc["setup"] == {"clans": ["water", "stone"], "seed": 11, "first_player": None, "mulligan": False}
    assert doc["card_set"]["hash"] == cc.base_set().hash
    assert len(doc["log"]) == len(g.log)


@pytest.mark.parametrize("mutate, words", [  # (the edits every game refuses: tests/conformance/test_saves.py)
    (lambda d: json.dumps({**d, "log": d["log"][:5] + ["invade now"] + d["log"][5:]}), "Move 6"),
    (lambda d: json.dumps({**d, "setup": {**d["setup"], "seed": "x"}}), "damaged"),
    (lambda d: json.dumps({**d, "setup": {**d["setup"], "clans": ["blood", "elves"]}}), "invalid"),
    (lambda d: json.dumps({**d, "card_set": {"id": "other", "hash": "0" * 64}}), "card set"),
])
def test_bad_saves_raise_save_error_with_clear_message(mutate, words):
    g = random_game(("blood", "flower"), 4)
    doc = json.loads(g.to_json())
    with pytest.raises(cc.SaveError) as err:
        cc.Game.from_json(mutate(doc))
    assert words in str(err.value)


def test_same_seed_same_game():
    assert random_game(("meteor", "skull"), 99).log == random_game(("meteor", "skull"), 99).log


def test_first_player_random_from_seed_unless_given():
    firsts = {cc.new_game(("blood", "skull"), seed=s).active for s in range(40)}
    assert firsts == {0, 1}
    for fp in (0, 1):
        g = cc.new_game(("blood", "skull"), seed=5, first_player=fp)
        assert g.active == fp and g.first_player == fp


def test_bad_setup_arguments():
    with pytest.raises(ValueError, match="unknown clan"):
        cc.new_game(("blood", "elves"))
    with pytest.raises(ValueError, match="first_player"):
        cc.new_game(("blood", "skull"), first_player=2)


def test_from_position_rejects_bad_input_clearly():
    with pytest.raises(ValueError, match="unknown unit"):
        cc.Game.from_position({"clans": ["blood", "skull"], "hands": [["blood.nobody"], []]})
    with pytest.raises(ValueError, match="unknown zone"):
        cc.Game.from_position({"clans": ["blood", "skull"], "squads": {"moon": [[], []]}})
    with pytest.raises(ValueError, match="clans"):
        cc.Game.from_position({"clans": ["blood"]})


def test_a_save_keeps_the_players_names_and_earlier_saves_still_load():
    from crystalclans.saves import save_names

    g = random_game(("water", "stone"), 11)
    plain = g.to_json()
    assert json.loads(plain)["format"] == "crystalclans-save/1" and save_names(json.loads(plain)) is None
    named = g.to_json(names=["Ada", "Bo"])
    doc = json.loads(named)
    assert doc["format"] == "crystalclans-save/2" and save_names(doc) == ["Ada", "Bo"]
    assert cc.Game.from_json(named).state_hash() == cc.Game.from_json(plain).state_hash() == g.state_hash()
    for bad in ({**doc, "players": [{"name": "Ada"}]}, {**doc, "players": [{"name": 5}, {"name": "Bo"}]},
                {**doc, "players": [{"name": "x" * 25}, {"name": "Bo"}]},
                {**doc, "format": "crystalclans-save/1"}):
        with pytest.raises(cc.SaveError):
            cc.Game.from_json(bad)
