"""tools/balance_search.py: a candidate's changes are played without touching the card set, and its games
stay on record so that a stopped search goes on."""
from __future__ import annotations

import json

import pytest

from crystalclans import cardset
from crystalclans.ai.match import play
from crystalclans.codeversion import code_version

from ..conftest import tool



def _unit(card_set: dict, uid: str) -> dict:
    return next(u for c in card_set["clans"] for u in c["units"] if u["id"] == uid)


_SHIPPED = json.loads(cardset.BASE_SET_FILE.read_text(encoding="utf-8"))
# one more than the shipped values (whatever a balance pass made them), so the candidate's set differs
CHANGES = [f"stone.ballista/attack={_unit(_SHIPPED, 'stone.ballista')['attack']['value'] + 1}",
           f"blood.ulvar_redmaw/summon={_unit(_SHIPPED, 'blood.ulvar_redmaw')['summon']['value'] + 1}"]


def test_a_candidate_changes_only_its_values_and_refuses_a_sourced_one():
    search = tool("balance_search")
    cs = search.changed_card_set(CHANGES, "t")
    assert _unit(cs, "stone.ballista")["attack"]["value"] == _unit(_SHIPPED, "stone.ballista")["attack"]["value"] + 1
    assert _unit(cs, "blood.ulvar_redmaw")["summon"]["value"] == \
        _unit(_SHIPPED, "blood.ulvar_redmaw")["summon"]["value"] + 1
    # the value before any pass, and this candidate's reason
    assert _unit(cs, "stone.ballista")["attack"]["note"].startswith("balance: was 2; candidate t")
    with pytest.raises(ValueError, match="balance changes only values of our design"):
        search.changed_card_set(["blood.marauders/attack=2"], "t")


def test_a_search_records_its_games_goes_on_where_it_stopped_and_leaves_the_card_set(tmp_path):
    search = tool("balance_search")
    shipped = cardset.base_set().hash
    record = tmp_path / "search.jsonl"
    args = ["--bot", "random", "--games", "1", "--workers", "1", "--name", "t", "--record", str(record)]
    first = search.main(args + CHANGES)
    lines = [json.loads(x) for x in record.read_text(encoding="utf-8").splitlines()]
    assert first["played"] == 15 and len(lines) == 15  # every non-mirror pairing once
    assert all(x["candidate"] == "t" and x["changes"] == sorted(CHANGES) for x in lines)
    assert len({x["code"] for x in lines}) == 1 and lines[0]["code"] != code_version()  # the candidate's code
    assert sum(n for _, n in first["clans"].values()) == 30
    shipped_games = [play(("random", "random"), tuple(x["clans"]), x["seed"]) for x in lines]
    differ = sum((x["moves"], x["winner"]) != (y["moves"], y["winner"]) for x, y in zip(lines, shipped_games))
    assert differ >= 3, "the workers played the shipped card set, not the candidate's"
    again = search.main(args + CHANGES[::-1])  # the same changes in another order: nothing left to play
    assert again["played"] == 0 and again["clans"] == first["clans"]
    other = search.main(args + CHANGES[:1])  # another candidate plays its own games
    assert other["played"] == 15
    assert cardset.BASE_SET_FILE.name == "base_set.json" and cardset.base_set().hash == shipped


def test_a_search_of_two_clans_plays_the_pairings_of_either_as_whole_game_lines(tmp_path):
    search = tool("balance_search")
    record = tmp_path / "search.jsonl"
    out = search.main(["--bot", "random", "--games", "1", "--workers", "1", "--name", "two", "--record", str(record),
                       "--clan", "blood", "--clan", "meteor", *CHANGES])
    lines = [json.loads(x) for x in record.read_text(encoding="utf-8").splitlines()]
    assert out["played"] == 9 and all({"blood", "meteor"} & set(x["clans"]) for x in lines)
    assert all(x["python"] and x["budgets"] == [None, None] for x in lines)  # as a confirmation run's lines
