"""Issue 24, item 11c: after most activations the engine asks whether to reorder the squad (the order persists:
the top unit's battlefield abilities, the damage order), so the question stays, but keeping the order is one
key: "Keep this order" comes first, is the primary button and has the focus, and Enter keeps it."""
from __future__ import annotations

import crystalclans as cc
from crystalclans.rng import Rng, seed_state

from .ui import assert_no_page_errors, dismiss_overlays, import_and_confirm, open_app, screenshot


def before_an_activation_that_asks_to_reorder() -> tuple[cc.Game, str, cc.Game]:
    """A seeded random game just before an activation that asks its player to reorder; the game after keeping."""
    for seed in range(40):
        g = cc.new_game(("blood", "stone"), seed=seed)
        rng = Rng(seed_state(seed, 3))
        while not g.is_over and len(g.log) < 400:
            for move in (str(a) for a in g.legal_actions()):
                if move.startswith("activate ") and " flip " not in move:
                    after = g.clone()
                    after.apply(move)
                    d = after.decision
                    if d is not None and d.kind == "reorder" and d.player == g.decision.player:
                        kept = after.clone()
                        kept.apply("keep")
                        return g, move, kept
            o = g.legal_actions()
            g.apply(o[rng.below(len(o))])
    raise AssertionError("no activation asked to reorder in 40 seeded games")


def test_enter_keeps_the_order_after_an_activation(page, app_url, tmp_path, say):
    before, move, kept = before_an_activation_that_asks_to_reorder()
    save = tmp_path / "reorder.json"
    save.write_text(before.to_json(names=["Ada", "Bo"]))
    open_app(page, app_url)
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(str(save)))
    page.wait_for_function("h => window.crystalclans_state_hash() === h", arg=before.state_hash())
    dismiss_overlays(page)
    page.locator(f'.action-bar [data-action="{move}"]').first.click()
    keep = page.locator('.action-bar [data-action="keep"]')
    keep.wait_for(state="visible")
    first = page.locator(".action-bar .actions button").first
    assert first.get_attribute("data-action") == "keep", "keeping the order is the first option"
    # before: a plain "Keep" among the "Place ..." buttons under "Reorder your squad in ...: choose the unit for
    # the top, or keep the order" (it had the focus only as the first button of the bar)
    assert keep.inner_text().strip().startswith("Keep this order"), keep.inner_text()
    assert "primary" in (keep.get_attribute("class") or ""), "keeping is the primary button"
    prompt = " ".join(page.locator(".action-bar .prompt").inner_text().split())
    assert prompt.split(":", 1)[1].strip().startswith("Keep the order"), prompt
    page.wait_for_function("() => document.activeElement && document.activeElement.matches('[data-action=keep]')",
                           timeout=5_000)
    screenshot(page, "reorder_keep_focused")
    page.keyboard.press("Enter")
    page.wait_for_function("h => window.crystalclans_state_hash() === h", arg=kept.state_hash(), timeout=10_000)
    assert page.locator('.action-bar [data-action="keep"]').count() == 0, "the question is gone"
    say(f"after {move!r} the table asked {prompt!r}; Enter kept the order and the game went on to "
        f"{kept.decision.kind if kept.decision else 'the next turn'!r}")
    assert_no_page_errors(page)
