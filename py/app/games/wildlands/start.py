"""Wildlands' part of the start screen: the board, how many play (2-4), each player's faction. No engine
import: the start screen shows before any engine loads (the lists are the engine's, checked by a test).

The settings it keeps (app/settings.py calls `defaults`, `clean`, `read`): wl_board, wl_players, wl_factions
(four, all different: a seat the screen does not show keeps one no shown seat took). The start screen calls
`seat_choice`, `option_fields`, `online_note`, `learn` (see app.games)."""
from __future__ import annotations

from html import escape

from ...i18n import N_, _

TITLE = "Wildlands"  # the game switch's button and the page's heading while it is played (a name: not translated)
# "who goes first" left to the rulebook: the owner of the lowest shard (W16), a matter of the deal
RANDOM_FIRST = N_("By the rules: the lowest shard starts")
BOARDS = ("dungeon", "ruins")
FACTIONS = ("guild", "gnomads", "lawbringers", "pit_fighters")
BOARD_TEXT = {"dungeon": (N_("Dungeon"), N_("Corridors and chambers: walls block sight, columns give cover.")),
              "ruins": (N_("Ruins"), N_("Open ground around a walled keep; its gate joins spaces 25 and 30."))}
FACTION_TEXT = {"guild": N_("The Venerable Guild of Mages"), "gnomads": N_("The Gnomads"),
                "lawbringers": N_("The Lawbringers"), "pit_fighters": N_("The Pit Fighters")}
# the computer plays Wildlands (wildlands.ai): a seat may be a person here or the computer
HAS_BOTS = True
NO_BOTS = N_("The computer does not play Wildlands yet: every seat is a person at this screen (pass the device).")
ABOUT = N_("Wildlands: race to 5 points by picking up your faction's crystal shards and knocking out enemies; "
           "every card moves, attacks or defends. 2 to 4 players at one screen, against the computer or online.")


def h(s) -> str:
    return escape(str(s), quote=True)


FIELDS = ("wl-board", "wl-players", "wl-faction-0", "wl-faction-1", "wl-faction-2", "wl-faction-3")
REDRAW = ("wl-board", "wl-players")


def defaults() -> dict:
    return {"wl_board": BOARDS[0], "wl_players": 2, "wl_factions": list(FACTIONS)}


def players(s: dict) -> int:
    n = s.get("wl_players", 2)
    return n if n in (2, 3, 4) else 2


def clean(raw: dict, out: dict) -> None:
    """Stored settings' Wildlands fields into `out`, each that is not right left at its default."""
    if raw.get("wl_board") in BOARDS:
        out["wl_board"] = raw["wl_board"]
    if raw.get("wl_players") in (2, 3, 4):
        out["wl_players"] = raw["wl_players"]
    fs = raw.get("wl_factions")
    if isinstance(fs, list) and len(fs) == 4 and all(f in FACTIONS for f in fs) and len(set(fs)) == 4:
        out["wl_factions"] = list(fs)


def read(val, checked, out: dict) -> None:
    """The start screen's Wildlands fields (val(id): a field's value, None when not shown) into `out`."""
    if val("wl-board") is None:
        return
    out["wl_board"] = val("wl-board") if val("wl-board") in BOARDS else BOARDS[0]
    n = val("wl-players")
    out["wl_players"] = int(n) if n in ("2", "3", "4") else 2
    fs = list(out.get("wl_factions") or FACTIONS)
    fs = fs if len(fs) == 4 and set(fs) == set(FACTIONS) else list(FACTIONS)
    shown = {i: val(f"wl-faction-{i}") for i in range(4) if val(f"wl-faction-{i}") in FACTIONS}
    for i, f in shown.items():
        fs[i] = f
    out_fs: list = [None] * 4
    for i in sorted(range(4), key=lambda i: (i not in shown, i)):  # shown seats keep their choice first
        f = fs[i]
        out_fs[i] = f if f not in out_fs else next(x for x in FACTIONS if x not in out_fs)
    fs = out_fs
    out["wl_factions"] = fs


def options(s: dict) -> dict:
    """The settings as the game module's new_game options: "random" first means the rulebook's (W16)."""
    n = players(s)
    fs = list(s.get("wl_factions") or FACTIONS)[:n]
    first = str(s.get("first", "random"))
    first = int(first) if first.isascii() and first.isdigit() and len(first) == 1 and int(first) < n else "random"
    return {"board": s.get("wl_board", BOARDS[0]), "factions": fs, "first": first}


def faction_select(i: int, s: dict) -> str:
    chosen = (s.get("wl_factions") or FACTIONS)[i]
    opts = "".join(f'<option value="{f}"{" selected" if f == chosen else ""}>{h(_(FACTION_TEXT[f]))}</option>'
                   for f in FACTIONS)
    return (f'<label class="field"><span>{h(_("Faction"))}</span><select id="wl-faction-{i}" '
            f'aria-label="{h(_("Faction of player {n}").format(n=i + 1))}">{opts}</select></label>')


def fields(s: dict) -> str:
    """The board (with a sentence about it) and how many play."""
    board = s.get("wl_board", BOARDS[0])
    board = board if board in BOARDS else BOARDS[0]
    opts = "".join(f'<option value="{b}"{" selected" if b == board else ""}>{h(_(BOARD_TEXT[b][0]))}</option>'
                   for b in BOARDS)
    n = players(s)
    nopts = "".join(f'<option value="{k}"{" selected" if k == n else ""}>{k}</option>' for k in (2, 3, 4))
    return (f'<label class="field"><span>{h(_("Board"))}</span><select id="wl-board" aria-label="{h(_("Board"))}">'
            f'{opts}</select></label><p class="muted" id="wl-board-desc">{h(_(BOARD_TEXT[board][1]))}</p>'
            f'<label class="field"><span>{h(_("Players"))}</span><select id="wl-players" '
            f'aria-label="{h(_("How many play"))}">{nopts}</select></label>')


def notes() -> str:
    out = f'<p class="muted">{h(_(ABOUT))}</p>'
    if not HAS_BOTS:
        out += f'<p class="notice" data-wl-no-bots>{h(_(NO_BOTS))}</p>'
    return out


def seat_choice(app, i: int) -> str:
    """Player i's faction."""
    return faction_select(i, app.settings)


def option_fields(app, first: str) -> str:
    """The board and how many play, who goes first (`first`), a word on the game."""
    return fields(app.settings) + first + notes()


def field_note(field_id: str, value: str, words) -> "tuple[str, str, str] | None":
    """No field of this game's start screen has a note that follows its choice."""
    return None


def online_note(s: dict) -> "str | None":
    """Why these settings cannot be played online, None when they can: two to four can, a browser a player
    (three or four around the host's page: app/net/party.py)."""
    return None


def learn() -> tuple[str, str]:
    """The "Learn by playing" panel's title and text (catalog messages)."""
    from .tutorial import LEARN

    return LEARN


SHORT = ("goal", "setup", "turn")  # the reference's entries the start screen shows as the rules in short


def rules_short(app) -> str:
    """The rules in short: the reference's entries on the goal, setting up and a turn."""
    from ...rules_ref import short_of
    from .rules import entries

    return short_of(entries(), SHORT)
