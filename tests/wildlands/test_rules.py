"""Rules W1-W63 and rulings AM1-AM15, one test (or more) each, named after the rule (RULES.md). Maps: the
Dungeon's row-major grid (1-7 top row, 36-42 bottom row); the Ruins' levels and arrows (CONTENT.md)."""
from __future__ import annotations

import pytest

import wildlands as wl
from wildlands.content import FACTIONS

from .conftest import card, options, pass_window, position


def start_all(g: wl.Game) -> None:
    """Answer every start-space decision with the first option."""
    while g.decision is not None and g.decision.kind == "start":
        g.apply(g.legal_actions()[0])


# ------------------------------------------------------------------------------------- A. components, board
def test_w1_factions_are_distinct_and_five_characters_each():
    g = wl.new_game(factions=("guild", "gnomads"), seed=1)
    assert len(g.pos) == 10 and g.ids[:5] == FACTIONS["guild"].ids
    with pytest.raises(ValueError):
        wl.new_game(factions=("guild", "guild"))
    with pytest.raises(ValueError):
        wl.new_game(factions=("guild", "elves"))


def test_w2_two_to_four_players():
    for n in (2, 3, 4):
        assert wl.new_game(factions=wl.FACTION_IDS[:n], seed=n).n == n
    for bad in (("guild",), ("guild", "gnomads", "lawbringers", "pit_fighters", "guild")):
        with pytest.raises(ValueError):
            wl.new_game(factions=bad)


def test_w3_two_boards_of_42_spaces():
    for b in ("dungeon", "ruins"):
        assert wl.new_game(board=b).board == b
    with pytest.raises(ValueError):
        wl.new_game(board="forest")


def test_w4_moves_cross_white_lines_only_and_walls_block():
    g = position(characters={"lunk": 10}, hands=[[card("guild", "lunk", "melee")], []])
    moves = [o for o in options(g) if o.startswith("move")]
    assert moves == ["move c1 lunk 11", "move c1 lunk 17"]  # 3-10 and 9-10 are walls


def test_w5_cover_spaces_from_the_circles():
    from wildlands.content import BOARDS

    assert [s for s in range(1, 43) if BOARDS["dungeon"].cover[s]][:4] == [3, 7, 9, 12]


def test_w6_w26_ruins_uphill_is_a_climb_of_two_cards_downhill_one():
    c = card("guild", "lunk", "melee")
    g = position(board="ruins", characters={"lunk": 1}, hands=[[c, "s"], []])
    assert "move c1 lunk 2" not in options(g) and "move s lunk 2" not in options(g)
    assert "climb lunk 2" in options(g)  # one symbol card + one movement joker (W49)
    g.apply("climb lunk 2")
    assert g.decision.kind == "pay" and "cancel" in options(g)
    g.apply("pay c1")
    assert g.decision.kind == "pay" and options(g) == ["pay s", "cancel"]
    g.apply("pay s")
    assert g.pos[0] == 2 and g.hands[0] == [] and g.decision.kind == "interrupt"  # one action, then the window
    g2 = position(board="ruins", characters={"lunk": 2}, hands=[[c], []])
    assert "move c1 lunk 1" in options(g2)  # downhill: one card
    g3 = position(board="ruins", characters={"lunk": 1}, hands=[[c], []])
    assert "climb lunk 2" not in options(g3)  # one card is not enough
    assert wl.Game.from_position({"board": "dungeon", "factions": ["guild", "gnomads"]}).bd.steps[1] == (
        (2, False), (8, False))  # W6: no arrows in the Dungeon


def test_w7_the_gate_between_25_and_30_is_a_normal_move():
    c = card("guild", "lunk", "melee")
    g = position(board="ruins", characters={"lunk": 25}, hands=[[c], []])
    assert "move c1 lunk 30" in options(g)
    g = position(board="ruins", characters={"lunk": 30}, hands=[[c], []])
    assert "move c1 lunk 25" in options(g)


