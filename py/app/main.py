"""Boot: wire the page to the engine. Loaded by <script type="py" src="./py/app/main.py">.

The engine and app packages arrive as one zip ([files] in pyscript.toml) unpacked on sys.path.
One click and one change listener on the document handle all input (event delegation).
"""
import asyncio
import time

from pyscript import document, window

window.crystalclans_boot_at = window.performance.now()
from pyscript.ffi import create_proxy, to_js

try:
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

from js import Object

_t = window.performance.now
_marks = {"start": _t()}
import json  # noqa: E402
import random  # noqa: E402

random.seed()  # from the OS's entropy: a start-up snapshot would otherwise deal the same games every visit

from app import games, i18n, render  # noqa: E402
from app.settings import (clean_settings, field_ids, players, read_settings, redraw_ids, seat_codes,  # noqa: E402
                          seat_names)
from app.storage import Storage  # noqa: E402

_marks["imports"] = _t()


def _to_js(d):
    return to_js(d, dict_converter=Object.fromEntries)


class StartInfo:
    """Just enough for the start screen, without importing the engine, so the page is interactive sooner: the
    default game's words read from its data (games.start_words); the engine is imported right after (or on
    the first click needing it)."""

    def __init__(self):
        self.storage = Storage.open(window)
        lang = i18n.use(i18n.pick(self.storage.language(), [str(x) for x in (window.navigator.languages or [])]))
        document.documentElement.lang = lang
        self.words = games.start_words(lang)
        self.settings = clean_settings(self.storage.new_game_settings())
        self.autosave_meta = self.storage.autosave_meta()
        self.busy = _going_back(self.autosave_meta, self.storage)
        self.modal = None
        # what the start screen reads of an App, before there is one: no game, no link
        self.game = self.link = self.session = self.resume_offer = self.tutorial = None
        self.relinking, self.relink_relay, self.screen = False, "", "start"


def _going_back(meta, storage) -> str:
    """What the first screen says while an online game played over relays goes back on its table (after a
    reload: App.back_to_online_game), or ""."""
    from app.link import relays_here

    online = (meta or {}).get("online")
    if (not isinstance(online, dict) or not online.get("room") or meta.get("over") is True
            or not relays_here(str(window.location.search), storage.public_help()["relays"])):
        return ""
    return i18n._("Going back to your online game…")


_app = None


def get_app():
    """The App (imports the engine on first use)."""
    global _app
    if _app is None:
        from app.controller import App

        _app = App(document, window, _to_js)
        _app.invite_again = _invite_again
    return _app


class _AppProxy:
    def __getattr__(self, name):
        return getattr(get_app(), name)

    def __setattr__(self, name, value):
        setattr(get_app(), name, value)


app = _AppProxy()


def on_click(event):
    """A click on the page: the nearest element that carries one of CLICKS' attributes, handled by the first
    entry whose attribute it carries."""
    t = event.target
    el = t.closest(CLICK_TARGETS) if hasattr(t, "closest") else None
    if not el:
        return
    for attr, handler in CLICKS:
        if el.hasAttribute(attr):
            handler(el, el.dataset)
            return


def _pick(el, ds):  # a square of several options: show the next one (the table's own choice)
    if app.game is not None:
        app.table_pick = (str(el.getAttribute("data-pick")), el.hasAttribute("data-square"), len(app.game.log))
        app.render()


def _action(el, ds):
    app.modal = None
    app.table_pick = None
    app.apply(str(el.getAttribute("data-action")))


def _game_switch(el, ds):  # the start screen's game switch: its form follows at once
    target = _app if _app is not None else START
    target.settings = dict(read_settings(document, target.settings), game=str(el.getAttribute("data-game")))
    target.storage.set_new_game_settings(target.settings)
    if _app is not None:
        _app.render()
    else:
        document.getElementById("app").innerHTML = render.start_screen(START)


def _new_game(el, ds):
    s = read_settings(document, app.settings)
    app.settings = s
    app.storage.set_new_game_settings(s)
    n = players(s)
    options = games.get(s["game"]).options_from_settings(s)
    app.ask_before_replacing("new-game", lambda: app.start_game(s["game"], options, seat_names(s, n),
                                                                seat_codes(s, n)))


