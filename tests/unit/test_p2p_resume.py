"""Going on with an online game after a reload or a dropped link (app/net/resume.py): the pages agree on the
last move both hold, the page that was ahead sends its own missed moves again, a secret run revealed on one
side only is chosen again, and games that differ stop until the guest replays the host's log (which may
not change the guest's own moves: tests/unit/test_p2p_resync.py)."""
from __future__ import annotations

import json

import crystalclans as cc
from app.net.protocol import dump
from app.net.resume import Resume, game_id
from app.net.session import Session
from crystalclans.rng import Rng, seed_state
from .test_p2p_session import Wire, deliver, linked_game


def play_until(ends, wire, rng, stop) -> None:
    """Random moves on whichever side may move, delivered at once, until stop() or the game's end."""
    for _ in range(20_000):
        if ends[0].over or stop():
            return
        side = 0 if ends[0].offered() else 1
        s = ends[side]
        s.play(s.offered()[rng.below(len(s.offered()))])
        deliver(wire, ends)


def play_to_the_end(ends, wire, rng) -> None:
    play_until(ends, wire, rng, lambda: False)
    assert ends[0].game.is_over and ends[1].game.is_over
    assert ends[0].game.state_hash() == ends[1].game.state_hash()


def relink(g0, g1, host_seat: int = 0):
    """A new link between two pages holding g0 (seat 0) and g1 (seat 1); returns the resumes and the wire."""
    wire = Wire()
    rs = (Resume(g0, 0, host_seat == 0, wire.sender(0)), Resume(g1, 1, host_seat == 1, wire.sender(1)))
    rs[0].start()
    rs[1].start()
    deliver(wire, rs)
    return rs, wire


def sessions(rs, wire):
    ends = (rs[0].session, rs[1].session)
    assert all(e is not None for e in ends)
    for side, e in enumerate(ends):
        e.send = wire.sender(side)
    return ends


def started(seed: int = 1, moves: int = 40):
    wire, _, _, g0, g1 = linked_game(clans=("blood", "skull"))
    ends = (Session(g0, 0, wire.sender(0)), Session(g1, 1, wire.sender(1)))
    rng = Rng(seed_state(seed))
    play_until(ends, wire, rng, lambda: len(ends[0].game.log) >= moves)
    return ends, wire, rng


def test_equal_games_resume_at_once_and_play_to_the_end():
    ends, _, rng = started()
    rs, wire = relink(ends[0].game.clone(), ends[1].game.clone(), host_seat=1)
    assert rs[0].session.game.state_hash() == rs[1].session.game.state_hash() == ends[0].game.state_hash()
    play_to_the_end(sessions(rs, wire), wire, rng)


def test_moves_the_other_page_missed_are_sent_again():
    ends, wire, rng = started(moves=30)
    play_until(ends, wire, rng, lambda: ends[0].offered() and not ends[0].game.decision.secret)
    # seat 0's next moves never arrive (the link drops): only seat 0 holds them
    lost = 0
    while ends[0].offered() and not ends[0].game.decision.secret and lost < 5:
        ends[0].play(ends[0].offered()[0])
        lost += 1
    wire.queues[1].clear()
    assert lost > 0 and len(ends[0].game.log) == len(ends[1].game.log) + lost
    rs, wire2 = relink(ends[0].game, ends[1].game)
    assert rs[0].resent == lost and rs[0].dropped == 0
    assert rs[0].session.game.state_hash() == rs[1].session.game.state_hash()
    assert len(rs[1].session.game.log) == len(ends[0].game.log)
    play_to_the_end(sessions(rs, wire2), wire2, rng)


