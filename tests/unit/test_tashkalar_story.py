"""The Tash-Kalar table's story log (app/games/tashkalar/story.py): every fact of the engine's story, in every
mode and with the expansion schools, told in a sentence of the player's words (never the fact's raw name), a
turn heading a turn with the newest turn first, card names as buttons that open the card, and the same log for
every player (public facts only)."""
from __future__ import annotations

import re
from html import unescape

import pytest

import tashkalar as tk
from app.games.tashkalar.cards import card_name
from app.games.tashkalar.story import TkTeller, story_panel
from crystalclans.rng import Rng

NAMES = ["Ada", "Bo", "Cy", "Di"]
GAMES = [(5, "duel", ("southern", "highland")), (6, "high_form", ("everfrost", "nethervoid")),
         (7, "melee", ("etherweave", "highland", "sylvan")),
         (8, "team", ("northern", "everfrost", "nethervoid", "etherweave"))]


def played(seed: int, mode: str, decks: tuple, limit: int = 3000) -> tk.Game:
    g = tk.new_game(mode=mode, players=len(decks), decks=decks, seed=seed, first_player=0)
    r = Rng(seed)
    while not g.is_over and len(g.log) < limit:
        o = g.legal_actions()
        g.apply(o[r.below(len(o))])
    return g


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.parametrize("seed,mode,decks", GAMES)
def test_every_fact_of_a_whole_game_is_told_in_a_sentence(seed, mode, decks):
    g = played(seed, mode, decks)
    v = g.view(0)
    t = TkTeller(v, NAMES)
    kinds = set()
    for turn in g.story():
        t.turn_player = turn["player"]
        for e in turn["events"]:
            said = t.event(e)
            kinds.add(e["kind"])
            if e["kind"] == "draw" and not (e["beings"] or e["legends"] or e["flares"]):
                continue
            assert said and said != e["kind"], e  # words, not the fact's name
            assert said.rstrip("</b>").rstrip("</span>").endswith("."), said
            for key in ("card",):
                if key in e:
                    assert f'data-details="{e[key]}"' in said and card_name(e[key]) in unescape(said)
    assert {"place", "summon", "destroy", "move", "draw"} <= kinds, sorted(kinds)


def test_the_log_has_a_heading_a_turn_newest_first_and_names_who_did_what():
    g = played(5, "duel", ("southern", "highland"))
    html = story_panel(g.view(0), NAMES, g.story())
    turns = [int(n) for n in re.findall(r'data-log-turn="(\d+)"', html)]
    assert turns == sorted(turns, reverse=True) and turns[0] == g.turn and len(turns) == len(g.story())
    said = text(html)
    assert f"Turn {g.turn} · " in said and "Turn 1 · Ada" in said
    assert re.search(r"(Ada|Bo) summons [A-Z][\w' -]+ on [a-i][1-9] ?\.", said), said[:500]
    assert re.search(r"(Ada|Bo) places a common piece on [a-i][1-9] ?\.", said)
    assert "is destroyed." in said and "log-loss" in html
    assert 'data-log' in html and "newest turn first" in said
    assert "Game over" in said or "The game is over" in said


def test_every_player_reads_the_same_log_and_it_names_no_card_put_under_a_deck():
    g = played(6, "high_form", ("northern", "sylvan"))
    logs = {story_panel(g.view(p), NAMES, g.story()) for p in range(g.n)}
    assert len(logs) == 1
    html = logs.pop()
    under = [e for t in g.story() for e in t["events"] if e["kind"] == "bottom"]
    assert under and "puts a card under" in text(html)
    # the cards that went under a deck are in no one's hand or discard pile: the log may not name them
    hidden = {entry.split()[1] for entry in g.log if entry.startswith("bottom ")}
    named = set(re.findall(r'data-details="([^"]*)"', html))
    shown_elsewhere = {e["card"] for t in g.story() for e in t["events"] if "card" in e}
    assert not (hidden - shown_elsewhere) & named


def test_an_empty_game_says_nothing_has_happened_and_the_first_turn_shows_its_start_pieces():
    g = tk.new_game(seed=1, first_player=0)
    html = story_panel(g.view(0), NAMES, g.story())
    assert "data-log" in html
    g.apply(g.legal_actions()[0])
    said = text(story_panel(g.view(0), NAMES, g.story()))
    assert "is placed on" in said or "places a common piece" in said
