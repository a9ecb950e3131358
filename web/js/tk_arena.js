// Tash-Kalar's arena (py/app/games/tashkalar_table.py): pointing at or focusing a lit square (or a placement's
// button) shows the pattern its summon would use (data-pattern: one space-separated list per orientation, "|"
// between them, in the order of data-actions) and marks the piece it would destroy (data-doomed). The arrow
// keys move the focus from square to square (the arena is one tab stop: the square with tabindex 0). Nothing is
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
  var STEP = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  document.addEventListener("keydown", function (ev) {
    var d = STEP[ev.key];
    var sq = d && !ev.altKey && !ev.ctrlKey && !ev.metaKey && ev.target.closest && ev.target.closest(".tk-arena [data-square]");
    if (!sq) return;
    var name = sq.dataset.square, x = name.charCodeAt(0) - 97, y = parseInt(name.slice(1), 10);
    for (var k = 1; k < 9; k++) {  // the next square that way (past a corner left out of the arena)
      var nx = x + d[0] * k, ny = y + d[1] * k;
      if (nx < 0 || nx > 8 || ny < 1 || ny > 9) break;
      var next = document.querySelector('.tk-arena [data-square="' + String.fromCharCode(97 + nx) + ny + '"]');
      if (next) {
        sq.setAttribute("tabindex", "-1");
        next.setAttribute("tabindex", "0");
        next.focus();
        ev.preventDefault();
        return;
      }
    }
    ev.preventDefault();  // the arena's edge: stay (the page does not scroll under the player's fingers)
  });
})();
