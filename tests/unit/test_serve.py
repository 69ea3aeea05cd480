"""build.py's static server: `python build.py serve` sends text and wasm
gzip-compressed, as GitHub Pages does, and never the files that are
compressed already; the tests' server (compress off) sends every file as it is."""

from __future__ import annotations

import gzip
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

FILES = {
    "index.html": b"<!doctype html><p>Kugler</p>\n" * 200,
    "main.js": b"export const a = 1;\n" * 300,
    "pyodide/pyodide.asm.wasm": bytes(range(256)) * 64,
    "build.json": b'{"build": "x"}',
    "kugler_core-1.0.0-py3-none-any.whl": b"PK\x03\x04" + b"z" * 2000,
    "pyodide/kugler-snapshot.bin.gz": gzip.compress(b"image" * 1000),
}


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str, str]]:
    for name, data in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    servers = [build.make_server(tmp_path, 0, "/kugler/", compress=True),
               build.make_server(tmp_path, 0, "/kugler/")]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        compressed, plain = (f"http://127.0.0.1:{s.server_port}/kugler/" for s in servers)
        yield tmp_path, compressed, plain
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


def fetch(url: str, gzip_ok: bool = True) -> tuple[str | None, str | None, bytes]:
    """(Content-Encoding, Content-Length, body as sent) of a GET."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return reply.headers["Content-Encoding"], reply.headers["Content-Length"], reply.read()


@pytest.mark.parametrize(
    "name", ["index.html", "main.js", "pyodide/pyodide.asm.wasm", "build.json"])
def test_serve_sends_text_and_wasm_compressed(site: tuple[Path, str, str], name: str) -> None:
    folder, compressing, _ = site
    for _ in range(2):  # compressed once, then from memory: the same bytes
        encoding, length, body = fetch(compressing + name)
        assert encoding == "gzip"
        assert length == str(len(body))
        assert gzip.decompress(body) == FILES[name]
    # a file changed on disk is compressed again
    (folder / name).write_bytes(FILES[name] + b"\n")
    assert gzip.decompress(fetch(compressing + name)[2]) == FILES[name] + b"\n"


def test_serve_sends_the_page_at_the_site_root_compressed(site: tuple[Path, str, str]) -> None:
    """The page a player (and Lighthouse) opens is base/, not base/index.html:
    it goes out compressed too, as GitHub Pages sends it."""
    folder, compressing, plain = site
    for query in ("", "?source=pwa"):
        encoding, length, body = fetch(compressing + query)
        assert (encoding, length) == ("gzip", str(len(body)))
        assert gzip.decompress(body) == FILES["index.html"]
        assert fetch(plain + query)[0::2] == (None, FILES["index.html"])
    # a folder without a page of its own is listed as before, uncompressed
    (folder / "empty").mkdir()
    encoding, _, body = fetch(compressing + "empty/")
    assert encoding is None and b"Directory listing" in body


@pytest.mark.parametrize(
    "name", ["kugler_core-1.0.0-py3-none-any.whl", "pyodide/kugler-snapshot.bin.gz"])
def test_serve_sends_compressed_files_as_they_are(site: tuple[Path, str, str], name: str) -> None:
    _, compressing, _ = site
    assert fetch(compressing + name) == (None, str(len(FILES[name])), FILES[name])


def test_without_gzip_in_the_request_or_with_compress_off_files_go_as_they_are(
        site: tuple[Path, str, str]) -> None:
    _, compressing, plain = site
    for name, data in FILES.items():
        assert fetch(compressing + name, gzip_ok=False)[0::2] == (None, data)
        assert fetch(plain + name)[0::2] == (None, data)
