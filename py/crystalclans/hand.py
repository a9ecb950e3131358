"""The hand's own decisions: choosing cards from it (the mulligan, a replenish's discards) and drawing into it.

Below the rules and the effects, both of which push these frames (a replenish action or a free replenish,
a draw after a replenish, a battle or an effect).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.frames import Frame

from .actions import Action, Decision, counted

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

DONE = Action("done")
CANCEL = Action("cancel")


class HandSelection(Frame):
    """Choose cards from your own hand one at a time, then `done`; `cancel` (where offered) drops the
    choice. The picks stay out of the opponent's log until committed (a cancelled or mulligan pick never
    shows), since they reveal hand contents."""

    __slots__ = ("p", "chosen")
    verb = "pick"
    secret_until = "selection"  # "never": the picks stay hidden even after `done` (mulligan)

    def __init__(self, p: int, chosen: list[int]) -> None:
        self.p, self.chosen = p, chosen

    def unchosen(self, g: "Game") -> list[int]:
        """Distinct codes still in hand and not chosen yet."""
        left = g.hands[self.p][:]
        for c in self.chosen:
            left.remove(c)
        return sorted(set(left))

    def choose(self, g: "Game", a: Action) -> None:
        p = self.p
        if a.kind == self.verb:
            self.chosen.append(g.code_of(a.args[0], p))
            g.mark_secret(1 - p, self.secret_until)
            return
        g.stack.pop()
        if a.kind == "cancel":
            g.release_secrets("selection", keep_hidden=True)
            if g.events is not None:
                g.note("cancelled", p)
            return  # nothing happened; the action choice is asked again
        g.release_secrets("selection")
        self.commit(g)

    def commit(self, g: "Game") -> None:
        raise NotImplementedError


class MulliganFrame(HandSelection):
    """Initial mulligan: once, choose cards to shuffle back, then draw back up to the opening hand."""

    __slots__ = ()
    verb = "return"
    secret_until = "never"

    def run(self, g: "Game") -> Decision:
        opts = [DONE] + [Action("return", (g.token(c, self.p),)) for c in self.unchosen(g)]
        return Decision("mulligan", self.p,
                        "Mulligan: choose cards to shuffle back into your draw pile, then done",
                        opts, {"chosen": [g.token(c, self.p) for c in self.chosen]}, private=True)

    def commit(self, g: "Game") -> None:
        p = self.p
        if not self.chosen:
            return
        for c in self.chosen:
            g.hands[p].remove(c)
            g.draws[p].append(c)
        g.shuffle_draws(p)
        while len(g.hands[p]) < g.cs.opening_hand and g.draw_card(p):
            pass


class ReplenishFrame(HandSelection):
    """Choose cards to discard (cancel possible until done); on done pay 3 (unless free), discard, then
    choose how many to draw (up to 5 in hand)."""

    __slots__ = ("free",)
    verb = "discard"

    def __init__(self, p: int, chosen: list[int], free: bool = False) -> None:
        super().__init__(p, chosen)
        self.free = free

    def run(self, g: "Game") -> Decision:
        p = self.p
        opts = [DONE] if self.free else [DONE, CANCEL]
        opts += [Action("discard", (g.token(c, p),)) for c in self.unchosen(g)]
        what = "Free replenish" if self.free else "Replenish"
        return Decision("replenish", p, f"{what}: choose cards to discard, then done",
                        opts, {"chosen": [g.token(c, p) for c in self.chosen], "free": self.free}, private=True)

    def commit(self, g: "Game") -> None:
        p = self.p
        if not self.free:
            g.pay(p, g.cs.replenish_cost)
        for c in self.chosen:
            g.hands[p].remove(c)
            g.discard(c, "hand")
        need = g.cs.hand_size - len(g.hands[p])
        if need > 0:
            g.stack.append(DrawFrame(p, need, "replenish"))


class DrawFrame(Frame):
    """'You may draw up to n cards': choose how many (drawing from an empty pile reshuffles)."""

    __slots__ = ("p", "n", "why")

    def __init__(self, p: int, n: int, why: str) -> None:
        self.p, self.n, self.why = p, n, why

    def run(self, g: "Game") -> Decision | None:
        p = self.p
        n = min(self.n, len(g.draws[p]) + len(g.discards[p]))
        if n <= 0:
            g.stack.pop()
            return None
        opts = [Action("draw", (k,)) for k in range(n, -1, -1)]
        return Decision("draw", p, f"Draw up to {counted(n, 'card')} ({len(g.draws[p])} left in your draw pile)",
                        opts, {"max": n, "why": self.why, "draw_pile": len(g.draws[p])})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        for _ in range(int(a.args[0])):
            if not g.draw_card(self.p):
                break
