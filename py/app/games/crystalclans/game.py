"""Crystal Clans as a game module of the table (its SPEC: app.games.spec.GameSpec). Its table: crystalclans/table.py;
its cards and their dialogs: crystalclans/cards.py; its words: crystalclans/text.py; its log:
crystalclans/story.py; its rules: crystalclans/rules.py; its guided game: crystalclans/tutorial.py; its part
of the start screen: crystalclans/start.py."""
from __future__ import annotations

from typing import Any

import crystalclans as cc
from crystalclans.actions import read_token
from crystalclans.ai.bots import useful
from crystalclans.saves import MAX_SAVE_CHARS, check_save_text, save_names

from ...i18n import N_, _
from ...settings import first_player
from .start import TITLE as title  # the page's heading while it is played
from ..spec import GameSpec, later

# Online of two without trust (app/net/trust.py): the engine's commitment to a private seed, its audit and the
# opening it reads; a game module without `private_chance` is played online with both pages holding the whole game
private_chance = cc

name = "crystalclans"
Game = cc.Game
IllegalAction = cc.IllegalAction
SaveError = cc.SaveError

__all__ = ["Game", "IllegalAction", "MAX_SAVE_CHARS", "SaveError", "bot_levels", "check_save_text", "content_hash",
           "default_names", "result_to_show", "link_options", "title", "make_bot", "name", "needs_own_hand", "new_game",
           "options_from_settings", "options_of", "save_names", "summary", "effects",
           "card_details", "dialog", "rules_entries", "rules_search_hint", "tutorial", "useful", "warm_up", "winner", "words"]


def new_game(options: dict[str, Any], seed: int, private_seeds: tuple[int | None, int | None] | None = None) -> cc.Game:
    """options: clans (two ids), first ("random", 0 or 1), mulligan (bool). `private_seeds`: an online game
    without trust, one-sided (net/trust.py)."""
    first = options.get("first", "random")
    return cc.new_game(clans=tuple(options["clans"]), seed=seed,
                       first_player=None if first == "random" else int(first), mulligan=bool(options.get("mulligan")),
                       private_seeds=private_seeds)


rules_search_hint = N_("Search the rules (e.g. flank, reshuffle)")


def rules_entries(app) -> list:
    """The rules reference (crystalclans/rules.py): the rulebook's, then the card set's entries."""
    from .rules import entries

    return entries(app.words.cs, app.words)


def tutorial():
    """The guided first game (crystalclans/tutorial.py): the Flower Clan against a scripted Stone Clan."""
    from .tutorial import Tutorial

    return Tutorial()


def words(lang: str):
    """The card set's words in language `lang` (crystalclans/text.py: Words): the App keeps them as `app.words`
    (app.games.words), with the card set as `app.words.cs`."""
    from .text import Words

    return Words(cc.base_set(), lang)


def options_from_settings(s: dict) -> dict[str, Any]:
    """The start screen's settings (app/settings.py) as new_game options."""
    return {"clans": list(s["clans"]), "first": first_player(s), "mulligan": bool(s.get("mulligan"))}


def options_of(g: cc.Game) -> dict[str, Any]:
    """The options of a game dealt from them (a rematch deals anew with the same)."""
    s = g.setup
    first = s.get("first_player")
    return {"clans": list(s["clans"]), "first": "random" if first is None else first, "mulligan": bool(s.get("mulligan"))}


def link_options(raw: Any) -> dict[str, Any]:
    """The options of a game two linked pages play, checked (a peer's are untrusted): ValueError says why not."""
    if not isinstance(raw, dict):
        raise ValueError("no options")
    clans, first, mulligan = raw.get("clans"), raw.get("first", "random"), raw.get("mulligan", False)
    known = cc.base_set().clans
    if not (isinstance(clans, list) and len(clans) == 2 and all(isinstance(c, str) and c in known for c in clans)):
        raise ValueError("two clans of the card set are needed (an unknown clan)")
    if first != "random" and (isinstance(first, bool) or first not in (0, 1)):
        raise ValueError("the first player is 'random', 0 or 1")
    if not isinstance(mulligan, bool):
        raise ValueError("the mulligan is yes or no")
    return {"clans": list(clans), "first": first, "mulligan": mulligan}


def content_hash() -> str:
    """What both pages of a link must agree on besides the code: the card set's hash."""
    return cc.base_set().hash


def default_names(words, game: cc.Game) -> list[str]:
    clans = game.setup.get("clans") or ["", ""]
    names = [words.clan_name(c).replace(" Clan", "") or _("Player {n}").format(n=i + 1) for i, c in enumerate(clans)]
    if names[0] == names[1]:
        names = [names[0] + " 1", names[1] + " 2"]
    return names


