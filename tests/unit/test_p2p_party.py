"""Three or four linked pages (py/app/net/party.py): the host's page and each guest's in one process, the
links faked by queues (a star: guests talk to the host only). A whole Wildlands game of three and a
Tash-Kalar Melee of four are dealt from a seed every page made, played by greedy moves and end with equal
hashes on every page; secret start spaces stay committed until every player has chosen all of hers; a guest's
move out of turn or with a wrong hash is refused and never reaches the others; a page beyond the seats is
dropped; a guest's page that reloads comes back to its seat with its key (and not to another's), and the
host's page that reloads gets every guest back."""
from __future__ import annotations

import json

from app import games
from app.net.handshake import Handshake
from app.net.party import Party
from app.net.protocol import dump, joint_seed_of
from app.net.resume import Resume, game_id
from app.net.session import Session

WL_OPTIONS = {"board": "dungeon", "factions": ["guild", "gnomads", "lawbringers"], "first": "random"}
TK_MELEE = {"mode": "melee", "decks": ["northern", "highland", "sylvan", "southern"], "first": 0,
            "form": "high_form"}


class Star:
    """The links of a star: queues of text from the host to each guest's page (by peer number) and back."""

    def __init__(self):
        self.down: dict[int, list[str]] = {}  # host -> guest page `peer`
        self.up: dict[int, list[str]] = {}  # guest page `peer` -> host
        self.dropped: list[int] = []
        self.seen: dict[int, list[str]] = {}  # every text each guest page received, in order

    def to_peer(self, peer: int, text: str) -> None:
        self.down.setdefault(peer, []).append(text)

    def sender(self, peer: int):
        return lambda text: self.up.setdefault(peer, []).append(text)


class Guest:
    """A guest's page: its handshake, then its session (as app/link.py holds them)."""

    def __init__(self, star: Star, peer: int, name: str):
        self.peer = peer
        self.send = star.sender(peer)
        self.hs = Handshake("guest", name, "", self.send)
        self.session: Session | None = None
        self.resumer: Resume | None = None

    def receive(self, text: str) -> str | None:
        if self.resumer is not None and self.session is None:
            reason = self.resumer.receive(text)
            self.session = self.resumer.session
            return reason
        if self.session is not None:
            return self.session.receive(text)
        reason = self.hs.receive(text)
        if reason is None and self.hs.seed is not None and self.hs.setup is not None:
            self.session = Session(self.hs.game(), self.hs.setup["guest_seat"], self.send)
        return reason


def deliver(star: Star, host: Party, guests: dict[int, Guest], refused: list | None = None) -> None:
    """Every queued message, until none is left; a refusal fails the test unless `refused` collects them."""
    while any(star.down.values()) or any(star.up.values()):
        for peer, q in list(star.up.items()):
            while q:
                reason = host.receive(peer, q.pop(0))
                if reason:
                    assert refused is not None, reason
                    refused.append(("host", peer, reason))
        for peer, q in list(star.down.items()):
            while q:
                text = q.pop(0)
                if peer not in guests:  # a dropped page
                    continue
                star.seen.setdefault(peer, []).append(text)
                reason = guests[peer].receive(text)
                if reason:
                    assert refused is not None, reason
                    refused.append(("guest", peer, reason))


def gathered(game: str, options: dict, names=("Ada", "Bo", "Cy", "Di")):
    """The host's page invites; each guest's page links and is seated; the game is dealt on every page."""
    n = len(options.get("factions") or options.get("decks"))
    star = Star()
    host = Party(game, names[0], n, options, star.to_peer, star.dropped.append)
    guests: dict[int, Guest] = {}
    for peer in range(1, n):
        guests[peer] = Guest(star, peer, names[peer])
        host.opened(peer)
        deliver(star, host, guests)
    assert host.session is not None and all(g.session is not None for g in guests.values())
    return star, host, guests


def pages(host: Party, guests: dict[int, Guest]) -> dict[int, Session]:
    """Every page's session by its seat."""
    out = {0: host.session}
    for g in guests.values():
        out[g.session.me] = g.session
    return out


def greedy_to_the_end(star, host, guests, make_bot, max_moves=6000, **budget) -> int:
    """Each page plays its own seat's greedy choice (a secret pick: the greedy's on the page's shown game)."""
    bots = {}
    moves = 0
    for _ in range(max_moves):
        ps = pages(host, guests)
        if ps[0].over:
            break
        movers = [s for s in ps.values() if s.offered()]
        assert movers, "nobody can move"
        s = movers[0]
        g = s.display()
        bot = bots.setdefault(s.me, make_bot("greedy", seed=s.me + 1, **budget))
        want = str(bot.choose(g))
        s.play(want if want in s.offered() else s.offered()[0])
        moves += 1
        deliver(star, host, guests)
    return moves


