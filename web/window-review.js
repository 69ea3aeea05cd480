// The game review's window (dialog#review-window, view layer): the progress,
// the summary (accuracy, the moves of each grade, the points lost, the
// costliest moves in words), the graph of the game (points, free cells, a
// mark where points were lost) with the same numbers as a table for screen
// readers, and one button per move that cost points. It shows what the
// feature (review.js) gives it; its buttons and the graph's taps are the
// input layer's (buttons.js).
//
// Page hooks: #review-progress (its value the moves reviewed), #review-accuracy,
// #review-moves with one button per move shown (data-move, data-grade,
// data-cost), #review-graph (the canvas); the window has data-done once
// every move is reviewed.

import { $, el } from "./dom.js";
import { openWindow } from "./windows.js";
import { t, formatNumber } from "./i18n.js";
import { onLook } from "./looks.js";

/** The grades, best first (kugler_core.review.Grade). */
export const GRADES = ["best", "good", "inaccuracy", "mistake", "blunder"];

const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);

/** @typedef {{index: number, grade: string, cost: number}} Mark */

/** What the graph shows: its moves and its marks. @type {{moves: number, marks: Mark[]}} */
let plotted = { moves: 0, marks: [] };

/** The last graph drawn, drawn again in the colours of another look. @type {Parameters<typeof drawReviewGraph>[0] | null} */
let graphed = null;
onLook(() => {
  if (graphed && dialog().open) drawReviewGraph(graphed);
});

function dialog() {
  return /** @type {HTMLDialogElement} */ ($("review-window"));
}

/**
 * Open the window for the game of `deal`, `line` with `moves` moves, its
 * summary empty until the first moves are known.
 * @param {{deal: number, line: number, moves: number}} game
 */
export function openReviewWindow({ deal, line, moves }) {
  $("review-info").textContent = t("reviewInfo", { deal, variant: t(`variant${line}`), moves: formatNumber(moves) });
  delete dialog().dataset.done;
  openWindow(dialog());
}

/** Open the window again as it was left. */
export function reopenReviewWindow() {
  openWindow(dialog());
}

/** True while the review window is open. */
export function reviewOpen() {
  return dialog().open;
}

/**
 * The progress: `done` of `total` moves reviewed (data-done when all are).
 * @param {number} done
 * @param {number} total
 */
export function showReviewProgress(done, total) {
  const bar = /** @type {HTMLProgressElement} */ ($("review-progress"));
  bar.max = Math.max(1, total);
  bar.value = done;
  $("review-progress-text").textContent = t("reviewProgressText", { done: formatNumber(done), total: formatNumber(total) });
  if (done >= total) dialog().dataset.done = "true";
  else delete dialog().dataset.done;
}

/**
 * The summary: `accuracy` (a number 0..100, or null before any move is
 * known), `counts` of moves per grade, `lost` points in all, and the
 * costliest moves as {index, words}.
 * @param {{accuracy: number | null, counts: Record<string, number>, lost: number,
 *   costliest: {index: number, words: string}[]}} summary
 */
export function showReviewSummary({ accuracy, counts, lost, costliest }) {
  $("review-accuracy").textContent = accuracy === null
    ? t("reviewAccuracyPending")
    : t("reviewAccuracy", { n: formatNumber(Math.round(accuracy)) });
  const list = $("review-counts");
  const items = [];
  for (const grade of GRADES) {
    items.push(el("div", { class: `review-count grade-${grade}` },
      el("dt", {}, t(`grade${grade}`)), el("dd", {}, formatNumber(counts[grade] ?? 0))));
  }
  items.push(el("div", { class: "review-count" }, el("dt", {}, t("reviewLost")), el("dd", {}, formatNumber(Math.round(lost)))));
  list.replaceChildren(...items);
  const costly = $("review-costliest");
  if (costliest.length === 0) {
    costly.replaceChildren(el("li", { class: "review-none" }, t("reviewNoCost")));
  } else {
    costly.replaceChildren(...costliest.map(({ index, words }) =>
      el("li", {}, el("button", { type: "button", class: "review-costly", "data-move": String(index) }, words))));
  }
}

/**
 * One button per move that cost points, in game order: {index, grade, cost}.
 * @param {{index: number, grade: string, cost: number}[]} moves
 */
export function showReviewMoves(moves) {
  const root = $("review-moves");
  const shown = moves.filter((m) => MARKED.has(m.grade));
  // only what is new is added: the list grows while the review runs
  const have = root.children.length;
  if (have > shown.length) root.replaceChildren();
  for (const m of shown.slice(root.children.length)) {
    const label = t("reviewMoveButton", { move: formatNumber(m.index + 1), grade: t(`grade${m.grade}`), points: formatNumber(Math.round(m.cost)) });
    root.append(el("button", {
      type: "button",
      class: `btn review-move grade-${m.grade}`,
      "data-move": String(m.index),
      "data-grade": m.grade,
      "data-cost": String(m.cost),
    }, el("span", { class: "review-shape", "aria-hidden": "true" }), label));
  }
}

/**
 * The graph of the game: `points` and `free` cells after each move
 * (index 0 = the start) and a mark per move that cost points; the same
 * numbers in the table for screen readers; `cells`: the board's cells (the most free).
 * @param {{points: number[], free: number[], cells: number, marks: Mark[]}} graph
 */
