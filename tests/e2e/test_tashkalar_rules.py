"""Tash-Kalar's rules reference in the browser: on a Tash-Kalar table the top bar's Rules opens Tash-Kalar's
reference (not Crystal Clans'), and its search finds a keyword in any word order, with a typo, in English and in
German. Screenshots: tk_rules_all_desktop.png, tk_rules_<desktop|phone>.png, tk_rules_de_desktop.png."""
from __future__ import annotations

from app.games.tashkalar.rules import RULES

from .test_rules_search import open_rules, shown_after
from .test_tashkalar_table import start_tashkalar
from .ui import assert_no_page_errors, open_app, screenshot


def test_rules_on_a_tashkalar_table_are_tashkalars_and_search_finds_combat_leap(new_context, app_url, say):
    page = new_context(locale="en-GB", viewport={"width": 1440, "height": 900}).new_page()
    open_app(page, app_url + "?seed=5&pace=0")
    start_tashkalar(page)
    page.wait_for_selector(".tk-arena")
    total = open_rules(page)
    assert total == len(RULES), total
    assert page.locator("#rules-combat-leap").count() == 1 and page.locator("#rules-initiative").count() == 0
    assert "combat leap" in page.locator("[data-rules-search]").get_attribute("placeholder")
    screenshot(page, "tk_rules_all_desktop")  # the whole reference, unfiltered
    found = shown_after(page, "combat leap")
    assert "Combat leap" in found and len(found) < total, found
    assert shown_after(page, "leap combat") == found  # any order
    assert "Combat leap" in shown_after(page, "combta leap")  # a typo (one letter off)
    assert "The Melee" in shown_after(page, "melee")
    shown_after(page, "combat leap")
    page.locator("#rules-combat-leap").scroll_into_view_if_needed()
    screenshot(page, "tk_rules_desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#rules-combat-leap").scroll_into_view_if_needed()
    screenshot(page, "tk_rules_phone")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    say(f"Tash-Kalar rules: {total} entries; 'combat leap' -> {found}")
    assert_no_page_errors(page)


def test_tashkalar_rules_in_german_find_kampfsprung(new_context, app_url, say):
    page = new_context(locale="de-DE", viewport={"width": 1440, "height": 900}).new_page()
    open_app(page, app_url + "?seed=5&pace=0")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    start_tashkalar(page)
    page.wait_for_selector(".tk-arena")
    total = open_rules(page)
    assert total == len(RULES)
    found = shown_after(page, "Kampfsprung")
    assert "Kampfsprung" in found and len(found) < total, found
    assert "Kampfsprung" in shown_after(page, "sprung kampf")  # parts of the word, any order
    assert "Kampfsprung" in shown_after(page, "Kampfsprng")  # a typo (a letter missing)
    assert "Die Schlacht" in shown_after(page, "schlacht")
    assert "Ein Wesen beschwören" in shown_after(page, "wesen beschworen")  # without the umlaut
    shown_after(page, "Kampfsprung")
    screenshot(page, "tk_rules_de_desktop")
    say(f"Tash-Kalar Regeln: {total} Einträge; 'Kampfsprung' -> {found}")
    assert_no_page_errors(page)
