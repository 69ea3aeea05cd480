// Help from the computer player: the Hint button (key H, keys.js), watching the
// computer play, and the note that a game with help counts in the
// statistics only.
//
// The engine chooses every move (facade `suggest`, computed in the worker);
// this module only asks, shows and forwards. A hint marks the suggested ball
// as selected (it bounces), its target with a ring and its path with dots
// (board.js showHint; the grid's cells get data-hint="from"|"to"|"path")
// until the player moves, selects another ball, lets it go (Escape) or asks
// again; a tap on the hinted ball keeps it selected (play.js activate), and a
// tap on the marked target makes the move, as any tap does. A request is tagged with
// the game it was asked for (id and moves): a reply for a game that has
// moved on since is dropped, never shown.
//
// Watch plays the game on with the strong player, through play.js's
// playMove (by: "computer"), at the speed of the setting `watch_speed`;
// html[data-watching] is set meanwhile ("playing" or "paused") and the
// control in the bar (#watch-controls: speed, pause, #watch-stop) is
// shown. A tap on the board, Undo (its button, Ctrl/Cmd+Z or U), Escape (heard
// first by keys.js, which calls stopWatching), a new game or the end of the
// game hand the game back. The buttons and the speed are the input layer's
// (menus.js): they call requestHint, startWatching, stopWatching,
// toggleWatchPause and setWatchSpeed.
//
// The first hint or watch of a game without help asks once whether to go on
// (window-confirm.js confirmQuestion); each hint shown is counted by the engine
// (hint_shown), each computer move by `move`, so the game's state says
// `assisted` and the records count it apart.
//
// Events: a hint shown is sent as "hint" {move: {from, to}} on the store's
// bus (for announcements); the state hint_shown answers is set with cause
// "hint" (store.js setState). While a hint is shown or the computer plays,
// app.help says so (store.js setHelp: "hint" | "watch" | null), and the
// coming balls' marks are drawn whether or not their option is on: the
// computer's move is based on them (window-options.js).

import { $, root } from "./dom.js";
import { engineReady, hintShown, suggest } from "./api.js";
import { app, emit, on, setHelp, setState } from "./store.js";
import { select, setBusy, showHint as markHint, whenIdle } from "./board.js";
import { cellName } from "./grid.js";
import { notify } from "./notices.js";
import { engineError } from "./failures.js";
import { changeSettings } from "./settings.js";
import { closeWindow } from "./windows.js";
import { confirmQuestion } from "./window-confirm.js";
import { t, applyWords } from "./i18n.js";

// The other features this one calls, handed over by main.js (installAssist: catchUp, playMove).
/**
 * @type {{catchUp: () => Promise<boolean>, playMove: (from: import("./types").Cell, to: import("./types").Cell,
 *   how?: {by?: "player" | "computer", animate?: boolean}) => Promise<boolean>}}
 */
let others = /** @type {any} */ (null); // set by installAssist before any help is asked

/** @typedef {import("./types").State} State */

/**
 * Pauses of watch mode per speed (ms): the ball shown selected before it moves, and the rest after a move.
 * @type {Record<string, {show: number, rest: number, animate: boolean}>}
 */
const SPEEDS = {
  slow: { show: 650, rest: 900, animate: true },
  normal: { show: 300, rest: 350, animate: true },
  fast: { show: 0, rest: 60, animate: true },
  max: { show: 0, rest: 0, animate: false },
};

/** The game a request is made for: a reply for another is stale. */
const gameKey = (/** @type {State | null} */ state) => (state ? `${state.id}\u0000${state.moves}\u0000${state.over}` : "");
/** The index of cell [r, c] of the game's board (while a game is on it). */
const index = (/** @type {import("./types").Cell} */ [r, c]) => r * /** @type {State} */ (app.state).size + c;

/** @type {{key: string, from: number, to: number} | null} the hint on the board (cell indices) */
let shown = null;
let hintRequest = 0; // the number of the hint request last made (a newer one drops older replies)
const agreed = new Set(); // ids of games whose player agreed to help in this page

/** Tell the store what help is on the board, from the one pair that decides it. */
function tellHelp() {
  setHelp(watching ? "watch" : shown ? "hint" : null);
}

// -- the question -------------------------------------------------------------------

/**
 * True when help may be given in the game of `state`: it had help already, or the player agrees now (asked once).
 * @param {State} state
 */
