// Browser storage: the only module that touches localStorage.
//
// Keys (docs/documents.md):
//   kugler:1:game            the game in progress (game document)
//   kugler:1:records:5 / :4  records per variant
//   kugler:1:settings        settings
//   kugler:1:broken:<time>   a document that failed validation, kept aside
//   kugler:1:clock           the play clock of a page being left: {id, moves, seconds}
//                            (clock.js), taken by the next load (the engine then
//                            stores the seconds in the game)
//
// Nothing here throws: storage may be missing, disabled or full. Reads return
// null when there is nothing, {failed: true} when storage could not be read
// (never to be mistaken for "no document": a caller must not write an empty
// document over what it could not read); writes return true/false.
// Storage counts as unavailable after a failed access and as available again
// only after a write succeeded (a full storage still reads): onAvailability
// tells the page, which keeps a notice up while nothing can be saved.
// Documents are stored as JSON text exactly as Python produced them; this
// module never judges their content (Python validates).

/**
 * A document as read: {failed: true} when storage could not be read, {raw}
 * when the text is not JSON, {doc, raw} when it parses (`doc` is unvalidated JSON).
 * @typedef {{failed: true} | {failed?: undefined, raw: string} | {failed?: undefined, doc: any, raw: string}} StoredDoc
 */

export const KEYS = Object.freeze({
  game: "kugler:1:game",
  settings: "kugler:1:settings",
  /** @param {number} line */
  records: (line) => `kugler:1:records:${line}`,
  /** @param {string} time */
  broken: (time) => `kugler:1:broken:${time}`,
  clock: "kugler:1:clock",
});

let healthy = true;
/** @type {Set<(ok: boolean) => void>} */
const listeners = new Set();

function store() {
  try {
    const s = globalThis.localStorage;
    return s ?? null;
  } catch {
    return null;
  }
}

/** @param {boolean} ok */
function mark(ok) {
  if (ok !== healthy) {
    healthy = ok;
    for (const fn of listeners) {
      try {
        fn(ok);
      } catch {
        /* a listener's problem is not storage's */
      }
    }
  }
  return ok;
}

/**
 * Call fn(ok) whenever storage becomes unavailable or available again, and
 * at once with false when an earlier access has already failed.
 * @param {(ok: boolean) => void} fn
 */
export function onAvailability(fn) {
  listeners.add(fn);
  if (!healthy) fn(false);
}

/**
 * {text} (text null for a missing key), or {failed: true} when storage cannot be read.
 * @param {string} key
 * @returns {{failed: true, text?: undefined} | {failed?: undefined, text: string | null}}
 */
function readRaw(key) {
  const s = store();
  if (!s) {
    mark(false);
    return { failed: true };
  }
  try {
    return { text: s.getItem(key) };
  } catch {
    mark(false);
    return { failed: true };
  }
}

/**
 * The raw text under `key`, or null (missing key or no storage).
 * @param {string} key
 */
export function readText(key) {
  const r = readRaw(key);
  return r.failed ? null : r.text;
}

/**
 * Store `text` under `key`; false when storage is missing, disabled or full.
 * @param {string} key
 * @param {string} text
 */
export function writeText(key, text) {
  const s = store();
  if (!s) return mark(false);
  try {
    s.setItem(key, text);
    return mark(true);
  } catch {
    return mark(false);
  }
}

/**
 * Remove `key`; false when storage is missing or disabled.
 * @param {string} key
 */
export function remove(key) {
  const s = store();
  if (!s) return mark(false);
  try {
    s.removeItem(key);
    return mark(true);
  } catch {
    return mark(false);
  }
}

/**
 * Read a JSON document: null when absent; {failed: true} when storage could
 * not be read; {raw} when the text is not JSON; {doc, raw} when it parses
 * (the doc is still unvalidated).
 * @param {string} key
 * @returns {StoredDoc | null}
 */
export function readDoc(key) {
  const r = readRaw(key);
  if (r.failed) return { failed: true };
  const raw = r.text;
  if (raw === null) return null;
  try {
    return { doc: JSON.parse(raw), raw };
  } catch {
    return { raw };
  }
}

/**
 * @param {string} key
 * @param {unknown} doc
 */
function writeDoc(key, doc) {
  let text;
  try {
    text = JSON.stringify(doc);
  } catch {
    return false;
  }
  return writeText(key, text);
}

export const loadGame = () => readDoc(KEYS.game);
/** @param {import("./types").GameDoc} doc */
export const saveGame = (doc) => writeDoc(KEYS.game, doc);
/** @param {import("./types").SettingsDoc} doc */
export const saveSettings = (doc) => writeDoc(KEYS.settings, doc);
/**
 * @param {number} line
 * @param {import("./types").RecordsDoc} doc
 */
export const saveRecords = (line, doc) => writeDoc(KEYS.records(line), doc);

/**
 * Keep a document that failed validation aside under kugler:1:broken:<time>
 * (the raw text, untouched) and remove it from `key` when `key` is given.
 * Returns the key it was kept under, or null when storage failed.
 * @param {unknown} raw
 * @param {string | null} key
 */
export function keepBroken(raw, key = null) {
  let brokenKey = KEYS.broken(new Date().toISOString());
  for (let n = 2; readText(brokenKey) !== null; n++) brokenKey = `${KEYS.broken(new Date().toISOString())}-${n}`;
  const ok = writeText(brokenKey, typeof raw === "string" ? raw : JSON.stringify(raw));
  if (ok && key) remove(key);
  return ok ? brokenKey : null;
}
