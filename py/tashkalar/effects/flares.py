"""The flares' effects, as step lists (script.py), one per half: `flare/07:top`, `flare/07:bottom`.
The card texts, in our own words, are in data/flares.json; each program below does what its text says."""
from __future__ import annotations

from .script import choose, gain, moves, pick

PLACE_COMMON = pick("place", ("empty",), prompt="Choose an empty square for your common piece")
PLACE_HEROIC = pick("place_heroic", ("empty",), prompt="Choose an empty square for your heroic piece")
PLACE_TWO = pick("place", ("empty",), n=2, prompt="Choose an empty square for a common piece")
UPGRADE_COMMON = pick("upgrade", ("own", "common"), prompt="Choose a common piece of yours to upgrade")

PROGRAMS = {
    "flare/01:top": [PLACE_COMMON],
    "flare/01:bottom": [PLACE_HEROIC],
    "flare/02:top": [PLACE_COMMON],
    "flare/02:bottom": [PLACE_COMMON],
    "flare/03:top": [moves(("own", "common"), n=3, kind="standard")],
    "flare/03:bottom": [gain(1)],
    "flare/04:top": [PLACE_COMMON],
    "flare/04:bottom": [
        choose(("place", [PLACE_COMMON], ("can", "place", ("empty",))),
               ("convert", [pick("convert", ("enemy", "common"))], ("can", "convert", ("enemy", "common"))),
               prompt="Put a common piece of yours on an empty square, or convert an enemy common piece"),
    ],
    "flare/05:top": [
        choose(("move", [moves(("own", "common"), n=1, kind="standard", optional=False)],
                ("can", "none", ("own", "common"))),
               ("upgrade", [UPGRADE_COMMON], ("can", "upgrade", ("own", "common"))),
               prompt="A common piece of yours makes a standard move, or you upgrade one"),
    ],
    "flare/05:bottom": [PLACE_TWO],
    "flare/06:top": [
        choose(("place", [PLACE_COMMON], ("can", "place", ("empty",))),
               ("upgrade", [UPGRADE_COMMON], ("can", "upgrade", ("own", "common"))),
               prompt="Put a common piece of yours on an empty square, or upgrade one"),
    ],
    "flare/06:bottom": [moves(("own", "common"), n=1, kind="combat", leap=1)],
    "flare/07:top": [PLACE_COMMON],
    "flare/07:bottom": [UPGRADE_COMMON, gain(1)],
    "flare/08:top": [gain(1)],
    "flare/08:bottom": [PLACE_COMMON],
    "flare/09:top": [PLACE_HEROIC],
    "flare/09:bottom": [moves(("own", "common"), n=2, kind="combat", budget=(1, 1))],
    "flare/10:top": [PLACE_TWO],
    "flare/10:bottom": [PLACE_COMMON],
    "flare/11:top": [PLACE_COMMON],
    "flare/11:bottom": [
        choose(("combat", [moves(("own", "nonlegendary"), n=1, kind="combat")]),
               ("standard", [moves(("own", "nonlegendary"), n=2, kind="standard")]),
               ("skip", []),
               prompt="Your non-legendary pieces make one combat move or up to two standard moves (or skip)"),
    ],
    "flare/12:top": [moves(("own", "common"), n=1, kind="standard", leap=1)],
    "flare/12:bottom": [gain(1)],
}
