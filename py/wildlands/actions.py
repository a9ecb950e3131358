"""Wildlands' text notation (Action and Decision are the shared core's: gamecore.actions).

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

from gamecore import errors
from gamecore.actions import Action, Decision, normalize
from gamecore.actions import action_text as _bounded_text
from gamecore.untrusted import describe  # noqa: F401 - the engine's messages name junk with it

__all__ = ["Action", "Decision", "IllegalAction", "MAX_ACTION_CHARS", "action_text", "describe", "normalize",
           "PASS", "END", "CANCEL", "INTERRUPT", "ALONE", "STAY"]


class IllegalAction(errors.IllegalAction):
    """An action that is not legal now, or is malformed; the game is unchanged."""


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
    """An Action's notation if it is well formed (gamecore.actions.action_text), else None."""
    return _bounded_text(action, MAX_ACTION_CHARS, MAX_ARGS, MAX_ARG_BITS)
