"""view(p): a JSON-ready dict of exactly what player p may see (W63).

Never in it: another player's hand (only its size), any deck's order or contents (only sizes), another
player's map cards (dealt or under an unrevealed figure: the figure shows as "hidden"), the PRNG seed or
state, another player's options, the start choices of others in the log ("start (hidden)"), the cards of
another player's payment that is not complete (or was cancelled: the cards went back to the hand) in the
log ("pay (hidden)"; visible_log, which the bots' determinized copies use too). Public: the
board, revealed figures and their damage, shards on the board and collected, defeated and taken figures,
discard piles, the active player and who plays now, the scores, the story.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import card_name

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

NC = 5


def visible_log(g: "Game", player: int) -> list[str]:
    """The log as `player` may read it: a move only another seat may see (game.hidden) shows as its kind
    followed by "(hidden)"."""
    hidden = g.hidden
    log = g.log
    out = list(log)
    for i, seat in hidden.items():
        if seat != player:
            out[i] = log[i].split(" ", 1)[0] + " (hidden)"
    return out


def build_view(g: "Game", player: int) -> dict[str, Any]:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < g.n:
        raise ValueError(f"player must be a seat 0..{g.n - 1}")
    seats = []
    for p in range(g.n):
        chars = []
        for i in range(NC):
            c = p * NC + i
            s = g.pos[c]
            where: Any = "defeated" if s == -1 else ("hidden" if s == 0 else s)
            entry = {"id": g.ids[c], "name": g.fd[p].names[i], "health": g.health[c], "damage": g.dmg[c],
                     "space": where}
            if s == 0 and p == player:
                entry["start"] = g.start[c] or None  # the owner alone sees where it will appear (W13)
            chars.append(entry)
        seats.append({
            "seat": p, "faction": g.factions[p], "characters": chars, "hand_count": len(g.hands[p]),
            "deck_count": len(g.draws[p]), "discard": [card_name(g, p, k) for k in g.discards[p]],
            "shards": list(g.shards[p]), "collected": g.collected[p],
            "taken": [g.ids[c] for c in g.taken[p]], "alive": g.alive(p), "prompts": g.prompts[p],
        })
    d = g.decision
    log = visible_log(g, player)
    return {
        "you": player, "board": g.board, "players": g.n, "factions": list(g.factions), "active": g.active,
        "actor": g.actor, "turn": g.turn, "must_reveal": g.must_reveal, "tie": g.tie,
        "hand": [card_name(g, player, k) for k in sorted(g.hands[player])],
        "dealt": list(g.dealt[player]),
        "seats": seats, "scores": g.scores,
        "decision": None if d is None else d.to_dict(with_options=d.player == player),
        "legal_actions": [str(a) for a in d.options] if d is not None and d.player == player else [],
        "is_over": g.over, "winners": list(g.winners), "log": log,
    }
