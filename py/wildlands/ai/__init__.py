"""Computer players for Wildlands, pure Python like the engine (CPython for tournaments and tests, Pyodide in
the browser), called the way Crystal Clans' and Tash-Kalar's are:

    from wildlands.ai import make_bot
    bot = make_bot("search", seed=1)
    game.apply(bot.choose(game))     # one of game.legal_actions(), for whoever decides now

Names: "random", "greedy" and "search". Budget keywords go to the bot (search: samples=, width=, horizon=,
prior=, seconds=, limit=, until_turn=, halving=, answers=, playout_depth=, leaf=; greedy: depth=, evaluator=). A bot never reads
what its player cannot see (determinize.py: the other hands, every deck order, the unrevealed start spaces are
redealt) and is deterministic given its seed. Out-of-turn questions: an interrupt window is answered `pass` at once unless interrupting is clearly
good; a defence takes the best of pass and the cards that can defend.
"""
from __future__ import annotations

from typing import Any

from gamecore.bots import named_bot

from .bots import Bot, GreedyBot, RandomBot, SearchBot
from .determinize import determinize
from .evaluate import evaluate

# the search's budget in tournaments (CPython) and at the table's hard level: the greedy ranking's best 8 actions
# by successive halving, 4 redeals a round, each played out to the player's next turn with the greedy bot's own
# policy and scored by the evaluation fitted to self-play outcomes; see docs/WILDLANDS_BALANCE.md for its
# strength and time per decision
PRESETS: "dict[str, dict[str, Any]]" = {
    "search": {"samples": 4, "width": 8, "until_turn": True, "halving": True, "playout_depth": 2,
               "leaf": "fitted"},
}
BOT_NAMES = ("random", "greedy", *PRESETS)


def make_bot(name: str, seed: int = 0, **budget: Any) -> Bot:
    """A computer player by name (see BOT_NAMES); ValueError for an unknown name."""
    return named_bot(name, seed, budget, GreedyBot, SearchBot, PRESETS)


__all__ = ["BOT_NAMES", "PRESETS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "determinize", "evaluate",
           "make_bot"]
