// Service worker registration, update checks and the "new version" notice.
//
// registerServiceWorker() registers sw.js (next to this module) with the
// scope of the site root, so the game works offline after one visit and from
// any sub-path. It waits until the engine has booted (or failed) and the
// player has paused (quietPage), so the precache downloads and checks do not
// slow the first start or the first moves. It resolves to the ServiceWorkerRegistration, or to null when
// the browser has no service workers (the game then simply needs the network);
// it never rejects: a failed registration is logged as a warning.
//
// Updates: the browser checks sw.js on load and whenever the page becomes
// visible again. A new build installs in the background; once it is waiting,
// a small non-blocking notice (#update-notice, role=status) offers to reload
// in the page's language (html[lang]: da, sv, en). Its button (#update-reload)
// asks the waiting worker to take over and reloads when it has. Ignored, the
// new build applies the next time the game starts. Saved data in localStorage
// is never touched.

const WORDS = {
  da: { text: "Ny version", button: "Genindlæs", label: "Ny version – genindlæs", close: "Luk" },
  sv: { text: "Ny version", button: "Ladda om", label: "Ny version – ladda om", close: "Stäng" },
  en: { text: "New version", button: "Reload", label: "New version — reload", close: "Close" },
};
/** @typedef {typeof WORDS.en} Words */

function words() {
  const lang = (document.documentElement.lang || "").slice(0, 2).toLowerCase();
  return /** @type {Record<string, Words>} */ (WORDS)[lang] || WORDS.en;
}

/** @type {HTMLElement | null} */
let notice = null;

/**
 * The element `selector` names in the notice (which showNotice made with it).
 * @param {string} selector
 */
const part = (selector) => /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (notice).querySelector(selector));

function fillNotice() {
  if (!notice) return;
  const w = words();
  part(".update-text").textContent = w.text;
  const reload = part("#update-reload");
  reload.textContent = w.button;
  reload.setAttribute("aria-label", w.label);
  part(".update-close").setAttribute("aria-label", w.close);
  part(".update-close").title = w.close;
}

/**
 * Show the notice for `registration.waiting` (once; later calls refresh it).
 * @param {ServiceWorkerRegistration} registration
 */
function showNotice(registration) {
  if (!notice) {
    const made = document.createElement("div");
    notice = made;
    notice.id = "update-notice";
    notice.className = "update-notice";
    notice.setAttribute("role", "status");
    const text = document.createElement("span");
    text.className = "update-text";
    const reload = document.createElement("button");
    reload.type = "button";
    reload.id = "update-reload";
    reload.className = "update-reload";
    const close = document.createElement("button");
    close.type = "button";
    close.className = "update-close";
    close.textContent = "×";
    notice.append(text, reload, close);
    reload.addEventListener("click", () => applyUpdate(registration));
    close.addEventListener("click", () => {
      made.hidden = true;
    });
    // in the notices' place under the board (index.html #notices), never over a cell
    (document.getElementById("notices") ?? document.body).append(notice);
    // Follow a language change made while the notice is up.
    new MutationObserver(fillNotice).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["lang"],
    });
  }
  fillNotice();
  /** @type {HTMLElement} */ (notice).hidden = false;
  document.documentElement.dataset.update = "ready";
}

let reloading = false;

/** @param {ServiceWorkerRegistration} registration */
function applyUpdate(registration) {
  const waiting = registration.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  reloading = true;
  /** @type {HTMLButtonElement} */ (part("#update-reload")).disabled = true;
  waiting.postMessage({ type: "skip-waiting" });
}

/**
 * @param {ServiceWorkerRegistration} registration
 * @param {ServiceWorker | null} worker
 */
function watchInstalling(registration, worker) {
  if (!worker) return;
  worker.addEventListener("statechange", () => {
    // "installed" with a controller present = an update waits (the very first
    // install has no controller and needs no notice).
    if (worker.state === "installed" && navigator.serviceWorker.controller) {
      showNotice(registration);
    }
  });
}

/** @param {ServiceWorkerRegistration} registration */
function checkForUpdate(registration) {
  registration.update().catch(() => {
    // Offline or the server is away: keep running the cached build.
  });
}

/**
 * Resolves once html[data-engine] is no longer "loading" (or after `limit` ms),
 * so the worker's precache downloads never compete with the engine's boot.
 * @returns {Promise<void>}
 */
function engineSettled(limit = 20000) {
  const root = document.documentElement;
  const loading = () => (root.dataset.engine || "loading") === "loading";
  if (!loading()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (!loading()) done();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
    const timer = setTimeout(done, limit);
  });
}

const INPUT = ["pointerdown", "keydown", "click"];

/**
 * Resolves once the player has not pressed anything for `ms` (their first
 * moves are not shared with the service worker's install), or after `limit` ms.
 */
/** @returns {Promise<void>} */
function quietPage(ms = 2000, limit = 10000) {
  return new Promise((resolve) => {
    let timer = 0;
    let cap = 0;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(cap);
      for (const type of INPUT) removeEventListener(type, wait, true);
      resolve();
    };
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(done, ms);
    };
    cap = setTimeout(done, limit);
    for (const type of INPUT) addEventListener(type, wait, true);
    wait();
  });
}

/**
 * Installed as an app: ask that the cached game and saved data are not
 * evicted under storage pressure (no prompt in Chromium; skipped in a tab,
 * where some browsers would ask the player).
 */
function keepStorage() {
  const installed = window.matchMedia?.("(display-mode: standalone)").matches;
  if (installed && navigator.storage?.persist) navigator.storage.persist().catch(() => {});
}

export async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return null;
  await engineSettled();
  await quietPage();
  const root = new URL("./", import.meta.url);
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", root), {
      scope: root.href,
      type: "classic",
      updateViaCache: "none",
    });
  } catch (error) {
    console.warn("Kugler: offline mode unavailable:", error);
    return null;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  if (registration.waiting && navigator.serviceWorker.controller) showNotice(registration);
  watchInstalling(registration, registration.installing);
  registration.addEventListener("updatefound", () => {
    watchInstalling(registration, registration.installing);
  });
  checkForUpdate(registration);
  keepStorage();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpdate(registration);
  });
  return registration;
}
