// The other tabs of this site: a tab never plays on (and then writes) an old
// copy of a game another tab moved on, and it joins records other tabs wrote.
// (The game document of every state is stored by store.js setState.)

import { $ } from "./dom.js";
import * as storage from "./storage.js";
import { engineReady, loadGame, mergeRecords } from "./api.js";
import { app, setState, mayWrite } from "./store.js";
import { readSaved } from "./saved.js";
import { select, setBusy, whenIdle } from "./board.js";
import { showRecord } from "./bar.js";
import { notify } from "./notices.js";
import { closeWindow } from "./windows.js";
import { t } from "./i18n.js";

/** True when the stored game is still the one this tab shows (same id, moves, end). */
function storedIsOurs() {
  const saved = readSaved(storage.KEYS.game);
  const state = app.state;
  if (saved.kind !== "ok" || !state) return true;
  const doc = saved.doc;
  return doc?.id === state.id && doc?.moves === state.moves && doc?.over === state.over;
}

/**
 * Another tab changed the saved game: load its copy (validated by the engine)
 * and show it. Resolves true when it was adopted.
 * @param {unknown} doc  the stored game document, unvalidated
 */
async function adoptOtherTab(doc) {
  setBusy(+1);
  const reply = await loadGame(doc);
  setBusy(-1);
  if (!reply.ok) return false;
  closeWindow($("game-over"));
  select(null);
  notify(t("otherTab"));
  setState(reply.result.state, "tab");
  return true;
}

/** Before changing the game: if another tab changed it meanwhile, take its copy instead. */
export async function catchUpWithOtherTab() {
  if (!mayWrite(storage.KEYS.game) || storedIsOurs()) return false;
  return adoptOtherTab(readSaved(storage.KEYS.game).doc);
}

/**
 * Another tab changed the saved game or the records: show the newest state
 * here (validated by the engine) and never write the old copy back over it.
 */
export function installTabSync() {
  window.addEventListener("storage", async (event) => {
    if (!event.key || !event.key.startsWith("kugler:1:") || !engineReady() || !app.started) return;
    let doc;
    try {
      doc = event.newValue === null ? null : JSON.parse(event.newValue);
    } catch {
      return;
    }
    await whenIdle();
    const state = app.state;
    if (event.key === storage.KEYS.game && doc) {
      // the newest write wins; what is stored now may be newer still than the event
      const now = readSaved(storage.KEYS.game);
      const current = now.kind === "ok" ? now.doc : doc;
      if (current.id === state?.id && current.moves === state?.moves && current.over === state?.over) return;
      if (mayWrite(storage.KEYS.game)) await adoptOtherTab(current);
    } else if (app.variants.some((n) => event.key === storage.KEYS.records(n))) {
      const line = app.variants.find((n) => event.key === storage.KEYS.records(n));
      if (!doc || line === undefined) return;
      // join, not replace: this tab may hold games the other copy misses
      const reply = await mergeRecords(doc, app.records[line], line);
      if (reply.ok) {
        app.records[line] = reply.result.records;
        showRecord(app.state?.line ?? app.settings.line);
      }
    }
  });
}
