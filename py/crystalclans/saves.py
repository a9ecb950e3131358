"""Crystal Clans' saves: format version + card set (id, hash) + setup (or a scenario position) + action log +
state hash, in the shared core's envelope (gamecore.saves: the cheap checks before parsing, pydantic when a
save is loaded (it costs about a second in Pyodide), every move replayed and the final state hash compared,
a SaveError a player can act on, and nothing else changes).
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable

from gamecore import errors
from gamecore.saves import Envelope

if TYPE_CHECKING:  # pragma: no cover
    from .cardset import CardSet
    from .game import Game

SAVE_FORMAT = "crystalclans-save/1"  # written when a save carries no player names
SAVE_FORMAT_NAMED = "crystalclans-save/2"  # /1 plus the players' names
READ_FORMATS = (SAVE_FORMAT, SAVE_FORMAT_NAMED)
MAX_NAME_CHARS = 24
# Limits checked before any parsing work, so a hostile file is refused fast. A real game is a few hundred
# moves (about 10 KB); the longest random games stay under 3,000 moves.
MAX_SAVE_CHARS = 1_000_000
MAX_LOG = 20_000
MAX_MOVE_CHARS = 1000  # a private-chance game's reveal of a whole hand is the longest move (actions.py)
MAX_DEPTH = 32


class SaveError(errors.SaveError):
    """A save that cannot be loaded; the message says why in words a player can act on. `code` and `params`
    say the same as data, so an app can word it in the player's language (params["detail"], where present,
    is a technical detail: a parser's or validator's own message)."""


ENVELOPE = Envelope("Crystal Clans", READ_FORMATS, SaveError, MAX_SAVE_CHARS, MAX_DEPTH, MAX_LOG + 10_000)


def check_save_text(text: "str | bytes") -> dict:
    """Parse a save's text after the cheap checks (gamecore.saves.Envelope.text): the parsed JSON object (not
    yet validated as a save). Raises SaveError with a message a player can act on."""
    return ENVELOPE.text(text)


def game_to_json(g: "Game", names: "list[str] | tuple[str, str] | None" = None) -> str:
    doc: dict[str, Any] = {
        "format": SAVE_FORMAT if names is None else SAVE_FORMAT_NAMED,
        "card_set": {"id": g.cs.id, "hash": g.cs.hash},
        "log": list(g.log),
        "state_hash": g.state_hash(),
    }
    if names is not None:
        if len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise ValueError("names: two strings, one for each seat")
        doc["players"] = [{"name": n[:MAX_NAME_CHARS]} for n in names]
    if "position" in g.setup:
        doc["position"] = g.setup["position"]
    else:
        doc["setup"] = dict(g.setup)
    return json.dumps(doc, separators=(",", ":"))


def _models():
    from typing import Annotated, Literal, Optional

    from pydantic import BaseModel, ConfigDict, Field

    class CardSetRef(BaseModel):
        model_config = ConfigDict(extra="forbid")
        id: str
        hash: str = Field(pattern=r"^[0-9a-f]{64}$")

    PrivateSeed = Annotated[int, Field(strict=True, ge=0, lt=1 << 63)]

    class Setup(BaseModel):
        model_config = ConfigDict(extra="forbid")
        clans: tuple[str, str]
        seed: int = Field(strict=True, ge=-(1 << 63), lt=1 << 63)
        first_player: Optional[Annotated[int, Field(strict=True, ge=0, le=1)]] = None
        mulligan: bool = Field(default=False, strict=True)
        # private chance (privacy.py): each seat's private seed, None for a seat the save's game cannot see
        private_seeds: Optional[tuple[Optional[PrivateSeed], Optional[PrivateSeed]]] = None

    class Player(BaseModel):
        model_config = ConfigDict(extra="forbid")
        name: str = Field(strict=True, max_length=MAX_NAME_CHARS)

    class Save(BaseModel):
        model_config = ConfigDict(extra="forbid")
        format: Literal["crystalclans-save/1", "crystalclans-save/2"]
        players: Optional[tuple[Player, Player]] = None
        card_set: CardSetRef
        setup: Optional[Setup] = None
        position: Optional[dict] = None
        log: list[Annotated[str, Field(max_length=MAX_MOVE_CHARS)]] = Field(max_length=MAX_LOG)
        state_hash: Optional[str] = Field(default=None, pattern=r"^[0-9a-f]{64}$")

    return Save


def load_save(text: "str | bytes | dict", cs: "CardSet", start: "Callable[[dict, CardSet], Game]") -> "Game":
    """The game a save holds: checked, its start made by `start(setup, cs)` (Game.from_setup), its log
    replayed move by move and its recorded state hash compared. Any problem raises SaveError."""
    raw = ENVELOPE.document(text)
    save = ENVELOPE.validated(_models().model_validate, raw)
    if save.players is not None and save.format == SAVE_FORMAT:
        raise SaveError("The save file is damaged: player names need format 'crystalclans-save/2'.", "damaged",
                        detail="player names need format 'crystalclans-save/2'")
    if (save.setup is None) == (save.position is None):
        raise SaveError("The save file is damaged: it needs exactly one of 'setup' or 'position'.", "damaged",
                        detail="it needs exactly one of 'setup' or 'position'")
    if save.card_set.hash != cs.hash:
        raise SaveError(
            f"This save was made with the card set '{save.card_set.id}' ({save.card_set.hash[:12]}), but the "
            f"loaded card set is '{cs.id}' ({cs.hash[:12]}). Load the same card file first.", "card_set",
            saved=f"{save.card_set.id} ({save.card_set.hash[:12]})", loaded=f"{cs.id} ({cs.hash[:12]})")
    if save.setup is not None:
        s = save.setup
        unknown = [c for c in s.clans if c not in cs.clans]
        if unknown:
            raise SaveError(f"The save's setup is invalid: unknown clan {unknown[0]!r:.40} (clans: "
                            f"{', '.join(cs.clans)}).", "clan", clan=str(unknown[0])[:40], clans=", ".join(cs.clans))
        setup = {"clans": list(s.clans), "seed": s.seed, "first_player": s.first_player, "mulligan": s.mulligan}
        if s.private_seeds is not None:
            if s.private_seeds == (None, None):
                raise SaveError("The save's setup is invalid: its private seeds name no seat.", "damaged",
                                detail="private_seeds: (None, None)")
            setup["private_seeds"] = list(s.private_seeds)
        g = start(setup, cs)
    else:
        try:
            g = start({"position": save.position}, cs)
        except ValueError as e:  # PositionError
            raise SaveError(f"The save's position is invalid: {e}", "position", detail=str(e)) from None
    return ENVELOPE.replayed(g, save.log, save.state_hash)


def save_names(doc: dict) -> "list[str] | None":
    """The players' names in a save's parsed JSON (format /2), or None. Read them after the save loaded."""
    players = doc.get("players") if isinstance(doc, dict) else None
    if isinstance(players, list) and len(players) == 2 and all(isinstance(p, dict) for p in players):
        names = [p.get("name") for p in players]
        if all(isinstance(n, str) for n in names):
            return [n[:MAX_NAME_CHARS] for n in names]
    return None
