// Build-time helper run with Node: drives the pinned Pyodide runtime from
// node_modules/pyodide for the fast-start build steps (tools/stdlib.py and
// tools/snapshot.py call it; nothing in the browser loads this file).
//
//   node tools/snapshot.mjs trace    CONFIG.json   list + precompile the stdlib modules in use
//   node tools/snapshot.mjs snapshot CONFIG.json   write a memory snapshot with kugler_core imported
//
// CONFIG holds: runtime (folder of pyodide.mjs), site (folder with the
// unpacked kugler_core wheel) or wheel (the wheel itself), stdlib (zip to boot with, optional), probe
// (Python file run after the engine is installed, trace only), optimize
// (bytecode level of the precompiled stdlib, trace only), out (output
// folder for trace / output file for snapshot).
// Prints one JSON line on stdout with the result; exits non-zero on any error.

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { LOCK, installBootModule } from "../web/boot-python.js";
import { checksum, snapshotHeader, xorInto } from "../web/memory-image.js";
import { wasmDataImage } from "../web/wasm-data.js";

// The boot's Python, installed as the page installs it (web/boot-python.js).
const BOOT_SOURCE = fs.readFileSync(new URL("../web/kugler_boot.py", import.meta.url), "utf8");

function copyTree(pyodide, src, dst) {
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = `${dst}/${entry.name}`;
    if (entry.isDirectory()) {
      pyodide.FS.mkdirTree(to);
      copyTree(pyodide, from, to);
    } else {
      pyodide.FS.writeFile(to, new Uint8Array(fs.readFileSync(from)));
    }
  }
}

// Boots the runtime and installs the engine: from the wheel with
// unpackArchive (trace: the page's normal boot does the same, so its imports
// are seen), or by copying the unpacked files (snapshot: no extra imports).
async function boot(config, makeSnapshot) {
  const runtime = path.resolve(config.runtime) + path.sep;
  const { loadPyodide, version } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
  const options = { indexURL: runtime, lockFileContents: LOCK, _makeSnapshot: makeSnapshot };
  if (config.stdlib) options.stdLibURL = path.resolve(config.stdlib);
  const pyodide = await loadPyodide(options);
  if (config.wheel) {
    pyodide.unpackArchive(new Uint8Array(fs.readFileSync(config.wheel)), "wheel");
  } else {
    const site = pyodide.runPython("import sys\n[p for p in sys.path if p.endswith('site-packages')][0]");
    copyTree(pyodide, path.resolve(config.site), site);
  }
  pyodide.runPython("import importlib\nimportlib.invalidate_caches()");
  return { pyodide, version };
}

// Overwrites every byte of the wasm heap that holds no live data (free malloc
// chunks, the untouched top of the heap, the unused part of the stack) with
// zeros, so the snapshot compresses well. Nothing live is touched: free chunks
// are claimed with malloc, zeroed, and released again.
function zeroFreeMemory(pyodide) {
  const M = pyodide._module;
  const sbrk = () => M.HEAPU32[M._emscripten_get_sbrk_ptr() >>> 2];
  const top = sbrk();
  const claimed = [];
  for (let size = 1 << 20; size >= 16; size >>= 1) {
    for (;;) {
      const p = M._malloc(size);
      if (!p) break;
      if (p + size > top) {
        M._free(p);
        break;
      }
      M.HEAPU8.fill(0, p, p + size);
      claimed.push(p);
    }
  }
  for (const p of claimed) M._free(p);
  M._malloc_trim(0);
  M.HEAPU8.fill(0, sbrk(), M.HEAPU8.length);
  const stackEnd = M._emscripten_stack_get_end();
  const sp = M._emscripten_stack_get_current();
  M.HEAPU8.fill(0, stackEnd, sp - 1024);
}

// Makes what the runtime reads from the machine the same on every build, so
// the same source gives the same snapshot (and the same build id): random
// bytes (Python's hash secret, the random module's first seed) come from a
// fixed SHA-256 counter stream, and both clocks (file times in the in-memory
// file system, timers) start at a fixed time and move 1 ms per read. The
// page re-seeds random after every restore (web/boot.js).
function deterministic() {
  let counter = 0;
  crypto.randomFillSync = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let offset = 0; offset < bytes.length; offset += 32) {
      const block = crypto.createHash("sha256").update(`kugler-snapshot-${counter++}`).digest();
      bytes.set(block.subarray(0, Math.min(32, bytes.length - offset)), offset);
    }
    return view;
  };
  let now = Date.UTC(2020, 0, 1);
  Date.now = () => now++;
  let tick = 0;
  performance.now = () => tick++;
  // The runtime takes its program name and Python's sys.argv from Node's
  // command line (this script's path, the config file's): give it none, as
  // in the browser.
  process.argv.length = 1;
}

