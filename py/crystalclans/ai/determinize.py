"""Determinization: a full game that looks exactly the same to player p, with everything p cannot see
redealt at random among the places it could be.

Hidden from p (view.py): the opponent's hand, both draw piles (contents and order), the crystal deck's
order, the PRNG state, a battle card the opponent picked (or anyone's card played face down from the draw
pile) before the reveal, and the opponent's Foresight prediction. Known to p although it lies in a hidden
place: the opponent's hand while p is looking at it (Tactical, The Bitter Blessing, Spy). While a scry of a
draw pile is under way that pile is left as it is (the scry keeps positions in it), a small, rare leak
that keeps the game sound.

In a private-chance game (privacy.py) the placeholders of a one-sided game are dealt from the cards of
their seat it cannot place, and both private streams are replaced by fresh ones, so the bots play from a
one-sided game as from a full one.

By construction the result depends only on what p may see and on the caller's random stream: the hidden
cards are pooled per owner and *sorted* before they are dealt, so two true states that p cannot tell apart
give the same determinization for the same stream (the bots' never-peeks property rests on this).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.rng import Rng

from ..cardset import STYLES
from ..privacy import Secrecy, shown_first
from ..unseen import unaccounted

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

NONE = -1


def _known(g: "Game", p: int) -> tuple[bool, list[bool]]:
    """What stays as it is: (the opponent's hand, because p is looking at it; each draw pile, because a scry
    of it is under way: its frame keeps positions in the pile, so the pile cannot be redealt under it)."""
    hand_known = False
    fixed = [False, False]
    for f in g.stack:
        name = type(f).__name__
        owner = getattr(f, "p", None)
        if name in ("LookFrame", "OpponentHandFrame", "SpyFrame") and owner == p:
            hand_known = True
        elif name == "ScryFrame":
            fixed[owner] = True
        elif name == "ScryOpponentFrame" and f.stage == 2:
            fixed[1 - owner] = True
    return hand_known, fixed


def _see_all(d: "Game", rng: Rng) -> None:
    """A private-chance game made whole: the placeholders of a seat it cannot see (a one-sided game) dealt
    from her cards it cannot place, and every seat given a fresh stream, so a redeal never rests on a true
    private stream (its future reshuffles are as unknown as the rest)."""
    s = d.secrecy
    for x in (0, 1):
        if s.sees(x):
            continue
        unk = s.unknown[x]
        pool = sorted(unaccounted(d, x).elements())
        rng.shuffle(pool)
        for pile in (d.hands[x], d.draws[x]):
            for i, c in enumerate(pile):
                if c == unk:
                    pile[i] = pool.pop()
        b = d.battle
        if b is not None and b.cards[x] == unk:
            b.cards[x] = pool.pop()
    d.secrecy = Secrecy([Rng(rng.next64() | 1), Rng(rng.next64() | 1)], s.unknown)


def determinize(g: "Game", p: int, rng: Rng) -> "Game":
    """A copy of g, identical in p's view, with the hidden information redealt from `rng`. g must hold p's
    own cards: a one-sided game (online without trust) of the other seat would give a world whose '?' options
    name no card of p's hand (a summon of one crashed), so it is refused."""
    if g.secrecy is not None and g.secrecy.streams[p] is None:
        raise ValueError(f"seat {p}'s hidden cards are not in this game (a one-sided game, online without trust): "
                         "a bot decides only for a seat whose cards its game holds")
    d = g.clone(story=False)
    q = 1 - p
    if d.secrecy is not None:
        _see_all(d, rng)
    hand_known, fixed = _known(d, p)
    b = d.battle
    hidden_pick = [False, False]  # battle cards p cannot see yet
    if b is not None and not b.revealed:
        for x in (0, 1):  # as view.py: p sees her own pick from the hand, and a card revealed first
            c = b.cards[x]
            if c >= 0 and (b.from_draw[x] or x == q) and not shown_first(g, x):
                hidden_pick[x] = True

    # the slots p cannot see into, and the cards in them (pooled per owner)
    pool: list[list[int]] = [[], []]
    draw_hidden = []
    for x in (0, 1):
        pile = d.draws[x]
        n = 0 if fixed[x] else len(pile)
        draw_hidden.append(n)
        for c in pile[:n]:
            pool[c & 1].append(c)
    if not hand_known:
        for c in d.hands[q]:
            pool[c & 1].append(c)
    for x in (0, 1):
        if hidden_pick[x]:
            c = b.cards[x]
            pool[c & 1].append(c)
    for side in pool:
        side.sort()
        rng.shuffle(side)

    # a draw pile holds its owner's cards; so does a card played face down from it
    for x in (0, 1):
        n = draw_hidden[x]
        d.draws[x][:n] = [pool[x].pop() for _ in range(n)]
    for x in (0, 1):
        if hidden_pick[x] and b.from_draw[x]:
            b.cards[x] = pool[x].pop()
    rest = pool[0] + pool[1]  # what remains goes to the opponent's hand (and her hidden pick)
    rest.sort()
    rng.shuffle(rest)
    if hidden_pick[q] and not b.from_draw[q]:
        b.cards[q] = rest.pop()
    if not hand_known:
        n = len(d.hands[q])
        d.hands[q] = [rest.pop() for _ in range(n)]
    assert not rest, "determinize: cards left over"

    if b is not None and not b.revealed and b.predict[q]:
        b.predict[q] = STYLES[rng.below(len(STYLES))]
    d.crystal_deck.sort()  # its true order must not matter
    rng.shuffle(d.crystal_deck)
    d.rng = Rng(rng.next64() | 1)
    d._legal = None
    return d
