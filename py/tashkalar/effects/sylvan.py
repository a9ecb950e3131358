"""The Sylvan school's effects, as step lists (script.py). The card texts, in our own words, are in
data/schools.json; each program below does what its text says."""
from __future__ import annotations

from ..board import DIAGONAL
from .script import act, call, choose, direction, extra_draw, gain, moves, pick, when

PROGRAMS = {
    "sylvan/sapling": [
        act("upgrade", ("being",)),
    ],
    "sylvan/kiskin-farseeders": [
        pick("place", ("empty", "next_to_own"), optional=True),
    ],
    "sylvan/charging-buck": [
        moves("being", n=2, kind="combat", leap=2),
    ],
    "sylvan/forest-wardens": [
        pick("destroy", ("enemy", "common", "richer_commons")),
        pick("destroy", ("enemy", "heroic", "richer_upgraded")),
    ],
    "sylvan/naiad": [
        moves(("own", "adj", "not_being"), n=2, kind="standard", flags=("once",)),
    ],
    "sylvan/kiskin-spirit": [
        call("discard_to_deck"),
    ],
    "sylvan/dryad": [
        pick("convert_common", ("enemy", "nonlegendary", "adj"), optional=True),
    ],
    "sylvan/centaur-spearman": [
        moves("being", n=1, kind="combat"),
        call("thrust"),
    ],
    "sylvan/centaur-chieftain": [
        moves("being", n=1, kind="combat"),
        when(("moved",), [moves(("own", "not_being"), n=3, kind="combat", flags=("dir@dir",))]),
    ],
    "sylvan/unicorn": [
        choose(("move", [moves("being", n=1, kind="combat")]),
               ("action", [gain(1)]),
               prompt="Choose: the Unicorn may make a combat move, or you gain an action"),
    ],
    "sylvan/sylvan-queen": [
        pick("convert", ("enemy", "nonlegendary", "diag"), optional=True),
    ],
    "sylvan/sylvan-princess": [
        pick("convert_common", ("enemy", "common", "diag"), optional=True),
    ],
    "sylvan/woodland-druid": [
        call("each_colour", sel=("piece", "common"), op="upgrade",
             prompt="Choose a common piece of this colour to upgrade"),
    ],
    "sylvan/forest-ancient": [
        # one piece at a time; in the Melee each piece's enemy colour is chosen (no choice with one enemy)
        call("enemy_colour", save="ecol", supply=True),
        pick("place_enemy", ("empty", "dist1-2"), n=1, save="put"),
        call("enemy_colour", save="ecol", supply=True),
        pick("place_enemy", ("empty", "dist1-2"), n=1, save="put"),
        act("none", ("reg@put",), save="now"),
        pick("destroy", ("piece", "common", "dist<=3", "colours@now.colour"), n=2),
    ],
    "sylvan/forest-mystic": [
        extra_draw(1, 1),
    ],
    "sylvan/kiskin-leafsplitter": [
        direction(DIAGONAL, optional=True, prompt="Choose a diagonal direction to shoot along (or done)"),
        when(("has", "dir"), [
            call("shoot", mode="first"),
            direction(DIAGONAL, optional=True, prompt="Choose a diagonal direction for the second shot (or done)"),
            call("shoot", mode="first"),
        ]),
    ],
    "sylvan/kiskin-boughrunner": [
        moves("being", n=3, kind="combat", flags=("next_to_own",)),
    ],
    "sylvan/tree-shepherd": [
        pick("none", ("own",), save="x", prompt="Choose one of your pieces"),
        when(("rank_was", "x", 0), [act("upgrade", ("reg@x",))]),
        when(("rank_was", "x", 1), [moves("reg:x", n=1, kind="combat")]),
        when(("rank_was", "x", 2), [moves("reg:x", n=1, kind="standard")]),
    ],
}
