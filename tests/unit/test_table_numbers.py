"""Every number the table shows is the engine's or the card set's: squad attack, defense and activation
(what activating charges), each unit's activation, and the short rules' numbers."""
from __future__ import annotations

import re

import crystalclans as cc
from app import render
from app.games.crystalclans import rules as cc_rules
from app.table import table_screen
from app.games.crystalclans.rules import card_numbers, numbers_from_doc
from crystalclans.rng import Rng, seed_state

from .test_app_render import fake_app

SQUAD = re.compile(r'<div class="stack [^"]*" data-squad="(\w+) (\d)">(.*?)</div>(?=<div class="stack|</div>)', re.S)
SUM = re.compile(r'<div class="stack-sum"[^>]*>.*?<span class="atk">(\d+)</span><span class="def">(\d+)'
                 r'(?:<span class="shield">\+(\d+)</span>)?</span><span class="act">(\d+)</span>', re.S)
UNIT_ACT = re.compile(r'<span class="act" title="[^"]*"><span class="sr-only">[^<]*</span>(\d+)</span>')


def table_squads(html: str) -> dict[tuple[str, int], dict]:
    out = {}
    for zid, p, body in SQUAD.findall(html):
        atk, dfn, shield, act = SUM.search(body).groups()
        out[(zid, int(p))] = {"attack": int(atk), "defense": int(dfn), "shield": int(shield or 0),
                              "activation": int(act), "units": [int(n) for n in UNIT_ACT.findall(body)]}
    return out


def engine_squads(g: cc.Game) -> dict[tuple[str, int], dict]:
    """The numbers as the engine charges and fights with them, worked out here from its own functions."""
    from crystalclans.effects import passive_boost

    out = {}
    for z, zid in enumerate(g.cs.board.zone_ids):
        for p in (0, 1):
            sq = g.squads[p][z]
            if sq:
                out[(zid, p)] = {
                    "attack": sum(g.U[c >> 1].attack for c in sq) + passive_boost(g, p, sq, z, "attack"),
                    "defense": sum(g.U[c >> 1].defense for c in sq),
                    "shield": passive_boost(g, p, sq, z, "defense"),
                    "activation": g.activation_cost(p, z),
                    "units": [g.unit_activation(p, z, i) for i in range(len(sq))]}
    return out


def test_titan_knights_with_commander_orion_show_what_activating_them_costs():
    g = cc.Game.from_position({"clans": ["meteor", "blood"], "active": 0,
                               "squads": {"a_home": [["meteor.titan_knights", "meteor.commander_orion"], []]}})
    shown = table_squads(table_screen(fake_app(g, 0)))[("a_home", 0)]
    assert shown["activation"] == g.activation_cost(0, g.cs.board.zone_index["a_home"]) == 2
    assert shown["activation"] < max(g.U[c >> 1].activation for c in g.squads[0][g.cs.board.zone_index["a_home"]])
    act = next(a for a in g.legal_actions() if str(a) == "activate a_home")
    assert g.option_cost(act) == shown["activation"]


def test_the_squad_numbers_on_the_table_are_the_engine_s_at_every_step_of_random_games():
    compared = 0
    for seed, clans in enumerate([("meteor", "stone"), ("blood", "water"), ("skull", "flower"), ("meteor", "skull")]):
        g = cc.new_game(clans, seed=seed)
        rng = Rng(seed_state(seed, 9))
        for _ in range(500):
            if g.decision is None:
                break
            viewer = g.decision.player
            shown = table_squads(table_screen(fake_app(g, viewer)))
            assert shown == engine_squads(g), (seed, len(g.log))
            compared += len(shown)
            opts = g.legal_actions()
            g.apply(opts[rng.below(len(opts))])
    assert compared > 1000


def test_the_short_rules_take_their_numbers_from_the_card_set():
    cs = cc.base_set()
    numbers = card_numbers(cs)
    text = cc_rules.rules_short(numbers)
    for number in (f"<b>{cs.crystals_to_win} crystals</b>", f"−{cs.track} to +{cs.track}",
                   f"(−{cs.neutral}..+{cs.neutral})", f"up to {cs.summon_max} units", f"({cs.replenish_cost})",
                   f"back up to {cs.hand_size}", f"({cs.invade_cost})", f"up to {cs.squad_limit} units",
                   f"{cs.deck_size}-card clan deck"):
        assert number in text, number
    changed = dict(numbers, win=5, track=12, n=2, replenish_cost=4, hand=6)
    text = cc_rules.rules_short(changed)
    assert "<b>5 crystals</b>" in text and "−12 to +12" in text and "(−2..+2)" in text and "(4)" in text


def test_the_start_screen_reads_the_same_numbers_from_the_card_file_as_the_engine():
    cs = cc.base_set()
    assert numbers_from_doc(cs.raw) == card_numbers(cs)