def _p2p_begin(el, ds):
    host = el.hasAttribute("data-p2p-host")
    servers = _ice_servers()
    if servers is not None:
        app.link_begin("host" if host else "guest", read_settings(document, app.settings), _p2p_send, servers,
                       to_peer=_p2p_send_to, drop=_p2p_drop)
        if host:
            asyncio.ensure_future(_p2p_host())


def _link_submit(el, ds):
    inp = document.querySelector("[data-link-input]")
    asyncio.ensure_future(_p2p_submit(str(inp.value) if inp else ""))


def _details(el, ds):
    app.modal = ("card", str(el.getAttribute("data-details")))
    app.render()


def _command(el, ds):
    handler = COMMANDS.get(str(ds.cmd))
    if handler is not None:
        handler(el, ds)


#: what a click does, by the attribute of the element clicked, in order: the first attribute it carries wins
CLICKS = (
    ("data-pick", _pick),
    ("data-action", _action),
    ("data-continue", lambda el, ds: app.continue_overlay()),
    ("data-game", _game_switch),
    ("data-new-game", _new_game),
    ("data-p2p-host", _p2p_begin),
    ("data-p2p-join", _p2p_begin),
    ("data-link-submit", _link_submit),
    ("data-continue-game", lambda el, ds: asyncio.ensure_future(app.continue_game())),
    ("data-export", lambda el, ds: export_save()),
    ("data-details", _details),
    ("data-cmd", _command),
)
CLICK_TARGETS = ",".join("button[data-game]" if attr == "data-game" else f"[{attr}]" for attr, handler in CLICKS)


# ---------------------------------------------------------------------- the buttons' commands (data-cmd)
def _render_after(change):
    """A command that changes what the table shows, then draws it."""
    def run(el, ds):
        change(el, ds)
        app.render()
    return run


def _close_modal(el, ds):
    app.modal = None
    app.pending_confirm = None


def _tutorial(el, ds):
    close_menu()
    app.modal = None
    app.start_tutorial()


def _rules(el, ds):
    close_menu()
    at = el.getAttribute("data-rules-at")
    app.modal = ("rules", str(at)) if at else ("rules",)


def _menu(el, ds):
    close_menu()
    if app.tutorial is not None:  # leaving the guided game: the start screen offers the saved game
        app.tutorial = None
        app.game = None
    app.screen = "start"
    app.modal = None
    app.replay = None


def _replay(el, ds):
    close_menu()
    app.open_replay()


def _replay_go(el, ds):
    if app.replay is not None:
        app.replay.go(int(ds.step))
        app.render()


def _replay_side(el, ds):
    if app.replay is not None:
        app.replay.switch_side()
        app.render()


def _replay_close(el, ds):
    app.replay = None
    app.modal = None


def _resign(el, ds):
    close_menu()
    app.modal = ("resign",)


def _offer_end(el, ds):
    close_menu()
    app.offer_end()


def _rematch(el, ds):
    if app.session is not None:
        app.ask_rematch()
        return
    spec = games.of(app.game)
    app.start_game(spec.name, spec.options_of(app.game), app.names, [x.code for x in app.seats])


def _save_slot(el, ds):
    inp = document.getElementById("slot-name")
    app.save_slot(str(inp.value) if inp else "")
    close_menu()


def _relink(el, ds):
    window.crystalclans_p2p.close()
    app.relink()


def _scan(el, ds):
    if app.link is not None:
        asyncio.ensure_future(_scan_code(app.link))


def _resync_session(el, ds):
    if app.session is not None:
        app.session.request_resync()


def _resync(el, ds):
    if app.link is not None and app.link.resumer is not None:
        app.link.resumer.request_resync()


def _copy_of(what: str):
    def run(el, ds):
        if app.link is not None:
            text = app.link.url if what == "link" else app.link.code
            asyncio.ensure_future(_copy(text, what))
    return run


def _link_cancel(el, ds):
    window.crystalclans_p2p.close()
    app.link = None
    app.render()
    app.watch_for_invitation()


