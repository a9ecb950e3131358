"""Tash-Kalar rules engine: pure Python, deterministic, the same in CPython and Pyodide; a sibling of
crystalclans with the same shape of contract.

    import tashkalar as tk
    game = tk.new_game(mode="duel", players=2, decks=("northern", "highland"), seed=7, first_player=0)
    game.decision; game.legal_actions(); game.apply("place e5"); game.view(0); game.to_json()

Modes: "duel" and "high_form" (2 players), "melee" (3 or 4 players), "team" (4 players, partners 0+2 and 1+3,
`form="high_form"` (default) or `"duel"`). Decks: northern, southern (the Imperial school in two
colours), highland, sylvan, and the expansion's everfrost, nethervoid, etherweave.
"""
from __future__ import annotations

from .actions import Action, Decision, IllegalAction
from .content import PLAYABLE_DECKS
from .game import Game
from .position import PositionError
from .saves import SaveError

__all__ = ["Action", "Decision", "Game", "IllegalAction", "PositionError", "SaveError", "PLAYABLE_DECKS", "new_game", "parse_action"]
__version__ = "0.1.0"


def new_game(mode: str = "duel", players: int = 2, decks: tuple[str, ...] = ("northern", "highland"),
             seed: int = 0, first_player: "int | None" = None, form: "str | None" = None) -> Game:
    """A new game: decks shuffled from `seed`, 3 beings, 2 legends and 1 flare each (in the Team game the
    partners share 2 legends); the first player random (from the seed) unless given. `form`: the Team game's
    "high_form" (default) or "duel". A bad option (of the wrong type: a bool or a fraction is no whole
    number; out of range; unknown) raises ValueError naming it."""
    return Game.new(mode=mode, players=players, decks=tuple(decks) if isinstance(decks, list) else decks,
                    seed=seed, first_player=first_player, form=form)


def parse_action(game: Game, text: str) -> Action:
    """The legal action whose notation is `text` (raises IllegalAction)."""
    if game.decision is None:
        raise IllegalAction("the game is over" if game.is_over else "nothing to decide")
    return game._match(game.decision.options, text)
