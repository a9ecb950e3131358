"""The connection settings, a section of the settings panel (web/js/shell.js asks for it on every screen):
whether links may meet through public relays and cross home routers with public STUN servers, and the
player's own STUN/TURN servers, one a line. Kept in this browser by storage.py (web/js/relay.js reads the
public relays' switch itself); a wrong line is named as soon as the field is left, and again when a link
would use it (main.py)."""
from __future__ import annotations

from .i18n import N_, _
from .link import parse_ice_servers
from .storage import Storage
from .text import h

ICE_HELP = N_("On one network (the same Wi-Fi or LAN), or two windows on one device, nothing more is needed. "
              "Behind strict company, school or mobile networks only a TURN server carries the game: add it "
              "below, one a line, like {turn} (or another STUN server: {stun}).")
PUBLIC_RELAYS = N_("Meet through public relays, so your friend only opens the link (they pass on sealed messages "
                   "they cannot read)")
PUBLIC_STUN = N_("Use public STUN servers, which most home routers need (they learn each page's public address, "
                 "nothing of the game)")


def problems_text(text: str) -> str:
    """What is wrong with the STUN/TURN lines, for the player ("" when nothing is)."""
    problems = parse_ice_servers(text)[1]
    return _("STUN/TURN servers: {problems}").format(problems="; ".join(problems)) if problems else ""


def section_html(storage: Storage) -> str:
    """The panel's connection section, as this browser keeps the settings now."""
    ice = storage.ice_servers_text()
    public = storage.public_help()
    help_html = h(_(ICE_HELP)).format(stun="<code>stun:host:port</code>",
                                      turn="<code>turn:host:port user password</code>")
    problems = problems_text(ice)
    return (f'<section class="settings-connection" data-connection-settings aria-labelledby="connection-title">'
            f'<h3 id="connection-title">{h(_("Playing across the internet"))}</h3>'
            f'<label class="settings-row"><span>{h(_(PUBLIC_RELAYS))}</span>'
            f'<input type="checkbox" data-public-relays{" checked" if public["relays"] else ""}></label>'
            f'<label class="settings-row"><span>{h(_(PUBLIC_STUN))}</span>'
            f'<input type="checkbox" data-public-stun{" checked" if public["stun"] else ""}></label>'
            f'<p class="muted small">{help_html}</p><label class="field"><span>{h(_("STUN/TURN servers"))}</span>'
            f'<textarea id="ice-servers" data-ice-servers rows="2" spellcheck="false" '
            f'placeholder="stun:stun.example.org:3478" aria-label="{h(_("STUN and TURN servers, one a line"))}">'
            f'{h(ice)}</textarea></label>'
            f'<p class="notice warn small" data-ice-problems role="status"{"" if problems else " hidden"}>'
            f'{h(problems)}</p></section>')


def keep(storage: Storage, target, document) -> None:
    """A connection setting changed (`target`: the box or the field): keep it, and say what is wrong with the
    lines (kept all the same, so nothing typed is lost; a link refuses them until they are right)."""
    if target.hasAttribute("data-ice-servers"):
        text = str(target.value or "")
        storage.set_ice_servers_text(text)
        said = document.querySelector("[data-ice-problems]")
        if said:
            problems = problems_text(text)
            said.textContent = problems
            said.hidden = not problems
        return
    boxes = {k: document.querySelector(f"[data-public-{k}]") for k in ("relays", "stun")}
    now = storage.public_help()
    storage.set_public_help(*(bool(boxes[k].checked) if boxes[k] else now[k] for k in ("relays", "stun")))
