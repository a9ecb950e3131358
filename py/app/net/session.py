"""Lockstep play between two browsers: both run the engine; each move is sent with its sequence number and
the state hash after it, and the receiver applies it only if it is the next move, comes from the player who
must decide, is legal and leads to the same hash. Anything else is refused, said, and changes nothing.

Simultaneous secrets (Foresight predictions, battle cards; Wildlands' start spaces, see is_secret) come in runs
of consecutive secret decisions. Each pick in a run travels as a salted commitment; the run's shape (who
decides what, in which order) is read from the engine with a stand-in for every pick of the other player,
so both sides agree on it without knowing the picks (a player's options there do not depend on the other's
picks; they may depend on her own earlier picks of the run, which her page knows). Only when every pick of the run is
committed does each side reveal its own; a reveal that does not match its commitment is refused as
cheating. So no client learns a pick before its own picks are fixed.

`receive(text)` takes a peer's message and returns None (accepted) or the reason it was refused; `play(move)`
takes the local player's move; `offered()` lists what the local player may choose now. Messages go out
through `send(text)`. The session never raises on a peer's message.

Three or four players (net/party.py) make a star: each guest's page talks to the host's page only, and the
host's page orders the game. The host's session takes a guest's message with `receive(text, frm=seat)`: the
move must be that seat's to make; once accepted, the same text goes on to every other guest (`to(seat, text)`
for each of `guests()`), so all pages apply the moves in the host's order. A guest's page takes from the host
any move that is not its own player's. Resign and rematch name their seat there. A guest whose page finds the
games differ stops alone and resyncs from the host's game; the host and the others play on. With two players
nothing of this shows on the wire: the messages are byte for byte those of before.
"""
from __future__ import annotations

from typing import Any, Callable

from .. import games
from ..i18n import _
from .protocol import ProtocolError, commitment, dump, new_salt, parse
from .resync import Cheating, refusal, resynced, wire_log
from .trust import Audit, Secrets, opening, private_game, run_audit, their_opening


def is_secret(d: Any) -> bool:
    """Whether decision `d` is a secret pick (committed, then revealed once every pick of its run is fixed):
    the engine's `d.secret` (gamecore.actions.Decision)."""
    return bool(d.secret)