def _drop_damaged(el, ds):
    n = app.storage.drop_damaged()
    app.render()
    app.flash(i18n.ngettext("Removed {n} damaged saved game.", "Removed {n} damaged saved games.", n).format(n=n))


#: data-cmd -> what the button does (the element and its dataset)
COMMANDS = {
    "undo": lambda el, ds: app.undo(),
    "hand-over": lambda el, ds: app.hand_over(),  # a question asked aloud: its player takes the device
    "close-modal": _render_after(_close_modal),
    "confirm": lambda el, ds: app.confirm(),
    "discard": _render_after(lambda el, ds: setattr(app, "modal", ("discard", int(ds.player)))),  # a game's dialog
    "tutorial": _tutorial,
    "tutorial-real-game": lambda el, ds: app.after_tutorial(),
    "language": lambda el, ds: app.set_language(str(ds.lang)),
    "rules": _render_after(_rules),
    "menu": _render_after(_menu),
    "replay": _replay,
    "replay-go": _replay_go,
    "replay-side": _replay_side,
    "replay-close": _render_after(_replay_close),
    "resign": _render_after(_resign),
    "resign-confirm": lambda el, ds: app.resign(),
    "offer-end": _offer_end,
    "rematch": _rematch,
    "seats-human": lambda el, ds: app.play_on_with_people(),
    "save-slot": _save_slot,
    "load-slot": lambda el, ds: asyncio.ensure_future(app.load_slot(str(ds.slot))),
    "delete-slot": _render_after(lambda el, ds: app.storage.delete_slot(str(ds.slot))),
    "relink": _relink,
    "relink-by-hand": lambda el, ds: app.relink_by_hand(),
    "scan": _scan,
    "scan-stop": lambda el, ds: window.crystalclans_p2p.stopScan(),
    "resync-session": _resync_session,
    "resume-here": lambda el, ds: app.play_saved_here(),
    "resync": _resync,
    "copy-link": _copy_of("link"),
    "copy-code": _copy_of("code"),
    "link-cancel": _link_cancel,
    "drop-damaged": _drop_damaged,
}


# ---------------------------------------------------------------------- a friend far away (web/js/p2p.js)
def _p2p_send(text: str) -> None:
    window.crystalclans_p2p.send(text)


def _p2p_send_to(peer: int, text: str) -> None:
    """The host's page of three or four: to one guest's page."""
    window.crystalclans_p2p.sendTo(peer, text)


def _p2p_drop(peer: int) -> None:
    window.crystalclans_p2p.drop(peer)


def _ice_servers():
    """The STUN/TURN servers a new link uses (the settings' lines, then the public STUN servers unless turned
    off, both kept in this browser: app/connection.py), or None if a line is wrong."""
    from app.connection import problems_text
    from app.link import ice_servers_for

    text = app.storage.ice_servers_text()
    problems = problems_text(text)
    if problems:
        app.show_error(problems)
        return None
    return ice_servers_for(text, app.storage.public_help()["stun"])[0]


def _stored_ice_servers() -> list:
    """The STUN/TURN servers as remembered here (a page that joins without its settings form in view)."""
    from app.link import ice_servers_for

    return ice_servers_for(app.storage.ice_servers_text(), app.storage.public_help()["stun"])[0]


async def _scan_code(link):
    """The camera reads the other player's QR code; what it reads is submitted like a pasted code."""
    link.scanning = True
    app.render()
    try:
        text = str(await window.crystalclans_p2p.scan(document.querySelector("[data-scan-video]")) or "")
    except Exception as e:
        text = ""
        app.show_error(i18n._("The camera could not be used ({why}); paste the code instead.").format(
            why=getattr(e, "message", None) or e))
    link.scanning = False
    app.render()
    if text and app.link is link:
        inp = document.querySelector("[data-link-input]")
        if inp:
            inp.value = text
        await _p2p_submit(text)


async def _copy(text: str, what: str):
    try:
        await window.navigator.clipboard.writeText(text)
        app.flash(i18n._("The link is copied: paste it into a message to your friend.") if what == "link" else
                  i18n._("The code is copied: paste it into a message to your friend."))
    except Exception:
        app.flash(i18n._("Select the link and copy it (this browser does not let the page copy).") if what == "link"
                  else i18n._("Select the code and copy it (this browser does not let the page copy)."))


