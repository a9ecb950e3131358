"""Line of sight from a map's geometry (W42-W47, rulings AM5 and AM10; the method of CONTENT.md 4.2).

A map is a grid of 7 x 6 square spaces, 100 units each, a circle of radius 15 in the middle of every space.
Between two spaces there is LOS when at least one straight segment from a sample point of the first circle to
a sample point of the second survives every blocking test. Sample points: the centre and 8 points on the rim
at multiples of 45 degrees (81 segments a pair). A segment is blocked when it
* passes through a grid corner (AM10: treated as blocked; "exactly" is taken within 1e-7 units),
* crosses a boundary between two spaces that is a wall (W43),
* completely crosses a space with cover (W44; any space other than the two ends is crossed completely),
* (the target is low ground) crosses a high space (W46 c, d).
From low to high ground there is no LOS at all (W46 a); from high to high, high spaces between do not block
(W46 b). A space always sees itself (W45). `crossed` is the fewest completely crossed spaces over the
surviving segments (heavy ranged needs at most 1, W35).

The developer tool (datasync) computes the table the engine reads (data/boards.json) with `compute`; the rules
read only that table. `explain` says why: the table's answer for one pair, with the line to draw and what
stops it (the table shows it when an attack's target is chosen).
"""
from __future__ import annotations

import math
from typing import NamedTuple

COLS, ROWS, CELL, RADIUS = 7, 6, 100.0, 15.0
EPS = 1e-7


def space_of(col: int, row: int) -> int:
    return row * COLS + col + 1


def samples(space: int) -> list[tuple[float, float]]:
    row, col = divmod(space - 1, COLS)
    cx, cy = col * CELL + CELL / 2, row * CELL + CELL / 2
    pts = [(cx, cy)]
    for k in range(8):
        a = k * math.pi / 4
        pts.append((cx + RADIUS * math.cos(a), cy + RADIUS * math.sin(a)))
    return pts


def _crossings(p: tuple[float, float], q: tuple[float, float]) -> "list[tuple[float, str, int]] | None":
    """The grid lines the segment p->q crosses, in order: (t, 'x' or 'y', step +-1); None if it meets a corner."""
    out = []
    (x0, y0), (x1, y1) = p, q
    for axis, a0, a1 in (("x", x0, x1), ("y", y0, y1)):
        if a0 == a1:
            continue
        lo, hi = min(a0, a1), max(a0, a1)
        k = math.floor(lo / CELL) + 1
        while k * CELL < hi:
            t = (k * CELL - a0) / (a1 - a0)
            out.append((t, axis, 1 if a1 > a0 else -1))
            k += 1
    out.sort()
    for i in range(1, len(out)):
        if out[i][0] - out[i - 1][0] < EPS and out[i][1] != out[i - 1][1]:
            return None
    # a crossing of one axis line at the exact point where the other axis line is (a corner), found above
    # only when both lines are crossed; a segment that ends nowhere near a line cannot touch a corner otherwise
    return out


def segment(p, q, src: int, walls: set, cover: set, high: set, target_low: bool) -> "int | None":
    """Completely crossed spaces along p->q, or None if blocked."""
    cr = _crossings(p, q)
    if cr is None:
        return None
    return _walk(cr, src, walls, cover, high, target_low)[0]


def _walk(cr: list, src: int, walls: set, cover: set, high: set,
          target_low: bool) -> "tuple[int | None, str, tuple[int, ...], float]":
    """Along the crossings `cr` of a segment from `src`: (completely crossed spaces or None, what blocks it
    ("wall", "cover", "high"; "" if nothing), the wall (a, b) or the space (s,), where along it (0..1))."""
    row, col = divmod(src - 1, COLS)
    here = src
    entered = 0.0
    n = 0
    for t, axis, step in cr:
        if here != src and (here in cover or (target_low and here in high)):  # left it: crossed completely
            return None, "cover" if here in cover else "high", (here,), entered
        if axis == "x":
            col += step
        else:
            row += step
        nxt = space_of(col, row)
        if (min(here, nxt), max(here, nxt)) in walls:
            return None, "wall", (min(here, nxt), max(here, nxt)), t
        n += here != src
        here, entered = nxt, t
    return n, "", (), 1.0


