"""Seeded random games with 2, 3 and 4 players on both maps: every one ends with winners, the invariants
hold after every action, saves replay to the same state hash; view(p) never
leaks (a scramble of everything p may not see, the log's secret moves included, leaves view(p) unchanged at
every decision, the decision and the log included, and after the same move in both; also around payments
begun, paid and cancelled); the privacy
requirement of issue 29 (no question's existence depends on a hidden hand); prompts per game counted. (clone()
and the views now, at sampled states of every game: tests/conformance; the scramble is its table's.)"""
from __future__ import annotations

import json

import pytest

import wildlands as wl
from crystalclans.rng import Rng, seed_state
from wildlands import invariants
from wildlands.rules import Pay

from ..conformance.games import wildlands_scramble as scramble
from .conftest import play_out, random_policy, uniform_policy

CONFIGS = [(board, n) for board in ("dungeon", "ruins") for n in (2, 3, 4)]


@pytest.mark.parametrize("board,n", CONFIGS)
def test_random_games_end_with_winners_and_keep_the_invariants(board, n):
    for k in range(2):
        seed = 100 + 10 * n + k
        g = wl.new_game(board=board, factions=wl.FACTION_IDS[:n], seed=seed)
        choose = random_policy(seed) if k == 0 else uniform_policy(seed)
        play_out(g, choose, check=invariants.check)
        assert g.winners and all(0 <= w < n for w in g.winners)
        again = wl.Game.from_json(g.to_json())
        assert again.state_hash() == g.state_hash() and again.log == g.log
        assert g.story() and g.story()[-1]["events"][-1]["kind"] == "game_over"


def _reveals_to(a: wl.Action, before: wl.Game, after: wl.Game, keep: int) -> bool:
    """The move shows `keep` something the scramble changed: another seat's figure revealed (its start
    space), a payment completed (its cards and its moves shown), or keep drew (her pile was reordered)."""
    paying = before.stack and isinstance(before.stack[-1], Pay)
    return (a.kind == "reveal" and before.decision.player != keep) or \
        (a.kind == "pay" and paying and not (after.stack and isinstance(after.stack[-1], Pay))) or \
        len(after.hands[keep]) > len(before.hands[keep]) or after.is_over


def same_view_now_and_after(g: wl.Game, p: int, salt: int, a: wl.Action) -> None:
    """view(p) of g and of its scramble for p are equal, and stay equal after the same move `a` (when it
    is legal in both and shows p nothing the scramble changed)."""
    s = scramble(g, p, salt)
    v = g.view(p)
    assert v == s.view(p), f"view({p}) depends on what {p} may not know at {g.decision!r}"
    if str(a) not in {str(b) for b in s.legal_actions()}:
        return
    real = g.clone()
    real.apply(a)
    s.apply(str(a))
    if not _reveals_to(a, g, real, p):
        assert real.view(p) == s.view(p), f"view({p}) after {a} depends on what {p} may not know"


@pytest.mark.parametrize("n", [2, 4])
def test_views_never_leak_at_any_decision(n):
    g = wl.new_game(board="dungeon", factions=wl.FACTION_IDS[:n], seed=40 + n)
    choose = random_policy(40 + n)
    step = 0
    while not g.is_over:
        a = choose(g)
        if step % 3 == 0 and g.turn > 0:
            for p in range(n):
                v = g.view(p)
                same_view_now_and_after(g, p, step, a)
                assert len(v["hand"]) == len(g.hands[p])
                assert all("start" not in c for s in v["seats"] if s["seat"] != p for c in s["characters"])
                if g.decision.player != p:
                    assert v["legal_actions"] == [] and "options" not in v["decision"]
                json.dumps(v)
        g.apply(a)
        step += 1


def _paying_and_cancelling(seed: int):
    """Random games in which a player who can begin a climb or a pickup does, pays a card and cancels now
    and then: the states at every step of it."""
    g = wl.new_game(board=("dungeon", "ruins")[seed % 2], factions=wl.FACTION_IDS[:2 + seed % 3], seed=60 + seed)
    choose = random_policy(60 + seed)
    rng = Rng(seed_state(seed, 8))
    while not g.is_over and len(g.log) < 1500:
        d = g.decision
        costly = [a for a in d.options if a.kind in ("climb", "pickup")]
        if costly and rng.below(2):
            a = costly[rng.below(len(costly))]
        elif d.kind == "pay" and len(d.options) > 1 and rng.below(3):
            a = d.options[-1] if str(d.options[-1]) == "cancel" and rng.below(2) else d.options[0]
        else:
            a = choose(g)
        yield g, a
        g.apply(a)


