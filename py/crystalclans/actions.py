"""Crystal Clans' text notation (Action and Decision are the shared core's: gamecore.actions).

An action is `kind` plus string/int arguments; `str(action)` is its notation and parsing a notation finds
the equal legal action, so notation round-trips by construction. Card arguments are tokens:

* `blood.condor`          a card owned by the player the decision is about (hand, discard, her squad)
* `blood.condor@1`        the same unit owned by seat 1 (only when owner and controller differ)
* `blood.condor#2`        the unit at position 2 (1 = top) of the squad the decision is about
"""
from __future__ import annotations

from typing import Any

from gamecore import errors
from gamecore.actions import Action, Decision, normalize
from gamecore.actions import action_text as _bounded_text

__all__ = ["Action", "Decision", "IllegalAction", "MAX_ACTION_CHARS", "action_parts", "action_text", "card_token",
           "counted", "normalize", "read_token", "squad_token"]


class IllegalAction(errors.IllegalAction):
    """An action that is not legal now; the game is unchanged."""


def counted(n: int, one: str, many: str | None = None) -> str:
    """`n` and its noun in the right number, for the engine's own (English) prompts: counted(1, "card") is
    "1 card", counted(2, "card") "2 cards" (never "card(s)")."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def card_token(unit_id: str, owner: int, context_player: int) -> str:
    return unit_id if owner == context_player else f"{unit_id}@{owner}"


def squad_token(unit_id: str, owner: int, controller: int, position: int) -> str:
    return f"{card_token(unit_id, owner, controller)}#{position + 1}"


def _digits(text: str) -> bool:
    """ASCII digits only: str.isdigit() also says yes to "²" or "٣", which int() refuses."""
    return text.isascii() and text.isdigit()


def read_token(token: str) -> tuple[str, int | None, int | None]:
    """A card token's parts, the inverse of card_token/squad_token: (unit, crystal or ability id, the owner's
    seat or None, the 0-based squad position or None). Whether the id exists is the caller's to check."""
    head, _, pos = str(token).partition("#")
    uid, _, owner = head.partition("@")
    return uid, (int(owner) if _digits(owner) else None), (int(pos) - 1 if _digits(pos) else None)


# The longest notation is a reveal of a whole hand in a private-chance game (reveals.py: up to a deck's 27
# cards of up to 30 characters each); longer text is refused before any work.
MAX_ACTION_CHARS = 1000


# the most words after a kind: a reveal of a whole hand (27 cards) and the words around it
MAX_ARGS = 40


def action_text(action: Any) -> str | None:
    """An Action's notation if it is well formed (a text kind, text or whole-number arguments), else None."""
    return _bounded_text(action, MAX_ACTION_CHARS, MAX_ARGS)


#: Words of the notation that name no card, zone or number but qualify the argument after them.
_QUALIFIERS = ("from", "flip", "shift")


def action_parts(action: Action, cs: Any, context: int) -> dict[str, Any]:
    """An action's arguments as data, so a table maps options to what it shows without reading notation:
    `kind`; `card` and `owner` (a unit; `owner` is the seat, `context` where the token names none),
    `position` (0-based, a unit in a squad); `crystal`; `ability`; `zone` (and `to`, a second zone);
    `n` (a number); `from` ("discard"), `flip` (the crystal flipped to pay), `shift` (a zone, or True);
    `word` (any other word: "top", "bold", "attack", ...). `cs` is the game's card set."""
    out: dict[str, Any] = {"kind": action.kind}
    zones, crystals, units = cs.board.zone_index, cs.crystal_index, cs.unit_index
    args = [str(a) for a in action.args]
    i = 0
    while i < len(args):
        a = args[i]
        if a in _QUALIFIERS:
            nxt = args[i + 1] if i + 1 < len(args) and args[i + 1] not in _QUALIFIERS else None
            out[a] = nxt if nxt is not None else True
            i += 2 if nxt is not None else 1
            continue
        i += 1
        if a in zones:
            out["to" if "zone" in out else "zone"] = a
        elif a in crystals:
            out["crystal"] = a
        elif _digits(a):
            out["n"] = int(a)
        else:
            uid, owner, pos = read_token(a)
            if uid in units:
                out["card"] = uid
                out["owner"] = context if owner is None else owner
                if pos is not None:
                    out["position"] = pos
            elif "." in uid and uid.rsplit(".", 1)[0] in units:
                out["ability"] = uid
                out["owner"] = context if owner is None else owner
            else:
                out.setdefault("word", a)
    return out

