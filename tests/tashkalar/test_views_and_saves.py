"""view(p), story(), saves (to_json / from_json with their refusals), state_hash, clone and positions'
refusals. The view is tested as a secret keeper: changing what a player may not see (the other hand's
cards, every deck's order, the PRNG) changes nothing in her view."""
from __future__ import annotations

import json

import pytest

import tashkalar as tk
from tashkalar.content import CARDS_T
from tashkalar.position import PositionError
from tashkalar.saves import SaveError

from .conftest import cast, position, random_policy


def sample_states(games: int = 6, every: int = 7):
    for i in range(games):
        g = tk.new_game(mode=("duel", "high_form")[i % 2], decks=(("northern", "sylvan"), ("highland", "southern"))[i % 2],
                        seed=40 + i)
        choose = random_policy(i)
        n = 0
        while not g.is_over:
            if n % every == 0:
                yield g.clone()
            g.apply(choose(g))
            n += 1
        yield g


def test_view_is_json_and_holds_the_own_hand_and_only_counts_of_the_others():
    g = tk.new_game(seed=3, first_player=0)
    for p in (0, 1):
        v = g.view(p)
        json.dumps(v)
        assert v["hand"] == [CARDS_T[c].id for c in g.hands[p]]
        other = v["seats"][1 - p]
        assert other["hand_counts"] == {"being": 3, "legend": 2, "flare": 1} and "hand" not in other
        assert (v["legal_actions"] != []) == (g.decision.player == p)
    with pytest.raises(ValueError):
        g.view(2)


def _scramble(g: tk.Game, hidden_from: int) -> tk.Game:
    """The same game as `hidden_from` may know it: the other seat's hand swapped with cards of its deck (same
    kinds), every deck reordered, the PRNG moved on."""
    h = g.clone()
    q = 1 - hidden_from
    beings = [i for i, c in enumerate(h.hands[q]) if CARDS_T[c].kind == "being"]
    if beings and h.draws[q]:
        i = beings[0]
        h.hands[q][i], h.draws[q][0] = h.draws[q][0], h.hands[q][i]
    for pile in (h.draws[0], h.draws[1], h.legend_deck, h.flare_deck, h.tasks_deck):
        pile.reverse()
    h.rng.next64()
    return h


def test_nothing_hidden_changes_a_players_view():
    checked = 0
    for g in sample_states():
        if g.is_over or g.decision.player == 0 or g.playing >= 0:
            continue  # the other seat decides; a card under way is public
        v = g.view(0)
        h = _scramble(g, 0)
        assert h.view(0) == v
        checked += 1
    assert checked > 20


def test_cards_put_under_a_deck_stay_secret_in_the_log():
    g = position(hands=[["imperial/knight", "legend/titan"], []])
    g.apply("discard imperial/knight")
    g.apply("bottom legend/titan")
    assert g.view(0)["log"][-1] == "bottom legend/titan" and g.view(1)["log"][-1] == "bottom (hidden)"
    assert all(e.get("card") != "legend/titan" for t in g.story() for e in t["events"])


def test_a_cancelled_summon_does_not_show_its_card_in_the_others_log():
    g = position(board={"e4": "0c", "e6": "0c"}, hands=[["imperial/swordmaster"], []])
    g.apply("summon imperial/swordmaster")
    g.apply("cancel")
    assert g.view(1)["log"] == ["summon (cancelled)", "cancel"]
    assert g.view(0)["log"] == ["summon imperial/swordmaster", "cancel"]


def test_story_tells_turns_and_what_happened_from_public_facts():
    g = cast("imperial/swordmaster", board={"d4": "1c"})
    g.apply("pick d4")
    kinds = [e["kind"] for t in g.story() for e in t["events"]]
    assert "summon" in kinds and "destroy" in kinds and "rank" in kinds
    json.dumps(g.story())


