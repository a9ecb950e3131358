"""A game's history (issue 29's table: undo, replay, statistics, who starts): `undo_floor` rises at every move
that showed anyone something hidden, drew on chance or committed a secret choice, and at no other;
`first_player` overrides W16 and old saves (made before the option) still load; statistics from the story's
facts agree with a replay of the log. (That Game.from_log, at and replay agree with the game played is every
game's: tests/conformance/test_history.py.)"""
from __future__ import annotations

from pathlib import Path

import pytest

import wildlands as wl
from wildlands.ai import make_bot
from wildlands.story import STATISTICS

from .conftest import card, position, random_policy

NC = 5
GAMES = [("dungeon", ("guild", "gnomads"), 1), ("ruins", ("lawbringers", "pit_fighters", "guild"), 2),
         ("dungeon", ("pit_fighters", "gnomads", "lawbringers", "guild"), 3), ("ruins", ("gnomads", "guild"), 4)]


def shows_something(before: wl.Game, after: wl.Game, move: str) -> bool:
    """What a move showed, judged from the two states alone (not from the engine's revealed() calls): a card
    drawn, a figure off its card, a reshuffle (chance), a secret start space, a special card played to
    interrupt, a defence card played."""
    d = before.decision
    return (any(len(after.hands[p]) > len(before.hands[p]) for p in range(before.n))
            or any(a > 0 and b == 0 for a, b in zip(after.pos, before.pos))
            or after.rng.state != before.rng.state
            or d.kind == "start"
            or (d.kind == "interrupt" and move == "interrupt")
            or (d.kind == "defend" and move.startswith("defend ")))


@pytest.mark.parametrize("board, factions, seed", GAMES)
def test_undo_floor_rises_at_every_reveal_and_nowhere_else(board, factions, seed):
    g = wl.new_game(board=board, factions=factions, seed=seed)
    choose = random_policy(seed)
    kinds_kept = set()
    while not g.is_over:
        before = g.clone()
        a = choose(g)
        g.apply(a)
        move = g.log[-1]
        if shows_something(before, g, move):
            assert g.undo_floor == len(g.log), (len(g.log), move)
        else:
            assert g.undo_floor == before.undo_floor, (len(g.log), move)  # an undo may step back over it
            kinds_kept.add(before.decision.kind + ":" + a.kind)
        assert g.clone().undo_floor == g.undo_floor
    # passes to a window or a defence, and the steps inside an action, can be taken back
    assert {"interrupt:pass", "defend:pass", "play:move"} <= kinds_kept, kinds_kept


def test_undo_floor_after_the_setup_and_with_a_defence_card():
    g = wl.new_game(seed=5)
    for _ in range(10):
        g.apply(g.legal_actions()[0])
    assert g.decision.kind == "reveal" and g.undo_floor == 10  # the start spaces and the opening hands
    owl = card("guild", "owl_sage", "ranged")
    cover = card("gnomads", "elsie", "cover")
    for answer, floor in (("pass", 0), (f"defend {cover}", 2)):  # 40 has cover (test_w37)
        g = position(characters={"owl_sage": 36, "elsie": 40}, hands=[[owl], [cover]])
        g.apply(f"ranged {owl} owl_sage elsie")
        assert g.undo_floor == 0 and g.decision.kind == "defend"
        g.apply(answer)  # a pass shows nothing: asked at every attack whatever the hand holds
        assert g.undo_floor == floor


@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_player_is_honoured_and_none_keeps_w16(n):
    factions = ("guild", "gnomads", "lawbringers", "pit_fighters")[:n]
    for first in [None, *range(n)]:
        g = wl.new_game(board="ruins", factions=factions, seed=40 + n, first_player=first)
        assert g.setup["first_player"] == first
        while g.turn == 0:
            g.apply(g.legal_actions()[-1])
        low = min(s for p in range(n) for s in g.shards[p])
        expected = next(p for p in range(n) if low in g.shards[p]) if first is None else first
        assert g.active == g.first_player == expected and g.turn == 1
        again = wl.Game.from_json(g.to_json())
        assert again.state_hash() == g.state_hash() and again.setup["first_player"] == first
        assert wl.Game.from_setup(g.setup).setup == g.setup
    for bad in (n, -1, True, "0", 1.0):
        with pytest.raises(ValueError, match="first_player"):
            wl.new_game(factions=factions, first_player=bad)


def test_a_save_made_before_first_player_existed_still_loads():
    # its moves as main's code saved them; its content and state hashes are those of today's data (a save of
    # other data is refused: the balance changes of wildlands.tuning changed the data, and these 300 moves
    # replay the same under it)
    text = (Path(__file__).parent / "saves" / "before_first_player.json").read_text(encoding="utf-8")
    assert "first_player" not in text
    g = wl.Game.from_json(text)  # replays 300 moves and compares the recorded state hash
    assert len(g.log) == 300 and g.setup["first_player"] is None
    assert wl.Game.from_json(g.to_json()).state_hash() == g.state_hash()


