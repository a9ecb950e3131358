"""view(p) leaks nothing hidden, at every decision kind.

Method: scramble everything p may not know (the opponent's hand contents, both draw piles' order and
contents, the PRNG state, the crystal deck order, the opponent's unrevealed battle card) and require
view(p) to be exactly the same. Plus targeted checks on keys and on the log. (The scramble is the
conformance suite's table entry for Crystal Clans, tests/conformance/games.py, which checks the same at
sampled states of every game; here it reaches every decision kind.)
"""
from __future__ import annotations

import json

import crystalclans as cc

from ..conformance.games import CRYSTALCLANS_REVEALS as REVEALS
from ..conformance.games import crystalclans_scramble as scramble_hidden_from
from ..conftest import sample_states

ALL_KINDS = {"action", "summon", "reorder", "move", "split", "battle", "battle_card", "keep", "trim",
             "replenish", "draw", "free_score", "mulligan", "summon_free", "recover", "remove", "destroy",
             "battle_start", "summon_zone", "send_home", "foresight", "spy", "damage_direction"}


def forbidden_keys(obj, path=""):
    bad = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("seed", "rng", "draw", "draw_pile_cards", "crystal_deck", "state"):
                bad.append(path + "." + k)
            bad += forbidden_keys(v, path + "." + k)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            bad += forbidden_keys(v, f"{path}[{i}]")
    return bad


def battle_states():
    """States walked through battles whose cards reach the rare decision kinds (destroy, remove, free summon,
    recover, keep)."""
    matchups = [("meteor.astral_twins", "skull.ancestral_warriors"),  # tricky beats bold: destroy any
                ("flower.queen_bumble", "skull.ancestral_knights"),   # bold beats guarded: opponent removes
                ("blood.kesh_bloodcaller", "skull.ancestral_warriors"),  # free summon from hand
                ("stone.lithomancers", "skull.ancestral_warriors"),  # recover a structure
                ("skull.enchanter_malek", "meteor.telescope_scouts")]  # keep in hand
    for mine, theirs in matchups:
        clans = [mine.split(".")[0], theirs.split(".")[0]]
        pos = {
            "clans": clans, "active": 0,
            "hands": [[mine, clans[0] + "." + _common(clans[0])], [theirs, theirs]],
            "draw": [[clans[0] + "." + _common(clans[0])] * 4, [theirs] * 4],
            "discard": [["stone.ballista"] if clans[0] == "stone" else [], []],
            "squads": {"c_center": [[clans[0] + "." + _common(clans[0])] * 2, [theirs] * 2]},
        }
        g = cc.Game.from_position(pos)
        for a in ("activate c_center", "battle", f"play {mine}", f"play {theirs}"):
            yield g.clone(), 0
            g.apply(a)
            while g.decision.kind in ("battle_start", "foresight"):  # the defenders' Sacrifice is not used
                yield g.clone(), 0
                g.apply("done" if g.decision.kind == "battle_start" else "predict bold")
        while g.decision is not None and g.log.count("battle") == 1 and len(g.log) < 30:
            yield g.clone(), 0
            g.apply(g.legal_actions()[-1])


