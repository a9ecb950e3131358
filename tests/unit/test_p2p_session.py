"""Peer-to-peer play without the browser (py/app/net): the handshake's joint seed, lockstep play of whole
games between two sessions, secrets that stay secret until both picks are fixed, and a hostile test peer
whose every bad message is refused with a reason while the game stays exactly as it was."""
from __future__ import annotations

import json

import pytest

import crystalclans as cc
from app.net.handshake import Handshake
from app.net.protocol import ProtocolError, commitment, dump, parse
from app.net.session import Session
from crystalclans.rng import Rng, seed_state

HASH = cc.base_set().hash


class Wire:
    """Two endpoints with queues: what one side sends, the other receives when delivered."""

    def __init__(self):
        self.queues = ([], [])  # messages to side 0, to side 1
        self.log: list[tuple[int, str]] = []  # (sender, text)

    def sender(self, side: int):
        def send(text: str) -> None:
            self.queues[1 - side].append(text)
            self.log.append((side, text))
        return send


def deliver(wire: Wire, ends) -> int:
    n = 0
    while any(wire.queues):
        for side in (0, 1):
            while wire.queues[side]:
                reason = ends[side].receive(wire.queues[side].pop(0))
                assert reason is None, reason
                n += 1
    return n


def linked_game(seed_names=("Ada", "Bo"), clans=("meteor", "water"), values=("a1" * 16, "b2" * 16),
                game="crystalclans", options=None):
    """Two linked sessions' game; the seed values are fixed so the deal (and the test) is reproducible."""
    wire = Wire()
    host = Handshake("host", seed_names[0], game, wire.sender(0), trust=False)  # whole games (tests/trust: one-sided)
    guest = Handshake("guest", seed_names[1], "", wire.sender(1), trust=False)
    host.value, guest.value = values
    host.start()
    guest.start()
    deliver(wire, (host, guest))
    host.host_setup(options or {"clans": list(clans), "first": "random", "mulligan": False}, list(seed_names),
                    guest_seat=1)
    deliver(wire, (host, guest))
    assert host.seed == guest.seed is not None
    g0, g1 = host.game(), guest.game()
    assert g0.state_hash() == g1.state_hash()
    return wire, host, guest, g0, g1


def setup_refused(game: str, options: dict, reason: str) -> None:
    """A guest linked to a host of `game` gets a setup with `options` the host's own page would not send (the
    host refuses to send it, unless `reason` is "players": a setup of more players than two pages): the guest
    refuses it with `reason` in its words, holds no setup and deals no game."""
    wire = Wire()
    host = Handshake("host", "Ada", game, wire.sender(0))
    guest = Handshake("guest", "Bo", "", wire.sender(1))
    host.start()
    deliver(wire, (host, guest))
    assert guest.game_name == game and guest.seed is not None
    if reason != "players":
        with pytest.raises(ValueError):  # the host's own page does not send it
            host.host_setup(options, ["Ada", "Bo"], guest_seat=1)
    said = guest.receive(dump("setup", game=game, options=options, names=["Ada", "Bo"], guest_seat=1))
    assert said and said.startswith("Refused") and reason in said, said
    assert guest.setup is None
    with pytest.raises(ValueError):
        guest.game()


def test_the_seed_is_made_jointly_and_a_wrong_reveal_is_refused():
    wire, host, guest, _, _ = linked_game()
    assert host.their_name == "Bo" and guest.their_name == "Ada"
    # nobody revealed before holding the other's commitment
    order = [json.loads(t)["t"] for _, t in wire.log]
    assert order.index("seed_reveal") > order.index("seed_commit")
    w = Wire()
    h = Handshake("host", "A", "crystalclans", w.sender(0), trust=False)
    h.start()
    assert "before the hello" in h.receive(dump("seed_commit", c=commitment("0" * 32, "1" * 32)))
    assert h.receive(dump("hello", app="x", card_set=HASH, name="E", role="guest")) is None
    h.receive(dump("seed_commit", c=commitment("0" * 32, "1" * 32)))
    assert "does not match" in h.receive(dump("seed_reveal", value="2" * 32, salt="0" * 32))
    assert h.seed is None  # a refused reveal: no game can start
    assert "second hello" in h.receive(dump("hello", app="x", card_set="0" * 64, name="E", role="guest"))
    h2 = Handshake("host", "A", "crystalclans", w.sender(0), trust=False)
    assert "other game content" in h2.receive(dump("hello", app="x", card_set="0" * 64, name="E", role="guest"))


