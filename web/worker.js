// The engine worker (a module worker): boots Pyodide + kugler_core through
// bootEngine(), then answers every {id, cmd, args} message by passing it to
// session.handle_json() and posting the parsed reply {id, ok, result|error}.
//
// Status messages carry a `type` instead of an id:
//   {type: "ready", build}                 the engine answers requests now
//   {type: "failed", code, message}        it cannot boot (code: no_wasm | download | boot)
// Requests that arrive while booting wait; after a failed boot they get an
// error reply with code "engine_failed".

import { bootEngine } from "./boot.js";

/** @typedef {import("./boot.js").BootedEngine} BootedEngine */

/** The text of `err` (an Error's message, or the value itself). */
const messageOf = (/** @type {unknown} */ err) => String(/** @type {Error | null} */ (err)?.message ?? err);

const base = new URL("./", self.location.href);
/** @type {BootedEngine["session"] | null} */
let session = null;
/** @type {string | null} why the boot failed (then every request gets engine_failed) */
let failed = null;
/** @type {unknown[]} requests that came while booting */
const waiting = [];

let lastRequest = 0; // performance.now() of the last request

// Resolves once no request has come for `ms` (the player is not moving), or
// after `limit` ms: when the boot may write its memory image for next time.
/** @returns {Promise<void>} */
function quiet(ms = 1500, limit = 15000) {
  const since = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const still = now - Math.max(lastRequest, since);
      if (still >= ms || now - since >= limit) resolve();
      else setTimeout(check, ms - still);
    };
    setTimeout(check, ms);
  });
}

/** @param {any} msg a request {id, cmd, args} as posted (unchecked: the facade checks it) */
function handle(msg) {
  lastRequest = performance.now();
  const id = msg && typeof msg === "object" ? msg.id : undefined;
  if (failed) {
    self.postMessage({ id, ok: false, error: { code: "engine_failed", message: failed } });
    return;
  }
  let request;
  try {
    request = JSON.stringify(msg);
  } catch (err) {
    // Not JSON (e.g. a circular object): the request is bad, the engine is fine.
    self.postMessage({ id, ok: false, error: { code: "bad_request", message: messageOf(err) } });
    return;
  }
  try {
    const text = /** @type {BootedEngine["session"]} */ (session).handle_json(request ?? "null");
    self.postMessage(JSON.parse(text));
  } catch (err) {
    self.postMessage({ id, ok: false, error: { code: "internal", message: messageOf(err) } });
  }
}

self.onmessage = (event) => {
  if (session || failed) handle(event.data);
  else waiting.push(event.data);
};

/** @param {unknown} err */
function failureCode(err) {
  if (typeof WebAssembly !== "object") return "no_wasm";
  const text = messageOf(err);
  if (/HTTP \d|fetch|NetworkError|network|Load failed|dynamically imported module|Failed to load/i.test(text)) {
    return "download";
  }
  return "boot";
}

// Pyodide does not always reject when a runtime file fails to download (a
// failed wasm instantiation leaves loadPyodide pending forever). So the
// worker watches its own downloads: when one that is not optional fails and
// the boot has not finished shortly after, the boot counts as failed.
const OPTIONAL = /snapshot/i;
const GRACE_MS = 4000;
let booted = false;
let failTimer = 0;
const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const url = String(/** @type {Request} */ (input)?.url ?? input);
  try {
    const response = await realFetch(input, init);
    if (!response.ok && !OPTIONAL.test(url)) downloadFailed(`${url}: HTTP ${response.status}`);
    return response;
  } catch (err) {
    if (!OPTIONAL.test(url)) downloadFailed(`${url}: ${/** @type {Error | null} */ (err)?.message ?? err}`);
    throw err;
  }
};

// While booting, a rejection Pyodide leaves unhandled after a failed download
// is part of the failure this worker reports as a message, not a page error.
self.addEventListener("unhandledrejection", (event) => {
  if (!booted) event.preventDefault();
});

/** @param {string} message */
function downloadFailed(message) {
  if (booted || failed || failTimer) return;
  failTimer = setTimeout(() => {
    if (booted || failed) return;
    failed = message;
    self.postMessage({ type: "failed", code: "download", message });
    for (const msg of waiting.splice(0)) handle(msg);
  }, GRACE_MS);
}

async function start() {
  if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available");
  return bootEngine(base.href, { quiet });
}

start().then(
  ({ session: s, build }) => {
    if (failed) return;
    booted = true;
    clearTimeout(failTimer);
    session = s;
    self.postMessage({ type: "ready", build });
    for (const msg of waiting.splice(0)) handle(msg);
  },
  (err) => {
    if (failed) return;
    clearTimeout(failTimer);
    failed = messageOf(err);
    self.postMessage({ type: "failed", code: failureCode(err), message: failed });
    for (const msg of waiting.splice(0)) handle(msg);
  },
);
