"""Frames: the engine's explicit continuation stack.

Every multi-step rule (an action, a battle, an effect list, a choice) is a small frame on `game.stack`.
The game loop calls `run()` on the top frame until one returns a Decision; `choose()` applies the player's
answer to the frame that asked. Frames hold only plain values (ints, strings, lists of ints), never
references to other mutable objects, so cloning a game is copying the stack with `copy()`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action, Decision
    from .game import Game


class Frame:
    __slots__ = ()

    def run(self, g: "Game") -> "Decision | None":
        """Do work (pop self / push frames) and return None, or return the decision to ask."""
        raise NotImplementedError

    def choose(self, g: "Game", action: "Action") -> None:
        """Apply a legal answer to the decision this frame returned."""
        raise NotImplementedError(type(self).__name__)

    def copy(self) -> "Frame":
        cls = type(self)
        new = cls.__new__(cls)
        for name in _slots(cls):
            v = getattr(self, name)
            setattr(new, name, v.copy() if type(v) is list else v)
        return new

    def key(self) -> tuple:
        return (type(self).__name__,) + tuple(_freeze(getattr(self, n)) for n in _slots(type(self)))

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in _slots(type(self)))
        return f"{type(self).__name__}({fields})"


_SLOTS_CACHE: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    names = _SLOTS_CACHE.get(cls)
    if names is None:
        acc: list[str] = []
        for c in reversed(cls.__mro__):
            for s in getattr(c, "__slots__", ()):
                if s not in acc:
                    acc.append(s)
        names = _SLOTS_CACHE[cls] = tuple(acc)
    return names


def _freeze(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if hasattr(v, "op") and hasattr(v, "params"):  # an Effect
        return (v.op, _freeze(v.params))
    return v