def part2_states():
    """States at the Meteor, Water and Stone decisions: a Foresight prediction (by either seat), Spy, a Flank
    damage direction and a summon redirected by Shift."""
    scripts = [
        ({"clans": ["meteor", "water"], "hands": [["meteor.comet_lancers"], ["water.tridents", "water.cartographers"]],
          "draw": [["meteor.titan_knights"] * 3, ["water.tide_runners"] * 3],
          "squads": {"c_center": [["meteor.comet_lancers"], ["water.blue_oracles", "water.tridents"]]}},
         ["activate c_center", "battle", "predict bold", "play meteor.comet_lancers", "play water.tridents",
          "damage bottom"]),
        ({"clans": ["water", "meteor"], "hands": [["water.tridents"], ["meteor.citadel_knights"]],
          "squads": {"c_center": [["water.tridents"], ["meteor.telescope_scouts"]]}},
         ["activate c_center", "battle", "predict tricky", "play water.tridents", "play meteor.citadel_knights"]),
        ({"clans": ["meteor", "skull"], "hands": [[], ["skull.ancestral_warriors", "skull.necromancers"]],
          "draw": [[], ["skull.ancestral_knights"] * 3],
          "squads": {"a_home": [["meteor.telescope_scouts"], []], "c_west": [[], ["skull.ancestral_knights"]]}},
         ["activate a_home", "move a_west", "bottom skull.necromancers@1"]),
        ({"clans": ["water", "skull"], "hands": [["water.tridents"], ["skull.ancestral_warriors"]], "token": 5,
          "squads": {"c_west": [["water.shapeshifters"], []]}},
         ["summon water.tridents", "done", "zone c_west shift"]),
    ]
    for pos, actions in scripts:
        g = cc.Game.from_position(pos)
        for a in actions:
            yield g.clone(), 0
            g.apply(a)
        yield g.clone(), 0


def _common(clan: str) -> str:
    return {"blood": "marauders", "flower": "dandelion_knights", "meteor": "citadel_knights",
            "skull": "ancestral_warriors", "stone": "workers", "water": "tridents"}[clan]


def test_view_identical_when_hidden_information_changes_at_every_decision_kind():
    covered = set()
    states = list(sample_states(games=24, every=3, seed=900, mulligan_every=2)) + list(battle_states()) \
        + list(part2_states())
    for n, (g, _) in enumerate(states):
        if g.decision is None:
            continue
        for p in (0, 1):
            if g.decision.kind in REVEALS and g.decision.player == p:
                covered.add((g.decision.kind, "decider"))
                continue
            v = json.dumps(g.view(p), sort_keys=True)
            for salt in (1, 2):
                w = json.dumps(scramble_hidden_from(g, p, n * 3 + salt).view(p), sort_keys=True)
                assert v == w, f"view({p}) depends on hidden information at decision {g.decision!r}"
            covered.add((g.decision.kind, "decider" if g.decision.player == p else "other"))
    kinds = {k for k, _ in covered}
    missing = ALL_KINDS - kinds
    assert not missing, f"decision kinds never reached: {missing}"
    assert all((k, "other") in covered and (k, "decider") in covered for k in kinds)


def test_view_has_no_hidden_keys_and_no_opponent_hand():
    for g, _ in sample_states(games=21, every=9, seed=77):
        for p in (0, 1):
            v = g.view(p)
            assert forbidden_keys(v) == []
            assert "hand" in v["players"][p] and "hand" not in v["players"][1 - p]
            assert v["players"][1 - p]["hand_count"] == len(g.hands[1 - p])
            if g.decision is not None and g.decision.player != p:
                assert v["legal_actions"] == [] and "options" not in v["decision"]


def test_battle_card_hidden_until_reveal_then_public():
    pos = {
        "clans": ["blood", "skull"], "active": 0,
        "hands": [["blood.ulvar_redmaw"], ["skull.enchanter_malek"]],
        "draw": [["blood.marauders"] * 3, ["skull.ancestral_warriors"] * 3],
        "squads": {"a_west": [["blood.marauders"], []], "c_west": [[], ["skull.ancestral_warriors"]]},
    }
    g = cc.Game.from_position(pos)
    for a in ("activate a_west", "move c_west", "battle", "done", "play blood.ulvar_redmaw"):
        g.apply(a)
    assert g.decision.kind == "battle_card" and g.decision.player == 1
    v1 = g.view(1)
    assert v1["battle"]["cards"][0] == {"chosen": True}
    assert "blood.ulvar_redmaw" not in json.dumps(v1)  # not in the battle area, not in the log
    assert v1["log"][-1] == "(hidden)"
    assert g.view(0)["log"][-1] == "play blood.ulvar_redmaw"
    g.apply("play skull.enchanter_malek")
    v1 = g.view(1)
    assert "play blood.ulvar_redmaw" in v1["log"]  # public from the reveal on


