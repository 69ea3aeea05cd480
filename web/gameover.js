// The game-over controller (feature): a finished game is counted in the
// records of its variant (records.js updateRecords, handed over by main.js)
// and the game-over window (window-gameover.js) shows it, with the name form
// (name-form.js) when the game enters the ranking; the name typed is put on
// its ranking entry (saveName: the form's button, buttons.js, and its Enter,
// keys.js). Python decides every number.

import { $ } from "./dom.js";
import { CODES, addGame, engineReady, failedWith, mergeRecords } from "./api.js";
import { app, emit } from "./store.js";
import { showRecord } from "./bar.js";
import { updateClock } from "./clock.js";
import { engineError } from "./failures.js";
import { showGameOver } from "./window-gameover.js";
import { hideNameField, showNameField, showNameSaved } from "./name-form.js";

/** @typedef {import("./types").State} State */

/** @type {{final: State, info: import("./types").GameOverInfo, date: string} | null} the game that ended last */
let lastOver = null;
let playerName = ""; // the last name typed for the ranking (this session)

// The other features this one calls, handed over by main.js (installGameOver: updateRecords).
/** @type {{updateRecords: import("./types").UpdateRecords}} */
let others = /** @type {any} */ (null); // set by installGameOver before any game ends

/**
 * Take records.js's `updateRecords(line, change)`.
 * @param {typeof others} collaborators
 */
export function installGameOver(collaborators) {
  others = collaborators;
}

/**
 * Count the game in the records of its variant and (when `show`) open the
 * game-over window: right after the final board has been painted, with what
 * the final state says, then completed with what the records answer (record,
 * new record, rank, name field) if it still shows this game. The board is not
 * busy meanwhile: the records are written under their own lock, from the
 * final state alone.
 * @param {State} final
 * @param {boolean} show
 */
export async function finishGame(final, show) {
  const line = final.line;
  const date = new Date().toISOString();
  const known = app.records[line]?.record ?? 0;
  // whether this game sets the record is the engine's to say (the records say so too)
  lastOver = { final, info: { record: final.counts_for_record ? Math.max(known, final.score) : known }, date };
  const dialog = /** @type {HTMLDialogElement} */ ($("game-over"));
  dialog.dataset.records = "pending"; // "done" once the window shows what the records say
  updateClock();
  emit("over", { state: final });
  if (show) {
    // The player sees the last move land before the window covers the board.
    requestAnimationFrame(() => setTimeout(() => {
      if (lastOver?.final === final && isOnBoard(final)) showOver();
    }, 0));
  }
  const reply = await others.updateRecords(line, (base) =>
    addGame(base, final.save, date));
  if (lastOver?.final !== final) return; // another game ended meanwhile
  if (reply.ok) {
    const r = reply.result;
    /** @type {import("./types").GameOverInfo} */
    const info = {
      record: r.records?.record ?? final.score,
      newRecord: Boolean(r.new_record) && !r.already_counted,
      previousRecord: r.previous_record,
      rank: r.rank,
      dailyBest: r.daily_best ?? null, // the best on this day's deal before this game
      dailyBeaten: Boolean(r.daily_beaten) && !r.already_counted,
    };
    const entry = r.records?.ranking?.find((e) => e.id === final.id);
    info.name = entry?.name ?? "";
    lastOver.info = info;
    showRecord(app.state?.line ?? line);
  } else if (failedWith(reply, CODES.internal)) {
    engineError(reply.error);
  }
  if (show && dialog.open && isOnBoard(final)) showOver();
  dialog.dataset.records = "done";
}

/** The game-over window, with the name field when the game is in the ranking. */
function showOver() {
  const { final, info } = /** @type {NonNullable<typeof lastOver>} */ (lastOver); // a game has ended
  showGameOver(final, info);
  if (info.rank) showNameField(info.name || playerName || lastName(final.line));
  else hideNameField();
}

/**
 * The most recent name in the ranking of `line` (text from a validated document).
 * @param {number} line
 */
function lastName(line) {
  const named = (app.records[line]?.ranking ?? []).filter((e) => e.name).sort((a, b) => String(b.date).localeCompare(String(a.date)));
  return named[0]?.name ?? "";
}

/**
 * Put the typed name on the finished game's ranking entry: Python cleans it
 * (records_add of the game alone, with the name) and the copy is merged into
 * the stored records, whose entry for that game it replaces.
 * @param {string} typed
 */
export async function saveName(typed) {
  if (!lastOver?.info?.rank || !engineReady()) return;
  const { final, date } = lastOver;
  playerName = typed;
  const line = final.line;
  const named = await addGame(null, final.save, date, typed);
  if (!named.ok) return;
  const reply = await others.updateRecords(line, (base) =>
    mergeRecords(base, named.result.records, line));
  if (!reply.ok) return;
  const entry = reply.result.records.ranking.find((e) => e.id === final.id);
  lastOver.info.name = entry?.name ?? "";
  showNameSaved(lastOver.info.name);
}

/**
 * Whether the finished game `final` is still the one on the board (not undone or replaced).
 * @param {State | undefined} final
 */
function isOnBoard(final) {
  return Boolean(app.state?.over && app.state.id === final?.id);
}

/** Open the game-over window again for the finished game on the board. */
export function openGameOverAgain() {
  if (lastOver && isOnBoard(lastOver.final)) showOver();
}
