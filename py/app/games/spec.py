"""A game as the shell sees it: one frozen `GameSpec` per game (each game module's `SPEC`), which replaces the
module-as-protocol. Every member the shell calls is a field; an optional one has its default here, filled once
when the game is registered (boardgame.io's ProcessGameConfig does the same), so the shell calls a spec and
never probes a module for what it has. What a game can do is data: how many may play it, whether it hides
information and asks secret choices, whether it asks questions aloud at one screen, and its trust protocol
online.

The engine part (Game, IllegalAction, SaveError, MAX_SAVE_CHARS, check_save_text) is the engine's own; the
rest speaks for the game where the shell would otherwise have to know it (see each field's comment).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Callable, Optional

from gamecore.bots import useful as useful_options
from gamecore.saves import MAX_NAME_CHARS

__all__ = ["GameSpec", "kept_names", "later", "numbered_names", "save_with_names", "sole_winner"]


def later(module: str, name: str) -> Callable[..., Any]:
    """A spec member that lives in a module imported at its first call (`module`, relative to app.games): the
    computer's worker imports a game's spec but never draws its table."""
    def call(*args: Any) -> Any:
        return vars(import_module("." + module, __package__))[name](*args)

    call.__name__ = call.__qualname__ = name
    return call


def kept_names(doc: dict) -> "list[str] | None":
    """The players' names a parsed save keeps (its `names`, each cut to MAX_NAME_CHARS: gamecore.saves.named),
    or None when it keeps none."""
    names = doc.get("names") if isinstance(doc, dict) else None
    if isinstance(names, list) and names and all(isinstance(n, str) for n in names):
        return [n[:MAX_NAME_CHARS] for n in names]
    return None


def save_with_names(game: Any, names: list) -> str:
    """The save's text of `game` keeping the players' names (the engine's to_json)."""
    return game.to_json(names=names)


def numbered_names(words: Any, game: Any) -> list[str]:
    """"Player 1", "Player 2", ...: names for a save that keeps none."""
    from ..i18n import _

    return [_("Player {n}").format(n=i + 1) for i in range(game.n)]


def sole_winner(game: Any) -> "int | None":
    """The one winner of a game that is over, or None (not over, or won by partners together: game.winners)."""
    return game.winners[0] if game.is_over and len(game.winners) == 1 else None


def _never(game: Any, decision: Any) -> bool:
    return False


def _no_clock(decision: Any) -> "float | None":
    return None


def _always(game: Any, decision: Any, one_sided: bool) -> bool:
    return True


def _two(options: dict) -> int:
    return 2


def _no_result(game: Any) -> Any:
    return None


def _nothing(ctx: Any) -> str:
    return ""


def _plain_hand_over(ctx: Any, p: int) -> tuple:
    return None, None, ""


def _no_dialog(ctx: Any, result: Any, alerts: str) -> str:
    return alerts


@dataclass(frozen=True)
class GameSpec:
    # who it is
    name: str                     # the registry key and the saves' format prefix ("tashkalar-save/1")
    title: str                    # the page's heading while it is played
    # the engine
    Game: type                    # from_json, from_setup, from_log, legal_actions, apply, view, story, state_hash,
    IllegalAction: type           # what apply() raises for a move that is not legal now
    SaveError: type               # what loading a save raises, with a message a player can act on
    MAX_SAVE_CHARS: int           # a save file larger than this is refused before it is read
    check_save_text: Callable[[str], dict]  # a save's text parsed after the cheap checks (SaveError)
    # dealing, options and saves
    new_game: Callable[..., Any]               # (options, seed) -> a new game
    options_from_settings: Callable[[dict], dict]  # the start screen's settings -> new_game's options
    options_of: Callable[[Any], dict]          # a dealt game's options (a rematch deals anew)
    link_options: Callable[[Any], dict]        # a peer's options checked (ValueError: why not)
    content_hash: Callable[[], str]            # the game's content, as a peer's hello names it
    summary: Callable[..., str]                # (game, names, words, winner) -> a save slot's line
    # the table
    board: Callable[[Any], str]                # (app.table.TableContext) -> the board and panels (HTML), live
    #                                            or as one frame of the replay; the shell's frame is around it
    ending: Callable[[Any], Any]               # (context) -> app.table.Ending: a game over by its rules, worded
    card_details: Callable[[Any, str], str]    # (app, card id) -> the card's dialog
    effects: Callable[[Any, Any], Any]         # (feed, game) -> what the table animates after a move
    needs_own_hand: Callable[[Any, Any], bool]  # whether deciding shows its player what the others may not see
    rules_entries: Callable[[Any], list]       # (app) -> the rules reference (app.rules_ref.Entry)
    rules_search_hint: str                     # the search box's placeholder (a catalog message)
    tutorial: Callable[[], Any]                # a new guided first game (app.tutorial.ScriptedTutorial)
    # the computer
    make_bot: Callable[..., Any]               # (level, seed, **budget) -> a bot
    bot_levels: Callable[[], tuple]            # the levels the start screen offers
    warm_up: Callable[[], None]                # imports and tables a first computer move would wait for
    # what a game can do (data)
    seats: tuple[int, ...] = (2,)              # how many may play it
    secret_choices: bool = False               # some decision is a secret pick (Decision.secret)
    asks_aloud: bool = False                   # at one screen, some questions are asked of all alike (asked_aloud)
    # optional members, with their defaults
    save_text: Callable[[Any, list], str] = save_with_names  # (game, names) -> the save's text
    save_names: Callable[[dict], "list[str] | None"] = kept_names  # the names a parsed save keeps
    default_names: Callable[[Any, Any], list] = numbered_names  # (words, game) -> names for a save with none
    winner: Callable[[Any], "int | None"] = sole_winner  # the one winner of a game that is over, or None
    result_to_show: Callable[[Any], Any] = _no_result  # the last result the table holds up until dismissed
    result_dialog: Callable[[Any, Any, str], str] = _no_dialog  # (context, that result, the link's alerts) -> it
    statistics: Callable[[Any], str] = _nothing        # (context) -> the statistics table at the end (HTML)
    recap: Callable[[Any], str] = _nothing             # (context) -> what the others did since, for the waiting bar
    hand_over: Callable[[Any, int], tuple] = _plain_hand_over  # (context, seat) -> the pass screen's (why, recap
    #                                                    HTML, box class): why she is asked, what happened since
    useful: Callable[[list], list] = useful_options    # the options worth a bot's thought
    asked_aloud: Callable[[Any, Any], bool] = _never   # (game, decision) -> asked of every player alike
    answer_seconds: Callable[[Any], "float | None"] = _no_clock  # online: when a page answers such a question
    seats_of: Callable[[dict], int] = _two             # how many play a game of these link options
    sent_committed: Callable[[Any, Any, bool], bool] = _always  # online: a secret pick goes as a commitment first
    #                                                    (game, decision, one-sided game); False: it is public at once
    save_errors: "dict[str, str]" = field(default_factory=dict)  # its own save errors' words (code -> a catalog message)
    dialog: Optional[Callable[..., str]] = None        # a dialog of the game's own its table opens (app.modal)
    words: Optional[Callable[[str], Any]] = None       # the default game's words (app.words)
    private_chance: Any = None                 # online trust protocol (net/trust.py): the engine's private chance

    @property
    def trust(self) -> "str | None":
        """The trust protocol a game of two plays online with: "private chance" (each page deals its own deck
        from a committed seed, net/trust.py), or None (both pages hold the whole game)."""
        return "private chance" if self.private_chance is not None else None
