"""Wildlands' guided first game (app/games/wildlands/tutorial.py) played through the App with a fake DOM: "Learn
by playing" on the start screen with Wildlands chosen starts it; at every step the table offers exactly the taught
move (its button and, where it names a space, that one lit space) and refuses any other; the other side's answers
are scripted; it teaches what issue 29 asks (a reveal, a move, a shard pickup, an attack the other side defends,
an interrupt), each step's text in English and German, and hands over to a real game of the same factions."""
from __future__ import annotations

import re

import pytest

from app import i18n
from app.games.wildlands.table import char_name
from app.games.wildlands.tutorial import DONE, ELSEWHERE, POSITION, SHOOTER, STEPS, TARGET, Tutorial
from app.tutorial import THEM, YOU

from .fake_dom import app_html, coach, fake_window, offered
from .test_seats import new_app, run_computer


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use("en")


def lit(app) -> list[int]:
    return [int(s) for s in re.findall(r'class="wl-space[^"]*wl-lit[^"]*" data-space="(\d+)"', app_html(app))]


def wl_app():
    app = new_app(fake_window("?pace=0"))
    app.settings = dict(app.settings, game="wildlands")  # the start screen's game switch
    app.start_tutorial()
    return app


def test_learn_by_playing_starts_the_wildlands_guided_game():
    app = new_app(fake_window("?pace=0"))
    app.settings = dict(app.settings, game="wildlands")
    app.render()
    assert "New to Wildlands?" in app_html(app) and 'data-cmd="tutorial"' in app_html(app)
    app.start_tutorial()
    assert type(app.game).__module__.startswith("wildlands") and app.game.board == "dungeon"
    assert app.names[1] == "Gnome" and [s.code for s in app.seats] == ["human", "easy"]
    assert 'class="wl-board-svg"' in app_html(app) and "data-tutorial-step" in app_html(app)


def test_the_whole_guided_game_offers_only_the_taught_move_at_every_step():
    app = wl_app()
    t = app.tutorial
    held_back = 0
    for i, step in enumerate(STEPS):
        if t.step_index(app.game) > i:
            continue  # played by the scripted side's run
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
        from app.games.wildlands.table import char_spaces, option_space

        space = option_space(step.move, char_spaces(g.view(YOU)))
        assert lit(app) == ([space] if space else []), (i, lit(app))
        text = coach(app)
        assert f'data-tutorial-step="{i}"' in text and "step" in text
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
    assert "data-thinking" not in app_html(app)
    assert app.storage.autosave_text() is None  # the guided game never replaces the player's game
    app.after_tutorial()  # the end hands over to a real game: the same board and factions, the easy computer
    g = app.game
    assert app.tutorial is None and g.board == "dungeon" and list(g.factions) == ["guild", "gnomads"]
    assert g.turn == 0 and g.decision.kind == "start" and [s.code for s in app.seats] == ["human", "easy"]
    assert "data-tutorial-step" not in app_html(app)


def test_it_teaches_every_rule_the_issue_names():
    """The compulsory reveal, a move with a card, a pickup paid with three cards of the picker's symbol (a point),
    a ranged attack the other side stops with cover on a cover space, a target out of sight that the text
    points at, the end of the turn, and an interrupt with a special card that strikes in melee."""
    from wildlands.content import BOARDS

    t = Tutorial()
    g = t.game
    taught: dict[str, int] = {}
    for i, step in enumerate(STEPS):
        d = g.decision
        assert d.player == step.who, (i, d.kind, d.player)
        kind = step.move.split()[0]
        if i == 0:
            assert d.kind == "reveal" and g.must_reveal  # W17
        if kind == "ranged":
            bd = BOARDS[g.board]
            me, them, away = (g.pos[g.ids.index(c)] for c in (SHOOTER, TARGET, ELSEWHERE))
            assert them in bd.los[me] and away not in bd.los[me] and bd.cover[them]
            assert [str(a) for a in d.options if a.kind == "ranged"] == [step.move]
        if kind == "defend":
            assert d.kind == "defend" and d.info["attack"] == "ranged"
        if kind == "interrupt":
            assert d.kind == "interrupt" and g.active == THEM and not d.info["end_of_turn"]
        taught.setdefault(kind if d.kind != "defend" or kind != "pass" else "no defence", step.who)
        g.apply(step.move)
        if kind == "pickup":
            assert g.decision.kind == "pay"
    assert {"reveal", "move", "pickup", "pay", "ranged", "defend", "interrupt", "melee", "end"} <= set(taught)
    assert taught["defend"] == THEM and taught["interrupt"] == YOU and taught["reveal"] == YOU
    assert g.scores == [1, 0] and g.collected[YOU] == 1  # the shard's point
    assert g.dmg[g.ids.index(TARGET)] == 0  # the cover stopped the shot
    assert g.dmg[g.ids.index("tak")] == 1  # the interrupt's blow
    kinds = [e["kind"] for turn in g.story() for e in turn["events"]]
    assert {"reveal", "move", "pickup", "attack", "defend", "interrupt"} <= set(kinds), kinds
    assert g.decision.player == THEM and g.active == THEM  # the interrupt over, play is back with the Gnomads
    assert POSITION["characters"][SHOOTER].startswith("hidden")
    assert len(DONE.split()) >= 40


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_step_speaks_the_players_language(lang):
    from tests.words import foreign_in

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
    joined = " ".join(said)
    # the characters are named in the player's language (Owl Sage: Eulenweiser, Scout: Späher)
    assert char_name(SHOOTER) in joined and "Lunk" in joined and char_name(TARGET) in joined
    assert ("Eulenweiser" in joined and "Späher" in joined) if lang == "de" else "Owl Sage" in joined
    if lang == "de":
        assert names[1] == "Gnom" and "Splitter" in joined and "Deckung" in joined and "unterbrech" in joined.lower()
