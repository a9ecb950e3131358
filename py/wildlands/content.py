"""The engine's content, read once from its own data files (data/boards.json, data/factions.json, built by
wildlands.datasync from the shared CONTENT.md) into plain tuples for the hot code.

* BOARDS[name]: a BoardDef: `steps[s]` = ((t, climb), ...) the spaces one move from s (climb True: uphill,
  W26; the Ruins gate is a plain step, W7), `near[s]` the spaces adjacent to s (W4, with the gate: the
  area attack's and the manoeuvre's "adjacent"), `cover[s]`, `high[s]`, `los[s]` = {t: spaces completely
  crossed} for every t that s sees (W42-W47; s itself with 0).
* FACTIONS[id]: a FactionDef with its 5 characters (`names`, `ids`, `health`) and its 30 cards (CardDef):
  `shows` a 5-bit mask of the characters whose symbol the card shows, `flag[i]` the action next to
  character i's symbol (None: none), `joker` the card's joker action, `special` (W48).
* CHARS[id] = (faction id, index): every character id is unique across factions.
Action names: melee, heavy_melee, ranged, heavy_ranged, area, cover, shield, manoeuvre, fly (W30-W41).
"""
from __future__ import annotations

import json
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
FACTION_IDS = ("guild", "gnomads", "lawbringers", "pit_fighters")
BOARD_IDS = ("dungeon", "ruins")
N_SPACES = 42
HAND_LIMIT = 7
DRAW_PER_TURN = 3
POINTS_TO_WIN = 5
MAP_CARDS = 10
SPECIAL = "s"  # the notation of a special card: the four of a deck are identical (W48)


def _load(name: str) -> dict:
    with open(DATA_DIR / name, encoding="utf-8") as f:
        return json.load(f)


class BoardDef:
    __slots__ = ("id", "steps", "near", "cover", "high", "los", "col", "row", "walls", "gate")

    def __init__(self, raw: dict) -> None:
        self.id = raw["id"]
        size = N_SPACES + 1
        self.cover = [False] * size
        self.high = [False] * size
        self.col = [0] * size
        self.row = [0] * size
        for sp in raw["spaces"]["value"]:
            s = sp["id"]
            self.cover[s] = sp["cover"]
            self.high[s] = sp["level"] == 1
            self.col[s], self.row[s] = sp["col"], sp["row"]
        steps: list[list[tuple[int, bool]]] = [[] for _ in range(size)]
        walls = []
        for a, b, kind in raw["edges"]["value"]:
            if kind == "wall":
                walls.append((a, b))
                continue
            steps[a].append((b, kind == "up"))
            steps[b].append((a, False))
        self.steps = tuple(tuple(sorted(x)) for x in steps)
        self.near = tuple(frozenset(t for t, _ in x) for x in self.steps)
        self.walls = tuple(walls)
        self.gate = tuple(raw["gate"]["value"]) if raw.get("gate") else None
        los: list[dict[int, int]] = [{} for _ in range(size)]
        for a, row in raw["los"]["value"].items():
            los[int(a)] = {int(b): c for b, c in row.items()}
        self.los = tuple(los)


class CardDef:
    __slots__ = ("code", "id", "shows", "flag", "joker", "special")

    def __init__(self, code: int, raw: dict, ids: tuple[str, ...]) -> None:
        self.code = code
        self.id: str = raw["id"]
        self.special: bool = bool(raw.get("special"))
        sym = raw.get("symbols", {})
        self.shows = sum(1 << i for i, c in enumerate(ids) if c in sym)
        self.flag = tuple(sym.get(c) for c in ids)
        self.joker = raw.get("joker")


class FactionDef:
    __slots__ = ("id", "name", "english", "ids", "names", "health", "cards", "by_id")

    def __init__(self, raw: dict) -> None:
        self.id = raw["id"]
        self.name = raw["name"]["value"]
        self.english = raw["english"]["value"]
        chars = sorted(raw["characters"], key=lambda c: c["index"])
        self.ids = tuple(c["id"] for c in chars)
        self.names = tuple(c["name"]["value"] for c in chars)
        self.health = tuple(c["health"]["value"] for c in chars)
        self.cards = tuple(CardDef(i, c, self.ids) for i, c in enumerate(raw["deck"]["value"]))
        self.by_id = {c.id: c.code for c in self.cards}


BOARDS = {k: BoardDef(v) for k, v in _load("boards.json")["boards"].items()}
_F = _load("factions.json")
FACTIONS = {f["id"]: FactionDef(f) for f in _F["factions"]}
CHARS = {cid: (f.id, i) for f in FACTIONS.values() for i, cid in enumerate(f.ids)}
DECK_SIZE = 30
assert all(len(f.cards) == DECK_SIZE for f in FACTIONS.values())
FIRST_SPECIAL = 26  # cards 26..29 of every deck are the special cards
