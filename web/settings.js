// The settings document on the page's side (state layer): read through the
// engine, changed field by field (validated by the engine, then stored when
// storage may be written), and told to the views ("settings" event). The
// language the page shows follows it (language.js).

import * as storage from "./storage.js";
import { CODES, engineReady, failedWith, loadSettings as readSettings } from "./api.js";
import { app, emit, keepUntouched, mayWrite, tell } from "./store.js";
import { putAside, readSaved } from "./saved.js";
import { t } from "./i18n.js";

/** @typedef {import("./types").SettingsDoc} SettingsDoc */

/** @type {Partial<SettingsDoc> | null} changes made before the engine was ready */
let pendingSettings = null;

/** @param {SettingsDoc} settings */
function setSettings(settings) {
  app.settings = settings;
  emit("settings", { settings });
}

/** Validate the stored settings through the engine (defaults when missing or broken). */
export async function loadSettings() {
  const key = storage.KEYS.settings;
  const saved = readSaved(key);
  if (saved.kind === "unreadable") keepUntouched(key);
  // a text that is not JSON (or JSON null) is sent as "": the engine calls it broken
  let doc = null;
  if (saved.kind === "ok") doc = saved.doc ?? "";
  else if (saved.kind === "broken") doc = "";
  let reply = await readSettings(doc);
  if (!reply.ok) {
    if (failedWith(reply, CODES.newerVersion)) {
      keepUntouched(key);
      tell(t("newerVersion"), 10000);
    } else if (saved.kind === "ok" || saved.kind === "broken") {
      if (!putAside(saved, key, t("brokenSettings"))) keepUntouched(key);
    }
    reply = await readSettings(null);
  }
  if (reply.ok) app.variants = reply.result.variants;
  setSettings(reply.ok ? reply.result.settings : app.settings);
}

/** Apply the changes made before the engine was ready (after loadSettings). */
export async function applyPendingSettings() {
  if (!pendingSettings) return;
  const changes = pendingSettings;
  pendingSettings = null;
  await changeSettings(changes);
}

let changesSent = 0; // changes sent to the engine; only the latest one's answer is kept

/**
 * Change settings fields, validate them through the engine, store them.
 * Changes made quickly one after another each include the ones before, so
 * only the answer to the latest counts (an earlier answer would undo a later
 * change on the page meanwhile).
 * @param {Partial<SettingsDoc>} changes
 */
export async function changeSettings(changes) {
  const wanted = { ...app.settings, ...changes };
  app.settings = wanted;
  if (!engineReady()) {
    pendingSettings = { ...pendingSettings, ...changes };
    setSettings(wanted);
    return;
  }
  const sent = ++changesSent;
  const reply = await readSettings(wanted);
  if (sent !== changesSent) return;
  if (reply.ok && mayWrite(storage.KEYS.settings)) storage.saveSettings(reply.result.settings);
  setSettings(reply.ok ? reply.result.settings : app.settings);
}
