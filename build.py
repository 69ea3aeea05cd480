#!/usr/bin/env python3
"""Build, serve and test Kugler.

    python build.py            build the static site into dist/ (--strict: see below)
    python build.py serve      build, then serve dist/ on http://localhost:8000 (--port N)
    python build.py test       install what the tests need, build strictly, run every test

The site is plain files: the page and its ES modules from web/, the
kugler_core wheel, the Pyodide runtime from node_modules/pyodide, and the help
pages rendered from seeds/. Every URL in the site is relative, so dist/ can
be hosted under any sub-path.

The steps that make the page faster (the page's script inline and the
modules bundled by esbuild, the trimmed standard library, the memory
snapshot) warn and are skipped when they fail on a machine, and the site
still works without them. A strict build (`build --strict`, and always the
build of `test`, so in CI and in what the Pages workflow deploys) fails
instead: what is tested and deployed is the fast site.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import BinaryIO, ClassVar

from tools import bundles, help_pages, inline, service_worker, snapshot, stdlib
from tools.wheel import DEFAULT_DATE_EPOCH, write_wheel

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
SEEDS = ROOT / "seeds"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
NODE_BIN = ROOT / "node_modules" / ".bin"
# TypeScript's projects over web/ (checkJs, strict): the page's modules with the
# DOM's globals, the worker and the service worker with a worker's.
TYPE_CHECKED = ("tsconfig.json", "tsconfig.worker.json")
PYODIDE_VERSION = "314.0.7"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
TYPED = ("kugler_core", "web/kugler_boot.py", "build.py", "tools", "bench", "tests")
"""What `mypy --strict` reads: the engine, the boot's Python the page runs beside it,
the tools around them (this file, the build's and the training's tools, the
benchmarks) and the tests."""
LINTED = ("kugler_core", "web", "tests", "bench", "tools", "build.py")
"""What `ruff check` reads (in web/, the boot's Python)."""
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
"""Headless Chromium flags for tests and benchmarks (root, no network of its own)."""


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], **kwargs: object) -> None:
    log(" ".join(cmd))
    subprocess.run(cmd, check=True, cwd=ROOT, **kwargs)  # type: ignore[call-overload]


# --------------------------------------------------------------------------- build


def ensure_node_modules() -> None:
    """Install what package.json pins (the Pyodide runtime, esbuild) with `npm ci`
    when any of it is missing or of another version."""
    wanted = json.loads((ROOT / "package.json").read_text())
    pins = {**wanted.get("dependencies", {}), **wanted.get("devDependencies", {})}

    def installed(name: str) -> str | None:
        meta = ROOT / "node_modules" / name / "package.json"
        return json.loads(meta.read_text())["version"] if meta.exists() else None

    if all(installed(name) == version for name, version in pins.items()):
        return
    if shutil.which("npm") is None:
        sys.exit("npm is needed to install the Pyodide runtime and esbuild (Node >= 18).")
    run(["npm", "ci", "--no-audit", "--no-fund"])


# The time stamped on the wheel's files unless SOURCE_DATE_EPOCH says otherwise
# (1980-01-01, the earliest a zip can hold): the same source then gives the
# same wheel bytes, so the same build id, and a redeploy is not an update.
WHEEL_DATE_EPOCH = str(DEFAULT_DATE_EPOCH)


def build_wheel(out: Path) -> Path:
    """Write the pure-Python kugler_core wheel into `out` and return its path.

    The wheel pip builds with flit_core, written by tools/wheel.py with the
    standard library alone: nothing to install, no network. The same source
    gives the same bytes (file times from SOURCE_DATE_EPOCH)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", WHEEL_DATE_EPOCH)
    wheel = write_wheel(ROOT, out, int(epoch))
    log(f"wrote {wheel.name}")
    return wheel


def content_hash(paths: list[Path], base: Path) -> str:
    """A short hash over the names and bytes of `paths`: the build id."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(base).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


