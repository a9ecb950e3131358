"""view(p) is exactly what seat p may see: changing everything she may not know (the entry's scramble: the
others' hidden cards, every hidden order, the PRNG, the others' secret moves in the log) leaves her whole view
unchanged, the decision and the log included, at the sampled states of every deal and for every seat; a view
is JSON data with one log entry per move, and only the decider's view holds the options."""
from __future__ import annotations

import json

import pytest

from .kit import entry, nested, played, seats, spread


def test_nothing_hidden_changes_any_players_view(deal):
    name, label = deal
    a = entry(name)
    checked = 0
    for k, g in enumerate(spread(played(name, label).samples, 60)):
        d = g.decision
        for p in seats(g):
            if d is not None and d.player == p and d.kind in a.reveals_to_decider:
                continue  # the decision shows her some hidden cards: her view rightly depends on them
            v = g.view(p)
            assert a.scramble(g, p, k).view(p) == v, (
                f"view({p}) depends on what seat {p} may not know, at {d.kind if d else 'the end'} "
                f"after {len(g.log)} moves")
            checked += 1
    assert checked >= 2 * len(spread(played(name, label).samples, 60)) - 2


def test_a_view_is_data_and_only_the_deciders_holds_the_options(deal):
    name, label = deal
    for g in spread(played(name, label).samples, 25):
        d = g.decision
        for p in seats(g):
            v = g.view(p)
            assert json.loads(json.dumps(v, allow_nan=False)) == v and v["you"] == p
            assert len(v["log"]) == len(g.log) and all(isinstance(t, str) for t in v["log"])
            if d is None:
                assert v["decision"] is None and v["legal_actions"] == []
                continue
            assert (v["decision"]["kind"], v["decision"]["player"]) == (d.kind, d.player)
            if d.player == p:
                assert v["legal_actions"] == [str(o) for o in g.legal_actions()]
            else:
                assert v["legal_actions"] == [] and "options" not in v["decision"]


def test_a_view_of_no_seat_is_refused(deal):
    name, label = deal
    g = played(name, label).samples[0]
    for bad in (len(seats(g)), -1, 99, "0", None, 1.5, [0], nested(600)):
        with pytest.raises(ValueError):
            g.view(bad)


@pytest.mark.contract("view_seat")
def test_a_bool_is_no_seat(game):
    g = played(game, entry(game).deals[0].label).samples[0]
    for bad in (True, False):
        with pytest.raises(ValueError):
            g.view(bad)
