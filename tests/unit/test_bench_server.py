"""bench/startup.py's server: a process of its own that serves a folder under
a sub-path, counts the bytes it sends, and ends with the benchmark."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from bench_scripts import BENCH, load

startup = load("startup.py")
STARTUP_PATH = BENCH / "startup.py"


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, b""


def _ended(pid: int) -> bool:
    """True when process `pid` is gone or a zombie (Linux /proc)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"


def test_serves_under_its_base_and_counts_the_bytes_it_sends(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"x" * 1234)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.js").write_text("export {};\n")
    server = startup.SiteProcess(tmp_path, "/kugler/")
    try:
        assert server.url.endswith("/kugler/")
        assert _get(server.url + "a.txt") == (200, b"x" * 1234)
        assert _get(server.url + "sub/b.js") == (200, b"export {};\n")
        assert _get(server.origin + "/a.txt")[0] == 404  # outside the base
        sent = server.take()
        names = sorted((Path(path).name, size) for path, size in sent)
        assert names == [("a.txt", 1234), ("b.js", 11)]
        assert server.take() == []  # taken once
    finally:
        server.close()
    assert server.process.returncode is not None


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_ends_when_the_benchmark_ends_without_closing_it(tmp_path: Path) -> None:
    parent = subprocess.run(
        [sys.executable, "-c",
         "import importlib.util, os, sys\n"
         f"spec = importlib.util.spec_from_file_location('s', {str(STARTUP_PATH)!r})\n"
         "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
         f"server = m.SiteProcess(m.Path({str(tmp_path)!r}), '/')\n"
         "print(server.process.pid, flush=True)\n"
         "os._exit(0)  # no close(), as when the benchmark is killed\n"],
        capture_output=True, text=True, timeout=60, check=True)
    pid = int(parent.stdout.split()[0])
    deadline = time.monotonic() + 10
    while not _ended(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _ended(pid), "the server outlived the benchmark"
