"""Game.from_position(mapping) builds a scenario or raises the engine's PositionError (a ValueError) saying
which field is wrong: what is no mapping, an unknown field, and any field's value replaced by junk (a deep or
huge list, a fraction, a huge number, a long text); an accepted position plays on, saves and reloads (its
deal in the entry's table is played and checked by every other test of the suite)."""
from __future__ import annotations

import copy

import pytest

from ..conftest import DEEP
from .kit import entry, module, nested

JUNK = (nested(600), nested(DEEP), 1.5, -(1 << 70), 10 ** 5000, "x" * 200, {"a": nested(40)}, ["x"] * 200_000,
        [[[[["e5"]]]]])


def test_the_base_position_is_a_game(game):
    m, a = module(game), entry(game)
    g = m.Game.from_position(copy.deepcopy(a.base_position))
    assert g.decision is not None and g.log == [] and g.setup == {"position": a.base_position}
    assert m.Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_what_is_no_position_is_refused(game):
    m, a = module(game), entry(game)
    for bad in (5, None, [], "x", b"x", 1.5, nested(600), nested(DEEP), [a.base_position]):
        with pytest.raises(a.position_error):
            m.Game.from_position(bad)
    with pytest.raises(a.position_error):
        m.Game.from_position(dict(a.base_position, bogus=1))


def test_a_position_with_a_field_of_junk_is_refused(game):
    m, a = module(game), entry(game)
    for key in a.base_position:
        for junk in JUNK:
            with pytest.raises(a.position_error):
                m.Game.from_position(dict(copy.deepcopy(a.base_position), **{key: junk}))
