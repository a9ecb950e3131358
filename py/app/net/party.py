"""The host's page of a game of three or four (Tash-Kalar's Melee and Team, Wildlands): a star of links.

Each guest's page has its own link to the host's page (web/js/p2p.js keeps one peer connection a guest and
numbers them: `peer`); guests never talk to each other, and the host's page orders the game. It:

- seats each page that links while the game gathers in the next free seat (the host plays seat 0), says so in
  its hello, and tells every seated page who has a seat so far (`roster`). A page that links when every
  seat is taken is dropped (its page says the game already has its players);
- makes the seed with every page (handshake.py has the guest's side): it commits first, passes each guest's
  commitment on to the others, reveals once every seat has committed, and passes each guest's reveal on. A
  guest reveals only once it holds every other commitment, so nobody, the host included, chooses the seed:
  it is the hash of every value in seat order. Then each guest gets the setup (the names, its seat and a
  key for coming back) and every page deals the same game;
- orders the game: its lockstep session (session.py) takes each guest's moves as that seat's and passes them
  on to the others;
- takes a guest's page back after a reload or a lost link while the others play on: that page says `resume`
  with its seat and key and gets the host's game (`resync`, which the guest checks keeps its own moves).
  After the host's own reload every guest comes back the same way.

`receive(peer, text)` returns None (accepted) or the reason a message was refused; it never raises on a
peer's message. Messages go out through `to_peer(peer, text)`; `drop(peer)` closes a page's link.
"""
from __future__ import annotations

import secrets
from typing import Any, Callable

from .. import games
from ..i18n import _
from .codecheck import rules_code
from .handshake import APP, check_hello, seats_of
from .protocol import ProtocolError, commitment, dump, joint_seed_of, new_salt, parse
from .resume import game_id
from .session import Session


def new_keys(players: int) -> list[str]:
    """A key for each guest's seat (seat 0, the host's, has none): what a guest's page shows to come back."""
    return [""] + [secrets.token_hex(16) for _ in range(players - 1)]


