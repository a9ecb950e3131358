"""The computer's seats: who answers "what does the computer play here?" for the table.

`WorkerComputer` asks the Web Worker of web/js/bot.js (its own Pyodide running app.bot_service), so the
search never blocks the page; `InlineComputer` answers in this thread (CPython tests, tools). Both return
the worker's reply as a dict: {"action": notation, "ms": thinking time} or {"error": message}.
"""
from __future__ import annotations

import json

from . import bot_service


class WorkerComputer:
    def __init__(self, window):
        self.window = window

    def _bot(self):
        return getattr(self.window, "crystalclans_bot", None)

    def start(self) -> None:
        """Boot the worker in the background (idempotent)."""
        bot = self._bot()
        if bot is not None:
            bot.start()

    def status(self) -> str:
        bot = self._bot()
        return "failed: the computer player is not available on this page" if bot is None else str(bot.status())

    async def choose(self, game, player: int, level: str) -> dict:
        bot = self._bot()
        if bot is None:
            return {"error": "the computer player is not available on this page"}
        reply = await bot.choose(bot_service.request(game, player, level))
        try:
            out = json.loads(str(reply))
        except ValueError:
            out = None
        return out if isinstance(out, dict) else {"error": "the computer player sent a reply this page cannot read"}


class InlineComputer:
    """The same service in this thread (no worker): for CPython tests of the table."""

    def start(self) -> None:
        pass

    def status(self) -> str:
        return "ready"

    async def choose(self, game, player: int, level: str) -> dict:
        return json.loads(bot_service.handle(bot_service.request(game, player, level)))
