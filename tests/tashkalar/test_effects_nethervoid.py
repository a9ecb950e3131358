"""The Nethervoid school's 18 effects and the Gateway rule, each from a position (the being on e5 in its
printed orientation unless said otherwise; seat 0 plays, seat 1 is the enemy); then random games of Nethervoid
against each base deck in both modes."""
from __future__ import annotations

import pytest

import tashkalar as tk
from tashkalar import invariants
from tashkalar.board import BY_NAME
from tashkalar.content import BY_ID
from tashkalar.position import PositionError

from .conftest import BASE_DECKS, asked, cast, options, piece, placements_at, position, school_games

NV = "nethervoid/"


def gate(g: tk.Game, p: int = 0) -> "str | None":
    from tashkalar.board import NAME

    s = g.gateway[p]
    return None if s < 0 else NAME[s]


# ---------------------------------------------------------------------- the Gateway rule
def test_a_summoned_being_becomes_the_gateway_when_there_is_none_or_it_outranks_a_common_one():
    g = cast(NV + "flame-imp")
    assert gate(g) == "e5"
    g = cast(NV + "flame-imp", board={"a5": "0c"}, gateway=["a5", None])
    assert gate(g) == "a5"  # a common being does not take over
    g = cast(NV + "hell-rider", board={"a5": "0c"}, gateway=["a5", None])
    g.apply("done")
    assert gate(g) == "e5"  # a heroic one takes over from a common Gateway
    g = cast(NV + "hell-rider", board={"a5": "0h"}, gateway=["a5", None])
    assert gate(g) == "a5"
    g = cast("imperial/knight")  # another school's being never does
    assert gate(g) is None


def test_the_gateway_follows_its_piece_and_ends_with_it():
    g = position(board={"c5": "0c", "c4": "1c"}, gateway=["c5", None])
    g.move(BY_NAME["c5"], BY_NAME["c4"], 0)
    assert gate(g) == "c4"
    g.upgrade(BY_NAME["c4"])
    assert gate(g) == "c4"  # heroic: still the Gateway
    g.upgrade(BY_NAME["c4"])
    assert gate(g) is None  # legendary: not any more
    g = position(board={"c5": "0c"}, gateway=["c5", None])
    g.destroy(BY_NAME["c5"], 1)
    g.place(BY_NAME["c5"], 0, 0)
    assert gate(g) is None  # a new piece on its square is not the Gateway
    g = position(board={"c5": "0c"}, gateway=["c5", None])
    g.convert(BY_NAME["c5"], 1, 1)
    assert gate(g) is None


def test_positions_check_the_gateway():
    with pytest.raises(PositionError, match="gateway"):
        position(gateway=["c5", None])
    with pytest.raises(PositionError, match="gateway"):
        position(board={"c5": "1c"}, gateway=["c5", None])
    with pytest.raises(PositionError, match="gateway"):
        position(board={"c5": "0l"}, gateway=["c5", None])
    g = position(board={"c5": "0h"}, gateway=["c5", None])
    assert g.view(1)["seats"][0]["gateway"] == "c5"


# ---------------------------------------------------------------------- the beings
def test_shadow_imp_moves_then_the_gateway_follows_in_the_same_direction():
    g = cast(NV + "shadow-imp", board={"c3": "0h"}, gateway=["c3", None])
    g.apply("to e4")
    assert asked(g) == ("move", ["to c2", "done"])
    g.apply("to c2")
    assert gate(g) == "c2" and piece(g, "e4") == "0c"
    g = cast(NV + "shadow-imp")  # the imp is the Gateway itself: nothing follows
    g.apply("to e4")
    assert g.decision.kind == "action" and gate(g) == "e4"


def test_flame_imp_destroys_a_common_next_to_the_gateway():
    g = cast(NV + "flame-imp", board={"c3": "0h", "b3": "1c", "d4": "1h"}, gateway=["c3", None])
    assert asked(g) == ("pick", ["pick b3", "done"])
    g.apply("pick b3")
    assert piece(g, "b3") is None
    g = cast(NV + "flame-imp", board={"c3": "0h", "b3": "1c"}, gateway=["c3", None])
    g.apply("done")
    assert piece(g, "b3") == "1c"


def test_gate_keeper_upgrades_or_places_a_piece_that_becomes_the_gateway():
    g = cast(NV + "gate-keeper")
    assert gate(g) == "e5" and asked(g) == ("choose", ["choose upgrade", "choose place", "choose skip"])
    g.apply("choose place")
    g.apply("pick a5")
    assert piece(g, "a5") == "0c" and gate(g) == "a5"
    g = cast(NV + "gate-keeper")
    g.apply("choose upgrade")
    g.apply("pick d5")
    assert piece(g, "d5") == "0h" and gate(g) == "d5"
    g = cast(NV + "gate-keeper")
    g.apply("choose skip")
    assert gate(g) == "e5"


