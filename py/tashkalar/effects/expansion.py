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

from ..actions import Action
from ..content import CARDS_T
from .etherweave import ANYWHERE, WARP_CODES, anywhere, summoned_pending, void_targets
from .everfrost import FROZEN_CODES, freezes
from .nethervoid import gateway_on_summon, under_the_deck

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def summoned(g: "Game", p: int, code: int, square: int) -> None:
    gateway_on_summon(g, p, code, square)
    summoned_pending(g, p, code)


THAW = {c: Action("thaw", (CARDS_T[c].id,)) for c in FROZEN_CODES}
WARP = {c: Action("warp", (CARDS_T[c].id,)) for c in WARP_CODES}


def free_options(g: "Game", p: int) -> list:
    """The free actions of the active player p beside flares (rules.TurnFrame calls it when p has a frozen
    effect in play or plays the Etherweave deck): `thaw <card>` for her frozen effect, `warp <card>` for each
    card with a warp effect in her hand (after the first round, while she has no pending being)."""
    f = g.frozen[p]
    hand = g.hands[p]
    if g.pending[p] >= 0 or g.turn <= g.n or WARP_CODES.isdisjoint(hand):
        return [] if f < 0 else [THAW[f]]
    return ([THAW[f]] if f >= 0 else []) + [WARP[c] for c in sorted(set(hand)) if c in WARP_CODES]


def after_effect(g: "Game") -> bool:
    return under_the_deck(g) or freezes(g)


__all__ = ["summoned", "after_effect", "free_options", "ANYWHERE", "anywhere", "void_targets"]

