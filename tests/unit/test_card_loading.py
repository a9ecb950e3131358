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
    for src in (BASE_SET_FILE, text, text.encode(), json.loads(text)):
        assert cc.load_card_set(src).hash == cc.base_set().hash


def test_a_string_is_card_file_text_never_a_path():
    with pytest.raises(CardSetError, match="pass a pathlib.Path"):
        cc.load_card_set(str(BASE_SET_FILE))


def test_unreadable_card_files_raise_card_set_errors(tmp_path):
    latin = tmp_path / "latin1.json"
    latin.write_bytes('{"meta": "Öl"}'.encode("latin-1"))
    for src, words in ((latin, "not UTF-8"), (tmp_path / "missing.json", "cannot be read"),
                       ("[" * 100_000, "not valid JSON"), ('{"a": NaN}', "not valid JSON"), (42, "JSON object")):
        with pytest.raises(CardSetError, match=words):
            cc.load_card_set(src)


@pytest.mark.parametrize("path, value, words", [
    (("initiative", "spaces_per_side"), 1, "turn could never pass"),
    (("rules", "crystals_to_win"), 28, "crystals_to_win"),
    (("rules", "face_up_crystals"), 0, "face_up_crystals"),
    (("rules", "replenish_hand_size"), 10**7, "more than 50"),
])
def test_a_valid_card_set_that_could_not_be_played_is_refused(path, value, words):
    doc = json.loads(BASE_SET_FILE.read_text(encoding="utf-8"))
    field = doc[path[0]][path[1]]
    field["value"] = value
    with pytest.raises(CardSetError, match=words):
        cc.load_card_set(doc)


def test_a_malformed_override_is_a_card_set_error():
    for bad in ([], {"format": "crystalclans-override/1", "units": []},
                {"format": "crystalclans-override/1", "units": {"blood.condor": None}},
                {"format": "crystalclans-override/1", "units": {"blood.condor": {"attack": "x"}}}):
        with pytest.raises(CardSetError):
            cc.load_card_set(cc.base_set().raw, bad)


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


def _with_track(spaces: int, replenish: int | None = None) -> dict:
    doc = json.loads(BASE_SET_FILE.read_text(encoding="utf-8"))
    doc["initiative"]["spaces_per_side"]["value"] = spaces
    if replenish is not None:
        doc["initiative"]["fixed_costs"]["replenish"]["value"] = replenish
    return doc


@pytest.mark.parametrize("spaces", [1, 2, 3])
def test_a_track_too_short_to_afford_a_replenish_is_refused(spaces):
    """Issue 23: with 2 spaces per side every random game reached an action choice with no option. The player
    who must act may have the token on the neutral space next to her opponent's side; only replenish needs
    nothing but its cost, so the track must reach neutral spaces + replenish cost (1 + 3) past the centre."""
    with pytest.raises(CardSetError) as err:
        cc.load_card_set(_with_track(spaces))
    assert f"initiative.spaces_per_side: {spaces} is less than 4" in str(err.value)


def test_a_replenish_cost_the_track_cannot_always_pay_is_refused():
    with pytest.raises(CardSetError, match="initiative.spaces_per_side: 20 is less than 21"):
        cc.load_card_set(_with_track(20, replenish=20))


@pytest.mark.parametrize("spaces, replenish", [(4, 3), (20, 19)])
def test_the_shortest_accepted_track_plays_to_a_winner(spaces, replenish):
    from crystalclans.rng import Rng, seed_state

    cs = cc.load_card_set(_with_track(spaces, replenish))
    for seed in range(3):
        g = cc.new_game(("blood", "skull"), seed=seed, card_set=cs)
        bot = Rng(seed_state(seed, 1))
        for _ in range(20_000):
            if g.is_over:
                break
            opts = g.legal_actions()
            assert opts, f"seed {seed}: a {g.decision.kind} decision with no option after {len(g.log)} moves"
            g.apply(opts[bot.below(len(opts))])
        assert g.winner in (0, 1)


def test_crystals_to_win_counts_only_the_crystals_that_cannot_be_removed():
    """Found by tests/property/test_card_set_numbers.py: with 8 to win and 15 crystals the set loaded, but two
    crystals (Shattered Vessel, Veyla's Veil) may be removed from the game, and removed crystals do not
    count; 13 crystals can split 7 and 6, so the game went on with nothing left to score."""
    doc = json.loads(BASE_SET_FILE.read_text(encoding="utf-8"))
    doc["rules"]["crystals_to_win"]["value"] = 8
    with pytest.raises(CardSetError, match=r"rules.crystals_to_win: 8; .*2 of which can be removed.* at most 7"):
        cc.load_card_set(doc)
    doc["rules"]["crystals_to_win"]["value"] = 7
    assert cc.load_card_set(doc).crystals_to_win == 7


def test_a_value_adjusted_for_balance_says_so_and_names_its_old_value():
    """Issue 27: a design value changed by the balance pass keeps its old value in its note ("balance: was
    3; ..."), and the card details say it was adjusted for balance, in English and German."""
    from app import i18n
    from app.games.crystalclans.card_data import origin_in_words
    from crystalclans.balancenotes import balanced_from

    changed = {"value": 4, "tag": "design", "note": "balance: was 3; Stone 28% -> 45% (hard self-play)"}
    plain = {"value": 3, "tag": "design", "note": "a common's usual cost"}
    assert balanced_from(changed) == "3" and balanced_from(plain) is None
    assert balanced_from({"value": 3, "tag": "seed", "src": "seed:x"}) is None
    try:
        assert origin_in_words(changed) == "Our design, adjusted for balance (it was 3)."
        assert origin_in_words(plain) == "Our design: no source gives this value."
        i18n.use("de")
        assert origin_in_words(changed) == "Unser Entwurf, für die Balance angepasst (vorher 3)."
    finally:
        i18n.use("en")