def test_a_secret_run_revealed_on_one_side_only_is_chosen_again():
    ends, wire, rng = started(moves=10)
    # play on until a run of secret picks is about to complete, then lose the last reveal to seat 0
    for _ in range(5000):
        d = ends[0].game.decision
        if d is not None and d.secret:
            break
        side = 0 if ends[0].offered() else 1
        o = ends[side].offered()
        ends[side].play(o[rng.below(len(o))])
        deliver(wire, ends)
    assert ends[0].game.decision.secret
    before = len(ends[0].game.log)
    for _ in range(20):  # everyone picks; every message reaches seat 1, none reaches seat 0 after the commits
        side = 0 if ends[0].offered() else (1 if ends[1].offered() else None)
        if side is None:
            break
        ends[side].play(ends[side].offered()[0])
        for text in list(wire.queues[1]):
            wire.queues[1].remove(text)
            assert ends[1].receive(text) is None
        for text in [t for t in wire.queues[0] if json.loads(t)["t"] == "secret_commit"]:
            wire.queues[0].remove(text)
            assert ends[0].receive(text) is None
    for text in wire.queues[1]:  # seat 0's reveal reaches seat 1; seat 1's never reaches seat 0
        assert ends[1].receive(text) is None
    wire.queues[0].clear()
    assert len(ends[1].game.log) > before == len(ends[0].game.log), "the run completed on seat 1 only"
    rs, wire2 = relink(ends[0].game, ends[1].game)
    assert rs[1].resent == 0 and rs[1].dropped > 0
    assert rs[0].session.game.state_hash() == rs[1].session.game.state_hash()
    play_to_the_end(sessions(rs, wire2), wire2, rng)


def test_games_that_differ_stop_and_the_hosts_log_cannot_rewrite_the_guests_moves():
    ends, _, rng = started(moves=30)
    g0 = ends[0].game.clone()
    # seat 1's copy took another path at one of its own moves: replay its log with that move changed

    log = list(ends[1].game.log)
    g1 = None
    for k in range(len(log) - 1, 0, -1):
        probe = cc.Game.from_log(ends[1].game.setup, log[:k])
        if probe.decision.player != 1 or probe.decision.secret:
            continue
        others = [str(a) for a in probe.legal_actions() if str(a) != log[k]]
        if others:
            probe.apply(others[0])
            g1 = probe
            break
    assert g1 is not None and g1.state_hash() != g0.state_hash()
    rs, wire = relink(g0, g1)  # seat 0 hosts
    assert rs[0].session is None and rs[1].session is None
    assert rs[0].out_of_step and rs[1].out_of_step and "Resync" in rs[1].out_of_step
    rs[0].request_resync()  # only the guest asks
    assert not wire.queues[1]
    rs[1].request_resync()
    assert rs[0].receive(wire.queues[0].pop(0)) is None  # the host sends its log and goes on
    reason = rs[1].receive(wire.queues[1].pop(0))
    assert "yours" in reason and "cheating" in reason  # it would change the guest's own move: refused
    assert rs[1].session is None and rs[1].game.state_hash() == g1.state_hash()
    assert "refused as cheating" in rs[1].out_of_step and "Resync" in rs[1].out_of_step
    deliver(wire, rs)  # the guest says so: the host's page stops too
    assert rs[0].session.desync and not rs[0].session.offered()


def test_a_resume_for_another_game_or_the_same_seat_or_a_bad_resync_is_refused():
    ends, _, _ = started(moves=12)
    g = ends[0].game
    r = Resume(g.clone(), 0, True, lambda t: None)
    h = g.state_hash()
    cs = __import__("crystalclans").base_set().hash
    assert "another game" in r.receive(dump("resume", game="0" * 16, card_set=cs, seat=1, have=12, hash=h))
    assert "same side" in r.receive(dump("resume", game=game_id(g), card_set=cs, seat=0, have=12, hash=h))
    assert "other game content" in r.receive(dump("resume", game=game_id(g), card_set="0" * 64, seat=1, have=12, hash=h))
    assert r.receive(dump("resync", log=["nonsense"], hash=h)) is not None  # not out of step: refused
    assert r.receive(dump("action", seq=13, move="pass", hash=h)) is not None
    assert r.session is None and r.game.state_hash() == h
    guest = Resume(g.clone(), 1, False, lambda t: None)
    guest.out_of_step = "differs"
    assert "does not replay" in guest.receive(dump("resync", log=["nonsense"], hash=h))
    assert "does not match" in guest.receive(dump("resync", log=list(g.log), hash="0" * 64))
    assert guest.session is None


def test_a_resumed_games_rematch_keeps_each_players_name():
    """A rematch after a re-link: each page says its own player's name again (the guest's was the host's)."""
    from app.link import Link, SavedOnline

    g = cc.new_game(("blood", "skull"), seed=3)
    for me, mine in ((0, "Ada"), (1, "Bo")):
        sent = []
        link = Link("host" if me == 0 else "guest", {"names": ["", ""]}, sent.append,
                    resume=SavedOnline(g, me, ["Ada", "Bo"]))
        link.rematch()
        assert link.my_name == mine
