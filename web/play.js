// The game flow: new games (the same deal again, another variant), taps on
// the board, moves and undo. Every rule is
// the engine's: this module sends what the player did and sets the state the
// engine answers (store.js setState, which stores it; the views follow).

import { $ } from "./dom.js";
import { CODES, engineReady, failedWith, move, newGame as startNew, saveTime, undo as takeBack } from "./api.js";
import { app, emit, on, setState } from "./store.js";
import { flashCell, markQueued, playTurn, select, setBusy, whenIdle } from "./board.js";
import { clockCounting, keepClock, seconds, updateClock } from "./clock.js";
import { clearNotice, notify } from "./notices.js";
import { engineError } from "./failures.js";
import { showBar } from "./bar.js";
import { changeSettings } from "./settings.js";
import { closeWindow, openWindow } from "./windows.js";
import { confirmQuestion } from "./window-confirm.js";
import { t } from "./i18n.js";

// The other features this one calls, handed over by main.js (installPlay: catchUp, finishGame, openGameOver).
/**
 * @type {{catchUp: () => Promise<boolean>, finishGame: import("./types").FinishGame, openGameOver: () => void}}
 */
let others = /** @type {any} */ (null); // set by installPlay before the board can be played

/**
 * Show a game the engine opened (new, loaded, imported) from its start.
 * @param {import("./types").State} next
 * @param {import("./types").Cause} cause
 */
