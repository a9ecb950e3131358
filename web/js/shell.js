// The shell around every game (a deferred classic script, after web/js/loading.js and web/js/sound.js):
// - Install: the top bar's "Install" where the browser offers a prompt (beforeinstallprompt); on iOS Safari,
//   which has none, the same entry explains "Share, then Add to Home Screen".
// - Updates: the service worker (./sw.js) no longer takes over at install; a newer one waits, and a banner
//   offers to reload into it. The reload tells it to take over, then loads the page again (the game goes on
//   from the autosave).
// - Your turn while the tab is hidden: py/app/shell.py calls crystalclans_shell_turn after every render; when a
//   decision becomes a player's at this screen while the page is hidden, the title and the favicon say so until
//   the page is seen again, and a system notification too if the player asked for them (and the browser
//   allows): it names the game only, never a card.
(function () {
  var T = function (key, values) { return window.crystalclans_t ? crystalclans_t(key, values) : key; };
  var shell = window.crystalclans_shell = {};

  // ---- install -----------------------------------------------------------------------------------------
  var deferred = null;
  var ios = /iphone|ipad|ipod/i.test(navigator.userAgent)
    || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  function standalone() {
    return (window.matchMedia && matchMedia("(display-mode: standalone)").matches) || navigator.standalone === true;
  }
  shell.install_offer = function () {  // "prompt", "ios" or "" (nothing to offer)
    if (standalone()) return "";
    return deferred ? "prompt" : (ios ? "ios" : "");
  };
  function installWords() {
    var b = document.getElementById("install-btn");
    if (!b) return;
    b.hidden = !shell.install_offer();
    var lbl = b.querySelector(".lbl");
    if (lbl) lbl.textContent = T("install");
    b.title = T("install_title");
  }
  function iosTip() {
    var old = document.getElementById("install-tip");
    if (old) { old.remove(); return; }
    var tip = document.createElement("div");
    tip.id = "install-tip";
    tip.className = "install-tip";
    tip.setAttribute("role", "status");
    tip.setAttribute("data-install-tip", "");
    var p = document.createElement("p");
    p.textContent = T("install_ios");
    var close = document.createElement("button");
    close.type = "button";
    close.className = "ghost";
    close.textContent = "✕";
    close.setAttribute("aria-label", T("close"));
    close.addEventListener("click", function () { tip.remove(); });
    tip.appendChild(p);
    tip.appendChild(close);
    document.body.appendChild(tip);
  }
  window.addEventListener("beforeinstallprompt", function (e) {
    e.preventDefault();  // ours is the menu's entry, at the player's choosing
    deferred = e;
    installWords();
  });
  window.addEventListener("appinstalled", function () { deferred = null; installWords(); });
  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("#install-btn")) return;
    if (deferred) {
      var d = deferred;
      d.prompt();
      Promise.resolve(d.userChoice).then(function () { deferred = null; installWords(); });
    } else if (ios) {
      iosTip();
    }
  });
  shell.pretend_ios = function () { ios = true; installWords(); };  // the tests' way to see the iOS advice

  // ---- updates -----------------------------------------------------------------------------------------
  var reloading = false;
  function offerUpdate(worker) {
    var bar = document.getElementById("update-banner");
    if (!bar || !navigator.serviceWorker.controller) return;  // a first install: nothing was running before
    bar.textContent = T("update_ready") + " ";
    var go = document.createElement("button");
    go.type = "button";
    go.className = "primary";
    go.textContent = T("reload");
    go.title = T("update_title");
    go.setAttribute("data-update-reload", "");
    go.addEventListener("click", function () {
      reloading = true;
      go.disabled = true;
      worker.postMessage({type: "take-over"});
      setTimeout(function () { location.reload(); }, 4000);  // should the worker never take over
    });
    bar.appendChild(go);
    bar.hidden = false;
  }
  shell.watch_updates = function (reg) {
    shell.registration = reg;
    if (reg.waiting) offerUpdate(reg.waiting);
    reg.addEventListener("updatefound", function () {
      var w = reg.installing;
      if (!w) return;
      w.addEventListener("statechange", function () { if (w.state === "installed") offerUpdate(w); });
    });
    // look for a newer version when the player comes back to the tab, and every hour
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) reg.update().catch(function () { /* offline */ });
    });
    setInterval(function () { reg.update().catch(function () { /* offline */ }); }, 3600 * 1000);
  };
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading) location.reload();
    });
  }

  // ---- your turn, while the page is hidden -------------------------------------------------------------
  var iconLink = document.querySelector('link[rel="icon"]');
  var ICON = iconLink ? iconLink.getAttribute("href") : "";
  var MARKED = "data:image/svg+xml," + encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#13161d"/>'
    + '<polygon points="256,56 436,256 256,456 76,256" fill="#f2c14e"/>'
    + '<circle cx="392" cy="120" r="112" fill="#e5484d" stroke="#ffffff" stroke-width="28"/></svg>');
  var turn = shell.turn = {mine: false, who: null, moves: null, outcome: "", alerted: false};
  function favicon(href) {
    var link = document.querySelector('link[rel="icon"]');
    if (link) link.href = href;
  }
  function heading() {
    var h = document.querySelector("h1.title");
    return h ? h.textContent : document.title;
  }
  function alertTurn(title) {
    turn.alerted = true;
    document.title = T("your_turn", {title: title});
    favicon(MARKED);
    document.documentElement.dataset.yourTurn = "true";
    if (shell.notifications_wanted() && "Notification" in window && Notification.permission === "granted") notify(title);
  }
  // The game's title and "It is your turn.": nothing of any hand, card or move.
  function notify(title) {
    var options = {body: T("notify_body"), tag: "crystalclans-turn", icon: "./web/vendor/icons/icon-192.png"};
    try {
      var n = new Notification(title, options);
      n.onclick = function () { window.focus(); n.close(); };
    } catch (e) {  // Chrome on Android notifies only through the service worker (sw.js focuses the page on a tap)
      if (shell.registration && shell.registration.showNotification) {
        shell.registration.showNotification(title, options).catch(function () { /* not allowed after all */ });
      }
    }
  }
  function seen() {
    if (document.hidden || !turn.alerted) return;
    turn.alerted = false;
    document.title = heading();
    favicon(ICON);
    delete document.documentElement.dataset.yourTurn;
  }
  document.addEventListener("visibilitychange", seen);
  window.addEventListener("focus", seen);
  // mine: a person at this screen must decide now; who: whose decision it is; moves: how far the game went;
  // outcome: "" while it goes on, else "won", "lost" (one person here) or "over"
  // cue: the sound of what the table animates now ("score", "battle", "summon" or "")
  window.crystalclans_shell_turn = function (mine, who, title, moves, outcome, cue) {
    var first = turn.moves === null;
    var becomes = mine && (!turn.mine || who !== turn.who);
    if (!first) {
      var play = window.crystalclans_sound ? crystalclans_sound.play : function () { return false; };
      if (outcome && outcome !== turn.outcome) {  // the last move's own sound (the winning point), then the end's
        if (cue) play(cue);
        setTimeout(function () { play(outcome === "lost" ? "lost" : "won"); }, cue ? 450 : 0);
      } else {
        if (cue) play(cue);
        else if (moves > turn.moves && !becomes) play("move");
        if (becomes) setTimeout(function () { play("turn"); }, cue ? 450 : 0);
      }
      if (becomes && document.hidden) alertTurn(title);
    }
    turn.mine = !!mine;
    turn.who = who;
    turn.moves = moves;
    turn.outcome = outcome || "";
  };

  // ---- system notifications: only once the player asks for them ---------------------------------------
  var NOTIFY = "crystalclans.notify";
  shell.notifications_wanted = function () {
    try { return localStorage.getItem(NOTIFY) === "on"; } catch (e) { return false; }
  };
  // The settings' tick box calls this from the player's click (the one moment a browser lets a page ask).
  shell.want_notifications = function (yes) {
    try { localStorage.setItem(NOTIFY, yes ? "on" : "off"); } catch (e) { /* this visit only */ }
    if (yes && "Notification" in window && Notification.permission === "default") {
      return Promise.resolve(Notification.requestPermission()).then(function (p) {
        if (p !== "granted") {  // refused or dismissed: the tick goes back, the player may ask again later
          try { localStorage.setItem(NOTIFY, "off"); } catch (e) { /* this visit only */ }
        }
        return p;
      });
    }
    return Promise.resolve("Notification" in window ? Notification.permission : "unsupported");
  };

  // The online panel's offer, shown once when the player starts or joins an online game (py/app/shell.py
  // notify_offer): "yes" asks the browser there and then (the player's click), "no" is kept and not asked again.
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-notify]");
    if (!b) return;
    var offer = b.closest("[data-notify-offer]");
    var yes = b.getAttribute("data-notify") === "yes";
    shell.want_notifications(yes).then(function (p) {
      if (!offer) return;
      if (!yes || p === "granted") {
        offer.textContent = yes ? T("notify_on") : "";
        offer.hidden = !yes;
        return;
      }
      offer.textContent = p === "unsupported" ? T("notify_none") : T("notify_denied");
    });
  });

  // ---- settings, in one place, from every screen ---------------------------------------------------------
  var MOTION = "crystalclans.motion";
  function motion() {
    var m = null;
    try { m = localStorage.getItem(MOTION); } catch (e) { /* refused */ }
    if (m === "reduce") document.documentElement.dataset.motion = "reduce";
    else delete document.documentElement.dataset.motion;
    return m === "reduce";
  }
  motion();
  function row(label, control) {
    var l = document.createElement("label");
    l.className = "settings-row";
    var s = document.createElement("span");
    s.textContent = label;
    l.appendChild(s);
    l.appendChild(control);
    return l;
  }
  function select(name, options, value) {
    var sel = document.createElement("select");
    sel.name = name;
    options.forEach(function (o) {
      var opt = document.createElement("option");
      opt.value = o[0];
      opt.textContent = o[1];
      opt.selected = o[0] === value;
      sel.appendChild(opt);
    });
    return sel;
  }
  function tick(name, checked) {
    var box = document.createElement("input");
    box.type = "checkbox";
    box.name = name;
    box.checked = checked;
    return box;
  }
  function closeSettings() {
    var old = document.getElementById("settings");
    if (old && old.contains(document.activeElement)) document.activeElement.blur();  // a field's change is kept
    if (old) old.remove();
    var b = document.getElementById("settings-btn");
    if (b) b.focus();
  }
  function openSettings(section) {
    closeSettings();
    var root = document.documentElement;
    var box = document.createElement("div");
    box.id = "settings";
    box.className = "overlay modal settings-overlay";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-labelledby", "settings-title");
    box.setAttribute("data-settings-dialog", "");
    var panel = document.createElement("div");
    panel.className = "overlay-box settings-box";
    var close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.textContent = "✕";
    close.setAttribute("aria-label", T("close"));
    close.addEventListener("click", closeSettings);
    var h = document.createElement("h2");
    h.id = "settings-title";
    h.textContent = T("settings");
    panel.appendChild(close);
    panel.appendChild(h);
    var lang = select("language", [["en", "English"], ["de", "Deutsch"]], root.lang);
    lang.addEventListener("change", function () {
      var b = document.querySelector('#topnav [data-cmd="language"]');  // Python words the whole page anew
      if (b && root.lang !== lang.value) b.click();
      setTimeout(function () { openSettings(); }, 0);  // the panel again, in the new language
    });
    var theme = select("theme", [["dark", T("theme_dark")], ["light", T("theme_light")]], root.dataset.theme);
    theme.addEventListener("change", function () {
      var b = document.getElementById("theme-switch");  // index.html keeps the choice
      if (b && root.dataset.theme !== theme.value) b.click();
    });
    var sounds = tick("sounds", !!(window.crystalclans_sound && crystalclans_sound.on()));
    sounds.addEventListener("change", function () { if (window.crystalclans_sound) crystalclans_sound.set(sounds.checked); });
    var notify = tick("notify", shell.notifications_wanted()
      && "Notification" in window && Notification.permission === "granted");
    var said = document.createElement("p");
    said.className = "muted small";
    said.setAttribute("aria-live", "polite");
    function say(text) { said.textContent = text; }
    notify.addEventListener("change", function () {
      shell.want_notifications(notify.checked).then(function (p) {
        if (!notify.checked || p === "granted") { say(""); return; }
        notify.checked = false;
        say(p === "unsupported" ? T("notify_none") : (p === "denied" ? T("notify_denied") : ""));
      });
    });
    var still = tick("motion", motion());
    still.addEventListener("change", function () {
      try { localStorage.setItem(MOTION, still.checked ? "reduce" : "full"); } catch (e) { /* this visit only */ }
      motion();
    });
    panel.appendChild(row(T("set_language"), lang));
    panel.appendChild(row(T("set_theme"), theme));
    panel.appendChild(row(T("set_sounds"), sounds));
    panel.appendChild(row(T("set_notify"), notify));
    panel.appendChild(said);
    panel.appendChild(row(T("set_motion"), still));
    // the connection settings, from Python (py/app/connection.py: its words, checks and storage) once it runs
    var connection = null;
    try {
      var html = window.crystalclans_connection_settings ? String(crystalclans_connection_settings()) : "";
      if (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        connection = holder.firstElementChild;
        if (connection) panel.appendChild(connection);
      }
    } catch (e) { /* the rest of the panel works */ }
    var kept = document.createElement("p");
    kept.className = "muted small";
    kept.textContent = T("settings_kept");
    panel.appendChild(kept);
    box.appendChild(panel);
    // a click outside the panel closes it, if it also began there (not a press inside whose release lands
    // outside: a field left by that press may change the panel's height under the pointer)
    var downOutside = false;
    box.addEventListener("pointerdown", function (e) { downOutside = e.target === box; });
    box.addEventListener("click", function (e) { if (e.target === box && downOutside) closeSettings(); });
    box.addEventListener("keydown", function (e) { if (e.key === "Escape") closeSettings(); });
    document.body.appendChild(box);
    var first = section === "connection" && connection && connection.querySelector("input, textarea");
    if (first) {
      connection.scrollIntoView({block: "start"});
      first.focus({preventScroll: true});
    } else {
      close.focus();
    }
  }
  document.addEventListener("click", function (e) {
    if (!e.target.closest) return;
    if (e.target.closest("#settings-btn")) openSettings();
    var to = e.target.closest("[data-open-settings]");  // e.g. the online panel's "Connection settings"
    if (to) openSettings(to.getAttribute("data-open-settings"));
  });
  shell.open_settings = openSettings;

  shell.words = function () {
    var sb = document.getElementById("settings-btn");
    if (sb) {
      sb.title = T("settings_title");
      sb.setAttribute("aria-label", T("settings"));
      var sr = sb.querySelector(".sr-only");
      if (sr) sr.textContent = T("settings");
    }
    installWords();
    if (window.crystalclans_sound) crystalclans_sound.words();
  };
  document.addEventListener("DOMContentLoaded", shell.words);
  shell.words();
})();
