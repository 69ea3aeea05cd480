// Kugler's service worker: the whole game offline after one online visit.
//
// This file is a template. The build step (tools/service_worker.py) writes
// dist/sw.js with BUILD set to the build id and PRECACHE listing every file
// of the build as [relative URL, byte size, SHA-256 hex, when]; when is
// "install" or "use" (files only the fallback boot or an app install reads:
// python_stdlib.zip, the trimmed stdlib, the wheel, the icons).
//
// Contract:
// - install stores every "install" file in the cache "kugler-<BUILD>" after
//   checking its size and SHA-256. A copy already in that cache (the engine
//   worker puts the runtime files it downloaded there, see web/boot.js) is
//   verified and kept, so a first visit does not download them twice; the
//   others are fetched (from the HTTP cache when that copy matches, else from
//   the server). Any missing, truncated or mixed-up file fails the install:
//   the cache is deleted, the running version stays in charge and the browser
//   retries on a later update check.
// - activate deletes every other "kugler-" cache and claims open pages.
// - install also stores index.html under the scope's own URL and adds static
//   routes (InstallEvent.addRoutes, where the browser has it): requests for
//   the "install" files, and navigations to the scope's URL without a query,
//   are answered from the cache "kugler-<BUILD>" by the browser itself,
//   without starting or running this script (a miss goes to the network).
// - fetch answers GET requests inside the scope cache-first; navigations
//   ignore the query and fall back to the cached index.html. A "use" file
//   missing from the cache is fetched and, when it matches the build, stored.
// - message {type: "skip-waiting"} activates a waiting worker now;
//   message {type: "version"} is answered with {type: "version", build}.
// Every URL is resolved against this script's own location, so the site
// works under any sub-path.

/** This script's scope: a service worker's (the worker lib types `self` as any worker's). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/**
 * One precache entry as tools/service_worker.py writes it: the path, its
 * size and SHA-256, and when it is stored ("use": at first use; else at install).
 * @typedef {[path: string, size: number, sha256: string, when?: string]} Entry
 */

const BUILD = "__KUGLER_BUILD__";
/** @type {Entry[]} */
const PRECACHE = /* __KUGLER_PRECACHE__ */ [];

const PREFIX = "kugler-";
const CACHE = PREFIX + BUILD;
const BASE = new URL("./", sw.location.href);
const INDEX = new URL("index.html", BASE).href;
const AT_INSTALL = PRECACHE.filter((entry) => entry[3] !== "use");
const ON_USE = new Map(
  PRECACHE.filter((entry) => entry[3] === "use")
    .map(([path, size, sha256]) => [new URL(path, BASE).href, /** @type {[number, string]} */ ([size, sha256])]),
);

/** @param {ArrayBuffer} buffer */
function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * True when `response`'s body has this size and SHA-256 (it reads a clone).
 * @param {Response} response
 * @param {number} size
 * @param {string} sha256
 */
async function matches(response, size, sha256) {
  const body = await response.clone().arrayBuffer();
  if (body.byteLength !== size) return false;
  return hex(await crypto.subtle.digest("SHA-256", body)) === sha256;
}

/**
 * The verified body of one precache entry, or null when it does not match the build.
 * @param {string} url
 * @param {number} size
 * @param {string} sha256
 * @param {RequestCache} mode
 */
async function fetchChecked(url, size, sha256, mode) {
  const response = await fetch(new Request(url, { cache: mode, credentials: "same-origin" }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await matches(response, size, sha256)) ? response : null;
}

/**
 * Fetch one precache entry and verify it; resolves to [url, response] or rejects.
 * The HTTP cache is tried first (on a first visit it holds what the page just
 * loaded, so nothing is downloaded twice); a stale copy is fetched again from
 * the server, and a mismatch after that fails the install.
 * @param {Cache} cache
 * @param {Entry} entry
 * @returns {Promise<[string, Response] | null>}
 */
async function download(cache, [path, size, sha256]) {
  const url = new URL(path, BASE).href;
  const kept = await cache.match(url, { ignoreVary: true });
  if (kept && (await matches(kept, size, sha256))) return null; // already stored and verified
  const response =
    (await fetchChecked(url, size, sha256, "default")) ||
    (await fetchChecked(url, size, sha256, "reload"));
  if (!response) throw new Error(`${path}: content does not match build ${BUILD}`);
  return [url, response];
}

async function precache() {
  try {
    const cache = await caches.open(CACHE);
    const downloads = await Promise.all(AT_INSTALL.map((entry) => download(cache, entry)));
    const fetched = /** @type {[string, Response][]} */ (downloads.filter(Boolean));
    await Promise.all(fetched.map(([url, response]) => cache.put(url, response)));
    // The page also under the scope's own URL, for the navigation route.
    const index = await cache.match(INDEX, { ignoreVary: true });
    if (!index) throw new Error("index.html not cached");
    await cache.put(BASE.href, index);
  } catch (error) {
    // Leave nothing half-filled behind; the old version keeps running.
    await caches.delete(CACHE);
    throw error;
  }
}

// A URLPattern pathname matching exactly `path` (its special characters escaped).
const exactPath = (/** @type {string} */ path) => new URL(path, BASE).pathname.replace(/[:*?+(){}\\]/g, "\\$&");

sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
  // Static routes (where the browser has them): the "install" files and the
  // page at the scope's URL are served from this build's cache without
  // running this script, which then sees only navigations with a query and
  // the "use" files. A file the cache lacks goes to the network; the install
  // above fails unless the cache holds them all.
  try {
    /** @type {ExtendableEvent & {addRoutes?: (routes: object[]) => Promise<void>}} */ (event).addRoutes?.([
      {
        condition: { or: AT_INSTALL.map(([path]) => ({ urlPattern: { pathname: exactPath(path) } })) },
        source: { cacheName: CACHE },
      },
      {
        condition: { requestMode: "navigate", urlPattern: { pathname: exactPath("./"), search: "" } },
        source: { cacheName: CACHE },
      },
    ])?.catch?.(() => {});
  } catch {
    // No routes: the fetch handler serves every request, as before.
  }
});

async function activate() {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
  );
  await sw.clients.claim();
}

sw.addEventListener("activate", (event) => {
  event.waitUntil(activate());
});

// caches.match with cacheName never creates the cache (caches.open would);
// ignoreVary: a host's Vary header must not turn a cached file into a miss.
/** @param {FetchEvent} event */
async function respond(event) {
  const { request } = event;
  const options = { cacheName: CACHE, ignoreVary: true };
  if (request.mode === "navigate") {
    const page =
      (await caches.match(request, { ...options, ignoreSearch: true })) ||
      (await caches.match(INDEX, options));
    return page || fetch(request);
  }
  const hit = await caches.match(request, options);
  if (hit) return hit;
  const response = await fetch(request);
  const entry = ON_USE.get(request.url);
  if (entry && response.ok) event.waitUntil(keep(request.url, response.clone(), entry));
  return response;
}

/**
 * Store a "use" file fetched at first use, if it is the build's own (best effort).
 * @param {string} url
 * @param {Response} response
 * @param {[number, string]} check  its size and SHA-256
 */
async function keep(url, response, [size, sha256]) {
  try {
    if (!(await caches.has(CACHE)) || !(await matches(response, size, sha256))) return;
    await (await caches.open(CACHE)).put(url, response);
  } catch {
    // Not kept: it is fetched again next time.
  }
}

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(BASE.href)) return;
  event.respondWith(respond(event));
});

sw.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    sw.skipWaiting();
  } else if (data.type === "version" && event.source) {
    event.source.postMessage({ type: "version", build: BUILD });
  }
});