def counted_from_the_log(g: wl.Game) -> list[dict[str, int]]:
    """The statistics recounted by replaying the log: who decided each move, and the states around it."""
    out = [dict.fromkeys(STATISTICS, 0) for _ in range(g.n)]
    prev = None
    for step, state in enumerate(g.replay()):
        if prev is not None:
            d_kind, p, before_pos, before_hands, before_taken = prev
            move = g.log[step - 1]
            kind = move.split(" ", 1)[0]
            if d_kind in ("play", "reveal") and kind in ("melee", "heavy_melee", "ranged", "heavy_ranged", "area"):
                out[p]["attacks"] += 1
            if d_kind == "defend" and kind == "defend":
                out[p]["defences"] += 1
            if d_kind == "interrupt" and kind == "interrupt":
                out[p]["interrupts"] += 1
            for c, (a, b) in enumerate(zip(before_pos, state.pos)):
                if a > 0 and b > 0 and a != b:
                    out[c // NC]["steps"] += 1
            for q in range(g.n):  # draw two (W50) plays its card first: one more drawn than the hand grew
                out[q]["cards_drawn"] += max(0, len(state.hands[q]) - before_hands[q] + (q == p and move == "draw s"))
        if state.decision is not None:
            prev = (state.decision.kind, state.decision.player, state.pos[:], [len(h) for h in state.hands],
                    [t[:] for t in state.taken])
    for p in range(g.n):
        out[p]["shards"] = g.collected[p]
        out[p]["knockouts"] = len(g.taken[p])
        out[p]["lost"] = sum(1 for c in range(p * NC, p * NC + NC) if g.pos[c] == -1)
    return out


@pytest.mark.parametrize("board, factions, seed", GAMES[:3])
def test_statistics_agree_with_a_replay_of_the_log(board, factions, seed):
    g = wl.new_game(board=board, factions=factions, seed=seed)
    bots = [make_bot("greedy", seed=seed + i) for i in range(g.n)]
    while not g.is_over:
        g.apply(bots[g.decision.player].choose(g))
    stats = g.statistics()
    assert [tuple(s) for s in stats] == [STATISTICS] * g.n
    counted = counted_from_the_log(g)
    for p in range(g.n):
        for key in STATISTICS:
            if key != "damage":
                assert stats[p][key] == counted[p][key], (p, key, stats[p][key], counted[p][key])
    assert sum(s["attacks"] for s in stats) > 0 and sum(s["damage"] for s in stats) > 0
    assert sum(s["steps"] for s in stats) > 0


def test_damage_counts_each_attack_on_an_enemy_once_and_not_own_characters():
    hr = card("guild", "owl_sage", "heavy_ranged")
    g = position(characters={"owl_sage": 36, "tak": 38}, hands=[[hr], []])
    g.apply(f"heavy_ranged {hr} owl_sage tak")
    g.apply("pass")
    mine, theirs = g.statistics()
    assert mine["attacks"] == 1 and mine["damage"] == 2 and theirs["damage"] == theirs["attacks"] == 0
    area = card("guild", "pyromancer", "area")
    g = position(characters={"pyromancer": 10, "lunk": 10, "tak": 10}, hands=[[area], []])
    g.apply(f"area {area} pyromancer 10")
    while g.decision.kind == "defend":
        g.apply("pass")
    mine, _ = g.statistics()
    assert mine["attacks"] == 1 and mine["damage"] == 1  # tak's; not the pyromancer's nor lunk's own


def test_both_hands_empty_in_a_turn_is_the_rules_w51_w23():
    """A table once showed both hands at 0 cards (turn 15). The rules allow it: the active player may play
    every card (W20), an interrupter plays any number of cards and draws none when the interrupt ends (W51);
    cards come only at the end of one's own turn (3, W23) or from draw two (W50). Not a bug: no card is lost,
    and the active player refills at her turn's end."""
    mv = card("guild", "lunk")
    g = position(characters={"lunk": 12, "tak": 30}, hands=[[mv], ["s"]])
    g.apply(next(str(a) for a in g.legal_actions() if a.kind == "move"))
    assert g.decision.kind == "interrupt" and g.decision.player == 1
    g.apply("interrupt")  # W51: the special card is played; the interrupter acts with what is left: nothing
    assert [len(h) for h in g.hands] == [0, 0]
    assert all(len(g.hands[p]) + len(g.draws[p]) + len(g.discards[p]) == 30 for p in range(2))
    g.apply("end")  # the interrupt ends (W53): no draw for the interrupter
    assert g.actor == 0 and [len(h) for h in g.hands] == [0, 0]
    g.apply("end")
    g.apply("pass")  # W54's window; then W23: the active player draws 3
    assert [len(h) for h in g.hands] == [3, 0] and g.active == 1
