"""The fast-start build outputs in dist/pyodide/ (tools/stdlib.py, tools/snapshot.py).

Checks what the page relies on without a browser: the trimmed stdlib is
precompiled, small and covers every stdlib import of the engine; the snapshot
matches the pinned runtime build, its static data restores to the recorded
checksum with the wasm's data image (computed here independently of
web/wasm-data.js and web/memory-image.js, and compared with them under Node);
both steps warn and skip instead of breaking the build. Skipped when dist/ is
not built; a build whose fast-start steps were skipped fails here.
"""

from __future__ import annotations

import ast
import functools
import gzip
import json
import re
import shutil
import struct
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
RUNTIME = DIST / "pyodide"
ENGINE = ROOT / "kugler_core"

if not (DIST / "build.json").exists():
    pytest.skip("dist/ is not built: run `python build.py`", allow_module_level=True)

sys.path.insert(0, str(ROOT))
from tools import snapshot, stdlib  # noqa: E402


def info(name: str) -> dict[str, object]:
    path = RUNTIME / name
    assert path.exists(), f"{name} missing: the fast-start build step was skipped (see build log)"
    data: dict[str, object] = json.loads(path.read_text())
    return data


def data_image(wasm: bytes) -> bytes:
    """The initial memory of the wasm's active data segments (i32.const offsets)."""

    def uleb(i: int) -> tuple[int, int]:
        result = shift = 0
        while True:
            byte = wasm[i]
            i += 1
            result |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return result, i

    def sleb(i: int) -> tuple[int, int]:
        result = shift = 0
        while True:
            byte = wasm[i]
            i += 1
            result |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                if byte & 0x40:
                    result -= 1 << shift
                return result, i

    assert wasm[:4] == b"\0asm"
    i = 8
    while i < len(wasm):
        section = wasm[i]
        size, i = uleb(i + 1)
        if section == 11:
            count, j = uleb(i)
            segments = []
            for _ in range(count):
                flags, j = uleb(j)
                assert flags == 0, "only active segments in memory 0 are expected"
                assert wasm[j] == 0x41
                offset, j = sleb(j + 1)
                assert wasm[j] == 0x0B
                length, j = uleb(j + 1)
                segments.append((offset & 0xFFFFFFFF, wasm[j:j + length]))
                j += length
            image = bytearray(max(o + len(d) for o, d in segments))
            for offset, data in segments:
                image[offset:offset + len(data)] = data
            return bytes(image)
        i += size
    raise AssertionError("no data section")


def checksum(data: bytes) -> str:
    """web/memory-image.js checksum(): FNV-1a style over little-endian 32-bit words."""
    h = 0x811C9DC5
    words = len(data) // 4
    for (word,) in struct.iter_unpack("<I", data[: words * 4]):
        h = ((h ^ word) * 0x01000193) & 0xFFFFFFFF
    for byte in data[words * 4:]:
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    return f"{h:08x}"


@functools.cache
def restored_memory() -> tuple[dict[str, object], bytes, bytes]:
    """(info, raw snapshot as stored, memory with the static region restored)."""
    meta = info(snapshot.SNAPSHOT_INFO)
    raw = snapshot.unpack_pages(gzip.decompress((RUNTIME / snapshot.SNAPSHOT_FILE).read_bytes()),
                                int(str(meta["raw_size"])), int(str(meta["page_size"])))
    header = int.from_bytes(raw[4:8], "little")
    memory = raw[header:]
    image = data_image((RUNTIME / "pyodide.asm.wasm").read_bytes())
    front = int.from_bytes(memory[: len(image)], "little") ^ int.from_bytes(image, "little")
    return meta, raw, front.to_bytes(len(image), "little") + memory[len(image):]


# ------------------------------------------------------------ trimmed stdlib


def test_trimmed_stdlib_is_precompiled_unchecked_bytecode_and_small() -> None:
    meta = info(stdlib.STDLIB_INFO)
    path = RUNTIME / str(meta["file"])
    assert path.stat().st_size == meta["size"]
    with zipfile.ZipFile(path) as archive:
        names = [n for n in archive.namelist() if n != stdlib.NAMES_FILE]
        assert names and all(n.endswith(".pyc") for n in names), names[:10]
        headers = {archive.read(n)[:8] for n in names}
    magics = {h[:4] for h in headers}
    assert len(magics) == 1, "all bytecode from one runtime"
    assert {int.from_bytes(h[4:8], "little") for h in headers} == {1}, "hash-based, unchecked"
    assert meta["modules"] == len(names)
    assert path.stat().st_size < 0.7 * (RUNTIME / stdlib.FULL_STDLIB).stat().st_size


def trimmed_modules() -> set[str]:
    with zipfile.ZipFile(RUNTIME / str(info(stdlib.STDLIB_INFO)["file"])) as archive:
        return {n[:-4].replace("/", ".").removesuffix(".__init__")
                for n in archive.namelist() if n.endswith(".pyc")}


