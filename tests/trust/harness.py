"""Three games of one deal: the full game (both private seeds) and each player's one-sided game, fed only with
her own moves and the other's moves as the wire carries them (Game.wire_text), in the order a page could
receive them: the other's open selection is held until it is done or cancelled, a secret pick until its run
of secret picks is over (as net/session.py's commitments do). After every entry a one-sided game applies,
its public hash and its own player's view are compared with the full game's at the same point."""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

import crystalclans as cc
from crystalclans.ai.bots import GreedyBot, RandomBot
from crystalclans.battle import BattleFrame
from crystalclans.effects import EffectsFrame
from crystalclans.reveals import BATTLE


@dataclass
class Trio:
    full: cc.Game
    sides: list
    decider: list = field(default_factory=list)  # per full-log index: who decided
    options: list = field(default_factory=list)  # per index: the full game's options (text)
    secret: list = field(default_factory=list)  # per index: was the decision a secret pick
    hashes: list = field(default_factory=list)  # per log length: the full game's public hash
    views: list = field(default_factory=list)  # per log length: the full game's (view(0), view(1))
    unseen_ms: list = field(default_factory=list)  # ms per move applied for the unseen seat
    own_ms: list = field(default_factory=list)  # ms per own move applied in a one-sided game
    full_ms: list = field(default_factory=list)  # ms per move applied in the full game
    checks: int = 0
    reveals: Counter = field(default_factory=Counter)  # (what is shown, what asked) -> how often


def new_trio(clans, seed: int, seeds: tuple[int, int], mulligan: bool = False, views: bool = True,
             card_set=None) -> Trio:
    full = cc.new_game(clans, seed=seed, mulligan=mulligan, private_seeds=seeds, card_set=card_set)
    sides = [cc.new_game(clans, seed=seed, mulligan=mulligan, private_seeds=(seeds[0], None), card_set=card_set),
             cc.new_game(clans, seed=seed, mulligan=mulligan, private_seeds=(None, seeds[1]), card_set=card_set)]
    t = Trio(full, sides)
    t.views_on = views
    _snap(t)
    return t


def _snap(t: Trio) -> None:
    t.hashes.append(t.full.public_hash())
    t.views.append((t.full.view(0), t.full.view(1)) if t.views_on else None)


def step(t: Trio, move) -> None:
    """The full game's decider plays `move`; every one-sided game then takes what it can receive."""
    d = t.full.decision
    if d.kind == "reveal":
        t.reveals[(d.info["what"], reveal_source(t.full))] += 1
    t.decider.append(d.player)
    t.options.append([str(a) for a in d.options])
    t.secret.append(bool(d.secret))
    start = time.perf_counter()
    t.full.apply(move)
    t.full_ms.append((time.perf_counter() - start) * 1000)
    _snap(t)
    deliver(t)


def _run_over(t: Trio, i: int) -> bool:
    n = len(t.full.log)
    for k in range(i + 1, n):
        if not t.secret[k]:
            return True
    d = t.full.decision
    return d is None or not d.secret


def deliver(t: Trio) -> None:
    full = t.full
    progress = True
    while progress:
        progress = False
        for x in (0, 1):
            g = t.sides[x]
            while len(g.log) < len(full.log):
                i = len(g.log)
                y = t.decider[i]
                if y == x:
                    assert g.decision is not None and g.decision.player == x, (i, g.decision, full.log[i])
                    assert [str(a) for a in g.decision.options] == t.options[i], (i, full.log[i])
                    start = time.perf_counter()
                    g.apply(full.log[i])
                    t.own_ms.append((time.perf_counter() - start) * 1000)
                else:
                    owner = t.sides[y]
                    if len(owner.log) <= i or (t.secret[i] and not _run_over(t, i)):
                        break
                    text = owner.wire_text(i, x)
                    if text is None:
                        break
                    start = time.perf_counter()
                    g.apply(text)
                    t.unseen_ms.append((time.perf_counter() - start) * 1000)
                progress = True
                check_side(t, x)


def check_side(t: Trio, x: int) -> None:
    """x's one-sided game agrees with the full game at the same point: public hash, x's own view, and every
    card of the other seat it knows is that card."""
    g = t.sides[x]
    n = len(g.log)
    assert g.public_hash() == t.hashes[n], f"seat {x}: public hash differs after {n} moves ({g.log[-3:]})"
    if t.views_on:
        assert g.view(x) == t.views[n][x], f"seat {x}: view differs after {n} moves"
    t.checks += 1
    if n == len(t.full.log):
        assert_sound(g, t.full, x)


def assert_sound(g: cc.Game, full: cc.Game, x: int) -> None:
    """Every card of the other seat that x's game knows is where the full game has it; the rest are
    placeholders, exactly as many as the full game has cards there."""
    q = 1 - x
    unk = g.secrecy.unknown[q]
    assert len(g.draws[q]) == len(full.draws[q]) and len(g.hands[q]) == len(full.hands[q])
    for mine, true in zip(g.draws[q], full.draws[q]):
        assert mine == unk or mine == true, "a known card of the other's draw pile is not the true one"
    known = Counter(c for c in g.hands[q] if c != unk)
    assert not known - Counter(full.hands[q]), "a known card of the other's hand is not in it"
    assert g.hands[x] == full.hands[x] and g.draws[x] == full.draws[x]


class FickleBot(RandomBot):
    """Uniform over every option, cancel included (the other bots never cancel), so selections get
    cancelled and travel as '?'."""

    name = "fickle"

    def choose(self, game):
        opts = game.decision.options
        return opts[self.rng.below(len(opts))]


def make_bot(name: str, seed: int):
    if name == "greedy":
        return GreedyBot(seed, samples=1, lookahead=6)
    return FickleBot(seed) if name == "fickle" else RandomBot(seed)


def reveal_source(g: cc.Game) -> str:
    """What asks the pending reveal: 'invade', a crystal or card effect ('crystal.ember_crown',
    'flower.spirit_guide'), an ability ('skull.ancestral_knights.reaper'), 'battle_card' (or
    'battle_card_first': played from the draw pile by a player who reveals first)."""
    top = g.stack[-1]
    if top.what == BATTLE:  # at the battle-card reveal, or before the other picks (she reveals first)
        return "battle_card_first" if any(type(f) is BattleFrame and f.step == 1 for f in g.stack) else "battle_card"
    for f in reversed(g.stack[:-1]):
        if isinstance(f, EffectsFrame):
            if f.origin:
                return f.origin
            u = g.U[f.src >> 1]
            ab = next((a.id for a in u.abilities if a.effects is f.effects), None)
            return ab or u.id
    return "invade"


def play(clans, seed: int, bots=("random", "random"), mulligan: bool = False, views: bool = True,
         max_moves: int = 5000, card_set=None) -> Trio:
    seeds = (seed * 7919 + 11, seed * 104729 + 5)
    t = new_trio(clans, seed, seeds, mulligan, views, card_set)
    players = [make_bot(bots[0], seed), make_bot(bots[1], seed + 1)]
    while t.full.decision is not None and len(t.full.log) < max_moves:
        step(t, players[t.full.decision.player].choose(t.full))
    deliver(t)
    return t
