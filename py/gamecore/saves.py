"""The save envelope every engine's saves share: a save is a JSON object with a `format`, the game's setup
(or a scenario position), its log and the state hash the log leads to.

Loading checks the cheap things first, so a hostile file costs little and never reaches a deep or slow parse:
the size and UTF-8 of a text and the nesting depth before any parsing (jsontext), or, for a save given as
a mapping, its shape walked without recursion (untrusted.data_problem); then the format; then the engine
validates the document (pydantic, imported only when a save is loaded) and deals the start; then every move
is replayed where it stands and the final state hash compared. Every refusal is the engine's SaveError with
a message a player can act on and a `code` an app can word in her language: too_large, not_text,
not_json, no_format, format, damaged, move, state (and the engine's own, such as a card set's).

Tash-Kalar and Wildlands write and load their saves whole with the envelope (`save_text`, `load`); Crystal
Clans, whose card set and private seeds need checks of their own, uses its parts.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from . import jsontext
from .untrusted import data_problem, describe

__all__ = ["MAX_NAME_CHARS", "Envelope", "content_hash", "named", "save_model", "validation_words"]

MAX_NAME_CHARS = 24  # a player's name in a save at most (a longer one is cut)


@dataclass(frozen=True)
class Envelope:
    """One game's save format and its limits."""

    game: str                # the game's name in messages: "Tash-Kalar"
    formats: tuple[str, ...]  # the formats this version reads (save_text writes the first)
    error: type              # the engine's SaveError (a gamecore.errors.SaveError)
    max_chars: int           # a save's text at most
    max_depth: int = 32      # brackets nested at most
    max_values: int = 0      # values of a save given as a mapping at most (0: the text's limit, in characters)
    max_text: "int | None" = None  # a text of a save given as a mapping at most
    named: str | None = None  # the format of a save that keeps the players' names (save_text, load)

    def save_text(self, game: Any, content: str, names: Sequence[str] | None = None) -> str:
        """A game's save: the first format, `content` (the hash of the game's data), the log, the state hash,
        the setup or the scenario position and, if given, the players' names, one a seat (in the `named`
        format); compact JSON text."""
        doc: dict[str, Any] = {"format": self.formats[0], "content": content, "log": list(game.log),
                               "state_hash": game.state_hash()}
        if "position" in game.setup:
            doc["position"] = game.setup["position"]
        else:
            doc["setup"] = dict(game.setup)
        return json.dumps(named(doc, names, game.n, self.named), separators=(",", ":"))

    def load(self, save: str | bytes | dict, model: Callable[[dict], Any], content: str,
             deal: Callable[[Any], Any], position: Callable[[dict], Any],
             play: Callable[[Any, str], None] | None = None, data: str = "data") -> Any:
        """The game a save holds, every check in turn: the document (document()) validated by `model`
        (validated()), its start dealt or set up (start(): `content`, `deal`, `position`, `data`), the players'
        names it keeps checked against the seats (names(), for the `named` format), every move replayed
        (replayed(): `play`) and the state hash compared. Any problem raises the engine's SaveError."""
        raw = self.document(save)
        doc = self.validated(model, raw)
        game = self.start(doc, content, deal, position, data)
        if self.named is not None:
            self.names(doc, game.n)
        return self.replayed(game, doc.log, doc.state_hash, play)

    def text(self, text: "str | bytes") -> Any:
        """A save's text parsed after the cheap checks (size, UTF-8, nesting depth, no NaN/Infinity/fractions);
        the JSON value, not yet validated as a save."""
        err = self.error
        if isinstance(text, (bytes, bytearray)):
            if len(text) > self.max_chars * 4:
                raise err(f"This file is too large to be a {self.game} save ({len(text):,} bytes).", "too_large",
                          size=len(text), limit=self.max_chars, game=self.game)
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise err(f"This is not a {self.game} save file (it is not UTF-8 text).", "not_text",
                          game=self.game) from None
        if not isinstance(text, str):
            raise err(f"A save is text, not {type(text).__name__}.", "not_text", game=self.game)
        if len(text) > self.max_chars:
            raise err(f"This file is too large to be a {self.game} save ({len(text):,} characters; a save is at "
                      f"most {self.max_chars:,}).", "too_large", size=len(text), limit=self.max_chars, game=self.game)
        try:
            return jsontext.loads(text, self.max_chars, self.max_depth, floats=False)
        except jsontext.JsonTextError as e:
            raise err(f"This is not a {self.game} save file: {e}.", "not_json", detail=str(e), game=self.game) from None

    def document(self, save: "str | bytes | dict") -> dict:
        """The save as a JSON object of a format this version reads: a text parsed (text()), a mapping checked
        as its text would be; the format checked. Not yet validated as a save."""
        err = self.error
        if isinstance(save, dict):
            problem = data_problem(save, self.max_depth, self.max_values or self.max_chars, self.max_text)
            if problem is not None:
                raise err(f"This is not a {self.game} save: {problem}.", "damaged", detail=problem)
            raw: Any = save
        else:
            raw = self.text(save)
        if not isinstance(raw, dict) or "format" not in raw:
            raise err(f"This is not a {self.game} save file (no 'format' field).", "no_format", game=self.game)
        if raw.get("format") not in self.formats:
            got = describe(raw.get("format"), 40)
            raise err(f"Unsupported save format {got}; this version reads {' and '.join(map(repr, self.formats))}.",
                      "format", got=got, known=" / ".join(self.formats))
        return raw

    def validated(self, model: Callable[[dict], Any], raw: dict) -> Any:
        """`model(raw)` (a pydantic model's validation); its refusal is a damaged save."""
        try:
            return model(raw)
        except Exception as e:  # pydantic.ValidationError
            words = validation_words(e)
            raise self.error(f"The save file is damaged: {words}.", "damaged", detail=words) from None

    def start(self, save: Any, content: str, deal: Callable[[Any], Any], position: Callable[[dict], Any],
              data: str = "data") -> Any:
        """The game a validated save (`setup` or `position`, `content`) starts from: exactly one of its setup,
        dealt by `deal(setup)`, and its position, set up by `position(pos)`; refused when it was played with
        other content than today's (`content`: the hash of the game's `data`, e.g. its card data)."""
        err = self.error
        if (save.setup is None) == (save.position is None):
            raise err("The save file is damaged: it needs exactly one of 'setup' or 'position'.", "damaged",
                      detail="it needs exactly one of 'setup' or 'position'")
        if save.content != content:
            raise err(f"This save was made with other {self.game} {data} (another version of the game); it cannot "
                      "be replayed here.", "content", game=self.game)
        try:
            return deal(save.setup) if save.setup is not None else position(save.position)
        except ValueError as e:  # a PositionError or a bad option
            raise err(f"The save's setup is invalid: {e}", "damaged", detail=str(e)) from None

    def names(self, save: Any, seats: int) -> "list[str] | None":
        """The players' names a validated save keeps (one a seat), or None; only a save of the `named` format
        keeps them."""
        named = self.named
        if (save.names is not None) != (save.format == named):
            raise self.error(f"The save file is damaged: player names need format '{named}'.", "damaged",
                             detail=f"player names need format '{named}'")
        if save.names is not None and len(save.names) != seats:
            raise self.error(f"The save file is damaged: it names {len(save.names)} players for {seats} seats.",
                             "damaged", detail=f"{len(save.names)} names for {seats} seats")
        return save.names

    def replayed(self, game: Any, log: "Iterable[str]", state_hash: "str | None",
                 play: "Callable[[Any, str], None] | None" = None) -> Any:
        """`game` (the save's start) with every move of `log` played where it stands (`play(game, move)`,
        game.apply by default), its state hash compared with the recorded one (if any)."""
        moves = list(log)
        illegal = type(game).IllegalAction
        for i, move in enumerate(moves):
            try:
                game.apply(move) if play is None else play(game, move)
            except illegal as e:
                raise self.error(f"Move {i + 1} of {len(moves)} ('{move[:60]}') is not legal at that point, so the "
                                 f"file is damaged or was edited. ({e})", "move", n=i + 1, total=len(moves),
                                 move=move[:60], detail=str(e)) from None
        if state_hash is not None and game.state_hash() != state_hash:
            raise self.error("The save's moves do not lead to the state it records: the file was edited, or it was "
                             "made by an incompatible version of the game.", "state")
        return game