def test_saves_round_trip_mid_game_and_mid_effect():
    for g in sample_states(games=4, every=23):
        text = g.to_json()
        again = tk.Game.from_json(text)
        assert again.state_hash() == g.state_hash() and again.log == g.log
        assert tk.Game.from_json(text.encode()).state_hash() == g.state_hash()
    g = cast("imperial/summoner")
    g.apply("pick e3")
    assert tk.Game.from_json(g.to_json()).state_hash() == g.state_hash()


# Saves made mid-decision by commit 8df37ed, while each of these card choices had its own frame class: the
# frames on the stack are part of the state hash (Frame.key() starts with the class name), so these pin the
# frames' names and fields; a save that no longer leads to its state hash is refused.
OLD_MID_DECISION_SAVES = {
    "discard_flare": (  # FlareDiscardFrame
        {"board": {"c5": "0c"}, "frozen": ["everfrost/winter-whisperer", None], "hands": [["flare/01"], []]},
        ["thaw everfrost/winter-whisperer", "pick c5"],
        "a7677038d5653c218e2844825babf07d83d12d8e16d3bce238804cba1a562387", ["card flare/01", "skip"]),
    "discard_card": (  # _DiscardAnyFrame
        {"board": {"d5": "0c", "e4": "0c", "e6": "0c", "f5": "0c", "c3": "1h", "g7": "1h"},
         "hands": [["etherweave/reality-patch", "etherweave/paradox-worm", "flare/02"], []],
         "pending": ["etherweave/paradox-worm", None]},
        ["summon etherweave/reality-patch", "at e5 0", "pick c3", "choose discard"],
        "52fc56b87fd569b60278730b3da950360fe162d15a14bf01f7d583972f9b5fdd", ["card flare/02", "skip"]),
    "frozen_pick": (  # ChestFrame
        {"board": {"d5": "0c", "e5": "0c", "f5": "0c"}, "hands": [["everfrost/frozen-chest"], []],
         "discard": [["everfrost/ice-princess", "everfrost/snow-fox"], []],
         "frozen": ["everfrost/crystal-grower", None]},
        ["summon everfrost/frozen-chest", "at e5 0"],
        "663f5d5fa7f83517d3140c8749f1ed472d4d81691b8f3ae0838b47e61a0d43e5", ["card everfrost/ice-princess", "skip"]),
    "discard_pick": (  # CardFrame
        {"board": {"c5": "0c", "c6": "0c", "e6": "0c"}, "hands": [["sylvan/kiskin-spirit"], []],
         "discard": [["imperial/bomb"], []]},
        ["summon sylvan/kiskin-spirit", "at e5 0"],
        "cd5863a65d215b0d92e9d210573ae40ac00d0e1f0c61f383db7e6b8cb8e32eb5", ["card imperial/bomb", "skip"]),
    "warp_pick": (  # _CopyFromDiscardFrame
        {"board": {"c8": "0c", "d7": "0c", "d8": "0c", "e6": "0c", "e7": "0c", "c5": "0c", "b6": "0c"},
         "hands": [["etherweave/ziggurat-sentinel"], []], "discard": [["etherweave/lesser-shadow-twin"], []]},
        ["summon etherweave/ziggurat-sentinel", "at e5 0", "choose copy"],
        "95cf3408f1995c771f4041b3f3b784d5e31321400a0e5c6928c8e2d2e45c80aa", ["card etherweave/lesser-shadow-twin"]),
}


@pytest.mark.parametrize("kind", sorted(OLD_MID_DECISION_SAVES))
def test_old_saves_made_mid_card_choice_still_load(kind):
    from tashkalar.saves import CONTENT_HASH, SAVE_FORMAT

    pos, log, state_hash, opts = OLD_MID_DECISION_SAVES[kind]
    g = tk.Game.from_json(json.dumps({"format": SAVE_FORMAT, "content": CONTENT_HASH, "position": pos, "log": log,
                                      "state_hash": state_hash}))
    assert g.state_hash() == state_hash
    assert g.decision.kind == kind and [str(a) for a in g.legal_actions()] == opts
    g.apply(opts[0])
    assert tk.Game.from_json(g.to_json()).state_hash() == g.state_hash()


