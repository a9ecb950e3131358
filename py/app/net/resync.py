"""Taking the host's game after the two games differed (a resync), without letting it rewrite this page's
moves.

The guest replays the host's log from the setup both agreed and checks the state hash at its end. A
modified host could still put moves in that log that the guest never made, so the log is taken only if it
keeps this page's game:

- every move both pages agreed on, unchanged and at its place: this page's log up to its last move by the
  other player (each was checked here, by its state hash or its commitment, against the other page's game,
  which then held every move before it), and further as far as the other page has shown it holds this
  page's moves (`held`: it sent a move or a commitment after them, or found the games differ only after
  them). So the log is never shorter than that;
- every move this page made, unchanged and at its place: past the agreed moves this page's log holds only
  its own moves, and the host's log repeats them. It may end before them, since the host never took them
  (this page chooses them again), but it cannot change, drop or move one;
- past this page's log, no move by this page's player: the host cannot choose for it.

A log that breaks this is refused as cheating (`Cheating`, a ProtocolError naming the move) and this page's
game stays as it was.
"""
from __future__ import annotations

from typing import Any

from ..i18n import _
from .protocol import ProtocolError
from .trust import private_game


class Cheating(ProtocolError):
    """A resync that does not keep this page's game. `move` is the first move it gets wrong (counted from 1);
    `kind` is "changed" (an agreed or own move changed, dropped or left out), "added" (a move for this page's
    player that it never made) or "revealed" (asked for after this page revealed secret picks)."""

    def __init__(self, text: str, move: int, kind: str = "changed"):
        super().__init__(text + " (cheating).")
        self.move = move
        self.kind = kind


def deciders(game_type: type, setup: dict, log: list[str]) -> list[int]:
    """Who decided each move of a log (replayed from its setup by the game's class)."""
    g = game_type.from_setup(setup)
    out = []
    for move in log:
        out.append(g.decision.player)
        g.apply(move)
    return out


def wire_log(game: Any, upto: int, them: int) -> list[str]:
    """A one-sided game's first `upto` moves as the other page may receive them (net/trust.py): what a
    private game's resync sends, never the host's hidden cards."""
    out = []
    for i in range(upto):
        text = game.wire_text(i, them)
        if text is None:
            break
        out.append(text)
    return out


def resynced(game: Any, me: int, log: list[str], want_hash: str, held: int = 0) -> Any:
    """The host's game from its resync `log` and state hash, if it keeps `game` (this page's, where `me`
    plays) as the module says; else ProtocolError (Cheating when it rewrites the game, not merely broken).
    `held`: how many of this game's first moves the other page has shown it holds."""
    mine = list(game.log)
    private = private_game(game) and not game.sees(1 - me)
    who = deciders(type(game), game.setup, mine)
    agreed = max([min(held, len(mine))] + [i + 1 for i, p in enumerate(who) if p != me])
    g = type(game).from_setup(game.setup)
    for i, move in enumerate(log):
        d = g.decision
        if private and d is not None and d.player == me and i < len(mine):
            # a one-sided game: the host's log holds this page's moves as it sent them (their wire form)
            if move != game.wire_text(i, 1 - me):
                raise Cheating(f"a resync that changes move {i + 1}, yours, from {mine[i][:60]!r} to "
                               f"{move[:60]!r}", i + 1)
            move = mine[i]
        try:
            g.apply(move)
        except Exception as e:  # an untrusted log: any failure to replay it is a refusal
            raise ProtocolError(f"a resync whose log does not replay ({str(e)[:120]})") from None
        theirs = g.log[-1]
        if i < len(mine) and theirs != mine[i]:
            whose = "yours" if who[i] == me else "which both games held"
            raise Cheating(f"a resync that changes move {i + 1}, {whose}, from {mine[i][:60]!r} to "
                           f"{theirs[:60]!r}", i + 1)
        if i >= len(mine) and d.player == me:
            raise Cheating(f"a resync that makes move {i + 1} ({theirs[:60]!r}) for you", i + 1, "added")
    if len(log) < agreed:
        n = len(log)
        if who[n] == me:
            raise Cheating(f"a resync that ends before move {n + 1} ({mine[n][:60]!r}), yours, which the host had "
                           "taken", n + 1)
        raise Cheating(f"a resync of {n} moves, though both games held {agreed} moves", n + 1)
    if (g.public_hash() if private else g.state_hash()) != want_hash:
        raise ProtocolError("a resync whose state hash does not match its log")
    return g


def refusal(e: Cheating) -> str:
    """What the guest's page says, in its language, after refusing a resync as cheating."""
    then = _("Your game is as it was and play stays stopped: press Resync to ask again, or resign.")
    if e.kind == "added":
        why = _("The host's game was refused as cheating: it makes move {n} for you, which you never made.")
    elif e.kind == "revealed":
        why = _("The host's game was refused as cheating: it came after the host had seen your secret picks, so "
                "it could choose its own again.")
    else:
        why = _("The host's game was refused as cheating: it does not keep move {n} as you made it or as both "
                "pages had agreed on it.")
    return why.format(n=e.move) + " " + then
