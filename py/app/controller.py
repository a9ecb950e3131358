"""The table: game state, seats, overlays (pass the device, battle result), undo, saves, rendering.

Each seat is a person at this screen, the computer or a remote peer (seats.py); every mode goes through the
same `_apply()` and the same table, log, undo and saves. All input arrives through ONE click listener and
ONE change listener on the document (main.py), which read data-action / data-continue / data-cmd / ...
attributes. Playing is driven entirely by the engine's legal actions: the app never decides what is legal.
"""
from __future__ import annotations

import asyncio
import random
import re
import time
import traceback

from . import games, render, shell, table
from .errors import reason
from .i18n import _, language, use
from .computer import WorkerComputer
from .fx import EffectsFeed
from .seats import CODES, HUMAN, Seat, needs_pass_screen, offers, parse_seats, perspective
from .settings import clean_settings
from .storage import Storage

APP_TITLE = "Crystal Clans"  # the page's heading on the start screen (index.html's)


def asked_aloud(g, d) -> bool:
    """A question to someone who does not hold the device, the same whatever her hand (a module's optional
    `asked_aloud`): with people at one screen it is answered where the device is (pass in one click) or the
    asked player takes the device (`App.hand_over`), so asking never tells what she holds."""
    spec = games.of(g)
    return spec.asks_aloud and bool(spec.asked_aloud(g, d))


def needs_own_hand(g, d) -> bool:
    """Whether making decision `d` shows its player something the others may not see (the game says)."""
    return games.of(g).needs_own_hand(g, d)


AUDIT_SECONDS = 60.0  # online without trust: how long a page waits for the other's secrets at the end


