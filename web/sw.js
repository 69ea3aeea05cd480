// Kugler's service worker: the whole game offline after one online visit.
//
// This file is a template. The build step (tools/service_worker.py) writes
// dist/sw.js with BUILD set to the build id and PRECACHE listing every file
// of the build as [relative URL, byte size, SHA-256 hex].
//
// Contract:
// - install fetches every PRECACHE file (from the HTTP cache when that copy
//   matches, else from the server), checks its size and SHA-256 and only then
//   stores them all in the cache "kugler-<BUILD>". Any missing, truncated or
//   mixed-up file fails the install: the running version stays in charge and
//   the browser retries on a later update check.
// - activate deletes every other "kugler-" cache and claims open pages.
// - fetch answers GET requests inside the scope cache-first; navigations
//   ignore the query and fall back to the cached index.html.
// - message {type: "skip-waiting"} activates a waiting worker now;
//   message {type: "version"} is answered with {type: "version", build}.
// Every URL is resolved against this script's own location, so the site
// works under any sub-path.

const BUILD = "__KUGLER_BUILD__";
const PRECACHE = /* __KUGLER_PRECACHE__ */ [];

const PREFIX = "kugler-";
const CACHE = PREFIX + BUILD;
const BASE = new URL("./", self.location.href);
const INDEX = new URL("index.html", BASE).href;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The verified body of one precache entry, or null when it does not match the build. */
async function fetchChecked(url, size, sha256, mode) {
  const response = await fetch(new Request(url, { cache: mode, credentials: "same-origin" }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = await response.clone().arrayBuffer();
  if (body.byteLength !== size) return null;
  const digest = hex(await crypto.subtle.digest("SHA-256", body));
  return digest === sha256 ? response : null;
}

/**
 * Fetch one precache entry and verify it; resolves to [url, response] or rejects.
 * The HTTP cache is tried first (on a first visit it holds what the page just
 * loaded, so nothing is downloaded twice); a stale copy is fetched again from
 * the server, and a mismatch after that fails the install.
 */
async function download([path, size, sha256]) {
  const url = new URL(path, BASE).href;
  const response =
    (await fetchChecked(url, size, sha256, "default")) ||
    (await fetchChecked(url, size, sha256, "reload"));
  if (!response) throw new Error(`${path}: content does not match build ${BUILD}`);
  return [url, response];
}

async function precache() {
  try {
    const downloads = await Promise.all(PRECACHE.map(download));
    const cache = await caches.open(CACHE);
    await Promise.all(downloads.map(([url, response]) => cache.put(url, response)));
  } catch (error) {
    // Leave nothing half-filled behind; the old version keeps running.
    await caches.delete(CACHE);
    throw error;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function activate() {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
  );
  await self.clients.claim();
}

self.addEventListener("activate", (event) => {
  event.waitUntil(activate());
});

// caches.match with cacheName never creates the cache (caches.open would);
// ignoreVary: a host's Vary header must not turn a cached file into a miss.
async function respond(request) {
  const options = { cacheName: CACHE, ignoreVary: true };
  if (request.mode === "navigate") {
    const page =
      (await caches.match(request, { ...options, ignoreSearch: true })) ||
      (await caches.match(INDEX, options));
    return page || fetch(request);
  }
  return (await caches.match(request, options)) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(BASE.href)) return;
  event.respondWith(respond(request));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    self.skipWaiting();
  } else if (data.type === "version" && event.source) {
    event.source.postMessage({ type: "version", build: BUILD });
  }
});
