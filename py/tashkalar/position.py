"""Game.from_position: a scenario (tests, puzzles, rule examples) given piece by piece and card by card.

    {
      "mode": "duel",                          # or "high_form"
      "decks": ["northern", "highland"],       # seat 0, seat 1 (their pieces' colours)
      "active": 0, "turn": 3,                  # who is on turn, the turn number (turn 1 has 1 action)
      "actions_left": 2, "discarded": false,   # default: the turn's actions, nothing discarded yet
      "seed": 0,                               # for later shuffles
      "board": {"e5": "0c", "d4": "1h", "c3": "0l"},   # square: seat + c(ommon) / h(eroic) / l(egendary)
      "hands":   [["imperial/knight", "legend/titan", "flare/03"], []],
      "draw":    [["imperial/herald"], null],  # TOP FIRST; null or left out: the deck's other cards
      "discard": [[], []],
      "legend_deck": [...], "legend_discard": [...], "flare_deck": [...], "flare_discard": [...],
      "points": [0, 0],                        # Duel
      "tasks_up": ["task/destruction", ...], "task_next": "task/diagonals", "tasks_deck": [...],
      "claimed": [["task/side-chain"], []],    # High Form
      "killed": [[0, 0, 0], [2, 1, 0]],        # per colour: enemy pieces the active player destroyed this turn
      "summons": [["e5", 0]],                  # beings summoned this turn: square, rank
      "end_triggered": false, "final_left": -1, "extra_turns": 0, "borrow": 0,
      "form": "duel",                          # Team only: "high_form" (default) or "duel"
      "melee_points": [[0, 3, 1], ...],        # Melee: per seat, its points in each colour (own colour: 0)
      "improvised": [[1], [], []],             # Melee: per seat, the enemy colours used to improvise
      "control": -1,                           # Team: the partner who has taken over the turn (-1: none)
      "frozen": ["everfrost/ice-princess", null],  # per seat: the card whose frozen effect is in play
      "malus": [0, 1],                         # per seat: actions fewer on its next turn
      "removed": [[0, 0], [1, 0]],             # PER COLOUR (2 in the Team game): pieces out of the game
      "gateway": ["e5", null], "summon_colour": -1,  # Nethervoid: each seat's Gateway; Possessed Summoner (a colour)
      "pending": ["etherweave/paradox-worm", null],  # Etherweave: a card of that seat's hand
      "stasis": ["1h", null]                         # per seat: the piece (colour + rank) on its Merchant of Time
    }

The number of players is the number of decks: 2 for "duel"/"high_form", 3-4 for "melee", 4 for "team"
(partners 0+2 and 1+3). A piece's digit is its colour: the seat in every mode but the Team game, where it
is the team (0: seats 0+2, 1: seats 1+3).

Left out, a seat's draw pile is the rest of its deck in data order; the legend and flare decks hold every
legend and flare listed nowhere else, in data order; the High Form deals its tasks from the seed unless
`tasks_up` is given. A seat may hold cards of any school (effect tests need that), each card at most once
per seat; a legend or flare at most once in the game.

A position is untrusted input (saves embed one), so it is checked completely before a game is built: first
its shape, without recursion (gamecore.untrusted: plain JSON data, nested at most MAX_DEPTH deep, at most MAX_NODES
values, texts of at most MAX_TEXT characters, whole numbers only: no fraction anywhere, so that a game built
from it can always save itself), then known keys only, types (a bool is no number) and ranges, square names,
pieces within each colour's supply, known cards. Any problem raises PositionError (a ValueError) naming the
field.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from gamecore import errors
from gamecore.rng import Rng, seed_state
from gamecore.untrusted import data_problem, describe, whole_number

from .board import BY_NAME
from .content import BY_ID, CARDS_T, DECKS, FLARES, LEGENDARY_PIECES, LEGENDS, TASK_BY_ID, TASKS
from .rules import MAX_TURNS, TurnFrame
from .scoring import deal_tasks, reveal_next
from .setup import check_form, check_options, shape

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

KEYS = ("mode", "decks", "active", "first_player", "turn", "actions_left", "discarded", "seed", "board", "hands",
        "draw", "discard", "legend_deck", "legend_discard", "flare_deck", "flare_discard", "points", "tasks_up",
        "task_next", "tasks_deck", "claimed", "killed", "summons", "end_triggered", "final_left", "extra_turns",
        "borrow", "form", "melee_points", "improvised", "control", "frozen", "malus", "removed", "gateway",
        "summon_colour", "pending", "stasis")
RANK_LETTER = {"c": 0, "h": 1, "l": 2}
MAX_SEED = 1 << 63
MAX_TURN = MAX_TURNS  # no game goes on past the turn limit (rules.py)
MAX_DEPTH = 6  # a position nests 4 deep (position > hands > a seat's hand > a card); more is refused
MAX_NODES = 2_000  # values in all (a full position of 4 seats, every pile given, holds about 400)
MAX_TEXT = 64  # characters of any text or key (the longest card id has 30)
COLOUR_DIGIT = {"0": 0, "1": 1, "2": 2, "3": 3}  # ASCII only: "²".isdigit() is True, int("²") fails


class PositionError(errors.PositionError):
    """A position that cannot be a game; the message names the field and what is wrong."""


def _show(v: Any) -> str:
    return describe(v, 40)


def _piece(v: Any, colours: int) -> "tuple[int, int] | None":
    """A piece in the position's notation (colour digit + c/h/l, e.g. '1h') as (colour, rank), or None."""
    if not (isinstance(v, str) and len(v) == 2 and v[0] in COLOUR_DIGIT and v[1] in RANK_LETTER):
        return None
    c = COLOUR_DIGIT[v[0]]
    return (c, RANK_LETTER[v[1]]) if c < colours else None


