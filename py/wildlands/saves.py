"""Saves: format version + content hash + setup (or a scenario position) + action log + state hash.

Loading checks the text's size and nesting before parsing (gamecore.jsontext; a save given as a dict
is walked by gamecore.untrusted.data_problem, without recursion, instead), validates the document with pydantic
(imported only here, when a save is loaded), replays every action and compares the final state hash, so a
broken, tampered or incompatible save is refused with a SaveError and nothing else changes.

The limits are the longest legal game's, computed, not guessed: a game ends at rules.MAX_MOVES moves at the
latest, no move's notation is longer than LONGEST_MOVE (from the content's ids), and a position is at most
position.MAX_CHARS; so MAX_LOG and MAX_SAVE_CHARS sit just above what a legal game can ever save
(tests/wildlands/test_robustness.py plays the longest game and saves it).
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from gamecore import errors, jsontext
from gamecore.untrusted import data_problem

from .actions import IllegalAction
from .content import DATA_DIR, FACTIONS, N_SPACES
from .position import MAX_CHARS as MAX_POSITION_CHARS
from .rules import MAX_MOVES

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

SAVE_FORMAT = "wildlands-save/1"
MAX_MOVE_CHARS = 80
MAX_DEPTH = 32


def _longest_move() -> int:
    """The longest notation any legal move can have: the longest of the notation's shapes (actions.py) filled
    with the longest character, faction and card ids of the content and a two-digit space."""
    char = max(len(c) for f in FACTIONS.values() for c in f.ids)
    faction = max(len(f) for f in FACTIONS)
    card = max(len(c.id) for f in FACTIONS.values() for c in f.cards)
    space = len(str(N_SPACES))
    shapes = [("heavy_ranged", card, char, char), ("heavy_melee", card, char, faction), ("manoeuvre", card, char),
              ("step", char, space, card), ("start", char, space), ("climb", char, space),
              ("area", card, char, space), ("fly", card, char, space), ("move", card, char, space)]
    return max(len(kind) + sum(1 + w for w in words) for kind, *words in shapes)


LONGEST_MOVE = _longest_move()
MAX_LOG = MAX_MOVES
SAVE_OVERHEAD = 400 + MAX_POSITION_CHARS  # format, content and state hashes, keys; the setup or the position
MAX_SAVE_CHARS = SAVE_OVERHEAD + MAX_LOG * (LONGEST_MOVE + 3)  # each move with its quotes and comma


def _content_hash() -> str:
    h = hashlib.sha256()
    for name in ("boards.json", "factions.json"):
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


@lru_cache(maxsize=1)
def _model():
    from typing import Annotated, Literal, Optional

    from pydantic import BaseModel, ConfigDict, Field

    class Setup(BaseModel):
        model_config = ConfigDict(extra="forbid")
        board: Literal["dungeon", "ruins"]
        factions: list[Literal["guild", "gnomads", "lawbringers", "pit_fighters"]] = Field(min_length=2,
                                                                                            max_length=4)
        seed: int = Field(strict=True, ge=-(1 << 63), lt=1 << 63)
        first_player: Optional[Annotated[int, Field(strict=True, ge=0, le=3)]] = None  # absent in older saves

    class Save(BaseModel):
        model_config = ConfigDict(extra="forbid")
        format: Literal["wildlands-save/1"]
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
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_CHARS * 4:
            raise SaveError(f"This file is too large to be a Wildlands save ({len(text):,} bytes).")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("This is not a Wildlands save file (it is not UTF-8 text).") from None
    if not isinstance(text, str):
        raise SaveError(f"A save is text, not {type(text).__name__}.")
    try:
        return jsontext.loads(text, MAX_SAVE_CHARS, MAX_DEPTH, floats=False)
    except jsontext.JsonTextError as e:
        raise SaveError(f"This is not a Wildlands save file: {e}.") from None


def game_from_json(text: "str | bytes | dict") -> "Game":
    from .game import Game

    if isinstance(text, dict):
        problem = data_problem(text, MAX_DEPTH, MAX_LOG + 10_000)
        if problem is not None:
            raise SaveError(f"This is not a Wildlands save: {problem}.")
    raw = text if isinstance(text, dict) else check_save_text(text)
    if not isinstance(raw, dict) or "format" not in raw:
        raise SaveError("This is not a Wildlands save file (no 'format' field).")
    if raw.get("format") != SAVE_FORMAT:
        raise SaveError(f"Unsupported save format {str(raw.get('format'))[:40]!r}; this version reads "
                        f"{SAVE_FORMAT!r}.")
    try:
        save = _model().model_validate(raw)
    except Exception as e:  # pydantic.ValidationError
        raise SaveError(f"The save file is damaged: {_describe(e)}.") from None
    if (save.setup is None) == (save.position is None):
        raise SaveError("The save file is damaged: it needs exactly one of 'setup' or 'position'.")
    if save.content != CONTENT_HASH:
        raise SaveError("This save was made with other Wildlands data (another version of the game); it "
                        "cannot be replayed here.")
    try:
        if save.setup is not None:
            s = save.setup
            g = Game.new(board=s.board, factions=tuple(s.factions), seed=s.seed, first_player=s.first_player)
        else:
            g = Game.from_position(save.position)
    except ValueError as e:
        raise SaveError(f"The save's setup is invalid: {e}") from None
    for i, move in enumerate(save.log):
        try:
            g.apply(move)
        except IllegalAction as e:
            raise SaveError(f"Move {i + 1} of {len(save.log)} ('{move[:60]}') is not legal at that point, so the "
                            f"file is damaged or was edited. ({e})") from None
    if save.state_hash is not None and g.state_hash() != save.state_hash:
        raise SaveError("The save's moves do not lead to the state it records: the file was edited, or it was "
                        "made by an incompatible version of the game.")
    return g
