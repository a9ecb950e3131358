"""A source that plays every game as an older code's keeps that code's name (crystalclans.codeversion.PLAYS_AS),
and only with evidence: recorded games of that code, played again with today's source, come out the same, for
every level of the computer (the ladder's record holds them all). Another source is never named so."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="CPython only (the records and tools/)")

ROOT = Path(__file__).resolve().parents[2]
LADDER = ROOT / "docs" / "tournament" / "ladder.jsonl"
# one game of each pair but the slowest, and one with the hard bot: every bot's code is played
PAIRS = (("random", "greedy"), ("greedy", "random"), ("greedy", "easy"), ("easy", "greedy"), ("normal", "easy"),
         ("hard", "greedy"))


def recorded(code: str) -> list[dict]:
    """Of each pair's recorded games of `code`, the one that took the least thought (the same game for the
    same record): every bot's code plays a whole game of decisions, in 12 s of CPU here instead of the 44 s of
    each pair's first game (the hard bot's first game: 380 moves, 9.9 s of thought; its cheapest: 133, 1.6 s)."""
    best: dict[tuple, dict] = {}
    for line in LADDER.read_text(encoding="utf-8").splitlines():
        x = json.loads(line)
        pair = tuple(x["bots"])
        if x.get("code") == code and pair in PAIRS and (pair not in best or sum(x["think"]) < sum(best[pair]["think"])):
            best[pair] = x
    return [best[pair] for pair in PAIRS if pair in best]


def test_an_alias_of_todays_source_replays_recorded_games_of_its_code_the_same():
    from crystalclans.codeversion import PLAYS_AS, code_version, raw_version

    from ..conftest import tool

    raw = raw_version()
    if raw not in PLAYS_AS:
        assert code_version() == raw
        pytest.skip("today's source has a code of its own")
    old = PLAYS_AS[raw]
    assert code_version() == old
    games = recorded(old)
    assert len(games) == len(PAIRS), f"the ladder's record has too few games of code {old}"
    plays_alike = tool("replay_record").plays_alike
    differ = [(x["bots"], x["clans"], x["seed"]) for x in games if not plays_alike(x)]
    assert differ == [], f"today's source plays these games of code {old} otherwise: {differ}"


def test_any_other_source_has_a_code_of_its_own(tmp_path):
    from crystalclans.codeversion import PACKAGE, PLAYS_AS, code_version, raw_version, source_digest

    copy = tmp_path / "crystalclans"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "rules.py").write_text((copy / "rules.py").read_text() + "\n# another source\n")
    source_digest.cache_clear()
    assert code_version(root=copy) == raw_version(root=copy) != code_version()
    assert raw_version(root=copy) not in PLAYS_AS and code_version(root=copy) not in PLAYS_AS.values()
