"""The fast pattern matcher (81-bit shifts, unrolled per card) against a plain one that walks coordinates:
on random boards, for every card, both find exactly the same placements; also with War Summoner's one
borrowed enemy piece and with the too-few-pieces rules."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tashkalar.board import NAME, ON, on_board, sq, xy
from tashkalar.content import CARDS_T
from tashkalar.patterns import ANY_TARGET, ORIENTATIONS, TRANSFORMS
from tashkalar.summon import _masks, placements

from ..conftest import LONG
from .conftest import position

CARDS = [c for c in CARDS_T if c.kind != "flare"]
CHECKS = settings(max_examples=3000 if LONG else 60, database=None, deadline=None, derandomize=not LONG,
                  suppress_health_check=list(HealthCheck))
boards = st.dictionaries(st.sampled_from([NAME[s] for s in ON]), st.sampled_from(["0c", "0c", "0h", "0l", "1c", "1h"]),
                         max_size=30)


def naive(g, code: int, borrow: bool) -> set[tuple[int, int]]:
    """(target, transform index) of every legal placement, found square by square from the card's data."""
    card = CARDS_T[code]
    found = set()
    for t in ON:
        cell = g.cells[t]
        if cell >= 0 and cell & 3 > card.rank:
            continue
        x, y = xy(t)
        for o in ORIENTATIONS[code]:
            f = TRANSFORMS[o.index]
            enemy = 0
            ok = True
            for dx, dy, r in card.requires:
                ox, oy = f(dx, dy)
                if not on_board(x + ox, y + oy):
                    ok = False
                    break
                c = g.cells[sq(x + ox, y + oy)]
                if c < 0 or c & 3 < r:
                    ok = False
                    break
                if c >> 2 != 0:
                    enemy += 1
            if ok and enemy <= (1 if borrow else 0):
                found.add((t, o.index))
    return found


@CHECKS
@given(board=boards, borrow=st.booleans())
def test_fast_and_plain_matchers_agree(board, borrow):
    if sum(v == "0l" for v in board.values()) > 3 or any(
            sum(v[0] == c and v[1] != "l" for v in board.values()) > 16 for c in "01"):
        return  # more pieces than a colour has
    g = position(board=board, borrow=int(borrow))
    for card in CARDS:
        fast = {(t, ORIENTATIONS[card.code][oi].index) for t, oi, _, _ in placements(g, 0, card.code)}
        if g.in_supply(0, card.rank):
            assert fast == naive(g, card.code, borrow), card.id
        else:
            assert fast <= naive(g, card.code, borrow), card.id
        if not borrow and g.in_supply(0, card.rank):
            own, _, ok = _masks(g, 0, card.rank)
            assert bool(ANY_TARGET[card.code](own[0], own[1], own[2], ok)) == bool(fast), card.id
