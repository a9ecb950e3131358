"""Saves: format version + content hash + setup (or a scenario position) + action log + state hash.

Loading checks the text's size and nesting before parsing (gamecore.jsontext; a save given as a dict gets
the same checks, made without recursion by gamecore.untrusted.data_problem), validates the document
with pydantic (imported only here, when a save is loaded), replays every action and compares the final
state hash, so a broken, tampered or incompatible save is refused with a SaveError a player can act on and
nothing else changes. A `resign <seat>` entry in the log replays as that seat's resignation.
"""
from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from gamecore import errors, jsontext
from gamecore.untrusted import data_problem, describe

from .actions import IllegalAction
from .content import DATA_DIR

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

SAVE_FORMAT = "tashkalar-save/1"
# A game always fits its own save: rules.LOG_BOUND (the longest log a game can have, estimated from the turn
# limit, the actions of a turn and the cancels it may offer: 13,803 entries) is below MAX_LOG, and a log of
# MAX_LOG entries of the longest notation (45 characters: `improvise <the longest card id> <colour>`) with
# the largest position (position.MAX_NODES values of position.MAX_TEXT characters) is below MAX_SAVE_CHARS;
# tests/tashkalar/test_robustness.py checks both, and plays the longest game it can build (bench.worst_game:
# about 4,850 moves, 91,000 characters) to show it saves and loads.
MAX_LOG = 16_000
MAX_MOVE_CHARS = 120  # a log entry the save model accepts (longer text is no notation of ours)
MAX_SAVE_CHARS = 1_000_000
MAX_DEPTH = 32
MAX_VALUES = MAX_LOG + 10_000  # values in a save given as a dict (its log and its position)


def _content_hash() -> str:
    h = hashlib.sha256()
    for name in ("board.json", "schools.json", "legends.json", "flares.json", "tasks.json"):
        with open(DATA_DIR / name, encoding="utf-8") as f:
            h.update(json.dumps(json.load(f), sort_keys=True, separators=(",", ":")).encode("utf-8"))
    return h.hexdigest()


CONTENT_HASH = _content_hash()


class SaveError(errors.SaveError):
    """A save that cannot be loaded; the message says why in words a player can act on."""


def game_to_json(g: "Game") -> str:
    doc: dict[str, Any] = {"format": SAVE_FORMAT, "content": CONTENT_HASH, "log": list(g.log),
                           "state_hash": g.state_hash()}
    if "position" in g.setup:
        doc["position"] = g.setup["position"]
    else:
        doc["setup"] = dict(g.setup)
    return json.dumps(doc, separators=(",", ":"))


def _model():
    from typing import Annotated, Literal, Optional

    from pydantic import BaseModel, ConfigDict, Field

    class Setup(BaseModel):
        model_config = ConfigDict(extra="forbid")
        mode: Literal["duel", "high_form", "melee", "team"]
        players: Annotated[int, Field(strict=True, ge=2, le=4)]
        decks: list[Annotated[str, Field(max_length=20)]] = Field(min_length=2, max_length=4)
        seed: int = Field(strict=True, ge=-(1 << 63), lt=1 << 63)
        first_player: Optional[Annotated[int, Field(strict=True, ge=0, le=3)]] = None
        form: Optional[Literal["duel", "high_form"]] = None

    class Save(BaseModel):
        model_config = ConfigDict(extra="forbid")
        format: Literal["tashkalar-save/1"]
        content: str = Field(pattern=r"^[0-9a-f]{64}$")
        setup: Optional[Setup] = None
        position: Optional[dict] = None
        log: list[Annotated[str, Field(max_length=MAX_MOVE_CHARS)]] = Field(max_length=MAX_LOG)
        state_hash: Optional[str] = Field(default=None, pattern=r"^[0-9a-f]{64}$")

    return Save


def _describe(err: Exception) -> str:
    errors = getattr(err, "errors", None)
    if not callable(errors):
        return str(err)
    return "; ".join(f"{'.'.join(str(x) for x in e.get('loc', ())) or 'file'}: {e.get('msg')}"
                     for e in errors()[:5])


def check_save_text(text: "str | bytes") -> dict:
    """A save's text parsed after the cheap checks (size, UTF-8, nesting depth, no fractions), so a hostile
    file costs little; the JSON object, not yet validated as a save. Raises SaveError."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_CHARS * 4:
            raise SaveError(f"This file is too large to be a Tash-Kalar save ({len(text):,} bytes).")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("This is not a Tash-Kalar save file (it is not UTF-8 text).") from None
    if not isinstance(text, str):
        raise SaveError(f"A save is text, not {type(text).__name__}.")
    try:
        return jsontext.loads(text, MAX_SAVE_CHARS, MAX_DEPTH, floats=False)
    except jsontext.JsonTextError as e:
        raise SaveError(f"This is not a Tash-Kalar save file: {e}.") from None


def game_from_json(text: "str | bytes | dict") -> "Game":
    from .game import Game

    if isinstance(text, dict):  # a parsed save: its nesting, size and numbers checked as the text's would be
        problem = data_problem(text, MAX_DEPTH, MAX_VALUES, MAX_MOVE_CHARS)
        if problem is not None:
            raise SaveError(f"This is not a Tash-Kalar save: {problem}.")
        raw = text
    else:
        raw = check_save_text(text)
    if not isinstance(raw, dict) or "format" not in raw:
        raise SaveError("This is not a Tash-Kalar save file (no 'format' field).")
    if raw.get("format") != SAVE_FORMAT:
        raise SaveError(f"Unsupported save format {describe(raw.get('format'), 40)}; this version reads "
                        f"{SAVE_FORMAT!r}.")
    try:
        save = _model().model_validate(raw)
    except Exception as e:  # pydantic.ValidationError
        raise SaveError(f"The save file is damaged: {_describe(e)}.") from None
    if (save.setup is None) == (save.position is None):
        raise SaveError("The save file is damaged: it needs exactly one of 'setup' or 'position'.")
    if save.content != CONTENT_HASH:
        raise SaveError("This save was made with other Tash-Kalar card data (another version of the game); it "
                        "cannot be replayed here.")
    try:
        if save.setup is not None:
            s = save.setup
            g = Game.new(mode=s.mode, players=s.players, decks=tuple(s.decks), seed=s.seed,
                         first_player=s.first_player, form=s.form)
        else:
            g = Game.from_position(save.position)
    except ValueError as e:  # PositionError or a bad option
        raise SaveError(f"The save's setup is invalid: {e}") from None
    for i, move in enumerate(save.log):
        try:
            g.play(move)
        except IllegalAction as e:
            raise SaveError(f"Move {i + 1} of {len(save.log)} ('{move[:60]}') is not legal at that point, so the "
                            f"file is damaged or was edited. ({e})") from None
    if save.state_hash is not None and g.state_hash() != save.state_hash:
        raise SaveError("The save's moves do not lead to the state it records: the file was edited, or it was "
                        "made by an incompatible version of the game.")
    return g
