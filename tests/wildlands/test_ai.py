"""Wildlands' computer players (wildlands.ai): a determinization looks the same to the deciding player, keeps
every count and really redeals the hidden cards and start spaces; two real games she cannot tell apart give
the same redeal; every bot answers with a legal action at every kind of decision; the bots never peek (the
same choice, for the same seed, whatever the hidden information is); the out-of-turn answers; the command
line records games with the code that played them."""
from __future__ import annotations

import json
from collections import Counter

import wildlands as wl
from crystalclans.rng import Rng, seed_state
from wildlands.__main__ import main
from wildlands.ai import BOT_NAMES, PRESETS, determinize, evaluate, make_bot
from wildlands.ai.codeversion import code_version
from wildlands.content import BOARDS, FACTIONS, N_SPACES

from ..botkit import bots_never_peek, every_bot_answers_legally, view_text
from .conftest import card, options, position, random_policy

TINY = {"samples": 1, "width": 2, "horizon": 2}  # a search budget small enough for tests
KINDS = {"start", "reveal", "play", "pay", "defend", "interrupt", "manoeuvre"}
NC = 5
SETUPS = [("dungeon", ("guild", "gnomads")), ("ruins", ("lawbringers", "pit_fighters")),
          ("dungeon", ("pit_fighters", "guild", "lawbringers"))]


def states(games: int = 3, per_kind: int = 2, seed: int = 40):
    """Decisions with a real choice from seeded random games (2 and 3 players, both boards), at most
    `per_kind` of each kind per game."""
    for i in range(games):
        board, factions = SETUPS[i % len(SETUPS)]
        g = wl.new_game(board=board, factions=factions, seed=seed + i)
        choose = random_policy(seed + i)
        seen: Counter = Counter()
        step = 0
        while not g.is_over and step < 3000:
            d = g.decision
            if len(d.options) > 1 and seen[d.kind] < per_kind and step % 3 == 0:
                seen[d.kind] += 1
                yield g.clone()
            g.apply(choose(g))
            step += 1


