"""Three whole pages (the App with its Link, in CPython) play Wildlands online around the host's page
(app/link.py and net/party.py through controller.py): the host's start screen shows who has a seat while the
guests link, every page deals the same game and shows only its own player's hand, moves go through the
host's page to the others, a guest's page that reloads waits in the room and comes back by itself to its
seat, and after a resignation all three ask for a rematch and a new game is dealt. web/js/p2p.js is faked
by queues: the host's page sends to one guest's page (`to_peer`), a guest's page to the host's."""
from __future__ import annotations

import json

from app.net.protocol import VERSION
from app import render
from app.controller import App

from .fake_dom import FakeDocument, FakeStorage, fake_window

SETTINGS = {"names": ["Ada", "Bo", "Cy"], "game": "wildlands", "wl_board": "dungeon", "wl_players": 3,
            "wl_factions": ["guild", "gnomads", "lawbringers", "pit_fighters"], "first": "random",
            "clans": ["blood", "skull"], "mulligan": False}


class P2P:
    """What a page's web/js/p2p.js does that the App calls."""

    def __init__(self):
        self.tag = ""
        self.watching = None

    def canScan(self):
        return False

    def setTag(self, tag):
        self.tag = tag

    def watch(self, room, knock):
        self.watching = (room, knock)

    def close(self):
        self.closed = True

    async def offerNext(self):  # three or four by hand: the next guest's own offer
        self.offers = getattr(self, "offers", 0) + 1
        return f"CC1next{self.offers}"

    def inviteLink(self, code, game=None):
        return "http://localhost/#" + code

    async def qr(self, url):
        return "<svg>" + url + "</svg>"


class Page:
    def __init__(self, storage=None):
        self.tasks: list = []
        window = fake_window("?answer=0")
        if storage is not None:
            window.localStorage = storage
        window.crystalclans_p2p = self.p2p = P2P()
        self.app = App(FakeDocument(), window, spawn=self.tasks.append)
        self.app.pydantic_ready = True
        self.inbox: list[tuple[str, int]] = []

    def run_tasks(self) -> None:
        now, self.tasks[:] = list(self.tasks), []
        for t in now:
            try:
                while True:
                    t.send(None)
            except StopIteration:
                pass

    def html(self) -> str:
        self.app.render()
        return self.app.document.getElementById("app").innerHTML


class Star:
    """The host's page and its guests' pages by peer number; `deliver` hands every queued message over."""

    def __init__(self):
        self.host = Page()
        self.guests: dict[int, Page] = {}
        self.dropped: list[int] = []
        self.host.app.link_begin("host", dict(SETTINGS), lambda text: None, [],
                                 to_peer=lambda peer, text: self.guests[peer].inbox.append((text, 0))
                                 if peer in self.guests else None, drop=self.dropped.append)
        self.host.app.link.stage = "inviting"  # (main.py's _p2p_host, once p2p.js made the invitation)

    def join(self, peer: int, name: str, page: Page | None = None) -> Page:
        """A guest's page links (the relays and WebRTC as p2p.js would): both ends' channels open."""
        page = page or Page()
        if page.app.link is None:
            page.app.link_begin("guest", {**SETTINGS, "names": ["", name]}, lambda text: self.host.inbox.append(
                (text, peer)), [])
        self.guests[peer] = page
        self.host.app.on_link_state("open", peer)
        page.app.on_link_state("open")
        self.deliver()
        return page

    def deliver(self) -> None:
        pages = [self.host, *self.guests.values()]
        while any(p.inbox for p in pages):
            for p in pages:
                while p.inbox:
                    text, peer = p.inbox.pop(0)
                    p.app.on_peer_message(text, peer)

    def pages(self) -> list[Page]:
        return [self.host, *self.guests.values()]

    def hashes(self) -> set[str]:
        return {p.app.game.state_hash() for p in self.pages()}

    def step(self) -> bool:
        """One move by whichever page may make one (an answer clock that runs: let it run out)."""
        mover = next((p for p in self.pages() if p.app.offers_decision()), None)
        if mover is None:
            waiting = [p for p in self.pages() if p.tasks]
            for p in waiting:
                p.run_tasks()
            self.deliver()
            return bool(waiting)
        mover.app.apply(mover.app.session.offered()[0])
        self.deliver()
        return True


