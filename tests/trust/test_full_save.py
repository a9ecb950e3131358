"""After an honest audit a page's saves keep the whole game (issue 28: "after the audit it can become a full
save"): two whole pages (the App with its Link, in CPython, tests/unit/test_link_orderings.py's pages) link,
play a few moves and one resigns; both audits pass and each page's autosave and named save are then the full
game the audit replayed, which loads with Game.from_json. Before the audit, and after a forfeit, a save holds
only what its page knows."""
from __future__ import annotations

import crystalclans as cc
from crystalclans.privacy import UNKNOWN_ID

from ..unit.test_link_orderings import page


def linked_pages():
    host, to_guest, tasks = page("host", "0")
    guest, to_host, guest_tasks = page("guest", "random")
    tasks += guest_tasks  # (the clocks they spawn are not run here)
    for app in (host, guest):
        app.pydantic_ready = True
    host.on_link_state("open")
    guest.on_link_state("open")
    sent = [0, 0]

    def deliver() -> None:
        while sent[0] < len(to_guest) or sent[1] < len(to_host):
            if sent[0] < len(to_guest):
                sent[0] += 1
                guest.on_peer_message(to_guest[sent[0] - 1])
            if sent[1] < len(to_host):
                sent[1] += 1
                host.on_peer_message(to_host[sent[1] - 1])

    deliver()
    return host, guest, deliver, tasks


def close(tasks) -> None:
    for t in tasks:
        t.close()


def play_some(host, guest, deliver, moves: int) -> None:
    for _ in range(moves):
        for app in (host, guest):
            g = app.game
            if g.decision is not None and g.decision.player == app.session.me and not g.decision.secret:
                app.apply(str(g.legal_actions()[0]))
                break
        deliver()


def unknown_cards(text: str, seat: int) -> int:
    g = cc.Game.from_json(text)
    return sum(1 for c in g.hands[seat] + g.draws[seat] if g.U[c >> 1].id == UNKNOWN_ID)


def test_an_honest_audit_makes_both_pages_saves_the_whole_game():
    host, guest, deliver, tasks = linked_pages()
    assert host.screen == guest.screen == "game"
    play_some(host, guest, deliver, 12)
    before = host.storage.autosave_text()
    assert unknown_cards(before, 1) > 0, "the host's save knew the guest's cards before the end"
    guest.resign()
    deliver()
    for app, other in ((host, 1), (guest, 0)):
        a = app.session.audit
        assert a is not None and a.verdict == "honest", a
        text = app.storage.autosave_text()
        assert unknown_cards(text, other) == 0
        assert cc.Game.from_json(text).state_hash() == a.game.state_hash()
        app.save_slot("after the audit")
        assert cc.Game.from_json(app.storage.slot("after the audit")["save"]).state_hash() == a.game.state_hash()
    common = min(len(host.session.audit.game.log), len(guest.session.audit.game.log))  # (a secret pick may be
    assert host.session.audit.game.log[:common] == guest.session.audit.game.log[:common]  # one page's only)
    close(tasks)


def test_a_forfeit_keeps_the_one_sided_save():
    host, guest, deliver, tasks = linked_pages()
    play_some(host, guest, deliver, 6)
    host.resign()  # and nothing from the guest's page comes any more: no opening
    host.session.forfeit_audit()  # (what the audit's clock does when it runs out)
    host.autosave()
    assert host.session.audit.verdict == "forfeit"
    assert unknown_cards(host.storage.autosave_text(), 1) > 0
    close(tasks)