def _invite_again() -> None:
    """A saved online game's page of seat 0 invites the others again in the game's room, by itself (after a
    reload or a lost link: App.relink_by_itself); their pages, waiting there, join by themselves."""
    app.link_begin("host", app.settings, _p2p_send, _stored_ice_servers(), to_peer=_p2p_send_to, drop=_p2p_drop)
    asyncio.ensure_future(_p2p_host())


async def _p2p_host():
    link = app.link
    p2p = window.crystalclans_p2p
    try:  # (three or four players: a link for every guest's page)
        code = str(await p2p.host(_to_js(link.ice_servers), link.tag, link.room, max(1, link.players - 1)))
    except Exception as e:
        app.show_error(i18n._("Could not create an invitation: {why}").format(why=e))
        return
    if app.link is not link:
        return
    from app.link import room_secret

    link.code = code
    link.room = room_secret(code)
    link.url = str(p2p.inviteLink(code, link.game_name))  # the link names its game (the guest's page says which)
    if link.session is not None:  # a saved game of three or four goes on: the guests' pages come back by themselves
        app.autosave()
        return
    link.stage = "inviting"
    app.render()
    try:
        link.qr = str(await p2p.qr(link.url))
    except Exception:
        link.qr = ""  # the link and the code still work
    if app.link is link and link.stage == "inviting":
        app.render()


async def _p2p_submit(code: str):
    link = app.link
    if link is None or not code.strip():
        return
    try:
        if link.role == "host":
            link.stage = "connecting"
            app.render()
            await window.crystalclans_p2p.accept(code)
        else:
            link.settings = read_settings(document, link.settings)  # the name as it is now (a guest may edit it last)
            problem = await _match_invitation(link, str(await window.crystalclans_p2p.inspect(code)))
            if problem:
                raise ValueError(problem)
            reply = await window.crystalclans_p2p.join(code, _to_js(link.ice_servers))
            from app.link import room_secret

            link.room = room_secret(code) or link.room
            link.code = str(reply)
            link.stage = "answering"
            app.render()
            try:
                link.qr = str(await window.crystalclans_p2p.qr(link.code))
            except Exception:
                link.qr = ""
            if app.link is link and link.stage == "answering":
                app.render()
    except Exception as e:
        app.show_error(i18n._("Could not link: {why}").format(why=getattr(e, "message", None) or e))
        if app.relinking and app.link is link and link.role == "guest":  # an offer that went stale: wait for the next
            app.link = None
            app.watch_for_invitation()
            app.render()
            return
        link.stage = "inviting" if link.role == "host" else "pasting"
        app.render()


async def _match_invitation(link, tag: str) -> str:
    """A guest's invitation is for a new game ("") or to go on with a saved one: find that game here."""
    from app.link import SavedOnline
    from app.net.resume import game_id

    if not tag:
        link.resume = None  # a new game, even if one is saved here
        return ""
    if link.resume is not None and game_id(link.resume.game) == tag:
        return ""
    meta = app.storage.autosave_meta() or {}
    text = app.storage.autosave_text()
    online = meta.get("online")
    if text and online:
        try:
            await app.ensure_pydantic()
            from app import games

            g = games.for_save(json.loads(text)).Game.from_json(text)
        except Exception:
            g = None
        if g is not None and game_id(g) == tag:
            link.resume = SavedOnline(g, online["seat"], meta.get("names") or ["Player 1", "Player 2"],
                                      str(online.get("room") or ""), str(online.get("key") or ""), online.get("keys"),
                                      online.get("trust"))
            return ""
    return ("this invitation is to go on with a saved game that this browser does not hold (it was played in "
            "another browser, or its save was replaced)")


def _on_p2p_message(text, peer=0):
    if _app is not None:
        _app.on_peer_message(str(text), int(peer or 0))


def _on_p2p_state(state, peer=0, players=0):
    if _app is not None:
        _app.on_link_state(str(state), int(peer or 0), int(players or 0))