def test_three_pages_gather_deal_play_and_a_reloaded_guest_comes_back_to_its_seat():
    star = Star()
    host = star.host
    assert host.app.link.star and host.app.link.party is not None
    star.join(1, "Bo")
    html = render.online_panel(host.app)
    assert 'data-roster="2"' in html and "Bo" in html and "1 more player" in html
    assert host.app.screen == "start"
    star.join(2, "Cy")
    for me, p in enumerate(star.pages()):
        assert p.app.screen == "game", p.app.document.getElementById("error").textContent
        assert p.app.session.me == me and p.app.names == ["Ada", "Bo", "Cy"]
        assert p.app.seats[me].local and sum(s.remote for s in p.app.seats) == 2
    assert len(star.hashes()) == 1 and host.p2p.tag, "offers to pages coming back name the game"
    # a fourth page with the link: dropped by the host's page (its p2p.js tells it the game has its players)
    star.host.app.on_link_state("open", 3)
    assert 3 not in star.dropped  # (the game under way: the page must first name its seat with its key)
    star.host.app.on_peer_message(json.dumps({"t": "ping", "v": VERSION, "n": 1}), 3)
    star.host.app.on_peer_message(json.dumps({"t": "hello", "v": VERSION, "app": "x", "game": "wildlands",
                                              "card_set": "0" * 64, "name": "Eve", "role": "guest"}), 3)
    assert 3 in star.dropped and star.host.app.link.party.seated == [1, 2]
    for _ in range(40):  # the start spaces (secret: committed, then revealed) and a few moves
        assert star.step()
    for me, p in enumerate(star.pages()):
        seats = p.app.view["seats"]
        assert p.app.view["you"] == me
        assert not any(c.get("start") for i, s in enumerate(seats) if i != me for c in s["characters"])
    assert len(star.hashes()) == 1 or any(p.app.session.run for p in star.pages())

    # Cy's page reloads: its link is lost; the host and Bo play on; its new page waits in the room and knocks
    while any(p.app.session.run for p in star.pages()):
        star.step()
    cy = star.guests.pop(2)
    star.host.app.on_link_state("closed", 2)
    assert "data-away" in star.host.html()
    storage: FakeStorage = cy.app.window.localStorage
    meta = json.loads(storage.getItem("crystalclans.autosave.meta"))
    assert meta["online"]["seat"] == 2 and len(meta["online"]["key"]) == 32 and len(meta["names"]) == 3
    back = Page(storage)
    coro = back.app.continue_game()
    try:
        while True:
            coro.send(None)
    except StopIteration:
        pass
    assert back.app.resume_offer is not None and back.app.resume_offer.players == 3
    assert "data-waiting-host" in back.html()
    # (no room in this fake: the relays would hand the host's fresh offer to the page, which joins it)
    back.app.link_begin("guest", {**SETTINGS, "names": ["", "Cy"]}, lambda text: star.host.inbox.append((text, 5)),
                        [])
    star.join(5, "Cy", back)
    assert back.app.screen == "game" and back.app.session.me == 2
    assert star.host.app.link.party.peer_at[2] == 5 and "data-away" not in star.host.html()
    assert len(star.hashes()) == 1
    for _ in range(20):
        star.step()
    assert len(star.hashes()) == 1 or any(p.app.session.run for p in star.pages())

    # Bo resigns: the game ends on every page without a winner; all three ask for a rematch: a new deal
    first = star.host.app.game
    star.guests[1].app.resign()
    star.deliver()
    for p in star.pages():
        assert p.app.finished and p.app.winner() is None and "data-resigned" in p.html()
    for p in star.pages():
        p.app.ask_rematch()
        star.deliver()
    for p in star.pages():
        assert p.app.screen == "game", p.app.document.getElementById("error").textContent
        assert not p.app.finished and p.app.game is not first
    assert len(star.hashes()) == 1 and star.host.app.game.setup["seed"] != first.setup["seed"]
    for p in star.pages():
        for t in p.tasks:
            t.close()


def test_a_page_told_the_game_has_its_players_says_how_many():
    page = Page()
    page.app.link_begin("guest", {**SETTINGS, "names": ["", "Di"]}, lambda text: None, [])
    page.app.on_link_state("taken", 0, 3)
    assert "already has 3 players" in page.html()