class App:
    def __init__(self, document, window, to_js=None, computer=None, spawn=None):
        self.document = document
        self.spawn = spawn or self._background  # runs the computer's moves and the peers' backlog
        self._tasks: set = set()
        self.window = window
        self.to_js = to_js
        self.words = games.words(language())  # the default game's words (and card set: words.cs)
        self.storage = Storage.open(window)
        self.game = None
        self.names = ["Player 1", "Player 2"]
        self.seats: tuple[Seat, Seat] = (Seat(), Seat())
        self.computer = computer if computer is not None else WorkerComputer(window)
        self.thinking: int | None = None  # the computer seat choosing right now
        self._driving = False
        # ?pace=MS: the pause between the computer's moves so a person can follow them (tests use 0)
        self.pace_ms = url_int(str(window.location.search), "pace", 700)
        # online, the answer clock of a question asked at every action (Wildlands' interrupt windows and
        # defences, see answer_seconds): ?answer=MS sets every wait (tests use a short one)
        self.answer_ms = url_int(str(window.location.search), "answer")
        self.audit_ms = url_int(str(window.location.search), "audit")  # tests: the audit's time limit (ms)
        self.answer_key: tuple | None = None  # the question the clock runs for: (session, moves, kind)
        self.answer_due = 0.0  # time.monotonic() when this page answers it by itself
        self.answer_held = False  # the player passed early: the pass waits for the clock
        self._story: list = []
        self._story_key: tuple | None = None
        self.view: dict | None = None
        self.shown_player: int | None = None
        self.pending_pass: int | None = None
        # two people here, and the one deciding now sees nothing private: the table shows neither hand
        self.public_screen = False
        self.pending_result: dict | None = None
        self.undo_marks: list[int] = []
        self.screen = "start"
        self.modal = None
        self.busy = ""
        self.settings = clean_settings(self.storage.new_game_settings())
        self.autosave_meta = self.storage.autosave_meta()
        self.pydantic_ready = False
        self._pydantic_task = None
        self.last_update_ms = 0.0
        self.think_ms: list[float] = []  # the computer's thinking time per move (tests, bench)
        self.computer_failure = ""  # why the computer player stopped, if it did
        self.link = None  # app.link.Link while playing a friend far away
        self.resume_offer = None  # app.link.SavedOnline: an online game to go on with over a new link
        # that game is on the table while its pages link again by themselves through the relays (after a
        # reload or a lost link; relink_by_itself): nothing is offered until they are linked
        self.relinking = False
        self.relink_relay = ""  # while this page waits in the room with no link in hand: "listening"/"norelay"
        self.invite_again = None  # main.py: invites the saved online game's other pages again (seat 0's page)
        self._peer_backlog: list[str] = []  # peer messages waiting for pydantic to load
        self._draining = False  # a task is handling the backlog
        self.pending_confirm = None  # what runs once the player agrees to replace the autosaved game
        self.audit_armed = None  # the session whose end-of-game audit clock is running (online without trust)
        self.replay = None  # app.replay.Replay while the replay viewer is open
        self.tutorial = None  # a ScriptedTutorial (app/tutorial.py) during a guided first game
        self.fx_feed = EffectsFeed()
        self.fx = None  # what the table animates in this render (its game module's effects; None: nothing)
        self.table_pick = None  # a table's own choice before a move: (option shown, on its square?, log length)
        self._modal_html = ""  # the dialog now in #modal
        # ?seed=N in the page URL: new games are dealt from that seed (reproducing a game, tests)
        self.fixed_seed = url_seed(str(window.location.search))

    # ------------------------------------------------------------------ overlays and perspective
    def overlay_pending(self) -> bool:
        return bool(self.pending_result) or (self.pending_pass is not None and self.game is not None
                                             and not self.game.is_over)

    def viewer(self) -> int:
        g = self.game
        if self.public_screen and self.shown_player is not None:  # a question asked aloud: the holder's view
            return self.shown_player
        return perspective(self.seats, g.decision.player if g.decision is not None else None, self.shown_player,
                           games.of(g).winner(g))

    def winner(self) -> int | None:
        """Who has won: by the rules, or (online) because the other player resigned."""
        g = self.game
        if g is None:
            return None
        return self.session.winner if self.session is not None else games.of(g).winner(g)

    @property
    def finished(self) -> bool:
        s = self.session  # (online with three or four, a resignation ends the game without a winner)
        return (self.winner() is not None or (self.game is not None and self.game.is_over)  # a draw, a team
                or (s is not None and s.players > 2 and s.resigned is not None)
                or (s is not None and s.agreed_end))

    def offers_decision(self) -> bool:
        """Does this screen offer the current decision (a person here must decide, nothing in the way)?"""
        g = self.game
        if self.relinking:  # an online game waiting for its link: nothing is played until the pages are linked
            return False
        if self.session is not None:  # linked: what the lockstep session lets this player choose
            return (g is not None and not self.overlay_pending() and bool(self.session.offered())
                    and not self.answer_held)
        return (g is not None and g.decision is not None and not self.overlay_pending()
                and offers(self.seats, g.decision.player))

    @property
    def session(self):
        return self.link.session if self.link is not None else None

    def open_replay(self) -> None:
        """The replay viewer of the current game, from the deal (each side's hand where this screen may see it)."""
        from .replay import Replay, replay_sides

        if self.game is None:
            return
        me = self.session.me if self.session is not None else None
        sides = replay_sides(self.seats, self.finished, me)
        self.replay = Replay(self.game, sides, self.viewer())
        self.modal = None
        self.render()

    def story(self) -> list:
        """The current game's story (engine: game.story()), told again only when the game moved on."""
        g = self.game
        key = (id(g), len(g.events or ()), len(g.log)) if g is not None else None
        if key != self._story_key:
            self._story = g.story() if g is not None else []
            self._story_key = key
        return self._story

    def can_undo(self) -> bool:
        return (bool(self.undo_marks) and self.offers_decision() and not any(s.remote for s in self.seats)
                and self.tutorial is None)

    def default_slot_name(self) -> str:
        return _("{a} vs {b}").format(a=self.names[0], b=self.names[1])

    def summary(self) -> str:
        return games.of(self.game).summary(self.game, self.names, self.words, self.winner())

    # ------------------------------------------------------------------ game lifecycle
    def replaces_unfinished(self) -> str:
        """The summary of the autosaved game if it is unfinished (a new game or an import would replace it)."""
        meta = self.storage.autosave_meta()
        if meta is None or meta.get("over") is True:
            return ""
        return str(meta.get("summary") or _("your last game"))

    def ask_before_replacing(self, what: str, run) -> None:
        """Run `run()` now, or, if it would replace an unfinished autosaved game, after the player confirms."""
        summary = self.replaces_unfinished()
        if not summary:
            run()
            return
        self.pending_confirm = run
        self.modal = ("confirm", what, summary)
        self.render()

    def confirm(self) -> None:
        run, self.pending_confirm = self.pending_confirm, None
        self.modal = None
        self.render()
        if run is not None:
            run()

    def start_game(self, name: str, options: dict, names, seats=None) -> None:
        """A new game of `name` (a game module) from the start screen's `options`."""
        seed = self.fixed_seed if self.fixed_seed is not None else random.randrange(1 << 31)
        try:
            game = games.get(name).new_game(options, seed)
        except ValueError as e:  # a choice the game refuses (two players with one deck): say so, start nothing
            self.show_error(str(e))
            return
        self.install(game, list(names), seats)
        self.clear_error()
        self.render()
        self.drive()

    def start_tutorial(self, name: "str | None" = None) -> None:
        """The guided first game of game `name` (by default: the game of the guided game on the table, which is
        played again, else the game chosen on the start screen): its module's `tutorial()`, the player against
        a scripted side (app/tutorial.py's ScriptedTutorial, each game's script in app/games/*_tutorial.py); the
        autosaved game is left as it is."""
        if name is None:
            name = (games.of(self.game).name if self.tutorial is not None and self.game is not None
                    else str(self.settings.get("game") or games.DEFAULT))
        t = games.get(name if name in games.REGISTRY else games.DEFAULT).tutorial()
        player = (self.settings.get("names") or [""])[0] or _("Player {n}").format(n=1)
        self.install(t.game, [player, t.opponent()], ("human", "easy"), tutorial=t)
        self.clear_error()
        self.render()
        self.drive()

    def after_tutorial(self) -> None:
        """The guided game's end hands over to a real game (the tutorial's `real_game()`: Crystal Clans' the
        same clans), against the easy computer (asking first if it would replace an unfinished game)."""
        if self.tutorial is None:
            return
        game, options = self.tutorial.real_game()
        player = self.names[0] if self.names else _("Player {n}").format(n=1)
        self.ask_before_replacing("new-game", lambda: self.start_game(
            game, options, [player, _("Computer")], ["human", "easy"]))

    def install(self, game, names, seats=None, tutorial=None) -> None:
        """Make a new or loaded game the current one (a loaded one as after a reload: pass screen first)."""
        self.tutorial = tutorial
        self.game = game
        self.names = names
        self.resume_offer = None
        self.relinking = False
        self.seats = parse_seats(seats, game.n)
        if self.session is None or self.session.game is not game:
            self.link = None if self.session is not None else self.link
            self.seats = tuple(Seat(HUMAN) if s.remote else s for s in self.seats)
        if any(s.computer for s in self.seats) and tutorial is None:
            self.computer.start()
        self._table_for(game)
        self.autosave()

    def _table_for(self, game) -> None:
        """The table shows `game` (just put on it) afresh: no undo marks, overlay, dialog or replay of the last
        game, nor its message; the result it shows (a battle's) counts as seen."""
        self.undo_marks = []
        self.shown_player = None
        self.pending_result = None
        self.pending_pass = None
        self.modal = None
        self.replay = None
        self.screen = "game"
        self.clear_error()  # a message about the last game does not belong to this one
        self._after_change(games.of(game).result_to_show(game))  # a loaded game's last result was already seen

    def _after_change(self, prev_result) -> None:
        g = self.game
        people_here = any(s.local for s in self.seats)
        result = games.of(g).result_to_show(g)
        if result is not None and result is not prev_result and people_here:
            self.pending_result = result
        self.public_screen = False
        if (g.decision is not None and needs_pass_screen(self.seats) and g.decision.player != self.shown_player):
            if not self.seats[g.decision.player].local:
                # the computer (or a peer) decides while people share this screen: nobody takes the device, and
                # the table shows no one's hand or secret until a person's own pass screen
                self.shown_player = None
                self.public_screen = True
            elif needs_own_hand(g, g.decision):
                self.pending_pass = g.decision.player
                self.undo_marks = []
            elif asked_aloud(g, g.decision) and self.shown_player is not None:
                # another player's question that shows nothing (Wildlands' interrupt windows and defences):
                # answered at this screen as it is, its hand hidden; the asked may take the device (hand_over)
                self.public_screen = True
            else:  # a choice anyone may watch: made on a table that shows no hand, without handing the device over
                self.shown_player = None
                self.public_screen = True
        shown = self.session.display() if self.session is not None else g
        self.view = shown.view(self.viewer())
        self._arm_answer_clock()
        self._arm_audit_clock()
        if self.tutorial is not None:  # the table offers only the move the tutorial teaches now
            self.view = self.tutorial.offer(self.view, g)

    # ------------------------------------------------------------------ online: the answer clock
    def answer_seconds(self) -> "float | None":
        """Online, for a question asked at every action or attack (asked_aloud) that this page's player must
        answer: how long after it reached this page the page answers `pass` by itself; else None."""
        s, g = self.session, self.game
        d = g.decision if g is not None else None
        if s is None or d is None or not asked_aloud(g, d) or s.over or s.desync:
            return None
        if d.player != s.me or "pass" not in s.offered():
            return None
        secs = games.of(g).answer_seconds(d)
        if secs is None:
            return None
        return self.answer_ms / 1000 if self.answer_ms is not None else float(secs)

    def _arm_answer_clock(self) -> None:
        """Online, every such question is answered the same time after it arrived, whatever the player holds:
        `pass` when the clock runs out, unless she plays a card first (which shows itself anyway). A pass
        chosen early waits for the clock (`answer_held`), so the other page cannot tell from when the answer
        comes whether she could have acted."""
        secs = self.answer_seconds()
        key = (id(self.session), len(self.game.log), self.game.decision.kind) if secs is not None else None
        if key == self.answer_key:
            return
        self.answer_key = key
        self.answer_held = False
        if key is not None:
            self.answer_due = time.monotonic() + secs
            self.spawn(self._answer_when_due(key, secs))

    def _arm_audit_clock(self) -> None:
        """Online without trust (net/trust.py): once the game is over, the other page has AUDIT_SECONDS to open
        its secrets; a page that does not counts as forfeiting."""
        s = self.session
        if s is None or s.private is None or not s.over or s.audit is not None:
            return
        if self.audit_armed is s:
            return
        self.audit_armed = s
        self.spawn(self._audit_when_due(s))

    async def _audit_when_due(self, s) -> None:
        await asyncio.sleep(self.audit_ms / 1000 if self.audit_ms is not None else AUDIT_SECONDS)
        if self.session is s and s.audit is None:
            s.forfeit_audit()
            self.render()

    async def _answer_when_due(self, key: tuple, secs: float) -> None:
        await asyncio.sleep(secs)
        if self.answer_key == key and self.answer_seconds() is not None:
            self.answer_key = None
            self.answer_held = False
            self._apply("pass")

    def apply(self, notation: str) -> None:
        """A person at this screen chose `notation` (a click): only when the decision is offered here."""
        if not self.offers_decision():
            return
        if notation == "pass" and self.answer_key is not None and self.answer_seconds() is not None:
            self.answer_held = True  # sent when the clock runs out (see _arm_answer_clock)
            self.render()
            return
        if self.tutorial is not None and notation not in self.tutorial.allowed(self.game):
            return
        if self._apply(notation):
            self.drive()  # the decision may have passed to the computer

    def hand_over(self) -> None:
        """A question asked aloud (see asked_aloud): its player takes the device to look at her hand first."""
        g = self.game
        if g is None or g.decision is None or not self.public_screen or not self.offers_decision():
            return
        self.public_screen = False
        self.pending_pass = g.decision.player
        self.undo_marks = []
        self.render()

    def continue_overlay(self) -> None:
        """The person dismissed the result shown (a battle's) or took the device: go on (the computer may move next)."""
        if self.pending_result:
            self.pending_result = None
        elif self.pending_pass is not None:
            self.shown_player = self.pending_pass
            self.pending_pass = None
            self.view = self.game.view(self.viewer())
        self.render()
        self.drive()

    def _apply(self, notation: str) -> bool:
        """Apply one move of whichever seat decides; the one path for people, the computer and peers."""
        g = self.game
        if g is None or g.decision is None:
            return False
        t0 = time.perf_counter()
        player = g.decision.player
        turn = g.turn
        prev_result = games.of(g).result_to_show(g)
        log_len = len(g.log)
        aloud = asked_aloud(g, g.decision)
        try:
            if self.session is not None:
                self.session.play(notation)  # sent to the peer; a secret pick waits for the reveal
                g = self.game = self.session.game
            else:
                g.apply(notation)
        except games.of(g).IllegalAction as e:
            self.show_error(str(e))
            return False
        self._after_change(prev_result)
        self._update_undo(player, turn, log_len, aloud)
        self.autosave()
        self.render()
        self.last_update_ms = (time.perf_counter() - t0) * 1000
        return True

    def _update_undo(self, player: int, turn: int, log_len: int, aloud: bool = False) -> None:
        """Undo marks: before each move of a person here, where an undo may return to.

        The engine says how far back that may be (`game.undo_floor`: no move since then showed anyone
        something hidden, drew on chance or made a secret choice). With two people here a mark never reaches
        back past the other's decision (the pass screen clears them); against the computer an undo steps
        back over the computer's replies too (the computer would choose the same again). A question asked
        aloud (Wildlands' interrupt windows and defences, answered at the screen as it is) keeps the asker's
        marks, and its answer sets none: it showed nothing, and an undo goes back to the asker's own moves."""
        g = self.game
        hotseat = needs_pass_screen(self.seats)
        asked = g.decision is not None and hotseat and asked_aloud(g, g.decision)
        if (g.is_over or g.decision is None or "position" in g.setup
                or (hotseat and not asked and (g.decision.player != player or g.turn != turn) and not aloud)
                or (hotseat and aloud and g.turn != turn)):
            self.undo_marks = []
            return
        self.undo_marks = [m for m in self.undo_marks if m >= g.undo_floor]
        if self.seats[player].local and log_len >= g.undo_floor and not (hotseat and aloud):
            self.undo_marks.append(log_len)

    def undo(self) -> None:
        if not self.can_undo():
            return
        target = self.undo_marks.pop()
        g = self.game
        try:
            ng = g.at(target)
        except Exception as e:  # should not happen: our own log replays
            self.show_error(_("Undo failed: {why}").format(why=e))
            self.undo_marks = []
            return
        self.game = ng
        self.view = ng.view(self.viewer())
        self.autosave()
        self.render()

    def _background(self, coro):
        """A task held until it ends (the loop keeps only weak references), whose failure is printed (for the
        console) rather than lost with it."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)

        def ended(t) -> None:
            self._tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                traceback.print_exception(t.exception())

        task.add_done_callback(ended)
        return task

    # ------------------------------------------------------------------ a friend far away (app/link.py)
    def link_begin(self, role: str, settings: dict, send, ice_servers: list | None = None, to_peer=None,
                   drop=None) -> None:
        """`to_peer(peer, text)` and `drop(peer)`: the host's page of three or four links one page a guest."""
        from .link import Link

        self.link = Link(role, settings, send, ice_servers, self.resume_offer)
        try:
            self.link.can_scan = bool(self.window.crystalclans_p2p.canScan())
        except Exception:
            self.link.can_scan = False
        if self.link.star and to_peer is not None:
            try:
                self.link.start_party(to_peer, drop)
            except ValueError as e:  # the start screen offers no invitation then; a stale settings' choice
                self.link.problem = _("This game cannot be played online: {why}").format(why=e)
        self.settings = settings
        self.clear_error()
        if not self._start_if_agreed():  # a saved game of three or four: the host's page goes on at once
            self.render()

    def on_link_state(self, state: str, peer: int = 0, players: int = 0) -> None:
        link = self.link
        if link is None:
            if self.relinking and state in ("listening", "norelay"):  # waiting in the room (p2p.watch)
                self.relink_relay = state
                self.render()
            return
        if link.party is not None:  # the host of three or four: one guest's page linked, lost or dropped
            if state == "open":
                link.party.opened(peer)
                if link.relay == "norelay" and link.party.session is None and link.party.free:
                    self.spawn(self._next_code_by_hand(link))
            elif state in ("closed", "dropped"):
                link.party.closed(peer)
            elif state in ("listening", "norelay"):
                link.relay = state
            if not self._start_if_agreed():
                self._render_keeping_fields("[data-link-input]")
            return
        if (state == "closed" and link.room and link.session is not None and not self.finished
                and (link.players == 2 or link.role == "guest") and self.relays_here()):
            # the other page went away (a reload, a lost connection): this page stays at its table and the
            # two link again by themselves in their room (seat 0's page invites, the others wait there)
            self.relink(by_itself=True)
            return
        if (state == "closed" and link.role == "guest" and link.players > 2 and link.room and link.session is not None
                and not self.finished):  # three or four: this page waits in the room and comes back by itself
            self.relink()
            return
        if state == "closed" and self.relinking and link.session is None and link.resume is not None:
            # a try at linking again failed (an offer of a page that went away meanwhile): try again
            self.link = None
            self._relink_next()
            return
        if state == "open" and link.handshake is None and link.resumer is None:
            link.opened()  # messages that came before this event are handled now: the game may be agreed
            self._start_if_agreed()
            self.render()
        elif state in ("listening", "relaying", "norelay", "met", "taken"):
            link.relay = state
            if state == "met":
                link.stage = "connecting"
            elif state == "taken" and players > 2:
                link.taken_by = players
                link.problem = _("This game already has {n} players: the link was for someone else, or it was "
                                 "opened twice. Ask your friend for a new invitation.").format(n=players)
            elif state == "taken":
                link.problem = _("This game already has two players: the link was for someone else, or it was "
                                 "opened twice. Ask your friend for a new invitation.")
            self._render_keeping_fields("[data-link-input]", "#name-1")
        elif state == "closed" and link.stage != "ended" and link.relay != "taken":
            link.problem = _("The link to the other player is lost. The game is saved here: re-link (one of you "
                             "invites again, the other joins) and it goes on where you both were.")
            self.render()

    async def _next_code_by_hand(self, link) -> None:
        """Three or four players and no relay: a guest's page linked by hand, so the host's page shows a new
        invitation (its own offer) for the next guest, whose reply is pasted as the first one was."""
        p2p = self.window.crystalclans_p2p
        try:
            code = str(await p2p.offerNext())
        except Exception as e:
            link.problem = _("Could not create an invitation: {why}").format(why=e)
            self._render_keeping_fields("[data-link-input]")
            return
        if self.link is not link or link.party is None or not link.party.free or link.party.session is not None:
            return
        link.code, link.url, link.qr, link.stage = code, str(p2p.inviteLink(code, link.game_name)), "", "inviting"
        self._render_keeping_fields()
        try:
            qr = str(await p2p.qr(link.url))
        except Exception:
            return  # the link and the code still work
        if self.link is link and link.code == code:
            link.qr = qr
            self._render_keeping_fields("[data-link-input]")

    def _render_keeping_fields(self, *selectors: str) -> None:
        """Render, keeping what the player typed or pasted into these fields (a relay's news may come while
        she is pasting a code by hand)."""
        doc = self.document
        kept = {}
        for sel in selectors:
            el = doc.querySelector(sel)
            if el:  # (null in the page is JsNull, not None)
                kept[sel] = str(el.value)
        self.render()
        for sel, value in kept.items():
            el = doc.querySelector(sel)
            if el and not str(el.value):
                el.value = value

    def _start_if_agreed(self) -> bool:
        """The link's game, once both pages agree on it (a new deal, or where to resume), goes on the table."""
        link = self.link
        g = link.ready_game() if link is not None else None
        if g is None:
            return False
        self.install(g, [n[:24] for n in link.names()], link.seats())
        if link.party is not None:  # offers to guests' pages coming back name this game
            from .net.resume import game_id

            try:
                self.window.crystalclans_p2p.setTag(game_id(g))
            except Exception:
                pass
        self.clear_error()
        self.render()
        return True

    def offer_resume(self, game, names, seat: int, room: str = "", key: str = "", keys=None, trust=None) -> None:
        """The start screen offers to go on with this online game over a new link (either player invites).
        A game linked through relays waits there for the other page's new invitation: when it comes, this
        page joins it by itself (main.py's offer handler)."""
        from .link import SavedOnline

        self.resume_offer = SavedOnline(game, seat, names, room, key, keys, trust)
        self.relinking = False
        self.link = None
        self.screen = "start"
        self.settings = dict(self.settings, game=games.of(game).name)  # the start screen speaks of that game
        self.clear_error()
        self.render()
        self.watch_for_invitation()

    def watch_for_invitation(self) -> None:
        """Listen in the saved online game's room for the other page's invitation (nothing without a room)."""
        r = self.resume_offer
        if r is not None and r.room and self.link is None:
            from .net.resume import game_id

            knock = game_id(r.game) if r.players > 2 and not r.hosted else ""  # asks the host's page for an offer
            try:
                self.window.crystalclans_p2p.watch(r.room, knock)
            except Exception:
                pass  # no relays here: the codes go by hand

    def relink(self, by_itself: bool = False) -> None:
        """The link of the online game on the table is lost: go on over a new one (`by_itself`: through the
        relays, at the table; else from the start screen's offer)."""
        if self.link is not None and self.game is not None:
            kept = self.link.saved()
            if by_itself:
                from .link import SavedOnline

                me, room = self.link.me, self.link.room
                self.link = None
                self.relink_by_itself(SavedOnline(self.game, me, self.names, room, kept.get("key", ""),
                                                  kept.get("keys"), kept.get("trust")))
                return
            self.offer_resume(self.game, self.names, self.link.me, self.link.room, kept.get("key", ""),
                              kept.get("keys"), kept.get("trust"))

    def relays_here(self) -> bool:
        """This page meets other pages through relays (its ?relay=…, else the public ones unless turned off)."""
        from .link import relays_here

        return relays_here(str(self.window.location.search), self.storage.public_help()["relays"])

    async def back_to_online_game(self) -> bool:
        """After a reload: an unfinished online game played over relays goes back on its table by itself and
        re-links (no "Continue" to find on the start screen, issue 50). False if there is none here."""
        meta = self.storage.autosave_meta() or {}
        online = meta.get("online")
        text = self.storage.autosave_text()
        if (not isinstance(online, dict) or not online.get("room") or meta.get("over") is True or not text
                or not self.relays_here() or self.link is not None or self.game is not None):
            return False
        default = games.get(games.DEFAULT)
        try:  # (quietly: a save that does not load is the start screen's to say, on its Continue)
            doc = default.check_save_text(text)
            await self.ensure_pydantic()
            game = games.for_save(doc).Game.from_json(doc)
        except Exception:
            return False
        seat = online.get("seat")
        if (self.link is not None or self.game is not None or game.is_over or type(seat) is not int
                or not 0 <= seat < game.n):
            return False
        self.open_loaded(game, doc, meta.get("names"), meta.get("seats"), online)
        return self.relinking

    def relink_by_itself(self, saved) -> None:
        """The saved online game `saved` (app.link.SavedOnline) on its table while its pages link again
        through the relays of its room, nothing done by hand: the page of seat 0 (the original host's) invites
        there again, and every other page waits there and joins the invitation by itself. One inviter whatever
        happened (a reload of either page, of both, a lost connection): two pages that both invited would
        wait for each other for ever. Nothing is played until the link is back (offers_decision)."""
        from .seats import REMOTE

        g = saved.game
        self.tutorial = None
        self.resume_offer = saved
        self.relinking = True
        self.relink_relay = ""
        self.game = g
        self.names = list(saved.names)
        self.seats = tuple(Seat(HUMAN if i == saved.seat else REMOTE) for i in range(saved.players))
        self.settings = dict(self.settings, game=games.of(g).name)
        self._table_for(g)
        self.render()
        self._relink_next()

    def _relink_next(self) -> None:
        """The next step of re-linking by itself: seat 0's page invites (main.py), the others wait in the room."""
        r = self.resume_offer
        if not self.relinking or r is None or self.link is not None:
            return
        if r.seat != 0:
            self.watch_for_invitation()
        elif self.invite_again is not None:
            self.invite_again()
        self.render()

    def relink_by_hand(self) -> None:
        """The re-linking table's way to the codes (no relay reached, or the player prefers): the start screen's
        online panel, with the invitation in hand or the saved game's offer to invite or join."""
        self.relinking = False
        self.screen = "start"
        self.modal = None
        self.render()

    def play_saved_here(self) -> None:
        """Go on with a saved online game at this screen only (every side played here)."""
        r = self.resume_offer
        if r is not None:
            try:  # no link comes for it any more: this page leaves the room, or the invitation it holds
                self.window.crystalclans_p2p.close()
            except Exception:
                pass
            self.link = None
            self.install(r.game, r.names, ["human"] * r.players)
            self.render()

    def resign(self) -> None:
        """Online: give the game up (the other player wins on both pages)."""
        s = self.session
        self.modal = None
        if s is not None and not s.over:
            s.resign()
            self.autosave()
        self.render()

    def offer_end(self) -> None:
        """Online: offer to end the game without a winner; it ends once the other player offers it too."""
        s = self.session
        self.modal = None
        if s is not None and not s.over:
            s.offer_end()
            self.autosave()
        self.render()

    def ask_rematch(self) -> None:
        """Online: another game with the same clans, once both players ask (a new joint seed)."""
        s = self.session
        if s is None:
            return
        if s.ask_rematch():
            self._begin_rematch()
        else:
            self.render()

    def _begin_rematch(self) -> None:
        self.link.rematch()
        self.screen = "start"
        self.render()

    def on_peer_message(self, text: str, peer: int = 0) -> None:
        """A message from the other page (`peer`: which guest's, on the host's page of three or four).
        Messages are checked with pydantic, which loads in the background after the page is ready: until it
        is there (a quick player), they wait in order."""
        if not self.pydantic_ready or self._peer_backlog:
            self._peer_backlog.append((text, peer))
            if not self._draining:
                self._draining = True
                self.spawn(self._drain_peer_backlog())
            return
        self._handle_peer_message(text, peer)

    async def _drain_peer_backlog(self) -> None:
        try:
            try:
                await self.ensure_pydantic()
            except Exception as e:  # the wheels could not load: say so rather than drop messages silently
                self._peer_backlog = []
                self.show_error(_("Could not check the other page's messages ({why}); reload the page and "
                                  "re-link.").format(why=e))
                return
            while self._peer_backlog:
                self._handle_peer_message(*self._peer_backlog.pop(0))
        finally:
            self._draining = False

    def _handle_peer_message(self, text: str, peer: int = 0) -> None:
        """One message, whatever happens: a bug in its handling is shown (and printed for the console), and
        the messages after it are still handled."""
        try:
            if self.link is not None and self.link.party is not None:
                self._on_guest_message(text, peer)
            else:
                self._on_peer_message(text)
        except Exception as e:
            traceback.print_exc()
            self.show_error(_("A message from the other page could not be handled ({why}).").format(
                why=f"{type(e).__name__}: {e}"))

    def _on_peer_message(self, text: str) -> None:
        link = self.link
        if link is None:
            return
        if link.session is None:
            reason = link.receive_before_game(text)
            if reason:
                self.show_error(reason)
            if link.relay == "taken" and link.stage == "answering":  # (a game of three or four under way)
                try:
                    self.window.crystalclans_p2p.close()  # its place goes back to the host's page
                except Exception:
                    pass
                self.render()
                return
            if not self._start_if_agreed() and link.resumer is not None:
                self.render()  # e.g. the two saved games differ: say so, offer the resync
            return
        g = self.game
        prev_result = games.of(g).result_to_show(g) if g is not None else None
        was_desync = link.session.desync
        reason = link.session.receive(text)
        if reason:
            self.show_error(reason + (" " + link.session.desync if link.session.desync else ""))
        elif link.session.notice:  # the other page refused a move of this page's as a lie
            self.show_error(link.session.notice)
            link.session.notice = ""
        elif link.session.rematch_agreed:
            self._begin_rematch()
            return
        if link.session.game is not g or reason is None or link.session.desync != was_desync:
            self.game = link.session.game
            self._after_change(prev_result)
            self.autosave()
            self.render()

    def _on_guest_message(self, text: str, peer: int) -> None:
        """The host's page of three or four: a guest's page's message, through its star (net/party.py)."""
        link = self.link
        g = self.game
        prev_result = games.of(g).result_to_show(g) if g is not None and link.session is not None else None
        reason = link.party.receive(peer, text)
        if reason:
            self.show_error(reason)
        if self._start_if_agreed():
            return
        s = link.session
        if s is None:  # still gathering: who has a seat so far
            self._render_keeping_fields("[data-link-input]")
            return
        if reason is None and s.rematch_agreed:
            self._begin_rematch()
            return
        if s.game is not g or reason is None:
            self.game = s.game
            self._after_change(prev_result)
            self.autosave()
            self.render()

    # ------------------------------------------------------------------ the computer's seats
    def play_on_with_people(self) -> None:
        """The computer cannot play here (no worker): people take over its seats (hotseat)."""
        self.seats = tuple(Seat(HUMAN) if s.computer else s for s in self.seats)
        self.computer_failure = ""
        self.clear_error()
        self._after_change(games.of(self.game).result_to_show(self.game) if self.game else None)
        self.autosave()
        self.render()

    def drive(self) -> None:
        """If a computer seat must decide, let it think (in its worker) and move, one move at a time."""
        if not self._driving and self._computer_to_move():
            self.spawn(self._computer_moves())

    def _computer_to_move(self) -> bool:
        g = self.game
        return (g is not None and g.decision is not None and self.seats[g.decision.player].computer
                and not self.overlay_pending() and self.screen == "game"
                and (self.tutorial is None or self.tutorial.their_move(g) is not None))

    async def _computer_moves(self) -> None:
        self._driving = True
        try:
            while self._computer_to_move():
                g = self.game
                player = g.decision.player
                log_len = len(g.log)
                self.thinking = player
                self.render()
                t0 = time.perf_counter()
                only = games.of(g).useful(g.decision.options)
                if self.tutorial is not None:  # the tutorial's scripted reply
                    reply = {"action": self.tutorial.their_move(g)}
                elif len(only) == 1:  # nothing to think about: no round trip to the worker
                    reply = {"action": str(only[0])}
                else:
                    reply = await self.computer.choose(g, player, self.seats[player].level)
                    if self.game is not g or len(g.log) != log_len:  # a new game, undo or load meanwhile
                        continue
                    if "error" in reply:
                        self.thinking = None
                        self.computer_failure = str(reply["error"])  # the waiting bar says so and offers people
                        self.render()
                        return
                    self.think_ms.append(float(reply.get("ms", 0)))
                wait = self.pace_ms / 1000 - (time.perf_counter() - t0)
                if wait > 0:
                    await asyncio.sleep(wait)
                if self.game is not g or len(g.log) != log_len:
                    continue
                self.thinking = None
                if not self._apply(reply["action"]):
                    return
        finally:
            self._driving = False
            if self.thinking is not None:
                self.thinking = None
                self.render()

    def _kept_game(self):
        """What a save keeps: online without trust, once the audit found the game honest, the whole game it
        replayed (both hands and draw piles, now public); else the game as this page holds it."""
        s = self.session
        a = s.audit if s is not None else None
        if a is not None and a.verdict == "honest" and a.game is not None and s.game is self.game:
            return a.game
        return self.game

    def autosave(self) -> None:
        if self.game is None or self.tutorial is not None:  # the tutorial never replaces the player's game
            return
        if self.relinking and self.session is None:  # the saved online game as it was (its link kept in the save)
            return
        meta = {"names": self.names, "seats": [s.code for s in self.seats], "summary": self.summary(),
                "saved_at": time.time(), "over": self.finished}
        if self.session is not None:  # an online game: a reloaded page offers to re-link and go on
            meta["online"] = {"seat": self.session.me}
            if self.link is not None and self.link.room:
                meta["online"]["room"] = self.link.room
            if self.link is not None:
                meta["online"].update(self.link.saved())  # three or four players: the keys to come back
        kept = self._kept_game()
        if not self.storage.autosave(games.of(kept).save_text(kept, self.names), meta):
            self.show_error(_(self.storage.problem))  # and render.storage_notice keeps saying it
        self.autosave_meta = meta

    def export(self) -> "tuple[str, str] | None":
        """What Export downloads now: (the file's name, which names the game, and the save's text, which Import
        reads back to the same game), or None without a game."""
        if self.game is None:
            return None
        kept = self._kept_game()
        module = games.of(kept)
        return games.export_file_name(module.name), module.save_text(kept, self.names)

    # ------------------------------------------------------------------ loading saves (pydantic, lazily)
    async def ensure_pydantic(self) -> None:
        if self.pydantic_ready:
            return
        try:
            import pyodide_js  # the Pyodide JS API: loadPackage resolves pydantic from the vendored lock
        except ImportError:  # CPython (tests, tools): pydantic is an ordinary dependency
            self.pydantic_ready = True
            return
        await pyodide_js.loadPackage("pydantic")
        self.pydantic_ready = True

    def preload_pydantic(self) -> None:
        """Fetch + install the pydantic wheels in the background after ready (no import)."""
        if self._pydantic_task is None:
            self._pydantic_task = asyncio.ensure_future(self._preload())

    async def _preload(self):
        try:
            await self.ensure_pydantic()
        except Exception:
            pass

    async def load_text(self, text: str, names=None, source: str = "", seats=None, online=None,
                        ask: bool = False) -> bool:
        """Load a save's text as the current game. With `ask`, a save that loads but would replace an
        unfinished autosaved game waits for the player's yes (an import); a bad one is refused at once."""
        loaded = await self.parse_save(text, source)
        if loaded is None:
            return False
        if ask:
            self.ask_before_replacing("import", lambda: self.open_loaded(*loaded, names, seats, online))
        else:
            self.open_loaded(*loaded, names, seats, online)
        return True

    async def parse_save(self, text: str, source: str):
        """(game, parsed JSON) of a save that loads, else None with the reason shown; nothing changes."""
        default = games.get(games.DEFAULT)
        try:  # the cheap checks first (size, nesting, numbers): a hostile file is refused before any deep work
            doc = default.check_save_text(text)
        except default.SaveError as e:
            self.show_error(_("Could not load the {what}: {why}").format(what=source or _("save"), why=reason(e)))
            return None
        self.busy = _("Loading the {what}…").format(what=source or _("save"))
        self.render()
        try:
            await self.ensure_pydantic()
            game = games.for_save(doc).Game.from_json(doc)
        except Exception as e:  # SaveError, or anything else: it still must not corrupt the current state
            self.busy = ""
            self.show_error(_("Could not load the {what}: {why}").format(what=source or _("save"), why=reason(e)))
            self.render()
            return None
        self.busy = ""
        return game, doc

    def open_loaded(self, game, doc, names=None, seats=None, online=None) -> None:
        if not names or len(names) != game.n:
            module = games.of(game)
            names = module.save_names(doc) or module.default_names(self.words, game)
        names = [str(n)[:24] for n in names]
        seat = online.get("seat") if isinstance(online, dict) else None
        if type(seat) is int and 0 <= seat < game.n and not game.is_over:
            from .link import SavedOnline

            saved = SavedOnline(game, seat, names, str(online.get("room") or ""), str(online.get("key") or ""),
                                online.get("keys"), online.get("trust"))
            if saved.room and self.relays_here():  # back to its table: the pages link again by themselves
                self.relink_by_itself(saved)
            else:  # linked by hand, or no relay here: the start screen offers to re-link with codes
                self.offer_resume(game, names, seat, saved.room, saved.key, saved.keys, online.get("trust"))
            return
        self.install(game, names, seats)
        self.clear_error()
        self.render()
        self.drive()

    async def continue_game(self) -> None:
        text = self.storage.autosave_text()
        if text is None:
            self.show_error(_("There is no autosaved game."))
            return
        meta = self.storage.autosave_meta() or {}
        g = self.game
        if g is not None and games.of(g).save_text(g, self.names) == text:  # still in memory: no need to replay
            self.screen = "game"
            self.shown_player = None
            self.clear_error()
            self._after_change(games.of(g).result_to_show(g))
            self.render()
            self.drive()
            return
        await self.load_text(text, meta.get("names"), _("autosaved game"), meta.get("seats"), meta.get("online"))

    async def load_slot(self, name: str) -> None:
        slot = self.storage.slot(name)
        if not slot:
            self.show_error(_("There is no saved game called “{name}”.").format(name=name))
            return
        await self.load_text(slot["save"], slot.get("names"), _("save “{name}”").format(name=name), slot.get("seats"))

    def save_slot(self, name: str) -> None:
        name = (name or "").strip()[:40] or self.default_slot_name()
        if self.game is None:
            return
        meta = {"names": self.names, "seats": [s.code for s in self.seats], "summary": self.summary()}
        kept = self._kept_game()
        if self.storage.save_slot(name, games.of(kept).save_text(kept, self.names), meta):
            self.flash(_("Saved as “{name}”.").format(name=name))
        else:
            self.show_error(_(self.storage.problem))

    # ------------------------------------------------------------------ messages
    def show_error(self, msg: str) -> None:
        el = self.document.getElementById("error")
        el.textContent = msg
        el.className = "error"
        el.hidden = False

    def flash(self, msg: str) -> None:
        el = self.document.getElementById("error")
        el.textContent = msg
        el.className = "error info"
        el.hidden = False

    def clear_error(self) -> None:
        el = self.document.getElementById("error")
        el.hidden = True
        el.textContent = ""

    # ------------------------------------------------------------------ rendering
    def set_language(self, lang: str) -> None:
        """Word everything in `lang` from now on (the game goes on); remembered in this browser."""
        lang = use(lang)
        self.words = games.words(lang)
        self.storage.set_language(lang)
        root = getattr(self.document, "documentElement", None)
        if root is not None:
            root.lang = lang
        reword = getattr(self.window, "crystalclans_topbar_words", None)  # index.html words the theme switch
        if reword:
            reword()
        self.render()

    def render(self) -> None:
        doc = self.document
        active = doc.activeElement
        focus_sel = None
        if active and str(active.tagName) != "BODY":
            for attr in ("data-action", "data-cmd", "id"):
                v = active.getAttribute(attr) if hasattr(active, "getAttribute") else None
                if v:
                    focus_sel = f'[{attr}="{v}"]'
                    break
        app_el = doc.getElementById("app")
        # the rules hide nothing: they open over any screen (other dialogs are chosen below)
        modal = render.rules_modal(self, *self.modal[1:]) if self.modal and self.modal[0] == "rules" else ""
        if self.screen == "start" or self.game is None:
            self.autosave_meta = self.storage.autosave_meta()
            app_el.innerHTML = render.start_screen(self)
            doc.getElementById("topnav").innerHTML = render.menu_html(self)
            doc.body.dataset.screen = "start"
            if self.modal and self.modal[0] == "confirm":
                modal = render.confirm_modal(*self.modal[1:])
        elif self.replay is not None:
            self.fx = None
            app_el.innerHTML = render.replay_screen(self)
            doc.getElementById("topnav").innerHTML = render.menu_html(self)
            doc.body.dataset.screen = "replay"
            if self.modal and self.modal[0] == "card":
                modal = games.of(self.game).card_details(self, self.modal[1])
            elif self.modal and self.modal[0] == "discard":
                modal = games.of(self.game).dialog(self, self.modal, self.replay.view())
        else:
            # animate what happened since the table was last seen (kept while a screen hides the table)
            self.fx = (None if self.overlay_pending() or self.modal
                       else games.of(self.game).effects(self.fx_feed, self.game))
            app_el.innerHTML = table.table_screen(self)
            doc.getElementById("topnav").innerHTML = render.menu_html(self)
            doc.body.dataset.screen = "game"
            # a question about the whole game (replace it? resign?) opens over a pass screen too: it shows
            # nothing private, and an import or a new game asked for there must answer at once
            if self.modal and self.modal[0] == "confirm":
                modal = render.confirm_modal(*self.modal[1:])
            elif self.modal and self.modal[0] == "resign":
                modal = render.resign_modal(self)
            elif self.modal and not self.overlay_pending():
                if self.modal[0] == "card":
                    modal = games.of(self.game).card_details(self, self.modal[1])
                elif self.modal[0] == "discard":
                    modal = games.of(self.game).dialog(self, self.modal)
        if self.modal and self.modal[0] == "card" and self.screen == "start":
            modal = render.rules_game(self).card_details(self, self.modal[1])
        on_table = self.game if self.screen != "start" and self.game is not None else None
        title = games.of(on_table).title if on_table is not None else APP_TITLE  # the game being played
        heading = doc.querySelector("h1.title")
        if heading is not None and heading.textContent != title:
            heading.textContent = title
            doc.title = title
        shell.tell(self)  # whose turn, for the tab's title and the sounds (web/js/shell.js)
        if modal and modal == self._modal_html:
            return  # the same dialog is open: keep what the player did in it (scroll, search, focus)
        doc.getElementById("modal").innerHTML = modal
        self._modal_html = modal
        self._restore_focus(focus_sel)
        if self.modal and self.modal[0] == "rules" and len(self.modal) > 1:  # opened at one entry
            entry = doc.getElementById("rules-" + self.modal[1])
            if entry:
                entry.scrollIntoView()
                entry.focus()

    def _restore_focus(self, sel) -> None:
        doc = self.document
        target = None
        if self.modal:
            target = doc.querySelector("#modal .close") or doc.querySelector("#modal [data-autofocus]") or None
        if not target:
            target = doc.querySelector("[data-autofocus]")
        if not target and sel:
            try:
                target = doc.querySelector(sel) or None
            except Exception:
                target = None
        ae = doc.activeElement
        if not target and (sel or not ae or str(ae.tagName) == "BODY" or not ae.isConnected):
            target = doc.querySelector(".action-bar .actions button")
        if target:
            try:
                target.focus(self.to_js({"preventScroll": True}) if self.to_js else None)
            except Exception:
                pass


def url_int(query: str, name: str, default=None):
    """The whole-number parameter `name` of a URL query string ("?seed=42&x=1"), else `default`."""
    for part in query.lstrip("?").split("&"):
        key, _sep, value = part.partition("=")
        if key == name and value.isascii() and value.isdigit() and len(value) <= 18:
            return int(value) % (1 << 31)
    return default


def url_game(query: str) -> str:
    """The game an invitation link names (`?game=tashkalar`), if it is one we have, else ""."""
    m = re.search(r"(?:^\?|&)game=([a-z]{1,20})(?:&|$)", query)
    return m.group(1) if m and m.group(1) in games.REGISTRY else ""


def url_seed(query: str) -> int | None:
    """The seed=N parameter of a URL query string, or None."""
    return url_int(query, "seed")


def default_names(words, game) -> list:
    return games.of(game).default_names(words, game)
