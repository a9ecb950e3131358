"""A game reads only the cards of its own two clans (and what every game shares), so tools/carry_games.py may
carry the games of the pairings a balance change left alone over to the new code."""
from __future__ import annotations

import copy
import json

import pytest

from crystalclans import cardset
from crystalclans.ai.match import play
from crystalclans.ai.tournament import balance_figures, balance_markdown
from crystalclans.cardset import load_card_set
from crystalclans.codeversion import clans_played_alike, code_version

from ..conftest import tool

_SHIPPED = json.loads(cardset.BASE_SET_FILE.read_text(encoding="utf-8"))


def _unit(card_set: dict, uid: str) -> dict:
    return next(u for c in card_set["clans"] for u in c["units"] if u["id"] == uid)


def _blood_changed() -> dict:
    """The shipped set with Blood's Marauders two attack stronger (a card every Blood deck plays early)."""
    cs = copy.deepcopy(_SHIPPED)
    _unit(cs, "blood.marauders")["attack"]["value"] += 2
    return cs


@pytest.fixture
def with_card_set(monkeypatch, tmp_path):
    """Make a card set (JSON) the base set of this test."""
    def use(cs: dict) -> None:
        path = tmp_path / f"set{len(list(tmp_path.iterdir()))}.json"
        path.write_text(json.dumps(cs), encoding="utf-8")
        monkeypatch.setattr(cardset, "BASE_SET_FILE", path)
        cardset.base_set.cache_clear()
    yield use
    cardset.base_set.cache_clear()


def test_the_clans_a_change_leaves_alone():
    shipped = load_card_set(_SHIPPED)
    six = frozenset(c["id"] for c in _SHIPPED["clans"])
    assert clans_played_alike(shipped, load_card_set(_blood_changed())) == six - {"blood"}
    reworded = copy.deepcopy(_SHIPPED)
    _unit(reworded, "stone.ballista")["attack"]["note"] = "another reason"  # provenance: no game reads it
    assert clans_played_alike(shipped, load_card_set(reworded)) == six
    crystal = copy.deepcopy(_SHIPPED)
    crystal["crystals"][0]["cost"]["value"] += 1  # every game may draw it
    assert clans_played_alike(shipped, load_card_set(crystal)) == frozenset()
    reordered = copy.deepcopy(_SHIPPED)
    reordered["clans"].reverse()
    assert clans_played_alike(shipped, load_card_set(reordered)) == frozenset()


def test_a_game_plays_the_same_when_another_clan_changes(with_card_set):
    seeds = range(1, 7)
    before = {(c, s): play(("greedy", "greedy"), c, s) for c in (("stone", "skull"), ("blood", "meteor"))
              for s in seeds}
    with_card_set(_blood_changed())
    after = {k: play(("greedy", "greedy"), *k) for k in before}
    moves = {k: (v["winner"], v["moves"], v["decisions"]) for k, v in before.items()}
    again = {k: (v["winner"], v["moves"], v["decisions"]) for k, v in after.items()}
    assert all(moves[(("stone", "skull"), s)] == again[(("stone", "skull"), s)] for s in seeds)
    assert any(moves[(("blood", "meteor"), s)] != again[(("blood", "meteor"), s)] for s in seeds), \
        "Blood's change moved none of its games: this test would not see a game read another clan's cards"


def test_carrying_copies_only_untouched_pairings_and_checks_them(with_card_set, tmp_path):
    carry = tool("carry_games")
    before = tmp_path / "before.json"
    before.write_text(json.dumps(_blood_changed()), encoding="utf-8")
    with_card_set(_blood_changed())
    old = code_version()
    games = [{**play(("greedy", "greedy"), c, 2), "code": old} for c in (("stone", "skull"), ("blood", "stone"))]
    with_card_set(_SHIPPED)
    today = code_version()
    source, target = tmp_path / "k.jsonl", tmp_path / "k2.jsonl"
    source.write_text("".join(json.dumps({**g, "bots": list(g["bots"]), "clans": list(g["clans"])}) + "\n"
                              for g in games) + '{"code": "other", "clans": ["stone", "skull"]', encoding="utf-8")
    out = carry.main(["--cards-before", str(before), "--from", str(source), "--to", str(target), "--check", "1"])
    assert (out["carried"], out["of"], out["checked"]) == (1, 2, 1)
    lines = [json.loads(x) for x in target.read_text(encoding="utf-8").splitlines()]
    assert [(x["clans"], x["code"], x["carried"]) for x in lines] == [(["stone", "skull"], today, old)]
    assert carry.main(["--cards-before", str(before), "--from", str(source), "--to", str(target)])["carried"] == 0
    report = balance_markdown({**balance_figures(lines), "bot": "greedy", "per_pairing": 1, "code": today}, "cmd", 0)
    assert f"1 of them was carried over from code `{old}`" in report
    target.unlink()  # a game carried before keeps the code that played it
    source.write_text(json.dumps({**lines[0], "code": old, "carried": "0123456789ab"}) + "\n", encoding="utf-8")
    carry.main(["--cards-before", str(before), "--from", str(source), "--to", str(target), "--check", "0"])
    assert json.loads(target.read_text(encoding="utf-8"))["carried"] == "0123456789ab"
    # a game that would play otherwise today is refused, and nothing is written
    target.unlink()
    source.write_text(json.dumps({**lines[0], "code": old, "winner": 1 - lines[0]["winner"]}) + "\n",
                      encoding="utf-8")
    with pytest.raises(SystemExit, match="plays differently"):
        carry.main(["--cards-before", str(before), "--from", str(source), "--to", str(target)])
    assert not target.exists()
    source.write_text(json.dumps({**lines[0], "code": "abcdefabcdef"}) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="engine or the bots changed"):
        carry.main(["--cards-before", str(before), "--from", str(source), "--to", str(target)])


def test_a_search_of_todays_code_is_copied_as_played(with_card_set, tmp_path):
    """A chosen candidate's search games are the confirmation's games of the same seeds: copied without a carried
    mark, the search's stamp reduced to `searched`, and said in the report."""
    carry = tool("carry_games")
    today_file = tmp_path / "today.json"
    today_file.write_text(json.dumps(_SHIPPED), encoding="utf-8")
    with_card_set(_SHIPPED)
    today = code_version()
    game = play(("greedy", "greedy"), ("stone", "water"), 3)
    stamp = {"candidate": "k9", "changes": ["stone.ballista/attack=4"], "engine": "0123456789ab"}
    source, target = tmp_path / "search.jsonl", tmp_path / "run.jsonl"
    source.write_text(json.dumps({**game, "bots": list(game["bots"]), "clans": list(game["clans"]), **stamp,
                                  "code": today}) + "\n", encoding="utf-8")
    out = carry.main(["--cards-before", str(today_file), "--from", str(source), "--to", str(target)])
    assert (out["carried"], out["checked"]) == (1, 1)
    line = json.loads(target.read_text(encoding="utf-8"))
    assert line["searched"] == "k9" and line["code"] == today
    assert not {"carried", "candidate", "changes", "engine"} & set(line)
    report = balance_markdown({**balance_figures([line]), "bot": "greedy", "per_pairing": 1, "code": today}, "c", 0)
    assert "1 was played by the search for candidate k9" in report and "carried over" not in report