def _on_p2p_offer(code):
    """The other page of a saved online game invites again through the relays: join it, nothing typed."""
    if _app is None or _app.link is not None or _app.resume_offer is None:
        return
    _app.link_begin("guest", read_settings(document, _app.settings), _p2p_send, _stored_ice_servers())
    _app.link.invited = str(code)  # (a game of three or four: its seat and key come from the saved game)
    asyncio.ensure_future(_p2p_submit(str(code)))


def close_menu():
    m = document.querySelector("details.menu")
    if m:
        m.open = False


START_FIELDS = field_ids()  # the start screen's fields, each game's own included (its start module's FIELDS)
REDRAW_FIELDS = redraw_ids()


def on_change(event):
    t = event.target
    tid = str(t.id or "")
    if tid in START_FIELDS:  # kept at once: a re-drawn start screen (or the next visit) shows the choice again
        target = _app if _app is not None else START
        target.settings = read_settings(document, target.settings)
        target.storage.set_new_game_settings(target.settings)
        if tid in REDRAW_FIELDS:  # the seats and the mode's words follow the choice
            if _app is not None:
                _app.render()
            else:
                document.getElementById("app").innerHTML = render.start_screen(START)
    note = games.field_note(tid, str(getattr(t, "value", "") or ""), (_app if _app is not None else START).words)
    if note is not None:  # a note beside the field follows its choice at once (a clan's description)
        desc = document.getElementById(note[0])
        if desc:
            desc.textContent, desc.className = note[1], note[2]
    elif t.hasAttribute("data-ice-servers") or t.hasAttribute("data-public-relays") or t.hasAttribute("data-public-stun"):
        from app.connection import keep  # the settings panel's connection section (web/js/shell.js)

        keep((_app if _app is not None else START).storage, t, document)
    elif t.hasAttribute("data-import"):
        files = t.files
        if files and files.length:
            app.clear_error()  # a new file is a new attempt: the last file's complaint no longer applies
            asyncio.ensure_future(import_file(t, files.item(0)))


async def import_file(inp, file):
    MAX_SAVE_CHARS = games.MAX_SAVE_FILE  # (the game's save reader checks the file itself next)

    size = int(file.size)
    if size > MAX_SAVE_CHARS:  # refused before reading: a save is a few KB
        app.show_error(i18n._("Could not load the save file: it is too large to be a save ({size} bytes; "
                              "a save is at most {max}).").format(size=f"{size:,}", max=f"{MAX_SAVE_CHARS:,}"))
        inp.value = ""
        return
    try:
        text = await file.text()
    except Exception as e:
        app.show_error(i18n._("Could not read the file: {why}").format(why=e))
        return
    finally:
        try:
            inp.value = ""
        except Exception:
            pass
    await app.load_text(str(text), None, i18n._("save file"), ask=True)  # a bad file is refused without asking


def on_keydown(event):
    r = app.replay
    if r is not None and not app.modal and event.key in ("ArrowLeft", "ArrowRight"):
        tag = str(getattr(event.target, "tagName", "")).upper()
        if tag not in ("INPUT", "SELECT", "TEXTAREA"):
            r.step(1 if event.key == "ArrowRight" else -1)
            app.render()
            return
    if event.key == "Escape" and app.modal:
        app.modal = None
        app.pending_confirm = None
        app.render()


def export_save():
    exported = app.export()
    if exported is None:
        return
    name, text = exported
    blob = window.Blob.new([text], _to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    document.body.appendChild(a)
    a.click()
    a.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)


def shared_hash():
    """The hash two linked pages share: an online game without trust's public hash (each page holds its own
    one-sided game, net/trust.py), else the state hash."""
    s = _app.session if _app is not None else None
    if s is not None and s.private is not None and _app.game is not None:
        return _app.game.public_hash()
    return state_hash()


def state_hash():
    return _app.game.state_hash() if _app is not None and _app.game is not None else jsnull


def last_update_ms():
    return _app.last_update_ms if _app is not None else 0


def think_ms():
    """The computer's thinking time per move so far (tests and measurements)."""
    return to_js(list(_app.think_ms) if _app is not None else [])


