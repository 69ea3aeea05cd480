// What happened, told to screen readers: one message in the polite live
// region #announce after every move, undo, hint and new game, in the page's
// language. A move's message tells which ball went where, the lines removed
// and their points, where new balls landed, the new score and the end of the
// game. Cells are named as the grid names them (cellName: "C4").
//
// It only follows the game's events (store.js): "turn" (the move played),
// "state" (cause move / undo / new), "select", "blocked", "noBall" and "hint" (detail
// {move: {from: [r, c], to: [r, c]}}, sent by the hint's module). Any module
// may also call announce(text).

import { $ } from "./dom.js";
import { app, on } from "./store.js";
import { cellName } from "./grid.js";
import { t, colorName, formatNumber } from "./i18n.js";

/** @typedef {import("./types").State} State */

const capital = (/** @type {string} */ text) => (text ? text[0].toLocaleUpperCase() + text.slice(1) : text);

/**
 * The [row, col] of cell `index` of the game's board (its size the engine's state says).
 * @param {number} index
 * @returns {[number, number]}
 */
function cellAt(index) {
  const size = /** @type {State} */ (app.state).size; // a cell is named while a game is on the board
  return [Math.floor(index / size), index % size];
}

/**
 * Put `text` in the live region (a repeated message is still read again).
 * @param {string} text
 */
export function announce(text) {
  const region = $("announce");
  if (!region) return;
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}

/** @param {[import("./types").Cell, number][]} balls */
function ballList(balls) {
  return balls.map(([cell, color]) => t("annBall", { color: colorName(color), cell: cellName(cell) })).join(", ");
}

/**
 * The message of a move: its turn (the facade's turn) and the state after it.
 * @param {import("./types").Turn | null} turn
 * @param {State} state
 */
export function moveMessage(turn, state) {
  const parts = [];
  for (const ev of turn?.events ?? []) {
    if (ev.type === "roll" && ev.path?.length) {
      parts.push(capital(t("annMove", {
        color: colorName(ev.color), from: cellName(ev.path[0]), to: cellName(ev.path[ev.path.length - 1]),
      })));
    } else if (ev.type === "clear") {
      for (const line of ev.lines ?? []) {
        const cells = line.cells ?? [];
        if (!cells.length) continue;
        parts.push(t("annLine", {
          count: cells.length, color: colorName(line.color), from: cellName(cells[0]), to: cellName(cells[cells.length - 1]),
        }));
      }
      parts.push(t("annPoints", { points: formatNumber(ev.points ?? 0) }));
    } else if (ev.type === "spawn" && ev.balls?.length) {
      parts.push(t("annSpawn", { list: ballList(ev.balls) }));
    }
  }
  parts.push(state.over
    ? t("annOver", { score: formatNumber(state.score) })
    : t("annScore", { score: formatNumber(state.score) }));
  return parts.join(" ");
}

/**
 * The message of a new game: its deal and the balls on the board.
 * @param {State} state
 */
export function newGameMessage(state) {
  /** @type {[import("./types").Cell, number][]} */
  const balls = [];
  (state.board ?? []).forEach((color, i) => {
    if (color) balls.push([[Math.floor(i / state.size), i % state.size], color]);
  });
  return t("annNewGame", { deal: state.deal, list: ballList(balls) });
}

/** Follow the game's events and tell each one in #announce. */
export function installAnnouncements() {
  /** @type {import("./types").Turn | null} */
  let turn = null;
  on("turn", (detail) => { turn = detail.turn; });
  on("state", ({ state, cause }) => {
    if (cause === "move" && turn) {
      announce(moveMessage(turn, state));
      turn = null;
    } else if (cause === "undo") {
      announce(`${t("annUndo")} ${t("annScore", { score: formatNumber(state.score) })}`);
    } else if (cause === "new") {
      announce(newGameMessage(state));
    }
  });
  on("select", ({ index }) => {
    const color = index === null ? 0 : app.state?.board?.[index];
    if (color && index !== null) announce(capital(t("annSelect", { color: colorName(color), cell: cellName(cellAt(index)) })));
  });
  on("blocked", ({ index }) => announce(t("annBlocked", { cell: cellName(cellAt(index)) })));
  on("noBall", () => announce(t("annPickBall")));
  on("hint", ({ move }) => {
    if (!move?.from || !move?.to) return;
    const color = app.state?.board?.[move.from[0] * app.state.size + move.from[1]];
    announce(capital(t("annHint", { color: colorName(color ?? 0), from: cellName(move.from), to: cellName(move.to) })));
  });
}