def test_demon_of_gluttony_upgrades_on_a_kill_and_becomes_the_gateway_on_a_second():
    g = cast(NV + "demon-of-gluttony", board={"c3": "0h", "e4": "1c", "e3": "1h"}, gateway=["c3", None])
    g.apply("to e4")
    assert piece(g, "e4") == "0h"
    g.apply("to e3")
    assert gate(g) == "e3"
    g = cast(NV + "demon-of-gluttony", board={"c3": "0h", "e3": "1c"}, gateway=["c3", None])
    g.apply("to e4")  # nothing destroyed: no upgrade, no second move
    assert piece(g, "e4") == "0c" and g.decision.kind == "action"


def test_demon_of_pride_upgrades_becomes_the_gateway_and_may_move():
    g = cast(NV + "demon-of-pride", board={"c3": "0h"}, gateway=["c3", None])
    assert piece(g, "e5") == "0h" and gate(g) == "e5"
    g.apply("to e4")
    assert gate(g) == "e4"


def test_acolyte_of_destruction_second_kill_only_with_the_gateway_on_red():
    g = cast(NV + "acolyte-of-destruction", board={"a5": "1c", "b5": "1h", "b4": "1c"})
    assert gate(g) == "e5"  # e5 is red
    assert "done" not in options(g)  # the first destruction is not optional
    g.apply("pick a5")
    assert asked(g) == ("pick", ["pick b5", "done"])
    g.apply("pick b5")
    assert piece(g, "b5") is None
    g = cast(NV + "acolyte-of-destruction", board={"a5": "1c", "b5": "1h", "b4": "1c", "c3": "0h"},
             gateway=["c3", None])
    g.apply("pick a5")
    assert g.decision.kind == "action" and piece(g, "b5") == "1h"


def test_acolyte_of_growth_adds_a_heroic_piece_with_the_gateway_on_green():
    g = cast(NV + "acolyte-of-growth", board={"a5": "0h"}, gateway=["a5", None])  # a5 is green
    g.apply("pick c5")
    assert "done" not in options(g) and "pick c4" in options(g) and "pick e2" not in options(g)
    g.apply("pick c4")
    assert piece(g, "c5") == "0c" and piece(g, "c4") == "0h"
    g = cast(NV + "acolyte-of-growth", board={"b4": "0h"}, gateway=["b4", None])
    g.apply("pick c5")
    assert g.decision.kind == "action"


def test_power_seeker_heads_for_the_gateway_or_steps_if_it_is_the_gateway():
    g = cast(NV + "power-seeker", board={"a5": "0h", "d6": "1c"}, gateway=["a5", None])
    assert sorted(options(g)) == ["done", "to d4", "to d5", "to d6"]  # each one step closer to a5
    g.apply("to d6")
    g.apply("to c5")
    g.apply("to b5")
    assert asked(g) == ("move", ["to a5", "done"])  # only the Gateway's own square is closer
    g.apply("done")
    assert piece(g, "b5") == "0h" and gate(g) == "a5"
    g = cast(NV + "power-seeker", board={"f4": "1h"})
    assert gate(g) == "e5" and "to f4" not in options(g) and "to e4" in options(g)  # a standard move


def test_hell_hound_goes_under_the_deck_unless_it_killed_a_legend():
    hound = BY_ID[NV + "hell-hound"]
    g = cast(NV + "hell-hound", board={"d4": "1c"})
    g.apply("pick d4")
    assert g.draws[0][0] == hound and hound not in g.discards[0]
    g = cast(NV + "hell-hound", board={"d4": "1l"})
    g.apply("pick d4")
    assert hound in g.discards[0]
    g = cast(NV + "hell-hound", board={"d4": "1c"}, draw=[[], None])
    g.apply("done")
    assert hound in g.discards[0] and g.draws[0] == []


def test_vortex_master_moves_the_gateway_then_a_piece_next_to_it():
    g = cast(NV + "vortex-master", board={"c5": "0h", "b5": "1c", "a5": "1c", "b4": "0c"}, gateway=["c5", None])
    g.apply("to b5")
    assert gate(g) == "b5" and "piece b4" in options(g)
    g.apply("piece b4")
    g.apply("to a5")
    assert piece(g, "a5") == "0c"


def test_gate_master_upgrades_the_gateway_then_picks_a_new_one():
    g = cast(NV + "gate-master", board={"c5": "0h"}, gateway=["c5", None])
    assert piece(g, "c5") == "0l" and g.points[0] == 1 and (BY_NAME["e5"], 2) in g.summons
    assert "pick c5" not in options(g)
    g.apply("pick d5")
    assert gate(g) == "d5"
    g = cast(NV + "gate-master", board={"c5": "0h", "a5": "0l", "b5": "0l", "c3": "0l"}, gateway=["c5", None])
    assert piece(g, "c5") == "0h" and g.points[0] == 0  # no legendary piece left: no upgrade


