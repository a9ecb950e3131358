"""The table's frame is the shell's (app/table.py), the same in every registered game: the game-over panel
with its statistics and buttons, an online ending (a resignation, an agreement) named alike, the pass screen,
the guided game's coach, the replay; a game draws only its board and panels, from a TableContext.

Each test runs a real App on the fake DOM of tests/unit (the shell's code, not a copy), over the registry."""
from __future__ import annotations

import re
from pathlib import Path

from app import games
from app.link import Link
from app.net.session import Session

from ..unit.fake_dom import fake_window
from ..unit.test_seats import new_app
from .kit import a_new_game, entry, played

NAMES = ["Ada", "Bo", "Cy", "Di"]
FRAME_WIDGETS = ("storage_notice", "link_alerts", "waiting_bar", "undo_button", "coach", "rematch_controls",
                 "hand_over_screen", "answer_clock")
APP_GAMES = Path(games.__file__).parent


def on_table(g, seats=None, link=None):
    """A real App (fake DOM) with game g on its table: people at every seat unless `seats` says otherwise."""
    app = new_app(fake_window("?seed=3&pace=0"))
    app.link = link
    app.install(g, NAMES[:g.n], seats or ["human"] * g.n)
    app.render()
    return app


def page(app) -> str:
    return app.document.getElementById("app").innerHTML


def heading(html: str) -> str:
    m = re.search(r"<h2 id=\"go-title\">(.*?)</h2>", html)
    return m.group(1) if m else ""


def ended(name: str):
    return played(name, entry(name).deals[0].label).final.clone()


def linked(g, resigned: "int | None" = None, agreed: bool = False):
    """A link whose session has game g at this page's seat 0: a seat resigned, or all agreed to end."""
    session = Session(g, 0, lambda message: None)
    session.resigned = resigned
    if agreed:
        session.ending = set(range(session.players))
    link = Link("host", {}, lambda text: None)
    link.session = session
    return link


def test_a_game_over_by_its_rules_gets_the_frames_end(game):
    g = ended(game)
    app = on_table(g)
    html = page(app)
    assert html.count("data-game-over") == 1, "one game-over panel"
    for part in ("data-stats", 'data-cmd="rematch"', 'data-cmd="replay"', 'data-cmd="menu"'):
        assert part in html, part
    assert "data-turn-screen" not in html and "data-waiting" not in html and "data-thinking" not in html
    title = heading(html)
    assert all(NAMES[w] in title for w in g.winners), (g.winners, title)


def test_a_resignation_online_ends_every_game_naming_the_winner(game):
    """Found while moving the frame: a Tash-Kalar or Wildlands game ended by a resignation headed its
    game-over panel with the turn that was being played."""
    g = a_new_game(game)
    if g.n != 2:
        return  # (with three or four a resignation ends the game without a winner: the notice says so)
    app = on_table(g, link=linked(g, resigned=0))
    html = page(app)
    assert app.finished and html.count("data-game-over") == 1
    assert heading(html) == f"{NAMES[1]} wins!", heading(html)
    assert f"{NAMES[0]} resigned after" in html


def test_an_agreed_end_says_so_in_every_game(game):
    g = a_new_game(game)
    app = on_table(g, link=linked(g, agreed=True))
    html = page(app)
    assert "data-ended-by-agreement" in html and "without a winner" in html
    assert heading(html) == "The game ended by agreement"


def test_the_pass_screen_is_the_frames_and_names_who_takes_the_device(game):
    g = a_new_game(game)
    app = on_table(g)
    for _ in range(60):  # the first decision that shows its player what the others may not see
        if app.pending_pass is not None or g.is_over:
            break
        app.apply(str(g.legal_actions()[0]))
    assert app.pending_pass is not None, "a hotseat game of people hands the device over"
    html = page(app)
    assert html.count("data-turn-screen") == 1
    assert f"Pass the device to {NAMES[app.pending_pass]}" in html
    app.continue_overlay()
    assert "data-turn-screen" not in page(app) and app.offers_decision()
    assert 'data-cmd="undo"' in page(app) or not app.can_undo()


def test_the_guided_game_has_the_frames_coach(game):
    app = new_app(fake_window("?seed=3&pace=0"))
    app.start_tutorial(game)
    html = page(app)
    assert html.count('class="coach"') == 1 and "data-tutorial-step" in html
    assert 'data-tutorial-leave' in html


def test_the_replay_shows_the_games_board_read_only(game):
    app = on_table(ended(game))
    app.open_replay()
    html = page(app)
    assert "data-replay-step" in html and "replaying" in html
    assert "data-action=" not in html, "a replay offers no move"
    assert "data-game-over" not in html


def test_no_game_draws_the_frame():
    """The frame's widgets are the shell's: no game's table imports one, and no game defines its own table
    screen, game-over panel or pass screen; the spec has a board and an ending instead."""
    for folder in sorted(p for p in APP_GAMES.iterdir() if p.is_dir() and (p / "game.py").is_file()):
        for path in folder.glob("*.py"):
            text = path.read_text(encoding="utf-8")
            imported = re.findall(r"from \.\.\.render import \(?([^)\n]*(?:\n[^)\n]*)*)\)?", text)
            names = {n.strip() for chunk in imported for n in chunk.replace("\n", ",").split(",")}
            assert not names & set(FRAME_WIDGETS), (path, names & set(FRAME_WIDGETS))
            for fn in ("table_screen", "game_screen", "replay_table", "game_over", "game_over_panel", "pass_screen"):
                assert f"def {fn}(" not in text, (path, fn)
    for name in games.GAMES:
        spec = games.get(name)
        assert callable(spec.board) and callable(spec.ending)
