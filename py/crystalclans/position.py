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

A unit normally belongs to the player in whose list it stands; `blood.condor@1` gives another owner.
Cards not listed are not in the game (scenarios need not account for all 27).
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from .rng import Rng, seed_state

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def _codes(g: "Game", items: Any, p: int, what: str) -> list[int]:
    if items is None:
        return []
    if not isinstance(items, (list, tuple)):
        raise ValueError(f"{what}: expected a list of unit ids")
    out = []
    for t in items:
        try:
            out.append(g.code_of(str(t), p))
        except (KeyError, ValueError):
            raise ValueError(f"{what}: unknown unit {t!r}") from None
    return out


def _pair(pos: dict, key: str) -> list:
    v = pos.get(key) or [[], []]
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise ValueError(f"{key}: expected two lists, one per seat")
    return list(v)


def build_position(g: "Game", pos: dict) -> "Game":
    from .rules import TurnFrame

    cs = g.cs
    if not isinstance(pos, dict):
        raise ValueError("a position is a dict")
    clans = list(pos.get("clans") or [])
    if len(clans) != 2 or any(c not in cs.clans for c in clans):
        raise ValueError(f"clans: expected two of {', '.join(cs.clans)}")
    active = int(pos.get("active", 0))
    if active not in (0, 1):
        raise ValueError("active must be 0 or 1")
    seed = int(pos.get("seed", 0))
    g.setup = {"position": copy.deepcopy(pos)}
    g.rng = Rng(seed_state(seed))
    g.active = active
    g.first_player = int(pos.get("first_player", active))
    g.pos = int(pos.get("token", cs.start))
    if abs(g.pos) > cs.track:
        raise ValueError(f"token must be within -{cs.track}..{cs.track}")
    hands, draws, discards, removed = (_pair(pos, k) for k in ("hands", "draw", "discard", "removed"))
    for p in (0, 1):
        g.hands[p] = _codes(g, hands[p], p, f"hands[{p}]")
        g.draws[p] = _codes(g, draws[p], p, f"draw[{p}]")[::-1]  # stored top at the end
        g.discards[p] = _codes(g, discards[p], p, f"discard[{p}]")
        g.removed[p] = _codes(g, removed[p], p, f"removed[{p}]")
    for zid, sides in (pos.get("squads") or {}).items():
        if zid not in cs.board.zone_index:
            raise ValueError(f"squads: unknown zone {zid!r}; zones are {', '.join(cs.board.zone_ids)}")
        if not isinstance(sides, (list, tuple)) or len(sides) != 2:
            raise ValueError(f"squads[{zid}]: expected two lists (seat 0, seat 1), top unit first")
        z = cs.board.zone_index[zid]
        for p in (0, 1):
            g.squads[p][z] = _codes(g, sides[p], p, f"squads[{zid}][{p}]")

    used: set[int] = set()

    def crystal(cid: str) -> int:
        if cid not in cs.crystal_index:
            raise ValueError(f"unknown crystal {cid!r}")
        ci = cs.crystal_index[cid]
        if ci in used:
            raise ValueError(f"crystal {cid!r} appears twice")
        used.add(ci)
        return ci

    for p, items in enumerate(_pair(pos, "crystals")):
        for it in items:
            if isinstance(it, dict):
                g.collected[p].append([crystal(it["id"]), bool(it.get("facedown", False))])
            else:
                g.collected[p].append([crystal(str(it)), False])
    row = pos.get("crystal_row")
    deck = pos.get("crystal_deck")
    g.crystal_row = [crystal(c) for c in row] if row is not None else []
    if deck is not None:
        g.crystal_deck = [crystal(c) for c in deck][::-1]
    else:
        rest = [ci for ci in range(len(cs.crystals)) if ci not in used]
        g.rng.shuffle(rest)
        g.crystal_deck = rest
    if row is None:
        g.refill_row()

    for p in (0, 1):
        g.card_total[p] = sum(1 for _ in g.all_cards(p))
    for p in (0, 1):
        if g.crystal_count(p) >= cs.crystals_to_win:
            g.winner = p
    g.stack.append(TurnFrame(active))
    g._advance()
    return g
