"""The computer player's side of the Web Worker: a request in, one legal action out. Pure Python.

The page posts `request(game, player, level)` (JSON: the game's own save plus who decides and how strong);
`handle()` rebuilds the game (trusted data from our own page, so it is replayed without pydantic), keeps it
between requests so a move costs only the new log entries, and asks the game's bots (its module in app.games)
for a choice. The bot itself sees only what its player may see; the full game is sent because the worker is
ours and the bot builds its own view of it.
"""
from __future__ import annotations

import json
import time

from typing import Any

from . import games

_cache: dict = {"key": None, "game": None, "log": []}
# seconds of search at most per decision, whatever the level's budget: a slow phone still answers in time
# (the promise is "never over 3 s"; rebuilding the game and the messages take the rest)
THINK_LIMIT = 2.0


def request(game: Any, player: int, level: str) -> str:
    """The message the page sends to the worker for one decision."""
    return json.dumps({"game": games.of(game).name, "save": game.to_json(), "player": player, "level": level})


def bot_seed(save: dict, log_len: int) -> int:
    """Reproducible per decision: the same game at the same point gets the same choice."""
    base = (save.get("setup") or {}).get("seed", 0) if isinstance(save.get("setup"), dict) else 0
    return (int(base) * 1_000_003 + log_len) & 0x7FFFFFFF


def _game_for(module: games.GameSpec, save: dict) -> Any:
    key = module.name + json.dumps(save.get("setup") or save.get("position"), sort_keys=True)
    log = save["log"]
    g = _cache["game"]
    old = _cache["log"]
    if g is None or _cache["key"] != key or old != log[:len(old)]:
        g = module.Game.from_setup(save["setup"] if save.get("setup") else {"position": save["position"]})
        old = []
    for a in log[len(old):]:
        g.apply(a)
    _cache.update(key=key, game=g, log=list(log))
    return g


def handle(text: str) -> str:
    """One decision: {"action": notation, "ms": thinking time} or {"error": message}."""
    t0 = time.perf_counter()
    try:
        req = json.loads(text)
        module = games.get(str(req.get("game") or games.DEFAULT))
        if req.get("warmup"):  # the worker's boot: import the engine, its data and the bots once
            module.warm_up()
            return json.dumps({"ready": True})
        save = json.loads(req["save"])
        g = _game_for(module, save)
        player = int(req["player"])
        if g.decision is None or g.decision.player != player:
            return json.dumps({"error": f"seat {player} has nothing to decide"})
        level = str(req["level"])
        limit = {"limit": THINK_LIMIT} if level in module.bot_levels() else {}
        bot = module.make_bot(level, seed=bot_seed(save, len(save["log"])), **limit)
        action = bot.choose(g.clone())
        return json.dumps({"action": str(action), "ms": round((time.perf_counter() - t0) * 1000, 1)})
    except Exception as e:  # the page shows it and offers to go on with a person in the seat
        _cache.update(key=None, game=None, log=[])
        return json.dumps({"error": f"{type(e).__name__}: {e}"})
