"""Tash-Kalar's guided first game (app/games/tashkalar/tutorial.py) played through the App with a fake DOM:
"Learn by playing" starts the guided game of the game chosen on the start screen; at every step the table
offers exactly the taught move (its button and, where it names a square, that one lit square) and refuses any
other; the other side's move is scripted; the game teaches what the issue asks (placing, a summon whose
pattern fits only turned, the being's effect, a flare by its met half, a task at the turn's end) and hands
over to a real High Form game. Crystal Clans' guided game is still the one its start screen starts."""
from __future__ import annotations

import re

import pytest

from app import i18n
from app.games.tashkalar.tutorial import BEING, DONE, FLARE, STEPS, TASK
from app.tutorial import THEM, YOU

from .fake_dom import app_html, coach, fake_window, offered
from .test_seats import new_app, run_computer


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use("en")


def tk_app():
    app = new_app(fake_window("?pace=0"))
    app.settings = dict(app.settings, game="tashkalar")  # the start screen's game switch
    app.start_tutorial()
    return app


def test_learn_by_playing_starts_the_guided_game_of_the_game_chosen():
    app = new_app(fake_window("?pace=0"))
    app.render()
    assert "New to Crystal Clans?" in app_html(app)
    app.start_tutorial()
    assert type(app.game).__module__.startswith("crystalclans")  # the default game's, as before
    app.tutorial, app.game, app.screen = None, None, "start"
    app.settings = dict(app.settings, game="tashkalar")
    app.render()
    assert "New to Tash-Kalar?" in app_html(app) and 'data-cmd="tutorial"' in app_html(app)
    app.start_tutorial()
    assert type(app.game).__module__.startswith("tashkalar") and app.game.mode == "high_form"
    assert app.names[1] == "Highlander" and [s.code for s in app.seats] == ["human", "easy"]
    assert 'class="tk-arena"' in app_html(app) and "data-tutorial-step" in app_html(app)


def test_the_whole_guided_game_offers_only_the_taught_move_at_every_step():
    app = tk_app()
    t = app.tutorial
    g = app.game
    said, held_back = [], 0
    for i, step in enumerate(STEPS):
        assert t.step_index(app.game) == i
        if step.who == THEM:
            assert offered(app) == [] and t.their_move(app.game) == step.move
            run_computer(app)  # the scripted side moves (all of its run), as the page's driver does
            continue
        g = app.game
        legal = [str(a) for a in g.legal_actions()]
        assert step.move in legal, (i, step.move, legal)
        held_back += len(legal) > 1
        assert offered(app) == [step.move], (i, offered(app))
        lit = re.findall(r'class="tk-sq[^"]*tk-lit[^"]*" data-square="(\w+)"', app_html(app))
        square = step.move.split()[1] if step.move.split()[0] in ("place", "at", "pick") else None
        assert lit == ([square] if square else []), (i, lit)
        text = coach(app)
        assert f'data-tutorial-step="{i}"' in text and "step" in text
        said.append(text)
        other = next((a for a in legal if a != step.move), None)
        if other is not None:  # a click on anything else (a stale page, a crafted click) changes nothing
            before = g.state_hash()
            app.apply(other)
            assert app.game.state_hash() == before and t.step_index(app.game) == i
        app.apply(step.move)
    assert held_back == sum(s.who == YOU for s in STEPS)  # every step holds other legal moves back
    assert t.finished(app.game) and offered(app) == []
    end = coach(app)
    assert "data-tutorial-done" in end and 'data-cmd="tutorial-real-game"' in end
    assert "data-thinking" not in app_html(app)  # nobody thinks on after the end
    assert app.storage.autosave_text() is None  # the guided game never replaces the player's game
    app.settings = dict(app.settings, game="crystalclans")  # "Play the guided game again": the same game's
    app.start_tutorial()
    assert type(app.game).__module__.startswith("tashkalar") and app.tutorial.step_index(app.game) == 0
    run_computer(app)
    for step in STEPS[1:]:
        app.apply(step.move)
    assert app.tutorial.finished(app.game)
    # the end hands over to a real High Form game of the same decks, against the easy computer
    app.after_tutorial()
    g = app.game
    assert app.tutorial is None and g.mode == "high_form" and list(g.setup["decks"]) == ["northern", "highland"]
    assert not g.log and g.decision.player == 0 and [s.code for s in app.seats] == ["human", "easy"]
    assert "data-tutorial-step" not in app_html(app)


def test_it_teaches_every_rule_the_issue_names():
    """Placing, a summon whose pattern fits only in a turned orientation, the being's effect choice, a flare lit
    by the half whose condition holds (and the text says which), and a task claimed at the turn's end."""
    from tashkalar.board import BY_NAME
    from tashkalar.content import BY_ID
    from tashkalar.flares import halves_met
    from tashkalar.patterns import ORIENTATIONS

    from app.games.tashkalar.tutorial import Tutorial

    t = Tutorial()
    g = t.game
    taught = {}
    for step in STEPS:
        kind = step.move.split()[0]
        if step.who == YOU and kind == "at":  # the summon's placement: only a turned orientation fits
            d = g.decision
            assert [str(a) for a in d.options if a.kind == "at"] == [step.move]
            o = ORIENTATIONS[BY_ID[BEING]][int(step.move.split()[2])]
            assert o.index != 0, "the pattern as the card draws it would do: nothing turned"
            assert g.cells[BY_NAME["e5"]] < 0
            taught["rotated summon"] = True
        if step.who == YOU and kind == "light":
            assert halves_met(g, YOU, BY_ID[FLARE]) == (False, True)  # the bottom half's condition only
            words = t.text(g, ["Ada", "Highlander"], None)
            assert "3 upgraded pieces more" in words and "6 pieces more" in words and "so no" in words
            assert "so yes" in words and "Highlander has 12, you have 6" in words
        if step.who == YOU and kind == "claim":
            assert [str(a) for a in g.decision.options] == [step.move, "skip"]
            assert "2 points" in t.text(g, ["Ada", "Highlander"], None)
        g.apply(step.move)
        taught.setdefault(kind, step.who)
    assert taught["place"] == THEM and "rotated summon" in taught
    assert {"place", "summon", "at", "pick", "light", "claim"} <= set(taught)
    events = [e for turn in g.story() for e in turn["events"]]
    kinds = [e["kind"] for e in events]
    assert {"place", "summon", "destroy", "rank", "flare", "claim"} <= set(kinds), kinds
    summon = next(e for e in events if e["kind"] == "summon")
    assert (summon["square"], summon["orientation"]) == ("e5", 1)
    assert next(e for e in events if e["kind"] == "flare")["halves"] == ["bottom"]
    assert g.view(YOU)["tasks"]["claimed"][YOU] == [TASK] and g.scores[YOU] == 2
    assert g.decision.player == THEM  # the turn has passed
    assert "2 points" in t.text(g, ["Ada", "Highlander"], None) and _words(DONE) >= 40


def _words(msg: str) -> int:
    return len(msg.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_step_speaks_the_players_language(lang):
    from tests.words import foreign_in

    from app.games.tashkalar.tutorial import Tutorial

    i18n.use(lang)
    t = Tutorial()
    g = t.game
    names = ["Ada", t.opponent()]
    said = []
    for step in STEPS + (None,):
        text = t.text(g, names, None)
        assert text and "{" not in text and not foreign_in(text, lang), (step, text)
        said.append(text)
        if step is not None:
            g.apply(step.move)
    if lang == "de":
        assert names[1] == "Hochländer" and "Leuchtfeuer" in " ".join(said) and "Muster" in " ".join(said)
