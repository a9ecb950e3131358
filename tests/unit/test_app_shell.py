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
        if app.pending_battle:
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
    from types import SimpleNamespace as NS

    from app.games.crystalclans_table import Effects

    assert shell.cue(Effects()) == "" and shell.cue(None) == ""
    assert shell.cue(Effects(crystal={0}, clash={"w"})) == "score"
    assert shell.cue(Effects(clash={"w"}, arrive={("w", 0, "u")})) == "battle"
    assert shell.cue(Effects(arrive={("w", 0, "u")})) == "summon"
    assert shell.cue(NS(squares={"c3": {"fx-place"}}, gone={})) == "summon"  # Tash-Kalar's arena
    assert shell.cue(NS(squares={"c3": {"fx-move"}}, gone={"d4": {"colour": 1}})) == "battle"
    assert shell.cue(NS(spaces={4: {"fx-arrive", "fx-shard"}})) == "score"  # Wildlands' board
    assert shell.cue(NS(spaces={4: {"fx-arrive"}})) == ""


@pytest.mark.parametrize("game, options", [
    ("tashkalar", {"mode": "duel", "decks": ["northern", "sylvan"], "first": "0"}),
    ("wildlands", {"board": "ruins", "factions": ["guild", "gnomads"]}),
])
def test_the_shell_hears_the_other_games_and_each_hand_over_at_one_screen(game, options):
    from app import games

    from .fake_dom import fake_window
    from .test_seats import new_app

    app = new_app(fake_window("?seed=4&pace=0"))
    heard = []
    app.window.crystalclans_shell_turn = lambda *a: heard.append(a)
    app.start_game(game, options, ["Ada", "Bo"], ["human", "human"])
    for _ in range(60):
        if app.game.is_over:
            break
        if app.overlay_pending():
            app.continue_overlay()
            continue
        app.apply(str(app.game.decision.options[0]))
    title = games.of(app.game).title
    assert heard and all(h[2] == title and isinstance(h[0], bool) for h in heard)
    assert {h[1] for h in heard if h[0]} >= {0, 1}, "the decision never changed hands at this screen"