class Session:
    def __init__(self, game: Any, me: int, send: Callable[[str], None], host: bool | None = None,
                 to: Callable[[int, str], None] | None = None, guests: Callable[[], list[int]] | None = None,
                 private: Secrets | None = None):
        """`to` and `guests`: the host of three or four pages sends to one guest's page, and lists the seats
        whose pages play now (its `send` reaches all of them). `private`: Crystal Clans of two without trust
        (net/trust.py): `game` is this page's one-sided game; its moves go out in their wire form, the
        public hash is compared, reveals are answered at once and the game ends with an audit."""
        self.game = game
        self.me = me
        self.host = me == 0 if host is None else host  # the host's game is the reference in a resync
        self.players = int(game.n)
        self.them = 1 - me if self.players == 2 else 0  # (with three or four: the host, whom a guest hears)
        self.send = send
        self.to = to
        self.guests = guests or (lambda: [])
        self.stale: dict[int, str] = {}  # the host of three or four: guests' pages out of step, until they resync
        self.run: list[dict] = []  # the open run of secret picks: {"seq", "player", "move", "salt", "c"}
        self.revealed_sent = False
        self.resigned: int | None = None
        self.rematch: set[int] = set()  # who has asked for a rematch (after the game)
        self.ending: set[int] = set()  # who has offered to end the game without a winner (all must agree)
        self.desync = ""  # why play stopped (hashes differ): a resync is needed
        self.refused: list[str] = []  # every refused message's reason, newest last
        self.waiting: set[int] = set()  # guests' pages back during a revealed run: they get the game after it
        self.agreed = len(game.log)  # how many first moves the other page has shown it holds (a resync keeps them)
        self.private = private if private is not None and private_game(game) else None
        self.out = len(game.log)  # private: log entries before this one the other page has (sent or received)
        self.hashes: dict[int, str] = {}  # private: the public hash after n entries (for entries sent later)
        self.opened = False  # private: this page's opening is sent
        self.their_opening: Any = None
        self.audit: Audit | None = None  # private: the verdict at the end
        self.their_audit: Audit | None = None  # private: the other page's verdict, when it caught a lie or a forfeit
        self.notice = ""  # private: the other page refused a move of this page's as not legal (shown once)
        self.told = 0  # private: the last move of the other's this page refused and said so (once per move)
        self._answer_reveals()

    # ------------------------------------------------------------------ what the local player may do
    @property
    def seq(self) -> int:
        """The sequence number of the next move to apply."""
        return len(self.game.log) + 1

    @property
    def over(self) -> bool:
        return self.game.is_over or self.resigned is not None or self.agreed_end

    @property
    def agreed_end(self) -> bool:
        """Every player agreed to end the game here, without a winner (then, without trust, the audit runs)."""
        return len(self.ending) == self.players

    def _secret(self, g: Any, d: Any) -> bool:
        """is_secret, as the game has it for this page's kind of game (one-sided or not: the spec's
        `sent_committed`, e.g. a pick the rules make public at once in a one-sided game)."""
        return is_secret(d) and games.of(g).sent_committed(g, d, self.private is not None)

    def _stand_in(self, g: Any) -> Any:
        """A pick standing in for the other player's unknown one (the run's shape does not depend on it). In a
        private game her hand may hold placeholders ('play ?' cannot be applied): a card she may hold stands in."""
        opts = g.decision.options
        if self.private is None:
            return opts[0]
        for a in opts:
            if "?" not in str(a):
                return a
        return f"{str(opts[0]).partition(' ')[0]} {g.unknown_cards(g.decision.player)[0]}"

    def _hash(self, g: Any) -> str:
        return g.public_hash() if self.private is not None else g.state_hash()

    def _next_secret(self):
        """The next secret decision of the open run (on the stand-in path), or None when the run is over."""
        g = self.game
        d = g.decision
        if d is None or not self._secret(g, d):
            return None
        if not self.run:
            return d
        g = g.clone()
        for entry in self.run:  # my own picks as made (a player's later options may depend on them: Wildlands'
            # start spaces); the other's as a stand-in: the run's shape does not depend on it
            g.apply(entry["move"] if entry["player"] == self.me else self._stand_in(g))
        nd = g.decision
        return nd if nd is not None and self._secret(g, nd) else None

    def display(self) -> Any:
        """The game to show this player. With an open run, it is advanced through the run's picks (the
        opponent's as stand-ins, which this player's view hides) as far as the run's secret decisions go, so
        her own next pick is on the table; never past the run's end (a stand-in must never be revealed)."""
        g = self.game
        for e in self.run:
            nxt = g.clone()
            nxt.apply(e["move"] if e["player"] == self.me else self._stand_in(nxt))
            if nxt.decision is None or not self._secret(nxt, nxt.decision):
                break
            g = nxt
        return g

    def offered(self) -> list[str]:
        if self.over or self.desync:
            return []
        d = self.game.decision
        if d is None:
            return []
        if not self._secret(self.game, d):
            return [str(a) for a in d.options] if d.player == self.me else []
        nd = self._next_secret()
        return [str(a) for a in nd.options] if nd is not None and nd.player == self.me else []

    def play(self, move: str) -> None:
        """The local player's move; raises IllegalAction if it is not hers to make now."""
        if move not in self.offered():
            raise games.of(self.game).IllegalAction(f"{move!r} is not yours to choose now")
        g = self.game
        if not self._secret(g, g.decision):
            g.apply(move)
            if self.private is not None:
                self._sent_own()
                return
            self.send(dump("action", seq=len(g.log), move=g.log[-1], hash=g.state_hash()))
            return
        salt = new_salt()
        seq = self.seq + len(self.run)
        self.run.append({"seq": seq, "player": self.me, "move": move, "salt": salt, "c": commitment(salt, move)})
        self.send(dump("secret_commit", seq=seq, c=self.run[-1]["c"]))
        self._run_changed()

    # ------------------------------------------------------------------ private games (net/trust.py)
    def _sent_own(self) -> None:
        """After an own move: every own entry the other may now receive goes out in its wire form (a summon's or
        replenish's picks once it is done or cancelled), then reveals asked of this page are answered."""
        g = self.game
        self.hashes[len(g.log)] = g.public_hash()
        while self.out < len(g.log):
            text = g.wire_text(self.out, self.them)
            if text is None:
                break
            self.out += 1
            self.send(dump("action", seq=self.out, move=text, hash=self.hashes[self.out]))
        self._answer_reveals()

    def _answer_reveals(self) -> None:
        """A reveal asked of this page is answered at once with its only option, the truth; at the end, the
        opening goes out."""
        if self.private is None:
            return
        g = self.game
        d = g.decision
        if d is not None and d.kind == "reveal" and d.player == self.me and self.resigned is None and not self.desync:
            g.apply(d.options[0])
            self._sent_own()
            return
        self._open()

    def _open(self) -> None:
        if self.private is not None and self.over and not self.opened:
            self.opened = True
            self.send(opening(self.game, self.private))
            self._audit_now()

    def _audit_now(self) -> None:
        if self.private is not None and self.opened and self.their_opening is not None and self.audit is None:
            self.audit = run_audit(self.game, self.private, self.their_opening)
            self._tell_verdict()

    def _tell_verdict(self) -> None:
        """An audit that caught a lie or a forfeit is said to the other page too, which shows it beside its own."""
        a = self.audit
        if a is not None and a.verdict != "honest":
            self.send(dump("caught", verdict=a.verdict, seat=a.seat, step=a.step, reason=a.reason[:20]))

    def _tell_refused(self, seq: int) -> None:
        """The other's move `seq` is refused as not legal (a card not in her hand, a reveal that cannot be
        true): her page is told, once a move, so both pages show it."""
        if self.private is not None and seq > self.told:
            self.told = seq
            self.send(dump("caught", seq=seq))

    def forfeit_audit(self) -> None:
        """The other page did not open its secrets in time: the audit counts it as a forfeit."""
        if self.private is not None and self.over and self.audit is None:
            self._open()
            if self.audit is None:
                self.audit = run_audit(self.game, self.private, None)
                self._tell_verdict()

    @property
    def winner(self) -> int | None:
        """Who won: by the rules, or the other player when one of two resigned (with three or four, a
        resignation ends the game without a winner)."""
        if self.game.is_over:
            return games.of(self.game).winner(self.game)
        if self.agreed_end:
            return None
        return None if self.resigned is None or self.players > 2 else 1 - self.resigned

    def _said(self, t: str) -> str:
        """A resign or rematch message of this page's player (with three or four players it names the seat)."""
        return dump(t) if self.players == 2 else dump(t, seat=self.me)

    def resign(self) -> None:
        if self.over:
            return
        self.resigned = self.me
        self.send(self._said("resign"))
        self._open()

    def offer_end(self) -> None:
        """Offer to end the game without a winner (it ends once every player has offered it)."""
        if self.over or self.me in self.ending:
            return
        self.ending.add(self.me)
        self.send(self._said("end"))
        self._open()

    @property
    def rematch_agreed(self) -> bool:
        """Every player has asked for a rematch."""
        return self.rematch == set(range(self.players))

    def ask_rematch(self) -> bool:
        """After the game: ask for another. True when all have asked (a new handshake starts)."""
        if self.over and self.me not in self.rematch:
            self.rematch.add(self.me)
            self.send(self._said("rematch"))
        return self.rematch_agreed

    def _run_changed(self) -> None:
        """A run whose picks are all committed: reveal mine (once), then apply what is known."""
        if self.run and not self.revealed_sent and self._next_secret() is None:
            self.revealed_sent = True
            for e in self.run:
                if e["player"] == self.me:
                    self.send(dump("secret_reveal", seq=e["seq"], move=e["move"], salt=e["salt"]))
        self._apply_known()

    def _apply_known(self) -> None:
        if not self.revealed_sent or any(e["move"] is None for e in self.run):
            return
        trial = self.game.clone()
        for e in self.run:
            try:
                trial.apply(e["move"])  # checked when each reveal arrived (a private game: as far as it can)
            except games.of(trial).IllegalAction as x:
                raise ProtocolError(f"move {e['seq']} ({e['move'][:60]!r}) is not legal: {str(x)[:160]} "
                                    "(cheating)") from None
        self.game = trial
        if self.private is not None:
            self.out = len(trial.log)
            self.hashes[len(trial.log)] = trial.public_hash()
        self.run = []
        self.revealed_sent = False
        for seat in sorted(self.waiting):
            self.to(seat, dump("resync", log=list(self.game.log), hash=self.game.state_hash()))
        self.waiting.clear()
        self._answer_reveals()

    # ------------------------------------------------------------------ the peer's messages
    def receive(self, text: str, frm: int | None = None) -> str | None:
        """`frm`: on the host of three or four pages, the seat of the guest whose page sent it."""
        try:
            self._handle(parse(text), text, frm)
        except ProtocolError as e:
            reason = f"Refused {e}"
            self.refused.append(reason)
            return reason
        return None

    def _by(self, player: int, frm: int | None) -> bool:
        """May the page that sent a message speak for `player`? A guest's page for its own seat only (`frm`);
        the host's page, for anyone but this page's player (it passes the others' moves on)."""
        if frm is not None:
            return player == frm
        return player == self.them if self.players == 2 else player != self.me

    def _who(self, m, frm: int | None) -> int:
        """Whose resign or rematch this is."""
        if frm is not None:
            if m.seat not in (None, frm):
                raise ProtocolError(f"a {m.t} message for another player's seat")
            return frm
        if m.seat is None:
            return self.them
        if m.seat == self.me or m.seat >= self.players:
            raise ProtocolError(f"a {m.t} message for this page's seat")
        return m.seat

    def _reply(self, frm: int | None, text: str) -> None:
        """An answer to the page that sent a message (on the host of three or four: that guest's alone)."""
        if frm is not None and self.to is not None:
            self.to(frm, text)
        else:
            self.send(text)

    def _relay(self, text: str, frm: int | None) -> None:
        """The host passes a guest's accepted message on to every other guest (three or four players)."""
        if frm is None or self.to is None:
            return
        for seat in self.guests():
            if seat != frm:
                self.to(seat, text)

    def _handle(self, m, text: str = "", frm: int | None = None) -> None:
        """One message from a peer (`text`, parsed: `m`; `frm`: the guest's seat at the host of three or four):
        a message of the link's own (AT_ANY_TIME: pings, resyncs, the audit, a rematch) whenever it comes, a
        move or an offer only while the game is played (IN_PLAY), in sequence; anything else is refused."""
        t = m.t
        if t == "ping":
            self._reply(frm, dump("pong", n=m.n))
            return
        if t == "pong":
            return
        if frm is not None and self.players > 2:  # the host of three or four: one guest's page out of step
            if self._stale_guest(m, frm):
                return
        anytime = self.AT_ANY_TIME.get(t)
        if anytime is not None and anytime(self, m, text, frm) is not False:
            return
        if self.over:
            raise ProtocolError(f"{t} message: the game is over")
        if self.desync:
            raise ProtocolError(f"{t} message: play is stopped until the games are resynchronised")
        in_play = self.IN_PLAY.get(t)
        if in_play is None:
            raise ProtocolError(f"a {t} message during play")
        if t in ("action", "secret_commit", "secret_reveal") and m.seq < self.seq:
            raise ProtocolError(f"{t} message for move {m.seq}: a duplicate or a replay (the next move is "
                                f"{self.seq})")
        in_play(self, m, text, frm)

    # ------------------------------------------------------------------ messages of the link, at any time
    def _on_out_of_step(self, m, text: str, frm: "int | None") -> "bool | None":
        if self.over:
            return False
        self.agreed = max(self.agreed, min(m.at - 1, len(self.game.log)))  # it found move `at` differs
        self.desync = self.desync or _("The other page found the two games differ after move {n}. Play stops "
                                       "here; resynchronise from the host's game.").format(n=m.at)

    def _on_resync_request(self, m, text: str, frm: "int | None") -> "bool | None":
        if not (self.host and self.desync and not self.over):
            return False
        if self.revealed_sent:  # my picks of the open run are out: choosing again would let the peer cheat
            raise ProtocolError("a resync request after this page revealed its picks: the run completes first")
        self.send(self._resync_message())
        self._restart_from(self.game)

    def _on_resync(self, m, text: str, frm: "int | None") -> "bool | None":
        if self.host or not (self.desync or self.players > 2):
            return False
        # (three or four players: the host may also start an open run of secret picks again everywhere)
        try:
            if self.revealed_sent and any(e["player"] == self.me for e in self.run):
                first = min(e["seq"] for e in self.run if e["player"] == self.me)
                raise Cheating("a resync after this page revealed its secret picks", first, "revealed")
            g = resynced(self.game, self.me, list(m.log), m.hash, self.agreed)
        except Cheating as e:
            self.desync = refusal(e)
            self.send(dump("out_of_step", at=e.move))  # an honest host whose game went wrong stops too
            raise
        self._restart_from(g)

    def _on_opening(self, m, text: str, frm: "int | None") -> None:
        if self.private is None or not self.over or self.their_opening is not None:
            raise ProtocolError("an opening of secrets before the game is over, or a second one")
        self.their_opening = their_opening(m, self.game)
        self._open()
        self._audit_now()

    def _on_caught(self, m, text: str, frm: "int | None") -> None:
        if self.private is None:
            raise ProtocolError("a caught message outside a game without trust")
        if m.seq is not None:
            self.notice = _("The other page refused move {n} of this page as not legal: it takes it for "
                            "cheating.").format(n=m.seq)
        elif m.verdict is not None and self.over and self.their_audit is None:
            self.their_audit = Audit(m.verdict, m.seat, m.step, m.reason, "")
        else:
            raise ProtocolError("a verdict before the game is over, or a second one")

    def _on_rematch(self, m, text: str, frm: "int | None") -> None:
        who = self._who(m, frm)
        if not self.over or who in self.rematch:
            raise ProtocolError("a rematch request before the game is over, or a second one")
        self.rematch.add(who)
        self._relay(dump("rematch", seat=who), frm)

    # ------------------------------------------------------------------ messages of play, in sequence
    def _on_resign(self, m, text: str, frm: "int | None") -> None:
        self.resigned = self._who(m, frm)
        self._relay(dump("resign", seat=self.resigned), frm)
        self._open()

    def _on_end(self, m, text: str, frm: "int | None") -> None:
        who = self._who(m, frm)
        if who in self.ending:
            raise ProtocolError("a second offer to end the game")
        self.ending.add(who)
        self._relay(dump("end", seat=who), frm)
        self._open()

    def _on_action(self, m, text: str, frm: "int | None") -> None:
        d = self.game.decision
        if m.seq != self.seq or self.run:
            raise ProtocolError(f"action for move {m.seq}: the next move is {self.seq}")
        if d is None or not self._by(d.player, frm):
            raise ProtocolError(f"move {m.seq} ({m.move[:60]!r}): it is not your turn to decide")
        if self._secret(self.game, d):
            raise ProtocolError(f"move {m.seq}: a secret choice sent in the open")
        self._apply_checked(m.move, m.hash, m.seq, frm)
        self._relay(text, frm)

    def _on_secret_commit(self, m, text: str, frm: "int | None") -> None:
        nd = self._next_secret()
        want = self.seq + len(self.run)
        if nd is None or not self._by(nd.player, frm) or m.seq != want or self.revealed_sent:
            raise ProtocolError(f"a commitment for move {m.seq} out of turn")
        self.agreed = len(self.game.log)
        self.run.append({"seq": m.seq, "player": nd.player, "move": None, "salt": None, "c": m.c})
        self._relay(text, frm)  # before this page's reveals, which may follow at once
        self._run_changed()

    def _on_secret_reveal(self, m, text: str, frm: "int | None") -> None:
        entry = next((e for e in self.run if e["seq"] == m.seq and e["player"] != self.me
                      and self._by(e["player"], frm)), None)
        if entry is None or entry["move"] is not None:
            raise ProtocolError(f"a reveal for move {m.seq} without an open commitment")
        if not self.revealed_sent:
            raise ProtocolError(f"a reveal for move {m.seq} before every pick of the run was committed")
        if commitment(m.salt, m.move) != entry["c"]:
            raise ProtocolError(f"move {m.seq}: the revealed choice does not match its commitment (cheating)")
        trial = self.game.clone()
        for e in self.run:  # legal where it stands (earlier picks as known so far, stand-ins otherwise)
            mv = m.move if e is entry else (e["move"] or self._stand_in(trial))
            if self.private is not None and e is entry:  # the other's hidden cards: the game checks what it can
                try:
                    trial.apply(mv)
                except games.of(trial).IllegalAction:
                    self._tell_refused(m.seq)
                    raise ProtocolError(f"move {m.seq} ({m.move[:60]!r}) is not legal") from None
                break
            if e is entry and mv not in [str(a) for a in trial.legal_actions()]:
                raise ProtocolError(f"move {m.seq} ({m.move[:60]!r}) is not legal")
            trial.apply(mv)
            if e is entry:
                break
        entry["move"] = m.move
        self._relay(text, frm)
        self._apply_known()

    #: a message's type -> its handler: the link's own messages (a handler that returns False leaves the message
    #: to the checks of play), then those of play
    AT_ANY_TIME = {"out_of_step": _on_out_of_step, "resync_request": _on_resync_request, "resync": _on_resync,
                   "opening": _on_opening, "caught": _on_caught, "rematch": _on_rematch}
    IN_PLAY = {"resign": _on_resign, "end": _on_end, "action": _on_action, "secret_commit": _on_secret_commit,
               "secret_reveal": _on_secret_reveal}

    def _stale_guest(self, m, frm: int) -> bool:
        """The host of three or four pages: a guest's page whose game differs stops alone (the others play
        on) until it takes the host's game again. True when the message is handled here."""
        t = m.t
        if t == "out_of_step" and not self.over:
            self.stale[frm] = _("The page of player {n} found the games differ after move {at}: it resynchronises "
                                "from this game.").format(n=frm + 1, at=m.at)
            return True
        if t == "resync_request" and frm in self.stale:
            if self.run:  # its picks of the open run are lost to it, and the others hold its commitments
                raise ProtocolError("a resync request while secret picks are open: the run completes first")
            del self.stale[frm]
            self.to(frm, dump("resync", log=list(self.game.log), hash=self.game.state_hash()))
            return True
        if frm in self.stale:
            raise ProtocolError(f"a {t} message from a page out of step: it resynchronises first")
        return False

    def catch_up(self, seat: int) -> None:
        """The host of three or four pages: a guest's page is back (after a reload or a lost link) and gets
        this game, which it checks keeps its own moves (resync.py). An open run of secret picks starts again
        on every page (the page that came back lost its picks and holds nobody's commitments), unless picks
        are already revealed: then the run completes first and the page gets the game after it."""
        self.stale.pop(seat, None)
        if self.run and self.revealed_sent:
            self.waiting.add(seat)
            return
        if self.run:
            self.run = []
            self.send(dump("resync", log=list(self.game.log), hash=self.game.state_hash()))
            return
        self.to(seat, dump("resync", log=list(self.game.log), hash=self.game.state_hash()))

    def request_resync(self) -> None:
        """The guest's button after a desync: replace this game with the host's (replayed move by move; it
        must keep the moves both pages agreed on and this page's own, see resync.py)."""
        if self.desync and not self.host:
            self.send(dump("resync_request", have=len(self.game.log), hash=self.game.state_hash()))

    def _resync_message(self) -> str:
        """The host's game for a resync: a private game's moves as the guest may receive them (never the host's
        hidden cards) and the public hash after them; else the whole log and the state hash."""
        g = self.game
        if self.private is None:
            return dump("resync", log=list(g.log), hash=g.state_hash())
        log = wire_log(g, self.out, self.them)
        h = self.hashes.get(len(log)) or type(g).from_log(g.setup, g.log[:len(log)]).public_hash()
        return dump("resync", log=log, hash=h)

    def _restart_from(self, g: Any) -> None:
        self.game = g
        self.run = []  # an open run of secret picks starts again
        self.revealed_sent = False
        self.desync = ""
        self.agreed = len(g.log)
        if self.private is not None:
            self.out = len(g.log)
            self.hashes[len(g.log)] = g.public_hash()

    def _apply_checked(self, move: str, want_hash: str, seq: int, frm: int | None = None) -> None:
        self.agreed = len(self.game.log)  # the other page sent the next move: it holds every one before
        trial = self.game.clone()
        try:
            trial.apply(move)
        except games.of(trial).IllegalAction as e:
            self._tell_refused(seq)
            raise ProtocolError(f"move {seq} ({move[:60]!r}) is not legal: {str(e)[:160]}") from None
        if self.private is not None:
            if trial.public_hash() != want_hash:
                self.desync = _("After move {n} the two games differ (their public hashes do not match): the other "
                                "page's move cannot be true. Play stops here.").format(n=seq)
                self.send(dump("out_of_step", at=seq))
                raise ProtocolError(f"move {seq}: the public hash after it differs from this game's.")
            self.game = trial
            self.agreed = self.out = len(trial.log)
            self.hashes[len(trial.log)] = trial.public_hash()
            self._answer_reveals()
            return
        if trial.state_hash() != want_hash and frm is not None and self.players > 2:
            # the host of three or four: that guest's page alone stops and resyncs; the others never see the move
            self.stale[frm] = _("The page of player {n} found the games differ after move {at}: it resynchronises "
                                "from this game.").format(n=frm + 1, at=seq)
            self.to(frm, dump("out_of_step", at=seq))
            raise ProtocolError(f"move {seq}: the state hash after it differs from this game's.")
        if trial.state_hash() != want_hash:
            self.desync = _("After move {n} ({move}) the two games differ (state hashes do not match). Play stops "
                            "here; resynchronise from the host's game.").format(n=seq, move=repr(move[:60]))
            self.send(dump("out_of_step", at=seq))
            raise ProtocolError(f"move {seq}: the state hash after it differs from this game's.")
        self.game = trial
        self.agreed = len(trial.log)
