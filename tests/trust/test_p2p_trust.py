"""Two pages of Crystal Clans online without trust (net/trust.py, issue 28 step 2): two sessions over a fake
transport play whole games with greedy bots, each page holding only its one-sided game; every move compared
by public hash; at the end both open and both audits pass. What a page received never names a card of the
other's hand or draw pile before it is public, nor does its save; lying peers are caught on the honest page."""
from __future__ import annotations

import json
import time

import pytest

import crystalclans as cc
from app.net.handshake import Handshake
from app.net.protocol import dump, parse
from app.net.session import Session
from app.net.trust import Secrets
from crystalclans.ai.bots import GreedyBot, RandomBot


class Wire:
    def __init__(self):
        self.queues = ([], [])
        self.log: list[tuple[int, str]] = []  # (sender, text)

    def sender(self, side: int):
        def send(text: str) -> None:
            self.queues[1 - side].append(text)
            self.log.append((side, text))
        return send


def pump(wire: Wire, ends, on_receive=None) -> list[str]:
    """Deliver every queued message; returns the refusals."""
    refused = []
    while any(wire.queues):
        for side in (0, 1):
            while wire.queues[side]:
                text = wire.queues[side].pop(0)
                if on_receive is not None:
                    on_receive(side, text)
                r = ends[side].receive(text)
                if r is not None:
                    refused.append(f"side {side}: {r}")
    return refused


def link(clans=("meteor", "water"), mulligan=True, seed=1):
    """Two linked pages' sessions (their seed values fixed: a reproducible deal)."""
    wire = Wire()
    hs = [Handshake("host", "Ada", "crystalclans", wire.sender(0)), Handshake("guest", "Bo", "", wire.sender(1))]
    for x in (0, 1):
        hs[x].value = f"{seed * 2 + x:032x}"
        hs[x].private = Secrets(seed * 7919 + x, f"{seed * 31 + x:032x}")
    hs[0].start()
    hs[1].start()
    assert not pump(wire, hs)
    hs[0].host_setup({"clans": list(clans), "first": "random", "mulligan": mulligan}, ["Ada", "Bo"], guest_seat=1)
    assert not pump(wire, hs)
    games = [h.game() for h in hs]
    assert games[0].public_hash() == games[1].public_hash()
    assert games[0].state_hash() != games[1].state_hash()  # each holds its own deck only
    wire.log.clear()
    sessions = [Session(games[x], x, wire.sender(x), private=hs[x].private) for x in (0, 1)]
    return wire, hs, sessions


def play_out(wire, sessions, bots, max_moves=3000, received=None, saves=None, audit_each=False):
    """The bots play through the sessions until the game is over; returns (moves, ms per own move)."""
    ms = []
    moves = 0
    while not any(s.over for s in sessions) and moves < max_moves:
        for x in (0, 1):
            s = sessions[x]
            offered = s.offered()
            if not offered:
                continue
            g = s.display()
            choice = str(bots[x].choose(g))
            if choice not in offered:
                choice = offered[0]
            t = time.perf_counter()
            s.play(choice)
            refused = pump(wire, sessions, received)
            ms.append((time.perf_counter() - t) * 1000)
            moves += 1
            assert not refused, refused
            if received is not None:
                received(None, None)  # every message of the exchange is taken
            if saves is not None:
                saves.append((x, s.game.to_json()))
            break
        else:
            raise AssertionError(f"nobody may move: {sessions[0].game.decision} / {sessions[1].game.decision}")
    return moves, ms


def bots_for(seed, kind="greedy"):
    if kind == "greedy":
        return [GreedyBot(seed, samples=1, lookahead=4), GreedyBot(seed + 1, samples=1, lookahead=4)]
    return [RandomBot(seed), RandomBot(seed + 1)]


@pytest.mark.parametrize("clans,kind,seed", [(("meteor", "water"), "greedy", 1), (("skull", "flower"), "random", 2),
                                             (("water", "skull"), "random", 3)])
