"""Going on with an online game after a reload or a dropped link: both pages hold the game (autosaved after
every move) and agree where to resume.

Over a new link, each page sends `resume`: which game (an id of its setup), its seat, how many moves it holds
and the state hash after them. The shorter log must be a prefix of the longer one: the page that holds more
checks it (the hash of its own game cut to the other's length). Play resumes at the last move both hold, and
the page that was ahead sends again its own moves the other missed (they go through the lockstep session
like any move, so the other page checks each one). Moves the ahead page holds that the other player made
(the tail of a secret run revealed on one side only) are dropped: that player simply chooses again.

If the logs differ before that point, the games are out of step: play stays stopped until the guest asks
for the host's log (`resync_request`) and replays it (`resync`), which it checks move by move from the
setup both agreed; a log that does not keep the guest's own moves and the moves it holds from the host is
refused as cheating (resync.py).

Three or four players: a guest's page comes back to the host's, whose game went on meanwhile (net/party.py).
It says `resume` as above, and the host answers with its game (`resync`), which this page checks the same
way before it takes it: the host's log must keep every move this page holds from the others and its own.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Callable

from .. import games
from ..i18n import ngettext
from .protocol import ProtocolError, dump, parse
from .resync import Cheating, refusal, resynced
from .session import Session, is_secret
from .trust import Secrets, private_game


def game_id(game: Any) -> str:
    """Which game this is: the same on both pages (the setup holds the joint seed; a one-sided game's own
    private seed is left out, net/trust.py)."""
    setup = {k: v for k, v in game.setup.items() if k != "private_seeds"}
    return hashlib.sha256(json.dumps(setup, sort_keys=True).encode()).hexdigest()[:16]


def _hash(game: Any, private: bool) -> str:
    return game.public_hash() if private else game.state_hash()




class Resume:
    def __init__(self, game: Any, me: int, host: bool, send: Callable[[str], None], key: str = "",
                 private: Secrets | None = None):
        """`key`: three or four players, the key the host gave this guest's seat (it shows the seat is its)."""
        self.game = game
        self.key = key
        self.private = private if private_game(game) else None  # the two games compare their public hashes
        self.me = me
        self.host = host
        self.send = send
        self.session: Session | None = None
        self.out_of_step = ""  # why the games cannot simply go on (a resync from the host's log is needed)
        self.resent = 0  # moves sent again to the other page
        self.dropped = 0  # moves of the other player's dropped here (chosen again)
        self.waiting = False  # the other page holds more moves: its verdict comes next
        self.held = 0  # how many first moves of this game the other page holds (a resync keeps them)
        self.players = int(game.n)  # three or four: the host's page answers with its game

    def start(self) -> None:
        extra = {"key": self.key} if self.players > 2 else {}
        self.send(dump("resume", game=game_id(self.game), card_set=games.of(self.game).content_hash(), seat=self.me,
                       have=len(self.game.log), hash=_hash(self.game, self.private is not None), **extra))

    def receive(self, text: str) -> str | None:
        """A peer's message: None if accepted, else the reason it was refused. Once play has resumed, the
        lockstep session takes the messages."""
        if self.session is not None:
            return self.session.receive(text)
        try:
            self._handle(parse(text))
        except ProtocolError as e:
            return f"Refused {e}"
        return None

    def _handle(self, m) -> None:
        if m.t == "ping":
            self.send(dump("pong", n=m.n))
            return
        if m.t == "pong":
            return
        if m.t == "resume" and self.players > 2 and not self.host:
            self._check_host(m)  # the host's page greets a page coming back; its game follows (resync)
        elif m.t == "resume" and self.session is None and not self.out_of_step:
            self._resume(m)
        elif m.t == "out_of_step" and self.session is None:
            self.held = min(m.at, len(self.game.log))  # it compared the games after that many moves
            self.out_of_step = self.out_of_step or self._differ(m.at)
        elif m.t == "resume_ok" and self.session is None and self.waiting and m.at == len(self.game.log):
            self._go_on(self.game)  # the page that is ahead found this game a prefix of its own
        elif m.t == "resync_request" and self.host and self.out_of_step:
            self._go_on(self.game)
            self.send(self.session._resync_message())
        elif m.t == "resync" and not self.host and (self.out_of_step or self.players > 2):
            try:
                g = resynced(self.game, self.me, list(m.log), m.hash, self.held)
            except Cheating as e:
                self.out_of_step = refusal(e)
                self.send(dump("out_of_step", at=e.move))  # an honest host whose game went wrong stops too
                raise
            self.out_of_step = ""
            self._go_on(g)
        else:
            raise ProtocolError(f"a {m.t} message while resuming the game")

    def _check_host(self, m) -> None:
        if m.card_set != games.of(self.game).content_hash():
            raise ProtocolError("the host's page plays other game content (its content hash differs)")
        if m.game != game_id(self.game):
            raise ProtocolError("the host's page is playing another game (ask for a new invitation)")

    def _resume(self, m) -> None:
        g = self.game
        if m.card_set != games.of(g).content_hash():
            raise ProtocolError("the other page plays other game content (its content hash differs)")
        if m.game != game_id(g):
            raise ProtocolError("the other page is resuming another game (start a new one together instead)")
        if m.seat != 1 - self.me:
            raise ProtocolError("the other page plays the same side as this one")
        mine = len(g.log)
        if m.have > mine:  # the other page is ahead: it checks, then sends again what this one missed
            self.waiting = True
            return
        common = g if m.have == mine else type(g).from_log(g.setup, g.log[:m.have])
        if _hash(common, self.private is not None) != m.hash:
            self.held = m.have
            self.out_of_step = self._differ(m.have)
            self.send(dump("out_of_step", at=m.have))
            return
        extra = list(g.log[m.have:])
        if extra:
            self.send(dump("resume_ok", at=m.have))  # what the other page missed follows
        self._go_on(common)
        for move in extra:  # my own moves the other page missed, in order, through the session
            d = self.session.game.decision
            if d is None or d.player != self.me or is_secret(d) or move not in self.session.offered():
                break
            self.session.play(move)
            self.resent += 1
        self.dropped = len(extra) - self.resent

    def _differ(self, at: int) -> str:
        return (ngettext("The two saved games differ in their first move. Play stays stopped until they are "
                         "resynchronised from the host's game: press Resync.",
                         "The two saved games differ within their first {n} moves. Play stays stopped until they are "
                         "resynchronised from the host's game: press Resync.", at) if not self.host else
                ngettext("The two saved games differ in their first move. Play stays stopped until they are "
                         "resynchronised from the host's game (the other player presses Resync).",
                         "The two saved games differ within their first {n} moves. Play stays stopped until they are "
                         "resynchronised from the host's game (the other player presses Resync).", at)).format(n=at)

    def request_resync(self) -> None:
        """The guest's button: replace this game with the host's (it is checked move by move)."""
        if not self.host and self.out_of_step:
            self.send(dump("resync_request", have=len(self.game.log), hash=self.game.state_hash()))

    def _go_on(self, g: Any) -> None:
        self.game = g
        self.session = Session(g, self.me, self.send, host=self.host, private=self.private)
