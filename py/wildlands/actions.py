"""Action value objects, decisions and their text notation (the same Action and Decision shapes as the other
engines: crystalclans.actions' Action, a Decision with kind, player, prompt, options, info).

Notation (every choice is an Action; `str(action)` is its text and a text is applied by finding the legal
action with that text, so it round-trips by construction). Characters by their data id (`lunk`, `tak`),
spaces by number, cards of the deciding player's deck by id (`c1`..`c26`; `s` is any special card, W48):

    start lunk 17         setup: the map card under a figure (W13; hidden from the others in every log)
    reveal lunk           put a figure on its start space (W17, W18)
    move c3 lunk 12       a card showing the character's symbol, or `s` (movement joker, W49), one step (W25)
    climb lunk 2          uphill (W26): then `pay <card>` twice (`cancel` until the last card)
    pickup lunk           a shard (W27): then `pay <card>` three times
    melee c3 lunk gnomads       | heavy_melee ...   the faction to hit on the attacker's space (W31, W33)
    ranged c3 owl_sage tak      | heavy_ranged ...  the enemy character in LOS (W34, W35)
    area c3 pyromancer 17       every character on that space (W36)
    fly c3 elsie 12             one or two steps (W41)      manoeuvre c3 tak   then `with <char>`/`alone`,
                                                            `step <char> <to> [<card>]`/`stay` (W40)
    draw s                draw two (W50)      end        end the turn, or one's interrupt (W23, W53)
    pass | interrupt      the window after every action (W51-W56)
    pass | defend c4      the defence decision at every attack (W32, W37-W39)
    victim tak            the owner picks who takes a melee hit (W31, AM7)
"""
from __future__ import annotations

from typing import Any

from crystalclans.actions import Action, normalize

__all__ = ["Action", "Decision", "IllegalAction", "MAX_ACTION_CHARS", "action_text", "describe", "normalize",
           "PASS", "END", "CANCEL", "INTERRUPT", "ALONE", "STAY"]


class IllegalAction(ValueError):
    """An action that is not legal now, or is malformed; the game is unchanged."""


class Decision:
    """One question: which player decides, what kind of choice it is, the prompt, the options, the info."""

    __slots__ = ("kind", "player", "prompt", "options", "info")
    secret = False

    def __init__(self, kind: str, player: int, prompt: str, options: list[Action], info: dict | None = None):
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.options = options
        self.info = info if info is not None else {}

    def to_dict(self, with_options: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "player": self.player, "prompt": self.prompt, "info": self.info}
        if with_options:
            d["options"] = [str(a) for a in self.options]
        return d

    def __repr__(self) -> str:
        shown = [str(a) for a in self.options[:8]]
        more = f" +{len(self.options) - 8}" if len(self.options) > 8 else ""
        return f"Decision({self.kind!r}, player={self.player}, options={shown}{more})"


MAX_ACTION_CHARS = 80
MAX_ARGS = 4          # no notation has more than three words after its kind
MAX_ARG_BITS = 64     # a space or any other number of the notation is small
PASS = Action("pass")
END = Action("end")
CANCEL = Action("cancel")
INTERRUPT = Action("interrupt")
ALONE = Action("alone")
STAY = Action("stay")


def action_text(action: Any) -> str | None:
    """The notation of a well-formed action (a text kind and a short tuple of short texts and small whole
    numbers), else None. Bounded in time: nothing is converted to text before its size is checked."""
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
        elif isinstance(a, bool) or not isinstance(a, int) or int.bit_length(a) > MAX_ARG_BITS:
            return None
    # plain copies: a subclass of str or int cannot run its own code here
    return str(Action(str.__str__(kind), tuple(str.__str__(a) if isinstance(a, str) else int.__int__(a)
                                               for a in args)))


def describe(value: Any, limit: int = 60) -> str:
    """A short text for any value an attacker may send (for error messages): at most about `limit`
    characters, in bounded time, without recursion and without calling the value's own methods (a nested
    list is shown by its type and length, a huge number by its size)."""
    if isinstance(value, str):
        shown = repr(str.__str__(value)[:limit])
        return shown if len(value) <= limit else shown + f"... ({len(value):,} characters)"
    if isinstance(value, bool) or value is None:
        return repr(bool(value)) if value is not None else "None"
    if isinstance(value, int):
        bits = int.bit_length(value)
        return repr(int(value)) if bits <= MAX_ARG_BITS else f"a whole number of {bits:,} bits"
    if isinstance(value, float):
        return repr(float(value))
    if isinstance(value, (bytes, bytearray)):
        return repr(bytes(value[:limit]))
    if isinstance(value, tuple) and len(value) == 2 and not isinstance(value, Action) or isinstance(value, Action):
        kind, args = tuple.__getitem__(value, 0), tuple.__getitem__(value, 1)
        parts = [describe(kind, 20)]
        if isinstance(args, tuple):
            parts += [_brief(a) for a in tuple.__getitem__(args, slice(0, MAX_ARGS))]
            if len(args) > MAX_ARGS:
                parts.append(f"... ({len(args):,} arguments)")
        else:
            parts.append(_brief(args))
        return ("Action(" if isinstance(value, Action) else "(") + ", ".join(parts)[:limit] + ")"
    return _brief(value)


def _brief(value: Any) -> str:
    """A value without looking inside it, unless it is a plain scalar."""
    if value is None or isinstance(value, (str, int, float)):
        return describe(value, 20)
    name = type(value).__name__[:30]
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return f"a {name} of {len(value):,}"
    return f"a {name}"