async function mayHelp(state) {
  if (state.assisted || agreed.has(state.id)) return true;
  const ok = await confirmQuestion(t("assistQuestion"));
  if (ok) agreed.add(state.id);
  return ok;
}

// -- hints --------------------------------------------------------------------------

/** Remove the hint's marks (the selection stays as the player left it). */
function clearHint() {
  if (!shown) return;
  markHint(null);
  $("hint-note").textContent = "";
  shown = null;
  tellHelp();
}

/**
 * Mark `move` ({from, to, path} of [row, col] cells) on the board for the game `key`.
 * @param {import("./types").Suggestion} move
 * @param {string} key
 */
function showHint(move, key) {
  clearHint();
  const from = index(move.from);
  const to = index(move.to);
  const path = (Array.isArray(move.path) ? move.path : []).map(index);
  shown = { key, from, to };
  markHint({ from, to, path });
  tellHelp(); // the coming balls' marks are drawn while the hint is shown
  select(from);
  $("hint-note").textContent = t("hintNote", { from: cellName(move.from), to: cellName(move.to) }); // "C4", as the grid names cells
  emit("hint", { move: { from: move.from, to: move.to } }); // announced by whoever listens
  performance.mark("kugler:hint-shown");
}

/** @param {boolean} busy */
function setHintBusy(busy) {
  $("hint").setAttribute("aria-busy", busy ? "true" : "false");
}

/**
 * Ask the engine for a hint on the game on the board and show it, unless
 * the game moved on meanwhile (then nothing is shown). Asking again while a
 * hint is shown replaces it.
 */
export async function requestHint() {
  if (watching || !app.started || !app.state || app.state.over || !engineReady()) return;
  performance.mark("kugler:hint-asked");
  const request = ++hintRequest;
  clearHint();
  if (app.busy > 0) await whenIdle();
  if (request !== hintRequest) return;
  const state = app.state;
  if (!state || state.over || !(await mayHelp(state))) return;
  if (request !== hintRequest || gameKey(app.state) !== gameKey(state)) return;
  const key = gameKey(state);
  const selected = app.selected;
  setHintBusy(true);
  let reply;
  try {
    if (await others.catchUp()) return;
    reply = await suggest("quick");
    // a move sent meanwhile is answered after this: wait for it, then compare
    if (app.busy > 0) await whenIdle();
  } finally {
    if (request === hintRequest) setHintBusy(false);
  }
  const stale = request !== hintRequest || gameKey(app.state) !== key
    || app.selected !== selected || watching;
  if (stale) return;
  if (!reply.ok) {
    engineError(reply.error);
    return;
  }
  const move = reply.result.move;
  if (!move) {
    notify(t("hintNone"));
    return;
  }
  // counted before it is shown: a hint seen is a hint counted, even if the page closes now
  setBusy(+1);
  const counted = await hintShown();
  setBusy(-1);
  if (!counted.ok) {
    engineError(counted.error);
    return;
  }
  setState(counted.result.state, "hint");
  if (request !== hintRequest || app.selected !== selected) return;
  showHint(move, gameKey(counted.result.state));
}

// -- watch --------------------------------------------------------------------------

let watching = false;
let paused = false;
/** @type {(() => void) | null} resolves a paused or resting watch loop */
let wake = null;

function speed() {
  return SPEEDS[app.settings.watch_speed] ? app.settings.watch_speed : "normal";
}

/**
 * Wait `ms`, or until woken (pause, stop, a change of speed); 0 still yields to the page.
 * @param {number} ms
 * @returns {Promise<void>}
 */
function rest(ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      if (wake === done) wake = null;
      resolve();
    }
    wake = done;
  });
}

/**
 * Resolves once the next frame has been painted (or after 100 ms: a hidden page paints none).
 * @returns {Promise<void>}
 */
function painted() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(timer);
      resolve();
    }, 0));
  });
}

function wakeUp() {
  wake?.();
}

function showWatching() {
  const controls = $("watch-controls");
  tellHelp(); // the marks are drawn while it plays
  if (watching) root.dataset.watching = paused ? "paused" : "playing";
  else delete root.dataset.watching;
  controls.hidden = !watching;
  const pause = $("watch-pause");
  const label = /** @type {HTMLElement} */ (pause.querySelector("[data-i18n]"));
  const word = paused ? "watchResume" : "watchPause";
  label.dataset.i18n = word;
  label.textContent = t(word);
  pause.setAttribute("aria-pressed", paused ? "true" : "false");
  /** @type {HTMLSelectElement} */ ($("watch-speed")).value = speed();
}