def test_hell_rider_one_move_as_the_gateway_three_otherwise():
    g = cast(NV + "hell-rider")
    g.apply("to e4")
    assert g.decision.kind == "action"
    g = cast(NV + "hell-rider", board={"c3": "0h"}, gateway=["c3", None])
    g.apply("to e4")
    g.apply("to e3")
    g.apply("to e2")
    assert piece(g, "e2") == "0h" and g.decision.kind == "action"


def test_demon_of_wrath_clears_enemy_commons_around_the_gateway():
    g = cast(NV + "demon-of-wrath", board={"c5": "0h", "b5": "1c", "c4": "1c", "b4": "1h"}, gateway=["c5", None])
    assert piece(g, "b5") is None and piece(g, "c4") is None and piece(g, "b4") == "1h"
    g = cast(NV + "demon-of-wrath", board={"c5": "0h", "c3": "1c"}, gateway=["c5", None])
    assert g.decision.kind == "move"  # none next to it: the Gateway may step first
    g.apply("to c4")
    assert piece(g, "c3") is None and gate(g) == "c4"


def test_demon_of_greed_destroys_own_common_and_heroic_non_gateway_for_actions():
    g = cast(NV + "demon-of-greed", board={"c5": "0h", "a5": "0h"}, gateway=["c5", None])
    g.apply("pick d4")
    assert asked(g) == ("pick", ["pick a5", "pick e5"])  # not the Gateway on c5
    g.apply("pick a5")
    assert piece(g, "d4") is None and piece(g, "a5") is None and g.actions_left == 3
    g = cast(NV + "demon-of-greed")  # it is the Gateway: no heroic piece to destroy
    g.apply("pick d4")
    assert g.actions_left == 2 and piece(g, "e5") == "0h"


def test_demon_of_lust_pulls_up_to_two_pieces_toward_but_not_onto_the_gateway():
    g = cast(NV + "demon-of-lust", board={"a5": "0h", "c5": "1c", "b4": "1c"}, gateway=["a5", None])
    g.apply("piece c5")
    assert sorted(options(g)) == ["done", "to b4", "to b5", "to b6"]  # each one step closer to a5
    g.apply("to b5")
    assert "piece b5" not in options(g)  # each piece once
    assert "piece b4" not in options(g)  # next to the Gateway: only its square is closer, and that is barred


def test_demon_of_sloth_spends_an_action_or_destroys_the_gateway():
    g = cast(NV + "demon-of-sloth", board={"c5": "0h"}, gateway=["c5", None])
    assert g.active == 1 and piece(g, "c5") == "0h"  # its last action was spent: the turn ended
    g = cast(NV + "demon-of-sloth", board={"c5": "0h"}, gateway=["c5", None], actions_left=1)
    assert piece(g, "c5") is None and gate(g) is None


def test_demon_of_envy_adds_commons_next_to_the_gateway_while_behind():
    far = {s: "1c" for s in ("a5", "b4", "b5", "b6", "i5", "h4")}
    g = cast(NV + "demon-of-envy", board={"c3": "0h", **far}, gateway=["c3", None])
    g.apply("pick b2")
    g.apply("pick c2")  # 5 against 6, then 6 against 6: it stops
    assert g.decision.kind == "action" and g.count(0) == 6
    g = cast(NV + "demon-of-envy", board={"c3": "0h"}, gateway=["c3", None])
    g.apply("pick b2")  # at least one, even when not behind
    assert g.decision.kind == "action" and piece(g, "b2") == "0c"


def test_possessed_summoner_next_pattern_uses_enemy_pieces_and_flare_for_an_action():
    g = cast(NV + "possessed-summoner", board={"g3": "1c", "g5": "1c"},
             hand=["imperial/swordmaster", "flare/01"])
    g.apply("pick h4")
    assert piece(g, "h4") == "1c" and g.summon_colour == 1
    assert asked(g) == ("discard_flare", ["card flare/01", "skip"])
    g.apply("card flare/01")
    assert g.actions_left == 2
    g.apply("summon imperial/swordmaster")
    assert placements_at(g, "g4")  # the pattern from the enemy's g3 and g5
    g.apply(placements_at(g, "g4")[0])
    assert piece(g, "g4") == "0c" and g.summon_colour == -1


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("mode", ["duel", "high_form"])
@pytest.mark.parametrize("other", BASE_DECKS)
def test_random_games_with_nethervoid_end_and_keep_the_invariants(mode, other):
    summoned = gateways = 0
    for g in school_games("nethervoid", other, mode, 700, games=3, restores="gateway"):
        summoned += sum(1 for t in g.log if t.startswith("summon nethervoid/"))
        gateways += sum(1 for e in g.events if e[1] == "gateway")
    assert summoned >= 10 and gateways >= 5
