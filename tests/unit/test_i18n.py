"""English and German: the gettext catalog is complete and in step with the code, and a whole game's
screens (table at every decision, battle results, log, card details of every card, the rules reference,
replay, game over, the start screen) show no word of the other language.

"A word of the other language" is measured against the app's own vocabulary: every word of the English
messages and card texts that never occurs in the German ones is English-only (and the other way round);
proper names that are the same in both (Horde, Mulligan...) are therefore never flagged."""
from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import crystalclans as cc
from app import games, i18n, render
from app.games.crystalclans import cards as cc_cards
from app.games.crystalclans import table as cc_table
from app.table import table_screen
from app.games.crystalclans.rules import card_numbers
from app.replay import Replay
from app.seats import Seat
from app.storage import Storage
from app.games.crystalclans.text import Words
from tests.buildkit import build_module
from tests.words import catalog, foreign_in, foreign_words

from .fake_dom import app_state

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "py" / "app" / "locale" / "de" / "LC_MESSAGES" / "crystalclans.po"
NAMES = ["Ada", "Bo"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use("en")


def fake_app(game: cc.Game, viewer: int, words: Words) -> SimpleNamespace:
    return app_state(game=game, view=game.view(viewer), words=words, names=NAMES, cs=game.cs,
                           numbers=card_numbers(game.cs),
                           can_undo=lambda: True, overlay_pending=lambda: False, pending_result=None,
                           offers_decision=lambda: game.decision is not None and game.decision.player == viewer,
                           seats=(Seat(), Seat()), thinking=None, pending_pass=None, modal=None,
                           storage=Storage(None), session=None, finished=game.is_over, winner=lambda: game.winner,
                           story=game.story, screen="game", settings={"names": NAMES, "clans": ["blood", "water"],
                                                                      "first": "random", "mulligan": False,
                                                                      "seats": ["human", "human"]},
                           autosave_meta={"summary": ""}, busy="", link=None, resume_offer=None,
                           default_slot_name=lambda: "x")


def pages_of_a_game(lang: str, seed: int, clans: tuple[str, str], cards: bool = True) -> list[tuple[str, str]]:
    """(where, HTML) of every screen a player meets in one random game, worded in `lang`."""
    i18n.use(lang)
    words = Words(cc.base_set(), lang)
    g = cc.new_game(clans, seed=seed, mulligan=True)
    rng = cc.rng.Rng(cc.rng.seed_state(seed, 5))
    pages = []
    start = fake_app(g, 0, words)
    start.storage = Storage({})
    pages.append(("start", render.start_screen(start)))
    seen_battles = 0
    step = 0
    while g.decision is not None:
        app = fake_app(g, g.decision.player, words)
        pages.append((f"table {step} {g.decision.kind}", table_screen(app) + render.menu_html(app)))
        if g.last_battle and seen_battles < 6 and step % 3 == 0:
            app.pending_result = g.last_battle
            pages.append((f"battle {step}", cc_table.battle_result(app, app.pending_result)))
            seen_battles += 1
        opts = g.legal_actions()
        g.apply(opts[rng.below(len(opts))])
        step += 1
    app = fake_app(g, 0, words)
    pages.append(("game over", table_screen(app)))
    app.replay = Replay(g, (0, 1))
    pages.append(("replay", render.replay_screen(app)))
    app.replay.go(1)
    pages.append(("replay step", render.replay_screen(app)))
    pages.append(("discard", cc_cards.discard_modal(app, 0)))
    pages.append(("rules", render.rules_modal(app)))
    pages.append(("confirm", render.confirm_modal("import", "x")))
    for cid in (list(g.cs.unit_index) + [c.id for c in g.cs.crystals]) if cards else ():
        pages.append((f"card {cid}", cc_cards.card_details(app, cid)))
    return pages


def test_every_catalog_message_has_its_german_translation():
    build = build_module()
    cat = catalog()
    missing = [m.id for m in cat if m.id and not build.translated(m)]
    assert not missing, f"{len(missing)} untranslated, e.g. {missing[:5]}"
    assert not [m.id for m in cat if m.id and m.fuzzy], "fuzzy entries fall back to English"
    for m in cat:  # the same placeholders on both sides, or .format() fails (or drops a value) at run time
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        want = set(re.findall(r"\{[a-z_]+\}", " ".join(ids)))
        for s in strs:
            assert set(re.findall(r"\{[a-z_]+\}", s)) <= want, (m.id, s)
        assert set(re.findall(r"\{[a-z_]+\}", strs[-1])) == set(re.findall(r"\{[a-z_]+\}", ids[-1])), m.id
    assert 'Plural-Forms: nplurals=2; plural=(n != 1);' in PO.read_text(encoding="utf-8")


def test_the_catalog_holds_exactly_the_messages_in_the_code():
    """Run `python build.py i18n` after changing a message: it merges the code's messages into the .po."""
    build = build_module()
    in_code = {m for _f, _l, m, _c in build.extract_messages(ROOT / "py" / "app")}
    in_po = {m.id for m in catalog() if m.id}
    data = json.loads((ROOT / "py" / "crystalclans" / "data" / "base_set.json").read_text(encoding="utf-8"))
    in_code |= {c["theme"] for c in data["clans"] if c.get("theme")}
    assert in_code - in_po == set(), "messages missing from the catalog"
    assert in_po - in_code == set(), "messages the code no longer uses"


def test_a_message_reads_the_same_after_switching_back_and_forth():
    assert i18n.pick(None, ["de-AT", "en"]) == "de" and i18n.pick("", ["fr", "en-GB"]) == "en"
    assert i18n.pick("en", ["de-DE"]) == "en" and i18n.pick(None, ["fr"]) == "en"
    i18n.use("de")
    assert i18n._("Start game") == "Partie starten"
    assert i18n.ngettext("Draw {n} card", "Draw {n} cards", 1).format(n=1) == "1 Karte ziehen"
    assert i18n.ngettext("Draw {n} card", "Draw {n} cards", 3).format(n=3) == "3 Karten ziehen"
    i18n.use("en")
    assert i18n._("Start game") == "Start game"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_whole_game_shows_no_word_of_the_other_language(lang):
    assert len(foreign_words(lang)) > 300  # the check has teeth
    problems = {}
    games = ((3, ("blood", "water")), (8, ("skull", "meteor"))) if lang == "de" else ((5, ("flower", "stone")),)
    for n, (seed, clans) in enumerate(games):
        for where, page in pages_of_a_game(lang, seed, clans, cards=n == 0):
            bad = foreign_in(page, lang)
            if bad:
                problems.setdefault(where.split(" ")[0], set()).update(bad)
    assert not problems, problems


def tashkalar_pages(lang: str, seed: int, mode: str, decks: tuple) -> list[tuple[str, str]]:
    """(where, HTML) of every screen of one random Tash-Kalar game in `lang`: the start form, the table (arena,
    seats, prompt and options, hand, story log) at every decision and at the end, every card's details."""
    import tashkalar as tk
    from app.games.tashkalar import game as tk_module
    from crystalclans.rng import Rng

    i18n.use(lang)
    names = NAMES + ["Cy", "Di"]
    g = tk.new_game(mode=mode, players=len(decks), decks=decks, seed=seed, first_player=0)
    pages = []
    start = fake_app(cc.new_game(("blood", "water"), seed=1), 0, Words(cc.base_set(), lang))
    start.storage = Storage({})
    start.settings = {"game": "tashkalar", "names": names, "clans": ["blood", "water"], "first": "random",
                      "mulligan": False, "seats": ["human"] * 4, "tk_mode": mode, "tk_players": len(decks),
                      "tk_form": "duel", "tk_decks": list(decks)}
    pages.append(("start", render.start_screen(start)))

    def table(viewer: int) -> str:
        app = app_state(view=g.view(viewer), names=names[:g.n], finished=g.is_over, overlay_pending=lambda: False,
                              offers_decision=lambda: g.decision is not None and g.decision.player == viewer,
                              storage=Storage(None), story=g.story, pending_pass=None, session=None, link=None,
                              game=g, can_undo=lambda: True, pending_result=None, words=None)
        return table_screen(app)

    r = Rng(seed)
    step = 0
    while not g.is_over and len(g.log) < 2500:
        if step % 3 == 0 or g.decision.kind not in ("action", "take"):
            pages.append((f"table {step} {g.decision.kind}", table(g.decision.player)))
        o = g.legal_actions()
        g.apply(o[r.below(len(o))])
        step += 1
    pages.append(("game over", table(0)))
    pages.append(("summary", tk_module.summary(g, names[:g.n], None, tk_module.winner(g))))
    from tashkalar.content import CARDS_T

    for c in CARDS_T:
        pages.append((f"card {c.id}", tk_module.card_details(None, c.id)))
    return pages


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_whole_tashkalar_game_shows_no_word_of_the_other_language(lang):
    problems: dict = {}
    games = [(4, "high_form", ("northern", "everfrost")), (9, "melee", ("etherweave", "nethervoid", "sylvan"))]
    for seed, mode, decks in games:
        for where, page in tashkalar_pages(lang, seed, mode, decks):
            bad = foreign_in(page, lang)
            if bad:
                problems.setdefault(where.split(" ")[0], set()).update(bad)
    assert not problems, problems
    if lang == "de":  # the German is there: a card's name and text, the log, the prompt
        pages = dict(tashkalar_pages("de", 4, "duel", ("northern", "highland")))
        assert "Schwertmeister" in pages["card imperial/swordmaster"]
        assert "Der deutsche Name ist unsere Übersetzung" in pages["card imperial/swordmaster"]
        assert "Protokoll" in pages["game over"] and "Zug 1" in pages["game over"]


def test_saves_do_not_depend_on_the_language():
    g = cc.new_game(("blood", "water"), seed=2)
    for a in range(30):
        g.apply(g.legal_actions()[a % len(g.legal_actions())])
    i18n.use("de")
    german = g.to_json(names=NAMES)
    i18n.use("en")
    assert german == g.to_json(names=NAMES)


def test_a_save_that_does_not_load_says_why_in_the_players_language():
    from app.errors import SAVE_ERRORS, reason

    g = cc.new_game(("blood", "water"), seed=2)
    g.apply(g.legal_actions()[0])
    good = json.loads(g.to_json())
    bad = {
        "not_json": "{not json",
        "no_format": "{}",
        "format": json.dumps({**good, "format": "crystalclans-save/9"}),
        "clan": json.dumps({**good, "setup": {**good["setup"], "clans": ["blood", "ghosts"]}}),
        "move": json.dumps({**good, "log": ["score crystal.nothing"]}),
        "too_large": " " * 3_000_000,
    }
    for lang in ("de", "en"):
        i18n.use(lang)
        for code, text in bad.items():
            with pytest.raises(cc.SaveError) as info:
                cc.Game.from_json(text)
            assert info.value.code == code, (code, info.value)
            said = reason(info.value)
            assert said != str(info.value) or lang == "en"
            words = said
            for value in info.value.params.values():  # the values are data (ids, a parser's detail), not prose
                words = words.replace(str(value), "")
            assert not foreign_in(words, lang), (lang, said)
    assert set(bad) <= set(SAVE_ERRORS) | set(games.get("crystalclans").save_errors)


def test_every_long_card_name_has_its_syllable_breaks_in_both_languages():
    """py/app/locale/hyphens.json (python build.py i18n) covers the card set as it is: a name with a word
    of 10 letters or more has soft hyphens, and without them it is the name itself."""
    from app.games.crystalclans.text import _hyphenated_names

    table = _hyphenated_names()
    for lang in ("en", "de"):
        words = Words(cc.base_set(), lang)
        for u in words.units:
            soft = words.card_title(u)
            assert soft.replace("\u00ad", "") == u.name
            if max(len(w) for w in re.split(r"[ -]", u.name)) >= 10:
                assert "\u00ad" in soft, f"{lang}: {u.name!r} has no soft hyphens: run python build.py i18n"
        assert set(table[lang]) <= {u.name for u in words.units}, "names of cards no longer in the set"
