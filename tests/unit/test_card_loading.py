"""Loading card sets: the shipped one without pydantic, untrusted ones validated, owner overrides, and
saves bound to the card set they were made with."""
from __future__ import annotations

import json

import pytest

import crystalclans as cc
from crystalclans.cardset import BASE_SET_FILE
from crystalclans.cards import CardSetError


def test_load_card_set_from_path_text_and_dict_equals_base():
    text = BASE_SET_FILE.read_text(encoding="utf-8")
    for src in (str(BASE_SET_FILE), BASE_SET_FILE, text, json.loads(text)):
        assert cc.load_card_set(src).hash == cc.base_set().hash


def test_broken_card_file_names_card_and_field():
    doc = json.loads(BASE_SET_FILE.read_text(encoding="utf-8"))
    doc["clans"][0]["units"][0]["attack"]["value"] = "six"
    with pytest.raises(CardSetError) as err:
        cc.load_card_set(doc)
    assert "blood.condor" in str(err.value) and "attack" in str(err.value)
    with pytest.raises(CardSetError, match="not valid JSON"):
        cc.load_card_set("{not json")


def test_override_changes_values_and_the_game_uses_them():
    override = {"format": "crystalclans-override/1", "id": "my-fix", "units": {"blood.condor": {"attack": 7}}}
    cs = cc.load_card_set(cc.base_set().raw, override)
    assert cs.unit("blood.condor").attack == 7 and cs.hash != cc.base_set().hash
    assert cs.provenance("blood.condor")["attack"]["tag"] == "owner"
    g = cc.new_game(("blood", "skull"), seed=1, card_set=cs)
    assert g.cs is cs


def test_save_made_with_another_card_set_says_so():
    override = {"format": "crystalclans-override/1", "id": "my-fix", "crystals": {"crystal.winds_wish": {"cost": 8}}}
    cs = cc.load_card_set(cc.base_set().raw, override)
    g = cc.new_game(("blood", "skull"), seed=1, card_set=cs)
    g.apply("replenish")
    with pytest.raises(cc.SaveError, match="card set"):
        cc.Game.from_json(g.to_json())  # loaded against the base set
    assert cc.Game.from_json(g.to_json(), card_set=cs).state_hash() == g.state_hash()


def test_provenance_is_exposed_per_field():
    prov = cc.base_set().provenance("blood.condor")
    assert prov["attack"]["tag"] == "inferred" and prov["attack"]["value"] == 6
    assert prov["battle.style"]["tag"] == "design"
    assert cc.base_set().provenance("crystal.winds_wish")["cost"]["tag"] == "seed"
