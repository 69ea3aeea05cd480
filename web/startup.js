// The engine's life on the page: the stored game's numbers before the engine
// is ready, then, once it is: settings, records, and the game (the deal of
// the URL fragment, the saved game, or a new one); a failed engine and its
// restart.

import { $, root } from "./dom.js";
import * as storage from "./storage.js";
import { app, engine } from "./store.js";
import { setBusy, resetBusy, showBoard, showLoading, whenIdle } from "./board.js";
import { showBar, watchBarSize } from "./bar.js";
import { resetClock, updateClock } from "./clock.js";
import { notify } from "./notices.js";
import { engineError, showEngineError } from "./failures.js";
import { loadRecords, finishGame } from "./records.js";
import { loadSettings, applyPendingSettings, changeSettings, useLanguage } from "./preferences.js";
import { newGame, startGame } from "./play.js";
import { openReplayLink } from "./replay.js";
import { t } from "./i18n.js";

/**
 * The bar shows the stored game's numbers (display only, unvalidated) while
 * first.js's board waits for the engine; the board stays busy until then.
 * `firstGame` is the stored game document first.js drew (or null), `firstBoard`
 * its 81 colours (or null).
 */
export function firstPaint(firstGame, firstBoard) {
  const storedSettings = storage.loadSettings()?.doc;
  if (storedSettings && typeof storedSettings === "object") {
    if (storedSettings.line === 4 || storedSettings.line === 5) app.settings.line = storedSettings.line;
  }
  useLanguage(storedSettings?.language);
  if (firstBoard) { // already on the canvas (first.js)
    showBoard(firstBoard, { drawn: true });
    const line = firstGame.line === 4 ? 4 : 5;
    const storedRecords = storage.loadRecords(line)?.doc;
    if (storedRecords && Number.isInteger(storedRecords.record)) app.records[line] = { record: storedRecords.record };
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
  // Three independent documents: their requests go out together (the worker
  // answers them in order), not one round trip after another.
  await Promise.all([loadSettings(), loadRecords(5), loadRecords(4)]);
  await applyPendingSettings();
  const opened = (await openFragment(location.hash)) || (await resumeSaved()) || (await newGame());
  setBusy(-1);
  showLoading(false);
  if (engine.state === "ready" && opened) {
    $("engine-error").hidden = true;
    root.dataset.engine = "ready";
    await openLinkedReplay();
  }
}

let linkedReplay = null; // the code of a #replay=<code> fragment, opened over the player's game

/** Open the replay a fragment named (over the game on the board, which it never changes). */
async function openLinkedReplay() {
  const code = linkedReplay;
  linkedReplay = null;
  if (code) await openReplayLink(code);
}

/**
 * Open the deal of a URL fragment (#deal=N&line=4); false when it names none.
 * A replay link (#replay=<code>) opens no game: its code is kept for
 * openLinkedReplay, once the player's own game is on the board.
 */
async function openFragment(hash) {
  if (!hash || hash === "#") return false;
  const reply = await engine.request("fragment", { text: hash });
  history.replaceState(null, "", location.pathname + location.search);
  if (!reply.ok) return false;
  const { deal, line, notices } = reply.result;
  linkedReplay = typeof reply.result.replay === "string" ? reply.result.replay : null;
  const texts = (notices ?? []).map((n) => {
    const key = `fragment_${n.code}`;
    const word = t(key, { detail: n.text ?? "" });
    return word === key ? String(n.text ?? "") : word;
  });
  const useLine = line === 4 || line === 5 ? line : app.settings.line;
  if (!deal) {
    if (texts.length) notify(texts.join(" "));
    if (line === 4 || line === 5) {
      if (line !== app.settings.line) await changeSettings({ line });
      return newGame({ line });
    }
    return false;
  }
  const ok = await newGame({ deal, line: useLine });
  if (ok) notify([...texts, t("dealOpened", { deal, variant: t(`variant${useLine}`) })].join(" "));
  return ok;
}

/** Resume the saved game through the engine; false when there is none or it was broken. */
async function resumeSaved() {
  const stored = storage.loadGame();
  if (!stored || stored.failed) return false;
  if (!("doc" in stored)) {
    storage.keepBroken(stored.raw, storage.KEYS.game);
    notify(t("brokenGame"), 10000);
    return false;
  }
  const reply = await engine.request("load", { save: stored.doc });
  if (reply.ok) {
    startGame(reply.result.state, "load");
    if (app.state.over) await finishGame(app.state, true);
    return true;
  }
  if (reply.error?.code === "newer_version") {
    notify(t("newerVersion"), 10000);
    app.gameWritable = false; // a newer version's saved game is never overwritten
    return newGame();
  }
  if (reply.error?.code === "internal" || reply.error?.code === "engine_failed") {
    engineError(reply.error);
    return false;
  }
  storage.keepBroken(stored.raw, storage.KEYS.game);
  notify(t("brokenGame"), 10000);
  return false;
}

/** Follow the engine's state, its restart button and later changes of the URL fragment. */
export function installStartup() {
  engine.addEventListener("state", (event) => {
    const { state: engineState } = event.detail;
    if (engineState === "failed") {
      app.started = false;
      updateClock();
      showEngineError(event.detail);
    } else if (engineState === "ready") {
      whenReady();
    }
  });
  $("engine-retry").addEventListener("click", () => {
    $("engine-error").hidden = true;
    root.dataset.engine = "loading";
    showLoading(true);
    resetBusy();
    engine.restart();
  });
  window.addEventListener("hashchange", async () => {
    if (engine.state !== "ready" || !app.started) return;
    await whenIdle();
    setBusy(+1);
    await openFragment(location.hash);
    setBusy(-1);
    await openLinkedReplay();
  });
}
