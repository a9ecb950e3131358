"""What two linked pages agree before a game: hello (versions, the game and its content, names), a seed
neither chooses alone, and the host's setup.

The host names the game in its hello; the guest answers only then, in that game (its hello carries its own
content hash of it), so the two pages check they hold the same cards, decks and boards. The setup's options
are the game module's (`link_options` checks a peer's). The seed: each side commits to a random value with a
salted hash, reveals it only once it holds the other's commitment, and checks the other's reveal against its
commitment; the seed is the hash of both values. A side that never reveals cannot start a game; a reveal that
does not match is refused.

Three or four players: the host's page talks to each guest's page (net/party.py holds the host's side) and
its hello says how many play and which seat this guest takes. Every page commits first; the host passes each
guest's commitment on to the others, and a page reveals only once it holds every other page's commitment;
the host passes the reveals on too. The seed is the hash of every value in seat order, so no page, the host's
included, chooses it alone.
"""
from __future__ import annotations

import secrets
from typing import Any, Callable

from .. import games
from .codecheck import rules_code
from .protocol import VERSION, ProtocolError, commitment, dump, joint_seed, joint_seed_of, new_salt, parse
from .trust import Secrets, chance_of

APP = "crystalclans-web/2"


def seats_of(game_name: str, options: dict) -> int:
    """How many play a game of these checked options (the game module says; two where it does not)."""
    return int(games.get(game_name).seats_of(options))


def check_hello(m, game_name: str, role: str) -> str:
    """A peer's hello checked against this page (its role, the game, that game's content and rules code):
    the game it names, or ProtocolError. A guest (`game_name` "") takes the host's game."""
    if m.role == role:
        raise ProtocolError(f"both pages are the {role}")
    if role == "guest":
        if m.game not in games.REGISTRY:
            raise ProtocolError(f"an invitation to a game this page does not have ({m.game})")
        game_name = m.game
    elif m.game != game_name:
        raise ProtocolError("the other page answered in another game")
    if m.card_set != games.get(game_name).content_hash():
        raise ProtocolError("the other page plays other game content (its content hash differs)")
    if m.code and m.code != rules_code(game_name):  # a page older than this check sends none
        raise ProtocolError("the other page runs another version of this game's rules: reload both pages "
                            "(each then gets the newest version) and link again")
    return game_name


