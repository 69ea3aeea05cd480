// The engine's life on the page: the stored game's numbers before the engine
// is ready, then, once it is: settings, records, and the game (the deal of
// the URL fragment, the saved game, or a new one); a failed engine and its
// restart (#engine-retry, buttons.js, calls restartEngine).

import { $, root } from "./dom.js";
import * as storage from "./storage.js";
import { CODES, engine, engineReady, failedWith, loadGame as openSaved, readFragment } from "./api.js";
import { app, keepUntouched } from "./store.js";
import { putAside, readSaved } from "./saved.js";
import { setBusy, resetBusy, showBoard, showLoading, whenIdle } from "./board.js";
import { showBar, watchBarSize } from "./bar.js";
import { resetClock, updateClock } from "./clock.js";
import { notify } from "./notices.js";
import { engineError, showEngineError } from "./failures.js";
import { loadSettings, applyPendingSettings, changeSettings } from "./settings.js";
import { useLanguage } from "./language.js";
import { t } from "./i18n.js";

// The other features this one calls, handed over by main.js (installStartup: newGame, startGame, loadRecords, finishGame, openReplayLink).
/**
 * @type {{newGame: (options?: import("./types").NewGameOptions) => Promise<boolean>,
 *   startGame: import("./types").StartGame, loadRecords: (line: number) => Promise<void>,
 *   finishGame: import("./types").FinishGame, openReplayLink: (code: string) => Promise<boolean>}}
 */
let others = /** @type {any} */ (null); // set by installStartup before the engine is started

/**
 * The bar shows the stored game's numbers (display only, unvalidated) while
 * first.js's board waits for the engine; the board stays busy until then.
 * `firstGame` is the stored game document first.js drew (or null), `firstBoard`
 * its colours (or null).
 * @param {import("./types").GameDoc | null} firstGame
 * @param {number[] | null} firstBoard
 */
export function firstPaint(firstGame, firstBoard) {
  const settingsSaved = readSaved(storage.KEYS.settings);
  const storedSettings = settingsSaved.kind === "ok" ? settingsSaved.doc : undefined;
  if (storedSettings && typeof storedSettings === "object") {
    if (app.variants.includes(storedSettings.line)) app.settings.line = storedSettings.line;
  }
  useLanguage(storedSettings?.language);
  if (firstBoard && firstGame) { // already on the canvas (first.js)
    showBoard(firstBoard, { drawn: true });
    const line = app.variants.includes(firstGame.line) ? firstGame.line : app.settings.line;
    const recordsSaved = readSaved(storage.KEYS.records(line));
    const storedRecords = recordsSaved.kind === "ok" ? recordsSaved.doc : undefined;
    // until the engine has read the document, only its record is shown (bar.js showRecord)
    const shown = /** @type {import("./types").RecordsDoc} */ ({ record: storedRecords?.record });
    if (storedRecords && Number.isInteger(storedRecords.record)) app.records[line] = shown;
    showBar({
      score: Number(firstGame.score) || 0,
      deal: Number(firstGame.deal) || 0,
      next: Array.isArray(firstGame.next) ? firstGame.next : [],
      line,
      can_undo: false,
    });
    resetClock(Number(firstGame.seconds) || 0);
  } else {
    showBar({ score: 0, deal: 0, next: [], line: app.settings.line, can_undo: false });
  }
  // One style and layout for the rest of the page, with the bar's final words
  // and numbers: in the next frame, not forced here (forced, it made this
  // task 90-130 ms on a cold start).
  watchBarSize();
  setBusy(+1); // until the engine has a game on the board (first.js drew the board as loading)
}

/** The engine is up: settings, records, then the game (fragment, saved, or new). */
async function whenReady() {
  resetBusy();
  setBusy(+1);
  // The settings answer names the variants; the records of each go out
  // together (the worker answers them in order), not one round trip after another.
  await loadSettings();
  await Promise.all(app.variants.map((line) => others.loadRecords(line)));
  await applyPendingSettings();
  const opened = (await openFragment(location.hash)) || (await resumeSaved()) || (await others.newGame());
  setBusy(-1);
  showLoading(false);
  if (engineReady() && opened) {
    $("engine-error").hidden = true;
    root.dataset.engine = "ready";
    await openLinkedReplay();
  }
}

