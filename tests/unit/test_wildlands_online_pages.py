"""Two whole pages (the App with its Link, in CPython) play Wildlands online: each page shows only its own
player's hand and start spaces; the questions asked at every action and attack (interrupt windows, defences)
are answered on the asked player's own page, by itself with `pass` when its answer clock runs out, and a pass
chosen early waits for that clock, so the asking page learns nothing from when the answer comes."""
from __future__ import annotations

import json
import random

from app.controller import App

from .fake_dom import FakeDocument, fake_window

FACTIONS = ["guild", "gnomads", "lawbringers", "pit_fighters"]


class Page:
    def __init__(self, role: str, query: str = "?answer=0"):
        self.tasks: list = []
        self.app = App(FakeDocument(), fake_window(query), spawn=self.tasks.append)
        self.app.pydantic_ready = True
        self.outbox: list[str] = []
        self.app.link_begin(role, {"names": ["Ada", "Bo"], "game": "wildlands", "wl_board": "dungeon",
                                   "wl_players": 2, "wl_factions": list(FACTIONS), "first": "random",
                                   "clans": ["blood", "skull"], "mulligan": False},
                            self.outbox.append)
        self.read = 0

    def run_tasks(self) -> None:
        """The answer clocks running now (?answer=0: due at once) run out (not those they start)."""
        now, self.tasks[:] = list(self.tasks), []
        for t in now:
            try:
                while True:
                    t.send(None)
            except StopIteration:
                pass


    def drop_tasks(self) -> None:
        for t in self.tasks:
            t.close()
        self.tasks.clear()


def deliver(pages) -> None:
    moved = True
    while moved:
        moved = False
        for me, other in ((pages[0], pages[1]), (pages[1], pages[0])):
            while other.read < len(me.outbox):
                other.read += 1
                other.app.on_peer_message(me.outbox[other.read - 1])
                moved = True


def linked(query: str = "?answer=0"):
    pages = (Page("host", query), Page("guest", query))
    pages[0].app.on_link_state("open")
    pages[1].app.on_link_state("open")
    deliver(pages)
    for p in pages:
        assert p.app.screen == "game", p.app.document.getElementById("error").textContent
    return pages


def sent_types(page: Page, since: int) -> list[str]:
    return [json.loads(t)["t"] for t in page.outbox[since:]]


def test_two_pages_play_wildlands_and_every_window_is_answered_on_the_asked_page_by_its_clock():
    pages = linked()
    rng = random.Random(4)
    held = asked = 0
    for _ in range(5000):
        a0, a1 = (p.app for p in pages)
        assert a0.game.state_hash() == a1.game.state_hash() or a0.session.run or a1.session.run
        if (a0.finished and a1.finished) or len(a0.game.log) >= 250:  # (whole games: test_p2p_wildlands)
            break
        for me, p in enumerate(pages):
            app = p.app
            assert app.view["you"] == me and "hand" in app.view
            theirs = app.view["seats"][1 - me]["characters"]
            assert not any(c.get("start") for c in theirs), "the other player's start spaces are shown"
        mover = next((p for p in pages if p.app.offers_decision()), None)
        if mover is None:  # an answer clock runs: nobody may act until it runs out
            waiting = [p for p in pages if p.tasks]
            assert waiting, "nobody is offered anything and no clock runs"
            for p in waiting:
                p.run_tasks()
            deliver(pages)
            continue
        app = mover.app
        d = app.game.decision
        options = app.session.offered()
        if d.kind in ("interrupt", "defend"):
            asked += 1
            assert app.answer_seconds() == 0 and mover.tasks, "no answer clock for a question asked aloud"
            if rng.random() < 0.5:  # pass early: nothing goes out until the clock runs out
                before = len(mover.outbox)
                app.apply("pass")
                assert app.answer_held and not app.offers_decision() and len(mover.outbox) == before
                assert 'data-answer-held' in app.document.getElementById("app").innerHTML
                held += 1
                mover.run_tasks()
                assert sent_types(mover, before) == ["action"] and json.loads(mover.outbox[-1])["move"] == "pass"
                deliver(pages)
                continue
            if rng.random() < 0.7 or options == ["pass"]:  # let the clock answer
                before = len(mover.outbox)
                mover.run_tasks()
                assert sent_types(mover, before) == ["action"]
                deliver(pages)
                continue
        app.apply(options[rng.randrange(len(options))])
        deliver(pages)
    a0, a1 = (p.app for p in pages)
    assert a0.game.state_hash() == a1.game.state_hash() and a0.winner() == a1.winner()
    assert asked > 10 and held > 3, (asked, held)
    for p in pages:
        p.drop_tasks()


def test_the_answer_clock_is_the_same_whatever_the_player_holds():
    """Without ?answer, an interrupt window waits WINDOW_SECONDS and a defence DEFENCE_SECONDS, with or
    without a card that could act; the asking page shows that it waits, the asked page says why."""
    from app.games.wildlands import game as module

    pages = linked(query="")
    rng = random.Random(2)
    seen: dict[str, set] = {"interrupt": set(), "defend": set()}
    for _ in range(3000):
        mover = next((p for p in pages if p.app.offers_decision()), None)
        if mover is None or mover.app.finished:
            break
        app = mover.app
        d = app.game.decision
        options = app.session.offered()
        if d.kind in seen:
            could_act = len(options) > 1
            seen[d.kind].add((could_act, app.answer_seconds()))
            assert 'data-answer-clock' in app.document.getElementById("app").innerHTML
            other = pages[1 - pages.index(mover)].app
            assert 'data-answer-wait' in other.document.getElementById("app").innerHTML
            mover.drop_tasks()  # the clock's task is not run here: answer in its place
            app.answer_key = None
            app._apply("pass")
        else:
            app.apply(options[rng.randrange(len(options))])
        deliver(pages)
        if all(len({s for _, s in v}) and {c for c, _ in v} == {True, False} for v in seen.values()):
            break
    for p in pages:
        p.drop_tasks()
    assert {s for _, s in seen["interrupt"]} == {module.WINDOW_SECONDS}
    assert {s for _, s in seen["defend"]} == {module.DEFENCE_SECONDS}
    assert {c for c, _ in seen["interrupt"] | seen["defend"]} == {True, False}, seen


def test_after_a_resignation_a_rematch_deals_a_new_game_with_the_same_board_and_factions():
    pages = linked()
    first = pages[0].app.game
    pages[1].app.resign()
    deliver(pages)
    assert pages[0].app.winner() == pages[1].app.winner() == 0
    for p in pages:
        p.app.ask_rematch()
        deliver(pages)
    deliver(pages)
    a0, a1 = (p.app for p in pages)
    assert a0.screen == a1.screen == "game", a0.document.getElementById("error").textContent
    assert a0.game is not first and a0.game.state_hash() == a1.game.state_hash()
    assert a0.game.setup["board"] == first.setup["board"] and a0.game.factions == first.factions
    assert a0.game.setup["seed"] != first.setup["seed"]
    for p in pages:
        p.drop_tasks()


def test_the_start_screen_invites_to_wildlands_of_two_to_four_and_says_how_more_meet():
    from app import render

    app = App(FakeDocument(), fake_window(""))
    for n in (2, 3, 4):
        app.settings = {**app.settings, "game": "wildlands", "wl_players": n}
        html = render.online_panel(app)
        invite = html.split("data-p2p-host", 1)[1].split(">", 1)[0]
        assert "disabled" not in invite and "data-online-modes" not in html, (n, invite)
        # with three or four: every friend opens the same link (net/party.py)
        assert ("data-party-note" in html) == (n > 2) and ("same link" in html) == (n > 2)