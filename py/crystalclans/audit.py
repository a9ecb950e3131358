"""The end-of-game audit (docs/TRUSTLESS.md): each player opens her private seed, the whole game is replayed
with full information, and every claim made during it is checked.

    audit(setup, log, seat, openings, commitments) -> AuditResult

* `setup`: the game's setup as a save holds it (clans, joint seed, first player, mulligan); its private
  seeds, if any, are ignored: the openings give them.
* `log`: the moves the auditing page holds (its one-sided game's log): its own moves, the other's moves in
  their wire form (privacy.wire_text: '?' where they stay hidden for good), every reveal.
* `seat`: the auditing page's seat.
* `openings`: per seat, what she opened at the end (an `Opening`: her private seed, its salt, and the true
  text of each of her moves that travelled as '?', by log index), or None where she refused.
* `commitments`: the salted hashes each seat published before the joint seed was made.

The result names the first thing found wrong: a refused opening (forfeit), a seed that does not match its
commitment (a forged deck order), a '?' move whose opened text does not fit it, or the first move that is
not legal when the game is replayed with the true hidden cards: a reveal that differs from what her
committed order holds (false_reveal), a card played or named that her hand did not hold (card_not_in_hand),
anything else (illegal_move). The step is the index of that move in `log`. An honest game comes back with
the full game replayed (`game`), which a page may keep as a full save.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping, Sequence

from .actions import IllegalAction, read_token
from .game import Game
from .privacy import commitment, is_redacted, redact, wire_text

if TYPE_CHECKING:  # pragma: no cover
    from .cardset import CardSet

#: decision kinds where a move takes the card it names out of its player's hand
FROM_HAND = ("action", "summon", "battle_card", "replenish", "summon_free", "mulligan")


@dataclass(frozen=True)
class Opening:
    """What a player reveals at the end: her private seed, the salt of her commitment, and the true text of
    every move of hers that travelled as '?' (log index -> text)."""

    seed: int
    salt: str
    hidden: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class AuditResult:
    """verdict: "honest", "cheated" (seat lied; reason says how) or "forfeit" (seat refused to open)."""

    verdict: str
    seat: int | None = None
    step: int | None = None
    reason: str = ""
    message: str = ""
    game: Game | None = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return self.verdict == "honest"


def audit(setup: dict, log: Sequence[str], seat: int, openings: "Mapping[int, Opening | None] | Sequence",
          commitments: Sequence[str], card_set: "CardSet | None" = None) -> AuditResult:
    opened = [openings[0], openings[1]] if not isinstance(openings, Mapping) else \
        [openings.get(0), openings.get(1)]
    for x in (0, 1):
        o = opened[x]
        if o is None:
            return AuditResult("forfeit", x, None, "refused", f"seat {x} did not open her private seed")
        if commitment(o.seed, o.salt) != commitments[x]:
            return AuditResult("cheated", x, None, "forged_order",
                               f"seat {x}'s private seed does not match the commitment she made at the start, "
                               "so her deck order was not the one she committed to")
    other = 1 - seat
    moves = []
    for i, text in enumerate(log):
        if not is_redacted(text):
            moves.append(text)
            continue
        true = opened[other].hidden.get(i)
        if true is None:
            return AuditResult("forfeit", other, i, "refused", f"seat {other} did not open her hidden move {i + 1}")
        if redact(true) != text:
            return AuditResult("cheated", other, i, "redaction",
                               f"seat {other}'s opened move {i + 1} ('{true[:60]}') is not the '{text}' she sent")
        moves.append(true)
    full_setup = {k: v for k, v in setup.items() if k != "private_seeds"}
    full_setup["private_seeds"] = [opened[0].seed, opened[1].seed]
    g = Game.from_setup(full_setup, card_set=card_set)
    deciders = []
    for i, text in enumerate(moves):
        d = g.decision
        if d is None:
            return AuditResult("cheated", None, i, "illegal_move", f"move {i + 1} comes after the end of the game")
        deciders.append(d.player)
        try:
            g.apply(text)
        except IllegalAction as e:
            return AuditResult("cheated", d.player, i, _why(g, d, text), _said(g, d, i, text, e))
    for i, x in enumerate(deciders):
        if x == other and wire_text(g, i, seat) != log[i]:
            return AuditResult("cheated", other, i, "redaction",
                               f"seat {other}'s move {i + 1} reached seat {seat} as '{log[i][:60]}', not as the "
                               "rules show it")
    return AuditResult("honest", game=g)


def _why(g: "Game", d, text: str) -> str:
    if d.kind == "reveal":
        return "false_reveal"
    kind, _, rest = text.partition(" ")
    args = rest.split()
    if d.kind in FROM_HAND and args and "from" not in args:
        uid, owner, pos = read_token(args[0])
        if pos is None and uid in g.cs.unit_index:
            code = g.cs.unit_index[uid] * 2 + (d.player if owner is None else owner)
            if code not in g.hands[d.player]:
                return "card_not_in_hand"
    return "illegal_move"


def _said(g: "Game", d, i: int, text: str, e: Exception) -> str:
    why = _why(g, d, text)
    if why == "false_reveal":
        return (f"seat {d.player}'s reveal at move {i + 1} ('{text[:80]}') differs from the cards her committed "
                f"order holds there ({d.options[0]})")
    if why == "card_not_in_hand":
        return f"seat {d.player} played '{text[:60]}' at move {i + 1}, but her hand did not hold that card"
    return f"seat {d.player}'s move {i + 1} ('{text[:60]}') was not legal with the true hidden cards: {e}"
