"""Game.from_position: a scenario (tests, puzzles, rule examples) given card by card.

    {
      "clans": ["blood", "skull"],          # seat 0 (A, home a_home), seat 1 (B, home b_home)
      "active": 0,                          # who acts now (default 0); "first_player" defaults to it
      "token": 0,                           # initiative token, + toward seat 0 (default 0)
      "seed": 0,                            # for later shuffles
      "hands":   [["blood.condor"], []],
      "draw":    [["blood.trappers", ...], [...]],   # TOP FIRST
      "discard": [[...], [...]],
      "removed": [[...], [...]],
      "squads":  {"c_center": [["blood.trappers", "blood.condor"], ["skull.ancestral_knights"]]},  # top first
      "crystals": [["crystal.winds_wish", {"id": "crystal.fox_tail", "facedown": true}], []],
      "crystal_row": ["crystal.tidestone", ...],    # default: 3 from the deck
      "crystal_deck": [...],                        # TOP FIRST; default: every other crystal, shuffled by seed
    }

A unit normally belongs to the player in whose list it stands; `blood.condor@1` gives another owner; a seat
may hold any clan's units (ability tests need that). Cards not listed are not in the game (scenarios need not
account for all 27); a seat may own units of any clan, up to MAX_COPIES of each, and squads keep their
limits. Given, `crystal_deck` is the whole deck and crystals listed nowhere are out of the game; left
out, every crystal listed nowhere else is shuffled into it (`crystals_removed` lists crystals out of the
game). Without `crystal_row` the row is filled from the deck. Either way each crystal is in exactly one place.

A position is untrusted input (tests, puzzles, and saves from other people embed one), so it is checked
completely before any game is built: known keys only, types and ranges, owner suffixes, copies per unit,
squad limits, every crystal at most once, a turn that can be played. Any
problem raises `PositionError` (a ValueError) naming the field; an accepted position satisfies every engine
invariant (invariants.check).
"""
from __future__ import annotations

import copy
import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from gamecore import errors
from gamecore.rng import Rng, seed_state
from gamecore.untrusted import data_problem, whole_number

from .invariants import check
from .rules import TurnFrame

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

KEYS = ("clans", "active", "first_player", "token", "seed", "hands", "draw", "discard", "removed", "squads",
        "crystals", "crystal_row", "crystal_deck", "crystals_removed")
PILES = ("hands", "draw", "discard", "removed")
CARD_RE = re.compile(r"^([a-z0-9_]+\.[a-z0-9_]+)(?:@([01]))?$")
MAX_SEED = 1 << 63
MAX_COPIES = 16


class PositionError(errors.PositionError):
    """A position that cannot be a game; the message names the field and what is wrong with it."""


def _int(pos: dict, key: str, default: int, lo: int, hi: int) -> int:
    return whole_number(pos, key, default, lo, hi, PositionError, _show)