export function startGame(next, cause = "load") {
  app.started = true;
  select(null);
  setState(next, cause);
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
 * @param {import("./types").NewGameOptions} [options]
 */
export async function newGame({ deal = null, line = app.settings.line, daily = null } = {}) {
  if (!engineReady()) return false;
  closeWindow($("game-over"));
  setBusy(+1);
  /** @type {Parameters<typeof startNew>[0]} */
  const args = { line, id: newId() };
  if (daily) args.daily = daily;
  else if (deal) args.deal = deal;
  else args.entropy = entropy();
  const reply = await startNew(args);
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
 * the player confirmed `question` (a game with moves would be lost), which
 * names what will happen.
 */
export async function mayLeaveGame(question = t("confirmLeave")) {
  const state = app.state;
  if (!app.started || !state || state.over || !state.moves) return true;
  return confirmQuestion(question);
}

/**
 * The question before `options` (see newGame) replace a game: it names what will happen.
 * @param {import("./types").NewGameOptions} options
 */
function leaveQuestion(options) {
  if (options.daily) return t("confirmDaily");
  if (options.deal) return t("confirmDeal", { deal: options.deal });
  return t("confirmLeave");
}

/**
 * Start a new game with `options` (see newGame) once the player agreed to
 * leave the game on the board (mayLeaveGame asks `question`, unless `asked` already);
 * resolves false when not.
 * @param {import("./types").NewGameOptions} options
 */
export async function restartWith(options, { asked = false, question = leaveQuestion(options) } = {}) {
  closeWindow($("game-window"));
  closeWindow($("game-over"));
  if (!asked && !(await mayLeaveGame(question))) return false;
  await whenIdle();
  const started = await newGame(options);
  // a notice of before (a failed import, nothing to undo) would now seem to speak of this game
  if (started) clearNotice();
  return started;
}

/** A new game in the variant chosen (N, #new-game, #go-new); a game with moves is only given up when the player confirms. */
export function newGameAsked() {
  return restartWith({ line: app.settings.line });
}

/** The deal on the board again from its start (#retry, #go-retry), after the question. */
export function retryDeal() {
  const state = app.state;
  if (!state) return newGameAsked();
  return restartWith({ deal: state.deal, line: state.line }, { question: t("confirmRetry") });
}

/**
 * Play `line` (4 or 5) from now on: the setting changes, and a new game of
 * that variant starts (after the question when a game with moves would be
 * lost; declined, the game window shows the variant played again).
 * @param {number} line
 */
export async function chooseVariant(line) {
  const state = app.state;
  if (!state || !engineReady() || line === state.line) {
    await changeSettings({ line });
    return;
  }
  if (state.moves > 0 && !state.over) {
    const ok = await confirmQuestion(t("confirmVariant"));
    if (!ok) {
      showBar(state);
      openWindow($("game-window"));
      return;
    }
  }
  await changeSettings({ line });
  await restartWith({ line }, { asked: true });
}

// A tap made while the board is busy (a move still rolls, the engine still
// answers) is kept, the last one only, and applied as soon as the board is
// idle: the player never loses a tap to an animation.
/** @type {[number, number] | null} */
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

/**
 * A tap (or Enter) on the cell at row, col: select a ball (a tap on the
 * selected one lets it go, unless a hint selected it), or move the selected
 * one there; an empty cell with no ball selected blinks pale (nudge).
 * @param {number} row
 * @param {number} col
 */
export async function activate(row, col) {
  const state = app.state;
  if (!app.started || !state || !engineReady()) return;
  if (app.busy > 0) {
    queuedTap = [row, col];
    markQueued(row * state.size + col); // shown at once: the tap was taken
    return;
  }
  if (state.over) {
    others.openGameOver();
    return;
  }
  const index = row * state.size + col;
  if (state.board[index]) {
    // A tap on the selected ball lets it go, except the ball a hint selected:
    // tapped before its target, as a ball always is, it stays (and the hint with it).
    const keep = app.selected === index && app.help === "hint";
    select(app.selected === index && !keep ? null : index);
    return;
  }
  if (app.selected === null) {
    nudge(index);
    return;
  }
  if (app.selected === null) return;
  /** @type {import("./types").Cell} */
  const from = [Math.floor(app.selected / state.size), app.selected % state.size];
  await playMove(from, [row, col]);
}

/**
 * Play the ball at `from` to `to` ([row, col] each) through the engine,
 * animate the turn and store the game; the one way a move is made, by the
 * player (a tap) or by the computer (`by: "computer"`, the engine counts
 * it). With `animate: false` the turn is drawn at once. Resolves true when
 * the engine made the move; a move it refuses changes nothing (an
 * unreachable target blinks).
 * @param {import("./types").Cell} from
 * @param {import("./types").Cell} to
 * @param {{by?: "player" | "computer", animate?: boolean}} [how]
 */
export async function playMove(from, to, { by = "player", animate = true } = {}) {
  // never play on (and then write) an old copy of a game another tab moved on
  if (await others.catchUp()) return false;
  setBusy(+1);
  const reply = await move(from, to, seconds(), by);
  if (!reply.ok) {
    setBusy(-1);
    if (failedWith(reply, CODES.unreachable)) flash(to[0] * /** @type {import("./types").State} */ (app.state).size + to[1]);
    else if (failedWith(reply, CODES.gameOver)) others.openGameOver();
    else engineError(reply.error);
    return false;
  }
  const { turn, state: next } = reply.result;
  select(null);
  try {
    await setState(next, "move", { turn, show: () => playTurn(turn, next.board, { animate }) });
  } finally {
    setBusy(-1);
  }
  if (next.over) await others.finishGame(next, true);
  return true;
}

/**
 * An empty cell tapped with no ball selected: a pale blink, and "select a ball first" is said.
 * @param {number} index
 */
function nudge(index) {
  emit("noBall", { index });
  flashCell(index, "empty");
}

/**
 * The cell a ball cannot reach blinks.
 * @param {number} index
 */
function flash(index) {
  emit("blocked", { index });
  flashCell(index);
}

/** Take back the last move (when the engine allows it). */
export async function undo() {
  if (app.busy > 0 || !app.started || !app.state?.can_undo || !engineReady()) return;
  if (await others.catchUp()) return;
  setBusy(+1);
  const reply = await takeBack(seconds());
  setBusy(-1);
  if (!reply.ok) {
    if (failedWith(reply, CODES.nothingToUndo)) notify(t("undoNothing"));
    else engineError(reply.error);
    return;
  }
  select(null);
  closeWindow($("game-over"));
  setState(reply.result.state, "undo");
}

// A page being left (closed, reloaded, navigated away) gets pagehide before
// visibilitychange: its engine could no longer answer in time to save the
// play time, and the worker would only take CPU from the next page's start
// (a reload started ~160 ms later with it).
let leaving = false;

/**
 * Take the other features' functions: `catchUp()` (another tab's copy
 * first, tabs.js), `finishGame(final, show)` and `openGameOver()` (gameover.js);
 * save the play time when the page is hidden (not when it is being left).
 * @param {typeof others} collaborators
 */
export function installPlay(collaborators) {
  others = collaborators;
  window.addEventListener("pagehide", () => {
    leaving = true;
    keepClock(); // the seconds since the last move, for the next load
  });
  window.addEventListener("pageshow", () => { leaving = false; });
  document.addEventListener("visibilitychange", () => {
    const wasRunning = clockCounting();
    updateClock();
    if (document.visibilityState === "hidden" && !leaving && wasRunning && app.started
        && engineReady()) {
      saveTime(seconds()).then((reply) => {
        if (reply.ok) setState(reply.result.state, "time");
      });
    }
  });
}
