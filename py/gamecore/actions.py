"""Actions and decisions: the value objects every engine's moves and questions are made of.

An `Action` is a `kind` and a tuple of text or whole-number arguments; `str(action)` is its notation, and a
text is applied by finding the legal action with that notation, so notation round-trips by construction
(python-chess's `Move` with `uci()`). What the words of a notation name (cards, squares, spaces) is each
engine's own.

A `Decision` is what an engine asks now: one player, a kind, a prompt in plain English, the legal options,
`info` (JSON-ready facts that help to show the choice) and what a table, a peer and an undo need to know of
it, so none of them works it out again from its kind:
* `secret`: the choice is made in secret and shown only at a reveal (a battle card, a start space): a peer
  sends it as a commitment, a second person at the screen must not see it;
* `private`: its info shows what only its player may see (her hand, the top of a pile): the other players'
  views keep only its kind.
`info` may be given as a function of no arguments that builds it from values it captured when the decision
was made: it is built when first read, so a replay, which never shows the decisions it passes, does not pay.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

__all__ = ["Action", "Decision", "action_text", "normalize"]


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


def normalize(text: str) -> str:
    """A notation with its runs of spaces made one (as every engine compares texts)."""
    return " ".join(str(text).split())


def action_text(action: Any, max_chars: int, max_args: int, max_arg_bits: int = 64) -> "str | None":
    """The notation of a well-formed action (a text kind and a tuple of at most `max_args` texts of at most
    `max_chars` characters and whole numbers of at most `max_arg_bits` bits), else None. Bounded in time:
    nothing is converted to text before its size is checked, and a subclass of str or int cannot run its own
    code here."""
    if not isinstance(action, tuple) or len(action) != 2:
        return None
    kind, args = action
    if not isinstance(kind, str) or len(kind) > max_chars or not isinstance(args, tuple) or len(args) > max_args:
        return None
    for a in args:
        if isinstance(a, str):
            if len(a) > max_chars:
                return None
        elif isinstance(a, bool) or not isinstance(a, int) or int.bit_length(a) > max_arg_bits:
            return None
    return str(Action(str.__str__(kind), tuple(str.__str__(a) if isinstance(a, str) else int.__int__(a)
                                               for a in args)))


class Decision:
    """One question: which player decides, what kind of choice it is, the prompt, the options, the info, and
    whether it is `secret` or `private` (the module's docstring)."""

    __slots__ = ("kind", "player", "prompt", "options", "_info", "secret", "private")

    def __init__(self, kind: str, player: int, prompt: str, options: "list[Action]",
                 info: "dict | Callable[[], dict] | None" = None, *, secret: bool = False,
                 private: bool = False) -> None:
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.options = options
        self._info = info if info is not None else {}
        self.secret = secret
        self.private = private or secret

    @property
    def info(self) -> dict:
        i = self._info
        if callable(i):
            i = self._info = i()
        return i

    @info.setter
    def info(self, value: dict) -> None:
        self._info = value

    def to_dict(self, with_options: bool = True) -> "dict[str, Any]":
        d: dict[str, Any] = {"kind": self.kind, "player": self.player, "prompt": self.prompt, "info": dict(self.info),
                             "secret": self.secret, "private": self.private}
        if with_options:
            d["options"] = [str(a) for a in self.options]
        return d

    def __repr__(self) -> str:
        shown = [str(a) for a in self.options[:8]]
        more = f" +{len(self.options) - 8}" if len(self.options) > 8 else ""
        return f"Decision({self.kind!r}, player={self.player}, options={shown}{more})"