@pytest.mark.parametrize("seed", range(3))
def test_payments_and_their_cancels_never_show_a_hidden_card(seed):
    """Finding 1 as a property: at every step around climbs and pickups (begun, paid, cancelled, completed),
    each other seat's view is the same in the game and in its scramble, now and after the same move."""
    cancels = 0
    for g, a in _paying_and_cancelling(seed):
        if g.turn == 0:
            continue
        if g.decision.kind == "pay" or g.log[-1:] == ["cancel"] or a.kind in ("climb", "pickup"):
            cancels += g.log[-1:] == ["cancel"]
            for p in range(g.n):
                if p != g.decision.player or a.kind != "cancel":
                    same_view_now_and_after(g, p, len(g.log), a)
    assert cancels > 0


def test_setup_choices_stay_hidden_from_the_others():
    g = wl.new_game(factions=("guild", "gnomads", "lawbringers"), seed=12)
    while g.decision.kind == "start":
        g.apply(g.legal_actions()[-1])
    for p in range(3):
        log = g.view(p)["log"]
        assert sum(1 for t in log if t != "start (hidden)") == 5  # one's own five
        assert g.view(p)["dealt"] == []


def _public_sequence(g: wl.Game, holder: int, choose, limit: int = 400) -> list:
    """(kind, player) of each decision and the others' views, until `holder` must act on its own turn or
    interrupt; the holder passes every window and defence. The others choose by `choose`."""
    seq = []
    for _ in range(limit):
        if g.is_over:
            break
        d = g.decision
        seq.append((d.kind, d.player, tuple(json.dumps(g.view(q), sort_keys=True) for q in range(g.n) if q != holder)))
        if d.player == holder:
            if d.kind in ("interrupt", "defend"):
                g.apply("pass")
                continue
            break
        g.apply(choose(g))
    return seq


@pytest.mark.parametrize("seed", range(6))
def test_privacy_a_hidden_hand_changes_no_question_the_others_see(seed):
    """Issue 29: two games that differ only in one player's hand (one holds specials and defences, the
    other not) ask the same questions of the same players, and every other player's view is the same,
    until that player acts (interrupts, defends or plays its turn)."""
    n = 2 + seed % 3
    g = wl.new_game(board=("dungeon", "ruins")[seed % 2], factions=wl.FACTION_IDS[:n], seed=300 + seed)
    choose = random_policy(300 + seed)
    holder = (g.first_player if g.turn else 0)
    while g.turn < 2 or g.active == holder:  # into the game, on somebody else's turn
        g.apply(choose(g))
        holder = (g.active + 1) % n
    a = g.clone()
    b = g.clone()
    pool = a.hands[holder] + a.draws[holder]
    specials = [k for k in pool if k >= 26]
    rest = [k for k in pool if k < 26]
    h = len(a.hands[holder])
    a.hands[holder], a.draws[holder] = (specials + rest)[:h], (specials + rest)[h:]  # as many specials as can be
    b.hands[holder], b.draws[holder] = rest[:h], rest[h:] + specials  # none
    a._advance()
    b._advance()
    sa = _public_sequence(a, holder, random_policy(seed))
    sb = _public_sequence(b, holder, random_policy(seed))
    assert len(sa) > 3 and sa == sb


def prompts_per_game(games: int = 6) -> dict[int, float]:
    out = {}
    for n in (2, 3, 4):
        total = 0
        for k in range(games):
            g = wl.new_game(board=("dungeon", "ruins")[k % 2], factions=wl.FACTION_IDS[:n], seed=700 + k)
            play_out(g, random_policy(700 + k))
            total += sum(g.prompts)
        out[n] = total / games
    return out


def test_prompts_per_game_are_counted():
    """Out-of-turn questions (interrupt windows and defences) per game, by player count (also printed by
    python -m wildlands.bench): every window asks every other player still in, so they grow with n."""
    counts = prompts_per_game(3)
    assert all(c > 0 for c in counts.values()) and counts[4] > counts[2]