def test_two_pages_play_a_whole_game_and_both_audits_pass(clans, kind, seed):
    wire, hs, sessions = link(clans)
    moves, ms = play_out(wire, sessions, bots_for(seed, kind))
    assert all(s.over for s in sessions), "the game did not end"
    assert sessions[0].game.public_hash() == sessions[1].game.public_hash()
    assert not pump(wire, sessions)
    for x in (0, 1):
        a = sessions[x].audit
        assert a is not None and a.verdict == "honest", a
        assert cc.Game.from_json(a.game.to_json()).state_hash() == a.game.state_hash()
    assert sessions[0].audit.game.state_hash() == sessions[1].audit.game.state_hash()


def test_nothing_received_or_saved_names_a_hidden_card_of_the_other():
    """Every message a page received, and each of its saves, is checked against the full game at that
    moment: no unit id of the other's hand or draw pile appears unless it was public by then (named in the
    log of the one-sided game, which holds what the page learnt)."""
    wire, hs, sessions = link(("meteor", "water"))
    leaks = []

    def shown_to(x: int) -> str:
        """What the page of seat x shows its player (its view, without the log)."""
        v = sessions[x].game.view(x)
        v.pop("log", None)
        return json.dumps(v)

    pending = []
    checked = []

    def on_receive(side: int, text: str) -> None:
        """Before a message is taken: the ids it names that are in the other's hand or pile now and not shown
        to this page; each must be shown once the exchange is taken (a summon names the card it makes public)."""
        if side is None:
            check_pending()
            return
        if parse(text).t == "opening":
            return
        g = sessions[1 - side].game  # the sender's game knows its own hand and pile truly
        U = g.U
        hidden = {U[c >> 1].id for c in list(g.hands[1 - side]) + list(g.draws[1 - side])}
        named = {uid for uid in hidden if uid in text}
        checked.append(len(named))
        named -= {uid for uid in named if uid in shown_to(side)}  # public already (a recover from the discards)
        pending.append((side, named, text))

    def check_pending() -> None:
        while pending:
            side, named, text = pending.pop()
            shown = shown_to(side)
            for uid in named:
                if uid not in shown:
                    leaks.append((side, uid, text))

    saves = []
    play_out(wire, sessions, bots_for(11, "random"), received=on_receive, saves=saves)
    check_pending()
    assert not leaks, leaks[:3]
    assert sum(checked) > 10  # cards of the other's hand named as they became public (the check bites)
    # a save holds the page's own seed only and names no card of the other's that is still hidden
    for x, text in saves[::7]:
        d = json.loads(text)
        assert d["setup"]["private_seeds"][1 - x] is None
        g = cc.Game.from_json(text)
        assert not g.sees(1 - x)


def test_measure_bytes_per_reveal_and_ms_per_move(capsys):
    wire, hs, sessions = link(("flower", "skull"))
    moves, ms = play_out(wire, sessions, bots_for(5, "random"))
    actions = [json.loads(t) for _, t in wire.log if json.loads(t)["t"] == "action"]
    reveals = [len(json.dumps(a, separators=(",", ":"))) for a in actions if a["move"].startswith("reveal")]
    sizes = sorted(len(json.dumps(a, separators=(",", ":"))) for a in actions)
    ms.sort()
    with capsys.disabled():
        print(f"\n{moves} moves; ms per own move (play + the other page's receive): median {ms[len(ms) // 2]:.2f}, "
              f"p95 {ms[int(len(ms) * .95)]:.2f}; action message bytes median {sizes[len(sizes) // 2]}, max {sizes[-1]}; "
              f"reveal messages {len(reveals)}, bytes max {max(reveals, default=0)}; "
              f"opening bytes {[len(t) for _, t in wire.log if json.loads(t)['t'] == 'opening']}")
    assert max(reveals, default=0) < 1000


