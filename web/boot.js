// Boots Python in the worker: the Pyodide runtime, then the kugler_core engine.
//
// bootEngine(baseUrl) resolves to { session, build, mode, image, stored } where
// session is the kugler_core.facade.Session the worker talks to
// (handle_json(text) -> text), build is dist/build.json, mode says how Python
// started ("snapshot" or "normal"), image where the snapshot's memory image
// came from ("cached", "downloaded", or null for the normal boot) and stored
// is a promise of whether this boot kept the image for the next visit. It
// rejects with an Error only when the normal boot itself fails (runtime or
// wheel cannot be loaded).
// Every URL is relative to baseUrl (the site root), so the site works from any
// sub-path.
//
// Fast path: a memory snapshot of an interpreter that already imported
// kugler_core (made at build time by tools/snapshot.py), stored as a map of
// its non-zero pages, gzip-compressed and inflated here with
// DecompressionStream; its static data is stored XOR the wasm's data segments
// (web/wasm-data.js, web/memory-image.js; the wasm is downloaded anyway). It
// is a private Pyodide API tied to the exact runtime build, so it is checked
// (Pyodide version, runtime build id, size, magic, checksum of the restored
// static data) and any mismatch or error falls back to the normal boot: the
// game never fails because of the snapshot. After a restore `random` is
// re-seeded. The inflated image is kept in the Cache API for the next visit
// (web/boot-cache.js), and Pyodide is handed the wasm this boot downloaded
// and compiled (web/wasm-reuse.js).
// Normal boot: the runtime with the trimmed stdlib zip, then the boot's
// Python (web/kugler_boot.py, web/boot-python.js) and the wheel via
// unpackArchive. Both paths arm a finder that fetches the full
// python_stdlib.zip only if a module outside the trimmed zip is ever imported.

import BOOT_SOURCE from "./kugler_boot.py";
import { MEMORY_IMAGE, cachedImage, dropImage, keepForOffline, keepImage, readKeptImage } from "./boot-cache.js";
import { LOCK, installBootModule } from "./boot-python.js";
import { checksum, snapshotHeader, unpackPages, xorInto } from "./memory-image.js";
import { wasmDataImage } from "./wasm-data.js";
import { withWasmResponse } from "./wasm-reuse.js";

/** @typedef {import("./memory-image.js").SnapshotInfo} SnapshotInfo */
/** @typedef {import("./boot-python.js").Pyodide} Pyodide */

/**
 * dist/build.json, written by build.py.
 * @typedef {object} BuildInfo
 * @property {string} build the build id (names the service worker's cache)
 * @property {string} wheel the engine's wheel, relative to the site root
 * @property {string} pyodide the Pyodide version
 */

/**
 * The engine's session (kugler_core.facade.Session, through Pyodide).
 * @typedef {object} Session
 * @property {(text: string) => string} handle_json
 */

/**
 * What bootEngine() resolves to.
 * @typedef {object} BootedEngine
 * @property {Session} session
 * @property {BuildInfo} build
 * @property {"snapshot" | "normal"} mode
 * @property {"cached" | "downloaded" | null} image
 * @property {Promise<boolean>} stored
 */

// Files written by the build (tools/stdlib.py, tools/snapshot.py), under pyodide/.
export const STDLIB_INFO = "kugler-stdlib.json";
export const SNAPSHOT_INFO = "kugler-snapshot.json";
export const SNAPSHOT_FILE = "kugler-snapshot.bin.gz";
// How long after a boot from the download the inflated image is stored when
// the caller gives no quiet() (the write should not compete with the first moves).
const KEEP_IMAGE_DELAY_MS = 1000;

/**
 * The response to GET `url`; rejects unless it is ok (HTTP 2xx).
 * @param {string | URL} url
 * @returns {Promise<Response>}
 */
async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/**
 * The JSON body of a response, or null when it fails or is not JSON.
 * @param {Promise<Response>} promise
 * @returns {Promise<any>}
 */
const jsonOrNull = (promise) =>
  promise.then((r) => r.json()).catch(() => null);

