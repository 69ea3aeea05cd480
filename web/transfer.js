// Your data: download a copy (the engine's export document) and load one
// back (validated by the engine, records joined, nothing counted twice).

import { $ } from "./dom.js";
import { app, engine } from "./store.js";
import { setBusy, whenIdle } from "./board.js";
import { showRecord } from "./bar.js";
import { notify } from "./notices.js";
import { updateRecords, finishGame } from "./records.js";
import { changeSettings, useLanguage } from "./preferences.js";
import { startGame } from "./play.js";
import { renderStats } from "./dialogs.js";
import { t } from "./i18n.js";

/** Download the facade's export document (game, records of both variants, settings). */
async function exportData() {
  if (engine.state !== "ready") return;
  const date = new Date().toISOString();
  const reply = await engine.request("export", {
    game: app.state?.save ?? null, records: { 4: app.records[4], 5: app.records[5] }, settings: app.settings, date,
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
 */
async function importData(file) {
  if (!file || engine.state !== "ready") return;
  let doc;
  try {
    if (file.size > MAX_IMPORT) throw new Error("too large");
    doc = JSON.parse(await file.text());
  } catch {
    notify(t("importBad"), 10000);
    return;
  }
  const reply = await engine.request("import", { doc });
  if (!reply.ok) {
    notify(t(reply.error?.code === "newer_version" ? "importNewer" : "importBad"), 10000);
    return;
  }
  await whenIdle();
  setBusy(+1);
  const { game, records: imported, settings: importedSettings } = reply.result;
  for (const line of [4, 5]) {
    const other = imported[String(line)];
    if (other?.stats?.games) {
      await updateRecords(line, (base) => engine.request("records_merge", { a: base, b: other, line }));
    }
  }
  await changeSettings(importedSettings);
  useLanguage(app.settings.language);
  if (game) {
    const loaded = await engine.request("load", { save: game });
    if (loaded.ok) {
      startGame(loaded.result.state, "load");
      if (app.state.over) await finishGame(app.state, false);
    }
  }
  setBusy(-1);
  showRecord(app.state?.line ?? app.settings.line);
  const dialog = $("stats-window");
  if (dialog.open) {
    const tab = dialog.querySelector(".tab[aria-selected=true]");
    renderStats(app.records[Number(tab?.dataset.line ?? app.settings.line)]);
  }
  notify(t("importDone"));
}

/** The statistics window's export and import buttons. */
export function installTransfer() {
  $("export").addEventListener("click", () => exportData());
  $("import").addEventListener("click", () => $("import-file").click());
  $("import-file").addEventListener("change", async () => {
    const input = $("import-file");
    const file = input.files?.[0];
    input.value = "";
    await importData(file);
  });
}
