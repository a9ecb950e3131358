"""Playing a friend far away: the link's state on this page, from "invite" or "join" to a game in lockstep.

The page's JS module (web/js/p2p.js) owns the WebRTC connection; this class sees only text going out
(`send`) and coming in (`receive`). Before the game the messages belong to the handshake (hello, the joint
seed, the host's setup), then to the lockstep session. The App (controller.py) asks it what to show.

Three or four players: the host's page links one page a guest (`to_peer(peer, text)`, `drop(peer)`), and its
star (net/party.py) seats them, makes the seed with all and orders the game; a guest's page links to the
host's alone, as with two, and learns its seat from the host's hello.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from . import games
from .i18n import _
from .net.handshake import Handshake, seats_of
from .net.party import Party
from .net.resume import Resume, game_id
from .net.trust import Secrets
from .net.session import Session


MAX_ICE_SERVERS = 6
# used unless the player turns them off: they tell each page its public address (nothing of the game)
PUBLIC_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
_ICE_URL = re.compile(r"(stuns?|turns?):[A-Za-z0-9.\-\[\]:]+(\?transport=(udp|tcp))?")


def parse_ice_servers(text: str) -> tuple[list[dict], list[str]]:
    """The settings field's STUN/TURN servers, one a line: `stun:host:port`, or `turn:host:port user password`.
    Returns (servers for RTCPeerConnection, problems a player can act on). Nothing is needed on one network."""
    servers: list[dict] = []
    problems: list[str] = []
    for n, line in enumerate(str(text or "").splitlines()[:50], 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        url = words[0]
        if not _ICE_URL.fullmatch(url) or len(url) > 200:
            problems.append(_("line {n}: {url} is not a STUN or TURN address (like stun:stun.example.org:3478)").format(
                n=n, url=repr(url[:60])))
            continue
        turn = url.startswith("turn")
        if turn and len(words) != 3:
            problems.append(_("line {n}: a TURN server needs a user name and a password after its address").format(n=n))
            continue
        if not turn and len(words) != 1:
            problems.append(_("line {n}: a STUN server takes only its address").format(n=n))
            continue
        if len(servers) == MAX_ICE_SERVERS:
            problems.append(_("line {n}: at most {max} servers").format(n=n, max=MAX_ICE_SERVERS))
            break
        entry = {"urls": url}
        if turn:
            entry |= {"username": words[1][:200], "credential": words[2][:200]}
        servers.append(entry)
    return servers, problems


ROOM_SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")


def room_secret(code: str) -> str:
    """The relays' room secret an invitation carries after its code ("CC1….<secret>", web/js/p2p.js), or ""."""
    text = str(code or "").strip().rsplit("#", 1)[-1]
    secret = text.split(".", 1)[1] if "." in text else ""
    return secret if ROOM_SECRET.fullmatch(secret) else ""


def ice_servers_for(text: str, public_stun: bool) -> tuple[list[dict], list[str]]:
    """The STUN/TURN servers a link uses: the player's lines, then the public STUN servers unless turned off."""
    servers, problems = parse_ice_servers(text)
    if public_stun:
        servers += [{"urls": u} for u in PUBLIC_STUN if all(s["urls"] != u for s in servers)]
    return servers, problems


_RELAY_URL = re.compile(r"((nostr|mqtt)\+)?wss?://\S+")


def relays_here(query: str, public_relays: bool) -> bool:
    """Whether this page meets other pages through relays (as web/js/relay.js `relays()` decides): the page's
    own `?relay=…` (none with `?relay=none`), else the public ones unless the player turned them off. Where it
    does, a saved online game's pages link again by themselves after a reload (App.relink_by_itself)."""
    from urllib.parse import parse_qsl

    asked = [re.sub(r"^(nostr|mqtt) ", r"\1+", v.strip())  # a "+" typed into the address bar reads as a space
             for k, v in parse_qsl(str(query or "").lstrip("?"), keep_blank_values=True) if k == "relay"]
    asked = [r for r in asked if r == "none" or _RELAY_URL.fullmatch(r)]
    if "none" in asked:
        return False
    return bool(asked) or bool(public_relays)


KEY = re.compile(r"[0-9a-f]{32}")


