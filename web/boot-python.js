// What every Pyodide interpreter of Kugler is given and runs first: the lock
// file (no packages: the engine comes as a wheel or inside the snapshot) and
// the module _kugler_boot, whose source is web/kugler_boot.py.
//
// Shared by the page's boot (web/boot.js, which has the source as text from
// the worker's bundle) and the build (tools/snapshot.mjs, which reads the
// file): both install the module the same way. No browser-only globals: Node
// imports this module too.

/**
 * The part of Pyodide's API the boot uses.
 * @typedef {object} Pyodide
 * @property {(code: string, options?: {globals?: unknown, filename?: string}) => any} runPython
 * @property {(name: string) => any} pyimport
 * @property {(value: unknown) => any} toPy
 * @property {(buffer: ArrayBuffer | Uint8Array, format: string) => void} unpackArchive
 */

/** Pyodide's lock file: the runtime's platform, and no packages. */
export const LOCK = {
  info: { abi_version: "2026_0", arch: "wasm32", platform: "emscripten_5_0_3", python: "3.14.2" },
  packages: {},
};

// Runs `source` (in the scope's globals) as the body of a new module
// _kugler_boot, under the file name tracebacks show.
const INSTALL = `
import sys, types
module = types.ModuleType("_kugler_boot")
exec(compile(source, "_kugler_boot.py", "exec"), module.__dict__)
sys.modules["_kugler_boot"] = module
`;

/**
 * Installs web/kugler_boot.py's `source` as the module _kugler_boot of
 * `pyodide` (which arms its lazy full-stdlib finder); after_boot() is then
 * called by the boot. Throws Pyodide's PythonError when the source fails.
 * @param {Pyodide} pyodide
 * @param {string} source
 * @returns {void}
 */
export function installBootModule(pyodide, source) {
  const scope = pyodide.toPy({ source });
  try {
    pyodide.runPython(INSTALL, { globals: scope });
  } finally {
    scope.destroy();
  }
}
