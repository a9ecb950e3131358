"""What the page says before Python is running or outside it (the loading screen, the theme switch, the shell's
install entry, update banner, turn title and sound switch): marked here for
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
    # the shell around every game (web/js/shell.js, web/js/sound.js): installing, updates, turns, sounds
    "install": N_("Install"),
    "install_title": N_("Install the app: it opens in a window of its own and works offline"),
    "install_ios": N_("To install: tap Share, then “Add to Home Screen”."),
    "close": N_("Close"),
    "update_ready": N_("A new version is ready."),
    "update_title": N_("Reload to the new version (your game is saved and goes on)"),
    "your_turn": N_("● Your turn · {title}"),
    "notify_body": N_("It is your turn."),
    "notify_on": N_("Notifications are on: this page tells you when it is your turn while it is in the background."),
    "sound_off": N_("Turn the sounds off"),
    "sound_on": N_("Turn the sounds on"),
    "settings": N_("Settings"),
    "settings_title": N_("Settings: language, theme, sounds, notifications, motion, connection"),
    "set_language": N_("Language"),
    "set_theme": N_("Theme"),
    "theme_dark": N_("Dark"),
    "theme_light": N_("Light"),
    "set_sounds": N_("Sounds"),
    "set_notify": N_("Tell me when it is my turn while the page is in the background (a system notification)"),
    "notify_denied": N_("This browser blocks notifications for this page; its site settings can allow them."),
    "notify_none": N_("This browser cannot show notifications."),
    "set_motion": N_("Reduce motion (no animations)"),
    "settings_kept": N_("All of it is kept in this browser."),
}