def _int(pos: dict, key: str, default: int, lo: int, hi: int) -> int:
    return whole_number(pos, key, default, lo, hi, PositionError, _show)


def _bool(pos: dict, key: str) -> bool:
    v = pos.get(key, False)
    if not isinstance(v, bool):
        raise PositionError(f"{key}: expected true or false, got {_show(v)}")
    return v


def _list(v: Any, what: str, max_len: int = 200) -> list:
    if not isinstance(v, list):
        raise PositionError(f"{what}: expected a list, got {_show(v)}")
    if len(v) > max_len:
        raise PositionError(f"{what}: at most {max_len} entries")
    return v


def _card(v: Any, what: str, kinds: tuple[str, ...] = ("being", "legend", "flare")) -> int:
    if not isinstance(v, str) or v not in BY_ID:
        raise PositionError(f"{what}: unknown card {_show(v)}")
    code = BY_ID[v]
    if CARDS_T[code].kind not in kinds:
        raise PositionError(f"{what}: {v} is a {CARDS_T[code].kind}, expected a {' or '.join(kinds)}")
    return code


def _cards(v: Any, what: str, kinds: tuple[str, ...] = ("being", "legend", "flare")) -> list[int]:
    return [_card(c, f"{what}[{i}]", kinds) for i, c in enumerate(_list(v, what))]


def _per_seat(pos: dict, key: str, n: int) -> list:
    v = pos.get(key)
    if v is None:
        return [None] * n
    v = _list(v, key)
    if len(v) != n:
        raise PositionError(f"{key}: one entry per seat ({n}), got {len(v)}")
    return v


