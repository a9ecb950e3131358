"""A resync must not rewrite this page's own moves (issue 23): after a desync the guest takes the host's log
only if it keeps every move both pages had agreed on and every move the guest made, each at its place and
unchanged, and adds no move for the guest. A hostile host's log that does otherwise is refused as cheating,
with a message, and the guest's game stays exactly as it was; an honest resync still goes through."""
from __future__ import annotations

import json

import crystalclans as cc
from app.net.protocol import dump
from app.net.resume import Resume, game_id
from app.net.session import Session
from crystalclans.rng import Rng, seed_state
from .test_p2p_session import Wire, deliver, linked_game

HOST, GUEST = 0, 1


def decisions(game: cc.Game) -> list[tuple[int, str, int]]:
    """For each move of the game's log: who decided it, whether in secret and how many options it had."""
    out = [(g.decision.player, g.decision.secret, len(g.decision.options)) for g in game.replay()
           if g.decision is not None]
    return out[:len(game.log)]


def deciders(game: cc.Game) -> list[int]:
    return [p for p, _, _ in decisions(game)]


def open_choices(game: cc.Game, seat: int) -> list[int]:
    """Positions in the log where `seat` made an open (not secret) choice that had an alternative."""
    return [i for i, (p, secret, n) in enumerate(decisions(game)) if p == seat and not secret and n > 1]


def forged(setup: dict, moves: list[str], length: int, stop_after_seat: int | None = None) -> cc.Game:
    """A game from `moves`, continued with each decision's first option up to `length` moves (or until a
    move by `stop_after_seat`): what a modified host computes to send a log that replays and hashes right."""
    g = cc.Game.from_log(setup, moves)
    while g.decision is not None and len(g.log) < length:
        who = g.decision.player
        g.apply(g.decision.options[0])
        if who == stop_after_seat:
            break
    return g


def other_choice(game: cc.Game, i: int) -> str:
    g = cc.Game.from_log(game.setup, game.log[:i])
    return next(str(a) for a in g.legal_actions() if str(a) != game.log[i])


def desynced(seed: int = 5, moves: int = 24):
    """Seat 0 hosts, seat 1 is the guest (the page under test). Both play until the host must make an open
    choice; then a move from the host whose state hash differs stops play on both pages: a resync is due."""
    wire, _, _, g0, g1 = linked_game(clans=("blood", "skull"))
    host, guest = Session(g0, HOST, wire.sender(0)), Session(g1, GUEST, wire.sender(1))
    rng = Rng(seed_state(seed))
    while (len(guest.game.log) < moves or guest.game.decision.player != HOST
           or guest.game.decision.secret):
        side = 0 if host.offered() else 1
        s = (host, guest)[side]
        s.play(s.offered()[rng.below(len(s.offered()))])
        deliver(wire, (host, guest))
    assert open_choices(guest.game, GUEST) and open_choices(guest.game, HOST)
    legal = str(guest.game.legal_actions()[0])
    assert "hash" in guest.receive(dump("action", seq=guest.seq, move=legal, hash="0" * 64))
    deliver(wire, (host, guest))  # the guest's out_of_step stops the host too
    assert guest.desync and host.desync
    return wire, host, guest


def assert_refused_and_unchanged(guest: Session, text: str, *words: str) -> str:
    log, h, run = list(guest.game.log), guest.game.state_hash(), list(guest.run)
    reason = guest.receive(text)
    assert reason is not None and reason.startswith("Refused") and "cheating" in reason, reason
    for w in words:
        assert w in reason, reason
    assert guest.game.log == log and guest.game.state_hash() == h and guest.run == run
    assert guest.desync and "refused as cheating" in guest.desync and not guest.offered()
    return reason


def resync_of(g: cc.Game) -> str:
    return dump("resync", log=list(g.log), hash=g.state_hash())


def test_a_resync_that_rewrites_a_guest_move_is_refused_and_changes_nothing():
    wire, host, guest = desynced()
    log = guest.game.log
    j = open_choices(guest.game, GUEST)[-1]
    g = forged(guest.game.setup, log[:j] + [other_choice(guest.game, j)], len(log) + 2)
    reason = assert_refused_and_unchanged(guest, resync_of(g), f"move {j + 1}", "yours")
    assert repr(log[j]) in reason
    assert str(j + 1) in guest.desync
    # an early guest move too (the log then goes on with first options to the same length)
    j = open_choices(guest.game, GUEST)[0]
    g = forged(guest.game.setup, log[:j] + [other_choice(guest.game, j)], len(log))
    assert_refused_and_unchanged(guest, resync_of(g), f"move {j + 1}", "yours")


