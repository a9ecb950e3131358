"""Engine invariants, checked after every action by the property tests (and handy when fuzzing).

`check(g)` raises AssertionError naming the broken invariant:
* every card of each player is accounted for exactly once (hand, draw, discard, squads, battle, removed);
* the token is on the track; each squad is within its limit unless a trim/reorder of it is pending;
* crystals are conserved (row + deck + collected + removed = the whole set, each once);
* a finished game asks nothing; an unfinished one asks exactly one player, with distinct options.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def deck_multiset(g: "Game", p: int) -> Counter:
    clans = g.setup.get("clans")
    if clans:
        return Counter(k * 2 + p for k in g.cs.deck(clans[p]))
    return Counter()


def check(g: "Game", expected: tuple[Counter, Counter] | None = None) -> None:
    cs = g.cs
    for p in (0, 1):
        have = Counter(g.all_cards(p))
        total = sum(have.values())
        assert total == g.card_total[p], f"player {p} has {total} cards in play, expected {g.card_total[p]}"
        if expected is not None:
            assert have == expected[p], f"player {p}'s cards changed: {have - expected[p]} / {expected[p] - have}"
    assert -cs.track <= g.pos <= cs.track, f"token {g.pos} off the track"

    pending = set()
    for f in g.stack:
        name = type(f).__name__
        if name in ("TrimFrame", "ReorderFrame"):
            pending.add((f.ctrl, f.zone))
    for p in (0, 1):
        for z, sq in enumerate(g.squads[p]):
            if len(sq) > g.squad_limit(p, z):
                assert (p, z) in pending, f"player {p}'s squad in {g.zone_id(z)} has {len(sq)} units"

    crystals = g.crystal_row + g.crystal_deck + [c[0] for side in g.collected for c in side] + g.crystals_removed
    assert sorted(crystals) == list(range(len(cs.crystals))), "crystals not conserved"
    assert len(g.crystal_row) <= cs.face_up

    check_playable(g)


def check_playable(g: "Game") -> None:
    """A finished game asks nothing; an unfinished one asks exactly one player, with distinct options
    (also the last check on a scenario from Game.from_position, which need not hold every card)."""
    cs = g.cs
    if g.winner is not None:
        assert g.decision is None and g.legal_actions() == [], "a finished game still asks for a decision"
        assert g.crystal_count(g.winner) >= cs.crystals_to_win
    else:
        d = g.decision
        assert d is not None and d.player in (0, 1), "an unfinished game must ask a player"
        texts = [str(a) for a in d.options]
        assert texts, f"decision {d.kind} offers nothing"
        assert len(set(texts)) == len(texts), f"duplicate options in {d.kind}: {texts}"
        assert texts != ["cancel"], f"decision {d.kind} is a dead end: only cancel is left"
        for p in (0, 1):
            assert g.crystal_count(p) < cs.crystals_to_win, f"player {p} has 4 crystals but did not win"
