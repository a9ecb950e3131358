"""What the page says before Python is running (the loading screen, the theme switch): marked here for
the catalog; `python build.py setup` writes them, in every language, to web/vendor/boot-text.js, which
index.html reads."""
from __future__ import annotations

from .i18n import N_

BOOT_TEXT = {
    "loading": N_("Loading the game engine…"),
    "hint": N_("Everything runs in your browser; later visits load from the cache."),
    "hint_size": N_("Everything runs in your browser. The first visit downloads {mb} MB; later visits load from the "
                    "cache and work offline."),
    "downloading": N_("Downloading the game: {got} of {total} MB"),
    "starting": N_("Starting Python and the rules engine…"),
    "failed": N_("Could not start ({why}). Check the connection, then reload the page."),
    "reload": N_("Reload"),
    "to_dark": N_("Switch to the dark theme"),
    "to_light": N_("Switch to the light theme"),
    "progress": N_("Loading"),
    "menu": N_("Game menu"),
}