def winner(g: cc.Game) -> "int | None":
    return g.winner if g.is_over else None


def result_to_show(g: cc.Game):
    """The last battle fought (its result is shown once to the people at this screen)."""
    return g.last_battle


def summary(g: cc.Game, names: list[str], words, winner: "int | None") -> str:
    """One line for the saved games' list and the Continue button."""
    clans = g.setup.get("clans") or ["?", "?"]
    state = _("{name} won").format(name=names[winner]) if winner is not None else _("turn {n}").format(n=g.turn)
    return _("{a} ({clan_a}) vs {b} ({clan_b})").format(
        a=names[0], clan_a=words.clan_name(clans[0]), b=names[1], clan_b=words.clan_name(clans[1])) + f" · {state}"


def effects(feed, g: cc.Game):
    """What the table animates now: the story facts since it was last shown (app/fx.py's feed)."""
    from .table import effects_of

    return effects_of(feed.new_facts(g))


def card_details(app, card_id: str) -> str:
    """The card's details dialog (crystalclans/cards.py): its face, numbers and where each value comes from."""
    from .cards import card_details as details

    return details(app, card_id)


def dialog(app, modal: tuple, view: "dict | None" = None) -> str:
    """The table's own dialog `modal` (app.modal): ("discard", player) shows that player's discard pile (in
    `view`, a replay's frame, else the table's)."""
    if modal[0] == "discard":
        from .cards import discard_modal

        return discard_modal(app, modal[1], view)
    return ""


def sent_committed(g: cc.Game, d, one_sided: bool) -> bool:
    """Online, whether a secret pick goes as a commitment first: always, but in a one-sided game (net/trust.py)
    a battle card picked first under Mind Reading is public at once (the other picks hers seeing it)."""
    b = g.battle
    return not (one_sided and d.kind == "battle_card" and b is not None and b.first == d.player)


SAVE_ERRORS = {  # the words of Crystal Clans' own save errors (app/errors.py has those every game shares)
    "card_set": N_("the save was made with the card set {saved}, but this game uses {loaded}."),
    "clan": N_("the save names an unknown clan, {clan} (the clans are {clans})."),
}


def needs_own_hand(g: cc.Game, d) -> bool:
    """Whether making decision `d` shows its player something the other may not see: a secret or private
    choice (the engine says so), or options that name cards in her hand (an action choice offering summons).
    Only such a decision needs the device handed over to her behind a pass screen."""
    if d.secret or d.private:
        return True
    hand = {g.unit_id(c) for c in g.hands[d.player]}
    return any(a.args and read_token(str(a.args[0]))[0] in hand for a in d.options)


def make_bot(level: str, seed: int, **budget: Any):
    from crystalclans.ai import make_bot as make

    return make(level, seed=seed, **budget)


def bot_levels() -> tuple[str, ...]:
    """The levels whose search the worker holds to its time limit."""
    from crystalclans.ai import PRESETS

    return tuple(PRESETS)


def warm_up() -> None:
    """Import the bots and load the card set once (the worker's boot)."""
    import crystalclans.ai  # noqa: F401

    cc.base_set()


#: the game as the shell sees it (app.games.spec)
SPEC = GameSpec(
    name=name, title=title,
    Game=Game, IllegalAction=IllegalAction, SaveError=SaveError, MAX_SAVE_CHARS=MAX_SAVE_CHARS,
    check_save_text=check_save_text, new_game=new_game, options_from_settings=options_from_settings,
    options_of=options_of, link_options=link_options, content_hash=content_hash,
    summary=summary, board=later("crystalclans.table", "board"), ending=later("crystalclans.table", "ending"),
    statistics=later("crystalclans.table", "statistics"), hand_over=later("crystalclans.table", "hand_over"),
    recap=later("crystalclans.table", "waiting_recap"), result_dialog=later("crystalclans.table", "battle_result"),
    card_details=card_details,
    effects=effects, needs_own_hand=needs_own_hand, rules_entries=rules_entries,
    rules_search_hint=rules_search_hint, tutorial=tutorial, make_bot=make_bot, bot_levels=bot_levels,
    warm_up=warm_up, save_names=save_names, default_names=default_names, winner=winner, result_to_show=result_to_show,
    useful=useful,
    secret_choices=True, sent_committed=sent_committed, save_errors=SAVE_ERRORS, dialog=dialog, words=words, private_chance=private_chance,
)
