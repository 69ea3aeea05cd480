// The deal of the day (#daily in the game window, menus.js): the same deal
// for everyone on a calendar day. The page gives the engine only today's
// date in UTC (YYYY-MM-DD); the deal of that date is the engine's
// (kugler_core/daily.py).

import { app } from "./store.js";
import { notify } from "./notices.js";
import { t } from "./i18n.js";

// The other features this one calls, handed over by main.js (installDaily: restartWith).
/** @type {{restartWith: (options: {daily: string, line: number}) => Promise<boolean>} | null} */
let others = null;

/** Today's date in UTC as YYYY-MM-DD (the same everywhere at the same moment). */
export function utcDate(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/**
 * A new game on today's deal, in the variant chosen (restartWith asks first
 * when a game would be lost); a notice says it started, with its number.
 */
export async function playDaily() {
  const line = app.settings.line;
  const started = await /** @type {NonNullable<typeof others>} */ (others).restartWith({ daily: utcDate(), line });
  if (started) notify(t("dailyOpened", { deal: app.state?.deal, variant: t(`variant${line}`) }));
  return started;
}

/**
 * Take play.js's `restartWith`.
 * @param {NonNullable<typeof others>} collaborators
 */
export function installDaily(collaborators) {
  others = collaborators;
}
