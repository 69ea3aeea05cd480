// The memory image of a Pyodide snapshot: its header, its page map, its
// checksum, and the XOR with the wasm's data image (web/wasm-data.js).
//
// Shared by the page's boot (web/boot.js, web/boot-cache.js) and the build
// (tools/snapshot.mjs, which writes the image these functions read; the page
// map's bytes are also tools/snapshot.py pack_pages's). No browser-only
// globals: Node imports this module too.

/**
 * The snapshot's info file, dist/pyodide/kugler-snapshot.json (written by
 * tools/snapshot.py; the page checks the image against it before use).
 * @typedef {object} SnapshotInfo
 * @property {string} pyodide the Pyodide version the image was made with
 * @property {string} build_id the runtime's build id (SnapshotHeader.buildId)
 * @property {number} magic the header's magic number
 * @property {number} raw_size bytes of the image
 * @property {number} page_size bytes of a page of the page map
 * @property {number} packed_size bytes of the page map
 * @property {number} gz_size bytes of the page map gzip-compressed, as stored
 * @property {number} static_end bytes of the wasm's data image
 * @property {string} static_checksum checksum of the memory's static data, restored
 * @property {string} image_checksum checksum of the whole image as Pyodide gets it
 * @property {string} stdlib the zip, under pyodide/, a restored interpreter is given
 * @property {string} wheel the engine's wheel inside the image
 */

/**
 * What the image's header says (Pyodide's makeMemorySnapshot: u32 magic,
 * u32 offset of the wasm memory in the image, u32 length of its JSON, u32 0,
 * 8 x u32 the runtime's build id).
 * @typedef {object} SnapshotHeader
 * @property {number} magic
 * @property {number} memoryOffset where the wasm memory starts in the image
 * @property {string} buildId the runtime build the image was made by, 64 hex digits
 */

/**
 * The header of the memory image `image` (at least 48 bytes, word-aligned).
 * @param {Uint8Array} image
 * @returns {SnapshotHeader}
 */
export function snapshotHeader(image) {
  const words = new Uint32Array(image.buffer, image.byteOffset, 12);
  const buildId = Array.from(words.subarray(4, 12), (w) => w.toString(16).padStart(8, "0")).join("");
  return { magic: words[0], memoryOffset: words[1], buildId };
}

/**
 * XORs `image` into the front of `memory` in place (its own inverse).
 * @param {Uint8Array} memory
 * @param {Uint8Array} image
 * @returns {void}
 */
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

/**
 * The image of `rawSize` bytes from its page map (tools/snapshot.py
 * pack_pages): a bitmap, one bit per page of `pageSize` bytes (bit i, least
 * significant first, of byte i >> 3: the page is not all zero), then those
 * pages in order; the last page may be short. Throws when the page data does
 * not fit the bitmap.
 * @param {Uint8Array} packed
 * @param {number} rawSize
 * @param {number} pageSize
 * @returns {Uint8Array}
 */
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

/**
 * The page map of `image` that unpackPages(map, image.length, pageSize)
 * turns back into it: the bitmap of its pages of `pageSize` bytes (a multiple
 * of 4) that are not all zero, then those pages. Same bytes as
 * tools/snapshot.py pack_pages.
 * @param {Uint8Array} image
 * @param {number} pageSize
 * @returns {Uint8Array}
 */
export function packPages(image, pageSize) {
  const count = Math.ceil(image.length / pageSize);
  const bitmapLength = Math.ceil(count / 8);
  const aligned = image.byteOffset % 4 === 0 && pageSize % 4 === 0;
  const words = aligned ? new Uint32Array(image.buffer, image.byteOffset, image.length >>> 2) : null;
  /** @type {(start: number, end: number) => boolean} */
  const isZero = (start, end) => {
    let k = start;
    if (words) {
      for (const last = end >>> 2; k >>> 2 < last; k += 4) if (words[k >>> 2]) return false;
    }
    for (; k < end; k++) if (image[k]) return false;
    return true;
  };
  /** @type {number[]} */
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

/**
 * A fast 32-bit FNV-1a style checksum over bytes (little-endian 32-bit words,
 * then the last bytes one by one), as 8 hex digits.
 * @param {Uint8Array} bytes
 * @returns {string}
 */
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
