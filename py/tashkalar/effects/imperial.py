"""The Imperial school's effects (played as Northern and as Southern), as step lists (script.py).
The card texts, in our own words, are in data/schools.json; each program below does what its text says."""
from __future__ import annotations

from .primitives import UP_TO_ANY
from .script import act, call, choose, direction, gain, moves, pick, when

PROGRAMS = {
    "imperial/swordmaster": [
        pick("destroy", ("enemy", "common", "diag"), optional=True, save="hit"),
        when(("any", "hit"), [act("upgrade", ("being",))]),
    ],
    "imperial/messenger": [
        moves(("own", "nonlegendary"), n=UP_TO_ANY, kind="standard", flags=("one_piece", "line")),
    ],
    "imperial/herald": [
        moves(("own",), n=2, kind="standard", flags=("empty_only",)),
    ],
    "imperial/bomb": [
        when(("not", "last_action"), [
            act("none", ("common", "piece", "adj"), save="blast"),
            act("destroy", ("being",)),
            act("destroy", ("reg@blast",)),
        ]),
    ],
    "imperial/chronicler": [
        pick("upgrade", ("own", "common", "not_being"), save="up"),
        when(("any", "up"), [moves("reg:up", n=1, kind="standard")]),
    ],
    "imperial/assassin": [
        when(("marked_empty",),
             [moves("being", n=1, kind="standard", flags=("onto_marked",))],
             [act("destroy", ("piece", "marked"))]),
    ],
    "imperial/time-mage": [
        gain(1),
        act("destroy", ("enemy", "marked")),
    ],
    "imperial/summoner": [
        pick("place", ("empty", "marked"), n=2, optional=True),
    ],
    "imperial/hypnotist": [
        call("enemy_colour", save="colour"),
        choose(("commons", [moves(("enemy", "common", "colour@colour"), n=3, kind="combat", flags=("once",))],
                ("can", "none", ("enemy", "common", "colour@colour"))),
               ("heroes", [moves(("enemy", "heroic", "colour@colour"), n=2, kind="combat", flags=("once",))],
                ("can", "none", ("enemy", "heroic", "colour@colour"))),
               prompt="Which enemy pieces move: its commons (3 at most) or its heroes (2 at most)?"),
    ],
    "imperial/cannon": [
        direction("marked", optional=True, prompt="Choose a marked direction to fire along (or done)"),
        call("shoot", mode="commons"),
    ],
    "imperial/champion": [
        pick("destroy", ("enemy", "adj"), optional=True, save="hit"),
        when(("rank_was", "hit", 2), [act("destroy", ("being",)), gain(1)]),
    ],
    "imperial/infantry-captain": [
        moves(("own", "not_being"), n=2, kind="combat"),
    ],
    "imperial/cavalry-captain": [
        moves(("own", "not_being"), n=3, kind="combat", flags=("one_piece",), budget=(2, 1)),
    ],
    "imperial/gryphon-rider": [
        moves("being", n=1, kind="combat", leap=1),
        when(("moved",), [
            choose(("downgrade", [act("downgrade", ("being",)),
                                  pick("place", ("empty", "adj"))]),
                   ("skip", []),
                   prompt="Downgrade the Gryphon Rider to put a common piece next to it?"),
        ]),
    ],
    "imperial/knight": [
        moves("being", n=3, kind="combat", flags=("no_common_kill",)),
    ],
    "imperial/high-priestess": [
        moves("being", n=1, kind="standard"),
        pick("upgrade", ("piece", "common", "adj"), optional=True),
    ],
    "imperial/master-of-intrigue": [
        moves(None, n=3, kind="combat", flags=("intrigue",)),
    ],
    "imperial/gun-tower": [
        direction("marked", optional=True, prompt="Choose a marked direction to fire along (or done)"),
        call("shoot", mode="two"),
    ],
}