/** @type {string | null} the code of a #replay=<code> fragment, opened over the player's game */
let linkedReplay = null;

/** Open the replay a fragment named (over the game on the board, which it never changes). */
async function openLinkedReplay() {
  const code = linkedReplay;
  linkedReplay = null;
  if (code) await others.openReplayLink(code);
}

/**
 * Open the deal of a URL fragment (#deal=N&line=4); false when it names none.
 * A replay link (#replay=<code>) opens no game: its code is kept for
 * openLinkedReplay, once the player's own game is on the board.
 * @param {string} hash
 */
async function openFragment(hash) {
  if (!hash || hash === "#") return false;
  const reply = await readFragment(hash);
  history.replaceState(null, "", location.pathname + location.search);
  if (!reply.ok) return false;
  const { deal, line, notices } = reply.result;
  linkedReplay = typeof reply.result.replay === "string" ? reply.result.replay : null;
  const texts = (notices ?? []).map((n) => {
    const key = `fragment_${n.code}`;
    const word = t(key, { detail: n.text ?? "" });
    return word === key ? String(n.text ?? "") : word;
  });
  const useLine = line ?? app.settings.line; // the engine's: a variant, or null
  if (!deal) {
    if (texts.length) notify(texts.join(" "));
    if (line) {
      if (line !== app.settings.line) await changeSettings({ line });
      return others.newGame({ line });
    }
    return false;
  }
  const ok = await others.newGame({ deal, line: useLine });
  if (ok) notify([...texts, t("dealOpened", { deal, variant: t(`variant${useLine}`) })].join(" "));
  return ok;
}

/** Resume the saved game through the engine; false when there is none or it was broken. */
async function resumeSaved() {
  const key = storage.KEYS.game;
  const saved = readSaved(key);
  if (saved.kind === "none" || saved.kind === "unreadable") return false;
  if (saved.kind === "broken") {
    putAside(saved, key, t("brokenGame"));
    return false;
  }
  const reply = await openSaved(saved.doc);
  if (reply.ok) {
    others.startGame(reply.result.state, "load");
    if (app.state?.over) await others.finishGame(app.state, true);
    return true;
  }
  if (failedWith(reply, CODES.newerVersion)) {
    notify(t("newerVersion"), 10000);
    keepUntouched(key); // a newer version's saved game is never overwritten
    return others.newGame();
  }
  if (failedWith(reply, CODES.internal) || failedWith(reply, CODES.engineFailed)) {
    engineError(reply.error);
    return false;
  }
  putAside(saved, key, t("brokenGame"));
  return false;
}

/** Start the failed engine again (the failure box's #engine-retry). */
export function restartEngine() {
  $("engine-error").hidden = true;
  root.dataset.engine = "loading";
  showLoading(true);
  resetBusy();
  engine.restart();
}

/**
 * Take the other features' functions: `newGame`, `startGame` (play.js),
 * `loadRecords` (records.js), `finishGame` (gameover.js), `openReplayLink` (replay.js);
 * follow the engine's state and later changes of the URL fragment.
 * @param {typeof others} collaborators
 */
export function installStartup(collaborators) {
  others = collaborators;
  engine.addEventListener("state", (event) => {
    const { detail } = /** @type {CustomEvent<{state: string, code?: string, message?: string}>} */ (event);
    const { state: engineState } = detail;
    if (engineState === "failed") {
      app.started = false;
      updateClock();
      showEngineError(/** @type {{code: string}} */ (detail));
    } else if (engineState === "ready") {
      whenReady();
    }
  });
  window.addEventListener("hashchange", async () => {
    if (!engineReady() || !app.started) return;
    await whenIdle();
    setBusy(+1);
    await openFragment(location.hash);
    setBusy(-1);
    await openLinkedReplay();
  });
}
