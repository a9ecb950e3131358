"""Errors the engine raises on bad input, in a module without pydantic (importing crystalclans stays light)."""
from __future__ import annotations

MAX_PROBLEMS_SHOWN = 10


class CardSetError(ValueError):
    """A card set (or an override) is invalid. ``problems`` lists every problem found, one per entry."""

    def __init__(self, problems: list[str], header: str = "the card set is not valid"):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        self.header = header
        super().__init__(self._render())

    def __reduce__(self):  # keep .problems when pickled (e.g. across a worker boundary)
        return (type(self), (self.problems, self.header))

    def _render(self) -> str:
        n = len(self.problems)
        lines = [f"{self.header} ({n} problem{'s' if n != 1 else ''}):"]
        lines += [f"  - {p}" for p in self.problems[:MAX_PROBLEMS_SHOWN]]
        if n > MAX_PROBLEMS_SHOWN:
            lines.append(f"  ... and {n - MAX_PROBLEMS_SHOWN} more")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self._render()