@pytest.mark.parametrize("edit,message", [
    (lambda d: d.update(format="crystalclans-save/1"), "Unsupported save format"),
    (lambda d: d.update(content="0" * 64), "other Tash-Kalar card data"),
    (lambda d: d["log"].append("place z9"), "not legal"),
    (lambda d: d.update(state_hash="f" * 64), "do not lead"),
    (lambda d: d.update(setup=None), "exactly one of"),
    (lambda d: d["setup"].update(decks=["highland", "highland"]), "same deck"),
    (lambda d: d["setup"].update(seed=1.5), "whole numbers"),
    (lambda d: d["setup"].update(seed="7"), "damaged"),
    (lambda d: d.update(extra=1), "damaged"),
    (lambda d: d["log"].insert(1, "resign 7"), "not legal"),
])
def test_broken_saves_are_refused_clearly(edit, message):
    g = tk.new_game(seed=2)
    g.apply("own c5")
    g.apply("place e5")
    doc = json.loads(g.to_json())
    edit(doc)
    with pytest.raises(SaveError, match=message):
        tk.Game.from_json(json.dumps(doc))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "1e999", "[" * 5000 + "]" * 5000, b"\xff\xfe", 42,
                                  '{"format": "tashkalar-save/1"}', "x" * 2_000_000])
def test_not_a_save_at_all(text):
    with pytest.raises(SaveError):
        tk.Game.from_json(text)


def test_state_hash_and_clone():
    g = tk.new_game(seed=9)
    c = g.clone()
    assert c.state_hash() == g.state_hash() and c is not g
    c.apply(c.legal_actions()[0])
    assert c.state_hash() != g.state_hash()
    assert tk.new_game(seed=9).state_hash() == g.state_hash()
    assert tk.new_game(seed=10).state_hash() != g.state_hash()


@pytest.mark.parametrize("pos,message", [
    ({"nope": 1}, "unknown key"),
    ({"board": {"a1": "0c"}}, "not a square"),
    ({"board": {"e5": "2c"}}, "seat"),
    ({"board": {"e5": "0x"}}, "seat"),
    ({"board": {s: "0l" for s in ("a5", "b5", "c5", "d5")}}, "more than 3 legendary"),
    ({"hands": [["imperial/knight", "imperial/knight"], []]}, "twice"),
    ({"hands": [["legend/titan"], ["legend/titan"]]}, "already elsewhere"),
    ({"hands": [["flare/99"], []]}, "unknown card"),
    ({"active": 2}, "out of range"),
    ({"turn": True}, "whole number"),
    ({"mode": "melee"}, "3 or 4 players"),
    ({"mode": "team", "decks": ["northern", "highland", "southern", "sylvan"], "form": "melee"}, "form"),
    ({"form": "high_form"}, "only the Team game"),
    ({"mode": "melee", "decks": ["northern", "highland", "sylvan"], "board": {"e5": "3c"}}, "seat"),
    ({"mode": "melee", "decks": ["northern", "highland", "sylvan"], "melee_points": [[1, 0, 0], [0, 0, 0],
                                                                                    [0, 0, 0]]}, "own colour"),
    ({"mode": "melee", "decks": ["northern", "highland", "sylvan"], "improvised": [[0], [], []]}, "enemy colours"),
    ({"control": 1}, "Team game"),
    ({"mode": "team", "decks": ["northern", "highland", "southern", "sylvan"], "control": 1}, "partner"),
    ({"mode": "team", "decks": ["northern", "highland", "southern", "sylvan"], "points": [1, 0, 0, 0]},
     "partners share"),
    ({"tasks_up": ["task/destruction"]}, "High Form"),
    ({"mode": "high_form", "tasks_up": ["task/nope"]}, "unknown task"),
    ({"killed": [[1, 2], [0, 0, 0]]}, "three whole numbers"),
    ({"end_triggered": True, "final_left": 0}, "final_left"),
    ([], "JSON object"),
])
def test_bad_positions_are_refused_with_the_field_named(pos, message):
    with pytest.raises(PositionError, match=message):
        tk.Game.from_position(pos)