class Handshake:
    def __init__(self, role: str, name: str, game: str, send: Callable[[str], None], trust: bool = True):
        """`game`: the host's choice (a games.REGISTRY name); a guest learns it from the host's hello.
        `trust`: Crystal Clans of two is played without trust (one-sided games, net/trust.py); False only in
        tests of the lockstep machinery, which play whole games on both pages as Tash-Kalar does."""
        self.role = role
        self.name = name[:24]
        self.game_name = game if role == "host" else ""
        self.send = send
        self.value = secrets.token_hex(16)
        self.salt = new_salt()
        self.their_name = ""
        self.their_commit = ""
        self.their_value = ""
        self.revealed = False
        self.setup: dict | None = None  # the host's setup (the guest receives it; the host sets it)
        self.refused: list[str] = []
        # three or four players (a guest's page; the host's hello says): this page's seat, every other page's
        # commitment and value by seat (the host's is seat 0), who has a seat so far (the host's roster)
        self.players = 2
        self.seat = 1
        self.commits: dict[int, str] = {}
        self.values: dict[int, str] = {}
        self.roster: list[str] = []
        self.key = ""  # the host's key for this page's seat, to come back after a reload
        self.under_way = False  # the host's page greeted this page as one coming back to a game under way
        # Crystal Clans of two (net/trust.py): this page's private seed, the other's commitment to its own
        self.private: Secrets | None = None
        self.their_private = ""
        self.trust = trust

    @property
    def trustless(self) -> bool:
        """This game is played one-sided (each page knows its own hidden cards only): Crystal Clans of two."""
        return self.trust and self.players == 2 and chance_of(self.game_name) is not None

    def start(self) -> None:
        """The host speaks first; the guest speaks once it has the host's hello (see _handle)."""
        if self.role == "host":
            self._hello()

    def _hello(self) -> None:
        self.send(dump("hello", app=APP, game=self.game_name, card_set=games.get(self.game_name).content_hash(),
                       code=rules_code(self.game_name), name=self.name, role=self.role))
        extra = {}
        if self.trustless:
            self.private = self.private or Secrets.new(self.game_name)
            extra["p"] = self.private.commitment
        self.send(dump("seed_commit", c=commitment(self.salt, self.value), **extra))

    @property
    def seed(self) -> int | None:
        if self.players > 2:
            if len(self.values) < self.players - 1:
                return None
            return joint_seed_of([self.values[s] if s != self.seat else self.value for s in range(self.players)])
        if not self.their_value:
            return None
        host, guest = (self.value, self.their_value) if self.role == "host" else (self.their_value, self.value)
        return joint_seed(host, guest)

    def host_setup(self, options: dict[str, Any], names: list[str], guest_seat: int) -> None:
        """The host's setup of its game (options as the game module's link_options() gives them)."""
        self.setup = {"game": self.game_name, "options": games.get(self.game_name).link_options(options),
                      "names": list(names), "guest_seat": guest_seat}
        self.send(dump("setup", **self.setup))

    def receive(self, text: str) -> str | None:
        try:
            m = parse(text)
            self._handle(m)
        except ProtocolError as e:
            reason = f"Refused {e}"
            self.refused.append(reason)
            return reason
        return None

    def _handle(self, m) -> None:
        if m.t == "hello":
            if self.their_name:
                raise ProtocolError("a second hello")
            game_name = check_hello(m, self.game_name, self.role)
            if (m.players > 2 or m.seat != 1) and self.role != "guest":
                raise ProtocolError("a guest's hello that seats players")
            self.game_name = game_name
            self.their_name = m.name
            self.players, self.seat = m.players, m.seat
            if self.seat >= self.players:
                raise ProtocolError(f"a seat ({m.seat}) beyond the game's {m.players} players")
            if self.role == "guest":
                self._hello()
        elif self.players > 2 and m.t in ("seed_commit", "seed_reveal", "roster"):
            self._gather(m)
        elif m.t == "seed_commit":
            if self.their_commit:
                raise ProtocolError("a second seed commitment")
            if not self.their_name:
                raise ProtocolError("a seed commitment before the hello")
            if self.trustless and not m.p:
                raise ProtocolError("a seed commitment without the private seed's commitment")
            if not self.trustless and m.p:
                raise ProtocolError("a private seed's commitment in a game that has none")
            self.their_commit = m.c
            self.their_private = m.p
            if not self.revealed:  # only now: the other side is bound to its value before it sees mine
                self.revealed = True
                self.send(dump("seed_reveal", value=self.value, salt=self.salt))
        elif m.t == "seed_reveal":
            if not self.their_commit:
                raise ProtocolError("a seed reveal before its commitment")
            if self.their_value:
                raise ProtocolError("a second seed reveal")
            if commitment(m.salt, m.value) != self.their_commit:
                raise ProtocolError("the seed reveal does not match its commitment")
            self.their_value = m.value
        elif m.t == "setup":
            if self.role != "guest" or self.setup is not None:
                raise ProtocolError("a setup only the host sends, once")
            if m.game != self.game_name:
                raise ProtocolError("a setup of another game than the invitation's")
            try:
                options = games.get(m.game).link_options(m.options)
            except ValueError as e:
                raise ProtocolError(f"a setup the game cannot play: {e}") from None
            if (len(m.names) != self.players or seats_of(m.game, options) != self.players
                    or (m.guest_seat != self.seat if self.players > 2 else m.guest_seat > 1)):
                raise ProtocolError("a setup whose players or seat are not the invitation's")
            self.setup = {"game": m.game, "options": options, "names": [n[:24] for n in m.names],
                          "guest_seat": m.guest_seat}
            self.key = m.key
        elif m.t in ("ping", "pong"):
            if m.t == "ping":
                self.send(dump("pong", n=m.n))
        elif m.t == "resume" and self.role == "guest":  # three or four: a game under way greets a page coming back
            self.under_way = True
            raise ProtocolError("this game is already under way with all its players")
        else:
            raise ProtocolError(f"a {m.t} message before the game has started")

    def _gather(self, m) -> None:
        """Three or four players, a guest's page: the others' commitments and values, as the host passes them
        on (seat None: the host's own). This page reveals once it holds every other page's commitment."""
        if not self.their_name:
            raise ProtocolError(f"a {m.t} message before the hello")
        if m.t == "roster":
            self.roster = [n[:24] for n in m.names]
            return
        seat = 0 if m.seat is None else m.seat
        if seat == self.seat or seat >= self.players:
            raise ProtocolError(f"a {m.t} message for seat {seat}, which is not another page's")
        if m.t == "seed_commit":
            if seat in self.commits and self.revealed:  # (before, a page that left may be replaced)
                raise ProtocolError("a second seed commitment for a seat")
            self.commits[seat] = m.c
            if not self.revealed and len(self.commits) == self.players - 1:  # all bound: now mine
                self.revealed = True
                self.send(dump("seed_reveal", value=self.value, salt=self.salt))
            return
        if seat not in self.commits:
            raise ProtocolError("a seed reveal before its commitment")
        if seat in self.values:
            raise ProtocolError("a second seed reveal")
        if commitment(m.salt, m.value) != self.commits[seat]:
            raise ProtocolError("the seed reveal does not match its commitment")
        self.values[seat] = m.value

    def game(self) -> Any:
        """The agreed game (both pages build the same one)."""
        if self.seed is None or self.setup is None:
            raise ValueError("the seed or the setup is not agreed yet")
        s = self.setup
        if self.trustless and self.private is not None and self.their_private:
            me = s["guest_seat"] if self.role == "guest" else 1 - s["guest_seat"]
            pair = [self.private.commitment, self.their_private]
            self.private.commitments = tuple(pair if me == 0 else pair[::-1])
            self.private.mine = me
            seeds = (self.private.seed, None) if me == 0 else (None, self.private.seed)
            return games.get(s["game"]).new_game(s["options"], self.seed, private_seeds=seeds)
        return games.get(s["game"]).new_game(s["options"], self.seed)


__all__ = ["APP", "Handshake", "VERSION"]