OPTIONAL_STEPS = ("inline script", "bundles", "trimmed stdlib", "snapshot")
"""The steps a build without --strict skips (with a warning) when they fail."""


class StrictBuildError(SystemExit):
    """An optional step failed in a strict build (the exit message names it)."""


def optional(step: str, result: object, strict: bool) -> None:
    """The end of an optional step: None is a failure (the step has warned why),
    which a strict build does not accept."""
    if result is None and strict:
        raise StrictBuildError(f"[build] --strict: the {step} step failed (see its warning "
                               "above); a strict build ships every step")


def build(strict: bool = False) -> Path:
    """Assemble dist/ and return it. ``strict``: an optional step that fails
    (``OPTIONAL_STEPS``) fails the build (StrictBuildError)."""
    ensure_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    # web/'s type declarations are for the type check, not for the site
    shutil.copytree(WEB, DIST, ignore=shutil.ignore_patterns("*.d.ts"))
    runtime = DIST / "pyodide"
    runtime.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(PYODIDE_DIR / name, runtime / name)
    wheel = build_wheel(DIST)
    # Steps that add files to dist/ go here, one call each (modules in tools/).
    help_pages.write(DIST, SEEDS, WEB / "help")
    optional("inline script", inline.write(DIST), strict)
    optional("bundles", bundles.write(DIST), strict)
    optional("trimmed stdlib", stdlib.write_trimmed_stdlib(DIST, wheel), strict)
    optional("snapshot", snapshot.write_snapshot(DIST, wheel), strict)
    files = [p for p in DIST.rglob("*") if p.is_file()]
    build_id = content_hash(files, DIST)
    manifest = {"build": build_id, "wheel": wheel.name, "pyodide": PYODIDE_VERSION}
    (DIST / "build.json").write_text(json.dumps(manifest, indent=2) + "\n")
    # Steps that need the build id go here (e.g. the service worker's precache list).
    service_worker.write(DIST, build_id)
    log(f"built {DIST} (build {build_id}, {len(files) + 1} files)")
    return DIST


# --------------------------------------------------------------------------- serve


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the game needs, optionally under a sub-path."""

    base = "/"
    # Headers and body go out in separate writes; with Nagle's algorithm the
    # body of a small file then waits for the delayed ACK of the headers
    # (~40 ms on Linux), which made the page's modules arrive 150-250 ms late.
    disable_nagle_algorithm = True
    # typeshed declares it per instance, so not a ClassVar; never mutated
    extensions_map: dict[str, str] = {  # noqa: RUF012
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".zip": "application/zip",
    }

    # Sent gzip-compressed to a client that accepts it, when `compress` is on
    # (`serve`): GitHub Pages compresses these types, so a page served here
    # downloads the bytes it downloads there. Not the zip, wheel and snapshot
    # files, which are compressed already.
    compress = False
    COMPRESSED_TYPES: ClassVar[frozenset[str]] = frozenset({
        "text/html", "text/css", "text/javascript", "text/plain", "text/markdown",
        "application/json", "application/manifest+json", "application/wasm", "image/svg+xml",
    })
    _gzipped: ClassVar[dict[tuple[str, int, int], bytes]] = {}  # (path, mtime_ns, size) -> gzip -6
    _gzip_lock: ClassVar[threading.Lock] = threading.Lock()

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        """As SimpleHTTPRequestHandler's, but a compressible file goes out
        gzip-compressed (Content-Encoding: gzip) when `compress` is on and the
        request accepts gzip; each file is compressed once."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urllib.parse.urlsplit(self.path).path.endswith("/"):
            # a folder's page (the site's own at base/): its index.html, as
            # SimpleHTTPRequestHandler sends it, compressed like the file
            path = os.path.join(path, "index.html")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.compress and accepts and os.path.isfile(path)
                and self.guess_type(path) in self.COMPRESSED_TYPES):
            return super().send_head()
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self._gzip_lock:
            body = self._gzipped.get(key)
        if body is None:
            body = gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)
            with self._gzip_lock:
                self._gzipped[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        if self.base != "/":
            if not path.startswith(self.base):
                return str(Path(self.directory) / "__outside_base__")
            path = "/" + path[len(self.base):]
        return super().translate_path(path)

    def do_GET(self) -> None:
        if self.base != "/" and self.path == self.base.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.base)
            self.end_headers()
            return
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        # As GitHub Pages sends it: the service worker's cache must serve
        # these responses offline all the same (tests/e2e/test_offline.py).
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("KUGLER_SERVE_LOG"):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """One thread a request. A listen backlog of 5 (the default) drops
    connections when a page opens more at once; the browser retries them a
    second later."""

    request_queue_size = 64
    daemon_threads = True