def test_a_resync_that_drops_a_guest_move_is_refused():
    wire, host, guest = desynced()
    log = guest.game.log
    who = deciders(guest.game)
    # a guest move the host had taken (a host move follows it): the log stops just before it
    j = max(i for i in range(len(log)) if who[i] == GUEST and HOST in who[i + 1:])
    assert_refused_and_unchanged(guest, resync_of(cc.Game.from_log(guest.game.setup, log[:j])), f"move {j + 1}", "yours")
    # the guest move taken out and the moves after it moved up a place, as far as they replay
    for j in reversed(open_choices(guest.game, GUEST)):
        g = cc.Game.from_log(guest.game.setup, log[:j])
        for move in log[j + 1:]:
            if move not in [str(a) for a in g.legal_actions()]:
                break
            g.apply(move)
        if len(g.log) > j:
            break
    else:
        raise AssertionError("no guest move whose next move replays in its place")
    g = forged(guest.game.setup, g.log, len(log))
    assert_refused_and_unchanged(guest, resync_of(g), f"move {j + 1}", "yours")


def test_a_resync_that_changes_an_agreed_host_move_or_stops_short_of_them_is_refused():
    wire, host, guest = desynced()
    log = guest.game.log
    k = open_choices(guest.game, HOST)[-1]
    g = forged(guest.game.setup, log[:k] + [other_choice(guest.game, k)], len(log) + 2)
    assert_refused_and_unchanged(guest, resync_of(g), f"move {k + 1}", "both games held")
    # shorter than what both games held, cut at a host move
    k = max(i for i, p in enumerate(deciders(guest.game)) if p == HOST)
    assert_refused_and_unchanged(guest, resync_of(cc.Game.from_log(guest.game.setup, log[:k])), f"{len(log)} moves")
    start = cc.Game.from_setup(guest.game.setup)
    assert_refused_and_unchanged(guest, dump("resync", log=[], hash=start.state_hash()))


def test_a_resync_that_adds_a_move_for_the_guest_is_refused():
    wire, host, guest = desynced()
    log = guest.game.log
    g = forged(guest.game.setup, list(log), len(log) + 50, stop_after_seat=GUEST)
    assert deciders(g)[-1] == GUEST and g.log[:len(log)] == log
    assert_refused_and_unchanged(guest, resync_of(g), f"move {len(g.log)}", "for you")


def test_an_honest_resync_still_works_and_play_goes_on():
    wire, host, guest = desynced()
    before = host.game.state_hash()
    guest.request_resync()
    deliver(wire, (host, guest))
    assert not host.desync and not guest.desync
    assert guest.game.state_hash() == host.game.state_hash() == before
    o = host.offered()
    host.play(o[0])
    deliver(wire, (host, guest))
    assert guest.game.state_hash() == host.game.state_hash() != before


def test_a_resync_that_goes_on_with_the_hosts_own_moves_is_taken():
    """Moves the host made after the guest's last one are the host's to make: a log that adds them keeps
    the guest's game."""
    wire, host, guest = desynced()
    log = list(guest.game.log)
    g = forged(guest.game.setup, log, len(log) + 1)
    assert deciders(g)[-1] == HOST
    assert guest.receive(resync_of(g)) is None
    assert not guest.desync and guest.game.log[:len(log)] == log and guest.game.state_hash() == g.state_hash()


def test_a_guest_move_the_host_refused_may_be_left_out_and_is_chosen_again():
    """The host finds the games differ after the guest's move: it never took that move, so its log ends
    before it; the guest keeps everything before and chooses that move again."""
    wire, _, _, g0, g1 = linked_game(clans=("blood", "skull"))
    host, guest = Session(g0, HOST, wire.sender(0)), Session(g1, GUEST, wire.sender(1))
    rng = Rng(seed_state(3))
    while len(guest.game.log) < 20 or not guest.offered() or guest.game.decision.secret:
        side = 0 if host.offered() else 1
        s = (host, guest)[side]
        s.play(s.offered()[rng.below(len(s.offered()))])
        deliver(wire, (host, guest))
    held = list(guest.game.log)
    guest.play(guest.offered()[0])
    sent = json.loads(wire.queues[0].pop())
    assert sent["t"] == "action"
    assert "hash" in host.receive(dump("action", seq=sent["seq"], move=sent["move"], hash="0" * 64))
    deliver(wire, (host, guest))  # out_of_step at the guest's move
    assert guest.desync and len(guest.game.log) == len(held) + 1
    guest.request_resync()
    deliver(wire, (host, guest))
    assert not guest.desync and guest.game.log == held == host.game.log
    assert guest.offered()


