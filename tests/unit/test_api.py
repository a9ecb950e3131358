"""The public API of DESIGN.md section 3, as written."""
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


@pytest.mark.parametrize("bad", ["fly away", "summon nobody", "activate nowhere", "", "score crystal.nope", 42])
def test_illegal_action_raises_and_leaves_game_unchanged(blood_skull, bad):
    g = blood_skull
    before = g.state_hash()
    log = list(g.log)
    with pytest.raises(cc.IllegalAction) as err:
        g.apply(bad)
    assert "not legal" in str(err.value) and "Legal:" in str(err.value)
    assert g.state_hash() == before and g.log == log


def test_illegal_action_object_and_malformed_input(blood_skull):
    g = blood_skull
    before = g.state_hash()
    for bad in (cc.Action("invade"), cc.Action("summon", ("blood.condor", "x")), cc.Action("score", ())):
        with pytest.raises(cc.IllegalAction):
            g.apply(bad)
    assert g.state_hash() == before


def test_illegal_in_every_decision_kind_leaves_state_unchanged():
    seen = set()
    for g, _ in sample_states(games=25, every=3):
        if g.decision is None or g.decision.kind in seen:
            continue
        seen.add(g.decision.kind)
        before = g.state_hash()
        with pytest.raises(cc.IllegalAction):
            g.apply("definitely not an action")
        assert g.state_hash() == before
    assert {"action", "summon", "reorder", "move", "battle", "battle_card", "replenish", "draw"} <= seen


def test_notation_round_trips_for_every_action():
    count = 0
    for g, _ in sample_states(games=21, every=2):
        for a in g.legal_actions():
            text = str(a)
            assert cc.parse_action(g, text) == a
            assert cc.parse_action(g, "  " + text.replace(" ", "   ") + " ") == a  # whitespace-insensitive
            count += 1
    assert count > 5000


def test_applying_parsed_text_equals_applying_action():
    for g, _ in sample_states(games=5, every=11):
        if g.decision is None:
            continue
        for a in g.legal_actions()[:4]:
            x, y = g.clone(), g.clone()
            x.apply(a)
            y.apply(str(a))
            assert x.state_hash() == y.state_hash()


def test_game_over_has_no_actions():
    g = random_game(("blood", "skull"), 3)
    assert g.is_over and g.winner in (0, 1)
    assert g.legal_actions() == [] and g.to_act == () and g.decision is None
    with pytest.raises(cc.IllegalAction):
        g.apply("replenish")


def test_save_round_trip_reproduces_state_hash_at_every_step():
    for g, _ in sample_states(games=8, every=37):
        s = g.to_json()
        h = cc.Game.from_json(s)
        assert h.state_hash() == g.state_hash()
        assert h.log == g.log
        assert json.loads(s)["format"] == "crystalclans-save/1"


def test_save_records_setup_and_card_set():
    g = random_game(("water", "stone"), 11)
    doc = json.loads(g.to_json())
    assert doc["setup"] == {"clans": ["water", "stone"], "seed": 11, "first_player": None, "mulligan": False}
    assert doc["card_set"]["hash"] == cc.base_set().hash
    assert len(doc["log"]) == len(g.log)


@pytest.mark.parametrize("mutate, words", [
    (lambda d: "not json {", "not valid JSON"),
    (lambda d: json.dumps({"hello": 1}), "no 'format'"),
    (lambda d: json.dumps({**d, "format": "other/9"}), "Unsupported save format"),
    (lambda d: json.dumps({**d, "log": d["log"][:5] + ["invade now"] + d["log"][5:]}), "Move 6"),
    (lambda d: json.dumps({**d, "log": d["log"][:-1]}), "do not lead to the state"),
    (lambda d: json.dumps({**d, "setup": {**d["setup"], "seed": "x"}}), "damaged"),
    (lambda d: json.dumps({**d, "setup": {**d["setup"], "clans": ["blood", "elves"]}}), "invalid"),
    (lambda d: json.dumps({**d, "card_set": {"id": "other", "hash": "0" * 64}}), "card set"),
    (lambda d: json.dumps({**d, "extra": 1}), "damaged"),
])
def test_bad_saves_raise_save_error_with_clear_message(mutate, words):
    g = random_game(("blood", "flower"), 4)
    doc = json.loads(g.to_json())
    with pytest.raises(cc.SaveError) as err:
        cc.Game.from_json(mutate(doc))
    assert words in str(err.value)


def test_state_hash_is_stable_hex_and_sensitive():
    a = cc.new_game(("blood", "skull"), seed=1, first_player=0)
    b = cc.new_game(("blood", "skull"), seed=1, first_player=0)
    c = cc.new_game(("blood", "skull"), seed=2, first_player=0)
    assert a.state_hash() == b.state_hash() != c.state_hash()
    assert len(a.state_hash()) == 64 and int(a.state_hash(), 16) >= 0
    a.apply("replenish")
    assert a.state_hash() != b.state_hash()


def test_same_seed_same_game():
    assert random_game(("meteor", "skull"), 99).log == random_game(("meteor", "skull"), 99).log


def test_clone_is_independent_and_equal():
    for g, _ in sample_states(games=6, every=29):
        c = g.clone()
        assert c.state_hash() == g.state_hash()
        if g.decision is None:
            continue
        before = g.state_hash()
        c.apply(c.legal_actions()[-1])
        assert g.state_hash() == before
        # continuing both identically stays identical
        d = g.clone()
        g.apply(g.legal_actions()[0])
        d.apply(d.legal_actions()[0])
        assert g.state_hash() == d.state_hash()


def test_view_is_json_serialisable_for_both_players():
    for g, _ in sample_states(games=6, every=13):
        for p in (0, 1):
            v = g.view(p)
            assert json.loads(json.dumps(v)) == v
            assert v["you"] == p


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
