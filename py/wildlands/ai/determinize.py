"""Determinization for Wildlands: a copy of the game that player p cannot tell from the real one, with
everything p cannot see dealt again at random.

What p cannot see (view.py): the other players' hands (only their sizes), the order of every draw pile (her
own too), the map cards under the other players' unrevealed figures, during the setup the other players'
map cards, and the PRNG. What she knows of them is kept: each hand's and pile's size, which cards of a
deck are out of sight (a seat's hand and draw pile together: its deck minus its public discard pile), how
many figures of each seat wait unrevealed, and which spaces cannot hold a hidden start:

* after the setup: every space a shard lies on or was picked up from, every space a figure was revealed
  on (its map card left the game, W18), and p's own unrevealed start spaces; the hidden starts of the other
  players are dealt from the remaining spaces (the map cards nobody was dealt are among them: with fewer
  than four players p cannot tell them from the others' start cards);
* during the setup (W13): p's own ten map cards; the others' ten each are dealt from the other 32 spaces,
  and a start already chosen by another player is one of that player's new cards.

The spaces of pickups and reveals are read from the game's public story (`game.events`, the facts every
player is told); a game kept without its story (clone(story=False)) falls back to what the board shows now
(the shards lying there, p's own starts): a coarser redeal, still made from public facts only.

Every pool is sorted before it is shuffled and every redealt hand is sorted, so two real games that p cannot
tell apart give the same determinization for the same random stream; the bots' never-peek property rests
on this. The copy's log hides the other players' start choices and unfinished payments as view(p) does
(view.visible_log), and its setup names no seed. Call it for the deciding player (`g.decision.player`): the
decision's options are the real game's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.rng import Rng

from ..content import N_SPACES
from ..view import visible_log

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

NC = 5
ALL_SPACES = range(1, N_SPACES + 1)


def _deal(pool: "list[int]", rng: Rng) -> "list[int]":
    pool.sort()
    rng.shuffle(pool)
    return pool


def known_spaces(g: "Game", p: int) -> "set[int]":
    """After the setup: the spaces p knows hold no hidden start of another player."""
    known = {s for sh in g.shards for s in sh}
    known.update(s for c, s in enumerate(g.start) if s and c // NC == p)
    if g.events is not None:
        for e in g.events:
            if e[1] == "reveal":
                known.add(e[3])
            elif e[1] == "pickup":
                known.add(e[4])
    return known


def determinize(g: "Game", p: int, rng: Rng) -> "Game":
    """A copy of g that looks the same to player p, its hidden cards and start spaces redealt from `rng`."""
    d = g.clone(story=False)
    n = d.n
    others = [q for q in range(n) if q != p]
    # cards: each other seat's hand and draw pile from the cards of its deck out of sight; p's own pile reordered
    for q in range(n):
        if q == p:
            d.hands[q] = sorted(d.hands[q])
            d.draws[q] = _deal(list(d.draws[q]), rng)
            continue
        h = len(d.hands[q])
        pool = _deal(d.hands[q] + d.draws[q], rng)
        d.hands[q] = sorted(pool[:h])
        d.draws[q] = pool[h:]
    if any(d.dealt):  # the setup (W13): the others' map cards and the starts they chose already
        pool = _deal([s for s in ALL_SPACES if s not in set(d.dealt[p])], rng)
        for q in others:
            cards = pool[:len(d.dealt[q])]
            del pool[:len(cards)]
            d.dealt[q] = sorted(cards)
            chosen = [c for c in range(q * NC, q * NC + NC) if d.start[c]]
            picks = _deal(list(cards), rng)
            for c, s in zip(chosen, picks):
                d.start[c] = s
    else:
        hidden = [c for q in others for c in range(q * NC, q * NC + NC) if d.pos[c] == 0]
        if hidden:
            known = known_spaces(g, p)
            pool = _deal([s for s in ALL_SPACES if s not in known], rng)
            for c, s in zip(hidden, pool):
                d.start[c] = s
    d.rng = Rng(rng.next64() | 1)
    d.log = visible_log(g, p)
    d.hidden = {}
    d.setup = {"board": g.board, "factions": list(g.factions), "determinized": True}
    return d


__all__ = ["determinize", "known_spaces"]