def named(doc: dict, names: "Sequence[str] | None", seats: int, format: str) -> dict:
    """A save's document `doc` with the players' names (one string a seat, each cut to MAX_NAME_CHARS) in the
    format that keeps them; `doc` itself when there are none."""
    if names is None:
        return doc
    if len(names) != seats or not all(isinstance(n, str) for n in names):
        raise ValueError(f"names: {seats} strings, one for each seat")
    return {**doc, "format": format, "names": [n[:MAX_NAME_CHARS] for n in names]}


def save_model(formats: "tuple[str, ...]", setup: type, max_move_chars: int, max_log: int) -> type:
    """The pydantic model of a save of the formats `formats` whose setup is the model `setup`: its content
    hash, the setup or a position, the log (at most `max_log` moves of at most `max_move_chars` characters),
    the state hash and the players' names (2 to 4, optional; Envelope.names checks them against the format
    and the seats). pydantic is imported here, when a save is loaded."""
    from typing import Annotated, Literal, Optional

    from pydantic import ConfigDict, Field, create_model

    digest = r"^[0-9a-f]{64}$"
    return create_model(
        "Save", __config__=ConfigDict(extra="forbid"),
        format=(Literal[formats], ...),  # type: ignore[valid-type]
        content=(str, Field(pattern=digest)),
        setup=(Optional[setup], None),  # type: ignore[valid-type]
        position=(Optional[dict], None),
        log=(list[Annotated[str, Field(max_length=max_move_chars)]], Field(max_length=max_log)),
        state_hash=(Optional[str], Field(default=None, pattern=digest)),
        names=(Optional[list[Annotated[str, Field(max_length=MAX_NAME_CHARS)]]],
               Field(default=None, min_length=2, max_length=4)))


def validation_words(err: Exception) -> str:
    """A validator's refusal in short: where and what, for the first five problems (pydantic's errors())."""
    errors = getattr(err, "errors", None)
    if not callable(errors):
        return str(err)
    return "; ".join(f"{'.'.join(str(x) for x in e.get('loc', ())) or 'file'}: {e.get('msg')}" for e in errors()[:5])


def content_hash(data_dir: Path, names: "Iterable[str]") -> str:
    """sha256 (hex) of a game's data files, each read as JSON and written canonically (sorted keys, no
    spaces): a save names the content it was played with, and another content's save is refused."""
    h = hashlib.sha256()
    for name in names:
        with open(data_dir / name, encoding="utf-8") as f:
            h.update(json.dumps(json.load(f), sort_keys=True, separators=(",", ":")).encode("utf-8"))
    return h.hexdigest()