class SavedOnline:
    """An online game saved on this page, to go on with over a new link (`room`: the relays' room secret
    of the link it was played over, where the pages meet again; "" if it was linked by hand). Three or
    four players: a guest's page keeps its seat's `key` (it shows the host's page the seat is its), the
    host's page every guest's (`keys`)."""

    def __init__(self, game: Any, seat: int, names: list[str], room: str = "", key: str = "",
                 keys: "list[str] | None" = None, trust: Any = None):
        """`trust`: Crystal Clans of two without trust, this page's salt and both commitments
        (net/trust.Secrets.to_json); the private seed itself is the one-sided game's."""
        self.game = game
        self.private = Secrets.restore(trust, game, seat)
        self.seat = seat
        self.names = list(names)
        self.room = room if ROOM_SECRET.fullmatch(str(room or "")) else ""
        self.key = key if KEY.fullmatch(str(key or "")) else ""
        ok = isinstance(keys, list) and len(keys) == self.players and all(KEY.fullmatch(str(k)) for k in keys[1:])
        self.keys = [""] + list(keys[1:]) if ok else None

    @property
    def players(self) -> int:
        return int(self.game.n)

    @property
    def hosted(self) -> bool:
        """Three or four players: this page ordered the game (seat 0), and invites the others again."""
        return self.players > 2 and self.seat == 0