def test_a_guests_page_whose_link_drops_waits_in_the_room_and_asks_the_host_for_an_offer():
    star = Star()
    bo = star.join(1, "Bo")
    star.join(2, "Cy")
    bo.app.link.room = star.host.app.link.room = "R" * 22  # (linked through the relays' room of this secret)
    bo.app.on_link_state("closed")  # (the page has relays: the public ones)
    # issue 50: it stays at its table, saying it re-links, and waits in the room
    assert bo.app.screen == "game" and bo.app.resume_offer is not None and bo.app.relinking
    from app.net.resume import game_id

    assert bo.p2p.watching == ("R" * 22, game_id(bo.app.game)), "it knocks with its game's id"
    assert 'data-relinking="waiting"' in bo.html() and "Ada" in bo.html()
    assert not bo.app.offers_decision()
    # the host's page after its own reload: back at its table, it invites them again by itself and its game
    # goes on at once
    star.host.app.autosave()  # (its save names the room)
    star.host.app.on_link_state("closed", 1)
    star.host.app.on_link_state("closed", 2)
    saved = Page(star.host.app.window.localStorage)
    invited = []
    saved.app.invite_again = lambda: (invited.append(1), saved.app.link_begin(
        "host", dict(SETTINGS), lambda text: None, [], to_peer=lambda peer, text: None, drop=lambda peer: None))
    coro = saved.app.back_to_online_game()
    try:
        while True:
            coro.send(None)
    except StopIteration:
        pass
    assert invited == [1] and saved.p2p.watching is None, "the host's page does not knock"
    assert saved.app.screen == "game" and saved.app.link.party.session.game.state_hash() == star.host.app.game.state_hash()
    assert not saved.app.relinking and "data-away=\"2\"" in saved.html()
    # without relays the host's page offers to invite them again from the start screen, as before
    by_hand = Page(star.host.app.window.localStorage)
    by_hand.app.storage.set_public_help(False, False)
    coro = by_hand.app.continue_game()
    try:
        while True:
            coro.send(None)
    except StopIteration:
        pass
    assert by_hand.app.resume_offer.hosted and by_hand.app.screen == "start"
    assert "Invite them again" in by_hand.html()


def test_a_new_page_with_the_link_while_a_guest_is_away_is_told_the_game_has_its_players():
    star = Star()
    star.join(1, "Bo")
    star.join(2, "Cy")
    star.guests.pop(2)
    star.host.app.on_link_state("closed", 2)
    eve = star.join(6, "Eve")  # (p2p.js gives it an offer of its own: a seat's page is away)
    assert eve.app.link.relay == "taken" and getattr(eve.p2p, "closed", False), "it closes its link"
    assert "already under way" in eve.html() and eve.app.screen == "start"
    eve.app.on_link_state("closed")
    assert "already under way" in eve.html()
    star.host.app.on_link_state("closed", 6)
    assert star.host.app.link.party.free == [2] and 6 not in star.host.app.link.party.waiting


def test_the_resign_dialog_of_a_game_of_three_says_it_ends_without_a_winner():
    star = Star()
    star.join(1, "Bo")
    star.join(2, "Cy")
    app = star.guests[1].app
    app.modal = ("resign",)
    html = render.resign_modal(app)
    assert "without a winner" in html and "wins" not in html


def test_without_a_relay_each_guest_links_by_hand_with_a_code_of_its_own():
    """No relay answers: the host's page shows the first invitation; once that guest's page is linked (the
    reply pasted), it shows a new code and link for the next guest (its own offer: web/js/p2p.js offerNext),
    the QR code made anew, and none once every seat is taken."""
    star = Star()
    host = star.host
    host.app.link.code, host.app.link.url, host.app.link.qr = "CC1first.room", "http://localhost/#CC1first.room", "<svg>first</svg>"
    host.app.on_link_state("norelay")
    assert "one after the other" in render.online_panel(host.app)
    host.app.link.stage = "connecting"  # (the first guest's reply pasted)
    star.join(1, "Bo")
    host.run_tasks()
    link = host.app.link
    assert (link.stage, link.code, link.url) == ("inviting", "CC1next1", "http://localhost/#CC1next1")
    assert link.qr == "<svg>http://localhost/#CC1next1</svg>"
    html = render.online_panel(host.app)
    assert "CC1next1" in html and 'data-roster="2"' in html and "CC1first" not in html
    star.join(2, "Cy")
    host.run_tasks()
    assert host.p2p.offers == 1, "no new code once every seat is taken"
    for p in star.pages():
        assert p.app.screen == "game"
