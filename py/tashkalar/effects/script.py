"""Effect scripts: a card's effect written as data, a list of steps, and the frame that runs it.

A school module (imperial.py, highland.py, sylvan.py, legends.py, flares.py) writes each effect with the
builders below, e.g. Swordmaster:

    [pick("destroy", ("enemy", "common", "diag"), optional=True, save="hit"),
     when(("any", "hit"), [act("upgrade", ("being",))])]

`program()` flattens such a list once, at import (a `when` and a `choose` become jumps), and `Script` runs it
with a program counter: plain steps act at once, decision steps push a primitive frame (primitives.py) and
the script goes on when that frame is done. The steps:

* pick(op, selector, n, optional, save): the player picks squares one at a time; op acts on each
* act(op, selector, save, counts): op acts on every square the selector gives, without a choice
* moves(who, n, kind, ...): moves or leaps (MovesFrame)
* direction(dirs, save, optional): pick a direction
* when(condition, then, otherwise): a branch on a condition (CONDITIONS)
* choose((label, steps[, condition]), ...): the player picks one branch (`choose <label>`); branches whose
  condition fails are not offered; a single branch left is taken without asking
* gain(n), extra_draw(beings, legends), extra_turn(), borrow(), call(name, **params) (a handler in calls.py)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..actions import Action, Decision
from ..board import COLOURED, CENTRE, GREEN, RED
from ..frames import Frame
from .primitives import DirFrame, MovesFrame, PickFrame, do_op, op_possible, save_pick
from .select import candidates

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

Step = tuple


# ---------------------------------------------------------------------- builders
def pick(op: str, sel: tuple, n: int = 1, optional: bool = False, save: str = "", prompt: str = "",
         counts: bool = True) -> Step:
    return ("pick", {"op": op, "sel": sel, "n": n, "optional": optional, "save": save,
                     "prompt": prompt or _default_prompt(op, sel), "counts": counts})


def act(op: str, sel: tuple, save: str = "", counts: bool = True) -> Step:
    return ("act", {"op": op, "sel": sel, "save": save, "counts": counts})


def moves(who: Any = "being", n: int = 1, kind: str = "combat", leap: int = 0, optional: bool = True,
          flags: tuple = (), budget: "tuple | None" = None) -> Step:
    return ("moves", {"who": who, "n": n, "kind": kind, "leap": leap, "optional": optional, "flags": flags,
                      "budget": budget})


def direction(dirs: Any = "marked", save: str = "dir", optional: bool = False, prompt: str = "") -> Step:
    return ("direction", {"dirs": dirs, "save": save, "optional": optional,
                          "prompt": prompt or "Choose a direction"})


def when(cond: tuple, then: list, otherwise: list = ()) -> Step:
    return ("when", cond, list(then), list(otherwise))


def choose(*branches: tuple, prompt: str = "Choose one") -> Step:
    return ("choose", prompt, [(b[0], list(b[1]), b[2] if len(b) > 2 else None) for b in branches])


def gain(n: int = 1) -> Step:
    return ("gain", n)


def extra_draw(beings: int = 0, legends: int = 0) -> Step:
    return ("extra_draw", beings, legends)


def extra_turn() -> Step:
    return ("extra_turn",)


def borrow() -> Step:
    return ("borrow",)


def call(name: str, **params: Any) -> Step:
    return ("call", name, params)


def _default_prompt(op: str, sel: tuple) -> str:
    verb = {"destroy": "destroy", "upgrade": "upgrade", "downgrade": "downgrade", "convert": "convert",
            "convert_common": "convert", "place": "put a common piece on", "place_heroic": "put a heroic piece on",
            "place_enemy": "put an enemy common piece on", "place_rank": "put your piece on",
            "splash": "destroy (with the common pieces next to it)", "eldest": "act on", "none": "choose"}[op]
    return f"Choose a square to {verb}"


# ---------------------------------------------------------------------- compiling
def program(steps: list) -> tuple:
    """Flatten a step list: `when` becomes ("jump_unless", cond, pc) ... ("jump", pc); `choose` becomes
    ("branch", prompt, [(label, pc, cond)], end) with each branch ending in a jump to `end`."""
    out: list = []

    def emit(seq: list) -> None:
        for st in seq:
            if st[0] == "when":
                _, cond, then, otherwise = st
                at = len(out)
                out.append(None)
                emit(then)
                if otherwise:
                    skip = len(out)
                    out.append(None)
                    out[at] = ("jump_unless", cond, len(out))
                    emit(otherwise)
                    out[skip] = ("jump", len(out))
                else:
                    out[at] = ("jump_unless", cond, len(out))
            elif st[0] == "choose":
                _, prompt, branches = st
                at = len(out)
                out.append(None)
                starts, ends = [], []
                for label, seq2, cond in branches:
                    starts.append((label, len(out), cond))
                    emit(seq2)
                    ends.append(len(out))
                    out.append(None)
                for e in ends:
                    out[e] = ("jump", len(out))
                out[at] = ("branch", prompt, tuple(starts), len(out))
            else:
                out.append(st)

    emit(steps)
    return tuple(out)


# ---------------------------------------------------------------------- conditions
def _any(g, fx, reg):
    return bool(fx.regs.get(reg))


def _has(g, fx, reg):
    return reg in fx.regs


def _count_at_least(g, fx, reg, n):
    return len(fx.regs.get(reg) or ()) >= n


def _rank_was(g, fx, reg, *ranks):
    got = fx.regs.get(reg + ".rank") or []
    return bool(got) and got[0] in ranks


def _summoned_on(g, fx, where):
    t = fx.target
    return {"green": t in GREEN, "red": t in RED, "coloured_not_centre": t in COLOURED and t != CENTRE}[where]


def _on_red(g, fx, reg):
    return fx.first(reg) in RED


def _last_action(g, fx):
    return g.actions_left <= 0


def _marked_empty(g, fx):
    return all(g.cells[s] < 0 for s in fx.marks)


def _moved(g, fx):
    return int(fx.regs.get("moved", 0)) > 0


def _can(g, fx, op, sel):
    return any(op_possible(g, op, s) for s in candidates(g, fx, sel))


def _supply(g, fx, rank):
    return g.in_supply(g.colour[fx.p], rank)


CONDITIONS: dict[str, Callable[..., bool]] = {
    "any": _any, "has": _has, "count_at_least": _count_at_least, "rank_was": _rank_was, "summoned_on": _summoned_on,
    "on_red": _on_red, "last_action": _last_action, "marked_empty": _marked_empty, "moved": _moved,
    "can": _can, "supply": _supply,
}


def holds(g: "Game", cond: "tuple | None") -> bool:
    if cond is None:
        return True
    name, *args = cond
    if name == "not":
        return not holds(g, tuple(args))
    return CONDITIONS[name](g, g.fx, *args)


# ---------------------------------------------------------------------- the frame
PROGRAMS: dict[str, tuple] = {}
CALLS: dict[str, Callable] = {}


class Script(Frame):
    """Runs the program registered under the name `prog` (a card id) from step `pc` on."""

    __slots__ = ("prog", "pc")

    def __init__(self, prog: str, pc: int = 0) -> None:
        self.prog, self.pc = prog, pc

    def run(self, g: "Game") -> "Decision | None":
        prog = PROGRAMS[self.prog]
        while self.pc < len(prog):
            st = prog[self.pc]
            op = st[0]
            if op == "branch":
                offered = [(label, at) for label, at, cond in st[2] if holds(g, cond)]
                if len(offered) <= 1:
                    self.pc = offered[0][1] if offered else st[3]
                    continue
                return Decision("choose", g.fx.p, st[1], [Action("choose", (label,)) for label, _ in offered])
            self.pc += 1
            if op == "jump":
                self.pc = st[1]
            elif op == "jump_unless":
                if not holds(g, st[1]):
                    self.pc = st[2]
            elif op == "pick":
                a = st[1]
                g.stack.append(PickFrame(a["sel"], a["op"], a["n"], a["optional"], a["save"], a["prompt"],
                                         a["counts"]))
                return None
            elif op == "moves":
                a = st[1]
                g.stack.append(MovesFrame(a["who"], a["n"], a["kind"], a["leap"], a["optional"], a["flags"],
                                          a["budget"]))
                return None
            elif op == "direction":
                a = st[1]
                dirs = g.fx.dirs if a["dirs"] == "marked" else a["dirs"]
                if g.fx.being < 0 and a["dirs"] == "marked":
                    dirs = ()
                g.stack.append(DirFrame(tuple(dirs), a["optional"], a["save"], a["prompt"]))
                return None
            elif op == "act":
                a = st[1]
                fx = g.fx
                squares = [s for s in candidates(g, fx, a["sel"]) if op_possible(g, a["op"], s)]
                if a["save"]:
                    for s in squares:
                        save_pick(g, a["save"], s)
                for s in squares:
                    do_op(g, a["op"], s, a["counts"])
            elif op == "gain":
                g.gain_actions(st[1])
            elif op == "extra_draw":
                g.extra_draw[0] += st[1]
                g.extra_draw[1] += st[2]
            elif op == "extra_turn":
                g.extra_turns += 1
            elif op == "borrow":
                g.borrow = 1
            elif op == "call":
                CALLS[st[1]](g, st[2])
                return None
            else:  # pragma: no cover - a program error
                raise ValueError(f"unknown step {op!r} in {self.prog}")
        g.stack.pop()
        return None

    def choose(self, g: "Game", a: Action) -> None:
        prog = PROGRAMS[self.prog]
        st = prog[self.pc]
        for label, at, _ in st[2]:
            if label == a.args[0]:
                self.pc = at
                return

