"""Patterns: each card's pattern in its distinct orientations, and the fast matcher that finds where a
player can summon it.

An orientation is one of the 8 placements of a card's picture (4 rotations, each also mirrored); those
that put the same required squares and the same marks around the being are one orientation, so every
placement offered is a different one. (The data's `orientations` counts 8 for Hypnotist and The Eldest Tree,
whose pictures look the same in 4; our effect texts for both do not depend on the side, so the 4 distinct
ones are offered; tests/tashkalar/test_data.py checks every other count against the data.)

Matching uses 81-bit square sets (board.py): for an orientation, the squares where the being may go are
`valid & target_ok & AND(own pieces of rank >= r, shifted by each requirement's offset)`, a handful of
integer operations per orientation instead of a loop over squares. `valid` holds the targets whose whole
pattern lies in the arena, so a shift never wraps a row into the next.
"""
from __future__ import annotations

from .board import ALL_MASK, ON, W, xy
from .content import CARDS_T

# COLUMNS_OK[dx]: the squares whose column plus dx is still a column of the grid
COLUMNS_OK = {dx: sum(1 << t for t in ON if 1 <= xy(t)[0] + dx <= W) for dx in range(-W, W + 1)}

# The 8 transforms of an offset (dx, dy): 4 rotations by 90 degrees, then the same after a mirror.
TRANSFORMS = (
    lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y), lambda x, y: (y, -x),
    lambda x, y: (-x, y), lambda x, y: (-y, -x), lambda x, y: (x, -y), lambda x, y: (y, x),
)


class Orientation:
    """One distinct placement shape of a card: its index among the 8 transforms, the required offsets
    (dx, dy, rank), the marked offsets, the shift of each requirement in the 81-bit board, and the set of
    target squares where the whole pattern fits in the arena."""

    __slots__ = ("index", "requires", "marked", "shifts", "valid", "deltas")

    def __init__(self, index: int, requires: tuple, marked: tuple) -> None:
        self.index = index
        self.requires = requires
        self.marked = marked
        self.shifts = tuple((dy * W + dx, r) for dx, dy, r in requires)
        self.deltas = tuple(d for d, _ in self.shifts)
        valid = ALL_MASK
        for dx, dy, _ in requires:  # t + (dx, dy) in the arena, with no wrap from one row into the next
            d = dy * W + dx
            valid &= ((ALL_MASK >> d) if d >= 0 else (ALL_MASK << -d)) & COLUMNS_OK[dx]
        self.valid = valid

    def squares(self, target: int) -> list[tuple[int, int]]:
        """(square, rank) of each requirement when the being goes on `target` (a valid target)."""
        return [(target + d, r) for d, r in self.shifts]

    def marks(self, target: int) -> list[tuple[int, int]]:
        """The marked offsets as absolute (x, y) (they may lie outside the arena)."""
        x, y = xy(target)
        return [(x + dx, y + dy) for dx, dy in self.marked]


def orientations_of(requires: tuple, marked: tuple) -> tuple[Orientation, ...]:
    seen: set = set()
    out = []
    for i, f in enumerate(TRANSFORMS):
        req = tuple(sorted((*f(dx, dy), r) for dx, dy, r in requires))
        mk = tuple(sorted(f(dx, dy) for dx, dy in marked))
        if (req, mk) in seen:
            continue
        seen.add((req, mk))
        out.append(Orientation(i, req, mk))
    return tuple(out)


# ORIENTATIONS[code]: the distinct orientations of each being or legend (empty for flares)
ORIENTATIONS: tuple[tuple[Orientation, ...], ...] = tuple(
    orientations_of(c.requires, c.marked) if c.kind != "flare" else () for c in CARDS_T)


def _any_target_function(orients: tuple[Orientation, ...]):
    """A function (own rank>=0, >=1, >=2 masks, target_ok) -> nonzero when some orientation has a target:
    `targets` for every orientation unrolled into one expression (built once, at import), because this
    is the hot path of every action choice (is each card in hand summonable?)."""
    if not orients:
        return lambda o0, o1, o2, ok: 0
    consts: dict = {}
    terms = []
    for k, o in enumerate(orients):
        consts[f"V{k}"] = o.valid
        parts = [f"V{k}", "ok"] + [f"(o{r} >> {d})" if d >= 0 else f"(o{r} << {-d})" for d, r in o.shifts]
        terms.append("(" + " & ".join(parts) + ")")
    src = "def any_target(o0, o1, o2, ok):\n    return " + " or ".join(terms) + "\n"
    exec(src, consts)  # our own generated expression from the card data; no outside text reaches it
    return consts["any_target"]


ANY_TARGET = tuple(_any_target_function(o) for o in ORIENTATIONS)
# (pieces, upgraded pieces) a pattern needs at least: a cheap test before any matching
NEEDS = tuple((len(c.requires), sum(1 for *_, r in c.requires if r >= 1)) for c in CARDS_T)


def shifted(mask: int, d: int) -> int:
    """The targets t whose square t + d is in `mask`."""
    return mask >> d if d >= 0 else mask << -d


def targets(o: Orientation, own_ge: tuple[int, int, int], target_ok: int) -> int:
    """The squares where the being can go in orientation o, given the player's pieces of rank >= 0, 1, 2."""
    m = o.valid & target_ok
    for d, r in o.shifts:
        if not m:
            return 0
        m &= (own_ge[r] >> d) if d >= 0 else (own_ge[r] << -d)
    return m


def targets_borrowing(o: Orientation, own_ge: tuple[int, int, int], any_ge: tuple[int, int, int],
                      target_ok: int) -> list[tuple[int, int]]:
    """Like `targets`, but one requirement may be met by an enemy piece (War Summoner): a list of
    (target mask, index of the borrowed requirement) for each requirement an enemy piece could fill."""
    out = []
    base = o.valid & target_ok
    shifts = o.shifts
    for i in range(len(shifts)):
        m = base
        for j, (d, r) in enumerate(shifts):
            src = any_ge[r] if i == j else own_ge[r]
            m &= (src >> d) if d >= 0 else (src << -d)
            if not m:
                break
        if m:
            out.append((m, i))
    return out
