// The accessible grid over the canvas and the player's input.
//
// One [role=grid] element with a [role=row] for each of the board's rows (its
// size: the board's it is given), each with a [role=gridcell] per column,
// each with data-row, data-col, data-color ("" or "1".."7"), a localized
// aria-label naming the cell by column letter (A, B, …) and row number from the top
// (cellName, the same names as the announcements), aria-selected on the
// selected ball, and data-coming ("1".."7") on the cells where the coming
// balls land while the marks are shown (setComing). A click, a tap, Enter or Space on a cell
// calls onActivate(row, col) — the same as tapping it; arrow keys, Home/End
// and PageUp/PageDown move the focus (roving tabindex).
// The grid itself never changes the game: it only reports intents.

import { t, colorName } from "./i18n.js";

/**
 * The name of cell [row, col]: its column letter (A for the first) and row number from the top, e.g. "C4".
 * @param {import("./types").Cell | number[]} cell
 */
export function cellName([row, col]) {
  return `${String.fromCharCode(65 + col)}${row + 1}`;
}

export class BoardGrid {
  /**
   * @param {HTMLElement} root   the [role=grid] element
   * @param {(row: number, col: number) => void} onActivate
   * @param {number} size  the board's side, in cells (until a board of another size is set)
   */
  constructor(root, onActivate, size) {
    this.root = root;
    this.onActivate = onActivate;
    /** @type {(HTMLElement & {_flashTimer?: number})[]} the cells, row by row */
    this.cells = [];
    this.size = size;
    /** @type {number[]} the colours shown */
    this.board = [];
    /** @type {number | null} */
    this.selected = null;
    /** @type {Map<number, number>} index -> colour of a coming ball's mark */
    this.coming = new Map();
    this.focusIndex = 0;
    root.setAttribute("role", "grid");
    this.build(size);
    root.addEventListener("click", (event) => {
      const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest?.("[role=gridcell]"));
      if (!cell || !root.contains(cell)) return;
      this.moveFocus(this.cells.indexOf(cell), false);
      this.onActivate(Number(cell.dataset.row), Number(cell.dataset.col));
    });
    root.addEventListener("keydown", (event) => this.onKey(event));
  }

  /**
   * Make the size × size empty cells (the focus on the middle one).
   * @param {number} size
   */
  build(size) {
    this.size = size;
    this.cells = [];
    this.board = new Array(size * size).fill(0);
    this.selected = null;
    this.coming = new Map(); // index -> colour of a coming ball's mark
    this.focusIndex = Math.floor((size * size) / 2);
    this.root.replaceChildren();
    this.root.style.setProperty("--cells", String(size)); // the rows and columns of the stylesheet's grid
    for (let r = 0; r < size; r += 1) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "grid-row";
      for (let c = 0; c < size; c += 1) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = "cell";
        cell.dataset.row = String(r);
        cell.dataset.col = String(c);
        cell.dataset.color = "";
        cell.tabIndex = r * size + c === this.focusIndex ? 0 : -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.root.append(row);
    }
    this.relabel();
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    const cell = /** @type {HTMLElement} */ (/** @type {Element} */ (event.target).closest?.("[role=gridcell]"));
    if (!cell) return;
    const index = this.cells.indexOf(cell);
    const size = this.size;
    const r = Math.floor(index / size);
    const c = index % size;
    let next;
    switch (event.key) {
      case "ArrowUp": next = Math.max(0, r - 1) * size + c; break;
      case "ArrowDown": next = Math.min(size - 1, r + 1) * size + c; break;
      case "ArrowLeft": next = r * size + Math.max(0, c - 1); break;
      case "ArrowRight": next = r * size + Math.min(size - 1, c + 1); break;
      case "Home": next = event.ctrlKey ? 0 : r * size; break;
      case "End": next = event.ctrlKey ? size * size - 1 : r * size + size - 1; break;
      case "PageUp": next = c; break;
      case "PageDown": next = (size - 1) * size + c; break;
      case "Enter":
      case " ":
      case "Spacebar":
        event.preventDefault();
        if (!event.repeat) this.onActivate(r, c);
        return;
      default:
        return;
    }
    event.preventDefault();
    this.moveFocus(next, true);
  }

  /**
   * @param {number} index
   * @param {boolean} focus
   */
  moveFocus(index, focus) {
    if (index < 0 || index >= this.cells.length) return;
    this.cells[this.focusIndex].tabIndex = -1;
    this.focusIndex = index;
    this.cells[index].tabIndex = 0;
    if (focus) this.cells[index].focus();
  }

  /** Mirror the board (size × size colours) in data-color and the labels. */
  /** @param {number[]} board */
  setBoard(board) {
    if (board.length !== this.cells.length) { // a board of another size: its own cells
      this.build(Math.round(Math.sqrt(board.length)));
    }
    for (let i = 0; i < this.cells.length; i += 1) {
      const color = board[i] | 0;
      if (this.board[i] !== color) {
        this.board[i] = color;
        this.cells[i].dataset.color = color ? String(color) : "";
        this.label(i);
      }
    }
  }

  /** @param {number | null} index */
  setSelected(index) {
    if (this.selected !== null) this.cells[this.selected].removeAttribute("aria-selected");
    this.selected = index;
    if (index !== null) this.cells[index].setAttribute("aria-selected", "true");
  }

  /**
   * Mark `index` with data-flash=`kind` ("unreachable" or "empty") for `ms` milliseconds.
   * @param {number} index
   * @param {number} ms
   */
  flash(index, ms, kind = "unreachable") {
    const cell = this.cells[index];
    cell.dataset.flash = kind;
    clearTimeout(cell._flashTimer);
    cell._flashTimer = setTimeout(() => delete cell.dataset.flash, ms);
  }

  /**
   * Mark the cell of a tap kept for later with data-queued (null: none).
   * @param {number | null} index
   */
  markQueued(index) {
    for (const cell of /** @type {NodeListOf<HTMLElement>} */ (this.root.querySelectorAll("[data-queued]"))) delete cell.dataset.queued;
    if (index !== null) this.cells[index].dataset.queued = "true";
  }

  /** @param {boolean} busy */
  setBusy(busy) {
    if (busy) this.root.dataset.busy = "true";
    else delete this.root.dataset.busy;
    this.root.setAttribute("aria-busy", busy ? "true" : "false");
  }

  /**
   * Mark the cells where the coming balls land: [[index, colour], ...] (empty: none).
   * @param {[number, number][]} list
   */
  setComing(list) {
    const next = new Map(list.map(([i, c]) => [i | 0, c | 0]));
    for (const i of new Set([...this.coming.keys(), ...next.keys()])) {
      const cell = this.cells[i];
      if (!cell) continue;
      if (next.has(i)) cell.dataset.coming = String(next.get(i));
      else delete cell.dataset.coming;
    }
    const changed = [...this.coming.keys(), ...next.keys()];
    this.coming = next;
    for (const i of changed) if (this.cells[i]) this.label(i);
  }

  /** @param {number} i */
  label(i) {
    const name = cellName([Math.floor(i / this.size), i % this.size]);
    const color = this.board[i];
    let text;
    if (color) text = t("cellBall", { name, color: colorName(color) });
    else if (this.coming.has(i)) text = t("cellComing", { name, color: colorName(/** @type {number} */ (this.coming.get(i))) });
    else text = t("cell", { name });
    if (this.cells[i].getAttribute("aria-label") !== text) this.cells[i].setAttribute("aria-label", text);
  }

  /** Re-write every label (after a language switch). */
  relabel() {
    this.root.setAttribute("aria-label", t("board"));
    for (let i = 0; i < this.cells.length; i += 1) this.label(i);
  }
}
