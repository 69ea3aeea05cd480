// Pyodide given the wasm the boot already has: while loadPyodide() runs,
// fetch() of the wasm's URL answers with a clone of the response the boot
// downloaded, and WebAssembly.instantiateStreaming of it instantiates the
// module the boot compiled. Both are put back when loading ends.

/**
 * Runs load() while fetch() of `url` answers with a clone of `response` in
 * hand, so the wasm the fast path downloaded for its data image is not fetched
 * twice (a fresh or private browser context does not cache a 9.6 MB file).
 * When `module` (the same wasm, already compiled) is given, Pyodide's
 * WebAssembly.instantiateStreaming of that response instantiates it instead
 * of compiling the 9.6 MB again (each compile, even from the browser's code
 * cache, costs ~60-130 ms of CPU here). Resolves or rejects as load() does.
 * @template T
 * @param {string} url
 * @param {Response} response
 * @param {() => Promise<T>} load
 * @param {WebAssembly.Module | null | undefined} [module]
 * @returns {Promise<T>}
 */
export async function withWasmResponse(url, response, load, module = null) {
  const realFetch = globalThis.fetch;
  const realInstantiateStreaming = WebAssembly.instantiateStreaming;
  /** @type {typeof fetch} */
  const fetchOnce = (input, init) => String(/** @type {Request} */ (input)?.url ?? input) === url
    ? Promise.resolve(response.clone())
    : realFetch.call(globalThis, input, init);
  globalThis.fetch = fetchOnce;
  if (module instanceof WebAssembly.Module && realInstantiateStreaming) {
    /** @type {typeof WebAssembly.instantiateStreaming} */
    const instantiate = async (source, imports) => {
      const resolved = await source;
      if (resolved?.url !== url) return realInstantiateStreaming.call(WebAssembly, resolved, imports);
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    };
    WebAssembly.instantiateStreaming = instantiate;
  }
  try {
    return await load();
  } finally {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiateStreaming;
  }
}
