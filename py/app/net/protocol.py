"""The peer-to-peer protocol's messages: versioned JSON, each validated with pydantic on arrival.

Every message is an object with "t" (its type) and "v" (the protocol version). A message that is too large,
nested too deeply, not JSON, of an unknown type or with a wrong field is refused by `parse` with a
`ProtocolError` saying why; nothing else is ever raised for bad input.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from ..games import jsontext

VERSION = 2  # 2: Crystal Clans of two plays one-sided games (private seeds, openings; issue 28)
MAX_MOVE_CHARS = 1_000  # a reveal of a whole hand (Portent, The Bitter Blessing, Spy) is longer than a move
MAX_MESSAGE_CHARS = 64_000
MAX_RESYNC_CHARS = 1_200_000  # a resync carries a whole log (a save is at most 1 MB)
MAX_DEPTH = 8
MAX_PLAYERS = 4  # a Tash-Kalar Melee or Team game, Wildlands: the host and up to three guests (net/party.py)
HEX64 = r"^[0-9a-f]{64}$"
HEX32 = r"^[0-9a-f]{32}$"
GAME_NAME = r"^[a-z]{1,20}$"


class ProtocolError(ValueError):
    """A message that is refused; the text says why, for the person who sees it."""


def commitment(salt: str, value: str) -> str:
    """A salted hash binding a value (a seed share, a secret move) without revealing it."""
    return hashlib.sha256(f"{salt}|{value}".encode()).hexdigest()


def new_salt() -> str:
    return secrets.token_hex(16)


def joint_seed(host_value: str, guest_value: str) -> int:
    """The game seed both players made: neither alone chooses it (63 bits)."""
    return joint_seed_of([host_value, guest_value])


def joint_seed_of(values: list[str]) -> int:
    """The seed every player of a game made, from each one's value in seat order (the host's first): no one
    alone chooses it (63 bits). With two values it is `joint_seed`."""
    return int(hashlib.sha256("|".join(values).encode()).hexdigest()[:16], 16) >> 1


_MODELS: dict[str, Any] = {}


def _models() -> dict[str, Any]:
    if _MODELS:
        return _MODELS
    from typing import Literal

    from pydantic import BaseModel, ConfigDict, Field

    class Msg(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        v: Literal[2]

    class Hello(Msg):
        t: Literal["hello"]
        app: str = Field(max_length=40)
        game: str = Field(default="crystalclans", pattern=GAME_NAME)  # the host's game; the guest answers in it
        card_set: str = Field(pattern=HEX64)  # that game's content hash (cards, decks, boards)
        code: str = Field(default="", pattern=r"^[0-9a-f]{0,16}$")  # its rules code (net/codecheck.py; "": unknown)
        name: str = Field(max_length=24)
        role: Literal["host", "guest"]
        # three or four pages (net/party.py): the host's hello says how many play and which seat the guest takes;
        # a two-player hello has neither (as before: its bytes are unchanged)
        players: int = Field(default=2, ge=2, le=MAX_PLAYERS)
        seat: int = Field(default=1, ge=1, le=MAX_PLAYERS - 1)

    class SeedCommit(Msg):
        t: Literal["seed_commit"]
        c: str = Field(pattern=HEX64)
        seat: int | None = Field(default=None, ge=1, le=MAX_PLAYERS - 1)  # another guest's, passed on by the host
        # Crystal Clans of two: the commitment to this page's private seed (cc.commitment), made beside the
        # joint seed's (net/trust.py); "" in every other game
        p: str = Field(default="", pattern=r"^([0-9a-f]{64})?$")

    class SeedReveal(Msg):
        t: Literal["seed_reveal"]
        value: str = Field(pattern=HEX32)
        salt: str = Field(pattern=HEX32)
        seat: int | None = Field(default=None, ge=1, le=MAX_PLAYERS - 1)  # another guest's, passed on by the host

    class Roster(Msg):  # three or four pages: who has taken a seat so far ("" a free one), from the host
        t: Literal["roster"]
        names: list[str] = Field(min_length=3, max_length=MAX_PLAYERS)

    class Setup(Msg):
        t: Literal["setup"]
        game: str = Field(default="crystalclans", pattern=GAME_NAME)
        options: dict[str, Any] = Field(max_length=8)  # the game module's link_options() checks them
        names: list[str] = Field(min_length=2, max_length=MAX_PLAYERS)
        guest_seat: int = Field(ge=0, le=MAX_PLAYERS - 1)
        key: str = Field(default="", pattern=r"^([0-9a-f]{32})?$")  # three or four: the seat's key to come back

    class Move(Msg):
        t: Literal["action"]
        seq: int = Field(ge=1, le=100_000)
        move: str = Field(min_length=1, max_length=MAX_MOVE_CHARS)
        hash: str = Field(pattern=HEX64)

    class SecretCommit(Msg):
        t: Literal["secret_commit"]
        seq: int = Field(ge=1, le=100_000)
        c: str = Field(pattern=HEX64)

    class SecretReveal(Msg):
        t: Literal["secret_reveal"]
        seq: int = Field(ge=1, le=100_000)
        move: str = Field(min_length=1, max_length=MAX_MOVE_CHARS)
        salt: str = Field(pattern=HEX32)

    class Resign(Msg):
        t: Literal["resign", "rematch", "end"]  # end: an offer to end without a winner (all must agree)
        seat: int | None = Field(default=None, ge=0, le=MAX_PLAYERS - 1)  # with 3-4 players: whose (host-relayed)

    class Opening(Msg):  # the end of a private game: this page's secrets, for the other's audit (net/trust.py)
        t: Literal["opening"]
        seed: int = Field(ge=0, lt=1 << 63)
        salt: str = Field(pattern=HEX32)
        hidden: dict[str, str] = Field(max_length=2_000)  # log index -> the true text of a move sent as '?'

    class Caught(Msg):  # a private game: this page caught the other's page lying (net/trust.py), so it can say so
        t: Literal["caught"]
        seq: int | None = Field(default=None, ge=1, le=100_000)  # the other's move this page refused as not legal
        verdict: Literal["cheated", "forfeit"] | None = None  # or: this page's audit at the end found that
        seat: int | None = Field(default=None, ge=0, le=1)
        step: int | None = Field(default=None, ge=1, le=100_000)
        reason: str = Field(default="", pattern=r"^[a-z_]{0,20}$")

    class Ping(Msg):
        t: Literal["ping", "pong"]
        n: int = Field(ge=0, le=1 << 53)

    class ResyncRequest(Msg):
        t: Literal["resync_request"]
        have: int = Field(ge=0, le=100_000)
        hash: str = Field(pattern=HEX64)

    class Resume(Msg):
        t: Literal["resume"]
        game: str = Field(pattern=r"^[0-9a-f]{16}$")
        card_set: str = Field(pattern=HEX64)
        seat: int = Field(ge=0, le=MAX_PLAYERS - 1)
        have: int = Field(ge=0, le=100_000)
        hash: str = Field(pattern=HEX64)
        key: str = Field(default="", pattern=r"^([0-9a-f]{32})?$")  # three or four: the setup's key of that seat

    class ResumeAt(Msg):  # the verdict of the page that holds more moves: go on from move `at`, or not
        t: Literal["resume_ok", "out_of_step"]
        at: int = Field(ge=0, le=100_000)

    class Resync(Msg):
        t: Literal["resync"]
        log: list[str] = Field(max_length=20_000)
        hash: str = Field(pattern=HEX64)

    for m in (Hello, SeedCommit, SeedReveal, Roster, Setup, Move, SecretCommit, SecretReveal, Resign,
              Ping, ResyncRequest, Resync, Resume, ResumeAt, Opening, Caught):
        for t in m.model_fields["t"].annotation.__args__:
            _MODELS[t] = m
    return _MODELS


def parse(text: Any) -> Any:
    """A validated message (a pydantic model with .t) or ProtocolError."""
    if not isinstance(text, str):
        raise ProtocolError("a message is text")
    try:
        raw = jsontext.loads(text, MAX_RESYNC_CHARS, MAX_DEPTH, floats=False)
    except jsontext.JsonTextError as e:
        raise ProtocolError(f"an unreadable message ({e})") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("t"), str):
        raise ProtocolError("a message without a type")
    if raw["t"] != "resync" and len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError(f"a message of {len(text):,} characters (at most {MAX_MESSAGE_CHARS:,})")
    if raw.get("v") != VERSION and raw["t"] == "hello":
        raise ProtocolError("an invitation from a page of another version of this app: reload both pages (each then "
                            "gets the newest version) and link again")
    if raw.get("v") != VERSION:
        raise ProtocolError(f"a message of protocol version {str(raw.get('v'))[:10]!r}; this game speaks {VERSION}")
    model = _models().get(raw["t"])
    if model is None:
        raise ProtocolError(f"a message of unknown type {raw['t'][:20]!r}")
    try:
        return model.model_validate(raw)
    except Exception as e:  # pydantic.ValidationError
        errs = getattr(e, "errors", lambda: [])()
        where = "; ".join(f"{'.'.join(map(str, x.get('loc', ())))}: {x.get('msg')}" for x in errs[:3])
        raise ProtocolError(f"a malformed {raw['t']} message ({where or e})") from None


def dump(t: str, **fields: Any) -> str:
    return json.dumps({"t": t, "v": VERSION, **fields}, separators=(",", ":"))
