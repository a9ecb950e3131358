"""What two linked pages agree before a game: hello (versions, the game and its content, names), a seed
neither chooses alone, and the host's setup.

The host names the game in its hello; the guest answers only then, in that game (its hello carries its own
content hash of it), so the two pages check they hold the same cards, decks and boards. The setup's options
are the game module's (`link_options` checks a peer's). The seed: each side commits to a random value with a
salted hash, reveals it only once it holds the other's commitment, and checks the other's reveal against its
commitment; the seed is the hash of both values. A side that never reveals cannot start a game; a reveal that
does not match is refused.
"""
from __future__ import annotations

import secrets
from typing import Any, Callable

from .. import games
from .codecheck import rules_code
from .protocol import VERSION, ProtocolError, commitment, dump, joint_seed, new_salt, parse

APP = "crystalclans-web/2"


class Handshake:
    def __init__(self, role: str, name: str, game: str, send: Callable[[str], None]):
        """`game`: the host's choice (a games.REGISTRY name); a guest learns it from the host's hello."""
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

    def start(self) -> None:
        """The host speaks first; the guest speaks once it has the host's hello (see _handle)."""
        if self.role == "host":
            self._hello()

    def _hello(self) -> None:
        self.send(dump("hello", app=APP, game=self.game_name, card_set=games.get(self.game_name).content_hash(),
                       code=rules_code(self.game_name), name=self.name, role=self.role))
        self.send(dump("seed_commit", c=commitment(self.salt, self.value)))

    @property
    def seed(self) -> int | None:
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
            if m.role == self.role:
                raise ProtocolError(f"both pages are the {self.role}")
            if self.their_name:
                raise ProtocolError("a second hello")
            if self.role == "guest":
                if m.game not in games.REGISTRY:
                    raise ProtocolError(f"an invitation to a game this page does not have ({m.game})")
                self.game_name = m.game
            elif m.game != self.game_name:
                raise ProtocolError("the other page answered in another game")
            if m.card_set != games.get(self.game_name).content_hash():
                raise ProtocolError("the other page plays another card set (its hash differs)")
            if m.code and m.code != rules_code(self.game_name):  # a page older than this check sends none
                raise ProtocolError("the other page runs another version of this game's rules: reload both pages "
                                    "(each then gets the newest version) and link again")
            self.their_name = m.name
            if self.role == "guest":
                self._hello()
        elif m.t == "seed_commit":
            if self.their_commit:
                raise ProtocolError("a second seed commitment")
            if not self.their_name:
                raise ProtocolError("a seed commitment before the hello")
            self.their_commit = m.c
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
            self.setup = {"game": m.game, "options": options, "names": [n[:24] for n in m.names],
                          "guest_seat": m.guest_seat}
        elif m.t in ("ping", "pong"):
            if m.t == "ping":
                self.send(dump("pong", n=m.n))
        else:
            raise ProtocolError(f"a {m.t} message before the game has started")

    def game(self) -> Any:
        """The agreed game (both pages build the same one)."""
        if self.seed is None or self.setup is None:
            raise ValueError("the seed or the setup is not agreed yet")
        s = self.setup
        return games.get(s["game"]).new_game(s["options"], self.seed)


__all__ = ["APP", "Handshake", "VERSION"]
