// The records of each variant on the page's side: loading them through the
// engine, and every change (a game counted, a name, an import) under the
// records lock shared by every tab, merged with what is stored first. Python decides every number; this module stores what it
// answers. (The game-over window is gameover.js's.)

import * as storage from "./storage.js";
import { CODES, failedWith, loadRecords as readRecords, mergeRecords } from "./api.js";
import { app, keepUntouched, mayWrite } from "./store.js";
import { putAside, readSaved } from "./saved.js";
import { notify } from "./notices.js";
import { t } from "./i18n.js";

/**
 * The notice for broken records of variant `line`.
 * @param {number} line
 */
function brokenRecords(line) {
  return t("brokenRecords", { variant: t(`variant${line}`) });
}

/**
 * Run fn while holding the records lock (shared by every tab), or just run it.
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
function withRecordsLock(fn) {
  if (navigator.locks?.request) return navigator.locks.request("kugler-records", fn);
  return fn();
}

/**
 * Under the records lock: re-read the stored records of `line`, join them with
 * this tab's copy (records_merge, a = stored, b = ours), pass the result to
 * `change(base)` (an engine request answering {records, ...}) and store what it
 * answers. Nothing is written when the stored copy could not be read, is from
 * a newer version, or is broken and could not be kept aside: records are never
 * replaced by a copy that may miss games. Resolves to change's reply.
 * @type {import("./types").UpdateRecords}
 */
export function updateRecords(line, change) {
  return withRecordsLock(async () => {
    const key = storage.KEYS.records(line);
    let base = app.records[line] ?? null;
    let writable = mayWrite(key);
    const saved = readSaved(key);
    if (saved.kind === "unreadable") writable = false;
    else if (saved.kind !== "none" && writable) {
      /** @type {import("./types").Reply<import("./types").MergeResult>} */
      const merged = saved.kind === "ok"
        ? await mergeRecords(saved.doc, base, line)
        : { ok: false, error: { code: CODES.badDocument, message: "" } };
      if (merged.ok) base = merged.result.records;
      else if (failedWith(merged, CODES.newerVersion)) {
        keepUntouched(key);
        writable = false;
        notify(t("newerVersion"), 10000);
      } else if (failedWith(merged, CODES.badDocument)) {
        writable = putAside(saved, key, brokenRecords(line), { quietIfLost: true });
      } else writable = false;
    }
    const reply = await change(base);
    if (reply.ok) {
      app.records[line] = reply.result.records;
      if (writable) storage.saveRecords(line, reply.result.records);
    }
    return reply;
  });
}

/**
 * Validate a stored records document through the engine; keep a broken one aside.
 * @param {number} line
 */
export async function loadRecords(line) {
  const key = storage.KEYS.records(line);
  const saved = readSaved(key);
  // Unread records (storage failed) are shown as none, but never written over:
  // every write re-reads and merges first (updateRecords).
  if (saved.kind === "broken" && !putAside(saved, key, brokenRecords(line))) keepUntouched(key);
  const reply = await readRecords(saved.kind === "ok" ? saved.doc : null, line);
  if (reply.ok) {
    app.records[line] = reply.result.records;
    return;
  }
  if (failedWith(reply, CODES.newerVersion)) {
    keepUntouched(key);
    notify(t("newerVersion"));
  } else if (failedWith(reply, CODES.badDocument)) {
    if (!putAside(saved, key, brokenRecords(line))) keepUntouched(key);
  } else keepUntouched(key);
  const empty = await readRecords(null, line);
  app.records[line] = empty.ok ? empty.result.records : null;
}
