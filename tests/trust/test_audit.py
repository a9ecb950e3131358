"""Lies and refusals: what a one-sided game refuses at once, and what the end-of-game audit catches."""
from __future__ import annotations

import pytest

import crystalclans as cc
from crystalclans.audit import Opening, audit
from crystalclans.privacy import commitment

from .harness import deliver, make_bot, new_trio, play, step

SALTS = ("salt-of-seat-0", "salt-of-seat-1")


def openings(t, seeds=None, hidden=None) -> dict:
    """What each seat opens at the end of trio t: her seed, her salt, her moves that travelled as '?'."""
    seeds = seeds or t.full.setup["private_seeds"]
    return {x: Opening(seeds[x], SALTS[x], t.sides[x].redacted_moves(1 - x) if hidden is None else hidden[x])
            for x in (0, 1)}


def commitments(t, seeds=None) -> tuple[str, str]:
    seeds = seeds or t.full.setup["private_seeds"]
    return commitment(seeds[0], SALTS[0]), commitment(seeds[1], SALTS[1])


def until(t, bots, stop) -> None:
    """Play trio t honestly until `stop(t)` holds where seat 0's game has caught up."""
    while t.full.decision is not None:
        if len(t.sides[0].log) == len(t.full.log) and stop(t):
            return
        step(t, bots[t.full.decision.player].choose(t.full))
    raise AssertionError("the game ended first")


def trio(seed: int = 1, clans=("meteor", "water"), mulligan: bool = True):
    t = new_trio(clans, seed, (seed * 31 + 1, seed * 37 + 2), mulligan, views=False)
    return t, [make_bot("random", seed), make_bot("fickle", seed + 1)]


@pytest.fixture(scope="module")
def honest():
    """A finished game with hidden moves of both seats (mulligans, looks at their piles, cancelled picks)."""
    return play(("skull", "water"), 5028, bots=("random", "fickle"), mulligan=True, views=False)


def test_an_honest_game_passes_on_both_pages_and_becomes_a_full_game(honest):
    t = honest
    for x in (0, 1):
        r = audit(t.sides[x].setup, t.sides[x].log, x, openings(t), commitments(t))
        assert r.ok and r.verdict == "honest", r
        assert r.game.state_hash() == t.full.state_hash()
        assert cc.Game.from_json(r.game.to_json()).state_hash() == t.full.state_hash()


def test_a_card_played_that_her_hand_did_not_hold_is_caught():
    t, bots = trio(3)
    until(t, bots, lambda t: t.full.decision.kind == "action" and t.full.decision.player == 1)
    mine = t.sides[0]
    in_hand = {t.full.U[c >> 1].id for c in t.full.hands[1]}
    for uid in sorted(set(mine.unknown_cards(1)) - in_hand):
        try:
            mine.apply(f"summon {uid}")  # her page accepts it: the card could be in her hand
            break
        except cc.IllegalAction:
            continue
    else:
        pytest.fail("no card to lie about")
    step_index = len(mine.log) - 1
    r = audit(mine.setup, mine.log, 0, openings(t), commitments(t))
    assert (r.verdict, r.seat, r.step, r.reason) == ("cheated", 1, step_index, "card_not_in_hand"), r


def test_a_false_reveal_is_caught():
    t, bots = trio(5, ("skull", "meteor"))
    until(t, bots, lambda t: t.full.decision.kind == "reveal" and t.full.decision.player == 1
          and t.full.decision.info["what"] != "hand" and len(set(t.sides[0].unknown_cards(1))) > 2)
    mine = t.sides[0]
    true = t.full.legal_actions()[0].args
    pool = sorted(set(mine.unknown_cards(1)) - {true[0]})
    lie = "reveal " + " ".join((pool[0],) + tuple(true[1:]))
    mine.apply(lie)  # accepted: nothing her page knows contradicts it
    r = audit(mine.setup, mine.log, 0, openings(t), commitments(t))
    assert (r.verdict, r.seat, r.step, r.reason) == ("cheated", 1, len(mine.log) - 1, "false_reveal"), r


def test_a_seed_that_does_not_match_its_commitment_is_a_forged_order():
    t = play(("blood", "stone"), 5048, bots=("random", "fickle"), mulligan=True, views=False)
    seeds = t.full.setup["private_seeds"]
    forged = [seeds[0], seeds[1] + 1]
    r = audit(t.sides[0].setup, t.sides[0].log, 0, openings(t, forged), commitments(t))
    assert (r.verdict, r.seat, r.reason) == ("cheated", 1, "forged_order"), r


def test_playing_from_another_order_than_the_committed_one_is_caught():
    """Seat 1 commits to one seed and deals herself from another; at the end she opens the committed one."""
    committed = (101, 202)
    t = new_trio(("flower", "meteor"), 8, (101, 999), mulligan=False, views=False)
    bots = [make_bot("random", 8), make_bot("random", 9)]
    while t.full.decision is not None:
        step(t, bots[t.full.decision.player].choose(t.full))
    deliver(t)
    r = audit(t.sides[0].setup, t.sides[0].log, 0, openings(t, committed), commitments(t, committed))
    assert r.verdict == "cheated" and r.seat == 1 and r.reason in ("false_reveal", "card_not_in_hand",
                                                                    "illegal_move"), r


