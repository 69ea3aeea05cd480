// The game flow: new games, taps on the board, moves and undo. Every rule is
// the engine's: this module sends what the player did and shows the state
// the engine answers (and stores its game document).

import { $ } from "./dom.js";
import { SIZE } from "./render.js";
import { app, engine, emit, on } from "./store.js";
import { flashCell, markQueued, playTurn, select, setBusy, showBoard, whenIdle } from "./board.js";
import { showBar, resetShownScore } from "./bar.js";
import { seconds, resetClock, updateClock, clockCounting } from "./clock.js";
import { notify } from "./notices.js";
import { engineError } from "./failures.js";
import { saveGame, catchUpWithOtherTab } from "./tabs.js";
import { finishGame, openGameOverAgain } from "./records.js";
import { closeWindow, confirmQuestion } from "./dialogs.js";
import { t } from "./i18n.js";

/** Take `next` as the current state: store it and (unless told otherwise) draw it at once. */
export function adopt(next, cause, { redraw = true } = {}) {
  app.state = next;
  saveGame(next.save);
  if (redraw) {
    showBoard(next.board);
    showBar(next);
  }
  updateClock();
  emit("state", { state: next, cause });
}

/** Show a game the engine opened (new, loaded, imported) from its start. */
export function startGame(next, cause = "load") {
  app.started = true;
  resetShownScore(next.score ?? 0);
  select(null);
  resetClock(next.seconds ?? 0);
  adopt(next, cause);
  updateClock();
}

function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function entropy() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0x1fffff) * 2 ** 32 + lo;
}

/**
 * Start a new game: a given deal, the deal of the day of `daily` (a UTC date
 * YYYY-MM-DD), or a random one. Resolves true on success.
 */
export async function newGame({ deal = null, line = app.settings.line, daily = null } = {}) {
  if (engine.state !== "ready") return false;
  closeWindow($("game-over"));
  setBusy(+1);
  const args = { line, id: newId() };
  if (daily) args.daily = daily;
  else if (deal) args.deal = deal;
  else args.entropy = entropy();
  const reply = await engine.request("new", args);
  setBusy(-1);
  if (!reply.ok) {
    engineError(reply.error);
    return false;
  }
  startGame(reply.result.state, "new");
  return true;
}

/**
 * True when the game on the board may be replaced: it is over, untouched, or
 * the player confirmed the question (a game with moves would be lost).
 */
export async function mayLeaveGame() {
  const state = app.state;
  if (!app.started || !state || state.over || !state.moves) return true;
  return confirmQuestion(t("confirmLeave"));
}

/**
 * Start a new game with `options` (see newGame) once the player agreed to
 * leave the game on the board (mayLeaveGame, unless `asked` already);
 * resolves false when not.
 */
export async function restartWith(options, { asked = false } = {}) {
  closeWindow($("game-window"));
  closeWindow($("game-over"));
  if (!asked && !(await mayLeaveGame())) return false;
  await whenIdle();
  return newGame(options);
}

// A tap made while the board is busy (a move still rolls, the engine still
// answers) is kept, the last one only, and applied as soon as the board is
// idle: the player never loses a tap to an animation.
let queuedTap = null;

on("busy", ({ busy }) => {
  if (busy || !queuedTap) return;
  const [row, col] = queuedTap;
  queuedTap = null;
  markQueued(null);
  activate(row, col);
});
on("state", ({ cause }) => {
  if (cause !== "move" && cause !== "time" && queuedTap) {
    queuedTap = null; // another game, or the game went back: the tap was for the board before
    markQueued(null);
  }
});

/** A tap (or Enter) on the cell at row, col: select a ball, or move the selected one there. */
export async function activate(row, col) {
  const state = app.state;
  if (!app.started || !state || engine.state !== "ready") return;
  if (app.busy > 0) {
    queuedTap = [row, col];
    markQueued(row * SIZE + col); // shown at once: the tap was taken
    return;
  }
  if (state.over) {
    openGameOverAgain();
    return;
  }
  const index = row * SIZE + col;
  if (state.board[index]) {
    select(app.selected === index ? null : index);
    return;
  }
  if (app.selected === null) return;
  const from = [Math.floor(app.selected / SIZE), app.selected % SIZE];
  await playMove(from, [row, col]);
}

/**
 * Play the ball at `from` to `to` ([row, col] each) through the engine,
 * animate the turn and store the game; the one way a move is made, by the
 * player (a tap) or by the computer (`by: "computer"`, the engine counts
 * it). With `animate: false` the turn is drawn at once. Resolves true when
 * the engine made the move; a move it refuses changes nothing (an
 * unreachable target blinks).
 */
export async function playMove(from, to, { by = "player", animate = true } = {}) {
  // never play on (and then write) an old copy of a game another tab moved on
  if (await catchUpWithOtherTab()) return false;
  setBusy(+1);
  const args = { from, to, seconds: seconds() };
  if (by !== "player") args.by = by;
  const reply = await engine.request("move", args);
  if (!reply.ok) {
    setBusy(-1);
    if (reply.error?.code === "unreachable") flash(to[0] * SIZE + to[1]);
    else if (reply.error?.code === "game_over") openGameOverAgain();
    else engineError(reply.error);
    return false;
  }
  const { turn, state: next } = reply.result;
  app.state = next;
  saveGame(next.save); // the saved game is the state after the move, even if the page closes now
  select(null);
  emit("turn", { turn, state: next });
  try {
    await playTurn(turn, next.board, { animate });
  } finally {
    showBar(next);
    updateClock();
    setBusy(-1);
    emit("state", { state: next, cause: "move" });
  }
  if (next.over) await finishGame(next, true);
  return true;
}

/** The cell a ball cannot reach blinks. */
function flash(index) {
  emit("blocked", { index });
  flashCell(index);
}

/** Take back the last move (when the engine allows it). */
export async function undo() {
  if (app.busy > 0 || !app.started || !app.state?.can_undo || engine.state !== "ready") return;
  if (await catchUpWithOtherTab()) return;
  setBusy(+1);
  const reply = await engine.request("undo", { seconds: seconds() });
  setBusy(-1);
  if (!reply.ok) {
    if (reply.error?.code === "nothing_to_undo") notify(t("undoNothing"));
    else engineError(reply.error);
    return;
  }
  select(null);
  closeWindow($("game-over"));
  adopt(reply.result.state, "undo");
}

// A page being left (closed, reloaded, navigated away) gets pagehide before
// visibilitychange: its engine could no longer answer in time to save the
// play time, and the worker would only take CPU from the next page's start
// (a reload started ~160 ms later with it).
let leaving = false;

/** Save the play time when the page is hidden (not when it is being left). */
export function installTimeSaving() {
  window.addEventListener("pagehide", () => { leaving = true; });
  window.addEventListener("pageshow", () => { leaving = false; });
  document.addEventListener("visibilitychange", () => {
    const wasRunning = clockCounting();
    updateClock();
    if (document.visibilityState === "hidden" && !leaving && wasRunning && app.started
        && engine.state === "ready") {
      engine.request("time", { seconds: seconds() }).then((reply) => {
        if (reply.ok) adopt(reply.result.state, "time", { redraw: false });
      });
    }
  });
}