// Dotted names of every module of the package in folder `dir`.
function engineModules(dir, prefix) {
  const names = [prefix];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "__init__.py"))) {
      names.push(...engineModules(path.join(dir, entry.name), `${prefix}.${entry.name}`));
    } else if (entry.isFile() && entry.name.endsWith(".py") && entry.name !== "__init__.py" && entry.name !== "__main__.py") {
      names.push(`${prefix}.${entry.name.slice(0, -3)}`);
    }
  }
  return names;
}

async function trace(config) {
  const { pyodide } = await boot(config, false);
  installBootModule(pyodide, BOOT_SOURCE);
  pyodide.pyimport("_kugler_boot").after_boot(null);
  pyodide.runPython(fs.readFileSync(config.probe, "utf8"), { filename: config.probe });
  // Every module that came from the stdlib zip, precompiled by this very runtime.
  const listing = pyodide.runPython(`
import sys
_mods = sorted(list(sys.modules.values()), key=lambda m: m.__name__)
import _imp, json, os, zipfile
import importlib._bootstrap_external as _be
_zip = [p for p in sys.path if p.endswith(".zip")][0]
_names = []
with zipfile.ZipFile(_zip) as _z:
    _have = set(_z.namelist())
    for _mod in _mods:
        _file = getattr(_mod, "__file__", None) or ""
        if not _file.startswith(_zip + "/"):
            continue
        _name = _file[len(_zip) + 1:]
        if _name not in _have or not _name.endswith(".py") or _name in _names:
            continue
        _src = _z.read(_name)
        _code = compile(_src, _file, "exec", dont_inherit=True, optimize=${Number(config.optimize ?? 0)})
        _hash = _imp.source_hash(int.from_bytes(_be.MAGIC_NUMBER, "little"), _src)
        _out = "/tmp/pyc/" + _name + "c"
        os.makedirs(os.path.dirname(_out), exist_ok=True)
        with open(_out, "wb") as _f:
            _f.write(_be._code_to_hash_pyc(_code, _hash, checked=False))
        _names.append(_name)
json.dumps(_names)
`);
  const names = JSON.parse(listing);
  const out = path.resolve(config.out);
  for (const name of names) {
    const target = path.join(out, `${name}c`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, pyodide.FS.readFile(`/tmp/pyc/${name}c`));
  }
  return { modules: names };
}

async function snapshot(config) {
  deterministic();
  const { pyodide, version } = await boot(config, true);
  // Import the whole engine and the boot helpers, and prove a session answers.
  installBootModule(pyodide, BOOT_SOURCE);
  const engine = engineModules(path.join(path.resolve(config.site), "kugler_core"), "kugler_core");
  pyodide.globals.set("_engine_modules", pyodide.toPy(engine));
  pyodide.runPython(`
import importlib, json
for _name in _engine_modules:
    importlib.import_module(_name)
from kugler_core.facade import Session
_reply = json.loads(Session().handle_json('{"id": 0, "cmd": "", "args": {}}'))
assert _reply["ok"] is False and _reply["error"]["code"] == "bad_request", _reply
del _name, _reply, _engine_modules, Session
# Forget the stdlib zip's table of contents: after a restore the page may put a
# different (smaller) zip at the same path, read afresh on the next import.
import zipimport
importlib.invalidate_caches()
zipimport._zip_directory_cache.clear()
import gc
gc.collect()
`);
  zeroFreeMemory(pyodide);
  const bytes = pyodide.makeMemorySnapshot();
  const header = snapshotHeader(bytes);
  const memory = bytes.subarray(header.memoryOffset);
  const image = wasmDataImage(new Uint8Array(fs.readFileSync(path.join(path.resolve(config.runtime), "pyodide.asm.wasm"))));
  const staticChecksum = checksum(memory.subarray(0, image.length));
  const imageChecksum = checksum(bytes); // the image as the page hands it to Pyodide
  xorInto(memory, image);
  fs.writeFileSync(path.resolve(config.out), bytes);
  return {
    pyodide: version, build_id: header.buildId, magic: header.magic, raw_size: bytes.length,
    static_end: image.length, static_checksum: staticChecksum, image_checksum: imageChecksum,
    engine,
  };
}

// Errors are printed as message + stack only (Node would otherwise echo the
// minified runtime line the error came from).
try {
  const [mode, configPath] = process.argv.slice(2);
  const config = JSON.parse(fs.readFileSync(configPath, "utf8"));
  const run = { trace, snapshot }[mode];
  if (!run) throw new Error(`unknown mode ${mode}`);
  const result = await run(config);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (error) {
  console.error(String(error?.stack ?? error).slice(0, 4000));
  process.exit(1);
}
