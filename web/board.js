// The board view: the one owner of the board's renderer (the canvas, made by
// first.js and handed over by main.js) and of the accessible grid over it.
// Every module shows something on the board through this module, which keeps
// canvas and grid alike: the balls, the selected ball, the hint's marks, the
// coming balls' marks, a cell that blinks, a tap kept for later, the busy mark,
// the loading look, and the motion preference. It draws what it is told;
// what a tap on a cell means is decided by the handler given to installBoard.
//
// It follows the game's state (store.js "state"): a game that opens, an
// undo or another tab's copy is drawn at once; a move is drawn by its
// animation, the one call awaited here (playTurn).

import { BoardGrid } from "./grid.js";
import { $ } from "./dom.js";
import { app, emit, on } from "./store.js";

/** @type {import("./types").BoardRenderer} first.js's, from installBoard (before any other call) */
let renderer = /** @type {any} */ (null);
/** @type {import("./types").BoardGrid} made by installBoard */
let grid = /** @type {any} */ (null);

const motionQuery = window.matchMedia?.("(prefers-reduced-motion: reduce)");

/**
 * True when moves should not be animated: the animation speed "off", or no
 * speed chosen (null) and the system asks for reduced motion.
 */
export function reducedMotion() {
  const chosen = app.settings.speed;
  if (chosen === "off") return true;
  if (chosen === "normal" || chosen === "fast") return false;
  return Boolean(motionQuery?.matches);
}

/** The animations' length: 1 at normal speed, less when the player chose "fast". */
export function animationPace() {
  return app.settings.speed === "fast" ? 0.45 : 1;
}

/**
 * Take over `canvas` (first.js's BoardRenderer, which may already show the
 * stored board) and make the grid; `onActivate(row, col)` is called for a
 * tap or Enter on a cell.
 * @param {import("./types").BoardRenderer} canvas
 * @param {(row: number, col: number) => void} onActivate
 */
export function installBoard(canvas, onActivate) {
  renderer = canvas;
  renderer.reducedMotion = reducedMotion;
  renderer.pace = animationPace;
  grid = new BoardGrid($("grid"), onActivate, renderer.size);
  motionQuery?.addEventListener?.("change", () => renderer.requestDraw());
  on("language", () => grid.relabel());
  on("state", ({ state, cause }) => {
    // a move's board is its animation's; the time and a hint leave the board as it is
    if (cause !== "move" && cause !== "time" && cause !== "hint") showBoard(state.board);
  });
}

/**
 * Count one more (+1) or one fewer (-1) reason the board cannot be played.
 * @param {number} delta
 */
export function setBusy(delta) {
  const was = app.busy > 0;
  app.busy = Math.max(0, app.busy + delta);
  grid.setBusy(app.busy > 0);
  if (was !== app.busy > 0) emit("busy", { busy: app.busy > 0 });
}

/** Forget every reason (the engine restarts); the board stays unplayable until told. */
export function resetBusy() {
  app.busy = 0;
  grid.setBusy(true);
}

/**
 * Resolves once the board is not busy.
 * @returns {Promise<void>}
 */
export function whenIdle() {
  return new Promise((resolve) => {
    const check = () => (app.busy === 0 ? resolve() : setTimeout(check, 30));
    check();
  });
}

/**
 * Select the ball at `index` (row * size + col), or none (null).
 * @param {number | null} index
 */
export function select(index) {
  app.selected = index;
  renderer.setSelected(index);
  grid.setSelected(index);
  emit("select", { index });
}

/**
 * Show `board` (its colours, row by row) on the canvas and the grid at once; with
 * `drawn`, the canvas shows it already (first.js drew it) and only the grid
 * follows.
 * @param {number[]} board
 */
export function showBoard(board, { drawn = false } = {}) {
  if (!drawn) renderer.setBoard(board);
  grid.setBoard(board);
}

/**
 * Play a move's turn (the facade's turn.events) from the board shown to
 * `board`, animated unless `animate` is false (or motion is reduced);
 * resolves once the board shows `board`, on the canvas and the grid.
 * @param {import("./types").Turn} turn
 * @param {number[]} board
 */
export async function playTurn(turn, board, { animate = true } = {}) {
  try {
    if (animate) await renderer.playTurn(turn, board);
    else renderer.setBoard(board);
  } finally {
    grid.setBoard(board);
  }
}

let flashing = false;

/**
 * The cell at `index` blinks: red, the selected ball cannot reach it
 * (`kind` "unreachable"); pale, it was tapped with no ball selected ("empty").
 * @param {number} index
 */
export function flashCell(index, kind = "unreachable") {
  const ms = 640;
  grid.flash(index, ms, kind);
  if (!flashing) {
    flashing = true;
    renderer.flash(index, kind).then(() => { flashing = false; });
  }
}

/**
 * Mark the cell of a tap kept until the board is idle (null: none).
 * @param {number | null} index
 */
export function markQueued(index) {
  grid.markQueued(index);
}

/** @type {number[]} the cells marked by the hint shown */
let hinted = [];

/**
 * Mark a hint ({from, to, path} of cell indices 0..80): a ring on `to`,
 * dots on the path (data-hint="from" | "to" | "path" on the grid's cells);
 * null removes the marks. The suggested ball is shown selected (select).
 * @param {{from: number, to: number, path?: number[]} | null} hint
 */
export function showHint(hint) {
  for (const idx of hinted) delete grid.cells[idx].dataset.hint;
  hinted = [];
  renderer.setHint(hint);
  if (!hint) return;
  /** @type {Map<number, string>} */
  const cells = new Map();
  for (const idx of hint.path ?? []) cells.set(idx, "path");
  cells.set(hint.from, "from");
  cells.set(hint.to, "to");
  for (const [idx, kind] of cells) grid.cells[idx].dataset.hint = kind;
  hinted = [...cells.keys()];
}

/**
 * Mark where the coming balls land: [[index, colour], ...] (empty: no marks).
 * @param {[number, number][]} list
 */
export function showComing(list) {
  renderer.setComing(list);
  grid.setComing(list);
}

/**
 * Draw a shape on every ball (true) or none.
 * @param {boolean} on
 */
export function showSymbols(on) {
  renderer.setSymbols(on);
}

/**
 * Show the board as loading (the engine is not ready) or not.
 * @param {boolean} loading
 */
export function showLoading(loading) {
  renderer.setLoading(loading);
}

/** The cell that has the board's focus (roving tabindex), for the focus that returns after a window. */
export function focusCell() {
  return grid.cells[grid.focusIndex];
}
