"""Private chance: each player's own seeded stream, and games that see only one side (docs/TRUSTLESS.md).

A game made with `private_seeds=(a, b)` deals each player's deck, and later shuffles her reshuffles and her
mulligan, from her own stream, derived from her private seed and the joint seed (so a private seed chosen
before the joint seed is known cannot be ground for a good deal). The joint seed then drives only the
shared chance: the crystal deck and the first player. A seat whose private seed is None is *unseen*: the
game does not know her deck, so her hand and draw pile hold placeholders (the unknown unit "?", one code
per owner) that turn into cards only when a move or a reveal names them. A game that sees both seats is a
full game; one that sees one seat is what that player's page runs.

Here: the per-game `Secrecy` record, the stream derivation, the placeholder unit, the salted commitment
to a private seed, the wire form of a log entry (what the other seat may receive) and the public key (what
both pages know, hashed by `Game.public_hash`).
"""
from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from gamecore.rng import Rng

from .abilities import KindInfo
from .cardset import UnitDef
from .reveals import BATTLE, RevealFrame

if TYPE_CHECKING:  # pragma: no cover
    from .cardset import CardSet
    from .game import Game

UNKNOWN_ID = "?"
#: Kinds of decision whose options may name placeholders in a game that cannot see their player: what a
#: player does there with her hidden cards stays hidden for good, so the other seat receives it as "?".
REDACTED_KINDS = ("return", "take", "first", "bottom", "summon", "pick", "discard")
#: Entries that stay hidden for good but travel as they are: a Foresight prediction names no card, and the
#: protocol opens it with the run of secret picks it belongs to (net/session.py).
CLEAR_KINDS = ("predict",)


def unknown_unit(kind: int) -> UnitDef:
    """The placeholder unit: no stats, no abilities, no style, so no rule can use it as a card."""
    return UnitDef(kind=kind, id=UNKNOWN_ID, clan="", name="?", rank="", keywords=frozenset(), copies=0, summon=0,
                   attack=0, defense=0, activation=0, has_signature=False, abilities=(), style="", left=(), right=())


def private_state(seat: int, joint_seed: int, private_seed: int) -> int:
    """The first state of seat's private stream (64 bits of sha256 over both seeds)."""
    text = f"crystalclans/private/{seat}/{joint_seed}/{private_seed}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def commitment(private_seed: int, salt: str) -> str:
    """The salted hash a player publishes before the joint seed is made; at the end she opens it by
    revealing `private_seed` and `salt` (the audit checks them)."""
    return hashlib.sha256(f"crystalclans/commit/{salt}/{int(private_seed)}".encode("utf-8")).hexdigest()


class Secrecy:
    """A private-chance game's streams: streams[p] is seat p's own Rng, or None where the game cannot see
    her (a one-sided game). `unknown[p]` is the placeholder code of a card owned by p."""

    __slots__ = ("streams", "unknown")

    def __init__(self, streams: list, unknown: tuple[int, int]) -> None:
        self.streams = streams
        self.unknown = unknown

    def copy(self) -> "Secrecy":
        return Secrecy([None if s is None else Rng(s.state) for s in self.streams], self.unknown)

    def sees(self, p: int) -> bool:
        return self.streams[p] is not None

    def shuffle(self, p: int, items: list[int]) -> list[int]:
        """p's cards shuffled by her own stream; placeholders where the game cannot see her (the order, and
        which card is where, are hers alone)."""
        s = self.streams[p]
        if s is None:
            return [self.unknown[p]] * len(items)
        s.shuffle(items)
        return items

    def key(self) -> tuple:
        return tuple(None if s is None else s.state for s in self.streams)


def extended_units(cs: "CardSet") -> tuple:
    """The card set's units plus the placeholder (its kind is len(cs.units))."""
    return cs.units + (unknown_unit(len(cs.units)),)


def extended_kinds(kinds: tuple) -> tuple:
    """The per-kind rule data (abilities.kind_info) plus the placeholder's: no ability of any kind."""
    return kinds + (KindInfo(False, False, False, False, False, 0, 0, 0, *(() for _ in range(10))),)


def is_redacted(text: str) -> bool:
    """Whether a move names a hidden card as '?'."""
    return any(a.partition("@")[0] == UNKNOWN_ID for a in text.split()[1:])


def redact(text: str) -> str:
    """The wire form of a move whose cards stay hidden for good: its kind, and '?' if it named anything."""
    kind, _, rest = text.partition(" ")
    return f"{kind} {UNKNOWN_ID}" if rest else kind


def wire_text(g: "Game", i: int, to: int) -> str | None:
    """Log entry i as seat `to` may receive it: as it is, or redacted ('return ?', 'take ?', 'summon ?') where
    it stays hidden from her for good; None while a selection it belongs to is still open (the picks of a
    summon or replenish travel once it is done or cancelled). An entry hidden until a reveal (a battle card,
    a prediction) comes as it is: the protocol sends it as a commitment until its run of secret picks ends."""
    text = g.log[i]
    s = g.secret_log.get(i)
    if s is None or s[0] != to:
        return text
    if s[1] == "never":
        return text if text.partition(" ")[0] in CLEAR_KINDS else redact(text)
    return None if s[1] == "selection" else text


def redacted_moves(g: "Game", to: int) -> dict[int, str]:
    """The true text of every entry that reaches seat `to` as '?' (log index -> text): what this game's
    player opens at the end, for the audit (audit.Opening.hidden)."""
    out = {}
    for i in sorted(g.secret_log):
        w = wire_text(g, i, to)
        if w is not None and w != g.log[i]:
            out[i] = g.log[i]
    return out


def public_key(g: "Game") -> tuple:
    """What both pages know of a game: the board, the discard piles, the crystals, the initiative, the
    sizes of the hidden piles, the decision's kind and player, the battle as the table shows it, and the
    log's length and shape (which entries are hidden from whom, until when). The moves themselves are left
    out: two pages compare this hash after every move, so each earlier move was compared already."""
    b = g.battle
    battle = None
    if b is not None:
        parts: dict[str, Any] = dict(zip(type(b).KEY_SLOTS, b.key()))
        if not b.revealed:
            parts["cards"] = tuple(c if shown_first(g, x) else c >= 0 for x, c in enumerate(b.cards))
            parts["predict"] = tuple(bool(x) for x in b.predict)
        battle = tuple(sorted(parts.items()))
    d = g.decision
    return (
        g.cs.hash, g.pos, g.active, g.first_player, g.turn, g.winner, len(g.log), g.undo_floor,
        tuple(len(h) for h in g.hands), tuple(len(x) for x in g.draws),
        tuple(tuple(x) for x in g.discards), tuple(tuple(sorted(r)) for r in g.removed),
        tuple(tuple(tuple(s) for s in side) for side in g.squads),
        tuple(g.crystal_deck), tuple(g.crystal_row),
        tuple(tuple(tuple(c) for c in side) for side in g.collected), tuple(sorted(g.crystals_removed)),
        tuple(g.owed), None if d is None else (d.kind, d.player), battle, g.last_battle,
        tuple(sorted(g.secret_log.items())),
    )


def shown_first(g: "Game", x: int) -> bool:
    """Whether seat x's battle card is public before the reveal: she reveals first (opponent_reveals_first),
    and a card she plays face down from her draw pile has been revealed already (in a private-chance game
    its reveal is asked at once, battle.BattleFrame)."""
    b = g.battle
    if b.first != x or b.cards[x] < 0:
        return False
    if not b.from_draw[x] or g.secrecy is None:
        return True
    return not any(type(f) is RevealFrame and f.p == x and f.what == BATTLE for f in g.stack)