def test_refusing_to_open_is_a_forfeit(honest):
    t = honest
    ops = openings(t)
    r = audit(t.sides[0].setup, t.sides[0].log, 0, {0: ops[0], 1: None}, commitments(t))
    assert (r.verdict, r.seat, r.reason) == ("forfeit", 1, "refused")
    hidden = t.sides[1].redacted_moves(0)
    assert hidden
    r = audit(t.sides[0].setup, t.sides[0].log, 0, {0: ops[0], 1: Opening(ops[1].seed, SALTS[1], {})},
              commitments(t))
    assert (r.verdict, r.seat, r.step, r.reason) == ("forfeit", 1, min(hidden), "refused")


def test_a_hidden_move_opened_as_something_else_is_caught(honest):
    t = honest
    hidden = dict(t.sides[1].redacted_moves(0))
    i = min(hidden)
    hidden[i] = "keep"
    r = audit(t.sides[0].setup, t.sides[0].log, 0, openings(t, hidden={0: {}, 1: hidden}), commitments(t))
    assert (r.verdict, r.seat, r.step, r.reason) == ("cheated", 1, i, "redaction"), r


# ---------------------------------------------------------------------- refused at once, the game unchanged
def _refused(g: cc.Game, move: str) -> None:
    before = (g.state_hash(), list(g.log))
    with pytest.raises(cc.IllegalAction):
        g.apply(move)
    assert (g.state_hash(), g.log) == before


def test_a_card_every_copy_of_which_is_accounted_for_is_refused_at_once():
    t, bots = trio(3)
    until(t, bots, lambda t: t.full.decision.kind == "action" and t.full.decision.player == 1)
    mine = t.sides[0]
    gone = [u.id for u in cc.base_set().units if u.clan == "water" and u.id not in mine.unknown_cards(1)]
    other_clan = "meteor.titan_knights"
    for uid in gone[:3] + [other_clan]:
        _refused(mine, f"summon {uid}")


def test_a_placeholder_never_becomes_public():
    t, bots = trio(3)
    until(t, bots, lambda t: t.full.decision.kind == "action" and t.full.decision.player == 1)
    mine = t.sides[0]
    _refused(mine, "summon ? from discard")
    trial = mine.clone()
    trial.apply("summon ?")  # a cancelled summon's first pick travels so
    trial.apply("done")  # ... and a summon that could go elsewhere than home then asks its zone
    for zone in cc.base_set().board.zone_ids:  # ... but such a summon cannot be placed
        _refused(trial, f"zone {zone}")
    assert trial.legal_actions() == [cc.Action("cancel")]
    trial.apply("cancel")
    assert len(trial.log) == len(mine.log) + 3 and trial.decision.kind == "action"
    assert trial.view(0)["log"][-3:] == ["(hidden)", "done", "cancel"]


def test_a_reveal_that_contradicts_what_is_known_is_refused_at_once():
    t, bots = trio(5, ("skull", "meteor"))
    until(t, bots, lambda t: t.full.decision.kind == "reveal" and t.full.decision.player == 1
          and t.full.decision.info["what"] != "hand" and len(set(t.sides[0].unknown_cards(1))) > 2)
    mine = t.sides[0]
    true = t.full.legal_actions()[0]
    _refused(mine, "reveal ?" + " ?" * (len(true.args) - 1))
    _refused(mine, str(true) + " " + true.args[0])  # one card too many
    _refused(mine, "reveal blood.condor" + "".join(" " + a for a in true.args[1:]))  # not her clan's card
    mine.apply(str(true))


def test_hostile_moves_never_break_a_one_sided_game():
    """Whatever the other page sends, the game either takes it as a move it could be, or refuses it with
    IllegalAction and stays as it was."""
    t, bots = trio(7, ("water", "skull"))
    junk = ["", "?", "reveal", "reveal ?", "summon", "summon ?@0", "summon ? ?", "play ?", "play ?@1", "discard ? ?",
            "take", "first ?", "return ?", "draw 99", "draw -1", "keep", "zone nowhere", "pick skull.x",
            "reveal " + " ".join(["skull.ancestral_knights"] * 40), "summon skull.ancestral_knights#1",
            "activate", "score crystal.nothing", "x" * 2000]
    tried = asked = 0
    while t.full.decision is not None and tried < 600:
        mine = t.sides[0]
        if len(mine.log) == len(t.full.log) and mine.decision.player == 1 and (asked := asked + 1) % 4 == 0:
            before = mine.state_hash()
            for text in junk:
                trial = mine.clone()
                try:
                    trial.apply(text)
                except cc.IllegalAction:
                    assert trial.state_hash() == before
                tried += 1
        step(t, bots[t.full.decision.player].choose(t.full))
    assert tried >= 600
