"""The conformance suite's table of games: for each name of app.games.REGISTRY, what only that game can say.

Everything the suite checks is generic code over the registry (tests/conformance/test_*.py); a game is in
the suite by its entry here (`ADAPTERS`), and a registered game without one fails
test_registry.py::test_every_registered_game_has_an_adapter. An entry says:

* `deals`: a few representative games in each mode and seat count, dealt through the game module's
  `new_game(options, seed)` (or, `position`, through the engine's `Game.from_position`); the suite plays each
  to its end with a seeded random player (preferring the action kinds of `prefer`, `bias` times in
  `bias + 1`), and checks its states every `every` moves;
* `scramble(g, viewer, salt)`: another game that `viewer` cannot tell from g (everything she may not know
  dealt or ordered anew), and `reveals_to_decider`: the decision kinds whose point is to show the decider
  hidden cards (there her own view rightly changes with them);
* `position_error` (the module names IllegalAction and SaveError, not the engine's PositionError) and
  `base_position` (a position whose every field the suite spoils);
* `worst_games()`: the longest legal games the game's own tools build (their saves are the largest a player
  can make), and `log_bound`: the most moves a legal game can have (None: no bound is known);
* `kinds_reached`: decision kinds the suite's playouts must meet (so the refusals are tried at each);
* `gaps`: the contract checks this engine does not pass today, each with the reason; the suite marks them
  as strict expected failures, so the day one is fixed its entry must go (a gap that shows on one runtime
  only is given as (reason, False): not strict).

The scramble helpers are the per-game tests' own (moved here, not copied): tests/unit/test_hidden_info.py,
tests/tashkalar/test_views_and_saves.py and tests/wildlands/test_games.py import them from this module.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from crystalclans.rng import Rng, seed_state


@dataclass(frozen=True)
class Deal:
    label: str  # the test id's second part: "tashkalar-high_form"
    seed: int
    options: "dict | None" = None  # the game module's new_game options
    position: "dict | None" = None  # or a position for the engine's Game.from_position


@dataclass(frozen=True)
class Adapter:
    name: str
    deals: tuple[Deal, ...]
    scramble: Callable[[Any, int, int], Any]
    position_error: type
    base_position: dict
    worst_games: Callable[[], list]
    log_bound: "int | None"
    kinds_reached: frozenset = frozenset()
    reveals_to_decider: frozenset = frozenset()
    prefer: tuple[str, ...] = ()
    bias: int = 0
    every: int = 10
    gaps: dict = field(default_factory=dict)


# ============================================================================================ Crystal Clans
#: Decisions whose whole point is to show the decider some of the opponent's hidden cards (Portent,
#: Tactical, The Bitter Blessing): there the decider's view rightly depends on them.
CRYSTALCLANS_REVEALS = frozenset({"look", "scry_opponent", "opponent_discard", "spy"})


def crystalclans_scramble(g, p: int, salt: int):
    """The same game as seat p may know it, changed in everything she may not know: the opponent's hand
    contents (swapped with her draw pile's), both draw piles' order, the PRNG state, the crystal deck order,
    the opponent's unrevealed battle card and Foresight prediction."""
    h = g.clone()
    opp = 1 - p
    r = Rng(salt * 7919 + 1)
    # swap opponent hand cards with her draw-pile cards (changes what she holds, not how many)
    hand, draw = h.hands[opp], h.draws[opp]
    for i in range(len(hand)):
        if draw:
            j = r.below(len(draw))
            hand[i], draw[j] = draw[j], hand[i]
    b = h.battle
    # (a card the opponent revealed first, Mind Reading, is public: it stays)
    if b is not None and not b.revealed and b.cards[opp] >= 0 and b.first != opp and draw:
        j = r.below(len(draw))
        b.cards[opp], draw[j] = draw[j], b.cards[opp]
    if b is not None and not b.revealed and b.predict[opp]:  # an unrevealed Foresight prediction
        styles = ["bold", "guarded", "tricky"]
        b.predict[opp] = styles[(styles.index(b.predict[opp]) + 1 + salt % 2) % 3]
    for q in (0, 1):
        r.shuffle(h.draws[q])
    r.shuffle(h.crystal_deck)
    h.rng = Rng(h.rng.state ^ 0x5DEECE66D)
    return h


def _crystalclans() -> Adapter:
    from crystalclans.position import PositionError

    return Adapter(
        name="crystalclans",
        deals=(Deal("blood_skull", 500, {"clans": ["blood", "skull"], "first": "random", "mulligan": False}),
               Deal("mulligan", 501, {"clans": ["flower", "meteor"], "first": 0, "mulligan": True}),
               Deal("water_stone", 502, {"clans": ["water", "stone"], "first": 1, "mulligan": False}),
               Deal("position", 503, position={"clans": ["water", "stone"], "seed": 9, "active": 1,
                                               "hands": [["water.tridents"], ["stone.workers", "stone.ballista"]],
                                               "squads": {"c_center": [["water.tridents"], ["stone.workers"]]}})),
        scramble=crystalclans_scramble,
        reveals_to_decider=CRYSTALCLANS_REVEALS,
        position_error=PositionError,
        base_position={"clans": ["blood", "skull"], "active": 0, "token": 2, "seed": 4,
                       "hands": [["blood.marauders"], ["skull.ancestral_warriors"]],
                       "draw": [["blood.marauders"] * 3, ["skull.ancestral_warriors"] * 3],
                       "discard": [[], []], "squads": {"c_center": [["blood.trappers"], ["skull.ancestral_knights"]]},
                       "crystals": [["crystal.winds_wish"], []], "crystal_row": ["crystal.tidestone"]},
        worst_games=lambda: [],  # none is built: the suite takes the longest of its own playouts
        log_bound=None,
        kinds_reached=frozenset({"action", "summon", "reorder", "move", "battle", "battle_card", "replenish",
                                 "draw"}),
        every=7,
        gaps={
            "save_bound": "Crystal Clans has no move limit and no worst-game builder: no bound says a legal "
                          "game's save fits MAX_SAVE_CHARS (MAX_LOG 20,000 x MAX_MOVE_CHARS 1,000 > 1,000,000)",
        })


# ============================================================================================ Tash-Kalar
def tashkalar_scramble(g, viewer: int, salt: int = 0, after: bool = False):
    """The same game as `viewer` may know it, changed in everything she may not know: every other seat's hand
    cards swapped with cards of the same kind from where they could have come (a being with one of its
    deck's, a legend or a flare with one of the shared deck's; the pending being and a card being summoned
    stay, they are public), every deck reordered (the tasks deck too), the PRNG moved elsewhere. `after`: for
    comparing what happens next, the viewer's own deck and the tasks deck keep their order (their next cards
    are drawn or turned up for her to see)."""
    from tashkalar.content import CARDS_T
    from tashkalar.summon import SummonFrame

    h = g.clone()
    r = Rng(seed_state(salt, 4242))
    shared = {"legend": h.legend_deck, "flare": h.flare_deck}
    known = {(f.p, f.code) for f in h.stack if isinstance(f, SummonFrame)}  # its `summon <card>` is in the log
    for q in range(h.n):
        if q == viewer:
            continue
        hand = h.hands[q]
        for i, c in enumerate(hand):
            kind = CARDS_T[c].kind
            pile = h.draws[q] if kind == "being" else shared[kind]
            if c != h.pending[q] and (q, c) not in known and pile:
                j = r.below(len(pile))
                hand[i], pile[j] = pile[j], hand[i]
    for q in range(h.n):
        if q != viewer or not after:
            r.shuffle(h.draws[q])
    r.shuffle(h.legend_deck)
    r.shuffle(h.flare_deck)
    if not after:
        r.shuffle(h.tasks_deck)
    h.rng = Rng(seed_state(salt, 99))
    return h


TASHKALAR_WORST = ("high_form", "melee4", "team_duel")  # bench.WORST_MODES' entries the normal run builds


@lru_cache(maxsize=None)
def tashkalar_worst_game(which: str):
    """bench.worst_game(which), built once per run (tests/tashkalar/test_robustness.py reads it too): every
    turn cancels a summon as often as cancel is offered, then puts common pieces; nobody ever scores. Do not
    change it: clone it."""
    from tashkalar import bench

    return bench.worst_game(which)


def _tashkalar() -> Adapter:
    from tashkalar import rules
    from tashkalar.position import PositionError

    def deal(label: str, seed: int, mode: str, decks: tuple, form: "str | None" = None) -> Deal:
        return Deal(label, seed, {"mode": mode, "decks": list(decks), "first": "random", "form": form})

    return Adapter(
        name="tashkalar",
        deals=(deal("duel", 60, "duel", ("northern", "sylvan")),
               deal("high_form", 61, "high_form", ("highland", "southern")),
               deal("duel_expansion", 62, "duel", ("etherweave", "everfrost")),
               deal("high_form_expansion", 63, "high_form", ("nethervoid", "etherweave")),
               deal("melee3", 64, "melee", ("sylvan", "northern", "etherweave")),
               deal("melee4", 65, "melee", ("everfrost", "nethervoid", "highland", "southern")),
               deal("team_high_form", 66, "team", ("northern", "etherweave", "southern", "sylvan"), "high_form"),
               deal("team_duel", 67, "team", ("everfrost", "highland", "nethervoid", "southern"), "duel"),
               Deal("position", 68, position={"mode": "high_form", "decks": ["sylvan", "northern"], "active": 1,
                                              "turn": 4, "board": {"e5": "0h", "d4": "1c", "c3": "1l", "f6": "0c"},
                                              "hands": [["sylvan/dryad", "legend/titan", "flare/04"],
                                                        ["imperial/knight"]]})),
        scramble=tashkalar_scramble,
        position_error=PositionError,
        base_position={"mode": "high_form", "decks": ["sylvan", "northern"], "active": 1, "turn": 4,
                       "board": {"e5": "0h", "d4": "1c", "c3": "1l", "f6": "0c"},
                       "hands": [["sylvan/dryad", "legend/titan", "flare/04"], ["imperial/knight"]],
                       "discard": [["sylvan/sapling"], []], "tasks_up": ["task/destruction", "task/diagonals"],
                       "claimed": [[], ["task/side-chain"]], "killed": [[0, 0, 0], [1, 0, 0]]},
        worst_games=lambda: [tashkalar_worst_game(w) for w in TASHKALAR_WORST],
        log_bound=rules.LOG_BOUND,
        kinds_reached=frozenset({"action", "placement", "start_squares", "move", "pick", "take"}),
        prefer=("summon", "light", "claim"),  # so effects, flares and tasks get played
        bias=3,
        every=4)


# ============================================================================================ Wildlands
WL_NC = 5  # figures per faction


def wildlands_secret_moves(g) -> dict[int, int]:
    """Log index -> the seat that made a move nobody else may read, found by replaying the game (not from
    game.hidden, which is what is under test): each start choice (W13), and the `pay` moves of a climb or a
    pickup that was cancelled or is not yet complete (the cards are still in the hand). (Remembered for the
    last few games asked about: a scramble for each seat of one state asks the same.)"""
    return dict(_secret_moves(json.dumps(g.setup, sort_keys=True), tuple(g.log)))


@lru_cache(maxsize=8)
def _secret_moves(setup: str, log: tuple) -> tuple:
    import wildlands as wl

    g = wl.Game.from_log(json.loads(setup), log)
    out: dict[int, int] = {}
    run: list[int] = []
    need = 0
    for i, (state, move) in enumerate(zip(g.replay(), g.log)):
        who, kind = state.decision.player, move.split(" ", 1)[0]
        if kind == "start":
            out[i] = who
        if kind in ("climb", "pickup"):
            run, need = [], 2 if kind == "climb" else 3
        elif kind == "pay":
            run.append(i)
            if len(run) == need:
                run = []
        elif kind == "cancel":
            out.update((j, who) for j in run)
            run = []
    out.update((j, g.decision.player) for j in run)  # the payment under way
    return tuple(out.items())


def wildlands_scramble(g, keep: int, seed: int):
    """A copy that seat `keep` cannot tell from g: everything she may not know dealt or written again: the
    other seats' hands (same sizes; a card chosen for a payment under way stays in the hand) with their
    draw piles, the order of every draw pile (hers too), where the others' unrevealed figures will appear,
    the PRNG, and in the log every move another seat made that nobody else may read (secret_moves)."""
    from wildlands.rules import Pay

    s = g.clone()
    rng = Rng(seed_state(seed, 3))
    top = s.stack[-1] if s.stack else None
    committed = list(top.paid) if isinstance(top, Pay) else []
    for q in range(s.n):
        if q == keep:
            rng.shuffle(s.draws[q])
            continue
        fixed = [k for k in s.hands[q] if k in committed and top.p == q]
        pool = [k for k in s.hands[q] if k not in fixed] + s.draws[q]
        rng.shuffle(pool)
        h = len(s.hands[q]) - len(fixed)
        s.hands[q], s.draws[q] = fixed + pool[:h], pool[h:]
    hidden = [c for c in range(len(s.pos)) if s.pos[c] == 0 and c // WL_NC != keep and s.start[c]]
    starts = [s.start[c] for c in hidden]
    rng.shuffle(starts)
    for c, st in zip(hidden, starts):
        s.start[c] = st
    s.rng = Rng(s.rng.state ^ 0x9E3779B97F4A7C15)
    for i, seat in wildlands_secret_moves(g).items():
        if seat != keep:
            s.log[i] = s.log[i].split(" ", 1)[0] + " c0 elsewhere 99"
    s._advance()  # the question asked now, from the scrambled hands
    return s


@lru_cache(maxsize=1)
def wildlands_stalling_game():
    """The longest legal game: four players who only end their turns and pass, until the move limit ends it
    (built once per run: tests/wildlands/test_robustness.py reads it too; do not change it: clone it)."""
    import wildlands as wl

    g = wl.new_game(seed=4, factions=("guild", "gnomads", "lawbringers", "pit_fighters"))
    while not g.is_over:
        d = g.decision
        texts = [str(a) for a in d.options]
        g.apply(d.options[-1] if d.kind == "start" else ("end" if d.kind in ("play", "reveal") and "end" in texts
                                                         else d.options[0]))
    return g


def _wildlands() -> Adapter:
    from wildlands import bench, rules
    from wildlands.position import PositionError

    def deal(label: str, seed: int, board: str, factions: tuple) -> Deal:
        return Deal(label, seed, {"board": board, "factions": list(factions), "first": "random"})

    return Adapter(
        name="wildlands",
        deals=(deal("dungeon2", 1, "dungeon", ("guild", "gnomads")),
               deal("ruins3", 2, "ruins", ("lawbringers", "pit_fighters", "guild")),
               deal("dungeon4", 3, "dungeon", ("pit_fighters", "gnomads", "lawbringers", "guild")),
               deal("ruins2", 4, "ruins", ("gnomads", "guild")),
               Deal("position", 5, position=bench.crowded_position(["guild", "gnomads", "lawbringers"]))),
        scramble=wildlands_scramble,
        position_error=PositionError,
        base_position={"board": "ruins", "factions": ["guild", "gnomads", "pit_fighters"], "active": 1, "turn": 4,
                       "characters": {"lunk": 10, "tak": 10, "elsie": "hidden 30", "gnoll": 24,
                                      "owl_sage": "defeated"},
                       "damage": {"lunk": 2}, "shards": [[1, 2], [5], [40]], "collected": [1, 0, 2],
                       "taken": [[], ["owl_sage"], []], "hands": [["c1", "s"], ["c4", "c5"], ["s", "s"]],
                       "discards": [["c2"], [], []]},
        worst_games=lambda: [wildlands_stalling_game()],
        log_bound=rules.MAX_MOVES,
        kinds_reached=frozenset({"start", "reveal", "play", "pay", "defend", "interrupt"}),
        prefer=("melee", "heavy_melee", "ranged", "heavy_ranged", "area", "pickup", "reveal", "pay"),
        bias=2,
        every=20,  # (its scramble replays the game to find the secret moves)
        gaps={
        })


#: registry name -> its entry (built on first use: an engine is imported only when its game is tested)
FACTORIES: dict[str, Callable[[], Adapter]] = {"crystalclans": _crystalclans, "tashkalar": _tashkalar,
                                               "wildlands": _wildlands}
_BUILT: dict[str, Adapter] = {}


def adapter(name: str) -> Adapter:
    """Game `name`'s entry (KeyError: the game is registered but has none: add it to FACTORIES)."""
    if name not in _BUILT:
        _BUILT[name] = FACTORIES[name]()
    return _BUILT[name]

