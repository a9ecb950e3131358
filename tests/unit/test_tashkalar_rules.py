"""Tash-Kalar's rules reference (app/games/tashkalar/rules.py): the Rules button of a Tash-Kalar table (and of the
start screen with Tash-Kalar chosen) opens it, not Crystal Clans'; every keyword the quick rules define has an
entry; its numbers are the engine's; it is complete in English and German and shows no Crystal Clans word."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import crystalclans as cc
import tashkalar as tk
from app import i18n, render
from app.games.tashkalar import rules as tr
from tests.words import catalog, crystalclans_words, foreign_in, shown_text, words_of

QUICK_RULES = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "tashkalar_quickrules_de.txt"

# each keyword the quick rules define (their bold "**Keyword:**" list) -> its entry
QUICK_KEYWORDS = {
    "Eine Aktion erhalten": "gain-action", "Am Ende des Zuges eine zusätzliche Karte ziehen": "extra-card",
    "Aufgewerteter Stein": "upgraded", "Gegnerischer Stein": "enemy", "Stein": "piece", "Markiertes Feld": "marked",
    "Angrenzendes Feld": "adjacent", "Entfernung": "distance", "Bewegung": "movement",
    "Standardbewegung": "standard-move", "Kampfbewegung": "combat-move",
    "Standardsprung und Kampfsprung": ("leap", "combat-leap"), "Legen": "put", "Aufwerten": "upgrade",
    "Abwerten": "downgrade", "Zerstören": "destroy", "Verwandeln": "convert",
}
# the terms the effects use besides (the brief's list): English title -> entry
TERMS = {"Movement": "movement", "Combat move": "combat-move", "Standard move": "standard-move",
         "Standard leap": "leap", "Combat leap": "combat-leap", "Upgrade": "upgrade", "Downgrade": "downgrade",
         "Convert a piece": "convert", "Adjacent": "adjacent", "Distance": "distance", "Up to": "up-to",
         "Optional": "optional", "As much as possible": "as-much", "The card's title": "title"}
TOPICS = ("goal", "arena", "setup", "turn", "place", "summon", "too-few", "legends", "flares", "effects", "draw",
          "high-form", "duel", "melee", "team", "end", "everfrost", "nethervoid", "etherweave")


@pytest.fixture(autouse=True)
def english():
    i18n.use("en")
    yield
    i18n.use("en")


def tk_app(screen: str = "game") -> SimpleNamespace:
    g = tk.new_game(mode="duel", players=2, decks=("northern", "highland"), seed=3, first_player=0)
    return SimpleNamespace(game=g, screen=screen, settings={"game": "tashkalar"})


def test_every_keyword_of_the_quick_rules_has_an_entry():
    text = QUICK_RULES.read_text(encoding="utf-8") if QUICK_RULES.is_file() else ""
    if text:  # the spec's own list: a keyword added there needs an entry here
        defined = set(re.findall(r"\*\*([^*:]+):\*\*", text))
        assert defined == set(QUICK_KEYWORDS), defined ^ set(QUICK_KEYWORDS)
    ids = {e.id: e for e in tr.entries()}
    for keyword, want in QUICK_KEYWORDS.items():
        for i in (want if isinstance(want, tuple) else (want,)):
            assert ids[i].group == "Keywords", (keyword, i)
    for title, i in TERMS.items():
        assert ids[i].title == title and ids[i].group == "Keywords"
    for topic in TOPICS:
        assert topic in ids, topic
    assert len(ids) == len(tr.RULES) and {e.group for e in ids.values()} == set(tr.GROUPS)


def test_the_numbers_are_the_engines():
    g = tk.new_game(mode="high_form", players=2, decks=("northern", "sylvan"), seed=2, first_player=0)
    kinds = [tk.content.CARDS_T[c].kind for c in g.hands[1]]
    assert {k: kinds.count(k) for k in ("being", "legend", "flare")} == {
        "being": tr.HAND["beings"], "legend": tr.HAND["legends"], "flare": tr.HAND["flares"]}
    while g.turn < 2:  # the first player's first turn has one action; the next has ACTIONS
        g.apply(g.legal_actions()[0])
    assert g.actions_left == tr.ACTIONS
    text = " ".join(e.body for e in tr.entries())
    for n in ("18", "9", "12", "10", "69", "17"):
        assert re.search(rf"\b{n}\b", text), n
    assert "{" not in text  # every field filled


def test_the_rules_button_shows_the_rules_of_the_game_on_the_table():
    app = tk_app()
    modal = render.rules_modal(app, "combat-leap")
    assert 'class="rules-entry focused" id="rules-combat-leap"' in modal
    assert modal.count("data-rules-entry") == len(tr.RULES)
    assert "Combat leap" in modal and "combat leap" in modal  # the title and the search's example
    # the start screen: the game chosen in the switch; a Crystal Clans table: Crystal Clans'
    start = SimpleNamespace(game=None, screen="start", settings={"game": "tashkalar"})
    assert render.rules_modal(start).count("data-rules-entry") == len(tr.RULES)
    start.settings = {"game": "crystalclans"}
    from tests.unit.test_i18n import fake_app
    from app.games.crystalclans.text import Words

    cc_app = fake_app(cc.new_game(("blood", "water"), seed=1), 0, Words(cc.base_set(), "en"))
    assert 'id="rules-initiative"' in render.rules_modal(cc_app)
    cc_app.screen, cc_app.settings = "start", {"game": "tashkalar"}  # a finished game kept, the switch on Tash-Kalar
    assert 'id="rules-combat-leap"' in render.rules_modal(cc_app)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_reference_is_complete_in_both_languages_and_shows_no_crystal_clans_word(lang):
    i18n.use(lang)
    modal = render.rules_modal(tk_app())
    shown = words_of(shown_text(modal, lang))
    assert not shown & crystalclans_words(lang), shown & crystalclans_words(lang)
    assert not foreign_in(modal, lang), foreign_in(modal, lang)
    if lang == "de":
        for term in ("Kampfsprung", "Standardsprung", "Kampfbewegung", "Standardbewegung", "Erhabene Form",
                     "Schlacht", "Team-Spiel", "Leuchtfeuer", "Rekrut", "Held", "Legende", "Muster", "beschwören",
                     "aufwerten", "abwerten", "umwandeln", "Duell", "Ziel"):
            assert term in modal, term
    ids = {i for i, *_ in tr.RULES}
    assert len(ids) == len(tr.RULES)
    german = {m.id: m.string for m in catalog() if m.id}
    for _, title, body, group in tr.RULES:
        for msg in (title, body, group):
            assert german.get(msg), msg[:60]