/**
 * Inflates the gzip snapshot, unpacks its page map, undoes the XOR with the
 * wasm's data image and checks the result against its info file; throws on
 * any mismatch (gzip CRC errors surface as TypeError from the stream).
 * @param {Response} response the compressed snapshot
 * @param {SnapshotInfo} info
 * @param {Promise<ArrayBuffer>} wasmBytes
 * @returns {Promise<Uint8Array>} the memory image Pyodide restores
 */
async function readSnapshot(response, info, wasmBytes) {
  if (typeof DecompressionStream === "undefined") throw new Error("no DecompressionStream");
  if (!response.ok || !response.body) throw new Error(`snapshot: HTTP ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  const packed = new Uint8Array(await new Response(inflated).arrayBuffer());
  if (packed.length !== info.packed_size || !(info.page_size > 0) || info.raw_size % 4 !== 0) {
    throw new Error(`snapshot: ${packed.length} bytes of pages, expected ${info.packed_size}`);
  }
  const bytes = unpackPages(packed, info.raw_size, info.page_size);
  const header = snapshotHeader(bytes);
  if (header.magic !== info.magic) throw new Error("snapshot: bad magic number");
  if (header.buildId !== info.build_id) {
    throw new Error(`snapshot: runtime build ${header.buildId}, expected ${info.build_id}`);
  }
  const image = wasmDataImage(new Uint8Array(await wasmBytes));
  if (image.length !== info.static_end) throw new Error("snapshot: made for another wasm");
  const memory = bytes.subarray(header.memoryOffset);
  xorInto(memory, image);
  if (checksum(memory.subarray(0, image.length)) !== info.static_checksum) {
    throw new Error("snapshot: static data checksum mismatch");
  }
  return bytes;
}

/**
 * Asks the session something every engine must refuse; proves the restored
 * interpreter and the facade work before the page relies on them. Throws
 * when the reply is not the refusal.
 * @param {Session} session
 * @returns {void}
 */
function probe(session) {
  const reply = JSON.parse(session.handle_json('{"id": 0, "cmd": "", "args": {}}'));
  if (reply.ok !== false || reply.error?.code !== "bad_request") {
    throw new Error(`engine probe: unexpected reply ${JSON.stringify(reply)}`);
  }
}

/**
 * The engine's session in a booted interpreter, after the boot module's
 * after_boot() (web/kugler_boot.py); throws when it does not answer.
 * @param {Pyodide} pyodide
 * @param {string} fullStdlibUrl
 * @returns {Session}
 */
function newSession(pyodide, fullStdlibUrl) {
  pyodide.pyimport("_kugler_boot").after_boot(fullStdlibUrl);
  const session = pyodide.runPython("from kugler_core.facade import Session\nSession()");
  probe(session);
  return session;
}

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Boots the runtime and the engine (see the top of this file). Options, for
 * tests and bench/startup.py: snapshot: false skips the fast path;
 * trimmedStdlib: false makes the normal boot use the full stdlib zip; quiet()
 * resolves when the memory image may be written (default: 1 s later).
 * @param {string} baseUrl the site root
 * @param {{snapshot?: boolean, trimmedStdlib?: boolean, quiet?: () => Promise<unknown>}} [options]
 * @returns {Promise<BootedEngine>}
 */
export async function bootEngine(baseUrl, {
  snapshot = true, trimmedStdlib = true, quiet = () => delay(KEEP_IMAGE_DELAY_MS),
} = {}) {
  const runtimeUrl = new URL("pyodide/", baseUrl).href;
  /** @type {(name: string) => string} */
  const at = (name) => new URL(name, runtimeUrl).href;
  // Everything the fast path needs starts downloading at once.
  const buildPromise = fetchOk(new URL("build.json", baseUrl)).then((r) => r.json());
  const snapInfoPromise = snapshot ? jsonOrNull(fetchOk(at(SNAPSHOT_INFO))) : Promise.resolve(null);
  snapshot &&= typeof DecompressionStream === "function";
  // The memory image kept by an earlier visit, else the compressed snapshot.
  const imageUrl = at(MEMORY_IMAGE);
  const cacheName = buildPromise.then((b) => `kugler-${b.build}`);
  const earlyImage = snapshot && typeof caches !== "undefined" ? readKeptImage(imageUrl) : null;
  const keptImage = snapshot
    ? Promise.all([cacheName, snapInfoPromise, earlyImage]).then(
      ([name, info, early]) => (info ? cachedImage(name, imageUrl, info, early) : null),
      () => null)
    : Promise.resolve(null);
  const snapResponse = snapshot
    ? keptImage.then((image) => (image ? null : fetchOk(at(SNAPSHOT_FILE))))
    : null;
  // The wasm is downloaded once and only ever read through clones (so a clone
  // can be taken at any time): a streaming compile started now (the browser's
  // wasm code cache serves warm visits), whose module Pyodide then
  // instantiates; its bytes for the data image, only when inflating; and the
  // response Pyodide is given.
  const wasmUrl = at("pyodide.asm.wasm");
  const wasmResponse = snapshot ? fetchOk(wasmUrl) : null;
  const wasmModule = wasmResponse?.then((r) => WebAssembly.compileStreaming?.(r.clone()));
  for (const pending of [snapResponse, wasmResponse, wasmModule]) pending?.catch(() => {});
  if (wasmResponse && snapResponse) {
    keepForOffline(buildPromise, [
      [wasmUrl, wasmResponse.then((r) => r.clone())],
      [at(SNAPSHOT_FILE), snapResponse.then((r) => r?.clone() ?? Response.error())],
    ]);
  }
  const runtime = import(at("pyodide.mjs"));
  // loadPyodide imports this 1.3 MB module itself, late; importing it now
  // overlaps its download and parsing with the snapshot's (same module map).
  if (snapshot) import(at("pyodide.asm.mjs")).catch(() => {});
  const [build, snapInfo, { loadPyodide, version }] = await Promise.all(
    [buildPromise, snapInfoPromise, runtime]);
  const fullStdlibUrl = at("python_stdlib.zip");
  const base = { indexURL: runtimeUrl, lockFileContents: LOCK, packageBaseUrl: runtimeUrl };

  if (snapInfo && snapResponse && wasmResponse && wasmModule) {
    let kept = null;
    try {
      if (snapInfo.pyodide !== version) {
        throw new Error(`snapshot for Pyodide ${snapInfo.pyodide}, runtime ${version}`);
      }
      kept = await keptImage;
      // The compressed snapshot is downloaded (never null) when no image was kept.
      const bytes = kept ?? await readSnapshot(/** @type {Response} */ (await snapResponse),
        snapInfo, wasmResponse.then((r) => r.clone().arrayBuffer()));
      const compiled = await wasmModule.catch(() => null);
      const pyodide = await withWasmResponse(wasmUrl, await wasmResponse, () =>
        loadPyodide({ ...base, stdLibURL: at(snapInfo.stdlib), _loadSnapshot: bytes }), compiled);
      const session = newSession(pyodide, fullStdlibUrl);
      const stored = kept ? Promise.resolve(false)
        : keepImage(await cacheName, imageUrl, bytes, snapInfo.page_size, quiet);
      return { session, build, mode: "snapshot", image: kept ? "cached" : "downloaded", stored };
    } catch (error) {
      console.warn("kugler: snapshot boot failed, booting normally:", error);
      // A kept image that would not boot is not tried again.
      if (kept) await dropImage(await cacheName, imageUrl);
    }
  }

  // Normal boot: only now fetch what it alone needs (trimmed stdlib, wheel).
  const stdlibInfo = trimmedStdlib ? await jsonOrNull(fetchOk(at(STDLIB_INFO))) : null;
  const wheelBytes = fetchOk(new URL(build.wheel, baseUrl)).then((r) => r.arrayBuffer());
  const stdLibURL = stdlibInfo ? at(stdlibInfo.file) : fullStdlibUrl;
  const downloaded = await wasmResponse?.catch(() => null);
  const load = () => loadPyodide({ ...base, stdLibURL });
  const compiled = downloaded && wasmModule ? await wasmModule.catch(() => null) : null;
  const pyodide = await (downloaded ? withWasmResponse(wasmUrl, downloaded, load, compiled) : load());
  installBootModule(pyodide, BOOT_SOURCE);
  pyodide.unpackArchive(await wheelBytes, "wheel");
  return { session: newSession(pyodide, fullStdlibUrl), build, mode: "normal", image: null,
    stored: Promise.resolve(false) };
}
