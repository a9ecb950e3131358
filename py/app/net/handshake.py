"""What two linked pages agree before a game: hello (versions, the card set, names), a seed neither chooses
alone, and the host's setup.

The seed: each side commits to a random value with a salted hash, reveals it only once it holds the other's
commitment, and checks the other's reveal against its commitment; the seed is the hash of both values. A
side that never reveals cannot start a game; a reveal that does not match is refused.
"""
from __future__ import annotations

import secrets
from typing import Callable

import crystalclans as cc

from .protocol import VERSION, ProtocolError, commitment, dump, joint_seed, new_salt, parse

APP = "crystalclans-web/1"


class Handshake:
    def __init__(self, role: str, name: str, card_set_hash: str, send: Callable[[str], None]):
        self.role = role
        self.name = name[:24]
        self.card_set_hash = card_set_hash
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
        self.send(dump("hello", app=APP, card_set=self.card_set_hash, name=self.name, role=self.role))
        self.send(dump("seed_commit", c=commitment(self.salt, self.value)))

    @property
    def seed(self) -> int | None:
        if not self.their_value:
            return None
        host, guest = (self.value, self.their_value) if self.role == "host" else (self.their_value, self.value)
        return joint_seed(host, guest)

    def host_setup(self, clans: list[str], names: list[str], first: int | None, mulligan: bool,
                   guest_seat: int) -> None:
        self.setup = {"clans": list(clans), "names": list(names), "first": first, "mulligan": mulligan,
                      "guest_seat": guest_seat}
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
            if m.card_set != self.card_set_hash:
                raise ProtocolError("the other page plays another card set (its hash differs)")
            if m.role == self.role:
                raise ProtocolError(f"both pages are the {self.role}")
            self.their_name = m.name
        elif m.t == "seed_commit":
            if self.their_commit:
                raise ProtocolError("a second seed commitment")
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
            clans = cc.base_set().clans
            if any(c not in clans for c in m.clans):
                raise ProtocolError("a setup with an unknown clan")
            self.setup = {"clans": m.clans, "names": [n[:24] for n in m.names], "first": m.first,
                          "mulligan": m.mulligan, "guest_seat": m.guest_seat}
        elif m.t in ("ping", "pong"):
            if m.t == "ping":
                self.send(dump("pong", n=m.n))
        else:
            raise ProtocolError(f"a {m.t} message before the game has started")

    def game(self) -> cc.Game:
        """The agreed game (both pages build the same one)."""
        if self.seed is None or self.setup is None:
            raise ValueError("the seed or the setup is not agreed yet")
        s = self.setup
        return cc.new_game(tuple(s["clans"]), seed=self.seed, first_player=s["first"], mulligan=s["mulligan"])


__all__ = ["APP", "Handshake", "VERSION"]
