"""Card sets with other numbers: every number a card file may change (initiative track and neutral band,
start, replenish and invade costs, unit and crystal costs, hand sizes, squad and summon limits, crystals to
win, the face-up row, the second player's extra cards) is drawn at random. A set `load_card_set` refuses
must raise CardSetError; a set it accepts must play random games to a winner, every decision offering at
least one option and every engine invariant holding, within a bounded number of moves (issue 23: a set
that loads and then sticks).

The normal run tries 120 sets (250 until issue 51), two games each (derandomized); `python build.py test --long`
(CRYSTALCLANS_LONG=1) tries 3,000 with fresh randomness. The test prints how many sets it tried and how
many were refused."""
from __future__ import annotations

import copy
import time
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crystalclans as cc
from crystalclans import invariants
from crystalclans.rng import Rng, seed_state
from crystalclans.simulate import pairings

from ..conftest import LONG

SETS = 3_000 if LONG else 120
GAMES_PER_SET = 4 if LONG else 2
MAX_MOVES = 20_000  # the engine's own safety net (simulate.MAX_ACTIONS); base-set games take about 1,000
PAIRS = pairings()
BASE = cc.base_set().raw


def _span() -> st.SearchStrategy[tuple[int, int]]:
    """A (low, high) range of costs, each unit or crystal then getting a value in it; one time in five up to
    30, more than a short track can ever pay."""
    return st.sampled_from((9, 9, 9, 9, 30)).flatmap(
        lambda hi: st.tuples(st.integers(0, hi), st.integers(0, hi))).map(lambda t: (min(t), max(t)))


@st.composite
def card_numbers(draw: st.DrawFn) -> dict:
    """Numbers for a card file: usually near enough to the shipped ones to be accepted, one time in five over
    a wider range that crosses the bounds `playability_problems` draws, so some sets are refused."""

    def ints(usual: tuple[int, int], wide: tuple[int, int]) -> int:
        lo, hi = wide if draw(st.integers(0, 4)) == 0 else usual
        return draw(st.integers(lo, hi))

    neutral = draw(st.integers(0, 3))  # the band -neutral..neutral
    return {
        "spaces_per_side": ints((neutral + 4, 24), (1, 24)),
        "neutral": neutral,
        "start": ints((-neutral, neutral), (-neutral - 1, neutral + 1)),
        "replenish": ints((1, 9), (0, 9)),
        "invade": ints((1, 9), (0, 9)),
        "summon": draw(st.one_of(st.none(), _span())),  # None: the file's own costs
        "activation": draw(st.one_of(st.none(), _span())),
        "crystal_cost": draw(st.one_of(st.none(), _span())),
        "cost_seed": draw(st.integers(0, 2**32 - 1)),
        "replenish_hand_size": ints((1, 8), (0, 8)),
        "opening_hand": draw(st.integers(0, 8)),
        "squad_limit": draw(st.integers(1, 5)),  # 0 is refused by the schema already
        "summon_max_units": draw(st.integers(1, 4)),
        "crystals_to_win": ints((1, 7), (1, 9)),
        "face_up_crystals": draw(st.integers(1, 6)),
        "second_player_extra_cards": draw(st.integers(0, 3)),
    }


def card_file(numbers: dict) -> dict:
    """The shipped card file with these numbers in place of its own (provenance tags kept)."""
    doc = copy.deepcopy(BASE)
    ini, rules = doc["initiative"], doc["rules"]
    ini["spaces_per_side"]["value"] = numbers["spaces_per_side"]
    ini["neutral_spaces"]["value"] = list(range(-numbers["neutral"], numbers["neutral"] + 1))
    ini["start"]["value"] = numbers["start"]
    ini["fixed_costs"]["replenish"]["value"] = numbers["replenish"]
    ini["fixed_costs"]["invade"]["value"] = numbers["invade"]
    for key in ("replenish_hand_size", "opening_hand", "squad_limit", "summon_max_units", "crystals_to_win",
                "face_up_crystals", "second_player_extra_cards"):
        rules[key]["value"] = numbers[key]
    rng = Rng(seed_state(numbers["cost_seed"]))

    def draw(span: tuple[int, int]) -> int:
        return span[0] + rng.below(span[1] - span[0] + 1)

    for clan in doc["clans"]:
        for unit in clan["units"]:
            for key in ("summon", "activation"):
                if numbers[key] is not None:
                    unit[key]["value"] = draw(numbers[key])
    if numbers["crystal_cost"] is not None:
        for crystal in doc["crystals"]:
            crystal["cost"]["value"] = draw(numbers["crystal_cost"])
    return doc


def play_to_the_end(cs: cc.CardSet, game: int, seed: int) -> int:
    """A random game with the set; its length in moves. Fails on a decision with no option, a broken
    invariant, or a game that has not ended after MAX_MOVES."""
    clans = PAIRS[(seed + game) % len(PAIRS)]
    g = cc.new_game(clans, seed=seed + game, mulligan=game % 2 == 1, card_set=cs)
    expected = (invariants.deck_multiset(g, 0), invariants.deck_multiset(g, 1))
    bot = Rng(seed_state(seed + game, 1))
    for move in range(MAX_MOVES):
        if g.is_over:
            assert g.winner in (0, 1)
            return move
        invariants.check(g, expected)  # also: an unfinished game asks a decision with an option
        opts = g.legal_actions()
        g.apply(opts[bot.below(len(opts))])
    raise AssertionError(f"{clans} game {game}: no winner after {MAX_MOVES} moves")


def test_every_accepted_card_set_plays_to_a_winner():
    tally: Counter = Counter()
    longest = 0
    t0 = time.perf_counter()

    @settings(max_examples=SETS, database=None, deadline=None, derandomize=not LONG,
              suppress_health_check=list(HealthCheck))
    @given(numbers=card_numbers(), seed=st.integers(0, 10**6))
    def try_set(numbers: dict, seed: int) -> None:
        nonlocal longest
        tally["tried"] += 1
        try:
            cs = cc.load_card_set(card_file(numbers))
        except cc.CardSetError:  # any other exception fails the test
            tally["refused"] += 1
            return
        for game in range(GAMES_PER_SET):
            moves = play_to_the_end(cs, game, seed)
            longest = max(longest, moves)
            tally["games"] += 1

    try_set()
    print(f"\ncard-set numbers: {tally['tried']} sets tried, {tally['refused']} refused, "
          f"{tally['games']} games played with the accepted ones (longest {longest} moves), "
          f"{time.perf_counter() - t0:.1f} s")
    assert tally["tried"] >= SETS // 2 and 0 < tally["refused"] < tally["tried"], tally


def test_the_shipped_numbers_are_accepted_unchanged():
    same = {"spaces_per_side": 20, "neutral": 1, "start": 0, "replenish": 3, "invade": 3, "summon": None,
            "activation": None, "crystal_cost": None, "cost_seed": 0, "replenish_hand_size": 5,
            "opening_hand": 5, "squad_limit": 3, "summon_max_units": 3, "crystals_to_win": 4,
            "face_up_crystals": 3, "second_player_extra_cards": 1}
    assert cc.load_card_set(card_file(same)).hash == cc.base_set().hash
