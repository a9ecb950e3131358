"""The engine's own data package (py/tashkalar/data) against the project's shared Tash-Kalar files
(../shared/tashkalar): every square, pattern, mark, rank, count, point and text must be equal, so the
engine, which never reads ../shared, plays with exactly the checked facts. Skipped, with the reason, when the
shared folder is not there (e.g. a copy of the repository on its own)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tashkalar import board, content, datasync
from tashkalar.patterns import ORIENTATIONS

SHARED = Path(os.environ.get("TASHKALAR_SHARED", Path(__file__).resolve().parents[3] / "shared" / "tashkalar"))
pytestmark = pytest.mark.skipif(not (SHARED / "board.yaml").is_file(),
                                reason=f"the shared Tash-Kalar files are not at {SHARED} (set TASHKALAR_SHARED)")
yaml = pytest.importorskip("yaml")


def load(name: str) -> dict:
    return yaml.safe_load((SHARED / name).read_text(encoding="utf-8"))


def test_the_data_files_are_exactly_what_datasync_builds_from_the_shared_files():
    import json

    for name, doc in datasync.build(SHARED).items():
        on_disk = json.loads((datasync.DATA / name).read_text(encoding="utf-8"))
        assert on_disk == json.loads(json.dumps(doc)), f"{name} differs: run python -m tashkalar.datasync"


def test_board():
    b = load("board.yaml")
    assert len(board.ON) == b["count"] == 69
    assert {board.xy(s) for s in board.ON} == {tuple(s) for s in b["squares"]}
    assert {board.xy(s) for s in board.RED} == {tuple(s) for s in b["high_form_side"]["red"]}
    assert {board.xy(s) for s in board.GREEN} == {tuple(s) for s in b["high_form_side"]["green"]}
    assert board.xy(board.CENTRE) == tuple(b["high_form_side"]["central_square"])
    assert {board.xy(s) for s in board.CENTRAL_NINE} == {tuple(s) for s in b["high_form_side"]["central_nine"]}
    assert [board.xy(s) for s in board.DUEL_START] == [tuple(s) for s in b["duel_start_squares"]["squares"]]
    assert content.BOARD["melee_start_pairs"] == b["melee_start_marks"]["pairs"]
    assert content.TWO_SIDED == b["pieces_per_colour"]["two_sided"] == 17
    assert content.LEGENDARY_PIECES == b["pieces_per_colour"]["legendary"] == 3


def _same_card(engine: content.CardDef, raw: dict) -> None:
    where = raw["id"]
    assert engine.id == raw["id"] and engine.name == raw["name"], where
    assert content.RANKS[engine.rank] == raw["rank"], where
    assert engine.copies == raw["copies"], where
    assert [list(r) for r in engine.requires] == [list(r) for r in raw["requires"]], where
    assert [list(m) for m in engine.marked] == [list(m) for m in raw["marked"]], where
    assert engine.orientations == raw["orientations"], where
    assert engine.picture == raw["picture"], where
    if raw["effect"] is not None:
        assert engine.effect == raw["effect"], where


@pytest.mark.parametrize("school", datasync.SCHOOLS)
def test_every_school_card(school):
    raw = load(f"decks/{school}.yaml")
    engine = [c for c in content.CARDS_T if c.kind == "being" and c.school == school]
    assert len(engine) == len(raw["cards"]) == 18
    for e, r in zip(engine, raw["cards"]):
        _same_card(e, r)
    decks = {name: d for name, d in content.DECKS.items() if d.school == school}
    variants = raw.get("played_as") or {school: {"colour": raw["colour"]}}
    assert set(decks) == set(variants)
    for name, d in decks.items():
        assert d.colour == variants[name]["colour"]
        assert len(d.cards) == sum(c["copies"] for c in raw["cards"]) == 18
        # an expansion school becomes playable once each of its cards has an effect text (written beside its
        # program, effects/<school>.py)
        assert d.playable == (not raw.get("expansion") or all(c.effect is not None for c in engine))


def test_every_legend():
    raw = load("legends.yaml")["cards"]
    engine = [content.CARDS_T[c] for c in content.LEGENDS]
    assert len(engine) == len(raw) == 12
    for e, r in zip(engine, raw):
        _same_card(e, r)


def test_every_flare():
    raw = load("flares.yaml")["cards"]
    engine = [content.CARDS_T[c] for c in content.FLARES]
    assert len(engine) == len(raw) == 12
    for e, r in zip(engine, raw):
        assert e.id == r["id"]
        assert e.top_needs == r["top"]["opponent_has_more_upgraded"]
        assert e.bottom_needs == r["bottom"]["opponent_has_more_pieces"]
        assert (e.top_text, e.bottom_text) == (r["top"]["effect"], r["bottom"]["effect"])


def test_every_task():
    raw = load("tasks.yaml")["cards"]
    assert len(content.TASKS) == len(raw) == 24
    for e, r in zip(content.TASKS, raw):
        assert (e.id, e.name, e.category, e.level, e.points, e.condition) == \
               (r["id"], r["name"], r["category"], r["level"], r["points"], r["condition"])


def test_distinct_orientations_match_the_data_counts():
    """Every card offers as many orientations as the data counts, except the two whose note says their
    pictures look alike in 4 (our effect texts for them do not depend on the side: see patterns.py)."""
    for c in content.CARDS_T:
        if c.kind == "flare":
            continue
        n = len(ORIENTATIONS[c.code])
        if c.orientations_note:
            assert (n, c.orientations) == (4, 8), c.id
        else:
            assert n == c.orientations, c.id