export function drawReviewGraph({ points, free, cells, marks }) {
  graphed = { points, free, cells, marks };
  const canvas = /** @type {HTMLCanvasElement} */ ($("review-graph"));
  const ratio = globalThis.devicePixelRatio || 1;
  const width = Math.max(200, canvas.clientWidth || 300);
  const height = Math.max(100, canvas.clientHeight || 140);
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  // the look's colours (looks.css); a change of look draws the graph again (onLook above)
  const style = getComputedStyle(canvas);
  const colour = (/** @type {string} */ name) => style.getPropertyValue(name).trim();
  const moves = Math.max(1, points.length - 1);
  const top = Math.max(10, ...points);
  const x = (/** @type {number} */ i) => 4 + (i / moves) * (width - 8);
  const yPoints = (/** @type {number} */ p) => height - 4 - (p / top) * (height - 18);
  const yFree = (/** @type {number} */ f) => height - 4 - (f / Math.max(1, cells)) * (height - 18);
  // free cells: a filled area
  ctx.fillStyle = colour("--graph-free-area");
  ctx.beginPath();
  ctx.moveTo(x(0), height - 4);
  free.forEach((f, i) => ctx.lineTo(x(i), yFree(f)));
  ctx.lineTo(x(free.length - 1), height - 4);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = colour("--graph-free");
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  free.forEach((f, i) => (i ? ctx.lineTo(x(i), yFree(f)) : ctx.moveTo(x(i), yFree(f))));
  ctx.stroke();
  ctx.setLineDash([]);
  // points: a solid line
  ctx.strokeStyle = colour("--graph-points");
  ctx.lineWidth = 2;
  ctx.beginPath();
  points.forEach((p, i) => (i ? ctx.lineTo(x(i), yPoints(p)) : ctx.moveTo(x(i), yPoints(p))));
  ctx.stroke();
  // marks: a dot for an inaccuracy, a triangle for a mistake, a large diamond for a blunder
  for (const m of marks) {
    if (!MARKED.has(m.grade)) continue;
    const cx = x(m.index);
    const cy = 8;
    ctx.beginPath();
    if (m.grade === "inaccuracy") {
      ctx.fillStyle = colour("--grade-inaccuracy");
      ctx.arc(cx, cy, 2.5, 0, Math.PI * 2);
    } else if (m.grade === "mistake") {
      ctx.fillStyle = colour("--grade-mistake");
      ctx.moveTo(cx, cy - 5);
      ctx.lineTo(cx + 5, cy + 4);
      ctx.lineTo(cx - 5, cy + 4);
      ctx.closePath();
    } else {
      ctx.fillStyle = colour("--grade-blunder");
      ctx.moveTo(cx, cy - 7);
      ctx.lineTo(cx + 6, cy);
      ctx.lineTo(cx, cy + 7);
      ctx.lineTo(cx - 6, cy);
      ctx.closePath();
    }
    ctx.fill();
    if (m.grade !== "inaccuracy") {
      ctx.strokeStyle = colour(`--grade-${m.grade}`);
      ctx.globalAlpha = 0.45;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(cx, cy + 6);
      ctx.lineTo(cx, height - 4);
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
  }
  plotted = { moves, marks: marks.filter((m) => MARKED.has(m.grade)) };
  fillTable(points, free, marks);
}

/**
 * The table under the graph: every 10th move, the last, and every move that cost points.
 * @param {number[]} points
 * @param {number[]} free
 * @param {Mark[]} marks
 */
function fillTable(points, free, marks) {
  const graded = new Map(marks.map((m) => [m.index, m]));
  const rows = [];
  const last = points.length - 1;
  for (let i = 0; i <= last; i += 1) {
    const mark = graded.get(i);
    const costly = mark && MARKED.has(mark.grade);
    if (i % 10 !== 0 && i !== last && !costly) continue;
    // the move i+1 (0-based index i) leads from frame i to frame i + 1
    rows.push(el("tr", {},
      el("th", { scope: "row" }, formatNumber(i)),
      el("td", {}, formatNumber(points[i])),
      el("td", {}, formatNumber(free[i])),
      el("td", {}, costly ? `${t(`grade${mark.grade}`)} (${formatNumber(Math.round(mark.cost))})` : "")));
  }
  $("review-table-body").replaceChildren(...rows);
}

/**
 * The move whose mark is nearest a tap at `clientX` on the graph (within
 * 12 px), or null.
 * @param {MouseEvent} event
 * @returns {number | null}
 */
export function graphMoveAt(event) {
  const canvas = /** @type {HTMLCanvasElement} */ ($("review-graph"));
  const box = canvas.getBoundingClientRect();
  const px = event.clientX - box.left;
  let best = null;
  let distance = 12;
  for (const m of plotted.marks) {
    const mx = 4 + (m.index / plotted.moves) * (box.width - 8);
    const d = Math.abs(mx - px);
    if (d <= distance) {
      distance = d;
      best = m.index;
    }
  }
  return best;
}

/**
 * Call `closed()` whenever the window closes.
 * @param {() => void} closed
 */
export function installReviewWindow(closed) {
  dialog().addEventListener("close", () => closed());
}