def play_linked(seed: int, clans=("meteor", "water"), max_moves=6000):
    wire, _, _, g0, g1 = linked_game(clans=clans)
    ends = (Session(g0, 0, wire.sender(0)), Session(g1, 1, wire.sender(1)))
    rng = Rng(seed_state(seed))
    secret_checks = 0
    for _ in range(max_moves):
        if ends[0].over:
            break
        moved = False
        for side in (0, 1):
            offered = ends[side].offered()
            if offered:
                move = offered[rng.below(len(offered))]
                other = ends[1 - side]
                if other.game.decision is not None and other.game.decision.secret:
                    secret_checks += 1
                ends[side].play(move)
                moved = True
                break
        deliver(wire, ends)
        assert moved or ends[0].over, "nobody can move"
    return ends, wire, secret_checks


@pytest.mark.parametrize("seed, clans", [(1, ("meteor", "water")), (2, ("blood", "skull")), (3, ("stone", "flower"))])
def test_two_sessions_play_a_whole_game_in_lockstep(seed, clans):
    ends, wire, secrets = play_linked(seed, clans)
    assert ends[0].game.is_over and ends[1].game.is_over
    assert ends[0].game.state_hash() == ends[1].game.state_hash()
    assert ends[0].game.winner == ends[1].game.winner
    assert secrets > 0
    # a pick is revealed only after every pick of its run (a block of consecutive secret moves) is committed
    msgs = [(i, json.loads(t)) for i, (_, t) in enumerate(wire.log)]
    commits = {m["seq"]: i for i, m in msgs if m["t"] == "secret_commit"}
    for i, m in msgs:
        if m["t"] == "secret_reveal":
            block = {m["seq"]}
            for step in (1, -1):
                k = m["seq"] + step
                while k in commits:
                    block.add(k)
                    k += step
            assert all(commits[k] < i for k in block), f"move {m['seq']} revealed before its run was committed"
    for i, m in msgs:
        if m["t"] == "action":
            assert not m["move"].startswith(("play ", "predict ")), f"a secret sent in the open: {m}"


def at_a_decision_of(session: Session, kind: str | None = None) -> None:
    assert session.game.decision is not None and session.game.decision.player == session.them


def hostile_setup(decider: int = 1):
    """Seat 0 is us; seat 1 is the test peer, whose own engine copy tells it what is legal; played on until
    `decider` must decide (not a secret)."""
    wire, _, _, g0, g1 = linked_game(clans=("blood", "skull"))
    us = Session(g0, 0, wire.sender(0))
    peer = Session(g1, 1, wire.sender(1))
    rng = Rng(seed_state(5))
    while len(us.game.log) < 4 or us.game.decision.player != decider or us.game.decision.secret:
        side = 0 if us.offered() else 1
        s = (us, peer)[side]
        s.play(s.offered()[rng.below(len(s.offered()))])
        deliver(wire, (us, peer))
    return wire, us, peer


