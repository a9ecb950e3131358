"""Card effects: the vocabulary (context.py, select.py, primitives.py, script.py, calls.py) and every
playable card's effect as data, one module per school plus the legends and the flares.

`start(game, ctx)` begins an effect: it sets `game.fx` and pushes the card's Script; `PROGRAMS` maps each
card id (a flare's half: `flare/07:top`) to its compiled program. Cards of the expansion schools have no
program once their school is written (everfrost.py: its programs, frozen effects `<card>:frozen`, and
texts); a school is playable when each of its cards has an effect text (content.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import calls  # noqa: F401  (registers the handlers)
from . import etherweave, everfrost, flares, highland, imperial, legends, nethervoid, sylvan
from .context import EffectCtx
from .script import PROGRAMS, Script, program

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

for _module in (imperial, highland, sylvan, legends, flares, everfrost, nethervoid, etherweave):
    for _key, _steps in _module.PROGRAMS.items():
        PROGRAMS[_key] = program(_steps)


def start(g: "Game", ctx: EffectCtx, key: str) -> None:
    g.fx = ctx
    g.stack.append(Script(key))


__all__ = ["EffectCtx", "PROGRAMS", "Script", "start"]
