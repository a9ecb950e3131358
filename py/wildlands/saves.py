"""Wildlands' saves: format version + content hash + setup (or a scenario position) + action log + state hash,
in the shared core's envelope (gamecore.saves: the cheap checks before parsing, pydantic when a save is loaded,
every move replayed and the final state hash compared, a SaveError a player can act on).

The limits are the longest legal game's, computed, not guessed: a game ends at rules.MAX_MOVES moves at the
latest, no move's notation is longer than LONGEST_MOVE (from the content's ids), and a position is at most
position.MAX_CHARS; so MAX_LOG and MAX_SAVE_CHARS sit just above what a legal game can ever save
(tests/wildlands/test_robustness.py plays the longest game and saves it).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from gamecore import errors
from gamecore.saves import Envelope, content_hash, save_model

from .content import DATA_DIR, FACTIONS, N_SPACES
from .position import MAX_CHARS as MAX_POSITION_CHARS
from .rules import MAX_MOVES

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

SAVE_FORMAT = "wildlands-save/1"  # written when a save keeps no players' names
SAVE_FORMAT_NAMED = "wildlands-save/2"  # /1 plus the players' names
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


CONTENT_HASH = content_hash(DATA_DIR, ("boards.json", "factions.json"))




class SaveError(errors.SaveError):
    """A save that cannot be loaded; the message says why in words a player can act on."""


ENVELOPE = Envelope("Wildlands", (SAVE_FORMAT, SAVE_FORMAT_NAMED), SaveError, MAX_SAVE_CHARS, MAX_DEPTH, MAX_LOG + 10_000,
                    named=SAVE_FORMAT_NAMED)


def game_to_json(g: "Game", names: "Sequence[str] | None" = None) -> str:
    return ENVELOPE.save_text(g, CONTENT_HASH, names)


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

    return save_model(ENVELOPE.formats, Setup, MAX_MOVE_CHARS, MAX_LOG)


def check_save_text(text: "str | bytes") -> dict:
    """A save's text parsed after the cheap checks (gamecore.saves.Envelope.text). Raises SaveError."""
    return ENVELOPE.text(text)


def game_from_json(text: "str | bytes | dict") -> "Game":
    from .game import Game

    return ENVELOPE.load(text, _model().model_validate, CONTENT_HASH,
                         lambda s: Game.new(board=s.board, factions=tuple(s.factions), seed=s.seed,
                                            first_player=s.first_player), Game.from_position)
