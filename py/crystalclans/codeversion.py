"""Which code a recorded game was played with: a short hash of the engine's and the bots' Python source and
of the card set, so a record (tournament, balance) counts only games that today's code would play the same.

Every `.py` file of this package counts (engine, abilities, bots, ai/match.py: how a bot game is played), and
every one of the shared core it imports (py/gamecore), read with its line endings normalised, so a checkout on
another system gives the same hash, except the tools that only run and report games (TOOLS: the command line,
this module, ai/tournament.py, balancenotes.py), so mending a report or the way games are run does not disown
the games already recorded (as Tash-Kalar's codeversion). Of the card set only what the game plays counts: its
provenance (each value's source, note and confidence: PROVENANCE) may be reworded, e.g. a balance change's
reason given its confirmed figures, without disowning the games that confirmed it. Records older than these
hashes carry `"code": "older"` (OLDER). A source that plays every game as an older code's (a change to how bad
input is refused, nothing else) keeps that code's name (PLAYS_AS), shown by replaying recorded games.

A game reads only what every game shares (rules, board, initiative track, crystals) and the cards of its own
two clans, so after a change to one clan's cards the games of the other pairings play the same as before:
clans_played_alike says which clans a change left alone (tools/carry_games.py carries their games over).
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from gamecore.codeversion import OLDER  # noqa: F401 - the code of games recorded before records named their code
from gamecore.jsontext import canonical_hash

from .cardset import CardSet, base_set

PACKAGE = Path(__file__).resolve().parent
CORE = PACKAGE.parent / "gamecore"  # the shared core the engine imports (its refusals' words among them)
LENGTH = 12
TOOLS = ("__main__.py", "balancenotes.py", "cli.py", "codeversion.py", "ai/tournament.py")
PROVENANCE = frozenset({"src", "note", "conf"})  # where a card set's value comes from: no game reads it


@lru_cache(maxsize=8)
def source_digest(root: Path = PACKAGE, core: Path = CORE) -> str:
    """sha256 over every .py file below `root` but TOOLS, then every .py file of the shared core (py/gamecore):
    its path relative to its package and its bytes (LF line ends)."""
    h = hashlib.sha256()
    for base, skip in ((root, TOOLS), (core, ())):
        if base is core:
            h.update(b"core\0")
        for path in sorted(p for p in base.rglob("*.py") if "__pycache__" not in p.parts
                           and p.relative_to(base).as_posix() not in skip):
            h.update(path.relative_to(base).as_posix().encode("utf-8") + b"\0")
            h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()


def _played(node: object) -> object:
    """A card set's JSON without its provenance (PROVENANCE keys at every level)."""
    if isinstance(node, dict):
        return {k: _played(v) for k, v in node.items() if k not in PROVENANCE}
    if isinstance(node, list):
        return [_played(v) for v in node]
    return node


_PLAY_DIGESTS: dict[str, str] = {}  # a card set's hash -> its play_digest


def play_digest(cs: CardSet) -> str:
    """sha256 of what a card set plays: its JSON without provenance (two sets that differ only in where their
    values come from, or why they changed, play every game alike)."""
    if cs.hash not in _PLAY_DIGESTS:
        _PLAY_DIGESTS[cs.hash] = canonical_hash(_played(cs.raw))
    return _PLAY_DIGESTS[cs.hash]


#: Sources whose games play exactly as an older code's: the hash of the source and card set (raw_version) ->
#: the code its games are named with. An entry is made only for a change that alters no game a bot plays
#: (issue 50: only how bad input from outside is refused and worded), and tests/unit/test_ai.py plays recorded
#: games of that code again with today's source and finds them the same. Any other change of the source gives
#: another raw hash, which no entry names: its games get a code of their own.
PLAYS_AS: dict[str, str] = {
    "3162fa1151dc": "4bb1bb48d2d1",  # issue 50: bad input refused at every entry point, unicode digits read as none
    "07aae8ab6f42": "4bb1bb48d2d1",  # issue 51: the shared core (py/gamecore) moved out of this package, no game changed
    "d32adeb8aec1": "4bb1bb48d2d1",  # issue 51: the core's saves may keep the players' names, no game changed
    "9e81e46d2367": "4bb1bb48d2d1",  # issue 51: search, saves, positions' numbers, benches shared by the engines in
                                     # gamecore, no game changed
    "1ebe39471fa3": "4bb1bb48d2d1",  # issue 51: the save envelope checks names against its own named format, no
                                     # game changed
}


def raw_version(card_set: CardSet | None = None, root: Path = PACKAGE) -> str:
    """The short hash (12 hex digits) of this package's source (with the shared core's) and what `card_set`
    plays (the base set by default; play_digest)."""
    cs = card_set or base_set()
    return hashlib.sha256(f"{source_digest(root)}:{play_digest(cs)}".encode()).hexdigest()[:LENGTH]


def code_version(card_set: CardSet | None = None, root: Path = PACKAGE) -> str:
    """The code recorded games are named with: raw_version, or the older code it plays as (PLAYS_AS)."""
    raw = raw_version(card_set, root)
    return PLAYS_AS.get(raw, raw)


def clans_played_alike(before: CardSet, after: CardSet) -> frozenset[str]:
    """The clans whose cards play the same in both sets (provenance aside), or none when what every game
    shares differs (anything but the clans' cards, or the clans' order): a game between two of these clans
    plays the same with either set and the same source."""
    a, b = _played(before.raw), _played(after.raw)
    shared = [{k: v for k, v in x.items() if k != "clans"} for x in (a, b)]
    order = [[c["id"] for c in x["clans"]] for x in (a, b)]
    if shared[0] != shared[1] or order[0] != order[1]:
        return frozenset()
    clans_after = {c["id"]: c for c in b["clans"]}
    return frozenset(c["id"] for c in a["clans"] if clans_after[c["id"]] == c)
