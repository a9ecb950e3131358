"""Helpers for the Tash-Kalar tests: positions in one call, summoning in one call, seeded random play."""
from __future__ import annotations

import pytest

import tashkalar as tk
from crystalclans.rng import Rng, seed_state
from tashkalar import invariants
from tashkalar.content import PLAYABLE_DECKS


def position(**pos) -> tk.Game:
    return tk.Game.from_position(pos)


def options(g: tk.Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def placements_at(g: tk.Game, square: str) -> list[str]:
    return [o for o in options(g) if o.startswith(f"at {square} ")]


def summon(g: tk.Game, card: str, square: str, orientation: "int | None" = None) -> None:
    """Summon `card` with its being on `square` (the only placement there, or the given orientation)."""
    g.apply(f"summon {card}")
    at = placements_at(g, square)
    if orientation is not None:
        at = [a for a in at if a.endswith(f" {orientation}")]
    assert len(at) == 1, f"placements of {card} on {square}: {at} (all: {options(g)})"
    g.apply(at[0])


def piece(g: tk.Game, square: str) -> "str | None":
    """'0c', '1h', ... or None for an empty square (the position notation)."""
    from tashkalar.board import BY_NAME

    cell = g.cells[BY_NAME[square]]
    return None if cell < 0 else f"{cell >> 2}{'chl'[cell & 3]}"


def board(g: tk.Game) -> dict[str, str]:
    from tashkalar.board import NAME, ON

    return {NAME[s]: f"{g.cells[s] >> 2}{'chl'[g.cells[s] & 3]}" for s in ON if g.cells[s] >= 0}


def random_policy(seed: int, summon_bias: int = 3):
    """A seeded random player that prefers summons, flares and tasks (so effects get played) and never
    cancels a placement."""
    rng = Rng(seed_state(seed, 77))

    def choose(g: tk.Game) -> tk.Action:
        opts = g.legal_actions()
        pref = [a for a in opts if a.kind in ("summon", "light", "claim")]
        if pref and rng.below(summon_bias + 1):
            return pref[rng.below(len(pref))]
        if g.decision.kind == "placement" and len(opts) > 1:
            opts = opts[:-1]
        return opts[rng.below(len(opts))]
    return choose


def uniform_policy(rng: Rng):
    """A player that picks uniformly among the legal actions, drawing from `rng` (which the caller may have
    used before, e.g. to shuffle the decks)."""

    def choose(g: tk.Game) -> tk.Action:
        opts = g.legal_actions()
        return opts[rng.below(len(opts))]
    return choose


def play_out(g: tk.Game, choose, limit: int = 6000, what: str = "the game") -> tk.Game:
    """Play `g` to its end with `choose` (a policy above), checking the invariants (tashkalar.invariants)
    before the first action and after every one; fails when it has not ended within `limit` actions."""
    invariants.check(g)
    n = 0
    while not g.is_over:
        g.apply(choose(g))
        invariants.check(g)
        n += 1
        assert n < limit, f"{what} did not end within {limit} actions"
    return g


BASE_DECKS = ("northern", "highland", "sylvan")  # the base decks the expansion schools play against


def school_games(school: str, other: str, mode: str, seed: int, *, restores: str, games: int = 3):
    """`games` seeded random two-player games (seeds seed, seed + 1, ...; the player that prefers summons)
    of the deck `school` against `other`, the school seated first in the even ones; each is played out by
    play_out and must end with winners, and the first one's save must replay to its state hash and the same
    `restores` attribute (the school's own state). Yields the finished games."""
    for i in range(games):
        decks = (school, other) if i % 2 == 0 else (other, school)
        g = play_out(tk.new_game(mode=mode, decks=decks, seed=seed + i), random_policy(seed + i),
                     what=f"{decks} {mode} seed {seed + i}")
        assert g.winners
        if i == 0:
            again = tk.Game.from_json(g.to_json())
            assert again.state_hash() == g.state_hash() and getattr(again, restores) == getattr(g, restores)
        yield g


def deck_pairs() -> list[tuple[str, str]]:
    return [(a, b) for a in PLAYABLE_DECKS for b in PLAYABLE_DECKS if a != b]


@pytest.fixture
def duel() -> tk.Game:
    return tk.new_game(mode="duel", decks=("northern", "highland"), seed=7, first_player=0)


def cast(card: str, at: str = "e5", board: "dict | None" = None, hand: "list | None" = None, **pos) -> tk.Game:
    """Seat 0 summons `card` on `at` in its printed orientation: the pattern's pieces are put there (as own
    pieces of the required rank), then `board` (which may override them); returns the game at the effect's
    first question (or after it, when it asks none)."""
    from tashkalar.board import BY_NAME, NAME
    from tashkalar.content import BY_ID
    from tashkalar.patterns import ORIENTATIONS

    o = ORIENTATIONS[BY_ID[card]][0]
    pieces = {NAME[s]: f"0{'ch'[r]}" for s, r in o.squares(BY_NAME[at])}
    pieces.update(board or {})
    pieces = {s: v for s, v in pieces.items() if v}
    g = position(board=pieces, hands=[[card] + (hand or []), []], **pos)
    summon(g, card, at, orientation=o.index)
    return g


def asked(g: tk.Game) -> tuple[str, list[str]]:
    """The decision's kind and options."""
    return g.decision.kind, options(g)
