// A board of spaces is one tab stop (the space with tabindex 0), and the arrow keys move the focus from space to
// space, past a hole in the grid (Tash-Kalar's arena: web/js/tk_arena.js registers it; the Wildlands board:
// web/js/wl_board.js). Enter and Space press a space drawn as an SVG button (an HTML button presses itself).
// Nothing is decided here: a space's data-action is still the move, its data-pick the Python table's.
(function () {
  var boards = [];
  // cells: the selector of a board's spaces; where(cell) -> [column, row]; at(column, row) -> the cell or null;
  // size: how far a step may look past holes
  window.crystalclans_grid = function (cells, where, at, size) {
    boards.push({cells: cells, where: where, at: at, size: size});
  };
  var STEP = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || !ev.target.closest) return;
    for (var i = 0; i < boards.length; i++) {
      var b = boards[i], cell = ev.target.closest(b.cells);
      if (!cell) continue;
      if ((ev.key === "Enter" || ev.key === " ") && cell.tagName.toLowerCase() !== "button") {
        if (cell.getAttribute("role") === "button") {
          ev.preventDefault();
          cell.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
        }
        return;
      }
      var d = STEP[ev.key];
      if (!d) return;
      var p = b.where(cell);
      for (var k = 1; k <= b.size; k++) {  // the next space that way
        var next = b.at(p[0] + d[0] * k, p[1] + d[1] * k);
        if (next) {
          cell.setAttribute("tabindex", "-1");
          next.setAttribute("tabindex", "0");
          next.focus();
          break;
        }
      }
      ev.preventDefault();  // the board's edge: stay (the page does not scroll under the player's fingers)
      return;
    }
  });
})();
