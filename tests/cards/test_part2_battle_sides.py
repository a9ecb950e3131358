"""Every battle side of the Meteor, Water and Stone cards, each triggered in a real battle: the side is the
one the style match-up picks, and each of its primitives shows its effect.

Seat 0 battles with a single plain unit of the card's clan against a lone Stone Golem (10/12, no abilities)
whose owner plays a plain Blood card chosen by style: Ulvar Redmaw (bold), Bloodsworn Guard (guarded) or
Cinder Thralls (tricky)."""
from __future__ import annotations

import pytest

import crystalclans as cc
from crystalclans.battle import triggered_side
from crystalclans.cardset import BEATS

from .helpers import battle

CLANS = ("meteor", "water", "stone")
SQUAD = {"meteor": "meteor.citadel_knights", "water": "water.tide_runners", "stone": "stone.ballista"}
OPPONENT = {"bold": "blood.ulvar_redmaw", "guarded": "blood.bloodsworn_guard", "tricky": "blood.cinder_thralls"}
GOLEM = "stone.stone_golem"
CS = cc.base_set()
CASES = [(u.id, side) for u in CS.units if u.clan in CLANS for side in ("left", "right")]


def total(effects, op: str, key: str = "n") -> int:
    return sum(e.params[key] for e in effects if e.op == op)


@pytest.mark.parametrize("unit,side", CASES, ids=[f"{u}-{s}" for u, s in CASES])
def test_battle_side(unit, side):
    u = CS.units[CS.unit_index[unit]]
    clan = u.clan
    mine = u.left if side == "left" else u.right
    other_style = BEATS[u.style] if side == "left" else u.style
    opp = CS.units[CS.unit_index[OPPONENT[other_style]]]
    opp_side = triggered_side(opp.style, u.style)
    theirs = opp.left if opp_side == "left" else opp.right
    ops = {e.op for e in mine}
    sq = CS.units[CS.unit_index[SQUAD[clan]]]

    enemy = [GOLEM, "stone.workers"] if "reorder_enemy_squad" in ops else [GOLEM]
    g = battle(unit, opp.id, [sq.id], enemy, clans=[clan, "blood"], draw0=[sq.id] * 4,
               discard0=["stone.ballista"] if clan == "stone" else ())
    pos0 = -sq.activation
    seen = []
    while g.battle is not None:
        d = g.decision
        seen.append((d.kind, d.player))
        texts = [str(a) for a in d.options]
        if d.player == 0 and d.kind == "keep":
            g.apply("keep")
        elif d.player == 0 and d.kind == "draw":
            assert d.info["max"] == total(mine, "draw")
            g.apply(texts[0])  # draw them all
        elif d.player == 0 and d.kind == "recover":
            g.apply("recover stone.ballista")
        elif d.player == 0 and d.kind == "reorder" and d.info["controller"] == 1:
            g.apply("place stone.workers")  # tokens name the squad controller's cards
        else:
            g.apply(next((t for t in ("done", "discard", "draw 0", "damage top") if t in texts), texts[0]))
    lb = g.last_battle
    assert lb["sides"] == [side, opp_side]

    hand = [g.unit_id(c) for c in g.hands[0]]
    if "keep_in_hand" in ops:
        assert ("keep", 0) in seen and unit in hand
    else:
        assert ("keep", 0) not in seen and unit in [g.unit_id(c) for c in g.discards[0]]
    if "draw" in ops:
        assert hand.count(sq.id) == total(mine, "draw")
    if "recover" in ops:
        assert "stone.ballista" in hand
    if "gain_initiative" in ops:
        assert g.pos == pos0 + total(mine, "gain_initiative") - total(theirs, "gain_initiative")
    if ops & {"destroy_enemy_any", "destroy_enemy_top", "destroy_enemy_bottom"}:
        assert GOLEM in lb["destroyed"] and lb["damage_skipped"]
        assert ("destroy", 0) in seen or "destroy_enemy_any" not in ops
    if "reorder_enemy_squad" in ops:
        assert ("reorder", 0) in seen and "stone.workers" in lb["destroyed"]  # now on top, first to take damage
    if "send_home" in ops:
        zone = CS.board.zone_index
        assert [g.unit_id(c) for c in g.squads[1][zone["b_home"]]] == [GOLEM] and lb["damage_skipped"]
    if ops <= {"attack_bonus", "defense_bonus", "keep_in_hand", "draw", "gain_initiative", "recover", "none",
               "double_attack_if_all", "ignore_opponent_icons"}:
        attack = sq.attack + total(mine, "attack_bonus")
        if any(e.op == "double_attack_if_all" and e.params["keyword"] in sq.keywords for e in mine):
            attack *= 2
        voided = {e.params["icon"] for e in mine if e.op == "ignore_opponent_icons"}
        their_defense = 0 if "defense" in voided else total(theirs, "defense_bonus")
        their_attack = 10 + (0 if "attack" in voided else total(theirs, "attack_bonus"))
        assert lb["attack"] == [max(0, attack - their_defense), max(0, their_attack - total(mine, "defense_bonus"))]


def test_every_primitive_of_these_sides_is_checked_above():
    checked = {"attack_bonus", "defense_bonus", "keep_in_hand", "draw", "gain_initiative", "recover", "none",
               "double_attack_if_all", "ignore_opponent_icons", "destroy_enemy_any", "destroy_enemy_top",
               "destroy_enemy_bottom", "send_home", "reorder_enemy_squad"}
    assert {e.op for u in CS.units if u.clan in CLANS for e in u.left + u.right} <= checked
