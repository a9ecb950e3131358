"""The engines' errors in the player's language: a save that does not load says why (every engine's SaveError,
a gamecore.errors.SaveError, carries a code and its values; the engine's English message is the fallback for a
code not worded here)."""
from __future__ import annotations

from . import games
from .i18n import N_, _

SAVE_ERRORS = {
    "too_large": N_("the file is too large to be a {game} save ({size} characters; a save has at most {limit})."),
    "not_text": N_("this is not a {game} save file (it is not text)."),
    "not_json": N_("this is not a {game} save file ({detail})."),
    "no_format": N_("this is not a {game} save file (it has no “format” field)."),
    "format": N_("the save format {got} is unknown; this version reads {known}."),
    "damaged": N_("the save file is damaged ({detail})."),
    "position": N_("the save's starting position is invalid ({detail})."),
    "move": N_("move {n} of {total} ({move}) is not legal at that point, so the file is damaged or was edited."),
    "state": N_("the save's moves do not lead to the state it records: the file was edited, or it was made by an "
                "incompatible version of the game."),
}


def reason(e: Exception) -> str:
    """Why something did not load, in the player's language (the shell's words for the codes every game's saves
    share, a game's own for its own codes: its spec's `save_errors`)."""
    code = getattr(e, "code", "")
    engine = type(e).__module__.split(".", 1)[0]
    words = {**SAVE_ERRORS, **(games.get(engine).save_errors if engine in games.REGISTRY else {})}
    if code in words:
        try:
            return _(words[code]).format(**{k: (f"{v:,}" if isinstance(v, int) and v > 9999 else v)
                                           for k, v in getattr(e, "params", {}).items()})
        except (KeyError, IndexError, ValueError):
            pass
    return str(e)
