// The play clock: runs while a game from the engine is on the board, begun
// (a move made, or seconds counted before), not over, and the page is
// visible: a new game shows 0:00 until its first move. The engine keeps the
// seconds in the game document; this module only counts them between
// requests. It follows the game's state (store.js "state"): a game that
// opens, or another tab's copy, starts the count at its seconds.
//
// A page being left (reload, close) cannot wait for the engine to store the
// seconds counted since the last move: they are kept under kugler:1:clock
// with the game's id and moves (keepClock), and the next load gives them to
// the engine when that game opens unchanged (keptSeconds), so the clock never
// goes back.

import { $ } from "./dom.js";
import * as storage from "./storage.js";
import { app, mayWrite, on } from "./store.js";
import { formatTime } from "./i18n.js";

/** @type {{baseMs: number, since: number | null}} the time counted, and since when it counts (performance.now()) */
const clock = { baseMs: 0, since: null };

/** The board can be played: a game is on it, not over, the page shown, no window over it. */
function clockRunning() {
  const state = app.state;
  return app.started && state && !state.over && (state.moves > 0 || state.seconds > 0)
    && document.visibilityState === "visible" && !document.querySelector("dialog[open]");
}

function elapsedMs() {
  return clock.baseMs + (clock.since === null ? 0 : performance.now() - clock.since);
}

/** Whole seconds played in this game. */
export function seconds() {
  return Math.floor(elapsedMs() / 1000);
}

/** True while the clock counts. */
export function clockCounting() {
  return clock.since !== null;
}

/**
 * Start the count at `secs` (a game opens or another tab's copy is taken).
 * @param {number} secs
 */
export function resetClock(secs) {
  clock.baseMs = secs * 1000;
  clock.since = null;
  updateClock();
}

/** Start or stop the count as the game and page now say, and show the time. */
export function updateClock() {
  const run = clockRunning();
  if (run && clock.since === null) clock.since = performance.now();
  if (!run && clock.since !== null) {
    clock.baseMs = elapsedMs();
    clock.since = null;
  }
  const time = $("time");
  const shown = formatTime(seconds());
  if (time.textContent !== shown) time.textContent = shown; // a write restyles, even the same text
}

/**
 * The page is being left: keep the seconds of the game on the board for the
 * next load when they are more than the engine stored (with its id and moves).
 */
export function keepClock() {
  const state = app.state;
  if (!app.started || !state || state.over || !mayWrite(storage.KEYS.game)) return;
  const secs = seconds();
  if (secs > (state.seconds ?? 0)) {
    storage.writeText(storage.KEYS.clock, JSON.stringify({ id: state.id, moves: state.moves, seconds: secs }));
  }
}

/**
 * The seconds the page left before kept for the game `game` (a game
 * document or state), when they belong to it (same id and moves) and are
 * more than it holds; else null. `take` removes the note (read once).
 * @param {{id: string, moves: number, seconds?: number} | null | undefined} game
 * @returns {number | null}
 */
export function keptSeconds(game, { take = false } = {}) {
  const text = storage.readText(storage.KEYS.clock);
  if (text === null) return null;
  if (take) storage.remove(storage.KEYS.clock);
  let note;
  try {
    note = JSON.parse(text);
  } catch {
    return null;
  }
  const fits = note && game && note.id === game.id && note.moves === game.moves
    && Number.isInteger(note.seconds) && note.seconds > (Number(game.seconds) || 0);
  return fits ? note.seconds : null;
}

/** Show the time twice a second from now on; stop and go on as windows open and close. */
export function installClock() {
  on("state", ({ state, cause }) => {
    if (cause === "new" || cause === "load" || cause === "tab") resetClock(state.seconds ?? 0);
    else updateClock();
  });
  setInterval(updateClock, 500);
  // A window's close event does not bubble: heard while it goes down to the dialog.
  document.addEventListener("close", updateClock, true);
  document.addEventListener("toggle", updateClock, true);
}
