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
from gamecore.untrusted import describe  # noqa: F401 - the engine's messages name junk with it

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