def test_w8_w13_map_cards_dealt_ten_each_and_secret_start_spaces():
    g = wl.new_game(factions=("guild", "gnomads", "lawbringers"), seed=5)
    dealt = [set(d) for d in g.dealt]
    assert all(len(d) == 10 for d in dealt) and len(set.union(*dealt)) == 30
    assert g.decision.kind == "start" and g.decision.player == 0
    assert {a.args[1] for a in g.legal_actions()} == dealt[0]
    g.apply(g.legal_actions()[3])
    v1 = g.view(1)
    assert v1["log"] == ["start (hidden)"] and v1["decision"].get("options") is None and v1["dealt"] == sorted(dealt[1])
    assert g.view(0)["log"] == [str(g.legal_actions()[0]).replace("owl_sage", "lunk")[:0] + g.log[0]]
    assert g.view(0)["seats"][0]["characters"][0]["start"] in dealt[0]
    assert "start" not in v1["seats"][0]["characters"][0]


def test_w9_w57_damage_to_health_defeats():
    tak = card("gnomads", "tak", "melee")
    g = position(factions=["gnomads", "guild"], characters={"tak": 10, "owl_sage": 10}, hands=[[tak], []])
    g.apply(f"melee {tak} tak guild")
    g.apply("pass")  # owl sage's owner does not defend
    assert g.dmg[5 + 1] == 1 and g.pos[6] == 10
    g2 = position(factions=["gnomads", "guild"], characters={"tak": 10, "owl_sage": 10}, damage={"owl_sage": 1},
                  hands=[[tak], []])
    g2.apply(f"melee {tak} tak guild")
    g2.apply("pass")
    assert g2.pos[6] == -1 and g2.dmg[6] == 0 and g2.taken[0] == [6]  # W57: off the board, markers back


def test_w10_w28_a_card_moves_its_symbols_or_does_one_flag_instead():
    g = position(characters={"lunk": 10, "owl_sage": 17, "tak": 10}, hands=[["c1"], []])
    o = options(g)
    assert {"move c1 lunk 11", "melee c1 lunk gnomads", "move c1 owl_sage 16"} <= set(o)
    assert not any(x.startswith("move c1 pyromancer") for x in o)  # no symbol of the pyromancer on c1
    g.apply("move c1 owl_sage 16")
    assert g.hands[0] == [] and g.discards[0] == [0]  # W20, W22: one use, then the discard pile


def test_w11_each_faction_its_own_mix():
    mixes = {f: frozenset(a for c in FACTIONS[f].cards for a in (*c.flag, c.joker) if a) for f in FACTIONS}
    assert len(set(mixes.values())) == 4 and "shield" not in mixes["pit_fighters"]


# ------------------------------------------------------------------------------------- B. setup
def test_w12_w15_decks_shuffled_and_seven_cards_each():
    g = wl.new_game(factions=("guild", "gnomads"), seed=9)
    start_all(g)
    assert [len(h) for h in g.hands] == [7, 7] and [len(d) for d in g.draws] == [23, 23]
    assert g.hands[0] != g.hands[1] or True
    assert sorted(g.hands[0] + g.draws[0]) == list(range(30))


def test_w14_am11_shards_from_the_cards_the_left_neighbour_passes_right():
    g = wl.new_game(factions=("guild", "gnomads", "lawbringers"), seed=11)
    dealt = [list(d) for d in g.dealt]
    start_all(g)
    for p in range(3):
        q = (p + 1) % 3  # p receives from p+1: p+1 passes to its right, to p
        starts = set(g.start[q * 5:q * 5 + 5])
        assert g.shards[p] == sorted(set(dealt[q]) - starts)
    placed = [s for sh in g.shards for s in sh]
    assert len(set(placed)) == 15 and not set(placed) & set(g.start)  # no figure starts on a shard


def test_w16_the_lowest_shard_starts():
    for seed in range(5):
        g = wl.new_game(factions=("guild", "gnomads", "lawbringers"), seed=seed)
        start_all(g)
        low = min(s for sh in g.shards for s in sh)
        assert low in g.shards[g.active] and g.first_player == g.active and g.turn == 1


# ------------------------------------------------------------------------------------- C. turn structure
def test_w17_am13_compulsory_reveal_first():
    g = wl.new_game(seed=3)
    start_all(g)
    assert g.decision.kind == "reveal" and all(a.kind == "reveal" for a in g.legal_actions())
    g.apply(g.legal_actions()[0])
    assert g.decision.kind == "play" and "end" in options(g)  # one reveal fulfils it
    g2 = position(characters={c: 10 for c in FACTIONS["guild"].ids}, must_reveal=False, hands=[["c1"], []])
    assert g2.decision.kind == "play"  # nothing unrevealed: no obligation


