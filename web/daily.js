// The deal of the day (#daily in the game window): the same deal for everyone
// on a calendar day. The page gives the engine only today's date in UTC
// (YYYY-MM-DD); the deal of that date is the engine's (kugler_core/daily.py).

import { $ } from "./dom.js";
import { app } from "./store.js";

/** Today's date in UTC as YYYY-MM-DD (the same everywhere at the same moment). */
export function utcDate(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/**
 * Wire #daily: a new game on today's deal, in the variant chosen, through
 * `restartWith` (play.js, which asks first when a game would be lost).
 */
export function installDaily({ restartWith }) {
  $("daily").addEventListener("click", () => restartWith({ daily: utcDate(), line: app.settings.line }));
}
