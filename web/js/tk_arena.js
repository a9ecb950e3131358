// Tash-Kalar's arena (py/app/games/tashkalar/table.py): pointing at or focusing a lit square (or a placement's
// button) shows the pattern its summon would use (data-pattern: one space-separated list per orientation, "|"
// between them, in the order of data-actions) and marks the piece it would destroy (data-doomed). The arrow
// keys move the focus from square to square (the arena is one tab stop: web/js/grid_keys.js). Nothing is
// decided here: a square's data-action is still the move, its data-pick (Python) the orientation shown next.
(function () {
  function clear() {
    document.querySelectorAll(".tk-arena .tk-preview, .tk-arena .tk-preview-doomed").forEach(function (e) {
      e.classList.remove("tk-preview", "tk-preview-doomed");
    });
  }
  function show(sq) {
    clear();
    var pats = (sq.dataset.pattern || "").split("|");
    var acts = (sq.dataset.actions || sq.dataset.action || "").split("|");
    var i = Math.max(0, acts.indexOf(sq.dataset.action));
    (pats[i] || "").split(" ").forEach(function (name) {
      var e = name && document.querySelector('.tk-arena [data-square="' + name + '"]');
      if (e) e.classList.add("tk-preview");
    });
    if (sq.dataset.doomed) sq.classList.add("tk-preview-doomed");
  }
  function over(ev) {
    var sq = ev.target.closest && ev.target.closest(".tk-table [data-pattern]");
    if (sq) show(sq); else if (ev.type === "focusin") clear();
  }
  document.addEventListener("mouseover", over);
  document.addEventListener("focusin", over);
  document.addEventListener("mouseout", function (ev) {
    if (ev.target.closest && ev.target.closest(".tk-table [data-pattern]")) clear();
  });
  window.crystalclans_grid(".tk-arena [data-square]", function (sq) {
    var name = sq.dataset.square;
    return [name.charCodeAt(0) - 97, parseInt(name.slice(1), 10)];
  }, function (x, y) {
    if (x < 0 || x > 8 || y < 1 || y > 9) return null;
    return document.querySelector('.tk-arena [data-square="' + String.fromCharCode(97 + x) + y + '"]');
  }, 8);
})();