class Link:
    def __init__(self, role: str, settings: dict, send: Callable[[str], None], ice_servers: list | None = None,
                 resume: "SavedOnline | None" = None):
        self.role = role  # "host" or "guest"
        self.settings = settings  # the start screen's fields when the link began
        self.send = send
        self.ice_servers = ice_servers or []  # STUN/TURN from the settings; none on one network
        self.code = ""  # the code this page shows (the invitation, or the reply)
        self.url = ""  # the invitation as a link (the code in its #fragment)
        self.qr = ""  # the invitation link as an SVG QR code
        self.invited = ""  # the code this page was opened with (an invitation link), to join with
        self.resume = resume  # going on with a saved online game (after a reload or a lost link)
        self.can_scan = False  # this browser has a camera and BarcodeDetector
        self.scanning = False
        self.resumer: Resume | None = None
        self.stage = "creating" if role == "host" else "pasting"
        self.problem = ""
        # how the reply travels (web/js/relay.js): "" not known yet, "listening"/"relaying" through a relay,
        # "norelay" by hand, "met" a reply came through a relay, "taken" the host linked another page
        self.relay = ""
        self.room = resume.room if resume is not None else ""  # the relays' room secret of this link, if any
        self.handshake: Handshake | None = None
        self.session: Session | None = None
        self.early: list[str] = []  # messages that arrived before the channel's open event here
        self.party: Party | None = None  # three or four players, the host's page: its star (net/party.py)
        self.taken_by = 0  # a page told the game has its players: how many

    @property
    def me(self) -> int:
        if self.resume is not None:
            return self.resume.seat
        if self.role == "host":
            return 0
        hs = self.handshake
        return hs.seat if hs is not None and hs.players > 2 else 1

    @property
    def players(self) -> int:
        """How many play: the saved game's, the host's choice, or (a guest's page) what the host's hello said."""
        if self.resume is not None:
            return self.resume.players
        if self.role == "guest":
            return self.handshake.players if self.handshake is not None else 2
        try:
            return seats_of(self.game_name, games.get(self.game_name).link_options(self.options()))
        except (ValueError, KeyError, TypeError):
            return 2

    @property
    def star(self) -> bool:
        """The host's page of three or four (one link a guest; net/party.py)."""
        return self.role == "host" and self.players > 2

    def start_party(self, to_peer: Callable[[int, str], None], drop: Callable[[int], None]) -> None:
        """The host of three or four: its star, gathering guests for a new game or waiting for them to come
        back to the saved one (whose game goes on the table at once). ValueError: options it cannot play."""
        r = self.resume
        if r is not None:
            self.party = Party(self.game_name, self.my_name, self.players, {}, to_peer, drop, game=r.game,
                               names=r.names, keys=r.keys)
        else:
            self.party = Party(self.game_name, self.my_name, self.players, self.options(), to_peer, drop)

    def saved(self) -> dict:
        """What an autosave keeps of this link besides the seat and the room: three or four players' keys."""
        if self.players <= 2:
            s = self.session.private if self.session is not None else None
            if s is None and self.resume is not None:
                s = self.resume.private
            return {"trust": s.to_json()} if s is not None else {}
        if self.party is not None:
            return {"keys": list(self.party.keys)}
        key = self.resume.key if self.resume is not None else (self.handshake.key if self.handshake else "")
        return {"key": key} if key else {}

    @property
    def tag(self) -> str:
        """What the invitation says it is for: the saved game's id, or "" for a new game."""
        return game_id(self.resume.game) if self.resume is not None else ""

    @property
    def game_name(self) -> str:
        """Which game the host invites to (its start screen's choice, or the resumed game's)."""
        if self.resume is not None:
            return games.of(self.resume.game).name
        return str(self.settings.get("game") or games.DEFAULT)

    def options(self) -> dict:
        """The host's options for the game (its start screen's, or, for a rematch of a resumed game, that
        game's)."""
        module = games.get(self.game_name)
        return dict(self.settings["options"]) if "options" in self.settings else module.options_from_settings(
            self.settings)

    @property
    def my_name(self) -> str:
        i = self.me if self.resume is not None else (0 if self.role == "host" else 1)  # (the join panel's name-1)
        names = list(self.settings.get("names") or [])
        if self.resume is not None and i >= len(names):  # three or four: the saved game's name of this seat
            names = self.resume.names
        return str(names[i] if i < len(names) else "")[:24] or ("Host" if self.role == "host" else "Guest")

    def opened(self, rematch: bool = False) -> None:
        """The channel is open here. The host speaks first; a new link's guest waits for the host's first
        message before it says anything: a message from the guest can reach the host before the host's own
        open event and be lost there (a CI run: the host's page never got the guest's hello and seed
        commitment, though they were handled from the channel's creation, then refused its reveal). A
        rematch goes over a channel open at both ends."""
        self.stage = "agreeing"
        if self.role == "guest" and not rematch and not self.early:
            return
        self._speak()

    def _speak(self) -> None:
        if self.resume is not None:
            self.resumer = Resume(self.resume.game, self.me, self.role == "host", self.send, key=self.resume.key,
                                  private=self.resume.private)
            self.resumer.start()
        else:
            self.handshake = Handshake(self.role, self.my_name, self.game_name, self.send)
            self.handshake.start()
        early, self.early = self.early, []
        for text in early:
            self.receive_before_game(text)

    def receive_before_game(self, text: str) -> str | None:
        """A message before the game: returns a reason if refused."""
        if self.resumer is not None:
            return self.resumer.receive(text)
        if self.handshake is None:
            self.early.append(text)
            if self.stage == "agreeing":  # the open guest has heard the host: now it speaks
                self._speak()
            return None
        hs = self.handshake
        reason = hs.receive(text)
        if hs.under_way and self.relay != "taken":  # a new page, and every seat of the game has its player
            self.relay, self.stage = "taken", "answering"
            self.problem = _("This game is already under way with all its players: the link was for someone else, "
                             "or it was opened twice. Ask your friend for a new invitation.")
            return None
        if reason is None and self.role == "host" and hs.seed is not None and hs.their_name and hs.setup is None:
            try:
                hs.host_setup(self.options(), [self.my_name, hs.their_name], guest_seat=1)
            except ValueError as e:  # the start screen offers no invitation then; a stale settings' choice
                reason = _("This game cannot be played online: {why}").format(why=e)
                self.problem = reason
        return reason

    def ready_game(self) -> Any:
        """The agreed game, once the seed and the setup are settled (both pages build the same one)."""
        p = self.party
        if p is not None:  # the host of three or four: its star's game (dealt, or a rematch dealt anew)
            if p.session is None or p.session is self.session:
                return None
            self.session = p.session
            self.stage = "playing"
            return p.session.game
        r = self.resumer
        if self.session is None and r is not None and r.session is not None:
            self.session = r.session
            self.stage = "playing"
            return r.session.game
        hs = self.handshake
        if self.session is None and hs is not None and hs.seed is not None and hs.setup is not None:
            g = hs.game()
            self.session = Session(g, self.me if hs.players == 2 else hs.setup["guest_seat"], self.send,
                                   private=hs.private)
            self.stage = "playing"
            return g
        return None

    def rematch(self) -> None:
        """Both asked for a rematch: agree on a new seed over the same link (same clans, first player). With
        three or four, the host's star gathers again over the same links; a guest's page waits for its hello."""
        if self.party is not None:
            self.session = None
            self.stage = "agreeing"
            self.party.rematch()
            return
        if self.resume is not None and self.players > 2:  # a guest's page of a resumed game: a new game now
            self.settings = {**self.settings, "names": ["", self.resume.names[self.me]]}
            self.resume = None
            self.resumer = None
        if self.resume is not None:  # a resumed game's rematch: the host's seat and names as they were
            names = self.resume.names
            game = self.resume.game
            self.settings = {**self.settings, "names": list(names),  # seat order: the guest's is names[1] too
                             "game": games.of(game).name, "options": games.of(game).options_of(game)}
            self.role = "host" if self.me == 0 else "guest"
            self.resume = None
            self.resumer = None
        self.session = None
        self.stage = "agreeing"
        self.handshake = None
        self.opened(rematch=True)

    def names(self) -> list[str]:
        if self.party is not None:
            return list(self.party.names)
        if self.resume is not None:
            return list(self.resume.names)
        return list(self.handshake.setup["names"]) if self.handshake and self.handshake.setup else ["", ""]

    def seats(self) -> list[str]:
        return ["human" if i == self.me else "remote" for i in range(self.players)]
