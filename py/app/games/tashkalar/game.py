"""Tash-Kalar as a game module of the table (its SPEC: app.games.spec.GameSpec). Its arena: tashkalar/table.py."""
from __future__ import annotations

from typing import Any

import tashkalar as tk
from tashkalar.saves import MAX_SAVE_CHARS, SaveError, check_save_text

from ...i18n import N_, _
from ...settings import first_player
from .. import bot_for_level, searching_levels
from ..spec import GameSpec, kept_names, later, numbered_names, sole_winner
from .start import ONLINE_MODES as TK_ONLINE_MODES, TITLE as title, players as tk_players

name = "tashkalar"
Game = tk.Game
IllegalAction = tk.IllegalAction

__all__ = ["Game", "IllegalAction", "MAX_SAVE_CHARS", "SaveError", "bot_levels", "check_save_text", "content_hash",
           "default_names", "link_options", "title", "make_bot", "name", "needs_own_hand", "new_game",
           "options_from_settings", "options_of", "seats_of", "save_names", "summary", "effects", 
           "ArenaEffects", "arena_effects", "card_details", "rules_entries", "rules_search_hint", "tutorial", "useful", "warm_up", "winner"]
MODE_NAMES = {"duel": N_("Duel"), "high_form": N_("High Form"), "melee": N_("Melee"), "team": N_("Team")}


def new_game(options: dict[str, Any], seed: int) -> tk.Game:
    """options: mode ("duel", "high_form", "melee", "team"), decks (one per player), first ("random" or a
    seat), form (what a Team game plays as: "high_form" or "duel")."""
    decks = tuple(options["decks"])
    first = options.get("first", "random")
    mode = str(options.get("mode", "duel"))
    extra = {"form": str(options.get("form") or "high_form")} if mode == "team" else {}
    return tk.new_game(mode=mode, players=len(decks), decks=decks, seed=seed,
                       first_player=None if first == "random" else int(first), **extra)


rules_search_hint = N_("Search the rules (e.g. combat leap, flare)")


def rules_entries(app) -> list:
    """Tash-Kalar's rules reference (tashkalar/rules.py), in the current language."""
    from .rules import entries

    return entries()


def tutorial():
    """The guided first game (tashkalar/tutorial.py): a scripted High Form turn against the Highland deck."""
    from .tutorial import Tutorial

    return Tutorial()


def options_from_settings(s: dict) -> dict[str, Any]:
    """The start screen's settings (app/settings.py's tk_* fields) as new_game options."""
    return {"mode": s["tk_mode"], "decks": list(s["tk_decks"][:tk_players(s)]), "first": first_player(s),
            "form": s.get("tk_form", "high_form")}


def options_of(g: tk.Game) -> dict[str, Any]:
    """The options of a game dealt from them (a rematch deals anew with the same)."""
    s = g.setup
    first = s.get("first_player")
    return {"mode": s["mode"], "decks": list(s["decks"]), "first": "random" if first is None else first,
            "form": s.get("form") or "high_form"}


def link_options(raw: Any) -> dict[str, Any]:
    """The options of a game linked pages play, checked (a peer's are untrusted): ValueError says why not. The
    Duel and the High Form link two pages, a Melee three or four, a Team game four (net/party.py)."""
    from tashkalar.content import PLAYABLE_DECKS

    if not isinstance(raw, dict):
        raise ValueError("no options")
    mode, decks, first = raw.get("mode"), raw.get("decks"), raw.get("first", "random")
    form = raw.get("form", "high_form")
    if mode not in TK_ONLINE_MODES:
        raise ValueError(f"online, Tash-Kalar is played as one of {', '.join(TK_ONLINE_MODES)}")
    counts = {"melee": (3, 4), "team": (4,)}.get(mode, (2,))
    if not (isinstance(decks, list) and len(decks) in counts and all(isinstance(d, str) and d in PLAYABLE_DECKS
                                                                     for d in decks)):
        raise ValueError(f"{' or '.join(map(str, counts))} playable decks are needed")
    if len(set(decks)) != len(decks):
        raise ValueError("the players need different decks")
    if first != "random" and (isinstance(first, bool) or first not in range(len(decks))):
        raise ValueError(f"the first player is 'random' or a seat from 0 to {len(decks) - 1}")
    if form not in ("high_form", "duel"):
        raise ValueError("a Team game plays as the High Form or the Duel")
    return {"mode": mode, "decks": list(decks), "first": first, "form": form if mode == "team" else "high_form"}


def seats_of(options: dict[str, Any]) -> int:
    """How many play a game of these (checked) options: a page each online."""
    return len(options["decks"])


def content_hash() -> str:
    """What both pages of a link must agree on besides the code: the boards, decks, legends, flares, tasks."""
    from tashkalar.saves import CONTENT_HASH

    return CONTENT_HASH


save_names = kept_names  # a save keeps the players' names (format /2)
default_names = numbered_names
winner = sole_winner  # None also when two partners win a Team game



def summary(g: tk.Game, names: list[str], words, winner: "int | None") -> str:
    state = _("{name} won").format(name=names[winner]) if winner is not None else _("turn {n}").format(n=g.turn)
    return "Tash-Kalar · " + _(MODE_NAMES.get(g.mode, g.mode)) + " · " + ", ".join(names) + f" · {state}"


