"""Modes and scoring: the High Form's tasks (their conditions, the dealing and category rules), points in the
Duel and the High Form, the end-of-turn checks that trigger the game's end, and the winners with their
tie-breaks.

Rulings (the quick rules leave these open; SOURCES.md lists them as doubts):
* Side Chain / Corner Chain: a side is one of the four straight edges of the arena (row 1, row 9, column a,
  column i: five squares each); a corner is one of the four cut corners (the three squares on each diagonal
  edge, e.g. c1, b2, a3). A chain is a group of the player's pieces connected through adjacency as the quick
  rules define it (the 8 neighbours, so diagonal links count).
* Line Dominance: the lines through the central squares are the three middle rows (4, 5, 6) and the three
  middle columns (d, e, f): each crosses the nine central squares.
* Isolation: "enemy" means the opponent of the player who claims, throughout: an opponent's piece X qualifies
  when another opponent's piece is within distance 2 of it, yet X cannot end up adjacent to any other
  opponent's piece by 0 to 3 moves over empty squares (so nothing of its colour is adjacent to it now).
* Rainbow Dominance compares upgraded pieces with upgraded pieces, on the red squares and on the green ones;
  "outnumber" is strict (0 against 0 does not count).
* Tie-breaks (all modes): more points, then more upgraded pieces in the arena, then more pieces in the arena;
  still equal: several winners. In the Melee "more points" compares the lowest colour, then the second lowest,
  then (with four) the last one.
* Team: a team scores as one; `scores` gives each seat its team's score (partners' claimed tasks add up, the
  Duel's points are kept for both partners alike), so partners always win together.
* Melee: points are kept per enemy colour (`mpoints[p][c]`); the score is the lowest of them. A legend
  summoned scores 1 point in an enemy colour of the player's choice (chosen when the summon is done, before its
  effect); single common pieces destroyed in 2 or 3 colours score 1 point in one of those colours, chosen at
  the end of the turn. Reaching 12 in a colour (10 with four players) triggers the end at once, as the Duel's
  18 does.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .actions import Action, Decision
from .board import ADJ, CENTRAL_NINE, CENTRE, COLOURED, DIAG, DIST, GREEN, ON, ORTH, RED, xy
from .content import TASKS
from .frames import Frame

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

HIGH_FORM_TARGET = 9
DUEL_TARGET = 18


def melee_target(g: "Game") -> int:
    return 10 if g.n == 4 else 12


def scores(g: "Game") -> list[int]:
    pending = g.pending  # Etherweave: a pending being costs 2 points (the causality penalty)
    if g.form == "high_form":
        if g.mode == "team":  # partners' tasks add up
            claimed = [g.claimed[p] + g.claimed[(p + 2) % 4] for p in range(4)]
        else:
            claimed = g.claimed
        return [sum(TASKS[t].points for t in claimed[p]) + g.bits[g.colour[p]][2].bit_count()
                - 2 * (pending[p] >= 0) for p in range(g.n)]
    if g.form == "melee":
        return [min(melee_row(g, p)) - 2 * (pending[p] >= 0) for p in range(g.n)]
    return [g.points[p] - 2 * (pending[p] >= 0) for p in range(g.n)]


def melee_row(g: "Game", p: int) -> list[int]:
    """p's points in each enemy colour, in colour order."""
    row = g.mpoints[p]
    me = g.colour[p]
    return [row[c] for c in range(g.n) if c != me]


def winners(g: "Game") -> tuple[int, ...]:
    s = scores(g)
    melee = g.form == "melee"

    def key(p: int) -> tuple:
        c = g.colour[p]
        first = tuple(sorted(melee_row(g, p))) if melee else s[p]
        return first, g.count(c, upgraded=True), g.count(c)

    best = max(key(p) for p in range(g.n))
    return tuple(p for p in range(g.n) if key(p) == best)


def duel_points_for_kills(killed: list[int]) -> int:
    """Points for one colour's destroyed pieces: 2 a legend, 1 a hero, 1 a pair of commons."""
    return killed[0] // 2 + killed[1] + 2 * killed[2]