/** True while the computer plays the game on the board (watch mode). */
export function isWatching() {
  return watching;
}

/** Hand the game back to the player: the move being made ends, no other follows. */
export function stopWatching() {
  if (!watching) return;
  watching = false;
  paused = false;
  showWatching();
  wakeUp();
}

/** Pause watch mode, or go on after a pause. */
export function toggleWatchPause() {
  if (!watching) return;
  paused = !paused;
  showWatching();
  wakeUp();
}

/** The computer plays the game on the board until it ends or the player takes it back. */
export async function startWatching() {
  if (watching || !app.started || !app.state || app.state.over || !engineReady()) return;
  closeWindow($("game-window"));
  hintRequest += 1; // a hint on its way is no longer wanted
  clearHint();
  await whenIdle();
  const first = app.state;
  if (!first || first.over || !(await mayHelp(first))) return;
  if (gameKey(app.state) !== gameKey(first)) return;
  watching = true;
  paused = false;
  select(null);
  showWatching();
  try {
    await playOn();
  } finally {
    stopWatching();
  }
}

async function playOn() {
  while (watching) {
    if (paused) {
      await rest(60_000);
      continue;
    }
    await whenIdle();
    const state = app.state;
    if (!watching || paused) continue;
    if (!state || state.over) return;
    const key = gameKey(state);
    const reply = await suggest("strong");
    if (!watching || gameKey(app.state) !== key) return;
    if (paused) continue;
    if (!reply.ok) {
      engineError(reply.error);
      return;
    }
    const move = reply.result.move;
    if (!move) return;
    const pace = SPEEDS[speed()];
    if (pace.show > 0) {
      select(index(move.from));
      await rest(pace.show);
      if (!watching || gameKey(app.state) !== key) {
        if (app.selected === index(move.from)) select(null);
        return;
      }
    }
    const played = await others.playMove(move.from, move.to, { by: "computer", animate: pace.animate });
    if (!played || app.state?.over) return;
    // The move is painted before the engine thinks again: on two cores its
    // frame would otherwise share the CPU with the worker's search, and the
    // page's tasks stretch. Then a pause (at least a task boundary).
    await painted();
    await rest(SPEEDS[speed()].rest);
  }
}

/**
 * Play on at `value` (a `watch_speed`: slow, normal, fast, max), kept in the settings.
 * @param {string} value
 */
export async function setWatchSpeed(value) {
  await changeSettings({ watch_speed: /** @type {import("./types").SettingsDoc["watch_speed"]} */ (value) });
  showWatching();
  wakeUp();
}

// -- the page -----------------------------------------------------------------------

/** The note on the game-over window that the game had help (#go-assisted), made once. */
function assistedNote() {
  let note = $("go-assisted");
  if (!note) {
    note = document.createElement("p");
    note.id = "go-assisted";
    note.className = "assisted-note";
    note.dataset.i18n = "goAssisted";
    note.textContent = t("goAssisted");
    note.hidden = true;
    $("go-rank").after(note);
  }
  return note;
}

/**
 * Take the other features' functions, `catchUp()` (tabs.js) and
 * `playMove(from, to, options)` (play.js); put watch mode's control in the bar,
 * follow the game for the hint and watch mode, and make the assisted-game note.
 * @param {typeof others} collaborators
 */
export function installAssist(collaborators) {
  others = collaborators;
  const template = /** @type {HTMLTemplateElement} */ ($("assist-template"));
  $("bar").append(template.content); // in the bar: the controls cover no cell
  template.remove();
  applyWords($("watch-controls"));
  // the hint stays until the player moves, selects another ball or the game changes
  on("select", ({ index: selected }) => {
    if (shown && selected !== shown.from) clearHint();
  });
  /** The hint's and watch mode's buttons. */
  const buttons = () => /** @type {HTMLButtonElement[]} */ ([$("hint"), $("watch")]);
  on("state", ({ state, cause }) => {
    for (const button of buttons()) button.disabled = !state || state.over;
    if (shown && gameKey(state) !== shown.key) clearHint();
    if (watching && cause !== "move" && cause !== "time" && cause !== "hint") stopWatching();
  });
  on("turn", () => clearHint());
  on("over", ({ state }) => {
    assistedNote().hidden = !state.assisted;
    for (const button of buttons()) button.disabled = true;
  });
  assistedNote();
  on("settings", () => {
    if (watching) showWatching();
  });
}
