"""The two languages' own vocabularies, for tests that check a screen shows no word of the other language.

Every word of the English messages and card texts that never occurs in the German ones is English-only (and
the other way round), so proper names that are the same in both (Horde, Mulligan...) are never flagged."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "py" / "app" / "locale" / "de" / "LC_MESSAGES" / "crystalclans.po"
ALLOWED = {"ada", "bo", "crystal", "clans", "stun", "turn", "qr", "json", "lan", "wi", "fi", "host", "port", "user",
           "password", "org", "example", "crystalclans", "save",
           "sage"}  # names (Wildlands' Owl Sage: "sage" is German too), the title, addresses, a file name


def catalog():
    from babel.messages import pofile

    with PO.open("rb") as fh:
        return pofile.read_po(fh, locale="de")


def words_of(text: str) -> set[str]:
    text = re.sub(r"\{[a-z_]+\}", " ", text)  # placeholders
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]{2,}", text)}


def vocabularies() -> tuple[set[str], set[str]]:
    en: set[str] = set()
    de: set[str] = set()
    for m in catalog():
        if not m.id:
            continue
        for s in (m.id if isinstance(m.id, tuple) else (m.id,)):
            en |= words_of(s)
        for s in (m.string if isinstance(m.string, (tuple, list)) else (m.string,)):
            de |= words_of(s)
    data = json.loads((ROOT / "py" / "crystalclans" / "data" / "base_set.json").read_text(encoding="utf-8"))

    def walk(node, key=""):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("src", "note", "semantics", "timing", "open_questions", "tag", "conf", "prov"):
                    continue
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str):
            if key in ("de",) or key.endswith("_de"):
                de.update(words_of(node))
            elif key in ("en",) or key.endswith("_en"):
                en.update(words_of(node))

    walk(data)
    # a German "value" sits one level down ({"de": {"value": ...}}): names
    for clan in data["clans"]:
        for u in clan["units"]:
            for lang, bag in (("en", en), ("de", de)):
                n = u["name"][lang]
                bag.update(words_of(n["value"] if isinstance(n, dict) else n))
                for a in u.get("abilities", []):
                    n = a["name"][lang]
                    bag.update(words_of(n["value"] if isinstance(n, dict) else n))
        for lang, bag in (("en", en), ("de", de)):
            for n in (clan["name"][lang], clan["signature"]["name"][lang]):
                bag.update(words_of(n["value"] if isinstance(n, dict) else n))
    for c in data["crystals"]:
        for lang, bag in (("en", en), ("de", de)):
            n = c["name"][lang]
            bag.update(words_of(n["value"] if isinstance(n, dict) else n))
    # the German zone names the app itself keeps (app/games/crystalclans/text.py: "Kristallgebiet West",
    # "Feld Ost (Seite A)")
    from app.games.crystalclans.text import GERMAN_ZONE_NAMES

    for zone in GERMAN_ZONE_NAMES.values():
        de.update(words_of(zone))
    tk_en, tk_de = tashkalar_vocabularies()
    en |= tk_en
    de |= tk_de
    return en - de - ALLOWED, de - en - ALLOWED


def tashkalar_vocabularies() -> tuple[set[str], set[str]]:
    """Tash-Kalar's card and task texts: English from the engine's data, German from the app's translation."""
    en: set[str] = set()
    data = ROOT / "py" / "tashkalar" / "data"
    for name in ("schools.json", "legends.json", "flares.json", "tasks.json"):
        doc = json.loads((data / name).read_text(encoding="utf-8"))
        cards = [c for school in doc["schools"].values() for c in school["cards"]] if "schools" in doc else doc["cards"]
        for c in cards:
            for key in ("name", "effect", "frozen", "warp", "condition"):
                if isinstance(c.get(key), str):
                    en |= words_of(c[key])
            for half in ("top", "bottom"):
                if isinstance(c.get(half), dict):
                    en |= words_of(c[half]["effect"])
    de: set[str] = set()
    german = json.loads((ROOT / "py" / "app" / "locale" / "de" / "tashkalar.json").read_text(encoding="utf-8"))
    for kind in ("cards", "tasks"):
        for entry in german[kind].values():
            for key, text in entry.items():
                if key != "name_source":
                    de |= words_of(text)
    return en, de


_cache: list = []


def foreign_words(lang: str) -> set[str]:
    """The words of the other language than `lang` ("en" or "de") that never occur in `lang`'s."""
    if not _cache:
        _cache.extend(vocabularies())
    return _cache[0] if lang == "de" else _cache[1]


def foreign_in(page_html: str, lang: str) -> set[str]:
    """The other language's words a page shows (its text, titles, labels and placeholders)."""
    return words_of(shown_text(page_html, lang)) & foreign_words(lang)


def shown_text(page: str, lang: str) -> str:
    """What a player reads or hears: the text, plus titles, labels and placeholders; parts marked as
    another language (lang="..": a card's name in the other language, the language switch) left out."""
    page = re.sub(r"<(script|style|noscript|template)\b.*?</\1>", " ", page, flags=re.S | re.I)
    page = re.sub(r'<(\w+)[^>]*\blang="(?!' + lang + r')[a-z]+"[^>]*>.*?</\1>', " ", page, flags=re.S)
    attrs = " ".join(html.unescape(v) for v in re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', page))
    text = html.unescape(re.sub(r"<[^>]+>", " ", page)) + " " + attrs
    return text.replace("\u00ad", "")  # soft hyphens (card names) are read as one word




# Crystal Clans' own terms (its rules' nouns), in each language: a Tash-Kalar screen shows none of them
CC_TERMS = {"en": {"crystal", "crystals", "clan", "clans", "squad", "squads", "initiative", "zone", "zones", "unit",
                   "units", "battle", "flank", "reshuffle", "replenish", "invade", "signature"},
            "de": {"kristall", "kristalle", "klan", "klans", "clan", "trupp", "trupps", "initiative", "gebiet",
                   "gebiete", "einheit", "einheiten", "kampf", "auffrischen", "überfallen", "flanke"}}


ORDINARY = {"hold", "halten"}  # words of a card name that are everyday words too


def crystalclans_words(lang: str) -> set[str]:
    """Words only Crystal Clans uses in `lang`: its core terms, and the words of its card set's names (units,
    abilities, clans and their signatures, crystals) that no Tash-Kalar card or task text uses."""
    data = json.loads((ROOT / "py" / "crystalclans" / "data" / "base_set.json").read_text(encoding="utf-8"))

    def name(n) -> set[str]:
        n = n[lang]
        return words_of(n["value"] if isinstance(n, dict) else n)

    out: set[str] = set()
    for clan in data["clans"]:
        out |= name(clan["name"]) | name(clan["signature"]["name"])
        for u in clan["units"]:
            out |= name(u["name"])
            for a in u.get("abilities", []):
                out |= name(a["name"])
    for c in data["crystals"]:
        out |= name(c["name"])
    tk_en, tk_de = tashkalar_vocabularies()
    return (out - (tk_en if lang == "en" else tk_de) - ALLOWED - ORDINARY) | CC_TERMS[lang]