def make_server(directory: Path = DIST, port: int = 8000, base: str = "/",
                host: str = "127.0.0.1", compress: bool = False) -> SiteServer:
    """A static server for `directory` at http://host:port{base} (port 0 picks
    a free one); with `compress`, text and wasm files go out gzip-compressed
    to a client that accepts it, as GitHub Pages sends them."""
    if not (base.startswith("/") and base.endswith("/")):
        raise ValueError("base must start and end with '/'")
    handler = type("SiteHandler", (Handler,), {"base": base, "compress": compress})
    bound = functools.partial(handler, directory=str(directory))
    return SiteServer((host, port), bound)


def serve(port: int, directory: Path = DIST, base: str = "/") -> None:
    """Serve `directory` until Ctrl+C, compressed as GitHub Pages sends it."""
    with make_server(directory, port, base, compress=True) as httpd:
        log(f"serving {directory} on http://localhost:{httpd.server_port}{base}  (Ctrl+C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


# --------------------------------------------------------------------------- test


def find_chromium() -> str | None:
    configured = os.environ.get("KUGLER_CHROMIUM")
    if configured:
        return configured
    return next((c for c in CHROMIUM_CANDIDATES if Path(c).exists()), None)


def ensure_test_tools() -> None:
    """Install the Python test tools, the Pyodide runtime and Chromium when missing."""
    run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
         "-e", ".[test]"])
    ensure_node_modules()
    if find_chromium() is None:
        if os.geteuid() == 0 and shutil.which("apt-get"):
            env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
            run(["apt-get", "update", "-qq"], env=env)
            run(["apt-get", "install", "-y", "-qq", "chromium"], env=env)
        else:
            sys.exit("Chromium is needed for the browser tests: install it "
                     "(Debian: apt-get install chromium) or set KUGLER_CHROMIUM.")


def test(pytest_args: list[str]) -> int:
    ensure_test_tools()
    build(strict=True)
    run([sys.executable, "-m", "mypy", "--strict", *TYPED])
    run([sys.executable, "-m", "ruff", "check", *LINTED])
    for config in TYPE_CHECKED:
        run([str(NODE_BIN / "tsc"), "--noEmit", "-p", config])
    run([str(NODE_BIN / "eslint"), "web"])
    return subprocess.call([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    build_parser = sub.add_parser("build", help="build dist/ (the default)")
    build_parser.add_argument("--strict", action="store_true",
                              help="fail when an optional step (esbuild, trimmed stdlib, "
                                   "snapshot) fails, instead of skipping it")
    serve_parser = sub.add_parser("serve", help="build and serve dist/")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--base", default="/",
                              help="serve under this sub-path, e.g. /kugler/")
    serve_parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    test_parser = sub.add_parser("test", help="install test tools, build, run all tests")
    test_parser.add_argument("pytest_args", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)

    if args.command == "serve":
        if not args.no_build:
            build()
        serve(args.port, DIST, args.base)
        return 0
    if args.command == "test":
        return test(args.pytest_args)
    build(strict=getattr(args, "strict", False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