def end_of_turn_scoring(g: "Game", p: int) -> None:
    """The Duel's points for the enemy pieces p destroyed this turn (the Melee's: melee_kills)."""
    if g.form != "duel":
        return
    gained = sum(duel_points_for_kills(g.killed[c]) for c in range(len(g.killed)) if c != g.colour[p])
    if gained:
        add_points(g, p, gained, "destroyed")


def add_points(g: "Game", p: int, n: int, why: str) -> None:
    """Duel points for p (and in the Team game for her partner alike: the team's score)."""
    me = g.colour[p]
    for q in range(g.n):
        if g.colour[q] == me:
            g.points[q] += n
    if g.events is not None:
        g.note("points", p, n, why)
    if g.form == "duel" and g.points[p] >= DUEL_TARGET:
        g.trigger_end("points", p)


def add_colour_points(g: "Game", p: int, colour: int, n: int, why: str) -> None:
    """Melee: n points for p in the enemy colour `colour`."""
    g.mpoints[p][colour] += n
    if g.events is not None:
        g.note("colour_points", p, colour, n, why)
    if g.mpoints[p][colour] >= melee_target(g):
        g.trigger_end("points", p)


def melee_kills(g: "Game", p: int) -> list[int]:
    """Melee, the turn's end: points in each enemy colour for its pieces p destroyed (2 a legend, 1 a hero,
    1 a pair of commons); returns the colours with a single common piece left over."""
    me = g.colour[p]
    singles = []
    for c, k in enumerate(g.killed):
        if c == me:
            continue
        gained = duel_points_for_kills(k)
        if gained:
            add_colour_points(g, p, c, gained, "destroyed")
        if k[0] % 2:
            singles.append(c)
    return singles


class ColourPointFrame(Frame):
    """Melee: the player chooses the enemy colour of one point (`point <colour>`), for a legend summoned or
    for single common pieces of several colours destroyed."""

    __slots__ = ("p", "colours", "why")

    def __init__(self, p: int, colours: tuple[int, ...], why: str) -> None:
        self.p, self.colours, self.why = p, colours, why

    def run(self, g: "Game") -> Decision:
        what = "a legend summoned" if self.why == "legend" else "single common pieces destroyed"
        return Decision("point", self.p, f"Choose the enemy colour of your point for {what}",
                        [Action("point", (c,)) for c in self.colours], {"why": self.why,
                                                                         "points": list(g.mpoints[self.p])})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        add_colour_points(g, self.p, int(a.args[0]), 1, self.why)


def check_points_trigger(g: "Game") -> None:
    """At the end of every turn: the High Form ends when someone has 9 or more points."""
    if g.form == "high_form":
        for p, s in enumerate(scores(g)):
            if s >= HIGH_FORM_TARGET:
                g.trigger_end("points", p)
                return


# ---------------------------------------------------------------------- tasks
def _on(g: "Game", c: int, squares) -> tuple[int, int, int]:
    """(pieces, upgraded, legendary) of colour c on the given squares."""
    b = g.bits[c]
    mask = 0
    for s in squares:
        mask |= 1 << s
    return ((b[0] | b[1] | b[2]) & mask).bit_count(), ((b[1] | b[2]) & mask).bit_count(), (b[2] & mask).bit_count()


def _enemy_killed(g: "Game", p: int) -> tuple[int, int, int]:
    me = g.colour[p]
    k = [0, 0, 0]
    for c, row in enumerate(g.killed):
        if c != me:
            for r in range(3):
                k[r] += row[r]
    return k[0], k[1], k[2]


def _enemies(g: "Game", p: int) -> list[int]:
    return [c for c in sorted(set(g.colour)) if c != g.colour[p]]


def _destroyed(n: int, upgraded: int = 0) -> Callable:
    def test(g: "Game", p: int) -> bool:
        c, h, l = _enemy_killed(g, p)
        return c + h + l >= n and h + l >= upgraded
    return test


def _end_of_legends(g: "Game", p: int) -> bool:
    _, h, l = _enemy_killed(g, p)
    return l >= 1 or h >= 2


