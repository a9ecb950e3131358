"""The legends' effects, as step lists (script.py). The card texts, in our own words, are in
data/legends.json; each program below does what its text says."""
from __future__ import annotations

from .primitives import UP_TO_ANY
from .script import act, call, choose, direction, extra_turn, moves, pick, when

PROGRAMS = {
    "legend/fire-dragon": [
        direction("marked", prompt="Choose a marked direction for the dragon's fire"),
        call("breath"),
    ],
    "legend/hell-bull": [
        moves("being", n=UP_TO_ANY, kind="combat", flags=("line", "legend_stops")),
    ],
    "legend/angel-of-death": [
        pick("none", ("piece", "not_being"), optional=True, save="x",
             prompt="Choose a piece to upgrade; the Angel of Death then leaps onto it (or done)"),
        when(("any", "x"), [
            act("upgrade", ("reg@x",)),
            moves("being", n=1, kind="combat", leap=1, optional=False, flags=("onto@x",)),
        ]),
    ],
    "legend/the-eldest-tree": [
        pick("eldest", ("square", "adj"), n=3, optional=True,
             prompt="Choose an adjacent square: an enemy non-legendary piece there is destroyed, your common "
                    "piece upgraded, or an empty square gets your common piece"),
    ],
    "legend/bone-catapult": [
        pick("splash", ("piece", "rays"), optional=True,
             prompt="Choose a piece in a marked direction to destroy with the common pieces next to it"),
    ],
    "legend/fire-elemental": [
        choose(("adjacent", [act("destroy", ("enemy", "nonlegendary", "adj"))]),
               ("near", [act("destroy", ("enemy", "common", "dist<=2"))]),
               prompt="Destroy every enemy non-legendary piece adjacent, or every enemy common piece within "
                      "distance 2"),
    ],
    "legend/leviathan": [
        choose(("downgrade", [pick("none", ("piece", "upgraded", "connected@grp"), n=3, optional=True, save="grp",
                                   prompt="Choose upgraded pieces forming one group to downgrade"),
                              act("downgrade", ("reg@grp",))]),
               ("destroy", [pick("none", ("piece", "common", "connected@grp"), n=4, optional=True, save="grp",
                                 prompt="Choose common pieces forming one group to destroy"),
                            act("destroy", ("reg@grp",))]),
               prompt="Downgrade up to 3 connected upgraded pieces, or destroy up to 4 connected common pieces"),
    ],
    "legend/two-headed-dragon": [
        pick("upgrade", ("piece", "pattern"), optional=True, save="x"),
        when(("any", "x"), [pick("destroy", ("piece", "heroic", "adj@x"), optional=True)]),
    ],
    "legend/earth-elemental": [
        pick("destroy", ("piece", "nonlegendary", "red_or_next")),
        pick("upgrade", ("piece", "common", "green_or_next")),
        moves("being", n=1, kind="combat", flags=("onto_coloured",)),
    ],
    "legend/time-elemental": [
        extra_turn(),
    ],
    "legend/storm-elemental": [
        choose(("common", [call("set", rank=0), pick("place_rank", ("empty", "dist<=3"), save="storm"),
                           moves("reg:storm", n=5, kind="combat", flags=("line",)), act("destroy", ("reg@storm",))],
                ("supply", 0)),
               ("heroic", [call("set", rank=1), pick("place_rank", ("empty", "dist<=3"), save="storm"),
                           moves("reg:storm", n=3, kind="combat", flags=("line",)), act("destroy", ("reg@storm",))],
                ("supply", 1)),
               ("legendary", [call("set", rank=2), pick("place_rank", ("empty", "dist<=3"), save="storm"),
                              moves("reg:storm", n=1, kind="combat"), act("destroy", ("reg@storm",))],
                ("supply", 2)),
               ("skip", []),
               prompt="Choose the rank of the piece you put down (or skip)"),
    ],
    "legend/titan": [
        act("destroy", ("piece", "orth"), counts=False),
        act("destroy", ("piece", "nonlegendary", "diag"), counts=False),
    ],
}
