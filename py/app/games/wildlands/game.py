"""Wildlands as a game module of the table (its SPEC: app.games.spec.GameSpec). Its board and panels:
wildlands/table.py; its story in sentences: wildlands/story.py; its part of the start screen: wildlands/start.py.

Interrupt windows and defences (the engine asks every other player after every action, and the owner of
every character hit, whatever they hold): with people at one screen they are asked aloud (`asked_aloud`):
the table shows the same two buttons whatever the asked player holds, "Pass" (one click, the device stays
where it is) and "Take the device", which hands it over behind the pass screen to show her hand and her real
options. Nothing answers for a person by itself: an automatic pass only when a hand has nothing to play would
tell everyone at the screen what that hand holds.

Online (two linked pages, app/net): the start spaces are secret picks (the engine marks them `secret`: committed,
revealed once both players chose all five), and each question asked aloud is answered on the asked player's own page,
which answers `pass` by itself `answer_seconds` after the question reached it (the controller's answer
clock), the same whatever its player holds; a pass chosen early waits for the clock, a card played goes at
once. So the asking page cannot tell from when the answer comes whether the other player could have acted."""
from __future__ import annotations

from typing import Any

import wildlands as wl
from wildlands.saves import MAX_SAVE_CHARS, SaveError, check_save_text

from ...i18n import _
from .. import bot_for_level, searching_levels
from ..spec import GameSpec, kept_names, later, numbered_names, sole_winner
from . import start
from .start import TITLE as title  # the page's heading while it is played

name = "wildlands"
Game = wl.Game
IllegalAction = wl.IllegalAction

__all__ = ["Game", "IllegalAction", "MAX_SAVE_CHARS", "SaveError", "asked_aloud", "bot_levels", "card_details",
           "check_save_text", "content_hash", "answer_seconds", "default_names", "effects", "link_options", "make_bot",
           "name", "needs_own_hand", "new_game", "options_from_settings", "options_of", "save_names", "seats_of",
           "summary", "title", "tutorial", "useful", "warm_up", "winner", "rules_entries",
           "rules_search_hint"]

ALOUD = ("interrupt", "defend")  # another player's question, asked at every action or attack alike


from .rules import rules_search_hint  # noqa: E402


def rules_entries(app) -> list:
    """Wildlands' rules reference (wildlands/rules.py), in the current language."""
    from .rules import entries

    return entries()


def new_game(options: dict[str, Any], seed: int) -> wl.Game:
    """options: board ("dungeon" or "ruins"), factions (2-4, all different), first ("random": the rulebook's
    lowest shard starts, W16, itself a matter of the deal; or a seat)."""
    first = options.get("first", "random")
    return wl.new_game(board=str(options.get("board", "dungeon")), factions=tuple(options["factions"]), seed=seed,
                       first_player=None if first == "random" else int(first))


def options_from_settings(s: dict) -> dict[str, Any]:
    return start.options(s)


def options_of(g: wl.Game) -> dict[str, Any]:
    first = g.setup.get("first_player")
    return {"board": g.setup.get("board", g.board), "factions": list(g.factions),
            "first": "random" if first is None else first}


def link_options(raw: Any) -> dict[str, Any]:
    """The options of a game linked pages play, checked (a peer's are untrusted): ValueError says why not.
    Two players link two pages; three or four, a page each around the host's (net/party.py)."""
    if not isinstance(raw, dict):
        raise ValueError("no options")
    board, factions, first = raw.get("board", "dungeon"), raw.get("factions"), raw.get("first", "random")
    if board not in start.BOARDS:
        raise ValueError(f"the board is one of {', '.join(start.BOARDS)}")
    if not (isinstance(factions, list) and 2 <= len(factions) <= 4
            and all(isinstance(f, str) and f in start.FACTIONS for f in factions)):
        raise ValueError("two to four factions are needed")
    if len(set(factions)) != len(factions):
        raise ValueError("the players need different factions")
    if first != "random" and (isinstance(first, bool) or first not in range(len(factions))):
        raise ValueError(f"the first player is 'random' or a seat from 0 to {len(factions) - 1}")
    return {"board": board, "factions": list(factions), "first": first}