def test_w18_w19_reveal_puts_the_figure_on_its_space_and_opens_no_window():
    g = position(characters={"lunk": 10, "owl_sage": "hidden 30"}, hands=[["c1"], []])
    g.apply("reveal owl_sage")
    assert g.pos[1] == 30 and g.start[1] == 0 and g.decision.kind == "play" and g.decision.player == 0


def test_w18_reveal_while_interrupting():
    g = position(characters={"lunk": 10, "tak": 20, "elsie": "hidden 30"}, hands=[["c1"], ["s"]])
    g.apply("move c1 lunk 11")
    g.apply("interrupt")
    assert g.actor == 1 and "reveal elsie" in options(g)
    g.apply("reveal elsie")
    assert g.pos[6] == 30 and g.actor == 1


def test_w20_w56_a_window_after_each_card_before_the_next():
    g = position(characters={"lunk": 10}, hands=[["c1", "c2"], ["s"]])
    g.apply("move c1 lunk 11")
    assert g.decision.kind == "interrupt" and g.decision.player == 1
    g.apply("pass")
    assert g.decision.kind == "play" and g.decision.player == 0


def test_w21_only_figures_on_the_board():
    g = position(characters={"lunk": 10, "owl_sage": "hidden 30"}, hands=[["c5"], []])  # c5: owl, witch
    assert not any(o.startswith(("move c5", "ranged c5")) for o in options(g))
    g.apply("reveal owl_sage")
    assert any(o.startswith("move c5 owl_sage") for o in options(g))


def test_w22_drawing_the_last_card_reshuffles_the_discards():
    g = position(characters={"lunk": 10}, hands=[["c1", "c5", "c6", "c7", "c8", "c9"], []], draws=[["c2"], None],
                 discards=[["c3", "c4"], []])
    g.apply("end")
    pass_window(g)  # one card drawn (the limit): the last of the deck, so the discards become the deck at once
    assert 1 in g.hands[0] and sorted(g.draws[0]) == [2, 3] and g.discards[0] == []


def test_w23_end_draws_three_up_to_seven_and_passes_left():
    g = position(factions=["guild", "gnomads", "lawbringers"], characters={"lunk": 10},
                 hands=[["c1", "c2", "c3", "c4", "c5"], [], []])
    g.apply("end")
    pass_window(g)
    assert len(g.hands[0]) == 7 and g.active == 1 and g.turn == 2  # only 2 drawn: the limit
    g2 = position(characters={"lunk": 10}, hands=[["c1"], []])
    g2.apply("end")
    pass_window(g2)
    assert len(g2.hands[0]) == 4


def test_w24_w54_an_end_of_turn_interrupt_lets_the_active_player_go_on():
    g = position(characters={"lunk": 10, "tak": 20}, hands=[["c1"], ["s", card("gnomads", "tak", "melee")]])
    g.apply("end")
    assert g.decision.kind == "interrupt" and g.decision.info["end_of_turn"]
    g.apply("interrupt")
    assert g.actor == 1 and len(g.hands[0]) == 1  # nothing drawn yet
    g.apply("end")  # the interrupt ends: back to the active player (no draw for the interrupter, W51)
    assert g.actor == 0 and g.active == 0 and g.decision.kind == "play" and len(g.hands[1]) == 1
    g.apply("move c1 lunk 11")  # W24: more actions
    pass_window(g)
    g.apply("end")
    pass_window(g)
    assert g.active == 1


# ------------------------------------------------------------------------------------- D. standard actions
def test_w25_figures_never_block():
    g = position(characters={"lunk": 10, "tak": 11, "elsie": 11}, hands=[["c1"], []])
    assert "move c1 lunk 11" in options(g)


def test_w27_pickup_three_cards_own_shards_enemies_do_not_prevent():
    cs = [c.id for c in FACTIONS["guild"].cards if c.shows & 1][:3]
    g = position(characters={"lunk": 10, "tak": 10}, shards=[[10], [11]], hands=[cs, []])
    assert "pickup lunk" in options(g)
    g.apply("pickup lunk")
    for c in cs:
        g.apply(f"pay {c}")
    assert g.collected[0] == 1 and g.shards[0] == [] and g.scores == [1, 0] and g.decision.kind == "interrupt"
    g2 = position(characters={"lunk": 11}, shards=[[10], [11]], hands=[cs, []])
    assert "pickup lunk" not in options(g2)  # only one's own shards


