"""Computer players for Crystal Clans: pure Python, the same in CPython (tournaments, tests) and in the
browser's Web Worker (Pyodide).

    from crystalclans.ai import make_bot
    bot = make_bot("normal", seed=1)
    game.apply(bot.choose(game))     # one of game.legal_actions(), for whoever must decide

Names: "random", "greedy", the levels "easy", "normal" and "hard" (RolloutBot: playouts by the greedy policy,
with more samples and a longer horizon at each level), and "twoply" (SearchBot, the normal level until
RolloutBot replaced it, kept for comparison); each of the last four with "-fit" or "-hand" scores positions
with the evaluation fitted to self-play outcomes or the hand-weighted one (evaluate.py; the plain names use
`evaluate`). Budget keywords override a preset (samples=, seconds=, limit=; replies= for SearchBot,
horizon= for RolloutBot; samples= for greedy too). A bot never reads what its player cannot
see (determinize.py) and is deterministic given its seed.
"""
from __future__ import annotations

from typing import Any

from .bots import Bot, GreedyBot, RandomBot, RolloutBot, SearchBot
from .determinize import determinize
from .evaluate import evaluate, evaluate_fitted, evaluate_hand

# which search and its budget: samples (redeals) per decision, replies looked at (SearchBot) or actions played
# out (RolloutBot), sized for the browser's budgets (Pyodide is ~2-3x slower than CPython; docs/COMPUTER.md)
PRESETS: dict[str, dict[str, Any]] = {
    "easy": {"search": "rollout", "samples": 2, "horizon": 2},
    "normal": {"search": "rollout", "samples": 6, "horizon": 2},
    "hard": {"search": "rollout", "samples": 24, "horizon": 3},
}
#: searches that are not levels of the table (bot_levels): kept to measure the levels against
OTHER_SEARCHES: dict[str, dict[str, Any]] = {"twoply": {"search": "two-ply", "samples": 24, "replies": 12}}
SEARCHES = {"two-ply": SearchBot, "rollout": RolloutBot}
#: the same bots with a given evaluation: fitted to self-play outcomes (evaluate.evaluate_fitted) or the hand
#: weights (evaluate.evaluate_hand), whichever `evaluate` is, for measuring one against the other
EVALUATORS = {"-fit": evaluate_fitted, "-hand": evaluate_hand}
BOT_NAMES = ("random", "greedy", *PRESETS, *OTHER_SEARCHES,
             *(n + v for v in EVALUATORS for n in ("greedy", *PRESETS)))


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
    if name in PRESETS or name in OTHER_SEARCHES:
        preset = dict(PRESETS.get(name) or OTHER_SEARCHES[name])
        bot = SEARCHES[preset.pop("search")](seed, **{**preset, **budget})
        bot.name = name
        return bot
    raise ValueError(f"unknown bot {name!r}; bots are {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "EVALUATORS", "PRESETS", "Bot", "GreedyBot", "RandomBot", "RolloutBot", "SearchBot", "determinize", "evaluate",
           "make_bot"]
