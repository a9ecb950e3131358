"""Wildlands rules engine: pure Python, deterministic, the same in CPython and Pyodide; a sibling of
crystalclans and tashkalar with the same shape of contract.

    import wildlands as wl
    game = wl.new_game(board="dungeon", factions=("guild", "gnomads"), seed=3)
    game.decision; game.legal_actions(); game.apply("reveal lunk"); game.view(0); game.to_json()

Boards: "dungeon", "ruins". Factions (2-4, all different): "guild", "gnomads", "lawbringers", "pit_fighters".
The rules are W1-W63 of ../shared/wildlands/RULES.md; the content (maps, health, decks) is our own design
(CONTENT.md), shipped as data with its provenance (data/, built by `python -m wildlands.datasync`).

Out-of-turn play and privacy. Interrupts (W51-W56) and defences (W32, W37-W39) are ordinary decisions of the
other players, asked so that no question reveals a hand:
* after EVERY completed action, and after the declaration of a turn's end (W54), an "interrupt" decision
  goes to every other player still in the game, one at a time, clockwise from the player who acted (W55,
  AM8), until one interrupts; `pass` is always an option, `interrupt` appears only in the hand of a player
  holding a special card, and only the asked player sees the options;
* at EVERY attack, the owner of each character hit gets a "defend" decision (`pass` always; the cards that
  can defend, W39), also when no card could.
A table keeps this brisk by answering `pass` itself after the same short time for everyone unless the player
pressed "interrupt"/"defend" before (online), or by asking the defender at every attack (hotseat). The
sequence of (kind, player) of the decisions is thus a function of public facts and of the answers, never
of a hand; tests/wildlands/test_privacy.py proves it, and `game.prompts` counts the out-of-turn questions
(`python -m wildlands.bench` prints them per game).
"""
from __future__ import annotations

from .actions import Action, Decision, IllegalAction
from .content import BOARD_IDS, FACTION_IDS
from .game import Game
from .position import PositionError
from .saves import SaveError

__all__ = ["Action", "BOARD_IDS", "Decision", "FACTION_IDS", "Game", "IllegalAction", "PositionError", "SaveError", "new_game", "parse_action"]
__version__ = "0.1.0"


def new_game(board: str = "dungeon", factions: "tuple[str, ...]" = ("guild", "gnomads"), seed: int = 0,
             first_player: "int | None" = None) -> Game:
    """A new game: decks and map cards from `seed`; the players first choose their start spaces (W13).
    first_player: the seat that starts, or None for the rulebook's lowest shard (W16). A bad option (an
    unknown board or faction, a wrong type, a seed beyond 64 bits, a seat out of range) raises ValueError
    naming it."""
    return Game.new(board=board, factions=tuple(factions) if isinstance(factions, list) else factions, seed=seed,
                    first_player=first_player)


def parse_action(game: Game, text: str) -> Action:
    if game.decision is None:
        raise IllegalAction("the game is over" if game.is_over else "nothing to decide")
    return game._match(game.decision.options, text)
