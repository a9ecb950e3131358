"""What the tests of Tash-Kalar's and Wildlands' computer players share (tests/tashkalar/test_ai.py,
tests/wildlands/test_ai.py): every bot answers with a legal action, and no bot peeks. Each game gives its own
positions, its bots and how to redeal what a player cannot see; Crystal Clans' bots have theirs in
tests/unit/test_ai.py."""
from __future__ import annotations

import json
from typing import Callable, Iterable


def view_text(g, p: int) -> str:
    """What player p sees of g, as one comparable text."""
    return json.dumps(g.view(p), sort_keys=True)


def every_bot_answers_legally(positions: Iterable, names: Iterable[str], make_bot: Callable,
                              budgets: dict) -> set[str]:
    """Each bot named (with its budget from `budgets`, if any) answers every position with one of its legal
    actions (the same object, not an equal text); returns the kinds of decision met. An unknown bot name is
    refused, naming the known ones."""
    names = list(names)
    kinds = set()
    for n, g in enumerate(positions):
        for name in names:
            a = make_bot(name, seed=n, **budgets.get(name, {})).choose(g)
            assert any(a is b for b in g.legal_actions()), f"{name} at {g.decision.kind}: {a}"
        kinds.add(g.decision.kind)
    try:
        make_bot("perfect")
    except ValueError as e:
        assert "random" in str(e)
    else:  # pragma: no cover
        raise AssertionError("an unknown bot was made")
    return kinds


def bots_never_peek(positions: Iterable, scramble: Callable, hidden: Callable, make_bot: Callable,
                    budgets: dict) -> tuple[int, set[str]]:
    """For each position g, `scramble(g, p, salt)` is another game the deciding player p cannot tell from g
    (her view is the same); each bot in `budgets` chooses the same there, seed for seed. Returns how many of
    the scrambled games really differed (`hidden(g)`: what was redealt) and the kinds of decision met."""
    kinds = set()
    changed = 0
    for n, g in enumerate(positions):
        p = g.decision.player
        other = scramble(g, p, n + 1)
        assert view_text(other, p) == view_text(g, p)
        changed += hidden(other) != hidden(g)
        for name, budget in budgets.items():
            a = make_bot(name, seed=n, **budget).choose(g)
            b = make_bot(name, seed=n, **budget).choose(other)
            assert str(a) == str(b), f"{name} at {g.decision.kind}: {a} with the true hidden facts, {b} with others"
        kinds.add(g.decision.kind)
    return changed, kinds
