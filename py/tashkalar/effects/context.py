"""The effect context: what an effect under way knows about its card (who plays it, the being's square as
it moves, the pieces that formed the pattern, the marked squares and directions) and the values its earlier
steps saved (`regs`: the squares picked, their ranks and colours before the step acted, a direction).

It lives on `game.fx` while an effect resolves (an effect never starts another, and flares are never lit
during one), and is plain data, so clone() copies it and the state hash includes it. Board primitives in
game.py keep it up to date: a piece that moves is followed (`moved`), one that leaves the arena is dropped
(`gone`).
"""
from __future__ import annotations


class EffectCtx:
    __slots__ = ("p", "code", "half", "being", "target", "pattern", "marks", "dirs", "regs")

    def __init__(self, p: int, code: int, half: str = "", being: int = -1, pattern: list[int] | None = None,
                 marks: list[int] | None = None, dirs: tuple[int, ...] = ()) -> None:
        self.p = p
        self.code = code
        self.half = half  # "" for a being or legend; "top" / "bottom" for a flare's half
        self.being = being  # the summoned piece's square; -1 once it left the arena (or for a flare)
        self.target = being  # the square it was summoned on
        self.pattern = pattern if pattern is not None else []  # squares of the pieces that formed the pattern
        self.marks = marks if marks is not None else []  # the marked squares that lie in the arena
        self.dirs = dirs  # directions from the being to its adjacent marked squares (cards that shoot)
        self.regs: dict[str, object] = {}

    def moved(self, a: int, b: int) -> None:
        if self.being == a:
            self.being = b
        pat = self.pattern
        if a in pat:
            pat[pat.index(a)] = b

    def gone(self, s: int) -> None:
        if self.being == s:
            self.being = -1
        if s in self.pattern:
            self.pattern.remove(s)

    def copy(self) -> "EffectCtx":
        new = EffectCtx.__new__(EffectCtx)
        new.p, new.code, new.half, new.being, new.target = self.p, self.code, self.half, self.being, self.target
        new.pattern = self.pattern[:]
        new.marks = self.marks[:]
        new.dirs = self.dirs
        new.regs = {k: (v[:] if type(v) is list else v) for k, v in self.regs.items()}
        return new

    def key(self) -> tuple:
        regs = tuple(sorted((k, tuple(v) if type(v) is list else v) for k, v in self.regs.items()))
        return (self.p, self.code, self.half, self.being, self.target, tuple(self.pattern), tuple(self.marks),
                self.dirs, regs)

    def first(self, reg: str) -> int:
        """The first square saved in a register, or -1."""
        v = self.regs.get(reg)
        return v[0] if type(v) is list and v else -1
