"""Tash-Kalar's text notation (Action and Decision are the shared core's: gamecore.actions).

An action is a `kind` and a tuple of text/int arguments; `str(action)` is its notation (`place e5`,
`summon highland/dire-wolf`, `at e5 3`, `to d4`, `done`), and a text is applied by finding the legal action
with that notation, so notation round-trips by construction. Squares are named as in board.py (`a5`..`i5`,
column letter then row from the top); cards by their data id (`imperial/knight`, `legend/titan`,
`flare/07`); tasks by theirs (`task/diagonals`).

A Decision is what the engine asks now: one player, a kind, a prompt in plain English, the legal options
and `info` (JSON-ready facts that help to show the choice, e.g. each placement's pattern squares).
"""
from __future__ import annotations

from typing import Any

from gamecore import errors
from gamecore.actions import Action, Decision, normalize
from gamecore.actions import action_text as _bounded_text

__all__ = ["CANCEL", "DONE", "END", "SKIP", "Action", "Decision", "IllegalAction", "MAX_ACTION_CHARS", "action_text",
           "normalize"]


class IllegalAction(errors.IllegalAction):
    """An action that is not legal now, or is malformed; the game is unchanged."""


MAX_ACTION_CHARS = 120  # the longest notation is far shorter; longer text is refused before any work

DONE = Action("done")
SKIP = Action("skip")
CANCEL = Action("cancel")
END = Action("end")


MAX_ARGS = 4  # the most arguments an action of ours has is 2


def action_text(action: Any) -> str | None:
    """An Action's notation if it is well formed (gamecore.actions.action_text), else None."""
    return _bounded_text(action, MAX_ACTION_CHARS, MAX_ARGS)
