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
    """What the engine asks now: one player, one kind of choice, its legal options.

    Besides the options, a decision says what a table, a peer and an undo need to know about it, so none of
    them works it out again from its kind:
    * `secret`: the choice is made in secret and shown only at a reveal (a battle card, a Foresight
      prediction): a peer sends it as a commitment, a second person at the screen must not see it;
    * `private`: its info shows what only its player may see (her hand, the top of a pile, picks not yet
      committed): the other players' views keep only its zone.
    Whether an undo may step back over a move is the game's `undo_floor`.
    """

    __slots__ = ("kind", "player", "prompt", "options", "info", "secret", "private")

    def __init__(self, kind: str, player: int, prompt: str, options: list[Action], info: dict | None = None,
                 *, secret: bool = False, private: bool = False):
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.options = options
        self.info = info or {}
        self.secret = secret
        self.private = private or secret

    def to_dict(self, with_options: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "player": self.player, "prompt": self.prompt, "info": dict(self.info),
                             "secret": self.secret, "private": self.private}
        if with_options:
            d["options"] = [str(a) for a in self.options]
        return d

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, player={self.player}, options={[str(a) for a in self.options]})"


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


def action_text(action: Action) -> str | None:
    """An Action's notation if it is well formed (a text kind, text or whole-number arguments), else None."""
    kind, args = action
    if not isinstance(kind, str) or not isinstance(args, tuple) or not all(
            isinstance(a, str) or (isinstance(a, int) and not isinstance(a, bool)) for a in args):
        return None
    return str(action)


def normalize(text: str) -> str:
    return " ".join(str(text).split())


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

