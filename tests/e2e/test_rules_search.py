"""The rules reference's search as a player types: words in any order, case and accents aside, one typo
forgiven, and the closest entries offered when nothing matches, in English and German."""
from __future__ import annotations

from .ui import assert_no_page_errors, open_app, screenshot


def shown_after(page, query: str) -> list[str]:
    page.fill("[data-rules-search]", query)
    return page.eval_on_selector_all("[data-rules-entry]:not([hidden]) h4", "els => els.map(e => e.textContent)")


def open_rules(page) -> int:
    page.locator("#topnav [data-cmd=rules]").click()
    page.locator("[data-rules]").wait_for()
    return page.locator("[data-rules-entry]").count()


def test_rules_search_forgives_order_case_accents_and_a_typo(new_context, app_url, say):
    page = new_context(locale="en-GB").new_page()
    open_app(page, app_url)
    total = open_rules(page)
    both = shown_after(page, "initiative cost")
    assert 1 <= len(both) < total, both
    assert shown_after(page, "cost initiative") == both  # any order
    assert shown_after(page, "COST Initiative") == both  # any case
    typo = shown_after(page, "batle")
    assert any("Battle" in t for t in typo) and len(typo) < total, typo
    exact = shown_after(page, "reshuffle")
    assert set(exact) <= set(shown_after(page, "reshufle")) and page.locator("#rules-reshuffle").is_visible()
    assert not page.locator("[data-rules-near]").is_visible()
    assert shown_after(page, "qqzzxx") == []
    near = page.locator("[data-rules-near]")
    assert near.is_visible() and page.locator("[data-rules-suggestion]").count() == 3
    assert shown_after(page, "inititive qqq") == []
    suggestion = page.locator("[data-rules-suggestion]").first
    title = suggestion.inner_text()
    assert "nitiative" in page.locator("[data-rules-near]").inner_text(), page.locator("[data-rules-near]").inner_text()
    screenshot(page, "rules_search_suggestions")
    suggestion.click()
    assert page.locator("[data-rules-entry]:not([hidden]) h4", has_text=title).count() >= 1
    say(f"rules search: 'initiative cost' -> {len(both)} of {total}; 'batle' -> {len(typo)}")
    assert_no_page_errors(page)


def test_rules_search_in_german_ignores_umlauts_and_sharp_s(new_context, app_url):
    page = new_context(locale="de-DE").new_page()
    open_app(page, app_url)
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    total = open_rules(page)
    fight = shown_after(page, "Kampf")
    assert 1 <= len(fight) < total
    assert shown_after(page, "kampf") == fight
    missing = shown_after(page, "Kamf")  # one letter missing
    assert set(missing) <= set(fight) and any(t.startswith("Der Kampf") for t in missing), missing
    summon = shown_after(page, "beschworen")  # typed without the umlaut
    assert summon and summon == shown_after(page, "Beschwören")
    assert shown_after(page, "qqzzxx") == [] and page.locator("[data-rules-suggestion]").count() == 3
    assert "Kein Treffer" in page.locator("[data-rules-near]").inner_text()
    assert_no_page_errors(page)
