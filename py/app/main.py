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
import crystalclans  # noqa: E402

_marks["engine"] = _t()
crystalclans.base_set()
_marks["cards"] = _t()
from app.controller import App, read_settings  # noqa: E402

_marks["app"] = _t()


def _to_js(d):
    return to_js(d, dict_converter=Object.fromEntries)


app = App(document, window, _to_js)


def on_click(event):
    t = event.target
    el = t.closest("[data-action],[data-continue],[data-new-game],[data-continue-game],[data-export],[data-cmd],[data-details]") \
        if hasattr(t, "closest") else None
    if el is None:
        return
    ds = el.dataset
    if el.hasAttribute("data-action"):
        app.modal = None
        app.apply(str(el.getAttribute("data-action")))
    elif el.hasAttribute("data-continue"):
        if app.pending_battle:
            app.pending_battle = None
        elif app.pending_pass is not None:
            app.shown_player = app.pending_pass
            app.pending_pass = None
            app.view = app.game.view(app.viewer())
        app.render()
    elif el.hasAttribute("data-new-game"):
        s = read_settings(document)
        app.settings = s
        app.start_new(s["names"], s["clans"], s["first"], s["mulligan"])
    elif el.hasAttribute("data-continue-game"):
        asyncio.ensure_future(app.continue_game())
    elif el.hasAttribute("data-export"):
        export_save()
    elif el.hasAttribute("data-details"):
        app.modal = ("card", str(el.getAttribute("data-details")))
        app.render()
    else:
        cmd = str(ds.cmd)
        if cmd == "undo":
            app.undo()
        elif cmd == "close-modal":
            app.modal = None
            app.render()
        elif cmd == "discard":
            app.modal = ("discard", int(ds.player))
            app.render()
        elif cmd == "rules":
            close_menu()
            app.modal = ("rules",)
            app.render()
        elif cmd == "menu":
            close_menu()
            app.screen = "start"
            app.modal = None
            app.render()
        elif cmd == "rematch":
            s = app.settings
            clans = app.game.setup.get("clans") or s["clans"]
            app.start_new(app.names, clans, s.get("first", "random"), s.get("mulligan", False))
        elif cmd == "save-slot":
            inp = document.getElementById("slot-name")
            app.save_slot(str(inp.value) if inp is not None else "")
            close_menu()
        elif cmd == "load-slot":
            asyncio.ensure_future(app.load_slot(str(ds.slot)))
        elif cmd == "delete-slot":
            app.storage.delete_slot(str(ds.slot))
            app.render()


def close_menu():
    m = document.querySelector("details.menu")
    if m is not None:
        m.open = False


def on_change(event):
    t = event.target
    tid = str(t.id or "")
    if tid.startswith("clan-"):
        i = tid[-1]
        desc = document.getElementById(f"clan-desc-{i}")
        if desc is not None:
            clan = str(t.value)
            desc.textContent = app.words.themes.get(clan, "")
            desc.className = f"clan-desc clan-{clan}"
    elif t.hasAttribute("data-import"):
        files = t.files
        if files is not None and files.length:
            asyncio.ensure_future(import_file(t, files.item(0)))


async def import_file(inp, file):
    try:
        text = await file.text()
    except Exception as e:
        app.show_error(f"Could not read the file: {e}")
        return
    finally:
        try:
            inp.value = ""
        except Exception:
            pass
    await app.load_text(str(text), None, "save file")


def on_keydown(event):
    if event.key == "Escape" and app.modal:
        app.modal = None
        app.render()


def export_save():
    if app.game is None:
        return
    text = app.game.to_json()
    blob = window.Blob.new([text], _to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = "crystalclans-save.json"
    document.body.appendChild(a)
    a.click()
    a.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)


def state_hash():
    return app.game.state_hash() if app.game is not None else jsnull


def last_update_ms():
    return app.last_update_ms


document.addEventListener("click", create_proxy(on_click))
document.addEventListener("change", create_proxy(on_change))
document.addEventListener("keydown", create_proxy(on_keydown))
window.crystalclans_state_hash = create_proxy(state_hash)
window.crystalclans_update_ms = create_proxy(last_update_ms)

app.render()
_marks["render"] = _t()
window.crystalclans_boot_marks = to_js(_marks, dict_converter=Object.fromEntries)
document.body.dataset.ready = "true"
window.crystalclans_ready_at = window.performance.now()
# After ready: fetch + install pydantic's wheels in the background so loading a save is quick later.
window.setTimeout(create_proxy(lambda: app.preload_pydantic()), 300)