def test_w27_w59_pickup_with_a_defeated_characters_cards_never_mixed():
    owl = [c.id for c in FACTIONS["guild"].cards if c.shows >> 1 & 1 and not c.shows & 1][:2]
    lunk = card("guild", "lunk", "melee")  # c1 shows lunk and the owl
    g = position(characters={"lunk": 10, "owl_sage": "defeated"}, shards=[[10], []], hands=[[*owl, lunk], []])
    assert "pickup lunk" in options(g)  # three cards of the defeated owl sage (c1 shows it too)
    g3 = position(characters={"lunk": 10, "owl_sage": "defeated"}, shards=[[10], []],
                  hands=[[owl[0], "c24", "c3"], []])  # owl + lunk + lunk: mixed
    assert "pickup lunk" not in options(g3)
    g4 = position(characters={"lunk": 10, "owl_sage": "defeated"}, shards=[[10], []], hands=[[owl[0], "s", "s"], []])
    assert "pickup lunk" in options(g4)  # W49: jokers fill in
    g.apply("pickup lunk")
    g.apply(f"pay {owl[0]}")
    assert f"pay {lunk}" in options(g) and "cancel" in options(g)
    g.apply("cancel")
    assert g.decision.kind == "play" and len(g.hands[0]) == 3  # nothing happened


def test_w29_joker_flags_by_any_revealed_character():
    c = card("guild", joker="ranged")  # c7: owl sage and archivist, joker ranged
    g = position(characters={"lunk": 17, "tak": 10}, hands=[[c], []])
    assert f"ranged {c} lunk tak" in options(g)  # lunk shows on no c7 symbol, yet fires the joker


# ------------------------------------------------------------------------------------- E. card actions
def test_w30_never_your_own_nor_unrevealed_characters():
    g = position(characters={"owl_sage": 17, "lunk": 10, "tak": "hidden 18"}, hands=[["c5"], []])
    o = options(g)
    assert not any(x.endswith(" lunk") for x in o if x.startswith("ranged")) and not any("tak" in x for x in o)


def test_w31_am7_melee_attacker_picks_faction_owner_picks_victim():
    lunk = card("guild", "lunk", "melee")
    g = position(factions=["guild", "gnomads", "lawbringers"], characters={"lunk": 10, "tak": 10, "elsie": 10,
                                                                           "sheriff": 10}, hands=[[lunk], [], []])
    assert {f"melee {lunk} lunk gnomads", f"melee {lunk} lunk lawbringers"} <= set(options(g))
    g.apply(f"melee {lunk} lunk gnomads")
    assert g.decision.kind == "victim" and g.decision.player == 1 and options(g) == ["victim tak", "victim elsie"]
    g.apply("victim elsie")
    assert g.decision.kind == "defend" and g.decision.player == 1
    g.apply("pass")
    assert g.dmg[6] == 1 and g.dmg[5] == 0


def test_w32_w39_melee_defended_by_the_victims_melee_both_cards_discarded_one_action():
    lunk = card("guild", "lunk", "melee")
    tak = card("gnomads", "tak", "melee")
    g = position(characters={"lunk": 10, "tak": 10}, hands=[[lunk], [tak, "c23"]])
    g.apply(f"melee {lunk} lunk gnomads")
    assert options(g) == ["pass", f"defend {tak}"]
    g.apply(f"defend {tak}")
    assert g.dmg[5] == 0 and g.discards[0] == [0] and g.discards[1] == [0]
    assert g.decision.kind == "interrupt" and g.decision.player == 1  # the window after attack + defence


def test_w33_heavy_melee_two_damage_not_a_defence():
    mino = card("lawbringers", "minotaur", "heavy_melee")
    sat = card("lawbringers", "satyr", "heavy_melee")
    g = position(factions=["lawbringers", "gnomads"], characters={"minotaur": 10, "automate": 10, "satyr": 11},
                 hands=[[mino], []])
    g.apply(f"heavy_melee {mino} minotaur gnomads")
    g.apply("pass")
    assert g.dmg[7] == 2
    g2 = position(factions=["gnomads", "lawbringers"], characters={"tak": 10, "satyr": 10},
                  hands=[[card("gnomads", "tak", "melee")], [sat]])
    g2.apply("melee c1 tak lawbringers")
    assert options(g2) == ["pass"]  # a heavy melee flag does not defend


