// The board's view state: the accessible grid over the canvas, the selected
// ball, the busy mark, and the motion preference. It draws what it is told;
// what a tap on a cell means is decided by the handler given to installBoard.

import { BoardGrid } from "./grid.js";
import { $ } from "./dom.js";
import { app, emit } from "./store.js";

/** The grid over the canvas (made by installBoard). */
export let grid = null;

/** The board's renderer (first.js's, handed over by main.js to installBoard). */
export let renderer = null;

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

/** Take over `board` (the renderer), make the grid; `onActivate(row, col)` is called for a tap or Enter on a cell. */
export function installBoard(board, onActivate) {
  renderer = board;
  renderer.reducedMotion = reducedMotion;
  renderer.pace = animationPace;
  grid = new BoardGrid($("grid"), onActivate);
  motionQuery?.addEventListener?.("change", () => renderer.requestDraw());
}

/** Count one more (+1) or one fewer (-1) reason the board cannot be played. */
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

/** Select the ball at `index` (0..80), or none (null). */
export function select(index) {
  app.selected = index;
  renderer.setSelected(index);
  grid.setSelected(index);
  emit("select", { index });
}

/** Draw `board` (81 colours) on the canvas and the grid at once. */
export function showBoard(board) {
  renderer.setBoard(board);
  grid.setBoard(board);
}

/** Resolves once the board is not busy. */
export function whenIdle() {
  return new Promise((resolve) => {
    const check = () => (app.busy === 0 ? resolve() : setTimeout(check, 30));
    check();
  });
}
