// The engine's life on the page: the stored game's numbers before the engine
// is ready, then, once it is: settings, records, and the game (the saved
// game or a new one, then the game a URL fragment asks for: at once over a
// game with no move, after the question over one with moves); a link followed
// while the page is open the same way; a failed engine and its restart
// (#engine-retry, buttons.js, calls restartEngine).

import { $, root } from "./dom.js";
import * as storage from "./storage.js";
import { CODES, engine, engineReady, failedWith, loadGame as openSaved, readFragment, saveTime } from "./api.js";
import { app, keepUntouched } from "./store.js";
import { putAside, readSaved } from "./saved.js";
import { setBusy, resetBusy, showBoard, showLoading, whenIdle } from "./board.js";
import { showBar, watchBarSize } from "./bar.js";
import { keptSeconds, resetClock, updateClock } from "./clock.js";
import { notify } from "./notices.js";
import { engineError, showEngineError } from "./failures.js";
import { loadSettings, applyPendingSettings, changeSettings } from "./settings.js";
import { useLanguage } from "./language.js";
import { formatNumber, t } from "./i18n.js";

// The other features this one calls, handed over by main.js (installStartup:
// newGame, restartWith, startGame, loadRecords, finishGame, openReplayLink, today).
/**
 * @type {{newGame: (options?: import("./types").NewGameOptions) => Promise<boolean>,
 *   restartWith: (options: import("./types").NewGameOptions, how?: {asked?: boolean, question?: string}) => Promise<boolean>,
 *   startGame: import("./types").StartGame, loadRecords: (line: number) => Promise<void>,
 *   finishGame: import("./types").FinishGame, openReplayLink: (code: string) => Promise<boolean>, today: () => string}}
 */
let others = /** @type {any} */ (null); // set by installStartup before the engine is started

/** @typedef {{options: import("./types").NewGameOptions & {line: number}, texts: string[]}} Link */

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
    resetClock(keptSeconds(firstGame) ?? (Number(firstGame.seconds) || 0)); // never back from what was shown
  } else {
    showBar({ score: 0, deal: 0, next: [], line: app.settings.line, can_undo: false });
  }
  // One style and layout for the rest of the page, with the bar's final words
  // and numbers: in the next frame, not forced here (forced, it made this
  // task 90-130 ms on a cold start).
  watchBarSize();
  setBusy(+1); // until the engine has a game on the board (first.js drew the board as loading)
}

/**
 * The engine is up: settings, records, then the game: the saved one (or a
 * new one), and then the game a link asks for (openLink: at once over a game
 * with no move, else after the question).
 */
async function whenReady() {
  resetBusy();
  setBusy(+1);
  // The settings answer names the variants; the records of each go out
  // together (the worker answers them in order), not one round trip after another.
  await loadSettings();
  await Promise.all(app.variants.map((line) => others.loadRecords(line)));
  await applyPendingSettings();
  const link = await readLink(location.hash);
  let opened = await resumeSaved();
  if (!opened && !link) opened = await others.newGame();
  setBusy(-1); // the link's game waits for an idle board (play.js restartWith)
  if (opened) shown(); // the player's game is seen while the link's question is asked
  if (link) opened = (await openLink(link)) || opened;
  if (!opened) opened = await others.newGame();
  if (opened) {
    shown();
    await openLinkedReplay();
  }
}

/** The game is on the board: the loading look goes (the engine's failure box too, once it runs). */
function shown() {
  showLoading(false);
  if (!engineReady()) return;
  $("engine-error").hidden = true;
  root.dataset.engine = "ready";
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
 * Read a URL fragment through the engine and take it off the address (a
 * reload then opens the game on the board, whatever the player answers).
 * Resolves to the game it asks for, `{options, texts}` (`options` for
 * play.js newGame: `{deal, line}`, `{daily, line}` with today's date, or
 * `{line}` alone; `texts` the notices of the parts ignored), or null when it
 * asks for none (its notices are shown at once). A replay link
 * (#replay=<code>) starts no game: its code is kept for openLinkedReplay,
 * once the player's own game is on the board.
 * @param {string} hash
 * @returns {Promise<Link | null>}
 */
async function readLink(hash) {
  if (!hash || hash === "#") return null;
  const reply = await readFragment(hash);
  history.replaceState(null, "", location.pathname + location.search);
  if (!reply.ok) return null;
  const { deal, daily, line, notices } = reply.result;
  linkedReplay = typeof reply.result.replay === "string" ? reply.result.replay : null;
  const texts = (notices ?? []).map((n) => {
    const key = `fragment_${n.code}`;
    const word = t(key, { detail: n.text ?? "" });
    return word === key ? String(n.text ?? "") : word;
  });
  const useLine = line ?? app.settings.line; // the engine's: a variant, or null
  if (deal) return { options: { deal, line: useLine }, texts };
  if (daily) return { options: { daily: others.today(), line: useLine }, texts };
  if (line) return { options: { line }, texts };
  if (texts.length) notify(texts.join(" "));
  return null;
}

/**
 * The question before a link's game replaces a game with moves: the game it starts and the points lost.
 * @param {Link["options"]} options
 */
function linkQuestion(options) {
  const params = {
    deal: options.deal,
    variant: t(`variant${options.line}`),
    points: formatNumber(app.state?.score ?? 0),
  };
  if (options.deal) return t("linkDeal", params);
  if (options.daily) return t("linkDaily", params);
  return t("linkLine", params);
}

/**
 * Start the game of a link (readLink): at once when the game on the board
 * has no move, is over, or there is none; else only when the player says
 * yes to linkQuestion (on «no» the game stays as it is, and so do the
 * settings). Resolves true when the link's game started.
 * @param {Link} link
 */
async function openLink({ options, texts }) {
  const ok = await others.restartWith(options, { question: linkQuestion(options) });
  if (!ok) {
    if (texts.length) notify(texts.join(" "));
    return false;
  }
  const variant = t(`variant${options.line}`);
  if (options.deal) texts.push(t("dealOpened", { deal: options.deal, variant }));
  else if (options.daily) texts.push(t("dailyOpened", { deal: app.state?.deal, variant }));
  if (options.line !== app.settings.line && !options.deal && !options.daily) {
    await changeSettings({ line: options.line }); // #line=4 alone: the variant played from now on
  }
  if (texts.length) notify(texts.join(" "));
  return true;
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
    let opened = reply.result.state;
    const kept = keptSeconds(opened, { take: true }); // the seconds the page left before counted
    if (kept !== null) {
      const timed = await saveTime(kept);
      if (timed.ok) opened = timed.result.state;
    }
    others.startGame(opened, "load");
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
 * Take the other features' functions: `newGame`, `restartWith`, `startGame`
 * (play.js), `loadRecords` (records.js), `finishGame` (gameover.js),
 * `openReplayLink` (replay.js), `today` (daily.js: today's UTC date);
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
    const link = await readLink(location.hash);
    setBusy(-1);
    if (link) await openLink(link);
    await openLinkedReplay();
  });
}