def test_trimmed_stdlib_covers_every_stdlib_import_of_the_engine() -> None:
    full = set(stdlib.full_names(RUNTIME / stdlib.FULL_STDLIB))
    have = trimmed_modules()
    wanted: set[str] = set()
    for source in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                wanted.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                wanted.add(node.module)
    from_zip = {name for name in wanted if name in full}
    assert {"json"} <= from_zip, "the engine speaks JSON"
    missing = sorted(name for name in from_zip if name not in have)
    assert not missing, f"stdlib modules the engine imports but the trimmed zip lacks: {missing}"
    assert {"json", "_pyodide._base"} <= have
    assert not {"unittest", "sqlite3", "xml", "tomllib", "zoneinfo"} & have, "trimmed"


def test_trimmed_stdlib_carries_the_names_of_the_full_zip() -> None:
    with zipfile.ZipFile(RUNTIME / str(info(stdlib.STDLIB_INFO)["file"])) as archive:
        listed = archive.read(stdlib.NAMES_FILE).decode().split()
    assert listed == stdlib.full_names(RUNTIME / stdlib.FULL_STDLIB)
    assert "fractions" in listed and "fractions" not in trimmed_modules()


# ------------------------------------------------------------ snapshot


def test_snapshot_matches_the_pinned_runtime_build() -> None:
    meta, raw, _ = restored_memory()
    assert len(raw) == meta["raw_size"]
    assert int.from_bytes(raw[:4], "little") == meta["magic"]
    build_id = "".join(f"{int.from_bytes(raw[16 + 4 * k:20 + 4 * k], 'little'):08x}"
                       for k in range(8))
    assert build_id == meta["build_id"]
    runtime = (RUNTIME / "pyodide.mjs").read_text()
    pinned = re.search(r'BUILD_ID:"([0-9a-f]{64})"', runtime)
    assert pinned is not None and pinned.group(1) == build_id
    package = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())
    assert meta["pyodide"] == package["version"] == __import__("build").PYODIDE_VERSION


def test_snapshot_static_data_restores_to_its_checksum_with_the_wasm() -> None:
    meta, _, memory = restored_memory()
    image = data_image((RUNTIME / "pyodide.asm.wasm").read_bytes())
    assert len(image) == meta["static_end"]
    assert checksum(memory[: len(image)]) == meta["static_checksum"]
    tampered = bytes([memory[0] ^ 1]) + memory[1: len(image)]
    assert checksum(tampered) != meta["static_checksum"]


def test_snapshot_image_checksum_covers_the_whole_restored_image() -> None:
    # The page keeps the image it hands to Pyodide (header + restored memory)
    # and trusts a kept copy only when this checksum matches.
    meta, raw, memory = restored_memory()
    header = int.from_bytes(raw[4:8], "little")
    whole = raw[:header] + memory
    assert len(whole) == meta["raw_size"]
    assert checksum(whole) == meta["image_checksum"]
    assert checksum(whole[:-1] + bytes([whole[-1] ^ 0x80])) != meta["image_checksum"]


def test_snapshot_is_stored_as_a_delta_that_pays() -> None:
    _, raw, memory = restored_memory()
    header = int.from_bytes(raw[4:8], "little")
    stored = (RUNTIME / snapshot.SNAPSHOT_FILE).read_bytes()
    assert stored[4:8] == b"\0\0\0\0", "gzip mtime 0: the same build gives the same bytes"
    plain = gzip.compress(snapshot.pack_pages(raw[:header] + memory), compresslevel=9, mtime=0)
    assert len(stored) < 0.9 * len(plain)


def test_snapshot_pages_are_stored_without_the_zero_ones() -> None:
    meta = info(snapshot.SNAPSHOT_INFO)
    packed = gzip.decompress((RUNTIME / snapshot.SNAPSHOT_FILE).read_bytes())
    assert len(packed) == meta["packed_size"]
    assert len(packed) < 0.5 * int(str(meta["raw_size"])), "most of the heap is zero pages"


def test_the_same_wheel_gives_the_same_snapshot(tmp_path: Path) -> None:
    # A rebuild of the same source must keep the build id: otherwise every
    # redeploy looks like an update and players download the runtime again.
    # The build's random bytes, clock and command line are fixed
    # (tools/snapshot.mjs deterministic()); this runs the step again on the
    # wheel and trimmed stdlib in dist/ and compares every output byte.
    runtime = tmp_path / "pyodide"
    runtime.mkdir()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", stdlib.STDLIB_INFO,
                 str(info(stdlib.STDLIB_INFO)["file"])):
        shutil.copy2(RUNTIME / name, runtime / name)
    wheel = next(DIST.glob("kugler_core-*.whl"))
    assert snapshot.write_snapshot(tmp_path, wheel) is not None
    for name in (snapshot.SNAPSHOT_FILE, snapshot.SNAPSHOT_INFO, snapshot.SNAPSHOT_STDLIB):
        assert (runtime / name).read_bytes() == (RUNTIME / name).read_bytes(), name


