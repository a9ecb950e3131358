"""Setting up a new game: the checks on the options, the shuffles, the opening hands, the High Form's tasks,
the Duel's or the Melee's start pieces, and the first turn.

Modes: "duel" and "high_form" (2 players), "melee" (3 or 4 players, each her own colour), "team" (4 players,
2 against 2, played in the `form` "high_form" (the default) or "duel"). In the Team game partners are seats
0+2 and 1+3 (they sit opposite, so the teams alternate); each seat plays her own deck, all four decks are
different, and a team's pieces have the colour of its first seat's deck (seat 0's for seats 0+2, seat 1's for
seats 1+3): colour[p] = p % 2.

Pieces in play per colour: 17 two-sided in the High Form; one fewer in the Duel (the score marker); in the
Melee 18 - players (a hero of every colour marks each opponent's score track).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.rng import Rng, seed_state
from gamecore.untrusted import data_problem, describe

from .content import DECKS, FLARES, LEGENDS, PLAYABLE_DECKS, TWO_SIDED
from .rules import MeleeStartFrame, StartSquaresFrame, begin_turn, refill
from .scoring import deal_tasks

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

MAX_SEED = 1 << 63


FORMS = ("high_form", "duel")


def check_form(mode: str, form) -> str:
    """The scoring form of a mode: the mode itself, or for "team" "high_form" (default) or "duel"."""
    if mode != "team":
        if form is not None and form != mode:
            raise ValueError(f"form: only the Team game has a form (got {describe(form, 30)} for "
                             f"{describe(mode, 30)})")
        return mode
    if form is None:
        return "high_form"
    if form not in FORMS:
        raise ValueError(f"form: the Team game is played as 'high_form' or 'duel', not {describe(form, 30)}")
    return form


def two_sided_in_play(form: str, players: int) -> int:
    if form == "duel":
        return TWO_SIDED - 1
    if form == "melee":
        return TWO_SIDED + 1 - players
    return TWO_SIDED


def check_options(mode: str, players: int, decks, seed, first_player, form=None) -> tuple[str, ...]:
    """new_game's options checked (types first: a bool or a fraction is no whole number); a bad one raises
    ValueError naming it in plain words. Returns the decks as a tuple."""
    if not isinstance(mode, str) or mode not in ("duel", "high_form", "melee", "team"):
        raise ValueError(f"unknown mode {describe(mode, 30)}; choose 'duel', 'high_form', 'melee' or 'team'")
    if form is not None and not isinstance(form, str):
        raise ValueError(f"form: 'high_form' or 'duel' (the Team game only), not {describe(form, 30)}")
    check_form(mode, form)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError("players: a whole number")
    if mode in ("duel", "high_form") and players != 2:
        raise ValueError("the Duel and the High Form are played by 2 players (4 in teams: mode 'team')")
    if mode == "melee" and players not in (3, 4):
        raise ValueError("the Melee is played by 3 or 4 players")
    if mode == "team" and players != 4:
        raise ValueError("the Team game is played by 4 players (2 against 2)")
    if not isinstance(decks, (list, tuple)) or len(decks) != players:
        raise ValueError(f"decks: one deck name for each of the {players} players")
    for d in decks:
        if not isinstance(d, str) or d not in DECKS:
            raise ValueError(f"unknown deck {describe(d, 30)}; choose from {', '.join(PLAYABLE_DECKS)}")
        if not DECKS[d].playable:
            raise ValueError(f"the {d} deck is not playable yet (its effects are not written); choose from "
                             f"{', '.join(PLAYABLE_DECKS)}")
    if len(set(decks)) != len(decks):
        raise ValueError("two players cannot take the same deck (each plays her own deck, even partners); "
                         "Imperial can be played as 'northern' and as 'southern'")
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED <= seed < MAX_SEED:
        raise ValueError("seed: a whole number (64-bit)")
    if first_player is not None and (isinstance(first_player, bool) or not isinstance(first_player, int)
                                     or not 0 <= first_player < players):
        raise ValueError(f"first_player: None (random) or 0..{players - 1}")
    return tuple(decks)


def shape(g: "Game", mode: str, form: str, players: int, decks: tuple[str, ...]) -> None:
    """The per-mode layout of a fresh state (new games and positions alike)."""
    g.mode, g.form, g.n, g.decks = mode, form, players, decks
    g.colour = [p % 2 for p in range(players)] if mode == "team" else list(range(players))
    colours = len(set(g.colour))
    g.bits = [[0, 0, 0] for _ in range(colours)]
    g.killed = [[0, 0, 0] for _ in range(colours)]
    g.two_sided = two_sided_in_play(form, players)
    g.sideways = TEAM_SIDEWAYS if mode == "team" else 0
    g.mpoints = [[0] * players for _ in range(players)] if form == "melee" else []
    g.improvised = [0] * players if form == "melee" else []
    g.control = -1
    # the expansion's per-seat state (sized here, as positions are shaped here too)
    g.frozen, g.malus, g.removed = [-1] * players, [0] * players, [[0, 0] for _ in range(players)]
    g.gateway, g.pending, g.stasis = [-1] * players, [-1] * players, [-1] * players


TEAM_SIDEWAYS = 6
SETUP_KEYS = ("mode", "players", "decks", "seed", "first_player", "form")


def setup_error(setup) -> "str | None":
    """What is wrong with the shape of a game's `setup` (Game.from_setup, from_log): a dict of new_game's
    options (mode, players, decks, seed; first_player and form optional) or {"position": ...}; None when
    its shape is right (its values are checked by new_game or from_position)."""
    if not isinstance(setup, dict):
        return f"it is an object of the game's options, not {describe(setup, 30)}"
    problem = data_problem(setup, 8, 10_000, 64)
    if problem is not None:
        return problem
    if "position" in setup:
        return None if len(setup) == 1 else "a position's setup holds the position only"
    unknown = [k for k in setup if k not in SETUP_KEYS]
    if unknown:
        return f"unknown option {describe(unknown[0], 30)} (known: {', '.join(SETUP_KEYS)})"
    missing = [k for k in SETUP_KEYS[:4] if k not in setup]
    if missing:
        return f"the option {missing[0]!r} is missing"
    if not isinstance(setup["decks"], (list, tuple)):
        return "decks: a list of deck names, one per player"
    return None


def new_game(g: "Game", mode: str, players: int, decks, seed: int, first_player: "int | None",
             form: "str | None" = None) -> "Game":
    decks = check_options(mode, players, decks, seed, first_player, form)
    g.setup = {"mode": mode, "players": players, "decks": list(decks), "seed": seed, "first_player": first_player}
    if mode == "team":
        g.setup["form"] = check_form(mode, form)
    shape(g, mode, check_form(mode, form), players, decks)
    g.hands = [[] for _ in range(players)]
    g.draws = [[] for _ in range(players)]
    g.discards = [[] for _ in range(players)]
    g.claimed = [[] for _ in range(players)]
    g.points = [0] * players
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
        # Team: of each team, the partner who moves earlier holds its 2 legends
        refill(g, (first + i) % players, legends=mode != "team" or i < 2)
    g.events = events
    if g.form == "high_form":
        deal_tasks(g)
    begin_turn(g, first)
    if g.form == "duel":  # the player to the first player's right puts the two start pieces
        g.stack.append(StartSquaresFrame((first - 1) % players))
    elif g.form == "melee":  # she puts three pieces of different colours beside the start marks
        g.stack.append(MeleeStartFrame((first - 1) % players, 0))
    g._advance()
    return g