def test_w34_ranged_any_distance_in_los_attacker_picks_target():
    owl = card("guild", "owl_sage", "ranged")
    g = position(characters={"owl_sage": 36, "tak": 40, "elsie": 40, "automate": 41}, hands=[[owl], []])
    o = options(g)
    assert {f"ranged {owl} owl_sage tak", f"ranged {owl} owl_sage elsie"} <= set(o)  # 36 sees 40 (4 away)
    assert f"ranged {owl} owl_sage automate" not in o  # 41 is not in LOS from 36


def test_w35_am1_heavy_ranged_two_damage_at_most_one_space_crossed():
    hr = card("guild", "owl_sage", "heavy_ranged")
    g = position(characters={"owl_sage": 36, "tak": 38, "elsie": 40}, hands=[[hr], []])
    o = options(g)
    assert f"heavy_ranged {hr} owl_sage tak" in o and f"heavy_ranged {hr} owl_sage elsie" not in o
    g.apply(f"heavy_ranged {hr} owl_sage tak")
    g.apply("pass")
    assert g.dmg[5] == 2  # AM1


def test_w36_am2_am12_area_one_space_own_or_adjacent_own_figures_too():
    area = card("guild", "pyromancer", "area")
    g = position(characters={"pyromancer": 10, "lunk": 10, "tak": 11, "elsie": 3}, hands=[[area], []])
    o = [x for x in options(g) if x.startswith("area")]
    assert o == [f"area {area} pyromancer 10", f"area {area} pyromancer 11"]  # 3 is behind a wall (AM12)
    g.apply(f"area {area} pyromancer 10")
    assert g.decision.kind == "defend" and g.decision.player == 0  # own figures, asked of their owner
    g.apply("pass")
    g.apply("pass")
    assert g.dmg[0] == 1 and g.dmg[3] == 1  # lunk and the pyromancer itself
    g2 = position(board="ruins", characters={"pyromancer": 1, "tak": 2}, hands=[[area], []])
    assert f"area {area} pyromancer 2" in options(g2)  # an adjacent higher space


def test_w37_take_cover_only_on_a_cover_space_and_only_against_ranged():
    owl = card("guild", "owl_sage", "ranged")
    cover = card("gnomads", "elsie", "cover")
    g = position(characters={"owl_sage": 36, "elsie": 40}, hands=[[owl], [cover]])  # 40 has cover
    g.apply(f"ranged {owl} owl_sage elsie")
    assert options(g) == ["pass", f"defend {cover}"]
    g2 = position(characters={"owl_sage": 36, "elsie": 38}, hands=[[owl], [cover]])  # 38 has none
    g2.apply(f"ranged {owl} owl_sage elsie")
    assert options(g2) == ["pass"]
    g3 = position(factions=["gnomads", "guild"], characters={"tak": 40, "elsie": 40},
                  hands=[[card("gnomads", "tak", "melee")], []])
    g3 = position(factions=["guild", "gnomads"], characters={"lunk": 40, "elsie": 40},
                  hands=[[card("guild", "lunk", "melee")], [cover]])
    g3.apply("melee c1 lunk gnomads")
    assert options(g3) == ["pass"]  # useless against melee


def test_w38_shield_against_ranged_and_area_each_character_its_own_card_also_own_area():
    area = card("guild", "pyromancer", "area")
    sh = [card("gnomads", "tak", "shield"), card("gnomads", "automate", "shield", avoid=("c21",))]
    g = position(characters={"pyromancer": 10, "tak": 11, "automate": 11}, hands=[[area], sh])
    g.apply(f"area {area} pyromancer 11")
    assert g.decision.player == 1 and g.decision.info["character"] == "tak"
    assert f"defend {sh[0]}" in options(g)
    g.apply(f"defend {sh[0]}")
    assert options(g) == ["pass", f"defend {sh[1]}"]  # the first card is gone: each needs its own
    g.apply("pass")
    assert g.dmg[5] == 0 and g.dmg[7] == 1
    own = card("guild", "lunk", "shield")
    g2 = position(characters={"pyromancer": 10, "lunk": 10}, hands=[[area, own], []])
    g2.apply(f"area {area} pyromancer 10")
    assert f"defend {own}" in options(g2)  # shielding against one's own area attack
    g3 = position(characters={"lunk": 10, "tak": 10}, hands=[[card("guild", "lunk", "melee")], [sh[0]]])
    g3.apply("melee c1 lunk gnomads")
    assert options(g3) == ["pass"]  # useless against melee