def test_a_reload_mid_game_resumes_from_the_one_sided_saves_and_the_audit_still_passes():
    from app.link import SavedOnline
    from app.net.resume import Resume

    wire, hs, sessions = link(("water", "meteor"), seed=4)
    play_out(wire, sessions, bots_for(4, "random"), max_moves=120)
    assert not any(s.over for s in sessions)
    # what each page's autosave keeps: its one-sided game and its secrets (net/link.py's saved())
    saved = []
    for x, s in enumerate(sessions):
        text = s.game.to_json()
        assert json.loads(text)["setup"]["private_seeds"][1 - x] is None
        g = cc.Game.from_json(text)
        assert g.public_hash() == s.game.public_hash() and not g.sees(1 - x)
        saved.append(SavedOnline(g, x, ["Ada", "Bo"], trust=s.private.to_json()))
        assert saved[-1].private is not None and saved[-1].private.salt == s.private.salt
    assert SavedOnline(saved[0].game, 0, ["Ada", "Bo"], trust={**sessions[1].private.to_json()}).private is None
    wire = Wire()
    rs = [Resume(saved[x].game, x, x == 0, wire.sender(x), private=saved[x].private) for x in (0, 1)]
    for r in rs:
        r.start()
    assert not pump(wire, rs)
    sessions = [r.session for r in rs]
    assert all(s is not None and s.private is not None for s in sessions)
    play_out(wire, sessions, bots_for(5, "random"))
    assert not pump(wire, sessions)
    assert [s.audit.verdict for s in sessions] == ["honest", "honest"]


# ---------------------------------------------------------------------------------------------- lying peers
def swap_hand_and_pile(g: cc.Game, seat: int) -> bool:
    """A lying page's own game: a card of its hand traded for one of another unit from its pile (its hand now
    holds a card the committed order put elsewhere). False where no such pair is there."""
    from crystalclans.unseen import recompute

    U = g.U
    for i, c in enumerate(g.hands[seat]):
        for j, d in enumerate(g.draws[seat]):
            if U[c >> 1].id != U[d >> 1].id:
                g.hands[seat][i], g.draws[seat][j] = d, c
                recompute(g)
                return True
    return False


def finish(wire, sessions, seed=21, kind="random"):
    play_out(wire, sessions, bots_for(seed, kind))
    refused = pump(wire, sessions)
    return refused


def test_a_card_not_in_hand_is_caught_on_both_pages():
    wire, hs, sessions = link(("meteor", "water"), seed=6)
    liar = 1
    play_out(wire, sessions, bots_for(6, "random"), max_moves=20)
    assert swap_hand_and_pile(sessions[liar].game, liar)
    try:
        finish(wire, sessions, seed=6)
    except AssertionError as e:  # refused at once by the honest page: a lie it could see (also a catch)
        assert "Refused" in str(e)
        return
    honest = sessions[1 - liar].audit
    assert honest.verdict == "cheated" and honest.seat == liar, honest
    assert honest.reason in ("card_not_in_hand", "false_reveal", "illegal_move") and honest.step is not None
    assert sessions[liar].audit.verdict == "cheated" and sessions[liar].audit.seat == liar
    from app.net.trust import verdict_text
    text = verdict_text(honest, 1 - liar)
    assert text.startswith(f"Cheating caught at move {honest.step}: The other player")


def test_a_forged_seed_is_caught():
    wire, hs, sessions = link(("skull", "meteor"), seed=7)
    liar = 0
    real = sessions[liar].private.seed
    sessions[liar].private.seed = real + 1  # the opening names another seed than the committed one
    finish(wire, sessions, seed=7)
    a = sessions[1 - liar].audit
    assert a.verdict == "cheated" and a.seat == liar and a.reason == "forged_order", a
    from app.net.trust import verdict_text
    assert "forged deck order" in verdict_text(a, 1 - liar)


def test_a_game_dealt_from_another_seed_than_the_committed_one_is_caught():
    """A page that plays from another deck order than it committed to (it opens the committed seed)."""
    wire, hs, sessions = link(("flower", "water"), seed=8)
    liar = 1
    g = sessions[liar].game
    other = cc.new_game(tuple(g.setup["clans"]), seed=g.setup["seed"], mulligan=g.setup.get("mulligan", False),
                        first_player=g.setup.get("first_player"), private_seeds=(None, 123456789))
    assert other.public_hash() == g.public_hash()
    sessions[liar].game = other
    finish(wire, sessions, seed=8)
    a = sessions[1 - liar].audit
    assert a.verdict == "cheated" and a.seat == liar and a.reason in ("card_not_in_hand", "false_reveal",
                                                                       "illegal_move"), a


