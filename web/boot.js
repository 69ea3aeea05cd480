// @ts-nocheck
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
// DecompressionStream; its static data is stored XOR the
// wasm's data segments (the wasm is downloaded anyway). It is a private Pyodide
// API tied to the exact runtime build, so it is checked (Pyodide version,
// runtime build id, size, magic, checksum of the restored static data) and any
// mismatch or error falls back to the normal boot: the game never fails
// because of the snapshot. After a restore `random` is re-seeded.
// The memory image that comes out of inflating (31 MB) is kept in the cache of
// this build (MEMORY_IMAGE, next to the files web/sw.js keeps) as a map of its
// non-zero pages (~12 MB), so the next visit skips the inflation; it is used
// only when it unpacks to the right size with the right checksum over every
// byte, and is otherwise deleted.
// Normal boot: the runtime with the trimmed stdlib zip, then the wheel via
// unpackArchive. Both paths install a finder that fetches the full
// python_stdlib.zip only if a module outside the trimmed zip is ever imported.
//
// This file is also imported by tools/snapshot.mjs under Node (LOCK, BOOT_PY):
// keep its top level free of browser-only globals.

export const LOCK = {
  info: { abi_version: "2026_0", arch: "wasm32", platform: "emscripten_5_0_3", python: "3.14.2" },
  packages: {},
};

// Files written by the build (tools/stdlib.py, tools/snapshot.py), under pyodide/.
export const STDLIB_INFO = "kugler-stdlib.json";
export const SNAPSHOT_INFO = "kugler-snapshot.json";
export const SNAPSHOT_FILE = "kugler-snapshot.bin.gz";
// The inflated snapshot as a page map (packPages), written by the page itself
// into "kugler-<build id>".
export const MEMORY_IMAGE = "kugler-snapshot.pages";
// How long after a boot from the download the inflated image is stored when
// the caller gives no quiet() (the write should not compete with the first moves).
const KEEP_IMAGE_DELAY_MS = 1000;

// Python run once per interpreter (baked into the snapshot at build time).
// Module _kugler_boot: after_boot(full_stdlib_url) re-seeds what a snapshot
// froze and arms the lazy full-stdlib finder.
export const BOOT_PY = `
import sys, types
_kb = types.ModuleType("_kugler_boot")
exec(compile(r'''
"""Start-up helpers for Kugler (see web/boot.js)."""
import sys

FULL_STDLIB = None  # URL of the full python_stdlib.zip, set by after_boot()
FULL_PATH = "/lib/python_stdlib_full.zip"
NAMES_FILE = "kugler-stdlib-full.txt"  # module names of the full zip, inside the trimmed zip


def _full_names():
    import zipimport
    for entry in sys.path:
        if entry.endswith(".zip") and entry != FULL_PATH:
            try:
                data = zipimport.zipimporter(entry).get_data(entry + "/" + NAMES_FILE)
            except (OSError, zipimport.ZipImportError):
                continue
            return frozenset(data.decode().split())
    return frozenset()


class LazyStdlibFinder:
    """Last finder on sys.meta_path: a module of the full stdlib that the
    trimmed zip lacks is fetched (the whole python_stdlib.zip, once, by
    synchronous XHR: workers only) and then imported from it. Unknown names
    are left to fail as usual, without any download."""

    names = None
    mounted = False

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if FULL_STDLIB is None:
            return None
        if cls.names is None:
            cls.names = _full_names()
        if name not in cls.names:
            return None
        if not cls.mounted:
            import js
            xhr = js.XMLHttpRequest.new()
            xhr.open("GET", FULL_STDLIB, False)
            xhr.responseType = "arraybuffer"
            xhr.send()
            if xhr.status != 200:
                return None
            with open(FULL_PATH, "wb") as handle:
                handle.write(xhr.response.to_bytes())
            sys.path.append(FULL_PATH)
            cls.mounted = True
        import importlib.machinery
        if path is not None:
            zips = [p for p in sys.path if p.endswith(".zip") and p != FULL_PATH]
            path = [FULL_PATH + p[len(z):] for p in path for z in zips if p.startswith(z + "/")]
            path = path or None
        return importlib.machinery.PathFinder.find_spec(name, path, target)


def after_boot(full_stdlib_url):
    """Arm the lazy finder and re-seed state that a snapshot froze."""
    global FULL_STDLIB
    FULL_STDLIB = full_stdlib_url
    random = sys.modules.get("random")
    if random is not None:
        random.seed()


if not any(isinstance(f, type) and f.__name__ == "LazyStdlibFinder" for f in sys.meta_path):
    sys.meta_path.append(LazyStdlibFinder)
''', "_kugler_boot.py", "exec"), _kb.__dict__)
sys.modules["_kugler_boot"] = _kb
del _kb
`;

