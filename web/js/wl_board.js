// The Wildlands board (py/app/games/wildlands/table.py): while a ranged attack's target is chosen, pointing at or
// focusing a space with an enemy figure (data-sight) shows the lines of sight the table drew to it (hidden
// .wl-sight groups: green where it is a target now, red up to what stops it) and their words (data-why) under
// the board. The lines and the words are the engine's (wildlands.los.explain): nothing is computed here.
// The arrow keys move the focus over the board's spaces (web/js/grid_keys.js).
(function () {
  window.crystalclans_grid(".wl-board-svg [data-space]", function (c) {
    return [+c.dataset.col, +c.dataset.row];
  }, function (x, y) {
    return document.querySelector('.wl-board-svg [data-col="' + x + '"][data-row="' + y + '"]');
  }, 7);
  function clear() {
    document.querySelectorAll(".wl-board-svg .wl-sight.wl-show").forEach(function (e) { e.classList.remove("wl-show"); });
    var p = document.querySelector("[data-sight-why]");
    if (p) { p.textContent = p.dataset.hint; p.classList.remove("wl-said"); }
  }
  function show(cell) {
    clear();
    var said = [];
    document.querySelectorAll('.wl-board-svg .wl-sight[data-to="' + cell.dataset.space + '"]').forEach(function (e) {
      e.classList.add("wl-show");
      said.push(e.dataset.why);
    });
    var p = document.querySelector("[data-sight-why]");
    if (p && said.length) { p.textContent = said.join(" · "); p.classList.add("wl-said"); }
  }
  function over(ev) {
    var cell = ev.target.closest && ev.target.closest(".wl-board-svg [data-space]");
    if (cell && cell.hasAttribute("data-sight")) show(cell); else if (ev.type === "focusin" || cell) clear();
  }
  document.addEventListener("mouseover", over);
  document.addEventListener("focusin", over);
  document.addEventListener("mouseout", function (ev) {
    var cell = ev.target.closest && ev.target.closest(".wl-board-svg [data-sight]");
    if (cell && !(ev.relatedTarget && cell.contains(ev.relatedTarget)) && document.activeElement !== cell) clear();
  });
})();
