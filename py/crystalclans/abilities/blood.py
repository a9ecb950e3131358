"""Blood Clan: Horde (signature). Flight, Blood Price, Devoted Leaders, Oath Wall and Bloodfrenzy are data on
the generic primitives (movement, gain_initiative on_destroyed, bonus_per)."""
from ..registry import register_signature

# Horde lifts the squad limit while the top unit has it; the engine reads KindInfo.horde in squad_limit().
register_signature("horde")
