"""Stone Clan: Build (signature), Supply Network (special).

* Build is data: the clan's signature stands for summon_into_zone {STRUCTURE, this_squad}, lent to a summon
  by a Builder on top of its squad (summon.board_modifiers).
* Supply Network: the engine reads KindInfo.link in rules.reachable: for a player's moves, the zones holding
  her squads with such a unit are adjacent to one another.
* Master Plans, Golemcraft, Volley, Egg Barrage, Siege, Stone Memory and Hold the Line are data on the
  generic primitives.
"""
from ..registry import register_signature, register_special

register_signature("build")
register_special("supply_network", flag="link")
