"""What a decision declares so that no table, peer or undo works it out again: `secret` and `private`,
each option's parts as data, and the game's `undo_floor`."""
from __future__ import annotations

import crystalclans as cc
from crystalclans.rng import Rng, seed_state

CLANS = [("blood", "stone"), ("water", "meteor"), ("skull", "flower"), ("meteor", "water"), ("flower", "blood")]


def random_positions(games: int = 10, moves: int = 600):
    """(game, rng) at every step of some seeded random games."""
    for seed in range(games):
        g = cc.new_game(CLANS[seed % len(CLANS)], seed=seed)
        rng = Rng(seed_state(seed, 3))
        for _ in range(moves):
            if g.decision is None:
                break
            yield g
            opts = g.legal_actions()
            g.apply(opts[rng.below(len(opts))])


def test_secret_choices_are_the_battle_card_and_the_prediction_and_are_private():
    kinds: dict[str, tuple[bool, bool]] = {}
    for g in random_positions():
        d = g.decision
        kinds.setdefault(d.kind, (d.secret, d.private))
    assert {k for k, (secret, _) in kinds.items() if secret} == {"battle_card", "foresight"}
    assert all(private for secret, private in kinds.values() if secret)
    assert {"mulligan", "replenish", "summon"} & {k for k, (_, private) in kinds.items() if private}


def test_the_other_player_sees_only_the_zone_of_a_private_decision():
    seen = 0
    for g in random_positions(games=6):
        d = g.decision
        other = g.view(1 - d.player)["decision"]
        assert other["secret"] == d.secret and other["private"] == d.private
        if d.private:
            assert set(other["info"]) <= {"zone"}
            assert "parts" not in other and "options" not in other
            seen += 1
        else:
            assert other["info"] == g.view(d.player)["decision"]["info"]
    assert seen > 50


def test_every_option_comes_with_its_parts_and_they_name_what_the_notation_names():
    cs = cc.base_set()
    checked = 0
    for g in random_positions(games=8):
        d = g.decision
        view = g.view(d.player)["decision"]
        assert len(view["parts"]) == len(view["options"])
        for text, part in zip(view["options"], view["parts"]):
            words = text.split(" ")
            assert part["kind"] == words[0]
            for w in words[1:]:
                token, _, pos = w.partition("#")
                uid, _, owner = token.partition("@")
                if w in cs.board.zone_index:
                    assert w in (part.get("zone"), part.get("to"), part.get("shift")), (text, part)
                elif w in cs.crystal_index:
                    assert w in (part.get("crystal"), part.get("flip")), (text, part)
                elif uid in cs.unit_index:
                    assert part["card"] == uid and part["owner"] == (int(owner) if owner else
                                                                    d.info.get("controller", d.player))
                    assert part.get("position") == (int(pos) - 1 if pos else None)
                elif w.isdigit():
                    assert part["n"] == int(w)
            checked += 1
    assert checked > 2000


def test_an_undo_back_to_the_floor_takes_back_nothing_anyone_has_seen():
    """From undo_floor on, no move drew a card, turned a crystal up, shuffled, revealed a battle card, showed
    a hand or a pile, or was a secret choice: the game then and now differ only in what both players saw."""
    checked = 0
    for g in random_positions(games=8, moves=400):
        floor = g.undo_floor
        assert 0 <= floor <= len(g.log)
        if floor == len(g.log) or len(g.log) % 7:
            continue
        then = g.at(floor)
        for before, now in zip(then.draws, g.draws):  # nothing drawn; a card both saw may go on top or beneath
            assert any(now[i:i + len(before)] == before for i in range(len(now) - len(before) + 1))
        assert then.crystal_row == g.crystal_row or len(then.crystal_deck) == len(g.crystal_deck)
        assert then.crystal_deck == g.crystal_deck and then.rng.state == g.rng.state
        assert (then.battle is not None and then.battle.revealed) == (g.battle is not None and g.battle.revealed) \
            or g.battle is None
        checked += 1
    assert checked > 100


def test_the_floor_moves_past_a_draw_and_a_secret_pick():
    g = cc.new_game(("blood", "stone"), seed=1, first_player=0)
    assert g.undo_floor == 0
    g.apply("replenish")
    g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
    g.apply("done")
    assert g.decision.kind == "draw"
    assert g.undo_floor == 0  # choosing to replenish showed nothing yet
    g.apply(g.legal_actions()[0])
    assert g.undo_floor == len(g.log)  # the cards drawn are seen
