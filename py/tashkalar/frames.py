"""Frames: the engine's explicit continuation stack (the pattern of crystalclans/frames.py).

Every multi-step rule (a turn, a summon, an effect's script, one primitive such as "pick up to 2 pieces to
destroy") is a small frame on `game.stack`. The game loop calls `run()` on the top frame until one returns
a Decision; `choose()` applies the player's answer to the frame that asked. Frames hold only plain values
(ints, strings, tuples, lists of ints), never references to mutable objects elsewhere, so cloning a game
copies each frame with `copy()` and the copies share nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action, Decision
    from .game import Game


class Frame:
    __slots__ = ()

    def run(self, g: "Game") -> "Decision | None":
        """Do work (pop self, push frames) and return None, or return the decision to ask."""
        raise NotImplementedError

    def choose(self, g: "Game", action: "Action") -> None:
        """Apply a legal answer to the decision this frame returned."""
        raise NotImplementedError(type(self).__name__)

    def copy(self) -> "Frame":
        cls = type(self)
        new = cls.__new__(cls)
        for name in slots_of(cls):
            v = getattr(self, name)
            setattr(new, name, v[:] if type(v) is list else v)
        return new

    def key(self) -> tuple:
        """The frame as plain data (the state hash and equality tests use it)."""
        return (type(self).__name__,) + tuple(_freeze(getattr(self, n)) for n in slots_of(type(self)))

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in slots_of(type(self)))
        return f"{type(self).__name__}({fields})"


_SLOTS: dict[type, tuple[str, ...]] = {}


def slots_of(cls: type) -> tuple[str, ...]:
    names = _SLOTS.get(cls)
    if names is None:
        acc: list[str] = []
        for c in reversed(cls.__mro__):
            for s in getattr(c, "__slots__", ()):
                if s not in acc:
                    acc.append(s)
        names = _SLOTS[cls] = tuple(acc)
    return names


def _freeze(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    return v
