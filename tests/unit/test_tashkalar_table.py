"""The Tash-Kalar arena's HTML (app/games/tashkalar/table.py), from views of real games: every square once,
exactly the legal options lit, a summon's orientations and pattern squares on its square, pieces told apart by
shape and mark as well as colour."""
from __future__ import annotations

import re
from html import unescape

import tashkalar as tk
from app.games.tashkalar.table import SHAPES, arena, square_options
from crystalclans.rng import Rng

SQUARE = re.compile(r'<button type="button" class="([^"]*)" ([^>]*)aria-label="([^"]*)">')


def squares(html: str) -> dict[str, dict]:
    out = {}
    for cls, attrs, label in SQUARE.findall(html):
        a = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        out[a["data-square"]] = {"cls": cls.split(), "attrs": {k: unescape(v) for k, v in a.items()},
                                 "label": unescape(label)}
    return out


def game_at(kind: str, seed: int = 3, limit: int = 4000) -> tk.Game:
    g = tk.new_game(seed=seed, first_player=0)
    r = Rng(seed)
    for _ in range(limit):
        if g.decision is not None and g.decision.kind == kind and len(g.decision.options) > 2:
            return g
        o = g.legal_actions()
        g.apply(o[r.below(len(o))])
    raise AssertionError(f"no {kind} decision reached")


def test_the_arena_has_each_of_its_69_squares_once_and_the_corners_are_not_squares():
    g = tk.new_game(seed=1, first_player=0)
    html = arena(g.view(0))
    sq = squares(html)
    assert len(sq) == 69 and html.count('data-square="') == 69
    assert html.count('class="tk-off"') == 81 - 69
    assert "a1" not in sq and "e5" in sq and "tk-centre" in sq["e5"]["cls"]
    assert sum("tk-red" in s["cls"] for s in sq.values()) == 4
    assert sum("tk-green" in s["cls"] for s in sq.values()) == 5


def test_exactly_the_deciding_players_options_are_lit_and_no_one_else_sees_them():
    g = tk.new_game(seed=1, first_player=0)  # the Duel's start squares: chosen by the first player's right
    d = g.decision
    mine = squares(arena(g.view(d.player)))
    lit = {n: s["attrs"]["data-action"] for n, s in mine.items() if "tk-lit" in s["cls"]}
    assert lit == {str(a).split()[1]: str(a) for a in d.options}
    other = squares(arena(g.view(1 - d.player)))
    assert not any("tk-lit" in s["cls"] for s in other.values())
    assert all(s["attrs"].get("aria-disabled") == "true" for s in other.values())


def test_every_placement_of_a_summon_is_on_its_square_with_its_pattern():
    g = game_at("placement")
    d = g.decision
    v = g.view(d.player)
    sq = squares(arena(v))
    info = d.info["placements"]
    offered = [str(a) for a in d.options if a.kind == "at"]
    for notation in offered:
        target = notation.split()[1]
        s = sq[target]
        listed = s["attrs"].get("data-actions", s["attrs"]["data-action"]).split("|")
        assert notation in listed
        patterns = s["attrs"]["data-pattern"].split("|")
        assert " ".join(info[notation[3:]]["pattern"]) == patterns[listed.index(notation)]
    assert sum(len(v) for v in square_options(v["decision"]).values()) == len(offered)
    # the focused placement draws its pattern's squares and nothing else
    focus = offered[-1]
    shown = squares(arena(v, focus=focus))
    drawn = {n for n, s in shown.items() if "tk-pattern" in s["cls"]}
    assert drawn == set(info[focus[3:]]["pattern"])
    assert shown[focus.split()[1]]["attrs"]["data-action"] == focus


def test_pieces_differ_in_shape_by_colour_and_in_mark_by_rank_and_their_label_says_both():
    v = dict(tk.new_game(seed=11, first_player=0).view(0), board={"c3": {"colour": 0, "rank": 0}, "d4": {"colour": 0, "rank": 1},
                       "e5": {"colour": 1, "rank": 2}})
    html = arena(v, names=["Ann", "Bo"])
    sq = squares(html)
    assert "Ann's common piece" in sq["c3"]["label"] and "Bo's legendary piece" in sq["e5"]["label"]
    assert f"tk-{SHAPES[0]} tk-r0" in html and f"tk-{SHAPES[0]} tk-r1" in html and f"tk-{SHAPES[1]} tk-r2" in html
    assert "★" in html and "♛" in html


def test_every_option_random_games_reach_has_words_and_a_button_with_its_notation():
    from app.games.tashkalar.table import actions_panel, option_label

    kinds = {}
    games = [(5, "duel", ("southern", "highland")), (6, "high_form", ("southern", "highland")),
             (7, "melee", ("southern", "highland", "sylvan")), (8, "team", ("northern", "southern", "highland", "sylvan"))]
    for seed, mode, decks in games:
        g = tk.new_game(mode=mode, players=len(decks), decks=decks, seed=seed, first_player=0)
        r = Rng(seed)
        while not g.is_over and len(g.log) < 3000:
            d = g.decision
            v = g.view(d.player)
            html = actions_panel(v)
            found = re.findall(r'<button type="button" data-action="([^"]*)"[^>]*>([^<]*)</button>', html)
            assert [unescape(a) for a, _ in found] == [str(a) for a in d.options]
            for a in d.options:
                label = option_label(str(a))
                assert label and (label != str(a) or a.kind == "choose"), f"no words for {a}"
                kinds.setdefault(a.kind, label)
            o = g.legal_actions()
            g.apply(o[r.below(len(o))])
    assert {"place", "summon", "at", "done", "bottom", "discard", "start", "handover"} <= set(kinds), sorted(kinds)
    assert option_label("light flare/03") == "Light Flare 3"


def test_the_seats_and_the_hand_show_what_the_view_holds_and_nothing_more():
    from app.games.tashkalar.table import card_name, hand_panel, seats_panel

    g = tk.new_game(seed=8, first_player=0)
    v = g.view(0)
    seats = seats_panel(v, names=["Ada", "Bo"])
    assert seats.count('<li class="tk-seat') == 2 and "Ada" in seats and "Bo" in seats
    assert "hand: 3 beings, 2 legends, 1 flare" in unescape(seats) and "1 flares" not in unescape(seats)
    hand = hand_panel(v)
    assert re.findall(r'data-card="([^"]*)"', hand) == v["hand"]
    for cid in g.view(1)["hand"]:
        if cid not in v["hand"]:
            assert card_name(cid) not in hand
