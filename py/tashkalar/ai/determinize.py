"""Determinization for Tash-Kalar: a copy of the game that player p cannot tell from the real one, with
everything she cannot see dealt again at random.

What p cannot see (view.py): the other players' hands (only how many beings, legends and flares each
holds), the order of every draw pile (her own too), the legend, flare and task decks, and the PRNG. What she
knows of them is exactly what is kept: each seat's hand counts by kind, each pile's size, and which cards
are somewhere out of sight. The hidden places are filled again from pools:

* the beings of seat x: x's draw pile plus, when x is not p, the beings in x's hand (x's deck minus what is
  public: her discards and the card being played);
* the legends (the flares): the legend (flare) deck plus the legends (flares) in the other players' hands;
* the tasks (High Form): the task deck.

Every pool is sorted before it is shuffled and a redealt hand is built in a fixed order (beings, legends,
flares), so two real games that p cannot tell apart give the same determinization for the same random
stream; the bots' never-peek property rests on this. Written for any number of seats (`g.n`).

Kept where it is: a card every view names (Etherweave's pending being stays in its owner's hand).

Left out on purpose (p may know them, the determinization forgets them, which never leaks anything): the
cards p herself put under a deck (`bottom`), and a card Kiskin Spirit put on top of p's deck this turn.

Call it for the deciding player (`g.decision.player`): the decision's options are those of the real game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.rng import Rng

from ..content import CARDS_T

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

KINDS = ("being", "legend", "flare")


def _split(hand: list[int]) -> tuple[list[int], list[int], list[int]]:
    parts: tuple[list[int], list[int], list[int]] = ([], [], [])
    for c in hand:
        parts[KINDS.index(CARDS_T[c].kind)].append(c)
    return parts


def _deal(pool: list[int], rng: Rng) -> list[int]:
    pool.sort()
    rng.shuffle(pool)
    return pool


def determinize(g: "Game", p: int, rng: Rng) -> "Game":
    """A copy of g that looks the same to player p, its hidden cards redealt from `rng`."""
    d = g.clone(story=False)
    n = d.n
    others = [q for q in range(n) if q != p]
    # a card everyone can see stays where it is: Etherweave's pending being, named in every view
    shown = {q: [c for c in (d.pending[q],) if c >= 0 and c in d.hands[q]] for q in others}
    split = {}
    for q in others:
        hidden = list(d.hands[q])
        for c in shown[q]:
            hidden.remove(c)  # one copy: a card may be in the hand twice
        split[q] = _split(hidden)

    # beings: per seat, from her own draw pile (and hand, for the others)
    beings: dict[int, list[int]] = {}
    for x in range(n):
        pool = list(d.draws[x]) + (split[x][0] if x != p else [])
        pool = _deal(pool, rng)
        k = len(d.draws[x])
        d.draws[x] = pool[:k]
        beings[x] = pool[k:]

    # legends and flares: the shared deck and the other players' hands
    dealt: dict[int, list[list[int]]] = {q: [beings[q], [], []] for q in others}
    for kind, deck_attr in ((1, "legend_deck"), (2, "flare_deck")):
        deck = getattr(d, deck_attr)
        pool = list(deck)
        for q in others:
            pool += split[q][kind]
        pool = _deal(pool, rng)
        for q in others:
            k = len(split[q][kind])
            dealt[q][kind] = pool[:k]
            del pool[:k]
        setattr(d, deck_attr, pool)
    for q in others:
        b, l, f = dealt[q]
        d.hands[q] = shown[q] + b + l + f

    if d.tasks_deck:
        d.tasks_deck = _deal(list(d.tasks_deck), rng)
    d.rng = Rng(rng.next64() | 1)
    return d


__all__ = ["determinize"]
