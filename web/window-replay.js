// The replay viewer's window (dialog#replay-window, view layer): its board,
// with a renderer and a grid of its own (never the game's, board.js), the
// numbers beside it, the slider and the step buttons' ends. It shows the
// frames the feature (replay.js) gives it; the window's buttons are the
// input layer's (buttons.js, its keys keys.js).
//
// Page hooks: #replay-grid has role=grid and its 81 cells only while the
// window is open (so [role=grid] otherwise names the game's grid alone), and
// data-busy while a move animates; the window has data-ready once its first
// board is shown, data-move = the move shown, data-playing.

import { $ } from "./dom.js";
import { BoardRenderer } from "./render.js";
import { BoardGrid } from "./grid.js";
import { reducedMotion } from "./board.js";
import { openWindow } from "./windows.js";
import { t, formatNumber, colorName } from "./i18n.js";

/** @typedef {import("./types").ReplayFrame} ReplayFrame */

/** @type {import("./types").BoardRenderer | null} */
let renderer = null;
/** @type {import("./types").BoardGrid | null} */
let grid = null;

function dialog() {
  return /** @type {HTMLDialogElement} */ ($("replay-window"));
}

/** The window's renderer (made when the window first opens, before any frame is shown). */
function board() {
  return /** @type {import("./types").BoardRenderer} */ (renderer);
}

/** The grid (role=grid, a cell per cell of the board) exists only while the window is open. */
function makeGrid() {
  grid = new BoardGrid($("replay-grid"), () => {}, board().size);
  grid.setBusy(false);
}

function dropGrid() {
  const root = $("replay-grid");
  root.replaceChildren();
  root.removeAttribute("role");
  root.removeAttribute("aria-label");
  root.removeAttribute("aria-busy");
  grid = null;
}

/**
 * Open the window on the game of `deal` and `line`, its board and grid ready for frames.
 * @param {number} deal
 * @param {number} line
 */
export function openReplayWindow(deal, line) {
  $("replay-info").textContent = t("replayInfo", { deal, variant: t(`variant${line}`) });
  if (!renderer) {
    renderer = new BoardRenderer(/** @type {HTMLCanvasElement} */ ($("replay-board")), { reducedMotion });
  }
  if (!grid) makeGrid();
  board().hidden.clear();
  openWindow(dialog());
}

/** The first board is shown (data-ready). */
export function showReplayReady() {
  board().draw();
  dialog().dataset.ready = "true";
}

/**
 * True when the move that led to `frame` can be animated (it has a turn, and motion is not reduced).
 * @param {ReplayFrame} frame
 */
export function mayAnimate(frame) {
  return Boolean(frame.turn) && !reducedMotion();
}

/**
 * Show the board of `frame` at once.
 * @param {ReplayFrame} frame
 */
export function showReplayBoard(frame) {
  board().setBoard(frame.board);
  grid?.setBoard(frame.board);
}

/**
 * Play the turn that led from the frame `before` to `frame` (the roll, the
 * lines as they vanish, the new balls); the grid is busy meanwhile.
 * @param {ReplayFrame} before
 * @param {ReplayFrame} frame
 */
export async function animateReplayTurn(before, frame) {
  board().setBoard(before.board);
  const shown = /** @type {import("./types").BoardGrid} */ (grid); // the window is open
  shown.setBoard(before.board);
  shown.setBusy(true);
  try {
    await board().playTurn(/** @type {import("./types").Turn} */ (frame.turn), frame.board);
  } finally {
    grid?.setBusy(false);
  }
  grid?.setBoard(frame.board);
}

/**
 * The numbers beside the board, the slider and the buttons for frame `index` of `frames`.
 * @param {ReplayFrame[]} frames
 * @param {number} index
 */
export function showReplayNumbers(frames, index) {
  const frame = frames[index];
  const last = frames.length - 1;
  $("replay-score").textContent = formatNumber(frame.score);
  $("replay-count").textContent = `${formatNumber(index)} / ${formatNumber(last)}`;
  const coming = $("replay-coming");
  const colors = frame.over ? [] : frame.next ?? [];
  [.../** @type {HTMLCollectionOf<HTMLElement>} */ (coming.children)].forEach((ball, i) => {
    ball.dataset.color = colors[i] ? String(colors[i]) : "";
  });
  coming.setAttribute("aria-label", `${t("next")}: ${colors.map((c) => colorName(c)).join(", ")}`);
  const slider = /** @type {HTMLInputElement} */ ($("replay-move"));
  slider.max = String(last);
  slider.value = String(index);
  slider.setAttribute("aria-valuetext", t("replayAt", { move: index, moves: last }));
  const ends = { "replay-prev": index === 0, "replay-first": index === 0, "replay-next": index === last, "replay-last": index === last };
  for (const [id, off] of Object.entries(ends)) {
    const button = /** @type {HTMLButtonElement} */ ($(id));
    // a button that goes off hands the focus on, so the keys keep working
    if (off && document.activeElement === button) $("replay-play").focus();
    button.disabled = off;
  }
  dialog().dataset.move = String(index);
}

/**
 * The reviewed move on the board shown, or none (null): `review` =
 * {played: [from, to], better: [from, to], text, prev, next} (cell indices;
 * `prev`/`next`: whether there is a mistake before / after it). The cells
 * get data-review="played" / "better" ("played better" on a cell of both),
 * the board draws the two moves in two looks, and the bar under the board
 * says what the move cost.
 * @param {{played: number[], better: number[], text: string, prev: boolean, next: boolean} | null} review
 */
export function showReplayReview(review) {
  renderer?.setReview(review);
  const cells = grid?.cells ?? [];
  for (const cell of cells) delete cell.dataset.review;
  const bar = $("replay-reviewed");
  if (!review) {
    bar.hidden = true;
    return;
  }
  const kinds = new Map();
  for (const [kind, move] of [["played", review.played], ["better", review.better]]) {
    for (const idx of move) kinds.set(idx, [...(kinds.get(idx) ?? []), kind]);
  }
  for (const [idx, kind] of kinds) if (cells[idx]) cells[idx].dataset.review = kind.join(" ");
  bar.hidden = false;
  $("replay-reviewed-text").textContent = review.text;
  /** @type {HTMLButtonElement} */ ($("review-prev")).disabled = !review.prev;
  /** @type {HTMLButtonElement} */ ($("review-next")).disabled = !review.next;
}

/**
 * The play button (and data-playing) while the moves play one after another, or not.
 * @param {boolean} playing
 */
export function showReplayPlaying(playing) {
  const button = $("replay-play");
  button.setAttribute("aria-pressed", playing ? "true" : "false");
  button.setAttribute("aria-label", t(playing ? "replayPause" : "replayPlay"));
  dialog().dataset.playing = playing ? "true" : "false";
}

/** The speed chosen in the window (#replay-speed: slow, normal, fast). */
export function chosenReplaySpeed() {
  return /** @type {HTMLSelectElement} */ ($("replay-speed")).value;
}

/** True while the viewer is the window on top (its keys act). */
export function replayOnTop() {
  return dialog().open && document.querySelector("dialog[open]") === dialog();
}

/**
 * Give the window its empty grid and call `closed()` whenever it closes,
 * after its board is put away (no grid, no data-ready, no data-move).
 * @param {() => void} closed
 */
export function installReplayWindow(closed) {
  dropGrid();
  dialog().addEventListener("close", () => {
    delete dialog().dataset.ready;
    delete dialog().dataset.move;
    showReplayReview(null);
    dropGrid();
    closed();
  });
}
