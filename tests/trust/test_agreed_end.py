"""Online without trust, an end both players agree to (issue 28: "a link closed for good after both agree
to end"): one page offers it from the menu, the other page says so with a button that agrees, play may go
on meanwhile, and once both agree the game is over on both pages without a winner, both audits run and
pass, the saves become the whole game and the game-over panel says how it ended. Two whole pages (the App,
in CPython) as in test_full_save.py."""
from __future__ import annotations

import crystalclans as cc
from app.net.protocol import dump

from .test_full_save import close, linked_pages, play_some, unknown_cards


def html(app) -> str:
    app.render()
    return app.document.getElementById("app").innerHTML + app.document.getElementById("topnav").innerHTML


def test_both_agree_to_end_then_the_audit_runs_and_the_saves_are_whole():
    host, guest, deliver, tasks = linked_pages()
    play_some(host, guest, deliver, 8)
    assert 'data-cmd="offer-end"' in html(host)
    host.offer_end()
    deliver()
    assert "data-end-offered" in html(host) and 'data-cmd="offer-end"' not in html(host)
    page = html(guest)
    assert "data-end-offer" in page and "Agree to end" in page and "Ada offers to end the game" in page
    assert not host.finished and not guest.finished
    moves = len(host.game.log)
    play_some(host, guest, deliver, 4)  # an offer does not stop play
    assert len(host.game.log) > moves and not host.finished
    guest.offer_end()
    deliver()
    for app, other in ((host, 1), (guest, 0)):
        assert app.finished and app.winner() is None and app.session.agreed_end
        a = app.session.audit
        assert a is not None and a.verdict == "honest", a
        page = html(app)
        assert "data-ended-by-agreement" in page and "without a winner" in page
        assert 'data-audit="honest"' in page
        assert unknown_cards(app.storage.autosave_text(), other) == 0
        assert cc.Game.from_json(app.storage.autosave_text()).state_hash() == a.game.state_hash()
    close(tasks)


def test_an_offer_is_the_senders_own_and_only_once():
    host, guest, deliver, tasks = linked_pages()
    host.offer_end()
    deliver()
    assert guest.session.receive(dump("end")) is not None  # the host's page offered already: a second is refused
    assert not guest.session.over
    guest.offer_end()
    deliver()
    assert host.session.agreed_end and guest.session.agreed_end
    close(tasks)