def _conquest(squares, n: int, upgraded: int) -> Callable:
    def test(g: "Game", p: int) -> bool:
        a, u, _ = _on(g, g.colour[p], squares)
        return a >= n and u >= upgraded
    return test


def _coloured_legends(squares) -> Callable:
    def test(g: "Game", p: int) -> bool:
        _, u, l = _on(g, g.colour[p], squares)
        return u >= 2 and l >= 1
    return test


def _rainbow(g: "Game", p: int) -> bool:
    me = g.colour[p]
    for squares in (RED, GREEN):
        mine = _on(g, me, squares)[1]
        if any(mine <= _on(g, c, squares)[1] for c in _enemies(g, p)):
            return False
    return True


def _summoning(where, legend: bool = False) -> Callable:
    def test(g: "Game", p: int) -> bool:
        if len(g.summons) < 2:
            return False
        if legend:
            return any(r == 2 for _, r in g.summons)
        if where is COLOURED:
            return sum(1 for s, _ in g.summons if s in COLOURED) >= 2
        return any(s in where for s, _ in g.summons)
    return test


def _center_cross(g: "Game", p: int) -> bool:
    own = g.own_mask(g.colour[p])
    if not own >> CENTRE & 1:
        return False
    return any(all(own >> s & 1 for s in ring) for ring in (ORTH[CENTRE], DIAG[CENTRE]))


LINES = tuple([s for s in ON if xy(s)[1] == row] for row in (4, 5, 6)) + \
    tuple([s for s in ON if xy(s)[0] == col] for col in (4, 5, 6))
DIAGONALS = ([s for s in ON if xy(s)[0] == xy(s)[1]], [s for s in ON if xy(s)[0] + xy(s)[1] == 10])


def _line_dominance(g: "Game", p: int) -> bool:
    me = g.colour[p]
    for line in LINES:
        mine = _on(g, me, line)[0]
        if all(mine - _on(g, c, line)[0] >= 6 for c in _enemies(g, p)):
            return True
    return False


def _diagonals(g: "Game", p: int) -> bool:
    me = g.colour[p]
    return all(a >= 4 and u >= 1 for a, u, _ in (_on(g, me, d) for d in DIAGONALS))


SIDES = (frozenset(s for s in ON if xy(s)[1] == 1), frozenset(s for s in ON if xy(s)[1] == 9),
         frozenset(s for s in ON if xy(s)[0] == 1), frozenset(s for s in ON if xy(s)[0] == 9))
CORNERS = (frozenset(s for s in ON if sum(xy(s)) == 4), frozenset(s for s in ON if sum(xy(s)) == 16),
           frozenset(s for s in ON if xy(s)[0] - xy(s)[1] == 6), frozenset(s for s in ON if xy(s)[1] - xy(s)[0] == 6))


def _chain(pairs) -> Callable:
    def test(g: "Game", p: int) -> bool:
        own = g.own_mask(g.colour[p])
        for a, b in pairs:
            seen = set(s for s in a if own >> s & 1)
            todo = list(seen)
            while todo:
                s = todo.pop()
                if s in b:
                    return True
                for t in ADJ[s]:
                    if t not in seen and own >> t & 1:
                        seen.add(t)
                        todo.append(t)
        return False
    return test


def _surrounded(n: int) -> Callable:
    def test(g: "Game", p: int) -> bool:
        own = g.own_mask(g.colour[p])
        for c in _enemies(g, p):
            b = g.bits[c]
            for s in ON:
                if (b[0] | b[1] | b[2]) >> s & 1 and sum(1 for t in ADJ[s] if own >> t & 1) >= n:
                    return True
        return False
    return test


def _isolation(g: "Game", p: int) -> bool:
    cells = g.cells
    for c in _enemies(g, p):
        b = g.bits[c]
        theirs = [s for s in ON if (b[0] | b[1] | b[2]) >> s & 1]
        for x in theirs:
            others = [y for y in theirs if y != x]
            if not any(DIST[x][y] <= 2 for y in others):
                continue
            near = set()
            for y in others:
                near.update(ADJ[y])
            # squares X could stand on after 0..3 moves over empty squares
            reach, frontier = {x}, [x]
            for _ in range(3):
                nxt = []
                for s in frontier:
                    for t in ADJ[s]:
                        if t not in reach and cells[t] < 0:
                            reach.add(t)
                            nxt.append(t)
                frontier = nxt
            if not reach & near:
                return True
    return False