def test_w39_am6_defence_flag_of_the_victim_or_a_joker():
    owl = card("guild", "owl_sage", "ranged")
    elsie_shield = card("gnomads", "elsie", "shield")  # c21: tak, elsie, automate all shield
    joker_shield = card("gnomads", joker="shield")
    scout_shield = card("gnomads", "scout", "shield")  # c22
    g = position(characters={"owl_sage": 36, "tak": 38}, hands=[[owl], [joker_shield, scout_shield, elsie_shield]])
    g.apply(f"ranged {owl} owl_sage tak")
    assert options(g) == ["pass", f"defend {joker_shield}", f"defend {elsie_shield}"]


def test_w40_am4_manoeuvre_two_characters_one_step_each_climb_costs_a_card():
    mv = card("gnomads", "tak", "manoeuvre")
    g = position(factions=["gnomads", "guild"], characters={"tak": 10, "automate": 11, "elsie": 30},
                 hands=[[mv], []])
    g.apply(f"manoeuvre {mv} tak")
    assert options(g) == ["with automate", "alone"]  # elsie is too far
    g.apply("with automate")
    assert "step tak 17" in options(g) and "stay" in options(g)
    g.apply("step tak 17")
    g.apply("step automate 4")
    assert g.pos[0] == 17 and g.pos[2] == 4 and g.decision.kind == "interrupt"
    r = position(board="ruins", factions=["gnomads", "guild"], characters={"tak": 17, "automate": 17},
                 hands=[[mv, "c23"], []])
    r.apply(f"manoeuvre {mv} tak")
    r.apply("alone")
    assert "step tak 24 c23" in options(r) and "step tak 24" not in options(r)  # uphill: c23 shows tak
    r.apply("step tak 24 c23")
    assert r.pos[0] == 24 and r.hands[0] == []


def test_w41_am3_fly_one_or_two_steps_ignoring_climbs():
    fly = card("gnomads", "elsie", "fly")
    g = position(board="ruins", factions=["gnomads", "guild"], characters={"elsie": 1}, hands=[[fly], []])
    dest = {int(o.split()[-1]) for o in options(g) if o.startswith(f"fly {fly} elsie")}
    assert dest == {2, 8, 3, 9, 15}  # 1->2 uphill without a second card; 1->8->15; 8-9 is a wall but 2-9 is not
    g.apply(f"fly {fly} elsie 3")
    assert g.pos[1] == 3


# ------------------------------------------------------------------------------------- F. line of sight
def test_w42_w44_w47_ranged_targets_follow_the_los_table():
    owl = card("guild", "owl_sage", "ranged")
    g = position(characters={"owl_sage": 1, "tak": 3, "elsie": 10, "automate": 9}, hands=[[owl], []])
    o = options(g)
    assert f"ranged {owl} owl_sage tak" in o and f"ranged {owl} owl_sage automate" in o  # into cover
    assert f"ranged {owl} owl_sage elsie" not in o


def test_w45_same_space_ranged_is_legal():
    owl = card("guild", "owl_sage", "ranged")
    g = position(characters={"owl_sage": 20, "tak": 20}, hands=[[owl], []])
    assert f"ranged {owl} owl_sage tak" in options(g)


def test_w46_am5_levels_low_never_hits_high():
    owl = card("guild", "owl_sage", "ranged")
    g = position(board="ruins", characters={"owl_sage": 1, "tak": 2, "elsie": 8}, hands=[[owl], []])
    o = options(g)
    assert f"ranged {owl} owl_sage elsie" in o and f"ranged {owl} owl_sage tak" not in o
    g2 = position(board="ruins", characters={"owl_sage": 10, "tak": 2, "elsie": 24}, hands=[[owl], []])
    assert {f"ranged {owl} owl_sage tak", f"ranged {owl} owl_sage elsie"} <= set(options(g2))


# ------------------------------------------------------------------------------------- G. specials, interrupts
def test_w48_w49_w50_a_special_card_is_joker_draw_or_interrupt():
    g = position(characters={"owl_sage": 10}, hands=[["s"], ["s"]], draws=[["c3", "c4", "c5"], None])
    assert {"move s owl_sage 11", "move s owl_sage 17", "draw s"} <= set(options(g))
    g.apply("draw s")
    assert len(g.hands[0]) == 2  # W50: two
    g6 = position(characters={"owl_sage": 10}, hands=[["s", "c1", "c2", "c3", "c4", "c5", "c6"], []])
    g6.apply("draw s")
    assert len(g6.hands[0]) == 7  # AM14: six left after playing it, so one drawn


