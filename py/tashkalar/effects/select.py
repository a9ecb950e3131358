"""Selectors: which squares an effect step may pick, written as a tuple of small words.

    ("enemy", "common", "diag")          an enemy common piece diagonally adjacent to the being
    ("empty", "marked")                  an empty marked square
    ("piece", "adj@x")                   any piece adjacent to the first square saved in register x

Words (all must hold; area words are relative to the being unless `@reg` names a register):
* what stands there: `own`, `enemy`, `piece` (any), `empty`, `square` (anything);
* rank: `common`, `heroic`, `legendary`, `nonlegendary`, `upgraded`;
* area: `adj` (8 neighbours), `orth`, `diag`, `dist1-2`, `dist<=2`, `dist<=3`, `marked`, `pattern`, `rays`
  (on a line from the being in one of the card's marked directions), `next_to_green`, `red_or_next`,
  `green_or_next`, `next_to_own` (adjacent to a piece of the player), `connected@reg` (adjacent to a square
  in the register, or anywhere while it is empty), `being`, `not_being`, `reg@reg` (the register's squares);
* owner tests: `colour@reg` (the colour saved in the register), `colours@reg` (any colour saved in the
  register's colour list), `richer_commons` / `richer_upgraded` (a piece of an opponent who has more common
  / upgraded pieces in the arena than the player).
Each selector is parsed once and cached.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..board import ADJ, DIAG, DIST, GREEN, NEXT_TO_GREEN, NEXT_TO_RED, ON, ORTH, RAY, RED

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from .context import EffectCtx

RED_OR_NEXT = RED | NEXT_TO_RED
GREEN_OR_NEXT = GREEN | NEXT_TO_GREEN

_CACHE: dict[tuple, tuple] = {}


def _anchor(fx: "EffectCtx", ref: str) -> int:
    return fx.being if not ref else fx.first(ref)


def _area(word: str) -> Callable[["Game", "EffectCtx"], "set[int] | tuple"]:
    base, _, ref = word.partition("@")

    def around(table):
        def f(g, fx):
            a = _anchor(fx, ref)
            return table[a] if a >= 0 else ()
        return f

    if base == "adj":
        return around(ADJ)
    if base == "orth":
        return around(ORTH)
    if base == "diag":
        return around(DIAG)
    if base.startswith("dist"):
        spec = base[4:]
        lo, hi = (1, int(spec[2:])) if spec.startswith("<=") else map(int, spec.split("-"))

        def dist(g, fx):
            a = _anchor(fx, ref)
            return [t for t, d in DIST[a].items() if lo <= d <= hi] if a >= 0 else ()
        return dist
    if base == "marked":
        return lambda g, fx: fx.marks
    if base == "pattern":
        return lambda g, fx: fx.pattern
    if base == "being":
        return lambda g, fx: (fx.being,) if fx.being >= 0 else ()
    if base == "reg":
        return lambda g, fx: fx.regs.get(ref) or ()
    if base == "rays":
        def rays(g, fx):
            b = fx.being
            return [t for d in fx.dirs for t in RAY[b][d]] if b >= 0 else ()
        return rays
    if base == "next_to_green":
        return lambda g, fx: NEXT_TO_GREEN
    if base == "red_or_next":
        return lambda g, fx: RED_OR_NEXT
    if base == "green_or_next":
        return lambda g, fx: GREEN_OR_NEXT
    if base == "connected":
        def connected(g, fx):
            group = fx.regs.get(ref) or []
            if not group:
                return ON
            return {t for s in group for t in ADJ[s]} - set(group)
        return connected
    raise KeyError(word)


AREAS = {"adj", "orth", "diag", "marked", "pattern", "being", "reg", "rays", "next_to_green", "red_or_next",
         "green_or_next", "connected"}
RANK_WORDS = {"common": (0,), "heroic": (1,), "legendary": (2,), "nonlegendary": (0, 1), "upgraded": (1, 2)}


def _parse(sel: tuple) -> tuple:
    areas = []
    who = "square"
    ranks = None
    tests = []
    for word in sel:
        base, _, ref = word.partition("@")
        if base in AREAS or base.startswith("dist"):
            areas.append(_area(word))
        elif base in ("own", "enemy", "piece", "empty", "square"):
            who = base
        elif base in RANK_WORDS:
            ranks = RANK_WORDS[base]
        elif base in ("not_being", "next_to_own", "colour", "colours", "richer_commons", "richer_upgraded"):
            tests.append((base, ref))
        else:
            raise KeyError(f"unknown selector word {word!r}")
    return tuple(areas), who, ranks, tuple(tests)


def candidates(g: "Game", fx: "EffectCtx", sel: tuple) -> list[int]:
    """The squares the selector allows now, in board order."""
    parsed = _CACHE.get(sel)
    if parsed is None:
        parsed = _CACHE[sel] = _parse(sel)
    areas, who, ranks, tests = parsed
    if areas:
        pool = None
        for f in areas:
            got = f(g, fx)
            pool = set(got) if pool is None else pool & set(got)
        squares = sorted(pool)
    else:
        squares = ON
    cells = g.cells
    me = g.colour[fx.p]
    out = []
    for s in squares:
        cell = cells[s]
        if who == "empty":
            if cell >= 0:
                continue
        elif who != "square":
            if cell < 0:
                continue
            if who == "own" and cell >> 2 != me or who == "enemy" and cell >> 2 == me:
                continue
            if ranks is not None and cell & 3 not in ranks:
                continue
        if tests and not all(_test(g, fx, name, ref, s, cell, me) for name, ref in tests):
            continue
        out.append(s)
    return out


def _test(g: "Game", fx: "EffectCtx", name: str, ref: str, s: int, cell: int, me: int) -> bool:
    if name == "not_being":
        return s != fx.being
    if name == "next_to_own":
        own = g.own_mask(me)
        return any(own >> t & 1 for t in ADJ[s])
    if cell < 0:
        return False
    c = cell >> 2
    if name == "colour":
        return c == fx.regs.get(ref)
    if name == "colours":
        return c in (fx.regs.get(ref) or ())
    if name == "richer_commons":
        return g.bits[c][0].bit_count() > g.bits[me][0].bit_count()
    if name == "richer_upgraded":
        return g.count(c, upgraded=True) > g.count(me, upgraded=True)
    raise KeyError(name)