def _show(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _list(v: Any, what: str) -> list:
    if not isinstance(v, (list, tuple)):
        raise PositionError(f"{what}: expected a list, got {_show(v)}")
    return list(v)


def _or_empty(v: Any) -> Any:
    return [] if v is None else v


def _pair(pos: dict, key: str) -> list:
    v = pos.get(key)
    if v is None:
        return [[], []]
    v = _list(v, key)
    if len(v) != 2:
        raise PositionError(f"{key}: expected two lists, one per seat")
    return [[] if x is None else _list(x, f"{key}[{i}]") for i, x in enumerate(v)]


def _codes(g: "Game", items: list, p: int, what: str, foreign: bool = True) -> list[int]:
    """Card codes for unit tokens; `foreign` allows another owner (hands and squads; a pile holds only its
    seat's own cards)."""
    out = []
    for t in items:
        m = CARD_RE.match(t) if isinstance(t, str) else None
        if not m or m.group(1) not in g.cs.unit_index:
            raise PositionError(f"{what}: unknown unit {_show(t)} (a unit id like 'blood.condor', "
                                "optionally with its owner: 'blood.condor@1')")
        owner = int(m.group(2)) if m.group(2) else p
        if owner != p and not foreign:
            raise PositionError(f"{what}: {t} belongs to seat {owner}, but this pile holds seat {p}'s own cards")
        out.append(g.cs.unit_index[m.group(1)] * 2 + owner)
    return out


def _check_cards(g: "Game") -> None:
    """A seat may hold any clan's units and more copies than a deck has (rule tests fill a draw pile with
    one filler unit), up to MAX_COPIES of a unit; every squad keeps its limit (a Horde unit on top allows more)."""
    cs = g.cs
    for p in (0, 1):
        for kind, n in sorted(Counter(c >> 1 for c in g.all_cards(p)).items()):
            u = cs.units[kind]
            if n > MAX_COPIES:
                raise PositionError(f"{u.id}: seat {p} owns {n} copies; a position allows at most {MAX_COPIES}")
        for z, sq in enumerate(g.squads[p]):
            limit = g.squad_limit(p, z)
            if len(sq) > limit:
                raise PositionError(f"squads[{g.zone_id(z)}][{p}]: {len(sq)} units, the limit is {limit} "
                                    "(only a squad led by a Horde unit may be larger)")


MAX_DEPTH = 6  # a position nests at most so deep (squads: zone -> sides -> units)
MAX_VALUES = 5_000  # values in all: every card of both decks and the crystals many times over
MAX_TEXT = 64  # the longest text a position holds (a unit id with its owner and place)


def validate_shape(pos: Any) -> None:
    """Keys and plain types, before anything is looked up (cheap; also run on a save's position). The nesting,
    the size and the types are checked first, without recursion (gamecore.untrusted)."""
    problem = data_problem(pos, MAX_DEPTH, MAX_VALUES, MAX_TEXT)
    if problem is not None:
        raise PositionError(f"not a position: {problem}")
    if not isinstance(pos, dict):
        raise PositionError("a position is a mapping of fields (clans, hands, squads, ...)")
    unknown = sorted(str(k) for k in pos if k not in KEYS)
    if unknown:
        raise PositionError(f"unknown field{'s' if len(unknown) > 1 else ''} {', '.join(map(_show, unknown))}; "
                            f"a position has {', '.join(KEYS)}")


def build_position(g: "Game", pos: dict) -> "Game":
    cs = g.cs
    validate_shape(pos)
    clans = pos.get("clans")
    if not isinstance(clans, (list, tuple)) or len(clans) != 2 or any(
            not isinstance(c, str) or c not in cs.clans for c in clans):
        raise PositionError(f"clans: expected two of {', '.join(cs.clans)}")
    clans = list(clans)
    active = _int(pos, "active", 0, 0, 1)
    g.first_player = _int(pos, "first_player", active, 0, 1)
    seed = _int(pos, "seed", 0, 0, MAX_SEED - 1)
    g.pos = _int(pos, "token", cs.start, -cs.track, cs.track)
    g.active = active
    g.setup = {"position": copy.deepcopy(pos)}
    g.rng = Rng(seed_state(seed))

    hands, draws, discards, removed = (_pair(pos, k) for k in PILES)
    for p in (0, 1):
        g.hands[p] = _codes(g, hands[p], p, f"hands[{p}]")
        g.draws[p] = _codes(g, draws[p], p, f"draw[{p}]", foreign=False)[::-1]  # stored top at the end
        g.discards[p] = _codes(g, discards[p], p, f"discard[{p}]", foreign=False)
        g.removed[p] = _codes(g, removed[p], p, f"removed[{p}]", foreign=False)
    squads = pos.get("squads")
    squads = {} if squads is None else squads
    if not isinstance(squads, dict):
        raise PositionError("squads: expected a mapping of zone ids to two lists (seat 0, seat 1)")
    for zid, sides in squads.items():
        if zid not in cs.board.zone_index:
            raise PositionError(f"squads: unknown zone {_show(zid)}; zones are {', '.join(cs.board.zone_ids)}")
        sides = _list(sides, f"squads[{zid}]")
        if len(sides) != 2:
            raise PositionError(f"squads[{zid}]: expected two lists (seat 0, seat 1), top unit first")
        z = cs.board.zone_index[zid]
        for p in (0, 1):
            side = [] if sides[p] is None else _list(sides[p], f"squads[{zid}][{p}]")
            g.squads[p][z] = _codes(g, side, p, f"squads[{zid}][{p}]")
    _check_cards(g)

    used: set[int] = set()

    def crystal(cid: Any, where: str) -> int:
        if not isinstance(cid, str) or cid not in cs.crystal_index:
            raise PositionError(f"{where}: unknown crystal {_show(cid)}")
        ci = cs.crystal_index[cid]
        if ci in used:
            raise PositionError(f"{where}: crystal {cid!r} appears twice")
        used.add(ci)
        return ci

    for p, items in enumerate(_pair(pos, "crystals")):
        for it in items:
            if isinstance(it, dict):
                extra = set(it) - {"id", "facedown"}
                facedown = it.get("facedown", False)
                if extra or not isinstance(facedown, bool):
                    raise PositionError(f"crystals[{p}]: a crystal is an id or {{\"id\": ..., \"facedown\": true}}")
                g.collected[p].append([crystal(it.get("id"), f"crystals[{p}]"), facedown])
            else:
                g.collected[p].append([crystal(it, f"crystals[{p}]"), False])
    g.crystals_removed = [crystal(c, "crystals_removed") for c in _list(_or_empty(pos.get("crystals_removed")),
                                                                          "crystals_removed")]
    row = pos.get("crystal_row")
    g.crystal_row = [crystal(c, "crystal_row") for c in _list(row, "crystal_row")] if row is not None else []
    if len(g.crystal_row) > cs.face_up:
        raise PositionError(f"crystal_row: {len(g.crystal_row)} crystals face up, the row holds {cs.face_up}")
    deck = pos.get("crystal_deck")
    rest = [ci for ci in range(len(cs.crystals)) if ci not in used]
    if deck is not None:
        g.crystal_deck = [crystal(c, "crystal_deck") for c in _list(deck, "crystal_deck")][::-1]  # top at the end
        g.crystals_removed += [ci for ci in rest if ci not in used]  # unlisted: out of the game
    else:
        g.rng.shuffle(rest)
        g.crystal_deck = rest
    if row is None:
        g.refill_row()

    for p in (0, 1):
        g.card_total[p] = sum(1 for _ in g.all_cards(p))
    won = [p for p in (0, 1) if g.crystal_count(p) >= cs.crystals_to_win]
    if len(won) == 2:
        raise PositionError(f"crystals: both seats have {cs.crystals_to_win} or more, but only one can win")
    if won:
        g.winner = won[0]
    if g.events is not None:
        g.note("turn", g.turn, active)  # the story's first heading, as a new game's setup records it
    g.stack.append(TurnFrame(active))
    g._advance()
    try:
        check(g)
    except AssertionError as e:
        raise PositionError(f"this position cannot be played: {e}") from None
    return g
