"""Short animations for what just happened on the table: units summoned or moved arrive, a battle's zone
clashes, destroyed units leave a fading mark, a gained crystal glows. Read from the engine's public story
facts (game.events) that came in since the table was last shown; CSS plays them, and not at all under
prefers-reduced-motion."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Effects:
    arrive: set = field(default_factory=set)      # (zone, player, unit id): summoned
    moved: set = field(default_factory=set)       # (zone, player): a squad that moved there
    clash: set = field(default_factory=set)       # zones where a battle began
    destroyed: list = field(default_factory=list)  # (zone, unit id)
    crystal: set = field(default_factory=set)     # players who gained a crystal

    def __bool__(self) -> bool:
        return bool(self.arrive or self.moved or self.clash or self.destroyed or self.crystal)


def effects_of(facts) -> Effects:
    fx = Effects()
    for fact in facts:
        kind = fact[1]
        if kind == "summon":
            p, units, zone = fact[2], fact[3], fact[4]
            fx.arrive.update((zone, p, u) for u in units)
        elif kind == "move":
            fx.moved.add((fact[4], fact[2]))
        elif kind == "battle_start":
            fx.clash.add(fact[3])
        elif kind == "destroyed":
            fx.destroyed.append((fact[5], fact[4]))
        elif kind == "crystal":
            fx.crystal.add(fact[2])
    return fx


class EffectsFeed:
    """Hands each story fact to the table once: the facts since the last time the table was shown."""

    def __init__(self) -> None:
        self.game = None
        self.seen = 0

    def take(self, game) -> Effects:
        return effects_of(self.new_facts(game))

    def new_facts(self, game) -> list:
        """The game's story facts since the last call (none for a game new to the feed); each game module reads
        its own engine's facts (Tash-Kalar: app/games/tashkalar.py)."""
        events = game.events or []
        if game is not self.game:  # a new or loaded game: nothing to animate from its past
            self.game, self.seen = game, len(events)
            return []
        new = events[self.seen:]
        self.seen = len(events)
        return new
