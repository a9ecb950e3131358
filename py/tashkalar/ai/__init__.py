"""Computer players for Tash-Kalar, pure Python like the engine (CPython for tournaments and tests, Pyodide
in the browser), called the way Crystal Clans' are:

    from tashkalar.ai import make_bot
    bot = make_bot("search", seed=1)
    game.apply(bot.choose(game))     # one of game.legal_actions(), for whoever decides now

Names: "random", "greedy" and "search". Budget keywords go to the bot (search: samples=, width=, depth=,
seconds=, limit=, halving=; greedy: depth=). A bot never reads what its player cannot see (determinize.py) and is
deterministic given its seed.
"""
from __future__ import annotations

from typing import Any

from gamecore.bots import named_bot

from .bots import Bot, GreedyBot, RandomBot, SearchBot
from .determinize import determinize
from .evaluate import evaluate

# the search's budget in tournaments (CPython): see docs/TASHKALAR-BALANCE.md for its time per decision
PRESETS: dict[str, dict[str, Any]] = {
    "search": {"samples": 2, "width": 6, "places": 6, "halving": True},
}
BOT_NAMES = ("random", "greedy", *PRESETS)


def make_bot(name: str, seed: int = 0, **budget: Any) -> Bot:
    """A computer player by name (see BOT_NAMES); ValueError for an unknown name."""
    return named_bot(name, seed, budget, GreedyBot, SearchBot, PRESETS)


__all__ = ["BOT_NAMES", "PRESETS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "determinize", "evaluate",
           "make_bot"]
