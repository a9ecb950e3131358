"""The installable app (tools/app_icons.py, build.py: manifest and icons) and the turn hook the page's shell hears
(py/app/shell.py): whose turn, never what is in a hand."""
from __future__ import annotations

import importlib.util
import json
import struct
import sys
import zlib
from pathlib import Path

import pytest

from app import shell

from .test_seats import run_computer, table

ROOT = Path(__file__).resolve().parents[2]
on_cpython = pytest.mark.skipif(sys.platform == "emscripten", reason="build.py runs in CPython only")


def app_icons():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import app_icons as mod
    finally:
        sys.path.pop(0)
    return mod


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, raw RGBA rows with their filter bytes) of an 8-bit RGBA PNG without filters."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert (depth, kind) == (8, 6)
    pos, idat = 8, b""
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        if data[pos + 4:pos + 8] == b"IDAT":
            idat += data[pos + 8:pos + 8 + n]
        pos += 12 + n
    return w, h, zlib.decompress(idat)


@on_cpython
def test_icons_are_drawn_from_our_svg_at_every_size(tmp_path):
    mod = app_icons()
    width, shapes = mod.read_svg(ROOT / "web" / "icons" / "icon.svg")
    rows = mod.draw(shapes, width, 64)
    w, h, raw = decode_png(mod.png(rows, 64))
    assert (w, h) == (64, 64) and len(raw) == 64 * (1 + 4 * 64)
    px = lambda x, y: raw[y * (1 + 4 * 64) + 1 + 4 * x:][:4]  # noqa: E731
    assert px(1, 1) == bytes((0x13, 0x16, 0x1D, 255))  # the background fills the corners
    centre = px(32, 24)
    assert centre[3] == 255 and centre[0] > 200, centre  # the gold crystal in the middle
    written = mod.write(ROOT / "web" / "icons" / "icon.svg", tmp_path / "web" / "icons", tmp_path / "m.webmanifest")
    assert len(written) == 4
    manifest = json.loads((tmp_path / "m.webmanifest").read_text())
    assert manifest["start_url"] == manifest["scope"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        w, h, _raw = decode_png((tmp_path / icon["src"]).read_bytes())
        assert icon["sizes"] == f"{w}x{h}" and icon["type"] == "image/png"
    assert {i["purpose"] for i in manifest["icons"]} == {"any", "maskable"}
    assert mod.write(ROOT / "web" / "icons" / "icon.svg", tmp_path / "web" / "icons", tmp_path / "m.webmanifest") == []


@on_cpython
def test_the_service_worker_precaches_the_manifest_and_icons_and_waits_to_take_over():
    spec = importlib.util.spec_from_file_location("build", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.write_app_icons()
    build.write_service_worker()
    text = build.SW_FILE.read_text()
    for url in ("./manifest.webmanifest", "./web/vendor/icons/icon-192.png", "./web/vendor/icons/icon-512.png",
                "./web/vendor/icons/icon-maskable-512.png", "./web/icons/icon.svg", "./web/js/shell.js",
                "./web/js/sound.js"):
        assert f'"{url}"' in text, url
    install = text[text.index('addEventListener("install"'):text.index('addEventListener("message"')]
    assert "skipWaiting" not in install, "a new version must wait for the player's reload"
    assert build.Handler.extensions_map[".webmanifest"] == "application/manifest+json"


def test_the_shell_hears_whose_turn_it_is_and_nothing_else():
    app = table(["human", "easy"])
    heard = []
    app.window.crystalclans_shell_turn = lambda *a: heard.append(a)
    app.render()
    mine, who, title, moves, outcome, _cue = heard[-1]
    assert (mine, who, title, outcome) == (True, 0, "Crystal Clans", "")
    assert all(isinstance(v, (bool, int, str)) for v in heard[-1])  # no card, no hand: plain facts
    while app.game.decision is not None and app.game.decision.player == 0 and not app.game.is_over:
        app.apply(str(app.game.legal_actions()[0]))
        if app.pending_result:
            app.continue_overlay()
    assert any(h[0] is False and h[1] == 1 for h in heard), "the computer's turn is not mine"
    run_computer(app)
    assert heard[-1][0] is True and heard[-1][3] > moves, heard[-1]


def test_a_page_without_the_shell_plays_on():
    app = table(["human", "human"])
    app.window.crystalclans_shell_turn = lambda *a: 1 / 0  # a broken shell never stops the game
    app.render()
    assert shell.turn_state(app)[0] is True


def test_linked_pages_with_different_rules_code_refuse_plainly():
    from app.net.codecheck import rules_code
    from app.net.handshake import Handshake
    from app.net.protocol import dump

    from .test_p2p_session import HASH

    mine = rules_code("crystalclans")
    assert len(mine) == 16 and mine != rules_code("tashkalar") and rules_code("nothing") == ""
    sent: list[str] = []
    host = Handshake("host", "Ada", "crystalclans", sent.append)
    host.start()
    assert f'"code":"{mine}"' in sent[0]  # the hello carries it
    other = "0" * 16
    why = host.receive(dump("hello", app="x", card_set=HASH, code=other, name="Bo", role="guest"))
    assert why and "another version of this game's rules" in why and "reload both pages" in why
    assert host.their_name == ""  # no game with that page
    same = Handshake("host", "Ada", "crystalclans", sent.append)
    assert same.receive(dump("hello", app="x", card_set=HASH, code=mine, name="Bo", role="guest")) is None
    older = Handshake("host", "Ada", "crystalclans", sent.append)  # a page from before the check sends none
    assert older.receive(dump("hello", app="x", card_set=HASH, name="Bo", role="guest")) is None


def test_the_sound_cue_follows_what_the_table_animates_in_every_game():
    from app.games.crystalclans.table import Effects
    from app.games.tashkalar.game import arena_effects
    from app.games.wildlands.table import board_effects

    assert shell.cue(Effects()) == "" and shell.cue(None) == ""
    assert shell.cue(Effects(crystal={0}, clash={"w"})) == "score"
    assert shell.cue(Effects(clash={"w"}, arrive={("w", 0, "u")})) == "battle"
    assert shell.cue(Effects(arrive={("w", 0, "u")})) == "summon"
    # Tash-Kalar: a being summoned, not a piece placed; a piece destroyed; points or a task claimed
    tk = lambda *facts: shell.cue(arena_effects([(0, *f) for f in facts]))  # noqa: E731
    assert tk(("summon", 0, "x", "e5", 1)) == "summon" and tk(("place", "c3", 0, 1)) == ""
    assert tk(("move", "c3", "c4"), ("destroy", "d4", 1, 1)) == "battle"
    assert tk(("destroy", "d4", 1, 1), ("points", 0, 1, "kill")) == "score"
    assert tk(("claim", 1, "task")) == "score" and tk(("colour_points", 1, 0, 2, "x")) == "score"
    # Wildlands: a shard picked up or a character defeated by an enemy scores; a hit or a defeat nobody scores
    wl = lambda *facts: shell.cue(board_effects([(0, *f) for f in facts]))  # noqa: E731
    assert wl(("pickup", 0, "guild.a", 4)) == "score" and wl(("defeat", "guild.a", 1)) == "score"
    assert wl(("attack", 0, "melee", "guild.a", 5)) == "battle" and wl(("defeat", "guild.a", -1)) == "battle"
    assert wl(("reveal", "guild.a", 4)) == wl(("move", 0, "guild.a", 4)) == ""


@pytest.mark.parametrize("name", ["tashkalar", "wildlands"])
def test_the_other_games_played_out_sound_like_crystal_clans(name):
    """The engines' own facts, move by move (their greedy bots playing), through each table's effects: a summon
    (Tash-Kalar), a battle and a score are heard; the fact shapes the cue reads are the engines' real ones."""
    import importlib

    from app import games
    from app.fx import EffectsFeed

    module = games.get(name)
    options = ({"mode": "duel", "decks": ["northern", "highland"], "first": "0"} if name == "tashkalar"
               else {"board": "dungeon", "factions": ["guild", "gnomads"]})
    want = {"score", "battle"} | ({"summon"} if name == "tashkalar" else set())
    g = module.new_game(options, seed=5)
    bot = importlib.import_module(f"{name}.ai").make_bot("greedy", seed=1)
    feed, heard = EffectsFeed(), set()
    module.effects(feed, g)
    for _ in range(2000):
        if g.is_over or want <= heard:
            break
        g.apply(bot.choose(g))
        heard.add(shell.cue(module.effects(feed, g)))
    assert want <= heard, heard


def test_a_team_won_is_won_for_the_one_person_at_this_screen(monkeypatch):
    from types import SimpleNamespace as NS

    from app import games

    app = table(["human", "easy"])  # one person here, at seat 0
    app.render()
    assert shell.turn_state(app)[4] == ""
    app.game = NS(decision=None, log=[1, 2], winners=[0, 2], is_over=True)  # a Team game won by partners 0 and 2
    app.winner = lambda: None  # no single winner
    monkeypatch.setattr(games, "of", lambda _g: NS(title="Tash-Kalar"))
    assert shell.turn_state(app)[4] == "won"
    app.game.winners = [1, 3]
    assert shell.turn_state(app)[4] == "lost"


def fake_notification(permission: str):
    return type("Notification", (), {"permission": permission})


def test_turn_notifications_are_offered_once_and_never_where_the_browser_blocks_them():
    app = table(["human", "human"])
    assert shell.notify_offer(app) == ""  # no Notification in this browser
    app.window.Notification = fake_notification("default")
    offer = shell.notify_offer(app)
    assert "data-notify-offer" in offer and 'data-notify="yes"' in offer and 'data-notify="no"' in offer
    app.window.Notification = fake_notification("denied")
    assert shell.notify_offer(app) == ""
    app.window.Notification = fake_notification("granted")
    assert shell.notify_offer(app)  # allowed earlier, but the player has not said she wants them here
    for answer in ("on", "off"):  # web/js/shell.js keeps the answer: not offered again
        app.window.localStorage.setItem("crystalclans.notify", answer)
        assert app.storage.notify_choice() == answer and shell.notify_offer(app) == ""


def test_the_online_panel_offers_notifications_when_inviting_and_joining_and_links_to_the_connection_settings():
    from app import render
    from app.link import Link

    app = table(["human", "human"])
    app.screen = "start"
    app.window.Notification = fake_notification("default")
    start = render.online_panel(app)
    assert 'data-open-settings="connection"' in start and "data-ice-servers" not in start
    assert "data-notify-offer" not in start  # not before the player invites or joins
    for role, stage in (("host", "inviting"), ("guest", "pasting")):
        app.link = Link(role, dict(app.settings), lambda _t: None)
        app.link.stage, app.link.url = stage, "http://x/#CC1"
        assert "data-notify-offer" in render.online_panel(app), role


def test_the_connection_settings_are_kept_and_a_wrong_line_is_named():
    from types import SimpleNamespace as NS

    from app import connection
    from app.storage import Storage

    from .fake_dom import FakeStorage

    storage = Storage(FakeStorage())
    html = connection.section_html(storage)
    assert "data-public-relays checked" in html and "data-public-stun checked" in html  # on for a new player
    assert 'data-ice-problems role="status" hidden' in html

    class Doc:
        def __init__(self, **els):
            self.els = els

        def querySelector(self, sel):
            return self.els.get(sel)

    said = NS(textContent="", hidden=True)
    box = lambda on, attr: NS(checked=on, hasAttribute=lambda a: a == attr)  # noqa: E731
    relays, stun = box(False, "data-public-relays"), box(True, "data-public-stun")
    doc = Doc(**{"[data-public-relays]": relays, "[data-public-stun]": stun, "[data-ice-problems]": said})
    connection.keep(storage, relays, doc)
    assert storage.public_help() == {"relays": False, "stun": True}
    html = connection.section_html(storage)
    assert "data-public-relays checked" not in html and "data-public-stun checked" in html
    field = NS(value="stun:stun.example.org:3478\nturn:turn.example.org:3478", hasAttribute=lambda a: a == "data-ice-servers")
    connection.keep(storage, field, doc)
    assert storage.ice_servers_text() == field.value  # kept all the same: nothing typed is lost
    assert not said.hidden and "line 2" in said.textContent and "user name" in said.textContent
    field.value = "turn:turn.example.org:3478 ada secret"
    connection.keep(storage, field, doc)
    assert said.hidden and said.textContent == ""
    assert "turn:turn.example.org:3478 ada secret" in connection.section_html(storage)
