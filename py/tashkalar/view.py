"""view(p): a JSON-ready dict of exactly what player p may see.

Never in it: another player's hand (only how many beings, legends and flares it holds), any deck's order
or contents (only sizes; the task deck too), the PRNG seed or state, another player's legal actions, the
cards a player put under her decks, or the card of a summon she cancelled (the log shows those entries as
"bottom (hidden)" and "summon (cancelled)" to the others). The
arena, the supplies, discard piles, the card being played, tasks face up, scores and the story are public.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import NAME, ON
from .content import CARDS_T, DECKS, TASKS

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

HIDDEN = {"bottom": "bottom (hidden)", "summon": "summon (cancelled)", "improvise": "summon (cancelled)"}


def _ids(codes) -> list[str]:
    return [CARDS_T[c].id for c in codes]


def build_view(g: "Game", player: int) -> dict[str, Any]:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < g.n:
        raise ValueError(f"player must be a seat 0..{g.n - 1}")
    seats = []
    for p in range(g.n):
        hand = g.hands[p]
        seats.append({
            "seat": p, "deck": g.decks[p], "school": DECKS[g.decks[p]].school, "colour": g.colour[p],
            "colour_hex": DECKS[g.decks[g.colour[p]]].colour,  # Team: the colour of the team's first seat
            "hand_counts": {k: sum(1 for c in hand if CARDS_T[c].kind == k) for k in ("being", "legend", "flare")},
            "draw_count": len(g.draws[p]), "discard": _ids(g.discards[p]),
            "supply": {"two_sided": g.two_left(g.colour[p]), "legendary": g.legends_left(g.colour[p])},
            "pieces": g.count(g.colour[p]), "upgraded": g.count(g.colour[p], upgraded=True),
            "sideways": min(g.sideways, len(g.draws[p])),
            "frozen": CARDS_T[g.frozen[p]].id if g.frozen[p] >= 0 else None, "action_malus": g.malus[p],
            "gateway": NAME[g.gateway[p]] if g.gateway[p] >= 0 else None,
            "pending": CARDS_T[g.pending[p]].id if g.pending[p] >= 0 else None,
            "stasis": {"colour": g.stasis[p] >> 2, "rank": g.stasis[p] & 3} if g.stasis[p] >= 0 else None,
        })
        if g.form == "melee":
            seats[-1]["colour_points"] = list(g.mpoints[p])
            seats[-1]["improvised"] = [c for c in range(g.n) if g.improvised[p] >> c & 1]
        if g.mode == "team":
            seats[-1]["team"] = g.colour[p]
            seats[-1]["partner"] = (p + 2) % g.n
    board = {}
    for s in ON:
        cell = g.cells[s]
        if cell >= 0:
            board[NAME[s]] = {"colour": cell >> 2, "rank": cell & 3}
    d = g.decision
    decision = None
    if d is not None:
        decision = d.to_dict(with_options=d.player == player)
    hidden = g.hidden
    log = [HIDDEN[text.split()[0]] if hidden.get(i, player) != player else text for i, text in enumerate(g.log)]
    return {
        "you": player, "mode": g.mode, "form": g.form, "players": g.n, "control": g.control, "active": g.active,
        "turn": g.turn,
        "actions_left": g.actions_left, "discarded": g.discarded,
        "hand": _ids(g.hands[player]),
        "seats": seats,
        "board": board,
        "playing": CARDS_T[g.playing].id if g.playing >= 0 else None,
        "legend_deck_count": len(g.legend_deck), "legend_discard": _ids(g.legend_discard),
        "flare_deck_count": len(g.flare_deck), "flare_discard": _ids(g.flare_discard),
        "tasks": None if g.form != "high_form" else {
            "up": [TASKS[t].id for t in g.tasks_up], "next": TASKS[g.task_next].id if g.task_next >= 0 else None,
            "deck_count": len(g.tasks_deck), "claimed": [[TASKS[t].id for t in c] for c in g.claimed]},
        "scores": g.scores,
        "destroyed_this_turn": [list(k) for k in g.killed],
        "end_triggered": g.end_triggered, "final_turns_left": g.final_left if g.final_left >= 0 else None,
        "decision": decision,
        "legal_actions": [str(a) for a in d.options] if d is not None and d.player == player else [],
        "is_over": g.over, "winners": list(g.winners),
        "log": log,
    }

