"""The Highland school's effects, as step lists (script.py). The card texts, in our own words, are in
data/schools.json; each program below does what its text says."""
from __future__ import annotations

from .script import act, borrow, choose, gain, moves, pick, when

PROGRAMS = {
    "highland/wild-eagle": [
        moves("being", n=1, kind="combat", leap=1),
    ],
    "highland/clan-axeman": [
        pick("destroy", ("piece", "nonlegendary", "orth"), optional=True),
    ],
    "highland/clan-healer": [
        pick("place", ("empty", "next_to_green"), n=2, optional=True),
    ],
    "highland/dire-wolf": [
        moves("being", n=2, kind="combat"),
    ],
    "highland/ritual-keeper": [
        when(("summoned_on", "green"), [pick("upgrade", ("own", "common"))],
             [when(("summoned_on", "red"), [moves(("own",), n=1, kind="combat")])]),
    ],
    "highland/eagle-lord": [
        moves("being", n=1, kind="combat", leap=1),
    ],
    "highland/wolf-rider": [
        moves("being", n=2, kind="combat"),
    ],
    "highland/blood-shaman": [
        pick("destroy", ("piece", "nonlegendary"), save="hit"),
        when(("on_red", "hit"), [act("destroy", ("piece", "common", "adj@hit"))]),
    ],
    "highland/war-drummer": [
        choose(("combat", [moves(("own", "not_being"), n=1, kind="combat", optional=False)]),
               ("standard", [moves(("own", "not_being"), n=2, kind="standard")]),
               prompt="Your other pieces make either one combat move or up to two standard moves"),
    ],
    "highland/hill-giant": [
        act("destroy", ("piece", "nonlegendary", "orth")),
    ],
    "highland/warlord": [
        moves(("own",), n=3, kind="combat", flags=("warlord",)),
    ],
    "highland/war-summoner": [
        gain(1),
        borrow(),
    ],
    "highland/ritual-master": [
        when(("summoned_on", "green"), [gain(2)],
             [when(("summoned_on", "red"), [
                 pick("destroy", ("piece", "heroic"), optional=True),
                 pick("destroy", ("piece", "common"), optional=True),
             ])]),
    ],
    "highland/legend-slayer": [
        pick("destroy", ("piece", "diag"), optional=True, save="first"),
        when(("rank_was", "first", 0, 1), [pick("destroy", ("piece", "nonlegendary", "diag"), optional=True)]),
    ],
    "highland/mountain-troll": [
        act("destroy", ("enemy", "common", "adj"), save="hit"),
        when(("count_at_least", "hit", 2), [gain(1)]),
    ],
    "highland/hungry-bear": [
        moves("being", n=2, kind="standard", flags=("stop_on_empty",)),
    ],
    "highland/werewolf": [
        when(("summoned_on", "coloured_not_centre"),
             [moves("being", n=3, kind="combat")],
             [moves("being", n=1, kind="standard", optional=False)]),
    ],
    "highland/clan-guardian": [
        pick("upgrade", ("own", "common", "pattern"), optional=True),
    ],
}