def test_wheel_bytes_depend_on_the_engine_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every file carries one fixed date (build.py sets SOURCE_DATE_EPOCH), and
    # the metadata carries no README text (a documentation change must not
    # change the wheel, the snapshot it goes into, or the build id).
    import build
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    wheel = build.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        dates = {entry.date_time for entry in archive.infolist()}
        metadata = next(archive.read(n) for n in archive.namelist() if n.endswith("/METADATA"))
    assert dates == {time.gmtime(int(build.WHEEL_DATE_EPOCH))[:6]}
    headers, _, description = metadata.decode().partition("\n\n")
    assert description.strip() == "" and "Description-Content-Type" not in headers


@pytest.mark.parametrize("raw", [
    b"", bytes(4096), b"\1" + bytes(4095), bytes(8191) + b"\2", bytes(5000) + b"\3" * 10,
    bytes(range(256)) * 40 + bytes(12288) + b"\xff" * 3,
])
def test_page_map_round_trips_and_drops_zero_pages(raw: bytes) -> None:
    packed = snapshot.pack_pages(raw)
    assert snapshot.unpack_pages(packed, len(raw)) == raw
    pages = -(-len(raw) // 4096)
    nonzero = sum(1 for k in range(pages) if any(raw[k * 4096:(k + 1) * 4096]))
    assert len(packed) <= -(-pages // 8) + nonzero * 4096


def test_page_map_refuses_page_data_that_does_not_fit() -> None:
    packed = snapshot.pack_pages(b"\1" * 5000)
    with pytest.raises(ValueError):
        snapshot.unpack_pages(packed[:-1], 5000)
    with pytest.raises(ValueError):
        snapshot.unpack_pages(packed + b"\0", 5000)


def test_snapshot_stdlib_only_holds_the_module_names() -> None:
    meta = info(snapshot.SNAPSHOT_INFO)
    with zipfile.ZipFile(RUNTIME / str(meta["stdlib"])) as archive:
        assert archive.namelist() == [stdlib.NAMES_FILE]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_the_boot_modules_agree_with_this_test_on_image_checksum_and_pages(
        tmp_path: Path) -> None:
    sample = bytes(4096) + bytes(range(256)) * 16 + bytes(4000) + b"\x07" * 153
    assert len(sample) == 12345
    paged_file = tmp_path / "paged.bin"
    paged_file.write_bytes(snapshot.pack_pages(sample))
    meta, raw, _ = restored_memory()
    header_file = tmp_path / "header.bin"
    header_file.write_bytes(raw[:48])
    data_js = json.dumps((ROOT / "web" / "wasm-data.js").as_uri())
    image_js = json.dumps((ROOT / "web" / "memory-image.js").as_uri())
    wasm = json.dumps(str(RUNTIME / "pyodide.asm.wasm"))
    script = (
        'import fs from "node:fs";'
        f"import {{ wasmDataImage }} from {data_js};"
        f"import {{ checksum, unpackPages, packPages, snapshotHeader }} from {image_js};"
        f"const image = wasmDataImage(new Uint8Array(fs.readFileSync({wasm})));"
        f"const paged = new Uint8Array(fs.readFileSync({json.dumps(str(paged_file))}));"
        "const unpacked = unpackPages(paged, 12345, 4096);"
        "const hex = (bytes) => Buffer.from(bytes).toString('hex');"
        # the same map from a word-aligned view and from one that is not
        "const shifted = new Uint8Array(12346); shifted.set(unpacked, 1);"
        "console.log(JSON.stringify([image.length, checksum(image), checksum(unpacked),"
        " hex(packPages(unpacked, 4096)), hex(packPages(shifted.subarray(1), 4096)),"
        f" snapshotHeader(new Uint8Array(fs.readFileSync({json.dumps(str(header_file))})))]));"
    )
    done = subprocess.run(["node", "--no-warnings", "--input-type=module", "-e", script],
                          capture_output=True, text=True, check=True)
    image = data_image((RUNTIME / "pyodide.asm.wasm").read_bytes())
    paged = snapshot.pack_pages(sample).hex()
    header = {"magic": meta["magic"], "memoryOffset": int.from_bytes(raw[4:8], "little"),
              "buildId": meta["build_id"]}
    assert json.loads(done.stdout) == [len(image), checksum(image), checksum(sample),
                                       paged, paged, header]


# ------------------------------------------------------------ failure handling


def test_steps_warn_and_skip_instead_of_breaking_the_build(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "pyodide").mkdir()
    wheel = next(DIST.glob("kugler_core-*.whl"))
    assert stdlib.write_trimmed_stdlib(tmp_path, wheel) is None
    assert snapshot.write_snapshot(tmp_path, wheel) is None
    out = capsys.readouterr().out
    assert "WARNING: trimmed stdlib skipped" in out and "WARNING: snapshot skipped" in out
    assert list((tmp_path / "pyodide").iterdir()) == []
