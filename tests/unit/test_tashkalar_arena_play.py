"""Playing on the Tash-Kalar arena (app/games/tashkalar/table.py) as a player expects: a square where a summon fits
in several orientations offers them in turn (a click shows the next, "Summon here" applies the one shown), one
orientation summons at once; the arena is one tab stop; every option of an effect that names a square has its
square lit, across decision kinds in random games of every mode; and what just happened (placed, moved,
destroyed, upgraded pieces) marks its squares for the style sheet's animations."""
from __future__ import annotations

import re
from html import unescape

import pytest

import tashkalar as tk
from app.games.tashkalar.table import arena, pick_bar, square_options
from crystalclans.rng import Rng

from .fake_dom import fake_window
from .test_seats import new_app
from .test_tashkalar_table import squares

TAG = re.compile(r"<button ([^>]*)>")


def attrs_of(html: str) -> list[dict[str, str]]:
    return [{k: unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', a)} for a in TAG.findall(html)]


def placement_with_turns(seed0: int = 0) -> tk.Game:
    """A game at a summon's placement where some square has several orientations and some has one."""
    for seed in range(seed0, seed0 + 80):
        g = tk.new_game(mode="high_form", decks=("northern", "sylvan"), seed=seed, first_player=0)
        r = Rng(seed)
        for _ in range(2000):
            d = g.decision
            if d is None:
                break
            if d.kind == "placement":
                counts = [len(v) for v in square_options({"options": [str(a) for a in d.options]}).values()]
                if max(counts) > 1 and min(counts) == 1:
                    return g
            o = g.legal_actions()
            g.apply(o[r.below(len(o))])
    raise AssertionError("no placement with a square of several orientations")


def test_a_square_of_several_orientations_shows_them_in_turn_and_summon_here_applies_the_one_shown():
    g = placement_with_turns()
    d = g.decision
    v = g.view(d.player)
    legal = {str(a) for a in d.options}
    lit = square_options(v["decision"])
    square, options = next((s, o) for s, o in lit.items() if len(o) > 1)
    single = next(s for s, o in lit.items() if len(o) == 1)
    sq = squares(arena(v))
    # not picked: it shows the first orientation, and a click picks that one (it applies nothing)
    assert sq[square]["attrs"]["data-action"] == options[0] and sq[square]["attrs"]["data-pick"] == options[0]
    assert "tk-picked" not in sq[square]["cls"] and pick_bar(v, None) == ""
    # one orientation: the click summons at once
    assert "data-pick" not in sq[single]["attrs"] and sq[single]["attrs"]["data-action"] in legal
    # picked, orientation by orientation: its pattern drawn, the next one to come, "Summon here" the one shown
    info = d.info["placements"]
    for i, shown in enumerate(options):
        html = arena(v, focus=shown, autofocus=True)
        sq = squares(html)
        a = sq[square]["attrs"]
        assert "tk-picked" in sq[square]["cls"] and "data-autofocus" in html
        assert a["data-action"] == shown and a["data-pick"] == options[(i + 1) % len(options)]
        assert {n for n, s in sq.items() if "tk-pattern" in s["cls"]} == set(info[shown[3:]]["pattern"])
        assert f"orientation {i + 1} of {len(options)}" in sq[square]["label"]
        bar = attrs_of(pick_bar(v, shown))
        assert [b["data-action"] for b in bar if "data-action" in b] == [shown]
        assert [b["data-pick"] for b in bar if "data-pick" in b] == [options[(i + 1) % len(options)]]
        # the table never decides: everything it offers is legal
        for b in attrs_of(html) + bar:
            assert all(b[k] in legal for k in ("data-action", "data-pick") if k in b), b
        # one tab stop: the picked square
        assert html.count('tabindex="0"') == 1 and 'tabindex="0"' in _button_of(html, square)
    # the focus is not asked for unless the pick came from the square itself
    assert "data-autofocus" not in arena(v, focus=options[0])


def _button_of(html: str, square: str) -> str:
    return next(t for t in TAG.findall(html) if f'data-square="{square}"' in t)


def test_the_arena_is_one_tab_stop_on_its_first_lit_square_or_the_centre():
    g = tk.new_game(seed=1, first_player=0)
    d = g.decision
    html = arena(g.view(d.player))
    first = str(d.options[0]).split()[1]
    assert html.count('tabindex="0"') == 1 and 'tabindex="0"' in _button_of(html, first)
    assert html.count('tabindex="-1"') == 68
    watcher = arena(g.view(1 - d.player))
    assert 'tabindex="0"' in _button_of(watcher, "e5")


def test_the_table_keeps_a_pick_for_its_move_only_and_summons_the_shown_orientation():
    app = new_app(fake_window("?seed=4&pace=0"))
    app.start_game("tashkalar", {"mode": "high_form", "decks": ["northern", "sylvan"], "first": "0"}, ["Ada", "Bo"],
                   ["human", "human"])
    r = Rng(4)
    for _ in range(3000):  # random moves at the table until a summon fits somewhere in several orientations
        if app.overlay_pending():
            app.continue_overlay()
            continue
        d = app.game.decision
        lit = square_options({"options": [str(a) for a in d.options]})
        if d.kind == "placement" and any(len(o) > 1 for o in lit.values()):
            break
        app.apply(str(d.options[r.below(len(d.options))]))
    else:
        raise AssertionError("no placement of several orientations at the table")
    square, options = next((s, o) for s, o in lit.items() if len(o) > 1)
    app.table_pick = (options[1 % len(options)], True, len(app.game.log))  # clicked twice
    app.render()
    html = app.document.getElementById("app").innerHTML
    assert 'class="tk-pickbar"' in html and "Summon here" in html and "data-autofocus" in html
    assert squares(html)[square]["attrs"]["data-action"] == options[1]
    app.table_pick = (options[1], False, len(app.game.log) - 1)  # a pick from before the last move: forgotten
    app.render()
    assert 'class="tk-pickbar"' not in app.document.getElementById("app").innerHTML
    app.apply(options[1])
    assert app.game.log[-1] == options[1]


GAMES = [(5, "duel", ("southern", "highland")), (6, "high_form", ("southern", "highland")),
         (7, "melee", ("southern", "highland", "sylvan")), (8, "team", ("northern", "southern", "highland", "sylvan")),
         (9, "high_form", ("everfrost", "nethervoid")), (10, "duel", ("etherweave", "northern")),
         (11, "melee", ("everfrost", "nethervoid", "etherweave", "sylvan"))]


@pytest.mark.parametrize("seed,mode,decks", GAMES)
def test_every_option_that_names_a_square_has_its_square_lit_in_every_decision_kind(seed, mode, decks):
    from tashkalar.board import NAME

    names = set(NAME.values())
    kinds: set[str] = set()
    g = tk.new_game(mode=mode, players=len(decks), decks=decks, seed=seed, first_player=0)
    r = Rng(seed)
    while not g.is_over and len(g.log) < 3000:
        d = g.decision
        v = g.view(d.player)
        naming = [str(a) for a in d.options if any(p in names for p in str(a).split())]
        if naming:
            sq = squares(arena(v))
            for o in naming:
                square = next(p for p in o.split() if p in names)
                s = sq[square]
                reach = s["attrs"].get("data-actions", s["attrs"].get("data-action", "")).split("|")
                assert "tk-lit" in s["cls"] and o in reach, (d.kind, o, s)
            kinds.add(d.kind)
        o = g.legal_actions()
        g.apply(o[r.below(len(o))])
    assert {"placement", "take"} <= kinds or mode == "melee", kinds


def test_what_just_happened_marks_its_squares_for_the_animations_placed_moved_destroyed_upgraded():
    """The table's effects feed hands each move's story facts to the arena once: the right squares get the right
    classes (a moved piece also where it came from; a destroyed one is drawn as a ghost), and the next render
    without a move animates nothing."""
    from app.fx import EffectsFeed
    from app.games.tashkalar import game as module

    seen: dict[str, int] = {}
    for seed in range(12):
        g = tk.new_game(mode="high_form", decks=("northern", "highland"), seed=seed, first_player=0)
        feed = EffectsFeed()
        assert not module.effects(feed, g)  # a game new to the feed: nothing from its past
        r = Rng(seed)
        while not g.is_over and len(g.log) < 600:
            before = len(g.events)
            o = g.legal_actions()
            g.apply(o[r.below(len(o))])
            facts = g.events[before:]
            fx = module.effects(feed, g)
            html = arena(g.view(0), fx=fx)
            sq = squares(html)
            board = g.view(0)["board"]
            for _move, kind, *v in facts:
                want = {"place": "fx-place", "move": "fx-move", "destroy": "fx-destroyed", "convert": "fx-convert",
                        "lift": "fx-lift"}.get(kind)
                if kind == "rank":
                    want = "fx-upgrade" if v[2] > v[1] else "fx-downgrade"
                if kind == "summon":
                    want = "fx-place"
                if want is None:
                    continue
                square = v[1] if kind == "move" else v[2] if kind == "summon" else v[0]
                assert want in sq[square]["cls"], (kind, v, sq[square]["cls"])
                seen[want] = seen.get(want, 0) + 1
                if kind == "move" and square in board and v[0] != square:
                    assert "--dx:" in sq[square]["attrs"].get("style", ""), sq[square]
                if kind == "destroy":
                    assert 'class="tk-ghost"' in _button_and_inner(html, square)
            marked = {n for n, s in sq.items() if any(c.startswith("fx-") for c in s["cls"])}
            named = {(v[1] if k == "move" else v[2] if k == "summon" else v[0]) for _m, k, *v in facts
                     if k in ("place", "summon", "move", "destroy", "rank", "convert", "lift")}
            assert marked == named
            assert not module.effects(feed, g)  # shown once
    assert {"fx-place", "fx-move", "fx-destroyed", "fx-upgrade"} <= set(seen), seen


def _button_and_inner(html: str, square: str) -> str:
    start = html.index(f'data-square="{square}"')
    return html[start:html.index("</button>", start)]
