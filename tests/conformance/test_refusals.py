"""Every refused apply() raises the game module's IllegalAction with a short message and leaves the game as it
was (its state_hash and its log): junk text, junk objects and Action tuples (deep, huge, of the wrong types),
near misses of the legal notation, a move another seat could make but the decider cannot, and anything after
the game is over. And the notation: each option's text is its own (no two options share one), round-trips
through the engine's parse_action, and applying it is applying the option."""
from __future__ import annotations

import pytest

from ..conftest import DEEP
from .kit import deciding, engine, entry, module, nested, played, spread

MAX_MESSAGE = 600  # a refusal's message is a sentence and the options, not an echo of the junk

JUNK_TEXTS = ["", " ", "\x00", "\t\n", "definitely not an action", "²", "١", "resign 9", "resign ²", "None", "[]",
              "x" * 200, "done done done", "é" * 50]


def small_junk(e, kind: str) -> list:
    A = e.Action
    return JUNK_TEXTS + [None, 0, 42, -1, 1.5, float("nan"), True, b"done", bytearray(b"x"), [], {}, (), ("x",),
                         ("x", "y", "z"), A("x" * 30, ()), A("", ()), A(5, ()), A(None, ()), A(kind, (1.5,)),
                         A(kind, (True,)), A(kind, (None,)), A(kind, ([],)), A(kind, "e5"), A(kind, ("\x00",)),
                         (kind, [1]), (5, ()), object()]


def big_junk(e, kind: str) -> list:
    A = e.Action
    return [nested(DEEP), {"a": nested(DEEP)}, (nested(DEEP), ()), A(nested(DEEP), ()), A(kind, (nested(DEEP),)),
            list(range(100_000)), "x" * 1_000_000, " " * 1_000_000 + kind, A("x" * 1_000_000, ()),
            A(kind, tuple(range(100_000))), 10 ** 5000, A(kind, ("y" * 1_000_000,))]


def near_misses(g) -> list[str]:
    """Texts like the legal ones that are none of them (a word too many, a word changed, the kind alone)."""
    texts = [str(a) for a in g.legal_actions()]
    legal = {t.lower() for t in texts}
    out = []
    for t in texts[:6]:
        words = t.split()
        out += [t + " 1", t + " x", t + "²", t.replace(" ", "_"), words[0] + " " + " ".join(words[1:]) + "0",
                words[0] + " nowhere 99"]
    return [t for t in out if " ".join(t.split()).lower() not in legal]


def as_actions(g, e, texts: list[str]) -> list:
    """The same near misses as Actions built elsewhere (well formed, not legal)."""
    legal = {str(a).lower() for a in g.legal_actions()}
    out = [e.Action(t.split()[0], tuple(int(w) if w.isascii() and w.isdecimal() else w for w in t.split()[1:]))
           for t in texts if t.split()]
    return [a for a in out if str(a).lower() not in legal]


def refused(g, action, error) -> str:
    before, log = g.state_hash(), list(g.log)
    with pytest.raises(error) as e:
        g.apply(action)
    assert len(str(e.value)) < MAX_MESSAGE, (type(action).__name__, len(str(e.value)))
    assert g.state_hash() == before and g.log == log, f"a refused {type(action).__name__} changed the game"
    return str(e.value)