def test_w51_interrupt_plays_as_a_turn_and_draws_nothing():
    g = position(characters={"lunk": 10, "tak": 20}, hands=[["c1"], ["s", "c1"]])
    g.apply("move c1 lunk 11")
    assert options(g) == ["pass", "interrupt"]
    g.apply("interrupt")
    assert g.actor == 1 and g.decision.kind == "play" and g.hands[1] == [0]
    g.apply("move c1 tak 19")
    assert g.decision.kind == "interrupt" and g.decision.player == 0  # the interrupter can be interrupted
    g.apply("pass")
    g.apply("end")
    assert g.actor == 0 and len(g.hands[1]) == 0  # no draw after an interrupt


def test_w52_no_window_after_a_reveal_an_interrupt_card_or_mid_action():
    g = position(factions=["guild", "gnomads", "lawbringers"], characters={"lunk": 10, "tak": 20, "elsie": "hidden 30"},
                 hands=[["c1", "c24"], ["s"], ["s"]])
    g.apply("climb lunk 2") if False else None
    g.apply("move c1 lunk 11")
    g.apply("interrupt")  # seat 1 interrupts; seat 2 is not asked about the interrupt card
    assert g.actor == 1 and g.decision.kind == "play"
    g.apply("reveal elsie")
    assert g.decision.kind == "play" and g.decision.player == 1  # no window after a reveal
    r = position(board="ruins", characters={"lunk": 1}, hands=[["c1", "c24"], ["s"]])
    r.apply("climb lunk 2")
    r.apply("pay c1")
    assert r.decision.kind == "pay"  # no window between the cards of one action
    r.apply("pay c24")
    assert r.decision.kind == "interrupt"


def test_w53_a_chain_returns_to_the_active_player():
    g = position(factions=["guild", "gnomads", "lawbringers"],
                 characters={"lunk": 10, "tak": 20, "sheriff": 30}, hands=[["c1"], ["s", "c1"], ["s", "c23"]])
    g.apply("move c1 lunk 11")
    g.apply("interrupt")  # seat 1
    g.apply("move c1 tak 19")
    assert [g.decision.kind, g.decision.player] == ["interrupt", 2]  # clockwise from seat 1
    g.apply("interrupt")  # seat 2 interrupts the interrupter
    assert g.actor == 2
    g.apply("end")
    assert g.actor == 0 and g.decision.player == 0  # straight back to the active player, not to seat 1


def test_w55_am8_order_clockwise_from_who_acted():
    g = position(factions=["guild", "gnomads", "lawbringers", "pit_fighters"], active=2, characters={"sheriff": 10},
                 hands=[["s"], ["s"], [card("lawbringers", "sheriff", "ranged")], ["s"]])
    g.apply(f"move {card('lawbringers', 'sheriff', 'ranged')} sheriff 11")
    asked = []
    while g.decision.kind == "interrupt":
        asked.append(g.decision.player)
        g.apply("pass")
    assert asked == [3, 0, 1]


def test_w55_the_interrupter_acts_once_before_any_window():
    g = position(factions=["guild", "gnomads", "lawbringers"], characters={"lunk": 10, "tak": 20},
                 hands=[["c1"], ["s", "c1"], ["s"]])
    g.apply("move c1 lunk 11")
    g.apply("interrupt")
    assert g.decision.kind == "play" and g.decision.player == 1  # seat 2 gets no window yet
    g.apply("move c1 tak 19")
    assert g.decision.kind == "interrupt" and g.decision.player == 2


# ------------------------------------------------------------------------------------- H. damage and scoring
def test_w58_the_last_damage_scores_own_area_scores_nobody():
    area = card("guild", "pyromancer", "area")
    g = position(characters={"pyromancer": 10, "lunk": 10}, damage={"lunk": 4}, hands=[[area], []])
    g.apply(f"area {area} pyromancer 10")
    g.apply("pass")
    g.apply("pass")
    assert g.pos[0] == -1 and g.taken == [[], []] and g.scores == [0, 0]