def test_a_hostile_peers_messages_are_refused_and_change_nothing():
    wire, us, peer = hostile_setup()
    g = us.game
    seq = us.seq
    legal = str(g.legal_actions()[0])
    trial = g.clone()
    trial.apply(legal)
    good_hash = trial.state_hash()
    bad = {
        "illegal": dump("action", seq=seq, move="summon nobody.nothing", hash=good_hash),
        "a future sequence number": dump("action", seq=seq + 3, move=legal, hash=good_hash),
        "replayed": dump("action", seq=seq - 1, move=g.log[-1], hash=good_hash),
        "malformed": '{"t": "action", "v": 1, "seq": "x"}',
        "not JSON": "{{{",
        "nested": "[" * 10_000,
        "oversized": dump("action", seq=seq, move=legal, hash=good_hash) + " " * 70_000,
        "unknown type": dump("teleport"),
        "another version": json.dumps({"t": "ping", "v": 9, "n": 1}),
        "a float": '{"t": "ping", "v": 1, "n": 1.5}',
        "a reveal without a commitment": dump("secret_reveal", seq=seq, move=legal, salt="0" * 32),
        "a setup during play": dump("setup", options={"clans": ["blood", "skull"]}, names=["a", "b"], guest_seat=1),
    }
    before = g.state_hash()
    for what, text in bad.items():
        reason = us.receive(text)
        assert reason and reason.startswith("Refused"), f"{what} was accepted"
        assert us.game.state_hash() == before and not us.desync, what
    wrong = us.receive(dump("action", seq=seq, move=legal, hash="0" * 64))
    assert "hash" in wrong and us.game.state_hash() == before and us.desync  # play stops: resync needed
    # out of turn: a move while we must decide
    wire, us, peer = hostile_setup(decider=0)
    before = us.game.state_hash()
    trial = us.game.clone()
    move = str(trial.legal_actions()[0])
    trial.apply(move)
    reason = us.receive(dump("action", seq=us.seq, move=move, hash=trial.state_hash()))
    assert "not your turn" in reason and us.game.state_hash() == before


def test_a_battle_reveal_that_does_not_match_its_commitment_is_refused():
    def seat_1_picks_first(seed: int):
        """A linked game played at random until seat 1 must pick a battle card first (None: it ended first)."""
        wire, _, _, g0, g1 = linked_game(clans=("blood", "skull"))
        ends = (Session(g0, 0, wire.sender(0)), Session(g1, 1, wire.sender(1)))
        rng = Rng(seed_state(seed))
        while not ends[0].game.is_over:
            d = ends[0].game.decision
            if d is not None and d.kind == "battle_card" and d.player == 1:
                return wire, ends
            side = 0 if ends[0].offered() else 1
            o = ends[side].offered()
            ends[side].play(o[rng.below(len(o))])
            deliver(wire, ends)
        return None

    wire, ends = next(f for f in map(seat_1_picks_first, range(8, 20)) if f is not None)
    us = ends[0]
    opts = [str(a) for a in us.game.legal_actions()]
    before = us.game.state_hash()
    assert us.receive(dump("secret_commit", seq=us.seq, c=commitment("a" * 32, opts[0]))) is None
    if us.offered():  # our own secret answer
        us.play(us.offered()[0])
    wire.queues[1].clear()
    reason = us.receive(dump("secret_reveal", seq=us.seq, move=opts[-1] if len(opts) > 1 else "play x",
                             salt="b" * 32))
    assert "does not match its commitment" in reason and us.game.state_hash() == before


def test_a_thousand_hostile_messages_never_escape_and_never_change_the_game():
    wire, us, peer = hostile_setup()
    before = us.game.state_hash()
    base = [dump("action", seq=us.seq, move=str(us.game.legal_actions()[0]), hash="1" * 64),
            dump("secret_commit", seq=us.seq, c="2" * 64), dump("ping", n=3), dump("resign"),
            dump("secret_reveal", seq=us.seq, move="play x", salt="3" * 32)]
    rng = Rng(seed_state(77))
    junk = ['"', "{", "}", "[", "]", ",", ":", "1", "-", "e9", "null", "true", "\\u0000", "\xff", "NaN", " "]
    refused = 0
    for i in range(1500):
        text = base[rng.below(len(base))]
        for _ in range(1 + rng.below(4)):
            k = rng.below(len(text) + 1)
            op = rng.below(3)
            if op == 0:
                text = text[:k] + junk[rng.below(len(junk))] + text[k:]
            elif op == 1:
                text = text[:k] + text[k + 1 + rng.below(8):]
            else:
                text = text.replace('"v":2', '"v":' + str(rng.below(4)), 1)
        if '"t":"resign"' in text or '"t":"ping"' in text:
            continue  # could be valid as mutated; the rest never are
        reason = us.receive(text)  # never raises
        refused += reason is not None
        assert us.game.state_hash() == before
    assert refused >= 1000


