"""A count and its noun agree, in English and German: the card data's effect templates, the table's prompts and
the engine's own prompts say "a card" / "2 cards" ("eine Karte" / "2 Karten"), never "card(s)" or "Karte(n)"
(issue 24: "You may draw up to 3 card(s).")."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

import crystalclans as cc
from app import i18n
from app.games.crystalclans.text import Words
from crystalclans.rng import Rng, seed_state

from .fake_dom import app_state, session_state

MAYBE_PLURAL = re.compile(r"\w\((s|n|en|e)\)")
# a count of 1 with a plural noun, a count of 2 with a singular one
WRONG = {1: re.compile(r"\b1 (cards|units|zones|moves|turns|crystals|Karten|Handkarten|Einheiten|Gebiete|Züge|Kristalle)\b"),
         2: re.compile(r"\b2 (card|unit|zone|move|turn|crystal|Karte|Handkarte|Einheit|Gebiet|Zug|Kristall)\b")}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use("en")


def sample_params(spec: dict, n: int) -> dict:
    """Parameters for a primitive: every whole number `n`, the rest a value of its kind."""
    out = {}
    for k, kind in spec.items():
        kind = kind.rstrip("?")
        if kind.startswith("int"):
            out[k] = n
        elif kind == "bool":
            out[k] = False
        elif kind.startswith("enum:"):
            out[k] = kind[5:].split("|")[0]
        elif kind == "filter":
            out[k] = {"any": True}
    return out


def said(text: str, n: int) -> list[str]:
    bad = [m.group(0) for m in MAYBE_PLURAL.finditer(text)]
    return bad + [m.group(0) for m in WRONG[n].finditer(text)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_effect_template_says_one_card_and_two_cards(lang):
    cs = cc.base_set()
    i18n.use(lang)
    words = Words(cs, lang)
    counting = 0
    for op, prim in words.prims.items():
        texts = {}
        for n in (1, 2):
            eff = SimpleNamespace(op=op, params=sample_params(prim.get("params", {}), n))
            texts[n] = words.effect_text(eff)
            assert not said(texts[n], n), (op, n, texts[n])
        counting += texts[1] != texts[2]
    assert counting >= 15, counting  # the templates with a number in them were all read


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_prompt_with_a_count_says_one_card_and_two_cards(lang):
    i18n.use(lang)
    words = Words(cc.base_set(), lang)
    asks = {"draw": lambda n: {"max": n, "draw_pile": n}, "recover": lambda n: {"left": n, "to": "hand"},
            "summon_free": lambda n: {"left": n}, "scry_take": lambda n: {"looking_at": n},
            "trim": lambda n: {"size": n + 2, "limit": n, "zone": "a_home"}}
    for kind, info in asks.items():
        for to in ("hand", "draw_top"):
            for n in (1, 2):
                d = {"kind": kind, "player": 0, "prompt": "", "info": {**info(n), "to": to}}
                text = words.prompt(d, ["Ada", "Bo"])
                assert text and not said(text, n), (kind, n, text)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_game_over_line_counts_turns_moves_and_crystals(lang):
    """The shell's game-over panel (app/table.py) over Crystal Clans' ending: by the rules it counts turns,
    moves and crystals; after a resignation (the link's ending, every game's) it counts the moves."""
    from types import SimpleNamespace as NS

    from app.table import TableContext, game_over

    i18n.use(lang)
    for n in (1, 2):
        for resigned in (None, 1):
            zero = dict.fromkeys(("crystals", "battles_won", "battles_lost", "battles_even", "units_destroyed",
                                  "units_lost", "initiative_spent", "cards_drawn", "actions", "crystals_scored",
                                  "crystals_free", "crystals_other"), 0)
            g = type("Ended", (NS,), {"__module__": "crystalclans.ended"})(  # a Crystal Clans game to the shell
                log=["x"] * n, winner=0, statistics=lambda: [zero, zero])
            session = session_state(resigned=resigned)
            app = app_state(game=g, winner=lambda: 0, session=session if resigned else None, names=["Ada", "Bo"])
            view = {"turn": n, "players": [{"crystal_count": n, "clan": "stone"}, {"crystal_count": 0, "clan": "water"}]}
            html = game_over(app, TableContext(game=g, view=view, names=app.names, words=None, story=list, over=True))
            line = html[html.index("</h2>"):][:300]
            assert not said(line, n), (n, resigned, line)
            if lang == "de" and resigned is None:
                assert ("nach 1 Zug " if n == 1 else "nach 2 Zügen ") in line, line
            elif lang == "de":
                assert ("nach 1 Spielschritt " if n == 1 else "nach 2 Spielschritten ") in line, line


def test_counted_and_the_engines_own_prompts():
    """The engine's prompts (English, for the command line and any table that does not word a kind): no
    "card(s)" over whole random games, and the helper's two forms."""
    from crystalclans.actions import counted

    assert (counted(1, "card"), counted(2, "card"), counted(1, "unit")) == ("1 card", "2 cards", "1 unit")
    kinds = set()
    clans = sorted(cc.base_set().clans)
    for seed in range(6):
        g = cc.new_game((clans[seed], clans[(seed + 1) % len(clans)]), seed=seed)
        rng = Rng(seed_state(seed, 9))
        while not g.is_over and len(g.log) < 1500:
            d = g.decision
            if d is not None:
                kinds.add(d.kind)
                assert "(s)" not in d.prompt and not WRONG[1].search(d.prompt), d.prompt
            o = g.legal_actions()
            g.apply(o[rng.below(len(o))])
    assert {"draw", "replenish"} <= kinds, kinds
