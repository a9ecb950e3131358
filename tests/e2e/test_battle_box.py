"""A battle as a player meets it in the browser: when a crystal changes the battle, the result box names
every term of the sum with its source ("Brannoc's Warhorn (crystal) 4"), so the damage can be explained."""
from __future__ import annotations

import crystalclans as cc
from crystalclans.rng import Rng, seed_state

from .ui import assert_no_page_errors, dismiss_overlays, import_and_confirm, open_app, screenshot, state_hash


def a_battle_with_a_crystal() -> tuple[cc.Game, str, dict]:
    """A seeded random game, just before the move that ends a battle one of whose terms is a crystal's."""
    for seed in range(60):
        g = cc.new_game(("meteor", "stone"), seed=seed)
        rng = Rng(seed_state(seed, 4))
        seen = None
        while not g.is_over and len(g.log) < 3000:
            before = g.clone()
            o = g.legal_actions()
            g.apply(o[rng.below(len(o))])
            lb = g.last_battle
            if lb is not None and lb is not seen:
                seen = lb
                terms = [t for ar in lb.get("arith") or [] if ar for t in ar["terms"] + ar["enemy_terms"]]
                if any(t["source"] == "crystal" for t in terms):
                    return before, g.log[-1], lb
    raise AssertionError("no battle with a crystal's term in 60 seeded games")


def test_a_crystal_in_a_battle_is_named_in_its_result(page, app_url, tmp_path):
    before, move, lb = a_battle_with_a_crystal()
    crystal = next(t["id"] for ar in lb["arith"] if ar for t in ar["terms"] + ar["enemy_terms"]
                   if t["source"] == "crystal")
    save = tmp_path / "battle.json"
    save.write_text(before.to_json(names=["Ada", "Bo"]))
    open_app(page, app_url)
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(str(save)))
    page.wait_for_function("h => window.crystalclans_state_hash() === h", arg=before.state_hash())
    dismiss_overlays(page)
    page.locator(f'[data-action="{move}"]').first.click()
    box = page.locator("[data-battle-result]")
    box.wait_for(state="visible")
    name = cc.base_set().crystals[cc.base_set().crystal_index[crystal]].name
    text = " ".join(box.inner_text().split())
    assert f"{name} (crystal)" in text, text
    screenshot(page, "battle_with_a_crystal")
    assert state_hash(page) is not None
    assert_no_page_errors(page)