def test_a_wildlands_game_of_three_is_dealt_from_every_pages_value_and_played_to_the_end():
    from wildlands.ai import make_bot

    star, host, guests = gathered("wildlands", WL_OPTIONS)
    ps = pages(host, guests)
    assert sorted(ps) == [0, 1, 2]
    # the seed: every page's value in seat order, each revealed only after every commitment was held
    values = [host.value] + [next(g.hs.value for g in guests.values() if g.hs.seat == s) for s in (1, 2)]
    assert ps[0].game.setup["seed"] == joint_seed_of(values)
    for g in guests.values():
        kinds = [json.loads(t)["t"] for t in star.seen[g.peer]]
        commits = [i for i, k in enumerate(kinds) if k == "seed_commit"]
        assert len(commits) == 3 - 1 and max(commits) < kinds.index("seed_reveal")
        assert g.hs.setup["names"] == ["Ada", "Bo", "Cy"] and len(g.hs.key) == 32
    assert len({s.game.state_hash() for s in ps.values()}) == 1
    moves = greedy_to_the_end(star, host, guests, make_bot)
    ps = pages(host, guests)
    assert all(s.game.is_over for s in ps.values()) and moves > 40
    assert len({s.game.state_hash() for s in ps.values()}) == 1
    assert len({tuple(s.game.winners) for s in ps.values()}) == 1


def test_start_spaces_of_three_are_revealed_only_once_everyone_has_chosen_all():
    star, host, guests = gathered("wildlands", WL_OPTIONS)
    star.seen.clear()
    for _ in range(15):  # five start spaces each, in turn
        ps = pages(host, guests)
        s = next(s for s in ps.values() if s.offered())
        assert s.display().decision.kind == "start"
        s.play(s.offered()[-1])
        deliver(star, host, guests)
    ps = pages(host, guests)
    assert len({s.game.state_hash() for s in ps.values()}) == 1 and ps[0].game.turn == 1
    for g in guests.values():
        kinds = [json.loads(t)["t"] for t in star.seen[g.peer]]
        assert "action" not in kinds, "a start space went in the open"
        commits = [i for i, k in enumerate(kinds) if k == "secret_commit"]
        reveals = [i for i, k in enumerate(kinds) if k == "secret_reveal"]
        # each guest got the other two players' ten commitments, all before the first reveal
        assert len(commits) == len(reveals) == 10 and max(commits) < min(reveals)


def test_a_tashkalar_melee_of_four_is_played_to_the_end_alike_on_every_page():
    from tashkalar.ai import make_bot

    star, host, guests = gathered("tashkalar", TK_MELEE)
    ps = pages(host, guests)
    assert sorted(ps) == [0, 1, 2, 3] and ps[0].game.mode == "melee"
    greedy_to_the_end(star, host, guests, make_bot, depth=0)  # (a greedy one step deep: the game in seconds)
    ps = pages(host, guests)
    assert all(s.game.is_over for s in ps.values())
    assert len({s.game.state_hash() for s in ps.values()}) == 1



def played(n_moves: int, game="wildlands", options=WL_OPTIONS):
    """A gathered game played by each page's first offered option until `n_moves` moves or a plain (not
    secret) decision of a guest's seat, whichever is later."""
    star, host, guests = gathered(game, options)
    for _ in range(2000):
        ps = pages(host, guests)
        d = ps[0].game.decision
        if len(ps[0].game.log) >= n_moves and d.player != 0 and not ps[0].run and not getattr(d, "secret", False) \
                and d.kind != "start":
            break
        s = next(s for s in ps.values() if s.offered())
        s.play(s.offered()[0])
        deliver(star, host, guests)
    return star, host, guests


def test_a_guests_move_out_of_turn_or_with_a_wrong_hash_is_refused_and_never_reaches_the_others():
    star, host, guests = played(20)
    ps = pages(host, guests)
    g = ps[0].game
    decider = g.decision.player
    other = next(s for s in (1, 2) if s != decider)
    before = {s: p.game.state_hash() for s, p in ps.items()}
    trial = g.clone()
    move = str(trial.decision.options[0])
    trial.apply(move)
    seen = {peer: len(star.seen.get(peer, [])) for peer in guests}
    other_peer = next(g_.peer for g_ in guests.values() if g_.session.me == other)
    decider_peer = next(g_.peer for g_ in guests.values() if g_.session.me == decider)
    # the other guest's page speaks for the deciding seat: refused by the host, passed on to nobody
    reason = host.receive(other_peer, dump("action", seq=ps[0].seq, move=move, hash=trial.state_hash()))
    assert reason and "not your turn" in reason
    # a resign or a rematch for another's seat: refused too
    assert "another player's seat" in host.receive(other_peer, dump("resign", seat=decider))
    # the deciding guest's move with a wrong hash: refused; that page alone is out of step
    reason = host.receive(decider_peer, dump("action", seq=ps[0].seq, move=move, hash="0" * 64))
    assert reason and "hash" in reason and host.session.stale and decider in host.session.stale
    assert not host.session.desync, "the host and the other guests play on"
    deliver(star, host, guests, [])
    assert {s: p.game.state_hash() for s, p in pages(host, guests).items()} == before
    assert len(star.seen.get(other_peer, [])) == seen[other_peer], "the other guest saw a refused move"
    assert [json.loads(t)["t"] for t in star.seen[decider_peer][seen[decider_peer]:]] == ["out_of_step"]
    # that page stops, asks for the host's game and goes on with it
    stale = guests[decider_peer].session
    assert stale.desync and not stale.offered()
    stale.request_resync()
    deliver(star, host, guests)
    assert not host.session.stale and not stale.desync and stale.offered()
    stale.play(move)
    deliver(star, host, guests)
    assert len({p.game.state_hash() for p in pages(host, guests).values()}) == 1


