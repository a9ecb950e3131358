"""Our designed values that self-play balancing changed (issue 29). CONTENT.md proposes the content and says to
tune only its designed numbers (health +-1, single deck entries, the joker count) and to record each change;
CONTENT.md itself stays as written (a shared, read-only proposal), so the changes live here.

Each change names a value as CONTENT.md gives it (`was`), the value the engine ships (`now`) and why.
`python -m wildlands.datasync` builds the data from CONTENT.md, then applies these: it checks that each `was`
is still CONTENT.md's value, and marks the changed value in the JSON with `was` and `reason` (the faction's
`tuned` list holds them all). docs/WILDLANDS_BALANCE.md lists the same changes with the runs behind them;
tests/wildlands/test_tuning.py checks that the three agree, so no value changes silently.

A change is one of:
* {"faction", "character", "field": "health", ...}: a character's health (W9);
* {"faction", "card", "character", "field": "flag", ...}: the action next to a character's symbol on a card
  (None: the symbol alone, W10);
* {"faction", "card", "field": "joker", ...}: a card's joker action (None: none, W29).
Nothing imports this module at run time (the engine reads only data/*.json).
"""
from __future__ import annotations

# greedy self-play before the changes (code 72b566d24614 with greedy's full-hand fix, 480 games, seed 1000):
# Guild 57.5%, Pit Fighters 54.6%, Lawbringers 45.8%, Gnomads 42.1%; the runs are in docs/WILDLANDS_BALANCE.md
CHANGES: "tuple[dict, ...]" = (
    {"faction": "gnomads", "character": "elsie", "field": "health", "was": 2, "now": 3,
     "reason": "the Gnomads won 42% and lost about three characters a game, the most of the four: two of their "
               "five had health 2 and fell to two ranged hits; Elsie alone +1 lifted them 4.6 points"},
    {"faction": "pit_fighters", "character": "gnoll", "field": "health", "was": 4, "now": 3,
     "reason": "the Pit Fighters won 55% (60% on the Ruins) and were the hardest to knock out (health 20); "
               "a Gnoll of 3 alone took them 5 points down"},
    {"faction": "lawbringers", "card": "c1", "field": "joker", "was": "cover", "now": "ranged",
     "reason": "the Lawbringers won 46% (42% on the Ruins); three of their eight jokers took cover, which helps "
               "only on a cover space against a shot; a shooting joker alone lifted them 4 points"},
    {"faction": "lawbringers", "card": "c2", "field": "joker", "was": "cover", "now": "ranged",
     "reason": "with the first shooting joker the Lawbringers still won below 47%: a second cover joker shoots"},
    {"faction": "guild", "character": "pyromancer", "field": "health", "was": 3, "now": 2,
     "reason": "the Guild won 57.5% (64% on the Ruins) with the most ranged and area attacks of the four; "
               "CONTENT.md calls the Guild fragile: its Pyromancer now has health 2 as the Owl Sage and the "
               "Hedge Witch have (alone: 5 points down)"},
)

__all__ = ["CHANGES"]
