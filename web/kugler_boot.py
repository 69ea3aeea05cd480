"""The interpreter's start-up helpers: module ``_kugler_boot`` inside Pyodide.

Not part of the engine: web/boot-python.js installs this source as the module
``_kugler_boot`` in every interpreter Kugler starts (the build's snapshot has
it already; the page's normal boot installs it before the wheel). It reaches
the page as text: tools/bundles.py puts it into the worker's bundle.

- ``LazyStdlibFinder``, the last finder on ``sys.meta_path``: a module of the
  full standard library that the trimmed zip lacks is fetched (the whole
  python_stdlib.zip, once) and imported from it; unknown names fail as usual,
  without any download.
- ``after_boot(full_stdlib_url)``, called by the page after every boot: arms
  the finder with the full zip's URL and re-seeds ``random``, whose state a
  snapshot froze at build time.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for the checker only: the boot imports nothing more at run time
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

FULL_STDLIB: str | None = None  # URL of the full python_stdlib.zip, set by after_boot()
FULL_PATH = "/lib/python_stdlib_full.zip"
NAMES_FILE = "kugler-stdlib-full.txt"  # module names of the full zip, inside the trimmed zip


def _full_names() -> frozenset[str]:
    """The full zip's module names, read from the trimmed zip on sys.path (empty if none)."""
    import zipimport

    for entry in sys.path:
        if entry.endswith(".zip") and entry != FULL_PATH:
            try:
                data = zipimport.zipimporter(entry).get_data(entry + "/" + NAMES_FILE)
            except (OSError, zipimport.ZipImportError):
                continue
            return frozenset(data.decode().split())
    return frozenset()


def _download(url: str) -> bytes | None:
    """The body of `url` by synchronous XHR (workers only), or None unless HTTP 200."""
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the worker's globals

    xhr = js.XMLHttpRequest.new()
    xhr.open("GET", url, False)
    xhr.responseType = "arraybuffer"
    xhr.send()
    if xhr.status != 200:
        return None
    body: bytes = xhr.response.to_bytes()
    return body


class LazyStdlibFinder:
    """Last finder on sys.meta_path: a module of the full stdlib that the
    trimmed zip lacks is fetched (the whole python_stdlib.zip, once, by
    synchronous XHR: workers only) and then imported from it. Unknown names
    are left to fail as usual, without any download."""

    names: frozenset[str] | None = None
    mounted = False

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if FULL_STDLIB is None:
            return None
        if cls.names is None:
            cls.names = _full_names()
        if name not in cls.names:
            return None
        if not cls.mounted:
            body = _download(FULL_STDLIB)
            if body is None:
                return None
            with open(FULL_PATH, "wb") as handle:
                handle.write(body)
            sys.path.append(FULL_PATH)
            cls.mounted = True
        import importlib.machinery

        if path is not None:
            zips = [p for p in sys.path if p.endswith(".zip") and p != FULL_PATH]
            inside = [FULL_PATH + p[len(z):] for p in path for z in zips if p.startswith(z + "/")]
            path = inside or None
        return importlib.machinery.PathFinder.find_spec(name, path, target)


def after_boot(full_stdlib_url: str | None) -> None:
    """Arm the lazy finder and re-seed state that a snapshot froze."""
    global FULL_STDLIB
    FULL_STDLIB = full_stdlib_url
    random = sys.modules.get("random")
    if random is not None:
        random.seed()


if not any(isinstance(f, type) and f.__name__ == "LazyStdlibFinder" for f in sys.meta_path):
    sys.meta_path.append(LazyStdlibFinder)
