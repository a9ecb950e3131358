"""Tash-Kalar in German (app/games/tashkalar/prompts.py, tashkalar/cards.py, locale/de/tashkalar.json): every
question the engine asks in games of every mode and school is worded (none falls back to its kind's words),
every option of a card's choice has words, every card and task has its German name and texts with the same
numbers as the English, and a German card name says it is ours."""
from __future__ import annotations

import re

import pytest

import tashkalar as tk
from app import i18n
from app.games.tashkalar import cards as cards
from app.games.tashkalar.prompts import CHOICES, prompt_words, word
from crystalclans.rng import Rng
from tashkalar.content import CARDS_T, TASKS


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use("en")


GAMES = [(5, "duel", ("southern", "highland")), (6, "high_form", ("everfrost", "nethervoid")),
         (7, "melee", ("etherweave", "highland", "sylvan")), (8, "team", ("northern", "everfrost", "nethervoid", "etherweave")),
         (9, "duel", ("etherweave", "everfrost")), (11, "melee", ("northern", "everfrost", "etherweave", "nethervoid"))]


def test_every_question_of_games_in_every_mode_and_school_is_worded_in_german():
    i18n.use("de")
    unknown, seen = set(), 0
    for seed, mode, decks in GAMES:
        for k in range(2):
            g = tk.new_game(mode=mode, players=len(decks), decks=decks, seed=seed * 10 + k, first_player=0)
            r = Rng(seed * 10 + k)
            while not g.is_over and len(g.log) < 3000:
                d = g.decision
                said = word(d.prompt, d.kind)
                seen += 1
                if said is None:
                    unknown.add(re.sub(r"\d", "N", d.prompt))
                else:
                    assert said != d.prompt and not re.search(r"\b(Choose|your|piece|square)\b", said), said
                o = g.legal_actions()
                g.apply(o[r.below(len(o))])
    assert not unknown, sorted(unknown)
    assert seen > 5000
    assert prompt_words({"kind": "pick", "prompt": "Something new the engine asks"}) == "Wähle ein Feld"
    i18n.use("en")
    assert prompt_words({"kind": "pick", "prompt": "Something new the engine asks"}) == "Something new the engine asks"


def test_every_option_of_a_cards_choice_has_words():
    import tashkalar.effects  # noqa: F401  (registers the programs)
    from tashkalar.effects.script import PROGRAMS

    keys = {label for prog in PROGRAMS.values() for st in prog if st[0] == "branch" for label, _a, _c in st[2]}
    assert keys and keys <= set(CHOICES), sorted(keys - set(CHOICES))
    prompts = {st[1] for prog in PROGRAMS.values() for st in prog if st[0] == "branch"}
    assert all(word(p) is not None for p in prompts), [p for p in prompts if word(p) is None]


def test_every_card_and_task_has_its_german_name_and_texts_with_the_same_numbers():
    i18n.use("de")
    names = set()
    for c in CARDS_T:
        name = cards.card_name(c.id)
        fields = ("top", "bottom") if c.kind == "flare" else ("effect",) + tuple(f for f in ("frozen", "warp") if getattr(c, f))
        for field in fields:
            german = cards.card_text(c.id, field)
            english = {"effect": c.effect, "frozen": c.frozen, "warp": c.warp, "top": c.top_text, "bottom": c.bottom_text}[field]
            assert german and german != english, (c.id, field)
            assert sorted(re.findall(r"\d+", german)) == sorted(re.findall(r"\d+", english)), (c.id, field, german)
        if c.kind != "flare":
            assert name != c.name or c.name in ("Leviathan", "Titan", "Doppelganger"), c.id
            assert cards.name_is_ours(c.id)
            names.add(name)
    assert len(names) == sum(1 for c in CARDS_T if c.kind != "flare")  # no two cards share a German name
    for t in TASKS:
        assert cards.task_name(t.id) != t.name or t.name == "Isolation"
        assert sorted(re.findall(r"\d+", cards.task_condition(t.id))) == sorted(re.findall(r"\d+", t.condition)), t.id


def test_a_german_card_name_says_it_is_ours_and_english_says_nothing_of_it():
    i18n.use("de")
    html = cards.details_html("sylvan/dryad")
    assert "Dryade" in html and "unsere Übersetzung" in html and 'lang="en">Dryad<' in html
    i18n.use("en")
    html = cards.details_html("sylvan/dryad")
    assert "Dryad" in html and "data-name-note" not in html
