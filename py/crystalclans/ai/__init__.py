"""Computer players for Crystal Clans: pure Python, the same in CPython (tournaments, tests) and in the
browser's Web Worker (Pyodide).

    from crystalclans.ai import make_bot
    bot = make_bot("normal", seed=1)
    game.apply(bot.choose(game))     # one of game.legal_actions(), for whoever must decide

Names: "random", "greedy", and the search bot's presets "easy", "normal", "hard"; each of the last four with
"-fit" or "-hand" scores positions with the evaluation fitted to self-play outcomes or the hand-weighted one
(evaluate.py; the plain names use `evaluate`). Budget keywords override a preset (samples=, replies=, seconds=;
samples= for greedy too). A bot never reads what its player cannot
see (determinize.py) and is deterministic given its seed.
"""
from __future__ import annotations

from typing import Any

from .bots import Bot, GreedyBot, RandomBot, SearchBot
from .determinize import determinize
from .evaluate import evaluate, evaluate_fitted, evaluate_hand

# samples (redeals) per decision and replies looked at, sized for the browser's budgets (Pyodide is ~2-3x
# slower than CPython): see bench and docs/tournament
PRESETS: dict[str, dict[str, Any]] = {
    "easy": {"samples": 1, "replies": 4},
    "normal": {"samples": 24, "replies": 12},
    "hard": {"samples": 72, "replies": 30},
}
#: the same bots with a given evaluation: fitted to self-play outcomes (evaluate.evaluate_fitted) or the hand
#: weights (evaluate.evaluate_hand), whichever `evaluate` is, for measuring one against the other
EVALUATORS = {"-fit": evaluate_fitted, "-hand": evaluate_hand}
BOT_NAMES = ("random", "greedy", *PRESETS, *(n + v for v in EVALUATORS for n in ("greedy", *PRESETS)))


def make_bot(name: str, seed: int = 0, **budget: Any) -> Bot:
    """A computer player by name (see BOT_NAMES); raises ValueError for an unknown name."""
    if name == "random":
        return RandomBot(seed)
    base, dash, variant = name.partition("-")
    if dash and name in BOT_NAMES:
        bot = make_bot(base, seed, evaluator=EVALUATORS[dash + variant], **budget)
        bot.name = name
        return bot
    if name == "greedy":
        return GreedyBot(seed, **budget)
    if name in PRESETS:
        bot = SearchBot(seed, **{**PRESETS[name], **budget})
        bot.name = name
        return bot
    raise ValueError(f"unknown bot {name!r}; bots are {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "EVALUATORS", "PRESETS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "determinize", "evaluate",
           "make_bot"]
