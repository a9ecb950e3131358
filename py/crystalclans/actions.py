"""Action value objects, decisions and the text notation.

An action is `kind` plus string/int arguments; `str(action)` is its notation and parsing a notation finds
the equal legal action, so notation round-trips by construction. Card arguments are tokens:

* `blood.condor`          a card owned by the player the decision is about (hand, discard, her squad)
* `blood.condor@1`        the same unit owned by seat 1 (only when owner and controller differ)
* `blood.condor#2`        the unit at position 2 (1 = top) of the squad the decision is about
"""
from __future__ import annotations

from typing import Any, NamedTuple


class IllegalAction(ValueError):
    """An action that is not legal now; the game is unchanged."""


class Action(NamedTuple):
    kind: str
    args: tuple = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    @property
    def text(self) -> str:
        return str(self)


class Decision:
    """What the engine asks now: one player, one kind of choice, its legal options."""

    __slots__ = ("kind", "player", "prompt", "options", "info")

    def __init__(self, kind: str, player: int, prompt: str, options: list[Action], info: dict | None = None):
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.options = options
        self.info = info or {}

    def to_dict(self, with_options: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "player": self.player, "prompt": self.prompt, "info": dict(self.info)}
        if with_options:
            d["options"] = [str(a) for a in self.options]
        return d

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, player={self.player}, options={[str(a) for a in self.options]})"


def card_token(unit_id: str, owner: int, context_player: int) -> str:
    return unit_id if owner == context_player else f"{unit_id}@{owner}"


def squad_token(unit_id: str, owner: int, controller: int, position: int) -> str:
    return f"{card_token(unit_id, owner, controller)}#{position + 1}"


MAX_ACTION_CHARS = 200  # the longest notation is far shorter; longer text is refused before any work


def action_text(action: Action) -> str | None:
    """An Action's notation if it is well formed (a text kind, text or whole-number arguments), else None."""
    kind, args = action
    if not isinstance(kind, str) or not isinstance(args, tuple) or not all(
            isinstance(a, str) or (isinstance(a, int) and not isinstance(a, bool)) for a in args):
        return None
    return str(action)


def normalize(text: str) -> str:
    return " ".join(str(text).split())