def test_apply_refuses_deep_and_huge_values_and_changes_nothing(game):
    m, e = module(game), engine(game)
    states = [deciding(game, d.label) for d in entry(game).deals]
    states = [s[k] for s in states for k in (0, len(s) // 2)]
    for junk in big_junk(e, states[0].legal_actions()[0].kind):
        for g in states:
            refused(g, junk, m.IllegalAction)


@pytest.mark.contract("huge_number_arg")
def test_apply_refuses_an_action_with_a_huge_number(game):
    g = deciding(game, entry(game).deals[0].label)[0]
    refused(g, engine(game).Action(g.legal_actions()[0].kind, (10 ** 5000,)), module(game).IllegalAction)


def test_apply_refuses_junk_and_near_misses_at_every_kind_of_decision(deal):
    name, label = deal
    m, e = module(name), engine(name)
    tried = 0
    for g in spread(deciding(name, label), 12):
        kind = g.legal_actions()[-1].kind
        misses = near_misses(g)
        for junk in small_junk(e, kind) + misses + as_actions(g, e, misses):
            msg = refused(g, junk, m.IllegalAction)
            if not (isinstance(junk, str) and len(junk) > 80):  # (a text too long to be notation: says so)
                assert "not legal" in msg and "Legal:" in msg, msg  # the message says so, and what is legal
            tried += 1
    assert tried > 150


def test_apply_refuses_what_another_seat_could_do_now(deal):
    """apply() names no player: the decider's move is whichever option she is asked for. A move another seat
    was offered elsewhere in the game, and that is not an option now, is refused."""
    name, label = deal
    m = module(name)
    states = deciding(name, label)
    tried = 0
    for i, g in enumerate(states):
        legal = {str(a) for a in g.legal_actions()}
        theirs = [str(a) for h in states[i + 1:i + 8] if h.decision.player != g.decision.player
                  for a in h.legal_actions()[:4] if str(a) not in legal]
        for text in theirs[:4]:
            refused(g, text, m.IllegalAction)
            tried += 1
    assert tried > 20


def test_the_refusals_were_tried_at_every_common_kind_of_decision(game):
    kinds = {g.decision.kind for d in entry(game).deals for g in played(game, d.label).samples
             if g.decision is not None}
    assert entry(game).kinds_reached <= kinds, entry(game).kinds_reached - kinds


def test_after_the_end_nothing_is_legal_and_everything_is_refused(deal):
    name, label = deal
    m, e = module(name), engine(name)
    g = played(name, label).final.clone()
    assert g.is_over and g.decision is None and g.legal_actions() == [] and g.to_act == ()
    once = {str(a) for s in played(name, label).samples[-6:] if s.decision is not None for a in s.legal_actions()}
    for action in sorted(once) + ["resign", "done", "pass", "end"] + small_junk(e, "done")[:12]:
        assert "over" in refused(g, action, m.IllegalAction)
    with pytest.raises(m.IllegalAction):
        e.parse_action(g, sorted(once)[0])


def test_every_option_has_its_own_notation_and_it_round_trips(deal):
    name, label = deal
    e = engine(name)
    count = 0
    states = deciding(name, label)
    for g in states:
        opts = g.legal_actions()
        texts = [str(a) for a in opts]
        assert len(set(texts)) == len(texts), f"two options share a notation at {g.decision.kind}: {texts}"
        assert all(isinstance(a, e.Action) for a in opts)
        for a, t in zip(opts, texts):
            assert e.parse_action(g, t) == a
            assert e.parse_action(g, "  " + t.replace(" ", "   ") + " ") == a  # whitespace is no part of it
            count += 1
        with pytest.raises(e.IllegalAction):
            e.parse_action(g, "definitely not an action")
    assert count >= len(states)


def test_applying_an_options_text_is_applying_the_option(deal):
    name, label = deal
    for g in deciding(name, label)[::5]:
        for a in g.legal_actions()[:4]:
            x, y, z = g.clone(), g.clone(), g.clone()
            x.apply(a)
            y.apply(str(a))
            z.apply(type(a)(a.kind, a.args))  # an equal Action built elsewhere
            assert x.state_hash() == y.state_hash() == z.state_hash() and x.log == y.log == z.log
            assert x.log[-1] == str(a)  # the log speaks notation


def test_clone_is_equal_and_independent(deal):
    name, label = deal
    p = played(name, label)
    assert all(len(h) == 64 and h == h.lower() and int(h, 16) >= 0 for h in p.hashes)
    assert p.hashes[0] != p.hashes[1]  # the first move changes the state
    for g in deciding(name, label)[::3]:
        c = g.clone()
        assert c.state_hash() == g.state_hash() and c.log == g.log and c is not g
        before = g.state_hash()
        c.apply(c.legal_actions()[-1])
        assert g.state_hash() == before and len(g.log) == len(c.log) - 1  # the copy shares nothing
        d = g.clone()
        g.apply(g.legal_actions()[0])
        d.apply(d.legal_actions()[0])
        assert g.state_hash() == d.state_hash()  # the same moves, the same game


def test_the_same_deal_is_the_same_game(deal):
    name, label = deal
    from .kit import deal_of, start

    d = deal_of(name, label)
    assert start(name, d).state_hash() == played(name, label).hashes[0]
    if d.position is None:
        other = module(name).new_game(d.options, d.seed + 1)
        assert other.state_hash() != played(name, label).hashes[0]  # the seed deals
