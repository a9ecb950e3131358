"""Game.from_position: a scenario (tests, puzzles, rule examples) given figure by figure and card by card.

    {
      "board": "dungeon", "factions": ["guild", "gnomads"],  # seat 0, seat 1, ...
      "active": 0, "actor": 0, "turn": 1, "seed": 0,      # actor: who plays now (default: the active player)
      "must_reveal": false,                               # the compulsory reveal (W17) still owed
      "characters": {"lunk": 12, "tak": "defeated", "elsie": "hidden 17"},
      "damage": {"lunk": 2},
      "shards": [[3, 5], [7]], "collected": [0, 2], "taken": [["tak"], []],
      "hands": [["c1", "s"], ["c4"]],                     # "s": a special card (at most 4)
      "draws": [["c9", "c2"], null],                      # TOP FIRST; null or left out: the rest, shuffled
      "discards": [[], []]
    }

A character left out stands unrevealed on the lowest space no shard, figure or start space uses. A
position is untrusted input (saves embed one): known keys only, types and ranges, known ids, cards at most
once per seat, figures never on a shard's space while unrevealed, damage below health; plain JSON data only
(no fractions, at most MAX_DEPTH levels: gamecore.untrusted checks that first, without recursion), so that the game's
own save, which embeds the position, always loads again. A position must also leave its game able to move:
`must_reveal` only while the active player has a figure to reveal. Any problem raises PositionError (a
ValueError) naming the field.
"""
from __future__ import annotations

import copy
import json
import re
from typing import TYPE_CHECKING, Any

from gamecore import errors
from gamecore.rng import Rng, seed_state
from gamecore.untrusted import data_problem

from .content import BOARDS, DECK_SIZE, FACTIONS, FIRST_SPECIAL, HAND_LIMIT, N_SPACES, SPECIAL

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

KEYS = ("board", "factions", "active", "actor", "turn", "seed", "must_reveal", "characters", "damage", "shards",
        "collected", "taken", "hands", "draws", "discards")
NC = 5
MAX_DEPTH = 8        # a position's deepest value: {"hands": [["c1"]]} is four levels
MAX_ITEMS = 2_000    # every value of the fullest position (four decks of 30 cards) is some 400
MAX_CHARS = 8_000    # as compact JSON; the fullest valid position is some 3,000 (saves.py counts on it)
HIDDEN = re.compile(r"hidden ([1-9][0-9]?)", re.ASCII)  # "hidden 17": ASCII digits only, no leading zero


class PositionError(errors.PositionError):
    """A scenario that cannot be built; the message names the field."""


