"""Engine invariants, checked after every action by the random-game and fuzz tests.

`check(g)` raises AssertionError naming the broken invariant:
* every card of each seat's deck is in exactly one place (hand, deck, discard): 30 with `complete`, else
  no card twice; hands at most 7 (W15, W23, W50);
* characters: on a space 1..42, unrevealed (with a start space from the setup; never on a shard's space,
  W14) or defeated; damage below health on the board, 0 off it (W57); figures taken are enemies' and
  defeated (W58); shards on distinct spaces, at most 5 per player with the collected ones (W14, W27);
* scores below 5 while the game runs (W61); a player out of characters while the game runs means a tie
  at the top among those still in (W62);
* an unfinished game asks one seat a question with at least one option, no two alike; the turn's
  questions go to the actor; a finished game asks nothing and has winners;
* the log is never longer than rules.MAX_MOVES; only start choices and the cards of a payment are hidden
  from the other seats in it (game.hidden), and a payment's cards only while it is not complete.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .content import DECK_SIZE, HAND_LIMIT, POINTS_TO_WIN
from .rules import MAX_MOVES, Pay

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

NC = 5


def check(g: "Game", complete: bool = True) -> None:
    n = g.n
    for p in range(n):
        cards = g.hands[p] + g.draws[p] + g.discards[p]
        assert len(cards) == len(set(cards)), f"seat {p}: a card in two places"
        assert all(0 <= k < DECK_SIZE for k in cards), f"seat {p}: an unknown card"
        if complete:
            assert len(cards) == DECK_SIZE, f"seat {p}: {len(cards)} cards, not {DECK_SIZE}"
        assert len(g.hands[p]) <= HAND_LIMIT, f"seat {p}: {len(g.hands[p])} cards in hand"
    all_shards = [s for sh in g.shards for s in sh]
    assert len(all_shards) == len(set(all_shards)), "two shards on one space"
    assert all(1 <= s <= 42 for s in all_shards)
    setup_done = g.turn > 0
    for c, s in enumerate(g.pos):
        assert -1 <= s <= 42, f"{g.ids[c]} at {s}"
        if s > 0:
            assert 0 <= g.dmg[c] < g.health[c], f"{g.ids[c]}: damage {g.dmg[c]} of {g.health[c]}"
            assert g.start[c] == 0
        else:
            assert g.dmg[c] == 0, f"{g.ids[c]} off the board with damage"
        if s == 0 and setup_done:
            assert 1 <= g.start[c] <= 42, f"{g.ids[c]}: unrevealed without a start space"
    for p in range(n):
        assert g.collected[p] + len(g.shards[p]) <= 5, f"seat {p}: more than 5 shards"
        for c in g.taken[p]:
            assert c // NC != p and g.pos[c] == -1, f"seat {p} took {g.ids[c]}"
    taken = [c for t in g.taken for c in t]
    assert len(taken) == len(set(taken)), "a figure taken twice"
    sc = g.scores
    if not g.over:
        assert max(sc) < POINTS_TO_WIN, f"scores {sc} and the game goes on"
        left = [p for p in range(n) if g.alive(p)]
        if setup_done and len(left) < n:
            top = max(sc[p] for p in left)
            assert len(left) >= 2 and sum(1 for p in left if sc[p] == top) >= 2, "an elimination without a tie"
        d = g.decision
        assert d is not None and d.options, "no question in a running game"
        assert 0 <= d.player < n and g.alive(d.player) or not setup_done
        texts = [str(a) for a in d.options]
        assert len(texts) == len(set(texts)), f"duplicate options {texts}"
        if d.kind in ("play", "reveal", "pay"):
            assert d.player == g.actor, "a turn's question to someone else than the actor"
    else:
        assert g.decision is None and not g.stack and g.winners, "a finished game without winners"
    assert len(g.log) <= MAX_MOVES, f"{len(g.log)} moves, more than {MAX_MOVES}"
    for i, seat in g.hidden.items():
        kind = g.log[i].split(" ", 1)[0]
        assert kind in ("start", "pay") and 0 <= seat < n, f"move {i + 1} ({g.log[i]}) hidden"
    pay = g.stack[-1] if g.stack and isinstance(g.stack[-1], Pay) else None
    if pay is not None:  # the moves of the payment under way are its cards, all still hidden from the others
        last = len(g.log)
        assert all(g.hidden.get(i) == pay.p for i in range(last - len(pay.paid), last)), "a card of a payment shown"