def seats_of(options: dict[str, Any]) -> int:
    """How many play a game of these (checked) options: a page each online."""
    return len(options["factions"])


def answer_seconds(d) -> float:
    """Online, how long a page waits before it answers an interrupt window or a defence by itself with `pass`
    (the controller's answer clock): the same whatever its player holds, so the other page learns nothing
    from when the answer comes. A defence gets longer: its player reads the attack and picks a card."""
    return DEFENCE_SECONDS if d.kind == "defend" else WINDOW_SECONDS


WINDOW_SECONDS = 2.5
DEFENCE_SECONDS = 4.0


def content_hash() -> str:
    from wildlands.saves import CONTENT_HASH

    return CONTENT_HASH


save_names = kept_names  # a save keeps the players' names (format /2)
default_names = numbered_names
winner = sole_winner



def summary(g: wl.Game, names: list[str], words, winner: "int | None") -> str:
    from .start import BOARD_TEXT

    state = _("{name} won").format(name=names[winner]) if winner is not None else _("turn {n}").format(n=g.turn)
    return "Wildlands · " + _(BOARD_TEXT[g.board][0]) + " · " + ", ".join(names) + f" · {state}"


def effects(feed, g: wl.Game):
    """What changed since the table was last shown: the spaces where something happened (fx-* classes)."""
    from .table import board_effects

    return board_effects(feed.new_facts(g))


def card_details(app, card_id: str) -> str:
    from .table import card_details as details

    return details(app, card_id)


def needs_own_hand(g: wl.Game, d) -> bool:
    """Every decision of the player who holds the device shows her hand (or her secret map cards); the
    questions asked of the others at every action and attack (ALOUD) are asked without it."""
    return d.kind not in ALOUD


def asked_aloud(g: wl.Game, d) -> bool:
    return d.kind in ALOUD


def useful(options: list) -> list:
    kept = [a for a in options if str(a) != "cancel"]
    return kept or options


# the table's levels as Wildlands bots (wildlands.ai): easy looks one choice ahead (its attacks followed through
# the defence), normal and hard search redealt hidden cards: normal two actions a few choices deep, hard the
# tournaments' preset (8 actions, each played out to its next turn: it beats easy about two games in three)
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("greedy", {}),
    "normal": ("search", {"samples": 1, "width": 2, "horizon": 4, "until_turn": False, "halving": False,
                          "playout_depth": 1}),
    "hard": ("search", {}),
}


def make_bot(level: str, seed: int, **budget: Any):
    """The bot for one of the table's levels (or a bot's own name, for tournaments)."""
    from wildlands.ai import make_bot as make  # the bots are loaded with the first computer move

    return bot_for_level(make, LEVELS, level, seed, **budget)


def bot_levels() -> tuple[str, ...]:
    """The levels whose search the worker holds to its time limit."""
    return searching_levels(LEVELS)


def warm_up() -> None:
    wl.new_game(seed=0)


def tutorial():
    """The guided first game (wildlands/tutorial.py): a scripted Guild turn on the Dungeon against the Gnomads."""
    from .tutorial import Tutorial

    return Tutorial()


#: the game as the shell sees it (app.games.spec)
SPEC = GameSpec(
    name=name, title=title,
    Game=Game, IllegalAction=IllegalAction, SaveError=SaveError, MAX_SAVE_CHARS=MAX_SAVE_CHARS,
    check_save_text=check_save_text, new_game=new_game, options_from_settings=options_from_settings,
    options_of=options_of, link_options=link_options, content_hash=content_hash,
    summary=summary, board=later("wildlands.table", "board"), ending=later("wildlands.table", "ending"),
    statistics=later("wildlands.table", "statistics"), card_details=card_details,
    effects=effects, needs_own_hand=needs_own_hand, rules_entries=rules_entries,
    rules_search_hint=rules_search_hint, tutorial=tutorial, make_bot=make_bot, bot_levels=bot_levels,
    warm_up=warm_up, save_names=save_names, default_names=default_names, winner=winner,
    useful=useful,
    seats=(2, 3, 4), secret_choices=True, asks_aloud=True, asked_aloud=asked_aloud, answer_seconds=answer_seconds,
    seats_of=seats_of,
)
