"""The guided first game's machinery, which every game's guided game shares (`ScriptedTutorial`): a prepared
position and a script of moves that teaches by doing. Each of the player's steps names the one move the table
offers (the others stay off), says what to do and why, and the next step's text says what happened. The other
side's moves are scripted too and played at a readable pace, so the lesson is the same every time. Each game
module's `tutorial()` gives its own script (app/games/*_tutorial.py).

Pure Python (no browser imports): the unit tests play the scripts through under CPython.
"""
from __future__ import annotations

from dataclasses import dataclass

from .i18n import _

YOU, THEM = 0, 1


@dataclass(frozen=True, slots=True)
class Step:
    who: int
    move: str  # the move in notation (for the player: the only one the table offers)
    say: str  # what to do and why (a catalog message; {names} filled in), shown until the move is made


class ScriptedTutorial:
    """A guided game: a prepared position and a script of steps, one move each. The step is the number of
    moves made since the position. A game module's `tutorial()` returns one (app/games/*_tutorial.py); the
    controller asks it what the table offers (`allowed`, `offer`), what the other side plays (`their_move`),
    what the coach says (`text`) and which real game follows (`real_game`)."""

    steps: tuple[Step, ...] = ()
    done: str = ""  # the coach's last words (a catalog message)
    game = None  # the prepared position, from which the guided game is played

    def fields(self, g, names, words) -> dict:
        """The {names} the texts fill in, in the player's language."""
        return {"them": names[THEM]}

    def step_index(self, g) -> int:
        return len(g.log)

    def step(self, g) -> Step | None:
        i = self.step_index(g)
        return self.steps[i] if i < len(self.steps) else None

    def allowed(self, g) -> set[str]:
        """The moves the table offers now: the step's one move, on the player's steps only."""
        s = self.step(g)
        return {s.move} if s is not None and s.who == YOU else set()

    def offer(self, view: dict, g) -> dict:
        """The view the table shows: its legal actions only the taught move."""
        allowed = self.allowed(g)
        view["legal_actions"] = [a for a in view.get("legal_actions", []) if a in allowed]
        return view

    def their_move(self, g) -> str | None:
        s = self.step(g)
        return s.move if s is not None and s.who == THEM else None

    def text(self, g, names, words) -> str:
        """What the coach says now. The other side's scripted moves come one after another at a readable pace;
        their sentences add up instead of replacing each other, and stay on screen before the player's next
        instruction until the player acts (a sentence shown for a moment only was lost)."""
        steps = self.steps
        i = self.step_index(g)
        theirs = i < len(steps) and steps[i].who == THEM
        start = i
        while start > 0 and steps[start - 1].who == THEM:
            start -= 1  # the other side's run of moves up to this step
        said = [steps[k].say for k in range(start, i + 1 if theirs else i)]
        if not theirs:
            said.append(steps[i].say if i < len(steps) else self.done)
        return " ".join(_(m) for m in said).format(**self.fields(g, names, words))

    def finished(self, g) -> bool:
        return self.step_index(g) >= len(self.steps)

    def lesson_number(self, g) -> tuple[int, int]:
        """(the player's steps done so far + 1, how many there are): for "step 3 of 10"."""
        mine = [i for i, s in enumerate(self.steps) if s.who == YOU]
        at = self.step_index(g)
        return min(sum(1 for i in mine if i < at) + 1, len(mine)), len(mine)
