"""Every registered game is in the suite, and its module and engine have the contract's names (DESIGN.md
sections 3, 7 and 8; docs/GAME_MODULES.md): a game gets every conformance test by registering and adding its
entry to tests/conformance/games.py."""
from __future__ import annotations

import pytest

from app import games

from .games import FACTORIES
from .kit import a_new_game, engine, entry, module, played, seats, start

GAME_METHODS = ("legal_actions", "apply", "view", "story", "statistics", "state_hash", "clone", "to_json", "at",
                "replay")
GAME_CLASS_METHODS = ("from_json", "from_setup", "from_log", "from_position")
GAME_MEMBERS = ("is_over", "to_act", "decision", "log", "setup", "undo_floor")


def test_every_registered_game_has_an_entry():
    missing = [n for n in games.GAMES if n not in FACTORIES]
    assert not missing, f"add {missing} to tests/conformance/games.py (FACTORIES)"


def test_the_table_names_only_registered_games():
    assert set(FACTORIES) <= set(games.GAMES), set(FACTORIES) - set(games.GAMES)


def test_the_game_module_names_its_engine(game):
    m, e, a = module(game), engine(game), entry(game)
    assert m.name == game and a.name == game
    assert m.Game is e.Game and m.IllegalAction is e.IllegalAction
    for err in (m.IllegalAction, m.SaveError, a.position_error):
        assert issubclass(err, ValueError), err
    assert len({m.IllegalAction, m.SaveError, a.position_error}) == 3
    assert type(m.MAX_SAVE_CHARS) is int and m.MAX_SAVE_CHARS > 10_000


def test_every_deal_is_a_game_that_asks_a_question(game):
    a = entry(game)
    labels = [d.label for d in a.deals]
    assert len(set(labels)) == len(labels) and a.deals
    assert any(d.position is None for d in a.deals) and any(d.position is not None for d in a.deals)
    for d in a.deals:
        g = start(game, d)
        assert isinstance(g, module(game).Game) and g.decision is not None and g.log == []
        assert len(seats(g)) >= 2 and g.to_act == (g.decision.player,)


def test_a_game_has_the_contracts_members(game):
    g = a_new_game(game)
    missing = [n for n in GAME_METHODS + GAME_CLASS_METHODS if not callable(getattr(g, n, None))]
    missing += [n for n in GAME_MEMBERS if not hasattr(g, n)]
    assert not missing, f"{game}'s Game lacks {missing}"
    d = g.decision
    for attr in ("kind", "player", "prompt", "options", "info", "secret"):
        assert hasattr(d, attr), f"{game}'s Decision lacks {attr}"
    assert isinstance(d.kind, str) and isinstance(d.prompt, str) and d.prompt


@pytest.mark.contract("winners")
def test_a_finished_game_names_its_winners_and_scores(deal):
    name, label = deal
    g = played(name, label).final
    assert g.is_over and g.winners and all(w in seats(g) for w in g.winners)
    assert len(g.scores) == len(seats(g))


@pytest.mark.contract("package_names")
def test_the_engine_package_exports_the_contracts_names(game):
    e, m = engine(game), module(game)
    missing = [n for n in ("Game", "Action", "Decision", "IllegalAction", "SaveError", "PositionError", "new_game",
                           "parse_action") if not hasattr(e, n)]
    assert not missing, f"{e.__name__} exports no {missing}"
    assert e.SaveError is m.SaveError and e.PositionError is entry(game).position_error
