// Short notices over the board (notify, or a "notice" event from the state
// layer), and the notice that stays while storage cannot be written.

import { $ } from "./dom.js";
import * as storage from "./storage.js";
import { on } from "./store.js";
import { t } from "./i18n.js";

let noticeTimer = 0;

/** Show `text` for `ms` milliseconds (0: until tapped or replaced). */
export function notify(text, ms = 6000) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(noticeTimer);
  if (ms > 0) noticeTimer = setTimeout(() => { box.hidden = true; }, ms);
}

function showStorageNotice(ok) {
  const box = $("storage-notice");
  box.textContent = t("storageUnavailable");
  box.hidden = ok;
}

/** Tap to close a notice; the storage notice follows storage's availability. */
export function installNotices() {
  $("notice").addEventListener("click", () => {
    $("notice").hidden = true;
  });
  storage.onAvailability(showStorageNotice);
  on("notice", ({ text, ms }) => notify(text, ms));
  on("language", () => { $("storage-notice").textContent = t("storageUnavailable"); });
}
