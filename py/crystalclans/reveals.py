"""Reveals: where a private-chance game asks a player to show hidden cards of her own (docs/TRUSTLESS.md).

In a game made with private seeds each player's hand and draw pile are known to her page alone, so
wherever a rule makes such a card public, or lets the other player see it, the engine asks its owner
first, as a decision of kind "reveal" (one option: the true cards, in a game that sees her; the page that
cannot see her fills its placeholders from the answer, unseen.py). The reveal points:

* HAND: her whole hand, before the other player looks at it (Portent), names a card of it (The Bitter
  Blessing) or moves one of it (Spy);
* PILE: the top n cards of her draw pile, before a mill discards them (an invasion, Ember Crown, Spirit
  Guide's left side, Reaper) or the other player looks at them (Tactical);
* BATTLE: the battle card she played face down from her draw pile (an empty hand), at the battle-card
  reveal, or at once if she reveals first (Mind Reading).

Games without private seeds never push these frames: their mills run at once (Game.mill), as always.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.frames import Frame

from .actions import Action, Decision, counted

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

HAND = "hand"
PILE = "draw_pile"
BATTLE = "battle_card"


class RevealFrame(Frame):
    """Seat p shows `what`: her hand (HAND), the top n cards of her draw pile (PILE, top first) or her battle
    card from the draw pile (BATTLE). Nothing to show: no question."""

    __slots__ = ("p", "what", "n")

    def __init__(self, p: int, what: str, n: int = 0) -> None:
        self.p, self.what, self.n = p, what, n

    def cards(self, g: "Game") -> list[int]:
        """The codes shown, in the order the action names them (a hand sorted, a pile top first)."""
        p = self.p
        if self.what == HAND:
            return sorted(g.hands[p])
        if self.what == PILE:
            pile = g.draws[p]
            return pile[len(pile) - min(self.n, len(pile)):][::-1]
        b = g.battle
        return [b.cards[p]] if b is not None and b.cards[p] >= 0 else []

    def run(self, g: "Game") -> Decision | None:
        shown = self.cards(g)
        if not shown:
            g.stack.pop()
            return None
        p = self.p
        said = {HAND: "Show your hand to your opponent",
                PILE: f"Reveal the top {counted(len(shown), 'card')} of your draw pile",
                BATTLE: "Reveal the battle card you played from your draw pile"}[self.what]
        return Decision("reveal", p, said, [Action("reveal", tuple(g.token(c, p) for c in shown))],
                        {"what": self.what, "n": len(shown)})

    def choose(self, g: "Game", a: Action) -> None:
        g.stack.pop()
        g.revealed()


class MillFrame(Frame):
    """A private-chance game's mill of seat p's draw pile: her top cards are revealed first, then the mill
    runs as everywhere (Game.mill: up to n cards to her discard pile; an empty pile reshuffles and ends it)."""

    __slots__ = ("p", "n", "stage")

    def __init__(self, p: int, n: int, stage: int = 0) -> None:
        self.p, self.n, self.stage = p, n, stage

    def run(self, g: "Game") -> None:
        p = self.p
        if self.stage == 0:
            self.stage = 1
            k = min(self.n, len(g.draws[p]))
            if k:
                g.stack.append(RevealFrame(p, PILE, k))
                return None
        g.stack.pop()
        g.mill(p, self.n, now=True)
        return None
