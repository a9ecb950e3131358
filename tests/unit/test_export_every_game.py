"""Export and Import in every registered game (issue 50: Export crashed in Tash-Kalar and Wildlands, whose
engines' to_json takes no names, and every file was called crystalclans-save.json): the file is named after
its game, and importing it in a fresh page gives back the same game, move for move."""
from __future__ import annotations

import json

import pytest

from app import games
from crystalclans.rng import Rng, seed_state

from .fake_dom import fake_window, offered
from .test_seats import new_app, run_sync

NEW = {
    "crystalclans": ({"clans": ["blood", "skull"], "first": "0", "mulligan": False}, 2),
    "tashkalar": ({"mode": "duel", "decks": ["northern", "highland"], "first": "0"}, 2),
    "wildlands": ({"board": "dungeon", "factions": ["guild", "gnomads"]}, 2),
}


def game_mid_way(name: str):
    options, n = NEW[name]
    app = new_app(fake_window("?seed=8&pace=0"))
    app.start_game(name, options, ["Ada", "Bo", "Cy", "Di"][:n], ["human"] * n)
    rng = Rng(seed_state(4))
    for _ in range(40):
        if app.game.is_over:
            break
        if app.overlay_pending():
            app.continue_overlay()
            continue
        shown = offered(app)
        app.apply(shown[rng.below(len(shown))])
    return app


def test_every_registered_game_is_covered():
    assert set(NEW) == set(games.REGISTRY)


@pytest.mark.parametrize("name", list(games.REGISTRY))
def test_export_names_its_game_and_imports_back_to_the_same_game(name):
    app = game_mid_way(name)
    assert len(app.game.log) > 10
    file_name, text = app.export()
    assert file_name == f"{name}-save.json"
    assert json.loads(text)["format"].startswith(f"{name}-save/")
    assert f"({file_name})" in app.document.getElementById("topnav").innerHTML  # the button says the name

    other = new_app(fake_window("?pace=0"))
    assert run_sync(other.load_text(text, source="file")) is True
    assert games.of(other.game).name == name
    assert other.game.state_hash() == app.game.state_hash() and other.game.log == app.game.log
    assert other.names == app.names == ["Ada", "Bo"]  # regression: Tash-Kalar and Wildlands lost them


def test_export_without_a_game_downloads_nothing():
    assert new_app(fake_window("?pace=0")).export() is None


@pytest.mark.parametrize("name", list(games.REGISTRY))
def test_an_invitation_page_speaks_of_the_game_it_invites_to(name):
    """Issue 50: an invitation to Wildlands or Tash-Kalar said "New to Crystal Clans?". The link names its game
    (?game=…, web/js/p2p.js inviteLink); the joining page's panels are that game's."""
    from app import render
    from app.controller import url_game

    assert url_game(f"?game={name}") == name and url_game(f"?relay=x&game={name}&pace=0") == name
    assert url_game("?game=chess") == "" and url_game("?game=") == "" and url_game("?xgame=tashkalar") == ""
    app = new_app(fake_window(f"?game={name}"))
    app.link_begin("guest", dict(app.settings, game=url_game(f"?game={name}")), lambda text: None)
    app.link.invited = "CC1code.secret"
    html = render.start_screen(app)
    title = {"crystalclans": "Crystal Clans", "tashkalar": "Tash-Kalar", "wildlands": "Wildlands"}[name]
    assert f"New to {title}?" in html
    assert all(f"New to {t}?" not in html for t in ("Crystal Clans", "Tash-Kalar", "Wildlands") if t != title)