def test_a_page_beyond_the_seats_is_dropped_and_a_guest_cannot_speak_for_another():
    star, host, guests = gathered("wildlands", WL_OPTIONS)
    host.opened(9)  # a fourth page with the link, the game under way: it must name its seat with its key
    assert star.down[9] and json.loads(star.down[9][-1])["t"] == "resume"
    g = host.session.game
    claim = dict(game=game_id(g), card_set=games.of(g).content_hash(), have=len(g.log), hash=g.state_hash())
    reason = host.receive(9, dump("hello", app="x", game="wildlands", card_set=claim["card_set"], name="Eve",
                                  role="guest"))
    assert reason and "naming its seat" in reason and 9 in star.dropped
    host.opened(10)  # another, naming a seat with a wrong key: dropped, and the seat's page keeps it
    assert "cannot show" in host.receive(10, dump("resume", seat=1, key="ab" * 16, **claim))
    assert 10 in star.dropped and host.peer_at[1] == 1
    # while the game gathers, a page beyond the seats is dropped at once
    star2 = Star()
    party = Party("wildlands", "Ada", 3, WL_OPTIONS, star2.to_peer, star2.dropped.append)
    for peer in (1, 2, 3):
        party.opened(peer)
    assert star2.dropped == [3] and party.seated == [1, 2]
    # a guest's page refuses a seed commitment said to be its own seat's, and a setup for another seat
    guest = Handshake("guest", "Bo", "", lambda text: None)
    hello = star2.down[1][0]
    assert guest.receive(hello) is None and guest.players == 3 and guest.seat == 1
    assert "not another page's" in guest.receive(dump("seed_commit", c="0" * 64, seat=1))
    assert "seat" in guest.receive(dump("setup", game="wildlands", options=WL_OPTIONS, names=["a", "b", "c"],
                                        guest_seat=2))


def test_a_guests_page_that_reloads_comes_back_to_its_seat_and_the_game_goes_on():
    from wildlands.ai import make_bot

    star, host, guests = played(24)
    old = next(g for g in guests.values() if g.session.me == 2)
    saved, key = old.session.game.clone(), old.hs.key
    host.closed(old.peer)  # the reload closes its link; the host and the other guest play on
    del guests[old.peer]
    for _ in range(3):
        s = next((s for s in pages(host, guests).values() if s.offered() and s.me != 2), None)
        if s is None:
            break
        s.play(s.offered()[0])
        deliver(star, host, guests)
    # the reloaded page links again (a new peer) and names its seat with its key
    back = Guest(star, 7, "Cy")
    back.resumer = Resume(saved, 2, False, back.send, key=key)
    guests[7] = back
    host.opened(7)
    first = star.down[7][0]
    back.resumer.receive(first)  # the host's greeting: its game; this page then says where it is
    star.down[7].pop(0)
    back.resumer.start()
    deliver(star, host, guests)
    back.session = back.resumer.session
    assert back.session is not None and host.peer_at[2] == 7
    assert len({p.game.state_hash() for p in pages(host, guests).values()}) == 1
    moves = greedy_to_the_end(star, host, guests, make_bot)
    assert moves > 0 and len({p.game.state_hash() for p in pages(host, guests).values()}) == 1