def build_position(g: "Game", pos: Any) -> "Game":
    if not isinstance(pos, dict):
        raise PositionError(f"a position is a JSON object, got {_show(pos)}")
    problem = data_problem(pos, MAX_DEPTH, MAX_NODES, MAX_TEXT)  # before anything walks it (no recursion)
    if problem is not None:
        raise PositionError(f"a position is plain JSON data of whole numbers, texts and lists: {problem}")
    unknown = [k for k in pos if k not in KEYS]
    if unknown:
        raise PositionError(f"unknown key {_show(unknown[0])}; known: {', '.join(KEYS)}")
    mode = pos.get("mode", "duel")
    decks = pos.get("decks", ["northern", "highland"])
    n = len(decks) if isinstance(decks, list) else 0
    try:
        decks = check_options(mode, n, decks, _int(pos, "seed", 0, -MAX_SEED, MAX_SEED - 1), None, pos.get("form"))
        form = check_form(mode, pos.get("form"))
    except ValueError as e:
        raise PositionError(str(e)) from None
    g.setup = {"position": copy.deepcopy(pos)}
    shape(g, mode, form, n, decks)
    colours = len(g.bits)
    g.rng = Rng(seed_state(pos.get("seed", 0)))
    g.active = _int(pos, "active", 0, 0, n - 1)
    g.first_player = _int(pos, "first_player", g.active, 0, n - 1)
    g.turn = _int(pos, "turn", 2, 1, MAX_TURN)
    g.actions_left = _int(pos, "actions_left", 1 if g.turn == 1 else 2, 0, 20)
    g.discarded = _bool(pos, "discarded")
    g.extra_turns = _int(pos, "extra_turns", 0, 0, 5)
    g.borrow = _int(pos, "borrow", 0, 0, 1)

    board = pos.get("board", {})
    if not isinstance(board, dict):
        raise PositionError(f"board: expected an object of square: piece, got {_show(board)}")
    for name, piece in board.items():
        if name not in BY_NAME:
            raise PositionError(f"board: {_show(name)} is not a square of the arena (a5..i5, e1..e9, ...)")
        cr = _piece(piece, colours)
        if cr is None:
            raise PositionError(f"board.{name}: a piece is its colour 0..{colours - 1} (the seat; the team in the "
                                f"Team game) + c/h/l, e.g. '0c' or '1h', "
                                f"got {_show(piece)}")
        g.put(BY_NAME[name], *cr)
    for c in range(colours):
        if g.two_left(c) < 0:
            raise PositionError(f"board: colour {c} has more than {g.two_sided} common and heroic pieces")
        if g.legends_left(c) < 0:
            raise PositionError(f"board: colour {c} has more than {LEGENDARY_PIECES} legendary pieces")

    used_shared: set[int] = set()

    def shared(codes: list[int], what: str) -> list[int]:
        for c in codes:
            if CARDS_T[c].kind != "being":
                if c in used_shared:
                    raise PositionError(f"{what}: {CARDS_T[c].id} is already elsewhere (each legend and flare "
                                        "is in the game once)")
                used_shared.add(c)
        return codes

    frozen = [-1 if v is None else _card(v, f"frozen[{p}]", ("being",))
              for p, v in enumerate(_per_seat(pos, "frozen", n))]  # Everfrost's frozen effects
    for p, c in enumerate(frozen):
        if c >= 0 and not CARDS_T[c].frozen:
            raise PositionError(f"frozen[{p}]: {CARDS_T[c].id} has no frozen effect")
    g.frozen = frozen
    g.malus = [_int({"m": v or 0}, "m", 0, 0, 2) for v in _per_seat(pos, "malus", n)]
    g.removed = [[0, 0] for _ in range(n)]  # indexed by colour (the Team game's 2 colours use the first 2)
    if pos.get("removed") is not None and len(_list(pos["removed"], "removed")) != colours:
        raise PositionError(f"removed: one entry per colour ({colours}), got {len(pos['removed'])}")
    for c, row in enumerate(_per_seat(pos, "removed", colours)):
        if row is not None:
            if not (isinstance(row, list) and len(row) == 2 and all(
                    isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 3 for x in row)):
                raise PositionError(f"removed[{c}]: two whole numbers 0..3 (two-sided, legendary)")
            g.removed[c] = list(row)
            if g.two_left(c) < 0 or g.legends_left(c) < 0:
                raise PositionError(f"removed[{c}]: more pieces in the arena than colour {c} still owns")
    g.gateway = [-1] * n
    for p, v in enumerate(_per_seat(pos, "gateway", n)):
        if v is not None:
            cell = g.cells[BY_NAME[v]] if isinstance(v, str) and v in BY_NAME else -1
            if cell < 0 or cell >> 2 != g.colour[p] or cell & 3 == 2:
                raise PositionError(f"gateway[{p}]: a square with a common or heroic piece of seat {p}'s colour, "
                                    f"got {_show(v)}")
            g.gateway[p] = BY_NAME[v]
    g.summon_colour = _int(pos, "summon_colour", -1, -1, colours - 1)
    hands = _per_seat(pos, "hands", n)
    draws = _per_seat(pos, "draw", n)
    discards = _per_seat(pos, "discard", n)
    g.hands, g.draws, g.discards = [], [], []
    for p in range(n):
        hand = shared(_cards(hands[p] or [], f"hands[{p}]"), f"hands[{p}]")
        disc = _cards(discards[p] or [], f"discard[{p}]", ("being",))
        if draws[p] is None:
            taken = set(hand) | set(disc) | {frozen[p]}
            draw_top_first = [c for c in DECKS[decks[p]].cards if c not in taken]
        else:
            draw_top_first = _cards(draws[p], f"draw[{p}]", ("being",))
        beings = [c for c in hand + disc + draw_top_first + [frozen[p]] if c >= 0 and CARDS_T[c].kind == "being"]
        if len(beings) != len(set(beings)):
            raise PositionError(f"seat {p}: a being card appears twice among its hand, draw pile and discard")
        g.hands.append(hand)
        g.draws.append(list(reversed(draw_top_first)))
        g.discards.append(disc)
    for key, kind, every in (("legend", "legend", LEGENDS), ("flare", "flare", FLARES)):
        disc = shared(_cards(pos.get(f"{key}_discard") or [], f"{key}_discard", (kind,)), f"{key}_discard")
        if pos.get(f"{key}_deck") is None:
            deck = [c for c in every if c not in used_shared]
            used_shared.update(deck)
        else:
            deck = shared(_cards(pos[f"{key}_deck"], f"{key}_deck", (kind,)), f"{key}_deck")
        setattr(g, f"{key}_deck", list(reversed(deck)))
        setattr(g, f"{key}_discard", disc)

    g.points = [_int({"p": v}, "p", 0, 0, 99) for v in _per_seat(pos, "points", n)] \
        if pos.get("points") is not None else [0] * n
    if mode == "team" and (g.points[0] != g.points[2] or g.points[1] != g.points[3]):
        raise PositionError("points: partners share their team's points (seats 0 and 2, 1 and 3 alike)")
    g.claimed = [[] for _ in range(n)]
    if pos.get("killed") is not None:
        for c, row in enumerate(_per_seat(pos, "killed", colours)):
            if not (isinstance(row, list) and len(row) == 3 and all(
                    isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 20 for x in row)):
                raise PositionError(f"killed[{c}]: three whole numbers 0..20 (common, heroic, legendary)")
            g.killed[c] = list(row)
    if form == "melee":
        mp = pos.get("melee_points")
        if mp is not None:
            for p, row in enumerate(_per_seat(pos, "melee_points", n)):
                if not (isinstance(row, list) and len(row) == n and all(
                        isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 99 for x in row)
                        and row[p] == 0):
                    raise PositionError(f"melee_points[{p}]: {n} whole numbers 0..99, one per colour, its own "
                                        "colour 0")
                g.mpoints[p] = list(row)
        imp = pos.get("improvised")
        if imp is not None:
            for p, row in enumerate(_per_seat(pos, "improvised", n)):
                if not (isinstance(row, list) and all(
                        isinstance(c, int) and not isinstance(c, bool) and 0 <= c < n and c != p for c in row)
                        and len(set(row)) == len(row)):
                    raise PositionError(f"improvised[{p}]: a list of enemy colours, each once")
                g.improvised[p] = sum(1 << c for c in row)
    else:
        for key in ("melee_points", "improvised"):
            if pos.get(key) is not None:
                raise PositionError(f"{key}: belongs to the Melee")
    if mode == "team":
        g.control = _int(pos, "control", -1, -1, n - 1)
        if g.control >= 0 and g.control != (g.active + 2) % n:
            raise PositionError("control: only the active player's partner can take over her turn")
    elif pos.get("control") is not None:
        raise PositionError("control: belongs to the Team game")
    g.summons = []
    for i, s in enumerate(_list(pos.get("summons", []), "summons", 20)):
        if not (isinstance(s, list) and len(s) == 2 and isinstance(s[0], str) and s[0] in BY_NAME
                and type(s[1]) is int and 0 <= s[1] <= 2):
            raise PositionError(f"summons[{i}]: [square, rank 0..2], got {_show(s)}")
        g.summons.append((BY_NAME[s[0]], s[1]))
    if form == "high_form":
        used_tasks: set[int] = set()

        def task(v: Any, what: str) -> int:
            if not isinstance(v, str) or v not in TASK_BY_ID:
                raise PositionError(f"{what}: unknown task {_show(v)}")
            t = TASK_BY_ID[v]
            if t in used_tasks:
                raise PositionError(f"{what}: {v} is already elsewhere")
            used_tasks.add(t)
            return t

        for p, lst in enumerate(_per_seat(pos, "claimed", n)):
            g.claimed[p] = [task(v, f"claimed[{p}]") for v in _list(lst or [], f"claimed[{p}]", 24)]
        if pos.get("tasks_up") is None:
            if any(g.claimed):
                raise PositionError("tasks_up: give the current tasks when some are claimed")
            for key in ("task_next", "tasks_deck"):
                if pos.get(key) is not None:
                    raise PositionError(f"{key}: give it with tasks_up (without them the tasks are dealt from "
                                        "the seed)")
            deal_tasks(g)
        else:
            g.tasks_up = [task(v, "tasks_up") for v in _list(pos["tasks_up"], "tasks_up", 3)]
            nxt = pos.get("task_next")
            g.task_next = task(nxt, "task_next") if nxt is not None else -1
            if pos.get("tasks_deck") is None:
                deck = [t.code for t in TASKS if t.code not in used_tasks]
            else:
                deck = [task(v, f"tasks_deck[{i}]") for i, v in enumerate(_list(pos["tasks_deck"], "tasks_deck", 24))]
            g.tasks_deck = list(reversed(deck))
            if g.task_next < 0 and nxt is None and pos.get("tasks_deck") is None:
                reveal_next(g)
    else:
        for key in ("tasks_up", "task_next", "tasks_deck", "claimed"):
            if pos.get(key) is not None:
                raise PositionError(f"{key}: tasks belong to the High Form")
    g.pending, g.stasis = [-1] * n, [-1] * n
    for p, v in enumerate(_per_seat(pos, "pending", n)):
        if v is not None:
            c = _card(v, f"pending[{p}]", ("being",))
            if c not in g.hands[p]:
                raise PositionError(f"pending[{p}]: {v} is not in that seat's hand")
            g.pending[p] = c
    for p, v in enumerate(_per_seat(pos, "stasis", n)):
        if v is not None:
            cr = _piece(v, colours)
            if cr is None:
                raise PositionError(f"stasis[{p}]: a piece is its colour 0..{colours - 1} + c/h/l, e.g. '1h', got "
                                    f"{_show(v)}")
            c, r = cr
            g.removed[c][1 if r == 2 else 0] += 1
            if g.two_left(c) < 0 or g.legends_left(c) < 0:
                raise PositionError(f"stasis[{p}]: colour {c} has no such piece left to hold")
            g.stasis[p] = c * 4 + r
    g.end_triggered = _bool(pos, "end_triggered")
    g.final_left = _int(pos, "final_left", -1 if not g.end_triggered else n, -2, n)
    if g.end_triggered and g.final_left < 1:
        raise PositionError("final_left: with the end triggered, 1..players final turns are left")
    g.stack.append(TurnFrame(g.active))
    g._advance()
    return g