class Party:
    def __init__(self, game_name: str, name: str, players: int, options: dict,
                 to_peer: Callable[[int, str], None], drop: Callable[[int], None],
                 game: Any = None, names: list[str] | None = None, keys: list[str] | None = None):
        """A new game of `game_name` for `players` with the host's `options` (checked by the game module), or,
        with `game`, the host's saved game going on (`names` and the guests' `keys` as saved)."""
        self.game_name = game_name
        self.players = players
        self.to_peer = to_peer
        self.drop = drop
        self.seat_of: dict[int, int] = {}  # peer -> seat, for every seated page
        self.peer_at: dict[int, int] = {}  # seat -> peer
        self.waiting: set[int] = set()  # peers linked to a game under way: they name their seat (`resume`)
        self.refused: list[str] = []
        self.problem = ""  # why the gathering cannot go on (a page left after the reveals began)
        self.session: Session | None = None
        if game is not None:
            self.options = games.of(game).options_of(game)
            self.names = list(names or games.of(game).default_names(None, game))[:players]
            self.keys = list(keys) if keys and len(keys) == players else new_keys(players)
            self._play(game)
        else:
            self.options = games.get(game_name).link_options(options)
            if seats_of(game_name, self.options) != players:
                raise ValueError(f"a game of these options is not for {players} players")
            self.names = [name[:24]] + [""] * (players - 1)
            self.keys = new_keys(players)
            self._gather()

    # ------------------------------------------------------------------ who is here
    @property
    def seated(self) -> list[int]:
        """The guests' seats whose pages are linked now."""
        return sorted(self.peer_at)

    @property
    def free(self) -> list[int]:
        """The guests' seats no page holds now."""
        return [s for s in range(1, self.players) if s not in self.peer_at]

    def _playing(self) -> list[int]:
        """The seats whose pages take the game's messages now (not those waiting for a run to complete)."""
        s = self.session
        return [seat for seat in self.seated if s is None or seat not in s.waiting]

    def _to_seat(self, seat: int, text: str) -> None:
        if seat in self.peer_at:
            self.to_peer(self.peer_at[seat], text)

    def _broadcast(self, text: str) -> None:
        for seat in self._playing():
            self._to_seat(seat, text)

    def _seat(self, peer: int, seat: int) -> None:
        old = self.peer_at.get(seat)
        if old is not None and old != peer:  # the seat's page came back before its old link was seen lost
            self.seat_of.pop(old, None)
            self.drop(old)
        self.peer_at[seat] = peer
        self.seat_of[peer] = seat

    # ------------------------------------------------------------------ links opening and closing
    def opened(self, peer: int) -> None:
        """A guest's page is linked (`peer`): seated at once while the game gathers, else it names its seat."""
        if self.session is not None:  # the host speaks first: its game; the page names its seat
            self.waiting.add(peer)
            g = self.session.game
            self.to_peer(peer, dump("resume", game=game_id(g), card_set=games.of(g).content_hash(), seat=0,
                                    have=len(g.log), hash=g.state_hash()))
            return
        if not self.free or self.problem:
            self.drop(peer)
            return
        seat = self.free[0]
        self._seat(peer, seat)
        self._greet(seat)
        self._roster(but=seat)

    def closed(self, peer: int) -> None:
        """A guest's page's link is lost (a reload, a closed tab, the network)."""
        self.waiting.discard(peer)
        seat = self.seat_of.pop(peer, None)
        if seat is None:
            return
        self.peer_at.pop(seat, None)
        if self.session is not None:
            self.session.waiting.discard(seat)
            return
        if self.revealed:  # its value is out and it never revealed: no fair seed without starting again
            self.problem = _("{name} left before the deal. Cancel and invite everyone again.").format(
                name=self.names[seat] or _("Player {n}").format(n=seat + 1))
            return
        self.names[seat] = ""
        self.commits.pop(seat, None)
        self.hello.discard(seat)
        self._roster()

    # ------------------------------------------------------------------ the gathering (a new game)
    def _gather(self) -> None:
        self.value = secrets.token_hex(16)
        self.salt = new_salt()
        self.commits: dict[int, str] = {}
        self.values: dict[int, str] = {}
        self.hello: set[int] = set()
        self.revealed = False

    def _greet(self, seat: int) -> None:
        """Hello to a seated guest: how many play and its seat, the host's commitment, the others' so far."""
        send = lambda text: self._to_seat(seat, text)  # noqa: E731
        send(dump("hello", app=APP, game=self.game_name, card_set=games.get(self.game_name).content_hash(),
                  code=rules_code(self.game_name), name=self.names[0], role="host", players=self.players,
                  seat=seat))
        send(dump("seed_commit", c=commitment(self.salt, self.value)))
        for other, c in sorted(self.commits.items()):
            if other != seat:
                send(dump("seed_commit", c=c, seat=other))
        send(dump("roster", names=self.names))

    def _roster(self, but: int = 0) -> None:
        """Who has a seat now, to every seated page (but `but`'s)."""
        for seat in self.seated:
            if seat != but:
                self._to_seat(seat, dump("roster", names=self.names))

    def receive(self, peer: int, text: str) -> str | None:
        try:
            if peer in self.waiting:
                self._back(peer, parse(text))
                return None
            seat = self.seat_of.get(peer)
            if seat is None:
                raise ProtocolError("a message from a page without a seat")
            if self.session is not None:
                return self.session.receive(text, frm=seat)
            self._gathering(seat, parse(text))
        except ProtocolError as e:
            reason = f"Refused {e}"
            self.refused.append(reason)
            return reason
        return None

    def _gathering(self, seat: int, m) -> None:
        if m.t == "ping":
            self._to_seat(seat, dump("pong", n=m.n))
        elif m.t == "pong":
            pass
        elif m.t == "hello":
            if seat in self.hello:
                raise ProtocolError("a second hello")
            check_hello(m, self.game_name, "host")
            self.hello.add(seat)
            names = [n for i, n in enumerate(self.names) if i != seat]
            name = (m.name.strip()[:24] or _("Player {n}").format(n=seat + 1))
            self.names[seat] = name if name not in names else f"{name} ({seat + 1})"
            self._roster()
        elif m.t == "seed_commit":
            if seat not in self.hello:
                raise ProtocolError("a seed commitment before the hello")
            if seat in self.commits or m.seat is not None:
                raise ProtocolError("a second seed commitment, or another's")
            self.commits[seat] = m.c
            for other in self.seated:
                if other != seat:
                    self._to_seat(other, dump("seed_commit", c=m.c, seat=seat))
            if len(self.commits) == self.players - 1 and not self.revealed:  # every page is bound: now mine
                self.revealed = True
                self._broadcast(dump("seed_reveal", value=self.value, salt=self.salt))
        elif m.t == "seed_reveal":
            if not self.revealed or m.seat is not None:
                raise ProtocolError("a seed reveal before every page committed, or another's")
            if seat in self.values:
                raise ProtocolError("a second seed reveal")
            if commitment(m.salt, m.value) != self.commits[seat]:
                raise ProtocolError("the seed reveal does not match its commitment")
            self.values[seat] = m.value
            for other in self.seated:
                if other != seat:
                    self._to_seat(other, dump("seed_reveal", value=m.value, salt=m.salt, seat=seat))
            if len(self.values) == self.players - 1:
                self._deal()
        else:
            raise ProtocolError(f"a {m.t} message before the game has started")

    @property
    def seed(self) -> int | None:
        if self.session is not None or len(getattr(self, "values", {})) < self.players - 1:
            return None
        return joint_seed_of([self.value] + [self.values[s] for s in range(1, self.players)])

    def _deal(self) -> None:
        seed = self.seed
        game = games.get(self.game_name).new_game(self.options, seed)
        for seat in self.seated:
            self._to_seat(seat, dump("setup", game=self.game_name, options=self.options, names=self.names,
                                     guest_seat=seat, key=self.keys[seat]))
        self._play(game)

    def _play(self, game: Any) -> None:
        self.session = Session(game, 0, self._broadcast, host=True, to=self._to_seat, guests=self._playing)

    # ------------------------------------------------------------------ a guest's page comes back
    def _back(self, peer: int, m) -> None:
        if m.t == "ping":
            self.to_peer(peer, dump("pong", n=m.n))
            return
        if m.t != "resume":
            self.waiting.discard(peer)
            self.drop(peer)
            raise ProtocolError("a page joined a game under way without naming its seat (every seat is taken)")
        g = self.session.game
        problem = ""
        if m.card_set != games.of(g).content_hash():
            problem = "the other page plays other game content (its content hash differs)"
        elif m.game != game_id(g):
            problem = "the other page is resuming another game (start a new one together instead)"
        elif not 1 <= m.seat < self.players or not m.key or not secrets.compare_digest(m.key, self.keys[m.seat]):
            problem = "a page that cannot show it plays the seat it names"
        if problem:
            self.waiting.discard(peer)
            self.drop(peer)
            raise ProtocolError(problem)
        self.waiting.discard(peer)
        self._seat(peer, m.seat)
        self.session.catch_up(m.seat)

    # ------------------------------------------------------------------ after the game
    def rematch(self) -> None:
        """Every player asked for a rematch: a new gathering over the same links, the same seats and setup."""
        game = self.session.game if self.session is not None else None
        if game is not None:
            self.options = games.of(game).options_of(game)
        self.session = None
        self.problem = ""
        self._gather()
        for seat in self.seated:
            self._greet(seat)


__all__ = ["Party", "new_keys"]
