"""Issue 29: the search bot on built positions (Game.from_position).

* A trap the greedy bot walks into: Lunk, one hit from defeat, stands next to his own shard, on which the
  gnomads' Automate waits; the gnomads need one point. Greedy sees the shard come nearer and steps on it, and
  the Automate's melee knocks Lunk out, the gnomads' fifth point (W60, W61). The search plays each option out
  through the gnomads' answer and keeps Lunk off that space.
* Two actions in one turn win the game: Lunk steps onto his own shard and picks it up, the fifth point (W27,
  W61). The search plays the step first and wins this turn; the random bot mostly wanders off.
* The fitted evaluation judges the obvious as the hand-weighted one does (a point ahead is better, a won game
  is +1)."""
from __future__ import annotations

import time

from wildlands.ai import make_bot
from wildlands.ai.evaluate import evaluate_fitted
from wildlands.content import FACTIONS

from .conftest import position

TURN = 6


def one_step_from_the_win():
    # Lunk (guild, seat 0) next to his own shard on 10 with four cards that show him: a move (one card) and a
    # pickup (three) win; the gnomads are far away and hold no card for Lunk's spaces
    return position(active=0, turn=TURN, characters={"lunk": 11, "automate": 30, "elsie": 35},
                    shards=[[10], [20]], collected=[4, 0], hands=[["c1", "c2", "c3", "c4"], ["c21", "c23"]])


def play_the_turn(g, bot) -> None:
    while not g.is_over and g.turn == TURN:
        g.apply(bot.choose(g) if g.decision.player == 0 else "pass")


def test_the_search_steps_onto_its_shard_and_wins_this_turn():
    started = time.thread_time()  # the search's own CPU time, which a busy machine does not stretch
    for seed in (1, 2):
        g = one_step_from_the_win()
        bot = make_bot("search", seed=seed)
        first = str(bot.choose(g))
        assert first.startswith("move ") and first.endswith(" lunk 10"), first
        play_the_turn(g, bot)
        assert g.is_over and g.winners == (0,)
    assert time.thread_time() - started < 2.0


def next_to_a_waiting_killer():
    return position(active=0, turn=TURN, characters={"lunk": 11, "owl_sage": 30, "automate": 10, "elsie": 35},
                    damage={"lunk": FACTIONS["guild"].health[0] - 1}, shards=[[10, 3], [20]], collected=[3, 4],
                    hands=[["c23", "c24", "c12"], ["c2", "c8", "c5", "c26", "c23"]])


def this_turn_and_the_next(name: str, seed: int):
    """`name` plays seat 0's turn, greedy the gnomads' next; the game then, and where Lunk ended seat 0's turn."""
    g = next_to_a_waiting_killer()
    bot, gnomads = make_bot(name, seed=seed), make_bot("greedy", seed=seed + 50)
    lunk = None
    while not g.is_over and g.turn <= TURN + 1:
        if g.turn > TURN and lunk is None:
            lunk = g.pos[0]
        g.apply((bot if g.decision.player == 0 else gnomads).choose(g))
    return g, lunk


def test_the_search_keeps_lunk_out_of_the_trap_greedy_walks_into():
    started = time.thread_time()  # the search's own CPU time, which a busy machine does not stretch
    for seed in (2, 3):
        g, lunk = this_turn_and_the_next("greedy", seed)
        assert lunk == 10 and g.winners == (1,)  # stepped onto the shard, knocked out: the gnomads' fifth point
    for seed in (0, 1):
        g, lunk = this_turn_and_the_next("search", seed)
        assert lunk != 10 and not g.is_over, (seed, lunk, g.winners)
    assert time.thread_time() - started < 2.0


def test_the_random_bot_mostly_misses_that_win():
    wins = 0
    for seed in range(6):
        g = one_step_from_the_win()
        play_the_turn(g, make_bot("random", seed=seed))
        wins += g.winners == (0,)
    assert wins <= 2, wins


def test_the_fitted_evaluation_judges_the_obvious():
    base = dict(active=0, characters={"lunk": 10, "tak": 30})
    even = position(**base)
    ahead = position(**base, collected=[2, 0])
    assert abs(evaluate_fitted(even, 0) + evaluate_fitted(even, 1)) < 1e-9
    assert evaluate_fitted(ahead, 0) > evaluate_fitted(even, 0) > evaluate_fitted(ahead, 1)
    won = position(**base, collected=[4, 0])
    won.collected[0] = 5
    won.settle()
    assert won.is_over and evaluate_fitted(won, 0) == 1.0 and evaluate_fitted(won, 1) == -1.0
