// The engine's failures: the error box over the board and what the page
// does when a reply says the engine broke.

import { $, root } from "./dom.js";
import { CODES, engine } from "./api.js";
import { app, on } from "./store.js";
import { resetBusy, showLoading } from "./board.js";
import { updateClock } from "./clock.js";
import { notify } from "./notices.js";
import { t } from "./i18n.js";

/** @type {{code: string} | null} */
let lastFailure = null;

/**
 * Show the engine's failure (`{code}`) with a button to try again.
 * @param {{code: string} | null} failure
 */
export function showEngineError(failure) {
  lastFailure = failure;
  const key = /** @type {Record<string, string>} */ ({
    no_wasm: "engineFailedNoWasm",
    download: "engineFailedDownload",
    crashed: "engineCrashed",
    internal: "engineCrashed",
  })[failure?.code ?? ""] ?? "engineFailed";
  $("engine-error-text").textContent = t(key);
  $("engine-retry").textContent = failure?.code === "crashed" || failure?.code === "internal" ? t("restart") : t("tryAgain");
  $("engine-error").hidden = false;
  root.dataset.engine = "failed";
  showLoading(false);
}

/** Show the error box again in a new language (when it is up). */
export function installFailures() {
  on("language", () => {
    if (root.dataset.engine === "failed") showEngineError(lastFailure);
  });
}

/**
 * An error reply the page cannot handle in place: internal errors stop play until a restart.
 * @param {{code: string} | null | undefined} error
 */
export function engineError(error) {
  const code = error?.code;
  if (code === CODES.internal || code === CODES.engineFailed) {
    app.started = false;
    resetBusy();
    updateClock();
    showEngineError({ code: code === CODES.internal ? CODES.internal : engine.failure?.code ?? "crashed" });
  } else {
    notify(t("moveFailed"));
  }
}
