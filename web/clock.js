// The play clock: runs while a game from the engine is on the board, not
// over, and the page is visible. The engine keeps the seconds in the game
// document; this module only counts them between requests. It follows the
// game's state (store.js "state"): a game that opens, or another tab's copy,
// starts the count at its seconds.

import { $ } from "./dom.js";
import { app, on } from "./store.js";
import { formatTime } from "./i18n.js";

/** @type {{baseMs: number, since: number | null}} the time counted, and since when it counts (performance.now()) */
const clock = { baseMs: 0, since: null };

/** The board can be played: a game is on it, not over, the page shown, no window over it. */
function clockRunning() {
  const state = app.state;
  return app.started && state && !state.over && document.visibilityState === "visible"
    && !document.querySelector("dialog[open]");
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