def test_a_refused_opening_is_a_forfeit():
    wire, hs, sessions = link(("meteor", "water"), seed=9)
    liar = 0
    sessions[liar].send = lambda text: None if parse(text).t == "opening" else wire.sender(liar)(text)
    finish(wire, sessions, seed=9)
    honest = sessions[1 - liar]
    assert honest.over and honest.audit is None  # waiting for the other's opening
    honest.forfeit_audit()  # its time ran out
    assert honest.audit.verdict == "forfeit" and honest.audit.seat == liar
    from app.net.trust import verdict_text
    assert "did not open" in verdict_text(honest.audit, 1 - liar)


def test_an_opening_before_the_end_is_refused_and_a_resignation_is_audited():
    wire, hs, sessions = link(("water", "skull"), seed=10)
    play_out(wire, sessions, bots_for(10, "random"), max_moves=30)
    early = dump("opening", seed=1, salt="0" * 32, hidden={})
    assert "before the game is over" in sessions[0].receive(early)
    sessions[1].resign()
    assert not pump(wire, sessions)
    assert [s.audit.verdict for s in sessions] == ["honest", "honest"]
    assert sessions[0].winner == 0


class LiesAtReveals(Session):
    """A lying page: when it must show cards (a reveal), it first trades them in its own game for cards of
    another unit (the top of its pile with a card from deeper down or its hand; its hand with its pile)."""

    lied = 0

    def _answer_reveals(self) -> None:
        g = self.game
        d = g.decision
        if self.private is not None and d is not None and d.kind == "reveal" and d.player == self.me:
            from crystalclans.unseen import recompute

            what = g.reveal_request()["what"]
            U, p = g.U, self.me
            if what == "hand":
                self.lied += swap_hand_and_pile(g, p)
            elif g.draws[p]:
                top = g.draws[p][-1]
                pool = [("draws", j) for j in range(len(g.draws[p]) - 1)] + [("hands", j) for j in range(len(g.hands[p]))]
                for where, j in pool:
                    pile = getattr(g, where)[p]
                    if U[pile[j] >> 1].id != U[top >> 1].id:
                        pile[j], g.draws[p][-1] = top, pile[j]
                        recompute(g)
                        self.lied += 1
                        break
        super()._answer_reveals()


@pytest.mark.parametrize("seed", [31, 32])
def test_a_false_reveal_is_caught_on_the_honest_page(seed):
    wire, hs, sessions = link(("flower", "skull"), seed=seed)  # Spirit Guide mills, Sybel... reveals happen
    liar = 1
    s = sessions[liar]
    sessions[liar] = LiesAtReveals(s.game, liar, s.send, private=s.private)
    try:
        finish(wire, sessions, seed=seed)
    except AssertionError as e:
        assert "Refused" in str(e)  # a lie the honest page could see at once
        return
    assert sessions[liar].lied, "no reveal was asked of the liar in this game"
    a = sessions[1 - liar].audit
    assert a.verdict == "cheated" and a.seat == liar and a.reason in ("false_reveal", "card_not_in_hand"), a


def test_the_game_over_panel_says_the_audit_in_english_and_german():
    from types import SimpleNamespace

    from app import i18n, render

    wire, hs, sessions = link(("meteor", "water"), seed=6)
    play_out(wire, sessions, bots_for(6, "random"), max_moves=20)
    assert swap_hand_and_pile(sessions[1].game, 1)
    finish(wire, sessions, seed=6)
    app = SimpleNamespace(session=sessions[0], names=["Ada", "Bo"])
    html = render.rematch_controls(app)
    assert 'data-audit="cheated"' in html and "Cheating caught at move" in html and "Bo:" in html
    try:
        i18n.use("de")
        html = render.rematch_controls(app)
        assert "Betrug entdeckt bei Zug" in html and "nicht auf der Hand" in html
    finally:
        i18n.use("en")
    honest = SimpleNamespace(session=sessions[1], names=["Ada", "Bo"])
    assert "You:" in render.rematch_controls(honest)


