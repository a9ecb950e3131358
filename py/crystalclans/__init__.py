"""Crystal Clans rules engine: pure Python, deterministic, the same in CPython and Pyodide.

    import crystalclans as cc
    game = cc.new_game(clans=("blood", "skull"), seed=7)
    game.legal_actions(); game.apply("replenish"); game.view(0); game.to_json()
"""
from __future__ import annotations

from .actions import Action, Decision, IllegalAction
from .audit import AuditResult, Opening, audit
from .cardset import CardSet, base_set, load_card_set
from .errors import CardSetError
from .game import Game
from .position import PositionError
from .privacy import commitment
from .saves import SaveError

__all__ = [
    "Action", "AuditResult", "CardSet", "CardSetError", "Decision", "Game", "IllegalAction", "Opening",
    "PositionError", "SaveError", "audit", "base_set", "commitment", "load_card_set", "new_game", "parse_action",
]
__version__ = "0.1.0"


def new_game(
    clans: tuple[str, str] = ("blood", "skull"),
    seed: int = 0,
    first_player: int | None = None,
    mulligan: bool = False,
    card_set: CardSet | None = None,
    private_seeds: "tuple[int | None, int | None] | None" = None,
) -> Game:
    """A new game: decks shuffled from `seed`, 5 cards each, the first player random unless given.

    `private_seeds=(a, b)`: private chance (docs/TRUSTLESS.md): each deck, reshuffle and mulligan comes from
    its owner's own stream (her private seed with `seed`), `seed` deals only the crystals and the first
    player. A seed of None: this game cannot see that seat (the one-sided game her opponent's page holds)."""
    return Game.new(clans=clans, seed=seed, first_player=first_player, mulligan=mulligan, card_set=card_set,
                    private_seeds=private_seeds)


def parse_action(game: Game, text: str) -> Action:
    """The legal action whose notation is `text` (raises IllegalAction)."""
    return game._parse(text) if game.decision is not None else _over(game)


def _over(game: Game) -> Action:
    raise IllegalAction("the game is over" if game.is_over else "nothing to decide")