// The initial memory image the wasm's active data segments describe (offset
// 0 up to the end of the last segment). The snapshot is stored XOR this image,
// so the runtime's static data, which the page downloads anyway inside the
// wasm, is not sent twice. Throws on a segment form it does not know.
export function wasmDataImage(wasm) {
  if (wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) throw new Error("not a wasm module");
  let i = 8;
  const uleb = () => {
    let result = 0, shift = 0, byte;
    do { byte = wasm[i++]; result += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return result;
  };
  const sleb = () => {
    let result = 0, shift = 0, byte;
    do { byte = wasm[i++]; result |= (byte & 0x7f) << shift; shift += 7; } while (byte & 0x80);
    return shift < 32 && (byte & 0x40) ? result | (~0 << shift) : result;
  };
  while (i < wasm.length) {
    const id = wasm[i++];
    const size = uleb();
    const next = i + size;
    if (id === 11) {
      const segments = [];
      let end = 0;
      for (let count = uleb(); count > 0; count--) {
        const flags = uleb();
        if (flags === 1) { i += uleb(); continue; } // passive: not in the initial image
        if (flags === 2) uleb(); // memory index
        else if (flags !== 0) throw new Error(`data segment flags ${flags}`);
        if (wasm[i++] !== 0x41) throw new Error("data segment offset is not i32.const");
        const offset = sleb() >>> 0;
        if (wasm[i++] !== 0x0b) throw new Error("data segment offset expression");
        const length = uleb();
        segments.push([offset, i, length]);
        end = Math.max(end, offset + length);
        i += length;
      }
      const image = new Uint8Array(end);
      for (const [offset, start, length] of segments) image.set(wasm.subarray(start, start + length), offset);
      return image;
    }
    i = next;
  }
  throw new Error("wasm has no data section");
}

// XORs `image` into the front of `memory` in place (its own inverse).
export function xorInto(memory, image) {
  const n = Math.min(memory.length, image.length);
  let k = 0;
  if (memory.byteOffset % 4 === 0 && image.byteOffset % 4 === 0) {
    const words = n >>> 2;
    const a = new Uint32Array(memory.buffer, memory.byteOffset, words);
    const b = new Uint32Array(image.buffer, image.byteOffset, words);
    for (let w = 0; w < words; w++) a[w] ^= b[w];
    k = words * 4;
  }
  for (; k < n; k++) memory[k] ^= image[k];
}

// The image of `rawSize` bytes from its page map (tools/snapshot.py
// pack_pages): a bitmap, one bit per page of `pageSize` bytes (bit i, least
// significant first, of byte i >> 3: the page is not all zero), then those
// pages in order; the last page may be short. Throws when the page data does
// not fit the bitmap.
export function unpackPages(packed, rawSize, pageSize) {
  const count = Math.ceil(rawSize / pageSize);
  const image = new Uint8Array(rawSize);
  let offset = Math.ceil(count / 8);
  for (let page = 0; page < count; page++) {
    if (!(packed[page >> 3] & (1 << (page & 7)))) continue;
    const start = page * pageSize;
    const length = Math.min(pageSize, rawSize - start);
    if (offset + length > packed.length) throw new Error("snapshot: pages truncated");
    image.set(packed.subarray(offset, offset + length), start);
    offset += length;
  }
  if (offset !== packed.length) throw new Error("snapshot: more page data than the bitmap names");
  return image;
}

// The page map of `image` that unpackPages(map, image.length, pageSize)
// turns back into it: the bitmap of its pages of `pageSize` bytes (a multiple
// of 4) that are not all zero, then those pages. Same bytes as
// tools/snapshot.py pack_pages.
export function packPages(image, pageSize) {
  const count = Math.ceil(image.length / pageSize);
  const bitmapLength = Math.ceil(count / 8);
  const aligned = image.byteOffset % 4 === 0 && pageSize % 4 === 0;
  const words = aligned ? new Uint32Array(image.buffer, image.byteOffset, image.length >>> 2) : null;
  const isZero = (start, end) => {
    let k = start;
    if (words) {
      for (const last = end >>> 2; k >>> 2 < last; k += 4) if (words[k >>> 2]) return false;
    }
    for (; k < end; k++) if (image[k]) return false;
    return true;
  };
  const pages = [];
  let length = bitmapLength;
  for (let page = 0; page < count; page++) {
    const start = page * pageSize;
    const end = Math.min(start + pageSize, image.length);
    if (isZero(start, end)) continue;
    pages.push(page);
    length += end - start;
  }
  const packed = new Uint8Array(length);
  let offset = bitmapLength;
  for (const page of pages) {
    packed[page >> 3] |= 1 << (page & 7);
    const start = page * pageSize;
    const part = image.subarray(start, Math.min(start + pageSize, image.length));
    packed.set(part, offset);
    offset += part.length;
  }
  return packed;
}

// A fast 32-bit FNV-1a style checksum over bytes, as 8 hex digits.
export function checksum(bytes) {
  let h = 0x811c9dc5;
  const words = Math.floor(bytes.length / 4);
  if (bytes.byteOffset % 4 === 0 && new Uint8Array(new Uint32Array([1]).buffer)[0] === 1) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset, words); // little-endian host
    for (let k = 0; k < words; k++) h = Math.imul(h ^ view[k], 0x01000193);
  } else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    for (let k = 0; k < words; k++) h = Math.imul(h ^ view.getUint32(k * 4, true), 0x01000193);
  }
  for (let k = words * 4; k < bytes.length; k++) h = Math.imul(h ^ bytes[k], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

const jsonOrNull = (promise) =>
  promise.then((r) => r.json()).catch(() => null);

function hex(words) {
  return Array.from(words, (w) => w.toString(16).padStart(8, "0")).join("");
}

// Inflates the gzip snapshot, unpacks its page map, undoes the XOR with the wasm's data image and
// checks the result against its info file; throws on any mismatch (gzip CRC
// errors surface as TypeError from the stream).
async function readSnapshot(response, info, wasmBytes) {
  if (typeof DecompressionStream === "undefined") throw new Error("no DecompressionStream");
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  const packed = new Uint8Array(await new Response(inflated).arrayBuffer());
  if (packed.length !== info.packed_size || !(info.page_size > 0) || info.raw_size % 4 !== 0) {
    throw new Error(`snapshot: ${packed.length} bytes of pages, expected ${info.packed_size}`);
  }
  const bytes = unpackPages(packed, info.raw_size, info.page_size);
  const words = new Uint32Array(bytes.buffer, 0, 12);
  if (words[0] !== info.magic) throw new Error("snapshot: bad magic number");
  const id = hex(words.subarray(4, 12));
  if (id !== info.build_id) throw new Error(`snapshot: runtime build ${id}, expected ${info.build_id}`);
  const image = wasmDataImage(new Uint8Array(await wasmBytes));
  if (image.length !== info.static_end) throw new Error("snapshot: made for another wasm");
  const memory = bytes.subarray(words[1]);
  xorInto(memory, image);
  if (checksum(memory.subarray(0, image.length)) !== info.static_checksum) {
    throw new Error("snapshot: static data checksum mismatch");
  }
  return bytes;
}

// Asks the session something every engine must refuse; proves the restored
// interpreter and the facade work before the page relies on them.
function probe(session) {
  const reply = JSON.parse(session.handle_json('{"id": 0, "cmd": "", "args": {}}'));
  if (reply.ok !== false || reply.error?.code !== "bad_request") {
    throw new Error(`engine probe: unexpected reply ${JSON.stringify(reply)}`);
  }
}

function newSession(pyodide, fullStdlibUrl) {
  pyodide.pyimport("_kugler_boot").after_boot(fullStdlibUrl);
  const session = pyodide.runPython("from kugler_core.facade import Session\nSession()");
  probe(session);
  return session;
}

// Runs load() while fetch() of `url` answers with a clone of the response in
// hand, so the wasm the fast path downloaded for its data image is not fetched
// twice (a fresh or private browser context does not cache a 9.6 MB file).
// When `module` (the same wasm, already compiled) is given, Pyodide's
// WebAssembly.instantiateStreaming of that response instantiates it instead
// of compiling the 9.6 MB again (each compile, even from the browser's code
// cache, costs ~60-130 ms of CPU here).
async function withWasmResponse(url, response, load, module = null) {
  const realFetch = globalThis.fetch;
  const realInstantiateStreaming = WebAssembly.instantiateStreaming;
  globalThis.fetch = (input, init) => String(input?.url ?? input) === url
    ? Promise.resolve(response.clone())
    : realFetch.call(globalThis, input, init);
  if (module instanceof WebAssembly.Module && realInstantiateStreaming) {
    WebAssembly.instantiateStreaming = async (source, imports) => {
      const resolved = await source;
      if (resolved?.url !== url) return realInstantiateStreaming.call(WebAssembly, resolved, imports);
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    };
  }
  try {
    return await load();
  } finally {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiateStreaming;
  }
}

// Puts the runtime files this boot downloaded ([url, Promise<Response clone>])
// into the service worker's cache of this build ("kugler-<build id>", see
// web/sw.js), unless already there, so the worker's install verifies them in
// place instead of downloading them again (a fresh or private browser context
// does not keep a 9.6 MB file in its HTTP cache). Best effort: never throws,
// and the boot never waits for it.
async function keepForOffline(buildPromise, entries) {
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

// The kept memory image at `url` in the newest of the site's caches that has
// one, read before build.json says which cache is this build's (reading 12 MB
// takes 100-300 ms, that much sooner): {cacheName, packed} or null. Never throws.
async function readKeptImage(url) {
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

// The memory image an earlier visit kept in `cacheName` (see keepImage), or
// null when there is none or it is not byte for byte the one of `info`
// (a wrong one is deleted). `early` is readKeptImage's result, used when it
// came from `cacheName`. Never throws.
async function cachedImage(cacheName, url, info, early) {
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

// Deletes a kept memory image that must not be used again. Never throws.
async function dropImage(cacheName, url) {
  try {
    await (await caches.open(cacheName)).delete(url);
  } catch {
    // Left as it is: the next boot checks it again.
  }
}

// A response whose body is `bytes`, handed over in slices of `chunk` bytes as
// the reader asks for them: writing 31 MB in one piece blocks this thread for
// ~200 ms (a move waiting behind it), in slices for a few ms at a time.
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

// Stores the memory image `bytes` (as passed to Pyodide, which copies it into
// the wasm memory and leaves it as it was) for the next visit, once quiet()
// resolves, as the map of its non-zero pages of `pageSize` bytes: 12 of 31.5
// MB to write now and to read at the next start (~35 ms less than the whole image).
// Resolves true when stored; never throws.
function keepImage(cacheName, url, bytes, pageSize, quiet) {
  if (typeof caches === "undefined") return Promise.resolve(false);
  return quiet()
    .then(() => caches.open(cacheName))
    .then((cache) => cache.put(url, slicedResponse(packPages(bytes, pageSize))))
    .then(() => true, () => false);
}

// Options (for tests and bench/startup.py): snapshot: false skips the fast
// path; trimmedStdlib: false makes the normal boot use the full stdlib zip;
// quiet() resolves when the memory image may be written (default: 1 s later).
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export async function bootEngine(baseUrl, {
  snapshot = true, trimmedStdlib = true, quiet = () => delay(KEEP_IMAGE_DELAY_MS),
} = {}) {
  const runtimeUrl = new URL("pyodide/", baseUrl).href;
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
  if (snapshot) {
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

  if (snapInfo && snapResponse) {
    let kept = null;
    try {
      if (snapInfo.pyodide !== version) {
        throw new Error(`snapshot for Pyodide ${snapInfo.pyodide}, runtime ${version}`);
      }
      kept = await keptImage;
      const bytes = kept ?? await readSnapshot(await snapResponse, snapInfo,
        wasmResponse.then((r) => r.clone().arrayBuffer()));
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
  const compiled = downloaded ? await wasmModule.catch(() => null) : null;
  const pyodide = await (downloaded ? withWasmResponse(wasmUrl, downloaded, load, compiled) : load());
  pyodide.runPython(BOOT_PY);
  pyodide.unpackArchive(await wheelBytes, "wheel");
  return { session: newSession(pyodide, fullStdlibUrl), build, mode: "normal", image: null,
    stored: Promise.resolve(false) };
}
