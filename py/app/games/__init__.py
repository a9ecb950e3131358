"""The games the table can put on: one module each, all with the same shape (`GameModule`), and each game's
part of the start screen (its start module, `START`).

The shell (controller, render, saves, replay, the computer's worker, the link) reaches an engine only through
its game module: to add a game, write an engine package, a module here with its renderer (table, card details,
rules, tutorial, start screen's part) and register its name. Game modules are imported on first use, so a
page that plays one game never loads another's engine; start modules import no engine.
"""
from __future__ import annotations

import importlib
from typing import Any, Protocol

# compact JSON with its limits checked first (saves, card files, peer messages): every engine's and the shell's,
# the shared core's (gamecore.jsontext); the shell reaches it here.
from gamecore import jsontext  # noqa: F401

# name -> the module under app.games that describes it; the first is the default game
REGISTRY: dict[str, str] = {"crystalclans": "app.games.crystalclans", "tashkalar": "app.games.tashkalar",
                           "wildlands": "app.games.wildlands"}
DEFAULT = "crystalclans"
GAMES = tuple(REGISTRY)
# name -> its part of the start screen (no engine import: the start screen shows before any engine). A start
# module has: TITLE (the game switch's button), HAS_BOTS (a seat may be the computer), RANDOM_FIRST (the catalog
# message for "who goes first" left to chance), FIELDS and REDRAW (its form's field ids: kept at once; drawing
# the screen again), players(s), defaults(clan_ids), clean(raw, out, clan_ids), read(val, checked, out) (its
# settings: app/settings.py), seat_choice(app, i) (a player's own choice: clan, deck, faction), option_fields(app,
# first) (the game's options around the shell's "who goes first"), online_note(s) (why these settings cannot be
# played online, a catalog message, or None), learn() (the guided game's panel: title and text) and rules_short(app)
# (the rules in short, HTML); optionally field_note(field_id, value, words) (a note
# beside a field that follows its choice at once: (element id, text, class), or None).
START: dict[str, str] = {"crystalclans": "app.games.crystalclans_start", "tashkalar": "app.games.tashkalar_start",
                         "wildlands": "app.games.wildlands_start"}


class GameModule(Protocol):
    """What the shell needs of a game. `Game` is the engine's class (from_json, from_setup, from_log,
    legal_actions, apply, view, story, state_hash, clone, to_json); the rest speaks for the game where the
    shell would otherwise have to know it."""

    title: str  # "Crystal Clans": the page's heading while the game is on the table
    name: str  # "crystalclans": the registry key, the saves' format prefix ("crystalclans-save/2")
    Game: type
    IllegalAction: type[Exception]  # what apply() raises for a move that is not legal now
    SaveError: type[Exception]  # what loading a save raises, with a message a player can act on
    MAX_SAVE_CHARS: int  # a save file larger than this is refused before it is read

    def new_game(self, options: dict[str, Any], seed: int) -> Any: ...
    def options_from_settings(self, settings: dict) -> dict[str, Any]: ...  # the start screen's -> new_game's
    def options_of(self, game: Any) -> dict[str, Any]: ...  # a dealt game's options (a rematch deals anew)
    def link_options(self, raw: Any) -> dict[str, Any]: ...  # a peer's options checked (ValueError: why not)
    def check_save_text(self, text: str) -> dict: ...
    def save_names(self, doc: dict) -> "list[str] | None": ...
    def content_hash(self) -> str: ...
    def default_names(self, words: Any, game: Any) -> list[str]: ...
    def needs_own_hand(self, game: Any, decision: Any) -> bool: ...
    def useful(self, options: list) -> list: ...
    def make_bot(self, level: str, seed: int, **budget: Any) -> Any: ...
    def winner(self, game: Any) -> "int | None": ...
    def last_battle(self, game: Any) -> Any: ...
    def save_text(self, game: Any, names: list[str]) -> str: ...
    def summary(self, game: Any, names: list[str], words: Any, winner: "int | None") -> str: ...
    def table_screen(self, app: Any) -> str: ...
    def card_details(self, app: Any, card_id: str) -> str: ...
    def effects(self, feed: Any, game: Any) -> Any: ...
    def bot_levels(self) -> tuple[str, ...]: ...
    def warm_up(self) -> None: ...
    def tutorial(self) -> Any: ...  # a new guided first game (app.tutorial.ScriptedTutorial)
    def rules_entries(self, app: Any) -> list: ...  # the rules reference (app.rules_ref.Entry), in the current language
    rules_search_hint: str  # the search box's placeholder (a catalog message naming two of its own terms)
    def replay_table(self, app: Any, view: dict, frame: Any) -> str: ...  # one frame of the replay viewer
    # optional: asked_aloud(game, decision) (a question asked at every action, whatever the hand: controller),
    # answer_seconds(decision) (online, when a page answers an asked-aloud question by itself: controller),
    # dialog(app, modal, view) (a dialog of the game's own that its table opens with a data-cmd main.py passes
    # on as app.modal: Crystal Clans' discard pile), words(lang) (the default game's: `app.words`, see words()),
    # seats_of(options) (how many play a game of these link options, 2 without it: net/handshake.py, app/link.py)


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