def _int(v: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise PositionError(f"{what}: a whole number {lo}..{hi}, not {v!r:.30}")
    return v


def _list(v: Any, what: str, n: "int | None" = None) -> list:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise PositionError(f"{what}: a list{f' of {n}' if n is not None else ''}, not {v!r:.40}")
    return v


def build_position(g: "Game", pos: Any) -> "Game":
    from .rules import Turn

    if not isinstance(pos, dict):
        raise PositionError("a position is a mapping")
    problem = data_problem(pos, MAX_DEPTH, MAX_ITEMS)
    if problem is not None:
        raise PositionError(f"a position is plain data: {problem}")
    size = len(json.dumps(pos, separators=(",", ":")))
    if size > MAX_CHARS:
        raise PositionError(f"a position is at most {MAX_CHARS:,} characters as JSON, not {size:,}")
    unknown = [k for k in pos if k not in KEYS]
    if unknown:
        raise PositionError(f"unknown field {str(unknown[0])[:30]!r}; known: {', '.join(KEYS)}")
    board = pos.get("board", "dungeon")
    if not isinstance(board, str) or board not in BOARDS:
        raise PositionError(f"board: one of {sorted(BOARDS)}")
    factions = _list(pos.get("factions"), "factions")
    if not 2 <= len(factions) <= 4 or any(not isinstance(f, str) or f not in FACTIONS for f in factions) or len(set(factions)) < len(factions):
        raise PositionError(f"factions: 2-4 different ones of {sorted(FACTIONS)}")
    g._init_seats(board, tuple(factions))
    n = g.n
    g.setup = {"position": copy.deepcopy(pos)}
    g.active = _int(pos.get("active", 0), 0, n - 1, "active")
    g.actor = _int(pos.get("actor", g.active), 0, n - 1, "actor")
    g.turn = _int(pos.get("turn", 1), 1, 1_000_000, "turn")
    seed = pos.get("seed", 0)
    _int(seed, -(1 << 63), (1 << 63) - 1, "seed")
    mr = pos.get("must_reveal", False)
    if not isinstance(mr, bool):
        raise PositionError("must_reveal: true or false")
    g.rng = Rng(seed_state(seed, 1))

    shards = _list(pos.get("shards", [[] for _ in range(n)]), "shards", n)
    used: set[int] = set()
    for p, sh in enumerate(shards):
        for s in _list(sh, f"shards[{p}]"):
            _int(s, 1, N_SPACES, f"shards[{p}]")
            if s in used:
                raise PositionError(f"shards: two on space {s}")
            used.add(s)
        g.shards[p] = sorted(sh)
    collected = _list(pos.get("collected", [0] * n), "collected", n)
    for p, c in enumerate(collected):
        g.collected[p] = _int(c, 0, 5 - len(g.shards[p]), f"collected[{p}]")

    chars = pos.get("characters", {})
    if not isinstance(chars, dict):
        raise PositionError("characters: a mapping of character id to a space, 'hidden N' or 'defeated'")
    starts: set[int] = set()
    listed = set()
    for cid, where in chars.items():
        if cid not in g.ids:
            raise PositionError(f"characters: {str(cid)[:30]!r} is no character of these factions")
        c = g.ids.index(cid)
        listed.add(c)
        hidden = HIDDEN.fullmatch(where) if isinstance(where, str) else None
        if where == "defeated":
            g.pos[c] = -1
        elif isinstance(where, str) and where.startswith("hidden"):
            if hidden is None:
                raise PositionError(f"characters.{cid}: 'hidden N' with a space N of 1..{N_SPACES} in digits 0-9, "
                                    f"not {where[:20]!r}")
            s = _int(int(hidden.group(1)), 1, N_SPACES, f"characters.{cid}")
            if s in used or s in starts:
                raise PositionError(f"characters.{cid}: space {s} holds a shard or another start space")
            g.start[c] = s
            starts.add(s)
        else:
            g.pos[c] = _int(where, 1, N_SPACES, f"characters.{cid}")
    free = [s for s in range(1, N_SPACES + 1) if s not in used and s not in starts
            and s not in g.pos]
    for c in range(NC * n):
        if c not in listed:
            g.start[c] = free.pop(0)
    dmg = pos.get("damage", {})
    if not isinstance(dmg, dict):
        raise PositionError("damage: a mapping of character id to damage")
    for cid, d in dmg.items():
        if cid not in g.ids:
            raise PositionError(f"damage: {str(cid)[:30]!r} is no character of these factions")
        c = g.ids.index(cid)
        if g.pos[c] <= 0:
            raise PositionError(f"damage.{cid}: only a figure on the board has damage")
        g.dmg[c] = _int(d, 0, g.health[c] - 1, f"damage.{cid}")
    taken = _list(pos.get("taken", [[] for _ in range(n)]), "taken", n)
    seen = set()
    for p, t in enumerate(taken):
        for cid in _list(t, f"taken[{p}]"):
            if not isinstance(cid, str) or cid not in g.ids or g.pos[g.ids.index(cid)] != -1 or g.ids.index(cid) // NC == p or cid in seen:
                raise PositionError(f"taken[{p}]: {str(cid)[:30]!r} is not a defeated enemy figure (once)")
            seen.add(cid)
            g.taken[p].append(g.ids.index(cid))

    hands = _list(pos.get("hands", [[] for _ in range(n)]), "hands", n)
    draws = _list(pos.get("draws", [None] * n), "draws", n)
    discards = _list(pos.get("discards", [[] for _ in range(n)]), "discards", n)
    for p in range(n):
        fd = g.fd[p]
        taken_cards: set[int] = set()

        def cards(names: Any, what: str) -> list[int]:
            out = []
            for name in _list(names, what):
                if name == SPECIAL:
                    k = next((k for k in range(FIRST_SPECIAL, DECK_SIZE) if k not in taken_cards), None)
                    if k is None:
                        raise PositionError(f"{what}: more than {DECK_SIZE - FIRST_SPECIAL} special cards")
                elif isinstance(name, str) and name in fd.by_id:
                    k = fd.by_id[name]
                    if k in taken_cards:
                        raise PositionError(f"{what}: {name} twice")
                else:
                    raise PositionError(f"{what}: {str(name)[:20]!r} is no card (c1..c26 or s)")
                taken_cards.add(k)
                out.append(k)
            return out

        g.hands[p] = cards(hands[p], f"hands[{p}]")
        if len(g.hands[p]) > HAND_LIMIT:
            raise PositionError(f"hands[{p}]: at most {HAND_LIMIT} cards")
        g.discards[p] = cards(discards[p], f"discards[{p}]")
        if draws[p] is None:
            rest = [k for k in range(DECK_SIZE) if k not in taken_cards]
            g.rng.shuffle(rest)
            g.draws[p] = rest
        else:
            g.draws[p] = cards(draws[p], f"draws[{p}]")[::-1]
    if mr and all(x != 0 for x in g.pos[g.active * NC:g.active * NC + NC]):
        raise PositionError("must_reveal: the active player has no unrevealed figure left to reveal")
    g.must_reveal = mr
    g.stack = [Turn()]
    if g.events is not None:  # the story begins in this turn (not in the setup)
        g.note("turn", g.turn, g.active)
    g.settle()
    if not g.over and not g.alive(g.actor):
        raise PositionError("actor: this player has no character left")
    g._advance()
    return g
