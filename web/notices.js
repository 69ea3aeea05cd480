// The notices, in their place of their own under the board (#notices, see
// index.html): a short notice (notify, or a "notice" event from the state
// layer), and the notice that stays while storage cannot be written. Each
// has a close button; closing one gives its room back to the board.

import { $ } from "./dom.js";
import * as storage from "./storage.js";
import { on } from "./store.js";
import { t } from "./i18n.js";

let noticeTimer = 0;
let storageClosed = false; // the player closed the storage notice; shown again when storage comes back and fails anew

/**
 * The text of notice `box` (its .notice-text, which the page holds).
 * @param {HTMLElement} box
 */
const textOf = (box) => /** @type {HTMLElement} */ (box.querySelector(".notice-text"));

/**
 * Show `text` for `ms` milliseconds (0: until closed or replaced).
 * @param {string} text
 */
export function notify(text, ms = 6000) {
  const box = $("notice");
  textOf(box).textContent = text;
  box.hidden = false;
  clearTimeout(noticeTimer);
  if (ms > 0) noticeTimer = setTimeout(() => { box.hidden = true; }, ms);
}

/** Take the short notice away (what it said belongs to a game or a step before). */
export function clearNotice() {
  clearTimeout(noticeTimer);
  $("notice").hidden = true;
}

/** @param {boolean} ok */
function showStorageNotice(ok) {
  if (ok) storageClosed = false;
  const box = $("storage-notice");
  textOf(box).textContent = t("storageUnavailable");
  box.hidden = ok || storageClosed;
}

/** A tap on a notice or its close button closes it; the storage notice follows storage's availability. */
export function installNotices() {
  $("notice").addEventListener("click", () => {
    $("notice").hidden = true;
  });
  /** @type {HTMLElement} */ ($("storage-notice").querySelector(".notice-close")).addEventListener("click", () => {
    storageClosed = true;
    $("storage-notice").hidden = true;
  });
  storage.onAvailability(showStorageNotice);
  on("notice", ({ text, ms }) => notify(text, ms));
  on("language", () => {
    textOf($("storage-notice")).textContent = t("storageUnavailable");
  });
}