class ArenaEffects:
    """What the arena animates in one render, from the engine's story facts since the table was last shown:
    `squares` maps a square to its classes (fx-place: placed or summoned, fx-move, fx-destroyed, fx-upgrade, fx-downgrade,
    fx-convert, fx-lift), `slides` a moved piece's square to where it came from (dx, dy in squares), `gone` a
    square to the piece destroyed there ({colour, rank}). web/css/tashkalar.css plays them, and not at all
    under prefers-reduced-motion. `summoned` (a being was summoned) and `scored` (the players who scored
    points or claimed a task) are what the shell's sounds hear (app/shell.py cue)."""

    __slots__ = ("squares", "slides", "gone", "summoned", "scored")

    def __init__(self) -> None:
        self.squares: dict[str, set[str]] = {}
        self.slides: dict[str, tuple[int, int]] = {}
        self.gone: dict[str, dict[str, int]] = {}
        self.summoned = False
        self.scored: set[int] = set()

    def cue(self) -> str:
        """The sound the shell plays for it (app/shell.py): points or a task, a piece destroyed, a summon, or none."""
        if self.scored:
            return "score"
        if self.gone or set().union(*self.squares.values()) & {"fx-destroyed"}:
            return "battle"
        return "summon" if self.summoned else ""

    def __bool__(self) -> bool:
        return bool(self.squares)

    def mark(self, square: str, cls: str) -> None:
        self.squares.setdefault(square, set()).add(cls)


def arena_effects(facts) -> ArenaEffects:
    fx = ArenaEffects()
    for fact in facts:
        kind, v = fact[1], fact[2:]
        if kind == "place":
            fx.mark(v[0], "fx-place")
        elif kind == "summon":  # the being's piece arrives on its square
            fx.mark(v[2], "fx-place")
            fx.summoned = True
        elif kind in ("points", "colour_points", "claim"):
            fx.scored.add(v[0])
        elif kind == "move":
            a, b = v
            start = fx.slides.pop(a, None)  # moved twice: it slides from where it stood first
            ax, ay = ord(a[0]) - ord(b[0]), int(a[1:]) - int(b[1:])
            fx.slides[b] = (start[0] + ax, start[1] + ay) if start else (ax, ay)
            fx.mark(b, "fx-move")
        elif kind == "destroy":
            fx.mark(v[0], "fx-destroyed")
            fx.gone[v[0]] = {"colour": v[1], "rank": v[2]}
        elif kind == "rank":
            fx.mark(v[0], "fx-upgrade" if v[2] > v[1] else "fx-downgrade")
        elif kind == "convert":
            fx.mark(v[0], "fx-convert")
        elif kind == "lift":
            fx.mark(v[0], "fx-lift")
    return fx


def effects(feed, g: tk.Game) -> ArenaEffects:
    """What the arena animates now: the story facts since the table was last shown (app/fx.py's feed)."""
    return arena_effects(feed.new_facts(g))


def card_details(app, card_id: str) -> str:
    """A card's details dialog: name, rank, pattern drawn small, the whole effect (tashkalar/cards.py)."""
    from .cards import details_html

    return details_html(card_id)


def needs_own_hand(g: tk.Game, d) -> bool:
    """A hand-over is needed where the decision shows or names the decider's hand: choosing an action (its
    options name the cards she could summon or light), returning cards under her decks, and any choice while
    a card of her hand is being played. Moving pieces in the arena shows nothing private."""
    return d.kind in ("action", "return_cards") or any(str(a).startswith(("summon ", "light ", "bottom "))
                                                        for a in d.options)


def useful(options: list) -> list:
    """The options worth a bot's thought: cancelling a summon only undoes a choice."""
    kept = [a for a in options if a.kind != "cancel"]
    return kept or options


# the table's levels as Tash-Kalar bots (tashkalar.ai): easy looks one choice ahead, normal and hard search
# (play the best few options out over redealt hidden cards), hard with more samples and options
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("greedy", {}),
    "normal": ("search", {"samples": 1, "width": 3}),
    "hard": ("search", {}),
}


def make_bot(level: str, seed: int, **budget: Any):
    """The bot for one of the table's levels (or a bot's own name, for tournaments)."""
    from tashkalar.ai import make_bot as make  # the bots are loaded with the first computer move

    return bot_for_level(make, LEVELS, level, seed, **budget)


def bot_levels() -> tuple[str, ...]:
    """The levels whose search the worker holds to its time limit."""
    return searching_levels(LEVELS)


def warm_up() -> None:
    """The worker's boot: the content, the pattern tables and the bots, once."""
    import tashkalar.ai  # noqa: F401

    tk.new_game(seed=0)


#: the game as the shell sees it (app.games.spec)
SPEC = GameSpec(
    name=name, title=title,
    Game=Game, IllegalAction=IllegalAction, SaveError=SaveError, MAX_SAVE_CHARS=MAX_SAVE_CHARS,
    check_save_text=check_save_text, new_game=new_game, options_from_settings=options_from_settings,
    options_of=options_of, link_options=link_options, content_hash=content_hash,
    summary=summary, board=later("tashkalar.table", "board"), ending=later("tashkalar.table", "ending"),
    statistics=later("tashkalar.table", "statistics"), card_details=card_details,
    effects=effects, needs_own_hand=needs_own_hand, rules_entries=rules_entries,
    rules_search_hint=rules_search_hint, tutorial=tutorial, make_bot=make_bot, bot_levels=bot_levels,
    warm_up=warm_up, save_names=save_names, default_names=default_names, winner=winner,
    useful=useful,
    seats=(2, 3, 4), seats_of=seats_of,
)