def test_the_hosts_page_that_reloads_gets_every_guest_back():
    star, host, guests = played(24)
    ps = pages(host, guests)
    names, keys, saved = host.names, host.keys, ps[0].game.clone()
    star2 = Star()
    again = Party("wildlands", "Ada", 3, {}, star2.to_peer, star2.dropped.append, game=saved, names=names,
                  keys=keys)
    back: dict[int, Guest] = {}
    for peer, g in enumerate(guests.values(), start=1):
        page = Guest(star2, peer, "x")
        page.resumer = Resume(g.session.game.clone(), g.session.me, False, page.send, key=g.hs.key)
        back[peer] = page
        again.opened(peer)
        page.resumer.receive(star2.down[peer].pop(0))
        page.resumer.start()
        deliver(star2, again, back)
        page.session = page.resumer.session
    assert again.seated == [1, 2]
    ps = pages(again, back)
    assert len({p.game.state_hash() for p in ps.values()}) == 1 and ps[0].game.state_hash() == saved.state_hash()
    s = next(s for s in ps.values() if s.offered())
    s.play(s.offered()[0])
    deliver(star2, again, back)
    assert len({p.game.state_hash() for p in pages(again, back).values()}) == 1


def test_a_guest_that_reloads_during_the_start_spaces_makes_them_start_again_everywhere():
    star, host, guests = gathered("wildlands", WL_OPTIONS)
    for _ in range(7):  # the host's five picks and two of the next player's: committed, none revealed
        s = next(s for s in pages(host, guests).values() if s.offered())
        s.play(s.offered()[0])
        deliver(star, host, guests)
    assert host.session.run and not host.session.revealed_sent
    old = next(g for g in guests.values() if g.session.me == 1)
    host.closed(old.peer)
    del guests[old.peer]
    back = Guest(star, 5, "Bo")
    back.resumer = Resume(old.session.game.clone(), 1, False, back.send, key=old.hs.key)
    guests[5] = back
    host.opened(5)
    back.resumer.receive(star.down[5].pop(0))
    back.resumer.start()
    deliver(star, host, guests)
    back.session = back.resumer.session
    ps = pages(host, guests)
    assert not any(p.run for p in ps.values()), "the open run started again on every page"
    for _ in range(15):
        s = next(s for s in pages(host, guests).values() if s.offered())
        s.play(s.offered()[-1])
        deliver(star, host, guests)
    ps = pages(host, guests)
    assert len({p.game.state_hash() for p in ps.values()}) == 1 and ps[0].game.turn == 1


def test_resign_ends_a_game_of_three_on_every_page_and_a_rematch_gathers_again():
    star, host, guests = played(24)
    g1 = next(iter(guests.values()))
    g1.session.resign()
    deliver(star, host, guests)
    ps = pages(host, guests)
    assert all(p.over and p.resigned == g1.session.me and p.winner is None for p in ps.values())
    for p in ps.values():
        assert not p.rematch_agreed
        p.ask_rematch()
        deliver(star, host, guests)
    assert all(p.rematch_agreed for p in ps.values())
    old = ps[0].game.state_hash()
    host.rematch()
    for g in guests.values():  # each guest's page starts a new handshake (app/link.py's rematch)
        g.hs = Handshake("guest", g.hs.name, "", g.send)
        g.session = None
    deliver(star, host, guests)
    ps = pages(host, guests)
    assert len({p.game.state_hash() for p in ps.values()}) == 1 and ps[0].game.state_hash() != old


def test_a_page_that_leaves_before_the_deal_frees_its_seat_for_another():
    star = Star()
    host = Party("tashkalar", "Ada", 4, TK_MELEE, star.to_peer, star.dropped.append)
    guests = {}
    for peer, name in ((1, "Bo"), (2, "Cy")):  # both commit; Bo holds Cy's commitment
        guests[peer] = Guest(star, peer, name)
        host.opened(peer)
        deliver(star, host, guests)
    assert set(guests[1].hs.commits) == {0, 2} and not host.revealed
    host.closed(2)  # Cy's page closes before the deal: its seat is free again
    del guests[2]
    assert host.free == [2, 3] and host.names == ["Ada", "Bo", "", ""]
    for peer, name in ((3, "Di"), (4, "Ed")):
        guests[peer] = Guest(star, peer, name)
        host.opened(peer)
        deliver(star, host, guests)
    assert host.session is not None and host.names == ["Ada", "Bo", "Di", "Ed"]
    assert guests[3].hs.seat == 2 and guests[1].hs.commits[2] != "" and len(guests[1].hs.values) == 3
    assert len({s.game.state_hash() for s in pages(host, guests).values()}) == 1


def test_a_tashkalar_team_game_links_four_pages_and_partners_play_alike():
    team = {"mode": "team", "decks": ["northern", "highland", "sylvan", "southern"], "first": "random",
            "form": "duel"}
    star, host, guests = gathered("tashkalar", team)
    ps = pages(host, guests)
    assert sorted(ps) == [0, 1, 2, 3] and ps[0].game.mode == "team" and ps[0].game.setup["form"] == "duel"
    for _ in range(60):
        s = next(s for s in pages(host, guests).values() if s.offered())
        s.play(s.offered()[-1])
        deliver(star, host, guests)
    assert len({s.game.state_hash() for s in pages(host, guests).values()}) == 1
    assert len({s.game.decision.player for s in pages(host, guests).values()}) == 1