def test_a_resync_sends_only_the_hosts_public_moves_keeps_the_guests_own_and_the_audit_passes():
    wire, hs, sessions = link(("meteor", "skull"), seed=12)
    play_out(wire, sessions, bots_for(12, "random"), max_moves=60)
    host, guest = sessions
    while host.offered() == [] or guest.offered() != []:  # a point where the host moves next, all delivered
        play_out(wire, sessions, bots_for(13, "random"), max_moves=1)
    # the host's page sends a move whose public hash differs: the guest stops, and so does the host
    move = host.offered()[0]
    assert "differs" in guest.receive(dump("action", seq=len(host.game.log) + 1, move=move, hash="0" * 64))
    assert not pump(wire, sessions)
    assert guest.desync and host.desync
    guest.request_resync()
    assert not pump(wire, sessions)
    assert not guest.desync and not host.desync
    text = json.loads([t for s, t in wire.log if s == 0 and json.loads(t)["t"] == "resync"][-1])
    assert text["log"] == [host.game.wire_text(i, 1) for i in range(len(host.game.log))]
    play_out(wire, sessions, bots_for(14, "random"))
    assert not pump(wire, sessions)
    assert [s.audit.verdict for s in sessions] == ["honest", "honest"]


def test_a_private_resync_that_rewrites_a_guest_move_is_refused():
    from app.net.resync import Cheating, resynced, wire_log

    wire, hs, sessions = link(("water", "meteor"), seed=14)
    play_out(wire, sessions, bots_for(14, "random"), max_moves=40)
    host, guest = sessions
    log = wire_log(host.game, len(host.game.log), 1)
    h = host.game.public_hash()
    assert resynced(guest.game, 1, log, h).public_hash() == h  # the honest one replays
    i = next(i for i, t in enumerate(log) if guest.game.log[i] == t and guest.game.wire_text(i, 0) == t
             and host.game.log[i] == t and host.game.decision is not None and i > 2
             and t.startswith(("summon", "play", "move", "pass")) and
             type(guest.game).from_log(guest.game.setup, guest.game.log[:i]).decision.player == 1)
    g = type(guest.game).from_log(guest.game.setup, guest.game.log[:i])
    other = next((str(a) for a in g.legal_actions() if str(a) != log[i]), None)
    if other is None:
        pytest.skip("no alternative move")
    with pytest.raises(Cheating):
        resynced(guest.game, 1, log[:i] + [other] + log[i + 1:], h)


def test_the_liars_page_is_told_of_a_refused_move_and_of_the_audits_verdict():
    """Both pages show a lie: the honest page tells the other (a `caught` message) when it refuses a move of hers
    as not legal, and when its audit at the end finds cheating, which her page shows beside its own verdict."""
    from types import SimpleNamespace

    from app import render

    wire, hs, sessions = link(("meteor", "water"), seed=7)
    liar = 1
    bots = bots_for(7, "random")
    while not sessions[liar].offered() or sessions[liar].game.decision.kind != "action":
        play_out(wire, sessions, bots, max_moves=1)
    g = sessions[1 - liar].game
    seq = len(g.log) + 1
    lie = dump("action", seq=seq, move="summon meteor.astral_twins", hash=g.public_hash())  # the host's clan's card
    assert "is not legal" in sessions[1 - liar].receive(lie)
    assert not pump(wire, sessions)
    assert sessions[liar].notice == f"The other page refused move {seq} of this page as not legal: it takes it for cheating."
    assert sessions[1 - liar].receive(lie) is not None and not wire.queues[liar]  # said once a move
    sessions[liar].private.seed += 1  # and its opening names another seed than the committed one
    sessions[liar].resign()
    assert not pump(wire, sessions)
    assert sessions[1 - liar].audit.reason == "forged_order"
    theirs = sessions[liar].their_audit
    assert theirs is not None and (theirs.verdict, theirs.seat, theirs.reason) == ("cheated", liar, "forged_order")
    html = render.rematch_controls(SimpleNamespace(session=sessions[liar], names=["Ada", "Bo"]))
    assert 'data-audit-theirs="cheated"' in html and "The other page&#x27;s audit: Cheating caught: You:" in html
    early = dump("caught", verdict="cheated", seat=0, step=3, reason="false_reveal")
    assert "a second one" in sessions[liar].receive(early)
