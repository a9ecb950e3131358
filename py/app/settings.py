"""The start screen's new-game settings: their defaults, reading them from the form, and keeping them in this
browser so the screen shows the last choices (game, seats, names, clans, decks) again. No engine import:
main.py shows the start screen before the engine loads.

Names and seats are lists of 2 to 4 (Crystal Clans uses the first two; a Tash-Kalar Melee or Team game up to
four); a list shorter than a game needs is filled from the defaults where it is read (`seat_names`)."""
from __future__ import annotations

from . import games
from .i18n import _
from .seats import CODES, HUMAN

DEFAULT_NAMES = ["Ada", "Bob", "Cyd", "Dee"]
FIRST = ("random", "0", "1", "2", "3")
GAMES = games.GAMES
MAX_SEATS = 4


def _starts():
    return [games.start(g) for g in GAMES]


def players(s: dict) -> int:
    """How many play the game these settings describe (its start-screen module says)."""
    game = s.get("game")
    return games.start(game if game in GAMES else GAMES[0]).players(s)


def field_ids() -> tuple[str, ...]:
    """Every start-screen field whose choice is kept at once (names, seats, first player, each game's own)."""
    base = tuple(f"name-{i}" for i in range(MAX_SEATS)) + tuple(f"seat-{i}" for i in range(MAX_SEATS)) + ("first-player",)
    return base + tuple(f for m in _starts() for f in m.FIELDS)


def redraw_ids() -> tuple[str, ...]:
    """The fields whose choice changes the start screen itself (a mode, how many play)."""
    return tuple(f for m in _starts() for f in m.REDRAW)


def default_settings() -> dict:
    """New-game settings: two names, random first player, two people at this screen, the default game chosen;
    each game's own fields at their defaults (Crystal Clans: Blood v Skull; Tash-Kalar: a Duel of Northern v
    Highland; Wildlands: two on the Dungeon)."""
    out = {"names": DEFAULT_NAMES[:2], "first": "random", "seats": [HUMAN, HUMAN], "game": GAMES[0]}
    for m in _starts():
        out.update(m.defaults())
    return out


def first_player(s: dict) -> "str | int":
    """Who goes first as a game's options say it: "random" or a seat (the form's select gives text)."""
    first = str(s.get("first", "random"))
    return int(first) if first.isascii() and first.isdigit() and len(first) == 1 else "random"


def seat_names(s: dict, n: int) -> list[str]:
    names = list(s.get("names") or [])[:n]
    return names + DEFAULT_NAMES[len(names):n]


def seat_codes(s: dict, n: int) -> list[str]:
    seats = list(s.get("seats") or [])[:n]
    return seats + [HUMAN] * (n - len(seats))


def clean_settings(raw) -> dict:
    """Settings as kept in storage (anything: an old version's, a damaged one), each field that is not
    right replaced by its default."""
    out = default_settings()
    if not isinstance(raw, dict):
        return out
    names = raw.get("names")
    if (isinstance(names, list) and 2 <= len(names) <= MAX_SEATS
            and all(isinstance(n, str) and n.strip() for n in names)):
        out["names"] = [n.strip()[:24] for n in names]
    if raw.get("first") in FIRST:
        out["first"] = raw["first"]
    seats = raw.get("seats")
    if (isinstance(seats, list) and 2 <= len(seats) <= MAX_SEATS
            and all(x in CODES and x != "remote" for x in seats)):
        out["seats"] = list(seats)
    if raw.get("game") in GAMES:
        out["game"] = raw["game"]
    for m in _starts():
        m.clean(raw, out)
    return out


def read_settings(document, before: "dict | None" = None) -> dict:
    """The start screen's fields as settings. A field the screen does not show now (another game's, a seat
    the mode has not) keeps its value from `before`, as does the game chosen (the switch is a button)."""

    def val(i):
        el = document.getElementById(i)
        return str(el.value) if el else None

    out = dict(before) if before else {}
    out.setdefault("game", GAMES[0])
    names, seats = list(out.get("names") or []), list(out.get("seats") or [])
    for i in range(MAX_SEATS):
        name, seat = val(f"name-{i}"), val(f"seat-{i}")
        if name is None:
            continue
        name = name.strip()[:24] or _("Player {n}").format(n=i + 1)
        while len(names) <= i:
            names.append(DEFAULT_NAMES[len(names)])
        while len(seats) <= i:
            seats.append(HUMAN)
        names[i] = name
        seats[i] = seat if seat in CODES and seat != "remote" else HUMAN
    for i in range(1, len(names)):
        if names[i] in names[:i]:
            names[i] += f" ({i + 1})"
    out.update(names=names, seats=seats)
    first = val("first-player")
    if first is not None:
        out["first"] = first if first in FIRST else "random"

    def checked(i):
        el = document.getElementById(i)
        return bool(el.checked) if el else False

    for m in _starts():
        m.read(val, checked, out)
    return out
