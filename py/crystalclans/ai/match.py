"""One game between bots, the task the self-play runner plays (selfplay): a pure function of the bots, the
clans, the seed and the budgets, so a tournament is a list of independent games that any worker may play.
This module belongs to the code version (crystalclans.codeversion): it decides how a recorded game goes."""
from __future__ import annotations

from gamecore.bots import play_out

from ..game import Game
from . import make_bot

MAX_DECISIONS = 4000  # a game longer than this is scored a draw (none has come near it)


def play(bots: tuple[str, str], clans: tuple[str, str], seed: int, budget: dict | None = None) -> dict:
    """One game: bots[i] plays seat i. Returns winner (or None), moves, seconds thinking per seat."""
    g = Game.new(clans=clans, seed=seed)
    players = [make_bot(name, seed=seed * 2 + i, **(budget or {}).get(name, {})) for i, name in enumerate(bots)]
    n, think, decisions = play_out(g, players, MAX_DECISIONS)
    return {"bots": bots, "winner": g.winner, "moves": n, "think": think, "decisions": decisions, "clans": clans,
            "first": g.first_player, "seed": seed}
