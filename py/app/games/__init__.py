"""The games the table can put on: one module each, which describes its game as a `GameSpec` (its `SPEC`:
app/games/spec.py), and each game's part of the start screen (its start module, `START`).

The shell (controller, render, saves, replay, the computer's worker, the link) reaches an engine only through
its game's spec (`get(name)`, `of(game)`): to add a game, write an engine package, a module here with its
renderer (table, card details, rules, tutorial, start screen's part) and its SPEC, and register its name. Game modules are imported on first use, so a
page that plays one game never loads another's engine; start modules import no engine.
"""
from __future__ import annotations

import importlib
from typing import Any

# compact JSON with its limits checked first (saves, card files, peer messages): every engine's and the shell's,
# the shared core's (gamecore.jsontext); the shell reaches it here.
from gamecore import jsontext  # noqa: F401

from .spec import GameSpec, kept_names, numbered_names, sole_winner  # noqa: F401 - what the game modules share

# name -> the module of its folder under app.games that holds its SPEC; the first is the default game
REGISTRY: dict[str, str] = {"crystalclans": "app.games.crystalclans.game", "tashkalar": "app.games.tashkalar.game",
                           "wildlands": "app.games.wildlands.game"}
DEFAULT = "crystalclans"
GAMES = tuple(REGISTRY)
MAX_SAVE_FILE = 1_000_000  # the largest save file of any game (its MAX_SAVE_CHARS), known before any engine loads
# name -> its part of the start screen (no engine import: the start screen shows before any engine). A start
# module has: TITLE (the game switch's button), HAS_BOTS (a seat may be the computer), RANDOM_FIRST (the catalog
# message for "who goes first" left to chance), FIELDS and REDRAW (its form's field ids: kept at once; drawing
# the screen again), players(s), defaults(), clean(raw, out), read(val, checked, out) (its
# settings: app/settings.py), seat_choice(app, i) (a player's own choice: clan, deck, faction), option_fields(app,
# first) (the game's options around the shell's "who goes first"), online_note(s) (why these settings cannot be
# played online, a catalog message, or None), learn() (the guided game's panel: title and text) and rules_short(app)
# (the rules in short, HTML); optionally field_note(field_id, value, words) (a note
# beside a field that follows its choice at once: (element id, text, class), or None).
START: dict[str, str] = {"crystalclans": "app.games.crystalclans.start", "tashkalar": "app.games.tashkalar.start",
                         "wildlands": "app.games.wildlands.start"}


def bot_for_level(make, levels: dict, level: str, seed: int, **budget: Any) -> Any:
    """A game's bot for one of the table's levels (`levels`: level -> (bot name, preset); or a bot's own name,
    for tournaments), made by the engine's `make(name, seed=..., **budget)`. Greedy does not search: it gets
    no time limit."""
    name, preset = levels.get(level, (level, {}))
    if name == "greedy":
        budget.pop("limit", None)
    return make(name, seed=seed, **{**preset, **budget})


def searching_levels(levels: dict) -> tuple[str, ...]:
    """The levels whose search the worker holds to its time limit (every one but greedy's)."""
    return tuple(k for k, (name, _) in levels.items() if name != "greedy")


def export_file_name(name: str) -> str:
    """The file an exported save of game `name` (a registry key) is named: "tashkalar-save.json"."""
    return f"{name}-save.json"


def start(name: str):
    """Game `name`'s start-screen module (see START; KeyError: unknown)."""
    return importlib.import_module(START[name])


def words(lang: str) -> Any:
    """`app.words`: the default game's words in language `lang` (Crystal Clans' card set: the clans the start
    screen offers, the names its table shows), which the App keeps with their card set (`app.words.cs`) and hands to
    every module's default_names and summary. The other games word their tables themselves."""
    return get(DEFAULT).words(lang)


def start_words(lang: str) -> Any:
    """The same, enough for the start screen, read from the default game's data without its engine (main.py's
    first screen, drawn before the engine loads)."""
    return start(DEFAULT).start_words(lang)


def field_note(field_id: str, value: str, words: Any) -> "tuple[str, str, str] | None":
    """The note beside a start-screen field that follows its choice at once, from the start module whose field
    it is: (element id, text, class), or None."""
    for name in GAMES:
        note = start(name).field_note(field_id, value, words)
        if note is not None:
            return note
    return None


def get(name: str) -> GameSpec:
    """The spec of game `name` (KeyError for a name we do not have): its module's SPEC, imported on first use."""
    return importlib.import_module(REGISTRY[name]).SPEC


_OF_TYPE: dict[type, GameSpec] = {}


def of(game: Any) -> GameSpec:
    """The spec of a game object: its engine package's name is the registry key (kept per class)."""
    cls = type(game)
    spec = _OF_TYPE.get(cls)
    if spec is None:
        spec = _OF_TYPE[cls] = get(cls.__module__.split(".", 1)[0])
    return spec


def for_save(doc: dict) -> GameSpec:
    """The spec of the game that reads a parsed save, from its format ("tashkalar-save/1" -> tashkalar); a save
    without a known game prefix goes to the default game, whose loader says what is wrong with it."""
    fmt = doc.get("format") if isinstance(doc, dict) else None
    name = fmt.split("/", 1)[0].removesuffix("-save") if isinstance(fmt, str) else ""
    return get(name if name in REGISTRY else DEFAULT)
