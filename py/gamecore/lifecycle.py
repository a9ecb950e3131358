"""The game lifecycle every engine's `Game` shares (OpenSpiel's `State` base owns the public methods in the
same way): a game is exactly its setup and its log, so playing a log forward (`from_log`), standing where a
game stood (`at`), playing it again (`replay`), the deciding players and the legal actions are the same code
in every engine. An engine's Game subclasses `Lifecycle` and has:

    IllegalAction, SaveError   its error classes (subclasses of gamecore.errors')
    from_setup(setup, **context)   a new game of a setup (SaveError if it is none)
    apply(action)              a legal move by Action or text (IllegalAction, the game unchanged)
    setup, log, decision       the setup it was dealt from, its moves' notation, what it asks now (or None)
    _context()                 what from_setup needs besides the setup (Crystal Clans: its card set)
    _replay(move)              one logged move applied (apply by default; a `resign <seat>` entry is one)
    state_key()                the full state as plain values (state_hash is its digest)
    ENGINE                     its package, whose modules the lifecycle calls when first needed: `saves`
                               (game_to_json, game_from_json: pydantic only when a save is loaded), `view`
                               (build_view) and `story` (tell, statistics)
"""
from __future__ import annotations

import hashlib
import importlib
from typing import Any, ClassVar, Iterable, Iterator, Sequence

from .untrusted import describe

__all__ = ["Lifecycle"]


class Lifecycle:
    __slots__ = ()
    IllegalAction: ClassVar[type]
    SaveError: ClassVar[type]
    ENGINE: ClassVar[str]

    # what a subclass has (the module's docstring)
    setup: dict
    log: list
    decision: Any

    def _context(self) -> dict:
        return {}

    def _replay(self, move: str) -> None:
        self.apply(move)  # type: ignore[attr-defined]

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.decision is None else (self.decision.player,)

    def legal_actions(self) -> list:
        d = self.decision
        return [] if d is None else list(d.options)

    @classmethod
    def from_log(cls, setup: dict, log: "Iterable[str]", **context: Any) -> Any:
        """The game a setup and its moves make: each move applied where it stands. A setup that is none, or a
        log that is no sequence of moves, raises SaveError; a move that is not legal there, or comes after the
        end, raises IllegalAction saying which."""
        if isinstance(log, (str, bytes, dict)):
            raise cls.SaveError("A game's log is a list of moves.", "damaged")
        try:
            moves = iter(log)
        except TypeError:
            raise cls.SaveError(f"A game's log is a list of moves, not {describe(log, 30)}.", "damaged") from None
        g = cls.from_setup(setup, **context)  # type: ignore[attr-defined]
        for i, move in enumerate(moves):
            if g.decision is None:
                raise cls.IllegalAction(f"move {i + 1} ({describe(move)}) comes after the end of the game")
            try:
                g._replay(move)
            except cls.IllegalAction as e:
                raise cls.IllegalAction(f"move {i + 1}: {e}") from None
        return g

    def at(self, moves: int) -> Any:
        """A new game: this one as it stood after its first `moves` moves (an undo, a resync's common part)."""
        if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= len(self.log):
            raise ValueError(f"this game has {len(self.log)} moves, not {describe(moves, 20)}")
        return type(self).from_log(self.setup, self.log[:moves], **self._context())

    def replay(self) -> "Iterator[Any]":
        """This game played again from its start: yields a new game at the start, then that same game after
        each move of this one's log (clone() what you keep). The last one yielded has this game's state_hash."""
        g = type(self).from_setup(self.setup, **self._context())  # type: ignore[attr-defined]
        yield g
        for move in self.log:
            g._replay(move)
            yield g

    @classmethod
    def _module(cls, name: str) -> Any:
        return importlib.import_module(f"{cls.ENGINE}.{name}")

    def state_hash(self) -> str:
        """A stable hex digest of the full state (the same in CPython and Pyodide)."""
        return hashlib.sha256(repr(self.state_key()).encode("utf-8")).hexdigest()  # type: ignore[attr-defined]

    def view(self, player: int) -> dict:
        """What `player` may see, as JSON-ready data (the engine's view.build_view)."""
        return self._module("view").build_view(self, player)

    def story(self) -> list:
        """The game told from public facts (the engine's story.tell)."""
        return self._module("story").tell(self)

    def statistics(self) -> list:
        """Per player, the game's figures (the engine's story.statistics)."""
        return self._module("story").statistics(self)

    def to_json(self, names: "Sequence[str] | None" = None) -> str:
        """The save: the format, the setup or position, the log, the state hash and, if given, the players'
        names, one a seat (the engine's saves)."""
        return self._module("saves").game_to_json(self, names)

    @classmethod
    def from_json(cls, text: "str | bytes | dict") -> Any:
        """The game a save holds, checked and replayed (SaveError with a reason otherwise)."""
        return cls._module("saves").game_from_json(text)

    def _illegal_message(self, shown_action: str) -> str:
        """Why `shown_action` (already quoted or described) is refused: what is asked and what is legal."""
        d = self.decision
        assert d is not None
        opts = [str(a) for a in d.options]
        shown = ", ".join(opts[:12]) + (f", ... ({len(opts)} in all)" if len(opts) > 12 else "")
        return f"{shown_action} is not legal now: {d.prompt} (player {d.player}). Legal: {shown}"
