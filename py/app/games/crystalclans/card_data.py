"""Where a Crystal Clans card's values come from, told for players: the folded "About this card's data" part
of the card details. Sources are named in words (the English rulebook, the German rulebook's card texts, a
publisher's preview, a review, our design); file names, addresses and internal references never reach the
page."""
from __future__ import annotations

import re

from crystalclans.balancenotes import balanced_from

from ...i18n import N_, _

SOURCES = (  # (pattern in a provenance source or note, the words a player reads)
    (r"seed:000_", N_("the German rulebook's card texts")),
    (r"seed:001_|docslib\.org", N_("the English rulebook")),
    (r"plaidhatgames\.com", N_("a publisher's preview (Plaid Hat Games)")),
    (r"shutupandsitdown\.com", N_("a published review")),
    (r"REPORT", N_("our reading of the published previews and reviews")),
)

CONFIDENCE = {"high": N_("confident"), "medium-high": N_("fairly confident"), "medium": N_("fairly confident"),
              "low-medium": N_("unsure"), "low": N_("a guess")}

FIELDS = {
    "name.en": N_("English name"), "name.de": N_("German name"), "keywords": N_("Unit types"),
    "rank": N_("Hero or common"), "copies": N_("Copies in the deck"), "summon": N_("Summon cost"),
    "attack": N_("Attack"), "defense": N_("Defense"), "activation": N_("Activation cost"),
    "has_signature": N_("Carries the clan signature"), "cost": N_("Cost"), "battle.style": N_("Battle style"),
    "battle.sides": N_("Which effect is “Win” and which “Else”"),
}

PART = {"name.en": N_("English name"), "name.de": N_("German name"), "battlefield": N_("works from the battlefield"),
        "n": N_("number"), "stat": N_("which value"), "icon": N_("symbol"), "max": N_("limit")}


def _part(key: str) -> str:
    return _(PART[key]) if key in PART else key

VALUE_WORDS = {"hero": N_("Hero"), "common": N_("Common"), "bold": N_("Bold"), "guarded": N_("Guarded"),
               "tricky": N_("Tricky"), "attack": N_("attack"), "defense": N_("defense"),
               # battle.sides: how the card's two effects were told apart
               "confirmed": N_("confirmed"), "designed": N_("our design"), "identical": N_("both the same"),
               "extraction order": N_("the order the source lists them in"),
               "only one effect survived; placed left": N_("only one effect is known; it is placed left"),
               "left effect known to act on the opponent's draw pile": N_("the left effect is known to act on the "
                                                                          "opponent's draw pile"),
               "grouping '+2 +2 keep' / '+3' as extracted": N_("grouped as the source lists them")}


def sources_in_words(text: str) -> list[str]:
    found = []
    for pattern, words in SOURCES:
        if re.search(pattern, text) and _(words) not in found:
            found.append(_(words))
    return found


def field_label(path: str, ability_names: list[str]) -> str:
    if path in FIELDS:
        return _(FIELDS[path])
    m = re.fullmatch(r"abilities\[(\d+)\]\.(.+)", path)
    if m:
        i, rest = int(m.group(1)), m.group(2)
        name = ability_names[i] if i < len(ability_names) else _("ability {n}").format(n=i + 1)
        if rest.startswith("effects["):
            tail = rest.split(".", 1)[1] if "." in rest else ""
            return _("{ability}: what it does").format(ability=name) + (f" ({_part(tail)})" if tail else "")
        return f"{name}: {_part(rest)}"
    m = re.fullmatch(r"battle\.(left|right)\[\d+\](?:\.(\w+))?", path)
    if m:
        which = _("“Win” effect") if m.group(1) == "left" else _("“Else” effect")
        return which + (f" ({_part(m.group(2))})" if m.group(2) else "")
    m = re.fullmatch(r"effects\[\d+\](?:\.(\w+))?", path)
    if m:
        return _("Effect") + (f" ({_part(m.group(1))})" if m.group(1) else "")
    return path.replace("_", " ").replace(".", " ").capitalize()


def value_in_words(value) -> str:
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if isinstance(value, list):
        return ", ".join((_(VALUE_WORDS[v]) if v in VALUE_WORDS else v.capitalize()) if isinstance(v, str) else str(v)
                         for v in value) or _("none")
    if isinstance(value, str) and value in VALUE_WORDS:
        return _(VALUE_WORDS[value])
    return "" if value is None else str(value)


def origin_in_words(p: dict) -> str:
    """How we know one value: from which sources, deduced from them, or our own design."""
    tag = p.get("tag", "")
    found = sources_in_words(f'{p.get("src", "")} {p.get("note", "")}')
    sure = _(CONFIDENCE[p["conf"]]) if p.get("conf") in CONFIDENCE else ""
    if tag == "design":
        old = balanced_from(p)
        if old is not None:
            return _("Our design, adjusted for balance (it was {old}).").format(old=old)
        return _("Our design: no source gives this value.")
    both = _(" and ").join
    if tag == "inferred":
        text = _("Worked out from {sources}").format(sources=both(found)) if found else \
            _("Worked out from the other known values")
    else:
        text = _("From {sources}").format(sources=both(found or [_("a published source")]))
    return text + (f" ({sure})." if sure else ".")
