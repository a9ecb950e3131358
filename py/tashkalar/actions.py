"""Action value objects, decisions and their text notation.

An action is a `kind` and a tuple of text/int arguments; `str(action)` is its notation (`place e5`,
`summon highland/dire-wolf`, `at e5 3`, `to d4`, `done`), and a text is applied by finding the legal action
with that notation, so notation round-trips by construction. Squares are named as in board.py (`a5`..`i5`,
column letter then row from the top); cards by their data id (`imperial/knight`, `legend/titan`,
`flare/07`); tasks by theirs (`task/diagonals`).

A Decision is what the engine asks now: one player, a kind, a prompt in plain English, the legal options
and `info` (JSON-ready facts that help to show the choice, e.g. each placement's pattern squares).
"""
from __future__ import annotations

from typing import Any, Callable

from crystalclans.actions import Action, normalize  # the value object and its notation, shared by the engines

__all__ = ["CANCEL", "DONE", "END", "SKIP", "Action", "Decision", "IllegalAction", "MAX_ACTION_CHARS", "action_text",
           "normalize"]


class IllegalAction(ValueError):
    """An action that is not legal now, or is malformed; the game is unchanged."""


class Decision:
    """One question: which player decides, what kind of choice it is, the prompt, the options, the info.

    `info` may be given as a function of no arguments that builds it from values it captured when the
    decision was made (never from the game, which moves on): it is built when first read, so a replay, which
    never shows the decisions it passes, does not pay for it (a summon's placements are the costly case)."""

    __slots__ = ("kind", "player", "prompt", "options", "_info")
    secret = False  # no choice in Tash-Kalar is made in secret at the same time as another's (see Crystal Clans')

    def __init__(self, kind: str, player: int, prompt: str, options: list[Action],
                 info: "dict | Callable[[], dict] | None" = None):
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.options = options
        self._info = info if info is not None else {}

    @property
    def info(self) -> dict:
        i = self._info
        if callable(i):
            i = self._info = i()
        return i

    def to_dict(self, with_options: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "player": self.player, "prompt": self.prompt, "info": self.info}
        if with_options:
            d["options"] = [str(a) for a in self.options]
        return d

    def __repr__(self) -> str:
        shown = [str(a) for a in self.options[:8]]
        more = f" +{len(self.options) - 8}" if len(self.options) > 8 else ""
        return f"Decision({self.kind!r}, player={self.player}, options={shown}{more})"


MAX_ACTION_CHARS = 120  # the longest notation is far shorter; longer text is refused before any work

DONE = Action("done")
SKIP = Action("skip")
CANCEL = Action("cancel")
END = Action("end")


MAX_ARGS = 4  # the most arguments an action of ours has is 2


def action_text(action: Any) -> str | None:
    """An Action's notation if it is well formed (a text kind, at most MAX_ARGS text or small whole-number
    arguments, short enough to be a notation), else None; checked before any text is built."""
    if not isinstance(action, tuple) or len(action) != 2:
        return None
    kind, args = action
    if not isinstance(kind, str) or len(kind) > MAX_ACTION_CHARS or not isinstance(args, tuple) \
            or len(args) > MAX_ARGS:
        return None
    for a in args:
        if isinstance(a, str):
            if len(a) > MAX_ACTION_CHARS:
                return None
        elif isinstance(a, bool) or not isinstance(a, int) or not -10 ** 6 < a < 10 ** 6:
            return None
    # the base types' own conversions: a subclass's __str__ cannot change (or break) the text
    return str.__str__(kind) + "".join(" " + (str.__str__(a) if isinstance(a, str) else int.__repr__(a))
                                       for a in args)
