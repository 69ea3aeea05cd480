// Boots Python in the worker: the Pyodide runtime, then the kugler_core wheel.
//
// bootEngine(baseUrl) resolves to { session, build } where session is the
// kugler_core.facade.Session the worker talks to (handle_json(text) -> text).
// It rejects with an Error when the runtime or the wheel cannot be loaded.
// Every URL is relative to baseUrl (the site root), so the site works from any
// sub-path.

const LOCK = {
  info: { abi_version: "2026_0", arch: "wasm32", platform: "emscripten_5_0_3", python: "3.14.2" },
  packages: {},
};

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

export async function bootEngine(baseUrl) {
  const build = await (await fetchOk(new URL("build.json", baseUrl))).json();
  const wheelBytes = fetchOk(new URL(build.wheel, baseUrl)).then((r) => r.arrayBuffer());
  const runtimeUrl = new URL("pyodide/", baseUrl).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", runtimeUrl).href);
  const pyodide = await loadPyodide({
    indexURL: runtimeUrl,
    lockFileContents: LOCK,
    packageBaseUrl: runtimeUrl,
  });
  pyodide.unpackArchive(await wheelBytes, "wheel");
  const session = pyodide.runPython("from kugler_core.facade import Session\nSession()");
  return { session, build };
}
