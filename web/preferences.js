// The settings document on the page's side: read it through the engine,
// change fields (validated by the engine, then stored), and the language.

import * as storage from "./storage.js";
import { app, engine, emit } from "./store.js";
import { relabelBoard } from "./board.js";
import { showBar } from "./bar.js";
import { notify, relabelNotices } from "./notices.js";
import { relabelFailure } from "./failures.js";
import { t, setLanguage, detectLanguage, applyWords, LANGUAGES } from "./i18n.js";

let pendingSettings = null; // changes made before the engine was ready

/** Validate the stored settings through the engine (defaults when missing or broken). */
export async function loadSettings() {
  const stored = storage.loadSettings();
  if (stored?.failed) app.settingsWritable = false;
  let reply = await engine.request("settings_load", { doc: stored && !stored.failed ? stored.doc ?? "" : null });
  if (!reply.ok) {
    if (reply.error?.code === "newer_version") {
      app.settingsWritable = false;
      notify(t("newerVersion"), 10000);
    } else if (stored) {
      if (!storage.keepBroken(stored.raw, storage.KEYS.settings)) app.settingsWritable = false;
      notify(t("brokenSettings"), 10000);
    }
    reply = await engine.request("settings_load", { doc: null });
  }
  if (reply.ok) app.settings = reply.result.settings;
  useLanguage(app.settings.language);
  emit("settings", { settings: app.settings });
}

/** Apply the changes made before the engine was ready (after loadSettings). */
export async function applyPendingSettings() {
  if (!pendingSettings) return;
  const changes = pendingSettings;
  pendingSettings = null;
  await changeSettings(changes);
  useLanguage(app.settings.language);
}

let changesSent = 0; // changes sent to the engine; only the latest one's answer is kept

/**
 * Change settings fields, validate them through the engine, store them.
 * Changes made quickly one after another each include the ones before, so
 * only the answer to the latest counts (an earlier answer would undo a later
 * change on the page meanwhile).
 */
export async function changeSettings(changes) {
  const wanted = { ...app.settings, ...changes };
  app.settings = wanted;
  if (engine.state !== "ready") {
    pendingSettings = { ...pendingSettings, ...changes };
    emit("settings", { settings: app.settings });
    return;
  }
  const sent = ++changesSent;
  const reply = await engine.request("settings_load", { doc: wanted });
  if (sent !== changesSent) return;
  if (reply.ok) {
    app.settings = reply.result.settings;
    if (app.settingsWritable) storage.saveSettings(app.settings);
  }
  emit("settings", { settings: app.settings });
}

/** Show the page in `lang` ("da", "sv", "en"; anything else: the browser's choice). */
export function useLanguage(lang) {
  setLanguage(LANGUAGES.includes(lang) ? lang : detectLanguage());
  applyWords();
  relabelBoard();
  if (app.state) showBar(app.state);
  relabelFailure();
  relabelNotices();
  for (const radio of document.querySelectorAll("input[name=lang]")) {
    radio.checked = radio.value === (LANGUAGES.includes(lang) ? lang : "auto");
  }
}
