"""Build step: write the service worker's precache list into dist/sw.js.

`write(dist, build_id)` lists every file in `dist` (except sw.js itself) with
its size, SHA-256 and when the worker stores it ("install", or "use": at
the first request, for files only the fallback boot or installing the app
needs, when the build has a memory snapshot), and substitutes that list and the build id for the
placeholders of the template that build.py copied from web/sw.js. Run it
after everything else is in `dist`: a file added later is not precached and
so not available offline.

Errors: `ValueError` when the template lacks a placeholder (the template was
already filled, or is not the service worker), `FileNotFoundError` when
`dist/sw.js` is missing.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

BUILD_PLACEHOLDER = '"__KUGLER_BUILD__"'
PRECACHE_PLACEHOLDER = "/* __KUGLER_PRECACHE__ */ []"
SERVICE_WORKER = "sw.js"
# Never precached: the worker itself (the browser fetches it for update checks)
# and files no page requests.
SKIPPED_NAMES = frozenset({SERVICE_WORKER, ".nojekyll"})
SKIPPED_SUFFIXES = (".map",)
# Only the normal boot (used when the memory snapshot cannot be) and the app
# install read these: cached when first requested, not downloaded at install.
SNAPSHOT = "pyodide/kugler-snapshot.bin.gz"
ON_USE = re.compile(
    r"^(pyodide/(python_stdlib\.zip|kugler-stdlib\.(zip|json))|[^/]+\.whl|icons/.+)$")
BUILD_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def precache_entries(dist: Path) -> list[tuple[str, int, str, str]]:
    """[relative URL, size, sha256 hex, "install" | "use"] for every file the game
    may request, sorted."""
    lazy = (dist / SNAPSHOT).is_file()
    entries = []
    for path in sorted(dist.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(dist).as_posix()
        if rel in SKIPPED_NAMES or rel.endswith(SKIPPED_SUFFIXES):
            continue
        data = path.read_bytes()
        when = "use" if lazy and ON_USE.match(rel) else "install"
        entries.append((rel, len(data), hashlib.sha256(data).hexdigest(), when))
    return entries


def render(template: str, build_id: str, entries: list[tuple[str, int, str, str]]
           | list[tuple[str, int, str]]) -> str:
    """The template with the build id and the precache list filled in."""
    if not BUILD_ID.match(build_id):
        raise ValueError(f"unusable build id {build_id!r}")
    for placeholder in (BUILD_PLACEHOLDER, PRECACHE_PLACEHOLDER):
        if template.count(placeholder) != 1:
            raise ValueError(f"service worker template must hold {placeholder} exactly once")
    listing = "[\n" + "".join(f"  {json.dumps(list(e))},\n" for e in entries) + "]"
    return (template.replace(BUILD_PLACEHOLDER, json.dumps(build_id))
            .replace(PRECACHE_PLACEHOLDER, listing))


def write(dist: Path, build_id: str) -> Path:
    """Fill dist/sw.js in place for `build_id`; returns its path."""
    target = dist / SERVICE_WORKER
    entries = precache_entries(dist)
    target.write_text(render(target.read_text(encoding="utf-8"), build_id, entries),
                      encoding="utf-8")
    size = sum(e[1] for e in entries if e[3] == "install")
    later = sum(e[1] for e in entries if e[3] == "use")
    print(f"[build] {SERVICE_WORKER}: build {build_id}, {len(entries)} files "
          f"({size / 1e6:.1f} MB at install, {later / 1e6:.1f} MB at first use)", flush=True)
    return target