def test_protocol_parse_refuses_with_protocol_errors_only():
    for text in (None, 5, "", "[]", '{"t": 1}', '{"t": "hello", "v": 1}', "x" * 2_000_000):
        with pytest.raises(ProtocolError):
            parse(text)


def test_a_resignation_ends_the_game_on_both_sides_and_later_moves_are_refused():
    wire, us, peer = hostile_setup(decider=0)
    us.resign()
    deliver(wire, (us, peer))
    assert us.over and peer.over
    assert us.winner == peer.winner == 1
    before = peer.game.state_hash()
    move = us.game.decision.options[0]
    reason = peer.receive(dump("action", seq=us.seq, move=str(move), hash="0" * 64))
    assert reason is not None and "over" in reason
    assert peer.game.state_hash() == before
    us.resign()  # a second resignation sends nothing
    assert not wire.queues[1]


def test_a_rematch_needs_both_players_and_only_after_the_game():
    wire, us, peer = hostile_setup(decider=0)
    assert peer.receive(dump("rematch")) is not None  # during play: refused
    assert not us.ask_rematch() and not wire.queues[1]  # nothing to rematch yet
    us.resign()
    deliver(wire, (us, peer))
    assert us.ask_rematch() is False  # asked; the other has not
    deliver(wire, (us, peer))
    assert peer.rematch == {0}
    assert peer.receive(dump("rematch")) is not None  # the other side cannot ask twice for us
    assert peer.ask_rematch() is True
    deliver(wire, (us, peer))
    assert us.rematch == peer.rematch == {0, 1}


def test_after_a_desync_the_guest_replays_the_hosts_game_and_play_goes_on():
    wire, us, peer = hostile_setup(decider=1)  # us: the host (seat 0); the peer must decide
    before = us.game.state_hash()
    assert peer.receive(dump("resync_request", have=1, hash="0" * 64)) is not None  # guest: not its to answer
    assert us.receive(dump("resync_request", have=1, hash="0" * 64)) is not None  # no desync: refused
    legal = str(us.game.legal_actions()[0])
    assert "hash" in us.receive(dump("action", seq=us.seq, move=legal, hash="0" * 64))
    assert us.desync and us.game.state_hash() == before
    assert json.loads(wire.queues[1][-1])["t"] == "out_of_step"  # the host tells the guest
    deliver(wire, (us, peer))
    assert peer.desync and not peer.offered()
    assert "does not replay" in peer.receive(dump("resync", log=["nonsense"], hash=before))
    assert "does not match" in peer.receive(dump("resync", log=list(us.game.log), hash="0" * 64))
    peer.request_resync()
    deliver(wire, (us, peer))
    assert not us.desync and not peer.desync
    assert peer.game.state_hash() == us.game.state_hash() == before
    assert peer.offered()  # play goes on
    o = peer.offered()[0]
    peer.play(o)
    deliver(wire, (us, peer))
    assert peer.game.state_hash() == us.game.state_hash() != before


def test_a_page_of_the_old_protocol_is_refused_with_words_a_player_understands():
    h = Handshake("guest", "Bo", "", lambda text: None)
    old = json.dumps({"t": "hello", "v": 1, "app": "crystalclans-web/2", "game": "crystalclans", "card_set": HASH,
                      "name": "Ada", "role": "host"})
    reason = h.receive(old)
    assert "another version of this app" in reason and "reload both pages" in reason
