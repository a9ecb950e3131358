"""Short animations for what just happened on the table, read from the engine's public story facts
(game.events) that came in since the table was last shown: each game module's `effects` turns its own facts
into what its table animates (app/games/*), and CSS plays them, not at all under prefers-reduced-motion."""
from __future__ import annotations


class EffectsFeed:
    """Hands each story fact to the table once: the facts since the last time the table was shown."""

    def __init__(self) -> None:
        self.game = None
        self.seen = 0

    def new_facts(self, game) -> list:
        """The game's story facts since the last call (none for a game new to the feed); each game module reads
        its own engine's facts."""
        events = game.events or []
        if game is not self.game:  # a new or loaded game: nothing to animate from its past
            self.game, self.seen = game, len(events)
            return []
        new = events[self.seen:]
        self.seen = len(events)
        return new
