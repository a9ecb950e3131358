"""The errors every engine raises on bad input, one class per kind of failure, each with a machine-readable
`code` (python-chess keeps syntax, legality and ambiguity apart in the same way): an engine's own classes
subclass these, so the shell and the tests can catch any game's refusal by kind without knowing the game.

    IllegalAction   a move that is not legal now, or is no move at all; the game is unchanged
    SaveError       a save (text or mapping) that cannot be loaded; nothing else changes
    PositionError   a scenario position that cannot be a game; the message names the field

`code` says what went wrong as data ("illegal", "save", "position", or a finer one an engine gives, such as
a save's "too_large"), so an app can word it in the player's language; `params` hold the figures.
"""
from __future__ import annotations

from typing import Any

__all__ = ["GameError", "IllegalAction", "PositionError", "SaveError"]


class GameError(ValueError):
    """Bad input refused by an engine: the message says why in words a player or a developer can act on."""

    code = "error"

    def __init__(self, message: str = "", code: str = "", **params: Any) -> None:
        super().__init__(message)
        if code:
            self.code = code
        self.params = params


class IllegalAction(GameError):
    """An action that is not legal now, or is malformed; the game is unchanged."""

    code = "illegal"


class SaveError(GameError):
    """A save that cannot be loaded; the message says why in words a player can act on. `params["detail"]`,
    where present, is a technical detail (a parser's or validator's own message)."""

    code = "save"


class PositionError(GameError):
    """A position that cannot be a game; the message names the field and what is wrong with it."""

    code = "position"
