"""Tash-Kalar's saves: format version + content hash + setup (or a scenario position) + action log + state hash,
in the shared core's envelope (gamecore.saves: the cheap checks before parsing, pydantic when a save is loaded,
every move replayed and the final state hash compared, a SaveError a player can act on). A `resign <seat>`
entry in the log replays as that seat's resignation.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from gamecore import errors
from gamecore.saves import Envelope, content_hash, save_model

from .content import DATA_DIR

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

SAVE_FORMAT = "tashkalar-save/1"  # written when a save keeps no players' names
SAVE_FORMAT_NAMED = "tashkalar-save/2"  # /1 plus the players' names
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

CONTENT_HASH = content_hash(DATA_DIR, ("board.json", "schools.json", "legends.json", "flares.json", "tasks.json"))


class SaveError(errors.SaveError):
    """A save that cannot be loaded; the message says why in words a player can act on."""


ENVELOPE = Envelope("Tash-Kalar", (SAVE_FORMAT, SAVE_FORMAT_NAMED), SaveError, MAX_SAVE_CHARS, MAX_DEPTH, MAX_VALUES,
                    MAX_MOVE_CHARS, named=SAVE_FORMAT_NAMED)


def game_to_json(g: "Game", names: "Sequence[str] | None" = None) -> str:
    return ENVELOPE.save_text(g, CONTENT_HASH, names)


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

    return save_model(ENVELOPE.formats, Setup, MAX_MOVE_CHARS, MAX_LOG)


def check_save_text(text: "str | bytes") -> dict:
    """A save's text parsed after the cheap checks (gamecore.saves.Envelope.text). Raises SaveError."""
    return ENVELOPE.text(text)


def game_from_json(text: "str | bytes | dict") -> "Game":
    from .game import Game

    return ENVELOPE.load(text, _model().model_validate, CONTENT_HASH,
                         lambda s: Game.new(mode=s.mode, players=s.players, decks=tuple(s.decks), seed=s.seed,
                                            first_player=s.first_player, form=s.form),
                         Game.from_position, Game.play, "card data")
