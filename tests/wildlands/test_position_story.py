"""A game built from a position (Game.from_position) begins in the middle of a turn: its story tells that turn's
events under the turn and its active player, as a dealt game's story does, not as the setup (the guided first
game's log showed its first turn as "Setup")."""
from __future__ import annotations

import wildlands as wl


def test_a_position_s_first_turn_is_told_as_its_turn():
    g = wl.Game.from_position({"board": "dungeon", "factions": ["guild", "gnomads"], "active": 1, "turn": 4,
                               "characters": {"tak": 12, "lunk": 30}, "hands": [["c1"], ["c23", "c1"]]})
    g.apply(next(str(a) for a in g.legal_actions() if a.kind == "move"))
    story = g.story()
    assert [(t["turn"], t["player"]) for t in story] == [(4, 1)]
    assert story[0]["events"][0]["kind"] == "move"
    assert g.at(0).story() == [{"turn": 4, "player": 1, "events": []}]  # the position itself, as undo rebuilds it