def link_state():
    """Where the link's agreement stands, as text (a test that times out says why; no secrets in it)."""
    link = _app.link if _app is not None else None
    if link is None:
        return "no link"
    hs = link.handshake
    agreed = "" if hs is None else (f" hello={bool(hs.their_name)} commit={bool(hs.their_commit)} "
                                    f"revealed={hs.revealed} reveal={bool(hs.their_value)} setup={hs.setup is not None}")
    return (f"{link.role} stage={link.stage} session={link.session is not None} early={len(link.early)} "
            f"backlog={len(_app._peer_backlog)} draining={_app._draining} pydantic={_app.pydantic_ready} screen={_app.screen}{agreed}")


def connection_settings():
    """The settings panel's connection section, in the page's language (web/js/shell.js asks on opening)."""
    from app.connection import section_html

    return section_html((_app if _app is not None else START).storage)


document.addEventListener("click", create_proxy(on_click))
document.addEventListener("change", create_proxy(on_change))
document.addEventListener("keydown", create_proxy(on_keydown))
window.crystalclans_state_hash = create_proxy(state_hash)
window.crystalclans_shared_hash = create_proxy(shared_hash)
window.crystalclans_update_ms = create_proxy(last_update_ms)
window.crystalclans_think_ms = create_proxy(think_ms)
window.crystalclans_link_state = create_proxy(link_state)
window.crystalclans_connection_settings = create_proxy(connection_settings)
window.crystalclans_p2p.onmessage(create_proxy(_on_p2p_message))
window.crystalclans_p2p.onstate(create_proxy(_on_p2p_state))
window.crystalclans_p2p.onoffer(create_proxy(_on_p2p_offer))

START = StartInfo()
_marks["cards"] = _t()
if START.busy:  # going back to an online game (after a reload): no start screen meanwhile
    document.getElementById("app").innerHTML = (
        '<div class="start joining"><div class="side-col"><section class="panel online"><p class="busy" role="status" '
        f'data-going-back><span class="spinner" aria-hidden="true"></span> {render.h(START.busy)}</p></section></div></div>')
else:
    document.getElementById("app").innerHTML = render.start_screen(START)
document.getElementById("topnav").innerHTML = render.rules_button() + render.language_button()
document.body.dataset.screen = "start"
_marks["render"] = _t()
window.crystalclans_boot_marks = to_js(_marks, dict_converter=Object.fromEntries)
document.body.dataset.ready = "true"
window.crystalclans_ready_at = window.performance.now()


def _join_invitation(_event=None):
    """Opened from an invitation link (on load, or pasted into the address bar of a page already open,
    which changes only the #fragment): the join panel, the code already in it."""
    code = str(window.crystalclans_p2p.invited() or "")
    if code:
        START.busy = ""
        settings = read_settings(document, app.settings)
        from app.controller import url_game

        invited_game = url_game(str(window.location.search))
        if invited_game:  # the invitation names its game: the joining page speaks of that one
            settings = dict(settings, game=invited_game)
        app.link_begin("guest", settings, _p2p_send, _stored_ice_servers())
        app.link.invited = code
        app.render()
        join = document.querySelector("[data-link-submit]")
        if join:  # on a phone the panel is below the new-game form: bring it into view
            join.scrollIntoView(_to_js({"block": "center"}))
            join.focus(_to_js({"preventScroll": True}))
    return bool(code)


async def _back_online():
    """After a reload: an unfinished online game played over relays goes back on its table and re-links by
    itself (App.back_to_online_game); else the start screen as it was."""
    try:
        back = await get_app().back_to_online_game()
    except Exception as e:
        back = False
        print("going back to the online game failed:", e)
    if not back and _app is not None and _app.game is None:
        _app.busy = ""
        _app.render()


def _warm_up():
    """After ready: import the engine and card set, then fetch + install pydantic in the background."""
    get_app().preload_pydantic()
    window.crystalclans_register_sw()
    if not _join_invitation() and START.busy:  # (an invitation link opened comes first)
        asyncio.ensure_future(_back_online())
    window.addEventListener("hashchange", create_proxy(_join_invitation))


window.setTimeout(create_proxy(_warm_up), 50)
