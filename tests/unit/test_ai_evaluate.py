"""Crystal Clans' evaluations (crystalclans.ai.evaluate): the fitted one is the logistic model over FEATURES with
the weights in fitted.py, antisymmetric between the players, and +-1 once the game is over; the "-fit" bots use
it."""
from __future__ import annotations

import math

import crystalclans as cc
from crystalclans.ai import BOT_NAMES, make_bot
from crystalclans.ai.bots import GreedyBot
from crystalclans.ai.evaluate import FEATURES, evaluate_fitted, evaluate_hand, features
from crystalclans.ai.fitted import WEIGHTS


def positions(seed: int = 5, every: int = 7):
    g = cc.new_game(("skull", "flower"), seed=seed)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    n = 0
    while g.decision is not None:
        if n % every == 0:
            yield g.clone()
        g.apply(bots[g.decision.player].choose(g))
        n += 1
    yield g


def test_the_fitted_evaluation_is_the_logistic_model_over_the_features():
    assert len(WEIGHTS) == len(FEATURES)
    seen = 0
    for g in positions():
        for p in (0, 1):
            x = features(g, p)
            assert len(x) == len(FEATURES)
            v = evaluate_fitted(g, p)
            if g.winner is not None:
                assert v == (1.0 if g.winner == p else -1.0) == evaluate_hand(g, p)
                continue
            assert math.isclose(v, math.tanh(0.5 * sum(w * f for w, f in zip(WEIGHTS, x))), abs_tol=1e-12)
            assert math.isclose(v, -evaluate_fitted(g, 1 - p), abs_tol=1e-12)
            assert -1 < v < 1
            seen += 1
    assert seen > 10


def test_the_fitted_bots_use_the_fitted_evaluation():
    for name in ("greedy", "easy", "normal", "hard"):
        assert name + "-fit" in BOT_NAMES
        assert make_bot(name + "-fit").evaluate is evaluate_fitted
        assert make_bot(name + "-fit").name == name + "-fit"
        assert make_bot(name + "-hand").evaluate is evaluate_hand
    assert make_bot("normal-fit").samples == make_bot("normal").samples


def test_the_plain_names_use_the_shipped_evaluation():
    from crystalclans.ai import evaluate
    assert make_bot("greedy").evaluate is evaluate and make_bot("hard").evaluate is evaluate
    assert GreedyBot().evaluate is evaluate
