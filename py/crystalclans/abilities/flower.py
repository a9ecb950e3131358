"""Flower Clan: Sleep (signature), Heal (special).

* Sleep: the engine reads KindInfo.sleep in battle.squad_attack: while a Sleep unit is on top of a
  battling squad, the enemy squad's top unit fights with a printed attack of 0 and boosts to that unit
  alone are ignored; battle-card and squad-wide boosts stay.
* Heal: the engine reads KindInfo.heal in effects.destroy_simultaneously: squad-mates of a Heal unit on
  top, destroyed by a battle, are placed in their controller's home zone instead of being discarded.
* Lure Away (Wisp) is data: on_move_into, send_home {unit, enemy, optional} then return_self_to_hand
  {if_previous}.
"""
from ..registry import register_signature, register_special

register_signature("sleep")
register_special("heal")
