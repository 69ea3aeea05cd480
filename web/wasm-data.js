// The wasm module's data segments: the memory they describe at the start.
//
// Shared by the page's boot (web/boot.js) and the build (tools/snapshot.mjs):
// the memory snapshot is stored XOR this image, so the runtime's static data,
// which the page downloads anyway inside the wasm, is not sent twice.
// No browser-only globals: Node imports this module too.

/**
 * The initial memory the wasm's active data segments describe (offset 0 up to
 * the end of the last segment). Passive segments are not in it.
 * Throws on bytes that are not a wasm module, on a module without a data
 * section, and on a segment form it does not know.
 * @param {Uint8Array} wasm the whole .wasm file
 * @returns {Uint8Array}
 */
export function wasmDataImage(wasm) {
  if (wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) throw new Error("not a wasm module");
  let i = 8;
  /** @returns {number} */
  const uleb = () => {
    let result = 0, shift = 0, byte;
    do { byte = wasm[i++]; result += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return result;
  };
  /** @returns {number} */
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
      /** @type {Array<[number, number, number]>} offset in memory, start in the file, length */
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
