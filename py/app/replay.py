"""The replay viewer: a game stepped through again turn by turn (engine: Game.replay()), read-only.

Frames are copies of the game at the deal, at the start of every later turn, and at the end (the game as it
stands); either side's view may be shown where the viewer is allowed to see it (replay_sides)."""
from __future__ import annotations

from typing import Any

from . import games
from .i18n import _


class Replay:
    def __init__(self, game: Any, sides: tuple[int, ...], viewer: int | None = None):
        self.frames: list = []
        turn = None
        last = game
        for g in game.replay():
            if g.turn != turn:
                self.frames.append(g.clone())
                turn = g.turn
            last = g
        if len(last.log) > len(self.frames[-1].log):  # the end, unless a turn has just begun there
            self.frames.append(last.clone())
        self.final_hash = game.state_hash()
        self.sides = sides
        self.viewer = viewer if viewer in sides else sides[0]
        self.index = 0

    @property
    def frame(self) -> Any:
        return self.frames[self.index]

    @property
    def at_end(self) -> bool:
        return self.index == len(self.frames) - 1

    def step(self, by: int) -> None:
        self.go(self.index + by)

    def go(self, index: int) -> None:
        self.index = max(0, min(len(self.frames) - 1, index))

    def next_side(self) -> int:
        """Whose view the side switch shows next (the viewer herself when only her side may be shown)."""
        return self.sides[(self.sides.index(self.viewer) + 1) % len(self.sides)]

    def switch_side(self) -> None:
        self.viewer = self.next_side()

    def view(self) -> dict:
        return self.frame.view(self.viewer)

    def label(self, names) -> str:
        g = self.frame
        if self.at_end:
            w = games.of(g).winner(g)
            return (_("End of the game: {name} wins").format(name=names[w]) if w is not None
                    else _("Where the game stands (turn {n})").format(n=g.turn))
        if self.index == 0:  # the game's first player: known only after a setup played before turn 1 (Wildlands)
            first = getattr(self.frames[-1], "first_player", g.active)
            return _("The deal: turn 1, {name} begins").format(name=names[first])
        return _("Start of turn {n}: {name}'s turn").format(n=g.turn, name=names[g.active])


def replay_sides(seats, finished: bool, me: int | None = None) -> tuple[int, ...]:
    """Whose hands a replay may show: both once the game is over or when only people at this screen play;
    otherwise only this screen's own players (a replay must not show the computer's or a friend's hand)."""
    everyone = tuple(range(len(seats)))
    if finished or all(s.local for s in seats):
        return everyone
    if me is not None:
        return (me,)
    local = tuple(p for p in everyone if seats[p].local)
    return local or (0,)
