"""Flower Clan: Sleep (signature). The engine reads KindInfo.sleep in battle.squad_attack: while a Sleep
unit is on top of a battling squad, the enemy squad's top unit fights with a printed attack of 0 and boosts
to that unit alone are ignored; battle-card and squad-wide boosts stay."""
from . import register_signature

register_signature("sleep")
