"""Wildlands' characters are named in the player's language (regression, issue 51: the German page showed
"Lunk, the librarian aufdecken", Owl Sage, Hedge Witch... in English)."""
from __future__ import annotations

from app import i18n
from app.games.wildlands.table import CHARACTER_NAMES, char_name, seats_panel
from wildlands.content import CHARS, FACTIONS

import wildlands as wl

#: the names that read the same in German (proper names, and words German has too)
SAME_IN_GERMAN = {"Tak", "Elsie", "Automate", "Sheriff", "Satyr", "Gnoll"}


def test_every_character_of_the_content_has_its_name_in_the_catalog():
    assert set(CHARACTER_NAMES) == {n for f in FACTIONS.values() for n in f.names}


def test_a_character_is_named_in_the_players_language():
    try:
        i18n.use("de")
        german = {cid: char_name(cid) for cid in CHARS}
        g = wl.new_game(board="dungeon", factions=("guild", "gnomads"), seed=3)
        panel = seats_panel(g.view(0), ["Ada", "Bo"])
    finally:
        i18n.use("en")
    english = {cid: char_name(cid) for cid in CHARS}
    assert english["lunk"] == "Lunk, the librarian" and german["lunk"] == "Lunk, der Bibliothekar"
    same = {english[c] for c in CHARS if german[c] == english[c]}
    assert same <= SAME_IN_GERMAN, same - SAME_IN_GERMAN
    assert all(german[c] for c in CHARS)
    assert "Lunk, der Bibliothekar" in panel and "Eulenweiser" in panel  # the seats' panel lists their characters
    assert not any(english[c] in panel for c in CHARS if english[c] not in SAME_IN_GERMAN)
