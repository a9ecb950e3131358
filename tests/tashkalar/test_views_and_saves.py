"""view(p), story(), saves and positions' refusals, where they are Tash-Kalar's own. The view is tested as a
secret keeper in every mode: changing what a player may not see (the other hands' cards of every kind, every
deck's order, the tasks deck, the PRNG) changes nothing in what she sees happen after the same action. (That
it changes nothing in her view now, the round trips of saves at every point, the refusals of what is no save
and state_hash and clone are the conformance suite's, tests/conformance, for every game.)"""
from __future__ import annotations

import json

import pytest

import tashkalar as tk
from crystalclans.rng import Rng, seed_state
from tashkalar.content import BY_ID, CARDS_T
from tashkalar.position import PositionError
from tashkalar.saves import SaveError

from ..conftest import LONG
from ..conformance.games import tashkalar_scramble as _scramble
from .conftest import cast, position, random_policy


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


MODE_GAMES = [("duel", ("northern", "sylvan"), None), ("high_form", ("highland", "southern"), None),
              ("duel", ("etherweave", "everfrost"), None), ("high_form", ("nethervoid", "etherweave"), None),
              ("melee", ("sylvan", "northern", "etherweave"), None),
              ("melee", ("everfrost", "nethervoid", "highland", "southern"), None),
              ("team", ("northern", "etherweave", "southern", "sylvan"), "high_form"),
              ("team", ("everfrost", "highland", "nethervoid", "southern"), "duel")]


def mode_states(every: int = 4, limit: int = 400, games: int = 1):
    """States of seeded games (the player that prefers summons, flares and tasks) in every mode and with the
    expansion's decks: every `every`-th state of the first `limit` moves of `games` games per entry."""
    for i, (mode, decks, form) in enumerate(MODE_GAMES * games):
        g = tk.new_game(mode=mode, players=len(decks), decks=decks, seed=60 + i, form=form)
        choose = random_policy(100 + i)
        n = 0
        while not g.is_over and n < limit:
            if n % every == 0:
                yield g.clone()
            g.apply(choose(g))
            n += 1


def _public_piles_counted(v: dict) -> dict:
    """A view with its discard piles as sizes: for an action whose effect discards hand cards (Etherweave's
    upgrade to a legend discards every legend card in the hand), which cards they were is public by the rules."""
    seats = [dict(s, discard=len(s["discard"])) for s in v["seats"]]
    return dict(v, seats=seats, legend_discard=len(v["legend_discard"]), flare_discard=len(v["flare_discard"]))


def _without_own_hand(v: dict) -> dict:
    """A view without what depends on its player's own hand (when she drew different cards, legitimately)."""
    v = dict(v, hand=None, legal_actions=None)
    if v["decision"] is not None:
        v["decision"] = dict(v["decision"], options=None)
    return v


def test_nothing_hidden_changes_what_a_player_sees_happen_next():
    """The same legal action applied in a game and in its scramble (for a viewer): what she sees afterwards is
    the same, so no question appears, vanishes or changes with a hidden hand or deck order (its existence,
    kind, prompt and info are public; only its decider sees the options)."""
    rng = Rng(seed_state(11, 3))
    checked = asked_after_last_action = 0
    for k, g in enumerate(mode_states(every=1 if LONG else 3, games=6 if LONG else 1)):
        if g.decision is None:
            continue
        for v in range(g.n):
            h = _scramble(g, v, k, after=True)
            d = g.decision.player
            # the decision was built from the real hand: an option naming a card of it is one the scrambled
            # game has too only if that card is still in the hand there
            common = [a for a in g.legal_actions() if not (a.args and a.args[0] in BY_ID and BY_ID[a.args[0]] in
                                                           g.hands[d] and BY_ID[a.args[0]] not in h.hands[d])]
            places = [a for a in common if a.kind == "place"]
            tried = {str(common[rng.below(len(common))])} | ({str(places[0])} if places else set())
            for text in sorted(tried):
                g2, h2 = g.clone(), h.clone()
                g2.apply(text)
                h2.apply(text)
                a, b = g2.view(v), h2.view(v)
                if g2.hands[v] != h2.hands[v]:  # she drew from a reordered shared deck, or was given cards
                    a, b = _without_own_hand(a), _without_own_hand(b)
                if (g2.discards, g2.legend_discard, g2.flare_discard) != (h2.discards, h2.legend_discard,
                                                                         h2.flare_discard):
                    a, b = _public_piles_counted(a), _public_piles_counted(b)  # hand cards discarded: shown
                assert a == b, (g.mode, v, text, g.decision, g2.decision, h2.decision)
                checked += 1
                if g.actions_left == 1 and text.startswith("place") and g2.decision and g2.decision.prompt.startswith(
                        "Light a flare"):
                    asked_after_last_action += 1
    assert checked > 1000 and asked_after_last_action > 0


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


def test_a_save_round_trips_mid_effect():
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


@pytest.mark.parametrize("edit,message", [  # (the edits every game refuses: tests/conformance/test_saves.py)
    (lambda d: d.update(content="0" * 64), "other Tash-Kalar card data"),
    (lambda d: d["setup"].update(decks=["highland", "highland"]), "same deck"),
    (lambda d: d["setup"].update(seed=1.5), "whole numbers"),
    (lambda d: d["setup"].update(seed="7"), "damaged"),
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
