"""The search's successive halving (tashkalar.ai.bots.SearchBot, halving=True, the `search` preset): every
option of the ranking's best `width` is played out in `samples` redeals, then only the better half in as many
more, until one is left; a time limit stops it early with a legal answer."""
from __future__ import annotations

import tashkalar as tk
from tashkalar.ai import PRESETS, make_bot
from tashkalar.ai.bots import ACTION, SearchBot, useful


def action_choice(min_options: int = 8, seed: int = 11) -> tk.Game:
    """A Duel action choice with many options, a few turns into a greedy game."""
    g = tk.new_game(mode="duel", decks=("northern", "southern"), seed=seed)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while True:
        d = g.decision
        if d.kind == ACTION and g.turn >= 4 and len(useful(d.options)) >= min_options:
            return g
        g.apply(bots[d.player].choose(g))


def counted(bot: SearchBot) -> list:
    calls: list = []
    real = bot.playout

    def playout(g, p, rng):
        calls.append(str(g.decision) if g.decision else None)
        return real(g, p, rng)

    bot.playout = playout
    return calls


def test_the_preset_halves():
    assert PRESETS["search"].get("halving") is True


def test_halving_plays_the_better_half_again_until_one_is_left():
    g = action_choice()
    bot = make_bot("search", seed=3, samples=1, width=6)
    calls = counted(bot)
    a = bot.choose(g)
    assert any(a is b for b in g.legal_actions())
    # 6 options one redeal each, then the better 3 one more each, then one is left: 9 playouts, 2 redeals
    assert len(calls) == 6 + 3 and bot.last_samples == 2
    plain = make_bot("search", seed=3, samples=1, width=6, halving=False)
    calls = counted(plain)
    plain.choose(g)
    assert len(calls) == 6 and plain.last_samples == 1


def test_halving_is_deterministic_and_a_limit_stops_it_early():
    g = action_choice(seed=12)
    a = make_bot("search", seed=5, samples=2, width=4).choose(g)
    b = make_bot("search", seed=5, samples=2, width=4).choose(g)
    assert str(a) == str(b)
    bot = make_bot("search", seed=5, samples=50, width=8, limit=0.0)
    calls = counted(bot)
    c = bot.choose(g)
    assert any(c is x for x in g.legal_actions())
    assert bot.last_samples == 1 and len(calls) == min(8, len(useful(g.decision.options)))
