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


# every text of a played card in the box, whole: nothing past its own box or the card's, no fade over it
CLIPPED_JS = """box => {
  const out = [];
  for (const card of box.querySelectorAll('.card')) {
    const name = (card.querySelector('.card-name') || card).textContent.trim();
    if (card.scrollHeight > card.clientHeight + 1) out.push(`${name}: card ${card.scrollHeight} px in ${card.clientHeight}`);
    for (const el of card.querySelectorAll('.abilities, .battle-sec')) {
      const cs = getComputedStyle(el);
      if (el.scrollHeight > el.clientHeight + 1) out.push(`${name}: ${el.className} ${el.scrollHeight} px in ${el.clientHeight}`);
      if ((cs.maskImage || cs.webkitMaskImage || 'none') !== 'none') out.push(`${name}: ${el.className} fades out`);
      const r = el.getBoundingClientRect(), c = card.getBoundingClientRect();
      if (r.bottom > c.bottom + 1) out.push(`${name}: ${el.className} runs past the card's bottom`);
    }
  }
  return out;
}"""


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
    assert box.locator(".card").count() >= 1
    clipped = box.evaluate(CLIPPED_JS)
    screenshot(page, "battle_with_a_crystal")
    assert not clipped, clipped
    assert state_hash(page) is not None
    assert_no_page_errors(page)


def before_a_veil_ends_a_battle() -> cc.Game:
    """A seeded random game just before Veyla's Veil is removed to end a battle away from the enemy's home (so
    the Veil sends the enemy squad home; in its home it stays, and the battle ends all the same)."""
    for seed in range(150):
        g = cc.new_game(("meteor", "stone"), seed=seed)
        rng = Rng(seed_state(seed, 4))
        while not g.is_over and len(g.log) < 3000:
            o = g.legal_actions()
            away = g.battle is not None and g.decision is not None and \
                g.battle.zone != g.cs.board.homes[1 - g.decision.player]
            if away and "remove crystal.veylas_veil" in [str(a) for a in o]:
                after = g.clone()
                after.apply("remove crystal.veylas_veil")
                while after.battle is not None and after.decision.kind == "battle_start":
                    after.apply("done")  # the other side's battle-start choices, declined
                if after.battle is None:
                    return g
            g.apply(o[rng.below(len(o))])
    raise AssertionError("no battle ended by Veyla's Veil in 150 seeded games")


def test_a_battle_ended_by_an_opponents_veil_says_so(page, app_url, tmp_path):
    """Issue 24, item 1: Veyla's Veil ended a battle and the box said only "No battle card · Damage 0"; it
    names the crystal, says the battle ended and that the Veil sent the enemy's squad home."""
    before = before_a_veil_ends_a_battle()
    save = tmp_path / "veil.json"
    save.write_text(before.to_json(names=["Ada", "Bo"]))
    open_app(page, app_url)
    import_and_confirm(page, lambda: page.locator("input[type=file][data-import]").first.set_input_files(str(save)))
    page.wait_for_function("h => window.crystalclans_state_hash() === h", arg=before.state_hash())
    box = page.locator("[data-battle-result]")
    for _ in range(6):
        dismiss_overlays(page)
        if page.locator('[data-action="remove crystal.veylas_veil"]').count():
            page.locator('[data-action="remove crystal.veylas_veil"]').first.click()
        elif page.locator('[data-action="done"]').count():
            page.locator('[data-action="done"]').first.click()
        if box.count() and box.is_visible():
            break
        page.wait_for_timeout(300)
    box.wait_for(state="visible")
    text = " ".join(box.inner_text().split())
    assert "Used Veyla's Veil" in text and "The battle ended before damage." in text, text
    enemy = ["Ada", "Bo"][1 - before.decision.player]  # the Veil's holder decides now; her enemy's squad went home
    assert f"Veyla's Veil sent {enemy}'s squad back to its home zone." in text, text
    screenshot(page, "battle_ended_by_a_veil")
    assert_no_page_errors(page)
