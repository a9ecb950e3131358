"""The arena's geometry: squares, their names, neighbours, rays, distances and coloured squares.

A square is an int `(y - 1) * 9 + (x - 1)` on a 9x9 grid (x = column 1..9 from the left, y = row 1..9 from
the top), so a set of squares is also an 81-bit int (bit i = square i), which the pattern matcher shifts
(patterns.py). Only the 69 squares of the arena (the grid without three squares at each corner) ever hold a
piece. A square's name is its column letter and row number: `a5` is x=1, y=5; `e5` is the centre.

The red and green squares count in every mode (Highland's cards and the Earth Elemental name them in the
Duel as well; our ruling, the quick rules only say that the High Form's side marks the central squares);
the nine central squares matter only for the High Form's tasks.

The data comes from data/board.json (tashkalar.content); this module turns it into lookup tables once, at
import. Nothing here knows about pieces or players.
"""
from __future__ import annotations

from .content import BOARD

W = 9
SIZE = W * W
COLS = "abcdefghi"


def sq(x: int, y: int) -> int:
    """The square at column x, row y (both 1..9)."""
    return (y - 1) * W + (x - 1)


def xy(s: int) -> tuple[int, int]:
    return s % W + 1, s // W + 1


ON = tuple(sorted(sq(x, y) for x, y in BOARD["squares"]))
ON_SET = frozenset(ON)
ALL_MASK = sum(1 << s for s in ON)
NAME = {s: f"{COLS[xy(s)[0] - 1]}{xy(s)[1]}" for s in ON}
BY_NAME = {n: s for s, n in NAME.items()}


def on_board(x: int, y: int) -> bool:
    return 1 <= x <= W and 1 <= y <= W and sq(x, y) in ON_SET


# The eight directions, clockwise from up ("n" = toward row 1).
DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
DIR_NAMES = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
DIR_OF = {d: i for i, d in enumerate(DIRS)}
ORTHOGONAL = (0, 2, 4, 6)
DIAGONAL = (1, 3, 5, 7)


def _step(s: int, d: int) -> int:
    x, y = xy(s)
    dx, dy = DIRS[d]
    return sq(x + dx, y + dy) if on_board(x + dx, y + dy) else -1


STEP = {s: tuple(_step(s, d) for d in range(8)) for s in ON}  # STEP[s][d]: the next square, -1 off the arena
RAY: dict[int, tuple[tuple[int, ...], ...]] = {}
for _s in ON:
    rays = []
    for _d in range(8):
        line, cur = [], STEP[_s][_d]
        while cur >= 0:
            line.append(cur)
            cur = STEP[cur][_d]
        rays.append(tuple(line))
    RAY[_s] = tuple(rays)  # RAY[s][d]: the squares from s (not included) in direction d up to the edge

ADJ = {s: tuple(t for t in STEP[s] if t >= 0) for s in ON}
ORTH = {s: tuple(STEP[s][d] for d in ORTHOGONAL if STEP[s][d] >= 0) for s in ON}
DIAG = {s: tuple(STEP[s][d] for d in DIAGONAL if STEP[s][d] >= 0) for s in ON}
ADJ_MASK = {s: sum(1 << t for t in ADJ[s]) for s in ON}


def _distances(start: int) -> dict[int, int]:
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for s in frontier:
            for t in ADJ[s]:
                if t not in dist:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return dist


# DIST[a][b]: the fewest moves from a to b inside the arena (the quick rules' "distance").
DIST = {s: _distances(s) for s in ON}

RED = frozenset(sq(x, y) for x, y in BOARD["red"])
GREEN = frozenset(sq(x, y) for x, y in BOARD["green"])
COLOURED = RED | GREEN
CENTRE = sq(*BOARD["central_square"])
CENTRAL_NINE = frozenset(sq(x, y) for x, y in BOARD["central_nine"])
DUEL_START = tuple(sq(x, y) for x, y in BOARD["duel_start_squares"])
MELEE_START = tuple(tuple(sq(x, y) for x, y in pair) for pair in BOARD["melee_start_pairs"])
NEXT_TO_RED = frozenset(t for s in RED for t in ADJ[s])  # squares adjacent to some red square
NEXT_TO_GREEN = frozenset(t for s in GREEN for t in ADJ[s])


def direction(a: int, b: int) -> int:
    """The direction (0..7) of the straight line from a to b, or -1 when they are not on one."""
    (ax, ay), (bx, by) = xy(a), xy(b)
    dx, dy = bx - ax, by - ay
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return -1
    return DIR_OF[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]


def name(s: int) -> str:
    return NAME[s]


def squares_of(mask: int) -> list[int]:
    """The squares in a bit set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
