"""Hooks of the expansion schools' rules into the summon (summon.py calls them; each is a few cheap tests
when no expansion card is involved):

* `summoned(g, p, code, square)`: right after a being is put on the arena, before its effect (Nethervoid:
  the being may become its player's Gateway);
* `after_effect(g)`: when a summoned card's effect is over, True if the card does not go to the discard
  pile (Everfrost: its frozen effect goes into play; Nethervoid: Hell Hound goes under its deck);
* Etherweave: `anywhere` (Time Traveler's placements: any empty colourless square) and `void_targets`
  (Void Summoner: targets whose pattern lacks at most g.void own common pieces, on empty squares).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .etherweave import ANYWHERE, anywhere, summoned_pending, void_targets
from .everfrost import freezes
from .nethervoid import gateway_on_summon, under_the_deck

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def summoned(g: "Game", p: int, code: int, square: int) -> None:
    gateway_on_summon(g, p, code, square)
    summoned_pending(g, p, code)


def after_effect(g: "Game") -> bool:
    return under_the_deck(g) or freezes(g)


__all__ = ["summoned", "after_effect", "ANYWHERE", "anywhere", "void_targets"]

