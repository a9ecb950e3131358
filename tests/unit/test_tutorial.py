"""Crystal Clans' guided first game (app/games/crystalclans/tutorial.py) under CPython: every scripted move is
legal where it stands, the table offers the player exactly the taught move, and the lessons happen as the
texts say (a battle won by its style, a crystal scored, a reshuffle and the opponent's free crystal), in both
languages."""
from __future__ import annotations

import pytest

from app import i18n
from app.tutorial import THEM, YOU
from app.games.crystalclans.tutorial import STEPS, Tutorial


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use("en")


def test_the_script_plays_through_and_teaches_what_it_says():
    t = Tutorial()
    g = t.game
    offered_alone = 0
    for i, step in enumerate(STEPS):
        assert t.step(g) is step and g.decision is not None and g.decision.player == step.who, i
        legal = [str(a) for a in g.legal_actions()]
        assert step.move in legal, (i, step.move, legal)
        if step.who == YOU:
            assert t.allowed(g) == {step.move} and t.their_move(g) is None
            offered_alone += len(legal) > 1
        else:
            assert t.allowed(g) == set() and t.their_move(g) == step.move
        g.apply(step.move)
    assert t.finished(g) and t.allowed(g) == set() and t.their_move(g) is None
    assert offered_alone >= 5  # on most steps the table holds back other legal moves
    kinds = [e["kind"] for turn in g.story() for a in turn["actions"] for e in a["events"]]
    battle = next(e for turn in g.story() for a in turn["actions"] for e in a["events"] if e["kind"] == "battle")
    assert battle["sides"] == ["left", "right"] and battle["lost"] == [[], ["stone.workers"]]
    assert "reshuffle" in kinds and g.crystal_count(YOU) == 1 and g.crystal_count(THEM) == 1
    assert g.pos < -1  # the turn has passed: the opponent would move next


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_step_speaks_the_players_language(lang):
    from tests.words import foreign_in

    import crystalclans as cc
    from app.games.crystalclans.text import Words

    i18n.use(lang)
    words = Words(cc.base_set(), lang)
    t = Tutorial()
    g = t.game
    for step in STEPS:
        text = t.text(g, ["Ada", "Bo"], words)
        assert text and "{" not in text and not foreign_in(text, lang), (step.move, text)
        g.apply(step.move)
    assert "Bo" in t.text(g, ["Ada", "Bo"], words)


def test_what_the_other_side_did_stays_said_until_the_player_acts():
    """Regression (issue: the other side's texts flashed for 0.7 s, each replacing the last): while the other
    side's scripted moves are played their sentences add up, and the player's next step still tells them."""
    import crystalclans as cc
    from app.games.crystalclans.text import Words

    words = Words(cc.base_set())
    t = Tutorial()
    g = t.game
    runs = 0
    for i, step in enumerate(STEPS):
        if step.who == YOU and i > 0 and STEPS[i - 1].who == THEM:
            said = t.text(g, ["Ada", "Bo"], words)
            k = i
            while k > 0 and STEPS[k - 1].who == THEM:
                k -= 1
                theirs = Tutorial.text.__globals__["_"](STEPS[k].say).split("{")[0][:20]
                assert theirs in said, (i, theirs, said)
            runs += 1
        g.apply(step.move)
    assert runs >= 2
    end = t.text(g, ["Ada", "Bo"], words)
    assert "real game against the computer" in end


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_step_explains_its_rule_with_this_games_numbers(lang):
    """Issue 24, item 8b: the battle step said only "An enemy squad shares the zone: battle it!", and the other
    side's summon read as fragments ("…two units at once…"). Now the battle step says what a battle is (attack
    against defense, the top unit first, the battle card from the hand, who loses units) with the numbers of
    this battle, the result step works the damage out, and each of the other side's moves is a whole sentence
    that says what happened and why it matters."""
    import crystalclans as cc
    from app.games.crystalclans.text import Words

    i18n.use(lang)
    words = Words(cc.base_set(), lang)
    t = Tutorial()
    g = t.game
    said = {}
    for step in STEPS:
        said[step.move + ("" if step.move not in said else "'")] = t.text(g, ["Ada", "Bo"], words)
        g.apply(step.move)
    battle, result = said["battle"], said["score crystal.sorens_bounty"]
    workers, knights = words.unit_name("stone.workers"), words.unit_name("flower.dandelion_knights")
    en = lang == "en"
    for words_of_a_battle in (["attack", "defense", "battle card", "hand", "top unit", "destroys"] if en
                              else ["Angriff", "Verteidigung", "Kampfkarte", "Hand", "oberste", "zerstört"]):
        assert words_of_a_battle in battle, (words_of_a_battle, battle)
    # this battle's numbers, read from the game: three knights of attack 3, the Workers' attack and defense (read
    # from the card set: design values a balance pass may change)
    wk = cc.base_set().unit("stone.workers")
    assert f"3 {knights}" in battle and " 9" in battle and str(wk.attack) in battle and str(wk.defense) in battle, battle
    assert "9 + 4 − 4 = 9" in result and workers in result, result
    assert ("you lost no unit" if en else "keine Einheit verloren") in result, result
    run = said["activate a_home"]  # the other side's summon, as it stays on screen until the player acts
    assert "…" not in run, run
    assert "3 + 1 = 4" in run and words.unit_name("stone.siege_towers") in run, run
    assert ("takes damage first" if en else "zuerst Schaden") in run, run
    assert "…" not in said["score crystal.sorens_bounty"]
