// Your data: download a copy (the engine's export document) and load one
// back (validated by the engine, records joined, nothing counted twice).
// The statistics window's #export, #import and #import-file are the input
// layer's (buttons.js): they call exportData and importData.

import { $ } from "./dom.js";
import { CODES, engineReady, exportData as makeExport, failedWith, importData as readImport, loadGame, mergeRecords } from "./api.js";
import { app } from "./store.js";
import { setBusy, whenIdle } from "./board.js";
import { showRecord } from "./bar.js";
import { notify } from "./notices.js";
import { changeSettings } from "./settings.js";
import { renderStats } from "./window-stats.js";
import { t } from "./i18n.js";

// The other features this one calls, handed over by main.js (installTransfer: startGame, updateRecords, finishGame).
/** @type {{startGame: import("./types").StartGame, updateRecords: import("./types").UpdateRecords, finishGame: import("./types").FinishGame}} */
let others = /** @type {any} */ (null); // set by installTransfer before any import

/** Download the facade's export document (game, records of every variant, settings). */
export async function exportData() {
  if (!engineReady()) return;
  const date = new Date().toISOString();
  const reply = await makeExport({
    game: app.state?.save ?? null, records: Object.fromEntries(app.variants.map((line) => [line, app.records[line] ?? null])), settings: app.settings, date,
  });
  if (!reply.ok) {
    notify(t("exportFailed"));
    return;
  }
  const blob = new Blob([JSON.stringify(reply.result.doc, null, 1)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `kugler-${date.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

const MAX_IMPORT = 2_000_000; // bytes: far more than any real export

/**
 * Read an export file through the facade's `import` (the same validation as
 * stored documents). A bad file changes nothing; a good one is joined with
 * the records here (records_merge, nothing counted twice or lost), its
 * settings are taken and its game (if any) is opened.
 * @param {File | null | undefined} file
 */
export async function importData(file) {
  if (!file || !engineReady()) return;
  let doc;
  try {
    if (file.size > MAX_IMPORT) throw new Error("too large");
    doc = JSON.parse(await file.text());
  } catch {
    notify(t("importBad"), 10000);
    return;
  }
  const reply = await readImport(doc);
  if (!reply.ok) {
    notify(t(failedWith(reply, CODES.newerVersion) ? "importNewer" : "importBad"), 10000);
    return;
  }
  await whenIdle();
  setBusy(+1);
  const { game, records: imported, settings: importedSettings } = reply.result;
  for (const line of app.variants) {
    const other = imported[String(line)];
    if (other?.stats?.games) {
      await others.updateRecords(line, (base) => mergeRecords(base, other, line));
    }
  }
  await changeSettings(importedSettings); // the page's language follows (language.js)
  if (game) {
    const loaded = await loadGame(game);
    if (loaded.ok) {
      others.startGame(loaded.result.state, "load");
      if (app.state?.over) await others.finishGame(app.state, false);
    }
  }
  setBusy(-1);
  showRecord(app.state?.line ?? app.settings.line);
  const dialog = /** @type {HTMLDialogElement} */ ($("stats-window"));
  if (dialog.open) {
    const tab = /** @type {HTMLElement | null} */ (dialog.querySelector(".tab[aria-selected=true]"));
    renderStats(app.records[Number(tab?.dataset.line ?? app.settings.line)]);
  }
  notify(t("importDone"));
}

/**
 * Take the other features' functions, `startGame` (play.js), `updateRecords`
 * (records.js) and `finishGame` (gameover.js).
 * @param {typeof others} collaborators
 */
export function installTransfer(collaborators) {
  others = collaborators;
}
