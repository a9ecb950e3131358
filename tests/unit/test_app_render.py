"""The browser app's pure-Python parts (py/app/text.py, render.py) under CPython: every legal action is
offered as a data-action control, and cards a decision reveals to its player are shown to her only."""
from __future__ import annotations

import re
from types import SimpleNamespace

import crystalclans as cc
from app import render
from app.seats import Seat
from app.storage import Storage
from app.text import Words
from crystalclans.simulate import random_game

WORDS = Words(cc.base_set())
NAMES = ["Ada", "Bo"]


def fake_app(game: cc.Game, viewer: int) -> SimpleNamespace:
    return SimpleNamespace(game=game, view=game.view(viewer), words=WORDS, names=NAMES, cs=game.cs,
                           can_undo=lambda: False, overlay_pending=lambda: False, pending_battle=None,
                           offers_decision=lambda: game.decision is not None and game.decision.player == viewer,
                           seats=(Seat(), Seat()), thinking=None,
                           pending_pass=None, actors=[], modal=None, storage=Storage(None), session=None,
                           finished=game.is_over, winner=lambda: game.winner)


def offered(html: str) -> list[str]:
    return [m.replace("&quot;", '"').replace("&#x27;", "'") for m in re.findall(r'data-action="([^"]*)"', html)]


def test_the_action_bar_offers_exactly_the_legal_actions_at_every_step():
    g = cc.new_game(("flower", "water"), seed=4)
    rng = cc.rng.Rng(cc.rng.seed_state(4, 1))
    kinds = set()
    for _ in range(400):
        if g.decision is None:
            break
        app = fake_app(g, g.decision.player)
        bar = render.action_bar(app, app.view)
        assert offered(bar) == [str(a) for a in g.legal_actions()]
        table = render.game_screen(app)
        assert set(offered(table)) == {str(a) for a in g.legal_actions()}, g.decision.kind
        kinds.add(g.decision.kind)
        opts = g.legal_actions()
        g.apply(opts[rng.below(len(opts))])
    assert {"action", "summon"} <= kinds


def test_a_looked_at_hand_is_shown_to_the_looker_only():
    pos = {"clans": ["flower", "water"], "active": 0,
           "hands": [["flower.mother"], ["water.tridents", "water.cartographers"]]}
    g = cc.Game.from_position(pos)
    from crystalclans.effects import LookFrame

    g.stack.append(LookFrame(0))
    g._advance()
    assert g.decision.kind == "look"
    mine = render.action_bar(fake_app(g, 0), g.view(0))
    assert "Your opponent&#x27;s hand" in mine or "Your opponent's hand" in mine
    assert mine.count('class="reveal-card"') == 2 and "Tridents" in mine and "Cartographers" in mine
    theirs = render.game_screen(fake_app(g, 1))
    assert "reveal-card" not in theirs


def test_every_game_log_entry_reads_as_a_sentence():
    g = random_game(("blood", "skull"), 11)
    for i, entry in enumerate(g.log[:300]):
        s = WORDS.sentence(entry, i % 2, NAMES)
        assert s and s[0].isupper() and "_" not in s.split(" ", 1)[0], (entry, s)


def test_the_initiative_track_says_what_the_active_player_may_spend():
    g = cc.Game.from_position({"clans": ["blood", "skull"], "active": 1, "token": -3})
    html = render.initiative_track(fake_app(g, 1), g.view(1))
    text = re.sub(r"<[^>]+>", "", html)
    # token 3 spaces toward Bo: 20 + 3 until the last space, 1 + 3 while the turn stays hers
    assert "Bo can spend 23 initiative" in " ".join(text.split())
    assert "(4 before the turn passes)" in text


def test_a_seed_in_the_page_url_fixes_the_deal():
    from app.controller import url_seed

    assert url_seed("?seed=42") == 42 and url_seed("?x=1&seed=7") == 7
    assert url_seed("") is None and url_seed("?seed=abc") is None and url_seed("?seeds=3") is None
