"""The game's content, loaded once from the package's own data files (data/*.json): the board's facts, the
schools' being cards, the legends, the flares and the High Form tasks, as plain slotted objects.

Every card (being, legend or flare) has a `code`, its index in CARDS, which is what hands and decks hold;
tasks have their own codes (TASKS). A deck is what a player picks at the start: `northern` and `southern` are
the Imperial school's 18 cards in two colours; `highland` and `sylvan` are schools of their own. The three
expansion schools are listed with their facts; each is playable once all its effects are written.

The data files are the project's (built from ../shared/tashkalar by datasync.py and checked against it by
tests/tashkalar/test_data.py); the engine never reads anything outside its package. They ship with the
app, so they are trusted and read without pydantic.
"""
from __future__ import annotations

import json
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
RANKS = ("common", "heroic", "legendary")
RANK_OF = {r: i for i, r in enumerate(RANKS)}
COMMON, HEROIC, LEGENDARY = 0, 1, 2


def _load(name: str) -> dict:
    with open(DATA_DIR / name, encoding="utf-8") as f:
        return json.load(f)


class CardDef:
    """A being, a legend or a flare. Beings and legends have a rank, a pattern (`requires`: (dx, dy, rank)
    with the being at (0, 0), x to the right, y down), marked squares and an effect text; flares have two
    halves, each a threshold and an effect text."""

    __slots__ = ("code", "id", "name", "kind", "school", "rank", "copies", "requires", "marked", "orientations",
                 "orientations_note", "picture", "effect", "top_needs", "top_text", "bottom_needs", "bottom_text",
                 "frozen", "warp")

    def __init__(self, code: int, kind: str, school: str, raw: dict) -> None:
        self.code = code
        self.id: str = raw["id"]
        self.kind = kind
        self.school = school
        self.name: str = raw.get("name", raw["id"])
        self.rank = RANK_OF[raw["rank"]] if "rank" in raw else -1
        self.copies: int = raw.get("copies", 1)
        self.requires: tuple[tuple[int, int, int], ...] = tuple(tuple(r) for r in raw.get("requires", ()))
        self.marked: tuple[tuple[int, int], ...] = tuple(tuple(m) for m in raw.get("marked", ()))
        self.orientations: int = raw.get("orientations", 0)
        self.orientations_note: str = raw.get("orientations_note", "")
        self.picture: str = raw.get("picture", "")
        self.effect: str | None = raw.get("effect")
        self.frozen: str = raw.get("frozen", "")  # Everfrost: the frozen effect's text ("" for none)
        self.warp: str = raw.get("warp", "")  # Etherweave: the warp effect's text ("" for none)
        top, bottom = raw.get("top"), raw.get("bottom")
        self.top_needs = top["upgraded_more"] if top else 0
        self.top_text = top["effect"] if top else ""
        self.bottom_needs = bottom["pieces_more"] if bottom else 0
        self.bottom_text = bottom["effect"] if bottom else ""

    def __repr__(self) -> str:
        return f"<CardDef {self.id}>"


class TaskDef:
    __slots__ = ("code", "id", "name", "category", "level", "points", "condition")

    def __init__(self, code: int, raw: dict) -> None:
        self.code = code
        self.id: str = raw["id"]
        self.name: str = raw["name"]
        self.category: str = raw["category"]
        self.level: str = raw["level"]
        self.points: int = raw["points"]
        self.condition: str = raw["condition"]


class DeckDef:
    """A deck a player can choose: its school's cards (codes, one entry per copy) and its pieces' colour."""

    __slots__ = ("name", "school", "colour", "cards", "playable")

    def __init__(self, name: str, school: str, colour: str, cards: tuple[int, ...], playable: bool) -> None:
        self.name, self.school, self.colour, self.cards, self.playable = name, school, colour, cards, playable


BOARD: dict = _load("board.json")
_schools = _load("schools.json")["schools"]

CARDS: list[CardDef] = []
DECKS: dict[str, DeckDef] = {}
for _school, _doc in _schools.items():
    _codes = []
    for _raw in _doc["cards"]:
        _c = CardDef(len(CARDS), "being", _school, _raw)
        CARDS.append(_c)
        _codes.extend([_c.code] * _c.copies)
    _variants = _doc.get("played_as") or {_school: {"colour": _doc["colour"]}}
    for _deck, _v in _variants.items():
        # an expansion school is playable once every card's effect is written
        _written = all(_raw.get("effect") is not None for _raw in _doc["cards"])
        DECKS[_deck] = DeckDef(_deck, _school, _v["colour"], tuple(_codes), not _doc["expansion"] or _written)
LEGENDS: tuple[int, ...] = tuple(
    CARDS.append(CardDef(len(CARDS), "legend", "legend", _raw)) or len(CARDS) - 1
    for _raw in _load("legends.json")["cards"])
FLARES: tuple[int, ...] = tuple(
    CARDS.append(CardDef(len(CARDS), "flare", "flare", _raw)) or len(CARDS) - 1
    for _raw in _load("flares.json")["cards"])
TASKS: tuple[TaskDef, ...] = tuple(TaskDef(i, raw) for i, raw in enumerate(_load("tasks.json")["cards"]))
BY_ID: dict[str, int] = {c.id: c.code for c in CARDS}
TASK_BY_ID: dict[str, int] = {t.id: t.code for t in TASKS}
PLAYABLE_DECKS: tuple[str, ...] = tuple(d for d, v in DECKS.items() if v.playable)
TWO_SIDED: int = BOARD["two_sided"]
LEGENDARY_PIECES: int = BOARD["legendary"]
CARDS_T: tuple[CardDef, ...] = tuple(CARDS)
