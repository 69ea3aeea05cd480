"""Build step: a Pyodide memory snapshot with kugler_core already imported.

Boots the pinned runtime under Node with `_makeSnapshot` on the trimmed stdlib
zip (tools/stdlib.py must run first), installs the wheel, installs the boot's
Python (web/kugler_boot.py, as web/boot-python.js does in the page), imports
every engine module, checks that a Session answers, zeroes
the heap's free memory and writes `makeMemorySnapshot()`. The snapshot is
stored gzip-compressed (the page inflates it with DecompressionStream, so its
size does not depend on the host compressing it), with an info file that
web/boot.js checks before use:

    dist/pyodide/kugler-snapshot.bin.gz
    dist/pyodide/kugler-snapshot.json   {pyodide, build_id, magic, raw_size,
                                         page_size, packed_size, gz_size,
                                         static_end, static_checksum,
                                         image_checksum, stdlib, wheel}
    dist/pyodide/kugler-snapshot-stdlib.zip

What is compressed is the image as a page map (`pack_pages`): a bitmap with
one bit per 4 kB page of the image, then only the pages that are not all zero,
in order. Two thirds of the heap are zero pages, so the page inflates a third
of the bytes (70-90 ms instead of 200-340 ms for the full image, measured
with Node's DecompressionStream) and puts the pages into a zeroed buffer.

The memory image is stored XOR the initial memory that the wasm's data
segments describe (web/wasm-data.js wasmDataImage), so the runtime's static data is
not sent twice; the page undoes it with the wasm it downloads anyway and checks
static_checksum. image_checksum covers the whole image as the page hands it to
Pyodide: the page keeps that image in its cache and checks it on later visits.
Every module the engine needs is inside the snapshot, and the
snapshot forgets the stdlib zip's table of contents, so the zip the page gives a
restored interpreter only holds the list of the full zip's module names (for
the lazy full-stdlib finder): kugler-snapshot-stdlib.zip, a few kB.

The step never breaks the build: when the trimmed stdlib is missing or Node
or the runtime fails it prints a warning, leaves no partial output and returns
None (web/boot.js then uses the normal boot); tests/unit/test_startup_build.py
catches that.
"""

from __future__ import annotations

import json
import struct
import tempfile
import zipfile
import zlib
from pathlib import Path

from tools import stdlib

SNAPSHOT_FILE = "kugler-snapshot.bin.gz"  # must match web/boot.js
SNAPSHOT_INFO = "kugler-snapshot.json"
SNAPSHOT_STDLIB = "kugler-snapshot-stdlib.zip"


PAGE_SIZE = 4096  # the page map's unit; the page reads it from the info file


def pack_pages(raw: bytes, page_size: int = PAGE_SIZE) -> bytes:
    """The page map of `raw`: a bitmap (bit i, least significant first, of
    byte i // 8 set when page i holds a non-zero byte) followed by those
    pages in order. The last page may be short. Inverse: unpack_pages."""
    count = -(-len(raw) // page_size)
    bitmap = bytearray(-(-count // 8))
    pages = []
    for index in range(count):
        page = raw[index * page_size:(index + 1) * page_size]
        if page.count(0) != len(page):
            bitmap[index >> 3] |= 1 << (index & 7)
            pages.append(page)
    return bytes(bitmap) + b"".join(pages)


def unpack_pages(packed: bytes, raw_size: int, page_size: int = PAGE_SIZE) -> bytes:
    """The image of `raw_size` bytes that pack_pages made `packed` from.

    Raises ValueError when the page data does not fit the bitmap."""
    count = -(-raw_size // page_size)
    offset = -(-count // 8)
    raw = bytearray(raw_size)
    for index in range(count):
        if packed[index >> 3] >> (index & 7) & 1:
            start = index * page_size
            length = min(page_size, raw_size - start)
            if offset + length > len(packed):
                raise ValueError("page map: pages truncated")
            raw[start:start + length] = packed[offset:offset + length]
            offset += length
    if offset != len(packed):
        raise ValueError("page map: more page data than the bitmap names")
    return bytes(raw)


GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03"
"""deflate, no flags, mtime 0, best compression, Unix: written out here because
gzip.compress's header differs between Python versions (its OS byte)."""


def compress(raw: bytes) -> bytes:
    """gzip level 9 with a fixed header, so equal input gives equal bytes on any Python."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    body = deflate.compress(raw) + deflate.flush()
    return GZIP_HEADER + body + struct.pack("<II", zlib.crc32(raw), len(raw) & 0xFFFFFFFF)


def write_snapshot(dist: Path, wheel: Path) -> Path | None:
    """Write the compressed snapshot and its info file into dist/pyodide/."""
    runtime = dist / "pyodide"
    try:
        return _write_snapshot(runtime, wheel)
    except (RuntimeError, OSError, ValueError, KeyError) as error:
        stdlib.warn("snapshot", error, [runtime / n for n in
                                        (SNAPSHOT_FILE, SNAPSHOT_INFO, SNAPSHOT_STDLIB)])
        return None


def _write_snapshot(runtime: Path, wheel: Path) -> Path:
    stdlib_info = json.loads((runtime / stdlib.STDLIB_INFO).read_text())
    with tempfile.TemporaryDirectory() as tmp:
        site = stdlib.unpack_wheel(wheel, Path(tmp) / "site")
        raw_path = Path(tmp) / "snapshot.bin"
        result = stdlib.run_node("snapshot", {
            "runtime": str(runtime), "site": str(site),
            "stdlib": str(runtime / stdlib_info["file"]), "out": str(raw_path)})
        raw = raw_path.read_bytes()
    with zipfile.ZipFile(runtime / stdlib_info["file"]) as trimmed:
        names = trimmed.read(stdlib.NAMES_FILE)
    with zipfile.ZipFile(runtime / SNAPSHOT_STDLIB, "w", zipfile.ZIP_DEFLATED,
                         compresslevel=9) as tiny:
        entry = zipfile.ZipInfo(stdlib.NAMES_FILE, stdlib.ZIP_DATE)
        entry.compress_type = zipfile.ZIP_DEFLATED
        tiny.writestr(entry, names)
    paged = pack_pages(raw)
    packed = compress(paged)
    target = runtime / SNAPSHOT_FILE
    target.write_bytes(packed)
    info = {"pyodide": result["pyodide"], "build_id": result["build_id"], "magic": result["magic"],
            "raw_size": len(raw), "page_size": PAGE_SIZE, "packed_size": len(paged),
            "gz_size": len(packed), "static_end": result["static_end"],
            "static_checksum": result["static_checksum"],
            "image_checksum": result["image_checksum"], "stdlib": SNAPSHOT_STDLIB,
            "wheel": wheel.name}
    (runtime / SNAPSHOT_INFO).write_text(json.dumps(info, indent=2) + "\n")
    print(f"[build] snapshot: {len(raw)} bytes, {len(paged)} in non-zero pages, "
          f"{len(packed)} gzip", flush=True)
    return target
