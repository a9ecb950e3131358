"""Crystal Clans of two online without trust (issue 28, docs/TRUSTLESS.md): each page commits at the link to a
private seed (its deck order and reshuffles), plays the one-sided game that knows its own seat only, and at
the end opens its secrets; each page then replays the whole game (`cc.audit`) and says who, if anyone, lied.

Tash-Kalar, Wildlands and games of three or four keep the protocol of before (both pages hold the whole game).
"""
from __future__ import annotations

import secrets as _random
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..i18n import _
from .protocol import dump


def chance_of(game_name: str) -> Any:
    """The engine's private-chance part (commitment, audit, Opening) for a game played one-sided online, or None
    for a game both pages hold whole (the game module's `private_chance`)."""
    return games.get(game_name).private_chance if game_name in games.REGISTRY else None


@dataclass
class Secrets:
    """This page's private seed and salt, and both seats' commitments (seat order)."""
    seed: int
    salt: str
    commitments: tuple[str, str] = ("", "")
    mine: int = 0  # this page's seat
    game: str = games.DEFAULT  # whose engine makes the commitment (a game module with `private_chance`)

    @classmethod
    def new(cls, game: str) -> "Secrets":
        return cls(_random.randbelow(1 << 63), _random.token_hex(16), game=game)

    @property
    def commitment(self) -> str:
        return chance_of(self.game).commitment(self.seed, self.salt)

    def to_json(self) -> dict:
        return {"seed": self.seed, "salt": self.salt, "commitments": list(self.commitments), "mine": self.mine,
                "game": self.game}

    @classmethod
    def from_json(cls, d: dict) -> "Secrets":
        return cls(int(d["seed"]), str(d["salt"]), tuple(d["commitments"]), int(d["mine"]),
                   str(d.get("game", games.DEFAULT)))

    @classmethod
    def restore(cls, saved: Any, game: Any, seat: int) -> "Secrets | None":
        """This page's secrets of a saved one-sided game, if the save holds them whole and they fit its game
        (its seed is the game's own); else None."""
        if not private_game(game) or not isinstance(saved, dict):
            return None
        try:
            s = cls.from_json(saved)
        except (KeyError, TypeError, ValueError):
            return None
        seeds = game.setup.get("private_seeds") or [None, None]
        ok = (s.mine == seat and seeds[seat] == s.seed and len(s.commitments) == 2
              and all(isinstance(c, str) and len(c) == 64 for c in s.commitments) and s.commitments[seat] == s.commitment)
        return s if ok else None


def private_game(game: Any) -> bool:
    """A one-sided game: one of a game of private chance (its spec's trust protocol), dealt so that a seat does
    not see the other seat's hidden cards."""
    return games.of(game).private_chance is not None and not all(game.sees(p) for p in (0, 1))


def opening(game: Any, s: Secrets) -> str:
    """The message that opens this page's secrets at the end: seed, salt, the true text of each move of this
    page's that the other received as '?'."""
    hidden = {str(i): t for i, t in game.redacted_moves(1 - s.mine).items()}
    return dump("opening", seed=s.seed, salt=s.salt, hidden=hidden)


@dataclass
class Audit:
    """The verdict at the end, as both pages show it."""
    verdict: str  # "honest" | "cheated" | "forfeit"
    seat: int | None  # who cheated or forfeited
    step: int | None  # at which move (counted from 1), where known
    reason: str
    detail: str
    game: Any = field(default=None, repr=False)  # the full game after an honest audit (a full save)


def run_audit(game: Any, s: Secrets, theirs: Any | None) -> Audit:
    """Audit this page's one-sided game with both openings (`theirs` None: the other page did not open)."""
    cc = games.of(game).private_chance
    mine = cc.Opening(s.seed, s.salt, {})
    openings = {s.mine: mine, 1 - s.mine: theirs}
    r = cc.audit(game.setup, list(game.log), s.mine, openings, tuple(s.commitments))
    step = None if r.step is None else r.step + 1
    return Audit(r.verdict, r.seat, step, r.reason, r.message, r.game if r.verdict == "honest" else None)


def their_opening(m: Any, game: Any) -> Any:
    """A received opening message as the engine's Opening (ProtocolError-free: the model checked its fields)."""
    cc = games.of(game).private_chance
    hidden = {}
    for k, v in m.hidden.items():
        if k.isascii() and k.isdigit() and len(k) <= 6:
            hidden[int(k)] = v
    return cc.Opening(m.seed, m.salt, hidden)


def verdict_text(a: Audit, me: int, names: list[str] | None = None) -> str:
    """What a page says about the audit, in its language."""
    who = (_("You") if a.seat == me else names[a.seat] if names and a.seat is not None and a.seat < len(names)
           else _("The other player"))
    if a.verdict == "honest":
        return _("Audit passed: both pages opened their secrets and every hidden card was played honestly.")
    if a.verdict == "forfeit":
        if a.seat == me:
            return _("Audit: this page could not open its secrets, so the game counts as lost.")
        return _("Audit: {who} did not open the secrets of the game, which counts as a forfeit.").format(who=who)
    why = {
        "forged_order": _("the private seed does not match the one committed at the start (a forged deck order)"),
        "redaction": _("a hidden move opened as something else than was sent"),
        "false_reveal": _("a revealed card was not the one the committed deck order holds"),
        "card_not_in_hand": _("a card was played that was not in the hand"),
        "illegal_move": _("a move was not legal with the true hidden cards"),
        "refused": _("a secret was not opened"),
    }.get(a.reason, a.reason)
    if a.step is None:
        return _("Cheating caught: {who}: {why}.").format(who=who, why=why)
    return _("Cheating caught at move {n}: {who}: {why}.").format(n=a.step, who=who, why=why)