def test_w59_defeated_characters_symbols_and_flags_are_dead_but_jokers_live():
    c1 = card("guild", "lunk", "melee")  # lunk M, owl R, joker S
    c7 = card("guild", joker="ranged")  # owl, archivist; joker ranged
    g = position(characters={"lunk": "defeated", "owl_sage": 10, "archivist": "defeated", "tak": 11},
                 hands=[[c1, c7], []])
    o = options(g)
    assert not any(x.startswith(f"move {c1} lunk") or x.startswith(f"melee {c1}") for x in o)
    assert f"ranged {c7} owl_sage tak" in o  # joker or owl's own flag


def test_w60_points_are_shards_plus_figures_and_public():
    g = position(characters={"tak": "defeated", "elsie": "defeated"}, shards=[[1], [2]], collected=[2, 1],
                 taken=[["tak"], []])
    assert g.scores == [3, 1]
    assert g.view(1)["seats"][0]["collected"] == 2 and g.view(1)["seats"][0]["taken"] == ["tak"]


def test_w61_five_points_win_at_once_even_mid_interrupt():
    tak = card("gnomads", "tak", "melee")
    g = position(characters={"lunk": 10, "tak": 10}, damage={"lunk": 4}, collected=[0, 4],
                 hands=[["c24"], ["s", tak, "c23"]])
    g.apply("move c24 lunk 11")
    g.apply("interrupt")
    g.apply("move c23 tak 11")
    g.apply("pass")
    g.apply(f"melee {tak} tak guild")
    g.apply("pass")
    assert g.is_over and g.winners == (1,) and g.decision is None and g.active == 0


def test_w62_am9_elimination_the_leader_wins_a_tie_plays_on():
    tak = card("gnomads", "tak", "melee")
    others = {c: "defeated" for c in FACTIONS["guild"].ids[1:]}
    g = position(factions=["gnomads", "guild"], characters={"tak": 10, "lunk": 10, **others}, damage={"lunk": 4},
                 collected=[0, 2], hands=[[tak], []])
    g.apply(f"melee {tak} tak guild")
    g.apply("pass")
    assert g.is_over and g.winners == (0,)  # 1 point, but the guild is out: it cannot win
    g3 = position(factions=["gnomads", "guild", "lawbringers"], characters={"tak": 10, "lunk": 10, **others},
                  damage={"lunk": 4}, collected=[0, 0, 1], hands=[[tak], [], []])
    g3.apply(f"melee {tak} tak guild")
    g3.apply("pass")
    assert not g3.is_over and g3.tie  # gnomads 1, lawbringers 1: play on
    pass_window(g3)
    g3.apply("end")
    pass_window(g3)
    assert g3.active == 2  # the guild, out of the game, is skipped (AM9)


def test_w63_am_hidden_information_in_views():
    g = wl.new_game(factions=("guild", "gnomads"), seed=4)
    start_all(g)
    v = g.view(1)
    assert "draws" not in str(v.keys()) and v["hand"] != [] and v["seats"][0]["hand_count"] == 7
    assert all(c["space"] == "hidden" and "start" not in c for c in v["seats"][0]["characters"])
    assert "seed" not in str(v)


def test_am15_a_card_without_any_use_may_be_discarded():
    g = position(characters={"lunk": "defeated", "owl_sage": "defeated", "hedge_witch": "defeated",
                             "pyromancer": "defeated", "archivist": 10, "tak": 30},
                 hands=[["c1"], []])
    assert options(g) == ["discard c1", "end"]
    g.apply("discard c1")
    assert g.discards[0] == [0] and g.decision.kind == "interrupt"


def test_am9_a_player_who_loses_the_last_character_on_its_own_turn_stops_at_once():
    """Our reading of AM9: in a tie continuation the player out of characters takes no further action,
    even in the middle of its own turn (its own area attack removed its last figure): the turn passes."""
    area = card("guild", "pyromancer", "area")
    others = {c: "defeated" for c in FACTIONS["guild"].ids if c != "pyromancer"}
    last = FACTIONS["guild"].health[FACTIONS["guild"].ids.index("pyromancer")] - 1  # one hit from defeat
    g = position(factions=["guild", "gnomads", "lawbringers"], characters={"pyromancer": 10, **others},
                 damage={"pyromancer": last}, collected=[0, 1, 1], hands=[[area], [], []])
    g.apply(f"area {area} pyromancer 10")
    g.apply("pass")
    assert g.tie and not g.is_over
    pass_window(g)
    assert g.active == 1 and g.decision.player == 1