def sight(a: int, b: int, walls: set, cover: set, high: set, pts: "dict | None" = None) -> "int | None":
    """The fewest spaces completely crossed by a surviving segment from a to b, or None: no LOS."""
    if a == b:
        return 0
    if a not in high and b in high:
        return None
    pa = pts[a] if pts else samples(a)
    pb = pts[b] if pts else samples(b)
    best = None
    target_low = b not in high
    for p in pa:
        for q in pb:
            c = segment(p, q, a, walls, cover, high, target_low)
            if c is not None and (best is None or c < best):
                best = c
                if c == 0:
                    return 0
    return best


def compute(walls: "set[tuple[int, int]]", cover: "set[int]", high: "set[int]") -> dict[int, dict[int, int]]:
    """los[src][dst] = fewest completely crossed spaces, for every pair with LOS (src itself: 0)."""
    pts = {s: samples(s) for s in range(1, COLS * ROWS + 1)}
    los: dict[int, dict[int, int]] = {}
    for a in range(1, COLS * ROWS + 1):
        row = los[a] = {}
        for b in range(1, COLS * ROWS + 1):
            c = sight(a, b, walls, cover, high, pts)
            if c is not None:
                row[b] = c
    return los


class Sight(NamedTuple):
    """Why a space sees another or not (explain). `crossed` as sight() gives it (None: no line of sight);
    `reason`: "self", "clear" (seen), "range" (seen, but across more spaces than `reach`), "low_to_high" (W46 a:
    low ground never sees high ground), or what stops the line shown: "wall" (W43), "cover" (W44, crossed
    completely), "high" (W46 c, d: high ground between, the target low), "corner" (AM10). `at`: the wall
    (a, b) or the space (s,) that stops it. `line`: the segment to draw, from a sample point of a to one of b
    (a line that sees, the one crossing fewest spaces; else the blocked line that gets farthest, a corner
    only if every line meets one); `stop`: the point where it is stopped (None when it is not)."""

    crossed: "int | None"
    reason: str
    at: tuple
    line: tuple
    stop: "tuple[float, float] | None"


def explain(a: int, b: int, walls: set, cover: set, high: set, reach: "int | None" = None) -> Sight:
    """Why a does or does not see b, by the same method as sight() (and with the same answer); `reach`: the
    most spaces an attack may cross (heavy ranged: 1, W35), else any."""
    pa, pb = samples(a), samples(b)
    centre = (pa[0], pb[0])
    if a == b:
        return Sight(0, "self", (), centre, None)
    if a not in high and b in high:
        return Sight(None, "low_to_high", (b,), centre, None)
    target_low = b not in high
    best: "tuple | None" = None  # (crossed, line) of the seeing line crossing fewest spaces
    stopped: "tuple | None" = None  # (rank, reason, at, line, t) of the blocked line that gets farthest
    for p in pa:
        for q in pb:
            cr = _crossings(p, q)
            if cr is None:  # the corner: where the two lines are crossed together
                t = next(cr_t for cr_t, _a in _corner_t(p, q))
                found: tuple = (None, "corner", (), t)
            else:
                found = _walk(cr, a, walls, cover, high, target_low)
            c, why, at, t = found
            if c is not None:
                if best is None or c < best[0]:
                    best = (c, (p, q))
            else:
                rank = (why != "corner", t)
                if stopped is None or rank > stopped[0]:
                    stopped = (rank, why, at, (p, q), t)
    if best is not None:
        c, line = best
        if reach is not None and c > reach:
            return Sight(c, "range", (), line, None)
        return Sight(c, "clear", (), line, None)
    _rank, why, at, line, t = stopped
    (x0, y0), (x1, y1) = line
    return Sight(None, why, at, line, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))


def _corner_t(p, q) -> "list[tuple[float, str]]":
    """Where along p->q it meets a grid corner (the crossings of both axes at one point), first first."""
    out = []
    (x0, y0), (x1, y1) = p, q
    for axis, a0, a1 in (("x", x0, x1), ("y", y0, y1)):
        if a0 == a1:
            continue
        lo, hi = min(a0, a1), max(a0, a1)
        k = math.floor(lo / CELL) + 1
        while k * CELL < hi:
            out.append(((k * CELL - a0) / (a1 - a0), axis))
            k += 1
    out.sort()
    return [(out[i][0], "corner") for i in range(1, len(out))
            if out[i][0] - out[i - 1][0] < EPS and out[i][1] != out[i - 1][1]]
