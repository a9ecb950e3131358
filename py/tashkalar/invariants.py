"""Engine invariants, checked after every action by the property and fuzz tests.

`check(g)` raises AssertionError naming the broken invariant:
* the 81-bit piece sets agree with the squares, pieces stand only in the arena, and no colour has more
  pieces in the arena than it owns (two-sided ones, legendary ones);
* every card is somewhere exactly once: each seat's own deck cards (hand, draw pile, discard, the card in
  play), every legend and every flare (decks, discards, hands, the card in play); in the High Form every task
  (face up, next, deck, claimed);
* the modes' shapes: colours per seat (Team: partners share one), Duel points alike for partners, Melee points
  never negative and none in one's own colour, improvised colours only enemy ones, control only by the
  active player's partner; the turn's decisions go to the active player, or to the partner in control;
* an unfinished game asks exactly one player a question with at least one option and no two options alike;
  a finished one asks nothing and has winners; no effect context outside an effect.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .board import ON_SET, SIZE
from .content import CARDS_T, DECKS, FLARES, LEGENDARY_PIECES, LEGENDS, TASKS

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def check(g: "Game", decks_complete: bool = True) -> None:
    """`decks_complete`: each seat holds exactly its deck's cards (a new game; a position may hold fewer)."""
    bits = [[0, 0, 0] for _ in g.bits]
    for s in range(SIZE):
        cell = g.cells[s]
        if cell >= 0:
            assert s in ON_SET, f"a piece off the arena at {s}"
            bits[cell >> 2][cell & 3] |= 1 << s
    assert bits == g.bits, "the piece bit sets disagree with the squares"
    for c in range(len(g.bits)):
        assert g.two_left(c) >= 0, f"colour {c}: more two-sided pieces in the arena than it owns"
        assert 0 <= g.legends_left(c) <= LEGENDARY_PIECES, f"colour {c}: legendary pieces out of range"
    for p, c in enumerate(g.pending):  # Etherweave: a pending being is a card in its player's hand
        assert c < 0 or c in g.hands[p], f"seat {p}: its pending being is not in its hand"
    for p, gw in enumerate(g.gateway):  # Nethervoid: a Gateway is an own common or heroic piece
        assert gw < 0 or (g.cells[gw] >= 0 and g.cells[gw] >> 2 == g.colour[p] and g.cells[gw] & 3 < 2), \
            f"seat {p}: its Gateway {gw} is not an own common or heroic piece"

    playing = [g.playing] if g.playing >= 0 else []
    in_hands = [c for h in g.hands for c in h]
    for p in range(g.n):
        mine = [c for c in g.hands[p] if CARDS_T[c].kind == "being"] + g.draws[p] + g.discards[p] + \
            [c for c in playing if CARDS_T[c].kind == "being" and p == g.active] + \
            ([g.frozen[p]] if g.frozen[p] >= 0 else [])  # Everfrost: a frozen effect in play
        if decks_complete:
            assert Counter(mine) == Counter(DECKS[g.decks[p]].cards), f"seat {p}: its deck's cards are not all there"
        else:
            assert len(mine) == len(set(mine)), f"seat {p}: a being card twice"
    for kind, every, deck, discard in (("legend", LEGENDS, g.legend_deck, g.legend_discard),
                                       ("flare", FLARES, g.flare_deck, g.flare_discard)):
        seen = deck + discard + [c for c in in_hands + playing if CARDS_T[c].kind == kind]
        if decks_complete:
            assert sorted(seen) == sorted(every), f"the {kind}s are not each in one place"
        else:
            assert len(seen) == len(set(seen)), f"a {kind} is in two places"
    if g.mode == "team":
        assert g.colour == [0, 1, 0, 1] and len(g.bits) == 2 and g.n == 4, "the Team game's colours"
        assert g.points[0] == g.points[2] and g.points[1] == g.points[3], "partners' points differ"
        assert g.control in (-1, (g.active + 2) % 4), "control held by someone but the partner"
        assert g.sideways == 6
    else:
        assert g.colour == list(range(g.n)) and len(g.bits) == g.n and g.control == -1 and g.sideways == 0
    if g.form == "melee":
        assert g.n in (3, 4) and len(g.mpoints) == g.n and len(g.improvised) == g.n
        for p in range(g.n):
            assert g.mpoints[p][p] == 0 and min(g.mpoints[p]) >= 0, f"seat {p}: melee points"
            assert not g.improvised[p] >> p & 1 and g.improvised[p] < 1 << g.n, f"seat {p}: improvised colours"
    else:
        assert not g.mpoints and not g.improvised
    if g.form == "high_form" and decks_complete:
        tasks = g.tasks_deck + g.tasks_up + ([g.task_next] if g.task_next >= 0 else []) + \
            [t for c in g.claimed for t in c]
        assert sorted(tasks) == list(range(len(TASKS))), "the tasks are not each in one place"

    d = g.decision
    if g.over:
        assert d is None and not g.stack and g.winners, "a finished game asks nothing and has winners"
    else:
        assert d is not None and 0 <= d.player < g.n, "an unfinished game asks one player"
        texts = [str(a) for a in d.options]
        assert texts and len(texts) == len(set(texts)), f"options empty or repeated: {texts[:10]}"
        assert g.actions_left >= 0
        if d.kind not in ("start_squares",) and not g.over:
            asked = g.control if g.control >= 0 and d.kind != "task" else g.active
            assert d.player == asked, f"{d.kind} asked of seat {d.player}, not {asked}"
        if d.kind in ("action", "task", "start_squares"):
            assert g.fx is None and g.playing == -1, "an effect context outside an effect"