TASK_TESTS: dict[str, Callable[["Game", int], bool]] = {
    "task/destruction": _destroyed(3),
    "task/devastation": _destroyed(4),
    "task/heroic-destruction": _destroyed(3, 1),
    "task/heroic-devastation": _destroyed(4, 2),
    "task/end-of-legends": _end_of_legends,
    "task/red-conquest": _conquest(RED, 3, 2),
    "task/green-conquest": _conquest(GREEN, 3, 2),
    "task/color-conquest": _conquest(COLOURED, 5, 3),
    "task/red-legends": _coloured_legends(RED),
    "task/green-legends": _coloured_legends(GREEN),
    "task/rainbow-dominance": _rainbow,
    "task/red-summoning": _summoning(RED),
    "task/green-summoning": _summoning(GREEN),
    "task/colored-summoning": _summoning(COLOURED),
    "task/legendary-summoning": _summoning(None, legend=True),
    "task/central-dominance": _conquest(CENTRAL_NINE, 5, 2),
    "task/center-cross": _center_cross,
    "task/line-dominance": _line_dominance,
    "task/diagonals": _diagonals,
    "task/side-chain": _chain(((SIDES[0], SIDES[1]), (SIDES[2], SIDES[3]))),
    "task/corner-chain": _chain(((CORNERS[0], CORNERS[1]), (CORNERS[2], CORNERS[3]))),
    "task/imprisonment": _surrounded(6),
    "task/envelopment": _surrounded(7),
    "task/isolation": _isolation,
}
TESTS_BY_CODE = tuple(TASK_TESTS[t.id] for t in TASKS)


def task_met(g: "Game", p: int, code: int) -> bool:
    return TESTS_BY_CODE[code](g, p)


def claimable(g: "Game", p: int) -> list[int]:
    return [t for t in g.tasks_up if t >= 0 and task_met(g, p, t)]


def deal_tasks(g: "Game") -> None:
    """The High Form's start: 3 simple tasks face up, not all of one category, then the next task."""
    deck = list(range(len(TASKS)))
    g.rng.shuffle(deck)
    aside: list[int] = []
    up: list[int] = []
    while len(up) < 3 and deck:
        t = deck.pop()
        task = TASKS[t]
        if task.level != "simple" or (len(up) == 2 and TASKS[up[0]].category == TASKS[up[1]].category
                                      == task.category):
            aside.append(t)
            continue
        up.append(t)
    deck.extend(aside)
    g.rng.shuffle(deck)
    g.tasks_deck = deck
    g.tasks_up = up
    g.task_next = -1
    reveal_next(g)


def reveal_next(g: "Game") -> None:
    """Turn up the next task; while 3 of the 4 visible tasks share a category, it goes under the deck and
    another is turned up (at most once around the deck)."""
    deck = g.tasks_deck
    tries = len(deck)
    g.revealed()
    g.task_next = deck.pop() if deck else -1
    while g.task_next >= 0 and tries > 0 and _three_alike(g):
        deck.insert(0, g.task_next)
        g.task_next = deck.pop()
        tries -= 1


def _three_alike(g: "Game") -> bool:
    cats = [TASKS[t].category for t in g.tasks_up + [g.task_next] if t >= 0]
    return any(cats.count(c) >= 3 for c in set(cats))


def claim(g: "Game", p: int, code: int) -> None:
    i = g.tasks_up.index(code)
    g.claimed[p].append(code)
    if g.events is not None:
        g.note("claim", p, TASKS[code].id)
    g.tasks_up[i] = g.task_next
    reveal_next(g)
    if g.tasks_up[i] < 0:
        del g.tasks_up[i]


__all__ = ["scores", "winners", "add_colour_points", "melee_kills", "ColourPointFrame", "claimable", "claim",
           "deal_tasks", "task_met", "TASK_TESTS"]
