"""A new game (W12-W16): decks shuffled and map cards dealt from the seed with the project's PRNG; the
players then choose their start spaces (Setup frame, rules.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.rng import Rng, seed_state

from .content import DECK_SIZE, MAP_CARDS, N_SPACES

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def new_game(g: "Game", board: str, factions: tuple, seed: int, first_player: "int | None" = None) -> "Game":
    """first_player: a seat that takes the first turn instead of the lowest shard's owner (W16), as players
    may agree; None keeps W16. The setup (W13-W15) is the same either way."""
    from .rules import Setup

    if isinstance(seed, bool) or not isinstance(seed, int) or not -(1 << 63) <= seed < (1 << 63):
        raise ValueError("the seed is a whole number of at most 64 bits")
    g._init_seats(board, factions)
    if first_player is not None and (isinstance(first_player, bool) or not isinstance(first_player, int)
                                     or first_player not in range(g.n)):
        raise ValueError(f"first_player: None (the lowest shard, W16) or a seat 0..{g.n - 1}")
    g.setup = {"board": board, "factions": list(factions), "seed": seed, "first_player": first_player}
    g.rng = Rng(seed_state(seed, 0))
    for p in range(g.n):
        deck = list(range(DECK_SIZE))
        g.rng.shuffle(deck)  # W12
        g.draws[p] = deck
    cards = list(range(1, N_SPACES + 1))
    g.rng.shuffle(cards)  # W13: 10 map cards each
    for p in range(g.n):
        g.dealt[p] = sorted(cards[p * MAP_CARDS:(p + 1) * MAP_CARDS])
    g.stack = [Setup()]
    g._advance()
    return g