def test_a_resync_after_the_guest_revealed_its_secret_picks_is_refused():
    """The host has seen the guest's picks of an open run; a resync now would let it choose its own again."""
    wire, _, _, g0, g1 = linked_game(clans=("blood", "skull"))
    host, guest = Session(g0, HOST, wire.sender(0)), Session(g1, GUEST, wire.sender(1))
    rng = Rng(seed_state(8))
    for _ in range(5000):
        d = guest.game.decision
        if d is not None and d.secret:
            break
        side = 0 if host.offered() else 1
        s = (host, guest)[side]
        s.play(s.offered()[rng.below(len(s.offered()))])
        deliver(wire, (host, guest))
    for _ in range(10):  # every pick committed; the guest's reveal goes out, the host's never arrives
        for s in (host, guest):
            if s.offered():
                s.play(s.offered()[0])
        for text in list(wire.queues[0]):
            wire.queues[0].remove(text)
            if json.loads(text)["t"] == "secret_commit":
                assert host.receive(text) is None
        for text in list(wire.queues[1]):
            wire.queues[1].remove(text)
            if json.loads(text)["t"] == "secret_commit":
                assert guest.receive(text) is None
        if guest.revealed_sent:
            break
    assert guest.revealed_sent and guest.run
    assert guest.receive(dump("out_of_step", at=guest.seq)) is None and guest.desync
    assert_refused_and_unchanged(guest, resync_of(guest.game), "revealed")


# ---------------------------------------------------------------------- the same rule after a re-link
def test_after_a_relink_a_host_log_that_rewrites_a_guest_move_is_refused():
    wire, host, guest = desynced()
    g0, g1 = host.game.clone(), guest.game.clone()
    # the host's page sends a resume whose hash differs, then a log that changes a guest move
    rs = (None, Resume(g1.clone(), GUEST, False, Wire().sender(1)))
    rs[1].start()
    assert rs[1].receive(dump("resume", game=game_id(g1), card_set=cc.base_set().hash, seat=HOST,
                              have=len(g1.log), hash="0" * 64)) is None
    assert rs[1].out_of_step and rs[1].session is None
    j = open_choices(g1, GUEST)[-1]
    bad = forged(g1.setup, g1.log[:j] + [other_choice(g1, j)], len(g1.log))
    reason = rs[1].receive(resync_of(bad))
    assert reason and "cheating" in reason and "yours" in reason
    assert rs[1].session is None and rs[1].game.log == g1.log and "refused as cheating" in rs[1].out_of_step
    k = open_choices(g1, HOST)[-1]
    bad = forged(g1.setup, g1.log[:k] + [other_choice(g1, k)], len(g1.log))
    assert "both games held" in rs[1].receive(resync_of(bad))
    # the honest host's log (the same game) is taken
    assert rs[1].receive(resync_of(g0)) is None
    assert rs[1].session is not None and rs[1].session.game.state_hash() == g0.state_hash()


def test_after_a_relink_games_whose_hashes_differ_resync_honestly():
    """Resume messages damaged on the way: both pages find the games differ, and the guest's resync from the
    host's (same) log goes through."""
    wire, host, guest = desynced()
    g0, g1 = host.game.clone(), guest.game.clone()
    w = Wire()
    rs = (Resume(g0, HOST, True, w.sender(0)), Resume(g1, GUEST, False, w.sender(1)))
    rs[0].start()
    rs[1].start()
    w.queues[0][0] = w.queues[0][0].replace(g1.state_hash(), "1" * 64)
    w.queues[1][0] = w.queues[1][0].replace(g0.state_hash(), "1" * 64)
    deliver(w, rs)
    assert rs[0].out_of_step and rs[1].out_of_step
    rs[1].request_resync()
    deliver(w, rs)
    assert rs[1].session.game.state_hash() == rs[0].session.game.state_hash() == g0.state_hash()


def test_the_refusal_is_said_in_the_players_language():
    from app import i18n
    from app.net.resync import Cheating, refusal

    try:
        i18n.use("de")
        text = refusal(Cheating("a resync that changes move 7", 7))
        assert "Betrug" in text and "Spielschritt 7" in text and "Neu abgleichen" in text
    finally:
        i18n.use("en")
    assert refusal(Cheating("x", 7, "added")).startswith("The host's game was refused as cheating: it makes move 7")
