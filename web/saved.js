// A stored document as the page finds it (state layer), the one reader of
// the documents in storage (first.js aside, which only draws the stored
// board). readSaved(key) gives one of
//
//   {kind: "none"}              nothing stored under the key
//   {kind: "unreadable"}        storage could not be read now: never write over it
//   {kind: "broken", raw}       text that is not JSON
//   {kind: "ok", doc, raw}      JSON, still unvalidated (the engine validates it)
//
// and putAside keeps a broken document (or one the engine refused) under
// kugler:1:broken:<time>, takes it from its key and tells the player.

import * as storage from "./storage.js";
import { tell } from "./store.js";

/**
 * A stored document as the page finds it (see above).
 * @typedef {{kind: "none", raw?: undefined, doc?: undefined} | {kind: "unreadable", raw?: undefined, doc?: undefined}
 *   | {kind: "broken", raw: string, doc?: undefined} | {kind: "ok", doc: any, raw: string}} Saved
 */

/**
 * The document stored under `key` (see above).
 * @param {string} key
 * @returns {Saved}
 */
export function readSaved(key) {
  const stored = storage.readDoc(key);
  if (stored === null) return { kind: "none" };
  if (stored.failed) return { kind: "unreadable" };
  if (!("doc" in stored)) return { kind: "broken", raw: stored.raw };
  return { kind: "ok", doc: stored.doc, raw: stored.raw };
}

/**
 * Keep `saved` (broken, or refused by the engine) aside, take it from `key`
 * and show `notice` for 10 s. Resolves true when it was kept; false when
 * storage failed: then it is still under `key`, and nothing may be written
 * over it. With `quietIfLost`, nothing is said when it could not be kept.
 * @param {Saved} saved
 * @param {string} key
 * @param {string} notice
 */
export function putAside(saved, key, notice, { quietIfLost = false } = {}) {
  const kept = storage.keepBroken(saved.raw, key) !== null;
  if (kept || !quietIfLost) tell(notice, 10000);
  return kept;
}
