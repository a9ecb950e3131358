"""Setting up a new game: the checks on the options, the shuffles, the opening hands, the High Form's tasks
or the Duel's start squares, and the first turn.

Only the Duel and the High Form for 2 players are built so far; Melee (3-4 players) and the Team game are
refused with a clear message.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from crystalclans.rng import Rng, seed_state

from .content import DECKS, FLARES, LEGENDS, PLAYABLE_DECKS, TWO_SIDED
from .rules import StartSquaresFrame, begin_turn, refill
from .scoring import deal_tasks

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

MAX_SEED = 1 << 63


def check_options(mode: str, players: int, decks, seed, first_player) -> tuple[str, ...]:
    if mode in ("melee", "team"):
        raise ValueError(f"the {mode} mode is not built yet; choose 'duel' or 'high_form'")
    if mode not in ("duel", "high_form"):
        raise ValueError(f"unknown mode {mode!r:.30}; choose 'duel' or 'high_form'")
    if isinstance(players, bool) or players != 2:
        raise ValueError("the Duel and the High Form are played by 2 players")
    if not isinstance(decks, (list, tuple)) or len(decks) != players:
        raise ValueError(f"decks: one deck name for each of the {players} players")
    for d in decks:
        if not isinstance(d, str) or d not in DECKS:
            raise ValueError(f"unknown deck {d!r:.30}; choose from {', '.join(PLAYABLE_DECKS)}")
        if not DECKS[d].playable:
            raise ValueError(f"the {d} deck is not playable yet (its effects are not written); choose from "
                             f"{', '.join(PLAYABLE_DECKS)}")
    if len(set(decks)) != len(decks):
        raise ValueError("two players cannot take the same deck (its pieces have one colour); Imperial can be "
                         "played as 'northern' and as 'southern'")
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED <= seed < MAX_SEED:
        raise ValueError("seed: a whole number (64-bit)")
    if first_player is not None and (isinstance(first_player, bool) or first_player not in range(players)):
        raise ValueError(f"first_player: None (random) or 0..{players - 1}")
    return tuple(decks)


def new_game(g: "Game", mode: str, players: int, decks, seed: int, first_player: "int | None") -> "Game":
    decks = check_options(mode, players, decks, seed, first_player)
    g.setup = {"mode": mode, "players": players, "decks": list(decks), "seed": seed, "first_player": first_player}
    g.mode = mode
    g.n = players
    g.decks = decks
    g.colour = list(range(players))
    g.bits = [[0, 0, 0] for _ in range(players)]
    g.hands = [[] for _ in range(players)]
    g.draws = [[] for _ in range(players)]
    g.discards = [[] for _ in range(players)]
    g.claimed = [[] for _ in range(players)]
    g.points = [0] * players
    g.killed = [[0, 0, 0] for _ in range(players)]
    g.frozen, g.malus, g.removed = [-1] * players, [0] * players, [[0, 0] for _ in range(players)]  # expansion state
    g.gateway, g.pending, g.stasis = [-1] * players, [-1] * players, [-1] * players
    g.two_sided = TWO_SIDED - (1 if mode == "duel" else 0)  # the Duel's score marker is one two-sided piece
    g.rng = rng = Rng(seed_state(seed))
    first = rng.below(players) if first_player is None else first_player
    g.first_player = first
    for p in range(players):
        deck = list(DECKS[decks[p]].cards)
        rng.shuffle(deck)
        g.draws[p] = deck
    g.legend_deck = list(LEGENDS)
    rng.shuffle(g.legend_deck)
    g.flare_deck = list(FLARES)
    rng.shuffle(g.flare_deck)
    events, g.events = g.events, None
    for i in range(players):
        refill(g, (first + i) % players)
    g.events = events
    if mode == "high_form":
        deal_tasks(g)
    begin_turn(g, first)
    if mode == "duel":  # the player to the first player's right puts the two start pieces
        g.stack.append(StartSquaresFrame((first - 1) % players))
    g._advance()
    return g
