"""The effect vocabulary's decision frames, one per primitive, each a small step a player answers:

* PickFrame: pick up to n squares from a selector (select.py), one at a time, and act on each: destroy,
  upgrade, downgrade, convert, place a piece, or just remember it. Optional picks offer `done`; a mandatory
  pick must go on while a candidate exists ("as much as possible"), and a forced single candidate is taken
  without asking.
* MovesFrame: up to n moves or leaps, by the being, by a piece in a register, or by pieces the player picks
  (`piece c3`, then `to d4`); standard or combat, with the rules' variants (one direction, each piece once,
  only onto empty squares, no common piece destroyed, ending next to an own piece, stop on an empty square,
  a budget of standard and combat moves, ...).
* DirFrame: pick one of a set of directions (`dir ne`) and save it.
* CardChoiceFrame: choose one card of a set (or skip), the base of the card choices: CardFrame (a card of
  one's discard pile onto the deck: Kiskin Spirit), HandDiscardFrame (discard a card from the hand; Everfrost
  and Etherweave name their own), Frozen Chest's and Ziggurat Sentinel's.
Every frame saves what it did in `game.fx.regs` for the steps after it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import DONE, SKIP, Action, Decision
from ..board import ADJ, BY_NAME, COLOURED, DIR_NAMES, DIST, NAME, ON, STEP, direction
from ..content import BY_ID, CARDS_T
from ..frames import Frame
from .select import candidates

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

PICK = {s: Action("pick", (NAME[s],)) for s in ON}
TO = {s: Action("to", (NAME[s],)) for s in ON}
PIECE = {s: Action("piece", (NAME[s],)) for s in ON}
DIR = [Action("dir", (n,)) for n in DIR_NAMES]
UP_TO_ANY = 99


# ---------------------------------------------------------------------- what a pick does to a square
def op_possible(g: "Game", op: str, s: int) -> bool:
    fx = g.fx
    if op in ("destroy", "none", "splash"):
        return g.cells[s] >= 0 or op == "none"
    if op == "upgrade":
        return g.can_upgrade(s)
    if op == "downgrade":
        return g.can_downgrade(s)
    if op == "convert":
        return g.can_convert(s, g.colour[fx.p])
    if op == "convert_common":
        return g.can_convert(s, g.colour[fx.p], 0)
    if op.startswith("place"):
        return g.cells[s] < 0 and g.in_supply(_place_colour(g, op), _place_rank(g, op))
    if op == "eldest":
        return _eldest_op(g, s) != ""
    raise KeyError(op)


def _place_colour(g: "Game", op: str) -> int:
    me = g.colour[g.fx.p]
    if op == "place_enemy":
        chosen = g.fx.regs.get("ecol")
        return chosen if isinstance(chosen, int) else next(c for c in sorted(set(g.colour)) if c != me)
    return me


def _place_rank(g: "Game", op: str) -> int:
    if op == "place_rank":
        return int(g.fx.regs.get("rank", 0))
    return {"place": 0, "place_enemy": 0, "place_heroic": 1}[op]


def _eldest_op(g: "Game", s: int) -> str:
    """The Eldest Tree: what happens on an adjacent square (destroy an enemy non-legendary piece, upgrade
    one's own common piece, or put a common piece on it when empty), or "" when nothing can."""
    cell = g.cells[s]
    me = g.colour[g.fx.p]
    if cell < 0:
        return "place" if g.in_supply(me, 0) else ""
    if cell >> 2 != me and cell & 3 < 2:
        return "destroy"
    if cell >> 2 == me and cell & 3 == 0:
        return "upgrade"
    return ""


def do_op(g: "Game", op: str, s: int, counts: bool = True) -> None:
    p = g.fx.p
    if op == "eldest":
        op = _eldest_op(g, s)
    if op == "destroy":
        if g.cells[s] >= 0:
            g.destroy(s, p, counts)
    elif op == "splash":
        hit = [t for t in ADJ[s] if g.cells[t] >= 0 and g.cells[t] & 3 == 0]
        g.destroy(s, p)
        for t in hit:
            g.destroy(t, p)
    elif op == "upgrade":
        g.upgrade(s)
    elif op == "downgrade":
        g.downgrade(s)
    elif op == "convert":
        g.convert(s, g.colour[p], p)
    elif op == "convert_common":
        g.convert(s, g.colour[p], p, 0)
    elif op.startswith("place"):
        g.place(s, _place_colour(g, op), _place_rank(g, op))


def save_pick(g: "Game", reg: str, s: int) -> None:
    """Remember a picked square with the rank and colour that stood there before the step acted."""
    regs = g.fx.regs
    cell = g.cells[s]
    regs.setdefault(reg, []).append(s)
    regs.setdefault(reg + ".rank", []).append(cell & 3 if cell >= 0 else -1)
    regs.setdefault(reg + ".colour", []).append(cell >> 2 if cell >= 0 else -1)


class PickFrame(Frame):
    __slots__ = ("sel", "op", "n", "optional", "save", "prompt", "picked", "counts")

    def __init__(self, sel: tuple, op: str, n: int, optional: bool, save: str, prompt: str,
                 counts: bool = True) -> None:
        self.sel, self.op, self.n, self.optional, self.save, self.prompt = sel, op, n, optional, save, prompt
        self.picked: list[int] = []
        self.counts = counts

    def options(self, g: "Game") -> list[int]:
        op = self.op
        picked = self.picked
        return [s for s in candidates(g, g.fx, self.sel) if s not in picked and op_possible(g, op, s)]

    def run(self, g: "Game") -> "Decision | None":
        if len(self.picked) >= self.n:
            g.stack.pop()
            return None
        cands = self.options(g)
        if not cands:
            g.stack.pop()
            return None
        if not self.optional and len(cands) == 1:
            self._take(g, cands[0])
            return None
        opts = [PICK[s] for s in cands]
        if self.optional:
            opts.append(DONE)
        left = self.n - len(self.picked)
        info = {"picked": [NAME[s] for s in self.picked], "left": left, "op": self.op}
        return Decision("pick", g.fx.p, self.prompt + (f" ({left} left)" if self.n > 1 else ""), opts, info)

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "done":
            g.stack.pop()
            return
        self._take(g, BY_NAME[a.args[0]])

    def _take(self, g: "Game", s: int) -> None:
        if self.save:
            save_pick(g, self.save, s)
        self.picked.append(s)
        do_op(g, self.op, s, self.counts)


# ---------------------------------------------------------------------- moves and leaps
class MovesFrame(Frame):
    """Up to `n` moves. `who`: "being", "reg:<name>" (the piece saved there) or a selector tuple (the player
    picks the mover of each move). `kind`: "standard" or "combat". `leap`: 0 (a move to an adjacent
    square), 1 (a leap anywhere) or 2 (a leap to distance exactly 2). `flags`: a tuple of words:
    one_piece (every move by the first mover), once (each piece moves at most once), line (every move in
    the direction of the first), dir@reg (every move in the saved direction), empty_only, no_common_kill,
    next_to_own, stop_on_empty, onto_coloured, onto_marked, onto@reg (the leap lands on that square),
    legend_stops (destroying a legendary piece ends the moves), warlord (a third move needs the being to
    have moved), intrigue (the being makes standard moves, the other pattern pieces combat moves).
    `budget`: (standard, combat) moves allowed, for effects that mix them (or None)."""

    __slots__ = ("who", "n", "kind", "leap", "optional", "flags", "budget", "made", "mover", "done_pieces",
                 "line_dir", "being_moved", "stopped", "save")

    def __init__(self, who, n: int, kind: str, leap: int = 0, optional: bool = True, flags: tuple = (),
                 budget: "tuple | None" = None, save: str = "") -> None:
        self.who = who
        self.n = n
        self.kind = kind
        self.leap = leap
        self.optional = optional
        self.flags = flags
        self.budget = list(budget) if budget else None
        self.made = 0
        self.mover = -1  # the piece picked for the next move (or the one piece of one_piece)
        self.done_pieces: list[int] = []
        self.line_dir = -1
        self.being_moved = False
        self.stopped = False
        self.save = save

    # -- who may move
    def _fixed(self, g: "Game") -> int:
        who = self.who
        if who == "being":
            return g.fx.being
        if isinstance(who, str) and who.startswith("reg:"):
            return g.fx.first(who[4:])
        return -2  # the player picks

    def movers(self, g: "Game") -> list[int]:
        fx = g.fx
        flags = self.flags
        if "intrigue" in flags:
            pool = ([fx.being] if fx.being >= 0 else []) + [s for s in fx.pattern if g.cells[s] >= 0
                                                            and g.cells[s] & 3 < 2]
        else:
            pool = candidates(g, fx, self.who)
        if "once" in flags:
            pool = [s for s in pool if s not in self.done_pieces]
        if "warlord" in flags and self.made == 2 and not self.being_moved:
            pool = [s for s in pool if s == fx.being]
        return [s for s in pool if self.destinations(g, s)]

    def _kind_of(self, g: "Game", s: int) -> str:
        if "intrigue" in self.flags:
            return "standard" if s == g.fx.being else "combat"
        return self.kind

    # -- where it may go
    def destinations(self, g: "Game", s: int) -> list[int]:
        cells = g.cells
        cell = cells[s]
        if cell < 0:
            return []
        rank = cell & 3
        flags = self.flags
        d = self.line_dir
        if d < 0:
            for f in flags:
                if f.startswith("dir@"):
                    d = g.fx.regs.get(f[4:], -1)
                    if d < 0:
                        return []
        if self.leap == 1:
            pool = [t for t in ON if t != s]
        elif self.leap == 2:
            pool = [t for t, k in DIST[s].items() if k == 2]
        elif d >= 0:
            t = STEP[s][d]
            pool = [t] if t >= 0 else []
        else:
            pool = ADJ[s]
        kind = self._kind_of(g, s)
        budget = self.budget
        out = []
        me = g.colour[g.fx.p]
        for t in pool:
            c = cells[t]
            if c >= 0:
                r = c & 3
                if "empty_only" in flags or ("no_common_kill" in flags and r == 0):
                    continue
                if budget is not None:
                    if not ((budget[0] > 0 and r < rank) or (budget[1] > 0 and r <= rank)):
                        continue
                elif r > rank or (r == rank and kind == "standard"):
                    continue
            elif budget is not None and budget[0] <= 0 and budget[1] <= 0:
                continue
            if "next_to_own" in flags:
                own = g.own_mask(me) & ~(1 << s)
                if not any(own >> u & 1 for u in ADJ[t]):
                    continue
            if "onto_coloured" in flags and t not in COLOURED:
                continue
            if "onto_marked" in flags and t not in g.fx.marks:
                continue
            if any(f.startswith("onto@") and t != g.fx.first(f[5:]) for f in flags):
                continue
            out.append(t)
        return out

    def run(self, g: "Game") -> "Decision | None":
        if self.made >= self.n or self.stopped:
            return self._finish(g)
        fx = g.fx
        fixed = self._fixed(g)
        if fixed == -2 and "one_piece" in self.flags and self.mover >= 0:
            fixed = self.mover
        if fixed == -2:
            if self.mover < 0:
                movers = self.movers(g)
                if not movers:
                    return self._finish(g)
                if not self.optional and len(movers) == 1:
                    self.mover = movers[0]  # a forced choice is made without asking
                    return None
                opts = [PIECE[s] for s in movers]
                if self.optional:
                    opts.append(DONE)
                return Decision("mover", fx.p, self._prompt("Choose a piece to make"), opts,
                                {"moves_made": self.made, "moves_left": self.n - self.made})
            s = self.mover
        else:
            s = fixed
            if s < 0:
                return self._finish(g)
        dests = self.destinations(g, s)
        if not dests:
            return self._finish(g)
        if not self.optional and len(dests) == 1:
            self.choose(g, TO[dests[0]])
            return None
        opts = [TO[t] for t in dests]
        if self.optional:
            opts.append(DONE)
        return Decision("move", fx.p, self._prompt(f"Choose where the piece on {NAME[s]} goes: it makes"), opts,
                        {"from": NAME[s], "moves_made": self.made, "moves_left": self.n - self.made})

    def _prompt(self, head: str) -> str:
        what = ("leap" if self.leap else "move") if self.budget is None else "move"
        kind = "" if self.budget is not None or "intrigue" in self.flags else self.kind + " "
        return f"{head} a {kind}{what}" + (" (or done)" if self.optional else "")

    def choose(self, g: "Game", a: Action) -> None:
        if a.kind == "done":
            self._finish(g)
            return
        if a.kind == "piece":
            self.mover = BY_NAME[a.args[0]]
            return
        t = BY_NAME[a.args[0]]
        fixed = self._fixed(g)
        s = self.mover if fixed == -2 else fixed
        fx = g.fx
        cells = g.cells
        rank = cells[s] & 3
        target = cells[t]
        if self.budget is not None:
            standard_ok = target < 0 or (target & 3) < rank
            if standard_ok and self.budget[0] > 0:
                self.budget[0] -= 1
            else:
                self.budget[1] -= 1
        if s == fx.being:
            self.being_moved = True
        d = direction(s, t)
        if ("line" in self.flags) and self.line_dir < 0:
            self.line_dir = d
        fx.regs["dir"] = d
        fx.regs["moved"] = int(fx.regs.get("moved", 0)) + 1
        g.move(s, t, fx.p)
        self.made += 1
        if t in self.done_pieces:
            self.done_pieces.remove(t)
        self.done_pieces.append(t)
        if "stop_on_empty" in self.flags and target < 0:
            self.stopped = True
        if "legend_stops" in self.flags and target >= 0 and target & 3 == 2:
            self.stopped = True
        if fixed == -2:
            self.mover = t if "one_piece" in self.flags else -1
        elif isinstance(self.who, str) and self.who.startswith("reg:"):
            fx.regs[self.who[4:]][0] = t  # the register follows its piece

    def _finish(self, g: "Game") -> None:
        g.stack.pop()
        return None


class DirFrame(Frame):
    """Pick one of `dirs` (directions 0..7, board.DIRS) and save it in register `save`."""

    __slots__ = ("dirs", "optional", "save", "prompt")

    def __init__(self, dirs: tuple, optional: bool, save: str, prompt: str) -> None:
        self.dirs, self.optional, self.save, self.prompt = dirs, optional, save, prompt

    def run(self, g: "Game") -> "Decision | None":
        if not self.dirs:
            g.stack.pop()
            return None
        opts = [DIR[d] for d in self.dirs] + ([DONE] if self.optional else [])
        return Decision("direction", g.fx.p, self.prompt, opts)

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        if a.kind == "dir":
            g.fx.regs[self.save] = DIR_NAMES.index(a.args[0])


class CardChoiceFrame(Frame):
    """Choose one of the cards `cards()` returns (sorted, distinct codes), or `skip` when `optional`; `take()`
    acts on the chosen card. With no card to choose, `none()` runs and the frame ends without asking.

    A subclass names the decision (`kind`, `prompt`) and says which cards and what a choice does. Each keeps
    its own class name: Frame.key() starts with it and the state hash holds the stack's keys, so a save made
    mid-choice replays to its hash only while the name stays."""

    __slots__ = ()
    kind = "card"
    prompt = ""
    optional = True

    def cards(self, g: "Game", p: int) -> "list[int]":
        raise NotImplementedError

    def take(self, g: "Game", p: int, code: int) -> None:
        raise NotImplementedError

    def none(self, g: "Game") -> None:
        return None

    def run(self, g: "Game") -> "Decision | None":
        p = g.fx.p
        cards = self.cards(g, p)
        if not cards:
            g.stack.pop()
            self.none(g)
            return None
        opts = [Action("card", (CARDS_T[c].id,)) for c in cards]
        if self.optional:
            opts.append(SKIP)
        return Decision(self.kind, p, self.prompt, opts)

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        if a.kind == "card":
            self.take(g, g.fx.p, BY_ID[a.args[0]])


class CardFrame(CardChoiceFrame):
    """Kiskin Spirit: a card of the player's discard pile goes on top of her deck (or `skip`); the refill
    then draws one card more. With an empty discard pile the extra card is drawn all the same."""

    __slots__ = ()
    kind = "discard_pick"
    prompt = ("Choose a card of your discard pile to put on top of your deck (you draw one card more at the end "
              "of the turn), or skip")

    def cards(self, g: "Game", p: int) -> "list[int]":
        return sorted(set(g.discards[p]))

    def none(self, g: "Game") -> None:
        g.extra_draw[0] += 1

    def take(self, g: "Game", p: int, code: int) -> None:
        g.discards[p].remove(code)
        g.draws[p].append(code)
        g.extra_draw[0] += 1
        if g.events is not None:
            g.note("to_deck", p, CARDS_T[code].id)


class HandDiscardFrame(CardChoiceFrame):
    """Discard one card of the hand that `discardable()` allows, or skip: a legend or flare to the shared
    discard pile, a being to the player's; the event `event` tells it, `discarded()` does what follows."""

    __slots__ = ()
    event = "discard"

    def discardable(self, g: "Game", p: int, code: int) -> bool:
        raise NotImplementedError

    def discarded(self, g: "Game", p: int, code: int) -> None:
        return None

    def cards(self, g: "Game", p: int) -> "list[int]":
        return sorted({c for c in g.hands[p] if self.discardable(g, p, c)})

    def take(self, g: "Game", p: int, code: int) -> None:
        g.hands[p].remove(code)
        kind = CARDS_T[code].kind
        (g.legend_discard if kind == "legend" else g.flare_discard if kind == "flare" else g.discards[p]).append(code)
        self.discarded(g, p, code)
        if g.events is not None:
            g.note(self.event, p, CARDS_T[code].id)


__all__ = ["PickFrame", "MovesFrame", "DirFrame", "CardChoiceFrame", "CardFrame", "HandDiscardFrame", "do_op",
           "op_possible", "UP_TO_ANY"]
