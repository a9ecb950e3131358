"""Water Clan: Flank (signature), Shift (special).

* Flank is data: the clan's signature stands for damage_from_bottom {optional}, a continuous modifier the
  battle reads at the start of B3 (battle.damage_direction: a `damage_direction` choice each battle).
* Shift: the engine reads KindInfo.redirect in summon.py: a summon action (or a home-zone free summon such as
  Clone) may be redirected to the zone of a squad topped by Shapeshifters; once placed, that Shapeshifters
  unit goes back to its controller's hand and she gains 1 initiative.
* Linked, Undertow, Thick Hide, Clone, Discourage, Inform, Slipstream and Mind Reading are data on the
  generic primitives.
"""
from ..registry import register_signature, register_special

register_signature("flank")
register_special("shift", flag="redirect")
