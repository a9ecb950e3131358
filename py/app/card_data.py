"""Where a card's values come from, told for players: the folded "About this card's data" part of the card
details. Sources are named in words (the English rulebook, the German rulebook's card texts, a publisher's
preview, a review, our design); file names, addresses and internal references never reach the page."""
from __future__ import annotations

import re

SOURCES = (  # (pattern in a provenance source or note, the words a player reads)
    (r"seed:000_", "the German rulebook's card texts"),
    (r"seed:001_|docslib\.org", "the English rulebook"),
    (r"plaidhatgames\.com", "a publisher's preview (Plaid Hat Games)"),
    (r"shutupandsitdown\.com", "a published review"),
    (r"REPORT", "our reading of the published previews and reviews"),
)

CONFIDENCE = {"high": "confident", "medium-high": "fairly confident", "medium": "fairly confident",
              "low-medium": "unsure", "low": "a guess"}

FIELDS = {
    "name.en": "Name", "name.de": "German name", "keywords": "Keywords", "rank": "Hero or common",
    "copies": "Copies in the deck", "summon": "Summon cost", "attack": "Attack", "defense": "Defense",
    "activation": "Activation cost", "has_signature": "Carries the clan signature", "cost": "Cost",
    "battle.style": "Battle style", "battle.sides": "Which effect is “Win” and which “Else”",
}

PART = {"name.en": "name", "name.de": "German name", "battlefield": "works from the battlefield",
        "n": "number", "stat": "which value", "icon": "symbol", "max": "limit"}


def sources_in_words(text: str) -> list[str]:
    found = []
    for pattern, words in SOURCES:
        if re.search(pattern, text) and words not in found:
            found.append(words)
    return found


def field_label(path: str, ability_names: list[str]) -> str:
    if path in FIELDS:
        return FIELDS[path]
    m = re.fullmatch(r"abilities\[(\d+)\]\.(.+)", path)
    if m:
        i, rest = int(m.group(1)), m.group(2)
        name = ability_names[i] if i < len(ability_names) else f"ability {i + 1}"
        if rest.startswith("effects["):
            tail = rest.split(".", 1)[1] if "." in rest else ""
            return f"{name}: what it does" + (f" ({PART.get(tail, tail)})" if tail else "")
        return f"{name}: {PART.get(rest, rest)}"
    m = re.fullmatch(r"battle\.(left|right)\[\d+\](?:\.(\w+))?", path)
    if m:
        which = "“Win” effect" if m.group(1) == "left" else "“Else” effect"
        return which + (f" ({PART.get(m.group(2), m.group(2))})" if m.group(2) else "")
    m = re.fullmatch(r"effects\[\d+\](?:\.(\w+))?", path)
    if m:
        return "Effect" + (f" ({PART.get(m.group(1), m.group(1))})" if m.group(1) else "")
    return path.replace("_", " ").replace(".", " ").capitalize()


def value_in_words(value) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list):
        return ", ".join(str(v).capitalize() if isinstance(v, str) else str(v) for v in value) or "none"
    if isinstance(value, str) and value in ("hero", "common", "bold", "guarded", "tricky"):
        return value.capitalize()
    return "" if value is None else str(value)


def origin_in_words(p: dict) -> str:
    """How we know one value: from which sources, deduced from them, or our own design."""
    tag = p.get("tag", "")
    found = sources_in_words(f'{p.get("src", "")} {p.get("note", "")}')
    sure = CONFIDENCE.get(p.get("conf", ""), "")
    if tag == "design":
        return "Our design: no source gives this value."
    if tag == "inferred":
        text = "Worked out from " + " and ".join(found) if found else "Worked out from the other known values"
    else:
        text = "From " + " and ".join(found or ["a published source"])
    return text + (f" ({sure})." if sure else ".")