def kept_names(doc: dict) -> "list[str] | None":
    """The players' names a save keeps beside the game (its `names`, each cut to 24 characters), for the games
    whose engine's save holds none; None when there are none."""
    names = doc.get("names") if isinstance(doc, dict) else None
    if isinstance(names, list) and names and all(isinstance(n, str) for n in names):
        return [n[:24] for n in names]
    return None


def numbered_names(words: Any, game: Any) -> list[str]:
    """"Player 1", "Player 2", ...: names for a save that keeps none."""
    from ..i18n import _

    return [_("Player {n}").format(n=i + 1) for i in range(game.n)]


def sole_winner(game: Any) -> "int | None":
    """The one winner of a game that is over, or None (not over, or won by partners together: game.winners)."""
    return game.winners[0] if game.is_over and len(game.winners) == 1 else None


def export_file_name(name: str) -> str:
    """The file an exported save of game `name` (a registry key) is named: "tashkalar-save.json"."""
    return f"{name}-save.json"


def start(name: str):
    """Game `name`'s start-screen module (see START; KeyError: unknown)."""
    return importlib.import_module(START[name])


def words(lang: str) -> Any:
    """`app.words`: the default game's words in language `lang` (Crystal Clans' card set: the clans the start
    screen offers, the names its table shows), which the App keeps with their card set (`app.cs`) and hands to
    every module's default_names and summary. The other games word their tables themselves."""
    return get(DEFAULT).words(lang)


def start_words(lang: str) -> Any:
    """The same, enough for the start screen, read from the default game's data without its engine (main.py's
    first screen, drawn before the engine loads)."""
    return start(DEFAULT).start_words(lang)


def field_note(field_id: str, value: str, words: Any) -> "tuple[str, str, str] | None":
    """The note beside a start-screen field that follows its choice at once, from the start module that has
    one: (element id, text, class), or None."""
    for name in GAMES:
        hook = getattr(start(name), "field_note", None)
        note = hook(field_id, value, words) if hook is not None else None
        if note is not None:
            return note
    return None


def get(name: str) -> GameModule:
    """The module of game `name` (KeyError for a name we do not have)."""
    return importlib.import_module(REGISTRY[name])  # type: ignore[return-value]


def of(game: Any) -> GameModule:
    """The module of a game object: its engine package's name is the registry key."""
    return get(type(game).__module__.split(".", 1)[0])


def for_save(doc: dict) -> GameModule:
    """The module that reads a parsed save, from its format ("tashkalar-save/1" -> tashkalar); a save
    without a known game prefix goes to the default game, whose loader says what is wrong with it."""
    fmt = doc.get("format") if isinstance(doc, dict) else None
    name = fmt.split("/", 1)[0].removesuffix("-save") if isinstance(fmt, str) else ""
    return get(name if name in REGISTRY else DEFAULT)
