"""Card-set schema (py/crystalclans/cards.py): the shipped set validates, broken card files are rejected
with messages naming the card and the field, hashing is stable, owner overrides work."""

import copy
import importlib
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CARDS_PY = ROOT / "py" / "crystalclans" / "cards.py"
BASE_JSON = ROOT / "py" / "crystalclans" / "data" / "base_set.json"


def _load_cards_module():
    """Import crystalclans.cards normally; if the package itself does not import (the engine is being written
    concurrently), load the module file on its own."""
    try:
        return importlib.import_module("crystalclans.cards")
    except Exception:  # noqa: BLE001 - any failure of the package import
        name = "crystalclans_cards_standalone"
        if name in sys.modules:
            return sys.modules[name]
        spec = importlib.util.spec_from_file_location(name, CARDS_PY)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod  # pydantic resolves annotations through sys.modules
        spec.loader.exec_module(mod)
        return mod


cards = _load_cards_module()
CardSetError = cards.CardSetError


@pytest.fixture(scope="module")
def base() -> dict:
    with open(BASE_JSON, encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture
def doc(base) -> dict:
    return copy.deepcopy(base)


def unit(d: dict, uid: str) -> dict:
    for clan in d["clans"]:
        for u in clan["units"]:
            if u["id"] == uid:
                return u
    raise KeyError(uid)


def crystal(d: dict, cid: str) -> dict:
    for c in d["crystals"]:
        if c["id"] == cid:
            return c
    raise KeyError(cid)


def problems_of(d: dict) -> list[str]:
    with pytest.raises(CardSetError) as info:
        cards.validate_card_set(d)
    assert info.value.problems, "CardSetError without problems"
    return info.value.problems


def assert_problem(problems: list[str], *needles: str) -> str:
    """One problem must contain every needle; returns it."""
    for p in problems:
        if all(n in p for n in needles):
            return p
    raise AssertionError(f"no problem mentions all of {needles!r}; problems were:\n" + "\n".join(problems))


# ------------------------------------------------------------------------------------------- shipped set
def test_shipped_set_validates(base):
    model = cards.validate_card_set(base)
    assert isinstance(model, cards.CardSetModel)
    assert [c.id for c in model.clans] == ["blood", "flower", "meteor", "skull", "stone", "water"]
    assert len(model.clans) == 6
    for clan in model.clans:
        assert sum(u.copies.value for u in clan.units) == 27, clan.id
        assert len(clan.units) == 9
    assert len(model.crystals) == 15
    assert len(model.board.zones) == 9
    assert model.rules.deck_size.value == 27


def test_model_exposes_typed_values(base):
    model = cards.validate_card_set(base)
    condor = model.unit("blood.condor")
    assert condor.clan == "blood"
    assert condor.attack.value == 6 and condor.attack.tag == "inferred" and condor.attack.conf == "medium-high"
    assert condor.keywords.value == ["FLYING"]
    flight = condor.abilities[0].effects[0]
    assert flight.op == "movement"
    assert flight.param("max_zones") == 2
    assert flight.param("condition") == {"all_in_squad_have": "FLYING"}
    # a parameter written as a tagged value keeps its own provenance
    riders = model.unit("blood.aarock_riders")
    n = riders.battle.left[0].params["n"]
    assert isinstance(n, cards.TaggedValue) and n.value == 5 and n.tag == "seed"
    assert riders.battle.left[0].param("n") == 5
    assert model.crystal("crystal.winds_wish").cost.value == 9


def test_validation_does_not_mutate_input(base):
    before = cards.card_set_hash(base)
    cards.validate_card_set(base)
    assert cards.card_set_hash(base) == before


# ------------------------------------------------------------------------------------------- broken variants
def test_non_integer_attack(doc):
    unit(doc, "blood.condor")["attack"]["value"] = "six"
    p = assert_problem(problems_of(doc), "blood.condor", "attack", "whole number")
    assert p == 'card blood.condor, field attack: must be a whole number >= 0 (got "six")'


def test_float_attack_is_not_a_whole_number(doc):
    unit(doc, "blood.condor")["attack"]["value"] = 6.5
    assert_problem(problems_of(doc), "card blood.condor", "field attack", "whole number", "6.5")


def test_negative_summon(doc):
    unit(doc, "flower.menders")["summon"]["value"] = -1
    assert_problem(problems_of(doc), "card flower.menders", "field summon", ">= 0", "-1")


def test_negative_crystal_cost(doc):
    crystal(doc, "crystal.winds_wish")["cost"]["value"] = -2
    assert_problem(problems_of(doc), "card crystal.winds_wish", "field cost", ">= 0")


def test_unknown_op(doc):
    unit(doc, "blood.condor")["abilities"][0]["effects"][0]["op"] = "fly"
    p = assert_problem(problems_of(doc), "card blood.condor", "ability blood.condor.flight", "effect 1",
                       'unknown primitive "fly"')
    assert "known:" in p and "attack_bonus" in p and "movement" in p


def test_bad_enum_param(doc):
    eff = crystal(doc, "crystal.veylas_veil")["effects"][0]
    assert eff["op"] == "send_home"
    eff["target"] = "army"
    p = assert_problem(problems_of(doc), "card crystal.veylas_veil", "effect 1", "parameter target", '"army"')
    assert "squad" in p and "unit" in p


def test_bad_int_param_written_as_tagged_value(doc):
    n = unit(doc, "blood.aarock_riders")["battle"]["left"][0]["n"]
    assert isinstance(n, dict) and n["tag"] == "seed"
    n["value"] = 0
    assert_problem(problems_of(doc), "card blood.aarock_riders", "battle card left side", "effect 1", "parameter n",
                   ">= 1")


def test_unknown_keyword(doc):
    unit(doc, "blood.condor")["keywords"]["value"] = ["FLYING", "SWIMMING"]
    p = assert_problem(problems_of(doc), "card blood.condor", "field keywords", '"SWIMMING"')
    assert "FLYING" in p  # the known keywords are listed


def test_unknown_keyword_inside_condition(doc):
    unit(doc, "blood.condor")["abilities"][0]["effects"][0]["condition"] = {"all_in_squad_have": "FLYNG"}
    assert_problem(problems_of(doc), "card blood.condor", "ability blood.condor.flight", "parameter condition",
                   '"FLYNG"')


def test_unknown_filter(doc):
    crystal(doc, "crystal.winds_wish")["effects"][0]["filter"] = {"everything": True}
    assert_problem(problems_of(doc), "card crystal.winds_wish", "parameter filter", 'unknown filter "everything"')


def test_unknown_trigger(doc):
    unit(doc, "blood.condor")["abilities"][0]["trigger"] = "on_fly"
    p = assert_problem(problems_of(doc), "card blood.condor", "ability blood.condor.flight", "field trigger",
                       '"on_fly"')
    assert "passive_modifier" in p


def test_unknown_crystal_trigger(doc):
    crystal(doc, "crystal.tidestone")["trigger"] = "on_lose"
    assert_problem(problems_of(doc), "card crystal.tidestone", "field trigger", '"on_lose"', "on_gain")


def test_missing_tag(doc):
    del unit(doc, "blood.condor")["attack"]["tag"]
    p = assert_problem(problems_of(doc), "card blood.condor", "field attack", 'missing "tag"')
    assert "seed" in p  # says which tags exist


def test_unknown_tag(doc):
    unit(doc, "blood.condor")["defense"]["tag"] = "guess"
    assert_problem(problems_of(doc), "card blood.condor", "field defense.tag", '"guess"')


def test_seed_without_src(doc):
    rank = unit(doc, "blood.condor")["rank"]
    assert rank["tag"] == "seed"
    del rank["src"]
    assert_problem(problems_of(doc), "card blood.condor", "field rank", '"seed"', "src")


def test_inferred_without_conf(doc):
    del unit(doc, "blood.condor")["attack"]["conf"]
    assert_problem(problems_of(doc), "card blood.condor", "field attack", '"inferred"', "conf")


def test_effect_seed_without_src(doc):
    eff = unit(doc, "blood.condor")["battle"]["left"][0]
    assert eff["tag"] == "seed"
    del eff["src"]
    assert_problem(problems_of(doc), "card blood.condor", "battle card left side, effect 1", '"seed"', "src")


def test_duplicate_unit_id(doc):
    unit(doc, "blood.marauders")["id"] = "blood.condor"
    assert_problem(problems_of(doc), "card blood.condor", "field id", 'duplicate id "blood.condor"')


def test_asymmetric_adjacency(doc):
    doc["board"]["adjacency"]["b_west"].remove("b_home")
    assert_problem(problems_of(doc), "board", "adjacency", '"b_home"', '"b_west"', "symmetric")


def test_adjacency_to_unknown_zone(doc):
    doc["board"]["adjacency"]["a_west"].append("moon")
    assert_problem(problems_of(doc), "board", "adjacency", '"a_west"', 'unknown zone "moon"')


def test_deck_of_26_cards(doc):
    u = unit(doc, "blood.marauders")
    u["copies"] = {"value": u["copies"]["value"] - 1, "tag": "design"}
    p = assert_problem(problems_of(doc), "clan blood", "field copies", "26 cards", "27")
    assert "blood.marauders x5" in p


def test_deck_size_follows_rules(doc):
    doc["rules"]["deck_size"]["value"] = 28
    problems = problems_of(doc)
    for clan in ("blood", "flower", "meteor", "skull", "stone", "water"):
        assert_problem(problems, f"clan {clan}", "field copies", "27 cards", "28")


def test_unknown_signature_id(doc):
    eff = unit(doc, "blood.marauders")["abilities"][0]["effects"][0]
    assert eff["op"] == "signature"
    eff["id"] = "hoard"
    p = assert_problem(problems_of(doc), "card blood.marauders", "ability blood.marauders.horde", "effect 1",
                       "parameter id", 'unknown signature "hoard"')
    assert "horde" in p


def test_unknown_special_id(doc):
    for u in (u for c in doc["clans"] for u in c["units"]):
        for ab in u["abilities"]:
            for eff in ab["effects"]:
                if eff["op"] == "special" and eff["id"] == "heal":
                    eff["id"] = "heel"
    assert_problem(problems_of(doc), "card flower.menders", 'unknown special "heel"')


def test_typo_in_field_name_is_caught(doc):
    u = unit(doc, "blood.condor")
    u["atack"] = u.pop("attack")
    problems = problems_of(doc)
    assert_problem(problems, "card blood.condor", 'unknown entry "atack"')
    assert_problem(problems, "card blood.condor", 'missing "attack"')


def test_all_problems_are_reported(doc):
    unit(doc, "blood.condor")["attack"]["value"] = "six"  # structural
    unit(doc, "water.shapeshifters")["keywords"]["value"] = ["GHOST"]  # semantic, another clan
    crystal(doc, "crystal.ember_crown")["effects"][0]["op"] = "burn"  # semantic, a crystal
    doc["board"]["adjacency"]["c_east"].remove("a_east")  # board
    problems = problems_of(doc)
    assert_problem(problems, "blood.condor", "attack")
    assert_problem(problems, "water.shapeshifters", "keywords", "GHOST")
    assert_problem(problems, "crystal.ember_crown", 'unknown primitive "burn"')
    assert_problem(problems, "board", "adjacency", "c_east")


def test_error_text_lists_problems_one_per_line(doc):
    for clan in doc["clans"][:2]:
        for u in clan["units"]:
            u["attack"]["value"] = -1
    with pytest.raises(CardSetError) as info:
        cards.validate_card_set(doc)
    err = info.value
    assert isinstance(err, ValueError)
    assert len(err.problems) == 18
    text = str(err)
    assert len(text.splitlines()) <= 12  # header + at most 10 problems + "... and N more"
    assert "more" in text.splitlines()[-1]
    assert err.problems[0] in text


def test_not_a_mapping():
    with pytest.raises(CardSetError):
        cards.validate_card_set(["not", "a", "card", "set"])


# ------------------------------------------------------------------------------------------- hashing
def test_card_set_hash_is_stable(base, doc):
    h = cards.card_set_hash(base)
    assert len(h) == 64 and int(h, 16) >= 0
    assert cards.card_set_hash(doc) == h  # equal copy, equal hash
    reordered = dict(reversed(list(doc.items())))  # key order does not matter
    assert cards.card_set_hash(reordered) == h


def test_card_set_hash_matches_spec(base):
    import hashlib

    expected = hashlib.sha256(json.dumps(base, sort_keys=True, separators=(",", ":"),
                                         ensure_ascii=False).encode("utf-8")).hexdigest()
    assert cards.card_set_hash(base) == expected


def test_card_set_hash_changes_with_a_value(base, doc):
    unit(doc, "blood.condor")["attack"]["value"] = 7
    assert cards.card_set_hash(doc) != cards.card_set_hash(base)


# ------------------------------------------------------------------------------------------- overrides
OVERRIDE = {
    "format": "crystalclans-override/1",
    "id": "my-physical-box",
    "units": {"blood.condor": {"attack": 7, "defense": 9, "summon": 5, "activation": 2, "copies": 1}},
    "crystals": {"crystal.winds_wish": {"cost": 8}},
}


def override_problems(base, override) -> list[str]:
    with pytest.raises(CardSetError) as info:
        cards.apply_override(base, override)
    assert info.value.problems
    return info.value.problems


def test_override_replaces_values_and_tags_owner(base):
    before = cards.card_set_hash(base)
    new = cards.apply_override(base, OVERRIDE)
    condor = unit(new, "blood.condor")
    owner = {"tag": "owner", "note": "owner override"}
    assert condor["attack"] == {"value": 7, **owner}
    assert condor["defense"] == {"value": 9, **owner}
    assert condor["summon"] == {"value": 5, **owner}
    assert condor["activation"] == {"value": 2, **owner}
    assert condor["copies"] == {"value": 1, **owner}
    assert crystal(new, "crystal.winds_wish")["cost"] == {"value": 8, **owner}
    # untouched fields and cards stay as they were
    assert condor["keywords"] == unit(base, "blood.condor")["keywords"]
    assert unit(new, "blood.marauders") == unit(base, "blood.marauders")
    # the base is not mutated, the result is a different document that validates
    assert cards.card_set_hash(base) == before
    assert unit(base, "blood.condor")["attack"]["value"] == 6
    assert cards.card_set_hash(new) != before
    model = cards.validate_card_set(new)
    assert model.unit("blood.condor").attack.value == 7
    assert model.unit("blood.condor").attack.tag == "owner"


def test_override_result_shares_no_objects_with_base(base):
    new = cards.apply_override(base, OVERRIDE)
    new["clans"][1]["units"][0]["attack"]["value"] = 99
    assert base["clans"][1]["units"][0]["attack"]["value"] != 99


def test_override_unknown_unit_id(base):
    bad = {**OVERRIDE, "units": {"blood.kondor": {"attack": 7}}}
    p = assert_problem(override_problems(base, bad), "blood.kondor", "unknown unit id")
    assert "blood.condor" in p  # suggestion


def test_override_unknown_crystal_id(base):
    bad = {**OVERRIDE, "crystals": {"crystal.nope": {"cost": 3}}}
    assert_problem(override_problems(base, bad), "crystal.nope", "unknown crystal id")


def test_override_unit_listed_as_crystal(base):
    bad = {**OVERRIDE, "crystals": {"blood.condor": {"cost": 3}}}
    assert_problem(override_problems(base, bad), "blood.condor", '"units"')


def test_override_unknown_field(base):
    bad = {**OVERRIDE, "units": {"blood.condor": {"atack": 7}}}
    p = assert_problem(override_problems(base, bad), "card blood.condor", "field atack", "cannot be overridden")
    assert "attack" in p


def test_override_bad_value(base):
    bad = {**OVERRIDE, "units": {"blood.condor": {"attack": "seven"}}}
    assert_problem(override_problems(base, bad), "card blood.condor", "field attack", "whole number", '"seven"')


def test_override_bad_format_and_extra_keys(base):
    assert_problem(override_problems(base, {**OVERRIDE, "format": "crystalclans-override/9"}), "format")
    assert_problem(override_problems(base, {**OVERRIDE, "colour": "red"}), 'unknown entry "colour"')
    missing_id = {k: v for k, v in OVERRIDE.items() if k != "id"}
    assert_problem(override_problems(base, missing_id), 'missing "id"')


def test_override_that_breaks_the_deck_is_rejected(base):
    before = cards.card_set_hash(base)
    bad = {**OVERRIDE, "units": {"blood.condor": {"copies": 2}}}
    p = assert_problem(override_problems(base, bad), "clan blood", "field copies", "28 cards", "27")
    assert "blood.condor x2" in p
    assert cards.card_set_hash(base) == before


def test_override_with_unknown_keyword_is_rejected(base):
    bad = {**OVERRIDE, "units": {"blood.condor": {"keywords": ["SWIMMING"]}}}
    assert_problem(override_problems(base, bad), "card blood.condor", "field keywords", '"SWIMMING"')