def test_cancelled_summon_and_mulligan_never_reveal_hand_cards():
    g = cc.new_game(("blood", "skull"), seed=3, first_player=0, mulligan=True)
    assert g.decision.kind == "mulligan" and g.decision.player == 0
    returned = str(g.legal_actions()[1])
    g.apply(returned)
    g.apply("done")
    assert returned not in json.dumps(g.view(1)["log"])
    g.apply("done")  # player 1 keeps her hand
    first = g.active
    summon = next(a for a in g.legal_actions() if a.kind == "summon")
    g.apply(summon)
    g.apply("cancel")
    other = g.view(1 - first)
    assert str(summon) not in other["log"]
    assert other["log"].count("(hidden)") >= 2


def test_card_played_from_the_draw_pile_is_face_down_for_both_until_reveal():
    pos = {
        "clans": ["blood", "skull"], "active": 0,
        "hands": [[], ["skull.enchanter_malek"]],
        "draw": [["blood.chieftains", "blood.marauders"], ["skull.ancestral_warriors"]],
        "squads": {"c_center": [["blood.trappers"], ["skull.ancestral_knights"]]},
    }
    g = cc.Game.from_position(pos)
    g.apply("activate c_center")
    g.apply("battle")
    assert g.decision.kind == "battle_card" and g.decision.player == 1
    for p in (0, 1):
        assert g.view(p)["battle"]["cards"][0] == {"chosen": True}
        assert "blood.chieftains" not in json.dumps(g.view(p))


def test_foresight_prediction_secret_until_the_reveal():
    pos = {"clans": ["meteor", "skull"], "hands": [["meteor.comet_lancers"], ["skull.enchanter_malek"]],
           "squads": {"c_center": [["meteor.comet_lancers"], ["skull.ancestral_knights"]]}}
    views = {}
    for style in ("bold", "guarded", "tricky"):
        g = cc.Game.from_position(pos)
        for a in ("activate c_center", "battle", f"predict {style}", "play meteor.comet_lancers"):
            g.apply(a)
        assert g.decision.kind == "battle_card" and g.decision.player == 1
        v1 = g.view(1)
        assert v1["battle"]["predictions"] == ["", ""] and v1["log"][2] == "(hidden)"
        assert g.view(0)["battle"]["predictions"] == [style, ""] and g.view(0)["log"][2] == f"predict {style}"
        views[style] = json.dumps(v1, sort_keys=True)
        g.apply("play skull.enchanter_malek")
        assert g.view(1)["log"][2] == f"predict {style}"  # public from the reveal on
        assert g.last_battle["predictions"] == [style, ""]
    assert len(set(views.values())) == 1  # the opponent's view does not depend on the prediction


def test_foresight_prediction_stays_secret_when_the_battle_ends_before_the_cards():
    # the defender removes The Shattered Vessel... simpler: her B0 Sacrifice empties her squad
    pos = {"clans": ["meteor", "skull"], "hands": [["meteor.comet_lancers"], ["skull.enchanter_malek"]],
           "squads": {"c_center": [["meteor.comet_lancers"], ["skull.ancestral_warriors"]]}}
    g = cc.Game.from_position(pos)
    for a in ("activate c_center", "battle", "predict bold", "use skull.ancestral_warriors.sacrifice"):
        g.apply(a)
    assert g.battle is None and g.decision.kind == "action"
    assert g.view(1)["log"][2] == "(hidden)" and g.last_battle["predictions"] == ["", ""]
    g2 = cc.Game.from_json(g.to_json())
    assert g2.view(1)["log"] == g.view(1)["log"] and g2.state_hash() == g.state_hash()
