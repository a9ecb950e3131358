"""Crystals as a player judges them (issue 24, item 6): on the table every crystal's text is whole at the
laptop and desktop sizes, and a choice a scored crystal's effect asks shows that crystal's own words beside
the prompt (the prompt alone, "You may place one of your squads in an adjacent zone", did not say why)."""
from __future__ import annotations

import re

import crystalclans as cc
from crystalclans.rng import Rng, seed_state

from .ui import assert_no_page_errors, dismiss_overlays, import_and_confirm, open_app, screenshot

SIZES = [(1280, 800), (1366, 768), (1440, 900), (1920, 1080)]
ASKING = {"crystal.winds_wish", "crystal.tidestone", "crystal.bitter_blessing", "crystal.ilsas_lantern",
          "crystal.sorens_bounty"}  # crystals whose gaining asks a choice

CLIPPED_JS = """() => [...document.querySelectorAll('.panel.crystals .crystal-text, [data-decision-crystal] .crystal-text')]
  .filter(el => el.scrollHeight > el.clientHeight + 1 || getComputedStyle(el).webkitLineClamp !== 'none'
                || (el.closest('.crystal') && el.closest('.crystal').scrollHeight > el.closest('.crystal').clientHeight + 1))
  .map(el => (el.closest('.crystal') || el.parentElement).querySelector('.crystal-name').textContent)"""


def before_scoring_a_crystal_that_asks() -> tuple[cc.Game, str]:
    """A seeded random game just before a score whose crystal's gaining asks its player a choice."""
    for seed in range(80):
        g = cc.new_game(("meteor", "stone"), seed=seed)
        rng = Rng(seed_state(seed, 4))
        while not g.is_over and len(g.log) < 3000:
            opts = g.legal_actions()
            for a in opts:
                if a.kind == "score" and str(a.args[0]) in ASKING:
                    after = g.clone()
                    after.apply(a)
                    if after.decision is not None and after.decision.kind != "action" and not after.is_over:
                        return g, str(a)
            g.apply(opts[rng.below(len(opts))])
    raise AssertionError("no score of a crystal that asks a choice in 80 seeded games")


def test_crystal_texts_are_whole_and_a_scored_crystal_says_what_its_choice_is_for(page, app_url, tmp_path, say):
    before, move = before_scoring_a_crystal_that_asks()
    crystal = move.split()[1]
    save = tmp_path / "score.json"
    save.write_text(before.to_json(names=["Ada", "Bo"]))
    open_app(page, app_url)
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(str(save)))
    page.wait_for_function("h => window.crystalclans_state_hash() === h", arg=before.state_hash())
    dismiss_overlays(page)
    clipped = {}
    for w, h in SIZES:  # before the choice: the crystal row shows each crystal's whole text
        page.set_viewport_size({"width": w, "height": h})
        if found := page.evaluate(CLIPPED_JS):
            clipped[f"{w}x{h}"] = found
    page.set_viewport_size({"width": 1366, "height": 768})
    costs = page.eval_on_selector_all(".panel.crystals .crystal-cost", "els => els.map(e => e.textContent.trim())")
    assert costs and all(re.fullmatch(r"cost \d+ initiative", c) for c in costs), costs  # a word, not a bare number
    page.locator(f'[data-action="{move}"]').first.click()
    shown = page.locator(f'[data-decision-crystal="{crystal}"]')
    shown.wait_for(state="visible")
    cs = cc.base_set()
    text = cs.crystals[cs.crystal_index[crystal]].text
    said = " ".join(shown.locator(".crystal-text").inner_text().split())
    assert said == " ".join(text.split()), f"beside the prompt: {said!r}, the crystal says {text!r}"
    for w, h in SIZES:  # after: its text beside the prompt is whole too, and the options stay in view
        page.set_viewport_size({"width": w, "height": h})
        if found := page.evaluate(CLIPPED_JS):
            clipped[f"{w}x{h} (choice)"] = found
        hit = page.evaluate("""() => { const b = document.querySelector('.action-bar .actions [data-action]');
          const r = b.getBoundingClientRect();
          const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const bar = document.querySelector('.action-bar').getBoundingClientRect();
          return !!at && b.contains(at) && r.bottom <= Math.min(innerHeight, bar.bottom) + 0.5; }""")
        assert hit, f"the options under the crystal are hidden at {w}x{h}"
    page.set_viewport_size({"width": 1366, "height": 768})
    screenshot(page, "crystal_choice_1366x768")
    assert not clipped, f"crystal texts cut: {clipped}"
    say(f"scored {crystal}: its text shown beside the choice it asks ({page.locator('.action-bar .prompt').inner_text()!r}); "
        f"crystal texts whole at {len(SIZES)} sizes")
    assert_no_page_errors(page)
