"""The start screen's new-game settings: their defaults, reading them from the form, and keeping them in this
browser so the screen shows the last choices (game, seats, names, clans, decks) again. No engine import:
main.py shows the start screen before the engine loads.

Names and seats are lists of 2 to 4 (Crystal Clans uses the first two; a Tash-Kalar Melee or Team game up to
four); a list shorter than a game needs is filled from the defaults where it is read (`seat_names`)."""
from __future__ import annotations

from .games import wildlands_start as wls
from .i18n import _
from .seats import CODES, HUMAN

DEFAULT_NAMES = ["Ada", "Bob", "Cyd", "Dee"]
FIRST = ("random", "0", "1", "2", "3")
GAMES = ("crystalclans", "tashkalar", "wildlands")
MAX_SEATS = 4
# Tash-Kalar's choices on the start screen (checked against the engine's by tests/unit/test_game_modules.py;
# written out here so the start screen shows before any engine loads)
TK_MODES = ("duel", "high_form", "melee", "team")
TK_ONLINE_MODES = ("duel", "high_form")  # two browsers; Melee and Team online would link three or four
TK_FORMS = ("high_form", "duel")  # what a Team game plays as
TK_DECKS = ("northern", "southern", "highland", "sylvan", "everfrost", "nethervoid", "etherweave")


def tk_players(s: dict) -> int:
    """How many play the Tash-Kalar game these settings describe."""
    mode = s.get("tk_mode")
    return 4 if mode == "team" else (s.get("tk_players", 3) if mode == "melee" else 2)


def players(s: dict) -> int:
    """How many play the game these settings describe (any game: Crystal Clans is always two)."""
    game = s.get("game")
    return tk_players(s) if game == "tashkalar" else (wls.players(s) if game == "wildlands" else 2)


def default_settings(clan_ids: list[str]) -> dict:
    """New-game settings: two names, the first and the fourth clan (Blood vs Skull), random first player,
    two people at this screen; Crystal Clans chosen; for Tash-Kalar a Duel of Northern v Highland."""
    return {"names": DEFAULT_NAMES[:2], "clans": [clan_ids[0], clan_ids[min(3, len(clan_ids) - 1)]],
            "first": "random", "mulligan": False, "seats": [HUMAN, HUMAN],
            "game": GAMES[0], "tk_mode": TK_MODES[0], "tk_players": 3, "tk_form": TK_FORMS[0],
            "tk_decks": [TK_DECKS[0], TK_DECKS[2], TK_DECKS[3], TK_DECKS[1]], **wls.defaults()}


def first_player(s: dict) -> "str | int":
    """Who goes first as a game's options say it: "random" or a seat (the form's select gives text)."""
    first = str(s.get("first", "random"))
    return int(first) if first.isdigit() else "random"


def seat_names(s: dict, n: int) -> list[str]:
    names = list(s.get("names") or [])[:n]
    return names + DEFAULT_NAMES[len(names):n]


def seat_codes(s: dict, n: int) -> list[str]:
    seats = list(s.get("seats") or [])[:n]
    return seats + [HUMAN] * (n - len(seats))


def clean_settings(raw, clan_ids: list[str]) -> dict:
    """Settings as kept in storage (anything: an old version's, a damaged one), each field that is not
    right replaced by its default."""
    out = default_settings(clan_ids)
    if not isinstance(raw, dict):
        return out
    names = raw.get("names")
    if (isinstance(names, list) and 2 <= len(names) <= MAX_SEATS
            and all(isinstance(n, str) and n.strip() for n in names)):
        out["names"] = [n.strip()[:24] for n in names]
    clans = raw.get("clans")
    if isinstance(clans, list) and len(clans) == 2 and all(c in clan_ids for c in clans):
        out["clans"] = list(clans)
    if raw.get("first") in FIRST:
        out["first"] = raw["first"]
    if isinstance(raw.get("mulligan"), bool):
        out["mulligan"] = raw["mulligan"]
    seats = raw.get("seats")
    if (isinstance(seats, list) and 2 <= len(seats) <= MAX_SEATS
            and all(x in CODES and x != "remote" for x in seats)):
        out["seats"] = list(seats)
    if raw.get("game") in GAMES:
        out["game"] = raw["game"]
    if raw.get("tk_mode") in TK_MODES:
        out["tk_mode"] = raw["tk_mode"]
    if raw.get("tk_players") in (3, 4):
        out["tk_players"] = raw["tk_players"]
    if raw.get("tk_form") in TK_FORMS:
        out["tk_form"] = raw["tk_form"]
    decks = raw.get("tk_decks")
    if (isinstance(decks, list) and len(decks) == MAX_SEATS and all(d in TK_DECKS for d in decks)
            and len(set(decks)) == len(decks)):
        out["tk_decks"] = list(decks)
    wls.clean(raw, out)
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
    if val("clan-0") is not None:
        mul = document.getElementById("mulligan")
        out.update(clans=[val("clan-0"), val("clan-1")], mulligan=bool(mul.checked) if mul else False)
    if val("tk-mode") is not None:
        out["tk_mode"] = val("tk-mode")
        decks = list(out.get("tk_decks") or TK_DECKS)
        shown = {i: val(f"tk-deck-{i}") for i in range(MAX_SEATS) if val(f"tk-deck-{i}") is not None}
        for i, d in shown.items():
            decks[i] = d
        for i in range(MAX_SEATS):  # a seat the mode does not show keeps a deck no shown seat took
            if i not in shown and decks[i] in decks[:i] + [shown[j] for j in shown]:
                decks[i] = next(d for d in TK_DECKS if d not in decks[:i] and d not in shown.values())
        out["tk_decks"] = decks
    if val("tk-players") is not None:
        out["tk_players"] = 4 if val("tk-players") == "4" else 3
    if val("tk-form") is not None:
        out["tk_form"] = val("tk-form") if val("tk-form") in TK_FORMS else TK_FORMS[0]
    wls.read(val, out)
    return out