def scramble(g: wl.Game, p: int, salt: int) -> wl.Game:
    """Another game p cannot tell from g: each other player's hand swapped with cards of her draw pile, every
    pile reshuffled, the others' unrevealed figures on other start spaces (during the setup: other map cards
    dealt to them), a new PRNG."""
    h = g.clone()
    r = Rng(seed_state(salt, 3))
    for q in range(h.n):
        if q != p:
            hand, pile = h.hands[q], h.draws[q]
            for i in range(len(hand)):
                if pile:
                    j = r.below(len(pile))
                    hand[i], pile[j] = pile[j], hand[i]
        r.shuffle(h.draws[q])
    if any(h.dealt):
        free = [s for s in range(1, N_SPACES + 1) if s not in h.dealt[p]]
        r.shuffle(free)
        for q in range(h.n):
            if q != p:
                h.dealt[q] = sorted(free[:len(h.dealt[q])])
                del free[:len(h.dealt[q])]
                for k, c in enumerate(c for c in range(q * NC, q * NC + NC) if h.start[c]):
                    h.start[c] = h.dealt[q][k]
    else:
        known = {s for sh in h.shards for s in sh} | {s for c, s in enumerate(h.start) if s and c // NC == p}
        known |= {e[3] for e in g.events if e[1] == "reveal"} | {e[4] for e in g.events if e[1] == "pickup"}
        free = [s for s in range(1, N_SPACES + 1) if s not in known]
        r.shuffle(free)
        for c in range(h.n * NC):
            if c // NC != p and h.pos[c] == 0:
                h.start[c] = free.pop()
    h.rng = Rng(h.rng.state ^ 0x9E3779B97F4A7C15)
    return h


def test_a_determinization_looks_the_same_keeps_the_counts_and_plays_on():
    rng = Rng(seed_state(2))
    kinds = set()
    for n, g in enumerate(states()):
        p = g.decision.player
        d = determinize(g, p, rng)
        assert view_text(d, p) == view_text(g, p), f"determinize changed what player {p} sees at {g.decision!r}"
        assert sorted(d.hands[p]) == sorted(g.hands[p]) and sorted(d.draws[p]) == sorted(g.draws[p])
        for x in range(g.n):
            assert len(d.draws[x]) == len(g.draws[x]) and len(d.hands[x]) == len(g.hands[x])
            assert sorted(d.hands[x] + d.draws[x]) == sorted(g.hands[x] + g.draws[x])
            assert d.discards[x] == g.discards[x]
        hidden = [c for c in range(g.n * NC) if g.pos[c] == 0 and g.start[c]]
        assert [bool(d.start[c]) for c in hidden] == [True] * len(hidden)
        assert len({d.start[c] for c in range(g.n * NC) if d.start[c]}) == len([c for c in d.start if c])
        assert not set(d.start) & {s for sh in d.shards for s in sh}
        assert all(t == "start (hidden)" for i, t in enumerate(d.log) if g.hidden.get(i, p) != p)
        kinds.add(g.decision.kind)
        if n % 4 == 0:  # a sound game: random play from it reaches the end
            choose = random_policy(n)
            for _ in range(5000):
                if d.is_over:
                    break
                d.apply(choose(d))
            assert d.is_over
    assert {"start", "reveal", "play", "pay", "defend"} <= kinds, kinds


def test_two_games_the_player_cannot_tell_apart_give_the_same_redeal():
    changed = 0
    for n, g in enumerate(states(seed=60)):
        p = g.decision.player
        other = scramble(g, p, n + 1)
        assert view_text(other, p) == view_text(g, p)
        changed += other.state_key() != g.state_key()
        a = determinize(g, p, Rng(seed_state(n, 5)))
        b = determinize(other, p, Rng(seed_state(n, 5)))
        assert a.state_key() == b.state_key(), f"the redeal depends on hidden information at {g.decision!r}"
    assert changed > 10


def test_the_redeal_really_changes_the_hidden_information():
    g = wl.new_game(board="dungeon", factions=("guild", "gnomads"), seed=11)
    choose = random_policy(1)
    def other(h):
        return h.pos[(1 - h.decision.player) * NC:(2 - h.decision.player) * NC]
    while g.decision.kind != "play" or other(g).count(0) < 2:
        g.apply(choose(g))
    p = g.decision.player
    q = 1 - p
    hands, tops, starts = Counter(), Counter(), Counter()
    rng = Rng(seed_state(5))
    for _ in range(40):
        d = determinize(g, p, rng)
        hands[tuple(d.hands[q])] += 1
        tops[d.draws[p][-1]] += 1
        starts[tuple(d.start[q * NC:q * NC + NC])] += 1
    assert len(hands) > 10 and len(tops) > 3 and len(starts) > 10


def test_every_bot_answers_with_a_legal_action_at_every_kind():
    kinds = every_bot_answers_legally(states(games=3, per_kind=1, seed=70), BOT_NAMES, make_bot, {"search": TINY})
    assert len(kinds) >= 5, kinds


def test_bots_never_peek_at_every_kind():
    """Swap what the deciding player cannot see for other cards and start spaces consistent with her view:
    the same seed gives the same choice."""
    changed, kinds = bots_never_peek(states(games=3, per_kind=2, seed=90), scramble,
                                     lambda h: (h.hands, h.start), make_bot, {"greedy": {}, "search": TINY})
    assert changed > 5 and {"start", "reveal", "play", "pay", "defend"} <= kinds, (changed, kinds)


def _window(target_space: "int | None", dmg: int = 1) -> wl.Game:
    """Seat 0 (guild) has moved Lunk; seat 1 (gnomads) holding a special card and a ranged card of its Scout
    answers the interrupt window. The guild's Owl Sage (health 2) stands in the Scout's line of sight or not."""
    bd = BOARDS["dungeon"]
    x = 3
    far = [s for s in range(1, N_SPACES + 1) if s not in bd.los[x] and s != x]
    chars = {"scout": x, "lunk": far[0], "tak": far[1], "owl_sage": target_space or far[2]}
    g = position(active=0, characters=chars, damage={"owl_sage": dmg},
                 hands=[[card("guild", "lunk", None)], ["s", card("gnomads", "scout", "ranged")]])
    g.apply(next(o for o in options(g) if o.startswith("move ")))
    assert g.decision.kind == "interrupt" and options(g) == ["pass", "interrupt"]
    return g


def test_an_interrupt_window_is_passed_unless_interrupting_is_clearly_good():
    target = next(s for s in BOARDS["dungeon"].los[3] if s != 3 and s not in BOARDS["dungeon"].near[3])
    for name in ("greedy", "search"):
        assert str(make_bot(name, seed=1).choose(_window(None))) == "pass", name
        assert str(make_bot(name, seed=1).choose(_window(target))) == "interrupt", name  # a knockout


def test_a_defence_is_played_when_it_saves_a_figure():
    # the gnomads' Elsie, one hit from defeat, is shot; her owner holds a card that takes cover or shields her
    bd = BOARDS["dungeon"]
    x = 3
    t = next(s for s in bd.los[x] if s != x and s not in bd.near[x])
    shield = card("gnomads", "elsie", "shield")
    last = FACTIONS["gnomads"].health[FACTIONS["gnomads"].ids.index("elsie")] - 1
    g = position(active=0, characters={"owl_sage": x, "elsie": t}, damage={"elsie": last},
                 hands=[[card("guild", "owl_sage", "ranged")], [shield, card("gnomads", "tak", None)]])
    g.apply(next(o for o in options(g) if o.startswith("ranged ") and o.endswith(" elsie")))
    assert g.decision.kind == "defend" and f"defend {shield}" in options(g)
    for name in ("greedy", "search"):
        assert str(make_bot(name, seed=2).choose(g)) == f"defend {shield}", name


def test_the_evaluation_counts_points_and_knockouts():
    base = dict(active=0, characters={"lunk": 10, "tak": 30})
    g = position(**base)
    assert abs(evaluate(g, 0) + evaluate(g, 1)) < 1e-9  # two seats: one's gain is the other's loss
    ahead = position(**base, collected=[2, 0])
    hurt = position(**base, damage={"tak": 2})
    assert evaluate(ahead, 0) > evaluate(hurt, 0) > evaluate(g, 0)
    won = position(**base, collected=[4, 0])
    won.collected[0] = 5
    won.settle()
    assert won.is_over and evaluate(won, 0) == 1.0 and evaluate(won, 1) == -1.0


def test_greedy_beats_random():
    wins = 0
    for seed in range(4):
        for seat in (0, 1):
            g = wl.new_game(board=("dungeon", "ruins")[seed % 2], factions=("guild", "lawbringers"), seed=seed)
            bots = [make_bot("random", seed), make_bot("random", seed)]
            bots[seat] = make_bot("greedy", seed)
            for _ in range(3000):
                if g.is_over:
                    break
                g.apply(bots[g.decision.player].choose(g))
            wins += g.winners == (seat,)
    assert wins >= 7, wins


def test_the_command_line_plays_a_tiny_tournament_and_records_its_code(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    args = ["tournament", "--bots", "random,greedy", "--games", "2", "--seed", "3", "--workers", "1",
            "--record", str(record)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "random v greedy" in out and "2 games" in out and "Elo" in out and "ms/decision" in out
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert len(lines) == 2 and {tuple(x["bots"]) for x in lines} == {("random", "greedy"), ("greedy", "random")}
    assert all(x["code"] == code_version() and x["board"] == "dungeon" for x in lines)
    assert lines[0]["factions"] == lines[1]["factions"] and lines[0]["seed"] == lines[1]["seed"]
    assert main(args) == 0  # the record is complete: nothing is played again
    assert len(record.read_text().splitlines()) == 2
    record.write_text("".join(json.dumps({**x, "code": "0" * 12}) + "\n" for x in lines))
    assert main(args[:-2] + ["--record", str(record), "--recorded-only"]) == 0
    assert "2 recorded games of other code not counted" in capsys.readouterr().out
    assert main(["report", "--record", str(record), "--code", "0" * 12]) == 0
    assert "greedy v random" in capsys.readouterr().out
    assert main(["balance", "--bot", "random", "--games", "1", "--workers", "1", "--out",
                 str(tmp_path / "b.md")]) == 0
    text = (tmp_path / "b.md").read_text()
    assert "Win rate per faction" in text and "24 games" in text and "First player" in text


def test_greedy_does_not_end_every_turn_with_the_same_full_hand():
    """Two greedy players on the Ruins (seed 1008) used to end every turn holding seven cards that drew
    nothing (W23), for ever (games cut at the tournament's decision cap): a full hand now makes `end` a
    little worse than a harmless card, and the game ends."""
    g = wl.new_game(board="ruins", factions=("lawbringers", "guild"), seed=1008)
    bots = [make_bot("greedy", seed=2016), make_bot("greedy", seed=2017)]
    for _ in range(1500):
        if g.is_over:
            break
        g.apply(bots[g.decision.player].choose(g))
    assert g.is_over and g.turn < 100, (g.turn, g.scores)


def _own_turn(seed: int = 5) -> "tuple[wl.Game, int]":
    """A game played by greedy bots until seat 0's second turn asks for an action with several options."""
    g = wl.new_game(board="dungeon", factions=("guild", "gnomads"), seed=seed)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while not (g.decision.kind == "play" and g.decision.player == 0 == g.active and g.turn >= 2
               and len(g.decision.options) >= 4):
        g.apply(bots[g.decision.player].choose(g))
    return g, g.turn


def test_the_presets_search_plays_each_option_out_to_the_players_next_turn():
    """Issue 29: the search's playouts ran 4 action choices and judged before the other player answered; the
    preset's (`until_turn`, the greedy bot's own look-ahead `playout_depth=2`) run through her whole turn."""
    from crystalclans.rng import Rng as R

    assert {"until_turn": True, "halving": True, "playout_depth": 2}.items() <= PRESETS["search"].items()
    g, turn = _own_turn()
    bot = make_bot("search", seed=3)
    assert bot.until_turn and bot.playout_depth == 2
    out = g.clone(story=False)
    out.apply(g.decision.options[0])
    bot.playout(out, 0, R(seed_state(1, 1)))
    assert out.is_over or (out.active == 0 and out.turn >= turn + 2 and out.decision.player == 0)
    short = g.clone(story=False)
    short.apply(g.decision.options[0])
    make_bot("search", seed=3, until_turn=False, horizon=1).playout(short, 0, R(seed_state(1, 1)))
    assert short.turn <= turn + 1  # the old horizon stopped in the middle of the other player's turn


def test_successive_halving_gives_the_better_half_more_redeals():
    g, _ = _own_turn()
    bot = make_bot("search", seed=4, samples=1, width=4, playout_depth=1)
    a = bot.choose(g)
    assert any(a is b for b in g.legal_actions()) and bot.last_samples == 2  # 4 options, then 2: two rounds
    flat = make_bot("search", seed=4, samples=1, width=4, playout_depth=1, halving=False)
    flat.choose(g)
    assert flat.last_samples == 1


def test_the_hard_computer_is_the_presets_search_and_normal_the_short_one():
    from app.games.wildlands import game as app_wl

    hard = app_wl.make_bot("hard", seed=1)
    assert (hard.until_turn, hard.halving, hard.playout_depth, hard.width) == (True, True, 2, 8)
    normal = app_wl.make_bot("normal", seed=1)
    assert (normal.until_turn, normal.halving, normal.playout_depth, normal.width) == (False, False, 1, 2)
