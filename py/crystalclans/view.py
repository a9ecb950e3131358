"""view(p): a JSON-serialisable dict of exactly what player p may see.

Never in it: the opponent's hand (only its size), any draw pile's order or contents (only sizes), the
crystal deck's order, the PRNG seed or state, the opponent's battle card or Foresight prediction before the
reveal, or log entries that would reveal any of these (a mulligan's returned cards, a battle-card pick or
a prediction before the reveal). Discard piles, squads, collected crystals and the face-up row are public.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import action_parts
from .battle import squad_numbers
from .costs import costs
from .effects import EffectsFrame
from .privacy import shown_first

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

HIDDEN = "(hidden)"


def _card(g: "Game", code: int) -> dict:
    u = g.U[code >> 1]
    return {"id": u.id, "owner": code & 1}


def _squad(g: "Game", sq: list[int]) -> list[dict]:
    return [_card(g, c) for c in sq]


def build_view(g: "Game", player: int) -> dict[str, Any]:
    if isinstance(player, bool) or player not in (0, 1):  # (True == 1: a bool is no seat)
        raise ValueError("player must be 0 or 1")
    cs = g.cs
    me, opp = player, 1 - player
    players = []
    for p in (0, 1):
        entry: dict[str, Any] = {
            "seat": p,
            "clan": g.setup.get("clans", [None, None])[p] if g.setup.get("clans") else _clan_of(g, p),
            "hand_count": len(g.hands[p]),
            "draw_count": len(g.draws[p]),
            "discard": [_card(g, c) for c in g.discards[p]],
            "removed": [_card(g, c) for c in g.removed[p]],
            "crystals": [{"id": cs.crystals[ci].id, "facedown": fd} for ci, fd in g.collected[p]],
            "crystal_count": g.crystal_count(p),
            "initiative": g.rel(p),
        }
        if p == me:
            entry["hand"] = [_card(g, c) for c in g.hands[p]]
        players.append(entry)

    board = {}
    for z, zid in enumerate(cs.board.zone_ids):
        board[zid] = {"kind": cs.board.kinds[z], "squads": [_squad(g, g.squads[0][z]), _squad(g, g.squads[1][z])],
                      "numbers": [squad_numbers(g, 0, z), squad_numbers(g, 1, z)]}

    d = g.decision
    decision = None
    if d is not None:
        decision = d.to_dict(with_options=(d.player == me))
        if d.player == me:
            decision["costs"] = costs(g)
            context = d.info.get("controller", me)
            decision["parts"] = [action_parts(a, cs, context) for a in d.options]
        elif d.private:
            decision["info"] = {k: v for k, v in decision["info"].items() if k == "zone"}
        # a choice a crystal's effect asks (Wind's Wish's return, Tidestone's placing...) names the crystal
        frame = next((f for f in reversed(g.stack) if isinstance(f, EffectsFrame)), None)
        if frame is not None and frame.origin:
            decision["crystal"] = frame.origin

    battle = None
    b = g.battle
    if b is not None:
        battle = {
            "zone": cs.board.zone_ids[b.zone],
            "attacker": b.attacker,
            "revealed": b.revealed,
            "cards": [],
            "sides": list(b.sides) if b.revealed else ["", ""],
            # Foresight: a player sees her own prediction; the opponent's only from the reveal on
            "predictions": [b.predict[p] if b.revealed or p == me else "" for p in (0, 1)],
        }
        for p in (0, 1):
            c = b.played[p] if b.revealed else b.cards[p]
            # before the reveal a player sees her own pick, but not a card played face down from her draw pile;
            # a card revealed first (opponent_reveals_first) is public at once
            if b.revealed or (p == me and not b.from_draw[p]) or shown_first(g, p):
                battle["cards"].append(_card(g, c) if c >= 0 else None)
            else:
                battle["cards"].append({"chosen": c >= 0})

    log = []
    for i, text in enumerate(g.log):
        secret = g.secret_log.get(i)
        log.append(HIDDEN if secret is not None and secret[0] == me else text)

    return {
        "you": me,
        "opponent": opp,
        "active": g.active,
        "turn": g.turn,
        "to_act": list(g.to_act),
        "decision": decision,
        "legal_actions": [str(a) for a in d.options] if d is not None and d.player == me else [],
        "initiative": {"token": g.pos, "track": cs.track, "neutral": cs.neutral, "you": g.rel(me),
                       "can_pay": g.rel(me) + cs.track},
        "players": players,
        "board": board,
        "crystal_row": [{"id": cs.crystals[ci].id, "cost": cs.crystals[ci].cost} for ci in g.crystal_row],
        "crystal_deck_count": len(g.crystal_deck),
        "crystals_removed": [cs.crystals[ci].id for ci in g.crystals_removed],
        "battle": battle,
        "last_battle": g.last_battle,
        "winner": g.winner,
        "undo_floor": g.undo_floor,
        "log": log,
        "card_set": {"id": cs.id, "hash": cs.hash},
    }


def _clan_of(g: "Game", p: int) -> str | None:
    for c in g.all_cards(p):
        return g.U[c >> 1].clan
    return None
