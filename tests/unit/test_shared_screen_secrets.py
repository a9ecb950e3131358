"""What a screen shared by several people shows: only what every one of them may know.

Two or more people at one screen with computer seats beside them (Tash-Kalar's Team game with two people and
two computers, a Melee of two people and a computer, Wildlands with two people and a computer): a computer
seat never gets a pass-the-device screen and its hand is never drawn, and every screen that is not behind a
person's own pass screen (a computer deciding, a question asked aloud, the pass screen itself) shows no hand
and no secret of anyone's (Wildlands' hidden start spaces). Found by a new player (issue 50)."""
from __future__ import annotations

import re

import pytest

from crystalclans.rng import Rng, seed_state

from .fake_dom import app_html, fake_window, offered
from .test_seats import new_app, run_computer

TABLES = {
    "tashkalar team, 2 people + 2 computers": (
        "tashkalar", {"mode": "team", "decks": ["northern", "southern", "highland", "sylvan"], "form": "duel",
                      "first": "0"}, ["human", "easy", "human", "easy"]),
    "tashkalar melee, 2 people + a computer": (
        "tashkalar", {"mode": "melee", "decks": ["southern", "highland", "sylvan"], "first": "0"},
        ["human", "human", "easy"]),
    "wildlands, 2 people + a computer": (
        "wildlands", {"board": "ruins", "factions": ["guild", "gnomads", "lawbringers"]},
        ["human", "easy", "human"]),
}
HAND_PANELS = ('class="tk-hand"', "wl-hand", "data-hand")
SECRETS = ("will appear on", "wl-ghost")


def quick_computer():
    """The worker's own service in this thread (app.computer.InlineComputer: the save sent, the game rebuilt, a
    bot's notation back), asked for the random bot whatever level the seat has: the table's handling of a
    computer seat is tested here, not the bot (the easy bot's search took four fifths of this file's time)."""
    from app.computer import InlineComputer

    class QuickComputer(InlineComputer):
        async def choose(self, game, player: int, level: str) -> dict:
            assert level == "easy"  # the seat's level reaches the computer
            return await super().choose(game, player, "random")

    return QuickComputer()


def shared_screen_shows_nothing_private(html: str) -> None:
    for marker in HAND_PANELS + SECRETS:
        assert marker not in html, marker


@pytest.mark.parametrize("which", list(TABLES))
def test_a_computer_seat_never_gets_a_pass_screen_and_a_shared_screen_shows_no_secret(which):
    name, options, seats = TABLES[which]
    names = ["Ada", "Bo", "Cy", "Di"][:len(seats)]
    app = new_app(fake_window("?seed=5&pace=0"), computer=quick_computer())
    app.start_game(name, options, names, seats)
    rng = Rng(seed_state(3))
    computer_turns = passes = shared = 0
    for _ in range(400):
        g = app.game
        if g.is_over:
            break
        html = app_html(app)
        if app.overlay_pending():
            if app.pending_pass is not None:
                passes += 1
                assert app.seats[app.pending_pass].local, "a pass screen for a computer seat"
                assert f"Pass the device to {names[app.pending_pass]}" in html
                look_away = re.search(r"([^>]*), please look away", html).group(1)
                assert all(names[i] not in look_away for i, s in enumerate(app.seats) if not s.local), look_away
                shared_screen_shows_nothing_private(html)
            app.continue_overlay()
            continue
        d = g.decision
        if app.seats[d.player].computer:
            computer_turns += 1
            shared += 1
            assert "Pass the device to " + names[d.player] not in html
            shared_screen_shows_nothing_private(html)
            run_computer(app)
            continue
        if app.public_screen:
            shared += 1
            shared_screen_shows_nothing_private(html)
        shown = offered(app)
        assert shown, f"nothing offered to {names[d.player]} at {d.kind}"
        app.apply(shown[rng.below(len(shown))])
    assert computer_turns >= 3 and passes >= 2 and shared >= 3, (computer_turns, passes, shared)


def test_the_pass_screen_names_only_people():
    """Straight at the cause: a computer's turn after a person's, with two people here, shows the shared
    table (no hand, no pass screen) and hands the device on to nobody."""
    from app.computer import InlineComputer

    app = new_app(fake_window("?seed=2&pace=0"), computer=InlineComputer())
    app.start_game("tashkalar", {"mode": "melee", "decks": ["southern", "highland", "sylvan"], "first": "0"},
                   ["Ada", "Bo", "Cy"], ["human", "human", "easy"])
    rng = Rng(seed_state(1))
    while app.game.decision.player != 2:
        if app.overlay_pending():
            app.continue_overlay()
            continue
        shown = offered(app)
        app.apply(shown[rng.below(len(shown))])
    assert app.pending_pass is None and app.public_screen
    html = app_html(app)
    assert not re.search(r"Pass the device to Cy|I'm Cy, show my hand", html)
    shared_screen_shows_nothing_private(html)
