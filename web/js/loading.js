// The page before Python runs (a deferred classic script: it runs once the HTML is parsed, after
// web/vendor/boot-text.js and web/vendor/boot-size.js, which build.py setup writes): the page's language and
// the loading screen's words, the progress bar, then the start of the heavy downloads, once the first frame
// is painted (they would keep the page's thread busy while the frame waits; see bench/load_bench.py).
(function () {
  // The page's language (Python keeps it in step later): the player's choice, else the browser's first
  // language we have.
  var all = window.crystalclans_boot_text || {}, lang = "en", prefs = [];
  try { prefs.push(localStorage.getItem("crystalclans.lang") || ""); } catch (e) { /* storage refused */ }
  prefs = prefs.concat(navigator.languages || [navigator.language || ""]);
  for (var i = 0; i < prefs.length; i++) {
    var base = String(prefs[i] || "").toLowerCase().split("-")[0];
    if (all[base]) { lang = base; break; }
  }
  document.documentElement.lang = lang;
  var T = window.crystalclans_t = function (key, values) {  // in the page's language now (a switch changes <html lang>)
    var words = all[document.documentElement.lang] || all.en || {};
    var s = words[key] || (all.en || {})[key] || key;
    for (var k in (values || {})) s = s.split("{" + k + "}").join(values[k]);
    return s;
  };
  if (window.crystalclans_topbar_words) window.crystalclans_topbar_words();

  // Loading progress (Python replaces #app when ready): the bytes of the boot files (boot-size.js: what a
  // host that compresses sends for each) that have arrived, as the browser reports each download done.
  // crystalclans_boot_log keeps [ms, bytes] steps for the tests.
  var t = document.getElementById("loading-text");
  var files = window.crystalclans_boot_files || {}, sizes = {}, total = 0, got = 0, seen = {};
  for (var f in files) { sizes[new URL(f, location.href).href] = files[f]; total += files[f]; }
  var bar = document.querySelector(".progress"), fill = bar && bar.querySelector(".bar");
  var hint = document.querySelector(".loading-hint");
  var log = window.crystalclans_boot_log = [];
  function mb(n) {  // 13.4 in English, 13,4 in German
    try { return (n / 1e6).toLocaleString(document.documentElement.lang, {minimumFractionDigits: 1, maximumFractionDigits: 1}); }
    catch (e) { return (n / 1e6).toFixed(1); }
  }
  if (t) t.textContent = T("loading");
  if (bar) { bar.setAttribute("aria-label", T("progress")); bar.setAttribute("aria-valuetext", T("loading")); }
  if (hint) hint.textContent = total ? T("hint_size", {mb: mb(total)}) : T("hint");
  function show() {
    if (document.body.dataset.ready === "true" || !t) return;
    var pct = total ? Math.round(100 * got / total) : 0;
    t.textContent = got < 0.99 * total ? T("downloading", {got: mb(got), total: mb(total)}) : T("starting");
    if (fill) { fill.classList.add("known"); fill.style.width = pct + "%"; }
    if (bar) { bar.setAttribute("aria-valuenow", String(pct)); bar.setAttribute("aria-valuetext", t.textContent); }
  }
  function arrived(entries) {
    entries.forEach(function (e) {
      var url = e.name.split("#")[0].split("?")[0];
      if (url in sizes && !seen[url]) { seen[url] = true; got += sizes[url]; log.push([Math.round(e.responseEnd), got]); }
    });
    show();
  }
  // a first visit on a fast connection also fetches the start-up snapshot (web/js/pyodide_boot.mjs)
  window.crystalclans_boot_expect = function (url, bytes) {
    if (url in sizes) return;
    sizes[url] = bytes; total += bytes;
    if (hint) hint.textContent = T("hint_size", {mb: mb(total)});
    arrived(performance.getEntriesByType("resource"));
  };
  if (total && "PerformanceObserver" in window) {
    show();
    try { new PerformanceObserver(function (l) { arrived(l.getEntries()); }).observe({type: "resource", buffered: true}); }
    catch (e) { /* an old browser: the indeterminate bar stays */ }
  }
  // A start that fails (a download refused, a browser without WebAssembly) says so and how to go on,
  // instead of a loading screen for ever. Pyodide's own failure comes from web/js/pyodide_boot.mjs.
  var failed = window.crystalclans_boot_failed = function (why) {
    var el = document.getElementById("error"), box = document.getElementById("loading");
    if (!el || document.body.dataset.ready === "true") return;
    el.hidden = false;
    el.textContent = T("failed", {why: why}) + " ";
    var again = document.createElement("button");
    again.type = "button";
    again.textContent = T("reload");
    again.addEventListener("click", function () { location.reload(); });
    el.appendChild(again);
    if (box) { box.classList.add("failed"); box.setAttribute("aria-busy", "false"); }  // the waiting stops
  };
  window.addEventListener("error", function (e) { failed(e.message || e); });

  // Offline play: the service worker (./sw.js, written by build.py setup) caches the site. Registered
  // by Python once the page is ready, so its downloads do not compete with the first load.
  window.crystalclans_register_sw = function () {
    if ("serviceWorker" in navigator && location.protocol !== "file:") {
      navigator.serviceWorker.register("./sw.js")
        .then(function (reg) { if (window.crystalclans_shell) crystalclans_shell.watch_updates(reg); })  // web/js/shell.js
        .catch(function (e) { console.info("no offline cache:", e.message); });
    }
  };
  // overlays that leave the top bar in reach start below it, however many lines it wraps to
  var top = document.querySelector(".topbar");
  if (top && "ResizeObserver" in window) new ResizeObserver(function () {
    document.documentElement.style.setProperty("--topbar-h", top.offsetHeight + "px"); }).observe(top);
  // the rules reference's search: instant, in the page (the entries are already there). Words match in any
  // order, case and accents aside (ß as ss), a word of 4 letters or more with one typo; with no match, the
  // entries whose titles come closest are offered.
  function fold(t) {
    return t.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ß/g, "ss");
  }
  function words(t) { return fold(t).split(/[^a-z0-9]+/).filter(Boolean); }
  function typos(a, b, most) {  // edit distance of a and b, or most + 1 once it is more than most
    if (Math.abs(a.length - b.length) > most) return most + 1;
    var prev = [], i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      var row = [i], low = i;
      for (j = 1; j <= b.length; j++) {
        row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (row[j] < low) low = row[j];
      }
      if (low > most) return most + 1;
      prev = row;
    }
    return prev[b.length];
  }
  function wordHits(q, text) {  // the query word q is in text: inside a word, or a whole word with one typo
    for (var i = 0; i < text.length; i++) {
      var w = text[i];
      if (w.indexOf(q) >= 0) return true;
      if (q.length >= 4 && w.length >= q.length - 1) {  // the whole word, or its start (a longer form of it)
        for (var k = -1; k <= 1; k++) if (typos(q, w.slice(0, q.length + k), 1) <= 1) return true;
      }
    }
    return false;
  }
  function closeness(qs, title) {  // smaller is closer: each query word's best distance to a title word
    var sum = 0;
    qs.forEach(function (q) {
      var best = q.length;
      title.forEach(function (w) { best = Math.min(best, typos(q, w.slice(0, Math.max(q.length, 1) + 1), q.length)); });
      sum += best / Math.max(q.length, 1);
    });
    return sum;
  }
  window.crystalclans_rules_match = function (query, text) {
    var qs = words(query), t = words(text);
    return qs.every(function (q) { return wordHits(q, t); });
  };
  document.addEventListener("input", function (e) {
    if (!e.target.matches || !e.target.matches("[data-rules-search]")) return;
    var raw = e.target.value.trim(), qs = words(raw), shown = 0, entries = [];
    document.querySelectorAll("[data-rules-entry]").forEach(function (el) {
      if (!el._words) el._words = words(el.textContent);
      var hit = !qs.length || qs.every(function (q) { return wordHits(q, el._words); });
      el.hidden = !hit; if (hit) shown++;
      entries.push(el);
    });
    document.querySelectorAll(".rules-group").forEach(function (g) {
      var n = g.nextElementSibling, any = false;
      while (n && !n.classList.contains("rules-group")) { if (!n.hidden) any = true; n = n.nextElementSibling; }
      g.hidden = !any;
    });
    var c = document.querySelector("[data-rules-count]"), box = e.target.dataset;  // sentences in the page's language
    var said = !qs.length ? box.all : shown === 1 ? box.one : box.many;
    if (c && said) c.textContent = said.replace("{n}", shown).replace("{q}", raw);
    var near = document.querySelector("[data-rules-near]");
    if (!near) return;
    near.textContent = "";
    near.hidden = shown > 0 || !qs.length;
    if (near.hidden) return;
    var ranked = entries.map(function (el) {
      var h = el.querySelector("h4");
      return { el: el, title: h ? h.textContent : "", d: closeness(qs, words(h ? h.textContent : "")) };
    }).sort(function (a, b) { return a.d - b.d; }).slice(0, 3);
    near.appendChild(document.createTextNode(box.near + " "));
    ranked.forEach(function (r, i) {
      var a = document.createElement("a");
      a.href = "#" + r.el.id; a.textContent = r.title; a.setAttribute("data-rules-suggestion", "");
      a.addEventListener("click", function () { r.el.hidden = false; });
      if (i) near.appendChild(document.createTextNode(" · "));
      near.appendChild(a);
    });
  });

  // Every download at once instead of one after the other (PyScript -> config -> Pyodide -> files), and
  // Pyodide booting (from the start-up snapshot on later visits) while PyScript itself loads.
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var head = document.head;
    ["./web/js/pyodide_boot.mjs", "./web/vendor/pyodide/pyodide.mjs", "./web/vendor/pyodide/pyodide.asm.mjs"]
      .forEach(function (href) {
        var l = document.createElement("link"); l.rel = "modulepreload"; l.href = href; head.appendChild(l);
      });
    ["./web/vendor/pyodide/pyodide.asm.wasm", "./web/vendor/pyodide/python_stdlib.zip",
     "./web/vendor/pyodide/pyodide-lock.json", "./web/vendor/crystalclans-py.zip"].forEach(function (href) {
      var l = document.createElement("link"); l.rel = "preload"; l.as = "fetch"; l.crossOrigin = "anonymous";
      l.href = href; head.appendChild(l);
    });
    import("./pyodide_boot.mjs").then(function (m) { m.prestart(); });
    ["./web/vendor/pyscript/core.js", "./web/js/bot.js", "./web/js/p2p.js"].forEach(function (src) {
      var s = document.createElement("script"); s.type = "module"; s.async = false; s.src = src; head.appendChild(s);
    });
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 200);  // a hidden tab gets no frames
})();
