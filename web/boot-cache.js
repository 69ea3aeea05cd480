// What the boot keeps in the site's Cache API caches ("kugler-<build id>",
// the caches web/sw.js makes and cleans): the memory image it inflated, as a
// page map (web/memory-image.js), so the next visit skips the download and the
// inflation; and the runtime files it downloaded, so the service worker's
// install finds them in place. Every function here is best effort: it never
// throws, and a kept image is used only when it unpacks to the right size with
// the right checksum over every byte (a wrong one is deleted).

import { checksum, packPages, unpackPages } from "./memory-image.js";

/** @typedef {import("./memory-image.js").SnapshotInfo} SnapshotInfo */

/**
 * A kept image as read before the boot knew its build's cache.
 * @typedef {object} EarlyImage
 * @property {string} cacheName the cache it came from
 * @property {Uint8Array} packed its page map
 */

// The inflated snapshot as a page map (packPages), written by the page itself
// into "kugler-<build id>", under pyodide/.
export const MEMORY_IMAGE = "kugler-snapshot.pages";

/**
 * Puts the runtime files this boot downloaded ([url, Promise<Response clone>])
 * into the service worker's cache of this build ("kugler-<build id>", see
 * web/sw.js), unless already there, so the worker's install verifies them in
 * place instead of downloading them again (a fresh or private browser context
 * does not keep a 9.6 MB file in its HTTP cache). The boot never waits for it.
 * @param {Promise<{build: string}>} buildPromise build.json
 * @param {Array<[string, Promise<Response>]>} entries
 * @returns {Promise<void>}
 */
export async function keepForOffline(buildPromise, entries) {
  try {
    if (typeof caches === "undefined") return;
    const cache = await caches.open(`kugler-${(await buildPromise).build}`);
    await Promise.all(entries.map(async ([url, pending]) => {
      const response = await pending;
      if (response.ok && !(await cache.match(url, { ignoreVary: true }))) await cache.put(url, response);
    }));
  } catch {
    // Not kept: the service worker downloads it itself.
  }
}

/**
 * The kept memory image at `url` in the newest of the site's caches that has
 * one, read before build.json says which cache is this build's (reading 12 MB
 * takes 100-300 ms, that much sooner), or null.
 * @param {string} url
 * @returns {Promise<EarlyImage | null>}
 */
export async function readKeptImage(url) {
  try {
    const names = (await caches.keys()).filter((name) => name.startsWith("kugler-")).reverse();
    for (const cacheName of names) {
      const response = await caches.match(url, { cacheName });
      if (response) return { cacheName, packed: new Uint8Array(await response.arrayBuffer()) };
    }
  } catch {
    // Storage unavailable: inflate the download instead.
  }
  return null;
}

/**
 * The memory image an earlier visit kept in `cacheName` (see keepImage), or
 * null when there is none or it is not byte for byte the one of `info`
 * (a wrong one is deleted). `early` is readKeptImage's result, used when it
 * came from `cacheName`.
 * @param {string} cacheName
 * @param {string} url
 * @param {SnapshotInfo} info
 * @param {EarlyImage | null} early
 * @returns {Promise<Uint8Array | null>}
 */
export async function cachedImage(cacheName, url, info, early) {
  if (typeof caches === "undefined" || !info.image_checksum) return null;
  let packed = early?.cacheName === cacheName ? early.packed : null;
  try {
    if (!packed) {
      const response = await caches.match(url, { cacheName });
      if (!response) return null;
      packed = new Uint8Array(await response.arrayBuffer());
    }
    const bytes = unpackPages(packed, info.raw_size, info.page_size);
    if (checksum(bytes) === info.image_checksum) return bytes;
  } catch {
    // Unreadable or not a page map of this image.
  }
  await dropImage(cacheName, url);
  return null;
}

/**
 * Deletes a kept memory image that must not be used again.
 * @param {string} cacheName
 * @param {string} url
 * @returns {Promise<void>}
 */
export async function dropImage(cacheName, url) {
  try {
    await (await caches.open(cacheName)).delete(url);
  } catch {
    // Left as it is: the next boot checks it again.
  }
}

/**
 * A response whose body is `bytes`, handed over in slices of `chunk` bytes as
 * the reader asks for them: writing 31 MB in one piece blocks this thread for
 * ~200 ms (a move waiting behind it), in slices for a few ms at a time.
 * @param {Uint8Array} bytes
 * @param {number} [chunk]
 * @returns {Response}
 */
function slicedResponse(bytes, chunk = 1 << 20) {
  let offset = 0;
  const body = new ReadableStream({
    pull(controller) {
      const end = Math.min(offset + chunk, bytes.length);
      controller.enqueue(bytes.slice(offset, end));
      offset = end;
      if (offset >= bytes.length) controller.close();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "application/octet-stream", "Content-Length": String(bytes.length) },
  });
}

/**
 * Stores the memory image `bytes` (as passed to Pyodide, which copies it into
 * the wasm memory and leaves it as it was) for the next visit, once quiet()
 * resolves, as the map of its non-zero pages of `pageSize` bytes: 12 of 31.5
 * MB to write now and to read at the next start (~35 ms less than the whole
 * image). Resolves true when stored.
 * @param {string} cacheName
 * @param {string} url
 * @param {Uint8Array} bytes
 * @param {number} pageSize
 * @param {() => Promise<unknown>} quiet
 * @returns {Promise<boolean>}
 */
export function keepImage(cacheName, url, bytes, pageSize, quiet) {
  if (typeof caches === "undefined") return Promise.resolve(false);
  return quiet()
    .then(() => caches.open(cacheName))
    .then((cache) => cache.put(url, slicedResponse(packPages(bytes, pageSize))))
    .then(() => true, () => false);
}
